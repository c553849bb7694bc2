"""Saving and loading a table-top game: round trips, replays, and every kind of broken file refused in one line."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import fields, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aot_rules.aot.equipment import MeleeWeapon, Missile
from aot_rules.aot.rules.orders import Activity, Method, UnitTurn
from aot_rules.aot.rules.weather import Weather
from aot_rules.aot.units import Unit
from aot_rules.present import tablelog
from aot_rules.tabletop import codec, save_schema
from aot_rules.tabletop.events import BattleEnded, BattleOutcome, Choice, Decided, Edge, EndCause, TurnBegan
from aot_rules.tabletop.game import Game, TableDice
from aot_rules.tabletop.geometry import Pose
from aot_rules.tabletop.player import scripted
from aot_rules.tabletop.save import NOT_SAVED, SaveFileError, dumps, from_data, load, loads, save, to_data
from aot_rules.tabletop.scenarios import scenario
from aot_rules.tabletop.state import (
    FORMAT_VERSION,
    CommanderState,
    GameState,
    LogEntry,
    Piece,
    SideState,
    Status,
    TerrainPiece,
)
from aot_rules.tabletop.turn import play

SCEN = "greek-border"


def played(seed: int, turns: int, dice: TableDice | None = None, start: GameState | None = None) -> Game:
    game = Game(start if start is not None else scenario(SCEN, seed), dice)
    play(game, turns, scripted())
    return game


@pytest.fixture(scope="module")
def three_turns() -> Game:
    return played(5, 3)


def unusual() -> GameState:
    """A state that uses every kind of value: a mixed front, a missile, disordered and removed warriors,
    an action and a run spent, a piece inside terrain, a dispersed piece, weather, a slot, a result."""
    s = scenario(SCEN, 11)
    a3 = s.piece("A3")
    mixed = replace(a3.unit, ranks=(2, 1), disordered=0, weapon=MeleeWeapon.SPEAR,
                    mix=((MeleeWeapon.SPEAR, 1), (MeleeWeapon.SWORD, 1)), missile=Missile.JAVELIN)
    a3 = replace(a3.with_unit(mixed, removed=1), pose=Pose.of(12.3456, 15.5, -37.5), inside=("Hill of Delion",),
                 turn=replace(a3.turn, active=True, action=Activity.MOVE, extra=Activity.RUN, turns=2))
    b2 = s.piece("B2")
    b2 = replace(b2.with_unit(Unit(b2.unit.name, ranks=(0,), disordered=0), removed=8), status=Status.DISPERSED)
    b1 = s.piece("B1")
    b1 = b1.with_unit(b1.unit.take_losses(1, 2), removed=1)
    log = (LogEntry(1, "Athenians v Boeotians", "AOT-CMD-INITIATIVE", (6, 6), "roll",
                    (TurnBegan(1, (6, 6), 6, 0, ("Athenians", "Boeotians")),)),
           LogEntry(1, "Athenians", "", (), "decision", (Decided(0, Choice.CHARGE, "A1", "B3", "Athenian hoplites",
                                                                 "Boeotian akontists", odds=(Fraction(61, 100),
                                                                                             Fraction(1, 2))),)),
           LogEntry(1, "B1", "AOT-MELEE-RESULT", (), "event",
                    (Decided(1, Choice.ORDER, "B1", "B2", "Theban “quoted” ✓", "Thespians — 3″", "Pagondas",
                             Method.SIGNAL),)))
    return replace(s.with_pieces(a3, b1, b2), turn=1, weather=Weather.WIND.value, wind=Edge.NORTH,
                   initiative=(6, 6), slot=6, mover=0, log=log, dice_used=2,
                   result=BattleEnded(0, BattleOutcome.ROUT, (5, 0), EndCause.ROUTED, 1, ("Athenians", "Boeotians")))


# --- round trips ---------------------------------------------------------------------------------

@pytest.mark.parametrize("make", [lambda: scenario(SCEN, 1), unusual], ids=["opening", "unusual"])
def test_round_trip_is_identity(make: Callable[[], GameState]) -> None:
    s = make()
    text = dumps(s)
    back = loads(text)
    assert back == s
    assert dumps(back) == text
    assert text.endswith("}\n") and text.count("\n") > 100
    doc = json.loads(text)
    assert list(doc) == sorted(doc)
    assert doc["format"] == "aot-tabletop" and doc["version"] == FORMAT_VERSION


def test_unusual_values_are_written_as_json_values() -> None:
    doc = to_data(unusual())
    a3 = doc["pieces"][2]
    assert a3["unit"]["mix"] == [["spear", 1], ["sword", 1]]
    assert a3["unit"]["missile"] == "javelin" and a3["unit"]["weapon"] == "spear"
    assert a3["pose"] == {"x": 12.3456, "y": 15.5, "facing": -37.5}
    assert a3["turn"]["action"] == "move" and a3["turn"]["extra"] == "run"
    assert doc["pieces"][6]["status"] == "dispersed" and doc["pieces"][6]["removed"] == 8
    assert doc["terrain"][0]["outline"][0] == [8.0, 14.0]  # the scenario's integers are written as floats
    assert doc["weather"] == "wind" and doc["wind"] == "north" \
        and doc["result"]["type"] == "BattleEnded" and doc["result"]["how"] == "rout"
    assert "“quoted” ✓" in dumps(unusual())  # UTF-8 text, not escapes


def test_after_three_turns(three_turns: Game) -> None:
    s = three_turns.state
    assert s.turn == 3 and s.dice_used == len(three_turns.faces()) > 0
    assert loads(dumps(s)) == s
    assert dumps(loads(dumps(s))) == dumps(s)


def test_save_and_load_a_file(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save(unusual(), path)
    assert path.read_text(encoding="utf-8") == dumps(unusual())
    assert load(path) == unusual()
    save(scenario(SCEN, 2), path)  # overwriting replaces the file whole
    assert load(path) == scenario(SCEN, 2)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left behind


def test_schema_has_exactly_the_dataclass_fields() -> None:
    """A field added to the state and forgotten by the save format fails here, not in a player's game (the slot's
    memory is left out on purpose: the load's replay rebuilds it)."""
    def props(schema: dict[str, Any]) -> set[str]:
        return set(schema["properties"])

    def names(cls: type) -> set[str]:
        return {f.name for f in fields(cls)}

    assert props(save_schema.SAVE_SCHEMA) == names(GameState) - {"version"} - NOT_SAVED | {"format", "version"}
    assert NOT_SAVED == {"memory"}
    assert props(save_schema.UNIT) == names(Unit)
    assert props(save_schema.UNIT_TURN) == names(UnitTurn)
    assert props(save_schema.PIECE) == names(Piece)
    assert props(save_schema.POSE) == names(Pose)
    assert props(save_schema.SIDE) == names(SideState)
    assert props(save_schema.COMMANDER) == names(CommanderState)
    assert props(save_schema.TERRAIN) == names(TerrainPiece)
    # the file keeps no rendered line: a log entry is its fields and typed events alone
    assert props(save_schema.LOG_ENTRY) == names(LogEntry)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), turns=st.integers(1, 3))
def test_round_trip_after_random_games(seed: int, turns: int) -> None:
    s = played(seed, turns).state
    assert loads(dumps(s)) == s


# --- replay: from the seed, from the log, and across a save ---------------------------------------

def test_replay_from_the_seed(three_turns: Game) -> None:
    assert dumps(played(5, 3).state) == dumps(three_turns.state)
    assert dumps(played(6, 3).state) != dumps(three_turns.state)


def test_replay_from_the_log(three_turns: Game) -> None:
    again = played(5, 3, dice=TableDice.fixed(three_turns.faces()))
    assert dumps(again.state) == dumps(three_turns.state)


def test_a_loaded_game_continues_as_if_never_saved(three_turns: Game) -> None:
    two = played(5, 2)
    resumed = played(5, 1, start=loads(dumps(two.state)))
    assert dumps(resumed.state) == dumps(three_turns.state)


# --- refusals: one line, naming the problem and where ---------------------------------------------

def refusal(text: str) -> str:
    with pytest.raises(SaveFileError) as info:
        loads(text, "game.json")
    message = str(info.value)
    assert "\n" not in message and message.startswith("game.json: ")
    assert info.value.source == "game.json"
    return message


def edited(change: Callable[[dict[str, Any]], object]) -> str:
    doc = to_data(scenario(SCEN, 1))
    change(doc)
    return json.dumps(doc)


def test_truncated_anywhere_is_cut_short() -> None:
    text = dumps(scenario(SCEN, 1))
    cuts = sorted({*range(1, 40), *range(40, len(text) - 2, 97), len(text) - 3, len(text) - 2})
    for cut in cuts:
        assert "the file is cut short" in refusal(text[:cut]), cut
    assert refusal("") == "game.json: the file is empty"
    assert refusal(" \n") == "game.json: the file is empty"


def test_not_json_names_line_and_column() -> None:
    assert refusal('{"format": "aot-tabletop",, }') == ("game.json: not valid JSON: a key in double quotes was "
                                                        "expected (line 1, column 27)")


def test_invalid_utf8_and_other_unreadable_files(tmp_path: Path) -> None:
    raw = dumps(scenario(SCEN, 1)).encode()
    bad = tmp_path / "bad.json"
    bad.write_bytes(raw[:100] + b"\xff" + raw[100:])
    with pytest.raises(SaveFileError, match=r"bad.json: the file is not UTF-8 text \(byte 0xff at offset 100\)"):
        load(bad)
    with pytest.raises(SaveFileError, match="no such file"):
        load(tmp_path / "missing.json")
    with pytest.raises(SaveFileError, match="is a directory"):
        load(tmp_path)
    with pytest.raises(SaveFileError, match="cannot write the file"):
        save(scenario(SCEN, 1), tmp_path / "no" / "such" / "dir.json")


@pytest.mark.parametrize(("change", "expected"), [
    (lambda d: d.update(version=5), "save format version 5 is from an older engine: this engine reads version 7 "
     "only (start the game again)"),
    (lambda d: d.update(version=8), "save format version 8 is not supported: this engine reads version 7"),
    (lambda d: d.update(version=True), "save format version True is not supported"),
    (lambda d: d.update(format="chess"), "not an aot-tabletop save file (its format is 'chess')"),
    (lambda d: d.pop("format"), "not an aot-tabletop save file (it has no \"format\" key)"),
    (lambda d: d["pieces"][0]["unit"].update(ranks=[6]),
     "pieces[0].unit (A1): AOT-DENSITY-LIMITS: density 6 is above the maximum 5"),
    (lambda d: d["pieces"][4]["unit"].update(ranks=[3, 1]),
     "pieces[4].unit (A5): AOT-ARMY-UNIT-SIZE: mounted troops always stand in a single rank"),
    (lambda d: d["pieces"][1].update(id="A1"), "pieces[1].id: the piece id 'A1' is used twice"),
    (lambda d: d["pieces"][2]["unit"].pop("shield"), "pieces[2].unit: the key 'shield' is missing"),
    (lambda d: d["pieces"][0].update(removed=-1), "pieces[0].removed: -1 is below the least allowed value 0"),
    (lambda d: d["pieces"][0].update(removed=1), "pieces[0] (A1): 8 formed + 0 disordered + 1 removed warriors "
     "make 9, not the 8 it deployed with (AOT-CASUALTY-REMOVAL"),
    (lambda d: d["pieces"][0].update(initial=8.0), "pieces[0].initial: expected a whole number, found 8.0"),
    (lambda d: d["pieces"][0]["unit"].update(weapon="axe"), "pieces[0].unit.weapon: 'axe' is not one of: shooter, "
     "spear"),
    (lambda d: d["pieces"][0].update(colour="red"),
     "pieces[0]: the key 'colour' is not part of this format"),
    (lambda d: d["pieces"][0]["pose"].update(x="18"), "pieces[0].pose.x: expected a number, found '18'"),
    (lambda d: d["pieces"][0].update(status="asleep"), "pieces[0].status: 'asleep' is not one of: fighting"),
    (lambda d: d["pieces"][0].update(status="destroyed"),
     "pieces[0].status (A1): a destroyed unit has no warriors left, not 8"),
    (lambda d: d["pieces"][0].update(inside=["Swamp"]), "pieces[0].inside (A1): there is no terrain piece 'Swamp'"),
    (lambda d: d["sides"].pop(), "sides: 1 items, fewer than the 2 needed"),
    (lambda d: d["sides"][0]["slots"].pop(), "sides[0].slots: 5 items, fewer than the 6 needed"),
    (lambda d: d["sides"][0]["slots"].__setitem__(1, "Pericles"),
     "sides[0].slots[1]: 'Pericles' is neither one of Athenians' commanders nor 'individual'"),
    (lambda d: d["sides"][0]["commanders"][0].update(unit="B1"),
     "sides[0].commanders[0].unit: Athenians has no piece 'B1' for Nikias to stand in"),
    (lambda d: d["terrain"][0].update(outline=[[0, 0], [1, 1], [0, 1], [1, 0]]),
     "terrain[0].outline: the outline is not a simple shape"),
    (lambda d: d.update(dice_used=3), "dice_used: the log shows 0 dice rolled, not 3"),
    (lambda d: d.update(slot=2), "slot, mover: slot 2 and mover -1 disagree"),
    (lambda d: d.update(weather="snow"), "weather: 'snow' is not one of: calm, wind, sun, mud, downpour"),
    (lambda d: d.update(weather="wind from the north"), "weather: 'wind from the north' is not one of"),
    (lambda d: d.update(weather="wind", wind="the moon"),
     "wind: 'the moon' is not one of: None, north, south, east, west"),
    (lambda d: d.update(wind="north"), "wind: a wind from the north edge, but the weather is"),
    (lambda d: d.pop("wind"), "the key 'wind' is missing"),
    (lambda d: d["log"].append({"turn": 0, "who": "x", "rule": "", "faces": [0], "kind": "roll",
                                  "events": [], "pieces": []}),
     "log[0].faces[0]: 0 is below the least allowed value 1"),
])
def test_hand_edited_invalid_values(change: Callable[[dict[str, Any]], object], expected: str) -> None:
    assert expected in refusal(edited(change))


@pytest.mark.parametrize(("text", "expected"), [
    ("[]", "not a saved game: the file holds a list, not a JSON object"),
    ('"aot"', "not a saved game: the file holds text, not a JSON object"),
    ('{"format": NaN}', "not a valid saved game: NaN is not a number a saved game can hold"),
    ('{"format": 1e999}', "not a valid saved game: the number 1e999 is too large"),
    ('{"format": "aot-tabletop", "format": "x"}', "the key 'format' is written twice in one object"),
    ("[" * 100, "cut short"),
    ("[" * 100_000, "nested too deeply"),
])
def test_not_a_saved_game(text: str, expected: str) -> None:
    assert expected in refusal(text)


def test_nested_too_deeply() -> None:
    assert "nested too deeply" in refusal("[" * 100_000 + "]" * 100_000)


def test_from_data_refuses_without_half_loading() -> None:
    doc = to_data(scenario(SCEN, 1))
    doc["pieces"][9]["unit"]["ranks"] = [9, 9]  # the last piece is broken: nothing before it is returned either
    with pytest.raises(SaveFileError, match=r"pieces\[9\]\.unit \(B5\)"):
        from_data(doc, "doc")
    assert to_data(scenario(SCEN, 1))["pieces"][9]["unit"]["ranks"] == [3]


def decision(**fields: Any) -> Callable[[dict[str, Any]], object]:
    """A change that logs one typed decision (a charge at exact odds) with ``fields`` edited."""
    event = {"type": "Decided", "side": 0, "kind": "charge", "piece": "A1", "target": "B3", "odds": ["61/100", "1/2"]}
    return lambda d: d["log"].append({"turn": 0, "who": "Athenians", "rule": "", "faces": [],
                                      "kind": "decision", "events": [{**event, **fields}], "pieces": []})


def test_a_typed_decision_keeps_its_exact_odds() -> None:
    s = loads(edited(decision()))
    (said,) = s.log[-1].events
    assert said == Decided(0, Choice.CHARGE, "A1", "B3", odds=(Fraction(61, 100), Fraction(1, 2)))
    assert tablelog.outcome(s.log[-1]) == "charge: P(win) 0.61 > P(lose) 0.50 against B3"


@pytest.mark.parametrize(("fields", "expected"), [
    ({"kind": "dither"}, "'dither' is not one of"),
    ({"odds": ["0.61"]}, "'0.61' is not written the way this field is"),
    ({"odds": ["1/0"]}, "'1/0' is not written the way this field is"),
    ({"reason": "charge!"}, "the key 'reason' is not part of this format"),
])
def test_a_hand_edited_decision_is_refused(fields: dict[str, Any], expected: str) -> None:
    assert expected in refusal(edited(decision(**fields)))


# --- a record that is not the game's (issue #38): sides, padding, nesting, tampered fields ------------------

def played_doc(three_turns: Game) -> dict[str, Any]:
    return json.loads(dumps(three_turns.state))


def first(doc: dict[str, Any], name: str) -> int:
    return next(i for i, a in enumerate(doc["actions"]) if a["name"] == name)


@pytest.mark.parametrize("side", [7, 5, 2, -1])
@pytest.mark.parametrize("action", ["turn.begin_slot", "command.activate"])
def test_an_action_naming_a_side_out_of_range_is_refused_naming_the_field(three_turns: Game, action: str,
                                                                          side: int) -> None:
    """Side 7 was an IndexError (exit 1), side -1 silently side 1: the schema takes 0 or 1 (read from the actions'
    own signatures)."""
    doc = played_doc(three_turns)
    n = first(doc, action)
    doc["actions"][n]["args"][0] = side
    assert refusal(json.dumps(doc)) == f"game.json: actions[{n}].args[0]: {side} is not one of: 0, 1"


def test_a_decision_naming_a_side_out_of_range_is_refused(three_turns: Game) -> None:
    doc = played_doc(three_turns)
    n = first(doc, "turn.decide")
    doc["actions"][n]["args"][0]["decision"]["side"] = 2
    assert f"actions[{n}].args[0].decision.side: 2 is not one of: 0, 1" in refusal(json.dumps(doc))


def test_every_recorded_action_left_a_trace(three_turns: Game) -> None:
    """A victory check while the battle goes on changes nothing and is not recorded, so a record has no more
    actions than log entries after its opening."""
    s = three_turns.state
    assert s.opening is not None and len(s.actions) <= len(s.log) - len(s.opening.log)


NO_OP = {"name": "turn.check_victory", "args": [], "kwargs": {"turn_over": False}, "reactions": []}


def test_an_action_that_leaves_no_trace_is_refused(three_turns: Game) -> None:
    doc = played_doc(three_turns)
    n = first(doc, "turn.end_slot") + 1
    doc["actions"].insert(n, NO_OP)
    assert refusal(json.dumps(doc)) == (f"game.json: actions[{n}] (turn.check_victory): it leaves no trace in the log "
                                        "(a game records only the actions that did something)")


def test_a_padded_record_is_refused_before_anything_is_replayed(three_turns: Game,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """More actions than the log has entries (a file padded with no-op actions) is refused by counting, before the
    replay runs one action; more than the schema's bound, before any action is even read."""
    from aot_rules.tabletop import record

    def no_replay(*args: object, **kwargs: object) -> None:
        raise AssertionError("the record was replayed")

    monkeypatch.setattr(record, "Game", no_replay)
    doc = played_doc(three_turns)
    doc["actions"] += [NO_OP] * 1000
    assert f"actions: {len(doc['actions'])} actions, but the log shows {len(doc['log'])} entries" in refusal(
        json.dumps(doc))
    doc["actions"] += [NO_OP] * save_schema.MAX_ACTIONS
    assert (f"actions: {len(doc['actions'])} items, more than the {save_schema.MAX_ACTIONS} allowed"
            in refusal(json.dumps(doc)))


def test_a_nested_opening_is_refused(three_turns: Game) -> None:
    doc = played_doc(three_turns)
    inner = json.loads(json.dumps(doc["opening"]))
    doc["opening"]["opening"] = inner
    assert refusal(json.dumps(doc)).startswith("game.json: opening.opening: expected nothing (null), found {")
    doc = played_doc(three_turns)
    doc["opening"]["actions"] = doc["actions"][:1]
    assert refusal(json.dumps(doc)).startswith("game.json: opening.actions: ")


#: A result no three-turn game reaches: a drawn battle, as the codec writes one.
DRAWN = codec.encode_event(BattleEnded(-1, BattleOutcome.DRAW, (0, 0), EndCause.LAST_TURN, 3))


@pytest.mark.parametrize(("field", "value"), [("seed", 6), ("scenario", "delion"), ("result", DRAWN),
                                              ("last_turn", 14)])
def test_a_tampered_field_is_refused_by_name(three_turns: Game, field: str, value: object) -> None:
    doc = played_doc(three_turns)
    doc[field] = value
    assert refusal(json.dumps(doc)) == (f"game.json: {field}: the saved value is not what the record replays to "
                                        "(the field, the log or the actions were changed)")
