"""Brute-force helpers the exotic-troop tests share: laws written out over raw dice, never by the engine.

Import as ``from brute import …`` (``tests/`` is on the path, as for ``support``).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable
from fractions import Fraction as F
from typing import TypeVar

from aot_rules.aot.rules.melee import MeleeResult

T = TypeVar("T")
FACES = range(1, 7)


def law(pairs: Iterable[tuple[T, F]]) -> dict[T, F]:
    """Accumulate (outcome, probability) pairs; impossible outcomes are left out, as ``Dist`` does."""
    acc: dict[T, F] = {}
    for o, p in pairs:
        acc[o] = acc.get(o, F(0)) + p
    assert sum(acc.values()) == 1
    return {o: p for o, p in acc.items() if p}


def hit_count_law(n: int, hits_on: Callable[[int], bool]) -> dict[int, F]:
    """How many of ``n`` dice hit, by enumerating every face of every die."""
    return law((sum(map(hits_on, faces)), F(1, 6 ** n)) for faces in itertools.product(FACES, repeat=n))


@functools.cache
def hit_counts(n: int, faces: frozenset[int]) -> dict[int, F]:
    """``hit_count_law`` for a set of hitting faces, remembered (the grid tests ask for the same dice often)."""
    return hit_count_law(n, faces.__contains__)


def density_left(ranks: tuple[int, ...], lost: int) -> int:
    """AOT-CASUALTY-REMOVAL written out again: one at a time off the longest rank, the front one on a tie."""
    r = list(ranks)
    for _ in range(lost):
        r[r.index(max(r))] -= 1
    return max(r)


def compare(da: int, db: int) -> MeleeResult:
    """AOT-MELEE-RESULT written out again: the higher density left wins."""
    return MeleeResult.A_WINS if da > db else MeleeResult.B_WINS if db > da else MeleeResult.CONTINUE
