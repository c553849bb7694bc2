"""The event log: one typed record of what happened, in order.

The played face of every rule emits events into the log of the dice source it
rolls with; worked examples, dice strips, animations and (later) the table-top
engine read that log instead of re-deriving what happened.  Only the ``Roll``
event is generic; each rule system defines the rest (``aot_rules.aot.events``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


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
    """One die rolled: why, the face, and what it did."""

    purpose: str
    face: int
    effect: DieEffect = DieEffect.NONE
    sides: int = 6


@dataclass(frozen=True, slots=True)
class Said(Event):
    """A step told in plain words: how the companion systems' small rules log what they decided,
    without an event type per sentence."""

    text: str
