"""The skirmish fragment's shooting, Heroes and melee: worked example, exact laws against brute force over
raw dice faces at every grid point, Readings, refusals and the CLI."""

from __future__ import annotations

import itertools
from fractions import Fraction as F
from math import ceil

import pytest
from support import error_line, odds_json, run

from aot_rules.core.dice import FixedDice
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate, play
from aot_rules.keys import Event, Law
from aot_rules.sp.rules import heroes as H
from aot_rules.sp.rules import melee as M
from aot_rules.sp.rules import shooting as S
from aot_rules.systems import examples, get

FACES = range(1, 7)


def law(pairs):
    acc: dict = {}
    for o, p in pairs:
        acc[o] = acc.get(o, F(0)) + p
    assert sum(acc.values()) == 1
    return {o: p for o, p in acc.items() if p}


def dist_dict(d):
    return dict(d.items())


def brute_volley(n: int, need: int | None, six_kills: bool = True, ambush: bool = False) -> dict:
    """Every face of every to-hit die and every effect die, written out (a miss rolls no effect die, so
    each die is a pair: to-hit face, effect face; the effect face is ignored on a miss)."""
    out = []
    for faces in itertools.product(itertools.product(FACES, FACES), repeat=n):
        hits = shock = deaths = 0
        for hit_face, eff in faces:
            if need is None or hit_face < need:
                continue
            hits += 1
            if eff == 6 and six_kills:
                deaths += 1
            elif eff >= 3:
                shock += 2 if ambush else 1
        out.append(((hits, shock, deaths), F(1, 36 ** n)))
    return law(out)


def brute_class_dice(n: int, q: S.Quality) -> int:
    return {S.Quality.ELITE: n + ceil(n / 4), S.Quality.VETERANS: n + ceil(n / 5),
            S.Quality.REGULARS: n, S.Quality.RECRUITS: n - ceil(n / 5)}[q]


def test_worked_example_sharpshooter():
    ex = examples()["SP-EX-SHARPSHOOTER"]()
    assert {str(k): p for k, p in ex.exact}["P(the aimed shot hits)"] == F(1, 3)
    out = get("SP-SHARPSHOOTER").evaluate(band="36–48″")
    assert out.event(Event.hit) == F(2, 6) and out.event(Event.spent) == F(1, 6)
    assert "given by the source" in out.info["needs"].render()
    # his to-hit input is ignored where the source gives the cell, used where it is lost
    assert get("SP-SHARPSHOOTER").evaluate(band="36–48″", to_hit=2).event(Event.hit) == F(1, 3)
    assert get("SP-SHARPSHOOTER").evaluate(band="24–36″", to_hit=3).event(Event.hit) == F(4, 6)
    assert S.play_sharpshooter(5, FixedDice([1])) is S.Aimed.SPENT
    assert S.play_sharpshooter(5, FixedDice([4])) is S.Aimed.MISS


@pytest.mark.parametrize("n", [1, 2, pytest.param(3, marks=pytest.mark.slow)])  # three shooters: the full tier
@pytest.mark.parametrize("need", [None, 2, 4, 6])
def test_volley_law_against_raw_faces(n, need):
    for six, amb in itertools.product([True, False], repeat=2):
        exact = evaluate(S.volley(n, need, six_kills=six, ambush=amb))
        assert dist_dict(exact.map(tuple)) == brute_volley(n, need, six, amb)


def test_class_dice_every_grid_point():
    m = get("SP-SHOOT-DICE-CLASS")
    for combo in m.grid():
        n = combo["shooters"]
        expect = brute_class_dice(n, combo["quality"]) if not combo["whole_groups"] else None
        got = m.evaluate(**combo)
        if expect is not None:
            assert got.info["dice rolled"] == expect
        p = F(7 - combo["to_hit"], 6)
        hits = got.dist(Law.hits)
        d = got.info["dice rolled"]
        assert hits[0] == (1 - p) ** d


def test_class_dice_reading_toggle():
    m = get("SP-SHOOT-DICE-CLASS")
    assert m.evaluate(shooters=6, quality="elite").info["dice rolled"] == 8
    assert m.evaluate(shooters=6, quality="elite", whole_groups=True).info["dice rolled"] == 7
    assert m.evaluate(shooters=4, quality="recruits", whole_groups=True).info["dice rolled"] == 4


def test_small_volleys_match_brute_force_at_grid_points():
    """The class and artillery widgets' laws, checked against raw faces where the dice are few."""
    m = get("SP-SHOOT-DICE-CLASS")
    for combo in m.grid():
        out = m.evaluate(**combo)
        if out.info["dice rolled"] > 2:
            continue
        b = brute_volley(out.info["dice rolled"], combo["to_hit"])
        for name, i in (("hits", 0), ("shock", 1), ("deaths", 2)):
            assert dist_dict(out.dists[name]) == law((k[i], p) for k, p in b.items())


def test_gun_dice_and_crew_shock():
    m = get("SP-SHOOT-DICE-ARTILLERY")
    for combo in m.grid():
        n = m.evaluate(**combo).info["dice rolled"]
        base = {"falconet": 6, "light": 10, "heavy": 12, "carronade": 18}[combo["gun"].value]
        assert n == (base if combo["shortest_band"] else base - combo["crew_shock"] // 2)


def test_mods_every_grid_point():
    m = get("SP-SHOOT-DICE-MODS")
    for combo in m.grid():
        n = combo["dice"] + combo["hero_status"] - combo["shock"] // 2 + 2 * combo["first_volley"]
        t = combo["target"]
        n += 1 if t is S.Target.FLANK else 2 if t is S.Target.SQUARE else 0
        cut = {S.Cover.NONE: 0, S.Cover.LIGHT: F(1, 2), S.Cover.HEAVY: F(3, 4)}[combo["cover"]]
        kept = ceil(n * (1 - cut)) if combo["keep_round_up"] else n - ceil(n * cut)
        out = m.evaluate(**combo)
        assert dist_dict(out.dist(Law.dice)) == {kept: 1}
        assert out.info["bonus on every die"] == combo["firing_line"] + (t in (S.Target.LINE, S.Target.FLANK,
                                                                              S.Target.SQUARE))
    assert m.evaluate(dice=7, cover="light cover").dist(Law.dice)[3] == 1
    assert m.evaluate(dice=7, cover="light cover", keep_round_up=True).dist(Law.dice)[4] == 1


def test_hit_every_grid_point_against_faces():
    m = get("SP-SHOOT-HIT")
    for combo in m.grid():
        per = F(sum(f + combo["bonus"] >= combo["to_hit"] for f in FACES), 6)
        hits = m.evaluate(**combo).dist(Law.hits)
        assert hits[0] == (1 - per) ** combo["dice"]
        assert hits.mean() == combo["dice"] * per
        if combo["dice"] <= 3:
            b = law((sum(f + combo["bonus"] >= combo["to_hit"] for f in fs), F(1, 6 ** combo["dice"]))
                    for fs in itertools.product(FACES, repeat=combo["dice"]))
            assert dist_dict(hits) == b


def test_tables_out_of_range_recovered_and_blank_cells():
    line = get("SP-SHOOT-HIT-TABLE-LINE")
    assert dist_dict(line.evaluate(weapon="carbine", band="9–18″").dist(Law.hits)) == {0: 1}
    assert line.evaluate(weapon="musket", band="0–9″", to_hit=3).dist(Law.hits)[0] == F(1, 3) ** 6
    sk = get("SP-SHOOT-HIT-TABLE-SKIRMISH")
    for t in range(2, 7):  # the recovered cell ignores the user's number
        assert sk.evaluate(weapon="rifle", band="24–36″", dice=2, to_hit=t).dist(Law.hits)[0] == F(4, 9)
    assert sk.evaluate(weapon="rifle", band="36–48″").dist(Law.hits)[0] == 1
    art = get("SP-SHOOT-HIT-TABLE-ART")
    assert art.evaluate(gun="carronade", band="18–27″").dist(Law.hits)[0] == 1
    assert art.evaluate(gun="falconet", band="0–9″", to_hit=6).dist(Law.hits)[6] == F(1, 6) ** 6
    for m in (line, sk, art):
        assert any(p.blank for p in m.inputs)
        for combo in m.grid():
            m.evaluate(**combo)


def test_hits_effects_and_readings():
    m = get("SP-SHOOT-HITS")
    for combo in m.grid():
        b = brute_volley(combo["hits"], 1, combo["six_kills"], combo["ambush"]) if combo["hits"] <= 3 else None
        out = m.evaluate(**combo)
        if b:
            assert dist_dict(out.dist(Law.deaths)) == law((k[2], p) for k, p in b.items())
            assert dist_dict(out.dist(Law.shock)) == law((k[1], p) for k, p in b.items())
        assert out.dist(Law.deaths).mean() == (F(combo["hits"], 6) if combo["six_kills"] else 0)
    assert m.evaluate(hits=1).dist(Law.deaths)[1] == F(1, 6)
    assert m.evaluate(hits=1, six_kills=False).dist(Law.shock)[1] == F(4, 6)
    assert m.evaluate(hits=1, ambush=True).dist(Law.shock)[2] == F(1, 2)


def test_hero_hit_and_wound_every_grid_point():
    m = get("SP-HERO-HIT")
    for combo in m.grid():
        sides = 6 if combo["skirmish_fire"] else 10
        fates = law(((H.Wound.UNHURT if a > combo["killed"] else
                      H.Wound.LIGHT if w <= 3 else H.Wound.KILLED if w == 6 and combo["six_kills"] else
                      H.Wound.SEVERE), F(1, 6 * sides)) for a in range(1, sides + 1) for w in FACES)
        assert dist_dict(m.evaluate(**combo).dist(Law.hero)) == fates
    w = get("SP-HERO-WOUND")
    assert dist_dict(w.evaluate().dist(Law.wound)) == {H.Wound.LIGHT: F(1, 2), H.Wound.SEVERE: F(1, 3),
                                                      H.Wound.KILLED: F(1, 6)}
    assert H.Wound.KILLED not in dist_dict(w.evaluate(six_kills=False).dist(Law.wound))
    dice = FixedDice([2, 6])
    assert play(H.hero_fate(2, False), dice) is H.Wound.KILLED and dice.exhausted()


def test_replace_every_grid_point_and_blank():
    m = get("SP-HERO-REPLACE")
    assert m.param("recruits_from").blank
    for combo in m.grid():
        need = 1 if combo["last_hero"] else {"elite": 3, "veterans": 4, "regulars": 5}.get(
            combo["quality"].value, combo["recruits_from"])
        assert m.evaluate(**combo).dist(Law.replaced)[True] == F(sum(f >= need for f in FACES), 6)
    assert m.evaluate(quality="recruits").dist(Law.replaced)[True] == F(1, 6)


def test_rider_chain_against_raw_faces():
    for skill in H.Skill:
        pairs = []
        for a, b, c, d in itertools.product(FACES, repeat=4):
            if a >= 4:
                o = H.Mounted.RIDER
            elif b <= 4:
                o = H.Mounted.MOUNT_DEAD
            elif b == 5:
                o = H.Mounted.SHRUGS
            elif c <= 3:
                o = H.Mounted.BOLTS
            else:
                t = d + H.SKILL_MOD[skill]
                o = (H.Mounted.PINNED if t <= 2 else H.Mounted.STUNNED if t == 3 else
                     H.Mounted.THROWN if t <= 5 else H.Mounted.FEET)
            pairs.append((o, F(1, 6 ** 4)))
        assert dist_dict(get("SP-SHOOT-RIDER").evaluate(skill=skill).dist(Law.fate)) == law(pairs)
    fall = get("SP-HERO-RIDER-SKILL")
    assert fall.evaluate(skill="skilled rider").dist(Law.fall)[H.Fall.PINNED] == F(1, 6)
    assert fall.evaluate(skill="novice").dist(Law.fall)[H.Fall.PINNED] == F(1, 2)


def _kills(faces) -> int:
    return sum(f == 6 for f in faces)


def test_capture_every_small_grid_point():
    m = get("SP-HERO-CAPTURE")
    for combo in m.grid():
        h, g = combo["hero_dice"], combo["group_dice"]
        out = dist_dict(m.evaluate(**combo).dist(Law.capture))
        if g >= 4 * h:
            assert out == {H.Capture.BY_ODDS: 1}
        elif h + g <= 6:
            b = law(((H.Capture.LOST if _kills(fs[:h]) < _kills(fs[h:]) else H.Capture.DRAW
                      if _kills(fs[:h]) == _kills(fs[h:]) else H.Capture.WON), F(1, 6 ** (h + g)))
                    for fs in itertools.product(FACES, repeat=h + g))
            assert out == b


def test_melee_roll_and_cli():
    m = get("SP-MELEE-ROLL")
    for n in range(0, 5):
        b = law(((_kills(fs), sum(f == 5 for f in fs)), F(1, 6 ** n)) for fs in itertools.product(FACES, repeat=n))
        exact = evaluate(M.strike(n))
        assert dist_dict(exact.map(tuple)) == b
    for combo in m.grid():
        assert m.evaluate(**combo).dist(Law.kills).mean() == F(combo["dice"], 6)
    doc = odds_json("SP-MELEE-ROLL", "--dice", "3")
    assert doc["distribution"] == {"0": "125/216", "1": "25/72", "2": "5/72", "3": "1/216"}
    assert "shock" in doc


def test_melee_pool_and_percent_readings():
    m = get("SP-MELEE-DICE")
    for combo in m.grid():
        c = combo
        per_hero = c["other_heroes"] * (c["other_status"] // 2)
        pooled = (c["other_heroes"] * c["other_status"]) // 2
        n = (c["men"] + c["leader_status"] + c["fury"] + (pooled if c["pooled_status"] else per_hero)
             + 2 * c["quality_edge"] - c["shock"] + 2 * c["aggressive"] + c["supporting_ranks"]
             + {M.GroupKind.GUARDS: 2, M.GroupKind.WORN_OUT: -2}.get(c["kind"], 0))
        assert m.evaluate(**combo).info["melee dice"] == max(0, n)
    assert m.evaluate(men=6, other_heroes=2, other_status=3).info["melee dice"] == 8
    assert m.evaluate(men=6, other_heroes=2, other_status=3, pooled_status=True).info["melee dice"] == 9
    p = get("SP-MELEE-MODS-PCT")
    for combo in p.grid():
        n, b, q = combo["dice"], combo["bonus_pct"], combo["penalty_pct"]
        if combo["separately"]:
            want = n + (n * b) // 100 - ceil(F(n * q, 100))
        else:
            want = n + (n * (b - q)) // 100 if b >= q else n - ceil(F(n * (q - b), 100))
        assert p.evaluate(**combo).info["melee dice"] == max(0, want)
    assert M.percent_pool(9, 33, 50) == 7 and M.percent_pool(9, 33, 50, separately=True) == 6


def test_melee_result_against_raw_faces_and_overwhelm():
    m = get("SP-MELEE-RESULT")
    for combo in m.grid():
        a, b, r = combo["a_dice"], combo["b_dice"], combo["recruits"]
        out = m.evaluate(**combo).dist(Law.result)
        if a >= (3 if r is M.Swamp.B else 4) * b:
            assert dist_dict(out) == {M.Result.B_SWAMPED: 1}
        elif b >= (3 if r is M.Swamp.A else 4) * a:
            assert dist_dict(out) == {M.Result.A_SWAMPED: 1}
        elif a + b <= 6:
            bands = list(M.Result)
            want = law((bands[5 + max(-4, min(4, _kills(fs[:a]) - _kills(fs[a:])))], F(1, 6 ** (a + b)))
                       for fs in itertools.product(FACES, repeat=a + b))
            assert dist_dict(out) == want
    eq = m.evaluate(a_dice=6, b_dice=6)
    assert eq.event(Event.a_back) == eq.event(Event.b_back)
    assert eq.event(Event.a_back) * 2 + eq.event(Event.again) == 1
    assert m.evaluate(a_dice=3, b_dice=1, recruits="B").dist(Law.result)[M.Result.B_SWAMPED] == 1
    assert m.evaluate(a_dice=3, b_dice=1).dist(Law.result)[M.Result.B_SWAMPED] == 0


def test_bad_input_raises_rule_errors():
    with pytest.raises(RuleError):
        S.class_dice(-1, S.Quality.ELITE)
    with pytest.raises(RuleError):
        M.fight(0, 3)
    with pytest.raises(RuleError):
        H.capture(0, 3)
    with pytest.raises(RuleError):
        M.melee_pool(-1)
    with pytest.raises(RuleError):
        get("SP-SHOOT-HIT").evaluate(dice=99)


def test_cli_refusals_are_one_line():
    assert "--dice" in error_line("SP-MELEE-ROLL", "--dice", "x")
    assert "--to-hit" in error_line("SP-SHOOT-HIT", "--to-hit", "9")
    assert "--quality" in error_line("SP-SHOOT-DICE-CLASS", "--quality", "heroic")
    helptext = run("odds", "SP-SHOOT-HIT", "--help").stdout
    assert "NOT IN THE SOURCE" in helptext
