"""A regiment's Glory (Слава, AOB-GLORY): set before the battle, then moved by flights.

Glory starts at half the weakest front-rank Attack, rounded up; it falls by 3 when the regiment
flees and rises by 1 when it puts an enemy regiment to flight; it never exceeds 20.  The sheet
sets no floor: the Reading is 0.  What Glory is *for* is not in the sheet (probably the
steadiness test's target, AOB-STEADINESS-TEST).
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from math import ceil

from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import msg, vocabulary

RULE = "AOB-GLORY"
MAX_GLORY = 20
MIN_GLORY = 0  # Reading: the sheet gives no floor


@vocabulary({
    "fled": msg('the regiment fled'),
    "routed-enemy": msg('it put an enemy regiment to flight')
}, formerly={
    "the regiment fled": "fled", "it put an enemy regiment to flight": "routed-enemy"
})
class GloryEvent(StrEnum):
    """What changes Glory during a battle."""

    FLED = "fled"
    ROUTED_ENEMY = "routed-enemy"


def initial_glory(lowest_front_attack: int) -> int:
    """⌈lowest front-rank Attack / 2⌉, capped at 20.

    >>> [initial_glory(a) for a in (1, 7, 8, 45)]
    [1, 4, 4, 20]
    """
    if lowest_front_attack < 0:
        raise RuleError(RULE, msg("an Attack is 0 or more, not {attack}", attack=lowest_front_attack))
    return min(MAX_GLORY, ceil(Fraction(lowest_front_attack, 2)))


def after(glory: int, event: GloryEvent) -> int:
    """Glory after one event; the cap and the floor apply at every step, so the order matters.

    >>> after(20, GloryEvent.ROUTED_ENEMY), after(2, GloryEvent.FLED)
    (20, 0)
    """
    if not MIN_GLORY <= glory <= MAX_GLORY:
        raise RuleError(RULE, msg("Glory runs from {lo} to {hi}, not {glory}", lo=MIN_GLORY, hi=MAX_GLORY, glory=glory))
    change = -3 if event is GloryEvent.FLED else 1
    return max(MIN_GLORY, min(MAX_GLORY, glory + change))
