"""Skirmish melee (§8): the dice pool, its percentage changes, overwhelming odds, the roll and the result.

A melee is Group against Group.  Each side builds a pool of d6 (SP-MELEE-DICE), scales it by the
percentages (SP-MELEE-MODS-PCT), and unless one pool swamps the other (SP-MELEE-OVERWHELM) both roll:
every 6 kills an enemy man, every 5 gives him a Shock point (SP-MELEE-ROLL).  The side that killed
fewer men falls back by a distance set by the difference (SP-MELEE-RESULT).
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from math import ceil, floor
from typing import NamedTuple

from aot_rules.core.errors import RuleError
from aot_rules.core.events import DieEffect, Said
from aot_rules.core.i18n import Message, msg, vocabulary
from aot_rules.core.procedure import Proc, both, done, pool
from aot_rules.core.verdict import Verdict


@vocabulary({
    'ordinary': msg('ordinary'), "guards": msg('grenadiers or guards'),
    "worn-out": msg('worn-out (доходяги)')
}, formerly={
    "grenadiers or guards": "guards", "worn-out (доходяги)": "worn-out"
})
class GroupKind(StrEnum):
    ORDINARY = "ordinary"
    GUARDS = "guards"
    WORN_OUT = "worn-out"


def melee_pool(men: int, *, leader_status: int = 0, fury: int = 0, other_heroes: int = 0, other_status: int = 0,
               quality_edge: int = 0, shock: int = 0, aggressive: bool = False,
               kind: GroupKind = GroupKind.ORDINARY, supporting_ranks: int = 0,
               pooled_status: bool = False) -> int:
    """SP-MELEE-DICE for one Group: one die a figure (Heroes and musicians included), then the list.

    Other Heroes add a die per two Status points, each Hero rounded down on his own (the index's
    Reading); ``pooled_status`` adds their Status up first.  The pool cannot go below 0.

    >>> melee_pool(6, leader_status=2, aggressive=True, shock=3)
    7
    >>> melee_pool(6, other_heroes=2, other_status=3), melee_pool(6, other_heroes=2, other_status=3, pooled_status=True)
    (8, 9)
    """
    if men < 0 or min(leader_status, fury, other_heroes, other_status, quality_edge, shock, supporting_ranks) < 0:
        raise RuleError("SP-MELEE-DICE", msg("figures, Status, fury, quality edge, Shock and ranks cannot be negative"))
    heroes = (other_heroes * other_status) // 2 if pooled_status else other_heroes * (other_status // 2)
    n = men + leader_status + fury + heroes + 2 * quality_edge - shock + (2 if aggressive else 0)
    n += {GroupKind.GUARDS: 2, GroupKind.WORN_OUT: -2}.get(kind, 0) + supporting_ranks
    return max(0, n)


def percent_pool(dice: int, bonus_pct: int, penalty_pct: int, separately: bool = False) -> int:
    """SP-MELEE-MODS-PCT: the Reading sums every percentage and applies the net once, a net gain rounded
    down and a net loss rounded up (the lancers' pattern); ``separately`` applies the summed gains
    (down) and the summed losses (up) each to the unmodified pool.  Never below 0.

    >>> percent_pool(9, 33, 50), percent_pool(9, 33, 50, separately=True)
    (7, 6)
    """
    if dice < 0 or bonus_pct < 0 or penalty_pct < 0:
        raise RuleError("SP-MELEE-MODS-PCT", msg("dice and percentages are given as non-negative numbers"))
    if separately:
        n = dice + floor(Fraction(dice * bonus_pct, 100)) - ceil(Fraction(dice * penalty_pct, 100))
    else:
        net = bonus_pct - penalty_pct
        change = Fraction(dice * abs(net), 100)
        n = dice + floor(change) if net >= 0 else dice - ceil(change)
    return max(0, n)


class PercentModifier(NamedTuple):
    """One line of SP-MELEE-MODS-PCT: the circumstance, the change to the pool in percent, and the rounding
    the source states for it ("down", "up"; empty where it states none)."""

    circumstance: Message
    percent: int
    rounding: str = ""


#: SP-MELEE-MODS-PCT, the source's percentage table, in its order: what :func:`percent_pool` sums.
PERCENTAGES: tuple[PercentModifier, ...] = (
    PercentModifier(msg("defending light cover"), 33),
    PercentModifier(msg("defending heavy cover"), 66),
    PercentModifier(msg("attacked in the flank or rear"), -50),
    PercentModifier(msg("caught by an ambush"), -50),
    PercentModifier(msg("lancers against other troops, first round"), 10, 'down'),
    PercentModifier(msg("lancers against other troops, later rounds"), -10, 'up'),
    PercentModifier(msg("infantry with empty muskets meeting a cavalry charge"), -33),
    PercentModifier(msg("cavalry charging with élan"), 25),
    PercentModifier(msg("cavalry charging unformed infantry in the open"), 100),
    PercentModifier(msg("cavalry charging a formed square"), -66),
    PercentModifier(msg("cavalry charging a square still forming"), -33),
    PercentModifier(msg("an infantry square against cavalry"), 50),
    PercentModifier(msg("cavalry against a line"), 25),
    PercentModifier(msg("cavalry against lighter cavalry"), 25),
    PercentModifier(msg("cavalry against troops in cover"), -66),
    PercentModifier(msg("cavalry charging at the gallop"), 25),
    PercentModifier(msg("cavalry on better horses than the enemy's"), 25),
)


class Strike(NamedTuple):
    """What one side's pool did to the enemy."""

    kills: int
    shock: int


def melee_dice(dice: int, classes: tuple[tuple[int, ...], ...], who: str = "") -> Proc[tuple[int, ...]]:
    """One side's melee roll as a dice procedure: ``dice`` d6 (a 6 kills, a 5 gives Shock, for the dice strip),
    counted by ``classes`` (what the caller reads: the 6s, or the 6s and the 5s) and told with both counts."""
    if dice < 0:
        raise RuleError("SP-MELEE-ROLL", msg("a pool cannot have fewer than 0 dice"))

    def said(faces: tuple[int, ...]) -> Said:
        kills, shock = faces.count(6), faces.count(5)
        if who:
            return Said(msg("{who} {dice} dice: {kills} six(es) kill, {shock} five(s) give Shock", who=who, dice=dice,
                            kills=kills, shock=shock))
        return Said(msg("{dice} dice: {kills} six(es) kill, {shock} five(s) give Shock", dice=dice, kills=kills,
                        shock=shock))

    return pool(dice, classes, msg("{who} melee die", who=who) if who else msg("melee die"),
                lambda f: DieEffect.HIT if f == 6 else DieEffect.SAVE if f == 5 else DieEffect.NONE, note=said)


def strike(dice: int, who: str = "") -> Proc[Strike]:
    """SP-MELEE-ROLL as a dice procedure: each die a kill (6), a Shock (5) or nothing, a multinomial split."""
    return melee_dice(dice, ((6,), (5,)), who).map(lambda ks: Strike(*ks))


def overwhelms(strong: int, weak: int, weak_recruits: bool) -> bool:
    """SP-MELEE-OVERWHELM: a pool at least 4 times the other's (3 times against recruits) wins outright."""
    return weak >= 0 and strong >= (3 if weak_recruits else 4) * weak and strong > weak


@vocabulary({
    "a-swamped": msg('A overwhelmed: falls back 3d6″, 6 Shock a Group'),
    "a-lose4": msg('A loses by 4+: falls back 18″'),
    "a-lose3": msg('A loses by 3: falls back 12″'),
    "a-lose2": msg('A loses by 2: falls back 9″'),
    "a-lose1": msg('A loses by 1: falls back 6″'),
    "draw": msg('equal kills: fight again'),
    "b-lose1": msg('B loses by 1: falls back 6″'),
    "b-lose2": msg('B loses by 2: falls back 9″'),
    "b-lose3": msg('B loses by 3: falls back 12″'),
    "b-lose4": msg('B loses by 4+: falls back 18″'),
    "b-swamped": msg('B overwhelmed: falls back 3d6″, 6 Shock a Group')
}, formerly={
    "A overwhelmed: falls back 3d6″, 6 Shock a Group": "a-swamped", "A loses by 4+: falls back 18″": "a-lose4",
    "A loses by 3: falls back 12″": "a-lose3", "A loses by 2: falls back 9″": "a-lose2",
    "A loses by 1: falls back 6″": "a-lose1", "equal kills: fight again": "draw",
    "B loses by 1: falls back 6″": "b-lose1", "B loses by 2: falls back 9″": "b-lose2",
    "B loses by 3: falls back 12″": "b-lose3", "B loses by 4+: falls back 18″": "b-lose4",
    "B overwhelmed: falls back 3d6″, 6 Shock a Group": "b-swamped"
})
class Result(StrEnum):
    """The melee result from side A's point of view, A's worst first.

    Not the core's three-way :class:`Verdict` itself, by design: SP-MELEE-RESULT is a table of eleven bands,
    and the band says how far the loser falls back (6″ to 18″, or 3d6″) and whether a Group takes Shock, which
    a three-way verdict cannot hold.  Who prevails is still the core's verdict (:attr:`verdict`), so the faces
    and tests speak of it as they do of every other contest.
    """

    A_SWAMPED = "a-swamped"
    A_LOSE4 = "a-lose4"
    A_LOSE3 = "a-lose3"
    A_LOSE2 = "a-lose2"
    A_LOSE1 = "a-lose1"
    DRAW = "draw"
    B_LOSE1 = "b-lose1"
    B_LOSE2 = "b-lose2"
    B_LOSE3 = "b-lose3"
    B_LOSE4 = "b-lose4"
    B_SWAMPED = "b-swamped"


    @property
    def verdict(self) -> Verdict:
        """Who prevails: A when B falls back, B when A does, neither on equal kills."""
        return Verdict.of(list(Result).index(self) - list(Result).index(Result.DRAW))


A_FALLS_BACK = frozenset({Result.A_SWAMPED, Result.A_LOSE4, Result.A_LOSE3, Result.A_LOSE2, Result.A_LOSE1})
B_FALLS_BACK = frozenset({Result.B_SWAMPED, Result.B_LOSE4, Result.B_LOSE3, Result.B_LOSE2, Result.B_LOSE1})


def result_of(diff: int) -> Result:
    """The band for A's kills minus B's kills (SP-MELEE-RESULT)."""
    order = list(Result)
    return order[5 + max(-4, min(4, diff))]


class Fight(NamedTuple):
    result: Result
    a_kills: int  # men A killed (0 when no dice were rolled)
    b_kills: int


@vocabulary({'neither': msg('neither'), 'A': msg('A'), 'B': msg('B')})
class Swamp(StrEnum):
    NEITHER = "neither"
    A = "A"
    B = "B"


def _swamped(a_dice: int, b_dice: int, recruits: Swamp) -> Result | None:
    if overwhelms(a_dice, b_dice, recruits is Swamp.B):
        return Result.B_SWAMPED
    if overwhelms(b_dice, a_dice, recruits is Swamp.A):
        return Result.A_SWAMPED
    return None


def fight(a_dice: int, b_dice: int, recruits: Swamp = Swamp.NEITHER) -> Proc[Fight]:
    """SP-MELEE-RESULT as a dice procedure, one round of melee between two pools: the overwhelming-odds test, else
    both roll (A first; only the 6s count for the result) and the difference in kills sets the band."""
    if a_dice < 1 or b_dice < 1:
        raise RuleError("SP-MELEE-RESULT", msg("each side needs at least one die to fight (a side with none "
                                                "is overwhelmed by any pool)"))
    swamped = _swamped(a_dice, b_dice, recruits)
    if swamped is not None:
        return done(Fight(swamped, 0, 0)).log(
            lambda _: Said(msg("{a} dice against {b}: overwhelming odds, no dice are rolled", a=a_dice, b=b_dice)))
    rolls = both(melee_dice(a_dice, ((6,),), "A"), melee_dice(b_dice, ((6,),), "B"))
    return rolls.map(lambda ab: Fight(result_of(ab[0][0] - ab[1][0]), ab[0][0], ab[1][0])).log(
        lambda f: Said(msg("A killed {a}, B killed {b}: {result}", a=f.a_kills, b=f.b_kills, result=f.result)))
