"""Rules #19 found played wrongly, each from a constructed position that fails without the fix, mirrored on
both sides of the table where the geometry matters."""

from __future__ import annotations

from dataclasses import replace

import pytest
from table_positions import piece, side

from aot_rules.aot.equipment import MeleeWeapon, Missile
from aot_rules.aot.rules.weather import Weather
from aot_rules.aot.units import Unit
from aot_rules.core.errors import RuleError
from aot_rules.tabletop import combat, geometry, moves
from aot_rules.tabletop.events import Edge, FellBack, WeatherSet
from aot_rules.tabletop.game import Game, TableDice
from aot_rules.tabletop.geometry import Pose
from aot_rules.tabletop.state import GameState, Piece
from aot_rules.tabletop.turn import roll_again, start_turn


def table(*pieces: Piece, weather: str = "calm") -> GameState:
    return GameState("test", 0, (side("Greeks", 0, 0.0), side("Gauls", 36, 40.0)), tuple(pieces), (),
                     weather=weather, turn=1)


def slingers() -> Unit:
    return Unit(name="slingers", ranks=(3, 3), weapon=MeleeWeapon.SHOOTER, missile=Missile.SLING)


def hoplites(name: str = "hoplites") -> Unit:
    return Unit(name=name, ranks=(4, 4), shield=True, weapon=MeleeWeapon.SPEAR)


def never(state: GameState, pid: str, by: str, reaction: str) -> bool:
    return False


# --- weather ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("weather", ["downpour"])
def test_the_downpour_stops_shooting(weather: str) -> None:
    calm = table(piece("S", 0, slingers(), 30, 10), piece("H", 1, hoplites(), 30, 14, 180))
    Game(calm, TableDice.fixed([3] * 12), react=never).act(combat.shoot, "S", "H")  # in calm weather it shoots
    g = Game(replace(calm, weather=weather), TableDice.fixed([3] * 12), react=never)
    with pytest.raises(RuleError) as e:
        g.act(combat.shoot, "S", "H")
    assert e.value.rule_id == "AOT-WEATHER-RAIN" and g.dice.used == 0


@pytest.mark.parametrize(("face", "weather"), [(1, "wind from the south"), (2, "wind from the north"),
                                               (3, "wind from the west"), (4, "wind from the east"), (5, "wind")])
def test_the_wind_rolls_its_edge(face: int, weather: str) -> None:
    """A second opening 1:1 running brings the wind; its edge die decides where from (5-6: too weak)."""
    s = replace(table(piece("H", 0, hoplites(), 30, 10), piece("G", 1, hoplites("g"), 30, 30, 180)), turn=1,
                double=1, initiative=(4, 2))
    g = Game(s, TableDice.fixed([1, 1, face, 4, 2]))  # the double, the edge die, then the initiative again
    g.act(start_turn)
    g.act(roll_again)
    compass = weather.removeprefix("wind").removeprefix(" from the ")
    wind = Edge(compass) if compass else None
    assert (g.state.weather, g.state.wind) == (Weather.WIND.value, wind)
    edge = [v for e in g.state.log for v in e.events if isinstance(v, WeatherSet) and v.weather is Weather.WIND]
    assert edge[-1].wind_edge == wind


def test_downwind_shooting_now_happens_in_a_game() -> None:
    """Before the edge die the weather was only ever "wind", which helps nobody: now a shooter with the wind at
    its back hits on equal."""
    s = replace(table(piece("S", 0, slingers(), 30, 10), piece("H", 1, hoplites(), 30, 14, 180)), double=1,
                initiative=(4, 2))
    g = Game(s, TableDice.fixed([1, 1, 1, 4, 2]))
    g.act(start_turn)
    g.act(roll_again)
    assert combat.downwind(g.state, g.state.piece("S")) and not combat.downwind(g.state, g.state.piece("H"))


# --- falling back ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("mirror", [False, True])
def test_an_evasion_backs_away_from_the_attacker_not_along_its_facing(mirror: bool) -> None:
    """Akontists facing sideways are charged from the front-left: they back away from the attacker (before the
    fix they backed along their own facing, sideways, across the attacker's front)."""
    sign = -1 if mirror else 1
    light = Unit(name="akontists", ranks=(2, 2), weapon=MeleeWeapon.SHOOTER, missile=Missile.JAVELIN, shield=True)
    s = table(piece("A", 0, hoplites(), 30, 20, 0), piece("L", 1, light, 30 - sign * 1.6, 22.6 + 1.6, 180))
    g = Game(s, TableDice.fixed([4]))
    a, lt = g.state.piece("A"), g.state.piece("L")
    g.act(moves.evade, "L", "A")
    back = next(v for e in g.state.log for v in e.events if isinstance(v, FellBack))
    ca, c0, c1 = (geometry.centre(p.pose, p.size) for p in (a, lt, g.state.piece("L")))
    before = (c0[0] - ca[0]) ** 2 + (c0[1] - ca[1]) ** 2
    after = (c1[0] - ca[0]) ** 2 + (c1[1] - ca[1]) ** 2
    assert back.kind == "evasion" and after > before + 9  # 4 inches straight away: more than 3 further off


@pytest.mark.parametrize("mirror", [False, True])
def test_a_panicking_unit_shot_at_flees_away_from_the_shooter(mirror: bool) -> None:
    """Before the fix it fled toward its camp, here straight past the slingers that shot at it."""
    sign = -1 if mirror else 1
    panicking = replace(hoplites(), ranks=(0, 0), disordered=8)
    s = table(piece("S", 0, slingers(), 30 + sign * 8, 20, sign * 90), piece("H", 1, panicking, 30, 19.2, 0))
    g = Game(s, TableDice.fixed([]), react=never)
    g.act(combat.shoot, "S", "H")
    h = g.state.piece("H")
    moved_x = h.pose.x - 30
    assert moved_x * sign < -5  # away from the shooter, on either side of the table


def test_only_the_flight_toward_camp_is_once_a_turn() -> None:
    panicking = replace(hoplites(), ranks=(0, 0), disordered=8)
    s = table(piece("S", 0, slingers(), 38, 20, 90), piece("H", 1, panicking, 30, 19.2, 0))
    s = s.with_piece(replace(s.piece("H"), fled_this_turn=True))
    g = Game(s, TableDice.fixed([]), react=never)
    g.act(combat.shoot, "S", "H")  # it fled toward camp earlier this turn, and still flees the shooter
    assert g.state.piece("H").pose.x < 25


@pytest.mark.parametrize("facing", [0.0, 90.0, -90.0, 180.0])
@pytest.mark.parametrize("degrees", [90.0, -90.0])
def test_a_turn_near_the_enemy_may_not_change_the_distance(facing: float, degrees: float) -> None:
    """AOT-TURN: 2.4″ from the enemy's front, a quarter turn about the base's middle brings its long side 0.8″
    nearer (it used to be allowed); far from every enemy the same turn is allowed."""
    dx, dy = Pose.of(0, 0, facing).direction
    me = piece("A", 0, hoplites(), 30, 20, facing)
    front = (30 + dx * 2.4, 20 + dy * 2.4)
    s = table(me, piece("E", 1, hoplites("e"), front[0], front[1], facing + 180))
    g = Game(s, TableDice.fixed([6]))
    with pytest.raises(RuleError) as e:
        g.act(moves.turn, "A", degrees)
    assert e.value.rule_id == "AOT-TURN" and "from 2.4″ to 1.6″" in str(e.value)
    far = s.with_piece(replace(s.piece("E"), pose=Pose.of(front[0] + dx * 12, front[1] + dy * 12, facing + 180)))
    if geometry.on_table(s.piece("E").polygon, 60, 40) and 0 < far.piece("E").pose.y < 40:
        Game(far, TableDice.fixed([6])).act(moves.turn, "A", degrees)


@pytest.mark.parametrize("wheel", [20.0, -20.0])
def test_no_horse_strike_after_a_wheel(wheel: float) -> None:
    """AOT-MELEE-HORSE-STRIKE: only a straight move earns the horse strike.  Horse that wheels on its way in
    (to either side) strikes without its horses; the same horse charging straight strikes with them."""
    cav = Unit(name="horse", ranks=(3,), mounted=True, weapon=MeleeWeapon.SWORD)
    straight = table(piece("C", 0, cav, 30, 20), piece("F", 1, hoplites(), 30, 24, 180))
    g = Game(straight, TableDice.fixed([]), react=never)
    g.act(moves.move, "C", [moves.Advance(3.0)])
    c = g.state.piece("C")
    assert not c.wheeled and combat._side(g.state, c, g.state.piece("F"), cav).horse_strike
    turned = table(piece("C", 0, cav, 30, 20), piece("F", 1, hoplites(), 30, 26, 180))
    g = Game(turned, TableDice.fixed([]), react=never)
    g.act(moves.move, "C", [moves.Wheel(wheel), moves.Wheel(-wheel), moves.Advance(1.0)])
    c = g.state.piece("C")
    assert c.wheeled and not combat._side(g.state, c, g.state.piece("F"), cav).horse_strike
