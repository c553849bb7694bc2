"""The sentences the companion systems' chapters, the comparison and the quick references write in their code cells
come through the catalogue.

Each page's cells are run in one namespace in the pseudo-locale (``qps``), what they display collected as text:
every catalogue template comes out accented and bracketed, so an ASCII word of three letters or more left in a
cell's output is English written outside the catalogue (issues #34/#35).  The widgets, the "Show the mathematics"
blocks and the worked examples are other faces with their own tests: they are stubbed here.  The engine's reference
tables a page displays are counted too; their words that are still English are the ratchet :data:`LEFT` (it may
only shrink).

Run as a script to see each page's English words::

    PYTHONPATH=. python tests/book/test_cells_pseudo_locale_companions.py
"""

from __future__ import annotations

import ast
import html as htmllib
import os
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from aot_rules.core.i18n import PSEUDO, speaking
from tools.myst_cells import cells, extract

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"
PAGES = sorted(str(p.relative_to(BOOK)) for p in [
    BOOK / "compare.md", *BOOK.glob("aob/*.md"), *BOOK.glob("bat/*.md"), *BOOK.glob("sp/*.md"),
    *BOOK.glob("quickref/*.md")])

#: The keywords ``make messages`` gives Babel (Makefile ``BABEL_KEYWORDS``).
KEYWORDS = {"msg": None, "nmsg": (1, 2), "say": None, "say_html": None}
#: A word of the English alphabet, three letters or more, not part of a code, an option or a rule ID.
WORD = re.compile(r"(?<![\w\-−/.'’@#])[A-Za-z][A-Za-z'’]{2,}(?![\w\-/'’])")
CODE = re.compile(r"<(style|script|code|svg|math)\b.*?</\1>", re.S)
TAG = re.compile(r"<[^>]*>")
MYST = re.compile(r"\]\([^)]*\)|\{[a-z-]+\}`[^`]*`|^\s*(?:[:`]{3,}\{[^}]*\}|:[\w-]+:).*$", re.M)
#: A cell's own options block (``---`` YAML ``---``), which the cell reader leaves in.
FRONT_MATTER = re.compile(r"\A---\n.*?^---\n", re.S | re.M)

#: English words each page still shows that its cells do not write, converted elsewhere: Batalist rule titles
#: (bat/intro) and the turn's steps (``aot/rules/turn.py``, shared with the Art of Tactics turn chapter); may only
#: shrink.
LEFT: dict[str, frozenset[str]] = {}


def _recording(fn: Any, used: set[str]) -> Any:
    """``fn`` (msg, nmsg, say, say_html) noting each template a page's own code passes it."""

    def called(template: str, *args: Any, **values: Any) -> Any:
        if sys._getframe(1).f_code.co_filename.startswith(str(BOOK)):
            used.add(template)
        return fn(template, *args, **values)

    return called


@contextmanager
def _collected(shown: list[str], used: set[str]) -> Iterator[None]:
    """IPython's ``display`` and the page helpers that draw other faces, replaced for the run: what is displayed
    is kept as markup; a widget, its mathematics and a worked example are left out.  The templates the page's
    code hands the catalogue are noted in ``used``."""
    import IPython.display as ipd

    from aot_rules.core import i18n
    from aot_rules.present import page

    def display(*objs: Any, **_: Any) -> None:
        for o in objs:
            data = getattr(o, "data", None)
            shown.append(data if isinstance(data, str) else repr(o))

    saved = {"display": ipd.display}
    saved_page = {n: getattr(page, n) for n in ("show_widget", "show_example", "show_replay", "_display", "say",
                                                "say_html")}
    saved_i18n = {n: getattr(i18n, n) for n in ("msg", "nmsg")}
    for n, f in saved_i18n.items():
        setattr(i18n, n, _recording(f, used))
    page.say = _recording(page.say, used)  # type: ignore[assignment]
    page.say_html = _recording(page.say_html, used)  # type: ignore[assignment]
    ipd.display = display  # type: ignore[assignment]
    page.show_widget = lambda *a, **k: None  # type: ignore[assignment]
    page.show_example = lambda *a, **k: None  # type: ignore[assignment]
    page.show_replay = lambda *a, **k: None  # type: ignore[assignment]
    page._display = lambda obj: display(obj)  # type: ignore[assignment]
    try:
        yield
    finally:
        ipd.display = saved["display"]  # type: ignore[assignment]
        for n, f in saved_page.items():
            setattr(page, n, f)
        for n, f in saved_i18n.items():
            setattr(i18n, n, f)


def run_cell(code: str, where: str, ns: dict[str, Any], shown: list[str]) -> None:
    """One cell as Jupyter runs it: its statements, then its last expression's value displayed."""
    tree = ast.parse(code, where)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    exec(compile(tree, where, "exec"), ns)  # the page's own code
    if last is not None:
        value = eval(compile(ast.Expression(last.value), where, "eval"), ns)  # the page's own code
        if value is not None:
            data = getattr(value, "data", None)
            shown.append(data if isinstance(data, str) else repr(value))


def run_page(page: str, lang: str = PSEUDO, used: set[str] | None = None) -> list[str]:
    """The markup a page's cells display, its cells run in order in one namespace in ``lang`` (the templates its
    code passes the catalogue added to ``used``)."""
    path = BOOK / page
    shown: list[str] = []
    used = set() if used is None else used
    here = Path.cwd()
    os.chdir(path.parent)  # a cell reads files beside its page as the book build does
    try:
        with speaking(lang), _collected(shown, used):
            ns: dict[str, Any] = {"__name__": "__page__"}
            for start, code in cells(path.read_text(encoding="utf-8")):
                run_cell(FRONT_MATTER.sub("", code), f"{path}:{start}", ns, shown)
    finally:
        os.chdir(here)
    return shown


def english(shown: list[str]) -> set[str]:
    """The English words in what the cells displayed: markup, code and drawings left out."""
    out: set[str] = set()
    for h in shown:
        t = htmllib.unescape(TAG.sub(" ", CODE.sub(" ", h)))
        t = MYST.sub(" ", t)  # MyST links' targets, roles, directives and their options: markup, not words
        out |= {w for w in WORD.findall(t) if not w.isupper()}
    return out


@pytest.mark.parametrize("page", PAGES)
def test_cells_speak_the_catalogue(page: str) -> None:
    """Every sentence a page's cells write is a catalogue template: in ``qps`` no English word is left over, but
    those the ratchet still lists."""
    found = english(run_page(page))
    left = LEFT.get(page, frozenset())
    assert found <= left, f"{page}: English outside the catalogue: {sorted(found - left)}"
    assert not left - found, f"{page}: now translated, drop from LEFT: {sorted(left - found)}"


@pytest.mark.parametrize("page", PAGES)
def test_cells_templates_are_extracted(page: str) -> None:
    """Each template a page's code hands the catalogue is one ``make messages`` extracts from the page: a ``msg()``
    inside an f-string's braces, or a template held in a variable, runs but is never offered for translation."""
    used: set[str] = set()
    run_page(page, used=used)
    with (BOOK / page).open("rb") as f:
        extracted = {m if isinstance(m, str) else m[0] for _, _, m, _ in extract(f, KEYWORDS, (), {})}
    assert used <= extracted, f"{page}: templates Babel does not see: {sorted(used - extracted)}"


def test_english_edition_unchanged_by_the_runner() -> None:
    """The runner itself sees English in English: the check would catch a cell's untranslated sentence."""
    assert {"probability", "beaten"} <= english(run_page("compare.md", "en"))


def test_comparison_plots_speak_the_catalogue() -> None:
    """The comparison's charts carry their titles, axes and legends inside Bokeh's script, which the page check
    leaves out: they come through the catalogue too."""
    from aot_rules import comparison as C

    with speaking(PSEUDO):
        drawn = C.first_fight_plots() + C.shooting_plots(4)
    assert not re.findall(r"fight goes on|expected hits|Skirmish elite|density \(men per rank", drawn)


if __name__ == "__main__":
    for p in sys.argv[1:] or PAGES:
        words = english(run_page(p))
        print(f"{p}: {len(words)} {' '.join(sorted(words))}")
