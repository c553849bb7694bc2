"""Property tests (hypothesis): invariants that must hold for every legal unit and volley."""

from __future__ import annotations

import dataclasses
import math
import random
from fractions import Fraction as F

from hypothesis import assume, example, given
from hypothesis import strategies as st
from oracle.shooting import is_hit, ref_remove, retreats_by_rule, volley_law

from aot_rules.aot.equipment import Missile
from aot_rules.aot.rules.shooting import (
    ShotConditions,
    firers_in_range,
    resolve_volley,
    retreats,
    volley_losses,
)
from aot_rules.aot.units import Unit, remove_from_ranks
from aot_rules.core.dice import SeededDice
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.events import DieEffect, Roll

# --- strategies ----------------------------------------------------------------------------------


@st.composite
def rank_tuples(draw, max_rank: int = 10) -> tuple[int, ...]:
    if draw(st.booleans()):
        return (draw(st.integers(0, max_rank)),)
    return (draw(st.integers(0, max_rank)), draw(st.integers(0, max_rank)))


@st.composite
def units(draw, formed_min: int = 1) -> Unit:
    """Any legal unit with at least ``formed_min`` formed warriors (so: not panicking)."""
    if draw(st.booleans()):  # mounted: one rank of 1-4, never more than 4 riders in all
        d = draw(st.integers(max(1, formed_min), 4))
        return Unit(ranks=(d,), mounted=True, horse_armour=draw(st.booleans()),
                    disordered=draw(st.integers(0, 4 - d)), veteran=draw(st.booleans()))
    ranks = draw(rank_tuples(max_rank=5).filter(lambda r: sum(r) >= formed_min and max(r) >= 1))
    return Unit(ranks=ranks, disordered=draw(st.integers(0, 10 - sum(ranks))), shield=draw(st.booleans()),
                pavise=draw(st.booleans()), veteran=draw(st.booleans()))


conditions = st.builds(
    ShotConditions,
    weapon=st.sampled_from(list(Missile)),
    veteran=st.booleans(),
    wind=st.booleans(),
    flank=st.booleans(),
    equal_saves=st.booleans(),
    pavise_veteran=st.booleans(),
    compare_after_losses=st.booleans(),
)


def tail(d: Dist, k: int) -> F:
    return d.p_ge(k)


# --- AOT-CASUALTY-REMOVAL ---------------------------------------------------------------------------

@given(rank_tuples(), st.data())
def test_removal_preserves_totals_and_follows_the_rule_step_by_step(ranks, data):
    n = data.draw(st.integers(0, sum(ranks)))
    after = remove_from_ranks(ranks, n)
    assert len(after) == len(ranks)
    assert sum(after) == sum(ranks) - n
    assert all(0 <= a <= r for a, r in zip(after, ranks, strict=True))
    # step by step: each single loss comes off the longest rank, the front one on a tie
    r = ranks
    for _ in range(n):
        nxt = remove_from_ranks(r, 1)
        longest = max(r)
        i = r.index(longest)
        assert nxt == tuple(x - 1 if j == i else x for j, x in enumerate(r))
        # the ranks never drift further apart than they were (or than 1)
        if len(r) == 2:
            assert abs(nxt[0] - nxt[1]) <= max(abs(r[0] - r[1]), 1)
        r = nxt
    assert r == after == ref_remove(ranks, n)


@given(rank_tuples(), st.data())
def test_removal_composes(ranks, data):
    a = data.draw(st.integers(0, sum(ranks)))
    b = data.draw(st.integers(0, sum(ranks) - a))
    assert remove_from_ranks(remove_from_ranks(ranks, a), b) == remove_from_ranks(ranks, a + b)


@given(rank_tuples(), st.integers(1, 5))
def test_removing_too_many_is_refused(ranks, extra):
    try:
        remove_from_ranks(ranks, sum(ranks) + extra)
    except RuleError as e:
        assert e.rule_id == "AOT-CASUALTY-REMOVAL"
    else:
        raise AssertionError("removing more warriors than there are was allowed")


# --- refused actions leave units unchanged -----------------------------------------------------------

@given(units(formed_min=0), st.integers(0, 12), st.integers(0, 12))
def test_take_losses_is_all_or_nothing(unit, killed, disordered):
    snapshot = dataclasses.astuple(unit)
    if killed + disordered > unit.formed:
        try:
            unit.take_losses(killed, disordered)
        except RuleError as e:
            assert e.rule_id == "AOT-CASUALTY-REMOVAL"
        else:
            raise AssertionError("too many losses were accepted")
    else:
        after = unit.take_losses(killed, disordered)
        assert after.formed == unit.formed - killed - disordered
        assert after.disordered == unit.disordered + disordered
        assert after.strength == unit.strength - killed
        assert after.ranks == ref_remove(unit.ranks, killed + disordered)
    assert dataclasses.astuple(unit) == snapshot


@given(st.integers(1, 10), st.integers(0, 10))
def test_panicking_unit_refuses_to_be_shot_and_is_unchanged(disordered, seed):
    u = Unit(ranks=(0, 0), disordered=disordered)
    snapshot = dataclasses.astuple(u)
    try:
        resolve_volley(3, u, ShotConditions(), SeededDice(seed))
    except RuleError as e:
        assert e.rule_id == "AOT-PANIC"
    else:
        raise AssertionError("a panicking unit was shot at")
    assert dataclasses.astuple(u) == snapshot


# --- volleys ---------------------------------------------------------------------------------------------

@given(st.integers(1, 20), units(), conditions)
def test_losses_never_exceed_formed_and_law_is_exact(firers, target, cond):
    d = volley_losses(firers, target, cond)
    assert d.total() == 1
    for killed, dis in d.outcomes():
        assert killed >= 0 and dis >= 0
        assert killed + dis <= target.formed
        assert killed <= firers
        if cond.weapon is not Missile.HANDGUN:
            assert killed + dis <= firers  # one warrior per hit at most
        else:
            assert dis <= killed  # one more disordered per kill, at most


@given(st.integers(1, 2), units(), conditions)
@example(2, Unit(ranks=(1, 1)), ShotConditions(flank=True))  # AOT-SHOOT-FLANK: hit against depth 2, not density 1
@example(1, Unit(ranks=(1, 1), shield=True), ShotConditions(flank=True, veteran=True))
def test_exact_law_matches_the_brute_force_oracle(firers, target, cond):
    """The oracle's default is the index's rule: from the flank, hits against max(frontal density, depth)."""
    law = volley_law(firers, target.ranks, weapon=cond.weapon.value, veteran=cond.veteran, wind=cond.wind,
                     flank=cond.flank, shield=target.shield, pavise=target.pavise, target_veteran=target.veteran,
                     horse_armour=target.horse_armour, mounted=target.mounted, equal_saves=cond.equal_saves,
                     pavise_veteran=cond.pavise_veteran)
    assert dict(volley_losses(firers, target, cond).items()) == law


@given(st.integers(1, 19), units(), conditions)
def test_more_firers_never_hurt_the_shooter(firers, target, cond):
    fewer = volley_losses(firers, target, cond)
    more = volley_losses(firers + 1, target, cond)
    for k in range(target.formed + 2):
        assert tail(more.map(lambda t: t[0]), k) >= tail(fewer.map(lambda t: t[0]), k)
        assert tail(more.map(sum), k) >= tail(fewer.map(sum), k)


@given(st.integers(1, 20), units(), conditions, st.sampled_from(["veteran", "wind"]))
def test_veteran_or_downwind_never_worse(firers, target, cond, which):
    base = dataclasses.replace(cond, veteran=False, wind=False)
    better = dataclasses.replace(base, **{which: True})
    b, g = volley_losses(firers, target, base), volley_losses(firers, target, better)
    for k in range(target.formed + 2):
        assert tail(g.map(lambda t: t[0]), k) >= tail(b.map(lambda t: t[0]), k)
        assert tail(g.map(sum), k) >= tail(b.map(sum), k)


@given(st.integers(1, 20), units(), conditions, st.booleans())
def test_shield_wall_never_increases_kills(firers, target, cond, pavise):
    assume(not target.mounted)
    bare = dataclasses.replace(target, shield=False, pavise=False)
    shielded = dataclasses.replace(target, shield=not pavise, pavise=pavise)
    kb = volley_losses(firers, bare, cond).map(lambda t: t[0])
    ks = volley_losses(firers, shielded, cond).map(lambda t: t[0])
    assert ks.mean() <= kb.mean()
    for k in range(target.formed + 2):
        assert tail(ks, k) <= tail(kb, k)
    if cond.flank:
        assert ks == kb  # no shields against flank shooting
    if cond.weapon is Missile.JAVELIN:
        # armour-piercing: what the shields save is disordered instead, so the losses are the same
        assert volley_losses(firers, shielded, cond).map(sum) == volley_losses(firers, bare, cond).map(sum)


@given(st.integers(1, 20), units(), conditions, st.integers(0, 2**32 - 1))
def test_a_played_volley_is_a_possible_outcome(firers, target, cond, seed):
    rep = resolve_volley(firers, target, cond, SeededDice(seed), shooter_density=3)
    exact = volley_losses(firers, target, cond)
    assert exact[(rep.killed, rep.disordered)] > 0
    assert rep.after == target.take_losses(rep.killed, rep.disordered)
    assert len(rep.hit_dice) == firers
    assert rep.retreat == retreats(target, rep.killed + rep.disordered, 3, cond)
    assert rep.dp == (target.density if rep.retreat else 0)


@given(st.integers(1, 20), units(), conditions, st.integers(0, 2**32 - 1))
@example(3, Unit(ranks=(1, 1)), ShotConditions(flank=True), 0)
def test_a_played_volley_hits_by_the_rule(firers, target, cond, seed):
    """Each hit die's logged effect is the index's rule (the oracle's predicate), the flank rule included: from the
    flank the roll is against max(frontal density, depth)."""
    dice = SeededDice(seed)
    rep = resolve_volley(firers, target, cond, dice)
    d = max(target.density, target.depth) if cond.flank else target.density
    hit_rolls = [r for r in dice.events(Roll) if str(r.purpose) == "hit"]
    assert [r.face for r in hit_rolls] == list(rep.hit_dice)
    by_rule = [is_hit(r.face, d, at_or_below=cond.veteran or cond.wind, horse_armour=target.horse_armour)
               for r in hit_rolls]
    assert [r.effect is DieEffect.HIT for r in hit_rolls] == by_rule
    assert rep.hits == sum(by_rule)


# --- the result of shooting ------------------------------------------------------------------------------

@given(units(), st.data(), st.booleans(), st.booleans())
def test_retreat_rule(target, data, flank, after_losses):
    losses = data.draw(st.integers(0, target.formed))
    cond = ShotConditions(flank=flank, compare_after_losses=after_losses)
    verdicts = [retreats(target, losses, s, cond) for s in range(1, 6)]
    for s, v in zip(range(1, 6), verdicts, strict=True):
        assert v == retreats_by_rule(target.ranks, losses, s, flank=flank, after_losses=after_losses)
    # a denser shooter never does worse
    assert verdicts == sorted(verdicts)
    if losses == 0:
        assert not any(verdicts)


# --- range ----------------------------------------------------------------------------------------------

@given(units(formed_min=0), st.fractions(min_value=0, max_value=30, max_denominator=10),
       st.sampled_from(list(Missile)), st.booleans())
def test_range(target, distance, weapon, cover):
    n = firers_in_range(target, distance, weapon=weapon, cover=cover)
    count = target.density if cover else target.strength * (2 if target.mounted else 1)
    assert n >= 0
    assert n <= count
    if weapon in (Missile.JAVELIN, Missile.HANDGUN) and distance > 1:
        assert n == 0
    else:
        assert n == max(0, math.floor(count - distance))
    farther = firers_in_range(target, distance + F(1, 2), weapon=weapon, cover=cover)
    assert farther <= n


# --- Dist algebra on random small laws -------------------------------------------------------------------

@st.composite
def dists(draw) -> Dist:
    weights = draw(st.dictionaries(st.integers(-3, 6), st.integers(1, 9), min_size=1, max_size=5))
    return Dist.from_weights(weights)


@given(dists(), dists())
def test_dist_algebra(a, b):
    s = a + b
    assert s.total() == 1
    assert s.mean() == a.mean() + b.mean()
    j = a.product(b)
    assert j.map(lambda t: t[0]) == a and j.map(lambda t: t[1]) == b
    assert j.map(lambda t: t[0] + t[1]) == s
    assert a.bind(lambda x: b.map(lambda y: x + y)) == s
    for k in range(-4, 8):
        assert a.p_ge(k) + a.p_le(k - 1) == 1
    assert a.p_le(a.median()) >= F(1, 2)
    assert all(a[a.mode()] >= p for _, p in a.items())


@given(st.integers(0, 12), st.fractions(min_value=0, max_value=1, max_denominator=12))
def test_binomial_moments(n, p):
    b = Dist.binomial(n, p)
    assert b.total() == 1
    assert b.mean() == n * p
    assert sum((k - n * p) ** 2 * q for k, q in b.items()) == n * p * (1 - p)


@given(st.integers(0, 10**6))
def test_seeded_dice_are_dice(seed):
    rolls = SeededDice(random.Random(seed)).d6s(30)
    assert all(1 <= r <= 6 for r in rolls)
    assert rolls == SeededDice(seed).d6s(30)
