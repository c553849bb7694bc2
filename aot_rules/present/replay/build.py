"""A recorded run made into a replay: one frame for the position, then one per step.

A :class:`Run` is what a scene produces: the start position and its steps (each the states either side
of one action and the caption lines it logged).  :func:`replay` draws every state with
:mod:`~aot_rules.present.replay.draw`, keeps in each frame only the pieces whose drawing changed, and
remembers the full drawing and the engine state of every frame so the tests can hold the two together.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from aot_rules.present.replay.draw import View, frame_svg, path_svg, piece_view, still_svg, view_of
from aot_rules.present.replay.links import href, rule_links
from aot_rules.present.replay.model import Die, Frame, Line, PieceView
from aot_rules.present.replay.record import Action, RecordingGame, moved, paths_of
from aot_rules.tabletop.game import ReactionChoice, TableDice, always_react
from aot_rules.tabletop.geometry import norm_angle
from aot_rules.tabletop.state import GameState

#: How a step is titled, by the engine action it ran.
VERBS = {"start_turn": "the turn begins: initiative", "roll_again": "the initiative rolled again",
         "begin_slot": "a slot opens", "end_slot": "the slot closes",
         "activate": "activation", "rewrite_slots": "slots rewritten", "rewrite_on_double": "slots rewritten",
         "move": "moves", "turn": "turns", "reform": "reforms", "retreat": "retreats", "flee": "flees",
         "evade": "evades", "shoot": "shoots", "countercharge": "countercharges", "fight": "melee",
         "spend_dp": "demoralisation points", "check_victory": "victory check", "decide": "decides",
         "panic_flight": "panic", "retreat_loser": "retreats",
         "junior_officer": "a junior officer acts"}


#: Actions whose step list entry quotes the log line (display text, shortened; never parsed).
SAID = ("decide", "activate")


def short(text: str, limit: int = 64) -> str:
    """A step list entry's text: at most ``limit`` characters, cut at a word."""
    return text if len(text) <= limit else text[:limit - 2].rsplit(" ", 1)[0] + " …"


@dataclass(frozen=True)
class Step:
    """One step of a replay: the state after it, the state before, its caption lines and its title."""

    before: GameState
    after: GameState
    lines: tuple[Line, ...]
    title: str
    paths: dict[str, tuple[tuple[float, float], ...]] = field(default_factory=dict)  # piece id → path


@dataclass(frozen=True)
class Run:
    """A recorded run: a title, the start position, a sentence saying what it shows, and its steps."""

    title: str
    start: GameState
    steps: tuple[Step, ...]
    intro: str = ""
    facts: dict[str, object] = field(default_factory=dict)  # the scene's numbers (the tests assert them)
    group: str = ""  # the step list's one heading when the run is not a game's turns (a worked example)


@dataclass(frozen=True)
class Replay:
    """Frames ready to ship, with what the tests compare: each frame's state and full drawing."""

    slug: str
    title: str
    view: View
    still: str
    frames: tuple[Frame, ...]
    states: tuple[GameState, ...]
    drawn: tuple[dict[str, PieceView], ...]

    def svg(self, i: int) -> str:
        """Frame ``i`` as a whole SVG, as the viewer shows it."""
        return frame_svg(self.view, self.still, self.drawn[i], self.frames[i].paths, self.frames[i].title)


def lines_of(action: Action, links: dict[str, str]) -> tuple[Line, ...]:
    """The caption lines of an action: one per log entry, with its dice and its rule's link."""
    return tuple(Line(e.entry.rule, e.entry.who, e.entry.outcome, e.entry.kind,
                      tuple(Die(r.face, r.effect.value, r.purpose, r.sides) for r in e.rolls),
                      href(e.entry.rule, links) if e.entry.rule else "") for e in action.entries)


def actor(a: Action) -> str:
    """Who ran an action: the piece its first argument names, or the side it numbers, or nobody."""
    first = a.args[0] if a.args else None
    if isinstance(first, str):
        p = next((p for p in a.before.pieces if p.id == first), None)
        return p.name if p is not None else ""
    if isinstance(first, int) and not isinstance(first, bool) and first in (0, 1):
        return a.before.sides[first].name
    return ""


def steps_of(actions: Sequence[Action], links: dict[str, str]) -> tuple[Step, ...]:
    """The steps of a recorded game: every action that logged something or changed a piece."""
    out = []
    for a in actions:
        if not a.entries and a.before.pieces == a.after.pieces:
            continue
        lines = lines_of(a, links)
        who = actor(a) or next((x.who for x in lines if x.kind != "decision"), lines[0].who if lines else "")
        verb = VERBS.get(a.name, a.name.replace("_", " "))
        if a.name in SAID and lines:  # a decision or an activation: its own words say more than a verb
            verb = short(lines[0].text)
        out.append(Step(a.before, a.after, lines, f"{who}: {verb}" if who else verb, paths_of(a)))
    return tuple(out)


def record(title: str, start: GameState, script: Callable[[RecordingGame], None], *, dice: TableDice | None = None,
           react: ReactionChoice = always_react, intro: str = "", links: dict[str, str] | None = None,
           facts: Callable[[RecordingGame], dict[str, object]] | None = None) -> Run:
    """Play ``script`` on ``start`` through the full engine (``Game.act``) and keep every action."""
    game = RecordingGame(start, dice, react)
    script(game)
    links = rule_links() if links is None else links
    return Run(title, start, steps_of(game.actions, links), intro, facts(game) if facts else {})


def _group(before: GameState, after: GameState) -> str:
    slot, mover = (after.slot, after.mover) if after.slot else (before.slot, before.mover)
    turn = max(after.turn, 1)
    return f"Turn {turn}" + (f" · slot {slot}: {after.sides[mover].name}" if slot else "")


def _views(state: GameState, prev: GameState | None, view: View, facings: dict[str, float]) -> dict[str, PieceView]:
    out = {}
    chiefs: dict[str, list[str]] = {}
    for s in state.sides:
        for c in s.commanders:
            chiefs.setdefault(c.unit, []).append(c.name)
    for p in state.pieces:
        last = facings.get(p.id, p.pose.facing)
        facing = last + norm_angle(p.pose.facing - last)
        facings[p.id] = facing
        killed = 0
        if prev is not None and p.on_table:
            was = prev.piece(p.id)
            killed = max(0, p.removed - was.removed)
        others = [q.polygon for q in state.pieces if q.on_table and q.id != p.id]
        u = p.unit
        label = f"{p.id} · d{u.density} · {u.strength}"
        out[p.id] = piece_view(view, pose=p.pose, facing=facing, size=p.size, unit=u, side=p.side, label=label,
                               shown=p.on_table, killed=killed, commanders=chiefs.get(p.id, ()), others=others)
    return out


def replay(run: Run, slug: str, *, least: tuple[float, float] | None = None) -> Replay:
    """The frames of ``run``: frame 0 is the start position, frame ``i`` the state after step ``i``;
    ``least`` is the smallest window shown, in inches (a whole-table default otherwise)."""
    if not slug or not all(c.isalnum() or c == "-" for c in slug):
        raise ValueError(f"a replay's slug is letters, digits and hyphens (it names the element animation-<slug> "
                         f"and the step links), not {slug!r}")
    states = (run.start, *(s.after for s in run.steps))
    view = view_of(states) if least is None else view_of(states, 1.2, least)
    facings: dict[str, float] = {}
    drawn = [_views(run.start, None, view, facings)]
    def group(before: GameState, after: GameState) -> str:
        return run.group or _group(before, after)

    frames = [Frame(max(run.start.turn, 1), group(run.start, run.start), "The position",
                    (Line("", "", run.intro or run.title, "event"),), dict(drawn[0]))]
    for st in run.steps:
        now = _views(st.after, st.before, view, facings)
        changed = {pid: v for pid, v in now.items() if drawn[-1].get(pid) != v}
        paths = "".join(path_svg(view, st.paths.get(p.id) or moved(st.before.piece(p.id), p), p.side)
                        for p in st.after.pieces)
        frames.append(Frame(st.after.turn or 1, group(st.before, st.after), st.title, st.lines, changed, paths))
        drawn.append(now)
    return Replay(slug, run.title, view, still_svg(run.start, view), tuple(frames), states, tuple(drawn))


def run_of_steps(title: str, start: GameState, steps: Sequence[tuple[GameState, tuple[Line, ...], str]],
                 intro: str = "") -> Run:
    """A run made from states directly (a unit taking its losses off the table, say), not from actions."""
    out, before = [], start
    for after, lines, name in steps:
        out.append(Step(before, after, lines, name))
        before = after
    return Run(title, start, tuple(out), intro, group="The worked example")
