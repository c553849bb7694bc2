"""A turn's manoeuvres as a chain of tests: turning (Разворот), and what a planned move costs.

Every manoeuvre that tests (a turn, rough ground, a run or trot with a test, an
evasion) is the disorder test against the density the unit has *at that
moment*, so a sequence is a Markov chain over the unit's ranks: a failed first
test lowers the density and makes later tests easier to pass.  This module
writes a plan once as a dice procedure (:func:`sequence`), whose exact law
(:func:`sequence_exact`) and play (:func:`play_sequence`) both follow,
refusing the plans the rules forbid: two runs or trots, an evasion after one, a run by foot in shields and armour.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from enum import StrEnum
from functools import cache, lru_cache

from aot_rules.aot.rules.disorder import unit_test
from aot_rules.aot.rules.evasion import evade_unit
from aot_rules.aot.rules.orders import Activity, UnitTurn
from aot_rules.aot.rules.run_trot import ExtraMove, run_unit, trot_unit
from aot_rules.aot.units import Unit, unit_of
from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate, play
from aot_rules.core.events import PieceId
from aot_rules.core.i18n import msg, vocabulary
from aot_rules.core.procedure import Proc, done, part


@vocabulary({
    'none': msg('none'), 'rough-ground': msg('rough-ground'), 'turn': msg('turn'),
    'run-or-trot': msg('run-or-trot'), 'evade': msg('evade')
})
class Step(StrEnum):
    """One planned manoeuvre of a turn."""

    NONE = "none"
    ROUGH = "rough-ground"
    TURN = "turn"
    RUN = "run-or-trot"
    EVADE = "evade"


#: What each step spends of the turn's allowances, as the one-unit turn tracker counts them.
_ACTIVITY = {Step.TURN: Activity.TURN, Step.EVADE: Activity.EVADE}


def check_plan(unit: Unit, steps: tuple[Step, ...]) -> None:
    """Refuse a plan the rules forbid (see :func:`_check_plan`).  Each plan is judged once: the movement
    calculator's grid asks again and again about the same units' plans, and a fresh refusal is raised each
    time from the judgement kept."""
    refusal = _plan_refusal(unit, steps)
    if refusal is not None:
        rule_id, message, params = refusal
        raise RuleError(rule_id, message, params=params)


@lru_cache(maxsize=8192)
def _plan_refusal(unit: Unit, steps: tuple[Step, ...]) -> tuple[str, str, tuple[str, ...]] | None:
    try:
        _check_plan(unit, steps)
    except RuleError as e:
        if type(e) is not RuleError:
            raise  # a refusal of its own kind is passed on as it is, never rebuilt
        return e.rule_id, e.message, e.params
    return None


def _check_plan(unit: Unit, steps: tuple[Step, ...]) -> None:
    """Refuse a plan the rules forbid.  The once-a-turn allowances (one run or trot, one evasion, none
    after the other: AOT-UNIT-ACTIONS, AOT-EVADE-ELIGIBILITY, AOT-RUN) are the turn tracker's own rules,
    replayed step by step; what only a plan can ask (a move in the defensive formation, an evasion by
    foot that may never evade) is checked here."""
    if unit.defensive and (moving := [s for s in steps if s in (Step.RUN, Step.ROUGH, Step.EVADE)]):
        raise RuleError("AOT-REFORM-DEFENSIVE-5", {
            Step.RUN: msg("a unit in the defensive formation cannot move, so it cannot run or trot; it may only turn "
                          "until it reforms"),
            Step.ROUGH: msg("a unit in the defensive formation cannot move, so it cannot rough ground; it may only "
                            "turn until it reforms"),
            Step.EVADE: msg("a unit in the defensive formation cannot move, so it cannot evade; it may only turn until "
                            "it reforms")}[moving[0]])
    if Step.EVADE in steps and not unit.mounted and (unit.shield or unit.pavise) and unit.armour:
        raise RuleError("AOT-EVADE-ELIGIBILITY", msg("foot with both shields and armour can never evade"))
    turn = UnitTurn.of(unit).activate()
    run = Activity.TROT if unit.mounted else Activity.RUN
    for s in steps:
        if s is Step.RUN:
            turn = turn.do(run)
        elif s in _ACTIVITY:
            turn = turn.do(_ACTIVITY[s])


def step_procedure(unit: Unit, step: Step, piece: PieceId = "") -> Proc[Unit]:
    """One step as a dice procedure: the unit after it (``piece``: the table's id, which the events carry)."""
    if unit.density == 0 or step is Step.NONE:
        return done(unit)
    if step is Step.RUN:
        return (trot_unit(unit, piece=piece) if unit.mounted else run_unit(unit, piece)).map(_after)
    if step is Step.EVADE:
        return evade_unit(unit, piece).map(_after)
    return unit_test(unit, msg("turn test") if step is Step.TURN else msg("rough ground test"), piece).map(
        lambda t: unit.take_losses(0, t.lost))


def _after(moved: tuple[Unit, ExtraMove]) -> Unit:
    return moved[0]


def sequence(unit: Unit, steps: tuple[Step, ...]) -> Proc[Unit]:
    """A whole plan as a dice procedure, each test at the density the unit has by then (refused before any die is
    rolled if the rules forbid it); each step's law is derived once per unit it starts from."""
    check_plan(unit, steps)
    proc: Proc[Unit] = done(unit)
    for s in steps:
        if s is not Step.NONE:
            proc = proc.then(_then_step(s))
    return proc


def _then_step(step: Step) -> Callable[[Unit], Proc[Unit]]:
    def k(u: Unit) -> Proc[Unit]:
        return part(step_procedure, u, step)
    return k


@cache
def sequence_exact(unit: Unit, steps: tuple[Step, ...]) -> Dist[Unit]:
    """Exact law of the unit after ``steps`` (:func:`sequence`).

    >>> law = sequence_exact(Unit(ranks=(3, 3)), (Step.TURN, Step.TURN))
    >>> law.map(lambda u: u.disordered)[0]
    Fraction(4, 9)
    """
    return evaluate(sequence(unit, steps))


def turn_exact(density: int, formed: int, turns: int = 1, regular: bool = False) -> Dist[int]:
    """AOT-TURN: warriors disordered by ``turns`` turns, each with its own test at the density left.

    >>> turn_exact(4, 8)[0], turn_exact(4, 8, 2)[0]
    (Fraction(1, 2), Fraction(1, 4))
    """
    start = replace(unit_of(density, formed), regular=regular)
    return sequence_exact(start, (Step.TURN,) * turns).map(lambda u: u.disordered)


def play_step(unit: Unit, step: Step, dice: DiceSource, piece: PieceId = "") -> Unit:
    """Play one step with real dice; return the unit after it (``piece``: the table's id, which the events carry)."""
    return play(step_procedure(unit, step, piece), dice)


def play_sequence(unit: Unit, steps: tuple[Step, ...], dice: DiceSource) -> Unit:
    """Play a whole plan with real dice (refused before any die is rolled if the rules forbid it)."""
    return play(sequence(unit, steps), dice)
