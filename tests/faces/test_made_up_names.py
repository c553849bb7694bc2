"""The names the book makes up for its examples are said in the reader's language (issues #34, #35).

The chapters' replays and the worked examples stand made-up units, sides, generals and woods on the table ("Cretan
archers", "Greeks", "Hamilcar"): display words, not identity, so each is a catalogue message rendered when the
example is built.  In the pseudo-locale (``qps``) every such name comes out bracketed; a name left in English does
not.  Shipped data keeps its names (the table-top scenarios' armies and units are names a player types and a save
refers to), so a unit a scene borrows from a scenario is left out.
"""

from __future__ import annotations

import re
from dataclasses import fields
from typing import Annotated, get_args, get_origin, get_type_hints

import pytest

from aot_rules.aot.rules.command import INDIVIDUAL
from aot_rules.core.events import Said, Text
from aot_rules.core.i18n import PSEUDO, speaking
from aot_rules.present.replay import scenes
from aot_rules.systems import examples
from aot_rules.tabletop.scenarios import SCENARIOS

#: The scenes played from a shipped scenario's armies (their sides and units are the scenario's).
FROM_SCENARIOS = {"turn", "command"}
#: A word a reader would read as English (as test_pseudo_locale reads one): a one-letter side ("A") names nobody.
WORD = re.compile(r"(?<![\w\-−/.'])[A-Za-z]{3,}(?![\w\-/'])")


def shipped_names() -> set[str]:
    """Every name a shipped scenario puts on the table: its sides, armies, commanders, units and terrain."""
    out: set[str] = set()
    for build in SCENARIOS.values():
        s = build(1)
        out |= {x for side in s.sides for x in (side.name, side.army, *(c.name for c in side.commanders))}
        out |= {p.unit.name for p in s.pieces} | {t.name for t in s.terrain}
    return out


def english(names: set[str]) -> list[str]:
    """The names that did not come through the catalogue (in ``qps`` a message is bracketed)."""
    return sorted(n for n in names if WORD.search(n) and not n.startswith("⟦") and n != INDIVIDUAL)


@pytest.mark.parametrize("name", sorted(set(scenes.SCENES) - FROM_SCENARIOS))
def test_a_scenes_made_up_names_are_said_in_the_readers_language(name: str) -> None:
    with speaking(PSEUDO):
        run = scenes.SCENES[name]()
    start = run.start
    names = {side.name for side in start.sides} | {t.name for t in start.terrain}
    names |= {p.unit.name for p in start.pieces} - shipped_names()
    assert names, "the scene names nothing"
    assert not english(names), f"{name}: made-up names left in English: {english(names)}"


def test_a_scenes_names_are_english_in_english() -> None:
    """The English edition reads the names as they were written (and a later build in another language is not
    served the first one's names)."""
    with speaking(PSEUDO):
        scenes.return_fire()
    with speaking("en"):
        start = scenes.return_fire().start
    assert [p.unit.name for p in start.pieces] == ["Cretan archers", "Persian archers"]
    assert [s.name for s in start.sides] == ["Greeks", "Persians"]


def _name_fields(event: object) -> list[str]:
    """The values of an event's fields marked as a name shown to a reader (``Name``)."""
    hints = get_type_hints(type(event), include_extras=True)
    out = []
    for f in fields(event):  # type: ignore[arg-type]
        hint = hints[f.name]
        if get_origin(hint) is Annotated and Text.NAME in get_args(hint)[1:]:
            out.append(getattr(event, f.name))
    return out


@pytest.mark.parametrize("example_id", sorted(examples()))
def test_a_worked_examples_made_up_names_are_said_in_the_readers_language(example_id: str) -> None:
    """The units drawn (before, after, the figures) and every name its log carries: a unit, a side, a general, and
    a name a step's sentence gives (a Mage and its target)."""
    with speaking(PSEUDO):
        ex = examples()[example_id]()
    names = {u.name for u in (ex.before, ex.after, *(f for _, f in ex.figures)) if hasattr(u, "name")}
    names |= {n for e in ex.log for n in _name_fields(e)}
    names |= {n for e in ex.log if isinstance(e, Said) for n in e.text.names() if type(n) is str}  # a step's words
    assert not english(names), f"{example_id}: made-up names left in English: {english(names)}"


@pytest.mark.parametrize("example_id", sorted(k for k in examples() if k.startswith("AOT-EX-EVADE-")))
def test_the_evasion_examples_name_both_sides_in_the_readers_language(example_id: str) -> None:
    """Who may evade whom is told in sentences that name the two sides: in ``qps`` no English word is left."""
    with speaking(PSEUDO):
        lines = [m.render() for m in examples()[example_id]().intro]
        plain = [m.render("en") for m in examples()[example_id]().intro]
    assert lines and not [w for line in lines for w in WORD.findall(line)], lines
    assert any("Numidians" in line or "Thracians" in line or "Anglo-Saxons" in line for line in plain)


def test_the_initiative_examples_generals_are_said_in_the_readers_language() -> None:
    """The generals a player writes on his slots are historical names: Hamilcar in English, bracketed in ``qps``."""
    with speaking(PSEUDO):
        pseudo = examples()["AOT-EX-INITIATIVE-SLOTS"]()
    with speaking("en"):
        plain = examples()["AOT-EX-INITIATIVE-SLOTS"]()
    owners = {n for e in plain.log for n in _name_fields(e)}
    assert {"Hamilcar", "Hanno"} <= owners or {"Scipio", "Laelius"} <= owners
    assert not english({n for e in pseudo.log for n in _name_fields(e)})


def test_a_name_opening_a_sentence_keeps_its_own_capitals() -> None:
    """The narration capitalises a name that opens its sentence and leaves the rest as written: a storm's
    "hoplites II" is "Hoplites II", never "Hoplites ii", and the players' "player 1" is "Player 1"."""
    from aot_rules.aot.events import SlotPlayed, UnitDrifted
    from aot_rules.aot.vocabulary import Drift
    from aot_rules.present.narrate import narrate

    with speaking("en"):
        said = narrate([UnitDrifted("hoplites II", 5, Drift.STAYS), UnitDrifted("hastati II", 1, Drift.FORWARD),
                        SlotPlayed("player 1", 4, "Hanno")])
    assert said == ["Hoplites II: 5 — they stay where they are.",
                    "Hastati II: 1 — they move forward by the shortest route.",
                    "Player 1 plays slot 4: general Hanno gives his orders."]
