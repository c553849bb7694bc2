"""An allied contingent's own nationality on the table (AOT-CMD-NATIONALITY): a unit of an allied contingent (the
army file's ``contingent``) is deployed with the contingent's nationality from the list, so the army's general
cannot order it, while an individual-unit slot can.  Before the fix every piece took its side's nationality."""

from __future__ import annotations

from dataclasses import replace

import pytest

from aot_rules.aot.army import shipped_army
from aot_rules.aot.army.model import Army
from aot_rules.aot.rules.orders import Method
from aot_rules.core.errors import RuleError
from aot_rules.tabletop import save
from aot_rules.tabletop.command import activate, nationality_of
from aot_rules.tabletop.events import Activated
from aot_rules.tabletop.game import Game, TableDice
from aot_rules.tabletop.player import ScriptedPlayer
from aot_rules.tabletop.scenarios import deploy, rect
from aot_rules.tabletop.state import GameState
from aot_rules.tabletop.turn import begin_slot, reactions, start_turn


def with_allies() -> Army:
    """The Athenian vanguard with its Attic hoplites sent by an allied Plataean contingent (the same entries)."""
    army = shipped_army("athenians-small")
    lst = army.army_list
    plataeans = replace(lst.main, name="Plataeans", nationality="Plataean", allied=True)
    units = tuple(replace(u, contingent="Plataeans") if u.name == "Attic hoplites" else u for u in army.units)
    return replace(army, army_list=replace(lst, allies=(plataeans,)), units=units)


def table() -> GameState:
    a_side, a_pieces = deploy(with_allies(), 0, (18.0, 19.5 + 3.2, 30.0, 36.0, 42.0), 8.0, 0.0, rect(26, 0, 34, 4),
                              0.0)
    b_side, b_pieces = deploy(shipped_army("boeotians-small"), 1, (18.0, 24.0, 30.0, 36.0, 42.0), 32.0, 180.0,
                              rect(26, 36, 34, 40), 40.0)
    return GameState("allies", 1, (a_side, b_side), a_pieces + b_pieces, (), last_turn=16)


def test_an_allied_unit_keeps_its_contingents_nationality_and_saves_it() -> None:
    s = table()
    a2 = s.piece("A2")
    assert a2.nationality == "Plataean" and nationality_of(s, a2) == "Plataean"
    assert nationality_of(s, s.piece("A1")) == "Greek" and s.piece("A1").nationality == ""
    assert save.loads(save.dumps(s)) == s
    with pytest.raises(ValueError, match="nationality"):  # the schema bounds its length
        save.loads(save.dumps(s).replace('"nationality": "Plataean"', '"nationality": "' + "P" * 300 + '"'))


@pytest.mark.parametrize("method", [Method.DIRECT, Method.SIGNAL, Method.MESSENGER])
def test_the_general_cannot_order_an_allied_unit(method: Method) -> None:
    g = Game(table(), dice=TableDice.fixed([4, 2]))
    g.act(start_turn)
    g.act(begin_slot, 0, 4)  # Nikias' slot; the Plataeans stand 1.5″ from his unit
    before = g.state
    with pytest.raises(RuleError) as e:
        g.act(activate, 0, "A2", method)
    assert e.value.rule_id == "AOT-CMD-NATIONALITY" and g.state is before


def test_an_individual_slot_activates_the_allied_unit_and_the_player_leaves_it_to_one() -> None:
    g = Game(table(), dice=TableDice.fixed([6, 2]))
    g.act(start_turn)
    g.act(begin_slot, 0, 6)  # an individual-unit slot
    g.act(activate, 0, "A2", Method.INDIVIDUAL)
    assert g.state.piece("A2").turn.active
    g = Game(table(), dice=TableDice.fixed([4, 2]))
    g.act(start_turn)
    g.dice = TableDice.seeded(2)
    g.react = reactions((ScriptedPlayer(0), ScriptedPlayer(1)))
    g.act(begin_slot, 0, 4)
    ScriptedPlayer(0).play_slot(g, 4)
    assert not any(e.rule == "AOT-CMD-NATIONALITY" for e in g.state.log)
    ordered = {v.piece for e in g.state.log for v in e.events if isinstance(v, Activated)}
    assert "A2" not in ordered
