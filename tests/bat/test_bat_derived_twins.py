"""Before the twins go (issue #36): each Batalist spell's law derived from its dice procedure equals the
hand-written exact function, with Fraction equality, over every input the registry's grid reaches and more."""

from __future__ import annotations

import itertools

from aot_rules.bat.rules import magic as G
from aot_rules.bat.rules.combat import Double, Sign
from aot_rules.bat.rules.morale import Coward


def test_cast_roll_law_equals_the_twin() -> None:
    for q, sb, saves in itertools.product(range(-1, 8), (False, True), (False, True)):
        assert G.cast_roll_exact(q, standard_bearer=sb, bearer_saves=saves) == G.cast_roll_exact_legacy(
            q, standard_bearer=sb, bearer_saves=saves), (q, sb, saves)


def test_fireball_summon_and_terror_laws_equal_their_twins() -> None:
    for ap in (1, 2, 3):
        assert G.summon_exact(ap) == G.summon_exact_legacy(ap)
        for q, figures in itertools.product(range(-1, 8), range(1, 8)):
            assert G.fireball_exact(ap, q, figures) == G.fireball_exact_legacy(ap, q, figures)
        for q, coward, reroll in itertools.product(range(-1, 8), Coward, (False, True)):
            assert G.terror_exact(ap, q, coward=coward, reroll=reroll) == G.terror_exact_legacy(
                ap, q, coward=coward, reroll=reroll)


def test_deluge_law_equals_the_twin() -> None:
    for bases, defence, q, sign, double in itertools.product(range(1, 9), range(-2, 10), range(0, 7), Sign, Double):
        assert G.deluge_exact(bases, defence, q, sign=sign, double=double) == G.deluge_exact_legacy(
            bases, defence, q, sign=sign, double=double), (bases, defence, q)
