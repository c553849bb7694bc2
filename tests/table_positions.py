"""Constructed table-top positions for the table-top tests: one side's record and one unit's base, written once
so that every rule's test builds its table the same way (camps 8″ wide at the table's middle, no generals
unless named, every slot individual)."""

from __future__ import annotations

from hypothesis import strategies as st

from aot_rules.aot.rules.orders import Rank, UnitTurn
from aot_rules.aot.units import Unit
from aot_rules.tabletop.geometry import BaseSize, Pose
from aot_rules.tabletop.state import CommanderState, Piece, SideState


def side(name: str, camp_y: float, home: float, general: str = "") -> SideState:
    """A Greek side whose camp's near edge is at ``camp_y`` and whose home edge is ``home``; with ``general``,
    one general (on the piece "G") owns all six slots."""
    slots = (general,) * 6 if general else ("individual",) * 6
    commanders = (CommanderState(general, Rank.GENERAL, "G"),) if general else ()
    return SideState(name, name, "Greek", slots, commanders, ((26, camp_y), (34, camp_y), (34, camp_y + 4),
                                                              (26, camp_y + 4)), home)


def piece(pid: str, side_: int, unit: Unit, x: float, y: float, facing: float = 0.0, *, active: bool = True,
          size: BaseSize = BaseSize.UNIT) -> Piece:
    """A unit on its base, its front edge centred on (x, y); activated in this slot unless told not."""
    t = UnitTurn.of(unit)
    return Piece(pid, side_, unit, Pose.of(x, y, facing), size, unit.strength, turn=t.activate() if active else t)


#: Random bases for the geometry's property tests: anywhere in the middle of a 40″ table, at the eight compass
#: facings and one odd angle each way (the shortcuts must hold off the axes too).
coord = st.floats(min_value=5.0, max_value=35.0, allow_nan=False)
facing = st.sampled_from([0.0, 45.0, 90.0, 135.0, 180.0, -135.0, -90.0, -45.0, 17.5, -17.5])
sizes = st.sampled_from(list(BaseSize))
poses = st.builds(Pose.of, coord, coord, facing)
