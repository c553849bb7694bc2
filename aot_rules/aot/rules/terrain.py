"""Terrain (местность): what each kind of ground does to a unit that moves into it.

The table-top engine asks :func:`terrain_effect` before it moves a base across a
piece of terrain: may the unit enter, does it test, does the piece block sight or
give cover.  The shapes and where they lie are the table-top engine's business;
this module only knows the kinds (AOT-TERRAIN-TYPES, AOT-ROUGH-TERRAIN).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from aot_rules.aot.units import Body, Unit
from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import Message, msg, vocabulary

#: AOT-TERRAIN-TYPES, Reading (2): "closed order", which villages shut out, is density 4 or more.
CLOSED_ORDER = 4


@vocabulary({
    "open": msg('open ground'), 'stream': msg('stream'), 'marsh': msg('marsh'),
    'ploughland': msg('ploughland'), 'hill': msg('hill'), "hedge": msg('hedge or scrub'),
    'wood': msg('wood'), 'ford': msg('ford'), 'bridge': msg('bridge'), 'village': msg('village'),
    'river': msg('river'), 'lake': msg('lake'), "camp": msg('enemy camp'), 'stakes': msg('stakes')
}, formerly={
    "open ground": "open", "hedge or scrub": "hedge", "enemy camp": "camp"
})
class Terrain(StrEnum):
    """The kinds of terrain the rules name, with how they are drawn (long or round pieces)."""

    OPEN = "open"
    STREAM = "stream"
    MARSH = "marsh"
    PLOUGHLAND = "ploughland"
    HILL = "hill"
    HEDGE = "hedge"
    WOOD = "wood"
    FORD = "ford"
    BRIDGE = "bridge"
    VILLAGE = "village"
    RIVER = "river"
    LAKE = "lake"
    CAMP = "camp"
    STAKES = "stakes"


@dataclass(frozen=True)
class TerrainEffect:
    """What a kind of terrain does to one unit.

    ``passable``: the unit may enter it at all; ``test``: entering or crossing costs a disorder
    test (AOT-ROUGH-TERRAIN); ``blocks_sight``: it blocks a line of sight (AOT-SHOOT-ARC-LOS);
    ``cover``: a unit just inside its edge is in cover (AOT-SHOOT-COVER); ``why``: the rule that
    decided, and in what words.
    """

    passable: bool
    test: bool
    blocks_sight: bool
    cover: bool
    rule_id: str
    why: Message


_BLOCKS_SIGHT = {Terrain.HILL, Terrain.WOOD, Terrain.HEDGE}
_COVER = {Terrain.WOOD, Terrain.HEDGE, Terrain.VILLAGE}


def stream_or_river(width_inches: float) -> Terrain:
    """AOT-TERRAIN-TYPES, Reading (1): water up to 4″ wide is a stream; wider is an impassable river.

    >>> stream_or_river(1.5), stream_or_river(4), stream_or_river(4.5)
    (<Terrain.STREAM: 'stream'>, <Terrain.STREAM: 'stream'>, <Terrain.RIVER: 'river'>)
    """
    return Terrain.STREAM if width_inches <= 4 else Terrain.RIVER


def terrain_effect(terrain: Terrain, unit: Unit) -> TerrainEffect:
    """What ``terrain`` does to ``unit`` (AOT-TERRAIN-TYPES).

    >>> terrain_effect(Terrain.WOOD, Unit(ranks=(2, 2))).test
    True
    >>> terrain_effect(Terrain.VILLAGE, Unit(ranks=(4, 4))).passable
    False
    """
    sight, cover = terrain in _BLOCKS_SIGHT, terrain in _COVER
    rid = "AOT-TERRAIN-TYPES"
    if terrain is Terrain.OPEN:
        return TerrainEffect(True, False, False, False, rid, msg("open ground: no test"))
    if terrain in (Terrain.RIVER, Terrain.LAKE):
        return TerrainEffect(False, False, False, False, rid,
                             msg("a {terrain} is impassable to every unit (cross a river by a bridge or a ford)",
                                 terrain=terrain))
    if unit.body is Body.ELEPHANT and terrain is not Terrain.CAMP:
        if terrain is Terrain.MARSH:
            return TerrainEffect(False, False, False, False, "AOT-ELEPHANT-MOVE", msg("an elephant cannot enter marsh"))
        return TerrainEffect(True, False, sight, cover, "AOT-ELEPHANT-MOVE",
                             msg("an elephant ignores every obstacle but marsh: it crosses {terrain} with no test",
                                 terrain=terrain))
    if terrain is Terrain.BRIDGE:
        return TerrainEffect(True, False, False, False, rid, msg("a bridge crosses a river with no test"))
    if terrain is Terrain.VILLAGE:
        if unit.density >= CLOSED_ORDER:
            return TerrainEffect(False, False, False, True, rid, msg(
                "a village is closed to units in closed order (density {closed} or more); this unit has density "
                "{density}", closed=CLOSED_ORDER, density=unit.density))
        return TerrainEffect(True, True, False, True, rid, msg("a unit in open order may cross a village, with a test"))
    if terrain is Terrain.CAMP:
        return TerrainEffect(True, True, False, False, "AOT-CAMP",
                             msg("an enemy camp is rough ground to its attackers"))
    if terrain is Terrain.STAKES:
        if unit.mounted:
            return TerrainEffect(True, False, False, False, "AOT-STAKES",
                                 msg("stakes are rough ground for foot only; cavalry attacking them follow "
                                     "AOT-STAKES"))
        return TerrainEffect(True, True, False, False, "AOT-STAKES", msg("stakes are rough ground for foot"))
    return TerrainEffect(True, True, sight, cover, "AOT-ROUGH-TERRAIN",
                         msg("a {terrain} is rough ground: crossing it costs a disorder test", terrain=terrain))


def check_passable(terrain: Terrain, unit: Unit) -> TerrainEffect:
    """The effect of ``terrain`` on ``unit``, or the refusal if the unit may not enter it."""
    effect = terrain_effect(terrain, unit)
    if not effect.passable:
        raise RuleError(effect.rule_id, effect.why, params=("terrain",))
    return effect


def rough_tests(crossings: int, stops_inside: int) -> int:
    """AOT-ROUGH-TERRAIN: tests a unit takes for a piece of rough ground.

    A unit that crosses it in one move and ends in the open tests once; one that stops inside tests
    on entering and again on each later move that starts inside (the Reading for several turns).

    >>> rough_tests(1, 0), rough_tests(1, 1), rough_tests(1, 2)
    (1, 2, 3)
    """
    if crossings < 0 or stops_inside < 0:
        raise RuleError("AOT-ROUGH-TERRAIN", msg("counts of moves cannot be negative"))
    return crossings + stops_inside
