"""Evasion (AOT-EVADE-ELIGIBILITY, AOT-EVADE-PROCEDURE): who may evade whom, checked against a truth
table derived by hand from the seed («Уклонение», «Верблюды», «Слоны», «Колесницы», «Артиллерия») and
the index's Readings, and the evasion move's joint law checked against raw dice.

The truth table is literal data on purpose: each row was decided by reading the rules, not by running
the engine, and each carries the rule that decides it.  Readings used (common reading 6): cavalry may
always evade foot; "heavier" means a strictly larger set of {shield, armour, horse armour}; sets that
differ both ways are incomparable (neither evades); equal sets may evade; camels count as cavalry for
chariots and as mounted for foot; artillery crews are foot with no protection.
"""

from __future__ import annotations

import itertools
from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aot_rules.aot.events import Moved
from aot_rules.aot.events import Tested as DisorderTested  # not "Test…": pytest would collect it
from aot_rules.aot.examples import EVASION_PAIRS, EXAMPLES
from aot_rules.aot.rules.evasion import (
    Arm,
    Troops,
    check_evade,
    evade_exact,
    evasion_verdict,
    may_evade,
    play_evade,
    troops_of,
)
from aot_rules.aot.rules.run_trot import ExtraMove
from aot_rules.aot.units import Unit
from aot_rules.core.dice import FixedDice
from aot_rules.core.errors import RuleError
from aot_rules.core.events import Roll
from aot_rules.systems import get

# --- the profiles the table names -----------------------------------------------------------------
LF = Troops(Arm.FOOT)  # light foot
FS = Troops(Arm.FOOT, shield=True)  # e.g. Thracians, Anglo-Saxons
FA = Troops(Arm.FOOT, armour=True)  # e.g. Norman archers
FSA = Troops(Arm.FOOT, shield=True, armour=True)  # e.g. legionaries
LH = Troops(Arm.CAVALRY)  # light horse, e.g. Numidians
HS = Troops(Arm.CAVALRY, shield=True)
HA = Troops(Arm.CAVALRY, armour=True)  # armoured riders, e.g. Roman cavalry
HSA = Troops(Arm.CAVALRY, shield=True, armour=True)
HH = Troops(Arm.CAVALRY, horse_armour=True)  # armoured horses, unarmoured riders
HAH = Troops(Arm.CAVALRY, armour=True, horse_armour=True)  # cataphracts
HSAH = Troops(Arm.CAVALRY, shield=True, armour=True, horse_armour=True)
CM = Troops(Arm.CAMEL)
EL = Troops(Arm.ELEPHANT)
CH = Troops(Arm.CHARIOT)
AR = Troops(Arm.ARTILLERY)

#: (evader, attacker, may evade?, the rule that decides).  Derived by hand; see the module docstring.
TRUTH_TABLE: list[tuple[Troops, Troops, bool, str]] = [
    # --- foot evading foot: the "heavier" rule ---
    (LF, LF, True, "equal sets: neither is heavier"),
    (LF, FS, True, "lighter evades heavier"),
    (LF, FSA, True, "lighter evades heavier"),
    (FS, LF, False, "heavier may not evade lighter: {shield} ⊃ {}"),
    (FS, FS, True, "equal sets"),
    (FA, FA, True, "equal sets"),
    (FS, FA, False, "Anglo-Saxons charged by Norman archers: shield vs armour, incomparable"),
    (FA, FS, False, "Norman archers charged by Anglo-Saxons: armour vs shield, incomparable (seed, stated)"),
    (FS, FSA, True, "Thracians charged by legionaries: {shield} ⊂ {shield, armour}"),
    (FSA, FS, False, "legionaries charged by Thracians: shield+armour foot never evades"),
    (FA, FSA, True, "{armour} ⊂ {shield, armour}"),
    (FSA, FSA, False, "shield+armour foot never evades, even an equal enemy"),
    (FSA, LF, False, "shield+armour foot never evades"),
    # --- foot evading anything mounted: never ---
    (LF, LH, False, "infantry never evades cavalry"),
    (LF, HSAH, False, "infantry never evades cavalry"),
    (FA, HA, False, "infantry never evades cavalry, whatever the gear"),
    (LF, CM, False, "infantry never evades camels (mounted)"),
    (LF, EL, False, "infantry may not evade elephants («пехота – нет»)"),
    (FS, CH, False, "infantry may not evade chariots («пехота – нет»)"),
    # --- foot evading an artillery crew: the crew is foot with nothing, so the heavier rule ---
    (LF, AR, True, "equal sets against the crew"),
    (FS, AR, False, "heavier than the crew, which wears nothing"),
    # --- cavalry evading foot: always (Reading 1, even the heaviest) ---
    (LH, LF, True, "cavalry may always evade infantry"),
    (HAH, LF, True, "cavalry may always evade infantry (Reading 1 beats the heavier rule)"),
    (HSA, FSA, True, "cavalry may always evade infantry"),
    (HSAH, FS, True, "cavalry may always evade infantry"),
    (HA, AR, True, "an artillery crew is infantry"),
    # --- cavalry evading cavalry: the heavier rule ---
    (LH, HA, True, "Numidians charged by Roman cavalry: {} ⊂ {armour}"),
    (HA, LH, False, "Roman cavalry charged by Numidians: heavier may not evade lighter"),
    (LH, LH, True, "equal sets"),
    (HSAH, HSAH, True, "equal sets"),
    (HAH, LH, False, "cataphracts are heavier than light horse"),
    (LH, HAH, True, "lighter evades heavier"),
    (HA, HAH, True, "{armour} ⊂ {armour, horse armour}"),
    (HS, HA, False, "shield vs armour: incomparable"),
    (HA, HS, False, "armour vs shield: incomparable"),
    (HH, HA, False, "horse armour vs rider armour: incomparable"),
    (HSA, HAH, False, "{shield, armour} vs {armour, horse armour}: incomparable"),
    # --- cavalry evading camels, elephants, chariots ---
    (LH, CM, True, "camels are cavalry here: equal (empty) sets"),
    (HA, CM, False, "heavier than unprotected camels"),
    (LH, EL, True, "cavalry may evade elephants («Конница может отступать от слона»)"),
    (HSAH, EL, True, "cavalry may evade elephants, whatever its gear"),
    (HAH, CH, True, "cavalry may evade chariots («Конница может отступать от колесниц»)"),
    # --- camels: infantry only ---
    (CM, LF, True, "camels may evade infantry («могут отступать от пехоты»)"),
    (CM, FSA, True, "camels may evade infantry, however heavy"),
    (CM, AR, True, "an artillery crew is infantry"),
    (CM, LH, False, "camels may not evade cavalry («не могут отступать от конницы»)"),
    (CM, CM, False, "camels are cavalry to camels"),
    (CM, EL, False, "ours: camels evade infantry only, not elephants"),
    (CM, CH, False, "ours: camels evade infantry only, not chariots"),
    # --- elephants: never ---
    (EL, LF, False, "elephants evade nothing («не может совершить отступление от любых»)"),
    (EL, EL, False, "elephants evade nothing"),
    (EL, AR, False, "elephants evade nothing"),
    (EL, HAH, False, "elephants evade nothing"),
    # --- chariots: like cavalry, but never from horsemen ---
    (CH, LF, True, "chariots evade infantry like cavalry (Reading)"),
    (CH, FSA, True, "chariots evade infantry like cavalry (Reading)"),
    (CH, LH, False, "chariots cannot evade cavalry («Колесница не может отступать от конницы»)"),
    (CH, HAH, False, "chariots cannot evade cavalry"),
    (CH, CM, False, "ours: camels count as cavalry for chariots"),
    (CH, EL, True, "chariots evade elephants like cavalry (Reading)"),
    (CH, CH, True, "chariots evade chariots like cavalry (Reading)"),
    # --- artillery crews: never ---
    (AR, LF, False, "artillery crews cannot evade anyone"),
    (AR, AR, False, "artillery crews cannot evade anyone"),
    (AR, LH, False, "artillery crews cannot evade anyone"),
    (AR, EL, False, "artillery crews cannot evade anyone"),
]


def test_truth_table_covers_every_arm_both_ways() -> None:
    assert len(TRUTH_TABLE) >= 30
    assert {e.arm for e, _, _, _ in TRUTH_TABLE} == set(Arm)
    assert {a.arm for _, a, _, _ in TRUTH_TABLE} == set(Arm)
    pairs = [(e, a) for e, a, _, _ in TRUTH_TABLE]
    assert len(pairs) == len(set(pairs)), "a pair is listed twice"


@pytest.mark.parametrize(("evader", "attacker", "allowed", "why"), TRUTH_TABLE,
                         ids=[f"{e.describe()}<-{a.describe()}" for e, a, _, _ in TRUTH_TABLE])
def test_may_evade_truth_table(evader: Troops, attacker: Troops, allowed: bool, why: str) -> None:
    assert may_evade(evader, attacker) is allowed, why
    verdict = evasion_verdict(evader, attacker)
    assert verdict.allowed is allowed and verdict.reason
    if allowed:
        check_evade(evader, attacker)
    else:
        with pytest.raises(RuleError) as e:
            check_evade(evader, attacker)
        assert e.value.rule_id == "AOT-EVADE-ELIGIBILITY"


# --- the three source examples, both ways ----------------------------------------------------------

SOURCE_EXAMPLES = [
    # (example, attacker, charged, may the charged evade?)
    ("AOT-EX-EVADE-NUMIDIANS", HA, LH, True),  # Romans charge: Numidians may evade
    ("AOT-EX-EVADE-NUMIDIANS", LH, HA, False),  # Numidians charge: Romans must fight
    ("AOT-EX-EVADE-THRACIANS", FS, FSA, False),  # Thracians charge: legionaries may not evade
    ("AOT-EX-EVADE-THRACIANS", FSA, FS, True),  # legionaries charge: Thracians may evade
    ("AOT-EX-EVADE-ANGLOSAXONS", FS, FA, False),  # Anglo-Saxons charge: Norman archers may not evade
    ("AOT-EX-EVADE-ANGLOSAXONS", FA, FS, False),  # Normans charge: Anglo-Saxons may not evade either
]


@pytest.mark.parametrize(("example_id", "attacker", "charged", "allowed"), SOURCE_EXAMPLES)
def test_source_examples_both_ways(example_id: str, attacker: Troops, charged: Troops, allowed: bool) -> None:
    _, (_, first), (_, second) = EVASION_PAIRS[example_id]
    assert {first, second} == {attacker, charged}, "the example's units are the ones the source describes"
    assert may_evade(charged, attacker) is allowed


@pytest.mark.parametrize("example_id", sorted(EVASION_PAIRS))
def test_evasion_examples_tell_both_verdicts(example_id: str) -> None:
    ex = EXAMPLES[example_id]()
    assert ex.example_id == example_id and len(ex.intro) == 2
    expected = {(a, c): ok for eid, a, c, ok in SOURCE_EXAMPLES if eid == example_id}
    _, (name_a, a), (name_b, b) = EVASION_PAIRS[example_id]
    first, second = map(str, ex.intro)
    # the first line: the first-named side charges; the second: the other side charges
    assert first.startswith(f"If the {name_a} charge, the {name_b}")
    assert ("may not evade" not in first) is expected[(a, b)]
    assert second.startswith(f"If the {name_b} charge, the {name_a}")
    assert ("may not evade" not in second) is expected[(b, a)]


# --- properties over every pair of profiles ---------------------------------------------------------

def troops() -> st.SearchStrategy[Troops]:
    return st.sampled_from(list(Arm)).flatmap(lambda arm: st.builds(
        Troops, st.just(arm), st.booleans(), st.booleans(),
        st.booleans() if arm is Arm.CAVALRY else st.just(False)))


ALL_TROOPS = [Troops(arm, s, a, h) for arm in Arm for s, a, h in itertools.product((False, True), repeat=3)
              if arm is Arm.CAVALRY or not h]


@given(troops(), troops())
def test_eligibility_properties(evader: Troops, attacker: Troops) -> None:
    check_properties(evader, attacker)


def test_eligibility_properties_over_every_pair() -> None:
    """The same properties, exhaustively: there are only len(ALL_TROOPS)² pairs."""
    assert len(ALL_TROOPS) == 4 * 5 + 8
    for e, a in itertools.product(ALL_TROOPS, repeat=2):
        check_properties(e, a)


def check_properties(evader: Troops, attacker: Troops) -> None:
    ok = may_evade(evader, attacker)
    if evader.arm is Arm.FOOT and attacker.arm.mounted:
        assert not ok, "foot never evades mounted troops"
    if evader.arm in (Arm.ELEPHANT, Arm.ARTILLERY):
        assert not ok, "elephants and artillery crews never evade"
    if evader.arm is Arm.CAVALRY and not attacker.arm.mounted:
        assert ok, "cavalry may always evade foot"
    if evader.arm is Arm.FOOT and evader.shield and evader.armour:
        assert not ok, "shield+armour foot never evades"
    if evader.arm is Arm.CHARIOT and attacker.arm in (Arm.CAVALRY, Arm.CAMEL):
        assert not ok
    if evader.arm is Arm.CAVALRY and attacker.arm in (Arm.ELEPHANT, Arm.CHARIOT):
        assert ok


@pytest.mark.parametrize("a", [t for t in ALL_TROOPS if t.arm is Arm.CAVALRY], ids=Troops.describe)
def test_two_cavalry_units_evade_each_other_only_when_equally_equipped(a: Troops) -> None:
    for b in (t for t in ALL_TROOPS if t.arm is Arm.CAVALRY):
        both = may_evade(a, b) and may_evade(b, a)
        assert both is (a.gear == b.gear), (a, b)
        # heavier (strict superset) never evades lighter; lighter (strict subset) always evades heavier
        if a.gear > b.gear:
            assert not may_evade(a, b) and may_evade(b, a)


def test_foot_against_foot_is_the_subset_rule() -> None:
    for a, b in itertools.product([t for t in ALL_TROOPS if t.arm is Arm.FOOT], repeat=2):
        expected = a.gear <= b.gear and not (a.shield and a.armour)
        assert may_evade(a, b) is expected, (a, b)


def test_every_profile_pair_has_a_reason() -> None:
    for a, b in itertools.product(ALL_TROOPS, repeat=2):
        assert evasion_verdict(a, b).reason


# --- units as well as descriptions ------------------------------------------------------------------

def test_units_are_read_as_foot_or_cavalry_and_a_pavise_is_a_shield() -> None:
    pavisiers = Unit("pavisiers", (3, 3), pavise=True)
    assert troops_of(pavisiers) == FS
    assert troops_of(Unit("cataphracts", (3,), mounted=True, armour=True, horse_armour=True)) == HAH
    assert troops_of(Unit("camels", (3,), mounted=True), Arm.CAMEL) == CM
    # a pavise and armour together make foot that never evades
    assert not may_evade(Unit("x", (2, 2), pavise=True, armour=True), Unit("y", (2, 2)))
    # numidians as units
    numidians, romans = Unit("N", (3,), mounted=True), Unit("R", (3,), mounted=True, armour=True)
    assert may_evade(numidians, romans) and not may_evade(romans, numidians)


def test_horse_armour_only_for_cavalry() -> None:
    with pytest.raises(RuleError):
        Troops(Arm.CAMEL, horse_armour=True)
    assert troops_of(Unit("c", (2,), mounted=True, horse_armour=True), Arm.CHARIOT).horse_armour is False


# --- the registered who-may-evade-whom table ---------------------------------------------------------

def test_registered_table_agrees_with_the_truth_table_rows_it_can_show() -> None:
    from aot_rules.aot.mechanics.evasion import PROFILE_TROOPS

    m = get("AOT-EVADE-ELIGIBILITY")
    assert m.deterministic
    by_troops = {t: p for p, t in PROFILE_TROOPS.items()}
    shown = 0
    for evader, attacker, allowed, _ in TRUTH_TABLE:
        if evader in by_troops and attacker in by_troops:
            out = m.evaluate(evader=by_troops[evader], attacker=by_troops[attacker])
            answer = out.dists[out.main].mode()
            assert (answer == "yes") is allowed, (evader, attacker)
            shown += 1
    assert shown >= 40


@pytest.mark.parametrize("flag", ["moved_fast", "evaded"])
def test_no_evasion_after_a_run_or_a_second_time(flag: str) -> None:
    out = get("AOT-EVADE-ELIGIBILITY").evaluate(evader="light horse", attacker="horse, armoured riders",
                                                **{flag: True})
    assert out.dists[out.main].mode() == "no"


# --- the evasion move: one die is the distance and the test ------------------------------------------

def brute_evade(density: int, formed: int, regular: bool) -> dict[ExtraMove, F]:
    """Raw dice: the first die; a regular unit rolls a second only if the first failed, keeping a pass,
    else the lower die.  Distance = the kept die; loss = the kept die, when below the density, at most
    the formed warriors."""
    acc: dict[ExtraMove, F] = {}
    for a, b in itertools.product(range(1, 7), repeat=2):
        kept = a
        if regular and a < density:
            kept = b if b >= density else min(a, b)
        loss = min(kept, formed) if kept < density else 0
        acc[ExtraMove(kept, loss)] = acc.get(ExtraMove(kept, loss), F(0)) + F(1, 36)
    return acc


@pytest.mark.parametrize("regular", [False, True])
@pytest.mark.parametrize("density", range(1, 6))
def test_evade_exact_against_raw_dice(density: int, regular: bool) -> None:
    for formed in {density, 2 * density}:
        law = evade_exact(density, formed, regular)
        assert dict(law.items()) == brute_evade(density, formed, regular)
        assert law.total() == 1


def test_evade_exact_hand_numbers() -> None:
    # density 4, regular: no loss if the first die passes (1/2) or the re-roll passes (1/2 · 1/2)
    law = evade_exact(4, 8, True)
    assert law.prob(lambda m: m.disordered == 0) == F(3, 4)
    # loss 1: (1, 1..3) or (2|3, 1) → 5/36
    assert law.prob(lambda m: m.disordered == 1) == F(5, 36)
    assert law.marginal("distance")[6] == F(1, 4)


def test_play_evade_logs_the_die_as_distance_and_test() -> None:
    unit = Unit("peltasts", (3, 3))
    dice = FixedDice([2])
    after, move = play_evade(unit, dice)
    assert move == ExtraMove(2, 2)
    assert after.disordered == 2 and after.density == 2
    tested, moved = dice.events(DisorderTested), dice.events(Moved)
    assert [(t.roll, t.density, t.lost) for t in tested] == [(2, 3, 2)]
    assert [(m.why, m.distance) for m in moved] == [("evasion", 2)]
    assert dice.exhausted()


def test_play_evade_regular_reroll_sets_the_distance() -> None:
    unit = Unit("peltasts", (4, 4), regular=True)
    dice = FixedDice([1, 5])
    after, move = play_evade(unit, dice)
    assert move == ExtraMove(5, 0) and after == unit
    rolls = dice.events(Roll)
    assert [r.face for r in rolls] == [1, 5] and "re-roll" in str(rolls[1].purpose)


def test_play_evade_refuses_a_forbidden_evasion_before_rolling() -> None:
    dice = FixedDice([])
    with pytest.raises(RuleError) as e:
        play_evade(Unit("hoplites", (4, 4), shield=True), dice, attacker=LH)
    assert e.value.rule_id == "AOT-EVADE-ELIGIBILITY" and not dice.log
    with pytest.raises(RuleError) as e:
        play_evade(Unit("routed", (0, 0), disordered=4), FixedDice([3]))
    assert e.value.rule_id == "AOT-PANIC"
