"""Before the twins go (issue #36): Batalist's attack and shot laws derived from their dice procedures equal the
hand-written exact functions, with Fraction equality, over every input the registry's grids reach and more."""

from __future__ import annotations

import itertools

import pytest

from aot_rules.bat.rules import combat as C
from aot_rules.core.errors import RuleError


def test_strike_law_equals_the_twin() -> None:
    for s, d, sign, double in itertools.product(range(-2, 11), range(-2, 11), C.Sign, C.Double):
        assert C.strike_exact(s, d, sign, double) == C.strike_exact_legacy(s, d, sign, double)


def test_shot_law_equals_the_twin() -> None:
    for r, d, rng, dist, rd, sign in itertools.product(range(0, 7), range(0, 7), range(0, 7), range(0, 13),
                                                       (-1, 0, 1), C.Sign):
        kw = dict(rng=rng, distance=dist, range_die=rd, sign=sign)
        try:
            old = C.shot_exact_legacy(r, d, **kw)  # type: ignore[arg-type]
        except RuleError:
            with pytest.raises(RuleError):
                C.shot_exact(r, d, **kw)  # type: ignore[arg-type]
            continue
        assert C.shot_exact(r, d, **kw) == old, (r, d, kw)  # type: ignore[arg-type]
