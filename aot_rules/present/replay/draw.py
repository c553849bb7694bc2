"""A table-top frame drawn in SVG from the engine's own geometry.

The still part of a replay (the table's edge, terrain and camps) is drawn once with the diagrams'
:class:`~aot_rules.present.diagrams.tabletop.TableCanvas`.  Each piece is drawn per frame as a base in
its own frame of reference (front edge at the origin, facing up the screen), placed by one transform
from its :class:`~aot_rules.tabletop.geometry.Pose`, so the browser can glide a base from one pose to
the next.  Formed warriors stand on the base rank by rank, disordered ones stand beside it on ground no
other base covers, removed ones are gone; warriors just killed are shown once, as red crosses, beside
the base.  The drawn counts are the engine's counts (the tests count the SVG's figures).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from shapely.geometry import LineString, MultiPoint, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from aot_rules.aot.rules.terrain import Terrain
from aot_rules.aot.units import Unit
from aot_rules.core.i18n import msg, nmsg
from aot_rules.present.diagrams.tabletop import CAMP, ROUGH, TERRAIN_COLOURS, TableCanvas
from aot_rules.present.replay.labels import Box, half_size
from aot_rules.present.replay.model import PieceView
from aot_rules.tabletop.geometry import BaseSize, Pose, centre
from aot_rules.tabletop.state import GameState

#: SVG user units per table inch.
K = 20.0
#: Okabe–Ito blue and orange (safe for the common colour-blindnesses): (figure, base fill, base edge).
SIDES = (("#0072B2", "#dbe9f4", "#0b3c5d"), ("#E69F00", "#f7e8c8", "#6b4500"))
#: Okabe–Ito vermillion: a killed warrior's cross.
KILLED = "#D55E00"
#: Gap from a base to the disordered warriors beside it, and between those warriors, inches.
GAP, STEP = 0.32, 0.46
FIG_R = 0.19
#: The smallest window a replay shows, inches across and deep.
MIN_VIEW = (20.0, 12.0)


@dataclass(frozen=True)
class View:
    """The part of the table a replay shows, in inches."""

    x0: float
    y0: float
    x1: float
    y1: float

    def xy(self, x: float, y: float) -> tuple[float, float]:
        """Table inches to SVG user units (y up the table becomes up the screen)."""
        return (x - self.x0) * K, (self.y1 - y) * K

    @property
    def size(self) -> tuple[float, float]:
        return (self.x1 - self.x0) * K, (self.y1 - self.y0) * K


def view_of(states: Sequence[GameState], pad: float = 2.0, least: tuple[float, float] = MIN_VIEW,
            also: Sequence[BaseGeometry] = ()) -> View:
    """The smallest window on the table holding every base of every state and every shape in ``also`` (the
    bases on their way, e.g. a rout that runs off the table's edge), plus ``pad`` inches.  The table's edge
    trims only the padding: whatever is drawn stays inside the window."""
    polys = [p.polygon for s in states for p in s.pieces if p.on_table] + list(also)
    if not polys:
        return View(0, 0, states[0].width, states[0].depth)
    x0, y0, x1, y1 = bx0, by0, bx1, by1 = unary_union(polys).bounds
    x0, y0, x1, y1 = x0 - pad, y0 - pad, x1 + pad, y1 + pad
    # at least ``least`` inches each way, so that a two-unit scene is not drawn at giant scale
    grow_x, grow_y = max(0.0, least[0] - (x1 - x0)) / 2, max(0.0, least[1] - (y1 - y0)) / 2
    x0, x1, y0, y1 = x0 - grow_x, x1 + grow_x, y0 - grow_y, y1 + grow_y
    w, d = states[0].width, states[0].depth
    return View(min(max(0.0, x0), bx0 - 0.5), min(max(0.0, y0), by0 - 0.5), max(min(w, x1), bx1 + 0.5),
                max(min(d, y1), by1 + 0.5))


def still_names(state: GameState, view: View) -> list[tuple[str, Box, str]]:
    """Where each terrain piece's and camp's name is written (text, its box on the table, colour): inside its
    ground where the picture shows it, moved in from the picture's edge so that no name is cut off; a piece mostly
    outside the picture keeps its name off (no room)."""
    window = box(view.x0, view.y0, view.x1, view.y1)
    out = []
    named = [(t.name, t.polygon, TERRAIN_COLOURS.get(t.kind, ROUGH)[1],
              t.kind in (Terrain.STREAM, Terrain.RIVER)) for t in state.terrain]
    named += [(str(msg("{side} camp", side=side.name)), side.camp_polygon, CAMP[1], False) for side in state.sides]
    for name, poly, colour, thin in named:
        seen = poly.intersection(window)
        if seen.is_empty or seen.area < 0.5 * poly.area:
            continue
        p = seen.representative_point() if thin else seen.centroid
        hw, hh = half_size(name, view.x1 - view.x0)
        x = min(max(p.x, view.x0 + hw), view.x1 - hw)
        y = min(max(p.y, view.y0 + hh), view.y1 - hh)
        out.append((name, Box(x, y, hw, hh), colour))
    return out


def still_svg(state: GameState, view: View) -> str:
    """What never changes in a replay: the table's edge, its terrain by kind and the camps, each named where the
    whole name shows (:func:`still_names`)."""
    c = TableCanvas(view.x0, view.y0, view.x1, view.y1, scale=K)
    c.fill(box(0, 0, state.width, state.depth), "#fbfaf6", "#b9b2a0")
    window = box(view.x0, view.y0, view.x1, view.y1)
    for t in state.terrain:
        poly = t.polygon.intersection(window)
        if not poly.is_empty:
            fill, stroke = TERRAIN_COLOURS.get(t.kind, ROUGH)
            c.fill(poly, fill, stroke)
    for side in state.sides:
        poly = side.camp_polygon.intersection(window)
        if not poly.is_empty:
            c.fill(poly, CAMP[0], CAMP[1], dashed=True)
    for name, at, colour in still_names(state, view):
        c.text(at.x, at.y, name, colour=colour, size=11)
    return c.body()


def clip_way(pts: Sequence[tuple[float, float]], width: float, depth: float
             ) -> tuple[list[tuple[float, float]], tuple[float, float] | None]:
    """A way cut where it leaves the table (a rout running off an edge): the points up to the edge and the point
    where it crosses it, or the whole way and None when it stays on the table."""
    table = box(0, 0, width, depth)
    out = [pts[0]]
    for a, b in itertools.pairwise(pts):
        if table.covers(Point(b)):
            out.append(b)
            continue
        cut = LineString([a, b]).intersection(table)
        end = cut.coords[-1] if not cut.is_empty and cut.geom_type == "LineString" else a
        if end != out[-1]:
            out.append((float(end[0]), float(end[1])))
        return out, (float(end[0]), float(end[1]))
    return out, None


def edge_mark(view: View, at: tuple[float, float], avoid: Sequence[Box] = ()) -> str:
    """Where a way leaves the table: a dot on the edge and the words beside it, inside the picture and clear of the
    terrain's and camps' names (``avoid``) where a spot beside the dot allows."""
    text = str(msg("leaves the table"))
    hw, hh = half_size(text, view.x1 - view.x0)
    gap = 0.4
    spots = [(at[0] + hw + gap, at[1] + hh + gap), (at[0] - hw - gap, at[1] + hh + gap),
             (at[0], at[1] + 2 * hh + gap), (at[0], at[1] - 2 * hh - gap)]
    boxes = [Box(min(max(x, view.x0 + hw), view.x1 - hw), min(max(y, view.y0 + hh), view.y1 - hh), hw, hh)
             for x, y in spots]
    chosen = next((b for b in boxes if not any(b.meets(o) for o in avoid)), boxes[0])
    X, Y = view.xy(*at)
    tx, ty = view.xy(chosen.x, chosen.y)
    return (f'<circle class="off" cx="{X:.1f}" cy="{Y:.1f}" r="5" fill="{KILLED}"/>'
            f'<text class="lbl off" style="transform:translate({tx:.1f}px,{ty:.1f}px)" text-anchor="middle" '
            f'dominant-baseline="central" font-size="12">{escape(text)}</text>')


def _local(pose: Pose, u: float, v: float) -> tuple[float, float]:
    """A point ``u`` inches right of a base's front-edge centre and ``v`` inches ahead of it, on the table."""
    dx, dy = pose.direction
    return pose.x + u * dy + v * dx, pose.y - u * dx + v * dy


def formed_places(unit: Unit, size: BaseSize) -> list[tuple[float, float]]:
    """Where each formed warrior stands on the base, in the base's own inches (u right, v ahead: the base
    runs from v = 0 back to v = -depth), front rank first."""
    rows = [n for n in unit.ranks if n] or [0]
    row = size.depth / len(unit.ranks)
    across = max(max(rows), 4 if unit.mounted or size is not BaseSize.UNIT else 5)
    s = size.width / across
    out = []
    for i, n in enumerate(unit.ranks):
        for j in range(n):
            out.append(((j - (n - 1) / 2) * s, -(i + 0.5) * row))
    return out


def _figure(cls: str, x: float, y: float, mounted: bool, colour: str, edge: str) -> str:
    r = FIG_R * K
    if cls == "k":
        a = r * 0.8
        return (f'<path class="k" d="M{x - a:.1f},{y - a:.1f}L{x + a:.1f},{y + a:.1f}M{x - a:.1f},{y + a:.1f}'
                f'L{x + a:.1f},{y - a:.1f}" stroke="{KILLED}" stroke-width="{r * 0.55:.1f}" stroke-linecap="round"/>')
    fill, extra = (colour, "") if cls == "f" else ("#fff", ' stroke-dasharray="2.5 2"')
    if mounted:
        return (f'<rect class="{cls}" x="{x - r * 1.15:.1f}" y="{y - r * 0.8:.1f}" width="{r * 2.3:.1f}" '
                f'height="{r * 1.6:.1f}" rx="2" fill="{fill}" stroke="{edge}" stroke-width="1.2"{extra}/>')
    return (f'<circle class="{cls}" cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{fill}" stroke="{edge}" '
            f'stroke-width="1.2"{extra}/>')


def base_body(unit: Unit, size: BaseSize, side: int, commanders: Sequence[str] = ()) -> str:
    """A base in its own frame (user units, front edge along y = 0, the base below it on the screen): the
    base, its front edge thick, its formed warriors, and a star per commander standing in it."""
    colour, fill, edge = SIDES[side]
    w, d = size.width * K, size.depth * K
    parts = [f'<rect class="base" x="{-w / 2:.1f}" y="0" width="{w:.1f}" height="{d:.1f}" fill="{fill}" '
             f'stroke="{edge}" stroke-width="1.5"/>',
             f'<line x1="{-w / 2:.1f}" y1="0" x2="{w / 2:.1f}" y2="0" stroke="{edge}" stroke-width="4"/>']
    for u, v in formed_places(unit, size):
        parts.append(_figure("f", u * K, -v * K, unit.mounted, colour, edge))
    for i, name in enumerate(commanders):
        x, y = w / 2 - 6 - i * 12, d - 6
        parts.append(f'<path class="cmd" d="M{x:.1f},{y - 5:.1f}l1.5,3.5 3.7,.3-2.8,2.4.9,3.6-3.3-2-3.3,2 .9-3.6'
                     f'-2.8-2.4 3.7-.3z" fill="#fff" stroke="#000" stroke-width="1"><title>{escape(name)}</title>'
                     '</path>')
    return "".join(parts)


def loose_places(pose: Pose, size: BaseSize, n: int, others: Sequence[Polygon]) -> list[tuple[float, float]]:
    """Table points for ``n`` figures standing beside a base: at its right or left side, else behind it
    (under its label), else in front, whichever strip no other base covers (the least covered one if every strip is)."""
    if n == 0:
        return []
    w, d = size.width, size.depth
    per_row = max(1, int(w / STEP))
    per_col = max(1, int((d + 0.4) / STEP))
    behind = [((i % per_row - (min(n, per_row) - 1) / 2) * STEP, -d - GAP - (i // per_row) * STEP) for i in range(n)]
    left = [(-w / 2 - GAP - (i // per_col) * STEP, -0.2 - (i % per_col) * STEP) for i in range(n)]
    right = [(w / 2 + GAP + (i // per_col) * STEP, -0.2 - (i % per_col) * STEP) for i in range(n)]
    ahead = [((i % per_row - (min(n, per_row) - 1) / 2) * STEP, GAP + (i // per_row) * STEP) for i in range(n)]
    blocked = unary_union(list(others)) if others else Polygon()
    best: tuple[float, list[tuple[float, float]]] | None = None
    for cand in (right, left, behind, ahead):
        pts = [_local(pose, u, v) for u, v in cand]
        area = MultiPoint(pts).buffer(FIG_R).intersection(blocked).area if others else 0.0
        if area == 0.0:
            return pts
        if best is None or area < best[0]:
            best = (area, pts)
    assert best is not None
    return best[1]


def pose_transform(view: View, pose: Pose, facing: float, size: BaseSize) -> str:
    """The CSS transform placing a base drawn in its own frame at ``pose`` (``facing`` unwrapped): about the
    base's middle, so that a browser gliding from one transform to the next turns a base in place as the
    engine does (AOT-TURN) and carries its middle straight along a move."""
    X, Y = view.xy(*centre(pose, size))
    return (f"translate({X:.1f}px,{Y:.1f}px) rotate({-facing:.2f}deg) "
            f"translate(0px,{-size.depth * K / 2:.1f}px)")


def unit_details(unit: Unit) -> str:
    """What a reader asks of a base at the table, from the unit's typed state in this frame (shown when the reader
    hovers over or taps its base), in the language in force."""
    yes = {True: msg("yes"), False: msg("no")}
    return str(nmsg("{name}: density {density}, {n} warriors ({disordered} disordered); veteran: {veteran}; "
                    "armour: {armour}; shield: {shield}",
                    "{name}: density {density}, {n} warriors ({disordered} disordered); veteran: {veteran}; "
                    "armour: {armour}; shield: {shield}", n=unit.strength, name=unit.name, density=unit.density,
                    disordered=unit.disordered, veteran=yes[unit.veteran], armour=yes[unit.armour],
                    shield=yes[unit.shield]))


def piece_view(view: View, *, pose: Pose, facing: float, size: BaseSize, unit: Unit, side: int, label: str,
               label_xy: tuple[float, float], shown: bool, loose: Sequence[tuple[float, float]] = (),
               killed: int = 0, commanders: Sequence[str] = ()) -> PieceView:
    """How one piece is drawn: ``facing`` is the pose's facing unwrapped against the frame before (so the
    browser turns a base the short way round); ``loose`` are the table points of its disordered warriors
    then of the ``killed`` ones (warriors who died in this step); ``label_xy`` is where its label's middle
    stands on the table (:mod:`.labels` keeps labels apart)."""
    colour, _, edge = SIDES[side]
    body = base_body(unit, size, side, commanders)
    figures = []
    if shown:
        for i, (x, y) in enumerate(loose[:unit.disordered + killed]):
            sx, sy = view.xy(x, y)
            figures.append(_figure("d" if i < unit.disordered else "k", sx, sy, unit.mounted, colour, edge))
    lx, ly = view.xy(*label_xy)
    return PieceView(pose=pose_transform(view, pose, facing, size), body=body,
                     label_at=f"translate({lx:.1f}px,{ly:.1f}px)", label=label, loose="".join(figures), shown=shown,
                     formed=unit.formed if shown else 0, disordered=unit.disordered if shown else 0,
                     details=unit_details(unit))


def piece_svg(pid: str, v: PieceView) -> str:
    """One piece's elements, as the viewer keeps them: the posed base, its label, the loose figures."""
    hide = "" if v.shown else ' style="display:none"'
    return (f'<g class="pc" data-pid="{escape(pid)}"{hide}><title>{escape(v.details)}</title>'
            f'<g class="pose" style="transform:{v.pose}">{v.body}</g>'
            f'<g class="loose">{v.loose}</g><text class="lbl" style="transform:{v.label_at}" text-anchor="middle" '
            f'dominant-baseline="central" font-size="12">{escape(v.label)}</text></g>')


def frame_svg(view: View, still: str, pieces: dict[str, PieceView], paths: str = "", title: str = "") -> str:
    """A whole frame as one SVG (the first frame of a viewer, and what the tests count figures in).  The move
    arrows come last, so their heads are drawn over the bases they point into."""
    w, h = view.size
    body = "".join(piece_svg(pid, v) for pid, v in pieces.items())
    return (f'<svg class="aot-board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w:.0f} {h:.0f}" role="img" '
            f'aria-label="{escape(title)}"><rect width="100%" height="100%" fill="#f4f1e8"/>'
            f'<g class="still">{still}</g><g class="pieces">{body}</g><g class="paths">{paths}</g></svg>')


def path_svg(view: View, pts: Sequence[tuple[float, float]], side: int) -> str:
    """A dashed arrow along a move's path (its centre line)."""
    if len(pts) < 2:
        return ""
    xy = [view.xy(x, y) for x, y in pts]
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in xy)
    (xa, ya), (xb, yb) = xy[-2], xy[-1]
    a = math.atan2(yb - ya, xb - xa)
    head = [(xb, yb), (xb - 9 * math.cos(a - 0.45), yb - 9 * math.sin(a - 0.45)),
            (xb - 9 * math.cos(a + 0.45), yb - 9 * math.sin(a + 0.45))]
    edge = SIDES[side][2]
    return (f'<polyline class="path" points="{line}" fill="none" stroke="{edge}" stroke-width="2" '
            f'stroke-dasharray="6 4"/><polygon points="{" ".join(f"{x:.1f},{y:.1f}" for x, y in head)}" '
            f'fill="{edge}"/>')
