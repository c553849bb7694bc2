"""What Art of Tactics rules report as they are played (beside each die's ``Roll``).

Rules emit these into the dice source's log; the worked examples, their dice
strips and loss animations, and the samplers all read the log, and the table-top
engine keeps them in its game record beside its own events.  Events carry
facts only; the words a book page uses for them live in
``aot_rules.present.narrate`` (and the table's lines in ``aot_rules.present.tablelog``).

No field holds English that code reads (issue #19).  A unit is named by its
:data:`~aot_rules.core.events.Name`, the name it carries (the rules know no piece
on a table; the table's own events beside these name the piece by id, and where the table looks an event
back up, a shield die or a loss, the caller passes its piece id in, an opaque :data:`PieceId`); a closed
vocabulary is an enum (:mod:`aot_rules.aot.vocabulary`); the faces that hit or save
are numbers.  Where a worked example has no name for a party, the rules call it
what a player would ("shooters", "firers", "gun"): a name shown, never compared.
"""

from __future__ import annotations

from dataclasses import dataclass

from aot_rules.aot.units import Body, Unit
from aot_rules.aot.vocabulary import DieMove, DPEffect, Drift, Fate, RollOff, Weather
from aot_rules.core.events import Event, Name, PieceId
from aot_rules.core.verdict import Verdict as Verdict  # who falls back after a fight: the core's verdict


@dataclass(frozen=True, slots=True)
class Hits(Event):
    """One side's hit dice: who rolled (``by``), each face and whether it hit, and for a volley the faces that hit
    (``hit_on``, empty when none could; None for melee strikes, whose hits depend on more than the face)."""

    by: Name
    faces: tuple[tuple[int, bool], ...]
    hit_on: tuple[int, ...] | None = None
    piece: PieceId = ""  # on the table, the id of the piece that rolled, as the caller passed it ("" in an example)

    @property
    def count(self) -> int:
        return sum(hit for _, hit in self.faces)


@dataclass(frozen=True, slots=True)
class ShieldWall(Event):
    """A shield-wall (or pavise) die: its roll, the faces that save, and the hits saved with it (in melee with
    armour's sixes, as the strike report counts them).  The table rolls it once per slot (AOT-SHOOT-SHIELDWALL,
    AOT-MELEE-SHIELDWALL): ``held`` says no die was rolled, the slot's roll met these hits too, and ``left`` is
    how many hits it may still turn away in the slot (one roll covers all the hits of the slot).  ``saves_on``:
    the faces that save (empty: none would)."""

    unit: Name
    roll: int
    saves_on: tuple[int, ...]
    saved: int
    held: bool = False
    left: int = 0
    piece: PieceId = ""  # on the table, the piece's id as the caller passed it ("" in a worked example)


@dataclass(frozen=True, slots=True)
class Losses(Event):
    """Warriors killed and disordered, with the unit before and after (what an animation draws)."""

    before: Unit
    killed: int
    disordered: int
    after: Unit
    piece: PieceId = ""  # on the table, the piece's id as the caller passed it ("" in a worked example)


@dataclass(frozen=True, slots=True)
class Compared(Event):
    """A result decided by densities: each side's compared density and who fell back.

    ``lost`` is what the side that could retreat lost (a unit that lost nobody never retreats).  The shooting
    rules, which know no shooter's name, call the shooters "shooters".
    """

    first: Name
    second: Name
    first_density: int
    second_density: int
    verdict: Verdict
    lost: int = 1


@dataclass(frozen=True, slots=True)
class Retreat(Event):
    """A unit falls back (AOT-SHOOT-RESULT, AOT-MELEE-RETREAT), ``move`` inches if known."""

    unit: Name
    move: int | None = None


@dataclass(frozen=True, slots=True)
class DPEarned(Event):
    """AOT-DEMO-EARN: a side gains demoralization points: ``side`` the name shown (on the table the army's; in a
    worked example the winning unit's, or "shooters"), ``piece`` on the table the winning piece's id."""

    side: Name
    points: int
    piece: PieceId = ""  # on the table, the id of the winning piece, as the caller passed it ("" in an example)


@dataclass(frozen=True, slots=True)
class DPSpent(Event):
    """AOT-DEMO-DISORDER / -RETREAT / -FORCED-ATTACK: points spent on an enemy unit, and what they did."""

    target: Name
    points: int
    effect: DPEffect
    disordered: int = 0


@dataclass(frozen=True, slots=True)
class Tested(Event):
    """A disorder test (AOT-DISORDER-TEST) and the warriors it cost.

    ``rolled``: a regular unit's two dice when its first failed and it rolled again (AOT-PROP-REGULAR), of
    which ``roll`` is the one it kept; empty when one die decided.
    """

    unit: Name
    roll: int
    density: int
    lost: int
    rolled: tuple[int, ...] = ()
    piece: PieceId = ""  # on the table, the tested piece's id, as the caller passed it ("" in a worked example)


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
    """One slot comes up: whose it is (the player's name), its number and who is written on it (a general's name,
    or ``command.INDIVIDUAL``, as the army list writes the slot)."""

    player: Name
    slot: int
    owner: Name


@dataclass(frozen=True, slots=True)
class WeatherChanged(Event):
    """Doubles on consecutive turns changed the weather on ``turn``; ``face`` picked it."""

    turn: int
    face: int
    weather: Weather


@dataclass(frozen=True, slots=True)
class UnitDrifted(Event):
    """A unit lost in the storm took its direction die: ``unit`` its name (a worked example numbers unnamed
    units), and on the table ``piece`` its id ("" in a worked example, which has no pieces)."""

    unit: Name
    face: int
    drift: Drift
    piece: PieceId = ""


@dataclass(frozen=True, slots=True)
class OffRoll(Event):
    """Both players' set-up dice (mine first); a tie is rolled again."""

    why: RollOff
    mine: int
    theirs: int


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """A move whose length a die set (run, trot, evasion): how far the unit may go, and why."""

    unit: Name
    why: DieMove
    faces: tuple[int, ...]
    distance: int


@dataclass(frozen=True, slots=True)
class PassedThrough(Event):
    """A unit passed through a friend (AOT-MOVE-THROUGH-FRIENDS): the mover's die against its density (or
    its strength when panicking), and the warriors the unit passed through lost."""

    mover: Name
    friend: Name
    roll: int
    against: int
    lost: int
    loser: Name


@dataclass(frozen=True, slots=True)
class Wounded(Event):
    """AOT-ELEPHANT-WOUND / AOT-CHARIOT-WOUND: a hit test after ``hits`` hits, its die and the fate."""

    unit: Name
    body: Body
    hits: int
    roll: int
    fate: Fate


@dataclass(frozen=True, slots=True)
class Overturned(Event):
    """AOT-CHARIOT-TURN-TROT: a chariot's test die, and whether it overturned."""

    unit: Name
    roll: int
    horses: int
    overturned: bool


@dataclass(frozen=True, slots=True)
class Artillery(Event):
    """AOT-ART-SHOOT-LIGHT / -HEAVY: the gun (its name: "gun" in a worked example), the reach dice (a heavy
    piece's), the effect die chosen, whether it reached and hit, and the kills."""

    gun: Name
    reach: tuple[int, ...]
    effect: int | None
    reached: bool
    hit: bool
    killed: int
