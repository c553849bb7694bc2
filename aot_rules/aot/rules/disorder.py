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
from aot_rules.core.events import DieEffect


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
def deciding_die(density: int, regular: bool = False) -> Dist[int]:
    """The die that decides a test: one d6, or for a regular unit the die it keeps after a re-roll
    of a failure.  Rules whose die is also a distance (countercharge, run) read both from it."""
    if not regular:
        return Dist.die(6)
    return Dist.die(6).bind(lambda a: Dist.point(a) if a >= density else
                            Dist.die(6).map(lambda b: kept_die(a, b, density)))


@cache
def disorder_test(density: int, formed: int, regular: bool = False) -> Dist[int]:
    """Exact distribution of warriors disordered by one test.

    >>> [disorder_test(d, 10, True).prob(lambda k: k > 0) for d in (2, 5)]
    [Fraction(1, 36), Fraction(4, 9)]
    """
    return deciding_die(density, regular).map(lambda r: disorder_loss(r, density, formed))


def roll_test_die(unit: Unit, dice: DiceSource, why: str = "disorder test") -> int:
    """Roll the deciding die of a test for ``unit``: a regular unit rolls a failure again."""
    def judge(r: int) -> DieEffect:
        return DieEffect.FAIL if disorder_loss(r, unit.density, unit.formed) else DieEffect.NONE

    roll = dice.d6(why, judge)
    if unit.regular and roll < unit.density:
        roll = kept_die(roll, dice.d6(why + ": the musician's re-roll", judge), unit.density)
    return roll


def take_disorder_test(unit: Unit, dice: DiceSource, why: str = "disorder test") -> tuple[Unit, int]:
    """Roll the test for ``unit``; return the unit after it and the warriors lost."""
    roll = roll_test_die(unit, dice, why)
    lost = disorder_loss(roll, unit.density, unit.formed)
    dice.emit(Tested(unit.name, roll, unit.density, lost))
    return unit.take_losses(0, lost), lost
