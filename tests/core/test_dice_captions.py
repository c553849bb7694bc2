"""Every die's caption is a catalogue message (issue #34): a dice strip shown in Russian must not keep the
English the engine wrote.  Checked on the dice every registered mechanic's played face rolls, every worked
example rolls and a table-top game rolls; in the pseudo-locale no English word may survive outside the names
a caption carries as values."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from aot_rules.core.dice import SeededDice
from aot_rules.core.errors import RuleError
from aot_rules.core.events import Event, Roll
from aot_rules.core.i18n import Message, Possessive, speaking
from aot_rules.systems import all_mechanics, examples
from aot_rules.tabletop.game import Game
from aot_rules.tabletop.player import scripted
from aot_rules.tabletop.scenarios import SCENARIOS, scenario
from aot_rules.tabletop.turn import play

#: A word: letters, accented or not.  One of three letters or more, all ASCII, is English the pseudo-locale did
#: not transform (it accents every word's vowels).
WORD = re.compile(r"[^\W\d_]+")


def named(m: Message) -> Iterator[str]:
    """The names a message carries as values (a unit's, a side's), as the pseudo-locale shows them."""
    for _, v in m.values:
        if isinstance(v, Message):
            yield from named(v)
        elif isinstance(v, Possessive):
            if isinstance(v.name, Message):  # a description: words, not a name
                yield from named(v.name)
            else:
                yield v.render("qps")
                yield v.name
        elif isinstance(v, str):
            yield v


def leftover(m: Message) -> list[str]:
    """The English words of ``m`` rendered in the pseudo-locale, once its names are taken out."""
    with speaking("qps"):
        text = str(m)
    for name in sorted(named(m), key=len, reverse=True):
        text = text.replace(name, " ")
    return [w for w in WORD.findall(text) if len(w) >= 3 and w.isascii()]


def mechanic_events(kind: type[Event]) -> Iterator[tuple[str, Event]]:
    """Every event of ``kind`` that every registered mechanic's played face logs at its defaults, three seeds each."""
    for m in all_mechanics():
        for seed in range(3):
            dice = SeededDice(seed)
            try:
                m.play(m.record(), dice)
            except RuleError:  # a mechanic whose defaults are not a legal record: nothing logged at them
                break
            yield from ((m.rule_id, e) for e in dice.log if isinstance(e, kind))


def example_events(kind: type[Event]) -> Iterator[tuple[str, Event]]:
    """Every event of ``kind`` that every worked example logs."""
    for ex_id, make in examples().items():
        yield from ((ex_id, e) for e in make().log if isinstance(e, kind))


def mechanic_rolls() -> Iterator[tuple[str, Event]]:
    return mechanic_events(Roll)


def example_rolls() -> Iterator[tuple[str, Event]]:
    return example_events(Roll)


def table_rolls() -> Iterator[tuple[str, Event]]:
    for name in sorted(SCENARIOS):
        o = scenario(name, 1)
        g = play(Game(o), min(2, o.last_turn), scripted())
        yield from ((f"{name} T{e.turn} {e.rule}", v) for e in g.state.log for v in e.events if isinstance(v, Roll))


@pytest.mark.parametrize("source", [mechanic_rolls, example_rolls, table_rolls], ids=["mechanics", "examples",
                                                                                      "table"])
def test_every_die_caption_is_a_message_with_no_english_left_in_the_pseudo_locale(source: Any) -> None:
    assert_told_in_messages([(where, e.purpose) for where, e in source()])


def assert_told_in_messages(texts: list[tuple[str, object]]) -> None:
    """Each logged text (where it was logged, the text) is a catalogue message whose pseudo-locale rendering keeps
    no English word outside the names it carries; there are enough of them for the check to mean something."""
    assert len(texts) > 20
    not_messages = sorted({f"{where}: {t!r}" for where, t in texts if not isinstance(t, Message)})
    assert not not_messages
    english = sorted({f"{where}: {t!s} keeps {leftover(t)}" for where, t in texts
                      if isinstance(t, Message) and leftover(t)})
    assert not english


def test_a_caption_renders_in_english_as_it_always_read() -> None:
    """The English stays byte-identical: a name inside a possessive, an enum by its label, a count by its value."""
    dice = SeededDice(0)
    from aot_rules.bat.rules.combat import strike_dice
    from aot_rules.core.evaluate import play as play_proc
    play_proc(strike_dice(3, 3, who="the Orc warband", whom="the Elves"), dice)
    assert [str(r.purpose) for r in dice.events(Roll)] == ["the Orc warband's attack", "the Elves' defence"]
    with speaking("qps"):
        assert [str(r.purpose) for r in dice.events(Roll)] == ["⟦the Orc warband's àttàçk⟧", "⟦the Elves' déféñçé⟧"]
