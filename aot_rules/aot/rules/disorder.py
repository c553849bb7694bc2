"""The disorder test (тест на потерю строя), which many rules borrow.

One d6 against the unit's own density: below it, that many formed warriors
become disordered.  Countercharges, turns, rough ground and retreats all use it.
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


@cache
def disorder_test(density: int, formed: int) -> Dist[int]:
    """Exact distribution of warriors disordered by one test."""
    return Dist.die(6).map(lambda r: disorder_loss(r, density, formed))


def take_disorder_test(unit: Unit, dice: DiceSource, why: str = "disorder test") -> tuple[Unit, int]:
    """Roll the test for ``unit``; return the unit after it and the warriors lost."""
    roll = dice.d6(why, lambda r: DieEffect.FAIL if disorder_loss(r, unit.density, unit.formed) else DieEffect.NONE)
    lost = disorder_loss(roll, unit.density, unit.formed)
    dice.emit(Tested(unit.name, roll, unit.density, lost))
    return unit.take_losses(0, lost), lost
