"""Whether a sentence about a unit takes a plural verb, decided from the unit's body, never from its name's words:
one rule shared by the table-top log (:mod:`aot_rules.present.tablelog`) and the replay's captions.

A unit of elephants, war wagons or artillery is one beast or one machine on the table ("the war elephant is
beaten"); every other unit is a body of warriors ("Persian archers are beaten", "hastati are beaten").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from aot_rules.aot.units import Body, Unit

if TYPE_CHECKING:
    from aot_rules.tabletop.state import GameState

#: Bodies that are one beast or one machine: a unit of them is named in the singular.
SINGULAR = frozenset({Body.ELEPHANT, Body.WAR_WAGON, Body.ARTILLERY})

#: Whether the piece with this id is named in the plural.
Many = Callable[[str], bool]


def plural(unit: Unit) -> bool:
    """Whether a sentence about ``unit`` takes a plural verb: a body of warriors does, one beast or machine not."""
    return unit.body not in SINGULAR


def warriors(pid: str) -> bool:
    """The number of a piece told with no table beside it: a body of warriors, as nearly every unit is."""
    return True


def of(state: GameState) -> Many:
    """Each of the state's pieces' number by id (a piece the state does not hold: :func:`warriors`)."""
    by_id = {p.id: plural(p.unit) for p in state.pieces}
    return lambda pid: by_id.get(pid, True)


__all__ = ["SINGULAR", "Many", "of", "plural", "warriors"]
