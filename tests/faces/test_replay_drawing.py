"""A replay's board (issue #37, Replays: drawing): labels beside their bases and off terrain, terrain and camp
names whole inside the picture and never under a label, and a unit running off the table followed to the edge
and marked there, not drawn beyond it."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from shapely.geometry import Point, box
from test_replay_frames import RUNS, built

from aot_rules.core.i18n import speaking
from aot_rules.present.replay import scenes
from aot_rules.present.replay.build import RecordingGame, Replay, Run, record, replay
from aot_rules.present.replay.draw import K, View, clip_way, still_names, still_svg
from aot_rules.present.replay.labels import Box, Want, half_size, place
from aot_rules.tabletop.combat import fight
from aot_rules.tabletop.geometry import BaseSize, Pose, footprint


def _fight(g: RecordingGame) -> None:
    """The script of a replay whose only action is the melee."""
    g.act(fight)

def test_a_label_keeps_off_terrain_when_open_ground_is_near() -> None:
    pose = Pose(30.0, 10.0, 0.0)
    base = footprint(pose, BaseSize.UNIT)
    want = Want("H", "H · d4 · 8", base, pose)
    view = (20.0, 0.0, 40.0, 20.0)
    bare = place([want], view, [base], [])["H"][1]
    wood = box(20, 0, 40, base.bounds[1])  # everything behind the base, where its label would stand
    assert bare.shape.intersects(wood)
    kept = place([want], view, [base], [], ground=[wood])["H"][1]
    assert not kept.shape.intersects(wood)
    assert kept.shape.distance(base) < 2 * kept.hh + 1.0, "the label left its own base"


def _label_box(r: Replay, label_at: str, text: str) -> Box:
    view = r.view
    m = re.fullmatch(r"translate\(([-\d.]+)px,([-\d.]+)px\)", label_at)
    assert m, label_at
    hw, hh = half_size(text, view.x1 - view.x0)
    return Box(float(m[1]) / K + view.x0, view.y1 - float(m[2]) / K, hw, hh)


@pytest.mark.parametrize("name", sorted(n for n in RUNS if not n.startswith(("losses-", "bat-"))))
def test_no_label_covers_a_terrain_or_camp_name(name: str) -> None:
    r = built(name)
    names = still_names(r.states[0], r.view)
    for i, drawn in enumerate(r.drawn):
        for pid, v in drawn.items():
            if v.shown:
                label = _label_box(r, v.label_at, v.label)
                hit = [n for n, at, _ in names if label.meets(at)]
                assert not hit, (name, i, pid, hit)


def test_camp_and_terrain_names_are_written_whole_inside_the_picture() -> None:
    """A camp at the table's left edge: its name is moved in until the whole name shows (it was centred on the
    camp, half of it off the picture)."""
    start = scenes.table(("Athenians", "Boeotians"), scenes.piece("H", 0, scenes.hoplite_unit(), 10, 10))
    side = replace(start.sides[0], camp=((0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)))
    state = replace(start, sides=(side, start.sides[1]))
    view = View(0.0, 0.0, 20.0, 12.0)
    with speaking("en"):
        svg = still_svg(state, view)
    texts = re.findall(r'<text x="([-\d.]+)" y="[-\d.]+"[^>]*text-anchor="middle"[^>]*>([^<]+)</text>', svg)
    assert [t for _, t in texts] == ["Athenians camp"]
    for x, text in texts:
        hw, _ = half_size(text, view.x1 - view.x0)
        assert 0 <= float(x) - hw * K and float(x) + hw * K <= (view.x1 - view.x0) * K, (x, hw * K)


def test_a_way_is_cut_where_it_leaves_the_table() -> None:
    assert clip_way([(5.0, 5.0), (5.0, 2.0), (5.0, -4.0)], 60.0, 40.0) == ([(5.0, 5.0), (5.0, 2.0), (5.0, 0.0)],
                                                                          (5.0, 0.0))
    assert clip_way([(5.0, 5.0), (8.0, 6.0)], 60.0, 40.0) == ([(5.0, 5.0), (8.0, 6.0)], None)


def off_the_edge() -> Run:
    """The Gauls' melee fought at the near edge: the beaten javelinmen retreat off the table."""
    start = scenes.table(("Greeks", "Gauls"), scenes.piece("J", 0, scenes.javelin_unit(), 30, 4),
                         scenes.piece("G", 1, scenes.gaul_unit(), 30, 4, 180))
    return record("off the table", start, _fight,
                  dice=scenes._dice((2, 5, 1, 1, 4, 5, 3), None))


def test_a_unit_running_off_the_table_is_followed_to_the_edge_and_marked_there() -> None:
    with speaking("en"):
        run = off_the_edge()
        r = replay(run, "off")
    assert not r.states[-1].piece("J").on_table
    assert r.view.y0 >= 0, "the board shows ground beyond the table's edge"
    step = next(i for i, f in enumerate(r.frames) if "leaves the table" in f.paths)
    pts = [tuple(map(float, p.split(","))) for m in re.findall(r'points="([^"]+)"', r.frames[step].paths)
           for p in m.split()]
    table = box(0, 0, run.start.width, run.start.depth)
    v = r.view
    off = [(x, y) for x, y in pts if not table.buffer(0.01).covers(Point(x / K + v.x0, v.y1 - y / K))]
    assert pts and not off, off
