"""The two interpreters of a dice procedure (:mod:`aot_rules.core.procedure`): the player and the exact evaluator.

Why two readings of one value: the table, the replays and "Roll it" need the dice rolled in order and logged;
the widgets, the CLI and the tests need the exact law.  Both walk the same blocks, so the law cannot drift
from what is played.  Standard library only (the odds path runs in the browser).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from math import comb, lcm
from typing import Any, TypeVar, cast

from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.events import Event
from aot_rules.core.procedure import (
    Again,
    Both,
    Die,
    Done,
    Log,
    Map,
    Part,
    Pool,
    Pools,
    Proc,
    Repeat,
    Then,
    Until,
)

T = TypeVar("T")


def play(proc: Proc[T], dice: DiceSource) -> T:
    """Run the procedure with ``dice``: every die rolled in the order the blocks are written, each ``Roll``
    logged by the source as it always was, and each step's event logged right after it."""
    return cast(T, _play(proc, dice))


def _play(proc: Proc[Any], dice: DiceSource) -> Any:
    if isinstance(proc, Then):
        return _play(proc.k(_play(proc.proc, dice)), dice)
    if isinstance(proc, Map):
        return proc.f(_play(proc.proc, dice))
    if isinstance(proc, Die):
        face = dice.die(proc.sides, proc.why, proc.judge)
        _note(dice, proc.note, face)
        return proc.read(face)
    if isinstance(proc, Pool):
        faces = tuple(dice.die(proc.sides, proc.why, proc.judge) for _ in range(proc.n))
        _note(dice, proc.note, faces)
        return tuple(sum(f in c for f in faces) for c in proc.classes)
    if isinstance(proc, Log):
        value = _play(proc.proc, dice)
        _note(dice, proc.make, value)
        return value
    if isinstance(proc, Both):
        first = _play(proc.first, dice)
        return (first, _play(proc.second, dice))
    if isinstance(proc, Done):
        return proc.value
    if isinstance(proc, Part):
        return _play(proc.build(*proc.args), dice)
    if isinstance(proc, Until):
        while True:
            value = _play(proc.proc, dice)
            if proc.accept(value):
                return value
    if isinstance(proc, Repeat):
        return _play_repeat(proc, dice)
    if isinstance(proc, Pools):
        return _play_pools(proc, dice)
    raise TypeError(f"not a dice procedure: {proc!r}")


def _play_repeat(proc: Repeat[Any], dice: DiceSource) -> Any:
    """Step after step in a loop (never nested) until a step ends it, or, with a bound, until its last turn: then the
    state is the value."""
    value: Any = Again(proc.start)
    i = 0
    while isinstance(value, Again) and (proc.n is None or i < proc.n):
        i += 1
        value = _play(proc.step(i, value.state), dice)
    return value.state if isinstance(value, Again) else value


def _play_pools(proc: Pools, dice: DiceSource) -> tuple[tuple[int, ...], ...]:
    """Each pool rolled in turn (with its own note), then the one note over all their faces."""
    rolled = []
    for p in proc.pools:
        faces = tuple(dice.die(p.sides, p.why, p.judge) for _ in range(p.n))
        _note(dice, p.note, faces)
        rolled.append(faces)
    _note(dice, proc.note, tuple(rolled))
    return tuple(tuple(sum(f in c for f in faces) for c in p.classes) for p, faces in zip(proc.pools, rolled,
                                                                                           strict=True))


def _pools_law(proc: Pools) -> Dist[tuple[tuple[int, ...], ...]]:
    """The product of the pools' multinomial laws, as the tuple of their counts."""
    law: Dist[tuple[tuple[int, ...], ...]] = Dist.point(())
    for p in proc.pools:
        law = law.combine(pool_law(p.n, p.sides, p.classes), lambda t, c: (*t, c))
    return law


def _note(dice: DiceSource, make: Callable[[Any], Event | None] | None, what: Any) -> None:
    """Log the event a step makes of what it rolled, if it makes one."""
    if make is not None:
        event = make(what)
        if event is not None:
            dice.emit(event)


def evaluate(proc: Proc[T]) -> Dist[T]:
    """The exact law of the procedure's value: every branch followed (the law of total probability at each
    ``then``), a pool as the multinomial law of its counts, a part's law derived once per arguments."""
    return cast(Dist[T], _evaluate(proc))


def _evaluate(proc: Proc[Any]) -> Dist[Any]:
    if isinstance(proc, Then):
        k = proc.k
        return _evaluate(proc.proc).bind(lambda x: _evaluate(k(x)))
    if isinstance(proc, Map):
        return _mapped(proc)
    if isinstance(proc, Die):
        return Dist.die(proc.sides).map(proc.read)
    if isinstance(proc, Pool):
        return pool_law(proc.n, proc.sides, proc.classes)
    if isinstance(proc, Log):
        return _evaluate(proc.proc)
    if isinstance(proc, Both):
        return _evaluate(proc.first).product(_evaluate(proc.second))
    if isinstance(proc, Done):
        return Dist.point(proc.value)
    if isinstance(proc, Part):
        return part_law(proc.build, proc.args)
    if isinstance(proc, Until):
        return _evaluate(proc.proc).condition(proc.accept)
    if isinstance(proc, Repeat):
        return _repeated(proc)
    if isinstance(proc, Pools):
        return _pools_law(proc)
    raise TypeError(f"not a dice procedure: {proc!r}")


def _repeated(proc: Repeat[Any]) -> Dist[Any]:
    """A repeat's law carried forward turn by turn in whole-number weights (a Markov chain): the live states' law after
    each turn, each state's step law derived once however many turns and paths reach it, and the values that end the
    chain gathered as they come; with a bound, the live states after the last turn are values too.  So the work grows
    with the states, not the paths, and no step nests inside the one before."""
    steps: dict[Any, tuple[dict[Any, int], int]] = {}
    edges: dict[Any, tuple[Any, ...]] = {}
    live: dict[Any, int] = {proc.start: 1}
    ends: dict[Any, int] = {}  # weights over the same (unwritten) whole as the live states'
    turn = 0
    while live and (proc.n is None or turn < proc.n):
        turn += 1
        laws = []
        for state in live:
            law = steps.get(state)
            if law is None:
                law = steps[state] = _evaluate(proc.step(turn, state)).weights()
                if proc.n is None:  # with no bound, a state that can come back would be stepped forever
                    edges[state] = tuple(v.state for v in law[0] if isinstance(v, Again))
                    if comes_back(edges, state):
                        raise ValueError("a repeat came back to a state it left: a chain that returns is an until")
            laws.append(law)
        common = lcm(*(d for _, d in laws))
        ends = {v: w * common for v, w in ends.items()}
        nxt: dict[Any, int] = {}
        for w, (ws, d) in zip(live.values(), laws, strict=True):
            scale = w * (common // d)
            for value, x in ws.items():
                if isinstance(value, Again):
                    nxt[value.state] = nxt.get(value.state, 0) + scale * x
                else:
                    ends[value] = ends.get(value, 0) + scale * x
        live = nxt
    for state, w in live.items():  # a bound reached: the state is the value
        ends[state] = ends.get(state, 0) + w
    return Dist.from_weights(ends)


def comes_back(edges: dict[Any, tuple[Any, ...]], state: Any) -> bool:
    """Whether ``state`` can be reached again from the states its step leads to, over the steps known so far (each
    state's next states, ``edges``): checked as each state's step is first derived, a cycle is found when its last
    step is."""
    todo, met = list(edges.get(state, ())), set()
    while todo:
        s = todo.pop()
        if s == state:
            return True
        if s not in met:
            met.add(s)
            todo.extend(edges.get(s, ()))
    return False


def _mapped(proc: Map[Any]) -> Dist[Any]:
    """A run of readings (and the events between them, which the law ignores) applied in one pass over the law
    of what they read (a die's law as its own reading makes it: faces read alike are one outcome already)."""
    fs = [proc.f]
    inner = proc.proc
    while isinstance(inner, (Map, Log)):
        if isinstance(inner, Map):
            fs.append(inner.f)
        inner = inner.proc
    fs.reverse()

    def composed(x: Any) -> Any:
        for f in fs:
            x = f(x)
        return x

    one = fs[0] if len(fs) == 1 else composed
    if isinstance(inner, Both):  # independent parts read together: their pairs are never built (``combine``)
        return _evaluate(inner.first).combine(_evaluate(inner.second), lambda x, y: one((x, y)))
    return _evaluate(inner).map(one)


@lru_cache(maxsize=8192)
def part_law(build: Any, args: tuple[Any, ...]) -> Dist[Any]:
    """The memoised law of a part (``cache_clear`` forgets it, for benchmarks)."""
    return _evaluate(build(*args))


@lru_cache(maxsize=4096)
def pool_law(n: int, sides: int, classes: tuple[frozenset[int], ...]) -> Dist[tuple[int, ...]]:
    """The multinomial law of how many of ``n`` dice fall in each class, written out in whole numbers: the counts
    ``c`` (the rest ``r`` in no class) have weight n! / (c_1! ... c_k! r!) * f_1^c_1 ... f_k^c_k * f_0^r out of
    ``sides ** n``, with ``f_i`` the faces of class i.

    >>> pool_law(2, 6, (frozenset({1, 2, 3}), frozenset({6})))[(1, 1)]
    Fraction(1, 6)
    """
    seen: set[int] = set()
    for c in classes:
        if c & seen or not c <= set(range(1, sides + 1)):
            raise ValueError("a pool's classes must be distinct faces of the die")
        seen |= c
    sizes = [len(c) for c in classes]
    rest = sides - len(seen)
    weights: dict[tuple[int, ...], int] = {}

    def place(i: int, left: int, counts: tuple[int, ...], ways: int) -> None:
        if i == len(sizes):
            weights[counts] = ways * rest**left
            return
        for k in range(left + 1):
            place(i + 1, left - k, (*counts, k), ways * comb(left, k) * sizes[i] ** k)

    place(0, n, (), 1)
    return Dist.from_weights(weights)
