"""The turn on the table: initiative and slot order, doubles and weather, activation and its refusals,
the end of a slot, and victory."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from aot_rules.aot.rules.orders import Activity, Method, Rank
from aot_rules.core.errors import RuleError
from aot_rules.present import tablelog
from aot_rules.present.tablelog import ended
from aot_rules.tabletop import save
from aot_rules.tabletop.events import Choice, Decided, InitiativeRolledAgain, SlotsRewritten, TurnBegan
from aot_rules.tabletop.game import Game, TableDice
from aot_rules.tabletop.geometry import Pose
from aot_rules.tabletop.scenarios import scenario
from aot_rules.tabletop.state import CommanderState, GameState, Status
from aot_rules.tabletop.turn import (
    activate,
    begin_slot,
    check_victory,
    decide,
    end_slot,
    initiative_open,
    rewrite_on_double,
    rewrite_slots,
    roll_again,
    slot_order,
    start_turn,
    withdraw,
)

ATH, BOE = 0, 1


def game(faces: list[int], state: GameState | None = None) -> Game:
    return Game(state if state is not None else scenario("greek-border", 1), dice=TableDice.fixed(faces))


def moved(state: GameState, pid: str, x: float, y: float | None = None) -> GameState:
    p = state.piece(pid)
    return state.with_piece(replace(p, pose=Pose.of(x, p.pose.y if y is None else y, p.pose.facing)))


def refused(g: Game, rule: str, action: Callable[..., GameState], *args: Any) -> None:
    """The action is refused under ``rule`` and the game is exactly as it was."""
    before, used = g.state, g.dice.used
    with pytest.raises(RuleError) as e:
        g.act(action, *args)
    assert e.value.rule_id == rule, e.value
    assert g.state is before and g.dice.used == used


def in_slot(faces: list[int], side: int, slot: int, state: GameState | None = None) -> Game:
    g = game(faces, state)
    g.act(start_turn)
    g.act(begin_slot, side, slot)
    return g


# --- initiative and the order of slots -----------------------------------------------------------


def test_initiative_4_2_plays_the_worked_example_order() -> None:
    """AOT-EX-INITIATIVE-SLOTS: 4 against 2 → slots 4, 3 of the higher roller, then 2, 1 of the other."""
    g = game([4, 2])
    g.act(start_turn)
    s = g.state
    assert s.turn == 1 and s.initiative == (4, 2)
    assert slot_order(s) == ((ATH, 4), (ATH, 3), (BOE, 2), (BOE, 1))
    e = s.log[-1]
    assert (e.rule, e.faces) == ("AOT-CMD-INITIATIVE", (4, 2))
    assert tablelog.outcome(e) == "Athenians 4, Boeotians 2: Athenians play 4, 3; Boeotians play 2, 1"


def test_lower_roller_on_side_0_plays_second() -> None:
    g = game([2, 5])
    g.act(start_turn)
    assert slot_order(g.state) == ((BOE, 5), (BOE, 4), (BOE, 3), (ATH, 2), (ATH, 1))


def test_a_tie_leaves_the_initiative_open_until_it_is_rolled_again() -> None:
    g = game([3, 3, 5, 2])
    g.act(start_turn)
    e = g.state.log[-1]
    assert e.faces == (3, 3) and isinstance(e.events[-1], TurnBegan) and e.events[-1].double == 3
    assert initiative_open(g.state) and slot_order(g.state) == ()
    refused(g, "AOT-CMD-INITIATIVE", begin_slot, ATH, 5)  # no slot before the dice are rolled again
    refused(g, "AOT-CMD-DOUBLES", start_turn)
    g.act(roll_again)
    e = g.state.log[-1]
    names = (g.state.sides[0].name, g.state.sides[1].name)
    assert e.faces == (5, 2) and e.events[-1] == InitiativeRolledAgain(1, (5, 2), names, ((5, 4, 3), (2, 1)))
    assert tablelog.outcome(e) == (f"rolled again: {names[0]} 5, {names[1]} 2: {names[0]} play 5, 4, 3; "
                                   f"{names[1]} play 2, 1")
    assert g.state.initiative == (5, 2) and g.state.double == 3 and g.state.weather == "calm"
    refused(g, "AOT-CMD-DOUBLES", roll_again)


def test_a_second_tie_is_rolled_again_too() -> None:
    g = game([3, 3, 4, 4, 6, 1])
    g.act(start_turn)
    g.act(roll_again)
    assert initiative_open(g.state)
    g.act(roll_again)
    assert g.state.initiative == (6, 1) and g.state.double == 3


def turn_of(g: Game) -> None:
    g.act(start_turn)
    while initiative_open(g.state):
        g.act(roll_again)


def test_a_second_opening_double_running_brings_its_weather() -> None:
    g = game([3, 3, 5, 2, 3, 3, 1, 6])
    turn_of(g)
    turn_of(g)
    assert g.state.turn == 2 and g.state.weather == "mud"
    assert any(e.rule == "AOT-WEATHER-MUD" and "3:3" in tablelog.outcome(e) for e in g.state.log)


def test_doubles_not_running_bring_no_weather() -> None:
    g = game([3, 3, 5, 2, 4, 1, 3, 3, 1, 6])
    for _ in range(3):
        turn_of(g)
    assert g.state.weather == "calm"


def test_nightfall_on_6_6_ends_the_battle_on_points() -> None:
    g = game([6, 6, 4, 1, 6, 6])
    turn_of(g)
    g.act(start_turn)  # night falls at once: the dice are not rolled again
    assert g.state.weather == "nightfall" and g.dice.used == 6
    assert g.state.result is not None and "nightfall: a draw, 0 VP to 0" in ended(g.state.result)
    refused(g, "AOT-TURN-SEQUENCE", start_turn)


def test_hot_sun_tests_the_armoured_units_once() -> None:
    """Only the Theban hoplites wear armour; a 1 against density 4 disorders them."""
    g = game([2, 2, 3, 1, 2, 2, 1, 3, 1])  # the sun's test die comes with the double, before the re-roll
    turn_of(g)
    turn_of(g)
    sun = [e for e in g.state.log if e.rule == "AOT-WEATHER-SUN" and e.faces]
    assert [(e.who, e.faces) for e in sun] == [("Theban hoplites", (1,))]
    b1 = g.state.piece("B1")
    assert b1.unit.disordered > 0 and b1.unit.strength == b1.initial


def test_a_new_turn_gives_every_unit_its_allowances_back() -> None:
    s = scenario("greek-border", 1)
    a2 = s.piece("A2")
    s = s.with_piece(replace(a2, turn=a2.turn.activate().do(Activity.MOVE).end_slot(), fled_this_turn=True))
    g = game([4, 2], s)
    g.act(start_turn)
    t = g.state.piece("A2")
    assert t.turn.action is None and not t.fled_this_turn


# --- slots and activation ---------------------------------------------------------------------------


def test_a_slot_that_did_not_come_up_is_refused() -> None:
    g = game([4, 2])
    g.act(start_turn)
    refused(g, "AOT-CMD-INITIATIVE", begin_slot, ATH, 2)
    g.act(begin_slot, ATH, 4)
    assert (g.state.slot, g.state.mover) == (4, ATH)
    assert tablelog.outcome(g.state.log[-1]) == "slot 4 of Athenians: Nikias"
    refused(g, "AOT-CMD-SLOT-ORDER", begin_slot, ATH, 3)


def test_only_the_side_whose_slot_it_is_activates() -> None:
    g = in_slot([4, 2], ATH, 4)
    refused(g, "AOT-CMD-SLOT-ORDER", activate, BOE, "B1", Method.DIRECT)


def test_general_activates_his_own_unit_once_per_slot() -> None:
    g = in_slot([4, 2], ATH, 4)
    g.act(activate, ATH, "A1", Method.DIRECT)
    assert g.state.piece("A1").turn.active
    assert tablelog.outcome(g.state.log[-1]) == "activates A1 (Athenian hoplites) by Nikias's slot: his own unit"
    refused(g, "AOT-CMD-SLOT-ORDER", activate, ATH, "A1", Method.DIRECT)


def test_direct_command_reaches_1_inch() -> None:
    g = in_slot([4, 2], ATH, 4)
    refused(g, "AOT-CMD-DIRECT", activate, ATH, "A2", Method.DIRECT)  # 2.8″ from Nikias's unit
    g = in_slot([4, 2], ATH, 4, moved(scenario("greek-border", 1), "A2", 21.7))  # 0.5″
    g.act(activate, ATH, "A2", Method.DIRECT)
    assert g.state.piece("A2").turn.active


def test_an_order_to_a_unit_of_another_nationality_is_refused() -> None:
    s = moved(scenario("greek-border", 1), "A2", 21.7)
    a2 = s.piece("A2")
    s = s.with_piece(replace(a2, nationality="Thracian"))  # a piece of an allied contingent
    g = in_slot([4, 2], ATH, 4, s)
    refused(g, "AOT-CMD-NATIONALITY", activate, ATH, "A2", Method.DIRECT)
    # an individual-unit slot activates it whatever its nationality
    g = in_slot([6, 4], ATH, 6, s)
    g.act(activate, ATH, "A2", Method.INDIVIDUAL)
    assert g.state.piece("A2").turn.active


def test_a_unit_with_nothing_left_this_turn_is_not_activated() -> None:
    s = scenario("greek-border", 1)
    for pid in ("A1", "A2"):
        p = s.piece(pid)
        s = s.with_piece(replace(p, turn=p.turn.activate().do(Activity.MOVE).do(Activity.RUN).end_slot()))
    g = game([4, 2], s)
    g.act(start_turn)
    # start_turn gave the allowances back: spend them again inside the turn
    s = g.state
    for pid in ("A1", "A2"):
        p = s.piece(pid)
        s = s.with_piece(replace(p, turn=p.turn.activate().do(Activity.MOVE).do(Activity.RUN).end_slot()))
    g.state = moved(s, "A2", 21.7)
    g.act(begin_slot, ATH, 4)
    refused(g, "AOT-UNIT-ACTIONS", activate, ATH, "A2", Method.DIRECT)  # a second action
    refused(g, "AOT-CMD-SLOTS", activate, ATH, "A1", Method.DIRECT)  # the general's unit acts once a turn


def test_a_unit_in_contact_is_not_activated() -> None:
    g = in_slot([6, 4], ATH, 6)
    a3 = g.state.piece("A3")
    g.state = g.state.with_piece(replace(a3, turn=a3.turn.engage()))
    refused(g, "AOT-UNIT-ACTIONS", activate, ATH, "A3", Method.INDIVIDUAL)


def test_an_individual_slot_activates_one_unit() -> None:
    g = in_slot([6, 4], ATH, 6)
    refused(g, "AOT-CMD-INDIVIDUAL-SLOT", activate, ATH, "A3", Method.DIRECT)
    g.act(activate, ATH, "A3", Method.INDIVIDUAL)
    refused(g, "AOT-CMD-INDIVIDUAL-SLOT", activate, ATH, "A4", Method.INDIVIDUAL)
    g.act(end_slot)
    g.act(begin_slot, ATH, 5)  # the next individual slot activates another
    g.act(activate, ATH, "A4", Method.INDIVIDUAL)
    assert g.state.piece("A4").turn.active and not g.state.piece("A3").turn.active


def test_a_signal_is_rolled_once_per_slot() -> None:
    g = in_slot([4, 2, 3], ATH, 4)
    g.act(activate, ATH, "A2", Method.SIGNAL)  # 2.8″ away, radius 3: reached
    e = g.state.log[-1]
    assert (e.rule, e.faces) == ("AOT-CMD-SIGNAL", (3,)) and tablelog.outcome(e).startswith("activates A2")
    g.act(activate, ATH, "A3", Method.SIGNAL)  # 8.8″: the same radius falls short, no new die
    e = g.state.log[-1]
    assert e.faces == () and tablelog.outcome(e).startswith("misses A3") and not g.state.piece("A3").turn.active
    assert g.dice.used == 3
    refused(g, "AOT-CMD-SLOT-ORDER", activate, ATH, "A4", Method.MESSENGER)  # one way of ordering a slot


def test_a_short_signal_activates_nobody_but_is_not_a_refusal() -> None:
    g = in_slot([4, 2, 2], ATH, 4)
    g.act(activate, ATH, "A2", Method.SIGNAL)
    assert not g.state.piece("A2").turn.active and g.state.log[-1].faces == (2,)


def test_a_messenger_carries_one_order() -> None:
    g = in_slot([4, 2, 3], ATH, 4)
    g.act(activate, ATH, "A2", Method.MESSENGER)  # 3 > 2.8: gets through
    assert g.state.piece("A2").turn.active and g.state.log[-1].faces == (3,)
    refused(g, "AOT-CMD-MESSENGER", activate, ATH, "A3", Method.MESSENGER)
    g = in_slot([4, 2, 6], ATH, 4)
    g.act(activate, ATH, "A5", Method.MESSENGER)  # 20.8″: no die gets there
    assert not g.state.piece("A5").turn.active and tablelog.outcome(g.state.log[-1]).startswith("misses A5")


def test_orders_come_all_before_or_all_after_the_generals_own_unit() -> None:
    s = moved(moved(scenario("greek-border", 1), "A2", 21.7), "A3", 14.3)  # A3 0.5″ to Nikias's left
    s = moved(s, "A3", 14.3)
    g = in_slot([4, 2], ATH, 4, s)
    g.act(activate, ATH, "A2", Method.DIRECT)
    g.act(activate, ATH, "A1", Method.DIRECT)
    refused(g, "AOT-CMD-SLOT-ORDER", activate, ATH, "A3", Method.DIRECT)
    g = in_slot([4, 2], ATH, 4, s)
    g.act(activate, ATH, "A1", Method.DIRECT)
    g.act(activate, ATH, "A2", Method.DIRECT)
    g.act(activate, ATH, "A3", Method.DIRECT)
    assert all(g.state.piece(p).turn.active for p in ("A1", "A2", "A3"))


def test_a_battle_line_joins_through_neighbours_1_inch_apart() -> None:
    s = moved(moved(scenario("greek-border", 1), "A2", 21.7), "A3", 25.7)  # 0.5″ and 0.8″ gaps
    g = in_slot([4, 2], ATH, 4, s)
    refused(g, "AOT-CMD-BATTLE-LINE", activate, ATH, "A3", Method.BATTLE_LINE)  # not yet joined
    g.act(activate, ATH, "A2", Method.BATTLE_LINE)
    g.act(activate, ATH, "A3", Method.BATTLE_LINE)
    refused(g, "AOT-CMD-BATTLE-LINE", activate, ATH, "A4", Method.BATTLE_LINE)  # 7.1″ from A3


def test_a_colonel_takes_one_follower_of_the_same_arms() -> None:
    s = scenario("greek-border", 1)
    side = s.sides[ATH]
    s = s.with_side(ATH, replace(side, commanders=(*side.commanders, CommanderState("Lamachos", Rank.COLONEL, "A2"))))
    s = moved(moved(s, "A1", 20.3), "A3", 27.7)  # A1 0.5″ left of A2, A3 0.5″ right
    g = in_slot([6, 4], ATH, 6, s)
    refused(g, "AOT-CMD-COLONEL", activate, ATH, "A1", Method.COLONEL, "Lamachos")  # his unit not active yet
    g.act(activate, ATH, "A2", Method.INDIVIDUAL)
    assert "with colonel Lamachos" in tablelog.outcome(g.state.log[-1])
    refused(g, "AOT-CMD-COLONEL", activate, ATH, "A3", Method.COLONEL, "Lamachos")  # akontists: other arms
    g.act(activate, ATH, "A1", Method.COLONEL, "Lamachos")
    assert g.state.piece("A1").turn.active


def test_the_cinc_rewrites_the_slots_instead_of_giving_orders() -> None:
    g = in_slot([4, 2], ATH, 4)
    new = ["Nikias"] * 6
    g.act(rewrite_slots, ATH, new)
    assert g.state.sides[ATH].slots == tuple(new)
    assert g.state.log[-1].rule == "AOT-CMD-CINC"
    g.state = moved(g.state, "A2", 21.7)
    refused(g, "AOT-CMD-CINC", activate, ATH, "A2", Method.DIRECT)
    g = in_slot([6, 4], ATH, 6)
    refused(g, "AOT-CMD-CINC", rewrite_slots, ATH, new)  # an individual-unit slot


def test_slots_may_be_rewritten_after_a_double_only() -> None:
    g = game([3, 3, 5, 2])
    g.act(start_turn)
    new = ["Nikias", "Nikias", "individual", "individual", "Nikias", "Nikias"]
    g.act(rewrite_on_double, ATH, new)
    assert g.state.sides[ATH].slots == tuple(new)
    refused(g, "AOT-CMD-SLOTS", rewrite_on_double, ATH, ["Pagondas"] * 6)  # not his general
    g = game([5, 2])
    g.act(start_turn)
    refused(g, "AOT-CMD-DOUBLES", rewrite_on_double, ATH, new)


def test_after_a_double_the_slots_are_rewritten_before_the_dice_are_rolled_again() -> None:
    """AOT-CMD-DOUBLES, the index's Reading: rewrite, then roll.  Once the dice have been rolled again (5:2
    here) nobody may rewrite knowing them (before the fix the rewrite came after the re-roll)."""
    g = game([3, 3, 5, 2])
    g.act(start_turn)
    assert g.dice.used == 2  # the tie only: the re-roll waits for the rewrite
    new = ["Nikias", "Nikias", "individual", "individual", "Nikias", "Nikias"]
    g.act(rewrite_on_double, ATH, new)
    g.act(roll_again)
    refused(g, "AOT-CMD-DOUBLES", rewrite_on_double, BOE, ["Pagondas"] * 6)
    kinds = [type(v).__name__ for e in g.state.log for v in e.events
             if isinstance(v, (TurnBegan, SlotsRewritten, InitiativeRolledAgain))]
    assert kinds == ["TurnBegan", "SlotsRewritten", "InitiativeRolledAgain"]
    assert save.loads(save.dumps(g.state)) == g.state


def test_end_slot_closes_the_slot_and_its_activations() -> None:
    g = in_slot([4, 2], ATH, 4)
    g.act(activate, ATH, "A1", Method.DIRECT)
    g.act(end_slot)
    assert (g.state.slot, g.state.mover) == (0, -1) and not g.state.piece("A1").turn.active
    refused(g, "AOT-CMD-SLOT-ORDER", end_slot)


def test_a_decision_is_logged_typed_and_told_from_its_fields() -> None:
    g = game([4, 2])
    said = Decided(BOE, Choice.CHARGE, "B1", "A1", "Theban hoplites", "Athenian hoplites",
                   odds=(Fraction(61, 100), Fraction(1, 2)))
    g.act(decide, said)
    e = g.state.log[-1]
    assert e.events == (said,)
    assert (e.kind, e.who, tablelog.outcome(e)) == ("decision", "Boeotians",
                                          "charge: P(win) 0.61 > P(lose) 0.50 against A1 (Athenian hoplites)")


# --- victory --------------------------------------------------------------------------------------------


def gone(state: GameState, side: int, status: Status) -> GameState:
    return state.with_pieces(*(replace(p, status=status) for p in state.pieces if p.side == side))


def test_rout_when_an_army_has_no_unit_left() -> None:
    s = gone(scenario("greek-border", 1), BOE, Status.DISPERSED)
    g = game([], s)
    g.act(check_victory, turn_over=False)
    assert g.state.result is not None
    assert "total victory: won by Athenians, 5 VP to 0" in ended(g.state.result)
    assert g.state.log[-1].rule == "AOT-VICTORY-ROUT"


def test_panicking_units_still_on_the_table_stop_a_rout() -> None:
    s = gone(scenario("greek-border", 1), BOE, Status.DESTROYED)
    b1 = scenario("greek-border", 1).piece("B1")
    s = s.with_piece(b1.with_unit(b1.unit.take_losses(0, b1.unit.formed)))
    g = game([], s)
    g.act(check_victory)
    assert g.state.result is None


def test_a_panicking_unit_wholly_inside_its_own_camp_no_longer_stops_a_rout() -> None:
    """AOT-VICTORY-ROUT and its Reading: a unit counts as gone once removed, in its camp or off the table.  The
    Boeotians' last unit panics with its whole base inside their camp: the Athenians have won outright (greek-border
    seed 1: B2 at 0+0 in its camp held the battle open from turn 12 to 13).  Half inside, it still stops it."""
    s = gone(scenario("greek-border", 1), BOE, Status.DESTROYED)
    b1 = s.piece("B1")
    camp = s.sides[BOE].camp_site
    panicking = b1.with_unit(b1.unit.take_losses(0, b1.unit.formed))
    inside = replace(panicking, pose=Pose.of(camp.centroid.x, camp.centroid.y, b1.pose.facing), status=Status.FIGHTING)
    assert camp.covers(inside.polygon)
    g = game([], s.with_piece(inside))
    g.act(check_victory, turn_over=False)
    assert g.state.result is not None and "total victory: won by Athenians" in ended(g.state.result)
    assert g.state.log[-1].rule == "AOT-VICTORY-ROUT"
    half = replace(inside, pose=Pose.of(camp.bounds[0], camp.centroid.y, b1.pose.facing))
    assert half.polygon.intersects(camp) and not camp.covers(half.polygon)
    g = game([], s.with_piece(half))
    g.act(check_victory, turn_over=False)
    assert g.state.result is None


def test_nightfall_after_the_last_turn_counts_points() -> None:
    s = scenario("greek-border", 1)
    b2 = s.piece("B2")
    s = replace(s.with_piece(replace(b2, status=Status.DISPERSED)), turn=s.last_turn)  # greek-border: 16 turns
    g = game([], s)
    g.act(check_victory, turn_over=False)
    assert g.state.result is None
    g.act(check_victory)
    assert g.state.result is not None and "nightfall: won by Athenians, 1 VP to 0" in ended(g.state.result)


def test_withdrawal_scores_the_camp_for_the_opponent() -> None:
    g = game([])
    g.act(withdraw, BOE)
    refused(g, "AOT-VICTORY-WITHDRAW", withdraw, BOE)
    g.act(check_victory, turn_over=False)
    assert g.state.result is None  # his formed units are still on the table
    g.state = gone(g.state, BOE, Status.FLED)
    g.act(check_victory, turn_over=False)
    assert g.state.result is not None and "organised withdrawal: won by Athenians, 2 VP to 0" in ended(g.state.result)


# --- melee steps ------------------------------------------------------------------------------------------


def touching(state: GameState, pid: str, enemy: str) -> GameState:
    """``pid`` stands front to front with ``enemy``."""
    e = state.piece(enemy)
    p = state.piece(pid)
    return state.with_piece(replace(p, pose=Pose.of(e.pose.x, e.pose.y, e.pose.facing + 180)))


def melees(g: Game) -> list[str]:
    return [e.who for e in g.state.log if e.rule == "AOT-MELEE-STRIKES"]


def test_a_contact_made_in_the_slot_is_fought_at_its_end() -> None:
    g = in_slot([6, 4], ATH, 6)
    g.dice = TableDice.seeded(5)
    g.state = touching(g.state, "B3", "A1")  # as if B3 had been charged home in this slot
    g.act(end_slot)
    assert melees(g) == ["Athenian hoplites v Boeotian akontists"]


def test_a_contact_standing_at_the_start_of_the_slot_is_not_fought_again_in_it() -> None:
    g = game([6, 4])
    g.act(start_turn)
    g.state = touching(g.state, "B3", "A1")
    g.act(begin_slot, ATH, 6)
    assert tablelog.outcome(g.state.log[-1]) == "slot 6 of Athenians: individual (in contact: A1, B3)"
    g.act(end_slot)
    assert melees(g) == []


def test_units_locked_since_last_turn_fight_in_step_2() -> None:
    g = Game(touching(scenario("greek-border", 1), "B3", "A1"), dice=TableDice.seeded(5))
    g.act(start_turn)
    assert melees(g) == ["Athenian hoplites v Boeotian akontists"]
    first = g.state.log.index(next(e for e in g.state.log if e.rule == "AOT-MELEE-STRIKES"))
    assert g.state.log[first - 1].rule == "AOT-CMD-INITIATIVE"


def test_a_second_action_in_a_turn_is_refused_by_the_move() -> None:
    from aot_rules.tabletop.moves import Advance, move
    g = in_slot([6, 4], ATH, 6)
    g.act(activate, ATH, "A3", Method.INDIVIDUAL)
    g.act(move, "A3", [Advance(2)])
    g.act(end_slot)
    g.act(begin_slot, ATH, 5)
    g.act(activate, ATH, "A3", Method.INDIVIDUAL)  # it still has its run: activation is allowed
    refused(g, "AOT-UNIT-ACTIONS", move, "A3", [Advance(2)])


def test_a_drawn_countercharge_melee_is_not_fought_again_at_the_slots_end() -> None:
    """AOT-REACT-COUNTERCHARGE, AOT-MELEE-RESULT: hoplites countercharge the slingers shooting at them, reach them
    (a 5 against 4″) and the melee is fought at once; no die hits, density 4 against 4, so the melee goes on.  It
    goes on in the next turn's step 2, not a second time when the slot closes (greek-border seed 3, turn 11)."""
    from table_positions import piece, side

    from aot_rules.aot.equipment import MeleeWeapon, Missile
    from aot_rules.aot.units import Unit
    from aot_rules.tabletop.combat import shoot

    slingers = Unit(name="slingers", ranks=(4, 4), weapon=MeleeWeapon.SHOOTER, missile=Missile.SLING)
    hoplites = Unit(name="hoplites", ranks=(4, 4), shield=True, weapon=MeleeWeapon.SPEAR)
    st = GameState("test", 0, (side("Greeks", 0, 0.0), side("Gauls", 36, 40.0)),
                   (piece("S", 0, slingers, 30, 10, active=False), piece("H", 1, hoplites, 30, 14, 180, active=False)),
                   (), turn=0)
    g = Game(st, dice=TableDice.fixed([6, 4, 5] + [6] * 40), react=lambda s, pid, by, r: r == "countercharge")
    g.act(start_turn)
    g.act(begin_slot, 0, 6)
    g.act(activate, 0, "S", Method.INDIVIDUAL)
    g.act(shoot, "S", "H")
    g.act(end_slot)
    judged = [tablelog.outcome(e) for e in g.state.log if e.rule == "AOT-MELEE-RESULT"]
    assert judged == ["density 4 against 4: the melee goes on"]
    assert melees(g) == ["slingers v hoplites"]
    g.dice = TableDice.fixed([4, 2] + [6] * 40)
    g.act(start_turn)  # step 2 of the next turn: the melee goes on
    assert melees(g) == ["slingers v hoplites"] * 2


def test_a_rewrite_governs_the_slots_still_to_be_played_not_the_one_being_played() -> None:
    """AOT-CMD-CINC, the Reading: the new owners take the slots still to come.  The slot he rewrote in stays the
    commander-in-chief's, so it is not an individual-unit slot all of a sudden (before the fix it was)."""
    g = in_slot([4, 2], ATH, 4)
    g.act(rewrite_slots, ATH, ["individual"] * 6)
    assert g.state.sides[ATH].slots == ("individual",) * 6  # every later slot, this turn and after
    refused(g, "AOT-CMD-INDIVIDUAL-SLOT", activate, ATH, "A3", Method.INDIVIDUAL)
