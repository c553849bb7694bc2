"""Refusals of army and save files speak through the catalogue: rendered in the pseudo-locale (every template accented
and bracketed), a refusal keeps no English word of its own, only what the file said (quoted), its path and the
codes of its parts (``pieces[0].pose``).  The schema library's own English is never shown: its error's data go into
the catalogue's templates (issue #34).  Each file below is refused for a different reason."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from aot_rules.aot.army.load import ArmyFileError, load
from aot_rules.core.i18n import PSEUDO, speaking
from aot_rules.core.refusal import FileRefusal
from aot_rules.tabletop.save import SaveFileError, loads, to_data
from aot_rules.tabletop.scenarios import scenario

#: An ASCII word of three letters or more that is not part of a code (a key, a path, a rule ID).
WORD = re.compile(r"(?<![\w\-−/.'\[])[A-Za-z]{3,}(?![\w\-/'\]])")
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
#: Where in the file (``log[0]: events[0] (Decided): ``): the parts' keys, codes of the format, lead a refusal.
PLACE = re.compile(r"^(?:[\w\-]+(?:\[\d+\]|\.[\w\-]+)*(?: \([^)]*\))?: )+")
#: A list of a vocabulary's codes a refusal offers (``is not one of: standard-bearer, musician``).
CODES = re.compile(r": [\w\-]+(?:, [\w\-]+)+")

ARMY = {"kind": "army", "name": "Mine", "list": "early-hoplite-greek",
        "units": [{"name": "Hoplites", "entry": "Hoplites", "ranks": [4, 4]}], "slots": {1: "individual"}}


def _army(change: Callable[[dict[str, Any]], object]) -> str:
    doc = json.loads(json.dumps(ARMY))
    change(doc)
    return str(yaml.safe_dump(doc))


ARMIES = {
    "empty": "",
    "type": _army(lambda d: d.update(units="four")),
    "missing": _army(lambda d: d.pop("slots")),
    "extra": _army(lambda d: d.update(colour="red")),
    "enum": _army(lambda d: d["units"][0].update(markers=["drummer"])),
    "list": "- just\n- a list\n",
    "kind": "kind: army-list\nname: X\n",
}


def _save(change: Callable[[dict[str, Any]], object]) -> str:
    doc = to_data(scenario("greek-border", 1))
    change(doc)
    return json.dumps(doc)


SAVES = {
    "empty": "",
    "not json": '{"format": "aot-tabletop",, }',
    "cut short": '{"format": "aot-tab',
    "not object": "[1, 2]",
    "format": '{"format": "chess"}',
    "old version": '{"format": "aot-tabletop", "version": 3}',
    "minimum": _save(lambda d: d["pieces"][0].update(removed=-1)),
    "extra": _save(lambda d: d["pieces"][0].update(colour="red")),
    "missing": _save(lambda d: d.pop("wind")),
    "few": _save(lambda d: d["sides"].pop()),
    "twice": _save(lambda d: d["pieces"][1].update(id=d["pieces"][0]["id"])),
    "overlap": _save(lambda d: d["pieces"][1].update(pose=d["pieces"][0]["pose"])),
    "dice": _save(lambda d: d.update(dice_used=5)),
}


def _english(e: FileRefusal) -> list[str]:
    with speaking(PSEUDO):
        said = re.sub("[⟦⟧]", "", str(e).removeprefix(f"{e.source}: "))
        shown = CODES.sub(" ", QUOTED.sub(" ", PLACE.sub("", said)))
    return WORD.findall(shown)


@pytest.mark.parametrize("name", ARMIES)
def test_an_army_refusal_has_no_english_of_its_own(name: str, tmp_path: Path) -> None:
    path = tmp_path / "army.yaml"
    path.write_text(ARMIES[name], encoding="utf-8")
    with pytest.raises(ArmyFileError) as info:
        load(path)
    assert not _english(info.value), str(info.value)


@pytest.mark.parametrize("name", SAVES)
def test_a_save_refusal_has_no_english_of_its_own(name: str) -> None:
    with pytest.raises(SaveFileError) as info:
        loads(SAVES[name], "game.json")
    assert not _english(info.value), str(info.value)


def test_a_refusal_is_rendered_when_shown_not_when_raised() -> None:
    """The same refusal reads in whichever language is in force when it is shown."""
    with pytest.raises(SaveFileError) as info:
        loads("", "game.json")
    with speaking("en"):
        english = str(info.value)
    with speaking("ru"):
        russian = str(info.value)
    assert english == "game.json: the file is empty" and russian.startswith("game.json: ") and russian != english


def test_the_check_sees_english() -> None:
    said = "log[0]: events[1] (Hits): ⟦ţĥé ƒîļé⟧ the base 'red' AOT-TABLE: a-wins, b-wins"
    assert WORD.findall(CODES.sub(" ", QUOTED.sub(" ", PLACE.sub("", said)))) == ["the", "base"]
