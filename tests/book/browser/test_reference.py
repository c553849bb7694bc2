"""Issue 24, parts 3 and 4 in the built book: the quick-reference sheets (engine numbers, one side of A4
when printed) and the mathematics blocks (present under every widget, rendered by the locally served
MathJax, nothing loaded from off the host)."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from aot_rules.systems import all_mechanics

from .test_browser import _offsite_requests, _open, driver  # noqa: F401  (driver is a fixture)

pytestmark = pytest.mark.slow
SHEETS = ("aot", "aob", "sp", "bat")


def _cells(html: str, first: str) -> list[str]:
    """The cells of the table row whose first cell is ``first`` (tags stripped)."""
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", html, re.S):
        cells = [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)]
        if cells and cells[0] == first:
            return cells
    raise AssertionError(f"no row {first!r}")


def test_each_sheet_is_built_with_the_engine_numbers(built_book: Path) -> None:
    from aot_rules.aot.rules.movement import move_allowance
    from aot_rules.aot.rules.weather import weather_of_double
    from aot_rules.aot.units import Unit

    for s in SHEETS:
        html = (built_book / "book" / "quickref" / f"{s}.html").read_text()
        assert 'class="aot-quickref' in html and html.count("aot-qr-block") >= 3, s
    aot = (built_book / "book" / "quickref" / "aot.html").read_text()
    assert _cells(aot, "move ″")[1:6] == [str(move_allowance(Unit(name="u", ranks=(d, d)))) for d in range(1, 6)]
    for face in range(1, 7):
        assert weather_of_double(face).value in aot
    assert 'href="../shooting.html#aot-shoot-hit"' in aot  # badges link to the chapters


@pytest.mark.browser
@pytest.mark.parametrize("sheet", SHEETS)
def test_each_sheet_prints_on_one_side_of_a4(site: str, sheet: str) -> None:
    chromium = shutil.which("chromium")
    if not chromium:
        pytest.fail("Chromium is required (apt chromium)")
    with tempfile.TemporaryDirectory(prefix="aot-print-") as tmp:
        pdf = Path(tmp) / f"{sheet}.pdf"
        subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                        "--disable-background-networking", "--disable-component-update", "--disable-sync",
                        f"--user-data-dir={tmp}/profile", "--no-pdf-header-footer", "--virtual-time-budget=8000",
                        f"--print-to-pdf={pdf}", f"{site}/book/quickref/{sheet}.html"],
                       check=True, capture_output=True, timeout=180)
        data = pdf.read_bytes()
    pages = re.findall(rb"/Type\s*/Page(?![s\w])", data)
    assert len(pages) == 1, f"{sheet}: {len(pages)} pages"
    box = re.search(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)", data)
    assert box is not None, f"{sheet}: no page size"
    width, height = map(float, box.groups())
    assert abs(width - 595) < 2 and abs(height - 842) < 2, "not A4"


def test_every_widget_has_its_mathematics_and_mathjax_is_local(built_book: Path) -> None:
    pages = [p for p in (built_book / "book").rglob("*.html")]
    html = {p: p.read_text() for p in pages}
    everything = "".join(html.values())
    for m in all_mechanics():
        assert f'<details class="aot-maths" data-rule="{m.rule_id}"' in everything, m.rule_id
    for p, text in html.items():
        if 'class="aot-maths"' not in text:
            continue
        # MathJax waits for a reader to open a block: a loader names the local copy, no script tag loads it
        srcs = re.findall(r'var AOT_MATHJAX = "([^"]*)"', text)
        assert len(srcs) == 1 and srcs[0].endswith("_static/mathjax/tex-chtml.js"), (p, srcs)
        assert not re.findall(r'<script[^>]*src="[^"]*mathjax[^"]*"', text), p
        assert not re.search(r'(src|href)="(https?:)?//', text), p
    assert (built_book / "_static" / "mathjax" / "tex-chtml.js").is_file()


@pytest.mark.browser
def test_the_mathematics_renders_offline(driver: Any, site: str) -> None:  # noqa: F811
    driver.get_log("performance")
    _open(driver, f"{site}/book/shooting.html")
    driver.execute_script("document.querySelector('details.aot-maths[data-rule=\"AOT-SHOOT-HIT\"]').open = true")
    deadline, rendered = time.time() + 30, 0
    while time.time() < deadline and not rendered:
        rendered = driver.execute_script(
            "return document.querySelectorAll('details.aot-maths[data-rule=\"AOT-SHOOT-HIT\"] mjx-container').length")
        time.sleep(0.2)
    assert rendered >= 3, "MathJax did not typeset the block"
    # chrome:// pages are the browser's own start tab, not the network
    assert [u for u in _offsite_requests(driver) if not u.startswith("chrome://")] == []
