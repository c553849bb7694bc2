"""The slot's typed memory (issue #34): what lasts a whole slot (the command ledger, the contacts at its start, each
unit's shield die against fire and in melee, each unit as the slot's shooters see it, the melees judged) is kept in
the state by piece id and updated where each rule happens; no rule reads the game's log, so a game whose log is
emptied or rewritten plays the same, and a save resumed mid-slot carries the memory (its replay rebuilds it)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from aot_rules.aot.events import Losses, ShieldWall
from aot_rules.tabletop import command
from aot_rules.tabletop.events import MeleeJudged, SlotOpened
from aot_rules.tabletop.game import Game
from aot_rules.tabletop.player import scripted
from aot_rules.tabletop.save import dumps, loads, to_data
from aot_rules.tabletop.scenarios import SCENARIOS, scenario
from aot_rules.tabletop.state import NO_MEMORY, GameState, LogEntry
from aot_rules.tabletop.turn import play


class _Watched(Game):
    """A game that keeps every state an action starts from (in ``seen``)."""

    def __init__(self, state: GameState) -> None:
        super().__init__(state)
        self.seen: list[GameState] = []

    def act(self, action, *args, **kwargs):
        self.seen.append(self.state)
        return super().act(action, *args, **kwargs)


def _slot_lines(state: GameState) -> tuple[LogEntry, ...]:
    """The log lines of the slot being played, from its opening line on."""
    opened = max(i for i, e in enumerate(state.log) if any(isinstance(v, SlotOpened) for v in e.events))
    return state.log[opened:]


def test_a_slots_memory_holds_what_its_log_lines_record() -> None:
    """The slot's typed memory (kept as orders are given, shields rolled, volleys shot and melees judged; no rule
    reads the log) agrees, in every state of a game played in a slot, with what the slot's log lines record: the
    ledger folded from their Activated and SlotsRewritten events, the contacts of the opening line, the last
    shield die of each piece against fire and in melee, each piece as it stood before the first volley at it, and
    the pieces of every melee judged.  The log is read here only to check the memory against it."""
    wanted = {"ordered", "shot shield", "melee shield", "shot at", "fought"}
    kinds: set[str] = set()
    for name, seed in ((name, seed) for seed in range(10) for name in sorted(SCENARIOS)):
        if kinds == wanted:
            break
        opening = scenario(name, seed)
        watched = _Watched(opening)
        play(watched, opening.last_turn, scripted())
        kinds |= _checked(s for s in watched.seen if s.slot)
    assert kinds == wanted  # the games exercised every part of the memory


def _checked(slots: Iterable[GameState]) -> set[str]:
    """Check each state's memory against its slot's log lines; what parts of the memory they held."""
    kinds: set[str] = set()
    for s in slots:
        lines = _slot_lines(s)
        events = [(e.rule, v) for e in lines for v in e.events]
        mem = s.memory
        assert mem.orders == command._folded(command.Ledger(), (v for _, v in events[1:]))
        assert mem.in_contact == next(v for _, v in events if isinstance(v, SlotOpened)).in_contact
        for melee, rules in ((False, {"AOT-SHOOT-HIT", "AOT-REACT-RETURN-FIRE"}), (True, {"AOT-MELEE-STRIKES"})):
            last = {v.piece: (v.roll, v.left) for r, v in events if r in rules and isinstance(v, ShieldWall)}
            assert {p: tuple(h) for p, h in (mem.melee_shields if melee else mem.shot_shields)} == last
            kinds |= {"melee shield" if melee else "shot shield"} if last else set()
        first: dict[str, object] = {}
        for r, v in events:
            if r in {"AOT-SHOOT-HIT", "AOT-REACT-RETURN-FIRE"} and isinstance(v, Losses):
                first.setdefault(v.piece, v.before)
        assert dict(mem.shot_at) == first
        assert mem.fought == {x for _, v in events if isinstance(v, MeleeJudged) for x in (v.first, v.second)}
        kinds |= {"ordered"} if mem.orders.method is not None else set()
        kinds |= {"shot at"} if first else set()
        kinds |= {"fought"} if mem.fought else set()
    return kinds


class _Forgetful(Game):
    """A game that loses its log before every action (``rewrite`` makes the log it then holds): the rules must
    play on from the typed state alone.  The lines every state would hold are kept aside, by the state (a player
    winds a refused trial back by putting an earlier state back): :attr:`lines`."""

    def __init__(self, state: GameState, rewrite: Any) -> None:
        super().__init__(state)
        self.rewrite = rewrite
        self._full: dict[int, tuple[GameState, tuple[LogEntry, ...]]] = {id(self.state): (self.state, state.log)}

    @property
    def lines(self) -> tuple[LogEntry, ...]:
        """The whole log of the game as it stands."""
        return self._full[id(self.state)][1]

    def act(self, action, *args, **kwargs):
        full, kept = self.lines, self.state
        self.state = self.state.changed(log=self.rewrite(self.state.log))
        before = len(self.state.log)
        try:
            new = super().act(action, *args, **kwargs)
        except Exception:  # refused: the game stands as it was, log and all
            self.state = kept
            raise
        self._full[id(new)] = (new, full + new.log[before:])
        return new


def _emptied(log: tuple[LogEntry, ...]) -> tuple[LogEntry, ...]:
    return ()


def _garbled(log: tuple[LogEntry, ...]) -> tuple[LogEntry, ...]:
    """Every line's words and events changed: another speaker, another rule, no events, no pieces."""
    return tuple(replace(e, who="someone else", rule="AOT-NOTHING", events=(), pieces=()) for e in log)


def _memory_kinds(state: GameState) -> set[str]:
    """The parts of the slot's memory that hold something in ``state``."""
    mem = state.memory
    held = {"ordered": mem.orders.method is not None, "shot shield": bool(mem.shot_shields),
            "melee shield": bool(mem.melee_shields), "shot at": bool(mem.shot_at), "fought": bool(mem.fought),
            "in contact": bool(mem.in_contact)}
    return {k for k, v in held.items() if v}


def test_a_game_whose_log_is_lost_mid_slot_plays_the_same_dice_and_result() -> None:
    """Games played with their log emptied, or every line's words and events garbled, before every action (so in
    the middle of every slot) roll the same dice, write the same lines and end the same as the games played with
    their log: every rule that lasts a slot (the ledger, the contacts at its start, the shield dice, the first
    volley's view of a target, the melees judged) reads the typed memory, none reads the log.  With a rule reading
    the log, a lost log forgets the slot's shield die (a second die is rolled) or its contacts (old contacts are
    fought again) and the games part."""
    wanted = {"ordered", "shot shield", "melee shield", "shot at", "fought", "in contact"}
    kinds: set[str] = set()
    played = 0
    for name, seed in ((name, seed) for seed in range(10) for name in sorted(SCENARIOS)):
        if kinds == wanted:
            break
        opening = scenario(name, seed)
        watched = _Watched(opening)
        kept = play(watched, opening.last_turn, scripted()).state
        for rewrite in (_emptied, _garbled):
            lost = _Forgetful(opening, rewrite)
            play(lost, opening.last_turn, scripted())
            assert lost.state.dice_used == kept.dice_used, (name, seed, rewrite.__name__)
            assert lost.lines == kept.log, (name, seed, rewrite.__name__)
            assert lost.state.pieces == kept.pieces and lost.state.result == kept.result
        for s in watched.seen:
            kinds |= _memory_kinds(s)
        played += 1
    assert kinds == wanted  # the games held every part of the memory at some point mid-slot
    assert played >= 2


def _first_state_with(kinds: set[str]) -> GameState:
    """The first mid-slot state, in delion's games by seed, whose slot memory holds every one of ``kinds``."""
    for seed in range(20):
        opening = scenario("delion", seed)
        watched = _Watched(opening)
        play(watched, opening.last_turn, scripted())
        found = next((s for s in watched.seen if kinds <= _memory_kinds(s)), None)
        if found is not None:
            return found
    raise AssertionError(f"no delion game of seeds 0-19 reaches a slot memory holding {sorted(kinds)}")


def test_a_game_saved_mid_slot_loads_with_its_slot_memory() -> None:
    """A save file holds no slot memory (its shape is unchanged); the loader's replay of the record rebuilds it, so a
    game saved in the middle of a slot, after a shield die was rolled against fire (and a target shot at) or in
    melee (and the melee judged), loads equal to the game saved, memory and all."""
    for kinds in ({"shot shield", "shot at", "in contact"}, {"melee shield", "fought"}):
        state = _first_state_with(kinds)
        assert "memory" not in to_data(state) and "memory" not in json.loads(dumps(state))
        loaded = loads(dumps(state))
        assert loaded.memory == state.memory != NO_MEMORY
        assert loaded == state
