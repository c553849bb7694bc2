"""Command (Командование): slots, the initiative roll, and the two dice-driven ways to give an order.

Before the battle each player writes a name on each face of a d6 — a general or
"individual unit" — and every turn one die each decides which of those faces
(slots) come up.  Who may then order whom is bookkeeping (``orders.py``); what
lives here is everything a die decides: which slots a roll activates, how often
a planned allocation lets each general act, the messenger's and the signal's
reach, and the run of initiative doubles that brings the weather.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum
from fractions import Fraction
from functools import cache
from typing import NamedTuple

from aot_rules.aot.events import InitiativeRolled, SlotPlayed
from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate, play
from aot_rules.core.events import DieEffect
from aot_rules.core.i18n import Message, msg, text, vocabulary
from aot_rules.core.procedure import Proc, both, die, until

SLOTS = (1, 2, 3, 4, 5, 6)
INDIVIDUAL = "individual"


# --- the initiative roll (AOT-CMD-INITIATIVE) ------------------------------------------------


class Initiative(NamedTuple):
    """One turn's initiative dice, after any ties have been rolled again: mine and the opponent's."""

    mine: int
    theirs: int


def activated_slots(mine: int, theirs: int) -> tuple[int, ...]:
    """My slots a pair of initiative dice activates, in the order they are played.

    The higher roller plays from his own number down to, but not including, the other's;
    the lower roller then plays from his own number down to 1.  A tie activates nothing:
    it is rolled again (AOT-CMD-DOUBLES, Reading).

    >>> activated_slots(4, 2), activated_slots(2, 4), activated_slots(6, 1), activated_slots(1, 6)
    ((4, 3), (2, 1), (6, 5, 4, 3, 2), (1,))
    """
    if not (1 <= mine <= 6 and 1 <= theirs <= 6):
        raise RuleError("AOT-CMD-INITIATIVE", msg("initiative dice show 1 to 6, not {mine} and {theirs}", mine=mine,
                                                  theirs=theirs))
    if mine == theirs:
        raise RuleError("AOT-CMD-DOUBLES", msg("a tie ({mine}:{theirs}) activates no slot: the dice are rolled again",
                                               mine=mine, theirs=theirs))
    stop = theirs if mine > theirs else 0
    return tuple(range(mine, stop, -1))


def initiative_pair() -> Proc[InitiativeRolled]:
    """One throw of both initiative dice (mine first), logged, as a dice procedure."""
    return both(die(6, msg("my initiative")), die(6, msg("opponent's initiative"))).map(
        lambda ab: InitiativeRolled(*ab)).log(lambda pair: pair)


def initiative() -> Proc[Initiative]:
    """AOT-CMD-INITIATIVE as a dice procedure: both players roll; every tie is logged (the players may rewrite
    their slots) and rolled again (AOT-CMD-DOUBLES, Reading)."""
    return until(initiative_pair(), lambda pair: not pair.double).map(lambda p: Initiative(p.mine, p.theirs))


@cache
def initiative_exact() -> Dist[Initiative]:
    """The initiative dice of the turn that is actually played: ties are re-rolled, so the 30
    unequal ordered pairs are equally likely (AOT-CMD-INITIATIVE with AOT-CMD-DOUBLES' Reading)."""
    return evaluate(initiative())


def roll_pair(dice: DiceSource) -> InitiativeRolled:
    """One throw of both initiative dice (mine first), logged; a tie is the caller's to handle: the players
    may rewrite their slots, then the dice are rolled again (AOT-CMD-DOUBLES, Reading)."""
    return play(initiative_pair(), dice)


def roll_initiative(dice: DiceSource) -> Initiative:
    """Both players roll; every tie is logged (the players may rewrite their slots) and rolled again."""
    return play(initiative(), dice)


class SlotOdds(NamedTuple):
    """What one turn's initiative gives a player: how many slots, and whether he plays first."""

    slots: int
    first: bool
    activated: frozenset[int]


def play_slots(mine: Sequence[str], theirs: Sequence[str], roll: Initiative, dice: DiceSource,
               names: tuple[str, str] | None = None) -> tuple[SlotPlayed, ...]:
    """The command phase of one turn: every slot that comes up, in the order it is played.

    The higher roller plays his slots from his number down to the other's (excluded); then the
    lower roller plays his from his number down to 1 (AOT-CMD-INITIATIVE, AOT-CMD-SLOT-ORDER).
    ``mine`` and ``theirs`` are the owners of slots 1 to 6; ``names`` the players' names (by default "me" and
    "the opponent" in the reader's language).
    """
    if names is None:
        names = (text(msg("me")), text(msg("the opponent")))
    sides = [(names[0], check_allocation(mine), roll.mine, roll.theirs),
             (names[1], check_allocation(theirs), roll.theirs, roll.mine)]
    sides.sort(key=lambda s: -s[2])
    return tuple(dice.emit(SlotPlayed(who, slot, owners[slot - 1]))
                 for who, owners, own, other in sides for slot in activated_slots(own, other))


def slot_odds(roll: Initiative) -> SlotOdds:
    act = activated_slots(roll.mine, roll.theirs)
    return SlotOdds(len(act), roll.mine > roll.theirs, frozenset(act))


def slot_activation() -> Proc[SlotOdds]:
    """AOT-CMD-INITIATIVE read as my activated slots over one turn, as a dice procedure."""
    return initiative().map(slot_odds)


def slot_activation_exact() -> Dist[SlotOdds]:
    """Exact joint law of my activated slots over one turn (:func:`slot_activation`)."""
    return evaluate(slot_activation())


# --- planning an allocation (AOT-CMD-SLOTS) --------------------------------------------------


def check_allocation(owners: Sequence[str]) -> tuple[str, ...]:
    """An allocation lists the owner of slots 1 to 6: a general's name or ``individual``.

    One general per slot is built into the shape (each slot has one owner); a general may
    hold several slots, and "individual unit" any number.

    >>> check_allocation(["A", "A", "B", "individual", "B", "A"])
    ('A', 'A', 'B', 'individual', 'B', 'A')
    """
    if len(owners) != 6:
        raise RuleError("AOT-CMD-SLOTS", msg("an allocation names the owners of all six slots, not {n}", n=len(owners)))
    if any(not o for o in owners):
        raise RuleError("AOT-CMD-SLOTS", msg("every slot needs an owner: a general or 'individual'"))
    return tuple(owners)


def generals_of(owners: Sequence[str]) -> tuple[str, ...]:
    """The generals named in an allocation, by name."""
    return tuple(sorted({o for o in owners if o != INDIVIDUAL}))


class Plan(NamedTuple):
    """One turn under an allocation: the slots played, and who got to act (at least once)."""

    slots: int
    acting: frozenset[str]
    individual: int

    @property
    def generals(self) -> int:
        """How many different generals act."""
        return len(self.acting)


def plan_turn(owners: tuple[str, ...], activated: frozenset[int]) -> Plan:
    """Which owners a set of activated slots brings into play; a general who comes up twice still
    acts once with his own unit (AOT-CMD-SLOTS)."""
    up = [owners[s - 1] for s in sorted(activated)]
    return Plan(len(up), frozenset(o for o in up if o != INDIVIDUAL), sum(o == INDIVIDUAL for o in up))


def plan(owners: tuple[str, ...]) -> Proc[Plan]:
    """AOT-CMD-SLOTS as a dice procedure: one turn's command under the allocation ``owners`` (slots 1 to 6)."""
    check_allocation(owners)
    return slot_activation().map(lambda s: plan_turn(owners, s.activated))


# --- activation by dice (AOT-CMD-MESSENGER, AOT-CMD-SIGNAL) ----------------------------------


@vocabulary({'success': msg('success'), 'failure': msg('failure')})
class Delivery(StrEnum):
    """Whether an order got through, in reading order."""

    SUCCESS = "success"
    FAILURE = "failure"


def _check_distance(rule_id: str, distance: Fraction) -> None:
    if distance <= 0:
        raise RuleError(rule_id, msg("the distance must be more than 0 inches, not {distance}", distance=distance))


def order(rule_id: str, why: Message, distance: Fraction, gets_through: Callable[[int], bool]) -> Proc[Delivery]:
    """An order carried by one die read against a distance (messenger, signal), as a dice procedure; the die strip
    marks a failed one."""
    _check_distance(rule_id, distance)
    return die(6, why, lambda f: DieEffect.NONE if gets_through(f) else DieEffect.FAIL,
               read=lambda r: Delivery.SUCCESS if gets_through(r) else Delivery.FAILURE)


def messenger_delivers(roll: int, distance: Fraction, equal_succeeds: bool = False) -> bool:
    """AOT-CMD-MESSENGER: the die must beat the distance in inches; a tie fails (Reading).

    >>> [messenger_delivers(r, Fraction(3)) for r in (3, 4)], messenger_delivers(3, Fraction(3), True)
    ([False, True], True)
    """
    return roll >= distance if equal_succeeds else roll > distance


def messenger_exact(distance: Fraction, equal_succeeds: bool = False) -> Dist[Delivery]:
    """Exact law of a messenger's order.

    >>> messenger_exact(Fraction(2))[Delivery.SUCCESS], messenger_exact(Fraction(5, 2))[Delivery.SUCCESS]
    (Fraction(2, 3), Fraction(2, 3))
    """
    return evaluate(messenger(distance, equal_succeeds))


def messenger(distance: Fraction, equal_succeeds: bool = False) -> Proc[Delivery]:
    """AOT-CMD-MESSENGER as a dice procedure."""
    return order("AOT-CMD-MESSENGER", msg("messenger"), distance,
                 lambda r: messenger_delivers(r, distance, equal_succeeds))


def signal_reaches(radius: int, distance: Fraction, strictly_within: bool = False) -> bool:
    """AOT-CMD-SIGNAL: the die is the radius in inches; a unit at exactly that distance hears it (Reading).

    >>> signal_reaches(3, Fraction(3)), signal_reaches(3, Fraction(3), True), signal_reaches(3, Fraction(7, 2))
    (True, False, False)
    """
    return distance < radius if strictly_within else distance <= radius


def signal_exact(distance: Fraction, strictly_within: bool = False) -> Dist[Delivery]:
    """Exact law of a signal reaching a unit ``distance`` inches from the general's base.

    >>> signal_exact(Fraction(5, 2))[Delivery.SUCCESS], signal_exact(Fraction(7))[Delivery.SUCCESS]
    (Fraction(2, 3), Fraction(0, 1))
    """
    return evaluate(signal(distance, strictly_within))


def signal(distance: Fraction, strictly_within: bool = False) -> Proc[Delivery]:
    """AOT-CMD-SIGNAL as a dice procedure."""
    return order("AOT-CMD-SIGNAL", msg("signal radius"), distance,
                 lambda r: signal_reaches(r, distance, strictly_within))
