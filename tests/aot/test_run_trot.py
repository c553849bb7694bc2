"""Running and trotting (AOT-RUN, AOT-TROT): the joint law of (distance, warriors disordered) checked
against raw dice enumerated here, with the rule written out again in plain code; and the played face
checked through its event log with scripted dice.

The rule as this file writes it (index and common readings 4 and 5):

* run: one die is the distance; with exactly one of shield/armour it is also the test (fail below the
  density, losing the roll); a regular unit rolls a failed test die again and keeps a pass, else the
  lower die, and the die it keeps is the distance too.  Shield and armour together: no run.
* trot: unarmoured horses roll two dice (distance = sum); armoured horses one (the distance and the
  test).  Armoured riders on unarmoured horses test on the die of the owner's choice: a pass if either
  die passes, else the lower die; a regular unit re-rolls that die if it failed and the kept die
  replaces it in the sum.
"""

from __future__ import annotations

import itertools
from fractions import Fraction as F

import pytest

from aot_rules.aot.events import Moved
from aot_rules.aot.events import Tested as DisorderTested  # not "Test…": pytest would collect it
from aot_rules.aot.rules.disorder import disorder_test
from aot_rules.aot.rules.run_trot import ExtraMove, play_run, play_trot, run_exact, trot_exact
from aot_rules.aot.units import Unit
from aot_rules.core.dice import FixedDice
from aot_rules.core.errors import RuleError
from aot_rules.core.events import Roll

FACES = range(1, 7)


def _keep(first: int, second: int, density: int) -> int:
    """The die a regular unit keeps after re-rolling the failed ``first``: a pass, else the lower."""
    return second if second >= density else min(first, second)


def _loss(die: int, density: int, formed: int) -> int:
    return min(die, formed) if die < density else 0


def _add(acc: dict[ExtraMove, F], move: ExtraMove, p: F) -> None:
    acc[move] = acc.get(move, F(0)) + p


def brute_run(density: int, formed: int, shield: bool, armour: bool, regular: bool) -> dict[ExtraMove, F]:
    acc: dict[ExtraMove, F] = {}
    tests = shield != armour
    for a, b in itertools.product(FACES, repeat=2):  # b is the musician's die, used only on a failure
        die = a
        if tests and regular and a < density:
            die = _keep(a, b, density)
        _add(acc, ExtraMove(die, _loss(die, density, formed) if tests else 0), F(1, 36))
    return acc


def brute_trot(density: int, armour: bool, horse_armour: bool, regular: bool) -> dict[ExtraMove, F]:
    formed = density  # one rank
    acc: dict[ExtraMove, F] = {}
    for a, b, c in itertools.product(FACES, repeat=3):  # c: the musician's die
        if horse_armour:  # one die, and it is the test
            die = _keep(a, c, density) if regular and a < density else a
            move = ExtraMove(die, _loss(die, density, formed))
        elif not armour:  # two dice, no test
            move = ExtraMove(a + b, 0)
        elif a >= density or b >= density:  # the owner tests on a passing die
            move = ExtraMove(a + b, 0)
        else:  # both fail: the lower loses fewest; a regular unit re-rolls it
            low, high = min(a, b), max(a, b)
            die = _keep(low, c, density) if regular else low
            move = ExtraMove(high + die, _loss(die, density, formed))
        _add(acc, move, F(1, 216))
    return acc


def brute_trot_test_die_still(density: int, regular: bool) -> dict[ExtraMove, F]:
    """The other reading of AOT-TROT for armoured riders on unarmoured horses: the test die does not move
    the unit.  The owner still tests on the die that loses fewest; when both pass or both fail he keeps the
    higher one for the distance (testing on the lower), and when only one passes it must be the test, so
    the failing die is the distance."""
    acc: dict[ExtraMove, F] = {}
    for a, b, c in itertools.product(FACES, repeat=3):
        passes = (a >= density) + (b >= density)
        if passes == 2:
            move = ExtraMove(max(a, b), 0)
        elif passes == 1:
            move = ExtraMove(min(a, b), 0)
        else:
            die = _keep(min(a, b), c, density) if regular else min(a, b)
            move = ExtraMove(max(a, b), _loss(die, density, density))
        _add(acc, move, F(1, 216))
    return acc


# --- run ---------------------------------------------------------------------------------------------

RUN_GEAR = [(False, False), (True, False), (False, True)]


@pytest.mark.parametrize("regular", [False, True])
@pytest.mark.parametrize(("shield", "armour"), RUN_GEAR)
@pytest.mark.parametrize("density", range(1, 6))
def test_run_exact_against_raw_dice(density: int, shield: bool, armour: bool, regular: bool) -> None:
    for formed in sorted({density, density + 1, 2 * density}):
        law = run_exact(density, formed, shield, armour, regular)
        assert dict(law.items()) == brute_run(density, formed, shield, armour, regular)
        assert law.total() == 1


@pytest.mark.parametrize("density", range(1, 6))
def test_run_with_shield_and_armour_is_refused(density: int) -> None:
    with pytest.raises(RuleError) as e:
        run_exact(density, 2 * density, True, True)
    assert e.value.rule_id == "AOT-RUN"


def test_run_without_gear_never_tests_and_the_regular_reroll_does_not_apply() -> None:
    for d in range(1, 6):
        plain = run_exact(d, 2 * d)
        assert plain == run_exact(d, 2 * d, regular=True)
        assert plain.marginal("disordered")[0] == 1
        assert dict(plain.marginal("distance").items()) == {k: F(1, 6) for k in FACES}


def test_run_hand_values_density_4_shield() -> None:
    # the CLI's documented answer: rolls 1, 2, 3 fail and lose 1, 2, 3; 4-6 pass.
    law = run_exact(4, 8, shield=True)
    assert dict(law.marginal("disordered").items()) == {0: F(1, 2), 1: F(1, 6), 2: F(1, 6), 3: F(1, 6)}
    assert dict(law.marginal("distance").items()) == {k: F(1, 6) for k in FACES}
    # the die is both: a 2″ run has cost two warriors
    assert law.condition(lambda m: m.distance == 2).marginal("disordered")[2] == 1


@pytest.mark.parametrize("density", range(1, 6))
def test_regular_reroll_shifts_the_distance(density: int) -> None:
    """The kept die sets the distance (AOT-PROP-REGULAR reading 3): a regular runner goes further on average."""
    plain, reg = run_exact(density, 2 * density, True), run_exact(density, 2 * density, True, regular=True)
    if density == 1:
        assert plain == reg
    else:
        assert reg.marginal("distance").mean() > plain.marginal("distance").mean()


# --- trot --------------------------------------------------------------------------------------------

TROT_GEAR = [(False, False), (True, False), (False, True), (True, True)]


@pytest.mark.parametrize("regular", [False, True])
@pytest.mark.parametrize(("armour", "horse_armour"), TROT_GEAR)
@pytest.mark.parametrize("density", range(1, 5))
def test_trot_exact_against_raw_dice(density: int, armour: bool, horse_armour: bool, regular: bool) -> None:
    law = trot_exact(density, density, armour, horse_armour, regular)
    assert dict(law.items()) == brute_trot(density, armour, horse_armour, regular)
    assert law.total() == 1


@pytest.mark.parametrize("regular", [False, True])
@pytest.mark.parametrize("density", range(1, 5))
def test_trot_reading_test_die_does_not_move(density: int, regular: bool) -> None:
    law = trot_exact(density, density, armour=True, regular=regular, test_die_moves=False)
    assert dict(law.items()) == brute_trot_test_die_still(density, regular)
    # the losses are the same under either reading; only the distance changes
    assert law.marginal("disordered") == trot_exact(density, density, armour=True, regular=regular) \
        .marginal("disordered")
    # the reading matters only to armoured riders on unarmoured horses
    for armour, horse_armour in ((False, False), (False, True), (True, True)):
        assert trot_exact(density, density, armour, horse_armour, regular, False) == \
            trot_exact(density, density, armour, horse_armour, regular)


@pytest.mark.parametrize("density", range(1, 5))
def test_trot_armoured_riders_fail_only_when_both_dice_fail(density: int) -> None:
    """Index, derived: picking the higher die, P(fail) = ((D−1)/6)²."""
    law = trot_exact(density, density, armour=True)
    assert law.prob(lambda m: m.disordered > 0) == F(density - 1, 6) ** 2
    # the distance is the plain 2d6 law whatever die is the test (Reading)
    two_d6 = {s: F(6 - abs(s - 7), 36) for s in range(2, 13)}
    assert dict(law.marginal("distance").items()) == two_d6


def test_trot_density_3_armoured_riders_hand_values() -> None:
    law = trot_exact(3, 3, armour=True)
    # both dice in {1, 2}: (1,1), (1,2), (2,1) lose 1; (2,2) loses 2
    assert dict(law.marginal("disordered").items()) == {0: F(8, 9), 1: F(1, 12), 2: F(1, 36)}


def test_trot_horse_armour_is_one_die_and_the_test() -> None:
    for d in range(1, 5):
        law = trot_exact(d, d, horse_armour=True)
        assert set(law.marginal("distance").outcomes()) == set(FACES)
        assert law.prob(lambda m: m.disordered > 0) == F(d - 1, 6)
        # whatever the riders wear
        assert law == trot_exact(d, d, armour=True, horse_armour=True)


def test_trot_refused_above_mounted_density() -> None:
    with pytest.raises(RuleError) as e:
        trot_exact(5, 5)
    assert e.value.rule_id == "AOT-DENSITY-LIMITS"


@pytest.mark.parametrize("density", range(1, 6))
def test_regular_disorder_test_fails_only_when_both_dice_fail(density: int) -> None:
    """Index (AOT-PROP-REGULAR): P(fail) = 0, 1/36, 1/9, 1/4, 4/9 for D = 1..5."""
    expected = [F(0), F(1, 36), F(1, 9), F(1, 4), F(4, 9)][density - 1]
    assert disorder_test(density, 2 * density, True).prob(lambda k: k > 0) == expected
    assert run_exact(density, 2 * density, armour=True, regular=True).prob(lambda m: m.disordered > 0) == expected


# --- the played face, through its event log ----------------------------------------------------------

def test_play_run_shielded_density_4_die_2() -> None:
    unit = Unit("thureophoroi", (4, 4), shield=True)
    dice = FixedDice([2])
    after, move = play_run(unit, dice)
    assert move == ExtraMove(2, 2)
    assert [(t.unit, t.roll, t.density, t.lost) for t in dice.events(DisorderTested)] == [
        ("thureophoroi", 2, 4, 2)]
    assert [(m.why, m.faces, m.distance) for m in dice.events(Moved)] == [("run", (2,), 2)]
    assert after.ranks == (3, 3) and after.disordered == 2
    assert dice.exhausted()


def test_play_run_without_gear_logs_no_test() -> None:
    dice = FixedDice([1])
    after, move = play_run(Unit("psiloi", (4, 4)), dice)
    assert move == ExtraMove(1, 0) and after.disordered == 0
    assert dice.events(DisorderTested) == [] and [m.distance for m in dice.events(Moved)] == [1]


def test_play_run_regular_reroll_is_logged_and_sets_the_distance() -> None:
    unit = Unit("hastati", (4, 4), armour=True, regular=True)
    dice = FixedDice([3, 2])  # 3 fails (< 4); the musician's 2 also fails and is lower: keep 2
    after, move = play_run(unit, dice)
    assert move == ExtraMove(2, 2) and after.disordered == 2
    rolls = dice.events(Roll)
    assert [r.face for r in rolls] == [3, 2] and "re-roll" in str(rolls[1].purpose)
    assert [t.roll for t in dice.events(DisorderTested)] == [2]
    assert [m.distance for m in dice.events(Moved)] == [2]
    # a failure followed by a worse die keeps the first
    _, move = play_run(unit, FixedDice([1, 3]))
    assert move == ExtraMove(1, 1)


def test_play_run_refusals() -> None:
    for unit, rid in ((Unit("legion", (4, 4), shield=True, armour=True), "AOT-RUN"),
                      (Unit("pavisiers", (3, 3), pavise=True, armour=True), "AOT-RUN"),
                      (Unit("horse", (3,), mounted=True), "AOT-RUN")):
        dice = FixedDice([6])
        with pytest.raises(RuleError) as e:
            play_run(unit, dice)
        assert e.value.rule_id == rid and not dice.log


def test_play_trot_armoured_riders_test_on_the_higher_die() -> None:
    unit = Unit("cataphracts", (3,), mounted=True, armour=True)
    dice = FixedDice([1, 5])
    after, move = play_trot(unit, dice)
    assert move == ExtraMove(6, 0) and after == unit
    assert [(t.roll, t.lost) for t in dice.events(DisorderTested)] == [(5, 0)]
    moved = dice.events(Moved)
    assert [m.distance for m in moved] == [6] and sorted(moved[0].faces) == [1, 5]


def test_play_trot_both_dice_fail_regular_reroll() -> None:
    unit = Unit("clibanarii", (4,), mounted=True, armour=True, regular=True)
    dice = FixedDice([3, 1, 6])  # both fail; test on the 1, re-rolled to a 6 (pass); distance 3 + 6
    after, move = play_trot(unit, dice)
    assert move == ExtraMove(9, 0) and after == unit
    assert "re-roll" in str(dice.events(Roll)[2].purpose)
    assert [t.roll for t in dice.events(DisorderTested)] == [6]


def test_play_trot_test_die_does_not_move_reading() -> None:
    unit = Unit("cataphracts", (3,), mounted=True, armour=True)
    dice = FixedDice([1, 5])  # test on the 5 (no loss); only the 1 moves the unit
    after, move = play_trot(unit, dice, test_die_moves=False)
    assert move == ExtraMove(1, 0) and after == unit
    assert [(m.faces, m.distance) for m in dice.events(Moved)] == [((1,), 1)]


def test_play_trot_horse_armour_one_die() -> None:
    unit = Unit("cataphracts", (4,), mounted=True, armour=True, horse_armour=True)
    dice = FixedDice([2])
    after, move = play_trot(unit, dice)
    assert move == ExtraMove(2, 2) and after.ranks == (2,) and after.disordered == 2
    assert dice.exhausted()


def test_play_trot_light_horse_two_dice_no_test() -> None:
    dice = FixedDice([1, 1])
    after, move = play_trot(Unit("numidians", (4,), mounted=True), dice)
    assert move == ExtraMove(2, 0) and after.disordered == 0 and dice.events(DisorderTested) == []


def test_play_trot_refuses_foot() -> None:
    with pytest.raises(RuleError) as e:
        play_trot(Unit("foot", (3, 3)), FixedDice([1, 1]))
    assert e.value.rule_id == "AOT-TROT"
