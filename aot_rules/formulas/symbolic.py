"""The third reading of a dice procedure (:mod:`aot_rules.core.procedure`): its law in sympy.

Why: the player rolls a procedure and the exact evaluator (:mod:`aot_rules.core.evaluate`) sums it in
``Fraction``s; a "Show the mathematics" block wants the same law as algebra: a die's face classes as
probabilities ``k/s`` (or as symbols, where a parameter enters), a pool as its multinomial term in ``n``, parts
multiplied, a block of pools (a melee side's strikes) as the product of its dice's generating functions, a chain of
turns as the transition matrix of its step between classes of state (:func:`chain_matrix`).  This module walks the
same blocks the evaluator walks, so a formula cannot re-compose the dice by hand and drift from the rule.  It is a
face (it imports sympy); the odds path never loads it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, product
from typing import Any

import sympy as sp

from aot_rules.core.evaluate import comes_back
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

#: a law: value -> probability (a sympy expression: a ``Rational``, or a polynomial in a pool's symbols)
SymLaw = dict[Any, sp.Expr]
#: what stands for a pool's class probabilities: the pool -> one expression per class (None: ``k/s``)
Probabilities = Callable[[Pool], Sequence[sp.Expr] | None]


def pool_term(n: sp.Expr | int, ps: Sequence[sp.Expr], counts: Sequence[sp.Expr | int]) -> sp.Expr:
    """The multinomial term of a pool: ``n`` dice, class ``i`` showing with probability ``ps[i]`` and counted
    ``counts[i]`` times, the rest in no class: n! / (c_1! ... c_k! r!) p_1^c_1 ... p_k^c_k (1 - sum p)^r.  One
    class is the binomial term C(n, c) p^c (1 - p)^(n - c).  ``n`` and the counts may be symbols (the general
    formula) or numbers (one law)."""
    rest = n - sum(counts, sp.Integer(0))
    if len(ps) == 1:
        (p,), (c,) = ps, counts
        return sp.binomial(n, c) * p**c * (1 - p) ** rest
    coefficient = sp.factorial(n) / sp.Mul(*(sp.factorial(c) for c in counts)) / sp.factorial(rest)
    return coefficient * sp.Mul(*(p**c for p, c in zip(ps, counts, strict=True))) * (1 - sum(ps, sp.Integer(0))) ** rest


def class_probabilities(pool: Pool) -> tuple[sp.Rational, ...]:
    """Each class's share of the die's faces, k/s."""
    return tuple(sp.Rational(len(c), pool.sides) for c in pool.classes)


@dataclass(frozen=True)
class Met:
    """A :func:`~aot_rules.core.procedure.pools` block a procedure rolls: the chance it is rolled (``reach``), the
    values of the earlier dice that lead to it (``given``, outermost first: a stakes die before the strikes), and
    the reading its counts go through at once (``reading``: a side's hits from its pools' counts; None: the counts
    themselves)."""

    reach: sp.Expr
    given: tuple[Any, ...]
    block: Pools
    reading: Callable[[Any], Any] | None = None


def pools_met(proc: Proc[Any]) -> list[Met]:
    """Every :func:`pools` block the procedure rolls, in the order it rolls them, with the chance of each.

    Why: a block of pools is where a procedure's dice are many and alike (a melee side's strikes), so its generating
    function is a product worth writing (:func:`pools_pgf`).  Parts are followed in order; a step that depends on
    earlier dice is followed once per value of those dice (its chance read by :func:`law`) where those dice roll no
    block themselves; what follows a block (a shield die on its hits, a hit test) enters the law only.  Where some
    branch of such a step rolls a block and another none, the other is an empty block (no dice: generating function
    1), so the chances of a step's branches always add up to one."""
    return _Reader(None).met(proc)


def pools_pgf(met: Met, marks: Sequence[sp.Symbol]) -> tuple[tuple[tuple[sp.Expr, int], ...], sp.Poly]:
    """A block's generating function in ``marks`` (one per place of its reading's value, a whole number or a tuple
    of them): each pool's one-die generating function with its number of dice, and their product (a polynomial in
    the marks).

    Each class of a pool's faces adds ``k/s`` times the marks raised to what one die of that class adds to the
    reading; the product is then checked against the block's own law read by :func:`law` (a reading that is not a
    sum over the dice has no such product: ValueError), so it cannot say what the procedure does not."""
    block = met.block
    if not block.pools and met.reading is None:  # a branch that rolls no block
        return (), sp.Poly(1, *marks, domain="QQ")
    reading: Callable[[Any], Any] = met.reading or _flat

    def counts(at: tuple[int, int] | None) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(int((i, j) == at) for j in range(len(p.classes))) for i, p in enumerate(block.pools))

    def places(v: Any) -> tuple[int, ...]:
        out = (int(v),) if isinstance(v, int) else tuple(int(x) for x in v)
        if len(out) != len(marks) or min(out, default=0) < 0:
            raise ValueError(f"{out} is not a count for each of {len(marks)} marks")
        return out

    def poly(terms: dict[tuple[int, ...], sp.Expr]) -> sp.Poly:
        return sp.Poly.from_dict(terms, *marks, domain="QQ")

    base = places(reading(counts(None)))
    factors = []
    product = poly({base: sp.Integer(1)})
    for i, p in enumerate(block.pools):
        terms: dict[tuple[int, ...], sp.Expr] = {}
        for j, c in enumerate(p.classes):
            adds = places(tuple(x - y for x, y in zip(places(reading(counts((i, j)))), base, strict=True)))
            terms[adds] = terms.get(adds, sp.Integer(0)) + sp.Rational(len(c), p.sides)
        nothing = (0,) * len(marks)
        terms[nothing] = terms.get(nothing, sp.Integer(0)) + sp.Rational(
            p.sides - sum(len(c) for c in p.classes), p.sides)
        one = poly(terms)
        factors.append((one.as_expr(), p.n))
        product *= one**p.n
    read: dict[tuple[int, ...], sp.Expr] = {}
    for v, q in law(Map(block, reading)).items():
        read[places(v)] = read.get(places(v), sp.Integer(0)) + q
    if poly(read) != product:
        raise ValueError("the reading of this block's counts is not a sum over its dice")
    return tuple(factors), product


def _flat(counts: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    return tuple(c for cs in counts for c in cs)


def law(proc: Proc[Any], probabilities: Probabilities | None = None) -> SymLaw:
    """The procedure's law in sympy: every branch followed as the evaluator follows it, a die's outcome the share of
    the faces read alike, a pool the multinomial of its counts (with ``probabilities``, a pool's classes may be
    symbols, and the law is then a polynomial in them)."""
    return _Reader(probabilities).law(proc)


@dataclass
class _Reader:
    probabilities: Probabilities | None
    parts: dict[tuple[Any, tuple[Hashable, ...]], SymLaw] | None = None

    def law(self, proc: Proc[Any]) -> SymLaw:
        if isinstance(proc, Then):
            out: SymLaw = {}
            for x, px in self.law(proc.proc).items():
                for y, py in self.law(proc.k(x)).items():
                    out[y] = out.get(y, sp.Integer(0)) + px * py
            return _kept(out)
        if isinstance(proc, Map):
            return _kept(_gather((proc.f(x), p) for x, p in self.law(proc.proc).items()))
        if isinstance(proc, Die):
            return _gather((proc.read(face), sp.Rational(1, proc.sides)) for face in range(1, proc.sides + 1))
        if isinstance(proc, Pool):
            return self._pool(proc)
        if isinstance(proc, Log):
            return self.law(proc.proc)
        if isinstance(proc, Both):
            second = self.law(proc.second)
            return {(x, y): px * py for x, px in self.law(proc.first).items() for y, py in second.items()}
        if isinstance(proc, Done):
            return {proc.value: sp.Integer(1)}
        if isinstance(proc, Part):
            if self.parts is None:
                self.parts = {}
            key = (proc.build, proc.args)
            if key not in self.parts:
                self.parts[key] = self.law(proc.build(*proc.args))
            return self.parts[key]
        if isinstance(proc, Until):
            tried = self.law(proc.proc)
            accepted = {x: p for x, p in tried.items() if proc.accept(x)}
            total = sum(accepted.values(), sp.Integer(0))
            return {x: sp.cancel(p / total) for x, p in accepted.items()}
        if isinstance(proc, Repeat):
            return self._repeated(proc)
        if isinstance(proc, Pools):  # pools told together: the product of their multinomial laws
            out = {(): sp.Integer(1)}
            for one in proc.pools:
                counts = self._pool(one)
                out = {(*t, c): pt * pc for t, pt in out.items() for c, pc in counts.items()}
            return out
        raise TypeError(f"not a dice procedure: {proc!r}")

    def _repeated(self, proc: Repeat[Any]) -> SymLaw:
        """A repeat read as the evaluator reads it: the live states' law carried forward turn by turn (each state's
        step read once), the values that end it gathered as they come, and with a bound the live states after the
        last turn; an unbounded repeat that comes back to a state is refused, as the evaluator refuses it."""
        steps: dict[Any, SymLaw] = {}
        edges: dict[Any, tuple[Any, ...]] = {}
        live: SymLaw = {proc.start: sp.Integer(1)}
        ends: SymLaw = {}
        turn = 0
        while live and (proc.n is None or turn < proc.n):
            turn += 1
            nxt: SymLaw = {}
            for state, p in live.items():
                if state not in steps:
                    steps[state] = self.law(proc.step(turn, state))
                    if proc.n is None:
                        edges[state] = tuple(v.state for v in steps[state] if isinstance(v, Again))
                        if comes_back(edges, state):
                            raise ValueError("a repeat came back to a state it left: a chain that returns is an until")
                for value, q in steps[state].items():
                    if isinstance(value, Again):
                        nxt[value.state] = nxt.get(value.state, sp.Integer(0)) + p * q
                    else:
                        ends[value] = ends.get(value, sp.Integer(0)) + p * q
            live = _kept(nxt)
        for state, p in live.items():
            ends[state] = ends.get(state, sp.Integer(0)) + p
        return _kept(ends)

    def _pool(self, pool: Pool) -> SymLaw:
        ps = (self.probabilities(pool) if self.probabilities is not None else None) or class_probabilities(pool)
        out: SymLaw = {}
        for counts in product(range(pool.n + 1), repeat=len(pool.classes)):
            if sum(counts) <= pool.n:
                out[counts] = pool_term(pool.n, ps, counts)
        return _kept(out)

    def met(self, proc: Proc[Any]) -> list[Met]:
        """:func:`pools_met`, sharing this reader's parts."""
        if isinstance(proc, Pools):
            return [Met(sp.Integer(1), (), proc)]
        if isinstance(proc, Map):
            inner = proc.proc
            while isinstance(inner, Log):
                inner = inner.proc
            return [Met(sp.Integer(1), (), inner, proc.f)] if isinstance(inner, Pools) else self.met(proc.proc)
        if isinstance(proc, Log):
            return self.met(proc.proc)
        if isinstance(proc, Both):
            return self.met(proc.first) + self.met(proc.second)
        if isinstance(proc, Part):
            return self.met(proc.build(*proc.args))
        if isinstance(proc, Then):
            first = self.met(proc.proc)
            if first:
                return first
            branches = [(x, px, self.met(proc.k(x))) for x, px in self.law(proc.proc).items()]
            if not any(found for _, _, found in branches):
                return []
            return [Met(px * m.reach, (x, *m.given), m.block, m.reading)
                    for x, px, found in branches for m in found or [Met(sp.Integer(1), (), Pools(()))]]
        return []


def _gather(pairs: Iterable[tuple[Any, sp.Expr]]) -> SymLaw:
    out: SymLaw = {}
    for x, p in pairs:
        out[x] = out.get(x, sp.Integer(0)) + p
    return out


def _kept(law: SymLaw) -> SymLaw:
    """The outcomes that can happen (a number that is zero is dropped; a polynomial is kept)."""
    return {x: p for x, p in law.items() if not (p.is_number and p == 0)}


def marginals(law: Mapping[Any, Fraction]) -> dict[str, dict[Any, Fraction]]:
    """A law of records (named tuples) as the law of each field alone: what an outcome reports by name."""
    out: dict[str, dict[Any, Fraction]] = {}
    for v, q in law.items():
        for name, x in zip(type(v)._fields, v, strict=True):
            one = out.setdefault(name, {})
            one[x] = one.get(x, Fraction(0)) + q
    return out


def fractions(law: Mapping[Any, sp.Expr]) -> dict[Any, Fraction]:
    """A numeric law as exact ``Fraction``s (a symbol left standing is an error)."""
    from aot_rules.formulas.forms import frac

    return {x: frac(sp.expand(p)) for x, p in law.items()}


def root_pool(proc: Proc[Any]) -> tuple[Pool, list[Callable[[Any], Any]]] | None:
    """The pool a procedure starts from, and the readings applied to its counts on the way out, if the procedure is
    that pool read through ``map`` alone (events between them ignored): its law is the pool's, read."""
    maps: list[Callable[[Any], Any]] = []
    while isinstance(proc, (Map, Log)):
        if isinstance(proc, Map):
            maps.append(proc.f)
        proc = proc.proc
    if not isinstance(proc, Pool):
        return None
    maps.reverse()
    return proc, maps


def first_pool(proc: Proc[Any]) -> Pool | None:
    """The pool rolled first (the hits of a volley), following each step's first part."""
    while True:
        if isinstance(proc, Pool):
            return proc
        if isinstance(proc, (Map, Log, Then)):
            proc = proc.proc
        elif isinstance(proc, Both):
            proc = proc.first
        elif isinstance(proc, Part):
            proc = proc.build(*proc.args)
        else:
            return None


def root_chain(proc: Proc[Any]) -> tuple[Repeat[Any], list[Callable[[Any], Any]]] | None:
    """The chain a procedure steps (a :class:`~aot_rules.core.procedure.Repeat` with a bound), and the readings
    applied to its last state on the way out, if the procedure is that chain read through ``map`` alone (events
    between them ignored)."""
    maps: list[Callable[[Any], Any]] = []
    while isinstance(proc, (Map, Log)):
        if isinstance(proc, Map):
            maps.append(proc.f)
        proc = proc.proc
    if not isinstance(proc, Repeat) or proc.n is None:
        return None
    maps.reverse()
    return proc, maps


@dataclass(frozen=True)
class ChainMatrix:
    """A chain's states lumped into classes, and one step between the classes as a matrix: entry (a, b) is the chance
    that a state of class a steps into class b, times ``mark`` to the power of what the step adds to the chain's
    counter (1 where nothing is counted), so the powers of the matrix carry the counter's law as a polynomial."""

    classes: tuple[Hashable, ...]
    start: Hashable
    matrix: sp.Matrix

    def start_row(self) -> sp.Matrix:
        """The law before the first step: the start's class for certain."""
        return sp.Matrix([[int(c == self.start) for c in self.classes]])

    def after(self, n: int) -> sp.Matrix:
        """The row of each class's law after ``n`` steps (its entries polynomials in the mark), step by step."""
        v = self.start_row()
        for _ in range(n):
            v = (v * self.matrix).applyfunc(sp.expand)
        return v


def chain_matrix(proc: Repeat[Any], lump: Callable[[Any], Hashable], count: Callable[[Any], int] | None = None,
                 mark: sp.Symbol | None = None, order: Sequence[Hashable] = ()) -> ChainMatrix:
    """The transition matrix of a :func:`~aot_rules.core.procedure.chain`, read off its step: every state the chain
    reaches in its ``n`` steps is stepped once (its step's law read as :func:`law` reads it), the states it steps into
    lumped by ``lump`` into classes, and ``count`` (a whole-number counter the state carries, such as the changes of
    weather so far) marked by powers of ``mark``.  The lumping is checked, not assumed: two states of one class whose
    steps differ raise ``ValueError``.  ``order`` lists the classes in the order the matrix shows them (the rest follow
    as first reached)."""
    if proc.n is None:
        raise ValueError("a repeat with no bound is not a chain of turns")
    n = proc.n
    reader = _Reader(None)
    rows: dict[Hashable, dict[Hashable, sp.Expr]] = {}
    seen: set[Any] = {proc.start}
    frontier = [proc.start]
    i = 0
    while frontier:
        i += 1
        reached = []
        for state in frontier:
            row: dict[Hashable, sp.Expr] = {}
            for value, p in reader.law(proc.step(min(i, n), state)).items():
                if not isinstance(value, Again):
                    raise ValueError(f"a step of the chain ends it with {value!r}: not a chain of states")
                after = value.state
                gained = 0 if count is None else count(after) - count(state)
                weight = p * (mark**gained if mark is not None else 1)
                row[lump(after)] = sp.expand(row.get(lump(after), sp.Integer(0)) + weight)
                if after not in seen:
                    seen.add(after)
                    reached.append(after)
            row = {c: e for c, e in row.items() if e != 0}
            if lump(state) in rows and rows[lump(state)] != row:
                raise ValueError(f"states of the class {lump(state)!r} step differently: the chain is not lumped so")
            rows[lump(state)] = row
        # beyond the last step, only the states of a class that has no row yet are stepped (each class gets its row)
        frontier = reached if i <= n else [x for x in reached if lump(x) not in rows]
    classes = tuple(dict.fromkeys((*(c for c in order if c in rows), *rows)))
    matrix = sp.Matrix([[rows[a].get(b, sp.Integer(0)) for b in classes] for a in classes])
    return ChainMatrix(classes, lump(proc.start), matrix)


def fit_count(points: Iterable[tuple[Mapping[str, int], int]], names: Sequence[str], booleans: Sequence[str],
              most: int) -> sp.Expr | None:
    """A count of faces as a formula in the inputs: ``e``, or ``Max(0, Min(most, e))``, with ``e`` linear in the
    whole-number inputs and in the yes/no inputs and their pairs (a yes/no counting 1 or 0), solved exactly from
    every point, else from the points the clip leaves alone, and then checked at every point (None: no such formula
    gives every point)."""
    pts = list({tuple(int(kw[x]) for x in names): (kw, c) for kw, c in points}.values())  # one point per inputs
    numbers = [x for x in names if x not in booleans]
    flags = [tuple(c) for k in range(3) for c in combinations(booleans, k)]
    terms = [(f, x) for f in flags for x in (None, *numbers) if x is None or not f]
    coeffs = sp.symbols(f"a0:{len(terms)}")

    def monomial(kw: Mapping[str, int], term: tuple[tuple[str, ...], str | None]) -> int:
        f, x = term
        out = 1
        for b in f:
            out *= int(kw[b])
        return out * (int(kw[x]) if x is not None else 1)

    shown = {x: sp.Symbol(x) for x in names}
    # first with every point as an equation (no clip needed), then with only those the clip leaves alone
    for rows in (pts, [(kw, c) for kw, c in pts if 0 < c < most]):
        if not rows:
            continue
        solved = sp.linsolve((sp.Matrix([[monomial(kw, t) for t in terms] for kw, _ in rows]),
                              sp.Matrix([c for _, c in rows])), *coeffs)
        if not solved:
            continue
        (solution,) = solved
        free = {s: 0 for s in sp.Tuple(*solution).free_symbols}
        e = sp.Integer(0)
        for value, (f, x) in zip(solution, terms, strict=True):
            e += sp.sympify(value).subs(free) * sp.Mul(*(shown[b] for b in f)) * (shown[x] if x is not None else 1)
        e = _either(sp.expand(e), [shown[b] for b in booleans])
        count = e if rows is pts else sp.Max(0, sp.Min(most, e))
        if all(count.subs({shown[x]: int(kw[x]) for x in names}) == c for kw, c in pts):
            return count
    return None


def _either(e: sp.Expr, flags: Sequence[sp.Symbol]) -> sp.Expr:
    """``k(a + b - ab)`` written as ``k max(a, b)`` (one or the other, not both counts once), where it occurs."""
    for a, b in combinations(flags, 2):
        k = e.coeff(a * b)
        if k != 0 and sp.expand(e.coeff(a, 1).subs(b, 0)) == -k and sp.expand(e.coeff(b, 1).subs(a, 0)) == -k:
            e = sp.expand(e + k * (a + b - a * b)) - k * sp.Max(a, b)
    return e
