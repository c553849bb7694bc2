"""The viewer's markup: the first frame's SVG, the controls, the step list, the frames as JSON, and the
viewer's script and styles (package assets, written inline so a page or a notebook needs nothing else).

The frames travel in a ``<script type="application/aot-replay+json">`` block: data, not code, and not of
the ``application/json`` type that makes the book ship BokehJS with a page.
"""

from __future__ import annotations

import json
from html import escape
from importlib import resources
from typing import Any

from aot_rules.core.i18n import Message, msg
from aot_rules.present.replay.build import Replay, Run, replay
from aot_rules.present.replay.draw import SIDES

ASSETS = resources.files("aot_rules.present") / "assets"
JS = (ASSETS / "replay.js").read_text(encoding="utf-8")
CSS = (ASSETS / "replay.css").read_text(encoding="utf-8")


#: The keys whose strings a pooled payload ships once (frame: the gloss and the group; piece: its base's markup,
#: its loose figures and its details; caption line: the rule's link): a whole battle repeats them hundreds of times.
POOLED = {"frame": ("y", "g"), "piece": ("b", "x", "t"), "line": ("h",)}


def pooled(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with each string under a :data:`POOLED` key replaced by its index in one list ``"s"`` of the distinct
    strings (the viewer puts them back before it reads a frame: :func:`unpooled` is the same in Python)."""
    pool: dict[str, int] = {}

    def ref(value: str) -> int:
        return pool.setdefault(value, len(pool))

    frames = []
    for f in data["f"]:
        f = {**f, **{k: ref(f[k]) for k in POOLED["frame"] if k in f}}
        f["c"] = {pid: {**v, **{k: ref(v[k]) for k in POOLED["piece"]}} for pid, v in f["c"].items()}
        f["ln"] = [{**ln, **{k: ref(ln[k]) for k in POOLED["line"]}} for ln in f["ln"]]
        frames.append(f)
    return {**data, "f": frames, "s": list(pool)}


def unpooled(data: dict[str, Any]) -> dict[str, Any]:
    """A pooled payload's frames with their strings back in place (what the viewer's script does on load)."""
    if "s" not in data:
        return data
    s = data["s"]
    frames = []
    for f in data["f"]:
        f = {**f, **{k: s[f[k]] for k in POOLED["frame"] if k in f}}
        f["c"] = {pid: {**v, **{k: s[v[k]] for k in POOLED["piece"]}} for pid, v in f["c"].items()}
        f["ln"] = [{**ln, **{k: s[ln[k]] for k in POOLED["line"]}} for ln in f["ln"]]
        frames.append(f)
    return {k: v for k, v in {**data, "f": frames}.items() if k != "s"}


def payload(r: Replay, *, pool: bool = False) -> str:
    """The frames as compact JSON, safe inside a script element; ``pool`` ships each repeated string once
    (:func:`pooled`)."""
    data: dict[str, Any] = {"slug": r.slug, "f": [f.json() for f in r.frames]}
    if pool:
        data = pooled(data)
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False).replace("</", "<\\/")


def step_list(r: Replay) -> str:
    """Every step as a link (``#<slug>-step-<n>``), grouped by turn and slot as the frames say."""
    steps = say(msg("Steps"))
    out, group = [f'<nav class="rp-list" aria-label="{steps}">'], None
    for i, f in enumerate(r.frames):
        if f.group != group:
            if group is not None:
                out.append("</ol>")
            out.append(f"<p>{escape(f.group)}</p><ol>")
            group = f.group
        out.append(f'<li><a href="#{r.slug}-step-{i}" data-i="{i}">{i}. '
                   f"{escape(f.title)}</a></li>")
    out.append("</ol></nav>")
    return "".join(out)


def anchors(r: Replay) -> str:
    """The step links' targets, at the top of the board: a link to a step lands with the board and its caption
    in view (the step list, their old target, sits under the board on a phone and beside it on a laptop)."""
    return '<span class="rp-anchors">' + "".join(f'<span id="{r.slug}-step-{i}"></span>'
                                                  for i in range(len(r.frames))) + "</span>"


def turn_starts(r: Replay) -> list[tuple[int, int]]:
    """(turn, the index of its first frame) for every turn the frames reach, in order."""
    out: list[tuple[int, int]] = []
    for i, f in enumerate(r.frames):
        if not out or f.turn != out[-1][0]:
            out.append((f.turn, i))
    return out


def turn_markers(r: Replay) -> str:
    """A row of links, one per turn, each to the turn's first step (a whole battle's "jump to turn N")."""
    links = []
    for t, i in turn_starts(r):
        name = say(msg("Turn {turn}", turn=t))
        links.append(f'<a href="#{r.slug}-step-{i}" data-i="{i}" aria-label="{name}">{t}</a>')
    turns, jump = say(msg("Turns")), say(msg("Jump to turn:"))
    return f'<nav class="rp-turns" aria-label="{turns}"><span>{jump}</span> {"".join(links)}</nav>'


#: The keys the viewer answers to (as a keyboard names them) and what each does, for its keyboard-help disclosure.
KEYS = (("← →", msg("one step back or forward (whenever the replay is on screen)")),
        (msg("Space"), msg("play or pause (with the replay focused)")),
        (msg("Home End"), msg("the first or the last step (with the replay focused)")))


def keys_help() -> str:
    """The viewer's small keyboard-help disclosure, in the language in force."""
    rows = "".join(f"<dt>{escape(str(k))}</dt><dd>{escape(str(d))}</dd>" for k, d in KEYS)
    keys = say(msg("Keys"))
    return f'<details class="rp-keys"><summary>{keys}</summary><dl>{rows}</dl></details>'


#: What the board's marks mean, one phrase each, for the legend under the board.
MARKS = (msg("thick edge: the front"), msg("hollow dashed figures: disordered"), msg("red ✕: killed in this step"),
         msg("☆ a commander"), msg("dashed arrow: the move"), msg("keys ← →"))


def legend(r: Replay) -> str:
    s0, s1 = r.states[0].sides
    marks = " · ".join(escape(str(m)) for m in MARKS)
    labels = say(msg("Labels: unit · density · warriors."))
    return (f'<p class="rp-legend"><span style="color:{SIDES[0][0]}">●</span> {escape(s0.name)} · '
            f'<span style="color:{SIDES[1][0]}">●</span> {escape(s1.name)} · {marks}'
            f"<br>{labels} "
            + "; ".join(f"<b>{escape(p.id)}</b> {escape(p.name)}" for p in r.states[0].pieces) + "</p>")


def say(m: Message) -> str:
    """A message rendered in the language in force, escaped for markup or an attribute."""
    return escape(m.render())


def replay_html(r: Replay, *, compact: bool = False, whole: bool = False) -> str:
    """The whole viewer for ``r`` (its root has the id ``animation-<slug>``); ``compact`` leaves out the
    step list and the key, for a short replay beside a worked example; ``whole`` is for a whole battle of
    hundreds of steps: turn markers under the controls, repeated strings shipped once (:func:`pooled`), and the
    step list and its anchors written by the script from the frames' own titles rather than twice in the page."""
    n = len(r.frames) - 1
    first = r.frames[0]
    board = any(s.pieces for s in r.states)  # a companion system's log has no board
    head = say(msg("Step {i} of {n}", i=0, n=n))
    w = {k: say(m) for k, m in (
        ("replay", msg("Replay: {title}", title=r.title)), ("first", msg("First step")), ("First", msg("« First")),
        ("back", msg("Back one step")), ("Back", msg("◀ Back")), ("Play", msg("▶ Play")),
        ("step", msg("Forward one step")), ("Step", msg("Step ▶")), ("last", msg("Last step")),
        ("Last", msg("Last »")), ("Full", msg("Full screen")), ("Speed", msg("Speed")), ("slider", msg("Step")),
        ("steps", msg("Steps")))}
    cap = (f'<p class="rp-head"><b>{head}</b> · {escape(first.group)} — '
           f'{escape(first.title)}</p>'
           f"<ul><li>{escape(first.lines[0].text)}</li></ul>")
    return "".join([
        f"<style>{CSS}</style>",
        f'<div class="aot-replay{" rp-compact" if compact else ""}" id="animation-{r.slug}" data-slug="{r.slug}" '
        'tabindex="0" role="group" '
        f'aria-label="{w["replay"]}">',
        f'<p class="rp-title"><b>{escape(r.title)}</b></p><div class="rp-main"><div class="rp-stage">',
        '<span class="rp-anchors" data-build="1"></span>' if whole else anchors(r), r.svg(0) if board else "",
        '<div class="rp-controls">'
        f'<button type="button" class="rp-first" aria-label="{w["first"]}">{w["First"]}</button>'
        f'<button type="button" class="rp-back" aria-label="{w["back"]}">{w["Back"]}</button>'
        f'<button type="button" class="rp-play" aria-pressed="false">{w["Play"]}</button>'
        f'<button type="button" class="rp-step" aria-label="{w["step"]}">{w["Step"]}'
        "</button>"
        f'<button type="button" class="rp-last" aria-label="{w["last"]}">{w["Last"]}</button>'
        f'<button type="button" class="rp-full" aria-pressed="false">{w["Full"]}</button>'
        f'<label class="rp-speed-l">{w["Speed"]} <select class="rp-speed"><option value="0.5">½×</option>'
        '<option value="1" selected>1×</option><option value="2">2×</option><option value="4">4×</option>'
        "</select></label>"
        f'<input type="range" class="rp-slider" min="0" max="{n}" value="0" step="1" aria-label="{w["slider"]}">'
        f'<output class="rp-index">0 / {n}</output>{turn_markers(r) if whole else ""}</div>',
        '<p class="rp-unit" aria-live="polite"></p>' if board else "",
        f'<div class="rp-caption" aria-live="polite">{cap}</div>', legend(r) if board and not compact else "",
        keys_help(), "</div>",
        f'<nav class="rp-list" aria-label="{w["steps"]}" data-build="1"></nav>' if whole else step_list(r),
        "</div>",
        f'<script type="application/aot-replay+json">{payload(r, pool=whole)}</script></div>',
        f"<script>{JS}\nAotReplay.init(document.getElementById('animation-{r.slug}'));</script>",
    ])


def show_replay(run: Run, slug: str) -> None:
    """Show a recorded run in a page or a notebook as a replay viewer with root id ``animation-<slug>``."""
    from IPython.display import HTML, display

    display(HTML(replay_html(replay(run, slug))))  # type: ignore[no-untyped-call]
