"""Run a book page's code cells outside the book build and collect what they show, in a given language.

The chapters' cells write prose with engine-computed numbers; a pseudo-locale run (``qps``) shows which of their
sentences are still English written outside the catalogue.  Building the book for that takes minutes, so this runs
the cells of one page in one namespace (as its kernel would, from the page's folder) with IPython's ``display``
collecting instead of printing.  What the page shows but does not itself write (widgets and their "Show the
mathematics" blocks, worked examples, replays, registry tables) is other work: those helpers are stubbed out.
"""

from __future__ import annotations

import html as htmllib
import os
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from aot_rules.core.i18n import speaking
from tools.myst_cells import cells

ROOT = Path(__file__).resolve().parents[2]
#: The page helpers whose output is not the page's own prose.
FOREIGN = ("show_widget", "show_example", "show_replay", "show_table")
CODE = re.compile(r"<style>.*?</style>|<script[^>]*>.*?</script>", re.S)
TAG = re.compile(r"<[^>]*>")
#: A MyST role or directive target (``{ref}`label```, ``(label)=``): not words a reader reads.
ROLE = re.compile(r"\{[\w:-]+\}`[^`]*`")
#: A cell's options written as a YAML block (``---`` … ``---``) rather than ``:key:`` lines.
YAML_OPTIONS = re.compile(r"\A---\n.*?^---\n", re.S | re.M)


@dataclass
class Shown:
    """What a page's cells displayed, each item as the text (HTML or markdown) the reader gets, and per cell
    how long it took."""

    items: list[str] = field(default_factory=list)
    seconds: list[tuple[int, float]] = field(default_factory=list)

    def text(self) -> str:
        """The words a reader reads: markup, scripts and role targets taken out, entities decoded."""
        out = []
        for item in self.items:
            t = ROLE.sub(" ", CODE.sub(" ", item))
            out.append(htmllib.unescape(TAG.sub(" ", t)))
        return "\n".join(out)


def _shown(obj: object) -> str:
    for attr in ("_repr_html_", "_repr_markdown_"):
        f = getattr(obj, attr, None)
        if f is not None:
            r = f()
            if isinstance(r, tuple):
                r = r[0]
            if r is not None:
                return str(r)
    data = getattr(obj, "data", None)
    return str(data) if isinstance(data, str) else str(obj)


@contextmanager
def _collecting(monkeypatch: pytest.MonkeyPatch, shown: Shown) -> Iterator[None]:
    import IPython.display

    import aot_rules.present.page as page

    def display(*objs: object, **_: Any) -> None:
        shown.items.extend(_shown(o) for o in objs)

    monkeypatch.setattr(IPython.display, "display", display)
    monkeypatch.setattr(page, "_display", display)
    for name in FOREIGN:
        monkeypatch.setattr(page, name, lambda *a, **k: None)
    yield


def run_page(page: str | Path, lang: str | None, monkeypatch: pytest.MonkeyPatch) -> Shown:
    """Every code cell of ``page`` (a path under the repository) run in order in one namespace, in ``lang``;
    ``print`` output is collected too.  A failing cell raises, naming the page and the cell's line."""
    path = ROOT / page
    shown = Shown()
    namespace: dict[str, Any] = {"__name__": "__main__"}
    here = os.getcwd()
    with _collecting(monkeypatch, shown), speaking(lang):
        monkeypatch.setitem(namespace, "print", lambda *a, **k: shown.items.append(" ".join(map(str, a))))
        os.chdir(path.parent)
        try:
            for line, code in cells(path.read_text(encoding="utf-8")):
                code = YAML_OPTIONS.sub(lambda m: "\n" * m.group().count("\n"), code)
                started = time.perf_counter()
                try:
                    exec(compile(code, f"{page}:{line}", "exec"), namespace)  # the page's own cells
                except Exception as e:
                    raise AssertionError(f"{page}, cell at line {line}: {type(e).__name__}: {e}") from e
                shown.seconds.append((line, time.perf_counter() - started))
        finally:
            os.chdir(here)
    return shown
