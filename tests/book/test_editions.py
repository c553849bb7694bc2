"""The book's two editions: English at the site root, Russian under ru/ (book/build_book.py, book/_ext/aot_lang.py).

The unit tests check the wrapper's plan for each edition (where it writes, which cache and settings it uses)
without building; the others read the strict build of both editions (the ``built_book`` fixture).
"""

from __future__ import annotations

import html.parser
import json
import re
import sys
import types
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "book"))
sys.path.insert(0, str(ROOT / "book" / "_ext"))

import aot_lang  # noqa: E402
import build_book  # noqa: E402

FOLDER = {"en": "", "ru": "ru"}
#: A widget's random element id (Bokeh), different in every build.
UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


# --- the plan, without a build ---------------------------------------------------------------------------------


def _plan(lang: str, builder: str = "html") -> dict[str, Any]:
    seen: dict[str, Any] = {}

    def original(sourcedir: Any, outputdir: Any, **kw: Any) -> int:
        seen.update(outputdir=Path(outputdir), **kw)
        return 0

    build_book._build_edition(original, lang, ROOT, ROOT / "_build" / "html",
                              confoverrides={"html_theme_options": {"search_bar_text": "Search this book...",
                                                                    "home_page_in_toc": True}},
                              builder=builder)
    return seen


def test_the_english_edition_is_built_where_it_always_was() -> None:
    plan = _plan("en")
    assert plan["outputdir"] == ROOT / "_build" / "html"
    assert "doctreedir" not in plan and "nb_execution_cache_path" not in plan["confoverrides"]
    assert "language" not in plan["confoverrides"]


def test_the_russian_edition_has_its_own_folder_doctrees_cache_and_settings() -> None:
    plan = _plan("ru")
    conf = plan["confoverrides"]
    assert plan["outputdir"] == ROOT / "_build" / "html" / "ru"
    assert plan["doctreedir"] == ROOT / "_build" / ".doctrees-ru"
    # jupyter-cache keys a page on its code alone: a shared cache would hand Russian pages English outputs
    assert conf["nb_execution_cache_path"] == str(ROOT / "_build" / ".jupyter_cache_ru")
    assert conf["language"] == "ru"
    # _config.ru.yml's theme options are merged over Jupyter Book's, not instead of them
    assert conf["html_theme_options"]["home_page_in_toc"] is True
    assert conf["html_theme_options"]["search_bar_text"] != "Search this book..."


def test_extracting_messages_runs_no_page() -> None:
    plan = _plan("en", builder="gettext")
    assert plan["confoverrides"]["nb_execution_mode"] == "off"
    assert plan["doctreedir"] == ROOT / "_build" / ".doctrees-gettext"


def test_a_wrong_edition_is_refused_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AOT_BOOK_EDITIONS", "en,fr")
    with pytest.raises(SystemExit, match="names no edition 'fr'"):
        build_book.editions()
    monkeypatch.setenv("AOT_BOOK_EDITIONS", "ru")
    assert build_book.editions() == ("ru",)


def test_the_russian_table_of_contents_lists_the_same_pages() -> None:
    def pages(name: str) -> list[Any]:
        toc = yaml.safe_load((ROOT / name).read_text(encoding="utf-8"))
        return [toc["root"], *([c["file"] for c in part["chapters"]] for part in toc["parts"])]

    assert pages("_toc.ru.yml") == pages("_toc.yml")
    captions = [p["caption"] for p in yaml.safe_load((ROOT / "_toc.ru.yml").read_text(encoding="utf-8"))["parts"]]
    assert all(re.search("[а-яё]", c, re.I) for c in captions), captions


def test_the_switcher_leads_to_the_same_page_or_the_other_front_page() -> None:
    assert aot_lang.links("book/melee", "en", True)["switch"]["href"] == "../ru/book/melee.html"
    assert aot_lang.links("book/melee", "ru", True)["switch"]["href"] == "../../book/melee.html"
    assert aot_lang.links("book/sp/melee", "ru", True)["switch"]["href"] == "../../../book/sp/melee.html"
    assert aot_lang.links("search", "en", True)["switch"]["href"] == "ru/search.html"
    missing = aot_lang.links("book/only-here", "ru", False)
    assert missing["switch"]["href"] == "../../index.html" and missing["alternates"] == []
    assert aot_lang.links("book/only-here", "en", False)["switch"]["href"] == "../ru/index.html"
    both = aot_lang.links("book/intro", "ru", True)["alternates"]
    assert both == [{"lang": "en", "href": "../../book/intro.html"}, {"lang": "ru", "href": "../../ru/book/intro.html"}]


def test_a_change_to_the_themes_words_rewrites_every_page(tmp_path: Path) -> None:
    env = types.SimpleNamespace(found_docs={"book/index", "book/intro", "book/melee"})
    app: Any = types.SimpleNamespace(srcdir=str(tmp_path), config=types.SimpleNamespace(language="ru"))
    po = tmp_path / "locales" / "ru" / "LC_MESSAGES" / "sphinx.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid "Back to top"\nmsgstr "Наверх"\n', encoding="utf-8")
    assert aot_lang._outdated(app, env, set(), set(), set()) == []  # a first build reads every page anyway
    assert aot_lang._outdated(app, env, set(), set(), set()) == []
    po.write_text('msgid "Back to top"\nmsgstr "К началу"\n', encoding="utf-8")
    assert aot_lang._outdated(app, env, set(), {"book/intro"}, set()) == ["book/index", "book/melee"]
    assert aot_lang._outdated(app, env, set(), set(), set()) == []


# --- the built editions ----------------------------------------------------------------------------------------


class _Page(html.parser.HTMLParser):
    """What the tests read from a page: its language, ids, alternates and the switcher."""

    def __init__(self) -> None:
        super().__init__()
        self.lang = ""
        self.ids: set[str] = set()
        self.alternates: dict[str, str] = {}
        self.switch: dict[str, str] = {}
        self.text: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "html":
            self.lang = a.get("lang", "")
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "link" and a.get("rel") == "alternate" and "hreflang" in a:
            self.alternates[a["hreflang"]] = a["href"]
        if tag == "a" and "aot-lang-switch" in a.get("class", "").split():
            self.switch = a
        if tag in ("script", "style"):
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.text.append(data)


def read(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def pages(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.html") if "_static" not in p.parts and "ru" not in p.relative_to(root).parts)


@pytest.mark.slow
def test_the_russian_build_leaves_no_working_files_in_the_english_site(built_book: Path) -> None:
    assert (built_book / "jupyter_execute").exists() is False
    assert sorted(p.name for p in (built_book / "ru").iterdir()) == sorted(
        p.name for p in built_book.iterdir() if p.name != "ru")


@pytest.mark.slow
def test_the_russian_front_page_is_russian_and_links_back(built_book: Path) -> None:
    ru = built_book / "ru" / "book" / "index.html"
    page = read(ru)
    text = " ".join(page.text)
    assert page.lang == "ru"
    assert "Главная идея: плотность строя" in text and "Учебный маршрут" in text
    assert "Учимся играть (по порядку)" in text  # the sidebar's caption, from _toc.ru.yml
    assert page.switch["hreflang"] == "en" and page.switch.get("lang") == "en"
    back = (ru.parent / page.switch["href"]).resolve()
    assert back == (built_book / "book" / "index.html").resolve()
    english = read(back)
    assert english.lang == "en" and "The one big idea: density" in " ".join(english.text)
    assert (back.parent / english.switch["href"]).resolve() == ru.resolve()


@pytest.mark.slow
def test_every_page_of_both_editions_names_both_with_hreflang(built_book: Path) -> None:
    checked = 0
    for edition, root in (("en", built_book), ("ru", built_book / "ru")):
        for path in pages(root):
            if path.name == "index.html" and path.parent == root:
                continue  # Jupyter Book's redirect to the front page
            page = read(path)
            assert page.lang == edition, f"{path}: lang={page.lang!r}"
            assert set(page.alternates) == {"en", "ru"}, f"{path}: alternates {page.alternates}"
            for lang, href in page.alternates.items():
                target = (path.parent / href).resolve()
                assert target.is_file(), f"{path}: the {lang} alternate {href} is missing"
                in_ru = target.relative_to(built_book.resolve()).parts[0] == "ru"
                assert in_ru == (lang == "ru"), f"{path}: the {lang} alternate {href} is in the wrong edition"
                assert target.relative_to((built_book / FOLDER[lang]).resolve()) == path.relative_to(root)
            assert (path.parent / page.switch["href"]).resolve().is_file(), f"{path}: switcher leads nowhere"
            checked += 1
    assert checked > 80


@pytest.mark.slow
@pytest.mark.parametrize("chapter", ["book/intro", "book/melee"])
def test_a_chapters_anchors_are_the_same_in_both_editions(built_book: Path, chapter: str) -> None:
    en, ru = (read(root / f"{chapter}.html").ids - {i for i in read(root / f"{chapter}.html").ids if UUID.match(i)}
              for root in (built_book, built_book / "ru"))
    assert "aot-density" in en or "aot-melee-result" in en
    assert en == ru  # the section ids come from the sources, not from the translated headings


@pytest.mark.slow
def test_cells_run_in_the_editions_language(built_book: Path) -> None:
    """The disorder-test table on the introduction is computed and written by the engine in the page's kernel: in
    the Russian edition its numbers are Russian (decimal comma, a space before %), so the kernel ran with
    AOT_LANG=ru and the English edition's cached outputs were not reused."""
    table = re.compile(r"<table[^>]*aot-table.*?</table>", re.S)
    en, ru = (table.findall((root / "book" / "intro.html").read_text(encoding="utf-8"))
              for root in (built_book, built_book / "ru"))
    assert en and len(en) == len(ru)
    assert re.search(r"\d\.\d%", en[0]) and not re.search(r"\d,\d", en[0])
    assert re.search(r"\d,\d\s%", ru[0]) and not re.search(r"\d\.\d", ru[0]), ru[0][:400]


@pytest.mark.slow
def test_the_russian_search_stems_russian_words(built_book: Path) -> None:
    """«плотности» finds the page that says «плотность»: the Russian edition's index is built with Russian stems."""
    import snowballstemmer

    raw = (built_book / "ru" / "searchindex.js").read_text(encoding="utf-8")
    index = json.loads(raw[raw.index("(") + 1: raw.rindex(")")])
    stem = snowballstemmer.stemmer("russian").stemWord("плотности")
    assert stem == snowballstemmer.stemmer("russian").stemWord("плотность")
    docs = set()
    for kind in ("terms", "titleterms"):  # a word in a page's title is indexed as a title term only
        hits = index[kind].get(stem, [])
        docs |= {index["docnames"][i] for i in (hits if isinstance(hits, list) else [hits])}
    assert {"book/index", "book/intro"} <= docs


@pytest.mark.slow
def test_both_editions_work_offline(built_book: Path) -> None:
    for root in (built_book, built_book / "ru"):
        manifest = json.loads((root / "manifest.webmanifest").read_text(encoding="utf-8"))
        assert manifest["scope"] == "./"
        assert (root / "sw.js").is_file()


@pytest.mark.slow
def test_the_themes_words_are_russian_on_russian_pages(built_book: Path) -> None:
    page = (built_book / "ru" / "book" / "intro.html").read_text(encoding="utf-8")
    for english in ("Search this book", "Back to top", "Color mode", "Contents", "Skip to main content",
                    "Toggle primary sidebar", "System Settings"):
        assert english not in page, english


# --- offline: one worker per edition, one set of caches per origin ---------------------------------------------

ACTIVATE = """
const vm = require('vm');
const [source, scriptUrl, keys] = JSON.parse(process.argv[1]);
const listeners = {}, deleted = [];
const self = {location: {href: scriptUrl}, addEventListener: (name, f) => { listeners[name] = f; },
              clients: {claim: async () => {}}, skipWaiting: async () => {}};
const caches = {keys: async () => keys, delete: async (k) => { deleted.push(k); return true; }};
const ctx = vm.createContext({self, caches, URL, console});
vm.runInContext(source, ctx);
let done;
listeners.activate({waitUntil: (p) => { done = p; }});
done.then(() => console.log(JSON.stringify({deleted, cache: vm.runInContext('CACHE', ctx)})));
"""


def _activate(site: str, keys: list[str]) -> dict[str, Any]:
    """Run the service worker's activation at ``site`` + ``sw.js`` in node, over a fake set of ``keys``."""
    import shutil
    import subprocess

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    source = (ROOT / "book" / "_ext" / "engine" / "sw.js").read_text(encoding="utf-8")
    source = source.replace("@BUILD@", "0123456789abcdef").replace("@PRECACHE@", "[]")
    out = subprocess.run([node, "-e", ACTIVATE, json.dumps([source, site + "sw.js", keys])],
                         capture_output=True, text=True, check=True, timeout=60).stdout
    result: dict[str, Any] = json.loads(out)
    return result


def test_each_editions_worker_clears_only_its_own_old_caches() -> None:
    en = _activate("https://example.org/aot/", [])["cache"]
    ru = _activate("https://example.org/aot/ru/", [])["cache"]
    assert en != ru
    old_en, old_ru = (name.replace("0123456789abcdef", "fedcba9876543210") for name in (en, ru))
    keys = [en, ru, old_en, old_ru, "aot-0000000000000000", "other-cache"]
    assert sorted(_activate("https://example.org/aot/ru/", keys)["deleted"]) == sorted([old_ru, "aot-0000000000000000"])
    assert sorted(_activate("https://example.org/aot/", keys)["deleted"]) == sorted([old_en, "aot-0000000000000000"])
