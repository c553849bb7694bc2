"""Issue #36: melee, two against one and the stakes written once as dice procedures.

The hand-written exact twins were checked Fraction-equal to the derived laws over every melee widget grid (5,072
distinct fights), 300 random exotic fights and the two-against-one grid, and the played twins to roll and log
exactly what the player running the procedures does, in the commit that moved them; then deleted.  What stays:
small fights walked face by face against the derived law, the reports the table reads told from what the player
logged, and hand-checked dice (the independent oracles of tests/aot/test_oracles.py check the laws too)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from aot_rules.aot.equipment import MeleeWeapon
from aot_rules.aot.events import Losses
from aot_rules.aot.mechanics import melee as MM
from aot_rules.aot.rules import melee as M
from aot_rules.aot.rules.protection import HeldShield
from aot_rules.aot.units import Body, Unit
from aot_rules.core.dice import FixedDice, SeededDice
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate, play
from aot_rules.core.ranks import Ranks
from aot_rules.formulas.tree import laws, leaves
from aot_rules.keys import Law
from aot_rules.systems import all_mechanics, get

MELEES = [m for m in all_mechanics() if m.record_type is MM.MeleeInput]


def _fights() -> list[tuple[M.Side, M.Side, M.MeleeRules]]:
    """Random fights over every body, weapon, flag and reading the record accepts (refused ones left out)."""
    rng, out = random.Random(36), list[tuple[M.Side, M.Side, M.MeleeRules]]()
    while len(out) < 300:
        def side() -> MM.SideInput:
            return MM.SideInput(body=rng.choice(list(Body)), ranks=Ranks(rng.randint(1, 5) for _ in range(
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


@pytest.mark.parametrize("i", range(0, 300, 60))
def test_a_played_melee_lands_on_its_law_and_its_report_tells_what_the_player_logged(i: int) -> None:
    """In fights of every body, weapon and reading: each played value has weight in the derived law, and the
    report the table reads (each side's losses, the units after, the result, the DP) says the same."""
    rng = random.Random(i)
    for a, b, rules in FIGHTS[i:i + 60]:
        law = M.melee_exact(a, b, rules)
        for seed in range(3):
            held = _held(rng, 2)
            dice = SeededDice(seed)
            start = len(dice.log)
            rep = M.resolve_melee(a, b, dice, rules, held=held)
            again = SeededDice(seed)
            m = play(M.melee(a, b, rules, held), again)
            assert dice.log[start:] == again.log
            assert (law if held == (None, None) else evaluate(M.melee(a, b, rules, held)))[m] > 0
            assert (rep.b_strikes.killed, rep.b_strikes.disordered, rep.a_strikes.killed, rep.a_strikes.disordered,
                    rep.result) == m[:5]
            assert rep.a_after == a.unit.take_losses(m.a_killed, m.a_disordered)
            assert rep.dp == sum(M.winner_dp(m.result, a, b))
            lost = [e for e in dice.log[start:] if isinstance(e, Losses)]
            assert [(e.killed, e.disordered) for e in lost] == ([] if M.both_elephants(a, b) else [
                (m.b_killed, m.b_disordered), (m.a_killed, m.a_disordered)])


def test_two_against_one_keeps_each_shield_die_the_player_rolled() -> None:
    """A1 and A2 (2+2 swords, shields) against B (4+4 spears, shields), B's dice 2 and 2.  B's spears hit below 4:
    1 on A1, whose shield die (1, below its density 2) turns it away and is spent; 2 on A2, whose die (2) saves
    nothing.  A1 and A2 hit B above their density 2: one hit (4), which B's die (3, below 4) turns away, with two
    more it may still turn away in the slot."""
    a1, a2 = (M.Side(Unit(n, (2, 2), weapon=MeleeWeapon.SWORD, shield=True)) for n in ("A1", "A2"))
    b = M.Side(Unit("B", (4, 4), weapon=MeleeWeapon.SPEAR, shield=True))
    dice = FixedDice([1, 5, 1, 1, 1, 2, 4, 1, 1, 2, 3])
    out, shields = M.two_vs_one_played(a1, a2, b, 2, dice)
    assert dice.exhausted()
    assert shields == (HeldShield(1, 0), HeldShield(2, 0), HeldShield(3, 2))
    assert (out.a1_killed, out.a2_killed, out.b_killed) == (0, 2, 0)
    assert evaluate(M.two_vs_one(a1, a2, b, 2))[out] > 0


def test_the_stakes_test_comes_first_and_its_losses_count_as_killed_riders() -> None:
    """Four lancers charge 2+2 shooters behind stakes: the stakes die (3, below density 4) costs them 3 riders,
    killed (cavalry), logged before any strike; the one left strikes a 6 (a lance hits above B's density 2) and
    kills one; the shooters hit nothing (below A's density 1)."""
    m = get("AOT-STAKES")
    p = m.record(a_ranks=(4,), a_weapon="lance", b_ranks=(2, 2), b_weapon="shooter")
    dice = FixedDice([3, 6, 1, 1])
    sample = m.play(p, dice)
    assert dice.exhausted()
    assert isinstance(dice.log[1], Losses) and (dice.log[1].killed, dice.log[1].disordered) == (3, 0)
    assert (sample["a_killed"], sample["b_killed"]) == (3, 1)
    assert m.exact(p).dist(Law.a_killed)[3] > 0


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
