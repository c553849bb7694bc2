"""The published site as a reader meets it, in headless Chromium at a phone's and a laptop's size.

Navigation drawers that open on tap, no serious accessibility violation (axe-core, pinned in package.json),
legible widgets in dark mode, answers that fit a phone, page weights, hosting under a sub-path, search, and
the version and build date on every page.
"""

from __future__ import annotations

import functools
import http.server
import json
import re
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from . import chromium
from .visits import LAPTOP, WEIGHT, Visit, open_page, viewport

pytestmark = [pytest.mark.slow, pytest.mark.browser]

ROOT = Path(__file__).resolve().parents[3]
PHONE = (390, 844)
#: Total transfer of one page as served (every script, style, font, image and data file, uncompressed).
TEXT_PAGE_LIMIT, WIDGET_PAGE_LIMIT = 1_000_000, 3_000_000


def toc_pages() -> list[str]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text())
    return [toc["root"], *(c["file"] for part in toc["parts"] for c in part["chapters"])]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from chromium.session(1280, 900, no_cache=True)


VISIBLE = "const r = arguments[0].getBoundingClientRect(); return r.width > 0 && r.height > 0;"


def visible(d: Any, selector: str) -> list[Any]:
    from selenium.webdriver.common.by import By

    return [e for e in d.find_elements(By.CSS_SELECTOR, selector) if d.execute_script(VISIBLE, e)]


# --- 1. Navigation -------------------------------------------------------------------------------------------


def test_drawers_open_on_tap_on_a_phone(browser: Any, site: str) -> None:
    viewport(browser, PHONE)
    for toggle, dialog in ((".primary-toggle", "pst-primary-sidebar-modal"),
                           (".secondary-toggle", "pst-secondary-sidebar-modal")):
        open_page(browser, f"{site}/book/melee.html")
        buttons = visible(browser, toggle)
        assert buttons, f"no visible {toggle} on a phone"
        buttons[0].click()
        time.sleep(0.4)
        is_open, links = browser.execute_script(
            "const g = document.getElementById(arguments[0]); return [g.open, "
            "Array.from(g.querySelectorAll('a')).filter(a => a.getBoundingClientRect().width > 0).length];", dialog)
        assert is_open, f"tapping {toggle} did not open #{dialog}"
        assert links > 5, f"#{dialog} opened with {links} visible links"


def test_sidebar_collapses_and_reopens_on_a_laptop(browser: Any, site: str) -> None:
    viewport(browser, LAPTOP)
    open_page(browser, f"{site}/book/melee.html")
    nav_shown = "return document.getElementById('pst-primary-sidebar').getBoundingClientRect().right > 20 && " \
                "!document.getElementById('pst-primary-sidebar').classList.contains('pst-sidebar-hidden');"
    assert browser.execute_script(nav_shown)
    (button,) = visible(browser, ".primary-toggle")
    button.click()
    time.sleep(0.6)
    assert not browser.execute_script(nav_shown), "the sidebar button did not collapse the menu"
    button.click()
    time.sleep(0.6)
    assert browser.execute_script(nav_shown), "the sidebar button did not bring the menu back"
    # the page's contents are shown beside the text at this width
    assert visible(browser, "#pst-secondary-sidebar .nav-link"), "no contents beside the page on a laptop"


# --- 4. No errors, accessible pages --------------------------------------------------------------------------


def test_no_page_mentions_thebe(built_book: Path) -> None:
    for page in toc_pages():
        html = (built_book / f"{page}.html").read_text()
        assert "thebe" not in html.lower(), page


@pytest.mark.parametrize("page", toc_pages())
def test_axe_finds_no_serious_violation(laptop_visit: Callable[[str], Visit], page: str) -> None:
    assert laptop_visit(page).serious == []


# --- 2. Dark mode ----------------------------------------------------------------------------------------------

CONTRAST = """
const lum = (c) => { const m = c.match(/[\\d.]+/g).map(Number); const [r, g, b] = m.slice(0, 3).map(v => {
  v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
const opaque = (c) => { const m = c.match(/[\\d.]+/g); return m && (m.length < 4 || Number(m[3]) > 0.5); };
const background = (el) => {
  for (let n = el; n; n = n.parentElement || (n.getRootNode && n.getRootNode().host)) {
    const bg = getComputedStyle(n).backgroundColor; if (opaque(bg)) return bg; }
  return getComputedStyle(document.body).backgroundColor; };
const out = [];
const walk = (root) => { for (const el of root.querySelectorAll('*')) { if (el.shadowRoot) walk(el.shadowRoot);
  const own = Array.from(el.childNodes).some(n => n.nodeType === 3 && n.textContent.trim());
  const control = el.matches('select, input, option');
  if (!(own || control)) continue;
  const r = el.getBoundingClientRect(); if (!(r.width > 0 && r.height > 0) && el.tagName !== 'OPTION') continue;
  const fg = getComputedStyle(el).color, bg = background(el);
  const [a, b] = [lum(fg), lum(bg)]; const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  out.push([el.tagName + '.' + el.className, (el.textContent || el.value || '').trim().slice(0, 30), fg, bg,
            Math.round(ratio * 100) / 100]); } };
for (const w of document.querySelectorAll('.aot-widget')) walk(w);
return out;
"""


@pytest.mark.parametrize("page", ["book/melee", "book/moving", "book/sp/melee"])
def test_widgets_are_legible_in_dark_mode(browser: Any, site: str, page: str) -> None:
    viewport(browser, LAPTOP)
    open_page(browser, f"{site}/{page}.html", widgets=True)
    for _ in range(3):  # the theme's button cycles light → dark → auto
        if browser.execute_script("return document.documentElement.dataset.theme") == "dark":
            break
        visible(browser, ".theme-switch-button")[0].click()
        time.sleep(0.3)
    assert browser.execute_script("return document.documentElement.dataset.theme") == "dark"
    time.sleep(0.5)
    cells = browser.execute_script(CONTRAST)
    assert any(c[0].startswith("SELECT") for c in cells) or page == "book/sp/melee", "no dropdown was checked"
    low = [c for c in cells if c[4] < 4.5]
    assert not low, f"text below 4.5:1 in dark mode on {page}: {low[:6]}"


# --- 5. Legible on a phone -------------------------------------------------------------------------------------

PHONE_CHECK = """
const out = {wide: document.documentElement.scrollWidth, small: [], targets: [], diagram: [], cut: []};
const walk = (root) => { for (const el of root.querySelectorAll('*')) { if (el.shadowRoot) walk(el.shadowRoot);
  const r = el.getBoundingClientRect(); if (!(r.width > 0 && r.height > 0)) continue;
  const own = Array.from(el.childNodes).some(n => n.nodeType === 3 && n.textContent.trim());
  if ((own || el.matches('select, input')) && parseFloat(getComputedStyle(el).fontSize) < 16)
    out.small.push(el.tagName + ' ' + getComputedStyle(el).fontSize + ' ' + (el.textContent || '').trim().slice(0, 20));
  if (el.matches('select, input[type=checkbox], label:has(input)') && r.height < 44 && !el.closest('label:has(input)')
      || el.matches('label:has(input)') && r.height < 44)
    out.targets.push(el.tagName + ' ' + Math.round(r.width) + 'x' + Math.round(r.height)); } };
for (const w of document.querySelectorAll('.aot-widget')) { walk(w);
  if (w.scrollHeight > w.clientHeight + 2) out.cut.push(`${w.dataset.rule}: ${w.clientHeight} of ${w.scrollHeight}`); }
for (const svg of document.querySelectorAll('figure.aot-diagram svg')) {
  const vb = svg.viewBox.baseVal; const k = svg.getBoundingClientRect().width / vb.width;
  if (!(k > 0)) continue;
  for (const t of svg.querySelectorAll('text')) {
    const px = parseFloat(t.getAttribute('font-size')) * k;
    if (px < 11) out.diagram.push(t.textContent + ' ' + px.toFixed(1) + 'px'); } }
return out;
"""


@pytest.mark.parametrize("page", toc_pages())
def test_every_page_fits_a_phone(browser: Any, site: str, page: str) -> None:
    """At 390 px: no sideways scrolling, widget text and inputs ≥ 16 px, touch targets ≥ 44 px, diagram text
    ≥ 11 px, every widget's answer inside its box (none to scroll for inside the page), and no floating button
    over the text."""
    viewport(browser, PHONE)
    open_page(browser, f"{site}/{page}.html", widgets=True)
    got = browser.execute_script(PHONE_CHECK)
    assert got["wide"] <= PHONE[0], f"{page} scrolls sideways ({got['wide']} px)"
    assert not got["small"], f"widget text under 16 px on {page}: {got['small'][:6]}"
    assert not got["targets"], f"touch targets under 44 px on {page}: {got['targets'][:6]}"
    assert not got["diagram"], f"diagram text under 11 px on {page}: {got['diagram'][:6]}"
    assert not got["cut"], f"widgets whose answer runs past their box on {page}: {got['cut'][:6]}"
    assert not visible(browser, "#pst-back-to-top")


# --- 3. Weight -------------------------------------------------------------------------------------------------

#: Pages known to be over their limit, each with the reason (strict: the mark must go once the page is light).
#: None today: the weight every page shares is cut at build time (book/_ext/aot_slim.py: the theme's stylesheets
#: to the rules the site can match, its icon font to the glyphs they draw), which brought the melee chapter from
#: 3.36 MB to 2.91 MB (21 widgets: 0.9 MB of page on 1.65 MB of BokehJS), the table-top page from 1.03 MB to
#: 0.58 MB and the Readings appendix (since split by system) from 1.10 MB to 0.65 MB.
OVERWEIGHT: dict[str, str] = {}


@pytest.mark.parametrize("page", [pytest.param(p, marks=pytest.mark.xfail(reason=OVERWEIGHT[p], strict=True))
                                  if p in OVERWEIGHT else p for p in toc_pages()])
def test_page_weight(laptop_visit: Callable[[str], Visit], page: str) -> None:
    seen = laptop_visit(page)
    resources, widgets = seen.resources, seen.widgets
    limit = WIDGET_PAGE_LIMIT if widgets else TEXT_PAGE_LIMIT
    biggest = sorted(resources, key=lambda r: -r[1])[:4]
    assert seen.total < limit, f"{page}: {seen.total / 1e6:.2f} MB (limit {limit / 1e6:g} MB); largest: {biggest}"
    names = [name for name, _ in resources]
    assert not any(n.endswith(".map") or "fontawesome.js" in n for n in names), names
    assert widgets or not any("bokeh" in n for n in names), f"{page} loads BokehJS without a Bokeh widget"


@pytest.mark.parametrize(("page", "widgets"), [("book/compare", False), ("book/melee", True)])
def test_the_widgets_bundle_loads_only_where_a_document_holds_a_widget(browser: Any, site: str, page: str,
                                                                        widgets: bool) -> None:
    """The comparison chapter's charts need BokehJS alone (book/_ext/aot_bokeh.py); they must still draw."""
    browser.get_log("browser")
    open_page(browser, f"{site}/{page}.html")
    names = [name for name, _ in browser.execute_script(WEIGHT)[1]]
    assert any("/bokeh-3" in n for n in names)
    assert any("bokeh-widgets" in n for n in names) == widgets
    views = "return window.Bokeh && Bokeh.index ? Object.keys(Bokeh.index).length : 0"
    deadline = time.time() + 20
    while time.time() < deadline and not browser.execute_script(views):
        time.sleep(0.2)
    assert browser.execute_script(views) >= 1, f"{page}: no Bokeh view was drawn"
    assert not chromium.severe_errors(browser), page


def test_no_source_maps_are_published(built_book: Path) -> None:
    assert not list(built_book.rglob("*.map"))
    assert not (built_book / "_static" / "scripts" / "fontawesome.js").exists()


def test_every_icon_the_published_stylesheets_name_is_in_the_published_font(built_book: Path) -> None:
    """The icon font is cut to the glyphs the (cut) stylesheets name (book/_ext/aot_slim.py): none may be lost,
    and the menu, search, theme and contents icons must be among them."""
    import io
    import sys

    from fontTools.ttLib import TTFont

    sys.path.insert(0, str(ROOT / "book" / "_ext"))
    import aot_slim

    static = built_book / "_static"
    named = {c for css in static.rglob("*.css") for c in aot_slim.code_points(css.read_text(encoding="utf-8"))}
    font = static / "vendor" / "fontawesome" / "webfonts" / "fa-solid-900.woff2"
    drawn = set(TTFont(io.BytesIO(font.read_bytes())).getBestCmap())
    assert {0xF0C9, 0xF002, 0xF185, 0xF186, 0xF03A} <= drawn  # bars, magnifying glass, sun, moon, list
    import pydata_sphinx_theme

    theme = Path(pydata_sphinx_theme.__file__).parent / "theme" / "pydata_sphinx_theme" / "static"
    whole = set(TTFont(theme / "vendor" / "fontawesome" / "webfonts" / "fa-solid-900.woff2").getBestCmap())
    assert named & whole == drawn  # every icon a stylesheet can ask for, and no other
    assert font.stat().st_size < 20_000


# --- 6. Hosting, search, version -------------------------------------------------------------------------------


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def sub_path_site(built_book: Path) -> Iterator[str]:
    """The site under /aot/ of a server whose root holds other things, as on a project's static host."""
    root = Path(tempfile.mkdtemp(prefix="aot-host-"))
    (root / "aot").symlink_to(built_book, target_is_directory=True)
    (root / "index.html").write_text("<p>another site</p>")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(_Quiet, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/aot"
    server.shutdown()
    shutil.rmtree(root, ignore_errors=True)


def _failed_requests(d: Any) -> list[str]:
    bad = []
    for entry in d.get_log("performance"):
        msg = json.loads(entry["message"])["message"]
        if msg.get("method") == "Network.responseReceived" and msg["params"]["response"]["status"] >= 400:
            bad.append(f'{msg["params"]["response"]["status"]} {msg["params"]["response"]["url"]}')
        elif msg.get("method") == "Network.loadingFailed" and not msg["params"].get("canceled"):
            bad.append(f'failed {msg["params"].get("errorText")}')
    return bad


@pytest.mark.parametrize("page", ["book/index", "book/shooting", "book/sp/melee", "book/tabletop", "search"])
def test_the_site_works_under_a_sub_path(browser: Any, sub_path_site: str, page: str) -> None:
    viewport(browser, LAPTOP)
    browser.get_log("performance")
    browser.get_log("browser")
    open_page(browser, f"{sub_path_site}/{page}.html", widgets=True)
    assert _failed_requests(browser) == []
    assert [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []
    if page == "book/shooting":
        assert browser.execute_script("return Bokeh.documents.length") > 0
        # a link in the menu stays under /aot/
        hrefs = browser.execute_script("return Array.from(document.querySelectorAll('nav a')).map(a => a.href)")
        assert hrefs and all(h.startswith(sub_path_site) for h in hrefs if h.startswith("http://127.0.0.1")), hrefs


def _search(d: Any, site: str, query: str) -> list[str]:
    from urllib.parse import quote

    open_page(d, f"{site}/search.html?q={quote(query)}")
    deadline = time.time() + 30
    while time.time() < deadline:
        done = d.execute_script("const s = document.querySelector('#search-results p.search-summary');"
                                "return s ? s.textContent : '';")
        if done:
            break
        time.sleep(0.2)
    return d.execute_script("return Array.from(document.querySelectorAll('#search-results li a'))"
                            ".map(a => a.getAttribute('href'));")


def test_search_finds_shield_wall_and_a_russian_term(browser: Any, sub_path_site: str) -> None:
    viewport(browser, LAPTOP)
    hits = _search(browser, sub_path_site, "shield wall")
    assert any("shooting" in h for h in hits) and any("melee" in h for h in hits), hits
    hits = _search(browser, sub_path_site, "плотность")
    assert any("book/index" in h for h in hits), hits


def test_version_and_build_date_on_every_page(built_book: Path) -> None:
    from importlib.metadata import version

    stamp = re.compile(rf"aot_rules {re.escape(version('aot_rules'))} · built \d{{4}}-\d\d-\d\d")
    for page in toc_pages():
        html = (built_book / f"{page}.html").read_text()
        assert re.search(r'class="aot-footer-stamp">' + stamp.pattern, html), f"{page}: no version in the footer"
    front = (built_book / "book" / "index.html").read_text()
    assert re.search(r'class="aot-build-stamp">' + stamp.pattern, front), "the front page shows no version"


def test_the_general_index_is_built_and_not_empty(built_book: Path) -> None:
    """The glossary's terms and the rule badges fill it (issue 24); tests/book/test_apparatus_site.py checks
    that the front page and the rule index link it."""
    html = (built_book / "genindex.html").read_text()
    assert len(re.findall(r'<li><a href="book/', html)) > 50
