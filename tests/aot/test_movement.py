"""Movement (AOT-MOVE-*, AOT-ROUGH-TERRAIN, AOT-TERRAIN-TYPES, AOT-PANIC, AOT-TURN, AOT-BREAKTHROUGH): the
worked examples, terrain, passing through friends, turning and planned sequences of tests, and the
cavalry breakthrough.

Exact laws are checked against raw dice enumerated here with ``itertools.product`` and the rule written
again in plain code (casualty removal included), never against the engine's own helpers.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction as F

import pytest

from aot_rules.aot.equipment import MeleeWeapon
from aot_rules.aot.events import PassedThrough
from aot_rules.aot.events import Tested as DisorderTested  # not "Test…": pytest would collect it
from aot_rules.aot.examples import (
    EXAMPLES,
    akontists_move_example,
    forest_example,
    gauls_flee_example,
    roman_lines_example,
)
from aot_rules.aot.rules.breakthrough import breakthrough_exact, chain_exact
from aot_rules.aot.rules.manoeuvre import Step, check_plan, play_sequence, sequence_exact, turn_exact
from aot_rules.aot.rules.melee import MeleeResult, Side, melee_exact
from aot_rules.aot.rules.movement import (
    ELEPHANT_TEST,
    check_move,
    move_allowance,
    pass_through,
    through_friends_exact,
)
from aot_rules.aot.rules.terrain import Terrain, check_passable, rough_tests, stream_or_river, terrain_effect
from aot_rules.aot.units import Unit
from aot_rules.core.dice import FixedDice
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.events import Roll
from aot_rules.keys import Event, Law
from aot_rules.systems import all_mechanics, get

FACES = range(1, 7)
NEW_MECHANICS = ("AOT-MOVE-PROCEDURE", "AOT-ROUGH-TERRAIN", "AOT-MOVE-THROUGH-FRIENDS", "AOT-PANIC", "AOT-RUN",
                 "AOT-TROT", "AOT-EVADE-PROCEDURE", "AOT-EVADE-FLANK", "AOT-EVADE-ELIGIBILITY", "AOT-BREAKTHROUGH",
                 "AOT-TURN", "AOT-TURN-FLANK-ATTACKED")


# --- an independent statement of the rules ------------------------------------------------------------

def remove(ranks: tuple[int, ...], n: int) -> tuple[int, ...]:
    """AOT-CASUALTY-REMOVAL written again: one at a time from the longest rank, the front one on a tie."""
    r = list(ranks)
    for _ in range(n):
        i = max(range(len(r)), key=lambda k: (r[k], -k))
        r[i] -= 1
    return tuple(r)


def kept(a: int, b: int, against: int, regular: bool) -> int:
    """The deciding die: ``a``, or for a regular unit whose ``a`` failed, the re-roll ``b`` if it passes,
    else the lower of the two."""
    if not regular or a >= against:
        return a
    return b if b >= against else min(a, b)


def fail_loss(die: int, against: int, cap: int) -> int:
    return min(die, cap) if die < against else 0


def brute_through(against: int, cap: int, regular: bool) -> dict[int, F]:
    acc: dict[int, F] = {}
    for a, b in itertools.product(FACES, repeat=2):
        k = fail_loss(kept(a, b, against, regular), against, cap)
        acc[k] = acc.get(k, F(0)) + F(1, 36)
    return acc


State = tuple[tuple[int, ...], int]  # (ranks, disordered)


def step_loss(step: Step, ranks: tuple[int, ...], mounted: bool, shield: bool, armour: bool, horse_armour: bool,
              regular: bool, a: int, b: int, c: int) -> int:
    """Warriors one planned step disorders, given three raw dice (unused dice are integrated out)."""
    d, formed = max(ranks), sum(ranks)
    if step is Step.NONE or d == 0:
        return 0
    if step is Step.RUN and not mounted:
        return fail_loss(kept(a, b, d, regular), d, formed) if shield != armour else 0
    if step is Step.RUN and mounted:
        if horse_armour:
            return fail_loss(kept(a, c, d, regular), d, formed)
        if not armour or a >= d or b >= d:
            return 0
        return fail_loss(kept(min(a, b), c, d, regular), d, formed)
    return fail_loss(kept(a, b, d, regular), d, formed)  # rough ground, turn, evasion


def brute_sequence(unit: Unit, steps: tuple[Step, ...]) -> dict[State, F]:
    law: dict[State, F] = {(unit.ranks, unit.disordered): F(1)}
    for step in steps:
        nxt: dict[State, F] = {}
        for (ranks, dis), p in law.items():
            for a, b, c in itertools.product(FACES, repeat=3):
                n = step_loss(step, ranks, unit.mounted, unit.shield or unit.pavise, unit.armour, unit.horse_armour,
                              unit.regular, a, b, c)
                s = (remove(ranks, n), dis + n)
                nxt[s] = nxt.get(s, F(0)) + p / 216
        law = nxt
    return law


def states(law: Dist[Unit]) -> dict[State, F]:
    acc: dict[State, F] = {}
    for u, p in law.items():
        acc[(u.ranks, u.disordered)] = acc.get((u.ranks, u.disordered), F(0)) + p
    return acc


# --- registration (sampler agreement itself is tests/core/test_registry.py's, over the whole registry) ------

def test_new_mechanics_are_registered_for_the_generic_tests() -> None:
    registered = {m.rule_id: m for m in all_mechanics()}
    for rid in NEW_MECHANICS:
        assert rid in registered, rid
        # every dice mechanic goes through the registry's sampler-agreement test; only the lookup is not dice
        assert registered[rid].deterministic is (rid == "AOT-EVADE-ELIGIBILITY"), rid


# --- move allowance -----------------------------------------------------------------------------------

def test_move_allowance_by_density_and_state() -> None:
    assert [move_allowance(Unit(ranks=(d, d))) for d in range(1, 6)] == [9, 8, 7, 6, 5]
    assert [move_allowance(Unit(ranks=(d,), mounted=True)) for d in range(1, 5)] == [9, 8, 7, 6]
    assert move_allowance(Unit(ranks=(0, 0), disordered=6)) == 10  # panicking: full 10″
    assert move_allowance(Unit(ranks=(5, 5), defensive=True)) == 0  # the defensive formation stands


def test_check_move_refusals() -> None:
    check_move(Unit(ranks=(2, 2)), 8)
    for unit, distance, rid in ((Unit(ranks=(2, 2)), 8.5, "AOT-MOVE-DISTANCE"),
                                (Unit(ranks=(2, 2)), -1, "AOT-MOVE-DISTANCE"),
                                (Unit(ranks=(5, 5), defensive=True), 1, "AOT-REFORM-DEFENSIVE-5")):
        with pytest.raises(RuleError) as e:
            check_move(unit, distance)
        assert e.value.rule_id == rid


# --- worked examples ----------------------------------------------------------------------------------

def test_example_akontists_move_eight_inches() -> None:
    ex = akontists_move_example()
    assert ex.before is not None and ex.before.density == 2
    assert move_allowance(ex.before) == 8
    assert "8″" in " ".join(map(str, ex.intro))


@pytest.mark.parametrize("roll", FACES)
def test_example_forest_every_roll(roll: int) -> None:
    ex = forest_example(roll)
    assert ex.before is not None and ex.after is not None and ex.before.density == 2
    lost = 1 if roll == 1 else 0  # fail only below density 2, losing the roll
    assert ex.after.disordered - ex.before.disordered == lost
    assert [(t.roll, t.density, t.lost) for t in ex.log if isinstance(t, DisorderTested)] == [(roll, 2, lost)]
    assert {str(k): p for k, p in ex.exact}["P(the akontists lose a warrior in the wood)"] == F(1, 6)


def test_example_forest_is_registered() -> None:
    assert EXAMPLES["AOT-EX-FOREST"]().after.disordered == 1  # the printed die is 1


def test_example_roman_lines_die_1_one_principe() -> None:
    ex = roman_lines_example(1)
    assert ex.before is not None and ex.after is not None
    assert ex.before.name == ex.after.name == "principes"
    assert ex.after.disordered == ex.before.disordered + 1
    assert ex.after.formed == ex.before.formed - 1
    (pt,) = [e for e in ex.log if isinstance(e, PassedThrough)]
    assert (pt.mover, pt.loser, pt.roll, pt.lost) == ("triarii", "principes", 1, 1)
    triarii = {str(k): u for k, u in ex.figures}["the triarii, who pass through"]
    assert pt.against == triarii.density == 4  # the test is the mover's density


def test_example_roman_lines_die_3_principes_panic() -> None:
    ex = roman_lines_example(3)
    assert ex.after is not None
    assert ex.after.formed == 0 and ex.after.panicking  # no formed warrior left
    assert ex.after.strength == ex.before.strength  # disordered, not killed


def test_example_gauls_flee_five_phalangites() -> None:
    ex = gauls_flee_example(5)
    assert ex.before is not None and ex.after is not None and ex.before.name == "phalangites"
    assert ex.after.disordered - ex.before.disordered == 5
    (pt,) = [e for e in ex.log if isinstance(e, PassedThrough)]
    assert pt.mover == "Gauls" and pt.lost == 5
    assert pt.against == 8 and pt.against > 5  # against the Gauls' strength, not their (zero) density
    # against strength 8 every roll below 8 fails: the phalanx loses exactly the roll
    assert {str(k): p for k, p in ex.exact}["P(the phalanx loses 5 or more warriors)"] == F(2, 6)


@pytest.mark.parametrize("roll", FACES)
def test_example_gauls_flee_every_roll(roll: int) -> None:
    ex = gauls_flee_example(roll)
    assert ex.after.disordered - ex.before.disordered == roll


# --- terrain ------------------------------------------------------------------------------------------

OPEN_ORDER = Unit("skirmishers", (3, 3))
CLOSED_ORDER = Unit("phalanx", (4, 4))
HORSE = Unit("horse", (4,), mounted=True)

#: terrain → (passable open order, test, passable closed order, blocks sight, cover)
TERRAIN_TABLE: dict[Terrain, tuple[bool, bool, bool, bool, bool]] = {
    Terrain.OPEN: (True, False, True, False, False),
    Terrain.STREAM: (True, True, True, False, False),
    Terrain.MARSH: (True, True, True, False, False),
    Terrain.PLOUGHLAND: (True, True, True, False, False),
    Terrain.HILL: (True, True, True, True, False),  # Reading (3): hills test
    Terrain.HEDGE: (True, True, True, True, True),
    Terrain.WOOD: (True, True, True, True, True),
    Terrain.FORD: (True, True, True, False, False),  # a ford crosses a river with a test
    Terrain.BRIDGE: (True, False, True, False, False),  # a bridge crosses with no test
    Terrain.VILLAGE: (True, True, False, False, True),  # closed to closed order (Reading 2: density ≥ 4)
    Terrain.RIVER: (False, False, False, False, False),
    Terrain.LAKE: (False, False, False, False, False),
    Terrain.CAMP: (True, True, True, False, False),
    Terrain.STAKES: (True, True, True, False, False),
}


def test_terrain_table_names_every_kind() -> None:
    assert set(TERRAIN_TABLE) == set(Terrain)


@pytest.mark.parametrize("terrain", list(Terrain))
def test_terrain_effect_open_and_closed_order(terrain: Terrain) -> None:
    passable_open, test, passable_closed, sight, cover = TERRAIN_TABLE[terrain]
    e = terrain_effect(terrain, OPEN_ORDER)
    assert (e.passable, e.test, e.blocks_sight, e.cover) == (passable_open, test, sight, cover)
    assert e.rule_id.startswith("AOT-") and e.why
    c = terrain_effect(terrain, CLOSED_ORDER)
    assert c.passable is passable_closed
    if passable_closed:
        assert c.test is test
        check_passable(terrain, CLOSED_ORDER)
    else:
        with pytest.raises(RuleError) as err:
            check_passable(terrain, CLOSED_ORDER)
        assert err.value.rule_id == "AOT-TERRAIN-TYPES"


def test_village_closed_order_threshold() -> None:
    assert [terrain_effect(Terrain.VILLAGE, Unit(ranks=(d, d))).passable for d in range(1, 6)] == [
        True, True, True, False, False]
    assert not terrain_effect(Terrain.VILLAGE, HORSE).passable  # mounted density 4 is closed order too
    assert terrain_effect(Terrain.VILLAGE, Unit(ranks=(3,), mounted=True)).passable


def test_stakes_are_rough_for_foot_only() -> None:
    assert terrain_effect(Terrain.STAKES, OPEN_ORDER).test
    horse = terrain_effect(Terrain.STAKES, HORSE)
    assert horse.passable and not horse.test and horse.rule_id == "AOT-STAKES"


def test_rivers_and_lakes_refuse_everyone() -> None:
    for t in (Terrain.RIVER, Terrain.LAKE):
        for u in (Unit(ranks=(1,)), OPEN_ORDER, CLOSED_ORDER, HORSE):
            with pytest.raises(RuleError):
                check_passable(t, u)


def test_stream_or_river_by_width() -> None:
    assert [stream_or_river(w) for w in (0.5, 1.57, 4, 4.01, 4.5, 12)] == [
        Terrain.STREAM, Terrain.STREAM, Terrain.STREAM, Terrain.RIVER, Terrain.RIVER, Terrain.RIVER]


def test_rough_tests_counts_and_refusal() -> None:
    assert [rough_tests(1, k) for k in range(4)] == [1, 2, 3, 4]
    with pytest.raises(RuleError):
        rough_tests(-1, 0)


def test_rough_ground_mechanic_tests_per_move_and_not_on_a_bridge() -> None:
    m = get("AOT-ROUGH-TERRAIN")
    two = m.evaluate(density=3, terrain="wood", moves=2)
    assert dict(two.dists[two.main].items()) == {
        k: p for k, p in _disordered(brute_sequence(Unit(ranks=(3, 3)), (Step.ROUGH, Step.ROUGH))).items()}
    bridge = m.evaluate(density=5, terrain="bridge", moves=3)
    assert dict(bridge.dists[bridge.main].items()) == {0: F(1)}
    with pytest.raises(RuleError) as e:
        m.evaluate(density=4, terrain="village")
    assert e.value.rule_id == "AOT-TERRAIN-TYPES"


def _disordered(law: dict[State, F]) -> dict[int, F]:
    acc: dict[int, F] = {}
    for (_, dis), p in law.items():
        acc[dis] = acc.get(dis, F(0)) + p
    return acc


# --- passing through friends --------------------------------------------------------------------------

@pytest.mark.parametrize("regular", [False, True])
@pytest.mark.parametrize("against", range(1, 11))
def test_through_friends_exact_against_raw_dice(against: int, regular: bool) -> None:
    for friend_formed in range(1, 11):
        law = through_friends_exact(against, friend_formed, regular)
        assert dict(law.items()) == brute_through(against, friend_formed, regular)
        assert max(law.outcomes()) <= friend_formed and law.total() == 1


def test_through_friends_strength_above_six_always_fails() -> None:
    """A panicking mover of strength 7 or more fails on every die: the friend loses the roll, capped."""
    for s in (7, 8, 10):
        assert through_friends_exact(s, 10)[0] == 0
        assert dict(through_friends_exact(s, 10).items()) == {k: F(1, 6) for k in FACES}
        assert dict(through_friends_exact(s, 3).items()) == {1: F(1, 6), 2: F(1, 6), 3: F(2, 3)}


def test_through_friends_refuses_a_mover_with_nothing_to_test() -> None:
    with pytest.raises(RuleError):
        through_friends_exact(0, 5)


@pytest.mark.parametrize("regular", [False, True])
def test_through_elephant_exact_against_raw_dice(regular: bool) -> None:
    for formed in range(1, 11):
        assert dict(through_friends_exact(ELEPHANT_TEST, formed, regular).items()) == brute_through(3, formed, regular)


def test_pass_through_losses_fall_on_the_friend() -> None:
    mover, friend = Unit("triarii", (4, 4)), Unit("principes", (3, 3))
    dice = FixedDice([2])
    out = pass_through(mover, friend, dice)
    assert out.mover == mover and out.lost == 2 and out.friend.disordered == 2 and out.friend.ranks == (2, 2)


def test_pass_through_regular_mover_rerolls() -> None:
    mover, friend = Unit("triarii", (4, 4), regular=True), Unit("principes", (3, 3))
    dice = FixedDice([1, 4])
    out = pass_through(mover, friend, dice)
    assert out.lost == 0 and out.friend == friend and out.roll == 4
    assert "re-roll" in str(dice.events(Roll)[1].purpose)


def test_pass_through_elephant_mover_pays() -> None:
    mover, elephant = Unit("peltasts", (4, 4)), Unit("elephant", (1,))
    out = pass_through(mover, elephant, FixedDice([2]), elephant=True)
    assert out.lost == 2 and out.mover.disordered == 2 and out.friend == elephant
    out = pass_through(mover, elephant, FixedDice([3]), elephant=True)  # 3 is not below 3
    assert out.lost == 0


def test_pass_through_friend_left_with_no_formed_warrior_panics() -> None:
    out = pass_through(Unit("m", (5, 5)), Unit("f", (2,), disordered=1), FixedDice([4]))
    assert out.lost == 2 and out.friend.panicking


def test_panicking_mover_through_elephant_exact_and_played_agree() -> None:
    m = get("AOT-MOVE-THROUGH-FRIENDS")
    out = m.evaluate(density=1, panicking=True, strength=6, through_elephant=True)
    played: dict[int, F] = {}
    for roll in FACES:
        r = pass_through(Unit("mover", (0, 0), disordered=6), Unit("elephant", (1,)), FixedDice([roll]), elephant=True)
        played[r.lost] = played.get(r.lost, F(0)) + F(1, 6)
    assert dict(out.dists[out.main].items()) == played


def test_through_mechanic_never_loses_more_than_the_friend_has() -> None:
    m = get("AOT-MOVE-THROUGH-FRIENDS")
    for d, ff in itertools.product(range(1, 6), range(1, 11)):
        out = m.evaluate(density=d, friend_formed=ff)
        assert max(out.dists[out.main].outcomes()) <= ff
        assert dict(out.dists[out.main].items()) == brute_through(d, ff, False)


def test_panic_variant_tests_against_strength() -> None:
    m = get("AOT-PANIC")
    for s in range(1, 11):
        out = m.evaluate(strength=s, friend_formed=10)
        assert dict(out.dists[out.main].items()) == brute_through(s, 10, False)


# --- turning and planned sequences ---------------------------------------------------------------------

def brute_turns(density: int, formed: int, turns: int, regular: bool) -> dict[int, F]:
    ranks = (density, formed - density) if formed > density else (density,)
    unit = Unit(ranks=ranks, regular=regular)
    return _disordered(brute_sequence(unit, (Step.TURN,) * turns))


def brute_turns_two_dice(density: int, formed: int, turns: int, regular: bool) -> dict[int, F]:
    """The same with exactly two raw dice per turn (a second statement of the chain, without the three-die
    enumeration ``brute_sequence`` uses for every step)."""
    ranks = (density, formed - density) if formed > density else (density,)
    law: dict[State, F] = {(ranks, 0): F(1)}
    for _ in range(turns):
        nxt: dict[State, F] = {}
        for (r, dis), p in law.items():
            for a, b in itertools.product(FACES, repeat=2):
                n = fail_loss(kept(a, b, max(r), regular), max(r), sum(r))
                s = (remove(r, n), dis + n)
                nxt[s] = nxt.get(s, F(0)) + p / 36
        law = nxt
    return _disordered(law)


@pytest.mark.parametrize("regular", [False, True])
@pytest.mark.parametrize("turns", [1, 2, 3])
@pytest.mark.parametrize("density", range(1, 6))
def test_turn_exact_against_raw_dice(density: int, turns: int, regular: bool) -> None:
    for formed in sorted({density, density + 1, 2 * density}):
        law = turn_exact(density, formed, turns, regular)
        expected = brute_turns_two_dice(density, formed, turns, regular)
        assert dict(law.items()) == expected
        assert expected == brute_turns(density, formed, turns, regular)
        assert law.total() == 1


def test_turn_density_falls_as_warriors_disorder() -> None:
    # 4+4, two turns: a first-turn 3 leaves 2+3 (density 3), so the second turn fails only on 1 or 2
    law = sequence_exact(Unit(ranks=(4, 4)), (Step.TURN, Step.TURN))
    after = {(u.ranks, u.disordered): p for u, p in law.items()}
    assert ((1, 1), 6) not in after  # a second 3 would have failed at density 4, but it passes at 3
    assert after[((1, 2), 5)] == F(1, 36)  # only 3 then 2: 2+3 loses 2 → 1+2
    assert turn_exact(4, 8, 2)[0] == F(1, 4)


def test_remove_agrees_with_casualty_removal_examples() -> None:
    assert remove((3, 4), 1) == (3, 3) and remove((4, 4), 3) == (2, 3) and remove((5, 5), 5) == (2, 3)


PLANS: list[tuple[Unit, tuple[Step, ...]]] = [
    (Unit("thureophoroi", (4, 4), shield=True, regular=True), (Step.RUN, Step.ROUGH, Step.TURN, Step.TURN)),
    (Unit("thureophoroi", (4, 4), shield=True), (Step.TURN, Step.RUN, Step.ROUGH, Step.TURN)),
    (Unit("psiloi", (3, 3)), (Step.ROUGH, Step.RUN, Step.TURN)),  # a run without gear tests nothing
    (Unit("hastati", (5, 5), armour=True), (Step.TURN, Step.EVADE, Step.ROUGH)),
    (Unit("pavisiers", (5, 4), pavise=True, regular=True), (Step.ROUGH, Step.ROUGH, Step.RUN)),
    (Unit("clibanarii", (4,), mounted=True, armour=True, regular=True), (Step.RUN, Step.TURN, Step.ROUGH, Step.TURN)),
    (Unit("clibanarii", (4,), mounted=True, armour=True), (Step.ROUGH, Step.RUN, Step.TURN, Step.TURN)),
    (Unit("cataphracts", (3,), mounted=True, armour=True, horse_armour=True), (Step.TURN, Step.RUN)),
    (Unit("numidians", (4,), mounted=True), (Step.RUN, Step.TURN, Step.TURN, Step.ROUGH)),
    (Unit("numidians", (4,), mounted=True, regular=True), (Step.EVADE, Step.TURN, Step.ROUGH)),
    (Unit("hoplites", (4, 4), shield=True, armour=True), (Step.NONE, Step.TURN, Step.NONE, Step.ROUGH)),
]


@pytest.mark.parametrize(("unit", "steps"), PLANS, ids=[f"{u.name}:{'/'.join(s)}" for u, s in PLANS])
def test_sequence_exact_against_raw_dice(unit: Unit, steps: tuple[Step, ...]) -> None:
    law = sequence_exact(unit, steps)
    assert law.total() == 1
    assert states(law) == brute_sequence(unit, steps)


def test_sequence_of_nothing_changes_nothing() -> None:
    u = Unit(ranks=(4, 4))
    assert sequence_exact(u, ()) == Dist.point(u) == sequence_exact(u, (Step.NONE,) * 4)


def test_cost_calculator_matches_the_brute_force() -> None:
    m = get("AOT-MOVE-PROCEDURE")
    out = m.evaluate(density=4, troops="foot with shields or armour", regular=True, step_1="run-or-trot",
                     step_2="rough-ground", step_3="turn", step_4="turn")
    law = brute_sequence(Unit(ranks=(4, 4), shield=True, regular=True), PLANS[0][1])
    assert dict(out.dist(Law.lost).items()) == _disordered(law)
    assert out.event(Event.intact) == sum(p for (ranks, _), p in law.items() if max(ranks) == 4)
    assert out.event(Event.panics) == 0


# --- refused plans --------------------------------------------------------------------------------------

FOOT = Unit("peltasts", (3, 3), shield=True)
LEGION = Unit("legionaries", (4, 4), shield=True, armour=True)

REFUSED: list[tuple[Unit, tuple[Step, ...], str]] = [
    (FOOT, (Step.RUN, Step.RUN), "AOT-UNIT-ACTIONS"),
    (HORSE, (Step.RUN, Step.TURN, Step.RUN), "AOT-UNIT-ACTIONS"),
    (FOOT, (Step.RUN, Step.EVADE), "AOT-EVADE-ELIGIBILITY"),
    (HORSE, (Step.RUN, Step.TURN, Step.EVADE), "AOT-EVADE-ELIGIBILITY"),
    (FOOT, (Step.EVADE, Step.RUN), "AOT-EVADE-ELIGIBILITY"),
    (HORSE, (Step.EVADE, Step.NONE, Step.RUN), "AOT-EVADE-ELIGIBILITY"),
    (FOOT, (Step.EVADE, Step.EVADE), "AOT-EVADE-ELIGIBILITY"),
    (LEGION, (Step.RUN,), "AOT-RUN"),
    (Unit("pavisiers", (4, 4), pavise=True, armour=True), (Step.TURN, Step.RUN), "AOT-RUN"),
    (LEGION, (Step.EVADE,), "AOT-EVADE-ELIGIBILITY"),
]


@pytest.mark.parametrize(("unit", "steps", "rule_id"), REFUSED, ids=[f"{u.name}:{'/'.join(s)}" for u, s, _ in REFUSED])
def test_refused_plans(unit: Unit, steps: tuple[Step, ...], rule_id: str) -> None:
    for attempt in (lambda: check_plan(unit, steps), lambda: sequence_exact(unit, steps)):
        with pytest.raises(RuleError) as e:
            attempt()
        assert e.value.rule_id == rule_id
    dice = FixedDice([6] * 12)
    with pytest.raises(RuleError) as e:
        play_sequence(unit, steps, dice)
    assert e.value.rule_id == rule_id and not dice.log  # refused before any die is rolled


@pytest.mark.parametrize("step", [Step.RUN, Step.ROUGH, Step.EVADE])
def test_defensive_formation_cannot_take_a_moving_step(step: Step) -> None:
    with pytest.raises(RuleError) as e:
        check_plan(Unit("hoplites", (5, 5), shield=True, defensive=True), (step,))
    assert e.value.rule_id == "AOT-REFORM-DEFENSIVE-5"


def test_cost_calculator_refuses_a_forbidden_plan() -> None:
    m = get("AOT-MOVE-PROCEDURE")
    with pytest.raises(RuleError) as e:
        m.evaluate(troops="foot with shields and armour", step_1="run-or-trot", step_2="none", step_3="none")
    assert e.value.rule_id == "AOT-RUN"
    with pytest.raises(RuleError) as e:
        m.evaluate(troops="horse, no armour", density=3, step_1="run-or-trot", step_2="evade", step_3="none")
    assert e.value.rule_id == "AOT-EVADE-ELIGIBILITY"


def test_play_sequence_logs_each_test_at_the_density_left() -> None:
    unit = Unit("thureophoroi", (4, 4), shield=True)
    dice = FixedDice([3, 2, 5])  # run 3″ losing 3 (→ 2+3, density 3), turn on 2 loses 2 (→ 2+1), rough 5 passes
    after = play_sequence(unit, (Step.RUN, Step.TURN, Step.ROUGH), dice)
    assert [(t.roll, t.density, t.lost) for t in dice.events(DisorderTested)] == [(3, 4, 3), (2, 3, 2), (5, 2, 0)]
    assert after.disordered == 5 and after.ranks == remove(remove((4, 4), 3), 2)


# --- breakthrough ---------------------------------------------------------------------------------------

LANCERS = Unit("lancers", (3,), mounted=True, weapon=MeleeWeapon.LANCE)
ARCHERS = Unit("archers", (2, 2), weapon=MeleeWeapon.SHOOTER)
SPEARS = Unit("spearmen", (3, 3), weapon=MeleeWeapon.SPEAR, shield=True, armour=True)


@pytest.mark.parametrize("foot", [ARCHERS, SPEARS], ids=lambda u: u.name)
def test_breakthrough_only_horses_strike_unprotected_hits(foot: Unit) -> None:
    """Horses only: each of the riders' horses kills on more than the foot's density, ignoring shields and
    armour; the foot strikes back as in any melee, so the cavalry's losses are the ordinary melee's."""
    law = breakthrough_exact(LANCERS, foot)
    riders, d = LANCERS.ranks[0], foot.density
    horses = Dist.binomial(riders, F(6 - d, 6))
    assert dict(law.marginal("foot_killed").items()) == dict(horses.items())
    assert law.marginal("foot_disordered").outcomes() == [0]
    ordinary = melee_exact(Side(LANCERS, horse_strike=True), Side(foot))
    assert law.map(lambda b: (b.cavalry_killed, b.cavalry_disordered)) == \
        ordinary.map(lambda m: (m.a_killed, m.a_disordered))
    # the two sides' strikes are independent
    joint = law.map(lambda b: (b.cavalry_killed + b.cavalry_disordered, b.foot_killed))
    cav = law.marginal("cavalry_killed")  # no armour: no disordered riders here either
    assert law.marginal("cavalry_disordered").outcomes() == [0]
    assert joint == cav.product(horses)


@pytest.mark.parametrize("foot", [ARCHERS, SPEARS], ids=lambda u: u.name)
def test_breakthrough_result_is_the_density_comparison(foot: Unit) -> None:
    for b, _ in breakthrough_exact(LANCERS, foot).items():
        cav_d = max(remove(LANCERS.ranks, b.cavalry_killed + b.cavalry_disordered))
        foot_d = max(remove(foot.ranks, b.foot_killed + b.foot_disordered))
        want = MeleeResult.A_WINS if cav_d > foot_d else MeleeResult.B_WINS if foot_d > cav_d else MeleeResult.CONTINUE
        assert b.result is want
        assert b.through is (want is MeleeResult.A_WINS)


@pytest.mark.parametrize("foot", [ARCHERS, SPEARS], ids=lambda u: u.name)
def test_breakthrough_last_unit_is_the_ordinary_charge(foot: Unit) -> None:
    law = breakthrough_exact(LANCERS, foot, last=True)
    ordinary = melee_exact(Side(LANCERS, horse_strike=True), Side(foot))
    assert law.map(lambda b: (b.cavalry_killed, b.cavalry_disordered, b.foot_killed, b.foot_disordered, b.result)) \
        == ordinary.map(lambda m: (m.a_killed, m.a_disordered, m.b_killed, m.b_disordered, m.result))
    # riders add dice: the last unit is broken at least as often as with horses alone
    assert law.prob(lambda b: b.through) >= breakthrough_exact(LANCERS, foot).prob(lambda b: b.through)


def test_breakthrough_refusals() -> None:
    with pytest.raises(RuleError) as e:
        breakthrough_exact(ARCHERS, SPEARS)
    assert e.value.rule_id == "AOT-BREAKTHROUGH"
    with pytest.raises(RuleError) as e:
        breakthrough_exact(LANCERS, HORSE)
    assert e.value.rule_id == "AOT-BREAKTHROUGH"


def test_chain_of_nothing_breaks_nothing() -> None:
    assert chain_exact(LANCERS, ()) == Dist.point(0)


def test_chain_sums_to_one_and_a_longer_line_never_helps() -> None:
    line = (ARCHERS, ARCHERS, Unit("slingers", (1, 1), weapon=MeleeWeapon.SHOOTER), SPEARS)
    cav = Unit("lancers", (4,), mounted=True, weapon=MeleeWeapon.LANCE)
    all_through = []
    for k in range(1, len(line) + 1):
        law = chain_exact(cav, line[:k])
        assert law.total() == 1 and set(law.outcomes()) <= set(range(k + 1))
        all_through.append(law[k])
    assert all(a >= b for a, b in itertools.pairwise(all_through)), all_through
    # one unit: the chain is the last-unit charge
    assert chain_exact(cav, line[:1])[1] == breakthrough_exact(cav, line[0], last=True).prob(lambda b: b.through)


def test_chain_two_units_by_hand() -> None:
    """Through the first (horses only), then the second with the cavalry's losses carried over."""
    cav, a, b = Unit("c", (2,), mounted=True, weapon=MeleeWeapon.LANCE), ARCHERS, ARCHERS
    first = breakthrough_exact(cav, a)
    p_both = sum((p * breakthrough_exact(cav.take_losses(x.cavalry_killed, x.cavalry_disordered), b, last=True)
                  .prob(lambda y: y.through)) for x, p in first.items() if x.through
                 if cav.formed - x.cavalry_killed - x.cavalry_disordered > 0)
    law = chain_exact(cav, (a, b))
    assert law[2] == p_both
    assert law[0] == first.prob(lambda x: not x.through)


def _binomial_hits(dice: int, hit_faces: int) -> dict[int, F]:
    """Hits among ``dice`` dice that each hit on ``hit_faces`` of six faces, counted by hand."""
    p = F(hit_faces, 6)
    return {k: math.comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(dice + 1)}


def test_the_registered_breakthrough_through_a_line_from_raw_dice() -> None:
    """Every grid point against a unit that is not the last: the horses' dice (above the foot's density, no shield
    or armour helps) against the foot's front rank and its pike die (spear and pike below their own density, sword
    above it, shooters below the riders'; the riders' armour turns away sixes); each side loses its hits (the riders
    capped at their number, the foot at both ranks), the foot from its longer rank, front first on a tie, so its
    density after n losses is d - n // 2; the higher density wins and the cavalry goes on only if it wins."""
    m, checked = get("AOT-BREAKTHROUGH"), 0
    foot_rule = {MeleeWeapon.SPEAR: lambda f, c, d: f < d, MeleeWeapon.PIKE: lambda f, c, d: f < d,
                 MeleeWeapon.SWORD: lambda f, c, d: f > d, MeleeWeapon.SHOOTER: lambda f, c, d: f < c}
    words = {MeleeResult.A_WINS: "routed", MeleeResult.CONTINUE: "continues", MeleeResult.B_WINS: "beaten"}
    for combo in m.grid():
        if combo["last"]:
            continue
        c, d, weapon = combo["cavalry_density"], combo["foot_density"], combo["foot_weapon"]
        hits_on = [f for f in range(1, 7) if foot_rule[weapon](f, c, d) and not (combo["cavalry_armour"] and f == 6)]
        on_cavalry = _binomial_hits(d + (weapon is MeleeWeapon.PIKE), len(hits_on))
        on_foot = _binomial_hits(c, 6 - d)
        joint: dict[tuple[str, int, int], F] = {}
        for (hc, pc), (hf, pf) in itertools.product(on_cavalry.items(), on_foot.items()):
            lost_c, lost_f = min(hc, c), min(hf, 2 * d)
            after_c, after_f = c - lost_c, d - lost_f // 2
            res = MeleeResult.A_WINS if after_c > after_f else MeleeResult.B_WINS if after_f > after_c else \
                MeleeResult.CONTINUE
            key = (words[res], lost_c, lost_f)
            joint[key] = joint.get(key, F(0)) + pc * pf
        out = m.evaluate(**combo)
        for i, name in enumerate(("result", "cavalry_lost", "foot_lost")):
            marginal: dict[object, F] = {}
            for key, p in joint.items():
                marginal[key[i]] = marginal.get(key[i], F(0)) + p
            assert {str(k): p for k, p in out.dists[name].items() if p} == \
                {str(k): p for k, p in marginal.items() if p}, (combo, name)
        assert out.event(Event.through) == sum(p for key, p in joint.items() if key[0] == "routed"), combo
        checked += 1
    assert checked == 4 * 2 * 2 * 5 * 4 * 2
