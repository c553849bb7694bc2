"""The geometric diagrams' words (titles, labels, figcaptions) come through the catalogue (issue #35).

Rendered in the pseudo-locale (``qps``) every catalogue template is accented and bracketed, so an ASCII word of three
letters or more left in a figure is English written outside the catalogue.  Names on the table (pieces, sides,
terrain) are names, not words to translate.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from test_replay_pseudo_locale import english, names_of, shown_text

from aot_rules.core.i18n import PSEUDO, speaking
from aot_rules.present.diagrams import evasion, moving, tabletop, turning
from aot_rules.tabletop.scenarios import scenario

FIGURES: dict[str, Callable[[], str]] = {
    "turn": turning.turn_svg, "flank-turn": turning.flank_turn_svg,
    "measure": moving.measure_svg, "wheel": moving.wheel_svg, "wood": moving.wood_crossing_svg,
    "through-friend": moving.through_friend_svg,
    "evasion": evasion.evasion_svg, "evasion-no-loss": lambda: evasion.evasion_svg(roll=4, density=3),
    "evasion-loss": lambda: evasion.evasion_svg(roll=2, density=3), "flank-evasion": evasion.flank_evasion_svg,
    "bases": tabletop.bases_svg, "orders": tabletop.orders_svg, "arc": tabletop.arc_svg,
    "aspects": tabletop.flank_svg, "table-wheel": tabletop.wheel_svg, "sight": tabletop.sight_svg,
    "cover": tabletop.cover_svg, "targeting": tabletop.targeting_svg, "fallback": tabletop.fallback_svg,
    "table": lambda: tabletop.table_svg(scenario("greek-border", 1)),
}
#: The names the table-top figures show: the greek-border scenario's pieces, sides and terrain.
NAMES = names_of([scenario("greek-border", 1)])


@pytest.mark.parametrize("name", sorted(FIGURES))
def test_a_diagram_writes_no_english_outside_the_catalogue(name: str) -> None:
    with speaking(PSEUDO):
        figure = FIGURES[name]()
    assert 'aria-label="⟦' in figure, "the title comes through the catalogue"
    assert "<figcaption>" not in figure or "<figcaption>⟦" in figure, "the caption comes through the catalogue"
    assert not english(shown_text(figure), NAMES)


def test_a_diagram_renders_in_the_language_in_force_when_drawn() -> None:
    with speaking("en"):
        said = moving.measure_svg()
    assert "The distance between units runs from the nearest edge" in said and ">yours<" in said
    with speaking(PSEUDO):
        assert moving.measure_svg() != said


def test_a_diagrams_numbers_are_written_the_readers_way() -> None:
    """A measured distance keeps its decimal comma in Russian, whatever the catalogue holds."""
    with speaking("ru"):
        said = turning.turn_svg()
    with speaking("en"):
        english_said = turning.turn_svg()
    assert "2.3″" in english_said and "2,3″" in said and "2.3″" not in said


def test_the_table_key_says_a_pieces_fate_in_the_readers_language() -> None:
    from dataclasses import replace

    from aot_rules.tabletop.state import Status

    s = scenario("greek-border", 1)
    gone = replace(s, pieces=(s.pieces[0].changed(status=Status.FLED), *s.pieces[1:]))
    with speaking(PSEUDO):
        key = tabletop.table_key(gone)
    assert ", ⟦" in key and not english(shown_text(key), NAMES)


def test_the_who_may_evade_table_speaks_through_the_catalogue() -> None:
    """Its legend, prompt and every cell's sentence; the column codes (LF, FSA, …) are codes."""
    with speaking(PSEUDO):
        table = evasion.who_may_evade_table()
    said = [*shown_text(table), *re.findall(r'data-said="([^"]*)"', table)]
    assert 'data-said="⟦' in table and not english(said, set())
