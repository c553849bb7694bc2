"""The unit model: density, depth, strength, panic, casualty removal and size limits."""

from __future__ import annotations

import dataclasses

import pytest

from aot_rules.errors import RuleError
from aot_rules.units import Unit, WarriorState, parse_ranks, remove_from_ranks

# --- derived state (AOT-DENSITY, AOT-WARRIOR-STATES, AOT-PANIC) --------------------

@pytest.mark.parametrize("ranks,disordered,density,depth,formed,strength", [
    ((4, 4), 0, 4, 2, 8, 8),
    ((3, 4), 0, 4, 2, 7, 7),   # density is the longest rank, front or not
    ((4, 2), 3, 4, 2, 6, 9),   # disordered count toward strength, not density
    ((3,), 0, 3, 1, 3, 3),
    ((2, 0), 1, 2, 1, 2, 3),   # an empty second rank gives no depth
    ((0, 1), 0, 1, 1, 1, 1),
    ((5, 5), 0, 5, 2, 10, 10),
])
def test_density_depth_strength(ranks, disordered, density, depth, formed, strength):
    u = Unit(ranks=ranks, disordered=disordered)
    assert (u.density, u.depth, u.formed, u.strength) == (density, depth, formed, strength)
    assert not u.panicking
    assert u.state_counts() == {WarriorState.FORMED: formed, WarriorState.DISORDERED: disordered}


def test_disordered_warriors_never_count_toward_density():
    a = Unit(ranks=(2, 2), disordered=0)
    b = Unit(ranks=(2, 2), disordered=6)
    assert a.density == b.density == 2
    assert b.strength == a.strength + 6


def test_panicking_unit_has_density_zero():
    u = Unit(ranks=(0, 0), disordered=3)
    assert u.panicking
    assert u.density == 0
    assert u.depth == 0
    assert u.strength == 3
    assert not u.destroyed


def test_destroyed_unit_is_not_panicking():
    u = Unit(ranks=(0, 0))
    assert u.destroyed and not u.panicking


def test_mounted_strength():
    u = Unit(ranks=(4,), mounted=True, horse_armour=True)
    assert (u.density, u.depth, u.strength) == (4, 1, 4)


# --- AOT-CASUALTY-REMOVAL ------------------------------------------------------------

@pytest.mark.parametrize("ranks,n,expected", [
    ((4, 4), 1, (3, 4)),   # equal ranks: the front rank loses first
    ((3, 4), 1, (3, 3)),   # the longest rank loses first, even if it is the second
    ((4, 4), 6, (1, 1)),
    ((4, 4), 2, (3, 3)),
    ((4, 4), 3, (2, 3)),
    ((4, 4), 8, (0, 0)),
    ((5, 2), 3, (2, 2)),
    ((5, 2), 4, (1, 2)),
    ((2, 5), 4, (1, 2)),   # 2+5 -> 2+4 -> 2+3 -> 2+2 -> (tie, front) 1+2
    ((4,), 3, (1,)),
    ((3, 3), 0, (3, 3)),
])
def test_casualty_removal(ranks, n, expected):
    assert remove_from_ranks(ranks, n) == expected


def test_casualty_removal_refuses_more_than_there_are():
    with pytest.raises(RuleError) as e:
        remove_from_ranks((2, 2), 5)
    assert e.value.rule_id == "AOT-CASUALTY-REMOVAL"


def test_take_losses_worked_example_shieldwall():
    """AOT-EX-SHIELDWALL: one hoplite killed, 4+4 -> 3+4, density stays 4."""
    hoplites = Unit(name="hoplites", ranks=(4, 4), shield=True)
    after = hoplites.take_losses(1, 0)
    assert after.ranks == (3, 4)
    assert after.density == 4
    assert after.disordered == 0
    assert after.strength == 7
    assert hoplites.ranks == (4, 4)  # the original is untouched


def test_take_losses_splits_killed_and_disordered():
    u = Unit(ranks=(4, 4), disordered=1)
    after = u.take_losses(2, 3)
    assert after.ranks == remove_from_ranks((4, 4), 5) == (1, 2)
    assert after.disordered == 4
    assert after.strength == u.strength - 2
    assert after.formed == u.formed - 5


def test_take_losses_keeps_the_unit_s_other_properties():
    u = Unit(name="x", ranks=(3, 3), shield=True, armour=True, veteran=True)
    after = u.take_losses(1, 1)
    assert (after.name, after.shield, after.armour, after.veteran) == ("x", True, True, True)


def test_losing_every_formed_warrior_to_disorder_means_panic():
    u = Unit(ranks=(2, 1))
    after = u.take_losses(1, 2)
    assert after.formed == 0 and after.disordered == 2
    assert after.panicking and after.density == 0


@pytest.mark.parametrize("killed,disordered", [(9, 0), (0, 9), (5, 4), (8, 1)])
def test_take_losses_refuses_too_many_and_changes_nothing(killed, disordered):
    u = Unit(name="t", ranks=(4, 4), disordered=2, shield=True)
    before = dataclasses.astuple(u)
    with pytest.raises(RuleError) as e:
        u.take_losses(killed, disordered)
    assert e.value.rule_id == "AOT-CASUALTY-REMOVAL"
    assert dataclasses.astuple(u) == before
    assert u.ranks == (4, 4) and u.disordered == 2


@pytest.mark.parametrize("killed,disordered", [(-1, 0), (0, -1)])
def test_take_losses_refuses_negative_losses(killed, disordered):
    u = Unit(ranks=(4, 4))
    with pytest.raises(RuleError) as e:
        u.take_losses(killed, disordered)
    assert e.value.rule_id == "AOT-CASUALTY-REMOVAL"
    assert u.ranks == (4, 4)


def test_unit_is_immutable():
    u = Unit(ranks=(4, 4))
    with pytest.raises(dataclasses.FrozenInstanceError):
        u.ranks = (1, 1)  # type: ignore[misc]


# --- size limits (AOT-ARMY-UNIT-SIZE, AOT-DENSITY-LIMITS) --------------------------------

@pytest.mark.parametrize("kwargs,rule_id", [
    ({"ranks": (5, 5), "disordered": 1}, "AOT-ARMY-UNIT-SIZE"),           # 11 foot
    ({"ranks": (4, 4), "disordered": 3}, "AOT-ARMY-UNIT-SIZE"),           # 11 foot
    ({"ranks": (6,)}, "AOT-DENSITY-LIMITS"),                              # foot density 6
    ({"ranks": (6, 4)}, "AOT-DENSITY-LIMITS"),                            # 10 foot but density 6
    ({"ranks": (2, 2, 2)}, "AOT-ARMY-UNIT-SIZE"),                         # three ranks
    ({"ranks": ()}, "AOT-ARMY-UNIT-SIZE"),
    ({"ranks": (-1, 3)}, "AOT-ARMY-UNIT-SIZE"),
    ({"ranks": (3, 3), "disordered": -1}, "AOT-ARMY-UNIT-SIZE"),
    ({"ranks": (2, 2), "mounted": True}, "AOT-ARMY-UNIT-SIZE"),           # riders stand in one rank
    ({"ranks": (4,), "disordered": 1, "mounted": True}, "AOT-ARMY-UNIT-SIZE"),  # 5 riders
    ({"ranks": (5,), "mounted": True}, "AOT-ARMY-UNIT-SIZE"),             # 5 riders (also density 5)
    ({"ranks": (3,), "horse_armour": True}, "AOT-SHOOT-HORSE-ARMOUR"),   # horse armour needs horses
])
def test_size_limits(kwargs, rule_id):
    with pytest.raises(RuleError) as e:
        Unit(**kwargs)
    assert e.value.rule_id == rule_id
    assert str(e.value).startswith(rule_id + ": ")


@pytest.mark.parametrize("kwargs", [
    {"ranks": (5, 5)},
    {"ranks": (5,)},
    {"ranks": (1,)},
    {"ranks": (4,), "mounted": True},
    {"ranks": (2,), "disordered": 2, "mounted": True},
    {"ranks": (3, 3), "disordered": 4},
])
def test_legal_units(kwargs):
    u = Unit(**kwargs)
    assert u.strength <= (4 if u.mounted else 10)


def test_parse_ranks():
    assert parse_ranks("4,4") == (4, 4)
    assert parse_ranks("3") == (3,)
    assert parse_ranks(" 3 , 4 ") == (3, 4)
    for bad in ("4,x", "", "4,4,4", "a"):
        with pytest.raises(RuleError) as e:
            parse_ranks(bad)
        assert e.value.rule_id == "AOT-ARMY-UNIT-SIZE"


def test_describe_names_the_density():
    text = Unit(name="hoplites", ranks=(3, 4), disordered=1).describe()
    assert "hoplites" in text and "3+4" in text and "density 4" in text and "1 disordered" in text
