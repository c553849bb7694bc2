"""Before the twins go (issue #36): each Age of Battles law derived from its dice procedure equals the hand-written
exact function, with Fraction equality, over every input the registry's grid reaches and more."""

from __future__ import annotations

import itertools

from aot_rules.aob.rules import clash as C
from aot_rules.aob.rules import deploy as D
from aot_rules.aob.rules.die import Direction, GameDie
from aot_rules.core.dist import Dist
from aot_rules.systems import get


def test_deployment_and_casualty_laws_equal_their_twins() -> None:
    for die in GameDie:
        assert D.roles_law(die) == D.roles_law_legacy(die)
        assert C.casualties_law(die) == C.casualties_law_legacy(die)
        assert get("AOB-DEPLOY-ROLES").evaluate(die=die).events["first"] == 1 - D.tie_chance(die)
        assert get("AOB-DEPLOY-ROLES").evaluate(die=die).info["expected pairs of rolls"] == D.expected_rounds(die)


def test_clash_law_equals_the_twin() -> None:
    targets = (-3, 0, 1, 3, 6, 9, 12, 15, 18, 20, 21, 25)
    for die, direction, compare in itertools.product(GameDie, Direction, C.Compare):
        for a, b in itertools.product(targets, targets):
            mine: Dist[C.ClashOutcome] = C.clash_law(a, b, die, direction, compare)
            assert mine == C.clash_law_legacy(a, b, die, direction, compare), (a, b, die, direction, compare)
