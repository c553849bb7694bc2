"""Shooting, melee, their results and the demoralization points, played on the table.

The table decides *who* fights *whom* and *how they stand* (arc, sight, range in inches, cover, flank,
contact); the dice are rolled and the losses decided by the very functions the odds calculators use
(:func:`~aot_rules.aot.rules.shooting.resolve_volley`, :func:`~aot_rules.aot.rules.melee.resolve_melee`,
:func:`~aot_rules.aot.rules.melee.resolve_two_vs_one`, :func:`~aot_rules.aot.rules.demoralization.spend_disorder`),
so the table and the calculators can never disagree.  Every action is pure: it returns a new state, or
raises a :class:`~aot_rules.core.errors.RuleError` before any die is rolled.

Readings (engine) this module adds, where the table needs a decision the index does not give:

* Range: the edge-to-edge distance is taken to 4 decimal places (the precision positions are kept to) as
  an exact decimal, then AOT-SHOOT-RANGE's Reading ⌊strength − distance⌋ applies.
* Wind (AOT-WEATHER-WIND): ``state.wind`` is the edge a wind blows from (south = y 0, the edge side 0
  deploys from; north = y = depth; west = x 0; east = x = width).  A shooter fires downwind when it faces
  within 45° of the way the wind blows.  A wind with no edge has no effect (the wind die's 5–6).
* Return fire (AOT-REACT-RETURN-FIRE) uses the normal arc, sight and range (the index's Reading) and both
  volleys land together; the result mirrors :func:`~aot_rules.aot.rules.reactions.exchange_result` with the
  flank densities of AOT-SHOOT-RESULT: the target retreats if it lost anyone and the shooter's density
  after losses beats its compared density, otherwise the shooter retreats on the same test the other way.
* A unit destroyed outright by fire or melee counts as beaten (the calculators award the DP), but makes no
  retreat move.
* A panicking unit that is shot at (legally: arc, sight and range) flees through ``moves.flee``; no dice,
  no DP (AOT-PANIC, Reading 2).  A panicking unit in contact flees instead of fighting.
* Melee among several units (AOT-MELEE-ENGAGE): a unit that is contacted by exactly two enemies, each of
  which touches only it, all three ordinary warriors, the two attackers in front of it and neither
  terrifying, fights them with :func:`resolve_two_vs_one`, its front-rank dice split evenly (the odd die to
  the enemy earlier in ``state.pieces``).  Any other contact is fought pair by pair with
  :func:`resolve_melee` from the densities of the start of the fight, a unit's front-rank dice split evenly
  among the enemies in front of it (none go to an enemy on its flank or rear, AOT-MELEE-STRIKES); each pair
  rolls its own shield die.  All losses land together; each pair is then decided by
  :func:`~aot_rules.aot.rules.melee.result` on the losses from every pair.  A unit that loses any pair
  retreats once, away from the first enemy that beat it; the winner's side gains the loser's start density
  once per beaten unit.
* Horse strike (AOT-MELEE-HORSE-STRIKE): a mounted unit strikes with its horses unless it is taken in the
  flank or rear, stands in rough ground, the ground is soaked (weather 3:3), or it rides camels or carts.
  The state keeps no record of the path that led into contact, so "moved only in a straight line" is not
  checked.
* DP (AOT-DEMO-TARGETING): the combat location is the beaten unit's base where it stood when beaten; the
  eligible units are the beaten unit (wherever it is now) and the beaten side's units in sight of that
  base (:func:`sight.line_of_sight` from it), nearest first; the default policy disorders (AOT-DEMO-DISORDER)
  as many warriors of the nearest as the points allow, then the next.  A unit the points cannot touch
  (nothing formed, a stubborn one with a single point left, an elephant unless an elephant was beaten, a
  chariot) is not eligible.  Points left with no eligible unit are lost.
* A loser that may not retreat this turn (it has run or trotted, AOT-UNIT-ACTIONS) stands and stays engaged.
* Countercharge (AOT-REACT-COUNTERCHARGE), offered before return fire (the player is asked "countercharge"
  first, then "return fire"): it spends the unit's run or trot (``UnitTurn.do(..., reaction=True)``), so a
  unit with none left (it ran, trotted, retreated or evaded this turn) and foot with shields *and* armour
  (which may never run, AOT-RUN) do not countercharge; nor do elephants, chariots (their trots are their
  own rules) or a unit in the defensive formation.  The die is the only test: no rough-ground tests on the
  way.  Reaching: the unit's front edge ends flush against the side of the shooter's base nearest to it,
  centred on that side, else slid along it in :data:`SLIDE` steps; the ground between where it stood and
  where it ends (their hull) must be on the table and free of other bases, impassable ground and the enemy
  camp, or the charge falls short.  Short (the index's Reading): the unit turns in place to face that
  side squarely and goes ``r`` inches straight toward it, stopping short of contact with any enemy and of
  any other base; the volley is then measured from where it stands (no return fire; if the shot is no
  longer possible it is lost).  A unit that panics on its die stays, and, panicking, is not shot but flees
  (AOT-PANIC, Reading 2).  The shooters' action is spent even when the countercharge cancels the shot.

* One shield test per slot (AOT-SHOOT-SHIELDWALL, AOT-MELEE-SHIELDWALL, and the index's Reading "one roll covers
  all the fire the unit receives in that slot"): a unit rolls its shield die when it is first hit in a slot,
  and that roll turns away at most its face in hits over the whole slot; later volleys (or melee pairs) of the
  slot meet what is left of it, with no new die.  Shooting and melee keep a roll each (their own rules).
  Outside a slot (the melee of turn step 2) the fight is the slot.
* Simultaneous fire (AOT-SHOOT-SIMULTANEOUS): every volley of a slot at a unit counts its firers from, and
  hits against, the unit as it stood before the first volley of the slot that hurt it; the losses land on
  the unit as it now stands (never more than it has formed).  Losses it took otherwise earlier in the slot
  (a melee fought in it) are not undone.
* The battle line (AOT-CMD-BATTLE-LINE, flat Reading): a unit ordered into a battle line in this slot shoots
  with one firer fewer than it would alone; the general's own unit shoots in full.
* Turning to face (AOT-TURN-FLANK-ATTACKED): before the strikes, a unit in contact only on its flank or rear
  may turn to face the first of those attackers.  The turn takes the turn's disorder test (the index's
  Reading); the unit's front is set flush against the attacker's nearest side, at the free place nearest
  where it stood, no farther than a base's width (:func:`facing_pose`); with no such place it fights flanked.
  A mounted unit that turns so makes no horse strike this turn.  Elephants have no flank; chariots do not
  turn so (their turns are their own rule).
* DP (AOT-DEMO-RETREAT, AOT-DEMO-FORCED-ATTACK): before the points disorder anybody, the winner may buy one
  forced retreat or one forced attack on the nearest unit whose density the points cover after one point for
  each nearer eligible unit (which those units then take as disorder).  A retreat uses the unit's once-a-turn
  retreat (a unit that has retreated, run or trotted cannot be forced back); a forced attack is a plain move
  (a wheel to face and an advance) into the winner's nearest unit, taken only when one move reaches it, and
  the melee follows at the next melee step (this slot's step (c) after a volley, else step 2 of the next
  turn); it spends none of the unit's own action and no run or trot (the index allows a run; the engine does
  not use it).  The offer goes through the reaction hook (``force retreat``, ``force attack``), recorded with
  the action; the default hook declines, so the points disorder.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache, lru_cache, partial

from shapely.geometry import Polygon

from aot_rules.aot.equipment import MeleeWeapon, Missile
from aot_rules.aot.rules.demoralization import award, spend_disorder, targeting_order
from aot_rules.aot.rules.manoeuvre import Step as Manoeuvre
from aot_rules.aot.rules.manoeuvre import play_step
from aot_rules.aot.rules.melee import MeleeResult, Side, StrikeReport, resolve_melee, result, two_vs_one_played
from aot_rules.aot.rules.orders import Activity, UnitTurn
from aot_rules.aot.rules.protection import HeldShield
from aot_rules.aot.rules.reactions import resolve_countercharge
from aot_rules.aot.rules.shooting import (
    ShotConditions,
    VolleyReport,
    compared_density,
    firers_for,
    range_strength,
    resolve_volley,
    retreats,
)
from aot_rules.aot.rules.terrain import terrain_effect
from aot_rules.aot.rules.weather import Weather
from aot_rules.aot.units import Body, Front, Unit, density_after
from aot_rules.core import frozen
from aot_rules.core.errors import RuleError
from aot_rules.core.events import Roll
from aot_rules.core.i18n import Possessive, msg
from aot_rules.tabletop import command, moves, plans, sight
from aot_rules.tabletop import geometry as geo
from aot_rules.tabletop.events import (
    Aimed,
    ChargeEnd,
    Countercharged,
    CounterchargeEnded,
    Cover,
    DPDisordered,
    DPForced,
    DPUnspent,
    Edge,
    FacedAttack,
    Forced,
    MeleeJudged,
    PanicCause,
    Panicked,
    Reaction,
    Refusal,
    RetreatBlocked,
    ShotAtPanicking,
    ShotJudged,
    ShotLost,
    Struck,
    Turned,
    TwoOnOne,
    Volley,
)
from aot_rules.tabletop.game import FORCE_ATTACK, FORCE_RETREAT, Referee, TableDice
from aot_rules.tabletop.state import GameState, Piece

#: AOT-WEATHER-WIND, Reading (engine): the way the wind blows from each named table edge.
WIND_FROM: dict[Edge, tuple[float, float]] = {Edge.SOUTH: (0.0, 1.0), Edge.NORTH: (0.0, -1.0),
                                              Edge.WEST: (1.0, 0.0), Edge.EAST: (-1.0, 0.0)}
#: Bound of each geometry cache here (its entries are a few poses and a number or a flag).
CACHE_SIZE = 32768
#: A countercharge that cannot meet the shooter's side centred slides along it in steps this long (inches).
SLIDE = 0.4
#: A shooter fires downwind when it faces within this many degrees of the wind's way.
DOWNWIND_ARC = 45.0
#: AOT-CMD-BATTLE-LINE: a unit of a battle line shoots with this many firers fewer than it would alone.
LINE_FEWER = 1
#: A unit attacked only in flank or rear is asked whether it turns to face (AOT-TURN-FLANK-ATTACKED).
TURN_TO_FACE = Reaction.TURN_TO_FACE


# --- small table facts ------------------------------------------------------------------------------


# Pure geometry of bases, cached on their (immutable) poses and sizes: a fight or a shot asks the same
# questions of the same bases many times, and a scripted player asks them again for every option.  (The
# distance and contact tests live in :mod:`sight`, beside the other cached base geometry.)
gap, in_touch = sight.gap, sight.in_touch

@lru_cache(maxsize=CACHE_SIZE)
def _aspect(att: geo.Pose, att_size: geo.BaseSize, pose: geo.Pose, size: geo.BaseSize) -> geo.Aspect:
    return geo.aspect(geo.footprint(att, att_size), pose, size)


def flanked_by(target: Piece, attacker: Piece) -> bool:
    """``attacker`` stands wholly beyond the line of ``target``'s front (AOT-MELEE-FLANK, AOT-SHOOT-FLANK).
    An elephant has no flank (AOT-ELEPHANT-UNIT)."""
    if target.unit.body is Body.ELEPHANT:
        return False
    return _aspect(attacker.pose, attacker.size, target.pose, target.size).flanking


def downwind(state: GameState, shooter: Piece) -> bool:
    """AOT-WEATHER-WIND, Reading (engine): the wind blows and the shooter faces within 45° of its way."""
    if state.weather != Weather.WIND.value or state.wind is None:
        return False
    way = WIND_FROM[state.wind]
    dx, dy = shooter.pose.direction
    return dx * way[0] + dy * way[1] >= math.cos(math.radians(DOWNWIND_ARC)) - 1e-9


def in_rough(state: GameState, piece: Piece) -> bool:
    """The base stands (partly) in ground that is rough for it (AOT-ROUGH-TERRAIN)."""
    if piece.inside:
        return True
    poly, box = piece.polygon, geo.base_box(piece.pose, piece.size)
    for t in state.terrain:
        if not terrain_effect(t.kind, piece.unit).test:
            continue
        area, t_box, _ = sight.outline_polygon(t.outline)
        if not sight.boxes_apart(box, t_box) and area.intersection(poly).area > geo.AREA_EPS:
            return True
    return False


def changed(piece: Piece, unit: Unit, killed: int) -> Piece:
    """The piece with its warriors changed (``killed`` more removed), its turn record told whether it panics."""
    p = piece.with_unit(unit, removed=killed)
    if p.turn.panicking == unit.panicking:
        return p
    return p.changed(turn=frozen.changed(p.turn, panicking=unit.panicking))


# --- what holds for the rest of a slot ------------------------------------------------------------------
#
# Two things are decided once per slot and then hold (AOT-SHOOT-SHIELDWALL and AOT-MELEE-SHIELDWALL: one
# shield test per slot; AOT-SHOOT-SIMULTANEOUS: every volley of the slot sees the target as it stood at its
# start).  Like the command ledger, they are kept by piece id in the slot's typed memory
# (:class:`~aot_rules.tabletop.state.SlotMemory`), updated here where the dice fall, never searched for in the
# log, so a game saved mid-slot resumes with them in force.  Outside a slot (the melee of turn step 2) the action
# itself is the slot.


def held_shield(state: GameState, pid: str, *, melee: bool) -> HeldShield | None:
    """The shield die piece ``pid`` already rolled in this slot against fire or in melee (each keeps its own),
    with the hits it may still turn away, or None: it rolls when it is first hit."""
    return state.memory.shield(pid, melee=melee)


def slot_target(state: GameState, target: Piece) -> Unit:
    """AOT-SHOOT-SIMULTANEOUS: the unit as every shooter of this slot sees it: as it stood before the first
    volley at it in this slot (its strength and density then), else as it stands."""
    seen = state.memory.seen(target.id)
    return target.unit if seen is None else seen


def _shot_at(state: GameState, target: Piece, rep: VolleyReport) -> GameState:
    """The slot's memory after a volley at ``target``: its shield die, and how the slot's shooters see it."""
    memory = state.memory.with_shield(target.id, rep.shield, melee=False).with_shot_at(target.id, target.unit)
    return state.changed(memory=memory)


def _shields_after(state: GameState, shields: Iterable[tuple[str, HeldShield | None]]) -> GameState:
    """The slot's memory with the melee shield dice of a fight (piece id, die; None: no die met its hits)."""
    memory = state.memory
    for pid, held in shields:
        memory = memory.with_shield(pid, held, melee=True)
    return state.changed(memory=memory)


# --- shooting -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Aim:
    """A legal shot worked out on the table, before any die: how many fire, and under what conditions."""

    firers: int
    distance: Fraction
    cond: ShotConditions
    cover: Cover | None
    seen: Unit | None = None  # the target as the slot's shooters see it (AOT-SHOOT-SIMULTANEOUS)
    line: bool = False  # one firer fewer: the shooter is in a battle line (AOT-CMD-BATTLE-LINE)

    def event(self, shooter: Piece, target: Piece) -> Aimed:
        """The volley's set-up as a typed event (its line is the log renderer's), with the target's counted
        strength."""
        seen = self.seen if self.seen is not None else Unit()
        strength = seen.density if self.cover else range_strength(seen)
        return Aimed(shooter.id, target.id, self.firers, float(self.distance), strength, self.cover,
                     self.cond.flank, self.cond.wind, self.line, target.name, shooter.name)


def aim(state: GameState, shooter: Piece, target: Piece, rule: str = "AOT-SHOOT-ARC-LOS") -> Aim:
    """Arc, sight, cover, flank, wind and range of ``shooter`` at ``target``; refuses with the rule that
    forbids the shot (``rule`` for the arc and sight).  Rolls nothing."""
    s, t = shooter.name, target.name
    missile = shooter.unit.missile
    if missile is None:
        raise RuleError("AOT-SHOOT-HIT", msg("{unit} has no missile weapon and cannot shoot", unit=s))
    if not geo.base_in_arc(shooter.pose, shooter.size, target.pose, target.size):
        raise RuleError(rule, msg("{target} is outside {shooter} frontal arc (45° either side of straight ahead)",
                                  target=t, shooter=Possessive(s)))
    blocked = sight.line_of_sight(state, shooter, target)
    if blocked is not None:
        raise RuleError(rule, msg("{shooter} cannot see {target}: {blocked}", shooter=s, target=t, blocked=blocked))
    cover = sight.in_cover(state, target, shooter)
    cond = ShotConditions(weapon=Missile(missile), veteran=shooter.unit.veteran, wind=downwind(state, shooter),
                          flank=flanked_by(target, shooter))
    dist = geo.exact_inches(gap(shooter, target))
    seen = slot_target(state, target)
    try:
        n = firers_for(seen, cond, shooter.unit.formed, dist, cover is not None)
    except RuleError as e:
        raise RuleError(e.rule_id, msg("{shooter} at {target}: {refusal}", shooter=s, target=t,
                                       refusal=e.msg)) from None
    lead = command.line_lead(state, shooter)
    if lead is not None:
        n -= LINE_FEWER
        if n < 1:
            raise RuleError("AOT-CMD-BATTLE-LINE", msg("{shooter} shoots in {general} battle line with one firer "
                                                       "fewer, and that leaves none to shoot at {target}",
                                                       shooter=s, general=Possessive(lead.name), target=t))
    return Aim(n, dist, cond, cover, seen, lead is not None)


def _may_shoot(state: GameState, shooter: Piece) -> None:
    """What the shooter itself must be: on the table, armed with missiles, not panicking, not in contact."""
    s = shooter.name
    if not shooter.on_table:
        raise RuleError("AOT-SHOOT-ARC-LOS", msg("{unit} is no longer on the table ({status})", unit=s,
                                                 status=shooter.status))
    if shooter.unit.missile is None:
        raise RuleError("AOT-SHOOT-HIT", msg("{unit} has no missile weapon and cannot shoot", unit=s))
    if shooter.unit.panicking:
        raise RuleError("AOT-PANIC", msg("{unit} is panicking and cannot shoot", unit=s))
    if state.weather == Weather.RAIN.value:
        raise RuleError("AOT-WEATHER-RAIN", msg("{unit} cannot shoot in the downpour: wet bowstrings and damp powder "
                                                "leave shooters only the melee", unit=s))
    foes = moves.contacts(state, shooter)
    if foes:
        raise RuleError("AOT-SHOOT-ARC-LOS", msg("{unit} is in contact with {enemy}: units in contact cannot "
                                                 "shoot, they fight a melee", unit=s, enemy=foes[0].name))


def _volley(shooter: str, target: str, rep: VolleyReport, returned: bool = False) -> Volley:
    """The volley's dice as the log renderer tells them."""
    return Volley(shooter, target, rep.hitting, rep.hits, rep.killed, rep.disordered, rep.save_roll or 0,
                  rep.held_shield, rep.saved, returned)


def _return_fire(state: GameState, ref: Referee, shooter: Piece, target: Piece) -> Aim | None:
    """AOT-REACT-RETURN-FIRE: the target's answering volley, if it may fire back and its player wants to."""
    if target.unit.missile is None or target.unit.panicking or moves.contacts(state, target):
        return None
    try:
        back = aim(state, target, shooter, "AOT-REACT-RETURN-FIRE")
    except RuleError:
        return None
    return back if ref.choose(state, target.id, shooter.id, Reaction.RETURN_FIRE) else None


def _at_panicking(state: GameState, ref: Referee, shooter: Piece, tgt: Piece, firers: int) -> GameState:
    """AOT-PANIC, Reading 2: a panicking target cannot be hit; it flees (once a turn), no dice, no DP."""
    ref.note(shooter.name, "AOT-PANIC", events=(ShotAtPanicking(shooter.id, tgt.id, firers, tgt.name),),
             pieces=(shooter.id, tgt.id))
    return moves.flee(state, ref, tgt.id, shooter.id)


def shoot(state: GameState, ref: Referee, pid: str, target: str) -> GameState:
    """The shoot action end to end (AOT-SHOOT-*): checks, the target's reaction (countercharge or return
    fire), the volley, the result, the retreat, the DP.  Refuses, rolling nothing, a shot the rules do not
    allow."""
    shooter = state.piece(pid)
    _may_shoot(state, shooter)
    turn = shooter.turn.do(Activity.SHOOT)
    tgt = state.piece(target)
    if tgt.side == shooter.side:
        raise RuleError("AOT-SHOOT-ARC-LOS", msg("{shooter} cannot shoot at {target}: it is not an enemy",
                                                 shooter=shooter.name, target=tgt.name))
    if not tgt.on_table:
        raise RuleError("AOT-SHOOT-ARC-LOS", msg("{unit} is no longer on the table ({status})", unit=tgt.name,
                                                 status=tgt.status))
    plan = aim(state, shooter, tgt)
    shooter = replace(shooter, turn=turn)
    state = state.with_piece(shooter)
    if tgt.unit.panicking:
        return _at_panicking(state, ref, shooter, tgt, plan.firers)
    back: Aim | None = None
    if _may_countercharge(state, shooter, tgt, plan) and ref.choose(state, tgt.id, shooter.id, Reaction.COUNTERCHARGE):
        state, reached = countercharge(state, ref, tgt.id, shooter.id, plan.distance)
        if reached:
            return fight(state, ref, frozenset({shooter.id, tgt.id}))
        tgt = state.piece(tgt.id)
        if not tgt.on_table:
            return state
        if tgt.unit.panicking:
            return _at_panicking(state, ref, shooter, tgt, plan.firers)
        try:  # the volley is measured where the target now stands
            plan = aim(state, shooter, tgt)
        except RuleError as e:
            ref.note(shooter.name, e.rule_id, events=(ShotLost(shooter.id, tgt.id, Refusal.of(e), tgt.name),),
                     pieces=(shooter.id, tgt.id))
            return state
    else:
        back = _return_fire(state, ref, shooter, tgt)
    with ref.rolling(shooter.name, "AOT-SHOOT-HIT", shooter.id, tgt.id) as rec:
        rep = resolve_volley(plan.firers, plan.seen or tgt.unit, plan.cond, ref.dice,
                             held_shield=held_shield(state, tgt.id, melee=False), now=tgt.unit, piece=tgt.id,
                             shooter=shooter.id)
        rec.events.extend((_volley(shooter.id, tgt.id, rep), plan.event(shooter, tgt)))
    state = _shot_at(state, tgt, rep)
    answer: VolleyReport | None = None
    if back is not None:
        with ref.rolling(tgt.name, "AOT-REACT-RETURN-FIRE", tgt.id, shooter.id) as rec:
            answer = resolve_volley(back.firers, back.seen or shooter.unit, back.cond, ref.dice,
                                    held_shield=held_shield(state, shooter.id, melee=False), now=shooter.unit,
                                    piece=shooter.id, shooter=tgt.id)
            rec.events.extend((_volley(tgt.id, shooter.id, answer, True), back.event(tgt, shooter)))
        state = _shot_at(state, shooter, answer)
    s_lost = answer.killed + answer.disordered if answer else 0
    t_lost = rep.killed + rep.disordered
    s_unit, t_unit = shooter.unit, tgt.unit
    state = state.with_piece(changed(state.piece(tgt.id), rep.after, rep.killed))
    if answer is not None:
        state = state.with_piece(changed(state.piece(shooter.id), answer.after, answer.killed))
    s_density = density_after(s_unit.ranks, s_lost)
    if retreats(t_unit, t_lost, s_density, plan.cond):
        ref.note(shooter.name, "AOT-SHOOT-RESULT", events=(ShotJudged(
            shooter.id, tgt.id, s_density, compared_density(t_unit, t_lost, plan.cond), True, tgt.name),),
                 pieces=(shooter.id, tgt.id))
        return _beaten(state, ref, loser=tgt.id, winner=shooter.id, loser_at_start=t_unit)
    if back is not None and answer is not None:
        t_density = density_after(t_unit.ranks, t_lost)
        if retreats(s_unit, s_lost, t_density, back.cond):
            ref.note(tgt.name, "AOT-SHOOT-RESULT", events=(ShotJudged(
                tgt.id, shooter.id, t_density, compared_density(s_unit, s_lost, back.cond), True, shooter.name),),
                     pieces=(tgt.id, shooter.id))
            return _beaten(state, ref, loser=shooter.id, winner=tgt.id, loser_at_start=s_unit)
    if t_lost:
        ref.note(shooter.name, "AOT-SHOOT-RESULT", events=(ShotJudged(
            shooter.id, tgt.id, s_density, compared_density(t_unit, t_lost, plan.cond), False, tgt.name),),
                 pieces=(shooter.id, tgt.id))
    return state


# --- the countercharge ----------------------------------------------------------------------------------

def _charge_turn(p: Piece) -> UnitTurn | None:
    """The unit's turn with its run (foot) or trot (horse) spent on a countercharge, or None when it has
    none left to spend (it ran, trotted, retreated or evaded this turn, is in contact, or may not run)."""
    try:
        return p.turn.do(Activity.TROT if p.unit.mounted else Activity.RUN, reaction=True)
    except RuleError:
        return None


def _may_countercharge(state: GameState, shooter: Piece, tgt: Piece, plan: Aim) -> bool:
    """AOT-REACT-COUNTERCHARGE: the target may charge its shooters instead of returning fire: not panicking,
    not in contact, not shot in the flank, its run or trot still unspent, able to move at all."""
    u = tgt.unit
    return (not u.panicking and not u.defensive and u.body is not Body.ELEPHANT and not u.body.chariot
            and not plan.cond.flank and plan.distance > 0 and not moves.contacts(state, tgt)
            and _charge_turn(tgt) is not None)


def _carried(pose: geo.Pose, to: geo.Pose, d: float) -> geo.Pose:
    """``pose`` carried ``d`` inches straight toward ``to``'s front-edge centre, without turning."""
    dx, dy = to.x - pose.x, to.y - pose.y
    n = math.hypot(dx, dy)
    if n < 1e-9:
        return pose
    return geo.Pose.of(pose.x + dx * d / n, pose.y + dy * d / n, pose.facing)


def _ground_clear(state: GameState, p: Piece, end: geo.Pose, *, short: bool) -> bool:
    """The ground a countercharge crosses from where ``p`` stands to ``end`` (the hull of the two bases) is open
    to it: on the table, no impassable ground, not the enemy's camp, no other base overlapped; with ``short``,
    it also comes no nearer than contact to any enemy.  Measured in plain arithmetic, boxes first; the lane's
    shapely polygon (:func:`_lane`) only when a measurement lands too near a threshold to trust."""
    hull = geo.hull_points([*geo.corners(p.pose, p.size), *geo.corners(end, p.size)])
    pieces = [hull]
    box = geo.box_of(hull)
    if not geo.on_table_box(box, state.width, state.depth):
        return False

    @cache
    def ground() -> Polygon:
        return _lane(p, end)

    for t in state.terrain:
        if (not terrain_effect(t.kind, p.unit).passable and not geo.boxes_apart(box, t.box)
                and geo.pieces_overlap(pieces, t.outline, ground, t.polygon)):
            return False
    side = state.sides[1 - p.side]
    camp_box = side.camp_box
    if camp_box is not None and not geo.boxes_apart(box, camp_box) and geo.pieces_overlap(
            pieces, side.camp, ground, side.camp_polygon):
        return False
    for o in state.fighting():
        if o.id == p.id:
            continue
        o_box = geo.base_box(o.pose, o.size)
        if geo.box_gap(box, o_box) >= geo.CONTACT + geo.GAP_SLACK:
            continue  # too far to overlap or to touch
        o_pts = list(geo.corners(o.pose, o.size))
        body = partial(geo.footprint, o.pose, o.size)  # built only if shapely must settle it
        if not geo.boxes_apart(box, o_box) and geo.pieces_overlap(pieces, o_pts, ground, body):
            return False
        if short and o.side != p.side and geo.pieces_nearer(pieces, o_pts, ground, body, geo.CONTACT):
            return False
    return True


def _lane(p: Piece, end: geo.Pose) -> Polygon:
    """The ground between the base where it stands and the base at ``end`` (their hull)."""
    hull = p.polygon.union(geo.footprint(end, p.size)).convex_hull
    assert isinstance(hull, Polygon)
    return hull


def contact_poses(p: Piece, shooter: Piece) -> list[geo.Pose]:
    """Where a countercharge may end in contact: ``p``'s front edge flush against the side of the shooter's
    base nearest to it, half the contact distance off, centred on that side first and then slid along it,
    nearest to ``p`` first on a tie."""
    (ax, ay), (bx, by) = geo.facing_side(shooter.pose, shooter.size, p.polygon)
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    mx, my = (ax + bx) / 2, (ay + by) / 2
    cx, cy = geo.centre(shooter.pose, shooter.size)
    nx, ny = uy, -ux
    if nx * (mx - cx) + ny * (my - cy) < 0:
        nx, ny = -nx, -ny
    facing = geo.bearing((0.0, 0.0), (-nx, -ny))
    reach = (length + p.size.width) / 2 - SLIDE
    offsets = [0.0] + [k * SLIDE * sign for k in range(1, int(reach / SLIDE) + 1) for sign in (1, -1)]
    here = geo.centre(p.pose, p.size)
    ranked = []
    for o in offsets:
        q = geo.Pose.of(mx + nx * moves.HALF + ux * o, my + ny * moves.HALF + uy * o, facing)
        ranked.append((abs(o), math.dist(geo.centre(q, p.size), here), q))
    return [q for _, _, q in sorted(ranked, key=lambda k: k[:2])]


def _charge_home(state: GameState, p: Piece, shooter: Piece) -> geo.Pose | None:
    """The first contact pose the countercharger can reach over open ground, or None."""
    for pose in contact_poses(p, shooter):
        if _ground_clear(state, p, pose, short=False):
            return pose
    return None


def _charge_short(state: GameState, p: Piece, shooter: Piece, r: float) -> geo.Pose:
    """AOT-REACT-COUNTERCHARGE, Reading: a roll short of the distance takes the unit ``r`` inches straight
    toward the shooter (turned first to face it), stopping short of contact and of any other base."""
    goal = contact_poses(p, shooter)[0]
    start = geo.turned_in_place(p.pose, p.size, goal.facing)
    if not _ground_clear(state, p, start, short=True):
        start = p.pose  # no room to turn: it goes as it faces
    r = min(r, math.hypot(goal.x - start.x, goal.y - start.y))

    def ok(d: float) -> bool:
        return _ground_clear(state, p, _carried(start, goal, d), short=True)

    if ok(r):
        return _carried(start, goal, r)
    if not ok(0.0):
        return p.pose
    lo, hi = 0.0, r
    for _ in range(moves.ROUNDS):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if ok(mid) else (lo, mid)
    return _carried(start, goal, lo)


def _rough_inside(state: GameState, p: Piece) -> tuple[str, ...]:
    """The rough pieces the base now stands in (it tests again when it moves on, AOT-ROUGH-TERRAIN)."""
    return tuple(t.name for t in state.terrain
                 if terrain_effect(t.kind, p.unit).test and not geo.boxes_apart(geo.base_box(p.pose, p.size), t.box)
                 and geo.base_overlaps(p.pose, p.size, t.outline, t.polygon))


def countercharge(state: GameState, ref: Referee, pid: str, shooter_id: str,
                  distance: Fraction) -> tuple[GameState, bool]:
    """AOT-REACT-COUNTERCHARGE: ``pid`` charges the unit shooting at it, ``distance`` away.  One die is the
    move and a disorder test; at least the distance, and with room to reach it, the unit ends in contact
    (True: the shot is cancelled, the melee follows); short, it moves that far toward the shooter (False:
    the shot goes on).  It spends the unit's run or trot.  Refused, rolling nothing, a unit that may not."""
    p, s = state.piece(pid), state.piece(shooter_id)
    tracker = _charge_turn(p)
    if tracker is None or p.unit.panicking or moves.contacts(state, p):
        raise RuleError("AOT-REACT-COUNTERCHARGE", msg("{unit} cannot countercharge: it is panicking, in "
                                                       "contact, or has no run or trot left this turn", unit=p.name))
    with ref.rolling(p.name, "AOT-REACT-COUNTERCHARGE", pid, shooter_id) as rec:
        start = len(ref.dice.log)
        cc = resolve_countercharge(p.unit, distance, ref.dice)
        r = next(e.face for e in ref.dice.log[start:] if isinstance(e, Roll))
        rec.events.append(Countercharged(pid, shooter_id, float(distance), r, cc.reaches, cc.disordered, s.name))
    p = changed(replace(p, turn=tracker), p.unit.take_losses(0, cc.disordered), 0)
    if p.unit.panicking:
        ref.note(p.name, "AOT-REACT-COUNTERCHARGE", events=(Panicked(pid, PanicCause.COUNTERCHARGE_DIE),),
                 pieces=(pid,))
        return state.with_piece(p), False
    home = _charge_home(state, p, s) if cc.reaches else None
    if cc.reaches and home is None:
        ref.note(p.name, "AOT-REACT-COUNTERCHARGE", events=(CounterchargeEnded(pid, s.id, ChargeEnd.NO_GROUND, p.pose,
                                                                                 shooter_name=s.name),),
                 pieces=(pid, s.id))
    end = home if home is not None else _charge_short(state, p, s, float(r))
    p = replace(p, pose=end)
    p = replace(p, inside=_rough_inside(state, p))
    state = state.with_piece(p)
    if home is not None:
        ref.note(p.name, "AOT-REACT-COUNTERCHARGE", events=(CounterchargeEnded(pid, s.id, ChargeEnd.HOME, end,
                                                                                 shooter_name=s.name),),
                 pieces=(pid, s.id))
        return state, True
    ref.note(p.name, "AOT-REACT-COUNTERCHARGE", events=(CounterchargeEnded(
        pid, s.id, ChargeEnd.SHORT, end, float(geo.distance(p.polygon, s.polygon)), s.name),), pieces=(pid, s.id))
    return state, False


def _beaten(state: GameState, ref: Referee, *, loser: str, winner: str, loser_at_start: Unit) -> GameState:
    """A fight's loser: the DP earned, its retreat, its army's panicking units' flight, then the DP spent."""
    w = state.piece(winner)
    dp = award(state.sides[w.side].name, loser_at_start, ref.dice, w.id)
    where = state.piece(loser)
    state = retreat_loser(state, ref, loser, winner)
    state = panic_flight(state, ref, where.side)
    return spend_dp(state, ref, w.side, dp, where, loser, winner)


def retreat_loser(state: GameState, ref: Referee, loser: str, away_from: str) -> GameState:
    """AOT-MELEE-RETREAT / AOT-SHOOT-RESULT: the beaten unit retreats, if it is still there and may."""
    p = state.piece(loser)
    if not p.on_table:
        ref.note(p.name, "AOT-MELEE-RETREAT", events=(RetreatBlocked(p.id, p.status, name=p.name),), pieces=(p.id,))
        return state
    try:
        p.turn.do(Activity.RETREAT)
    except RuleError as e:
        spent = Activity.RETREAT if p.turn.retreated else p.turn.extra  # the allowance a retreat needs, used
        ref.note(p.name, e.rule_id, events=(RetreatBlocked(p.id, spent=spent, rule=e.rule_id, name=p.name),),
                 pieces=(p.id,))
        return state
    return moves.retreat(state, ref, loser, away_from)


def panic_flight(state: GameState, ref: Referee, side: int) -> GameState:
    """AOT-PANIC: a unit of this army lost and retreated, so its panicking units flee toward camp, once a turn."""
    for pid in [p.id for p in state.fighting(side)]:
        p = state.piece(pid)
        if p.on_table and p.unit.panicking and not p.fled_this_turn:
            ref.note(p.name, "AOT-PANIC", events=(Panicked(pid, PanicCause.ARMY_BEATEN),), pieces=(pid,))
            state = moves.flee(state, ref, pid)
    return state


# --- melee ----------------------------------------------------------------------------------------------

def contact_pairs(state: GameState, pids: Iterable[str] | None = None) -> list[tuple[str, str]]:
    """Every pair of enemy units in contact, in table order (only pairs involving ``pids`` if given)."""
    only = None if pids is None else frozenset(pids)
    on = state.fighting()
    out = []
    for i, a in enumerate(on):
        for b in on[i + 1:]:
            if a.side == b.side or (only is not None and a.id not in only and b.id not in only):
                continue
            if in_touch(a, b):
                out.append((a.id, b.id))
    return out


def _foes(pairs: Sequence[tuple[str, str]]) -> dict[str, list[str]]:
    foes: dict[str, list[str]] = {}
    for a, b in pairs:
        foes.setdefault(a, []).append(b)
        foes.setdefault(b, []).append(a)
    return foes


def shares(unit: Unit, k: int) -> list[Front]:
    """The unit's front-rank strikers split as evenly as possible into ``k`` shares, the first shares taking
    the odd dice, weapon groups kept in order (the way :func:`melee.split_dice` splits in two).

    >>> shares(Unit(ranks=(3, 3)), 2)
    [((<MeleeWeapon.SWORD: 'sword'>, 2),), ((<MeleeWeapon.SWORD: 'sword'>, 1),)]
    """
    f = unit.ranks[0]
    counts = [f // k + (1 if i < f % k else 0) for i in range(k)]
    groups = [(w, n) for w, n in unit.front if n > 0]
    out: list[Front] = []
    g = used = 0
    for c in counts:
        share: list[tuple[MeleeWeapon, int]] = []
        while c and g < len(groups):
            w, n = groups[g]
            take = min(c, n - used)
            share.append((w, take))
            used, c = used + take, c - take
            if used == n:
                g, used = g + 1, 0
        out.append(tuple(share))
    return out


def _side(state: GameState, me: Piece, foe: Piece, start: Unit) -> Side:
    """``me`` as it stands against ``foe`` (flank, horse strike), with its start-of-fight unit.  A horse strikes
    only after a straight move: a unit that wheeled this turn does not (AOT-MELEE-HORSE-STRIKE)."""
    flanked = flanked_by(me, foe)
    horse = (start.mounted and not flanked and not me.wheeled and start.body not in (Body.CAMELS, Body.CART)
             and state.weather != Weather.MUD.value and not in_rough(state, me))
    return Side(start, horse_strike=horse, flanked=flanked, piece=me.id)


@dataclass
class _Tally:
    killed: int = 0
    disordered: int = 0

    def add(self, killed: int, disordered: int) -> None:
        self.killed += killed
        self.disordered += disordered


def _struck(by: Piece, rep: StrikeReport, on: Piece) -> Struck:
    """One side's strikes as the log renderer tells them."""
    return Struck(by.id, on.id, tuple(f for f, _ in rep.dice), sum(1 for _, h in rep.dice if h), rep.killed,
                  rep.disordered, rep.shield_roll or 0, rep.saved, by.name, on.name)


def _two_vs_one_fits(state: GameState, b: Piece, a1: Piece, a2: Piece) -> bool:
    units = (a1.unit, a2.unit, b.unit)
    return (all(u.body is Body.WARRIORS for u in units) and not a1.unit.terrifying and not a2.unit.terrifying
            and not flanked_by(b, a1) and not flanked_by(b, a2))


def fight(state: GameState, ref: Referee, pids: frozenset[str] | None = None) -> GameState:
    """Every melee among units in contact, or only those involving ``pids`` (AOT-MELEE-ENGAGE), fought at
    once from the start-of-fight densities; then the results, the losers' retreats, panic and the DP."""
    pairs = contact_pairs(state, pids)
    # AOT-PANIC: a panicking unit is never fought; it flees in the melee phase (no DP).
    fled = False
    foes = _foes(pairs)
    for pid in dict.fromkeys(x for pair in pairs for x in pair):
        p = state.piece(pid)
        if p.on_table and p.unit.panicking:
            attacker = next((f for f in foes.get(pid, []) if state.piece(f).on_table), "")
            ref.note(p.name, "AOT-PANIC", events=(Panicked(pid, PanicCause.IN_CONTACT),), pieces=(pid,))
            state = moves.flee(state, ref, pid, attacker)
            fled = True
    pairs = [(a, b) for a, b in (contact_pairs(state, pids) if fled else pairs)
             if not state.piece(a).unit.panicking and not state.piece(b).unit.panicking]
    if not pairs:
        return state
    state, turned = _turns_to_face(state, ref, pairs)
    if turned:
        pairs = [(a, b) for a, b in contact_pairs(state, pids)
                 if not state.piece(a).unit.panicking and not state.piece(b).unit.panicking]
    foes = _foes(pairs)
    start = {pid: state.piece(pid).unit for pid in foes}
    tally = {pid: _Tally() for pid in foes}
    sides: dict[tuple[str, str], tuple[Side, Side]] = {}
    done: set[tuple[str, str]] = set()

    # Two against one, where the calculators' model fits.
    for bid in foes:
        f = foes[bid]
        if len(f) != 2 or any(len(foes[x]) != 1 for x in f):
            continue
        b, a1, a2 = state.piece(bid), state.piece(f[0]), state.piece(f[1])
        if not _two_vs_one_fits(state, b, a1, a2):
            continue
        s1, s2 = _side(state, a1, b, start[a1.id]), _side(state, a2, b, start[a2.id])
        sb = _side(state, b, a1, start[bid])
        first = -(-b.unit.ranks[0] // 2)
        with ref.rolling(f"{a1.name} and {a2.name} v {b.name}", "AOT-MELEE-STRIKES", a1.id, a2.id, bid) as rec:
            r, shields = two_vs_one_played(s1, s2, sb, first, ref.dice, held=(
                held_shield(state, a1.id, melee=True), held_shield(state, a2.id, melee=True),
                held_shield(state, b.id, melee=True)))
            rec.events.append(TwoOnOne((a1.id, a2.id, bid), (a1.name, a2.name, b.name),
                                       (first, b.unit.ranks[0] - first), (r.a1_killed, r.a2_killed, r.b_killed),
                                       (r.a1_disordered, r.a2_disordered, r.b_disordered)))
        state = _shields_after(state, zip((a1.id, a2.id, bid), shields, strict=True))
        tally[a1.id].add(r.a1_killed, r.a1_disordered)
        tally[a2.id].add(r.a2_killed, r.a2_disordered)
        tally[bid].add(r.b_killed, r.b_disordered)
        for a, sa in ((a1, s1), (a2, s2)):
            key = (a.id, bid) if (a.id, bid) in pairs else (bid, a.id)
            sides[key] = (sa, sb) if key[0] == a.id else (sb, sa)
            done.add(key)

    # Everything else pair by pair, each unit's front-rank dice shared among the enemies in front of it.
    frontal = {pid: [x for x in foes[pid] if not flanked_by(state.piece(pid), state.piece(x))] for pid in foes}
    share_of: dict[tuple[str, str], Front | None] = {}
    for pid, fr in frontal.items():
        if len(fr) > 1:
            for x, sh in zip(fr, shares(start[pid], len(fr)), strict=True):
                share_of[(pid, x)] = sh
    for a_id, b_id in pairs:
        if (a_id, b_id) in done:
            continue
        a, b = state.piece(a_id), state.piece(b_id)
        sa, sb = _side(state, a, b, start[a_id]), _side(state, b, a, start[b_id])
        if (a_id, b_id) in share_of:
            sa = replace(sa, strikers=share_of[(a_id, b_id)], extras=frontal[a_id][0] == b_id)
        if (b_id, a_id) in share_of:
            sb = replace(sb, strikers=share_of[(b_id, a_id)], extras=frontal[b_id][0] == a_id)
        sides[(a_id, b_id)] = (sa, sb)
        with ref.rolling(f"{a.name} v {b.name}", "AOT-MELEE-STRIKES", a_id, b_id) as rec:
            rep = resolve_melee(sa, sb, ref.dice, held=(held_shield(state, a.id, melee=True),
                                                         held_shield(state, b.id, melee=True)))
            rec.events.extend((_struck(a, rep.a_strikes, b), _struck(b, rep.b_strikes, a)))
        state = _shields_after(state, ((b_id, rep.a_strikes.shield), (a_id, rep.b_strikes.shield)))
        tally[a_id].add(rep.b_strikes.killed, rep.b_strikes.disordered)
        tally[b_id].add(rep.a_strikes.killed, rep.a_strikes.disordered)

    # All losses land together (never more than a unit's formed warriors).
    lost: dict[str, int] = {}
    for pid, t in tally.items():
        u = start[pid]
        k = min(t.killed, u.formed)
        d = min(t.disordered, u.formed - k)
        lost[pid] = k + d
        state = state.with_piece(changed(state.piece(pid), u.take_losses(k, d), k))

    # Pair by pair: the higher density wins (AOT-MELEE-RESULT).
    beaten: dict[str, str] = {}
    for a_id, b_id in pairs:
        sa, sb = sides[(a_id, b_id)]
        res = result(sa, sb, lost[a_id], lost[b_id])
        da = density_after(sa.unit.ranks, lost[a_id], flank=sa.flanked)
        db = density_after(sb.unit.ranks, lost[b_id], flank=sb.flanked)
        an, bn = state.piece(a_id).name, state.piece(b_id).name
        state = state.changed(memory=frozen.changed(state.memory, fought=state.memory.fought | {a_id, b_id}))
        if res is MeleeResult.CONTINUE:
            ref.note(f"{an} v {bn}", "AOT-MELEE-RESULT", events=(MeleeJudged(a_id, b_id, da, db),),
                     pieces=(a_id, b_id))
            continue
        win, lose = (a_id, b_id) if res is MeleeResult.A_WINS else (b_id, a_id)
        ref.note(f"{an} v {bn}", "AOT-MELEE-RESULT", events=(MeleeJudged(
            a_id, b_id, da, db, win, lose, state.piece(win).name, state.piece(lose).name),), pieces=(a_id, b_id))
        beaten.setdefault(lose, win)

    # Retreats, panic, then the DP (slot steps d and e).
    owed: list[tuple[int, int, Piece, str, str]] = []
    for lose in [p for p in foes if p in beaten]:
        win = beaten[lose]
        w = state.piece(win)
        dp = award(state.sides[w.side].name, start[lose], ref.dice, w.id)
        where = state.piece(lose)
        owed.append((w.side, dp, where, lose, win))
        state = retreat_loser(state, ref, lose, win)
        state = panic_flight(state, ref, where.side)
    for side, dp, where, lose, win in owed:
        state = spend_dp(state, ref, side, dp, where, lose, win)
    return engage(state, foes)


def facing_pose(state: GameState, p: Piece, attacker: Piece) -> geo.Pose | None:
    """Where ``p`` stands once turned to face ``attacker`` (AOT-TURN-FLANK-ATTACKED, Reading (engine)): its
    front flush against the attacker's side nearest to it, at the place nearest where it stood that is free
    of every other base, on the table and on ground it may enter, no farther than a base's width; None if
    there is no such place (it stays as it is and fights flanked)."""
    here = geo.centre(p.pose, p.size)
    options = sorted(contact_poses(p, attacker), key=lambda q: math.dist(geo.centre(q, p.size), here))
    for pose in options:
        if math.dist(geo.centre(pose, p.size), here) > p.size.width:
            break
        body = geo.footprint(pose, p.size)
        if not geo.on_table(body, state.width, state.depth):
            continue
        if any(o.id != p.id and geo.overlap(body, o.polygon) for o in state.fighting()):
            continue
        if any(not terrain_effect(t.kind, p.unit).passable and geo.overlap(body, t.polygon) for t in state.terrain):
            continue
        return pose
    return None


def _turns_to_face(state: GameState, ref: Referee, pairs: Sequence[tuple[str, str]]) -> tuple[GameState, bool]:
    """AOT-TURN-FLANK-ATTACKED: each unit in contact only on its flank or rear (no enemy in front) may turn to
    face the first of those attackers before the strikes.  The turn takes the turn's disorder test
    (the index's Reading); it ends in frontal contact (:func:`facing_pose`); a mounted unit that turns so
    makes no horse strike this turn.  Elephants have no flank; chariots turn by their own rule and do not."""
    turned = False
    for pid, fs in _foes(pairs).items():
        p = state.piece(pid)
        if not p.on_table or p.unit.panicking or p.unit.body is Body.ELEPHANT or p.unit.body.chariot:
            continue
        foes = [state.piece(f) for f in fs if state.piece(f).on_table]
        if not foes or not all(flanked_by(p, f) for f in foes):
            continue
        a = foes[0]
        pose = facing_pose(state, p, a)
        if pose is None:
            ref.note(p.name, "AOT-TURN-FLANK-ATTACKED", events=(FacedAttack(pid, a.id, False, a.name),),
                     pieces=(pid, a.id))
            continue
        if not ref.choose(state, pid, a.id, TURN_TO_FACE):
            continue
        with ref.rolling(p.name, "AOT-TURN-FLANK-ATTACKED", pid, a.id) as rec:
            unit = play_step(p.unit, Manoeuvre.TURN, ref.dice, p.id)
            lost = p.unit.formed - unit.formed
            rec.events.extend((FacedAttack(pid, a.id, True, a.name, lost, p.unit.mounted),
                               Turned(pid, p.pose, pose, disordered=lost)))
        state = state.with_piece(replace(changed(p, unit, 0), pose=pose, wheeled=True))
        turned = True
    return state, turned


def engage(state: GameState, pids: Iterable[str]) -> GameState:
    """Mark each of ``pids`` engaged while it touches an enemy, and free it once it does not (UnitTurn)."""
    for pid in pids:
        p = state.piece(pid)
        if not p.on_table:
            continue
        engaged = bool(moves.contacts(state, p))
        if engaged != p.turn.in_contact:
            t = p.turn.engage() if engaged else frozen.changed(p.turn, in_contact=False)
            state = state.with_piece(p.changed(turn=t))
    return state


# --- demoralization points --------------------------------------------------------------------------------

def _dp_target(state: GameState, p: Piece, loser: Piece) -> bool:
    """A unit the default policy can spend on: it has formed warriors, and is no elephant (unless an
    elephant was beaten) and no chariot (AOT-DEMO-TARGETING)."""
    if p.unit.formed == 0 or p.unit.body.chariot:
        return False
    return p.unit.body is not Body.ELEPHANT or loser.unit.body is Body.ELEPHANT


def force_plan(state: GameState, p: Piece, side: int) -> tuple[str, tuple[moves.Step, ...]] | None:
    """AOT-DEMO-FORCED-ATTACK: the spender's unit nearest to ``p`` and the path (a wheel to face it, an advance
    into contact) that drives ``p`` against it, if one move reaches it; None otherwise."""
    if p.unit.density == 0 or p.unit.panicking or p.unit.defensive or moves.contacts(state, p):
        return None
    near = min(state.fighting(side), key=lambda e: (gap(p, e), e.id), default=None)
    if near is None:
        return None
    steps = plans.steps_to(p, near, moves.allowance(p))
    if steps is None:
        return None
    try:  # the path is tried on the table, with scratch dice, so nothing offered is ever refused
        moves.forced_attack(state, Referee(TableDice.seeded(0), state.turn, lambda *a: False), p.id, steps, near.id)
    except RuleError:
        return None
    return near.id, tuple(steps)


def _may_retreat(p: Piece) -> bool:
    try:
        p.turn.do(Activity.RETREAT)
    except RuleError:
        return False
    return True


def _force_choice(state: GameState, ref: Referee, by: str, p: Piece, side: int) -> str | None:
    """Ask the winner (the owner of ``by``) whether his points force ``p`` to retreat (AOT-DEMO-RETREAT) or,
    failing that, to attack his nearest unit (AOT-DEMO-FORCED-ATTACK); only what ``p`` could do is offered."""
    if p.unit.density == 0 or p.unit.body is Body.ELEPHANT:
        return None
    if _may_retreat(p) and ref.choose(state, by, p.id, FORCE_RETREAT):
        return FORCE_RETREAT
    if force_plan(state, p, side) is not None and ref.choose(state, by, p.id, FORCE_ATTACK):
        return FORCE_ATTACK
    return None


def _disorder_with(state: GameState, ref: Referee, side: int, p: Piece, points: int,
                   away: float) -> tuple[GameState, int]:
    """AOT-DEMO-DISORDER: up to ``points`` DP disorder ``p``'s warriors; (state, points left)."""
    emitted = len(ref.dice.log)
    unit, rest = spend_disorder(points, p.unit, ref.dice)
    if rest == points:
        return state, points
    told = DPDisordered(side, p.id, points - rest, away, unit.disordered - p.unit.disordered, p.name)
    ref.note(state.sides[side].name, "AOT-DEMO-DISORDER",  # its DPSpent and Losses travel with it
             events=(*ref.dice.log[emitted:], told), pieces=(p.id,))
    return state.with_piece(changed(p, unit, 0)), rest


def _force(state: GameState, ref: Referee, side: int, by: str, order: Sequence[str], near: dict[str, float],
           left: int) -> tuple[GameState, int, frozenset[str]]:
    """The winner's one forced retreat or attack, if he wants one (AOT-DEMO-RETREAT, AOT-DEMO-FORCED-ATTACK):
    on the first unit of ``order`` (nearest first) whose density the points cover after one point for each
    nearer unit (AOT-DEMO-TARGETING: a nearer unit must have received some before a farther one is targeted).
    Returns the state, the points left and the units already served."""
    for i, pid in enumerate(order):
        p = state.piece(pid)
        cost = p.unit.density
        nearer = [state.piece(q) for q in order[:i]]
        if cost == 0 or i + cost > left or any(spend_disorder(1, q.unit)[1] for q in nearer):
            continue
        how = _force_choice(state, ref, by, p, side)
        if how is None:
            continue
        for q in nearer:
            state, _ = _disorder_with(state, ref, side, q, 1, near[q.id])
        who = state.sides[side].name
        if how == FORCE_RETREAT:
            away = min(state.fighting(side), key=lambda e: (gap(p, e), e.id))
            ref.note(who, "AOT-DEMO-RETREAT", events=(DPForced(side, p.id, cost, Forced.RETREAT, away.id, p.name,
                                                               away.name),), pieces=(by, p.id))
            state = moves.retreat(state, ref, p.id, away.id)
        else:
            plan = force_plan(state, p, side)
            assert plan is not None  # offered only with a plan, and nothing has moved since
            foe, steps = plan
            ref.note(who, "AOT-DEMO-FORCED-ATTACK", events=(DPForced(side, p.id, cost, Forced.ATTACK, foe, p.name,
                                                                     state.piece(foe).name),), pieces=(by, p.id, foe))
            state = moves.forced_attack(state, ref, p.id, steps, foe)
        return state, left - i - cost, frozenset([*order[:i], pid])
    return state, left, frozenset()


def spend_dp(state: GameState, ref: Referee, side: int, dp: int, where: Piece, loser: str,
             by: str = "") -> GameState:
    """Spend side ``side``'s ``dp`` points won against ``loser`` beaten at ``where`` (AOT-DEMO-TARGETING):
    on the loser, or on its army's units in sight of the combat, nearest first, disordering warriors
    (AOT-DEMO-DISORDER: stubborn warriors cost 2, a point disorders 2 recruits).  With ``by``, the winning
    unit, its owner is first offered, on each unit in turn whose density the points cover, a forced retreat
    (AOT-DEMO-RETREAT) or a forced attack on his nearest unit (AOT-DEMO-FORCED-ATTACK), each costing the
    unit's density; what is left disorders as before.

    Reading (engine): the units fighting at the spot (those touching ``where``) do not hide anything from
    it, so a winner standing in front of the loser does not block the sight of the units behind it."""
    if dp <= 0:
        return state
    who = state.sides[side].name
    beaten = state.piece(loser)
    fighters = {e.id for e in moves.contacts(state, where)}
    view = replace(state, pieces=tuple(p for p in state.pieces if p.id not in fighters)) if fighters else state
    near = {p.id: gap(where, p) for p in state.fighting(1 - side)
            if _dp_target(state, p, beaten)}
    left = dp
    done: frozenset[str] = frozenset()
    seen: dict[str, tuple[Piece, bool]] = {}

    def in_sight(p: Piece) -> bool:
        """The loser, or a unit the combat's spot sees (measured once for a unit that has not changed since)."""
        if p.id == loser:
            return True
        kept = seen.get(p.id)
        if kept is None or kept[0] is not p:
            kept = seen[p.id] = (p, sight.line_of_sight(view, where, p) is None)
        return kept[1]

    if by:
        # only the first ``left`` units in sight can be forced (each nearer one costs a point first): sight is
        # measured no farther down the order than that
        order: list[str] = []
        for pid in targeting_order(near):
            if len(order) >= left:
                break
            if in_sight(state.piece(pid)):
                order.append(pid)
        state, left, done = _force(state, ref, side, by, order, near, left)
    for pid in targeting_order(near):  # nearest first; sight is measured only when a unit's turn comes
        if left == 0:
            break
        p = state.piece(pid)
        if pid in done or not p.on_table or not in_sight(p):
            continue
        state, left = _disorder_with(state, ref, side, p, left, near[pid])
    if left:
        ref.note(who, "AOT-DEMO-TARGETING", events=(DPUnspent(side, left),))
    return state
