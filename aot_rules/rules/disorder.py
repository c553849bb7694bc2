"""The disorder test (тест на потерю строя), which many rules borrow.

One d6 against the unit's own density: below it, that many formed warriors
become disordered.  Countercharges, turns, rough ground and retreats all use it.
"""

from __future__ import annotations

from functools import cache

from aot_rules.dice.dist import Dist


def disorder_loss(roll: int, density: int, formed: int) -> int:
    """AOT-DISORDER-TEST: warriors lost to a roll (capped at the formed warriors, per the Reading)."""
    return min(roll, formed) if roll < density else 0


@cache
def disorder_test(density: int, formed: int) -> Dist[int]:
    """Exact distribution of warriors disordered by one test."""
    return Dist.die(6).map(lambda r: disorder_loss(r, density, formed))
