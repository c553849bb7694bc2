"""Before the twins go (issue #36): each skirmish mechanic's law derived from its one dice procedure equals the
hand-written exact function it replaces, with Fraction equality, over every input its registry entry accepts (the
whole range of each number, every choice; a fixed sample of at least 400 points where that is too many)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from typing import Any, cast

import pytest

from aot_rules.core.errors import RuleError
from aot_rules.sp.mechanics import movement as MV
from aot_rules.sp.rules import movement as RM
from aot_rules.sp.rules import spotting as SPOT
from aot_rules.systems import get

CAP = 3000


def points(rule_id: str) -> Iterator[dict[str, Any]]:
    """Every input combination of the whole ranges (grid points first), or the grid and a seeded sample of 400."""
    m = get(rule_id)
    spans = []
    for p in m.inputs:
        if p.kind == "int":
            spans.append(tuple(range(int(cast(int, p.lo)), int(cast(int, p.hi)) + 1)))
        else:
            spans.append(p.values())
    names = [p.name for p in m.inputs]
    combos = list(itertools.product(*spans))
    if len(combos) > CAP:
        combos = random.Random(rule_id).sample(combos, 400)
    yield from m.grid()
    for c in combos:
        yield dict(zip(names, c, strict=True))


MOVES: dict[str, Callable[[Any], MV.Move]] = {
    "SP-MOVE-DICE": MV._move_dice, "SP-MOVE-FORMATION-TABLE": MV._formation, "SP-MOVE-HERO": MV._hero_move,
    "SP-MOVE-ANIMALS": MV._animal_move, "SP-TERRAIN-ROUGH": MV._rough}


@pytest.mark.parametrize("rule_id", sorted(MOVES))
def test_move_law_equals_the_twin(rule_id: str) -> None:
    m, checked = get(rule_id), 0
    for combo in points(rule_id):
        try:
            mv = MOVES[rule_id](m.record(**combo))
        except RuleError:
            continue
        legacy = RM.move_law_legacy(mv.bonuses, mv.cut, mv.shock, shock_per_die=mv.shock_per_die,
                                    cut_bare_die=mv.cut_bare_die)
        assert m.evaluate(**combo).dists["distance"] == legacy, (rule_id, combo)
        checked += 1
    assert checked >= 20


def test_spot_law_equals_the_twin() -> None:
    m, checked = get("SP-SPOT-ROLL"), 0
    for combo in points("SP-SPOT-ROLL"):
        p = m.record(**combo)
        legacy = SPOT.spot_law_legacy(p.needed, p.extra, p.harder, p.easier, extra_twice=p.extra_twice)
        assert m.evaluate(**combo).dists["roll"] == legacy, combo
        checked += 1
    assert checked >= 400
