"""Age of Battles (corrections): registry entries (steadiness): the test, its re-rolls and the rallying of a rout.

The test's procedure is not in the source, so its pass mark is an input marked blank (✎) everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from aot_rules.aob.mechanics.clash import DIE_HELP, DIE_LABEL
from aot_rules.aob.rules.clash import CLASH
from aot_rules.aob.rules.die import GameDie
from aot_rules.aob.rules.steadiness import (
    ROUT,
    Tested,
    Verdict,
    flight_turns,
    rerolls_allowed,
    rout,
    steadiness_test,
)
from aot_rules.core.dist import Dist
from aot_rules.core.i18n import msg
from aot_rules.core.outcome import Outcome
from aot_rules.core.params import param
from aot_rules.core.procedure import Proc
from aot_rules.core.registry import Mechanic, Registry, Sample, derived

THRESHOLD_HELP = msg("the test passes on a roll at or under this number (the base rules that define the test are "
                     "absent; perhaps the regiment's Glory, at most 20)")


@dataclass(frozen=True)
class SteadinessInput:
    threshold: int = param(10, THRESHOLD_HELP, lo=0, hi=20, blank=True, label=msg("passes on a roll ≤"))
    die: GameDie = param(GameDie.D20, DIE_HELP, reading=CLASH, label=DIE_LABEL)
    general: bool = param(False, msg("a general is with the regiment (one re-roll of a failed test)"),
                          label=msg("general with the regiment"))
    standard: bool = param(False, msg("a standard bearer is with the regiment (one re-roll of a failed test)"),
                           label=msg("standard bearer with the regiment"))
    stack: bool = param(False, msg("with both a general and a standard bearer, each gives a re-roll (the index "
                        "reads: one re-roll at most)"), reading="AOB-GENERAL",
                        label=msg("both present: two re-rolls"))


STEADINESS_LABELS = {"re-rolls allowed": msg("re-rolls allowed"),
                     "verdict": msg("the regiment"), "rolls": msg("dice rolled for the test"),
                     "first": msg("it stands on the first roll"), "saved": msg("a re-roll saves it")}


def steadiness_procedure(p: SteadinessInput) -> Proc[Tested]:
    return steadiness_test(p.threshold, p.die, rerolls_allowed(p.general, p.standard, p.stack))


def steadiness_report(p: SteadinessInput, law: Dist[Tested]) -> Outcome:
    n = rerolls_allowed(p.general, p.standard, p.stack)
    return Outcome.of(law, "verdict", dists=("verdict", "rolls"),
                      events={"first": lambda t: t.verdict is Verdict.PASS and t.rolls == 1,
                              "saved": lambda t: t.verdict is Verdict.PASS and t.rolls > 1},
                      labels=STEADINESS_LABELS, info={"re-rolls allowed": n})


def steadiness_sample(p: SteadinessInput, t: Tested) -> Sample:
    return {"verdict": t.verdict, "rolls": t.rolls, "first": t.verdict is Verdict.PASS and t.rolls == 1,
            "saved": t.verdict is Verdict.PASS and t.rolls > 1}


@dataclass(frozen=True)
class RoutInput:
    threshold: int = param(10, THRESHOLD_HELP, lo=0, hi=20, blank=True, label=msg("passes on a roll ≤"))
    die: GameDie = param(GameDie.D20, DIE_HELP, reading=CLASH, label=DIE_LABEL)
    reroll: bool = param(False, msg("the regiment has its one re-roll (a standard bearer or general with it)"),
                         label=msg("one re-roll of a failed test"))
    distance: int = param(18, msg("paces from the regiment to its own table edge when the flight begins"),
                          lo=1, hi=100, grid=(6, 12, 18, 24, 36), label=msg("paces to its table edge"))
    move: int = param(6, msg("the regiment's normal move, in paces"), lo=1, hi=30, grid=(4, 6, 8),
                      label=msg("normal move"))
    fast: bool = param(True, msg("it flees at half again its move (the index reads the clash-loss rate ×1.5 for every "
                       "turn of flight); off: its normal move"), reading=ROUT, label=msg("flees at ×1.5 speed"))


def rout_procedure(p: RoutInput) -> Proc[int]:
    return rout(p.threshold, p.die, int(p.reroll), flight_turns(p.distance, p.move, p.fast))


def rout_report(p: RoutInput, law: Dist[int]) -> Outcome:
    turns = flight_turns(p.distance, p.move, p.fast)
    return Outcome.of(law, "moves", events={"left": lambda k: k == turns, "rallied_at_once": lambda k: k == 0},
                      labels={"moves": msg("flight moves made ({turns} = it reached the edge and left)", turns=turns),
                              "left": msg("it leaves the battle for good"),
                              "rallied_at_once": msg("the first rallying test stops it"),
                              "flight turns to the edge": msg("flight turns to the edge")},
                      info={"flight turns to the edge": turns})


def rout_sample(p: RoutInput, k: int) -> Sample:
    turns = flight_turns(p.distance, p.move, p.fast)
    return {"moves": k, "left": k == turns, "rallied_at_once": k == 0}


def register(reg: Registry) -> None:
    """Add this area's mechanics to ``reg``."""
    test = reg.add(Mechanic(
        rule_id="AOB-STEADINESS-TEST", key="aob-steadiness-test", title=msg("Steadiness test (pass mark set by you)"),
        summary=msg("One roll of the game die at or under a threshold the source does not give; a general or "
                "standard bearer allows one re-roll."),
        record_type=SteadinessInput, **derived(steadiness_procedure, steadiness_report, steadiness_sample),
        rules=("AOB-STEADINESS-TEST", "AOB-GENERAL", "AOB-STANDARD"),
        widget_grid={"die": (GameDie.D20, GameDie.D6)}))
    reg.add(test.variant(
        "AOB-GENERAL", msg("A general's re-roll of a failed steadiness test"),
        msg("With a general in the regiment a failed test is rolled once more."), fixed={"general": True}))
    reg.add(test.variant(
        "AOB-STANDARD", msg("A standard bearer's re-roll of a failed steadiness test"),
        msg("With a standard bearer in the regiment a failed test is rolled once more."), fixed={"standard": True}))
    reg.add(Mechanic(
        rule_id="AOB-ROUT", key="aob-rout", title=msg("Flight and rallying"),
        summary=msg("A general within 1 pace tests the fleeing regiment each turn; it runs on until it passes or "
                "reaches its table edge."),
        record_type=RoutInput, **derived(rout_procedure, rout_report, rout_sample),
        widget_grid={"die": (GameDie.D20,), "threshold": (4, 6, 8, 10, 12, 14, 16)}))
