"""The game's log for a reader: the one renderer that turns a log entry's typed events into its line, which
entries a player would say aloud, and the helpers they share.

The rules code records what happened as events (:mod:`aot_rules.tabletop.events`, beside the rules' own such as
:class:`~aot_rules.aot.events.UnitDrifted`) and writes no prose: :func:`outcome` finds the first event of the
entry that has a renderer and tells it, reading nothing but the entry (its who, dice and events).  Every line is
a catalogue message (:mod:`aot_rules.core.i18n`): one whole template per sentence, counts through ``nmsg``,
measured numbers in the reader's own decimal mark, so ``play --lang ru`` tells the same game in Russian.  The names a
line shows travel in the events beside the pieces' ids, so a saved record tells the same lines as the game
that was played, and a record can be drawn without reading any of them.  A verb agrees with its unit's number,
which is a fact of the unit's body, not of its name: the caller that holds the game passes it
(:func:`aot_rules.present.number.of` the state); told from the entry alone, every unit is a body of warriors.

``play`` prints one line per thing that happened at the table (a roll, a move, a fight, an order); the
players' own reasoning (``decision`` entries) and the frame of the turn (a slot closing) are shown only
with ``--verbose``, and ``--json`` keeps every entry with its typed events.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from aot_rules.aot.events import UnitDrifted
from aot_rules.aot.rules.orders import Activity, Method
from aot_rules.aot.rules.weather import Drift
from aot_rules.core import i18n
from aot_rules.core.events import Event
from aot_rules.core.i18n import Message, Possessive, clauses, msg, nmsg
from aot_rules.present import number
from aot_rules.present.number import Many, warriors
from aot_rules.tabletop.events import (
    Activated,
    Aimed,
    BattleEnded,
    CampTaken,
    ChargeEnd,
    Choice,
    ContactMade,
    Countercharged,
    CounterchargeEnded,
    Cover,
    CoverKind,
    Decided,
    DPDisordered,
    DPForced,
    DPUnspent,
    EndCause,
    Evaded,
    EvasionRefused,
    ExtraRolled,
    FacedAttack,
    FallBack,
    FellBack,
    Fleeing,
    Forced,
    FriendInTheWay,
    FriendPassed,
    Ground,
    GroundTested,
    InitiativeRolledAgain,
    InTheWay,
    LeftBattle,
    MeleeJudged,
    MovedAlong,
    MoveKind,
    Obstacle,
    ObstacleKind,
    OfficerActed,
    PanicCause,
    Panicked,
    Rampaged,
    Reaction,
    ReactionChosen,
    Reformed,
    Refuge,
    RetreatBlocked,
    ShotAtPanicking,
    ShotJudged,
    ShotLost,
    SlotClosed,
    SlotOpened,
    SlotsRewritten,
    StormStruck,
    Struck,
    TurnBegan,
    Turned,
    TurnedAway,
    TwoOnOne,
    Volley,
    WeatherSet,
    Withdrew,
)
from aot_rules.tabletop.geometry import Pose

if TYPE_CHECKING:
    from aot_rules.tabletop.state import GameState, LogEntry

E = TypeVar("E", bound=Event)
#: A renderer: the entry, the event it is told from and whether each piece is named in the plural (a verb agrees
#: with its unit, :mod:`aot_rules.present.number`) -> the entry's line, a catalogue message.
Renderer = Callable[["LogEntry", Any, Many], Message]
#: Every renderer, by the event class it tells.
RENDERERS: dict[type[Event], Renderer] = {}

#: The reaction a player answers for each unit it may name as lost in the storm (AOT-WEATHER-STORM).
LOST_IN_STORM = Reaction.LOST_IN_STORM
#: The reaction a retreating unit's owner answers when it stops: turn back to face the enemy (AOT-MELEE-RETREAT).
TURN_BACK = Reaction.TURN_BACK
#: How an army list writes its individual-unit slot (as :class:`SlotOpened` and a rewrite name it).
INDIVIDUAL = "individual"


def renders(cls: type[E]) -> Callable[[Callable[[LogEntry, E, Many], Message]], Callable[[LogEntry, E, Many], Message]]:
    """Register the renderer of one event class."""
    def register(fn: Callable[[LogEntry, E, Many], Message]) -> Callable[[LogEntry, E, Many], Message]:
        RENDERERS[cls] = fn
        return fn
    return register


def told(entry: LogEntry, many: Many = warriors) -> Message | None:
    """The entry's line as a message, rendered only when shown: its first event that has a renderer, told (None
    when no event has one).  ``many`` says which pieces are named in the plural (:func:`aot_rules.present.number.of`
    the game's state); without it every unit is a body of warriors."""
    for ev in entry.events:
        fn = RENDERERS.get(type(ev))
        if fn is not None:
            return fn(entry, ev, many)
    return None


def outcome(entry: LogEntry, many: Many = warriors) -> str:
    """The entry's line (after its who, rule and dice) in the language in force (:func:`told`, rendered)."""
    said = told(entry, many)
    return "" if said is None else said.render()


#: The who of the weather's own entries: the engine's code for "nobody's", shown in the reader's words.
WEATHER = "weather"
#: The who of the entry that ends a battle nobody won.
BATTLE = "battle"
#: Each kind of log entry (``LogEntry.kind``, a code) as the log's column names it.
KINDS = {"roll": msg("roll"), "event": msg("event"), "decision": msg("decision"), "frame": msg("frame")}


def line(entry: LogEntry, many: Many = warriors) -> str:
    """The log entry as ``play`` prints it: turn, kind, who, rule, dice faces, then :func:`outcome` (in the
    language in force)."""
    dice = f" [{' '.join(map(str, entry.faces))}]" if entry.faces else ""
    rule = f" {entry.rule}" if entry.rule else ""
    kind = KINDS[entry.kind].render() if entry.kind in KINDS else entry.kind
    return f"T{entry.turn} {kind:<8} {i18n.text(who(entry))}{rule}{dice}: {outcome(entry, many)}"


def who(entry: LogEntry) -> Message | str:
    """Who the entry is about, as the log's column says it: a name as the engine wrote it, except the entries whose
    who the engine writes with words of its own (the weather's, a battle ended with no winner, "A v B", two units
    fighting one), which are told in the reader's words."""
    if entry.who == WEATHER:
        return msg("weather")
    if entry.who == BATTLE and any(isinstance(v, BattleEnded) for v in entry.events):
        return msg("battle")
    pair = next((v for v in entry.events if isinstance(v, TwoOnOne)), None)
    if pair is not None and entry.who == f"{pair.names[0]} and {pair.names[1]} v {pair.names[2]}":
        return msg("{first} and {second} v {third}", first=pair.names[0], second=pair.names[1], third=pair.names[2])
    sides = entry.who.split(" v ")
    if len(sides) == 2:  # two armies' initiative, or two units' melee
        return msg("{first} v {second}", first=sides[0], second=sides[1])
    return entry.who


@dataclass(frozen=True, slots=True)
class Figure:
    """A measured number as a player says it, to fixed places (``spec``: a tenth of an inch ``.1f``, odds ``.2f``),
    in the reader's decimal mark (3.5″, Russian 3,5″)."""

    value: float
    spec: str = ".1f"

    def render(self, lang: str) -> str:
        return i18n.localised(format(self.value, self.spec), lang)


@dataclass(frozen=True, slots=True)
class Listed:
    """Names, numbers or messages in a list (``1, 2, 3``, a rewrite's slots), each rendered in the reader's language."""

    items: tuple[object, ...]

    def render(self, lang: str) -> str:
        return ", ".join(i18n.render_value(v, lang) for v in self.items)


i18n.shows(Figure, lambda v, lang: v.render(lang))
i18n.shows(Listed, lambda v, lang: v.render(lang))


def inches(d: float) -> Figure:
    """A distance as a player says it: one decimal place (the template writes the ″)."""
    return Figure(d, ".1f")


def whole_inches(d: float) -> Figure:
    """A distance that may be whole inches (a die's, or a range the rules count in inches), said as a player
    says it: "4″", otherwise to a tenth ("2.3″")."""
    return Figure(d, ".0f" if float(d).is_integer() else ".1f")


def _degrees(v: float) -> Figure:
    """An angle in whole degrees, never "-0" (a facing of -0.4° is 0°)."""
    return Figure(0.0 if f"{v:.0f}" == "-0" else v, ".0f")


def where(pose: Pose) -> Message:
    """Where a base stands, to a tenth of an inch, and which way it faces."""
    return msg("({x}, {y}) facing {facing}°", x=inches(pose.x), y=inches(pose.y), facing=_degrees(pose.facing))


def unit(pid: str, name: str) -> str:
    """A piece as the log names it: its id and, when it has one, its name (no words of the log's own)."""
    return f"{pid} ({name})" if name else pid


def _owner(name: str) -> Message | str:
    """A slot's owner: a general's name, or the individual-unit slot in the reader's words."""
    return msg("individual") if name == INDIVIDUAL else name


def _side(names: tuple[str, str], i: int) -> Message | str:
    """An army's name, or "side 1" / "side 2" in a record that has none."""
    return names[i] or msg("side {number}", number=i + 1)


# --- the frame of the turn and the players' decisions ----------------------------------------------------

def _target(e: Decided) -> str:
    return unit(e.target, e.target_name)


def _odds(e: Decided, compared: bool) -> Message:
    """A charge's exact odds as the player says them, rounded to two places: P(win), then P(lose), with the
    exact comparison between them when ``compared``."""
    win, lose = e.odds
    w, lo = Figure(float(win), ".2f"), Figure(float(lose), ".2f")
    if not compared:
        return msg("P(win) {win}, P(lose) {lose}", win=w, lose=lo)
    if win > lose:
        return msg("P(win) {win} > P(lose) {lose}", win=w, lose=lo)
    if win == lose:
        return msg("P(win) {win} = P(lose) {lose}", win=w, lose=lo)
    return msg("P(win) {win} < P(lose) {lose}", win=w, lose=lo)


def _shot(e: Decided) -> Message:
    return nmsg("shoot: {n} firer at {target}, {distance}″", "shoot: {n} firers at {target}, {distance}″",
                n=e.firers, target=_target(e), distance=inches(e.distance))


def _toward(e: Decided) -> Message:
    """An advance, a run or a trot toward a target: how it goes (straight, half way, both, or the whole way)."""
    kw = {"target": _target(e), "distance": inches(e.distance)}
    way = (e.straight, e.half)
    if e.kind is Choice.RUN:
        return {(False, False): msg("run toward {target}, {distance}″ away", **kw),
                (True, False): msg("run straight toward {target}, {distance}″ away", **kw),
                (False, True): msg("run half way toward {target}, {distance}″ away", **kw),
                (True, True): msg("run straight half way toward {target}, {distance}″ away", **kw)}[way]
    if e.kind is Choice.TROT:
        return {(False, False): msg("trot toward {target}, {distance}″ away", **kw),
                (True, False): msg("trot straight toward {target}, {distance}″ away", **kw),
                (False, True): msg("trot half way toward {target}, {distance}″ away", **kw),
                (True, True): msg("trot straight half way toward {target}, {distance}″ away", **kw)}[way]
    return {(False, False): msg("advance toward {target}, {distance}″ away", **kw),
            (True, False): msg("advance straight toward {target}, {distance}″ away", **kw),
            (False, True): msg("advance half way toward {target}, {distance}″ away", **kw),
            (True, True): msg("advance straight half way toward {target}, {distance}″ away", **kw)}[way]


def _reform(e: Decided) -> Message:
    if e.target:
        return msg("reform: {disordered} disordered, nearest enemy {distance}″", disordered=e.disordered,
                   distance=inches(e.distance))
    return msg("reform: {disordered} disordered, no enemy left", disordered=e.disordered)


def _sidestep(e: Decided) -> Message:
    kw = {"degrees": Figure(abs(e.degrees), ".0f"), "target": _target(e), "distance": inches(e.distance)}
    if e.degrees > 0:
        return msg("sidestep {degrees}° left to get round toward {target}, {distance}″ away", **kw)
    return msg("sidestep {degrees}° right to get round toward {target}, {distance}″ away", **kw)


def _order(e: Decided) -> Message:
    if e.method is None:
        return msg("{owner} orders {target} by order", owner=e.owner, target=e.target)
    return msg("{owner} orders {target} by {method}", owner=e.owner, target=e.target, method=e.method)


#: Each kind of decision's sentence, told from its fields (the odds printed to two places, the exact
#: fractions kept in the event).
_DECISIONS: dict[Choice, Callable[[Decided], Message]] = {
    Choice.SHOOT: _shot,
    Choice.CHARGE: lambda e: msg("charge: {odds} against {target}", odds=_odds(e, True), target=_target(e)),
    Choice.FLANK_CHARGE: lambda e: msg("charge the flank of {target}, held in front: {odds}", target=_target(e),
                                       odds=_odds(e, True)),
    Choice.WITHDRAW: lambda e: msg("withdraw: no unit is formed, and withdrawing now scores {mine} VP to {theirs}",
                                   mine=int(e.odds[0]), theirs=int(e.odds[1])),
    Choice.REFORM: _reform,
    Choice.FACE: lambda e: msg("reform to face {target}, {degrees}° off its front, without a test",
                               target=_target(e), degrees=Figure(abs(e.degrees), ".0f")),
    Choice.ADVANCE: _toward,
    Choice.CAMP: lambda e: msg("march on the {camp} camp, {distance}″ away", camp=e.target_name,
                               distance=inches(e.distance)),
    Choice.SIDESTEP: _sidestep,
    Choice.RUN: _toward,
    Choice.TROT: _toward,
    Choice.REWRITE: lambda e: msg("rewrite the slots after the double: {slots} (expected work {work})",
                                  slots=Listed(tuple(_owner(s) for s in e.slots)),
                                  work=Figure(float(e.odds[0]), "+.2f")),
    Choice.DELEGATE: lambda e: msg("{owner} has nobody to order but his own unit: he rewrites the slots to {slots} "
                                   "(expected work {work})", owner=e.owner,
                                   slots=Listed(tuple(_owner(s) for s in e.slots)),
                                   work=Figure(float(e.odds[0]), "+.2f")),
    Choice.MESSENGER: lambda e: msg("{owner} sends a messenger to {target}: P(through) {odds}, no worse than a "
                                    "signal", owner=e.owner, target=_target(e), odds=Figure(float(e.odds[0]), ".2f")),
    Choice.ORDER: _order,
    Choice.OWN_UNIT: lambda e: msg("{owner} acts with his own unit {piece}", owner=e.owner, piece=e.piece),
    Choice.INDIVIDUAL: lambda e: msg("individual unit: {unit}, the most useful", unit=unit(e.piece, e.name)),
    Choice.IDLE: lambda e: msg("individual unit: no unit has anything to do"),
    Choice.GONE: lambda e: msg("{owner} has left the battle: his slot passes", owner=e.owner),
    Choice.HOLD: lambda e: msg("hold: {piece} has nothing it may do", piece=e.piece),
    Choice.OFFICER_SHOOT: lambda e: msg("junior officer of {piece}: {shot}", piece=e.piece, shot=_shot(e)),
    Choice.OFFICER_CHARGE: lambda e: msg("junior officer of {piece}: counter-attack {target}, {odds}", piece=e.piece,
                                         target=_target(e), odds=_odds(e, False)),
}


def _flee(e: Decided, many: bool) -> Message:
    if many:
        return msg("flee: {unit} are panicking", unit=e.name or e.piece)
    return msg("flee: {unit} is panicking", unit=e.name or e.piece)


def _rally(e: Decided, many: bool) -> Message:
    kw = {"unit": e.name or e.piece, "disordered": e.disordered}
    if many:
        return msg("rally: {unit} reform, {disordered} disordered", **kw)
    return msg("rally: {unit} reforms, {disordered} disordered", **kw)


def _pursue(e: Decided, many: bool) -> Message:
    kw = {"target": _target(e), "distance": inches(e.distance)}
    if many:
        return msg("pursue: {target} are panicking, {distance}″ away", **kw)
    return msg("pursue: {target} is panicking, {distance}″ away", **kw)


def _turn(e: Decided, many: bool) -> Message:
    kw = {"target": _target(e), "degrees": Figure(abs(e.degrees), ".0f")}
    if many:
        return msg("turn: {target} are {degrees}° off its front", **kw)
    return msg("turn: {target} is {degrees}° off its front", **kw)


#: The decisions whose sentence has a unit for its subject, told from its fields and whether that unit (the
#: deciding piece, or the target) is named in the plural.
_AGREEING: dict[Choice, tuple[Callable[[Decided, bool], Message], Callable[[Decided], str]]] = {
    Choice.FLEE: (_flee, lambda e: e.piece),
    Choice.RALLY: (_rally, lambda e: e.piece),
    Choice.PURSUE: (_pursue, lambda e: e.target),
    Choice.TURN: (_turn, lambda e: e.target),
}


@renders(Decided)
def _decided(entry: LogEntry, e: Decided, many: Many) -> Message:
    if e.kind in _AGREEING:
        tell, subject = _AGREEING[e.kind]
        return tell(e, many(subject(e)))
    return _DECISIONS[e.kind](e)


@renders(SlotOpened)
def _slot_opened(entry: LogEntry, e: SlotOpened, many: Many) -> Message:
    if e.in_contact:
        return msg("slot {slot} of {side}: {owner} (in contact: {pieces})", slot=e.slot, side=entry.who,
                   owner=_owner(e.owner), pieces=Listed(e.in_contact))
    return msg("slot {slot} of {side}: {owner}", slot=e.slot, side=entry.who, owner=_owner(e.owner))


@renders(SlotClosed)
def _slot_closed(entry: LogEntry, e: SlotClosed, many: Many) -> Message:
    return msg("slot {slot} ends", slot=e.slot)


def _signal(entry: LogEntry, e: Activated, who: str) -> Message:
    kw = {"unit": who, "radius": e.radius, "distance": inches(e.distance)}
    if e.reached:
        return msg("activates {unit}: the signal carries {radius}″ and reaches it at {distance}″", **kw)
    return msg("misses {unit}: the signal carries {radius}″ and falls short of it at {distance}″", **kw)


def _messenger(entry: LogEntry, e: Activated, who: str) -> Message:
    kw: dict[str, object] = {"unit": who, "distance": inches(e.distance)}
    if entry.faces:
        kw["roll"] = entry.faces[0]
        if e.reached:
            return msg("activates {unit}: the messenger rides {distance}″ and gets through on a {roll}", **kw)
        return msg("misses {unit}: the messenger rides {distance}″ and fails on a {roll}", **kw)
    if e.reached:
        return msg("activates {unit}: the messenger rides {distance}″ and gets through", **kw)
    return msg("misses {unit}: the messenger rides {distance}″ and fails", **kw)


@renders(Activated)
def _activated(entry: LogEntry, e: Activated, many: Many) -> Message:
    who = unit(e.piece, e.name)
    if e.method is Method.SIGNAL:
        return _signal(entry, e, who)
    if e.method is Method.MESSENGER:
        return _messenger(entry, e, who)
    if e.method is None:
        return msg("activates {unit} by {commander} slot: his own unit", unit=who, commander=Possessive(e.commander))
    if e.method is Method.DIRECT:
        return msg("activates {unit} by direct command, {distance}″ from {via}", unit=who,
                   distance=inches(e.distance), via=e.via)
    if e.method is Method.BATTLE_LINE:
        return msg("activates {unit} in {commander} battle line, {distance}″ from its neighbour", unit=who,
                   commander=Possessive(e.commander), distance=inches(e.distance))
    if e.method is Method.INDIVIDUAL:
        if e.via:
            return msg("activates {unit} on the individual-unit slot, with colonel {colonel}", unit=who,
                       colonel=e.via)
        return msg("activates {unit} on the individual-unit slot", unit=who)
    if e.method is Method.COLONEL:
        return msg("activates {unit} to follow colonel {colonel}, {distance}″ away", unit=who, colonel=e.commander,
                   distance=inches(e.distance))
    return msg("activates {unit} by {method}", unit=who, method=e.method)


# --- moves ---------------------------------------------------------------------------------------------

@renders(MovedAlong)
def _moved(entry: LogEntry, e: MovedAlong, many: Many) -> Message:
    kw = {"distance": inches(e.inches), "where": where(e.end)}
    return {MoveKind.DRIFT: lambda: msg("lost in the storm, drifts {distance}″ to {where}", **kw),
            MoveKind.MOVE: lambda: msg("moves {distance}″ to {where}", **kw),
            MoveKind.RUN: lambda: msg("runs {distance}″ to {where}", **kw),
            MoveKind.TROT: lambda: msg("trots {distance}″ to {where}", **kw),
            MoveKind.RAMPAGE: lambda: msg("rampages {distance}″ to {where}", **kw),
            MoveKind.FORCED_ATTACK: lambda: msg("is driven to attack, moves {distance}″ to {where}", **kw),
            }[e.how]()


@renders(ContactMade)
def _contact(entry: LogEntry, e: ContactMade, many: Many) -> Message:
    names = e.names if len(e.names) == len(e.enemies) else ("",) * len(e.enemies)
    held = Listed(tuple(f"{n} ({pid})" if n else pid for pid, n in zip(e.enemies, names, strict=True)))
    return msg("stops in contact with {enemies}; it cannot move again this slot", enemies=held)


@renders(FellBack)
def _fell_back(entry: LogEntry, e: FellBack, many: Many) -> Message:
    """A retreat or flight, or an evasion; one that carried the unit off the table says so."""
    gone = next((v for v in entry.events if isinstance(v, LeftBattle) and v.piece == e.piece), None)
    if gone is not None:
        return msg("leaves the table: {status}", status=gone.status)
    if e.kind is FallBack.EVASION:
        return msg("backs away to {where}", where=where(e.end))
    return msg("falls back to {where}", where=where(e.end))


@renders(SlotsRewritten)
def _rewritten(entry: LogEntry, e: SlotsRewritten, many: Many) -> Message:
    slots = Listed(tuple(_owner(s) for s in e.slots))
    if e.after_double:
        return msg("rewrite their slots after the double: {slots}", slots=slots)
    return msg("rewrites the slots: {slots}", slots=slots)


# --- the turn's start, the weather, the end of the battle -------------------------------------------------

def _plays(name: Message | str, slots: tuple[int, ...]) -> Message:
    """One army's slots on an initiative throw, a whole clause."""
    if slots:
        return msg("{side} play {slots}", side=name, slots=Listed(slots))
    return msg("{side} play no slot", side=name)


def _throw(a: int, b: int, sides: tuple[str, str], slots: tuple[tuple[int, ...], tuple[int, ...]]) -> Message:
    """One initiative throw: both dice by army, and the slots each plays (the higher die's first)."""
    names = (sides[0], sides[1]) if all(sides) else (_side(("", ""), 0), _side(("", ""), 1))
    if a == b:
        return msg("{first} {a}, {second} {b}: a double; slots may be rewritten before the dice are rolled again",
                   first=names[0], a=a, second=names[1], b=b)
    s, t = (0, 1) if a > b else (1, 0)
    return msg("{first} {a}, {second} {b}: {plays}; {then}", first=names[0], a=a, second=names[1], b=b,
               plays=_plays(names[s], slots[s]), then=_plays(names[t], slots[t]))


@renders(TurnBegan)
def _turn_began(entry: LogEntry, e: TurnBegan, many: Many) -> Message:
    throw = _throw(e.initiative[0], e.initiative[1], e.sides, e.slots)
    if e.ties:
        return nmsg("{n} tied roll rolled again; {throw}", "{n} tied rolls rolled again; {throw}", n=e.ties,
                    throw=throw)
    return throw


@renders(InitiativeRolledAgain)
def _rolled_again(entry: LogEntry, e: InitiativeRolledAgain, many: Many) -> Message:
    return msg("rolled again: {throw}", throw=_throw(e.initiative[0], e.initiative[1], e.sides, e.slots))


@renders(WeatherSet)
def _weather(entry: LogEntry, e: WeatherSet, many: Many) -> Message:
    if e.wind_die:
        if e.wind_edge:
            return msg("the wind blows from the {edge} edge", edge=e.wind_edge)
        return msg("the wind is too weak to matter")
    if e.wind_edge:
        return msg("a second double running ({face}:{face}) brings {weather}, the wind from the {edge} edge",
                   face=e.face, weather=e.weather, edge=e.wind_edge)
    return msg("a second double running ({face}:{face}) brings {weather}", face=e.face, weather=e.weather)


@renders(StormStruck)
def _storm(entry: LogEntry, e: StormStruck, many: Many) -> Message:
    if e.units < e.rolled:
        return nmsg("{n} unit lost in the storm ({free} free to be lost)",
                    "{n} units lost in the storm ({free} free to be lost)", n=e.rolled, free=e.units)
    return nmsg("{n} unit lost in the storm", "{n} units lost in the storm", n=e.rolled)


@renders(UnitDrifted)
def _drifted(entry: LogEntry, e: UnitDrifted, many: Many) -> Message:
    if e.drift is Drift.STAYS:
        return msg("the storm's die {face}: it stays", face=e.face)
    return msg("the storm's die {face}: it goes {drift}", face=e.face, drift=e.drift)


@renders(Withdrew)
def _withdrew(entry: LogEntry, e: Withdrew, many: Many) -> Message:
    return msg("withdraw in good order")


def _why(e: BattleEnded, names: tuple[Message | str, Message | str]) -> Message:
    """What ended the battle, a whole clause."""
    if e.why is EndCause.WITHDRAWN and e.withdrawn >= 0:
        return msg("{side} have withdrawn", side=names[e.withdrawn])
    if e.why is EndCause.ROUTED:
        return msg("the battle ends on turn {turn}", turn=e.turn)
    if e.why is EndCause.LAST_TURN:
        return msg("night falls after turn {turn}", turn=e.turn)
    if e.why is EndCause.NIGHT:
        return msg("night falls on turn {turn}", turn=e.turn)
    return msg("the battle ends")


def _score(e: BattleEnded, names: tuple[Message | str, Message | str], i: int) -> Message:
    """One army's victory points and what earned them, a whole clause."""
    earned = [msg("{reason}: +{points}", reason=s.award.reason(s.count), points=s.points) for s in e.scores[i]]
    if not earned:
        return msg("{side}: {points} VP", side=names[i], points=e.points[i])
    return msg("{side}: {points} VP ({earned})", side=names[i], points=e.points[i], earned=clauses(earned))


def ended_message(e: BattleEnded) -> Message:
    """The battle's end as a player says it: what ended it, who won and both armies' victory points with what
    earned them (the sentence of the typed result, ``GameState.result``, rendered when shown)."""
    names = (_side(e.sides, 0), _side(e.sides, 1)) if all(e.sides) else (_side(("", ""), 0), _side(("", ""), 1))
    kw = {"why": _why(e, names), "first": e.points[0], "second": e.points[1], "score": _score(e, names, 0),
          "other": _score(e, names, 1)}
    if e.winner < 0:
        if e.ending:
            return msg("{why}: {ending}: a draw, {first} VP to {second} ({score}; {other})", ending=e.ending, **kw)
        return msg("{why}: a draw, {first} VP to {second} ({score}; {other})", **kw)
    if e.ending:
        return msg("{why}: {ending}: won by {winner}, {first} VP to {second} ({score}; {other})", ending=e.ending,
                   winner=names[e.winner], **kw)
    return msg("{why}: won by {winner}, {first} VP to {second} ({score}; {other})", winner=names[e.winner], **kw)


def ended(e: BattleEnded) -> str:
    """The battle's end (:func:`ended_message`) in the language in force."""
    return ended_message(e).render()


@renders(BattleEnded)
def _ended(entry: LogEntry, e: BattleEnded, many: Many) -> Message:
    return ended_message(e)


# --- turns, reforms, the run and trot dice, ground and friends --------------------------------------------

def _disordered(said: Message, n: int, sep: str = ":") -> Message:
    """``said`` and, when the test disordered any warriors, how many (after a colon, a comma or a semicolon)."""
    if not n:
        return said
    if sep == ",":
        return msg("{said}, {disordered} disordered", said=said, disordered=n)
    if sep == ";":
        return msg("{said}; {disordered} disordered", said=said, disordered=n)
    return msg("{said}: {disordered} disordered", said=said, disordered=n)


@renders(Turned)
def _turned(entry: LogEntry, e: Turned, many: Many) -> Message:
    if e.overturned:
        return msg("overturns and is removed")
    facing = _degrees(e.end.facing)
    if e.toward:
        said = msg("turns back to face {foe} ({facing}°)", foe=e.toward_name or e.toward, facing=facing)
    elif e.degrees:
        said = msg("turns {degrees}° to face {facing}°", degrees=_degrees(e.degrees), facing=facing)
    else:
        said = msg("turns to face {facing}°", facing=facing)
    return _disordered(said, e.disordered)


@renders(Reformed)
def _reformed(entry: LogEntry, e: Reformed, many: Many) -> Message:
    ranks = "+".join(map(str, e.ranks_after))
    if e.density:
        said = msg("reforms: ranks {ranks} (density {density})", ranks=ranks, density=e.density)
    else:
        said = msg("reforms: ranks {ranks}", ranks=ranks)
    said = _disordered(said, e.disordered, ",")
    if e.defensive:
        said = msg("{said} in the defensive formation", said=said)
    if e.faced:
        said = msg("{said}, facing {facing}°", said=said, facing=_degrees(e.end.facing))
    return said


@renders(ExtraRolled)
def _extra(entry: LogEntry, e: ExtraRolled, many: Many) -> Message:
    if e.berserk:
        return msg("trot die {distance}: it goes berserk", distance=Figure(e.distance, "g"))
    if e.overturned:
        return msg("trots {distance}″ but overturns and is removed", distance=whole_inches(e.distance))
    if e.how is Activity.RUN:
        said = msg("may run up to {distance}″", distance=whole_inches(e.distance))
    elif e.how is Activity.TROT:
        said = msg("may trot up to {distance}″", distance=whole_inches(e.distance))
    else:
        said = msg("may {action} up to {distance}″", action=e.how, distance=whole_inches(e.distance))
    if e.disordered:
        return msg("{said}; {disordered} disordered by the test", said=said, disordered=e.disordered)
    return said


@renders(GroundTested)
def _ground(entry: LogEntry, e: GroundTested, many: Many) -> Message:
    if e.ground is Ground.SUN:
        return nmsg("{n} warrior disordered by the heat", "{n} warriors disordered by the heat", n=e.lost)
    if e.ground is Ground.CAMP:
        if e.lost:
            return msg("tests for the {place} camp: {disordered} disordered", place=e.place, disordered=e.lost)
        return msg("tests for the {place} camp: passes", place=e.place)
    if e.lost:
        return msg("tests for the {place}: {disordered} disordered", place=e.place, disordered=e.lost)
    return msg("tests for the {place}: passes", place=e.place)


@renders(FriendPassed)
def _passed(entry: LogEntry, e: FriendPassed, many: Many) -> Message:
    friend = e.friend_name or e.friend
    loser = e.loser_name or e.loser
    if e.same_die:
        if not e.lost:
            return msg("passes through {friend} on the same die {roll} ({rule}): no loss", friend=friend, roll=e.roll,
                       rule=e.same_die)
        if many(e.loser):
            return msg("passes through {friend} on the same die {roll} ({rule}): {loser} lose {lost}", friend=friend,
                       roll=e.roll, rule=e.same_die, loser=loser, lost=e.lost)
        return msg("passes through {friend} on the same die {roll} ({rule}): {loser} loses {lost}", friend=friend,
                   roll=e.roll, rule=e.same_die, loser=loser, lost=e.lost)
    if not e.lost:
        return msg("passes through {friend} without loss", friend=friend)
    if many(e.loser):
        return msg("passes through {friend}: die {roll}, {loser} lose {lost}", friend=friend, roll=e.roll,
                   loser=loser, lost=e.lost)
    return msg("passes through {friend}: die {roll}, {loser} loses {lost}", friend=friend, roll=e.roll, loser=loser,
               lost=e.lost)


@renders(FriendInTheWay)
def _in_the_way(entry: LogEntry, e: FriendInTheWay, many: Many) -> Message:
    friend = e.friend_name or e.friend
    if e.how is InTheWay.WEAKER:
        return msg("cannot be cleared by the panicking {friend} and, the weaker of two panicking units, is dispersed",
                   friend=friend)
    if e.how is InTheWay.DISPERSED:
        return msg("panicking, cannot clear {friend}: dispersed", friend=friend)
    return msg("cannot clear {friend}: stops short after {distance}″", friend=friend, distance=inches(e.distance))


@renders(TurnedAway)
def _turned_away(entry: LogEntry, e: TurnedAway, many: Many) -> Message:
    if e.lost:
        return msg("turns its back to {foe}: {disordered} disordered", foe=e.foe_name or e.foe, disordered=e.lost)
    return msg("turns its back to {foe}: passes", foe=e.foe_name or e.foe)


# --- panic, evasion, the elephant's rampage ------------------------------------------------------------

_PANIC = {PanicCause.ARMY_BEATEN: msg("a unit of its army lost a combat: it flees toward its camp"),
          PanicCause.IN_CONTACT: msg("panicking in contact: it is not fought, it flees away from its attacker"),
          PanicCause.COUNTERCHARGE_DIE: msg("panics on its countercharge die and stays"),
          PanicCause.EVASION_DIE: msg("panics on its evasion die and stays")}


@renders(Panicked)
def _panicked(entry: LogEntry, e: Panicked, many: Many) -> Message:
    return _PANIC[e.cause]


@renders(Fleeing)
def _fleeing(entry: LogEntry, e: Fleeing, many: Many) -> Message:
    if e.away_from:
        return msg("flees {distance}″ away from {foe}", distance=inches(e.distance), foe=e.away_name or e.away_from)
    camp = e.toward is Refuge.CAMP
    if e.distance < 0.05:  # nothing a player would measure: it stands at its camp
        return msg("already at its camp") if camp else msg("already at its table edge")
    if camp:
        return msg("flees {distance}″ toward its camp", distance=inches(e.distance))
    return msg("flees {distance}″ toward its table edge", distance=inches(e.distance))


@renders(Evaded)
def _evaded(entry: LogEntry, e: Evaded, many: Many) -> Message:
    said = msg("evades {attacker}: {distance}″", attacker=e.attacker_name or e.attacker,
               distance=whole_inches(e.distance))
    return _disordered(said, e.disordered, ",")


def obstacle_message(o: Obstacle, many: Many = warriors) -> Message:
    """What stopped a fall-back, as a player says it (an enemy unit's verb agreeing with it, ``many``)."""
    if o.kind is ObstacleKind.ENEMY:
        if many(o.piece):
            if o.name:
                return msg("{name} ({piece}) block its path", name=o.name, piece=o.piece)
            return msg("{piece} block its path", piece=o.piece)
        if o.name:
            return msg("{name} ({piece}) blocks its path", name=o.name, piece=o.piece)
        return msg("{piece} blocks its path", piece=o.piece)
    if o.kind is ObstacleKind.TERRAIN:
        if o.terrain:
            return msg("the {name} ({terrain}) blocks its path", name=o.name, terrain=o.terrain)
        return msg("the {name} (impassable) blocks its path", name=o.name)
    if o.kind is ObstacleKind.TABLE_EDGE:
        return msg("it would leave the table")
    return msg("it would stop on {unit}", unit=o.name or o.piece)


def obstacle(o: Obstacle, many: Many = warriors) -> str:
    """What stopped a fall-back (:func:`obstacle_message`) in the language in force."""
    return obstacle_message(o, many).render()


@renders(EvasionRefused)
def _evasion_refused(entry: LogEntry, e: EvasionRefused, many: Many) -> Message:
    return msg("cannot back the full {distance}″ ({obstacle}): accepts the melee", distance=whole_inches(e.distance),
               obstacle=obstacle_message(e.obstacle, many))


@renders(Rampaged)
def _rampaged(entry: LogEntry, e: Rampaged, many: Many) -> Message:
    target = e.target_name or e.target
    if e.moved:
        return msg("rushes at {target}, the nearest unit", target=target)
    if e.refused:
        return msg("berserk, cannot rush at {target}: {refusal}", target=target, refusal=e.refused.message)
    return msg("berserk, cannot rush at {target}", target=target)


@renders(LeftBattle)
def _left(entry: LogEntry, e: LeftBattle, many: Many) -> Message:
    if e.obstacle is not None:
        return msg("{obstacle}: {status}", obstacle=obstacle_message(e.obstacle, many), status=e.status)
    return msg("leaves the battle: {status}", status=e.status)


@renders(CampTaken)
def _camp(entry: LogEntry, e: CampTaken, many: Many) -> Message:
    return msg("sacks the {camp} camp and leaves the battle to loot it",
               camp=e.camp or msg("side {number}", number=e.side + 1))


@renders(ReactionChosen)
def _reaction(entry: LogEntry, e: ReactionChosen, many: Many) -> Message:
    by = e.by_name or e.by
    if e.reaction is Reaction.LOST_IN_STORM:
        if e.taken:
            return msg("names {unit}", unit=unit(e.piece, e.name))
        return msg("does not name {unit}", unit=unit(e.piece, e.name))
    if e.reaction is Reaction.EVADE and not e.taken:
        return msg("stands and accepts the melee with {foe}", foe=by)
    kw: dict[str, object] = {"unit": e.name or e.piece, "foe": by}
    plural = many(e.piece)
    if e.reaction is Reaction.TURN_BACK:
        if e.taken:
            return (msg("{unit} choose to turn back to face {foe}", **kw) if plural
                    else msg("{unit} chooses to turn back to face {foe}", **kw))
        return (msg("{unit} keep their back to {foe}: no turn back, no test", **kw) if plural
                else msg("{unit} keeps its back to {foe}: no turn back, no test", **kw))
    kw["reaction"] = e.reaction
    if e.taken:
        return (msg("{unit} take the {reaction} against {foe}", **kw) if plural
                else msg("{unit} takes the {reaction} against {foe}", **kw))
    return (msg("{unit} decline the {reaction} against {foe}", **kw) if plural
            else msg("{unit} declines the {reaction} against {foe}", **kw))


@renders(OfficerActed)
def _officer(entry: LogEntry, e: OfficerActed, many: Many) -> Message:
    if e.target:
        return msg("its junior officer acts in the enemy's slot: {action} at {target}", action=e.kind,
                   target=e.target_name or e.target)
    return msg("its junior officer acts in the enemy's slot: {action}", action=e.kind)


# --- shooting, the countercharge, melee ------------------------------------------------------------------

def cover_message(c: Cover, target: str, plural: bool = True) -> Message:
    """Why ``target`` is in cover, as a player says it (``plural``: its verb's number)."""
    if c.kind is CoverKind.CAMP:
        return (msg("{target} guard their own camp, which counts as a wood", target=target) if plural
                else msg("{target} guards its own camp, which counts as a wood", target=target))
    kw = {"target": target, "name": c.name, "terrain": c.terrain} if c.terrain else {"target": target, "name": c.name}
    if c.kind is CoverKind.BEHIND:
        if c.terrain:
            return (msg("{target} stand behind the {name} ({terrain})", **kw) if plural
                    else msg("{target} stands behind the {name} ({terrain})", **kw))
        return (msg("{target} stand behind the {name} (cover)", **kw) if plural
                else msg("{target} stands behind the {name} (cover)", **kw))
    if c.terrain:
        return (msg("{target} stand less than 1″ inside the edge of the {name} ({terrain})", **kw) if plural
                else msg("{target} stands less than 1″ inside the edge of the {name} ({terrain})", **kw))
    return (msg("{target} stand less than 1″ inside the edge of the {name} (cover)", **kw) if plural
            else msg("{target} stands less than 1″ inside the edge of the {name} (cover)", **kw))


def cover(c: Cover, target: str, plural: bool = True) -> str:
    """Why ``target`` is in cover (:func:`cover_message`) in the language in force."""
    return cover_message(c, target, plural).render()


def _aim_terms(a: Aimed, many: Many = warriors) -> Message:
    """How the volley was set up, said in brackets after its target: the range, then each thing that changed
    the dice, one term after another."""
    terms = msg("{distance}″", distance=whole_inches(a.distance))
    if a.cover is not None:
        terms = msg("{terms}, in cover: {cover}", terms=terms, cover=cover_message(a.cover, a.target_name or a.target,
                                                                            many(a.target)))
    if a.line:
        terms = msg("{terms}, battle line: one firer fewer", terms=terms)
    if a.flank:
        terms = msg("{terms}, flank", terms=terms)
    if a.downwind:
        terms = msg("{terms}, downwind", terms=terms)
    return terms


def _firers(n: int) -> Message:
    return nmsg("{n} firer", "{n} firers", n=n)


@renders(Volley)
def _volley(entry: LogEntry, e: Volley, many: Many) -> Message:
    aimed = next((v for v in entry.events if isinstance(v, Aimed)), None)
    firers = _firers(aimed.firers if aimed is not None else 0)
    target = (aimed.target_name if aimed is not None else "") or e.target
    hits = nmsg("{n} hit", "{n} hits", n=e.hits)
    kw: dict[str, object] = {"firers": firers, "target": target, "hits": hits, "faces": Listed(e.hit_on)}
    if aimed is not None:
        kw["terms"] = _aim_terms(aimed, many)
        if e.hit_on:
            said = msg("{firers} at {target} ({terms}), hit on {faces}: {hits}", **kw)
        else:
            said = msg("{firers} at {target} ({terms}), hit on nothing: {hits}", **kw)
    elif e.hit_on:
        said = msg("{firers} at {target}, hit on {faces}: {hits}", **kw)
    else:
        said = msg("{firers} at {target}, hit on nothing: {hits}", **kw)
    if e.shield and e.held:
        said = msg("{said}, shield wall {shield} (this slot's roll): {saved} saved", said=said, shield=e.shield,
                   saved=e.saved)
    elif e.shield:
        said = msg("{said}, shield wall {shield}: {saved} saved", said=said, shield=e.shield, saved=e.saved)
    if e.disordered:
        said = msg("{said}: {killed} killed, {disordered} disordered", said=said, killed=e.killed,
                   disordered=e.disordered)
    else:
        said = msg("{said}: {killed} killed", said=said, killed=e.killed)
    return msg("returns fire: {volley}", volley=said) if e.returned else said


@renders(Aimed)
def _aimed(entry: LogEntry, e: Aimed, many: Many) -> Message:
    return msg("{firers} of {shooter} at {target} ({terms}), counted at {strength}", firers=_firers(e.firers),
               shooter=e.shooter_name or e.shooter, target=e.target_name or e.target, terms=_aim_terms(e, many),
               strength=e.strength)


@renders(ShotJudged)
def _shot_judged(entry: LogEntry, e: ShotJudged, many: Many) -> Message:
    target = e.target_name or e.target
    plural = many(e.target)
    kw = {"density": e.density, "whose": Possessive(target, plural), "against": e.against}
    if e.beaten:
        if plural:
            return msg("density {density} against {whose} {against}: {target} are beaten", target=target, **kw)
        return msg("density {density} against {whose} {against}: {target} is beaten", target=target, **kw)
    if plural:
        return msg("density {density} does not beat {whose} {against}: they stand", **kw)
    return msg("density {density} does not beat {whose} {against}: it stands", **kw)


@renders(ShotLost)
def _shot_lost(entry: LogEntry, e: ShotLost, many: Many) -> Message:
    return msg("the shot at {target} is lost: {refusal}", target=e.target_name or e.target, refusal=e.refused.message)


@renders(ShotAtPanicking)
def _at_panicking(entry: LogEntry, e: ShotAtPanicking, many: Many) -> Message:
    kw = {"firers": e.firers, "target": e.target_name or e.target}
    if many(e.target):
        return msg("{firers} could shoot at {target}, which are panicking: they cannot be hit and flee away from the "
                   "shooter; no DP", **kw)
    return msg("{firers} could shoot at {target}, which is panicking: it cannot be hit and flees away from the "
               "shooter; no DP", **kw)


@renders(Countercharged)
def _countercharged(entry: LogEntry, e: Countercharged, many: Many) -> Message:
    kw = {"shooter": e.shooter_name or e.shooter, "distance": whole_inches(e.distance), "roll": e.roll}
    if e.reaches:
        said = msg("countercharges {shooter} {distance}″ away: {roll} reaches", **kw)
    else:
        said = msg("countercharges {shooter} {distance}″ away: {roll} falls short", **kw)
    return _disordered(said, e.disordered, ";")


@renders(CounterchargeEnded)
def _countercharge_ended(entry: LogEntry, e: CounterchargeEnded, many: Many) -> Message:
    shooter = e.shooter_name or e.shooter
    if e.how is ChargeEnd.NO_GROUND:
        return msg("finds no open ground to reach {shooter}: it falls short", shooter=shooter)
    if e.how is ChargeEnd.HOME:
        return msg("charges home into {shooter} at {where}: no volley, the melee is fought at once", shooter=shooter,
                   where=where(e.end))
    return msg("stops at {where}, {gap}″ from {shooter}: the volley follows", where=where(e.end),
               gap=whole_inches(e.gap), shooter=shooter)


@renders(RetreatBlocked)
def _retreat_blocked(entry: LogEntry, e: RetreatBlocked, many: Many) -> Message:
    name = e.name or e.piece
    plural = many(e.piece)
    if e.gone is not None:
        if plural:
            return msg("{unit} are {status}: no retreat", unit=name, status=e.gone)
        return msg("{unit} is {status}: no retreat", unit=name, status=e.gone)
    if e.spent is Activity.RETREAT:
        if plural:
            return msg("cannot retreat ({unit} have already retreated this turn): it stands and stays engaged",
                       unit=name)
        return msg("cannot retreat ({unit} has already retreated this turn): it stands and stays engaged", unit=name)
    if e.spent is not None:
        if plural:
            return msg("cannot retreat ({unit} have already made their {action} this turn; a run or trot and a "
                       "retreat share one allowance): it stands and stays engaged", unit=name, action=e.spent)
        return msg("cannot retreat ({unit} has already made its {action} this turn; a run or trot and a retreat share "
                   "one allowance): it stands and stays engaged", unit=name, action=e.spent)
    return msg("cannot retreat (it may not): it stands and stays engaged")


def _strikes(e: Struck, many: Many) -> Message:
    """One side's strikes, the loss's verb agreeing with the unit struck."""
    foe = e.foe_name or e.foe
    plural = many(e.foe)
    kw: dict[str, object] = {"unit": e.name or e.piece, "faces": " ".join(map(str, e.faces)) or msg("none"),
          "hits": nmsg("{n} hit", "{n} hits", n=e.hits), "foe": foe, "killed": e.killed}
    if e.disordered:
        kw["disordered"] = e.disordered
    if e.shield:
        kw |= {"whose": Possessive(foe, plural), "shield": e.shield, "saved": e.saved}
        if e.disordered:
            return (msg("{unit} [{faces}] {hits}, {whose} shield wall {shield}: {saved} saved, {foe} lose {killed} + "
                        "{disordered} disordered", **kw) if plural
                    else msg("{unit} [{faces}] {hits}, {whose} shield wall {shield}: {saved} saved, {foe} loses "
                             "{killed} + {disordered} disordered", **kw))
        return (msg("{unit} [{faces}] {hits}, {whose} shield wall {shield}: {saved} saved, {foe} lose {killed}", **kw)
                if plural
                else msg("{unit} [{faces}] {hits}, {whose} shield wall {shield}: {saved} saved, {foe} loses {killed}",
                         **kw))
    if e.disordered:
        return (msg("{unit} [{faces}] {hits}, {foe} lose {killed} + {disordered} disordered", **kw) if plural
                else msg("{unit} [{faces}] {hits}, {foe} loses {killed} + {disordered} disordered", **kw))
    return (msg("{unit} [{faces}] {hits}, {foe} lose {killed}", **kw) if plural
            else msg("{unit} [{faces}] {hits}, {foe} loses {killed}", **kw))


@renders(Struck)
def _struck(entry: LogEntry, e: Struck, many: Many) -> Message:
    """Both sides' strikes of a melee pair, in the order they were logged."""
    return clauses([_strikes(v, many) for v in entry.events if isinstance(v, Struck)])


@renders(TwoOnOne)
def _two_on_one(entry: LogEntry, e: TwoOnOne, many: Many) -> Message:
    def lose(i: int) -> Message:
        kw = {"side": e.names[i], "killed": e.killed[i]}
        if e.disordered[i]:
            return (msg("{side} lose {killed} + {disordered} disordered", disordered=e.disordered[i], **kw)
                    if many(e.pieces[i])
                    else msg("{side} loses {killed} + {disordered} disordered", disordered=e.disordered[i], **kw))
        return msg("{side} lose {killed}", **kw) if many(e.pieces[i]) else msg("{side} loses {killed}", **kw)
    kw = {"unit": e.names[2], "first": e.split[0], "second": e.split[1], "one": lose(0), "other": lose(1),
          "itself": lose(2)}
    if many(e.pieces[2]):
        return msg("{unit} split {first}/{second}: {one}, {other}; {itself}", **kw)
    return msg("{unit} splits {first}/{second}: {one}, {other}; {itself}", **kw)


@renders(MeleeJudged)
def _melee_judged(entry: LogEntry, e: MeleeJudged, many: Many) -> Message:
    if not e.winner:
        return msg("density {first} against {second}: the melee goes on", first=e.first_density,
                   second=e.second_density)
    kw = {"first": e.first_density, "second": e.second_density, "winner": e.winner_name or e.winner,
          "loser": e.loser_name or e.loser}
    return {(True, True): lambda: msg("density {first} against {second}: {winner} win, {loser} are beaten", **kw),
            (True, False): lambda: msg("density {first} against {second}: {winner} win, {loser} is beaten", **kw),
            (False, True): lambda: msg("density {first} against {second}: {winner} wins, {loser} are beaten", **kw),
            (False, False): lambda: msg("density {first} against {second}: {winner} wins, {loser} is beaten", **kw),
            }[(many(e.winner), many(e.loser))]()


@renders(FacedAttack)
def _faced(entry: LogEntry, e: FacedAttack, many: Many) -> Message:
    attacker = e.attacker_name or e.attacker
    if not e.turned:
        return msg("has no room to turn to face {attacker}: it fights flanked", attacker=attacker)
    if e.disordered:
        said = msg("turns to face {attacker}: {disordered} disordered", attacker=attacker, disordered=e.disordered)
    else:
        said = msg("turns to face {attacker}: passes", attacker=attacker)
    return msg("{said}; no horse strike", said=said) if e.mounted else said


# --- demoralization points ------------------------------------------------------------------------------

@renders(DPDisordered)
def _dp_disordered(entry: LogEntry, e: DPDisordered, many: Many) -> Message:
    return msg("{points} DP on {unit} ({distance}″ from the combat): {disordered} disordered", points=e.points,
               unit=e.name or e.piece, distance=inches(e.away), disordered=e.disordered)


@renders(DPForced)
def _dp_forced(entry: LogEntry, e: DPForced, many: Many) -> Message:
    if e.how is Forced.RETREAT:
        return msg("{points} DP force {unit} to retreat", points=e.points, unit=e.name or e.piece)
    return msg("{points} DP drive {unit} to attack {foe}", points=e.points, unit=e.name or e.piece,
               foe=e.foe_name or e.foe)


@renders(DPUnspent)
def _dp_unspent(entry: LogEntry, e: DPUnspent, many: Many) -> Message:
    return msg("{points} DP unspent: no eligible unit left to take them", points=e.points)


#: Entry kinds shown only with ``--verbose``.
QUIET = ("decision", "frame")


def shown(entry: LogEntry, verbose: bool = False) -> bool:
    """Whether ``play`` prints the entry."""
    return verbose or entry.kind not in QUIET


def lines(state: GameState, verbose: bool = False) -> list[str]:
    """The log as ``play`` prints it."""
    many = number.of(state)
    return [line(e, many) for e in state.log if shown(e, verbose)]


__all__ = ["BATTLE", "KINDS", "LOST_IN_STORM", "QUIET", "RENDERERS", "TURN_BACK", "Figure", "Listed", "cover",
           "cover_message", "ended", "ended_message", "inches", "lines", "obstacle", "obstacle_message", "outcome",
           "renders", "shown", "told", "where", "who"]


# A refusal keeps the battle's typed result ("the battle is over: {result}"); this face says it when it is shown.
i18n.shows(BattleEnded, lambda v, lang: ended_message(v).render(lang))
