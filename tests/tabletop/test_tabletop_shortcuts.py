"""The engine's speed shortcuts (issue 19, part 8) give the answers of the slow way they replace: the frontal
arc's separating-line test, contact_along's box test, the cached base boxes, a wheel's sweep built in one
shapely call, GameState.changed, the invariant check's box test and memory, the player acting for real on a
transaction instead of a trial on scratch dice, the dice snapshot that copies the generator only when a
die is rolled after it, a wheel's search trials refused from the end footprint, the bases' overlap and the
guarded camp tested by boxes and separating lines, a wheel's overlap settled from its pieces, the cached
arc test of one base on another, the garbage collector's thresholds put back after a turn or a game, and
a walk remembered by what it reads rather than by its state.

Bases are placed on both sides and at several facings, so a fault on one side of a shape cannot pass."""

from __future__ import annotations

import gc
import math
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any, cast

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from shapely.geometry import Polygon
from shapely.ops import unary_union
from table_positions import facing, piece, poses, side, sizes

from aot_rules.aot.equipment import MeleeWeapon
from aot_rules.aot.rules import victory
from aot_rules.aot.rules.orders import Method
from aot_rules.aot.rules.terrain import Terrain, terrain_effect
from aot_rules.aot.units import Unit
from aot_rules.cli.collector import GAME_THRESHOLDS, few_collections
from aot_rules.core.errors import RuleError
from aot_rules.present import tablelog
from aot_rules.tabletop import moves
from aot_rules.tabletop.command import contact_ids
from aot_rules.tabletop.contact import contact_along, outline
from aot_rules.tabletop.events import Choice, Decided, Obstacle, ObstacleKind
from aot_rules.tabletop.game import DiceSnapshot, Game, TableDice
from aot_rules.tabletop.geometry import (
    AREA_EPS,
    CONTACT,
    BaseSize,
    Pose,
    StraightClearance,
    Sweep,
    WheelClearance,
    base_box,
    base_in_arc,
    bases_overlap,
    corners,
    footprint,
    frontal_arc,
    in_arc,
    on_table,
    overlap,
    shared_area,
    sweep_parts,
    swept,
    turned_in_place,
    wheel_pose,
)
from aot_rules.tabletop.player import ScriptedPlayer, scripted
from aot_rules.tabletop.scenarios import scenario
from aot_rules.tabletop.sight import gap
from aot_rules.tabletop.simulate import CheckedGame, invariant_problems
from aot_rules.tabletop.state import GameState, Piece, Status, TerrainPiece
from aot_rules.tabletop.turn import (
    _plainly_on,
    activate,
    army,
    begin_slot,
    play,
    play_turn,
    reactions,
    start_turn,
)


@given(poses, sizes, poses, sizes)
def test_in_arc_is_shapelys_answer(a: Pose, sa: BaseSize, b: Pose, sb: BaseSize) -> None:
    target = footprint(b, sb)
    assert in_arc(a, sa, target) == (frontal_arc(a, sa).intersection(target).area > AREA_EPS)
    assert base_in_arc(a, sa, b, sb) == in_arc(a, sa, target)


def test_in_arc_both_sides_and_behind() -> None:
    """A target ahead and a little to either side is in the arc; the same target mirrored behind is not."""
    me = Pose.of(20, 20, 0)
    for x in (16.0, 20.0, 24.0):
        assert in_arc(me, BaseSize.UNIT, footprint(Pose.of(x, 26, 180), BaseSize.UNIT))
        assert not in_arc(me, BaseSize.UNIT, footprint(Pose.of(x, 12, 0), BaseSize.UNIT))
    for x in (5.0, 35.0):  # far out to either side at a short distance: outside the 45° lines
        assert not in_arc(me, BaseSize.UNIT, footprint(Pose.of(x, 22, 0), BaseSize.UNIT))


@given(poses, sizes, poses, sizes, st.floats(min_value=0.0, max_value=12.0))
def test_contact_along_skips_only_what_it_could_not_reach(a: Pose, sa: BaseSize, b: Pose, sb: BaseSize,
                                                         reach: float) -> None:
    """With an unbounded reach the box test never skips: the bounded answer is the unbounded one cut at the
    reach."""
    target = outline(b, sb)
    free = contact_along(a, sa, target, math.inf)
    want = free if free is not None and free <= reach else None
    assert contact_along(a, sa, target, reach) == want


@given(poses, sizes)
def test_base_box_is_the_footprints_bounds(p: Pose, s: BaseSize) -> None:
    assert base_box(p, s) == pytest.approx(footprint(p, s).bounds, abs=1e-12)


@given(poses, st.sampled_from([-170.0, -90.0, -33.0, -5.0, 5.0, 33.0, 90.0, 170.0]))
def test_a_wheels_sweep_is_the_union_of_its_pieces(start: Pose, deg: float) -> None:
    end = wheel_pose(start, BaseSize.UNIT, deg)
    parts = sweep_parts(start, end, BaseSize.UNIT, wheel=True)
    want = unary_union([Polygon(p) for p in parts])
    got = swept(start, end, BaseSize.UNIT, wheel=True)
    assert got.equals_exact(want, 0.0)
    assert got.wkb == want.wkb


def test_changed_is_replace_without_the_cached_lookups() -> None:
    s = scenario("delion", 0)
    assert len(s.fighting(0)) > 0  # fills the per-state cache
    gone = replace(s.pieces[0], status=Status.DESTROYED)
    t = s.changed(pieces=(gone, *s.pieces[1:]), turn=3)
    assert t == replace(s, pieces=(gone, *s.pieces[1:]), turn=3)
    assert gone not in t.fighting() and len(t.fighting()) == len(s.fighting()) - 1
    with pytest.raises(TypeError, match="no field 'turns'"):
        s.changed(turns=3)
    kept = t.changed(turn=4)  # the same pieces: the units on the table carried over, and still right
    assert kept.__dict__["_on_table"] is t.__dict__["_on_table"] and kept.fighting() == t.fighting()
    back = kept.changed(pieces=s.pieces)  # other pieces: worked out again
    assert "_on_table" not in back.__dict__ and back.fighting() == s.fighting()


def test_a_pieces_changed_is_replace() -> None:
    p = scenario("delion", 0).pieces[0]
    moved = p.changed(pose=Pose.of(1, 2, 90), fled_this_turn=True)
    assert moved == replace(p, pose=Pose.of(1, 2, 90), fled_this_turn=True)
    assert moved.__dict__.keys() == p.__dict__.keys()
    assert p.changed() == p and p.pose != moved.pose  # the original is untouched
    with pytest.raises(TypeError, match="no field 'place'"):
        p.changed(place=None)


def _overlapping(state: GameState) -> GameState:
    a, b = state.fighting(0)[:2]
    return state.with_piece(replace(b, pose=a.pose.advanced(0.5)))


def test_invariants_find_an_overlap_and_no_false_one() -> None:
    s = scenario("greek-border", 2)
    assert invariant_problems(s) == []
    a, b = s.fighting(0)[:2]
    assert invariant_problems(_overlapping(s)) == [f"{a.id} and {b.id} overlap"]


def test_checked_game_reports_again_after_an_action_that_leaves_the_pieces() -> None:
    """The check is remembered by the pieces, but every action still reports what is wrong after it."""
    g = CheckedGame(_overlapping(scenario("greek-border", 2)), dice=TableDice.fixed([4, 2]))
    g.act(start_turn)
    assert len(g.violations) == 1
    g.act(begin_slot, 0, 4)
    assert len(g.violations) == 2 and g.violations[0].split(": ", 1)[1] == g.violations[1].split(": ", 1)[1]


def test_a_refused_try_leaves_state_dice_and_log_as_they_were() -> None:
    """The player plays an action for real; when the rules refuse it, its reason is wound back too."""
    g = Game(scenario("greek-border", 1), dice=TableDice.fixed([4, 2]))
    g.act(start_turn)
    g.dice = TableDice.seeded(5)
    g.react = reactions((ScriptedPlayer(0), ScriptedPlayer(1)))
    g.act(begin_slot, 0, 4)
    before, used = g.state, g.dice.used
    player = ScriptedPlayer(0)
    with pytest.raises(RuleError):  # the rules refuse it played directly ...
        g.act(moves.move, "A1", [moves.Advance(60.0)])
    assert not player._try(g, moves.move, "A1", [moves.Advance(60.0)],
                           decision=Decided(0, Choice.ADVANCE, "A1", "B1", distance=60.0))
    assert g.state is before and g.dice.used == used  # ... and the player's try leaves no trace
    assert player._try(g, activate, 0, "A1", Method.DIRECT,
                       decision=Decided(0, Choice.ORDER, "A1", "A1", owner="Nikias", method=Method.DIRECT))
    decisions = [tablelog.outcome(e) for e in g.state.log if e.kind == "decision"]
    assert decisions[-1] == "Nikias orders A1 by direct command"
    assert g.state.piece("A1").turn.active



#: A player's transactions, flattened: open a snapshot, roll a die of some size, or wind back the newest one.
_dice_steps = st.lists(st.sampled_from(["open", "open", "d6", "d6", "d10", "back"]), max_size=40)


@given(st.integers(0, 2**32), _dice_steps)
def test_a_lazy_dice_snapshot_winds_back_as_an_eager_copy_does(seed: int, steps: list[str]) -> None:
    """Nested snapshots, dice rolled between them and wound back in any order a transaction stack allows: the
    lazy snapshot (the generator's state copied only when a die is next rolled) leaves every later die as an
    eager copy of the generator's state at every snapshot does."""
    lazy, eager = TableDice.seeded(seed), TableDice.seeded(seed)
    assert eager.rng is not None
    open_: list[tuple[DiceSnapshot, tuple[tuple[Any, ...], int, int]]] = []
    for step in steps:
        if step == "open":
            open_.append((lazy.snapshot(), (eager.rng.getstate(), eager.used, len(eager.log))))
        elif step == "back" and open_:
            snap, (state, used, n) = open_.pop()
            lazy.restore(snap)
            eager.rng.setstate(state)
            eager.used = used
            del eager.log[n:]
        elif step != "back":
            sides = int(step[1:])
            assert lazy.die(sides) == eager.die(sides)
        assert lazy.used == eager.used and lazy.log == eager.log
    assert lazy.d6s(5) == eager.d6s(5)


def _beside(start: Pose, ahead: float, aside: float) -> tuple[float, float]:
    """The point ``ahead`` inches along ``start``'s facing and ``aside`` inches to its right (left if negative)."""
    dx, dy = start.direction
    return (start.x + ahead * dx + aside * dy, start.y + ahead * dy - aside * dx)


def _slow_clear(start: Pose, bases: list[tuple[Pose, BaseSize]], limit: float) -> Callable[[Pose], bool]:
    """The stopping point's question asked the slow way: the swept ground kept ``limit`` from every base."""
    def clear(end: Pose) -> bool:
        ground = Sweep(start, end, BaseSize.UNIT)
        return not any(ground.nearer(p, s, footprint(p, s), limit) for p, s in bases)
    return clear


_ahead_bases = st.lists(st.tuples(st.floats(0.0, 12.0), st.floats(-5.0, 5.0), facing, sizes), min_size=1, max_size=2)


@given(poses, _ahead_bases, st.lists(st.floats(0.0, 10.0), min_size=1, max_size=12))
def test_straight_clearance_answers_as_the_sweep(start: Pose, others: list[tuple[float, float, float, BaseSize]],
                                                 trials: list[float]) -> None:
    """Trials along a straight advance, in any order, toward bases ahead, to either side and at any facing: each
    answer (settled by earlier measurements or measured) is the slow way's."""
    bases = [(Pose.of(*_beside(start, a, b), f), s) for a, b, f, s in others]
    slow = _slow_clear(start, bases, moves.HALF)
    fast = StraightClearance(start, BaseSize.UNIT, bases, moves.HALF, slow)
    for d in trials:
        end = start.advanced(d)
        assert fast.clear(end) == slow(end)


def _stop(ask: Callable[[Pose], bool], start: Pose, d: float) -> float:
    """The walk's bisection for a stopping point along a straight advance of ``d`` inches (each rounded end asked
    once)."""
    lo, hi = 0.0, 1.0
    seen: dict[Pose, bool] = {}
    for _ in range(moves.ROUNDS):
        mid = (lo + hi) / 2
        end = start.advanced(d * mid)
        if end not in seen:
            seen[end] = ask(end)
        lo, hi = (mid, hi) if seen[end] else (lo, mid)
    return lo


@given(poses, _ahead_bases)
def test_straight_clearance_stops_a_move_where_the_slow_search_does(
        start: Pose, others: list[tuple[float, float, float, BaseSize]]) -> None:
    bases = [(Pose.of(*_beside(start, a, b), f), s) for a, b, f, s in others]
    slow = _slow_clear(start, bases, moves.HALF)
    fast = StraightClearance(start, BaseSize.UNIT, bases, moves.HALF, slow)
    assert _stop(fast.clear, start, 10.0) == _stop(slow, start, 10.0)


@pytest.mark.parametrize("aside", [-2.0, 0.0, 2.0])
@pytest.mark.parametrize("face", [0.0, 90.0, -135.0, 17.5])
def test_a_charge_measures_few_of_its_search_trials(aside: float, face: float) -> None:
    """A charge at a base ahead (or half to either side): of the search's 40 trials, most are settled by the
    ones measured before them, and it stops where the slow search stops."""
    start = Pose.of(30, 20, face)
    bases = [(Pose.of(*_beside(start, 6.0, aside), face + 180), BaseSize.UNIT)]
    slow = _slow_clear(start, bases, moves.HALF)
    asked: list[Pose] = []

    def counted(end: Pose) -> bool:
        asked.append(end)
        return slow(end)

    fast = StraightClearance(start, BaseSize.UNIT, bases, moves.HALF, counted)
    assert _stop(fast.clear, start, 10.0) == _stop(slow, start, 10.0)
    assert len(fast.samples) + len(asked) <= 12


def _slow_flight(state: GameState, p: Piece, heading: float, d: float, facing: float) -> moves.Flight:
    """:func:`moves.flight` as it was before its bounds tests: every base and piece measured by shapely."""
    start = p.polygon
    carried = moves._shift(p.pose, heading, d)
    end = turned_in_place(carried, p.size, facing)
    lane = start.union(footprint(carried, p.size)).convex_hull
    ground = cast(Polygon, unary_union([lane, footprint(end, p.size)]))
    held = {e.id for e in moves.contacts(state, p)}
    blocked: Obstacle | None = None
    for e in state.enemies(p):
        if overlap(ground, e.polygon) if e.id in held else ground.distance(e.polygon) < CONTACT:
            blocked = Obstacle(ObstacleKind.ENEMY, e.id, e.name)
            break
    if blocked is None:
        for t in state.terrain:
            if overlap(ground, t.polygon) and not terrain_effect(t.kind, p.unit).passable:
                blocked = Obstacle(ObstacleKind.TERRAIN, name=t.name, terrain=t.kind)
                break
    order = {f.id: i for i, f in enumerate(state.pieces)}
    crossed = sorted((f for f in state.friends(p) if overlap(ground, f.polygon)),
                     key=lambda f: (round(start.distance(f.polygon), 6), order[f.id]))
    body = footprint(end, p.size)
    ends_on = tuple(f.id for f in crossed if overlap(body, f.polygon))
    return moves.Flight(end, blocked, tuple(f.id for f in crossed if f.id not in ends_on), ends_on,
                        not on_table(ground, state.width, state.depth))


@given(poses, st.lists(st.tuples(st.sampled_from([0, 1]), poses), min_size=1, max_size=4),
       st.floats(-180.0, 180.0), st.floats(0.0, 10.0), st.booleans(), poses)
def test_flight_answers_as_without_its_bounds_tests(at: Pose, others: list[tuple[int, Pose]], heading: float,
                                                    d: float, turned: bool, lake_at: Pose) -> None:
    """A fall-back among friends and enemies (some in contact, some overlapping the way) and an impassable lake,
    in any direction: the bounds tests change no answer."""
    hoplites = Unit("hoplites", (4, 4), weapon=MeleeWeapon.SPEAR)
    me = piece("M", 0, hoplites, at.x, at.y, at.facing)
    bases = [piece(f"P{i}", side_, hoplites, q.x, q.y, q.facing) for i, (side_, q) in enumerate(others)]
    lake = TerrainPiece("lake", Terrain.LAKE, corners(lake_at, BaseSize.UNIT))
    state = GameState("test", 0, (side("Greeks", 0, 0.0), side("Gauls", 36, 40.0)), (me, *bases), (lake,), turn=1)
    facing = heading + 180 if turned else me.pose.facing
    assert moves.flight(state, me, heading, d, facing) == _slow_flight(state, me, heading, d, facing)


@pytest.mark.parametrize("gap", [0.004, 0.0099, 0.0101, 0.03])
@pytest.mark.parametrize("aside", [-1, 1])
@pytest.mark.parametrize("face", [0.0, 90.0, -135.0, 17.5])
def test_a_flight_is_blocked_by_an_enemy_just_beside_its_path_only_within_contact(gap: float, aside: int,
                                                                                 face: float) -> None:
    """An enemy whose side lies ``gap`` inches off either side of a flight's lane blocks it below contact
    distance only: near the threshold the bounds test must leave the call to shapely."""
    hoplites = Unit("hoplites", (4, 4), weapon=MeleeWeapon.SPEAR)
    me = piece("M", 0, hoplites, 30, 20, face)
    x, y = _beside(me.pose, 3.0, aside * (BaseSize.UNIT.width + gap))
    foe = piece("E", 1, hoplites, x, y, face)
    state = GameState("test", 0, (side("Greeks", 0, 0.0), side("Gauls", 36, 40.0)), (me, foe), (), turn=1)
    fled = moves.flight(state, me, face, 6.0, face)
    assert fled == _slow_flight(state, me, face, 6.0, face)
    assert (fled.blocked is not None) == (gap < CONTACT)


def _slow_contact_ids(state: GameState) -> tuple[str, ...]:
    """command.contact_ids as it was: each piece measured against every enemy."""
    return tuple(p.id for p in state.pieces
                 if p.on_table and any(gap(p, e) < CONTACT for e in state.enemies(p)))


@given(st.lists(st.tuples(st.sampled_from([0, 1]), st.floats(20.0, 24.0), st.floats(18.0, 22.0), facing,
                          st.booleans()), min_size=1, max_size=6))
def test_contact_ids_pairs_each_enemy_once_and_answers_as_before(bases: list[tuple[int, float, float, float,
                                                                                  bool]]) -> None:
    """Bases of both sides crowded into a few inches (many touching, some overlapping, some off the table):
    every pair of enemies is boxed once, and the answer is the old one, in the state's order."""
    hoplites = Unit("hoplites", (4, 4), weapon=MeleeWeapon.SPEAR)
    pieces = tuple(replace(piece(f"P{i}", s_, hoplites, x, y, f), status=Status.FIGHTING if on else Status.FLED)
                   for i, (s_, x, y, f, on) in enumerate(bases))
    state = GameState("test", 0, (side("Greeks", 0, 0.0), side("Gauls", 36, 40.0)), pieces, (), turn=1)
    assert contact_ids(state) == _slow_contact_ids(state)


@given(st.lists(st.tuples(st.sampled_from([0, 1]), st.sampled_from(list(Status))), min_size=2, max_size=6),
       st.booleans(), st.booleans(), st.integers(10, 13), st.booleans())
@example([(0, Status.FIGHTING), (1, Status.FIGHTING), (0, Status.LOOTING), (0, Status.LOOTING)], False, False, 5,
         False)  # two looters: the full count refuses such an army, so the plain check must leave it to it
def test_the_plain_victory_check_skips_only_battles_that_go_on(units: list[tuple[int, Status]], w0: bool, w1: bool,
                                                               turn: int, turn_over: bool) -> None:
    """Whatever the units' fates, withdrawals and turn: when the check reads the battle as plainly going on, the
    full count agrees (nobody routed or withdrawn, not nightfall, and the armies count without a refusal)."""
    hoplites = Unit("hoplites", (4, 4), weapon=MeleeWeapon.SPEAR)
    pieces = tuple(replace(piece(f"P{i}", s_, hoplites, 5 + 4 * i, 20), status=st_)
                   for i, (s_, st_) in enumerate(units))
    sides = (replace(side("Greeks", 0, 0.0), withdrawn=w0), replace(side("Gauls", 36, 40.0), withdrawn=w1))
    state = GameState("test", 0, sides, pieces, (), turn=turn, last_turn=12)
    if not _plainly_on(state, turn_over):
        return
    a, b = army(state, 0), army(state, 1)
    assert victory.still_fighting(a) and victory.still_fighting(b)
    assert not w0 and not w1 and not (turn_over and turn >= 12)


def _slow_walk_run(state: GameState, p: Piece, steps: list[moves.Step], budget: float) -> moves.Walk:
    """moves._walk_run as it was: every candidate walked in full, friends passed included."""
    w = moves.walk(state, p, steps, budget)
    if not w.ends_on:
        return w
    lo, hi = 0.0, budget
    best = moves.walk(state, p, steps, 0.0)
    for _ in range(moves.ROUNDS):
        mid = (lo + hi) / 2
        cand = moves.walk(state, p, steps, mid)
        if cand.ends_on:
            hi = mid
        else:
            lo, best = mid, cand
    return best


@given(st.lists(st.tuples(st.floats(-1.0, 12.0), st.floats(-3.0, 3.0), facing), min_size=1, max_size=3),
       st.sampled_from([0.0, 90.0, -135.0, 17.5]), st.floats(1.0, 12.0), st.sampled_from([0.0, 30.0, -30.0]))
def test_a_run_cut_short_by_a_friend_stops_where_it_did(friends: list[tuple[float, float, float]], face: float,
                                                        budget: float, wheel: float) -> None:
    """A run (straight, or wheeling either way first) at friends ahead and to either side: the search for the
    longest run that does not end on one, which no longer looks for the friends its candidates pass, keeps the
    same walk, the friends it passes included."""
    hoplites = Unit("hoplites", (4, 4), weapon=MeleeWeapon.SPEAR)
    me = piece("M", 0, hoplites, 30, 20, face)
    others = [piece(f"F{i}", 0, hoplites, *_beside(me.pose, a, b), f) for i, (a, b, f) in enumerate(friends)]
    state = GameState("test", 0, (side("Greeks", 0, 0.0), side("Gauls", 36, 40.0)), (me, *others), (), turn=1)
    steps: list[moves.Step] = [moves.Wheel(wheel), moves.Advance(12.0)] if wheel else [moves.Advance(12.0)]
    try:
        want = _slow_walk_run(state, me, steps, budget)
    except RuleError as e:
        with pytest.raises(RuleError, match=re.escape(e.message)):
            moves._walk_run(state, me, steps, budget)
        return
    assert moves._walk_run(state, me, steps, budget) == want


@given(poses, st.sampled_from([-90.0, -45.0, -12.5, 12.5, 45.0, 90.0]),
       st.lists(st.tuples(st.floats(-4.0, 8.0), st.floats(-7.0, 7.0), facing, sizes), min_size=1, max_size=2),
       st.lists(st.floats(0.0, 1.0), min_size=1, max_size=8))
@example(Pose.of(20, 20, 0), 90.0, [(0.5, -3.0, 0.0, BaseSize.UNIT)], [1.0, 0.5, 0.25])
def test_a_wheels_search_trial_answers_as_the_sweep(start: Pose, deg: float,
                                                     others: list[tuple[float, float, float, BaseSize]],
                                                     fractions: list[float]) -> None:
    """A wheel's stopping-point trials, toward bases beside, ahead of and behind the wheel at any facing: a trial
    refused from its end footprint alone (:func:`moves._clear_of`'s shortcut) is refused by the whole sweep, and
    every other answer is the sweep's."""
    hoplites = Unit("hoplites", (4, 4), weapon=MeleeWeapon.SPEAR)
    hit = [piece(f"E{i}", 1, hoplites, *_beside(start, a, b), f, size=s) for i, (a, b, f, s) in enumerate(others)]
    slow = _slow_clear_wheel(start, [(e.pose, e.size) for e in hit], moves.HALF)
    for frac in fractions:
        end = wheel_pose(start, BaseSize.UNIT, deg * frac)
        assert moves._clear_of(start, end, BaseSize.UNIT, True, hit) == slow(end)


def _slow_clear_wheel(start: Pose, bases: list[tuple[Pose, BaseSize]], limit: float) -> Callable[[Pose], bool]:
    """:func:`_slow_clear` for a wheel: the whole swept ground measured, nothing answered from the end alone."""
    def clear(end: Pose) -> bool:
        ground = Sweep(start, end, BaseSize.UNIT, wheel=True)
        return not any(ground.nearer(p, s, footprint(p, s), limit) for p, s in bases)
    return clear


@given(poses, sizes, st.floats(-5.0, 5.0), st.floats(-5.0, 5.0), facing, sizes)
@example(Pose.of(20, 20, 0), BaseSize.UNIT, 0.0, 1.6, 0.0, BaseSize.UNIT)
@example(Pose.of(20, 20, 45), BaseSize.UNIT, 3.0, 0.5, 45.0, BaseSize.LARGE)
def test_bases_overlap_is_shapelys_answer(a: Pose, sa: BaseSize, dx: float, dy: float, fb: float,
                                          sb: BaseSize) -> None:
    """Two bases near each other (touching, overlapping or apart, at any facings): the box and separating-line
    tests answer as shapely's overlap of the two footprints."""
    b = Pose.of(a.x + dx, a.y + dy, fb)
    assert bases_overlap(a, sa, b, sb) == overlap(footprint(a, sa), footprint(b, sb))


@given(st.lists(st.tuples(st.floats(20.0, 40.0), st.floats(30.0, 40.0), facing), min_size=1, max_size=4))
def test_a_camp_is_guarded_as_shapely_says(places: list[tuple[float, float, float]]) -> None:
    """Units in, at the edge of, beside and away from their camp: :meth:`GameState.camp_guards` (box test first) is
    shapely's overlap of some unit's base with the camp."""
    hoplites = Unit("hoplites", (4, 4), weapon=MeleeWeapon.SPEAR)
    g0 = scenario("greek-border", 0)
    pieces = tuple(piece(f"C{i}", 1, hoplites, x, y, f) for i, (x, y, f) in enumerate(places))
    sides = (g0.sides[0], replace(g0.sides[1], camp=((26, 34), (34, 34), (34, 38), (26, 38))))
    state = replace(g0, pieces=pieces, sides=sides)
    camp = state.sides[1].camp_polygon
    assert bool(state.camp_guards(1)) == any(overlap(p.polygon, camp) for p in pieces)


@given(poses, st.sampled_from([-170.0, -90.0, -33.0, 33.0, 90.0, 170.0]), st.floats(-6.0, 8.0),
       st.floats(-8.0, 8.0), facing, sizes, st.booleans())
@example(Pose.of(20, 20, 0), 90.0, 1.0, -3.0, 0.0, BaseSize.UNIT, False)
@example(Pose.of(20, 20, 0), 90.0, 0.0, 0.0, 0.0, BaseSize.UNIT, True)
def test_a_wheels_overlap_is_its_unions(start: Pose, deg: float, ahead: float, aside: float, face: float,
                                        size: BaseSize, ground: bool) -> None:
    """A wheel's ground against a base or a larger piece of ground (a camp-sized square) beside, ahead of or
    behind it: :meth:`Sweep.overlaps`, settled from its pieces where it can, is shapely's overlap of the
    union."""
    end = wheel_pose(start, BaseSize.UNIT, deg)
    at = Pose.of(*_beside(start, ahead, aside), face)
    outline = list(corners(at, size))
    if ground:
        x, y = at.x, at.y
        outline = [(x - 2, y - 2), (x + 2, y - 2), (x + 2, y + 2), (x - 2, y + 2)]
    other = Polygon(outline)
    b = other.bounds
    box = (float(b[0]), float(b[1]), float(b[2]), float(b[3]))
    sweep = Sweep(start, end, BaseSize.UNIT, wheel=True)
    assert sweep.overlaps(other, box, outline) == overlap(swept(start, end, BaseSize.UNIT, wheel=True), other)


#: A hook of ground (not convex), as a wood or a hill's outline may be, drawn about the origin.
_HOOK = ((-3.0, -2.0), (3.0, -2.0), (3.0, 2.0), (1.0, 2.0), (1.0, -0.5), (-1.0, -0.5), (-1.0, 2.0), (-3.0, 2.0))


@given(poses, st.floats(0.0, 8.0), st.floats(-6.0, 8.0), st.floats(-8.0, 8.0), st.booleans())
@example(Pose.of(20, 20, 0), 4.0, 2.0, 0.0, False)
@example(Pose.of(20, 20, 0), 4.0, 1.6, 0.0, True)
def test_a_straight_moves_overlap_is_shapelys(start: Pose, d: float, ahead: float, aside: float,
                                              hooked: bool) -> None:
    """A straight move's ground against a base, or a piece of ground shaped like a hook, ahead of, beside or
    behind it (touching, crossing or apart): :meth:`Sweep.overlaps` in plain arithmetic is shapely's overlap."""
    end = start.advanced(d)
    x, y = _beside(start, ahead, aside)
    outline = ([(x + hx, y + hy) for hx, hy in _HOOK] if hooked
               else list(corners(Pose.of(x, y, start.facing + 180), BaseSize.UNIT)))
    other = Polygon(outline)
    b = other.bounds
    box = (float(b[0]), float(b[1]), float(b[2]), float(b[3]))
    assert Sweep(start, end, BaseSize.UNIT).overlaps(other, box, outline) == overlap(swept(start, end, BaseSize.UNIT),
                                                                                     other)


@given(poses, sizes, st.floats(-6.0, 6.0), st.floats(-6.0, 6.0), st.booleans())
def test_shared_area_is_shapelys_intersection_area(a: Pose, size: BaseSize, dx: float, dy: float,
                                                   hooked: bool) -> None:
    """:func:`shared_area` of a base, or a hook of ground, with a base near it, in either order of corners: the
    area of shapely's intersection, to rounding."""
    x, y = a.x + dx, a.y + dy
    subject = [(x + hx, y + hy) for hx, hy in _HOOK] if hooked else list(corners(Pose.of(x, y, 30.0), size))
    clip = list(corners(a, size))
    want = Polygon(subject).intersection(Polygon(clip)).area
    assert shared_area(subject, clip) == pytest.approx(want, abs=1e-9)
    assert shared_area(subject[::-1], clip[::-1]) == pytest.approx(want, abs=1e-9)


def test_playing_leaves_the_collector_as_it_found_it() -> None:
    """The engine never tunes the garbage collector (a notebook kernel's settings are its own): a turn and a game
    see the thresholds the process set, and leave them so."""
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    try:
        seen: list[tuple[int, ...]] = []

        class Watching(ScriptedPlayer):
            def play_slot(self, game: Game, slot: int) -> None:
                seen.append(gc.get_threshold())
                super().play_slot(game, slot)

        game = Game(scenario("greek-border", 0))
        play_turn(game, (Watching(0), Watching(1)))
        play(game, 1, scripted())
        assert seen and set(seen) == {(700, 10, 10)} and gc.get_threshold() == (700, 10, 10)
    finally:
        gc.set_threshold(*before)


def test_a_driver_runs_the_collector_rarely_and_puts_it_back() -> None:
    """``play``, ``simulate`` and the benchmark run games under :func:`few_collections`, which restores the old
    thresholds after the block, also when it fails."""
    before = gc.get_threshold()
    with few_collections():
        assert gc.get_threshold() == GAME_THRESHOLDS
    assert gc.get_threshold() == before
    with pytest.raises(RuntimeError), few_collections():
        raise RuntimeError("a player's fault")
    assert gc.get_threshold() == before


def test_a_walk_is_remembered_by_what_it_reads() -> None:
    """A walk is kept for a new state with the same bases (a decision said) and for the same unit activated,
    and walked again, as the uncached walk says, once a base has moved or the walker's unit has changed."""
    state = scenario("greek-border", 0)
    p = state.fighting(0)[0]
    steps = [moves.Advance(3.0)]
    first = moves.walk(state, p, steps, 3.0)
    active = p.changed(turn=p.turn.activate())
    assert moves.walk(state.with_piece(active).changed(turn=5), active, steps, 3.0) is first
    moved = p.changed(pose=p.pose.advanced(1.0))
    after = state.with_piece(moved)
    again = moves.walk(after, moved, steps, 3.0)
    assert again is not first and again == moves._walk(after, moved, steps, 3.0)
    hurt = p.with_unit(replace(p.unit, name="renamed"))
    renamed = state.with_piece(hurt)
    assert moves.walk(renamed, hurt, steps, 3.0) is not first
    other = state.fighting(1)[0]
    shifted = state.with_piece(other.changed(pose=other.pose.advanced(-0.5)))
    assert moves.walk(shifted, p, steps, 3.0) == moves._walk(shifted, p, steps, 3.0)


def _wheel_stop(ask: Callable[[Pose], bool], start: Pose, deg: float) -> float:
    """The walk's bisection for a stopping point along a wheel of ``deg`` degrees (each rounded end asked once)."""
    lo, hi = 0.0, 1.0
    seen: dict[Pose, bool] = {}
    for _ in range(moves.ROUNDS):
        mid = (lo + hi) / 2
        end = wheel_pose(start, BaseSize.UNIT, deg * mid)
        if end not in seen:
            seen[end] = ask(end)
        lo, hi = (mid, hi) if seen[end] else (lo, mid)
    return lo


_near_wheel_bases = st.lists(st.tuples(st.floats(-1.0, 6.0), st.floats(-6.0, 6.0), facing, sizes), min_size=1,
                             max_size=2)


@given(poses, st.sampled_from([-150.0, -90.0, -45.0, -20.0, 20.0, 45.0, 90.0, 150.0]), _near_wheel_bases,
       st.lists(st.floats(0.0, 1.0), min_size=1, max_size=12))
def test_wheel_clearance_answers_as_the_sweep(start: Pose, deg: float,
                                              others: list[tuple[float, float, float, BaseSize]],
                                              trials: list[float]) -> None:
    """Trials along a wheel either way, in any order, with bases ahead, beside or behind: each answer of
    :class:`WheelClearance` (from earlier trials' pieces, or measured) is the slow way's, the whole ground
    measured."""
    bases = [(Pose.of(*_beside(start, a, b), f), s) for a, b, f, s in others]
    slow = _slow_clear_wheel(start, bases, moves.HALF)
    fast = WheelClearance(start, BaseSize.UNIT, bases, moves.HALF, slow)
    for t in trials:
        end = wheel_pose(start, BaseSize.UNIT, deg * t)
        assert fast.clear(end) == slow(end)


@given(poses, st.sampled_from([-150.0, -90.0, -45.0, 45.0, 90.0, 150.0]), _near_wheel_bases)
def test_wheel_clearance_stops_a_wheel_where_the_slow_search_does(
        start: Pose, deg: float, others: list[tuple[float, float, float, BaseSize]]) -> None:
    bases = [(Pose.of(*_beside(start, a, b), f), s) for a, b, f, s in others]
    slow = _slow_clear_wheel(start, bases, moves.HALF)
    fast = WheelClearance(start, BaseSize.UNIT, bases, moves.HALF, slow)
    assert _wheel_stop(fast.clear, start, deg) == _wheel_stop(slow, start, deg)
