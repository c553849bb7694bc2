"""Issue 24, parts 1, 2 and 6 at the source level (no build): the glossary's terms are used and lead
somewhere, every rule ID has a label in the book and every dice rule a registered mechanic, and the front
page's learning path is the sidebar's.  The built pages are checked in ``tests/book/test_apparatus_site.py``."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from aot_rules.catalogue import EXAMPLES, RULES
from aot_rules.glossary import SYSTEM_NAMES, TERMS, term
from aot_rules.systems import all_mechanics

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"
LABEL = re.compile(r"^\(([a-z0-9-]+)\)=", re.M)
TERM_ROLE = re.compile(r"\{term\}`(?:[^`<]*<([^`>]+)>|([^`<>]+))`")
#: Pages that define or list terms rather than use them.
APPARATUS = {"glossary.md", "rule-index.md"}


def _pages() -> dict[Path, str]:
    return {p: p.read_text(encoding="utf-8") for p in sorted(BOOK.rglob("*.md"))}


def _labels() -> set[str]:
    return {m for text in _pages().values() for m in LABEL.findall(text)}


def test_glossary_terms_are_unique_and_well_formed() -> None:
    names = [t.term.lower() for t in TERMS]
    assert len(names) == len(set(names)), sorted({n for n in names if names.count(n) > 1})
    for t in TERMS:
        assert re.search("[А-Яа-яЁё]", t.russian), f"{t.term}: no Russian term"
        assert t.systems and set(t.systems) <= set(SYSTEM_NAMES), t.term
        assert t.definition.msgid.endswith(".") and "\n" not in t.definition.msgid, t.term
    assert term("DENSITY") is term("density")


def test_every_system_has_glossary_terms() -> None:
    for system in SYSTEM_NAMES:
        assert sum(system in t.systems for t in TERMS) >= 8, system


def test_every_glossary_entry_links_to_a_section_of_the_book() -> None:
    labels = _labels()
    missing = [(t.term, t.where) for t in TERMS if t.where not in labels]
    assert not missing, missing


def test_every_glossary_term_is_used_in_the_book() -> None:
    used: set[str] = set()
    for path, text in _pages().items():
        if path.name in APPARATUS:
            continue
        used |= {(a or b).strip().lower() for a, b in TERM_ROLE.findall(text)}
    unused = [t.term for t in TERMS if t.term.lower() not in used]
    assert not unused, f"glossary terms no chapter links with {{term}}: {unused}"
    unknown = used - {t.term.lower() for t in TERMS}
    assert not unknown, f"{{term}} links to no glossary entry: {sorted(unknown)}"


def test_every_rule_id_has_a_label_in_the_book() -> None:
    labels = _labels()
    missing = [r.rule_id for r in RULES if r.rule_id.lower() not in labels]
    assert not missing, missing


def test_every_dice_rule_has_a_registered_mechanic() -> None:
    registered = {m.rule_id for m in all_mechanics()}
    missing = [r.rule_id for r in RULES if r.dice and r.rule_id not in registered]
    assert not missing, missing


def test_every_rule_shaped_label_is_a_catalogue_entry() -> None:
    """A label spelled like a rule ID (``aot-…``, ``sp-…``) must be one, so that the rule index, which lists
    the catalogue, misses no rule the book explains."""
    known = {r.rule_id.lower() for r in RULES} | {x.lower() for x in EXAMPLES}
    stray = sorted(lb for lb in _labels() if re.match(r"(aot|aob|sp|bat)-", lb) and lb not in known)
    assert not stray, stray


def test_badges_are_rule_roles_naming_catalogue_ids() -> None:
    ids = {r.rule_id for r in RULES} | set(EXAMPLES)
    for path, text in _pages().items():
        assert "{bdg-primary}" not in text, f"{path}: a hand-made badge; use {{rule}}"
        for rule_id in re.findall(r"\{rule\}`([^`]+)`", text):
            assert rule_id in ids, f"{path}: {rule_id}"


def test_the_front_page_path_is_the_sidebar_order() -> None:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    first = toc["parts"][0]
    assert first["caption"].startswith("Learn the game")
    sidebar = [c["file"].removeprefix("book/") for c in first["chapters"]]
    front = (BOOK / "index.md").read_text(encoding="utf-8")
    path = front[front.index("(learning-path)="):front.index("## Reference")]
    steps = re.findall(r"^(\d+)\. \{doc\}`([^`]+)`", path, re.M)
    assert [int(n) for n, _ in steps] == list(range(1, len(steps) + 1))
    assert [doc for _, doc in steps] == sidebar


def test_reading_boxes_open_with_a_one_line_ruling_and_fold_the_argument() -> None:
    """Issue 24, part 6: a chapter's Reading box shows its ruling in its title and folds the argument away.
    (The appendix and the comparison chapter's "Reading and blank" summaries are lists, not rulings.)"""
    skip = {"readings.md", "compare.md", "glossary.md", "rule-index.md"}
    for path, text in _pages().items():
        if path.name in skip or path.parent.name == "quickref":
            continue
        for title, cls in re.findall(r"^:::\{admonition\} (Readings?\b[^\n]*)\n:class: ([^\n]*)", text, re.M):
            if title.startswith("Reading: "):
                assert "dropdown" in cls.split(), f"{path.name}: {title[:60]} does not fold"
                assert len(title) < 200, f"{path.name}: a ruling of more than one line: {title[:60]}"
            else:
                assert path.parts[-2:] == ("bat", "intro.md"), f"{path.name}: a Reading box with no ruling"
