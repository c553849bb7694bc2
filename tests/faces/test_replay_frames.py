"""The replay viewer's frames: for every frame of every scene, the figures the SVG draws are the engine's
warrior states; the shipped JSON rebuilds every frame; worked examples keep their printed numbers."""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from shapely.geometry import Point

from aot_rules.aot.equipment import MeleeWeapon
from aot_rules.aot.events import Losses
from aot_rules.aot.units import Unit
from aot_rules.present.replay import scenes
from aot_rules.present.replay.build import Replay, Run, replay
from aot_rules.present.replay.draw import FIG_R, SIDES, K
from aot_rules.present.replay.eventlog import example_run
from aot_rules.present.replay.html import payload, replay_html
from aot_rules.present.replay.losses import losses_run
from aot_rules.systems import examples

NS = "{http://www.w3.org/2000/svg}"


def _loss_runs() -> dict[str, Callable[[], Run]]:
    """Every worked example with losses, as the loss viewer replays it."""
    out: dict[str, Callable[[], Run]] = {}
    for ex_id, make in examples().items():
        losses = [e for e in make().log if isinstance(e, Losses) and e.killed + e.disordered]
        if losses:
            out[f"losses-{ex_id.lower()}"] = lambda ls=losses, t=ex_id: losses_run(t, ls, {})  # type: ignore[misc]
    return out


@cache
def delion_seed() -> int:
    """The seed book/tabletop.md replays: the first delion game, from seed 0, that ends in a decision."""
    from aot_rules.tabletop.simulate import play_one

    return next(n for n in range(40) for r in [play_one("delion", n)[0]]
                if r.how == "rout" or (r.how == "points" and max(r.points) > 0))


RUNS: dict[str, Callable[[], Run]] = {**scenes.SCENES, **_loss_runs(),
                                      "bat-clash": lambda: example_run("BAT-EX-CLASH", {}),
                                      "turn-delion": lambda: scenes.full_turn(delion_seed(), scenario_name="delion")}


@cache
def built(name: str) -> Replay:
    return replay(RUNS[name](), f"test-{name}")


def drawn_counts(svg: str) -> dict[str, tuple[bool, int, int, int, list[tuple[float, float]]]]:
    """pid → (shown, formed figures on the base, disordered beside it, killed crosses, disordered centres)."""
    out = {}
    for g in ET.fromstring(svg).iter(f"{NS}g"):
        if g.get("class") != "pc":
            continue
        shown = "display:none" not in (g.get("style") or "")
        pose = next(c for c in g if c.get("class") == "pose")
        loose = next(c for c in g if c.get("class") == "loose")
        formed = sum(1 for e in pose.iter() if e.get("class") == "f")
        dis = [e for e in loose.iter() if e.get("class") == "d"]
        killed = sum(1 for e in loose.iter() if e.get("class") == "k")
        centres = [(float(e.get("cx") or float(e.get("x") or 0) + FIG_R * K * 1.15),
                    float(e.get("cy") or float(e.get("y") or 0) + FIG_R * K * 0.8)) for e in dis]
        out[g.get("data-pid") or ""] = (shown, formed, len(dis), killed, centres)
    return out


@pytest.mark.parametrize("name", sorted(RUNS))
def test_every_frame_draws_the_engines_warriors(name: str) -> None:
    r = built(name)
    assert len(r.frames) == len(r.states) >= 2
    for i, state in enumerate(r.states):
        seen = drawn_counts(r.svg(i))
        assert set(seen) == {p.id for p in state.pieces}
        for p in state.pieces:
            shown, formed, dis, killed, _ = seen[p.id]
            assert shown == p.on_table, (name, i, p.id)
            if p.on_table:
                assert (formed, dis) == (p.unit.formed, p.unit.disordered), (name, i, p.id)
                lost = p.removed - r.states[i - 1].piece(p.id).removed if i else 0
                assert killed == lost, (name, i, p.id)


@pytest.mark.parametrize("name", sorted(RUNS))
def test_disordered_figures_stand_clear_of_other_bases(name: str) -> None:
    r = built(name)
    v = r.view
    for i, state in enumerate(r.states):
        for pid, (_, _, _, _, centres) in drawn_counts(r.svg(i)).items():
            others = [q.polygon for q in state.fighting() if q.id != pid]
            for cx, cy in centres:
                spot = Point(cx / K + v.x0, v.y1 - cy / K).buffer(FIG_R * 0.9)
                assert all(spot.intersection(o).area < 1e-9 for o in others), (name, i, pid)


@pytest.mark.parametrize("name", sorted(RUNS))
def test_the_shipped_frames_rebuild_every_drawing(name: str) -> None:
    """A frame ships only the pieces that changed; applying frames 0..i gives frame i's whole drawing."""
    r = built(name)
    data = json.loads(payload(r))
    acc: dict[str, object] = {}
    for i, f in enumerate(data["f"]):
        acc = {**acc, **f["c"]}
        assert acc == {pid: v.json() for pid, v in r.drawn[i].items()}, i
    assert all(len(f["c"]) < len(r.drawn[0]) for f in data["f"][1:]) or len(r.drawn[0]) <= 2
    assert len(replay_html(r).encode()) < 2_000_000


def test_slingers_example_keeps_its_numbers() -> None:
    """AOT-EX-SLINGERS + AOT-EX-SHIELDWALL: dice 2 3 5 6 and shield 1 — one hoplite killed, 4+4 → 3+4, density 4."""
    run = scenes.slingers()
    assert run.facts == {"faces": (2, 3, 5, 6, 1), "killed": 1, "ranks": (3, 4), "density": 4}
    dice = run.steps[0].lines[0].dice
    assert [(d.face, d.effect) for d in dice] == [(2, "hit"), (3, "hit"), (5, ""), (6, ""), (1, "save")]
    seen = drawn_counts(built("slingers").svg(1))["H"]
    assert seen[1:4] == (7, 0, 1)


def test_gauls_example_keeps_its_numbers() -> None:
    """AOT-EX-GAULS-JAVELINMEN: 2 javelinmen killed (2+2 → 1+1), they fall back, 2 cavalry disordered."""
    run = scenes.gauls()
    assert run.facts == {"faces": (2, 5, 1, 1, 4, 5, 3), "javelinmen_killed": 2, "javelinmen_ranks": (1, 1),
                         "cavalry_disordered": 2, "retreated": True}
    # one melee, three steps: the strike (its dice and losses), the retreat (the turn away, the move, the owner's
    # choice to turn back to face and that turn's test), the DP spent
    assert [[ln.rule for ln in s.lines] for s in run.steps] == [
        ["AOT-MELEE-STRIKES", "AOT-MELEE-RESULT"], ["AOT-MELEE-RETREAT"] * 4, ["AOT-DEMO-DISORDER"]]
    assert [ln.kind for ln in run.steps[1].lines] == ["roll", "event", "decision", "roll"]
    assert [d.face for d in run.steps[0].lines[0].dice] == [2, 5, 1, 1, 4, 5, 3]
    assert [d.face for d in run.steps[1].lines[0].dice] and not run.steps[2].lines[0].dice
    r = built("gauls")
    strike, back, dp = (drawn_counts(r.svg(i)) for i in (1, 2, 3))
    assert strike["J"][1:4] == (2, 0, 2) and back["J"][1:4] == (2, 0, 0)  # two killed in the strike, shown once
    assert strike["C"][2] == back["C"][2] == 0 and dp["C"][1:3] == (1, 2)  # the DP disorder 2 cavalry, last
    j = [s.piece("J").pose for s in r.states]
    assert j[0] == j[1] != j[2] == j[3]  # the javelinmen stand through the strike, then fall back
    assert "J" in r.frames[2].motion and not r.frames[1].motion


def test_full_turn_runs_from_initiative_to_demoralization() -> None:
    run = scenes.full_turn()
    rules = [ln.rule for s in run.steps for ln in s.lines]
    assert rules[0] == "AOT-CMD-INITIATIVE" and any(r.startswith("AOT-DEMO") for r in rules)
    assert len({s.after.turn for s in run.steps}) == 1
    assert rules.count("AOT-CMD-SLOT-ORDER") >= 2
    turn = run.facts["turn"]
    assert isinstance(turn, int) and scenes.full_turn(turn=turn).facts == run.facts  # the search finds that turn


def test_a_scene_replays_with_new_dice_or_a_changed_unit() -> None:
    plain = Unit(name="hoplites", ranks=(4, 4), weapon=MeleeWeapon.SPEAR)  # no shield: no shield-wall die
    run = scenes.slingers(target=plain)
    assert run.facts["faces"] == (2, 3, 5, 6) and run.facts["killed"] == 2
    seeded = [scenes.slingers(seed=s).facts["faces"] for s in range(6)]
    assert len(set(seeded)) > 1


def test_step_links_and_slugs() -> None:
    r = built("gauls")
    html = replay_html(r)
    assert 'id="animation-test-gauls"' in html
    for i in range(len(r.frames)):
        assert f'id="test-gauls-step-{i}"' in html and f'href="#test-gauls-step-{i}"' in html
    assert 'type="application/json"' not in html  # would make the book ship BokehJS with the page
    with pytest.raises(ValueError, match="slug"):
        replay(scenes.gauls(), "bad slug")


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _seen_by(hexcolour: str, kind: str) -> tuple[float, ...]:
    """A colour as a dichromat sees it (Viénot, Brettel & Mollon 1999), in linear RGB."""
    r, g, b = (_linear(int(hexcolour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    m = {"protan": ((0.11238, 0.88762, 0.0), (0.11238, 0.88762, 0.0), (0.00401, -0.00401, 1.0)),
         "deutan": ((0.29275, 0.70725, 0.0), (0.29275, 0.70725, 0.0), (-0.02234, 0.02234, 1.0)),
         "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))}[kind]
    return tuple(row[0] * r + row[1] * g + row[2] * b for row in m)


@pytest.mark.parametrize("kind", ["normal", "protan", "deutan"])
def test_the_two_sides_stay_apart_for_colour_blind_readers(kind: str) -> None:
    a, b = (_seen_by(SIDES[s][0], kind) for s in (0, 1))
    assert math.dist(a, b) > 0.5, (kind, a, b)


def test_a_companion_example_replays_its_own_log() -> None:
    """BAT-EX-CLASH: one step per logged statement, carrying every die of the example's log, in order."""
    from aot_rules.core.events import Roll

    r = built("bat-clash")
    ex = examples()["BAT-EX-CLASH"]()
    shown = [d.face for f in r.frames[1:] for ln in f.lines for d in ln.dice]
    assert shown == [e.face for e in ex.log if isinstance(e, Roll)] and len(shown) >= 5
    html = replay_html(r)
    assert "<svg" not in html.split('class="rp-main"')[1].split("rp-controls")[0] and 'class="rp-legend"' not in html


def test_viewer_ids_are_unique_in_the_book() -> None:
    """Every viewer's root id ``animation-<slug>`` appears once in the book (step links depend on it)."""
    import re
    from pathlib import Path

    text = "\n".join(f.read_text(encoding="utf-8") for f in sorted((Path(__file__).parents[2] / "book").rglob("*.md")))
    slugs = re.findall(r'show_replay\(.*?,\s*"([a-z0-9-]+)"\)', text)
    losses = [f"losses-{x.lower()}" for x in re.findall(r'show_example\("([A-Z0-9-]+)"\)', text)]
    assert len(slugs) >= 12
    assert len(slugs + losses) == len(set(slugs + losses))


def _scene_runs() -> list[str]:
    return sorted(scenes.SCENES)


@pytest.mark.parametrize("name", _scene_runs())
def test_split_steps_chain_and_end_where_the_engine_does(name: str) -> None:
    """Steps chain (each starts where the one before ended), and a melee told in beats ends on the engine's
    state: the last beat's state is the action's own, never a reconstruction."""
    run = RUNS[name]()
    for a, b in zip(run.steps, run.steps[1:], strict=False):
        assert [(p.pose, p.unit, p.removed, p.on_table) for p in a.after.pieces] == [
            (p.pose, p.unit, p.removed, p.on_table) for p in b.before.pieces], (name, a.title, b.title)


def test_every_melee_of_the_turns_is_split_into_beats() -> None:
    """In the whole-turn replays every melee is its own strike step, and the DP are spent in a later step."""
    for run in (scenes.full_turn(), scenes.full_turn(1, scenario_name="delion")):
        for s in run.steps:
            rules = {ln.rule for ln in s.lines}
            if "AOT-MELEE-STRIKES" in rules:
                assert not any(r.startswith("AOT-DEMO-") or r == "AOT-MELEE-RETREAT" for r in rules), s.title
        assert any(ln.rule == "AOT-DEMO-DISORDER" for s in run.steps for ln in s.lines)


def test_unrecorded_changes_keep_an_action_whole() -> None:
    """If undoing the later beats' events does not lead back to the state before the action (a change no
    event records), the action stays one step rather than show invented states."""
    from dataclasses import replace as dc_replace

    from aot_rules.present.replay.beats import beats
    from aot_rules.present.replay.record import RecordingGame

    start = scenes.gauls().start
    g = RecordingGame(start, scenes._dice((2, 5, 1, 1, 4, 5, 3), None))
    from aot_rules.tabletop import combat

    g.act(combat.fight)
    a = g.actions[0]
    assert [b.kind for b in beats(a)] == ["strike", "fall back", "dp"]
    c = a.after.piece("C")
    tampered = dc_replace(a, after=a.after.with_piece(dc_replace(c, unit=c.unit.take_losses(0, 1))))
    assert len(beats(tampered)) == 1


@pytest.mark.parametrize("name", sorted(RUNS))
def test_no_two_labels_meet(name: str) -> None:
    """In every frame, no two unit labels' boxes (at the size they have on the narrowest board) meet."""
    import re

    from aot_rules.present.replay.labels import Box, half_size

    r = built(name)
    width = r.view.x1 - r.view.x0
    for i, drawn in enumerate(r.drawn):
        boxes = []
        for pid, v in drawn.items():
            if not v.shown:
                continue
            m = re.fullmatch(r"translate\(([-\d.]+)px,([-\d.]+)px\)", v.label_at)
            assert m, v.label_at
            hw, hh = half_size(v.label, width)
            boxes.append((pid, Box(float(m[1]) / K + r.view.x0, r.view.y1 - float(m[2]) / K, hw, hh)))
        for j, (p, a) in enumerate(boxes):
            for q, b in boxes[j + 1:]:
                assert not a.meets(b), (name, i, p, q)


def test_a_retreat_turns_then_goes() -> None:
    """The retreat's recorded way: the about-face in place (AOT-MELEE-RETREAT), then straight back, then the
    turn to face the enemy again; the viewer's keyframes follow it and end on the frame's own drawing."""
    from aot_rules.tabletop.events import FellBack
    from aot_rules.tabletop.geometry import centre

    run = scenes.gauls()
    fb = next(ev for ln in [run.steps[1]] for ev in _events(run, 1) if isinstance(ev, FellBack))
    assert len(fb.via) == 1 and fb.via[0].facing == fb.end.facing != fb.start.facing
    size = run.start.piece("J").size
    assert centre(fb.via[0], size) == pytest.approx(centre(fb.start, size))
    r = built("gauls")
    keys = r.frames[2].motion["J"]
    assert len(keys) == 4 and keys[-1][0] == r.drawn[2]["J"].pose and keys[0][0] == r.drawn[1]["J"].pose
    assert [k[1] for k in keys] == sorted(k[1] for k in keys) and keys[-1][1] == 1.0


def _events(run: Run, i: int) -> list[object]:
    n = len(run.steps[i].before.log)
    return [ev for e in run.steps[i].after.log[n:] for ev in e.events] if run.steps[i].after.log[n:] else [
        ev for e in run.steps[-1].after.log[len(run.start.log):] for ev in e.events]


def test_the_chariot_scene_plays_from_the_engine() -> None:
    """The chariot-plain scenario's chariot trots 8″ (dice 5 3) into contact, kills two akontists, drives
    them back, and its side's DP disorder two hoplites; each beat is its own step."""
    run = scenes.chariots()
    assert run.facts == {"akontists_killed": 2, "retreated": True, "hoplites_disordered": 2, "trot": (5, 3)}
    assert [s.lines[0].rule for s in run.steps] == ["AOT-CHARIOT-TURN-TROT", "AOT-MELEE-STRIKES",
                                                    "AOT-MELEE-RETREAT", "AOT-DEMO-DISORDER"]
    assert run.start.piece("B4").unit.body.chariot and run.start.piece("B4").size.name == "LARGE"


def test_the_whole_turn_can_be_followed_from_its_captions() -> None:
    """The table-top page's whole turn: each step says who acts and what (its title), each rule it applies
    links to the chapter that explains it, and each step under a rule says in a sentence what that rule
    decides (a reader new to the game need not know the rule IDs)."""
    r = built("turn-delion")
    assert r.frames[1].title.startswith("Turn ") and "initiative" in r.frames[1].title
    for f in r.frames[1:]:
        assert ": " in f.title or f.title.startswith("Turn "), f.title
        ruled = [ln for ln in f.lines if ln.rule]
        for ln in ruled:
            assert ln.href.endswith("#" + ln.rule.lower()), (f.title, ln.rule)
        if any(ln.kind != "decision" for ln in ruled):
            assert f.why, f.title
    titles = [f.title for f in r.frames]
    assert any(t.endswith("melee, the strike") for t in titles)
    assert any(t.endswith("demoralization points spent") for t in titles)


@pytest.mark.parametrize("scene", sorted(scenes.SCENES))
def test_every_way_and_path_stays_inside_the_board(scene: str) -> None:
    """Each arrow's points and each keyframe of a base on its way lie inside the board's view box (the whole
    turn's step 32 swung a retreating base off the board's left edge)."""
    import re

    r = replay(scenes.SCENES[scene](), "s")
    w, h = r.view.size
    for i, f in enumerate(r.frames):
        j = f.json()
        pts = [tuple(map(float, p.split(","))) for m in re.findall(r'points="([^"]+)"', str(j.get("pa", "")))
               for p in m.split()]
        for way in (j.get("m") or {}).values():
            for k in way:
                at = re.match(r"translate\(([-\d.]+)px, *([-\d.]+)px\)", k[0])
                assert at, k
                pts.append((float(at.group(1)), float(at.group(2))))
        outside = [(x, y) for x, y in pts if not (0 <= x <= w and 0 <= y <= h)]
        assert outside == [], (scene, i, outside)


def test_move_arrows_are_drawn_over_the_bases() -> None:
    """SVG paints in document order: the arrows' group follows the pieces', so an arrowhead ending on a base is
    not hidden under it."""
    r = replay(scenes.full_turn(), "turn-sequence")
    root = ET.fromstring(r.svg(0))
    order = [g.get("class") for g in root if g.tag.endswith("g")]
    assert order.index("paths") > order.index("pieces"), order


@pytest.mark.parametrize("scene", sorted(scenes.SCENES))
def test_a_declined_evade_is_not_titled_as_tried(scene: str) -> None:
    """The whole turn's step 30 was titled "tries to evade but stays to fight" over a caption saying the
    Athenians chose to stand: a step whose evade lines are all the player's decisions says the choice."""
    r = replay(scenes.SCENES[scene](), "s")
    declined = [f for f in r.frames
                if (ev := [x for x in f.lines if x.rule.startswith("AOT-EVADE-")]) and all(x.kind == "decision"
                                                                                             for x in ev)]
    for f in declined:
        assert "tries to evade" not in f.title and "chooses to stand" in f.title, f.title
    if scene == "turn":
        assert declined


def test_every_base_carries_its_units_details() -> None:
    """Hover or tap on a base shows its unit's name, density, warriors, veteran, armour and shield, as the
    engine's state has them in that frame (drawn into the frame data, not computed in the browser)."""
    from aot_rules.present.replay.draw import unit_details

    r = replay(scenes.full_turn(), "turn-sequence")
    for i, state in enumerate(r.states):
        for p in state.pieces:
            u, t = p.unit, r.drawn[i][p.id].details
            assert t == unit_details(u)
            assert t.startswith(f"{u.name}: density {u.density}, {u.strength} warriors"), t
            assert f"veteran: {'yes' if u.veteran else 'no'}" in t and f"shield: {'yes' if u.shield else 'no'}" in t
    assert any("veteran: yes" in r.drawn[0][p.id].details for p in r.states[0].pieces)
    first = json.loads(payload(r))["f"][0]["c"]
    assert all(v["t"] == r.drawn[0][pid].details for pid, v in first.items())
    assert f"<title>{r.drawn[0]['A1'].details}</title>" in r.svg(0)


def test_a_players_weighing_of_options_is_one_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole turn once spent 15 steps (38 to 52) on the Boeotians trying one move after another for their
    akontists, the board still each time: a run of decision-only steps is one step, titled by the choice the
    player settled on, its caption keeping every option in turn."""
    from aot_rules.present.replay import build

    r = replay(scenes.full_turn(), "turn-sequence")
    monkeypatch.setattr(build, "fold_decisions", tuple, raising=False)
    raw = scenes.full_turn().steps

    def decided(f: Any) -> bool:
        return bool(f.lines) and all(x.kind == "decision" for x in f.lines)

    both = [b.title for a, b in zip(r.frames[1:-1], r.frames[2:], strict=True) if decided(a) and decided(b)]
    assert not both, both
    weighed = max(r.frames, key=lambda f: len(f.lines) if decided(f) else 0)
    assert len(weighed.lines) >= 10
    assert weighed.title == next(s.title for s in raw if s.lines[-1] == weighed.lines[-1])
    said = [x.text for f in r.frames for x in f.lines if x.kind == "decision"]
    assert said == [x.text for s in raw for x in s.lines if x.kind == "decision"]
    assert len(r.frames) < len(raw) + 1
