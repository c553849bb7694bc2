"""Legal actions, policies and simulate: nothing listed is refused, both policies keep every invariant, and the
command line sums games up (or refuses a bad argument in one line)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aot_rules.cli.simulate import main as simulate_main
from aot_rules.core.errors import RuleError
from aot_rules.tabletop import turn
from aot_rules.tabletop.game import Game, TableDice
from aot_rules.tabletop.legal import legal_actions
from aot_rules.tabletop.policy import RandomPolicy
from aot_rules.tabletop.scenarios import SCENARIOS, scenario
from aot_rules.tabletop.simulate import CheckedGame, invariant_problems, play_one, simulate


def slot_open(name: str, seed: int) -> Game:
    g = Game(scenario(name, seed))
    g.act(turn.start_turn)
    while turn.initiative_open(g.state):
        g.act(turn.roll_again)
    side, slot = turn.slot_order(g.state)[0]
    g.act(turn.begin_slot, side, slot)
    return g


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_every_legal_action_is_accepted(name: str) -> None:
    g = slot_open(name, 4)
    acts = legal_actions(g.state)
    assert acts and all(a.rule.startswith("AOT-") for a in acts)
    for a in acts:
        trial = Game(g.state, TableDice.seeded(1))
        a.run(trial)  # a refusal would raise RuleError here
    # the active units' own actions are listed too, once one is activated
    acts[0].run(g)
    more = legal_actions(g.state)
    assert any(a.name.startswith("moves.") or a.name.startswith("combat.") for a in more)


def test_no_legal_action_outside_a_slot() -> None:
    assert legal_actions(scenario("delion", 0)) == ()


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), name=st.sampled_from(sorted(SCENARIOS)))
def test_random_policies_keep_every_invariant(seed: int, name: str) -> None:
    game = CheckedGame(scenario(name, seed))
    turn.play(game, 2, (RandomPolicy(0, seed), RandomPolicy(1, seed)))
    assert game.violations == [] and invariant_problems(game.state) == []


def test_a_refused_action_is_a_violation_only_if_it_changed_something() -> None:
    game = CheckedGame(scenario("delion", 0))
    with pytest.raises(RuleError):
        game.act(turn.end_slot)
    assert game.violations == []


def test_simulate_sums_up() -> None:
    r = simulate("delion", range(2), turns=2, workers=1)
    d: dict[str, Any] = r.as_dict()
    assert d["games"] == 2 and set(d["results"]) == {"rout", "points", "withdrawal", "draw"}
    assert sum(d["results"].values()) == 2 and d["violations"] == 0 and d["games_per_second"] > 0
    assert [g.seed for g in r.games] == [0, 1]
    assert r.games[0] == play_one("delion", 0, 2)[0]


def test_simulate_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert simulate_main(["--scenario", "chariot-plain", "--games", "2", "--turns", "1", "--workers", "1",
                          "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert {"games", "results", "violations", "games_per_second"} <= set(doc)
    assert doc["games"] == 2 and doc["violations"] == 0


@pytest.mark.parametrize("argv", [[], ["--scenario", "nowhere"], ["--scenario", "delion", "--games", "0"],
                                  ["--scenario", "delion", "--games", "x"], ["--scenario", "delion", "--policy", "zz"],
                                  ["--scenario", "delion", "--workers", "0"]])
def test_simulate_refuses_bad_arguments_in_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert simulate_main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("aot_rules simulate: ") and err.count("\n") == 1
