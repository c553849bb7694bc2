"""Registered set-up dice: the terrain bid's opening offer and the meeting engagement's placing rounds."""

from __future__ import annotations

from dataclasses import dataclass

from aot_rules.aot.rules.setup import MAX_ROUNDS, meeting_exact, opening_exact, play_meeting, roll_opening
from aot_rules.core.dice import DiceSource
from aot_rules.core.i18n import msg
from aot_rules.core.outcome import Outcome
from aot_rules.core.params import param
from aot_rules.core.registry import Mechanic, Registry, Sample


@dataclass(frozen=True)
class BidInput:
    """No inputs: two dice, the higher one opens."""


def bid_outcome(_: BidInput) -> Outcome:
    return Outcome.of(opening_exact(), "opening", labels={"opening": msg("terrain elements in the opening offer")})


def bid_play(_: BidInput, dice: DiceSource) -> Sample:
    return {"opening": roll_opening(dice)}


@dataclass(frozen=True)
class MeetingInput:
    rounds: int = param(6, msg("placing rounds rolled"), lo=1, hi=MAX_ROUNDS)


def meeting_outcome(p: MeetingInput) -> Outcome:
    return Outcome.of(meeting_exact(p.rounds), "won", labels={"won": msg("rounds I win (and place something)")})


def meeting_play(p: MeetingInput, dice: DiceSource) -> Sample:
    return {"won": play_meeting(p.rounds, dice)}


def register(reg: Registry) -> None:
    reg.add(Mechanic(
        rule_id="AOT-TERRAIN-BID", key="terrain-bid", title=msg("The terrain bid's opening offer"),
        summary=msg("Both roll; the higher roller opens the bid with his own number of terrain elements."),
        record_type=BidInput, exact=bid_outcome, play=bid_play))
    reg.add(Mechanic(
        rule_id="AOT-MEETING", key="meeting", title=msg("Meeting engagement: placing rounds"),
        summary=msg("Each round both roll; the higher places one terrain element or his camp."),
        record_type=MeetingInput, exact=meeting_outcome, play=meeting_play))
