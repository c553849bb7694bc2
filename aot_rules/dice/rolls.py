"""Where the engine's dice come from.

The rules code asks a ``DiceSource`` for each d6 it needs.  A seeded source
turns the procedure into a sampler; a scripted source replays the dice printed
in a worked example, so the book can show exactly what the rulebook shows.
"""

from __future__ import annotations

import random
from collections.abc import Iterable


class DiceSource:
    """Abstract source of d6 results; also records every roll for display."""

    def __init__(self) -> None:
        self.log: list[tuple[str, int]] = []

    def _next(self) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    def d6(self, why: str = "") -> int:
        v = self._next()
        if not 1 <= v <= 6:
            raise ValueError(f"a d6 cannot show {v}")
        self.log.append((why, v))
        return v

    def d6s(self, n: int, why: str = "") -> list[int]:
        return [self.d6(why) for _ in range(n)]


class SeededDice(DiceSource):
    """Pseudo-random dice from a seed: the same seed replays the same game."""

    def __init__(self, seed: int | random.Random) -> None:
        super().__init__()
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)

    def _next(self) -> int:
        return self.rng.randint(1, 6)

    def d6(self, why: str = "") -> int:  # fast path: samplers roll millions of dice
        return self.rng.randint(1, 6)


class FixedDice(DiceSource):
    """Dice read from a script, in order; running out is an error."""

    def __init__(self, rolls: Iterable[int]) -> None:
        super().__init__()
        self.rolls = list(rolls)
        self.pos = 0

    def _next(self) -> int:
        if self.pos >= len(self.rolls):
            raise ValueError("the scripted dice ran out")
        v = self.rolls[self.pos]
        self.pos += 1
        return v

    def exhausted(self) -> bool:
        return self.pos == len(self.rolls)
