"""Registered reactions to being shot at: countercharge and return fire."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from aot_rules.aot.mechanics.common import reported, target_unit
from aot_rules.aot.rules.reactions import Countercharge, Firefight, countercharge, exchange
from aot_rules.aot.units import Unit
from aot_rules.core.dist import Dist
from aot_rules.core.i18n import msg
from aot_rules.core.outcome import Outcome
from aot_rules.core.params import param
from aot_rules.core.procedure import Proc
from aot_rules.core.registry import Mechanic, Registry, derived


@dataclass(frozen=True)
class CounterchargeInput:
    distance: Fraction = param(Fraction(3), msg("gap to the shooters in inches"), lo=Fraction(1, 10), hi=12,
                               grid=(1, 2, 3, 4, 5, 6, 7), label=msg("distance"))
    density: int = param(3, msg("the countercharging unit's density"), lo=1, hi=5, label=msg("density"))

    def unit(self) -> Unit:
        return target_unit(self.density)


CC_EVENTS = {"reaches": lambda c: c.reaches, "reaches_unshaken": lambda c: c.reaches and c.disordered == 0}
CC_LABELS = {"disordered": msg("warriors disordered by the charge die"),
             "reaches": msg("the countercharge reaches the shooters"),
             "reaches_unshaken": msg("it reaches them with no warrior disordered")}


def cc_procedure(p: CounterchargeInput) -> Proc[Countercharge]:
    u = p.unit()
    return countercharge(u.density, u.formed, p.distance)


def cc_report(p: CounterchargeInput, joint: Dist[Countercharge]) -> Outcome:
    return Outcome.of(joint, "disordered", dists=("disordered",), events=CC_EVENTS, labels=CC_LABELS)


@dataclass(frozen=True)
class ReturnFireInput:
    distance: Fraction = param(Fraction(3), msg("gap between the two units in inches"), lo=Fraction(1, 10), hi=20,
                               grid=tuple(range(1, 10)), label=msg("distance"))
    shooter_density: int = param(3, msg("the shooting unit's density (two full ranks)"), lo=1, hi=5,
                                 label=msg("shooter density"))
    target_density: int = param(3, msg("the density of the unit that fires back (two full ranks)"), lo=1, hi=5,
                                label=msg("target density"))
    shooter_shield: bool = param(False, msg("the shooting unit has shields"), label=msg("shooter has shields"))
    target_shield: bool = param(False, msg("the unit firing back has shields"), label=msg("target has shields"))

    def units(self) -> tuple[Unit, Unit]:
        return (target_unit(self.shooter_density, shield_wall=self.shooter_shield),
                target_unit(self.target_density, shield_wall=self.target_shield))


RF_LABELS = {"result": msg("result of the firefight"), "shooter_losses": msg("shooter's losses"),
             "target_losses": msg("target's losses")}


def rf_procedure(p: ReturnFireInput) -> Proc[Firefight]:
    return exchange(*p.units(), p.distance)


def rf_report(p: ReturnFireInput, joint: Dist[Firefight]) -> Outcome:
    return Outcome.of(joint, "result", dists=("result", "shooter_losses", "target_losses"), labels=RF_LABELS)


def register(reg: Registry) -> None:
    reg.add(Mechanic(
        rule_id="AOT-REACT-COUNTERCHARGE", key="countercharge", title=msg("Countercharging the shooters"),
        summary=msg("One die is both the distance charged and a disorder test."),
        record_type=CounterchargeInput,
        **derived(cc_procedure, cc_report, lambda p, c: reported(c, CC_EVENTS)),
        rules=("AOT-REACT-COUNTERCHARGE", "AOT-DISORDER-TEST")))
    reg.add(Mechanic(
        rule_id="AOT-REACT-RETURN-FIRE", key="return-fire", title=msg("Return fire"),
        summary=msg("The target shoots back at the same moment; both sides' losses land together."),
        record_type=ReturnFireInput, **derived(rf_procedure, rf_report, lambda p, f: f._asdict()),
        rules=("AOT-REACT-RETURN-FIRE", "AOT-SHOOT-SIMULTANEOUS", "AOT-SHOOT-RESULT")))
