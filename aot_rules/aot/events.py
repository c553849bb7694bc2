"""What Art of Tactics rules report as they are played (beside each die's ``Roll``).

Rules emit these into the dice source's log; the worked examples, their dice
strips and loss animations, and the samplers all read the log.  Events carry
facts only; the words a book page uses for them live in
``aot_rules.present.narrate``.
"""

from __future__ import annotations

from dataclasses import dataclass

from aot_rules.aot.units import Unit
from aot_rules.core.events import Event
from aot_rules.core.verdict import Verdict as Verdict  # who falls back after a fight: the core's verdict


@dataclass(frozen=True, slots=True)
class Hits(Event):
    """One side's hit dice: who rolled, each face and whether it hit, and the faces that hit."""

    by: str
    faces: tuple[tuple[int, bool], ...]
    hit_on: str = ""

    @property
    def count(self) -> int:
        return sum(hit for _, hit in self.faces)


@dataclass(frozen=True, slots=True)
class ShieldWall(Event):
    """A shield-wall (or pavise) die: its roll, the faces that save, and the hits saved with it (in melee with
    armour's sixes, as the strike report counts them).  The table rolls it once per slot (AOT-SHOOT-SHIELDWALL,
    AOT-MELEE-SHIELDWALL): ``held`` says no die was rolled, the slot's roll met these hits too, and ``left`` is
    how many hits it may still turn away in the slot (one roll covers all the hits of the slot)."""

    unit: str
    roll: int
    saves_on: str
    saved: int
    held: bool = False
    left: int = 0


@dataclass(frozen=True, slots=True)
class Losses(Event):
    """Warriors killed and disordered, with the unit before and after (what an animation draws)."""

    before: Unit
    killed: int
    disordered: int
    after: Unit


@dataclass(frozen=True, slots=True)
class Compared(Event):
    """A result decided by densities: each side's compared density and who fell back.

    ``lost`` is what the side that could retreat lost (a unit that lost nobody never retreats).
    """

    first: str
    second: str
    first_density: int
    second_density: int
    verdict: Verdict
    lost: int = 1


@dataclass(frozen=True, slots=True)
class Retreat(Event):
    """A unit falls back (AOT-SHOOT-RESULT, AOT-MELEE-RETREAT), ``move`` inches if known."""

    unit: str
    move: int | None = None


@dataclass(frozen=True, slots=True)
class DPEarned(Event):
    """AOT-DEMO-EARN: a side gains demoralization points."""

    side: str
    points: int


@dataclass(frozen=True, slots=True)
class DPSpent(Event):
    """AOT-DEMO-DISORDER / -RETREAT / -FORCED-ATTACK: points spent on an enemy unit, and what they did."""

    target: str
    points: int
    effect: str
    disordered: int = 0


@dataclass(frozen=True, slots=True)
class Tested(Event):
    """A disorder test (AOT-DISORDER-TEST) and the warriors it cost.

    ``rolled``: a regular unit's two dice when its first failed and it rolled again (AOT-PROP-REGULAR), of
    which ``roll`` is the one it kept; empty when one die decided.
    """

    unit: str
    roll: int
    density: int
    lost: int
    rolled: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class InitiativeRolled(Event):
    """Both initiative dice (mine first); a tie (a double) is logged and rolled again."""

    mine: int
    theirs: int

    @property
    def double(self) -> bool:
        return self.mine == self.theirs


@dataclass(frozen=True, slots=True)
class SlotPlayed(Event):
    """One slot comes up: whose it is, its number and who is written on it."""

    player: str
    slot: int
    owner: str


@dataclass(frozen=True, slots=True)
class WeatherChanged(Event):
    """Doubles on consecutive turns changed the weather on ``turn``; ``face`` picked it."""

    turn: int
    face: int
    weather: str


@dataclass(frozen=True, slots=True)
class UnitDrifted(Event):
    """A unit lost in the storm took its direction die."""

    unit: str
    face: int
    drift: str


@dataclass(frozen=True, slots=True)
class OffRoll(Event):
    """Both players' set-up dice (mine first); a tie is rolled again."""

    why: str
    mine: int
    theirs: int


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """A move whose length a die set (run, trot, evasion): how far the unit may go, and why."""

    unit: str
    why: str
    faces: tuple[int, ...]
    distance: int


@dataclass(frozen=True, slots=True)
class PassedThrough(Event):
    """A unit passed through a friend (AOT-MOVE-THROUGH-FRIENDS): the mover's die against its density (or
    its strength when panicking), and the warriors the unit passed through lost."""

    mover: str
    friend: str
    roll: int
    against: int
    lost: int
    loser: str


@dataclass(frozen=True, slots=True)
class Wounded(Event):
    """AOT-ELEPHANT-WOUND / AOT-CHARIOT-WOUND: a hit test after ``hits`` hits, its die and the fate."""

    unit: str
    body: str
    hits: int
    roll: int
    fate: str


@dataclass(frozen=True, slots=True)
class Overturned(Event):
    """AOT-CHARIOT-TURN-TROT: a chariot's test die, and whether it overturned."""

    unit: str
    roll: int
    horses: int
    overturned: bool


@dataclass(frozen=True, slots=True)
class Artillery(Event):
    """AOT-ART-SHOOT-LIGHT / -HEAVY: the effect die chosen, whether it reached and hit, and the kills."""

    gun: str
    reach: tuple[int, ...]
    effect: int | None
    reached: bool
    hit: bool
    killed: int
