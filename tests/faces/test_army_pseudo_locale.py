"""Armies and lists told through the catalogue: ``army show`` and ``army validate`` with ``--lang qps`` (the
pseudo-locale, which accents and brackets every template), and the book's HTML tables rendered in it, keep no English
word of their own, only the names the files give (units, entries, armies, lists, commanders, contingents), rule IDs
and codes.  A column heading, a bill's line, a total or a violation written outside the catalogue, or a sentence
assembled from English fragments, leaves plain ASCII words and fails here (issue #34)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from aot_rules.aot.army import Army, ArmyList, load, shipped_path, validate
from aot_rules.cli import main
from aot_rules.core.i18n import PSEUDO, speaking
from aot_rules.present.army_report import (
    army_html,
    bill_html,
    costs_html,
    formations_html,
    list_html,
    violations_html,
)

#: An ASCII word of three letters or more that is not part of a code (a file name, a key, a quoted file value).
WORD = re.compile(r"(?<![\w\-−/.'])[A-Za-z]{3,}(?![\w\-/'])")

SHIPPED = sorted([*shipped_path("armies", "greeks-legal").parent.glob("*.yaml"),
                  *shipped_path("lists", "greeks-5c-bc").parent.glob("*.yaml")])

#: A list with an allied contingent and every kind of exotic troops, to reach the lines and refusals the shipped
#: files never need (a tower crew, a cart's escort, a gunpowder piece, allies, an unpaired recruit).
EXOTIC_LIST: dict[str, Any] = {
    "kind": "army-list", "name": "Exotics", "id": "exotics", "nationality": "Everyone", "core": [
        {"name": "Elephant", "warriors": 4, "kind": "elephant"},
        {"name": "Scythed chariot", "warriors": 2, "kind": "scythed-chariot"},
        {"name": "Battle cart", "warriors": 2, "kind": "sumerian-cart"},
        {"name": "Bombard", "warriors": 4, "kind": "gunpowder-artillery"},
        {"name": "Legionaries", "warriors": 6, "weapons": ["sword", "javelin"], "gear": ["shield"]}],
    "auxiliary": [{"name": "Slingers", "warriors": 4, "weapons": ["sling"], "units": "1-2"}],
    "allies": [{"name": "Thessalians", "nationality": "Thessalian",
                "core": [{"name": "Thessalian horse", "warriors": 4, "mounted": True, "weapons": ["javelin"]}]}]}

#: An army of that list that is legal in parts and breaks many rules in the rest.
EXOTIC_ARMY: dict[str, Any] = {
    "kind": "army", "name": "Menagerie", "list": EXOTIC_LIST,
    "units": [{"name": "Big one", "entry": "Elephant", "tower_crew": True, "markers": ["hero"]},
              {"name": "Scythes", "entry": "Scythed chariot", "escort": True},
              {"name": "Cart", "entry": "Battle cart", "escort": True},
              {"name": "Boom", "entry": "Bombard", "recruit": True},
              {"name": "Legio", "entry": "Legionaries", "ranks": [3, 3], "all_weapons": True},
              {"name": "Legio II", "entry": "Legionaries", "ranks": [3, 3], "weapons": {"sword": 6}},
              {"name": "Legio III", "entry": "Legionaries", "ranks": [3, 3]},
              {"name": "Levy", "entry": "Legionaries", "ranks": [3, 3], "recruit": True,
               "weapons": {"sword": 3, "javelin": 3}, "markers": ["musician", "musician"]},
              {"name": "Odd", "entry": "Peltasts", "ranks": [2, 2]},
              {"name": "Stray", "entry": "Legionaries", "contingent": "Thracians", "ranks": [3, 3]},
              {"name": "Allied horse", "entry": "Thessalian horse", "contingent": "Thessalians", "ranks": [4]},
              {"name": "Allied horse II", "entry": "Thessalian horse", "contingent": "Thessalians", "ranks": [4]}],
    "commanders": [{"name": "Porus", "rank": "general", "unit": "Big one", "c_in_c": True},
                   {"name": "Meno", "rank": "general", "unit": "Allied horse"},
                   {"name": "Aleuas", "rank": "general", "unit": "Allied horse II", "c_in_c": True},
                   {"name": "Lost", "rank": "colonel", "unit": "Nowhere"}],
    "slots": {1: "Porus", 2: ["Porus", "Meno"], 3: "Lost", 7: "individual", 4: "Xerxes"}}


@pytest.fixture(scope="module")
def exotic(tmp_path_factory: pytest.TempPathFactory) -> Path:
    army = tmp_path_factory.mktemp("exotic") / "menagerie.yaml"
    army.write_text(yaml.safe_dump(EXOTIC_ARMY), encoding="utf-8")
    return army


def _names(doc: Army | ArmyList) -> set[str]:
    """Every word of a name the file gives: its own, its list's, contingents', entries', units', commanders', slots'."""
    lst = doc.army_list if isinstance(doc, Army) else doc
    given = [lst.name, lst.id, lst.source]
    given += [x for c in lst.contingents for x in (c.name, c.nationality, *(e.name for e in c.entries))]
    if isinstance(doc, Army):
        given += [doc.name, *(x for u in doc.units for x in (u.name, u.entry, u.contingent or ""))]
        given += [x for c in doc.commanders for x in (c.name, c.unit, c.contingent or "")]
        given += [name for _, names in doc.slots for name in names]
    return {w for n in given for w in re.findall(r"[A-Za-z]+", n)}


def _english(shown: str, names: set[str]) -> list[str]:
    return sorted({w for w in WORD.findall(shown) if w not in names and not w.isupper()})


def _run(*args: str | Path) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main([str(a) for a in args])
    assert err.getvalue() == "", err.getvalue()
    return status, out.getvalue()


def _cases(exotic: Path) -> list[Path]:
    return [*SHIPPED, exotic]


@pytest.mark.parametrize("action", ["show", "validate"])
@pytest.mark.parametrize("which", [*(p.stem for p in SHIPPED), "menagerie"])
def test_army_commands_in_the_pseudo_locale_have_no_english_of_their_own(action: str, which: str,
                                                                           exotic: Path) -> None:
    path = next(p for p in _cases(exotic) if p.stem == which)
    status, shown = _run("--lang", PSEUDO, "army", action, path)
    assert status in (0, 1) and shown.strip()
    assert "⟦" in shown
    left = _english(shown, _names(load(path)))
    assert not left, f"English outside the catalogue: {left}"


def test_the_exotic_army_reaches_many_refusals_and_bill_lines(exotic: Path) -> None:
    """The hand-made army is worth checking: it breaks many rules and bills the exotic items."""
    army = load(exotic)
    assert isinstance(army, Army)
    rules = {v.rule_id for v in validate(army)}
    assert {"AOT-ARMY-LIST", "AOT-ARMY-MIXED-WEAPONS", "AOT-PROP-RECRUIT", "AOT-PROP-REGULAR", "AOT-CMD-SLOTS",
            "AOT-CMD-CINC", "AOT-PROP-VETERAN", "AOT-ELEPHANT-UNIT", "AOT-CART-SUMERIAN"} <= rules
    _, shown = _run("army", "show", exotic)
    for said in ("tower crew", "light-infantry escort", "every warrior armed with each weapon",
                 "1 recruit unit: a point buys two", "colonel Lost"):
        assert said in shown, said


def _html(doc: Army | ArmyList) -> str:
    if isinstance(doc, ArmyList):
        return list_html(doc) + formations_html(doc) + costs_html()
    return (army_html(doc) + bill_html(doc) + violations_html(validate(doc)) + violations_html([])
            + list_html(doc.army_list) + formations_html(doc.army_list))


@pytest.mark.parametrize("which", [*(p.stem for p in SHIPPED), "menagerie"])
def test_the_books_tables_in_the_pseudo_locale_have_no_english_of_their_own(which: str, exotic: Path) -> None:
    doc = load(next(p for p in _cases(exotic) if p.stem == which))
    with speaking(PSEUDO):
        html = _html(doc)
    shown = re.sub(r"<[^>]*>", " ", html)
    assert "⟦" in shown and "<td" in html
    left = _english(shown, _names(doc))
    assert not left, f"English outside the catalogue: {left}"


def test_the_check_sees_english(exotic: Path) -> None:
    """The same outputs in English are caught (so the checks above can fail), and names are let through."""
    doc = load(exotic)
    _, shown = _run("army", "show", exotic)
    left = _english(shown, _names(doc))
    assert {"unit", "troops", "weapons", "Total", "Slots", "recruit", "the"} <= set(left)
    assert not {"Menagerie", "Porus", "Legionaries", "Thessalian"} & set(left)
    with speaking("en"):
        assert "violations" in _english(re.sub(r"<[^>]*>", " ", _html(doc)), _names(doc))
