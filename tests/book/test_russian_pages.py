"""No English on the Russian edition's pages: every word a reader sees on a built Russian page (its article, with
the cells' outputs, the widgets' tables, the worked examples, the diagrams' captions) is Russian, outside names,
rule IDs, code and maths (issue #35).  ``tools/page_english.py`` reads the pages; ``ru_english.txt`` lists the words
a page may still show, a ratchet that only shrinks (rewrite it with ``python -m tests.book.test_russian_pages``)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import page_english  # noqa: E402

LEFT_FILE = Path(__file__).with_name("ru_english.txt")


def left() -> dict[str, set[str]]:
    """The ratchet: page → the English words it may still show."""
    out: dict[str, set[str]] = {}
    for line in LEFT_FILE.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            page, _, words = line.partition(":")
            out[page.strip()] = set(words.split())
    return out


def found(site: Path) -> dict[str, set[str]]:
    pages = {str(p.relative_to(site)): set(page_english.english(p.read_text(encoding="utf-8")))
             for p in page_english.pages(site)}
    return {page: words for page, words in pages.items() if words}


@pytest.mark.slow
def test_the_russian_pages_show_no_english(built_book: Path) -> None:
    now, allowed = found(built_book / "ru"), left()
    grown = {page: sorted(words - allowed.get(page, set())) for page, words in now.items()
             if words - allowed.get(page, set())}
    assert not grown, f"English on Russian pages (translate it, or it is a name: see tools/page_english.py): {grown}"


def test_the_check_sees_english_and_lets_codes_names_and_maths_through() -> None:
    html = ('<article class="bd-article"><p>Отряд стоит <code>python -m aot_rules</code> AOT-RUN '
            '<span class="math">x</span> and waits Athenians</p></article>')
    assert page_english.english(html) == ["and", "waits"]


def test_the_check_reads_the_words_a_widget_draws() -> None:
    """A widget's controls live in the JSON BokehJS draws from, not in the article's text: a control's title, a
    select's choices (their words, not their codes), a button's label, a text block; the codes a hint gives
    ("sword:3") and the document's own unseen title are not words a reader sees."""
    from bokeh.embed import components
    from bokeh.layouts import column
    from bokeh.models.widgets import Div, Select, Slider, TextInput, Toggle

    choices: list[str | tuple[Any, str]] = [("bow", "лук")]
    layout = column(Slider(start=1, end=9, value=4, title="firers"), Select(options=choices, value="bow"),
                    Toggle(label="Side A"), Div(text="<b>Залп</b> shown"),
                    TextInput(placeholder="напр. sword:3,shooter:1", title="смесь"))
    script, div = components(layout)
    html = f'<article class="bd-article"><p>Отряд</p>{div}</article>{script}'
    assert sorted(page_english.english(html)) == ["Side", "firers", "shown"]


def test_the_check_reads_what_an_exact_table_shows() -> None:
    """A calculator's exact table (its laws' and events' names, its outcomes, its facts) is drawn by widget.js: the
    English edition's table of a run shows English words to the check, the Russian edition's none."""
    from aot_rules.core.i18n import speaking
    from aot_rules.present.static import precompute, table_script
    from aot_rules.systems import get

    def table(lang: str) -> str:
        with speaking(lang):
            return table_script("AOT-RUN", precompute(get("AOT-RUN")))

    assert page_english.english(table("en")) and not page_english.english(table("ru"))


def write_left(site: Path = ROOT / "_build" / "html" / "ru") -> None:
    lines = ["# page: English words it may still show (tests/book/test_russian_pages.py; only ever shrinks)"]
    lines += [f"{page}: {' '.join(sorted(words))}" for page, words in sorted(found(site).items())]
    LEFT_FILE.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write_left()
