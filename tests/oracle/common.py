"""Shared helpers of the oracles: dice enumeration, exact laws, casualty removal (AOT-CASUALTY-REMOVAL)."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from typing import TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V", bound=Hashable)

#: the six faces of a d6
FACES = range(1, 7)

def rolls(n: int) -> Iterator[tuple[int, ...]]:
    """Every ordered roll of ``n`` d6, each of weight 1 out of 6**n."""
    return itertools.product(FACES, repeat=n)


def law_of(outcomes: Iterable[K], total: int) -> dict[K, Fraction]:
    """Count equally likely outcomes into an exact law over ``total`` cases."""
    counts = Counter(outcomes)
    if sum(counts.values()) != total:
        raise AssertionError("the enumeration missed or repeated some rolls")
    return {k: Fraction(v, total) for k, v in counts.items()}


def enumerate_law(n: int, f: Callable[[tuple[int, ...]], K]) -> dict[K, Fraction]:
    """The law of ``f(roll)`` over all 6**n rolls of ``n`` dice."""
    return law_of((f(r) for r in rolls(n)), 6**n)


def image(law: Mapping[K, Fraction], f: Callable[[K], V]) -> dict[V, Fraction]:
    """The law of ``f(X)`` for ``X`` with law ``law`` (a marginal when ``f`` projects)."""
    out: dict[V, Fraction] = {}
    for k, p in law.items():
        v = f(k)
        out[v] = out.get(v, Fraction(0)) + p
    return out


def product(a: Mapping[K, Fraction], b: Mapping[V, Fraction]) -> dict[tuple[K, V], Fraction]:
    """The joint law of two independent outcomes."""
    return {(x, y): p * q for x, p in a.items() for y, q in b.items()}


def prob(law: Mapping[K, Fraction], pred: Callable[[K], bool]) -> Fraction:
    """P(pred(X))."""
    return sum((p for k, p in law.items() if pred(k)), Fraction(0))


def remove(ranks: tuple[int, ...], n: int) -> tuple[int, ...]:
    """AOT-CASUALTY-REMOVAL: take ``n`` warriors off, one at a time, from the longest rank; on a tie
    the one nearest the front. At most every formed warrior goes."""
    r = list(ranks)
    for _ in range(min(n, sum(r))):
        longest = max(r)
        r[r.index(longest)] -= 1
    return tuple(r)


def density(ranks: tuple[int, ...]) -> int:
    """AOT-DENSITY: formed warriors in the longest rank (0 for nobody left)."""
    return max(ranks, default=0)


def depth(ranks: tuple[int, ...]) -> int:
    """The density seen from the flank: the number of ranks that still hold a formed warrior."""
    return sum(1 for x in ranks if x > 0)


def ranks_of(density_: int, formed: int) -> tuple[int, ...]:
    """A unit of this density with ``formed`` warriors, in one rank or two (front rank full)."""
    if not density_ <= formed <= 2 * density_:
        raise ValueError("a unit of density D has D to 2D formed warriors")
    return (density_,) if formed == density_ else (density_, formed - density_)
