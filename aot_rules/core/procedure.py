"""Dice procedures: a rule's dice written once, then played or evaluated exactly.

Why: a mechanic used to compose its dice twice, once as a played function rolling a
:class:`~aot_rules.core.dice.DiceSource` and once as a hand-written exact law, kept in step by sampling.
A procedure is a *value* that says what is rolled and what follows from it, built from a few blocks
(in the spirit of icepool):

* :func:`die`: one die, read through what its face means to the rule (``read``), so the exact law
  branches once per meaning, not once per face;
* :func:`pool`: ``n`` dice classified face by face (hits, saves), whose law is the multinomial of the
  class counts, never the ``sides ** n`` faces;
* :func:`both`: independent parts, combined;
* :meth:`Proc.then` (what follows depends on the value), :meth:`Proc.map` (a pure reading of it),
  :meth:`Proc.log` (an event the table, the replays and "Roll it" read: the player alone makes it);
* :func:`part`: a sub-procedure named by its builder and hashable arguments, whose law is memoised;
* :func:`until`: a procedure rolled again until its value is accepted (a tie re-rolled);
* :func:`repeat`: a chain of steps from state to state (a flight turn after turn) until one ends it, and
  :func:`chain`: a state stepped ``n`` times (turn after turn), are one block, :class:`Repeat`, run by both
  interpreters as a loop (a chain hundreds of steps long never nests) and evaluated as a Markov chain, each state's
  step derived once.
* :func:`pools`: pools rolled one after another and told as one event (a side's strike dice of several weapons).

Two interpreters run it (:mod:`aot_rules.core.evaluate`): :func:`~aot_rules.core.evaluate.play` rolls a
dice source in the order the blocks are written and logs the same ``Roll`` events the source always
logged, so seeded games stay byte-identical; :func:`~aot_rules.core.evaluate.evaluate` returns the exact
:class:`~aot_rules.core.dist.Dist`.  Standard library only: it runs in the reader's browser.

>>> from aot_rules.core.evaluate import evaluate, play
>>> from aot_rules.core.dice import FixedDice
>>> hits = count(3, (1, 2, 3))
>>> evaluate(hits)[2], play(hits, FixedDice([1, 5, 3]))
(Fraction(3, 8), 2)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from aot_rules.core.events import NO_CAPTION, DieEffect, Event
from aot_rules.core.i18n import Message

T = TypeVar("T")
U = TypeVar("U")

Judge = Callable[[int], DieEffect]


class Proc(Generic[T]):
    """A dice procedure whose value is a ``T``: what follows is chained on with the methods below."""

    __slots__ = ()

    def then(self, k: Callable[[T], Proc[U]]) -> Proc[U]:
        """What follows depends on this value: ``k`` builds the rest of the procedure from it."""
        return Then(self, k)

    def map(self, f: Callable[[T], U]) -> Proc[U]:
        """A pure reading of the value (no dice)."""
        return Map(self, f)

    def log(self, make: Callable[[T], Event | None]) -> Proc[T]:
        """After this step, the player logs ``make(value)`` (nothing for None); the evaluator never calls it."""
        return Log(self, make)


@dataclass(frozen=True, slots=True)
class Done(Proc[T]):
    """A value with no dice."""

    value: T


@dataclass(frozen=True, slots=True)
class Die(Proc[T]):
    """One die of ``sides`` faces whose value is ``read(face)``; ``judge`` says what the face did for the
    dice strip and ``note`` makes the event logged right after the roll from the face (None: nothing)."""

    sides: int
    why: Message
    judge: Judge | None
    read: Callable[[int], T]
    note: Callable[[int], Event | None] | None = None


@dataclass(frozen=True, slots=True)
class Pool(Proc[tuple[int, ...]]):
    """``n`` dice of ``sides`` faces; the value counts the dice showing a face of each class in turn (a face
    in no class counts nowhere).  ``note`` makes the event logged after the last die from all the faces (None:
    nothing)."""

    n: int
    sides: int
    classes: tuple[frozenset[int], ...]
    why: Message
    judge: Judge | None
    note: Callable[[tuple[int, ...]], Event | None] | None = None


@dataclass(frozen=True, slots=True)
class Both(Proc[tuple[Any, Any]]):
    """Two independent parts, rolled first then second; the value is the pair."""

    first: Proc[Any]
    second: Proc[Any]


@dataclass(frozen=True, slots=True)
class Then(Proc[U]):
    proc: Proc[Any]
    k: Callable[[Any], Proc[U]]


@dataclass(frozen=True, slots=True)
class Map(Proc[U]):
    proc: Proc[Any]
    f: Callable[[Any], U]


@dataclass(frozen=True, slots=True)
class Log(Proc[T]):
    proc: Proc[T]
    make: Callable[[T], Event | None]


@dataclass(frozen=True, slots=True)
class Until(Proc[T]):
    """``proc`` played again and again until ``accept`` holds of its value.  Each try is the same independent
    procedure, so the law is the try's law given that it is accepted (a renewal): a rule that changes between
    tries is not one of these."""

    proc: Proc[T]
    accept: Callable[[T], bool]


@dataclass(frozen=True, slots=True)
class Part(Proc[T]):
    """The procedure ``build(*args)``: the evaluator keeps its law by ``(build, args)``, so a part met on many
    branches (a shield die after every possible number of hits) is derived once."""

    build: Callable[..., Proc[T]]
    args: tuple[Hashable, ...]


def done(value: T) -> Proc[T]:
    return Done(value)


def _identity(face: int) -> Any:
    return face


def die(sides: int = 6, why: Message = NO_CAPTION, judge: Judge | None = None, *,
        read: Callable[[int], T] = _identity, note: Callable[[int], Event | None] | None = None) -> Proc[T]:
    """One die: its face, or what ``read`` makes of it (faces read alike are one branch of the exact law)."""
    return Die(sides, why, judge, read, note)


def pool(n: int, classes: Iterable[Iterable[int]], why: Message = NO_CAPTION, judge: Judge | None = None, *,
         sides: int = 6, note: Callable[[tuple[int, ...]], Event | None] | None = None) -> Proc[tuple[int, ...]]:
    """``n`` dice, counted by class of face (``((1, 2, 3), (6,))``: how many show 1-3, how many a 6)."""
    if n < 0:
        raise ValueError("a pool cannot hold fewer than no dice")
    return Pool(n, sides, tuple(frozenset(c) for c in classes), why, judge, note)


def count(n: int, faces: Iterable[int], why: Message = NO_CAPTION, judge: Judge | None = None, *,
          sides: int = 6, note: Callable[[tuple[int, ...]], Event | None] | None = None) -> Proc[int]:
    """How many of ``n`` dice show one of ``faces`` (a binomial law)."""
    return pool(n, (faces,), why, judge, sides=sides, note=note).map(_first)


def _first(counts: tuple[int, ...]) -> int:
    return counts[0]


def both(first: Proc[T], second: Proc[U]) -> Proc[tuple[T, U]]:
    """Independent parts, played in this order."""
    return Both(first, second)


def until(proc: Proc[T], accept: Callable[[T], bool]) -> Proc[T]:
    """``proc`` rolled again until ``accept`` holds (every try logged as played)."""
    return Until(proc, accept)


def part(build: Callable[..., Proc[T]], *args: Hashable) -> Proc[T]:
    """A memoised sub-procedure (its arguments must be hashable)."""
    return Part(build, args)


@dataclass(frozen=True, slots=True)
class Again:
    """What a :func:`repeat` step's value says when the chain goes on: the state the next step starts from."""

    state: Hashable


@dataclass(frozen=True, slots=True)
class Repeat(Proc[T]):
    """A state stepped turn by turn: step ``i`` (from 1) plays ``step(i, state)``, whose value names the next state
    with :class:`Again` or is the value of the whole.  With a bound ``n``, the state after step ``n`` is the value (a
    :func:`chain` of turns, whose states may recur); with none, the steps go on until one ends it (a :func:`repeat`,
    whose states must move forward: a chain that may come back to a state is an :func:`until`).  The law of a step
    may depend on the state alone (``i`` is there for what it logs), so the evaluator derives each state's step once
    and carries the law of the live states forward turn by turn, never path by path and never nested."""

    start: Hashable
    step: Callable[[int, Any], Proc[Any]]
    n: int | None = None


def repeat(start: Hashable, step: Callable[[Any], Proc[Any]]) -> Proc[Any]:
    """A chain of steps played and evaluated as a loop, not nested: ``step(state)`` ends the chain with its value, or
    names the next state with :class:`Again`."""
    return Repeat(start, lambda _, state: step(state))


def chain(start: T, n: int, step: Callable[[int, T], Proc[T]]) -> Proc[T]:
    """A hashable state stepped ``n`` times (``step(i, state)``, i = 1 to n, whose law depends on the state only): a
    :class:`Repeat` with a bound, each step's value the next state."""
    if n < 0:
        raise ValueError("a chain cannot take fewer than no steps")
    return Repeat(start, lambda i, state: step(i, state).map(Again), n)


@dataclass(frozen=True, slots=True)
class Pools(Proc[tuple[tuple[int, ...], ...]]):
    """Pools rolled one after another, each with its own caption and judge, whose ``note`` makes the one event
    logged after the last die from all their faces, pool by pool (None: nothing).  The value is each pool's
    counts in turn; the law is the product of the pools' multinomial laws."""

    pools: tuple[Pool, ...]
    note: Callable[[tuple[tuple[int, ...], ...]], Event | None] | None = None


def pools(parts: Iterable[Proc[tuple[int, ...]]], *, note: Callable[[tuple[tuple[int, ...], ...]], Event | None]
          | None = None) -> Proc[tuple[tuple[int, ...], ...]]:
    """Several :func:`pool` s told together: one event from all their faces (a pool alone sees only its own)."""
    ps = tuple(parts)
    if not all(isinstance(p, Pool) for p in ps):
        raise TypeError("pools() joins pools made by pool()")
    return Pools(ps, note)  # type: ignore[arg-type]
