"""Before the twin goes (issue #36): the steadiness test's law derived from its dice procedure equals the
hand-written exact function, with Fraction equality, over every input the registry's grid reaches and more."""

from __future__ import annotations

import itertools

from aot_rules.aob.rules import steadiness as S
from aot_rules.aob.rules.die import GameDie


def test_steadiness_law_equals_the_twin() -> None:
    for die, rerolls, threshold in itertools.product(GameDie, range(0, 4), range(-1, 22)):
        assert S.steadiness_law(threshold, die, rerolls) == S.steadiness_law_legacy(threshold, die, rerolls)
