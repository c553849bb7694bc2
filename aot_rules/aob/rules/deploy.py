"""Deployment (AOB-DEPLOY-ROLES): both players roll; the higher roll attacks, the defender deploys first.

The sheet does not say what a tie does; the Reading is that both roll again, so the roles are
always decided and, by symmetry, each player attacks half the time whatever the die.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from typing import NamedTuple

from aot_rules.aob.rules.die import GameDie
from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.evaluate import evaluate, play
from aot_rules.core.events import Roll, Said
from aot_rules.core.i18n import msg, vocabulary
from aot_rules.core.procedure import Proc, both, until
from aot_rules.core.procedure import die as dice_die

RULE = "AOB-DEPLOY-ROLES"


@vocabulary({"attacker": msg('you attack'), "defender": msg('you defend (and deploy first)')}, formerly={
    "you attack": "attacker", "you defend (and deploy first)": "defender"
})
class Role(StrEnum):
    """Your side's role for the battle."""

    ATTACKER = "attacker"
    DEFENDER = "defender"


class RolesRolled(NamedTuple):
    """Who attacks, and how many times the pair of dice was rolled to decide it."""

    role: Role
    rounds: int


def tie_chance(die: GameDie) -> Fraction:
    """P(both players roll the same face): 1 / sides."""
    return Fraction(1, die.sides)


def expected_rounds(die: GameDie) -> Fraction:
    """Mean number of rolls of the pair until they differ: 1 / P(no tie) (a geometric count)."""
    return 1 / (1 - tie_chance(die))


def deployment_pair(die: GameDie) -> Proc[tuple[int, int]]:
    """One pair of deployment rolls, yours then your opponent's, told: a tie, or who attacks."""
    def told(pair: tuple[int, int]) -> Said:
        mine, theirs = pair
        if mine == theirs:
            return Said(msg("Both players roll {face}: a tie, so both roll again.", face=mine))
        role = Role.ATTACKER if mine > theirs else Role.DEFENDER
        return Said(msg("You roll {mine} against {theirs}: {role}.", mine=mine, theirs=theirs, role=role))

    mine: Proc[int] = dice_die(die.sides, msg("your deployment roll"))
    theirs: Proc[int] = dice_die(die.sides, msg("your opponent's deployment roll"))
    return both(mine, theirs).log(told)


def roles(die: GameDie) -> Proc[Role]:
    """AOB-DEPLOY-ROLES as a dice procedure: pairs of rolls until the faces differ; the higher roll attacks."""
    return until(deployment_pair(die), _differ).map(lambda pair: Role.ATTACKER if pair[0] > pair[1] else Role.DEFENDER)


def _differ(pair: tuple[int, int]) -> bool:
    return pair[0] != pair[1]


def roles_law(die: GameDie) -> Dist[Role]:
    """The exact law of your role (:func:`roles`): each pair of unequal faces is as likely as its mirror image, so
    after re-rolling ties it is an even chance (derived, not assumed)."""
    return evaluate(roles(die))


def roll_for_roles(dice: DiceSource, die: GameDie = GameDie.D20) -> RolesRolled:
    """Both players roll until the faces differ; the higher roll attacks (:func:`roles`).  The pairs it took are
    the deployment rolls the dice logged, two to a pair."""
    before = len(dice.events(Roll))
    role = play(roles(die), dice)
    return RolesRolled(role, (len(dice.events(Roll)) - before) // 2)

