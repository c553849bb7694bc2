"""Demoralization points (Деморализация): earning them and spending them.

DP are earned by the winner of a melee or a firefight (the loser's density at
the start of the fight: :func:`dp_earned`, the one place that awards them) and
spent at once: disordering enemy warriors, forcing a unit back, or forcing it
to attack.  Where they may go is a table-top matter (AOT-DEMO-TARGETING); the
costs are bookkeeping, modelled here.  A stubborn unit costs 2 DP a warrior; one
DP disorders two recruits; both properties live on the ``Unit``.
"""

from __future__ import annotations

from aot_rules.aot.events import DPEarned, DPSpent, Losses
from aot_rules.aot.units import Unit
from aot_rules.aot.vocabulary import DPEffect
from aot_rules.core.dice import DiceSource
from aot_rules.core.errors import RuleError
from aot_rules.core.events import PieceId
from aot_rules.core.i18n import msg


def dp_earned(loser_at_start: Unit) -> int:
    """AOT-DEMO-EARN: the winner gains the loser's density at the start of the fight.

    >>> dp_earned(Unit(ranks=(3, 3)))
    3
    """
    return loser_at_start.density


def award(side: str, loser_at_start: Unit, log: DiceSource | None = None, piece: PieceId = "") -> int:
    """Award the DP for beating ``loser_at_start`` to ``side``, logging it; returns the points.  ``piece``: the
    table's id for the winning unit, which the event carries (opaque here)."""
    points = dp_earned(loser_at_start)
    if log is not None:
        log.emit(DPEarned(side, points, piece))
    return points


def warriors_disordered(dp: int, t: Unit) -> int:
    """AOT-DEMO-DISORDER: how many formed warriors ``dp`` points disorder (never more than it has).

    >>> warriors_disordered(3, Unit(ranks=(3, 3))), warriors_disordered(3, Unit(ranks=(3, 3), stubborn=True))
    (3, 1)
    """
    if dp < 0:
        raise RuleError("AOT-DEMO-DISORDER", msg("DP cannot be negative"))
    n = dp // 2 if t.stubborn else dp * 2 if t.recruit else dp
    return min(n, t.formed)


def dp_to_disorder(n: int, t: Unit) -> int:
    """DP needed to disorder ``n`` warriors of the target."""
    if not 0 <= n <= t.formed:
        raise RuleError("AOT-DEMO-DISORDER", msg("{unit} has {formed} formed warriors, not {n}", unit=t.name,
                                                 formed=t.formed, n=n))
    return 2 * n if t.stubborn else (n + 1) // 2 if t.recruit else n


def forced_retreat_cost(t: Unit) -> int:
    """AOT-DEMO-RETREAT: the target's density (0 for a panicking unit)."""
    return 0 if t.panicking else t.density


def forced_attack_cost(t: Unit) -> int:
    """AOT-DEMO-FORCED-ATTACK: the target's density."""
    if t.panicking:
        raise RuleError("AOT-DEMO-FORCED-ATTACK", msg("a panicking unit cannot be forced to attack"))
    return t.density


def spend_disorder(dp: int, t: Unit, log: DiceSource | None = None) -> tuple[Unit, int]:
    """Spend up to ``dp`` points disordering warriors, one warrior at a time as a player does;
    return the new unit and the DP left over."""
    if dp < 0:
        raise RuleError("AOT-DEMO-DISORDER", msg("DP cannot be negative"))
    per_warrior, per_point = (2, 1) if t.stubborn else (1, 2) if t.recruit else (1, 1)
    left, unit = dp, t
    while left >= per_warrior and unit.formed:
        take = min(per_point, unit.formed)
        unit, left = unit.take_losses(0, take), left - per_warrior
    if log is not None:
        log.emit(DPSpent(t.name, dp - left, DPEffect.DISORDER, unit.disordered - t.disordered))
        log.emit(Losses(t, 0, unit.disordered - t.disordered, unit))
    return unit, left


def _pay(dp: int, cost: int, t: Unit, rule_id: str, effect: DPEffect, log: DiceSource | None) -> int:
    """Spend ``cost`` of ``dp`` on ``t``; return the DP left.  Refuses, changing nothing, if too few."""
    if dp < cost:
        refusal = {DPEffect.DISORDER: msg("forcing {unit} to disorder costs {cost} DP; only {dp} left", unit=t.name,
                                          cost=cost, dp=dp),
                   DPEffect.RETREAT: msg("forcing {unit} to retreat costs {cost} DP; only {dp} left", unit=t.name,
                                         cost=cost, dp=dp),
                   DPEffect.ATTACK: msg("forcing {unit} to attack costs {cost} DP; only {dp} left", unit=t.name,
                                        cost=cost, dp=dp)}[effect]
        raise RuleError(rule_id, refusal)
    if log is not None:
        log.emit(DPSpent(t.name, cost, effect))
    return dp - cost


def spend_retreat(dp: int, t: Unit, log: DiceSource | None = None) -> int:
    """Pay for a forced retreat (AOT-DEMO-RETREAT); return the DP left."""
    return _pay(dp, forced_retreat_cost(t), t, "AOT-DEMO-RETREAT", DPEffect.RETREAT, log)


def spend_forced_attack(dp: int, t: Unit, log: DiceSource | None = None) -> int:
    """Pay for forcing ``t`` to attack (AOT-DEMO-FORCED-ATTACK); return the DP left."""
    return _pay(dp, forced_attack_cost(t), t, "AOT-DEMO-FORCED-ATTACK", DPEffect.ATTACK, log)


def targeting_order(distances: dict[str, float]) -> list[str]:
    """AOT-DEMO-TARGETING reading: nearer units (to the combat) must each get at least 1 DP first."""
    return sorted(distances, key=lambda k: (distances[k], k))
