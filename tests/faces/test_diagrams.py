"""The Moving chapter's diagrams draw real geometry: the numbers in their captions come from shapely."""

from __future__ import annotations

import math

import pytest
from shapely.geometry import Point

from aot_rules.present.diagrams.canvas import BASE_WIDTH, front_edge
from aot_rules.present.diagrams.moving import (
    measure_geometry,
    measure_svg,
    through_friend_svg,
    through_geometry,
    wheel_geometry,
    wheel_svg,
    wood_crossing_svg,
    wood_geometry,
)


@pytest.mark.parametrize("degrees", [30, 45, 60, 90])
def test_wheel_outer_corner_pays_angle_times_width(degrees: float) -> None:
    w = wheel_geometry(degrees)
    assert abs(w.arc.length - math.radians(degrees) * BASE_WIDTH) < 1e-6
    # the arc runs from the outer corner's start to where that corner is after the wheel
    assert Point(w.arc.coords[0]).distance(Point(w.outer_start)) < 1e-9
    assert Point(w.arc.coords[-1]).distance(Point(front_edge(w.end).coords[0])) < 1e-9
    # the pivot (inner front corner) did not move, and the base is still a 3.2″ × 1.6″ rectangle
    assert Point(front_edge(w.end).coords[1]).distance(Point(w.pivot)) < 1e-9
    assert w.end.area == pytest.approx(w.start.area)
    # what is left of the move is the allowance less the arc
    assert w.rest.length + w.arc.length == pytest.approx(w.allowance)


def test_wheel_caption_quotes_the_arc() -> None:
    exact = math.pi / 4 * BASE_WIDTH
    assert f"{exact:.1f}″" in wheel_svg(45)
    # every point of the arc stays one base width from the pivot: a true wheel, not a slide
    w = wheel_geometry(45)
    assert all(abs(Point(p).distance(Point(w.pivot)) - BASE_WIDTH) < 1e-9 for p in w.arc.coords)


def test_measure_is_edge_to_edge() -> None:
    m = measure_geometry()
    assert m.distance == pytest.approx(m.ours.distance(m.theirs))
    assert m.gap.length == pytest.approx(m.distance, abs=1e-9)
    assert m.distance < m.centres
    assert f"{m.distance:.1f}″" in measure_svg()


def test_wood_crossing_enters_once_and_ends_clear() -> None:
    g = wood_geometry()
    assert not g.start.intersects(g.wood)
    assert g.inside.intersects(g.wood)  # the ghost that stopped inside
    assert not g.end.intersects(g.wood)  # one move through and out: one test
    assert g.end.bounds[3] - g.start.bounds[3] == pytest.approx(g.allowance)
    # the test point lies on the wood's edge, in front of the base, before the end of the move
    assert g.wood.exterior.distance(g.entry) < 1e-9
    assert 0 < g.to_entry < g.allowance
    assert f"{g.to_entry:.1f}″" in wood_crossing_svg()


def test_through_friend_needs_to_clear_it() -> None:
    ok, no = through_geometry(1.0), through_geometry(3.2)
    assert ok.allowed and ok.clear_by > 0 and not ok.end.intersects(ok.friend)
    assert ok.start.distance(ok.friend) == pytest.approx(1.0)
    assert not no.allowed and no.end.intersection(no.friend).area > 0
    svg = through_friend_svg()
    assert "not allowed" in svg and f"{ok.clear_by:.1f}″" in svg


def test_a_legal_turn_keeps_the_distance_to_the_enemy_and_a_spin_does_not() -> None:
    """AOT-TURN: turning about the front corner keeps the gap; spinning about the centre would change it."""
    from aot_rules.present.diagrams.turning import gap, turn_geometry, turn_svg

    t = turn_geometry()
    assert gap(t.before, t.enemy) == gap(t.after, t.enemy) > 0
    assert gap(t.spun, t.enemy) != gap(t.before, t.enemy)
    assert abs(t.after.area - t.before.area) < 1e-9  # the same base, only turned
    assert f"{gap(t.before, t.enemy)}″ before" in turn_svg()


def test_a_unit_turned_to_face_a_flank_attack_is_in_frontal_contact() -> None:
    """AOT-TURN-FLANK-ATTACKED: after the turn the two front edges lie against each other."""
    from aot_rules.present.diagrams.canvas import front_edge
    from aot_rules.present.diagrams.turning import flank_turn_geometry

    t = flank_turn_geometry()
    assert t.ours.distance(t.attacker) == 0 and t.faced.distance(t.attacker) == 0
    # turned, the two fronts share an edge; before, they met at one corner only (the attacker was on a flank)
    assert front_edge(t.faced).intersection(front_edge(t.attacker)).length > 1
    assert front_edge(t.ours).intersection(front_edge(t.attacker)).length == 0


def test_diagram_text_is_legible_on_a_phone() -> None:
    """Every engine-drawn diagram, at the narrowest column (PHONE_COLUMN), shows no text under MIN_TEXT_PX in the
    version a phone is shown (the phone version when there is one), and the laptop version keeps the sizes
    the diagram asked for."""
    import re

    from aot_rules.present.diagrams import evasion, moving, tabletop, turning
    from aot_rules.present.diagrams.canvas import MIN_TEXT_PX, PHONE_COLUMN

    figures = [f() for module in (evasion, moving, turning, tabletop) for name, f in vars(module).items()
               if name.endswith("_svg") and callable(f) and not f.__code__.co_argcount]
    assert len(figures) > 8
    for fig in figures:
        svgs = re.findall(r"<svg .*?</svg>", fig, re.S)
        phone = svgs[-1]
        box = re.search(r'viewBox="0 0 ([\d.]+)', phone)
        assert box is not None
        width = float(box.group(1))
        shown = min(1.0, PHONE_COLUMN / width)
        sizes = [float(s) for s in re.findall(r'<text [^>]*font-size="([\d.]+)"', phone)]
        assert min(sizes) * shown >= MIN_TEXT_PX - 0.05, (fig[:160], sizes)
        if len(svgs) == 2:
            assert 'class="aot-narrow"' in svgs[1] and "display:none" in svgs[1]
