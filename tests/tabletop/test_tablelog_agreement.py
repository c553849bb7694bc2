"""Issue #38: a log line's verb agrees with its unit, the number taken from the unit's body (one elephant is
"beaten", a body of hoplites "are beaten"), never from its name's words; ``play`` passes the game's pieces."""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

import pytest
from table_positions import piece

from aot_rules.aot.rules.elephants import elephant
from aot_rules.cli import main
from aot_rules.core.i18n import PSEUDO, Possessive
from aot_rules.present import number, tablelog
from aot_rules.present.replay.captions import Table, caption
from aot_rules.tabletop.events import (
    Choice,
    Decided,
    FriendPassed,
    MeleeJudged,
    Reaction,
    ReactionChosen,
    RetreatBlocked,
    ShotJudged,
    Status,
    Struck,
    TwoOnOne,
)
from aot_rules.tabletop.geometry import BaseSize
from aot_rules.tabletop.scenarios import SCENARIOS, scenario
from aot_rules.tabletop.state import GameState, LogEntry

#: A warrior-body unit and a one-beast unit, by id, in the same game.
MANY, ONE = "B1", "El"


def table() -> GameState:
    """Delion with a war elephant added to the Athenians: B1 is the Theban hoplites."""
    st = scenario("delion", 1)
    beast = piece(ONE, 0, replace(elephant(2), name="war elephant"), 30, 10, size=BaseSize.LARGE)
    return replace(st, pieces=(*st.pieces, beast))


def name(st: GameState, pid: str) -> str:
    return next(p.name for p in st.pieces if p.id == pid)


def told(st: GameState, *events: object) -> str:
    entry = LogEntry(1, "Athenians", "AOT-TEST", (), "event", tuple(events))  # type: ignore[arg-type]
    return tablelog.outcome(entry, number.of(st))


def test_the_number_comes_from_the_body_not_the_name() -> None:
    st = table()
    assert number.of(st)(MANY) and not number.of(st)(ONE)
    assert [p.id for p in st.pieces if not number.plural(p.unit)] == [ONE]
    # a one-beast unit whose name reads as a plural is still one
    assert not number.plural(replace(elephant(2), name="Porus's elephants"))


@pytest.mark.parametrize(("make", "many_says", "one_says"), [
    (lambda pid, n: ShotJudged("A4", pid, 2, 1, True, n), "{n} are beaten", "{n} is beaten"),
    (lambda pid, n: ShotJudged("A4", pid, 1, 2, False, n), ": they stand", ": it stands"),
    (lambda pid, n: MeleeJudged("A1", pid, 4, 2, "A1", pid, "Athenian hoplites", n), "{n} are beaten",
     "{n} is beaten"),
    (lambda pid, n: MeleeJudged(pid, "A1", 4, 2, pid, "A1", n, "Athenian hoplites"), "{n} win,", "{n} wins,"),
    (lambda pid, n: ReactionChosen(pid, "A2", Reaction.TURN_BACK, True, n, "Attic hoplites"),
     "{n} choose to turn back", "{n} chooses to turn back"),
    (lambda pid, n: ReactionChosen(pid, "A2", Reaction.TURN_BACK, False, n, "Attic hoplites"),
     "{n} keep their back", "{n} keeps its back"),
    (lambda pid, n: RetreatBlocked(pid, Status.DISPERSED, name=n), "{n} are dispersed", "{n} is dispersed"),
    (lambda pid, n: Struck("A1", pid, (4, 5, 1), 1, 1, 0, 3, 0, "Athenian hoplites", n), "{n} lose 1",
     "{n} loses 1"),
    (lambda pid, n: FriendPassed("A3", pid, 5, 1, pid, "", "Athenian hoplites", n), "{n} lose 1", "{n} loses 1"),
    (lambda pid, n: TwoOnOne(("A1", "A2", pid), ("Athenian hoplites", "Attic hoplites", n), (2, 2), (1, 0, 2),
                             (0, 1, 0)), "{n} split 2/2", "{n} splits 2/2"),
    (lambda pid, n: Decided(0, Choice.FLEE, pid, name=n), "flee: {n} are panicking", "flee: {n} is panicking"),
    (lambda pid, n: Decided(0, Choice.RALLY, pid, name=n, disordered=2), "rally: {n} reform,", "rally: {n} reforms,"),
])
def test_the_same_event_agrees_with_a_plural_and_a_singular_unit(make: Callable[[str, str], object], many_says: str,
                                                                  one_says: str) -> None:
    st = table()
    many, one = name(st, MANY), name(st, ONE)
    assert many_says.format(n=many) in told(st, make(MANY, many))
    assert one_says.format(n=one) in told(st, make(ONE, one))


def test_the_possessive_takes_the_number_fact() -> None:
    st = table()
    shot = told(st, ShotJudged("A4", ONE, 2, 1, True, "Ares"))  # a singular whose name ends in "s"
    assert "against Ares's 1: Ares is beaten" in shot
    assert str(Possessive("Ares")) == "Ares'"  # the name alone would be taken for a plural


def test_the_replay_caption_falls_back_to_the_log_with_the_same_number() -> None:
    st = table()
    e = RetreatBlocked(ONE, Status.DISPERSED, name="war elephant")
    entry = LogEntry(1, "Athenians", "AOT-TEST", (), "event", (e,))
    assert caption(entry, Table(st, st)) == "war elephant is dispersed: no retreat"


#: A verb that agrees with a singular subject, and its plural; a unit's name followed by the wrong one is a bug.
VERBS = {"is": "are", "has": "have", "loses": "lose", "wins": "win", "keeps": "keep", "chooses": "choose",
         "takes": "take", "declines": "decline", "stands": "stand", "guards": "guard", "blocks": "block",
         "splits": "split", "reforms": "reform"}


def play_text(sc: str, *first: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main([*first, "play", "--scenario", sc, "--seed", "3", "--turns", "12", "--verbose"]) == 0
    return out.getvalue()


@pytest.mark.parametrize("sc", SCENARIOS)
def test_a_whole_verbose_game_says_no_plural_unit_is(sc: str) -> None:
    st = scenario(sc, 1)
    text = play_text(sc)
    for p in st.pieces:
        wrong = VERBS if number.plural(p.unit) else VERBS.values()
        bad = re.compile(rf"{re.escape(p.name)} ({'|'.join(wrong)})\b")
        assert not [line for line in text.splitlines() if bad.search(line)], p.name
    assert any(f"{p.name} are " in text for p in st.pieces), "the game tells no unit's state at all"


def test_a_whole_game_in_the_pseudo_locale_still_plays() -> None:
    text = play_text("delion", "--lang", PSEUDO)
    assert "⟦" in text and " are " not in text  # every sentence, plural ones included, went through the catalogue


def test_the_odds_stay_exact() -> None:
    """The decision's odds are the engine's fractions, untouched by the number fact."""
    st = table()
    e = Decided(0, Choice.CHARGE, MANY, ONE, target_name="war elephant", odds=(Fraction(1, 2), Fraction(1, 4)))
    assert "P(win) 0.50 > P(lose) 0.25 against El (war elephant)" in told(st, e)
