"""The numbers of the chapter calculators and of At the table on a phone (issue 37): an exact "at most" column beside
"at least", percentages that never claim certainty for an uncertain event and never break across lines, fractions
that break only at their bar, and refusals that write a distance as a decimal, in English and in Russian.

Every number expected here is the engine's own (its laws' P(≥) and P(≤), aot_rules.core.format's percentages in the
language in force), never copied by hand.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from aot_rules.core.errors import RuleError
from aot_rules.core.format import fraction_str, percent_str
from aot_rules.core.i18n import decimal, msg, speaking
from aot_rules.present.answer import respond
from aot_rules.present.render import shown
from aot_rules.systems import get

from . import chromium
from .test_engine_browser import BOOT, JS_MODEL, SHOWN, errors, make_driver, wait_for
from .visits import viewport

pytestmark = [pytest.mark.slow, pytest.mark.browser]

PHONE = (390, 844)


@pytest.fixture(scope="module")
def phone() -> Iterator[Any]:
    """A browser showing pages as a 390 px phone does (a headless window is never narrower than 500 px)."""
    d, profile = make_driver(*PHONE)
    viewport(d, PHONE)
    yield d
    chromium.stop(d, profile)


_open = chromium.open_in


#: A chapter widget's answer table as laid out in Bokeh's shadow DOM: its rows' exact chances, its percentage cells,
#: and every number span (its text, whether it may wrap, and on how many lines it is drawn).
WIDGET_TABLE = """
const main = arguments[0], computed = arguments[1];
const found = [];
const walk = (root) => { for (const e of root.querySelectorAll('*')) { if (e.shadowRoot) { walk(e.shadowRoot); } }
  for (const t of root.querySelectorAll('table.aot')) { found.push(t); } };
walk(document);
const t = found.find((x) => x.dataset.main === main && (x.dataset.computed === '1') === computed);
if (!t) return null;
const ws = (e) => getComputedStyle(e).whiteSpace;
const box = t.closest('.aot-scroll');
return {
  heads: [...t.querySelectorAll('th')].map((h) => h.textContent),
  rows: [...t.querySelectorAll('tr[data-o]')].map((r) => ({o: r.dataset.o, p: r.dataset.p, ge: r.dataset.ge,
    le: r.dataset.le, pc: [...r.querySelectorAll('td.pc')].map((c) => [c.textContent, ws(c)])})),
  numbers: [...t.querySelectorAll('.aot-n')].filter((n) => n.getClientRects().length)
    .map((n) => [n.textContent, ws(n), n.getClientRects().length]),
  scroll: box ? box.scrollWidth - box.clientWidth : null,
  spill: [...t.querySelectorAll('td .aot-n')].filter((n) => { const a = n.getBoundingClientRect(),
    c = n.closest('td').getBoundingClientRect(); return a.left < c.left - 0.5 || a.right > c.right + 0.5; })
    .map((n) => n.textContent),
  page: document.documentElement.scrollWidth};
"""


def _law(rule_id: str, lang: str, words: str, **values: Any) -> tuple[str, list[dict[str, Any]], list[str]]:
    """The main law's label and, for each outcome as a reader reads it, its chance, at least it and at most it
    (the engine's own P(≥) and P(≤)) with their percentages in ``lang``; and the table's column heads.  The law's own
    words (its label, its outcomes) are in ``words``: the build's language for a precomputed table, the page's for
    an answer from the engine in the browser."""
    out = get(rule_id).evaluate(**values)
    law = out.dists[out.main]
    with speaking(words):
        label, outcomes = out.label(out.main), [shown(o) for o in law]
    with speaking(lang):
        rows = [{"o": o, "p": fraction_str(p), "ge": fraction_str(law.p_ge(x)), "le": fraction_str(law.p_le(x)),
                 "pc": [percent_str(q) for q in (p, law.p_ge(x), law.p_le(x))]}
                for o, (x, p) in zip(outcomes, law.items(), strict=True)]
        heads = [label, msg("exact").render(), "%", msg("at least").render(), "%", msg("at most").render(), "%"]
    return label, rows, heads


def _check_table(got: dict[str, Any], rows: list[dict[str, Any]], heads: list[str], lang: str) -> None:
    assert got["heads"] == heads
    assert [{k: r[k] for k in ("o", "p", "ge", "le")} for r in got["rows"]] == [
        {k: r[k] for k in ("o", "p", "ge", "le")} for r in rows]
    assert [[t for t, _ in r["pc"]] for r in got["rows"]] == [r["pc"] for r in rows]
    assert all(w == "nowrap" for r in got["rows"] for _, w in r["pc"]), got["rows"]
    with speaking(lang):
        near = percent_str(1 - Fraction(1, 10 ** 9))  # "> 99.99%" in the language
    assert near.startswith(">") and near in [t for r in got["rows"] for t, _ in r["pc"]]
    # every fraction part and every percentage a span of its own that never wraps, drawn on one line
    assert got["numbers"], got
    assert all(w == "nowrap" and lines == 1 for _, w, lines in got["numbers"]), got["numbers"]
    texts = [t for t, _, _ in got["numbers"]]
    assert all(r["pc"][0] in texts for r in rows)
    assert got["page"] <= PHONE[0], got
    # a phone shows the three chances in three columns, each percentage over its fraction: nothing scrolls sideways
    assert got["scroll"] == 0, got
    assert got["spill"] == [], got["spill"]  # and no number reaches past its cell into the next


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_chapter_calculator_shows_at_most_beside_at_least(phone: Any, site: str, lang: str) -> None:
    """SP-MELEE-ROLL on its chapter page at 390 px: the table's answer (6 dice) and the engine's answer outside the
    table (36 dice), each row's "at most" the engine's P(≤) exactly, near-certain chances as "> 99.99%", no number
    broken, the words in the page's language."""
    _open(phone, lang, f"{site}/book/sp/melee.html")
    wait_for(phone, "return window.Bokeh && Bokeh.documents.length > 0", 60)
    start = get("SP-MELEE-ROLL").param("dice").default
    label, rows, heads = _law("SP-MELEE-ROLL", lang, "en", dice=start)  # the English build's table
    _check_table(wait_for(phone, WIDGET_TABLE, 60, label, False), rows, heads, lang)
    assert phone.execute_script(JS_MODEL.replace("return m;", "{ m.value = 36; return true; }"), "SP-MELEE-ROLL:dice")
    label, rows, heads = _law("SP-MELEE-ROLL", lang, lang, dice=36)
    _check_table(wait_for(phone, WIDGET_TABLE, BOOT, label, True), rows, heads, lang)
    assert errors(phone) == []


OTHER_LINES = """
const s = document.querySelector('#aot-at-the-table .att-setup[data-setup="0"] .att-answer');
const lines = [...s.querySelectorAll('.att-other')];
return lines.length ? lines.map((p) => [...p.querySelectorAll('.att-n')].map((n) => [n.textContent,
  getComputedStyle(n).whiteSpace, n.getClientRects().length])) : null;
"""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_at_the_table_never_breaks_a_number_in_its_other_laws(phone: Any, site: str, lang: str) -> None:
    """The laws below the main table (a melee's losses of each side): each fraction's parts and each percentage a
    span that never wraps, drawn on one line, at 390 px."""
    _open(phone, lang, f"{site}/book/at-the-table.html#AOT-MELEE-RESULT?a-ranks=4,4&b-ranks=4,4")
    shown_ = wait_for(phone, SHOWN)
    assert "error" not in shown_, shown_
    got = wait_for(phone, OTHER_LINES)
    with speaking(lang):
        full = respond("AOT-MELEE-RESULT", {"a_ranks": "4,4", "b_ranks": "4,4"})["full"]
        want = [[piece for _, p in rows for piece in (*_parts(p), percent_str(Fraction(p)))]
                for _, rows in full["o"]]
    assert [[t for t, _, _ in line] for line in got[:len(want)]] == want
    assert all(w == "nowrap" and n == 1 for line in got for _, w, n in line), got
    assert phone.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]
    assert errors(phone) == []


def _parts(p: str) -> list[str]:
    """A fraction as its spans: "3/" and "8", or "1" alone."""
    a, slash, b = p.partition("/")
    return [a + slash, b] if slash else [a]


#: At the table's count table on a phone: whether it scrolls sideways, and where each chance's percentage and
#: fraction stand (the three chances of a row, each as [percentage box, fraction box, fraction shown as a tap-open
#: percentage]).
STACKED = """
const t = document.querySelector('#aot-at-the-table .att-setup[data-setup="0"] table.att-dist');
if (!t) return null;
const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom]; };
return {scroll: t.parentElement.scrollWidth - t.parentElement.clientWidth, page: document.documentElement.scrollWidth,
  spill: [...t.querySelectorAll('td .att-n')].filter((n) => { const a = n.getBoundingClientRect(),
    c = n.closest('td').getBoundingClientRect(); return a.left < c.left - 0.5 || a.right > c.right + 0.5; })
    .map((n) => n.textContent),
  rows: [...t.querySelectorAll('tbody tr')].map((r) => [1, 3, 5].map((i) => [box(r.cells[i + 1]), box(r.cells[i]),
    r.cells[i].querySelector('details') !== null]))};
"""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_on_a_phone_at_the_table_stacks_each_chance_over_its_fraction(phone: Any, site: str, lang: str) -> None:
    """390 px, 36 skirmish dice: the table of kills fits the screen (no sideways scrolling): each chance's
    percentage stands over its exact fraction in one column, and a fraction too long to show (parts over nine
    digits) is a percentage that opens onto it."""
    _open(phone, lang, f"{site}/book/at-the-table.html#SP-MELEE-ROLL?dice=36")
    assert "error" not in wait_for(phone, SHOWN)
    got = wait_for(phone, STACKED)
    assert got["scroll"] == 0 and got["page"] <= PHONE[0] and got["spill"] == [], got
    assert len(got["rows"]) == 37
    for row in got["rows"]:
        for pc, f, _ in row:
            assert pc[3] <= f[2] + 1, row  # the percentage above the fraction
            assert pc[0] < f[1] and f[0] < pc[1], row  # in the same column
        assert [c[0][0] for c in row] == sorted(c[0][0] for c in row), row  # exact, at least, at most: left to right
    assert any(long for row in got["rows"] for _, _, long in row)
    assert errors(phone) == []


#: The comparison of two setups on a phone: how far each of its tables scrolls sideways, and each chance's name
#: box with the boxes of its three numbers.
COMPARED = """
const tables = [...document.querySelectorAll('#aot-at-the-table .att-diff table.att-vs')];
if (!tables.length) return null;
const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom]; };
return {scroll: tables.map((t) => t.parentElement.scrollWidth - t.parentElement.clientWidth),
  page: document.documentElement.scrollWidth,
  rows: [...tables[0].querySelectorAll('tbody tr')].map((r) => [...r.cells].map(box))};
"""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_on_a_phone_the_comparison_of_two_melees_fits(phone: Any, site: str, lang: str) -> None:
    """390 px, two melees compared: the comparison does not scroll sideways in either language (the Russian names
    of outcomes, «бой продолжается», are wider than a column): each chance's name is a line of its own, its three
    numbers side by side under it."""
    setups = "a-ranks=4,4&b-ranks=3,3&vs&a-ranks=4,4&b-ranks=4,4"
    _open(phone, lang, f"{site}/book/at-the-table.html#AOT-MELEE-RESULT?{setups}")
    got = wait_for(phone, COMPARED, BOOT)
    assert got["scroll"] and not any(got["scroll"]) and got["page"] <= PHONE[0], got  # chances, every outcome
    assert len(got["rows"]) == 3, got
    for name, *numbers in got["rows"]:
        assert all(name[3] <= n[2] + 1 for n in numbers), (name, numbers)  # the name above its numbers
        assert [n[0] for n in numbers] == sorted(n[0] for n in numbers) and numbers[0][1] <= numbers[1][0] + 1
    assert errors(phone) == []


#: A volley at 7.5″ (a link writes it 15/2) leaves no firers against a target of 8: refused, the distance in it.
VOLLEY = ("AOT-SHOOT-RESULT", "15/2")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_refusals_write_a_distance_as_a_decimal(phone: Any, site: str, lang: str) -> None:
    """At the table (a share link) and the shooting chapter's calculator (a distance typed in): the refusal names
    7.5″ (Russian 7,5″) as the engine writes it, never 15/2″."""
    rule_id, distance = VOLLEY
    with pytest.raises(RuleError) as refused:
        get(rule_id).evaluate(firers=4, distance=Fraction(distance))
    with speaking(lang):
        line = refused.value.message
    assert decimal(Fraction(distance), lang) + "″" in line and "15/2" not in line
    _open(phone, lang, f"{site}/book/at-the-table.html#{rule_id}?firers=4&distance={distance}")
    got = wait_for(phone, SHOWN)
    assert line in got.get("error", ""), got
    _open(phone, lang, f"{site}/book/shooting.html")
    wait_for(phone, "return window.Bokeh && Bokeh.documents.length > 0", 60)
    assert phone.execute_script(JS_MODEL.replace("return m;", "{ m.value = arguments[1]; return true; }"),
                                f"{rule_id}:distance", distance)
    err = wait_for(phone, JS_MODEL.replace("return m;", "return m.visible && m.text;"), BOOT, f"{rule_id}:error")
    assert html.escape(line, quote=False) in err and "15/2" not in err, err
    assert errors(phone) == []


#: The one line above the list of questions, where it stands on the screen, and the list under it.
LINK_NOTICE = """
const n = document.querySelector('#aot-at-the-table [data-link-error]');
if (!n || n.hidden || !n.textContent || n.classList.contains('att-checking')) return null;
const r = n.getBoundingClientRect(), first = document.querySelector('#aot-at-the-table a.att-item');
let header = document.elementFromPoint(innerWidth / 2, 5);  // whatever the theme holds at the top of the screen
while (header && !['sticky', 'fixed'].includes(getComputedStyle(header).position)) { header = header.parentElement; }
return {text: n.textContent, top: r.top, bottom: r.bottom, height: innerHeight,
        header: header ? header.getBoundingClientRect().bottom : 0,
        items: document.querySelectorAll('#aot-at-the-table a.att-item').length,
        below: first ? first.getBoundingClientRect().top >= r.bottom : false,
        answers: document.querySelectorAll('#aot-at-the-table .att-setup, #aot-at-the-table .att-dist').length,
        page: document.documentElement.scrollWidth};
"""


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("link", "part"), [("AOT-RUN?density=%E0%A4%A", "%E0%A4%A"),
                                            ("AOT-NOPE?density=4", "AOT-NOPE")])
def test_a_bad_link_on_a_phone(phone: Any, site: str, lang: str, link: str, part: str) -> None:
    """390 px: a link that cannot be read (bad percent-encoding, an unknown rule ID), followed from an answer, is
    refused in one line, in the page's language, on screen (not thousands of pixels above it, nor under the theme's
    header) above the list of questions, which stays in reach; no answer is left under it."""
    _open(phone, lang, f"{site}/book/at-the-table.html#AOT-RUN?density=3")
    wait_for(phone, SHOWN)
    phone.execute_script("location.hash = arguments[0];", link)
    got = wait_for(phone, LINK_NOTICE)
    assert part in got["text"] and "\n" not in got["text"].strip(), got
    assert got["header"] <= got["top"] and got["bottom"] <= got["height"], got  # on screen, not under the header
    assert got["items"] > 100 and got["below"] and got["answers"] == 0 and got["page"] <= PHONE[0], got
    if lang == "ru":
        assert re.search("[а-яё]", got["text"]), got["text"]
    assert errors(phone) == []
