"""Movement (Движение): how far a unit goes.  The retreats of other rules move by these rules.

The table-top engine will add paths, wheels and terrain; what lives here is the
numeric part every rule that moves a unit shares.
"""

from __future__ import annotations

from aot_rules.aot.units import Unit

PANIC_MOVE = 10


def move_allowance(unit: Unit) -> int:
    """AOT-MOVE-DISTANCE: 10″ − density; a panicking unit (density 0) runs 10″.

    >>> [move_allowance(Unit(ranks=(d, d))) for d in (1, 3, 5)], move_allowance(Unit(ranks=(0, 0), disordered=2))
    ([9, 7, 5], 10)
    """
    return PANIC_MOVE if unit.panicking or unit.formed == 0 else PANIC_MOVE - unit.density


def retreat_move(unit: Unit) -> int:
    """AOT-MELEE-RETREAT: the loser, after its turn test, falls back a full move."""
    return move_allowance(unit)
