"""Registered disorder test (borrowed by countercharges, turns, rough ground …)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from aot_rules.aot.mechanics.common import FormedUnitInput
from aot_rules.aot.rules.disorder import unit_test
from aot_rules.aot.units import Unit
from aot_rules.core.dist import Dist
from aot_rules.core.i18n import msg
from aot_rules.core.outcome import Outcome
from aot_rules.core.params import param
from aot_rules.core.procedure import Proc
from aot_rules.core.registry import Mechanic, Registry, derived


@dataclass(frozen=True)
class DisorderInput(FormedUnitInput):
    formed: int = param(6, msg("formed warriors in the unit (the loss cannot exceed them)"), lo=1, hi=10,
                        label=msg("formed"))
    regular: bool = param(False, msg("a regular unit (with its musician) rolls a failed test again and keeps the "
                          "better die"), label=msg("regular (re-roll a failure)"))

    def unit(self) -> Unit:
        return replace(super().unit(), regular=self.regular)


def dt_procedure(p: DisorderInput) -> Proc[int]:
    return unit_test(p.unit()).map(lambda t: t.lost)


def dt_report(p: DisorderInput, lost: Dist[int]) -> Outcome:
    return Outcome.of(lost, "disordered", events={"fails": lambda k: k > 0},
                      labels={"disordered": msg("warriors disordered"), "fails": msg("the test fails")})


def register(reg: Registry) -> None:
    test = reg.add(Mechanic(
        rule_id="AOT-DISORDER-TEST", key="disorder-test", title=msg("The disorder test"),
        summary=msg("One die against the unit's density: below it, that many warriors lose formation."),
        record_type=DisorderInput,
        **derived(dt_procedure, dt_report, lambda p, lost: {"disordered": lost, "fails": lost > 0})))
    reg.add(test.variant(
        "AOT-PROP-REGULAR", msg("A regular unit's disorder test"),
        msg("The musician's re-roll: a failed test is rolled again and the better die kept."),
        fixed={"regular": True}))
    reg.add(test.variant(
        "AOT-WEATHER-SUN", msg("Hot sun: the test of a unit in armour"),
        msg("When hot sun arrives, every unit wearing body armour takes one disorder test."),
        fixed={}))
