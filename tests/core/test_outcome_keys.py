"""Outcomes are read through typed keys: a misspelt or unreported key fails at once, and the keys are the codes."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from aot_rules.core.errors import RuleError
from aot_rules.core.outcome import DistKey, EventKey, Outcome
from aot_rules.keys import Event, Law
from aot_rules.systems import all_mechanics, get

ROOT = Path(__file__).resolve().parents[2]


def test_a_misspelt_key_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError):
        Event.b_winz  # type: ignore[attr-defined]  # noqa: B018
    with pytest.raises(AttributeError):
        Law.hitz  # type: ignore[attr-defined]  # noqa: B018


def test_a_key_the_outcome_does_not_report_fails_naming_what_it_has() -> None:
    out = get("AOT-MELEE-RESULT").evaluate()
    with pytest.raises(KeyError, match="a_wins"):
        out.event(Event.spotted)
    with pytest.raises(KeyError, match="result"):
        out.dist(Law.hits)


def test_a_typed_key_reads_what_the_code_string_names() -> None:
    out = get("AOT-MELEE-RESULT").evaluate()
    assert out.event(Event.a_wins) == out.events["a_wins"] and out.event(Event.continue_) == out.events["continue"]
    assert out.dist(Law.result) is out.dists["result"]
    assert json.dumps({Event.a_wins: 1}) == json.dumps({"a_wins": 1})  # a key is its code in JSON


def test_mypy_refuses_a_string_or_a_law_read_as_an_event(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("from aot_rules.systems import get\nfrom aot_rules.keys import Law\n"
                     "o = get('AOT-MELEE-RESULT').evaluate()\no.event('a_wins')\no.event(Law.result)\n",
                     encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "mypy", "--follow-imports=silent", "--ignore-missing-imports",
                           str(probe)], cwd=ROOT, capture_output=True, text=True, check=False)
    errors = [line for line in done.stdout.splitlines() if "probe.py" in line and "error" in line]
    assert len(errors) == 2, done.stdout


def test_every_member_is_its_own_code_and_kinds_stay_apart() -> None:
    assert all(k.value == k.name.rstrip("_") for k in Event) and all(k.value == k.name for k in Law)
    assert issubclass(Event, EventKey) and issubclass(Law, DistKey) and not issubclass(Law, EventKey)
    toy = Outcome("x", {}, {"any": Fraction(1, 2)})
    assert toy.event(Event.any) == Fraction(1, 2)


def test_every_key_names_something_a_mechanic_reports() -> None:
    """No dead key: each member is an event or law a registered mechanic reports (defaults, first grid points)."""
    events, laws = {k.value for k in Event}, {k.value for k in Law}
    for m in all_mechanics():
        for combo in itertools.chain([{}], itertools.islice(m.grid(), 24)):
            if not (events or laws):
                return
            try:
                out = m.evaluate(**combo)
            except RuleError:
                continue
            events -= set(out.events)
            laws -= set(out.dists)
    assert not events and not laws, (events, laws)
