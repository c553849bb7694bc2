"""One fresh visit to each page of the book at a laptop's size, read by every check that only reads a load.

Loading a chapter with twenty Bokeh widgets costs Chromium seconds of CPU, and auditing it with axe-core tens
more.  Three checks read nothing but a fresh load of a page: no JavaScript error and no request off the host
(``test_browser.py``), the page's total transfer and the axe audit (``test_site.py``).  Loading each page once,
with the cache off so that every byte counts, and recording what all three read, keeps every check and pays for
one load and one audit per page instead of three loads; the replay viewers are stepped on the same load, after
the audit.  The session fixture ``laptop_visit`` (``conftest.py``)
keeps the records, one per page for the whole run, shared by the pytest-xdist workers.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from . import chromium

ROOT = Path(__file__).resolve().parents[3]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
LAPTOP = (1280, 900)

WEIGHT = """
const nav = performance.getEntriesByType('navigation')[0];
return [nav.decodedBodySize, performance.getEntriesByType('resource').map(r => [r.name, r.decodedBodySize])];
"""
#: A widget page is one with Bokeh content (the widgets, the comparison chapter's charts), the At the table
#: page (an application over the in-browser engine whose list of every mechanic is data), or a page of typeset
#: mathematics (which needs MathJax).
WIDGETS = "return document.querySelectorAll('.aot-widget, [data-root-id], #aot-at-the-table, .math').length"
AXE_RUN = """
  const done = arguments[arguments.length - 1];
  axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations.map(v => ({
    id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)}))),
    e => done([{id: 'axe-error', impact: 'critical', nodes: [String(e)]}]));"""
#: Each replay viewer of the page stepped once and back: its id, its step after Step, whether its caption moved to
#: "Step 1 of", its step after Back, and whether it fits the page's width (``test_replay_browser.py`` reads it).
STEP_VIEWERS = """
  const page = document.documentElement.clientWidth, out = [];
  for (const root of document.querySelectorAll('.aot-replay')) {
    const caption = () => root.querySelector('.rp-caption').textContent;
    const was = caption();
    root.querySelector('.rp-step').click();
    const one = root.dataset.step, moved = caption() !== was && caption().includes('Step 1 of');
    root.querySelector('.rp-back').click();
    out.push([root.id, one, moved, root.dataset.step, root.getBoundingClientRect().right <= page + 1]);
  }
  return out;"""


@dataclass(frozen=True)
class Visit:
    """What one fresh load of a page showed."""

    errors: list[str]  #: JavaScript errors logged while it loaded and settled
    offsite: list[str]  #: requests that left this machine
    document: int  #: bytes of the HTML document (decoded)
    resources: list[tuple[str, int]]  #: every other file it loaded, with its decoded size
    widgets: int  #: Bokeh widgets and charts, the At the table application, typeset mathematics
    serious: list[dict[str, Any]]  #: axe-core's serious and critical violations
    #: after the audit, each replay viewer stepped once and back (:data:`STEP_VIEWERS`), and the JavaScript errors
    #: and off-host requests that stepping made
    viewers: list[list[Any]] = field(default_factory=list)
    stepped_errors: list[str] = field(default_factory=list)
    stepped_offsite: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.document + sum(size for _, size in self.resources)


def viewport(d: Any, size: tuple[int, int]) -> None:
    w, h = size
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": w, "height": h, "deviceScaleFactor": 1, "mobile": w < 600})


#: The document is complete and (with widgets) BokehJS has drawn every root embedded in the page: its documents hold
#: them all, and each is idle (Bokeh's word for every root view laid out and painted).
READY = """
if (document.readyState !== 'complete') return false;
if (!arguments[0]) return true;
const roots = document.querySelectorAll('[data-root-id]').length;
if (!roots) return true;
return !!window.Bokeh && Bokeh.documents.reduce((n, doc) => n + doc.roots().length, 0) >= roots
  && Bokeh.documents.every(doc => doc.is_idle);"""


def open_page(d: Any, url: str, widgets: bool = False) -> None:
    """Load ``url``; wait until the document is complete and (``widgets``) BokehJS has drawn its widgets."""
    d.get(url)
    deadline = time.time() + 30
    while not d.execute_script(READY, widgets) and time.time() < deadline:
        time.sleep(0.05)


def axe(d: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it stands."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run make setup (npm ci installs the pinned axe-core)")
    d.execute_script(AXE.read_text(encoding="utf-8"))
    return [v for v in d.execute_async_script(AXE_RUN) if v["impact"] in ("serious", "critical")]


def visit(d: Any, url: str) -> Visit:
    """Load ``url`` fresh in ``d`` (a driver with the cache off, at the laptop's size) and record it.  The
    errors are read a second after the document is complete, before the audit injects anything."""
    d.get_log("browser")
    d.get_log("performance")
    open_page(d, url, widgets=True)
    time.sleep(0.5)
    errors = chromium.severe_errors(d)
    offsite = chromium.offsite_requests(d)
    document, resources = d.execute_script(WEIGHT)
    widgets = d.execute_script(WIDGETS)
    serious = axe(d)
    viewers = d.execute_script(STEP_VIEWERS)
    return Visit(errors, offsite, document, [(name, size) for name, size in resources], widgets, serious, viewers,
                 chromium.severe_errors(d), chromium.offsite_requests(d))
