"""One action a side may take, as a value: which registered action, its arguments, and the rule that allows it.

:func:`aot_rules.tabletop.legal.legal_actions` lists them and a policy (:mod:`aot_rules.tabletop.policy`)
chooses among them.  :func:`is_legal` asks the engine itself: the action is run on the state with scratch dice
and refused or not, so the list can never disagree with the rules (nothing is kept of the trial).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aot_rules.core.errors import RuleError
from aot_rules.tabletop.game import Game, Referee, TableDice
from aot_rules.tabletop.state import GameState


def _never(state: GameState, pid: str, by: str, reaction: str) -> bool:
    return False


@dataclass(frozen=True)
class Action:
    """``fn(state, ref, *args, **kwargs)`` allowed by ``rule``; ``why`` says in a few words what it is for."""

    rule: str
    fn: Callable[..., GameState] = field(compare=False)
    args: tuple[Any, ...] = ()
    kwargs: tuple[tuple[str, Any], ...] = ()
    why: str = field(default="", compare=False)

    @property
    def name(self) -> str:
        return f"{self.fn.__module__.rsplit('.', 1)[-1]}.{self.fn.__name__}"

    def run(self, game: Game) -> GameState:
        """Play it through :meth:`Game.act` (a transaction: a refusal leaves the game as it was)."""
        return game.act(self.fn, *self.args, **dict(self.kwargs))

    def refusal(self, state: GameState) -> RuleError | None:
        """The rules' refusal of this action in ``state``, or None: tried on the state with scratch dice."""
        ref = Referee(TableDice.seeded(0), state.turn, _never)
        try:
            self.fn(state, ref, *self.args, **dict(self.kwargs))
        except RuleError as e:
            return e
        return None


def is_legal(state: GameState, action: Action) -> bool:
    """Whether the rules allow ``action`` now (see :meth:`Action.refusal`)."""
    return action.refusal(state) is None
