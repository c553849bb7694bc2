"""The cheap measurements a move's search uses (:class:`geometry.Sweep`, :func:`geometry.convex_gap`) give
shapely's answers: every question they settle without shapely is one shapely would settle the same way.

Bases are placed on both sides and at several facings, so a fault on one side of a shape cannot pass."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from table_positions import poses, sizes

from aot_rules.tabletop.geometry import (
    BaseSize,
    Pose,
    Sweep,
    box_gap,
    box_of,
    convex_gap,
    corners,
    footprint,
    overlap,
    separated,
    swept,
    wheel_pose,
)


@given(poses, sizes, poses, sizes)
def test_convex_gap_is_shapely_distance(a: Pose, sa: BaseSize, b: Pose, sb: BaseSize) -> None:
    want = footprint(a, sa).distance(footprint(b, sb))
    assert convex_gap(list(corners(a, sa)), list(corners(b, sb))) == pytest.approx(want, abs=1e-9)


@given(poses, sizes, poses, sizes)
def test_separated_means_no_overlap_and_box_gap_is_a_lower_bound(a: Pose, sa: BaseSize, b: Pose,
                                                                   sb: BaseSize) -> None:
    pa, pb = list(corners(a, sa)), list(corners(b, sb))
    if separated(pa, pb):
        assert not overlap(footprint(a, sa), footprint(b, sb))
    assert box_gap(box_of(pa), box_of(pb)) <= footprint(a, sa).distance(footprint(b, sb)) + 1e-12


@given(poses, st.floats(min_value=0.0, max_value=8.0), st.sampled_from([-90.0, -45.0, -10.0, 10.0, 45.0, 90.0]),
       st.booleans(), poses, sizes, st.floats(min_value=0.0, max_value=3.0))
def test_sweep_answers_as_shapely(start: Pose, d: float, deg: float, wheel: bool, other: Pose, so: BaseSize,
                                  limit: float) -> None:
    size = BaseSize.UNIT
    end = wheel_pose(start, size, deg) if wheel else start.advanced(d)
    ground = Sweep(start, end, size, wheel=wheel)
    exact = swept(start, end, size, wheel=wheel)
    body = footprint(other, so)
    dist = exact.distance(body)
    if abs(dist - limit) > 1e-6:  # at the threshold itself the Sweep asks shapely, so nothing to compare
        assert ground.nearer(other, so, body, limit) == (dist < limit)
    if ground.apart(other, so):
        assert not overlap(exact, body)
    assert ground.bounds == pytest.approx(exact.bounds, abs=1e-12)


@pytest.mark.parametrize("side", [-1, 1])
@pytest.mark.parametrize("face", [0.0, 90.0, 180.0, -90.0, 30.0])
def test_an_enemy_just_beside_the_path_is_near_only_within_the_limit(side: int, face: float) -> None:
    """A base 1″ off either side of a straight path, at several facings: near for a limit beyond 1″ only."""
    start = Pose.of(20, 20, face)
    end = start.advanced(6)
    ground = Sweep(start, end, BaseSize.UNIT)
    a = math.radians(face)
    # one base-width and a half to the side: its nearest edge is 1″ from the path's edge
    off = side * (BaseSize.UNIT.width + 1.0)
    mid = start.advanced(3)
    other = Pose.of(mid.x + off * math.cos(a), mid.y + off * math.sin(a), face)
    body = footprint(other, BaseSize.UNIT)
    assert ground.polygon.distance(body) == pytest.approx(1.0, abs=1e-3)
    assert ground.nearer(other, BaseSize.UNIT, body, 1.1)
    assert not ground.nearer(other, BaseSize.UNIT, body, 0.9)
    assert ground.apart(other, BaseSize.UNIT)


@given(poses, st.sampled_from([-150.0, -90.0, -45.0, -12.0, 12.0, 45.0, 90.0, 150.0]), st.floats(-4.0, 4.0),
       st.floats(-4.0, 4.0), st.floats(-180.0, 180.0), sizes)
def test_a_wheels_ground_near_a_base_answers_as_shapely(start: Pose, deg: float, dx: float, dy: float, face: float,
                                                         so: BaseSize) -> None:
    """A base within a few inches of where a wheel ends (on either side, at any facing), so that many pieces of
    the wheel's ground come near its box: :meth:`Sweep.nearer`, which leaves out the pieces plainly clear of the
    base along its own sides, is shapely's answer for the whole ground, for limits just and well either side of
    the distance."""
    size = BaseSize.UNIT
    end = wheel_pose(start, size, deg)
    other = Pose.of(end.x + dx, end.y + dy, face)
    dist = swept(start, end, size, wheel=True).distance(footprint(other, so))
    for limit in (dist - 0.25, dist - 0.01, dist + 0.01, dist + 0.25, 0.005):
        if limit > 0 and abs(dist - limit) > 1e-6:
            assert Sweep(start, end, size, wheel=True).nearer(other, so, None, limit) == (dist < limit)
