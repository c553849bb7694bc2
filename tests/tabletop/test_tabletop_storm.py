"""The storm on the table (AOT-WEATHER-STORM): each side loses a die's count of units, named by its player, and
each drifts the way its own die says, a full move (before the fix the storm was only logged)."""

from __future__ import annotations

import pytest
from table_positions import side

from aot_rules.aot.equipment import MeleeWeapon
from aot_rules.aot.events import UnitDrifted
from aot_rules.aot.rules.orders import UnitTurn
from aot_rules.aot.units import Unit
from aot_rules.tabletop import moves, save
from aot_rules.tabletop.events import MovedAlong, ReactionChosen
from aot_rules.tabletop.game import Game, ReactionChoice, TableDice
from aot_rules.tabletop.geometry import BaseSize, Pose
from aot_rules.tabletop.record import replay
from aot_rules.tabletop.state import GameState, Piece
from aot_rules.tabletop.turn import LOST_IN_STORM, roll_again, start_turn


def piece(pid: str, side_: int, x: float, y: float, facing: float = 0.0) -> Piece:
    unit = Unit(name=f"hoplites {pid}", ranks=(4, 4), shield=True, weapon=MeleeWeapon.SPEAR)  # density 4: 6″
    return Piece(pid, side_, unit, Pose.of(x, y, facing), BaseSize.UNIT, unit.strength, turn=UnitTurn.of(unit))


def storm_table() -> GameState:
    """Turn 1 opened on a 5:5 double; G1 is the Greek unit farthest from the enemy, B2 the Gaul one."""
    s = GameState("test", 0, (side("Greeks", 0, 0.0), side("Gauls", 36, 40.0)),
                  (piece("G1", 0, 10, 10), piece("G2", 0, 50, 20), piece("B1", 1, 50, 30, 180),
                   piece("B2", 1, 10, 30, 180)), (), turn=1, initiative=(4, 2), double=5)
    return s


def asked(answer: bool) -> tuple[list[str], ReactionChoice]:
    seen: list[str] = []

    def react(state: GameState, pid: str, by: str, reaction: str) -> bool:
        assert reaction == LOST_IN_STORM
        seen.append(pid)
        return answer
    return seen, react


@pytest.mark.parametrize("answer", [True, False])
def test_the_storm_loses_units_and_moves_them(answer: bool) -> None:
    """5:5 after last turn's 5: the Greeks lose 1 unit (offered G1 first; if the player declines, G2 is the one
    left to name) and its die 1 sends it forward 6″; the Gauls roll 6 but have only 2 units, both named without
    asking, farthest first: B2 goes left (die 3: for a unit facing down the table, +x), B1 stays (die 5)."""
    seen, react = asked(answer)
    g = Game(storm_table(), TableDice.fixed([5, 5, 1, 1, 6, 3, 5, 4, 2]), react=react)
    g.act(start_turn)
    assert g.state.weather == "storm" and seen == ["G1"]
    lost = "G1" if answer else "G2"
    kept = "G2" if answer else "G1"
    before = storm_table()
    assert g.state.piece(lost).pose == before.piece(lost).pose.advanced(6)
    assert g.state.piece(kept).pose == before.piece(kept).pose
    assert g.state.piece("B2").pose == Pose.of(16, 30, 180)
    assert g.state.piece("B1").pose == before.piece("B1").pose
    events = [v for e in g.state.log for v in e.events]
    assert ReactionChosen("G1", "", LOST_IN_STORM, answer, before.piece("G1").name) in events
    assert [(v.piece, v.unit) for v in events if isinstance(v, UnitDrifted)] == [
        (pid, before.piece(pid).name) for pid in (lost, "B2", "B1")]
    drifts = [v for v in events if isinstance(v, MovedAlong)]
    assert [(v.piece, v.how, v.inches) for v in drifts] == [(lost, "drift", 6.0), ("B2", "drift", 6.0)]
    g.act(roll_again)
    assert g.state.initiative == (4, 2)
    assert replay(g.state) == g.state  # the players' answers are in the record
    assert save.loads(save.dumps(g.state)) == g.state  # and the storm's events are in the save file


@pytest.mark.parametrize(("x", "facing", "way", "end_x"), [(4.0, 0.0, "left", 1.6), (56.0, 0.0, "right", 58.4),
                                                          (4.0, 180.0, "right", 1.6), (56.0, 180.0, "left", 58.4)])
def test_a_lost_unit_stops_at_the_table_edge(x: float, facing: float, way: str, end_x: float) -> None:
    """A lost unit is not fleeing: it stops where the table ends, on both edges and at both facings."""
    s = GameState("test", 0, (side("Greeks", 0, 0.0), side("Gauls", 36, 40.0)),
                  (piece("G1", 0, x, 20, facing), piece("B1", 1, 30, 38, 180)), (), turn=1)
    assert abs(s.piece("G1").pose.x - x) < 1e-9
    g = Game(s, TableDice.fixed([]))
    g.act(moves.storm_drift, "G1", way)
    p = g.state.piece("G1")
    assert p.on_table and abs(p.pose.x - end_x) < 1e-3 and p.pose.y == 20 and p.pose.facing == s.piece("G1").pose.facing
