"""A worked example: the situation in words, and the event log of the engine playing it.

Every rule system keeps its worked examples in its own ``examples`` module as a
mapping from example ID to a function building an :class:`Example`;
:func:`aot_rules.systems.example` finds one by ID, and the book replays it
(dice strip, numbered steps, exact odds, pictures) from the log alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from aot_rules.core.events import Event
from aot_rules.core.i18n import Message


@dataclass(frozen=True)
class Example:
    """One worked example: the situation, and the log of what the engine did.

    ``before``, ``after`` and ``figures`` hold units of the example's own rule system, for the
    pictures; a system with nothing to draw leaves them empty.  Every text is a catalogue message, rendered
    when a page shows it, so the same example reads in the language of each edition.
    """

    example_id: str
    title: Message
    intro: tuple[Message, ...]
    log: tuple[Event, ...]
    before: Any = None
    after: Any = None
    exact: tuple[tuple[Message, Fraction], ...] = ()
    illustrative_dice: bool = False
    figures: tuple[tuple[Message, Any], ...] = ()  # extra units to draw, with captions
    notes: tuple[Message, ...] = ()  # said after the steps
    legend: Message | None = None  # what the dice colours mean, where it is not hits and saves
