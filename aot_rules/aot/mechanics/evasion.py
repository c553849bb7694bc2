"""Registered evasion, who may evade whom, and the cavalry breakthrough."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import NamedTuple

from aot_rules.aot.equipment import FOOT_WEAPONS, MeleeWeapon
from aot_rules.aot.mechanics.common import MoverInput, reported
from aot_rules.aot.mechanics.run_trot import move_outcome, move_sample
from aot_rules.aot.rules.breakthrough import breakthrough, check_breakthrough
from aot_rules.aot.rules.evasion import Arm, Troops, evade, evasion_verdict
from aot_rules.aot.rules.melee import MeleeResult
from aot_rules.aot.rules.run_trot import ExtraMove
from aot_rules.aot.units import Unit, unit_of
from aot_rules.core.dist import Dist
from aot_rules.core.errors import blame
from aot_rules.core.i18n import Message, msg, vocabulary
from aot_rules.core.outcome import Fact, Outcome
from aot_rules.core.params import param
from aot_rules.core.procedure import Proc, done
from aot_rules.core.registry import Mechanic, Registry, derived
from aot_rules.core.verdict import Verdict

# --- the evasion move -------------------------------------------------------------------------------


def evade_procedure(p: MoverInput) -> Proc[ExtraMove]:
    u = p.mover()
    return evade(u.density, u.formed, p.regular, u.name)


def evade_report(p: MoverInput, law: Dist[ExtraMove]) -> Outcome:
    return move_outcome(law, msg("inches it backs away (exactly that far)"))


# --- who may evade whom -----------------------------------------------------------------------------

@vocabulary({
    "light-foot": msg('light foot'), "foot-shield": msg('foot with shields'),
    "foot-armour": msg('foot with armour'),
    "foot-both": msg('foot with shields and armour'), "light-horse": msg('light horse'),
    "horse-shield": msg('horse with shields'), "horse-armour": msg('horse, armoured riders'),
    "horse-both": msg('horse, armoured riders with shields'),
    "cataphracts": msg('horse, riders and horses armoured'), 'camels': msg('camels'),
    'elephant': msg('elephant'), 'chariot': msg('chariot'), "artillery": msg('artillery crew')
}, formerly={
    "light foot": "light-foot", "foot with shields": "foot-shield", "foot with armour": "foot-armour",
    "foot with shields and armour": "foot-both", "light horse": "light-horse", "horse with shields": "horse-shield",
    "horse, armoured riders": "horse-armour", "horse, armoured riders with shields": "horse-both",
    "horse, riders and horses armoured": "cataphracts", "artillery crew": "artillery"
})
class Profile(StrEnum):
    """Kinds of troops as the evasion rule tells them apart, from lightest foot to artillery crews."""

    LIGHT_FOOT = "light-foot"
    FOOT_SHIELD = "foot-shield"
    FOOT_ARMOUR = "foot-armour"
    FOOT_BOTH = "foot-both"
    LIGHT_HORSE = "light-horse"
    HORSE_SHIELD = "horse-shield"
    HORSE_ARMOUR = "horse-armour"
    HORSE_BOTH = "horse-both"
    CATAPHRACTS = "cataphracts"
    CAMELS = "camels"
    ELEPHANT = "elephant"
    CHARIOT = "chariot"
    ARTILLERY = "artillery"

    @property
    def troops(self) -> Troops:
        return PROFILE_TROOPS[self]


PROFILE_TROOPS = {
    Profile.LIGHT_FOOT: Troops(Arm.FOOT), Profile.FOOT_SHIELD: Troops(Arm.FOOT, shield=True),
    Profile.FOOT_ARMOUR: Troops(Arm.FOOT, armour=True), Profile.FOOT_BOTH: Troops(Arm.FOOT, True, True),
    Profile.LIGHT_HORSE: Troops(Arm.CAVALRY), Profile.HORSE_SHIELD: Troops(Arm.CAVALRY, shield=True),
    Profile.HORSE_ARMOUR: Troops(Arm.CAVALRY, armour=True), Profile.HORSE_BOTH: Troops(Arm.CAVALRY, True, True),
    Profile.CATAPHRACTS: Troops(Arm.CAVALRY, armour=True, horse_armour=True), Profile.CAMELS: Troops(Arm.CAMEL),
    Profile.ELEPHANT: Troops(Arm.ELEPHANT), Profile.CHARIOT: Troops(Arm.CHARIOT),
    Profile.ARTILLERY: Troops(Arm.ARTILLERY),
}


@vocabulary({"yes": msg('may evade'), "no": msg('may not evade')}, formerly={
    "may evade": "yes", "may not evade": "no"
})
class Answer(StrEnum):
    YES = "yes"
    NO = "no"


@dataclass(frozen=True)
class EligibilityInput:
    evader: Profile = param(Profile.LIGHT_HORSE, msg("the unit that is charged and would evade"), label=msg("evader"))
    attacker: Profile = param(Profile.HORSE_ARMOUR, msg("the unit that charges it"), label=msg("attacker"))
    moved_fast: bool = param(False, msg("the evader has already run or trotted this turn"), grid=(False,),
                             label=msg("has run or trotted this turn"))
    evaded: bool = param(False, msg("the evader has already evaded this turn"), grid=(False,),
                         label=msg("has evaded this turn"))


def eligibility(p: EligibilityInput) -> tuple[Answer, Message]:
    """The answer and why, as a message: the exact answer is cached, so its words are rendered only when shown."""
    if p.evaded:
        return Answer.NO, msg("a unit evades at most once a turn")
    if p.moved_fast:
        return Answer.NO, msg("a unit that has run or trotted this turn may not evade")
    v = evasion_verdict(p.evader.troops, p.attacker.troops)
    return (Answer.YES if v.allowed else Answer.NO), v.reason


def eligibility_procedure(p: EligibilityInput) -> Proc[Answer]:
    """No dice: the troop types and what the unit did this turn decide (a deterministic procedure)."""
    return done(eligibility(p)[0])


def eligibility_report(p: EligibilityInput, law: Dist[Answer]) -> Outcome:
    return Outcome.of(law, "answer", info={"because": eligibility(p)[1]},
                      labels={"answer": msg("the charged unit"), "because": msg("because")})


# --- breakthrough -----------------------------------------------------------------------------------

@vocabulary({'lance': msg('lance'), 'sword': msg('sword')})
class CavalryWeapon(StrEnum):
    LANCE = "lance"
    SWORD = "sword"


@dataclass(frozen=True)
class BreakthroughInput:
    cavalry_density: int = param(3, msg("the cavalry's density (one rank)"), lo=1, hi=4, label=msg("cavalry density"))
    cavalry_weapon: CavalryWeapon = param(CavalryWeapon.LANCE,
                                          msg("what the riders fight with (against the last unit)"),
                                          label=msg("cavalry weapon"))
    cavalry_armour: bool = param(False, msg("the riders wear armour"), label=msg("armoured riders"))
    horse_armour: bool = param(False, msg("the horses are armoured"), grid=(False,), label=msg("armoured horses"))
    foot_density: int = param(3, msg("the infantry's density (two full ranks)"), lo=1, hi=5, label=msg("foot density"))
    foot_weapon: MeleeWeapon = param(MeleeWeapon.SPEAR, msg("the infantry's weapon"), choices=FOOT_WEAPONS,
                                     grid=(MeleeWeapon.SHOOTER, MeleeWeapon.SPEAR, MeleeWeapon.PIKE, MeleeWeapon.SWORD),
                                     label=msg("foot weapon"))
    foot_shield: bool = param(False, msg("the infantry has shields"), label=msg("foot shields"))
    foot_armour: bool = param(False, msg("the infantry wears armour"), grid=(False,), label=msg("foot armour"))
    last: bool = param(False, msg("this is the last unit of the chain: riders strike too, as in any charge"),
                       label=msg("last unit (riders strike too)"))

    def units(self) -> tuple[Unit, Unit]:
        with blame("cavalry_density"):
            cav = Unit("cavalry", (self.cavalry_density,), mounted=True, armour=self.cavalry_armour,
                       horse_armour=self.horse_armour, weapon=MeleeWeapon(self.cavalry_weapon.value))
        with blame("foot_density"):
            foot = unit_of(self.foot_density, 2 * self.foot_density, "infantry")
        foot = replace(foot, weapon=self.foot_weapon, shield=self.foot_shield, armour=self.foot_armour)
        check_breakthrough(cav, foot)
        return cav, foot


@vocabulary({
    "routed": msg('foot routed'), "continues": msg('fight goes on'),
    "beaten": msg('cavalry beaten')
}, formerly={
    "foot routed": "routed", "fight goes on": "continues", "cavalry beaten": "beaten"
})
class Fight(StrEnum):
    """How one breakthrough melee ends, in reading order: the core's three-way :class:`Verdict` with the
    charging cavalry named first, in the words of AOT-BREAKTHROUGH."""

    ROUTED = "routed"
    CONTINUES = "continues"
    BEATEN = "beaten"

    @property
    def verdict(self) -> Verdict:
        return {Fight.ROUTED: Verdict.FIRST, Fight.BEATEN: Verdict.SECOND}.get(self, Verdict.CONTINUE)


class Charge(NamedTuple):
    result: Fight
    cavalry_lost: int
    foot_lost: int
    through: bool


#: The melee's result in the breakthrough's words: the same verdict (the cavalry is side A of the melee).
RESULT_WORDS = {r: next(f for f in Fight if f.verdict is r.verdict) for r in MeleeResult}
BT_LABELS = {"result": msg("the melee"), "cavalry_lost": msg("cavalry warriors lost"),
             "foot_lost": msg("infantry warriors lost"),
             "through": msg("the cavalry breaks through and may charge on"), "striking": msg("striking")}


def breakthrough_procedure(p: BreakthroughInput) -> Proc[Charge]:
    """The melee's dice with only the horses striking (riders too against the last unit), in the breakthrough's
    words."""
    cav, foot = p.units()
    return breakthrough(cav, foot, last=p.last).map(
        lambda b: Charge(RESULT_WORDS[b.result], b.cavalry_killed + b.cavalry_disordered,
                         b.foot_killed + b.foot_disordered, b.through))


BT_EVENTS = {"through": lambda c: c.through}


def breakthrough_report(p: BreakthroughInput, law: Dist[Charge]) -> Outcome:
    return Outcome.of(law, "result", dists=("result", "cavalry_lost", "foot_lost"),
                      events=BT_EVENTS, labels=BT_LABELS,
                      info={"striking": Fact(("horses", "riders"), msg("horses and riders")) if p.last else
                            Fact(("horses",), msg("horses only"))})


def register(reg: Registry) -> None:
    evade = reg.add(Mechanic(
        rule_id="AOT-EVADE-PROCEDURE", key="evade", title=msg("Evading a charge"),
        summary=msg("One die is both how far the unit backs away and its disorder test."),
        record_type=MoverInput, **derived(evade_procedure, evade_report, lambda p, m: move_sample(m)),
        rules=("AOT-EVADE-PROCEDURE", "AOT-DISORDER-TEST")))
    reg.add(evade.variant(
        "AOT-EVADE-FLANK", msg("Evading a flank attack"),
        msg("The one die is the turn to face the attacker, the evasion distance and the disorder test."), fixed={}))
    reg.add(Mechanic(
        rule_id="AOT-EVADE-ELIGIBILITY", key="may-evade", title=msg("Who may evade whom"),
        summary=msg("Whether a charged unit may evade its attacker, and the rule that decides."),
        record_type=EligibilityInput, deterministic=True,
        **derived(eligibility_procedure, eligibility_report, lambda _, answer: {"answer": answer})))
    reg.add(Mechanic(
        rule_id="AOT-BREAKTHROUGH", key="breakthrough", title=msg("Breaking through a line of foot"),
        summary=msg("Only the horses strike each unit broken through; a routed unit lets the cavalry charge on."),
        record_type=BreakthroughInput,
        **derived(breakthrough_procedure, breakthrough_report, lambda p, c: reported(c, BT_EVENTS)),
        rules=("AOT-BREAKTHROUGH", "AOT-MELEE-HORSE-STRIKE", "AOT-MELEE-RESULT")))
