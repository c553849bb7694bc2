"""Batalist combat and morale: brute force over raw dice faces, the Readings, the book's examples, refusals.

The brute-force oracles here are written from the source's tables, not from the engine: each
enumerates every face of every die the rule rolls (``itertools.product``) and applies the rule
literally, and the registered mechanic must agree on every point of its widget grid.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from support import error_line, odds_json, tiers

from aot_rules.bat.examples.combat import EXAMPLES
from aot_rules.bat.rules.combat import (
    Double,
    Facing,
    Figures,
    Height,
    Sign,
    Strike,
    exchange_of,
    melee_exact,
    melee_mods,
    play_melee,
    shot,
    shot_exact,
    strike_exact,
    volley,
    volley_exact,
)
from aot_rules.bat.rules.morale import Band, Coward, Morale, morale_exact, play_morale
from aot_rules.core.dice import FixedDice
from aot_rules.core.errors import ParamError, RuleError
from aot_rules.core.evaluate import play
from aot_rules.core.events import Roll, Said
from aot_rules.keys import Event, Law
from aot_rules.systems import get

FACES = range(1, 7)


def law(counts: Counter, total: int) -> dict[Any, Fraction]:
    return {k: Fraction(v, total) for k, v in counts.items() if v}


def dist_dict(d: Any) -> dict[Any, Fraction]:
    return dict(d.items())


def judged(total: int, guard: int, at_least_sign: bool, strict_double: bool) -> str:
    """The source's comparison, written out again: 'none', 'hit' or 'double'."""
    if not (total >= guard if at_least_sign else total > guard):
        return "none"
    return "double" if (total > 2 * guard if strict_double else total >= 2 * guard) else "hit"


# The source's modifier tables (§9), typed in here independently of the engine.
MELEE_TABLE = {  # situation -> (attacker Melee, attacker Defence, defender Melee, defender Defence)
    ("figures", "more"): (2, 0, -2, 0), ("figures", "fewer"): (-1, 0, 1, 0), ("figures", "equal"): (0, 0, 0, 0),
    ("facing", "front"): (0, 0, 0, 0), ("facing", "flank"): (0, 0, 0, -1), ("facing", "rear"): (0, 0, 0, -2),
    ("height", "level"): (0, 0, 0, 0), ("height", "higher"): (0, 1, 0, -1), ("height", "lower"): (0, -1, 0, 1),
}


def brute_melee(c: dict[str, Any]) -> dict[str, Fraction]:
    am, ad, bm, bd = c["a_melee"], c["a_defence"], c["b_melee"], c["b_defence"]
    for key in ("figures", "facing", "height"):
        dam, dad, dbm, dbd = MELEE_TABLE[(key, str(c[key]))]
        am, ad, bm, bd = am + dam, ad + dad, bm + dbm, bd + dbd
    ad -= c["a_extra"]
    bd -= c["b_extra"]
    am += c["a_giant"] and not c["b_giant"]
    bm += c["b_giant"] and not c["a_giant"]
    strict = c["more_than_double"]
    counts: Counter = Counter()
    n = 4 if c["separate_dice"] else 2
    for faces in itertools.product(FACES, repeat=n):
        xa, xd, ya, yd = (faces if n == 4 else (faces[0], faces[0], faces[1], faces[1]))
        d = judged(xa + am, yd + bd, False, strict)
        a = judged(ya + bm, xd + ad, False, strict)
        counts[(d, a)] += 1
    return law(counts, 6**n)


STRIKES = {"none": Strike.NONE, "hit": Strike.HIT, "double": Strike.DOUBLE}


def test_the_nine_exchanges_are_distinct() -> None:
    named = {exchange_of(d, a) for d in Strike for a in Strike}
    assert len(named) == 9


@pytest.mark.parametrize("rule_id", ["BAT-MELEE-DAMAGE", "BAT-MELEE-MODS"])
def test_melee_matches_brute_force_on_every_grid_point(rule_id: str) -> None:
    m = get(rule_id)
    points = list(m.grid())
    assert len(points) > 50
    for c in points:
        out = m.evaluate(**c)
        want: Counter = Counter()
        for (d, a), p in brute_melee(c).items():
            want[exchange_of(STRIKES[d], STRIKES[a])] += p
        assert dist_dict(out.dist(Law.exchange)) == dict(want), c
        assert out.event(Event.defender_morale) == sum((p for (d, _), p in brute_melee(c).items() if d == "double"),
                                                    Fraction(0)), c


def brute_shot(c: dict[str, Any]) -> dict[tuple[bool, str], Fraction]:
    r, d = c["ranged"], c["defence"]
    if c["target_more"]:
        r, d = r - 1, d + 1
    d += {"front": 0, "flank": -1, "rear": -2}[str(c["facing"])] - c["target_giant"]
    die = {"level": 0, "higher": 1, "lower": -1}[str(c["height"])]
    at_least = c["sign"] is Sign.AT_LEAST or c["sign"] == "greater-or-equal"
    counts: Counter = Counter()
    range_faces = FACES if die else (0,)
    for h in range_faces:
        for x, y in itertools.product(FACES, FACES):
            if c["distance"] > c["range_steps"] + die * h:
                counts[(False, "none")] += 1
            else:
                counts[(True, judged(x + r, y + d, at_least, c["more_than_double"]))] += 1
    return law(counts, 36 * len(range_faces))


@pytest.mark.parametrize("rule_id", ["BAT-SHOOT-DAMAGE", "BAT-SHOOT-MODS"])
def test_shooting_matches_brute_force_on_every_grid_point(rule_id: str) -> None:
    m = get(rule_id)
    names = {Strike.NONE: "none", Strike.HIT: "hit", Strike.DOUBLE: "double"}
    refused = 0
    for c in m.grid():
        want = brute_shot(c)
        if c["ranged"] == 0 or not any(k[0] for k in want):
            with pytest.raises(RuleError):
                m.evaluate(**c)
            refused += 1
            continue
        out = m.evaluate(**c)
        got = {names[s]: p for s, p in out.dist(Law.target).items()}
        flat: Counter = Counter()
        for (_, s), p in want.items():
            flat[s] += p
        assert got == {k: v for k, v in flat.items() if v}, c
        if "in_range" in out.events:
            assert out.event(Event.in_range) == sum((p for k, p in want.items() if k[0]), Fraction(0)), c
        else:
            assert all(k[0] for k in want), c
    assert refused or rule_id == "BAT-SHOOT-DAMAGE"  # the modifiers' grid holds out-of-range distances


def brute_volley(bases: int, r: int, d: int, one_die: bool) -> dict[tuple[int, int], Fraction]:
    counts: Counter = Counter()
    n = 1 + bases if one_die else 2 * bases
    for faces in itertools.product(FACES, repeat=n):
        hit = morale = 0
        for i in range(bases):
            x, y = (faces[0], faces[1 + i]) if one_die else (faces[2 * i], faces[2 * i + 1])
            j = judged(x + r, y + d, False, False)
            hit += j != "none"
            morale += j == "double"
        counts[(hit, morale)] += 1
    return law(counts, 6**n)


@pytest.mark.parametrize("step", tiers(7, 1))  # every 7th grid point in the fast tier, every one in make test
@pytest.mark.parametrize("rule_id", ["BAT-SKILL-AREA", "BAT-SKILL-STREAM"])
def test_template_fire_matches_brute_force_on_every_grid_point(rule_id: str, step: int) -> None:
    """Raw faces for every grid point small enough to enumerate (6^7 at most); the larger ones
    (4 or 5 bases with a fresh shooter die each) against the product of the one-base brute force."""
    m = get(rule_id)
    for c in list(m.grid())[::step]:
        out = m.evaluate(**c)
        bases, r, d, one = c["bases"], c["ranged"], c["defence"], c["one_shooter_die"]
        if (1 + bases if one else 2 * bases) <= 6:
            want = brute_volley(bases, r, d, one)
        else:
            single = brute_volley(1, r, d, False)
            acc: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}
            for _ in range(bases):
                nxt: Counter = Counter()
                for (h, mo), p in acc.items():
                    for (h1, m1), q in single.items():
                        nxt[(h + h1, mo + m1)] += p * q
                acc = dict(nxt)
            want = acc
        hit: Counter = Counter()
        mor: Counter = Counter()
        for (h, mo), p in want.items():
            hit[h] += p
            mor[mo] += p
        assert dist_dict(out.dist(Law.hit)) == {k: v for k, v in hit.items() if v}, c
        assert dist_dict(out.dist(Law.morale)) == {k: v for k, v in mor.items() if v}, c


def brute_morale(q: int, coward: Coward, reroll: bool) -> dict[int, Fraction]:
    rolled = 2 if coward in (Coward.COMBINED, Coward.FEWER_DICE) else 3
    auto = 1 if coward in (Coward.COMBINED, Coward.AUTO_FAILURE) else 0
    counts: Counter = Counter()
    for faces in itertools.product(FACES, repeat=rolled + 1):  # the last die is the re-roll, if used
        dice = list(faces[:rolled])
        fails = [i for i, f in enumerate(dice) if f > q]
        if reroll and fails:
            dice[fails[0]] = faces[-1]
        counts[min(3, sum(f > q for f in dice) + auto)] += 1
    return law(counts, 6 ** (rolled + 1))


@pytest.mark.parametrize("rule_id", ["BAT-MORALE-TEST", "BAT-SKILL-COWARD", "BAT-SKILL-STANDARD"])
def test_morale_matches_brute_force_on_every_grid_point(rule_id: str) -> None:
    m = get(rule_id)
    for c in m.grid():
        out = m.evaluate(**c)
        reroll = c.get("standard_bearer", rule_id == "BAT-SKILL-STANDARD")
        want = brute_morale(c["quality"], Coward(c["coward"]), reroll)
        assert dist_dict(out.dist(Law.failures)) == want, c
        bands = {Band.HOLDS: want.get(0, 0), Band.STEP_BACK: want.get(1, 0), Band.FALL_BACK: want.get(2, 0),
                 Band.FLEES: want.get(3, 0)}
        assert dist_dict(out.dist(Law.band)) == {k: v for k, v in bands.items() if v}, c


# --- the index's derived numbers ---------------------------------------------------------------

def test_index_test_vectors() -> None:
    assert morale_exact(4).prob(lambda m: m.band is Band.FLEES) == Fraction(1, 27)  # BAT-TV-MORALE-Q4
    assert strike_exact(3, 3).prob(lambda s: s is not Strike.NONE) == Fraction(5, 12)  # BAT-TV-MELEE-EVEN
    assert strike_exact(3, 1)[Strike.DOUBLE] == Fraction(1, 3)
    table = [Fraction(1, 12), Fraction(1, 6), Fraction(5, 18), Fraction(5, 12), Fraction(7, 12),
             Fraction(13, 18), Fraction(5, 6)]
    for diff, p in zip(range(-3, 4), table, strict=True):
        assert strike_exact(5 + diff, 5).prob(lambda s: s is not Strike.NONE) == p
    derived = {1: (Fraction(1, 216), Fraction(5, 72), Fraction(25, 72), Fraction(125, 216)),
               5: (Fraction(125, 216), Fraction(25, 72), Fraction(5, 72), Fraction(1, 216))}
    for q, ps in derived.items():
        assert tuple(morale_exact(q).marginal("failures")[k] for k in range(4)) == ps


@pytest.mark.parametrize("q", range(1, 6))
def test_coward_reading_flees_when_both_dice_fail(q: int) -> None:
    assert morale_exact(q, coward=Coward.COMBINED).prob(lambda m: m.band is Band.FLEES) == Fraction(6 - q, 6) ** 2
    assert morale_exact(q, coward=Coward.FEWER_DICE).prob(lambda m: m.band is Band.FLEES) == 0


def test_quality_zero_or_less_fails_every_die() -> None:
    assert morale_exact(0) == morale_exact(-2) and morale_exact(0)[Morale(3, Band.FLEES)] == 1
    assert morale_exact(0, reroll=True)[Morale(3, Band.FLEES)] == 1


# --- the Readings change what they should ---------------------------------------------------------

def test_separate_dice_change_the_joint_law_not_the_single_blows() -> None:
    shared, split = melee_exact(3, 3, 3, 3), melee_exact(3, 3, 3, 3, shared_dice=False)
    assert shared != split
    assert shared.marginal("defender") == split.marginal("defender")
    assert shared.prob(lambda c: c.defender is not Strike.NONE and c.attacker is not Strike.NONE) == 0
    assert split.prob(lambda c: c.defender is not Strike.NONE and c.attacker is not Strike.NONE) == Fraction(25, 144)


def test_double_reading_moves_only_the_morale_trigger() -> None:
    at_least, more = strike_exact(3, 1), strike_exact(3, 1, double=Double.MORE_THAN)
    assert at_least[Strike.DOUBLE] > more[Strike.DOUBLE]
    assert at_least[Strike.NONE] == more[Strike.NONE]
    m = get("BAT-MELEE-DAMAGE")
    assert m.evaluate(b_defence=1).event(Event.defender_morale) > m.evaluate(b_defence=1, more_than_double=True).events[
        "defender_morale"]


def test_missing_sign_reading_turns_ties_into_hits() -> None:
    gt, ge = strike_exact(3, 3), strike_exact(3, 3, Sign.AT_LEAST)
    assert ge.prob(lambda s: s is not Strike.NONE) - gt.prob(lambda s: s is not Strike.NONE) == Fraction(1, 6)
    assert get("BAT-SHOOT-DAMAGE").evaluate(sign="greater-or-equal").event(Event.hit) == Fraction(7, 12)


def test_one_shooter_die_keeps_the_mean_and_spreads_the_law() -> None:
    many, one = volley_exact(4, 3, 3), volley_exact(4, 3, 3, one_shooter_die=True)
    assert many.marginal("hit").mean() == one.marginal("hit").mean() == 4 * Fraction(5, 12)
    assert one.prob(lambda v: v.hit == 4) > many.prob(lambda v: v.hit == 4)


def test_standard_bearer_only_helps() -> None:
    for q in range(1, 6):
        assert morale_exact(q, reroll=True).prob(lambda m: m.band is Band.HOLDS) >= morale_exact(q).prob(
            lambda m: m.band is Band.HOLDS)
    assert get("BAT-SKILL-STANDARD").evaluate(quality=3).dist(Law.failures) == get("BAT-MORALE-TEST").evaluate(
        quality=3, standard_bearer=True).dist(Law.failures)


def test_modifier_tables() -> None:
    assert melee_mods(figures=Figures.MORE).a_melee == 2 and melee_mods(figures=Figures.MORE).b_melee == -2
    assert melee_mods(facing=Facing.REAR).b_defence == -2
    assert melee_mods(height=Height.HIGHER).a_defence == 1 and melee_mods(height=Height.HIGHER).b_defence == -1
    assert melee_mods(a_giant=True).a_melee == 1 and melee_mods(a_giant=True, b_giant=True).a_melee == 0
    # height changes the Range in shooting, not the dice of the comparison
    base = shot_exact(3, 3, rng=8, distance=10, range_die=1)
    assert base.prob(lambda s: not s.in_range) == Fraction(1, 6)


# --- played faces and the book's examples ---------------------------------------------------------

def test_played_melee_uses_one_die_per_side() -> None:
    dice = FixedDice([6, 1])
    c = play_melee(3, 3, 3, 3, dice)
    assert dice.exhausted() and c.defender is Strike.DOUBLE and c.attacker is Strike.NONE  # 9 vs 4, 4 vs 9
    dice = FixedDice([1, 1, 6, 6])
    c = play_melee(3, 3, 3, 3, dice, shared_dice=False)
    assert dice.exhausted() and c.defender is Strike.NONE and c.attacker is Strike.DOUBLE


def test_played_shot_rolls_the_height_die_first() -> None:
    dice = FixedDice([1])
    s = play(shot(3, 3, rng=8, distance=10, range_die=1), dice)
    assert not s.in_range and dice.exhausted()
    dice = FixedDice([2, 5, 4])
    s = play(shot(3, 3, rng=8, distance=10, range_die=1), dice)
    assert s.in_range and s.target is Strike.HIT


def test_played_morale_rerolls_a_failed_die() -> None:
    dice = FixedDice([5, 1, 6, 2])
    assert play_morale(2, dice, reroll=True) == Morale(1, Band.STEP_BACK) and dice.exhausted()
    dice = FixedDice([6, 6])
    assert play_morale(5, dice, coward=Coward.COMBINED) == Morale(3, Band.FLEES)


def test_played_volley_counts_the_bases() -> None:
    dice = FixedDice([6, 1, 1, 6, 4, 3])
    v = play(volley(3, 3, 3), dice)
    assert (v.hit, v.morale) == (2, 1)


def test_example_clash() -> None:
    ex = EXAMPLES["BAT-EX-CLASH"]()
    assert [r.face for r in ex.log if isinstance(r, Roll)] == [5, 2, 4, 2, 6]
    said = " ".join(str(e.text) for e in ex.log if isinstance(e, Said))
    assert "8 against" in said and "falls back its Speed" in said
    exact = {str(k): p for k, p in ex.exact}
    assert exact["P(the spearmen must test morale)"] == Fraction(1, 3)
    assert ex.illustrative_dice


def test_example_standard() -> None:
    ex = EXAMPLES["BAT-EX-STANDARD"]()
    assert [r.face for r in ex.log if isinstance(r, Roll)] == [5, 1, 6, 2]
    exact = {str(k): p for k, p in ex.exact}
    assert exact["P(the militia flee), without him"] == Fraction(8, 27)
    assert exact["P(the militia flee), with the Standard Bearer"] < Fraction(8, 27)


# --- refusals -------------------------------------------------------------------------------------------

def test_refusals() -> None:
    with pytest.raises(ParamError) as e:  # BAT-SHOOT-RESTRICT: a Ranged 0 base may not shoot, so 0 is not offered
        get("BAT-SHOOT-DAMAGE").evaluate(ranged=0)
    assert "ranged" in e.value.params
    with pytest.raises(RuleError) as e:
        get("BAT-SHOOT-DAMAGE").evaluate(distance=9, range_steps=8)
    assert e.value.rule_id == "BAT-ATTACK-DECLARE"
    with pytest.raises(RuleError):
        shot_exact(3, 3, rng=8, distance=9, range_die=-1)
    with pytest.raises(RuleError):
        volley_exact(9, 3, 3)
    with pytest.raises(RuleError):
        morale_exact(3, 0)
    with pytest.raises(RuleError):
        melee_mods(a_extra=-1)
    with pytest.raises(ParamError):
        get("BAT-MORALE-TEST").evaluate(quality=6)
    # the Coward variant shows the Coward readings; "no" is still accepted, and is the plain morale test
    assert get("BAT-SKILL-COWARD").evaluate(coward="no").dists == get("BAT-MORALE-TEST").evaluate().dists
    with pytest.raises(ParamError):
        get("BAT-SKILL-STANDARD").evaluate(standard_bearer=False)


# --- the command line -----------------------------------------------------------------------------------

def test_cli_morale_gives_failures_and_bands() -> None:
    doc = odds_json("BAT-MORALE-TEST", "--quality", "4")
    assert doc["distribution"] == {"0": "8/27", "1": "4/9", "2": "2/9", "3": "1/27"}
    assert doc["band"]["flees"] == "1/27" and doc["band"]["holds"] == "8/27"


def test_cli_refusals_are_one_line() -> None:
    assert "--ranged" in error_line("BAT-SHOOT-DAMAGE", "--ranged", "0")
    assert "--quality" in error_line("BAT-MORALE-TEST", "--quality", "9")
    assert "--coward" in error_line("BAT-SKILL-COWARD", "--coward", "maybe")
