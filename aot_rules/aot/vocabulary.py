"""The closed vocabularies the rules' events carry: what weather came, where a lost unit drifted, how a beast
fared, what demoralization points were spent on, why two players rolled off and why a die set a move's length.

They are enums, not words, so a game's record says what happened without a word of English that code has to
read back (issue #19), and the save file's schema can list every value.  They live here, below both
:mod:`aot_rules.aot.events` and the rules that log them: the rules modules import the events, so an enum defined
in a rules module could not be a field's type without an import cycle.  Each rules module re-exports its own
(``weather.Weather``, ``weather.Drift``, ``wounds.Fate``), where readers of the rules look for them.

Standard library only: this is on the odds path.
"""

from __future__ import annotations

from enum import StrEnum

from aot_rules.core.i18n import msg, vocabulary


@vocabulary({
    "calm": msg('no weather yet'), 'wind': msg('wind'), "sun": msg('hot sun'),
    "mud": msg('soaked ground'), 'downpour': msg('downpour'), 'storm': msg('storm'),
    'nightfall': msg('nightfall')
}, formerly={
    "no weather yet": "calm", "hot sun": "sun", "soaked ground": "mud"
})
class Weather(StrEnum):
    """The weather in force, in the order of the double that brings it (calm: none yet)."""

    CALM = "calm"
    WIND = "wind"
    SUN = "sun"
    MUD = "mud"
    RAIN = "downpour"
    STORM = "storm"
    NIGHT = "nightfall"

    @property
    def rule_id(self) -> str:
        return {Weather.CALM: "AOT-WEATHER", Weather.WIND: "AOT-WEATHER-WIND", Weather.SUN: "AOT-WEATHER-SUN",
                Weather.MUD: "AOT-WEATHER-MUD", Weather.RAIN: "AOT-WEATHER-RAIN",
                Weather.STORM: "AOT-WEATHER-STORM", Weather.NIGHT: "AOT-WEATHER-NIGHT"}[self]

    @property
    def lasting(self) -> bool:
        """Wind, soaked ground and downpour stay until new weather replaces them (AOT-WEATHER, Reading)."""
        return self in (Weather.WIND, Weather.MUD, Weather.RAIN)


@vocabulary({
    'forward': msg('forward'), 'back': msg('back'), 'left': msg('left'), 'right': msg('right'),
    'stays': msg('stays')
})
class Drift(StrEnum):
    """Where a unit lost in the storm goes (the source's example, used as the rule)."""

    FORWARD = "forward"
    BACK = "back"
    LEFT = "left"
    RIGHT = "right"
    STAYS = "stays"


@vocabulary({
    "none": msg('—'), 'survives': msg('survives'), 'berserk': msg('berserk'), 'dead': msg('dead'),
    'destroyed': msg('destroyed')
}, formerly={
    "—": "none"
})
class Fate(StrEnum):
    """What hits did to a beast or vehicle (``NONE`` for ordinary warriors, who simply lose men)."""

    NONE = "none"
    SURVIVES = "survives"
    BERSERK = "berserk"
    DEAD = "dead"  # an elephant
    DESTROYED = "destroyed"  # a chariot or cart

    @property
    def fatal(self) -> bool:
        return self in (Fate.DEAD, Fate.DESTROYED)


@vocabulary({'disorder': msg('disorder'), 'retreat': msg('retreat'), 'attack': msg('attack')})
class DPEffect(StrEnum):
    """What demoralization points spent on an enemy unit do to it (the verb a player says: "to disorder")."""

    DISORDER = "disorder"  # AOT-DEMO-DISORDER
    RETREAT = "retreat"  # AOT-DEMO-RETREAT
    ATTACK = "attack"  # AOT-DEMO-FORCED-ATTACK


@vocabulary({"terrain-bid": msg('terrain bid'), 'placing': msg('placing')}, formerly={
    "terrain bid": "terrain-bid"
})
class RollOff(StrEnum):
    """What both players roll a die for at set-up (AOT-TERRAIN-BID, AOT-MEETING); a tie is rolled again."""

    TERRAIN_BID = "terrain-bid"
    PLACING = "placing"


@vocabulary({'run': msg('run'), 'trot': msg('trot'), 'evasion': msg('evasion')})
class DieMove(StrEnum):
    """A move whose length a die sets (AOT-RUN, AOT-TROT, AOT-EVADE-PROCEDURE)."""

    RUN = "run"
    TROT = "trot"
    EVASION = "evasion"
