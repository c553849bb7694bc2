"""Where a rule is explained: the book's rule labels, a link to a rule's section and a rule's badge.

A leaf of the faces (it imports only the registries), so the widgets, the "Show the mathematics" blocks, the
quick-reference sheets and the notebooks all link rules one way without importing each other.  Labels of every
system count (``(aot-…)=``, ``(aob-…)=``, ``(sp-…)=``, ``(bat-…)=``): a companion system's widget links to its own
chapter.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from aot_rules.systems import get

#: A rule's MyST label line in a chapter: ``(aot-shoot-hit)=``.
LABEL = re.compile(r"^\(((?:aot|aob|sp|bat)-[a-z0-9-]+)\)=", re.M)


def book_root(start: Path | None = None) -> Path | None:
    """The book's root (the folder holding ``_toc.yml``) at or above ``start`` (default: the working directory)."""
    here = (start or Path.cwd()).resolve()
    return next((d for d in (here, *here.parents) if (d / "_toc.yml").is_file()), None)


def label_homes(root: Path) -> dict[str, Path]:
    """Each rule label the book defines and the chapter file that defines it."""
    return {label: f for f in sorted((root / "book").rglob("*.md"))
            for label in LABEL.findall(f.read_text(encoding="utf-8"))}


def book_labels(start: Path | None = None) -> frozenset[str]:
    """Every rule label the book defines, found from the page's folder up.

    A generated page links a rule only where some chapter explains it; a rule whose chapter is still to
    be written gets a plain badge instead of a broken link (which a strict build would refuse).
    """
    root = book_root(start)
    return frozenset(label_homes(root)) if root is not None else frozenset()


def rule_href(rule_id: str, start: Path | None = None, built: str = "") -> str:
    """A link from the page being built (the working directory) to the section explaining ``rule_id``.

    The section is the one labelled with the rule's ID, else with the first rule the mechanic applies that the
    book labels; a rule no chapter explains yet links to its calculator on the At the table page.  ``built``
    is the built site's folder under the book's root for a page outside the book (a notebook: "_build/html").

    >>> rule_href("AOT-SHOOT-HIT", Path("book")), rule_href("SP-MELEE-DICE", Path("book"))
    ('shooting.html#aot-shoot-hit', 'sp/melee.html#sp-melee-dice')
    """
    here = (start or Path.cwd()).resolve()
    root = book_root(here)
    if root is None:
        return f"at-the-table.html#{rule_id}"
    site = root / built if built else root
    homes = label_homes(root)
    for rid in (rule_id, *get(rule_id).rules):
        if rid.lower() in homes:
            page = site / homes[rid.lower()].relative_to(root).with_suffix(".html")
            return f"{os.path.relpath(page, here)}#{rid.lower()}"
    return os.path.relpath(site / "book" / "at-the-table.html", here) + f"#{rule_id}"


#: Where the built book is served when ``AOT_BOOK_URL`` does not say: ``make serve`` serves ``_build/html`` here.
BOOK_URL = "http://127.0.0.1:8000/"


def book_url(rule_id: str, start: Path | None = None) -> str:
    """An absolute link to the book's section on ``rule_id`` for a page outside the book (a notebook).

    A relative link in JupyterLab opens a lab path (a workspace), never the book; so the link is the built
    site's address (``AOT_BOOK_URL``, e.g. the published site; by default where ``make serve`` serves it).

    >>> book_url("AOT-SHOOT-HIT", Path("book")).endswith("/book/shooting.html#aot-shoot-hit")
    True
    """
    base = os.environ.get("AOT_BOOK_URL", "").strip() or BOOK_URL
    root = book_root(start)
    page = rule_href(rule_id, root) if root is not None else f"book/at-the-table.html#{rule_id}"
    return base.rstrip("/") + "/" + page.replace(os.sep, "/")


def rule_badge(rule_id: str, labels: frozenset[str]) -> str:
    """MyST for a rule's badge: a link to its section if the book has one, a plain grey badge if not.

    >>> rule_badge("AOT-SHOOT-HIT", frozenset({"aot-shoot-hit"})), rule_badge("AOT-PANIC", frozenset())
    ('{bdg-ref-primary-line}`AOT-SHOOT-HIT <aot-shoot-hit>`', '{bdg-secondary-line}`AOT-PANIC`')
    """
    label = rule_id.lower()
    if label in labels:
        return f"{{bdg-ref-primary-line}}`{rule_id} <{label}>`"
    return f"{{bdg-secondary-line}}`{rule_id}`"
