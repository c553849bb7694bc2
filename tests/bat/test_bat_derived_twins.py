"""Before the twins go (issue #36): each Batalist law derived from its dice procedure equals the hand-written exact
function, with Fraction equality, over every input the registry's grid reaches and more."""

from __future__ import annotations

import itertools

from aot_rules.bat.rules import activation as A
from aot_rules.bat.rules import turn as T


def test_initiative_law_equals_the_twin() -> None:
    for mine, theirs, ties in itertools.product(range(-2, 9), range(-2, 9), T.TieRule):
        assert T.initiative_exact(mine, theirs, ties) == T.initiative_exact_legacy(mine, theirs, ties)


def test_activation_law_equals_the_twin() -> None:
    for quality, sb in itertools.product(range(-2, 9), (False, True)):
        assert A.ap_exact(quality, sb) == A.ap_exact_legacy(quality, sb)
