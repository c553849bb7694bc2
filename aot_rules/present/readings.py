"""The Readings appendix, generated: every Reading of :data:`aot_rules.readings.READINGS`, one page per rule
system, grouped there by the chapter that explains its rule, with a table of contents, each group linking back to its
rule in the chapter, and the toggles that show the other reading read off the registries.

The appendix is a short index page, ``book/readings.md``, that says what a Reading is and lists the others, and
the pages of :data:`PAGES` under ``book/readings/``: one per rule system, and two for *Art of Tactics*, whose
Readings are split at the shooting chapter.  It is split because one page holding every Reading outgrew the site's
page-weight limit (1 MB for a text page, of which the theme takes 0.6 MB).  Each page keeps its hand-written
introduction and closing sections; between the two markers below it holds exactly what :func:`pages` makes for it,
and ``tests/book/test_readings.py`` fails when the two differ.  After editing a Reading, regenerate every page
(from the repository's root, or give the root as the argument)::

    python -m aot_rules.present.readings

Where a Reading lives in the book is found from the book itself: the chapter that defines its label (``(label)=``)
and the order of the chapters in ``_toc.yml``, so moving a rule to another chapter moves its Readings with it.
Every chapter's Reading boxes link forward to the group of their section (the ``reading-<label>`` targets made
here, on whichever system page holds them; ``book/_ext/aot_readings.py`` adds the links at build time).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from aot_rules.catalogue import RULES
from aot_rules.core.i18n import msg, text
from aot_rules.readings import READINGS, Origin, Reading

BEGIN = "<!-- BEGIN the generated Readings (python -m aot_rules.present.readings) -->"
END = "<!-- END the generated Readings -->"
#: The rule systems in the book's order, with the names its parts use.
SYSTEMS = {"AOT": "Art of Tactics", "AOB": "Age of Battles", "SP": "The skirmish fragment", "BAT": "Batalist"}
#: The appendix's index page, as the book's document name (under ``book/``).
INDEX = "readings"


@dataclass(frozen=True)
class Page:
    """One page of the appendix after the index: its document name, its title, the rule system whose Readings it
    holds, and the first chapter it holds (a system's chapters run from there, in the book's order, to the next
    page of the same system; empty for the system's first page)."""

    doc: str
    title: str
    system: str
    start: str = ""

    @property
    def anchor(self) -> str:
        """The target of the page's title."""
        return "readings-of-" + self.doc.rpartition("/")[2]


#: The pages of Readings, in the book's order.
PAGES = (
    Page("readings/aot", "Art of Tactics, from the army to turning", "AOT"),
    Page("readings/aot-combat", "Art of Tactics, from shooting to the end", "AOT", "shooting"),
    Page("readings/aob", "Age of Battles", "AOB"),
    Page("readings/sp", "The skirmish fragment", "SP"),
    Page("readings/bat", "Batalist", "BAT"),
)
_LABEL = re.compile(r"^\(([A-Za-z0-9_-]+)\)=\s*$", re.M)
_TITLE = re.compile(r"^# (.+)$", re.M)
_TOC_FILE = re.compile(r"^\s*-?\s*file:\s*book/(\S+)\s*$", re.M)


@dataclass(frozen=True)
class Book:
    """What the generator needs to know of the book: where each label is (chapter and line), the chapters'
    titles and their order."""

    labels: Mapping[str, tuple[str, int]]
    titles: Mapping[str, str]
    order: Sequence[str]

    @classmethod
    def read(cls, root: Path) -> Book:
        """The book under ``root`` (the repository: ``_toc.yml`` and ``book/``)."""
        book = root / "book"
        labels: dict[str, tuple[str, int]] = {}
        titles: dict[str, str] = {}
        for path in sorted(book.rglob("*.md")):
            doc = path.relative_to(book).with_suffix("").as_posix()
            if "_build" in path.parts or is_appendix(doc):
                continue
            text = path.read_text(encoding="utf-8")
            for m in _LABEL.finditer(text):
                labels.setdefault(m.group(1), (doc, text.count("\n", 0, m.start())))
            title = _TITLE.search(text)
            titles[doc] = title.group(1).strip() if title else doc
        order = _TOC_FILE.findall((root / "_toc.yml").read_text(encoding="utf-8"))
        return cls(labels, titles, order)

    def chapter(self, label: str) -> str:
        return self.labels[label][0]


def is_appendix(doc: str) -> bool:
    """Whether the document ``doc`` (a name under ``book/``) is a page of the appendix itself."""
    return doc == INDEX or doc.startswith(INDEX + "/")


def anchor(label: str) -> str:
    """The appendix's target for the Readings of the text under ``label``."""
    return f"reading-{label}"


def chapter_anchor(doc: str) -> str:
    return "readings-" + doc.replace("/", "-")


def _toggles(rule_ids: Iterable[str]) -> list[str]:
    """Each control that switches one of these rules' Readings: its widget label, its command-line flag and the
    calculators that offer it, from the registries (the one source of every face)."""
    from aot_rules.systems import all_mechanics

    wanted = list(dict.fromkeys(rule_ids))
    found: dict[tuple[str, str], list[str]] = {}
    for m in all_mechanics():
        for p in m.inputs:
            if p.reading in wanted:
                found.setdefault((p.reading, p.flag), [p.title])
                if m.rule_id not in found[(p.reading, p.flag)]:
                    found[(p.reading, p.flag)].append(m.rule_id)
    out = []
    for (_, flag), (title, *mechanics) in sorted(found.items(), key=lambda kv: (wanted.index(kv[0][0]), kv[0][1])):
        out.append(str(msg("{title} ({flag}) on {mechanics}", title=f"*{text(title)}*", flag=f"`{flag}`",
                           mechanics=", ".join(mechanics))))
    return out


def _title(label: str) -> str:
    rid = label.upper()
    rule = next((r for r in RULES if r.rule_id == rid), None)
    return f"{rid} — {text(rule.title)}" if rule is not None else rid


def _entry(n: int, r: Reading, own: str) -> list[str]:
    marks = {Origin.ENGINEERING: msg("Ours (engineering): the index is silent."),
             Origin.NOTED: msg("Noted while writing the book; not in the index.")}
    mark = f" *{marks[r.origin]}*" if r.origin in marks else ""
    opened = msg("Open ({rule}).", rule=r.rule_id) if r.rule_id != own else msg("Open.")
    heads = {"why": msg("Why."), "adopted": msg("Adopted."), "other": msg("The other reading.")}
    why = [f"   **{heads['why']}** {r.why}\\"] if r.why else []
    return [f"{n}. **{opened}** {r.open}{mark}\\", f"   **{heads['adopted']}** {r.adopted}\\", *why,
            f"   **{heads['other']}** {r.odds}", ""]


def groups(book: Book, readings: Sequence[Reading] = READINGS) -> dict[str, dict[str, dict[str, list[Reading]]]]:
    """system → chapter → label → its Readings, each level in the book's order."""
    out: dict[str, dict[str, dict[str, list[Reading]]]] = {s: {} for s in SYSTEMS}
    for r in readings:
        out[r.system].setdefault(book.chapter(r.target), {}).setdefault(r.target, []).append(r)
    for system, chapters in out.items():
        ordered = sorted(chapters, key=lambda d: book.order.index(d) if d in book.order else len(book.order))
        out[system] = {d: dict(sorted(chapters[d].items(), key=lambda kv: book.labels[kv[0]][1])) for d in ordered}
    return out


def _count(labels: Mapping[str, Sequence[Reading]]) -> int:
    return sum(len(v) for v in labels.values())


def on_pages(book: Book, readings: Sequence[Reading] = READINGS) -> dict[Page, dict[str, dict[str, list[Reading]]]]:
    """Each page of :data:`PAGES` → its chapters → label → Readings, in the book's order."""
    out: dict[Page, dict[str, dict[str, list[Reading]]]] = {page: {} for page in PAGES}
    for system, chapters in groups(book, readings).items():
        mine = [page for page in PAGES if page.system == system]
        at = 0
        for doc, labels in chapters.items():
            if at + 1 < len(mine) and doc == mine[at + 1].start:
                at += 1
            out[mine[at]][doc] = labels
    return out


def index(book: Book, readings: Sequence[Reading] = READINGS) -> str:
    """The generated part of the index page: each page with its chapters and how many Readings each has."""
    head, contents = msg("Contents."), msg("The number is how many Readings each page and each chapter has.")
    lines = [f"**{head}** {contents}", ""]
    for page, chapters in on_pages(book, readings).items():
        links = [f"{{ref}}`{book.titles[d]} <{chapter_anchor(d)}>` ({_count(labels)})"
                 for d, labels in chapters.items()]
        total = sum(_count(labels) for labels in chapters.values())
        lines.append(f"- **{{ref}}`{page.title} <{page.anchor}>`** ({total}): " + " · ".join(links))
    return "\n".join(lines).rstrip() + "\n"


def page_part(book: Book, page: Page, readings: Sequence[Reading] = READINGS) -> str:
    """The generated part of one page, as MyST: its contents, chapter by chapter with each rule that has
    Readings, then the Readings themselves."""
    chapters = on_pages(book, readings)[page]
    head, contents = msg("Contents."), msg("Each chapter, with how many Readings it has, and the rules they belong to.")
    lines = [f"**{head}** {contents}", ""]
    back, toggled = msg("Back to the rule"), msg("What toggles it")
    for doc, labels in chapters.items():
        rules = " · ".join(f"{{ref}}`{label.upper()} <{anchor(label)}>`" for label in labels)
        lines.append(f"- **{{ref}}`{book.titles[doc]} <{chapter_anchor(doc)}>`** ({_count(labels)}): {rules}")
    lines.append("")
    for doc, labels in chapters.items():
        lines += [f"({chapter_anchor(doc)})=", f"## {book.titles[doc]}", ""]
        for label, rs in labels.items():
            own = label.upper()
            lines += [f"({anchor(label)})=", f"### {_title(label)}", "",
                      str(msg("{back} in {chapter}.", back=f"{{ref}}`{back} <{label}>`",
                              chapter=f"*{book.titles[doc]}*")), ""]
            for n, r in enumerate(rs, 1):
                lines += _entry(n, r, own)
            toggles = _toggles(r.rule_id for r in rs)
            if toggles:
                said = msg("(the default is always the reading adopted): {toggles}.", toggles="; ".join(toggles))
                lines += [f"**{toggled}** {said}", ""]
    return "\n".join(lines).rstrip() + "\n"


def pages(book: Book, readings: Sequence[Reading] = READINGS) -> dict[str, str]:
    """Each page of the appendix (its document name under ``book/``) → its generated part."""
    out = {INDEX: index(book, readings)}
    out.update({page.doc: page_part(book, page, readings) for page in PAGES})
    return out


def replace_between(page: str, generated: str) -> str:
    """``page`` with the text between its markers replaced by ``generated``."""
    head, rest = page.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{BEGIN}\n\n{generated}\n{END}{tail}"


def main(argv: Sequence[str]) -> int:
    """Regenerate every page of the appendix in place: ``python -m aot_rules.present.readings [ROOT]``, where ROOT
    is the repository (the current directory by default)."""
    root = Path(argv[0] if argv else ".")
    for doc, generated in pages(Book.read(root)).items():
        page = root / "book" / f"{doc}.md"
        page.write_text(replace_between(page.read_text(encoding="utf-8"), generated), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
