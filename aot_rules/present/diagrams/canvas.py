"""A small SVG canvas in table inches, for diagrams of the geometric rules.

Shapes are shapely 2 geometries in inches with y pointing up the table (away
from the viewer); the canvas flips and scales them into an SVG whose width
follows the page (it shrinks on a phone).  Only drawing lives here; the
geometry of a diagram (where a base ends up after a wheel, how far a corner
travelled) is computed with shapely in the diagram's own module.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from html import escape

from shapely import affinity
from shapely.geometry import LineString, Point, Polygon

from aot_rules.core.i18n import Message, localised, text
from aot_rules.tabletop.geometry import BaseSize

#: A standard 4×8 cm base: 3.2″ wide along its front, 1.6″ deep (the table-top engine's one definition).
BASE_WIDTH = BaseSize.UNIT.width
BASE_DEPTH = BaseSize.UNIT.depth

#: The narrowest column a diagram is drawn into (a 390 px phone, less the page's margins), and the smallest text
#: a reader should meet there.  A diagram whose text would shrink below it at that width also carries a phone
#: version with larger text, shown instead by the book's stylesheet (aot.css) on narrow screens.
PHONE_COLUMN = 320.0
MIN_TEXT_PX = 11.0

COLOURS = {"blue": ("#cfe0f3", "#1d3a5c"), "red": ("#f3d3cf", "#7a2a1d"), "ghost": ("#eef2f7", "#9aa8b8"),
           "wood": ("#d5e8cf", "#4f7a44"), "rough": ("#efe6cc", "#8a7a55"), "water": ("#d6e9f5", "#4a7fa6")}


def inches(x: float, places: int = 1) -> str:
    """A distance as a diagram's caption shows it, with the inch mark (one decimal unless told otherwise), written
    the reader's way (``2,5″`` in Russian)."""
    return localised(f"{x:.{places}f}") + "″"


def number(x: float) -> str:
    """A measured number at its shortest (``4``, ``2.5``), written the reader's way: a caption's value."""
    return localised(f"{x:g}")


def base(x: float, y: float, facing: float = 0.0, width: float = BASE_WIDTH, depth: float = BASE_DEPTH) -> Polygon:
    """A base whose front edge is centred on (x, y), facing ``facing`` degrees anticlockwise from up the
    table.  Its exterior runs front-left, front-right, rear-right, rear-left."""
    p = Polygon([(-width / 2, 0), (width / 2, 0), (width / 2, -depth), (-width / 2, -depth)])
    p = affinity.rotate(p, facing, origin=(0, 0))
    return affinity.translate(p, x, y)


def front_edge(b: Polygon) -> LineString:
    """The front edge of a base made by :func:`base` (its first two corners)."""
    c = list(b.exterior.coords)
    return LineString([c[0], c[1]])


def corner_path(centre: tuple[float, float], start: tuple[float, float], degrees: float, steps: int = 48) -> LineString:
    """The arc a point sweeps when a base wheels ``degrees`` about ``centre`` (anticlockwise positive)."""
    return LineString([affinity.rotate(Point(start), degrees * i / steps, origin=centre).coords[0]
                       for i in range(steps + 1)])


class Canvas:
    """Collects shapes in inches and writes them as one SVG."""

    def __init__(self, x0: float, y0: float, x1: float, y1: float, *, scale: float = 36.0,
                 title: str | Message = ""):
        self.x0, self.y0, self.x1, self.y1, self.k = x0, y0, x1, y1, scale
        self.title = title
        self.parts: list[str | _Text] = []

    def _xy(self, x: float, y: float) -> tuple[float, float]:
        return (x - self.x0) * self.k, (self.y1 - y) * self.k

    def _points(self, coords: Iterable[tuple[float, ...]]) -> str:
        return " ".join(f"{px:.1f},{py:.1f}" for px, py in (self._xy(c[0], c[1]) for c in coords))

    def shape(self, g: Polygon, colour: str = "blue", *, dashed: bool = False, label: str | Message = "",
              front: bool = False, opacity: float = 1.0) -> None:
        """A filled polygon (a base or a piece of terrain); ``front`` thickens a base's front edge."""
        fill, stroke = COLOURS[colour]
        dash = ' stroke-dasharray="5 4"' if dashed else ""
        self.parts.append(f'<polygon points="{self._points(g.exterior.coords)}" fill="{fill}" stroke="{stroke}" '
                          f'stroke-width="1.5" fill-opacity="{opacity}"{dash}/>')
        if front:
            self.line(front_edge(g), stroke, width=4)
        if label:
            c = g.centroid
            self.text(c.x, c.y, label, colour=stroke)

    def line(self, g: LineString, colour: str = "#333", *, width: float = 1.5, dashed: bool = False,
             arrow: bool = False) -> None:
        dash = ' stroke-dasharray="6 4"' if dashed else ""
        self.parts.append(f'<polyline points="{self._points(g.coords)}" fill="none" stroke="{colour}" '
                          f'stroke-width="{width}"{dash} stroke-linecap="round"/>')
        if arrow:
            (xa, ya), (xb, yb) = g.coords[-2], g.coords[-1]
            ang = math.atan2(yb - ya, xb - xa)
            head = [(xb, yb), (xb - 0.35 * math.cos(ang - 0.4), yb - 0.35 * math.sin(ang - 0.4)),
                    (xb - 0.35 * math.cos(ang + 0.4), yb - 0.35 * math.sin(ang + 0.4))]
            self.parts.append(f'<polygon points="{self._points(head)}" fill="{colour}"/>')

    def dot(self, x: float, y: float, colour: str = "#b5453a", r: float = 4) -> None:
        px, py = self._xy(x, y)
        self.parts.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="{r}" fill="{colour}"/>')

    def text(self, x: float, y: float, s: str | Message, *, colour: str = "#333", size: float = 12,
             anchor: str = "middle",
             bold: bool = False) -> None:
        px, py = self._xy(x, y)
        self.parts.append(_Text(px, py, s, colour, size, anchor, bold))

    def phone_scale(self) -> float:
        """How much larger the text must be drawn for its smallest size to reach MIN_TEXT_PX at PHONE_COLUMN
        (1 when it already does)."""
        w = (self.x1 - self.x0) * self.k
        sizes = [p.size for p in self.parts if isinstance(p, _Text)]
        if not sizes:
            return 1.0
        shown = min(sizes) * min(1.0, PHONE_COLUMN / w)
        return max(1.0, MIN_TEXT_PX / shown)

    def body(self, scale: float = 1.0) -> str:
        """The drawn elements as SVG markup, their text at ``scale`` times its size (no ``<svg>`` wrapper: a
        replay viewer places them in its own)."""
        return "".join(p if isinstance(p, str) else p.svg(scale) for p in self.parts)

    def _svg(self, label: str, scale: float, cls: str, style: str = "") -> str:
        w, h = (self.x1 - self.x0) * self.k, (self.y1 - self.y0) * self.k
        body = self.body(scale)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" class="{cls}" viewBox="0 0 {w:.0f} {h:.0f}" role="img" '
                f'aria-label="{label}" style="width:100%;max-width:{w:.0f}px;height:auto;font-family:sans-serif'
                f'{style}"><rect width="100%" height="100%" fill="#fbfaf6"/>{body}</svg>')

    def svg(self, caption: str | Message = "") -> str:
        """The diagram as a figure whose width follows the page (at most its natural size), plus, when its
        text would be too small on a phone, a phone version with larger text (hidden until aot.css shows it).
        Its words are catalogue messages, rendered here in the language in force."""
        caption = text(caption)
        label = escape(text(self.title) or caption)
        fig = self._svg(label, 1.0, "aot-wide")
        if (k := self.phone_scale()) > 1.0:
            fig += self._svg(label, k, "aot-narrow", ";display:none")
        cap = f"<figcaption>{escape(caption)}</figcaption>" if caption else ""
        return f'<figure class="aot-diagram">{fig}{cap}</figure>'


@dataclass(frozen=True)
class _Text:
    """A label, kept apart from the drawing so that it can be written at more than one size."""

    px: float
    py: float
    s: str | Message  # rendered when written, in the language then in force
    colour: str
    size: float
    anchor: str
    bold: bool

    def svg(self, scale: float) -> str:
        size = round(self.size * scale, 1)
        weight = ' font-weight="bold"' if self.bold else ""
        return (f'<text x="{self.px:.1f}" y="{self.py + size / 3:.1f}" font-size="{size:g}" '
                f'text-anchor="{self.anchor}" fill="{self.colour}"{weight}>{escape(text(self.s))}</text>')
