"""The disorder test (тест на потерю строя), which many rules borrow.

One d6 against the unit's own density: below it, that many formed warriors
become disordered.  Countercharges, turns, rough ground and retreats all use it.
A regular unit (its musician, AOT-PROP-REGULAR) rolls a failed test again and
keeps the better die: a pass beats a fail, and of two fails the lower loses fewer.
"""

from __future__ import annotations

from functools import cache

from aot_rules.aot.events import Tested
from aot_rules.aot.units import Unit
from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.events import DieEffect, PieceId
from aot_rules.core.i18n import Message, msg

#: The caption of a disorder test's die when the rule that calls for it gives none.
DISORDER_TEST = msg("disorder test")


def disorder_loss(roll: int, density: int, formed: int) -> int:
    """AOT-DISORDER-TEST: warriors lost to a roll (capped at the formed warriors, per the Reading).

    >>> [disorder_loss(r, 4, 8) for r in range(1, 7)]
    [1, 2, 3, 0, 0, 0]
    """
    return min(roll, formed) if roll < density else 0


def kept_die(first: int, second: int, density: int) -> int:
    """AOT-PROP-REGULAR, Reading: of two dice for one test, keep the better: a pass beats a fail, and of
    two fails the lower loses fewer.  The same choice serves a player picking his test die (AOT-TROT).

    >>> kept_die(2, 5, 4), kept_die(3, 1, 4), kept_die(1, 3, 4), kept_die(5, 1, 4)
    (5, 1, 1, 5)
    """
    high = max(first, second)
    return high if high >= density else min(first, second)


@cache
def kept_after(first: int, density: int, regular: bool = False) -> Dist[int]:
    """The die a test keeps once ``first`` is rolled: ``first`` itself, or, for a regular unit whose first
    die failed, the better of it and the re-roll.  A rule that rolls its test die among others (the trot's
    two dice) starts here.

    >>> kept_after(5, 4, True), kept_after(2, 4, True)[1]
    (Dist({5: 1}), Fraction(1, 6))
    """
    if not regular or first >= density:
        return Dist.point(first)
    return Dist.die(6).map(lambda b: kept_die(first, b, density))


@cache
def deciding_die(density: int, regular: bool = False) -> Dist[int]:
    """The die that decides a test: one d6, or for a regular unit the die it keeps after a re-roll
    of a failure.  Rules whose die is also a distance (countercharge, run) read both from it."""
    return Dist.die(6).bind(lambda a: kept_after(a, density, regular))


@cache
def disorder_test(density: int, formed: int, regular: bool = False) -> Dist[int]:
    """Exact distribution of warriors disordered by one test.

    >>> [disorder_test(d, 10, True).prob(lambda k: k > 0) for d in (2, 5)]
    [Fraction(1, 36), Fraction(4, 9)]
    """
    return deciding_die(density, regular).map(lambda r: disorder_loss(r, density, formed))


def roll_test_die(unit: Unit, dice: DiceSource, why: Message = DISORDER_TEST, *, against: int | None = None,
                  first: int | None = None) -> int:
    """Roll the deciding die of a test for ``unit``: a regular unit rolls a failure again.

    ``against``: the number to reach when it is not the unit's own density (a panicking unit's strength,
    the 3 of a friendly elephant); ``first``: a die already rolled, when the rule rolled it with others.
    """
    return roll_test_dice(unit, dice, why, against=against, first=first)[0]


def roll_test_dice(unit: Unit, dice: DiceSource, why: Message = DISORDER_TEST, *, against: int | None = None,
                   first: int | None = None) -> tuple[int, tuple[int, ...]]:
    """:func:`roll_test_die`, and the dice behind it: the first die and, for a regular unit whose first die
    failed, its re-roll (what the unit's :class:`Tested` event records, so a narrative can tell it)."""
    d = unit.density if against is None else against

    def judge(r: int) -> DieEffect:
        return DieEffect.FAIL if r < d else DieEffect.NONE

    roll = dice.d6(why, judge) if first is None else first
    if unit.regular and roll < d:
        again = dice.d6(msg("{test}: the musician's re-roll", test=why), judge)
        return kept_die(roll, again, d), (roll, again)
    return roll, (roll,)


def take_disorder_test(unit: Unit, dice: DiceSource, why: Message = DISORDER_TEST, piece: PieceId = ""
                       ) -> tuple[Unit, int]:
    """Roll the test for ``unit``; return the unit after it and the warriors lost.  ``piece``: the table's id for
    the unit, which the event carries (opaque here)."""
    roll, faces = roll_test_dice(unit, dice, why)
    lost = disorder_loss(roll, unit.density, unit.formed)
    dice.emit(Tested(unit.name, roll, unit.density, lost, faces if len(faces) > 1 else (), piece))
    return unit.take_losses(0, lost), lost
