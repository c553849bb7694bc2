"""Command, weather and set-up dice: worked examples, the index's derived values, brute-force checks.

The brute-force checks enumerate dice directly (every pair of initiative dice, every sequence of
turns) and share nothing with the engine but the rule being tested.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aot_rules.aot.events import InitiativeRolled, OffRoll, SlotPlayed, UnitDrifted, WeatherChanged
from aot_rules.aot.examples import EXAMPLES
from aot_rules.aot.rules.command import (
    Delivery,
    Initiative,
    activated_slots,
    check_allocation,
    messenger_exact,
    plan,
    play_slots,
    roll_initiative,
    signal_exact,
    slot_activation_exact,
)
from aot_rules.aot.rules.disorder import disorder_test, take_disorder_test
from aot_rules.aot.rules.setup import Bid, bid, meeting, opening
from aot_rules.aot.rules.weather import (
    Effect,
    Weather,
    WeatherRun,
    WindFrom,
    effects,
    play_storm,
    storm_exact,
    weather,
    weather_exact,
    weather_of_double,
    wind,
)
from aot_rules.aot.units import Unit
from aot_rules.core.dice import FixedDice
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate, play
from aot_rules.keys import Law
from aot_rules.systems import get

PAIRS = [(a, b) for a in range(1, 7) for b in range(1, 7)]
UNEQUAL = [(a, b) for a, b in PAIRS if a != b]


# --- initiative ---------------------------------------------------------------------------------


def test_worked_example_initiative_slots() -> None:
    """AOT-EX-INITIATIVE-SLOTS: 4 against 2; player 1 plays 4 then 3, player 2 then 2 then 1 (individual)."""
    ex = EXAMPLES["AOT-EX-INITIATIVE-SLOTS"]()
    played = [(e.player, e.slot, e.owner) for e in ex.log if isinstance(e, SlotPlayed)]
    assert [(p, s) for p, s, _ in played] == [("player 1", 4), ("player 1", 3), ("player 2", 2), ("player 2", 1)]
    assert played[-1][2] == "individual"
    assert activated_slots(4, 2) == (4, 3) and activated_slots(2, 4) == (2, 1)


def test_ties_activate_nothing_and_are_rolled_again() -> None:
    with pytest.raises(RuleError) as e:
        activated_slots(3, 3)
    assert e.value.rule_id == "AOT-CMD-DOUBLES"
    dice = FixedDice([3, 3, 5, 5, 2, 6])
    assert roll_initiative(dice) == Initiative(2, 6)
    assert [ev.double for ev in dice.events(InitiativeRolled)] == [True, True, False]
    assert dice.exhausted()


def test_initiative_derived_values() -> None:
    """The index: P(higher) = 15/36 and P(tie) = 6/36 per roll; given no tie E[a−b] = E[b] = 7/3."""
    assert Fraction(sum(a > b for a, b in PAIRS), 36) == Fraction(15, 36)
    law = slot_activation_exact()
    assert law.prob(lambda s: s.first) == Fraction(1, 2)
    assert law.condition(lambda s: s.first).marginal("slots").mean() == Fraction(7, 3)
    assert law.condition(lambda s: not s.first).marginal("slots").mean() == Fraction(7, 3)


def test_slot_activation_matches_brute_force() -> None:
    """Every slot's chance, counted over the 30 unequal pairs with the rule stated plainly."""
    for slot in range(1, 7):
        hits = sum((a > b and b < slot <= a) or (a < b and slot <= a) for a, b in UNEQUAL)
        out = get("AOT-CMD-INITIATIVE").evaluate()
        assert out.groups["slot_activated"][str(slot)] == Fraction(hits, 30), slot
    assert out.groups["slot_activated"]["6"] == Fraction(1, 6)
    assert out.groups["slot_activated"]["1"] == Fraction(1, 2)


@given(st.lists(st.sampled_from(["A", "B", "C", "individual"]), min_size=6, max_size=6))
def test_planner_matches_brute_force(owners: list[str]) -> None:
    law = evaluate(plan(tuple(owners)))
    for g in set(owners) - {"individual"}:
        mine = [s for s in range(1, 7) if owners[s - 1] == g]
        hits = sum(any((a > b and b < s <= a) or (a < b and s <= a) for s in mine) for a, b in UNEQUAL)
        assert law.prob(lambda t, g=g: g in t.acting) == Fraction(hits, 30)


def test_planner_a_general_on_every_slot_always_acts() -> None:
    out = get("AOT-CMD-SLOTS").evaluate(**{f"slot_{n}": "A" for n in range(1, 7)})
    assert out.groups["acts"] == {"A": Fraction(1)}
    assert out.dist(Law.generals)[1] == 1


def test_allocation_needs_six_owners() -> None:
    with pytest.raises(RuleError) as e:
        check_allocation(["A"] * 5)
    assert e.value.rule_id == "AOT-CMD-SLOTS"


def test_play_slots_orders_the_higher_roller_first() -> None:
    dice = FixedDice([])
    order = play_slots(["x"] * 6, ["y"] * 6, Initiative(1, 5), dice)
    assert [(e.player, e.slot) for e in order] == [("the opponent", 5), ("the opponent", 4), ("the opponent", 3),
                                                    ("the opponent", 2), ("me", 1)]


# --- messenger and signal -----------------------------------------------------------------------


@pytest.mark.parametrize(("x", "p"), [(1, Fraction(5, 6)), (2, Fraction(4, 6)), (3, Fraction(1, 2)),
                                      (4, Fraction(2, 6)), (5, Fraction(1, 6)), (6, 0), (9, 0),
                                      (Fraction(5, 2), Fraction(4, 6)), (Fraction(1, 10), 1)])
def test_messenger_derived_values(x: Fraction, p: Fraction) -> None:
    assert messenger_exact(Fraction(x))[Delivery.SUCCESS] == p


def test_messenger_equality_reading_changes_the_odds() -> None:
    assert messenger_exact(Fraction(3), equal_succeeds=True)[Delivery.SUCCESS] == Fraction(4, 6)
    assert messenger_exact(Fraction(6), equal_succeeds=True)[Delivery.SUCCESS] == Fraction(1, 6)


@given(st.fractions(min_value=Fraction(1, 100), max_value=8))
def test_signal_is_seven_minus_ceiling_over_six(x: Fraction) -> None:
    ceil = -(-x.numerator // x.denominator)
    assert signal_exact(x)[Delivery.SUCCESS] == Fraction(max(0, 7 - ceil), 6)
    strict = sum(r > x for r in range(1, 7))
    assert signal_exact(x, strictly_within=True)[Delivery.SUCCESS] == Fraction(strict, 6)


def test_distance_must_be_positive() -> None:
    for f in (messenger_exact, signal_exact):
        with pytest.raises(RuleError):
            f(Fraction(0))


# --- doubles and weather ------------------------------------------------------------------------


def brute_weather(turns: int, overlapping: bool) -> dict[WeatherRun, Fraction]:
    """Every sequence of per-turn opening rolls (a double's face, or 0 for no double), weighted."""
    out: dict[WeatherRun, Fraction] = {}
    for seq in itertools.product(range(7), repeat=turns):
        p = Fraction(1)
        changes, latest, prev = 0, Weather.CALM, False
        for face in seq:
            p *= Fraction(5, 6) if face == 0 else Fraction(1, 36)
            if latest is Weather.NIGHT:
                continue
            double = face > 0
            if double and prev:
                changes, latest = changes + 1, weather_of_double(face)
                prev = overlapping
            else:
                prev = double
        key = WeatherRun(changes, latest)
        out[key] = out.get(key, Fraction(0)) + p
    return out


@pytest.mark.parametrize("turns", [1, 2, 3, 4])
@pytest.mark.parametrize("overlapping", [True, False])
def test_weather_chain_matches_brute_force(turns: int, overlapping: bool) -> None:
    law = weather_exact(turns, overlapping)
    want = brute_weather(turns, overlapping)
    assert {k: law[k] for k in want} == want and law.total() == 1


def counted_weather(turns: int, overlapping: bool) -> dict[WeatherRun, Fraction]:
    """``brute_weather`` with the sequences that end alike merged turn by turn (too many to list over 30 turns)."""
    now: dict[tuple[int, Weather, bool], Fraction] = {(0, Weather.CALM, False): Fraction(1)}
    for _ in range(turns):
        nxt: dict[tuple[int, Weather, bool], Fraction] = {}
        for (changes, latest, prev), p in now.items():
            for face in range(7):
                q = p * (Fraction(5, 6) if face == 0 else Fraction(1, 36))
                key = (changes, latest, prev)
                if latest is not Weather.NIGHT:
                    if face and prev:
                        key = (changes + 1, weather_of_double(face), overlapping)
                    else:
                        key = (changes, latest, face > 0)
                nxt[key] = nxt.get(key, Fraction(0)) + q
        now = nxt
    out: dict[WeatherRun, Fraction] = {}
    for (changes, latest, _), p in now.items():
        out[WeatherRun(changes, latest)] = out.get(WeatherRun(changes, latest), Fraction(0)) + p
    return out


@pytest.mark.parametrize(("turns", "overlapping"), [(4, True), (4, False), (17, True), (30, True), (30, False)])
def test_weather_chain_over_a_whole_battle(turns: int, overlapping: bool) -> None:
    """The chain's law carried turn by turn (issue #36) is exact over the longest battle the widget offers."""
    if turns == 4:
        assert counted_weather(turns, overlapping) == brute_weather(turns, overlapping)  # the counter itself
    assert weather_exact(turns, overlapping) == Dist(counted_weather(turns, overlapping))


def test_weather_reading_for_a_third_double() -> None:
    """Three doubles in a row: two changes under the Reading, one if a pair's doubles are spent together."""
    assert weather_exact(3)[WeatherRun(2, Weather.WIND)] > 0
    assert weather_exact(3, overlapping=False).prob(lambda w: w.changes == 2) == 0
    assert weather_exact(1).prob(lambda w: w.changes == 0) == 1
    assert weather_exact(2).prob(lambda w: w.changes == 1) == Fraction(1, 36)


def test_nightfall_ends_the_chain() -> None:
    dice = FixedDice([6, 6, 1, 2, 6, 6, 3, 4, 1, 1, 2, 3])
    run = play(weather(5), dice)
    assert run == WeatherRun(1, Weather.NIGHT)
    assert [e.turn for e in dice.events(WeatherChanged)] == [2]
    assert not dice.exhausted()  # the battle ended: turns 3–5 were never rolled


def test_played_weather_counts_only_the_opening_roll() -> None:
    """A tie is rolled again to settle who goes first; the re-roll's double is not a new double."""
    dice = FixedDice([2, 2, 3, 3, 1, 5, 4, 6])  # turn 1: 2:2 then 3:3 (re-roll) then 1:5; turn 2: 4:6
    assert play(weather(2), dice) == WeatherRun(0, Weather.CALM)


class _NoRecord(FixedDice):
    """Scripted dice that keep no record at all: a rule must decide from what its calls return, never by reading
    the record back."""

    def emit(self, event):  # type: ignore[no-untyped-def]
        self.log.clear()
        return event

    def die(self, sides: int = 6, why: str = "", judge=None) -> int:  # type: ignore[no-untyped-def]
        v = super().die(sides, why, judge)
        self.log.clear()
        return v


def test_played_weather_decides_from_the_throws_not_from_the_dice_record() -> None:
    """The weather of a played run comes from the opening throw the initiative rule returns: dice that keep no
    record give the same run as dice that do (it once searched the record for the opening throw)."""
    # four turns open on a double, and one tie is rolled again into another double
    faces = [6, 6, 1, 2, 2, 2, 3, 3, 1, 5, 5, 5, 4, 6, 3, 3, 1, 2, 2, 4]
    assert play(weather(5), _NoRecord(faces)) == play(weather(5), FixedDice(faces)) == WeatherRun(3, Weather.MUD)


def test_weather_effects_in_force() -> None:
    assert effects(Weather.MUD) == {Effect.NO_HORSE_STRIKE}
    assert effects(Weather.RAIN) == {Effect.NO_SHOOTING}
    assert effects(Weather.NIGHT) == {Effect.BATTLE_OVER}
    assert effects(Weather.STORM) == frozenset() and Effect.STORM_LOST in effects(Weather.STORM, arriving=True)
    assert effects(Weather.WIND) == {Effect.DOWNWIND_EQUAL_HITS}
    assert [w.lasting for w in Weather] == [False, True, False, True, True, False, False]


def test_wind_edges_and_reading() -> None:
    assert evaluate(wind()).prob(lambda w: w is not WindFrom.NONE) == Fraction(4, 6)
    assert all(evaluate(wind(reroll_calm=True))[w] == Fraction(1, 4) for w in WindFrom if w is not WindFrom.NONE)


# --- storm ----------------------------------------------------------------------------------------


def test_worked_example_storm_directions() -> None:
    ex = EXAMPLES["AOT-EX-STORM"]()
    assert [(e.face, e.drift) for e in ex.log if isinstance(e, UnitDrifted)] == [
        (1, "forward"), (2, "back"), (3, "left"), (4, "right"), (5, "stays"), (6, "stays")]


@pytest.mark.parametrize("units", [1, 2, 3, 6, 9])
def test_storm_matches_brute_force(units: int) -> None:
    law = storm_exact(units).map(lambda s: (s.lost, s.moved))
    for count in range(1, 7):
        lost = min(count, units)
        for faces in itertools.product(range(1, 7), repeat=lost):
            moved = sum(f <= 4 for f in faces)
            assert law[(lost, moved)] > 0
    moved = storm_exact(units).marginal("moved")
    brute = Fraction(0)
    for count in range(1, 7):
        lost = min(count, units)
        brute += Fraction(1, 6) * sum(Fraction(sum(f <= 4 for f in faces), 6 ** lost)
                                      for faces in itertools.product(range(1, 7), repeat=lost))
    assert moved.mean() == brute


def test_storm_never_loses_more_units_than_the_player_has() -> None:
    dice = FixedDice([6, 1, 1])
    assert play_storm(2, dice) == (2, 2, 6) and dice.exhausted()
    with pytest.raises(RuleError):
        storm_exact(0)


def test_storm_distance_readings() -> None:
    """Reading: a lost unit that moves goes its full move (10 − density); the toggle rolls a die instead."""
    full = storm_exact(5, density=3).marginal("distance")
    assert full[7] == Fraction(4, 6) and full[0] == Fraction(2, 6)
    d6 = storm_exact(5, density=3, d6_move=True).marginal("distance")
    assert all(d6[k] == Fraction(4, 36) for k in range(1, 7))
    dice = FixedDice([1, 3, 5])  # one unit lost; it goes left, then rolls 5 inches
    assert play_storm(4, dice, d6_move=True) == (1, 1, 5) and dice.exhausted()


# --- terrain bid and meeting ----------------------------------------------------------------------


def test_terrain_bid_opening() -> None:
    assert all(evaluate(opening())[k] == Fraction(k - 1, 15) for k in range(1, 7))
    assert play(opening(), FixedDice([3, 3, 2, 5])) == 5


@pytest.mark.parametrize(("opening", "answers", "want"), [
    (4, [True], Bid(4, True)),
    (4, [False, True], Bid(3, False)),
    (4, [False, False, True], Bid(2, True)),
    (2, [False], Bid(1, False)),
    (2, [False, True], Bid(1, False)),
    (1, [True], Bid(1, True)),
    (6, [False] * 5, Bid(1, False)),
])
def test_terrain_bid_rounds(opening: int, answers: list[bool], want: Bid) -> None:
    assert bid(opening, answers) == want


@pytest.mark.parametrize(("opening", "answers"), [(3, [False]), (3, [True, False]), (7, [True]), (1, [False])])
def test_terrain_bid_refusals(opening: int, answers: list[bool]) -> None:
    with pytest.raises(RuleError) as e:
        bid(opening, answers)
    assert e.value.rule_id == "AOT-TERRAIN-BID"


def test_meeting_rounds_are_fair() -> None:
    assert evaluate(meeting(4))[2] == Fraction(6, 16)
    for rounds in range(1, 13):  # every round an even chance, ties rolled again: the binomial count
        assert dict(evaluate(meeting(rounds)).items()) == {k: Fraction(math.comb(rounds, k), 2**rounds)
                                                       for k in range(rounds + 1)}


def test_meeting_rounds_are_played_in_order() -> None:
    """Each round is rolled until it is decided, and every throw is logged."""
    dice = FixedDice([2, 2, 5, 1, 3, 4, 6, 6, 1, 6])
    assert play(meeting(3), dice) == 1 and dice.exhausted()
    assert [(e.mine, e.theirs) for e in dice.events(OffRoll)] == [(2, 2), (5, 1), (3, 4), (6, 6), (1, 6)]


# --- the musician's re-roll ------------------------------------------------------------------------


@pytest.mark.parametrize(("d", "fail", "mean"), [(1, 0, 0), (2, Fraction(1, 36), Fraction(1, 36)),
                                                 (3, Fraction(1, 9), Fraction(5, 36)),
                                                 (4, Fraction(1, 4), Fraction(7, 18)),
                                                 (5, Fraction(4, 9), Fraction(5, 6))])
def test_regular_reroll_derived_values(d: int, fail: Fraction, mean: Fraction) -> None:
    law = disorder_test(d, 10, regular=True)
    assert law.prob(lambda k: k > 0) == fail and law.mean() == mean


def test_regular_reroll_keeps_the_better_die() -> None:
    u = Unit(ranks=(4, 4), regular=True)
    assert take_disorder_test(u, FixedDice([2, 5]))[1] == 0
    assert take_disorder_test(u, FixedDice([3, 1]))[1] == 1
    assert take_disorder_test(u, FixedDice([1, 3]))[1] == 1
    dice = FixedDice([5])
    assert take_disorder_test(u, dice)[1] == 0 and dice.exhausted()  # a pass is not rolled again


def test_recruits_may_not_be_regular() -> None:
    with pytest.raises(RuleError) as e:
        Unit(recruit=True, regular=True)
    assert e.value.rule_id == "AOT-PROP-RECRUIT"


# --- the command line ------------------------------------------------------------------------------


def odds_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    import json

    from aot_rules.cli import main

    assert main(["odds", *args, "--json"]) == 0
    doc: dict[str, object] = json.loads(capsys.readouterr().out)
    return doc


def test_cli_initiative_keys(capsys: pytest.CaptureFixture[str]) -> None:
    doc = odds_json(capsys, "AOT-CMD-INITIATIVE")
    assert doc["distribution"] == {"1": "1/3", "2": "4/15", "3": "1/5", "4": "2/15", "5": "1/15"}
    assert doc["slot_activated"] == {"1": "1/2", "2": "1/2", "3": "7/15", "4": "2/5", "5": "3/10", "6": "1/6"}


def test_cli_doubles_messenger_signal_bid_storm(capsys: pytest.CaptureFixture[str]) -> None:
    doc = odds_json(capsys, "AOT-CMD-DOUBLES", "--turns", "2")
    assert doc["distribution"] == {"0": "35/36", "1": "1/36"}
    assert odds_json(capsys, "AOT-CMD-MESSENGER", "--distance", "3")["distribution"] == {"success": "1/2",
                                                                                          "failure": "1/2"}
    assert odds_json(capsys, "AOT-CMD-SIGNAL", "--distance", "2.5")["distribution"] == {"success": "2/3",
                                                                                         "failure": "1/3"}
    assert odds_json(capsys, "AOT-TERRAIN-BID")["distribution"] == {"2": "1/15", "3": "2/15", "4": "1/5",
                                                                     "5": "4/15", "6": "1/3"}
    storm = odds_json(capsys, "AOT-WEATHER-STORM", "--units", "1")["distribution"]
    assert storm == {"0": "1/3", "1": "2/3"}


def test_cli_disorder_test_regular(capsys: pytest.CaptureFixture[str]) -> None:
    doc = odds_json(capsys, "AOT-DISORDER-TEST", "--density", "4", "--formed", "8", "--regular")
    assert doc["fails"] == "1/4"


def test_cli_slot_planner(capsys: pytest.CaptureFixture[str]) -> None:
    doc = odds_json(capsys, "slot-planner", "--slot-1", "A", "--slot-2", "A", "--slot-3", "B", "--slot-4", "B",
                    "--slot-5", "B", "--slot-6", "individual")
    # A: the loser always plays slot 1, the winner plays 2 when the other rolled a 1: (15 + 5)/30
    assert doc["acts"] == {"A": "2/3", "B": "19/30"}


@pytest.mark.parametrize("args", [["AOT-CMD-DOUBLES", "--turns", "0"], ["AOT-CMD-DOUBLES", "--turns", "31"],
                                  ["AOT-WEATHER-STORM", "--units", "21"], ["AOT-CMD-MESSENGER", "--distance", "0"],
                                  ["slot-planner", "--slot-3", "D"], ["AOT-CMD-INITIATIVE", "--turns", "3"]])
def test_cli_refuses_bad_input_in_one_line(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    from aot_rules.cli import main

    assert main(["odds", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1


def test_initiative_example_numbers_are_the_widgets() -> None:
    """Issue 38: the worked example's "plays exactly two slots" is the widget's P(2 slots) (4/15 over the
    30 untied rolls), and the narrower event (wins the roll too, 2/15) is labelled as such."""
    from aot_rules.systems import get

    exact = {str(k): p for k, p in EXAMPLES["AOT-EX-INITIATIVE-SLOTS"]().exact}
    widget = get("AOT-CMD-INITIATIVE").evaluate()
    assert exact["P(player 1 plays exactly two slots, as here)"] == widget.dist(Law.slots)[2]
    won = sum(1 for a in range(1, 7) for b in range(1, 7) if a - b == 2)
    assert exact["P(player 1 wins the roll and plays exactly two slots, as here)"] == Fraction(won, 30)
    assert widget.dist(Law.slots)[2] == 2 * Fraction(won, 30)
