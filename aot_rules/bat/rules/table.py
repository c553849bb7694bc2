"""The Batalist table: the step, bases, the three zones around a base, terrain and set-up.

Nothing here rolls a die; these are the measurements the dice rules stand on.  Every length
is in steps and exact (``Fraction``): the source never rounds a distance, so neither do we
(the index's Reading for BAT-TERRAIN).

A base is drawn in its own frame: the middle of its front edge is the origin, it faces +y,
its front corners are at (±w/2, 0) and its rear edge lies at y = −depth.  A point is then in
the **front zone** when it lies ahead of the front edge and within 45° of straight ahead of
the nearer front corner (the source's rays make 135° with the edge), in the **rear zone**
when the same holds behind the rear edge, and on a **flank** otherwise (BAT-ZONES).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import msg, vocabulary

#: The step the source suggests, in centimetres (BAT-MEASURE); players may choose another.
STEP_CM = Fraction(2)
#: A base's frontage, in steps (BAT-BASE).
BASE_FRONTAGE = 3
#: The deployment zones are at least this many times the fastest Speed apart (BAT-SETUP).
SETUP_GAP_SPEEDS = 3

Number = int | Fraction


def steps_to_cm(steps: Number, step_cm: Number = STEP_CM) -> Fraction:
    """A distance in steps, in centimetres, for a chosen step size (BAT-MEASURE)."""
    if step_cm <= 0:
        raise RuleError("BAT-MEASURE", msg("a step must be longer than 0 cm, not {step}", step=step_cm))
    if steps < 0:
        raise RuleError("BAT-MEASURE", msg("a distance cannot be negative ({steps} steps)", steps=steps))
    return Fraction(steps) * Fraction(step_cm)


# --- zones (BAT-ZONES, BAT-FLANK-REAR-ATTACK) --------------------------------------------------

@vocabulary({'front': msg('front'), 'flank': msg('flank'), 'rear': msg('rear'), "on-base": msg('on the base')},
            formerly={
    "on the base": "on-base"
})
class Zone(StrEnum):
    FRONT = "front"
    FLANK = "flank"
    REAR = "rear"
    ON_BASE = "on-base"


@dataclass(frozen=True)
class BaseShape:
    """A base's rectangle in steps: frontage 3 by default (BAT-BASE), any positive depth."""

    depth: Fraction = Fraction(1)
    width: Fraction = Fraction(BASE_FRONTAGE)

    def __post_init__(self) -> None:
        if self.width <= 0 or self.depth <= 0:
            raise RuleError("BAT-BASE", msg("a base needs a positive frontage and depth, not {width}×{depth}",
                                               width=self.width, depth=self.depth))


def zone_of(base: BaseShape, x: Number, y: Number) -> Zone:
    """The zone of ``base`` that the point (x, y) of the base's own frame lies in (BAT-ZONES).

    Points on a ray count as inside the front or rear zone: the source's zones are closed.
    """
    half = Fraction(base.width) / 2
    x, y = Fraction(x), Fraction(y)
    if abs(x) <= half and -base.depth <= y <= 0:
        return Zone.ON_BASE
    if y >= 0 and abs(x) - half <= y:
        return Zone.FRONT
    behind = -base.depth - y
    if behind >= 0 and abs(x) - half <= behind:
        return Zone.REAR
    return Zone.FLANK


@vocabulary({'front': msg('front'), 'flank': msg('flank'), 'rear': msg('rear')})
class AttackDirection(StrEnum):
    FRONT = "front"
    FLANK = "flank"
    REAR = "rear"


def attack_direction(target: BaseShape, mid_x: Number, mid_y: Number) -> AttackDirection:
    """How an attack lands, from the midpoint of the attacker's front edge in the target's frame.

    Rear: that midpoint is in the target's rear zone.  Flank: it is in a flank zone (the source
    speaks of the attacker's whole front side; we read its midpoint, as for the rear).
    """
    zone = zone_of(target, mid_x, mid_y)
    if zone is Zone.ON_BASE:
        raise RuleError("BAT-FLANK-REAR-ATTACK", msg("the attacker's front cannot stand on the target's base"))
    return {Zone.FRONT: AttackDirection.FRONT, Zone.FLANK: AttackDirection.FLANK,
            Zone.REAR: AttackDirection.REAR}[zone]


# --- terrain (BAT-TERRAIN, BAT-ORDER-MOVE) ------------------------------------------------------

@vocabulary({
    "open": msg('open ground'), 'hill': msg('hill'), "sheer-slope": msg('sheer slope'), 'wood': msg('wood'),
    'water': msg('water'), 'swamp': msg('swamp'), 'ravine': msg('ravine'), 'building': msg('building'),
    "difficult": msg('difficult ground')
}, formerly={
    "open ground": "open", "sheer slope": "sheer-slope", "difficult ground": "difficult"
})
class Terrain(StrEnum):
    OPEN = "open"
    HILL = "hill"
    SHEER_SLOPE = "sheer-slope"
    WOOD = "wood"
    WATER = "water"
    SWAMP = "swamp"
    RAVINE = "ravine"
    BUILDING = "building"
    DIFFICULT = "difficult"


#: The share of its Speed a base keeps on each terrain; 0 means it cannot enter.
SPEED_SHARE: dict[Terrain, Fraction] = {
    Terrain.OPEN: Fraction(1), Terrain.HILL: Fraction(1), Terrain.WOOD: Fraction(1),
    Terrain.RAVINE: Fraction(1), Terrain.SHEER_SLOPE: Fraction(0), Terrain.WATER: Fraction(0),
    Terrain.BUILDING: Fraction(0), Terrain.SWAMP: Fraction(1, 4), Terrain.DIFFICULT: Fraction(1, 2),
}
#: Terrain that blocks a line of sight through it (BAT-LOS): hills, woods, buildings.
BLOCKS_SIGHT = frozenset({Terrain.HILL, Terrain.WOOD, Terrain.BUILDING})


def terrain_speed(speed: Number, terrain: Iterable[Terrain] = (), *, flying: bool = False) -> Fraction:
    """The Speed a base keeps on a patch of terrain, which may combine several types (a wood on a
    hill, a building in a swamp).  Each type's effect applies; for Speed the harshest one counts
    (they do not multiply), and a Flying base ignores terrain.  No rounding: steps may be fractional.
    """
    if speed < 0:
        raise RuleError("BAT-TERRAIN", msg("Speed cannot be negative, not {speed}", speed=speed))
    kinds = set(terrain)
    if flying or not kinds:
        return Fraction(speed)
    return Fraction(speed) * min(SPEED_SHARE[t] for t in kinds)


def corner_speed(speed: Number, left: Iterable[Terrain], right: Iterable[Terrain], *, flying: bool = False) -> Fraction:
    """A moving base's Speed when its two front corners cross different ground (BAT-ORDER-MOVE):
    the path follows both corners, so the slower corner sets the pace."""
    return min(terrain_speed(speed, left, flying=flying), terrain_speed(speed, right, flying=flying))


def blocks_sight(terrain: Iterable[Terrain], *, all_terrain: bool = False) -> bool:
    """Whether a patch of terrain blocks a line of sight passing through it (BAT-LOS).

    The definition says a sight line may not cross terrain at all, but the terrain list says which pieces
    block it (hills, woods; buildings block sight and movement).  Reading: only those block;
    ``all_terrain`` takes the definition literally, so that any piece of terrain blocks.

    >>> blocks_sight([Terrain.SWAMP]), blocks_sight([Terrain.SWAMP], all_terrain=True)
    (False, True)
    """
    kinds = set(terrain)
    if all_terrain:
        return bool(kinds - {Terrain.OPEN})  # open ground is no terrain piece
    return bool(BLOCKS_SIGHT & kinds)


# --- moving (BAT-ORDER-MOVE) --------------------------------------------------------------------

#: Turning costs, in steps, by the largest angle each covers (BAT-ORDER-MOVE).
TURN_COSTS = ((45, 1), (90, 3), (180, 7))


def turn_cost(degrees: Number) -> int:
    """Steps of movement a turn of ``degrees`` uses up: up to 45° 1, up to 90° 3, up to 180° 7."""
    if degrees < 0 or degrees > 180:
        raise RuleError("BAT-ORDER-MOVE", msg("a turn is between 0° and 180°, not {degrees}°", degrees=degrees))
    if degrees == 0:
        return 0
    return next(cost for limit, cost in TURN_COSTS if degrees <= limit)


def move_allowance(speed: Number, *, forward: bool = True, turns: Iterable[Number] = ()) -> Fraction:
    """Steps left to move after the turns of one Move order; sideways or backwards halves Speed.

    Refuses turns that cost more than the Speed the base has.
    """
    if speed < 0:
        raise RuleError("BAT-ORDER-MOVE", msg("Speed cannot be negative, not {speed}", speed=speed))
    pace = Fraction(speed) if forward else Fraction(speed) / 2
    spent = sum(turn_cost(t) for t in turns)
    if spent > pace:
        raise RuleError("BAT-ORDER-MOVE", msg("the turns cost {spent} steps but the base has only {pace}",
                                                  spent=spent, pace=pace))
    return pace - spent


# --- set-up (BAT-SETUP) ------------------------------------------------------------------------

def deployment_gap(speeds: Iterable[int]) -> int:
    """The least gap between the two deployment zones: three times the fastest base's Speed."""
    fastest = max(speeds, default=None)
    if fastest is None:
        raise RuleError("BAT-SETUP", msg("an army needs at least one base"))
    if fastest < 0:
        raise RuleError("BAT-SETUP", msg("Speed cannot be negative, not {speed}", speed=fastest))
    return SETUP_GAP_SPEEDS * fastest
