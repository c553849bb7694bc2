"""Breaking through (Прорыв строя): cavalry charging through a line of foot, unit after unit.

Declared before the charge, in a straight line.  Against every unit but the last
only the horses strike; the foot strike back as usual and the melee result is the
usual one.  If the unit is routed (Reading: it loses the melee, so it retreats,
or it is left panicking) the cavalry carries on into the next unit.  This is the
existing melee engine with the riders' dice left out, so the calculators and the
table-top engine cannot disagree about a breakthrough.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from aot_rules.aot.rules.melee import Melee, MeleeResult, MeleeRules, Side, melee
from aot_rules.aot.rules.wounds import Fate
from aot_rules.aot.units import Unit
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate
from aot_rules.core.i18n import msg
from aot_rules.core.procedure import Proc


class Breakthrough(NamedTuple):
    """One unit broken through (or not): the melee's losses and whether the cavalry carries on."""

    cavalry_killed: int
    cavalry_disordered: int
    foot_killed: int
    foot_disordered: int
    result: MeleeResult
    through: bool
    cavalry_fate: Fate = Fate.NONE  # a chariot's hit test (AOT-CHARIOT-WOUND)


def check_breakthrough(cavalry: Unit, foot: Unit) -> None:
    if not cavalry.mounted:
        raise RuleError("AOT-BREAKTHROUGH", msg("{unit}: only cavalry (or chariots) break through", unit=cavalry.name),
                        params=("a_mounted",))
    if foot.mounted:
        raise RuleError("AOT-BREAKTHROUGH", msg("{unit}: cavalry breaks through infantry only", unit=foot.name),
                        params=("b_mounted",))


def routed(m: Melee | Breakthrough) -> bool:
    """AOT-BREAKTHROUGH, Reading: the foot lost the melee, so it retreats (a foot unit left with no formed
    warrior has lost, unless the cavalry has none left either, and then nobody goes on)."""
    return m.result is MeleeResult.A_WINS


def breakthrough(cavalry: Unit, foot: Unit, *, last: bool = False,
                 rules: MeleeRules = MeleeRules()) -> Proc[Breakthrough]:
    """One breakthrough melee as dice: the melee's own procedure with only the horses striking (the riders too
    against the ``last`` unit), read as whether the cavalry carries on."""
    check_breakthrough(cavalry, foot)
    return melee(Side(cavalry, horse_strike=True, riders_strike=last), Side(foot), rules).map(
        lambda m: Breakthrough(m.a_killed, m.a_disordered, m.b_killed, m.b_disordered, m.result, routed(m),
                               m.a_fate))


@cache
def breakthrough_exact(cavalry: Unit, foot: Unit, *, last: bool = False,
                       rules: MeleeRules = MeleeRules()) -> Dist[Breakthrough]:
    """Exact law of one breakthrough melee (the law of :func:`breakthrough`).

    >>> from aot_rules.aot.equipment import MeleeWeapon
    >>> cav = Unit("cavalry", (4,), mounted=True, weapon=MeleeWeapon.LANCE)
    >>> law = breakthrough_exact(cav, Unit("archers", (2, 2), weapon=MeleeWeapon.SHOOTER))
    >>> law.prob(lambda b: b.through) > law.prob(lambda b: not b.through)
    True
    """
    return evaluate(breakthrough(cavalry, foot, last=last, rules=rules))


def chain_exact(cavalry: Unit, line: tuple[Unit, ...], rules: MeleeRules = MeleeRules()) -> Dist[int]:
    """How many units of ``line`` the cavalry breaks through in one charge (the last is fought by horses and
    riders).  The cavalry's own losses carry from one fight to the next.

    >>> from aot_rules.aot.equipment import MeleeWeapon
    >>> cav = Unit("cavalry", (4,), mounted=True, weapon=MeleeWeapon.LANCE)
    >>> foot = Unit("archers", (1, 1), weapon=MeleeWeapon.SHOOTER)
    >>> chain_exact(cav, (foot, foot)).total()
    Fraction(1, 1)
    """
    if not line:
        return Dist.point(0)

    def step(c: Unit, i: int) -> Dist[int]:
        if i == len(line) or c.formed == 0:
            return Dist.point(i)
        law = breakthrough_exact(c, line[i], last=i == len(line) - 1, rules=rules)

        def go(b: Breakthrough) -> Dist[int]:
            if not b.through:
                return Dist.point(i)
            return step(c.take_losses(b.cavalry_killed, b.cavalry_disordered), i + 1)
        return law.bind(go)

    return step(cavalry, 0)
