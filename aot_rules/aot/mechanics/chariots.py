"""Registered chariot dice: overturning on a turn or a trot, the hit test, and a charge to break through foot."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from aot_rules.aot.equipment import FOOT_WEAPONS, MeleeWeapon
from aot_rules.aot.mechanics.common import reported
from aot_rules.aot.mechanics.elephants import WoundInput, wound_faces
from aot_rules.aot.mechanics.melee import SideInput
from aot_rules.aot.rules.breakthrough import Breakthrough
from aot_rules.aot.rules.chariots import (
    ChariotMove,
    chariot,
    chariot_breakthrough,
    chariot_trot,
    chariot_turn,
    check_horses,
)
from aot_rules.aot.rules.wounds import Fate
from aot_rules.aot.units import Body, Unit
from aot_rules.core.dist import Dist
from aot_rules.core.errors import blame
from aot_rules.core.i18n import msg, vocabulary
from aot_rules.core.outcome import Outcome
from aot_rules.core.params import Ranks, param
from aot_rules.core.procedure import Proc
from aot_rules.core.registry import Mechanic, Registry, derived

# --- overturning (AOT-CHARIOT-TURN-TROT) ------------------------------------------------------------


@dataclass(frozen=True)
class OverturnInput:
    horses: int = param(2, msg("horses in the team (the chariot's density)"), lo=1, hi=4, label=msg("horses"))
    trot: bool = param(False, msg("a trot (two dice of inches, one of them the test); off: a turn"), off="turn",
                       label=msg("trot (off: turn)"))
    test_die_moves: bool = param(True, msg("index reading: on a trot the test die still counts toward the distance"),
                                 reading="AOT-TROT", grid=(True,), label=msg("test die counts toward distance"))


@vocabulary({"overturned": msg("overturned"), "upright": msg("upright")})
class Standing(StrEnum):
    """Whether the chariot stays on its wheels."""

    OVERTURNED = "overturned"
    UPRIGHT = "upright"


class Overturn(NamedTuple):
    chariot: Standing
    distance: int


def _state(m: ChariotMove) -> Overturn:
    return Overturn(Standing.OVERTURNED if m.overturned else Standing.UPRIGHT, m.distance)


OVERTURN_LABELS = {"chariot": msg("the chariot"), "distance": msg("inches it may go (0 for a turn)"),
                   "test": msg("test")}


def overturn_procedure(p: OverturnInput) -> Proc[Overturn]:
    with blame("horses"):
        check_horses(p.horses, "AOT-CHARIOT-TURN-TROT")
    move = (chariot_trot(p.horses, p.test_die_moves) if p.trot
            else chariot_turn(p.horses).map(lambda over: ChariotMove(0, over)))
    return move.map(_state)


def overturn_report(p: OverturnInput, law: Dist[Overturn]) -> Outcome:
    return Outcome.of(law, "chariot", dists=("chariot", "distance"), labels=OVERTURN_LABELS,
                      info={"test": msg("a test die below {horses} overturns it", horses=p.horses)})


# --- the hit test (AOT-CHARIOT-WOUND) -----------------------------------------------------------------

# --- a chariot charges foot (AOT-CHARIOT-COMBAT) --------------------------------------------------------

CREW_WEAPONS = (MeleeWeapon.SHOOTER, MeleeWeapon.SWORD, MeleeWeapon.LANCE)
CHARIOTS = (Body.CHARIOT, Body.SCYTHED)


@dataclass(frozen=True)
class ChargeInput:
    horses: int = param(2, msg("horses in the team: the chariot's density and its horse dice"), lo=1, hi=4,
                        label=msg("horses"))
    body: Body = param(Body.CHARIOT, msg("a plain or a scythed chariot (terrifying, armour-piercing)"),
                       choices=CHARIOTS,
                       label=msg("chariot"))
    crew_weapon: MeleeWeapon = param(MeleeWeapon.SHOOTER, msg("the crew's weapon, for its one die"),
                                     choices=CREW_WEAPONS,
                                     label=msg("crew weapon"))
    foot_ranks: Ranks = param((3, 3), msg("the foot's formed warriors per rank, front first"), label=msg("foot ranks"),
                              grid=((2, 2), (3, 3), (4, 4), (5, 5)))
    foot_weapon: MeleeWeapon = param(MeleeWeapon.SPEAR, msg("the foot's weapon"), choices=tuple(FOOT_WEAPONS),
                                     label=msg("foot weapon"),
                                     grid=(MeleeWeapon.SPEAR, MeleeWeapon.SWORD, MeleeWeapon.SHOOTER))
    foot_shield: bool = param(False, msg("the foot carry shields"), label=msg("foot shields"))
    foot_armour: bool = param(False, msg("the foot wear armour"), label=msg("foot armour"), grid=(False,))
    last: bool = param(False, msg("this is the last unit in its path: the crew's die strikes too"),
                       label=msg("last unit"))

    def sides(self) -> tuple[Unit, Unit]:
        with blame("horses", "crew_weapon"):
            car = chariot(self.horses, self.crew_weapon, body=self.body)
        foot = SideInput(ranks=self.foot_ranks, weapon=self.foot_weapon, shield=self.foot_shield,
                         armour=self.foot_armour).side("foot")
        return car, foot.unit


CHARGE_LABELS = {"foot_killed": msg("foot killed"), "foot_disordered": msg("foot disordered"),
                 "cavalry_fate": msg("the chariot after the foot strike back"), "result": msg("result (A is the "
                                                                                              "chariot)"),
                 "through": msg("it breaks through"), "destroyed": msg("the chariot is destroyed")}
CHARGE_EVENTS = {"through": lambda b: b.through, "destroyed": lambda b: b.cavalry_fate is Fate.DESTROYED}


def charge_procedure(p: ChargeInput) -> Proc[Breakthrough]:
    car, foot = p.sides()
    return chariot_breakthrough(car, foot, last=p.last)


def charge_report(p: ChargeInput, law: Dist[Breakthrough]) -> Outcome:
    return Outcome.of(law, "foot_killed", dists=("foot_killed", "foot_disordered", "cavalry_fate", "result"),
                      events=CHARGE_EVENTS, labels=CHARGE_LABELS)


def register(reg: Registry) -> None:
    reg.add(Mechanic(
        rule_id="AOT-CHARIOT-COMBAT", key="chariot-charge", title=msg("A chariot charges foot to break through"),
        summary=msg("The horses strike as cavalry, the crew adds one die against the last unit; the foot's hits go to "
                "the chariot's hit test; it carries on if the foot lose."),
        record_type=ChargeInput,
        **derived(charge_procedure, charge_report, lambda p, b: reported(b, CHARGE_EVENTS)),
        rules=("AOT-CHARIOT-COMBAT", "AOT-BREAKTHROUGH", "AOT-CHARIOT-WOUND", "AOT-MELEE-HORSE-STRIKE"),
        show=("foot_killed", "cavalry_fate", "result")))
    reg.add(Mechanic(
        rule_id="AOT-CHARIOT-TURN-TROT", key="overturn", title=msg("Turning and trotting a chariot"),
        summary=msg("A turn test, or the owner's pick of the two trot dice, below the number of horses overturns it."),
        record_type=OverturnInput,
        **derived(overturn_procedure, overturn_report, lambda _, o: o._asdict())))
    reg.add(Mechanic(
        rule_id="AOT-CHARIOT-WOUND", key="chariot-hit-test", title=msg("The chariot's hit test"),
        summary=msg("One die against the hits: at or below them the chariot is destroyed."),
        record_type=WoundInput, **wound_faces(Body.CHARIOT)))
