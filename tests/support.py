"""Small helpers several test modules share."""

from __future__ import annotations

from typing import Any

from aot_rules.core.errors import RuleError
from aot_rules.core.registry import Mechanic


def legal_combo(m: Mechanic[Any]) -> dict[str, Any]:
    """The first combination of ``m``'s grid that the rules allow."""
    for combo in m.grid():
        try:
            m.evaluate(**combo)
        except RuleError:
            continue
        return combo
    raise AssertionError(f"{m.rule_id}: no legal combination in its grid")
