"""The skirmish fragment's movement, rough ground, blinds and spotting (book/sp/movement.md, blinds.md).

Every registered mechanic of this area is checked at every point of its widget grid against a
brute-force count over the raw die faces (``itertools.product``), written here from the rules'
text and not from the engine's helpers; the swamp example is replayed with its printed dice; each
Reading toggle is shown to change what it should; refusals and the CLI's one-line errors are
checked.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from support import error_line, odds_json, run

from aot_rules.core.dice import FixedDice, SeededDice
from aot_rules.core.errors import ParamError, RuleError
from aot_rules.core.evaluate import play
from aot_rules.core.events import Roll, Said
from aot_rules.keys import Event, Law
from aot_rules.sp.rules import blinds, movement, spotting, troops
from aot_rules.sp.rules.movement import Ground, Order
from aot_rules.systems import examples, get

FACES = range(1, 7)
#: The movement table as printed (per-die bonus, extra dice); None marks the two blank cells.
TABLE = {"column": (1, 0), "line": (None, 0), "skirmish": (1, 0), "skirmish-fallback": (1, 1), "walk": (None, 0),
         "trot": (3, 0), "gallop": (3, 1)}


def brute(bonuses: list[int], cut: int = 0, shock: int = 0, *, per_die: bool = False,
          bare: bool = False) -> dict[int, Fraction]:
    """Count every way the faces can fall: each die is face + bonus − cut (or the bare face cut and
    floored first), never below 0; Shock comes off the total (or off every die)."""
    counts: Counter[int] = Counter()
    for faces in itertools.product(FACES, repeat=len(bonuses)):
        dice = []
        for f, b in zip(faces, bonuses, strict=True):
            loss = cut + (shock if per_die else 0)
            dice.append(max(0, (max(0, f - loss) + b) if bare else f + b - loss))
        total = sum(dice) if per_die else max(0, sum(dice) - shock)
        counts[total] += 1
    n = 6 ** len(bonuses)
    return {k: Fraction(v, n) for k, v in sorted(counts.items())}


def law(rule_id: str, **combo) -> dict[int, Fraction]:
    out = get(rule_id).evaluate(**combo)
    return dict(out.dists[out.main].items())


def grid(rule_id: str) -> list[dict]:
    return list(get(rule_id).grid())


# --- exact laws against brute force, over every grid point ------------------------------------------

def test_move_dice_matches_brute_force_everywhere():
    for c in grid("SP-MOVE-DICE"):
        assert law("SP-MOVE-DICE", **c) == brute([0] * c["ad"], shock=c["shock"], per_die=c["shock_per_die"]), c


def _formation_bonuses(c: dict) -> list[int]:
    bonus, extra = TABLE[str(c["order"])]
    if bonus is None:
        bonus = c["line_bonus"] if "line" in str(c["order"]) else c["walk_bonus"]
    return [bonus] * c["ad"] + [bonus if c["bonus_on_extra"] else 0] * extra


def test_formation_table_matches_brute_force_everywhere():
    points = grid("SP-MOVE-FORMATION-TABLE")
    assert len(points) == 3 * 7 * 3 * 3 * 2
    for c in points:
        assert law("SP-MOVE-FORMATION-TABLE", **c) == brute(_formation_bonuses(c)), c


def test_hero_matches_brute_force_everywhere():
    expected = {"foot": lambda c: [1, 1], "walk": lambda c: [c["walk_bonus"]] * 2, "trot": lambda c: [3, 3],
                "gallop": lambda c: [3, 3, 3 if c["bonus_on_extra"] else 0]}
    for c in grid("SP-MOVE-HERO"):
        assert law("SP-MOVE-HERO", **c) == brute(expected[str(c["mount"])](c)), c


def test_animals_match_brute_force_everywhere():
    def bonuses(c: dict) -> list[int]:
        load = str(c["load"])
        if load == "loaded":
            return [0, 0]
        if not c["relative_to_cavalry"]:
            return [-1 if "walk" in load else 1] * c["ad"]
        if "walk" in load:
            return [c["walk_bonus"] - 1] * c["ad"]
        return [4] * (c["ad"] + 1)
    for c in grid("SP-MOVE-ANIMALS"):
        assert law("SP-MOVE-ANIMALS", **c) == brute(bonuses(c)), c


def test_rough_ground_matches_brute_force_everywhere():
    for c in grid("SP-TERRAIN-ROUGH"):
        assert law("SP-TERRAIN-ROUGH", **c) == brute([c["bonus"]] * c["ad"], c["cut"], bare=c["cut_bare_die"]), c


def test_spotting_matches_brute_force_everywhere():
    for c in grid("SP-SPOT-ROLL"):
        out = get("SP-SPOT-ROLL").evaluate(**c)
        need = c["needed"] + c["harder"] - c["easier"] - (c["extra"] if c["extra_twice"] else 0)
        rolls = Counter(a + b + c["extra"] for a, b in itertools.product(FACES, FACES))
        assert dict(out.dist(Law.roll).items()) == {k: Fraction(v, 36) for k, v in sorted(rolls.items())}, c
        assert out.event(Event.spotted) == Fraction(sum(v for k, v in rolls.items() if k >= need), 36), c
        assert out.info["roll_must_reach"] == need


def test_the_index_worked_numbers():
    """The index's own dice: a column on 2 AD is 2d6 + 2, a gallop on 2 AD is 3d6 + 9, a lone Hero 2d6 + 2."""
    assert get("SP-MOVE-FORMATION-TABLE").evaluate(order="infantry column", ad=2).info["dice"].render() == "2d6 + 2"
    gallop = get("SP-MOVE-FORMATION-TABLE").evaluate(order="cavalry at gallop", ad=2)
    assert gallop.info["dice"].render() == "3d6 + 9" and gallop.dist(Law.distance).mean() == Fraction(39, 2)
    assert get("SP-MOVE-HERO").evaluate().info["dice"].render() == "2d6 + 2"
    assert law("SP-MOVE-ANIMALS", load="loaded", ad=4) == brute([0, 0])
    assert get("SP-SPOT-ROLL").evaluate(needed=7).event(Event.spotted) == Fraction(21, 36)


# --- the played face agrees with the exact law --------------------------------------------------------

@pytest.mark.parametrize("rule_id,combo", [
    ("SP-MOVE-DICE", {"ad": 3, "shock": 4}),
    ("SP-MOVE-FORMATION-TABLE", {"order": "cavalry at gallop", "ad": 2, "bonus_on_extra": False}),
    ("SP-TERRAIN-ROUGH", {"ad": 3, "cut": 2, "bonus": 1, "cut_bare_die": True}),
    ("SP-SPOT-ROLL", {"needed": 9, "extra": 1, "harder": 1, "easier": 2}),
])
def test_played_face_agrees_with_exact(rule_id, combo):
    m = get(rule_id)
    out = m.evaluate(**combo)
    rng = random.Random(7)
    n = 6000
    samples = [m.draw(rng, **combo) for _ in range(n)]
    freq = Counter(s[out.main] for s in samples)
    for o, p in out.dists[out.main].items():
        assert abs(freq[o] / n - float(p)) < 5 * (float(p) * (1 - float(p)) / n) ** 0.5 + 2 / n, (o, p)
    assert set(freq) <= set(out.dists[out.main].outcomes())


# --- the worked example ----------------------------------------------------------------------------

def test_swamp_example_replays_the_printed_dice():
    ex = examples()["SP-EX-SWAMP"]()
    assert [r.face for r in ex.log if isinstance(r, Roll)] == [6, 1]
    said = [str(e.text) for e in ex.log if isinstance(e, Said)]
    assert said[-1] == "the French Group moves 4″."
    assert "0″ (a die cannot go below 0)." in said[1]
    assert {str(k): p for k, p in ex.exact}["P(exactly 4″ on 2 dice in a swamp)"] == Fraction(7, 36)


def test_swamp_with_fixed_dice_and_other_faces():
    assert movement.play_move((0, 0), FixedDice([6, 1]), movement.SWAMP.cut) == 4
    assert movement.play_move((0, 0), FixedDice([2, 1]), movement.SWAMP.cut) == 0
    assert movement.play_move((1, 1), FixedDice([6, 1]), 2) == 5      # a column: 6+1−2 and 1+1−2
    assert movement.play_move((1, 1), FixedDice([6, 1]), 2, cut_bare_die=True) == 6  # 4+1 and 0+1
    assert movement.play_move((0, 0), FixedDice([6, 5]), shock=3) == 8
    assert movement.play_move((0, 0), FixedDice([6, 5]), shock=3, shock_per_die=True) == 5


# --- each Reading toggle changes what it should -------------------------------------------------------

def test_shock_toggle_only_matters_with_shock_and_several_dice():
    m = get("SP-MOVE-DICE")
    assert m.evaluate(ad=2, shock=0).dists == m.evaluate(ad=2, shock=0, shock_per_die=True).dists
    assert m.evaluate(ad=1, shock=2).dists == m.evaluate(ad=1, shock=2, shock_per_die=True).dists
    total, each = m.evaluate(ad=3, shock=2), m.evaluate(ad=3, shock=2, shock_per_die=True)
    assert each.dist(Law.distance).mean() < total.dist(Law.distance).mean()


def test_extra_die_toggle_only_matters_at_the_gallop_and_fast_fall_back():
    m = get("SP-MOVE-FORMATION-TABLE")
    for order, changes in [("cavalry at gallop", True), ("skirmish order falling back fast", True),
                           ("cavalry at trot", False), ("infantry column", False)]:
        on, off = m.evaluate(order=order, ad=2), m.evaluate(order=order, ad=2, bonus_on_extra=False)
        assert (on.dists != off.dists) is changes, order
    off = m.evaluate(order="cavalry at gallop", ad=2, bonus_on_extra=False).info["dice"]
    assert off.render() == "3d6 with +3, +3, +0" and off.value == (3, 3, 0)


def test_blank_cells_move_only_their_own_rows():
    m = get("SP-MOVE-FORMATION-TABLE")
    assert m.evaluate(order="infantry line", line_bonus=1).info["dice"].render() == "2d6 + 2"
    assert m.evaluate(order="infantry line", walk_bonus=2).info["dice"].render() == "2d6"
    assert m.evaluate(order="cavalry at walk", walk_bonus=2).info["dice"].render() == "2d6 + 4"
    assert m.evaluate(order="cavalry at trot", walk_bonus=2, line_bonus=1).info["dice"].render() == "2d6 + 6"
    assert all(p.blank for p in m.params if p.name.endswith("_bonus"))


def test_animal_toggle_and_rough_toggle_and_spot_toggle():
    a = get("SP-MOVE-ANIMALS")
    assert a.evaluate(load="ridden at gallop", ad=2).info["dice"].render() == "3d6 + 12"
    assert a.evaluate(load="ridden at gallop", ad=2, relative_to_cavalry=False).info["dice"].render() == "2d6 + 2"
    assert a.evaluate(load="loaded").dists == a.evaluate(load="loaded", relative_to_cavalry=False).dists
    r = get("SP-TERRAIN-ROUGH")
    assert r.evaluate(bonus=0).dists == r.evaluate(bonus=0, cut_bare_die=True).dists  # no bonus: same
    assert r.evaluate(bonus=3, cut=2).dist(Law.distance).mean() < r.evaluate(bonus=3, cut=2, cut_bare_die=True) \
        .dist(Law.distance).mean()
    s = get("SP-SPOT-ROLL")
    assert s.evaluate(extra=0).events == s.evaluate(extra=0, extra_twice=True).events
    assert s.evaluate(extra=2).event(Event.spotted) < s.evaluate(extra=2, extra_twice=True).event(Event.spotted)


# --- refusals ----------------------------------------------------------------------------------------

def test_refusals():
    with pytest.raises(ParamError):
        get("SP-MOVE-DICE").evaluate(ad=0)
    with pytest.raises(ParamError):
        get("SP-TERRAIN-ROUGH").evaluate(cut=3)
    with pytest.raises(ParamError):
        get("SP-MOVE-FORMATION-TABLE").evaluate(order="canter")
    with pytest.raises(RuleError):
        movement.order_bonuses(Order.COLUMN, 0)
    with pytest.raises(RuleError):
        movement.move_law((0,), shock=-1)
    with pytest.raises(RuleError):
        movement.limbered_gun_order(horse=False, trot=True, turn=2)
    assert movement.limbered_gun_order(horse=False, trot=True, turn=3) is Order.TROT
    assert movement.limbered_gun_order(horse=True, trot=True, turn=2) is Order.TROT
    with pytest.raises(RuleError, match="SP-TERRAIN-CAV"):
        movement.check_ground(True, Ground.VERY_ROUGH)
    movement.check_ground(False, Ground.VERY_ROUGH)
    with pytest.raises(RuleError):
        spotting.required(8, -1, 0)


# --- the rules without dice -------------------------------------------------------------------------

def test_terrain_facing_formations_and_passing_through():
    assert movement.worst_ground(Ground.OPEN, Ground.ROUGH, Ground.VERY_ROUGH, Ground.OPEN) is Ground.VERY_ROUGH
    assert [movement.turn_cost(d, True) for d in (0, 45, 90, 91, 180)] == [0, 1, 1, 2, 2]
    assert movement.turn_cost(180, False) == 0
    assert movement.reforming_distance((Fraction(1), Fraction(7, 2), Fraction(2))) == Fraction(7, 2)
    assert movement.formation_speed((9, 7, 8)) == 7
    assert movement.pass_through(True, False) == movement.PassThrough(0, True)
    assert movement.pass_through(True, True) == movement.PassThrough(1, False)
    assert movement.pass_through(False, False) == movement.PassThrough(0, False)
    assert [movement.obstacle_cost(h) for h in (1, 2)] == [1, 2]
    with pytest.raises(RuleError):
        movement.obstacle_cost(1, needs_ladders=True)
    assert movement.cavalry_must_walk(True, False) and not movement.cavalry_must_walk(False, False)
    assert [movement.gallop_breaks_formation(t) for t in (1, 2)] == [False, True]


def test_groups_and_formations():
    a, b = troops.Group(6, regiment="95th"), troops.Group(5, regiment="95th")
    assert len(troops.join((a, b)).groups) == 2
    with pytest.raises(RuleError, match="SP-FORMATION-JOIN"):
        troops.join((a, troops.Group(4, regiment="52nd")))


def test_blinds():
    assert blinds.blinds_needed(["church", "church"]) == 1       # SP-EX-BLIND-CHURCH, same orders
    assert blinds.blinds_needed(["church", "wood"]) == 2         # different orders
    assert blinds.blinds_needed(["church"] * 3) == 2
    with pytest.raises(RuleError, match="SP-BLIND-BASICS"):
        blinds.Blind(("church", "wood"))
    with pytest.raises(RuleError, match="SP-BLIND-BASICS"):
        blinds.Blind(("church",) * 3)
    assert blinds.when_spotted(blinds.Blind(kind=blinds.BlindKind.DUMMY)) == "removed"
    assert blinds.leave_blind(0, to_shoot=True, senior_hero_initiative=2) == 2
    with pytest.raises(RuleError, match="SP-BLIND-DEPLOY"):
        blinds.leave_blind(1, to_shoot=False)


def test_spotting_table_and_automatic_spotting():
    assert spotting.band(Fraction(9)) is spotting.Band.NEAR
    assert spotting.band(Fraction(19, 2)) is spotting.Band.MIDDLE
    assert spotting.band(Fraction(27)) is spotting.Band.MIDDLE
    assert spotting.table_says_auto(spotting.Cover.OPEN, spotting.Band.MIDDLE)
    assert not spotting.table_says_auto(spotting.Cover.OPEN, spotting.Band.FAR)
    assert not spotting.table_says_auto(spotting.Cover.LIGHT, spotting.Band.NEAR)
    assert spotting.auto_reveal(False, Fraction(9)) is spotting.Reveal.AT_ONCE
    assert spotting.auto_reveal(False, Fraction(10)) is spotting.Reveal.HIDDEN
    assert spotting.auto_reveal(True, Fraction(7)) is spotting.Reveal.HIDDEN
    assert spotting.auto_reveal(True, Fraction(6)) is spotting.Reveal.ON_TEA_BREAK
    roll = play(spotting.spot_roll(9, extra=1, easier=1), FixedDice([4, 3]))
    assert (roll, spotting.required(9, 0, 1, 1)) == (8, 8)
    assert play(spotting.spot_roll(9), SeededDice(1)) in range(2, 13)


# --- the command line ---------------------------------------------------------------------------------

def test_cli_json_help_and_bad_input():
    doc = odds_json("SP-MOVE-FORMATION-TABLE", "--order", "cavalry at gallop", "--ad", "2")
    assert doc["distribution"]["27"] == "1/216" and doc["dice"] == [3, 3, 3]
    assert odds_json("sp-spot-roll", "--needed", "7")["spotted"] == "7/12"
    helptext = run("odds", "SP-SPOT-ROLL", "--help").stdout
    assert "NOT IN THE SOURCE" in helptext and "--needed" in helptext
    assert "--order" in error_line("SP-MOVE-FORMATION-TABLE", "--order", "canter")
    assert "--ad" in error_line("SP-MOVE-DICE", "--ad", "0")
    assert "--cut" in error_line("SP-TERRAIN-ROUGH", "--cut", "x")
