"""Registered weather dice: the chain of doubles, the wind and the storm (hot sun is a disorder test)."""

from __future__ import annotations

from dataclasses import dataclass

from aot_rules.aot.rules.weather import (
    MAX_TURNS,
    Storm,
    Weather,
    WeatherRun,
    WindFrom,
    storm,
    weather,
    wind,
)
from aot_rules.core.dist import Dist
from aot_rules.core.i18n import msg
from aot_rules.core.outcome import Outcome
from aot_rules.core.params import param
from aot_rules.core.procedure import Proc
from aot_rules.core.registry import Mechanic, Registry, Sample, derived


@dataclass(frozen=True)
class WeatherInput:
    turns: int = param(6, msg("turns played so far"), lo=1, hi=MAX_TURNS, label=msg("turns played"))
    overlapping: bool = param(True, msg("a third double in a row changes the weather again (the index's reading); "
                              "off: the two doubles of a pair are spent together"), reading="AOT-CMD-DOUBLES",
                              label=msg("a third double in a row counts again"))


WEATHER_LABELS = {"changes": msg("weather changes so far"), "latest": msg("the newest weather"),
                  "night": msg("night has ended the battle"), "any": msg("the weather has changed at least once")}


def weather_procedure(p: WeatherInput) -> Proc[WeatherRun]:
    return weather(p.turns, p.overlapping)


def weather_report(p: WeatherInput, law: Dist[WeatherRun]) -> Outcome:
    return Outcome.of(law, "changes", dists=("changes", "latest"),
                      events={"any": lambda w: w.changes > 0, "night": lambda w: w.latest is Weather.NIGHT},
                      labels=WEATHER_LABELS)


def weather_sample(p: WeatherInput, w: WeatherRun) -> Sample:
    return {"changes": w.changes, "latest": w.latest, "any": w.changes > 0, "night": w.latest is Weather.NIGHT}


@dataclass(frozen=True)
class WindInput:
    reroll_calm: bool = param(False, msg("roll 5 and 6 again instead of 'no wind' (the index reads: 5 and 6 mean no "
                              "wind)"), reading="AOT-WEATHER-WIND", label=msg("5 and 6 are rolled again"))


WIND_LABELS = {"wind": msg("the wind blows from"),
               "behind_me": msg("my shooters facing the enemy have the wind at their backs")}


def wind_procedure(p: WindInput) -> Proc[WindFrom]:
    return wind(p.reroll_calm)


def wind_report(p: WindInput, law: Dist[WindFrom]) -> Outcome:
    return Outcome.of(law, "wind", events={"behind_me": lambda w: w is WindFrom.MY_EDGE}, labels=WIND_LABELS)


def wind_sample(p: WindInput, w: WindFrom) -> Sample:
    return {"wind": w, "behind_me": w is WindFrom.MY_EDGE}


@dataclass(frozen=True)
class StormInput:
    units: int = param(8, msg("units the player has on the table"), lo=1, hi=20, label=msg("units"))
    density: int = param(4, msg("density of the first unit the player names (how far it goes)"), lo=1, hi=5,
                         label=msg("first lost unit's density"))
    d6_move: bool = param(False, msg("a lost unit that moves goes one die of inches (the index reads: its full normal "
                          "move, 10 − density)"), reading="AOT-WEATHER-STORM", label=msg("lost units move 1 d6″"))


STORM_LABELS = {"moved": msg("units that actually move"), "lost": msg("units lost in the storm"),
                "distance": msg("inches the first named unit goes")}


def storm_procedure(p: StormInput) -> Proc[Storm]:
    return storm(p.units, p.density, p.d6_move)


def storm_report(p: StormInput, law: Dist[Storm]) -> Outcome:
    return Outcome.of(law, "moved", dists=("moved", "lost", "distance"), labels=STORM_LABELS)


def storm_sample(p: StormInput, s: Storm) -> Sample:
    return s._asdict()


def register(reg: Registry) -> None:
    doubles = reg.add(Mechanic(
        rule_id="AOT-CMD-DOUBLES", key="doubles", title=msg("Initiative doubles and the weather"),
        summary=msg("Doubles on two turns running change the weather; how often in the first N turns."),
        record_type=WeatherInput, **derived(weather_procedure, weather_report, weather_sample),
        rules=("AOT-CMD-DOUBLES", "AOT-WEATHER", "AOT-WEATHER-NIGHT")))
    reg.add(doubles.variant(
        "AOT-WEATHER", msg("The weather by turn N"),
        msg("The newest weather after N turns: the face of the double that brought it picks it."),
        fixed={}, main="latest"))
    reg.add(Mechanic(
        rule_id="AOT-WEATHER-WIND", key="wind", title=msg("Wind: which edge it blows from"),
        summary=msg("One die names the edge; shooters with the wind at their backs also hit on an equal roll."),
        record_type=WindInput, **derived(wind_procedure, wind_report, wind_sample)))
    reg.add(Mechanic(
        rule_id="AOT-WEATHER-STORM", key="storm", title=msg("Storm: units lost and moved"),
        summary=msg("One die says how many of your units are lost; each then moves unless its direction die shows 5 "
                    "or 6."),
        record_type=StormInput, **derived(storm_procedure, storm_report, storm_sample)))
