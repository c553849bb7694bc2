"""Issue #34/#35: the "Show the mathematics" blocks speak the reader's language.

Rendered in the pseudo-locale (``qps``), every catalogue template has its words accented and bracketed, so an ASCII
word of three letters or more left in a block is English written outside the catalogue.  The block's mathematics
stays LaTeX: its commands (``\\binom``, ``\\begin{cases}``) are symbols, not words, and are taken out before the
words are read; the words a formula sets upright (``\\text{…}``) are read like any other.
"""

from __future__ import annotations

import html as htmllib
import re

import pytest
from test_pseudo_locale import WORD

from aot_rules.core.i18n import PSEUDO, speaking
from aot_rules.formulas.html import catalogue_md, maths_html
from aot_rules.systems import all_mechanics

IDS = [m.rule_id for m in all_mechanics()]
TAG = re.compile(r"<[^>]*>")
SAID_ATTRS = re.compile(r'\b(?:aria-label|title|alt)="([^"]*)"')
#: A LaTeX command, with the argument of those whose argument is a name rather than words (an environment, an
#: operator): ``\text`` loses only its name, so the words it sets are still read.
LATEX = re.compile(r"\\(?:begin|end|operatorname|mathrm|mathbf)\{[^}]*\}|\\[A-Za-z]+")


def english(markup: str) -> list[str]:
    """The English words a reader meets in a block: its text and spoken attributes, LaTeX commands taken out."""
    texts = [htmllib.unescape(TAG.sub(" ", markup)), *map(htmllib.unescape, SAID_ATTRS.findall(markup))]
    return [w for t in texts for w in WORD.findall(LATEX.sub(" ", t)) if not w.isupper()]


def test_the_reader_of_a_formula_is_not_taken_for_english() -> None:
    """The check itself: LaTeX commands are not words, the words of ``\\text{…}`` and of the prose are."""
    block = (r'<p title="the law">⟦çlöšéd⟧</p><div>\[\binom{n}{k} \begin{cases} X = \text{(faces 1, 2)} '
             r"\end{cases}\]</div>")
    assert english(block) == ["faces", "the", "law"]
    assert english(r"<p>⟦öñé⟧ d6 AOT-RUN</p><div>\[\mathbb{E}[X] = \text{⟦kîlléd⟧}\]</div>") == []


@pytest.mark.parametrize("rule_id", IDS)
def test_every_mathematics_block_is_written_through_the_catalogue(rule_id: str) -> None:
    with speaking(PSEUDO):
        block = maths_html(rule_id)
    assert "⟦" in block and not english(block), sorted(set(english(block)))


def test_the_classification_table_is_written_through_the_catalogue() -> None:
    with speaking(PSEUDO):
        table = catalogue_md(frozenset())
    words = [w for w in WORD.findall(LATEX.sub(" ", table)) if not w.isupper()]
    assert not words, sorted(set(words))
