"""Chariots (Колесницы), Sumerian battle carts and war wagons (Боевые повозки).

A chariot is a mounted ``Unit`` whose one rank counts its horses: that is its density for shooting
and combat (AOT-CHARIOT-BASICS).  Its horses strike as cavalry, its crew adds one die, hits go to the
hit test, and in a flank only the crew fights at density 1: all of that is the melee engine's
(:mod:`aot_rules.aot.rules.melee`).  This module holds what only chariots do: overturning on a turn
or a trot, their demoralization, and the war wagon's crew.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from aot_rules.aot.equipment import MeleeWeapon
from aot_rules.aot.events import Moved, Overturned
from aot_rules.aot.rules.breakthrough import Breakthrough, breakthrough_exact
from aot_rules.aot.rules.disorder import disorder_test, roll_test_die
from aot_rules.aot.rules.melee import MeleeRules
from aot_rules.aot.rules.run_trot import test_die, trot_exact
from aot_rules.aot.units import Body, Unit
from aot_rules.aot.vocabulary import DieMove
from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.events import DieEffect
from aot_rules.core.i18n import msg

#: AOT-WAR-WAGON: the weapons that may attack a war wagon (shooters and close-combat specialists).
WAGON_ATTACKERS = frozenset({MeleeWeapon.SHOOTER, MeleeWeapon.SWORD, MeleeWeapon.TWO_HANDED,
                             MeleeWeapon.HALBERD_AXE})


def chariot(horses: int = 2, weapon: MeleeWeapon = MeleeWeapon.SHOOTER, *, body: Body = Body.CHARIOT,
            veteran: bool = False, name: str = "chariot") -> Unit:
    """A chariot (or a scythed chariot, or a Sumerian cart) drawn by ``horses``; its crew fights with ``weapon``.

    Scythed chariots are terrifying (AOT-CHARIOT-SCYTHED); their armour-piercing is the melee engine's.

    >>> chariot(4).density, chariot(2, body=Body.SCYTHED).terrifying
    (4, True)
    """
    if not body.chariot:
        raise RuleError("AOT-CHARIOT-BASICS", msg("{body} is not a chariot", body=body.noun))
    check_horses(horses, "AOT-CHARIOT-BASICS")  # a Unit may hold 0 horses (destroyed), a new chariot may not
    return Unit(name=name, ranks=(horses,), mounted=True, body=body, weapon=weapon, veteran=veteran,
                terrifying=body is Body.SCYTHED)


def war_wagon(ranks: tuple[int, ...] = (3, 3), name: str = "war wagon") -> Unit:
    """A war wagon's crew (AOT-WAR-WAGON): up to six stubborn close-combat specialists, protected as by shield
    and armour; its density is the longest rank of the crew (the index's Reading).

    >>> str(war_wagon().describe())
    'war wagon: ranks 3+3 (density 3)'
    """
    return Unit(name=name, ranks=ranks, body=Body.WAR_WAGON, weapon=MeleeWeapon.SWORD, shield=True, armour=True,
                stubborn=True)


def check_chariot(unit: Unit, rule_id: str) -> int:
    """The chariot's horses, refusing anything that is not a chariot."""
    if not unit.body.chariot:
        raise RuleError(rule_id, msg("{unit} is not a chariot", unit=unit.name))
    return unit.ranks[0]


def check_horses(horses: int, rule_id: str) -> None:
    if not 1 <= horses <= 4:
        raise RuleError(rule_id, msg("a chariot has 1 to 4 horses, not {horses}", horses=horses), params=("horses",))


# --- overturning (AOT-CHARIOT-TURN-TROT) -----------------------------------------------------------

class ChariotMove(NamedTuple):
    """A chariot's turn or trot: how far it may go (0 for a turn) and whether it overturned."""

    distance: int
    overturned: bool


@cache
def turn_exact(horses: int) -> Dist[bool]:
    """Does a turn overturn the chariot?  Its turn test fails on a roll below the number of horses.

    >>> turn_exact(4)[True]
    Fraction(1, 2)
    """
    check_horses(horses, "AOT-CHARIOT-TURN-TROT")
    return disorder_test(horses, horses).map(lambda lost: lost > 0)


@cache
def chariot_trot_exact(horses: int, test_die_moves: bool = True) -> Dist[ChariotMove]:
    """A trot as light horse (two dice of inches), one die of the owner's choice being the test: failing it
    overturns the chariot.  The owner tests on the higher die, so it overturns only if both are low.

    >>> chariot_trot_exact(3).prob(lambda m: m.overturned)
    Fraction(1, 9)
    """
    check_horses(horses, "AOT-CHARIOT-TURN-TROT")
    return trot_exact(horses, horses, armour=True, test_die_moves=test_die_moves).map(
        lambda m: ChariotMove(m.distance, m.disordered > 0))


def play_chariot_turn(unit: Unit, dice: DiceSource) -> bool:
    """Roll a chariot's turn test; True when it overturned (and is removed)."""
    horses = check_chariot(unit, "AOT-CHARIOT-TURN-TROT")
    roll = roll_test_die(unit, dice, msg("turn"))
    return dice.emit(Overturned(unit.name, roll, horses, roll < horses)).overturned


def play_chariot_trot(unit: Unit, dice: DiceSource, test_die_moves: bool = True) -> ChariotMove:
    """Roll a chariot's trot: two dice, the owner tests on the better one."""
    horses = check_chariot(unit, "AOT-CHARIOT-TURN-TROT")
    a, b = dice.d6s(2, msg("trot"), lambda r: DieEffect.FAIL if r < horses else DieEffect.NONE)
    test, other = test_die(a, b, horses)
    over = dice.emit(Overturned(unit.name, test, horses, test < horses)).overturned
    faces = (other, test) if test_die_moves else (other,)
    dice.emit(Moved(unit.name, DieMove.TROT, faces, sum(faces)))
    return ChariotMove(sum(faces), over)


# --- demoralization (AOT-CHARIOT-DEMO) ----------------------------------------------------------------

class ChariotMorale(NamedTuple):
    """What demoralizing a chariot costs and means (Reading: it panics and recovers by itself)."""

    dp_cost: int
    turns_to_recover: int
    fleeing_strength: int


def chariot_morale(unit: Unit) -> ChariotMorale:
    """AOT-CHARIOT-DEMO: all at once for as many DP as horses; as many turns to recover; fleeing, it counts
    twice its horses for range.

    >>> chariot_morale(chariot(2))
    ChariotMorale(dp_cost=2, turns_to_recover=2, fleeing_strength=4)
    """
    h = check_chariot(unit, "AOT-CHARIOT-DEMO")
    return ChariotMorale(h, h, 2 * h)


# --- a chariot charges foot with a breakthrough (the whole exchange) ----------------------------------

def chariot_breakthrough_exact(car: Unit, foot: Unit, *, last: bool = False,
                               rules: MeleeRules = MeleeRules()) -> Dist[Breakthrough]:
    """A chariot charging foot to break through it (AOT-CHARIOT-COMBAT, AOT-BREAKTHROUGH): the horses strike
    (the crew's die too against the ``last`` unit), the foot strike back and their hits go to the chariot's
    hit test; the chariot carries on if the foot lose.
    """
    check_chariot(car, "AOT-CHARIOT-COMBAT")
    if car.body is Body.CART:
        raise RuleError("AOT-CART-SUMERIAN", msg("a battle cart makes no horse strike, so it cannot break through"),
                        params=("body",))
    return breakthrough_exact(car, foot, last=last, rules=rules)


# --- war wagons (AOT-WAR-WAGON) -------------------------------------------------------------------------

def check_wagon_fight(attacker: Unit, defender: Unit) -> None:
    """A wagon never attacks; only shooters and close-combat specialists may attack one."""
    if attacker.body is Body.WAR_WAGON:
        raise RuleError("AOT-WAR-WAGON", msg("{unit}: a war wagon never attacks; its crew fights only when attacked",
                                             unit=attacker.name))
    if defender.body is Body.WAR_WAGON:
        bad = sorted({w.value for w, n in attacker.front if n and w not in WAGON_ATTACKERS})
        if bad or attacker.body is not Body.WARRIORS:
            what = ", ".join(bad) if bad else attacker.body.noun
            raise RuleError("AOT-WAR-WAGON", msg("only shooters and close-combat specialists may attack a war wagon, "
                                                 "not {what}", what=what))
