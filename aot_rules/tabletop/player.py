"""A scripted player: simple, explainable, and never stuck.

In its slot it activates what the slot allows (a general: the units within his direct-command reach, else
those a signal reaches, then his own unit; an individual-unit slot: the single unit with the best plan),
and each active unit takes the first of these that the engine accepts:

1. a panicking unit flees toward its camp (AOT-PANIC), or rallies by a reform (AOT-PANIC's Reading) once it has
   fled this turn or when no enemy is within 10″; it never flees when the flight would go nowhere (it is in its
   camp) or end in its dispersal (an enemy, impassable ground or a friend it cannot clear in the way): it
   rallies instead;
2. shoot at the nearest enemy it can legally hit ("shoot: 3 firers at B2");
3. charge an enemy it can reach this move when the exact melee odds favour it
   ("charge: P(win) 0.41 > P(lose) 0.22"): winning likelier than losing, by :func:`melee.melee_exact`,
   the calculators' own law; the nearest such enemy first, then the next (a friend may bar the way to one);
4. run down a panicking enemy within this move: it is never fought, it flees, and it is dispersed if a base
   or impassable ground stands in its way (AOT-PANIC);
5. reform when disordered warriors can come back and no enemy is within 6″;
6. march on the enemy camp while no enemy unit stands in it, if it is nearer than any enemy, or in the last
   :data:`PRESS_TURNS` turns when the side is not ahead on points (AOT-CAMP: sacking it is worth 2 VP);
7. advance toward the nearest enemy (wheel to face it, or straight on), stopping short of contact, or for
   bows and slings at the distance from which every warrior can shoot; then toward the next enemies, then a
   sidestep of 45° or 90° to get round whatever bars the way;
8. reform even with an enemy near, when there are disordered warriors to restore; and last, reform to face an
   enemy more than 45° off the front (facing is free in a reform: AOT-REFORM's Reading).

A reform faces the nearest enemy when it is off the front.  A unit whose nearest enemy is behind it (more than
90° off its front) first turns to face it (AOT-TURN: not an action, one disorder test), unless it means to
reform, which faces it without a test.  An individual-unit slot goes to the unit whose best option ranks
highest (flee, shoot, charge, advance, reform), the one nearest the enemy on a tie.

Reactions: return fire and turn to face a flank attack always; evade and countercharge by the exact melee odds;
after a retreat (AOT-MELEE-RETREAT), turn back to face the enemy unless the turn's test can be saved
(:func:`turns_back`: the disorder test's exact law against an enemy able to reach the unit's flank or rear, and
a reform to come that faces it for free).

Every choice is logged as a typed :class:`~aot_rules.tabletop.events.Decided` (its kind, the pieces, the exact
odds and the numbers its sentence prints) through :func:`turn.decide` *before* the action.  An option is
played for real as a transaction: when the engine refuses it, the state, the dice and the decision said are
wound back, nothing reaches the log or the record, and the next option is tried, so an illegal choice
never stops a game and never shows.  The odds are exact fractions; only the printed sentence rounds them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any

from aot_rules.aot.equipment import Missile
from aot_rules.aot.rules.command import (
    INDIVIDUAL,
    SLOTS,
    Delivery,
    messenger_exact,
    signal_exact,
    slot_activation_exact,
)
from aot_rules.aot.rules.disorder import disorder_test
from aot_rules.aot.rules.melee import MeleeResult, Side, melee_exact
from aot_rules.aot.rules.orders import LINE_GAP, Method, Rank
from aot_rules.aot.rules.reform import reform as reform_rule
from aot_rules.aot.rules.reform import restorable
from aot_rules.aot.rules.shooting import firers_in_range, hit_density, hit_probability, range_strength
from aot_rules.aot.rules.victory import Standing, victory_points
from aot_rules.aot.rules.victory import withdraw as victory_withdraw
from aot_rules.aot.rules.weather import Weather
from aot_rules.aot.units import Unit
from aot_rules.core.errors import RuleError
from aot_rules.tabletop import combat, command, geometry, moves, officers
from aot_rules.tabletop.command import SIGNAL_MAX, ledger
from aot_rules.tabletop.contact import MIN_WHEEL, centre, contact_along, outline
from aot_rules.tabletop.events import Choice, Decided, Reaction
from aot_rules.tabletop.game import FORCE_ATTACK, FORCE_RETREAT, Game
from aot_rules.tabletop.geometry import exact_inches
from aot_rules.tabletop.memo import PerPiece, by_identity
from aot_rules.tabletop.plans import (
    BEHIND,
    SHORT,
    advances,
    camp_flight,
    flight_disperses,
    nearest_enemy,
    standoff,
    steps_to,
)
from aot_rules.tabletop.sight import gap
from aot_rules.tabletop.state import GameState, Piece
from aot_rules.tabletop.turn import activate, army, decide, rewrite_on_double, withdraw


def favoured(p_win: Fraction, p_lose: Fraction) -> bool:
    """The exact odds favour a fight when winning it is likelier than losing it (a drawn melee just goes on)."""
    return p_win > p_lose


#: From this many turns before nightfall a unit charges at even odds, and at :data:`LATE_ODDS` of them in the
#: last turns: a general who has not won by then must risk a fight (a draw wins nothing).
BOLD_TURNS = 12
LATE_TURNS = 12
LATE_ODDS = Fraction(1, 2)


#: A charge that joins a fight (its target is already held in front by a friend) is worth it at these odds: the
#: target's dice are split between two enemies, or go to none of them at a flank attacker, so the pair's exact
#: odds understate the charger's.
JOIN_ODDS = Fraction(1, 2)
#: Against an army close to breaking (:func:`wavering`), a unit charges at these odds: reserves are committed to
#: finish it, since a rout wins outright whatever the points.
FINISH_ODDS = Fraction(1, 3)
#: An army with at most this many units on the table that are not panicking is wavering.
WAVERING = 2


def worth_charging(p_win: Fraction, p_lose: Fraction, state: GameState, ratio: Fraction | None = None) -> bool:
    """Charge when the exact odds favour it; as nightfall nears, at even odds, then at slightly worse ones; and,
    given a ``ratio`` (a charge that joins a fight, or one at a wavering army), whenever winning is at least that
    share as likely as losing."""
    left = state.last_turn - state.turn
    if p_win > p_lose:
        return True
    if ratio is not None and p_win > 0 and p_win >= ratio * p_lose:
        return True
    if left < BOLD_TURNS and p_win > 0 and p_win >= p_lose:
        return True
    return left < LATE_TURNS and p_win > 0 and p_win >= LATE_ODDS * p_lose


#: An enemy closer than this keeps a unit from reforming.
NEAR = 6.0
#: A unit runs on after its advance only toward an enemy within this many inches (a run disorders it: not
#: worth it across the whole table).
RUN_WITHIN = 16.0
#: The path a run is planned along (the die says how far along it the unit gets).
RUN_PLAN = 12.0


@by_identity
@lru_cache(maxsize=16384)
def odds(me: Unit, them: Unit, *, charging: bool, weather: str = "calm", strike: bool = True,
         flanked: bool = False) -> tuple[Fraction, Fraction]:
    """P(I win), P(I lose) in a melee of ``me`` against ``them``; ``charging``: I move into contact.

    Horse strike (AOT-MELEE-HORSE-STRIKE): the charging horse strikes when it came straight in (``strike``: a
    wheel this turn loses it), and a horse charged frontally by foot strikes too; soaked ground stops both.
    ``flanked``: the defender is taken in flank or rear and cannot turn (it is held in front): it fights on its
    depth, strikes nothing at the charger and makes no horse strike (AOT-MELEE-FLANK).  The law is
    :func:`melee_exact` (cached); these two numbers are cached too, since reading them off the joint law walks all
    its outcomes and the player asks the same pairs again and again (every rank of every unit in every state of a
    slot), first by the units' identity (hashing a unit costs more than the lookup).
    """
    mud = weather == Weather.MUD
    att, dfn = (me, them) if charging else (them, me)
    a = Side(att, horse_strike=att.mounted and strike and not mud)
    d = Side(dfn, horse_strike=dfn.mounted and not att.mounted and not mud and not flanked, flanked=flanked)
    try:
        law = melee_exact(a, d).marginal("result")
    except RuleError:  # no melee to be had (a panicking unit flees instead, AOT-PANIC): no odds either way
        return Fraction(0), Fraction(0)
    a_wins, b_wins = law[MeleeResult.A_WINS], law[MeleeResult.B_WINS]
    return (a_wins, b_wins) if charging else (b_wins, a_wins)


@dataclass(frozen=True)
class Option:
    """One thing a unit could do: how highly it ranks, the decision that says why, and the action with its
    arguments."""

    score: int
    decision: Decided
    action: Callable[..., GameState]
    args: tuple[Any, ...]
    kwargs: tuple[tuple[str, Any], ...] = ()


#: The enemies of a piece with their gaps, nearest first (ties in the state's order).
Enemies = tuple[tuple[float, int, Piece], ...]


def _enemies(state: GameState, piece: Piece) -> Enemies:
    """The piece's enemies by gap, nearest first: read only from the state's pieces, so kept with the tuple of
    pieces (rank and options ask it of the same unit in every state of a slot that has not moved anything)."""
    kept = _ENEMIES.get(state.pieces, piece.id, piece)
    if kept is not None:
        return kept[1]
    out = tuple(sorted(((gap(piece, e), i, e) for i, e in enumerate(state.enemies(piece))), key=lambda t: t[:2]))
    return _ENEMIES.put(state.pieces, piece.id, piece, out)


_ENEMIES: PerPiece[tuple[Piece, ...], Enemies] = PerPiece()


def _shot(state: GameState, piece: Piece, enemies: Enemies, *, sure: bool,
          kind: Choice = Choice.SHOOT) -> Option | None:
    """The shot at the weakest enemy the unit may hit (``sure``: worked out by the engine's own aim): a panicking
    one first (shot at, it flees again instead of rallying, AOT-PANIC), then the one with the fewest formed
    warriors, the nearest on a tie; unsure, the first the unit may reach (its rank only asks whether it shoots)."""
    best: tuple[tuple[int, int, float], Option] | None = None
    for d, _, e in enemies:
        if not _may_reach(piece, e, d):
            continue
        said = Decided(piece.side, kind, piece.id, e.id, piece.name, e.name)
        if not sure:
            return Option(4, said, combat.shoot, (piece.id, e.id))
        try:
            a = combat.aim(state, piece, e)
        except RuleError:
            continue
        seen = a.seen or e.unit
        if not e.unit.panicking and (a.firers <= 0 or hit_probability(hit_density(seen, a.cond), a.cond,
                                                                      seen.horse_armour) == 0):
            continue  # no die of it can hit (a javelin at a horse, say): not worth the action
        key = (0 if e.unit.panicking else 1, e.unit.formed, d)
        if best is None or key < best[0]:
            best = (key, Option(4, replace(said, firers=a.firers, distance=round(float(a.distance), 4)), combat.shoot,
                                (piece.id, e.id)))
    return best[1] if best else None


def wavering(state: GameState, side: int) -> bool:
    """``side`` is close to a rout (AOT-VICTORY-ROUT): at most :data:`WAVERING` of its units on the table are not
    panicking, and the enemy has more."""
    left = [sum(1 for p in state.fighting(s) if not p.unit.panicking) for s in (0, 1)]
    return left[side] <= WAVERING and left[1 - side] > left[side]


def held(state: GameState, e: Piece) -> bool:
    """``e`` is held in front: an enemy of it (a friend of the charger) touches it and is not on its flank, so it
    cannot turn to face a new attacker (AOT-TURN-FLANK-ATTACKED: only a unit attacked in flank or rear alone may)."""
    return any(not combat.flanked_by(e, c) for c in moves.contacts(state, e))


def lands_on_flank(state: GameState, piece: Piece, e: Piece, steps: Sequence[moves.Step], allowance: float) -> bool:
    """Whether the charge along ``steps`` ends wholly beyond the line of ``e``'s front (AOT-MELEE-FLANK)."""
    try:
        end = moves.walk(state, piece, steps, allowance).end
    except RuleError:
        return False
    return combat.flanked_by(e, piece.changed(pose=end))


def charge_steps(state: GameState, piece: Piece, e: Piece, allowance: float) -> tuple[list[moves.Step], bool] | None:
    """The steps of a charge at ``e`` and whether it comes straight in: a mounted unit goes straight ahead when
    ``e`` is the first enemy in its path (a wheel this turn costs the horse strike, AOT-MELEE-HORSE-STRIKE);
    otherwise it wheels to face ``e`` (:func:`steps_to`)."""
    if piece.unit.mounted and not piece.wheeled:
        shape = outline(e.pose, e.size)
        t = contact_along(piece.pose, piece.size, shape, allowance)
        if t is not None and all(o.id == e.id or (u := contact_along(piece.pose, piece.size, outline(o.pose, o.size),
                                                                      t)) is None or u >= t
                                 for o in state.enemies(piece)):
            return [moves.Advance(round(min(allowance, t + 0.01), 4))], True
    steps = steps_to(piece, e, allowance)
    if steps is None:
        return None
    return steps, not piece.wheeled and not any(isinstance(s, moves.Wheel) for s in steps)


def _charges(state: GameState, piece: Piece, enemies: Enemies,
             allowance: float) -> Iterator[Option]:
    """Charges at the enemies within this move that the exact odds make worth it: first those that take an enemy
    held in front by a friend in its flank (it fights on its depth and strikes nothing at the charger,
    AOT-MELEE-FLANK), then the rest nearest first (a friend or the ground may bar the way to one and not to the
    next: the engine says).  The odds count the horse strike only for a charge that comes straight in; a charge
    that joins a fight is worth it at :data:`JOIN_ODDS`, one at a :func:`wavering` army at :data:`FINISH_ODDS`."""
    finish = FINISH_ODDS if wavering(state, 1 - piece.side) else None
    flank: list[Option] = []
    front: list[Option] = []
    for d, _, e in enemies:
        if d > allowance or len(flank) + len(front) == MAX_TARGETS:
            break
        if e.unit.panicking:
            continue
        plan = charge_steps(state, piece, e, allowance)
        if plan is None:
            continue
        steps, straight = plan
        joins = held(state, e)
        on_flank = joins and lands_on_flank(state, piece, e, steps, allowance)
        p_win, p_lose = odds(piece.unit, e.unit, charging=True, weather=state.weather, strike=straight,
                             flanked=on_flank)
        ratio = min((r for r in (JOIN_ODDS if joins else None, finish) if r is not None), default=None)
        if not worth_charging(p_win, p_lose, state, ratio):
            continue
        kind = Choice.FLANK_CHARGE if on_flank else Choice.CHARGE
        (flank if on_flank else front).append(
            Option(3, Decided(piece.side, kind, piece.id, e.id, piece.name, e.name, odds=(p_win, p_lose)),
                   moves.move, (piece.id, steps)))
    yield from flank
    yield from front


def _pursuits(state: GameState, piece: Piece, enemies: Enemies,
              allowance: float) -> Iterator[Option]:
    """Moves into contact with a panicking enemy within this move: it is never fought, it flees straight away
    from the pursuer (AOT-PANIC), off the table or, with a base or impassable ground in its way, to its
    dispersal, a victory point; the pursuer risks no melee.  Planned one at a time, like :func:`_charges`."""
    found = 0
    for d, _, e in enemies:
        if d > allowance or found == MAX_TARGETS:
            break
        if not e.unit.panicking:
            continue
        steps = steps_to(piece, e, allowance)
        if steps is not None:
            found += 1
            yield Option(3, Decided(piece.side, Choice.PURSUE, piece.id, e.id, piece.name, e.name,
                                    distance=round(d, 4)), moves.move, (piece.id, steps))


def _advances(state: GameState, piece: Piece, d: float, e: Piece, allowance: float) -> list[Option]:
    return [Option(2, Decided(piece.side, Choice.ADVANCE, piece.id, e.id, piece.name, e.name, distance=round(d, 4),
                              straight=straight, half=half), moves.move, (piece.id, steps))
            for steps, straight, half in _ways(advances(state, piece, e, allowance))]


def _ways(plans: list[tuple[list[moves.Step], str]]) -> list[tuple[list[moves.Step], bool, bool]]:
    """:func:`plans.advances`' plans with their way as flags: straight ahead (no wheel), half the way."""
    return [(steps, "straight" in how, "half" in how) for steps, how in plans]


def _off_front(piece: Piece, to: tuple[float, float]) -> float:
    """Degrees from the unit's front to the point ``to`` (+ to the left)."""
    return geometry.norm_angle(geometry.bearing(centre(piece), to) - piece.pose.facing)


def _reform(piece: Piece, near: tuple[float, int, Piece] | None, kind: Choice = Choice.REFORM,
            score: int = 1) -> Option:
    """A reform that restores what it can and faces the nearest enemy when it is off the front (facing is free in
    a reform, AOT-REFORM's Reading: no test)."""
    facing = None
    deg = 0.0
    if near is not None:
        deg = _off_front(piece, centre(near[2]))
        if abs(deg) >= MIN_WHEEL:
            facing = piece.pose.facing + deg
    kwargs: tuple[tuple[str, Any], ...] = (("facing", facing),) if facing is not None else ()
    said = Decided(piece.side, kind, piece.id, near[2].id if near else "", piece.name, near[2].name if near else "",
                   distance=round(near[0], 4) if near else 0.0, degrees=round(deg, 4),
                   disordered=piece.unit.disordered)
    density = reform_rule(piece.unit).density if piece.unit.formed + restorable(piece.unit) > 0 else None
    return Option(score, said, moves.reform, (piece.id, density), kwargs)


def _camp(state: GameState, piece: Piece, allowance: float) -> list[Option]:
    """A march on the enemy camp while no unit of its side stands in it (AOT-CAMP: entering sacks it, 2 VP, and
    the enemy's units that fled into it count too), wheeling to face its middle and going the whole way or half;
    never with one of the side's last :data:`CAMP_KEEP` units on the table (the looter leaves it)."""
    side = state.sides[1 - piece.side]
    camp = side.camp_polygon
    if side.camp_captured or camp.is_empty or len(state.fighting(piece.side)) <= CAMP_KEEP:
        return []
    if state.camp_guards(1 - piece.side):
        return []
    mid = (float(camp.centroid.x), float(camp.centroid.y))
    d = geometry.distance(piece.polygon, camp)
    deg = _off_front(piece, mid)
    wheel = deg if abs(deg) >= MIN_WHEEL else 0.0
    left = allowance - geometry.wheel_cost(piece.size, wheel)
    far = math.floor(min(left, d + CAMP_DEPTH) * 100) / 100
    out = []
    for go, half in ((far, False), (round(far / 2, 2), True)):
        if go < 0.1:
            continue
        steps: list[moves.Step] = [moves.Wheel(wheel)] if wheel else []
        out.append(Option(2, Decided(piece.side, Choice.CAMP, piece.id, "", piece.name, side.name,
                                     distance=round(d, 4), straight=not wheel, half=half),
                          moves.move, (piece.id, [*steps, moves.Advance(go)])))
    return out


def _sidesteps(state: GameState, piece: Piece, e: Piece, d: float, allowance: float) -> list[Option]:
    """When every way straight at the enemy is barred (a friend in front, most often): wheel 45° or 90° either way
    and advance, stopping short of every enemy, the steps that end nearest ``e`` first."""
    out = []
    for deg in SIDESTEPS:
        left = allowance - geometry.wheel_cost(piece.size, deg)
        if left < 0.5:
            continue
        pose = geometry.wheel_pose(piece.pose, piece.size, deg)
        stop = left
        for o in state.enemies(piece):
            t = contact_along(pose, piece.size, outline(o.pose, o.size), left + SHORT)
            if t is not None:
                stop = min(stop, t - SHORT)
        stop = math.floor(stop * 100) / 100
        if stop < 0.5:
            continue
        end = geometry.footprint(pose.advanced(stop), piece.size)
        after = geometry.distance(end, e.polygon)
        if after > d + SIDESTEP_SLACK:
            continue
        out.append((after, Option(0, Decided(piece.side, Choice.SIDESTEP, piece.id, e.id, piece.name, e.name,
                                              distance=round(d, 4), degrees=deg),
                                   moves.move, (piece.id, [moves.Wheel(deg), moves.Advance(stop)]))))
    return [o for _, o in sorted(out, key=lambda t: t[0])]


#: The most enemies a unit plans a charge, a pursuit or an advance against in one activation.
MAX_TARGETS = 3
#: Wheels a unit barred from the enemy tries, to get round whatever bars it (degrees, + to the left).
SIDESTEPS = (45.0, -45.0, 90.0, -90.0)
#: A sidestep may end at most this much farther from the enemy than it starts (a 90° one goes round).
SIDESTEP_SLACK = 0.5
#: How far past the camp's edge a march plans to go (the camp is 4″ deep: the middle of it).
CAMP_DEPTH = 2.0
#: A side keeps at least this many other units on the table before one leaves it to sack a camp.
CAMP_KEEP = 2
#: A panicking unit with no enemy nearer than this rallies rather than flee.
RALLY_CLEAR = 16.0


#: In the last this many turns before nightfall a side that is not ahead on points presses (:func:`pressing`).
PRESS_TURNS = 4


def pressing(state: GameState, side: int) -> bool:
    """Whether ``side`` must press for points: night falls within :data:`PRESS_TURNS` turns and its victory
    points (AOT-VICTORY-POINTS, counted as at nightfall) are no more than the enemy's, so a draw or a defeat
    stands unless it scores.  Remembered for the last state asked about."""
    if state.last_turn - state.turn >= PRESS_TURNS:
        return False
    kept = _PRESSING[0]
    if kept is None or kept[0] is not state:
        a, b = victory_points(army(state, 0), army(state, 1))
        kept = _PRESSING[0] = (state, (a.total <= b.total, b.total <= a.total))
    return kept[1][side]


_PRESSING: list[tuple[GameState, tuple[bool, bool]] | None] = [None]


def rank(state: GameState, piece: Piece) -> int:
    """A quick guess at the score of the unit's best option (see :func:`options`), to choose the unit an
    individual-unit slot activates without planning every unit in full.  Remembered for the last state asked
    about: a general's slot asks it of the same units several times (who is useful, the messenger's worth)."""
    kept = _RANKS[0]
    if kept is None or kept[0] is not state:
        kept = _RANKS[0] = (state, {})
    hit = kept[1].get(piece.id)
    if hit is not None and hit[0] is piece:
        return hit[1]
    r = _rank(state, piece)
    kept[1][piece.id] = (piece, r)
    return r


#: :func:`rank`'s answers for one state (kept alive with it, so the state's identity stays its own).
_RANKS: list[tuple[GameState, dict[str, tuple[Piece, int]]] | None] = [None]


def _rank(state: GameState, piece: Piece) -> int:
    u = piece.unit
    if u.panicking:
        return 0 if piece.fled_this_turn and restorable(u) == 0 else 5 if not piece.fled_this_turn else 1
    enemies = _enemies(state, piece)
    if not enemies:
        return 0
    if u.missile is not None and _shot(state, piece, enemies, sure=False):
        return 4
    allowance = moves.reach(state, piece)
    d, _, e = enemies[0]
    if any(dd <= allowance and (ee.unit.panicking
                                or worth_charging(*odds(u, ee.unit, charging=True, weather=state.weather), state))
           for dd, _, ee in enemies):
        return 3
    if d > standoff(piece, e) + 0.5 and allowance > 0:
        return 2
    if u.disordered and restorable(u) > 0:
        return 1
    return 0


def _tie(state: GameState, piece: Piece, r: int) -> float:
    """Among units of the same :func:`rank`, the individual slot's choice: to shoot, charge or pursue, the one
    nearest the enemy; to advance, the one farthest behind (nearest its own table edge), so the laggards, the
    flank guards and the horse held back come up with the line instead of the leaders going on alone."""
    if r == ADVANCE_RANK:
        return abs(centre(piece)[1] - state.sides[piece.side].home_edge)
    near = nearest_enemy(state, piece)
    return near[1] if near else math.inf


#: :func:`rank`'s score for an advance.
ADVANCE_RANK = 2


def _rallies(piece: Piece, near: tuple[float, int, Piece] | None) -> bool:
    """A panicking unit rallies (a reform gives it a density again, AOT-PANIC's Reading) once it has fled this turn,
    or when no enemy is within :data:`RALLY_CLEAR`; otherwise it flees first."""
    if restorable(piece.unit) == 0:
        return False
    return piece.fled_this_turn or near is None or near[0] > RALLY_CLEAR


def _flight_worth_it(state: GameState, piece: Piece) -> bool:
    """A panicking unit flees toward its camp in its own slot only when the flight goes somewhere and does not
    end in its dispersal (:func:`plans.flight_disperses`: an enemy or impassable ground in the way, or a friend it
    cannot clear, AOT-PANIC, AOT-MOVE-THROUGH-FRIENDS); otherwise it rallies, or stays where it is."""
    f = camp_flight(state, piece)
    return f is not None and not flight_disperses(state, piece, f)


def options(state: GameState, piece: Piece) -> Iterator[Option]:
    """What ``piece`` could do now, best first (the order of the module docstring).

    Lazily: each option is planned only when the player asks for the next one, that is when every option before
    it was refused (or, choosing a unit, not at all once it has one).  Most units take one of their first
    options, and the last ones (the sidesteps, the advances on farther enemies, the march on the camp) cost the
    most to plan.  Nothing else changes: the state is immutable, so an option planned later is the one planned
    at once, in the same order."""
    pid = piece.id
    u = piece.unit
    enemies = _enemies(state, piece)
    nearest = enemies[0] if enemies else None
    if u.panicking:
        flee = [] if piece.fled_this_turn or not _flight_worth_it(state, piece) else [
            Option(5, Decided(piece.side, Choice.FLEE, pid, name=piece.name), moves.flee, (pid,))]
        rally = [_reform(piece, None, Choice.RALLY)] if restorable(u) > 0 else []
        yield from rally + flee if not flee or _rallies(piece, nearest) else flee + rally
        return
    shot = _shot(state, piece, enemies, sure=True) if u.missile is not None else None
    if shot:
        yield shot
    allowance = moves.reach(state, piece)
    yield from _pursuits(state, piece, enemies, allowance)
    yield from _charges(state, piece, enemies, allowance)
    mending = bool(u.disordered and restorable(u) > 0)
    if mending and (nearest is None or nearest[0] > NEAR):
        yield _reform(piece, nearest)
    camp = _camp(state, piece, allowance) if allowance > 0 else []
    if nearest is not None and camp and (camp[0].decision.distance < nearest[0] or pressing(state, piece.side)):
        yield from camp
        camp = []
    if nearest is not None and nearest[0] > standoff(piece, nearest[2]) + 0.5:
        yield from _advances(state, piece, nearest[0], nearest[2], allowance)
    yield from camp
    for d, _, e in enemies[1:MAX_TARGETS]:
        if d > standoff(piece, e) + 0.5 and not e.unit.panicking:
            yield from _advances(state, piece, d, e, allowance)
    if nearest is not None and nearest[0] > standoff(piece, nearest[2]) + 0.5:
        yield from _sidesteps(state, piece, nearest[2], nearest[0], allowance)
    if mending and nearest is not None and nearest[0] <= NEAR:
        yield _reform(piece, nearest)
    if nearest is not None and abs(_off_front(piece, centre(nearest[2]))) > FACE_OFF:
        yield _reform(piece, nearest, Choice.FACE, 0)


#: A unit whose nearest enemy is more than this many degrees off its front, with nothing better to do, reforms
#: to face it.
FACE_OFF = 45.0


#: How far beyond a target's range strength a measured distance must be before :func:`_may_reach` calls it out
#: of range without the exact count (far above float rounding, below the 0.0001″ the count rounds to).
FAR_SLACK = 1e-3


def _may_reach(piece: Piece, enemy: Piece, d: float) -> bool:
    """A cheap first look before :func:`combat.aim` works out the shot: in the arc, and some firer in range
    even without cover (cover only lowers the count)."""
    missile = piece.unit.missile
    if missile is None or d < geometry.CONTACT:
        return False
    if d > range_strength(enemy.unit) + FAR_SLACK:
        return False  # the exact count below, floor(strength - distance), is 0 from this far: no Fraction needed
    if firers_in_range(enemy.unit, exact_inches(d), weapon=Missile(missile)) <= 0:
        return False
    return geometry.base_in_arc(piece.pose, piece.size, enemy.pose, enemy.size)


def _line(state: GameState, general: Piece, units: list[Piece]) -> list[Piece]:
    """The units a battle line from ``general``'s unit reaches, in the order it grows: each within
    :data:`LINE_GAP` of the general's unit or of a unit already in the line (AOT-CMD-BATTLE-LINE)."""
    line, chain, left = [], [general], list(units)
    grew = True
    while grew:
        grew = False
        for p in list(left):
            if min(gap(q, p) for q in chain) <= LINE_GAP:
                line.append(p)
                chain.append(p)
                left.remove(p)
                grew = True
    return line


def _can_act(p: Piece) -> bool:
    t = p.turn
    return p.on_table and not t.in_contact and not t.active and (t.action is None or p.unit.panicking)


def messenger_choice(state: GameState, general: Piece, useful: Sequence[Piece]) -> tuple[Piece, Fraction] | None:
    """The unit a messenger should ride to, with its exact chance of getting through, when that is worth at least
    as much as a signal to every useful unit (expected :func:`rank` reached, by the exact laws of
    AOT-CMD-MESSENGER and AOT-CMD-SIGNAL); None when the signal is worth more (it reaches several units on one
    die, and a unit at a whole number of inches more often)."""
    dist = {p.id: exact_inches(gap(general, p)) for p in useful}
    reach = [p for p in useful if 0 < dist[p.id] < SIGNAL_MAX]
    if not reach:
        return None
    signal = sum((signal_exact(dist[p.id])[Delivery.SUCCESS] * rank(state, p) for p in reach), Fraction(0))
    best = max(reach, key=lambda p: (messenger_exact(dist[p.id])[Delivery.SUCCESS] * rank(state, p), -dist[p.id]))
    chance = messenger_exact(dist[best.id])[Delivery.SUCCESS]
    return (best, chance) if chance > 0 and chance * rank(state, best) >= signal else None


def turn_back_loss(unit: Unit) -> Fraction:
    """The warriors the turn back to face is expected to disorder: the mean of the disorder test's exact law
    (:func:`disorder_test`, AOT-DISORDER-TEST) at the unit's density, a regular unit re-rolling a failure."""
    return disorder_test(unit.density, unit.formed, unit.regular).mean()


def rear_threats(state: GameState, piece: Piece) -> list[Piece]:
    """The enemies that could strike ``piece`` in the flank or rear in their next slot as it stands: not
    panicking, more than :data:`BEHIND` degrees off its front, and within a plain move of it (10″ − density,
    AOT-MOVE-DISTANCE)."""
    return [e for e in state.enemies(piece)
            if not e.unit.panicking and abs(_off_front(piece, centre(e))) > BEHIND
            and gap(piece, e) <= moves.allowance(e)]


def turns_back(state: GameState, piece: Piece) -> bool:
    """AOT-MELEE-RETREAT leaves the turn back to face to the owner.  Turned now, the unit pays the turn's test
    (:func:`turn_back_loss`); left with its back to the enemy, it pays the same test later anyway when an enemy
    strikes its flank or rear (turning to face it, AOT-TURN-FLANK-ATTACKED, and fighting flanked with no room)
    or when it turns before acting, but saves it when its next act is a reform, which faces any way without a
    test.  So the player keeps its back turned only when the test can cost a warrior, no enemy can reach its
    flank or rear next slot (:func:`rear_threats`), and it will reform: disordered warriors to restore, no
    missile to aim, no enemy within :data:`NEAR`."""
    if turn_back_loss(piece.unit) == 0 or rear_threats(state, piece):
        return True
    near = nearest_enemy(state, piece)
    mending = (piece.unit.disordered > 0 and restorable(piece.unit) > 0 and piece.unit.missile is None
               and (near is None or near[1] > NEAR))
    return not mending


@lru_cache(maxsize=1)
def slot_chances() -> tuple[Fraction, ...]:
    """The exact chance that each of my slots 1 to 6 comes up in a turn (AOT-CMD-INITIATIVE, ties rolled again):
    15, 15, 14, 12, 9 and 5 in 30."""
    law = slot_activation_exact()
    return tuple(sum((pr for s, pr in law.items() if k in s.activated), Fraction(0)) for k in SLOTS)


def owner_work(state: GameState, side: int, owner: str) -> int:
    """How much a slot of ``owner`` would get done now: for a general, the sum of :func:`rank` over the units he
    could set moving (his own, and those of his nationality within a signal's reach of it); for the individual
    slot, the best single unit's."""
    units = [p for p in state.fighting(side) if not p.turn.in_contact]
    if owner == INDIVIDUAL:
        return max((rank(state, p) for p in units), default=0)
    return _general_work(state, side, owner, units)[0]


def slot_value(state: GameState, side: int, owners: Sequence[str]) -> Fraction:
    """The expected work of a turn under ``owners`` (slot 1 to 6): each slot's chance times its owner's work."""
    work = {o: owner_work(state, side, o) for o in set(owners)}
    return sum((c * work[o] for c, o in zip(slot_chances(), owners, strict=True)), Fraction(0))


def better_slots(state: GameState, side: int) -> tuple[str, ...] | None:
    """The side's owners re-ordered so the busiest hold the slots likeliest to come up (the rearrangement that
    maximises :func:`slot_value`), or None when that is no better than the slots as they are."""
    old = state.sides[side].slots
    work = {o: owner_work(state, side, o) for o in set(old)}
    by_chance = sorted(range(6), key=lambda i: (-slot_chances()[i], i))
    owners = sorted(old, key=lambda o: (-work[o], o))
    new = [""] * 6
    for i, o in zip(by_chance, owners, strict=True):
        new[i] = o
    return tuple(new) if slot_value(state, side, new) > slot_value(state, side, old) else None


def withdrawal_pays(state: GameState, side: int) -> tuple[int, int] | None:
    """The victory points (``side``'s, the enemy's) of an organised withdrawal now, when it is the better choice;
    else None.

    A withdrawal is scored once every unit of the side with a density above 0 has left the table
    (AOT-VICTORY-WITHDRAW), so it ends the battle at once only when none of its units on the table is formed: every
    one is panicking.  Fighting on, those units flee or are ridden down, and once the last is gone the enemy has
    won outright (AOT-VICTORY-ROUT) whatever the points.  Withdrawing gives the enemy the camp (+2) and each
    panicking unit (+1) but keeps every point the side has earned: the better choice when it wins the battle, or
    draws one the points as they stand would lose."""
    if state.sides[side].withdrawn or not state.fighting(side):
        return None
    mine, theirs = army(state, side), army(state, 1 - side)
    if mine.named(Standing.FORMED):
        return None
    r = victory_withdraw(mine, theirs)
    got, given = r.scores[0].total, r.scores[1].total
    now_mine, now_theirs = (s.total for s in victory_points(mine, theirs))
    if got > given or (got == given and now_mine < now_theirs):
        return got, given
    return None


@lru_cache(maxsize=1)
def _slot_outcomes() -> tuple[tuple[frozenset[int], Fraction], ...]:
    """The exact law of which of my slots come up in a turn (AOT-CMD-INITIATIVE), as (slots, probability)."""
    return tuple((frozenset(s.activated), pr) for s, pr in slot_activation_exact().items())


@cache
def _any_up(slots: frozenset[int]) -> Fraction:
    """The chance that at least one of ``slots`` comes up in a turn."""
    return sum((pr for up, pr in _slot_outcomes() if up & slots), Fraction(0))


@cache
def _more_than(slots: frozenset[int]) -> tuple[Fraction, ...]:
    """For k = 0, 1, ...: the chance that more than k of ``slots`` come up in a turn."""
    return tuple(sum((pr for up, pr in _slot_outcomes() if len(up & slots) > k), Fraction(0))
                 for k in range(len(slots)))


def _reached(state: GameState, side: int, general: Piece) -> set[str]:
    """The units a general could set moving: his own, and those of his nationality within a signal's reach."""
    nation = command.nationality_of(state, general)
    return {p.id for p in state.fighting(side)
            if p.id == general.id or (command.nationality_of(state, p) == nation and gap(general, p) <= SIGNAL_MAX)}


def _general_work(state: GameState, side: int, owner: str, units: Sequence[Piece]) -> tuple[int, set[str]]:
    """A general's work among ``units`` (the sum of the :func:`rank` of those he reaches) and the ids he reaches:
    0 and none for a name that commands nothing here or a general off the table."""
    cs = state.sides[side].commander(owner)
    g = state.piece(cs.unit) if cs else None
    if g is None or not g.on_table:
        return 0, set()
    near = _reached(state, side, g)
    return sum(rank(state, p) for p in units if p.id in near), near


@dataclass(frozen=True)
class _Work:
    """What the units would get done this turn for a set of generals: each general's units' :func:`rank`
    summed (0 for one off the table), and the ranks of the units none of them reaches, best first."""

    generals: dict[str, int]
    alone: tuple[int, ...]

    def expected(self, owners: Sequence[str]) -> Fraction:
        """The expected work under ``owners`` (slot 1 to 6).  By linearity of expectation this is each general's
        work times the chance that any of his slots comes up, plus the k-th best lone unit's rank times the chance
        that more than k individual-unit slots come up: the same Fraction as summing over the law of which slots
        come up, without walking that law for every allocation the commander-in-chief weighs."""
        at: dict[str, set[int]] = {}
        for k, o in enumerate(owners, 1):
            at.setdefault(o, set()).add(k)
        total = sum((self.generals[o] * _any_up(frozenset(ks)) for o, ks in at.items() if o != INDIVIDUAL),
                    Fraction(0))
        more = _more_than(frozenset(at.get(INDIVIDUAL, ())))
        return total + sum((a * p for a, p in zip(self.alone, more, strict=False)), Fraction(0))


def _work(state: GameState, side: int, generals: frozenset[str]) -> _Work:
    units = [p for p in state.fighting(side) if not p.turn.in_contact]
    work: dict[str, int] = {}
    reached: set[str] = set()
    for o in sorted(generals):
        work[o], near = _general_work(state, side, o, units)
        reached |= near
    return _Work(work, tuple(sorted((rank(state, p) for p in units if p.id not in reached), reverse=True)))


def allocation_value(state: GameState, side: int, owners: Sequence[str]) -> Fraction:
    """The expected work of a turn under ``owners``, counting each unit once a turn (it acts once): a general's
    units (:func:`_reached`) are worth the sum of their :func:`rank` once any of his slots comes up, however many
    do; each individual-unit slot that comes up sets moving the next most useful unit no general reaches."""
    return _work(state, side, frozenset(owners) - {INDIVIDUAL}).expected(owners)


def delegated_slots(state: GameState, side: int, cinc: str, keep: int) -> tuple[str, ...] | None:
    """The allocation the commander-in-chief ``cinc`` rewrites to in his slot ``keep`` (AOT-CMD-CINC): his slots and
    the individual ones shared out again, the other generals' left as they are and ``keep`` left his (the slot he
    is playing, in which his own unit may still act; it also leaves him a slot to rewrite them back), the one with
    the most :func:`allocation_value`; None when that is no better than the slots as they are.  When his army is
    spread beyond his signals, slots he holds order nobody but his own unit (which acts once a turn), and an
    individual-unit slot moves one more unit."""
    old = state.sides[side].slots
    free = [i for i, o in enumerate(old) if o in (cinc, INDIVIDUAL) and i != keep - 1]
    works: dict[frozenset[str], _Work] = {}

    def value(owners: Sequence[str]) -> Fraction:
        generals = frozenset(owners) - {INDIVIDUAL}
        if generals not in works:
            works[generals] = _work(state, side, generals)
        return works[generals].expected(owners)

    best, best_value = None, value(old)
    for mask in range(1 << len(free)):
        new = list(old)
        new[keep - 1] = cinc
        for j, i in enumerate(free):
            new[i] = cinc if mask >> j & 1 else INDIVIDUAL
        v = value(new)
        if v > best_value:
            best, best_value = tuple(new), v
    return best


@dataclass
class ScriptedPlayer:
    """A player for one side that plays by the rules above; ``side`` is 0 or 1."""

    side: int

    # --- reactions ------------------------------------------------------------------------------
    def react(self, state: GameState, pid: str, by: str, reaction: Reaction) -> bool:
        """Return fire and turn to face a flank attack always; after a retreat, turn back to face the enemy unless
        the turn's test can be saved (:func:`turns_back`); evade when the melee odds are bad; countercharge
        when they are good; in a storm, name the units offered first (the engine offers those farthest from the
        enemy first).  With demoralization points (``pid`` the winner, ``by`` the enemy they may go on):
        force a retreat that would disperse it; otherwise the points disorder (AOT-DEMO-*).  It never buys a
        forced attack: measured over 30 greek-border games, forcing attacks that the exact odds favoured
        turned 90% decisive games into 70%, since disordered warriors, not extra melees, are what break a unit
        (the random policy still takes them)."""
        if reaction == FORCE_RETREAT:
            return self._breaks(state, state.piece(by))
        if reaction == moves.TURN_BACK:
            return turns_back(state, state.piece(pid))
        if reaction == FORCE_ATTACK:
            return False  # disorder wins more battles (see above)
        if reaction not in (Reaction.EVADE, Reaction.COUNTERCHARGE):
            return True
        me, them = state.piece(pid), state.piece(by)
        if reaction is Reaction.EVADE:
            p_win, p_lose = odds(me.unit, them.unit, charging=False, weather=state.weather)
            return favoured(p_lose, p_win)
        return favoured(*odds(me.unit, them.unit, charging=True, weather=state.weather))

    def _breaks(self, state: GameState, enemy: Piece) -> bool:
        """AOT-DEMO-RETREAT is worth its points when the retreat would disperse the enemy unit (one of our units
        or impassable ground blocks it: a victory point, AOT-VICTORY-POINTS); a flight off the table scores
        nothing, and the points disorder instead."""
        mine = state.fighting(self.side)
        if not mine:
            return False
        away = min(mine, key=lambda e: (gap(enemy, e), e.id))
        return moves.retreat_blocked(state, enemy.id, away.id)

    def after_double(self, game: Game) -> None:
        """After a tied initiative roll, before the dice are rolled again, the slots may be rewritten
        (AOT-CMD-DOUBLES).  This player keeps the same owners but gives the slots likeliest to come up to the
        owners with most to do (:func:`better_slots`), and rewrites only when that is strictly better."""
        state = game.state
        new = better_slots(state, self.side)
        if new is None:
            return
        old = state.sides[self.side].slots
        gain = slot_value(state, self.side, new) - slot_value(state, self.side, old)
        self.say(game, Decided(self.side, Choice.REWRITE, odds=(gain,), slots=new))
        self._try(game, rewrite_on_double, self.side, list(new))

    def junior_officers(self, game: Game) -> None:
        """Junior officers (AOT-PROP-INITIATIVE) in the other side's slot, once it has finished its actions: a
        shooter shoots at the nearest enemy it may hit; any other unit counter-attacks (a run or trot into
        contact) the nearest enemy it can reach when the exact odds make the charge worth it."""
        for p in game.state.fighting(self.side):
            if not p.unit.initiative:
                continue
            try:
                officers.may_act(game.state, p.id)
            except RuleError:
                continue
            self._officer(game, p)

    def _officer(self, game: Game, p: Piece) -> None:
        state = game.state
        enemies = _enemies(state, p)
        if p.unit.missile is not None:
            shot = _shot(state, p, enemies, sure=True, kind=Choice.OFFICER_SHOOT)
            if shot is not None and self._try(game, officers.junior_officer, p.id, "shoot", shot.args[1],
                                              decision=shot.decision):
                return
        for d, _, e in enemies:
            if d > officers.CHARGE_PLAN:
                break
            p_win, p_lose = odds(p.unit, e.unit, charging=True, weather=state.weather)
            if e.unit.panicking or not worth_charging(p_win, p_lose, state):
                continue
            steps = steps_to(p, e, officers.CHARGE_PLAN)
            said = Decided(self.side, Choice.OFFICER_CHARGE, p.id, e.id, p.name, e.name, odds=(p_win, p_lose))
            if steps is not None and self._try(game, officers.junior_officer, p.id, "charge", "", tuple(steps),
                                               decision=said):
                return

    # --- a slot -----------------------------------------------------------------------------------
    def say(self, game: Game, decision: Decided) -> None:
        game.act(decide, decision)

    def play_slot(self, game: Game, slot: int) -> None:
        """Withdraw when it pays (:func:`withdrawal_pays`: the battle ends as the slot closes); else the slot's
        owner orders his units."""
        pays = withdrawal_pays(game.state, self.side)
        if pays is not None:
            said = Decided(self.side, Choice.WITHDRAW, odds=(Fraction(pays[0]), Fraction(pays[1])))
            if self._try(game, withdraw, self.side, decision=said):
                return
        owner = game.state.sides[self.side].slots[slot - 1]
        if owner == INDIVIDUAL:
            self._individual(game)
        else:
            self._general(game, owner)

    def _try(self, game: Game, action: Callable[..., GameState], *args: Any, decision: Decided | None = None,
             **kwargs: Any) -> bool:
        """Play the action if the rules allow it, saying ``decision`` first; False when they do not.

        The action is played for real, once: :meth:`Game.act` is a transaction, so a refusal leaves the state
        and the dice as they were, and the decision said before it is wound back with it.  Nothing refused
        thus reaches the log or the record (as if the rules had been asked first), and an accepted action is
        not played twice (a trial on scratch dice, then the real one)."""
        state, dice = game.state, game.dice.snapshot()
        if decision is not None:
            self.say(game, decision)
        try:
            game.act(action, *args, **kwargs)
        except RuleError:
            game.state = state
            game.dice.restore(dice)
            return False
        return True

    def _individual(self, game: Game) -> None:
        state = game.state
        ranked = []
        for i, p in enumerate(state.fighting(self.side)):
            if not _can_act(p):
                continue
            r = rank(state, p)
            if r > 0:
                ranked.append((-r, _tie(state, p, r), i, p))
        ranked.sort(key=lambda k: k[:3])
        chosen = next((k[3] for k in ranked if next(options(state, k[3]), None) is not None), None)
        if chosen is None:
            self.say(game, Decided(self.side, Choice.IDLE))
            return
        p = chosen
        self.say(game, Decided(self.side, Choice.INDIVIDUAL, p.id, name=p.name))
        if self._try(game, activate, self.side, p.id, Method.INDIVIDUAL):
            self.act(game, p.id)

    def _general(self, game: Game, owner: str) -> None:
        """A general's slot: he gives his orders one way this slot (AOT-CMD-SLOT-ORDER), the way that reaches
        most of his units with something to do: the battle line (through neighbours at most 1″ apart), direct
        command (within 1″), a signal (a die's radius, at most 6″; only units within the radius once it is
        rolled are tried), or one messenger to the most useful unit out of reach; his own unit acts last."""
        state = game.state
        cs = state.sides[self.side].commander(owner)
        gp = state.piece(cs.unit) if cs else None
        if gp is None or not gp.on_table:
            self.say(game, Decided(self.side, Choice.GONE, owner=owner))
            return
        g: Piece = gp
        nation = command.nationality_of(state, g)  # he orders only his own nationality (AOT-CMD-NATIONALITY)
        useful = [p for p in state.fighting(self.side) if p.id != g.id and _can_act(p) and rank(state, p) > 0
                  and command.nationality_of(state, p) == nation]
        line = _line(state, g, useful)
        near = sorted(useful, key=lambda p: gap(g, p))
        direct = [p for p in near if gap(g, p) <= 1]
        signal = [p for p in near if gap(g, p) <= SIGNAL_MAX]
        if len(line) > len(direct):
            plan = [(p, Method.BATTLE_LINE) for p in line]
        elif direct:
            plan = [(p, Method.DIRECT) for p in direct]
        elif (rider := messenger_choice(state, g, useful)) is not None:
            p, chance = rider
            self.say(game, Decided(self.side, Choice.MESSENGER, g.id, p.id, g.name, p.name, owner, odds=(chance,)))
            plan = [(p, Method.MESSENGER)]
        else:
            plan = [(p, Method.SIGNAL) for p in signal]
        if not plan and cs is not None and cs.rank is Rank.C_IN_C:
            self._delegate(game, owner, state.slot)
        ordered = []
        for p, method in plan:  # every order first, then the moves: a line that moved would no longer be one
            radius = ledger(game.state).radius
            if method is Method.SIGNAL and radius is not None and gap(gp, p) > radius:
                continue
            if self._try(game, activate, self.side, p.id, method) and game.state.piece(p.id).turn.active:
                self.say(game, Decided(self.side, Choice.ORDER, g.id, p.id, g.name, p.name, owner, method))
                ordered.append(p.id)
        for pid in ordered:
            self.act(game, pid)
        gp = game.state.piece(gp.id)
        if _can_act(gp) and self._try(game, activate, self.side, gp.id, Method.DIRECT):
            self.say(game, Decided(self.side, Choice.OWN_UNIT, gp.id, name=gp.name, owner=owner))
            self.act(game, gp.id)

    def _delegate(self, game: Game, cinc: str, slot: int) -> None:
        """The commander-in-chief has nobody but his own unit to order in his ``slot``: he rewrites the slots instead
        (AOT-CMD-CINC: no orders this slot, his own unit may still act) when :func:`delegated_slots` finds better."""
        state = game.state
        new = delegated_slots(state, self.side, cinc, slot)
        if new is None:
            return
        old = state.sides[self.side].slots
        gain = allocation_value(state, self.side, new) - allocation_value(state, self.side, old)
        self._try(game, command.rewrite_slots, self.side, list(new),
                  decision=Decided(self.side, Choice.DELEGATE, owner=cinc, odds=(gain,), slots=new))

    def act(self, game: Game, pid: str) -> None:
        """The active unit ``pid`` takes the first option the engine accepts.  An enemy behind it is first faced
        by a turn (AOT-TURN: not an action, one disorder test), unless the unit means to reform anyway, which
        faces it without a test; a turn the rules refuse leaves the reform to face it as a last option."""
        piece = game.state.piece(pid)
        near = nearest_enemy(game.state, piece)
        if near is not None and not piece.unit.panicking and near[1] >= geometry.CONTACT:
            e, d = near
            deg = _off_front(piece, centre(e))
            mending = piece.unit.disordered and restorable(piece.unit) > 0 and d > NEAR
            if abs(deg) > BEHIND and not mending:
                said = Decided(self.side, Choice.TURN, pid, e.id, piece.name, e.name, degrees=round(deg, 4))
                self._try(game, moves.turn, pid, deg, decision=said)
        for opt in options(game.state, game.state.piece(pid)):
            if self._try(game, opt.action, *opt.args, decision=opt.decision, **dict(opt.kwargs)):
                if opt.decision.kind is Choice.ADVANCE:
                    self._run_on(game, pid)
                return
        self.say(game, Decided(self.side, Choice.HOLD, pid, name=piece.name))

    def _run_on(self, game: Game, pid: str) -> None:
        """After an advance, run (or trot) on: into a panicking enemy within :data:`RUN_PLAN` (a pursuit: the die
        says whether it gets there), else toward the enemy when it is still out of reach (AOT-RUN, AOT-TROT: the
        unit's one extra move)."""
        piece = game.state.piece(pid)
        near = nearest_enemy(game.state, piece)
        if near is None or not piece.on_table or not piece.turn.can_run or piece.turn.extra is not None:
            return
        enemies = _enemies(game.state, piece)
        for opt in _pursuits(game.state, piece, enemies, RUN_PLAN):
            if self._try(game, opt.action, *opt.args, run=True, decision=opt.decision):
                return
        if piece.unit.mounted or wavering(game.state, 1 - self.side):
            for opt in _charges(game.state, piece, enemies, RUN_PLAN):
                if self._try(game, opt.action, *opt.args, run=True, decision=opt.decision):
                    return
        e, d = near
        if d <= standoff(piece, e) + 2 or d > RUN_WITHIN:
            return
        kind = Choice.TROT if piece.unit.mounted else Choice.RUN
        for steps, straight, half in _ways(advances(game.state, piece, e, RUN_PLAN)):
            said = Decided(self.side, kind, pid, e.id, piece.name, e.name, distance=round(d, 4), straight=straight,
                           half=half)
            if self._try(game, moves.move, pid, steps, run=True, decision=said):
                return


def scripted() -> tuple[ScriptedPlayer, ScriptedPlayer]:
    """Two scripted players, side 0's first (what ``play`` and ``simulate`` use by default)."""
    return (ScriptedPlayer(0), ScriptedPlayer(1))
