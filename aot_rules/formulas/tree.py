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
from collections import deque
from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from typing import Any, NamedTuple

from aot_rules.core.dice import DiceSource, SeededDice
from aot_rules.core.events import NO_CAPTION, DieEffect, Roll
from aot_rules.core.i18n import Message

#: most leaves walked for one input record before giving up (6**5: five d6)
LEAF_BUDGET = 6**4  # four d6; larger trees are left to the engine's own recursion


class _Branch(BaseException):
    """Raised (not an ``Exception``, so no rule swallows it) where the prefix runs out of faces: the
    branches at that die, each a face standing for its class of faces and the class's probability."""

    def __init__(self, branches: list[tuple[int, Fraction]]) -> None:
        super().__init__(len(branches))
        self.branches = branches


def _classes(sides: int, judge: Callable[[int], DieEffect] | None, merge: bool) -> list[tuple[int, Fraction]]:
    """The branches at one die: every face alone, or, with ``merge``, a strike die's faces pooled by what its
    judge says they do (hit or not), each pool standing on its lowest face."""
    effects = {judge(f) for f in range(1, sides + 1)} if judge is not None else set()
    if merge and judge is not None and effects == {DieEffect.HIT, DieEffect.NONE}:
        pools: dict[DieEffect, list[int]] = {}
        for f in range(1, sides + 1):
            pools.setdefault(judge(f), []).append(f)
        return [(fs[0], Fraction(len(fs), sides)) for fs in pools.values()]
    return [(f, Fraction(1, sides)) for f in range(1, sides + 1)]


class _Prefix(DiceSource):
    def __init__(self, faces: tuple[int, ...], merge: bool = False) -> None:
        super().__init__()
        self.faces, self.pos, self.merge = faces, 0, merge

    def die(self, sides: int, why: Message = NO_CAPTION, judge: Callable[[int], DieEffect] | None = None) -> int:
        if self.pos == len(self.faces):
            raise _Branch(_classes(sides, judge, self.merge))
        return super().die(sides, why, judge)

    def _next(self, sides: int) -> int:
        face = self.faces[self.pos]
        self.pos += 1
        return face


class _Probe(SeededDice):
    """Seeded dice that also count the branches each die would open (its faces, or its merged pools)."""

    def __init__(self, rng: random.Random, merge: bool) -> None:
        super().__init__(rng)
        self.merge, self.paths = merge, 1

    def die(self, sides: int, why: Message = NO_CAPTION, judge: Callable[[int], DieEffect] | None = None) -> int:
        self.paths *= len(_classes(sides, judge, self.merge))
        return super().die(sides, why, judge)


class TooLarge(Exception):
    """The dice tree has more leaves than the budget allows."""


Leaf = tuple[Fraction, tuple[int, ...], Mapping[str, Hashable]]


def leaves(play: Callable[[Any, DiceSource], Mapping[str, Hashable]], record: Any,
           budget: int = LEAF_BUDGET, *, merge: bool = False, probe: int | None = None) -> list[Leaf]:
    """Every path through the played rule: (its probability, the faces rolled, the report).

    A few seeded plays first: one path alone with more dice outcomes than the budget means the tree is
    too large, found at the cost of three plays rather than of the budget's worth (``probe``: the most
    outcomes one path may show, the budget unless given).  ``merge``: a strike
    die branches once per pool of faces its judge calls alike (see :func:`_classes`), which is exact for a
    rule that reads such a die only as hit or not.
    """
    rng = random.Random(0)
    for _ in range(3):
        seeded = _Probe(rng, merge)
        play(record, seeded)
        if seeded.paths > (budget if probe is None else probe):
            raise TooLarge(f"more than {budget} dice outcomes")
    out, cut = walk(play, record, budget, merge=merge)
    assert not cut  # no depth limit: every path ends
    return out


def walk(play: Callable[[Any, DiceSource], Mapping[str, Hashable]], record: Any, budget: int = LEAF_BUDGET, *,
         depth: int | None = None, merge: bool = False) -> tuple[list[Leaf], Fraction]:
    """The paths that end within ``depth`` dice, and the probability of the paths cut there (the
    recursion over each die, unrolled from the first)."""
    out: list[Leaf] = []
    cut = Fraction(0)
    # Breadth first: a tree over the budget shows it once its frontier does, after few and short plays (depth
    # first, it would play about the budget's worth of whole paths first).
    todo: deque[tuple[tuple[int, ...], Fraction]] = deque([((), Fraction(1))])
    while todo:
        faces, weight = todo.popleft()
        try:
            report = play(record, _Prefix(faces, merge))
        except _Branch as branch:
            if depth is not None and len(faces) >= depth:
                cut += weight
                continue
            if len(out) + len(todo) + len(branch.branches) > budget:
                raise TooLarge(f"more than {budget} dice outcomes") from None
            todo += [((*faces, f), weight * p) for f, p in branch.branches]
            continue
        out.append((weight, faces, report))
    out.sort(key=lambda leaf: leaf[1])  # in the order of the faces rolled
    return out, cut


class Renewal(NamedTuple):
    """A procedure that starts again after a round that settles nothing (a tie rolled again)."""

    #: dice in one round
    round: int
    #: the chance that a round settles nothing
    again: Fraction
    #: each reported name's law
    laws: dict[str, dict[Hashable, Fraction]]


def renewal(play: Callable[[Any, DiceSource], Mapping[str, Hashable]], record: Any,
            budget: int = LEAF_BUDGET) -> Renewal:
    """The law of a procedure that rolls a round of dice and, when the round settles nothing, starts
    again: with ``a`` the law of the paths one round settles and ``t`` the chance it settles nothing,
    P(X = x) = a(x) + t P(X = x), so P(X = x) = a(x) / (1 - t).

    The round is the fewest dice any seeded play rolls.  A law is kept only if the same law comes out when
    two rounds are unrolled before solving: what a restart does not reset (how many rounds it took) is
    dropped, and with nothing kept the procedure does not restart like that (TooLarge).
    """
    rng = random.Random(0)
    plays: list[list[int]] = []
    for _ in range(3):
        probe = SeededDice(rng)
        play(record, probe)
        plays.append([e.sides for e in probe.events(Roll)])
    shortest = min(plays, key=len)
    r = len(shortest)
    if r == 0 or math.prod(shortest) > budget:
        raise TooLarge("no round of dice within the budget")
    solved = []
    for depth in (r, 2 * r):
        tree, again = walk(play, record, budget, depth=depth)
        if not tree or again == 0:
            raise TooLarge("the procedure never starts again")
        solved.append(Renewal(depth, again, {k: {v: p / (1 - again) for v, p in law.items()}
                                             for k, law in laws(tree).items()}))
    kept = {k: law for k, law in solved[0].laws.items() if solved[1].laws.get(k) == law}
    if not kept:
        raise TooLarge("the procedure does not start again the same way")
    return solved[0]._replace(laws=kept)


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
