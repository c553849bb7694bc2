"""Batalist magic: the casting roll and miscast, the spells' exact laws against brute force over raw
dice faces at every grid point, the readings' toggles, the played faces with scripted dice, refusals,
and the CLI."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from functools import cache
from typing import Any

import pytest
from support import error_line, odds_json

from aot_rules.bat.examples.magic import fireball_example
from aot_rules.bat.rules.activation import ap_exact
from aot_rules.bat.rules.combat import Sign, Volley, volley_exact
from aot_rules.bat.rules.magic import (
    CastRoll,
    Deluge,
    Spell,
    cast_roll_exact,
    check_beast,
    check_cast,
    cloud_quality,
    deluge,
    fireball_exact,
    play_cast_roll,
    play_fireball,
    shield_defence,
    sloth_quality,
    spell_size,
    summon,
    summon_exact,
    tailwind_range,
    terror,
    terror_exact,
)
from aot_rules.bat.rules.morale import Band, Coward, morale_exact
from aot_rules.bat.rules.profile import Profile, Skill
from aot_rules.core.dice import FixedDice
from aot_rules.core.dist import Dist
from aot_rules.core.errors import ParamError, RuleError
from aot_rules.core.evaluate import evaluate
from aot_rules.core.evaluate import play as play_proc
from aot_rules.core.events import Roll, Said
from aot_rules.keys import Event, Law
from aot_rules.systems import examples, get

FACES = range(1, 7)
SIXTH = Fraction(1, 6)
MAGE = Profile("Mage", 3, 6, 1, 0, 0, 1, frozenset({Skill.MAGE}))
MINE = ("BAT-MAGIC-MISCAST", "BAT-SPELL-FIREBALL", "BAT-SPELL-ICE-RAIN", "BAT-SPELL-SUMMON",
        "BAT-SPELL-DEATH-LAKE", "BAT-SPELL-TERROR")


def law(weights: Iterable[tuple[Any, Fraction]]) -> Dist[Any]:
    acc: Counter[Any] = Counter()
    for outcome, w in weights:
        acc[outcome] += w
    return Dist(dict(acc))


# --- brute force over raw faces ---------------------------------------------------------------

def brute_cast(q: int, bearer: bool, saves: bool) -> Dist[CastRoll]:
    """Every first roll, and every face of the re-roll where one is taken, with the stated policy."""
    ap_of = (CastRoll.AP0, CastRoll.AP1, CastRoll.AP2, CastRoll.AP3)
    out: list[tuple[CastRoll, Fraction]] = []
    for roll in itertools.product(FACES, repeat=3):
        w = SIXTH ** 3
        if roll == (1, 1, 1):
            if not (bearer and saves):
                out.append((CastRoll.MISCAST, w))
            else:
                for r in FACES:
                    out.append((CastRoll.MISCAST if r == 1 else ap_of[sum(f <= q for f in (r, 1, 1))], w * SIXTH))
            continue
        passes = sum(f <= q for f in roll)
        fails = [i for i, f in enumerate(roll) if f > q]
        others = sorted(roll[j] for j in range(3) if fails and j != fails[0])
        if bearer and fails and others != [1, 1]:
            for r in FACES:
                out.append((ap_of[passes + (r <= q)], w * SIXTH))
        else:
            out.append((ap_of[passes], w))
    return law(out)


def brute_fireball(ap: int, q: int, figures: int) -> Dist[tuple[int, bool]]:
    return law(((min(sum(f > q for f in roll), figures), sum(f > q for f in roll) >= figures), SIXTH ** ap)
               for roll in itertools.product(FACES, repeat=ap))


def brute_summon(ap: int) -> Dist[int]:
    return law((3 * sum(roll), SIXTH ** ap) for roll in itertools.product(FACES, repeat=ap))


def brute_morale(q: int, n: int, coward: Coward, reroll: bool) -> Dist[tuple[int, Band]]:
    """One test on raw faces: the dice a Coward rolls, one failed die rolled again, automatic failures, the cap."""
    rolled = n - 1 if coward in (Coward.COMBINED, Coward.FEWER_DICE) else n
    auto = 1 if coward in (Coward.COMBINED, Coward.AUTO_FAILURE) else 0
    bands = {0: Band.HOLDS, 1: Band.STEP_BACK, 2: Band.FALL_BACK}
    out: list[tuple[tuple[int, Band], Fraction]] = []
    for roll in itertools.product(FACES, repeat=rolled):
        w = SIXTH ** rolled
        fails = sum(f > q for f in roll)
        agains = [(fails - 1 + (r > q), SIXTH) for r in FACES] if reroll and fails else [(fails, Fraction(1))]
        for k, wr in agains:
            total = min(n, k + auto)
            out.append(((total, bands.get(total, Band.FLEES)), w * wr))
    return law(out)


@cache
def brute_one_base(defence: int, q: int, sign: Sign) -> Dist[tuple[bool, bool, bool]]:
    """One struck base: the caster's die and the base's die, then (if struck double) its three morale dice."""
    out: list[tuple[tuple[bool, bool, bool], Fraction]] = []
    for x, y in itertools.product(FACES, repeat=2):
        total, guard = x + 3, y + defence
        hit = total > guard if sign is Sign.GREATER else total >= guard
        double = hit and total >= 2 * guard
        if not double:
            out.append(((hit, False, False), SIXTH ** 2))
            continue
        for m in itertools.product(FACES, repeat=3):
            out.append(((True, True, all(f > q for f in m)), SIXTH ** 5))
    return law(out)


def brute_deluge(bases: int, defence: int, q: int, sign: Sign) -> Dist[Deluge]:
    one = brute_one_base(defence, q, sign).items()
    out = []
    for combo in itertools.product(one, repeat=bases):
        w = Fraction(1)
        for _, p in combo:
            w *= p
        out.append((Deluge(sum(o[0] for o, _ in combo), sum(o[1] for o, _ in combo), sum(o[2] for o, _ in combo)),
                    w))
    return law(out)


# --- exact = brute force at every grid point of every mechanic ----------------------------------

def grid(rule_id: str) -> list[dict[str, Any]]:
    return list(get(rule_id).grid())


def test_miscast_matches_brute_force_at_every_grid_point() -> None:
    m = get("BAT-MAGIC-MISCAST")
    for combo in grid("BAT-MAGIC-MISCAST"):
        out = m.evaluate(**combo)
        brute = brute_cast(combo["quality"], combo["standard_bearer"], combo["bearer_saves"])
        assert out.dist(Law.roll) == brute, combo
        assert out.event(Event.miscast) == brute[CastRoll.MISCAST]


def test_fireball_matches_brute_force_at_every_grid_point() -> None:
    m = get("BAT-SPELL-FIREBALL")
    for combo in grid("BAT-SPELL-FIREBALL"):
        brute = brute_fireball(combo["ap"], combo["target_quality"], combo["figures"])
        out = m.evaluate(**combo)
        assert out.dist(Law.lost) == brute.map(lambda r: r[0]), combo
        assert out.event(Event.destroyed) == brute.prob(lambda r: r[1]), combo


def test_summon_matches_brute_force_at_every_grid_point() -> None:
    m = get("BAT-SPELL-SUMMON")
    for combo in grid("BAT-SPELL-SUMMON"):
        brute = brute_summon(combo["ap"])
        out = m.evaluate(**combo)
        assert out.dist(Law.budget) == brute, combo
        assert out.event(Event.enough) == brute.p_ge(combo["wanted"]), combo


def test_terror_matches_brute_force_at_every_grid_point() -> None:
    m = get("BAT-SPELL-TERROR")
    for combo in grid("BAT-SPELL-TERROR"):
        brute = brute_morale(combo["target_quality"], combo["ap"], Coward(combo["coward"]), combo["standard_bearer"])
        out = m.evaluate(**combo)
        assert out.dist(Law.failures) == brute.map(lambda r: r[0]), combo
        assert out.dist(Law.band) == brute.map(lambda r: r[1]), combo


@pytest.mark.parametrize("rule_id", ["BAT-SPELL-ICE-RAIN", "BAT-SPELL-DEATH-LAKE"])
def test_strength_three_spells_match_brute_force_at_every_grid_point(rule_id: str) -> None:
    m = get(rule_id)
    for combo in grid(rule_id):
        brute = brute_deluge(combo["bases"], combo["defence"], combo["quality"], Sign(combo["sign"]))
        out = m.evaluate(**combo)
        for name in ("hit", "tested", "fled"):
            assert out.dists[name] == brute.marginal(name), (combo, name)
        assert out.event(Event.any_fled) == brute.prob(lambda d: d.fled > 0), combo


def test_the_widget_grids_stay_modest() -> None:
    for rid in MINE:
        assert 1 < len(grid(rid)) <= 500, rid


# --- the rules agree with the rules they are built on --------------------------------------------

@pytest.mark.parametrize("q", range(1, 6))
def test_without_a_bearer_the_casting_roll_is_the_activation_roll(q: int) -> None:
    """Three 1s are a 3-AP roll, turned into a miscast: folding them back gives BAT-ACTIVATION's law."""
    folded = cast_roll_exact(q).map(lambda r: 3 if r is CastRoll.MISCAST else
                                    (CastRoll.AP0, CastRoll.AP1, CastRoll.AP2, CastRoll.AP3).index(r))
    assert folded == ap_exact(q)


def test_the_miscast_is_one_in_216_for_every_quality_and_a_bearer_only_lowers_it() -> None:
    for q in range(0, 6):
        assert cast_roll_exact(q)[CastRoll.MISCAST] == Fraction(1, 216)
        assert cast_roll_exact(q, standard_bearer=True)[CastRoll.MISCAST] == Fraction(1, 1296)
        assert cast_roll_exact(q, standard_bearer=True, bearer_saves=False)[CastRoll.MISCAST] == Fraction(1, 216)


def test_a_quality_one_mage_never_lives_with_three_ap() -> None:
    assert cast_roll_exact(1)[CastRoll.AP3] == 0
    assert cast_roll_exact(5)[CastRoll.AP3] == Fraction(125, 216) - Fraction(1, 216)


def test_terror_is_the_morale_test_with_ap_dice() -> None:
    for ap in (1, 2, 3):
        for q in range(0, 6):
            assert terror_exact(ap, q) == morale_exact(q, ap)
            flee = terror_exact(ap, q).prob(lambda m: m.band is Band.FLEES)
            assert (flee > 0) == (ap == 3), (ap, q)  # only three dice can reach three failures
    assert terror_exact(3, 4).prob(lambda m: m.band is Band.FLEES) == Fraction(1, 27)


def test_the_strength_three_spells_hit_like_a_ranged_three_volley() -> None:
    for bases, defence in itertools.product((1, 3), range(0, 7)):
        volley = volley_exact(bases, 3, defence)
        mine = evaluate(deluge(bases, defence, 3))
        assert mine.map(lambda d: Volley(d.hit, d.tested)) == volley
    assert evaluate(deluge(1, 3, 3)).prob(lambda d: d.hit > 0) == Fraction(5, 12)


def test_fireball_test_vector() -> None:
    """BAT-TV-FIREBALL: 3 AP against Quality 2 burns 2 figures on average."""
    assert fireball_exact(3, 2, 6).marginal("lost").mean() == 2
    assert fireball_exact(3, 2, 2).prob(lambda r: r.destroyed) == Fraction(20, 27)


def test_summon_budget_ranges() -> None:
    for ap, (lo, hi, mean) in {1: (3, 18, Fraction(21, 2)), 2: (6, 36, 21), 3: (9, 54, Fraction(63, 2))}.items():
        b = summon_exact(ap)
        assert (min(b), max(b), b.mean()) == (lo, hi, mean)


# --- the readings' toggles change what they should ---------------------------------------------------

def test_the_bearer_reading_changes_only_a_mage_with_a_bearer() -> None:
    m = get("BAT-MAGIC-MISCAST")
    assert m.evaluate(standard_bearer=True).event(Event.miscast) == Fraction(1, 1296)
    assert m.evaluate(standard_bearer=True, bearer_saves=False).event(Event.miscast) == Fraction(1, 216)
    assert m.evaluate(bearer_saves=False).dist(Law.roll) == m.evaluate().dist(Law.roll)


@pytest.mark.parametrize("rule_id", ["BAT-SPELL-ICE-RAIN", "BAT-SPELL-DEATH-LAKE"])
def test_the_sign_reading_makes_ties_hit(rule_id: str) -> None:
    m = get(rule_id)
    strict = m.evaluate(bases=1, defence=3).event(Event.any_hit)
    loose = m.evaluate(bases=1, defence=3, sign="greater-or-equal").event(Event.any_hit)
    assert (strict, loose) == (Fraction(5, 12), Fraction(7, 12))


def test_the_coward_reading_changes_terror() -> None:
    m = get("BAT-SPELL-TERROR")
    flee = {c: m.evaluate(ap=3, target_quality=3, coward=c.value).event(Event.flees) for c in Coward}
    assert flee[Coward.NONE] == Fraction(1, 8)
    assert flee[Coward.AUTO_FAILURE] == Fraction(1, 2)  # two of three dice must fail
    assert flee[Coward.FEWER_DICE] == 0  # two dice cannot make three failures
    assert flee[Coward.COMBINED] == Fraction(1, 4)


# --- played faces with scripted dice --------------------------------------------------------------

def play(fn: Any, rolls: list[int], *args: Any, **kwargs: Any) -> tuple[Any, FixedDice]:
    dice = FixedDice(rolls)
    result = fn(*args, dice, **kwargs)
    assert dice.exhausted(), "the rule rolled fewer dice than scripted"
    return result, dice


def played(proc: Any, rolls: list[int]) -> tuple[Any, FixedDice]:
    """Play a dice procedure on scripted faces, every one of which it must roll."""
    dice = FixedDice(rolls)
    result = play_proc(proc, dice)
    assert dice.exhausted(), "the rule rolled fewer dice than scripted"
    return result, dice


def test_played_casting_roll() -> None:
    assert play(play_cast_roll, [1, 1, 1], 3)[0] is CastRoll.MISCAST
    assert play(play_cast_roll, [1, 1, 1, 1], 3, standard_bearer=True)[0] is CastRoll.MISCAST
    assert play(play_cast_roll, [1, 1, 1, 4], 3, standard_bearer=True)[0] is CastRoll.AP2
    assert play(play_cast_roll, [1, 1, 1, 2], 3, standard_bearer=True)[0] is CastRoll.AP3
    assert play(play_cast_roll, [1, 1, 1], 3, standard_bearer=True, bearer_saves=False)[0] is CastRoll.MISCAST
    assert play(play_cast_roll, [1, 1, 5], 3, standard_bearer=True)[0] is CastRoll.AP2  # keeps the 5
    assert play(play_cast_roll, [2, 6, 5, 5], 3, standard_bearer=True)[0] is CastRoll.AP1  # 6 re-rolled as 5
    assert play(play_cast_roll, [2, 6, 5, 1], 3, standard_bearer=True)[0] is CastRoll.AP2
    assert play(play_cast_roll, [6, 6, 6], 3)[0] is CastRoll.AP0


def test_played_fireball_and_summon_and_terror() -> None:
    (lost, destroyed), dice = play(play_fireball, [3, 4, 6], 3, 3, 2)
    assert (lost, destroyed) == (2, True)
    assert [r.effect.value for r in dice.events(Roll)] == ["", "hit", "hit"]
    assert played(summon(2), [2, 5])[0] == 21
    m, dice = played(terror(3, 3), [4, 6, 5])
    assert m.band is Band.FLEES
    assert any("Terror with 3 AP" in str(s.text) for s in dice.events(Said))
    m, _ = played(terror(1, 5), [6])
    assert m.band is Band.STEP_BACK


def test_played_ice_rain() -> None:
    # base 1: 6 + 3 = 9 against 1 + 2 = 3 (double: tests, rolls 6 6 6 and flees); base 2: 1 + 3 against 6 + 2
    result, _ = played(deluge(2, 2, 3), [6, 1, 1, 6, 6, 6, 6])
    assert result == Deluge(hit=1, tested=1, fled=1)


def test_the_worked_example_replays() -> None:
    ex = fireball_example()
    assert examples()["BAT-EX-FIREBALL"] is fireball_example
    assert ex.illustrative_dice
    assert [r.face for r in ex.log if isinstance(r, Roll)] == [1, 3, 5, 4, 2]
    said = " ".join(str(e.text) for e in ex.log if isinstance(e, Said))
    assert "2 AP for its spell" in said and "loses 1 of its 3 figures" in said
    assert {str(k): p for k, p in ex.exact} == {"P(the Mage dies on its activation roll)": Fraction(1, 216),
                              "P(a 2-AP Fireball costs a Quality-2 base at least one figure)": Fraction(8, 9)}


# --- the spells with no dice, and refusals ---------------------------------------------------------------

def test_the_spells_without_dice() -> None:
    assert sloth_quality(3, 3) == 0 and sloth_quality(2, 3) == -1  # no floor
    assert cloud_quality(3) == 2
    assert shield_defence(2, 2) == 4
    assert tailwind_range(8, 3) == 11
    assert spell_size(Spell.ICE_RAIN, 3) == 3
    assert {s.rule_id for s in Spell} == {
        "BAT-SPELL-FIREBALL", "BAT-SPELL-ICE-RAIN", "BAT-SPELL-SUMMON", "BAT-SPELL-OBSTACLE", "BAT-SPELL-DEATH-LAKE",
        "BAT-SPELL-DEATH-CLOUD", "BAT-SPELL-TERROR", "BAT-SPELL-SLOTH", "BAT-SPELL-SHIELD", "BAT-SPELL-TAILWIND"}


def test_casting_refusals() -> None:
    assert check_cast(MAGE, Spell.TERROR, 3, ap_rolled=3) == 3
    archer = Profile("Archers", 3, 6, 1, 2, 12, 1)
    cases = [(lambda: check_cast(archer, Spell.FIREBALL, 1, ap_rolled=2), "no Mage skill"),
             (lambda: check_cast(MAGE, Spell.FIREBALL, 1, ap_rolled=2, touching_enemy=True), "touches an enemy"),
             (lambda: check_cast(MAGE, Spell.FIREBALL, 3, ap_rolled=2), "rolled 2 AP"),
             (lambda: check_cast(MAGE, Spell.FIREBALL, 0, ap_rolled=2), "1 to 3 action points"),
             (lambda: spell_size(Spell.FIREBALL, 2), "no template"),
             (lambda: fireball_exact(4, 3, 4), "1 to 3 action points"),
             (lambda: summon_exact(0), "1 to 3 action points"),
             (lambda: terror_exact(4, 3), "1 to 3 action points"),
             (lambda: evaluate(deluge(0, 3, 3)), "1 to 8 bases"),
             (lambda: fireball_exact(2, 3, 0), "at least one figure")]
    for call, words in cases:
        with pytest.raises(RuleError) as e:
            call()
        assert words in e.value.message, e.value.message


def test_the_beast_must_fit_its_budget() -> None:
    beast = Profile("Cave bear", 3, 5, 4, 0, 0, 3)
    assert check_beast(beast, 15) is beast
    with pytest.raises(RuleError, match="over the budget 12"):
        check_beast(beast, 12)
    with pytest.raises(RuleError, match="no skills"):
        check_beast(Profile("Griffon", 3, 8, 3, 0, 0, 2, frozenset({Skill.FLYING})), 54)


def test_bad_parameters_raise_param_errors() -> None:
    with pytest.raises(ParamError) as e:
        get("BAT-SPELL-FIREBALL").evaluate(ap=4)
    assert e.value.param == "ap"
    with pytest.raises(ParamError):
        get("BAT-SPELL-TERROR").evaluate(coward="brave")


# --- the CLI --------------------------------------------------------------------------------------------

def test_cli_answers_and_refuses() -> None:
    doc = odds_json("BAT-SPELL-FIREBALL", "--ap", "3", "--target-quality", "2", "--figures", "6")
    assert doc["distribution"] == {"0": "1/27", "1": "2/9", "2": "4/9", "3": "8/27"}
    doc = odds_json("BAT-MAGIC-MISCAST", "--standard-bearer")
    assert doc["miscast"] == "1/1296" and doc["roll"]["miscast"] == "1/1296"
    assert doc["distribution"] == doc["ap"]
    assert "--ap" in error_line("BAT-SPELL-FIREBALL", "--ap", "4")
    assert "--sign" in error_line("BAT-SPELL-ICE-RAIN", "--sign", "sideways")
