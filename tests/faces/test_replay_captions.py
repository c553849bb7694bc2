"""A replay's captions in plain words (issue #37, Replays): moves told against the table's landmarks, never as
coordinates; strikes naming the faces that hit and save, veterans' equal rolls said; verbs agreeing with names."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from shapely.geometry import Polygon, box

from aot_rules.aot.equipment import MeleeWeapon
from aot_rules.aot.rules.melee import weapon_hits
from aot_rules.aot.rules.protection import faces_that_save
from aot_rules.aot.units import Body, Unit
from aot_rules.core.i18n import render_value, speaking
from aot_rules.present.replay import scenes
from aot_rules.present.replay.build import RecordingGame, Run, record
from aot_rules.present.replay.captions import Landmark, faces_phrase, plural, where_to
from aot_rules.tabletop.combat import fight
from aot_rules.tabletop.game import TableDice

#: A base 4″ wide and 1.5″ deep, its lower left corner at (x, y).
BASE_W, BASE_D = 4.0, 1.5



def _fight(g: RecordingGame) -> None:
    """The script of a replay whose only action is the melee."""
    g.act(fight)

def base(x: float, y: float) -> Polygon:
    return box(x, y, x + BASE_W, y + BASE_D)


def said(m: object) -> str:
    return render_value(m, "en")


WOOD = Landmark("terrain", "Oak wood", box(10, 20, 20, 26))
STREAM = Landmark("terrain", "Stream", box(0, 14, 40, 15))
ARCHERS = Landmark("unit", "Persian archers", base(30, 32))


def test_a_base_that_ends_in_a_wood_goes_into_it() -> None:
    assert said(where_to(base(13, 12), base(13, 21), [(15, 12.75), (15, 21.75)], [WOOD, ARCHERS])) == \
        "into the Oak wood"


def test_a_fall_back_across_a_stream_ends_behind_it_and_a_move_across_it_goes_across() -> None:
    start, end, way = base(20, 16), base(20, 11), [(22, 16.75), (22, 11.75)]
    assert said(where_to(start, end, way, [STREAM, ARCHERS], back=True)) == "behind the Stream"
    assert said(where_to(end, start, way[::-1], [STREAM, ARCHERS])) == "across the Stream"


def test_a_move_is_told_towards_what_it_closed_on_and_a_fall_back_away_from_what_it_left() -> None:
    start, end = base(30, 20), base(30, 26)
    assert said(where_to(start, end, [(32, 20.75), (32, 26.75)], [WOOD, ARCHERS])) == "towards Persian archers"
    assert said(where_to(end, start, [(32, 26.75), (32, 20.75)], [WOOD, ARCHERS], back=True)) == \
        "away from Persian archers"


def test_a_move_that_ends_touching_a_unit_goes_up_to_it() -> None:
    end = base(30, 32 - BASE_D)
    assert said(where_to(base(30, 25), end, [(32, 25.75), (32, end.centroid.y)], [ARCHERS])) == \
        "up to Persian archers"


def test_with_nothing_near_a_move_is_told_by_the_edge_it_goes_towards() -> None:
    assert said(where_to(base(40, 5), base(46, 5), [(42, 5.75), (48, 5.75)], [WOOD])) == \
        "towards the right edge of the table"
    assert said(where_to(base(40, 5), base(40, 1), [(42, 5.75), (42, 1.75)], [])) == \
        "towards the near edge of the table"


def test_faces_are_said_as_a_player_says_them() -> None:
    assert [said(faces_phrase(f)) for f in ((4, 5, 6), (1, 2, 3), (1,), (), (2, 4))] == \
        ["4+", "3 or less", "1", "nothing", "2, 4"]


def test_a_body_of_warriors_is_plural_and_one_beast_is_not() -> None:
    assert plural(Unit(name="hoplites", ranks=(4, 4)))
    assert not plural(replace(Unit(name="war elephant", ranks=(3,)), body=Body.ELEPHANT))


def lines(run: Run) -> list[str]:
    return [t for s in run.steps for t in (x.text for x in s.lines)]


COORDINATES = re.compile(r"\(\d+\.\d, \d+\.\d\)|facing -?\d+°|\(-?\d+°\)")


@pytest.mark.parametrize("name", sorted(scenes.SCENES))
def test_no_caption_gives_coordinates_or_bearings(name: str) -> None:
    with speaking("en"):
        told = lines(scenes.SCENES[name]())
    assert told and not [t for t in told if COORDINATES.search(t)]


def test_the_worked_examples_moves_are_told_against_the_table() -> None:
    with speaking("en"):
        moving, gauls, evasion = lines(scenes.moving()), lines(scenes.gauls()), lines(scenes.evasion_panic())
    assert "moves 8.0″ into the Oak wood" in moving
    assert any(re.fullmatch(r"falls back \d+\.\d″ away from Gauls", t) for t in gauls)
    assert "turns back to face Gauls" in gauls
    assert any(re.fullmatch(r"flees \d+\.\d″ towards the Athenians camp", t) for t in evasion)


def hits_from(faces: list[int]) -> str:
    """A set of hitting faces as the caption says them (the engine decides the faces; the words are checked
    apart, in test_faces_are_said_as_a_player_says_them)."""
    return said(faces_phrase(faces))


def test_each_strike_names_the_faces_that_hit_and_that_save() -> None:
    with speaking("en"):
        strike = next(t for t in lines(scenes.gauls()) if "strike" in t)
    jav, gauls = scenes.javelin_unit(), scenes.gaul_unit()
    gauls_hit = [f for f in range(1, 7) if weapon_hits(f, MeleeWeapon.SWORD, gauls.density, jav.density, False)]
    jav_hit = [f for f in range(1, 7) if weapon_hits(f, MeleeWeapon.SHOOTER, jav.density, gauls.density, False)]
    assert f"Gauls strike javelinmen [1 4 5], hitting on {hits_from(gauls_hit)}: 2 hits" in strike
    assert f"javelinmen strike Gauls [2 5], hitting on {hits_from(jav_hit)}: 1 hit" in strike
    saves = hits_from(list(faces_that_save(gauls.density, at_or_below=False)))
    assert f"Gauls' shield die 1, saving on {saves}: 1 saved" in strike
    assert "veterans" not in strike


def veteran_wall(veteran: bool) -> Run:
    """Javelinmen strike Gauls whose shield die shows their density: a save only if they are veterans."""
    gauls = replace(scenes.gaul_unit(), veteran=veteran)
    start = scenes.table(("Greeks", "Gauls"), scenes.piece("J", 0, scenes.javelin_unit(), 30, 20),
                         scenes.piece("G", 1, gauls, 30, 20, 180))
    return record("veterans", start, _fight,
                  dice=TableDice.fixed([1, 2, gauls.density, 6, 6, 6, *scenes.PAD]))


def test_a_veterans_equal_roll_save_is_said_where_it_counts() -> None:
    density = scenes.gaul_unit().density
    with speaking("en"):
        vet, plain = lines(veteran_wall(True))[0], lines(veteran_wall(False))[0]
    on_vet = hits_from(list(faces_that_save(density, at_or_below=True)))
    assert f"Gauls' shield die {density}, saving on {on_vet} (veterans: an equal roll saves): 2 saved" in vet
    on_plain = hits_from(list(faces_that_save(density, at_or_below=False)))
    assert f"Gauls' shield die {density}, saving on {on_plain}: 0 saved" in plain
    assert "veterans" not in plain


def test_a_veteran_strikers_equal_roll_is_said() -> None:
    with speaking("en"):
        told = lines(scenes.full_turn())
    strike = next(t for t in told if t.startswith("Athenian hoplites strike"))
    assert "(veterans: an equal roll hits)" in strike


def test_verbs_agree_with_the_unit_named() -> None:
    with speaking("en"):
        archers, elephant = lines(scenes.return_fire()), lines(scenes.elephants())
    assert any(t.endswith("Persian archers are beaten") for t in archers)
    assert "Persian archers choose to turn back to face Cretan archers" in archers
    assert any(t.endswith("war elephant wins, hastati are beaten") for t in elephant)
    assert any("war elephant loses 0" in t for t in elephant)
    with speaking("en"):
        turn = lines(scenes.full_turn())
    assert any(re.fullmatch(r"passes through Athenian akontists: die \d, Athenian akontists lose \d", t) for t in turn)


def test_a_volley_names_the_faces_that_hit_and_that_save() -> None:
    from aot_rules.aot.equipment import Missile
    from aot_rules.aot.rules.shooting import ShotConditions, hit_faces, save_faces

    with speaking("en"):
        volley = lines(scenes.slingers())[0]
    target = scenes.hoplite_unit()
    cond = ShotConditions(weapon=Missile.SLING)
    hit = hits_from(hit_faces(target.density, cond, False))
    save = hits_from(list(save_faces(target, cond)))
    assert volley.startswith(f"4 firers at hoplites (4″), hitting on {hit}: 2 hits; ")
    assert f"hoplites' shield die 1, saving on {save}: 1 saved: 1 killed" in volley
