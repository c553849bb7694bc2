"""The direct GEOS calls of :mod:`aot_rules.tabletop.geos` answer exactly what shapely's public API answers:
the same geometry, bit for bit, and the same numbers, for bases in any pose and for sight lines between them."""

from __future__ import annotations

import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LinearRing, LineString, Polygon

from aot_rules.tabletop import geos
from aot_rules.tabletop.geometry import BaseSize, Pose, corners

coord = st.floats(min_value=-10, max_value=60, allow_nan=False).map(lambda v: round(v, 4))
facing = st.floats(min_value=-180, max_value=180, allow_nan=False).map(lambda v: round(v, 4))
size = st.sampled_from(list(BaseSize))


@st.composite
def base(draw: st.DrawFn) -> list[tuple[float, float]]:
    return list(corners(Pose.of(draw(coord), draw(coord), draw(facing)), draw(size)))


def test_a_polygon_is_shapelys_closed_ring_with_no_holes() -> None:
    square = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
    made = geos.polygon(square)
    assert type(made) is Polygon and type(made.exterior) is LinearRing
    assert list(made.exterior.coords) == [*square, square[0]]
    assert not made.interiors
    line = geos.line(square[:2])
    assert type(line) is LineString and list(line.coords) == square[:2]


@settings(max_examples=150, deadline=None)
@given(base(), base())
def test_every_call_is_the_public_apis_answer(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> None:
    pa, pb = geos.polygon(a), geos.polygon(b)
    assert shapely.equals_exact(pa, Polygon(a), tolerance=0) and shapely.equals_exact(pb, Polygon(b), tolerance=0)
    assert geos.distance(pa, pb) == Polygon(a).distance(Polygon(b))
    assert geos.intersects(pa, pb) is bool(Polygon(a).intersects(Polygon(b)))
    assert geos.area(geos.intersection(pa, pb)) == Polygon(a).intersection(Polygon(b)).area
    sight = geos.line([a[0], b[2]])
    assert shapely.equals_exact(sight, LineString([a[0], b[2]]), tolerance=0)
    assert geos.crosses(sight, pb) is bool(LineString([a[0], b[2]]).crosses(Polygon(b)))
    assert geos.length(geos.intersection(sight, pb)) == LineString([a[0], b[2]]).intersection(Polygon(b)).length
