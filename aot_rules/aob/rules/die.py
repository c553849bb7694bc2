"""The game die of Age of Battles: the correction sheet never names it (AOB-CLASH, Reading 1).

Defence values of up to 10 and a Glory cap of 20 point to a twenty-sided die, so every rule of
this package defaults to a d20; the d6, d10 and d12 stay selectable so that a reader can see how
much each answer rests on that Reading.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction

from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import Message, msg, vocabulary


@vocabulary({'d20': msg('d20'), 'd6': msg('d6'), 'd10': msg('d10'), 'd12': msg('d12')})
class GameDie(StrEnum):
    """The die every roll of the game uses (one type for the whole game)."""

    D20 = "d20"
    D6 = "d6"
    D10 = "d10"
    D12 = "d12"

    @property
    def sides(self) -> int:
        """Number of faces: ``GameDie.D12.sides == 12``."""
        return int(self.value[1:])


@vocabulary({"at-most": msg('roll at most T'), "at-least": msg('roll at least T')}, formerly={
    "roll at most T": "at-most", "roll at least T": "at-least"
})
class Direction(StrEnum):
    """Which faces make a clash roll succeed against its target T (AOB-CLASH, Reading 2)."""

    AT_MOST = "at-most"
    AT_LEAST = "at-least"

    def need(self, target: int) -> Message:
        """The roll a side needs, in words: ``str(Direction.AT_MOST.need(7)) == "7 or less"``."""
        if self is Direction.AT_MOST:
            return msg("{target} or less", target=target)
        return msg("{target} or more", target=target)


def succeeds(face: int, target: int, direction: Direction = Direction.AT_MOST) -> bool:
    """Whether ``face`` meets the target.

    Factors *raise* T, and a bonus must help, so the Reading is that a roll of T or less succeeds;
    the other direction is kept as an option because the sheet only says the number must be "thrown".

    >>> succeeds(7, 7), succeeds(8, 7), succeeds(8, 7, Direction.AT_LEAST)
    (True, False, True)
    """
    return face <= target if direction is Direction.AT_MOST else face >= target


def success_chance(target: int, die: GameDie, direction: Direction = Direction.AT_MOST) -> Fraction:
    """P(one roll meets T): the number of good faces over the die's faces, so a target beyond the
    die's range is simply certain (or hopeless) rather than an error.

    >>> success_chance(7, GameDie.D20), success_chance(25, GameDie.D20), success_chance(-2, GameDie.D6)
    (Fraction(7, 20), Fraction(1, 1), Fraction(0, 1))
    >>> success_chance(15, GameDie.D20, Direction.AT_LEAST)
    Fraction(3, 10)
    """
    s = die.sides
    good = min(max(target, 0), s) if direction is Direction.AT_MOST else min(max(s - target + 1, 0), s)
    return Fraction(good, s)


def check_face(face: int, die: GameDie, rule_id: str) -> None:
    """Refuse a face the die cannot show (a typed-in worked example, say)."""
    if not 1 <= face <= die.sides:
        raise RuleError(rule_id, msg("a {die} shows 1 to {sides}, not {face}", die=die.value, sides=die.sides,
                                       face=face))
