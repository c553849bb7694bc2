"""The Russian edition on a phone (390 px), in light and dark mode: Russian, fitting, and one tap from English."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from aot_rules.keys import Law

from . import chromium
from .visits import open_page, viewport

pytestmark = [pytest.mark.slow, pytest.mark.browser]

PHONE = (390, 844)

#: The switcher's box, whether it lies inside the screen, and its text's contrast with the page behind it.
SWITCH = """
const a = document.querySelector('a.aot-lang-switch'); if (!a) return null;
const r = a.getBoundingClientRect();
const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
const lum = (c) => { const v = rgb(c).map(x => { x /= 255;
  return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; });
  return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
let bg = 'rgba(0, 0, 0, 0)';
for (let el = a; el && (bg === 'rgba(0, 0, 0, 0)' || bg === 'transparent'); el = el.parentElement)
  bg = getComputedStyle(el).backgroundColor;
if (bg === 'rgba(0, 0, 0, 0)') bg = getComputedStyle(document.body).backgroundColor;
const [l1, l2] = [lum(getComputedStyle(a).color), lum(bg)].sort((x, y) => y - x);
return {text: a.textContent.trim(), left: r.left, right: r.right, top: r.top, width: r.width, height: r.height,
        contrast: (l1 + 0.05) / (l2 + 0.05), wide: document.documentElement.scrollWidth,
        lang: document.documentElement.lang, theme: document.documentElement.dataset.theme};
"""


@pytest.fixture(params=["light", "dark"])
def phone(request: pytest.FixtureRequest) -> Iterator[Any]:
    for d in chromium.session(*PHONE, no_cache=True):
        chromium.choose_theme(d, request.param)
        viewport(d, PHONE)
        d.aot_mode = request.param
        yield d


def test_the_russian_front_page_on_a_phone(phone: Any, site: str) -> None:
    open_page(phone, f"{site}/ru/book/index.html")
    got = phone.execute_script(SWITCH)
    assert got is not None, "no language switcher on the Russian front page"
    assert got["lang"] == "ru" and got["theme"] == phone.aot_mode
    assert got["wide"] <= PHONE[0], f"the Russian front page scrolls sideways ({got['wide']} px)"
    assert "Главная идея" in phone.execute_script("return document.body.innerText")
    assert got["text"] == "English"
    assert 0 <= got["left"] and got["right"] <= PHONE[0] and got["top"] >= 0 and got["height"] > 0
    assert got["contrast"] >= 4.5, f"the switcher's text is {got['contrast']:.2f}:1 in {phone.aot_mode} mode"
    phone.find_element("css selector", "a.aot-lang-switch").click()
    chromium.open_page(phone, phone.current_url)
    assert phone.current_url == f"{site}/book/index.html"
    assert phone.execute_script("return document.documentElement.lang") == "en"
    back = phone.execute_script(SWITCH)
    assert back["text"] == "Русский" and back["contrast"] >= 4.5


def _hits(d: Any) -> list[str]:
    """The links the search page lists so far."""
    return list(d.execute_script("return Array.from(document.querySelectorAll('#search-results li a'))"
                                 ".map(a => a.getAttribute('href'));"))


def test_the_russian_search_finds_a_word_by_its_stem(site: str) -> None:
    """«плотности» (genitive) finds the translated introduction, which says «плотность»: Sphinx's Russian stemmer."""
    from urllib.parse import quote

    for d in chromium.session(1280, 900, no_cache=True):
        open_page(d, f"{site}/ru/search.html?q={quote('плотности')}")
        # Sphinx lists the hits one by one, fetching each page for its snippet, and writes its summary after the
        # last: wait for the introduction among them, or for the summary (then the search is over without it)
        for _ in range(300):
            if d.execute_script("return !!document.querySelector('#search-results p.search-summary')") or any(
                    "book/intro" in h for h in _hits(d)):
                break
            time.sleep(0.1)
        assert any("book/intro" in h for h in _hits(d)), _hits(d)
        assert d.execute_script("return document.documentElement.lang") == "ru"


def test_a_chapter_widget_of_the_russian_edition_moves_and_answers_exactly(site: str) -> None:
    """The Russian shooting chapter's calculator, moved to nine firers at density 2, shows the engine's exact law,
    in Russian words and Russian numbers."""
    from fractions import Fraction

    from aot_rules.core.format import fraction_str, percent_str
    from aot_rules.core.i18n import speaking
    from aot_rules.systems import get

    from .test_browser import _apply, _rows, _wait_bokeh
    from .test_language_browser import _cells

    for d in chromium.session(1280, 900, no_cache=True):
        open_page(d, f"{site}/ru/book/shooting.html")
        assert d.execute_script("return document.documentElement.lang") == "ru"
        _wait_bokeh(d)
        html = _apply(d, "AOT-SHOOT-HIT", {"firers": 9, "target_density": 2})
        want = get("AOT-SHOOT-HIT").evaluate(firers=9, target_density=2).dist(Law.hits)
        assert _rows(html) == {str(o): fraction_str(p) for o, p in want.items()}
        assert any(c in html for c in "абвгдежзийклмнопрстуфхцчшщыэюя"), "the answer has no Russian word"
        cells = _cells(html)
        with speaking("ru"):
            assert [c for _, c in cells] == [percent_str(Fraction(p)) for p, _ in cells]
        assert any("," in c for _, c in cells)


def test_a_share_link_opens_at_the_table_in_the_russian_edition(phone: Any, site: str) -> None:
    """A shared link into the Russian edition's At the table opens its question answered, in Russian, on a phone,
    in light and dark mode, without scrolling sideways."""
    from .test_engine_browser import SHOWN, wait_for

    open_page(phone, f"{site}/ru/book/at-the-table.html#AOT-MELEE-RESULT?a-ranks=3,4&b-ranks=3,1&a-shield")
    shown = wait_for(phone, SHOWN, 120)
    assert "rows" in shown, shown
    text = phone.execute_script("return document.querySelector('#aot-at-the-table').innerText")
    assert "\u00a0%" in text and "," in text, text[:300]
    assert sum(c.isalpha() and "а" <= c.lower() <= "я" for c in text) > 100, text[:300]
    assert phone.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]
    assert phone.execute_script("return document.documentElement.dataset.theme") == phone.aot_mode


def test_every_russian_page_fits_a_phone(site: str) -> None:
    """Russian words run longer than English ones («Главнокомандующий» in a 28 px heading): no page of the Russian
    edition may scroll sideways at 390 px (the English pages are held to it in test_site.py)."""
    from .test_site import toc_pages

    wide = []
    for d in chromium.session(*PHONE):
        viewport(d, PHONE)
        for page in toc_pages():
            open_page(d, f"{site}/ru/{page}.html", widgets=True)
            width = d.execute_script("return document.documentElement.scrollWidth")
            if width > PHONE[0]:
                wide.append(f"{page}: {width} px")
    assert not wide, f"Russian pages that scroll sideways at {PHONE[0]} px: {wide}"
