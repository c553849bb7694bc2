"""What only the table knows, as typed events: the game record beside the rules' own events.

The rules already log what their dice did (:class:`~aot_rules.core.events.Roll` with its purpose,
:class:`~aot_rules.aot.events.Losses`, :class:`~aot_rules.aot.events.DPSpent`, ...).  Those events are
about one unit's warriors and know nothing of the table.  The events here add where things happened:
a move and its path, a wheel and its pivot, a turn, a retreat, a flight, an evasion, contact made, a unit
leaving the table, and the frame of the turn (slots and activations opening and closing).  Every event
names its pieces by id, so the animated turns (and anything else) can draw a game from the record
without reading a word of English; :mod:`aot_rules.present.tablelog` is the one place that turns events
into English.

Each log entry (:class:`~aot_rules.tabletop.state.LogEntry`) carries the events of its block: the rules'
events, in the order the rules emitted them, then the table's.

No field holds English that code reads.  A closed vocabulary (how a unit moved, why a battle ended, what stopped a
fall-back) is an enum, whose values the save file's schema lists; what the table names is a piece id, or the name
it shows beside it; a refusal keeps its rule ID, and its sentence only where nothing typed can say it (a
:data:`Display` field, shown and never parsed).  Every ``str`` field is marked with what it holds (:class:`Text`), and
a test holds every event a record may hold to that, the rules' own included.  The marks are the core's
(:mod:`aot_rules.core.events`), so the rules' events, which may not import the table, use the same ones; they are
re-exported here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

from aot_rules.aot.rules.orders import Activity, Method
from aot_rules.aot.rules.terrain import Terrain
from aot_rules.aot.rules.victory import Award, Ending
from aot_rules.aot.rules.weather import Weather
from aot_rules.core.errors import RuleError
from aot_rules.core.events import Caption, Event
from aot_rules.core.events import Display as Display  # the marks of what a string holds, shared with the rules
from aot_rules.core.events import Name as Name
from aot_rules.core.events import PieceId as PieceId
from aot_rules.core.events import RuleId as RuleId
from aot_rules.core.events import Text as Text
from aot_rules.core.i18n import Message, msg, vocabulary
from aot_rules.tabletop.geometry import Pose

Point = tuple[float, float]


# --- the table's vocabularies ----------------------------------------------------------------------------------

@vocabulary({"fighting": msg("fighting"), "destroyed": msg("destroyed"), "dispersed": msg("dispersed"),
             "fled": msg("fled"), "looting": msg("looting")})
class Status(StrEnum):
    """Whether a unit is still in the battle (AOT-VICTORY-POINTS counts the others); the state's too
    (:class:`~aot_rules.tabletop.state.Piece`)."""

    FIGHTING = "fighting"
    DESTROYED = "destroyed"  # every warrior killed
    DISPERSED = "dispersed"  # blocked while retreating or fleeing (AOT-MELEE-RETREAT, AOT-PANIC)
    FLED = "fled"  # left the table
    LOOTING = "looting"  # sacked the unguarded enemy camp and was removed to plunder it, not destroyed (AOT-CAMP)


@vocabulary({'north': msg('north'), 'south': msg('south'), 'east': msg('east'), 'west': msg('west')})
class Edge(StrEnum):
    """A table edge by the compass (south is y = 0): where a wind blows from (AOT-WEATHER-WIND)."""

    NORTH = "north"
    SOUTH = "south"
    EAST = "east"
    WEST = "west"


@vocabulary({'shoot': msg('shoot'), 'charge': msg('charge'), 'reform': msg('reform')})
class OfficerAct(StrEnum):
    """What a junior officer's unit did in the enemy's slot (AOT-PROP-INITIATIVE)."""

    SHOOT = "shoot"
    CHARGE = "charge"
    REFORM = "reform"


@vocabulary({
    'move': msg('move'), 'run': msg('run'), 'trot': msg('trot'), 'drift': msg('drift'), 'rampage': msg('rampage'),
    "forced-attack": msg('forced attack')
}, formerly={
    "forced attack": "forced-attack"
})
class MoveKind(StrEnum):
    """How a unit went along a path (:class:`MovedAlong`)."""

    MOVE = "move"
    RUN = "run"
    TROT = "trot"
    DRIFT = "drift"  # lost in the storm (AOT-WEATHER-STORM)
    RAMPAGE = "rampage"  # a berserk elephant (AOT-ELEPHANT-MOVE)
    FORCED_ATTACK = "forced-attack"  # driven by the enemy's demoralization points (AOT-DEMO-FORCED-ATTACK)


@vocabulary({'retreat': msg('retreat'), 'flight': msg('flight'), 'evasion': msg('evasion')})
class FallBack(StrEnum):
    """What carried a unit back (:class:`FellBack`)."""

    RETREAT = "retreat"
    FLIGHT = "flight"
    EVASION = "evasion"


@vocabulary({'retreat': msg('retreat'), 'attack': msg('attack')})
class Forced(StrEnum):
    """What the enemy's demoralization points forced a unit to do (:class:`DPForced`)."""

    RETREAT = "retreat"  # AOT-DEMO-RETREAT
    ATTACK = "attack"  # AOT-DEMO-FORCED-ATTACK


@vocabulary({
    "return-fire": msg('return fire'), 'countercharge': msg('countercharge'), 'evade': msg('evade'),
    "lost-in-storm": msg('lost in the storm'), "turn-back": msg('turn back to face'),
    "turn-to-face": msg('turn to face'), "force-retreat": msg('force retreat'), "force-attack": msg('force attack'),
}, formerly={
    "return fire": "return-fire", "lost in the storm": "lost-in-storm", "turn back to face": "turn-back",
    "turn to face": "turn-to-face", "force retreat": "force-retreat", "force attack": "force-attack"
})
class Reaction(StrEnum):
    """Every choice the rules offer a player outside his own actions: the reactions (:class:`ReactionChosen`) and
    what a winner's demoralization points may force; a reaction hook is asked with one of these, never a string."""

    RETURN_FIRE = "return-fire"  # AOT-REACT-RETURN-FIRE
    COUNTERCHARGE = "countercharge"  # AOT-REACT-COUNTERCHARGE
    EVADE = "evade"  # AOT-EVADE-PROCEDURE
    LOST_IN_STORM = "lost-in-storm"  # naming a unit lost in the storm (AOT-WEATHER-STORM)
    TURN_BACK = "turn-back"  # a retreat's end: turn back to face the enemy (AOT-MELEE-RETREAT)
    TURN_TO_FACE = "turn-to-face"  # a flank attack's target turns to face it (AOT-MELEE-FLANK)
    FORCE_RETREAT = "force-retreat"  # the winner's DP force a retreat (AOT-DEMO-RETREAT)
    FORCE_ATTACK = "force-attack"  # the winner's DP force an attack (AOT-DEMO-FORCED-ATTACK)


@vocabulary({'rout': msg('rout'), 'points': msg('points'), 'withdrawal': msg('withdrawal'), 'draw': msg('draw')})
class BattleOutcome(StrEnum):
    """Who the battle went to (:class:`BattleEnded`)."""

    ROUT = "rout"  # one army left the table (AOT-VICTORY-ROUT)
    POINTS = "points"  # more victory points at nightfall (AOT-VICTORY-POINTS)
    WITHDRAWAL = "withdrawal"  # scored after an organised withdrawal (AOT-VICTORY-WITHDRAW)
    DRAW = "draw"  # no winner, or a level score


@vocabulary({
    'withdrawn': msg('withdrawn'), 'routed': msg('routed'), "last-turn": msg('last turn'), 'night': msg('night')
}, formerly={
    "last turn": "last-turn"
})
class EndCause(StrEnum):
    """What ended the battle (:class:`BattleEnded`)."""

    WITHDRAWN = "withdrawn"  # a side's withdrawal was complete
    ROUTED = "routed"  # an army has no unit left on the table
    LAST_TURN = "last-turn"  # the last turn was played
    NIGHT = "night"  # the weather's nightfall (AOT-WEATHER-NIGHT)


@vocabulary({'home': msg('home'), 'short': msg('short'), "no-ground": msg('no ground')}, formerly={
    "no ground": "no-ground"
})
class ChargeEnd(StrEnum):
    """Where a countercharge ended (:class:`CounterchargeEnded`)."""

    HOME = "home"  # in contact: the melee at once
    SHORT = "short"  # short of the shooter: the volley follows
    NO_GROUND = "no-ground"  # it could reach, but no open ground let it


@vocabulary({
    "army-beaten": msg('army beaten'), "in-contact": msg('in contact'),
    "countercharge-die": msg('countercharge die'), "evasion-die": msg('evasion die')
}, formerly={
    "army beaten": "army-beaten", "in contact": "in-contact", "countercharge die": "countercharge-die",
    "evasion die": "evasion-die"
})
class PanicCause(StrEnum):
    """Why a unit acts as a panicking unit must (:class:`Panicked`, AOT-PANIC)."""

    ARMY_BEATEN = "army-beaten"  # a unit of its army lost: it flees toward its camp
    IN_CONTACT = "in-contact"  # not fought: it flees its attacker
    COUNTERCHARGE_DIE = "countercharge-die"  # it panicked on that die and stays
    EVASION_DIE = "evasion-die"


@vocabulary({'camp': msg('camp'), 'edge': msg('edge')})
class Refuge(StrEnum):
    """Where a panicking unit with no one to flee from runs (:class:`Fleeing`)."""

    CAMP = "camp"
    EDGE = "edge"  # its own table edge, where it has no camp


@vocabulary({'short': msg('short'), 'dispersed': msg('dispersed'), 'weaker': msg('weaker')})
class InTheWay(StrEnum):
    """What a friend that cannot be cleared did to a fall-back (:class:`FriendInTheWay`)."""

    SHORT = "short"  # the mover stops short of it
    DISPERSED = "dispersed"  # the mover, panicking, cannot clear it and is dispersed
    WEAKER = "weaker"  # the friend, the weaker of two panicking units, is dispersed


@vocabulary({'terrain': msg('terrain'), 'camp': msg('camp'), 'sun': msg('sun')})
class Ground(StrEnum):
    """What a disorder test for ground was for (:class:`GroundTested`)."""

    TERRAIN = "terrain"  # a piece of rough terrain (AOT-ROUGH-TERRAIN)
    CAMP = "camp"  # a camp (AOT-CAMP)
    SUN = "sun"  # the hot sun, for units in body armour (AOT-WEATHER-SUN)


@vocabulary({
    'enemy': msg('enemy'), 'terrain': msg('terrain'), "table-edge": msg('table edge'), 'friend': msg('friend')
}, formerly={
    "table edge": "table-edge"
})
class ObstacleKind(StrEnum):
    """What stopped a fall-back (a retreat, a flight, an evasion) where it was measured (:class:`Obstacle`)."""

    ENEMY = "enemy"  # an enemy base on the way
    TERRAIN = "terrain"  # impassable ground on the way
    TABLE_EDGE = "table-edge"  # it would leave the table (an evasion may not)
    FRIEND = "friend"  # it would stop on a friend (an evasion may not)


@vocabulary({'inside': msg('inside'), 'behind': msg('behind'), 'camp': msg('camp')})
class CoverKind(StrEnum):
    """Why a shot's target is in cover (:class:`Cover`, AOT-SHOOT-COVER)."""

    INSIDE = "inside"  # less than 1″ inside the edge of a wood or village
    BEHIND = "behind"  # behind a hedge or scrub that a sight line crosses
    CAMP = "camp"  # guarding its own camp, which counts as a wood (AOT-CAMP)


# --- parts of events (not events themselves: the record holds them inside one) -------------------------------

@dataclass(frozen=True, slots=True)
class Obstacle:
    """What stands in a fall-back's way: its kind, the enemy or friend (``piece``, with its ``name``), or the
    impassable terrain piece (its ``name`` and ``terrain`` kind)."""

    kind: ObstacleKind
    piece: PieceId = ""
    name: Name = ""
    terrain: Terrain | None = None


@dataclass(frozen=True, slots=True)
class Cover:
    """Why a shot's target is in cover: the kind, and the terrain piece (its name and kind; none for a camp)."""

    kind: CoverKind
    name: Name = ""
    terrain: Terrain | None = None


@dataclass(frozen=True, slots=True)
class Refusal:
    """A :class:`~aot_rules.core.errors.RuleError` the table met and logged instead of raising: its rule ID and
    its sentence, kept where the engine has no typed cause to give."""

    rule: RuleId
    #: Display only: the error's catalogue message, rendered in the reader's language when shown.  No code parses
    #: it; what it means is the rule.  Words, not a fact: no record holds them.
    message: Caption = field(compare=False)

    @classmethod
    def of(cls, e: RuleError) -> Refusal:
        """The refusal of ``e``, keeping its template and values (a refusal still given as a plain sentence is kept
        as those words, behind a bare placeholder that no catalogue translates)."""
        return cls(e.rule_id, e.msg if isinstance(e.msg, Message) else Message("{text}", (("text", e.msg),)))


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One line of a side's victory points (the victory rules' :class:`~aot_rules.aot.rules.victory.Line`): what
    it counts (``award``), how many units, the enemy pieces it concerns and the points it is worth."""

    award: Award
    count: int
    points: int
    pieces: tuple[PieceId, ...] = ()


@dataclass(frozen=True, slots=True)
class TurnBegan(Event):
    """A new turn: its number, the opening initiative dice (side 0's first), the face of its opening double (0:
    no double) and how many tied rolls were rolled again in this action (0 since the rewrite after a double
    comes before the dice are rolled again: each re-roll is an :class:`InitiativeRolledAgain`)."""

    turn: int
    initiative: tuple[int, int]
    double: int
    ties: int
    sides: tuple[Name, Name] = ("", "")  # the two armies' names, side 0's first
    slots: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())  # the slots each side plays on these dice


@dataclass(frozen=True, slots=True)
class InitiativeRolledAgain(Event):
    """After a double (and any slot rewrites, AOT-CMD-DOUBLES) the initiative dice were rolled again:
    ``initiative`` side 0's first; equal dice are another double, and the players may rewrite again."""

    turn: int
    initiative: tuple[int, int]
    sides: tuple[Name, Name] = ("", "")
    slots: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())


@dataclass(frozen=True, slots=True)
class WeatherSet(Event):
    """The weather from now on (AOT-WEATHER); ``wind_edge`` is the edge a wind blows from, else None."""

    weather: Weather
    face: int
    wind_edge: Edge | None = None
    wind_die: bool = False  # the wind's own direction die (its edge, or None when too weak to matter)


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
    owner: Name  # as the army list writes the slot: a general's name, or "individual"
    in_contact: tuple[PieceId, ...]


@dataclass(frozen=True, slots=True)
class SlotClosed(Event):
    """The slot is over; ``activated`` are the pieces whose activation closes with it."""

    side: int
    slot: int
    activated: tuple[PieceId, ...]


@dataclass(frozen=True, slots=True)
class Activated(Event):
    """An order given in the slot by ``method`` (None: the general's own unit, which needs no order);
    ``reached`` False: a signal or messenger that did not get through.  ``radius`` is a signal's radius once
    rolled (0 for any other way)."""

    piece: PieceId
    side: int
    commander: Name
    method: Method | None
    reached: bool = True
    radius: int = 0
    name: Name = ""  # the unit's name, for its line
    distance: float = 0.0  # inches from the general's unit (or the line's nearest unit, or the colonel's)
    via: Name = ""  # direct command: the general's unit's name; individual slot: the colonel with the unit


@dataclass(frozen=True, slots=True)
class OfficerActed(Event):
    """A junior officer's unit acted in the enemy's slot (AOT-PROP-INITIATIVE): ``kind`` shoot (at ``target``),
    charge or reform; the action's own events follow."""

    piece: PieceId
    side: int
    kind: OfficerAct
    target: PieceId = ""
    target_name: Name = ""


@dataclass(frozen=True, slots=True)
class SlotsRewritten(Event):
    """The side's slots now belong to ``slots`` (AOT-CMD-CINC in a slot, AOT-CMD-DOUBLES after a double)."""

    side: int
    slots: tuple[Name, ...]  # each slot's owner, as :class:`SlotOpened` names it
    after_double: bool


@dataclass(frozen=True, slots=True)
class WheelMade:
    """A wheel inside a move (:class:`MovedAlong`): about ``pivot`` (the inner front corner), ``degrees``
    (positive: to the left)."""

    pivot: Point
    degrees: float


@dataclass(frozen=True, slots=True)
class MovedAlong(Event):
    """A move, run or trot: ``path`` runs from the start pose's front centre through the pose after each
    step to the end; ``inches`` is what it cost; ``how`` the kind of move; ``wheels`` the wheels among its steps,
    in order (each told once, here: one event per fact)."""

    piece: PieceId
    start: Pose
    path: tuple[Point, ...]
    end: Pose
    inches: float
    how: MoveKind
    wheels: tuple[WheelMade, ...] = ()


@dataclass(frozen=True, slots=True)
class Turned(Event):
    """A turn in place (AOT-TURN) from ``start`` to ``end``; also the turn back to face after a retreat."""

    piece: PieceId
    start: Pose
    end: Pose
    degrees: float = 0.0  # the turn asked for (0: a turn the table made, to face an attacker or back)
    disordered: int = 0  # warriors its test disordered
    overturned: bool = False  # a chariot that overturned and was removed
    toward: PieceId = ""  # the enemy a retreating unit turned back to face
    toward_name: Name = ""


@dataclass(frozen=True, slots=True)
class Reformed(Event):
    """A reform (AOT-REFORM): the ranks before and after, and where it faces."""

    piece: PieceId
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
    (a piece id, or "" for a flight toward the camp); ``kind`` says which.  ``via`` are the poses it passed on
    the way: the turn in place before it went straight (its back to the enemy, or toward a flank attacker), when
    it ends facing another way."""

    piece: PieceId
    kind: FallBack
    away_from: PieceId
    start: Pose
    end: Pose
    via: tuple[Pose, ...] = ()


@dataclass(frozen=True, slots=True)
class ContactMade(Event):
    """``piece`` came into contact with ``enemies``."""

    piece: PieceId
    enemies: tuple[PieceId, ...]
    names: tuple[Name, ...] = ()  # the enemies' names, for the line


@dataclass(frozen=True, slots=True)
class LeftBattle(Event):
    """``piece`` left the battle: fled off the table, dispersed, destroyed, or looting a sacked camp; a fall-back
    that was stopped and dispersed it names what stopped it (``obstacle``)."""

    piece: PieceId
    status: Status
    obstacle: Obstacle | None = None


@dataclass(frozen=True, slots=True)
class CampTaken(Event):
    """``side``'s camp was captured by ``piece`` (AOT-CAMP); ``camp`` is that side's name."""

    side: int
    piece: PieceId
    camp: Name = ""


@dataclass(frozen=True, slots=True)
class Aimed(Event):
    """A volley as the table set it up (AOT-SHOOT-RANGE and the rules it draws on): ``firers`` of ``shooter`` at
    ``target`` ``distance`` inches away, the target counted at ``strength`` (its strength at the start of the
    slot, AOT-SHOOT-SIMULTANEOUS, or its density in ``cover``), shot in the flank, downwind, and one firer fewer
    in a battle line (``line``, AOT-CMD-BATTLE-LINE)."""

    shooter: PieceId
    target: PieceId
    firers: int
    distance: float
    strength: int
    cover: Cover | None = None
    flank: bool = False
    downwind: bool = False
    line: bool = False
    target_name: Name = ""
    shooter_name: Name = ""


@dataclass(frozen=True, slots=True)
class FacedAttack(Event):
    """AOT-TURN-FLANK-ATTACKED: ``piece``, attacked only on its flank or rear by ``attacker``, turned to face it
    (``turned``; its Turned event follows), or had no room to (it fights flanked)."""

    piece: PieceId
    attacker: PieceId
    turned: bool
    attacker_name: Name = ""
    disordered: int = 0  # warriors the turn's test disordered
    mounted: bool = False  # a mounted unit that turns so loses its horse strike


@dataclass(frozen=True, slots=True)
class DPForced(Event):
    """``side``'s demoralization points (``points``, the unit's density) forced ``piece`` to ``how``: retreat
    (AOT-DEMO-RETREAT, away from ``foe``) or attack (AOT-DEMO-FORCED-ATTACK, into ``foe``)."""

    side: int
    piece: PieceId
    points: int
    how: Forced
    foe: PieceId
    name: Name = ""
    foe_name: Name = ""


@dataclass(frozen=True, slots=True)
class Rampaged(Event):
    """A berserk elephant (AOT-ELEPHANT-MOVE) rushed at ``target``, the nearest unit; ``moved`` False: it found no
    way to go and stayed (``refused``: the move's refusal)."""

    piece: PieceId
    target: PieceId
    moved: bool = True
    target_name: Name = ""
    refused: Refusal | None = None


@dataclass(frozen=True, slots=True)
class ReactionChosen(Event):
    """A player's answer to a reaction the rules offered; replaying a game answers from these."""

    piece: PieceId
    by: PieceId
    reaction: Reaction
    taken: bool
    name: Name = ""
    by_name: Name = ""


@vocabulary({
    'flee': msg('flee'), 'rally': msg('rally'), 'shoot': msg('shoot'), 'charge': msg('charge'),
    'pursue': msg('pursue'), 'reform': msg('reform'), 'face': msg('face'), 'advance': msg('advance'),
    "camp": msg('march on the camp'), 'sidestep': msg('sidestep'), 'run': msg('run'),
    'trot': msg('trot'), 'turn': msg('turn'), "rewrite": msg('rewrite slots'), 'messenger': msg('messenger'),
    'order': msg('order'), "own-unit": msg('own unit'), "individual": msg('individual unit'),
    "idle": msg('no unit to act'), "gone": msg('general gone'), 'hold': msg('hold'),
    "officer-shoot": msg('officer shoots'), "officer-charge": msg('officer counter-attacks'),
    "flank-charge": msg('flank charge'), 'withdraw': msg('withdraw'), 'delegate': msg('rewrite slots to delegate')
}, formerly={
    "march on the camp": "camp", "rewrite slots": "rewrite", "own unit": "own-unit", "individual unit": "individual",
    "no unit to act": "idle", "general gone": "gone", "officer shoots": "officer-shoot",
    "officer counter-attacks": "officer-charge"
})
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
    CAMP = "camp"
    SIDESTEP = "sidestep"
    RUN = "run"
    TROT = "trot"
    TURN = "turn"
    REWRITE = "rewrite"
    MESSENGER = "messenger"
    ORDER = "order"
    OWN_UNIT = "own-unit"
    INDIVIDUAL = "individual"
    IDLE = "idle"
    GONE = "gone"
    HOLD = "hold"
    OFFICER_SHOOT = "officer-shoot"
    OFFICER_CHARGE = "officer-charge"
    FLANK_CHARGE = "flank-charge"  # a charge into the flank or rear of an enemy held in front (AOT-MELEE-FLANK)
    WITHDRAW = "withdraw"  # an organised withdrawal that scores better than fighting on (AOT-VICTORY-WITHDRAW)
    DELEGATE = "delegate"  # the commander-in-chief rewrites the slots in one of his own (AOT-CMD-CINC)


@dataclass(frozen=True, slots=True)
class Decided(Event):
    """A player's decision, typed (shown only with ``play --verbose``): its ``kind``, the unit it is about
    (``piece``), the unit it aims at or orders (``target``), the general whose slot it is (``owner``) and the
    numbers its sentence prints: the exact ``odds`` (a charge's P(win) and P(lose), a messenger's P(through), a
    rewrite's gain in expected work, a withdrawal's victory points for and against), the ``firers`` of a shot,
    the ``distance`` in inches, the ``degrees`` off the front, the ``disordered`` warriors of a reform and the new
    ``slots`` of a rewrite."""

    side: int
    kind: Choice
    piece: PieceId = ""
    target: PieceId = ""
    name: Name = ""
    target_name: Name = ""
    owner: Name = ""
    method: Method | None = None
    odds: tuple[Fraction, ...] = ()
    firers: int = 0
    distance: float = 0.0
    degrees: float = 0.0
    disordered: int = 0
    straight: bool = False  # an advance, run or trot straight ahead (no wheel)
    half: bool = False  # half the way it could go
    slots: tuple[Name, ...] = ()  # the slots' owners: commanders' names, or the list's word for the individual slot


@dataclass(frozen=True, slots=True)
class BattleEnded(Event):
    """The battle is over: the winner's side (-1: nobody), how it was decided, and both sides' victory points."""

    winner: int
    how: BattleOutcome
    points: tuple[int, int]
    why: EndCause | None = None  # what ended it
    turn: int = 0
    sides: tuple[Name, Name] = ("", "")
    ending: Ending | None = None  # the victory rules' ending (nightfall, total victory, organised withdrawal)
    #: each side's victory points and what earned them, as the victory rules count them (lines worth something)
    scores: tuple[tuple[ScoreLine, ...], tuple[ScoreLine, ...]] = ((), ())
    withdrawn: int = -1  # the side that withdrew, when ``why`` is withdrawn


# --- what the rules' dice did, for the entries of the table's own rolls and judgements ------------------------
# Each carries the numbers its line tells and names its pieces by id (with their names for the line), so the
# log renderer needs nothing else; the rules' own events (Roll, Hits, Losses, Tested, ...) travel beside them.

@dataclass(frozen=True, slots=True)
class Volley(Event):
    """A volley's dice (AOT-SHOOT-HIT, or AOT-REACT-RETURN-FIRE when ``returned``): the faces that hit
    (``hit_on``, none when nothing could), the hits, the target's shield wall (``shield`` its face, 0: none;
    ``held``: the slot's roll met these hits too), the hits saved, and the warriors killed and disordered.  Its
    :class:`Aimed` follows."""

    shooter: PieceId
    target: PieceId
    hit_on: tuple[int, ...]
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

    shooter: PieceId
    target: PieceId
    density: int
    against: int
    beaten: bool
    target_name: Name = ""


@dataclass(frozen=True, slots=True)
class ShotLost(Event):
    """The volley after a countercharge that fell short could not be shot (``refused``: the shot's refusal, from
    where the target now stands)."""

    shooter: PieceId
    target: PieceId
    refused: Refusal
    target_name: Name = ""


@dataclass(frozen=True, slots=True)
class ShotAtPanicking(Event):
    """AOT-PANIC: ``firers`` of ``shooter`` could shoot at ``target``, which panics: it cannot be hit, it flees."""

    shooter: PieceId
    target: PieceId
    firers: int
    target_name: Name = ""


@dataclass(frozen=True, slots=True)
class Countercharged(Event):
    """AOT-REACT-COUNTERCHARGE: ``piece`` charged ``shooter``, ``distance`` inches away, on a die of ``roll``:
    ``reaches`` or falls short; its test disordered ``disordered``."""

    piece: PieceId
    shooter: PieceId
    distance: float
    roll: int
    reaches: bool
    disordered: int = 0
    shooter_name: Name = ""


@dataclass(frozen=True, slots=True)
class CounterchargeEnded(Event):
    """Where a countercharge ended (``how``): home (in contact at ``end``: the melee at once), short (at ``end``,
    ``gap`` inches from the shooter: the volley follows) or with no open ground to reach it."""

    piece: PieceId
    shooter: PieceId
    how: ChargeEnd
    end: Pose
    gap: float = 0.0
    shooter_name: Name = ""


@dataclass(frozen=True, slots=True)
class Panicked(Event):
    """AOT-PANIC: ``piece`` panics, or acts as a panicking unit must, for ``cause``."""

    piece: PieceId
    cause: PanicCause


@dataclass(frozen=True, slots=True)
class Fleeing(Event):
    """AOT-PANIC: ``piece`` flees ``distance`` inches away from ``away_from`` (``away_name``), or, with no
    ``away_from``, ``toward`` its camp (its table edge where it has none; ``distance`` 0: it is already there)."""

    piece: PieceId
    distance: float
    away_from: PieceId = ""
    away_name: Name = ""
    toward: Refuge | None = None


@dataclass(frozen=True, slots=True)
class RetreatBlocked(Event):
    """A beaten unit does not retreat: it has left the battle (``gone``, its status), or may not because it has
    already used the allowance a retreat needs (``spent``: the retreat, run or trot that used it, under ``rule``,
    AOT-UNIT-ACTIONS); it stands and stays engaged."""

    piece: PieceId
    gone: Status | None = None
    spent: Activity | None = None
    rule: RuleId = ""
    name: Name = ""


@dataclass(frozen=True, slots=True)
class Struck(Event):
    """One unit's melee strikes on another (AOT-MELEE-STRIKES): the faces rolled, the hits, the struck unit's
    shield wall (``shield`` its face, 0: none) and saves, the warriors killed and disordered."""

    piece: PieceId
    foe: PieceId
    faces: tuple[int, ...]
    hits: int
    killed: int
    disordered: int
    shield: int = 0
    saved: int = 0
    name: Name = ""
    foe_name: Name = ""


@dataclass(frozen=True, slots=True)
class TwoOnOne(Event):
    """Two units against one (AOT-MELEE-STRIKES): the lone unit (``pieces[2]``) split its front rank
    ``split``; each unit's killed and disordered, in ``pieces`` order."""

    pieces: tuple[PieceId, PieceId, PieceId]
    names: tuple[Name, Name, Name]
    split: tuple[int, int]
    killed: tuple[int, int, int]
    disordered: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class MeleeJudged(Event):
    """AOT-MELEE-RESULT: the two units' densities after the strikes; ``winner`` (its id, "" while the melee goes
    on) and the loser."""

    first: PieceId
    second: PieceId
    first_density: int
    second_density: int
    winner: PieceId = ""
    loser: PieceId = ""
    winner_name: Name = ""
    loser_name: Name = ""


@dataclass(frozen=True, slots=True)
class DPDisordered(Event):
    """AOT-DEMO-DISORDER: ``side`` spent ``points`` on ``piece``, ``away`` inches from the combat: ``disordered``
    warriors disordered."""

    side: int
    piece: PieceId
    points: int
    away: float
    disordered: int
    name: Name = ""


@dataclass(frozen=True, slots=True)
class DPUnspent(Event):
    """AOT-DEMO-TARGETING: ``points`` of ``side``'s were left with no eligible unit to take them."""

    side: int
    points: int


@dataclass(frozen=True, slots=True)
class ExtraRolled(Event):
    """The run or trot die (AOT-RUN, AOT-TROT, AOT-CHARIOT-TURN-TROT, AOT-ELEPHANT-MOVE): ``how`` the run or the
    trot, up to ``distance`` inches; ``disordered`` by its test, an elephant gone ``berserk``, a chariot
    ``overturned`` (removed)."""

    piece: PieceId
    how: Activity
    distance: float
    disordered: int = 0
    berserk: bool = False
    overturned: bool = False


@dataclass(frozen=True, slots=True)
class FriendPassed(Event):
    """AOT-MOVE-THROUGH-FRIENDS: ``piece`` passed through ``friend`` on a die of ``roll`` (``same_die``: the
    retreat's or evasion's own die, under that rule); ``loser`` (a piece id) lost ``lost`` warriors."""

    piece: PieceId
    friend: PieceId
    roll: int
    lost: int
    loser: PieceId = ""
    same_die: RuleId = ""  # the rule of the retreat or evasion whose die it is
    friend_name: Name = ""
    loser_name: Name = ""


@dataclass(frozen=True, slots=True)
class FriendInTheWay(Event):
    """A fall-back met a friend it cannot clear (AOT-MOVE-THROUGH-FRIENDS): ``how`` short (it stops short after
    ``distance`` inches), dispersed (panicking, it cannot clear it: it is dispersed) or weaker (the friend, the
    weaker of two panicking units, is dispersed: ``piece`` is that friend, ``friend`` the mover)."""

    piece: PieceId
    friend: PieceId
    how: InTheWay
    distance: float = 0.0
    friend_name: Name = ""


@dataclass(frozen=True, slots=True)
class GroundTested(Event):
    """A disorder test for ground (``ground``): ``place`` is the terrain piece's name, or the camp's side's name
    ("" for the sun); ``lost`` warriors disordered."""

    piece: PieceId
    place: Name
    lost: int
    ground: Ground = Ground.TERRAIN


@dataclass(frozen=True, slots=True)
class TurnedAway(Event):
    """AOT-MELEE-RETREAT: ``piece`` turned its back to ``foe`` to retreat; its test disordered ``lost``."""

    piece: PieceId
    foe: PieceId
    lost: int
    foe_name: Name = ""


@dataclass(frozen=True, slots=True)
class Evaded(Event):
    """AOT-EVADE-PROCEDURE: ``piece`` rolled to evade ``attacker``: ``distance`` inches, ``disordered`` by the
    die's test."""

    piece: PieceId
    attacker: PieceId
    distance: float
    disordered: int = 0
    attacker_name: Name = ""


@dataclass(frozen=True, slots=True)
class EvasionRefused(Event):
    """The evading ``piece`` cannot back the full ``distance`` (``obstacle``: what is in the way): it stays and
    accepts the melee."""

    piece: PieceId
    distance: float
    obstacle: Obstacle


@dataclass(frozen=True, slots=True)
class Withdrew(Event):
    """AOT-VICTORY-WITHDRAW: ``side`` chose to withdraw in good order."""

    side: int


#: Every table event, by class name (the save file's ``type``).
TABLE_EVENTS: tuple[type[Event], ...] = (
    TurnBegan, InitiativeRolledAgain, WeatherSet, StormStruck, SlotOpened, SlotClosed, Activated, OfficerActed,
    SlotsRewritten, MovedAlong, Turned, Reformed, FellBack, ContactMade, LeftBattle, CampTaken,
    Aimed, FacedAttack, DPForced, Rampaged, ReactionChosen, Decided, BattleEnded, Volley, ShotJudged, ShotLost,
    ShotAtPanicking, Countercharged, CounterchargeEnded, Panicked, Fleeing, RetreatBlocked, Struck, TwoOnOne,
    MeleeJudged, DPDisordered, DPUnspent, ExtraRolled, FriendPassed, FriendInTheWay, GroundTested, TurnedAway,
    Evaded, EvasionRefused, Withdrew)
