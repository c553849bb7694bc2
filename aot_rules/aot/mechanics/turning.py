"""Registered turning: each change of facing is a disorder test at the density left by the last."""

from __future__ import annotations

from dataclasses import dataclass

from aot_rules.aot.mechanics.common import MoverInput
from aot_rules.aot.rules.manoeuvre import Step, play_sequence, sequence_exact
from aot_rules.core.dice import DiceSource
from aot_rules.core.i18n import msg
from aot_rules.core.outcome import Outcome
from aot_rules.core.params import param
from aot_rules.core.registry import Mechanic, Registry, Sample


@dataclass(frozen=True)
class TurnInput(MoverInput):
    turns: int = param(1, msg("how many times the unit turns this turn, each with its own test"), lo=1, hi=4)


def turn_exact_p(p: TurnInput) -> Outcome:
    u = p.mover()
    law = sequence_exact(u, (Step.TURN,) * p.turns).map(lambda v: v.disordered)
    return Outcome.of(law, "disordered", events={"fails": lambda k: k > 0},
                      labels={"disordered": msg("warriors disordered"), "fails": msg("at least one test fails")})


def turn_play(p: TurnInput, dice: DiceSource) -> Sample:
    after = play_sequence(p.mover(), (Step.TURN,) * p.turns, dice)
    return {"disordered": after.disordered, "fails": after.disordered > 0}


def register(reg: Registry) -> None:
    turn = reg.add(Mechanic(
        rule_id="AOT-TURN", key="turn", title=msg("Turning"),
        summary=msg("Every change of facing is a disorder test; a unit may turn as often as it dares."),
        record_type=TurnInput, exact=turn_exact_p, play=turn_play, rules=("AOT-TURN", "AOT-DISORDER-TEST")))
    reg.add(turn.variant(
        "AOT-TURN-FLANK-ATTACKED", msg("Turning to face a flank attack"),
        msg("A unit charged in the flank or rear may turn to face its attacker, with a test (Reading)."),
        fixed={"turns": 1}))
