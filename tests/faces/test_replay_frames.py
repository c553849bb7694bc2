"""The replay viewer's frames: for every frame of every scene, the figures the SVG draws are the engine's
warrior states; the shipped JSON rebuilds every frame; worked examples keep their printed numbers."""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET
from collections.abc import Callable
from functools import cache

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


RUNS: dict[str, Callable[[], Run]] = {**scenes.SCENES, **_loss_runs(),
                                      "bat-clash": lambda: example_run("BAT-EX-CLASH", {})}


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
    rules = [ln.rule for ln in run.steps[0].lines]
    assert rules[0] == "AOT-MELEE-STRIKES" and "AOT-MELEE-RETREAT" in rules and "AOT-DEMO-DISORDER" in rules


def test_full_turn_runs_from_initiative_to_demoralisation() -> None:
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
