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

from aot_rules.core.format import percent_str
from aot_rules.present.answer import answer
from aot_rules.present.static import opening
from aot_rules.systems import get

from . import chromium
from .test_engine_browser import BOOT, SHOWN, errors, make_driver, wait_for

pytestmark = [pytest.mark.slow, pytest.mark.browser]

ROOT = Path(__file__).resolve().parents[3]
PAGE = "book/at-the-table.html"


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    d, profile = make_driver()
    yield d
    chromium.stop(d, profile)


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
