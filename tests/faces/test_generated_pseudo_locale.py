"""The book's generated reference parts speak the reader's language (issues #34/#35): the rule titles (the rule index,
badges' tooltips, the general index), the Readings appendix's tables of toggles and blanks, the comparison chapter's
tables and plots, the quick-reference sheets and At the table's notices.

Each is rendered in the pseudo-locale, where every catalogue template is accented and bracketed, so an ASCII word of
three letters or more left in it is English written outside the catalogue; rule IDs, option names and codes are not
words (they are what a reader types), and names are left out where a part shows them.
"""

from __future__ import annotations

import html as htmllib
import re
from collections.abc import Iterable

from test_pseudo_locale import WORD

from aot_rules.catalogue import RULES
from aot_rules.core.i18n import PSEUDO, Message, speaking, text
from aot_rules.present import sitewords

CODE = re.compile(r"<style>.*?</style>|<script[^>]*>.*?</script>|<code>.*?</code>|`[^`]*`", re.S)
TAG = re.compile(r"<[^>]*>")


def english(texts: Iterable[str], allowed: Iterable[str] = ()) -> set[str]:
    """The English words in ``texts`` (markup, code and the ``allowed`` names taken out)."""
    keep = set(allowed)
    out: set[str] = set()
    for t in texts:
        t = htmllib.unescape(TAG.sub(" ", CODE.sub(" ", t)))
        out |= {w for w in WORD.findall(t) if w not in keep and not w.isupper()}
    return out


# --- 1. rule titles ----------------------------------------------------------------------------------------------

def test_every_rule_title_is_a_catalogue_message_whose_msgid_is_the_index_title() -> None:
    assert all(isinstance(r.title, Message) for r in RULES)
    with speaking("en"):
        assert text(RULES[0].title) == RULES[0].title.msgid == "Materials and scale"


def test_rule_titles_render_in_the_reader_language() -> None:
    """The rule index's titles, a badge's tooltip and a general-index entry, all with the rule's title."""
    with speaking(PSEUDO):
        shown = [text(r.title) for r in RULES]
        shown += [sitewords.tooltip(r.rule_id, r.title) for r in RULES[:20]]
        shown += [sitewords.index_entry(r.rule_id, r.title) for r in RULES[:20]]
    assert all(s.startswith("⟦") for s in shown[:len(RULES)])
    assert not english(shown), sorted(english(shown))


# --- 2. the Readings appendix's tables ---------------------------------------------------------------------------

def test_every_reference_table_a_chapter_shows_speaks_the_reader_language() -> None:
    """The chapters' engine-computed tables (hit chances, shield wall, range, disorder test, countercharge, move
    allowance, terrain): headings, captions, row labels and cell marks all through the catalogue."""
    from aot_rules.present.tables import TABLES

    with speaking(PSEUDO):
        shown = {name: make() for name, make in TABLES.items()}
    assert all(shown[n] for n in ("hit-chances", "shieldwall", "range", "disorder-test", "countercharge",
                                  "move-allowance", "terrain"))
    assert not english(shown.values()), sorted(english(shown.values()))
    with speaking("ru"):
        terrain = TABLES["terrain"]()
    assert "рассыпной строй" in terrain and "плотный строй" in terrain, "the glossary's Russian terms"


def test_the_readings_tables_of_toggles_and_blanks_speak_the_reader_language() -> None:
    """Their headings, captions and defaults (a flag's default is a word, never ``true``/``false``)."""
    from aot_rules.present.tables import TABLES

    with speaking(PSEUDO):
        shown = [TABLES[f"{s}-{kind}"]() for s in ("aob", "sp", "bat") for kind in ("toggles", "blanks")]
    assert all(shown[i] for i in (0, 2, 4)), "every system has toggles"
    assert not english(shown), sorted(english(shown))
    with speaking("en"):
        sp = TABLES["sp-toggles"]()
    assert "<th>default</th>" in sp and ">false<" not in sp and ">no<" in sp


# --- 3. the quick-reference sheets -------------------------------------------------------------------------------

MYST = re.compile(r"\{rule\}|aot-qr-\w+|\{container\}|aot-quickref")


def test_the_quick_reference_sheets_speak_the_reader_language() -> None:
    """Every sheet's tables and notes: the turn's steps, the Age of Battles tables, an outcome that is yes or no.

    The army points' item names (``COSTS``) are the army report's words, converted with it: left out here."""
    from aot_rules.aot.army.costs import COSTS
    from aot_rules.present.quickref import SHEETS, all_labels

    labels = all_labels()
    with speaking(PSEUDO):
        sheets = {name: MYST.sub(" ", sheet(labels)) for name, sheet in SHEETS.items()}
        costs = sorted((text(c.label) for c in COSTS), key=len, reverse=True)
    for c in costs:
        sheets["aot"] = sheets["aot"].replace(c, " ")
    left = {name: english([s]) for name, s in sheets.items()}
    assert not any(left.values()), left
    assert "False" not in sheets["sp"] and "True" not in sheets["sp"]


def test_the_age_of_battles_reference_tables_speak_the_reader_language() -> None:
    from aot_rules.aob import tables

    with speaking(PSEUDO):
        shown = [tables.factors_html(), tables.ranks_html(), tables.glory_html(), tables.success_html(),
                 tables.casualties_html(), tables.flight_html()]
    assert not english(shown), sorted(english(shown))


# --- 4. At the table's notices -----------------------------------------------------------------------------------

def test_at_the_table_notices_are_written_in_the_build_language() -> None:
    """The notices a reader sees before the page's script runs (served from a file, no JavaScript, loading) come
    from the book extension in the build's language, not from raw HTML the translation never reaches."""
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(root / "book" / "_ext"))
    import aot_engine

    page = (root / "book" / "at-the-table.md").read_text(encoding="utf-8")
    assert "```{aot-at-the-table}" in page and "{raw}" not in page
    with speaking(PSEUDO):
        markup = aot_engine.table_markup()
    assert 'id="aot-at-the-table"' in markup and markup.count('class="att-file"') == 2
    assert "<code>make serve</code>" in markup  # what the reader types, kept as code
    assert not english([markup.replace("noscript", " ")]), sorted(english([markup]))
    with speaking("en"):
        assert "This page needs JavaScript" in aot_engine.table_markup()


# --- 5. the comparison chapter's tables and plots ----------------------------------------------------------------

def plot_words(markup: str) -> list[str]:
    """What a reader reads in embedded Bokeh figures: titles, axis labels, legend entries and tooltip names (the
    document's JSON sits in a script, escaped twice)."""
    doc = markup
    for _ in range(2):
        doc = doc.encode("ascii", "backslashreplace").decode("unicode_escape")
    doc = htmllib.unescape(doc)
    said = re.findall(r'"(?:text|axis_label)":"([^"]*)"', doc)
    said += re.findall(r'"label":\{"type":"value","value":"([^"]*)"', doc)
    said += re.findall(r'\["([^"@]+)","@\w+"\]', doc)
    return said


def test_the_comparison_tables_and_plots_speak_the_reader_language() -> None:
    from aot_rules import comparison as C

    with speaking(PSEUDO):
        tables = [C.first_fight_table(), C.upgrade_table(), C.shooting_table(), C.summary_table()]
        plots = C.first_fight_plots() + C.shooting_plots(4)
    said = plot_words(plots)
    assert len(said) > 20 and sum("⟦" in s for s in said) > 20, said  # the figures' words were found
    assert not english(tables), sorted(english(tables))
    assert not english([s for s in said if s != "x"]), sorted(english(said))
    with speaking("en"):
        assert "spear and shield, against the same" in C.first_fight_table()
        assert ">shooters</th>" in C.shooting_table() and "not in the source" in C.shooting_table()
