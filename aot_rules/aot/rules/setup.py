"""Setting up the battle (Генерация местности и расстановка войск): the terrain bid and the
meeting engagement, the two set-ups a die decides.

Placing terrain, camps and units is geometry for the table-top engine; the bid
that decides how much terrain there is and who defends is a small game of its
own, played out here exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import NamedTuple

from aot_rules.aot.events import OffRoll
from aot_rules.aot.vocabulary import RollOff
from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import msg, vocabulary
from aot_rules.core.procedure import Proc, both, chain, die, part, until


def _throw(why: RollOff) -> Proc[OffRoll]:
    """One throw of both players' dice (mine first), logged."""
    return both(die(6, msg("{roll}: mine", roll=why)), die(6, msg("{roll}: opponent's", roll=why))).map(
        lambda ab: OffRoll(why, *ab)).log(lambda off: off)


def roll_off(why: RollOff) -> Proc[OffRoll]:
    """Both players roll a die, again and again until they differ (ties re-rolled: Reading)."""
    return until(_throw(why), lambda off: off.mine != off.theirs)


# --- the terrain bid (AOT-TERRAIN-BID) ---------------------------------------------------------


@vocabulary({'defender': msg('defender'), 'attacker': msg('attacker')})
class Role(StrEnum):
    """Who defends (places the terrain, deploys first) and who attacks."""

    DEFENDER = "defender"
    ATTACKER = "attacker"


class Bid(NamedTuple):
    """Where a bid ended: how many terrain elements, and whether the opener defends."""

    elements: int
    opener_defends: bool


def opening() -> Proc[int]:
    """AOT-TERRAIN-BID's dice as a procedure: the higher roller opens the bid with his own number, so k comes with
    chance (k−1)/15.

    >>> from aot_rules.core.evaluate import evaluate
    >>> law = evaluate(opening())
    >>> law[6], law[1]
    (Fraction(1, 3), Fraction(0, 1))
    """
    return part(roll_off, RollOff.TERRAIN_BID).map(lambda off: max(off.mine, off.theirs))


def bid(opening: int, answers: Sequence[bool]) -> Bid:
    """Play the bid from ``opening``: ``answers`` are the successive replies, True for "I accept".

    The opener offers ``opening`` elements and the role of defender to himself; a refusal makes the
    refuser the would-be defender at one element fewer, and so on.  At one element the player
    receiving the offer must accept and attack (Reading).  Answers left over are refused.

    >>> bid(4, [True]), bid(4, [False, True]), bid(3, [False, False])
    (Bid(elements=4, opener_defends=True), Bid(elements=3, opener_defends=False), Bid(elements=1, opener_defends=True))
    """
    if not 1 <= opening <= 6:
        raise RuleError("AOT-TERRAIN-BID", msg("the opening offer is a die's face, 1 to 6, not {opening}",
                                               opening=opening))
    count, opener_offers = opening, True
    for i, accept in enumerate(answers):
        if accept or count == 1:
            if not accept:
                raise RuleError("AOT-TERRAIN-BID", msg("at one element the offer must be accepted: the one receiving "
                                                       "it attacks"))
            if i != len(answers) - 1:
                raise RuleError("AOT-TERRAIN-BID", msg("the bid is over once an offer is accepted"))
            return Bid(count, opener_offers)
        count, opener_offers = count - 1, not opener_offers
    if count != 1:
        raise RuleError("AOT-TERRAIN-BID", msg("the bid is still open at {count} elements: someone must answer",
                                               count=count))
    return Bid(count, opener_offers)


# --- the meeting engagement (AOT-MEETING) ------------------------------------------------------


MAX_ROUNDS = 12


def _check_rounds(rounds: int) -> None:
    if not 1 <= rounds <= MAX_ROUNDS:
        raise RuleError("AOT-MEETING", msg("rounds run from 1 to {most}, not {rounds}", most=MAX_ROUNDS,
                                           rounds=rounds))


def meeting(rounds: int) -> Proc[int]:
    """AOT-MEETING's dice as a procedure: how many of ``rounds`` placing roll-offs I win (a chain of rounds):
    ties are rolled again, so each round is an even chance."""
    _check_rounds(rounds)
    return chain(0, rounds, lambda _, won: part(roll_off, RollOff.PLACING).map(
        lambda off: won + (off.mine > off.theirs)))


