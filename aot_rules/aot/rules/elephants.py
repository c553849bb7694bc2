"""Elephants (Слоны) and camels (Верблюды): trampling, the trot that can turn into a rampage, and an
elephant's charge into a block of foot as one exact exchange.

An elephant is a ``Unit`` with ``body=Body.ELEPHANT`` whose one rank holds the warriors aboard (driver
and crew).  Its density, for hit numbers against it and for results, is that number (the index's
Reading); it strikes by trampling, its crew with their own weapons, and hits on it go to the hit test
(:mod:`aot_rules.aot.rules.wounds`).  The fight itself is the ordinary melee engine.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from aot_rules.aot.equipment import MeleeWeapon
from aot_rules.aot.events import Moved, Tested
from aot_rules.aot.rules.melee import Melee, MeleeRules, Side, melee
from aot_rules.aot.units import MAX_ABOARD, Body, Unit
from aot_rules.aot.vocabulary import DieMove
from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate, play
from aot_rules.core.events import DieEffect, PieceId
from aot_rules.core.i18n import msg
from aot_rules.core.procedure import Proc, die

#: AOT-ELEPHANT-MOVE: an elephant's move is always 7″, whatever its crew.
ELEPHANT_MOVE = 7
#: AOT-ELEPHANT-MOVE: a trot die below this sends the elephant berserk.
BERSERK_BELOW = 3


def elephant(aboard: int = 1, weapon: MeleeWeapon = MeleeWeapon.SHOOTER, *, veteran: bool = False,
             name: str = "elephant") -> Unit:
    """An elephant with ``aboard`` warriors, its driver included (1 to 4); the crew fights with ``weapon``.

    Elephants are terrifying to every troop type (AOT-TERRIFYING); a commander aboard makes it veteran.

    >>> str(elephant(3).describe())
    'elephant: ranks 3 (density 3)'
    """
    if aboard < 1:  # a Unit may hold 0 aboard (a lost elephant), an elephant put on the table may not
        raise RuleError("AOT-ELEPHANT-UNIT", msg("an elephant carries 1 to {most} warriors (driver and crew), not {n}",
                                                 most=MAX_ABOARD, n=aboard), params=("aboard",))
    return Unit(name=name, ranks=(aboard,), body=Body.ELEPHANT, weapon=weapon, veteran=veteran, terrifying=True)


def camels(riders: int = 3, weapon: MeleeWeapon = MeleeWeapon.SHOOTER, name: str = "camels") -> Unit:
    """Riders on camels (AOT-CAMEL): mounted, no mount strike, terrifying to cavalry only."""
    return Unit(name=name, ranks=(riders,), mounted=True, body=Body.CAMELS, weapon=weapon)


# --- trampling (AOT-ELEPHANT-ATTACK) -------------------------------------------------------------

def trample_kills(roll: int, density: int, strength: int | None = None) -> int:
    """One trampling die: it kills as many as it shows, unless it shows more than the target's density.

    Reading: never more than the target has (``strength``).

    >>> [trample_kills(r, 3) for r in range(1, 7)], trample_kills(3, 4, strength=2)
    ([1, 2, 3, 0, 0, 0], 2)
    """
    if roll > density:
        return 0
    return roll if strength is None else min(roll, strength)


def check_target(density: int, strength: int | None) -> None:
    if not 1 <= density <= 5:
        raise RuleError("AOT-ELEPHANT-ATTACK", msg("a target's density is 1 to 5, not {density}", density=density),
                        params=("target_density",))
    if strength is not None and strength < density:
        raise RuleError("AOT-ELEPHANT-ATTACK", msg("a unit of density {density} has at least {density} warriors, not "
                                                   "{strength}", density=density, strength=strength),
                        params=("target_strength",))


def trample(density: int, strength: int | None = None) -> Proc[int]:
    """AOT-ELEPHANT-ATTACK as a dice procedure: the warriors one trampling die kills; shields and armour do not
    help."""
    check_target(density, strength)
    return die(6, msg("trample"), lambda r: DieEffect.HIT if r <= density else DieEffect.NONE,
               read=lambda r: trample_kills(r, density, strength))


@cache
def trample_exact(density: int, strength: int | None = None) -> Dist[int]:
    """Exact law of the warriors one trampling die kills (:func:`trample`).

    >>> trample_exact(4).mean()
    Fraction(5, 3)
    """
    return evaluate(trample(density, strength))


# --- the trot (AOT-ELEPHANT-MOVE) -----------------------------------------------------------------

class ElephantTrot(NamedTuple):
    """How far a trotting elephant may go, and whether the die sent it berserk."""

    distance: int
    berserk: bool


def trot_of(roll: int) -> ElephantTrot:
    return ElephantTrot(roll, roll < BERSERK_BELOW)


def elephant_trot(name: str = "elephant", piece: PieceId = "") -> Proc[ElephantTrot]:
    """AOT-ELEPHANT-MOVE as a dice procedure: the trot as armoured horse, one die both the inches and the test;
    below 3 the elephant rampages.  ``name``, ``piece``: what the logged events call it."""
    return die(6, msg("elephant trot"), lambda r: DieEffect.FAIL if r < BERSERK_BELOW else DieEffect.NONE).log(
        lambda roll: Tested(name, roll, BERSERK_BELOW, 0, piece=piece)).log(
        lambda roll: Moved(name, DieMove.TROT, (roll,), roll)).map(trot_of)


def elephant_trot_exact() -> Dist[ElephantTrot]:
    """The trot's exact law (:func:`elephant_trot`).

    >>> elephant_trot_exact().prob(lambda t: t.berserk)
    Fraction(1, 3)
    """
    return evaluate(elephant_trot())


def play_elephant_trot(unit: Unit, dice: DiceSource, piece: PieceId = "") -> ElephantTrot:
    """Roll ``unit``'s trot (:func:`elephant_trot`), refusing anything that is not an elephant."""
    if unit.body is not Body.ELEPHANT:
        raise RuleError("AOT-ELEPHANT-MOVE", msg("{unit} is not an elephant", unit=unit.name))
    return play(elephant_trot(unit.name, piece), dice)


# --- an elephant charges a block (the whole exchange) --------------------------------------------

def check_charge(beast: Unit, block: Unit) -> None:
    if beast.body is not Body.ELEPHANT:
        raise RuleError("AOT-ELEPHANT-UNIT", msg("{unit} is not an elephant", unit=beast.name))
    if block.mounted or block.body is not Body.WARRIORS:
        raise RuleError("AOT-ELEPHANT-ATTACK", msg("{unit}: the exchange is an elephant against a block of foot",
                                                   unit=block.name))


def elephant_charge(beast: Unit, block: Unit, rules: MeleeRules = MeleeRules()) -> Proc[Melee]:
    """An elephant (and its crew) fighting a block of foot as dice: the melee's own procedure with the elephant as
    side A (the trample and the crew's strikes, the block's strikes back, the elephant's hit test, the result)."""
    check_charge(beast, block)
    return melee(Side(beast), Side(block), rules)


def elephant_charge_exact(beast: Unit, block: Unit, rules: MeleeRules = MeleeRules()) -> Dist[Melee]:
    """Exact joint law of an elephant's charge into a block of foot (the law of :func:`elephant_charge`), with
    the elephant's berserk chance; kept as a name because players ask for it.

    >>> from aot_rules.aot.rules.wounds import Fate
    >>> law = elephant_charge_exact(elephant(1), Unit("block", (4, 4), weapon=MeleeWeapon.SPEAR))
    >>> law.prob(lambda m: m.a_fate is Fate.BERSERK) > 0
    True
    """
    return evaluate(elephant_charge(beast, block, rules))
