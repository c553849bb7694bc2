"""Where the book explains a rule: its label's page, as a link relative to the page being built.

A chapter marks a rule's section with the MyST label ``(aot-shoot-hit)=`` (the lower-cased rule ID), so
the page a rule lives on is found by reading the chapters' labels at build time, never by a hand-kept
table.  A kernel executing a page runs in that page's folder, which makes the links relative to it.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

LABEL = re.compile(r"^\(([a-z][a-z0-9-]*)\)=", re.M)


@lru_cache(maxsize=8)
def _pages(root: Path) -> dict[str, Path]:
    out: dict[str, Path] = {}
    for f in sorted((root / "book").rglob("*.md")):
        for label in LABEL.findall(f.read_text(encoding="utf-8")):
            out.setdefault(label, f.with_suffix(".html"))
    return out


def rule_links(start: Path | None = None) -> dict[str, str]:
    """Rule label → ``page.html#label``, relative to ``start`` (the working folder by default); empty
    outside a checkout of the book.

    >>> links = rule_links(Path(__file__).parents[3] / "book")
    >>> links["aot-shoot-hit"]
    'shooting.html#aot-shoot-hit'
    """
    here = (start or Path.cwd()).resolve()
    root = next((d for d in (here, *here.parents) if (d / "_toc.yml").is_file()), None)
    if root is None:
        return {}
    return {label: f"{Path(os.path.relpath(page, here)).as_posix()}#{label}" for label, page in _pages(root).items()}


def href(rule: str, links: dict[str, str]) -> str:
    """The link of a rule ID's section, or "" if no chapter explains it yet."""
    return links.get(rule.lower(), "")
