"""Registered elephant dice: the trot, trampling, the hit test, two elephants, and an elephant's charge."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from typing import Any, NamedTuple

from aot_rules.aot.equipment import FOOT_WEAPONS, MeleeWeapon
from aot_rules.aot.mechanics.common import reported
from aot_rules.aot.mechanics.melee import SideInput
from aot_rules.aot.rules.elephants import (
    ElephantTrot,
    elephant,
    elephant_charge,
    elephant_trot,
    trample,
)
from aot_rules.aot.rules.melee import Melee, MeleeResult
from aot_rules.aot.rules.wounds import Fate, duel, wound_test
from aot_rules.aot.units import Body, Unit
from aot_rules.core.dist import Dist
from aot_rules.core.errors import blame
from aot_rules.core.i18n import msg, vocabulary
from aot_rules.core.outcome import Fact, Outcome, faces
from aot_rules.core.params import Ranks, param
from aot_rules.core.procedure import Proc
from aot_rules.core.registry import Mechanic, Registry, Sample, derived

DENSITIES = (1, 2, 3, 4, 5)


# --- the trot (AOT-ELEPHANT-MOVE) ---------------------------------------------------------------

@dataclass(frozen=True)
class TrotInput:
    needed: int = param(4, msg("inches the elephant must cover to get where you want it"), lo=1, hi=6,
                        label=msg("inches needed"))


TROT_LABELS = {"distance": msg("inches it may go"), "temper": msg("after the trot, the elephant is"),
               "arrives": msg("it covers the inches needed"), "arrives_calm": msg("it covers them and stays calm")}


def trot_events(p: TrotInput) -> dict[str, object]:
    return {"arrives": lambda t: t.distance >= p.needed,
            "arrives_calm": lambda t: t.distance >= p.needed and t.temper == "calm"}


@vocabulary({"berserk": msg("berserk"), "calm": msg("calm")})
class Temper(StrEnum):
    """The elephant's temper after a trot."""

    BERSERK = "berserk"
    CALM = "calm"


class Trot(NamedTuple):
    """The trot as the widget shows it: inches, and the elephant's temper in words."""

    distance: int
    temper: Temper


def _told(t: ElephantTrot) -> Trot:
    return Trot(t.distance, Temper.BERSERK if t.berserk else Temper.CALM)


def trot_procedure(_: TrotInput) -> Proc[Trot]:
    return elephant_trot(elephant().name).map(_told)


def trot_report(p: TrotInput, law: Dist[Trot]) -> Outcome:
    return Outcome.of(law, "distance", dists=("distance", "temper"), events=trot_events(p),  # type: ignore[arg-type]
                      labels=TROT_LABELS)


def trot_sample(p: TrotInput, t: Trot) -> Sample:
    return reported(t, trot_events(p))  # type: ignore[arg-type]


# --- trampling (AOT-ELEPHANT-ATTACK) --------------------------------------------------------------

@dataclass(frozen=True)
class TrampleInput:
    target_density: int = param(4, msg("the target's density"), lo=1, hi=5, label=msg("target density"))
    target_strength: int | None = param(None, msg("the target's warriors (kills never exceed them)"), lo=1, hi=10,
                                        grid=(None,), label=msg("target strength"))


def trample_procedure(p: TrampleInput) -> Proc[int]:
    return trample(p.target_density, p.target_strength)


def trample_report(p: TrampleInput, law: Dist[int]) -> Outcome:
    return Outcome.of(law, "killed", events={"hit": lambda k: k > 0},
                      labels={"killed": msg("warriors trampled (killed)"), "hit": msg("the elephant hits"),
                              "hits_on": msg("hits on")},
                      info={"hits_on": ", ".join(str(f) for f in range(1, p.target_density + 1))})


# --- the hit test (AOT-ELEPHANT-WOUND; the chariot's shares the record) ----------------------------

@dataclass(frozen=True)
class WoundInput:
    hits: int = param(1, msg("hits the enemy scored on it this time"), lo=0, hi=12, grid=tuple(range(0, 7)),
                      label=msg("hits"))
    test_without_hits: bool = param(False, msg("alternative reading: the test is taken even when nothing hit"),
                                    reading="AOT-ELEPHANT-WOUND", label=msg("test even with 0 hits (alt. reading)"))


def _beast(body: Body) -> Unit:
    return elephant() if body is Body.ELEPHANT else Unit("chariot", (2,), mounted=True, body=Body.CHARIOT)


def wound_procedure(body: Body, p: WoundInput) -> Proc[Fate]:
    """The hit test of one elephant or chariot (its name on the die and in the log: the played face's beast)."""
    with blame("hits"):
        return wound_test(body, p.hits, _beast(body).name, test_without_hits=p.test_without_hits)


def wound_report(body: Body, p: WoundInput, law: Dist[Fate]) -> Outcome:
    lost = Fact("dead", msg("dead")) if body is Body.ELEPHANT else Fact("destroyed", msg("destroyed"))
    beast = msg("the elephant") if body is Body.ELEPHANT else msg("the chariot")
    return Outcome.of(law, "fate", labels={"fate": beast, "lost_on": msg("lost on"),
                                           "outcome_when_lost": msg("outcome when lost")},
                      info={"lost_on": faces(range(1, min(p.hits, 6) + 1), msg("nothing")),
                            "outcome_when_lost": lost})


def wound_faces(body: Body) -> dict[str, Any]:
    """A beast's hit-test mechanic from its one procedure (the exact and played faces follow)."""
    return derived(partial(wound_procedure, body), partial(wound_report, body), lambda p, fate: {"fate": fate})


# --- two elephants (AOT-ELEPHANT-VS-ELEPHANT) -----------------------------------------------------

@dataclass(frozen=True)
class DuelInput:
    reroll_ties: bool = param(True, msg("index reading: a tie is rolled again; off: a tie leaves both standing"),
                              reading="AOT-ELEPHANT-VS-ELEPHANT", label=msg("re-roll ties"))


def duel_report(_: DuelInput, law: Dist[str]) -> Outcome:
    return Outcome.of(law, "winner", labels={"winner": msg("whose elephant kills the other (a, b, or tie)")})


# --- an elephant charges a block (AOT-ELEPHANT-UNIT) ------------------------------------------------

CREW_WEAPONS = (MeleeWeapon.SHOOTER, MeleeWeapon.SPEAR, MeleeWeapon.SWORD)


@dataclass(frozen=True)
class ChargeInput:
    aboard: int = param(3, msg("warriors aboard, the driver included (1 to 4): the elephant's density"), lo=1, hi=4,
                        label=msg("aboard"))
    crew_weapon: MeleeWeapon = param(MeleeWeapon.SHOOTER, msg("what the crew (all aboard but the driver) fight with"),
                                     choices=CREW_WEAPONS, label=msg("crew weapon"))
    veteran: bool = param(False, msg("a commander rides the elephant (veteran)"), grid=(False,), label=msg("veteran"))
    block_ranks: Ranks = param((4, 4), msg("the block's formed warriors per rank, front first"),
                               label=msg("block ranks"),
                               grid=((2, 2), (3, 3), (4, 4), (5, 5)))
    block_weapon: MeleeWeapon = param(MeleeWeapon.SPEAR, msg("the block's weapon"), choices=tuple(FOOT_WEAPONS),
                                      label=msg("block weapon"),
                                      grid=(MeleeWeapon.SPEAR, MeleeWeapon.SWORD, MeleeWeapon.SHOOTER))
    block_shield: bool = param(False, msg("the block has shields (useless against the trample, but they save crew "
                               "hits)"), label=msg("block shields"))

    def sides(self) -> tuple[Unit, Unit]:
        with blame("aboard"):
            beast = elephant(self.aboard, self.crew_weapon, veteran=self.veteran)
        block = SideInput(ranks=self.block_ranks, weapon=self.block_weapon, shield=self.block_shield).side("block")
        return beast, block.unit


CHARGE_LABELS = {"b_killed": msg("block: killed"), "b_disordered": msg("block: disordered (terrified)"),
                 "a_fate": msg("the elephant after the block's strikes"), "result": msg("result (A is the elephant)"),
                 "block_retreats": msg("the block loses and retreats"), "elephant_dead": msg("the elephant dies"),
                 "berserk": msg("the elephant goes berserk"), "elephant_loses": msg("the elephant loses the fight"),
                 "crew_dice": msg("crew dice")}
CHARGE_EVENTS = {"block_retreats": lambda m: m.result is MeleeResult.A_WINS,
                 "elephant_dead": lambda m: m.a_fate is Fate.DEAD,
                 "berserk": lambda m: m.a_fate is Fate.BERSERK,
                 "elephant_loses": lambda m: m.result is MeleeResult.B_WINS}


def charge_procedure(p: ChargeInput) -> Proc[Melee]:
    return elephant_charge(*p.sides())


def charge_report(p: ChargeInput, law: Dist[Melee]) -> Outcome:
    return Outcome.of(law, "b_killed", dists=("b_killed", "b_disordered", "a_fate", "result"), events=CHARGE_EVENTS,
                      labels=CHARGE_LABELS, info={"crew_dice": p.aboard - 1})


def register(reg: Registry) -> None:
    reg.add(Mechanic(
        rule_id="AOT-ELEPHANT-UNIT", key="elephant-charge", title=msg("An elephant charges a block of foot"),
        summary=msg("The trample and the crew's strikes, the block's strikes back, the elephant's hit test and the "
                "result, exactly."),
        record_type=ChargeInput, **derived(charge_procedure, charge_report, lambda p, m: reported(m, CHARGE_EVENTS)),
        rules=("AOT-ELEPHANT-UNIT", "AOT-ELEPHANT-ATTACK", "AOT-ELEPHANT-CREW", "AOT-ELEPHANT-WOUND",
               "AOT-MELEE-RESULT"), show=("b_killed", "a_fate", "result")))
    reg.add(Mechanic(
        rule_id="AOT-ELEPHANT-MOVE", key="elephant-trot", title=msg("An elephant's trot"),
        summary=msg("One die of inches, as armoured horse; below 3 the elephant goes berserk."),
        record_type=TrotInput, **derived(trot_procedure, trot_report, trot_sample)))
    reg.add(Mechanic(
        rule_id="AOT-ELEPHANT-ATTACK", key="trample", title=msg("Trampling"),
        summary=msg("One die against the target's density: at or below it, that many warriors are killed; shields and "
                "armour do not help."),
        record_type=TrampleInput,
        **derived(trample_procedure, trample_report, lambda _, k: {"killed": k, "hit": k > 0})))
    reg.add(Mechanic(
        rule_id="AOT-ELEPHANT-WOUND", key="elephant-hit-test", title=msg("The elephant's hit test"),
        summary=msg("One die against the hits: at or below them the elephant dies; above, an even roll sends it "
                "berserk and an odd one lets it live."),
        record_type=WoundInput, **wound_faces(Body.ELEPHANT)))
    reg.add(Mechanic(
        rule_id="AOT-ELEPHANT-VS-ELEPHANT", key="elephant-duel", title=msg("Elephant against elephant"),
        summary=msg("Both roll a die; the higher kills the other."),
        record_type=DuelInput,
        **derived(lambda p: duel(reroll_ties=p.reroll_ties), duel_report, lambda _, w: {"winner": w})))
