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
from aot_rules.aot.rules.breakthrough import Breakthrough, breakthrough
from aot_rules.aot.rules.disorder import deciding_dice
from aot_rules.aot.rules.melee import MeleeRules
from aot_rules.aot.rules.run_trot import test_die
from aot_rules.aot.units import Body, Unit
from aot_rules.aot.vocabulary import DieMove
from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate, play
from aot_rules.core.events import DieEffect
from aot_rules.core.i18n import msg
from aot_rules.core.procedure import Proc, both, die

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


def chariot_turn(horses: int, regular: bool = False, name: str = "chariot") -> Proc[bool]:
    """A chariot's turn test as a dice procedure: a die (a regular crew rolls a failure again) below the number of
    horses overturns it; logged as its ``Overturned`` (``name``: what the event calls it)."""
    return deciding_dice(horses, regular, msg("turn")).map(lambda kept: kept[0]).log(
        lambda roll: Overturned(name, roll, horses, roll < horses)).map(lambda roll: roll < horses)


def chariot_trot(horses: int, test_die_moves: bool = True, name: str = "chariot") -> Proc[ChariotMove]:
    """A chariot's trot as a dice procedure: two dice of inches as light horse, the owner testing on the one that
    overturns it least (:func:`~aot_rules.aot.rules.run_trot.test_die`); ``test_die_moves``: the index's Reading,
    the test die still counts toward the distance."""

    def judge(r: int) -> DieEffect:
        return DieEffect.FAIL if r < horses else DieEffect.NONE

    def read(ab: tuple[int, int]) -> tuple[int, tuple[int, ...]]:
        test, other = test_die(*ab, horses)
        return test, ((other, test) if test_die_moves else (other,))

    return both(die(6, msg("trot"), judge), die(6, msg("trot"), judge)).map(read).log(
        lambda tf: Overturned(name, tf[0], horses, tf[0] < horses)).log(
        lambda tf: Moved(name, DieMove.TROT, tf[1], sum(tf[1]))).map(
        lambda tf: ChariotMove(sum(tf[1]), tf[0] < horses))


@cache
def turn_exact(horses: int) -> Dist[bool]:
    """Does a turn overturn the chariot (:func:`chariot_turn`)?

    >>> turn_exact(4)[True]
    Fraction(1, 2)
    """
    check_horses(horses, "AOT-CHARIOT-TURN-TROT")
    return evaluate(chariot_turn(horses))


@cache
def chariot_trot_exact(horses: int, test_die_moves: bool = True) -> Dist[ChariotMove]:
    """A trot's exact law (:func:`chariot_trot`): it overturns only if both dice are low.

    >>> chariot_trot_exact(3).prob(lambda m: m.overturned)
    Fraction(1, 9)
    """
    check_horses(horses, "AOT-CHARIOT-TURN-TROT")
    return evaluate(chariot_trot(horses, test_die_moves))


def play_chariot_turn(unit: Unit, dice: DiceSource) -> bool:
    """Roll a chariot's turn test (:func:`chariot_turn`); True when it overturned (and is removed)."""
    return play(chariot_turn(check_chariot(unit, "AOT-CHARIOT-TURN-TROT"), unit.regular, unit.name), dice)


def play_chariot_trot(unit: Unit, dice: DiceSource, test_die_moves: bool = True) -> ChariotMove:
    """Roll a chariot's trot (:func:`chariot_trot`)."""
    return play(chariot_trot(check_chariot(unit, "AOT-CHARIOT-TURN-TROT"), test_die_moves, unit.name), dice)


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

def chariot_breakthrough(car: Unit, foot: Unit, *, last: bool = False,
                         rules: MeleeRules = MeleeRules()) -> Proc[Breakthrough]:
    """A chariot charging foot to break through it (AOT-CHARIOT-COMBAT, AOT-BREAKTHROUGH), as dice: the horses
    strike (the crew's die too against the ``last`` unit), the foot strike back and their hits go to the
    chariot's hit test; the chariot carries on if the foot lose.
    """
    check_chariot(car, "AOT-CHARIOT-COMBAT")
    if car.body is Body.CART:
        raise RuleError("AOT-CART-SUMERIAN", msg("a battle cart makes no horse strike, so it cannot break through"),
                        params=("body",))
    return breakthrough(car, foot, last=last, rules=rules)


def chariot_breakthrough_exact(car: Unit, foot: Unit, *, last: bool = False,
                               rules: MeleeRules = MeleeRules()) -> Dist[Breakthrough]:
    """Exact law of a chariot's breakthrough charge (the law of :func:`chariot_breakthrough`)."""
    return evaluate(chariot_breakthrough(car, foot, last=last, rules=rules))


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
