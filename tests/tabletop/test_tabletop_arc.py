"""The ±45° frontal arc (AOT-SHOOT-ARC-LOS) measured on both sides and at several facings: a target a tenth
of an inch inside either 45° line is in the arc, a tenth outside is not.  A change that widens (or narrows)
only one edge of the arc, at any facing, fails here."""

from __future__ import annotations

import pytest

from aot_rules.tabletop.geometry import BaseSize, Pose, _rotate, footprint, in_arc

U = BaseSize.UNIT
FACINGS = [0.0, 90.0, 180.0, -90.0, 37.0, -128.0]


def target(me: Pose, side: int, lateral_gap: float, ahead: float = 10.0) -> Pose:
    """A base facing like ``me``, ``ahead`` inches in front, whose nearest front corner is ``lateral_gap``
    inches beyond the 45° line of ``me``'s corner on ``side`` (+1 right, -1 left; negative gap: inside)."""
    w = U.width
    corner = side * (w / 2 + ahead + lateral_gap)  # the 45° line leaves the front corner at w/2 sideways
    centre = corner + side * w / 2
    dx, dy = _rotate((centre, ahead), me.facing)
    return Pose.of(me.x + dx, me.y + dy, me.facing)


@pytest.mark.parametrize("facing", FACINGS)
@pytest.mark.parametrize("side", [1, -1], ids=["right", "left"])
def test_the_arc_is_45_degrees_on_each_side(facing: float, side: int) -> None:
    me = Pose.of(30, 20, facing)
    assert in_arc(me, U, footprint(target(me, side, -0.1), U))
    assert not in_arc(me, U, footprint(target(me, side, 0.1), U))


@pytest.mark.parametrize("facing", FACINGS)
@pytest.mark.parametrize("side", [1, -1], ids=["right", "left"])
def test_the_arc_grows_with_distance_on_each_side(facing: float, side: int) -> None:
    me = Pose.of(30, 20, facing)
    for ahead in (2.0, 6.0, 14.0):
        assert in_arc(me, U, footprint(target(me, side, -0.05, ahead), U))
        assert not in_arc(me, U, footprint(target(me, side, 0.05, ahead), U))


@pytest.mark.parametrize("facing", FACINGS)
def test_nothing_behind_the_front_edge_is_in_the_arc(facing: float) -> None:
    me = Pose.of(30, 20, facing)
    dx, dy = _rotate((0.0, -6.0), facing)
    assert not in_arc(me, U, footprint(Pose.of(30 + dx, 20 + dy, facing), U))
