"""Camps on the table (AOT-CAMP, AOT-VICTORY-POINTS): a unit that enters the unguarded enemy camp sacks it and is
removed to loot; the camp is gone; its capture is worth 2 VP and makes the units that fled into it count.  A
guarded camp is fought for: a unit may come into it only on a move that ends in contact with its guard.  Each
case is a constructed position, mirrored on both sides of the table."""

from __future__ import annotations

from dataclasses import replace

import pytest
from table_positions import piece, side

from aot_rules.aot.equipment import MeleeWeapon
from aot_rules.aot.rules import victory
from aot_rules.aot.units import Unit
from aot_rules.core.errors import RuleError
from aot_rules.present import tablelog
from aot_rules.present.tablelog import ended
from aot_rules.tabletop import moves, save
from aot_rules.tabletop.events import CampTaken, Ground, GroundTested, LeftBattle
from aot_rules.tabletop.game import Game, TableDice
from aot_rules.tabletop.simulate import invariant_problems
from aot_rules.tabletop.state import GameState, Piece, Status
from aot_rules.tabletop.turn import army, check_victory


def hoplites(name: str) -> Unit:
    return Unit(name=name, ranks=(4, 4), shield=True, weapon=MeleeWeapon.SPEAR)


def raid(mirror: bool, *others: Piece) -> GameState:
    """A raider 5″ short of the enemy camp (the Gauls' at y 36–40, or the Greeks' at y 0–4 when ``mirror``), the
    enemy's only unit far off to the side."""
    raider = piece("R", 1, hoplites("raiders"), 30, 9, 180) if mirror else piece("R", 0, hoplites("raiders"), 30, 31)
    far = piece("F", 0, hoplites("far"), 5, 30) if mirror else piece("F", 1, hoplites("far"), 5, 10, 180)
    return GameState("test", 0, (side("Greeks", 0, 0.0), side("Gauls", 36, 40.0)), (raider, far, *others), (),
                     turn=1)


@pytest.mark.parametrize("mirror", [False, True])
def test_a_unit_entering_an_unguarded_camp_sacks_it_and_leaves_to_loot(mirror: bool) -> None:
    """Before the fix the raider took the entry test and simply stood in the camp; now the camp is removed and
    the raider with it (looting, not destroyed), and the record says so in events."""
    s = raid(mirror)
    victim = 0 if mirror else 1
    g = Game(s, TableDice.fixed([6]))  # the entry test: a 6 passes
    g.act(moves.move, "R", [moves.Advance(6)])
    r = g.state.piece("R")
    assert r.status is Status.LOOTING and not r.on_table and r.unit.strength == s.piece("R").unit.strength
    assert g.state.sides[victim].camp_captured and not g.state.sides[1 - victim].camp_captured
    assert g.state.sides[victim].camp_polygon.is_empty  # removed from the table
    camp = g.state.sides[victim].name
    assert g.state.log[-1].events == (CampTaken(victim, "R", camp), LeftBattle("R", Status.LOOTING))
    assert tablelog.outcome(g.state.log[-1]) == f"sacks the {camp} camp and leaves the battle to loot it"
    assert [e.faces for e in g.state.log if e.rule == "AOT-CAMP"] == [(6,), ()]
    assert not invariant_problems(g.state)
    assert save.loads(save.dumps(g.state)) == g.state  # the capture and the looter round-trip


@pytest.mark.parametrize("mirror", [False, True])
def test_a_sacked_camp_scores_2_vp_and_the_units_fled_into_it_count(mirror: bool) -> None:
    """AOT-VICTORY-POINTS: the camp +2, and a unit that fled into it +1 once it is captured (0 before)."""
    victim = 0 if mirror else 1
    fled_y = 1 if mirror else 39
    fled = replace(piece("Q", victim, hoplites("fugitives"), 30, fled_y), status=Status.FLED, from_camp=True)
    home = piece("H", 1 - victim, hoplites("home guard"), 55, 20)  # the raiders' side keeps a unit on the table
    s = replace(raid(mirror, fled, home), last_turn=1)
    before = Game(s, TableDice.fixed([]))
    before.act(check_victory)
    g = Game(s, TableDice.fixed([6]))
    g.act(moves.move, "R", [moves.Advance(6)])
    assert army(g.state, victim).camp_captured
    assert victory.Standing.LOOTING in {u.fate for u in army(g.state, 1 - victim).units}
    g.act(check_victory)
    raider, loser = ("Gauls", "Greeks") if mirror else ("Greeks", "Gauls")
    assert before.state.result is not None and f"{raider}: 0 VP" in ended(before.state.result)
    assert g.state.result is not None and f"nightfall: won by {raider}, " in ended(g.state.result)
    assert f"{raider}: 3 VP" in ended(g.state.result) and f"{loser}: 0 VP" in ended(g.state.result)


@pytest.mark.parametrize("mirror", [False, True])
def test_a_camp_is_sacked_once(mirror: bool) -> None:
    """A second raider behind the first walks over the camp's old ground: no entry test and no second looter
    (the camp was removed)."""
    light = Unit(name="second", ranks=(2, 2), shield=True, weapon=MeleeWeapon.SPEAR)  # density 2: 8″ a move
    second = piece("S", 1, light, 30, 10.8, 180) if mirror else piece("S", 0, light, 30, 29.2)
    g = Game(raid(mirror, second), TableDice.fixed([6]))
    g.act(moves.move, "R", [moves.Advance(6)])
    g.act(moves.move, "S", [moves.Advance(8)])
    victim = 0 if mirror else 1
    assert g.state.piece("S").on_table and g.dice.used == 1
    assert g.state.piece("S").polygon.intersects(g.state.sides[victim].camp_site)


@pytest.mark.parametrize("mirror", [False, True])
def test_a_guarded_camp_is_not_walked_into(mirror: bool) -> None:
    """The guard stands at the back of its camp, beyond the raider's reach: a move that would only walk in is
    refused (AOT-CAMP: a guarded camp is fought for, not sacked), and the refusal changes nothing."""
    guard = piece("G", 0, hoplites("guard"), 30, 1) if mirror else piece("G", 1, hoplites("guard"), 30, 39, 180)
    g = Game(raid(mirror, guard), TableDice.fixed([6]))
    before = g.state
    with pytest.raises(RuleError) as e:
        g.act(moves.move, "R", [moves.Advance(6)])
    assert e.value.rule_id == "AOT-CAMP" and "guard" in str(e.value)
    assert g.state is before and g.dice.used == 0


@pytest.mark.parametrize("mirror", [False, True])
def test_a_guarded_camp_is_entered_to_fight_its_guard_and_not_sacked(mirror: bool) -> None:
    """The guard stands just inside the camp's front edge: the raider's charge comes into the camp and ends in
    contact with it.  It takes the entry test (the camp is rough ground for the enemy), the camp is not sacked
    and the raider stays on the table to fight the ordinary melee the rule names."""
    guard = piece("G", 0, hoplites("guard"), 30, 3.5) if mirror else piece("G", 1, hoplites("guard"), 30, 36.5, 180)
    s = raid(mirror, guard)
    victim = 0 if mirror else 1
    g = Game(s, TableDice.fixed([6]), react=lambda *a: False)  # the entry test: a 6 passes; the guard stands
    g.act(moves.move, "R", [moves.Advance(6)])
    r = g.state.piece("R")
    assert r.on_table and r.status is Status.FIGHTING
    assert [e.id for e in moves.contacts(g.state, r)] == ["G"]
    assert r.polygon.intersects(g.state.sides[victim].camp_polygon)  # it stands in the camp
    assert not g.state.sides[victim].camp_captured and g.state.camp_guards(victim) == (g.state.piece("G"),)
    tested = [e for entry in g.state.log for e in entry.events if isinstance(e, GroundTested)]
    assert tested == [GroundTested("R", g.state.sides[victim].name, 0, Ground.CAMP)]
    assert not any(isinstance(e, CampTaken) for entry in g.state.log for e in entry.events)
    assert not invariant_problems(g.state)


