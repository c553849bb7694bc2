"""Movement (Движение): how far a unit goes, and what passing through a friend costs.

What lives here is the numeric part every rule that moves a unit shares: the
allowance (AOT-MOVE-DISTANCE), retreats and flight, and the disorder test for
passing through a friendly unit, whose losses fall on the unit passed through
(AOT-MOVE-THROUGH-FRIENDS, AOT-PANIC).  Paths, wheels and blocking bases are the
table-top engine's; it calls these functions for the numbers.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import NamedTuple

from aot_rules.aot.events import Losses, PassedThrough
from aot_rules.aot.rules.disorder import DISORDER_TEST, deciding_dice
from aot_rules.aot.units import Unit
from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate, play
from aot_rules.core.i18n import Message, msg
from aot_rules.core.procedure import Proc

PANIC_MOVE = 10
BASE_MOVE = 10
#: AOT-MOVE-THROUGH-FRIENDS: a unit passing through a friendly elephant is disordered itself on a roll below 3.
ELEPHANT_TEST = 3


def move_allowance(unit: Unit) -> int:
    """AOT-MOVE-DISTANCE: 10″ − density; a panicking unit (density 0) runs 10″; the defensive
    formation (AOT-REFORM-DEFENSIVE-5) cannot move at all.

    >>> [move_allowance(Unit(ranks=(d, d))) for d in (1, 3, 5)], move_allowance(Unit(ranks=(0, 0), disordered=2))
    ([9, 7, 5], 10)
    >>> move_allowance(Unit(ranks=(5, 5), defensive=True))
    0
    """
    if unit.panicking or unit.formed == 0:
        return PANIC_MOVE
    if unit.defensive:
        return 0
    return BASE_MOVE - unit.density


def check_move(unit: Unit, distance: float) -> None:
    """Refuse a move longer than the unit's allowance (AOT-MOVE-DISTANCE) or any move in the defensive
    formation (AOT-REFORM-DEFENSIVE-5)."""
    if distance < 0:
        raise RuleError("AOT-MOVE-DISTANCE", msg("a move cannot be negative"))
    if unit.defensive and distance > 0:
        raise RuleError("AOT-REFORM-DEFENSIVE-5", msg("{unit} is in the defensive formation and cannot move; it must "
                                                      "reform first", unit=unit.name))
    if distance > (allowed := move_allowance(unit)):
        raise RuleError("AOT-MOVE-DISTANCE", msg("{unit} moves at most {allowed}″ (10″ − density {density}), not "
                                                 "{distance}″", unit=unit.name, allowed=allowed,
                                                 density=unit.density, distance=distance))


def retreat_move(unit: Unit) -> int:
    """AOT-MELEE-RETREAT: the loser, after its turn test, falls back a full move.  A beaten unit in the
    defensive formation falls back too (Reading: the retreat breaks the formation), at 10″ − density.

    >>> retreat_move(Unit(ranks=(5, 5), defensive=True))
    5
    """
    if unit.panicking or unit.formed == 0:
        return PANIC_MOVE
    return BASE_MOVE - unit.density


# --- passing through a friend --------------------------------------------------------------------

def threshold(mover: Unit) -> int:
    """AOT-MOVE-THROUGH-FRIENDS, AOT-PANIC: the number the mover's die must reach: its density, or its
    strength when it is panicking (it has no density)."""
    return mover.strength if mover.panicking else mover.density


def through_loss(roll: int, against: int, friend_formed: int) -> int:
    """Warriors the friend passed through loses: the roll, when it is below ``against``, at most all it has.

    >>> through_loss(1, 4, 6), through_loss(3, 4, 2), through_loss(4, 4, 6)
    (1, 2, 0)
    """
    return min(roll, friend_formed) if roll < against else 0


def through_test(against: int, friend_formed: int, regular: bool = False,
                 why: Message = DISORDER_TEST) -> Proc[tuple[int, int]]:
    """AOT-MOVE-THROUGH-FRIENDS as a dice procedure: (the mover's kept die, the warriors the loser loses).
    ``regular``: the mover's musician rolls a failed test again (the test is the mover's, so its property
    applies; AOT-PROP-REGULAR)."""
    if against < 1:
        raise RuleError("AOT-MOVE-THROUGH-FRIENDS", msg("the moving unit has no warriors to test with"))
    return deciding_dice(against, regular, why).map(lambda k: (k[0], through_loss(k[0], against, friend_formed)))


@cache
def through_friends_exact(against: int, friend_formed: int, regular: bool = False) -> Dist[int]:
    """Exact law of the warriors the friend loses (:func:`through_test`).

    >>> through_friends_exact(4, 8)[0], through_friends_exact(7, 3)[3]
    (Fraction(1, 2), Fraction(2, 3))
    """
    return evaluate(through_test(against, friend_formed, regular)).map(lambda t: t[1])


class PassThrough(NamedTuple):
    """After a pass through a friend: both units, and who lost how many."""

    mover: Unit
    friend: Unit
    roll: int
    lost: int


def through_terms(mover: Unit, friend: Unit, *, elephant: bool = False) -> tuple[int, int]:
    """(the number the mover's die must reach, the most warriors the loser can lose) for a pass through
    ``friend``.  The loser is the friend, or the mover itself when the friend is an elephant; a panicking
    loser has no order to lose, so its warriors who would lose it are dispersed and its strength caps it.

    >>> through_terms(Unit(ranks=(4, 4)), Unit(ranks=(2, 1))), through_terms(Unit(ranks=(0, 0), disordered=7),
    ...                                                                     Unit(ranks=(5, 5)))
    ((4, 3), (7, 10))
    """
    against = ELEPHANT_TEST if elephant else threshold(mover)
    if against < 1:
        raise RuleError("AOT-MOVE-THROUGH-FRIENDS", msg("{unit} has no warriors left to move", unit=mover.name))
    loser = mover if elephant else friend
    return against, loser.strength if loser.panicking else loser.formed


def through(mover: Unit, friend: Unit, *, elephant: bool = False) -> Proc[PassThrough]:
    """A pass through ``friend`` as a dice procedure: one die (a regular mover rolls a failure again).  The losses
    fall on the friend, or on the mover when the friend is an elephant.  A friend left with no formed warrior
    is panicking (AOT-PANIC)."""
    against, cap = through_terms(mover, friend, elephant=elephant)
    loser = mover if elephant else friend
    why = msg("{unit} pass through {friend}", unit=mover.name, friend=friend.name)

    def after(test: tuple[int, int]) -> PassThrough:
        roll, lost = test
        hurt = panic_disorder(loser, lost)
        return PassThrough(hurt, friend, roll, lost) if elephant else PassThrough(mover, hurt, roll, lost)

    return through_test(against, cap, mover.regular, why).map(after).log(
        lambda r: PassedThrough(mover.name, friend.name, r.roll, against, r.lost, loser.name)).log(
        lambda r: Losses(loser, 0, r.lost, r.mover if elephant else r.friend) if r.lost else None)


def pass_through(mover: Unit, friend: Unit, dice: DiceSource, *, elephant: bool = False) -> PassThrough:
    """Play a pass through ``friend`` (:func:`through`)."""
    return play(through(mover, friend, elephant=elephant), dice)


def panic_disorder(unit: Unit, n: int) -> Unit:
    """AOT-PANIC: a panicking unit has no order to lose; each warrior that would lose it is dispersed.

    >>> panic_disorder(Unit(ranks=(0, 0), disordered=5), 2).strength
    3
    """
    if not unit.panicking:
        return unit.take_losses(0, n)
    gone = min(n, unit.disordered)
    return replace(unit, disordered=unit.disordered - gone)
