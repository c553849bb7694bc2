"""Winning the battle (rules index 1.1): total victory, victory points at nightfall and the organised
withdrawal, with hand-counted scores, every Reading, the refusals and hypothesis properties."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aot_rules.aot.rules.victory import (
    Ending,
    Side,
    Standing,
    UnitRecord,
    battle_result,
    points_for,
    still_fighting,
    total_victory,
    victory_points,
    withdraw,
)
from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import label, text


def refused(rule_id: str, fn, *args, **kw) -> RuleError:
    with pytest.raises(RuleError) as e:
        fn(*args, **kw)
    assert e.value.rule_id == rule_id, e.value
    return e.value


ROMANS = Side.tally("Romans", formed=4)


# --- AOT-VICTORY-ROUT ------------------------------------------------------------------------------

@pytest.mark.parametrize("gone", [
    {"destroyed": 3},
    {"dispersed": 1, "off_table": 2},
    {"in_camp": 3},
    {"destroyed": 1, "dispersed": 1, "off_table": 1, "in_camp": 1},
])
def test_every_enemy_unit_gone_is_total_victory(gone):
    gauls = Side.tally("Gauls", **gone)
    assert total_victory(ROMANS, gauls)
    r = battle_result(ROMANS, gauls)
    assert (r.ending, r.winner, r.rule_id) == (Ending.ROUT, "Romans", "AOT-VICTORY-ROUT")


def test_one_formed_enemy_unit_left_blocks_total_victory():
    gauls = Side.tally("Gauls", formed=1, destroyed=9)
    assert not total_victory(ROMANS, gauls)
    assert still_fighting(gauls) == ("Gauls 1",)


def test_reading_a_panicking_unit_still_on_the_table_blocks_total_victory():
    """AOT-VICTORY-ROUT, Reading: it counts only once removed, in its camp or off the table."""
    gauls = Side.tally("Gauls", panicking=1, destroyed=5)
    assert not total_victory(ROMANS, gauls)
    assert battle_result(ROMANS, gauls).ending is Ending.NIGHTFALL


def test_reading_a_looter_has_been_removed_so_it_does_not_block_total_victory():
    """AOT-CAMP removes the looter from the table; AOT-VICTORY-ROUT's Reading counts removed units as gone."""
    gauls = Side.tally("Gauls", destroyed=2, looting=1)
    assert total_victory(Side.tally("Romans", formed=1, camp_captured=True), gauls)


def test_rout_is_decided_before_points():
    """The routed side may even lead on points: total victory still wins."""
    romans = Side.tally("Romans", formed=1, destroyed=6, camp_captured=True)
    gauls = Side.tally("Gauls", off_table=3)
    r = battle_result(romans, gauls)
    assert r.scores[0].total == 0 and r.scores[1].total == 8
    assert (r.ending, r.winner) == (Ending.ROUT, "Romans")


def test_engineering_both_armies_gone_at_once_is_decided_on_points():
    a = Side.tally("A", destroyed=1, off_table=1)
    b = Side.tally("B", destroyed=2)
    assert total_victory(a, b) and total_victory(b, a)
    r = battle_result(a, b)
    assert (r.ending, r.winner, r.scores[0].total, r.scores[1].total) == (Ending.NIGHTFALL, "A", 2, 1)


# --- AOT-VICTORY-POINTS ----------------------------------------------------------------------------

def test_one_point_for_each_enemy_unit_destroyed_or_dispersed():
    s = points_for(ROMANS, Side.tally("Gauls", formed=1, destroyed=2, dispersed=1))
    assert s.total == 3
    (line,) = s.lines
    assert line.rule_id == "AOT-VICTORY-POINTS" and line.units == ("Gauls 2", "Gauls 3", "Gauls 4")


def test_two_points_for_the_captured_enemy_camp():
    assert points_for(ROMANS, Side.tally("Gauls", formed=2, camp_captured=True)).total == 2


def test_units_in_a_captured_camp_score_one_each():
    s = points_for(ROMANS, Side.tally("Gauls", formed=1, in_camp=3, camp_captured=True))
    assert s.total == 2 + 3
    assert [(str(line.reason), line.points) for line in s.lines] == [
        ("enemy camp captured", 2), ("3 enemy units fled into the captured camp", 3)]


def test_units_in_a_camp_that_was_not_captured_score_nothing_and_the_score_says_so():
    s = points_for(ROMANS, Side.tally("Gauls", formed=1, in_camp=3))
    assert s.total == 0
    assert [(line.points, line.units) for line in s.lines] == [(0, ("Gauls 2", "Gauls 3", "Gauls 4"))]


def test_units_still_on_the_table_and_units_off_the_table_score_nothing():
    assert points_for(ROMANS, Side.tally("Gauls", formed=2, panicking=2, off_table=3)).total == 0


def test_a_looter_is_removed_but_not_destroyed():
    """AOT-CAMP: the unit that sacks a camp leaves the table without counting as destroyed."""
    romans = Side.tally("Romans", formed=2, camp_captured=True)
    s = points_for(romans, Side.tally("Gauls", formed=1, looting=1))
    assert s.total == 0
    assert [line.rule_id for line in s.lines] == ["AOT-CAMP"]
    assert points_for(Side.tally("Gauls", formed=1, looting=1), romans).total == 2  # the looters' side scores


def test_elephant_escort_lost_gives_the_enemy_a_point():
    carthage = Side.tally("Carthage", formed=3, escorts_lost=1)
    s = points_for(ROMANS, carthage)
    assert s.total == 1 and s.lines[0].rule_id == "AOT-ELEPHANT-UNIT"


def test_reading_escort_point_is_on_top_of_the_destroyed_unit():
    """Our reading: the escort's point is scored when the light infantry is gone, whatever later becomes
    of the elephant; a mixed unit destroyed outright is worth 1 + 1."""
    carthage = Side(name="Carthage", units=(UnitRecord("elephant", Standing.DESTROYED), UnitRecord("Libyans",
                                                                                              Standing.FORMED)),
                    escorts_lost=1)
    assert points_for(ROMANS, carthage).total == 2


def test_a_worked_count():
    """A hand count: Romans destroyed 2 and dispersed 1, took the camp with 2 Gauls in it, and stripped an
    elephant of its escort: 3 + 2 + 2 + 1 = 8.  The Gauls destroyed 1 Roman unit and hold no camp: 1."""
    gauls = Side.tally("Gauls", formed=2, panicking=1, destroyed=2, dispersed=1, in_camp=2, camp_captured=True,
                       escorts_lost=1)
    romans = Side.tally("Romans", formed=5, destroyed=1)
    ra, ga = victory_points(romans, gauls)
    assert (ra.total, ga.total) == (8, 1)
    r = battle_result(romans, gauls)
    assert (r.ending, r.winner, r.draw) == (Ending.NIGHTFALL, "Romans", False)
    assert str(r.describe()) == "nightfall: won by Romans, 8 VP to 1"
    assert str(ra.describe()).startswith("Romans: 8 VP (3 enemy units destroyed or dispersed: +3; enemy camp captured")


def test_reading_equal_points_are_a_draw():
    r = battle_result(Side.tally("A", formed=2, destroyed=1), Side.tally("B", formed=3, dispersed=1))
    assert r.draw and r.winner is None and r.ending is Ending.NIGHTFALL
    assert str(r.describe()) == "nightfall: a draw, 1 VP to 1"


def test_no_points_at_all_is_a_draw():
    assert battle_result(Side.tally("A", formed=1), Side.tally("B", formed=1)).draw


# --- AOT-VICTORY-WITHDRAW --------------------------------------------------------------------------

def test_cannot_withdraw_while_a_unit_with_density_remains_on_the_table():
    e = refused("AOT-VICTORY-WITHDRAW", withdraw, Side.tally("Gauls", formed=2, off_table=1), ROMANS)
    assert "Gauls 1, Gauls 2" in e.message


def test_withdrawal_counts_the_camp_captured_and_panicking_units_destroyed():
    gauls = Side.tally("Gauls", marched_off=4, panicking=2, destroyed=1)
    r = withdraw(gauls, Side.tally("Romans", formed=4, destroyed=2))
    g, rom = r.scores
    assert (r.ending, r.rule_id) == (Ending.WITHDRAWAL, "AOT-VICTORY-WITHDRAW")
    assert [(line.rule_id, line.points) for line in rom.lines] == [
        ("AOT-VICTORY-POINTS", 1), ("AOT-VICTORY-WITHDRAW", 2), ("AOT-VICTORY-WITHDRAW", 2)]
    assert (g.total, rom.total, r.winner) == (2, 5, "Romans")


def test_reading_panicking_units_in_the_captured_camp_score_once_each():
    """AOT-VICTORY-WITHDRAW, Reading: +1 each, counted once (not also as destroyed)."""
    gauls = Side.tally("Gauls", off_table=2, in_camp=3)
    rom = withdraw(gauls, ROMANS).scores[1]
    assert rom.total == 2 + 3
    assert [line.points for line in rom.lines] == [2, 3]


def test_withdrawal_camp_is_worth_two_once_even_if_it_had_already_fallen():
    gauls = Side.tally("Gauls", off_table=2, camp_captured=True)
    romans = Side.tally("Romans", formed=3, looting=1)
    rom = withdraw(gauls, romans).scores[1]
    assert rom.total == 2
    assert rom.lines[0].rule_id == "AOT-VICTORY-POINTS"  # it was captured in play, not by the withdrawal


def test_the_withdrawing_side_keeps_its_points_and_can_even_win():
    gauls = Side.tally("Gauls", off_table=3)
    romans = Side.tally("Romans", formed=1, destroyed=4)
    r = withdraw(gauls, romans)
    assert (r.scores[0].total, r.scores[1].total, r.winner) == (4, 2, "Gauls")


def test_withdrawal_is_not_a_rout_even_with_no_unit_left_on_the_table():
    r = withdraw(Side.tally("Gauls", off_table=3), ROMANS)
    assert r.ending is Ending.WITHDRAWAL


# --- refusals --------------------------------------------------------------------------------------

def test_looting_needs_a_captured_enemy_camp():
    refused("AOT-CAMP", victory_points, Side.tally("Gauls", formed=1, looting=1), ROMANS)
    refused("AOT-CAMP", total_victory, ROMANS, Side.tally("Gauls", formed=1, looting=1))


def test_only_one_unit_can_loot_a_camp():
    refused("AOT-CAMP", Side.tally, "Gauls", looting=2)


@pytest.mark.parametrize("n", [-1, 4])
def test_escorts_lost_must_fit_the_army(n):
    refused("AOT-ELEPHANT-UNIT", Side.tally, "Carthage", formed=3, escorts_lost=n)


def test_an_army_has_units_and_counts_are_not_negative():
    refused("AOT-VICTORY-ROUT", Side, "Nobody", ())
    refused("AOT-VICTORY-POINTS", Side.tally, "Gauls", formed=2, destroyed=-1)


def test_two_sides_need_different_names():
    refused("AOT-VICTORY-POINTS", battle_result, ROMANS, Side.tally("Romans", formed=1))


# --- properties ------------------------------------------------------------------------------------

@st.composite
def sides(draw, name: str) -> Side:
    kinds = [f for f in Standing if f not in (Standing.LOOTING, Standing.MARCHED_OFF)]  # marched off: withdrawals only
    fates = draw(st.lists(st.sampled_from(kinds), min_size=1, max_size=12))
    if draw(st.booleans()):
        fates.append(Standing.LOOTING)
    units = tuple(UnitRecord(f"{name} {i}", f) for i, f in enumerate(fates))
    return Side(name, units, camp_captured=draw(st.booleans()), escorts_lost=draw(st.integers(0, len(units))))


def consistent(a: Side, b: Side) -> tuple[Side, Side]:
    """Make the pair legal: a side with a looter has sacked the enemy's camp."""
    if a.count(Standing.LOOTING):
        b = dataclasses.replace(b, camp_captured=True)
    if b.count(Standing.LOOTING):
        a = dataclasses.replace(a, camp_captured=True)
    return a, b


pairs = st.tuples(sides("A"), sides("B")).map(lambda p: consistent(*p))


@given(pairs)
def test_points_are_never_negative_and_lines_add_up(pair):
    for s in victory_points(*pair):
        assert s.total >= 0 and all(line.points >= 0 for line in s.lines)
        assert s.total == sum(line.points for line in s.lines)


@given(pairs)
def test_points_follow_the_rule_as_a_formula(pair):
    a, b = pair
    destroyed = b.count(Standing.DESTROYED, Standing.DISPERSED)
    camp = (2 + b.count(Standing.IN_CAMP)) if b.camp_captured else 0
    assert points_for(a, b).total == destroyed + camp + b.escorts_lost


@given(pairs)
def test_swapping_the_sides_swaps_the_result(pair):
    a, b = pair
    r, s = battle_result(a, b), battle_result(b, a)
    assert (r.ending, r.winner) == (s.ending, s.winner)
    assert r.scores == s.scores[::-1]


@given(pairs)
def test_the_winner_on_points_has_more_points(pair):
    r = battle_result(*pair)
    if r.ending is Ending.NIGHTFALL:
        x, y = r.scores
        assert r.winner == (x.side if x.total > y.total else y.side if y.total > x.total else None)


@given(pairs)
def test_destroying_one_more_enemy_unit_is_worth_exactly_one_point(pair):
    a, b = pair
    more = dataclasses.replace(b, units=(*b.units, UnitRecord("B extra", Standing.DESTROYED)))
    assert points_for(a, more).total == points_for(a, b).total + 1


@given(pairs)
def test_withdrawing_never_helps_the_withdrawer_on_the_opponents_score(pair):
    a, b = pair
    a = dataclasses.replace(a, units=tuple(UnitRecord(u.name, Standing.OFF_TABLE) if u.fate is Standing.FORMED else u
                                           for u in a.units))
    w = withdraw(a, b)
    night = points_for(b, a)
    extra = (0 if a.camp_captured else 2 + a.count(Standing.IN_CAMP)) + a.count(Standing.PANICKING)
    assert w.scores[1].total == night.total + extra
    assert w.scores[0] == points_for(a, b)


# --- issue 22: fled off the table and marched off in order are two fates ------------------------------

def test_fled_off_the_table_and_marched_off_in_order_are_kept_apart() -> None:
    assert Standing.OFF_TABLE is not Standing.MARCHED_OFF
    assert (text(label(Standing.OFF_TABLE), "en"), text(label(Standing.MARCHED_OFF), "en")) == ("fled off the table",
                                                                                        "marched off in order")
    assert not Standing.OFF_TABLE.on_table and not Standing.MARCHED_OFF.on_table
    # both score nothing, in a withdrawal
    r = withdraw(Side.tally("Gauls", marched_off=2, off_table=2), Side.tally("Romans", formed=1))
    assert r.scores[1].total == 2  # the camp only
    # outside a withdrawal a unit cannot have marched off in order
    with pytest.raises(RuleError, match="AOT-VICTORY-WITHDRAW: Gauls 2 marched off in order"):
        battle_result(Side.tally("Gauls", marched_off=1, formed=1), Side.tally("Romans", formed=1))
    assert battle_result(Side.tally("Gauls", off_table=1, formed=1), Side.tally("Romans", formed=1)).draw
