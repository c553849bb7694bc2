"""Dist: the exact finite distribution every odd in the project is computed with.

Every expected value here is worked out by hand (or by brute-force counting of
dice faces in the test itself), never read back from the engine.
"""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction as F
from typing import NamedTuple

import pytest

from aot_rules.aot.rules.melee import MeleeResult
from aot_rules.aot.rules.reactions import Exchange
from aot_rules.core.dice import FixedDice, SeededDice
from aot_rules.core.dist import Dist
from aot_rules.core.events import DieEffect, Event, Roll
from aot_rules.core.format import fraction_str
from aot_rules.core.i18n import msg

FRACTION_RE = re.compile(r"^(0|1|[1-9][0-9]*/[1-9][0-9]*)$")


def counted(sides: int, n: int, f) -> dict:
    """Brute force: the law of f(dice) over every roll of n dice with ``sides`` faces."""
    c = Counter(f(roll) for roll in itertools.product(range(1, sides + 1), repeat=n))
    total = sides**n
    return {k: F(v, total) for k, v in c.items()}


# --- constructors ---------------------------------------------------------------

class TestBinomial:
    def test_binomial_4_half(self):
        b = Dist.binomial(4, F(1, 2))
        assert [b[k] for k in range(5)] == [F(1, 16), F(1, 4), F(3, 8), F(1, 4), F(1, 16)]
        assert b[2] == F(3, 8)

    def test_binomial_3_third(self):
        b = Dist.binomial(3, F(1, 3))
        assert dict(b.items()) == {0: F(8, 27), 1: F(12, 27), 2: F(6, 27), 3: F(1, 27)}

    @pytest.mark.parametrize("n", [0, 1, 5, 10, 20])
    @pytest.mark.parametrize("p", [F(0), F(1, 6), F(1, 2), F(5, 6), F(1)])
    def test_binomial_sums_to_exactly_one(self, n, p):
        b = Dist.binomial(n, p)
        assert b.total() == 1
        assert sum(pr for _, pr in b.items()) == F(1)
        assert all(isinstance(pr, F) for _, pr in b.items())
        assert b.mean() == n * p

    def test_binomial_degenerate_ends(self):
        assert dict(Dist.binomial(7, F(0)).items()) == {0: F(1)}
        assert dict(Dist.binomial(7, F(1)).items()) == {7: F(1)}
        assert dict(Dist.binomial(0, F(1, 3)).items()) == {0: F(1)}

    def test_binomial_matches_brute_force_dice(self):
        # 3 dice hitting on 1-2: Binomial(3, 1/3)
        brute = counted(6, 3, lambda r: sum(x < 3 for x in r))
        assert dict(Dist.binomial(3, F(1, 3)).items()) == brute

    @pytest.mark.parametrize("n,p", [(-1, F(1, 2)), (3, F(-1, 2)), (3, F(3, 2))])
    def test_binomial_rejects_impossible_parameters(self, n, p):
        with pytest.raises(ValueError):
            Dist.binomial(n, p)

    def test_binomial_rejects_float_probability(self):
        """A float never enters a result: Binomial(3, 0.1) must not silently use 0.1000000000000000055…"""
        with pytest.raises(TypeError):
            Dist.binomial(3, 0.1)  # type: ignore[arg-type]


def test_die_and_point_and_uniform():
    d = Dist.die(6)
    assert d.outcomes() == [1, 2, 3, 4, 5, 6]
    assert all(d[f] == F(1, 6) for f in range(1, 7))
    assert d[7] == 0 and d[0] == 0
    assert Dist.die(1).items() == [(1, F(1))]
    with pytest.raises(ValueError):
        Dist.die(0)
    assert Dist.point("x").items() == [("x", F(1))]
    assert dict(Dist.uniform([1, 1, 2]).items()) == {1: F(2, 3), 2: F(1, 3)}


def test_constructor_accepts_fractions_and_ints_and_merges_duplicates():
    d = Dist([(1, F(1, 4)), (2, F(1, 2)), (1, F(1, 4))])
    assert dict(d.items()) == {1: F(1, 2), 2: F(1, 2)}
    assert dict(Dist({"a": 1}).items()) == {"a": F(1)}


@pytest.mark.parametrize("bad", [0.5, 1.0, True])
def test_constructor_rejects_floats_and_bools(bad):
    other = F(1) - F(bad) if not isinstance(bad, bool) else F(0)
    with pytest.raises(TypeError):
        Dist({1: bad, 2: other})


@pytest.mark.parametrize("probs", [
    {1: F(1, 3)},
    {1: F(1, 2), 2: F(1, 3)},
    {1: F(2, 3), 2: F(2, 3)},
    {},
])
def test_constructor_rejects_probabilities_not_adding_to_one(probs):
    with pytest.raises(ValueError):
        Dist(probs)


def test_constructor_rejects_negative_probability_even_if_sum_is_one():
    with pytest.raises(ValueError):
        Dist({1: F(3, 2), 2: F(-1, 2)})


def test_unchecked_constructor_normalises():
    d = Dist({1: F(1), 2: F(3)}, check=False)
    assert dict(d.items()) == {1: F(1, 4), 2: F(3, 4)}


def test_from_weights():
    d = Dist.from_weights({"a": 2, "b": 6, "c": 0})
    assert dict(d.items()) == {"a": F(1, 4), "b": F(3, 4)}
    assert "c" not in d.outcomes()
    with pytest.raises(ValueError):
        Dist.from_weights({"a": 0})
    with pytest.raises(ValueError):
        Dist.from_weights({"a": -1, "b": 2})


def test_mixture():
    m = Dist.mixture([(F(1, 3), Dist.point(0)), (F(2, 3), Dist.die(2))])
    assert dict(m.items()) == {0: F(1, 3), 1: F(1, 3), 2: F(1, 3)}
    with pytest.raises(ValueError):
        Dist.mixture([(F(1, 3), Dist.point(0)), (F(1, 3), Dist.point(1))])


def test_mixture_rejects_float_weights():
    """A float never enters a result: 0.1 + 0.9 weights must be refused, not turned into binary fractions."""
    with pytest.raises((TypeError, ValueError)):
        Dist.mixture([(0.1, Dist.point(0)), (0.9, Dist.point(1))])  # type: ignore[list-item]


# --- combinators ------------------------------------------------------------------

def test_map_merges_outcomes():
    parity = Dist.die(6).map(lambda f: f % 2)
    assert dict(parity.items()) == {0: F(1, 2), 1: F(1, 2)}
    hit = Dist.die(6).map(lambda f: f < 4)
    assert hit[True] == F(1, 2)
    constant = Dist.die(6).map(lambda f: "same")
    assert constant.items() == [("same", F(1))]


def test_bind_is_the_law_of_total_probability():
    # roll a d2, then roll that many d2 and sum them
    d = Dist.die(2).bind(lambda n: Dist.die(2) if n == 1 else Dist.die(2) + Dist.die(2))
    # n=1 (1/2): 1 or 2 each 1/4; n=2 (1/2): 2 (1/8), 3 (1/4), 4 (1/8)
    assert dict(d.items()) == {1: F(1, 4), 2: F(3, 8), 3: F(1, 4), 4: F(1, 8)}
    assert d.total() == 1


def test_bind_with_differently_sized_continuations():
    d = Dist.die(3).bind(lambda n: Dist.die(n))
    expected = {1: F(1, 3) * (1 + F(1, 2) + F(1, 3)), 2: F(1, 3) * (F(1, 2) + F(1, 3)), 3: F(1, 9)}
    assert dict(d.items()) == expected


def test_sum_of_two_dice():
    two = Dist.die(6) + Dist.die(6)
    assert dict(two.items()) == counted(6, 2, sum)
    assert two[7] == F(1, 6) and two[2] == F(1, 36) and two[12] == F(1, 36)
    assert two.mean() == 7


def test_product_is_the_independent_joint_law():
    j = Dist.die(2).product(Dist({"x": F(1, 3), "y": F(2, 3)}))
    assert dict(j.items()) == {(1, "x"): F(1, 6), (1, "y"): F(1, 3), (2, "x"): F(1, 6), (2, "y"): F(1, 3)}
    assert j.map(lambda t: t[0]) == Dist.die(2)


def test_condition():
    c = Dist.die(6).condition(lambda f: f > 4)
    assert dict(c.items()) == {5: F(1, 2), 6: F(1, 2)}
    with pytest.raises(ValueError):
        Dist.die(6).condition(lambda f: f > 6)


def test_equality_is_by_law_not_by_construction():
    a = Dist({1: F(2, 4), 2: F(1, 2)})
    b = Dist.die(2)
    c = Dist.die(4).map(lambda f: 1 if f <= 2 else 2)
    assert a == b == c
    assert hash(a) == hash(c)
    assert a != Dist({1: F(1, 3), 2: F(2, 3)})


class KD(NamedTuple):
    killed: int
    disordered: int


def test_marginal_is_the_law_of_one_named_field():
    # two dice: "killed" counts dice showing 1-2, "disordered" counts sixes (checked by brute-force counting)
    joint = Dist.die(6).product(Dist.die(6)).map(lambda r: KD(sum(x < 3 for x in r), sum(x == 6 for x in r)))
    assert dict(joint.marginal("killed").items()) == counted(6, 2, lambda r: sum(x < 3 for x in r))
    assert dict(joint.marginal("disordered").items()) == counted(6, 2, lambda r: sum(x == 6 for x in r))
    assert joint.marginal("killed") == Dist.binomial(2, F(1, 3))
    assert joint.marginal("disordered")[2] == F(1, 36)
    # the marginal forgets the other field: P(killed = 0) = 4/9 whatever the sixes
    assert joint.marginal("killed")[0] == joint.prob(lambda kd: kd.killed == 0) == F(4, 9)
    with pytest.raises(AttributeError):
        joint.marginal("wounded")


class Order(StrEnum):
    """Declared neither alphabetically nor in any order a dict would keep by accident."""

    ZULU = "zulu"
    ALPHA = "alpha"
    MIKE = "mike"


def test_enum_outcomes_come_in_declaration_order():
    d = Dist.from_weights({Order.MIKE: 1, Order.ALPHA: 2, Order.ZULU: 3})
    assert list(d) == [Order.ZULU, Order.ALPHA, Order.MIKE]  # not alphabetical, not insertion order
    assert d.outcomes() == [o for o, _ in d.items()] == list(d)
    assert list(d.to_json()) == ["zulu", "alpha", "mike"]
    assert list(d.condition(lambda o: o is not Order.ALPHA)) == [Order.ZULU, Order.MIKE]
    u = Dist.uniform(list(Order)[::-1])
    assert u.mode() == Order.ZULU  # a tie goes to the first in the enum's order
    assert u.median() == Order.ALPHA  # P(<= ALPHA) = 2/3 is the first cumulative >= 1/2


def test_rule_results_read_in_their_natural_order():
    """Alphabetically 'B wins' < 'continue'; the enum's order keeps A wins · continue · B wins."""
    melee = Dist.uniform([MeleeResult.B_WINS, MeleeResult.CONTINUE, MeleeResult.A_WINS])
    assert [str(o) for o in melee] == ["a-wins", "continue", "b-wins"]
    exchange = Dist.uniform(list(Exchange)[::-1])
    assert [str(o) for o in exchange] == ["target-retreats", "both-stay", "shooter-retreats"]
    # the marginal of an enum field of a record keeps that order too
    joint = Dist.uniform([KD(0, MeleeResult.B_WINS), KD(1, MeleeResult.CONTINUE), KD(2, MeleeResult.A_WINS)])
    assert list(joint.marginal("disordered")) == [MeleeResult.A_WINS, MeleeResult.CONTINUE, MeleeResult.B_WINS]


# --- queries ------------------------------------------------------------------------

def test_tails_and_prob():
    b = Dist.binomial(4, F(1, 2))
    assert b.p_ge(2) == F(11, 16)
    assert b.p_le(1) == F(5, 16)
    assert b.p_ge(0) == 1 and b.p_ge(5) == 0
    assert b.p_le(4) == 1 and b.p_le(-1) == 0
    assert b.p_ge(2) + b.p_le(1) == 1
    assert b.prob(lambda k: k % 2 == 0) == F(1, 16) + F(3, 8) + F(1, 16)


def test_mean_median_mode():
    b = Dist.binomial(4, F(1, 2))
    assert (b.mean(), b.median(), b.mode()) == (2, 2, 2)
    d = Dist.die(6)
    assert d.mean() == F(7, 2)
    assert d.median() == 3  # smallest m with P(<= m) >= 1/2
    assert d.mode() == 1  # a tie: the smallest
    skew = Dist({0: F(1, 10), 5: F(3, 10), 9: F(6, 10)})
    assert skew.mean() == F(0 * 1 + 5 * 3 + 9 * 6, 10)
    assert skew.median() == 9
    assert skew.mode() == 9
    assert Dist({1: F(1, 2), 10: F(1, 2)}).median() == 1
    assert isinstance(d.mean(), F)


def test_weights_share_one_denominator():
    w, den = Dist.binomial(2, F(1, 3)).weights()
    assert (w, den) == ({0: 4, 1: 4, 2: 1}, 9)


def test_outcomes_are_sorted_and_len():
    d = Dist({3: F(1, 3), 1: F(1, 3), 2: F(1, 3)})
    assert list(d) == [1, 2, 3]
    assert len(d) == 3


# --- JSON -----------------------------------------------------------------------------

def test_to_json_reduced_fraction_strings():
    assert Dist.binomial(4, F(1, 2)).to_json() == {"0": "1/16", "1": "1/4", "2": "3/8", "3": "1/4", "4": "1/16"}
    assert Dist.point(3).to_json() == {"3": "1"}
    assert Dist({0: F(2, 4), 1: F(2, 4)}).to_json() == {"0": "1/2", "1": "1/2"}


def test_to_json_never_has_a_zero_probability():
    d = Dist({1: F(1), 2: F(0), 3: 0})
    assert d.to_json() == {"1": "1"}
    assert len(d) == 1
    # zero-probability outcomes from a combinator are dropped too
    m = Dist.die(6).map(lambda f: min(f, 3))
    j = m.to_json()
    assert "0" not in j.values()
    assert all(FRACTION_RE.match(v) for v in j.values())
    assert json.loads(json.dumps(j)) == j


def test_fraction_str():
    assert fraction_str(F(3, 8)) == "3/8"
    assert fraction_str(F(6, 16)) == "3/8"
    assert fraction_str(F(1)) == "1"
    assert fraction_str(F(0)) == "0"


# --- dice sources ----------------------------------------------------------------------

def test_seeded_dice_replay_and_range():
    a = SeededDice(123).d6s(200)
    b = SeededDice(123).d6s(200)
    assert a == b
    assert set(a) == {1, 2, 3, 4, 5, 6}


def test_fixed_dice_replays_script_and_refuses_to_invent():
    d = FixedDice([2, 3, 5])
    assert d.d6s(2, msg("hit")) == [2, 3]
    assert not d.exhausted()
    assert d.d6(msg("save")) == 5
    assert d.exhausted()
    assert d.log == [Roll(msg("hit"), 2), Roll(msg("hit"), 3), Roll(msg("save"), 5)]
    with pytest.raises(ValueError):
        d.d6()
    with pytest.raises(ValueError):
        FixedDice([7]).d6()
    with pytest.raises(ValueError):
        FixedDice([0]).d6()


@dataclass(frozen=True)
class Marker(Event):
    note: str


def test_the_log_records_what_each_die_did():
    d = FixedDice([2, 5, 3])
    judge = lambda f: DieEffect.HIT if f < 4 else DieEffect.NONE  # noqa: E731
    assert d.d6s(2, msg("hit"), judge) == [2, 5]
    assert d.d6(msg("shield wall")) == 3
    assert d.events(Roll) == [Roll(msg("hit"), 2, DieEffect.HIT), Roll(msg("hit"), 5, DieEffect.NONE),
                              Roll(msg("shield wall"), 3, DieEffect.NONE)]
    marker = Marker("after the dice")
    assert d.emit(marker) is marker  # a rule can emit an event and use it at once
    assert d.log[-1] is marker and d.events(Marker) == [marker] and len(d.events(Roll)) == 3


def test_combine_is_product_then_map_in_one_pass() -> None:
    """``a.combine(b, f)`` is ``a.product(b).map(f)``: the same law, the same outcomes in the same order."""
    a = Dist.die(6).map(lambda f: f % 3)
    b = Dist.binomial(3, F(1, 3))

    def f(x: int, y: int) -> int:
        return (x + y) // 2

    joined, expected = a.combine(b, f), a.product(b).map(lambda p: f(*p))
    assert joined.weights() == expected.weights() and list(joined.weights()[0]) == list(expected.weights()[0])
    assert joined.total() == 1 and len(joined) == 3
