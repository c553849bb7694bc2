"""The unit model: density, depth, strength, panic, casualty removal and size limits."""

from __future__ import annotations

import dataclasses
from fractions import Fraction as F

import pytest

from aot_rules.aot.equipment import MeleeWeapon
from aot_rules.aot.units import Unit, WarriorState, density_after, remove_from_ranks
from aot_rules.core.errors import ParamError, RuleError
from aot_rules.core.params import parse_number
from aot_rules.systems import get

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


def test_ranks_are_parsed_by_the_ranks_parameter_kind():
    """Ranks typed by a player ("4,4") are read by the "ranks" parameter kind of every mechanic that takes them."""
    ranks = get("shoot").param("target_ranks")
    assert ranks.kind == "ranks"
    assert ranks.coerce("4,4", "AOT-SHOOT-RESULT") == (4, 4)
    assert ranks.coerce("3", "AOT-SHOOT-RESULT") == (3,)
    assert ranks.coerce(" 3 , 4 ", "AOT-SHOOT-RESULT") == (3, 4)
    assert ranks.coerce((2, 1), "AOT-SHOOT-RESULT") == (2, 1)
    for bad in ("4,x", "", "4,4,4", "a", "-1,2", "2.5"):
        with pytest.raises(ParamError) as e:
            ranks.coerce(bad, "AOT-SHOOT-RESULT")
        assert e.value.rule_id == "AOT-SHOOT-RESULT"
        assert e.value.params == ("target_ranks",)
        assert "--target-ranks" in e.value.message


def test_describe_names_the_density():
    text = str(Unit(name="hoplites", ranks=(3, 4), disordered=1).describe())
    assert "hoplites" in text and "3+4" in text and "density 4" in text and "1 disordered" in text


# --- the unit model refuses what no unit may be (Unit.__post_init__) -----------------------------

W = MeleeWeapon


@pytest.mark.parametrize("kwargs,rule_id", [
    ({"ranks": (4, 4), "mix": ((W.SWORD, 3),)}, "AOT-MELEE-STRIKES"),                    # 3 of 4 front warriors
    ({"ranks": (4, 4), "mix": ((W.SWORD, 3), (W.SHOOTER, 2))}, "AOT-MELEE-STRIKES"),     # 5 for 4
    ({"ranks": (4, 4), "mix": ((W.SWORD, 5), (W.SHOOTER, -1))}, "AOT-ARMY-MIXED-WEAPONS"),
    ({"ranks": (2, 2), "weapon": W.LANCE}, "AOT-MELEE-HIT-LANCE"),                      # lance on foot
    ({"ranks": (2, 2), "mix": ((W.SWORD, 1), (W.LANCE, 1))}, "AOT-MELEE-HIT-LANCE"),
    ({"ranks": (3,), "mounted": True, "weapon": W.SPEAR}, "AOT-MELEE-CAV-OTHER"),        # foot-only weapon mounted
    ({"ranks": (3,), "mounted": True, "weapon": W.TWO_HANDED}, "AOT-MELEE-CAV-OTHER"),
    ({"ranks": (3, 3), "recruit": True, "stubborn": True}, "AOT-PROP-RECRUIT"),
    ({"ranks": (3, 3), "recruit": True, "veteran": True}, "AOT-PROP-RECRUIT"),
])
def test_refused_units(kwargs, rule_id):
    with pytest.raises(RuleError) as e:
        Unit(**kwargs)
    assert e.value.rule_id == rule_id


@pytest.mark.parametrize("kwargs", [
    {"ranks": (3,), "mounted": True, "weapon": W.LANCE},
    {"ranks": (3,), "mounted": True, "weapon": W.SWORD},
    {"ranks": (4, 4), "mix": ((W.SWORD, 3), (W.SHOOTER, 1))},
    {"ranks": (3, 3), "recruit": True},
    {"ranks": (3, 3), "stubborn": True, "veteran": True},
])
def test_legal_weapons_and_properties(kwargs):
    assert Unit(**kwargs).formed == sum(kwargs["ranks"])


def test_front_rank_weapons():
    assert Unit(ranks=(4, 3), weapon=W.SPEAR).front == ((W.SPEAR, 4),)
    mixed = Unit(ranks=(4, 4), weapon=W.SPEAR, mix=((W.SWORD, 3), (W.SHOOTER, 1)))
    assert mixed.front == ((W.SWORD, 3), (W.SHOOTER, 1))  # the mix overrides the weapon


def test_a_mixed_front_rank_loses_from_its_last_group():
    u = Unit(ranks=(4, 4), mix=((W.SWORD, 3), (W.SHOOTER, 1)))
    assert u.take_losses(1, 0).front == ((W.SWORD, 3),)       # 4+4 -> 3+4: the shooter goes
    assert u.take_losses(3, 0).front == ((W.SWORD, 2),)       # 4+4 -> 2+3
    back = Unit(ranks=(3, 4), mix=((W.SWORD, 2), (W.SHOOTER, 1)))
    assert back.take_losses(0, 1).front == ((W.SWORD, 2), (W.SHOOTER, 1))  # the loss came off the back rank


# --- the density a result compares (AOT-SHOOT-RESULT, AOT-MELEE-RESULT, AOT-SHOOT-FLANK, AOT-MELEE-FLANK) ------

@pytest.mark.parametrize("ranks,lost,frontal,flank", [
    ((4, 4), 0, 4, 2),
    ((4, 4), 1, 4, 2),   # 3+4
    ((4, 4), 3, 3, 2),   # 2+3
    ((4, 4), 7, 1, 1),   # 0+1: one rank left holds anyone
    ((4, 4), 8, 0, 0),
    ((2, 1), 2, 1, 1),   # 2+1 -> 1+1 -> 0+1
    ((1, 1), 1, 1, 1),
    ((4,), 2, 2, 1),
    ((3, 5), 2, 3, 2),   # 3+3
])
def test_density_after(ranks, lost, frontal, flank):
    assert density_after(ranks, lost) == frontal
    assert density_after(ranks, lost, flank=True) == flank
    after = Unit(ranks=ranks).take_losses(0, lost)
    assert (after.density, after.depth) == (frontal, flank)


def test_density_after_refuses_more_losses_than_warriors():
    with pytest.raises(RuleError) as e:
        density_after((2, 2), 5, flank=True)
    assert e.value.rule_id == "AOT-CASUALTY-REMOVAL"


# --- the one number grammar of every option (aot_rules.core.params.parse_number) --------------------

@pytest.mark.parametrize("text,value", [
    ("3", 3), ("+3", 3), ("-2", -2), (" 7 ", 7), ("0", 0), ("9999", 9999),
    ("2.5", F(5, 2)), ("0.25", F(1, 4)), ("2.0", 2), ("1.0001", F(10001, 10000)),
    ("1/3", F(1, 3)), ("5/2", F(5, 2)), ("-1/2", F(-1, 2)), ("9999/9999", 1),
    (4, 4), (F(1, 2), F(1, 2)), (2.5, F(5, 2)), (0.1, F(1, 10)),   # a float is read as the decimal it prints as
])
def test_parse_number_accepts(text, value):
    got = parse_number(text)
    assert isinstance(got, F) and got == value


@pytest.mark.parametrize("bad", [
    "1e9", "1e3", "nan", "inf", "-inf", "1_0", "٣", "３", "²", "99999", "1.23456", "1/0", "1/00000",
    "", " ", ".5", "5.", "1/2/3", "1.5/2", "0x10", "--1", "1 2", "3,4",
    True, False, None, [1], 10**4, -(10**4), float("nan"), float("inf"), 1e9, F(10**5, 3),
])
def test_parse_number_refuses(bad):
    assert parse_number(bad) is None


def test_whole_number_options_use_the_same_grammar():
    firers = get("shoot").param("firers")
    assert firers.kind == "int"
    assert firers.coerce("2.0", "AOT-SHOOT-RESULT") == 2 and isinstance(firers.coerce("2.0", "X"), int)
    assert firers.coerce(" 3 ", "AOT-SHOOT-RESULT") == 3
    for bad in ("2.5", "1e1", "nan", "1_0", "٣", True, "0", "21"):  # not whole, not in the grammar, out of 1..20
        with pytest.raises(ParamError) as e:
            firers.coerce(bad, "AOT-SHOOT-RESULT")
        assert e.value.params == ("firers",)
    distance = get("shoot").param("distance")
    assert distance.coerce("7/2", "AOT-SHOOT-RESULT") == F(7, 2) == distance.coerce("3.5", "AOT-SHOOT-RESULT")
