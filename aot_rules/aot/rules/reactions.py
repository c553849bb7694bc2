"""Reactions to being shot at (Реагирование): return fire and the countercharge."""

from __future__ import annotations

import math
from enum import StrEnum
from fractions import Fraction
from functools import cache
from typing import NamedTuple

from aot_rules.aot.rules.disorder import disorder_loss
from aot_rules.aot.rules.shooting import ShotConditions, firers_in_range, volley
from aot_rules.aot.rules.wounds import Loss
from aot_rules.aot.units import Unit, density_after
from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate, play
from aot_rules.core.events import DieEffect
from aot_rules.core.i18n import msg, vocabulary
from aot_rules.core.procedure import Proc, both, die, done
from aot_rules.core.verdict import Verdict

# --- countercharge (AOT-REACT-COUNTERCHARGE) ---------------------------------

#: The caption of the countercharge's die.
COUNTERCHARGE = msg("countercharge")


class Countercharge(NamedTuple):
    """One countercharge die read twice: does it reach the shooters, and whom does it disorder."""

    reaches: bool
    disordered: int


def countercharge_reaches(roll: int, distance: Fraction) -> bool:
    """The single die is the move: it reaches the shooters if it is at least the gap."""
    return roll >= distance


def _check_gap(distance: Fraction) -> None:
    if distance <= 0:
        raise RuleError("AOT-REACT-COUNTERCHARGE", msg("the units are already in contact"))


def countercharge(density: int, formed: int, distance: Fraction) -> Proc[Countercharge]:
    """AOT-REACT-COUNTERCHARGE as a dice procedure: one die, both the distance charged and a disorder test."""
    _check_gap(distance)

    def read(r: int) -> Countercharge:
        return Countercharge(countercharge_reaches(r, distance), disorder_loss(r, density, formed))

    return die(6, COUNTERCHARGE, lambda f: DieEffect.FAIL if read(f).disordered else DieEffect.NONE, read=read)


def resolve_countercharge(unit: Unit, distance: Fraction, dice: DiceSource) -> Countercharge:
    """Countercharge with a real die: it is both the distance charged and a disorder test."""
    if unit.panicking:
        raise RuleError("AOT-PANIC", msg("a panicking unit cannot countercharge"))
    return play(countercharge(unit.density, unit.formed, distance), dice)


@cache
def countercharge_exact(density: int, formed: int, distance: Fraction) -> Dist[Countercharge]:
    """Exact joint law of (reaches the shooters, warriors disordered by the same die)."""
    return evaluate(countercharge(density, formed, distance))


def countercharge_success(distance: Fraction) -> Fraction:
    """Derived in the index: (7 − ⌈x⌉)/6 for 0 < x ≤ 6.

    >>> countercharge_success(Fraction(3)), countercharge_success(Fraction(5, 2))
    (Fraction(2, 3), Fraction(2, 3))
    """
    _check_gap(distance)
    return Fraction(max(0, 7 - math.ceil(distance)), 6)


# --- return fire (AOT-REACT-RETURN-FIRE) -------------------------------------


@vocabulary({
    "target-retreats": msg('target retreats'), "both-stay": msg('both stay'),
    "shooter-retreats": msg('shooter retreats')
}, formerly={
    "target retreats": "target-retreats", "both stay": "both-stay", "shooter retreats": "shooter-retreats"
})
class Exchange(StrEnum):
    """The result of a firefight, in reading order: the core's three-way :class:`Verdict` with the shooter
    named first (the shooter prevails when the target falls back)."""

    TARGET_RETREATS = "target-retreats"
    BOTH_STAY = "both-stay"
    SHOOTER_RETREATS = "shooter-retreats"

    @property
    def verdict(self) -> Verdict:
        return {Exchange.TARGET_RETREATS: Verdict.FIRST, Exchange.SHOOTER_RETREATS: Verdict.SECOND}.get(
            self, Verdict.CONTINUE)


class Firefight(NamedTuple):
    shooter_losses: int
    target_losses: int
    result: Exchange


def exchange_result(shooter: Unit, target: Unit, s_losses: int, t_losses: int,
                    compare_after_losses: bool = True) -> Exchange:
    """Both volleys land at once; each side that lost warriors is compared with the other's density."""
    s_d = density_after(shooter.ranks, s_losses if compare_after_losses else 0)
    t_d = density_after(target.ranks, t_losses if compare_after_losses else 0)
    if t_losses > 0 and s_d > t_d:
        return Exchange.TARGET_RETREATS
    if s_losses > 0 and t_d > s_d:
        return Exchange.SHOOTER_RETREATS
    return Exchange.BOTH_STAY


def exchange_firers(shooter: Unit, target: Unit, distance: Fraction) -> tuple[int, int]:
    """Firers each way: range from the other's strength, capped by one's own formed warriors."""
    return (min(firers_in_range(target, distance), shooter.formed),
            min(firers_in_range(shooter, distance), target.formed))


def exchange(shooter: Unit, target: Unit, distance: Fraction, s_cond: ShotConditions = ShotConditions(),
             t_cond: ShotConditions = ShotConditions()) -> Proc[Firefight]:
    """AOT-REACT-RETURN-FIRE as a dice procedure: the volley at the target, then the one it fires back (each only
    if anyone is in range); both land at once."""
    n_s, n_t = exchange_firers(shooter, target, distance)
    at_target = volley(n_s, target, s_cond).map(_lost) if n_s else done(0)
    at_shooter = volley(n_t, shooter, t_cond).map(_lost) if n_t else done(0)
    return both(at_target, at_shooter).map(
        lambda lost: Firefight(lost[1], lost[0], exchange_result(shooter, target, lost[1], lost[0],
                                                                 s_cond.compare_after_losses)))


def _lost(loss: Loss) -> int:
    return loss.lost


def resolve_exchange(shooter: Unit, target: Unit, distance: Fraction, dice: DiceSource,
                     s_cond: ShotConditions = ShotConditions(),
                     t_cond: ShotConditions = ShotConditions()) -> Firefight:
    """Both volleys with real dice; their losses land together."""
    n_s, n_t = exchange_firers(shooter, target, distance)
    for n, unit in ((n_s, target), (n_t, shooter)):
        if n and unit.panicking:
            raise RuleError("AOT-PANIC", msg("a panicking unit has density 0 and cannot be hit; it flees instead"))
    return play(exchange(shooter, target, distance, s_cond, t_cond), dice)

