"""Reactions to being shot at (Реагирование): return fire and the countercharge."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache

from aot_rules.dice.dist import Dist
from aot_rules.dice.rolls import DiceSource
from aot_rules.errors import RuleError
from aot_rules.rules.disorder import disorder_loss
from aot_rules.rules.shooting import ShotConditions, firers_in_range, resolve_volley, volley_losses
from aot_rules.units import Unit

EXCHANGE_RESULTS = ("target retreats", "both stay", "shooter retreats")


# --- countercharge (AOT-REACT-COUNTERCHARGE) ---------------------------------

@dataclass(frozen=True)
class CounterchargeReport:
    roll: int
    distance: Fraction
    reaches: bool
    disordered: int


def countercharge_reaches(roll: int, distance: Fraction) -> bool:
    """The single die is the move: it reaches the shooters if it is at least the gap."""
    return roll >= distance


def resolve_countercharge(unit: Unit, distance: Fraction, dice: DiceSource) -> CounterchargeReport:
    if unit.panicking:
        raise RuleError("AOT-PANIC", "a panicking unit cannot countercharge")
    if distance <= 0:
        raise RuleError("AOT-REACT-COUNTERCHARGE", "the units are already in contact")
    r = dice.d6("countercharge")
    return CounterchargeReport(r, distance, countercharge_reaches(r, distance),
                               disorder_loss(r, unit.density, unit.formed))


@cache
def countercharge_exact(density: int, formed: int, distance: Fraction) -> Dist[tuple[bool, int]]:
    """Exact joint law of (reaches the shooters, warriors disordered by the same die)."""
    return Dist.die(6).map(lambda r: (countercharge_reaches(r, distance), disorder_loss(r, density, formed)))


def countercharge_success(distance: Fraction) -> Fraction:
    """Derived in the index: (7 − ⌈x⌉)/6 for 0 < x ≤ 6."""
    if distance <= 0:
        raise RuleError("AOT-REACT-COUNTERCHARGE", "the units are already in contact")
    return Fraction(max(0, 7 - math.ceil(distance)), 6)


# --- return fire (AOT-REACT-RETURN-FIRE) -------------------------------------

def exchange_result(shooter: Unit, target: Unit, s_losses: int, t_losses: int,
                    compare_after_losses: bool = True) -> str:
    """Both volleys land at once; each side that lost warriors is compared with the other's density."""
    s_after = shooter.take_losses(0, s_losses) if compare_after_losses else shooter
    t_after = target.take_losses(0, t_losses) if compare_after_losses else target
    if t_losses > 0 and s_after.density > t_after.density:
        return "target retreats"
    if s_losses > 0 and t_after.density > s_after.density:
        return "shooter retreats"
    return "both stay"


def exchange_firers(shooter: Unit, target: Unit, distance: Fraction) -> tuple[int, int]:
    """Firers each way: range from the other's strength, capped by one's own formed warriors."""
    return (min(firers_in_range(target, distance), shooter.formed),
            min(firers_in_range(shooter, distance), target.formed))


@lru_cache(maxsize=16384)
def exchange_exact(shooter: Unit, target: Unit, distance: Fraction,
                   s_cond: ShotConditions = ShotConditions(),
                   t_cond: ShotConditions = ShotConditions()) -> Dist[tuple[int, int, str]]:
    """Exact law of (shooter's losses, target's losses, result) when the target fires back."""
    n_s, n_t = exchange_firers(shooter, target, distance)
    at_target = volley_losses(n_s, target, s_cond) if n_s else Dist.point((0, 0))
    at_shooter = volley_losses(n_t, shooter, t_cond) if n_t else Dist.point((0, 0))
    return at_shooter.product(at_target).map(
        lambda p: (sum(p[0]), sum(p[1]), exchange_result(shooter, target, sum(p[0]), sum(p[1]),
                                                         s_cond.compare_after_losses)))


def resolve_exchange(shooter: Unit, target: Unit, distance: Fraction, dice: DiceSource,
                     s_cond: ShotConditions = ShotConditions(),
                     t_cond: ShotConditions = ShotConditions()) -> tuple[int, int, str]:
    n_s, n_t = exchange_firers(shooter, target, distance)
    t_loss = s_loss = 0
    if n_s:
        r = resolve_volley(n_s, target, s_cond, dice)
        t_loss = r.killed + r.disordered
    if n_t:
        r = resolve_volley(n_t, shooter, t_cond, dice)
        s_loss = r.killed + r.disordered
    return s_loss, t_loss, exchange_result(shooter, target, s_loss, t_loss, s_cond.compare_after_losses)
