"""The site's scripts in the reader's language (issue #34 item 3): one English build, shown as the Russian edition
and as the pseudo-locale would be (chromium.speak sets the page's <html lang> before its scripts run).

The scripts' own words come from the catalogue (book/_ext/engine/i18n.js reads locales/<lang>.json), the engine in
the worker answers in the page's language, and numbers are written as aot_rules/core/format.py writes them there.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from aot_rules.core.format import percent_str, precise_percent
from aot_rules.core.i18n import msg, pseudo, speaking
from aot_rules.systems import all_mechanics

from . import chromium
from .test_engine_browser import SHOWN, errors, make_driver, wait_for

pytestmark = [pytest.mark.slow, pytest.mark.browser]

ROOT = Path(__file__).resolve().parents[3]
TABLE = "book/at-the-table.html"
#: An ASCII word of three letters or more that is not part of a code (tests/faces/test_pseudo_locale.py's rule).
WORD = re.compile(r"(?<![\w\-−/.'])[A-Za-z]{3,}(?![\w\-/'])")
CASES = [Fraction(0), Fraction(1), Fraction(1, 8), Fraction(1, 3), 1 - Fraction(1, 6 ** 8), Fraction(1, 6 ** 8),
         Fraction(1, 6 ** 36), Fraction(5, 100000)]


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    d, profile = make_driver()
    yield d
    chromium.stop(d, profile)


_in = chromium.open_in


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_browser_writes_numbers_as_python_does(driver: Any, site: str, lang: str) -> None:
    """Percentages (the "> 99.99%" wording included) and decimals in the page's language, the same as the engine's
    own (Russian "12,50 %" with its no-break space); exact fractions are left as they are."""
    _in(driver, lang, f"{site}/book/intro.html")
    cases = [str(c) for c in CASES]
    got = driver.execute_script("const I = window.aotI18n; const c = arguments[0];"
                                "return [c.map((x) => I.pct(x)), c.map((x) => I.precisePct(x)), I.fixed(2.5, 3)];",
                                cases)
    with speaking(lang):
        want = [[percent_str(c) for c in CASES], [precise_percent(c) for c in CASES],
                "2,500" if lang == "ru" else "2.500"]
    assert got == want
    assert ("12,50\u00a0%" if lang == "ru" else "12.50%") in got[0]
    assert errors(driver) == []


def _table_text(driver: Any) -> str:
    """What the At the table page's script shows a reader, less what is data rather than its words: the army picker's
    unit names, the rule IDs of links, the rule systems' names, the facts line (its names are the engine summary's
    codes), and the mechanics' titles, summaries and help (the registry's words, which the engine renders)."""
    return str(driver.execute_script("""
const root = document.querySelector('#aot-at-the-table .att-app').cloneNode(true);
root.querySelectorAll('select.att-army, .att-why, .att-item-id, a.att-rule, .att-system').forEach((e) => e.remove());
// the registry's own words (titles, summaries, help): the engine's catalogue, held by tests/faces/test_pseudo_locale.py
root.querySelectorAll('.att-item-title, .att-title, .att-summary, .att-help').forEach((e) => e.remove());
root.querySelectorAll('*').forEach((e) => e.append(' '));  // one element's words apart from the next's
root.querySelectorAll('select option').forEach((o) => o.remove());  // choices are codes a reader types
const named = document.querySelectorAll('#aot-at-the-table [placeholder], #aot-at-the-table [aria-label]');
const attr = (e, name) => e.getAttribute(name) || '';
return root.textContent + ' ' + [...named].map((e) => attr(e, 'placeholder') + ' ' + attr(e, 'aria-label'))
  .join(' ');"""))


def _compared(driver: Any) -> None:
    driver.execute_script("document.querySelector('#aot-at-the-table [data-act=compare]').click();")
    wait_for(driver, "return document.querySelectorAll('#aot-at-the-table .att-diff table tbody tr').length > 0"
                     " && !document.querySelector('#aot-at-the-table .att-computing');", 120)


def test_at_the_table_in_russian(driver: Any, site: str) -> None:
    """The page's own words are the catalogue's Russian, the engine's answer is Russian, every percentage is written
    as the engine writes it in Russian."""
    _in(driver, "ru", f"{site}/{TABLE}#AOT-MELEE-RESULT")
    shown = wait_for(driver, SHOWN)
    assert "rows" in shown, shown
    _compared(driver)
    with speaking("ru"):
        words = {t: msg(t).render() for t in ("exact", "Second setup against the first", "Copy link to this setup",
                                              "Reset", "Remove the second setup")}
        answer_words = [str(r[0]) for r in shown["rows"]]
    text = _table_text(driver)
    for english, russian in words.items():
        assert russian in text, (english, russian)
        assert re.search("[а-яё]", russian), f"{english!r} has no Russian in the catalogue"
    assert all(re.search("[а-яё]", w) for w in answer_words), answer_words  # the worker answered in Russian
    cells = driver.execute_script("""const rows = '#aot-at-the-table .att-setup table.att-dist tbody tr';
      return [...document.querySelectorAll(rows)].map((r) => [r.dataset.p, r.querySelector('td.pc').textContent]);""")
    with speaking("ru"):
        assert [c[1] for c in cells] == [percent_str(Fraction(c[0])) for c in cells]
    assert any("\u00a0%" in c[1] and "," in c[1] for c in cells)
    assert errors(driver) == []


def test_at_the_table_in_the_pseudo_locale(driver: Any, site: str) -> None:
    """No English word of the scripts' own is left: the list of questions, one question answered and compared with a
    second setup, all shown in the pseudo-locale."""
    keys = {m.key for m in all_mechanics()}
    _in(driver, "qps", f"{site}/{TABLE}")
    wait_for(driver, "return document.querySelectorAll('#aot-at-the-table a.att-item').length > 100;")
    texts = [_table_text(driver)]
    _in(driver, "qps", f"{site}/{TABLE}#AOT-MELEE-RESULT")
    assert "rows" in wait_for(driver, SHOWN)
    _compared(driver)
    texts.append(_table_text(driver))
    assert pseudo("Second setup against the first") in texts[-1]
    leaked = sorted({w for t in texts for w in WORD.findall(t) if w not in keys and not w.isupper()})
    assert not leaked, f"English outside the catalogue: {leaked}"
    assert errors(driver) == []


SUMMARY = """for (const doc of Bokeh.documents) { const m = doc.get_model_by_name(arguments[0]);
  if (m && m.text && !m.text.includes('data-busy')) return m.text; }
return null;"""


def _cells(summary: str) -> list[tuple[str, str]]:
    """Each row's exact chance and its percentage as the widget writes them."""
    rows = re.findall(r'<tr data-o="[^"]*" data-p="([^"]+)"[^>]*>(.*?)</tr>', summary)
    return [(p, html.unescape(re.findall(r'<td class="pc"><span class="aot-n">([^<]*%[^<]*)</span></td>', body)[0]))
            for p, body in rows]


@pytest.mark.parametrize("lang", ["ru", "qps"])
def test_a_chapter_calculator_speaks_the_page_language(driver: Any, site: str, lang: str) -> None:
    """The run chapter's calculator: its table's headings, its facts line and its mean in the page's language, its
    percentages written as the engine writes them there."""
    _in(driver, lang, f"{site}/book/run-trot.html")
    summary = wait_for(driver, "if (!window.Bokeh || !Bokeh.documents.length) { return null; }\n" + SUMMARY, 60,
                       "AOT-RUN:summary")
    with speaking(lang):
        exact, at_least, at_most = msg("exact").render(), msg("at least").render(), msg("at most").render()
        why = msg("Why: {facts} — {rule}", facts="\u0001", rule="\u0001").render().split("\u0001")[0]
        cells = _cells(summary)
        assert cells and [c[1] for c in cells] == [percent_str(Fraction(p)) for p, _ in cells]
    heads = [html.unescape(h) for h in re.findall(r"<th>([^<]*)</th>", summary)]
    assert exact in heads and at_least in heads and at_most in heads, heads
    assert f'data-why="1">{html.escape(why, quote=False)}' in summary
    if lang == "qps":
        assert exact == pseudo("exact") and "\u27e6" in summary
    else:
        assert all(re.search("[а-яё]", w) for w in (exact, at_least, at_most, why)), (exact, at_least, at_most, why)
        assert any("\u00a0%" in c[1] and "," in c[1] for c in cells)
    assert errors(driver) == []


def test_the_site_keeps_its_languages_for_offline_use(built_book: Path) -> None:
    """The scripts' language module, the Russian messages and mechanics are in the service worker's first cache;
    the pseudo-locale's mechanics (a test's) are not."""
    sw = (built_book / "sw.js").read_text(encoding="utf-8")
    for rel in ("_static/aot-engine/i18n.js", "_static/aot-engine/locales/ru.json",
                "_static/aot-engine/mechanics-ru.json", "_static/aot-engine/mechanics.json"):
        assert (built_book / rel).is_file() and f'"{rel}"' in sw, rel
    assert (built_book / "_static/aot-engine/mechanics-qps.json").is_file() and "mechanics-qps" not in sw
    doc = json.loads((built_book / "_static/aot-engine/locales/ru.json").read_text(encoding="utf-8"))
    assert doc["lang"] == "ru" and doc["plural"] == {"one": 0, "few": 1, "many": 2}
