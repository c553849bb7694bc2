"""Run a book page's code cells outside the book build and collect what they show, in a given language.

The chapters' cells write prose with engine-computed numbers; a pseudo-locale run (``qps``) shows which of their
sentences are still English written outside the catalogue.  Building the book for that takes minutes, so this runs
the cells of one page in one namespace (as its kernel would, from the page's folder) with IPython's ``display``
collecting instead of printing.  What the page shows but does not itself write (widgets and their "Show the
mathematics" blocks, worked examples, replays, registry tables) is other work: those helpers are stubbed out.
A cell whose last statement is an expression shows its value, as in a notebook.  The templates the page's own code
hands the catalogue (``msg``, ``nmsg``, ``say``, ``say_html``) are noted, so a test can hold them against what
``make messages`` extracts from the page.
"""

from __future__ import annotations

import ast
import html as htmllib
import os
import re
import sys
import time
from collections.abc import Callable, Iterator
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
#: What a reader does not read as words: styles, scripts (Bokeh's charts), code, formulas.  A drawing's labels are read.
CODE = re.compile(r"<(style|script|code|math)\b.*?</\1>", re.S)
TAG = re.compile(r"<[^>]*>")
#: A word of the English alphabet, three letters or more, not part of a code, an option or a rule ID.
WORD = re.compile(r"(?<![\w\-−/.'’@#])[A-Za-z][A-Za-z'’]{2,}(?![\w\-/'’])")
#: MyST markup left in a markdown display: links' targets, roles (``{ref}`label```), directives and their
#: ``:option:`` lines.
MYST = re.compile(r"\]\([^)]*\)|\{[\w:-]+\}`[^`]*`|^\s*(?:[:`]{3,}\{[^}]*\}|:[\w-]+:).*$", re.M)


@dataclass
class Shown:
    """What a page's cells displayed, each item as the text (HTML or markdown) the reader gets, per cell how long
    it took, what they printed, and the catalogue templates the page's own code used."""

    items: list[str] = field(default_factory=list)
    seconds: list[tuple[int, float]] = field(default_factory=list)
    #: What the cells printed: a code cell's program output, shown under its code (not counted as prose).
    printed: list[str] = field(default_factory=list)
    #: The templates (a plural's singular) the page's cells passed to ``msg``, ``nmsg``, ``say`` or ``say_html``.
    templates: set[str] = field(default_factory=set)

    def text(self) -> str:
        """The words a reader reads: markup, scripts, drawings and MyST targets taken out, entities decoded."""
        return "\n".join(MYST.sub(" ", htmllib.unescape(TAG.sub(" ", CODE.sub(" ", item)))) for item in self.items)

    def english(self) -> set[str]:
        """The English words in :meth:`text` (capitals-only codes such as A1 or VP aside): in the pseudo-locale
        every catalogue template comes out accented, so these were written outside the catalogue."""
        return {w for w in WORD.findall(self.text()) if not w.isupper()}


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


def _recording(fn: Callable[..., Any], cell_prefix: str, shown: Shown) -> Callable[..., Any]:
    """``fn`` (msg, nmsg, say, say_html) noting each template the page's own cells pass it (their code is compiled
    under names starting ``cell_prefix``); the engine's calls are not the page's."""

    def called(template: str, *args: Any, **values: Any) -> Any:
        if sys._getframe(1).f_code.co_filename.startswith(cell_prefix):
            shown.templates.add(template)
        return fn(template, *args, **values)

    return called


@contextmanager
def _collecting(monkeypatch: pytest.MonkeyPatch, shown: Shown, cell_prefix: str) -> Iterator[None]:
    import IPython.display

    import aot_rules.core.i18n as i18n
    import aot_rules.present.page as page
    import aot_rules.present.replay.battle as battle

    def display(*objs: object, **_: Any) -> None:
        shown.items.extend(_shown(o) for o in objs)

    monkeypatch.setattr(IPython.display, "display", display)
    monkeypatch.setattr(page, "_display", display)
    for name in FOREIGN:
        monkeypatch.setattr(page, name, lambda *a, **k: None)
    monkeypatch.setattr(battle, "show_battle", lambda *a, **k: None)  # a replay of a whole battle
    for module, name in ((i18n, "msg"), (i18n, "nmsg"), (page, "say"), (page, "say_html")):
        monkeypatch.setattr(module, name, _recording(getattr(module, name), cell_prefix, shown))
    yield


def run_page(page: str | Path, lang: str | None) -> Shown:
    """Every code cell of ``page`` (a path under the repository, or absolute) run in order in one namespace, in
    ``lang``; ``print`` output is collected apart.  A failing cell raises, naming the page and the cell's line."""
    path = ROOT / page
    shown = Shown()
    namespace: dict[str, Any] = {"__name__": "__main__"}
    here = os.getcwd()
    with pytest.MonkeyPatch.context() as monkeypatch, _collecting(monkeypatch, shown, f"{path}:"), speaking(lang):
        namespace["print"] = lambda *a, **k: shown.printed.append(" ".join(map(str, a)))
        os.chdir(path.parent)  # a cell reads files beside its page, as the book build does
        try:
            for line, code in cells(path.read_text(encoding="utf-8")):
                started = time.perf_counter()
                try:
                    _run(code, f"{path}:{line}", namespace, shown)
                except Exception as e:
                    raise AssertionError(f"{page}, cell at line {line}: {type(e).__name__}: {e}") from e
                shown.seconds.append((line, time.perf_counter() - started))
        finally:
            os.chdir(here)
    return shown
