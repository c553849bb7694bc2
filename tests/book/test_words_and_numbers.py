"""Words and numbers (issue 38): order names by density come from one place, and a Reading box's title names the
weather of the section it sits under."""

from __future__ import annotations

import re
from pathlib import Path

from aot_rules.aot.units import Unit
from aot_rules.glossary import ORDER_NAMES, TERMS
from aot_rules.present.tables import terrain_table

BOOK = Path(__file__).resolve().parents[2] / "book"


def test_terrain_table_names_density_2_as_the_glossary_does() -> None:
    html = terrain_table()
    loose = ORDER_NAMES[Unit(name="u", ranks=(2, 2)).density]
    assert loose == ORDER_NAMES[2] != ORDER_NAMES[3]
    assert "<th " in html and f">{loose}</th>" in html and f"{loose} (density 2)" in html
    assert f"{ORDER_NAMES[3]} (density 2)" not in html and f">{ORDER_NAMES[3]}</th>" not in html
    by_word = {t.term: t.russian for t in TERMS}
    assert by_word[ORDER_NAMES[2]] == "рассыпной строй" and by_word[ORDER_NAMES[3]] == "разомкнутый строй"


def test_weather_reading_titles_name_their_own_section() -> None:
    text = (BOOK / "weather.md").read_text(encoding="utf-8")
    sections = re.split(r"^## ", text, flags=re.M)[1:]
    names = {s.split("\n", 1)[0].split("—")[-1].strip().lower(): s for s in sections if "—" in s.split("\n", 1)[0]}
    assert "hot sun" in names and "soaked ground" in names
    for name, body in names.items():
        for title in re.findall(r"\{admonition\} Reading: (.*)", body):
            others = [n for n in names if n != name and n in title.lower()]
            assert not others, f"the Reading {title!r} under {name!r} names {others}"


def _definition(word: str) -> str:
    return next(t.definition.render("en") for t in TERMS if t.term == word)


def test_glossary_records_say_what_the_rules_say() -> None:
    """AOT-DISORDER-TEST's triggers include passing friends and evasion; AOT-MELEE-HORSE-STRIKE also applies when
    foot attack the horses frontally; AOT-RUN is refused to foot with shields and armour together."""
    test = _definition("disorder test")
    assert "through friends" in test and "evading" in test and "rough ground" in test and "turning" in test
    assert "foot charge the horses from the front" in _definition("horse strike")
    assert "both shields and armour may not run" in _definition("run")


def test_one_name_for_the_junior_officer() -> None:
    """«младший командир» is the glossary's *junior officer*, and no page gives it another Russian or English name."""
    (officer,) = [t for t in TERMS if t.russian == "младший командир"]
    assert officer.term == "junior officer" and officer.where == "aot-prop-initiative"
    for page in BOOK.rglob("*.md"):
        if "_build" in page.parts:
            continue
        text = page.read_text(encoding="utf-8").lower()
        for other in ("младший офицер", "junior commander", "junior leader", "initiative officer"):
            assert other not in text, f"{page.name} calls the junior officer {other!r}"


def _block(sheet: str, title: str) -> str:
    start = sheet.index(f"**{title}")
    return sheet[start:sheet.index("\n:::", start)]


def test_quick_reference_has_what_a_player_looks_up() -> None:
    """Issue 38: the storm's units wander (заблудившиеся); the second weapon is priced per unit; the budget, the
    elite limit, the extra moves' dice, DP and VP are on the sheet, every number from the engine."""
    from aot_rules.aot.army.costs import BUDGET, MAX_ELITE
    from aot_rules.aot.rules.demoralization import dp_to_disorder
    from aot_rules.aot.rules.run_trot import trot_dice
    from aot_rules.aot.rules.victory import CAMP_VP, UNIT_VP
    from aot_rules.present.quickref import aot_sheet

    sheet = aot_sheet(frozenset())
    weather = _block(sheet, "Weather")
    assert "wander" in weather and "lose" not in weather and "lost" not in weather
    assert "Wind die *(reading)*" in weather
    army = _block(sheet, "Army points")
    assert "(per unit) | +1 |" in army and "every warrior" not in army
    assert f"{BUDGET} points" in army and f"at most {MAX_ELITE} of its units may be elite" in army
    moves = _block(sheet, "Extra moves")
    assert f"| trot, armoured horses | {trot_dice(True)} d6 | yes |" in moves
    assert f"| trot, unarmoured horses and riders | {trot_dice(False)} d6 | no |" in moves
    assert "| run, shield or armour (not both) | 1 d6 | yes |" in moves and "| evade | 1 d6 | yes |" in moves
    dp = _block(sheet, "Demoralization points")
    stubborn = Unit(name="u", ranks=(3, 3), stubborn=True)
    assert f"| stubborn | {dp_to_disorder(1, stubborn)} | {dp_to_disorder(2, stubborn)} |" in dp
    assert "| force it to attack | 1 | 2 | 3 | 4 | 5 |" in dp
    vp = _block(sheet, "Victory points")
    assert f"| the enemy camp captured | {CAMP_VP} |" in vp
    assert f"| each enemy unit destroyed or dispersed | {UNIT_VP} |" in vp
    assert "| … while the camp is not captured | 0 |" in vp


def test_index_nouns_point_at_sections_the_book_has() -> None:
    """Issue 38: with the glossary's terms, the rulebook's nouns give the general index at least 150 headwords, each
    at a label a chapter defines (a wrong label would drop the entry without a warning)."""
    from aot_rules.glossary import INDEX_NOUNS

    labels = {m for f in BOOK.rglob("*.md") if "_build" not in f.parts
              for m in re.findall(r"^\((aot-[a-z0-9-]+)\)=", f.read_text(encoding="utf-8"), re.M)}
    assert not {n: lab for n, lab in INDEX_NOUNS.items() if lab not in labels}
    headwords = {t.term.lower() for t in TERMS} | {n.lower() for n in INDEX_NOUNS}
    assert len(headwords) >= 150
