"""Registered run and trot: one die (or two) that is the distance and, for some units, the test."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from aot_rules.aot.mechanics.common import MoverInput
from aot_rules.aot.rules.run_trot import ExtraMove, check_run, check_trot, run, trot
from aot_rules.core.dist import Dist
from aot_rules.core.i18n import Message, msg, nmsg, shows
from aot_rules.core.outcome import Fact, Outcome
from aot_rules.core.params import param
from aot_rules.core.procedure import Proc
from aot_rules.core.registry import Mechanic, Registry, Sample, derived

MOVE_LABELS = {"disordered": msg("warriors disordered"), "distance": msg("inches it may go (it may stop short)"),
               "move": msg("distance and loss together"), "no_loss": msg("no warrior is disordered"),
               "far_and_whole": msg("it may go 4″ or more with no loss")}
#: What the facts beside a move's answer are called.
FACT_LABELS = {"test": msg("test"), "dice": msg("dice")}
MOVE_EVENTS: dict[str, Callable[[ExtraMove], bool]] = {"no_loss": lambda m: m.disordered == 0,
               "far_and_whole": lambda m: m.disordered == 0 and m.distance >= 4}


shows(ExtraMove, lambda m, lang: msg("{distance}″, {lost} lost", distance=m.distance, lost=m.disordered).render(lang))


def move_outcome(law: Dist[ExtraMove], distance: Message | str = MOVE_LABELS["distance"], **info: Any) -> Outcome:
    """The joint law of a die-set move, reported three ways: the loss, the distance, and both together."""
    out = Outcome.of(law, "disordered", dists=("disordered", "distance"), events=MOVE_EVENTS,
                     labels={**MOVE_LABELS, **FACT_LABELS, "distance": distance}, info=info)
    return replace(out, dists={**out.dists, "move": law})


def move_sample(move: ExtraMove) -> Sample:
    return {"disordered": move.disordered, "distance": move.distance, "move": move,
            **{k: f(move) for k, f in MOVE_EVENTS.items()}}


@dataclass(frozen=True)
class RunInput(MoverInput):
    mounted: bool = param(False, msg("the unit is mounted (mounted units trot instead)"), grid=(False,),
                          label=msg("mounted"))
    shield: bool = param(False, msg("the warriors carry shields (or pavises)"), label=msg("shields"))
    armour: bool = param(False, msg("the warriors wear armour"), label=msg("armour"))


def run_procedure(p: RunInput) -> Proc[ExtraMove]:
    check_run(p.mounted, False, False)
    u = p.mover(shield=p.shield, armour=p.armour)
    return run(u.density, u.formed, p.shield, p.armour, p.regular, u.name)


def run_report(p: RunInput, law: Dist[ExtraMove]) -> Outcome:
    return move_outcome(law, test=Fact(True, msg("yes")) if p.shield != p.armour else
                        Fact(False, msg("no (no shield or armour)")))


@dataclass(frozen=True)
class TrotInput(MoverInput):
    mounted: bool = param(True, msg("the unit is mounted (foot run instead)"), grid=(True,), label=msg("mounted"))
    density: int = param(3, msg("the unit's density (mounted: at most 4)"), lo=1, hi=4, label=msg("density"))
    formed: int | None = param(None, msg("formed riders (default: the density; horse stand in one rank, so the two are "
                               "equal)"), lo=1, hi=4, grid=(None,), label=msg("formed"))
    armour: bool = param(False, msg("the riders wear armour"), label=msg("armoured riders"))
    horse_armour: bool = param(False, msg("the horses are armoured (one die of distance, and it is the test)"),
                               label=msg("armoured horses"))
    test_die_moves: bool = param(True,
                                 msg("index reading: the test die still counts toward the distance; off: only the "
                                 "other die moves the unit (armoured riders on unarmoured horses)"),
                                 reading="AOT-TROT", label=msg("test die counts toward distance"))


def trot_procedure(p: TrotInput) -> Proc[ExtraMove]:
    check_trot(p.mounted, p.density)
    u = p.mover(mounted=True, armour=p.armour, horse_armour=p.horse_armour)
    return trot(u.density, u.formed, p.armour, p.horse_armour, p.regular, p.test_die_moves, u.name)


def trot_report(p: TrotInput, law: Dist[ExtraMove]) -> Outcome:
    n = 1 if p.horse_armour else 2
    dice = Fact(n, nmsg("{n} die", "{n} dice", n=n))
    test = (Fact("the-die", msg("the die")) if p.horse_armour else
            Fact("owner-picks", msg("the die the owner picks")) if p.armour else Fact(None, msg("none")))
    return move_outcome(law, dice=dice, test=test)


def register(reg: Registry) -> None:
    reg.add(Mechanic(
        rule_id="AOT-RUN", key="run", title=msg("Running"),
        summary=msg("Foot run one die of inches; with a shield or armour (not both) the same die is a disorder test."),
        record_type=RunInput, **derived(run_procedure, run_report, lambda p, m: move_sample(m)),
        rules=("AOT-RUN", "AOT-DISORDER-TEST")))
    reg.add(Mechanic(
        rule_id="AOT-TROT", key="trot", title=msg("Trotting"),
        summary=msg("Horse trot two dice of inches (one if the horses are armoured); armour makes a die a test."),
        record_type=TrotInput, **derived(trot_procedure, trot_report, lambda p, m: move_sample(m)),
        rules=("AOT-TROT", "AOT-DISORDER-TEST"),
        show=("distance",)))
