"""Before the twins go (issue #36): the initiative's and the wind's laws derived from their dice procedures equal
the hand-written exact functions, with Fraction equality, at every input."""

from __future__ import annotations

from aot_rules.aot.rules import command, weather


def test_initiative_and_wind_equal_the_twins() -> None:
    assert command.initiative_exact() == command.initiative_exact_legacy()
    for reroll in (False, True):
        assert weather.wind_exact(reroll) == weather.wind_exact_legacy(reroll)
