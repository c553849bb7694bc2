"""Reforming, merging, splitting and the density-5 defensive formation (AOT-REFORM, AOT-REFORM-MERGE-SPLIT,
AOT-REFORM-DEFENSIVE-5), and the move rules that read the formation (AOT-MOVE-DISTANCE).

Each expected value is worked out by hand from the rules index and the readings of book/turning.md; a refusal
must name the rule that refuses and leave the unit it was given exactly as it was.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aot_rules.aot.rules.movement import check_move, move_allowance
from aot_rules.aot.rules.reform import merge, ranks_for, reform, restorable, split
from aot_rules.aot.units import Unit
from aot_rules.core.errors import RuleError


def refused(rule_id: str, fn, *args, **kw) -> RuleError:
    """Call ``fn`` expecting a refusal under ``rule_id``; return the error for further checks."""
    with pytest.raises(RuleError) as info:
        fn(*args, **kw)
    assert info.value.rule_id == rule_id, info.value
    return info.value


# --- restorable (AOT-REFORM, AOT-PROP-REGULAR) ----------------------------------------------------

@pytest.mark.parametrize("disordered,regular,expected", [
    (0, False, 0), (0, True, 0),      # nothing to bring back
    (1, False, 1), (1, True, 1),      # a regular unit cannot restore warriors it does not have
    (3, False, 1), (3, True, 2),
    (6, False, 1), (6, True, 2),
])
def test_restorable_is_one_or_two_for_regulars(disordered, regular, expected):
    assert restorable(Unit(ranks=(2, 2), disordered=disordered, regular=regular)) == expected


# --- reform ---------------------------------------------------------------------------------------

def test_reform_restores_one_warrior_and_keeps_the_density_it_can():
    u = Unit("hoplites", (2, 3), disordered=3, shield=True)
    after = reform(u)
    assert after.ranks == (3, 3) and after.disordered == 2
    assert after.strength == u.strength and after.shield


def test_regular_reform_restores_two():
    u = Unit("hoplites", (2, 3), disordered=3, regular=True)
    after = reform(u)
    assert after.disordered == 1 and after.formed == 7
    assert after.ranks == (4, 3)  # seven formed warriors no longer fit in two ranks of three


def test_reform_may_restore_fewer_and_change_density():
    u = Unit("hoplites", (2, 3), disordered=3)
    assert reform(u, restore=0, density=3).ranks == (3, 2)
    assert reform(u, density=4).ranks == (4, 2)


def test_reform_refusals_name_the_rule_and_change_nothing():
    u = Unit("hoplites", (2, 3), disordered=3)
    snapshot = dataclasses.replace(u)
    e = refused("AOT-REFORM", reform, u, restore=2)
    assert e.params == ("restore",)
    refused("AOT-REFORM", reform, u, restore=-1)
    e = refused("AOT-DENSITY-LIMITS", reform, u, density=2)  # six warriors cannot stand two by two on one base
    assert e.params == ("density",)
    refused("AOT-DENSITY-LIMITS", reform, u, density=6)
    refused("AOT-DENSITY-LIMITS", reform, Unit(ranks=(4, 4)), density=2)
    assert u == snapshot and u.ranks == (2, 3) and u.disordered == 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        u.disordered = 0  # type: ignore[misc]


def test_a_panicking_unit_rallies_by_a_reform():
    routed = Unit("Gauls", (0, 0), disordered=4)
    assert routed.panicking and move_allowance(routed) == 10
    after = reform(routed)
    assert not after.panicking and after.density == 1 and after.disordered == 3
    assert move_allowance(after) == 9
    assert reform(dataclasses.replace(routed, regular=True)).formed == 2


def test_a_panicking_unit_that_restores_no_one_has_no_ranks_to_stand_in():
    refused("AOT-REFORM", reform, Unit("Gauls", (0, 0), disordered=4), restore=0)


def test_cavalry_reform_stands_in_one_rank():
    riders = Unit("riders", (3,), mounted=True, disordered=1)
    assert reform(riders).ranks == (4,)
    refused("AOT-DENSITY-LIMITS", reform, riders, density=2)  # three riders in one rank are density 3
    refused("AOT-DENSITY-LIMITS", reform, riders, restore=0, density=4)


def test_reform_ends_the_defensive_formation():
    block = reform(Unit(ranks=(4, 4)), defensive=True)
    assert block.defensive
    again = reform(block, density=4)
    assert not again.defensive and again.ranks == (4, 4) and move_allowance(again) == 6


# --- ranks_for (AOT-DENSITY-LIMITS) ------------------------------------------------------------------

@pytest.mark.parametrize("density,formed,mounted,ranks", [
    (4, 7, False, (4, 3)), (4, 8, False, (4, 4)), (4, 4, False, (4,)), (1, 2, False, (1, 1)),
    (5, 10, False, (5, 5)), (3, 3, True, (3,)), (4, 4, True, (4,)),
])
def test_ranks_for(density, formed, mounted, ranks):
    assert ranks_for(density, formed, mounted) == ranks


@pytest.mark.parametrize("density,formed,mounted", [
    (0, 3, False), (6, 10, False), (5, 5, True),   # outside the density limits
    (2, 5, False), (4, 3, False), (5, 4, False),   # more than two ranks, or not a full front rank
    (3, 2, True),                                  # mounted: density is the riders in the one rank
])
def test_ranks_for_refuses_what_one_base_cannot_hold(density, formed, mounted):
    refused("AOT-DENSITY-LIMITS", ranks_for, density, formed, mounted)


# --- the defensive formation (AOT-REFORM-DEFENSIVE-5) ------------------------------------------------

def test_defensive_formation_stands_at_five_and_cannot_move():
    block = reform(Unit("spearmen", (4, 4)), defensive=True)
    assert block.ranks == (5, 3) and block.density == 5 and block.defensive
    assert move_allowance(block) == 0
    check_move(block, 0)  # standing still is allowed
    e = refused("AOT-REFORM-DEFENSIVE-5", check_move, block, 1)
    assert "reform" in e.message


def test_defensive_formation_lasts_through_losses():
    block = reform(Unit(ranks=(4, 4)), defensive=True).take_losses(2, 1)
    assert block.defensive and block.density < 5
    assert move_allowance(block) == 0


def test_ordinary_density_five_moves_five_inches():
    assert move_allowance(Unit(ranks=(5, 5))) == 5
    assert move_allowance(reform(Unit(ranks=(4, 4), disordered=2), restore=1)) == 5  # nine cannot stand at 4


def test_defensive_formation_refusals():
    refused("AOT-REFORM-DEFENSIVE-5", reform, Unit("riders", (4,), mounted=True), defensive=True)
    refused("AOT-REFORM-DEFENSIVE-5", reform, Unit("peltasts", (2, 2)), defensive=True)
    refused("AOT-REFORM-DEFENSIVE-5", reform, Unit(ranks=(4, 4)), defensive=True, density=4)
    refused("AOT-REFORM-DEFENSIVE-5", Unit, "riders", (4,), mounted=True, defensive=True)
    # four formed and one restored make five: enough for the front rank
    assert reform(Unit(ranks=(2, 2), disordered=1), defensive=True).ranks == (5,)


# --- merging and splitting (AOT-REFORM-MERGE-SPLIT) ----------------------------------------------------

def test_merge_under_a_leader_keeps_the_first_units_properties():
    first = Unit("first", (2, 2), disordered=1, regular=True)
    second = Unit("second", (3, 2), stubborn=True)
    merged = merge(first, second, density=5, by_leader=True)
    assert merged.ranks == (5, 4) and merged.disordered == 1 and merged.name == "first"
    assert merged.regular and not merged.stubborn
    assert merged.strength == first.strength + second.strength


def test_merge_on_two_individual_slots_and_cavalry_closing_up():
    a, b = Unit("a", (2,), mounted=True), Unit("b", (2,), mounted=True)
    assert merge(a, b, density=4, individual_slots=2).ranks == (4,)


def test_merge_refusals():
    a, b = Unit("a", (2, 2)), Unit("b", (2, 2))
    refused("AOT-REFORM-MERGE-SPLIT", merge, a, b, density=4)
    refused("AOT-REFORM-MERGE-SPLIT", merge, a, b, density=4, individual_slots=1)
    refused("AOT-REFORM-MERGE-SPLIT", merge, a, b, density=4, by_leader=True, same_nationality=False)
    refused("AOT-REFORM-MERGE-SPLIT", merge, a, Unit("h", (2,), mounted=True), density=4, by_leader=True)
    refused("AOT-DENSITY-LIMITS", merge, a, b, density=3, by_leader=True)  # 8 at density 3 needs three ranks
    refused("AOT-DENSITY-LIMITS", merge, Unit("big", (4, 4)), Unit("c", (2, 2)), density=5, by_leader=True)
    # ten formed and one disordered: the base holds them, the size limit (10 foot) does not
    refused("AOT-ARMY-UNIT-SIZE", merge, Unit("big", (4, 4)), Unit("c", (1, 1), disordered=1), density=5,
            by_leader=True)
    assert a == Unit("a", (2, 2)) and b == Unit("b", (2, 2))


def test_split_on_a_leaders_order():
    left, right = split(Unit("phalanx", (4, 4), disordered=2), 4, by_leader=True, disordered_first=1,
                        names=("left", "right"))
    assert (left.name, left.ranks, left.disordered) == ("left", (4,), 1)
    assert (right.name, right.ranks, right.disordered) == ("right", (4,), 1)


def test_split_refusals():
    u = Unit("phalanx", (4, 4), disordered=2)
    refused("AOT-REFORM-MERGE-SPLIT", split, u, 4, by_leader=False)
    refused("AOT-REFORM-MERGE-SPLIT", split, u, 0, by_leader=True)
    refused("AOT-REFORM-MERGE-SPLIT", split, u, 8, by_leader=True)
    refused("AOT-REFORM-MERGE-SPLIT", split, u, 4, by_leader=True, disordered_first=3)
    assert u == Unit("phalanx", (4, 4), disordered=2)


# --- properties --------------------------------------------------------------------------------------

@st.composite
def units(draw) -> Unit:
    """Any legal unit, foot or horse, in any state, with or without a musician."""
    mounted = draw(st.booleans())
    if mounted:
        formed = draw(st.integers(0, 4))
        ranks: tuple[int, ...] = (formed,)
        disordered = draw(st.integers(0, 4 - formed))
    else:
        front = draw(st.integers(0, 5))
        back = draw(st.integers(0, front))
        ranks = (front, back)
        disordered = draw(st.integers(0, 10 - front - back))
    return Unit("u", ranks, disordered=disordered, mounted=mounted, regular=draw(st.booleans()))


@settings(max_examples=300, deadline=None)
@given(units(), st.integers(0, 3))
def test_reform_never_changes_strength_nor_restores_more_than_allowed(u, restore):
    try:
        after = reform(u, restore=restore)
    except RuleError as e:
        assert e.rule_id == "AOT-REFORM" and e.params == ("restore",)
        assert restore > restorable(u) or u.formed + restore == 0
        return
    assert after.strength == u.strength
    assert u.disordered - after.disordered == restore <= restorable(u)
    assert after.formed == u.formed + restore and not after.defensive


@settings(max_examples=200, deadline=None)
@given(units())
def test_default_reform_restores_exactly_what_is_allowed(u):
    if u.formed + restorable(u) == 0:
        return
    after = reform(u)
    assert u.disordered - after.disordered == restorable(u)
    assert after.strength == u.strength


def test_reform_keeps_a_mixed_front_rank_it_does_not_widen() -> None:
    """A reform that leaves the front rank as it is keeps the mixed weapons; one that widens it drops them."""
    from aot_rules.aot.equipment import MeleeWeapon

    mix = ((MeleeWeapon.SWORD, 2), (MeleeWeapon.SHOOTER, 1))
    u = Unit("mixed", (3, 2), disordered=1, weapon=MeleeWeapon.SWORD, mix=mix)
    assert reform(u).mix == mix  # restores one into the second rank: 3+3, front untouched
    assert reform(u, density=4).mix == ()
