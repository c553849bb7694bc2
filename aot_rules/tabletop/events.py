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
from enum import StrEnum
from fractions import Fraction

from aot_rules.aot.rules.orders import Method
from aot_rules.core.events import Event
from aot_rules.tabletop.geometry import Pose

Point = tuple[float, float]
#: :class:`GroundTested`'s ``place`` for the sun's test of armoured units (AOT-WEATHER-SUN).
HOT_SUN = "hot sun"
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
    sides: tuple[str, str] = ("", "")  # the two armies' names, side 0's first
    slots: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())  # the slots each side plays on these dice


@dataclass(frozen=True, slots=True)
class InitiativeRolledAgain(Event):
    """After a double (and any slot rewrites, AOT-CMD-DOUBLES) the initiative dice were rolled again:
    ``initiative`` side 0's first; equal dice are another double, and the players may rewrite again."""

    turn: int
    initiative: tuple[int, int]
    sides: tuple[str, str] = ("", "")
    slots: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())


@dataclass(frozen=True, slots=True)
class WeatherSet(Event):
    """The weather from now on (AOT-WEATHER); ``wind_edge`` is the edge a wind blows from, else ""."""

    weather: str
    face: int
    wind_edge: str = ""
    wind_die: bool = False  # the wind's own direction die (its edge, or "" when too weak to matter)


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
    target_name: str = ""


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
    degrees: float = 0.0  # the turn asked for (0: a turn the table made, to face an attacker or back)
    disordered: int = 0  # warriors its test disordered
    overturned: bool = False  # a chariot that overturned and was removed
    toward: str = ""  # the enemy a retreating unit turned back to face
    toward_name: str = ""


@dataclass(frozen=True, slots=True)
class Reformed(Event):
    """A reform (AOT-REFORM): the ranks before and after, and where it faces."""

    piece: str
    ranks_before: tuple[int, ...]
    ranks_after: tuple[int, ...]
    end: Pose
    defensive: bool = False
    density: int = 0  # after the reform
    disordered: int = 0  # still disordered after it
    faced: bool = False  # it also chose a new facing


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
    reason: str = ""  # what stopped a fall-back that dispersed it (the table's words for the obstacle)


@dataclass(frozen=True, slots=True)
class CampTaken(Event):
    """``side``'s camp was captured by ``piece`` (AOT-CAMP); ``camp`` is that side's name."""

    side: int
    piece: str
    camp: str = ""


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
    target_name: str = ""
    shooter_name: str = ""


@dataclass(frozen=True, slots=True)
class FacedAttack(Event):
    """AOT-TURN-FLANK-ATTACKED: ``piece``, attacked only on its flank or rear by ``attacker``, turned to face it
    (``turned``; its Turned event follows), or had no room to (it fights flanked)."""

    piece: str
    attacker: str
    turned: bool
    attacker_name: str = ""
    disordered: int = 0  # warriors the turn's test disordered
    mounted: bool = False  # a mounted unit that turns so loses its horse strike


@dataclass(frozen=True, slots=True)
class DPForced(Event):
    """``side``'s demoralization points (``points``, the unit's density) forced ``piece`` to ``how``: "retreat"
    (AOT-DEMO-RETREAT, away from ``foe``) or "attack" (AOT-DEMO-FORCED-ATTACK, into ``foe``)."""

    side: int
    piece: str
    points: int
    how: str
    foe: str
    name: str = ""
    foe_name: str = ""


@dataclass(frozen=True, slots=True)
class Rampaged(Event):
    """A berserk elephant (AOT-ELEPHANT-MOVE) rushed at ``target``, the nearest unit; ``moved`` False: it found no
    way to go and stayed."""

    piece: str
    target: str
    moved: bool = True
    target_name: str = ""
    reason: str = ""  # why it could not go (the refusal's message)


@dataclass(frozen=True, slots=True)
class ReactionChosen(Event):
    """A player's answer to a reaction the rules offered (``reaction``: "return fire", "countercharge",
    "evade"); replaying a game answers from these."""

    piece: str
    by: str
    reaction: str
    taken: bool
    name: str = ""
    by_name: str = ""


class Choice(StrEnum):
    """The kinds of decision a player logs (:class:`Decided`); each is told by its own sentence."""

    FLEE = "flee"
    RALLY = "rally"
    SHOOT = "shoot"
    CHARGE = "charge"
    PURSUE = "pursue"
    REFORM = "reform"
    FACE = "face"
    ADVANCE = "advance"
    CAMP = "march on the camp"
    SIDESTEP = "sidestep"
    RUN = "run"
    TROT = "trot"
    TURN = "turn"
    REWRITE = "rewrite slots"
    MESSENGER = "messenger"
    ORDER = "order"
    OWN_UNIT = "own unit"
    INDIVIDUAL = "individual unit"
    IDLE = "no unit to act"
    GONE = "general gone"
    HOLD = "hold"
    OFFICER_SHOOT = "officer shoots"
    OFFICER_CHARGE = "officer counter-attacks"


@dataclass(frozen=True, slots=True)
class Decided(Event):
    """A player's decision, typed (shown only with ``play --verbose``): its ``kind``, the unit it is about
    (``piece``), the unit it aims at or orders (``target``), the general whose slot it is (``owner``) and the
    numbers its sentence prints: the exact ``odds`` (a charge's P(win) and P(lose), a messenger's P(through), a
    rewrite's gain in expected work), the ``firers`` of a shot, the ``distance`` in inches, the ``degrees`` off
    the front, the ``disordered`` warriors of a reform and the new ``slots`` of a rewrite."""

    side: int
    kind: Choice
    piece: str = ""
    target: str = ""
    name: str = ""
    target_name: str = ""
    owner: str = ""
    method: Method | None = None
    odds: tuple[Fraction, ...] = ()
    firers: int = 0
    distance: float = 0.0
    degrees: float = 0.0
    disordered: int = 0
    straight: bool = False  # an advance, run or trot straight ahead (no wheel)
    half: bool = False  # half the way it could go
    slots: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class BattleEnded(Event):
    """The battle is over: the winner's side (-1: nobody), how (``rout``, ``points``, ``withdrawal``, ``night``
    or ``draw``), and both sides' victory points."""

    winner: int
    how: str
    points: tuple[int, int]
    why: str = ""  # what ended it: "withdrawn", "routed", "last turn" or "night"
    turn: int = 0
    sides: tuple[str, str] = ("", "")
    ending: str = ""  # the victory rules' ending (nightfall, rout, withdrawal)
    #: each side's victory points and what earned them: (reason, points) as the victory rules count them
    scores: tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]] = ((), ())
    withdrawn: int = -1  # the side that withdrew, when ``why`` is "withdrawn"


# --- what the rules' dice did, for the entries of the table's own rolls and judgements ------------------------
# Each carries the numbers its line tells and names its pieces by id (with their names for the line), so the
# log renderer needs nothing else; the rules' own events (Roll, Hits, Losses, Tested, ...) travel beside them.

@dataclass(frozen=True, slots=True)
class Volley(Event):
    """A volley's dice (AOT-SHOOT-HIT, or AOT-REACT-RETURN-FIRE when ``returned``): what hit on which faces, the
    target's shield wall (``shield`` its face, 0: none; ``held``: the slot's roll met these hits too), the hits
    saved, and the warriors killed and disordered.  Its :class:`Aimed` follows."""

    shooter: str
    target: str
    hit_on: str
    hits: int
    killed: int
    disordered: int
    shield: int = 0
    held: bool = False
    saved: int = 0
    returned: bool = False


@dataclass(frozen=True, slots=True)
class ShotJudged(Event):
    """AOT-SHOOT-RESULT: the shooter's ``density`` against the shot unit's compared density (``against``);
    ``beaten``: the shot unit falls back."""

    shooter: str
    target: str
    density: int
    against: int
    beaten: bool
    target_name: str = ""


@dataclass(frozen=True, slots=True)
class ShotLost(Event):
    """The volley after a countercharge that fell short could not be shot (``reason``: the refusal's message)."""

    shooter: str
    target: str
    reason: str
    target_name: str = ""


@dataclass(frozen=True, slots=True)
class ShotAtPanicking(Event):
    """AOT-PANIC: ``firers`` of ``shooter`` could shoot at ``target``, which panics: it cannot be hit, it flees."""

    shooter: str
    target: str
    firers: int
    target_name: str = ""


@dataclass(frozen=True, slots=True)
class Countercharged(Event):
    """AOT-REACT-COUNTERCHARGE: ``piece`` charged ``shooter``, ``distance`` inches away, on a die of ``roll``:
    ``reaches`` or falls short; its test disordered ``disordered``."""

    piece: str
    shooter: str
    distance: float
    roll: int
    reaches: bool
    disordered: int = 0
    shooter_name: str = ""


@dataclass(frozen=True, slots=True)
class CounterchargeEnded(Event):
    """Where a countercharge ended (``how``): "home" (in contact at ``end``: the melee at once), "short" (at
    ``end``, ``gap`` inches from the shooter: the volley follows) or "no ground" (it could reach, but no open
    ground let it)."""

    piece: str
    shooter: str
    how: str
    end: Pose
    gap: float = 0.0
    shooter_name: str = ""


@dataclass(frozen=True, slots=True)
class Panicked(Event):
    """AOT-PANIC: ``piece`` panics, or acts as a panicking unit must; ``cause``: "army beaten" (a unit of its
    army lost: it flees toward its camp), "in contact" (not fought: it flees its attacker), "countercharge die"
    or "evasion die" (it panicked on that die and stays)."""

    piece: str
    cause: str


@dataclass(frozen=True, slots=True)
class Fleeing(Event):
    """AOT-PANIC: ``piece`` flees ``distance`` inches away from ``away_from`` (``away_name``), or, with no
    ``away_from``, toward its camp (``toward`` "camp", "edge" where it has none; ``distance`` 0: it is already
    there)."""

    piece: str
    distance: float
    away_from: str = ""
    away_name: str = ""
    toward: str = ""


@dataclass(frozen=True, slots=True)
class RetreatBlocked(Event):
    """A beaten unit does not retreat: it has left the battle (``gone``, ``reason`` its status), or may not
    (``reason``: the refusal's message; it stands and stays engaged)."""

    piece: str
    reason: str
    gone: bool = False
    name: str = ""


@dataclass(frozen=True, slots=True)
class Struck(Event):
    """One unit's melee strikes on another (AOT-MELEE-STRIKES): the faces rolled, the hits, the struck unit's
    shield wall (``shield`` its face, 0: none) and saves, the warriors killed and disordered."""

    piece: str
    foe: str
    faces: tuple[int, ...]
    hits: int
    killed: int
    disordered: int
    shield: int = 0
    saved: int = 0
    name: str = ""
    foe_name: str = ""


@dataclass(frozen=True, slots=True)
class TwoOnOne(Event):
    """Two units against one (AOT-MELEE-STRIKES): the lone unit (``pieces[2]``) split its front rank
    ``split``; each unit's killed and disordered, in ``pieces`` order."""

    pieces: tuple[str, str, str]
    names: tuple[str, str, str]
    split: tuple[int, int]
    killed: tuple[int, int, int]
    disordered: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class MeleeJudged(Event):
    """AOT-MELEE-RESULT: the two units' densities after the strikes; ``winner`` (its id, "" while the melee goes
    on) and the loser."""

    first: str
    second: str
    first_density: int
    second_density: int
    winner: str = ""
    loser: str = ""
    winner_name: str = ""
    loser_name: str = ""


@dataclass(frozen=True, slots=True)
class DPDisordered(Event):
    """AOT-DEMO-DISORDER: ``side`` spent ``points`` on ``piece``, ``away`` inches from the combat: ``disordered``
    warriors disordered."""

    side: int
    piece: str
    points: int
    away: float
    disordered: int
    name: str = ""


@dataclass(frozen=True, slots=True)
class DPUnspent(Event):
    """AOT-DEMO-TARGETING: ``points`` of ``side``'s were left with no eligible unit to take them."""

    side: int
    points: int


@dataclass(frozen=True, slots=True)
class ExtraRolled(Event):
    """The run or trot die (AOT-RUN, AOT-TROT, AOT-CHARIOT-TURN-TROT, AOT-ELEPHANT-MOVE): ``how`` "run" or
    "trot", up to ``distance`` inches; ``disordered`` by its test, an elephant gone ``berserk``, a chariot
    ``overturned`` (removed)."""

    piece: str
    how: str
    distance: float
    disordered: int = 0
    berserk: bool = False
    overturned: bool = False


@dataclass(frozen=True, slots=True)
class FriendPassed(Event):
    """AOT-MOVE-THROUGH-FRIENDS: ``piece`` passed through ``friend`` on a die of ``roll`` (``same_die``: the
    retreat's or evasion's own die, under that rule); ``loser`` (a piece id) lost ``lost`` warriors."""

    piece: str
    friend: str
    roll: int
    lost: int
    loser: str = ""
    same_die: str = ""
    friend_name: str = ""
    loser_name: str = ""


@dataclass(frozen=True, slots=True)
class FriendInTheWay(Event):
    """A fall-back met a friend it cannot clear (AOT-MOVE-THROUGH-FRIENDS): ``how`` "short" (it stops short
    after ``distance`` inches), "dispersed" (panicking, it cannot clear it: it is dispersed) or "weaker" (the
    friend, the weaker of two panicking units, is dispersed: ``piece`` is that friend, ``friend`` the mover)."""

    piece: str
    friend: str
    how: str
    distance: float = 0.0
    friend_name: str = ""


@dataclass(frozen=True, slots=True)
class GroundTested(Event):
    """A disorder test for ground: ``place`` is the terrain piece's name, or the side's name when ``camp``
    (AOT-ROUGH-TERRAIN, AOT-CAMP), or "hot sun" (AOT-WEATHER-SUN); ``lost`` warriors disordered."""

    piece: str
    place: str
    lost: int
    camp: bool = False


@dataclass(frozen=True, slots=True)
class TurnedAway(Event):
    """AOT-MELEE-RETREAT: ``piece`` turned its back to ``foe`` to retreat; its test disordered ``lost``."""

    piece: str
    foe: str
    lost: int
    foe_name: str = ""


@dataclass(frozen=True, slots=True)
class Evaded(Event):
    """AOT-EVADE-PROCEDURE: ``piece`` rolled to evade ``attacker``: ``distance`` inches, ``disordered`` by the
    die's test."""

    piece: str
    attacker: str
    distance: float
    disordered: int = 0
    attacker_name: str = ""


@dataclass(frozen=True, slots=True)
class EvasionRefused(Event):
    """The evading ``piece`` cannot back the full ``distance`` (``reason``: what is in the way): it stays and
    accepts the melee."""

    piece: str
    distance: float
    reason: str


@dataclass(frozen=True, slots=True)
class Withdrew(Event):
    """AOT-VICTORY-WITHDRAW: ``side`` chose to withdraw in good order."""

    side: int


#: Every table event, by class name (the save file's ``type``).
TABLE_EVENTS: tuple[type[Event], ...] = (
    TurnBegan, InitiativeRolledAgain, WeatherSet, StormStruck, SlotOpened, SlotClosed, Activated, OfficerActed,
    SlotsRewritten, MovedAlong, Wheeled, Turned, Reformed, FellBack, ContactMade, LeftBattle, CampTaken,
    Aimed, FacedAttack, DPForced, Rampaged, ReactionChosen, Decided, BattleEnded, Volley, ShotJudged, ShotLost,
    ShotAtPanicking, Countercharged, CounterchargeEnded, Panicked, Fleeing, RetreatBlocked, Struck, TwoOnOne,
    MeleeJudged, DPDisordered, DPUnspent, ExtraRolled, FriendPassed, FriendInTheWay, GroundTested, TurnedAway,
    Evaded, EvasionRefused, Withdrew)
