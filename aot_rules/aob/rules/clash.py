"""The clash (столкновение): the shock before a melee, which may send one side running at once.

The sheet gives the factors and the casualty roll but leaves most of the procedure to a base
rulebook that is not in the source.  Everything here follows the index's Readings of AOB-CLASH:

1. each side's target T = (lowest front-rank Attack) − (enemy Defence) + fighting spirit;
2. both sides roll the game die at once (a d20 by default); a roll of T or less succeeds;
3. a side that succeeds rolls again: the enemy loses ⌈roll / 3⌉ men (AOB-CLASH-CASUALTIES);
4. a side whose score is at least double the other's, and above zero, wins: the other flees;
   otherwise the melee starts.  The score is the men the side killed (a failed clash scores 0).

Which numbers step 4 compares is the least certain Reading: :class:`Compare` offers the
casualty dice themselves and the clash dice as the alternatives.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from fractions import Fraction
from functools import partial
from math import ceil
from typing import Any, NamedTuple, TypeVar

from aot_rules.aob.rules.die import Direction, GameDie, check_face, succeeds
from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate, play
from aot_rules.core.events import DieEffect, Said
from aot_rules.core.i18n import Message, Possessive, msg, nmsg, vocabulary
from aot_rules.core.procedure import Proc, both, done
from aot_rules.core.procedure import die as dice_die
from aot_rules.core.verdict import Verdict

CLASH = "AOB-CLASH"
CASUALTIES = "AOB-CLASH-CASUALTIES"
RANKS = "AOB-CLASH-RANKS"
FACTORS = "AOB-CLASH-FACTORS"

# --- fighting spirit (AOB-CLASH-FACTORS, AOB-CLASH-RANKS) ----------------------------------------


@vocabulary({'spearmen': msg('spearmen'), 'pikemen': msg('pikemen'), "other": msg('other troops')}, formerly={
    "other troops": "other"
})
class Troop(StrEnum):
    """Who earns rank bonuses: only spearmen and pikemen (AOB-CLASH-RANKS)."""

    SPEARMEN = "spearmen"
    PIKEMEN = "pikemen"
    OTHER = "other"


@vocabulary({"front": msg('in front'), "flank": msg('in the flank'), "rear": msg('in the rear')}, formerly={
    "in front": "front", "in the flank": "flank", "in the rear": "rear"
})
class Attacked(StrEnum):
    """Where the enemy strikes this regiment (the penalty falls on the regiment struck: Reading)."""

    FRONT = "front"
    FLANK = "flank"
    REAR = "rear"


#: The clash factors, in the sheet's order: (what, value, rule that explains it).
FACTOR_TABLE: tuple[tuple[Message, int | Message, str], ...] = (
    (msg("cavalry charge"), +2, FACTORS),
    (msg("each complete rank (spearmen and pikemen only; pikemen four deep: +2 a rank)"), msg("+1 a rank"), RANKS),
    (msg("each covered flank"), +1, "AOB-COVERED-FLANK"),
    (msg("a general with the regiment"), +1, "AOB-GENERAL"),
    (msg("accelerated (hastened) movement"), -1, FACTORS),
    (msg("attacked in the flank"), -2, FACTORS),
    (msg("attacked in the rear"), -3, FACTORS),
    (msg("higher up a hill slope"), +1, "AOB-CLASH-TERRAIN"),
    (msg("wider frontage, each side that overlaps"), +1, FACTORS),
)


def rank_bonus(troop: Troop, complete_ranks: int) -> int:
    """AOB-CLASH-RANKS: +1 a complete rank for spearmen (ranks 1–4) and pikemen (ranks 1–3); pikemen
    with four complete ranks get +2 for every rank, i.e. +8 (Reading).  Nobody else counts ranks.

    >>> [rank_bonus(Troop.SPEARMEN, r) for r in range(6)]
    [0, 1, 2, 3, 4, 4]
    >>> [rank_bonus(Troop.PIKEMEN, r) for r in range(6)]
    [0, 1, 2, 3, 8, 8]
    >>> rank_bonus(Troop.OTHER, 4)
    0
    """
    if complete_ranks < 0:
        raise RuleError(RANKS, msg("a regiment has 0 or more complete ranks, not {ranks}", ranks=complete_ranks))
    if troop is Troop.SPEARMEN:
        return min(complete_ranks, 4)
    if troop is Troop.PIKEMEN:
        return 8 if complete_ranks >= 4 else complete_ranks
    return 0


def fighting_spirit(*, troop: Troop = Troop.OTHER, complete_ranks: int = 0, cavalry_charge: bool = False,
                    covered_flanks: int = 0, general: bool = False, hastened: bool = False,
                    attacked: Attacked = Attacked.FRONT, uphill: bool = False, wider_sides: int = 0) -> int:
    """The sum of the clash factors (AOB-CLASH-FACTORS): the regiment's fighting spirit.

    A standard bearer and a musician add nothing (AOB-STANDARD, AOB-MUSICIAN), so they are not inputs.

    >>> fighting_spirit(troop=Troop.SPEARMEN, complete_ranks=3, covered_flanks=1, general=True)
    5
    >>> fighting_spirit(cavalry_charge=True, hastened=True, attacked=Attacked.REAR)
    -2
    """
    if not 0 <= covered_flanks <= 2 or not 0 <= wider_sides <= 2:
        raise RuleError(FACTORS, msg("a regiment has two flanks: covered flanks and wider sides run from 0 to 2"))
    penalty = {Attacked.FRONT: 0, Attacked.FLANK: -2, Attacked.REAR: -3}[attacked]
    return (rank_bonus(troop, complete_ranks) + 2 * cavalry_charge + covered_flanks + general - hastened
            + penalty + uphill + wider_sides)


def clash_target(attack: int, enemy_defence: int, spirit: int) -> int:
    """T = (lowest Attack in the front rank) − (the enemy's Defence) + fighting spirit.

    >>> clash_target(9, 5, 3)
    7
    """
    return attack - enemy_defence + spirit


# --- casualties (AOB-CLASH-CASUALTIES) --------------------------------------------------------------

T = TypeVar("T")


def _identity(face: int) -> Any:
    return face



def casualties_of(face: int, die: GameDie = GameDie.D20) -> int:
    """Men the enemy loses for a casualty roll: the face divided by 3, rounded up.

    >>> [casualties_of(f) for f in (1, 3, 4, 20)]
    [1, 1, 2, 7]
    """
    check_face(face, die, CASUALTIES)
    return ceil(Fraction(face, 3))


def casualty_die(die: GameDie = GameDie.D20, enemy: Message | str = "the enemy",
                 read: Callable[[int], T] = _identity) -> Proc[T]:
    """AOB-CLASH-CASUALTIES as a dice procedure: one roll of the game die for the enemy's losses, told, whose value
    is what ``read`` makes of the face (the face itself by default)."""
    def told(face: int) -> Said:
        return Said(nmsg("The casualty die shows {face}; {face}/3 rounded up is {n}: {enemy} loses {n} man.",
                         "The casualty die shows {face}; {face}/3 rounded up is {n}: {enemy} loses {n} men.",
                         n=casualties_of(face, die), face=face, enemy=enemy))

    return dice_die(die.sides, msg("casualty roll against {enemy}", enemy=enemy), read=read, note=told)


def casualties_law(die: GameDie = GameDie.D20) -> Dist[int]:
    """The exact law of the men lost after a successful clash (:func:`casualty_die`).

    >>> casualties_law(GameDie.D6)
    Dist({1: 1/2, 2: 1/2})
    """
    return evaluate(casualty_die(die, read=lambda f: casualties_of(f, die)))


def roll_casualties(dice: DiceSource, die: GameDie = GameDie.D20, enemy: str = "the enemy") -> tuple[int, int]:
    """Roll for the enemy's losses; returns (face, men lost)."""
    return play(casualty_die(die, enemy, lambda f: (f, casualties_of(f, die))), dice)


# --- the whole clash (AOB-CLASH) ---------------------------------------------------------------------


@vocabulary({"men": msg('men killed'), "casualty-dice": msg('casualty dice'), "clash-dice": msg('clash dice')},
            formerly={
    "men killed": "men", "casualty dice": "casualty-dice", "clash dice": "clash-dice"
})
class Compare(StrEnum):
    """What "at least double the other" compares (AOB-CLASH, Reading 4)."""

    MEN = "men"
    CASUALTY_DICE = "casualty-dice"
    CLASH_DICE = "clash-dice"


@vocabulary({"a-wins": msg('B flees'), "melee": msg('melee begins'), "b-wins": msg('A flees')}, formerly={
    "B flees": "a-wins", "melee begins": "melee", "A flees": "b-wins"
})
class ClashResult(StrEnum):
    """How a clash ends, in reading order: A wins · melee · B wins (the core's three-way :class:`Verdict`)."""

    A_WINS = "a-wins"
    MELEE = "melee"
    B_WINS = "b-wins"

    @property
    def verdict(self) -> Verdict:
        return {ClashResult.A_WINS: Verdict.FIRST, ClashResult.B_WINS: Verdict.SECOND}.get(self, Verdict.CONTINUE)


class ClashOutcome(NamedTuple):
    """The result and the men each side lost (a side's losses are what the other side's roll killed)."""

    result: ClashResult
    a_losses: int
    b_losses: int
    a_hit: bool
    b_hit: bool


def verdict(a_score: int, b_score: int) -> ClashResult:
    """A score at least double the other's, and above zero, wins; anything else is a melee.

    >>> verdict(2, 1), verdict(1, 1), verdict(0, 0), verdict(3, 0), verdict(2, 5)
    (<ClashResult.A_WINS: 'a-wins'>, <ClashResult.MELEE: 'melee'>, <ClashResult.MELEE: 'melee'>, \
<ClashResult.A_WINS: 'a-wins'>, <ClashResult.B_WINS: 'b-wins'>)
    """
    if a_score > 0 and a_score >= 2 * b_score:
        return ClashResult.A_WINS
    if b_score > 0 and b_score >= 2 * a_score:
        return ClashResult.B_WINS
    return ClashResult.MELEE


def _score(compare: Compare, clash_face: int, casualty_face: int, men: int) -> int:
    return {Compare.MEN: men, Compare.CASUALTY_DICE: casualty_face, Compare.CLASH_DICE: clash_face}[compare]


def clash(a_target: int, b_target: int, die: GameDie = GameDie.D20, direction: Direction = Direction.AT_MOST,
          compare: Compare = Compare.MEN) -> Proc[ClashOutcome]:
    """One clash between A and B as a dice procedure: both clash rolls at once (Reading 5), each told; the casualty
    roll of each side that hit, A's first; the verdict, told.  Each die is read only as far as the comparison needs
    it (a clash roll as hit or miss unless its face is the score; a casualty roll as the men it kills unless its
    face is the score), so the exact law stays small."""
    def side(name: str, target: int) -> Proc[tuple[bool, int]]:
        def told(face: int) -> Said:
            values = {"side": name, "need": direction.need(target), "die": die, "face": face}
            if succeeds(face, target, direction):
                return Said(msg("{side} needs {need} on the {die} and rolls {face}: the clash succeeds.", **values))
            return Said(msg("{side} needs {need} on the {die} and rolls {face}: no effect.", **values))

        def read(face: int) -> tuple[bool, int]:
            hit = succeeds(face, target, direction)
            return hit, face if hit and compare is Compare.CLASH_DICE else 0

        caption = msg("{side} clash roll (needs {need})", side=Possessive(name), need=direction.need(target))
        return dice_die(die.sides, caption, partial(_judge, target=target, direction=direction), read=read, note=told)

    def kills(rolled: tuple[bool, int], enemy: str) -> Proc[tuple[int, int]]:
        """(score, men) of one side: nothing for a failed clash, else what its casualty roll kills."""
        hit, clash_face = rolled
        if not hit:
            return done((0, 0))
        if compare is Compare.CASUALTY_DICE:
            return casualty_die(die, enemy, lambda f: (f, casualties_of(f, die)))
        return casualty_die(die, enemy, lambda f: casualties_of(f, die)).map(
            lambda men: (clash_face if compare is Compare.CLASH_DICE else men, men))

    def judged(ab: tuple[tuple[bool, int], tuple[bool, int]]) -> Proc[tuple[ClashOutcome, int, int]]:
        return both(kills(ab[0], "B"), kills(ab[1], "A")).map(
            lambda k: (ClashOutcome(verdict(k[0][0], k[1][0]), k[1][1], k[0][1], ab[0][0], ab[1][0]), k[0][0],
                       k[1][0]))

    def told(r: tuple[ClashOutcome, int, int]) -> Said:
        scores = {"compare": compare, "a": r[1], "b": r[2]}
        return Said({
            ClashResult.A_WINS: msg("Comparing {compare}: A {a}, B {b}: A has at least double, so B turns and flees "
                                    "at half again its speed.", **scores),
            ClashResult.B_WINS: msg("Comparing {compare}: A {a}, B {b}: B has at least double, so A turns and flees "
                                    "at half again its speed.", **scores),
            ClashResult.MELEE: msg("Comparing {compare}: A {a}, B {b}: neither has double the other, so the melee "
                                   "begins.", **scores)}[r[0].result])

    return both(side("A", a_target), side("B", b_target)).then(judged).log(told).map(_outcome)


def _outcome(r: tuple[ClashOutcome, int, int]) -> ClashOutcome:
    return r[0]


def clash_law(a_target: int, b_target: int, die: GameDie = GameDie.D20,
              direction: Direction = Direction.AT_MOST, compare: Compare = Compare.MEN) -> Dist[ClashOutcome]:
    """The exact law of one clash between A and B (:func:`clash`)."""
    return evaluate(clash(a_target, b_target, die, direction, compare))


def _judge(face: int, target: int, direction: Direction) -> DieEffect:
    """How the dice strip colours a clash roll: a hit when it succeeds."""
    return DieEffect.HIT if succeeds(face, target, direction) else DieEffect.NONE
