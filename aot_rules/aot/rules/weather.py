"""Weather (Погода): brought by initiative doubles on consecutive turns, chosen by the double's face.

Two doubles in a row change the weather; the face of the second picks the result
(1:1 wind … 6:6 nightfall).  Only the newest weather applies: wind, soaked ground
and downpour last until replaced; hot sun and storm strike once; nightfall ends
the battle.  This module holds the whole chain as exact laws (how many changes
and which weather by turn N), the wind and storm dice, and which effects are in
force — the rule the table-top engine will ask before a horse strike or a volley.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum
from functools import cache
from typing import NamedTuple, TypeVar

from aot_rules.aot.events import InitiativeRolled, UnitDrifted, WeatherChanged
from aot_rules.aot.rules.command import initiative_pair
from aot_rules.aot.vocabulary import Drift as Drift  # the storm's directions, and the weathers, are the events' too
from aot_rules.aot.vocabulary import Weather as Weather
from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate, play
from aot_rules.core.events import DieEffect
from aot_rules.core.i18n import msg, vocabulary
from aot_rules.core.procedure import Proc, chain, die, done, part, until

MAX_TURNS = 30


def weather_of_double(face: int) -> Weather:
    """AOT-WEATHER: the triggering double's face picks the result (Reading of AOT-CMD-DOUBLES).

    >>> [weather_of_double(f).value for f in (1, 3, 6)]
    ['wind', 'mud', 'nightfall']
    """
    if not 1 <= face <= 6:
        raise RuleError("AOT-WEATHER", msg("a double shows 1 to 6, not {face}", face=face))
    return _BY_FACE[face]


_BY_FACE = tuple(Weather)  # index 0 is calm: a double's face indexes its weather


@vocabulary({

    "downwind-equal-hits":
        msg("shooters with the wind at their backs also hit on a roll equal to the target's density"),
    "no-horse-strike": msg('no horse strikes'),
    "no-shooting": msg('no shooting: shooters fight only hand to hand'),
    "sun-test":
        msg('every unit in body armour takes one disorder test, once'),
    "storm-lost":
        msg("1 d6 of each player's units wander off in the storm, once"),
    "battle-over": msg('the battle ends: count victory points')
}, formerly={
    "shooters with the wind at their backs also hit on a roll equal to the target's density": "downwind-equal-hits",
    "no horse strikes": "no-horse-strike", "no shooting: shooters fight only hand to hand": "no-shooting",
    "every unit in body armour takes one disorder test, once": "sun-test",
    "1 d6 of each player's units wander off in the storm, once": "storm-lost",
    "the battle ends: count victory points": "battle-over"
})
class Effect(StrEnum):
    """What weather does to play."""

    DOWNWIND_EQUAL_HITS = "downwind-equal-hits"
    NO_HORSE_STRIKE = "no-horse-strike"
    NO_SHOOTING = "no-shooting"
    SUN_TEST = "sun-test"
    STORM_LOST = "storm-lost"
    BATTLE_OVER = "battle-over"


def effects(weather: Weather, *, arriving: bool = False, wind_edge: bool = True) -> frozenset[Effect]:
    """The effects of ``weather``: its lasting ones, plus its one-off ones on the turn it ``arrives``.

    ``wind_edge`` is False when the wind die named no edge: the wind is too weak to matter.

    >>> sorted(e.name for e in effects(Weather.RAIN))
    ['NO_SHOOTING']
    >>> effects(Weather.SUN), sorted(e.name for e in effects(Weather.SUN, arriving=True))
    (frozenset(), ['SUN_TEST'])
    >>> effects(Weather.WIND, wind_edge=False)
    frozenset()
    """
    out: set[Effect] = set()
    if weather is Weather.WIND and wind_edge:
        out.add(Effect.DOWNWIND_EQUAL_HITS)
    if weather is Weather.MUD:
        out.add(Effect.NO_HORSE_STRIKE)
    if weather is Weather.RAIN:
        out.add(Effect.NO_SHOOTING)
    if weather is Weather.NIGHT:
        out.add(Effect.BATTLE_OVER)
    if arriving and weather is Weather.SUN:
        out.add(Effect.SUN_TEST)
    if arriving and weather is Weather.STORM:
        out.add(Effect.STORM_LOST)
    return frozenset(out)


# --- the chain of doubles (AOT-CMD-DOUBLES) ---------------------------------------------------


class WeatherRun(NamedTuple):
    """The first N turns' weather: how many times it changed, and the newest weather."""

    changes: int
    latest: Weather


def _check_turns(turns: int) -> None:
    if not 1 <= turns <= MAX_TURNS:
        raise RuleError("AOT-CMD-DOUBLES", msg("turns run from 1 to {most}, not {turns}", most=MAX_TURNS, turns=turns))


def triggers(armed: bool, double: bool) -> bool:
    """A double right after an unspent double changes the weather."""
    return armed and double


def rearm(armed: bool, double: bool, overlapping: bool) -> bool:
    """Whether this turn's double can pair with the next turn's.

    With ``overlapping`` (the Reading) every double that follows a double triggers, so a third
    double in a row triggers again; otherwise the two doubles of a pair are spent together.
    """
    if not double:
        return False
    return overlapping or not armed


def opening_double() -> Proc[int | None]:
    """One turn's initiative read for the weather: the face of its opening throw if that is a double (None if
    not); every tie is rolled again for the initiative itself, and only the opening throw counts (Reading)."""
    return initiative_pair().then(_after_opening)


def _after_opening(pair: InitiativeRolled) -> Proc[int | None]:
    if not pair.double:
        return done(None)
    face = pair.mine
    return until(initiative_pair(), lambda p: not p.double).map(lambda _: face)


class _Turned(NamedTuple):
    """The weather after a turn, with the face of the double that changed it this turn (None: unchanged)."""

    face: int | None
    run: tuple[int, Weather, bool]


def _turn(turn: int, state: tuple[int, Weather, bool], overlapping: bool) -> Proc[tuple[int, Weather, bool]]:
    """One turn of the chain: (changes so far, the newest weather, whether a double is unspent) after it;
    nightfall ends the battle, so no die is rolled after it."""
    changes, latest, armed = state
    if latest is Weather.NIGHT:
        return done(state)

    def after(face: int | None) -> _Turned:
        double = face is not None
        again = rearm(armed, double, overlapping)
        if face is None or not triggers(armed, double):
            return _Turned(None, (changes, latest, again))
        return _Turned(face, (changes + 1, weather_of_double(face), again))

    return part(opening_double).map(after).log(
        lambda t: None if t.face is None else WeatherChanged(turn, t.face, t.run[1])).map(lambda t: t.run)


def weather(turns: int, overlapping: bool = True) -> Proc[WeatherRun]:
    """AOT-CMD-DOUBLES over the first ``turns`` turns as a dice procedure: a double right after an unspent
    double changes the weather, the face of the triggering double picking it; only each turn's opening roll
    counts toward the weather (Reading).  The turns are a chain, so the exact law is carried turn by turn."""
    _check_turns(turns)
    return chain((0, Weather.CALM, False), turns, lambda turn, state: _turn(turn, state, overlapping)).map(
        lambda r: WeatherRun(r[0], r[1]))


@cache
def weather_exact(turns: int, overlapping: bool = True) -> Dist[WeatherRun]:
    """Exact law of the weather over the first ``turns`` turns (:func:`weather`).

    >>> weather_exact(2)[WeatherRun(1, Weather.NIGHT)]
    Fraction(1, 216)
    """
    return evaluate(weather(turns, overlapping))


# --- wind (AOT-WEATHER-WIND) -------------------------------------------------------------------


F = TypeVar("F", bound=StrEnum)


def four_ways(face: int, ways: type[F]) -> F:
    """The weather dice's one pattern: faces 1–4 pick the four directions of ``ways`` in order, and 5
    and 6 its fifth member (no wind, the unit stays)."""
    if not 1 <= face <= 6:
        raise RuleError("AOT-WEATHER", msg("a die shows 1 to 6, not {face}", face=face))
    return tuple(ways)[min(face, 5) - 1]


@vocabulary({
    "my-edge": msg('my edge'), "enemy-edge": msg('enemy edge'), "left": msg('left edge'),
    "right": msg('right edge'), "none": msg('no wind')
}, formerly={
    "my edge": "my-edge", "enemy edge": "enemy-edge", "left edge": "left", "right edge": "right", "no wind": "none"
})
class WindFrom(StrEnum):
    """The table edge the wind blows from, seen by one player (faces 1–4), or no wind (5–6)."""

    MY_EDGE = "my-edge"
    ENEMY_EDGE = "enemy-edge"
    LEFT = "left"
    RIGHT = "right"
    NONE = "none"


def wind_from(face: int) -> WindFrom:
    """Reading: faces 1–4 name the four edges, as the storm's directions do; 5 and 6 no edge.

    >>> wind_from(1).value, wind_from(6).value
    ('my-edge', 'none')
    """
    return four_ways(face, WindFrom)


def wind(reroll_calm: bool = False) -> Proc[WindFrom]:
    """AOT-WEATHER-WIND as a dice procedure: one die read as the wind's edge; ``reroll_calm`` rolls 5 and 6 again
    instead of 'no wind'."""
    edge = die(6, msg("wind edge"), lambda f: DieEffect.NONE if f <= 4 else DieEffect.FAIL, read=wind_from)
    return until(edge, lambda w: w is not WindFrom.NONE) if reroll_calm else edge


def roll_wind(dice: DiceSource, reroll_calm: bool = False) -> WindFrom:
    return play(wind(reroll_calm), dice)


# --- storm (AOT-WEATHER-STORM) -----------------------------------------------------------------


def drift(face: int) -> Drift:
    """AOT-EX-STORM: 1 forward, 2 back, 3 left, 4 right, 5 or 6 it stays.

    >>> [drift(f).value for f in range(1, 7)]
    ['forward', 'back', 'left', 'right', 'stays', 'stays']
    """
    return four_ways(face, Drift)


class Storm(NamedTuple):
    """One player's storm: units lost, how many of them actually move, and how far the first unit
    he names goes (0 if it stays)."""

    lost: int
    moved: int
    distance: int = 0


def _check_units(units: int) -> None:
    if units < 1:
        raise RuleError("AOT-WEATHER-STORM", msg("a player caught in the storm has at least one unit, not {units}",
                                                 units=units))


def _unit_name(names: tuple[str, ...], i: int) -> str:
    return names[i] if i < len(names) else f"unit {i + 1}"


def _direction(name: str) -> Proc[bool]:
    """One lost unit's direction die, read as whether the unit moves (logged as its drift)."""
    return die(6, msg("storm direction: {unit}", unit=name), lambda f: DieEffect.FAIL if f <= 4 else DieEffect.NONE,
               read=lambda f: drift(f) is not Drift.STAYS, note=lambda f: UnitDrifted(name, f, drift(f)))


def _first_goes(name: str, moves: bool, density: int, d6_move: bool) -> Proc[tuple[int, int]]:
    """(1 if the first named unit moves, how far it goes): a full move, or one die."""
    if not moves:
        return done((0, 0))
    if d6_move:
        return die(6, msg("storm distance: {unit}", unit=name)).map(lambda d: (1, d))
    return done((1, 10 - density))


def _one_more(name: str, so_far: tuple[int, int]) -> Proc[tuple[int, int]]:
    return _direction(name).map(lambda m: (so_far[0] + m, so_far[1]))


def _lost_units(lost: int, density: int, d6_move: bool, names: tuple[str, ...]) -> Proc[Storm]:
    """The direction dice of ``lost`` units, the first named one's distance right after its own direction."""
    first = _unit_name(names, 0)
    proc = _direction(first).then(lambda m: _first_goes(first, m, density, d6_move))
    for i in range(1, lost):
        name = _unit_name(names, i)
        proc = proc.then(_then_one_more(name))
    return proc.map(lambda acc: Storm(lost, acc[0], acc[1]))


def _then_one_more(name: str) -> Callable[[tuple[int, int]], Proc[tuple[int, int]]]:
    def k(so_far: tuple[int, int]) -> Proc[tuple[int, int]]:
        return part(_one_more, name, so_far)
    return k


def storm(units: int, density: int = 4, d6_move: bool = False, names: Sequence[str] = ()) -> Proc[Storm]:
    """AOT-WEATHER-STORM as a dice procedure: the count of lost units (no more than the player has), then a
    direction die for each unit the player names (Reading: the owner chooses; ``names`` lists them in the order
    he names them, else they are numbered).  The first named unit (of ``density``) moves its distance: a full
    move, or with ``d6_move`` one die of inches (the alternative the book offers as a toggle)."""
    _check_units(units)
    named = tuple(names)
    return die(6, msg("units lost in the storm"), read=lambda c: min(c, units)).then(
        lambda lost: _lost_units(lost, density, d6_move, named))


@cache
def storm_exact(units: int, density: int = 4, d6_move: bool = False) -> Dist[Storm]:
    """Exact joint law of (units lost, units that move, how far the first named unit goes) of :func:`storm`.

    >>> storm_exact(1)[Storm(1, 1, 6)], storm_exact(1)[Storm(1, 0, 0)]
    (Fraction(2, 3), Fraction(1, 3))
    """
    return evaluate(storm(units, density, d6_move))


def play_storm(units: int, dice: DiceSource, names: Sequence[str] = (), density: int = 4,
               d6_move: bool = False) -> Storm:
    """Play a storm with real dice (:func:`storm`)."""
    return play(storm(units, density, d6_move, names), dice)
