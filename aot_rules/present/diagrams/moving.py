"""Diagrams for the Moving chapter: measuring, the wheel, crossing a wood, passing through a friend.

Each diagram is two functions: one that computes the geometry with shapely (where a
base ends up, how far a corner travelled, which bases overlap) and returns it, and
one that draws it.  The tests check the first; the captions quote its numbers, so
no figure in the book carries a hand-written distance.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from shapely import affinity, ops
from shapely.geometry import LineString, Point, Polygon, box

from aot_rules.aot.rules.movement import move_allowance
from aot_rules.aot.units import Unit
from aot_rules.core.i18n import Message, msg
from aot_rules.present.diagrams.canvas import (
    BASE_DEPTH,
    BASE_WIDTH,
    Canvas,
    base,
    corner_path,
    front_edge,
    inches,
    number,
)

#: Chords in a wheel's arc: its polyline length is then the true arc length to better than 1e-6″.
ARC_STEPS = 2048
#: Text size of the labels at the diagram's natural size (the figure scales down on a phone).
TEXT = 13


def _front_centre(b: Polygon) -> Point:
    return front_edge(b).interpolate(0.5, normalized=True)


def _forward(facing: float) -> tuple[float, float]:
    """The unit vector a base facing ``facing`` (degrees anticlockwise from up the table) moves along."""
    r = math.radians(facing)
    return -math.sin(r), math.cos(r)


def _canvas(*shapes: Polygon | LineString, title: str | Message, pad: float = 0.5, left: float = 0.0,
            right: float = 0.0, top: float = 0.0, bottom: float = 0.0) -> Canvas:
    """A canvas just large enough for ``shapes`` (plus ``pad`` all round and room for labels on a side)."""
    x0 = min(g.bounds[0] for g in shapes) - pad - left
    y0 = min(g.bounds[1] for g in shapes) - pad - bottom
    x1 = max(g.bounds[2] for g in shapes) + pad + right
    y1 = max(g.bounds[3] for g in shapes) + pad + top
    return Canvas(x0, y0, x1, y1, title=title)


def _advance(b: Polygon, facing: float, distance: float) -> Polygon:
    dx, dy = _forward(facing)
    return affinity.translate(b, dx * distance, dy * distance)


# --- measuring -----------------------------------------------------------------------------------

class Measure(NamedTuple):
    ours: Polygon
    theirs: Polygon
    gap: LineString  # nearest point of ours to nearest point of theirs
    distance: float
    centres: float  # centre to centre, for contrast: not how the rules measure


def measure_geometry() -> Measure:
    """Two bases at an angle; the distance between them is nearest edge to nearest edge (AOT-MEASURE)."""
    ours = base(2.2, 1.8, 0)
    theirs = base(6.4, 6.6, 200)
    a, b = ops.nearest_points(ours, theirs)
    return Measure(ours, theirs, LineString([a, b]), ours.distance(theirs), ours.centroid.distance(theirs.centroid))


def measure_svg() -> str:
    m = measure_geometry()
    c = _canvas(m.ours, m.theirs, title=msg("Measuring between two units"), right=0.4)
    c.shape(m.ours, "blue", label=msg("yours"), front=True)
    c.shape(m.theirs, "red", label=msg("enemy"), front=True)
    c.line(m.gap, "#b5453a", width=2.5, dashed=True)
    for x, y in m.gap.coords:
        c.dot(x, y)
    mid = m.gap.interpolate(0.5, normalized=True)
    c.text(mid.x + 0.25, mid.y, inches(m.distance), anchor="start", size=TEXT, bold=True, colour="#b5453a")
    return c.svg(msg("The distance between units runs from the nearest edge of one base to the nearest edge of the "
                     "other: here {distance} (centre to centre it would be {centres}, which the rules never use).",
                     distance=inches(m.distance), centres=inches(m.centres)))


# --- the wheel -----------------------------------------------------------------------------------

class Wheel(NamedTuple):
    start: Polygon
    end: Polygon
    pivot: tuple[float, float]
    outer_start: tuple[float, float]
    arc: LineString  # the path of the outer front corner
    degrees: float
    allowance: int  # the move of the density-4 unit drawn
    rest: LineString  # what is left of the move, straight ahead after the wheel


def wheel_geometry(degrees: float = 45, density: int = 4) -> Wheel:
    """A base wheels ``degrees`` to the right about its right front corner; the left front corner sweeps
    the arc, and every inch of that arc comes off the move (AOT-MOVE-PROCEDURE)."""
    start = base(0.0, 0.0, 0)
    (flx, fly), (frx, fry) = list(start.exterior.coords)[:2]
    fl, fr = (flx, fly), (frx, fry)
    end = affinity.rotate(start, -degrees, origin=fr)
    # Fine enough that the polyline's length is the circle's to within 1e-6″ (drawn simplified).
    arc = corner_path(fr, fl, -degrees, steps=ARC_STEPS)
    allowance = move_allowance(Unit(ranks=(density, density)))
    left = allowance - arc.length
    centre = _front_centre(end)
    dx, dy = _forward(-degrees)
    rest = LineString([(centre.x, centre.y), (centre.x + dx * left, centre.y + dy * left)])
    return Wheel(start, end, fr, fl, arc, degrees, allowance, rest)


def wheel_svg(degrees: float = 45) -> str:
    w = wheel_geometry(degrees)
    after = _advance(w.end, -degrees, w.rest.length)
    c = _canvas(w.start, after, w.arc, title=msg("A wheel of {degrees}°", degrees=number(degrees)), pad=0.6,
                left=0.8, right=1.6, bottom=0.5)
    c.shape(w.start, "ghost", dashed=True)
    below = w.start.centroid
    c.text(below.x, below.y - BASE_DEPTH / 2 - 0.4, msg("start"), size=TEXT, colour="#7a8898")
    c.shape(after, "ghost", dashed=True, opacity=0.7)
    c.shape(w.end, "blue", front=True)
    c.line(w.rest, "#555", dashed=True, arrow=True)
    half = w.rest.interpolate(0.5, normalized=True)
    c.text(half.x - 0.3, half.y + 0.3, msg("{distance} left", distance=inches(w.rest.length)), anchor="end",
           size=TEXT, colour="#555")
    c.line(LineString(w.arc.simplify(0.01).coords), "#b5453a", width=3, arrow=True)
    c.dot(*w.pivot, colour="#1d3a5c", r=5)
    c.text(w.pivot[0] + 0.2, w.pivot[1] - 0.35, msg("pivot: stays put"), anchor="start", size=TEXT, colour="#1d3a5c")
    # the arc's length, just outside the middle of the arc (radially out from the pivot)
    mid = w.arc.interpolate(0.5, normalized=True)
    k = 1 + 0.3 / BASE_WIDTH
    c.text(w.pivot[0] + (mid.x - w.pivot[0]) * k, w.pivot[1] + (mid.y - w.pivot[1]) * k, inches(w.arc.length),
           anchor="end", size=TEXT, bold=True, colour="#b5453a")
    return c.svg(msg("A wheel of {degrees}° about the right front corner: the left front corner travels {arc} "
                     "({degrees}° of a circle of radius {radius}″, the base's width), and that comes off the move. "
                     "A density-{density} unit with {allowance}″ has {left} left to go straight ahead.",
                     degrees=number(degrees), arc=inches(w.arc.length), radius=number(BASE_WIDTH), density=4,
                     allowance=w.allowance, left=inches(w.rest.length)))


# --- crossing a wood ------------------------------------------------------------------------------

class Crossing(NamedTuple):
    wood: Polygon
    start: Polygon
    inside: Polygon  # where a unit that stopped inside would stand
    end: Polygon
    allowance: int
    entry: Point  # where the front edge first meets the wood: the test
    to_entry: float  # how far the front edge went before it met the wood


def _wood() -> Polygon:
    """A round-ish wood: a circle with a gently wavy edge, as the pieces on a real table are."""
    pts = []
    for i in range(72):
        t = 2 * math.pi * i / 72
        r = 2.3 * (1 + 0.07 * math.sin(3 * t + 0.4) + 0.05 * math.cos(5 * t))
        pts.append((0.3 + 1.15 * r * math.cos(t), 4.3 + r * math.sin(t)))
    return Polygon(pts)


def wood_geometry(density: int = 2) -> Crossing:
    """Akontists (density 2, the example's unit) move their full move straight through a wood and out."""
    wood = _wood()
    start = base(0.0, 1.4, 0)
    allowance = move_allowance(Unit(ranks=(density, density)))
    end = _advance(start, 0, allowance)
    # The front edge sweeps the strip ahead of the base; the first piece of wood in that strip is where
    # the front edge crosses the boundary (AOT-ROUGH-TERRAIN: the terrain takes effect there).
    y_front = start.bounds[3]
    strip = box(-BASE_WIDTH / 2, y_front, BASE_WIDTH / 2, y_front + allowance)
    hit = wood.intersection(strip)
    assert isinstance(hit, Polygon), "the wood lies across the unit's path"
    lowest = min(hit.exterior.coords, key=lambda p: p[1])
    inside = _advance(start, 0, allowance / 2)
    return Crossing(wood, start, inside, end, allowance, Point(lowest), lowest[1] - y_front)


def wood_crossing_svg() -> str:
    g = wood_geometry()
    c = _canvas(g.wood, g.start, g.end, title=msg("Crossing a wood"), right=2.6)
    c.shape(g.wood, "wood")
    c.text(2.7, 6.7, msg("wood"), colour="#4f7a44", size=TEXT, anchor="start", bold=True)
    c.shape(g.start, "ghost", dashed=True, label=msg("start"))
    c.shape(g.inside, "ghost", dashed=True, opacity=0.6)
    c.shape(g.end, "blue", front=True, label=msg("end of move"))
    x = -BASE_WIDTH / 2 - 0.35
    c.line(LineString([(x, g.start.bounds[3]), (x, g.end.bounds[3])]), "#555", dashed=True, arrow=True)
    c.text(x - 0.15, g.end.centroid.y, f"{g.allowance}″", anchor="end", size=TEXT, colour="#555", bold=True)
    c.dot(g.entry.x, g.entry.y, r=6)
    c.text(g.entry.x + 0.35, g.entry.y - 0.3, msg("test"), anchor="start", size=TEXT, bold=True, colour="#b5453a")
    ix, iy = _front_centre(g.inside).coords[0]
    c.dot(ix, iy, colour="#8a7a55", r=5)
    c.text(ix + 1.9, iy - 0.05, msg("stopped here?"), anchor="start", size=TEXT, colour="#6b5d3a")
    c.text(ix + 1.9, iy - 0.5, msg("test again next move"), anchor="start", size=TEXT, colour="#6b5d3a")
    return c.svg(msg("Akontists at density {density} move their full {allowance}″. Their front edge meets the wood "
                     "after {entry}: that is where the wood starts to count, and one test covers the whole crossing, "
                     "since the base ends the move clear of the trees. A unit that stopped inside (dashed) would "
                     "test again when it moved on.", density=2, allowance=g.allowance, entry=inches(g.to_entry)))


# --- passing through a friend -----------------------------------------------------------------------

class Pass(NamedTuple):
    friend: Polygon
    behind: float  # how far behind the friend the mover starts
    start: Polygon
    end: Polygon
    allowance: int
    clear_by: float  # gap between the friend's front and the mover's rear at the end (0 if they overlap)
    allowed: bool


def through_geometry(gap_behind: float = 1.0, density: int = 4, x: float = 0.0) -> Pass:
    """A density-``density`` unit ``gap_behind`` inches behind a friend moves its full move straight through
    it.  The pass is allowed only if the mover ends clear of the friend (AOT-MOVE-THROUGH-FRIENDS)."""
    friend = base(x, 4.0, 0)
    start = base(x, friend.bounds[1] - gap_behind, 0)
    allowance = move_allowance(Unit(ranks=(density, density)))
    end = _advance(start, 0, allowance)
    overlap = end.intersection(friend).area > 0
    return Pass(friend, gap_behind, start, end, allowance, 0.0 if overlap else end.distance(friend), not overlap)


def through_friend_svg() -> str:
    ok = through_geometry(1.0, x=0.0)
    no = through_geometry(3.2, x=5.2)
    c = _canvas(ok.start, ok.end, no.start, no.end, title=msg("Passing through a friend"), right=0.5, top=0.5)
    for g, verdict in ((ok, msg("allowed")), (no, msg("not allowed"))):
        c.shape(g.friend, "blue", opacity=0.55, front=True, label=msg("friend"))
        c.shape(g.start, "ghost", dashed=True, label=msg("start"))
        c.shape(g.end, "blue" if g.allowed else "red", front=True, dashed=not g.allowed, opacity=0.85,
                label=msg("end") if g.allowed else "")
        a, b = _front_centre(g.start), _front_centre(g.end)
        side = g.start.bounds[2] + 0.3
        c.line(LineString([(side, a.y), (side, b.y)]), "#555", dashed=True, arrow=True)
        cx = (g.friend.bounds[0] + g.friend.bounds[2]) / 2
        c.text(cx, g.end.bounds[3] + 0.45, verdict, size=TEXT, bold=True,
               colour="#1d3a5c" if g.allowed else "#7a2a1d")
    return c.svg(msg("A density-{density} unit moves {allowance}″. Left: starting {behind} behind its friend it "
                     "comes out {clear} clear of it, so it may pass. Right: starting {far} behind, its move would end "
                     "on top of the friend, so it may not pass through at all.", density=4, allowance=ok.allowance,
                     behind=inches(ok.behind), clear=inches(ok.clear_by), far=inches(no.behind)))
