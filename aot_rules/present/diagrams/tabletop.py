"""Diagrams for the book page "The table-top engine", drawn from the engine's own geometry.

Every base, arc, sight line and position in these pictures comes from :mod:`aot_rules.tabletop.geometry`
(and the verdicts from :mod:`aot_rules.tabletop.sight`), never from a drawing helper: the page's point is
that what a player sees in the figure is what the engine measures.  Each diagram is a ``*_geometry``
function returning the numbers (the tests check them) and a ``*_svg`` function drawing them with the
captions quoting those same numbers.  :func:`table_svg` draws a whole :class:`GameState`.
"""

from __future__ import annotations

from dataclasses import replace
from html import escape
from typing import NamedTuple

from shapely import affinity, ops
from shapely.geometry import LineString, Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from aot_rules.aot.rules.movement import move_allowance
from aot_rules.aot.rules.terrain import Terrain
from aot_rules.aot.units import Unit
from aot_rules.core.i18n import Message, label, msg, nmsg
from aot_rules.glossary import ORDER_LABELS, ORDER_NAMES
from aot_rules.present import number, tablelog
from aot_rules.present.diagrams.canvas import Canvas, inches
from aot_rules.present.diagrams.canvas import number as decimal
from aot_rules.tabletop.geometry import (
    CONTACT,
    Aspect,
    BaseSize,
    Pose,
    ahead,
    aspect,
    corners,
    crosses,
    distance,
    footprint,
    front_edge,
    frontal_arc,
    in_arc,
    sight_lines,
    swept,
    wheel_cost,
    wheel_pose,
)
from aot_rules.tabletop.scenarios import scenario
from aot_rules.tabletop.state import GameState, Piece

#: Text size of labels at a diagram's natural size (the figure scales down on a phone).
TEXT = 13
#: Chords in a drawn wheel arc: the polyline's length is then the circle's to better than 1e-6″.
ARC_STEPS = 2048
#: (fill, stroke) of each side's bases: side 0 blue, side 1 red.
SIDE_COLOURS = (("#cfe0f3", "#1d3a5c"), ("#f3d3cf", "#7a2a1d"))
GHOST = ("#eef2f7", "#9aa8b8")
#: (fill, stroke) by kind of terrain; kinds not listed are drawn as rough ground.
TERRAIN_COLOURS: dict[Terrain, tuple[str, str]] = {
    Terrain.HILL: ("#ece3cf", "#9a8459"),
    Terrain.WOOD: ("#d5e8cf", "#4f7a44"),
    Terrain.HEDGE: ("#dcebc9", "#5f7f3a"),
    Terrain.STREAM: ("#d6e9f5", "#4a7fa6"),
    Terrain.RIVER: ("#c6def0", "#3a6f96"),
    Terrain.LAKE: ("#c6def0", "#3a6f96"),
    Terrain.MARSH: ("#dfe8e0", "#6f8a78"),
    Terrain.VILLAGE: ("#eadbd2", "#8a6a5a"),
    Terrain.FORD: ("#e2eef5", "#4a7fa6"),
    Terrain.BRIDGE: ("#e5ddd0", "#7a6a55"),
}
ROUGH = ("#efe6cc", "#8a7a55")
CAMP = ("#f4efe2", "#8a7a55")
RED = "#b5453a"
INK = "#333"


class TableCanvas(Canvas):
    """The shared canvas, plus fills in any colour and bases drawn from a :class:`Pose`."""

    def fill(self, g: BaseGeometry, fill: str, stroke: str, *, dashed: bool = False, opacity: float = 1.0,
             width: float = 1.5) -> None:
        """A polygon (or each part of a multipolygon) in the given colours."""
        polys = list(getattr(g, "geoms", [g]))
        for p in polys:
            if p.is_empty or not isinstance(p, Polygon):
                continue
            dash = ' stroke-dasharray="5 4"' if dashed else ""
            self.parts.append(f'<polygon points="{self._points(p.exterior.coords)}" fill="{fill}" stroke="{stroke}" '
                              f'stroke-width="{width}" fill-opacity="{opacity}"{dash}/>')

    def base(self, pose: Pose, size: BaseSize, colours: tuple[str, str], *, label: str | Message = "",
             dashed: bool = False, opacity: float = 1.0, text: float = TEXT) -> Polygon:
        """A base exactly as :func:`geometry.footprint` places it, its front edge drawn thick."""
        poly = footprint(pose, size)
        self.fill(poly, colours[0], colours[1], dashed=dashed, opacity=opacity)
        if not dashed:
            self.line(front_edge(pose, size), colours[1], width=4)
        if label:
            c = poly.centroid
            self.text(c.x, c.y, label, colour=colours[1], size=text, bold=True)
        return poly


def _said(verdict: object | None) -> str | None:
    """An engine verdict (a catalogue message, or None) as the text the figure prints."""
    return None if verdict is None else str(verdict)


def _view(*shapes: BaseGeometry, pad: float = 0.6, scale: float = 36.0, title: str | Message = "") -> TableCanvas:
    """A canvas just large enough for ``shapes`` plus ``pad`` inches all round."""
    x0 = min(g.bounds[0] for g in shapes) - pad
    y0 = min(g.bounds[1] for g in shapes) - pad
    x1 = max(g.bounds[2] for g in shapes) + pad
    y1 = max(g.bounds[3] for g in shapes) + pad
    return TableCanvas(x0, y0, x1, y1, scale=scale, title=title)


def _label_near(c: TableCanvas, poly: Polygon, text: str | Message, colour: str, dy: float) -> None:
    """A label just above (``dy`` > 0) or below a shape."""
    minx, miny, maxx, maxy = poly.bounds
    y = maxy + dy if dy > 0 else miny + dy
    c.text((minx + maxx) / 2, y, text, colour=colour, size=TEXT)


# --- the three bases -------------------------------------------------------------------------------

class Bases(NamedTuple):
    sizes: tuple[BaseSize, ...]
    poses: tuple[Pose, ...]
    polygons: tuple[Polygon, ...]


def bases_geometry() -> Bases:
    """The three base sizes side by side, each facing up the table (AOT-UNIT-BASE)."""
    sizes = (BaseSize.UNIT, BaseSize.LARGE, BaseSize.STAKES)
    poses = (Pose.of(1.6, 3.2), Pose.of(5.4, 3.2), Pose.of(9.0, 3.2))
    return Bases(sizes, poses, tuple(footprint(p, s) for p, s in zip(poses, sizes, strict=True)))


def bases_svg() -> str:
    g = bases_geometry()
    c = _view(*g.polygons, box(0, -1.3, 10.6, 3.2), pad=0.3, title=msg("The three bases"))
    for size, pose in zip(g.sizes, g.poses, strict=True):
        c.base(pose, size, SIDE_COLOURS[0])
        c.text(pose.x, -0.45, label(size), colour=SIDE_COLOURS[0][1], size=TEXT, bold=True)
        c.text(pose.x, -0.95, f"{decimal(size.width)}×{decimal(size.depth)}″", colour=INK, size=TEXT)
    sizes = "; ".join(str(msg("{base} {width}″ wide and {depth}″ deep", base=label(s), width=decimal(s.width),
                              depth=decimal(s.depth))) for s in g.sizes)
    return c.svg(msg("The bases the engine knows, drawn to its own measurements, front edge thick: {sizes}.",
                     sizes=sizes))


# --- the three starting orders -----------------------------------------------------------------------

#: The standard orders a unit deploys in (AOT-DENSITY), as the glossary names them, by density.
ORDERS = ORDER_NAMES


class Orders(NamedTuple):
    units: tuple[Unit, ...]  # foot in two full ranks: 4+4, 3+3 and 2+2
    poses: tuple[Pose, ...]
    polygons: tuple[Polygon, ...]  # geometry.footprint of each
    figures: tuple[tuple[tuple[float, float], ...], ...]  # each formed warrior's place on its base
    allowances: tuple[int, ...]  # movement.move_allowance
    hit_faces: tuple[tuple[int, ...], ...]  # shooting.hit_faces: a bow's hits against the unit


def orders_geometry() -> Orders:
    """Three foot units in two full ranks at densities 4, 3 and 2 on the engine's unit base: the formed
    warriors evenly spaced in their ranks (five fit abreast), the move each may make and the faces on which a
    bow hits it, all from the engine's rule functions (a unit's density is :attr:`Unit.density`)."""
    from aot_rules.aot.rules.shooting import ShotConditions, hit_faces

    units = tuple(Unit(name=ORDERS[d], ranks=(d, d)) for d in ORDERS)
    poses = tuple(Pose.of(4.6 * i, 0, 0) for i in range(len(units)))
    size = BaseSize.UNIT
    figures = []
    for u, pose in zip(units, poses, strict=True):
        slot = size.width / 5
        places = []
        for r, n in enumerate(u.ranks):
            y = pose.y - size.depth * (2 * r + 1) / (2 * len(u.ranks))
            places += [(pose.x + (j - (n - 1) / 2) * slot, y) for j in range(n)]
        figures.append(tuple(places))
    return Orders(units, poses, tuple(footprint(p, size) for p in poses), tuple(figures),
                  tuple(move_allowance(u) for u in units),
                  tuple(tuple(hit_faces(u.density, ShotConditions(), False)) for u in units))


def orders_svg() -> str:
    """The three starting orders side by side, each formed warrior a dot on the base."""
    g = orders_geometry()
    c = _view(*g.polygons, box(-1.6, -4.4, 10.8, 0.6), pad=0.3, scale=40,
              title=msg("Closed, open and dispersed order: units at densities {densities}",
                        densities=", ".join(str(u.density) for u in g.units)))
    stroke = SIDE_COLOURS[0][1]
    for u, pose, figures, moves, faces in zip(g.units, g.poses, g.figures, g.allowances, g.hit_faces, strict=True):
        c.base(pose, BaseSize.UNIT, ("#f4efe2", stroke))
        for x, y in figures:
            c.dot(x, y, stroke, r=7)
        c.text(pose.x, 0.35, ORDER_LABELS[u.density], colour=stroke, size=TEXT, bold=True)
        c.text(pose.x, -2.25, msg("density {density}", density=u.density), colour=INK, size=TEXT, bold=True)
        c.text(pose.x, -2.95, msg("moves {distance}", distance=inches(moves, 0)), colour=INK, size=TEXT)
        c.text(pose.x, -3.65, msg("bow hits on {faces}", faces=", ".join(map(str, faces))), colour=INK, size=TEXT)
    parts = "; ".join(str(msg("{order}: ranks {ranks}, density {density}, moves {distance}, a bow hits it on {faces}",
                              order=ORDER_LABELS[u.density], ranks="+".join(map(str, u.ranks)), density=u.density,
                              distance=inches(m, 0), faces=", ".join(map(str, f))))
                      for u, m, f in zip(g.units, g.allowances, g.hit_faces, strict=True))
    return c.svg(msg("The three orders a unit deploys in, each dot a formed warrior on the engine's {width}×{depth}″ "
                     "base (front edge thick, facing up the page). {orders}.", width=decimal(BaseSize.UNIT.width),
                     depth=decimal(BaseSize.UNIT.depth), orders=parts[:1].upper() + parts[1:]))


# --- measuring and the frontal arc --------------------------------------------------------------------

class Arc(NamedTuple):
    shooter: Pose
    arc: BaseGeometry  # the frontal arc, cut to the picture
    targets: tuple[tuple[str, Pose], ...]
    inside: tuple[bool, ...]  # geometry.in_arc, per target
    distances: tuple[float, ...]  # edge to edge (AOT-MEASURE), per target
    gaps: tuple[LineString, ...]  # the nearest points, per target


#: The arc figure's targets as it names them.
ARC_TARGETS: dict[str, Message] = {"inside": msg("inside"), "partly": msg("partly"), "outside": msg("outside")}


def arc_geometry() -> Arc:
    """A shooter and three enemies: wholly inside the arc, partly inside, and outside it."""
    shooter = Pose.of(0, 0, 0)
    targets = (("inside", Pose.of(1.2, 7.0, 190)), ("partly", Pose.of(6.6, 4.6, 160)),
               ("outside", Pose.of(-5.2, 1.2, -90)))
    me = footprint(shooter, BaseSize.UNIT)
    polys = [footprint(p, BaseSize.UNIT) for _, p in targets]
    view = box(-9, -2.2, 9, 10.0)
    gaps = tuple(LineString(ops.nearest_points(me, t)) for t in polys)
    return Arc(shooter, frontal_arc(shooter, BaseSize.UNIT).intersection(view), targets,
               tuple(in_arc(shooter, BaseSize.UNIT, t) for t in polys),
               tuple(distance(me, t) for t in polys), gaps)


def arc_svg() -> str:
    g = arc_geometry()
    view = box(-9, -2.2, 9, 10.0)
    c = _view(view, pad=0, scale=32, title=msg("The frontal arc and edge-to-edge distances"))
    c.fill(g.arc, "#fbf0c8", "#c9a227", dashed=True, opacity=0.8)
    c.base(g.shooter, BaseSize.UNIT, SIDE_COLOURS[0], label=msg("shooter"))
    for (name, pose), inside, d, gap in zip(g.targets, g.inside, g.distances, g.gaps, strict=True):
        poly = c.base(pose, BaseSize.UNIT, SIDE_COLOURS[1])
        c.line(gap, RED, width=2, dashed=True)
        mid = gap.interpolate(0.5, normalized=True)
        (xa, ya), (xb, yb) = gap.coords
        if abs(xb - xa) > abs(yb - ya):  # a flat gap: the number above it
            c.text(mid.x, mid.y + 0.4, inches(d), size=TEXT, bold=True, colour=RED)
        else:
            c.text(mid.x + 0.25, mid.y, inches(d), anchor="start", size=TEXT, bold=True, colour=RED)
        _label_near(c, poly, msg("{target}: in arc", target=ARC_TARGETS[name]) if inside else
                    msg("{target}: not in arc", target=ARC_TARGETS[name]), SIDE_COLOURS[1][1], 0.45)
    parts = "; ".join(str(msg("{target} {distance} away, in the arc", target=ARC_TARGETS[name], distance=inches(d))
                          if inside else msg("{target} {distance} away, out of the arc", target=ARC_TARGETS[name],
                                             distance=inches(d)))
                      for (name, _), inside, d in zip(g.targets, g.inside, g.distances, strict=True))
    return c.svg(msg("The shaded wedge is the engine's frontal arc: 45° either side of straight ahead, drawn out "
                     "from the two front corners. Distances run edge to edge (dashed): {distances}.", distances=parts))


# --- sight lines ---------------------------------------------------------------------------------------

class Sight(NamedTuple):
    state: GameState  # a cut-down greek-border: the archers and two horse units, the scenario's terrain
    shooter: Piece
    clear: Piece
    hidden: Piece
    wood: Polygon
    clear_lines: tuple[LineString, LineString]
    hidden_lines: tuple[LineString, LineString]
    hidden_cross: tuple[bool, bool]  # each of the hidden target's lines crosses the wood
    clear_cross: tuple[bool, bool]  # … and the clear target's
    verdicts: tuple[str | None, str | None]  # sight.line_of_sight for the clear and the hidden target


def sight_geometry() -> Sight:
    """The greek-border table with the Scythian archers moved up beside the oak wood: the Boeotian horse
    in the open has both sight lines clear; the Locrian horse beyond the wood has both blocked."""
    from aot_rules.tabletop.sight import line_of_sight

    base = scenario("greek-border", 1)
    shooter = replace(base.piece("A4"), pose=Pose.of(44, 10, 0))
    clear = replace(base.piece("B4"), pose=Pose.of(38, 24, 180))
    hidden = replace(base.piece("B5"), pose=Pose.of(51, 27, 180))
    state = replace(base, pieces=(shooter, clear, hidden))
    wood = next(t.polygon for t in state.terrain if t.kind is Terrain.WOOD)
    lines = {p.id: sight_lines(shooter.pose, shooter.size, p.pose, p.size) for p in (clear, hidden)}
    cl, hl = lines[clear.id], lines[hidden.id]
    return Sight(state, shooter, clear, hidden, wood, cl, hl, (crosses(hl[0], wood), crosses(hl[1], wood)),
                 (crosses(cl[0], wood), crosses(cl[1], wood)),
                 (_said(line_of_sight(state, shooter, clear)), _said(line_of_sight(state, shooter, hidden))))


def sight_svg() -> str:
    g = sight_geometry()
    view = box(33.5, 6.5, 56, 30.5)
    c = _view(view, pad=0, scale=24, title=msg("Two sight lines each: one target seen, one hidden by the wood"))
    _terrain(c, g.state, view)
    for piece, colours in ((g.shooter, SIDE_COLOURS[0]), (g.clear, SIDE_COLOURS[1]), (g.hidden, SIDE_COLOURS[1])):
        c.base(piece.pose, piece.size, colours, label=piece.id, text=11)
    for ln in g.clear_lines:
        c.line(ln, "#2f7d4a", width=2)
    for ln, hit in zip(g.hidden_lines, g.hidden_cross, strict=True):
        c.line(ln, RED if hit else "#2f7d4a", width=2, dashed=hit)
    c.text(g.clear.polygon.centroid.x, g.clear.polygon.bounds[3] + 0.8, msg("seen"), colour="#2f7d4a", size=TEXT,
           bold=True)
    c.text(g.hidden.polygon.centroid.x, g.hidden.polygon.bounds[3] + 0.8, msg("hidden"), colour=RED, size=TEXT,
           bold=True)
    seen, hidden = g.verdicts
    crossing = sum(g.hidden_cross)
    said = [msg("Sight lines from the front corners of the Scythian archers ({shooter}) to the near side of each "
                "target.", shooter=g.shooter.id),
            nmsg("Both lines to {clear} are clear; {n} of the 2 lines to {hidden} crosses the oak wood.",
                 "Both lines to {clear} are clear; {n} of the 2 lines to {hidden} cross the oak wood.", n=crossing,
                 clear=g.clear.id, hidden=g.hidden.id) if seen is None else
            nmsg("Both lines to {clear} are clear (the engine disagrees: {verdict}); {n} of the 2 lines to {hidden} "
                 "crosses the oak wood.", "Both lines to {clear} are clear (the engine disagrees: {verdict}); {n} of "
                 "the 2 lines to {hidden} cross the oak wood.", n=crossing, clear=g.clear.id, hidden=g.hidden.id,
                 verdict=seen),
            msg("The engine says of {piece}: “{verdict}”", piece=g.hidden.id, verdict=hidden) if hidden else
            msg("The engine sees {piece}.", piece=g.hidden.id)]
    return c.svg(" ".join(map(str, said)))


# --- cover --------------------------------------------------------------------------------------------

class Cover(NamedTuple):
    state: GameState
    shooter: Piece
    targets: tuple[Piece, ...]  # at the wood's edge, in the open
    verdicts: tuple[str | None, ...]  # sight.in_cover, per target, as the log says it
    seen: tuple[str | None, ...]  # sight.line_of_sight, per target
    depth: float  # how far the edge target stands inside the wood


def cover_geometry() -> Cover:
    """The archers face two Boeotian units: one just inside the oak wood's near edge, one in the open."""
    from aot_rules.present.tablelog import cover
    from aot_rules.tabletop.sight import in_cover, line_of_sight

    def said(target: Piece) -> str | None:
        why = in_cover(state, target, shooter)
        return None if why is None else cover(why, target.name, number.plural(target.unit))

    base = scenario("greek-border", 1)
    shooter = replace(base.piece("A4"), pose=Pose.of(46, 9, 0))
    edge = replace(base.piece("B5"), pose=Pose.of(50, 15.5, 180))
    open_ = replace(base.piece("B4"), pose=Pose.of(40.5, 15.5, 180))
    state = replace(base, pieces=(shooter, edge, open_))
    wood = next(t.polygon for t in state.terrain if t.kind is Terrain.WOOD)
    targets = (edge, open_)
    return Cover(state, shooter, targets, tuple(said(t) for t in targets),
                 tuple(_said(line_of_sight(state, shooter, t)) for t in targets),
                 edge.polygon.distance(wood.exterior))


def cover_svg() -> str:
    g = cover_geometry()
    view = box(36, 6.5, 56, 24)
    c = _view(view, pad=0, scale=26, title=msg("Cover at the edge of a wood"))
    _terrain(c, g.state, view)
    c.base(g.shooter.pose, g.shooter.size, SIDE_COLOURS[0], label=g.shooter.id, text=11)
    for t, why in zip(g.targets, g.verdicts, strict=True):
        c.base(t.pose, t.size, SIDE_COLOURS[1], label=t.id, text=11)
        for ln in sight_lines(g.shooter.pose, g.shooter.size, t.pose, t.size):
            c.line(ln, "#2f7d4a", width=1.5)
        b = t.polygon.bounds
        c.text((b[0] + b[2]) / 2, b[3] + 0.6, msg("in cover") if why else msg("no cover"), colour=RED if why else INK,
               size=TEXT, bold=True)
    edge, open_ = g.targets
    why = g.verdicts[0]
    said = [msg("Both targets can be seen. {edge} stands {depth} inside the oak wood's edge, and the engine finds it "
                "in cover: “{verdict}”.", edge=edge.id, depth=inches(g.depth), verdict=why),
            msg("{piece}, in the open, has no cover.", piece=open_.id) if g.verdicts[1] is None else
            msg("{piece}, in the open, has cover: {verdict}.", piece=open_.id, verdict=g.verdicts[1])]
    return c.svg(" ".join(map(str, said)))


# --- where demoralization points go ---------------------------------------------------------------------

class Targeting(NamedTuple):
    state: GameState
    loser: Piece  # beaten here: the combat's location
    winner: Piece
    order: tuple[tuple[str, float], ...]  # eligible units, nearest first, with their distances
    hidden: tuple[tuple[str, str], ...]  # units out of sight of the combat, and why
    dp: int
    log: tuple[str, ...]  # combat.spend_dp's log lines


def targeting_geometry(dp: int = 6) -> Targeting:
    """The Boeotian akontists beat the Athenian akontists by the oak wood and spend ``dp`` points through
    :func:`combat.spend_dp`; which Athenians may take them, and in what order, is read off the same sight
    and distance functions the engine uses."""
    from aot_rules.aot.rules.demoralization import targeting_order
    from aot_rules.tabletop import combat
    from aot_rules.tabletop.game import Game, TableDice
    from aot_rules.tabletop.sight import line_of_sight

    base = scenario("greek-border", 1)
    loser = replace(base.piece("A3"), pose=Pose.of(44, 12, 90))
    winner = replace(base.piece("B3"), pose=Pose.of(44, 12, -90))
    near = replace(base.piece("A4"), pose=Pose.of(50, 7, 0))
    far = replace(base.piece("A2"), pose=Pose.of(56, 10, 0))
    hidden = replace(base.piece("A5"), pose=Pose.of(57, 24, 90))
    state = replace(base, pieces=(loser, near, far, hidden, winner))
    dist: dict[str, float] = {loser.id: 0.0}
    out: list[tuple[str, str]] = []
    for p in (near, far, hidden):
        why = line_of_sight(state, loser, p)
        if why is None:
            dist[p.id] = distance(loser.polygon, p.polygon)
        else:
            out.append((p.id, str(why)))
    game = Game(state, dice=TableDice.fixed([]))
    game.act(combat.spend_dp, 1, dp, loser, loser.id)
    return Targeting(state, loser, winner, tuple((pid, dist[pid]) for pid in targeting_order(dist)), tuple(out), dp,
                     tuple(tablelog.outcome(e, number.of(game.state)) for e in game.state.log))


def targeting_svg() -> str:
    g = targeting_geometry()
    view = box(38, 3.5, 60, 27.5)
    c = _view(view, pad=0, scale=24, title=msg("Where demoralization points may go"))
    _terrain(c, g.state, view)
    rank = {pid: i + 1 for i, (pid, _) in enumerate(g.order)}
    for p in g.state.pieces:
        c.base(p.pose, p.size, SIDE_COLOURS[p.side], label=p.id, text=11)
        b = p.polygon.bounds
        if p.id in rank and p.id != g.loser.id:
            c.text((b[0] + b[2]) / 2, b[1] - 0.6, f"{rank[p.id]}: {inches(dict(g.order)[p.id])}", colour=RED,
                   size=TEXT, bold=True)
    for pid, _ in g.hidden:
        p = g.state.piece(pid)
        for ln in sight_lines(g.loser.pose, g.loser.size, p.pose, p.size):
            c.line(ln, RED, width=1.5, dashed=True)
        b = p.polygon.bounds
        c.text(b[2], b[3] + 0.6, msg("out of sight"), colour=RED, size=TEXT, bold=True,
               anchor="end")  # stays in the frame
    c.text(g.loser.polygon.centroid.x + 1.0, g.loser.polygon.bounds[3] + 0.6, msg("1: beaten here"), colour=RED,
           size=TEXT, bold=True)
    order = ", ".join(f"{pid} ({inches(d)})" for pid, d in g.order)
    return c.svg(msg("{winner} has beaten {loser}, whose base marks the combat. The Boeotians' {dp} points may go "
                     "to the beaten unit or to Athenian units the engine sees from there, nearest first: {order}; "
                     "{hidden} is out of sight behind the wood. The engine spent them so: {log}.", winner=g.winner.id,
                     loser=g.loser.id, dp=g.dp, order=order, hidden=", ".join(pid for pid, _ in g.hidden),
                     log="; ".join(g.log)))


# --- flank, rear and front --------------------------------------------------------------------------

class Flank(NamedTuple):
    target: Pose
    attackers: tuple[tuple[str, Pose], ...]
    aspects: tuple[Aspect, ...]  # geometry.aspect of each attacker
    gaps: tuple[float, ...]  # edge to edge: all below CONTACT, i.e. in contact
    front_line: LineString  # the target's front edge, extended
    rear_line: LineString


def flank_geometry() -> Flank:
    """One target and four attackers in contact with it, each judged by :func:`geometry.aspect`."""
    target = Pose.of(0, 0, 0)
    attackers = (("a", Pose.of(0.6, 0, 180)), ("b", Pose.of(1.6, -1.6, 90)), ("c", Pose.of(0, -1.6, 0)),
                 ("d", Pose.of(-1.6, -0.8, -90)))
    me = footprint(target, BaseSize.UNIT)
    polys = [footprint(p, BaseSize.UNIT) for _, p in attackers]
    fl, fr, rr, rl = corners(target, BaseSize.UNIT)
    return Flank(target, attackers, tuple(aspect(p, target, BaseSize.UNIT) for p in polys),
                 tuple(distance(me, p) for p in polys),
                 LineString([(fl[0] - 5, fl[1]), (fr[0] + 5, fr[1])]),
                 LineString([(rl[0] - 5, rl[1]), (rr[0] + 5, rr[1])]))


def flank_svg() -> str:
    g = flank_geometry()
    view = box(-5.2, -4.4, 5.2, 2.6)
    c = _view(view, pad=0, scale=36, title=msg("Front, flank and rear"))
    c.fill(ahead(g.target, BaseSize.UNIT).intersection(view), "#fbf0c8", "#fbf0c8", opacity=0.7, width=0)
    c.line(g.front_line, "#c9a227", width=2, dashed=True)
    c.line(g.rear_line, "#9aa8b8", width=1.5, dashed=True)
    c.text(5.0, g.front_line.coords[0][1] + 0.3, msg("front line"), anchor="end", size=11, colour="#8a6d00")
    c.text(-5.0, g.rear_line.coords[0][1] - 0.4, msg("rear line"), anchor="start", size=11, colour="#7a8898")
    c.base(g.target, BaseSize.UNIT, SIDE_COLOURS[0], label=msg("target"))
    for (name, pose), asp in zip(g.attackers, g.aspects, strict=True):
        c.base(pose, BaseSize.UNIT, SIDE_COLOURS[1], label=msg("{attacker}: {aspect}", attacker=name, aspect=asp),
               text=11)
    parts = ", ".join(str(msg("{attacker} {aspect}", attacker=name, aspect=asp))
                      for (name, _), asp in zip(g.attackers, g.aspects, strict=True))
    return c.svg(msg("Four attackers in contact with one target (every gap is under the engine's contact tolerance "
                     "of {contact}″), each judged by the engine: {aspects}. An attacker is on a flank only when its "
                     "whole base lies beyond the line of the target's front edge (shaded side is in front): d stands "
                     "on the same side as b but reaches past that line, so it attacks the front.",
                     contact=decimal(CONTACT), aspects=parts))


# --- a move with a wheel ------------------------------------------------------------------------------

class WheelMove(NamedTuple):
    allowance: int  # the unit's move, inches (AOT-MOVE-DISTANCE)
    start: Pose
    first: float  # inches straight ahead before the wheel
    before: Pose  # where the wheel starts
    degrees: float  # negative: to the right
    after: Pose  # geometry.wheel_pose
    cost: float  # geometry.wheel_cost
    arc: LineString  # the outer front corner's path, drawn
    rest: float  # inches left, straight ahead after the wheel
    end: Pose
    ground: BaseGeometry  # all the ground the base crosses


def wheel_geometry(first: float = 1.5, degrees: float = -45.0) -> WheelMove:
    """The Athenian hoplites (density 4) advance ``first`` inches, wheel ``degrees`` and spend the rest of
    their move straight ahead; the wheel costs what the outer front corner travels."""
    unit = scenario("greek-border", 1).piece("A1").unit
    allowance = move_allowance(unit)
    start = Pose.of(0, 0, 0)
    before = start.advanced(first)
    after = wheel_pose(before, BaseSize.UNIT, degrees)
    cost = wheel_cost(BaseSize.UNIT, degrees)
    fl, fr, _, _ = corners(before, BaseSize.UNIT)
    pivot, outer = (fl, fr) if degrees > 0 else (fr, fl)
    arc = LineString([affinity.rotate(Point(outer), degrees * i / ARC_STEPS, origin=pivot).coords[0]
                      for i in range(ARC_STEPS + 1)])
    rest = allowance - first - cost
    end = after.advanced(rest)
    ground = ops.unary_union([swept(start, before, BaseSize.UNIT), swept(before, after, BaseSize.UNIT, wheel=True),
                              swept(after, end, BaseSize.UNIT)])
    return WheelMove(allowance, start, first, before, degrees, after, cost, arc, rest, end, ground)


def wheel_svg() -> str:
    g = wheel_geometry()
    c = _view(g.ground, pad=0.9, scale=56, title=msg("A move with a wheel"))
    c.fill(g.ground, "#eef2f7", "#c4cfdc", opacity=0.8, width=1)
    c.base(g.start, BaseSize.UNIT, GHOST, dashed=True)
    c.base(g.before, BaseSize.UNIT, GHOST, dashed=True)
    c.base(g.end, BaseSize.UNIT, SIDE_COLOURS[0], label="A1")
    c.line(LineString(g.arc.simplify(0.005).coords), RED, width=3, arrow=True)
    mid = g.arc.interpolate(0.5, normalized=True)
    c.text(mid.x - 0.2, mid.y + 0.3, inches(g.cost, 2), anchor="end", size=TEXT, bold=True, colour=RED)
    pivot = corners(g.before, BaseSize.UNIT)[1 if g.degrees < 0 else 0]
    c.dot(*pivot, colour=SIDE_COLOURS[0][1], r=5)
    c.text(pivot[0] + 0.2, pivot[1] - 0.35, msg("pivot"), anchor="start", size=TEXT, colour=SIDE_COLOURS[0][1])
    return c.svg(msg("The Athenian hoplites have {allowance}″ to move. They go {first} straight ahead, wheel "
                     "{degrees}° to the right about the right front corner (the left front corner travels {cost}, "
                     "which the engine's wheel cost charges), and spend the remaining {rest} straight ahead. The "
                     "shaded band is all the ground the base crosses: any other base in it stops or blocks the move.",
                     allowance=g.allowance, first=inches(g.first), degrees=decimal(abs(g.degrees)),
                     cost=inches(g.cost, 2), rest=inches(g.rest, 2)))


# --- retreat and evasion paths -------------------------------------------------------------------------

class Fallback(NamedTuple):
    before: GameState  # three fights' end: a clear retreat, a retreat into an enemy, an evasion
    after: GameState  # what moves.retreat and moves.evade made of them, with fixed dice
    movers: tuple[str, ...]
    log: tuple[str, ...]  # the engine's log lines, in order
    faces: tuple[int, ...]


def fallback_geometry() -> Fallback:
    """Through :func:`moves.retreat` and :func:`moves.evade` with fixed dice (6, 6, 6, 4): the Athenian hoplites
    (A1) fall back from the Thebans; the Attic hoplites (A2) would, but Boeotian horse stands behind them;
    the Scythian archers (A4), contacted by akontists, evade the 4″ their die shows."""
    from aot_rules.tabletop import moves
    from aot_rules.tabletop.game import Game, TableDice

    base = scenario("greek-border", 1)

    def at(pid: str, x: float, y: float, facing: float) -> Piece:
        return replace(base.piece(pid), pose=Pose.of(x, y, facing))

    state = replace(base, pieces=(at("A1", 22, 18, 0), at("B1", 22, 18, 180), at("A2", 32, 18, 0),
                                  at("B2", 32, 18, 180), at("B4", 32, 13, 0), at("A4", 42, 18, 0),
                                  at("B3", 42, 18, 180)))
    faces = (6, 6, 6, 4)  # the retreat, the turn back to face, the second retreat, the evasion
    game = Game(state, dice=TableDice.fixed(faces))
    game.act(moves.retreat, "A1", "B1")
    game.act(moves.retreat, "A2", "B2")
    game.act(moves.evade, "A4", "B3")
    told = tuple(tablelog.line(e, number.of(game.state)) for e in game.state.log)
    return Fallback(state, game.state, ("A1", "A2", "A4"), told, faces)


def fallback_svg() -> str:
    g = fallback_geometry()
    view = box(18.5, 8.5, 45.5, 21.5)
    c = _view(view, pad=0, scale=26, title=msg("Retreat and evasion paths"))
    for p in g.before.pieces:
        if p.id not in g.movers:
            c.base(p.pose, p.size, SIDE_COLOURS[p.side], label=p.id, text=11)
    words = []
    for pid in g.movers:
        was, now = g.before.piece(pid), g.after.piece(pid)
        if now.on_table:
            c.base(was.pose, was.size, GHOST, dashed=True)
            c.base(now.pose, now.size, SIDE_COLOURS[now.side], label=pid, text=11)
            a, b = was.polygon.centroid, now.polygon.centroid
            c.line(LineString([(a.x + 1.9, a.y), (b.x + 1.9, b.y)]), INK, width=1.5, arrow=True)
            words.append(str(msg("{piece} moves {distance}", piece=pid, distance=inches(a.distance(b)))))
        else:
            c.base(was.pose, was.size, (SIDE_COLOURS[was.side][0], RED), dashed=True, label=pid, text=11)
            bb = was.polygon.bounds
            c.text((bb[0] + bb[2]) / 2, bb[3] + 2.2, label(now.status), colour=RED, size=TEXT, bold=True)
            words.append(str(nmsg("{piece} is {status} ({n} warrior removed)", "{piece} is {status} ({n} warriors "
                                  "removed)", n=now.removed, piece=pid, status=now.status)))
    said = [line.split(": ", 1)[1] for line in g.log]
    return c.svg(msg("Three units forced back, moved by the engine with the dice {faces}: {moves}. The engine's "
                     "log: {log}.", faces=", ".join(map(str, g.faces)), moves="; ".join(words), log=" / ".join(said)))


# --- the whole table --------------------------------------------------------------------------------

def _terrain(c: TableCanvas, state: GameState, view: Polygon | None = None) -> None:
    """Terrain by kind, then the camps, each labelled."""
    for t in state.terrain:
        fill, stroke = TERRAIN_COLOURS.get(t.kind, ROUGH)
        poly = t.polygon if view is None else t.polygon.intersection(view)
        if poly.is_empty:
            continue
        c.fill(poly, fill, stroke)
        if poly.area < 0.5 * t.polygon.area:  # mostly outside the picture: no room for its name
            continue
        p = poly.representative_point() if t.kind in (Terrain.STREAM, Terrain.RIVER) else poly.centroid
        c.text(p.x, p.y, t.name, colour=stroke, size=11)
    for side in state.sides:
        poly = side.camp_polygon if view is None else side.camp_polygon.intersection(view)
        if poly.is_empty:
            continue
        c.fill(poly, CAMP[0], CAMP[1], dashed=True)
        c.text(poly.centroid.x, poly.centroid.y, msg("{side} camp", side=side.name), colour=CAMP[1], size=11)


class Drawn(NamedTuple):
    pid: str
    polygon: Polygon


def table_geometry(state: GameState) -> tuple[Drawn, ...]:
    """The pieces :func:`table_svg` draws, in ``state.pieces`` order: those still on the table."""
    return tuple(Drawn(p.id, p.polygon) for p in state.pieces if p.on_table)


def table_svg(state: GameState, caption: str | Message = "") -> str:
    """The whole table: terrain by kind, camps, and every piece still fighting on its base (front edge
    thick), labelled by id, side 0 blue and side 1 red; destroyed, dispersed and fled pieces are left out."""
    c = TableCanvas(0, 0, state.width, state.depth, scale=14,
                    title=caption or msg("The table, turn {turn}", turn=state.turn))
    c.fill(box(0, 0, state.width, state.depth), "#fbfaf6", "#b9b2a0")
    _terrain(c, state)
    for p in state.pieces:
        if p.on_table:
            c.base(p.pose, p.size, SIDE_COLOURS[p.side], label=p.id, text=11)
    return c.svg(caption)


def table_key(state: GameState) -> str:
    """An HTML list of the pieces drawn: id, name and side, for the reader of :func:`table_svg`."""
    rows = "".join(f"<li><b>{escape(p.id)}</b> {escape(p.name)} ({escape(state.sides[p.side].name)}"
                   f"{'' if p.on_table else ', ' + escape(str(label(p.status)))})</li>" for p in state.pieces)
    return f'<ul class="aot-table-key" style="columns:2 14em;font-size:90%">{rows}</ul>'


def log_html(lines: list[str] | tuple[str, ...], height: str = "22em") -> str:
    """Log lines in a scrolling block that never widens the page."""
    body = escape("\n".join(lines))
    return (f'<pre class="aot-log" style="max-height:{height};overflow:auto;font-size:80%;'
            f'white-space:pre;max-width:100%">{body}</pre>')
