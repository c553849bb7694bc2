"""An exact finite distribution over ``fractions.Fraction``.

Why a type of our own: the rulebook promises exact odds, and a float never
enters a result.  The type is deliberately small (in the spirit of icepool):
build distributions from dice and binomials, combine them with ``bind`` and
``map``, and read off tail probabilities and summary statistics.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from enum import Enum
from fractions import Fraction
from functools import cache, lru_cache
from math import comb, gcd, lcm
from typing import Any, Generic, TypeVar

from aot_rules.core.format import fraction_str

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)
V = TypeVar("V", bound=Hashable)

ONE = Fraction(1)
ZERO = Fraction(0)


class Dist(Generic[T]):
    """A probability distribution: outcome -> exact probability.

    Internally the probabilities are whole-number weights over one common
    denominator, which keeps every combinator in integer arithmetic (fast, and
    still exact); every probability handed out is a reduced ``Fraction``.
    Outcomes of zero probability are dropped, and the weights always add up to
    the denominator, i.e. the probabilities add up to exactly 1.

    >>> hits = Dist.binomial(4, Fraction(1, 2))   # four dice hitting on 1, 2, 3
    >>> hits[2], hits.p_ge(1), hits.mean()
    (Fraction(3, 8), Fraction(15, 16), Fraction(2, 1))
    >>> Dist.die(6).map(lambda f: f < 4)[True]
    Fraction(1, 2)
    """

    __slots__ = ("_den", "_w")

    def __init__(self, probs: Mapping[T, Fraction] | Iterable[tuple[T, Fraction]], *, check: bool = True):
        items = list(probs.items() if isinstance(probs, Mapping) else probs)
        den = 1
        for _, p in items:
            if not isinstance(p, (Fraction, int)) or isinstance(p, bool):
                raise TypeError(f"probabilities must be Fraction, got {type(p).__name__}")
            if p < 0:
                raise ValueError("negative probability")
            den = lcm(den, Fraction(p).denominator)
        acc: dict[T, int] = {}
        for o, p in items:
            f = Fraction(p)
            acc[o] = acc.get(o, 0) + f.numerator * (den // f.denominator)
        total = sum(acc.values())
        if total != den:
            if check:
                raise ValueError(f"probabilities add up to {Fraction(total, den)}, not 1")
            den = total
        self._w, self._den = _normalise(acc, den)

    @classmethod
    def from_weights(cls, weights: Mapping[T, int]) -> Dist[T]:
        """A distribution proportional to whole-number weights."""
        obj = cls.__new__(cls)
        w = {o: int(x) for o, x in weights.items() if x}
        if any(x < 0 for x in w.values()) or not w:
            raise ValueError("weights must be non-negative and not all zero")
        obj._w, obj._den = _normalise(w, sum(w.values()))
        return obj

    # --- constructors -------------------------------------------------
    @staticmethod
    def point(outcome: T) -> Dist[T]:
        """The certain outcome."""
        return Dist.from_weights({outcome: 1})

    @staticmethod
    def uniform(outcomes: Iterable[T]) -> Dist[T]:
        acc: dict[T, int] = {}
        for o in outcomes:
            acc[o] = acc.get(o, 0) + 1
        return Dist.from_weights(acc)

    @staticmethod
    def die(sides: int = 6) -> Dist[int]:
        """One fair die, faces 1..sides."""
        return _die(sides)

    @staticmethod
    def binomial(n: int, p: Fraction) -> Dist[int]:
        """Number of successes in ``n`` independent trials of probability ``p`` (a Fraction, never a float)."""
        if not isinstance(p, (Fraction, int)) or isinstance(p, bool):
            raise TypeError(f"binomial needs an exact probability (Fraction), got {type(p).__name__}")
        return _binomial(n, Fraction(p))

    @staticmethod
    def mixture(parts: Iterable[tuple[Fraction, Dist[T]]]) -> Dist[T]:
        """Weighted mixture; weights must add up to 1."""
        parts = list(parts)
        if sum((Fraction(w) for w, _ in parts), ZERO) != ONE:
            raise ValueError("mixture weights must add up to 1")
        weight_dist = Dist.from_weights(_weights_of(parts))
        return weight_dist.bind(lambda i: parts[i][1])

    # --- combinators --------------------------------------------------
    def map(self, f: Callable[[T], U]) -> Dist[U]:
        acc: dict[U, int] = {}
        for o, w in self._w.items():
            k = f(o)
            acc[k] = acc.get(k, 0) + w
        return _raw(acc, self._den)

    def bind(self, f: Callable[[T], Dist[U]]) -> Dist[U]:
        """Outcome-dependent continuation: the law of total probability."""
        subs = [(w, f(o)) for o, w in self._w.items()]
        common = 1
        for _, d in subs:
            common = lcm(common, d._den)
        acc: dict[U, int] = {}
        for w, d in subs:
            scale = w * (common // d._den)
            for k, x in d._w.items():
                acc[k] = acc.get(k, 0) + scale * x
        return _raw(acc, self._den * common)

    def __add__(self, other: Dist[Any]) -> Dist[Any]:
        """Convolution: the sum of two independent outcomes."""
        acc: dict[Any, int] = {}
        for a, wa in self._w.items():
            for b, wb in other._w.items():
                k = a + b
                acc[k] = acc.get(k, 0) + wa * wb
        return _raw(acc, self._den * other._den)

    def product(self, other: Dist[U]) -> Dist[tuple[T, U]]:
        """Independent joint distribution of two outcomes."""
        acc = {(a, b): wa * wb for a, wa in self._w.items() for b, wb in other._w.items()}
        return _raw(acc, self._den * other._den)

    def combine(self, other: Dist[U], f: Callable[[T, U], V]) -> Dist[V]:
        """The law of ``f(x, y)`` for independent ``x`` of this law and ``y`` of ``other``: ``product`` then
        ``map``, in one pass (no law of the pairs is built on the way)."""
        acc: dict[V, int] = {}
        theirs = list(other._w.items())
        for a, wa in self._w.items():
            for b, wb in theirs:
                k = f(a, b)
                acc[k] = acc.get(k, 0) + wa * wb
        return _raw(acc, self._den * other._den)

    def condition(self, pred: Callable[[T], bool]) -> Dist[T]:
        """The distribution given that ``pred`` holds."""
        kept = {o: w for o, w in self._w.items() if pred(o)}
        if not kept:
            raise ValueError("conditioning on an impossible event")
        return Dist.from_weights(kept)

    def marginal(self, field: str) -> Dist[Any]:
        """The law of one named field of a joint outcome (a ``NamedTuple`` record).

        >>> from typing import NamedTuple
        >>> class KD(NamedTuple):
        ...     killed: int
        ...     disordered: int
        >>> Dist.uniform([KD(0, 1), KD(1, 1)]).marginal("disordered")
        Dist({1: 1})
        """
        return self.map(lambda o: getattr(o, field))

    # --- queries ------------------------------------------------------
    def prob(self, pred: Callable[[T], bool]) -> Fraction:
        return Fraction(sum(w for o, w in self._w.items() if pred(o)), self._den)

    def __getitem__(self, outcome: T) -> Fraction:
        return Fraction(self._w.get(outcome, 0), self._den)

    def __iter__(self) -> Iterator[T]:
        return iter(sorted(self._w, key=_sort_key))

    def __len__(self) -> int:
        return len(self._w)

    def items(self) -> list[tuple[T, Fraction]]:
        return [(o, Fraction(self._w[o], self._den)) for o in self]

    def weights(self) -> tuple[dict[T, int], int]:
        """Whole-number weights and their common denominator (for compact tables)."""
        return dict(self._w), self._den

    def outcomes(self) -> list[T]:
        return list(self)

    def total(self) -> Fraction:
        return Fraction(sum(self._w.values()), self._den)

    def p_ge(self, n: Any) -> Fraction:
        """P(outcome >= n)."""
        return self.prob(lambda o: o >= n)

    def p_le(self, n: Any) -> Fraction:
        """P(outcome <= n)."""
        return self.prob(lambda o: o <= n)

    def mean(self) -> Fraction:
        return Fraction(sum(o * w for o, w in self._w.items()), self._den)

    def median(self) -> Any:
        """The smallest outcome m with P(outcome <= m) >= 1/2."""
        run = 0
        for o in self:
            run += self._w[o]
            if run * 2 >= self._den:
                return o
        raise ValueError("empty distribution")

    def mode(self) -> Any:
        """The most likely outcome (the smallest one on a tie)."""
        best = max(self._w.values())
        return next(o for o in self if self._w[o] == best)

    def to_json(self) -> dict[str, str]:
        return {str(o): fraction_str(p) for o, p in self.items()}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dist) and self._den == other._den and self._w == other._w

    def __hash__(self) -> int:
        return hash((frozenset(self._w.items()), self._den))

    def __repr__(self) -> str:
        body = ", ".join(f"{o!r}: {fraction_str(p)}" for o, p in self.items())
        return f"Dist({{{body}}})"


def _weights_of(parts: list[tuple[Fraction, Dist[Any]]]) -> dict[int, int]:
    den = 1
    for w, _ in parts:
        den = lcm(den, Fraction(w).denominator)
    return {i: int(Fraction(w) * den) for i, (w, _) in enumerate(parts)}


def _normalise(w: dict[Any, int], den: int) -> tuple[dict[Any, int], int]:
    w = {o: x for o, x in w.items() if x}
    g = den
    for x in w.values():
        g = gcd(g, x)
        if g == 1:
            break
    if g > 1:
        w = {o: x // g for o, x in w.items()}
        den //= g
    return w, den


def _raw(w: dict[Any, int], den: int) -> Dist[Any]:
    obj: Dist[Any] = Dist.__new__(Dist)
    obj._w, obj._den = _normalise(w, den)
    return obj


def _sort_key(o: Any) -> tuple[int, Any]:
    """Numbers and records in their own order; enum members in the order their enum lists them
    (its natural reading order, such as A wins · continue · B wins); anything else by its text."""
    if isinstance(o, Enum):
        return (0, list(type(o)).index(o))
    return (0, o) if isinstance(o, (int, Fraction, tuple)) else (1, str(o))


@cache
def _die(sides: int) -> Dist[int]:
    if sides < 1:
        raise ValueError("a die needs at least one side")
    return Dist.uniform(range(1, sides + 1))


@lru_cache(maxsize=4096)
def _binomial(n: int, p: Fraction) -> Dist[int]:
    if n < 0 or not 0 <= p <= 1:
        raise ValueError("binomial needs n >= 0 and 0 <= p <= 1")
    a, b = p.numerator, p.denominator - p.numerator
    return _raw({k: comb(n, k) * a**k * b ** (n - k) for k in range(n + 1)}, p.denominator**n)
