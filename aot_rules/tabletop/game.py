"""A game in progress: the immutable :class:`GameState`, the one dice source, and the referee.

Every action is a pure function ``action(state, ref, ...) -> GameState`` that asks its dice of
``ref.dice`` and records what happened through ``ref``.  :meth:`Game.act` runs one action as a
transaction: on success the new state, with the action's log lines, replaces the old; on a
:class:`~aot_rules.core.errors.RuleError` the dice are wound back and the state is untouched, so a
refused action leaves the game byte-identical (the property tests check it).

One dice source drives a game.  A seeded source (:meth:`TableDice.seeded`) makes a game replay
exactly from its seed; a fixed source (:meth:`TableDice.fixed`) injects the dice of a worked example
or replays a game from its log.  Rules code is unchanged: :class:`TableDice` is a
:class:`~aot_rules.core.dice.DiceSource`, and the referee turns the rolls a block of rules code made
into one log line (who rolled, for which rule, the faces, the outcome).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any, Concatenate, ParamSpec

from aot_rules.core.dice import DiceSource
from aot_rules.core.events import Event, Roll
from aot_rules.tabletop.events import Reaction
from aot_rules.tabletop.state import NO_MEMORY, ActionRecord, GameState, LogEntry, frozen_arg

P = ParamSpec("P")


class DiceRanOut(ValueError):
    """Injected dice (a worked example's, or a replayed log) ran out before the action finished."""


#: What :meth:`TableDice.snapshot` returns: the holder of the generator's state (filled when a die is next
#: rolled; still empty if none has been), the dice used and the length of the dice log.
DiceSnapshot = tuple[list[Any], int, int]


class TableDice(DiceSource):
    """The game's dice: seeded or scripted, counting every die so a game can be resumed or replayed."""

    def __init__(self, *, seed: int | None = None, faces: Sequence[int] | None = None) -> None:
        super().__init__()
        if (seed is None) == (faces is None):
            raise ValueError("give the dice a seed or a list of faces, not both")
        self.rng = random.Random(seed) if seed is not None else None
        self.faces = list(faces) if faces is not None else []
        self.used = 0
        #: The holder shared by the snapshots taken since the last die (see :meth:`snapshot`), or None.
        self._waiting: list[Any] | None = None

    @classmethod
    def seeded(cls, seed: int, skip: int = 0) -> TableDice:
        """Dice from ``seed``, with the first ``skip`` dice already rolled (a saved game resumes so)."""
        d = cls(seed=seed)
        for _ in range(skip):
            d._next(6)
        return d

    @classmethod
    def fixed(cls, faces: Sequence[int]) -> TableDice:
        """Dice read from a list, in order: a worked example's dice, or a game's log replayed."""
        return cls(faces=faces)

    def _next(self, sides: int) -> int:
        if self.rng is not None:
            if self._waiting is not None:  # the generator is about to move: the snapshots taken since need it
                self._waiting[0] = self.rng.getstate()
                self._waiting = None
            v = self.rng.randint(1, sides)
        else:
            if self.used >= len(self.faces):
                raise DiceRanOut(f"the injected dice ran out after {len(self.faces)} dice")
            v = self.faces[self.used]
        self.used += 1
        return v

    def snapshot(self) -> DiceSnapshot:
        """Where the dice stand, for :meth:`restore`.  The generator's state (a copy of 625 numbers) is taken
        only when the next die is rolled, into a holder shared by every snapshot taken since the last die: most
        snapshots guard a player's trial or an action that is refused before it rolls anything, and then the
        generator has not moved and nothing needs copying."""
        if self._waiting is None:
            self._waiting = [None]
        return (self._waiting, self.used, len(self.log))

    def restore(self, snap: DiceSnapshot) -> None:
        holder, used, n = snap
        if self.rng is not None and holder[0] is not None:  # dice were rolled since: wind the generator back
            self.rng.setstate(holder[0])
            self._waiting = None
        self.used = used
        del self.log[n:]


@dataclass
class Record:
    """What a block of rules code adds to its log entry (see :meth:`Referee.rolling`): the table events that
    tell what came of its dice, beside the rules' own.  The entry's English line is rendered from them
    (:mod:`aot_rules.present.tablelog`); no code writes it."""

    events: list[Event] = field(default_factory=list)


#: A reaction hook: (state, reacting piece id, what provoked it, the reaction) -> take it?
ReactionChoice = Callable[[GameState, str, str, Reaction], bool]


#: The choices a winner's demoralization points offer besides disorder (AOT-DEMO-RETREAT, AOT-DEMO-FORCED-ATTACK).
FORCE_RETREAT, FORCE_ATTACK = Reaction.FORCE_RETREAT, Reaction.FORCE_ATTACK
DP_CHOICES = frozenset({FORCE_RETREAT, FORCE_ATTACK})


def always_react(state: GameState, pid: str, by: str, reaction: Reaction) -> bool:
    """The default choice: take every reaction the rules allow, and spend demoralization points on disorder
    (the forced retreat and attack are a player's choices, not a reaction)."""
    return reaction not in DP_CHOICES


@dataclass
class Referee:
    """What an action may use besides the state: the dice, the log lines it writes, and the players'
    choices for reactions in the other side's slot."""

    dice: TableDice
    turn: int
    react: ReactionChoice = always_react
    entries: list[LogEntry] = field(default_factory=list)
    answers: list[bool] = field(default_factory=list)

    def choose(self, state: GameState, pid: str, by: str, reaction: Reaction) -> bool:
        """Ask the reacting piece's owner; the answer is kept in the action's record (a replay answers so)."""
        taken = bool(self.react(state, pid, by, reaction))
        self.answers.append(taken)
        return taken

    @contextmanager
    def rolling(self, who: str, rule: str, *pieces: str) -> Iterator[Record]:
        """Gather the dice rolled inside the block into one log line for ``who`` under ``rule`` (about
        ``pieces``, the dice's owner first); the line carries the events the rules emitted meanwhile, then
        ``record.events``, where the block says what came of them."""
        start = len(self.dice.log)
        rec = Record()
        yield rec
        logged = tuple(self.dice.log[start:])
        faces = tuple(e.face for e in logged if isinstance(e, Roll))
        self.entries.append(LogEntry(self.turn, who, rule, faces, "roll" if faces else "event",
                                     logged + tuple(rec.events), pieces))

    def note(self, who: str, rule: str, *, kind: str = "event", events: tuple[Event, ...] = (),
             pieces: tuple[str, ...] = ()) -> None:
        """A log line with no dice: something the engine decided, or a player's ``decision`` and its reason;
        its ``events`` say what (:mod:`aot_rules.present.tablelog` renders the line from them)."""
        self.entries.append(LogEntry(self.turn, who, rule, (), kind, events, pieces))


def action_name(action: Callable[..., object]) -> str:
    """The name an action is recorded under: its module's last part and its own name (``moves.move``);
    :mod:`aot_rules.tabletop.record` finds the function again from it."""
    module = getattr(action, "__module__", "") or ""
    return f"{module.rsplit('.', 1)[-1]}.{getattr(action, '__name__', type(action).__name__)}"


#: Each action's recorded name (:func:`action_name`), once per function.
_NAMES: dict[Callable[..., object], str] = {}


class Game:
    """A game: the current state, and the dice that move it on.

    >>> from aot_rules.tabletop.scenarios import scenario
    >>> g = Game(scenario("greek-border", seed=3))
    >>> g.state.turn
    0
    """

    def __init__(self, state: GameState, dice: TableDice | None = None, react: ReactionChoice = always_react):
        if state.opening is None and not state.actions:
            state = replace(state, opening=state)
        self.state = state
        self.dice = dice if dice is not None else TableDice.seeded(state.seed, state.dice_used)
        self.react = react

    def act(self, action: Callable[Concatenate[GameState, Referee, P], GameState], *args: P.args,
            **kwargs: P.kwargs) -> GameState:
        """Run one action as a transaction: the new state on success; on a refusal (or any error), the
        error, with the state and the dice exactly as they were."""
        snap = self.dice.snapshot()
        ref = Referee(self.dice, self.state.turn, self.react)
        try:
            new = action(self.state, ref, *args, **kwargs)
        except Exception:  # a refusal, or injected dice running out: nothing happened
            self.dice.restore(snap)
            raise
        entries = ref.entries
        rolled = self.dice.used - snap[1]
        logged = sum(len(e.faces) for e in entries) if entries else 0
        if logged != rolled:
            self.dice.restore(snap)
            raise RuntimeError(f"{action.__name__} rolled {rolled} dice but logged {logged}: "
                               "every die must be rolled inside Referee.rolling")
        if new is self.state and not entries:  # nothing happened (a victory check while the battle goes on): no
            return new  # record either, so every action in a record leaves a trace a loader can count
        name = _NAMES.get(action)
        if name is None:
            if len(_NAMES) >= 256:  # the engine has a few dozen actions; a caller's own functions come and go
                _NAMES.clear()
            name = _NAMES[action] = action_name(action)
        record = ActionRecord(name, tuple(map(frozen_arg, args)),
                              tuple((k, frozen_arg(v)) for k, v in sorted(kwargs.items())) if kwargs else (),
                              tuple(ref.answers))
        # outside a slot the action is the slot: what it remembered (shield dice, melees judged) ends with it
        self.state = new.changed(log=new.log + tuple(entries) if entries else new.log,
                                 dice_used=new.dice_used + rolled, actions=(*self.state.actions, record),
                                 memory=new.memory if new.slot else NO_MEMORY)
        return self.state

    def faces(self) -> list[int]:
        """Every die rolled so far, in order, read back from the log (a game replays from these)."""
        return [f for e in self.state.log for f in e.faces]
