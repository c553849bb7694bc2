"""Before the twins go (issue #36): each skirmish mechanic's law derived from its one dice procedure equals the
hand-written exact function it replaces, with Fraction equality, over every input its registry entry accepts (the
whole range of each number, every choice; a fixed sample of at least 400 points where that is too many)."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterable, Iterator
from typing import Any, cast

import pytest

from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.sp.mechanics import combat as C
from aot_rules.sp.mechanics import movement as MV
from aot_rules.sp.rules import heroes as H
from aot_rules.sp.rules import melee as M
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
    yield from m.grid()
    if math.prod(len(s) for s in spans) <= CAP:
        combos: Iterable[tuple[Any, ...]] = itertools.product(*spans)
    else:
        rng = random.Random(rule_id)
        combos = [tuple(rng.choice(s) for s in spans) for _ in range(400)]
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


#: each combat mechanic's report and the hand-written exact law it replaces, from the record
COMBAT: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "SP-SHOOT-DICE-MODS": ("dice", lambda p: Dist.point(C._mods(p).dice)),
    "SP-HERO-HIT": ("hero", lambda p: H.hero_fate_exact_legacy(p.killed, p.skirmish_fire, p.six_kills)),
    "SP-HERO-WOUND": ("wound", lambda p: H.wound_exact_legacy(p.six_kills)),
    "SP-HERO-REPLACE": ("replaced", lambda p: H.replace_exact_legacy(p.quality, p.recruits_from, p.last_hero)),
    "SP-SHOOT-RIDER": ("fate", lambda p: H.rider_exact_legacy(p.skill)),
    "SP-HERO-RIDER-SKILL": ("fall", lambda p: H.fall_exact_legacy(p.skill)),
    "SP-HERO-CAPTURE": ("capture", lambda p: H.capture_exact_legacy(p.hero_dice, p.group_dice)),
    "SP-MELEE-DICE": ("kills", lambda p: M.strike_exact_legacy(C._pool(p)).map(lambda s: s.kills)),
    "SP-MELEE-MODS-PCT": ("shock", lambda p: M.strike_exact_legacy(C._pct(p)).map(lambda s: s.shock)),
    "SP-MELEE-ROLL": ("kills", lambda p: M.strike_exact_legacy(p.dice).map(lambda s: s.kills)),
    "SP-MELEE-RESULT": ("result", lambda p: M.fight_exact_legacy(p.a_dice, p.b_dice, p.recruits).map(
        lambda f: f.result)),
}


@pytest.mark.parametrize("rule_id", sorted(COMBAT))
def test_combat_law_equals_the_twin(rule_id: str) -> None:
    m, checked = get(rule_id), 0
    name, legacy = COMBAT[rule_id]
    for combo in points(rule_id):
        try:
            want = legacy(m.record(**combo))
        except RuleError:
            continue
        assert m.evaluate(**combo).dists[name] == want, (rule_id, combo)
        checked += 1
    assert checked >= min(20, len(list(get(rule_id).grid())))


@pytest.mark.parametrize("dice", range(0, 41))
def test_strike_law_equals_the_twin(dice: int) -> None:
    assert M.strike_exact(dice) == M.strike_exact_legacy(dice)


def test_fight_law_equals_the_twin() -> None:
    for a, b in itertools.product(range(1, 21), range(1, 21)):
        for recruits in M.Swamp:
            assert M.fight_exact(a, b, recruits) == M.fight_exact_legacy(a, b, recruits), (a, b, recruits)
