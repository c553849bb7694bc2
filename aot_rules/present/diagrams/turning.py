"""Diagrams of turning (AOT-TURN, AOT-TURN-FLANK-ATTACKED): a turn keeps the distance to the enemy, and a
unit charged in the flank turns into frontal contact.  Every distance in a caption is measured on the
shapes with shapely."""

from __future__ import annotations

from typing import NamedTuple

from shapely.geometry import LineString, Polygon
from shapely.ops import nearest_points

from aot_rules.core.i18n import Message, msg
from aot_rules.present.diagrams.canvas import Canvas, base, number


def gap(a: Polygon, b: Polygon) -> float:
    """The distance between two bases, nearest edge to nearest edge (AOT-MEASURE), to the hundredth."""
    return round(a.distance(b), 2)


def _dimension(c: Canvas, a: Polygon, b: Polygon, text: Message, y: float) -> None:
    """The gap between two bases side by side, measured on the shapes and drawn as a line at height ``y``."""
    p, q = nearest_points(a, b)
    c.line(LineString([(p.x, y), (q.x, y)]), "#b5453a", width=2)
    c.text((p.x + q.x) / 2, y + 0.32, text, colour="#b5453a", size=12, bold=True)


class Turn(NamedTuple):
    enemy: Polygon
    before: Polygon  # facing up the table; its right flank looks at the enemy
    after: Polygon  # turned right about its front-right corner: the front edge where the flank was
    spun: Polygon  # the same turn about the base's own centre, which the rule does not allow


def turn_geometry() -> Turn:
    return Turn(base(3.9, -0.8, 90), base(0.0, 0.0, 0), base(1.6, -0.8, -90), base(0.8, -0.8, -90))


def turn_svg() -> str:
    t = turn_geometry()
    c = Canvas(-2.0, -3.8, 5.8, 1.7, scale=48, title=msg("A unit turns to face an enemy on its flank"))
    c.shape(t.before, "ghost", dashed=True, front=True)
    c.text(-0.8, -0.8, msg("before"), colour="#6b7a8c")
    c.shape(t.enemy, "red", front=True, label=msg("enemy"))
    c.line(LineString(t.spun.exterior.coords), "#9aa8b8", width=1.2, dashed=True)
    c.shape(t.after, "blue", front=True, opacity=0.85)
    c.text(0.8, -2.0, msg("after"), colour="#1d3a5c", bold=True)
    _dimension(c, t.before, t.enemy, msg("{distance}″ before", distance=number(gap(t.before, t.enemy))), y=1.15)
    _dimension(c, t.after, t.enemy, msg("{distance}″ after", distance=number(gap(t.after, t.enemy))), y=-2.9)
    c.text(-1.9, -3.55, msg("grey dashes: spun about its centre, {distance}″ away",
                            distance=number(gap(t.spun, t.enemy))), colour="#6b7a8c", size=11, anchor="start")
    return c.svg(msg("Turning to face right: the front (thick edge) ends where the flank was, so the distance to "
                     "the enemy does not change."))


class FlankTurn(NamedTuple):
    ours: Polygon  # facing up the table
    attacker: Polygon  # its front edge on our right flank
    faced: Polygon  # turned right: front to front with the attacker


def flank_turn_geometry() -> FlankTurn:
    return FlankTurn(base(0.0, 0.0, 0), base(1.6, -0.8, 90), base(1.6, -0.8, -90))


def flank_turn_svg() -> str:
    t = flank_turn_geometry()
    c = Canvas(-2.0, -2.9, 3.6, 1.2, scale=48, title=msg("Turning to face a flank attack"))
    c.shape(t.ours, "ghost", dashed=True, front=True)
    c.text(-0.8, -0.8, msg("attacked"), colour="#6b7a8c")
    c.shape(t.attacker, "red", front=True, label=msg("attacker"))
    c.shape(t.faced, "blue", front=True, opacity=0.85)
    c.text(0.8, -2.0, msg("turned"), colour="#1d3a5c", bold=True)
    return c.svg(msg("The attacker (red) touches the unit's right flank. Turned, the unit's front edge (thick) "
                     "lies against the attacker's front: frontal contact, as the rule requires."))
