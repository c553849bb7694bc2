"""The glossary in both editions (``{aot-glossary}`` in book/_ext/aot_reference.py, issue 35 items 4-5).

The Russian edition leads with the Russian terms, in Russian alphabetical order, each entry keeping the English
headword's anchor and reference target; the English edition opens with an index of the Russian terms.  The unit
tests check the directive's helpers; the small-project tests build a three-page Sphinx project with the real
extension in each language (seconds, not the whole book); the last ones read the whole strict build
(``built_book``).
"""

from __future__ import annotations

import html.parser
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from aot_rules.glossary import TERMS, russian_key, russian_order, term

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "book" / "_ext"))

import aot_reference  # noqa: E402

CYRILLIC = re.compile("[А-Яа-яЁё]")
LATIN = re.compile("[A-Za-z]")


# --- the helpers -------------------------------------------------------------------------------------------------


def test_russian_order_is_the_dictionarys() -> None:
    words = [t.russian for t in russian_order()]
    assert len(words) == len(TERMS)
    assert words == sorted(words, key=lambda w: w.lower().replace("ё", "е"))
    # ё files with е, not after я as its code point would put it
    assert sorted(["ёж", "ящик", "еда", "жук"], key=russian_key) == ["еда", "ёж", "жук", "ящик"]


def test_each_edition_lists_every_term_once_in_its_own_order() -> None:
    en = aot_reference.glossary_entries("en")
    ru = aot_reference.glossary_entries("ru")
    assert sorted(en) == sorted(ru) == sorted(TERMS)
    assert [t.term.lower() for t in en] == sorted(t.term.lower() for t in TERMS)
    assert ru == russian_order()


def test_the_definitions_and_systems_come_through_the_catalogue() -> None:
    """In the pseudo-locale every definition and system name is transformed: none is English written past the
    catalogue."""
    source = aot_reference.glossary_source("qps")
    for t in TERMS:
        assert f"⟦{t.definition.msgid}⟧" not in source  # transformed, not wrapped as it is
        assert t.definition.render("qps") in source
    assert "Art of Tactics" not in source and "⟦Àŕt öf Tàçtîçš⟧" in source
    # the English wording itself is unchanged
    en = aot_reference.glossary_source("en")
    assert "*плотность строя*. The number of formed warriors in a unit's longest rank" in en
    assert "(Art of Tactics, Age of Battles, Batalist; {ref}`" in en


def test_every_definition_and_system_name_has_its_russian_in_the_catalogue() -> None:
    from babel.messages.pofile import read_po

    from aot_rules.glossary import SYSTEM_NAMES

    with (ROOT / "aot_rules" / "locales" / "ru" / "LC_MESSAGES" / "aot_rules.po").open("rb") as fp:
        catalogue = {m.id: m.string for m in read_po(fp) if m.id and not m.fuzzy}
    wanted = [t.definition.msgid for t in TERMS] + [m.msgid for m in SYSTEM_NAMES.values()] + ["Russian terms"]
    missing = [w for w in wanted if not CYRILLIC.search(str(catalogue.get(w) or ""))]
    assert not missing, missing


def test_the_russian_source_keeps_the_english_headword_for_its_anchor() -> None:
    source = aot_reference.glossary_source("ru").splitlines()
    heads = [line for line in source[2:-1] if line and not line.startswith(" ")]
    assert heads == [t.term for t in russian_order()]


def test_an_entrys_anchor_is_sphinxs_for_the_english_headword() -> None:
    assert aot_reference.term_id(term("density")) == "term-density"
    assert aot_reference.term_id(term("closed order")) == "term-closed-order"
    assert aot_reference.edition("ru_RU") == "ru" and aot_reference.edition(None) == "en"


# --- a small project built with the real extension ------------------------------------------------------------


class _Page(html.parser.HTMLParser):
    """A built page's ids, its glossary headwords (``dt``) and its links."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.heads: list[tuple[str, str]] = []  # (id, text without the small English term)
        self.links: list[tuple[str, str]] = []  # (href, text)
        self._dt: list[str] | None = None
        self._dt_id = ""
        self._small = 0
        self._a: list[str] | None = None
        self._href = ""
        self._headerlink = False  # the permalink after a headword ("¶", or "#" in the book's theme)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"] or "")
        if tag == "dt":
            self._dt, self._dt_id = [], a.get("id") or ""
        if tag == "span" and "aot-glossary-en" in (a.get("class") or "").split():
            self._small += 1
        elif tag == "span" and self._small:
            self._small += 1
        if tag == "a":
            self._a, self._href = [], a.get("href") or ""
            self._headerlink = "headerlink" in (a.get("class") or "").split()

    def handle_endtag(self, tag: str) -> None:
        if tag == "span" and self._small:
            self._small -= 1
        if tag == "dt" and self._dt is not None:
            self.heads.append((self._dt_id, "".join(self._dt).strip()))
            self._dt = None
        if tag == "a" and self._a is not None:
            self.links.append((self._href, "".join(self._a).strip()))
            self._a = None

    def handle_data(self, data: str) -> None:
        if self._dt is not None and not self._small and not (self._a is not None and self._headerlink):
            self._dt.append(data)
        if self._a is not None and not self._headerlink:
            self._a.append(data)


def _read(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def _build(tmp: Path, lang: str, po: str = "", builder: str = "html") -> Path:
    """Build the small project in ``lang`` strictly (warnings are errors) and return its output folder."""
    src = tmp / "src"
    src.mkdir()
    labels = sorted({t.where for t in TERMS})
    (src / "index.md").write_text("# Book\n\n```{toctree}\nglossary\nrules\nchapter\n```\n", encoding="utf-8")
    (src / "glossary.md").write_text("# Glossary\n\n```{aot-glossary}\n```\n", encoding="utf-8")
    (src / "rules.md").write_text("# Rules\n\n" + "".join(f"({label})=\n## Section {label}\n\nText.\n\n"
                                                         for label in labels), encoding="utf-8")
    (src / "chapter.md").write_text("# Chapter\n\nA {term}`плотность строя <density>` and a {term}`density`, "
                                    "and {term}`отряд`.\n" if lang == "ru" else
                                    "# Chapter\n\nA {term}`density` and a {term}`unit`.\n", encoding="utf-8")
    (src / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(ROOT / 'book' / '_ext')!r})\n"
        "extensions = ['myst_parser', 'aot_reference']\n"
        f"language = {lang!r}\nlocale_dirs = ['locales/']\ngettext_compact = False\n"
        "myst_heading_anchors = 0\nsuppress_warnings = ['myst.header']\n", encoding="utf-8")
    if po:
        (src / "locales" / lang / "LC_MESSAGES").mkdir(parents=True)
        (src / "locales" / lang / "LC_MESSAGES" / "glossary.po").write_text(po, encoding="utf-8")
    out = tmp / builder
    # its own process: Sphinx registers node classes process-wide, and a second app in one process warns
    proc = subprocess.run([sys.executable, "-m", "sphinx", "-b", builder, "-W", "-n", "-E", "-q", str(src), str(out)],
                          capture_output=True, text=True, timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0, (proc.returncode, proc.stdout + proc.stderr)
    return out


def _stale_po() -> str:
    """A page catalogue holding entries for the generated glossary's own text (a headword, a definition line as
    the Russian build parses it): the build must not apply them over the generated entries."""
    lines = aot_reference.glossary_source("ru").splitlines()
    unit = lines[lines.index("unit") + 1].strip()
    return ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
            'msgid "density"\nmsgstr "ПЕРЕВОД ЗАГОЛОВКА"\n\n'
            f'msgid "{unit}"\nmsgstr "ПЕРЕВОД ОТРЯДА"\n')


@pytest.fixture(scope="module")
def small_ru(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("ru"), "ru", _stale_po())


@pytest.fixture(scope="module")
def small_en(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("en"), "en")


def test_russian_headwords_are_russian_sorted_and_keep_the_english_anchors(small_ru: Path) -> None:
    page = _read(small_ru / "glossary.html")
    heads = [text for _, text in page.heads]
    assert heads == [t.russian for t in russian_order()]
    assert all(CYRILLIC.search(h) and not LATIN.search(h) for h in heads), heads
    assert [i for i, _ in page.heads] == [aot_reference.term_id(t) for t in russian_order()]
    assert "term-density" in page.ids
    html = (small_ru / "glossary.html").read_text(encoding="utf-8")
    # the English term in small type, and no stale page translation applied over the generated entry
    assert '<span class="aot-glossary-en" lang="en">density</span>' in html
    assert "ПЕРЕВОД" not in html
    assert "russian-terms" not in page.ids  # the index of Russian terms is the English edition's


def test_a_russian_chapters_term_links_land_on_their_entries(small_ru: Path) -> None:
    links = [href for href, _ in _read(small_ru / "chapter.html").links if "glossary.html#" in href]
    assert links == ["glossary.html#term-density", "glossary.html#term-density", "glossary.html#term-unit"]


def test_the_english_glossary_indexes_every_russian_term(small_en: Path) -> None:
    page = _read(small_en / "glossary.html")
    assert "russian-terms" in page.ids and "term-density" in page.ids
    index = [(href, text) for href, text in page.links if href.startswith("#term-") and text]
    assert [text for _, text in index] == [t.russian for t in russian_order()]
    assert {href[1:] for href, _ in index} == {aot_reference.term_id(t) for t in TERMS} <= page.ids
    # the English headwords are unchanged
    assert [text for _, text in page.heads] == [t.term for t in aot_reference.glossary_entries("en")]


def test_the_generated_glossary_sends_nothing_to_the_pages_catalogue(tmp_path: Path) -> None:
    """``make book-pot`` (Sphinx's gettext builder) extracts the page's own words only: the entries are the
    engine catalogue's, so glossary.po holds no entry a translator would translate twice."""
    pot = (_build(tmp_path, "en", builder="gettext") / "glossary.pot").read_text(encoding="utf-8")
    ids = re.findall(r'^msgid "(.+)"$', pot, flags=re.M)
    assert ids == ["Glossary"]


# --- the whole book ----------------------------------------------------------------------------------------------


@pytest.mark.slow
def test_the_built_glossary_in_both_editions(built_book: Path) -> None:
    en, ru = _read(built_book / "book" / "glossary.html"), _read(built_book / "ru" / "book" / "glossary.html")
    assert "term-density" in en.ids and "term-density" in ru.ids
    assert [text for _, text in ru.heads] == [t.russian for t in russian_order()]
    entries = {aot_reference.term_id(t) for t in TERMS}
    assert {href[1:] for href, _ in en.links if href.startswith("#term-")} == entries
    # every Russian page's glossary link lands on an entry of the Russian glossary
    landed: set[str] = set()
    for path in (built_book / "ru" / "book").rglob("*.html"):
        for href, _ in _read(path).links:
            if "glossary.html#" in href and (path.parent / href.split("#")[0]).resolve() == (
                    built_book / "ru" / "book" / "glossary.html").resolve():
                assert href.split("#")[1] in ru.ids, (path.name, href)
                landed.add(href.split("#")[1])
    assert landed >= {"term-density", "term-Hero"} and len(landed) > len(TERMS) // 2
