"""Registered turning: each change of facing is a disorder test at the density left by the last."""

from __future__ import annotations

from dataclasses import dataclass

from aot_rules.aot.mechanics.common import MoverInput
from aot_rules.aot.rules.manoeuvre import Step, sequence
from aot_rules.aot.units import Unit
from aot_rules.core.dist import Dist
from aot_rules.core.i18n import msg
from aot_rules.core.outcome import Outcome
from aot_rules.core.params import param
from aot_rules.core.procedure import Proc
from aot_rules.core.registry import Mechanic, Registry, Sample, derived


@dataclass(frozen=True)
class TurnInput(MoverInput):
    turns: int = param(1, msg("how many times the unit turns this turn, each with its own test"), lo=1, hi=4,
                       label=msg("turns played"))


def turn_procedure(p: TurnInput) -> Proc[Unit]:
    return sequence(p.mover(), (Step.TURN,) * p.turns)


def turn_report(p: TurnInput, law: Dist[Unit]) -> Outcome:
    return Outcome.of(law.map(lambda v: v.disordered), "disordered", events={"fails": lambda k: k > 0},
                      labels={"disordered": msg("warriors disordered"), "fails": msg("at least one test fails")})


def turn_sample(p: TurnInput, after: Unit) -> Sample:
    return {"disordered": after.disordered, "fails": after.disordered > 0}


def register(reg: Registry) -> None:
    turn = reg.add(Mechanic(
        rule_id="AOT-TURN", key="turn", title=msg("Turning"),
        summary=msg("Every change of facing is a disorder test; a unit may turn as often as it dares."),
        record_type=TurnInput, **derived(turn_procedure, turn_report, turn_sample),
        rules=("AOT-TURN", "AOT-DISORDER-TEST")))
    reg.add(turn.variant(
        "AOT-TURN-FLANK-ATTACKED", msg("Turning to face a flank attack"),
        msg("A unit charged in the flank or rear may turn to face its attacker, with a test (Reading)."),
        fixed={"turns": 1}))
