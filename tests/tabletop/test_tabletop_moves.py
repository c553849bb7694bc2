"""Movement on the table (aot_rules.tabletop.moves): paths, wheels, contact, friends, terrain, turns,
reforms, retreats, flight and evasion, with injected dice and exact geometry."""

from __future__ import annotations

from dataclasses import replace

import pytest

from aot_rules.aot.rules.orders import Activity
from aot_rules.aot.rules.terrain import Terrain
from aot_rules.core.errors import RuleError
from aot_rules.present import number, tablelog
from aot_rules.tabletop import moves
from aot_rules.tabletop.events import FellBack, ReactionChosen, Turned
from aot_rules.tabletop.game import Game, TableDice
from aot_rules.tabletop.geometry import CONTACT, Pose, distance, on_table, overlap
from aot_rules.tabletop.moves import Advance, Wheel
from aot_rules.tabletop.scenarios import rect, scenario
from aot_rules.tabletop.state import GameState, Piece, Status, TerrainPiece


def activated(state: GameState) -> GameState:
    return replace(state, pieces=tuple(replace(p, turn=p.turn.activate()) for p in state.pieces))


def opening() -> GameState:
    return activated(scenario("greek-border", 1))


def place(state: GameState, pid: str, x: float, y: float, facing: float | None = None) -> GameState:
    p = state.piece(pid)
    return state.with_piece(replace(p, pose=Pose.of(x, y, p.pose.facing if facing is None else facing)))


def only(state: GameState, *pids: str) -> GameState:
    return replace(state, pieces=tuple(p for p in state.pieces if p.id in pids))


def game(state: GameState, faces: list[int] | None = None, react: bool = True) -> Game:
    dice = TableDice.fixed(faces) if faces is not None else None
    return Game(state, dice, react=lambda *a: react)


def refused(g: Game, rule: str, action: object, *args: object, **kw: object) -> RuleError:
    before, used = g.state, g.dice.used
    with pytest.raises(RuleError) as e:
        g.act(action, *args, **kw)  # type: ignore[arg-type]
    assert e.value.rule_id == rule, e.value
    assert g.state is before and g.dice.used == used
    return e.value


def conserved(p: Piece) -> bool:
    return p.unit.formed + p.unit.disordered + p.removed == p.initial


# --- costs and allowances --------------------------------------------------------------------------

def test_a_quarter_wheel_costs_the_outer_corners_arc() -> None:
    a2 = opening().piece("A2")
    assert round(moves.step_cost(a2.size, Wheel(90)), 2) == 5.03
    assert moves.step_cost(a2.size, Advance(2.5)) == 2.5
    assert moves.allowance(a2) == 6.0  # 10 - density 4


def test_a_straight_move_and_its_allowance() -> None:
    g = game(opening())
    g.act(moves.move, "A2", [Advance(4)])
    a2 = g.state.piece("A2")
    assert a2.pose == Pose.of(24, 12, 0)
    assert a2.turn.action is Activity.MOVE
    assert g.state.log[-1].rule == "AOT-MOVE-PROCEDURE"
    refused(g, "AOT-UNIT-ACTIONS", moves.move, "A2", [Advance(1)])  # one action a turn


def test_beyond_the_allowance_is_refused_and_nothing_changes() -> None:
    g = game(opening())
    refused(g, "AOT-MOVE-DISTANCE", moves.move, "A2", [Advance(6.1)])
    refused(g, "AOT-MOVE-DISTANCE", moves.move, "A2", [Wheel(90), Advance(1)])  # 5.03 + 1 > 6
    g.act(moves.move, "A2", [Wheel(90), Advance(0.97)])  # 5.027 + 0.97 <= 6


def test_front_first_only_and_activation() -> None:
    g = game(opening())
    refused(g, "AOT-MOVE-PROCEDURE", moves.move, "A2", [Advance(-1)])
    refused(g, "AOT-MOVE-PROCEDURE", moves.move, "A2", [])
    refused(g, "AOT-MOVE-PROCEDURE", moves.move, "A2", [Wheel(-180)])
    g2 = game(scenario("greek-border", 1))  # nobody activated
    refused(g2, "AOT-CMD-SLOTS", moves.move, "A2", [Advance(2)])


def test_the_table_edge_and_impassable_ground_refuse() -> None:
    s = place(opening(), "A1", 2, 8, 90)  # facing the left edge, 2 inches from it
    refused(game(s), "AOT-EQUIPMENT", moves.move, "A1", [Advance(3)])
    lake = TerrainPiece("Mere", Terrain.LAKE, rect(22, 10, 26, 12))
    s = replace(opening(), terrain=(*opening().terrain, lake))
    refused(game(s), "AOT-TERRAIN-TYPES", moves.move, "A2", [Advance(3)])


# --- contact ---------------------------------------------------------------------------------------

def test_a_move_into_an_enemy_stops_exactly_at_contact() -> None:
    s = place(opening(), "A2", 24, 29)  # 3 inches short of the Thespian hoplites (B2, front on y=32)
    g = game(s, [], react=False)
    g.act(moves.move, "A2", [Advance(6)])
    a2, b2 = g.state.piece("A2"), g.state.piece("B2")
    gap = distance(a2.polygon, b2.polygon)
    assert 0 <= gap < CONTACT and not overlap(a2.polygon, b2.polygon)
    assert a2.pose.y == pytest.approx(32, abs=CONTACT)
    assert moves.contacts(g.state, a2) == (b2,)
    assert a2.turn.in_contact and b2.turn.in_contact
    assert any("stops in contact with Thespian hoplites" in tablelog.outcome(e) for e in g.state.log)
    refused(g, "AOT-UNIT-ACTIONS", moves.reform, "A2")
    refused(g, "AOT-TURN", moves.turn, "A2", 90)


def test_a_wheel_into_an_enemy_stops_at_contact_without_overlap() -> None:
    s = place(opening(), "A2", 24, 30.5)  # 1.5 inches short of B2; wheeling right swings the left corner in
    g = game(s, [], react=False)
    g.act(moves.move, "A2", [Wheel(-60)])
    a2, b2 = g.state.piece("A2"), g.state.piece("B2")
    assert distance(a2.polygon, b2.polygon) < CONTACT and not overlap(a2.polygon, b2.polygon)
    assert 0 > a2.pose.facing > -60


def test_the_contacted_enemy_may_evade_and_backs_away_facing_the_attacker() -> None:
    s = place(opening(), "A2", 30, 29)  # in front of the Boeotian akontists (light foot: they may evade hoplites)
    g = game(s, [4])
    g.act(moves.move, "A2", [Advance(5)])
    b3 = g.state.piece("B3")
    assert b3.pose == Pose.of(30, 36, 180)  # backed 4 inches, still facing down the table
    assert b3.turn.evaded and not b3.turn.in_contact
    a2 = g.state.piece("A2")
    assert not a2.turn.in_contact and a2.turn.action is Activity.MOVE
    roll = [e for e in g.state.log if e.rule == "AOT-EVADE-PROCEDURE" and e.faces]
    assert roll[0].faces == (4,) and roll[0].who == "Boeotian akontists"


def test_an_evasion_that_cannot_go_its_full_distance_accepts_the_melee() -> None:
    s = place(place(opening(), "B3", 10, 36.5), "A2", 10, 33)  # 1.9 inches of table behind the akontists
    g = game(s, [3])
    g.act(moves.move, "A2", [Advance(5)])
    b3 = g.state.piece("B3")
    assert b3.pose == Pose.of(10, 36.5, 180) and b3.turn.in_contact and b3.turn.evaded
    assert b3.unit.disordered == 0  # a 3 passes a density-2 test
    assert any("accepts the melee" in tablelog.outcome(e) for e in g.state.log)
    assert g.state.piece("A2").turn.in_contact


def test_heavy_foot_may_not_evade_so_it_is_not_asked() -> None:
    asked: list[tuple[str, str, str]] = []

    def react(state: GameState, pid: str, by: str, reaction: str) -> bool:
        asked.append((pid, by, reaction))
        return True

    s = place(opening(), "A3", 18, 29)  # akontists (light) run into the Theban hoplites (shield and armour)
    g = Game(s, TableDice.fixed([]), react=react)
    g.act(moves.move, "A3", [Advance(5)])
    assert asked == [] and g.state.piece("B1").turn.in_contact


# --- friends ---------------------------------------------------------------------------------------

def test_passing_through_a_friend_costs_the_friend_the_movers_failed_die() -> None:
    s = place(opening(), "A3", 24, 11)  # the akontists stand 1.4 inches ahead of the Attic hoplites
    g = game(s, [1])
    g.act(moves.move, "A2", [Advance(6)])  # ends at 14, clear of the akontists (9.4 to 11)
    a2, a3 = g.state.piece("A2"), g.state.piece("A3")
    assert a2.pose.y == 14 and a2.unit.disordered == 0
    assert a3.unit.disordered == 1 and conserved(a3)  # the hoplites' density 4: a 1 fails, 1 warrior lost
    line = next(e for e in g.state.log if e.rule == "AOT-MOVE-THROUGH-FRIENDS")
    assert line.faces == (1,) and line.who == "Attic hoplites"


def test_a_move_may_not_stop_on_a_friend() -> None:
    s = place(opening(), "A3", 24, 11)
    refused(game(s), "AOT-MOVE-THROUGH-FRIENDS", moves.move, "A2", [Advance(3)])


def test_a_run_stops_short_of_a_friend_it_cannot_clear() -> None:
    s = place(opening(), "A2", 30, 14)  # hoplites 4.4 inches ahead of the akontists (front 8)
    g = game(s, [5])  # shield, no armour: the run die is also the test; 5 passes density 2
    g.act(moves.move, "A3", [Advance(8)], run=True)  # the declared path clears the hoplites; 5 inches do not
    a3 = g.state.piece("A3")
    assert a3.turn.extra is Activity.RUN
    assert distance(a3.polygon, g.state.piece("A2").polygon) < CONTACT
    assert not overlap(a3.polygon, g.state.piece("A2").polygon)


# --- runs and terrain ------------------------------------------------------------------------------

def test_a_run_goes_as_far_along_the_path_as_the_die_allows() -> None:
    g = game(opening(), [3])
    g.act(moves.move, "A3", [Advance(6)], run=True)
    a3 = g.state.piece("A3")
    assert a3.pose == Pose.of(30, 11, 0) and a3.turn.extra is Activity.RUN
    assert g.state.log[0].rule == "AOT-RUN" and g.state.log[0].faces == (3,)
    refused(g, "AOT-UNIT-ACTIONS", moves.move, "A3", [Advance(1)], run=True)


def test_shield_and_armour_may_not_run() -> None:
    refused(game(opening()), "AOT-RUN", moves.move, "B1", [Advance(2)], run=True)


def test_a_trot_rolls_two_dice_for_unarmoured_horses() -> None:
    g = game(opening(), [2, 3])
    g.act(moves.move, "A5", [Advance(12)], run=True)
    assert g.state.piece("A5").pose == Pose.of(42, 13, 0)
    assert g.state.log[0].rule == "AOT-TROT" and g.state.log[0].faces == (2, 3)


def test_crossing_the_stream_costs_one_test_with_its_faces_logged() -> None:
    s = place(opening(), "A2", 24, 24)
    g = game(s, [3], react=False)
    g.act(moves.move, "A2", [Advance(5)])  # front 24 -> 29: crosses the stream (26 to 27) and leaves it
    tests = [e for e in g.state.log if e.faces]
    assert [(e.rule, e.faces) for e in tests] == [("AOT-ROUGH-TERRAIN", (3,))]
    a2 = g.state.piece("A2")
    assert a2.unit.disordered == 3 and a2.unit.density == 3 and a2.inside == ()


def test_stopping_inside_rough_ground_tests_again_on_moving_on() -> None:
    s = place(opening(), "A2", 24, 24)
    g = game(s, [6, 5], react=False)
    g.act(moves.move, "A2", [Advance(2.5)])
    assert g.state.piece("A2").inside == ("Stream",)
    g.state = activated(replace(g.state, pieces=tuple(replace(p, turn=p.turn.new_turn()) for p in g.state.pieces)))
    g.act(moves.move, "A2", [Advance(2.5)])  # front 29: out of the stream (26 to 27)
    assert [e.faces for e in g.state.log if e.faces] == [(6,), (5,)]
    assert g.state.piece("A2").inside == ()


def test_panicking_and_defensive_units_do_not_move() -> None:
    s = opening()
    a2 = s.piece("A2")
    panicky = replace(a2.unit, ranks=(0, 0), disordered=8)
    s1 = s.with_piece(replace(a2, unit=panicky))
    refused(game(s1), "AOT-PANIC", moves.move, "A2", [Advance(2)])
    dug_in = replace(a2.unit, ranks=(5, 3), defensive=True)
    s2 = s.with_piece(replace(a2, unit=dug_in))
    refused(game(s2), "AOT-REFORM-DEFENSIVE-5", moves.move, "A2", [Advance(2)])


# --- turns and reforms -----------------------------------------------------------------------------

def test_a_turn_pivots_in_place_with_a_test() -> None:
    g = game(opening(), [2])
    g.act(moves.turn, "A2", 90)
    a2 = g.state.piece("A2")
    assert a2.pose == Pose.of(23.2, 7.2, 90)  # the centre (24, 7.2) stays put
    assert a2.unit.disordered == 2 and a2.turn.turns == 1 and a2.turn.action is None
    assert g.state.log[-1].rule == "AOT-TURN" and g.state.log[-1].faces == (2,)


def test_a_turn_blocked_by_a_neighbour_is_refused() -> None:
    s = place(opening(), "A3", 24, 9.6)  # the akontists stand touching the hoplites' front
    refused(game(s), "AOT-TURN", moves.turn, "A2", 90)  # the turned base would stand 0.8 inch deeper
    s = place(opening(), "A1", 20.8, 8)  # shoulder to shoulder: a quarter turn in place still fits
    game(s, [6]).act(moves.turn, "A2", 90)


def test_reform_restores_a_warrior_and_refuses_cavalry_at_density_5() -> None:
    s = opening()
    a2 = s.piece("A2")
    s = s.with_piece(replace(a2, unit=replace(a2.unit, ranks=(3, 3), disordered=2)))
    g = game(s)
    g.act(moves.reform, "A2")
    assert g.state.piece("A2").unit.disordered == 1 and g.state.piece("A2").unit.density == 4
    assert g.state.piece("A2").turn.action is Activity.REFORM
    refused(g, "AOT-DENSITY-LIMITS", moves.reform, "A5", 5)
    refused(g, "AOT-REFORM-DEFENSIVE-5", moves.reform, "A5", defensive=True)
    refused(g, "AOT-UNIT-ACTIONS", moves.reform, "A2")


# --- retreat, flight, evasion ----------------------------------------------------------------------

def held_b2() -> GameState:
    """The Attic hoplites in contact with the front of the Thespian hoplites."""
    return place(opening(), "A2", 24, 32)


def test_a_retreat_turns_its_back_and_goes_a_full_move_away() -> None:
    g = game(held_b2(), [5, 5])
    g.act(moves.retreat, "B2", "A2")
    b2 = g.state.piece("B2")
    # centre 32.8 -> 38.8, then (AOT-MELEE-RETREAT) it turns back to face the enemy about that centre; it used to
    # keep its back turned (Pose 24, 39.6, 0), the fault #19 lists
    assert b2.pose == Pose.of(24, 38.0, 180)
    assert any(isinstance(v, Turned) for e in g.state.log for v in e.events)
    assert b2.turn.retreated and not b2.turn.in_contact and not g.state.piece("A2").turn.in_contact
    refused(g, "AOT-UNIT-ACTIONS", moves.retreat, "B2", "A2")


def test_the_turn_back_to_face_the_enemy_takes_its_own_test() -> None:
    """AOT-MELEE-RETREAT, the index's Reading: turning back to face is a second turn, tested on its own die."""
    g = game(held_b2(), [5, 1])  # the about-face passes; the turn back fails at density 4
    before = g.state.piece("B2").unit
    g.act(moves.retreat, "B2", "A2")
    b2 = g.state.piece("B2")
    assert b2.pose.facing == 180 and b2.unit.disordered > before.disordered and conserved(b2)
    rolls = [e for e in g.state.log if e.rule == "AOT-MELEE-RETREAT" and e.faces]
    assert [e.faces for e in rolls] == [(5,), (1,)]


def test_the_turn_back_to_face_is_the_owners_choice_and_is_logged_either_way() -> None:
    """AOT-MELEE-RETREAT: when the retreat stops the unit *may* turn back.  Its owner is asked; declined, it
    keeps its back to the enemy and rolls nothing more; taken, it turns and tests (the test above)."""
    asked: list[tuple[str, str, str]] = []

    def no(state: GameState, pid: str, by: str, reaction: str) -> bool:
        asked.append((pid, by, reaction))
        return False

    g = Game(held_b2(), TableDice.fixed([5]), react=no)
    g.act(moves.retreat, "B2", "A2")
    b2 = g.state.piece("B2")
    assert asked == [("B2", "A2", moves.TURN_BACK)]
    assert b2.pose == Pose.of(24, 39.6, 0) and g.dice.used == 1  # its back still turned; no second die
    (said,) = [e for e in g.state.log if any(isinstance(v, ReactionChosen) for v in e.events)]
    assert said.events == (ReactionChosen("B2", "A2", moves.TURN_BACK, False, b2.name, "Attic hoplites"),)
    assert said.kind == "event" and "keep their back to Attic hoplites" in tablelog.outcome(said, number.of(g.state))
    assert not any(isinstance(v, Turned) for e in g.state.log for v in e.events)
    g = game(held_b2(), [5, 5])  # taken: the choice is logged before the turn and its test
    g.act(moves.retreat, "B2", "A2")
    chosen = [v for e in g.state.log for v in e.events if isinstance(v, ReactionChosen)]
    assert [(v.reaction, v.taken) for v in chosen] == [(moves.TURN_BACK, True)] and g.dice.used == 2


def test_a_retreat_off_the_table_flees_the_battle() -> None:
    g = game(held_b2(), [2])  # 2 disordered: density 3, so 7 inches, past the edge
    g.act(moves.retreat, "B2", "A2")
    b2 = g.state.piece("B2")
    assert b2.status is Status.FLED and conserved(b2) and b2.unit.disordered == 2
    # the log and the state agree (issue #38): the piece stands where its last event took it, off the table
    (fell,) = [v for e in g.state.log for v in e.events if isinstance(v, FellBack)]
    assert b2.pose == fell.end and not on_table(b2.polygon, g.state.width, g.state.depth)
    assert not b2.from_camp  # it left from the table's edge, not from its camp


def test_a_flight_off_the_table_from_the_camp_counts_as_fled_into_it() -> None:
    """The flight ends off the table, and the piece's pose says so; that it left from its own camp is kept as a
    fact, which the points read (AOT-VICTORY-POINTS: a fled unit in a captured camp), not its pose."""
    from aot_rules.aot.rules import victory
    from aot_rules.tabletop.turn import army

    s = held_b2()
    b2 = s.piece("B2")
    camp = s.sides[b2.side].camp_site
    s = s.with_piece(b2.changed(pose=Pose.of(camp.centroid.x, camp.bounds[3] - 1, b2.pose.facing)))
    g = game(s, [2])
    g.state = g.state.with_piece(g.state.piece("B2").with_unit(b2.unit.take_losses(0, b2.unit.formed)))
    g.act(moves.flee, "B2")
    gone = g.state.piece("B2")
    (fell,) = [v for e in g.state.log for v in e.events if isinstance(v, FellBack)]
    assert gone.status is Status.FLED and gone.pose == fell.end and gone.from_camp
    assert {u.name: u.fate for u in army(g.state, gone.side).units}["B2"] is victory.Standing.IN_CAMP


def test_a_retreat_blocked_by_an_enemy_is_dispersed_with_warriors_conserved() -> None:
    s = place(held_b2(), "A4", 24, 36.5)  # Scythian archers behind the Thespians
    g = game(s, [5])
    g.act(moves.retreat, "B2", "A2")
    b2 = g.state.piece("B2")
    assert b2.status is Status.DISPERSED
    assert b2.unit.formed == b2.unit.disordered == 0 and b2.removed == b2.initial == 8 and conserved(b2)
    assert not b2.on_table and not g.state.piece("A2").turn.in_contact


def test_friends_passed_in_a_retreat_lose_on_the_same_die() -> None:
    s = place(held_b2(), "B3", 24, 35)  # the akontists 1.4 inches behind the Thespians
    g = game(s, [1, 6])  # the turn test fails: 1 disordered; the akontists lose 1 on the same die
    g.act(moves.retreat, "B2", "A2")
    b2, b3 = g.state.piece("B2"), g.state.piece("B3")
    assert b2.unit.disordered == 1 and b3.unit.disordered == 1 and conserved(b3)
    assert b2.pose == Pose.of(24, 38.0, 180)  # still density 4: 6 inches, clear of the akontists; faces back
    assert g.dice.used == 2  # the same die for the friends, then the turn back's own test (passed on the 6)
    assert any(e.rule == "AOT-MOVE-THROUGH-FRIENDS" and "same die 1" in tablelog.outcome(e) for e in g.state.log)


def test_panic_flight_runs_toward_the_camp() -> None:
    s = only(opening(), "A2", "B2")
    a2 = s.piece("A2")
    s = s.with_piece(replace(a2, unit=replace(a2.unit, ranks=(0, 0), disordered=8), pose=Pose.of(30, 20, 180)))
    g = game(s, [])
    g.act(moves.flee, "A2")
    a2 = g.state.piece("A2")
    assert a2.pose.facing == 180 and a2.pose == Pose.of(30, 10.0, 180)  # centre 20.8 -> 10.8, 10 inches
    assert a2.fled_this_turn
    refused(g, "AOT-PANIC", moves.flee, "A2")
    refused(game(opening()), "AOT-PANIC", moves.flee, "A2")


def test_panic_flight_stops_at_the_camp() -> None:
    s = only(opening(), "A2", "B2")
    a2 = s.piece("A2")
    s = s.with_piece(replace(a2, unit=replace(a2.unit, ranks=(0, 0), disordered=8), pose=Pose.of(30, 8, 0)))
    g = game(s, [])
    g.act(moves.flee, "A2")
    a2 = g.state.piece("A2")
    assert a2.pose == Pose.of(30, 1.2, 180)  # its centre on the camp's centre (30, 2)


def test_evading_a_flank_attack_turns_to_face_the_attacker() -> None:
    s = only(opening(), "A3", "B3")
    s = place(s, "A3", 31.6, 33.6, 90)  # Athenian akontists on the Boeotian akontists' left flank (east)
    g = game(s, [3])
    g.act(moves.evade, "B3", "A3")
    b3, a3 = g.state.piece("B3"), g.state.piece("A3")
    assert b3.pose.facing == pytest.approx(-71.5651, abs=1e-3)  # toward the attacker, centre to centre
    assert b3.turn.evaded and distance(b3.polygon, a3.polygon) > 2
    assert [e.rule for e in g.state.log if e.faces] == ["AOT-EVADE-FLANK"]
    refused(g, "AOT-EVADE-ELIGIBILITY", moves.evade, "B3", "A3")  # once a turn
    refused(game(opening()), "AOT-EVADE-ELIGIBILITY", moves.evade, "A3", "B4")  # foot never evades horse


def test_entering_the_enemy_camp_tests_and_a_guarded_camp_is_refused() -> None:
    s = place(only(opening(), "A2", "B3"), "A2", 30, 33)
    s = place(s, "B3", 50, 32)  # the akontists stand far off: the Boeotian camp (26..34 × 36..40) is unguarded
    g = game(s, [4])
    g.act(moves.move, "A2", [Advance(4)])
    assert [(e.rule, e.faces) for e in g.state.log if e.faces] == [("AOT-CAMP", (4,))]
    guarded = place(s, "B3", 28, 38)  # now in the camp
    refused(game(guarded), "AOT-CAMP", moves.move, "A2", [Advance(4)])


def test_a_wheel_is_told_once_inside_its_move() -> None:
    """One event per fact (issue #38): the move's entry holds one MovedAlong, whose wheels say where and how far it
    wheeled; no second event repeats the wheel.  Its path's second point is the front centre after the wheel."""
    from aot_rules.tabletop.events import MovedAlong, WheelMade

    g = game(opening())
    start = g.state.piece("A2").pose
    g.act(moves.move, "A2", [Wheel(90), Advance(0.97)])
    (entry,) = [e for e in g.state.log if e.rule == "AOT-MOVE-PROCEDURE"]
    (moved,) = entry.events
    assert isinstance(moved, MovedAlong) and len(moved.wheels) == 1
    (w,) = moved.wheels
    assert isinstance(w, WheelMade) and w.degrees == 90
    assert moved.start == start and len(moved.path) == 3 and moved.end == g.state.piece("A2").pose
    assert moved.end.facing == start.facing + 90
