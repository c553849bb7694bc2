"""Where each unit's label stands in a frame, so that no two labels overlap where bases stand close.

A label's text is drawn at a fixed size on the screen (12.5 px, whatever the board's width), so its size on
the table depends on how wide the board is shown.  Labels are placed for the narrowest board a reader sees
(:data:`DESIGN_WIDTH` px, a phone): a label is centred on its anchor, so on a wider board every label box
shrinks about its own middle and boxes that were apart stay apart.

The placement is greedy, one piece after another: the candidate spots around the base (behind it first,
the side no enemy it faces is on; then beside it, in front, then further out) are scored by what they cover
(another label or a terrain's name: never; a base, a loose figure, terrain, the edge of the picture: a cost) and by
how far they stray, with a small bonus for keeping the spot a label had in the frame before, so labels do not
jump about.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import Polygon, box
from shapely.ops import unary_union

from aot_rules.tabletop.geometry import Pose

#: The narrowest board (CSS px) the labels are placed for; a wider one only shrinks them.
DESIGN_WIDTH = 320.0
#: The label font's size in CSS px (replay.css), and a generous width per character of its bold sans face.
FONT_PX, CHAR_EM = 12.5, 0.66
#: Room (CSS px) for the text's halo, each way.
HALO_PX = 2.0
#: Gap between a base and its label, inches.
GAP = 0.25
#: What a label standing wholly on terrain or a camp costs (a base costs 40, the picture's edge 40, a ring further
#: out 2): enough to move it one ring out onto open ground, not enough to put it over a base.
GROUND = 6.0
#: A loose figure's half size, inches (draw.FIG_R and a little).
FIGURE = 0.25


@dataclass(frozen=True)
class Box:
    """An axis-aligned label box on the table, by its middle and half sizes (inches)."""

    x: float
    y: float
    hw: float
    hh: float

    def meets(self, o: Box) -> bool:
        return abs(self.x - o.x) < self.hw + o.hw and abs(self.y - o.y) < self.hh + o.hh

    @property
    def shape(self) -> Polygon:
        return box(self.x - self.hw, self.y - self.hh, self.x + self.hw, self.y + self.hh)


def half_size(text: str, view_width: float) -> tuple[float, float]:
    """A label's half width and half height in inches on a board ``view_width`` inches wide shown
    :data:`DESIGN_WIDTH` px across."""
    per_px = view_width / DESIGN_WIDTH
    return ((len(text) * CHAR_EM * FONT_PX / 2 + HALO_PX) * per_px, (FONT_PX * 0.62 + HALO_PX) * per_px)


@dataclass(frozen=True)
class Want:
    """A piece that needs a label: its id, text, where it stands and which way it faces."""

    pid: str
    text: str
    base: Polygon
    pose: Pose


def _candidates(w: Want, hw: float, hh: float) -> list[tuple[str, float, float, float]]:
    """(name, x, y, stray) for each spot around the base, nearest first; ``stray`` ranks them."""
    x0, y0, x1, y1 = w.base.bounds
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    bx, by = w.pose.direction
    out = []
    for ring in range(6):
        dy, dx = ring * 2.2 * hh, ring * 0.9 * hw
        spots = {"below": (cx, y0 - GAP - hh - dy), "above": (cx, y1 + GAP + hh + dy),
                 "right": (x1 + GAP + hw + dx, cy), "left": (x0 - GAP - hw - dx, cy),
                 "below-right": (x1 + dx, y0 - GAP - hh - dy), "below-left": (x0 - dx, y0 - GAP - hh - dy),
                 "above-right": (x1 + dx, y1 + GAP + hh + dy), "above-left": (x0 - dx, y1 + GAP + hh + dy)}
        for name, (x, y) in spots.items():
            behind = -((x - cx) * bx + (y - cy) * by) / max(1e-9, abs(x - cx) + abs(y - cy))  # 1: straight behind
            out.append((f"{name}{ring}", x, y, ring * 2.0 + (1 - behind) + (0.5 if "-" in name else 0.0)))
    return sorted(out, key=lambda c: c[3])


def place(wants: Sequence[Want], view: tuple[float, float, float, float], obstacles: Sequence[Polygon],
          figures: Sequence[tuple[float, float]], before: Mapping[str, str] | None = None, *,
          ground: Sequence[Polygon] = (), fixed: Sequence[Box] = ()) -> dict[str, tuple[str, Box]]:
    """Each piece's label: the name of the spot chosen (kept for the next frame) and its box.  ``view`` is the
    window shown (x0, y0, x1, y1), ``obstacles`` the bases on the table, ``figures`` the loose figures'
    points, ``before`` the spots chosen in the frame before, ``ground`` the terrain and camps (a label on them is
    hard to read: a cost, less than a base's), ``fixed`` the boxes of words already written on the board (the
    terrain's and camps' names: never covered, like another label)."""
    x0, y0, x1, y1 = view
    bases = unary_union(list(obstacles)) if obstacles else Polygon()
    dots = unary_union([box(x - FIGURE, y - FIGURE, x + FIGURE, y + FIGURE) for x, y in figures]
                       ) if figures else Polygon()
    land = unary_union(list(ground)) if ground else Polygon()
    shapely.prepare([bases, dots, land])
    window = box(x0, y0, x1, y1)
    placed: list[Box] = list(fixed)
    out: dict[str, tuple[str, Box]] = {}
    for w in wants:
        hw, hh = half_size(w.text, x1 - x0)
        spots = _candidates(w, hw, hh)
        xs = np.array([c[1] for c in spots])
        ys = np.array([c[2] for c in spots])
        # a spot is open unless its box meets a label already placed (the boxes' gaps, every pair at once)
        open_ = np.ones(len(spots), dtype=bool)
        if placed:
            px, py, pw, ph = (np.array(v) for v in zip(*((o.x, o.y, o.hw, o.hh) for o in placed), strict=True))
            open_ = ~((np.abs(xs[:, None] - px) < hw + pw) & (np.abs(ys[:, None] - py) < hh + ph)).any(axis=1)
        if not open_.any():  # every spot meets another label: the least bad far spot (the tests catch this)
            name, x, y, _ = spots[-1]
            best = (name, Box(x, y, hw, hh))
        else:
            at = np.flatnonzero(open_)
            cost = _own_cost(spots, at, before.get(w.pid) if before else None)
            shapes = shapely.box(xs[at] - hw, ys[at] - hh, xs[at] + hw, ys[at] + hh)
            area = 4 * hw * hh
            for weight, cover in ((40, bases), (10, dots), (GROUND, land)):
                if not cover.is_empty:  # overlaid only where they meet (the cover is prepared): else 0
                    meet = shapely.intersects(shapes, cover)
                    covered = np.zeros(len(shapes))
                    covered[meet] = shapely.area(shapely.intersection(shapes[meet], cover))
                    cost += weight * covered / area
            cost += 40 * (area - shapely.area(shapely.intersection(shapes, window))) / area
            i = int(at[int(np.argmin(cost))])  # the first of the cheapest, in the candidates' order
            best = (spots[i][0], Box(spots[i][1], spots[i][2], hw, hh))
        placed.append(best[1])
        out[w.pid] = best
    return out


def _own_cost(spots: Sequence[tuple[str, float, float, float]], at: np.ndarray, kept: str | None) -> np.ndarray:
    """Each open spot's own cost: how far it strays, less a small bonus for the spot the label had before."""
    return np.array([spots[i][3] - (0.6 if spots[i][0] == kept else 0.0) for i in at])
