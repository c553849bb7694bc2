"""Property tests of the table-top engine (issue 11, item 8), over random action sequences and seeds.

Each example starts from the greek-border scenario with a random seed, activates the units (as a slot
would), and applies a random sequence of moves, wheels, turns, reforms, shots and melees, plus whole
turns between scripted players.  Whatever the engine accepts must keep the invariants; whatever it
refuses must leave the game exactly as it was:

- no warrior is created or lost: formed + disordered + removed == the initial count, per unit;
- density equals the longest formed rank, within the limits, and 0 only for a panicking unit;
- no two bases on the table overlap;
- a refused action leaves the state byte-identical (its save file) and the dice where they were;
- a save/load round trip is the identity.

``AOT_PROPERTY_EXAMPLES`` sets the number of examples per property (default 2000: "a few thousand"; in the fast
tier, ``make test-fast``, a twentieth of that).
"""

from __future__ import annotations

import itertools
import os
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import examples

from aot_rules.aot.units import MAX_FOOT_DENSITY, MAX_MOUNTED_DENSITY
from aot_rules.core.errors import RuleError
from aot_rules.tabletop import combat, moves, save, turn
from aot_rules.tabletop.game import Game
from aot_rules.tabletop.geometry import overlap
from aot_rules.tabletop.player import scripted
from aot_rules.tabletop.scenarios import scenario
from aot_rules.tabletop.state import GameState

EXAMPLES = int(os.environ.get("AOT_PROPERTY_EXAMPLES", examples(300, fast=40)))
PROPERTY = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

IDS = ("A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5")

action = st.one_of(
    st.tuples(st.just("move"), st.sampled_from(IDS), st.floats(0, 12, allow_nan=False)),
    st.tuples(st.just("run"), st.sampled_from(IDS), st.floats(0, 6, allow_nan=False)),
    st.tuples(st.just("wheel"), st.sampled_from(IDS), st.floats(-120, 120, allow_nan=False)),
    st.tuples(st.just("turn"), st.sampled_from(IDS), st.sampled_from((90.0, -90.0, 180.0))),
    st.tuples(st.just("reform"), st.sampled_from(IDS), st.integers(0, 6)),
    st.tuples(st.just("shoot"), st.sampled_from(IDS), st.sampled_from(IDS)),
    st.tuples(st.just("fight"), st.just(""), st.just(0)),
    st.tuples(st.just("turn-end"), st.just(""), st.just(0)),
)


def activated(state: GameState) -> GameState:
    """Every unit activated, as if each had its slot (the command rules are tested elsewhere).  A state edited
    by hand is no action of the game, so it starts a new record: it is its own opening, with no actions, and
    a save of it still replays to it (#19: a save must replay)."""
    fresh = replace(state, pieces=tuple(replace(p, turn=p.turn.activate()) for p in state.pieces), opening=None,
                    actions=())
    return replace(fresh, opening=fresh)


def settled_turn(game: Game) -> None:
    """A new turn, its initiative rolled again after any double (AOT-CMD-DOUBLES)."""
    game.act(turn.start_turn)
    while turn.initiative_open(game.state):
        game.act(turn.roll_again)


def opening(seed: int) -> Game:
    game = Game(scenario("greek-border", seed))
    settled_turn(game)
    game.state = activated(game.state)
    return game


def apply(game: Game, act: tuple[str, str, float]) -> None:
    """Apply one drawn action; a refusal must leave the game as it was."""
    kind, pid, arg = act
    before, dumped, used = game.state, save.dumps(game.state), game.dice.used
    try:
        if kind == "move":
            game.act(moves.move, pid, [moves.Advance(arg)])
        elif kind == "run":
            game.act(moves.move, pid, [moves.Advance(arg)], run=True)
        elif kind == "wheel":
            game.act(moves.move, pid, [moves.Wheel(arg)])
        elif kind == "turn":
            game.act(moves.turn, pid, arg)
        elif kind == "reform":
            game.act(moves.reform, pid, int(arg))
        elif kind == "shoot":
            game.act(combat.shoot, pid, str(arg) if isinstance(arg, str) else "")
        elif kind == "fight":
            game.act(combat.fight)
        else:
            settled_turn(game)
            game.state = activated(game.state)
    except RuleError as e:
        assert e.rule_id and e.message
        assert game.state is before
        assert save.dumps(game.state) == dumped
        assert game.dice.used == used


def check_invariants(state: GameState) -> None:
    for p in state.pieces:
        u = p.unit
        assert u.formed + u.disordered + p.removed == p.initial, p.id
        # density is the longest formed rank by construction (Unit.density); what can break is the ranks
        # the engine leaves: within the caps, never negative, and density 0 only with nobody formed
        assert u.density == max(u.ranks) and min(u.ranks) >= 0
        assert u.density <= (MAX_MOUNTED_DENSITY if u.mounted else MAX_FOOT_DENSITY)
        assert (u.density == 0) == (u.formed == 0)
    live = state.fighting()
    for a, b in itertools.combinations(live, 2):
        assert not overlap(a.polygon, b.polygon), (a.id, b.id)


def play_sequence(seed: int, actions: list[tuple[str, str, float]]) -> Game:
    game = opening(seed)
    check_invariants(game.state)
    for act in actions:
        apply(game, act)
        check_invariants(game.state)
    return game


seeds = st.integers(0, 2**31 - 1)
sequences = st.lists(action, min_size=1, max_size=12)


@PROPERTY
@given(seeds, sequences)
def test_warriors_density_and_bases_hold_over_random_actions(seed: int, actions: list[tuple[str, str, float]]) -> None:
    play_sequence(seed, actions)


@settings(PROPERTY, max_examples=max(20, EXAMPLES // 2))  # a load replays the whole record: half as many
@given(seeds, sequences)
def test_save_load_round_trip_is_identity(seed: int, actions: list[tuple[str, str, float]]) -> None:
    game = play_sequence(seed, actions)
    text = save.dumps(game.state)
    back = save.loads(text)
    assert back == game.state
    assert save.dumps(back) == text


@settings(max_examples=examples(20, fast=8), deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seeds, st.integers(1, 4))
def test_whole_games_between_scripted_players_keep_the_invariants(seed: int, turns: int) -> None:
    game = Game(scenario("greek-border", seed))
    for _ in range(turns):
        turn.play(game, 1, scripted())
        check_invariants(game.state)
        assert len(game.faces()) == game.state.dice_used
        if game.state.result:
            break
    assert save.loads(save.dumps(game.state)) == game.state
