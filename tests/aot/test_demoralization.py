"""Demoralization (rules index 1.11) and the loser's retreat (AOT-MELEE-RETREAT): DP costs, spending,
the stubborn and recruit properties, and the registered mechanics, with hand-computed values.
"""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

from aot_rules.aot.events import DPSpent, Losses
from aot_rules.aot.events import Tested as DisorderTested  # not "Test…": pytest would try to collect it
from aot_rules.aot.rules.demoralization import (
    dp_to_disorder,
    forced_attack_cost,
    forced_retreat_cost,
    spend_disorder,
    spend_forced_attack,
    spend_retreat,
    targeting_order,
    warriors_disordered,
)
from aot_rules.aot.units import Unit
from aot_rules.aot.vocabulary import DPEffect
from aot_rules.core.dice import FixedDice
from aot_rules.core.errors import ParamError, RuleError
from aot_rules.keys import Event, Law
from aot_rules.present.narrate import narrate
from aot_rules.systems import get


def target(ranks=(3, 3), disordered=0, **kw) -> Unit:
    """The unit DP are spent on; ``stubborn`` and ``recruit`` are properties of the unit itself."""
    return Unit(name="T", ranks=tuple(ranks), disordered=disordered, **kw)


def log() -> FixedDice:
    """An event log to spend into (no dice are rolled)."""
    return FixedDice(())


def panicking() -> Unit:
    return target((0, 0), disordered=4)


def law(d) -> dict:
    return dict(d.items())


# --- AOT-DEMO-DISORDER ------------------------------------------------------------------------

@pytest.mark.parametrize(("dp", "kw", "ranks", "n"), [
    (0, {}, (3, 3), 0),
    (1, {}, (3, 3), 1),
    (3, {}, (3, 3), 3),  # 1 DP per warrior
    (9, {}, (3, 3), 6),  # never more than the formed warriors
    (1, {"stubborn": True}, (3, 3), 0),  # 2 DP per stubborn warrior
    (3, {"stubborn": True}, (3, 3), 1),
    (4, {"stubborn": True}, (3, 3), 2),
    (1, {"recruit": True}, (3, 3), 2),  # 1 DP disorders 2 recruits
    (3, {"recruit": True}, (3, 3), 6),
    (3, {"recruit": True}, (2, 2), 4),  # capped
])
def test_warriors_disordered(dp, kw, ranks, n):
    assert warriors_disordered(dp, target(ranks, **kw)) == n


def test_panicking_unit_has_nobody_left_to_disorder():
    assert warriors_disordered(5, panicking()) == 0


def test_negative_dp_refused():
    with pytest.raises(RuleError) as e:
        warriors_disordered(-1, target())
    assert e.value.rule_id == "AOT-DEMO-DISORDER"


@pytest.mark.parametrize(("n", "kw", "dp"), [
    (0, {}, 0), (2, {}, 2), (6, {}, 6),
    (1, {"stubborn": True}, 2), (3, {"stubborn": True}, 6),
    (1, {"recruit": True}, 1), (2, {"recruit": True}, 1), (3, {"recruit": True}, 2), (4, {"recruit": True}, 2),
])
def test_dp_to_disorder(n, kw, dp):
    assert dp_to_disorder(n, target(**kw)) == dp


@pytest.mark.parametrize("n", [-1, 7])
def test_dp_to_disorder_refuses_impossible_counts(n):
    with pytest.raises(RuleError) as e:
        dp_to_disorder(n, target())
    assert e.value.rule_id == "AOT-DEMO-DISORDER"


@pytest.mark.parametrize("kw", [{}, {"stubborn": True}, {"recruit": True}])
def test_disorder_cost_round_trip(kw):
    t = target((4, 4), **kw)
    for dp in range(0, 20):
        n = warriors_disordered(dp, t)
        assert dp_to_disorder(n, t) <= dp
        if n < t.formed:  # one more warrior would cost more than we have
            assert dp_to_disorder(n + 1, t) > dp


def test_spend_disorder_on_the_gauls_cavalry():
    # AOT-EX-GAULS-JAVELINMEN: 2 DP on 3 riders → 1 formed, 2 disordered, nothing left.
    cav = Unit(name="cavalry", ranks=(3,), mounted=True)
    after, left = spend_disorder(2, cav)
    assert (after.ranks, after.disordered, left) == ((1,), 2, 0)
    assert after.strength == 3
    assert cav.ranks == (3,) and cav.disordered == 0  # the original is unchanged


def test_spend_disorder_follows_casualty_removal():
    after, left = spend_disorder(2, target((4, 2)))
    assert after.ranks == (2, 2) and after.disordered == 2 and left == 0
    after, _ = spend_disorder(3, target((3, 3)))
    assert after.ranks == (1, 2) and after.density == 2  # 3+3 → 2+3 → 2+2 → 1+2


def test_spend_disorder_stubborn_keeps_the_odd_point():
    after, left = spend_disorder(5, target((3, 3), stubborn=True))
    assert after.disordered == 2 and after.ranks == (2, 2) and left == 1


def test_spend_disorder_recruits_two_per_point_until_panic():
    after, left = spend_disorder(1, target((2, 2), recruit=True))
    assert after.ranks == (1, 1) and after.disordered == 2 and left == 0
    after, left = spend_disorder(3, target((2, 2), recruit=True))
    assert after.formed == 0 and after.disordered == 4 and after.panicking
    assert left == 1  # 4 recruits cost only 2 DP


def test_stubborn_and_recruit_are_properties_of_the_unit():
    with pytest.raises(RuleError) as e:
        target(stubborn=True, recruit=True)
    assert e.value.rule_id == "AOT-PROP-RECRUIT"
    # the same 3 DP on the same ranks disorder 3, 1 or 6 warriors by what the unit is
    assert [warriors_disordered(3, target(**kw)) for kw in ({}, {"stubborn": True}, {"recruit": True})] == [3, 1, 6]


# --- the event log of spending DP ---------------------------------------------------------------

def test_spend_disorder_logs_dp_spent_and_losses():
    # AOT-EX-GAULS-JAVELINMEN again: 2 DP on 3 riders disorder 2.
    cav = Unit(name="cavalry", ranks=(3,), mounted=True)
    dice = log()
    after, _ = spend_disorder(2, cav, dice)
    assert dice.log == [DPSpent("cavalry", 2, DPEffect.DISORDER, 2), Losses(cav, 0, 2, after)]
    assert narrate(dice.log)[0] == "2 DP spent on cavalry to disorder 2 warriors."


@pytest.mark.parametrize(("dp", "kw", "ranks", "spent", "n", "left"), [
    (5, {"stubborn": True}, (3, 3), 4, 2, 1),  # the odd point is not spent, so not logged as spent
    (3, {"recruit": True}, (2, 2), 2, 4, 1),  # 4 recruits cost 2 DP; the unit panics
    (9, {}, (3, 3), 6, 6, 3),  # never more than the formed warriors
])
def test_spend_disorder_logs_only_what_it_spent(dp, kw, ranks, spent, n, left):
    t = target(ranks, **kw)
    dice = log()
    after, rest = spend_disorder(dp, t, dice)
    assert rest == left and after.disordered == n
    assert dice.log == [DPSpent("T", spent, DPEffect.DISORDER, n), Losses(t, 0, n, after)]


def test_spend_disorder_without_a_log_returns_the_same_answer():
    t = target((4, 2), stubborn=True)
    assert spend_disorder(5, t) == spend_disorder(5, t, log())


def test_paying_for_a_retreat_or_an_attack_is_logged():
    dice = log()
    assert spend_retreat(5, target((3, 3)), dice) == 2
    assert spend_forced_attack(4, target((2, 4)), dice) == 0
    assert dice.log == [DPSpent("T", 3, DPEffect.RETREAT), DPSpent("T", 4, DPEffect.ATTACK)]


def test_refused_spending_logs_nothing():
    dice = log()
    with pytest.raises(RuleError):
        spend_retreat(3, target((4, 4)), dice)
    with pytest.raises(RuleError):
        spend_forced_attack(2, target((3, 3)), dice)
    with pytest.raises(RuleError):
        spend_disorder(-1, target(), dice)
    assert dice.log == []


# --- AOT-DEMO-RETREAT / AOT-DEMO-FORCED-ATTACK -----------------------------------------------

def test_forced_retreat_costs_density_and_nothing_for_a_panicking_unit():
    assert forced_retreat_cost(target((3, 3))) == 3
    assert forced_retreat_cost(target((2, 4))) == 4
    assert forced_retreat_cost(panicking()) == 0


def test_spend_retreat():
    assert spend_retreat(5, target((3, 3))) == 2
    assert spend_retreat(3, target((3, 3))) == 0
    assert spend_retreat(0, panicking()) == 0


def test_spend_retreat_refuses_when_short_and_changes_nothing():
    t = target((4, 4), disordered=1)
    before = (t.ranks, t.disordered)
    with pytest.raises(RuleError) as e:
        spend_retreat(3, t)
    assert e.value.rule_id == "AOT-DEMO-RETREAT"
    assert "4" in e.value.message
    assert (t.ranks, t.disordered) == before


def test_forced_attack():
    assert forced_attack_cost(target((3, 3))) == 3
    assert spend_forced_attack(4, target((3, 3))) == 1
    with pytest.raises(RuleError) as e:
        spend_forced_attack(2, target((3, 3)))
    assert e.value.rule_id == "AOT-DEMO-FORCED-ATTACK"
    with pytest.raises(RuleError) as e:
        spend_forced_attack(10, panicking())
    assert e.value.rule_id == "AOT-DEMO-FORCED-ATTACK"


def test_targeting_order_nearest_first():
    assert targeting_order({"far": 9.0, "near": 1.5, "mid": 4.0}) == ["near", "mid", "far"]
    assert targeting_order({"b": 3.0, "a": 3.0, "c": 1.0}) == ["c", "a", "b"]  # ties by name, stable
    assert targeting_order({}) == []


# --- the registered AOT-DEMO-DISORDER mechanic -------------------------------------------------

DP = get("dp-disorder")


def test_dp_mechanic_is_registered_under_its_rule_id():
    assert DP.rule_id == "AOT-DEMO-DISORDER"
    assert get("AOT-DEMO-DISORDER") is DP


@pytest.mark.parametrize(("kw", "n", "retreat"), [
    (dict(dp=3, density=3, formed=6), 3, 1),
    (dict(dp=3, density=3, formed=6, stubborn=True), 1, 1),
    (dict(dp=3, density=2, formed=4, recruit=True), 4, 1),
    (dict(dp=2, density=3, formed=6), 2, 0),
    (dict(dp=0, density=1, formed=1), 0, 0),
    (dict(dp=10, density=5, formed=7), 7, 1),
])
def test_dp_mechanic(kw, n, retreat):
    out = DP.evaluate(**kw)
    assert law(out.dist(Law.disordered)) == {n: F(1)}
    assert out.event(Event.can_force_retreat) == retreat
    s = DP.draw(random.Random(0), **kw)
    assert s["disordered"] == n and s["can_force_retreat"] == bool(retreat)


def test_dp_mechanic_refusals():
    with pytest.raises(RuleError) as e:
        DP.evaluate(dp=3, density=3, formed=6, stubborn=True, recruit=True)
    assert e.value.rule_id == "AOT-PROP-RECRUIT"
    assert set(e.value.params) == {"stubborn", "recruit"}
    with pytest.raises(RuleError) as e:
        DP.evaluate(dp=3, density=3, formed=7)
    assert e.value.rule_id == "AOT-DENSITY"
    assert set(e.value.params) == {"density", "formed"}
    with pytest.raises(ParamError) as e:
        DP.evaluate(dp=11)
    assert e.value.params == ("dp",)


# --- the registered AOT-MELEE-RETREAT mechanic ------------------------------------------------

RETREAT = get("retreat")


def test_retreat_mechanic_is_registered_under_its_rule_id():
    assert RETREAT.rule_id == "AOT-MELEE-RETREAT"


def test_retreat_density_3_six_warriors():
    # Turn test on D3: a 1 disorders one (3+3 → 2+3, still D3, move 7); a 2 disorders two (2+2, D2, move 8);
    # 3-6 pass (D3, move 7).
    out = RETREAT.evaluate(density=3, formed=6)
    assert law(out.dist(Law.move)) == {7: F(5, 6), 8: F(1, 6)}
    assert law(out.dist(Law.disordered)) == {0: F(2, 3), 1: F(1, 6), 2: F(1, 6)}
    assert out.event(Event.fails) == F(1, 3)


def test_retreat_move_uses_density_after_the_test():
    # 5+2 on D5: roll r < 5 disorders r: 1 → 4+2 (move 6), 2 → 3+2 (7), 3 → 2+2 (8), 4 → 1+2 (D2, move 8,
    # not 10 − (5 − 4) = 9); 5, 6 pass (move 5).
    out = RETREAT.evaluate(density=5, formed=7)
    assert law(out.dist(Law.move)) == {5: F(1, 3), 6: F(1, 6), 7: F(1, 6), 8: F(1, 3)}
    assert law(out.dist(Law.disordered)) == {0: F(1, 3), 1: F(1, 6), 2: F(1, 6), 3: F(1, 6), 4: F(1, 6)}
    assert out.event(Event.fails) == F(2, 3)


@pytest.mark.parametrize(("roll", "move", "lost"), [(4, 8, 4), (1, 6, 1), (5, 5, 0)])
def test_retreat_played_with_scripted_dice(roll, move, lost):
    # The same 5+2 on D5, one scripted turn test: 4 → 1+2 (D2, move 8); 1 → 4+2 (move 6); 5 passes (move 5).
    dice = FixedDice([roll])
    s = RETREAT.play(RETREAT.record(density=5, formed=7), dice)
    assert dice.exhausted()
    assert (s["move"], s["disordered"], s["fails"]) == (move, lost, lost > 0)
    (tested,) = [e for e in dice.log if isinstance(e, DisorderTested)]
    assert (tested.roll, tested.density, tested.lost) == (roll, 5, lost)


def test_retreat_single_warrior_never_fails():
    out = RETREAT.evaluate(density=1, formed=1)
    assert law(out.dist(Law.move)) == {9: F(1)}
    assert out.event(Event.fails) == 0


def test_retreat_refuses_impossible_units():
    for formed in (2, 7):
        with pytest.raises(RuleError) as e:
            RETREAT.evaluate(density=3, formed=formed)
        assert e.value.rule_id == "AOT-DENSITY"
        assert set(e.value.params) == {"density", "formed"}
    with pytest.raises(ParamError):
        RETREAT.evaluate(density=6, formed=6)


def test_retreat_sampler_stays_in_the_exact_support_and_agrees():
    kw = dict(density=5, formed=7)
    exact = RETREAT.evaluate(**kw).dist(Law.move)
    rng = random.Random(3)
    n = 6000
    moves = [RETREAT.draw(rng, **kw)["move"] for _ in range(n)]
    assert set(moves) <= set(exact)
    for m, p in exact.items():
        freq = moves.count(m) / n
        assert abs(freq - float(p)) <= 5 * (float(p * (1 - p)) / n) ** 0.5, m
