"""The camp (Лагерь): what guarding it gives, what entering it costs, and what sacking it does.

The camp's placement is setup (AOT-CAMP-PLACE) and its victory points are victory (AOT-VICTORY-POINTS,
``CAMP_VP``); this module holds what happens at the camp itself.  Entering it is rough ground for the
enemy, so the test is the rough-ground test of :mod:`aot_rules.aot.rules.terrain`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from aot_rules.aot.rules.disorder import disorder_test
from aot_rules.aot.rules.terrain import Terrain, TerrainEffect, terrain_effect
from aot_rules.aot.units import Unit
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import msg, vocabulary


@vocabulary({'sacked': msg('sacked'), "guard-attacked": msg('guard attacked')}, formerly={
    "guard attacked": "guard-attacked"
})
class CampOutcome(StrEnum):
    """What an enemy unit's entry into a camp leads to."""

    SACKED = "sacked"  # unguarded: the camp is removed, and the looters leave the table (not destroyed)
    GUARD_ATTACKED = "guard-attacked"  # guarded: the unit came in to fight the guard, in an ordinary melee


class Entry(NamedTuple):
    """An enemy unit enters a camp: its test, and what follows."""

    disordered: int
    outcome: CampOutcome


def guard_cover(guard: Unit) -> TerrainEffect:
    """A unit guarding its own camp fights and is shot at as if in a wood: cover, and the camp blocks sight."""
    return terrain_effect(Terrain.WOOD, guard)


class GuardBenefits(NamedTuple):
    """Everything a wood gives the unit guarding its camp (AOT-CAMP: it "has the bonuses of a unit in a wood").

    ``wood``: the wood's terrain effect (cover, blocked sight); ``horse_strike``: whether enemy riders may
    strike it with their horses, which they never do in a fight on rough ground (AOT-MELEE-HORSE-STRIKE), and
    a wood is rough ground; ``cover_everywhere``: in a wood only a unit within 1″ of its edge is in cover
    (AOT-SHOOT-COVER), but a camp is small and the rule gives the guard the bonuses outright, so we read
    the guard as in cover wherever it stands in the camp (Reading).
    """

    wood: TerrainEffect
    horse_strike: bool
    cover_everywhere: bool


def guard_benefits(guard: Unit) -> GuardBenefits:
    """What guarding its own camp gives ``guard``.

    >>> b = guard_benefits(Unit(name="guard", ranks=(3, 3)))
    >>> b.wood.cover, b.wood.blocks_sight, b.horse_strike, b.cover_everywhere
    (True, True, False, True)
    """
    return GuardBenefits(guard_cover(guard), horse_strike=False, cover_everywhere=True)


def check_entry(unit: Unit, guarded: bool, reaches_guard: bool = False) -> None:
    """Refuse an entry the camp rule forbids: a guarded camp cannot be sacked, only fought for, so a unit may come
    into it only on a move that ends in contact with its guard (``reaches_guard``: a charge, the ordinary melee
    the rule names).  A move that would merely walk in while the guard stands is refused.

    >>> check_entry(Unit(name="raiders", ranks=(3, 3)), guarded=True, reaches_guard=True)
    >>> try:
    ...     check_entry(Unit(name="raiders", ranks=(3, 3)), guarded=True)
    ... except RuleError as e:
    ...     print(e.rule_id)
    AOT-CAMP
    """
    if guarded and not reaches_guard:
        raise RuleError("AOT-CAMP", msg("{unit} cannot walk into a guarded camp: it may come in only to attack the "
                                        "guard in an ordinary melee, and sacks the camp only once the guard is "
                                        "destroyed or driven out", unit=unit.name))


def entry_exact(unit: Unit, regular: bool = False) -> Dist[int]:
    """Exact law of the warriors an enemy unit loses entering a camp (the rough-ground test)."""
    effect = terrain_effect(Terrain.CAMP, unit)
    assert effect.test
    return disorder_test(unit.density, unit.formed, regular)

