"""Issue 24, part 1: every glossary term a chapter uses is linked to the glossary at its first use there.

A reader who meets "reform" or "DP" for the first time in a chapter should be one click from its definition.
The test reads the MyST sources (no build): for each chapter of the learning path and of the companion
systems it blanks out what is not running prose (front matter, code cells and code blocks, headings, labels,
directive lines and their options, HTML comments and tags, inline code and maths, and the text of every role
and Markdown link), then finds, for each glossary term of that chapter's rule system, the first place the
prose uses it (the headword or a spelling ``aot_rules.glossary.spellings`` knows).  That first use must come
after a ``{term}`` link to the term (a link whose text is the word and whose target is another term, such as
a verb "turn" linked to *turning*, does not count for the first), or after a ``{ref}`` link whose text is the
term and whose target is the section that explains it (its ``where``).  Longer terms win over the shorter ones
they contain, so "dispersed order" is not a use of "dispersed".

Across the learning path as a whole (issue #38), a term's first use in a chapter before the one that explains it
links straight to that explanation: a ``{ref}`` to its ``where`` label, not the glossary.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

import pytest
import yaml

from aot_rules.glossary import TERMS, Term, spellings

ROOT = Path(__file__).resolve().parents[2]
TERM_ROLE = re.compile(r"\{term\}`([^`]*)`")
REF_ROLE = re.compile(r"\{ref\}`([^`<]*?)\s*<([^>`]+)>`")
OTHER_ROLE = re.compile(r"\{[a-zA-Z0-9:_-]+\}`[^`]*`")
MD_LINK = re.compile(r"!?\[[^\]]*\]\([^)]*\)")
INLINE_CODE = re.compile(r"`+[^`\n]*`+")
MATH = re.compile(r"\$[^$\n]+\$")
HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)
HTML_TAG = re.compile(r"<[^>\n]+>")
FENCE = re.compile(r"^\s*(`{3,}|:{3,})\s*(\{([^}]*)\})?")
#: Directives whose body is code, maths or machinery rather than prose (the empty name is a plain code block).
NOT_PROSE = {"code-cell", "code", "code-block", "math", "raw", "eval-rst", "toctree", ""}


def _chapters() -> list[tuple[Path, str]]:
    """(source, system prefix) for the learning path's chapters and the companion systems' chapters."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    out: list[tuple[Path, str]] = []
    for part in toc["parts"]:
        for chapter in part["chapters"]:
            name = chapter["file"]
            if part["caption"].startswith("Learn the game"):
                out.append((ROOT / f"{name}.md", "AOT"))
            for folder, system in (("book/aob/", "AOB"), ("book/sp/", "SP"), ("book/bat/", "BAT")):
                if name.startswith(folder):
                    out.append((ROOT / f"{name}.md", system))
    return out


def _blank(m: re.Match[str]) -> str:
    """Spaces in place of a match, newlines kept, so positions in the masked text are positions in the source."""
    return re.sub(r"[^\n]", " ", m.group(0))


class Link(NamedTuple):
    """A ``{term}`` link in the source: where it starts and the term it targets (lower case)."""

    start: int
    target: str


def _prose_lines(lines: list[str]) -> list[bool]:
    """Which lines are prose: not front matter, code, a fence or directive line, an option, heading or label."""
    keep = [False] * len(lines)
    first = 0
    if lines and lines[0].strip() == "---":  # front matter
        first = lines.index("---", 1) + 1
    stack: list[tuple[str, bool]] = []  # open fences: (fence marker, body is prose)
    in_options = False
    for i in range(first, len(lines)):
        line = lines[i]
        fence = FENCE.match(line)
        closes = (
            bool(stack) and fence is not None and fence.group(2) is None
            and fence.group(1)[0] == stack[-1][0][0] and len(fence.group(1)) >= len(stack[-1][0])
            and not line.strip()[len(fence.group(1)):].strip()
        )
        if closes:
            stack.pop()
            continue
        if stack and not stack[-1][1]:  # inside code
            continue
        if fence:
            stack.append((fence.group(1), (fence.group(3) or "").strip() not in NOT_PROSE))
            in_options = True
            continue
        if in_options and re.match(r"^\s*:[\w-]+:", line):
            continue
        in_options = False
        stripped = line.strip()
        keep[i] = not (stripped.startswith(("#", "%", "+++")) or re.match(r"^\([^)]*\)=\s*$", stripped))
    return keep


def explained_by(text: str, label: str) -> Term | None:
    """The term a ``{ref}`text <label>``` link names, when ``label`` is the section that explains it: the one
    spelled ``text``, or the only term that section explains (a verb "turns" linked to *turning*'s section)."""
    said = " ".join(text.split()).lower()
    there = [t for t in TERMS if t.where == label]
    spelled = [t for t in there if said in {s.lower() for s in spellings(t)}]
    return spelled[0] if spelled else there[0] if len(there) == 1 else None


def prose(source: str) -> tuple[str, list[Link]]:
    """The source with everything that is not running prose blanked out (same length, so positions agree),
    and its ``{term}`` links, which are blanked too and returned separately."""
    lines = source.split("\n")
    keep = _prose_lines(lines)
    body = "\n".join(line if k else " " * len(line) for line, k in zip(lines, keep, strict=True))
    body = HTML_COMMENT.sub(_blank, body)
    links: list[Link] = []
    for m in TERM_ROLE.finditer(body):
        target = re.search(r"<([^>]+)>\s*$", m.group(1))
        links.append(Link(m.start(), (target.group(1) if target else m.group(1)).strip().lower()))
    for m in REF_ROLE.finditer(body):
        term = explained_by(m.group(1), m.group(2))
        if term is not None:
            links.append(Link(m.start(), term.term.lower()))
    links.sort()
    for pattern in (TERM_ROLE, OTHER_ROLE, MD_LINK, INLINE_CODE, MATH, HTML_TAG):
        body = pattern.sub(_blank, body)
    return body, links


def _matcher(terms: list[Term]) -> tuple[re.Pattern[str], dict[str, Term]]:
    """One pattern for every spelling of ``terms``, longest first so that a longer term wins; spellings with
    a capital (Group, DP) match only as written, the rest in any case."""
    by_spelling: dict[str, Term] = {}
    for t in terms:
        for s in spellings(t):
            by_spelling[s if s != s.lower() else s.lower()] = t
    alternatives = []
    for s in sorted(by_spelling, key=len, reverse=True):
        word = re.escape(s).replace(r"\ ", r"\s+")
        alternatives.append(word if s != s.lower() else f"(?i:{word})")
    return re.compile(r"(?<![\w-])(?:" + "|".join(alternatives) + r")(?![\w-])"), by_spelling


class Use(NamedTuple):
    """A bare first use: the term, where its word is in the source, and the word."""

    term: Term
    start: int
    end: int
    word: str


def first_bare_uses(source: str, system: str) -> list[Use]:
    """The terms of ``system`` whose first use in ``source``'s prose is a bare word, not a ``{term}`` link."""
    body, links = prose(source)
    pattern, by_spelling = _matcher([t for t in TERMS if system in t.systems])
    events: list[tuple[int, Link | re.Match[str]]] = [(link.start, link) for link in links]
    events += [(m.start(), m) for m in pattern.finditer(body)]
    seen: set[str] = set()
    bare: list[Use] = []
    for _, event in sorted(events, key=lambda e: e[0]):
        if isinstance(event, Link):
            seen.add(event.target)
            continue
        spelled = " ".join(event.group(0).split())
        found = by_spelling.get(spelled) or by_spelling[spelled.lower()]
        if found.term.lower() not in seen:
            seen.add(found.term.lower())
            bare.append(Use(found, event.start(), event.end(), event.group(0)))
    return bare


def first_use_failures(source: str, system: str) -> list[str]:
    """The bare first uses in ``source``, each with a little context."""
    return [
        f"{u.term.term!r} first used unlinked: …{' '.join(source[max(0, u.start - 50):u.end + 30].split())}…"
        for u in first_bare_uses(source, system)
    ]


CHAPTERS = _chapters()


def test_the_chapters_checked_are_the_learning_path_and_the_companion_systems() -> None:
    systems = [system for _, system in CHAPTERS]
    assert systems.count("AOT") == 14 and {"AOB", "SP", "BAT"} <= set(systems)
    assert all(path.exists() for path, _ in CHAPTERS)


@pytest.mark.parametrize(("path", "system"), CHAPTERS, ids=[str(p.relative_to(ROOT / "book")) for p, _ in CHAPTERS])
def test_each_term_is_linked_at_its_first_use_in_the_chapter(path: Path, system: str) -> None:
    failures = first_use_failures(path.read_text(encoding="utf-8"), system)
    assert not failures, f"{path.name}:\n" + "\n".join(failures)


def _failed(source: str) -> list[str]:
    return [u.term.term for u in first_bare_uses(source, "AOT")]


def test_the_check_sees_an_unlinked_first_use_and_accepts_a_linked_one() -> None:
    """The scanner itself: a bare first use fails, a linked one passes, and what is not prose is ignored."""
    assert _failed("# Density\n\n```{code-cell}\ndensity = 4\n```\n\nA {term}`unit`'s density is its rank.\n") \
        == ["density"]
    assert _failed("A {term}`unit`'s {term}`density` is its widest rank; density again needs no link.\n") == []
    assert _failed("Two {term}`units <unit>` spend {term}`DP <demoralization points>`; later densities.\n") \
        == ["density"]
    assert _failed("Two {term}`units <unit>` spend DP.\n") == ["demoralization points"]
    assert _failed("A {term}`unit` in {term}`dispersed order` is not yet {term}`dispersed`.\n") == []
    ignored = "(aot-density)=\n:::{note} density\n:class: density\n`density` {ref}`density <x>` $density$\n:::\n"
    assert _failed(ignored) == []
    assert _failed("A {term}`unit` may {term}`turn <turning>` about; each turn has slots.\n") == ["turn", "slot"]
    assert _failed("---\ntitle: unit\n---\n<!-- a unit -->\n````\n```\nunit\n```\n````\nno terms\n") == []


def _path() -> list[Path]:
    """The learning path's chapters, in reading order."""
    return [path for path, system in CHAPTERS if system == "AOT"]


def first_uses_in_path(chapters: list[Path]) -> dict[str, tuple[int, Path, int, bool]]:
    """Each AOT term's first use in the path: (chapter index, chapter, position, whether it is a ``{ref}`` to the
    section that explains it)."""
    terms = [t for t in TERMS if "AOT" in t.systems]
    pattern, by_spelling = _matcher(terms)
    first: dict[str, tuple[int, Path, int, bool]] = {}
    for n, path in enumerate(chapters):
        source = path.read_text(encoding="utf-8")
        body, links = prose(source)
        events = [(link.start, link.target, source.startswith("{ref}", link.start)) for link in links]
        for m in pattern.finditer(body):
            spelled = " ".join(m.group(0).split())
            events.append((m.start(), (by_spelling.get(spelled) or by_spelling[spelled.lower()]).term.lower(), False))
        for start, term, direct in sorted(events):
            first.setdefault(term, (n, path, start, direct))
    return first


def test_a_term_met_before_its_chapter_links_straight_to_where_it_is_explained() -> None:
    """Issue #38: a newcomer who meets "panicking" in the introduction is one click from the section that
    explains it, whichever chapter that is."""
    chapters = _path()
    labels = {label: n for n, path in enumerate(chapters)
              for label in re.findall(r"^\(([\w-]+)\)=", path.read_text(encoding="utf-8"), re.M)}
    first, early = first_uses_in_path(chapters), []
    for term in (t for t in TERMS if "AOT" in t.systems):
        n, path, _start, direct = first[term.term.lower()]
        if n < labels.get(term.where, len(chapters)) and not direct:
            early.append(f"{term.term!r} in {path.name}, explained at {term.where}")
    assert not early, "\n".join(early)
