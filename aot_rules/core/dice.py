"""Where the dice come from, and the log of what they did.

Rules code asks a ``DiceSource`` for each d6 it needs and reports what happened
through :meth:`DiceSource.emit`.  A seeded source turns a played rule into a
sampler; a scripted source replays the dice printed in a worked example.  Both
keep the same log, so a sample and a worked example are told the same way.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import TypeVar

from aot_rules.core.events import NO_CAPTION, DieEffect, Event, Roll
from aot_rules.core.i18n import Message

E = TypeVar("E", bound=Event)


class DiceSource:
    """A source of dice results (d6 unless asked otherwise) that records every roll and event.

    >>> from aot_rules.core.i18n import msg
    >>> dice = FixedDice([2, 5])
    >>> dice.d6(msg("hit"), lambda f: DieEffect.HIT if f < 4 else DieEffect.NONE), dice.d6(msg("hit"))
    (2, 5)
    >>> [(r.face, r.effect.value) for r in dice.events(Roll)]
    [(2, 'hit'), (5, '')]
    """

    def __init__(self) -> None:
        self.log: list[Event] = []

    def _next(self, sides: int) -> int:
        raise NotImplementedError

    def die(self, sides: int, why: Message = NO_CAPTION, judge: Callable[[int], DieEffect] | None = None) -> int:
        """Roll one die of ``sides`` faces (the companion systems also roll d10 and d20); ``judge``
        says what the face did, for the log."""
        v = self._next(sides)
        if not 1 <= v <= sides:
            raise ValueError(f"a d{sides} cannot show {v}")
        self.log.append(Roll(why, v, judge(v) if judge else DieEffect.NONE, sides))
        return v

    def d6(self, why: Message = NO_CAPTION, judge: Callable[[int], DieEffect] | None = None) -> int:
        """Roll one d6; ``judge`` says what the face did, for the log."""
        return self.die(6, why, judge)

    def d6s(self, n: int, why: Message = NO_CAPTION, judge: Callable[[int], DieEffect] | None = None) -> list[int]:
        return [self.d6(why, judge) for _ in range(n)]

    def emit(self, event: E) -> E:
        """Record what a rule decided; returns the event so a rule can emit and use it at once."""
        self.log.append(event)
        return event

    def events(self, kind: type[E]) -> list[E]:
        """The logged events of one kind, in order."""
        return [e for e in self.log if isinstance(e, kind)]


class SeededDice(DiceSource):
    """Pseudo-random dice from a seed: the same seed replays the same game."""

    def __init__(self, seed: int | random.Random) -> None:
        super().__init__()
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def _next(self, sides: int) -> int:
        return self.rng.randint(1, sides)


class FixedDice(DiceSource):
    """Dice read from a script, in order; running out is an error."""

    def __init__(self, rolls: Iterable[int]) -> None:
        super().__init__()
        self.rolls = list(rolls)
        self.pos = 0

    def _next(self, sides: int) -> int:
        if self.pos >= len(self.rolls):
            raise ValueError("the scripted dice ran out")
        v = self.rolls[self.pos]
        self.pos += 1
        return v

    def exhausted(self) -> bool:
        return self.pos == len(self.rolls)
