"""The game's log for a reader: the one renderer that turns a log entry's typed events into its English line,
which entries a player would say aloud, and the English helpers they share.

The rules code records what happened as events (:mod:`aot_rules.tabletop.events`) and writes no prose for
the entry kinds rendered here: :func:`outcome` finds the first event of the entry that has a renderer and
tells it.  An entry whose code still writes its own line (``LogEntry.text``, the kinds not yet converted,
listed in :data:`WRITTEN_BY_THE_RULES`) keeps that line, so entries from either kind of code read alike.

``play`` prints one line per thing that happened at the table (a roll, a move, a fight, an order); the
players' own reasoning (``decision`` entries) and the frame of the turn (a slot closing) are shown only
with ``--verbose``, and ``--json`` keeps every entry with its typed events.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from aot_rules.aot.rules.orders import Method
from aot_rules.core.events import Event
from aot_rules.tabletop.events import (
    OWN,
    Activated,
    Aimed,
    BattleEnded,
    CampTaken,
    ContactMade,
    Decided,
    DPForced,
    FacedAttack,
    FellBack,
    InitiativeRolledAgain,
    LeftBattle,
    MovedAlong,
    OfficerActed,
    Rampaged,
    ReactionChosen,
    Reformed,
    SlotClosed,
    SlotOpened,
    SlotsRewritten,
    StormStruck,
    TurnBegan,
    Turned,
    WeatherSet,
    Wheeled,
)
from aot_rules.tabletop.geometry import Pose

if TYPE_CHECKING:
    from aot_rules.tabletop.state import GameState, LogEntry

E = TypeVar("E", bound=Event)
#: A renderer: the entry and the event it is told from -> the entry's English line.
Renderer = Callable[["LogEntry", Any], str]
#: Every renderer, by the event class it tells.
RENDERERS: dict[type[Event], Renderer] = {}

#: The entry kinds whose code still writes its own line (``LogEntry.text``) rather than leaving it to this
#: module: the initiative and weather rolls, turns, reforms, units leaving the battle other than by flight off
#: the table, the evasion that cannot back away, camps, the battle's end, and every entry of the rules' own dice
#: (shooting, melee, DP, disorder tests, the run and trot dice, passing through friends).  Their events have
#: renderers too (for a record read without its lines), but while the text is there it is what is shown.
WRITTEN_BY_THE_RULES = ("initiative", "weather", "turn", "reform", "left the battle", "evasion refused", "camp",
                        "battle ended", "rules' dice")


def renders(cls: type[E]) -> Callable[[Callable[[LogEntry, E], str]], Callable[[LogEntry, E], str]]:
    """Register the renderer of one event class."""
    def register(fn: Callable[[LogEntry, E], str]) -> Callable[[LogEntry, E], str]:
        RENDERERS[cls] = fn
        return fn
    return register


def outcome(entry: LogEntry) -> str:
    """The entry's English line (after its who, rule and dice): the text its code wrote, if any (a kind not
    yet converted); otherwise its first event that has a renderer, told."""
    if entry.text:
        return entry.text
    for ev in entry.events:
        fn = RENDERERS.get(type(ev))
        if fn is not None:
            return fn(entry, ev)
    return ""


def inches(d: float) -> str:
    """A distance as a player says it: one decimal place."""
    return f"{d:.1f}″"


def where(pose: Pose) -> str:
    """Where a base stands, to a tenth of an inch, and which way it faces."""
    return f"({pose.x:.1f}, {pose.y:.1f}) facing {pose.facing:.0f}°"


def unit(pid: str, name: str) -> str:
    return f"{pid} ({name})" if name else pid


# --- the frame of the turn and the players' decisions ----------------------------------------------------

@renders(Decided)
def _decided(entry: LogEntry, e: Decided) -> str:
    return e.reason


@renders(SlotOpened)
def _slot_opened(entry: LogEntry, e: SlotOpened) -> str:
    tail = f" (in contact: {', '.join(e.in_contact)})" if e.in_contact else ""
    return f"slot {e.slot} of {entry.who}: {e.owner}{tail}"


@renders(SlotClosed)
def _slot_closed(entry: LogEntry, e: SlotClosed) -> str:
    return f"slot {e.slot} ends"


@renders(Activated)
def _activated(entry: LogEntry, e: Activated) -> str:
    who = unit(e.piece, e.name)
    if e.method == Method.SIGNAL.value:
        verb, how = ("activates", "reaches") if e.reached else ("misses", "falls short of")
        return f"{verb} {who}: the signal carries {e.radius}″ and {how} it at {inches(e.distance)}"
    if e.method == Method.MESSENGER.value:
        verb, how = ("activates", "gets through") if e.reached else ("misses", "fails")
        roll = f" on a {entry.faces[0]}" if entry.faces else ""
        return f"{verb} {who}: the messenger rides {inches(e.distance)} and {how}{roll}"
    how = {
        OWN: f"by {possessive(e.commander)} slot: his own unit",
        Method.DIRECT.value: f"by direct command, {inches(e.distance)} from {e.via}",
        Method.BATTLE_LINE.value: f"in {possessive(e.commander)} battle line, {inches(e.distance)} from its neighbour",
        Method.INDIVIDUAL.value: "on the individual-unit slot" + (f", with colonel {e.via}" if e.via else ""),
        Method.COLONEL.value: f"to follow colonel {e.commander}, {inches(e.distance)} away",
    }.get(e.method, f"by {e.method}")
    return f"activates {who} {how}"


# --- moves ---------------------------------------------------------------------------------------------

@renders(MovedAlong)
def _moved(entry: LogEntry, e: MovedAlong) -> str:
    if e.how == "drift":
        return f"lost in the storm, drifts {inches(e.inches)} to {where(e.end)}"
    verb = {"move": "moves", "run": "runs", "trot": "trots", "rampage": "rampages",
            "forced attack": "is driven to attack, moves"}.get(e.how, e.how)
    return f"{verb} {inches(e.inches)} to {where(e.end)}"


@renders(ContactMade)
def _contact(entry: LogEntry, e: ContactMade) -> str:
    names = e.names if len(e.names) == len(e.enemies) else ("",) * len(e.enemies)
    held = ", ".join(f"{n} ({pid})" if n else pid for pid, n in zip(e.enemies, names, strict=True))
    return f"stops in contact with {held}; it cannot move again this slot"


@renders(FellBack)
def _fell_back(entry: LogEntry, e: FellBack) -> str:
    """A retreat or flight, or an evasion; one that carried the unit off the table says so."""
    gone = next((v for v in entry.events if isinstance(v, LeftBattle) and v.piece == e.piece), None)
    if gone is not None:
        return f"leaves the table: {gone.status}"
    return f"{'backs away' if e.kind == 'evasion' else 'falls back'} to {where(e.end)}"


@renders(SlotsRewritten)
def _rewritten(entry: LogEntry, e: SlotsRewritten) -> str:
    return ("rewrite their slots after the double: " if e.after_double else "rewrites the slots: ") + ", ".join(e.slots)


# --- events whose entries still carry their code's own line (see WRITTEN_BY_THE_RULES) -------------------

@renders(TurnBegan)
def _turn_began(entry: LogEntry, e: TurnBegan) -> str:
    rolled = f"{e.ties} tied roll{'s' if e.ties != 1 else ''} rolled again; " if e.ties else ""
    return f"turn {e.turn}: {rolled}initiative {e.initiative[0]} against {e.initiative[1]}"


@renders(InitiativeRolledAgain)
def _rolled_again(entry: LogEntry, e: InitiativeRolledAgain) -> str:
    return f"rolled again after the double: initiative {e.initiative[0]} against {e.initiative[1]}"


@renders(StormStruck)
def _storm(entry: LogEntry, e: StormStruck) -> str:
    free = f" ({e.units} free to be lost)" if e.units < e.rolled else ""
    return f"{e.rolled} unit{'s' if e.rolled != 1 else ''} lost in the storm{free}"


@renders(OfficerActed)
def _officer(entry: LogEntry, e: OfficerActed) -> str:
    return f"its junior officer acts in the enemy's slot: {e.kind}" + (f" at {e.target}" if e.target else "")


@renders(Aimed)
def _aimed(entry: LogEntry, e: Aimed) -> str:
    extra = [w for w, on in (("in cover", bool(e.cover)), ("in the flank", e.flank), ("downwind", e.downwind),
                             ("one fewer in a battle line", e.line)) if on]
    return (f"{e.firers} firer{'s' if e.firers != 1 else ''} of {e.shooter} at {e.target}, {inches(e.distance)} "
            f"away, counted at {e.strength}" + "".join(f", {w}" for w in extra))


@renders(FacedAttack)
def _faced(entry: LogEntry, e: FacedAttack) -> str:
    return f"turns to face {e.attacker}" if e.turned else f"has no room to turn to face {e.attacker}: it fights flanked"


@renders(DPForced)
def _dp_forced(entry: LogEntry, e: DPForced) -> str:
    if e.how == "retreat":
        return f"{e.points} DP force {e.piece} to retreat"
    return f"{e.points} DP drive {e.piece} to attack {e.foe}"


@renders(Rampaged)
def _rampaged(entry: LogEntry, e: Rampaged) -> str:
    return f"rushes at {e.target}, the nearest unit" if e.moved else f"berserk, cannot rush at {e.target}"


@renders(WeatherSet)
def _weather(entry: LogEntry, e: WeatherSet) -> str:
    return f"the weather turns to {e.weather}" + (f", the wind from the {e.wind_edge} edge" if e.wind_edge else "")


@renders(Wheeled)
def _wheeled(entry: LogEntry, e: Wheeled) -> str:
    side = "left" if e.degrees > 0 else "right"
    return f"{e.piece} wheels {abs(e.degrees):.0f}° to the {side}"


@renders(Turned)
def _turned(entry: LogEntry, e: Turned) -> str:
    return f"turns to face {e.end.facing:.0f}°"


@renders(Reformed)
def _reformed(entry: LogEntry, e: Reformed) -> str:
    ranks = "/".join(map(str, e.ranks_after))
    return f"reforms into ranks {ranks}" + (" in the defensive formation" if e.defensive else "") + \
        f", facing {e.end.facing:.0f}°"




@renders(LeftBattle)
def _left(entry: LogEntry, e: LeftBattle) -> str:
    return f"{e.piece} leaves the battle: {e.status}"


@renders(CampTaken)
def _camp(entry: LogEntry, e: CampTaken) -> str:
    return f"{e.piece} takes the camp of side {e.side + 1}"


@renders(ReactionChosen)
def _reaction(entry: LogEntry, e: ReactionChosen) -> str:
    return f"{e.piece} {'takes' if e.taken else 'declines'} the {e.reaction} against {e.by}"


@renders(BattleEnded)
def _ended(entry: LogEntry, e: BattleEnded) -> str:
    head = "nobody wins" if e.winner < 0 else f"side {e.winner + 1} wins"
    return f"{head} ({e.how}), {e.points[0]}–{e.points[1]} in victory points"

#: Entry kinds shown only with ``--verbose``.
QUIET = ("decision", "frame")


def possessive(name: str) -> str:
    """``name``'s, the English way: "Thespian hoplites'" but "Nikias's".

    >>> possessive("Thespian hoplites"), possessive("Nikias"), possessive("Athenian horse")
    ("Thespian hoplites'", "Nikias's", "Athenian horse's")
    """
    plural = name.endswith("s") and not name.endswith(("ss", "us", "as", "is"))
    return f"{name}'" if plural else f"{name}'s"


def shown(entry: LogEntry, verbose: bool = False) -> bool:
    """Whether ``play`` prints the entry."""
    return verbose or entry.kind not in QUIET


def lines(state: GameState, verbose: bool = False) -> list[str]:
    """The log as ``play`` prints it."""
    return [e.line() for e in state.log if shown(e, verbose)]


__all__ = ["QUIET", "RENDERERS", "WRITTEN_BY_THE_RULES", "inches", "lines", "outcome", "possessive", "renders",
           "shown", "where"]
