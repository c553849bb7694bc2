"""Batalist: registry entries (turn): the initiative roll and the activation roll."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from aot_rules.bat.rules.activation import activation_roll
from aot_rules.bat.rules.profile import DICE_PER_TEST, QUALITY_MAX, QUALITY_MIN
from aot_rules.bat.rules.turn import Initiative, TieRule, initiative_roll
from aot_rules.core.dist import Dist
from aot_rules.core.i18n import msg
from aot_rules.core.outcome import Outcome
from aot_rules.core.params import param
from aot_rules.core.procedure import Proc
from aot_rules.core.registry import Mechanic, Registry, Sample, derived

# --- initiative (BAT-INITIATIVE) ----------------------------------------------------------------


@dataclass(frozen=True)
class InitiativeInput:
    mine: int = param(3, msg("my general's КН, read as his Quality (the source never defines КН)"),
                      lo=QUALITY_MIN, hi=QUALITY_MAX, label=msg("my general's КН"))
    theirs: int = param(3, msg("the enemy general's КН, read as his Quality"), lo=QUALITY_MIN, hi=QUALITY_MAX,
                        label=msg("their general's КН"))
    ties: TieRule = param(TieRule.REROLL, msg("what equal totals do: re-roll (the index's reading) or report the "
                          "tie for the players to settle"), reading="BAT-INITIATIVE", label=msg("equal totals"))


INITIATIVE_LABELS = {"initiative": msg("who wins the initiative"), "me": msg("I choose who activates first")}


def initiative_procedure(p: InitiativeInput) -> Proc[Initiative]:
    return initiative_roll(p.mine, p.theirs, p.ties)


def initiative_report(p: InitiativeInput, law: Dist[Initiative]) -> Outcome:
    return Outcome.of(law, "initiative", events={"me": lambda r: r is Initiative.ME}, labels=INITIATIVE_LABELS)


def initiative_sample(p: InitiativeInput, r: Initiative) -> Sample:
    return {"initiative": r, "me": r is Initiative.ME}


# --- activation (BAT-ACTIVATION) ----------------------------------------------------------------


class Activation(NamedTuple):
    """One activation: the AP rolled and how many of the base's (non-Cast) orders they pay for."""

    ap: int
    carried_out: int


@dataclass(frozen=True)
class ActivationInput:
    quality: int = param(3, msg("the base's Quality now (1–5 on a profile; 0 stands for a base that spells such as "
                         "Sloth have pushed to 0 or below, which gains no AP)"), lo=0, hi=QUALITY_MAX,
                         label=msg("quality"))
    standard_bearer: bool = param(False, msg("a Standard Bearer within 6 steps lets one failed die be rolled again"),
                                  label=msg("Standard Bearer within 6 steps"))
    orders: int = param(DICE_PER_TEST, msg("order cards on the base other than Cast (Cast costs no AP)"), lo=0,
                        hi=DICE_PER_TEST, label=msg("orders to pay for"))


ACTIVATION_LABELS = {"ap": msg("action points"), "carried_out": msg("orders carried out"),
                     "all": msg("every order on the base is carried out"), "none": msg("the base does nothing")}


def activation_procedure(p: ActivationInput) -> Proc[Activation]:
    return activation_roll(p.quality, p.standard_bearer).map(lambda ap: Activation(ap, min(ap, p.orders)))


def activation_report(p: ActivationInput, law: Dist[Activation]) -> Outcome:
    return Outcome.of(law, "ap", dists=("ap", "carried_out"),
                      events={"all": lambda a: a.carried_out == p.orders, "none": lambda a: a.carried_out == 0},
                      labels=ACTIVATION_LABELS)


def activation_sample(p: ActivationInput, a: Activation) -> Sample:
    return {"ap": a.ap, "carried_out": a.carried_out, "all": a.carried_out == p.orders, "none": a.carried_out == 0}


def register(reg: Registry) -> None:
    """Add this area's mechanics to ``reg``."""
    reg.add(Mechanic(
        rule_id="BAT-INITIATIVE", key="bat-initiative", title=msg("Initiative: d6 + КН against d6 + КН"),
        summary=msg("Both players roll a d6 and add their general's КН (read as his Quality); the higher total "
                "chooses who activates first."),
        record_type=InitiativeInput, **derived(initiative_procedure, initiative_report, initiative_sample)))
    reg.add(Mechanic(
        rule_id="BAT-ACTIVATION", key="bat-activation", title=msg("Activation: action points from three d6"),
        summary=msg("Each of three d6 showing the base's Quality or less gives 1 AP; each order but Cast costs 1 AP."),
        record_type=ActivationInput, **derived(activation_procedure, activation_report, activation_sample),
        rules=("BAT-ACTIVATION", "BAT-SKILL-STANDARD")))
