"""Before the twin goes (issue #36): the morale test's law derived from its dice procedure equals the hand-written
exact function, with Fraction equality, over every input the registry's grid and the Terror spell reach and more."""

from __future__ import annotations

import itertools

from aot_rules.bat.rules import morale as M


def test_morale_law_equals_the_twin() -> None:
    for q, n, coward, reroll in itertools.product(range(-2, 9), range(1, M.MAX_DICE + 1), M.Coward, (False, True)):
        if M.dice_rolled(n, coward) < 0:
            continue
        assert M.morale_exact(q, n, coward=coward, reroll=reroll) == M.morale_exact_legacy(
            q, n, coward=coward, reroll=reroll), (q, n, coward, reroll)
