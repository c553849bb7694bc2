"""English words left on the Russian edition's pages: what a reader sees in Latin letters that is not a name, a
rule ID or code.

    python tools/page_english.py [_build/html/ru] [--top N]    # pages with their English words, most first

A page's visible text is its article: scripts, styles, code, maths, the board drawings (SVG: unit names) and the
rule badges are left out; rule IDs, option names and codes with a hyphen or digit are not words.  Names are what
the engine and its data call things (units, armies, commanders, terrain, scenarios, list entries), read from
them, never typed here.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from collections.abc import Iterable
from functools import cache
from html import unescape
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from bs4 import BeautifulSoup

ROOT = Path(__file__).resolve().parents[1]

#: Left out of a page's visible words: code, maths, drawings, metadata and the machine-readable parts.
NOT_WORDS = ("script", "style", "code", "pre", "kbd", "samp", "svg", "math", ".highlight", ".math", "mjx-container",
             ".MathJax", ".aot-rule-badge", ".headerlink", "[data-code]", ".aot-code", "var",
             ".aot-glossary-en")  # the glossary shows each Russian term's English name on purpose
WORD = re.compile(r"(?<![\w\-−/.'’@#])[A-Za-z][A-Za-z'’]{2,}(?![\w\-/'’]|:\d)")  # "sword:3": a code
# Standard abbreviations, format and program names, and keys of the keyboard a Russian text writes in Latin letters.
ALLOWED = frozenset("JSON YAML HTML CSV PNG PDF URL CLI Python JupyterLab Jupyter Pyodide Bokeh Sphinx MyST GitHub "
                    "Chromium JavaScript KiB MiB UTF NUL AoT sympy Home End Space Esc Shift".split())


@cache
def names() -> frozenset[str]:
    """Every word of every name the engine's data give: scenarios' units, armies, commanders and terrain, shipped
    armies' and lists' names and entries, the worked examples' units."""
    from aot_rules.aot.army.load import shipped_army, shipped_list, shipped_names
    from aot_rules.tabletop.scenarios import SCENARIOS, scenario

    given: list[str] = []
    for name in SCENARIOS:
        state = scenario(name, 0)
        given += [name, *(p.unit.name for p in state.pieces), *(t.name for t in state.terrain)]
        given += [s.name for s in state.sides] + [c.name for s in state.sides for c in s.commanders]
        given += [s.army for s in state.sides]
    for n in shipped_names("armies"):
        a = shipped_army(n)
        given += [a.name, a.army_list.name, *(u.name for u in a.units), *(c.name for c in a.commanders)]
        given += [owner for _, owners in a.slots for owner in owners]  # a slot may name a general the army lacks
    for n in shipped_names("lists"):
        lst = shipped_list(n)
        given += [lst.name, lst.source, *(c.name for c in lst.contingents), *(c.nationality for c in lst.contingents),
                  *(e.name for c in lst.contingents for e in c.entries)]
    return frozenset(w for g in given for w in re.findall(r"[A-Za-z]+", g))


def visible_text(html: str) -> str:
    soup = BeautifulSoup(html, "html.parser")
    main = soup.select_one("article.bd-article") or soup.body or soup
    for tag in main.select(", ".join(NOT_WORDS)):
        tag.decompose()
    return main.get_text(" ")


#: What a reader sees of a widget, by the key its Bokeh model (or its exact table's axis) keeps it under: a control's
#: title, label, placeholder and choices, a section button's label, an axis's label, a text block's HTML.
SHOWN_KEYS = ("title", "label", "labels", "placeholder", "options", "axis_label", "text")


#: A Bokeh document embedded by ``bokeh.embed.components``: its JSON as a single-quoted JavaScript string.
DOCS_JSON = re.compile(r"const docs_json = '(.*?)';")


def _shown(node: Any, out: list[str]) -> None:
    if isinstance(node, dict):
        for key, value in node.items():
            if key in SHOWN_KEYS:
                _strings(value, key == "options", out)
            else:
                _shown(value, out)
    elif isinstance(node, list):
        for item in node:
            _shown(item, out)


def _strings(value: Any, options: bool, out: list[str]) -> None:
    """The words of a shown value: a string (HTML for a text block), a list of them, or a select's choices (each a
    code and its words, or one string that is both)."""
    if isinstance(value, str):
        out.append(BeautifulSoup(value, "html.parser").get_text(" ") if "<" in value else value)
    elif isinstance(value, list):
        for item in value:
            _strings(item[-1] if options and isinstance(item, list) and item else item, False, out)
    elif isinstance(value, dict):
        _shown(value, out)


def widget_text(html: str) -> str:
    """The words of a page's widgets, which BokehJS draws from JSON in the page's scripts (the article's text leaves
    them out): every Bokeh document's controls, buttons, axes and text blocks, and what each exact table holds."""
    soup = BeautifulSoup(html, "html.parser")
    out: list[str] = []
    for embedded in DOCS_JSON.findall(html):  # Bokeh's components(): the JSON made HTML-safe, then a JS string
        documents = json.loads(unescape(embedded.replace("\\\\", "\\")))
        _shown([doc.get("roots", []) for doc in documents.values()], out)  # not a document's own (unseen) title
    for script in soup.select('script[type="application/json"]'):
        try:
            data = json.loads(script.string or "")
        except ValueError:
            continue
        if str(script.get("id", "")).startswith("aot-table-") and isinstance(data, dict):
            out += _table_words(data)
        else:
            _shown(data, out)
    return " \n".join(out)


def _table_words(table: dict[str, Any]) -> list[str]:
    """What widget.js shows from a packed exact table: each distinct answer's laws and events (their names, and
    their rows packed as ``outcome:p:…;…`` with the separators escaped), its refusal's line, and each fact's name and
    values; not the names of the inputs a refusal points at (``at``: codes)."""
    from aot_rules.present.static import answers

    strings: list[str] = []

    def gather(node: Any) -> None:
        if isinstance(node, str):
            strings.append(node)
        elif isinstance(node, list):
            for item in node:
                gather(item)
        elif isinstance(node, dict):
            for key, item in node.items():
                if key != "at":
                    gather(item)

    gather(answers(table))
    for fact in table.get("f", []):
        gather([fact[0], fact[2]])
    return [unquote(cell) for s in strings for cell in re.split(r"[:;]", s)]


def english(html: str) -> list[str]:
    """The English words a reader sees on a page, in its text and in its widgets."""
    known = names()
    seen = visible_text(html) + " \n" + widget_text(html)
    return [w for w in WORD.findall(seen) if w not in known and w not in ALLOWED and not w.isupper()]


def pages(site: Path) -> Iterable[Path]:
    skip = {"genindex.html", "search.html", "py-modindex.html"}
    return (p for p in sorted(site.rglob("*.html")) if p.name not in skip and "_static" not in p.parts)


def main(argv: list[str]) -> int:
    site = Path(argv[0]) if argv and not argv[0].startswith("--") else ROOT / "_build/html/ru"
    top = int(argv[argv.index("--top") + 1]) if "--top" in argv else 12
    total = 0
    for page in pages(site):
        words = english(page.read_text(encoding="utf-8"))
        total += len(words)
        if words:
            common = ", ".join(f"{w}×{n}" for w, n in Counter(words).most_common(top))
            print(f"{len(words):5} {page.relative_to(site)}: {common}")
    print(f"{total} English words on {site}")
    return 0 if total == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
