"""Shock and its consequences (§7.5): when a Group stops advancing, falls back, pulls out or routs.

No dice here: these rules read the Shock points and the men left, so they are plain functions the
book's tables and the melee results call.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import msg, vocabulary
from aot_rules.sp.rules.troops import Quality

#: Inches an infantry Group falls back per Shock point above its men (SP-SHOCK-INF).
FALLBACK_PER_SHOCK = {Quality.ELITE: 1, Quality.VETERANS: 2, Quality.REGULARS: 3, Quality.RECRUITS: 4}
#: How far a routing Group runs on the Tea Break card, whatever the ground (SP-SHOCK-ROUT).
ROUT_MOVE = 12


@vocabulary({'infantry': msg('infantry'), 'cavalry': msg('cavalry'), "gun-crew": msg('gun crew')}, formerly={
    "gun crew": "gun-crew"
})
class Arm(StrEnum):
    INFANTRY = "infantry"
    CAVALRY = "cavalry"
    GUN_CREW = "gun-crew"


@vocabulary({
    'steady': msg('steady'),
    "shaken": msg('shaken: no advance, falls back on the Tea Break card'),
    "pulls-out": msg('pulls back out of enemy fire on the Tea Break card'),
    "routs": msg('routs: 12″ on the Tea Break card, nothing else'),
    "abandons": msg('abandons the gun and runs for safety')
}, formerly={
    "shaken: no advance, falls back on the Tea Break card": "shaken",
    "pulls back out of enemy fire on the Tea Break card": "pulls-out",
    "routs: 12″ on the Tea Break card, nothing else": "routs", "abandons the gun and runs for safety": "abandons"
})
class State(StrEnum):
    STEADY = "steady"
    SHAKEN = "shaken"
    PULLS_OUT = "pulls-out"
    ROUTS = "routs"
    ABANDONS = "abandons"


class ShockState(NamedTuple):
    state: State
    fallback: int  # inches on the Tea Break card (0: none, or not set by these rules)


def shock_state(arm: Arm, men: int, shock: int, quality: Quality = Quality.REGULARS) -> ShockState:
    """SP-SHOCK-INF, -CAV, -ROUT and -ART for one Group.

    Rout on Shock at least twice the men (the index's Reading of "twice as much"); a gun crew holds on
    until its Shock *exceeds* twice its numbers, as its own rule says.

    >>> shock_state(Arm.INFANTRY, 4, 6, Quality.REGULARS)
    ShockState(state=<State.SHAKEN: 'shaken'>, fallback=6)
    >>> shock_state(Arm.INFANTRY, 4, 8).state is State.ROUTS, shock_state(Arm.GUN_CREW, 4, 8).state
    (True, <State.STEADY: 'steady'>)
    """
    if men < 1 or shock < 0:
        raise RuleError("SP-SHOCK-INF", msg("a Group needs at least one man and no negative Shock"))
    if arm is Arm.GUN_CREW:
        return ShockState(State.ABANDONS if shock > 2 * men else State.STEADY, 0)
    if shock >= 2 * men:
        return ShockState(State.ROUTS, ROUT_MOVE)
    if shock > men:
        if arm is Arm.CAVALRY:
            return ShockState(State.PULLS_OUT, 0)
        return ShockState(State.SHAKEN, (shock - men) * FALLBACK_PER_SHOCK[quality])
    return ShockState(State.STEADY, 0)
