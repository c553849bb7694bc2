"""One engine action told as several steps: a melee's strike, then the retreats, then the DP spent.

The engine resolves a melee in one transaction (``fight`` strikes, compares, makes the losers retreat, sets
panicking units running and spends the winners' demoralization points), but a reader follows it as things
happening in turn.  The action's log entries say which rule each applies (their rule IDs: data, not English)
and carry the typed events of what changed: ``Losses`` with the unit before and after, ``FellBack``,
``Turned`` and ``MovedAlong`` with the poses, ``LeftBattle``.  So the state between two beats is the engine's
state after the action with the later beats' events undone, last first.  Undoing every beat must lead back
exactly to the state before the action (each base where it stood, each unit and its losses as they were);
if it does not, some change went unrecorded and the action stays one step.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from aot_rules.aot.events import Losses
from aot_rules.present.replay.record import Action, Entry
from aot_rules.tabletop.events import FellBack, LeftBattle, MovedAlong, Turned
from aot_rules.tabletop.state import GameState, Piece, Status

#: The kinds of beat, by the rule an entry applies.
STRIKE, FALL, DP, ORDER = "strike", "fall back", "dp", "order"


def beat_of(rule: str) -> str | None:
    """The beat a log entry of ``rule`` belongs to, or None: it goes on with the beat before it (a test for
    passing through friends inside a retreat, say)."""
    if rule in ("AOT-MELEE-STRIKES", "AOT-MELEE-RESULT"):
        return STRIKE
    if rule in ("AOT-MELEE-RETREAT", "AOT-PANIC", "AOT-EVADE-PROCEDURE", "AOT-EVADE-FLANK"):
        return FALL
    if rule.startswith("AOT-DEMO-"):
        return DP
    if rule.startswith("AOT-CMD-"):
        return ORDER
    return None


@dataclass(frozen=True)
class Beat:
    """One beat of an action: its kind ("" for the action's own opening), its entries and the states either
    side of it."""

    kind: str
    entries: tuple[Entry, ...]
    before: GameState
    after: GameState


def grouped(entries: Sequence[Entry]) -> list[tuple[str, tuple[Entry, ...]]]:
    """The entries cut where the beat changes (an entry of no beat stays with the one before it)."""
    out: list[tuple[str, list[Entry]]] = []
    for e in entries:
        kind = beat_of(e.entry.rule)
        if not out or (kind is not None and kind != out[-1][0]):
            out.append((kind or "", [e]))
        else:
            out[-1][1].append(e)
    return [(k, tuple(es)) for k, es in out]


def _drawn(p: Piece) -> tuple[object, ...]:
    """What a replay draws of a piece (the fields undoing must restore)."""
    return (p.pose, p.unit, p.removed, p.on_table)


class Unrecorded(ValueError):
    """A change the events do not explain (the action then stays one step)."""


def _losses(pieces: dict[str, Piece], entry: Entry, ev: Losses, first: GameState) -> None:
    named = [pid for pid in entry.entry.pieces if pid in pieces]
    cands = [pid for pid in named if pieces[pid].unit == ev.after] or [
        pid for pid, p in pieces.items() if p.unit == ev.after]
    if not cands and entry.entry.rule == "AOT-MELEE-STRIKES":
        # a unit fighting two enemies took one Losses per strike, landed together: back to its start
        cands = [pid for pid, p in pieces.items() if first.piece(pid).unit == ev.before and p.unit != ev.before]
        if not cands and any(first.piece(pid).unit == ev.before for pid in pieces):
            return  # its other strike's Losses already put it back
    if len(cands) != 1:
        raise Unrecorded(f"losses of {ev.before.name}: {len(cands)} pieces match")
    p = pieces[cands[0]]
    total = p.unit.strength + p.removed  # warriors are never created or lost unaccounted for (Piece.with_unit)
    status = Status.FIGHTING if p.status is Status.DESTROYED and not ev.before.destroyed else p.status
    pieces[p.id] = replace(p, unit=ev.before, removed=total - ev.before.strength, status=status)


def undo(state: GameState, entries: Sequence[Entry], first: GameState) -> GameState:
    """``state`` with the changes the entries' events record undone, last first (``first``: the state before
    the whole action, for what an event does not carry)."""
    pieces = {p.id: p for p in state.pieces}
    for entry in reversed(entries):
        for ev in reversed(entry.entry.events):
            if isinstance(ev, (MovedAlong, FellBack, Turned)):
                pieces[ev.piece] = replace(pieces[ev.piece], pose=ev.start)
            elif isinstance(ev, LeftBattle):
                pieces[ev.piece] = replace(pieces[ev.piece], status=first.piece(ev.piece).status)
            elif isinstance(ev, Losses) and ev.before != ev.after:
                _losses(pieces, entry, ev, first)
    return replace(first, pieces=tuple(pieces[p.id] for p in state.pieces))


def beats(a: Action) -> tuple[Beat, ...]:
    """The action's beats with the states between them; one beat (the whole action) when it has only one,
    or when undoing its events does not lead back to the state before it."""
    groups = grouped(a.entries)
    whole = (Beat(groups[0][0] if len(groups) == 1 else "", a.entries, a.before, a.after),)
    if len(groups) < 2:
        return whole
    try:
        states = [a.after]
        for _, es in reversed(groups[1:]):
            states.insert(0, undo(states[0], es, a.before))
        back = undo(states[0], groups[0][1], a.before)
    except Unrecorded:
        return whole
    if [_drawn(p) for p in back.pieces] != [_drawn(p) for p in a.before.pieces]:
        return whole
    befores = [a.before, *states[:-1]]
    return tuple(Beat(k, es, b, s) for (k, es), b, s in zip(groups, befores, states, strict=True))
