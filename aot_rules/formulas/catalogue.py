"""Every registered mechanic's mathematics, classified once: closed form, generating function,
recursion or point mass.

The table is explicit on purpose: a new mechanic has no mathematics until someone decides which
form it takes, and ``tests/faces/test_formulas.py`` fails until then.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from aot_rules.core.registry import Mechanic
from aot_rules.formulas.aot_forms import HitBinomial, MeleeStrikes, Volley, WeatherChain
from aot_rules.formulas.forms import Form, Kind
from aot_rules.formulas.played import DiceCount, Played
from aot_rules.formulas.tree import LEAF_BUDGET

#: a single roll (one die decides): the faces that give each outcome
SINGLE_ROLL = (
    "AOT-CMD-MESSENGER", "AOT-CMD-SIGNAL", "AOT-CAMP",
    "AOT-MOVE-THROUGH-FRIENDS", "AOT-PANIC", "AOT-RUN", "AOT-EVADE-PROCEDURE", "AOT-EVADE-FLANK",
    "AOT-TURN-FLANK-ATTACKED", "AOT-SHOOT-SHIELDWALL", "AOT-SHOOT-PAVISE", "AOT-REACT-COUNTERCHARGE",
    "AOT-MELEE-RETREAT", "AOT-DISORDER-TEST", "AOT-WEATHER-SUN", "AOT-ELEPHANT-MOVE", "AOT-ELEPHANT-ATTACK",
    "AOT-ELEPHANT-WOUND", "AOT-CHARIOT-TURN-TROT", "AOT-CHARIOT-WOUND", "AOT-ART-SHOOT-LIGHT",
    "AOB-CLASH-CASUALTIES", "AOB-STEADINESS-TEST", "SP-HERO-WOUND", "SP-HERO-REPLACE", "SP-HERO-RIDER-SKILL",
    "SP-SHARPSHOOTER",
)
#: a sum of a fixed number of rolls: the generating function of the result
SUM_OF_ROLLS = (
    "AOT-MOVE-PROCEDURE", "AOT-TROT", "AOT-ART-SHOOT-HEAVY", "SP-MOVE-DICE", "SP-MOVE-FORMATION-TABLE",
    "SP-MOVE-HERO", "SP-MOVE-ANIMALS", "SP-TERRAIN-ROUGH", "SP-SPOT-ROLL", "BAT-ACTIVATION",
    "BAT-MORALE-TEST", "BAT-SKILL-COWARD", "BAT-MAGIC-MISCAST", "BAT-SPELL-FIREBALL", "BAT-SPELL-SUMMON",
    "BAT-SPELL-TERROR",
)
#: sums whose terms are a plan's tests, each taken at the density the test before left (a Markov chain over the
#: unit's ranks, one kernel for each planned step): no formula in the inputs, only the chain at one plan
PLANS = ("AOT-MOVE-PROCEDURE",)
#: no dice at all
NO_DICE = ("AOT-EVADE-ELIGIBILITY", "AOT-SHOOT-RANGE", "AOT-DEMO-DISORDER", "SP-SHOOT-DICE-MODS")
#: exchanges with no neat closed form: the recursion over the procedure's dice (re-rolls, dice that
#: depend on earlier dice, many dice feeding a table)
RECURSIVE = (
    "AOT-WEATHER-WIND", "AOT-ROUGH-TERRAIN", "AOT-TURN", "AOT-PROP-REGULAR", "AOB-GENERAL", "AOB-STANDARD",
    "AOB-ROUT", "SP-HERO-HIT", "SP-SHOOT-RIDER",
    "BAT-MELEE-DAMAGE", "BAT-MELEE-MODS", "BAT-SHOOT-DAMAGE", "BAT-SHOOT-MODS", "BAT-SKILL-STANDARD",
    "AOT-CMD-INITIATIVE", "AOT-CMD-SLOTS", "AOT-WEATHER-STORM", "AOT-TERRAIN-BID", "AOT-MEETING",
    "AOT-BREAKTHROUGH", "AOT-SHOOT-SIMULTANEOUS", "AOT-REACT-RETURN-FIRE", "AOT-MELEE-ENGAGE",
    "AOT-ELEPHANT-UNIT", "AOT-ELEPHANT-VS-ELEPHANT", "AOT-CHARIOT-COMBAT", "AOB-DEPLOY-ROLES", "AOB-CLASH",
    "SP-SHOOT-DICE-CLASS", "SP-SHOOT-DICE-ARTILLERY", "SP-SHOOT-HIT-TABLE-LINE",
    "SP-SHOOT-HIT-TABLE-SKIRMISH", "SP-SHOOT-HIT-TABLE-ART", "SP-HERO-CAPTURE", "SP-MELEE-DICE",
    "SP-MELEE-MODS-PCT", "SP-MELEE-RESULT", "BAT-INITIATIVE", "BAT-SKILL-AREA",
    "BAT-SKILL-STREAM", "BAT-SPELL-ICE-RAIN", "BAT-SPELL-DEATH-LAKE",
)
#: recursions whose procedure starts again after a round that settles nothing (a tie rolled again): the
#: recursion is solved over one round (checked by unrolling two), as the endless tree cannot be walked
RESTARTS = ("AOT-CMD-INITIATIVE", "AOT-CMD-SLOTS", "AOT-TERRAIN-BID", "AOT-MEETING", "AOB-DEPLOY-ROLES",
            "BAT-INITIATIVE")
#: recursions whose strike dice count only as hit or miss: each such die branches twice, not six times
STRIKES = ("AOT-MELEE-ENGAGE",)
#: recursions walked with a larger budget than ``LEAF_BUDGET`` (leaves walked, and outcomes allowed along one
#: seeded path): a gun fires at least three dice and each hit rolls its effect, so its smallest tree (three
#: dice needing a 6: 1331 leaves) is just over the common budget; its plays are cheap
BUDGETS = {"SP-SHOOT-DICE-ARTILLERY": (6**5, 6**6)}
#: a binomial of rolls: n dice, each succeeding on the same faces
BINOMIAL = ("AOT-SHOOT-HIT", "AOT-SHOOT-HORSE-ARMOUR")
#: n dice rolled alike, each counting on its own faces: binomial counts, read off one played die
DICE_COUNT = ("SP-SHOOT-HIT", "SP-MELEE-ROLL", "SP-SHOOT-HITS")
#: a volley: binomial hits composed with one shield die
VOLLEY = ("AOT-SHOOT-RESULT", "AOT-SHOOT-JAVELIN", "AOT-SHOOT-HANDGUN", "AOT-SHOOT-FLANK", "AOT-DEMO-EARN")
#: the weather: a Markov chain over the turns
WEATHER = ("AOT-CMD-DOUBLES", "AOT-WEATHER")
#: melee: the product of the strike dice's generating functions
MELEE = (
    "AOT-MELEE-RESULT", "AOT-MELEE-STRIKES", "AOT-MELEE-HIT-SHOOTER", "AOT-MELEE-HIT-SPEAR", "AOT-MELEE-PIKE",
    "AOT-MELEE-HALBERD", "AOT-MELEE-HIT-SPECIALIST", "AOT-MELEE-TWO-HANDED", "AOT-ARMOUR-PIERCING",
    "AOT-MELEE-HIT-LANCE", "AOT-MELEE-CAV-OTHER", "AOT-MELEE-HORSE-STRIKE", "AOT-MELEE-SHIELDWALL",
    "AOT-MELEE-ARMOUR", "AOT-MELEE-HORSE-ARMOUR", "AOT-MELEE-FLANK", "AOT-TERRIFYING", "AOT-PROP-VETERAN",
    "AOT-STAKES",
)

FAMILIES: tuple[tuple[tuple[str, ...], Callable[[Mechanic[Any]], Form]], ...] = (
    (SINGLE_ROLL, lambda m: Played(m, Kind.CLOSED)),
    (SUM_OF_ROLLS, lambda m: Played(m, Kind.PGF)),
    (NO_DICE, lambda m: Played(m, Kind.POINT)),
    (RECURSIVE, lambda m: Played(m, Kind.RECURSION, *BUDGETS.get(m.rule_id, (LEAF_BUDGET, LEAF_BUDGET)),
                                 restarts=m.rule_id in RESTARTS, strikes=m.rule_id in STRIKES)),
    (BINOMIAL, HitBinomial),
    (DICE_COUNT, lambda m: DiceCount(m, "hits" if m.rule_id == "SP-SHOOT-HITS" else "dice")),
    (VOLLEY, Volley),
    (WEATHER, WeatherChain),
    (MELEE, MeleeStrikes),
)


def classified() -> dict[str, Callable[[Mechanic[Any]], Form]]:
    """Rule ID -> the factory of its form (a rule ID listed twice is an error)."""
    out: dict[str, Callable[[Mechanic[Any]], Form]] = {}
    for ids, make in FAMILIES:
        for rid in ids:
            if rid in out:
                raise ValueError(f"{rid} is classified twice")
            out[rid] = make
    return out


@cache
def form_of(rule_id: str) -> Form:
    """The form of a registered mechanic's mathematics (a family's, else the recursion over its dice)."""
    from aot_rules.systems import get

    return classified().get(rule_id, _recursion)(get(rule_id))


def _recursion(m: Mechanic[Any]) -> Form:
    """A mechanic no family lists yet (a new one): the recursion over its procedure's dice, which every procedure
    has, so its block is never missing."""
    return Played(m, Kind.RECURSION, LEAF_BUDGET, LEAF_BUDGET)
