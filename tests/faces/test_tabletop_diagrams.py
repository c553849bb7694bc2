"""The table-top page's diagrams draw the engine's geometry, and their captions quote the engine's numbers."""

from __future__ import annotations

import importlib.util
import math
import re
from dataclasses import replace

import pytest
from shapely.geometry import Polygon

from aot_rules.aot.rules.movement import move_allowance
from aot_rules.present.diagrams import tabletop as t
from aot_rules.tabletop.geometry import (
    CONTACT,
    Aspect,
    BaseSize,
    corners,
    crosses,
    footprint,
    frontal_arc,
    wheel_cost,
    wheel_pose,
)
from aot_rules.tabletop.scenarios import scenario
from aot_rules.tabletop.state import Status

HAVE_SIGHT = importlib.util.find_spec("aot_rules.tabletop.sight") is not None
needs_sight = pytest.mark.skipif(not HAVE_SIGHT, reason="aot_rules.tabletop.sight (helper MOVES) not written yet")


def polygons(svg: str) -> int:
    """Polygons of the diagram as a laptop shows it (a phone version with larger text may follow it)."""
    return svg.split("</svg>")[0].count("<polygon ")


def test_bases_are_the_engine_footprints() -> None:
    g = t.bases_geometry()
    for size, pose, poly in zip(g.sizes, g.poses, g.polygons, strict=True):
        assert poly.equals(footprint(pose, size))
        assert poly.area == pytest.approx(size.width * size.depth)
    svg = t.bases_svg()
    assert "3.2″ wide and 1.6″ deep" in svg and "2.4″ wide and 3.2″ deep" in svg and "3.2″ wide and 0.8″ deep" in svg


def test_arc_targets_judged_by_the_engine() -> None:
    g = t.arc_geometry()
    assert g.inside == (True, True, False)
    shooter = footprint(g.shooter, BaseSize.UNIT)
    arc = frontal_arc(g.shooter, BaseSize.UNIT)
    for (name, pose), d, gap in zip(g.targets, g.distances, g.gaps, strict=True):
        target = footprint(pose, BaseSize.UNIT)
        assert d == pytest.approx(shooter.distance(target))
        assert gap.length == pytest.approx(d)  # the dashed line drawn is the measured distance
        if name == "inside":
            assert arc.contains(target)
        if name == "partly":
            assert not arc.contains(target) and arc.intersects(target)
    svg = t.arc_svg()
    for d in g.distances:
        assert t.inches(d) in svg
    assert "not in arc" in svg


def test_flank_attackers_aspects_and_contact() -> None:
    g = t.flank_geometry()
    assert g.aspects == (Aspect.FRONT, Aspect.FLANK, Aspect.REAR, Aspect.FRONT)
    assert all(d < CONTACT for d in g.gaps)
    # the flank and rear attackers lie wholly on or behind the front line (y = 0); d pokes past it
    ys = [footprint(p, BaseSize.UNIT).bounds[3] for _, p in g.attackers]
    assert ys[1] <= 1e-9 and ys[2] <= 1e-9 and ys[3] > 0
    svg = t.flank_svg()
    assert "a front, b flank, c rear, d front" in svg


def test_wheel_arc_length_is_the_engine_wheel_cost() -> None:
    g = t.wheel_geometry()
    assert g.cost == wheel_cost(BaseSize.UNIT, -45)
    assert g.arc.length == pytest.approx(g.cost, abs=1e-6)
    assert g.cost == pytest.approx(math.pi / 4 * 3.2)
    # the arc ends on the wheeled base's outer (left) front corner; the pivot (right) corner stays put
    assert g.arc.coords[-1] == pytest.approx(corners(g.after, BaseSize.UNIT)[0], abs=1e-3)
    assert corners(g.after, BaseSize.UNIT)[1] == pytest.approx(corners(g.before, BaseSize.UNIT)[1], abs=1e-3)
    assert g.after == wheel_pose(g.before, BaseSize.UNIT, -45)
    # the whole allowance is spent, and the ground swept covers every position on the path
    assert g.allowance == move_allowance(scenario("greek-border", 1).piece("A1").unit) == 6
    assert g.first + g.cost + g.rest == pytest.approx(g.allowance)
    for pose in (g.start, g.before, g.after, g.end):
        assert footprint(pose, BaseSize.UNIT).difference(g.ground).area < 1e-6
    svg = t.wheel_svg()
    assert "2.51″" in svg and f"{g.rest:.2f}″" in svg


@needs_sight
def test_sight_lines_clear_and_blocked_by_the_wood() -> None:
    g = t.sight_geometry()
    assert g.hidden_cross == (True, True)
    assert g.clear_cross == (False, False)
    for line in g.clear_lines:
        assert not any(crosses(line, x.polygon) for x in g.state.terrain)
    seen, hidden = g.verdicts
    assert seen is None
    assert hidden is not None and "wood" in hidden.lower()
    svg = t.sight_svg()
    assert "2 of the 2 lines to B5 cross the oak wood" in svg


def test_table_draws_one_polygon_per_piece_on_the_table() -> None:
    s = scenario("greek-border", 1)
    assert [d.pid for d in t.table_geometry(s)] == [p.id for p in s.pieces]
    extra = 1 + len(s.terrain) + len(s.sides)  # the table, the terrain pieces, the camps
    svg = t.table_svg(s, "x")
    assert polygons(svg) == len(s.pieces) + extra
    for p in s.pieces:
        assert f">{p.id}</text>" in svg
    # a dispersed and a destroyed piece are left out
    gone = replace(s.piece("B2"), status=Status.DISPERSED)
    dead = replace(s.piece("A3"), status=Status.DESTROYED)
    s2 = s.with_pieces(gone, dead)
    svg2 = t.table_svg(s2)
    assert polygons(svg2) == len(s.pieces) - 2 + extra
    assert ">B2</text>" not in svg2 and ">A3</text>" not in svg2
    assert [d.pid for d in t.table_geometry(s2)] == [p.id for p in s.pieces if p.id not in ("B2", "A3")]


def test_table_bases_are_drawn_where_the_engine_puts_them() -> None:
    s = scenario("greek-border", 1)
    svg = t.table_svg(s)
    k = 14.0
    points = re.findall(r'<polygon points="([^"]+)"', svg)
    drawn = [Polygon([(float(a) / k, s.depth - float(b) / k) for a, b in (xy.split(",") for xy in p.split())])
             for p in points]
    for piece in s.pieces:
        assert any(d.symmetric_difference(piece.polygon).area < 0.05 for d in drawn), piece.id


def test_log_block_scrolls_and_escapes() -> None:
    html = t.log_html(["T1 roll <x> & y"])
    assert "overflow:auto" in html and "&lt;x&gt; &amp; y" in html
    key = t.table_key(scenario("greek-border", 1))
    assert key.count("<li>") == 10 and "Theban hoplites" in key


def test_diagrams_scale_with_the_page() -> None:
    for svg in (t.bases_svg(), t.arc_svg(), t.flank_svg(), t.wheel_svg(), t.table_svg(scenario("greek-border", 1))):
        assert "width:100%" in svg and "height:auto" in svg


@needs_sight
def test_cover_from_the_engine() -> None:
    g = t.cover_geometry()
    edge, open_ = g.verdicts
    assert edge is not None and "inside the edge" in edge and open_ is None
    assert g.seen == (None, None)
    assert 0 < g.depth < 1  # less than 1″ inside the wood's edge
    assert t.inches(g.depth) in t.cover_svg()


@needs_sight
def test_dp_targeting_order_and_spending() -> None:
    g = t.targeting_geometry(dp=6)
    assert [pid for pid, _ in g.order] == ["A3", "A4", "A2"]
    ds = [d for _, d in g.order]
    assert ds == sorted(ds) and ds[0] == 0.0
    assert [pid for pid, _ in g.hidden] == ["A5"] and "Oak wood" in g.hidden[0][1]
    # the engine's spend: the beaten unit's 4 formed warriors first, the rest on the next nearest
    assert g.log == ("4 DP on Athenian akontists (0.0″ from the combat): 4 disordered",
                     "2 DP on Scythian archers (4.4″ from the combat): 2 disordered")
    assert "A3 (0.0″), A4 (4.4″), A2 (8.8″)" in t.targeting_svg()


def test_retreat_and_evasion_paths_from_the_engine() -> None:
    g = t.fallback_geometry()
    a1, a2, a4 = (g.after.piece(pid) for pid in g.movers)
    was = g.before.piece("A1")
    # a full move of 10 − 4 straight away from the Thebans; where it stops it turns to face them again (#19)
    assert was.polygon.centroid.distance(a1.polygon.centroid) == pytest.approx(6.0)
    assert a1.pose.facing == 0 and a1.status is Status.FIGHTING
    # blocked by the Boeotian horse: dispersed, every warrior accounted for
    assert a2.status is Status.DISPERSED and a2.unit.strength == 0 and a2.removed == a2.initial == 8
    # the evasion backs off the die's 4″, still facing the attacker
    assert g.before.piece("A4").pose.y - a4.pose.y == pytest.approx(4.0) and a4.pose.facing == 0
    # two retreat tests, the turn back to face, the evasion die
    assert sum(1 for line in g.log if line.split()[1] == "roll") == 4
    svg = t.fallback_svg()
    assert "A1 moves 6.0″" in svg and "A2 is dispersed (8 warriors removed)" in svg and "A4 moves 4.0″" in svg


def test_the_three_orders_are_drawn_from_the_unit_and_the_rules() -> None:
    """The intro's picture: each unit's density is the engine's, every formed warrior is a dot inside the base
    (front rank nearer the front edge), and the captions quote move_allowance and the bow's hit faces."""
    g = t.orders_geometry()
    assert [u.density for u in g.units] == [4, 3, 2]
    assert [t.ORDERS[u.density] for u in g.units] == ["closed order", "open order", "dispersed order"]
    for u, pose, poly, figures in zip(g.units, g.poses, g.polygons, g.figures, strict=True):
        assert poly.equals(footprint(pose, BaseSize.UNIT))
        assert len(figures) == u.formed
        assert all(poly.contains(Polygon([(x - 0.1, y - 0.1), (x + 0.1, y - 0.1), (x, y + 0.1)])) for x, y in figures)
        front = sorted({y for _, y in figures}, reverse=True)
        assert [sum(1 for _, y in figures if y == row) for row in front] == list(u.ranks)
    assert g.allowances == tuple(move_allowance(u) for u in g.units) == (6, 7, 8)
    assert g.hit_faces == ((1, 2, 3), (1, 2), (1,))
    svg = t.orders_svg()
    assert svg.split("</svg>")[0].count("<circle ") == sum(u.formed for u in g.units)
    assert "Closed order: ranks 4+4, density 4, moves 6″, a bow hits it on 1, 2, 3" in svg
    assert "dispersed order: ranks 2+2, density 2, moves 8″, a bow hits it on 1." in svg
