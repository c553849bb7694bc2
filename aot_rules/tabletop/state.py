"""The state of a game on the table: terrain, camps, two sides and their units on bases, and the log.

Everything is an immutable dataclass: an action takes a state and returns a new one, or raises a
:class:`~aot_rules.core.errors.RuleError` and leaves the old one as it was (python-chess keeps its
board the same way).  Serialising to JSON and back lives in :mod:`aot_rules.tabletop.save`.

Warriors are conserved by bookkeeping, not by arithmetic: a piece's ``removed`` count grows only when
warriors are killed or dispersed, so ``formed + disordered + removed == initial`` is a real check.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from typing import Any

from shapely.geometry import Polygon

from aot_rules.aot.rules.orders import Method, Rank, UnitTurn
from aot_rules.aot.rules.protection import HeldShield
from aot_rules.aot.rules.terrain import Terrain
from aot_rules.aot.units import Unit
from aot_rules.core import frozen
from aot_rules.core.errors import RuleError
from aot_rules.core.events import Event
from aot_rules.core.i18n import msg, nmsg
from aot_rules.tabletop.events import BattleEnded, Edge
from aot_rules.tabletop.events import Status as Status  # the record's vocabulary: a unit leaving names it
from aot_rules.tabletop.geometry import BaseSize, Pose, base_box, base_overlaps, boxes_apart, footprint

#: The save format's version; a file of another version is refused (see :mod:`aot_rules.tabletop.save`).  Version 3:
#: every log line is told from its events, which carry the names it shows (a version 2 record would not replay).
#: Version 4: the events hold no English that code reads (enums for their vocabularies, a typed obstacle, cover,
#: score line or refusal where version 3 kept a sentence), and a player's decision is typed (its kind, pieces and
#: exact odds), no longer a sentence, so a version 3 record would not load.  Version 5: the rules' own events too
#: (the faces that hit or save as numbers, a storm drift's piece id, enums for weather, drift, fate, body, DP spent,
#: roll-off and die-move), so a version 4 record would not load.  Version 6: no English at all (a log entry keeps
#: no rendered line: its line is told from its events when shown; the result is the typed
#: :class:`~aot_rules.tabletop.events.BattleEnded`; the rules' shield dice and losses name their piece by id), a record
#: keeps only the actions that left a trace in the log, the games' rules changed (a drawn countercharge melee, a
#: panicking unit in its camp), a move's wheels are told inside its MovedAlong (``wheels``), and a unit that fled off
#: the table stands where its flight ended (``from_camp`` keeps whether it left from its camp); a version 5 file is
#: refused with one line.  Version 7: every enum is written by its code (``"sun"``, ``"hedge"``, ``"return-fire"``),
#: never an English phrase; a version 6 file still loads, its phrases read through each enum's former spellings
#: (:func:`aot_rules.tabletop.save.upgraded`).
FORMAT_VERSION = 7
#: The older version still read (and upgraded on load).
READS_ALSO = 6
#: AOT-TABLE: 60″ across (x) and 40″ from one player's edge to the other's (y).
TABLE_WIDTH = 60.0
TABLE_DEPTH = 40.0

Point = tuple[float, float]


@dataclass(frozen=True)
class TerrainPiece:
    """One piece of terrain (AOT-TERRAIN-PLACE) of a kind (AOT-TERRAIN-TYPES), as an outline in inches."""

    name: str
    kind: Terrain
    outline: tuple[Point, ...]

    @cached_property
    def polygon(self) -> Polygon:
        return Polygon(self.outline)

    @cached_property
    def box(self) -> tuple[float, float, float, float]:
        """The polygon's bounds (min x, min y, max x, max y), asked once: moves and flights test them first."""
        b = self.polygon.bounds
        return (float(b[0]), float(b[1]), float(b[2]), float(b[3]))


@dataclass(frozen=True)
class CommanderState:
    """A general, the commander-in-chief or a colonel, standing in the unit ``unit`` (a piece id)."""

    name: str
    rank: Rank
    unit: str


@dataclass(frozen=True)
class SideState:
    """One player's army as the game tracks it."""

    name: str
    army: str
    nationality: str
    slots: tuple[str, ...]  # the six initiative faces: a commander's name or "individual" (AOT-CMD-SLOTS)
    commanders: tuple[CommanderState, ...]
    camp: tuple[Point, ...]  # the camp's outline (AOT-CAMP-PLACE)
    home_edge: float  # the y of the table edge the army deployed from (its retreat direction)
    withdrawn: bool = False
    camp_captured: bool = False  # the enemy sacked this side's camp (AOT-CAMP): it is gone from the table

    @cached_property
    def camp_polygon(self) -> Polygon:
        """The camp's ground; empty once the camp has been sacked (AOT-CAMP: "the camp is removed")."""
        return Polygon() if self.camp_captured else Polygon(self.camp)

    @cached_property
    def camp_box(self) -> tuple[float, float, float, float] | None:
        """The camp's bounds, or None once it has been sacked (a move tests them before the camp itself)."""
        camp = self.camp_polygon
        if camp.is_empty:
            return None
        b = camp.bounds
        return (float(b[0]), float(b[1]), float(b[2]), float(b[3]))

    @cached_property
    def camp_site(self) -> Polygon:
        """Where the camp stands or stood: units that fled into it still count there after it is sacked
        (AOT-VICTORY-POINTS)."""
        return Polygon(self.camp)

    def commander(self, name: str) -> CommanderState | None:
        return next((c for c in self.commanders if c.name == name), None)


@dataclass(frozen=True)
class Piece:
    """A unit on its base: the rules' :class:`Unit`, where it stands, and its bookkeeping this turn."""

    id: str
    side: int  # 0 or 1
    unit: Unit
    pose: Pose
    size: BaseSize = BaseSize.UNIT
    initial: int = 0  # warriors at deployment
    removed: int = 0  # warriors killed or dispersed since
    status: Status = Status.FIGHTING
    turn: UnitTurn = field(default_factory=lambda: UnitTurn("unit"))
    inside: tuple[str, ...] = ()  # rough pieces it stopped inside (it tests again on leaving, AOT-ROUGH-TERRAIN)
    fled_this_turn: bool = False  # AOT-PANIC: a panicking unit flees toward camp at most once a turn
    wheeled: bool = False  # it wheeled in a move, or turned to face a flank attack, this turn: no horse strike
    # (AOT-MELEE-HORSE-STRIKE, AOT-TURN-FLANK-ATTACKED)
    nationality: str = ""  # an allied contingent's own nationality (AOT-CMD-NATIONALITY); "": its side's
    from_camp: bool = False  # it fled off the table from its own camp: it counts as fled into it (AOT-VICTORY-POINTS)

    @property
    def name(self) -> str:
        return self.unit.name

    @property
    def polygon(self) -> Polygon:
        return footprint(self.pose, self.size)

    @property
    def on_table(self) -> bool:
        return self.status is Status.FIGHTING

    def changed(self, **changes: Any) -> Piece:
        """The piece with some fields changed: :func:`dataclasses.replace` for a piece (which has no
        ``__post_init__`` to run), without re-running ``__init__`` field by field: a game makes thousands."""
        return frozen.changed(self, **changes)

    def with_unit(self, unit: Unit, *, removed: int = 0) -> Piece:
        """The piece with its warriors changed; ``removed`` more of them were killed or dispersed.

        Refuses (AOT-CASUALTY-REMOVAL) a change that creates or loses warriors unaccounted for.
        """
        if unit.strength + removed != self.unit.strength:
            raise RuleError("AOT-CASUALTY-REMOVAL", nmsg("{unit}: {n} warrior cannot become {strength} with "
                                                         "{removed} removed", "{unit}: {n} warriors cannot become "
                                                         "{strength} with {removed} removed", n=self.unit.strength,
                                                         unit=self.name, strength=unit.strength, removed=removed))
        status = Status.DESTROYED if unit.destroyed and self.status is Status.FIGHTING else self.status
        return self.changed(unit=unit, removed=self.removed + removed, status=status)


@dataclass(frozen=True)
class LogEntry:
    """One line of the game's log: who did what under which rule, the dice faces, the outcome, and the
    typed events of the block (the rules' own, then the table's, :mod:`aot_rules.tabletop.events`).

    ``kind`` is ``roll`` (dice were rolled), ``event`` (the engine decided something without dice) or
    ``decision`` (a player chose, with the reason it gives).  ``pieces`` are the ids of the pieces the
    entry is about, the owner of its dice first.  What happened is in ``events``; the line a reader sees is a
    face's, rendered from them alone (:func:`aot_rules.present.tablelog.outcome`): the engine holds no words.
    """

    turn: int
    who: str
    rule: str
    faces: tuple[int, ...]
    kind: str = "roll"
    events: tuple[Event, ...] = ()
    pieces: tuple[str, ...] = ()


@dataclass(frozen=True)
class Ledger:
    """What has been done with command in the slot so far (:mod:`aot_rules.tabletop.command` keeps it up to date
    as each order is given, in the slot's :class:`SlotMemory`)."""

    method: Method | None = None  # the commander's one way of giving orders this slot
    ordered: tuple[str, ...] = ()  # piece ids reached or tried by an order, in order
    reached: tuple[str, ...] = ()
    own_after: int | None = None  # orders given before the own unit was activated; None until it was
    individual: str | None = None  # the piece an individual-unit slot activated
    follower: str | None = None  # a colonel's follower
    radius: int | None = None  # this slot's signal radius, once rolled
    rewritten: bool = False


@dataclass(frozen=True)
class SlotMemory:
    """What the slot being played remembers, by piece id, for the rules that last a whole slot: typed state
    updated where each rule happens, so that no rule searches the log (issue #34) and a game resumed mid-slot
    has the same limits in force.

    A slot's memory starts when the slot opens (:func:`aot_rules.tabletop.turn.begin_slot`) and is dropped when
    it closes; outside a slot (the melee of turn step 2) the action is the slot, and
    :meth:`~aot_rules.tabletop.game.Game.act` drops the memory after it.  A save file does not hold it: the
    loader replays the record, which rebuilds it (:func:`aot_rules.tabletop.save.from_data`).
    """

    in_contact: tuple[str, ...] = ()  # the pieces touching an enemy when the slot opened (AOT-MELEE-ENGAGE)
    orders: Ledger = Ledger()  # the slot's command so far (AOT-CMD-*)
    shot_shields: tuple[tuple[str, HeldShield], ...] = ()  # each piece's shield die against fire (AOT-SHOOT-SHIELDWALL)
    melee_shields: tuple[tuple[str, HeldShield], ...] = ()  # and in melee (AOT-MELEE-SHIELDWALL)
    shot_at: tuple[tuple[str, Unit], ...] = ()  # each piece as it stood before the first volley at it
    # (AOT-SHOOT-SIMULTANEOUS)
    fought: frozenset[str] = frozenset()  # the pieces whose melee was judged in the slot (AOT-MELEE-RESULT)
    owner: str | None = None  # who plays the slot when its commander-in-chief rewrote the slots in it: the new owners
    # govern only the slots still to be played (AOT-CMD-CINC)

    def shield(self, pid: str, *, melee: bool) -> HeldShield | None:
        """The shield die ``pid`` has rolled in the slot against fire or in melee, with what it has left, or None."""
        return next((h for p, h in (self.melee_shields if melee else self.shot_shields) if p == pid), None)

    def with_shield(self, pid: str, held: HeldShield | None, *, melee: bool) -> SlotMemory:
        """The memory with ``pid``'s shield die now ``held`` (None: no die met the hits, nothing changes)."""
        if held is None:
            return self
        kept = self.melee_shields if melee else self.shot_shields
        shields = (*((p, h) for p, h in kept if p != pid), (pid, held))
        return frozen.changed(self, **{"melee_shields" if melee else "shot_shields": shields})

    def seen(self, pid: str) -> Unit | None:
        """``pid`` as the slot's shooters see it: as it stood before the first volley at it, or None (none yet)."""
        return next((u for p, u in self.shot_at if p == pid), None)

    def with_shot_at(self, pid: str, before: Unit) -> SlotMemory:
        """The memory after a volley at ``pid``, which stood as ``before``: only the slot's first volley counts."""
        if self.seen(pid) is not None:
            return self
        return frozen.changed(self, shot_at=(*self.shot_at, (pid, before)))


#: The memory of no slot: a game outside a slot, or a slot that has just opened with nobody in contact.
NO_MEMORY = SlotMemory()


#: An action's argument as the record keeps it: plain values, enums, move steps, and tuples of them.
ActionArg = object


@dataclass(frozen=True)
class ActionRecord:
    """One action run through :meth:`~aot_rules.tabletop.game.Game.act`: its registered name, its arguments
    and the reactions the players chose while it ran, so that the game replays from its opening state."""

    name: str
    args: tuple[ActionArg, ...] = ()
    kwargs: tuple[tuple[str, ActionArg], ...] = ()
    reactions: tuple[bool, ...] = ()


def frozen_arg(v: object) -> ActionArg:
    """An argument made immutable for the record (lists become tuples, sets sorted tuples)."""
    if isinstance(v, (list, tuple)):
        return tuple(frozen_arg(x) for x in v)
    if isinstance(v, (set, frozenset)):
        return frozenset(v)
    if isinstance(v, Enum):
        return v
    return v


@dataclass(frozen=True)
class GameState:
    """Everything about a game; the same state and dice always give the same game."""

    scenario: str
    seed: int
    sides: tuple[SideState, SideState]
    pieces: tuple[Piece, ...]
    terrain: tuple[TerrainPiece, ...] = ()
    width: float = TABLE_WIDTH
    depth: float = TABLE_DEPTH
    turn: int = 0  # turns begun; 0 before the first
    last_turn: int = 12  # nightfall (AOT-VICTORY-POINTS)
    weather: str = "calm"  # "calm" before any double, then a :class:`~aot_rules.aot.rules.weather.Weather` value
    initiative: tuple[int, int] = (0, 0)  # this turn's initiative dice, side 0's first (AOT-CMD-INITIATIVE)
    slot: int = 0  # the slot being played, 0 outside slots
    mover: int = -1  # the side whose slot is being played, -1 outside slots
    log: tuple[LogEntry, ...] = ()
    dice_used: int = 0  # dice rolled so far: a seeded game resumes by skipping them
    result: BattleEnded | None = None  # how the battle ended, once it has (its sentence is the log renderer's)
    version: int = FORMAT_VERSION
    double: int = 0  # the face of this turn's opening initiative double, 0 if none (AOT-CMD-DOUBLES)
    actions: tuple[ActionRecord, ...] = ()  # every action since ``opening``, in order (the game replays)
    opening: GameState | None = None  # the state the actions start from
    wind: Edge | None = None  # the edge the wind blows from, while the weather is a wind that has one
    memory: SlotMemory = NO_MEMORY  # what the slot being played remembers (not saved: the replay rebuilds it)

    # --- lookups -------------------------------------------------------------------------------
    def piece(self, pid: str) -> Piece:
        for p in self.pieces:
            if p.id == pid:
                return p
        raise RuleError("AOT-MEASURE", msg("there is no unit {unit} on the table", unit=repr(pid)))

    def by_name(self, name: str) -> Piece:
        for p in self.pieces:
            if p.name == name or p.id == name:
                return p
        raise RuleError("AOT-MEASURE", msg("there is no unit {unit} on the table", unit=repr(name)))

    @cached_property
    def _on_table(self) -> tuple[tuple[Piece, ...], tuple[Piece, ...], tuple[Piece, ...]]:
        """The units on the table: all, side 0's, side 1's.  Worked out once per state (a state never changes,
        and the player and the rules ask for these tens of thousands of times a game); not a field, so it
        takes no part in equality, copies or saves."""
        on = tuple(p for p in self.pieces if p.on_table)
        return on, tuple(p for p in on if p.side == 0), tuple(p for p in on if p.side == 1)

    def fighting(self, side: int | None = None) -> tuple[Piece, ...]:
        """Units still on the table, of one side or of both."""
        on = self._on_table
        if side is None:
            return on[0]
        if side == 0 or side == 1:
            return on[side + 1]
        return ()

    def enemies(self, piece: Piece) -> tuple[Piece, ...]:
        return self.fighting(1 - piece.side)

    def camp_guards(self, side: int) -> tuple[Piece, ...]:
        """The units of ``side`` standing in its camp: its guard (AOT-CAMP), while one stands there the camp
        cannot be sacked, only fought for.  None once the camp is sacked.  Who guards a camp for a move's entry,
        a sack and the player's march on a camp; each is tested by :meth:`guards_camp`."""
        if self.sides[side].camp_box is None:
            return ()
        return tuple(g for g in self.fighting(side) if self.guards_camp(g))

    def guards_camp(self, piece: Piece) -> bool:
        """Whether ``piece`` stands in its own side's camp (AOT-CAMP): its base shares ground with the camp, which
        has not been sacked.  The one test of a camp's guard, asked of the units on the table
        (:meth:`camp_guards`) and of trial poses of pieces not in this state (sight's cover in the camp)."""
        camp_box = self.sides[piece.side].camp_box
        if camp_box is None or boxes_apart(base_box(piece.pose, piece.size), camp_box):
            return False  # a unit whose box misses the camp's is not measured
        side = self.sides[piece.side]
        return base_overlaps(piece.pose, piece.size, side.camp, side.camp_polygon)

    def friends(self, piece: Piece) -> tuple[Piece, ...]:
        return tuple(p for p in self.fighting(piece.side) if p.id != piece.id)

    def changed(self, **changes: Any) -> GameState:
        """The state with some fields changed: :func:`core.frozen.changed` (every field is already checked, and a
        game makes thousands of these).  The units on the table (:meth:`fighting`), worked out from the pieces
        alone, are carried over when the pieces are the same tuple (every action's log lines make a new state that
        keeps them); no other cached lookup is."""
        new = frozen.changed(self, **changes)
        on = self.__dict__.get("_on_table")
        if on is not None and new.pieces is self.pieces:
            new.__dict__["_on_table"] = on
        return new

    def with_piece(self, piece: Piece) -> GameState:
        """The state with one piece replaced (matched by id)."""
        return self.changed(pieces=tuple(piece if p.id == piece.id else p for p in self.pieces))

    def with_pieces(self, *pieces: Piece) -> GameState:
        new = {p.id: p for p in pieces}
        return self.changed(pieces=tuple(new.get(p.id, p) for p in self.pieces))

    def with_side(self, index: int, side: SideState) -> GameState:
        sides = (side, self.sides[1]) if index == 0 else (self.sides[0], side)
        return self.changed(sides=sides)
