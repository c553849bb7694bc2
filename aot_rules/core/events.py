"""The event log: one typed record of what happened, in order.

The played face of every rule emits events into the log of the dice source it
rolls with; worked examples, dice strips, animations and (later) the table-top
engine read that log instead of re-deriving what happened.  Only the ``Roll``
event is generic; each rule system defines the rest (``aot_rules.aot.events``).

No event holds English that code reads (issue #19).  Every ``str`` field says what it holds with a mark
(:class:`Text`): a piece's id, a name shown beside it, a rule ID, or a display-only sentence that nothing parses.
The marks live here, below every rule system and the table, so the rules' events and the table's use the same
ones; a closed vocabulary is an enum instead, and a number is a number.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Annotated

from aot_rules.core.i18n import Message, msg


class Text(Enum):
    """The only things a ``str`` field of an event may hold (the mark its type carries, ``Annotated[str, ...]``)."""

    PIECE = "piece"  # a piece's id on the table ("" where the field names none)
    NAME = "name"  # a name shown to a reader: a unit's, an army's, a commander's, a terrain piece's ("" for none)
    RULE = "rule"  # a rule's ID from the rules index ("AOT-MELEE-RETREAT")
    DISPLAY = "display"  # a sentence shown to a reader as the engine said it; nothing parses it


PieceId = Annotated[str, Text.PIECE]
Name = Annotated[str, Text.NAME]
RuleId = Annotated[str, Text.RULE]
Display = Annotated[str, Text.DISPLAY]
#: A display-only sentence or caption as a catalogue message: rendered in the reader's language when shown.
Caption = Annotated[Message, Text.DISPLAY]
#: The caption of a die rolled without one (renders as "").
NO_CAPTION = Message("")


class DieEffect(StrEnum):
    """What one die did, for the dice strip: nothing, a hit, a save or a failed test."""

    NONE = ""
    HIT = "hit"
    SAVE = "save"
    FAIL = "fail"


@dataclass(frozen=True, slots=True)
class Event:
    """Base class of every logged event."""


@dataclass(frozen=True, slots=True)
class Roll(Event):
    """One die rolled: why, the face, and what it did.  ``purpose`` is the die's caption in a dice strip ("hit",
    "shield wall", "Gauls sword"): shown beside the face, never parsed; what the die did is ``effect``, and the
    events beside it say what it decided."""

    purpose: Caption = field(compare=False)  # words, not a fact: no record holds them
    face: int
    effect: DieEffect = DieEffect.NONE
    sides: int = 6


@dataclass(frozen=True, slots=True)
class Said(Event):
    """A step told in plain words: how the companion systems' small rules log what they decided,
    without an event type per sentence.  Display only: the companion systems' worked examples show it as written,
    and no code reads it (an Art of Tactics or table-top record never holds one)."""

    text: Caption = field(compare=False)  # words, not a fact: no record holds them


def clauses(parts: Sequence[Message]) -> Message:
    """Whole clauses told one after another ("the die shows 4, +1 for the order, −1 for the ground"), joined by a
    separator each language writes its own way, so a step with optional parts stays one message of messages."""
    if not parts:
        raise ValueError("clauses() needs at least one clause")
    out = parts[0]
    for part in parts[1:]:
        out = msg("{clauses}, {clause}", clauses=out, clause=part)
    return out
