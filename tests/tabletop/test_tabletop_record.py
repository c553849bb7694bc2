"""The typed game record: every log entry carries typed events, a game replays from its record to the same
bytes, the English is never read back, and a saved position is checked before it is played."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from aot_rules.aot.events import Losses
from aot_rules.core.events import Roll
from aot_rules.present import tablelog
from aot_rules.tabletop import events as ev
from aot_rules.tabletop.codec import EVENT_TYPES
from aot_rules.tabletop.game import Game, TableDice
from aot_rules.tabletop.player import scripted
from aot_rules.tabletop.record import ReplayError, replay
from aot_rules.tabletop.save import SaveFileError, dumps, loads, to_data
from aot_rules.tabletop.scenarios import scenario
from aot_rules.tabletop.simulate import play_one
from aot_rules.tabletop.state import GameState
from aot_rules.tabletop.turn import play


@pytest.fixture(scope="module")
def delion() -> GameState:
    return play(Game(scenario("delion", 3)), 6, scripted()).state


def test_every_event_type_is_known_to_the_codec() -> None:
    for cls in ev.TABLE_EVENTS:
        assert EVENT_TYPES[cls.__name__] is cls
    assert EVENT_TYPES["Roll"] is Roll and EVENT_TYPES["Losses"] is Losses


def test_entries_carry_typed_events(delion: GameState) -> None:
    kinds = {type(v) for e in delion.log for v in e.events}
    assert {Roll, ev.TurnBegan, ev.SlotOpened, ev.SlotClosed, ev.Activated, ev.MovedAlong} <= kinds
    for e in delion.log:
        rolls = [v.face for v in e.events if isinstance(v, Roll)]
        assert tuple(rolls) == e.faces  # every die of the line is a Roll event, in order
    ids = {p.id for p in delion.pieces}
    for v in (v for e in delion.log for v in e.events):
        for name in ("piece", "away_from"):
            if hasattr(v, name) and getattr(v, name):
                assert getattr(v, name) in ids


def test_a_move_carries_its_path(delion: GameState) -> None:
    m = next(v for e in delion.log for v in e.events if isinstance(v, ev.MovedAlong))
    assert m.path[0] == (m.start.x, m.start.y) and m.path[-1] == (m.end.x, m.end.y)
    doc = to_data(delion)
    moved = next(v for e in doc["log"] for v in e["events"] if v["type"] == "MovedAlong")
    assert all(isinstance(p, list) and len(p) == 2 for p in moved["path"])
    assert set(moved["start"]) == {"x", "y", "facing"}


@pytest.mark.parametrize(("name", "seed", "policies"), [
    ("delion", 0, ("scripted", "scripted")), ("greek-border", 1, ("scripted", "scripted")),
    ("delion", 2, ("random", "scripted")),
])
def test_a_simulated_game_replays_to_the_same_bytes(name: str, seed: int, policies: tuple[str, str]) -> None:
    summary, state = play_one(name, seed, 4, policies)
    assert summary.violations == ()
    assert dumps(replay(state)) == dumps(state)


def test_changing_old_text_cannot_change_the_game(delion: GameState) -> None:
    """The game reads events and state, never the English: the same game goes on from a state whose every
    log line says something else."""
    garbled = replace(delion, log=tuple(replace(e, who="slot 6 of Athenians: Nikias (in contact: A1, B1)")
                                        for e in delion.log))
    assert all(tablelog.line(a) != tablelog.line(b) for a, b in zip(delion.log, garbled.log, strict=True))
    a = play(Game(delion, TableDice.seeded(delion.seed, delion.dice_used)), 3, scripted()).state
    b = play(Game(garbled, TableDice.seeded(delion.seed, delion.dice_used)), 3, scripted()).state
    assert a.pieces == b.pieces and a.log[len(delion.log):] == b.log[len(delion.log):]


def test_a_save_keeps_no_line_to_edit(delion: GameState) -> None:
    """A log entry is saved without its English line (rendered from its events when shown): a file that writes
    one in is refused by the schema, not compared with the renderer's wording."""
    doc = to_data(delion)
    assert all("outcome" not in e for e in doc["log"])
    doc["log"][3]["outcome"] = "something else happened"
    with pytest.raises(SaveFileError, match=r"log\[3\]: the key 'outcome' is not part of this format"):
        loads(json.dumps(doc), "g.json")


def test_a_save_whose_actions_were_edited_does_not_load(delion: GameState) -> None:
    doc = to_data(delion)
    doc["actions"][5]["name"] = "os.system"
    with pytest.raises(SaveFileError, match=r"actions\[5\]\.name: 'os.system' is not an action"):
        loads(json.dumps(doc), "g.json")
    doc = to_data(delion)
    move = next(a for a in doc["actions"] if a["name"] == "moves.move")
    move["args"][1][-1]["value"] -= 0.5  # the move went half an inch less far than the record says
    with pytest.raises(SaveFileError, match=r"does not replay|actions\[\d+\]|not what the record replays to"):
        loads(json.dumps(doc), "g.json")


def test_a_saved_game_loads_and_replays(delion: GameState) -> None:
    text = dumps(delion)
    assert dumps(loads(text, "g.json")) == text


def test_replay_refuses_unknown_actions(delion: GameState) -> None:
    bad = replace(delion, actions=(replace(delion.actions[0], name="nope.nothing"), *delion.actions[1:]))
    with pytest.raises(ReplayError, match="not an action"):
        replay(bad)


# --- checked positions (Part 5) ------------------------------------------------------------------------


def _opening(change: Callable[[dict[str, Any]], object]) -> str:
    doc = to_data(scenario("greek-border", 1))
    change(doc)
    return json.dumps(doc)


def _refused(text: str) -> str:
    with pytest.raises(SaveFileError) as info:
        loads(text, "g.json")
    assert "\n" not in str(info.value)
    return str(info.value)


def _move(i: int, x: float, y: float) -> Callable[[dict[str, Any]], object]:
    return lambda d: d["pieces"][i]["pose"].update(x=x, y=y)


@pytest.mark.parametrize(("change", "expected"), [
    (_move(1, 18.5, 8.0), "pieces[1].pose (A2): its base overlaps that of A1"),
    (_move(5, 18.0, 7.5), "pieces[5].pose (B1): its base overlaps that of A1"),  # a Boeotian inside the Athenian line
    (_move(0, -500.0, 8.0), "pieces[0].pose (A1): the base at (-500, 8) stands off the 60×40″ table"),
    (_move(0, -5.0, 8.0), "pieces[0].pose (A1): the base at (-5, 8) stands off the 60×40″ table"),
    (_move(0, 1e18, 8.0), "pieces[0].pose.x: 1e+18 is above the largest allowed value 1000"),
    (lambda d: d.update(width=1e-300), "width: 1e-300 is below the least allowed value 10"),
    (lambda d: d.update(depth=1e6), "depth: 1000000.0 is above the largest allowed value 500"),
    (lambda d: d.update(turn=500), "turn: 500 is above the largest allowed value 100"),
    (lambda d: d.update(turn=50), "turn: turn 50 is past the last turn 16"),
    (lambda d: d.update(turn=17), "turn: turn 17 is past the last turn 16"),
    (lambda d: d.update(pieces=[p for p in d["pieces"] if p["side"] == 0]), "Boeotians have no unit"),
    (lambda d: d["pieces"][1]["unit"].update(name="Athenian hoplites"), "two units called 'Athenian hoplites'"),
    (lambda d: d.update(terrain=d["terrain"] + [d["terrain"][0]]), "two terrain pieces are called 'Hill of Delion'"),
    (lambda d: d.update(terrain=[d["terrain"][0]] * 2000), "terrain: 2000 items, more than the 100 allowed"),
    (lambda d: d.update(log=[{"turn": 0, "who": "", "rule": "", "faces": [1] * 50_000,
                              "kind": "roll", "events": [], "pieces": []}]), "log[0].faces"),
])
def test_impossible_positions_are_refused(change: Callable[[dict[str, Any]], object], expected: str) -> None:
    assert expected in _refused(_opening(change))


def test_a_seed_of_thousands_of_digits_is_refused_in_one_line() -> None:
    text = _opening(lambda d: None).replace('"seed": 1,', '"seed": ' + "9" * 5000 + ",")
    assert "has more than 24 digits" in _refused(text)  # the one capped integer reader (core/safeio.py)
    assert "seed: 9223372036854775808 is above the largest allowed value" in _refused(
        _opening(lambda d: d.update(seed=2**63)))
