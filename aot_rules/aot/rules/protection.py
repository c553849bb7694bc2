"""Protections, each defined once for shooting and melee alike.

The shield wall (стена щитов) is one die for the whole unit: below the unit's
density (at or below it for veterans, or under the alternative Reading) it
turns away as many hits as it shows.  Armour turns away hits rolled as 6 in
melee; horse armour turns away hits rolled as 1.
"""

from __future__ import annotations

from typing import NamedTuple


class HeldShield(NamedTuple):
    """A unit's one shield die of a slot, already rolled (the table-top keeps it for the slot): its face, and
    how many hits it may still turn away (0 once spent, or when the face did not save)."""

    roll: int
    left: int


def shield_wall_saves(face: int, density: int, *, at_or_below: bool) -> bool:
    """AOT-SHOOT-SHIELDWALL / AOT-MELEE-SHIELDWALL: does the shield die save at all?

    >>> [f for f in range(1, 7) if shield_wall_saves(f, 4, at_or_below=False)]
    [1, 2, 3]
    """
    return face <= density if at_or_below else face < density


def faces_that_save(density: int, *, at_or_below: bool) -> tuple[int, ...]:
    """The shield die's faces that save, as numbers (what a :class:`~aot_rules.aot.events.ShieldWall` records).

    >>> faces_that_save(4, at_or_below=False), faces_that_save(1, at_or_below=False)
    ((1, 2, 3), ())
    """
    return tuple(f for f in range(1, 7) if shield_wall_saves(f, density, at_or_below=at_or_below))


def horse_armour_turns(face: int) -> bool:
    """AOT-SHOOT-HORSE-ARMOUR / AOT-MELEE-HORSE-ARMOUR: a hit rolled as 1 does not wound."""
    return face == 1


def armour_turns(face: int) -> bool:
    """AOT-MELEE-ARMOUR: a hand-to-hand hit rolled as 6 does not wound."""
    return face == 6
