"""Movement on the table: moves and runs along a path, turns, reforms, retreats, panic flight, evasion.

Every function here is an action ``(state, ref, ...) -> GameState``: it checks the geometry and the
turn's allowances first (so a refusal rolls nothing), then rolls inside :meth:`Referee.rolling` and
returns the new state.  The numbers come from the rules modules the calculators use (allowances,
tests, the pass through a friend, the run and trot dice, evasion): this module only decides where the
bases go and which of those rules the ground calls for.

A move is a list of steps, front first (AOT-MOVE-PROCEDURE): :class:`Advance` straight ahead, or
:class:`Wheel` about the inner front corner, which costs the arc the outer corner travels.  The ground
a step sweeps may not overlap another base; a friend may be passed through only if the move clears it
(AOT-MOVE-THROUGH-FRIENDS), and an enemy base stops the move at contact, after which the enemy may
evade (AOT-EVADE-*).

Readings (engine), where the table needs a decision the index does not give:

- a run or trot (``run=True``) follows the declared path as far as its die allows (the unit may move
  less than rolled, AOT-RUN, AOT-TROT); the declared path must be legal as a whole before the die is
  rolled; if the die leaves the unit on a friend's base it stops short, just behind that friend;
- a move's allowance is fixed when it starts: tests on the way change the density but not this move;
- every rough piece (or enemy camp) the swept ground enters, or that the unit starts inside, costs one
  disorder test per move (AOT-ROUGH-TERRAIN and its Reading), taken in the order the path meets them;
- a turn (AOT-TURN) pivots about the centre of the base, so the unit keeps its place; "the distance to
  the enemy must stay the same" is read as: the turned base may not overlap any base nor come into
  contact with an enemy (a turn is never a charge);
- retreats and flights go straight: a retreat away from the enemy it retreats from (the sum of the
  directions away from every enemy in contact, so a unit held in front and flank goes diagonally away
  from both, AOT-MELEE-RETREAT), a flight toward the centre of its own camp (to its home edge when it
  has none), stopping there; the base first turns its back (a turn in place), then moves; the one turn
  test of a retreat stands for the ground it crosses (no rough tests, as in evasion) and for the
  friends it passes (AOT-MOVE-THROUGH-FRIENDS); a retreat or flight that an enemy base or impassable
  ground blocks is dispersed; a retreat that would end on a friend stops short of it, a panicking one
  is dispersed instead (unless the friend is a weaker panicking unit, which is dispersed);
- evasion backs away still facing the attacker (turning first to face it when taken in the flank,
  AOT-EVADE-FLANK); if the full rolled distance is not possible (an enemy, the table edge, impassable
  ground or a friend's base where it would stop), it stays and accepts the melee; the die's disorder
  stands either way; friends it passes test on the same die;
- a move whose swept ground enters the unguarded enemy camp sacks it once the entry test is taken: the camp is
  removed and the unit with it, looting (AOT-CAMP, :func:`sack_camp`); a guarded camp is fought for, not
  sacked: only a move that ends in contact with its guard may come into it (the entry test is taken on the
  way, and the melee follows as any other); a storm's lost unit slides straight without turning
  (:func:`storm_drift`);
- a unit ordered into a battle line this slot (AOT-CMD-BATTLE-LINE) moves at most 1″ less than the general's
  unit, and never more than its own allowance (:func:`reach`); a run or trot is its own die's;
- an elephant trots on one die (AOT-ELEPHANT-MOVE: the armoured horse's rule); a die below 3 sends it berserk:
  it drops its declared path and goes its 7″ at the nearest unit of either side (:func:`rampage`), into
  contact with an enemy or just short of a friend (no melee between friends is fought);
- a forced attack bought with DP (AOT-DEMO-FORCED-ATTACK) is a plain move into contact, taken without
  activation (:func:`forced_attack`);
- the countercharge (AOT-REACT-COUNTERCHARGE) answers shooting only, so it belongs to the shot
  (:mod:`aot_rules.tabletop.combat`), not to a move; a contacted enemy may only evade.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache, partial
from typing import TypeAlias, cast

from shapely.geometry import Polygon
from shapely.ops import unary_union

from aot_rules.aot.events import Losses
from aot_rules.aot.rules.camps import check_entry
from aot_rules.aot.rules.chariots import play_chariot_trot, play_chariot_turn
from aot_rules.aot.rules.disorder import disorder_loss, roll_test_die, take_disorder_test
from aot_rules.aot.rules.elephants import ELEPHANT_MOVE, play_elephant_trot
from aot_rules.aot.rules.evasion import check_evade, may_evade, play_evade, troops_of
from aot_rules.aot.rules.manoeuvre import Step as Manoeuvre
from aot_rules.aot.rules.manoeuvre import play_step
from aot_rules.aot.rules.movement import (
    PANIC_MOVE,
    check_move,
    move_allowance,
    panic_disorder,
    pass_through,
    retreat_move,
    through_loss,
    through_terms,
)
from aot_rules.aot.rules.orders import Activity
from aot_rules.aot.rules.reform import reform as reform_unit
from aot_rules.aot.rules.run_trot import play_run, play_trot
from aot_rules.aot.rules.terrain import check_passable, terrain_effect
from aot_rules.aot.units import Body, Unit, trim_mix
from aot_rules.core import frozen
from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import Message, Possessive, msg
from aot_rules.tabletop import command
from aot_rules.tabletop.contact import MIN_WHEEL, contact_along, facing_wheel, outline
from aot_rules.tabletop.events import (
    CampTaken,
    ContactMade,
    Evaded,
    EvasionRefused,
    ExtraRolled,
    FallBack,
    FellBack,
    Fleeing,
    FriendInTheWay,
    FriendPassed,
    Ground,
    GroundTested,
    InTheWay,
    LeftBattle,
    MovedAlong,
    MoveKind,
    Obstacle,
    ObstacleKind,
    PanicCause,
    Panicked,
    Rampaged,
    Reaction,
    ReactionChosen,
    Reformed,
    Refuge,
    Refusal,
    Turned,
    TurnedAway,
    WheelMade,
)
from aot_rules.tabletop.game import Referee
from aot_rules.tabletop.geometry import (
    CONTACT,
    GAP_SLACK,
    BaseSize,
    Pose,
    StraightClearance,
    Sweep,
    WheelClearance,
    aspect,
    base_box,
    base_overlaps,
    bases_overlap,
    bearing,
    box_gap,
    box_of,
    boxes_apart,
    centre,
    corners,
    distance,
    figure,
    footprint,
    footprint_nearer,
    hull_points,
    on_table,
    on_table_box,
    overlap,
    pieces_nearer,
    pieces_overlap,
    turned_in_place,
    wheel_cost,
    wheel_pivot,
    wheel_pose,
)
from aot_rules.tabletop.memo import PerPiece
from aot_rules.tabletop.sight import gap, in_touch
from aot_rules.tabletop.state import GameState, Piece, Status

#: The rule id for a base that would leave the table (AOT-EQUIPMENT sets the 40×60″ table).
TABLE_RULE = "AOT-EQUIPMENT"
#: A move that meets an enemy stops this close to it (inside :data:`CONTACT`, so the two are in contact).
HALF = CONTACT / 2
#: Bisection rounds for a stopping point (far below the 0.0001″ positions are kept to).
ROUNDS = 40
#: Slack for comparing a path's cost with an allowance.
COST_EPS = 1e-6


@dataclass(frozen=True)
class Advance:
    """Straight ahead, ``distance`` inches (front first only: never negative, AOT-MOVE-PROCEDURE)."""

    distance: float


@dataclass(frozen=True)
class Wheel:
    """Wheel ``degrees`` about the inner front corner (positive: to the left); costs the outer corner's arc."""

    degrees: float


Step: TypeAlias = Advance | Wheel


# --- small geometry --------------------------------------------------------------------------------

def step_cost(size: BaseSize, step: Step) -> float:
    """AOT-MOVE-PROCEDURE: inches a step costs: its length, or the arc of the wheel's outer corner."""
    return step.distance if isinstance(step, Advance) else wheel_cost(size, step.degrees)


def _step_end(pose: Pose, size: BaseSize, step: Step, fraction: float = 1.0) -> Pose:
    if isinstance(step, Advance):
        return pose.advanced(step.distance * fraction)
    return wheel_pose(pose, size, step.degrees * fraction)


def _shift(pose: Pose, heading: float, d: float) -> Pose:
    """The base carried ``d`` inches toward ``heading`` without turning."""
    a = math.radians(heading)
    return Pose.of(pose.x - d * math.sin(a), pose.y + d * math.cos(a), pose.facing)


def _centre_of(piece: Piece) -> tuple[float, float]:
    return centre(piece.pose, piece.size)


# --- what a unit may do ----------------------------------------------------------------------------

def allowance(piece: Piece) -> float:
    """AOT-MOVE-DISTANCE: 10″ − density; 10″ panicking; 0 in the defensive formation; an elephant 7″
    (AOT-ELEPHANT-MOVE)."""
    if piece.unit.body is Body.ELEPHANT:
        return float(ELEPHANT_MOVE)
    return float(move_allowance(piece.unit))


#: AOT-CMD-BATTLE-LINE: a unit of a battle line moves this much less than the general's unit.
LINE_SHORTER = 1.0


def reach(state: GameState, piece: Piece) -> float:
    """How far ``piece`` may move now: its allowance, and in a battle line (ordered into one this slot) 1″ less
    than the general's unit, never more than its own (AOT-CMD-BATTLE-LINE and its Readings: flat, not
    cumulative along the line)."""
    own = allowance(piece)
    lead = command.line_lead(state, piece)
    if lead is None:
        return own
    return max(0.0, min(own, allowance(lead) - LINE_SHORTER))


def contacts(state: GameState, piece: Piece) -> tuple[Piece, ...]:
    """Enemy units whose bases are in contact with ``piece`` (closer than CONTACT), in the state's order;
    none for a unit no longer on the table."""
    if not piece.on_table:
        return ()
    kept = _CONTACTS.get(state.pieces, piece.id, piece)
    if kept is not None:
        return kept[1]
    return _CONTACTS.put(state.pieces, piece.id, piece, tuple(e for e in state.enemies(piece) if in_touch(piece, e)))


#: :func:`contacts`'s answers by the tuple of pieces they were worked out from (they read nothing else).
_CONTACTS: PerPiece[tuple[Piece, ...], tuple[Piece, ...]] = PerPiece()


def _fighting(state: GameState, pid: str) -> Piece:
    p = state.piece(pid)
    if not p.on_table:
        raise RuleError("AOT-UNIT-ACTIONS", msg("{unit} is no longer on the table ({status})", unit=p.name,
                                                status=p.status))
    return p


def _not_in_contact(state: GameState, p: Piece, rule: str, what: str) -> None:
    """Refuse ``what`` ("move", "attack", "turn" or "reform": each its own whole sentence) to a unit in contact."""
    if p.turn.in_contact or contacts(state, p):
        held = ", ".join(e.name for e in contacts(state, p))
        raise RuleError(rule, _held(what, p.name, held) if held else _held_by_enemy(what, p.name))


def _held(what: str, unit: str, held: str) -> Message:
    if what == "move":
        return msg("{unit} is in contact with {held} and cannot move", unit=unit, held=held)
    if what == "attack":
        return msg("{unit} is in contact with {held} and cannot be driven to attack", unit=unit, held=held)
    if what == "turn":
        return msg("{unit} is in contact with {held} and cannot turn", unit=unit, held=held)
    return msg("{unit} is in contact with {held} and cannot reform", unit=unit, held=held)


def _held_by_enemy(what: str, unit: str) -> Message:
    if what == "move":
        return msg("{unit} is in contact with the enemy and cannot move", unit=unit)
    if what == "attack":
        return msg("{unit} is in contact with the enemy and cannot be driven to attack", unit=unit)
    if what == "turn":
        return msg("{unit} is in contact with the enemy and cannot turn", unit=unit)
    return msg("{unit} is in contact with the enemy and cannot reform", unit=unit)


def _with_unit(piece: Piece, unit: Unit) -> Piece:
    """The piece with its warriors changed, any missing ones counted removed (dispersed or killed), and its
    turn tracker told whether it now panics."""
    out = piece.with_unit(unit, removed=piece.unit.strength - unit.strength)
    return out.changed(turn=frozen.changed(out.turn, panicking=unit.panicking))


def _emptied(unit: Unit) -> Unit:
    return replace(unit, ranks=tuple(0 for _ in unit.ranks), disordered=0, mix=trim_mix(unit.mix, 0))


def _disperse(piece: Piece) -> Piece:
    """Every warrior removed as dispersed; the unit leaves the battle (AOT-MELEE-RETREAT, AOT-PANIC)."""
    out = piece.with_unit(_emptied(piece.unit), removed=piece.unit.strength)
    return out.changed(status=Status.DISPERSED, turn=frozen.changed(out.turn, in_contact=False))


def _destroy(piece: Piece) -> Piece:
    out = piece.with_unit(_emptied(piece.unit), removed=piece.unit.strength)
    return out.changed(status=Status.DESTROYED, turn=frozen.changed(out.turn, in_contact=False))


def _inside(state: GameState, piece: Piece) -> tuple[str, ...]:
    """The rough pieces the base now stands in (it tests again when it moves on, AOT-ROUGH-TERRAIN); a piece
    whose box the base's misses is not measured."""
    box = base_box(piece.pose, piece.size)
    return tuple(t.name for t in state.terrain
                 if terrain_effect(t.kind, piece.unit).test and not boxes_apart(box, t.box)
                 and base_overlaps(piece.pose, piece.size, t.outline, t.polygon))


def _settle(state: GameState, pids: Sequence[str]) -> GameState:
    """Set whether each of ``pids`` is in contact with the enemy from where the bases now stand."""
    out = state
    for pid in pids:
        p = out.piece(pid)
        if p.on_table:
            engaged = bool(contacts(out, p))
            if engaged != p.turn.in_contact:
                out = out.with_piece(p.changed(turn=frozen.changed(p.turn, in_contact=engaged)))
    return out


# --- the path of a move ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Walk:
    """Where a path takes a base, and what it meets on the way (nothing rolled yet)."""

    end: Pose
    cost: float
    meets: tuple[tuple[str, str], ...]  # ("terrain", name) | ("camp", side index) | ("friend", id), in order
    ends_on: tuple[str, ...]  # friends whose bases the end overlaps (not allowed; ``meets`` then omits friends)
    stopped: bool  # an enemy base stopped it
    path: tuple[Pose, ...] = ()  # the pose after each step taken (the last is ``end``)
    wheels: tuple[tuple[tuple[float, float], float], ...] = ()  # each wheel's pivot and the degrees turned


#: What a walk reads, as plain values: the walking piece's id, pose, size and the rough ground it stands in; the
#: steps and the budget; the table's size; every unit on the table (id, side, pose, size) in the state's order.
WalkKey = tuple[object, ...]
#: Each walk's answer by :data:`WalkKey`, with the objects it also read, checked by identity: the walker's unit
#: (its passability, its camp entry, its name in a refusal), the sides (the camps) and the terrain.
_WALKS: dict[WalkKey, tuple[tuple[Unit, object, object], Walk | RuleError]] = {}
#: How many walks :data:`_WALKS` keeps before it forgets them all.
_WALKS_KEPT = 256


def walk(state: GameState, piece: Piece, steps: Sequence[Step], budget: float) -> Walk:
    """Follow ``steps`` from where ``piece`` stands, for at most ``budget`` inches, stopping in contact with
    the first enemy base met; refuse impassable ground, the table's edge, or a guarded enemy camp entered by a
    move that does not end in contact with its guard.

    Remembered by what it reads (:data:`WalkKey`), not by the state: a player asks whether a move is legal and
    then makes it; it tries a move, says its next decision (a new state, the same bases) and tries again; a
    unit activated (a new piece, the same base) walks the path it was planned on.  The walk is the costly part
    of each, and about one in six was such a repeat."""
    table = tuple((p.id, p.side, p.pose.x, p.pose.y, p.pose.facing, p.size._value_) for p in state.fighting())
    pose = piece.pose
    key: WalkKey = (piece.id, pose.x, pose.y, pose.facing, piece.size._value_, piece.inside, tuple(steps), budget,
                    state.width, state.depth, table)
    read = (piece.unit, state.sides, state.terrain)
    hit = _WALKS.get(key)
    if hit is not None and all(a is b for a, b in zip(hit[0], read, strict=True)):
        if isinstance(hit[1], RuleError):
            raise hit[1]
        return hit[1]
    try:
        out: Walk | RuleError = _walk(state, piece, steps, budget)
    except RuleError as e:
        out = e
    if len(_WALKS) >= _WALKS_KEPT:
        _WALKS.clear()
    _WALKS[key] = (read, out)
    if isinstance(out, RuleError):
        raise out
    return out


def _clear_of(cur: Pose, end: Pose, size: BaseSize, wheel: bool, hit: list[Piece]) -> bool:
    """Whether the ground swept from ``cur`` to ``end`` keeps at least :data:`HALF` from every base in ``hit``
    (the question a stopping point's search asks).  The end footprint is part of that ground, so when it alone
    comes plainly nearer than :data:`HALF` to one of them (:func:`footprint_nearer`) the answer is no without
    building the sweep: nearly every refused trial of a wheel's search is refused so."""
    if any(footprint_nearer(end, size, e.pose, e.size, HALF) for e in hit):
        return False
    ground = Sweep(cur, end, size, wheel=wheel)
    return not any(ground.nearer(e.pose, e.size, None, HALF) for e in hit)


def _walk(state: GameState, piece: Piece, steps: Sequence[Step], budget: float, *, passing: bool = True) -> Walk:
    """:func:`walk`, uncached; with ``passing`` False the friends the path passes are not looked for (a search that
    only asks where a walk ends, or whether it ends on a friend)."""
    size, unit = piece.size, piece.unit
    enemies, friends = state.enemies(piece), state.friends(piece)
    camp_side = 1 - piece.side
    camp = state.sides[camp_side].camp_polygon
    camp_box = state.sides[camp_side].camp_box
    camp_outline = state.sides[camp_side].camp
    rough = [(t, t.box) for t in state.terrain]
    meets: list[tuple[str, str]] = [("terrain", n) for n in piece.inside if any(t.name == n for t in state.terrain)]
    cur, left, cost, stopped = piece.pose, budget, 0.0, False
    path: list[Pose] = []
    wheels: list[tuple[tuple[float, float], float]] = []
    grounds: list[tuple[Sweep, int]] = []  # each step's ground, and where in ``meets`` the friends it passes go
    guards: tuple[Piece, ...] = ()  # the guard of the enemy camp, if the path comes into a guarded camp
    for step in steps:
        full_cost = step_cost(size, step)
        if left <= COST_EPS:
            break
        frac = 1.0 if full_cost <= left + COST_EPS else left / full_cost
        wheel = isinstance(step, Wheel)
        end = _step_end(cur, size, step, frac)
        ground = Sweep(cur, end, size, wheel=wheel)
        hit = [e for e in enemies if ground.nearer(e.pose, e.size, None, HALF)]
        if hit:
            lo, hi = 0.0, frac
            clear: dict[Pose, bool] = {}  # positions are rounded, so most late rounds ask about the same end

            def clear_of(trial: Pose, at: Pose = cur, wheel: bool = wheel, hit: list[Piece] = hit) -> bool:
                return _clear_of(at, trial, size, wheel, hit)

            # most trials answer from those measured before (see StraightClearance, WheelClearance)
            bases = [(e.pose, e.size) for e in hit]
            ask = (WheelClearance if wheel else StraightClearance)(cur, size, bases, HALF, clear_of).clear
            for _ in range(ROUNDS):
                mid = (lo + hi) / 2
                trial = _step_end(cur, size, step, mid)
                ok = clear.get(trial)
                if ok is None:
                    ok = clear[trial] = ask(trial)
                if ok:
                    lo = mid
                else:
                    hi = mid
            frac, stopped = lo, True
            end = _step_end(cur, size, step, frac)
            ground = Sweep(cur, end, size, wheel=wheel)
        box = ground.bounds
        if not on_table_box(box, state.width, state.depth):
            raise RuleError(TABLE_RULE, msg("{unit} would leave the {width}×{depth}″ table", unit=piece.name,
                                            width=figure(state.width, "g"), depth=figure(state.depth, "g")))
        for t, t_box in rough:
            if not boxes_apart(box, t_box) and ground.overlaps(t.polygon, t_box, t.outline):
                effect = check_passable(t.kind, unit)
                if effect.test and ("terrain", t.name) not in meets:
                    meets.append(("terrain", t.name))
        if (camp_box is not None and not boxes_apart(box, camp_box) and ground.overlaps(camp, camp_box, camp_outline)
                and ("camp", str(camp_side)) not in meets):
            guards = state.camp_guards(camp_side)  # a guarded camp: the move must end on its guard (below)
            meets.append(("camp", str(camp_side)))
        grounds.append((ground, len(meets)))
        cost += full_cost * frac
        left -= full_cost * frac
        if isinstance(step, Wheel) and frac > 0:
            wheels.append((wheel_pivot(cur, size, step.degrees), step.degrees * frac))
        cur = end
        path.append(cur)
        if stopped:
            break
    if guards:  # AOT-CAMP: into a guarded camp only to fight its guard, so only a move ending in contact with it
        body = footprint(cur, size)
        check_entry(unit, guarded=True, reaches_guard=stopped and any(distance(body, g.polygon) < CONTACT
                                                                      for g in guards))
    end_box = base_box(cur, size)  # boxed once here: most friends are nowhere near the end
    ends_on = tuple(f.id for f in friends
                    if not boxes_apart(end_box, base_box(f.pose, f.size)) and bases_overlap(cur, size, f.pose, f.size))
    if not ends_on and passing:
        meets = _with_friends_passed(meets, grounds, friends)
    return Walk(cur, cost, tuple(meets), ends_on, stopped, tuple(path), tuple(wheels))


def _with_friends_passed(meets: list[tuple[str, str]], grounds: list[tuple[Sweep, int]],
                         friends: tuple[Piece, ...]) -> list[tuple[str, str]]:
    """``meets`` with the friends each step's ground overlaps, each where its step met it (after that step's
    terrain and camp).  Asked only of a walk that does not end on a friend: one that does is refused by
    every caller, and the search for the friends it passes was most of a refused move's cost."""
    passed: list[tuple[int, tuple[str, str]]] = []
    seen: set[str] = set()
    for ground, at in grounds:
        for f in friends:
            if f.id in seen or ground.apart(f.pose, f.size):
                continue
            if ground.overlaps(partial(footprint, f.pose, f.size), base_box(f.pose, f.size), corners(f.pose, f.size)):
                seen.add(f.id)
                passed.append((at, ("friend", f.id)))
    out = list(meets)
    for at, m in reversed(passed):
        out.insert(at, m)
    return out


def _check_steps(p: Piece, steps: Sequence[Step]) -> None:
    if not steps:
        raise RuleError("AOT-MOVE-PROCEDURE", msg("{unit}: a move needs at least one step", unit=p.name))
    for s in steps:  # the refused number is echoed as it was given (it may be inf or nan)
        if isinstance(s, Advance):
            if not math.isfinite(s.distance) or s.distance < 0:
                raise RuleError("AOT-MOVE-PROCEDURE", msg("{unit} moves front first only: an advance of "
                                                          "{distance}″ is not allowed", unit=p.name,
                                                          distance=str(s.distance)))
        elif isinstance(s, Wheel):
            if not math.isfinite(s.degrees) or abs(s.degrees) >= 180:
                raise RuleError("AOT-MOVE-PROCEDURE", msg("{unit}: a wheel of {degrees}° is not allowed; one "
                                                          "step wheels less than half a turn (split a longer wheel "
                                                          "into steps)", unit=p.name, degrees=str(s.degrees)))
        else:
            raise RuleError("AOT-MOVE-PROCEDURE", msg("{unit}: {step} is not a step (Advance or Wheel)",
                                                      unit=p.name, step=repr(s)))


def _refuse_on_friend(state: GameState, p: Piece, w: Walk) -> None:
    if w.ends_on:
        names = ", ".join(state.piece(f).name for f in w.ends_on)
        raise RuleError("AOT-MOVE-THROUGH-FRIENDS", msg("{unit} would stop on {friends}: a unit may pass through "
                                                        "a friend only if it clears it completely in the same move",
                                                        unit=p.name, friends=names))


def _run_die(state: GameState, ref: Referee, p: Piece) -> tuple[Piece, float, bool]:
    """Roll the run or trot: the piece after its test, how far the die lets it go, and whether it sent an
    elephant berserk (AOT-ELEPHANT-MOVE: its trot is the armoured horse's one die, below 3 it rampages)."""
    u = p.unit
    rule = "AOT-TROT" if u.mounted else "AOT-RUN"
    if u.body is Body.ELEPHANT:
        with ref.rolling(p.name, "AOT-ELEPHANT-MOVE", p.id) as rec:
            t = play_elephant_trot(u, ref.dice, p.id)
            rec.events.append(ExtraRolled(p.id, Activity.TROT, float(t.distance), berserk=t.berserk))
        return p, float(t.distance), t.berserk
    return (*_trot_die(ref, p, rule), False)


def _trot_die(ref: Referee, p: Piece, rule: str) -> tuple[Piece, float]:
    u = p.unit
    with ref.rolling(p.name, "AOT-CHARIOT-TURN-TROT" if u.body.chariot else rule) as rec:
        if u.body.chariot:
            cm = play_chariot_trot(u, ref.dice)
            rec.events.append(ExtraRolled(p.id, Activity.TROT, float(cm.distance), overturned=cm.overturned))
            if cm.overturned:
                return _destroy(p), 0.0
            return p, float(cm.distance)
        after, extra = (play_trot if u.mounted else play_run)(u, ref.dice, piece=p.id)
        rec.events.append(ExtraRolled(p.id, Activity.TROT if u.mounted else Activity.RUN, float(extra.distance),
                                      extra.disordered))
    return _with_unit(p, after), float(extra.distance)


def _walk_run(state: GameState, p: Piece, steps: Sequence[Step], budget: float) -> Walk:
    """A run's path cut at its die; if that leaves it on a friend, the longest shorter run that does not."""
    w = walk(state, p, steps, budget)
    if not w.ends_on:
        return w
    lo, hi = 0.0, budget
    best = walk(state, p, steps, 0.0)
    found = False
    for _ in range(ROUNDS):
        mid = (lo + hi) / 2
        if _walk(state, p, steps, mid, passing=False).ends_on:  # the friends passed: asked of the walk kept only
            hi = mid
        else:
            lo, found = mid, True
    return walk(state, p, steps, lo) if found else best


def move(state: GameState, ref: Referee, pid: str, steps: Sequence[Step], *, run: bool = False) -> GameState:
    """The unit's move action along ``steps`` (AOT-MOVE-PROCEDURE), or with ``run`` its run or trot
    (AOT-RUN, AOT-TROT: the die says how far along the path it goes).  It stops in contact with the first
    enemy base it meets, and that enemy may evade.  Refused, with nothing changed: a unit in contact
    (AOT-UNIT-ACTIONS), panicking (AOT-PANIC), in the defensive formation (AOT-REFORM-DEFENSIVE-5), not
    activated or with its action (or run) spent, a path beyond the allowance (AOT-MOVE-DISTANCE), backward
    (AOT-MOVE-PROCEDURE), off the table, into impassable ground, or ending on a friend."""
    p = _fighting(state, pid)
    _check_steps(p, steps)
    u = p.unit
    start = p.pose
    if u.panicking:
        if u.mounted:
            raise RuleError("AOT-PANIC", msg("{unit} is panicking: it cannot move or trot, it only flees", unit=p.name))
        raise RuleError("AOT-PANIC", msg("{unit} is panicking: it cannot move or run, it only flees", unit=p.name))
    if u.defensive:
        check_move(u, 1.0)  # raises AOT-REFORM-DEFENSIVE-5
    _not_in_contact(state, p, "AOT-UNIT-ACTIONS", "move")
    activity = (Activity.TROT if u.mounted else Activity.RUN) if run else Activity.MOVE
    turn = p.turn.do(activity)
    total = sum(step_cost(p.size, s) for s in steps)
    if not run:
        if u.body is Body.ELEPHANT:
            if total > ELEPHANT_MOVE + COST_EPS:
                raise RuleError("AOT-MOVE-DISTANCE", msg("{unit} (an elephant) moves at most {limit}″, not "
                                                         "{distance}″", unit=p.name, limit=ELEPHANT_MOVE,
                                                         distance=figure(total, ".2f")))
        else:
            check_move(u, round(total, 6))
        limit = reach(state, p)
        if total > limit + COST_EPS:
            lead = command.line_lead(state, p)
            assert lead is not None  # only a battle line's unit moves less than its allowance
            raise RuleError("AOT-CMD-BATTLE-LINE", msg("{unit} moves in {general} battle line: at most {limit}″ "
                                                       "(1″ less than the general's unit), not {distance}″",
                                                       unit=p.name, general=Possessive(lead.name),
                                                       limit=figure(limit, ".1f"), distance=figure(total, ".1f")))
    w = walk(state, p, steps, total)
    _refuse_on_friend(state, p, w)
    p = p.changed(turn=turn)
    if run:
        p, rolled, berserk = _run_die(state, ref, p)
        if not p.on_table:
            return state.with_piece(p)
        if berserk:
            return rampage(state, ref, p)
        w = _walk_run(state, p, steps, rolled)
    how = (MoveKind.TROT if u.mounted else MoveKind.RUN) if run else MoveKind.MOVE
    return _go(state, ref, p, start, w, how)


def _go(state: GameState, ref: Referee, p: Piece, start: Pose, w: Walk, how: MoveKind) -> GameState:
    """Carry ``p`` along the checked walk ``w``: the friends it passes and the ground it crosses test, the
    move is logged, and an enemy it stops against may evade."""
    pid = p.id
    moved = p.changed(pose=w.end, wheeled=p.wheeled or any(abs(deg) > 0 for _, deg in w.wheels))
    state = state.with_piece(moved)
    unit = moved.unit
    for kind, what in w.meets:
        if kind == "friend":
            friend = state.piece(what)
            elephant = friend.unit.body is Body.ELEPHANT
            with ref.rolling(p.name, "AOT-MOVE-THROUGH-FRIENDS") as rec:
                res = pass_through(unit, friend.unit, ref.dice, elephant=elephant)
                loser = p if elephant else friend
                rec.events.append(FriendPassed(pid, friend.id, res.roll, res.lost, loser.id, "", friend.name,
                                               loser.name))
            unit = res.mover
            state = state.with_piece(_with_unit(friend, res.friend))
        else:
            rule = "AOT-CAMP" if kind == "camp" else "AOT-ROUGH-TERRAIN"
            place = state.sides[int(what)].name if kind == "camp" else what
            where = msg("crossing the {side} camp", side=place) if kind == "camp" else msg("crossing the {terrain}",
                                                                                          terrain=what)
            with ref.rolling(p.name, rule) as rec:
                unit, lost = take_disorder_test(unit, ref.dice, where, pid)
                rec.events.append(GroundTested(pid, place, lost, Ground.CAMP if kind == "camp" else Ground.TERRAIN))
        state = state.with_piece(_with_unit(state.piece(pid), unit))
    moved = state.piece(pid)
    moved = moved.changed(inside=_inside(state, moved))
    state = state.with_piece(moved)
    points = ((start.x, start.y), *((q.x, q.y) for q in w.path))
    wheels = tuple(WheelMade(pivot, deg) for pivot, deg in w.wheels)
    ref.note(p.name, "AOT-MOVE-PROCEDURE", events=(MovedAlong(pid, start, points, w.end, round(w.cost, 4), how,
                                                              wheels),), pieces=(pid,))
    if any(kind == "camp" for kind, _ in w.meets) and moved.on_table and not state.camp_guards(1 - p.side):
        return sack_camp(state, ref, pid)
    hit = contacts(state, moved)
    if not hit:
        return state
    ref.note(p.name, "AOT-MOVE-PROCEDURE", events=(ContactMade(pid, tuple(e.id for e in hit),
                                                               tuple(e.name for e in hit)),),
             pieces=(pid, *(e.id for e in hit)))
    for e in hit:
        state = _offer_evasion(state, ref, e.id, pid)
    return _settle(state, [pid, *(e.id for e in hit)])


def sack_camp(state: GameState, ref: Referee, pid: str) -> GameState:
    """AOT-CAMP: the unit ``pid`` has entered the unguarded enemy camp (its entry test taken on the way in): the
    camp is sacked and removed, and the unit is removed with it to plunder it (looting, not destroyed).  A
    guarded camp is not sacked: a move may come into it only to attack its guard (:func:`walk`), and the melee
    decides; a sacked camp is gone, so nothing sacks it twice."""
    p = state.piece(pid)
    enemy = 1 - p.side
    side = state.sides[enemy]
    ref.note(p.name, "AOT-CAMP", events=(CampTaken(enemy, pid, side.name), LeftBattle(pid, Status.LOOTING)),
             pieces=(pid,))
    state = state.with_side(enemy, replace(side, camp_captured=True))
    return state.with_piece(p.changed(status=Status.LOOTING, turn=frozen.changed(p.turn, active=False)))


def _may_react_evade(state: GameState, e: Piece, attacker: Piece) -> bool:
    t = e.turn
    others = [x for x in contacts(state, e) if x.id != attacker.id]
    return (e.on_table and not e.unit.panicking and may_evade(e.unit, attacker.unit) and not t.in_contact
            and not t.evaded and t.extra not in (Activity.RUN, Activity.TROT) and not others)


def _offer_evasion(state: GameState, ref: Referee, eid: str, attacker: str) -> GameState:
    e, a = state.piece(eid), state.piece(attacker)
    if not _may_react_evade(state, e, a):
        return state
    if not ref.choose(state, eid, attacker, Reaction.EVADE):
        ref.note(e.name, "AOT-EVADE-PROCEDURE", kind="decision",
                 events=(ReactionChosen(eid, attacker, Reaction.EVADE, False, e.name, a.name),), pieces=(eid, attacker))
        return state
    return evade(state, ref, eid, attacker)


#: A berserk elephant stops this far short of a friend it rushes at (no melee is fought between friends).
SHORT_OF_FRIEND = 0.1


def rampage(state: GameState, ref: Referee, p: Piece) -> GameState:
    """A berserk elephant (AOT-ELEPHANT-MOVE, the rampage of AOT-ELEPHANT-WOUND; Reading (engine)): it drops the
    path it declared and goes its 7″ at the nearest unit of either side, wheeling to face it and then straight
    on; it stops in contact with an enemy (the melee follows in the slot's melee step, and the enemy may
    evade) or just short of a friend (the engine fights no melee between friends).  Where even the wheel
    cannot be made (the table's edge, impassable ground), it stays where it stands."""
    others = [o for o in state.fighting() if o.id != p.id]
    state = state.with_piece(p)
    if not others:
        return state
    near = min(others, key=lambda o: (gap(p, o), o.id))
    deg = facing_wheel(p, near)
    deg = 0.0 if abs(deg) < MIN_WHEEL else deg
    left = float(ELEPHANT_MOVE) - wheel_cost(p.size, deg)
    pose = wheel_pose(p.pose, p.size, deg) if deg else p.pose
    run = contact_along(pose, p.size, outline(near.pose, near.size), max(left, 0.0))
    go = left if run is None else (run + 0.01 if near.side != p.side else run - SHORT_OF_FRIEND)
    steps: list[Step] = [Wheel(deg)] if deg else []
    if go > COST_EPS:
        steps.append(Advance(round(min(left, go), 4)))
    try:
        w = _walk_run(state, p, steps, sum(step_cost(p.size, s) for s in steps)) if steps else None
    except RuleError as e:
        w = None
        ref.note(p.name, "AOT-ELEPHANT-MOVE", events=(Rampaged(p.id, near.id, False, near.name, Refusal.of(e)),),
                 pieces=(p.id, near.id))
    if w is None:
        return state
    ref.note(p.name, "AOT-ELEPHANT-MOVE", events=(Rampaged(p.id, near.id, True, near.name),), pieces=(p.id, near.id))
    return _go(state, ref, p, p.pose, w, MoveKind.RAMPAGE)


def forced_attack(state: GameState, ref: Referee, pid: str, steps: Sequence[Step], foe: str) -> GameState:
    """AOT-DEMO-FORCED-ATTACK: the enemy's demoralization points drive ``pid`` along ``steps`` into contact with
    ``foe`` (the spender's nearest unit).  It needs no activation and spends none of the unit's own action;
    the ground tests as in a move; the melee follows in the slot's melee step.  Refused, with nothing changed,
    when the unit could not move so (in contact, panicking, in the defensive formation, a path beyond its
    allowance) or the path does not end in contact with ``foe``."""
    p = _fighting(state, pid)
    _check_steps(p, steps)
    u = p.unit
    if u.panicking or u.defensive or u.density == 0:
        raise RuleError("AOT-DEMO-FORCED-ATTACK", msg("{unit} cannot be driven to attack: it is panicking or in "
                                                      "the defensive formation", unit=p.name))
    _not_in_contact(state, p, "AOT-DEMO-FORCED-ATTACK", "attack")
    total = sum(step_cost(p.size, s) for s in steps)
    if total > allowance(p) + COST_EPS:
        raise RuleError("AOT-DEMO-FORCED-ATTACK", msg("{unit} moves at most {limit}″, not {distance}″", unit=p.name,
                                                      limit=figure(allowance(p), ".1f"),
                                                      distance=figure(total, ".1f")))
    w = walk(state, p, steps, total)
    _refuse_on_friend(state, p, w)
    target = state.piece(foe)
    if not w.stopped or not in_touch(p.changed(pose=w.end), target):
        raise RuleError("AOT-DEMO-FORCED-ATTACK", msg("{unit} cannot reach {target} in one move", unit=p.name,
                                                      target=target.name))
    return _go(state, ref, p, p.pose, w, MoveKind.FORCED_ATTACK)


# --- turning and reforming -------------------------------------------------------------------------

def _check_place(state: GameState, p: Piece, pose: Pose, rule: str, what: str, angle: float = 0.0) -> None:
    """A base turned in place must fit: no overlap with any base, no new contact with an enemy, on the
    table, on passable ground.  ``what`` ("turn" by ``angle``, "face" ``angle`` or "turn back") picks the
    refusal's whole sentence."""
    body = footprint(pose, p.size)
    box = base_box(pose, p.size)
    for o in state.fighting():
        if o.id == p.id:
            continue
        if bases_overlap(pose, p.size, o.pose, o.size):
            raise RuleError(rule, _in_the_way(what, p.name, figure(angle, "g"), o.name))
        # a base whose box is clearly farther than contact cannot touch it (the box gap never exceeds the distance)
        if (o.side != p.side and box_gap(box, base_box(o.pose, o.size)) < CONTACT + GAP_SLACK
                and distance(body, o.polygon) < CONTACT):
            raise RuleError(rule, _into_contact(what, p.name, figure(angle, "g"), o.name))
    if not on_table(body, state.width, state.depth):
        raise RuleError(TABLE_RULE, _off_table(what, p.name, figure(angle, "g")))
    for t in state.terrain:
        if not boxes_apart(box, t.box) and overlap(body, t.polygon):
            check_passable(t.kind, p.unit)


def _in_the_way(what: str, unit: str, angle: Fraction, other: str) -> Message:
    if what == "turn":
        return msg("{unit} cannot turn {degrees}°: {other} is in the way", unit=unit, degrees=angle, other=other)
    if what == "face":
        return msg("{unit} cannot face {degrees}°: {other} is in the way", unit=unit, degrees=angle, other=other)
    return msg("{unit} cannot turn back to face the enemy: {other} is in the way", unit=unit, other=other)


def _into_contact(what: str, unit: str, angle: Fraction, other: str) -> Message:
    if what == "turn":
        return msg("{unit} cannot turn {degrees}°: it would come into contact with {other}; the distance to the "
                   "enemy must stay the same", unit=unit, degrees=angle, other=other)
    if what == "face":
        return msg("{unit} cannot face {degrees}°: it would come into contact with {other}; the distance to the "
                   "enemy must stay the same", unit=unit, degrees=angle, other=other)
    return msg("{unit} cannot turn back to face the enemy: it would come into contact with {other}; the distance "
               "to the enemy must stay the same", unit=unit, other=other)


def _off_table(what: str, unit: str, angle: Fraction) -> Message:
    if what == "turn":
        return msg("{unit} cannot turn {degrees}°: it would leave the table", unit=unit, degrees=angle)
    if what == "face":
        return msg("{unit} cannot face {degrees}°: it would leave the table", unit=unit, degrees=angle)
    return msg("{unit} cannot turn back to face the enemy: it would leave the table", unit=unit)


#: How much a turn may change the distance to the nearest enemy (measuring slack, inches).
SAME_DISTANCE = 0.01
#: AOT-TURN, Reading (engine): the distance that must stay the same is to enemies within a move's reach
#: (10″); turning in place about its middle changes any base's edge distances a little, which matters
#: only near the enemy.
TURN_REACH = 10.0


def _nearest(state: GameState, p: Piece, body: Polygon) -> float:
    return min((distance(body, e.polygon) for e in state.enemies(p)), default=math.inf)


def _check_same_distance(state: GameState, p: Piece, pose: Pose) -> None:
    """AOT-TURN: the unit's distance to the enemy must be the same after the turn as before it."""
    before, after = _nearest(state, p, p.polygon), _nearest(state, p, footprint(pose, p.size))
    if min(before, after) <= TURN_REACH and abs(after - before) > SAME_DISTANCE:
        raise RuleError("AOT-TURN", msg("{unit} cannot turn there: its distance to the nearest enemy would change "
                                        "from {before}″ to {after}″, and a turn keeps it the same", unit=p.name,
                                        before=figure(before, ".1f"), after=figure(after, ".1f")))


def turn(state: GameState, ref: Referee, pid: str, degrees: float) -> GameState:
    """AOT-TURN: change facing by ``degrees`` (positive: to the left) in place, with a disorder test; not
    an action, needs no activation, may be repeated.  Refused in contact, when panicking, or when the
    turned base would not fit."""
    p = _fighting(state, pid)
    if not math.isfinite(degrees) or Pose.of(0, 0, degrees).facing == 0:
        raise RuleError("AOT-TURN", msg("{unit}: a turn of {degrees}° does not change its facing", unit=p.name,
                                        degrees=str(degrees)))
    if p.unit.panicking:
        raise RuleError("AOT-PANIC", msg("{unit} is panicking: it does not turn, it flees", unit=p.name))
    _not_in_contact(state, p, "AOT-TURN", "turn")
    tracker = p.turn.do(Activity.TURN)
    pose = turned_in_place(p.pose, p.size, p.pose.facing + degrees)
    _check_place(state, p, pose, "AOT-TURN", "turn", degrees)
    _check_same_distance(state, p, pose)
    if p.unit.body.chariot:
        with ref.rolling(p.name, "AOT-CHARIOT-TURN-TROT") as rec:
            over = play_chariot_turn(p.unit, ref.dice)
            rec.events.append(Turned(pid, p.pose, pose, degrees, overturned=over))
        if over:
            return state.with_piece(_destroy(p.changed(turn=tracker)))
        unit = p.unit
    else:
        with ref.rolling(p.name, "AOT-TURN") as rec:
            unit = play_step(p.unit, Manoeuvre.TURN, ref.dice, p.id)
            lost = p.unit.formed - unit.formed
            rec.events.append(Turned(pid, p.pose, pose, degrees, lost))
    out = _with_unit(p, unit).changed(pose=pose)
    out = out.changed(turn=frozen.changed(tracker, panicking=unit.panicking))
    out = out.changed(inside=_inside(state, out))
    return state.with_piece(out)


def reform(state: GameState, ref: Referee, pid: str, density: int | None = None, *, defensive: bool = False,
           facing: float | None = None) -> GameState:
    """AOT-REFORM: the unit's action: restore one disordered warrior (two for regulars), stand at ``density``
    (default: as high as its warriors allow, up to its old density) or in the defensive formation, and
    face ``facing`` (in place, no test: the Reading).  Refused if not activated, in contact, its action
    spent, or the formation impossible (AOT-DENSITY-LIMITS, AOT-REFORM-DEFENSIVE-5)."""
    p = _fighting(state, pid)
    tracker = p.turn.do(Activity.REFORM)
    _not_in_contact(state, p, "AOT-UNIT-ACTIONS", "reform")
    unit = reform_unit(p.unit, density=density, defensive=defensive)
    pose = p.pose
    if facing is not None:
        if not math.isfinite(facing):
            raise RuleError("AOT-REFORM", msg("{unit}: {facing} is not a facing", unit=p.name, facing=str(facing)))
        pose = turned_in_place(p.pose, p.size, facing)
        _check_place(state, p, pose, "AOT-REFORM", "face", facing)
    out = _with_unit(p, unit).changed(pose=pose)
    out = out.changed(turn=frozen.changed(tracker, panicking=unit.panicking))
    out = out.changed(inside=_inside(state, out))
    ref.note(p.name, "AOT-REFORM", events=(Reformed(pid, p.unit.ranks, unit.ranks, pose, defensive, unit.density,
                                                    unit.disordered, facing is not None),), pieces=(pid,))
    return state.with_piece(out)


# --- falling back: retreat, flight, evasion --------------------------------------------------------

@dataclass(frozen=True)
class Flight:
    """A straight fall-back: where it would end, and what stands in its way."""

    end: Pose
    blocked: Obstacle | None  # an enemy base or impassable ground on the way, or None
    friends: tuple[str, ...]  # friends crossed, nearest first
    ends_on: tuple[str, ...]  # friends the end overlaps
    off_table: bool


def flight(state: GameState, piece: Piece, heading: float, d: float, facing: float) -> Flight:
    """The base carried ``d`` inches toward ``heading`` and left facing ``facing``.  Enemies already in
    contact at the start block only if the path cuts into them; any other enemy blocks if the path comes
    into contact with it."""
    size = piece.size
    carried = _shift(piece.pose, heading, d)
    end = turned_in_place(carried, size, facing)
    end_pts = list(corners(end, size))
    # the ground in two convex pieces (the lane and the base at its end, turned there), measured in plain
    # arithmetic; shapely's union only when a measurement lands too near a threshold to trust (see pieces_overlap)
    pieces = [hull_points([*corners(piece.pose, size), *corners(carried, size)]), end_pts]

    @cache
    def ground() -> Polygon:
        lane = piece.polygon.union(footprint(carried, size)).convex_hull
        return cast(Polygon, unary_union([lane, footprint(end, size)]))

    # bounds first: a base or piece whose box is apart from the ground's cannot overlap it, and one whose box is
    # clearly farther than contact cannot touch it (the box gap never exceeds the distance)
    box = box_of([*pieces[0], *end_pts])
    held = {e.id for e in contacts(state, piece)}
    blocked = None
    for e in state.enemies(piece):
        e_box = base_box(e.pose, e.size)
        e_pts = list(corners(e.pose, e.size))
        body = partial(footprint, e.pose, e.size)  # built only if shapely must settle it
        if e.id in held:
            hit = not boxes_apart(box, e_box) and pieces_overlap(pieces, e_pts, ground, body)
        else:
            hit = box_gap(box, e_box) < CONTACT + GAP_SLACK and pieces_nearer(pieces, e_pts, ground, body, CONTACT)
        if hit:
            blocked = Obstacle(ObstacleKind.ENEMY, e.id, e.name)
            break
    if blocked is None:
        for t in state.terrain:
            if (not boxes_apart(box, t.box) and pieces_overlap(pieces, t.outline, ground, t.polygon)
                    and not terrain_effect(t.kind, piece.unit).passable):
                blocked = Obstacle(ObstacleKind.TERRAIN, name=t.name, terrain=t.kind)
                break
    order = {f.id: i for i, f in enumerate(state.pieces)}
    start = piece.polygon
    crossed = sorted((f for f in state.friends(piece) if not boxes_apart(box, base_box(f.pose, f.size))
                      and pieces_overlap(pieces, corners(f.pose, f.size), ground, partial(footprint, f.pose, f.size))),
                     key=lambda f: (round(start.distance(f.polygon), 6), order[f.id]))
    ends_on = tuple(f.id for f in crossed if bases_overlap(end, size, f.pose, f.size))
    return Flight(end, blocked, tuple(f.id for f in crossed if f.id not in ends_on), ends_on,
                  not on_table_box(box, state.width, state.depth))


def _unit_vector(frm: tuple[float, float], to: tuple[float, float]) -> tuple[float, float]:
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    n = math.hypot(dx, dy)
    return (dx / n, dy / n) if n > 1e-9 else (0.0, 0.0)


def _about(p: Piece, end: Pose) -> tuple[Pose, ...]:
    """The waypoint of a fall-back that ends facing another way: the base first turns in place (its back to
    the enemy for a retreat or a flight, toward a flank attacker for an evasion), then goes straight; a
    record of it lets a replay move the base as the engine does, not glide and spin at once."""
    return (turned_in_place(p.pose, p.size, end.facing),) if end.facing != p.pose.facing else ()


def _away_heading(state: GameState, p: Piece, away_from: Piece) -> float:
    """The direction of a retreat: away from the enemy, or diagonally away from all enemies in contact."""
    me = _centre_of(p)
    foes = [away_from] + [e for e in contacts(state, p) if e.id != away_from.id]
    vx = vy = 0.0
    for e in foes:
        ux, uy = _unit_vector(_centre_of(e), me)
        vx, vy = vx + ux, vy + uy
    if math.hypot(vx, vy) < 1e-9:
        vx, vy = _unit_vector(_centre_of(away_from), me)
    if math.hypot(vx, vy) < 1e-9:
        return p.pose.facing + 180
    return bearing((0.0, 0.0), (vx, vy))


def _pass_with(state: GameState, ref: Referee, pid: str, friend_ids: Sequence[str], roll: int | None,
               rule: str, tested: Unit | None = None) -> GameState:
    """Friends passed on a fall-back: each tests on ``roll`` (the retreat's or evasion's own die, reused,
    judged against ``tested``, the unit as it was when that die was rolled), or on a fresh die when the
    unit had none (a panicking unit tests against its strength)."""
    for fid in friend_ids:
        mover, friend = state.piece(pid), state.piece(fid)
        if not mover.on_table:
            break
        elephant = friend.unit.body is Body.ELEPHANT
        if roll is None:
            with ref.rolling(mover.name, "AOT-MOVE-THROUGH-FRIENDS") as rec:
                res = pass_through(mover.unit, friend.unit, ref.dice, elephant=elephant)
                hit = mover if elephant else friend
                rec.events.append(FriendPassed(pid, fid, res.roll, res.lost, hit.id, "", friend.name, hit.name))
            m_unit, f_unit = res.mover, res.friend
        else:
            against, cap = through_terms(tested or mover.unit, friend.unit, elephant=elephant)
            lost = through_loss(roll, against, cap)
            loser = mover.unit if elephant else friend.unit
            hurt = panic_disorder(loser, lost)
            m_unit, f_unit = (hurt, friend.unit) if elephant else (mover.unit, hurt)
            who = mover if elephant else friend
            ref.note(mover.name, "AOT-MOVE-THROUGH-FRIENDS", events=(FriendPassed(
                pid, fid, roll, lost, who.id, rule, friend.name, who.name),), pieces=(pid, fid))
        state = state.with_pieces(_with_unit(mover, m_unit), _with_unit(friend, f_unit))
    return state


def _fall_back(state: GameState, ref: Referee, p: Piece, heading: float, d: float, roll: int | None,
               rule: str, held: Sequence[str], tested: Unit | None = None, away: str = "") -> GameState:
    """Carry out a retreat or a flight of ``p`` (already tested and with its turn spent): dispersed if
    blocked, fled off the table, stopped short of a friend it cannot clear.  A retreat that stops on the
    table turns back to face the enemy it fell back from (:func:`_face_back`)."""
    kind = FallBack.RETREAT if rule == "AOT-MELEE-RETREAT" else FallBack.FLIGHT
    f = flight(state, p, heading, d, heading)
    if f.blocked is None and f.ends_on:
        if p.unit.panicking:
            other = state.piece(f.ends_on[0])
            if other.unit.panicking and other.unit.strength < p.unit.strength:
                ref.note(other.name, "AOT-MOVE-THROUGH-FRIENDS", events=(
                    FriendInTheWay(other.id, p.id, InTheWay.WEAKER, friend_name=p.name),
                    LeftBattle(other.id, Status.DISPERSED)), pieces=(other.id,))
                state = state.with_piece(_disperse(other))
                f = flight(state, p, heading, d, heading)
            else:
                ref.note(p.name, "AOT-MOVE-THROUGH-FRIENDS", events=(
                    FriendInTheWay(p.id, other.id, InTheWay.DISPERSED, friend_name=other.name),
                    LeftBattle(p.id, Status.DISPERSED)), pieces=(p.id,))
                return _settle(state.with_piece(_disperse(p)), held)
        if f.ends_on:
            lo, hi = 0.0, d
            short = flight(state, p, heading, 0.0, heading)
            for _ in range(ROUNDS):
                mid = (lo + hi) / 2
                cand = flight(state, p, heading, mid, heading)
                if cand.ends_on:
                    hi = mid
                else:
                    lo, short = mid, cand
            ahead = state.piece(f.ends_on[0])
            ref.note(p.name, rule, events=(FriendInTheWay(p.id, ahead.id, InTheWay.SHORT, round(lo, 4), ahead.name),),
                     pieces=(p.id, ahead.id))
            if short.ends_on:  # even turned where it stands its base would overlap a friend: it stays as it is
                short = Flight(p.pose, None, (), (), False)
            f = short
    if f.blocked is not None:
        ref.note(p.name, rule, events=(LeftBattle(p.id, Status.DISPERSED, f.blocked),), pieces=(p.id,))
        return _settle(state.with_piece(_disperse(p)), held)
    state = _pass_with(state, ref, p.id, f.friends, roll, rule, tested)
    p = state.piece(p.id)
    if not p.on_table:
        return _settle(state, held)
    if f.off_table:
        ref.note(p.name, rule, events=(FellBack(p.id, kind, away, p.pose, f.end, _about(p, f.end)),
                                       LeftBattle(p.id, Status.FLED)), pieces=(p.id,))
        # the piece stands where its last event says it went, off the table (the log and the state agree); where it
        # left from is kept as a fact: from its own camp, it counts as fled into it (AOT-VICTORY-POINTS)
        from_camp = p.polygon.intersects(state.sides[p.side].camp_site)
        out = p.changed(pose=f.end, status=Status.FLED, from_camp=from_camp,
                        turn=frozen.changed(p.turn, in_contact=False))
        return _settle(state.with_piece(out), held)
    moved = p.changed(pose=f.end)
    moved = moved.changed(inside=_inside(state, moved), turn=frozen.changed(moved.turn, in_contact=False))
    ref.note(p.name, rule, events=(FellBack(p.id, kind, away, p.pose, f.end, _about(p, f.end)),), pieces=(p.id,))
    state = state.with_piece(moved)
    if kind is FallBack.RETREAT and away:
        state = _face_back(state, ref, moved, away)
    return _settle(state, [p.id, *held])


#: AOT-WEATHER-STORM: the way a lost unit goes, as degrees turned from its facing (anticlockwise is left).
STORM_HEADINGS = {"forward": 0.0, "back": 180.0, "left": 90.0, "right": -90.0}


def _drift_clear(state: GameState, p: Piece, heading: float, d: float) -> bool:
    """The base slid ``d`` inches toward ``heading`` stays on the table and off impassable ground, and its path
    crosses no other base and comes into contact with no enemy."""
    f = flight(state, p, heading, d, p.pose.facing)
    return f.blocked is None and not f.off_table and not f.ends_on and not f.friends


def storm_drift(state: GameState, ref: Referee, pid: str, way: str) -> GameState:
    """AOT-WEATHER-STORM (Readings): a unit lost in the storm goes ``way`` (forward, back, left or right of its
    facing) by the shortest route, a straight slide without turning, for its full move (10″ − density) with
    a test for each rough piece it enters.  Reading (engine): it stops short of whatever would stop it (the
    table's edge, impassable ground, another base, contact with an enemy): a lost unit is lost, not fleeing,
    so the storm never removes it."""
    p = state.piece(pid)
    heading = p.pose.facing + STORM_HEADINGS[way]
    d = allowance(p)
    if not _drift_clear(state, p, heading, d):
        lo, hi = 0.0, d
        for _ in range(ROUNDS):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if _drift_clear(state, p, heading, mid) else (lo, mid)
        d = lo
    end = _shift(p.pose, heading, d)
    lane = cast(Polygon, p.polygon.union(footprint(end, p.size)).convex_hull)
    ref.note(p.name, "AOT-WEATHER-STORM",
             events=(MovedAlong(pid, p.pose, ((p.pose.x, p.pose.y), (end.x, end.y)), end, round(d, 4),
                                MoveKind.DRIFT),),
             pieces=(pid,))
    unit = p.unit
    for t in state.terrain:
        effect = terrain_effect(t.kind, unit)
        if effect.passable and effect.test and overlap(lane, t.polygon):
            with ref.rolling(p.name, "AOT-ROUGH-TERRAIN", pid) as rec:
                unit, lost = take_disorder_test(unit, ref.dice, msg("crossing the {terrain}", terrain=t.name), pid)
                rec.events.append(GroundTested(pid, t.name, lost))
    moved = _with_unit(p.changed(pose=end), unit)
    state = state.with_piece(moved)
    return state.with_piece(moved.changed(inside=_inside(state, moved)))


#: The reaction the retreating unit's owner is asked when it stops (AOT-MELEE-RETREAT: it *may* turn back).
TURN_BACK = Reaction.TURN_BACK


def _face_back(state: GameState, ref: Referee, p: Piece, away: str) -> GameState:
    """AOT-MELEE-RETREAT: when it stops, the retreating unit *may* turn to face the enemy again: its owner is
    asked (the reaction :data:`TURN_BACK`) and the answer is logged either way.  The rules index's Reading: that
    turn is a turn like any other, so it takes its own disorder test (the about-face before the retreat was
    tested for that turn alone).  Declined, the unit keeps its back to the enemy and rolls nothing.  Nothing is
    asked when the turned base would not fit (it stays as it is), nor of a unit in panic, which has no density
    to test and does not turn."""
    foe = state.piece(away)
    if p.unit.panicking:
        return state
    facing = bearing(_centre_of(p), _centre_of(foe)) if foe.on_table else p.pose.facing + 180
    pose = turned_in_place(p.pose, p.size, facing)
    try:
        _check_place(state, p, pose, "AOT-MELEE-RETREAT", "turn back")
    except RuleError:
        return state
    taken = ref.choose(state, p.id, away, TURN_BACK)
    ref.note(p.name, "AOT-MELEE-RETREAT", kind="decision" if taken else "event",
             events=(ReactionChosen(p.id, away, TURN_BACK, taken, p.name, foe.name),), pieces=(p.id, away))
    if not taken:
        return state
    unit = p.unit
    with ref.rolling(p.name, "AOT-MELEE-RETREAT", p.id, away) as rec:
        roll = roll_test_die(unit, ref.dice, msg("turn back to face the enemy"))
        lost = disorder_loss(roll, unit.density, unit.formed)
        unit = unit.take_losses(0, lost)
        rec.events.append(Turned(p.id, p.pose, pose, disordered=lost, toward=away, toward_name=foe.name))
        if lost:
            rec.events.append(Losses(p.unit, 0, lost, unit))
    out = _with_unit(p, unit).changed(pose=pose)
    return state.with_piece(out.changed(inside=_inside(state, out)))


def retreat_blocked(state: GameState, pid: str, away_from: str) -> bool:
    """Whether a retreat of ``pid`` away from ``away_from`` would disperse it now: an enemy base or impassable
    ground in its way.  Judged at its present density, before the retreat's test, and rolling nothing: a
    player weighing a forced retreat (AOT-DEMO-RETREAT) asks it."""
    p, foe = state.piece(pid), state.piece(away_from)
    heading = _away_heading(state, p, foe)
    d = float(ELEPHANT_MOVE if p.unit.body is Body.ELEPHANT else retreat_move(p.unit))
    return flight(state, p, heading, d, heading).blocked is not None


def retreat(state: GameState, ref: Referee, pid: str, away_from: str) -> GameState:
    """AOT-MELEE-RETREAT (also a shooting retreat, or one forced by DP): turn the back to the enemy with a
    disorder test, then go a full move (10 − the density after the test; 10″ panicking) straight away.
    An enemy base in the way disperses it, leaving the table makes it flee the battle, friends passed
    test on the same die.  Uses the turn's run/trot/retreat allowance (AOT-UNIT-ACTIONS)."""
    p = _fighting(state, pid)
    foe = state.piece(away_from)
    tracker = p.turn.do(Activity.RETREAT)
    held = [e.id for e in contacts(state, p)]
    heading = _away_heading(state, p, foe)
    unit, roll, tested = p.unit, None, p.unit
    if unit.density > 0:
        with ref.rolling(p.name, "AOT-MELEE-RETREAT") as rec:
            roll = roll_test_die(unit, ref.dice, msg("turn to retreat"))
            lost = disorder_loss(roll, unit.density, unit.formed)
            unit = unit.take_losses(0, lost)
            rec.events.append(TurnedAway(p.id, foe.id, lost, foe.name))
            if lost:
                rec.events.append(Losses(tested, 0, lost, unit))
    d = float(ELEPHANT_MOVE if unit.body is Body.ELEPHANT else retreat_move(unit))
    p = _with_unit(p, unit).changed(turn=frozen.changed(tracker, panicking=unit.panicking))
    state = state.with_piece(p)
    return _fall_back(state, ref, p, heading, d, roll, "AOT-MELEE-RETREAT", held, tested, away_from)


def flee(state: GameState, ref: Referee, pid: str, away_from: str = "") -> GameState:
    """AOT-PANIC: a panicking unit flees 10″.  Shot at or attacked (``away_from``, the shooter or attacker) it
    flees straight away from it; otherwise (the contagion of a lost combat, or its own slot) toward its own
    camp, stopping there, and that flight at most once a turn (the source limits only it).  An enemy base in
    the way disperses it; friends passed test against its strength."""
    p = _fighting(state, pid)
    if not p.unit.panicking:
        raise RuleError("AOT-PANIC", msg("{unit} is not panicking, so it does not flee", unit=p.name))
    if p.fled_this_turn and not away_from:
        raise RuleError("AOT-PANIC", msg("{unit} has already fled toward its camp this turn (at most once a turn)",
                                         unit=p.name))
    side = state.sides[p.side]
    me = _centre_of(p)
    held = [e.id for e in contacts(state, p)]
    if away_from:
        foe = state.piece(away_from)
        heading = _away_heading(state, p, foe)
        d = float(PANIC_MOVE)
        ref.note(p.name, "AOT-PANIC", events=(Fleeing(pid, d, away_from, foe.name),), pieces=(pid, away_from))
        return _fall_back(state, ref, p, heading, d, None, "AOT-PANIC", held, away=away_from)
    camp = side.camp_polygon
    if camp.is_empty:
        goal = (me[0], side.home_edge)
    else:
        c = camp.centroid
        goal = (float(c.x), float(c.y))
    d = min(float(PANIC_MOVE), math.hypot(goal[0] - me[0], goal[1] - me[1]))
    p = p.changed(fled_this_turn=True)
    state = state.with_piece(p)
    if d < 1e-6:
        ref.note(p.name, "AOT-PANIC", events=(Fleeing(pid, 0.0, toward=Refuge.CAMP),), pieces=(pid,))
        return state
    heading = bearing(me, goal)
    ref.note(p.name, "AOT-PANIC", events=(Fleeing(pid, d, toward=Refuge.CAMP if not camp.is_empty else Refuge.EDGE),),
             pieces=(pid,))
    return _fall_back(state, ref, p, heading, d, None, "AOT-PANIC", held)


def evade(state: GameState, ref: Referee, pid: str, attacker: str) -> GameState:
    """AOT-EVADE-PROCEDURE, AOT-EVADE-FLANK: the contacted unit backs away the full roll of one die (also its
    disorder test), still facing the attacker (turning to face it first when taken in the flank).  If it
    cannot go the full distance, it stays and accepts the melee.  Refused before the die: a unit that may
    not evade this attacker (AOT-EVADE-ELIGIBILITY), that has evaded, run or trotted this turn, that is
    panicking, or that is already fighting another enemy."""
    p, a = _fighting(state, pid), _fighting(state, attacker)
    if p.unit.panicking:
        raise RuleError("AOT-PANIC", msg("{unit} is panicking: it is never fought, it flees", unit=p.name))
    check_evade(troops_of(p.unit), troops_of(a.unit))
    others = [e.name for e in contacts(state, p) if e.id != a.id]
    if others:
        raise RuleError("AOT-EVADE-PROCEDURE", msg("{unit} is already fighting {enemies} and cannot evade",
                                                   unit=p.name, enemies=", ".join(others)))
    tracker = p.turn.do(Activity.EVADE)
    flank = aspect(a.polygon, p.pose, p.size).flanking
    facing = bearing(_centre_of(p), _centre_of(a)) if flank else p.pose.facing
    rule = "AOT-EVADE-FLANK" if flank else "AOT-EVADE-PROCEDURE"
    tested = p.unit
    with ref.rolling(p.name, rule) as rec:
        unit, mv = play_evade(p.unit, ref.dice, piece=p.id)
        rec.events.append(Evaded(pid, attacker, float(mv.distance), mv.disordered, a.name))
    p = _with_unit(p, unit).changed(turn=frozen.changed(tracker, panicking=unit.panicking))
    state = state.with_piece(p)
    if unit.panicking:
        ref.note(p.name, rule, events=(Panicked(pid, PanicCause.EVASION_DIE),), pieces=(pid,))
        return state
    away = bearing(_centre_of(a), _centre_of(p))  # "back" is away from the attacker, whatever the facing
    f = flight(state, p, away, float(mv.distance), facing)
    why = f.blocked or (Obstacle(ObstacleKind.TABLE_EDGE) if f.off_table else None) or (
        Obstacle(ObstacleKind.FRIEND, f.ends_on[0], state.piece(f.ends_on[0]).name) if f.ends_on else None)
    if why is not None:
        ref.note(p.name, rule, events=(EvasionRefused(pid, float(mv.distance), why),), pieces=(pid, attacker))
        return state
    state = _pass_with(state, ref, p.id, f.friends, mv.distance, rule, tested)
    p = state.piece(pid)
    moved = p.changed(pose=f.end, inside=_inside(state, p.changed(pose=f.end)))
    ref.note(p.name, rule, events=(FellBack(pid, FallBack.EVASION, attacker, p.pose, f.end, _about(p, f.end)),),
             pieces=(pid, attacker))
    return _settle(state.with_piece(moved), [pid, attacker])


__all__ = ["TURN_BACK", "Advance", "Flight", "Step", "Walk", "Wheel", "allowance", "contacts", "evade", "flee",
           "flight", "move", "reform", "retreat", "step_cost", "turn", "walk"]
