"""Run a book page's code cells outside the book build and collect what they show, in a given language.

The chapters' cells write prose with engine-computed numbers; a pseudo-locale run (``qps``) shows which of their
sentences are still English written outside the catalogue.  Building the book for that takes minutes, so this runs
the cells of one page in one namespace (as its kernel would, from the page's folder) with IPython's ``display``
collecting instead of printing.  What the page shows but does not itself write (widgets and their "Show the
mathematics" blocks, worked examples, replays, registry tables) is other work: those helpers are stubbed out.
A cell whose last statement is an expression shows its value, as in a notebook.
"""

from __future__ import annotations

import ast
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
    #: What the cells printed: a code cell's program output, shown under its code (not counted as prose).
    printed: list[str] = field(default_factory=list)

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


def _run(code: str, name: str, namespace: dict[str, Any], shown: Shown) -> None:
    """One cell, as a kernel runs it: a last statement that is an expression is shown, unless it is None."""
    tree = ast.parse(code, name)
    last = tree.body[-1] if tree.body else None
    if isinstance(last, ast.Expr):
        tree.body.pop()
    exec(compile(tree, name, "exec"), namespace)  # the page's own cells
    if isinstance(last, ast.Expr):
        value = eval(compile(ast.Expression(last.value), name, "eval"), namespace)
        if value is not None:
            shown.items.append(_shown(value))


@contextmanager
def _collecting(monkeypatch: pytest.MonkeyPatch, shown: Shown) -> Iterator[None]:
    import IPython.display

    import aot_rules.present.page as page
    import aot_rules.present.replay.battle as battle

    def display(*objs: object, **_: Any) -> None:
        shown.items.extend(_shown(o) for o in objs)

    monkeypatch.setattr(IPython.display, "display", display)
    monkeypatch.setattr(page, "_display", display)
    for name in FOREIGN:
        monkeypatch.setattr(page, name, lambda *a, **k: None)
    monkeypatch.setattr(battle, "show_battle", lambda *a, **k: None)  # a replay of a whole battle
    yield


def run_page(page: str | Path, lang: str | None, monkeypatch: pytest.MonkeyPatch) -> Shown:
    """Every code cell of ``page`` (a path under the repository) run in order in one namespace, in ``lang``;
    ``print`` output is collected apart.  A failing cell raises, naming the page and the cell's line."""
    path = ROOT / page
    shown = Shown()
    namespace: dict[str, Any] = {"__name__": "__main__"}
    here = os.getcwd()
    with _collecting(monkeypatch, shown), speaking(lang):
        namespace["print"] = lambda *a, **k: shown.printed.append(" ".join(map(str, a)))
        os.chdir(path.parent)
        try:
            for line, code in cells(path.read_text(encoding="utf-8")):
                code = YAML_OPTIONS.sub(lambda m: "\n" * m.group().count("\n"), code)
                started = time.perf_counter()
                try:
                    _run(code, f"{page}:{line}", namespace, shown)
                except Exception as e:
                    raise AssertionError(f"{page}, cell at line {line}: {type(e).__name__}: {e}") from e
                shown.seconds.append((line, time.perf_counter() - started))
        finally:
            os.chdir(here)
    return shown
