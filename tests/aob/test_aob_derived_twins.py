"""Before the twin goes (issue #36): the rout's law derived from its dice procedure equals the hand-written exact
function, with Fraction equality, over every input the registry's grid reaches and more (flights of up to 100 turns,
which a nested evaluation could not reach)."""

from __future__ import annotations

import itertools

from aot_rules.aob.rules import steadiness as S
from aot_rules.aob.rules.die import GameDie
from aot_rules.systems import get


def test_rout_law_equals_the_twin() -> None:
    for die, rerolls, threshold, turns in itertools.product(GameDie, range(0, 3), range(-1, 22, 3),
                                                            (1, 2, 3, 5, 8, 13, 34, 67, 100)):
        assert S.rout_law(threshold, die, rerolls, turns) == S.rout_law_legacy(threshold, die, rerolls, turns)


def test_every_grid_point_of_the_rout_widget() -> None:
    m = get("AOB-ROUT")
    for combo in m.grid():
        p = m.record(**combo)
        turns = S.flight_turns(p.distance, p.move, p.fast)
        assert S.rout_law(p.threshold, p.die, int(p.reroll), turns) == S.rout_law_legacy(
            p.threshold, p.die, int(p.reroll), turns)
