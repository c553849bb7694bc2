"""Demoralization points (Деморализация): earning them and spending them.

DP are earned by the winner of a melee or a firefight (the loser's density at
the start of the fight) and spent at once: disordering enemy warriors, forcing
a unit back, or forcing it to attack.  Where they may go is a table-top matter
(AOT-DEMO-TARGETING); the costs are bookkeeping, modelled here.
"""

from __future__ import annotations

from dataclasses import dataclass

from aot_rules.errors import RuleError
from aot_rules.units import Unit


@dataclass(frozen=True)
class DPTarget:
    """An enemy unit as demoralization sees it."""

    unit: Unit
    stubborn: bool = False  # AOT-PROP-STUBBORN: 2 DP per warrior
    recruit: bool = False  # AOT-PROP-RECRUIT: 1 DP disorders 2 warriors


def warriors_disordered(dp: int, t: DPTarget) -> int:
    """AOT-DEMO-DISORDER: how many formed warriors ``dp`` points disorder (never more than it has)."""
    if dp < 0:
        raise RuleError("AOT-DEMO-DISORDER", "DP cannot be negative")
    n = dp // 2 if t.stubborn else dp * 2 if t.recruit else dp
    return min(n, t.unit.formed)


def dp_to_disorder(n: int, t: DPTarget) -> int:
    """DP needed to disorder ``n`` warriors of the target."""
    if not 0 <= n <= t.unit.formed:
        raise RuleError("AOT-DEMO-DISORDER", f"{t.unit.name} has {t.unit.formed} formed warriors, not {n}")
    return 2 * n if t.stubborn else (n + 1) // 2 if t.recruit else n


def forced_retreat_cost(t: DPTarget) -> int:
    """AOT-DEMO-RETREAT: the target's density (0 for a panicking unit)."""
    return 0 if t.unit.panicking else t.unit.density


def forced_attack_cost(t: DPTarget) -> int:
    """AOT-DEMO-FORCED-ATTACK: the target's density."""
    if t.unit.panicking:
        raise RuleError("AOT-DEMO-FORCED-ATTACK", "a panicking unit cannot be forced to attack")
    return t.unit.density


def spend_disorder(dp: int, t: DPTarget) -> tuple[Unit, int]:
    """Spend up to ``dp`` points disordering warriors; return the new unit and the DP left over."""
    n = warriors_disordered(dp, t)
    used = dp_to_disorder(n, t)
    return t.unit.take_losses(0, n), dp - used


def spend_retreat(dp: int, t: DPTarget) -> int:
    """Pay for a forced retreat; return the DP left.  Refuses, changing nothing, if too few."""
    cost = forced_retreat_cost(t)
    if dp < cost:
        raise RuleError("AOT-DEMO-RETREAT", f"forcing {t.unit.name} back costs {cost} DP; only {dp} left")
    return dp - cost


def spend_forced_attack(dp: int, t: DPTarget) -> int:
    cost = forced_attack_cost(t)
    if dp < cost:
        raise RuleError("AOT-DEMO-FORCED-ATTACK", f"forcing {t.unit.name} to attack costs {cost} DP; only {dp} left")
    return dp - cost


def targeting_order(distances: dict[str, float]) -> list[str]:
    """AOT-DEMO-TARGETING reading: nearer units (to the combat) must each get at least 1 DP first."""
    return sorted(distances, key=lambda k: (distances[k], k))
