"""The Readings appendix (issue 24, part 5): complete, generated, and linked both ways with the chapters.

What it holds to the rules index (every Reading the index records has an entry) is in ``tests/test_catalogue.py``,
the one test that reads the index; everything here needs only the repository.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from aot_rules.catalogue import EXAMPLES, RULES
from aot_rules.present.readings import (
    BEGIN,
    END,
    INDEX,
    PAGES,
    Book,
    anchor,
    chapter_anchor,
    groups,
    is_appendix,
    on_pages,
    pages,
    replace_between,
)
from aot_rules.readings import READINGS, Origin
from aot_rules.systems import all_mechanics

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "book" / "_ext"))
# The book's extension (book/_ext/aot_readings.py) is imported by the tests that call it: it imports Sphinx, a
# second or more that every pytest-xdist worker would otherwise pay while collecting.

BOOK = Book.read(ROOT)


def generated_part(text: str) -> str:
    return text.split(BEGIN, 1)[1].split(END, 1)[0].strip()


def source(doc: str) -> str:
    return (ROOT / "book" / f"{doc}.md").read_text(encoding="utf-8")


def generated() -> str:
    """The generated parts of the four system pages, in the book's order."""
    return "\n".join(generated_part(source(page.doc)) for page in PAGES)


def test_every_appendix_page_is_the_generated_list() -> None:
    """The index page and each system's page hold exactly what the generator makes of the Readings and the book
    (regenerate all five with ``python -m aot_rules.present.readings``)."""
    made = pages(BOOK)
    assert set(made) == {INDEX, *(page.doc for page in PAGES)}
    for doc, text in made.items():
        assert generated_part(source(doc)) == text.strip(), doc


def test_the_appendix_is_split_by_system_and_every_page_is_in_the_toc() -> None:
    """Pages of one rule system each (Art of Tactics on two, split at a chapter), in ``_toc.yml`` after the index
    page and in its order; each page holds its own chapters' Readings and no other's, titled as the index links
    to it; together they hold every Reading once."""
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    index = generated_part(source(INDEX))
    placed = on_pages(BOOK)
    seen: set[str] = set()
    for page in PAGES:
        assert f"file: book/{page.doc}\n" in toc and is_appendix(page.doc)
        assert f"({page.anchor})=\n# Readings: {page.title}\n" in source(page.doc), page.doc
        assert f"{{ref}}`{page.title} <{page.anchor}>`" in index
        text = generated_part(source(page.doc))
        ours = {anchor(label) for labels in placed[page].values() for label in labels}
        assert ours and set(re.findall(r"^\((reading-[a-z0-9-]+)\)=$", text, re.M)) == ours, page.doc
        assert all(r.system == page.system for labels in placed[page].values() for rs in labels.values() for r in rs)
        assert not seen & set(placed[page]), page.doc
        seen |= set(placed[page])
    if any(page.start for page in PAGES):
        assert all(page.start in placed[page] for page in PAGES if page.start)
    order = [toc.index(f"file: book/{page.doc}\n") for page in PAGES]
    assert toc.index("file: book/readings\n") < order[0] and order == sorted(order)


def test_the_index_page_explains_every_origin() -> None:
    """A reader meets "rules index", "(engineering)" and "(noted here)" in the chapters' boxes: the index page
    says what each means."""
    intro = source(INDEX).split(BEGIN, 1)[0]
    for word in ("**rules index**", "**(engineering)**", "**(noted here)**", "**Why**"):
        assert word in intro, word


def test_an_entry_says_why_between_adopted_and_the_other_reading() -> None:
    text = generated()
    for r in READINGS:
        if r.why:
            assert f"   **Adopted.** {r.adopted}\\\n   **Why.** {r.why}\\\n   **The other reading.** {r.odds}" in text


def test_every_reading_says_why_apart_from_what_it_adopts() -> None:
    """Issue 24, part 5: every Reading gives its reason, separate from the reading adopted."""
    missing = [(r.rule_id, r.open[:50]) for r in READINGS if not r.why.strip() or r.why.strip() == r.adopted.strip()]
    assert not missing, missing


def test_regenerating_keeps_the_hand_written_parts() -> None:
    page = source(PAGES[0].doc)
    again = replace_between(page, "NEW\n")
    assert again.split(BEGIN)[0] == page.split(BEGIN)[0] and again.split(END)[1] == page.split(END)[1]
    assert generated_part(again) == "NEW"


def test_every_reading_belongs_to_a_rule_and_links_back_to_a_label_that_exists() -> None:
    ids = {r.rule_id for r in RULES} | set(EXAMPLES)
    for r in READINGS:
        assert r.rule_id in ids, r.rule_id
        assert r.target in BOOK.labels, (r.rule_id, r.target)
        assert r.open.strip() and r.adopted.strip() and r.odds.strip(), r


def test_every_appendix_entry_links_back_and_every_target_is_unique() -> None:
    """Each group of the generated page has its target, and its back link names a label of a chapter."""
    text = generated()
    targets = re.findall(r"^\(([a-z0-9-]+)\)=$", text, re.M)
    assert len(targets) == len(set(targets))
    backs = re.findall(r"\{ref\}`Back to the rule <([a-z0-9-]+)>`", text)
    entries = [t for t in targets if t.startswith("reading-")]
    assert [anchor(b) for b in backs] == entries
    assert all(b in BOOK.labels for b in backs)
    assert len(entries) == len({r.target for r in READINGS})


def test_the_contents_list_every_chapter_with_its_count() -> None:
    """The index lists every page and chapter with its count; each page lists its chapters and their rules."""
    index = generated_part(source(INDEX))
    total = 0
    for page, chapters in on_pages(BOOK).items():
        own = generated_part(source(page.doc))
        contents = own.split("\n\n", 2)[1]
        for doc, labels in chapters.items():
            n = sum(len(v) for v in labels.values())
            total += n
            assert f"<{chapter_anchor(doc)}>` ({n})" in index, doc
            assert f"<{chapter_anchor(doc)}>`** ({n}): " in contents, doc
            for label in labels:
                assert f"<{anchor(label)}>`" in contents, label
    assert total == len(READINGS)
    assert sum(len(v) for ch in groups(BOOK).values() for labels in ch.values() for v in labels.values()) == total


def test_groups_follow_the_books_order_and_systems() -> None:
    grouped = groups(BOOK)
    for system, chapters in grouped.items():
        docs = list(chapters)
        assert docs == sorted(docs, key=BOOK.order.index)
        for labels in chapters.values():
            assert all(r.system == system for rs in labels.values() for r in rs)


def test_every_toggle_of_a_reading_appears_under_its_rule() -> None:
    """The registries' toggles are the appendix's toggles: each control that switches a Reading names a rule that
    has an entry, and the page shows its flag there."""
    text = generated()
    with_entry = {r.rule_id for r in READINGS}
    for m in all_mechanics():
        for p in m.inputs:
            if p.reading:
                assert p.reading in with_entry, (m.rule_id, p.name, p.reading)
                assert f"(`{p.flag}`)" in text, p.flag


def test_readings_are_the_books_own_words_with_their_origin_marked() -> None:
    text = generated()
    assert text.count("*Ours (engineering): the index is silent.*") == sum(
        1 for r in READINGS if r.origin is Origin.ENGINEERING)
    assert text.count("*Noted while writing the book; not in the index.*") == sum(
        1 for r in READINGS if r.origin is Origin.NOTED)


def _boxes() -> list[tuple[str, list[str], str]]:
    """Every Reading box of the chapters: its page, the labels above it (nearest first) and its text."""
    out = []
    for path in sorted((ROOT / "book").rglob("*.md")):
        if is_appendix(path.relative_to(ROOT / "book").with_suffix("").as_posix()) or "_build" in path.parts:
            continue
        src = path.read_text(encoding="utf-8")
        for m in re.finditer(r"^(:{3,}|`{3,})\{admonition\} Reading.*$", src, re.M):
            labels = re.findall(r"^\(([a-z0-9-]+)\)=", src[:m.start()], re.M)
            end = src.find("\n" + m.group(1) + "\n", m.end())
            out.append((str(path.relative_to(ROOT / "book")), labels[::-1], src[m.end():end]))
    return out


def test_every_chapter_reading_box_has_an_appendix_entry_to_link_to() -> None:
    """The extension links a box to the group of the nearest labelled section above it, or of a rule it names;
    every box that is a Reading (not the Batalist introduction's box explaining what a Reading is) finds one."""
    from aot_readings import box_anchor

    anchors = set(re.findall(r"^\((reading-[a-z0-9-]+)\)=$", generated(), re.M))
    boxes = _boxes()
    assert boxes  # the chapters have Reading boxes (188 when this was written)
    lost = [(page, body[:60]) for page, labels, body in boxes
            if box_anchor([[label] for label in labels], body, anchors) is None and page != "bat/intro.md"]
    assert not lost, lost


def test_box_anchor_prefers_the_innermost_section_then_a_named_rule() -> None:
    from aot_readings import box_anchor

    anchors = {"reading-aot-run", "reading-aot-trot"}
    assert box_anchor([["x"], ["aot-trot"], ["aot-run"]], "", anchors) == "reading-aot-trot"
    assert box_anchor([["x"]], "as {ref}`aot-run` says", anchors) == "reading-aot-run"
    assert box_anchor([["x"]], "nothing here", anchors) is None


def test_a_changed_appendix_has_every_page_with_a_reading_box_read_again() -> None:
    """An incremental build re-reads the pages whose boxes link into the appendix when the appendix changes (a
    target may have moved to another page), and only then."""
    from aot_readings import with_boxes

    docs = [p.relative_to(ROOT).with_suffix("").as_posix() for p in sorted((ROOT / "book").rglob("*.md"))
            if "_build" not in p.parts]

    def source(doc: str) -> str:
        return (ROOT / f"{doc}.md").read_text(encoding="utf-8")

    again = with_boxes(docs, {"book/" + PAGES[1].doc}, source)
    assert set(again) == {"book/" + page.removesuffix(".md") for page, _, _ in _boxes()}
    assert with_boxes(docs, {"book/shooting"}, source) == []
