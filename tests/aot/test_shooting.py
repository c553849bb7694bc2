"""Shooting (rules index section 1.9): worked examples, hand-checked odds for every rule,
and agreement of the exact face, the procedural face and an independent brute-force oracle.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction as F

import pytest
from oracle.shooting import is_hit as oracle_is_hit
from oracle.shooting import ref_remove, retreats_by_rule, volley_law

from aot_rules.aot.equipment import Missile
from aot_rules.aot.events import Compared, DPEarned, Hits, Losses, Retreat, ShieldWall, Verdict
from aot_rules.aot.mechanics.common import target_unit
from aot_rules.aot.rules.demoralization import dp_earned
from aot_rules.aot.rules.disorder import disorder_loss, disorder_test
from aot_rules.aot.rules.reactions import (
    Exchange,
    countercharge_exact,
    countercharge_success,
    exchange,
    exchange_firers,
    resolve_countercharge,
    resolve_exchange,
)
from aot_rules.aot.rules.shooting import (
    ShotConditions,
    compared_density,
    firers_for,
    firers_in_range,
    hit_density,
    hit_faces,
    hit_probability,
    hits_on_face,
    resolve_volley,
    retreats,
    roll_hits,
    save_limit,
    volley_losses,
)
from aot_rules.aot.units import Unit
from aot_rules.core.dice import FixedDice
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate
from aot_rules.core.events import DieEffect, Roll
from aot_rules.core.i18n import msg
from aot_rules.keys import Event, Law
from aot_rules.systems import get

BOW = ShotConditions()
SLING = ShotConditions(weapon=Missile.SLING)


def hoplites(**kw) -> Unit:
    """Greek hoplites: 8 warriors in two ranks of 4 (closed order), with shields."""
    return Unit(name="hoplites", ranks=(4, 4), shield=True, **kw)


def law(d: Dist) -> dict:
    return dict(d.items())


def killed_law(firers: int, target: Unit, cond: ShotConditions) -> dict:
    return law(volley_losses(firers, target, cond).map(lambda kd: kd[0]))


# --- AOT-EX-SLINGERS ------------------------------------------------------------------

class TestExampleSlingers:
    def test_range_gives_four_firers(self):
        assert firers_in_range(hoplites(), F(4), weapon=Missile.SLING) == 4
        assert firers_for(hoplites(), SLING, None, F(4), cover=False) == 4

    def test_dice_2_3_5_6_give_two_hits(self):
        target = Unit(name="hoplites", ranks=(4, 4))  # shields are the next example
        rep = resolve_volley(4, target, SLING, FixedDice([2, 3, 5, 6]))
        assert rep.hit_dice == (2, 3, 5, 6)
        assert rep.hit_on == "1, 2, 3"
        assert rep.hits == 2
        assert rep.save_roll is None and rep.saved == 0
        assert (rep.killed, rep.disordered) == (2, 0)
        assert rep.after.ranks == (3, 3)

    def test_derived_probability_of_exactly_two_hits(self):
        assert hit_probability(4, SLING, False) == F(1, 2)
        k = killed_law(4, Unit(ranks=(4, 4)), SLING)
        assert k[2] == F(3, 8)
        assert k == {0: F(1, 16), 1: F(1, 4), 2: F(3, 8), 3: F(1, 4), 4: F(1, 16)}


# --- AOT-EX-SHIELDWALL --------------------------------------------------------------------

class TestExampleShieldwall:
    def test_shield_roll_1_saves_one_and_one_dies(self):
        dice = FixedDice([2, 3, 5, 6, 1])
        rep = resolve_volley(4, hoplites(), SLING, dice)
        assert dice.exhausted()
        assert rep.hits == 2
        assert rep.save_roll == 1
        assert rep.saved == 1
        assert (rep.killed, rep.disordered) == (1, 0)
        assert rep.after.ranks == (3, 4)  # equal ranks: the loss comes off the first rank
        assert rep.after.density == 4
        assert rep.after.strength == 7

    def test_shield_roll_3_saves_everyone(self):
        rep = resolve_volley(4, hoplites(), SLING, FixedDice([2, 3, 5, 6, 3]))
        assert rep.save_roll == 3
        assert rep.saved == 2  # 3 saves, but only 2 hits to cancel
        assert rep.killed == 0
        assert rep.after.ranks == (4, 4)

    @pytest.mark.parametrize("roll", [4, 5, 6])
    def test_shield_roll_at_or_above_density_fails(self, roll):
        rep = resolve_volley(4, hoplites(), SLING, FixedDice([2, 3, 5, 6, roll]))
        assert rep.saved == 0 and rep.killed == 2
        assert rep.after.ranks == (3, 3)

    def test_no_hits_no_shield_roll(self):
        dice = FixedDice([4, 5, 6, 6])
        rep = resolve_volley(4, hoplites(), SLING, dice)
        assert dice.exhausted()
        assert rep.save_roll is None and rep.killed == 0

    def test_exact_odds_of_the_example(self):
        # 4 firers at D4 hoplites with shields: hits ~ Bin(4, 1/2); the shield die saves min(r, h) for r < 4.
        k = killed_law(4, hoplites(), SLING)
        expected = Counter()
        for h in range(5):
            ph = F(math.comb(4, h), 16)
            for r in range(1, 7):
                expected[h - (min(r, h) if r < 4 else 0)] += ph / 6
        assert k == {x: p for x, p in expected.items() if p}
        assert k[0] == F(1, 16) + F(1, 4) * F(1, 2) + F(3, 8) * F(1, 3) + F(1, 4) * F(1, 6)


# --- AOT-EX-FLANK-SHOOT ------------------------------------------------------------------

class TestExampleFlank:
    FLANK = ShotConditions(flank=True)

    def test_hits_on_1_2_3_against_front_density(self):
        rep = resolve_volley(4, hoplites(), self.FLANK, FixedDice([1, 2, 3, 4]))
        assert rep.hit_on == "1, 2, 3"
        assert rep.hits == 3

    def test_no_shield_roll_from_the_flank(self):
        dice = FixedDice([1, 2, 3, 4])  # no fifth die: a shield roll would run the script out
        rep = resolve_volley(4, hoplites(), self.FLANK, dice)
        assert dice.exhausted()
        assert rep.save_roll is None and rep.saved == 0
        assert rep.killed == 3
        assert save_limit(hoplites(), self.FLANK) is None
        assert save_limit(Unit(ranks=(2, 2), pavise=True), self.FLANK) is None

    def test_result_compares_depth_two(self):
        rep = resolve_volley(4, hoplites(), self.FLANK, FixedDice([1, 4, 5, 6]), shooter_density=3)
        assert rep.killed == 1 and rep.after.ranks == (3, 4)
        assert rep.compared == 2
        assert rep.retreat is True  # 3 > 2, although 3 < the front density 4
        assert rep.dp == 4  # DP = the target's density at the start (the front density)
        rep2 = resolve_volley(4, hoplites(), self.FLANK, FixedDice([1, 4, 5, 6]), shooter_density=2)
        assert rep2.compared == 2 and rep2.retreat is False

    def test_flank_ignores_shields_exactly(self):
        assert volley_losses(4, hoplites(), self.FLANK) == volley_losses(4, Unit(ranks=(4, 4)), BOW)
        assert volley_losses(3, Unit(ranks=(2, 2), pavise=True, veteran=True), self.FLANK) == \
            volley_losses(3, Unit(ranks=(2, 2)), BOW)

    def test_depth_after_a_rank_is_emptied(self):
        t = Unit(ranks=(1, 1))
        assert compared_density(t, 1, self.FLANK) == 1
        assert retreats(t, 1, 2, self.FLANK) is True
        assert retreats(Unit(ranks=(4, 4)), 2, 2, self.FLANK) is False

    def test_a_one_plus_one_unit_is_hit_against_its_depth_two(self):
        """AOT-SHOOT-FLANK (corrected entry): the hit roll uses max(frontal density, depth)."""
        t = Unit(ranks=(1, 1))
        assert (hit_density(t, self.FLANK), hit_density(t, BOW)) == (2, 1)
        assert hit_density(hoplites(), self.FLANK) == 4 and hit_density(Unit(ranks=(3,)), self.FLANK) == 3
        rep = resolve_volley(2, t, self.FLANK, FixedDice([1, 2]), shooter_density=2)
        assert rep.hit_on == "1" and rep.hits == 1
        assert rep.after.ranks == (0, 1)
        assert rep.compared == 1 and rep.retreat is True and rep.dp == 1
        assert resolve_volley(2, t, BOW, FixedDice([1, 2])).hits == 0  # frontally density 1: nothing hits
        assert killed_law(2, t, self.FLANK) == {0: F(25, 36), 1: F(10, 36), 2: F(1, 36)}
        assert killed_law(2, t, BOW) == {0: F(1)}
        assert killed_law(1, t, ShotConditions(flank=True, veteran=True)) == {0: F(2, 3), 1: F(1, 3)}
        out = get("AOT-SHOOT-FLANK").evaluate(firers=2, target_density=1, target_ranks="1,1", shooter_density=2)
        assert out.info["hit_on"].value == (1,) and out.info["hit_on"].render() == "1"
        assert law(out.dist(Law.killed)) == {0: F(25, 36), 1: F(10, 36), 2: F(1, 36)}
        assert out.event(Event.retreat) == F(11, 36)  # any loss leaves depth 1 (or 0) < 2


# --- AOT-SHOOT-HIT and AOT-PROP-VETERAN, AOT-WEATHER-WIND, AOT-SHOOT-HORSE-ARMOUR -----------------

NORMAL_P = [F(0), F(1, 6), F(1, 3), F(1, 2), F(2, 3)]
LE_P = [F(1, 6), F(1, 3), F(1, 2), F(2, 3), F(5, 6)]


@pytest.mark.parametrize("d", range(1, 6))
def test_hit_probabilities_from_the_index(d):
    assert hit_probability(d, BOW, False) == NORMAL_P[d - 1]
    assert hit_probability(d, ShotConditions(veteran=True), False) == LE_P[d - 1]
    assert hit_probability(d, ShotConditions(wind=True), False) == LE_P[d - 1]
    assert hit_probability(d, ShotConditions(veteran=True, wind=True), False) == LE_P[d - 1]
    # horse armour: an effective hit needs 2 <= roll < D (<= D for veterans or wind)
    assert hit_probability(d, BOW, True) == F(max(0, d - 2), 6)
    assert hit_probability(d, ShotConditions(veteran=True), True) == F(max(0, d - 1), 6)


@pytest.mark.parametrize("d", range(1, 6))
def test_hits_on_face_table(d):
    for face in range(1, 7):
        assert hits_on_face(face, d, at_or_below=False, horse_armour=False) == (face < d)
        assert hits_on_face(face, d, at_or_below=True, horse_armour=False) == (face <= d)
        assert hits_on_face(face, d, at_or_below=False, horse_armour=True) == (2 <= face < d)
        assert hits_on_face(face, d, at_or_below=True, horse_armour=True) == (2 <= face <= d)
    assert hit_faces(d, BOW, False) == list(range(1, d))
    assert hit_faces(d, ShotConditions(wind=True), True) == list(range(2, d + 1))


@pytest.mark.parametrize("cond", [ShotConditions(veteran=True), ShotConditions(wind=True)])
def test_veteran_and_downwind_hit_on_equal(cond):
    rep = resolve_volley(3, Unit(ranks=(4, 4)), cond, FixedDice([4, 4, 5]))
    assert rep.hits == 2 and rep.hit_on == "1, 2, 3, 4"
    assert resolve_volley(3, Unit(ranks=(4, 4)), BOW, FixedDice([4, 4, 5])).hits == 0
    # exact: Bin(3, 2/3) for veterans against D4
    assert killed_law(3, Unit(ranks=(4, 4)), cond) == {0: F(1, 27), 1: F(6, 27), 2: F(12, 27), 3: F(8, 27)}


def test_veteran_against_density_one_hits_on_one_only():
    assert killed_law(1, Unit(ranks=(1, 1)), ShotConditions(veteran=True)) == {0: F(5, 6), 1: F(1, 6)}
    assert killed_law(6, Unit(ranks=(1, 1)), BOW) == {0: F(1)}


class TestHorseArmour:
    def test_ones_are_cancelled(self):
        target = target_unit(4, horse_armour=True)
        assert target.mounted and target.ranks == (4,)
        rep = resolve_volley(4, target, BOW, FixedDice([1, 1, 2, 3]))
        assert rep.hits == 2 and rep.hit_on == "2, 3"
        assert (rep.killed, rep.after.ranks) == (2, (2,))

    def test_veteran_against_horse_armour(self):
        target = target_unit(3, horse_armour=True)
        rep = resolve_volley(3, target, ShotConditions(veteran=True), FixedDice([1, 2, 3]))
        assert rep.hits == 2 and rep.hit_on == "2, 3"

    def test_exact(self):
        target = target_unit(4, horse_armour=True)
        assert killed_law(2, target, BOW) == {0: F(4, 9), 1: F(4, 9), 2: F(1, 9)}
        assert killed_law(5, target_unit(2, horse_armour=True), BOW) == {0: F(1)}

    def test_mounted_density_at_most_four(self):
        with pytest.raises(RuleError) as e:
            target_unit(5, horse_armour=True)
        assert e.value.rule_id == "AOT-DENSITY-LIMITS"
        with pytest.raises(RuleError):
            Unit(ranks=(5,), mounted=True, horse_armour=True)

    def test_no_shield_wall_for_horses(self):
        with pytest.raises(RuleError) as e:
            target_unit(3, shield_wall=True, horse_armour=True)
        assert e.value.rule_id == "AOT-SHOOT-SHIELDWALL"
        with pytest.raises(RuleError):
            target_unit(3, pavise=True, mounted=True)
        # a mounted Unit flagged with shields still gets no shield roll against shooting
        assert save_limit(Unit(ranks=(4,), mounted=True, shield=True), BOW) is None


# --- weapons: AOT-SHOOT-JAVELIN, AOT-SHOOT-HANDGUN ---------------------------------------------------

JAVELIN = ShotConditions(weapon=Missile.JAVELIN)
HANDGUN = ShotConditions(weapon=Missile.HANDGUN)


class TestJavelins:
    def test_saved_hits_are_disordered(self):
        rep = resolve_volley(4, hoplites(), JAVELIN, FixedDice([1, 1, 1, 1, 3]))
        assert (rep.hits, rep.saved) == (4, 3)
        assert (rep.killed, rep.disordered) == (1, 3)
        assert rep.after.ranks == (2, 2) and rep.after.disordered == 3

    def test_without_shields_javelins_just_kill(self):
        rep = resolve_volley(2, Unit(ranks=(4, 4)), JAVELIN, FixedDice([1, 2]))
        assert (rep.killed, rep.disordered) == (2, 0)

    def test_exact_one_javelin(self):
        assert law(volley_losses(1, hoplites(), JAVELIN)) == {(0, 0): F(1, 2), (0, 1): F(1, 4), (1, 0): F(1, 4)}
        assert law(volley_losses(1, hoplites(), BOW)) == {(0, 0): F(3, 4), (1, 0): F(1, 4)}

    def test_javelins_lose_nobody_to_the_shield_wall(self):
        # total losses with javelins equal the hits (capped by the formed warriors)
        losses = volley_losses(4, hoplites(), JAVELIN).map(sum)
        assert losses == Dist.binomial(4, F(1, 2))


class TestHandguns:
    def test_each_kill_disorders_one_more(self):
        rep = resolve_volley(3, Unit(ranks=(4, 4)), HANDGUN, FixedDice([1, 2, 6]))
        assert (rep.killed, rep.disordered) == (2, 2)
        assert rep.after.ranks == (2, 2) and rep.after.disordered == 2

    def test_against_a_shield_wall_only_kills_are_doubled(self):
        rep = resolve_volley(4, hoplites(), HANDGUN, FixedDice([1, 2, 3, 6, 1]))
        assert (rep.hits, rep.saved) == (3, 1)
        assert (rep.killed, rep.disordered) == (2, 2)

    def test_capped_by_formed_warriors(self):
        rep = resolve_volley(3, Unit(ranks=(2, 2)), HANDGUN, FixedDice([1, 1, 1]))
        assert (rep.killed, rep.disordered) == (3, 1)
        assert rep.after.formed == 0 and rep.after.panicking
        rep = resolve_volley(3, Unit(ranks=(2, 1)), HANDGUN, FixedDice([1, 1, 1]))
        assert (rep.killed, rep.disordered) == (3, 0)
        assert rep.after.destroyed

    def test_exact_one_handgun(self):
        assert law(volley_losses(1, Unit(ranks=(4, 4)), HANDGUN)) == {(0, 0): F(1, 2), (1, 1): F(1, 2)}


# --- protections: AOT-SHOOT-PAVISE, AOT-SHOOT-SHIELDWALL readings -------------------------------------

class TestPavises:
    def pav(self, **kw) -> Unit:
        return Unit(name="crossbowmen", ranks=(2, 2), pavise=True, **kw)

    @pytest.mark.parametrize("roll,saved", [(1, 1), (2, 2), (3, 3), (4, 3), (5, 0), (6, 0)])
    def test_save_on_1_to_4_whatever_the_density(self, roll, saved):
        # D2 unit: hits on 1 only; three 1s hit
        rep = resolve_volley(4, self.pav(), BOW, FixedDice([1, 1, 1, 6, roll]))
        assert rep.hits == 3
        assert rep.saved == saved
        assert rep.killed == 3 - saved

    def test_plain_shield_wall_of_the_same_unit_saves_on_1_only(self):
        rep = resolve_volley(4, Unit(ranks=(2, 2), shield=True), BOW, FixedDice([1, 1, 1, 6, 4]))
        assert rep.saved == 0
        rep = resolve_volley(4, Unit(ranks=(2, 2), shield=True), BOW, FixedDice([1, 1, 1, 6, 1]))
        assert rep.saved == 1

    def test_veteran_behind_pavise_default_reading_saves_on_5(self):
        rep = resolve_volley(4, self.pav(veteran=True), BOW, FixedDice([1, 1, 1, 6, 5]))
        assert rep.saved == 3 and rep.killed == 0
        assert save_limit(self.pav(veteran=True), BOW) == (5, True)

    def test_veteran_behind_pavise_alternative_reading_saves_on_1_to_4(self):
        cond = ShotConditions(pavise_veteran=False)
        rep = resolve_volley(4, self.pav(veteran=True), cond, FixedDice([1, 1, 1, 6, 5]))
        assert rep.saved == 0 and rep.killed == 3
        rep = resolve_volley(4, self.pav(veteran=True), cond, FixedDice([1, 1, 1, 6, 4]))
        assert rep.saved == 3
        assert save_limit(self.pav(veteran=True), cond) == (5, False)

    def test_exact_probability_of_any_save(self):
        def p_saved_all(target, cond):
            # 1 firer rolls a 1 vs D2 (1/6), then the shield die must save it
            return law(volley_losses(1, target, cond))[(0, 0)] - F(5, 6)

        assert p_saved_all(self.pav(), BOW) == F(1, 6) * F(4, 6)
        assert p_saved_all(self.pav(veteran=True), BOW) == F(1, 6) * F(5, 6)
        assert p_saved_all(self.pav(veteran=True), ShotConditions(pavise_veteran=False)) == F(1, 6) * F(4, 6)


class TestShieldWallReadings:
    def test_equality_fails_by_default(self):
        rep = resolve_volley(4, hoplites(), BOW, FixedDice([1, 2, 3, 6, 4]))
        assert rep.saved == 0 and rep.killed == 3

    def test_equal_saves_alternative_reading(self):
        rep = resolve_volley(4, hoplites(), ShotConditions(equal_saves=True), FixedDice([1, 2, 3, 6, 4]))
        assert rep.saved == 3 and rep.killed == 0

    def test_veteran_target_saves_on_equal(self):
        rep = resolve_volley(4, hoplites(veteran=True), BOW, FixedDice([1, 2, 3, 6, 4]))
        assert rep.saved == 3 and rep.killed == 0
        rep = resolve_volley(4, hoplites(veteran=True), BOW, FixedDice([1, 2, 3, 6, 5]))
        assert rep.saved == 0

    @pytest.mark.parametrize("d", range(1, 6))
    def test_derived_save_odds(self, d):
        # P(any save) = (D-1)/6; E[saves] with unlimited hits = D(D-1)/12 (index, AOT-SHOOT-SHIELDWALL)
        m = get("AOT-SHOOT-SHIELDWALL")
        out = m.evaluate(hits=20, density=d)
        saved = out.dist(Law.saved)
        assert saved.prob(lambda s: s > 0) == F(d - 1, 6)
        assert saved.mean() == F(d * (d - 1), 12)


# --- AOT-SHOOT-RANGE and AOT-SHOOT-COVER -----------------------------------------------------------

class TestRange:
    @pytest.mark.parametrize("distance,firers", [(0, 8), (1, 7), (F(5, 2), 5), (4, 4), (F(15, 2), 0), (8, 0),
                                                 (9, 0), (30, 0)])
    def test_strength_minus_distance_rounded_down(self, distance, firers):
        assert firers_in_range(Unit(ranks=(4, 4)), F(distance)) == firers

    def test_disordered_warriors_count(self):
        assert firers_in_range(Unit(ranks=(3, 3), disordered=2), F(3)) == 5

    def test_riders_count_double(self):
        riders = Unit(ranks=(3,), mounted=True, disordered=1)
        assert firers_in_range(riders, F(3)) == 2 * 4 - 3
        assert firers_in_range(Unit(ranks=(4,), mounted=True), F(7)) == 1
        assert firers_in_range(Unit(ranks=(4,), mounted=True), F(8)) == 0

    def test_cover_uses_density(self):
        t = Unit(ranks=(4, 4), disordered=2)
        assert firers_in_range(t, F(1), cover=True) == 3
        assert firers_in_range(t, F(4), cover=True) == 0
        assert firers_in_range(Unit(ranks=(2, 3)), F(1), cover=True) == 2

    @pytest.mark.parametrize("weapon", [Missile.JAVELIN, Missile.HANDGUN])
    def test_javelins_and_handguns_reach_one_inch(self, weapon):
        t = Unit(ranks=(4, 4))
        assert firers_in_range(t, F(1), weapon=weapon) == 7
        assert firers_in_range(t, F(1, 2), weapon=weapon) == 7
        assert firers_in_range(t, F(11, 10), weapon=weapon) == 0
        assert firers_in_range(t, F(2), weapon=weapon) == 0
        with pytest.raises(RuleError) as e:
            firers_for(t, ShotConditions(weapon=weapon), None, F(2), cover=False)
        assert e.value.rule_id == weapon.rule_id

    @pytest.mark.parametrize("weapon", [Missile.BOW, Missile.SLING])
    def test_bows_and_slings_are_not_limited(self, weapon):
        assert firers_in_range(Unit(ranks=(4, 4)), F(6), weapon=weapon) == 2

    def test_firers_for(self):
        t = Unit(ranks=(4, 4))
        assert firers_for(t, BOW, 3, None, False) == 3
        assert firers_for(t, BOW, 3, F(2), False) == 3   # capped by the firers given
        assert firers_for(t, BOW, 9, F(2), False) == 6
        with pytest.raises(RuleError) as e:
            firers_for(t, BOW, None, F(8), False)
        assert e.value.rule_id == "AOT-SHOOT-RANGE"
        with pytest.raises(RuleError) as e:
            firers_for(t, BOW, None, None, False)
        assert e.value.rule_id == "AOT-SHOOT-RANGE"

    def test_range_mechanic(self):
        m = get("AOT-SHOOT-RANGE")
        assert m.evaluate(target_strength=8, distance=4, target_density=4).dist(Law.firers) == Dist.point(4)
        assert m.evaluate(target_strength=4, distance=3, target_density=4, mounted=True).dist(Law.firers) == \
            Dist.point(5)
        assert m.evaluate(target_strength=8, distance=1, target_density=4, cover=True).dist(Law.firers) == \
            Dist.point(3)
        assert m.evaluate(target_strength=8, distance=2, target_density=4, weapon="javelin").dist(Law.firers) == \
            Dist.point(0)


@pytest.mark.parametrize("firers", [1, 5, 10, 20])
@pytest.mark.parametrize("weapon", list(Missile))
@pytest.mark.parametrize("ranks", [(1,), (1, 1), (2, 1), (3, 3), (5, 5)])
def test_losses_never_exceed_formed_warriors(firers, weapon, ranks):
    for cond in (ShotConditions(weapon=weapon), ShotConditions(weapon=weapon, veteran=True)):
        for shield in (False, True):
            t = Unit(ranks=ranks, shield=shield, disordered=0)
            d = volley_losses(firers, t, cond)
            assert max(k + x for k, x in d.outcomes()) <= t.formed
            assert min(min(kd) for kd in d.outcomes()) >= 0


# --- AOT-SHOOT-RESULT and AOT-DEMO-EARN --------------------------------------------------------------

class TestResult:
    def test_no_losses_no_retreat_whatever_the_densities(self):
        t = Unit(ranks=(1, 1))
        assert retreats(t, 0, 5, BOW) is False
        rep = resolve_volley(3, Unit(ranks=(2, 2)), BOW, FixedDice([2, 5, 6]), shooter_density=5)
        assert rep.killed + rep.disordered == 0
        assert rep.retreat is False and rep.dp == 0

    @pytest.mark.parametrize("losses,shooter,expected", [
        (1, 4, False),  # 4+4 -> 3+4: still density 4
        (1, 5, True),
        (2, 4, True),   # 4+4 -> 3+3: density 3
        (2, 3, False),
        (5, 2, False),  # 4+4 -> 1+2: density 2
        (6, 2, True),   # 4+4 -> 1+1
    ])
    def test_retreat_iff_shooter_denser_after_losses(self, losses, shooter, expected):
        t = Unit(ranks=(4, 4))
        assert retreats(t, losses, shooter, BOW) is expected
        assert retreats_by_rule((4, 4), losses, shooter) is expected

    def test_compare_before_losses_reading(self):
        cond = ShotConditions(compare_after_losses=False)
        assert retreats(Unit(ranks=(4, 4)), 2, 4, cond) is False
        assert retreats(Unit(ranks=(4, 4)), 1, 5, cond) is True

    def test_dp_is_the_density_at_the_start(self):
        rep = resolve_volley(2, Unit(ranks=(4, 4)), BOW, FixedDice([1, 1]), shooter_density=4)
        assert rep.after.density == 3
        assert rep.retreat is True
        assert rep.dp == 4
        assert dp_earned(Unit(ranks=(3, 2))) == 3
        # one hit (a 1 against density 3) takes 3+2 to 2+2: shooters of density 3 drive it back for 3 DP,
        # shooters of density 2 do not, and earn nothing
        assert resolve_volley(2, Unit(ranks=(3, 2)), BOW, FixedDice([1, 6]), shooter_density=3).dp == 3
        assert resolve_volley(2, Unit(ranks=(3, 2)), BOW, FixedDice([1, 6]), shooter_density=2).dp == 0

    def test_a_target_that_stands_gives_no_dp(self):
        rep = resolve_volley(2, Unit(ranks=(4, 4)), BOW, FixedDice([1, 6]), shooter_density=4)
        assert rep.killed == 1 and rep.retreat is False and rep.dp == 0

    def test_disordered_warriors_are_losses_too(self):
        # javelins against a shield wall: nobody killed, 3 disordered, density 4+4 -> 2+3
        rep = resolve_volley(3, hoplites(), JAVELIN, FixedDice([1, 2, 3, 3]), shooter_density=3)
        assert (rep.killed, rep.disordered) == (0, 3)
        assert rep.compared == 3 and rep.retreat is False
        rep = resolve_volley(3, hoplites(), JAVELIN, FixedDice([1, 2, 3, 3]), shooter_density=4)
        assert rep.retreat is True and rep.dp == 4

    def test_exact_retreat_and_dp(self):
        out = get("shoot").evaluate(firers=4, target_density=4, shooter_density=4)
        assert out.event(Event.retreat) == F(11, 16)  # two or more losses bring 4+4 down to density 3
        assert law(out.dist(Law.dp)) == {0: F(5, 16), 4: F(11, 16)}
        out = get("shoot").evaluate(firers=4, target_density=4)
        assert out.event(Event.retreat_if_shooter_density_4) == F(11, 16)
        assert out.event(Event.retreat_if_shooter_density_5) == F(15, 16)
        assert out.event(Event.retreat_if_shooter_density_3) == F(1, 16)
        assert out.event(Event.retreat_if_shooter_density_2) == 0

    def test_panicking_target_cannot_be_shot(self):
        with pytest.raises(RuleError) as e:
            resolve_volley(3, Unit(ranks=(0, 0), disordered=4), BOW, FixedDice([1, 1, 1]))
        assert e.value.rule_id == "AOT-PANIC"

    def test_nobody_in_range(self):
        with pytest.raises(RuleError) as e:
            resolve_volley(0, Unit(ranks=(4, 4)), BOW, FixedDice([]))
        assert e.value.rule_id == "AOT-SHOOT-RANGE"


# --- what a played volley logs: typed events, in the order a player resolves them ---------------------------

class TestVolleyEvents:
    def test_the_shieldwall_example_logs_every_step(self):
        dice = FixedDice([2, 3, 5, 6, 1])
        rep = resolve_volley(4, hoplites(), SLING, dice, shooter_density=5)
        after = Unit(name="hoplites", ranks=(3, 4), shield=True)
        assert dice.log == [
            Roll(msg("hit"), 2, DieEffect.HIT), Roll(msg("hit"), 3, DieEffect.HIT),
            Roll(msg("hit"), 5), Roll(msg("hit"), 6),
            Hits("firers", ((2, True), (3, True), (5, False), (6, False)), (1, 2, 3)),
            Roll(msg("shield wall"), 1, DieEffect.SAVE),
            ShieldWall("hoplites", 1, (1, 2, 3), 1),
            Losses(hoplites(), 1, 0, after),
            Compared("shooters", "hoplites", 5, 4, Verdict.FIRST, 1),  # 3+4 keeps density 4 < 5
            Retreat("hoplites"),
            DPEarned("shooters", 4),
        ]
        assert rep.after == after and rep.dp == 4

    def test_a_target_that_stands_logs_no_retreat_and_no_dp(self):
        dice = FixedDice([2, 3, 5, 6, 4])  # the shield die shows 4: no save against density 4
        resolve_volley(4, hoplites(), SLING, dice, shooter_density=4)
        assert dice.log[5:] == [
            Roll(msg("shield wall"), 4, DieEffect.NONE),
            ShieldWall("hoplites", 4, (1, 2, 3), 0),
            Losses(hoplites(), 2, 0, Unit(name="hoplites", ranks=(3, 3), shield=True)),
            Compared("shooters", "hoplites", 4, 3, Verdict.FIRST, 2),
            Retreat("hoplites"),
            DPEarned("shooters", 4),
        ]
        dice = FixedDice([2, 6, 6, 6, 6])  # one hit, not saved: 3+4 keeps density 4, equal to the shooters'
        resolve_volley(4, hoplites(), SLING, dice, shooter_density=4)
        assert dice.log[-2:] == [Losses(hoplites(), 1, 0, Unit(name="hoplites", ranks=(3, 4), shield=True)),
                                 Compared("shooters", "hoplites", 4, 4, Verdict.CONTINUE, 1)]

    def test_no_shield_event_without_a_shield_die(self):
        for target, cond, faces in [(hoplites(), SLING, [4, 5, 6, 6]),          # shields, but no hits
                                    (Unit(ranks=(4, 4)), SLING, [1, 2, 5, 6]),  # hits, but no shields
                                    (hoplites(), ShotConditions(flank=True), [1, 2, 5, 6])]:  # flank: no shields
            dice = FixedDice(faces)
            rep = resolve_volley(4, target, cond, dice)
            assert dice.exhausted() and rep.save_roll is None
            assert dice.events(ShieldWall) == []
            assert [str(r.purpose) for r in dice.events(Roll)] == ["hit"] * 4
            assert dice.events(Losses) == [Losses(target, rep.killed, 0, target.take_losses(rep.killed, 0))]
            assert dice.events(Compared) == dice.events(Retreat) == dice.events(DPEarned) == []  # no shooter density

    def test_roll_hits_returns_the_count_and_logs_the_faces(self):
        dice = FixedDice([2, 3, 5, 6])
        assert roll_hits(4, hoplites(), SLING, dice, by="slingers") == 2
        assert dice.exhausted()  # the hit roll only: no shield die
        (hits,) = dice.events(Hits)
        assert hits == Hits("slingers", ((2, True), (3, True), (5, False), (6, False)), (1, 2, 3))
        assert hits.count == 2
        assert roll_hits(2, Unit(ranks=(1, 1)), ShotConditions(flank=True), FixedDice([1, 2])) == 1


# --- the three faces agree: exact == procedural (every dice sequence) == oracle --------------------------

COND_CASES = [
    dict(),
    dict(veteran=True),
    dict(wind=True),
    dict(flank=True, shield=True),
    dict(shield=True),
    dict(shield=True, target_veteran=True),
    dict(shield=True, equal_saves=True),
    dict(pavise=True),
    dict(pavise=True, target_veteran=True),
    dict(pavise=True, target_veteran=True, pavise_veteran=False),
    dict(horse_armour=True),
    dict(horse_armour=True, veteran=True),
    dict(weapon="javelin", shield=True),
    dict(weapon="handgun", shield=True),
    dict(weapon="handgun"),
]


def _unit_and_cond(ranks, case):
    c = dict(case)
    ha = c.pop("horse_armour", False)
    unit = Unit(ranks=ranks if not ha else ranks[:1], mounted=ha, horse_armour=ha, shield=c.pop("shield", False),
                pavise=c.pop("pavise", False), veteran=c.pop("target_veteran", False))
    cond = ShotConditions(weapon=Missile(c.pop("weapon", "bow")), **c)
    return unit, cond


@pytest.mark.parametrize("case", COND_CASES, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()) or "plain")
@pytest.mark.parametrize("ranks", [(4, 4), (2, 1), (3,), (1, 1)])
@pytest.mark.parametrize("firers", [1, 3])
def test_exact_face_matches_independent_oracle(case, ranks, firers):
    unit, cond = _unit_and_cond(ranks, case)
    oracle = volley_law(firers, unit.ranks, **case)
    assert law(volley_losses(firers, unit, cond)) == oracle


@pytest.mark.parametrize("case", COND_CASES, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()) or "plain")
@pytest.mark.parametrize("ranks", [(4, 4), (2, 1), (1, 1)])
def test_procedure_replays_to_the_exact_law(case, ranks):
    """Run resolve_volley on every dice sequence: the procedure's law is the exact law, die for die."""
    firers = 3
    unit, cond = _unit_and_cond(ranks, case)
    counts: Counter = Counter()
    for dice in itertools.product(range(1, 7), repeat=firers + 1):
        src = FixedDice(dice)
        rep = resolve_volley(firers, unit, cond, src)
        assert src.pos in (firers, firers + 1)
        assert rep.after == unit.take_losses(rep.killed, rep.disordered)
        assert rep.after.ranks == ref_remove(unit.ranks, rep.killed + rep.disordered)
        counts[(rep.killed, rep.disordered)] += 1
    got = {k: F(v, 6 ** (firers + 1)) for k, v in counts.items()}
    assert got == law(volley_losses(firers, unit, cond))


def _hits_by_rule(face: int, target: Unit, cond: ShotConditions) -> bool:
    """AOT-SHOOT-HIT / -HORSE-ARMOUR / -FLANK by the oracle's own predicate (no engine code)."""
    d = max(target.density, target.depth) if cond.flank else target.density
    return oracle_is_hit(face, d, at_or_below=cond.veteran or cond.wind, horse_armour=target.horse_armour)


@pytest.mark.parametrize("case", COND_CASES, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()))
@pytest.mark.parametrize("ranks", [(4, 4), (1, 1)])
def test_every_played_volley_logs_what_the_rules_did(case, ranks):
    """On every sequence of dice: one Roll per die, effect "hit" exactly on the faces that hit by the rule; one
    Hits event; a ShieldWall event iff a shield die was rolled; a Losses event matching the report; and the
    Compared / Retreat / DPEarned events of the result."""
    firers, shooter = 2, 4
    unit, cond = _unit_and_cond(ranks, case)
    for faces in itertools.product(range(1, 7), repeat=firers + 1):
        dice = FixedDice(faces)
        rep = resolve_volley(firers, unit, cond, dice, shooter_density=shooter)
        rolls = dice.events(Roll)
        hit_rolls = [r for r in rolls if str(r.purpose) == "hit"]
        assert [r.face for r in hit_rolls] == list(faces[:firers])
        assert [r.effect is DieEffect.HIT for r in hit_rolls] == [_hits_by_rule(f, unit, cond) for f in faces[:firers]]
        (hits,) = dice.events(Hits)
        assert hits.faces == tuple((r.face, r.effect is DieEffect.HIT) for r in hit_rolls)
        assert hits.count == rep.hits
        shield_rolls = [r for r in rolls if str(r.purpose) == "shield wall"]
        walls = dice.events(ShieldWall)
        assert len(rolls) == dice.pos == firers + len(shield_rolls)
        assert len(walls) == len(shield_rolls) == (rep.save_roll is not None)
        for roll, wall in zip(shield_rolls, walls, strict=True):
            assert wall.roll == roll.face == rep.save_roll and wall.saved == rep.saved
            assert (roll.effect is DieEffect.SAVE) == (rep.saved > 0)
        lost = rep.killed + rep.disordered
        assert dice.events(Losses) == [Losses(unit, rep.killed, rep.disordered, rep.after)]
        assert rep.after.ranks == ref_remove(unit.ranks, lost)
        retreat = retreats_by_rule(unit.ranks, lost, shooter, flank=cond.flank)
        (compared,) = dice.events(Compared)
        assert (compared.first_density, compared.lost) == (shooter, lost)
        assert compared.verdict is (Verdict.FIRST if retreat else Verdict.CONTINUE)
        assert dice.events(Retreat) == ([Retreat(unit.name)] if retreat else [])
        assert dice.events(DPEarned) == ([DPEarned("shooters", unit.density)] if retreat else [])
        kinds = [type(e).__name__ for e in dice.log if not isinstance(e, Roll)]
        assert kinds == ["Hits", *["ShieldWall"] * len(walls), "Losses", "Compared",
                         *(["Retreat", "DPEarned"] if retreat else [])]


# --- reactions: AOT-REACT-COUNTERCHARGE, AOT-REACT-RETURN-FIRE, AOT-DISORDER-TEST ------------------------

@pytest.mark.parametrize("x", [F(1, 10), F(1, 2), F(1), F(3, 2), F(2), F(3), F(7, 2), F(4), F(5), F(11, 2), F(6)])
def test_countercharge_success_formula(x):
    brute = F(sum(1 for r in range(1, 7) if r >= x), 6)
    assert countercharge_success(x) == brute == F(7 - math.ceil(x), 6)
    for density in range(1, 6):
        joint = countercharge_exact(density, 2 * density, x)
        assert joint.prob(lambda t: t[0]) == brute
        assert joint.total() == 1


@pytest.mark.parametrize("x", [F(13, 2), F(7), F(12)])
def test_countercharge_beyond_six_inches_never_reaches(x):
    assert countercharge_success(x) == 0
    assert countercharge_exact(3, 6, x).prob(lambda t: t[0]) == 0


def test_countercharge_die_is_also_a_disorder_test():
    u = Unit(ranks=(4, 4))
    dice = FixedDice([3])
    rep = resolve_countercharge(u, F(3), dice)
    assert rep.reaches and rep.disordered == 3
    assert dice.log == [Roll(msg("countercharge"), 3, DieEffect.FAIL)]  # the one die is the roll, and it failed
    rep = resolve_countercharge(u, F(3), FixedDice([2]))
    assert not rep.reaches and rep.disordered == 2
    dice = FixedDice([5])
    rep = resolve_countercharge(u, F(5), dice)
    assert rep.reaches and rep.disordered == 0
    assert dice.events(Roll)[-1] == Roll(msg("countercharge"), 5, DieEffect.NONE)
    out = get("countercharge").evaluate(distance=3, density=4)
    # reaches on 3..6 (4/6); unshaken needs a roll >= 4 as well: 4, 5, 6
    assert out.event(Event.reaches) == F(2, 3)
    assert out.event(Event.reaches_unshaken) == F(1, 2)
    assert law(out.dist(Law.disordered)) == {0: F(1, 2), 1: F(1, 6), 2: F(1, 6), 3: F(1, 6)}
    with pytest.raises(RuleError):
        resolve_countercharge(u, F(0), FixedDice([6]))


@pytest.mark.parametrize("d", range(1, 6))
def test_disorder_test_derived_values(d):
    dist = disorder_test(d, 2 * d)
    assert dist.prob(lambda k: k > 0) == F(d - 1, 6)
    assert dist.mean() == F(d * (d - 1), 12)
    assert dist.total() == 1


def test_disorder_loss_is_capped_at_formed_warriors():
    assert disorder_loss(4, 5, 2) == 2
    assert disorder_loss(4, 5, 8) == 4
    assert disorder_loss(5, 5, 8) == 0
    assert law(disorder_test(5, 2)) == {0: F(2, 6), 1: F(1, 6), 2: F(3, 6)}


RF_UNITS = [
    (Unit(ranks=(3, 3)), Unit(ranks=(3, 3))),
    (Unit(ranks=(4, 4)), Unit(ranks=(2, 2), shield=True)),
    (Unit(ranks=(2, 2), shield=True), Unit(ranks=(5, 5))),
    (Unit(ranks=(1, 1)), Unit(ranks=(4, 4))),
]


@pytest.mark.parametrize("shooter,target", RF_UNITS)
@pytest.mark.parametrize("distance", [F(1), F(3), F(5), F(9)])
def test_return_fire_law(shooter, target, distance):
    joint = evaluate(exchange(shooter, target, distance))
    assert joint.total() == 1
    assert sum(p for _, p in joint.items()) == F(1)
    assert set(joint.map(lambda t: t[2]).outcomes()) <= {"target-retreats", "both-stay", "shooter-retreats"}
    assert all(isinstance(t.result, Exchange) for t in joint)
    # independent reconstruction: both volleys from start-of-slot states, losses land together
    n_s = min(max(0, math.floor(target.strength - distance)), shooter.formed)
    n_t = min(max(0, math.floor(shooter.strength - distance)), target.formed)
    assert exchange_firers(shooter, target, distance) == (n_s, n_t)

    def losses(n, unit):
        if n == 0:
            return {0: F(1)}
        c: Counter = Counter()
        for (k, x), p in volley_law(n, unit.ranks, shield=unit.shield).items():
            c[k + x] += p
        return c

    expected: Counter = Counter()
    for sl, ps in losses(n_t, shooter).items():
        for tl, pt in losses(n_s, target).items():
            s_d, t_d = max(ref_remove(shooter.ranks, sl)), max(ref_remove(target.ranks, tl))
            if tl > 0 and s_d > t_d:
                res = "target-retreats"
            elif sl > 0 and t_d > s_d:
                res = "shooter-retreats"
            else:
                res = "both-stay"
            expected[(sl, tl, res)] += ps * pt
    assert law(joint) == {k: v for k, v in expected.items() if v}


def test_return_fire_uses_start_of_slot_states():
    shooter, target = Unit(ranks=(3, 3)), Unit(ranks=(3, 3))
    # distance 3: 3 firers each way, hitting on 1-2.  Shooter's dice first, then the target's.
    s_loss, t_loss, res = resolve_exchange(shooter, target, F(3), FixedDice([1, 1, 6, 1, 6, 6]))
    assert (s_loss, t_loss) == (1, 2)
    assert res == "target-retreats"  # shooter 3+3 -> 2+3 (D3) against target 3+3 -> 2+2 (D2)
    s_loss, t_loss, res = resolve_exchange(shooter, target, F(3), FixedDice([6, 6, 6, 1, 6, 6]))
    assert (s_loss, t_loss, res) == (1, 0, "both-stay")  # 2+3 keeps density 3: equal densities


# --- AOT-SHOOT-SIMULTANEOUS ------------------------------------------------------------------------------

def test_simultaneous_fire_one_shield_roll_per_slot():
    """Two single bowmen at a D4 shield wall: one shield roll covers both hits (index reading)."""
    m = get("AOT-SHOOT-SIMULTANEOUS")
    one = m.evaluate(firers_a=1, firers_b=1, target_density=4, shield_wall=True, one_roll=True)
    # hits H ~ Bin(2, 1/2); the single roll r < 4 saves min(r, H)
    assert law(one.dist(Law.killed)) == {0: F(7, 12), 1: F(7, 24), 2: F(1, 8)}
    two = m.evaluate(firers_a=1, firers_b=1, target_density=4, shield_wall=True, one_roll=False)
    # each hit is saved by its own roll r < 4: each bowman kills with probability 1/2 * 1/2
    assert law(two.dist(Law.killed)) == {0: F(9, 16), 1: F(6, 16), 2: F(1, 16)}
    bare = m.evaluate(firers_a=3, firers_b=2, target_density=4, shield_wall=False)
    assert bare.dist(Law.killed) == Dist.binomial(5, F(1, 2))  # both use the start-of-slot density


def test_disorder_test_mechanic():
    m = get("AOT-DISORDER-TEST")
    for d in range(1, 6):
        out = m.evaluate(density=d, formed=2 * d)
        assert out.event(Event.fails) == F(d - 1, 6)
        assert out.dist(Law.disordered).mean() == F(d * (d - 1), 12)
