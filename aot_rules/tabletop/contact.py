"""Contact geometry: how far a base slides straight ahead before it touches another, and the wheel that points it
at a target.  Used by the moves (a berserk elephant's rampage) and by the plans the players make
(:mod:`aot_rules.tabletop.plans`), so neither imports the other for it.
"""

from __future__ import annotations

from functools import lru_cache

from aot_rules.tabletop import geometry
from aot_rules.tabletop.state import Piece

#: Wheels smaller than this are not worth their cost.
MIN_WHEEL = 5.0
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


__all__ = ["MIN_WHEEL", "REACH_SLACK", "Points", "centre", "contact_along", "facing_wheel", "outline"]
