"""The table-top geometry measures what the rules say it measures (AOT-MEASURE, AOT-SHOOT-ARC-LOS,
AOT-MELEE-FLANK, AOT-MOVE-PROCEDURE), checked against hand-worked positions and with hypothesis."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point

from aot_rules.tabletop.geometry import (
    Aspect,
    BaseSize,
    Pose,
    aspect,
    bearing,
    corners,
    distance,
    footprint,
    in_arc,
    norm_angle,
    overlap,
    sight_lines,
    swept,
    wheel_cost,
    wheel_pose,
)

U = BaseSize.UNIT


def test_bases_have_the_rulebook_sizes() -> None:
    assert footprint(Pose.of(0, 0), U).area == pytest.approx(3.2 * 1.6)
    assert footprint(Pose.of(0, 0), BaseSize.LARGE).area == pytest.approx(2.4 * 3.2)
    assert footprint(Pose.of(0, 0), BaseSize.STAKES).area == pytest.approx(3.2 * 0.8)
    fl, fr, rr, rl = corners(Pose.of(10, 10), U)
    assert (fl, fr, rr, rl) == ((8.4, 10.0), (11.6, 10.0), (11.6, 8.4), (8.4, 8.4))


def test_distance_is_edge_to_edge() -> None:
    a = footprint(Pose.of(10, 10, 0), U)
    b = footprint(Pose.of(10, 20, 180), U)  # facing back: its front edge is 10″ from a's front edge
    assert distance(a, b) == pytest.approx(10.0)
    c = footprint(Pose.of(20, 10, 0), U)  # side by side: 20 − 10 − 3.2 between the near edges
    assert distance(a, c) == pytest.approx(6.8)


def test_frontal_arc_is_45_degrees_from_the_front_corners() -> None:
    p = Pose.of(10, 10, 0)
    # the 45° line from the right front corner (11.6, 10) passes x = 21.6 at y = 20, the targets' nearest corner
    assert in_arc(p, U, footprint(Pose.of(23.1, 20, 0), U))  # its front-left corner at (21.5, 20)
    assert not in_arc(p, U, footprint(Pose.of(23.3, 20, 0), U))  # its front-left corner at (21.7, 20)
    assert not in_arc(p, U, footprint(Pose.of(10, 0, 0), U))  # behind


def test_flank_means_wholly_beyond_the_front_line() -> None:
    target = Pose.of(10, 20, 180)  # faces down the table; its front line is y = 20
    assert aspect(footprint(Pose.of(10, 12, 0), U), target, U) is Aspect.FRONT
    # beside it, its base straddling the front line: still in front
    assert aspect(footprint(Pose.of(11.6, 20.8, 90), U), target, U) is Aspect.FRONT
    # beside it, wholly beyond the front line: a flank attack
    assert aspect(footprint(Pose.of(11.6, 21.6, 90), U), target, U) is Aspect.FLANK
    assert aspect(footprint(Pose.of(10, 21.6, 180), U), target, U) is Aspect.REAR


def test_sight_lines_join_front_corners_to_the_facing_side_without_crossing() -> None:
    a, b = sight_lines(Pose.of(10, 10, 0), U, Pose.of(14, 20, 180), U)
    assert a.coords[0] == (8.4, 10.0) and b.coords[0] == (11.6, 10.0)
    assert not a.crosses(b)
    assert {a.coords[-1], b.coords[-1]} == {(12.4, 20.0), (15.6, 20.0)}


@pytest.mark.parametrize("degrees", [15, 45, 90, -30, -90])
def test_a_wheel_pays_the_outer_corners_arc(degrees: float) -> None:
    start = Pose.of(20, 20, 0)
    end = wheel_pose(start, U, degrees)
    pivot = corners(start, U)[0 if degrees > 0 else 1]
    assert Point(corners(end, U)[0 if degrees > 0 else 1]).distance(Point(pivot)) < 1e-3
    outer_start, outer_end = corners(start, U)[1 if degrees > 0 else 0], corners(end, U)[1 if degrees > 0 else 0]
    chord = math.dist(outer_start, outer_end)
    assert chord == pytest.approx(2 * 3.2 * math.sin(math.radians(abs(degrees)) / 2), abs=1e-3)
    assert wheel_cost(U, degrees) == pytest.approx(math.radians(abs(degrees)) * 3.2)
    assert end.facing == norm_angle(degrees)


def test_sweeps_cover_both_ends() -> None:
    start = Pose.of(20, 20, 0)
    end = start.advanced(5)
    s = swept(start, end, U)
    assert s.area == pytest.approx(3.2 * (1.6 + 5))
    w = wheel_pose(start, U, 90)
    ws = swept(start, w, U, wheel=True)
    assert ws.contains(footprint(w, U).buffer(-1e-6)) and ws.contains(footprint(start, U).buffer(-1e-6))


coord = st.floats(min_value=5, max_value=55, allow_nan=False)
angle = st.floats(min_value=-180, max_value=180, allow_nan=False)


@settings(max_examples=300, deadline=None)
@given(coord, coord, angle, st.floats(min_value=-10, max_value=10, allow_nan=False))
def test_advancing_keeps_shape_and_moves_the_front_edge_the_distance(x: float, y: float, f: float, d: float) -> None:
    p = Pose.of(x, y, f)
    q = p.advanced(d)
    assert math.dist((p.x, p.y), (q.x, q.y)) == pytest.approx(abs(d), abs=2e-4)
    assert footprint(q, U).area == pytest.approx(3.2 * 1.6)
    assert q.facing == p.facing


@settings(max_examples=300, deadline=None)
@given(coord, coord, coord, coord)
def test_bearing_points_the_way_advancing_goes(x0: float, y0: float, x1: float, y1: float) -> None:
    if math.dist((x0, y0), (x1, y1)) < 0.5:
        return
    p = Pose.of(x0, y0, bearing((x0, y0), (x1, y1)))
    q = p.advanced(math.dist((x0, y0), (x1, y1)))
    assert math.dist((q.x, q.y), (x1, y1)) < 1e-2


@settings(max_examples=300, deadline=None)
@given(coord, coord, angle, coord, coord, angle)
def test_overlap_and_distance_agree(x0: float, y0: float, f0: float, x1: float, y1: float, f1: float) -> None:
    a, b = footprint(Pose.of(x0, y0, f0), U), footprint(Pose.of(x1, y1, f1), U)
    if overlap(a, b):
        assert distance(a, b) == 0
    if distance(a, b) > 0:
        assert not overlap(a, b)


