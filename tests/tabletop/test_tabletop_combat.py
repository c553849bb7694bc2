"""Shooting and melee on the table (aot_rules.tabletop.combat): refusals with their rule ids and the state
unchanged, flank and cover read from positions, return fire, several units in one melee, panic, DP
targeting by sight and nearness, and warriors conserved after every fight."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from table_positions import piece, side

from aot_rules.aot.equipment import MeleeWeapon, Missile
from aot_rules.aot.rules.terrain import Terrain
from aot_rules.aot.rules.weather import Weather
from aot_rules.aot.units import Unit
from aot_rules.core.errors import RuleError
from aot_rules.present import number, tablelog
from aot_rules.tabletop import combat
from aot_rules.tabletop import geometry as geo
from aot_rules.tabletop.combat import fight, shoot, spend_dp
from aot_rules.tabletop.events import Edge
from aot_rules.tabletop.game import Game, TableDice
from aot_rules.tabletop.state import GameState, Piece, Status, TerrainPiece

# --- building small tables ----------------------------------------------------------------------------


def table(*pieces: Piece, terrain: tuple[TerrainPiece, ...] = (), weather: str = "calm") -> GameState:
    return GameState("test", 0, (side("Greeks", 0, 0.0), side("Gauls", 36, 40.0)), tuple(pieces), terrain,
                     weather=weather, turn=1)


def slingers(name: str = "slingers", ranks: tuple[int, ...] = (3, 3)) -> Unit:
    return Unit(name=name, ranks=ranks, weapon=MeleeWeapon.SHOOTER, missile=Missile.SLING)


def hoplites(name: str = "hoplites") -> Unit:
    return Unit(name=name, ranks=(4, 4), shield=True, weapon=MeleeWeapon.SPEAR)


def archers(name: str = "archers", ranks: tuple[int, ...] = (2, 2)) -> Unit:
    return Unit(name=name, ranks=ranks, weapon=MeleeWeapon.SHOOTER, missile=Missile.BOW)


def conserved(state: GameState) -> None:
    """Warriors are never created or lost: formed + disordered + removed == initial, for every unit."""
    for p in state.pieces:
        assert p.unit.formed + p.unit.disordered + p.removed == p.initial, p


def refused(game: Game, action: Any, *args: Any) -> RuleError:
    """Run an action that must be refused; check nothing changed (same state object, no dice used)."""
    before, used = game.state, game.dice.used
    with pytest.raises(RuleError) as err:
        game.act(action, *args)
    assert game.state is before and game.dice.used == used
    return err.value


def entries(state: GameState, rule: str) -> list[Any]:
    return [e for e in state.log if e.rule == rule]


def hold(state: GameState, pid: str, by: str, reaction: str) -> bool:
    """Take every reaction but the countercharge: the shooting tests below are about the volley."""
    return reaction != "countercharge"


# --- shooting refusals --------------------------------------------------------------------------------------


def slingers_at(distance: float, *pieces: Piece, **kw: Any) -> GameState:
    """Slingers (side 0) facing up the table at (30, 10); hoplites (side 1) facing them ``distance`` away."""
    return table(piece("S", 0, slingers(), 30, 10), piece("H", 1, hoplites(), 30, 10 + distance, 180), *pieces, **kw)


def test_a_unit_in_contact_cannot_shoot() -> None:
    g = Game(slingers_at(0.0), react=hold, dice=TableDice.fixed([1] * 20))
    assert refused(g, shoot, "S", "H").rule_id == "AOT-SHOOT-ARC-LOS"


def test_out_of_arc_is_refused() -> None:
    # The hoplites stand 10″ to the slingers' right, level with them: far outside ±45°.
    g = Game(table(piece("S", 0, slingers(), 30, 10), piece("H", 1, hoplites(), 42, 10, 90)),
             react=hold, dice=TableDice.fixed([1] * 20))
    err = refused(g, shoot, "S", "H")
    assert err.rule_id == "AOT-SHOOT-ARC-LOS" and "arc" in err.message


def test_blocked_sight_is_refused() -> None:
    # A friendly unit stands between the slingers and the hoplites.
    st = slingers_at(5.0, piece("F", 0, hoplites("friends"), 30, 12.5))
    err = refused(Game(st, dice=TableDice.fixed([1] * 20)), shoot, "S", "H")
    assert err.rule_id == "AOT-SHOOT-ARC-LOS" and "see" in err.message


def test_out_of_range_is_refused() -> None:
    # 8 hoplites at 8″: 8 − 8 = 0 firers.
    err = refused(Game(slingers_at(8.0), dice=TableDice.fixed([1] * 20)), shoot, "S", "H")
    assert err.rule_id == "AOT-SHOOT-RANGE"


def test_javelins_reach_one_inch_only() -> None:
    jav = Unit(name="akontists", ranks=(2, 2), weapon=MeleeWeapon.SHOOTER, missile=Missile.JAVELIN)
    st = table(piece("J", 0, jav, 30, 10), piece("H", 1, hoplites(), 30, 11.5, 180))
    assert refused(Game(st, dice=TableDice.fixed([1] * 20)), shoot, "J", "H").rule_id == "AOT-SHOOT-JAVELIN"
    st = table(piece("J", 0, jav, 30, 10), piece("H", 1, hoplites(), 30, 11, 180))
    g = Game(st, react=hold, dice=TableDice.fixed([6] * 20))
    g.act(shoot, "J", "H")
    assert tablelog.outcome(entries(g.state, "AOT-SHOOT-HIT")[0]).startswith("4 firers")  # min(8 − 1, 4 formed)


def test_a_second_action_and_an_unactivated_unit_are_refused() -> None:
    g = Game(slingers_at(4.0), react=hold, dice=TableDice.fixed([6] * 20))
    g.act(shoot, "S", "H")
    assert refused(g, shoot, "S", "H").rule_id == "AOT-UNIT-ACTIONS"
    st = table(piece("S", 0, slingers(), 30, 10, active=False), piece("H", 1, hoplites(), 30, 14, 180))
    assert refused(Game(st, dice=TableDice.fixed([6] * 20)), shoot, "S", "H").rule_id == "AOT-CMD-SLOTS"


def test_bad_targets_and_shooters_are_refused() -> None:
    st = slingers_at(4.0, piece("F", 0, archers(), 36, 14, 180))
    g = Game(st, react=hold, dice=TableDice.fixed([6] * 20))
    assert refused(g, shoot, "S", "F").rule_id == "AOT-SHOOT-ARC-LOS"  # a friend
    assert refused(g, shoot, "H", "S").rule_id == "AOT-SHOOT-HIT"  # hoplites carry no missiles
    gone = table(piece("S", 0, slingers(), 30, 10), replace(piece("H", 1, hoplites(), 30, 14, 180),
                                                             status=Status.FLED))
    assert refused(Game(gone, dice=TableDice.fixed([6])), shoot, "S", "H").rule_id == "AOT-SHOOT-ARC-LOS"
    panicked = Unit(name="slingers", ranks=(0, 0), disordered=6, weapon=MeleeWeapon.SHOOTER, missile=Missile.SLING)
    st = table(piece("S", 0, panicked, 30, 10), piece("H", 1, hoplites(), 30, 14, 180))
    assert refused(Game(st, dice=TableDice.fixed([6])), shoot, "S", "H").rule_id == "AOT-PANIC"


# --- shooting: cover, flank, wind, results --------------------------------------------------------------------


def test_cover_counts_density_instead_of_strength() -> None:
    wood = TerrainPiece("wood", Terrain.WOOD, ((20, 13.5), (40, 13.5), (40, 25), (20, 25)))
    # In the open at 2″: 8 − 2 = 6 firers.  At the wood's edge: density 4 − 2 = 2 firers.
    g = Game(slingers_at(2.0), react=hold, dice=TableDice.fixed([6] * 20))
    g.act(shoot, "S", "H")
    assert tablelog.outcome(entries(g.state, "AOT-SHOOT-HIT")[0]).startswith("6 firers")
    g = Game(slingers_at(4.0, terrain=(wood,)), react=hold, dice=TableDice.fixed([6] * 20))
    assert refused(g, shoot, "S", "H").rule_id == "AOT-SHOOT-RANGE"  # in cover at 4″: 4 − 4 = 0 firers
    g = Game(slingers_at(2.0, terrain=(wood,)), react=hold, dice=TableDice.fixed([6] * 20))
    g.act(shoot, "S", "H")
    line = tablelog.outcome(entries(g.state, "AOT-SHOOT-HIT")[0])
    assert line.startswith("2 firers") and "cover" in line


def test_flank_shooting_is_read_from_positions() -> None:
    """Archers wholly beyond the hoplites' front line: no shield roll, hit against the frontal density 4,
    the result against the depth 2 (AOT-SHOOT-FLANK, AOT-EX-FLANK-SHOOT)."""
    # The hoplites face right (+x) with their front edge on x = 30; the archers stand below their right side.
    hop = piece("H", 1, hoplites(), 30, 20, -90)  # faces +x; base spans x 28.4..30, y 18.4..21.6
    arch = piece("A", 0, archers("archers", (3, 3)), 28.2, 16, 0)  # 2.4″ below, wholly behind their front line
    st = table(arch, hop)
    a = combat.aim(st, st.piece("A"), st.piece("H"))
    assert a.cond.flank and a.firers == 5  # 8 − 2.4 = 5.6 → 5
    g = Game(st, react=hold, dice=TableDice.fixed([1, 2, 3, 4, 5, 6, 6, 6, 6]))
    g.act(shoot, "A", "H")
    hit = entries(g.state, "AOT-SHOOT-HIT")[0]
    assert hit.faces == (1, 2, 3, 4, 5) and "flank" in tablelog.outcome(hit) and "shield" not in tablelog.outcome(hit)
    # 3 killed: 4+4 → 2+3, depth 2 < the archers' 3: the hoplites are beaten.
    h = g.state.piece("H")
    assert h.removed == 3 and h.pose != st.piece("H").pose
    assert tablelog.outcome(entries(g.state, "AOT-SHOOT-RESULT")[0], number.of(g.state)).endswith("hoplites are beaten")
    conserved(g.state)


def test_downwind_shooters_hit_on_equal() -> None:
    st = replace(slingers_at(4.0, weather=Weather.WIND.value), wind=Edge.SOUTH)
    assert combat.downwind(st, st.piece("S")) and not combat.downwind(st, st.piece("H"))
    g = Game(st, react=hold, dice=TableDice.fixed([4, 4, 5, 6, 6]))
    g.act(shoot, "S", "H")
    assert "downwind" in tablelog.outcome(entries(g.state, "AOT-SHOOT-HIT")[0])
    assert g.state.piece("H").removed == 2  # 4s hit on ≤ 4; the shield 6 saves nothing
    assert not combat.downwind(slingers_at(4.0, weather="wind"), st.piece("S"))


def test_return_fire_lands_together_and_can_beat_the_shooter() -> None:
    """Slingers (D3) shoot archers (D2, 4 warriors) 1″ away; the archers answer: 6 − 1 = 5 → capped at
    their 4 formed warriors, hitting on < 3."""
    st = table(piece("S", 0, slingers(), 30, 20), piece("A", 1, archers(), 30, 21, 180))
    # Slingers: 3 firers (4 − 1), hit on < 2: faces 6 6 6 → none.  Archers: 4 firers on < 3: 1 1 1 1 → 4 hits.
    g = Game(st, react=hold, dice=TableDice.fixed([6, 6, 6, 1, 1, 1, 1] + [6] * 6))
    g.act(shoot, "S", "A")
    back = entries(g.state, "AOT-REACT-RETURN-FIRE")[0]
    assert back.faces == (1, 1, 1, 1) and back.who == "archers"
    # 3+3 → 1+1: density 1 < 2, the slingers are beaten and retreat; the archers' side gains their start
    # density 3 and spends it on the beaten unit (the only one of its army): its last 2 formed disorder.
    s = g.state.piece("S")
    assert s.removed == 4 and s.unit.ranks == (0, 0) and s.unit.disordered == 2
    assert s.pose != st.piece("S").pose
    assert tablelog.outcome(entries(g.state, "AOT-DEMO-DISORDER")[0]).startswith("2 DP on slingers")
    conserved(g.state)


def test_return_fire_is_the_players_choice() -> None:
    st = table(piece("S", 0, slingers(), 30, 10), piece("A", 1, archers(), 30, 11, 180))
    g = Game(st, dice=TableDice.fixed([6] * 12), react=lambda *a: False)
    g.act(shoot, "S", "A")
    assert not entries(g.state, "AOT-REACT-RETURN-FIRE")


def test_a_beaten_target_retreats_and_the_dp_disorder_the_nearest() -> None:
    """Archers (D3) kill 2 of 4 akontists (D2 → 1): beaten, they retreat; the archers' side gains their start
    density 2 and disorders 2 warriors of the nearest enemy in sight of the combat."""
    jav = Unit(name="akontists", ranks=(2, 2), weapon=MeleeWeapon.SHOOTER, missile=Missile.JAVELIN)
    cav = Unit(name="horse", ranks=(3,), mounted=True, weapon=MeleeWeapon.SHOOTER, missile=Missile.JAVELIN)
    far = hoplites("far hoplites")
    # Strength 4 at 2″: 2 firers, hitting on < 2.
    st = table(piece("A", 0, archers("archers", (3, 3)), 30, 11), piece("J", 1, jav, 30, 13, 180),
               piece("C", 1, cav, 36, 14, 180), piece("F", 1, far, 44, 20, 180))
    g = Game(st, react=hold, dice=TableDice.fixed([1, 1] + [6] * 10))
    g.act(shoot, "A", "J")
    j = g.state.piece("J")
    assert j.removed == 2 and j.pose != st.piece("J").pose
    dp = entries(g.state, "AOT-DEMO-DISORDER")
    assert len(dp) == 1 and tablelog.outcome(dp[0]).startswith("2 DP on horse")
    assert g.state.piece("C").unit.disordered == 2 and g.state.piece("F").unit.disordered == 0
    conserved(g.state)


def test_shooting_a_panicking_unit_makes_it_flee_without_dice_or_dp() -> None:
    pan = Unit(name="rabble", ranks=(0, 0), disordered=5)
    st = table(piece("S", 0, slingers(), 30, 10), piece("R", 1, pan, 30, 12, 180))
    g = Game(st, react=hold, dice=TableDice.fixed([6] * 10))
    g.act(shoot, "S", "R")
    assert not entries(g.state, "AOT-SHOOT-HIT") and not entries(g.state, "AOT-DEMO-DISORDER")
    r = g.state.piece("R")
    assert r.pose != st.piece("R").pose or r.status is not Status.FIGHTING


# --- the countercharge (AOT-REACT-COUNTERCHARGE) ---------------------------------------------------------------


class Asked:
    """A reaction chooser that records what it was asked, answering ``yes`` to the reactions in it."""

    def __init__(self, *yes: str) -> None:
        self.yes, self.asked = yes, []  # type: tuple[str, ...], list[tuple[str, str, str]]

    def __call__(self, state: GameState, pid: str, by: str, reaction: str) -> bool:
        self.asked.append((pid, by, reaction))
        return reaction in self.yes


def test_a_countercharge_that_reaches_cancels_the_volley_and_fights_at_once() -> None:
    """Hoplites (D4) 4″ from the slingers roll 5: 5 ≥ 4 reaches, and 5 ≥ D passes the test; they end with
    their front flush against the slingers' front, no volley is shot, the melee is fought at once."""
    st = slingers_at(4.0)
    who = Asked("countercharge")
    g = Game(st, dice=TableDice.fixed([5] + [6] * 30), react=who)
    g.act(shoot, "S", "H")
    # the countercharge, then (the slingers beaten) whether they turn back to face the hoplites when their retreat
    # stops (AOT-MELEE-RETREAT: the owner's choice; this one declines)
    assert who.asked == [("H", "S", "countercharge"), ("S", "H", "turn-back")]
    (cc,) = entries(g.state, "AOT-REACT-COUNTERCHARGE")[:1]
    assert cc.faces == (5,) and tablelog.outcome(cc) == "countercharges slingers 4″ away: 5 reaches"
    h, s = g.state.piece("H"), g.state.piece("S")
    # In contact, front to front, half the contact distance apart (the melee then beat the slingers back).
    assert h.pose == geo.Pose.of(30, 10.005, 180)
    assert tablelog.outcome(entries(g.state, "AOT-REACT-COUNTERCHARGE")[1]).startswith(
        "charges home into slingers at (30.0, 10.0) facing 180°")
    assert not entries(g.state, "AOT-SHOOT-HIT") and not entries(g.state, "AOT-REACT-RETURN-FIRE")
    assert entries(g.state, "AOT-MELEE-STRIKES")[0].who == "slingers v hoplites"
    assert h.turn.extra is combat.Activity.RUN and h.unit.disordered == 0  # its run is spent
    assert s.turn.action is combat.Activity.SHOOT  # the shooters' action is spent all the same
    conserved(g.state)


def test_a_short_countercharge_moves_the_roll_closer_and_the_volley_follows() -> None:
    """6″ away the hoplites roll 4: short; 4 ≥ D passes.  They move 4″ straight at the slingers and are shot
    at 2″: 8 − 2 = 6 firers (all the slingers' 6 formed)."""
    st = slingers_at(6.0)
    g = Game(st, dice=TableDice.fixed([4] + [6] * 30), react=Asked("countercharge"))
    g.act(shoot, "S", "H")
    cc = entries(g.state, "AOT-REACT-COUNTERCHARGE")
    said = [tablelog.outcome(e) for e in cc]
    assert cc[0].faces == (4,) and "falls short" in said[0] and "2″ from slingers" in said[1]
    h = g.state.piece("H")
    assert h.pose == geo.Pose.of(30, 12, 180) and h.turn.extra is combat.Activity.RUN
    hit = entries(g.state, "AOT-SHOOT-HIT")
    assert len(hit) == 1 and tablelog.outcome(hit[0]).startswith("6 firers at hoplites (2″")
    assert not entries(g.state, "AOT-REACT-RETURN-FIRE") and not entries(g.state, "AOT-MELEE-STRIKES")


def test_a_short_countercharge_takes_its_disorder_test_and_stops_short_of_contact() -> None:
    """2″ away, a 1 falls short and fails the test (1 < D4: 1 disordered); the unit moves 1″, to 1″ off."""
    g = Game(slingers_at(2.0), dice=TableDice.fixed([1] + [6] * 30), react=Asked("countercharge"))
    g.act(shoot, "S", "H")
    h = g.state.piece("H")
    assert tablelog.outcome(entries(g.state, "AOT-REACT-COUNTERCHARGE")[0]).endswith("falls short; 1 disordered")
    assert h.unit.disordered == 1 and h.pose == geo.Pose.of(30, 11, 180)
    assert geo.distance(h.polygon, g.state.piece("S").polygon) >= geo.CONTACT
    conserved(g.state)


def test_no_countercharge_against_shooters_on_the_flank() -> None:
    """The archers stand wholly beyond the hoplites' front line: the hoplites may not countercharge
    (they are not even asked); the volley is shot."""
    hop = piece("H", 1, hoplites(), 30, 20, -90)
    arch = piece("A", 0, archers("archers", (3, 3)), 28.2, 16, 0)
    who = Asked("countercharge", "return-fire")
    g = Game(table(arch, hop), dice=TableDice.fixed([6] * 30), react=who)
    g.act(shoot, "A", "H")
    assert all(r != "countercharge" for _, _, r in who.asked)
    assert not entries(g.state, "AOT-REACT-COUNTERCHARGE") and entries(g.state, "AOT-SHOOT-HIT")


def test_no_countercharge_after_a_run_or_without_one() -> None:
    """A unit that has run this turn may not countercharge: it is asked only whether it returns fire.  Foot
    with shields and armour may never run, so it has no countercharge either (Reading (engine))."""
    run = piece("A", 1, archers(), 30, 13, 180)
    run = replace(run, turn=run.turn.do(combat.Activity.RUN))
    who = Asked("countercharge")
    g = Game(table(piece("S", 0, slingers(), 30, 10), run), dice=TableDice.fixed([6] * 30), react=who)
    g.act(shoot, "S", "A")
    assert who.asked == [("A", "S", "return-fire")]
    assert not entries(g.state, "AOT-REACT-COUNTERCHARGE")
    heavy = Unit(name="heavy hoplites", ranks=(4, 4), shield=True, armour=True, weapon=MeleeWeapon.SPEAR)
    who = Asked("countercharge")
    g = Game(table(piece("S", 0, slingers(), 30, 10), piece("H", 1, heavy, 30, 14, 180)),
             dice=TableDice.fixed([6] * 30), react=who)
    g.act(shoot, "S", "H")
    assert who.asked == [] and entries(g.state, "AOT-SHOOT-HIT")


def test_a_declined_countercharge_leaves_return_fire() -> None:
    who = Asked("return-fire")
    g = Game(table(piece("S", 0, slingers(), 30, 10), piece("A", 1, archers(), 30, 13, 180)),
             dice=TableDice.fixed([6] * 30), react=who)
    g.act(shoot, "S", "A")
    assert [r for _, _, r in who.asked] == ["countercharge", "return-fire"]
    assert entries(g.state, "AOT-REACT-RETURN-FIRE") and not entries(g.state, "AOT-REACT-COUNTERCHARGE")
    assert g.state.piece("A").turn.extra is None


def test_an_oblique_countercharge_squares_up_to_the_shooters_front() -> None:
    """Archers about 4″ ahead and 2″ to the right of the slingers, facing half-left: a 6 reaches; they end
    facing the slingers (180°), their front against the slingers' front edge, nothing overlapping."""
    st = table(piece("S", 0, slingers(), 30, 10), piece("A", 1, archers("archers", (3, 3)), 32, 14, 160))
    d = combat.aim(st, st.piece("S"), st.piece("A")).distance
    g = Game(st, dice=TableDice.fixed([6] + [6] * 30), react=Asked("countercharge"))
    g.act(shoot, "S", "A")
    a, s = g.state.piece("A"), g.state.piece("S")
    assert d < 6 and a.pose.facing == 180 and geo.distance(a.polygon, s.polygon) < geo.CONTACT
    assert not geo.overlap(a.polygon, s.polygon) and entries(g.state, "AOT-MELEE-STRIKES")


# --- melee ------------------------------------------------------------------------------------------------------


def duel(a: Unit, b: Unit, *, flank: bool = False) -> GameState:
    """``a`` (side 0) at (30, 20) facing up; ``b`` (side 1) in contact with its front, or with its left flank."""
    if flank:
        return table(piece("A", 0, a, 30, 20), piece("B", 1, b, 28.4, 18.4, -90))
    return table(piece("A", 0, a, 30, 20), piece("B", 1, b, 30, 20, 180))


def test_a_one_on_one_melee_with_printed_dice() -> None:
    a = Unit(name="spearmen", ranks=(3, 3), weapon=MeleeWeapon.SPEAR)  # hit on < 3
    b = Unit(name="swordsmen", ranks=(2, 2), weapon=MeleeWeapon.SWORD)  # hit on > 2
    g = Game(duel(a, b), dice=TableDice.fixed([1, 2, 6, 3, 4] + [6] * 10))
    g.act(fight)
    strikes = entries(g.state, "AOT-MELEE-STRIKES")[0]
    assert strikes.faces == (1, 2, 6, 3, 4)
    # Spearmen 2 hits → swordsmen 2+2 → 1+1 (D1); swordsmen 2 hits → spearmen 3+3 → 2+2 (D2): spearmen win.
    assert g.state.piece("A").unit.ranks == (2, 2) and g.state.piece("B").removed == 2
    assert "spearmen win" in tablelog.outcome(entries(g.state, "AOT-MELEE-RESULT")[0])
    assert g.state.piece("B").pose != duel(a, b).piece("B").pose  # the beaten swordsmen retreated
    assert not g.state.piece("A").turn.in_contact  # the loser went; contact has ended
    conserved(g.state)


def test_a_drawn_melee_leaves_both_engaged() -> None:
    a = Unit(name="spearmen", ranks=(3, 3), weapon=MeleeWeapon.SPEAR)
    b = Unit(name="more spearmen", ranks=(3, 3), weapon=MeleeWeapon.SPEAR)
    g = Game(duel(a, b), dice=TableDice.fixed([6] * 6))
    g.act(fight)
    assert "goes on" in tablelog.outcome(entries(g.state, "AOT-MELEE-RESULT")[0])
    assert g.state.piece("A").turn.in_contact and g.state.piece("B").turn.in_contact
    # In contact, they can no longer shoot or move (AOT-UNIT-ACTIONS).
    with pytest.raises(RuleError):
        g.state.piece("A").turn.do(combat.Activity.MOVE)


def test_a_flank_attack_is_read_from_positions() -> None:
    """B touches A's left side: A is flanked: it strikes nothing at B, has no shield wall, and is judged on
    its depth 2 (AOT-MELEE-FLANK)."""
    a = hoplites("hoplites")
    b = Unit(name="peltasts", ranks=(2, 1), weapon=MeleeWeapon.SWORD)  # hit on > 2
    st = duel(a, b, flank=True)
    assert geo.distance(st.piece("A").polygon, st.piece("B").polygon) < geo.CONTACT
    assert combat.flanked_by(st.piece("A"), st.piece("B")) and not combat.flanked_by(st.piece("B"), st.piece("A"))
    g = Game(st, dice=TableDice.fixed([1, 2] + [6] * 10), react=lambda *a: False)  # it does not turn to face
    g.act(fight)
    strikes = entries(g.state, "AOT-MELEE-STRIKES")[0]
    assert strikes.faces == (1, 2)  # the hoplites roll nothing, and no shield die: only the peltasts' 2 dice
    # No losses; the hoplites' depth 2 equals the peltasts' density 2: the melee goes on.
    assert "density 2 against 2" in tablelog.outcome(entries(g.state, "AOT-MELEE-RESULT")[0])


def test_two_against_one_splits_the_dice() -> None:
    """Two small units touch the front of one: it splits its 2 front dice 1/1 (resolve_two_vs_one)."""
    b = Unit(name="warband", ranks=(2, 2), weapon=MeleeWeapon.SWORD)  # hits on > 2
    a1 = Unit(name="left spears", ranks=(2, 2), weapon=MeleeWeapon.SPEAR)  # hit on < 2
    a2 = Unit(name="right spears", ranks=(2, 2), weapon=MeleeWeapon.SPEAR)
    st = table(piece("A1", 0, a1, 28.4, 20), piece("A2", 0, a2, 31.6, 20), piece("B", 1, b, 30, 20, 180))
    # B's die at A1: 6 (hit), at A2: 1 (miss); A1: 1 1 (2 hits), A2: 6 6.
    g = Game(st, dice=TableDice.fixed([6, 1, 1, 1, 6, 6] + [6] * 10))
    g.act(fight)
    line = entries(g.state, "AOT-MELEE-STRIKES")
    assert len(line) == 1 and line[0].faces == (6, 1, 1, 1, 6, 6) and "split 1/1" in tablelog.outcome(line[0])
    assert g.state.piece("A1").removed == 1 and g.state.piece("B").removed == 2
    # B: 2+2 → 1+1 (D1) loses to A2 (D2) and to A1 (2+2 → 1+2, D2): it retreats once.
    assert len([e for e in entries(g.state, "AOT-MELEE-RESULT") if "warband are beaten" in tablelog.outcome(e)]) == 2
    conserved(g.state)


def test_a_panicking_unit_in_contact_flees_instead_of_fighting() -> None:
    pan = Unit(name="rabble", ranks=(0, 0), disordered=4)
    g = Game(duel(hoplites(), pan), dice=TableDice.fixed([6] * 10))
    g.act(fight)
    assert not entries(g.state, "AOT-MELEE-STRIKES")
    assert any(e.rule == "AOT-PANIC" for e in g.state.log)


def test_fight_only_the_given_units() -> None:
    a = Unit(name="spearmen", ranks=(3, 3), weapon=MeleeWeapon.SPEAR)
    st = table(piece("A", 0, a, 30, 20), piece("B", 1, replace(a, name="foes"), 30, 20, 180),
               piece("C", 0, replace(a, name="others"), 10, 20), piece("D", 1, replace(a, name="their foes"), 10, 20,
                                                                        180))
    g = Game(st, dice=TableDice.fixed([6] * 30))
    g.act(fight, frozenset({"C"}))
    assert [e.who for e in entries(g.state, "AOT-MELEE-STRIKES")] == ["others v their foes"]


def test_nothing_in_contact_changes_nothing() -> None:
    g = Game(slingers_at(4.0), dice=TableDice.fixed([]))
    g.act(fight)
    assert g.state.pieces == slingers_at(4.0).pieces and not g.state.log


def test_horse_strike_only_from_the_front_and_off_soaked_ground() -> None:
    cav = Unit(name="horse", ranks=(3,), mounted=True, weapon=MeleeWeapon.SWORD)
    st = table(piece("C", 0, cav, 30, 20), piece("F", 1, hoplites(), 30, 20, 180))
    assert combat._side(st, st.piece("C"), st.piece("F"), cav).horse_strike
    mud = replace(st, weather="mud")
    assert not combat._side(mud, mud.piece("C"), mud.piece("F"), cav).horse_strike


# --- DP -------------------------------------------------------------------------------------------------------


def test_dp_go_to_the_nearest_in_sight_and_skip_the_hidden() -> None:
    """2 DP after a fight at the loser's base: the nearest unit of its army is hidden behind a wood, so the
    next nearest in sight takes them."""
    loser = piece("L", 1, archers("beaten"), 30, 20, 180)
    hidden = piece("H", 1, archers("hidden"), 30, 27, 180)
    seen = piece("V", 1, archers("seen", (3, 3)), 40, 26, 180)
    wood = TerrainPiece("wood", Terrain.WOOD, ((26, 22.5), (34, 22.5), (34, 24.5), (26, 24.5)))
    st = table(piece("W", 0, hoplites("winners"), 30, 10), loser, hidden, seen, terrain=(wood,))
    g = Game(st, dice=TableDice.fixed([]))
    g.act(spend_dp, 0, 2, st.piece("L"), "L")
    assert g.state.piece("H").unit.disordered == 0
    # The beaten unit itself is eligible and nearest (distance 0).
    assert g.state.piece("L").unit.disordered == 2
    far = replace(st, pieces=tuple(p for p in st.pieces if p.id != "L"))
    g = Game(far, dice=TableDice.fixed([]))
    g.act(spend_dp, 0, 3, st.piece("L"), "H")
    # The hidden unit is the beaten one: eligible although out of sight, and nearest; 2 formed... it has 4.
    assert g.state.piece("H").unit.disordered == 3 and g.state.piece("V").unit.disordered == 0
    conserved(g.state)


def test_dp_spill_over_and_stubborn_costs() -> None:
    stub = Unit(name="stubborn", ranks=(1,), stubborn=True)
    st = table(piece("W", 0, hoplites("winners"), 30, 10), piece("L", 1, stub, 30, 20, 180),
               piece("N", 1, archers("next"), 36, 20, 180))
    g = Game(st, dice=TableDice.fixed([]))
    g.act(spend_dp, 0, 3, st.piece("L"), "L")
    # 2 DP disorder the one stubborn warrior; the third goes to the next nearest.
    assert g.state.piece("L").unit.disordered == 1 and g.state.piece("N").unit.disordered == 1
    conserved(g.state)


def test_warriors_are_conserved_over_many_seeded_fights_and_volleys() -> None:
    """Two against one, a flank fight and an exchange of fire, over 60 seeds each: every warrior is still
    formed, disordered or removed, and every die rolled is in the log."""
    b = Unit(name="warband", ranks=(3, 3), weapon=MeleeWeapon.SWORD, shield=True)
    a1 = Unit(name="left spears", ranks=(2, 2), weapon=MeleeWeapon.SPEAR, shield=True)
    a2 = Unit(name="right horse", ranks=(3,), mounted=True, weapon=MeleeWeapon.SWORD)
    two = table(piece("A1", 0, a1, 28.4, 20), piece("A2", 0, a2, 31.6, 20), piece("B", 1, b, 30, 20, 180),
                piece("N", 1, archers("nearby"), 36, 22, 180))
    flank = duel(hoplites(), Unit(name="peltasts", ranks=(3, 3), weapon=MeleeWeapon.SWORD), flank=True)
    volley = table(piece("S", 0, slingers(), 30, 20), piece("A", 1, archers("archers", (3, 3)), 30, 21, 180))
    for seed in range(60):
        for st, act in ((two, (fight,)), (flank, (fight,)), (volley, (shoot, "S", "A"))):
            g = Game(replace(st, seed=seed))
            g.act(*act)
            conserved(g.state)
            assert sum(len(e.faces) for e in g.state.log) == g.dice.used


def test_the_units_fighting_at_the_spot_do_not_hide_dp_targets() -> None:
    """Reading (engine) of AOT-DEMO-TARGETING: the loser L (side 1, fled since) faced its victor W across
    their front edges; L's friend F stands beyond W.  W, fighting at the spot, does not hide F, so the DP
    reach F; the same unit standing 0.5″ off, not in the fight, does hide it."""
    loser = piece("L", 1, hoplites("beaten"), 30, 20, 180)
    friend = piece("F", 1, hoplites("friends"), 30, 14, 180)
    gone = replace(loser, status=Status.FLED)
    g = Game(table(piece("W", 0, hoplites("victors"), 30, 20, 0), gone, friend), dice=TableDice.fixed([6] * 10))
    g.act(spend_dp, 0, 2, loser, "L")
    assert g.state.piece("F").unit.disordered == 2
    g = Game(table(piece("W", 0, hoplites("victors"), 30, 19.5, 0), gone, friend), dice=TableDice.fixed([6] * 10))
    g.act(spend_dp, 0, 2, loser, "L")
    assert g.state.piece("F").unit.disordered == 0
    assert "2 DP unspent" in tablelog.outcome(g.state.log[-1])
