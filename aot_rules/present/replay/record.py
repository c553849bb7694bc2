"""The one place the replay viewer reads the game record.

Today's record is the :class:`~aot_rules.tabletop.state.GameState` after each action and each
:class:`~aot_rules.tabletop.state.LogEntry`'s typed fields (turn, who, rule, faces, kind), plus the
:class:`~aot_rules.core.events.Roll` events the rules emit into the game's dice log, which give each
die's purpose and, where the rule judged it, its effect (hit, save, failed test).  A move's path is not
recorded yet, so :func:`moved` draws the straight line from where a base stood to where it stands.

Issue #19 adds typed events to each log entry (rolls with purpose and owner, losses per unit, moves and
wheels with their paths, retreats, flights, slot and activation openings).  When it lands, only this
module changes: :func:`dice_of` reads the entry's own ``Roll`` events, :func:`moved` the move's path,
and the frame builder keeps its shape.  The outcome text is shown as display text and never parsed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Concatenate, ParamSpec

from aot_rules.core.events import Roll
from aot_rules.tabletop.game import Game, ReactionChoice, TableDice, always_react
from aot_rules.tabletop.geometry import centre, wheel_pose
from aot_rules.tabletop.state import GameState, LogEntry, Piece

P = ParamSpec("P")
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


def dice_of(entries: Sequence[LogEntry], events: Sequence[object]) -> tuple[Entry, ...]:
    """Pair each log entry with its dice: the action's ``Roll`` events are handed out in order, as many to
    each entry as it logged faces (the referee logs every die inside exactly one entry)."""
    rolls = [e for e in events if isinstance(e, Roll)]
    out, i = [], 0
    for e in entries:
        mine = tuple(rolls[i:i + len(e.faces)])
        i += len(e.faces)
        if tuple(r.face for r in mine) != e.faces:  # the log and the dice disagree: keep the log's faces
            mine = tuple(Roll("", f) for f in e.faces)
        out.append(Entry(e, mine))
    return tuple(out)


def moved(before: Piece, after: Piece) -> tuple[tuple[float, float], ...]:
    """The path a base's centre took in one action, as far as the state tells: start and end only."""
    if before.pose == after.pose or not after.on_table:
        return ()
    return (centre(before.pose, before.size), centre(after.pose, after.size))


def planned(before: Piece, after: Piece, steps: Sequence[object]) -> tuple[tuple[float, float], ...]:
    """A move's path from the steps it was given (advances and wheels, the wheels drawn as arcs), cut where
    the base stopped (a run's die, a contact); the straight line if the base ended off that path."""
    from shapely.geometry import LineString, Point
    from shapely.ops import substring

    from aot_rules.tabletop.moves import Advance, Wheel

    pose, pts = before.pose, [centre(before.pose, before.size)]
    for st in steps:
        if isinstance(st, Advance):
            pose = pose.advanced(st.distance)
            pts.append(centre(pose, before.size))
        elif isinstance(st, Wheel):
            start = pose
            for k in range(1, WHEEL_POINTS + 1):
                pose = wheel_pose(start, before.size, st.degrees * k / WHEEL_POINTS)
                pts.append(centre(pose, before.size))
    end = centre(after.pose, after.size)
    if len(pts) < 2:
        return moved(before, after)
    line = LineString(pts)
    at = line.project(Point(end))
    if line.interpolate(at).distance(Point(end)) > 0.05 or at <= 0:
        return moved(before, after)
    return tuple((float(x), float(y)) for x, y, *_ in substring(line, 0, at).coords)


def paths_of(a: Action) -> dict[str, tuple[tuple[float, float], ...]]:
    """Every base that moved in an action, and its path: a ``move`` follows its steps (#19's move events
    will carry the path the engine walked); anything else (retreat, flight, evasion) a straight line."""
    out = {}
    for p in a.after.pieces:
        was = next((q for q in a.before.pieces if q.id == p.id), None)
        if was is None or was.pose == p.pose or not p.on_table:
            continue
        steps = a.args[1] if a.name == "move" and len(a.args) > 1 and a.args[0] == p.id else None
        out[p.id] = planned(was, p, steps) if isinstance(steps, (list, tuple)) else moved(was, p)
    return out


class RecordingGame(Game):
    """A :class:`Game` that remembers every action it ran (players and turn functions call ``act``)."""

    def __init__(self, state: GameState, dice: TableDice | None = None, react: ReactionChoice = always_react):
        super().__init__(state, dice, react)
        self.actions: list[Action] = []

    def act(self, action: Callable[Concatenate[GameState, Any, P], GameState], *args: P.args,
            **kwargs: P.kwargs) -> GameState:
        before, n_log, n_dice = self.state, len(self.state.log), len(self.dice.log)
        after = super().act(action, *args, **kwargs)
        entries = dice_of(after.log[n_log:], self.dice.log[n_dice:])
        self.actions.append(Action(getattr(action, "__name__", "action"), tuple(args), before, after, entries))
        return after
