"""Registered command dice: the initiative roll, the slot planner, the messenger and the signal."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from aot_rules.aot.rules.command import (
    INDIVIDUAL,
    SLOTS,
    Delivery,
    Plan,
    SlotOdds,
    generals_of,
    messenger,
    plan,
    signal,
    slot_activation,
)
from aot_rules.core.dist import Dist
from aot_rules.core.i18n import msg, vocabulary
from aot_rules.core.outcome import Outcome
from aot_rules.core.params import param
from aot_rules.core.procedure import Proc
from aot_rules.core.registry import Mechanic, Registry, Sample, derived


@dataclass(frozen=True)
class InitiativeInput:
    """No inputs: every turn's roll is the same two dice."""


def slot_key(slot: int) -> str:
    """How a sample names one member of the ``slot_activated`` family."""
    return f"slot_activated:{slot}"


SLOT_LABELS = {"slots": msg("slots I activate this turn"), "first": msg("I play first"),
               "slot_activated": msg("slot {} is played")}


def played(slot: int) -> Callable[[SlotOdds], bool]:
    """The event "``slot`` is played this turn"."""
    return lambda s: slot in s.activated


def acts(general: str) -> Callable[[Plan], bool]:
    """The event "``general`` acts at least once this turn"."""
    return lambda t: general in t.acting


def initiative_procedure(_: InitiativeInput) -> Proc[SlotOdds]:
    return slot_activation()


def initiative_report(_: InitiativeInput, law: Dist[SlotOdds]) -> Outcome:
    return Outcome.of(law, "slots", dists=("slots",), events={"first": lambda s: s.first},
                      groups={"slot_activated": {str(k): played(k) for k in SLOTS}},
                      labels=SLOT_LABELS)


def initiative_sample(_: InitiativeInput, s: SlotOdds) -> Sample:
    return {"slots": s.slots, "first": s.first, **{slot_key(k): k in s.activated for k in SLOTS}}


@vocabulary({'A': msg('A'), 'B': msg('B'), 'C': msg('C'), 'individual': msg('individual')})
class Owner(StrEnum):
    """Who a slot is written for in the planner: one of three generals, or "individual unit"."""

    A = "A"
    B = "B"
    C = "C"
    INDIVIDUAL = INDIVIDUAL


SLOT_HELP = msg("who this slot is written for: general A, B or C, or individual (any one unit or colonel)")


@dataclass(frozen=True)
class PlanInput:
    """An allocation of the six slots; the CLI takes it as --slot-1 … --slot-6."""

    slot_6: Owner = param(Owner.A, SLOT_HELP, label=msg("slot 6"))
    slot_5: Owner = param(Owner.A, SLOT_HELP, label=msg("slot 5"))
    slot_4: Owner = param(Owner.B, SLOT_HELP, label=msg("slot 4"))
    slot_3: Owner = param(Owner.B, SLOT_HELP, label=msg("slot 3"))
    slot_2: Owner = param(Owner.C, SLOT_HELP, label=msg("slot 2"))
    slot_1: Owner = param(Owner.INDIVIDUAL, SLOT_HELP, label=msg("slot 1"))

    def owners(self) -> tuple[str, ...]:
        """Owners of slots 1 to 6, in slot order."""
        return tuple(o.value for o in (self.slot_1, self.slot_2, self.slot_3, self.slot_4, self.slot_5, self.slot_6))


PLAN_LABELS = {"generals": msg("generals who act this turn"), "acts": msg("general {} acts at least once"),
               "slots": msg("slots played"), "individual": msg("individual-unit slots played"),
               "any_individual": msg("an individual-unit slot comes up")}


def plan_procedure(p: PlanInput) -> Proc[Plan]:
    return plan(p.owners())


def plan_report(p: PlanInput, law: Dist[Plan]) -> Outcome:
    owners = p.owners()
    members = {g: acts(g) for g in generals_of(owners)}
    return Outcome.of(law, "generals", dists=("generals", "slots"), labels=PLAN_LABELS,
                      events={"any_individual": lambda t: t.individual > 0} if INDIVIDUAL in owners else {},
                      groups={"acts": members})


def plan_sample(p: PlanInput, t: Plan) -> Sample:
    owners = p.owners()
    return {"generals": t.generals, "slots": t.slots, "any_individual": t.individual > 0,
            **{f"acts:{g}": g in t.acting for g in generals_of(owners)}}


@dataclass(frozen=True)
class MessengerInput:
    distance: Fraction = param(Fraction(3), msg("inches from the general's unit to the unit ordered"), lo=Fraction(1,
                                                                                                                   10),
                               hi=60, grid=(1, Fraction(3, 2), 2, Fraction(5, 2), 3, 4, 5, 6), label=msg("distance"))
    equal_succeeds: bool = param(False,
                                 msg("a roll equal to the distance also gets through (the index reads: it fails)"),
                                 reading="AOT-CMD-MESSENGER", label=msg("a tie gets through"))


DELIVERY_LABELS = {"delivery": msg("the order")}


def messenger_procedure(p: MessengerInput) -> Proc[Delivery]:
    return messenger(p.distance, p.equal_succeeds)


def signal_procedure(p: SignalInput) -> Proc[Delivery]:
    return signal(p.distance, p.strictly_within)


def delivery_report(p: object, law: Dist[Delivery]) -> Outcome:
    return Outcome.of(law, "delivery", labels=DELIVERY_LABELS)


def delivery_sample(p: object, d: Delivery) -> Sample:
    return {"delivery": d}


@dataclass(frozen=True)
class SignalInput:
    distance: Fraction = param(Fraction(3), msg("inches from the general's base to the unit"), lo=Fraction(1, 10),
                               hi=60,
                               grid=(1, Fraction(3, 2), 2, Fraction(5, 2), 3, 4, 5, 6, 7), label=msg("distance"))
    strictly_within: bool = param(False, msg("the unit must be strictly nearer than the die (the index reads: at the "
                                  "die's distance it still hears)"), reading="AOT-CMD-SIGNAL",
                                  label=msg("strictly within the die"))




def register(reg: Registry) -> None:
    reg.add(Mechanic(
        rule_id="AOT-CMD-INITIATIVE", key="initiative", title=msg("The initiative roll"),
        summary=msg("Both players roll a die: the higher plays his slots from his number down to the other's, "
                "then the lower plays his from his number down to 1."),
        record_type=InitiativeInput, **derived(initiative_procedure, initiative_report, initiative_sample),
        rules=("AOT-CMD-INITIATIVE", "AOT-CMD-DOUBLES")))
    reg.add(Mechanic(
        rule_id="AOT-CMD-SLOTS", key="slot-planner", title=msg("Slot planner"),
        summary=msg("Write generals A, B, C or 'individual' on the six slots and see how often each general acts."),
        record_type=PlanInput, **derived(plan_procedure, plan_report, plan_sample), show=(),
        rules=("AOT-CMD-SLOTS", "AOT-CMD-INITIATIVE")))
    reg.add(Mechanic(
        rule_id="AOT-CMD-MESSENGER", key="messenger", title=msg("Sending a messenger"),
        summary=msg("One die must beat the distance in inches to the unit ordered."),
        record_type=MessengerInput,
        **derived(messenger_procedure, delivery_report, delivery_sample)))
    reg.add(Mechanic(
        rule_id="AOT-CMD-SIGNAL", key="signal", title=msg("A sound or visual signal"),
        summary=msg("One die is the signal's reach in inches from the general."),
        record_type=SignalInput,
        **derived(signal_procedure, delivery_report, delivery_sample)))
