"""The Russian edition is whole: every message of the engine's catalogue and every paragraph of every page is
translated, none is left fuzzy, each translated paragraph keeps its source's links, code and maths, and no English
word is left in the Russian text (issue #35).  ``tools/po_check.py`` is the check; these tests run it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import po_check  # noqa: E402

BOOK_PO = sorted((ROOT / "locales" / "ru" / "LC_MESSAGES").rglob("*.po"))


def test_every_page_has_its_russian_catalogue() -> None:
    pages = {p.relative_to(ROOT / "book").with_suffix("") for p in (ROOT / "book").rglob("*.md")
             if "_build" not in p.parts and not p.name.startswith("_")}
    translated = {p.relative_to(ROOT / "locales/ru/LC_MESSAGES/book").with_suffix("") for p in BOOK_PO
                  if "book" in p.relative_to(ROOT / "locales/ru/LC_MESSAGES").parts[:1]}
    assert pages <= translated, f"pages with no Russian catalogue: {sorted(map(str, pages - translated))}"


@pytest.mark.parametrize("po", BOOK_PO, ids=lambda p: str(p.relative_to(ROOT / "locales")))
def test_a_pages_russian_is_complete_and_keeps_its_markup(po: Path) -> None:
    problems = po_check.check(po, "ru", allow_untranslated=False)
    assert not problems, "\n".join(f"{n}:{line}: {what}" for n, line, what in problems[:20])


def test_the_engines_russian_catalogue_is_complete() -> None:
    with (ROOT / "aot_rules/locales/ru/LC_MESSAGES/aot_rules.po").open("rb") as fp:
        cat = read_po(fp, locale="ru")
    missing = [m.id for m in cat if m.id and not (m.string if isinstance(m.string, str) else all(m.string or ()))]
    fuzzy = [m.id for m in cat if m.id and m.fuzzy]
    assert not missing and not fuzzy, f"untranslated: {missing[:10]}; fuzzy: {fuzzy[:10]}"


def test_the_check_sees_lost_markup_and_english() -> None:
    source = "A {term}`charge <charge>` ends in contact ({ref}`aot-run`); roll `2d6`."
    assert po_check.markup(source) == po_check.markup("{term}`Атака <charge>` — ({ref}`aot-run`), `2d6`.")
    assert po_check.markup(source) != po_check.markup("{term}`Атака <charge>` ({ref}`aot-trot`), `2d6`.")
    assert po_check.latin_words("Отряд {term}`в строю <formed>` идёт at speed AOT-RUN") == ["at", "speed"]


#: Words the Russian edition must not use for a concept the source names otherwise (the glossary's term, right).
NOT_THE_SOURCES_TERM = {r"младш\w* офицер": "младший командир (junior officer)",
                        r"[Пп]рочтени": "толкование (a Reading)"}


def _russian_texts() -> list[tuple[str, str]]:
    out = []
    for po in BOOK_PO:
        with po.open("rb") as fp:
            out += [(po.name, m.string) for m in read_po(fp, locale="ru") if m.id and isinstance(m.string, str)]
    return out


def test_the_russian_pages_use_the_sources_terms() -> None:
    import re

    found = {term: [t[:80] for _, t in _russian_texts() if re.search(pattern, t)][:3]
             for pattern, term in NOT_THE_SOURCES_TERM.items()}
    assert not any(found.values()), found


def shows_term(shown: str, russian: str) -> bool:
    """Whether a link's Russian words are a form of the glossary's Russian term: a word of the term, inflected
    (its stem), or the term's initials (ОД for очки деморализации).

    >>> shows_term("плотности строя", "плотность строя"), shows_term("ОД", "очки деморализации")
    (True, True)
    >>> shows_term("вдвое", "дубль")
    False
    """
    import re

    term_words = re.findall(r"\w+", russian.lower())
    initials = "".join(w[0] for w in term_words).upper()
    said = re.findall(r"\w+", shown.lower())
    # an inflected word keeps the term word's first letters: three of a short word (бег·ом, рыс·ью), four of a long one
    return shown.strip() == initials or any(w[:3 if len(w) <= 5 else 4] == s[:3 if len(w) <= 5 else 4]
                                            for w in term_words for s in said)


def test_every_term_link_shows_the_glossarys_russian_term() -> None:
    """A Russian page links a glossary term with the glossary's own Russian word (inflected as the sentence needs),
    so the glossary stays the single list of terms: a link that shows another word names another concept."""
    import re

    from aot_rules.glossary import TERMS

    russian = {t.term.lower(): t.russian for t in TERMS}
    wrong = []
    for page, text in _russian_texts():
        for role in re.findall(r"\{term\}`([^`]*)`", text):
            m = re.match(r"(.*?)\s*<([^<>]+)>\s*$", role)
            shown, target = (m.group(1), m.group(2)) if m else (role, role)
            if target.lower() in russian and not shows_term(shown, russian[target.lower()]):
                wrong.append(f"{page}: «{shown}» for {target} ({russian[target.lower()]})")
    assert not wrong, wrong
