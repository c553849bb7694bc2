"""The one type for a unit's ranks as a user enters them: formed warriors per rank, front first.

Every mechanic that takes a unit declares its ranks with this type (through the parameter kind "ranks"),
so every face refuses the same impossible units in the same words: no ranks or more than two, a negative
count, an empty front rank (a unit fights and shoots with its front rank; ``0,4`` is not a formation), or a
count no rank can hold.  What a *game* allows on top (AoT's density limits, mounted troops in one rank) is
the game's unit model's business (:class:`aot_rules.aot.units.Unit`), which every mechanic builds from
these ranks; the core knows no game.

A unit *in play* may come to have an empty front rank through losses (AOT-CASUALTY-REMOVAL takes the
longest rank first), so the game's unit model keeps its own, wider check; this type is for what is entered.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from aot_rules.core.i18n import Message, msg

#: At most this many ranks a unit stands in.
MOST_RANKS = 2
#: No rank of any game holds more warriors than this (a typo guard: the games' own limits are far lower).
MOST_PER_RANK = 99

#: How every face says what ranks it accepts.
ACCEPTS = msg("formed warriors per rank, front first, like 4 or 4,4: one or two ranks, the front rank 1 to {most}, "
              "a rear rank 0 to {most}", most=MOST_PER_RANK)


class Ranks(tuple[int, ...]):
    """Formed warriors per rank, front first, as entered: refuses what no unit can be.

    >>> Ranks((4, 4)), Ranks([3]).density
    ((4, 4), 3)
    >>> Ranks((0, 4))
    Traceback (most recent call last):
    ...
    ValueError: the front rank is empty: a unit needs formed warriors in its front rank
    """

    __slots__ = ()

    def __new__(cls, counts: Iterable[int]) -> Ranks:
        ranks = tuple(counts)
        problem = why_not(ranks)
        if problem:
            raise ValueError(str(problem))
        return super().__new__(cls, ranks)

    @property
    def density(self) -> int:
        """Formed warriors in the longest rank."""
        return max(self)

    @property
    def formed(self) -> int:
        return sum(self)


def why_not(ranks: tuple[object, ...]) -> Message | None:
    """Why ``ranks`` cannot be a unit's ranks as entered, or None when they can.

    >>> why_not((4, 4)), str(why_not((4, -1))), str(why_not((4, 4, 4)))
    (None, 'warrior counts cannot be negative', 'a unit stands in one or two ranks, not 3')
    >>> str(why_not((200,)))
    'a rank holds at most 99 warriors, not 200'
    """
    if not 1 <= len(ranks) <= MOST_RANKS:
        return msg("a unit stands in one or two ranks, not {count}", count=len(ranks))
    if not all(type(r) is int for r in ranks):
        return msg("warrior counts are whole numbers")
    counts = [int(r) for r in ranks]  # type: ignore[call-overload]  # each checked to be an int just above
    if any(r < 0 for r in counts):
        return msg("warrior counts cannot be negative")
    if max(counts) > MOST_PER_RANK:
        return msg("a rank holds at most {most} warriors, not {count}", most=MOST_PER_RANK, count=max(counts))
    if counts[0] == 0:
        return msg("the front rank is empty: a unit needs formed warriors in its front rank")
    return None


def ranks_from(numbers: Iterable[Fraction | None]) -> Ranks | None:
    """Ranks from parsed numbers (the option grammar's), or None if any is not a count or they are no unit."""
    counts: list[int] = []
    for n in numbers:
        if n is None or n.denominator != 1:
            return None
        counts.append(int(n))
    try:
        return Ranks(counts)
    except ValueError:
        return None
