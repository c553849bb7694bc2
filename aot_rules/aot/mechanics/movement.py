"""Registered movement dice: rough ground, passing through friends, panic, and the cost of a planned move."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from aot_rules.aot.mechanics.common import MoverInput
from aot_rules.aot.rules.manoeuvre import Step, sequence
from aot_rules.aot.rules.movement import PassThrough, through, through_terms
from aot_rules.aot.rules.terrain import Terrain, check_passable
from aot_rules.aot.units import Unit
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError, blame
from aot_rules.core.i18n import msg, vocabulary
from aot_rules.core.outcome import Fact, Outcome
from aot_rules.core.params import param
from aot_rules.core.procedure import Proc
from aot_rules.core.registry import Mechanic, Registry, Sample, derived

# --- rough ground -----------------------------------------------------------------------------------

#: What a unit may cross (rivers and lakes stop everyone, so the calculator does not offer them).
ROUGH_CHOICES = (Terrain.WOOD, Terrain.MARSH, Terrain.PLOUGHLAND, Terrain.HILL, Terrain.STREAM, Terrain.HEDGE,
                 Terrain.FORD, Terrain.VILLAGE, Terrain.BRIDGE, Terrain.CAMP)


@dataclass(frozen=True)
class RoughInput(MoverInput):
    terrain: Terrain = param(Terrain.WOOD, msg("what the unit crosses"), choices=ROUGH_CHOICES, label=msg("terrain"))
    moves: int = param(1, msg("moves that enter or go on inside it: 1 = crossed in one move; each stop inside adds one "
                       "more test when the unit moves on"), lo=1, hi=3, label=msg("moves in it"))


def rough_tests(p: RoughInput) -> tuple[Unit, int]:
    u = p.mover()
    with blame("terrain"):
        effect = check_passable(p.terrain, u)
    return u, p.moves if effect.test else 0


def rough_procedure(p: RoughInput) -> Proc[Unit]:
    u, tests = rough_tests(p)
    return sequence(u, (Step.ROUGH,) * tests)


def rough_report(p: RoughInput, law: Dist[Unit]) -> Outcome:
    return Outcome.of(law.map(lambda v: v.disordered), "disordered", events={"fails": lambda k: k > 0},
                      info={"tests": rough_tests(p)[1]},
                      labels={"disordered": msg("warriors disordered"), "tests": msg("tests"),
                              "fails": msg("at least one warrior is disordered")})


def rough_sample(p: RoughInput, after: Unit) -> Sample:
    lost = rough_tests(p)[0].formed - after.formed
    return {"disordered": lost, "fails": lost > 0}


# --- passing through a friend (and a panicking unit's flight) ---------------------------------------

@dataclass(frozen=True)
class ThroughInput:
    density: int = param(3, msg("the moving unit's density"), lo=1, hi=5, label=msg("density"))
    panicking: bool = param(False, msg("the moving unit is panicking: it tests against its strength"), grid=(False,),
                            label=msg("mover panicking"))
    strength: int | None = param(None, msg("the moving unit's strength, all its warriors (needed when it panics)"),
                                 lo=1, hi=10, grid=(None,), label=msg("mover strength"))
    friend_formed: int = param(8, msg("formed warriors in the unit passed through"), lo=1, hi=10,
                               grid=(2, 3, 4, 6, 8, 10), label=msg("friend's formed warriors"))
    regular: bool = param(False, msg("the moving unit is regular: its musician rolls a failed test again"),
                          label=msg("mover regular (re-roll)"))
    through_elephant: bool = param(False, msg("the friend is an elephant: the mover itself is disordered on a roll "
                                   "below 3"), label=msg("friend is an elephant"))

    def units(self) -> tuple[Unit, Unit]:
        """The moving unit (two full ranks up to its strength, the rest disordered; all of them disordered
        when it panics) and the friend it passes through."""
        if self.strength is not None and self.strength < self.density:
            raise RuleError("AOT-DENSITY", msg("a strength of {strength} is below the density {density}; strength "
                                               "counts every warrior", strength=self.strength, density=self.density),
                            params=("strength", "density"))
        if self.panicking and self.strength is None:
            raise RuleError("AOT-PANIC", msg("a panicking unit tests against its strength: give its strength"),
                            params=("strength",))
        strength = self.strength or 2 * self.density
        if self.panicking:
            mover = Unit("mover", ranks=(0, 0), disordered=strength, regular=self.regular)
        else:
            ranks = (self.density, min(self.density, strength - self.density))
            mover = Unit("mover", ranks=ranks, disordered=strength - sum(ranks), regular=self.regular)
        friend = Unit("friend", ranks=(min(5, self.friend_formed), max(0, self.friend_formed - 5)))
        return mover, friend


def through_procedure(p: ThroughInput) -> Proc[PassThrough]:
    return through(*p.units(), elephant=p.through_elephant)


def through_report(p: ThroughInput, passed: Dist[PassThrough]) -> Outcome:
    against, cap = through_terms(*p.units(), elephant=p.through_elephant)
    law = passed.map(lambda r: r.lost)
    who = (Fact("mover", msg("the moving unit")) if p.through_elephant else
           Fact("friend", msg("the unit passed through")))
    if p.through_elephant:
        lost, wiped = msg("warriors the moving unit loses"), msg("the moving unit loses every formed warrior it has")
    else:
        lost = msg("warriors the unit passed through loses")
        wiped = msg("the unit passed through loses every formed warrior it has")
    return Outcome.of(law, "disordered", info={"test": msg("below {against}", against=against), "loses": who},
                      events={"fails": lambda k: k > 0, "all": lambda k: k == cap},
                      labels={"disordered": lost, "fails": msg("the test fails"), "all": wiped, "test": msg("test"),
                              "loses": msg("loses")})


def through_sample(p: ThroughInput, out: PassThrough) -> Sample:
    _, cap = through_terms(*p.units(), elephant=p.through_elephant)
    return {"disordered": out.lost, "fails": out.lost > 0, "all": out.lost == cap}


# --- what does this move cost me? --------------------------------------------------------------------

@vocabulary({
    "foot": msg('foot, no shield or armour'),
    "foot-one": msg('foot with shields or armour'),
    "foot-both": msg('foot with shields and armour'),
    "horse": msg('horse, no armour'), "horse-riders": msg('horse, armoured riders'),
    "horse-armoured": msg('horse, armoured horses')
}, formerly={
    "foot, no shield or armour": "foot", "foot with shields or armour": "foot-one",
    "foot with shields and armour": "foot-both", "horse, no armour": "horse",
    "horse, armoured riders": "horse-riders", "horse, armoured horses": "horse-armoured"
})
class Troops(StrEnum):
    """The unit, as far as its movement tests care."""

    FOOT = "foot"
    FOOT_ONE = "foot-one"
    FOOT_BOTH = "foot-both"
    HORSE = "horse"
    HORSE_RIDERS = "horse-riders"
    HORSE_ARMOURED = "horse-armoured"


TROOP_FLAGS: dict[Troops, dict[str, bool]] = {
    Troops.FOOT: {}, Troops.FOOT_ONE: {"shield": True}, Troops.FOOT_BOTH: {"shield": True, "armour": True},
    Troops.HORSE: {}, Troops.HORSE_RIDERS: {"armour": True},
    Troops.HORSE_ARMOURED: {"armour": True, "horse_armour": True},
}
STEP_HELP = msg("a manoeuvre planned this turn, in order")


@dataclass(frozen=True)
class PlanInput(MoverInput):
    troops: Troops = param(Troops.FOOT_ONE, msg("what the unit is: foot or horse, and its protection"),
                           label=msg("troops"))
    step_1: Step = param(Step.RUN, STEP_HELP, label=msg("first"))
    step_2: Step = param(Step.ROUGH, STEP_HELP, label=msg("second"))
    step_3: Step = param(Step.TURN, STEP_HELP, label=msg("third"))
    step_4: Step = param(Step.NONE, STEP_HELP, label=msg("fourth"))

    def plan(self) -> tuple[Unit, tuple[Step, ...]]:
        mounted = self.troops.name.startswith("HORSE")
        return self.mover(mounted, **TROOP_FLAGS[self.troops]), (self.step_1, self.step_2, self.step_3, self.step_4)


class Cost(NamedTuple):
    lost: int
    density: int


def plan_procedure(p: PlanInput) -> Proc[Unit]:
    u, steps = p.plan()
    with blame("step_1", "step_2", "step_3", "step_4"):
        return sequence(u, steps)


def plan_report(p: PlanInput, after: Dist[Unit]) -> Outcome:
    u, steps = p.plan()
    law = after.map(lambda v: Cost(v.disordered, v.density))
    return Outcome.of(law, "lost", dists=("lost", "density"),
                      events={"intact": lambda c: c.density == u.density, "panics": lambda c: c.density == 0},
                      labels={"lost": msg("warriors disordered over the plan"), "density": msg("density at the end"),
                              "intact": msg("it ends with its density intact"), "panics": msg("it ends panicking"),
                              "tests": msg("tests"), "start": msg("start")},
                      info={"tests": sum(s is not Step.NONE for s in steps), "start": u.ranks})


def plan_sample(p: PlanInput, after: Unit) -> Sample:
    u = p.plan()[0]
    return {"lost": after.disordered, "density": after.density, "intact": after.density == u.density,
            "panics": after.density == 0}


def register(reg: Registry) -> None:
    reg.add(Mechanic(
        rule_id="AOT-MOVE-PROCEDURE", key="move-cost", title=msg("What does this move cost me?"),
        summary=msg("Every test a planned turn of manoeuvres takes, each at the density left by the one before."),
        record_type=PlanInput, **derived(plan_procedure, plan_report, plan_sample),
        rules=("AOT-MOVE-PROCEDURE", "AOT-RUN", "AOT-TROT", "AOT-ROUGH-TERRAIN", "AOT-TURN", "AOT-EVADE-PROCEDURE",
               "AOT-DISORDER-TEST"),
        widget_grid={"density": (1, 2, 3, 4, 5)}))
    rough = reg.add(Mechanic(
        rule_id="AOT-ROUGH-TERRAIN", key="rough-ground", title=msg("Crossing rough ground"),
        summary=msg("A disorder test for each move that enters rough ground or goes on inside it."),
        record_type=RoughInput, **derived(rough_procedure, rough_report, rough_sample),
        rules=("AOT-ROUGH-TERRAIN", "AOT-TERRAIN-TYPES", "AOT-DISORDER-TEST")))
    reg.add(rough.variant(
        "AOT-CAMP", msg("Entering the enemy's camp"),
        msg("An enemy unit entering a camp tests as for rough ground; an unguarded camp is then sacked."),
        fixed={"terrain": Terrain.CAMP.value, "moves": 1}))
    through = reg.add(Mechanic(
        rule_id="AOT-MOVE-THROUGH-FRIENDS", key="through-friends", title=msg("Passing through a friendly unit"),
        summary=msg("The mover's density sets the test; the unit passed through loses the warriors."),
        record_type=ThroughInput, **derived(through_procedure, through_report, through_sample),
        rules=("AOT-MOVE-THROUGH-FRIENDS", "AOT-DISORDER-TEST")))
    reg.add(through.variant(
        "AOT-PANIC", msg("A panicking unit flees through friends"),
        msg("A panicking unit tests against its strength, not its density; the friend loses the warriors."),
        fixed={"panicking": True, "density": 1, "through_elephant": False},
        defaults={"strength": 6}, widget_grid={"strength": tuple(range(1, 11))}))

