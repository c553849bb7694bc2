"""Steadiness (стойкость): the test a regiment takes when friends flee, a general falls or a melee goes
badly, and the rallying of a regiment in flight.

The test itself belongs to the base rules, which are not in the source (AOB-STEADINESS-TEST).  So the
pass mark is the user's: a roll of the game die at or under a *threshold* passes (the likeliest
reading is the regiment's Glory).  Only the count of passing faces matters, so "≤ threshold" loses
nothing: any pass rule with k good faces is the same test.

What the sheet does fix: a general or a standard bearer in the regiment lets it roll again once
after a failure (AOB-GENERAL, AOB-STANDARD; Reading: one re-roll at most, even with both), and a
fleeing regiment runs for its table edge until a general within 1 pace rallies it with a passed test
(AOB-ROUT; Reading: it flees at half again its move, as after a lost clash).
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from math import ceil
from typing import Any, NamedTuple

from aot_rules.aob.rules.die import GameDie
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate
from aot_rules.core.events import DieEffect, Said
from aot_rules.core.i18n import Capitalised, Message, msg, nmsg, vocabulary
from aot_rules.core.procedure import Again, Proc, done, part, repeat
from aot_rules.core.procedure import die as dice_die

TEST = "AOB-STEADINESS-TEST"
ROUT = "AOB-ROUT"
#: Flight speed over the normal move (AOB-ROUT, Reading: the rate the clash rule gives a loser).
FLIGHT_RATE = Fraction(3, 2)


@vocabulary({'stands': msg('stands'), 'flees': msg('flees')})
class Verdict(StrEnum):
    """A steadiness test's outcome.

    Two-way, not the core's three-way :class:`aot_rules.core.verdict.Verdict`: one unit tests alone against
    its threshold, so there is no second side to prevail and no "neither"; it stands or it flees (AOB-ROUT).
    """

    PASS = "stands"
    FAIL = "flees"


class Tested(NamedTuple):
    """A test: passed or not, and how many dice it took (the first roll plus any re-rolls)."""

    verdict: Verdict
    rolls: int


def pass_chance(threshold: int, die: GameDie) -> Fraction:
    """P(one roll ≤ threshold); a threshold beyond the die is certain, one below 1 is hopeless.

    >>> pass_chance(10, GameDie.D20), pass_chance(10, GameDie.D6), pass_chance(0, GameDie.D20)
    (Fraction(1, 2), Fraction(1, 1), Fraction(0, 1))
    """
    return Fraction(min(max(threshold, 0), die.sides), die.sides)


def rerolls_allowed(general: bool, standard: bool, stack: bool = False) -> int:
    """Re-rolls of a failed test: one from a general, one from a standard bearer; with both present the
    Reading allows one in all (``stack`` gives each its own, the alternative reading).

    >>> rerolls_allowed(True, True), rerolls_allowed(True, True, stack=True), rerolls_allowed(False, False)
    (1, 2, 0)
    """
    n = int(general) + int(standard)
    return n if stack else min(n, 1)


def steadiness_test(threshold: int, die: GameDie, rerolls: int = 0, who: Message | str = msg("the regiment"),
                    roll: int = 1) -> Proc[Tested]:
    """AOB-STEADINESS-TEST as a dice procedure: pass on a roll at or under the threshold, re-roll a failure while
    allowed (``roll``: which try this is), each roll told."""
    if rerolls < 0:
        raise RuleError(TEST, msg("re-rolls are 0 or more, not {rerolls}", rerolls=rerolls))
    last = roll > rerolls

    def said(face: int) -> Said:
        if face <= threshold:
            return Said(msg("{who} rolls {face} on the {die}, at or under {threshold}: it stands.",
                            who=Capitalised(who), face=face, die=die, threshold=threshold))
        if not last:
            return Said(msg("{who} rolls {face}, over {threshold}: a failure and uses its re-roll.",
                            who=Capitalised(who), face=face, threshold=threshold))
        return Said(msg("{who} rolls {face}, over {threshold}: a failure.", who=Capitalised(who), face=face,
                        threshold=threshold))

    def after(stands: bool) -> Proc[Tested]:
        if stands:
            return done(Tested(Verdict.PASS, roll))
        return done(Tested(Verdict.FAIL, roll)) if last else steadiness_test(threshold, die, rerolls, who, roll + 1)

    caption = msg("steadiness test of {who} (passes on ≤ {threshold})", who=who, threshold=threshold)
    return dice_die(die.sides, caption, lambda f: DieEffect.NONE if f <= threshold else DieEffect.FAIL,
                    read=lambda f: f <= threshold, note=said).then(after)


def steadiness_law(threshold: int, die: GameDie, rerolls: int = 0) -> Dist[Tested]:
    """The exact law of one test with up to ``rerolls`` further tries after failures."""
    return evaluate(steadiness_test(threshold, die, rerolls))


# --- flight and rallying (AOB-ROUT) -------------------------------------------------------------------


def flight_turns(distance: int, move: int, fast: bool = True) -> int:
    """Friendly turns of flight before a regiment ``distance`` paces from its edge leaves the table.

    >>> flight_turns(12, 4), flight_turns(12, 4, fast=False), flight_turns(13, 4)
    (2, 3, 3)
    """
    if distance < 1 or move < 1:
        raise RuleError(ROUT, msg("the distance to the table edge and the move are at least 1 pace"))
    step = move * FLIGHT_RATE if fast else Fraction(move)
    return ceil(Fraction(distance) / step)


def rout(threshold: int, die: GameDie, rerolls: int, turns: int) -> Proc[int]:
    """AOB-ROUT as a dice procedure: the flight moves a regiment makes before it stops.  A general within 1 pace
    tests it at the start of each of its turns, before it moves (Reading); a pass rallies it, a failure means
    another flight move.  k < ``turns`` means it was rallied by the test of its (k+1)-th turn; ``turns`` means it
    reached its table edge and left the battle.  Turn after turn is a :func:`repeat`, so a long flight never
    nests."""
    if turns < 1:
        raise RuleError(ROUT, msg("a fleeing regiment has at least 1 turn to its edge, not {turns}", turns=turns))
    test = part(steadiness_test, threshold, die, rerolls)

    def turn(k: int) -> Proc[Any]:  # the moves made (an int), or Again(the next turn)
        if k == turns:
            return done(turns).log(lambda _: Said(nmsg(
                "After {n} flight moves it reaches the table edge and leaves the battle for good.",
                "After {n} flight moves it reaches the table edge and leaves the battle for good.", n=turns)))

        def after(t: Tested) -> Proc[Any]:
            if t.verdict is Verdict.PASS:
                return done(k).log(lambda _: Said(nmsg("Rallied after {n} flight move.",
                                                       "Rallied after {n} flight moves.", n=k)))
            return done(Again(k + 1)).log(lambda _: Said(msg("It flees on toward its own table edge.")))

        return done(None).log(lambda _: Said(msg("Turn {turn} of the flight: a general within 1 pace tries to "
                                                 "rally the regiment.", turn=k + 1))).then(lambda _: test).then(after)

    return repeat(0, turn)


def rout_law(threshold: int, die: GameDie, rerolls: int, turns: int) -> Dist[int]:
    """The exact law of the flight moves a regiment makes before it stops (:func:`rout`)."""
    return evaluate(rout(threshold, die, rerolls, turns))
