"""The law of a played rule, read off its dice tree: the recursion every mechanic obeys.

A rule's played face asks a :class:`~aot_rules.core.dice.DiceSource` for one die at a time.  Replaying
it with every prefix of faces and branching at the first die the prefix does not fix walks the whole
tree of the procedure, so the probability of any report is the law of total probability over the
first unfixed die,

    P(X = x | r_1..r_j) = 1/s * sum_{f=1..s} P(X = x | r_1..r_j, f),

which ends at the leaves, where the played face returns.  This is an exact derivation from the
*played* rule, independent of the mechanic's exact function, so the two can be compared with
``Fraction`` equality.  It imports the standard library and the core only (no sympy): the tests and
the mathematics blocks both use it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from typing import Any

from aot_rules.core.dice import DiceSource, SeededDice
from aot_rules.core.events import Roll

#: most leaves walked for one input record before giving up (6**5: five d6)
LEAF_BUDGET = 6**4  # four d6; larger trees are left to the engine's own recursion


class _Branch(BaseException):
    """Raised (not an ``Exception``, so no rule swallows it) where the prefix runs out of faces."""

    def __init__(self, sides: int) -> None:
        super().__init__(sides)
        self.sides = sides


class _Prefix(DiceSource):
    def __init__(self, faces: tuple[int, ...]) -> None:
        super().__init__()
        self.faces, self.pos = faces, 0

    def _next(self, sides: int) -> int:
        if self.pos == len(self.faces):
            raise _Branch(sides)
        face = self.faces[self.pos]
        self.pos += 1
        return face


class TooLarge(Exception):
    """The dice tree has more leaves than the budget allows."""


Leaf = tuple[Fraction, tuple[int, ...], Mapping[str, Hashable]]


def leaves(play: Callable[[Any, DiceSource], Mapping[str, Hashable]], record: Any,
           budget: int = LEAF_BUDGET) -> list[Leaf]:
    """Every path through the played rule: (its probability, the faces rolled, the report).

    A few seeded plays first: one path alone with more dice outcomes than the budget means the tree is
    too large, found at the cost of three plays rather than of the budget's worth.
    """
    rng = random.Random(0)
    for _ in range(3):
        probe = SeededDice(rng)
        play(record, probe)
        if math.prod(e.sides for e in probe.events(Roll)) > budget:
            raise TooLarge(f"more than {budget} dice outcomes")
    out: list[Leaf] = []
    todo: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    while todo:
        faces, weight = todo.pop()
        try:
            report = play(record, _Prefix(faces))
        except _Branch as branch:
            if len(out) + len(todo) + branch.sides > budget:
                raise TooLarge(f"more than {budget} dice outcomes") from None
            todo += [((*faces, f), weight / branch.sides) for f in range(branch.sides, 0, -1)]
            continue
        out.append((weight, faces, report))
    return out


def laws(tree: list[Leaf]) -> dict[str, dict[Hashable, Fraction]]:
    """Each reported name's exact law over the tree's leaves."""
    acc: dict[str, dict[Hashable, Fraction]] = {}
    for weight, _, report in tree:
        for name, value in report.items():
            law = acc.setdefault(name, {})
            law[value] = law.get(value, Fraction(0)) + weight
    return acc


def dice_count(tree: list[Leaf]) -> tuple[int, int]:
    """The fewest and the most dice any path rolls."""
    sizes = [len(faces) for _, faces, _ in tree]
    return min(sizes), max(sizes)
