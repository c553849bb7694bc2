"""Replaying a game from its record: the opening state, the actions in order, and the dice in the log.

:meth:`Game.act <aot_rules.tabletop.game.Game.act>` keeps an :class:`~aot_rules.tabletop.state.ActionRecord`
for every action it runs (its registered name, its arguments, the reactions chosen).  Replaying runs the
same actions on the opening state with the logged dice and the recorded answers; because every action is a
pure function of the state and its dice, the replay reaches exactly the saved state (the save file's
loader checks it, and a test checks it for every game of a ``simulate`` run).  Nothing here reads a log
line's English: editing an old line's text cannot change the game, it only makes the file fail to replay.

Only the actions registered in :data:`ACTIONS` can be replayed (a save file names its actions by these
names; a name outside the registry is refused, so a file can never call arbitrary code).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import msg, nmsg
from aot_rules.core.refusal import FileRefusal
from aot_rules.tabletop import combat, command, moves, officers, turn
from aot_rules.tabletop.events import Reaction
from aot_rules.tabletop.game import DiceRanOut, Game, TableDice, action_name
from aot_rules.tabletop.state import GameState

#: Every action a game may run, by the name :func:`~aot_rules.tabletop.game.action_name` records.
_ALL: tuple[Callable[..., GameState], ...] = (
        turn.start_turn, turn.roll_again, turn.begin_slot, turn.end_slot, turn.check_victory, turn.decide,
        turn.withdraw,
        command.activate, command.rewrite_slots, command.rewrite_on_double,
        moves.move, moves.turn, moves.reform, moves.flee, moves.evade, moves.retreat,
        combat.shoot, combat.fight, combat.spend_dp, combat.retreat_loser,
        combat.panic_flight, officers.junior_officer,
)
ACTIONS: dict[str, Callable[..., GameState]] = {action_name(f): f for f in _ALL}


class ReplayError(FileRefusal):
    """The record does not replay to the state (a tampered or inconsistent game): ``source`` is the part of the
    record at fault (``actions[3] (move)``), ``msg`` why."""


def replay(state: GameState, game_of: Callable[[GameState, TableDice], Game] = Game) -> GameState:
    """The state reached by replaying ``state``'s actions on its opening with its logged dice; ``game_of`` makes
    the game they are run in (a face's recording game keeps every action's states, to show the game step by step).

    Raises :class:`ReplayError` (one line, the action at fault) when an action is unknown, is refused,
    runs out of dice or asks for a reaction that was not recorded.
    """
    if state.opening is None:
        if state.actions:
            raise ReplayError("actions", msg("the record has actions but no opening state"))
        return state
    opening = state.opening
    traced = len(state.log) - len(opening.log)
    if len(state.actions) > traced:  # refused before any action runs: a replay costs no more than its log shows
        raise ReplayError("actions", msg("{actions} actions, but the log shows {entries} entries after the opening, "
                                         "and every action leaves at least one", actions=len(state.actions),
                                         entries=max(traced, 0)))
    faces = [f for e in state.log[len(opening.log):] for f in e.faces]
    game = game_of(opening, TableDice.fixed(faces))
    for n, a in enumerate(state.actions):
        fn = ACTIONS.get(a.name)
        if fn is None:
            raise ReplayError(f"actions[{n}].name", msg("{name} is not an action of the engine", name=repr(a.name)))
        answers = list(a.reactions)

        def answer(st: GameState, pid: str, by: str, reaction: Reaction, answers: list[bool] = answers,
                   n: int = n) -> bool:
            if not answers:
                raise ReplayError(f"actions[{n}]", msg("a reaction ({reaction}) was offered that the record does not "
                                                        "answer", reaction=reaction))
            return answers.pop(0)

        game.react = answer
        before = len(game.state.log)
        try:
            game.act(fn, *a.args, **dict(a.kwargs))
        except RuleError as e:
            raise ReplayError(f"actions[{n}] ({a.name})", msg("refused on replay: {rule}: {problem}", rule=e.rule_id,
                                                                 problem=e.msg)) from None
        except DiceRanOut:
            raise ReplayError(f"actions[{n}] ({a.name})", msg("the logged dice ran out on replay")) from None
        except (TypeError, ValueError) as e:
            raise ReplayError(f"actions[{n}] ({a.name})", str(e)) from None
        if answers:
            raise ReplayError(f"actions[{n}] ({a.name})", nmsg("{n} recorded reaction was never offered",
                                                                "{n} recorded reactions were never offered",
                                                                n=len(answers)))
        if len(game.state.log) == before:
            raise ReplayError(f"actions[{n}] ({a.name})", msg("it leaves no trace in the log (a game records only "
                                                             "the actions that did something)"))
    if game.dice.used != len(faces):
        raise ReplayError("log", nmsg("{n} logged die was not rolled on replay",
                                      "{n} logged dice were not rolled on replay", n=len(faces) - game.dice.used))
    return replace(game.state, opening=state.opening)


__all__ = ["ACTIONS", "ReplayError", "replay"]
