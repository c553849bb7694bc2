"""The turn on the table (AOT-TURN-SEQUENCE): initiative, weather, the melee of locked units, the slots in
order, and the end of the battle.

Each step is an action ``(state, ref, ...) -> GameState`` run through :meth:`Game.act`, so every step is a
transaction with its dice in the log.  :func:`play_turn` strings them together for two players, and
:func:`play` plays turns until the battle ends.  The order comes from the rules' own functions
(:func:`command.activated_slots`, :func:`weather.weather_of_double`, :mod:`victory`), so this module
decides only what the table adds: which pieces, which contacts, and when.

Readings (engine):

- Only each turn's opening initiative roll counts toward the weather (as :func:`weather.weather`); a
  double right after last turn's opening double brings the weather of its face (AOT-CMD-DOUBLES, Readings).
  The state keeps this turn's opening double (``state.double``); nothing is read back from old log lines.
- Hot sun (2:2) is played: one disorder test for each unit in body armour.  A storm (5:5) loses each side
  a die's count of units, named by their owner and moved by their direction dice (:func:`_storm`,
  :func:`moves.storm_drift`).  Nightfall (6:6) ends the battle on points at once.
- The turn limit (``state.last_turn``) is nightfall too: once that turn's slots are played, the points
  are counted (AOT-VICTORY-POINTS).
- A slot's melee step (c) fights the contacts that were not standing when the slot began
  (AOT-MELEE-ENGAGE); contacts from earlier fight in the next turn's step 2.
- A unit that fled off the table ends the battle "fled off the table" unless its base last stood over its
  own camp (where it stands or stood), which counts as fleeing into the camp; a camp sacked by the enemy
  (:func:`moves.sack_camp`, AOT-CAMP) is worth 2 VP to him and makes those units count (AOT-VICTORY-POINTS).
- After an initiative double the players may rewrite their slots, then the dice are rolled again
  (:func:`roll_again`), as often as the dice tie (AOT-CMD-DOUBLES, the index's Reading).
- The battle is checked for a rout after every slot, so a rout ends it at once.
- Junior officers (AOT-PROP-INITIATIVE) act between steps b and c: the other side's policy is asked
  (:meth:`Player.junior_officers`), and acts through :func:`aot_rules.tabletop.officers.junior_officer`.

The turn sequence takes its players as arguments (any :class:`Player`, e.g. the scripted or the random
policy of :mod:`aot_rules.tabletop.policy`); it imports no player.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from aot_rules.aot.events import UnitDrifted
from aot_rules.aot.rules import victory
from aot_rules.aot.rules.command import activated_slots, roll_pair
from aot_rules.aot.rules.disorder import take_disorder_test
from aot_rules.aot.rules.weather import Drift, Weather, WindFrom, drift, roll_wind, weather_of_double
from aot_rules.core import frozen
from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import msg
from aot_rules.tabletop import combat, geometry, moves
from aot_rules.tabletop.command import (
    SLOT_RULE,
    activate,
    begin_slot_event,
    contact_ids,
    contacts_at_start,
    rewrite_on_double,
    rewrite_slots,
)
from aot_rules.tabletop.events import (
    BattleEnded,
    BattleOutcome,
    Decided,
    Edge,
    EndCause,
    Ground,
    GroundTested,
    InitiativeRolledAgain,
    Reaction,
    ReactionChosen,
    ScoreLine,
    SlotClosed,
    StormStruck,
    TurnBegan,
    WeatherSet,
    Withdrew,
)
from aot_rules.tabletop.game import Game, ReactionChoice, Referee
from aot_rules.tabletop.sight import gap
from aot_rules.tabletop.state import NO_MEMORY, GameState, Piece, SlotMemory, Status

__all__ = ["Player", "activate", "begin_slot", "check_victory", "decide", "end_slot", "initiative_open", "play",
           "play_turn", "rewrite_on_double", "rewrite_slots", "roll_again", "slot_order", "start_turn", "withdraw"]

INITIATIVE = "AOT-CMD-INITIATIVE"


class Player(Protocol):
    """What :func:`play_turn` asks of a player (a policy): to rewrite its slots after a double, to play a
    slot, to act with its junior officers in the other side's slot, and to answer the other side's moves."""

    side: int

    def after_double(self, game: Game) -> None: ...

    def play_slot(self, game: Game, slot: int) -> None: ...

    def junior_officers(self, game: Game) -> None: ...

    def react(self, state: GameState, pid: str, by: str, reaction: Reaction) -> bool: ...


# --- step 1 and 2: the start of a turn ----------------------------------------------------------


def start_turn(state: GameState, ref: Referee) -> GameState:
    """Steps 1 and 2: a new turn (every unit's allowances back), the opening initiative roll and the weather its
    double may bring, then (once the initiative stands) the melee of units still in contact from last turn.

    A double leaves the initiative open (``state.initiative`` is (0, 0)): the players may rewrite their slots
    (:func:`rewrite_on_double`), and only then are the dice rolled again (:func:`roll_again`), AOT-CMD-DOUBLES
    Reading: rewrite, then roll."""
    if state.result is not None:
        raise RuleError("AOT-TURN-SEQUENCE", msg("the battle is over: {result}", result=state.result))
    if state.slot:
        raise RuleError("AOT-TURN-SEQUENCE", msg("slot {slot} of {side} is still being played", slot=state.slot,
                                                 side=state.sides[state.mover].name))
    if initiative_open(state):
        raise RuleError("AOT-CMD-DOUBLES", msg("turn {turn}'s initiative was a double: roll it again first",
                                               turn=state.turn))
    n = state.turn + 1
    ref.turn = n
    pieces = tuple(p.changed(turn=frozen.changed(p.turn.new_turn(), panicking=p.unit.panicking), fled_this_turn=False,
                             wheeled=False) for p in state.pieces)
    with ref.rolling(f"{state.sides[0].name} v {state.sides[1].name}", INITIATIVE) as rec:
        pair = roll_pair(ref.dice)
        double = pair.mine if pair.double else 0
        dice = (0, 0) if double else (pair.mine, pair.theirs)
        rec.events.append(TurnBegan(n, (pair.mine, pair.theirs), double, 0, _names(state),
                                    _played(pair.mine, pair.theirs)))
    previous = state.double
    state = state.changed(turn=n, pieces=pieces, initiative=dice, slot=0, mover=-1, double=double)
    if previous and double:
        state = _weather(state, ref, weather_of_double(double), double)
        if state.result is not None:
            return state
    return state if double else _locked(state, ref)


def initiative_open(state: GameState) -> bool:
    """The turn's initiative came up a double and has not been rolled again yet (AOT-CMD-DOUBLES)."""
    return state.turn > 0 and state.double != 0 and state.initiative == (0, 0) and state.result is None


def roll_again(state: GameState, ref: Referee) -> GameState:
    """AOT-CMD-DOUBLES: after a double, once the players have rewritten their slots (or chosen not to), the
    initiative dice are rolled again; another double leaves the initiative open again (a new rewrite may
    follow; only the turn's opening roll counts toward the weather)."""
    if not initiative_open(state):
        raise RuleError("AOT-CMD-DOUBLES", msg("the initiative is not waiting on a double: nothing to roll again"))
    with ref.rolling(f"{state.sides[0].name} v {state.sides[1].name}", "AOT-CMD-DOUBLES") as rec:
        pair = roll_pair(ref.dice)
        rec.events.append(InitiativeRolledAgain(state.turn, (pair.mine, pair.theirs), _names(state),
                                                _played(pair.mine, pair.theirs)))
    if pair.double:
        return state
    return _locked(replace(state, initiative=(pair.mine, pair.theirs)), ref)


def _names(state: GameState) -> tuple[str, str]:
    return state.sides[0].name, state.sides[1].name


def _played(a: int, b: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The slots each side plays on initiative dice ``a`` (side 0's) and ``b`` (none on a double)."""
    if a == b:
        return (), ()
    return tuple(activated_slots(a, b)), tuple(activated_slots(b, a))


def _locked(state: GameState, ref: Referee) -> GameState:
    """Step 2, once the initiative stands: the melee of units still in contact from last turn."""
    return combat.fight(state, ref) if contact_ids(state) else state


def _weather(state: GameState, ref: Referee, w: Weather, face: int) -> GameState:
    """AOT-WEATHER: the second double running brings the weather of its face; only the newest applies."""
    ref.note("weather", w.rule_id, events=(WeatherSet(w, face),))
    state = replace(state, weather=w.value, wind=None)
    if w is Weather.WIND:
        with ref.rolling("weather", w.rule_id) as rec:
            way = roll_wind(ref.dice)
            edge = wind_edge(state, way)
            rec.events.append(WeatherSet(w, face, edge, True))
        state = replace(state, wind=edge)
    if w is Weather.SUN:
        for p in state.pieces:
            if p.on_table and p.unit.armour and p.unit.density > 0:
                with ref.rolling(p.name, w.rule_id, p.id) as rec:
                    unit, lost = take_disorder_test(p.unit, ref.dice, msg("hot sun"), p.id)
                    rec.events.append(GroundTested(p.id, "", lost, Ground.SUN))
                state = state.with_piece(p.with_unit(unit))
    elif w is Weather.STORM:
        for side in (0, 1):
            state = _storm(state, ref, side)
    elif w is Weather.NIGHT:
        state = _finish(state, ref, _result(state), EndCause.NIGHT)
    return state


#: The reaction a player is asked for each unit it may name as lost in the storm (AOT-WEATHER-STORM).
LOST_IN_STORM = Reaction.LOST_IN_STORM


def _storm(state: GameState, ref: Referee, side: int) -> GameState:
    """AOT-WEATHER-STORM for one side: a die for how many of its units are lost; the player names them (the
    index's Reading: the owner chooses), each takes a direction die and drifts (:func:`moves.storm_drift`).

    Reading (engine): units in contact with the enemy are held by the fight and are not lost; the player is
    offered its other units farthest from the enemy first, and says yes or no to each (a reaction, so a replay
    answers the same) until the count is reached; once the units left to offer are no more than the units still
    to name, they are named without asking."""
    s = state.sides[side]
    free = [p for p in state.fighting(side) if not moves.contacts(state, p)]
    with ref.rolling(s.name, "AOT-WEATHER-STORM") as rec:
        count = ref.dice.d6(msg("units lost in the storm"))
        n = min(count, len(free))
        rec.events.append(StormStruck(side, count, n))  # its line is told by the log renderer

    def far(p: Piece) -> float:
        return min((gap(p, e) for e in state.enemies(p)), default=0.0)

    order = sorted(free, key=lambda p: -far(p))
    lost: list[Piece] = []
    for i, p in enumerate(order):
        if len(lost) == n:
            break
        forced = len(order) - i <= n - len(lost)
        taken = forced or ref.choose(state, p.id, "", LOST_IN_STORM)
        if not forced:
            ref.note(s.name, "AOT-WEATHER-STORM", kind="decision",
                     events=(ReactionChosen(p.id, "", Reaction.LOST_IN_STORM, taken, p.name),), pieces=(p.id,))
        if taken:
            lost.append(p)
    for p in lost:
        with ref.rolling(p.name, "AOT-WEATHER-STORM", p.id) as rec:
            face = ref.dice.d6(msg("storm direction: {unit}", unit=p.name))
            way = drift(face)
            ref.dice.emit(UnitDrifted(p.name, face, way, p.id))  # its line is told by the log renderer
        if way is not Drift.STAYS:
            state = moves.storm_drift(state, ref, p.id, way.value)
    return state


#: The compass edge each of side 0's edges is, when side 0 deployed from the south edge (y = 0).
_EDGES = {WindFrom.MY_EDGE: Edge.SOUTH, WindFrom.ENEMY_EDGE: Edge.NORTH, WindFrom.LEFT: Edge.WEST,
          WindFrom.RIGHT: Edge.EAST}
_MIRROR = {Edge.SOUTH: Edge.NORTH, Edge.NORTH: Edge.SOUTH, Edge.WEST: Edge.EAST, Edge.EAST: Edge.WEST}


def wind_edge(state: GameState, way: WindFrom) -> Edge | None:
    """AOT-WEATHER-WIND, Reading (engine): the edge die is read from side 0's seat (faces 1–4: its own edge, the
    enemy's, its left, its right; 5–6 no wind); the table names it by compass (south is y = 0)."""
    if way is WindFrom.NONE:
        return None
    edge = _EDGES[way]
    return edge if state.sides[0].home_edge < state.depth / 2 else _MIRROR[edge]


# --- step 4: the slots in order -------------------------------------------------------------------


def slot_order(state: GameState) -> tuple[tuple[int, int], ...]:
    """(side, slot) in the order they are played this turn: the higher roller from his number down to the
    other's (excluded), then the other from his number down to 1 (AOT-CMD-INITIATIVE, AOT-TURN-SEQUENCE 4)."""
    a, b = state.initiative
    if a == 0 and b == 0:
        return ()
    order = sorted(((0, a, b), (1, b, a)), key=lambda t: -t[1])
    return tuple((side, s) for side, own, other in order for s in activated_slots(own, other))


def begin_slot(state: GameState, ref: Referee, side: int, slot: int) -> GameState:
    """Step 3 opens: ``side`` plays ``slot``; its owner (a general or the individual unit) is logged."""
    if state.result is not None:
        raise RuleError("AOT-TURN-SEQUENCE", msg("the battle is over: {result}", result=state.result))
    if state.slot:
        raise RuleError("AOT-CMD-SLOT-ORDER", msg("slot {slot} of {side} is still being played; everything in one "
                                                  "slot is finished before the next starts", slot=state.slot,
                                                  side=state.sides[state.mover].name))
    if (side, slot) not in slot_order(state):
        raise RuleError("AOT-CMD-INITIATIVE", msg("slot {slot} of {side} has not come up this turn (initiative "
                                                  "{first}:{second})", slot=slot, side=state.sides[side].name,
                                                  first=state.initiative[0], second=state.initiative[1]))
    opened = begin_slot_event(state, side, slot)
    ref.note(state.sides[side].name, SLOT_RULE, events=(opened,))
    return state.changed(slot=slot, mover=side, memory=SlotMemory(in_contact=opened.in_contact))


def fought_this_slot(state: GameState) -> frozenset[str]:
    """The pieces whose melee was already fought in this slot (a countercharge that reached its shooter): a
    draw goes on in the next turn's step 2, never a second time in the same slot (AOT-MELEE-RESULT)."""
    return state.memory.fought


def end_slot(state: GameState, ref: Referee) -> GameState:
    """Steps c–e close the slot: the melee of contacts made in it and not yet fought (with its retreats and DP,
    played by :func:`combat.fight`), then every activated unit's slot ends."""
    if not state.slot:
        raise RuleError("AOT-CMD-SLOT-ORDER", msg("no slot is being played"))
    before = set(contacts_at_start(state)) | fought_this_slot(state)
    new = frozenset(pid for pid in contact_ids(state) if pid not in before)
    if new:
        state = combat.fight(state, ref, new)
    active = tuple(p.id for p in state.pieces if p.turn.active)
    pieces = tuple(p.changed(turn=p.turn.end_slot()) if p.turn.active else p for p in state.pieces)
    ref.note(state.sides[state.mover].name, SLOT_RULE, kind="frame",
             events=(SlotClosed(state.mover, state.slot, active),), pieces=active)
    return state.changed(pieces=pieces, slot=0, mover=-1, memory=NO_MEMORY)


# --- decisions and the end of the battle ----------------------------------------------------------


def decide(state: GameState, ref: Referee, decision: Decided) -> GameState:
    """A player's decision, typed, in the log (its sentence is told from its fields); the state is otherwise
    unchanged."""
    ref.note(state.sides[decision.side].name, "", kind="decision", events=(decision,))
    return state


def withdraw(state: GameState, ref: Referee, side: int) -> GameState:
    """AOT-VICTORY-WITHDRAW: ``side`` chooses to withdraw; the points are counted once every unit of it
    with a density above 0 has left the table."""
    s = state.sides[side]
    if s.withdrawn:
        raise RuleError("AOT-VICTORY-WITHDRAW", msg("{side} are already withdrawing", side=s.name))
    ref.note(s.name, "AOT-VICTORY-WITHDRAW", kind="decision", events=(Withdrew(side),))
    return state.with_side(side, replace(s, withdrawn=True))


def _fate(state: GameState, p: Piece) -> victory.Standing:
    """What the victory rules count a piece as.  A panicking unit standing wholly inside its own camp has fled
    into it (AOT-VICTORY-ROUT, Reading: a unit counts as gone once removed, in its camp or off the table), so it
    no longer stops a rout."""
    if p.status is Status.FIGHTING:
        if not p.unit.panicking:
            return victory.Standing.FORMED
        inside = p.polygon.difference(state.sides[p.side].camp_site).area <= geometry.AREA_EPS
        return victory.Standing.IN_CAMP if inside else victory.Standing.PANICKING
    if p.status is Status.DESTROYED:
        return victory.Standing.DESTROYED
    if p.status is Status.DISPERSED:
        return victory.Standing.DISPERSED
    if p.status is Status.LOOTING:
        return victory.Standing.LOOTING
    return victory.Standing.IN_CAMP if p.from_camp else victory.Standing.OFF_TABLE


def army(state: GameState, side: int) -> victory.Side:
    """One side as the victory rules count it, with its camp captured or not (AOT-CAMP, AOT-VICTORY-POINTS); each
    unit goes by its piece id, so a score names the pieces it counts."""
    units = tuple(victory.UnitRecord(p.id, _fate(state, p)) for p in state.pieces if p.side == side)
    s = state.sides[side]
    return victory.Side(s.name, units, camp_captured=s.camp_captured)


def _result(state: GameState) -> victory.Result:
    a, b = army(state, 0), army(state, 1)
    for i, (mine, theirs) in enumerate(((a, b), (b, a))):
        if state.sides[i].withdrawn and not mine.named(victory.Standing.FORMED):
            r = victory.withdraw(mine, theirs)
            return r if i == 0 else replace(r, scores=(r.scores[1], r.scores[0]))
    return victory.battle_result(a, b)


def _finish(state: GameState, ref: Referee, r: victory.Result, why: EndCause) -> GameState:
    """The battle's end, and what ended it (:class:`BattleEnded`); the result kept in the state is the ending's
    line as the log renderer tells it.  The victory rules count units by piece id (:func:`army`), so each line
    of a score names the enemy pieces it counts."""
    a, b = r.scores
    winner = next((i for i in (0, 1) if state.sides[i].name == r.winner), -1)
    scores = tuple(tuple(ScoreLine(line.kind, line.count, line.points, line.units) for line in sc.lines
                         if line.points) for sc in (a, b))
    withdrawn = next((i for i in (0, 1) if state.sides[i].withdrawn), -1)
    ended = BattleEnded(winner, how_ended(r), (a.total, b.total), why, state.turn, (a.side, b.side),
                        r.ending, (scores[0], scores[1]), withdrawn)
    ref.note(r.winner or "battle", r.rule_id, events=(ended,))
    return replace(state, result=ended)


def how_ended(r: victory.Result) -> BattleOutcome:
    """Who the battle went to: by rout, on points, after a withdrawal, or a draw (no winner, or a level score)."""
    if r.winner is None:
        return BattleOutcome.DRAW
    return {victory.Ending.ROUT: BattleOutcome.ROUT, victory.Ending.NIGHTFALL: BattleOutcome.POINTS,
            victory.Ending.WITHDRAWAL: BattleOutcome.WITHDRAWAL}[r.ending]


def _plainly_on(state: GameState, turn_over: bool) -> bool:
    """The battle goes on, read off the pieces without counting the armies (a check made after every slot): no
    side withdrawing, each with a unit on the table not panicking (so neither is routed, AOT-VICTORY-ROUT), not
    nightfall, and at most one looter a side (more would make :func:`army` refuse, so the full count is left to say
    so)."""
    if turn_over and state.turn >= state.last_turn:
        return False
    if any(s.withdrawn for s in state.sides):
        return False
    # a side whose units on the table all panic may have them all in its camp (:func:`_fate`): counted in full
    if any(all(p.unit.panicking for p in state.fighting(side)) for side in (0, 1)):
        return False
    return all(sum(p.side == side and p.status is Status.LOOTING for p in state.pieces) <= 1 for side in (0, 1))


def check_victory(state: GameState, ref: Referee, *, turn_over: bool = True) -> GameState:
    """Has the battle ended?  A rout (an army with no unit left on the table), a completed withdrawal, or,
    when ``turn_over`` and the last turn has been played, nightfall on points.  Sets ``state.result``."""
    if state.result is not None:
        return state
    if _plainly_on(state, turn_over):
        return state
    a, b = army(state, 0), army(state, 1)
    routed = [s for s in (a, b) if not victory.still_fighting(s)]
    withdrawn = [i for i in (0, 1) if state.sides[i].withdrawn and not (a, b)[i].named(victory.Standing.FORMED)]
    if withdrawn:
        return _finish(state, ref, _result(state), EndCause.WITHDRAWN)
    if routed:
        return _finish(state, ref, _result(state), EndCause.ROUTED)
    if turn_over and state.turn >= state.last_turn:
        return _finish(state, ref, _result(state), EndCause.LAST_TURN)
    return state


# --- playing ----------------------------------------------------------------------------------------


def reactions(players: Sequence[Player]) -> ReactionChoice:
    """The reacting piece's owner answers (the Game's reaction hook for two players)."""
    def choose(state: GameState, pid: str, by: str, reaction: Reaction) -> bool:
        return players[state.piece(pid).side].react(state, pid, by, reaction)
    return choose


def play_turn(game: Game, players: Sequence[Player]) -> None:
    """One whole turn: start (after a double: each player may rewrite its slots, then the dice are rolled
    again, until they differ), then every slot that came up in order (begin → the owner plays it → the
    other side's junior officers → end), checking for a rout after each; then the end-of-turn check."""
    game.act(start_turn)
    while initiative_open(game.state):
        for p in players:
            p.after_double(game)
        game.act(roll_again)
    if game.state.result is not None:
        return
    game.act(check_victory, turn_over=False)
    for side, slot in slot_order(game.state):
        if game.state.result is not None:
            return
        game.act(begin_slot, side, slot)
        players[side].play_slot(game, slot)
        players[1 - side].junior_officers(game)
        game.act(end_slot)
        game.act(check_victory, turn_over=False)
    game.act(check_victory)


def play(game: Game, turns: int, players: Sequence[Player]) -> Game:
    """Play up to ``turns`` more turns, or until the battle ends; the players (one per side, side 0's first)
    answer reactions too."""
    game.react = reactions(players)
    for _ in range(turns):
        if game.state.result is not None:
            break
        play_turn(game, players)
    return game

