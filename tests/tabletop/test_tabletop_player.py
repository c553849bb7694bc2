"""The scripted player: its planning geometry, its exact odds, its reasons in the log, and whole games
that replay from their seed."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from shapely.geometry import Polygon

from aot_rules.aot.rules.command import slot_activation_exact
from aot_rules.aot.rules.melee import MeleeResult, Side, melee_exact
from aot_rules.aot.rules.orders import Activity, Method
from aot_rules.present import number, tablelog
from aot_rules.tabletop import combat, command, geometry, moves
from aot_rules.tabletop.command import SIGNAL_MAX
from aot_rules.tabletop.contact import centre, contact_along
from aot_rules.tabletop.events import (
    InitiativeRolledAgain,
    MovedAlong,
    MoveKind,
    Reaction,
    Reformed,
    SlotsRewritten,
    TurnBegan,
)
from aot_rules.tabletop.game import Game, TableDice
from aot_rules.tabletop.geometry import BaseSize, Pose
from aot_rules.tabletop.plans import camp_flight, flight_disperses
from aot_rules.tabletop.player import (
    ScriptedPlayer,
    allocation_value,
    delegated_slots,
    odds,
    owner_work,
    rank,
    rear_threats,
    scripted,
    slot_chances,
    slot_value,
    turn_back_loss,
    turns_back,
    withdrawal_pays,
    worth_charging,
)
from aot_rules.tabletop.scenarios import scenario
from aot_rules.tabletop.sight import gap
from aot_rules.tabletop.simulate import RESULTS
from aot_rules.tabletop.state import GameState, Status
from aot_rules.tabletop.turn import activate, begin_slot, check_victory, end_slot, play, reactions, start_turn


def placed(state: GameState, pid: str, x: float, y: float, facing: float) -> GameState:
    return state.with_piece(replace(state.piece(pid), pose=Pose.of(x, y, facing)))


def decisions(g: Game) -> list[str]:
    many = number.of(g.state)
    return [tablelog.outcome(e, many) for e in g.state.log if e.kind == "decision"]


# --- planning geometry -------------------------------------------------------------------------------


def test_contact_along_is_the_exact_distance_to_touch() -> None:
    box = ((-1.0, 5.0), (1.0, 5.0), (1.0, 8.0), (-1.0, 8.0))
    assert contact_along(Pose.of(0, 0, 0), BaseSize.UNIT, box, 10) == pytest.approx(5.0)
    assert contact_along(Pose.of(0, 0, 0), BaseSize.UNIT, box, 4.9) is None  # out of reach
    assert contact_along(Pose.of(10, 0, 0), BaseSize.UNIT, box, 10) is None  # passes by
    # obliquely: after the advance the bases touch, edge to edge
    pose = Pose.of(0, 0, 10)
    t = contact_along(pose, BaseSize.UNIT, box, 20)
    assert t is not None
    moved = geometry.footprint(pose.advanced(t), BaseSize.UNIT)
    assert geometry.distance(moved, Polygon(box)) < 1e-3 and not geometry.overlap(moved, Polygon(box))


# --- exact odds ------------------------------------------------------------------------------------------


def test_charge_odds_are_the_calculators_exact_law() -> None:
    s = scenario("greek-border", 1)
    hoplites, akontists, horse = s.piece("A1").unit, s.piece("B3").unit, s.piece("B4").unit
    law = melee_exact(Side(hoplites), Side(akontists)).marginal("result")
    assert odds(hoplites, akontists, charging=True) == (law[MeleeResult.A_WINS], law[MeleeResult.B_WINS])
    # the defender's view is the same melee read the other way round
    win, lose = odds(akontists, hoplites, charging=False)
    assert (lose, win) == odds(hoplites, akontists, charging=True)
    # a charging horse strikes with its mounts (AOT-MELEE-HORSE-STRIKE); soaked ground stops it
    struck = melee_exact(Side(horse, horse_strike=True), Side(akontists)).marginal("result")
    assert odds(horse, akontists, charging=True)[0] == struck[MeleeResult.A_WINS]
    assert odds(horse, akontists, charging=True, weather="mud")[0] == \
        melee_exact(Side(horse), Side(akontists)).marginal("result")[MeleeResult.A_WINS]


def test_reactions_follow_the_odds() -> None:
    s = placed(scenario("greek-border", 1), "B3", 18, 12, 180)
    boe = ScriptedPlayer(1)
    assert boe.react(s, "B3", "A1", Reaction.RETURN_FIRE)
    assert boe.react(s, "B3", "A1", Reaction.EVADE)  # akontists against hoplites: the odds are bad
    assert not boe.react(s, "B3", "A1", Reaction.COUNTERCHARGE)
    ath = ScriptedPlayer(0)
    assert not ath.react(s, "A1", "B3", Reaction.EVADE)
    assert ath.react(s, "A1", "B3", Reaction.COUNTERCHARGE)


# --- decisions in the log ---------------------------------------------------------------------------


def slot_game(state: GameState, faces: tuple[int, int], side: int, slot: int, seed: int = 7) -> Game:
    """A game in ``side``'s ``slot`` after the initiative ``faces``, with seeded dice from then on."""
    g = Game(state, dice=TableDice.fixed(list(faces)))
    g.act(start_turn)
    g.dice = TableDice.seeded(seed)
    players = (ScriptedPlayer(0), ScriptedPlayer(1))
    g.react = reactions(players)
    g.act(begin_slot, side, slot)
    return g


def test_a_shooter_in_range_shoots_and_says_why() -> None:
    s = placed(scenario("greek-border", 1), "B2", 36, 11, 180)  # 3″ in front of the Scythian archers
    g = slot_game(s, (6, 4), 0, 6)
    b2 = g.state.piece("B2")  # it has run this turn, so it cannot countercharge the archers (AOT-REACT-COUNTERCHARGE)
    g.state = g.state.with_piece(replace(b2, turn=replace(b2.turn, extra=Activity.RUN)))
    ScriptedPlayer(0).play_slot(g, 6)
    said = decisions(g)
    assert "individual unit: A4 (Scythian archers), the most useful" in said
    assert "shoot: 4 firers at B2 (Thespian hoplites), 3.0″" in said
    first_shot = next(i for i, e in enumerate(g.state.log) if e.rule == "AOT-SHOOT-HIT")
    reason = next(i for i, e in enumerate(g.state.log) if tablelog.outcome(e).startswith("shoot:"))
    assert reason < first_shot


def test_a_favourable_charge_is_taken_with_its_exact_odds() -> None:
    s = placed(scenario("greek-border", 1), "B3", 18, 13.0, 180)  # akontists 5″ in front of Nikias's hoplites
    g = slot_game(s, (4, 2), 0, 4)
    ScriptedPlayer(0).play_slot(g, 4)
    p_win, p_lose = odds(s.piece("A1").unit, s.piece("B3").unit, charging=True)
    assert p_win > p_lose
    assert f"charge: P(win) {float(p_win):.2f} > P(lose) {float(p_lose):.2f} against B3 (Boeotian akontists)" \
        in decisions(g)


def test_a_refused_choice_is_never_proposed() -> None:
    """The full advance would stop on a friend (AOT-MOVE-THROUGH-FRIENDS): the player asks the rules first, so it
    goes half way without a refusal in the log (it used to log the refusal and try again)."""
    s = placed(scenario("greek-border", 1), "A2", 18, 14.5, 0)  # Attic hoplites 4.9″ in front of Nikias's
    g = slot_game(s, (4, 2), 0, 4)
    g.act(activate, 0, "A1", Method.DIRECT)
    ScriptedPlayer(0).act(g, "A1")
    assert decisions(g)[0] == "advance straight half way toward B1 (Theban hoplites), 24.0″ away"
    assert not any(d.startswith("refused") for d in decisions(g))
    assert g.state.piece("A1").pose.y > 8


# --- whole games --------------------------------------------------------------------------------------


def lines(seed: int, turns: int = 3) -> list[str]:
    g = play(Game(scenario("greek-border", seed)), turns, scripted())
    assert g.state.turn == turns or g.state.result is not None
    return [tablelog.line(e) for e in g.state.log]


def test_a_game_replays_exactly_from_its_seed_and_seeds_differ() -> None:
    a = lines(11)
    assert a == lines(11)
    assert a != lines(12)
    assert any(" decision " in x for x in a)


def test_a_played_game_keeps_every_warrior_and_its_reasons() -> None:
    g = play(Game(scenario("greek-border", 4)), 3, scripted())
    for p in g.state.pieces:
        assert p.unit.formed + p.unit.disordered + p.removed == p.initial
    said = decisions(g)
    assert any(d.startswith(("advance", "charge:", "shoot:")) for d in said)
    # every unit's move is preceded, in its slot, by the decision that chose it
    log = g.state.log
    for i, e in enumerate(log):
        if e.rule == "AOT-MOVE-PROCEDURE" and tablelog.outcome(e).startswith("moves"):
            assert any(x.kind == "decision" for x in log[max(0, i - 6):i]), tablelog.line(e)


# --- after a double (AOT-CMD-DOUBLES) ---------------------------------------------------------------


def test_slot_chances_are_the_exact_initiative_law() -> None:
    assert slot_chances() == tuple(Fraction(n, 30) for n in (15, 15, 14, 12, 9, 5))


def test_after_a_double_the_player_gives_its_busiest_owner_the_likeliest_slots() -> None:
    """Greek-border: Nikias' slots (2–4) are worth more than the individual-unit slots, so after the 3:3 the
    Athenian player moves him to slots 1–3, the likeliest to come up, before the dice are rolled again
    (before the fix the player kept its slots)."""
    g = Game(scenario("greek-border", 1), dice=TableDice.fixed([3, 3, 5, 2]))
    g.act(start_turn)
    old = g.state.sides[0].slots
    assert owner_work(g.state, 0, "Nikias") > owner_work(g.state, 0, "individual")
    ScriptedPlayer(0).after_double(g)
    new = g.state.sides[0].slots
    assert new == ("Nikias", "Nikias", "Nikias", "individual", "individual", "individual")
    assert sorted(new) == sorted(old) and slot_value(g.state, 0, new) > slot_value(g.state, 0, old)
    assert g.dice.used == 2  # rewritten knowing only the double
    ev = g.state.log[-1].events[-1]
    assert ev == SlotsRewritten(0, new, True)
    ScriptedPlayer(0).after_double(g)  # already the best order: no second rewrite
    assert g.state.sides[0].slots == new and g.state.log[-1].events[-1] == ev


def test_a_played_turn_rewrites_then_rolls_again() -> None:
    """Seed 13 opens with 3:3: in the turn the players play, the rewrite comes before the re-roll."""
    g = play(Game(scenario("greek-border", 13), dice=TableDice.seeded(13)), 1, scripted())
    kinds = [type(v).__name__ for e in g.state.log for v in e.events
             if isinstance(v, (TurnBegan, SlotsRewritten, InitiativeRolledAgain))]
    assert kinds[0] == "TurnBegan" and "SlotsRewritten" in kinds
    assert kinds.index("SlotsRewritten") < kinds.index("InitiativeRolledAgain")


# --- after a retreat: the turn back to face (AOT-MELEE-RETREAT) -------------------------------------------


def retreated(far: float, ranks: tuple[int, int] = (3, 3), disordered: int = 2) -> GameState:
    """The Thespian hoplites (B2), activated, their back to the Attic hoplites (A2) ``far`` inches behind them, as a
    lost melee's retreat leaves them; no other unit on the table."""
    s = scenario("greek-border", 1)
    s = replace(s, pieces=tuple(p for p in s.pieces if p.id in ("A2", "B2")))
    b2 = s.piece("B2")
    b2 = replace(b2, unit=replace(b2.unit, ranks=ranks, disordered=disordered), pose=Pose.of(24, 30, 0),
                 turn=b2.turn.activate())
    a2 = replace(s.piece("A2"), pose=Pose.of(24, 30 - 1.6 - far, 0))
    s = s.with_piece(a2).with_piece(b2)
    assert gap(s.piece("A2"), s.piece("B2")) == pytest.approx(far)
    return s


def test_the_turn_back_is_worth_its_test_only_when_the_test_cannot_be_saved() -> None:
    """The exact law of the test at density 3 (D3: a 1 or a 2 fails, losing that many) disorders 1/2 a warrior on
    average; the player keeps its back turned only when no enemy can reach its flank or rear next slot and it
    will reform, which faces any way without a test."""
    s = retreated(10)
    b2 = s.piece("B2")
    assert turn_back_loss(b2.unit) == Fraction(1, 2)
    assert not rear_threats(s, b2) and not turns_back(s, b2)  # the hoplites move 6″: 10″ is out of reach
    assert not ScriptedPlayer(1).react(s, "B2", "A2", moves.TURN_BACK)
    near = retreated(5)
    assert rear_threats(near, near.piece("B2")) == [near.piece("A2")] and turns_back(near, near.piece("B2"))
    formed = retreated(10, (4, 4), 0)  # nothing to reform: it would have to turn before it acts
    assert turns_back(formed, formed.piece("B2"))
    alone = retreated(10, (1, 1), 0)  # density 1: the test cannot fail, so the turn costs nothing
    assert turn_back_loss(alone.piece("B2").unit) == 0 and turns_back(alone, alone.piece("B2"))


def test_a_unit_that_kept_its_back_turned_reforms_to_face_without_a_test() -> None:
    s = retreated(10)
    g = Game(s, dice=TableDice.seeded(1))
    ScriptedPlayer(1).act(g, "B2")
    assert not [e for e in g.state.log if e.rule == "AOT-TURN"]  # no turn, so no test
    reformed = [v for e in g.state.log for v in e.events if isinstance(v, Reformed)]
    assert len(reformed) == 1 and reformed[0].faced
    b2 = g.state.piece("B2")
    assert abs(geometry.norm_angle(b2.pose.facing - 180)) < 1 and b2.unit.disordered == 1
    assert decisions(g) == ["reform: 2 disordered, nearest enemy 10.0″"]


# --- rallying, pursuit, the enemy camp --------------------------------------------------------------------


def test_a_panicking_unit_that_has_fled_rallies() -> None:
    """AOT-PANIC's Reading: a reform restores a warrior and gives the unit a density again; the player takes it
    once the unit has fled this turn (it used to wait, holding)."""
    s = scenario("greek-border", 1)
    a3 = s.piece("A3")
    a3 = replace(a3, unit=replace(a3.unit, ranks=(0, 0), disordered=4), fled_this_turn=True, turn=a3.turn.activate())
    g = Game(s.with_piece(a3), dice=TableDice.seeded(1))
    ScriptedPlayer(0).act(g, "A3")
    assert decisions(g) == ["rally: Athenian akontists reform, 4 disordered"]
    assert not g.state.piece("A3").unit.panicking


def test_a_panicking_enemy_within_reach_is_pursued() -> None:
    """A panicking unit is never fought, it flees: moving into contact costs the pursuer nothing (AOT-PANIC)."""
    s = placed(scenario("greek-border", 1), "B3", 18, 13.0, 180)  # 5″ in front of Nikias's hoplites
    b3, a1 = s.piece("B3"), s.piece("A1")
    s = s.with_piece(replace(b3, unit=replace(b3.unit, ranks=(0, 0), disordered=4)))
    s = s.with_piece(replace(a1, turn=a1.turn.activate()))
    g = Game(s, dice=TableDice.seeded(1))
    ScriptedPlayer(0).act(g, "A1")
    assert decisions(g) == ["pursue: B3 (Boeotian akontists) are panicking, 5.0″ away"]
    assert moves.contacts(g.state, g.state.piece("A1")) == (g.state.piece("B3"),)


def test_an_unguarded_camp_nearer_than_any_enemy_is_marched_on_and_sacked() -> None:
    """AOT-CAMP: the Athenian horse 5″ short of the empty Boeotian camp, the nearest enemy farther off: it rides in
    and sacks it (2 VP), leaving the table to loot."""
    s = scenario("greek-border", 1)
    s = replace(s, pieces=tuple(p for p in s.pieces if p.id in ("A1", "A2", "A5", "B1")))
    a5 = s.piece("A5")
    s = s.with_piece(replace(a5, pose=Pose.of(30, 31, 0), turn=a5.turn.activate()))
    g = Game(s, dice=TableDice.seeded(1))
    ScriptedPlayer(0).act(g, "A5")
    assert decisions(g)[0] == "march on the Boeotians camp, 5.0″ away"
    assert g.state.sides[1].camp_captured and g.state.piece("A5").status is Status.LOOTING


# --- every arm used, a panicking unit kept together (issue #38) ---------------------------------------------


def test_a_battle_line_is_ordered_whole_before_it_moves() -> None:
    """AOT-CMD-BATTLE-LINE: Nikias's line (bases 0.8″ apart) is ordered as it stands, then each unit moves; ordered
    one by one, the first unit's advance took it out of the line and the rest (the archers and the horse) idled."""
    g = slot_game(scenario("delion", 0), (4, 2), 0, 4)
    ScriptedPlayer(0).play_slot(g, 4)
    said = decisions(g)
    assert [f"Nikias orders A{i} by battle line" in said for i in range(2, 6)] == [True] * 4
    moved = {ev.piece for e in g.state.log for ev in e.events if isinstance(ev, MovedAlong)}
    assert moved == {"A1", "A2", "A3", "A4", "A5"}


def test_an_individual_slot_brings_up_the_unit_farthest_behind() -> None:
    """With nothing to shoot or charge, an individual-unit slot advances the laggard (here the horse held back by
    its own table edge), not again the unit nearest the enemy (which left the horse idle all game)."""
    s = placed(placed(scenario("greek-border", 1), "A5", 42, 3, 0), "A1", 18, 14, 0)
    g = slot_game(s, (6, 4), 0, 6)
    ScriptedPlayer(0).play_slot(g, 6)
    assert decisions(g)[0] == "individual unit: A5 (Athenian horse), the most useful"


def panicking(state: GameState, pid: str) -> GameState:
    p = state.piece(pid)
    return state.with_piece(replace(p, unit=replace(p.unit, ranks=(0, 0), disordered=p.unit.formed + p.unit.disordered),
                                    turn=p.turn.activate()))


def test_a_panicking_unit_in_its_camp_rallies_instead_of_fleeing_nowhere() -> None:
    """AOT-PANIC: in its camp a flight toward it goes nowhere; with an enemy 6″ off the player used to 'flee' on
    the spot every turn and never rally."""
    s = scenario("greek-border", 1)
    a3 = s.piece("A3")
    cx, cy = centre(a3)
    s = placed(s, "A3", a3.pose.x + 30 - cx, a3.pose.y + 2 - cy, 0)  # its centre on the camp's middle
    s = panicking(placed(s, "B3", 30, 10, 180), "A3")
    assert camp_flight(s, s.piece("A3")) is None
    g = Game(s, dice=TableDice.seeded(1))
    ScriptedPlayer(0).act(g, "A3")
    assert decisions(g) == ["rally: Athenian akontists reform, 4 disordered"]
    assert not g.state.piece("A3").unit.panicking


def test_a_panicking_unit_does_not_flee_into_a_friend_it_cannot_clear() -> None:
    """AOT-MOVE-THROUGH-FRIENDS: the flight toward the camp would end on the hoplites behind it, dispersing the
    akontists; they rally instead.  With the lane clear they flee as before."""
    s = placed(placed(scenario("greek-border", 1), "A3", 30, 14, 0), "B3", 30, 20, 180)
    blocked = panicking(placed(s, "A1", 30, 4, 0), "A3")  # where the flight would end
    f = camp_flight(blocked, blocked.piece("A3"))
    assert f is not None and flight_disperses(blocked, blocked.piece("A3"), f)
    fled = Game(blocked, dice=TableDice.seeded(1))
    fled.act(moves.flee, "A3")  # what the flight would do: the engine agrees with the plan
    assert fled.state.piece("A3").status is Status.DISPERSED
    g = Game(blocked, dice=TableDice.seeded(1))
    ScriptedPlayer(0).act(g, "A3")
    assert decisions(g) == ["rally: Athenian akontists reform, 4 disordered"]
    assert g.state.piece("A3").status is Status.FIGHTING
    clear = panicking(s, "A3")
    f = camp_flight(clear, clear.piece("A3"))
    assert f is not None and not flight_disperses(clear, clear.piece("A3"), f)
    g = Game(clear, dice=TableDice.seeded(1))
    ScriptedPlayer(0).act(g, "A3")
    assert decisions(g) == ["flee: Athenian akontists are panicking"]


# --- flank charges, pursuit, the weakest target, withdrawal (issue #38) ----------------------------------------


def test_the_horse_charges_the_flank_of_an_enemy_held_in_front() -> None:
    """AOT-MELEE-FLANK: the Theban hoplites are held in front by Nikias's; the Athenian horse stands off their right
    flank.  Frontally the exact odds forbid the charge; into the flank of a unit that cannot turn (AOT-TURN-FLANK-
    ATTACKED: it is engaged in front) they favour it, and the horse goes straight in, keeping its horse strike."""
    s = placed(placed(placed(scenario("greek-border", 1), "B1", 30, 20, 180), "A1", 30, 20, 0), "A5", 36, 21.8, 90)
    a5 = s.piece("A5")
    s = s.with_piece(replace(a5, turn=a5.turn.activate()))
    horse, thebans = s.piece("A5").unit, s.piece("B1").unit
    assert not worth_charging(*odds(horse, thebans, charging=True), s)  # head on it is hopeless
    p_win, p_lose = odds(horse, thebans, charging=True, flanked=True)
    assert p_win > p_lose
    g = Game(s, dice=TableDice.seeded(1))
    ScriptedPlayer(0).act(g, "A5")
    assert decisions(g) == [f"charge the flank of B1 (Theban hoplites), held in front: P(win) {float(p_win):.2f} > "
                            f"P(lose) {float(p_lose):.2f}"]
    a5, b1 = g.state.piece("A5"), g.state.piece("B1")
    assert combat.flanked_by(b1, a5) and moves.contacts(g.state, a5) == (b1,) and not a5.wheeled


def test_a_charging_horse_that_wheels_is_judged_without_its_horse_strike() -> None:
    """AOT-MELEE-HORSE-STRIKE: a horse that wheeled this turn strikes only with its riders; the player's odds say
    so (it used to count the horse strike for every charge)."""
    s = scenario("greek-border", 1)
    horse, akontists = s.piece("A5").unit, s.piece("B3").unit
    assert odds(horse, akontists, charging=True, strike=False) != odds(horse, akontists, charging=True)
    law = melee_exact(Side(horse), Side(akontists)).marginal("result")
    assert odds(horse, akontists, charging=True, strike=False) == (law[MeleeResult.A_WINS], law[MeleeResult.B_WINS])


def test_the_horse_trots_on_to_pursue_a_panicking_enemy_beyond_its_move() -> None:
    """A panicking unit 13.4″ off, beyond the horse's 7″ move: it advances, then trots on into it (AOT-TROT, the
    unit's extra move), which makes it flee (AOT-PANIC); it used to stop 0.5″ short of it."""
    s = placed(scenario("greek-border", 1), "B3", 42, 21.4, 180)
    b3, a5 = s.piece("B3"), s.piece("A5")
    s = s.with_piece(replace(b3, unit=replace(b3.unit, ranks=(0, 0), disordered=4)))
    s = s.with_piece(replace(a5, turn=a5.turn.activate()))
    g = Game(s, dice=TableDice.seeded(1))
    ScriptedPlayer(0).act(g, "A5")
    assert decisions(g) == ["advance straight toward B3 (Boeotian akontists), 13.4″ away",
                            "pursue: B3 (Boeotian akontists) are panicking, 6.4″ away"]
    assert [ev.how for e in g.state.log for ev in e.events if isinstance(ev, MovedAlong)] == [MoveKind.MOVE,
                                                                                               MoveKind.TROT]
    assert moves.contacts(g.state, g.state.piece("A5")) == (g.state.piece("B3"),)


def test_a_shooter_shoots_the_weakest_enemy_in_reach_not_the_nearest() -> None:
    """The Thespian hoplites stand 2″ in front of the archers, eight strong; the akontists, three formed, 3″ off:
    the archers shoot the akontists, nearer to breaking (they used to shoot the nearest)."""
    s = placed(placed(scenario("greek-border", 1), "B2", 34, 10, 180), "B3", 38, 11, 180)
    b3, a4 = s.piece("B3"), s.piece("A4")
    s = s.with_piece(replace(b3, unit=replace(b3.unit, ranks=(2, 1), disordered=1)))
    s = s.with_piece(replace(a4, turn=a4.turn.activate()))
    assert gap(s.piece("A4"), s.piece("B2")) < gap(s.piece("A4"), s.piece("B3"))
    g = Game(s, dice=TableDice.seeded(1))
    ScriptedPlayer(0).act(g, "A4")
    assert decisions(g) == ["shoot: 1 firer at B3 (Boeotian akontists), 3.0″"]


def withdrawing(panicking_units: tuple[str, ...]) -> GameState:
    """greek-border with four Boeotian units destroyed (4 VP to the Athenians), Nikias's hoplites and
    ``panicking_units`` panicking, and the other Athenian units fled off the table (worth nothing)."""
    s = scenario("greek-border", 1)
    for pid in ("B2", "B3", "B4", "B5"):
        s = s.with_piece(replace(s.piece(pid), status=Status.DESTROYED))
    for pid in ("A2", "A3", "A4", "A5"):
        if pid not in panicking_units:
            s = s.with_piece(replace(s.piece(pid), status=Status.FLED))
    for pid in ("A1", *panicking_units):
        p = s.piece(pid)
        s = s.with_piece(replace(p, unit=replace(p.unit, ranks=(0, 0), disordered=p.unit.formed + p.unit.disordered)))
    return s


def test_a_side_with_nothing_formed_withdraws_when_the_withdrawal_wins() -> None:
    """AOT-VICTORY-WITHDRAW: nothing of the Athenians is formed, so their withdrawal is complete at once: it gives
    the Boeotians the camp (+2) and the panicking hoplites (+1), 3 VP against the Athenians' 4.  Fighting on, the
    hoplites flee or are ridden down, and the Boeotians win outright (AOT-VICTORY-ROUT): the player withdraws, and
    the battle ends as a withdrawal, the way ``simulate`` counts it."""
    s = withdrawing(())
    assert withdrawal_pays(s, 0) == (4, 3) and withdrawal_pays(s, 1) is None
    g = slot_game(s, (4, 2), 0, 4)
    ScriptedPlayer(0).play_slot(g, 4)
    assert decisions(g) == ["withdraw: no unit is formed, and withdrawing now scores 4 VP to 3",
                            "withdraw in good order"]
    g.act(end_slot)
    g.act(check_victory, turn_over=False)
    ended = g.state.result
    assert ended is not None and (ended.winner, ended.points) == (0, (4, 3))
    assert ended.how.value == "withdrawal" and ended.how.value in RESULTS


def test_no_withdrawal_while_a_unit_is_formed_or_when_it_only_draws_a_battle_being_won() -> None:
    """With the akontists formed the withdrawal would not end the battle (they cannot leave the table in order); with
    them panicking it gives the Boeotians 4 VP to the Athenians' 4, a draw, while the points as they stand win:
    the player fights on (its panicking units may rally)."""
    s = withdrawing(("A3",))
    assert withdrawal_pays(s, 0) is None
    a3 = scenario("greek-border", 1).piece("A3")
    assert withdrawal_pays(s.with_piece(a3), 0) is None
    g = slot_game(s, (4, 2), 0, 4)
    ScriptedPlayer(0).play_slot(g, 4)
    assert not any(d.startswith("withdraw") for d in decisions(g)) and not g.state.sides[0].withdrawn


def test_a_commander_in_chief_with_nobody_in_reach_delegates_his_slots() -> None:
    """AOT-CMD-CINC: with the Attic hoplites sent off to the right, Nikias's signals and messengers reach nobody but
    his own unit, and that acts once a turn however many of his three slots come up.  In his slot 4 he rewrites
    the others to individual-unit slots (no orders this slot), keeps slot 4, and his own unit still acts."""
    s = placed(scenario("greek-border", 1), "A2", 48, 8, 0)
    new = delegated_slots(s, 0, "Nikias", 4)
    assert new == ("individual", "individual", "individual", "Nikias", "individual", "individual")
    gain = allocation_value(s, 0, new) - allocation_value(s, 0, s.sides[0].slots)
    assert gain > 0
    g = slot_game(s, (4, 2), 0, 4)
    ScriptedPlayer(0).play_slot(g, 4)
    said = decisions(g)
    assert said[0] == ("Nikias has nobody to order but his own unit: he rewrites the slots to individual, individual, "
                       f"individual, Nikias, individual, individual (expected work {float(gain):+.2f})")
    assert said[1] == "Nikias acts with his own unit A1"
    assert g.state.sides[0].slots == new
    assert [ev.slots for e in g.state.log for ev in e.events if isinstance(ev, SlotsRewritten)] == [new]


def test_allocation_value_is_the_expectation_over_which_slots_come_up() -> None:
    """The value is taken by linearity (each general's chance that any of his slots comes up, each lone unit's that
    enough individual slots do); it must be the very Fraction the law of which slots come up gives, outcome by
    outcome, for every allocation of the six slots between the side's general, a general who is not there and the
    individual-unit slot (A2, sent beyond his signals, is a lone unit)."""
    s = placed(scenario("greek-border", 1), "A2", 48, 8, 0)
    names = ["Nikias", "Lamachos", "individual"]  # Lamachos commands nothing here: his slots order nobody
    units = [p for p in s.fighting(0) if not p.turn.in_contact]
    for code in range(len(names) ** 6):
        owners = tuple(names[code // len(names) ** k % len(names)] for k in range(6))
        generals = {o: owner_work(s, 0, o) for o in set(owners) - {"individual"}}
        near: set[str] = set()
        for o in set(generals) & {"Nikias"}:
            cs = s.sides[0].commander(o)
            assert cs is not None
            g = s.piece(cs.unit)
            nation = command.nationality_of(s, g)
            near |= {p.id for p in units
                     if p.id == g.id or (command.nationality_of(s, p) == nation and gap(g, p) <= SIGNAL_MAX)}
        alone = sorted((rank(s, p) for p in units if p.id not in near), reverse=True)
        direct = Fraction(0)
        for up, pr in slot_activation_exact().items():
            played = {o for k, o in enumerate(owners, 1) if k in up.activated}
            n = sum(1 for k, o in enumerate(owners, 1) if k in up.activated and o == "individual")
            direct += pr * (sum(generals[o] for o in played - {"individual"}) + sum(alone[:n]))
        assert allocation_value(s, 0, owners) == direct, owners


def test_allocation_value_counts_each_unit_once_a_turn() -> None:
    """A general's units act once a turn however many of his slots come up: given every slot (and some slot of the
    side comes up every turn), Nikias's are worth what his orders reach (:func:`owner_work`) once, not six times;
    the units beyond his signals are then worth nothing (no individual slot sets them moving).  One individual slot
    in place of his sixth adds the chance that it comes up times the best of those units' ranks, and loses
    his units' work in the turns when it is the only slot of the side to come up."""
    s = scenario("delion", 1)
    assert sum((pr for up, pr in slot_activation_exact().items() if up.activated), Fraction(0)) == 1
    assert allocation_value(s, 0, ("Nikias",) * 6) == owner_work(s, 0, "Nikias")
    assert owner_work(s, 0, "Nikias") < sum(rank(s, p) for p in s.fighting(0))  # the right of the line is too far
    alone = max(rank(s, p) for p in s.fighting(0) if gap(s.piece("A1"), p) > SIGNAL_MAX)
    his = sum((pr for up, pr in slot_activation_exact().items() if set(up.activated) - {6}), Fraction(0))
    assert his < 1  # slot 6 may come up alone
    assert allocation_value(s, 0, ("Nikias",) * 5 + ("individual",)) == owner_work(s, 0, "Nikias") * his + \
        slot_chances()[5] * alone
