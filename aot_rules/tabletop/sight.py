"""Lines of sight and cover on the table (AOT-SHOOT-ARC-LOS, AOT-SHOOT-COVER, AOT-CAMP).

The shooting rules need three answers from the table: may this unit see that one (two corner lines,
both clear), is the target in cover (it then counts its density, not its strength, for range), and is
a unit standing on a hill (it sees over units below).  This module gives them from the engine's own
geometry (:func:`aot_rules.tabletop.geometry.sight_lines`), so the shot, the scripted player and the
book's diagrams agree on every line.

Readings (engine), beyond the index's own:

- the hill a unit stands on (the one under the centre of its base) does not block its own lines, nor
  the lines drawn to it: one sees off and onto the hill one is on;
- the exception for units inside a wood, village or camp (Reading 2: the lines may enter the piece that
  holds the target) works both ways: a unit wholly inside such a piece also sees out of it, so return
  fire is possible wherever a shot is;
- a camp blocks sight like a wood (AOT-CAMP: its guard has the benefits of a wood, cover and sight);
- a hedge or scrub within 1″ of the target is what it stands behind (its cover) and does not block; one
  within 1″ of the shooter is the hedge it lines and does not block either; any other hedge blocks.

Speed: the geometry of bases and terrain is cached on immutable keys (poses, sizes, outlines; bounded
``lru_cache``), and bounding boxes are compared before any exact shapely test, so that a piece far from
the sight lines is never measured.  A box test only ever skips an exact test whose answer it already
knows (with :data:`BOX_EPS` to spare), so every answer is the one the exact tests alone would give.  The
distance and contact tests between bases (:func:`gap`, :func:`in_touch`) live here for the same reason.
"""

from __future__ import annotations

from functools import lru_cache

from shapely.geometry import LineString, Point, Polygon

from aot_rules.aot.rules.terrain import Terrain, terrain_effect
from aot_rules.core.i18n import Message, msg
from aot_rules.tabletop.events import Cover, CoverKind
from aot_rules.tabletop.geometry import (
    CONTACT,
    BaseSize,
    Pose,
    base_box,
    crosses,
    distance,
    footprint,
    overlap,
    sight_lines,
)
from aot_rules.tabletop.state import GameState, Piece, TerrainPiece

Bounds = tuple[float, float, float, float]

#: AOT-SHOOT-COVER: a target less than this far inside a wood's or village's edge, or behind a hedge or
#: scrub this close, is in cover.
COVER_DEPTH = 1.0
#: Pieces a target may stand wholly inside and still be seen (AOT-SHOOT-ARC-LOS, the exception).
SEEN_INSIDE = (Terrain.WOOD, Terrain.VILLAGE)
#: Slack for "wholly inside" so that a base flush with a piece's edge counts as inside.
INSIDE_EPS = 1e-6


#: Bound of each geometry cache below (its entries are a few poses and a small answer).
CACHE_SIZE = 32768
#: Slack for the bounding-box pre-checks, far above float error: a box test only ever skips the exact
#: test when the boxes are clearly apart, so every answer is the exact one.
BOX_EPS = 1e-6


# --- pure geometry, cached: every argument is an immutable pose, size or outline ------------------------

@lru_cache(maxsize=CACHE_SIZE)
def _base_centre(pose: Pose, size: BaseSize) -> tuple[float, float, Point]:
    c = footprint(pose, size).centroid
    assert isinstance(c, Point)
    return float(c.x), float(c.y), c


@lru_cache(maxsize=1024)
def outline_polygon(outline: tuple[tuple[float, float], ...]) -> tuple[Polygon, Bounds, Polygon]:
    """A terrain piece's or camp's polygon (built as :attr:`TerrainPiece.polygon` is), its bounding box,
    and the polygon grown by :data:`INSIDE_EPS`."""
    poly = Polygon(outline)
    b = poly.bounds
    return poly, (float(b[0]), float(b[1]), float(b[2]), float(b[3])), poly.buffer(INSIDE_EPS)


@lru_cache(maxsize=CACHE_SIZE)
def _inside(outline: tuple[tuple[float, float], ...], pose: Pose, size: BaseSize) -> bool:
    _, (x0, y0, x1, y1), grown = outline_polygon(outline)
    bx0, by0, bx1, by1 = base_box(pose, size)
    if bx0 < x0 - BOX_EPS or by0 < y0 - BOX_EPS or bx1 > x1 + BOX_EPS or by1 > y1 + BOX_EPS:
        return False  # sticks out of the piece's box: not wholly inside
    return bool(grown.contains(footprint(pose, size)))


@lru_cache(maxsize=CACHE_SIZE)
def _lines(shooter: Pose, s_size: BaseSize, target: Pose, t_size: BaseSize) -> tuple[tuple[LineString, Bounds], ...]:
    """The two sight lines (:func:`geometry.sight_lines`) with their bounding boxes."""
    out = []
    for line in sight_lines(shooter, s_size, target, t_size):
        b = line.bounds
        out.append((line, (float(b[0]), float(b[1]), float(b[2]), float(b[3]))))
    return tuple(out)


def boxes_apart(a: Bounds, b: Bounds, gap: float = 0.0) -> bool:
    """The boxes are clearly more than ``gap`` apart (so nothing in one comes within ``gap`` of anything in
    the other)."""
    gap += BOX_EPS
    return a[0] > b[2] + gap or b[0] > a[2] + gap or a[1] > b[3] + gap or b[1] > a[3] + gap


#: :func:`gap`'s answers, by both bases' coordinates, facings and sizes (plain floats and strings, hashed without
#: calling Python: the player measures tens of thousands of gaps a game, most of them again).
_GAPS: dict[tuple[float, float, float, str, float, float, float, str], float] = {}


def gap(a: Piece, b: Piece) -> float:
    """AOT-MEASURE: edge to edge from ``a``'s base to ``b``'s (:func:`geometry.distance`, cached)."""
    pa, pb = a.pose, b.pose
    key = (pa.x, pa.y, pa.facing, a.size._value_, pb.x, pb.y, pb.facing, b.size._value_)
    d = _GAPS.get(key)
    if d is None:
        if len(_GAPS) >= CACHE_SIZE:
            _GAPS.clear()
        d = _GAPS[key] = distance(footprint(pa, a.size), footprint(pb, b.size))
    return d


def in_touch(a: Piece, b: Piece) -> bool:
    """The two bases are in contact (closer than :data:`geometry.CONTACT`), as ``gap(a, b) < CONTACT``;
    bases whose boxes are clearly farther apart than that are not measured."""
    if boxes_apart(base_box(a.pose, a.size), base_box(b.pose, b.size), CONTACT):
        return False
    return gap(a, b) < CONTACT


def _hull(boxes: list[Bounds]) -> Bounds:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


# --- the answers ---------------------------------------------------------------------------------------

def on_hill(state: GameState, piece: Piece) -> bool:
    """The unit stands on a hill: the centre of its base is on one (AOT-SHOOT-ARC-LOS)."""
    return _hill_under(state, piece) is not None


def _hill_under(state: GameState, piece: Piece) -> TerrainPiece | None:
    x, y, centre = _base_centre(piece.pose, piece.size)
    for t in state.terrain:
        if t.kind is not Terrain.HILL:
            continue
        poly, (x0, y0, x1, y1), _ = outline_polygon(t.outline)
        if x0 <= x <= x1 and y0 <= y <= y1 and poly.covers(centre):
            return t
    return None


def _wholly_inside(outline: tuple[tuple[float, float], ...], piece: Piece) -> bool:
    return _inside(outline, piece.pose, piece.size)


def _blockers(state: GameState, shooter: Piece, target: Piece,
              near: Bounds | None = None) -> list[tuple[Message, Polygon, Bounds]]:
    """Everything that would block a line from ``shooter`` to ``target``, named, in a fixed order:
    terrain in the state's order, then the camps, then units in the state's order.  With ``near`` (the box
    of the sight lines), only what lies in that box: nothing else can block them."""
    out: list[tuple[Message, Polygon, Bounds]] = []
    hills = [t for t in state.terrain if t.kind is Terrain.HILL]
    own_hills = {h.name for h in (_hill_under(state, shooter), _hill_under(state, target)) if h is not None} \
        if hills else set()
    for t in state.terrain:
        poly, box, _ = outline_polygon(t.outline)
        if near is not None and boxes_apart(box, near):
            continue
        if not terrain_effect(t.kind, shooter.unit).blocks_sight:
            continue
        if t.kind is Terrain.HILL and t.name in own_hills:
            continue
        if t.kind in SEEN_INSIDE and (_wholly_inside(t.outline, target) or _wholly_inside(t.outline, shooter)):
            continue
        if t.kind is Terrain.HEDGE and (poly.distance(target.polygon) < COVER_DEPTH
                                        or poly.distance(shooter.polygon) < COVER_DEPTH):
            continue
        out.append((msg("the {terrain} ({kind})", terrain=t.name, kind=t.kind), poly, box))
    for side in state.sides:
        if len(side.camp) < 3 or side.camp_captured:  # a sacked camp is removed (AOT-CAMP)
            continue
        camp, box, _ = outline_polygon(side.camp)  # three points or more: never empty
        if near is not None and boxes_apart(box, near):
            continue
        if _wholly_inside(side.camp, target) or _wholly_inside(side.camp, shooter):
            continue
        out.append((msg("the {side} camp", side=side.name), camp, box))
    high = bool(hills) and on_hill(state, shooter)
    for p in state.fighting():
        if p.id in (shooter.id, target.id):
            continue
        box = base_box(p.pose, p.size)
        if near is not None and boxes_apart(box, near):
            continue
        if high and not on_hill(state, p):
            continue  # a unit on a hill sees over the units below it
        out.append((msg("{unit} ({piece})", unit=p.name, piece=p.id), p.polygon, box))
    return out


def line_of_sight(state: GameState, shooter: Piece, target: Piece) -> Message | None:
    """AOT-SHOOT-ARC-LOS: None when both corner lines from ``shooter`` to ``target`` are clear; otherwise a
    sentence naming what blocks the first blocked line.  (The frontal arc and range are the shot's own
    checks; this is sight alone.)"""
    lines = _lines(shooter.pose, shooter.size, target.pose, target.size)
    blockers = _blockers(state, shooter, target, _hull([b for _, b in lines]))
    for corner, (line, box) in zip(("left", "right"), lines, strict=True):
        for what, area, abox in blockers:
            if not boxes_apart(box, abox) and crosses(line, area):
                if corner == "left":
                    return msg("{what} blocks the sight line from the front left corner of {shooter} to {target}",
                               what=what, shooter=shooter.name, target=target.name)
                return msg("{what} blocks the sight line from the front right corner of {shooter} to {target}",
                           what=what, shooter=shooter.name, target=target.name)
    return None


def _hedge_cover(line: LineString, hedge: Polygon, target: Polygon) -> bool:
    return crosses(line, hedge) and line.intersection(hedge).distance(target) < COVER_DEPTH


def in_cover(state: GameState, target: Piece, shooter: Piece) -> Cover | None:
    """AOT-SHOOT-COVER, AOT-CAMP: why ``target`` is in cover from ``shooter``, or None (as data:
    :func:`~aot_rules.present.tablelog.cover` says it).

    - a wood or a village: part of the target is inside the piece, less than 1″ from its edge;
    - a hedge or scrub: a sight line crosses it less than 1″ from the target (it stands behind it);
    - its own camp: a unit whose base is in its own camp guards it, and counts as in a wood.
    """
    body = target.polygon
    tbox = base_box(target.pose, target.size)
    for t in state.terrain:
        if t.kind not in SEEN_INSIDE:
            continue
        poly, box, _ = outline_polygon(t.outline)
        if not boxes_apart(box, tbox) and overlap(body, poly) and body.distance(poly.exterior) < COVER_DEPTH:
            return Cover(CoverKind.INSIDE, t.name, t.kind)
    hedges = [t for t in state.terrain if t.kind is Terrain.HEDGE]
    if hedges:
        lines = _lines(shooter.pose, shooter.size, target.pose, target.size)
        for t in hedges:
            poly, box, _ = outline_polygon(t.outline)
            if any(not boxes_apart(lbox, box) and _hedge_cover(line, poly, body) for line, lbox in lines):
                return Cover(CoverKind.BEHIND, t.name, t.kind)
    if state.guards_camp(target):
        return Cover(CoverKind.CAMP)
    return None
