"""Policies: who chooses a side's actions.  The turn sequence (:func:`aot_rules.tabletop.turn.play`) takes one
:class:`Policy` per side as an argument and imports none.

- :class:`~aot_rules.tabletop.player.ScriptedPlayer` plays to win with the exact calculators;
- :class:`RandomPolicy` picks uniformly among :func:`~aot_rules.tabletop.legal.legal_actions` with its own
  random stream (never the game's dice), a test opponent that reaches corners a sensible player avoids.

A policy never proposes an action the rules refuse: both choose only from the legal list.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from aot_rules.tabletop.events import Reaction
from aot_rules.tabletop.game import Game
from aot_rules.tabletop.legal import legal_actions
from aot_rules.tabletop.state import GameState
from aot_rules.tabletop.turn import Player

#: The protocol every policy follows (the turn sequence's :class:`~aot_rules.tabletop.turn.Player`).
Policy = Player

#: The most actions a random policy takes in one slot (it may stop earlier, by choice or with nothing left).
RANDOM_ACTIONS = 12


@dataclass
class RandomPolicy:
    """Uniform choices among the legal actions; stops a slot with probability ``stop`` before each action."""

    side: int
    seed: int = 0
    stop: float = 0.15
    rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed * 2 + self.side)

    def after_double(self, game: Game) -> None:
        """Keeps its slots."""

    def junior_officers(self, game: Game) -> None:
        """In the other side's slot, each time with an even chance, one of its junior officers' legal acts."""
        while self.rng.random() < 0.5:
            acts = legal_actions(game.state, self.side)
            if not acts:
                return
            self.rng.choice(acts).run(game)
            if game.state.result is not None:
                return

    def play_slot(self, game: Game, slot: int) -> None:
        for _ in range(RANDOM_ACTIONS):
            if self.rng.random() < self.stop:
                return
            acts = legal_actions(game.state)
            if not acts:
                return
            self.rng.choice(acts).run(game)
            if game.state.result is not None:
                return

    def react(self, state: GameState, pid: str, by: str, reaction: Reaction) -> bool:
        return self.rng.random() < 0.5


__all__ = ["Policy", "RandomPolicy"]
