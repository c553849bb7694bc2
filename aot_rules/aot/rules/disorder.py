"""The disorder test (тест на потерю строя), which many rules borrow.

Its dice are written once (:func:`deciding_dice`, :func:`disorder_procedure`): the table plays them
(:func:`take_disorder_test`) and the rules that borrow the test read their exact laws from them.

One d6 against the unit's own density: below it, that many formed warriors
become disordered.  Countercharges, turns, rough ground and retreats all use it.
A regular unit (its musician, AOT-PROP-REGULAR) rolls a failed test again and
keeps the better die: a pass beats a fail, and of two fails the lower loses fewer.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from aot_rules.aot.events import Tested
from aot_rules.aot.units import Unit
from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.evaluate import evaluate, play
from aot_rules.core.events import DieEffect, PieceId
from aot_rules.core.i18n import Message, msg
from aot_rules.core.procedure import Proc, die, done

#: The caption of a disorder test's die when the rule that calls for it gives none.
DISORDER_TEST = msg("disorder test")


def disorder_loss(roll: int, density: int, formed: int) -> int:
    """AOT-DISORDER-TEST: warriors lost to a roll (capped at the formed warriors, per the Reading).

    >>> [disorder_loss(r, 4, 8) for r in range(1, 7)]
    [1, 2, 3, 0, 0, 0]
    """
    return min(roll, formed) if roll < density else 0


def kept_die(first: int, second: int, density: int) -> int:
    """AOT-PROP-REGULAR, Reading: of two dice for one test, keep the better: a pass beats a fail, and of
    two fails the lower loses fewer.  The same choice serves a player picking his test die (AOT-TROT).

    >>> kept_die(2, 5, 4), kept_die(3, 1, 4), kept_die(1, 3, 4), kept_die(5, 1, 4)
    (5, 1, 1, 5)
    """
    high = max(first, second)
    return high if high >= density else min(first, second)


class Test(NamedTuple):
    """A test as rolled: the die kept, the dice behind it (the first, and a regular unit's re-roll of a failure)
    and the warriors it costs."""

    roll: int
    rolled: tuple[int, ...]
    lost: int


def deciding_dice(density: int, regular: bool = False, why: Message = DISORDER_TEST, *,
              first: int | None = None) -> Proc[tuple[int, tuple[int, ...]]]:
    """The deciding die of a test against ``density`` as a dice procedure: (the die kept, the dice behind it).
    A regular unit rolls a failure again and keeps the better die; ``first``: a die already rolled, when the
    rule rolled it with others (the trot's two dice)."""

    def judge(r: int) -> DieEffect:
        return DieEffect.FAIL if r < density else DieEffect.NONE

    def after(roll: int) -> Proc[tuple[int, tuple[int, ...]]]:
        if regular and roll < density:
            return die(6, msg("{test}: the musician's re-roll", test=why), judge).map(
                lambda again: (kept_die(roll, again, density), (roll, again)))
        return done((roll, (roll,)))

    return (die(6, why, judge) if first is None else done(first)).then(after)


def disorder_procedure(density: int, formed: int, regular: bool = False, why: Message = DISORDER_TEST) -> Proc[Test]:
    """AOT-DISORDER-TEST as a dice procedure: the deciding die and the warriors it disorders."""
    return deciding_dice(density, regular, why).map(lambda kept: Test(*kept, disorder_loss(kept[0], density, formed)))


@cache
def disorder_test(density: int, formed: int, regular: bool = False) -> Dist[int]:
    """Exact distribution of warriors disordered by one test.

    >>> [disorder_test(d, 10, True).prob(lambda k: k > 0) for d in (2, 5)]
    [Fraction(1, 36), Fraction(4, 9)]
    """
    return evaluate(disorder_procedure(density, formed, regular)).map(lambda t: t.lost)


def roll_test_die(unit: Unit, dice: DiceSource, why: Message = DISORDER_TEST, *, against: int | None = None,
                  first: int | None = None) -> int:
    """Roll the deciding die of a test for ``unit``: a regular unit rolls a failure again.

    ``against``: the number to reach when it is not the unit's own density (a panicking unit's strength,
    the 3 of a friendly elephant); ``first``: a die already rolled, when the rule rolled it with others.
    """
    return roll_test_dice(unit, dice, why, against=against, first=first)[0]


def roll_test_dice(unit: Unit, dice: DiceSource, why: Message = DISORDER_TEST, *, against: int | None = None,
                   first: int | None = None) -> tuple[int, tuple[int, ...]]:
    """:func:`roll_test_die`, and the dice behind it: the first die and, for a regular unit whose first die
    failed, its re-roll (what the unit's :class:`Tested` event records, so a narrative can tell it)."""
    return play(deciding_dice(unit.density if against is None else against, unit.regular, why, first=first), dice)


def unit_test(unit: Unit, why: Message = DISORDER_TEST, piece: PieceId = "") -> Proc[Test]:
    """The test of ``unit`` as a dice procedure, logged as its ``Tested`` (``piece``: the table's id for the unit,
    which the event carries, opaque here)."""
    return disorder_procedure(unit.density, unit.formed, unit.regular, why).log(
        lambda t: Tested(unit.name, t.roll, unit.density, t.lost, t.rolled if len(t.rolled) > 1 else (), piece))


def take_disorder_test(unit: Unit, dice: DiceSource, why: Message = DISORDER_TEST, piece: PieceId = ""
                       ) -> tuple[Unit, int]:
    """Roll the test for ``unit``; return the unit after it and the warriors lost.  ``piece``: the table's id for
    the unit, which the event carries (opaque here)."""
    lost = play(unit_test(unit, why, piece), dice).lost
    return unit.take_losses(0, lost), lost

