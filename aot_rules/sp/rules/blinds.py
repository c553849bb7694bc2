"""Blinds (source §5.1): hidden troops as 6″ × 4″ cards, dummies, and terrain that hides by itself.

A blind stands for at most two Groups that share one task; it has three Action Dice a turn to
move, to look for the enemy or to put its Groups on the table.  Nothing here rolls dice: a
blind moves by the movement dice (``movement``) and looks by the spotting roll (``spotting``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import msg, vocabulary

#: A blind card's size in inches (length, width).
BLIND_SIZE = (6, 4)
#: Groups one blind may carry.
MAX_GROUPS = 2
#: Action Dice a blind has each turn.
BLIND_ACTION_DICE = 3


@vocabulary({"real": msg('a blind with troops'), "dummy": msg('a dummy blind')}, formerly={
    "a blind with troops": "real", "a dummy blind": "dummy"
})
class BlindKind(StrEnum):
    REAL = "real"
    DUMMY = "dummy"


@dataclass(frozen=True)
class Blind:
    """A blind card and the tasks of the Groups under it (empty for a dummy)."""

    tasks: tuple[str, ...] = ()
    kind: BlindKind = BlindKind.REAL

    def __post_init__(self) -> None:
        if self.kind is BlindKind.DUMMY and self.tasks:
            raise RuleError("SP-BLIND-DUMMY", msg("a dummy blind carries no troops"))
        if self.kind is BlindKind.REAL:
            if not 1 <= len(self.tasks) <= MAX_GROUPS:
                raise RuleError("SP-BLIND-BASICS", msg("a blind carries 1 or {top} Groups, not {count}",
                                                                top=MAX_GROUPS, count=len(self.tasks)))
            if len(set(self.tasks)) > 1:
                raise RuleError("SP-BLIND-BASICS", msg("Groups with different tasks need separate blinds"))


def blinds_needed(tasks: Sequence[str]) -> int:
    """The fewest blinds for Groups with these tasks: two Groups per card, one task per card.

    >>> blinds_needed(["hold the church", "hold the church"]), blinds_needed(["church", "wood"])
    (1, 2)
    """
    return sum(-(-n // MAX_GROUPS) for n in Counter(tasks).values())


def when_spotted(blind: Blind) -> str:
    """A spotted blind puts its figures on the table; a spotted dummy is simply removed."""
    return "removed" if blind.kind is BlindKind.DUMMY else "its Groups are placed on the table"


def leave_blind(dice_used: int, to_shoot: bool, senior_hero_initiative: int = 0) -> int:
    """Troops leave a blind at the start of its turn, before its dice do anything else (free of
    cost).  Leaving to shoot, they add the senior Hero's Initiative: returned is the Initiative
    they fire with (Reading: they fire as on that Hero's Initiative)."""
    if dice_used:
        raise RuleError("SP-BLIND-DEPLOY", msg("troops leave a blind before any of its dice are used"))
    if senior_hero_initiative < 0:
        raise RuleError("SP-BLIND-DEPLOY", msg("Initiative cannot be negative"))
    return senior_hero_initiative if to_shoot else 0

