"""A recorded run made into a replay: one frame for the position, then one per step.

A :class:`Run` is what a scene produces: the start position and its steps (each the states either side
of one action and the caption lines it logged).  :func:`replay` draws every state with
:mod:`~aot_rules.present.replay.draw`, keeps in each frame only the pieces whose drawing changed, and
remembers the full drawing and the engine state of every frame so the tests can hold the two together.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from shapely.geometry import box

from aot_rules.aot.army.model import is_individual
from aot_rules.core.i18n import Message, msg, text
from aot_rules.present.replay.beats import DP, FALL, STRIKE, Beat, beats
from aot_rules.present.replay.captions import Table, caption
from aot_rules.present.replay.draw import (
    View,
    clip_way,
    edge_mark,
    frame_svg,
    loose_places,
    path_svg,
    piece_view,
    pose_transform,
    still_names,
    still_svg,
    view_of,
)
from aot_rules.present.replay.glosses import gloss
from aot_rules.present.replay.labels import Box, Want, place
from aot_rules.present.replay.links import href, rule_links
from aot_rules.present.replay.model import Die, Frame, Line, PieceView
from aot_rules.present.replay.record import Action, Entry, RecordingGame, centres, moved, paths_in, paths_of
from aot_rules.tabletop.events import FallBack, FellBack, SlotOpened, TurnBegan
from aot_rules.tabletop.game import ReactionChoice, TableDice, always_react
from aot_rules.tabletop.geometry import BaseSize, Pose, centre, footprint, norm_angle
from aot_rules.tabletop.state import GameState, Piece

#: How a step is titled, by the engine action it ran.
VERBS: dict[str, Message] = {
    "start_turn": msg("the turn begins: initiative"), "roll_again": msg("the initiative rolled again"),
    "begin_slot": msg("a slot opens"), "end_slot": msg("the slot closes"),
    "activate": msg("activation"), "rewrite_slots": msg("slots rewritten"), "rewrite_on_double": msg("slots rewritten"),
    "move": msg("moves"), "turn": msg("turns"), "reform": msg("reforms"), "retreat": msg("retreats"),
    "flee": msg("flees"), "evade": msg("evades"), "shoot": msg("shoots"), "countercharge": msg("countercharges"),
    "fight": msg("melee"), "spend_dp": msg("demoralization points"), "check_victory": msg("victory check"),
    "decide": msg("decides"), "panic_flight": msg("panic"), "retreat_loser": msg("retreats"),
    "junior_officer": msg("a junior officer acts")}


def verb_of(name: str) -> Message | str:
    """An action's verb for a step title (an action the table knows no words for: its own name, spaced)."""
    return VERBS.get(name, name.replace("_", " "))


def titled(who: str, verb: Message | str) -> str:
    """A step's title in the language in force: who acted and what, or only what."""
    return str(msg("{who}: {what}", who=who, what=verb)) if who else text(verb)


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
    paths: dict[str, tuple[Pose, ...]] = field(default_factory=dict)  # piece id → the poses it went through


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


def lines_of(entries: Sequence[Entry], links: dict[str, str], before: GameState, after: GameState
             ) -> tuple[Line, ...]:
    """The caption lines of log entries: one per entry, with its dice and its rule's link, told in plain words
    against the table either side of the step (:mod:`.captions`)."""
    table = Table(before, after)
    return tuple(Line(e.entry.rule, e.entry.who, caption(e.entry, table), e.entry.kind,
                      tuple(Die(r.face, r.effect.value, str(r.purpose), r.sides) for r in e.rolls),
                      href(e.entry.rule, links) if e.entry.rule else "") for e in entries)


def actor(a: Action) -> str:
    """Who ran an action: the piece its first argument names, or the side it numbers, or nobody."""
    first = a.args[0] if a.args else None
    if isinstance(first, str):
        p = next((p for p in a.before.pieces if p.id == first), None)
        return p.name if p is not None else ""
    if isinstance(first, int) and not isinstance(first, bool) and first in (0, 1):
        return a.before.sides[first].name
    return ""


#: How a beat of a split action is titled (a fall-back by the kind its ``FellBack`` records).
BEAT_VERBS = {STRIKE: msg("melee, the strike"), DP: msg("demoralization points spent")}
FALL_VERBS = {FallBack.RETREAT: msg("retreats"), FallBack.FLIGHT: msg("flees"), FallBack.EVASION: msg("evades")}


def _beat_title(a: Action, b: Beat, lines: tuple[Line, ...]) -> str:
    who = (next((x.who for x in lines if x.kind != "decision"), "") or next((x.who for x in lines if x.who), "")
           or actor(a))
    if b.kind == FALL:
        kinds = [ev.kind for e in b.entries for ev in e.entry.events if isinstance(ev, FellBack)]
        evading = any(e.entry.rule.startswith("AOT-EVADE-") for e in b.entries)
        # an evade the player declined was never tried: the title says the choice, as the caption does
        chose = evading and all(x.kind == "decision" for x in lines if x.rule.startswith("AOT-EVADE-"))
        verb: Message | str = (FALL_VERBS.get(kinds[0], msg("falls back")) if kinds
                               else msg("chooses to stand and fight") if chose
                               else msg("tries to evade but stays to fight") if evading else msg("stands"))
    elif b.kind in BEAT_VERBS:
        verb = BEAT_VERBS[b.kind]
    else:
        who = actor(a) or who
        verb = verb_of(a.name)
    return titled(who, verb)


def steps_of(actions: Sequence[Action], links: dict[str, str]) -> tuple[Step, ...]:
    """The steps of a recorded game as shown: each action's steps, a player's weighing of options folded."""
    return fold_decisions(action_steps(actions, links))


def action_steps(actions: Sequence[Action], links: dict[str, str]) -> tuple[Step, ...]:
    """Every action that logged something or changed a piece, a step each; a melee's action as several
    steps, one per beat (the strike, the retreats, the DP: :mod:`.beats`)."""
    out = []
    for a in actions:
        if not a.entries and a.before.pieces == a.after.pieces:
            continue
        parts = beats(a)
        if len(parts) > 1:
            for b in parts:
                lines = lines_of(b.entries, links, b.before, b.after)
                out.append(Step(b.before, b.after, lines, _beat_title(a, b, lines), paths_in(b.entries)))
            continue
        lines = lines_of(a.entries, links, a.before, a.after)
        out.append(Step(a.before, a.after, lines, _title(a, lines), paths_of(a)))
    return tuple(out)


def _only_decided(s: Step) -> bool:
    return bool(s.lines) and all(x.kind == "decision" for x in s.lines) and s.before.pieces == s.after.pieces


def fold_decisions(steps: Sequence[Step]) -> tuple[Step, ...]:
    """A run of steps in which a player only weighs options (one tried after another, nothing on the table
    moves) is one step: a reader steps over the weighing at once, the caption still lists every option in
    turn, and the title is the last one, the choice the player settled on."""
    out: list[Step] = []
    for s in steps:
        last = out[-1] if out else None
        if last is not None and _only_decided(s) and _only_decided(last):
            out[-1] = Step(last.before, s.after, last.lines + s.lines, s.title, {**last.paths, **s.paths})
        else:
            out.append(s)
    return tuple(out)


def _title(a: Action, lines: tuple[Line, ...]) -> str:
    """A whole action's step title: who, and what, from the action and its typed events."""
    events = [ev for e in a.entries for ev in e.entry.events]
    began = next((ev for ev in events if isinstance(ev, TurnBegan)), None)
    if began is not None:
        return str(msg("Turn {turn} begins: both sides roll for initiative", turn=began.turn))
    opened = next((ev for ev in events if isinstance(ev, SlotOpened)), None)
    if opened is not None:
        side = a.after.sides[opened.side].name
        if is_individual(opened.owner):
            return str(msg("{side}: slot {slot} opens (any one unit)", side=side, slot=opened.slot))
        return str(msg("{side}: slot {slot} opens ({general})", side=side, slot=opened.slot, general=opened.owner))
    who = actor(a) or next((x.who for x in lines if x.kind != "decision"), lines[0].who if lines else "")
    verb = verb_of(a.name)
    if a.name in SAID and lines:  # a decision or an activation: its own words say more than a verb
        verb = msg("decide: {said}", said=short(lines[0].text)) if a.name == "decide" else short(lines[0].text)
    return titled(who, verb)


def record(title: Message | str, start: GameState, script: Callable[[RecordingGame], None], *,
           dice: TableDice | None = None, react: ReactionChoice = always_react, intro: Message | str = "",
           links: dict[str, str] | None = None,
           facts: Callable[[RecordingGame], dict[str, object]] | None = None) -> Run:
    """Play ``script`` on ``start`` through the full engine (``Game.act``) and keep every action; the title and
    the intro are rendered now, in the language in force."""
    game = RecordingGame(start, dice, react)
    script(game)
    links = rule_links() if links is None else links
    return Run(text(title), start, steps_of(game.actions, links), text(intro), facts(game) if facts else {})


def _group(before: GameState, after: GameState) -> str:
    slot, mover = (after.slot, after.mover) if after.slot else (before.slot, before.mover)
    turn = max(after.turn, 1)
    if slot:
        return str(msg("Turn {turn} · slot {slot}: {side}", turn=turn, slot=slot, side=after.sides[mover].name))
    return str(msg("Turn {turn}", turn=turn))


def _unwrapped(poses: Sequence[Pose], last: float) -> list[float]:
    """The facings along a way, each turned the short way from the one before, starting from ``last``."""
    out = []
    for p in poses:
        last = last + norm_angle(p.facing - last)
        out.append(last)
    return out


def _motion(view: View, poses: Sequence[Pose], size: BaseSize, last: float) -> tuple[tuple[str, float], ...]:
    """The keyframes of a base going through ``poses`` (transform, offset in [0, 1]): each stretch takes time
    by its length and by how far it turns (a quarter turn as long as 1.5″), so a retreat turns, then goes."""
    facings = _unwrapped(poses, last)
    weights = [0.0] + [math.dist(centre(a, size), centre(b, size)) + abs(fb - fa) / 60
                       for a, b, fa, fb in zip(poses, poses[1:], facings, facings[1:], strict=False)]
    total = sum(weights) or 1.0
    acc, out = 0.0, []
    for p, f, w in zip(poses, facings, weights, strict=True):
        acc += w
        out.append((pose_transform(view, p, f, size), round(acc / total, 4)))
    return tuple(out)


def label_text(p: Piece) -> str:
    """A unit's label: its piece id, density and warriors."""
    return str(msg("{piece} · d{density} · {warriors}", piece=p.id, density=p.unit.density, warriors=p.unit.strength))


def _views(state: GameState, prev: GameState | None, view: View, facings: dict[str, float],
           spots: dict[str, str], names: Sequence[Box] = ()) -> dict[str, PieceView]:
    chiefs: dict[str, list[str]] = {}
    for s in state.sides:
        for c in s.commanders:
            chiefs.setdefault(c.unit, []).append(c.name)
    shown = [p for p in state.pieces if p.on_table]
    loose: dict[str, list[tuple[float, float]]] = {}
    killed: dict[str, int] = {}
    for p in shown:
        killed[p.id] = max(0, p.removed - prev.piece(p.id).removed) if prev is not None else 0
        others = [q.polygon for q in shown if q.id != p.id]
        loose[p.id] = loose_places(p.pose, p.size, p.unit.disordered + killed[p.id], others)
    wants = [Want(p.id, label_text(p), p.polygon, p.pose) for p in shown]
    ground = [t.polygon for t in state.terrain] + [s.camp_polygon for s in state.sides if not s.camp_polygon.is_empty]
    placed = place(wants, (view.x0, view.y0, view.x1, view.y1), [p.polygon for p in shown],
                   [pt for pts in loose.values() for pt in pts], spots, ground=ground, fixed=names)
    out = {}
    for p in state.pieces:
        last = facings.get(p.id, p.pose.facing)
        facing = last + norm_angle(p.pose.facing - last)
        facings[p.id] = facing
        if p.id in placed:
            spots[p.id] = placed[p.id][0]
            at = placed[p.id][1]
            xy = (at.x, at.y)
        else:  # off the table: hidden, its label kept where it was last
            xy = centre(p.pose, p.size)
        out[p.id] = piece_view(view, pose=p.pose, facing=facing, size=p.size, unit=p.unit, side=p.side,
                               label=label_text(p), label_xy=xy, shown=p.on_table, loose=loose.get(p.id, ()),
                               killed=killed.get(p.id, 0), commanders=chiefs.get(p.id, ()))
    return out


def replay(run: Run, slug: str, *, least: tuple[float, float] | None = None) -> Replay:
    """The frames of ``run``: frame 0 is the start position, frame ``i`` the state after step ``i``;
    ``least`` is the smallest window shown, in inches (a whole-table default otherwise)."""
    if not slug or not all(c.isalnum() or c == "-" for c in slug):
        raise ValueError(f"a replay's slug is letters, digits and hyphens (it names the element animation-<slug> "
                         f"and the step links), not {slug!r}")
    states = (run.start, *(s.after for s in run.steps))
    # the bases on their recorded ways too (a retreat's turn may swing a base past the table's edge)
    # (cut at the table's edge: a unit running off the table is followed to the edge, not beyond)
    table = box(0, 0, run.start.width, run.start.depth)
    ways = [w for st in run.steps for pid, poses in st.paths.items() for pose in poses
            if any(q.id == pid for q in st.after.pieces)
            for w in [footprint(pose, st.after.piece(pid).size).intersection(table)] if not w.is_empty]
    view = view_of(states, also=ways) if least is None else view_of(states, 1.2, least, also=ways)
    facings: dict[str, float] = {}
    spots: dict[str, str] = {}
    names = [at for _, at, _ in still_names(run.start, view)]
    drawn = [_views(run.start, None, view, facings, spots, names)]

    def group(before: GameState, after: GameState) -> str:
        return run.group or _group(before, after)

    frames = [Frame(max(run.start.turn, 1), group(run.start, run.start), str(msg("The position")),
                    (Line("", "", run.intro or run.title, "event"),), dict(drawn[0]))]
    for st in run.steps:
        paths, motion = [], {}
        for p in st.after.pieces:
            poses = st.paths.get(p.id) or moved(st.before.piece(p.id), p)
            if len(poses) < 2:
                continue
            drawn_way, off = clip_way(centres(poses, p.size), st.after.width, st.after.depth)
            paths.append(path_svg(view, drawn_way, p.side) + (edge_mark(view, off, names) if off is not None else ""))
            if p.on_table and (len(poses) > 2 or poses[0].facing != poses[-1].facing):
                way = poses if poses[-1] == p.pose else (*poses, p.pose)
                last = facings.get(p.id, poses[0].facing)
                motion[p.id] = _motion(view, way, p.size, last)
                facings[p.id] = _unwrapped(way, last)[-1]  # the frame's drawing ends the way the motion does
        now = _views(st.after, st.before, view, facings, spots, names)
        changed = {pid: v for pid, v in now.items() if drawn[-1].get(pid) != v}
        rule = next((x.rule for x in st.lines if x.rule and x.kind != "decision"), "")
        frames.append(Frame(st.after.turn or 1, group(st.before, st.after), st.title, st.lines, changed,
                            "".join(paths), motion, gloss(rule)))
        drawn.append(now)
    return Replay(slug, run.title, view, still_svg(run.start, view), tuple(frames), states, tuple(drawn))


def run_of_steps(title: str, start: GameState, steps: Sequence[tuple[GameState, tuple[Line, ...], str]],
                 intro: str = "") -> Run:
    """A run made from states directly (a unit taking its losses off the table, say), not from actions."""
    out, before = [], start
    for after, lines, name in steps:
        out.append(Step(before, after, lines, name))
        before = after
    return Run(title, start, tuple(out), intro, group=str(msg("The worked example")))
