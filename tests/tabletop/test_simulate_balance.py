"""simulate's balance: side 0's share of the games a side won, with its Wilson 95% interval, in the summary and
in the JSON; a scenario is called even when the interval holds 50%."""

from __future__ import annotations

import pytest

from aot_rules.cli.simulate import balance_line
from aot_rules.tabletop.simulate import GameSummary, Report, wilson


def _report(a: int, b: int, draws: int) -> Report:
    games = ([GameSummary(i, 0, "points", 16, (0, 1), (1, 0)) for i in range(a)]
             + [GameSummary(a + i, 1, "rout", 9, (5, 0), (0, 3)) for i in range(b)]
             + [GameSummary(a + b + i, -1, "draw", 16, (0, 0), (0, 0)) for i in range(draws)])
    return Report("delion", ("Athenians", "Boeotians"), games)


@pytest.mark.parametrize(("wins", "n", "low", "high"), [
    (5, 10, 0.2366, 0.7634),  # the textbook case: symmetric about an even share
    (0, 10, 0.0, 0.2775),  # none won: the interval still has width, unlike the normal approximation's
    (10, 10, 0.7225, 1.0),
    (61, 87, 0.5981, 0.7872),  # delion before issue #38: worked by hand
])
def test_wilson_interval(wins: int, n: int, low: float, high: float) -> None:
    lo, hi = wilson(wins, n)
    assert lo == pytest.approx(low, abs=1e-4) and hi == pytest.approx(high, abs=1e-4)


def test_wilson_without_games_knows_nothing() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


def test_balance_leaves_draws_out_of_the_share() -> None:
    b = _report(6, 4, 5).balance()
    assert (b.wins, b.decided, b.draws) == (6, 10, 5) and b.share == 0.6 and b.fair
    assert (round(b.low, 4), round(b.high, 4)) == (0.3127, 0.8318)


def test_summary_line_says_even_when_the_interval_holds_half() -> None:
    line = balance_line(_report(6, 4, 5)).render("en")
    assert line == ("  balance: Athenians won 6 of 10 won games (60%), 95% Wilson interval 31.3% to 83.2%: "
                    "holds 50%, even")


def test_summary_line_names_the_favoured_side() -> None:
    assert balance_line(_report(61, 26, 13)).render("en").endswith(
        "(70.1%), 95% Wilson interval 59.8% to 78.7%: favours Athenians")
    assert balance_line(_report(20, 60, 0)).render("en").endswith(": favours Boeotians")


def test_summary_line_without_a_won_game() -> None:
    assert balance_line(_report(0, 0, 3)).render("en") == (
        "  balance: no game won by either side, so no win share to judge")


def test_json_carries_the_balance() -> None:
    d = _report(61, 26, 13).as_dict()
    assert d["balance"] == {"side": "Athenians", "wins": 61, "decided": 87, "draws": 13, "share": 0.7011,
                            "low": 0.5981, "high": 0.7872, "confidence": 0.95, "fair": False}
