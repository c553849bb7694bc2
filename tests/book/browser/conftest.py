"""The browser tests' shared fixture: one fresh visit to each page per run, recorded once (``visits.py``)."""

from __future__ import annotations

import dataclasses
import fcntl
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from . import chromium
from .visits import LAPTOP, Visit, viewport, visit

ROOT = Path(__file__).resolve().parents[3]


def shared_record(run: str | None, page: str, make: Callable[[], Visit],
                  root: Path = ROOT / "_build" / "visits") -> Visit:
    """The run's one record of ``page``: made by ``make`` in whichever pytest-xdist worker asks first, kept as
    JSON under ``root/<run>/``, and read by every later ask from any worker (a worker that asks while another is
    visiting waits on the page's lock).  Without a run id (no xdist) it is simply made.

    The three checks that read a visit (errors, weight, axe) are spread over the workers by the scheduler, so
    a per-worker record loaded and audited most pages twice: tens of seconds of Chromium for each widget
    chapter."""
    if run is None:
        return make()
    folder = root / run
    folder.mkdir(parents=True, exist_ok=True)
    slug = page.replace("/", "__")
    record = folder / f"{slug}.json"
    with (folder / f"{slug}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if record.is_file():
            fields = json.loads(record.read_text(encoding="utf-8"))
            fields["resources"] = [(name, size) for name, size in fields["resources"]]
            return Visit(**fields)
        seen = make()
        record.write_text(json.dumps(dataclasses.asdict(seen)), encoding="utf-8")
        return seen


@pytest.fixture(scope="session")
def laptop_visit(site: str) -> Iterator[Callable[[str], Visit]]:
    """``laptop_visit("book/melee")``: the record of one fresh load of that page at 1280×900 with the cache off
    (made on the run's first request, by whichever worker asks, and read by every later check of the page).
    Chromium starts only when this worker is the first to ask for some page."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    browser: list[tuple[Any, str]] = []
    seen: dict[str, Visit] = {}

    def fresh(page: str) -> Visit:
        if not browser:
            d, profile = chromium.start(*LAPTOP, no_cache=True, script_timeout=180)
            viewport(d, LAPTOP)
            browser.append((d, profile))
        return visit(browser[0][0], f"{site}/{page}.html")

    def get(page: str) -> Visit:
        if page not in seen:
            seen[page] = shared_record(run, page, lambda: fresh(page))
        return seen[page]

    try:
        yield get
    finally:
        for d, profile in browser:
            chromium.stop(d, profile)
