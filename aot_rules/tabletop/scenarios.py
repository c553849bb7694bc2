"""Built-in scenarios: two armies from army lists, terrain and camps, deployed on the table.

A scenario is a function of the seed that returns the opening :class:`GameState`; the armies come from
the shipped army files through the loader and the validator, so an army the rules do not allow can never
reach the table.  ``python -m aot_rules play --list`` prints :data:`SCENARIOS`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from aot_rules.aot.army import Army, shipped_army, validate
from aot_rules.aot.army.model import ArmyUnit
from aot_rules.aot.rules.chariots import chariot
from aot_rules.aot.rules.elephants import elephant
from aot_rules.aot.rules.orders import Rank, UnitTurn
from aot_rules.aot.rules.terrain import Terrain
from aot_rules.aot.units import Body, Unit
from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import msg, nmsg
from aot_rules.core.refusal import FileRefusal
from aot_rules.tabletop.geometry import BaseSize, Pose
from aot_rules.tabletop.state import (
    TABLE_DEPTH,
    TABLE_WIDTH,
    CommanderState,
    GameState,
    Piece,
    Point,
    SideState,
    TerrainPiece,
)


class ScenarioError(FileRefusal):
    """An unknown scenario name (no file: ``source`` is empty, and ``str()`` the reason alone)."""


def rect(x0: float, y0: float, x1: float, y1: float) -> tuple[Point, ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def deploy(army: Army, side: int, xs: Sequence[float], y: float, facing: float, camp: tuple[Point, ...],
           home_edge: float) -> tuple[SideState, tuple[Piece, ...]]:
    """Stand ``army`` on the table: its units left to right at ``xs`` with their front edges on ``y``.

    The army must be legal (AOT-ARMY-*, AOT-CMD-SLOTS): the validator's first complaint is raised.  A unit of
    an allied contingent (the army file's ``contingent``) keeps that contingent's own nationality, as the list
    gives it, so only its own commanders order it (AOT-CMD-NATIONALITY).
    """
    broken = validate(army)
    if broken:
        raise RuleError(broken[0].rule_id, msg("{army}: {problem}", army=army.name, problem=broken[0].message))
    if len(xs) != len(army.units):
        raise RuleError("AOT-MEASURE", nmsg("{army} has {n} unit but {places} places",
                                            "{army} has {n} units but {places} places", n=len(army.units),
                                            army=army.name, places=len(xs)))
    prefix = "AB"[side]
    ids = {u.name: f"{prefix}{i + 1}" for i, u in enumerate(army.units)}
    generals = {c.unit for c in army.commanders}
    pieces = []
    for u, x in zip(army.units, xs, strict=True):
        unit, size = table_unit(army, u)
        ally = army.contingent_of(u) if u.contingent is not None else None
        pieces.append(Piece(ids[u.name], side, unit, Pose.of(x, y, facing), size, unit.strength,
                            turn=UnitTurn.of(unit, general=u.name in generals),
                            nationality=ally.nationality if ally is not None else ""))
    commanders = tuple(CommanderState(c.name, Rank.C_IN_C if c.c_in_c else c.rank, ids[c.unit])
                       for c in army.commanders)
    slots = dict(army.slots)
    written = tuple(slots[i][0] for i in range(1, 7))  # one owner per slot: the validator refused any other
    nationality = army.army_list.main.nationality
    return SideState(army.army_list.name if side == 0 else army.name, army.name, nationality, written, commanders,
                     camp, home_edge), tuple(pieces)




def table_unit(army: Army, u: ArmyUnit) -> tuple[Unit, BaseSize]:
    """The army unit as the table stands it, and its base: warriors on a unit base (the army model's own
    :meth:`~aot_rules.aot.army.model.Army.engine_unit`), or a chariot or an elephant built by its rules'
    builder on the large base (AOT-UNIT-BASE), its crew's missile from the list entry."""
    e = army.entry_of(u)
    if e is None or e.body is Body.WARRIORS:
        return army.engine_unit(u), BaseSize.UNIT
    missile = next((w.missile for w in e.weapons if w.missile is not None), None)
    if e.body is Body.ELEPHANT:
        unit = elephant(u.ranks[0], name=u.name)
    elif e.body.chariot:
        unit = chariot(u.ranks[0], body=e.body, name=u.name)
    else:
        raise RuleError(e.body.rule_id, msg("{unit}: {body} cannot be stood on the table yet", unit=u.name,
                                            body=e.body.noun))
    return replace(unit, missile=missile), BaseSize.LARGE


#: The built-in scenarios' day is longer than the engine's default 12 turns: their armies deploy 18 to 24″
#: apart and march for several turns before they fight.  Night falls in the source only on a 6:6 (AOT-VICTORY-POINTS,
#: AOT-WEATHER-NIGHT); the last turn is the scenario's choice (Reading (engine)).
SCENARIO_TURNS = 16


def greek_border(seed: int) -> GameState:
    """Athenians against Boeotians, both from the Greek list: a hill on the Athenian left, a wood on
    their right, and a stream across the Boeotian front; the units stand 6″ apart, each on its own, and
    the day lasts :data:`SCENARIO_TURNS` turns."""
    return replace(_greeks("greek-border", seed, (18.0, 24.0, 30.0, 36.0, 42.0)), last_turn=SCENARIO_TURNS)


def delion(seed: int) -> GameState:
    """The same armies and ground, each army closed up into one line (0.8″ between bases), so that a
    general's direct command and the battle line reach his neighbours: a more decisive fight."""
    return replace(_greeks("delion", seed, (20.0, 24.0, 28.0, 32.0, 36.0)), last_turn=SCENARIO_TURNS)


def _greeks(name: str, seed: int, xs: tuple[float, ...]) -> GameState:
    ath = shipped_army("athenians-small")
    boe = shipped_army("boeotians-small")
    a_side, a_pieces = deploy(ath, 0, xs, 8.0, 0.0, rect(26, 0, 34, 4), 0.0)
    b_side, b_pieces = deploy(boe, 1, xs, 32.0, 180.0, rect(26, 36, 34, 40), TABLE_DEPTH)
    a_side = SideState("Athenians", *_rest(a_side))
    b_side = SideState("Boeotians", *_rest(b_side))
    terrain = (
        TerrainPiece("Hill of Delion", Terrain.HILL, rect(8, 14, 16, 22)),
        TerrainPiece("Oak wood", Terrain.WOOD, rect(46, 15, 54, 23)),
        TerrainPiece("Stream", Terrain.STREAM, rect(21, 26, 39, 27)),
    )
    return GameState(name, seed, (a_side, b_side), a_pieces + b_pieces, terrain, TABLE_WIDTH, TABLE_DEPTH)


def _rest(s: SideState) -> tuple[str, str, tuple[str, ...], tuple[CommanderState, ...], tuple[Point, ...], float]:
    return s.army, s.nationality, s.slots, s.commanders, s.camp, s.home_edge


def chariot_plain(seed: int) -> GameState:
    """The Athenian vanguard against a chariot host (a scenario-only list: the source prints only the Greek
    one) on an open plain with a low hill: chariots (AOT-CHARIOT-BASICS) on their large bases, both lines
    closed up so that generals reach their neighbours.  The host stands 20″ from the Athenian line (it stood
    18″ off until the scripted player learnt to bring its whole line up, when the Athenians won 61% of the won
    games, the Wilson interval clear of 50%; then 16″, until the player learnt to delegate its slots, charge
    flanks and pursue, when the host won 64%: 20″ off, the Athenians won 80 of 183 decided games over seeds
    0-199, the interval 37-51%)."""
    ath = shipped_army("athenians-small")
    host = shipped_army("chariot-host")
    a_side, a_pieces = deploy(ath, 0, (20.0, 24.0, 28.0, 32.0, 36.0), 10.0, 0.0, rect(26, 0, 34, 4), 0.0)
    b_side, b_pieces = deploy(host, 1, (20.0, 24.0, 28.0, 32.5, 36.5), 30.0, 180.0, rect(26, 36, 34, 40), TABLE_DEPTH)
    a_side = SideState("Athenians", *_rest(a_side))
    b_side = SideState("Chariot host", *_rest(b_side))
    terrain = (TerrainPiece("Low hill", Terrain.HILL, rect(44, 16, 52, 24)),)
    return GameState("chariot-plain", seed, (a_side, b_side), a_pieces + b_pieces, terrain, TABLE_WIDTH, TABLE_DEPTH,
                     last_turn=SCENARIO_TURNS)


#: The built-in scenarios by name.
SCENARIOS: dict[str, Callable[[int], GameState]] = {"greek-border": greek_border, "delion": delion,
                                                     "chariot-plain": chariot_plain}


def scenario(name: str, seed: int = 0) -> GameState:
    """The opening state of the built-in scenario ``name``."""
    try:
        build = SCENARIOS[name]
    except KeyError:
        names = ", ".join(sorted(SCENARIOS))
        raise ScenarioError("", msg("no scenario {name}; the built-in scenarios are {names}", name=repr(name),
                                names=names)) from None
    return build(seed)
