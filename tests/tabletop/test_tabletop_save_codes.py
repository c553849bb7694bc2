"""Saves since version 7 write every enum by its code; a version 6 save, which wrote English phrases, still opens
(its phrases read through each enum's former spellings) and is the same game; a version 5 save keeps its refusal."""

from __future__ import annotations

import json
import re
from enum import Enum
from pathlib import Path
from typing import Any

import pytest

from aot_rules.aot.rules.weather import Weather
from aot_rules.core.events import Roll
from aot_rules.core.i18n import former_values
from aot_rules.tabletop.codec import EVENT_TYPES
from aot_rules.tabletop.game import Game
from aot_rules.tabletop.player import scripted
from aot_rules.tabletop.save import SaveFileError, dumps, from_data, load, loads
from aot_rules.tabletop.scenarios import scenario
from aot_rules.tabletop.state import FORMAT_VERSION
from aot_rules.tabletop.turn import play

#: chariot-plain, seed 2, played to turn 2 by the engine of save format 6 (soaked ground came on a double).
V6 = Path(__file__).parent / "data" / "save-v6-chariot-plain-2.json"
CODE = re.compile(r"^[a-z0-9][a-z0-9-]*$|^[A-Z]$")


def strings(x: Any) -> list[str]:
    if isinstance(x, dict):
        return [s for v in x.values() for s in strings(v)]
    if isinstance(x, list):
        return [s for v in x for s in strings(v)]
    return [x] if isinstance(x, str) else []


def enum_values(x: Any, schema: dict[str, Any]) -> list[str]:
    """Every string the file holds where the schema lists the allowed values (the places enums are written)."""
    out: list[str] = []
    if isinstance(schema, dict):
        if "enum" in schema and isinstance(x, str):
            out.append(x)
        for key in ("properties",):
            if key in schema and isinstance(x, dict):
                for k, sub in schema[key].items():
                    if k in x:
                        out += enum_values(x[k], sub)
        if "items" in schema and isinstance(x, list):
            out += [v for item in x for v in enum_values(item, schema["items"])]
        if "prefixItems" in schema and isinstance(x, list):
            out += [v for item, sub in zip(x, schema["prefixItems"], strict=False) for v in enum_values(item, sub)]
        for key in ("oneOf", "anyOf"):
            for sub in schema.get(key, ()):
                out += enum_values(x, sub)
    return out


def test_a_version_6_save_opens_as_the_same_game() -> None:
    old = json.loads(V6.read_text(encoding="utf-8"))
    assert old["version"] == 6 and old["weather"] == "soaked ground"  # written the old way
    assert "individual unit" in strings(old) and "battle line" in strings(old)
    state = load(V6)
    assert state.weather == Weather.MUD and state.turn == 2
    # the same game (the loader replayed its record to exactly these facts), now written with codes
    assert state.dice_used == old["dice_used"] and len(state.log) == len(old["log"]) == len(load(V6).log)
    assert [(p.id, p.pose.x, p.pose.y, p.removed) for p in state.pieces] == [
        (p["id"], p["pose"]["x"], p["pose"]["y"], p["removed"]) for p in old["pieces"]]


def test_an_upgraded_save_is_written_in_codes_only() -> None:
    text = dumps(load(V6))
    data = json.loads(text)
    assert data["version"] == FORMAT_VERSION == 7 and data["weather"] == "mud"
    olds = {old for cls in _vocabularies() for old in former_values(cls)}
    phrases = [s for s in strings(data) if s in olds and not CODE.match(s)]
    assert phrases == []  # no enum's old phrase, and no display text (a die's caption) at all


def test_a_new_save_holds_only_codes_where_enums_are_written() -> None:
    from aot_rules.tabletop.save_schema import SAVE_SCHEMA

    data = json.loads(dumps(load(V6)))  # a game this engine writes, with weather come on a double
    assert data["weather"] == "mud"
    values = [v for v in enum_values(data, SAVE_SCHEMA) if v not in EVENT_TYPES]  # an event's type is its class
    assert len(values) > 100 and all(v is None or CODE.match(v) for v in values), sorted(
        {v for v in values if v is not None and not CODE.match(v)})


def test_version_6_is_still_checked_by_the_schema() -> None:
    old = json.loads(V6.read_text(encoding="utf-8"))
    old["weather"] = "heat wave"  # neither a code nor a former spelling
    with pytest.raises(SaveFileError, match=r"^<data>: weather: 'heat wave' is not one of: calm, wind, sun, mud,"):
        from_data(old)
    old = json.loads(V6.read_text(encoding="utf-8"))
    old["pieces"][0]["status"] = "fled off the table!"
    with pytest.raises(SaveFileError, match=r"pieces\[0\]\.status"):
        from_data(old)


def test_version_5_keeps_its_one_line_refusal() -> None:
    old = json.loads(V6.read_text(encoding="utf-8"))
    old["version"] = 5
    with pytest.raises(SaveFileError) as e:
        loads(json.dumps(old), "old.json")
    assert str(e.value) == ("old.json: save format version 5 is from an older engine: this engine reads version 7 "
                            "only (start the game again)")
    old["version"] = 6.0  # a number that only looks like 6 is no version
    with pytest.raises(SaveFileError, match=r"save format version 6\.0 is not supported"):
        loads(json.dumps(old), "old.json")


def _vocabularies() -> list[type[Enum]]:
    from aot_rules.core.i18n import _FORMERLY

    return list(_FORMERLY)


def _rolls(data: Any) -> list[dict[str, Any]]:
    return [ev for e in data["log"] for ev in e["events"] if ev["type"] == "Roll"]


def test_a_save_holds_no_words_so_rewording_a_message_changes_no_save() -> None:
    """A record holds facts only: no die's caption nor a logged refusal's words are written (the replay on load says
    them again, in the language in force), so a version 6 save whose captions were worded otherwise is the same game."""
    opening = scenario("greek-border", 1)
    state = play(Game(opening), 3, scripted()).state
    data = json.loads(dumps(state))
    assert _rolls(data) and all("purpose" not in r for r in _rolls(data))
    assert "message" not in json.dumps(data)
    loaded = loads(dumps(state))
    assert loaded == state
    captions = [str(ev.purpose) for e in loaded.log for ev in e.events if isinstance(ev, Roll)]
    assert captions and all(captions)  # the words came back from the replay

    old = json.loads(V6.read_text(encoding="utf-8"))
    rolls = _rolls(old)
    assert rolls and all("purpose" in r for r in rolls)
    for r in rolls:
        r["purpose"] = "worded some other way"
    assert dumps(from_data(old)) == dumps(from_data(json.loads(V6.read_text(encoding="utf-8"))))
