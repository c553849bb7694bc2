"""The turn on the table (AOT-TURN-SEQUENCE): initiative, weather, the melee of locked units, the slots in
order, and the end of the battle.

Each step is an action ``(state, ref, ...) -> GameState`` run through :meth:`Game.act`, so every step is a
transaction with its dice in the log.  :func:`play_turn` strings them together for two players, and
:func:`play` plays turns until the battle ends.  The order comes from the rules' own functions
(:func:`command.activated_slots`, :func:`weather.weather_of_double`, :mod:`victory`), so this module
decides only what the table adds: which pieces, which contacts, and when.

Readings (engine):

- Only each turn's opening initiative roll counts toward the weather (as :func:`weather.play_weather`); a
  double right after last turn's opening double brings the weather of its face (AOT-CMD-DOUBLES, Readings).
  The state keeps this turn's opening double (``state.double``); nothing is read back from old log lines.
- Hot sun (2:2) is played: one disorder test for each unit in body armour.  A storm (5:5) is logged but
  its lost units are not moved yet.  Nightfall (6:6) ends the battle on points at once.
- The turn limit (``state.last_turn``) is nightfall too: once that turn's slots are played, the points
  are counted (AOT-VICTORY-POINTS).
- A slot's melee step (c) fights the contacts that were not standing when the slot began
  (AOT-MELEE-ENGAGE); contacts from earlier fight in the next turn's step 2.
- A unit that fled off the table ends the battle "fled off the table" unless its base last stood over its
  own camp, which counts as fleeing into the camp.  Camps are never captured by the engine yet.
- The battle is checked for a rout after every slot, so a rout ends it at once.
- Junior officers (AOT-PROP-INITIATIVE) act between steps b and c: the other side's policy is asked
  (:meth:`Player.junior_officers`).

The turn sequence takes its players as arguments (any :class:`Player`, e.g. the scripted or the random
policy of :mod:`aot_rules.tabletop.policy`); it imports no player.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from aot_rules.aot.rules import victory
from aot_rules.aot.rules.command import activated_slots, roll_initiative
from aot_rules.aot.rules.disorder import take_disorder_test
from aot_rules.aot.rules.weather import Weather, WindFrom, roll_wind, weather_of_double
from aot_rules.core.errors import RuleError
from aot_rules.core.events import Roll
from aot_rules.tabletop import combat
from aot_rules.tabletop.command import (
    SLOT_RULE,
    activate,
    begin_slot_event,
    contact_ids,
    contacts_at_start,
    rewrite_on_double,
    rewrite_slots,
)
from aot_rules.tabletop.events import BattleEnded, Decided, SlotClosed, TurnBegan, WeatherSet
from aot_rules.tabletop.game import Game, ReactionChoice, Referee
from aot_rules.tabletop.state import GameState, Piece, Status

__all__ = ["Player", "activate", "begin_slot", "check_victory", "decide", "end_slot", "play", "play_turn",
           "rewrite_on_double", "rewrite_slots", "slot_order", "start_turn", "withdraw"]

INITIATIVE = "AOT-CMD-INITIATIVE"


class Player(Protocol):
    """What :func:`play_turn` asks of a player (a policy): to rewrite its slots after a double, to play a
    slot, to act with its junior officers in the other side's slot, and to answer the other side's moves."""

    side: int

    def after_double(self, game: Game) -> None: ...

    def play_slot(self, game: Game, slot: int) -> None: ...

    def junior_officers(self, game: Game) -> None: ...

    def react(self, state: GameState, pid: str, by: str, reaction: str) -> bool: ...


# --- step 1 and 2: the start of a turn ----------------------------------------------------------


def start_turn(state: GameState, ref: Referee) -> GameState:
    """Steps 1 and 2: a new turn (every unit's allowances back), the initiative roll with its doubles and
    weather, then the melee of units still in contact from last turn."""
    if state.result is not None:
        raise RuleError("AOT-TURN-SEQUENCE", f"the battle is over: {state.result}")
    if state.slot:
        raise RuleError("AOT-TURN-SEQUENCE", f"slot {state.slot} of {state.sides[state.mover].name} is still being "
                        "played")
    n = state.turn + 1
    ref.turn = n
    pieces = tuple(replace(p, turn=replace(p.turn.new_turn(), panicking=p.unit.panicking), fled_this_turn=False,
                           wheeled=False) for p in state.pieces)
    a, b = state.sides
    with ref.rolling(f"{a.name} v {b.name}", INITIATIVE) as rec:
        start = len(ref.dice.log)
        roll = roll_initiative(ref.dice)
        faces = [e.face for e in ref.dice.log[start:] if isinstance(e, Roll)]
        ties = [f"{faces[i]}:{faces[i + 1]}" for i in range(0, len(faces) - 2, 2)]
        first, second = (0, 1) if roll.mine > roll.theirs else (1, 0)
        dice = (roll.mine, roll.theirs)
        played = "; ".join(f"{state.sides[s].name} play {_slots(activated_slots(dice[s], dice[1 - s]))}"
                           for s in (first, second))
        rec.outcome = (f"double {', '.join(ties)}, rolled again; " if ties else "") + \
            f"{a.name} {roll.mine}, {b.name} {roll.theirs}: {played}"
        double = faces[0] if faces[0] == faces[1] else 0
        rec.events.append(TurnBegan(n, dice, double, len(ties)))
    previous = state.double
    state = replace(state, turn=n, pieces=pieces, initiative=dice, slot=0, mover=-1, double=double)
    if previous and double:
        state = _weather(state, ref, weather_of_double(double), double)
        if state.result is not None:
            return state
    locked = contact_ids(state)
    if locked:
        state = combat.fight(state, ref)
    return state


def _slots(slots: Sequence[int]) -> str:
    return ", ".join(map(str, slots)) if slots else "no slot"


def _weather(state: GameState, ref: Referee, w: Weather, face: int) -> GameState:
    """AOT-WEATHER: the second double running brings the weather of its face; only the newest applies."""
    ref.note("weather", w.rule_id, f"a second double running ({face}:{face}) brings {w.value}",
             events=(WeatherSet(w.value, face),))
    state = replace(state, weather=w.value)
    if w is Weather.WIND:
        with ref.rolling("weather", w.rule_id) as rec:
            way = roll_wind(ref.dice)
            edge = wind_edge(state, way)
            rec.outcome = f"the wind blows from the {edge} edge" if edge else "the wind is too weak to matter"
            rec.events.append(WeatherSet(w.value, face, edge))
        if edge:
            state = replace(state, weather=f"{w.value} from the {edge}")
    if w is Weather.SUN:
        for p in state.pieces:
            if p.on_table and p.unit.armour and p.unit.density > 0:
                with ref.rolling(p.name, w.rule_id) as rec:
                    unit, lost = take_disorder_test(p.unit, ref.dice, "hot sun")
                    rec.outcome = f"{lost} warrior{'s' if lost != 1 else ''} disordered by the heat"
                state = state.with_piece(p.with_unit(unit))
    elif w is Weather.STORM:
        ref.note("weather", w.rule_id, "the storm's lost units are not moved by the engine yet (Reading (engine))")
    elif w is Weather.NIGHT:
        state = _finish(state, ref, _result(state), f"night falls on turn {state.turn}")
    return state


#: The compass edge each of side 0's edges is, when side 0 deployed from the south edge (y = 0).
_EDGES = {WindFrom.MY_EDGE: "south", WindFrom.ENEMY_EDGE: "north", WindFrom.LEFT: "west", WindFrom.RIGHT: "east"}
_MIRROR = {"south": "north", "north": "south", "west": "east", "east": "west"}


def wind_edge(state: GameState, way: WindFrom) -> str:
    """AOT-WEATHER-WIND, Reading (engine): the edge die is read from side 0's seat (faces 1–4: its own edge, the
    enemy's, its left, its right; 5–6 no wind); the table names it by compass (south is y = 0)."""
    if way is WindFrom.NONE:
        return ""
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
        raise RuleError("AOT-TURN-SEQUENCE", f"the battle is over: {state.result}")
    if state.slot:
        raise RuleError("AOT-CMD-SLOT-ORDER", f"slot {state.slot} of {state.sides[state.mover].name} is still being "
                        "played; everything in one slot is finished before the next starts")
    if (side, slot) not in slot_order(state):
        raise RuleError("AOT-CMD-INITIATIVE", f"slot {slot} of {state.sides[side].name} has not come up this turn "
                        f"(initiative {state.initiative[0]}:{state.initiative[1]})")
    ref.note(state.sides[side].name, SLOT_RULE, events=(begin_slot_event(state, side, slot),))
    return replace(state, slot=slot, mover=side)


def end_slot(state: GameState, ref: Referee) -> GameState:
    """Steps c–e close the slot: the melee of contacts made in it (with its retreats and DP, played by
    :func:`combat.fight`), then every activated unit's slot ends."""
    if not state.slot:
        raise RuleError("AOT-CMD-SLOT-ORDER", "no slot is being played")
    before = set(contacts_at_start(state))
    new = frozenset(pid for pid in contact_ids(state) if pid not in before)
    if new:
        state = combat.fight(state, ref, new)
    active = tuple(p.id for p in state.pieces if p.turn.active)
    pieces = tuple(replace(p, turn=p.turn.end_slot()) if p.turn.active else p for p in state.pieces)
    ref.note(state.sides[state.mover].name, SLOT_RULE, kind="frame",
             events=(SlotClosed(state.mover, state.slot, active),), pieces=active)
    return replace(state, pieces=pieces, slot=0, mover=-1)


# --- decisions and the end of the battle ----------------------------------------------------------


def decide(state: GameState, ref: Referee, side: int, reason: str) -> GameState:
    """A player's decision and its reason, in the log; the state is otherwise unchanged."""
    ref.note(state.sides[side].name, "", kind="decision", events=(Decided(side, reason),))
    return state


def withdraw(state: GameState, ref: Referee, side: int) -> GameState:
    """AOT-VICTORY-WITHDRAW: ``side`` chooses to withdraw; the points are counted once every unit of it
    with a density above 0 has left the table."""
    s = state.sides[side]
    if s.withdrawn:
        raise RuleError("AOT-VICTORY-WITHDRAW", f"{s.name} are already withdrawing")
    ref.note(s.name, "AOT-VICTORY-WITHDRAW", "withdraw in good order", kind="decision")
    return state.with_side(side, replace(s, withdrawn=True))


def _fate(state: GameState, p: Piece) -> victory.Fate:
    if p.status is Status.FIGHTING:
        return victory.Fate.PANICKING if p.unit.panicking else victory.Fate.FORMED
    if p.status is Status.DESTROYED:
        return victory.Fate.DESTROYED
    if p.status is Status.DISPERSED:
        return victory.Fate.DISPERSED
    camp = state.sides[p.side].camp_polygon
    return victory.Fate.IN_CAMP if p.polygon.intersects(camp) else victory.Fate.OFF_TABLE


def army(state: GameState, side: int) -> victory.Side:
    """One side as the victory rules count it."""
    units = tuple(victory.UnitRecord(p.name, _fate(state, p)) for p in state.pieces if p.side == side)
    return victory.Side(state.sides[side].name, units)


def _result(state: GameState) -> victory.Result:
    a, b = army(state, 0), army(state, 1)
    for i, (mine, theirs) in enumerate(((a, b), (b, a))):
        if state.sides[i].withdrawn and not mine.named(victory.Fate.FORMED):
            r = victory.withdraw(mine, theirs)
            return r if i == 0 else replace(r, scores=(r.scores[1], r.scores[0]))
    return victory.battle_result(a, b)


def _finish(state: GameState, ref: Referee, r: victory.Result, why: str) -> GameState:
    a, b = r.scores
    text = f"{why}: {r.describe()} ({a.describe()}; {b.describe()})"
    winner = next((i for i in (0, 1) if state.sides[i].name == r.winner), -1)
    ref.note(r.winner or "battle", r.rule_id, text,
             events=(BattleEnded(winner, how_ended(r), (a.total, b.total)),))
    return replace(state, result=text)


def how_ended(r: victory.Result) -> str:
    """``rout``, ``points``, ``withdrawal`` or ``draw`` (no winner, or a level score)."""
    if r.winner is None:
        return "draw"
    return {victory.Ending.ROUT: "rout", victory.Ending.NIGHTFALL: "points",
            victory.Ending.WITHDRAWAL: "withdrawal"}[r.ending]


def check_victory(state: GameState, ref: Referee, *, turn_over: bool = True) -> GameState:
    """Has the battle ended?  A rout (an army with no unit left on the table), a completed withdrawal, or,
    when ``turn_over`` and the last turn has been played, nightfall on points.  Sets ``state.result``."""
    if state.result is not None:
        return state
    a, b = army(state, 0), army(state, 1)
    routed = [s for s in (a, b) if not victory.still_fighting(s)]
    withdrawn = [i for i in (0, 1) if state.sides[i].withdrawn and not (a, b)[i].named(victory.Fate.FORMED)]
    if withdrawn:
        return _finish(state, ref, _result(state), f"{state.sides[withdrawn[0]].name} have withdrawn")
    if routed:
        return _finish(state, ref, _result(state), f"the battle ends on turn {state.turn}")
    if turn_over and state.turn >= state.last_turn:
        return _finish(state, ref, _result(state), f"night falls after turn {state.turn}")
    return state


# --- playing ----------------------------------------------------------------------------------------


def reactions(players: Sequence[Player]) -> ReactionChoice:
    """The reacting piece's owner answers (the Game's reaction hook for two players)."""
    def choose(state: GameState, pid: str, by: str, reaction: str) -> bool:
        return players[state.piece(pid).side].react(state, pid, by, reaction)
    return choose


def play_turn(game: Game, players: Sequence[Player]) -> None:
    """One whole turn: start, then every slot that came up in order (begin → the owner plays it → the
    other side's junior officers → end), checking for a rout after each; then the end-of-turn check."""
    game.act(start_turn)
    if game.state.result is not None:
        return
    game.act(check_victory, turn_over=False)
    if game.state.double:
        for p in players:
            p.after_double(game)
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

