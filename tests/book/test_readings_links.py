"""Issue 24, part 5 in the built book: every chapter's Reading box links to its group of the Readings appendix
(added at build time by ``book/_ext/aot_readings.py``), and each group there links back to a page of the book.
The appendix is an index page and the pages of Readings under ``book/readings/``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from aot_rules.present.readings import PAGES

pytestmark = pytest.mark.slow
#: The one box titled "Reading" that is not a Reading: the Batalist introduction says what a Reading box is.
NOT_A_READING = {"book/bat/intro.html"}
_LINK = re.compile(r'class="aot-reading-link"><a[^>]*href="([^"#]*readings/[a-z-]+\.html)#(reading-[a-z0-9-]+)"')


def _appendix(built_book: Path) -> dict[str, str]:
    """Each page of Readings in the built appendix (its path under ``book/``) → its HTML."""
    return {f"{page.doc}.html": (built_book / "book" / f"{page.doc}.html").read_text(encoding="utf-8")
            for page in PAGES}


def _boxes(html: str) -> list[str]:
    """The HTML of every admonition whose title starts with "Reading"."""
    out = []
    box = re.compile(r'<div class="[^"]*\badmonition\b[^"]*">\s*<p class="admonition-title">Reading[^<]*</p>')
    for m in box.finditer(html):
        end = html.find("</div>", m.end())
        out.append(html[m.start():end])
    return out


def test_every_reading_box_links_to_an_anchor_of_the_appendix(built_book: Path) -> None:
    anchors = {(page, a) for page, html in _appendix(built_book).items()
               for a in re.findall(r'id="(reading-[a-z0-9-]+)"', html)}
    boxes = unlinked = 0
    for page in sorted(built_book.joinpath("book").rglob("*.html")):
        rel = page.relative_to(built_book).as_posix()
        if rel == "book/readings.html" or rel.startswith("book/readings/"):
            continue
        for box in _boxes(page.read_text(encoding="utf-8")):
            boxes += 1
            link = _LINK.search(box)
            if link is None:
                unlinked += rel not in NOT_A_READING
                continue
            target = (page.parent / link.group(1)).resolve().relative_to((built_book / "book").resolve()).as_posix()
            assert (target, link.group(2)) in anchors, (rel, link.group(1), link.group(2))
    assert boxes > 0 and unlinked == 0, (boxes, unlinked)


def test_every_appendix_group_links_back_into_the_book(built_book: Path) -> None:
    total = 0
    for where, appendix in _appendix(built_book).items():
        backs = re.findall(r'<a class="reference internal" href="([^"]+)"><span class="std std-ref">Back to the rule',
                           appendix)
        groups = re.findall(r'id="reading-[a-z0-9-]+"', appendix)
        assert len(backs) == len(groups) > 0, where
        total += len(groups)
        for href in backs:
            page, _, anchor = href.partition("#")
            target = (built_book / "book" / "readings" / page).read_text(encoding="utf-8")
            assert f'id="{anchor}"' in target, (where, href)
    assert total > 100
