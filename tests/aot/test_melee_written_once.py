"""Issue #36: melee, two against one, the loser's retreat and spending DP written once as dice procedures.

The derived laws are checked equal (Fraction equality) to the hand-written exact twins over every widget grid
and a random sample of exotic fights, and the player running the procedures rolls and logs exactly what the
hand-written played faces did (the table's games stay byte-identical)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from aot_rules.aot.equipment import MeleeWeapon
from aot_rules.aot.mechanics import melee as MM
from aot_rules.aot.rules import melee as M
from aot_rules.aot.rules.protection import HeldShield
from aot_rules.aot.units import Body
from aot_rules.core.dice import SeededDice
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate, play
from aot_rules.formulas.tree import laws, leaves
from aot_rules.systems import all_mechanics, get

MELEES = [m for m in all_mechanics() if m.record_type is MM.MeleeInput]


def _fights() -> list[tuple[M.Side, M.Side, M.MeleeRules]]:
    """Random fights over every body, weapon, flag and reading the record accepts (refused ones left out)."""
    rng, out = random.Random(36), []
    while len(out) < 300:
        def side() -> MM.SideInput:
            return MM.SideInput(body=rng.choice(list(Body)), ranks=tuple(rng.randint(1, 5) for _ in range(
                rng.randint(1, 2))), weapon=rng.choice(list(MeleeWeapon)), mounted=rng.random() < .3,
                shield=rng.random() < .5, armour=rng.random() < .5, horse_armour=rng.random() < .2,
                veteran=rng.random() < .3, horse_strike=rng.random() < .3, terrifying=rng.random() < .2)
        try:
            a, b, rules = MM.MeleeInput(
                a=side(), b=side(), a_flanked=rng.random() < .15, b_flanked=rng.random() < .15,
                armour_first=rng.random() < .7, equal_saves=rng.random() < .3,
                pike_extra_per_rank=rng.random() < .3, halberd_axe_as_specialist=rng.random() < .7,
                flank_hits_use_depth=rng.random() < .3, javelins_pierce_in_melee=rng.random() < .3).fight()
        except RuleError:
            continue
        out.append((a, b, M.MeleeRules(**{**rules.__dict__, "reroll_elephant_ties": rng.random() < .7})))
    return out


FIGHTS = _fights()


def _held(rng: random.Random, n: int) -> Any:
    return tuple(HeldShield(rng.randint(1, 6), rng.randint(0, 3)) if rng.random() < .3 else None for _ in range(n))


def test_the_derived_melee_law_is_the_hand_written_one_over_every_melee_widget_grid() -> None:
    seen, n = set(), 0
    for m in MELEES:
        for combo in m.grid():
            try:
                key = m.record(**combo).fight()
            except RuleError:
                continue
            if key not in seen:
                seen.add(key)
                assert evaluate(M.melee(*key)) == M.melee_exact_legacy(*key), combo
                n += 1
    assert n >= 200


@pytest.mark.parametrize("i", range(0, 300, 30))
def test_the_derived_law_and_the_played_melee_are_the_hand_written_ones_in_exotic_fights(i: int) -> None:
    rng = random.Random(i)
    for a, b, rules in FIGHTS[i:i + 30]:
        assert evaluate(M.melee(a, b, rules)) == M.melee_exact_legacy(a, b, rules), (a, b, rules)
        for seed in range(4):
            held = _held(rng, 2)
            new, old = SeededDice(seed), SeededDice(seed)
            assert M.resolve_melee(a, b, new, rules, held=held) == M.resolve_melee_legacy(a, b, old, rules, held=held)
            assert new.log == old.log


@pytest.mark.parametrize("m", MELEES, ids=lambda m: m.rule_id)
def test_every_melee_mechanic_answers_and_plays_as_before(m: Any) -> None:
    grid = list(m.grid())
    for combo in random.Random(m.rule_id).sample(grid, min(len(grid), 40)):
        try:
            p = m.record(**combo)
            old_out = MM.melee_exact_outcome_legacy(p)
        except RuleError:
            continue
        assert m.exact(p) == old_out, combo
        new, old = SeededDice(7), SeededDice(7)
        assert m.play(p, new) == MM.melee_play_legacy(p, old) and new.log == old.log


def test_stakes_answer_and_play_as_before() -> None:
    m = get("AOT-STAKES")
    for combo in m.grid():
        p = m.record(**combo)
        assert m.exact(p) == MM.melee_exact_outcome_legacy(p), combo
        for seed in range(3):
            new, old = SeededDice(seed), SeededDice(seed)
            assert m.play(p, new) == MM.melee_play_legacy(p, old) and new.log == old.log


def test_two_against_one_is_the_hand_written_law_and_play() -> None:
    m, rng, n = get("AOT-MELEE-ENGAGE"), random.Random(2), 0
    for combo in m.grid():
        for first in range(0, 6):
            try:
                p = m.record(**{**combo, "b_on_first": first})
                a1, a2, b, k = p.fight()
                old_law = M.two_vs_one_exact_legacy(a1, a2, b, k)
            except RuleError:
                continue
            assert M.two_vs_one_exact(a1, a2, b, k) == old_law
            assert m.exact(p) == MM.tvo_exact_legacy(p)
            for seed in range(3):
                held = _held(rng, 3)
                new, old = SeededDice(seed), SeededDice(seed)
                assert M.two_vs_one_played(a1, a2, b, k, new, held=held) == \
                    M.two_vs_one_played_legacy(a1, a2, b, k, old, held=held)
                assert new.log == old.log
            n += 1
    assert n >= 200


@pytest.mark.parametrize("rule_id,legacy,played", [("AOT-MELEE-RETREAT", "retreat_exact_legacy", "retreat_play_legacy"),
                                                   ("AOT-DEMO-DISORDER", "dp_exact_legacy", "dp_play_legacy")])
def test_the_retreat_and_spending_dp_answer_and_play_as_before(rule_id: str, legacy: str, played: str) -> None:
    m = get(rule_id)
    for combo in m.grid():
        try:
            p = m.record(**combo)
            old_out = getattr(MM, legacy)(p)
        except RuleError:
            continue
        assert m.exact(p) == old_out, combo
        new, old = SeededDice(3), SeededDice(3)
        assert m.play(p, new) == getattr(MM, played)(p, old) and new.log == old.log


def _fight(a: dict[str, Any], b: dict[str, Any], **kw: Any) -> tuple[M.Side, M.Side, M.MeleeRules]:
    return MM.MeleeInput(a=MM.SideInput(**a), b=MM.SideInput(**b), **kw).fight()


#: fights small enough to walk every face of every die: armour's sixes, horse armour's ones, a trampling die, a
#: beast's hit test, a chariot's horses, a flank, both shield-wall readings
SMALL = {
    "sword v spear behind shield and armour": _fight(dict(ranks=(1,)), dict(ranks=(2,), weapon=MeleeWeapon.SPEAR,
                                                                             shield=True, armour=True)),
    "two-handed v veteran shield wall": _fight(dict(ranks=(2,), weapon=MeleeWeapon.TWO_HANDED),
                                               dict(ranks=(1, 1), shield=True, armour=True, veteran=True)),
    "shield die first": _fight(dict(ranks=(2,)), dict(ranks=(1, 1), shield=True, armour=True), armour_first=False),
    "elephant v foot": _fight(dict(body=Body.ELEPHANT, ranks=(2,)), dict(ranks=(2,), weapon=MeleeWeapon.SPEAR)),
    "chariot v foot": _fight(dict(body=Body.CHARIOT, ranks=(2,), horse_strike=True), dict(ranks=(1,), armour=True)),
    "lancers v barded riders": _fight(dict(ranks=(2,), mounted=True, weapon=MeleeWeapon.LANCE, horse_strike=True),
                              dict(ranks=(2,), weapon=MeleeWeapon.SWORD, mounted=True, horse_armour=True)),
    "flank": _fight(dict(ranks=(2,)), dict(ranks=(2, 2), shield=True), b_flanked=True),
    "elephants, a tie standing": (*_fight(dict(body=Body.ELEPHANT, ranks=(2,)),
                                          dict(body=Body.ELEPHANT, ranks=(3,)))[:2],
                                  M.MeleeRules(reroll_elephant_ties=False)),
}


@pytest.mark.parametrize("name", SMALL)
def test_small_melees_walked_face_by_face_give_the_derived_law(name: str) -> None:
    """The evaluator's law (pools as multinomials) against the player's with every face of every die enumerated."""
    fight = SMALL[name]
    tree = leaves(lambda f, dice: {"melee": play(M.melee(*f), dice)}, fight, budget=6**6, probe=6**6)
    assert Dist(laws(tree)["melee"]) == M.melee_exact(*fight)
    assert len(M.melee_exact(*fight)) >= 3
