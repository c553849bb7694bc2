"""Evasion (Уклонение): who may step back from a charge, and what the step costs.

:func:`may_evade` is the rule as a function over what the two units are (foot or
mounted, camels, elephants, chariots, artillery crews, and their shields and
armour), with the index's two Readings: cavalry may always evade foot, and
"heavier" means a strictly larger set of protections.  :func:`evasion_verdict`
says why, for the book's table and for refusals.  The evasion itself is one
die that is both the distance and a disorder test.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from aot_rules.aot.rules.run_trot import ExtraMove, die_move_procedure
from aot_rules.aot.units import Body, Unit
from aot_rules.aot.vocabulary import DieMove
from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate, play
from aot_rules.core.events import PieceId
from aot_rules.core.i18n import Message, label, msg, vocabulary
from aot_rules.core.procedure import Proc

RULE = "AOT-EVADE-ELIGIBILITY"


@vocabulary({"foot": msg("foot"), "cavalry": msg("cavalry"), "camels": msg("camels"), "elephant": msg("elephant"),
             "chariot": msg("chariot"), "artillery": msg("artillery crew")}, formerly={
    "artillery crew": "artillery"
})
class Arm(StrEnum):
    """What a unit is, as far as evasion cares."""

    FOOT = "foot"
    CAVALRY = "cavalry"
    CAMEL = "camels"
    ELEPHANT = "elephant"
    CHARIOT = "chariot"
    ARTILLERY = "artillery"

    @property
    def mounted(self) -> bool:
        """Everything that is not on foot; artillery crews are foot."""
        return self not in (Arm.FOOT, Arm.ARTILLERY)


@dataclass(frozen=True)
class Troops:
    """A unit as evasion sees it: its arm and its protections (a pavise counts as a shield)."""

    arm: Arm = Arm.FOOT
    shield: bool = False
    armour: bool = False
    horse_armour: bool = False

    def __post_init__(self) -> None:
        if self.horse_armour and self.arm is not Arm.CAVALRY:
            raise RuleError("AOT-SHOOT-HORSE-ARMOUR", msg("only cavalry has horse armour here"))

    @property
    def gear(self) -> frozenset[str]:
        """AOT-EVADE-ELIGIBILITY, Reading (2): how heavy a unit is, as the set of what it wears."""
        return frozenset(n for n, on in (("shield", self.shield), ("armour", self.armour),
                                         ("horse armour", self.horse_armour)) if on)

    def describe(self) -> Message:
        if not self.gear:
            return {Arm.FOOT: msg("light foot"), Arm.CAVALRY: msg("light horse")}.get(self.arm, label(self.arm))
        return msg("{arm} with {worn}", arm=self.arm, worn=_WORN[self.gear])


#: What a unit wears, as a phrase (the sets :attr:`Troops.gear` can be).
_WORN: dict[frozenset[str], Message] = {
    frozenset({"shield"}): msg("shield"), frozenset({"armour"}): msg("armour"),
    frozenset({"horse armour"}): msg("horse armour"), frozenset({"shield", "armour"}): msg("shield and armour"),
    frozenset({"shield", "horse armour"}): msg("shield and horse armour"),
    frozenset({"armour", "horse armour"}): msg("armour and horse armour"),
    frozenset({"shield", "armour", "horse armour"}): msg("shield and armour and horse armour")}


#: How the exotic bodies read for evasion (war-wagon crews are foot).
BODY_ARM = {Body.CAMELS: Arm.CAMEL, Body.ELEPHANT: Arm.ELEPHANT, Body.CHARIOT: Arm.CHARIOT, Body.SCYTHED: Arm.CHARIOT,
            Body.CART: Arm.CHARIOT, Body.ARTILLERY: Arm.ARTILLERY}


def troops_of(unit: Unit, arm: Arm | None = None) -> Troops:
    """The evasion profile of a ``Unit`` (its arm from ``mounted`` unless given)."""
    arm = arm or BODY_ARM.get(unit.body) or (Arm.CAVALRY if unit.mounted else Arm.FOOT)
    return Troops(arm, unit.shield or unit.pavise, unit.armour, unit.horse_armour and arm is Arm.CAVALRY)


@dataclass(frozen=True)
class Ruling:
    """May it evade, and the sentence that says why."""

    allowed: bool
    reason: Message


def _heavier(evader: Troops, attacker: Troops) -> Ruling:
    """The general rule: heavier troops may not evade lighter ones; sets that differ both ways are
    incomparable and neither side may evade (the Anglo-Saxon example)."""
    e, a = evader.gear, attacker.gear
    if e <= a:
        return Ruling(True, msg("the evader is no more heavily equipped than the attacker") if e != a
                      else msg("both are equally equipped"))
    if e > a:
        return Ruling(False, msg("the evader is more heavily equipped than the attacker"))
    return Ruling(False, msg("their equipment differs both ways (e.g. shield against armour), so neither may evade "
                             "the other"))


def evasion_verdict(evader: Troops, attacker: Troops) -> Ruling:
    """AOT-EVADE-ELIGIBILITY over two unit descriptions, with the reason.

    >>> evasion_verdict(Troops(Arm.FOOT), Troops(Arm.CAVALRY)).allowed
    False
    """
    e, a = evader.arm, attacker.arm
    if e is Arm.ARTILLERY:
        return Ruling(False, msg("artillery crews cannot evade anyone"))
    if e is Arm.ELEPHANT:
        return Ruling(False, msg("elephants evade nothing"))
    if e is Arm.FOOT:
        if evader.shield and evader.armour:
            return Ruling(False, msg("foot with both shields and armour can never evade"))
        if a.mounted:
            return Ruling(False, msg("foot may not evade {attacker}", attacker=a))
        return _heavier(evader, attacker)
    if e is Arm.CAMEL:
        if a.mounted:
            return Ruling(False, msg("camels evade foot only, not {attacker}", attacker=a))
        return Ruling(True, msg("camels may evade foot"))
    if e is Arm.CHARIOT and a in (Arm.CAVALRY, Arm.CAMEL):
        return Ruling(False, msg("chariots cannot evade {attacker}", attacker=a))
    # cavalry, and chariots against anything but horsemen
    if not a.mounted:
        return Ruling(True, msg("{evader} may always evade foot", evader=e))
    if a in (Arm.ELEPHANT, Arm.CHARIOT):
        return Ruling(True, msg("{evader} may evade {attacker}", evader=e, attacker=a))
    return _heavier(evader, attacker)


def may_evade(evader: Troops | Unit, attacker: Troops | Unit) -> bool:
    """AOT-EVADE-ELIGIBILITY: may ``evader`` evade a charge by ``attacker``?  (Units are read as foot or
    cavalry; describe camels, elephants, chariots and crews with :class:`Troops`.)

    >>> numidians = Troops(Arm.CAVALRY)
    >>> romans = Troops(Arm.CAVALRY, armour=True)
    >>> may_evade(numidians, romans), may_evade(romans, numidians)
    (True, False)
    """
    e = evader if isinstance(evader, Troops) else troops_of(evader)
    a = attacker if isinstance(attacker, Troops) else troops_of(attacker)
    return evasion_verdict(e, a).allowed


def check_evade(evader: Troops, attacker: Troops) -> None:
    if not (v := evasion_verdict(evader, attacker)).allowed:
        raise RuleError(RULE, msg("{evader} may not evade {attacker}: {reason}", evader=evader.describe(),
                                  attacker=attacker.describe(), reason=v.reason))


# --- the evasion move (AOT-EVADE-PROCEDURE, AOT-EVADE-FLANK) ---------------------------------------

def evade(density: int, formed: int, regular: bool = False, name: str = "", piece: PieceId = "") -> Proc[ExtraMove]:
    """AOT-EVADE-PROCEDURE as a dice procedure: one die is both the distance backed away and the disorder test.
    The same die serves for rough ground behind the unit, and on a flank attack for the turn to face
    (``name``, ``piece``: what the logged events call the unit)."""
    return die_move_procedure(density, formed, regular, DieMove.EVASION, name, piece)


@cache
def evade_exact(density: int, formed: int, regular: bool = False) -> Dist[ExtraMove]:
    """Exact joint law of (distance backed away, warriors disordered) of :func:`evade`.

    >>> evade_exact(3, 6)[ExtraMove(2, 2)]
    Fraction(1, 6)
    """
    return evaluate(evade(density, formed, regular))


def play_evade(unit: Unit, dice: DiceSource, attacker: Troops | None = None, piece: PieceId = ""
               ) -> tuple[Unit, ExtraMove]:
    """Roll an evasion for ``unit`` (checked against ``attacker`` when given; ``piece``: the table's id)."""
    if attacker is not None:
        check_evade(troops_of(unit), attacker)
    if unit.panicking:
        raise RuleError("AOT-PANIC", msg("{unit} is panicking: it is never fought, it flees", unit=unit.name))
    return play(evade_unit(unit, piece), dice)


def evade_unit(unit: Unit, piece: PieceId = "") -> Proc[tuple[Unit, ExtraMove]]:
    """The evasion of ``unit`` as a dice procedure: the unit after its test, and the move (``piece``: the table's
    id)."""
    return evade(unit.density, unit.formed, unit.regular, unit.name, piece).map(
        lambda m: (unit.take_losses(0, m.disordered), m))
