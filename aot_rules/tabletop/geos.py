"""Shapely's compiled operations on single geometries, called without its array wrappers.

Shapely 2's public functions (``shapely.distance``, ``Polygon(...)``, ``a.intersection(b)``) accept arrays:
each call converts its arguments, checks deprecated positional options and releases the GIL around a loop
over one element, all in Python, before the one GEOS call that answers.  A game asks a few thousand single
questions (most of them ``distance`` between two bases), and that wrapping cost more than GEOS's own work.
These functions make the same compiled calls (``shapely.lib``, the ufuncs the public functions end in) with
the same arguments, so their answers are the public API's, bit for bit (``tests/tabletop/test_geos.py``
holds them to that); they take plain Python points and one geometry at a time, nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from shapely import lib
from shapely.geometry import LinearRing, LineString, Polygon
from shapely.geometry.base import BaseGeometry

#: ``shapely.HandleNaN.allow``, the public constructors' default: coordinates are taken as given.
_ALLOW_NAN = np.intc(0)
#: A polygon without holes, as ``shapely.polygons`` passes it for a single shell.
_NO_HOLES = np.empty((0,), dtype=object)

Points = Sequence[tuple[float, float]]


def polygon(points: Points) -> Polygon:
    """``Polygon(points)``: the ring through ``points``, closed."""
    ring: LinearRing = lib.linearrings(np.array(points, dtype=float), _ALLOW_NAN)
    out: Polygon = lib.polygons(ring, _NO_HOLES)
    return out


def line(points: Points) -> LineString:
    """``LineString(points)``."""
    out: LineString = lib.linestrings(np.array(points, dtype=float), _ALLOW_NAN)
    return out


def distance(a: BaseGeometry, b: BaseGeometry) -> float:
    """``a.distance(b)``."""
    return float(lib.distance(a, b))


def intersects(a: BaseGeometry, b: BaseGeometry) -> bool:
    """``a.intersects(b)``."""
    return bool(lib.intersects(a, b))


def crosses(a: BaseGeometry, b: BaseGeometry) -> bool:
    """``a.crosses(b)``."""
    return bool(lib.crosses(a, b))


def intersection(a: BaseGeometry, b: BaseGeometry) -> BaseGeometry:
    """``a.intersection(b)``."""
    out: BaseGeometry = lib.intersection(a, b)
    return out


def area(a: BaseGeometry) -> float:
    """``a.area``."""
    return float(lib.area(a))


def length(a: BaseGeometry) -> float:
    """``a.length``."""
    return float(lib.length(a))
