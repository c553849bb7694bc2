"""Army lists as data, and the validator (AOT-ARMY-*, AOT-PROP-*, AOT-CMD-SLOTS).

A list (``data/lists/*.yaml``) says what a period's troops may be; an army (``data/armies/*.yaml``) is a
player's choice from it.  :func:`load` reads either kind of file (schema-checked, one
:class:`ArmyFileError` for anything unreadable), :func:`validate` lists every rule an army breaks, and
:func:`cost_sheet` prices it from the one points table, :data:`COSTS`.

>>> army = shipped_army("greeks-legal")
>>> cost_sheet(army).total, validate(army)
(Fraction(19, 1), [])
"""

from aot_rules.aot.army.costs import BUDGET, COSTS, MAX_ELITE, CostSheet, cost_sheet, points_str
from aot_rules.aot.army.load import (
    ArmyFileError,
    army_from_data,
    list_from_data,
    load,
    load_army,
    load_list,
    shipped_army,
    shipped_list,
    shipped_path,
)
from aot_rules.aot.army.model import Army, ArmyList, ArmyUnit, Commander, Contingent, ListEntry
from aot_rules.aot.army.validate import Violation, validate

__all__ = [
    "BUDGET", "COSTS", "MAX_ELITE", "Army", "ArmyFileError", "ArmyList", "ArmyUnit", "Commander", "Contingent",
    "CostSheet", "ListEntry", "Violation", "army_from_data", "cost_sheet", "list_from_data", "load", "load_army",
    "load_list", "points_str", "shipped_army", "shipped_list", "shipped_path", "validate",
]
