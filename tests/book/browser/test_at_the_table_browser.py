"""At the table as a player meets it (issue 37): links mistyped or hand-edited, a question opened from the list,
a unit taken from an army, percentages near certainty, a phone's narrow screen.

Every refusal shown must be the command line's own line (a subprocess, as a player runs it), and no link may
throw an uncaught error or leave the previous answer under it.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from aot_rules.core.format import fraction_str, percent_str
from aot_rules.keys import Event
from aot_rules.present.answer import answer, respond
from aot_rules.present.static import opening
from aot_rules.systems import get

from . import chromium
from .test_engine_browser import BOOT, SHOWN, errors, make_driver, wait_for
from .visits import viewport

pytestmark = [pytest.mark.slow, pytest.mark.browser]

ROOT = Path(__file__).resolve().parents[3]
PAGE = "book/at-the-table.html"


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    d, profile = make_driver()
    yield d
    chromium.stop(d, profile)


def phone() -> tuple[Any, str]:
    """A browser showing pages as a 390 px phone does (a headless window is never narrower than 500 px)."""
    d, profile = make_driver(390, 844)
    viewport(d, (390, 844))
    return d, profile


def cli_refusal(*args: str) -> str:
    proc = subprocess.run([sys.executable, "-m", "aot_rules", "odds", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)
    assert proc.returncode == 2, proc.stdout
    return proc.stderr.strip()


NOTICE = """const n = document.querySelector('#aot-at-the-table [data-link-error]');
return n && !n.hidden && n.textContent && !n.textContent.startsWith('Reading') ? n.textContent : null;"""
LIST_SHOWN = """const p = document.querySelector('#aot-at-the-table .att-pick');
return !!p && !p.hidden && p.offsetParent !== null && document.querySelectorAll('a.att-item').length > 100;"""


def _go(driver: Any, site: str, hash_: str) -> None:
    """Follow a link within the page (a hashchange, as a tap on a shared link in an open tab does)."""
    driver.execute_script("location.hash = arguments[0];", hash_)


@pytest.mark.parametrize(("link", "bad"), [("AOT-RUN?density=%E0%A4%A", "%E0%A4%A"), ("AOT-RUN?density=%", "%"),
                                           ("AOT-R%ZZUN?density=4", "AOT-R%ZZUN")])
def test_a_badly_encoded_link_is_refused_in_one_line(driver: Any, site: str, link: str, bad: str) -> None:
    """Opened fresh or followed from an answer: one line naming the bad part, the list of questions in reach, the
    old answer gone, and no uncaught URIError."""
    driver.get(f"{site}/{PAGE}#AOT-RUN?density=3")
    wait_for(driver, SHOWN)
    driver.get_log("browser")
    _go(driver, site, link)
    line = wait_for(driver, NOTICE, 30)
    assert bad in line and "\n" not in line.strip(), line
    assert wait_for(driver, LIST_SHOWN, 10)
    assert driver.execute_script("return document.querySelectorAll('.att-setup, .att-dist').length") == 0
    assert errors(driver) == []
    driver.get("about:blank")
    driver.get(f"{site}/{PAGE}#{link}")
    assert bad in wait_for(driver, NOTICE, BOOT)
    assert wait_for(driver, LIST_SHOWN, 10)
    assert errors(driver) == []


REFUSED_LINKS = [
    ("AOT-RUN?shield=maybe", ["AOT-RUN", "--shield=maybe"]),
    ("AOT-RUN?shield=banana", ["AOT-RUN", "--shield=banana"]),
    ("AOT-RUN?density=", ["AOT-RUN", "--density="]),
    ("AOT-RUN?density=%26shield", ["AOT-RUN", "--density=&shield"]),
]


@pytest.mark.parametrize(("link", "argv"), REFUSED_LINKS, ids=[r[0] for r in REFUSED_LINKS])
def test_a_link_the_command_line_refuses_is_refused_alike(driver: Any, site: str, link: str, argv: list[str]) -> None:
    """A flag given a value, an empty value, a value holding an encoded '&': the command line's own line, never a
    flag quietly set or a default quietly taken."""
    want = cli_refusal(*argv)
    driver.get("about:blank")
    driver.get(f"{site}/{PAGE}#{link}")
    shown = wait_for(driver, SHOWN)
    assert shown.get("error") == want, shown
    assert driver.execute_script("return document.querySelectorAll('.att-setup .att-dist').length") == 0
    assert errors(driver) == []


def test_an_unknown_rule_id_says_so_with_the_command_lines_suggestion(driver: Any, site: str) -> None:
    want = cli_refusal("AOT-NOPE", "--density=4")
    assert "did you mean" in want
    driver.get(f"{site}/{PAGE}#AOT-RUN?density=3")
    wait_for(driver, SHOWN)
    _go(driver, site, "AOT-NOPE?density=4")
    assert wait_for(driver, NOTICE, BOOT) == want
    assert wait_for(driver, LIST_SHOWN, 10)
    assert driver.execute_script("return document.querySelectorAll('.att-setup').length") == 0
    assert errors(driver) == []


def test_a_volley_opens_from_the_list_on_a_legal_setting(driver: Any, site: str) -> None:
    """Picked from the list, "A volley and its result" answers at once (the chapter widget's own start), with no
    refusal at all."""
    m = get("AOT-SHOOT-RESULT")
    start = opening(m)
    assert start, "the defaults alone are refused, so the page needs a start"
    want = answer(m.rule_id, start)
    driver.get(f"{site}/{PAGE}")
    wait_for(driver, LIST_SHOWN)
    driver.execute_script("document.querySelector('a.att-item[data-rule=\"AOT-SHOOT-RESULT\"]').click();")
    shown = wait_for(driver, SHOWN)
    assert "error" not in shown, shown
    assert shown["rows"] == [[o, p] for o, p in want[want["main"]].items()]
    assert driver.execute_script("return document.querySelectorAll('.att-field-err:not([hidden])').length") == 0


def _unit(army: str, name: str, built_book: Path) -> tuple[int, dict[str, Any]]:
    doc = json.loads((built_book / "_static" / "aot-engine" / "armies.json").read_text(encoding="utf-8"))
    units = [dict(u, army=a["name"]) for a in doc["armies"] for u in a["units"]]
    i = next(i for i, u in enumerate(units) if u["army"] == army and u["name"] == name)
    return i, units[i]


def test_a_unit_from_an_army_sets_all_it_decides(driver: Any, site: str, built_book: Path) -> None:
    """Athenian akontists as the shooters: javelins and their warriors as firers (not bow, not empty), their
    density; the picker keeps their name, and says "changed" once a value they decided is edited."""
    i, unit = _unit("Athenian vanguard", "Athenian akontists", built_book)
    assert unit["missile"] == "javelin"
    driver.get(f"{site}/{PAGE}#AOT-SHOOT-RESULT")
    wait_for(driver, SHOWN)
    driver.execute_script("""const s = document.getElementById('att-0-shooter_-army');
      s.value = arguments[0]; s.dispatchEvent(new Event('change'));""", str(i))
    read = """const v = (id) => document.getElementById(id).value;
      const mark = document.querySelector('.att-setup[data-setup="0"] [data-changed][data-side="shooter_"]');
      return {weapon: v('att-0-weapon'), firers: v('att-0-firers'), density: v('att-0-shooter_density'),
              picked: v('att-0-shooter_-army'), changed: !mark.hidden};"""
    got = driver.execute_script(read)
    assert got == {"weapon": "javelin", "firers": str(unit["strength"]), "density": str(unit["density"]),
                   "picked": str(i), "changed": False}, got
    want = answer("AOT-SHOOT-RESULT", {"firers": str(unit["strength"]), "weapon": "javelin",
                                       "shooter_density": str(unit["density"])})
    deadline = time.time() + BOOT
    while time.time() < deadline:
        shown = driver.execute_script(SHOWN)
        if shown and shown.get("rows") == [[o, p] for o, p in want[want["main"]].items()]:
            break
        time.sleep(0.2)
    else:
        raise AssertionError(f"the unit's answer never came: {driver.execute_script(SHOWN)}")
    driver.execute_script("""const i = document.getElementById('att-0-firers'); i.value = '2';
      i.dispatchEvent(new Event('change'));""")
    got = driver.execute_script(read)
    assert got["picked"] == str(i) and got["changed"] is True, got


def test_near_certain_chances_and_the_at_most_column(driver: Any, site: str) -> None:
    """36 skirmish dice: many chances within 0.005% of certainty or of nothing, none shown as 100.00% or 0.00%;
    each row's "at most" is one minus the next row's "at least", exactly; a percentage never breaks across lines."""
    driver.get(f"{site}/{PAGE}#SP-MELEE-ROLL?dice=36")
    shown = wait_for(driver, SHOWN)
    assert "error" not in shown, shown
    rows = driver.execute_script("""const at = '.att-setup[data-setup="0"] table.att-dist tbody tr';
      return [...document.querySelectorAll(at)].map((r) => ({p: r.dataset.p, ge: r.dataset.ge, le: r.dataset.le,
      pc: [...r.querySelectorAll('td.pc')].map((c) => [c.textContent, getComputedStyle(c).whiteSpace])}));""")
    assert rows and all(r["le"] is not None for r in rows)
    values = [Fraction(r[key]) for r in rows for key in ("p", "ge", "le")]
    rounded_away = [x for x in values if 0 < x < 1 and f"{float(x) * 100:.2f}%" in ("100.00%", "0.00%")]
    assert rounded_away, "the case must hold chances that two decimals round to certainty or to nothing"
    for k, r in enumerate(rows):
        nxt = Fraction(rows[k + 1]["ge"]) if k + 1 < len(rows) else Fraction(0)
        assert Fraction(r["le"]) == 1 - nxt
        assert [t for t, _ in r["pc"]] == [percent_str(Fraction(r[key])) for key in ("p", "ge", "le")]
        assert all(ws == "nowrap" for _, ws in r["pc"]), r
    shown_pc = [t for r in rows for t, _ in r["pc"]]
    assert "> 99.99%" in shown_pc and "< 0.01%" in shown_pc
    assert all(t not in ("100.00%", "0.00%") for r, t in zip([x for x in values], shown_pc, strict=True)
               if 0 < r < 1)


STUCK = """const s = document.querySelector('.att-setup[data-setup="0"]');
const top = s.querySelector('.att-top .att-headline');
let header = document.elementFromPoint(innerWidth / 2, 5);  // whatever the theme holds at the top of the screen
while (header && !['sticky', 'fixed'].includes(getComputedStyle(header).position)) { header = header.parentElement; }
const r = top.getBoundingClientRect(), hb = header ? header.getBoundingClientRect().bottom : 0;
return {top: r.top, bottom: r.bottom, header: hb, height: window.innerHeight, scrolled: window.scrollY};"""


def test_on_a_phone_the_headline_stays_in_view_and_long_flag_lists_fold(site: str) -> None:
    """390 px: scrolled down to side B's controls, the headline is still on screen, right under the theme's header
    and not under it; each side shows a few flags, the rest under "More", and a flag set by the link stays out."""
    d, profile = phone()
    try:
        d.get(f"{site}/{PAGE}#AOT-MELEE-RESULT?a-ranks=4,4&b-ranks=3,3&b-stubborn")
        wait_for(d, SHOWN)
        folds = d.execute_script("""return [...document.querySelectorAll('.att-setup[data-setup="0"] .att-group')]
          .filter((g) => g.querySelector('.att-more')).map((g) => ({
            shown: [...g.querySelectorAll(':scope > .att-grid > .att-flags .att-flag input')].map((i) => i.name),
            folded: [...g.querySelectorAll('.att-more .att-flag input')].map((i) => i.name),
            open: g.querySelector('.att-more').open}));""")
        assert len(folds) >= 2, folds  # side A and side B
        flags = [p.name for p in get("AOT-MELEE-RESULT").inputs if p.kind == "bool" and not p.reading]
        for f in folds:
            assert len(f["shown"]) <= 7 and f["folded"] and not f["open"], f
        assert "b_stubborn" in folds[1]["shown"], folds[1]
        assert set(flags) <= {n for f in folds for n in f["shown"] + f["folded"]} | set(
            d.execute_script("return [...document.querySelectorAll('.att-flag input')].map((i) => i.name)"))
        d.execute_script("""document.getElementById('att-0-b_ranks').scrollIntoView({block: 'center'});""")
        time.sleep(0.3)
        got = d.execute_script(STUCK)
        assert got["scrolled"] > 600 and got["header"] > 30, got  # the theme's header is held at the top too
        assert got["header"] - 1 <= got["top"] and got["bottom"] < got["height"] / 3, got
        d.execute_script("""const i = document.getElementById('att-0-b_ranks'); i.value = '4,4';
          i.dispatchEvent(new Event('change'));""")
        want = answer("AOT-MELEE-RESULT", {"a_ranks": "4,4", "b_ranks": "4,4", "b_stubborn": True})
        p = want["a_wins"]
        wait_for(d, "return [...document.querySelectorAll('.att-top .att-big')]"
                    ".some((b) => b.dataset.p === arguments[0]);", BOOT, p)
        got = d.execute_script(STUCK)
        assert got["header"] - 1 <= got["top"] and got["bottom"] < got["height"] / 3, got
        assert errors(d) == []
    finally:
        chromium.stop(d, profile)


CONTRAST = """
const lum = (c) => { const m = c.match(/[\\d.]+/g).map(Number);
  const [r, g, b] = m.slice(0, 3).map((v) => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
const bg = (el) => { for (let e = el.parentElement; e; e = e.parentElement) {
  const c = getComputedStyle(e).backgroundColor;
  if (c && !c.startsWith('rgba(0, 0, 0, 0)') && c !== 'transparent') return c; } return 'rgb(255, 255, 255)'; };
return [...document.querySelectorAll('#aot-at-the-table input[type=text], #aot-at-the-table select')]
  .filter((e) => e.offsetParent !== null).map((e) => {
    const [a, b] = [lum(getComputedStyle(e).borderTopColor), lum(bg(e))];
    return [e.id, Math.round((Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) * 100) / 100]; });"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_colours_follow_the_system_until_the_reader_chooses(site: str, scheme: str) -> None:
    """A reader who never chose a theme gets the system's; every input's edge has at least 3:1 contrast."""
    d, profile = phone()
    try:
        d.execute_cdp_cmd("Emulation.setEmulatedMedia",
                          {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        d.get(f"{site}/{PAGE}#AOT-MELEE-RESULT")
        wait_for(d, SHOWN)
        assert d.execute_script("return document.documentElement.dataset.theme") == scheme
        edges = d.execute_script(CONTRAST)
        assert edges and all(ratio >= 3 for _, ratio in edges), edges
        other = "light" if scheme == "dark" else "dark"
        d.execute_script(f"localStorage.setItem('mode', '{other}');")
        chromium.load_afresh(d, d.current_url)
        wait_for(d, SHOWN)
        assert d.execute_script("return document.documentElement.dataset.theme") == other  # the reader's choice wins
        edges = d.execute_script(CONTRAST)
        assert edges and all(ratio >= 3 for _, ratio in edges), edges
    finally:
        chromium.stop(d, profile)


def test_compare_is_shared_by_its_link_and_fits_a_phone(site: str) -> None:
    """Both setups live in the link (the second after "vs"); the comparison sits above the setups, fits 390 px
    without cutting the difference off, and compares the headline chances, the mean and every outcome, each
    difference exact and with one minus sign, U+2212."""
    m = get("AOT-MELEE-RESULT")
    a = m.evaluate(a_ranks="4,4", b_ranks="4,4")
    b = m.evaluate(a_ranks="5,5", b_ranks="4,4")
    want_a, want_b = answer(m.rule_id, {"a_ranks": "4,4", "b_ranks": "4,4"}), answer(m.rule_id, {"a_ranks": "5,5",
                                                                                                  "b_ranks": "4,4"})
    d, profile = phone()
    try:
        d.get(f"{site}/{PAGE}#AOT-MELEE-RESULT?a-ranks=4,4&b-ranks=4,4&vs&a-ranks=5,5&b-ranks=4,4")
        label = a.label("a_wins")
        row = f"const r = document.querySelector('.att-diff tr[data-event=\"{label}\"]'); return r && r.dataset.diff;"
        assert wait_for(d, row) == fraction_str(b.event(Event.a_wins) - a.event(Event.a_wins))
        assert d.execute_script("return document.getElementById('att-1-a_ranks').value") == "5,5"
        got = d.execute_script("""const diff = document.querySelector('.att-diff'), r = diff.getBoundingClientRect();
          const pair = document.querySelector('.att-pair').getBoundingClientRect();
          return {above: r.bottom <= pair.top + 1, overflow: [...diff.querySelectorAll('.att-scroll')]
            .map((s) => s.scrollWidth - s.clientWidth), text: diff.innerText,
            page: document.documentElement.scrollWidth,
            every: [...diff.querySelectorAll('tr[data-o]')].map((t) => [t.dataset.o, t.dataset.diff])};""")
        assert got["above"], got
        assert all(x <= 0 for x in got["overflow"]) and got["page"] <= 390, got
        # every outcome as the reader reads it (its label; the JSON keys it by code), in the engine's order
        full_a, full_b = (dict((r[0], r[1]) for r in respond(m.rule_id, v)["full"]["m"])
                          for v in ({"a_ranks": "4,4", "b_ranks": "4,4"}, {"a_ranks": "5,5", "b_ranks": "4,4"}))
        assert list(full_a.values()) == list(want_a[want_a["main"]].values())
        assert list(full_b.values()) == list(want_b[want_b["main"]].values())
        outcomes = list(dict.fromkeys([*full_a, *full_b]))
        diff = {o: Fraction(full_b.get(o, "0")) - Fraction(full_a.get(o, "0")) for o in outcomes}
        assert got["every"] == [[o, fraction_str(diff[o])] for o in outcomes]
        assert "-" not in got["text"].replace("A-", "").replace("B-", ""), got["text"]
        assert "−" in got["text"]
        # the link, taken from the page after an edit, still holds both setups
        d.execute_script("""const i = document.getElementById('att-1-b_ranks'); i.value = '3,3';
          i.dispatchEvent(new Event('change'));""")
        assert d.execute_script("return location.hash").endswith("vs&a-ranks=5,5&b-ranks=3,3")
        # a count: the means compared too, exactly
        d.get("about:blank")
        d.get(f"{site}/{PAGE}#SP-MELEE-ROLL?dice=6&vs&dice=8")
        mean = wait_for(d, "const e = document.querySelector('.att-diff [data-mean-diff]');"
                           "return e && e.dataset.meanDiff;")
        x, y = (respond("SP-MELEE-ROLL", {"dice": n})["full"]["mean"] for n in ("6", "8"))
        assert mean == fraction_str(Fraction(y) - Fraction(x))
        assert errors(d) == []
    finally:
        chromium.stop(d, profile)


KEPT = """
const want = arguments[0], done = arguments[arguments.length - 1];
(async () => {
  await navigator.serviceWorker.ready;
  for (let i = 0; i < 600; i++) {
    const all = [];
    for (const k of await caches.keys()) { all.push(...(await (await caches.open(k)).keys()).map((r) => r.url)); }
    if (want.every((u) => all.includes(u))) { done(all); return; }
    await new Promise((r) => setTimeout(r, 200));
  }
  done(null);
})();
"""


def test_the_front_page_and_the_chapters_read_work_offline(built_book: Path) -> None:
    """A chapter read before the engine ever started, the front page typed as the site's bare address, and At the
    table: with the server gone, all three still open (and the front page was never visited at all)."""
    import functools
    import http.server
    import threading

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(built_book)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site = f"http://127.0.0.1:{server.server_address[1]}"
    chapter = f"{site}/book/run-trot.html"
    d, profile = make_driver()
    try:
        d.get(chapter)
        wait_for(d, "return document.readyState === 'complete'", 30)
        d.get(f"{site}/{PAGE}#AOT-RUN?density=3")
        wait_for(d, SHOWN)
        kept = d.execute_async_script(KEPT, [chapter, f"{site}/", f"{site}/index.html"])
        assert kept is not None, "the chapter read and the front page were not kept"
        assert all(u.startswith(site) for u in kept)
        server.shutdown()
        server.server_close()
        shown = ("return {title: document.title, css: [...document.styleSheets].length,"
                 " h1: (document.querySelector('h1') || {}).textContent}")
        for url, heading in ((f"{site}/", "index"), (chapter, "run-trot")):
            got = {}
            for _ in range(3):  # the worker may still be storing the page's last files as the server goes
                d.get(url)
                got = d.execute_script(shown)
                if got["h1"] and got["css"] > 2:
                    break
                time.sleep(1)
            assert got["h1"] and got["css"] > 2, (heading, got)
    finally:
        chromium.stop(d, profile)


def test_the_app_manifest_has_png_icons(built_book: Path) -> None:
    """Browsers offer to install a web app only with PNG icons of 192 and 512 px; they are kept offline too."""
    from PIL import Image

    doc = json.loads((built_book / "manifest.webmanifest").read_text(encoding="utf-8"))
    pngs = {i["sizes"]: i["src"] for i in doc["icons"] if i["type"] == "image/png"}
    assert set(pngs) == {"192x192", "512x512"}
    sw = (built_book / "sw.js").read_text(encoding="utf-8")
    for sizes, src in pngs.items():
        with Image.open(built_book / src) as img:
            assert f"{img.width}x{img.height}" == sizes and img.format == "PNG"
            pixel = img.getpixel((img.width // 2, img.height // 8))
            assert isinstance(pixel, tuple) and pixel[:3] == (0x3B, 0x6E, 0xA5)  # the favicon's blue
        assert f'"{src}"' in sw


CHOICES = """return [...document.querySelectorAll('#aot-at-the-table .att-setup[data-setup="0"] select')]
  .map((s) => [s.id, s.value, s.selectedIndex < 0 ? null : s.options[s.selectedIndex].text]);"""


def test_a_link_written_before_the_codes_opens_on_the_same_choices(driver: Any, site: str) -> None:
    """A link shared when choices were English phrases ("foot with shields") opens on the same choices: each
    control holds the code and shows the words, and the answer is the code's, as the command line gives it."""
    m = get("AOT-EVADE-ELIGIBILITY")
    want = respond(m.rule_id, {"evader": "foot-shield", "attacker": "horse-armour"})
    assert want["ok"]
    driver.get("about:blank")
    driver.get(f"{site}/{PAGE}#AOT-EVADE-ELIGIBILITY?evader=foot%20with%20shields&attacker=horse,%20armoured%20riders")
    shown = wait_for(driver, SHOWN)
    assert "error" not in shown, shown
    assert shown["rows"] == [r[:2] for r in want["summary"]["m"]], shown
    got = {i.rsplit("-", 1)[-1]: (v, t) for i, v, t in driver.execute_script(CHOICES)}
    assert got["evader"] == ("foot-shield", "foot with shields"), got
    assert got["attacker"] == ("horse-armour", "horse, armoured riders"), got
    assert errors(driver) == []
