"""Issue #34: a save holds facts, never sentences.  No log entry keeps its rendered line, the result is the
typed :class:`BattleEnded`, and rewording the log renderer changes no save's bytes or validity."""

from __future__ import annotations

import json

import pytest

from aot_rules.tabletop import narrate
from aot_rules.tabletop.events import BattleEnded
from aot_rules.tabletop.save import SaveFileError, dumps, loads
from aot_rules.tabletop.simulate import play_one
from aot_rules.tabletop.state import GameState


@pytest.fixture(scope="module")
def finished() -> GameState:
    state = play_one("greek-border", 3)[1]
    assert state.result is not None
    return state


def test_the_result_is_typed_and_its_sentence_is_rendered(finished: GameState) -> None:
    assert isinstance(finished.result, BattleEnded)
    logged = [v for e in finished.log for v in e.events if isinstance(v, BattleEnded)]
    assert logged == [finished.result]
    assert narrate.ended(finished.result).startswith("night falls after turn 16: nightfall: won by Boeotians")


def test_a_save_keeps_no_line_and_loads_back(finished: GameState) -> None:
    text = dumps(finished)
    doc = json.loads(text)
    assert all(set(e) == {"turn", "who", "rule", "faces", "kind", "events", "pieces"} for e in doc["log"])
    assert doc["result"]["type"] == "BattleEnded" and doc["result"]["winner"] == finished.result.winner
    assert narrate.ended(finished.result) not in text
    back = loads(text)
    assert back == finished and back.result == finished.result


def test_rewording_the_renderer_changes_no_save(finished: GameState, monkeypatch: pytest.MonkeyPatch) -> None:
    text = dumps(finished)
    monkeypatch.setattr(narrate, "outcome", lambda entry: "reworded")
    monkeypatch.setattr(narrate, "ended", lambda e: "reworded")
    assert finished.log[0].outcome == "reworded"
    assert dumps(finished) == text
    assert loads(text) == finished


def test_a_result_that_is_not_how_a_battle_ends_is_refused(finished: GameState) -> None:
    doc = json.loads(dumps(finished))
    doc["result"] = {"type": "DPUnspent", "side": 0, "points": 1}
    with pytest.raises(SaveFileError) as info:
        loads(json.dumps(doc), "game.json")
    assert str(info.value) == "game.json: result: a DPUnspent is not how a battle ends (BattleEnded)"
