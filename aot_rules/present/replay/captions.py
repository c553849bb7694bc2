"""A replay step's caption lines in plain words: where a unit went, told against what stands on the table, and
what each strike needed.

The table-top log (:mod:`aot_rules.present.tablelog`) tells an entry from the entry alone, so it can only say
where a base went as coordinates ("falls back to (30.0, 9.4) facing 180°").  A replay also has the table: the
states either side of the step, with its terrain, camps and the other units.  So here a move, a fall-back, a turn
and a countercharge are told against a landmark chosen with shapely (:func:`where_to`: the terrain piece entered,
crossed or left, else the unit or terrain the base closed on or drew away from, else the table's edge it went
towards), a strike names the faces that hit and the faces its target's shield die saves on, with the veterans'
equal roll said where it counted, and a sentence about a unit agrees with its body
(:func:`aot_rules.present.number.plural`).  Every other entry keeps the log's own line.  Every sentence is one
catalogue message.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

from aot_rules.aot.equipment import MeleeWeapon
from aot_rules.aot.events import Hits, Losses, ShieldWall
from aot_rules.aot.rules.melee import Beast, MeleeRules, Side, hitting_faces, strike_groups
from aot_rules.aot.rules.shooting import ShotConditions, save_limit
from aot_rules.core.errors import RuleError
from aot_rules.core.events import Event
from aot_rules.core.i18n import Message, Possessive, label, msg, nmsg
from aot_rules.present import tablelog
from aot_rules.present.number import plural
from aot_rules.tabletop.combat import flanked_by
from aot_rules.tabletop.events import (
    Aimed,
    ChargeEnd,
    CounterchargeEnded,
    FallBack,
    FellBack,
    FriendPassed,
    LeftBattle,
    MeleeJudged,
    MovedAlong,
    MoveKind,
    Reaction,
    ReactionChosen,
    ShotJudged,
    Struck,
    Turned,
    Volley,
)
from aot_rules.tabletop.geometry import BaseSize, Pose, centre, footprint
from aot_rules.tabletop.state import GameState, LogEntry, Piece

#: A base counts as in a terrain piece when this share of it stands there.
INSIDE = 0.25
#: A landmark farther than this (inches) from a base, before and after, says nothing of where it went.
NEAR = 12.0
#: Nearer than this (inches) is touching.
TOUCH = 0.05


@dataclass(frozen=True)
class Landmark:
    """Something on the table a move is told against: a terrain piece, a camp or a unit, and its ground."""

    kind: str  # "terrain", "camp" or "unit"
    name: str
    shape: BaseGeometry


def landmarks(state: GameState, mover: str) -> list[Landmark]:
    """What a move by ``mover`` can be told against: the terrain, the camps not yet sacked, the other units."""
    out = [Landmark("terrain", t.name, t.polygon) for t in state.terrain]
    out += [Landmark("camp", s.name, s.camp_polygon) for s in state.sides if not s.camp_polygon.is_empty]
    out += [Landmark("unit", p.name, p.polygon) for p in state.pieces if p.on_table and p.id != mover]
    return out


def _into(m: Landmark) -> Message:
    return msg("into the {terrain}", terrain=m.name) if m.kind == "terrain" else msg("into the {side} camp",
                                                                                     side=m.name)


def _out_of(m: Landmark) -> Message:
    return msg("out of the {terrain}", terrain=m.name) if m.kind == "terrain" else msg("out of the {side} camp",
                                                                                       side=m.name)


def _across(m: Landmark, back: bool) -> Message:
    if back:  # falling back across ground leaves it between the unit and the enemy
        return msg("behind the {terrain}", terrain=m.name)
    return msg("across the {terrain}", terrain=m.name)


def _towards(m: Landmark) -> Message:
    if m.kind == "terrain":
        return msg("towards the {terrain}", terrain=m.name)
    if m.kind == "camp":
        return msg("towards the {side} camp", side=m.name)
    return msg("towards {unit}", unit=m.name)


def _away(m: Landmark) -> Message:
    if m.kind == "terrain":
        return msg("away from the {terrain}", terrain=m.name)
    if m.kind == "camp":
        return msg("away from the {side} camp", side=m.name)
    return msg("away from {unit}", unit=m.name)


def _beside(m: Landmark) -> Message:
    if m.kind == "terrain":
        return msg("beside the {terrain}", terrain=m.name)
    if m.kind == "camp":
        return msg("beside the {side} camp", side=m.name)
    return msg("beside {unit}", unit=m.name)


def _edge(dx: float, dy: float) -> Message:
    """Which way a base went as the picture shows the table (side 0's edge at the bottom)."""
    if abs(dy) >= abs(dx):
        return msg("towards the far edge of the table") if dy > 0 else msg("towards the near edge of the table")
    return msg("towards the right edge of the table") if dx > 0 else msg("towards the left edge of the table")


def where_to(start: Polygon, end: Polygon, way: Sequence[tuple[float, float]], marks: Sequence[Landmark], *,
             back: bool = False) -> Message:
    """Where a base went from ``start`` to ``end`` along ``way`` (the centre's path), in words: into, out of or
    across a terrain piece (``back``: a fall-back, which leaves the ground it crossed "behind" it); else up to a
    unit it now touches; else towards the landmark it closed on (a fall-back: away from one within :data:`NEAR`), the
    nearest among those; else beside the nearest one; else towards an edge of the table."""
    line = LineString(way) if len(way) > 1 else Point(way[0])
    ground = [m for m in marks if m.kind != "unit"]

    def share(poly: Polygon, m: Landmark) -> float:
        return float(poly.intersection(m.shape).area / poly.area) if poly.area else 0.0

    entered = [(share(end, m), m) for m in ground if share(end, m) >= INSIDE > share(start, m)]
    if entered:
        return _into(max(entered, key=lambda x: x[0])[1])
    crossed = [m for m in ground if m.kind == "terrain" and line.intersects(m.shape)
               and share(start, m) < INSIDE and share(end, m) < INSIDE]
    if crossed:
        return _across(min(crossed, key=lambda m: end.distance(m.shape)), back)
    left = [m for m in ground if share(start, m) >= INSIDE > share(end, m)]
    if left:
        return _out_of(left[0])
    units = [m for m in marks if m.kind == "unit"]
    touching = [m for m in units if end.distance(m.shape) < TOUCH <= start.distance(m.shape)]
    if touching and not back:
        return msg("up to {unit}", unit=touching[0].name)
    moved = line.length if isinstance(line, LineString) else 0.0
    need = max(0.5, 0.3 * moved)
    near = [m for m in marks if min(start.distance(m.shape), end.distance(m.shape)) <= NEAR]
    closer = [(end.distance(m.shape), m) for m in (near if back else marks)  # a move is told by where it heads
              if start.distance(m.shape) - end.distance(m.shape) >= need]
    farther = [(start.distance(m.shape), m) for m in near
               if end.distance(m.shape) - start.distance(m.shape) >= need]
    first, second = (farther, closer) if back else (closer, farther)
    if first:
        m = min(first, key=lambda x: x[0])[1]
        return _away(m) if back else _towards(m)
    if second:
        m = min(second, key=lambda x: x[0])[1]
        return _towards(m) if back else _away(m)
    beside = [(end.distance(m.shape), m) for m in marks if end.distance(m.shape) < 2.0]
    if beside:
        return _beside(min(beside, key=lambda x: x[0])[1])
    a, b = end.centroid, start.centroid
    return _edge(a.x - b.x, a.y - b.y)


def way_length(poses: Sequence[Pose], size: BaseSize) -> float:
    """How far a base's middle went through ``poses``, inches (a turn in place, about the middle, adds nothing)."""
    return sum(math.dist(centre(a, size), centre(b, size)) for a, b in itertools.pairwise(poses))


@dataclass(frozen=True)
class Table:
    """What a caption may read beside its entry: the states either side of the step."""

    before: GameState
    after: GameState

    def piece(self, pid: str) -> Piece | None:
        for s in (self.before, self.after):
            p = next((q for q in s.pieces if q.id == pid), None)
            if p is not None:
                return p
        return None

    def size(self, pid: str) -> BaseSize:
        p = self.piece(pid)
        return p.size if p is not None else BaseSize.UNIT

    def plural(self, pid: str) -> bool:
        p = self.piece(pid)
        return plural(p.unit) if p is not None else True

    def where(self, pid: str, poses: Sequence[Pose], *, back: bool = False) -> Message:
        size = self.size(pid)
        way = [(p.x, p.y) for p in poses]
        return where_to(footprint(poses[0], size), footprint(poses[-1], size), way, landmarks(self.after, pid),
                        back=back)


Caption = Callable[[LogEntry, Any, Table], "Message | None"]
CAPTIONS: dict[type[Event], Caption] = {}


def captions(cls: type[Event]) -> Callable[[Caption], Caption]:
    """Register the replay's own caption for one event class (None: the log's line after all)."""
    def register(fn: Caption) -> Caption:
        CAPTIONS[cls] = fn
        return fn
    return register


def caption(entry: LogEntry, table: Table) -> str:
    """The entry's caption line in the language in force: the replay's own words for the first event that has
    them, else the table-top log's line."""
    for ev in entry.events:
        if type(ev) in tablelog.RENDERERS or type(ev) in CAPTIONS:
            fn = CAPTIONS.get(type(ev))
            said = fn(entry, ev, table) if fn is not None else None
            return said.render() if said is not None else tablelog.outcome(entry, table.plural)
    return tablelog.outcome(entry, table.plural)


# --- moves ------------------------------------------------------------------------------------------------------

@captions(MovedAlong)
def _moved(entry: LogEntry, e: MovedAlong, table: Table) -> Message:
    poses = [e.start, *(Pose(x, y, e.start.facing) for x, y in e.path[1:-1]), e.end]
    kw = {"distance": tablelog.inches(e.inches), "where": table.where(e.piece, poses)}
    return {MoveKind.DRIFT: lambda: msg("lost in the storm, drifts {distance}″ {where}", **kw),
            MoveKind.MOVE: lambda: msg("moves {distance}″ {where}", **kw),
            MoveKind.RUN: lambda: msg("runs {distance}″ {where}", **kw),
            MoveKind.TROT: lambda: msg("trots {distance}″ {where}", **kw),
            MoveKind.RAMPAGE: lambda: msg("rampages {distance}″ {where}", **kw),
            MoveKind.FORCED_ATTACK: lambda: msg("is driven to attack, moves {distance}″ {where}", **kw),
            }[e.how]()


@captions(FellBack)
def _fell_back(entry: LogEntry, e: FellBack, table: Table) -> Message | None:
    if any(isinstance(v, LeftBattle) and v.piece == e.piece for v in entry.events):
        return None  # the log says it left the table, and why
    poses = (e.start, *e.via, e.end)
    back = e.kind is not FallBack.FLIGHT  # a flight runs for its camp or edge: told by where it goes
    kw = {"distance": tablelog.inches(way_length(poses, table.size(e.piece))),
          "where": table.where(e.piece, poses, back=back)}
    if e.kind is FallBack.EVASION:
        return msg("evades {distance}″ {where}", **kw)
    if e.kind is FallBack.FLIGHT:
        return msg("flees {distance}″ {where}", **kw)
    return msg("falls back {distance}″ {where}", **kw)


def _faced(table: Table, pid: str, pose: Pose) -> str:
    """The enemy unit straight ahead of a base at ``pose`` (within 45° of its facing, the nearest), or ""."""
    me = table.piece(pid)
    if me is None:
        return ""
    dx, dy = pose.direction
    front = footprint(pose, me.size).centroid
    best: tuple[float, str] | None = None
    for p in table.after.pieces:
        if p.side == me.side or not p.on_table:
            continue
        c = p.polygon.centroid
        vx, vy = c.x - front.x, c.y - front.y
        d = math.hypot(vx, vy)
        if d and (vx * dx + vy * dy) / d >= math.cos(math.radians(45)) and (best is None or d < best[0]):
            best = (d, p.name)
    return best[1] if best else ""


@captions(Turned)
def _turned(entry: LogEntry, e: Turned, table: Table) -> Message | None:
    if e.overturned:
        return None
    if e.toward:
        said = msg("turns back to face {foe}", foe=e.toward_name or e.toward)
    else:
        degrees = e.degrees or (e.end.facing - e.start.facing + 180) % 360 - 180
        foe = _faced(table, e.piece, e.end)
        turn = tablelog.Figure(abs(degrees), ".0f")
        if abs(abs(degrees) - 180) < 0.5:
            said = msg("turns about to face {foe}", foe=foe) if foe else msg("turns about")
        elif degrees > 0:
            said = (msg("turns {degrees}° to the left to face {foe}", degrees=turn, foe=foe) if foe
                    else msg("turns {degrees}° to the left", degrees=turn))
        else:
            said = (msg("turns {degrees}° to the right to face {foe}", degrees=turn, foe=foe) if foe
                    else msg("turns {degrees}° to the right", degrees=turn))
    if e.disordered:
        return msg("{said}: {disordered} disordered", said=said, disordered=e.disordered)
    return said


@captions(CounterchargeEnded)
def _countercharge_ended(entry: LogEntry, e: CounterchargeEnded, table: Table) -> Message | None:
    shooter = e.shooter_name or e.shooter
    if e.how is ChargeEnd.HOME:
        return msg("charges home into {shooter}: no volley, the melee is fought at once", shooter=shooter)
    if e.how is ChargeEnd.NO_GROUND:
        return None
    return msg("stops {gap}″ short of {shooter}: the volley follows", gap=tablelog.whole_inches(e.gap),
               shooter=shooter)


# --- who is beaten: the verb agrees with the unit's name ---------------------------------------------------------

@captions(MeleeJudged)
def _melee_judged(entry: LogEntry, e: MeleeJudged, table: Table) -> Message | None:
    if not e.winner:
        return None
    kw = {"first": e.first_density, "second": e.second_density, "winner": e.winner_name or e.winner,
          "loser": e.loser_name or e.loser}
    wins = "many" if table.plural(e.winner) else "one"
    beaten = "many" if table.plural(e.loser) else "one"
    return {("many", "many"): lambda: msg("density {first} against {second}: {winner} win, {loser} are beaten", **kw),
            ("many", "one"): lambda: msg("density {first} against {second}: {winner} win, {loser} is beaten", **kw),
            ("one", "many"): lambda: msg("density {first} against {second}: {winner} wins, {loser} are beaten", **kw),
            ("one", "one"): lambda: msg("density {first} against {second}: {winner} wins, {loser} is beaten", **kw),
            }[(wins, beaten)]()


@captions(ShotJudged)
def _shot_judged(entry: LogEntry, e: ShotJudged, table: Table) -> Message | None:
    if not e.beaten:
        return None
    target = e.target_name or e.target
    kw = {"density": e.density, "whose": Possessive(target, table.plural(e.target)), "against": e.against,
          "target": target}
    if table.plural(e.target):
        return msg("density {density} against {whose} {against}: {target} are beaten", **kw)
    return msg("density {density} against {whose} {against}: {target} is beaten", **kw)


@captions(ReactionChosen)
def _reaction(entry: LogEntry, e: ReactionChosen, table: Table) -> Message | None:
    if e.reaction is not Reaction.TURN_BACK:
        return None
    kw = {"unit": e.name or e.piece, "foe": e.by_name or e.by}
    many = table.plural(e.piece)
    if e.taken:
        return (msg("{unit} choose to turn back to face {foe}", **kw) if many
                else msg("{unit} chooses to turn back to face {foe}", **kw))
    return (msg("{unit} keep their back to {foe}: no turn back, no test", **kw) if many
            else msg("{unit} keeps its back to {foe}: no turn back, no test", **kw))


@captions(FriendPassed)
def _passed(entry: LogEntry, e: FriendPassed, table: Table) -> Message | None:
    """A loss in passing through friends, its verb agreeing with the unit that lost (the log says "loses")."""
    if not e.lost or not table.plural(e.loser):
        return None
    kw = {"friend": e.friend_name or e.friend, "roll": e.roll, "loser": e.loser_name or e.loser, "lost": e.lost}
    if e.same_die:
        return msg("passes through {friend} on the same die {roll} ({rule}): {loser} lose {lost}", rule=e.same_die,
                   **kw)
    return msg("passes through {friend}: die {roll}, {loser} lose {lost}", **kw)


# --- strikes: what hit, what saved -------------------------------------------------------------------------------

def faces_phrase(faces: Sequence[int]) -> Message | tablelog.Listed:
    """Faces of a die as a player says them: "4+", "3 or less", a single face, a list, or "nothing"."""
    fs = sorted(faces)
    if not fs:
        return msg("nothing")
    if len(fs) == 1:
        return tablelog.Listed((fs[0],))
    if fs == list(range(fs[0], 7)):
        return msg("{face}+", face=fs[0])
    if fs == list(range(1, fs[-1] + 1)):
        return msg("{face} or less", face=fs[-1])
    return tablelog.Listed(tuple(fs))


def saves_on(wall: ShieldWall, unit: Piece | None, *, shot: bool = False) -> Message | tablelog.Listed:
    """The faces a shield die saves on, with the veterans' equal roll said when it is one of them (a veteran unit's
    die saves on its density too, AOT-PROP-VETERAN, or on 5 behind pavises against shooting, AOT-SHOOT-PAVISE:
    without the note that save would look like a rule broken)."""
    on = faces_phrase(wall.saves_on)
    if unit is None or not unit.unit.veteran:
        return on
    rule = save_limit(unit.unit, ShotConditions()) if shot else None  # a pavise saves as its own density
    limit = rule[0] if rule is not None else unit.unit.density
    if limit in wall.saves_on:
        return msg("{faces} (veterans: an equal roll saves)", faces=on)
    return on


def strike_targets(entry: LogEntry, e: Struck, table: Table
                   ) -> tuple[tuple[MeleeWeapon | Beast, tuple[int, ...]], ...] | None:
    """The faces each of ``e``'s dice groups hit on, taken from the engine's own melee rule with the units as
    they stood when the strikes were rolled; None when that cannot be told for sure (a unit splitting its dice
    between two enemies, say): every die the log records must agree with the faces found."""
    start = {ev.piece: ev.before for ev in entry.events if isinstance(ev, Losses)}
    hits = next((ev for ev in entry.events if isinstance(ev, Hits) and ev.piece == e.piece), None)
    me, foe = table.piece(e.piece), table.piece(e.foe)
    if e.piece not in start or e.foe not in start or hits is None or me is None or foe is None:
        return None
    flanked, foe_flanked = flanked_by(me, foe), flanked_by(foe, me)
    rules = MeleeRules()
    for horse in (False, True):
        try:
            att = Side(start[e.piece], horse_strike=horse, flanked=flanked)
            dfn = Side(start[e.foe], flanked=foe_flanked)
            att.check()
        except RuleError:  # a side the rules refuse is not the one that fought
            continue
        groups = strike_groups(att, dfn, rules)
        if sum(g.count for g in groups) != len(hits.faces):
            continue
        found, i, ok = [], 0, True
        for g in groups:
            on = hitting_faces(g, att, dfn, rules)
            for face, hit in hits.faces[i:i + g.count]:
                ok = ok and (face in on) == hit
            i += g.count
            found.append((g.weapon, on))
        if ok:
            return tuple(found)
    return None


def _strike(entry: LogEntry, e: Struck, table: Table) -> Message:
    """One side's strikes: its dice and what they needed, its target's shield die and what it needed, the loss."""
    me, foe = e.name or e.piece, e.foe_name or e.foe
    faces = " ".join(map(str, e.faces)) or msg("none")
    targets = strike_targets(entry, e, table)
    kw: dict[str, object] = {"unit": me, "foe": foe, "faces": faces, "hits": nmsg("{n} hit", "{n} hits", n=e.hits)}
    many = table.plural(e.piece)
    if targets is None or not targets:
        said = (msg("{unit} strike {foe} [{faces}]: {hits}", **kw) if many
                else msg("{unit} strikes {foe} [{faces}]: {hits}", **kw))
    else:
        groups = dict(targets)  # one weapon's dice hit alike
        on: Message | tablelog.Listed = (faces_phrase(targets[0][1]) if len(groups) == 1 else tablelog.Listed(
            tuple(msg("{weapon} on {faces}", weapon=label(w), faces=faces_phrase(f)) for w, f in groups.items())))
        attacker = table.piece(e.piece)
        if attacker is not None and attacker.unit.veteran:
            on = msg("{faces} (veterans: an equal roll hits)", faces=on)
        kw["on"] = on
        if len(groups) > 1:  # each weapon named: "hitting with sword on 5+, horse on 4+"
            said = (msg("{unit} strike {foe} [{faces}], hitting with {on}: {hits}", **kw) if many
                    else msg("{unit} strikes {foe} [{faces}], hitting with {on}: {hits}", **kw))
        else:
            said = (msg("{unit} strike {foe} [{faces}], hitting on {on}: {hits}", **kw) if many
                    else msg("{unit} strikes {foe} [{faces}], hitting on {on}: {hits}", **kw))
    wall = next((ev for ev in entry.events if isinstance(ev, ShieldWall) and ev.piece == e.foe), None)
    if e.shield and wall is not None:
        said = msg("{said}; {whose} shield die {roll}, saving on {on}: {saved} saved", said=said,
                   whose=Possessive(foe, table.plural(e.foe)), roll=e.shield, on=saves_on(wall, table.piece(e.foe)),
                   saved=e.saved)
    elif e.shield:
        said = msg("{said}; {whose} shield die {roll}: {saved} saved", said=said,
                   whose=Possessive(foe, table.plural(e.foe)), roll=e.shield, saved=e.saved)
    lose = {"said": said, "foe": foe, "killed": e.killed, "disordered": e.disordered}
    if table.plural(e.foe):
        return (msg("{said}; {foe} lose {killed} and {disordered} disordered", **lose) if e.disordered
                else msg("{said}; {foe} lose {killed}", **lose))
    return (msg("{said}; {foe} loses {killed} and {disordered} disordered", **lose) if e.disordered
            else msg("{said}; {foe} loses {killed}", **lose))


@captions(Struck)
def _struck(entry: LogEntry, e: Struck, table: Table) -> Message:
    """Both sides' strikes of a melee pair, one clause each."""
    said = [_strike(entry, v, table) for v in entry.events if isinstance(v, Struck)]
    out = said[0]
    for s in said[1:]:
        out = msg("{first}. {second}", first=out, second=s)
    return out


@captions(Volley)
def _volley(entry: LogEntry, e: Volley, table: Table) -> Message:
    """A volley with its hit faces said as a melee strike's are, the veterans' equal roll where it counts, and its
    target's shield die with the faces it saves on."""
    wall = next((ev for ev in entry.events if isinstance(ev, ShieldWall)), None)
    shooter = table.piece(e.shooter)
    veteran = shooter is not None and shooter.unit.veteran and bool(e.hit_on)
    aimed = next((v for v in entry.events if isinstance(v, Aimed)), None)
    target = (aimed.target_name if aimed is not None else "") or e.target
    kw: dict[str, object] = {"firers": nmsg("{n} firer", "{n} firers", n=aimed.firers if aimed is not None else 0),
                             "target": target, "hits": nmsg("{n} hit", "{n} hits", n=e.hits),
                             "on": msg("{faces} (veterans: an equal roll hits)", faces=faces_phrase(e.hit_on))
                             if veteran else faces_phrase(e.hit_on)}
    if aimed is not None:
        kw["terms"] = tablelog._aim_terms(aimed, table.plural)
        said = msg("{firers} at {target} ({terms}), hitting on {on}: {hits}", **kw)
    else:
        said = msg("{firers} at {target}, hitting on {on}: {hits}", **kw)
    if wall is not None and e.shield:
        shield = {"said": said, "whose": Possessive(target, table.plural(e.target)), "roll": e.shield,
                  "on": saves_on(wall, table.piece(e.target), shot=True), "saved": e.saved}
        said = (msg("{said}; {whose} shield die {roll} (this slot's roll), saving on {on}: {saved} saved", **shield)
                if e.held else msg("{said}; {whose} shield die {roll}, saving on {on}: {saved} saved", **shield))
    lose = {"said": said, "killed": e.killed, "disordered": e.disordered}
    said = (msg("{said}: {killed} killed, {disordered} disordered", **lose) if e.disordered
            else msg("{said}: {killed} killed", **lose))
    return msg("returns fire: {volley}", volley=said) if e.returned else said
