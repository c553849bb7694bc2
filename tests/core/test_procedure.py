"""The dice-procedure protocol (issue #36): one procedure, two interpreters that agree.

The player must roll and log exactly what a hand-written played rule rolled and logged (seeded games stay
byte-identical); the evaluator must give the law that enumerating every face of the played procedure gives.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb
from typing import Any

import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from aot_rules.core.dice import FixedDice, SeededDice
from aot_rules.core.dist import Dist
from aot_rules.core.evaluate import evaluate, part_law, play, pool_law
from aot_rules.core.events import DieEffect, Roll, Said
from aot_rules.core.i18n import msg
from aot_rules.core.procedure import (
    Again,
    Proc,
    Repeat,
    both,
    chain,
    count,
    die,
    done,
    part,
    pool,
    pools,
    repeat,
    until,
)
from aot_rules.formulas.symbolic import law as sympy_law
from aot_rules.formulas.tree import TooLarge, laws, leaves, walk


def _judge(f: int) -> DieEffect:
    return DieEffect.HIT if f < 4 else DieEffect.NONE


def test_the_player_rolls_and_logs_as_the_dice_source_did() -> None:
    by_hand, played = SeededDice(7), SeededDice(7)
    faces = by_hand.d6s(5, msg("hit"), _judge)
    by_hand.emit(Said(msg("{n} hits", n=sum(f < 4 for f in faces))))
    by_hand.d6(msg("shield wall"))
    proc = count(5, (1, 2, 3), msg("hit"), _judge, note=lambda fs: Said(msg("{n} hits", n=sum(f < 4 for f in fs))))
    hits = play(proc.then(lambda h: die(6, msg("shield wall"), read=lambda r: min(r, h))), played)
    assert [(type(e), getattr(e, "face", None), getattr(e, "effect", None)) for e in played.log] == \
        [(type(e), getattr(e, "face", None), getattr(e, "effect", None)) for e in by_hand.log]
    assert [e.purpose for e in played.events(Roll)] == [e.purpose for e in by_hand.events(Roll)]
    assert played.log[5] == by_hand.log[5] and played.rng.random() == by_hand.rng.random()
    assert hits == min(by_hand.log[6].face, sum(f < 4 for f in faces))  # type: ignore[attr-defined]


def test_a_log_is_the_players_alone() -> None:
    proc: Proc[int] = die(6, note=lambda f: Said(msg("rolled {f}", f=f))).log(lambda v: Said(msg("kept {v}", v=v)))
    dice = FixedDice([3])
    assert play(proc, dice) == 3 and [type(e) for e in dice.log] == [Roll, Said, Said]
    assert evaluate(proc) == Dist.die(6)  # no note or log is made: the evaluator rolls nothing


def test_readings_apply_in_the_order_written() -> None:
    chained = die(6).map(lambda x: x * 3).log(lambda _: None).map(lambda x: x + 1)
    assert evaluate(chained) == Dist.die(6).map(lambda x: x * 3 + 1)
    assert play(chained, FixedDice([2])) == 7


def test_a_pool_is_its_multinomial_law() -> None:
    law = pool_law(3, 6, (frozenset({1, 2}), frozenset({6})))
    brute: dict[tuple[int, ...], int] = {}
    for fs in itertools.product(range(1, 7), repeat=3):
        key = (sum(f <= 2 for f in fs), fs.count(6))
        brute[key] = brute.get(key, 0) + 1
    assert law == Dist.from_weights(brute)
    assert evaluate(count(4, (1, 2, 3))) == Dist.binomial(4, Fraction(1, 2))
    assert evaluate(pool(0, ((1,),))) == Dist.point((0,))


def test_a_pool_refuses_classes_that_share_a_face_or_leave_the_die() -> None:
    with pytest.raises(ValueError):
        evaluate(pool(2, ((1, 2), (2, 3))))
    with pytest.raises(ValueError):
        evaluate(pool(2, ((7,),)))
    with pytest.raises(ValueError):
        pool(-1, ((1,),))


def test_until_rolls_again_and_its_law_is_the_accepted_tries() -> None:
    pair: Proc[Any] = both(die(6), die(6)).log(lambda ab: Said(msg("{a}:{b}", a=ab[0], b=ab[1])))
    proc = until(pair, lambda ab: ab[0] != ab[1])
    dice = FixedDice([3, 3, 5, 5, 2, 6])
    assert play(proc, dice) == (2, 6) and dice.exhausted() and len(dice.events(Said)) == 3
    law = evaluate(proc)
    assert len(law) == 30 and law[(2, 6)] == Fraction(1, 30) and law[(4, 4)] == 0


def _shield(hits: int, density: int) -> Proc[int]:
    return done(0) if hits == 0 else die(6, read=lambda r: min(r, hits) if r < density else 0)


def test_a_part_is_derived_once_per_arguments() -> None:
    part_law.cache_clear()
    proc = count(4, (1, 2, 3)).then(lambda h: part(_shield, h, 4).map(lambda s: h - s))
    first = evaluate(proc)
    misses = part_law.cache_info().misses
    assert evaluate(proc) == first and part_law.cache_info().misses == misses == 5


def test_a_chain_is_played_step_by_step_and_evaluated_state_by_state() -> None:
    """A walk that stops at 3: the player rolls each step in order (and stops rolling once stopped), the evaluator
    derives each state's step once, and its law is every played path's."""
    built: list[tuple[int, int]] = []
    told: list[tuple[int, int]] = []

    def tell(i: int, s: int) -> Said:
        told.append((i, s))
        return Said(msg("step {i}: {s}", i=i, s=s))

    def step(i: int, state: int) -> Proc[int]:
        built.append((i, state))
        if state >= 3:
            return done(state)
        return die(6, read=lambda f: state + (f >= 5)).log(lambda s: tell(i, s))

    walk = chain(0, 4, step)
    dice = FixedDice([5, 1, 6, 6])
    assert play(walk, dice) == 3 and dice.exhausted()
    assert told == [(1, 1), (2, 1), (3, 2), (4, 3)] and len(dice.events(Said)) == 4
    built.clear()
    law = evaluate(walk)
    assert sorted(built) == [(1, 0), (2, 1), (3, 2), (4, 3)]  # each state's step derived once, not per path
    tree = leaves(lambda p, d: {"value": play(p, d)}, walk, budget=6**5, probe=6**5)
    assert law == Dist(laws(tree)["value"])
    assert law[3] == Fraction(1, 9) and evaluate(chain(7, 0, step)) == Dist.point(7)
    with pytest.raises(ValueError):
        chain(0, -1, step)


# Random procedures built from every block: the evaluator's law must equal the law of the played procedure
# enumerated face by face (formulas/tree.py walks the player with every prefix of faces).
@st.composite
def procedures(draw: st.DrawFn, depth: int = 2) -> Proc[int]:
    kind = draw(st.sampled_from(("die", "pool", "both", "then", "part") if depth else ("die", "pool")))
    if kind == "die":
        sides, cut = draw(st.sampled_from((2, 3, 6))), draw(st.integers(1, 6))
        return die(sides, read=lambda f: int(f >= cut)).map(lambda x: x * 3).map(lambda x: x + cut)
    if kind == "pool":
        n, faces = draw(st.integers(0, 2)), draw(st.sets(st.integers(1, 6), max_size=5))
        sixes = draw(st.booleans()) and 6 not in faces
        return pool(n, (faces, (6,)) if sixes else (faces,)).map(lambda t: t[0] * 10 + t[-1])
    if kind == "both":
        return both(draw(procedures(depth - 1)), draw(procedures(depth - 1))).map(lambda ab: ab[0] - ab[1])
    if kind == "part":
        return count(draw(st.integers(0, 2)), (1, 2)).then(lambda h: part(_shield, h, 4))
    first, then_a, then_b = draw(procedures(depth - 1)), draw(procedures(depth - 1)), draw(procedures(depth - 1))
    return first.then(lambda x: then_a.map(lambda a: a + x) if x % 2 else then_b)


@settings(max_examples=40, deadline=None)
@given(procedures())
def test_the_evaluator_agrees_with_every_path_of_the_player(proc: Proc[int]) -> None:
    tree = leaves(lambda p, dice: {"value": play(p, dice)}, proc, budget=6**7, probe=6**7)
    assert Dist(laws(tree)["value"]) == evaluate(proc)


def test_the_tree_walk_lists_paths_in_face_order_and_refuses_a_large_tree_at_its_frontier() -> None:
    """The walk goes breadth first: its paths still come in the order of the faces rolled, and a tree over the
    budget is refused once its frontier is, after a few hundred partial plays rather than the budget's worth of
    whole paths (five d6 against a budget of four: 1 + 6 + 36 + 216 expansions and one more)."""
    plays = 0

    def played(p: Proc[int], dice: Any) -> dict[str, int]:
        nonlocal plays
        plays += 1
        return {"value": play(p, dice)}

    two = die(6).then(lambda a: die(6, read=lambda b: a * 10 + b) if a < 3 else done(a * 10))
    paths, cut = walk(played, two)
    assert cut == 0 and [faces for _, faces, _ in paths] == sorted(faces for _, faces, _ in paths)
    assert len(paths) == 6 + 6 + 4 and laws(paths)["value"][11] == Fraction(1, 36)
    five = count(5, (1,))
    plays = 0
    with pytest.raises(TooLarge):
        walk(played, five, budget=6**4)
    assert plays == 1 + 6 + 36 + 216 + 1


def test_seeded_play_and_exact_law_agree_in_distribution_of_a_fixed_path() -> None:
    """A scripted path is played to the value the law gives it positive weight."""
    proc = count(2, (1, 2, 3)).then(lambda h: _shield(h, 4).map(lambda s: h - s))
    law = evaluate(proc)
    for faces in itertools.product(range(1, 7), repeat=3):
        dice = FixedDice(faces)
        value = play(proc, dice)
        assert law[value] > 0


def _flight(turn: int, last: int = 500) -> Proc[Any]:
    """One step of a long chain: at the last turn it ends; otherwise a 6 stops it, any other face goes on."""
    if turn == last:
        return done(last)
    return die(6, msg("rally"), read=lambda f: turn if f == 6 else Again(turn + 1))


def test_a_chain_of_500_steps_neither_nests_when_played_nor_when_evaluated() -> None:
    chain = repeat(0, _flight)
    law = evaluate(chain)  # a step nested in the one before would pass the interpreter's recursion limit here
    assert law[0] == Fraction(1, 6) and law[499] == Fraction(5, 6) ** 499 / 6 and law[500] == Fraction(5, 6) ** 500
    assert sum(p for _, p in law.items()) == 1 and len(law.items()) == 501
    dice = FixedDice([1] * 500)
    assert play(chain, dice) == 500 and dice.exhausted()
    dice = FixedDice([2, 3, 6])
    assert play(chain, dice) == 2 and [e.face for e in dice.events(Roll)] == [2, 3, 6]


def test_a_chain_sums_every_way_into_a_state_before_stepping_from_it() -> None:
    def step(s: int) -> Proc[Any]:
        if s >= 4:
            return done(s)
        return die(6, read=lambda f: Again(s + 1) if f <= 3 else Again(s + 2))  # two ways into most states
    law = evaluate(repeat(0, step))
    brute: dict[int, Fraction] = {}

    def walk(s: int, p: Fraction) -> None:
        if s >= 4:
            brute[s] = brute.get(s, Fraction(0)) + p
            return
        walk(s + 1, p / 2)
        walk(s + 2, p / 2)

    walk(0, Fraction(1))
    assert dict(law.items()) == brute


def test_a_chain_that_comes_back_is_refused() -> None:
    with pytest.raises(ValueError, match="came back"):
        evaluate(repeat(0, lambda s: die(6, read=lambda f: 1 if f == 6 else Again(1 - s))))


def test_a_chain_and_a_repeat_are_one_block() -> None:
    """Issue #36: a chain of n turns is a repeat with a bound (one player loop, one evaluator): under the bound a state
    may recur (a coin that may leave the count where it was), the same step with no bound is refused as a return, and
    a bounded repeat may still end early with a value of its own."""
    def coin(i: int, s: int) -> Proc[int]:
        return die(2, read=lambda f: s + f - 1)

    walk = chain(0, 3, coin)
    assert isinstance(walk, Repeat) and walk.n == 3 and isinstance(repeat(0, _flight), Repeat)
    assert evaluate(walk) == Dist.binomial(3, Fraction(1, 2))
    dice = FixedDice([2, 1, 2])
    assert play(walk, dice) == 2 and dice.exhausted()
    with pytest.raises(ValueError, match="came back"):
        evaluate(repeat(0, lambda s: coin(0, s).map(Again)))
    with pytest.raises(ValueError, match="came back"):  # the sympy reading refuses it alike
        sympy_law(repeat(0, lambda s: coin(0, s).map(Again)))
    assert sympy_law(walk) == {k: sp.Rational(comb(3, k), 8) for k in range(4)}
    early: Repeat[Any] = Repeat(0, lambda i, s: die(6, read=lambda f: "six" if f == 6 else Again(s + 1)), 2)
    assert dict(evaluate(early).items()) == {"six": Fraction(11, 36), 2: Fraction(25, 36)}
    dice = FixedDice([6])
    assert play(early, dice) == "six" and dice.exhausted()


def test_pools_are_rolled_in_turn_and_told_once_with_every_face() -> None:
    """Two pools of different captions, one note over both: the player logs each die as the source would, then
    one event from all the faces; the law is the product of the two multinomials, checked face by face."""
    told = pools((pool(2, ((1, 2),), msg("swords"), _judge), pool(1, ((6,), (5,)), msg("horses"))),
                 note=lambda fs: Said(msg("{faces}", faces=repr(fs))))
    dice = FixedDice([1, 4, 5])
    assert play(told, dice) == ((1,), (0, 1))
    assert [e.purpose for e in dice.events(Roll)] == [msg("swords"), msg("swords"), msg("horses")]
    assert [e.effect for e in dice.events(Roll)] == [DieEffect.HIT, DieEffect.NONE, DieEffect.NONE]
    assert dice.log[-1] == Said(msg("{faces}", faces=repr(((1, 4), (5,)))))
    brute: dict[tuple[tuple[int, ...], ...], int] = {}
    for a, b, c in itertools.product(range(1, 7), repeat=3):
        k = ((int(a < 3) + int(b < 3),), (int(c == 6), int(c == 5)))
        brute[k] = brute.get(k, 0) + 1
    assert evaluate(told) == Dist.from_weights(brute)
    assert evaluate(pools(())) == Dist.point(()) and play(pools(()), FixedDice([])) == ()
    with pytest.raises(TypeError):
        pools((die(6),))
