"""The browser tests' shared fixture: one fresh visit to each page, recorded once (``visits.py``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from . import chromium
from .visits import LAPTOP, Visit, viewport, visit


@pytest.fixture(scope="session")
def laptop_visit(site: str) -> Iterator[Callable[[str], Visit]]:
    """``laptop_visit("book/melee")``: the record of one fresh load of that page at 1280×900 with the cache off
    (made on first request, read by every later check of the page)."""
    d, profile = chromium.start(*LAPTOP, no_cache=True, script_timeout=180)
    viewport(d, LAPTOP)
    seen: dict[str, Visit] = {}

    def get(page: str) -> Visit:
        if page not in seen:
            seen[page] = visit(d, f"{site}/{page}.html")
        return seen[page]

    try:
        yield get
    finally:
        chromium.stop(d, profile)
