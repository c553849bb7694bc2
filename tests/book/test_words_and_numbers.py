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
    return next(t.definition for t in TERMS if t.term == word)


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
