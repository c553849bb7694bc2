"""The engine in the reader's browser (issue 20): Pyodide in a Web Worker, the At the table page, share
links, and chapter widgets answering outside their precomputed grids.

The built site is served on 127.0.0.1 and Chromium resolves no other host, so an answer on the page
can only have come from the site's own files; the performance log must show no request leaving the
machine, and the console no error.  Every answer is compared with the real command line's JSON.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from aot_rules.cli.odds import respond_link
from aot_rules.core.errors import RuleError
from aot_rules.core.format import fraction_str
from aot_rules.keys import Event
from aot_rules.present.answer import answer
from aot_rules.present.static import option_text
from aot_rules.systems import all_mechanics, get

from . import chromium

pytestmark = [pytest.mark.slow, pytest.mark.browser]

ROOT = Path(__file__).resolve().parents[3]
#: First answers wait for Pyodide to boot (about 3 s here; far longer on a loaded 2-core machine).
BOOT = 120


def make_driver(width: int = 1280, height: int = 1400) -> tuple[Any, str]:
    """A browser for which every host but this machine is unreachable, waiting long enough for a first answer."""
    return chromium.start(width, height, offline=True, script_timeout=BOOT + 60)


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    d, profile = make_driver()
    yield d
    chromium.stop(d, profile)


errors, offsite_requests = chromium.severe_errors, chromium.offsite_requests


def cli_json(rule_id: str, args: list[str]) -> dict[str, Any]:
    """What the real command line prints (a subprocess, exactly as a player runs it)."""
    proc = subprocess.run([sys.executable, "-m", "aot_rules", "odds", rule_id, *args, "--json"],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr
    doc: dict[str, Any] = json.loads(proc.stdout)
    return doc


def wait_for(driver: Any, script: str, timeout: float = BOOT, *args: Any) -> Any:
    deadline = time.time() + timeout
    while time.time() < deadline:
        got = driver.execute_script(script, *args)
        if got:
            return got
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for: {script}")


SHOWN = """
const s = document.querySelector('#aot-at-the-table .att-setup[data-setup="0"]');
if (!s || s.classList.contains('att-computing')) return null;
const err = s.querySelector('.att-answer [data-error]');
if (err) return {error: err.textContent};
const rows = [...s.querySelectorAll('.att-answer table.att-dist tbody tr')];
if (!rows.length) return null;
return {rows: rows.map((r) => [r.dataset.o, r.dataset.p]),
        events: [...s.querySelectorAll('.att-big')].map((b) => [b.dataset.event, b.dataset.p]),
        text: s.innerText};
"""

#: Share links outside every precomputed grid (uneven ranks, a single rank, thirteen firers, seven formed
#: warriors running, 36 melee dice): two melee, one shooting, one movement, two companion systems.
LINKS = [
    ("AOT-MELEE-RESULT", "a-ranks=3,4&b-ranks=3,1&a-shield&b-weapon=pike",
     ["--a-ranks", "3,4", "--b-ranks", "3,1", "--a-shield", "--b-weapon", "pike"]),
    ("AOT-MELEE-HIT-LANCE", "a-ranks=1&b-ranks=4,3&no-armour-first",
     ["--a-ranks", "1", "--b-ranks", "4,3", "--no-armour-first"]),
    ("AOT-SHOOT-RESULT", "firers=13&target-density=3&target-ranks=3,1&weapon=javelin",
     ["--firers", "13", "--target-density", "3", "--target-ranks", "3,1", "--weapon", "javelin"]),
    ("AOT-RUN", "density=4&formed=7&shield", ["--density", "4", "--formed", "7", "--shield"]),
    ("SP-MELEE-ROLL", "dice=36", ["--dice", "36"]),
    ("AOB-CLASH", "a-target=7&b-target=11", ["--a-target", "7", "--b-target", "11"]),
]


def _outside_grid(rule_id: str, args: list[str]) -> bool:
    m = get(rule_id)
    values: dict[str, Any] = {}
    it = iter(args)
    for a in it:
        p = next(p for p in m.inputs if a in (p.flag, "--no-" + p.flag[2:]))
        values[p.name] = (not a.startswith("--no-")) if p.kind == "bool" else next(it)
    record = m.record(**values)
    return all(m.record(**g) != record for g in m.grid())


def read_rows(rule_id: str, args: list[str], want: dict[str, Any]) -> list[list[str]]:
    """The main law's rows as a reader reads them (an outcome by its words; the CLI's JSON keys it by code), each
    chance the CLI's own."""
    rows = [r[:2] for r in respond_link([rule_id, *args])["summary"]["m"]]
    assert [p for _, p in rows] == list(want[want["main"]].values())
    return rows


@pytest.mark.parametrize(("rule_id", "query", "args"), LINKS, ids=[f"{r}?{q}" for r, q, _ in LINKS])
def test_share_link_shows_the_cli_answer(driver: Any, site: str, rule_id: str, query: str, args: list[str]) -> None:
    assert _outside_grid(rule_id, args), "the link should be outside the chapter widget's table"
    want = cli_json(rule_id, args)
    driver.get_log("browser")
    driver.get_log("performance")
    driver.get(f"{site}/book/at-the-table.html#{rule_id}?{query}")
    shown = wait_for(driver, SHOWN)
    assert "error" not in shown, shown
    assert shown["rows"] == read_rows(rule_id, args, want)
    # the headline chances are the CLI's events, as exact fractions
    for name, p in want.items():
        if isinstance(p, str) and "/" in p and name not in ("rule_id", "title", "main"):
            assert p in [e[1] for e in shown["events"]], (name, p)
    assert driver.execute_script("return location.hash").startswith(f"#{rule_id}?")
    assert errors(driver) == []
    assert offsite_requests(driver) == []


def _sample() -> list[tuple[str, dict[str, Any]]]:
    """Every registered mechanic at its defaults and at the far end of its grid."""
    cases: list[tuple[str, dict[str, Any]]] = []
    for m in all_mechanics():
        cases.append((m.rule_id, {}))
        last = list(m.grid())[-1] if m.inputs else {}
        cases.append((m.rule_id, {k: v if isinstance(v, (bool, int)) else option_text(getattr(v, "value", v))
                                  for k, v in last.items()}))
    return cases


ASK_ALL = """
const cases = arguments[0], done = arguments[arguments.length - 1];
Promise.all(cases.map(([rid, values]) => window.aotEngine.ask(rid, values)))
  .then((answers) => done({answers}), (err) => done({failed: String(err)}));
"""


def test_worker_agrees_with_the_cli_on_every_mechanic(driver: Any, site: str) -> None:
    """The worker's JSON is the CLI's, for a sample of every registered mechanic of the four systems (refusals
    included: the same one line the CLI prints on standard error)."""
    driver.get_log("browser")
    driver.get_log("performance")
    driver.get(f"{site}/book/at-the-table.html")
    cases = _sample()
    got = driver.execute_async_script(ASK_ALL, cases)
    assert "failed" not in got, got
    assert len(got["answers"]) == len(cases) >= 2 * 100
    for (rid, values), shown in zip(cases, got["answers"], strict=True):
        try:
            want = answer(rid, values)
        except RuleError:
            assert shown["ok"] is False and shown["error"].startswith("error: "), (rid, values)
            continue
        assert shown["ok"] is True and shown["json"] == want, (rid, values)
    # and three of them through the real command line (the same document; a JavaScript object does not keep
    # the order of keys such as "0", "1", so the keys are compared sorted)
    for rid, query, args in LINKS[:3]:
        link: dict[str, Any] = {k: v if sep else True for k, sep, v in (p.partition("=") for p in query.split("&"))}
        one = driver.execute_async_script(ASK_ALL, [[rid, link]])["answers"][0]
        assert json.dumps(one["json"], sort_keys=True) == json.dumps(cli_json(rid, args), sort_keys=True)
    assert errors(driver) == []
    assert offsite_requests(driver) == []


def test_a_refusal_shows_under_the_control_at_fault(driver: Any, site: str) -> None:
    driver.get(f"{site}/book/at-the-table.html#AOT-SHOOT-RESULT?firers=4&target-density=4&target-ranks=3,3")
    wait_for(driver, SHOWN)
    line = driver.execute_script(
        "const e = document.getElementById('att-0-target_ranks-err'); return e && !e.hidden ? e.textContent : null;")
    proc = subprocess.run([sys.executable, "-m", "aot_rules", "odds", "AOT-SHOOT-RESULT", "--firers", "4",
                           "--target-density", "4", "--target-ranks", "3,3"], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 2 and line == proc.stderr.strip()


#: Chapter widgets refusing a setting: one refusal the table holds (a shielded, armoured unit may not run) and one
#: only the engine in the browser can give (twelve warriors in a unit, outside the table's ranks).
REFUSED = [
    ("book/run-trot.html", "AOT-RUN", {"flags": ["shields", "armour"]}, {"shield": True, "armour": True}),
    ("book/melee.html", "AOT-MELEE-RESULT", {"a_ranks": "3,9"}, {"a_ranks": "3,9"}),
]

WHERE_ERROR = """
const rid = arguments[0];
let err = null, home = null;
for (const doc of Bokeh.documents) { err = err || doc.get_model_by_name(rid + ':error'); }
if (!err || !err.visible || !err.text) return null;
for (const doc of Bokeh.documents) for (const m of doc.all_models) {
  if (m.children && m.children.includes(err)) home = m; }
const i = home.children.indexOf(err);
const above = home.children[i - 1];
let summary = null;
for (const doc of Bokeh.documents) { summary = summary || doc.get_model_by_name(rid + ':summary'); }
return {text: err.text, above: above && above.name, answer: summary.text};
"""


@pytest.mark.parametrize(("page", "rule_id", "case", "kwargs"), REFUSED, ids=[r[1] for r in REFUSED])
def test_a_chapter_widget_shows_a_refusal_under_the_control_at_fault(driver: Any, site: str, built_book: Path,
                                                                     page: str, rule_id: str, case: dict[str, Any],
                                                                     kwargs: dict[str, Any]) -> None:
    """The engine's one-line message stands right under the control it is about, not in the answer area."""
    if not (built_book / page).exists():
        pytest.skip(f"{page} is not in this build")
    m = get(rule_id)
    with pytest.raises(RuleError) as refused:
        m.evaluate(**kwargs)
    e = refused.value
    driver.get_log("browser")
    driver.get(f"{site}/{page}")
    wait_for(driver, "return window.Bokeh && Bokeh.documents.length > 0", timeout=60)
    for name, value in case.items():
        if name == "flags":  # tick boxes of the widget's own (first) checkbox group by their labels
            ok = driver.execute_script(JS_MODEL.replace("return m;", "{ m.active = [...m.active, ...arguments[1].map("
                                       "(l) => m.labels.indexOf(l))]; return true; }"), f"{rule_id}:flags", value)
        else:
            ok = driver.execute_script(JS_MODEL.replace("return m;", "{ m.value = arguments[1]; return true; }"),
                                       f"{rule_id}:{name}", value)
        assert ok, name
    got = wait_for(driver, WHERE_ERROR, BOOT, rule_id)
    assert e.message in got["text"] and f"({e.rule_id})" in got["text"], got
    first = e.params[0]
    at = f"{rule_id}:flags" if m.param(first).kind == "bool" else f"{rule_id}:{first}"
    assert got["above"] == at, got  # right under the control at fault
    assert "data-error" not in got["answer"] and e.message not in got["answer"], got["answer"]
    assert errors(driver) == []


def test_compare_shows_the_exact_difference(driver: Any, site: str) -> None:
    """A second setup (density 5 against 4) and the difference of each headline chance, exact."""
    driver.get(f"{site}/book/at-the-table.html#AOT-MELEE-RESULT?a-ranks=4,4&b-ranks=4,4")
    wait_for(driver, SHOWN)
    driver.execute_script("document.querySelector('[data-act=compare]').click();")
    wait_for(driver, "return document.querySelector('.att-setup[data-setup=\"1\"] .att-dist') !== null")
    driver.execute_script("""
      const i = document.getElementById('att-1-a_ranks'); i.value = '5,5'; i.dispatchEvent(new Event('change'));""")
    a = get("AOT-MELEE-RESULT").evaluate(a_ranks="4,4", b_ranks="4,4").event(Event.a_wins)
    b = get("AOT-MELEE-RESULT").evaluate(a_ranks="5,5", b_ranks="4,4").event(Event.a_wins)

    assert b != a
    label = get("AOT-MELEE-RESULT").evaluate().label("a_wins")
    shown = f"const r = document.querySelector('.att-diff tr[data-event=\"{label}\"]'); return r && r.dataset.diff;"
    # the row first shows 0 (the second setup starts as a copy of the first) until the 5,5 answer comes back
    # from the Web Worker: wait for the exact difference, and say what was shown if it never comes
    want = fraction_str(b - a)
    try:
        wait_for(driver, f"{shown.removesuffix(';')} === arguments[0];", 60, want)
    except AssertionError:
        raise AssertionError(f"the difference shown stayed {driver.execute_script(shown)!r}, not {want}") from None


def _layout_problems(driver: Any) -> dict[str, Any]:
    return driver.execute_script("""
      const root = document.getElementById('aot-at-the-table');
      const targets = 'button, select, input, a.att-item, a.att-rule, summary, .att-flag label';
      const small = [...root.querySelectorAll(targets)]
        .filter((e) => e.offsetParent !== null && !(e.type === 'checkbox'))
        .map((e) => [e.tagName + '.' + e.className + '#' + e.id, e.getBoundingClientRect().height])
        .filter(([, h]) => h < 44);
      const tinyText = [...root.querySelectorAll('input, select')].filter((e) => e.offsetParent !== null
        && parseFloat(getComputedStyle(e).fontSize) < 16).map((e) => e.id);
      return {scroll: document.documentElement.scrollWidth - window.innerWidth, small, tinyText,
              dark: document.documentElement.dataset.theme,
              bg: getComputedStyle(root.querySelector('.att-setup') || root).backgroundColor,
              fg: getComputedStyle(root).color};""")


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_the_page_works_on_a_phone(site: str, mode: str) -> None:
    """390 px wide, light and dark: no sideways scrolling, touch targets of at least 44 px, 16 px input text."""
    d, profile = make_driver(390, 844)
    try:
        chromium.choose_theme(d, mode)
        for url in (f"{site}/book/at-the-table.html",
                    f"{site}/book/at-the-table.html#AOT-MELEE-RESULT?a-ranks=3,4&b-ranks=3,1"):
            chromium.load_afresh(d, url)
            wait_for(d, "return document.querySelector('.att-item, .att-dist') !== null")
            if "#" in url:
                wait_for(d, SHOWN)
            wait_for(d, f"return document.documentElement.dataset.theme === '{mode}'", 10)
            got = _layout_problems(d)
            assert got["scroll"] <= 0, got
            assert got["small"] == [], got
            assert got["tinyText"] == [], got
            assert got["dark"] == mode, got
        assert errors(d) == []
    finally:
        chromium.stop(d, profile)


def test_from_a_file_the_page_says_it_needs_serving(built_book: Path) -> None:
    """Opened from file://, the browser blocks the engine: the page says so in one line."""
    d, profile = make_driver()
    try:
        d.get((built_book / "book" / "at-the-table.html").as_uri())
        note = wait_for(d, "const n = document.querySelector('.att-file'); return n && !n.hidden && n.textContent;",
                        timeout=30)
        assert "make serve" in note
    finally:
        chromium.stop(d, profile)


JS_MODEL = """
const name = arguments[0];
for (const doc of Bokeh.documents) { const m = doc.get_model_by_name(name); if (m) return m; }
return null;
"""

#: Chapter widgets set outside their tables: seven formed warriors running (the table fixes "formed"), and the
#: melee of the book's own example, hoplites at 3+4 against akontists at 3+1 (the table has even ranks only).
OUTSIDE = [
    ("book/run-trot.html", "AOT-RUN", {"density": 4, "formed": "7"}, ["--density", "4", "--formed", "7"]),
    ("book/melee.html", "AOT-MELEE-RESULT", {"a_ranks": "3,4", "b_ranks": "3,1", "b_weapon": "shooter"},
     ["--a-ranks", "3,4", "--b-ranks", "3,1", "--b-weapon", "shooter"]),
]


@pytest.mark.parametrize(("page", "rule_id", "case", "args"), OUTSIDE, ids=[o[1] for o in OUTSIDE])
def test_chapter_widget_outside_its_table_shows_the_cli_answer(driver: Any, site: str, built_book: Path, page: str,
                                                                rule_id: str, case: dict[str, Any],
                                                                args: list[str]) -> None:
    if not (built_book / page).exists():
        pytest.skip(f"{page} is not in this build")
    assert _outside_grid(rule_id, args)
    want = cli_json(rule_id, args)
    driver.get_log("browser")
    driver.get_log("performance")
    driver.get(f"{site}/{page}")
    wait_for(driver, "return window.Bokeh && Bokeh.documents.length > 0", timeout=60)
    for name, value in case.items():
        ok = driver.execute_script(JS_MODEL.replace("return m;", "{ m.value = arguments[1]; return true; }"),
                                   f"{rule_id}:{name}", value)
        assert ok, name
    html = wait_for(driver, JS_MODEL.replace("return m;", "return m.text.includes('data-computed') && m.text;"),
                    BOOT, f"{rule_id}:summary").replace("\n", "")
    import re

    rows = re.findall(r'<tr data-o="([^"]+)" data-p="([^"]+)"', html)
    assert rows == [tuple(r) for r in read_rows(rule_id, args, want)]
    assert errors(driver) == []
    assert offsite_requests(driver) == []


def test_chapter_widget_from_a_file_says_it_needs_serving(built_book: Path) -> None:
    """From file://, the tables still answer, and the page says in one line what needs the site served."""
    d, profile = make_driver()
    try:
        d.get((built_book / "book" / "run-trot.html").as_uri())
        wait_for(d, "return window.Bokeh && Bokeh.documents.length > 0", timeout=60)
        note = wait_for(d, "const n = document.querySelector('.aot-file-note'); return n && n.textContent;", timeout=30)
        assert "make serve" in note
        table = wait_for(d, JS_MODEL.replace("return m;", "return m.text.includes('data-o') && m.text;"),
                         30, "AOT-RUN:summary")
        assert "data-computed" not in table
        assert d.execute_script(JS_MODEL.replace("return m;", "{ m.value = arguments[1]; return true; }"),
                                "AOT-RUN:formed", "7")
        offline = wait_for(d, JS_MODEL.replace("return m;", "return m.text.includes('data-offline') && m.text;"),
                           30, "AOT-RUN:summary")
        assert "make serve" in offline
    finally:
        chromium.stop(d, profile)


SW_READY = """
const done = arguments[arguments.length - 1];
(async () => {
  const reg = await navigator.serviceWorker.ready;
  for (let i = 0; i < 600; i++) {
    const keys = await caches.keys();
    for (const k of keys) {
      const c = await caches.open(k);
      const all = (await c.keys()).map((r) => r.url);
      if (all.some((u) => u.endsWith('pyodide.asm.wasm')) && all.some((u) => u.endsWith('.whl'))) {
        done({scope: reg.scope, keys, files: all}); return;
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  done(null);
})();
"""


def test_after_a_first_visit_it_works_offline(built_book: Path) -> None:
    """The service worker keeps the site's own files: with the server gone, a share link still answers."""
    import functools
    import http.server
    import threading

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(built_book)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site = f"http://127.0.0.1:{server.server_address[1]}"
    d, profile = make_driver()
    try:
        d.get(f"{site}/book/at-the-table.html#AOT-RUN?density=3")
        wait_for(d, SHOWN)
        kept = d.execute_async_script(SW_READY)
        assert kept is not None, "the service worker kept nothing"
        assert all(u.startswith(site) for u in kept["files"]), "only the site's own files are kept"
        server.shutdown()
        server.server_close()
        d.get(f"{site}/book/at-the-table.html#AOT-RUN?density=5&shield")
        shown = wait_for(d, SHOWN)
        want = get("AOT-RUN").evaluate(density=5, shield=True)
        assert shown["rows"] == [[str(o), fraction_str(p)] for o, p in want.dists[want.main].items()]
    finally:
        chromium.stop(d, profile)


def test_the_wheel_holds_the_odds_path_alone(built_book: Path) -> None:
    """The site's wheel is what the browser runs: every module of the odds path and the compiled Russian
    catalogue, and none of the modules that need a package the browser has not got (the table-top, the drawn
    rules, the sympy mathematics), nor the catalogue's sources."""
    import zipfile

    from aot_rules.odds_path import off_path

    (wheel,) = (built_book / "_static" / "aot-engine" / "wheels").glob("aot_rules-*-py3-none-any.whl")
    files = set(zipfile.ZipFile(wheel).namelist())
    shipped = {f.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for f in files if f.endswith(".py")}
    sources = (p.relative_to(ROOT).with_suffix("") for p in (ROOT / "aot_rules").rglob("*.py"))
    modules = {".".join(p.parts[:-1] if p.name == "__init__" else p.parts) for p in sources}
    assert shipped == {m for m in modules if not off_path(m)}
    assert {"aot_rules.present.answer", "aot_rules.cli.odds", "aot_rules.aot.rules.melee"} <= shipped
    assert not {"aot_rules.tabletop.geometry", "aot_rules.formulas.general", "aot_rules.aot.army.load"} & shipped
    assert "aot_rules/locales/ru/LC_MESSAGES/aot_rules.mo" in files
    assert not [f for f in files if f.endswith((".po", ".pot"))]


def test_the_build_ships_the_engine(built_book: Path) -> None:
    """Pyodide's pinned core and the project's wheel are in the site, the worker names that wheel, every
    registered mechanic is in the page's list with the chapter links of its rules, and the web app files
    sit at the site root."""
    engine = built_book / "_static" / "aot-engine"
    pinned = json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text())["version"]
    assert pinned == json.loads((ROOT / "package.json").read_text())["devDependencies"]["pyodide"]
    for name in ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        pinned_file = (ROOT / "node_modules" / "pyodide" / name).read_bytes()
        if name.endswith(".js"):  # the site ships no source maps, so their comments go too (book/_ext/aot_site.py)
            pinned_file = re.sub(rb"\n?/[/*]# sourceMappingURL=[^\n]*", b"", pinned_file)
        assert (engine / "pyodide" / name).read_bytes() == pinned_file
    (wheel,) = (engine / "wheels").glob("aot_rules-*-py3-none-any.whl")
    assert f"'{wheel.name}'" in (engine / "worker.js").read_text()
    listed = json.loads((engine / "mechanics.json").read_text())["mechanics"]
    assert [m["rule_id"] for m in listed] == [m.rule_id for m in all_mechanics()]
    melee = next(m for m in listed if m["rule_id"] == "AOT-MELEE-RESULT")
    assert melee["links"]["AOT-MELEE-RESULT"].startswith("book/melee.html#")
    assert json.loads((engine / "armies.json").read_text())["armies"]
    manifest = json.loads((built_book / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "book/at-the-table.html"
    sw = (built_book / "sw.js").read_text()
    assert "@PRECACHE@" not in sw and "book/at-the-table.html" in sw and "http" not in sw.split("*/", 1)[1]
    page = (built_book / "book" / "at-the-table.html").read_text()
    assert "aot-engine/at-the-table.js" in page and 'rel="manifest"' in page
