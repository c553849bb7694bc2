"""Issue 22, part 7: the corrections an audit of every chapter against the sources found, each checked in the
page's source (the prose the built page shows) or in the engine's answer.  The strict book build checks
that the pages still build; these tests check that the corrections stay made."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from aot_rules.aot.rules.camps import guard_benefits
from aot_rules.aot.rules.victory import Side, Standing, battle_result, withdraw
from aot_rules.aot.units import Unit
from aot_rules.bat.rules.magic import Spell
from aot_rules.bat.rules.table import Terrain, blocks_sight
from aot_rules.comparison import summary_table
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate
from aot_rules.core.i18n import label as label_of
from aot_rules.core.i18n import text
from aot_rules.sp.rules.heroes import Fall, Skill, fall_die
from aot_rules.sp.rules.melee import PERCENTAGES

BOOK = Path(__file__).resolve().parents[2] / "book"


def page(name: str) -> str:
    """A page's source with glossary links read as their words (``{term}`dispersed order``` → the words)."""
    text = (BOOK / name).read_text(encoding="utf-8")
    return re.sub(r"\{term\}`([^`<]*?)(?: <[^>]+>)?`", r"\1", text)


def readings(text: str) -> list[str]:
    """The text of every Reading box on a page."""
    return re.findall(r":::\{admonition\} Reading[^\n]*\n(.*?)\n:::", text, re.S)


# --- source 000 -------------------------------------------------------------------------------------------

def test_density_2_is_dispersed_order_not_open_order() -> None:
    for name in ("moving.md", "artillery.md"):
        text = page(name)
        assert not re.search(r"open order[^.]{0,12}density 2|density 2[^.]{0,12}open order", text), name
    assert "dispersed order at density 2" in page("moving.md")
    assert "against dispersed order (density 2)" in page("artillery.md")


def test_the_village_reading_says_closed_order_is_density_4() -> None:
    text = page("moving.md")
    assert "is never defined" not in text
    assert "Reading: water up to 4″ wide is a stream; villages shut out density 4 and 5" in text
    assert "Closed order is density 4; we extend it to density 5" in page("readings/aot.md")


def test_fled_off_the_table_has_a_reading_and_two_fates_in_the_engine() -> None:
    assert "Reading: a unit that fled off the table scores nothing for the enemy." in page("victory.md")
    appendix = page("readings/aot.md")
    assert "It scores nothing for the enemy. A unit that fled off the table" in appendix
    assert "marched off in order" in appendix
    assert text(label_of(Standing.OFF_TABLE), "en") == "fled off the table"
    assert text(label_of(Standing.MARCHED_OFF), "en") == "marched off in order"
    with pytest.raises(RuleError, match="marched off in order"):
        battle_result(Side.tally("A", formed=1, marched_off=1), Side.tally("B", formed=1))
    assert withdraw(Side.tally("A", marched_off=1), Side.tally("B", formed=1)).scores[1].total == 2


def test_colonels_on_slots_and_the_battle_cart_are_readings() -> None:
    assert "Reading: colonels are never written on slots." in page("command.md")
    assert "colonels never appear on slots" in page("readings/aot.md")
    assert "Colonels never appear on slots: they act" not in page("command.md")
    text = page("chariots.md")
    assert "it cannot break\n  through a line of foot" not in text
    assert "we read that a battle\n  cart cannot break through a line of foot" in text


def test_the_camp_guard_has_a_woods_benefits() -> None:
    b = guard_benefits(Unit(name="guard", ranks=(3, 3)))
    assert (b.wood.cover, b.wood.blocks_sight, b.horse_strike, b.cover_everywhere) == (True, True, False, True)
    text = page("camps.md")
    assert "benefits.horse_strike" in text and "benefits.cover_everywhere" in text
    assert any("in cover wherever it stands in the camp" in b for b in readings(text))


# --- source 001 -------------------------------------------------------------------------------------------

def test_the_aob_die_is_kubik_and_the_d20_evidence_is_sourced() -> None:
    intro = page("aob/intro.md")
    assert "«кубик»" in intro and "juvendi.com" in intro and "line 57" in intro
    assert "Every widget has a *game die* choice (d20, d6, d10, d12)" not in intro
    assert "offered(m)" in intro  # the dice each widget offers come from the registry
    assert "«кубик»" in page("aob/clash.md")


# --- source 003 -------------------------------------------------------------------------------------------

def test_blank_cells_are_blank_in_our_copy_not_images() -> None:
    for name in ("sp/intro.md", "sp/blinds.md"):
        assert "image" not in page(name).lower(), name
    assert "blank in our copy, cause unknown" in page("sp/intro.md")
    movement = page("sp/movement.md")
    assert "may well be the\nactual rule" in movement
    assert "«+1 кубик и +3 к каждому кубику»" in movement and "line 66" in movement
    assert "The index's own example" not in movement


def test_rider_skill_clamp_is_a_reading() -> None:
    assert any("first or last row" in b for b in readings(page("sp/heroes.md")))
    # a skilled rider's 6 (a 7) lands on his feet like a 6; a novice's 1 (a 0) is pinned like a 1
    assert evaluate(fall_die(Skill.SKILLED)).prob(lambda f: f is Fall.FEET) == Fraction(1, 3)
    assert evaluate(fall_die(Skill.NOVICE)).prob(lambda f: f is Fall.PINNED) == Fraction(1, 2)


def test_melee_percentages_come_from_the_engine() -> None:
    text = page("sp/melee.md")
    assert "| defending light cover | +33% |" not in text and "M.PERCENTAGES" in text
    assert len(PERCENTAGES) == 17
    assert [(m.percent, m.rounding) for m in PERCENTAGES if str(m.circumstance).startswith("lancers")] == [
        (10, "down"), (-10, "up")]


# --- source 004 -------------------------------------------------------------------------------------------

def test_bat_line_of_sight_reading_and_toggle() -> None:
    assert not blocks_sight([Terrain.SWAMP]) and blocks_sight([Terrain.SWAMP], all_terrain=True)
    assert not blocks_sight([Terrain.OPEN], all_terrain=True)
    assert all(blocks_sight([t]) for t in (Terrain.HILL, Terrain.WOOD, Terrain.BUILDING))
    text = page("bat/table.md")
    assert any("only hills, woods and\nbuildings block sight" in b for b in readings(text))
    assert "all_terrain=True" in text


def test_obstacle_placement_agrees_with_its_reading() -> None:
    assert "line of sight" in str(Spell.OBSTACLE.target)
    assert "anywhere in the Mage's line of sight" in page("bat/magic.md")


# --- the comparison page ----------------------------------------------------------------------------------

def test_each_shooting_measure_is_labelled() -> None:
    html = summary_table()
    for label in ("before shield saves", "before the effect die", "figures removed per shooting base"):
        assert label in html
    assert ">hits per shooter<" not in html
