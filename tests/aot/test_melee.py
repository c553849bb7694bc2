"""Melee (rules index section 1.10): the worked example, hand-checked exact odds for every weapon
and every protection, an independent brute-force oracle, and agreement of the exact and
procedural faces.

Conventions: ``inflicted(att, dfn)`` is the exact law of (killed, disordered) that ``att``
inflicts on ``dfn``; every expected value below is worked out by hand from the rules index
(default readings unless a test says otherwise) in the comment beside it.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction as F
from typing import Any

import pytest
from support import tiers

from aot_rules.aot.equipment import MeleeWeapon, Missile
from aot_rules.aot.events import Compared, DPEarned, Hits, Losses, Retreat, ShieldWall, Verdict
from aot_rules.aot.examples import gauls_example
from aot_rules.aot.rules.melee import (
    NO_HITS,
    DiceGroup,
    HitVector,
    MeleeReport,
    MeleeResult,
    MeleeRules,
    Side,
    hit_vector,
    horse_strike_hits,
    inflicted,
    melee_exact,
    protect,
    resolve_melee,
    shield_at_or_below,
    split_dice,
    strike_groups,
    two_vs_one,
    weapon_hits,
    winner_dp,
)
from aot_rules.aot.rules.protection import shield_wall_saves
from aot_rules.aot.units import Unit, density_after
from aot_rules.core.dice import FixedDice, SeededDice
from aot_rules.core.errors import ParamError, RuleError
from aot_rules.core.evaluate import evaluate
from aot_rules.core.events import DieEffect, Roll
from aot_rules.core.i18n import label, text
from aot_rules.keys import Event, Law
from aot_rules.present.narrate import narrate
from aot_rules.systems import get

W = MeleeWeapon
R = MeleeRules()
UNIT_KEYS = ("mounted", "shield", "armour", "horse_armour", "veteran", "terrifying", "stubborn", "recruit")
SIDE_KEYS = ("horse_strike", "flanked")


def side(ranks: tuple[int, ...], weapon: str = "sword", name: str = "X", javelins: bool = False, **kw: bool) -> Side:
    """A side whose whole front rank carries ``weapon``; unit flags and side flags in one call
    (``javelins``: its shooters throw javelins, the unit's missile)."""
    unit_kw = {k: v for k, v in kw.items() if k in UNIT_KEYS}
    side_kw = {k: v for k, v in kw.items() if k in SIDE_KEYS}
    assert set(kw) <= set(UNIT_KEYS) | set(SIDE_KEYS), kw
    unit = Unit(name=name, ranks=tuple(ranks), weapon=W(weapon), missile=Missile.JAVELIN if javelins else None,
                **unit_kw)
    return Side(unit, **side_kw)


def build(spec: dict[str, Any], name: str) -> Side:
    spec = dict(spec)
    return side(spec.pop("ranks"), spec.pop("weapon", "sword"), name, **spec)


def law(d) -> dict:
    return dict(d.items())


def binom(n: int, p: F) -> dict[int, F]:
    return {k: math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}


def killed_only(n: int, p: F) -> dict[tuple[int, int], F]:
    """n independent dice each killing with probability p, no protection: {(k, 0): Bin(n, p)}."""
    return {(k, 0): q for k, q in binom(n, p).items() if q}


def marginal(joint: dict[tuple[int, int], F], i: int) -> dict[int, F]:
    out: Counter = Counter()
    for o, p in joint.items():
        out[o[i]] += p
    return {k: v for k, v in out.items() if v}


# --- AOT-EX-GAULS-JAVELINMEN ----------------------------------------------------------------

def javelinmen() -> Side:
    return side((2, 2), "shooter", "javelinmen", shield=True, javelins=True)


def gauls() -> Side:
    return side((3, 3), "sword", "Gauls", shield=True)


class TestExampleGaulsJavelinmen:
    DICE = (2, 5, 1, 1, 4, 5, 3)  # jav strike 2, 5; Gauls' shield 1; Gauls strike 1, 4, 5; jav shield 3

    def replay(self, rules: MeleeRules = R):
        dice = FixedDice(self.DICE)
        rep = resolve_melee(javelinmen(), gauls(), dice, rules)
        assert dice.exhausted(), "the example uses exactly seven dice"
        return rep

    def test_javelinmen_score_one_hit_which_the_shield_wall_turns_away(self):
        rep = self.replay()
        s = rep.a_strikes
        assert s.dice == ((2, True), (5, False))  # hit on < 3 (Gauls' density)
        assert sum(s.hits) == 1
        assert s.shield_roll == 1  # 1 < 3 saves one hit
        assert s.saved == 1
        assert (s.killed, s.disordered) == (0, 0)
        assert rep.b_after.ranks == (3, 3) and rep.b_after.disordered == 0

    def test_gauls_score_two_hits_and_kill_two(self):
        rep = self.replay()
        s = rep.b_strikes
        assert s.dice == ((1, False), (4, True), (5, True))  # > 3 (own density)
        assert sum(s.hits) == 2
        assert s.shield_roll == 3  # needs < 2: fails
        assert s.saved == 0
        assert (s.killed, s.disordered) == (2, 0)
        assert rep.a_after.ranks == (1, 1)  # 2+2 → 1+2 → 1+1 (longest rank, front on a tie)
        assert rep.a_after.density == 1

    def test_gauls_win_and_earn_two_dp(self):
        rep = self.replay()
        assert rep.result == "b-wins"
        assert rep.dp == 2  # the javelinmen's density at the start of the fight

    def test_javelin_flag_does_not_matter_under_the_default_reading(self):
        plain = side((2, 2), "shooter", "javelinmen", shield=True)
        rep = resolve_melee(plain, gauls(), FixedDice(self.DICE))
        assert (rep.a_strikes.killed, rep.a_strikes.disordered) == (0, 0)
        assert rep.result == "b-wins" and rep.dp == 2

    def test_alternative_reading_javelins_pierce_disorders_the_saved_gaul(self):
        rep = self.replay(MeleeRules(javelins_pierce_in_melee=True))
        assert (rep.a_strikes.killed, rep.a_strikes.disordered) == (0, 1)
        assert rep.b_after.ranks == (2, 3) and rep.b_after.disordered == 1
        assert rep.b_after.density == 3
        assert rep.result == "b-wins"  # 1 against 3 either way

    def test_gauls_example_spends_two_dp_on_the_cavalry(self):
        ex = gauls_example()
        assert ex.example_id == "AOT-EX-GAULS-JAVELINMEN"
        figures = {str(k): u for k, u in ex.figures}
        cav = figures["the cavalry after the Gauls' DP"]
        assert cav.mounted
        assert cav.ranks == (1,) and cav.disordered == 2 and cav.strength == 3
        assert figures["Gauls after the fight"].ranks == (3, 3)
        assert ex.after.ranks == (1, 1)
        assert [e.face for e in ex.log if isinstance(e, Roll)] == list(self.DICE)
        steps = [*map(str, ex.intro), *narrate(ex.log)]
        assert any("2 DP" in s for s in steps)

    def test_derived_exact_probabilities(self):
        ex = gauls_example()
        exact = {str(k): p for k, p in ex.exact}
        assert exact["P(the javelinmen score exactly 1 hit)"] == F(4, 9)  # 2 · 1/3 · 2/3
        assert exact["P(the Gauls score exactly 2 hits)"] == F(3, 8)  # C(3,2) / 8
        hv = hit_vector(javelinmen(), gauls(), R)
        assert hv.prob(lambda h: sum(h) == 1) == F(4, 9)
        assert hit_vector(gauls(), javelinmen(), R).prob(lambda h: sum(h) == 2) == F(3, 8)

    def test_exact_losses_of_the_example_matchup(self):
        # Javelinmen: hits ~ Bin(2, 1/3); the Gauls' shield (D3) saves r hits for r in {1, 2}.
        # P(0 lost) = 4/9 + 4/9·(1/3) + 1/9·(1/6) = 11/18 (two hits need r = 2);
        # P(1) = 4/9·2/3 + 1/9·1/6 = 17/54; P(2) = 1/9·2/3 = 2/27.
        on_gauls = law(inflicted(javelinmen(), gauls(), R))
        assert on_gauls == {(0, 0): F(11, 18), (1, 0): F(17, 54), (2, 0): F(2, 27)}
        # Gauls: hits ~ Bin(3, 1/2); the javelinmen's shield (D2) saves only on a 1.
        on_jav = law(inflicted(gauls(), javelinmen(), R))
        expected: Counter = Counter()
        for h, ph in binom(3, F(1, 2)).items():
            expected[(h - min(1, h), 0)] += ph / 6
            expected[(h, 0)] += ph * 5 / 6
        assert on_jav == dict(expected)


# --- per-die hit rules -----------------------------------------------------------------------

def spec_faces(weapon: str, own: int, enemy: int, veteran: bool) -> set[int]:
    """The hit rules of AOT-MELEE-HIT-*, written out as face sets."""
    below = (lambda x: set(range(1, x + 1))) if veteran else (lambda x: set(range(1, x)))
    above = (lambda x: set(range(x, 7))) if veteran else (lambda x: set(range(x + 1, 7)))
    return {
        "shooter": below(enemy),
        "spear": below(own), "pike": below(own), "halberd-spear": below(own),
        "halberd-axe": above(own), "sword": above(own), "two-handed": above(own),
        "lance": above(enemy),
    }[weapon]


@pytest.mark.parametrize("weapon", [w.value for w in MeleeWeapon])
@pytest.mark.parametrize("veteran", [False, True])
def test_weapon_hit_faces_match_the_rules(weapon, veteran):
    for own, enemy in itertools.product(range(1, 6), repeat=2):
        got = {f for f in range(1, 7) if weapon_hits(f, W(weapon), own, enemy, veteran)}
        assert got == spec_faces(weapon, own, enemy, veteran), (own, enemy)


def test_halberd_axe_alternative_reading_hits_as_a_spear():
    alt = MeleeRules(halberd_axe_as_specialist=False)
    for own in range(1, 6):
        got = {f for f in range(1, 7) if weapon_hits(f, W.HALBERD_AXE, own, 3, False, alt)}
        assert got == set(range(1, own))


def test_spec_derived_hit_probabilities():
    def p(weapon, own, enemy, vet=False):
        return F(sum(weapon_hits(f, W(weapon), own, enemy, vet) for f in range(1, 7)), 6)

    assert p("spear", 4, 1) == F(1, 2) and p("spear", 5, 1) == F(2, 3)  # AOT-MELEE-HIT-SPEAR
    assert (p("sword", 2, 1), p("sword", 3, 1), p("sword", 4, 1)) == (F(2, 3), F(1, 2), F(1, 3))
    assert p("lance", 1, 5) == F(1, 6)  # against a defensive formation
    assert p("shooter", 1, 4) == F(1, 2)


def test_horse_strike_hits_above_enemy_density():
    for enemy in range(1, 6):
        assert {f for f in range(1, 7) if horse_strike_hits(f, enemy, False)} == set(range(enemy + 1, 7))
        assert {f for f in range(1, 7) if horse_strike_hits(f, enemy, True)} == set(range(enemy, 7))


def test_shield_roll_equality_fails_unless_veteran_or_alt_reading():
    def saves(face: int, dfn: Side, rules: MeleeRules = R) -> bool:
        return shield_wall_saves(face, dfn.unit.density, at_or_below=shield_at_or_below(dfn, rules))

    plain, vet = side((3,), shield=True), side((3,), shield=True, veteran=True)
    assert saves(2, plain) and not saves(3, plain)
    assert saves(3, vet)
    assert saves(3, plain, MeleeRules(equal_saves=True))
    assert not saves(4, vet)


# --- dice counts (AOT-MELEE-STRIKES, pike, horse strike) ---------------------------------------

def dice_count(att: Side, dfn: Side, rules: MeleeRules = R) -> dict[str, int]:
    out: Counter = Counter()
    for g in strike_groups(att, dfn, rules):
        out[g.weapon.value if g.weapon else "horse"] += g.count
    return dict(out)


@pytest.mark.parametrize(("ranks", "per_rank", "dice"), [
    ((2, 2), False, 3), ((4, 4), False, 5), ((4, 5), False, 5), ((1, 2), False, 2),  # +1 in total
    ((4, 3), False, 4), ((3,), False, 3),  # a shorter or missing second rank: no extra
    ((2, 2), True, 4), ((4, 4), True, 8), ((4, 3), True, 4),  # alt reading: one per second-rank warrior
])
def test_pike_extra_dice(ranks, per_rank, dice):
    a = side(ranks, "pike")
    assert dice_count(a, side((3, 3)), MeleeRules(pike_extra_per_rank=per_rank)) == {"pike": dice}


def test_only_front_rank_strikes_and_disordered_do_not():
    assert dice_count(side((3, 4), "spear"), side((3, 3))) == {"spear": 3}
    hurt = side((4, 4)).take_losses(0, 3)  # 4+4 → 2+3 with 3 disordered
    assert hurt.unit.ranks == (2, 3) and hurt.unit.disordered == 3
    assert dice_count(hurt, side((3, 3))) == {"sword": 2}


def test_horse_strike_adds_one_die_per_rider_against_foot_only():
    cav = side((3,), "lance", mounted=True, horse_strike=True)
    assert dice_count(cav, side((4, 4))) == {"lance": 3, "horse": 3}
    assert dice_count(cav, side((3,), mounted=True)) == {"lance": 3}
    no_strike = side((3,), "lance", mounted=True)
    assert dice_count(no_strike, side((4, 4))) == {"lance": 3}


def test_a_flanked_side_strikes_nothing():
    assert strike_groups(side((4, 4), "spear", flanked=True), side((3, 3)), R) == ()
    cav = side((3,), "lance", mounted=True, horse_strike=True, flanked=True)
    assert strike_groups(cav, side((4, 4)), R) == ()


# --- hand-checked exact cases: every weapon, every protection ------------------------------------

HAND_CASES = [
    # Shooters hit below the ENEMY's density.
    pytest.param(dict(ranks=(1,), weapon="shooter"), dict(ranks=(3,)), {},
                 {(0, 0): F(2, 3), (1, 0): F(1, 3)}, id="shooter-vs-D3"),
    pytest.param(dict(ranks=(1, 1), weapon="shooter"), dict(ranks=(5,)), {},
                 {(0, 0): F(1, 3), (1, 0): F(2, 3)}, id="shooter-uses-enemy-density"),
    pytest.param(dict(ranks=(1,), weapon="shooter", veteran=True), dict(ranks=(3,)), {},
                 {(0, 0): F(1, 2), (1, 0): F(1, 2)}, id="shooter-veteran-le"),
    # Spears hit below OWN density (2 dice at 1/6).
    pytest.param(dict(ranks=(2,), weapon="spear"), dict(ranks=(5,)), {},
                 {(0, 0): F(25, 36), (1, 0): F(10, 36), (2, 0): F(1, 36)}, id="spear-own-density"),
    pytest.param(dict(ranks=(2,), weapon="spear", veteran=True), dict(ranks=(1, 1)), {},
                 {(0, 0): F(4, 9), (1, 0): F(4, 9), (2, 0): F(1, 9)}, id="spear-veteran-le"),
    # Pikes: 2 front + 1 extra die at 1/6; none extra for a shorter second rank.
    pytest.param(dict(ranks=(2, 2), weapon="pike"), dict(ranks=(3, 3)), {},
                 killed_only(3, F(1, 6)), id="pike-full-second-rank"),
    pytest.param(dict(ranks=(2, 1), weapon="pike"), dict(ranks=(3, 3)), {},
                 killed_only(2, F(1, 6)), id="pike-short-second-rank"),
    pytest.param(dict(ranks=(2, 2), weapon="pike"), dict(ranks=(3, 3)), {"pike_extra_per_rank": True},
                 {(0, 0): F(625, 1296), (1, 0): F(500, 1296), (2, 0): F(150, 1296), (3, 0): F(20, 1296),
                  (4, 0): F(1, 1296)}, id="pike-alt-per-rank"),
    pytest.param(dict(ranks=(3,), weapon="halberd-spear"), dict(ranks=(2, 2)), {},
                 {(0, 0): F(8, 27), (1, 0): F(12, 27), (2, 0): F(6, 27), (3, 0): F(1, 27)}, id="halberd-spear"),
    # Halberd as an axe: > own density (index reading) and armour-piercing.
    pytest.param(dict(ranks=(1, 3), weapon="halberd-axe"), dict(ranks=(2, 2)), {},
                 {(0, 0): F(1, 2), (1, 0): F(1, 2)}, id="halberd-axe-specialist"),
    pytest.param(dict(ranks=(1, 3), weapon="halberd-axe"), dict(ranks=(2, 2)), {"halberd_axe_as_specialist": False},
                 {(0, 0): F(2, 3), (1, 0): F(1, 3)}, id="halberd-axe-alt-as-spear"),
    pytest.param(dict(ranks=(1,), weapon="halberd-axe"), dict(ranks=(2, 2), armour=True), {},
                 {(0, 0): F(1, 6), (1, 0): F(2, 3), (0, 1): F(1, 6)}, id="halberd-axe-vs-armour-disorders"),
    pytest.param(dict(ranks=(1,), weapon="halberd-axe"), dict(ranks=(3,), shield=True), {},
                 {(0, 0): F(1, 6), (0, 1): F(5, 18), (1, 0): F(5, 9)}, id="halberd-axe-vs-shield-disorders"),
    # Swords hit above own density.
    pytest.param(dict(ranks=(2,)), dict(ranks=(2, 2)), {},
                 {(0, 0): F(1, 9), (1, 0): F(4, 9), (2, 0): F(4, 9)}, id="sword"),
    pytest.param(dict(ranks=(2,), veteran=True), dict(ranks=(2, 2)), {},
                 {(0, 0): F(1, 36), (1, 0): F(10, 36), (2, 0): F(25, 36)}, id="sword-veteran-ge"),
    # Two-handed: specialist hits, armour-piercing.
    pytest.param(dict(ranks=(1,), weapon="two-handed"), dict(ranks=(1, 1), armour=True), {},
                 {(0, 0): F(1, 6), (1, 0): F(2, 3), (0, 1): F(1, 6)}, id="two-handed-vs-armour"),
    pytest.param(dict(ranks=(1,), weapon="two-handed"), dict(ranks=(2,), shield=True, armour=True), {},
                 {(0, 0): F(1, 6), (0, 1): F(5, 18), (1, 0): F(5, 9)}, id="two-handed-vs-shield-and-armour"),
    # The lance: > enemy density, armour-piercing.
    pytest.param(dict(ranks=(1,), weapon="lance", mounted=True), dict(ranks=(3,)), {},
                 {(0, 0): F(1, 2), (1, 0): F(1, 2)}, id="lance"),
    pytest.param(dict(ranks=(1,), weapon="lance", mounted=True), dict(ranks=(5,)), {},
                 {(0, 0): F(5, 6), (1, 0): F(1, 6)}, id="lance-vs-D5"),
    pytest.param(dict(ranks=(1,), weapon="lance", mounted=True, veteran=True), dict(ranks=(3,)), {},
                 {(0, 0): F(1, 3), (1, 0): F(2, 3)}, id="lance-veteran-ge"),
    pytest.param(dict(ranks=(1,), weapon="lance", mounted=True), dict(ranks=(3,), armour=True), {},
                 {(0, 0): F(1, 2), (1, 0): F(1, 3), (0, 1): F(1, 6)}, id="lance-six-vs-armour-disorders"),
    # 4, 5 hit and the shield (r in {1, 2}) turns 1/3 of them into disordered; a 6 is armour → disordered.
    pytest.param(dict(ranks=(1,), weapon="lance", mounted=True), dict(ranks=(3,), shield=True, armour=True), {},
                 {(0, 0): F(1, 2), (1, 0): F(2, 9), (0, 1): F(5, 18)}, id="lance-vs-shield-and-armour"),
    # Other cavalry weapons hit as the foot ones.
    pytest.param(dict(ranks=(2,), mounted=True), dict(ranks=(3,)), {},
                 {(0, 0): F(1, 9), (1, 0): F(4, 9), (2, 0): F(4, 9)}, id="cavalry-sword"),
    pytest.param(dict(ranks=(1,), weapon="shooter", mounted=True), dict(ranks=(4,)), {},
                 {(0, 0): F(1, 2), (1, 0): F(1, 2)}, id="cavalry-shooter"),
    # Horse strikes: > enemy density, through shield wall and armour.
    pytest.param(dict(ranks=(1,), weapon="lance", mounted=True, horse_strike=True),
                 dict(ranks=(5, 5), shield=True, armour=True), {},
                 {(0, 0): F(25, 36), (1, 0): F(5, 36), (0, 1): F(5, 36), (1, 1): F(1, 36)},
                 id="horse-strike-ignores-shield-and-armour"),
    pytest.param(dict(ranks=(1,), weapon="lance", mounted=True, horse_strike=True),
                 dict(ranks=(3,), shield=True, armour=True), {},
                 {(0, 0): F(1, 4), (1, 0): F(13, 36), (0, 1): F(5, 36), (1, 1): F(5, 36), (2, 0): F(1, 9)},
                 id="horse-strike-and-lance-vs-shield-armour"),
    pytest.param(dict(ranks=(1,), mounted=True, veteran=True, horse_strike=True), dict(ranks=(5,)), {},
                 {(1, 0): F(2, 3), (2, 0): F(1, 3)}, id="horse-strike-veteran-ge"),
    pytest.param(dict(ranks=(1,), mounted=True, horse_strike=True), dict(ranks=(3,), mounted=True), {},
                 {(0, 0): F(1, 6), (1, 0): F(5, 6)}, id="no-horse-strike-against-cavalry"),
    # Shield wall: one die, below own density saves that many hits.
    pytest.param(dict(ranks=(1,)), dict(ranks=(2,), shield=True), {},
                 {(0, 0): F(11, 36), (1, 0): F(25, 36)}, id="shield-wall-D2-saves-on-1"),
    pytest.param(dict(ranks=(1,)), dict(ranks=(2,), shield=True, veteran=True), {},
                 {(0, 0): F(4, 9), (1, 0): F(5, 9)}, id="shield-wall-veteran-le"),
    pytest.param(dict(ranks=(1,)), dict(ranks=(2,), shield=True), {"equal_saves": True},
                 {(0, 0): F(4, 9), (1, 0): F(5, 9)}, id="shield-wall-alt-equal-saves"),
    # 2 sword hits at 2/3 vs D3 shield: r=1 saves one, r=2 both.
    pytest.param(dict(ranks=(2,)), dict(ranks=(3,), shield=True), {},
                 {(0, 0): F(1, 3), (1, 0): F(10, 27), (2, 0): F(8, 27)}, id="shield-wall-saves-up-to-roll"),
    pytest.param(dict(ranks=(1,)), dict(ranks=(2,), shield=True, mounted=True), {},
                 {(0, 0): F(1, 6), (1, 0): F(5, 6)}, id="no-shield-wall-for-cavalry"),
    pytest.param(dict(ranks=(1,)), dict(ranks=(2, 2), shield=True, flanked=True), {},
                 {(0, 0): F(1, 6), (1, 0): F(5, 6)}, id="no-shield-wall-in-the-flank"),
    # Armour: a hit rolled as 6 is turned away.
    pytest.param(dict(ranks=(1,)), dict(ranks=(1, 1), armour=True), {},
                 {(0, 0): F(1, 3), (1, 0): F(2, 3)}, id="armour-cancels-sixes"),
    pytest.param(dict(ranks=(1, 1), weapon="shooter"), dict(ranks=(5,), armour=True), {},
                 {(0, 0): F(1, 3), (1, 0): F(2, 3)}, id="armour-useless-against-below-rules"),
    # Horse armour: a hit rolled as 1 is turned away.
    pytest.param(dict(ranks=(1,), weapon="shooter"), dict(ranks=(3,), mounted=True, horse_armour=True), {},
                 {(0, 0): F(5, 6), (1, 0): F(1, 6)}, id="horse-armour-cancels-ones"),
    pytest.param(dict(ranks=(1,)), dict(ranks=(3,), mounted=True, horse_armour=True), {},
                 {(0, 0): F(1, 6), (1, 0): F(5, 6)}, id="horse-armour-useless-against-above-rules"),
    # Terrifying: one more disordered per kill, never more than the formed warriors.
    pytest.param(dict(ranks=(1,), terrifying=True), dict(ranks=(2, 2)), {},
                 {(0, 0): F(1, 6), (1, 1): F(5, 6)}, id="terrifying"),
    pytest.param(dict(ranks=(1,), terrifying=True), dict(ranks=(1,)), {},
                 {(0, 0): F(1, 6), (1, 0): F(5, 6)}, id="terrifying-capped"),
    pytest.param(dict(ranks=(1,), weapon="two-handed", terrifying=True), dict(ranks=(2, 2), armour=True), {},
                 {(0, 0): F(1, 6), (1, 1): F(2, 3), (0, 1): F(1, 6)}, id="terrifying-counts-kills-only"),
    # Flank: hit numbers keep the frontal density (index reading) or use the depth (alt).
    pytest.param(dict(ranks=(1,), weapon="shooter"), dict(ranks=(4, 4), flanked=True), {},
                 {(0, 0): F(1, 2), (1, 0): F(1, 2)}, id="flank-shooter-frontal-density"),
    pytest.param(dict(ranks=(1,), weapon="shooter"), dict(ranks=(4, 4), flanked=True), {"flank_hits_use_depth": True},
                 {(0, 0): F(5, 6), (1, 0): F(1, 6)}, id="flank-shooter-alt-depth"),
    pytest.param(dict(ranks=(1,), weapon="lance", mounted=True), dict(ranks=(4, 4), flanked=True), {},
                 {(0, 0): F(2, 3), (1, 0): F(1, 3)}, id="flank-lance-frontal-density"),
    pytest.param(dict(ranks=(1,), weapon="lance", mounted=True), dict(ranks=(4, 4), flanked=True),
                 {"flank_hits_use_depth": True}, {(0, 0): F(1, 3), (1, 0): F(2, 3)}, id="flank-lance-alt-depth"),
    # Javelins in melee: not armour-piercing (index reading); piercing under the alternative.
    pytest.param(dict(ranks=(1, 1), weapon="shooter", javelins=True), dict(ranks=(3,), shield=True), {},
                 {(0, 0): F(7, 9), (1, 0): F(2, 9)}, id="javelins-saved-is-safe"),
    pytest.param(dict(ranks=(1, 1), weapon="shooter", javelins=True), dict(ranks=(3,), shield=True),
                 {"javelins_pierce_in_melee": True}, {(0, 0): F(2, 3), (0, 1): F(1, 9), (1, 0): F(2, 9)},
                 id="javelins-alt-pierce"),
]


@pytest.mark.parametrize(("a", "b", "rules", "expected"), HAND_CASES)
def test_hand_case_inflicted(a, b, rules, expected):
    assert sum(expected.values()) == 1, "the hand computation itself must add up"
    got = law(inflicted(build(a, "A"), build(b, "B"), MeleeRules(**rules)))
    assert got == expected


def registry_params(a: dict, b: dict, rules: dict) -> dict[str, Any]:
    p: dict[str, Any] = {}
    for x, spec in (("a", a), ("b", b)):
        p[f"{x}_ranks"] = spec["ranks"]
        p[f"{x}_weapon"] = spec.get("weapon", "sword")
        for k in ("mounted", "shield", "armour", "horse_armour", "veteran", "horse_strike", "terrifying",
                  "javelins"):
            if spec.get(k):
                p[f"{x}_{k}"] = True
    assert not a.get("flanked")
    p["b_flanked"] = bool(b.get("flanked"))
    p.update(rules)
    return p


@pytest.mark.parametrize(("a", "b", "rules", "expected"), HAND_CASES)
def test_hand_case_through_the_registry(a, b, rules, expected):
    out = get("melee").evaluate(**registry_params(a, b, rules))
    assert law(out.dist(Law.b_killed)) == marginal(expected, 0)
    assert law(out.dist(Law.b_disordered)) == marginal(expected, 1)
    assert out.event(Event.a_wins) + out.event(Event.b_wins) + out.event(Event.continue_) == 1


@pytest.mark.parametrize("weapon", ["pike", "halberd-spear", "halberd-axe", "two-handed"])
def test_two_handed_users_have_no_shield_wall(weapon):
    b = side((2,), weapon, shield=True)
    assert not b.can_shield_wall()
    assert law(inflicted(side((1,)), b, R)) == {(0, 0): F(1, 6), (1, 0): F(5, 6)}
    # ... but the same unit with spears (one-handed) keeps it: 5/6 · 5/6 killed.
    assert law(inflicted(side((1,)), side((2,), "spear", shield=True), R))[(1, 0)] == F(25, 36)


def test_variant_mechanics_fix_their_weapon():
    lance = get("AOT-MELEE-HIT-LANCE")
    out = lance.evaluate(a_ranks=(1,), b_ranks=(3,))
    assert law(out.dist(Law.b_killed)) == {0: F(1, 2), 1: F(1, 2)}
    with pytest.raises(ParamError):
        lance.evaluate(a_weapon="sword")
    armour = get("AOT-MELEE-ARMOUR").evaluate(a_ranks=(1,), b_ranks=(1, 1), a_weapon="two-handed")
    assert law(armour.dist(Law.b_disordered)) == {0: F(5, 6), 1: F(1, 6)}


# --- protect(): armour, shield wall, the order of the two --------------------------------------

H = HitVector  # (plain 6, plain, piercing 6, piercing, horse)


class TestProtect:
    B = side((3,), shield=True, armour=True)  # shield saves on 1 or 2

    def test_armour_first_then_shield_on_the_rest(self):
        assert protect(H(1, 0, 0, 1, 0), 1, self.B, R) == (0, 1, 2)  # armour takes the 6, shield the piercing hit
        assert protect(H(1, 0, 0, 1, 0), 1, self.B, MeleeRules(armour_first=False)) == (1, 0, 1)

    def test_shield_saves_plain_hits_before_piercing_ones(self):
        assert protect(H(0, 2, 0, 1, 0), 2, self.B, R) == (1, 0, 2)
        assert protect(H(0, 1, 0, 2, 0), 2, self.B, R) == (1, 1, 2)

    def test_failed_shield_roll_saves_nothing(self):
        assert protect(H(0, 2, 0, 0, 0), 3, self.B, R) == (2, 0, 0)
        assert protect(H(0, 2, 0, 0, 0), None, self.B, R) == (2, 0, 0)

    def test_horse_hits_ignore_both(self):
        assert protect(H(0, 0, 0, 0, 2), 2, self.B, R) == (2, 0, 0)
        assert protect(H(2, 0, 0, 0, 1), 2, self.B, R) == (1, 0, 2)

    def test_armour_saved_piercing_sixes_are_disordered(self):
        assert protect(H(0, 0, 2, 0, 0), None, self.B, R) == (0, 2, 2)
        assert protect(H(0, 0, 2, 0, 0), None, side((3,), shield=True), R) == (2, 0, 0)

    def test_hit_vectors_add_field_by_field(self):
        assert H(1, 0, 2, 0, 1) + H(0, 3, 1, 1, 0) == H(1, 3, 3, 1, 1)
        assert H(1, 2, 3, 4, 5) + NO_HITS == H(1, 2, 3, 4, 5)
        assert NO_HITS == H(0, 0, 0, 0, 0)


def test_shield_first_reading_can_waste_the_shield_on_a_six_one_weapon():
    # A: two swords at density 2 hit on 3-6.  B: D3 with shield and armour, so the shield saves on 1-2.
    # Only (one six + one other hit, shield roll 1) differs: armour first stops the six and the shield the
    # other (nobody dies); shield first spends the 1 on the six and the other hit kills.
    # P = 2·(1/6)(3/6) · 1/6 = 1/36.
    a = side((2,), "sword")
    b = side((3,), shield=True, armour=True)
    first = law(inflicted(a, b, R))
    second = law(inflicted(a, b, MeleeRules(armour_first=False)))
    diff = {k: first.get(k, 0) - second.get(k, 0) for k in set(first) | set(second)}
    assert {k: v for k, v in diff.items() if v} == {(0, 0): F(1, 36), (1, 0): F(-1, 36)}


def test_shield_first_reading_with_mixed_plain_and_piercing_hits():
    # Front: a sword and a two-handed sword at density 2 (both hit on 3-6); B: D3, shield and armour.
    # With the shield roll 1: (sword 6, two-handed 3-5) → armour first (0 k, 1 d), shield first (1 k, 0 d);
    # (sword 3-5, two-handed 6) → armour first (0 k, 1 d), shield first (1 k, 1 d).  Each has P = 1/72.
    a = Side(Unit("A", (2,), mix=((W.SWORD, 1), (W.TWO_HANDED, 1))))
    b = side((3,), shield=True, armour=True)
    first = law(inflicted(a, b, R))
    second = law(inflicted(a, b, MeleeRules(armour_first=False)))
    diff = {k: first.get(k, 0) - second.get(k, 0) for k in set(first) | set(second)}
    assert {k: v for k, v in diff.items() if v} == {(0, 1): F(1, 36), (1, 0): F(-1, 72), (1, 1): F(-1, 72)}


@pytest.mark.parametrize("weapon", ["sword", "two-handed", "halberd-axe", "spear"])
def test_order_of_armour_and_shield_is_irrelevant_without_armour(weapon):
    a = side((2,), weapon)
    b = side((3,), shield=True)
    assert inflicted(a, b, R) == inflicted(a, b, MeleeRules(armour_first=False))


# --- an independent brute-force oracle ---------------------------------------------------------

PIERCING = {"halberd-axe", "two-handed", "lance"}
TWO_HANDED = {"pike", "halberd-spear", "halberd-axe", "two-handed"}


def oracle(att: Side, dfn: Side, rules: MeleeRules) -> dict[tuple[int, int], F]:
    """Enumerate every strike die and the shield die, applying the index's rules directly."""
    u, v = att.unit, dfn.unit
    own = u.density
    enemy = v.depth if (rules.flank_hits_use_depth and dfn.flanked) else v.density
    dice: list[str] = []
    if not att.flanked:
        for w, n in u.front:
            dice += [w.value] * n
        if any(w.value == "pike" for w, _ in u.front) and len(u.ranks) == 2 and u.ranks[1] >= u.ranks[0]:
            dice += ["pike"] * (u.ranks[1] if rules.pike_extra_per_rank else 1)
        if att.horse_strike and not v.mounted:
            dice += ["horse"] * u.ranks[0]

    def lt(f: int, x: int) -> bool:
        return f <= x if u.veteran else f < x

    def gt(f: int, x: int) -> bool:
        return f >= x if u.veteran else f > x

    def hits(kind: str, f: int) -> bool:
        if kind in ("horse", "lance"):
            return gt(f, enemy)
        if kind == "shooter":
            return lt(f, enemy)
        if kind in ("spear", "pike", "halberd-spear") or (kind == "halberd-axe"
                                                          and not rules.halberd_axe_as_specialist):
            return lt(f, own)
        return gt(f, own)

    def pierces(kind: str) -> bool:
        return kind in PIERCING or (kind == "shooter" and u.missile is Missile.JAVELIN
                                    and rules.javelins_pierce_in_melee)

    shield_ok = (v.shield and not v.mounted and not dfn.flanked
                 and not any(w.value in TWO_HANDED and n for w, n in v.front))
    rolls: list[int | None] = list(range(1, 7)) if shield_ok else [None]
    weight = F(1, 6 ** len(dice) * len(rolls))
    out: Counter = Counter()
    for faces in itertools.product(range(1, 7), repeat=len(dice)):
        landed = [(k, f) for k, f in zip(dice, faces, strict=True) if hits(k, f)]
        for r in rolls:
            killed = dis = 0
            left: list[bool] = []
            for k, f in landed:
                if k == "horse":
                    killed += 1
                elif v.horse_armour and f == 1:
                    pass
                elif v.armour and f == 6:
                    dis += pierces(k)
                else:
                    left.append(pierces(k))
            cap = 0
            if r is not None and (r <= v.density if (v.veteran or rules.equal_saves) else r < v.density):
                cap = r
            for i, p in enumerate(sorted(left)):  # plain hits (False) first: the owner's best choice
                if i < cap:
                    dis += p
                else:
                    killed += 1
            if u.terrifying:
                dis += killed
            killed = min(killed, v.formed)
            dis = min(dis, v.formed - killed)
            out[(killed, dis)] += weight
    return {k: p for k, p in out.items() if p}


def oracle_configs(n: int, seed: int) -> list[tuple[Side, Side, MeleeRules]]:
    rng = random.Random(seed)
    foot_w = ["shooter", "spear", "pike", "halberd-spear", "halberd-axe", "sword", "two-handed"]
    cav_w = ["lance", "sword", "shooter"]
    out = []
    while len(out) < n:
        if rng.random() < 0.3:
            a = side(rng.choice([(1,), (2,)]), rng.choice(cav_w), "A", mounted=True,
                     veteran=rng.random() < 0.3, horse_strike=rng.random() < 0.5, terrifying=rng.random() < 0.2)
        else:
            a = side(rng.choice([(1,), (2,), (1, 2), (2, 2), (1, 4), (3,)]), rng.choice(foot_w), "A",
                     veteran=rng.random() < 0.3, terrifying=rng.random() < 0.2, javelins=rng.random() < 0.3)
        if rng.random() < 0.3:
            b = side(rng.choice([(1,), (2,), (4,)]), rng.choice(cav_w), "B", mounted=True,
                     armour=rng.random() < 0.5, horse_armour=rng.random() < 0.5)
        else:
            b = side(rng.choice([(1,), (2,), (3,), (1, 1), (4, 4), (5, 5)]), rng.choice(["sword", "spear", "pike"]),
                     "B", shield=rng.random() < 0.6, armour=rng.random() < 0.5, veteran=rng.random() < 0.3,
                     flanked=rng.random() < 0.2)
        rules = MeleeRules(equal_saves=rng.random() < 0.2, pike_extra_per_rank=rng.random() < 0.2,
                           halberd_axe_as_specialist=rng.random() < 0.8, flank_hits_use_depth=rng.random() < 0.3,
                           javelins_pierce_in_melee=rng.random() < 0.3)
        n_dice = sum(g.count for g in strike_groups(a, b, rules))
        if n_dice <= 4:
            out.append((a, b, rules))
    return out


@pytest.mark.parametrize(("a", "b", "rules"), oracle_configs(160, 20240531))
def test_inflicted_matches_brute_force_oracle(a, b, rules):
    assert law(inflicted(a, b, rules)) == oracle(a, b, rules)


# --- melee results (AOT-MELEE-RESULT, AOT-MELEE-FLANK, AOT-DEMO-EARN) ----------------------------

def results(a: Side, b: Side, rules: MeleeRules = R) -> dict[str, F]:
    return law(melee_exact(a, b, rules).map(lambda t: t[4]))


def test_single_swordsmen_duel():
    # Each hits on 2-6 and kills the other's only warrior; both dead → 0 against 0 → the fight continues.
    assert results(side((1,)), side((1,))) == {"a-wins": F(5, 36), "b-wins": F(5, 36), "continue": F(26, 36)}


def test_result_compares_the_longest_rank_after_losses():
    # Sword 3+3 vs sword 3: both throw 3 dice hitting on 4-6.  A: 3+3 → 2+3 (D3) → 2+2 (D2) → 1+2 (D2).
    # P(dA=3) = P(dA=2) = 1/2; dB = 3 − losses.  A wins 7/16 + 1/4; continue 1/16 + 3/16; B wins 1/16.
    a, b = side((3, 3)), side((3,))
    assert results(a, b) == {"a-wins": F(11, 16), "continue": F(1, 4), "b-wins": F(1, 16)}
    out = get("melee").evaluate(a_ranks=(3, 3), b_ranks=(3,), a_weapon="sword", b_weapon="sword")
    assert out.events == {"a_wins": F(11, 16), "continue": F(1, 4), "b_wins": F(1, 16)}
    assert law(out.dist(Law.dp_a)) == {0: F(5, 16), 3: F(11, 16)}  # B's starting density
    assert law(out.dist(Law.dp_b)) == {0: F(15, 16), 3: F(1, 16)}  # A's starting density


def test_disordered_warriors_leave_the_ranks_for_the_result():
    # Two-handed 1 vs armoured sword 1: any hit (2-6) removes B's only formed warrior, killed or disordered.
    a, b = side((1,), "two-handed"), side((1,), armour=True)
    j = melee_exact(a, b)
    assert j.prob(lambda t: t[3] == 1) == F(1, 6)  # the six, armour → disordered
    assert j.prob(lambda t: t[2] + t[3] == 1) == F(5, 6)
    assert results(a, b) == {"a-wins": F(5, 36), "b-wins": F(5, 36), "continue": F(26, 36)}


class TestFlank:
    def test_flanked_side_inflicts_nothing_and_loses_to_depth(self):
        # A 3+3 swords in B's flank: B strikes nothing; B's depth 2 < A's density 3 whatever happens.
        a, b = side((3, 3), "sword"), side((4, 4), "spear", shield=True, flanked=True)
        j = melee_exact(a, b)
        assert law(j.map(lambda t: (t[0], t[1]))) == {(0, 0): F(1)}
        assert law(j.map(lambda t: t[2])) == binom(3, F(1, 2))  # no shield wall in the flank
        assert results(a, b) == {"a-wins": F(1)}
        assert winner_dp(MeleeResult.A_WINS, a, b) == (4, 0)  # the loser's (frontal) density at the start

    def test_equal_depth_continues(self):
        # A density 2 vs B's depth 2: losing up to 2 from 4+4 leaves two ranks, so always a draw.
        assert results(side((2,)), side((4, 4), flanked=True)) == {"continue": F(1)}

    def test_depth_after_losses(self):
        # B 1+1 flanked: depth 2 > A's 1 unless A's one die (2-6) empties a rank: 1+1 → 0+1, depth 1.
        assert results(side((1,)), side((1, 1), flanked=True)) == {"continue": F(5, 6), "b-wins": F(1, 6)}

    def test_compared_uses_depth_only_when_flanked(self):
        assert density_after((4, 4), 3) == 3  # 4+4 → 3+4 → 3+3 → 2+3: the longest rank is 3
        assert density_after((4, 4), 3, flank=True) == 2
        assert density_after((4, 1), 1, flank=True) == 2
        assert density_after((1, 1), 1, flank=True) == 1

    def test_registry_flank_variant(self):
        out = get("AOT-MELEE-FLANK").evaluate(a_ranks=(3, 3), b_ranks=(4, 4))
        assert out.event(Event.a_wins) == 1
        assert law(out.dist(Law.a_killed)) == {0: F(1)}


def test_dp_goes_to_the_winner_only():
    a, b = side((2, 2)), side((3,))
    assert winner_dp(MeleeResult.A_WINS, a, b) == (3, 0)
    assert winner_dp(MeleeResult.B_WINS, a, b) == (0, 2)
    assert winner_dp(MeleeResult.CONTINUE, a, b) == (0, 0)


def test_melee_results_are_codes_shown_by_the_words_players_read():
    assert [str(r) for r in MeleeResult] == ["a-wins", "continue", "b-wins"]
    assert [text(label(r), "en") for r in MeleeResult] == ["A wins", "continue", "B wins"]
    assert MeleeResult("a-wins") is MeleeResult.A_WINS and MeleeResult.B_WINS == "b-wins"
    assert MeleeResult("A wins") is MeleeResult.A_WINS  # a value written before the codes still means its member


class TestStakes:
    def test_cavalry_losses_to_stakes_are_killed(self):
        # Stakes test for the 2 riders: a 1 (< 2) kills one.  Then B's two shooters hit A on < A's density:
        # against 2 riders on a 1 (1/6 each), against 1 rider never.
        out = get("AOT-STAKES").evaluate(a_ranks=(2,), a_weapon="lance", b_ranks=(2, 2), b_weapon="shooter")
        assert law(out.dist(Law.a_killed)) == {0: F(125, 216), 1: F(86, 216), 2: F(5, 216)}
        assert law(out.dist(Law.a_disordered)) == {0: F(1)}

    def test_foot_crossing_stakes_are_disordered(self):
        # Foot 2+2 test on D2: a 1 disorders one.  B's swords never disorder.
        out = get("melee").evaluate(a_ranks=(2, 2), a_weapon="sword", b_ranks=(4, 4), b_weapon="sword",
                                    b_stakes=True)
        assert law(out.dist(Law.a_disordered)) == {0: F(5, 6), 1: F(1, 6)}


# --- procedural face: scripted dice ----------------------------------------------------------------

def test_lance_six_against_armour_disorders_procedurally():
    a = side((1,), "lance", "riders", mounted=True)
    b = side((3,), "sword", "foot", armour=True)
    dice = FixedDice([6, 1, 1, 1])  # lance 6; B's three swords miss (need > 3); no shields anywhere
    rep = resolve_melee(a, b, dice)
    assert dice.exhausted()
    assert (rep.a_strikes.killed, rep.a_strikes.disordered) == (0, 1)
    assert rep.b_after.ranks == (2,) and rep.b_after.disordered == 1
    assert rep.result == "b-wins"  # 2 > 1
    assert rep.dp == 1


def test_horse_strike_procedurally_ignores_shield_and_armour():
    a = side((1,), "lance", "riders", mounted=True, horse_strike=True)
    b = side((3,), "spear", "foot", shield=True, armour=True)
    # lance 5 (hit), horse 6 (hit); B's shield 2 saves the lance hit → disordered; the horse hit kills.
    # B strikes with 3 spears at < 3: 3, 4, 5 all miss.
    dice = FixedDice([5, 6, 2, 3, 4, 5])
    rep = resolve_melee(a, b, dice)
    assert dice.exhausted()
    assert rep.a_strikes.shield_roll == 2
    assert (rep.a_strikes.killed, rep.a_strikes.disordered) == (1, 1)
    assert rep.b_strikes.shield_roll is None  # cavalry has no shield wall
    assert rep.result == "continue"  # B: 3 → 1; A still 1


def test_no_shield_roll_without_hits():
    dice = FixedDice([6, 6, 1, 1])  # A spears (D2) need 1; B swords (D2) need 3+
    rep = resolve_melee(side((2,), "spear", shield=True), side((2,), shield=True), dice)
    assert dice.exhausted()
    assert rep.a_strikes.shield_roll is None and rep.b_strikes.shield_roll is None
    assert rep.result == "continue"


# --- exact vs procedural ----------------------------------------------------------------------------

AGREEMENT = [
    pytest.param(side((3, 3), "sword", "A", shield=True, armour=True, terrifying=True),
                 side((4, 4), "halberd-axe", "B", armour=True), R, id="terrifying-sword-vs-halberd-axe"),
    pytest.param(side((3,), "lance", "A", mounted=True, horse_strike=True, horse_armour=True),
                 side((4, 4), "spear", "B", shield=True, armour=True, veteran=True), R, id="lancers-vs-veteran-spears"),
    pytest.param(side((2, 2), "pike", "A"), side((3, 3), "shooter", "B", shield=True, javelins=True),
                 MeleeRules(pike_extra_per_rank=True, javelins_pierce_in_melee=True), id="pikes-vs-javelins-alt"),
    pytest.param(side((3, 3), "two-handed", "A"), side((2, 2), "sword", "B", shield=True, flanked=True),
                 MeleeRules(equal_saves=True), id="flank-attack"),
]


@pytest.mark.parametrize("n", tiers(2_000, 20_000))
@pytest.mark.parametrize(("a", "b", "rules"), AGREEMENT)
def test_exact_and_procedural_agree(a, b, rules, n):
    dice = SeededDice(random.Random(7))
    seen: Counter = Counter()
    for _ in range(n):
        r = resolve_melee(a, b, dice, rules)
        seen[(r.b_strikes.killed, r.b_strikes.disordered, r.a_strikes.killed, r.a_strikes.disordered,
              r.result)] += 1
    exact = law(melee_exact(a, b, rules).map(lambda m: m[:5]))
    assert set(seen) <= set(exact), "the procedure produced an outcome the exact law says is impossible"
    for o, p in exact.items():
        sigma = math.sqrt(float(p * (1 - p)) / n)
        assert abs(seen[o] / n - float(p)) <= 5 * sigma + 1e-12, (o, seen[o] / n, float(p))


def test_registry_sampler_agrees_with_exact_on_the_result():
    m = get("melee")
    kw = dict(a_ranks=(2, 2), b_ranks=(3, 3), a_weapon="spear", b_weapon="sword", b_shield=True)
    exact = m.evaluate(**kw).events
    rng = random.Random(11)
    n = 4000
    counts: Counter = Counter()
    for _ in range(n):
        s = m.draw(rng, **kw)
        counts["a_wins"] += s["a_wins"]
        counts["b_wins"] += s["b_wins"]
        counts["continue"] += s["continue"]
        assert s["a_wins"] + s["b_wins"] + s["continue"] == 1
    for k in ("a_wins", "b_wins", "continue"):
        p = exact[k]
        assert abs(counts[k] / n - float(p)) <= 5 * math.sqrt(float(p * (1 - p)) / n) + 1e-12, k


# --- invariants ---------------------------------------------------------------------------------------

INVARIANT_SIDES = [
    (side((4, 4), "spear", "A", shield=True), side((3, 3), "sword", "B", shield=True, armour=True)),
    (side((5, 5), "pike", "A"), side((2, 2), "two-handed", "B", terrifying=True)),
    (side((4,), "lance", "A", mounted=True, horse_strike=True, terrifying=True), side((2, 1), "shooter", "B")),
    (side((1,), "sword", "A", veteran=True, terrifying=True), side((3, 3), "halberd-axe", "B", flanked=True)),
    (side((3,), "sword", "A", mounted=True, horse_armour=True, armour=True), side((3,), "lance", "B", mounted=True)),
]


@pytest.mark.parametrize(("a", "b"), INVARIANT_SIDES)
def test_joint_law_is_a_probability_and_respects_formed_warriors(a, b):
    j = melee_exact(a, b)
    assert j.total() == 1
    assert sum(p for _, p in j.items()) == 1
    res = law(j.map(lambda t: t[4]))
    assert set(res) <= {"a-wins", "b-wins", "continue"}
    assert sum(res.values()) == 1
    for ak, ad, bk, bd, *_ in j:
        assert min(ak, ad, bk, bd) >= 0
        assert ak + ad <= a.unit.formed
        assert bk + bd <= b.unit.formed


@pytest.mark.parametrize(("a", "b"), INVARIANT_SIDES)
def test_non_piercing_non_terrifying_attackers_never_disorder(a, b):
    plain = all(not w.armour_piercing for w, _ in a.unit.front) and not a.unit.terrifying
    if plain:
        assert law(inflicted(a, b, R).map(lambda kd: kd[1])) == {0: F(1)}
    else:
        assert inflicted(a, b, R).prob(lambda kd: kd[1] > 0) > 0


# --- the played melee's event log ---------------------------------------------------------------------------

def expected_kinds(rep: MeleeReport) -> list[type]:
    """The event types resolve_melee logs, in order: each side's strike dice and Hits, the defender's shield die
    and ShieldWall (only when it rolls one), its Losses; then Compared, and Retreat + DPEarned for a decision."""
    kinds: list[type] = []
    for s in (rep.a_strikes, rep.b_strikes):
        kinds += [Roll] * len(s.dice) + [Hits]
        if s.shield_roll is not None:
            kinds += [Roll, ShieldWall]
        kinds.append(Losses)
    kinds.append(Compared)
    if rep.result != MeleeResult.CONTINUE:
        kinds += [Retreat, DPEarned]
    return kinds


def check_log(a: Side, b: Side, rep: MeleeReport, log: list) -> None:
    """The typed events of one played melee say what its MeleeReport says."""
    assert [type(e) for e in log] == expected_kinds(rep)

    def of(kind: type) -> list:
        return [e for e in log if isinstance(e, kind)]

    strikes = ((rep.a_strikes, a, b), (rep.b_strikes, b, a))
    faces = [f for s, _, _ in strikes for f in [*(f for f, _ in s.dice), s.shield_roll] if f is not None]
    assert [r.face for r in of(Roll)] == faces
    strike_rolls = [r for r in of(Roll) if not str(r.purpose).endswith("shield wall")]
    assert [r.effect is DieEffect.HIT for r in strike_rolls] == [hit for s, _, _ in strikes for _, hit in s.dice]
    assert [(h.by, h.faces) for h in of(Hits)] == [(att.name, s.dice) for s, att, _ in strikes]
    assert [(w.unit, w.roll, w.saved) for w in of(ShieldWall)] == [
        (dfn.name, s.shield_roll, s.saved) for s, _, dfn in strikes if s.shield_roll is not None]
    assert [(e.before, e.killed, e.disordered, e.after) for e in of(Losses)] == [
        (b.unit, rep.a_strikes.killed, rep.a_strikes.disordered, rep.b_after),
        (a.unit, rep.b_strikes.killed, rep.b_strikes.disordered, rep.a_after)]
    assert (rep.a_strikes.after, rep.b_strikes.after) == (rep.b_after, rep.a_after)
    assert rep.b_after == b.unit.take_losses(rep.a_strikes.killed, rep.a_strikes.disordered)
    assert rep.a_after == a.unit.take_losses(rep.b_strikes.killed, rep.b_strikes.disordered)
    (cmp,) = of(Compared)
    assert (cmp.first, cmp.second) == (a.name, b.name)
    assert cmp.first_density == (rep.a_after.depth if a.flanked else rep.a_after.density)
    assert cmp.second_density == (rep.b_after.depth if b.flanked else rep.b_after.density)
    d1, d2 = cmp.first_density, cmp.second_density
    assert cmp.verdict is (Verdict.FIRST if d1 > d2 else Verdict.SECOND if d2 > d1 else Verdict.CONTINUE)
    assert cmp.verdict is {MeleeResult.A_WINS: Verdict.FIRST, MeleeResult.B_WINS: Verdict.SECOND,
                           MeleeResult.CONTINUE: Verdict.CONTINUE}[rep.result]
    if rep.result == MeleeResult.CONTINUE:
        assert rep.dp == 0 and not of(Retreat) and not of(DPEarned)
    else:
        winner, loser = (a, b) if rep.result == MeleeResult.A_WINS else (b, a)
        assert of(Retreat) == [Retreat(loser.name)]
        assert of(DPEarned) == [DPEarned(winner.name, loser.unit.density)]
        assert rep.dp == loser.unit.density


class TestMeleeLog:
    def test_gauls_example_logs_every_step(self):
        dice = FixedDice(TestExampleGaulsJavelinmen.DICE)
        a, b = javelinmen(), gauls()
        rep = resolve_melee(a, b, dice)
        check_log(a, b, rep, dice.log)
        assert [e for e in dice.log if not isinstance(e, Roll)] == [
            Hits("javelinmen", ((2, True), (5, False))),
            ShieldWall("Gauls", 1, (1, 2), 1),  # D3: saves on 1, 2; the roll of 1 turns one hit away
            Losses(b.unit, 0, 0, b.unit),
            Hits("Gauls", ((1, False), (4, True), (5, True))),
            ShieldWall("javelinmen", 3, (1,), 0),  # D2: saves on 1 only
            Losses(a.unit, 2, 0, rep.a_after),
            Compared("javelinmen", "Gauls", 1, 3, Verdict.SECOND),
            Retreat("javelinmen"),
            DPEarned("Gauls", 2),
        ]
        H_, N_, S_ = DieEffect.HIT, DieEffect.NONE, DieEffect.SAVE
        assert [r.effect for r in dice.log if isinstance(r, Roll)] == [H_, N_, S_, N_, H_, H_, N_]
        steps = narrate(dice.log)
        assert "Gauls' side gains 2 DP." in steps
        assert any("javelinmen fall back" in s for s in steps)

    def test_no_shield_wall_event_without_a_shield_die_and_no_retreat_on_a_draw(self):
        a, b = side((2,), "spear", "A", shield=True), side((2,), "sword", "B", shield=True)
        dice = FixedDice([6, 6, 1, 1])  # as test_no_shield_roll_without_hits: nobody hits
        rep = resolve_melee(a, b, dice)
        check_log(a, b, rep, dice.log)
        assert not any(isinstance(e, (ShieldWall, Retreat, DPEarned)) for e in dice.log)
        (cmp,) = [e for e in dice.log if isinstance(e, Compared)]
        assert (cmp.first_density, cmp.second_density, cmp.verdict) == (2, 2, Verdict.CONTINUE)

    def test_horse_strike_dice_are_logged_with_the_riders_hits(self):
        a = side((1,), "lance", "riders", mounted=True, horse_strike=True)
        b = side((3,), "spear", "foot", shield=True, armour=True)
        dice = FixedDice([5, 6, 2, 3, 4, 5])  # as test_horse_strike_procedurally_ignores_shield_and_armour
        rep = resolve_melee(a, b, dice)
        check_log(a, b, rep, dice.log)
        hits = [e for e in dice.log if isinstance(e, Hits)]
        assert hits[0] == Hits("riders", ((5, True), (6, True))) and hits[0].count == 2
        assert [e for e in dice.log if isinstance(e, ShieldWall)] == [ShieldWall("foot", 2, (1, 2), 1, left=1)]

    @pytest.mark.parametrize(("a", "b", "rules"), [
        *AGREEMENT, *(pytest.param(a, b, R, id=f"invariant-{i}") for i, (a, b) in enumerate(INVARIANT_SIDES))])
    def test_seeded_fights_log_what_the_report_says(self, a, b, rules):
        rng = random.Random(5)
        seen: set[MeleeResult] = set()
        shield_walls = 0
        for _ in range(300):
            dice = SeededDice(rng)
            rep = resolve_melee(a, b, dice, rules)
            check_log(a, b, rep, dice.log)
            seen.add(rep.result)
            shield_walls += any(isinstance(e, ShieldWall) for e in dice.log)
        assert seen & {MeleeResult.A_WINS, MeleeResult.B_WINS}, "no decisive fight: Retreat/DPEarned went unchecked"
        if b.can_shield_wall() or a.can_shield_wall():
            assert shield_walls, "a shield wall that never rolled: ShieldWall went unchecked"


# --- two against one (AOT-MELEE-ENGAGE) ----------------------------------------------------------------

class TestTwoVsOne:
    def test_law_sums_to_one(self):
        a1, a2 = side((3, 3), "sword", "A1"), side((2, 2), "spear", "A2")
        b = side((4, 4), "spear", "B", shield=True)
        for n in range(5):
            j = evaluate(two_vs_one(a1, a2, b, n))
            assert j.total() == 1
            for t in j:
                assert t[0] + t[1] <= 6 and t[2] + t[3] <= 4 and t[4] + t[5] <= 8

    def test_all_dice_on_the_first_leaves_the_second_unhurt(self):
        a1, a2 = side((3, 3), "sword", "A1"), side((2, 2), "spear", "A2")
        b = side((4, 4), "spear", "B", shield=True)
        j = evaluate(two_vs_one(a1, a2, b, 4))
        assert law(j.map(lambda t: (t[2], t[3]))) == {(0, 0): F(1)}
        assert law(j.map(lambda t: (t[0], t[1]))) == law(inflicted(b, a1, R))

    def test_one_shield_roll_covers_both_attackers(self):
        # A1, A2: one sword each (5/6); pooled hits 0/1/2 with 1/36, 10/36, 25/36; B's D3 shield saves r ∈ {1, 2}.
        a1, a2 = side((1,), "sword", "A1"), side((1,), "sword", "A2")
        b = side((3,), "spear", "B", shield=True)
        j = evaluate(two_vs_one(a1, a2, b, 2))
        assert law(j.map(lambda t: t[4])) == {0: F(51, 216), 1: F(65, 216), 2: F(100, 216)}

    def test_split_dice(self):
        b = Side(Unit("B", (4, 4), mix=((W.SPEAR, 3), (W.SWORD, 1))))
        b1, b2 = split_dice(b, 2)
        assert b1.strikers == ((W.SPEAR, 2),) and b2.strikers == ((W.SPEAR, 1), (W.SWORD, 1))
        assert b1.unit == b2.unit == b.unit  # densities and the pike rule keep B's own ranks
        a = side((3, 3), "sword", "A")
        assert dice_count(b1, a) == {"spear": 2} and dice_count(b2, a) == {"spear": 1, "sword": 1}
        with pytest.raises(RuleError) as e:
            split_dice(b, 5)
        assert e.value.rule_id == "AOT-MELEE-ENGAGE"

    def test_registry_two_vs_one(self):
        out = get("two-vs-one").evaluate()
        assert out.dist(Law.b_killed).total() == 1
        assert out.info["b_dice_on_a1"] == 2

    def test_pike_extra_die_counted_once_when_split(self):
        # B pikes 2+2: 2 front dice + 1 extra, each hitting on 1.  P(no A is hit) = (5/6)^3.
        a1, a2 = side((1,), "sword", "A1"), side((1,), "sword", "A2")
        j = evaluate(two_vs_one(a1, a2, side((2, 2), "pike", "B"), 1))
        assert j.prob(lambda t: t[0] + t[1] + t[2] + t[3] == 0) == F(125, 216)

    def test_no_dice_on_the_first_leaves_it_unhurt_even_with_horse_strikes(self):
        a1, a2 = side((1,), "sword", "A1"), side((1,), "sword", "A2")
        b = side((2,), "sword", "B", mounted=True, horse_strike=True)
        j = evaluate(two_vs_one(a1, a2, b, 0))
        assert law(j.map(lambda t: (t[0], t[1]))) == {(0, 0): F(1)}

    def test_terrifying_attackers_are_refused_rather_than_misattributed(self):
        # With one pooled shield roll the engine cannot tell whose kills terrify, so it refuses.
        a1 = side((1,), "shooter", "A1", terrifying=True)
        a2 = side((1,), "sword", "A2")
        with pytest.raises(RuleError) as e:
            evaluate(two_vs_one(a1, a2, side((1, 1), "sword", "B"), 1))
        assert e.value.rule_id == "AOT-TERRIFYING"


# --- what a unit may be, what a fight asks of it, and immutability ----------------------------------------

UNIT_REFUSALS = [
    pytest.param(dict(ranks=(2,), weapon=W.LANCE), "AOT-MELEE-HIT-LANCE", id="lance-on-foot"),
    pytest.param(dict(ranks=(2,), mix=((W.SWORD, 1), (W.LANCE, 1))), "AOT-MELEE-HIT-LANCE", id="lance-in-foot-mix"),
    pytest.param(dict(ranks=(2,), weapon=W.PIKE, mounted=True), "AOT-MELEE-CAV-OTHER", id="mounted-pike"),
    pytest.param(dict(ranks=(2,), weapon=W.SPEAR, mounted=True), "AOT-MELEE-CAV-OTHER", id="mounted-spear"),
    pytest.param(dict(ranks=(2,), weapon=W.TWO_HANDED, mounted=True), "AOT-MELEE-CAV-OTHER", id="mounted-two-handed"),
    pytest.param(dict(ranks=(2,), weapon=W.HALBERD_AXE, mounted=True), "AOT-MELEE-CAV-OTHER", id="mounted-halberd"),
    pytest.param(dict(ranks=(2,), mounted=True, mix=((W.SWORD, 1), (W.PIKE, 1))), "AOT-MELEE-CAV-OTHER",
                 id="pike-in-mounted-mix"),
    pytest.param(dict(ranks=(2, 2), recruit=True, veteran=True), "AOT-PROP-RECRUIT", id="recruit-veteran"),
    pytest.param(dict(ranks=(2, 2), recruit=True, stubborn=True), "AOT-PROP-RECRUIT", id="recruit-stubborn"),
    pytest.param(dict(ranks=(3, 3), mix=((W.SWORD, 2),)), "AOT-MELEE-STRIKES", id="mix-short-of-the-front"),
    pytest.param(dict(ranks=(3, 3), mix=((W.SWORD, 2), (W.SPEAR, 2))), "AOT-MELEE-STRIKES", id="mix-too-many"),
    pytest.param(dict(ranks=(3, 3), mix=((W.SWORD, 4), (W.SPEAR, -1))), "AOT-ARMY-MIXED-WEAPONS",
                 id="mix-negative-count"),
]


@pytest.mark.parametrize(("kw", "rule_id"), UNIT_REFUSALS)
def test_unit_refuses_illegal_weapons_and_properties(kw, rule_id):
    with pytest.raises(RuleError) as e:
        Unit("X", **kw)
    assert e.value.rule_id == rule_id
    # ... and a legal unit cannot be changed into one either: replace() runs the same checks.
    legal = Unit("X", ranks=kw["ranks"], mounted=kw.get("mounted", False))
    with pytest.raises(RuleError) as e:
        replace(legal, **{k: v for k, v in kw.items() if k not in ("ranks", "mounted")})
    assert e.value.rule_id == rule_id


@pytest.mark.parametrize(("make", "rule_id"), [
    (lambda: side((2, 2), "sword", horse_strike=True), "AOT-MELEE-HORSE-STRIKE"),
    (lambda: side((0,), "sword"), "AOT-PANIC"),
    (lambda: side((0, 0), "sword", stubborn=True), "AOT-PANIC"),
])
def test_side_check_refusals(make, rule_id):
    s = make()
    with pytest.raises(RuleError) as e:
        s.check()
    assert e.value.rule_id == rule_id
    with pytest.raises(RuleError) as e:
        melee_exact(s, side((2, 2), "sword", "other"))
    assert e.value.rule_id == rule_id
    with pytest.raises(RuleError) as e:
        resolve_melee(side((2, 2), "sword", "other"), s, FixedDice([1] * 20))
    assert e.value.rule_id == rule_id


def test_valid_sides_pass_the_check():
    for s in (side((2,), "lance", mounted=True, horse_strike=True), side((4, 4), "pike"),
              Side(Unit("X", (3, 3), mix=((W.SWORD, 2), (W.SPEAR, 1)))), side((2, 2), recruit=True),
              Side(Unit("X", (2,), mounted=True, mix=((W.LANCE, 1), (W.SHOOTER, 1))))):
        s.check()


def test_unit_front_is_the_mix_or_the_weapon_across_the_front_rank():
    assert Unit("X", (3, 2), weapon=W.SPEAR).front == ((W.SPEAR, 3),)
    assert Unit("X", (3, 3), weapon=W.SPEAR, mix=((W.SWORD, 2), (W.SHOOTER, 1))).front == ((W.SWORD, 2),
                                                                                          (W.SHOOTER, 1))


def test_take_losses_returns_a_new_side():
    s = Side(Unit("X", (3, 3), mix=((W.SPEAR, 2), (W.SWORD, 1)), terrifying=True))
    t = s.take_losses(1, 1)
    assert s.unit.ranks == (3, 3) and s.unit.disordered == 0
    assert s.unit.front == ((W.SPEAR, 2), (W.SWORD, 1))
    assert t is not s
    assert t.unit.ranks == (2, 2) and t.unit.disordered == 1
    assert t.unit.front == ((W.SPEAR, 2),)  # the last group is trimmed
    assert t.unit.terrifying
    t.check()
    u = s.take_losses(0, 3)  # 3+3 → 2+3 → 2+2 → 1+2
    assert u.unit.ranks == (1, 2) and sum(n for _, n in u.unit.front) == 1
    with pytest.raises(RuleError):
        s.take_losses(4, 3)
    assert s.unit.ranks == (3, 3)


def test_sides_are_frozen():
    s = side((2, 2))
    with pytest.raises(AttributeError):
        s.flanked = True  # type: ignore[misc]
    with pytest.raises(AttributeError):
        s.unit.ranks = (1, 1)  # type: ignore[misc]


def test_dice_group_is_plain_data():
    assert DiceGroup(W.PIKE, 1) == DiceGroup(W.PIKE, 1)
    assert W.LANCE.armour_piercing and W.TWO_HANDED.armour_piercing and W.HALBERD_AXE.armour_piercing
    assert not any(w.armour_piercing for w in (W.SHOOTER, W.SPEAR, W.PIKE, W.HALBERD_SPEAR, W.SWORD))
    assert {w for w in W if w.two_handed} == {W.PIKE, W.HALBERD_SPEAR, W.HALBERD_AXE, W.TWO_HANDED}
