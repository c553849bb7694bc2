"""The one renderer of the game's log (:mod:`aot_rules.tabletop.narrate`): every table event can be told,
the converted entry kinds are written as events only, and their lines read as a player would say them."""

from __future__ import annotations

import pytest

from aot_rules.aot.rules.orders import Method
from aot_rules.tabletop import narrate
from aot_rules.tabletop.events import (
    OWN,
    TABLE_EVENTS,
    Activated,
    Aimed,
    BattleEnded,
    CampTaken,
    ContactMade,
    Decided,
    DPForced,
    FacedAttack,
    FellBack,
    InitiativeRolledAgain,
    LeftBattle,
    MovedAlong,
    OfficerActed,
    Rampaged,
    ReactionChosen,
    Reformed,
    SlotClosed,
    SlotOpened,
    SlotsRewritten,
    StormStruck,
    TurnBegan,
    Turned,
    WeatherSet,
    Wheeled,
)
from aot_rules.tabletop.game import Game
from aot_rules.tabletop.geometry import Pose
from aot_rules.tabletop.player import scripted
from aot_rules.tabletop.scenarios import scenario
from aot_rules.tabletop.state import LogEntry
from aot_rules.tabletop.turn import play

A, B = Pose.of(10, 10, 0), Pose.of(10, 16.25, 90)

#: One event of every table event class, and what its line must say.
SAMPLES = [
    (TurnBegan(3, (5, 2), 0, 1), ["turn 3", "5", "2", "1 tied roll"]),
    (WeatherSet("wind", 4, "north"), ["wind", "north"]),
    (SlotOpened(0, 2, "Nikias", ("A1", "B2")), ["slot 2 of Athenians: Nikias (in contact: A1, B2)"]),
    (SlotClosed(0, 2, ("A1",)), ["slot 2 ends"]),
    (Activated("A2", 0, "Nikias", Method.DIRECT.value, name="Athenian hoplites", distance=0.8125,
               via="Athenian horse"), ["activates A2 (Athenian hoplites) by direct command, 0.8″ from Athenian horse"]),
    (SlotsRewritten(0, ("Nikias", "individual"), True), ["after the double", "Nikias, individual"]),
    (MovedAlong("A1", A, ((10, 10), (10, 16.25)), B, 6.25, "run"), ["runs 6.2″ to (10.0, 16.2) facing 90°"]),
    (Wheeled("A1", (8.4, 10.0), -30.0), ["A1", "30°", "right"]),
    (Turned("A1", A, B), ["turns", "90°"]),
    (Reformed("A1", (4, 4), (3, 3, 2), B, True), ["3/3/2", "defensive", "90°"]),
    (FellBack("B1", "retreat", "A1", A, B), ["falls back to (10.0, 16.2) facing 90°"]),
    (ContactMade("A1", ("B1", "B2"), ("Theban hoplites", "Thespian hoplites")),
     ["stops in contact with Theban hoplites (B1), Thespian hoplites (B2); it cannot move again this slot"]),
    (LeftBattle("B3", "dispersed"), ["B3", "dispersed"]),
    (CampTaken(1, "A4"), ["A4", "camp"]),
    (ReactionChosen("B1", "A1", "evade", False), ["B1", "declines", "evade", "A1"]),
    (Decided(0, "charge: P(win) 0.61 > 0.5"), ["charge: P(win) 0.61 > 0.5"]),
    (InitiativeRolledAgain(2, (4, 1)), ["rolled again", "4 against 1"]),
    (Aimed("A4", "B1", 6, 3.5, 8, line=True), ["6 firers of A4 at B1", "3.5″", "counted at 8", "battle line"]),
    (FacedAttack("B1", "A2", True), ["turns to face A2"]),
    (DPForced(0, "B3", 4, "retreat", "A1"), ["4 DP force B3 to retreat"]),
    (Rampaged("A5", "B2"), ["rushes at B2"]),
    (StormStruck(1, 3, 2), ["3 units lost in the storm", "2 free"]),
    (OfficerActed("B2", 1, "shoot", "A1"), ["junior officer", "shoot at A1"]),
    (BattleEnded(1, "rout", (0, 6)), ["side 2", "rout", "0–6"]),
]


def entry(*events: object, text: str = "", faces: tuple[int, ...] = ()) -> LogEntry:
    return LogEntry(1, "Athenians", "AOT-TEST", faces, text, "event", tuple(events))  # type: ignore[arg-type]


def test_every_table_event_has_a_sample_and_a_renderer() -> None:
    assert {type(e) for e, _ in SAMPLES} == set(TABLE_EVENTS)
    assert set(TABLE_EVENTS) <= set(narrate.RENDERERS)


@pytest.mark.parametrize(("event", "says"), SAMPLES, ids=[type(e).__name__ for e, _ in SAMPLES])
def test_every_table_event_renders(event: object, says: list[str]) -> None:
    line = narrate.outcome(entry(event))
    assert line and "{" not in line
    for part in says:
        assert part in line


@pytest.mark.parametrize(("method", "kw", "faces", "says"), [
    (OWN, {}, (), "activates A1 (Athenian hoplites) by Nikias's slot: his own unit"),
    (Method.BATTLE_LINE.value, {"distance": 0.75}, (), "in Nikias's battle line, 0.8″ from its neighbour"),
    (Method.INDIVIDUAL.value, {"via": "Lamachos"}, (), "on the individual-unit slot, with colonel Lamachos"),
    (Method.INDIVIDUAL.value, {}, (), "activates A1 (Athenian hoplites) on the individual-unit slot"),
    (Method.COLONEL.value, {"distance": 1.0}, (), "to follow colonel Nikias, 1.0″ away"),
    (Method.SIGNAL.value, {"radius": 3, "distance": 4.04}, (3,),
     "misses A1 (Athenian hoplites): the signal carries 3″ and falls short of it at 4.0″"),
    (Method.MESSENGER.value, {"distance": 2.5}, (5,),
     "activates A1 (Athenian hoplites): the messenger rides 2.5″ and gets through on a 5"),
])
def test_activation_lines(method: str, kw: dict[str, object], faces: tuple[int, ...], says: str) -> None:
    reached = not (method == Method.SIGNAL.value)
    ev = Activated("A1", 0, "Nikias", method, reached, name="Athenian hoplites", **kw)  # type: ignore[arg-type]
    assert says in narrate.outcome(entry(ev, faces=faces))


def test_the_code_s_own_text_wins_and_nothing_renderable_says_nothing() -> None:
    assert narrate.outcome(entry(Decided(0, "hold"), text="written by the rules")) == "written by the rules"
    assert narrate.outcome(entry()) == ""


def test_a_played_game_writes_the_converted_kinds_as_events_only() -> None:
    """No entry that holds a converted event carries prose of its own: its line comes from the renderer."""
    converted = (Decided, SlotOpened, SlotClosed, Activated, MovedAlong, ContactMade, FellBack, SlotsRewritten)
    g = Game(scenario("delion", 1))
    play(g, 6, scripted())
    told = [e for e in g.state.log if any(isinstance(v, converted) for v in e.events)]
    assert {type(v) for e in told for v in e.events} >= {Decided, SlotOpened, SlotClosed, Activated, MovedAlong}
    for e in told:
        assert e.text == "" and e.outcome and e.line().endswith(e.outcome)


def test_fall_back_lines() -> None:
    assert narrate.outcome(entry(FellBack("B1", "evasion", "A1", A, B))) == "backs away to (10.0, 16.2) facing 90°"
    fled = entry(FellBack("B1", "flight", "", A, B), LeftBattle("B1", "fled"))
    assert narrate.outcome(fled) == "leaves the table: fled"


def test_distances_print_to_one_decimal() -> None:
    line = narrate.outcome(entry(MovedAlong("A1", A, ((10, 10), (10, 13.3333)), Pose.of(10, 13.3333, 0), 3.3333,
                                            "move")))
    assert line == "moves 3.3″ to (10.0, 13.3) facing 0°"
