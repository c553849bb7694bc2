"""Before the twins go (issue #36): each Batalist law derived from its dice procedure equals the hand-written exact
function, with Fraction equality, over every input the registry's grid reaches and more."""

from __future__ import annotations

import itertools

from aot_rules.bat.rules import combat as C


def test_melee_law_equals_the_twin() -> None:
    for values, shared, double in itertools.product(itertools.product(range(-1, 10, 2), range(-2, 10, 3),
                                                                       range(0, 10, 2), range(-3, 10, 3)),
                                                    (True, False), C.Double):
        assert C.melee_exact(*values, shared_dice=shared, double=double) == C.melee_exact_legacy(
            *values, shared_dice=shared, double=double), values


def test_volley_law_equals_the_twin() -> None:
    for bases, strength, defence, one, sign, double in itertools.product(range(1, C.MAX_BASES + 1), range(1, 10, 2),
                                                                         range(0, 10, 2), (False, True), C.Sign,
                                                                         C.Double):
        assert C.volley_exact(bases, strength, defence, one_shooter_die=one, sign=sign, double=double) == \
            C.volley_exact_legacy(bases, strength, defence, one_shooter_die=one, sign=sign, double=double)


def test_every_grid_point_of_the_melee_and_template_widgets() -> None:
    from aot_rules.bat.mechanics import combat as M
    from aot_rules.systems import get
    for rule_id in ("BAT-MELEE-DAMAGE", "BAT-MELEE-MODS"):
        for combo in get(rule_id).grid():
            p = get(rule_id).record(**combo)
            shared, double = not p.separate_dice, M._double(p.more_than_double)
            assert C.melee_exact(*M.melee_values(p), shared_dice=shared, double=double) == C.melee_exact_legacy(
                *M.melee_values(p), shared_dice=shared, double=double)
    for rule_id in ("BAT-SKILL-AREA", "BAT-SKILL-STREAM"):
        for combo in get(rule_id).grid():
            p = get(rule_id).record(**combo)
            kw = {"one_shooter_die": p.one_shooter_die, "sign": p.sign, "double": M._double(p.more_than_double)}
            assert C.volley_exact(p.bases, p.ranged, p.defence, **kw) == C.volley_exact_legacy(
                p.bases, p.ranged, p.defence, **kw)
