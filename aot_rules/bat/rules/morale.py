"""The morale test (BAT-MORALE-TEST) with the Coward (BAT-SKILL-COWARD) and the Standard Bearer
(BAT-SKILL-STANDARD).

A base rolls three d6; every die above its current Quality is a *failure*, so failures follow
Binomial(3, (6 − Q)/6).  The count of failures picks a result band: none holds, one or two make
the base fall back and lose its action points, three make it flee.  The Terror spell (batc's
module) calls :func:`morale_exact` / :func:`play_morale` with as many dice as the Mage's AP; on
that scale three or more failures still mean flight (the index's Reading).

Readings taken here (the book's morale page explains each):

* the Coward is listed twice with two different effects; :class:`Coward` offers the index's
  combined reading (one die fewer and one automatic failure) and the two literal rows;
* the Standard Bearer's re-roll is spent on one failed die, the only re-roll worth making.

Stable public names: :class:`Band`, :class:`Coward`, :class:`Morale`, :func:`band_of`,
:func:`morale_exact`, :func:`play_morale`, :func:`dice_rolled`, :func:`automatic_failures`.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from typing import NamedTuple

from aot_rules.bat.rules.profile import DICE_PER_TEST, passes
from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate, play
from aot_rules.core.events import DieEffect, Said
from aot_rules.core.i18n import Message, msg, nmsg, vocabulary
from aot_rules.core.procedure import Proc, count, die, done

#: Dice a test may roll: Terror rolls one per AP (1–3); the CLI allows a little more for what-ifs.
MAX_DICE = 6
#: Failures from which a base flees, whatever the number of dice (BAT-MORALE-TEST, Reading 2).
FLEE_AT = 3


@vocabulary({
    'holds': msg('holds'), "step-back": msg('falls back 1 step'),
    "fall-back": msg('falls back its Speed'), "flees": msg('flees the field')
}, formerly={
    "falls back 1 step": "step-back", "falls back its Speed": "fall-back", "flees the field": "flees"
})
class Band(StrEnum):
    """What a morale test does to the base, in the order of the source's table."""

    HOLDS = "holds"
    STEP_BACK = "step-back"
    FALL_BACK = "fall-back"
    FLEES = "flees"


@vocabulary({
    'no': msg('no'), 'both-rows': msg('both-rows'), 'auto-failure': msg('auto-failure'),
    'two-dice': msg('two-dice')
})
class Coward(StrEnum):
    """How a Coward tests morale: the source lists the skill twice, with two different effects.

    ``both-rows`` is the index's Reading (one die fewer and one automatic failure);
    ``auto-failure`` is the first row alone (all the dice and one automatic failure);
    ``two-dice`` is the second row alone (two dice instead of three, nothing else).
    """

    NONE = "no"
    COMBINED = "both-rows"
    AUTO_FAILURE = "auto-failure"
    FEWER_DICE = "two-dice"


class Morale(NamedTuple):
    """One test's result: the failures counted and the band they pick."""

    failures: int
    band: Band


def band_of(failures: int) -> Band:
    """The result band of a number of failures: 0 holds, 1 and 2 fall back, 3 or more flee."""
    if failures <= 0:
        return Band.HOLDS
    if failures >= FLEE_AT:
        return Band.FLEES
    return Band.STEP_BACK if failures == 1 else Band.FALL_BACK


def dice_rolled(dice: int, coward: Coward) -> int:
    """How many dice a base actually rolls: a Coward (either 'fewer dice' reading) rolls one fewer.

    The source's row says "tests on two d6", i.e. one fewer than the usual three; with Terror's
    1–3 dice we keep that as "one die fewer".
    """
    return dice - 1 if coward in (Coward.COMBINED, Coward.FEWER_DICE) else dice


def automatic_failures(coward: Coward) -> int:
    """Failures counted before any die is rolled: one for a Coward under the readings that add it."""
    return 1 if coward in (Coward.COMBINED, Coward.AUTO_FAILURE) else 0


def _check(dice: int) -> None:
    if not 1 <= dice <= MAX_DICE:
        raise RuleError("BAT-MORALE-TEST", msg("a morale test rolls 1 to {top} dice, not {dice}", top=MAX_DICE,
                                                    dice=dice))


def morale_test(quality: int, n_dice: int = DICE_PER_TEST, *, coward: Coward = Coward.NONE, reroll: bool = False,
                who: Message | str = msg("the base")) -> Proc[Morale]:
    """One morale test as a dice procedure: roll, count the dice above Quality, re-roll one failed die if a
    Standard Bearer is near, add a Coward's automatic failure, and read the band, each step told.

    ``n_dice`` is 3 for an ordinary test and the AP spent for Terror.  Failures are capped at ``n_dice`` (a
    Coward's automatic failure cannot push a three-die test past 3).  Quality 0 or less fails every die; 6 or more
    none.
    """
    _check(n_dice)

    def judge(face: int) -> DieEffect:
        return DieEffect.SAVE if passes(face, quality) else DieEffect.FAIL

    rolled = dice_rolled(n_dice, coward)
    above = [f for f in range(1, 7) if not passes(f, quality)]
    first = count(rolled, above, msg("morale of {who}", who=who), judge, note=lambda faces: Said(nmsg(
        "Morale test of {who}: {n} die against Quality {quality}, {above} above it.",
        "Morale test of {who}: {n} dice against Quality {quality}, {above} above it.",
        n=rolled, who=who, quality=quality, above=sum(f in above for f in faces))))

    def again(failed: int) -> Proc[int]:
        if not (reroll and failed):
            return done(failed)
        return die(6, msg("Standard Bearer's re-roll for {who}", who=who), judge,
                   read=lambda f: failed - 1 + (f in above),
                   note=lambda f: Said(msg("The Standard Bearer lets {who} roll one failed die again: it shows "
                                           "{face}.", who=who, face=f)))

    auto = automatic_failures(coward)
    return first.then(again).log(
        lambda _: Said(msg("Being a Coward adds {auto} automatic failure.", auto=auto)) if auto else None).map(
        lambda k: _result(min(n_dice, k + auto))).log(
        lambda r: Said(nmsg("{n} failure for {who}: {band}.", "{n} failures for {who}: {band}.", n=r.failures,
                            who=who, band=r.band)))


@cache
def morale_exact(quality: int, dice: int = DICE_PER_TEST, *, coward: Coward = Coward.NONE,
                 reroll: bool = False) -> Dist[Morale]:
    """The exact law of one morale test (:func:`morale_test`) of a base of (current) Quality ``quality``.

    >>> morale_exact(4)[Morale(3, Band.FLEES)]
    Fraction(1, 27)
    """
    return evaluate(morale_test(quality, dice, coward=coward, reroll=reroll))


def _result(failures: int) -> Morale:
    return Morale(failures, band_of(failures))


def play_morale(quality: int, dice: DiceSource, n_dice: int = DICE_PER_TEST, *, coward: Coward = Coward.NONE,
                reroll: bool = False, who: Message | str = msg("the base")) -> Morale:
    """Play one morale test with real dice (:func:`morale_test`)."""
    return play(morale_test(quality, n_dice, coward=coward, reroll=reroll, who=who), dice)

