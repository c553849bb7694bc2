"""Registered set-up dice: the terrain bid's opening offer and the meeting engagement's placing rounds."""

from __future__ import annotations

from dataclasses import dataclass

from aot_rules.aot.rules.setup import MAX_ROUNDS, meeting, opening
from aot_rules.core.i18n import msg
from aot_rules.core.outcome import Outcome
from aot_rules.core.params import param
from aot_rules.core.procedure import Proc
from aot_rules.core.registry import Mechanic, Registry, derived


@dataclass(frozen=True)
class BidInput:
    """No inputs: two dice, the higher one opens."""


BID_LABELS = {"opening": msg("terrain elements in the opening offer")}


@dataclass(frozen=True)
class MeetingInput:
    rounds: int = param(6, msg("placing rounds rolled"), lo=1, hi=MAX_ROUNDS, label=msg("rounds"))


MEETING_LABELS = {"won": msg("rounds I win (and place something)")}


def meeting_procedure(p: MeetingInput) -> Proc[int]:
    return meeting(p.rounds)


def register(reg: Registry) -> None:
    reg.add(Mechanic(
        rule_id="AOT-TERRAIN-BID", key="terrain-bid", title=msg("The terrain bid's opening offer"),
        summary=msg("Both roll; the higher roller opens the bid with his own number of terrain elements."),
        record_type=BidInput,
        **derived(lambda _: opening(), lambda _, law: Outcome.of(law, "opening", labels=BID_LABELS),
                  lambda _, n: {"opening": n})))
    reg.add(Mechanic(
        rule_id="AOT-MEETING", key="meeting", title=msg("Meeting engagement: placing rounds"),
        summary=msg("Each round both roll; the higher places one terrain element or his camp."),
        record_type=MeetingInput,
        **derived(meeting_procedure, lambda _, law: Outcome.of(law, "won", labels=MEETING_LABELS),
                  lambda _, n: {"won": n})))
