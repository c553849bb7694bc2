"""Issue #34: a save holds facts, never sentences.  No log entry keeps its rendered line, the result is the
typed :class:`BattleEnded`, and rewording the log renderer changes no save's bytes or validity."""

from __future__ import annotations

import json

import pytest

from aot_rules.core.errors import RuleError
from aot_rules.present import tablelog
from aot_rules.tabletop import command
from aot_rules.tabletop.events import BattleEnded
from aot_rules.tabletop.game import Game
from aot_rules.tabletop.save import SaveFileError, dumps, loads
from aot_rules.tabletop.simulate import play_one
from aot_rules.tabletop.state import GameState
from aot_rules.tabletop.turn import begin_slot


@pytest.fixture(scope="module")
def finished() -> GameState:
    state = play_one("greek-border", 1)[1]
    assert state.result is not None
    return state


def test_the_result_is_typed_and_its_sentence_is_rendered(finished: GameState) -> None:
    assert isinstance(finished.result, BattleEnded)
    logged = [v for e in finished.log for v in e.events if isinstance(v, BattleEnded)]
    assert logged == [finished.result]
    r = finished.result
    assert tablelog.ended(r).startswith(f"the battle ends on turn {r.turn}: total victory: won by "
                                        f"{finished.sides[r.winner].name}")


def test_a_save_keeps_no_line_and_loads_back(finished: GameState) -> None:
    text = dumps(finished)
    doc = json.loads(text)
    assert all(set(e) == {"turn", "who", "rule", "faces", "kind", "events", "pieces"} for e in doc["log"])
    assert finished.result is not None
    assert doc["result"]["type"] == "BattleEnded" and doc["result"]["winner"] == finished.result.winner
    assert tablelog.ended(finished.result) not in text
    back = loads(text)
    assert back == finished and back.result == finished.result


def test_rewording_the_renderer_changes_no_save(finished: GameState, monkeypatch: pytest.MonkeyPatch) -> None:
    text = dumps(finished)
    monkeypatch.setattr(tablelog, "outcome", lambda entry: "reworded")
    monkeypatch.setattr(tablelog, "ended", lambda e: "reworded")
    assert tablelog.outcome(finished.log[0]) == "reworded"
    assert dumps(finished) == text
    assert loads(text) == finished


def test_a_result_that_is_not_how_a_battle_ends_is_refused(finished: GameState) -> None:
    doc = json.loads(dumps(finished))
    doc["result"] = {"type": "DPUnspent", "side": 0, "points": 1}
    with pytest.raises(SaveFileError) as info:
        loads(json.dumps(doc), "game.json")
    assert str(info.value) == "game.json: result: a DPUnspent is not how a battle ends (BattleEnded)"


def test_a_slot_has_one_owner_never_several_joined() -> None:
    """The side's slots are one owner each, as the army validator allows (never a " / "-joined string that the
    loader splits again): a file that writes two owners on one slot is refused."""
    opening = play_one("greek-border", 3, turns=0)[1]
    assert all(" / " not in owner for side in opening.sides for owner in side.slots)
    assert opening.sides[0].slots == ("individual", "Nikias", "Nikias", "Nikias", "individual", "individual")
    doc = json.loads(dumps(opening))
    for game in (doc, doc["opening"]):  # the game as saved and as it opened: it would replay
        game["sides"][0]["slots"][0] = "Nikias / individual"
    with pytest.raises(SaveFileError) as info:
        loads(json.dumps(doc), "game.json")
    assert str(info.value) == ("game.json: opening.sides[0].slots[0]: 'Nikias / individual' is neither one of "
                               "Athenians' commanders nor 'individual' (AOT-CMD-SLOTS)")


def test_a_move_after_the_battle_is_refused_with_its_rendered_result(finished: GameState) -> None:
    """The refusal shows the result's sentence (rendered from the typed record), not the record itself."""
    game = Game(finished)
    for act, args in ((begin_slot, (0, 1)), (command.activate, (0, "A1", command.Method.INDIVIDUAL))):
        with pytest.raises(RuleError) as info:
            game.act(act, *args)
        assert info.value.rule_id == "AOT-TURN-SEQUENCE"
        assert info.value.message == "the battle is over: " + tablelog.ended(finished.result)  # type: ignore[arg-type]
