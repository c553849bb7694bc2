"""The replays, the worked examples' narration and the book extensions' words come through the catalogue.

Rendered in the pseudo-locale (``qps``), every catalogue template has its words accented and bracketed, so an ASCII
word of three letters or more left in what these faces write is English written outside the catalogue.  Names are
not words to translate (units, sides, commanders, terrain pieces, scenarios), nor are rule IDs and codes.

What these faces show but do not write is held apart: a caption line is the table-top log's own line
(``present/tablelog.py``) and a die's purpose is the engine's (a worked example's own title, intro and steps are
catalogue messages of its ``examples`` module, so they are checked).  Those texts are taken out of what is checked
here, and their
words are the ratchet :data:`FOREIGN_LEAKS` (``replay_leaks.txt``): it may only shrink as they are converted.
After such a conversion lands, rewrite the list from what is still found (and read the difference)::

    cd tests/faces && PYTHONPATH=../.. python -c "import test_replay_pseudo_locale as t; \\
        open('replay_leaks.txt', 'w').write('\\n'.join(sorted(t.foreign_words())) + '\\n')"
"""

from __future__ import annotations

import html as htmllib
import json
import re
from collections.abc import Iterable
from dataclasses import fields
from pathlib import Path

import pytest
from test_pseudo_locale import WORD
from test_replay_frames import RUNS

from aot_rules.aot import events as ev
from aot_rules.aot.rules.command import INDIVIDUAL
from aot_rules.aot.units import Body, Unit
from aot_rules.aot.vocabulary import DieMove, DPEffect, Drift, Fate, RollOff, Weather
from aot_rules.catalogue import EXAMPLES, RULES
from aot_rules.core.i18n import PSEUDO, Message, speaking
from aot_rules.present import sitewords
from aot_rules.present.narrate import narrate
from aot_rules.present.page import example_html
from aot_rules.present.replay.build import Run, replay, short
from aot_rules.present.replay.html import replay_html
from aot_rules.systems import examples
from aot_rules.tabletop.state import GameState

#: The markup a viewer ships that no reader reads: its styles, its script, and the frames' JSON (read apart).
CODE = re.compile(r"<style>.*?</style>|<script[^>]*>.*?</script>", re.S)
TAG = re.compile(r"<[^>]*>")
#: The attributes a reader (or a screen reader) is given as words.
SAID_ATTRS = re.compile(r'\b(?:aria-label|title|alt)="([^"]*)"')


def english(texts: Iterable[str], names: set[str], foreign: Iterable[str] = ()) -> set[str]:
    """The English words left in ``texts`` once the foreign texts and the names are taken out."""
    cut = sorted({f for f in foreign if f}, key=len, reverse=True)
    out: set[str] = set()
    for t in texts:
        for f in cut:
            t = t.replace(f, " ")
        out |= {w for w in WORD.findall(t) if w not in names and not w.isupper()}
    return out


def shown_text(markup: str) -> list[str]:
    """What a reader reads in a piece of markup: its text and its spoken attributes, unescaped."""
    markup = CODE.sub(" ", markup)
    return [htmllib.unescape(TAG.sub(" ", markup)), *map(htmllib.unescape, SAID_ATTRS.findall(markup))]


def names_of(states: Iterable[GameState]) -> set[str]:
    """Every word of every name on the table: sides, armies, units, commanders, terrain pieces, the scenario."""
    out: set[str] = set()
    for s in states:
        spelled = [s.scenario, *(x for side in s.sides for x in (side.name, side.army, side.nationality)),
                   *(c.name for side in s.sides for c in side.commanders), *(t.name for t in s.terrain),
                   *(x for p in s.pieces for x in (p.id, p.unit.name))]
        out |= {w for name in spelled for w in re.findall(r"[A-Za-z]+", name)}
    return out


def viewer(name: str) -> tuple[Run, str, dict[str, object]]:
    """A viewer built in the pseudo-locale: its run, its markup and its frames as shipped."""
    with speaking(PSEUDO):
        run = RUNS[name]()
        r = replay(run, f"qps-{name}")
        markup = replay_html(r)
    data = json.loads(re.search(r'<script type="application/aot-replay\+json">(.*?)</script>', markup, re.S)
                      .group(1).replace("<\\/", "</"))  # type: ignore[union-attr]
    return run, markup, data


def foreign_texts(run: Run, data: dict[str, object]) -> tuple[list[str], list[str]]:
    """The texts a viewer shows but other code writes: each caption line (and its shortened form, which a step
    title quotes) and each die's purpose.  (A worked example's title and intro are catalogue messages: checked.)"""
    lines: list[str] = []
    for f in data["f"]:  # type: ignore[attr-defined]
        for ln in f["ln"]:
            lines += [ln["t"], short(ln["t"]), ln["w"], *(d[2] for d in ln["d"])]
    return lines[1:], []  # frame 0's line is the run's own intro


@pytest.mark.parametrize("name", sorted(RUNS))
def test_a_replay_viewer_writes_no_english_outside_the_catalogue(name: str) -> None:
    run, markup, data = viewer(name)
    names = names_of((run.start, *(s.after for s in run.steps)))
    lines, from_examples = foreign_texts(run, data)
    assert "⟦" in markup, "nothing came through the catalogue"
    texts = shown_text(markup)
    for f in data["f"]:  # type: ignore[attr-defined]
        texts += [f["g"], f["ti"], f.get("y", "")]
        for piece in f["c"].values():
            texts += [piece["l"], piece["t"], *shown_text(piece["b"])]
    assert not english(texts, names, [*lines, *from_examples])


def test_the_viewers_own_words_are_checked() -> None:
    """The check above sees a word the viewer writes outside the catalogue (an English legend, say)."""
    run, markup, data = viewer("run-trot")
    names = names_of((run.start,))
    assert not english(shown_text(markup), names, foreign_texts(run, data)[0])
    assert english(shown_text(markup.replace("rp-legend\">", "rp-legend\">thick edge: the front")), names) >= {
        "thick", "edge", "the", "front"}


def foreign_words() -> set[str]:
    """The English words of the texts the viewers show but other code writes (see the module's docstring)."""
    out: set[str] = set()
    for name in sorted(RUNS):
        run, _, data = viewer(name)
        names = names_of((run.start, *(s.after for s in run.steps)))
        lines, from_examples = foreign_texts(run, data)
        out |= english([*lines, *from_examples], names)
    return out


#: The English words the table-top log's caption lines and the engine's dice purposes still show in the viewers, one
#: a line (issue #34: converted by their own owners); it only shrinks.
FOREIGN_LEAKS = frozenset(Path(__file__).with_name("replay_leaks.txt").read_text(encoding="utf-8").split())


def test_the_viewers_foreign_texts_leak_only_the_known_english() -> None:
    found = foreign_words()
    new = sorted(found - FOREIGN_LEAKS)
    assert not new, f"English outside the catalogue in caption lines or examples: {new}"
    gone = sorted(FOREIGN_LEAKS - found)
    assert not gone, f"no longer leaked, take off replay_leaks.txt: {gone}"


# --- the worked examples' narration ------------------------------------------------------------------------------

GAULS, SHAKEN = Unit(name="Gauls", ranks=(3, 3)), Unit(name="Gauls", ranks=(3, 2), disordered=1)

#: One event of every kind the narration tells, in every branch it tells differently.
EVENTS = [
    ev.Hits("slingers", ((1, True), (4, False)), (1, 2)), ev.Hits("slingers", (), ()),
    ev.Hits("Gauls", ((1, True),)), ev.Hits("Gauls", ()),
    ev.ShieldWall("hoplites", 3, (1, 2), 1), ev.ShieldWall("Nikias", 3, (), 2),
    ev.Losses(GAULS, 1, 2, SHAKEN), ev.Losses(GAULS, 1, 0, GAULS),
    *(ev.Compared("Gauls", "javelinmen", 3, 2, v) for v in ev.Verdict),
    ev.Compared("Gauls", "javelinmen", 3, 3, ev.Verdict.CONTINUE, 0),
    ev.DPEarned("Gauls", 2), *(ev.DPSpent("cavalry", 2, effect, 2) for effect in DPEffect),
    ev.InitiativeRolled(3, 3), ev.InitiativeRolled(2, 5),
    ev.SlotPlayed("blue", 3, INDIVIDUAL), ev.SlotPlayed("blue", 3, "Nikias"),
    *(ev.WeatherChanged(2, 4, w) for w in Weather), *(ev.UnitDrifted("peltasts", 3, d) for d in Drift),
    *(ev.OffRoll(r, a, b) for r in RollOff for a, b in ((3, 3), (2, 5))),
    *(ev.Moved("javelinmen", why, faces, sum(faces)) for why in DieMove for faces in ((3,), (2, 5))),
    ev.PassedThrough("javelinmen", "hoplites", 3, 4, 0, "hoplites"),
    ev.PassedThrough("javelinmen", "hoplites", 3, 4, 2, "hoplites"),
    ev.Tested("hoplites", 3, 4, 1), ev.Tested("hoplites", 3, 4, 2, (1, 3)),
    *(ev.Wounded("elephant", body, 2, 3, fate) for body in Body for fate in Fate),
    ev.Overturned("chariots", 3, 2, True), ev.Overturned("chariots", 3, 1, False),
    ev.Artillery("gun", (), 3, True, True, 1), ev.Artillery("gun", (), 5, True, False, 0),
    ev.Artillery("gun", (2, 3), 3, False, False, 0), ev.Artillery("gun", (2, 3), None, True, False, 0),
    ev.Artillery("gun", (4, 3), 1, True, True, 2),
]
EVENT_NAMES = {"slingers", "Gauls", "hoplites", "Nikias", "javelinmen", "cavalry", "blue", "Blue", "peltasts",
               "Peltasts", "Javelinmen", "elephant", "chariots", "gun", "DP"}


def test_every_narrated_sentence_comes_through_the_catalogue() -> None:
    with speaking(PSEUDO):
        said = narrate(EVENTS)
    assert len(said) == len(EVENTS) and all(s.startswith("⟦") for s in said)
    assert not english(said, EVENT_NAMES)


def test_narration_keeps_its_english_and_speaks_russian() -> None:
    with speaking("en"):
        english_said = narrate(EVENTS)
    assert "Gauls' density 3 against javelinmen's 2: javelinmen fall back." in english_said
    assert "Nikias's shield wall rolls 3 (saves on none): 2 hits turned away." in english_said
    assert "2 DP spent on cavalry to disorder 2 warriors." in english_said
    with speaking(PSEUDO):
        assert narrate(EVENTS) != english_said  # rendered in the language in force, not when the module loaded


@pytest.mark.parametrize("example_id", sorted(examples()))
def test_a_worked_examples_block_writes_no_english_outside_the_catalogue(example_id: str) -> None:
    """A worked example's block: the words the page writes (how it was played, the dice legend, exact odds,
    captions), the narration, and the example's own title, intro, notes, odds labels, legend and figure captions
    (catalogue messages of its rule system's examples module).  Only the names the messages carry as values (a unit,
    a side, a player) are left to be English."""
    with speaking(PSEUDO):  # the example's own texts as the block shows them (some embed catalogue values)
        ex = examples()[example_id]()
        block = example_html(example_id)
    from aot_rules.core.events import Roll, Said
    from tests.core.test_dice_captions import named as carried

    named = [getattr(u, "name", "") for u in (ex.before, ex.after, *(f for _, f in ex.figures)) if u is not None]
    named += [str(getattr(e, f.name)) for e in ex.log if not isinstance(e, (Roll, Said)) for f in fields(e)
              if isinstance(getattr(e, f.name), str)]  # who an event names: a unit, a side, a player, a general
    named += [n for e in ex.log if isinstance(e, (Roll, Said))
              for n in carried(e.text if isinstance(e, Said) else e.purpose)]  # a step's or a die's named values
    names = EVENT_NAMES | {w for name in named for w in re.findall(r"[A-Za-z]+", name) for w in (w, w.capitalize())}
    said = [ex.title, *ex.intro, *ex.notes, *(label for label, _ in ex.exact), *(c for c, _ in ex.figures),
            *([ex.legend] if ex.legend else [])]
    named += [n for m in said for n in m.names()]  # the names a message carries as values
    names |= {w for name in named for w in re.findall(r"[A-Za-z]+", name) for w in (w, w.capitalize())}
    assert all(isinstance(m, Message) for m in said)
    words = english(shown_text(block), names)
    assert not words, words


# --- the book extensions' words ----------------------------------------------------------------------------------

def site_texts() -> list[str]:
    rule = RULES[0]
    return [sitewords.tooltip(rule.rule_id), sitewords.tooltip(next(iter(EXAMPLES)), example=True),
            sitewords.tooltip(rule.rule_id, "⟦ţîţļé⟧"), sitewords.badge_kind(True), sitewords.badge_kind(False),
            sitewords.index_entry(rule.rule_id, "⟦ţîţļé⟧"), sitewords.index_entry(next(iter(EXAMPLES)), None),
            *sitewords.rule_index_head(), *sitewords.calculator_aid(), *sitewords.animation_aid(),
            *sitewords.readings_link(), sitewords.build_stamp("1.2.3", "2026-11-29"), *sitewords.app_name(),
            sitewords.russian_terms_heading()]


def test_the_book_extensions_words_come_through_the_catalogue_and_render_late() -> None:
    with speaking(PSEUDO):
        shown = site_texts()
    assert not english(shown, {"aot_rules"}), shown
    with speaking("en"):
        assert sitewords.build_stamp("1.2.3", "2026-11-29") == "aot_rules 1.2.3 · built 2026-11-29"
        assert sitewords.readings_link() == ("", "In the Readings appendix",
                                             ": every Reading of this rule, why, and what toggles it.")
        english_texts = site_texts()
    with speaking(PSEUDO):
        assert site_texts() != english_texts  # the language of the build, not of the import

