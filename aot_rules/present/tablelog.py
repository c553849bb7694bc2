"""The game's log for a reader: the one renderer that turns a log entry's typed events into its English line,
which entries a player would say aloud, and the English helpers they share.

The rules code records what happened as events (:mod:`aot_rules.tabletop.events`, beside the rules' own such as
:class:`~aot_rules.aot.events.UnitDrifted`) and writes no prose: :func:`outcome` finds the first event of the
entry that has a renderer and tells it, reading nothing but the entry (its who, dice and events).  The names a
line shows travel in the events beside the pieces' ids, so a saved record tells the same lines as the game
that was played, and a record can be drawn without reading any of them.

``play`` prints one line per thing that happened at the table (a roll, a move, a fight, an order); the
players' own reasoning (``decision`` entries) and the frame of the turn (a slot closing) are shown only
with ``--verbose``, and ``--json`` keeps every entry with its typed events.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from aot_rules.aot.events import UnitDrifted
from aot_rules.aot.rules.orders import Activity, Method
from aot_rules.aot.rules.weather import Drift
from aot_rules.core import i18n
from aot_rules.core.events import Event
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
from aot_rules.tabletop.names import bare_apostrophe, possessive

if TYPE_CHECKING:
    from aot_rules.tabletop.state import GameState, LogEntry

E = TypeVar("E", bound=Event)
#: A renderer: the entry and the event it is told from -> the entry's English line.
Renderer = Callable[["LogEntry", Any], str]
#: Every renderer, by the event class it tells.
RENDERERS: dict[type[Event], Renderer] = {}

#: The reaction a player answers for each unit it may name as lost in the storm (AOT-WEATHER-STORM).
LOST_IN_STORM = Reaction.LOST_IN_STORM
#: The reaction a retreating unit's owner answers when it stops: turn back to face the enemy (AOT-MELEE-RETREAT).
TURN_BACK = Reaction.TURN_BACK


def renders(cls: type[E]) -> Callable[[Callable[[LogEntry, E], str]], Callable[[LogEntry, E], str]]:
    """Register the renderer of one event class."""
    def register(fn: Callable[[LogEntry, E], str]) -> Callable[[LogEntry, E], str]:
        RENDERERS[cls] = fn
        return fn
    return register


def line(entry: LogEntry) -> str:
    """The log entry as ``play`` prints it: turn, kind, who, rule, dice faces, then :func:`outcome`."""
    dice = f" [{' '.join(map(str, entry.faces))}]" if entry.faces else ""
    rule = f" {entry.rule}" if entry.rule else ""
    return f"T{entry.turn} {entry.kind:<8} {entry.who}{rule}{dice}: {outcome(entry)}"


def outcome(entry: LogEntry) -> str:
    """The entry's English line (after its who, rule and dice): its first event that has a renderer, told."""
    for ev in entry.events:
        fn = RENDERERS.get(type(ev))
        if fn is not None:
            return fn(entry, ev)
    return ""


def inches(d: float) -> str:
    """A distance as a player says it: one decimal place."""
    return f"{d:.1f}″"


def whole_inches(d: float) -> str:
    """A distance that may be whole inches (a die's, or a range the rules count in inches), said as a player
    says it: "4″", otherwise to a tenth ("2.3″")."""
    return f"{d:.0f}″" if float(d).is_integer() else inches(d)


def _degrees(v: float) -> str:
    """An angle in whole degrees, never "-0" (a facing of -0.4° is 0°)."""
    text = f"{v:.0f}"
    return "0" if text == "-0" else text


def where(pose: Pose) -> str:
    """Where a base stands, to a tenth of an inch, and which way it faces."""
    return f"({pose.x:.1f}, {pose.y:.1f}) facing {_degrees(pose.facing)}°"


def unit(pid: str, name: str) -> str:
    return f"{pid} ({name})" if name else pid


# --- the frame of the turn and the players' decisions ----------------------------------------------------

def _way(e: Decided) -> str:
    """How an advance goes: " straight", " half way", both, or nothing (a wheel to face, the whole way)."""
    return (" straight" if e.straight else "") + (" half way" if e.half else "")


def _target(e: Decided) -> str:
    return unit(e.target, e.target_name)


def _odds(e: Decided, compared: bool) -> str:
    """A charge's exact odds as the player says them, rounded to two places: P(win), then P(lose), with the
    exact comparison between them when ``compared``."""
    win, lose = e.odds
    cmp = (" > " if win > lose else " = " if win == lose else " < ") if compared else ", "
    return f"P(win) {float(win):.2f}{cmp}P(lose) {float(lose):.2f}"


def _shot(e: Decided) -> str:
    return f"shoot: {e.firers} firer{'s' if e.firers != 1 else ''} at {_target(e)}, {e.distance:.1f}″"


#: Each kind of decision's sentence, told from its fields (the odds printed to two places, the exact
#: fractions kept in the event).
_DECISIONS: dict[Choice, Callable[[Decided], str]] = {
    Choice.FLEE: lambda e: f"flee: {e.name or e.piece} is panicking",
    Choice.RALLY: lambda e: f"rally: {e.name or e.piece} reforms, {e.disordered} disordered",
    Choice.SHOOT: _shot,
    Choice.CHARGE: lambda e: f"charge: {_odds(e, True)} against {_target(e)}",
    Choice.PURSUE: lambda e: f"pursue: {_target(e)} is panicking, {e.distance:.1f}″ away",
    Choice.REFORM: lambda e: f"reform: {e.disordered} disordered, " + (
        f"nearest enemy {e.distance:.1f}″" if e.target else "no enemy left"),
    Choice.FACE: lambda e: f"reform to face {_target(e)}, {abs(e.degrees):.0f}° off its front, without a test",
    Choice.ADVANCE: lambda e: f"advance{_way(e)} toward {_target(e)}, {e.distance:.1f}″ away",
    Choice.CAMP: lambda e: f"march on the {e.target_name} camp, {e.distance:.1f}″ away",
    Choice.SIDESTEP: lambda e: f"sidestep {abs(e.degrees):.0f}° {'left' if e.degrees > 0 else 'right'} to get round "
                               f"toward {_target(e)}, {e.distance:.1f}″ away",
    Choice.RUN: lambda e: f"run{_way(e)} toward {_target(e)}, {e.distance:.1f}″ away",
    Choice.TROT: lambda e: f"trot{_way(e)} toward {_target(e)}, {e.distance:.1f}″ away",
    Choice.TURN: lambda e: f"turn: {_target(e)} is {abs(e.degrees):.0f}° off its front",
    Choice.REWRITE: lambda e: f"rewrite the slots after the double: {', '.join(e.slots)} "
                              f"(expected work {float(e.odds[0]):+.2f})",
    Choice.MESSENGER: lambda e: f"{e.owner} sends a messenger to {_target(e)}: P(through) {float(e.odds[0]):.2f}, "
                                "no worse than a signal",
    Choice.ORDER: lambda e: f"{e.owner} orders {e.target} by {i18n.label(e.method) if e.method else 'order'}",
    Choice.OWN_UNIT: lambda e: f"{e.owner} acts with his own unit {e.piece}",
    Choice.INDIVIDUAL: lambda e: f"individual unit: {unit(e.piece, e.name)}, the most useful",
    Choice.IDLE: lambda e: "individual unit: no unit has anything to do",
    Choice.GONE: lambda e: f"{e.owner} has left the battle: his slot passes",
    Choice.HOLD: lambda e: f"hold: {e.piece} has nothing it may do",
    Choice.OFFICER_SHOOT: lambda e: f"junior officer of {e.piece}: {_shot(e)}",
    Choice.OFFICER_CHARGE: lambda e: f"junior officer of {e.piece}: counter-attack {_target(e)}, {_odds(e, False)}",
}


@renders(Decided)
def _decided(entry: LogEntry, e: Decided) -> str:
    return _DECISIONS[e.kind](e)


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
    if e.method is Method.SIGNAL:
        verb, how = ("activates", "reaches") if e.reached else ("misses", "falls short of")
        return f"{verb} {who}: the signal carries {e.radius}″ and {how} it at {inches(e.distance)}"
    if e.method is Method.MESSENGER:
        verb, how = ("activates", "gets through") if e.reached else ("misses", "fails")
        roll = f" on a {entry.faces[0]}" if entry.faces else ""
        return f"{verb} {who}: the messenger rides {inches(e.distance)} and {how}{roll}"
    how = {
        None: f"by {possessive(e.commander)} slot: his own unit",
        Method.DIRECT: f"by direct command, {inches(e.distance)} from {e.via}",
        Method.BATTLE_LINE: f"in {possessive(e.commander)} battle line, {inches(e.distance)} from its neighbour",
        Method.INDIVIDUAL: "on the individual-unit slot" + (f", with colonel {e.via}" if e.via else ""),
        Method.COLONEL: f"to follow colonel {e.commander}, {inches(e.distance)} away",
    }[e.method]
    return f"activates {who} {how}"


# --- moves ---------------------------------------------------------------------------------------------

@renders(MovedAlong)
def _moved(entry: LogEntry, e: MovedAlong) -> str:
    if e.how is MoveKind.DRIFT:
        return f"lost in the storm, drifts {inches(e.inches)} to {where(e.end)}"
    verb = {MoveKind.MOVE: "moves", MoveKind.RUN: "runs", MoveKind.TROT: "trots", MoveKind.RAMPAGE: "rampages",
            MoveKind.FORCED_ATTACK: "is driven to attack, moves"}[e.how]
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
    return f"{'backs away' if e.kind is FallBack.EVASION else 'falls back'} to {where(e.end)}"


@renders(SlotsRewritten)
def _rewritten(entry: LogEntry, e: SlotsRewritten) -> str:
    return ("rewrite their slots after the double: " if e.after_double else "rewrites the slots: ") + ", ".join(e.slots)


# --- the turn's start, the weather, the end of the battle -------------------------------------------------

def _throw(a: int, b: int, sides: tuple[str, str], slots: tuple[tuple[int, ...], tuple[int, ...]]) -> str:
    """One initiative throw: both dice by army, and the slots each plays (the higher die's first)."""
    names = sides if all(sides) else ("side 1", "side 2")
    head = f"{names[0]} {a}, {names[1]} {b}"
    if a == b:
        return f"{head}: a double; slots may be rewritten before the dice are rolled again"
    order = (0, 1) if a > b else (1, 0)
    played = "; ".join(f"{names[s]} play {', '.join(map(str, slots[s])) or 'no slot'}" for s in order)
    return f"{head}: {played}"


@renders(TurnBegan)
def _turn_began(entry: LogEntry, e: TurnBegan) -> str:
    rolled = f"{e.ties} tied roll{'s' if e.ties != 1 else ''} rolled again; " if e.ties else ""
    return rolled + _throw(e.initiative[0], e.initiative[1], e.sides, e.slots)


@renders(InitiativeRolledAgain)
def _rolled_again(entry: LogEntry, e: InitiativeRolledAgain) -> str:
    return "rolled again: " + _throw(e.initiative[0], e.initiative[1], e.sides, e.slots)


@renders(WeatherSet)
def _weather(entry: LogEntry, e: WeatherSet) -> str:
    if e.wind_die:
        return f"the wind blows from the {e.wind_edge} edge" if e.wind_edge else "the wind is too weak to matter"
    return f"a second double running ({e.face}:{e.face}) brings {i18n.label(e.weather)}" + (
        f", the wind from the {e.wind_edge} edge" if e.wind_edge else "")


@renders(StormStruck)
def _storm(entry: LogEntry, e: StormStruck) -> str:
    free = f" ({e.units} free to be lost)" if e.units < e.rolled else ""
    return f"{e.rolled} unit{'s' if e.rolled != 1 else ''} lost in the storm{free}"


@renders(UnitDrifted)
def _drifted(entry: LogEntry, e: UnitDrifted) -> str:
    return f"the storm's die {e.face}: " + ("it stays" if e.drift is Drift.STAYS else f"it goes {e.drift.value}")


@renders(Withdrew)
def _withdrew(entry: LogEntry, e: Withdrew) -> str:
    return "withdraw in good order"


_WHY = {EndCause.ROUTED: "the battle ends on turn {turn}", EndCause.LAST_TURN: "night falls after turn {turn}",
        EndCause.NIGHT: "night falls on turn {turn}"}


def ended(e: BattleEnded) -> str:
    """The battle's end as a player says it: what ended it, who won and both armies' victory points with what
    earned them (the sentence of the typed result, ``GameState.result``, rendered when shown)."""
    names = e.sides if all(e.sides) else ("side 1", "side 2")
    if e.why is EndCause.WITHDRAWN and e.withdrawn >= 0:
        why = f"{names[e.withdrawn]} have withdrawn"
    else:
        why = (_WHY[e.why] if e.why in _WHY else "the battle ends").format(turn=e.turn)
    verdict = "a draw" if e.winner < 0 else f"won by {names[e.winner]}"
    ending = f"{i18n.label(e.ending)}: " if e.ending else ""

    def score(i: int) -> str:
        parts = "; ".join(f"{line.award.reason(line.count)}: +{line.points}" for line in e.scores[i])
        return f"{names[i]}: {e.points[i]} VP" + (f" ({parts})" if parts else "")

    return f"{why}: {ending}{verdict}, {e.points[0]} VP to {e.points[1]} ({score(0)}; {score(1)})"


@renders(BattleEnded)
def _ended(entry: LogEntry, e: BattleEnded) -> str:
    return ended(e)


# --- turns, reforms, the run and trot dice, ground and friends --------------------------------------------

@renders(Turned)
def _turned(entry: LogEntry, e: Turned) -> str:
    if e.overturned:
        return "overturns and is removed"
    if e.toward:
        return (f"turns back to face {e.toward_name or e.toward} ({_degrees(e.end.facing)}°)"
                + (f": {e.disordered} disordered" if e.disordered else ""))
    turn = f"turns {_degrees(e.degrees)}° to face" if e.degrees else "turns to face"
    return f"{turn} {_degrees(e.end.facing)}°" + (f": {e.disordered} disordered" if e.disordered else "")


@renders(Reformed)
def _reformed(entry: LogEntry, e: Reformed) -> str:
    ranks = "+".join(map(str, e.ranks_after))
    density = f" (density {e.density})" if e.density else ""
    still = f", {e.disordered} disordered" if e.disordered else ""
    return (f"reforms: ranks {ranks}{density}{still}" + (" in the defensive formation" if e.defensive else "")
            + (f", facing {_degrees(e.end.facing)}°" if e.faced else ""))


@renders(ExtraRolled)
def _extra(entry: LogEntry, e: ExtraRolled) -> str:
    if e.berserk:
        return f"trot die {e.distance:g}: it goes berserk"
    if e.overturned:
        return f"trots {whole_inches(e.distance)} but overturns and is removed"
    return f"may {e.how} up to {whole_inches(e.distance)}" + (
        f"; {e.disordered} disordered by the test" if e.disordered else "")


@renders(GroundTested)
def _ground(entry: LogEntry, e: GroundTested) -> str:
    if e.ground is Ground.SUN:
        return f"{e.lost} warrior{'s' if e.lost != 1 else ''} disordered by the heat"
    where = f"the {e.place} camp" if e.ground is Ground.CAMP else f"the {e.place}"
    return f"tests for {where}: " + (f"{e.lost} disordered" if e.lost else "passes")


@renders(FriendPassed)
def _passed(entry: LogEntry, e: FriendPassed) -> str:
    friend = e.friend_name or e.friend
    how = f" on the same die {e.roll} ({e.same_die})" if e.same_die else ""
    if not e.lost:
        return f"passes through {friend}{how}" + (": no loss" if e.same_die else " without loss")
    die = "" if e.same_die else f" die {e.roll},"
    return f"passes through {friend}{how}:{die} {e.loser_name or e.loser} loses {e.lost}"


@renders(FriendInTheWay)
def _in_the_way(entry: LogEntry, e: FriendInTheWay) -> str:
    friend = e.friend_name or e.friend
    if e.how is InTheWay.WEAKER:
        return f"cannot be cleared by the panicking {friend} and, the weaker of two panicking units, is dispersed"
    if e.how is InTheWay.DISPERSED:
        return f"panicking, cannot clear {friend}: dispersed"
    return f"cannot clear {friend}: stops short after {inches(e.distance)}"


@renders(TurnedAway)
def _turned_away(entry: LogEntry, e: TurnedAway) -> str:
    return f"turns its back to {e.foe_name or e.foe}: " + (f"{e.lost} disordered" if e.lost else "passes")


# --- panic, evasion, the elephant's rampage ------------------------------------------------------------

_PANIC = {PanicCause.ARMY_BEATEN: "a unit of its army lost a combat: it flees toward its camp",
          PanicCause.IN_CONTACT: "panicking in contact: it is not fought, it flees away from its attacker",
          PanicCause.COUNTERCHARGE_DIE: "panics on its countercharge die and stays",
          PanicCause.EVASION_DIE: "panics on its evasion die and stays"}


@renders(Panicked)
def _panicked(entry: LogEntry, e: Panicked) -> str:
    return _PANIC[e.cause]


@renders(Fleeing)
def _fleeing(entry: LogEntry, e: Fleeing) -> str:
    if e.away_from:
        return f"flees {inches(e.distance)} away from {e.away_name or e.away_from}"
    camp = e.toward is Refuge.CAMP
    if e.distance < 0.05:  # nothing a player would measure: it stands at its camp
        return "already at its camp" if camp else "already at its table edge"
    return f"flees {inches(e.distance)} toward " + ("its camp" if camp else "its table edge")


@renders(Evaded)
def _evaded(entry: LogEntry, e: Evaded) -> str:
    return f"evades {e.attacker_name or e.attacker}: {whole_inches(e.distance)}" + (
        f", {e.disordered} disordered" if e.disordered else "")


def obstacle(o: Obstacle) -> str:
    """What stopped a fall-back, as a player says it."""
    if o.kind is ObstacleKind.ENEMY:
        return f"{o.name} ({o.piece}) blocks its path" if o.name else f"{o.piece} blocks its path"
    if o.kind is ObstacleKind.TERRAIN:
        return f"the {o.name} ({i18n.label(o.terrain) if o.terrain else 'impassable'}) blocks its path"
    if o.kind is ObstacleKind.TABLE_EDGE:
        return "it would leave the table"
    return f"it would stop on {o.name or o.piece}"


@renders(EvasionRefused)
def _evasion_refused(entry: LogEntry, e: EvasionRefused) -> str:
    return f"cannot back the full {whole_inches(e.distance)} ({obstacle(e.obstacle)}): accepts the melee"


@renders(Rampaged)
def _rampaged(entry: LogEntry, e: Rampaged) -> str:
    target = e.target_name or e.target
    if e.moved:
        return f"rushes at {target}, the nearest unit"
    return f"berserk, cannot rush at {target}" + (f": {e.refused.message}" if e.refused else "")


@renders(LeftBattle)
def _left(entry: LogEntry, e: LeftBattle) -> str:
    if e.obstacle is not None:
        return f"{obstacle(e.obstacle)}: {e.status.value}"
    return f"leaves the battle: {e.status.value}"


@renders(CampTaken)
def _camp(entry: LogEntry, e: CampTaken) -> str:
    return f"sacks the {e.camp or f'side {e.side + 1}'} camp and leaves the battle to loot it"


@renders(ReactionChosen)
def _reaction(entry: LogEntry, e: ReactionChosen) -> str:
    if e.reaction is Reaction.LOST_IN_STORM:
        return f"{'names' if e.taken else 'does not name'} {unit(e.piece, e.name)}"
    if e.reaction is Reaction.EVADE and not e.taken:
        return f"stands and accepts the melee with {e.by_name or e.by}"
    if e.reaction is Reaction.TURN_BACK:
        by = e.by_name or e.by
        return (f"{e.name or e.piece} chooses to turn back to face {by}" if e.taken
                else f"{e.name or e.piece} keeps its back to {by}: no turn back, no test")
    return (f"{e.name or e.piece} {'takes' if e.taken else 'declines'} the {i18n.label(e.reaction)} against "
            f"{e.by_name or e.by}")


@renders(OfficerActed)
def _officer(entry: LogEntry, e: OfficerActed) -> str:
    return f"its junior officer acts in the enemy's slot: {e.kind.value}" + (
        f" at {e.target_name or e.target}" if e.target else "")


# --- shooting, the countercharge, melee ------------------------------------------------------------------

def cover(c: Cover, target: str) -> str:
    """Why ``target`` is in cover, as a player says it."""
    if c.kind is CoverKind.CAMP:
        return f"{target} guards its own camp, which counts as a wood"
    ground = f"the {c.name} ({i18n.label(c.terrain) if c.terrain else 'cover'})"
    if c.kind is CoverKind.BEHIND:
        return f"{target} stands behind {ground}"
    return f"{target} stands less than 1″ inside the edge of {ground}"


def _aim_terms(a: Aimed | None) -> str:
    """How the volley was set up, in brackets after its target: the range and what changed the dice."""
    if a is None:
        return ""
    bits = [whole_inches(a.distance)]
    if a.cover is not None:
        bits.append(f"in cover: {cover(a.cover, a.target_name or a.target)}")
    if a.line:
        bits.append("battle line: one firer fewer")
    if a.flank:
        bits.append("flank")
    if a.downwind:
        bits.append("downwind")
    return f" ({', '.join(bits)})"


@renders(Volley)
def _volley(entry: LogEntry, e: Volley) -> str:
    aimed = next((v for v in entry.events if isinstance(v, Aimed)), None)
    firers = aimed.firers if aimed is not None else 0
    target = (aimed.target_name if aimed is not None else "") or e.target
    hit_on = ", ".join(map(str, e.hit_on)) or "nothing"
    text = f"{firers} firer{'s' if firers != 1 else ''} at {target}{_aim_terms(aimed)}, hit on {hit_on}: " \
           f"{e.hits} hit{'s' if e.hits != 1 else ''}"
    if e.shield:
        held = " (this slot's roll)" if e.held else ""
        text += f", shield wall {e.shield}{held}: {e.saved} saved"
    text += f": {e.killed} killed" + (f", {e.disordered} disordered" if e.disordered else "")
    return ("returns fire: " if e.returned else "") + text


@renders(Aimed)
def _aimed(entry: LogEntry, e: Aimed) -> str:
    return (f"{e.firers} firer{'s' if e.firers != 1 else ''} of {e.shooter_name or e.shooter} at "
            f"{e.target_name or e.target}{_aim_terms(e)}, counted at {e.strength}")


@renders(ShotJudged)
def _shot_judged(entry: LogEntry, e: ShotJudged) -> str:
    target = e.target_name or e.target
    if e.beaten:
        return f"density {e.density} against {possessive(target)} {e.against}: {target} is beaten"
    return f"density {e.density} does not beat {possessive(target)} {e.against}: it stands"


@renders(ShotLost)
def _shot_lost(entry: LogEntry, e: ShotLost) -> str:
    return f"the shot at {e.target_name or e.target} is lost: {e.refused.message}"


@renders(ShotAtPanicking)
def _at_panicking(entry: LogEntry, e: ShotAtPanicking) -> str:
    return (f"{e.firers} could shoot at {e.target_name or e.target}, which is panicking: it cannot be hit and "
            "flees away from the shooter; no DP")


@renders(Countercharged)
def _countercharged(entry: LogEntry, e: Countercharged) -> str:
    return (f"countercharges {e.shooter_name or e.shooter} {whole_inches(e.distance)} away: {e.roll} "
            + ("reaches" if e.reaches else "falls short") + (f"; {e.disordered} disordered" if e.disordered else ""))


@renders(CounterchargeEnded)
def _countercharge_ended(entry: LogEntry, e: CounterchargeEnded) -> str:
    shooter = e.shooter_name or e.shooter
    if e.how is ChargeEnd.NO_GROUND:
        return f"finds no open ground to reach {shooter}: it falls short"
    if e.how is ChargeEnd.HOME:
        return f"charges home into {shooter} at {where(e.end)}: no volley, the melee is fought at once"
    return f"stops at {where(e.end)}, {whole_inches(e.gap)} from {shooter}: the volley follows"


@renders(RetreatBlocked)
def _retreat_blocked(entry: LogEntry, e: RetreatBlocked) -> str:
    name = e.name or e.piece
    if e.gone is not None:
        return f"{name} is {e.gone.value}: no retreat"
    if e.spent is Activity.RETREAT:
        why = f"{name} has already retreated this turn"
    elif e.spent is not None:
        why = f"{name} has already made its {e.spent.value} this turn; a run or trot and a retreat share one allowance"
    else:
        why = "it may not"
    return f"cannot retreat ({why}): it stands and stays engaged"


def _strikes(e: Struck) -> str:
    foe = e.foe_name or e.foe
    text = f"{e.name or e.piece} [{' '.join(map(str, e.faces)) or 'none'}] {e.hits} hit{'s' if e.hits != 1 else ''}"
    if e.shield:
        text += f", {possessive(foe)} shield wall {e.shield}: {e.saved} saved"
    return text + f", {foe} lose {e.killed}" + (f" + {e.disordered} disordered" if e.disordered else "")


@renders(Struck)
def _struck(entry: LogEntry, e: Struck) -> str:
    """Both sides' strikes of a melee pair, in the order they were logged."""
    return "; ".join(_strikes(v) for v in entry.events if isinstance(v, Struck))


@renders(TwoOnOne)
def _two_on_one(entry: LogEntry, e: TwoOnOne) -> str:
    def lose(i: int) -> str:
        return f"{e.names[i]} lose {e.killed[i]}" + (f" + {e.disordered[i]} disordered" if e.disordered[i] else "")
    return f"{e.names[2]} split {e.split[0]}/{e.split[1]}: {lose(0)}, {lose(1)}; {lose(2)}"


@renders(MeleeJudged)
def _melee_judged(entry: LogEntry, e: MeleeJudged) -> str:
    head = f"density {e.first_density} against {e.second_density}: "
    if not e.winner:
        return head + "the melee goes on"
    return head + f"{e.winner_name or e.winner} win, {e.loser_name or e.loser} are beaten"


@renders(FacedAttack)
def _faced(entry: LogEntry, e: FacedAttack) -> str:
    attacker = e.attacker_name or e.attacker
    if not e.turned:
        return f"has no room to turn to face {attacker}: it fights flanked"
    return (f"turns to face {attacker}" + (f": {e.disordered} disordered" if e.disordered else ": passes")
            + ("; no horse strike" if e.mounted else ""))


# --- demoralization points ------------------------------------------------------------------------------

@renders(DPDisordered)
def _dp_disordered(entry: LogEntry, e: DPDisordered) -> str:
    return f"{e.points} DP on {e.name or e.piece} ({inches(e.away)} from the combat): {e.disordered} disordered"


@renders(DPForced)
def _dp_forced(entry: LogEntry, e: DPForced) -> str:
    if e.how is Forced.RETREAT:
        return f"{e.points} DP force {e.name or e.piece} to retreat"
    return f"{e.points} DP drive {e.name or e.piece} to attack {e.foe_name or e.foe}"


@renders(DPUnspent)
def _dp_unspent(entry: LogEntry, e: DPUnspent) -> str:
    return f"{e.points} DP unspent: no eligible unit left to take them"


#: Entry kinds shown only with ``--verbose``.
QUIET = ("decision", "frame")


def shown(entry: LogEntry, verbose: bool = False) -> bool:
    """Whether ``play`` prints the entry."""
    return verbose or entry.kind not in QUIET


def lines(state: GameState, verbose: bool = False) -> list[str]:
    """The log as ``play`` prints it."""
    return [line(e) for e in state.log if shown(e, verbose)]


__all__ = ["LOST_IN_STORM", "QUIET", "RENDERERS", "TURN_BACK", "bare_apostrophe", "cover", "ended", "inches",
           "lines", "obstacle", "outcome", "possessive", "renders", "shown", "where"]


# A refusal keeps the battle's typed result ("the battle is over: {result}"); this face says it when it is shown.
i18n.shows(BattleEnded, lambda v, lang: ended(v))
