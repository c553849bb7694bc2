"""Every step a companion system tells in words (``Said``) is a catalogue message (issue #34): a worked example
or a played mechanic shown in Russian must not keep the English the engine wrote.  Checked on every Said the
registered mechanics' played faces log (3 seeds) and every worked example logs; in the pseudo-locale no English
word may survive outside the names, codes and numbers a step carries as values."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from aot_rules.core.dice import FixedDice
from aot_rules.core.events import Event, Said, clauses
from aot_rules.core.i18n import msg, speaking
from tests.core.test_dice_captions import assert_told_in_messages, example_events, leftover, mechanic_events


def mechanic_said() -> Iterator[tuple[str, Event]]:
    return mechanic_events(Said)


def example_said() -> Iterator[tuple[str, Event]]:
    return example_events(Said)


@pytest.mark.parametrize("source", [mechanic_said, example_said], ids=["mechanics", "examples"])
def test_every_said_is_a_message_with_no_english_left_in_the_pseudo_locale(source: Any) -> None:
    assert_told_in_messages([(where, e.text) for where, e in source()])


def test_a_move_told_in_optional_clauses_reads_as_it_always_did() -> None:
    """The movement die's step is built of clauses: English byte-identical, every clause through the catalogue."""
    from aot_rules.sp.rules.movement import play_move

    dice = FixedDice([1, 6])
    play_move((1, -1), dice, cut=3, who="the Group")
    told = [e.text for e in dice.events(Said)]
    assert [str(t) for t in told] == ["the die shows 1, +1 for the order, −3 for the ground: 0″ (a die cannot go "
                                      "below 0).", "the die shows 6, -1 for the order, −3 for the ground: 2″.",
                                      "the Group moves 2″."]
    with speaking("qps"):
        assert str(told[1]).count("⟦") == 6  # the sentence, two joins and three clauses: every one a template
    assert not leftover(told[0]) and not leftover(told[1])


def test_clauses_join_whole_messages_with_a_localised_separator() -> None:
    joined = clauses([msg("the die shows {face}", face=4), msg("+{bonus} for the order", bonus=1)])
    assert str(joined) == "the die shows 4, +1 for the order"
    assert joined.render("qps") == "⟦⟦thé dîé šhöwš 4⟧, ⟦+1 föŕ thé öŕdéŕ⟧⟧"
    with pytest.raises(ValueError):
        clauses([])
