"""The one place the replay viewer reads the game record.

The record is typed (issue "the table-top engine plays real battles"): the :class:`GameState` before and
after each action, and each :class:`~aot_rules.tabletop.state.LogEntry`'s own events — the
:class:`~aot_rules.core.events.Roll` of every die it logged (its purpose and, where the rule judged it, its
effect), :class:`~aot_rules.tabletop.events.MovedAlong` with the path a move walked and the
the wheels inside it, and :class:`~aot_rules.tabletop.events.FellBack`
for retreats, flights and evasions.  The outcome text is shown as display text and never parsed.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Concatenate, ParamSpec

from aot_rules.core.events import Roll
from aot_rules.tabletop.events import FellBack, MovedAlong, Turned
from aot_rules.tabletop.game import Game, ReactionChoice, TableDice, always_react
from aot_rules.tabletop.geometry import BaseSize, Pose, centre
from aot_rules.tabletop.state import GameState, LogEntry, Piece

P = ParamSpec("P")
Point = tuple[float, float]
#: Points on a drawn wheel's arc.
WHEEL_POINTS = 12


@dataclass(frozen=True)
class Entry:
    """One log entry of an action and the dice rolled for it, in the order they were rolled."""

    entry: LogEntry
    rolls: tuple[Roll, ...]


@dataclass(frozen=True)
class Action:
    """One action as the record shows it: the states on either side of it and its log entries."""

    name: str  # the action function's name (``shoot``, ``begin_slot`` …)
    args: tuple[object, ...]  # its arguments after the state and referee (a piece id, a side …)
    before: GameState
    after: GameState
    entries: tuple[Entry, ...]


def dice_of(entries: Sequence[LogEntry]) -> tuple[Entry, ...]:
    """Each log entry with its own dice, in the order they were rolled (the entry carries its ``Roll`` events)."""
    return tuple(Entry(e, tuple(ev for ev in e.events if isinstance(ev, Roll))) for e in entries)


def moved(before: Piece, after: Piece) -> tuple[Pose, ...]:
    """The poses a base took in one action, as far as the state tells: start and end only."""
    if before.pose == after.pose or not after.on_table:
        return ()
    return (before.pose, after.pose)


def _rotated(pt: Point, pivot: Point, degrees: float) -> Point:
    """``pt`` turned ``degrees`` anticlockwise about ``pivot`` (a wheel's positive angle turns to the left)."""
    a = math.radians(degrees)
    dx, dy = pt[0] - pivot[0], pt[1] - pivot[1]
    return (pivot[0] + dx * math.cos(a) - dy * math.sin(a), pivot[1] + dx * math.sin(a) + dy * math.cos(a))


def walked(ev: MovedAlong) -> tuple[Pose, ...]:
    """The poses of a base along a recorded move: the move's own points (the front centre after each step),
    each of its wheels among them as an arc of poses about its pivot."""
    facing, todo = ev.start.facing, list(ev.wheels)
    out = [Pose(ev.path[0][0], ev.path[0][1], facing)]
    for a, b in itertools.pairwise(ev.path):
        turn = next(((w, sign * w.degrees) for w in todo for sign in (1, -1)
                     if math.dist(_rotated(a, w.pivot, sign * w.degrees), b) < 0.05), None)
        if turn is None:
            out.append(Pose(b[0], b[1], facing))
            continue
        w, degrees = turn
        todo.remove(w)
        for k in range(1, WHEEL_POINTS + 1):
            x, y = _rotated(a, w.pivot, degrees * k / WHEEL_POINTS)
            out.append(Pose(x, y, facing + degrees * k / WHEEL_POINTS))
        facing += degrees
    return tuple(out)


def _joined(a: tuple[Pose, ...], b: Sequence[Pose]) -> tuple[Pose, ...]:
    """Two stretches of one base's way, the second starting where the first ended."""
    return (*a, *b[1:]) if a and b and a[-1] == b[0] else (*a, *b)


def paths_in(entries: Sequence[Entry]) -> dict[str, tuple[Pose, ...]]:
    """Every base that moved in these log entries, and the poses it went through, from their typed events:
    a move, run or trot along its recorded path (wheels as arcs); a retreat, flight or evasion through its
    recorded waypoints (the turn in place, then straight on); a turn in place."""
    out: dict[str, tuple[Pose, ...]] = {}
    for entry in entries:
        events = entry.entry.events
        for ev in events:
            if isinstance(ev, MovedAlong) and len(ev.path) > 1:
                out[ev.piece] = _joined(out.get(ev.piece, ()), walked(ev))
            elif isinstance(ev, FellBack):
                out[ev.piece] = _joined(out.get(ev.piece, ()), (ev.start, *ev.via, ev.end))
            elif isinstance(ev, Turned):
                out[ev.piece] = _joined(out.get(ev.piece, ()), (ev.start, ev.end))
    return out


def paths_of(a: Action) -> dict[str, tuple[Pose, ...]]:
    """Every base that moved in an action, and the poses it went through (:func:`paths_in`)."""
    return paths_in(a.entries)


def centres(poses: Sequence[Pose], size: BaseSize) -> tuple[Point, ...]:
    """The middle of the base at each pose (what a path's arrow follows)."""
    return tuple((float(x), float(y)) for x, y in (centre(p, size) for p in poses))


class RecordingGame(Game):
    """A :class:`Game` that remembers every action it ran (players and turn functions call ``act``)."""

    def __init__(self, state: GameState, dice: TableDice | None = None, react: ReactionChoice = always_react):
        super().__init__(state, dice, react)
        self.actions: list[Action] = []

    def act(self, action: Callable[Concatenate[GameState, Any, P], GameState], *args: P.args,
            **kwargs: P.kwargs) -> GameState:
        before, n_log = self.state, len(self.state.log)
        after = super().act(action, *args, **kwargs)
        entries = dice_of(after.log[n_log:])
        self.actions.append(Action(getattr(action, "__name__", "action"), tuple(args), before, after, entries))
        return after
