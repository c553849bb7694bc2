"""The sentences the Art of Tactics chapters' own code cells write come through the catalogue.

Each page's cells are run in the pseudo-locale (``qps``, :mod:`cells`): every catalogue template comes out accented
and bracketed, so an ASCII word of three letters or more left in what the cells show is English written in the cell.
What a page shows through the engine's own faces (its diagrams, the army report, a unit's description, the victory
count's reasons, the turn sequence's titles) is other work; those words are the ratchet :data:`LEAKS`
(``cells_leaks.txt``, one page a line), which may only shrink.  After such a conversion lands, rewrite it::

    cd tests && PYTHONPATH=..:. python -c "import book.test_cells_pseudo_locale as t; t.write_leaks()"
"""

from __future__ import annotations

from pathlib import Path

import pytest
from faces.test_pseudo_locale import WORD

from book.cells import run_page

HERE = Path(__file__).resolve().parent
LEAKS_FILE = HERE / "cells_leaks.txt"
#: The Art of Tactics chapters whose cells write prose; victory.md simulates sixty games (seconds), so it is slow.
PAGES = ["intro", "army", "shooting", "melee", "moving", "run-trot", "turning", "evasion", "command",
         "demoralization", "weather", "setup", "camps", "elephants", "chariots", "artillery", "turn", "tabletop"]
SLOW = ["victory"]


def leaks() -> dict[str, set[str]]:
    """The words each page may still show in English, from ``cells_leaks.txt``."""
    out: dict[str, set[str]] = {}
    for line in LEAKS_FILE.read_text(encoding="utf-8").splitlines():
        page, _, words = line.partition("\t")
        out[page] = set(words.split())
    return out


def english(page: str, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The English words a page's cells show in the pseudo-locale (capitals-only codes such as A1 or VP aside)."""
    shown = run_page(f"book/{page}.md", "qps", monkeypatch)
    return {w for w in WORD.findall(shown.text()) if not w.isupper()}


def write_leaks() -> None:
    """Rewrite the ratchet from what the pages show now (read the difference before committing it)."""
    lines = []
    for page in PAGES + SLOW:
        mp = pytest.MonkeyPatch()
        try:
            lines.append(f"{page}\t{' '.join(sorted(english(page, mp)))}")
        finally:
            mp.undo()
    LEAKS_FILE.write_text("\n".join(lines) + "\n", encoding="utf-8")


def check(page: str, monkeypatch: pytest.MonkeyPatch) -> None:
    new = english(page, monkeypatch) - leaks().get(page, set())
    assert not new, f"book/{page}.md: its cells show English outside the catalogue: {sorted(new)}"


@pytest.mark.parametrize("page", PAGES)
def test_cells_speak_the_catalogue(page: str, monkeypatch: pytest.MonkeyPatch) -> None:
    check(page, monkeypatch)


@pytest.mark.slow
@pytest.mark.parametrize("page", SLOW)
def test_slow_cells_speak_the_catalogue(page: str, monkeypatch: pytest.MonkeyPatch) -> None:
    check(page, monkeypatch)


def test_the_ratchet_names_only_these_pages() -> None:
    """A page dropped from the list, or renamed, must leave the ratchet too (else its words stay allowed)."""
    assert set(leaks()) <= set(PAGES + SLOW)


def test_a_sentence_written_outside_the_catalogue_is_seen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The runner reads what a cell displays and what its last expression shows; only the template is accented."""
    page = tmp_path / "page.md"
    page.write_text('# A page\n\n```{code-cell} ipython3\nfrom IPython.display import HTML, display\n'
                    'from aot_rules.present.page import say\nsay("Hoplites hold with chance {p}.", p=1)\n'
                    'display(HTML("<p>Spearmen waver</p>"))\n```\n\n```{code-cell} ipython3\n---\ntags: [x]\n---\n'
                    'HTML("<b>archers</b> shoot")\n```\n', encoding="utf-8")
    shown = run_page(page, "qps", monkeypatch)
    assert {w for w in WORD.findall(shown.text()) if not w.isupper()} == {"Spearmen", "waver", "archers", "shoot"}
