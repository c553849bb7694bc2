"""What only the table knows, as typed events: the game record beside the rules' own events.

The rules already log what their dice did (:class:`~aot_rules.core.events.Roll` with its purpose,
:class:`~aot_rules.aot.events.Losses`, :class:`~aot_rules.aot.events.DPSpent`, ...).  Those events are
about one unit's warriors and know nothing of the table.  The events here add where things happened:
a move and its path, a wheel and its pivot, a turn, a retreat, a flight, an evasion, contact made, a unit
leaving the table, and the frame of the turn (slots and activations opening and closing).  Every event
names its pieces by id, so the animated turns (and anything else) can draw a game from the record
without reading a word of English; :mod:`aot_rules.tabletop.narrate` is the one place that turns events
into English.

Each log entry (:class:`~aot_rules.tabletop.state.LogEntry`) carries the events of its block: the rules'
events, in the order the rules emitted them, then the table's.
"""

from __future__ import annotations

from dataclasses import dataclass

from aot_rules.core.events import Event
from aot_rules.tabletop.geometry import Pose

Point = tuple[float, float]
#: :class:`Activated`'s ``method`` for a general's own unit (not an order, so not a ``Method``).
OWN = "own"


@dataclass(frozen=True, slots=True)
class TurnBegan(Event):
    """A new turn: its number, the opening initiative dice (side 0's first), the face of its opening double (0:
    no double) and how many tied rolls were rolled again in this action (0 since the rewrite after a double
    comes before the dice are rolled again: each re-roll is an :class:`InitiativeRolledAgain`)."""

    turn: int
    initiative: tuple[int, int]
    double: int
    ties: int


@dataclass(frozen=True, slots=True)
class InitiativeRolledAgain(Event):
    """After a double (and any slot rewrites, AOT-CMD-DOUBLES) the initiative dice were rolled again:
    ``initiative`` side 0's first; equal dice are another double, and the players may rewrite again."""

    turn: int
    initiative: tuple[int, int]


@dataclass(frozen=True, slots=True)
class WeatherSet(Event):
    """The weather from now on (AOT-WEATHER); ``wind_edge`` is the edge a wind blows from, else ""."""

    weather: str
    face: int
    wind_edge: str = ""


@dataclass(frozen=True, slots=True)
class StormStruck(Event):
    """AOT-WEATHER-STORM: ``side`` rolled ``rolled`` for its lost units; ``units`` of them can be lost (units
    fighting in contact are not)."""

    side: int
    rolled: int
    units: int


@dataclass(frozen=True, slots=True)
class SlotOpened(Event):
    """A side begins to play one of its slots; ``owner`` is the general (or "individual") it belongs to and
    ``in_contact`` the pieces already in contact with an enemy (their melee is not this slot's, AOT-MELEE-ENGAGE)."""

    side: int
    slot: int
    owner: str
    in_contact: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SlotClosed(Event):
    """The slot is over; ``activated`` are the pieces whose activation closes with it."""

    side: int
    slot: int
    activated: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Activated(Event):
    """An order given in the slot (``method`` is a :class:`~aot_rules.aot.rules.orders.Method` value, or
    :data:`OWN` for the general's own unit); ``reached`` False: a signal or messenger that did not get through.
    ``radius`` is a signal's radius once rolled (0 for any other way)."""

    piece: str
    side: int
    commander: str
    method: str
    reached: bool = True
    radius: int = 0
    name: str = ""  # the unit's name, for its line
    distance: float = 0.0  # inches from the general's unit (or the line's nearest unit, or the colonel's)
    via: str = ""  # direct command: the general's unit's name; individual slot: the colonel with the unit


@dataclass(frozen=True, slots=True)
class OfficerActed(Event):
    """A junior officer's unit acted in the enemy's slot (AOT-PROP-INITIATIVE): ``kind`` "shoot" (at
    ``target``), "charge" or "reform"; the action's own events follow."""

    piece: str
    side: int
    kind: str
    target: str = ""


@dataclass(frozen=True, slots=True)
class SlotsRewritten(Event):
    """The side's slots now belong to ``slots`` (AOT-CMD-CINC in a slot, AOT-CMD-DOUBLES after a double)."""

    side: int
    slots: tuple[str, ...]
    after_double: bool


@dataclass(frozen=True, slots=True)
class MovedAlong(Event):
    """A move, run or trot: ``path`` runs from the start pose's front centre through the pose after each
    step to the end; ``inches`` is what it cost; ``how`` is "move", "run", "trot", or "drift" (a unit lost in
    the storm, AOT-WEATHER-STORM)."""

    piece: str
    start: Pose
    path: tuple[Point, ...]
    end: Pose
    inches: float
    how: str


@dataclass(frozen=True, slots=True)
class Wheeled(Event):
    """A wheel inside a move: about ``pivot`` (the inner front corner), ``degrees`` (positive: to the left)."""

    piece: str
    pivot: Point
    degrees: float


@dataclass(frozen=True, slots=True)
class Turned(Event):
    """A turn in place (AOT-TURN) from ``start`` to ``end``; also the turn back to face after a retreat."""

    piece: str
    start: Pose
    end: Pose


@dataclass(frozen=True, slots=True)
class Reformed(Event):
    """A reform (AOT-REFORM): the ranks before and after, and where it faces."""

    piece: str
    ranks_before: tuple[int, ...]
    ranks_after: tuple[int, ...]
    end: Pose
    defensive: bool = False


@dataclass(frozen=True, slots=True)
class FellBack(Event):
    """A retreat, a flight or an evasion carried ``piece`` from ``start`` to ``end``, away from ``away_from``
    (a piece id, or "" for a flight toward the camp); ``kind`` is "retreat", "flight" or "evasion".  ``via``
    are the poses it passed on the way: the turn in place before it went straight (its back to the enemy, or
    toward a flank attacker), when it ends facing another way."""

    piece: str
    kind: str
    away_from: str
    start: Pose
    end: Pose
    via: tuple[Pose, ...] = ()


@dataclass(frozen=True, slots=True)
class ContactMade(Event):
    """``piece`` came into contact with ``enemies``."""

    piece: str
    enemies: tuple[str, ...]
    names: tuple[str, ...] = ()  # the enemies' names, for the line


@dataclass(frozen=True, slots=True)
class LeftBattle(Event):
    """``piece`` left the battle: "fled" off the table, "dispersed", "destroyed" or "captured" in a camp."""

    piece: str
    status: str


@dataclass(frozen=True, slots=True)
class CampTaken(Event):
    """``side``'s camp was captured by ``piece`` (AOT-CAMP)."""

    side: int
    piece: str


@dataclass(frozen=True, slots=True)
class Aimed(Event):
    """A volley as the table set it up (AOT-SHOOT-RANGE and the rules it draws on): ``firers`` of ``shooter`` at
    ``target`` ``distance`` inches away, the target counted at ``strength`` (its strength at the start of the
    slot, AOT-SHOOT-SIMULTANEOUS, or its density in ``cover``), shot in the flank, downwind, and one firer fewer
    in a battle line (``line``, AOT-CMD-BATTLE-LINE)."""

    shooter: str
    target: str
    firers: int
    distance: float
    strength: int
    cover: str = ""
    flank: bool = False
    downwind: bool = False
    line: bool = False


@dataclass(frozen=True, slots=True)
class FacedAttack(Event):
    """AOT-TURN-FLANK-ATTACKED: ``piece``, attacked only on its flank or rear by ``attacker``, turned to face it
    (``turned``; its Turned event follows), or had no room to (it fights flanked)."""

    piece: str
    attacker: str
    turned: bool


@dataclass(frozen=True, slots=True)
class DPForced(Event):
    """``side``'s demoralization points (``points``, the unit's density) forced ``piece`` to ``how``: "retreat"
    (AOT-DEMO-RETREAT, away from ``foe``) or "attack" (AOT-DEMO-FORCED-ATTACK, into ``foe``)."""

    side: int
    piece: str
    points: int
    how: str
    foe: str


@dataclass(frozen=True, slots=True)
class Rampaged(Event):
    """A berserk elephant (AOT-ELEPHANT-MOVE) rushed at ``target``, the nearest unit; ``moved`` False: it found no
    way to go and stayed."""

    piece: str
    target: str
    moved: bool = True


@dataclass(frozen=True, slots=True)
class ReactionChosen(Event):
    """A player's answer to a reaction the rules offered (``reaction``: "return fire", "countercharge",
    "evade"); replaying a game answers from these."""

    piece: str
    by: str
    reaction: str
    taken: bool


@dataclass(frozen=True, slots=True)
class Decided(Event):
    """A player's decision and its reason (shown only with ``play --verbose``)."""

    side: int
    reason: str


@dataclass(frozen=True, slots=True)
class BattleEnded(Event):
    """The battle is over: the winner's side (-1: nobody), how (``rout``, ``points``, ``withdrawal``, ``night``
    or ``draw``), and both sides' victory points."""

    winner: int
    how: str
    points: tuple[int, int]


#: Every table event, by class name (the save file's ``type``).
TABLE_EVENTS: tuple[type[Event], ...] = (
    TurnBegan, InitiativeRolledAgain, WeatherSet, StormStruck, SlotOpened, SlotClosed, Activated, OfficerActed,
    SlotsRewritten, MovedAlong, Wheeled, Turned, Reformed, FellBack, ContactMade, LeftBattle, CampTaken,
    Aimed, FacedAttack, DPForced, Rampaged, ReactionChosen, Decided, BattleEnded)
