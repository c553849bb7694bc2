"""Every setting of every static widget shows the engine's answer for that setting.

widget.js finds a setting's answer by a mixed-radix index over the table's axes: for each axis, the position
of the control's text among the axis's values times the axis's stride; it then unpacks that answer from the
page's packed table (fixed-width numbers into a pool of values and a list of shapes).  This test repeats
both steps in Python over the whole grid of every registered mechanic, reading the very payload the page
carries, and compares what the widget would show with the engine's own summary of the same inputs, so a
mis-packed table (wrong strides, wrong order, a value the control cannot find, a wrong pool reference) fails
here in the fast tier rather than only in the browser tests.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from support import cycle_collector_paused

from aot_rules.core.errors import RuleError
from aot_rules.core.outcome import Outcome
from aot_rules.core.registry import Mechanic
from aot_rules.present.render import summary
from aot_rules.present.static import Table, lookup, option_text, precompute, refusal_form, table_form
from aot_rules.systems import all_mechanics


def widget_lookup(table: Table, payload: dict[str, Any], setting: dict[str, Any]) -> dict[str, Any]:
    """What widget.js shows for ``setting`` (each control's value): the same arithmetic, step by step, over the
    packed table the page carries (``payload``)."""
    k = 0
    for axis in table.axes:
        text = option_text(setting[axis["name"]])  # a flag's text is 'true'/'false', as widget.js builds it
        pos = axis["values"].index(text)  # widget.js falls back to 0 when a value is missing: here it fails
        k += pos * axis["stride"]
    return lookup(payload, k)


class Recorded:
    """A mechanic whose every exact answer is kept by its inputs: the table is built from the engine's answers
    once, and each setting's answer is then looked up by its own inputs, never through the table's index."""

    def __init__(self, m: Mechanic[Any]) -> None:
        self.m = m
        self.answers: dict[frozenset[tuple[str, Any]], Outcome | RuleError] = {}
        #: the table form of each distinct outcome, worked out here once (cached outcomes repeat: 27,756 of the
        #: movement procedure's settings share far fewer laws); kept by the identity of laws ``answers`` holds
        self.forms: dict[tuple[int, str | None], dict[str, Any]] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self.m, name)

    def evaluate(self, **kwargs: Any) -> Outcome:
        key = frozenset(kwargs.items())
        if key not in self.answers:
            try:
                self.answers[key] = self.m.evaluate(**kwargs)
            except RuleError as e:
                self.answers[key] = e
        answer = self.answers[key]
        if isinstance(answer, RuleError):
            raise answer
        return answer


def engine_answer(m: Recorded, table: Table, setting: dict[str, Any]) -> dict[str, Any]:
    """The engine's summary of ``setting`` in the table's form (or its refusal, with the inputs at fault)."""
    try:
        out = m.evaluate(**table.fixed, **setting)
    except RuleError as e:
        return refusal_form(e, m.m)
    key = (id(out.dists), out.main)
    if key not in m.forms:
        m.forms[key] = table_form(summary(out, m.show))
    return m.forms[key]


@pytest.mark.parametrize("mechanic", all_mechanics(), ids=lambda m: m.rule_id)
def test_every_widget_setting_shows_the_engines_answer(mechanic: Mechanic[Any]) -> None:
    # every setting's answer is kept (37,500 for the movement procedure): the collector walked them over and over
    with cycle_collector_paused():
        m = Recorded(mechanic)
        table = precompute(m)  # type: ignore[arg-type]  # duck-typed: every attribute but evaluate is m's
        values = [m.param(a["name"]).values() for a in table.axes]
        assert len(table.index) == len(list(itertools.product(*values)))
        payload = json.loads(json.dumps(table.payload()))  # as the page's JSON gives it back
        wrong = []
        for combo in itertools.product(*values):
            setting = {a["name"]: v for a, v in zip(table.axes, combo, strict=True)}
            if widget_lookup(table, payload, setting) != engine_answer(m, table, setting):
                wrong.append(setting)
    assert not wrong, f"{m.rule_id}: {len(wrong)} of {len(table.index)} settings show a wrong answer, e.g. {wrong[0]}"


def test_a_mis_packed_table_is_caught() -> None:
    """The check above notices strides in the wrong order (the mutation that once went unnoticed)."""
    m = Recorded(next(m for m in all_mechanics() if m.rule_id == "AOT-SHOOT-HIT"))
    table = precompute(m)  # type: ignore[arg-type]
    swapped = [dict(a) for a in table.axes]
    strides = [a["stride"] for a in swapped][::-1]
    for a, s in zip(swapped, strides, strict=True):
        a["stride"] = s
    bad = Table(swapped, table.index, table.results, table.fixed)
    values = [m.param(a["name"]).values() for a in table.axes]
    settings = [{a["name"]: v for a, v in zip(table.axes, combo, strict=True)} for combo in itertools.product(*values)]
    payload = table.payload()
    assert any(widget_lookup(bad, payload, s) != engine_answer(m, table, s) for s in settings)


def test_a_wrong_pool_reference_is_caught() -> None:
    """The check above notices a packed answer that points one place off in the pool of values."""
    m = Recorded(next(m for m in all_mechanics() if m.rule_id == "AOT-SHOOT-HIT"))
    table = precompute(m)  # type: ignore[arg-type]
    payload = table.payload()
    width = payload["wr"]
    shifted = dict(payload, p=payload["p"][1:] + payload["p"][:1])
    values = [m.param(a["name"]).values() for a in table.axes]
    settings = [{a["name"]: v for a, v in zip(table.axes, combo, strict=True)} for combo in itertools.product(*values)]
    assert width >= 1 and any(widget_lookup(table, shifted, s) != engine_answer(m, table, s) for s in settings)


def test_the_packed_table_is_smaller_than_its_answers() -> None:
    """Packing pays: the heaviest table the book carries is a fraction of its answers written out."""
    m = next(m for m in all_mechanics() if m.rule_id == "AOT-SHOOT-HIT")
    table = precompute(m)
    plain = len(json.dumps([table.results[i] for i in table.index], separators=(",", ":")))
    assert table.payload_bytes() < plain / 3


def test_widget_script_applies_the_same_fraction_display_rule() -> None:
    """widget.js and At the table take the display rule from i18n.js (held to format.py by
    test_link_and_percent), and apply it to every number they show."""
    from importlib import resources

    js = (resources.files("aot_rules.present") / "assets" / "widget.js").read_text(encoding="utf-8")
    table = (Path(__file__).parents[2] / "book" / "_ext" / "engine" / "at-the-table.js").read_text(encoding="utf-8")
    for script in (js, table):
        assert "FRACTION_DIGITS" not in script and "isShort(" in script and "display(" in script
    assert js.count("shown(") >= 5  # exact column, tail column, mean, other laws, events
