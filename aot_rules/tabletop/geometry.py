"""Table-top geometry, in inches, with shapely 2: bases, distances, arcs, sight lines, flanks, sweeps.

Every measurement the rules make on the table lives here, once, so that the engine, the scripted
player and the book's diagrams measure alike.  A base is placed by a :class:`Pose`: the centre of
its front edge and the way it faces, in degrees anticlockwise from "up the table" (+y).  Nothing
here knows about dice or rules beyond measuring: the engine asks and decides.

Conventions (AOT-MEASURE): distances run edge to edge, nearest edge to nearest edge; a base that
only touches another (distance below :data:`CONTACT`) is in contact with it; two bases overlap when
they share more than :data:`AREA_EPS` square inches.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache

import shapely
from shapely.geometry import LineString, Polygon

from aot_rules.core.i18n import msg, vocabulary

#: Bases closer than this (inches) are in contact.
CONTACT = 0.01
#: Shared area (square inches) below which two bases only touch.
AREA_EPS = 1e-4
#: How far the frontal arc and the front half-plane reach: farther than any table diagonal.
FAR = 200.0
#: Positions are kept to this many decimal places, so that a saved game prints and reloads exactly.
PLACES = 4
#: A wheel's swept area is built from footprints at most this many degrees apart.
SWEEP_STEP = 5.0


@vocabulary({'unit': msg('unit'), 'large': msg('large'), 'stakes': msg('stakes')})
class BaseSize(StrEnum):
    """AOT-UNIT-BASE: a 4×8 cm unit base (3.2″ front, 1.6″ deep); the large 8×6 cm base of an elephant,
    chariot, wagon or gun (narrow side to the front: 2.4″ front, 3.2″ deep); an 8×2 cm stakes base."""

    UNIT = "unit"
    LARGE = "large"
    STAKES = "stakes"

    @property
    def width(self) -> float:
        """The length of the front edge, inches."""
        return _WIDTH[self]

    @property
    def depth(self) -> float:
        return _DEPTH[self]


#: Each base's front and depth, inches (looked up, not rebuilt, on every measurement).
_WIDTH = {BaseSize.UNIT: 3.2, BaseSize.LARGE: 2.4, BaseSize.STAKES: 3.2}
_DEPTH = {BaseSize.UNIT: 1.6, BaseSize.LARGE: 3.2, BaseSize.STAKES: 0.8}


@vocabulary({'front': msg('front'), 'flank': msg('flank'), 'rear': msg('rear')})
class Aspect(StrEnum):
    """Where an attacker or shooter stands relative to a target (AOT-MELEE-FLANK, AOT-SHOOT-FLANK)."""

    FRONT = "front"
    FLANK = "flank"
    REAR = "rear"

    @property
    def flanking(self) -> bool:
        """Flank and rear attacks both count as flank attacks for the rules."""
        return self is not Aspect.FRONT


def _r(v: float) -> float:
    out = round(v, PLACES)
    return 0.0 if out == 0 else out  # no -0.0 in a saved game


@lru_cache(maxsize=65536)
def norm_angle(deg: float) -> float:
    """An angle in (-180, 180], rounded to :data:`PLACES` places (rounding first, so that -179.99999
    becomes 180 and not -180)."""
    a = round(math.fmod(deg, 360.0), PLACES)
    if a <= -180:
        a += 360
    elif a > 180:
        a -= 360
    return _r(a)


@dataclass(frozen=True, slots=True)
class Pose:
    """Where a base stands: the centre of its front edge (x, y) and its facing, degrees anticlockwise
    from up the table.  Coordinates are rounded to :data:`PLACES` places on construction."""

    x: float
    y: float
    facing: float = 0.0

    @staticmethod
    def of(x: float, y: float, facing: float = 0.0) -> Pose:
        x, y = round(x, PLACES), round(y, PLACES)  # :func:`_r`, written out: a game makes tens of thousands
        return Pose(x if x else 0.0, y if y else 0.0, norm_angle(facing))

    @property
    def direction(self) -> tuple[float, float]:
        """The unit vector the base faces."""
        return _direction(self.facing)

    def advanced(self, d: float) -> Pose:
        """The pose after moving ``d`` inches straight ahead (negative: straight back)."""
        dx, dy = self.direction
        return Pose.of(self.x + d * dx, self.y + d * dy, self.facing)

    def turned(self, degrees: float) -> Pose:
        """The pose after turning on the spot about the front-edge centre (AOT-TURN: a turn is not a move)."""
        return Pose.of(self.x, self.y, self.facing + degrees)

    def about_face(self, size: BaseSize) -> Pose:
        """The same ground, facing the other way: the front edge moves to where the rear edge was."""
        back = self.advanced(-size.depth)
        return Pose.of(back.x, back.y, self.facing + 180)


@lru_cache(maxsize=4096)
def _direction(facing: float) -> tuple[float, float]:
    """The unit vector a base facing ``facing`` faces (the trigonometry once per facing: a game has few)."""
    a = math.radians(facing)
    return (-math.sin(a), math.cos(a))


@lru_cache(maxsize=4096)
def _trig(degrees: float) -> tuple[float, float]:
    """cos and sin of ``degrees``, once per angle."""
    a = math.radians(degrees)
    return (math.cos(a), math.sin(a))


def centre(pose: Pose, size: BaseSize) -> tuple[float, float]:
    """The middle of the base: half its depth behind the middle of its front edge."""
    dx, dy = pose.direction
    return (pose.x - dx * size.depth / 2, pose.y - dy * size.depth / 2)


def turned_in_place(pose: Pose, size: BaseSize, facing: float) -> Pose:
    """The base turned to ``facing`` about its own middle, which stays where it is (a turn on this table,
    AOT-TURN, and a unit turning its back to retreat)."""
    cx, cy = centre(pose, size)
    a = math.radians(facing)
    return Pose.of(cx - math.sin(a) * size.depth / 2, cy + math.cos(a) * size.depth / 2, facing)


@lru_cache(maxsize=65536)
def figure(x: float, spec: str) -> Fraction:
    """A measured number as a refusal shows it: the exact decimal ``format(x, spec)`` writes, so a message renders
    it in the reader's own way (3.5″, Russian 3,5″) to the same places (trailing zeros dropped: "3.50" reads 3.5).

    >>> figure(3.14159, ".2f"), figure(72.0, "g")
    (Fraction(157, 50), Fraction(72, 1))
    """
    return Fraction(format(x, spec))


def exact_inches(d: float) -> Fraction:
    """A measured distance as the exact decimal the rules count with (to :data:`PLACES` places, like the
    positions), so that a range or a signal's reach is compared exactly.

    >>> exact_inches(3.99999999999), exact_inches(2.5)
    (Fraction(4, 1), Fraction(5, 2))
    """
    return Fraction(f"{round(d, PLACES):.{PLACES}f}")


@lru_cache(maxsize=65536)
def footprint(pose: Pose, size: BaseSize) -> Polygon:
    """The base as a polygon; its exterior runs front-left, front-right, rear-right, rear-left."""
    return Polygon(corners(pose, size))


@lru_cache(maxsize=65536)
def corners(pose: Pose, size: BaseSize) -> tuple[tuple[float, float], ...]:
    """Front-left, front-right, rear-right, rear-left (plain arithmetic: a shapely transform per base was the
    engine's single largest cost)."""
    x, y = pose.x, pose.y
    return tuple([(rx + x, ry + y) for rx, ry in _offsets(pose.facing, size)])


@lru_cache(maxsize=4096)
def _offsets(facing: float, size: BaseSize) -> tuple[tuple[float, float], ...]:
    """The corners of a base at ``facing`` whose front edge is centred on the origin (:func:`corners` adds the
    position): rotated once per facing and size."""
    w, d = size.width / 2, size.depth
    return tuple(_rotate(v, facing) for v in ((-w, 0.0), (w, 0.0), (w, -d), (-w, -d)))


def front_edge(pose: Pose, size: BaseSize) -> LineString:
    fl, fr, _, _ = corners(pose, size)
    return LineString([fl, fr])


def distance(a: Polygon, b: Polygon) -> float:
    """AOT-MEASURE: nearest edge to nearest edge."""
    return a.distance(b)


def overlap(a: Polygon, b: Polygon) -> bool:
    """Two bases share ground (touching is not overlapping)."""
    return a.intersects(b) and a.intersection(b).area > AREA_EPS


def _rotate(v: tuple[float, float], degrees: float) -> tuple[float, float]:
    c, s = _trig(degrees)
    return (v[0] * c - v[1] * s, v[0] * s + v[1] * c)


@lru_cache(maxsize=16384)
def arc_corners(pose: Pose, size: BaseSize) -> tuple[tuple[float, float], ...]:
    """The frontal arc's four corners (see :func:`frontal_arc`): the front corners and the far ends of the
    lines drawn out from them."""
    fl, fr, _, _ = corners(pose, size)
    d = pose.direction
    left, right = _rotate(d, 45), _rotate(d, -45)
    return (fl, (fl[0] + FAR * left[0], fl[1] + FAR * left[1]), (fr[0] + FAR * right[0], fr[1] + FAR * right[1]), fr)


@lru_cache(maxsize=16384)
def frontal_arc(pose: Pose, size: BaseSize) -> Polygon:
    """AOT-SHOOT-ARC-LOS: the ground ahead of the front edge within 45° either side of straight ahead,
    the lines drawn out from the two front corners."""
    return Polygon(arc_corners(pose, size))


def in_arc(pose: Pose, size: BaseSize, target: Polygon) -> bool:
    """Some of ``target`` lies inside the frontal arc (more than a touch).  A four-cornered target (a base) that
    a line parts from the arc shares no ground with it (their corners' shadows on that line do not meet), and
    is answered without shapely; any other is measured by shapely."""
    if target.geom_type == "Polygon" and not target.interiors:
        ring: Points = [(float(x), float(y)) for x, y in target.exterior.coords]
        if len(ring) == 5 and separated(list(arc_corners(pose, size)), ring[:4]):
            return False
    return frontal_arc(pose, size).intersection(target).area > AREA_EPS


@lru_cache(maxsize=16384)
def base_in_arc(pose: Pose, size: BaseSize, target: Pose, target_size: BaseSize) -> bool:
    """:func:`in_arc` of the base at ``target``, cached by the two bases' poses and sizes: the player and the
    shooting rules ask it of the same pairs again and again, and its separating-line test takes the corners as
    they are instead of reading them back out of a shapely polygon."""
    if separated(list(arc_corners(pose, size)), list(corners(target, target_size))):
        return False
    return frontal_arc(pose, size).intersection(footprint(target, target_size)).area > AREA_EPS


@lru_cache(maxsize=16384)
def ahead(pose: Pose, size: BaseSize) -> Polygon:
    """The half-plane in front of the line that extends the base's front edge."""
    fl, fr, _, _ = corners(pose, size)
    d = pose.direction
    ux, uy = (fr[0] - fl[0]) / size.width, (fr[1] - fl[1]) / size.width
    a = (fl[0] - FAR * ux, fl[1] - FAR * uy)
    b = (fr[0] + FAR * ux, fr[1] + FAR * uy)
    return Polygon([a, b, (b[0] + FAR * d[0], b[1] + FAR * d[1]), (a[0] + FAR * d[0], a[1] + FAR * d[1])])


def aspect(attacker: Polygon, pose: Pose, size: BaseSize) -> Aspect:
    """Where ``attacker`` stands relative to the target at ``pose``: in front, or wholly beyond the line
    of its front face (AOT-MELEE-FLANK, AOT-SHOOT-FLANK): in the rear when it is also wholly behind
    the line of its rear edge, otherwise on a flank."""
    if ahead(pose, size).intersection(attacker).area > AREA_EPS:
        return Aspect.FRONT
    rear = ahead(pose.about_face(size), size)
    return Aspect.REAR if rear.contains(attacker.buffer(-AREA_EPS)) else Aspect.FLANK


def facing_side(target_pose: Pose, size: BaseSize, viewer: Polygon) -> tuple[tuple[float, float], tuple[float, float]]:
    """AOT-SHOOT-ARC-LOS, Reading (1): the target's side nearest the viewer, as its two corners
    (front first on a tie, then right, rear, left)."""
    c = corners(target_pose, size)
    sides = [(c[0], c[1]), (c[1], c[2]), (c[2], c[3]), (c[3], c[0])]
    return min(sides, key=lambda s: round(LineString(s).distance(viewer), 9))


def sight_lines(shooter: Pose, s_size: BaseSize, target: Pose, t_size: BaseSize) -> tuple[LineString, LineString]:
    """AOT-SHOOT-ARC-LOS: from each front corner of the shooter to a corner of the target's facing side,
    paired so that the two lines do not cross."""
    fl, fr, _, _ = corners(shooter, s_size)
    a, b = facing_side(target, t_size, footprint(shooter, s_size))
    straight = (LineString([fl, a]), LineString([fr, b]))
    crossed = (LineString([fl, b]), LineString([fr, a]))
    return straight if not straight[0].crosses(straight[1]) else crossed


def crosses(line: LineString, area: Polygon) -> bool:
    """A sight line passes over ``area`` (more than grazing its edge)."""
    return line.intersects(area) and line.intersection(area).length > CONTACT


def wheel_pose(pose: Pose, size: BaseSize, degrees: float) -> Pose:
    """AOT-MOVE-PROCEDURE: wheel ``degrees`` (anticlockwise positive, i.e. to the left) about the front
    corner on the inside of the wheel; the outer front corner travels the arc."""
    px, py = wheel_pivot(pose, size, degrees)
    dx, dy = _rotate((pose.x - px, pose.y - py), degrees)  # plain arithmetic: shapely per point is slow
    return Pose.of(px + dx, py + dy, pose.facing + degrees)


def wheel_pivot(pose: Pose, size: BaseSize, degrees: float) -> tuple[float, float]:
    """The corner a wheel of ``degrees`` turns about: the front-left for a wheel to the left, else the
    front-right (AOT-MOVE-PROCEDURE)."""
    fl, fr, _, _ = corners(pose, size)
    return fl if degrees > 0 else fr


def wheel_cost(size: BaseSize, degrees: float) -> float:
    """AOT-MOVE-PROCEDURE: the inches a wheel costs, the outer corner's arc: |angle| × frontage."""
    return abs(math.radians(degrees)) * size.width


Points = list[tuple[float, float]]
#: How close, relatively, the areas :meth:`Sweep.overlaps` adds up from pieces may come to :data:`AREA_EPS` before
#: the union is asked instead (far above the rounding of an intersection's area, ~1e-15 relative).
AREA_SLACK = 1e-6
#: How close :func:`convex_gap` may come to a threshold before shapely is asked instead (far above the
#: rounding of either, far below the 0.0001″ positions are kept to).
GAP_SLACK = 1e-7


def hull_points(points: Points) -> Points:
    """The convex hull of a few points (Andrew's monotone chain), anticlockwise, without repeating the first:
    for two footprints this is much cheaper than building shapely points and asking for their hull."""
    pts = sorted(set(points))
    lower, upper = _half_hull(pts), _half_hull(pts[::-1])
    return lower[:-1] + upper[:-1]


def _half_hull(seq: Points) -> Points:
    """One chain of :func:`hull_points` (the points kept while every turn is to the left)."""
    out: Points = []
    for p in seq:
        px, py = p
        while len(out) >= 2:
            (ax, ay), (bx, by) = out[-2], out[-1]
            if (bx - ax) * (py - ay) - (by - ay) * (px - ax) > 0:
                break
            out.pop()
        out.append(p)
    return out


def _hull(points: Points) -> Polygon:
    return Polygon(hull_points(points))


def _sweep_poses(start: Pose, end: Pose, size: BaseSize, wheel: bool) -> list[Pose]:
    """The footprints a sweep is built from: the two ends of a straight move; a wheel's poses at most
    :data:`SWEEP_STEP` degrees apart."""
    if not wheel:
        return [start, end]
    turn = norm_angle(end.facing - start.facing)
    n = max(1, math.ceil(abs(turn) / SWEEP_STEP))
    return [start] + [wheel_pose(start, size, turn * i / n) for i in range(1, n)] + [end]


def sweep_parts(start: Pose, end: Pose, size: BaseSize, *, wheel: bool = False) -> list[Points]:
    """The convex pieces whose union is :func:`swept`'s ground, as point lists (plain arithmetic, so that a
    search along a path can measure them without building shapely geometry for every trial)."""
    poses = _sweep_poses(start, end, size, wheel)
    return [hull_points([*corners(p, size), *corners(q, size)]) for p, q in itertools.pairwise(poses)]


def swept(start: Pose, end: Pose, size: BaseSize, *, wheel: bool = False) -> Polygon:
    """The ground a base crosses from ``start`` to ``end``: a straight move sweeps the hull of the two
    footprints; a wheel sweeps the hulls of footprints at most :data:`SWEEP_STEP` degrees apart."""
    parts = sweep_parts(start, end, size, wheel=wheel)
    if not wheel:
        return Polygon(parts[0])
    # the pieces built in one call (the same polygons as one Polygon each, for about half the cost)
    flat = [c for part in parts for c in part]
    index = [i for i, part in enumerate(parts) for _ in part]
    out = shapely.union_all(shapely.polygons(shapely.linearrings(flat, indices=index)))
    assert isinstance(out, Polygon)  # consecutive hulls overlap, so the union is one piece
    return out


Box = tuple[float, float, float, float]


def box_of(points: Points) -> Box:
    """(min x, min y, max x, max y) of some points."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


@lru_cache(maxsize=65536)
def base_box(pose: Pose, size: BaseSize) -> Box:
    """The bounds of the base at ``pose`` (its corners' extremes), cached: the same bases are boxed again and
    again as moves are planned and walked."""
    return box_of(list(corners(pose, size)))


def box_gap(a: Box, b: Box) -> float:
    """The distance between two bounding boxes: never more than the distance between the shapes inside them,
    so a box gap beyond a threshold settles a question without measuring the shapes."""
    dx = max(b[0] - a[2], a[0] - b[2], 0.0)
    dy = max(b[1] - a[3], a[1] - b[3], 0.0)
    return math.hypot(dx, dy)


def boxes_apart(a: Box, b: Box) -> bool:
    """Two bounding boxes share no point, so their shapes cannot meet."""
    return a[0] > b[2] or b[0] > a[2] or a[1] > b[3] or b[1] > a[3]


class Sweep:
    """The ground a base crosses from ``start`` to ``end`` (see :func:`swept`), measured cheaply: its bounds
    from the footprints' corners, its convex pieces as plain points (built when a base comes near), and the
    shapely polygon only when a question needs shapely's own answer."""

    __slots__ = ("_boxes", "_parts", "_polygon", "bounds", "end", "poses", "size", "start", "wheel")

    def __init__(self, start: Pose, end: Pose, size: BaseSize, *, wheel: bool = False) -> None:
        self.start, self.end, self.size, self.wheel = start, end, size, wheel
        self.poses = _sweep_poses(start, end, size, wheel)
        #: (min x, min y, max x, max y), as shapely gives them: the extremes are corners of the footprints.
        self.bounds: Box = box_of([c for p in self.poses for c in corners(p, size)])
        self._parts: list[Points] | None = None
        self._boxes: list[Box] | None = None
        self._polygon: Polygon | None = None

    @property
    def parts(self) -> list[Points]:
        """The convex pieces: the hulls of consecutive footprints (one for a straight move)."""
        if self._parts is None:
            self._parts = [self._part(i) for i in range(len(self.poses) - 1)]
        return self._parts

    def _part(self, i: int) -> Points:
        return hull_points([*corners(self.poses[i], self.size), *corners(self.poses[i + 1], self.size)])

    @property
    def boxes(self) -> list[Box]:
        """Each piece's bounds, from its two footprints' corners (no hull needed)."""
        if self._boxes is None:
            size = self.size
            self._boxes = [box_of([*corners(p, size), *corners(q, size)]) for p, q in itertools.pairwise(self.poses)]
        return self._boxes

    def _near_parts(self, box: Box, far: float | None) -> list[Points]:
        """The pieces whose boxes come within ``far`` of ``box``, or with ``far`` None share a point with it
        (their hulls built only now)."""
        if far is None:
            near = [i for i, b in enumerate(self.boxes) if not boxes_apart(b, box)]
        else:
            near = [i for i, b in enumerate(self.boxes) if box_gap(b, box) < far]
        if self._parts is not None:
            return [self._parts[i] for i in near]
        return [self._part(i) for i in near]

    def _near_unless_apart(self, box: Box, far: float, pose: Pose, size: BaseSize, beyond: float) -> list[Points]:
        """:meth:`_near_parts` less the pieces that lie at least ``beyond`` from the base at ``pose`` along one of
        its own two axes (the directions of its sides), found from the two footprints' corners before any hull
        is built.  A piece so far along an axis is at least that far away, so leaving it out changes neither the
        nearest piece's distance, whenever that is below ``beyond``, nor whether the ground comes within
        ``beyond`` at all: most pieces of a wheel that ends near an enemy lie plainly clear of its base."""
        near = [i for i, b in enumerate(self.boxes) if box_gap(b, box) < far]
        if not near:
            return []
        axes = BaseAxes(pose, size)
        out = []
        for i in near:
            if axes.gap((*corners(self.poses[i], self.size), *corners(self.poses[i + 1], self.size))) >= beyond:
                continue
            out.append(self._parts[i] if self._parts is not None else self._part(i))
        return out

    @property
    def polygon(self) -> Polygon:
        if self._polygon is None:
            self._polygon = swept(self.start, self.end, self.size, wheel=self.wheel)
        return self._polygon

    def nearer(self, pose: Pose, size: BaseSize, body: Polygon | None, limit: float) -> bool:
        """Whether the ground comes nearer than ``limit`` to the base ``body`` at ``pose`` (None: its footprint):
        boxes first, then :func:`pieces_nearer` over the pieces that come near it."""
        box = base_box(pose, size)
        far = limit + GAP_SLACK
        if box_gap(self.bounds, box) >= far:
            return False
        if self.wheel:
            near = self._near_unless_apart(box, far, pose, size, limit + 2 * GAP_SLACK)
        else:
            near = self._near_parts(box, far)
        if not near:
            return False
        return pieces_nearer(near, list(corners(pose, size)), lambda: self.polygon,
                             (lambda: footprint(pose, size)) if body is None else body, limit)

    def overlaps(self, other: PolygonOrLater, box: Box, outline: Sequence[tuple[float, float]]) -> bool:
        """:func:`overlap` of the ground and ``other`` (whose bounds are ``box`` and vertices ``outline``), measured
        in plain arithmetic (:func:`shared_area`) and asked of shapely only when that lands within
        :data:`AREA_SLACK` of :data:`AREA_EPS`.  A wheel's ground is not convex, so its union is not built when
        its pieces settle it: the ground shares at least as much with ``other`` as its piece that shares most,
        and at most what its pieces share together; only the rest asks the union (:attr:`polygon`)."""
        if boxes_apart(self.bounds, box):
            return False
        near = [self.parts[0]] if not self.wheel else self._near_parts(box, None)
        return bool(near) and pieces_overlap(near, outline, lambda: self.polygon, other)

    def apart(self, pose: Pose, size: BaseSize) -> bool:
        """A separating line parts the ground from the base at ``pose`` (so they cannot overlap)."""
        box = base_box(pose, size)
        if boxes_apart(self.bounds, box):
            return True
        pts = list(corners(pose, size))
        return all(separated(part, pts) for part in self._near_parts(box, None))



#: Added to a measured shift of a base when it bounds a change of distance: far above the rounding of corner
#: coordinates (about 1e-14″ on this table), far below :data:`GAP_SLACK`.
SHIFT_SLACK = 1e-9


class StraightClearance:
    """Whether a straight advance from ``start`` to a trial end keeps at least ``limit`` from some bases: the
    question a stopping point's search asks again and again (``nearer`` false for every base), answered from
    the trials already measured when that settles it, measured otherwise.

    Why a measured trial settles others: every corner of the end base moves by the shift between two ends, so
    the swept ground (the hull of the start and end corners) moves by at most that shift, and its distance to
    any base changes by at most as much.  A trial whose bounds, so taken from the measured ones, lie
    2 × :data:`GAP_SLACK` clear of ``limit`` has the answer those bounds give; the measurement itself and
    :meth:`Sweep.nearer` would both give it without asking shapely.  A measurement within that slack of
    ``limit`` is answered by ``fallback`` (the search's own question, which asks shapely).  An end that is not
    the start's facing (not a straight advance) is always answered by ``fallback``."""

    __slots__ = ("bases", "fallback", "limit", "samples", "size", "start", "start_corners")

    def __init__(self, start: Pose, size: BaseSize, bases: Sequence[tuple[Pose, BaseSize]], limit: float,
                 fallback: Callable[[Pose], bool]) -> None:
        self.start, self.size, self.limit, self.fallback = start, size, limit, fallback
        self.bases = [list(corners(p, s)) for p, s in bases]
        self.start_corners = corners(start, size)
        #: each measured end (x, y) and its measured distance to each base
        self.samples: list[tuple[float, float, list[float]]] = []

    def clear(self, end: Pose) -> bool:
        if end.facing != self.start.facing:
            return self.fallback(end)
        settled = self._bounded(end)
        if settled is not None:
            return settled
        part = hull_points([*self.start_corners, *corners(end, self.size)])
        gaps = [convex_gap(part, b) for b in self.bases]
        self.samples.append((end.x, end.y, gaps))
        if any(abs(g - self.limit) < 2 * GAP_SLACK for g in gaps):
            return self.fallback(end)
        return all(g >= self.limit for g in gaps)

    def _bounded(self, end: Pose) -> bool | None:
        """The answer the measured trials settle for ``end``, or None."""
        if not self.samples:
            return None
        lo, hi = self.limit + 2 * GAP_SLACK, self.limit - 2 * GAP_SLACK
        low = [-math.inf] * len(self.bases)
        for x, y, gaps in self.samples:
            shift = math.hypot(end.x - x, end.y - y) + SHIFT_SLACK
            for i, g in enumerate(gaps):
                if g + shift <= hi:
                    return False  # this base is nearer than the limit, whatever the others
                low[i] = max(low[i], g - shift)
        return True if all(v >= lo for v in low) else None


class BaseAxes:
    """A base's two axes (the directions of its sides) and the extent of the base along each: how far some
    points lie from it along either axis is a lower bound on their distance from it, found by projecting them,
    without building any shape (see :meth:`Sweep._near_unless_apart`, :class:`WheelClearance`)."""

    __slots__ = ("across", "along", "ux", "uy")

    def __init__(self, pose: Pose, size: BaseSize) -> None:
        self.ux, self.uy = ux, uy = pose.direction
        base = corners(pose, size)
        along = [ux * x + uy * y for x, y in base]
        across = [uy * x - ux * y for x, y in base]
        self.along = (min(along), max(along))
        self.across = (min(across), max(across))

    def gap(self, pts: Sequence[tuple[float, float]]) -> float:
        """How far the points' hull lies beyond the base along the axis that parts them most (negative: along
        neither)."""
        ux, uy = self.ux, self.uy
        a = [ux * x + uy * y for x, y in pts]
        c = [uy * x - ux * y for x, y in pts]
        lo_a, hi_a = self.along
        lo_c, hi_c = self.across
        return max(min(a) - hi_a, lo_a - max(a), min(c) - hi_c, lo_c - max(c))


#: Added to a bound on how far a wheel's corners move between two trials of :class:`WheelClearance`: the
#: rounding of both trials' footprints (each position to :data:`PLACES` places, at most 0.00005″ a coordinate;
#: each facing to as many places of a degree), with room to spare.
ROUND_SLACK = 2e-4


class WheelClearance:
    """Whether the ground a wheel from ``start`` to a trial end sweeps keeps at least ``limit`` from some bases:
    the question a wheel's stopping point's search asks again and again (``Sweep.nearer`` false for every base,
    after the end footprint's own test), answered with the fewest pieces of the ground measured.

    A wheel of ``turn`` degrees is swept as ``n`` convex pieces (:func:`sweep_parts`), piece i the hull of the
    footprints turned ``turn`` × i / ``n`` and × (i + 1) / ``n`` about the pivot.  For each base, each piece's
    distance is bounded from below without measuring it: by its box, by :class:`BaseAxes`, or by the same
    piece of an earlier trial with as many pieces (its corners lie within R × |Δturn| × (i + 1) / ``n`` of that
    piece's, R the base's diagonal, plus :data:`ROUND_SLACK`; so its distance changed by no more).  Pieces
    bounded at least ``limit`` + 2 × :data:`GAP_SLACK` away are left out, which changes neither the nearest
    piece's distance whenever that is nearer nor the answer (the argument of :meth:`Sweep._near_unless_apart`);
    the rest are measured.  A nearest distance within :data:`GAP_SLACK` of ``limit`` is answered by
    ``fallback``, the search's own question, as :meth:`Sweep.nearer` would ask shapely there."""

    __slots__ = ("bases", "fallback", "limit", "radius", "samples", "size", "start")

    def __init__(self, start: Pose, size: BaseSize, bases: Sequence[tuple[Pose, BaseSize]], limit: float,
                 fallback: Callable[[Pose], bool]) -> None:
        self.start, self.size, self.limit, self.fallback = start, size, limit, fallback
        self.bases = [(p, s, list(corners(p, s)), base_box(p, s), BaseAxes(p, s)) for p, s in bases]
        self.radius = math.hypot(size.width, size.depth)
        #: by the number of pieces: the last measured trial's turn, and for each base each piece's lower bound
        self.samples: dict[int, tuple[float, list[list[float]]]] = {}

    def clear(self, end: Pose) -> bool:
        size, limit, start = self.size, self.limit, self.start
        if any(footprint_nearer(end, size, p, s, limit) for p, s, _, _, _ in self.bases):
            return False
        turn = norm_angle(end.facing - start.facing)
        n = max(1, math.ceil(abs(turn) / SWEEP_STEP))
        poses: dict[int, tuple[tuple[float, float], ...]] = {0: corners(start, size), n: corners(end, size)}

        def at(j: int) -> tuple[tuple[float, float], ...]:  # the corners of :func:`_sweep_poses`' j-th footprint
            if j not in poses:
                poses[j] = corners(wheel_pose(start, size, turn * j / n), size)
            return poses[j]

        sample = self.samples.get(n)
        beyond = limit + 2 * GAP_SLACK
        step = self.radius * math.radians(abs(turn - sample[0])) / n if sample is not None else 0.0
        bounds: list[list[float]] = []
        for k, (_, _, pts, box, axes) in enumerate(self.bases):
            lows: list[float] = []
            nearest = math.inf
            for i in range(n):
                if sample is not None:
                    low = sample[1][k][i] - step * (i + 1) - ROUND_SLACK
                    if low >= beyond:
                        lows.append(low)
                        continue
                piece = (*at(i), *at(i + 1))
                low = box_gap(box_of(list(piece)), box)
                if low < beyond:
                    low = max(low, axes.gap(piece))
                    if low < beyond:
                        low = convex_gap(hull_points(list(piece)), pts)
                        nearest = min(nearest, low)
                lows.append(low)
            if abs(nearest - limit) < GAP_SLACK:
                return self.fallback(end)
            if nearest < limit:
                return False
            bounds.append(lows)
        self.samples[n] = (turn, bounds)
        return True

def bases_overlap(a: Pose, a_size: BaseSize, b: Pose, b_size: BaseSize) -> bool:
    """:func:`overlap` of the two bases' footprints: bases whose boxes miss or that a line parts share no ground
    (most pairs a move or a turn tests); the rest are measured by :func:`shared_area`, and by shapely only when
    that lands within :data:`AREA_SLACK` of :data:`AREA_EPS` (two bases side by side in a line touch, and share
    next to nothing)."""
    if boxes_apart(base_box(a, a_size), base_box(b, b_size)):
        return False
    ca, cb = list(corners(a, a_size)), list(corners(b, b_size))
    if separated(ca, cb):
        return False
    shared = shared_area(ca, cb)
    if abs(shared - AREA_EPS) > AREA_EPS * AREA_SLACK:
        return shared > AREA_EPS
    return overlap(footprint(a, a_size), footprint(b, b_size))


def footprint_nearer(pose: Pose, size: BaseSize, other: Pose, other_size: BaseSize, limit: float) -> bool:
    """The base at ``pose`` comes nearer than ``limit`` to the base at ``other`` by more than twice
    :data:`GAP_SLACK`: then any ground that holds that footprint, such as a sweep that ends there, is nearer
    than ``limit`` to it as :meth:`Sweep.nearer` says (the piece holding the footprint measures no farther, and
    lands too far below ``limit`` for shapely to be asked), so the sweep need not be built to say so.  False
    says nothing."""
    return convex_gap(list(corners(pose, size)), list(corners(other, other_size))) < limit - 2 * GAP_SLACK


def separated(a: Points, b: Points) -> bool:
    """Some edge of one convex polygon has the other wholly on its far side (the separating axis test)."""
    for poly, other in ((a, b), (b, a)):
        n = len(poly)
        for i in range(n):
            x0, y0 = poly[i]
            x1, y1 = poly[i + 1 - n]
            nx, ny = y1 - y0, x0 - x1
            if nx == 0 and ny == 0:
                continue
            pv = [nx * x + ny * y for x, y in poly]
            ov = [nx * x + ny * y for x, y in other]
            if max(ov) < min(pv) or min(ov) > max(pv):
                return True
    return False


#: A shapely polygon, or what builds it when asked (most answers never need it: see :func:`pieces_overlap`).
PolygonOrLater = Polygon | Callable[[], Polygon]


def _now(poly: PolygonOrLater) -> Polygon:
    return poly() if callable(poly) else poly


def pieces_overlap(pieces: Sequence[Points], outline: Sequence[tuple[float, float]], union: Callable[[], Polygon],
                   other: PolygonOrLater) -> bool:
    """:func:`overlap` of ground made of convex ``pieces`` (at least one) and ``other`` (vertices ``outline``),
    without building the ground when its pieces settle it: the ground shares at least as much with ``other`` as
    its piece that shares most, and at most what its pieces share together (:func:`shared_area`).  Only an
    answer within :data:`AREA_SLACK` of :data:`AREA_EPS` asks shapely, of the pieces' ``union()``."""
    shared = [shared_area(outline, piece) for piece in pieces]
    if max(shared) > AREA_EPS * (1 + AREA_SLACK):
        return True
    if sum(shared) < AREA_EPS * (1 - AREA_SLACK):
        return False
    return overlap(union(), _now(other))


def base_overlaps(pose: Pose, size: BaseSize, outline: Sequence[tuple[float, float]], other: Polygon) -> bool:
    """:func:`overlap` of the base at ``pose`` and ``other`` (vertices ``outline``: a piece of terrain, a camp),
    measured as :func:`pieces_overlap` does."""
    return pieces_overlap([list(corners(pose, size))], outline, lambda: footprint(pose, size), other)


def pieces_nearer(pieces: Sequence[Points], pts: Points, union: Callable[[], Polygon], other: PolygonOrLater,
                  limit: float) -> bool:
    """Whether ground made of convex ``pieces`` comes nearer than ``limit`` to the convex ``other`` (vertices
    ``pts``): the nearest piece's :func:`convex_gap` (the distance to a union is the least distance to its
    pieces), and shapely's distance from the ``union()`` when that lands within :data:`GAP_SLACK` of
    ``limit``."""
    d = min(convex_gap(piece, pts) for piece in pieces)
    if abs(d - limit) < GAP_SLACK:
        return union().distance(_now(other)) < limit
    return d < limit


def shared_area(subject: Sequence[tuple[float, float]], clip: Points) -> float:
    """The area the polygon ``subject`` (its vertices in either order; any simple polygon) shares with the convex
    polygon ``clip``: ``subject`` clipped by each edge of ``clip`` in turn (Sutherland and Hodgman), then the
    shoelace.  What shapely's intersection area gives, to rounding (about 1e-12 square inches on this table), for
    a fraction of its cost; callers compare it with :data:`AREA_EPS` and ask shapely within :data:`AREA_SLACK`."""
    n = len(clip)
    turn = 0.0
    for i in range(n):
        x0, y0 = clip[i - 1]
        x1, y1 = clip[i]
        turn += x0 * y1 - x1 * y0
    ring = clip if turn > 0 else clip[::-1]  # anticlockwise: the inside is left of every edge
    out = list(subject)
    for i in range(n):
        if not out:
            return 0.0
        ax, ay = ring[i - 1]
        bx, by = ring[i]
        ex, ey = bx - ax, by - ay
        kept: Points = []
        px, py = out[-1]
        ps = ex * (py - ay) - ey * (px - ax)
        for qx, qy in out:
            qs = ex * (qy - ay) - ey * (qx - ax)
            if qs >= 0:
                if ps < 0:
                    t = ps / (ps - qs)
                    kept.append((px + t * (qx - px), py + t * (qy - py)))
                kept.append((qx, qy))
            elif ps >= 0:
                t = ps / (ps - qs)
                kept.append((px + t * (qx - px), py + t * (qy - py)))
            px, py, ps = qx, qy, qs
        out = kept
    area = 0.0
    for i in range(len(out)):
        x0, y0 = out[i - 1]
        x1, y1 = out[i]
        area += x0 * y1 - x1 * y0
    return abs(area) / 2

def convex_gap(a: Points, b: Points) -> float:
    """The distance between two convex polygons given by their vertices (0 when they meet), in plain
    arithmetic: what shapely's ``distance`` gives, to rounding, for a fraction of its cost.  Callers that
    compare it with a threshold ask shapely itself when it lands within :data:`GAP_SLACK` of the threshold,
    so rounding never decides anything."""
    if not separated(a, b):
        return 0.0
    best = math.inf
    for poly, other in ((a, b), (b, a)):
        n = len(other)
        for i in range(n):
            ax, ay = other[i]
            bx, by = other[i + 1 - n]
            dx, dy = bx - ax, by - ay
            ll = dx * dx + dy * dy
            for px, py in poly:
                if ll == 0:
                    t = 0.0
                else:
                    t = ((px - ax) * dx + (py - ay) * dy) / ll
                    t = 0.0 if t < 0 else 1.0 if t > 1 else t
                ex, ey = ax + t * dx - px, ay + t * dy - py
                d2 = ex * ex + ey * ey
                if d2 < best:
                    best = d2
    return math.sqrt(best)


def on_table(poly: Polygon, width: float, depth: float) -> bool:
    """The whole base is on a table ``width`` × ``depth`` inches."""
    return on_table_box(poly.bounds, width, depth)


def on_table_box(box: tuple[float, float, float, float], width: float, depth: float) -> bool:
    """A shape with these bounds (min x, min y, max x, max y) lies wholly on a ``width`` × ``depth`` table."""
    minx, miny, maxx, maxy = box
    eps = 1e-6
    return minx >= -eps and miny >= -eps and maxx <= width + eps and maxy <= depth + eps


def bearing(frm: tuple[float, float], to: tuple[float, float]) -> float:
    """The facing (degrees anticlockwise from up the table) that points from ``frm`` to ``to``."""
    return norm_angle(math.degrees(math.atan2(-(to[0] - frm[0]), to[1] - frm[1])))
