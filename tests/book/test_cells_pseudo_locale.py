"""The sentences the book's own code cells write come through the catalogue, and ``make messages`` finds them.

Each page with code cells (``book/*.md``, ``book/*/*.md``) has its cells run in the pseudo-locale (``qps``,
:mod:`cells`): every catalogue template comes out accented and bracketed, so an ASCII word of three letters or more
left in what the cells show is English written in the cell.  What a page shows through the engine's own faces (its
diagrams, the army report, a unit's description, the victory count's reasons, the turn sequence's titles) is other
work; those words are the ratchet :data:`LEAKS` (``cells_leaks.txt``, one page a line), which may only shrink.
After such a conversion lands, rewrite it::

    cd tests && PYTHONPATH=..:. python -c "import book.test_cells_pseudo_locale as t; t.write_leaks()"

Run as a script to see each page's English words::

    PYTHONPATH=.:tests python tests/book/test_cells_pseudo_locale.py [aob/clash ...]
"""

from __future__ import annotations

import re
import sys
from functools import cache
from pathlib import Path

import pytest

from aot_rules.core.i18n import PSEUDO, speaking
from book.cells import ROOT, Shown, run_page
from tools.myst_cells import extract

HERE = Path(__file__).resolve().parent
BOOK = ROOT / "book"
LEAKS_FILE = HERE / "cells_leaks.txt"
#: Every page with code cells, named by its path under book/ without ``.md`` (``intro``, ``aob/clash``).
PAGES = sorted(str(p.relative_to(BOOK).with_suffix("")) for p in [*BOOK.glob("*.md"), *BOOK.glob("*/*.md")]
               if "{code-cell}" in p.read_text(encoding="utf-8"))
#: victory.md simulates sixty games (seconds): the full tier only.
SLOW = {"victory"}
#: The keywords ``make messages`` gives Babel (Makefile ``BABEL_KEYWORDS``).
KEYWORDS = {"msg": None, "nmsg": (1, 2), "say": None, "say_html": None}
ALL = [pytest.param(p, marks=pytest.mark.slow) if p in SLOW else p for p in PAGES]


def leaks() -> dict[str, set[str]]:
    """The words each page may still show in English, from ``cells_leaks.txt``."""
    out: dict[str, set[str]] = {}
    for line in LEAKS_FILE.read_text(encoding="utf-8").splitlines():
        page, _, words = line.partition("\t")
        out[page] = set(words.split())
    return out


@cache
def pseudo(page: str) -> Shown:
    """What ``page``'s cells show in the pseudo-locale, run once for both checks."""
    return run_page(BOOK / f"{page}.md", PSEUDO)


def write_leaks() -> None:
    """Rewrite the ratchet from what the pages show now (read the difference before committing it)."""
    lines = [f"{page}\t{' '.join(sorted(words))}" for page in PAGES if (words := pseudo(page).english())]
    LEAKS_FILE.write_text("\n".join(lines) + "\n", encoding="utf-8")


def extracted(path: Path) -> set[str]:
    """The templates (a plural's singular) ``make messages`` extracts from a page's cells."""
    with path.open("rb") as f:
        return {m if isinstance(m, str) else m[0] for _, _, m, _ in extract(f, KEYWORDS, (), {})}


@pytest.mark.parametrize("page", ALL)
def test_cells_speak_the_catalogue(page: str) -> None:
    """In ``qps`` no English word is left in what the cells show, but those the ratchet still lists."""
    new = pseudo(page).english() - leaks().get(page, set())
    assert not new, f"book/{page}.md: its cells show English outside the catalogue: {sorted(new)}"


@pytest.mark.parametrize("page", ALL)
def test_cells_templates_are_extracted(page: str) -> None:
    """Each template a page's code hands the catalogue is one ``make messages`` extracts from the page: a ``msg()``
    inside an f-string's braces, or a template held in a variable, runs but is never offered for translation."""
    missing = pseudo(page).templates - extracted(BOOK / f"{page}.md")
    assert not missing, f"book/{page}.md: templates Babel does not see: {sorted(missing)}"


def test_the_ratchet_names_only_these_pages() -> None:
    """A page dropped from the list, or renamed, must leave the ratchet too (else its words stay allowed)."""
    assert set(leaks()) <= set(PAGES)


def test_a_sentence_written_outside_the_catalogue_is_seen(tmp_path: Path) -> None:
    """The runner reads what a cell displays and what its last expression shows, past a cell's ``---`` options;
    only the template is accented; the templates the cells use are noted, and one held in a variable is not one
    Babel extracts."""
    page = tmp_path / "page.md"
    page.write_text('# A page\n\n```{code-cell} ipython3\nfrom IPython.display import HTML, display\n'
                    'from aot_rules.present.page import say\nfrom aot_rules.core.i18n import msg\n'
                    'say("Hoplites hold with chance {p}.", p=1)\n'
                    'display(HTML("<p>Spearmen waver</p>"))\nheld = "{kind} skirmish"\n```\n\n'
                    '```{code-cell} ipython3\n---\ntags: [x]\n---\n'
                    'display(HTML(str(msg(held, kind="Peltasts"))))\nHTML("<b>archers</b> shoot")\n```\n',
                    encoding="utf-8")
    shown = run_page(page, PSEUDO)
    assert shown.english() == {"Spearmen", "waver", "Peltasts", "archers", "shoot"}  # a value is not accented
    assert shown.templates == {"Hoplites hold with chance {p}.", "{kind} skirmish"}
    assert shown.templates - extracted(page) == {"{kind} skirmish"}


def test_english_edition_unchanged_by_the_runner() -> None:
    """The runner itself sees English in English: the check would catch a cell's untranslated sentence."""
    assert {"probability", "beaten"} <= run_page(BOOK / "compare.md", "en").english()


def test_comparison_plots_speak_the_catalogue() -> None:
    """The comparison's charts carry their titles, axes and legends inside Bokeh's script, which the page check
    leaves out: they come through the catalogue too."""
    from aot_rules import comparison as C

    with speaking(PSEUDO):
        drawn = C.first_fight_plots() + C.shooting_plots(4)
    assert not re.findall(r"fight goes on|expected hits|Skirmish elite|density \(men per rank", drawn)


if __name__ == "__main__":
    for p in sys.argv[1:] or PAGES:
        words = pseudo(p).english()
        print(f"{p}: {len(words)} {' '.join(sorted(words))}")
