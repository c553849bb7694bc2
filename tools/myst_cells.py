"""Babel's extractor for the book's MyST pages: the Python of their code cells, read as Python.

A chapter's cells write sentences whose numbers the engine computes (``say("A gunpowder piece costs {g} army
points …", g=…)``); the sentence is a catalogue template like any other, so ``make messages`` must find it.  Sphinx's
own gettext reads a page's prose, never its cells; this reads only the cells (``{code-cell}`` blocks), hands each to
Babel's Python extractor and reports its messages at their lines in the page.
"""

from __future__ import annotations

import io
import re
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from babel.messages.extract import extract_python

FENCE = re.compile(r"^(?P<fence>`{3,}|:{3,})\{code-cell\}")


def cells(text: str) -> Iterator[tuple[int, str]]:
    """Each code cell of a MyST page: the line its code starts on (1-based) and the code (its ``:option:`` lines
    or ``---`` block left out, so line numbers still count from the page).

    >>> list(cells("# t\\n```{code-cell} ipython3\\n:tags: [x]\\nsay('hi')\\n```\\n"))
    [(4, "say('hi')\\n")]
    >>> list(cells("```{code-cell}\\n---\\ntags: [x]\\n---\\nsay('yo')\\n```\\n"))
    [(5, "say('yo')\\n")]
    """
    lines = text.splitlines(keepends=True)
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, i = m.group("fence"), i + 1
        if i < len(lines) and lines[i].strip() == "---":  # a YAML block of options, closed by its own ---
            i += 1
            while i < len(lines) and lines[i].strip() != "---":
                i += 1
            i += 1
        while i < len(lines) and lines[i].startswith(":") and not lines[i].startswith(fence):
            i += 1
        start, body = i, []
        while i < len(lines) and not lines[i].rstrip().startswith(fence):
            body.append(lines[i])
            i += 1
        yield start + 1, "".join(body)
        i += 1


def extract(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str],
            options: Mapping[str, Any]) -> Iterator[tuple[int, str, Any, list[str]]]:
    """Babel's extraction method (babel.cfg ``[extractors]``): the messages of every code cell of a page."""
    text = fileobj.read().decode("utf-8")
    for start, code in cells(text):
        for lineno, funcname, message, comments in extract_python(io.BytesIO(code.encode("utf-8")), keywords,
                                                                  comment_tags, options):
            yield start + (lineno or 1) - 1, funcname, message, comments  # Babel gives no line for some calls
