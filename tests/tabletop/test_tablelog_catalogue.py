"""The table-top log through the message catalogue (issue #34): a line is a :class:`~aot_rules.core.i18n.Message`
rendered when it is shown, its measured numbers in the reader's own decimal mark, its counts plural messages, and
a unit's possessive one typed value (:class:`~aot_rules.core.i18n.Possessive`) instead of English grammar that
picks between two templates."""

from __future__ import annotations

from pathlib import Path

import pytest

from aot_rules.core.i18n import PSEUDO, Message, Possessive, msg, pseudo, speaking
from aot_rules.present import tablelog
from aot_rules.tabletop.events import Aimed, Choice, Decided, MovedAlong, MoveKind, ShotJudged, Struck, Volley
from aot_rules.tabletop.geometry import Pose
from aot_rules.tabletop.state import LogEntry

A = Pose.of(10, 10, 0)


def entry(*events: object) -> LogEntry:
    return LogEntry(1, "Athenians", "AOT-TEST", (), "event", tuple(events))  # type: ignore[arg-type]


MOVE = entry(MovedAlong("A1", A, ((10, 10), (10, 13.25)), Pose.of(10, 13.25, 0), 3.25, MoveKind.MOVE))


def test_a_line_is_a_message_rendered_in_the_language_in_force_when_shown() -> None:
    said = tablelog.told(MOVE)
    assert isinstance(said, Message)
    assert said.render("en") == tablelog.outcome(MOVE) == "moves 3.2″ to (10.0, 13.2) facing 0°"
    with speaking(PSEUDO):
        shown = tablelog.outcome(MOVE)
        assert tablelog.line(MOVE).endswith(shown)
    assert shown.startswith("⟦" + pseudo("moves {distance}″ to {where}")[1:].split("{")[0])
    assert tablelog.told(entry()) is None and tablelog.outcome(entry()) == ""


def test_measured_numbers_take_the_readers_decimal_mark() -> None:
    """The template may still be untranslated here; the numbers are the reader's either way."""
    ru = tablelog.told(MOVE).render("ru")  # type: ignore[union-attr]
    assert "3,2″" in ru and "10,0" in ru and "13,2" in ru and "3.2" not in ru


@pytest.mark.parametrize(("firers", "english"), [(1, "shoot: 1 firer at B3"), (2, "shoot: 2 firers at B3")])
def test_a_count_is_a_plural_message_not_an_english_s(firers: int, english: str) -> None:
    e = Decided(0, Choice.SHOOT, "A1", "B3", firers=firers, distance=4.5)
    said = tablelog.told(LogEntry(1, "Athenians", "", (), "decision", (e,)))
    assert said is not None and said.plural is not None and said.count == firers
    assert str(said).startswith(english)


def _values(said: Message) -> dict[str, object]:
    """Every named value of a message and of the messages inside it."""
    out: dict[str, object] = {}
    for k, v in said.values:
        out[k] = v
        if isinstance(v, Message):
            out |= _values(v)
    return out


def test_a_volley_counts_its_firers_and_hits_as_plural_messages() -> None:
    said = tablelog.told(entry(Volley("A4", "B1", (1, 2), 1, 1, 0), Aimed("A4", "B1", 1, 3.0, 8)))
    assert said is not None
    inner = _values(said)
    firers, hits = inner["firers"], inner["hits"]
    assert isinstance(firers, Message) and isinstance(hits, Message) and firers.plural and hits.plural
    assert str(said) == "1 firer at B1 (3″), hit on 1, 2: 1 hit: 1 killed"


def test_a_possessive_is_one_typed_value_rendered_by_the_language() -> None:
    assert [str(Possessive(n)) for n in ("Nikias", "Thespian hoplites", "Athenian horse", "Gauls", "Kleitos")] == [
        "Nikias's", "Thespian hoplites'", "Athenian horse's", "Gauls'", "Kleitos'"]
    assert Possessive("Thespian hoplites").render("ru") == "Thespian hoplites"  # «стена щитов отряда {whose}»
    said = msg("density {density} does not beat {whose} {against}: it stands", density=2,
               whose=Possessive("Thespian hoplites"), against=3)
    assert said.render("en") == "density 2 does not beat Thespian hoplites' 3: it stands"
    assert said.render(PSEUDO).startswith("⟦" + pseudo("density ")[1:-1] + "2")


def test_the_log_and_the_refusals_take_their_possessive_from_the_core() -> None:
    judged = tablelog.told(entry(ShotJudged("A4", "B2", 2, 3, False, "Thespian hoplites")))
    assert judged is not None and judged.params["whose"] == Possessive("Thespian hoplites", plural=True)
    struck = tablelog.told(entry(Struck("A1", "B1", (6,), 1, 0, 0, 5, 0, "Athenian hoplites", "Theban hoplites")))
    assert struck is not None and Possessive("Theban hoplites", plural=True) in struck.params.values()
    package = Path(tablelog.__file__).parents[1]
    assert not (package / "tabletop" / "names.py").exists()
    assert not [f for f in package.rglob("*.py") if "tabletop.names" in f.read_text(encoding="utf-8")]
