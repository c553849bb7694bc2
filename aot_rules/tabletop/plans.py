"""A unit's plans on the table: how far it slides before touching a base, the wheel that faces an enemy, a
charge's path into contact and the advances that close without touching.

Pure geometry over the state, shared by the legal-action list (:mod:`aot_rules.tabletop.legal`) and the
scripted player (:mod:`aot_rules.tabletop.player`); nothing here acts or rolls.
"""

from __future__ import annotations

import math
from functools import lru_cache

from aot_rules.aot.equipment import Missile
from aot_rules.aot.rules.shooting import range_strength
from aot_rules.tabletop import geometry, moves
from aot_rules.tabletop.sight import gap
from aot_rules.tabletop.state import GameState, Piece

#: How far short of an enemy an advance stops.
SHORT = 0.5
#: Wheels smaller than this are not worth their cost.
MIN_WHEEL = 5.0
#: An enemy more than this many degrees off the front is faced by a turn (a test, but no inches), not a wheel.
BEHIND = 90.0


Points = tuple[tuple[float, float], ...]
#: How far beyond the reach two bases' boxes must be before :func:`contact_along` skips measuring them (far above
#: rounding, far below the 0.0001″ positions are kept to).
REACH_SLACK = 1e-6


@lru_cache(maxsize=65536)
def outline(pose: geometry.Pose, size: geometry.BaseSize) -> Points:
    """The base's four corners (front-left, front-right, rear-right, rear-left), cached: the player looks
    at the same bases many times while it plans."""
    return geometry.corners(pose, size)


def _ray(p: tuple[float, float], u: tuple[float, float], pts: Points) -> float | None:
    """How far along ``u`` from ``p`` the ray first meets the polygon ``pts`` (None: it misses)."""
    best: float | None = None
    n = len(pts)
    for i in range(n):
        (x1, y1), (x2, y2) = pts[i], pts[(i + 1) % n]
        ex, ey = x2 - x1, y2 - y1
        den = u[0] * ey - u[1] * ex
        if abs(den) < 1e-12:
            continue  # parallel: a corner ray of the other polygon finds this contact
        wx, wy = x1 - p[0], y1 - p[1]
        t = (wx * ey - wy * ex) / den
        s = (wx * u[1] - wy * u[0]) / den
        if t >= -1e-9 and -1e-9 <= s <= 1 + 1e-9:
            best = t if best is None else min(best, t)
    return best


@lru_cache(maxsize=65536)
def contact_along(pose: geometry.Pose, size: geometry.BaseSize, target: Points, reach: float) -> float | None:
    """How far straight ahead the base at ``pose`` travels before it touches the polygon ``target``, if it
    does within ``reach`` inches.  A sliding polygon first touches another where a corner of one meets an
    edge of the other, so rays from every corner (forward from the base, backward from the target) find
    the exact distance without any search."""
    mine = outline(pose, size)
    if geometry.box_gap(geometry.box_of(list(mine)), geometry.box_of(list(target))) > reach + REACH_SLACK:
        return None  # the bases are farther apart than the reach: no slide within it can touch
    u = pose.direction
    back = (-u[0], -u[1])
    hits = [t for t in (*(_ray(c, u, target) for c in mine), *(_ray(c, back, mine) for c in target))
            if t is not None]
    best = max(0.0, min(hits)) if hits else None
    return best if best is not None and best <= reach else None


def centre(p: Piece) -> tuple[float, float]:
    return geometry.centre(p.pose, p.size)


def facing_wheel(piece: Piece, target: Piece) -> float:
    """The wheel (degrees, + to the left) that points the piece's front at the target's centre: the pivot
    is a front corner, so the aim is corrected once after a first wheel."""
    to = centre(target)
    deg = geometry.norm_angle(geometry.bearing((piece.pose.x, piece.pose.y), to) - piece.pose.facing)
    after = geometry.wheel_pose(piece.pose, piece.size, deg)
    deg += geometry.norm_angle(geometry.bearing((after.x, after.y), to) - after.facing)
    return geometry.norm_angle(deg)


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
