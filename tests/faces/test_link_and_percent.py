"""Share links read as the command line reads them, the opening setting of a calculator whose defaults alone are
refused, and the one percentage rule (an uncertain event never reads 100.00% or 0.00%) in Python and in the script
that repeats it in the reader's language (book/_ext/engine/i18n.js)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from aot_rules.cli.odds import respond_link
from aot_rules.core.format import is_short_fraction, percent_str
from aot_rules.present.answer import respond
from aot_rules.present.static import opening
from aot_rules.systems import all_mechanics

ROOT = Path(__file__).resolve().parents[2]


def cli_refusal(*args: str) -> str:
    proc = subprocess.run([sys.executable, "-m", "aot_rules", "odds", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert proc.returncode == 2, proc.stdout
    return proc.stderr.strip()


@pytest.mark.parametrize("argv", [
    ["AOT-RUN", "--shield=maybe"], ["AOT-RUN", "--shield=banana"], ["AOT-RUN", "--density="],
    ["AOT-NOPE", "--density=4"], ["AOT-RUN", "--density=&shield"], ["AOT-RUN", "--frobnicate"],
])
def test_a_bad_link_is_refused_in_the_command_lines_own_line(argv: list[str]) -> None:
    got = respond_link(argv)
    assert got["ok"] is False
    assert got["error"] == cli_refusal(*argv)


def test_a_good_link_answers_as_the_command_line_and_says_what_it_read() -> None:
    got = respond_link(["AOT-RUN", "--density=4", "--shield"])
    assert got["ok"] is True and got["values"] == {"density": "4", "shield": True}
    assert got["json"] == respond("AOT-RUN", {"density": "4", "shield": True})["json"]


def test_every_calculator_opens_on_a_legal_setting() -> None:
    """The defaults, plus the chapter widget's own start where the defaults alone are refused (a volley)."""
    refused = [m.rule_id for m in all_mechanics() if not respond(m.rule_id, opening(m))["ok"]]
    assert refused == []
    assert opening(next(m for m in all_mechanics() if m.rule_id == "AOT-SHOOT-RESULT")) == {"firers": "4"}


CASES = [Fraction(0), Fraction(1), Fraction(1, 3), Fraction(3, 8), 1 - Fraction(1, 6 ** 8), Fraction(1, 6 ** 8),
         Fraction(99995, 100000), Fraction(99994, 100000), Fraction(5, 100000), Fraction(4, 100000),
         Fraction(2821109907455, 2821109907456), Fraction(1, 2821109907456), 1 - Fraction(1, 6 ** 36),
         Fraction(1, 6 ** 36)]


#: The one script that writes the site's numbers (the widgets and the At the table page call its pct).
I18N_JS = ROOT / "book" / "_ext" / "engine" / "i18n.js"


def js_numbers(lang: str, calls: str) -> object:
    """What ``book/_ext/engine/i18n.js`` answers to ``calls`` (an expression over its ``I``) on a page whose
    ``<html lang>`` is ``lang``, run by node with a stand-in page (no catalogue fetched: numbers need none)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    page = "globalThis.window = globalThis; globalThis.document = {documentElement: {lang: LANG}, currentScript: null};"
    src = (page.replace("LANG", json.dumps(lang)) + "\n" + I18N_JS.read_text(encoding="utf-8") +
           f"\nconst I = window.aotI18n; console.log(JSON.stringify({calls}));")
    return json.loads(subprocess.run([node, "-e", src], capture_output=True, text=True, check=True, timeout=60).stdout)


@pytest.mark.parametrize("lang", ["en", "ru", "qps"])
def test_the_scripts_write_percentages_as_python_does(lang: str) -> None:
    """The same percentage in the page's language as the engine writes it (Russian "12,50 %", with its
    no-break space), the "> 99.99%" wording included."""
    from aot_rules.core.format import precise_percent
    from aot_rules.core.i18n import speaking

    cases = json.dumps([str(c) for c in CASES])
    out = js_numbers(lang, f"[{cases}.map(I.pct), {cases}.map(I.precisePct), I.fixed(1.5, 3)]")
    with speaking(lang):
        want = [[percent_str(c) for c in CASES], [precise_percent(c) for c in CASES],
                "1,500" if lang == "ru" else "1.500"]
    assert out == want
    assert ("> 99,99\u00a0%" if lang == "ru" else "> 99.99%") in want[0]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_scripts_show_a_fraction_as_python_does(lang: str) -> None:
    """The display rule in the page's language: a fraction whose parts have at most FRACTION_DIGITS digits as it
    is, a longer one as "≈" and its precise percentage, a near-certain one as "> 99.99%" without the "≈"."""
    from aot_rules.core.format import fraction_display, fraction_str
    from aot_rules.core.i18n import speaking

    cases = [*CASES, Fraction(10 ** 9 - 1, 10 ** 9), Fraction(1, 10 ** 9), Fraction(1, 10 ** 10)]
    texts = json.dumps([fraction_str(c) for c in cases])
    out = js_numbers(lang, f"[{texts}.map(I.display), {texts}.map(I.isShort)]")
    with speaking(lang):
        assert out == [[fraction_display(c) for c in cases], [is_short_fraction(c) for c in cases]]
    assert out[1].count(False) >= 4 and any(t.startswith(">") for t in out[0])


@pytest.mark.parametrize("script", ["aot_rules/present/assets/widget.js", "book/_ext/engine/at-the-table.js"])
def test_the_scripts_take_their_percentages_from_the_one_rule(script: str) -> None:
    """Neither script writes a percentage of its own (toFixed + '%'): both take i18n.js's."""
    text = (ROOT / script).read_text(encoding="utf-8")
    assert "window.aotI18n" in text and "pct" in text
    assert not re.search(r"toFixed\([^)]*\)\s*\+\s*'%'", text) and "toFixed(3)" not in text
