"""The geometric diagrams' words (titles, labels, figcaptions) come through the catalogue (issue #35).

Rendered in the pseudo-locale (``qps``) every catalogue template is accented and bracketed, so an ASCII word of three
letters or more left in a figure is English written outside the catalogue.  ``tabletop.py``'s figures are not yet
converted and are not listed here.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from test_replay_pseudo_locale import english, shown_text

from aot_rules.core.i18n import PSEUDO, speaking
from aot_rules.present.diagrams import evasion, moving, turning

FIGURES: dict[str, Callable[[], str]] = {
    "turn": turning.turn_svg, "flank-turn": turning.flank_turn_svg,
    "measure": moving.measure_svg, "wheel": moving.wheel_svg, "wood": moving.wood_crossing_svg,
    "through-friend": moving.through_friend_svg,
    "evasion": evasion.evasion_svg, "evasion-no-loss": lambda: evasion.evasion_svg(roll=4, density=3),
    "evasion-loss": lambda: evasion.evasion_svg(roll=2, density=3), "flank-evasion": evasion.flank_evasion_svg,
}


@pytest.mark.parametrize("name", sorted(FIGURES))
def test_a_diagram_writes_no_english_outside_the_catalogue(name: str) -> None:
    with speaking(PSEUDO):
        figure = FIGURES[name]()
    assert "<figcaption>⟦" in figure and 'aria-label="⟦' in figure, "caption and title come through the catalogue"
    assert not english(shown_text(figure), set())


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
