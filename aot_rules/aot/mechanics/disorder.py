"""Registered disorder test (borrowed by countercharges, turns, rough ground …)."""

from __future__ import annotations

from dataclasses import dataclass

from aot_rules.aot.mechanics.common import FormedUnitInput
from aot_rules.aot.rules.disorder import disorder_test, take_disorder_test
from aot_rules.core.dice import DiceSource
from aot_rules.core.outcome import Outcome
from aot_rules.core.params import param
from aot_rules.core.registry import Mechanic, Registry, Sample


@dataclass(frozen=True)
class DisorderInput(FormedUnitInput):
    formed: int = param(6, "formed warriors in the unit (the loss cannot exceed them)", lo=1, hi=10)


def dt_exact(p: DisorderInput) -> Outcome:
    u = p.unit()
    return Outcome.of(disorder_test(u.density, u.formed), "disordered", events={"fails": lambda k: k > 0},
                      labels={"disordered": "warriors disordered", "fails": "the test fails"})


def dt_play(p: DisorderInput, dice: DiceSource) -> Sample:
    _, lost = take_disorder_test(p.unit(), dice)
    return {"disordered": lost, "fails": lost > 0}


def register(reg: Registry) -> None:
    reg.add(Mechanic(
        rule_id="AOT-DISORDER-TEST", key="disorder-test", title="The disorder test",
        summary="One die against the unit's density: below it, that many warriors lose formation.",
        record_type=DisorderInput, exact=dt_exact, play=dt_play))
