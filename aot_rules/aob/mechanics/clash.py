"""Age of Battles (corrections): registry entries (clash), with the deployment roll that opens a battle.

The deployment roll sits here because the package's two areas are the clash and steadiness, and it
is the only other roll the sheet adds; it shares the clash's game-die Reading.
"""

from __future__ import annotations

from dataclasses import dataclass

from aot_rules.aob.rules.clash import (
    CLASH,
    ClashOutcome,
    Compare,
    casualties_of,
    casualty_die,
    clash,
)
from aot_rules.aob.rules.deploy import Role, RolesRolled, deployment_pair, roles, roll_for_roles
from aot_rules.aob.rules.die import Direction, GameDie
from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.evaluate import evaluate
from aot_rules.core.i18n import msg
from aot_rules.core.outcome import Outcome
from aot_rules.core.params import param
from aot_rules.core.procedure import Proc
from aot_rules.core.registry import Mechanic, Registry, Sample, derived

DIE_HELP = msg("the game die (the sheet never names it; the index reads a d20, from Defences up to 10 and "
               "Glory up to 20)")


#: How the game-die choice every Age of Battles mechanic shares is shown.
DIE_LABEL = msg("game die (Reading: d20)")


# --- AOB-DEPLOY-ROLES ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeployInput:
    die: GameDie = param(GameDie.D20, DIE_HELP, reading=CLASH, label=DIE_LABEL)


def deploy_procedure(p: DeployInput) -> Proc[Role]:
    return roles(p.die)


def deploy_outcome(p: DeployInput) -> Outcome:
    first_try = evaluate(deployment_pair(p.die)).prob(lambda pair: pair[0] != pair[1])
    return Outcome("role", {"role": evaluate(deploy_procedure(p))}, events={"first": first_try},
                   labels={"role": msg("your role"), "first": msg("the first pair of rolls decides (no tie)"),
                           "expected pairs of rolls": msg("expected pairs of rolls")},
                   info={"expected pairs of rolls": 1 / first_try})


def deploy_play(p: DeployInput, dice: DiceSource) -> Sample:
    r: RolesRolled = roll_for_roles(dice, p.die)
    return {"role": r.role, "first": r.rounds == 1}


# --- AOB-CLASH ----------------------------------------------------------------------------------------

TARGET_GRID = (3, 6, 9, 12, 15, 18)


@dataclass(frozen=True)
class ClashInput:
    a_target: int = param(12, msg("A's clash target T = A's lowest front-rank Attack − B's Defence + A's fighting "
                          "spirit"), lo=-20, hi=40, grid=TARGET_GRID, label=msg("A's target T"))
    b_target: int = param(6, msg("B's clash target T = B's lowest front-rank Attack − A's Defence + B's fighting "
                          "spirit"), lo=-20, hi=40, grid=TARGET_GRID, label=msg("B's target T"))
    die: GameDie = param(GameDie.D20, DIE_HELP, reading=CLASH, label=DIE_LABEL)
    direction: Direction = param(Direction.AT_MOST, msg("which rolls succeed (the index reads roll ≤ T, since "
                                 "factors raise T)"), reading=CLASH, label=msg("a clash succeeds on"))
    compare: Compare = param(Compare.MEN, msg("what 'at least double the other' compares (the index reads the men "
                             "each side killed, a failed clash counting 0)"), reading=CLASH,
                             label=msg("double of what"))


CLASH_LABELS = {"result": msg("the clash ends"), "a_losses": msg("men A loses"), "b_losses": msg("men B loses"),
                "a_hit": msg("A's clash succeeds"), "b_hit": msg("B's clash succeeds")}


def clash_procedure(p: ClashInput) -> Proc[ClashOutcome]:
    return clash(p.a_target, p.b_target, p.die, p.direction, p.compare)


def clash_report(p: ClashInput, law: Dist[ClashOutcome]) -> Outcome:
    return Outcome.of(law, "result", dists=("result", "a_losses", "b_losses"),
                      events={"a_hit": lambda o: o.a_hit, "b_hit": lambda o: o.b_hit}, labels=CLASH_LABELS)


def clash_sample(p: ClashInput, o: ClashOutcome) -> Sample:
    return o._asdict()


# --- AOB-CLASH-CASUALTIES -----------------------------------------------------------------------------


@dataclass(frozen=True)
class CasualtiesInput:
    die: GameDie = param(GameDie.D20, DIE_HELP, reading=CLASH, label=DIE_LABEL)


def casualties_procedure(p: CasualtiesInput) -> Proc[int]:
    return casualty_die(p.die, read=lambda f: casualties_of(f, p.die))


def casualties_report(p: CasualtiesInput, law: Dist[int]) -> Outcome:
    return Outcome.of(law, "casualties", labels={"casualties": msg("men the enemy loses")})


def casualties_sample(p: CasualtiesInput, men: int) -> Sample:
    return {"casualties": men}


def register(reg: Registry) -> None:
    """Add this area's mechanics to ``reg``."""
    reg.add(Mechanic(
        rule_id="AOB-DEPLOY-ROLES", key="aob-deploy-roles", title=msg("Attacker and defender"),
        summary=msg("Both players roll the game die; the higher roll attacks, ties roll again."),
        record_type=DeployInput, exact=deploy_outcome, play=deploy_play, procedure=deploy_procedure))
    reg.add(Mechanic(
        rule_id="AOB-CLASH", key="aob-clash", title=msg("The clash: who flees, or melee"),
        summary=msg("Both sides roll against their targets; successes roll casualties; double the other's wins."),
        record_type=ClashInput, **derived(clash_procedure, clash_report, clash_sample),
        rules=("AOB-CLASH", "AOB-CLASH-CASUALTIES", "AOB-CLASH-FACTORS"),
        widget_grid={"die": (GameDie.D20, GameDie.D6)}))
    reg.add(Mechanic(
        rule_id="AOB-CLASH-CASUALTIES", key="aob-clash-casualties", title=msg("Clash casualties"),
        summary=msg("After a successful clash, one die divided by 3, rounded up: the men the enemy loses."),
        record_type=CasualtiesInput, **derived(casualties_procedure, casualties_report, casualties_sample)))
