"""Before the twins go (issue #36): the skirmish fragment's shooting laws derived from their dice procedures equal
the hand-written exact functions, with Fraction equality, over every input the registry's grids reach and more."""

from __future__ import annotations

import itertools

from aot_rules.sp.rules import shooting as S


def test_volley_law_equals_the_twin() -> None:
    for dice, to_hit, bonus, six, ambush in itertools.product(range(0, 25), (None, *range(1, 8)), range(0, 5),
                                                              (False, True), (False, True)):
        assert S.damage_exact(dice, to_hit, bonus, six_kills=six, ambush=ambush) == S.damage_exact_legacy(
            dice, to_hit, bonus, six_kills=six, ambush=ambush), (dice, to_hit, bonus, six, ambush)


def test_effect_and_hit_laws_equal_the_twins() -> None:
    for hits, six, ambush in itertools.product(range(0, 41), (False, True), (False, True)):
        assert S.damage_exact(hits, 1, six_kills=six, ambush=ambush) == S.damage_exact_legacy(
            hits, 1, six_kills=six, ambush=ambush)
    for dice, to_hit, bonus in itertools.product(range(0, 41), range(1, 8), range(0, 5)):
        assert S.hits_exact(dice, to_hit, bonus) == S.Dist.binomial(dice, S.hit_chance(to_hit, bonus))
    for need in range(1, 8):
        assert S.sharpshooter_exact(need) == S.sharpshooter_exact_legacy(need)
