"""A unit's plans on the table: how far it slides before touching a base, the wheel that faces an enemy, a
charge's path into contact and the advances that close without touching.

Pure geometry over the state, shared by the legal-action list (:mod:`aot_rules.tabletop.legal`) and the
scripted player (:mod:`aot_rules.tabletop.player`); nothing here acts or rolls.  The contact geometry itself
(how far a base slides before it touches another, the wheel that faces it) is :mod:`aot_rules.tabletop.contact`,
which the moves use too.
"""

from __future__ import annotations

import math

from aot_rules.aot.equipment import Missile
from aot_rules.aot.rules.movement import PANIC_MOVE
from aot_rules.aot.rules.shooting import range_strength
from aot_rules.tabletop import geometry, moves
from aot_rules.tabletop.contact import MIN_WHEEL, centre, contact_along, facing_wheel, outline
from aot_rules.tabletop.sight import gap
from aot_rules.tabletop.state import GameState, Piece

#: How far short of an enemy an advance stops.
SHORT = 0.5
#: An enemy more than this many degrees off the front is faced by a turn (a test, but no inches), not a wheel.
BEHIND = 90.0


def nearest_enemy(state: GameState, piece: Piece) -> tuple[Piece, float] | None:
    best = None
    for e in state.enemies(piece):
        d = gap(piece, e)
        if best is None or d < best[1] - 1e-9:
            best = (e, d)
    return best


def standoff(piece: Piece, enemy: Piece) -> float:
    """How close an advance comes to ``enemy``: :data:`SHORT` for a fighter or a javelin-thrower, and for a
    bow or a sling the distance from which every formed warrior of the unit may shoot (AOT-SHOOT-RANGE)."""
    missile = piece.unit.missile
    if missile is None or Missile(missile).max_range is not None:
        return SHORT
    return max(SHORT, float(range_strength(enemy.unit) - piece.unit.formed))


def steps_to(piece: Piece, enemy: Piece, allowance: float) -> list[moves.Step] | None:
    """Wheel to face ``enemy`` and advance into contact, if the move reaches it."""
    deg = facing_wheel(piece, enemy)
    if abs(deg) < MIN_WHEEL:
        deg = 0.0
    left = math.floor((allowance - geometry.wheel_cost(piece.size, deg)) * 100) / 100
    if left <= 0:
        return None
    pose = geometry.wheel_pose(piece.pose, piece.size, deg) if deg else piece.pose
    run = contact_along(pose, piece.size, outline(enemy.pose, enemy.size), left)
    if run is None:
        return None
    steps: list[moves.Step] = [moves.Wheel(deg)] if deg else []
    return [*steps, moves.Advance(round(min(left, run + 0.01), 4))]


def advances(state: GameState, piece: Piece, enemy: Piece, allowance: float) -> list[tuple[list[moves.Step], str]]:
    """Ways to close on ``enemy`` without touching any enemy: wheel and advance, or straight ahead, full
    or half way; the advance stops :func:`standoff` short of ``enemy`` and :data:`SHORT` short of any
    other enemy in the way."""
    out: list[tuple[list[moves.Step], str]] = []
    deg = facing_wheel(piece, enemy)
    plans = [(deg, "")] if abs(deg) >= MIN_WHEEL else []
    if abs(deg) <= BEHIND:
        plans.append((0.0, " straight"))
    for wheel, how in plans:
        left = allowance - geometry.wheel_cost(piece.size, wheel)
        if left <= 0:
            continue
        pose = geometry.wheel_pose(piece.pose, piece.size, wheel) if wheel else piece.pose
        stop = left
        for e in state.enemies(piece):
            keep = standoff(piece, e) if e.id == enemy.id else SHORT
            t = contact_along(pose, piece.size, outline(e.pose, e.size), left + keep)
            if t is not None:
                stop = min(stop, t - keep)
        stop = math.floor(stop * 100) / 100
        head: list[moves.Step] = [moves.Wheel(wheel)] if wheel else []
        if stop >= 0.1:
            out.append(([*head, moves.Advance(stop)], how))
            if stop >= 1:
                out.append(([*head, moves.Advance(round(stop / 2, 2))], f"{how} half way"))
    return out


def camp_flight(state: GameState, piece: Piece) -> moves.Flight | None:
    """Where a panicking unit's flight toward its own camp (its table edge without one) would carry it and what
    stands in the way, as :func:`moves.flee` will go in the unit's own slot (AOT-PANIC: 10″, stopping there), or
    None when it is there already and would not move.  The geometry only: no die, nothing changed."""
    side = state.sides[piece.side]
    me = centre(piece)
    camp = side.camp_polygon
    goal = (me[0], side.home_edge) if camp.is_empty else (float(camp.centroid.x), float(camp.centroid.y))
    d = min(float(PANIC_MOVE), math.hypot(goal[0] - me[0], goal[1] - me[1]))
    if d < 1e-6:
        return None
    heading = geometry.bearing(me, goal)
    return moves.flight(state, piece, heading, d, heading)


def flight_disperses(state: GameState, piece: Piece, f: moves.Flight) -> bool:
    """Whether the flight ``f`` of the panicking ``piece`` ends in its dispersal: an enemy base or impassable
    ground in the way, or an end on a friend it cannot clear (a friend not both panicking and weaker,
    AOT-MOVE-THROUGH-FRIENDS)."""
    if f.blocked is not None:
        return True
    if not f.ends_on:
        return False
    other = state.piece(f.ends_on[0])
    return not (other.unit.panicking and other.unit.strength < piece.unit.strength)
