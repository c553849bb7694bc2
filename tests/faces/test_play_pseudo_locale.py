"""A whole game told through the catalogue: ``play --lang qps`` (the pseudo-locale, which accents and brackets
every template) prints no English word of its own, only the names the scenario gives (units, armies, commanders,
terrain), rule IDs and codes.  A line of the table-top log written outside the catalogue, or a sentence assembled
from English fragments, leaves plain ASCII words and fails here (issue #34)."""

from __future__ import annotations

import contextlib
import io
import re

import pytest

from aot_rules.cli import main
from aot_rules.core.i18n import PSEUDO
from aot_rules.tabletop.scenarios import SCENARIOS, scenario

#: An ASCII word of three letters or more that is not part of a code (a flag, a rule ID, a snake_case name).
WORD = re.compile(r"(?<![\w\-−/.'])[A-Za-z]{3,}(?![\w\-/'])")


def _played(lang: str, name: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["--lang", lang, "play", "--scenario", name, "--turns", "16", "--verbose"])
    assert status == 0, err.getvalue()
    return out.getvalue()


def _names(name: str) -> set[str]:
    """Every word of a name the scenario gives: its own (a code), its units', armies', commanders' and terrain's."""
    state = scenario(name, 0)
    given = [name, *(p.unit.name for p in state.pieces), *(t.name for t in state.terrain)]
    given += [s.name for s in state.sides] + [c.name for s in state.sides for c in s.commanders]
    return {w for n in given for w in re.findall(r"[A-Za-z]+", n)}


@pytest.mark.parametrize("name", SCENARIOS)
def test_a_whole_game_in_the_pseudo_locale_has_no_english_of_its_own(name: str) -> None:
    shown = _played(PSEUDO, name)
    assert "result" in _played("en", name) and len(shown.splitlines()) > 100  # the game is played to its end
    left = sorted({w for w in WORD.findall(shown) if w not in _names(name) and not w.isupper()})
    assert not left, f"English outside the catalogue: {left}"


def test_the_check_sees_english_and_lets_names_through() -> None:
    names = _names("greek-border")
    assert {"Nikias", "hoplites", "Athenians"} <= names
    said = "T1 roll     Athenians AOT-CMD-INITIATIVE [4 4]: ⟦Athenians 4⟧ falls back"
    assert [w for w in WORD.findall(said) if w not in names and not w.isupper()] == ["roll", "falls", "back"]


def test_the_simulate_summary_has_no_english_of_its_own() -> None:
    """Every line of ``simulate``'s text summary (wins and how, draws, balance, decisive share, means, camps,
    violations) is a catalogue message: in the pseudo-locale only the sides' names and codes stay plain."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["--lang", PSEUDO, "simulate", "--scenario", "delion", "--games", "4", "--workers", "1"])
    assert status == 0, err.getvalue()
    shown = out.getvalue()
    assert len(shown.splitlines()) >= 8
    left = sorted({w for w in WORD.findall(shown) if w not in _names("delion") and not w.isupper()})
    assert not left, f"English outside the catalogue: {left}"
