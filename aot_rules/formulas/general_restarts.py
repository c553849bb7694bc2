"""General formulas for the roll-offs that roll a tie again (issue #38): the restart solved in closed form.

A roll-off whose tie is rolled again is a geometric series in the rounds that settle nothing: with one round
giving outcome x with chance q_x and a tie with chance t, the outcome x comes with chance
q_x (1 + t + t^2 + ...) = q_x / (1 - t).  So wherever one round's chances are a formula in the inputs (a count of
faces, a sum over the difference of two dice), the law after every re-roll is one too.  Each formula here is
checked against the engine's exact law by ``tests/faces/test_general_formulas.py``, at every grid point and beyond.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any

import sympy as sp

from aot_rules.core.i18n import msg, vocabulary
from aot_rules.formulas.general import General, J, Law, _binomial_term, _p

SIX = sp.Integer(6)
#: two d6 show the same face on 6 of their 36 pairs: the round that settles nothing
TIE = sp.Rational(6, 36)


def _initiative() -> General:
    """AOT-CMD-INITIATIVE: two d6 until they differ; the higher roller plays from his face down to the other's
    (exclusive), the lower from his face down to 1, so each pair gives me ``mine - theirs`` or ``mine`` slots."""
    t, q, i = sp.Symbol("t"), sp.Symbol("q"), sp.Symbol("i", integer=True)
    pairs = sp.Function("N")
    # j slots come from the 6 - j pairs where I roll higher by j, and the 6 - j where I roll j and lose
    slots = sp.Piecewise((pairs(J) / 36 / (1 - t), (J >= 1) & (J <= 5)), (0, True))
    return General((),
                   msg("Both players roll a die, again while they tie (t, the chance of a tie in one round): so a "
                       "pair of faces that differ comes with chance 1/36 ÷ (1 − t). I get j slots on N(j) pairs: "
                       "the 6 − j where I win by j and the 6 − j where I roll j and lose. I play first when my die is "
                       "the higher, with chance q in one round."),
                   ((t, TIE), (q, sp.Rational(15, 36)), (pairs, sp.Lambda(i, 2 * (SIX - i)))),
                   (Law("slots", "S", slots, lambda kw: range(0, 8)),
                    Law("first", "F", cases={True: q / (1 - t), False: 1 - q / (1 - t)})))


def _terrain_bid() -> General:
    """AOT-TERRAIN-BID: the higher of two unequal d6 opens the bid."""
    t, i, pairs = sp.Symbol("t"), sp.Symbol("i", integer=True), sp.Function("N")
    return General((),
                   msg("Both players roll a die, again while they tie (t, the chance of a tie in one round); the "
                       "higher face k opens the bid. One round gives k as the higher of two different faces on "
                       "N(k) = 2(k − 1) of the 36 pairs, and every tie starts the round again, so the chance is "
                       "divided by 1 − t."),
                   ((t, TIE), (pairs, sp.Lambda(i, 2 * (i - 1)))),
                   (Law("opening", "K", sp.Piecewise((pairs(J) / 36 / (1 - t), (J >= 2) & (J <= 6)),
                                                     (0, True)), lambda kw: range(0, 8)),))


def _meeting() -> General:
    """AOT-MEETING: each placing round is a roll-off with ties rolled again, won on an even chance."""
    n = _p("rounds")
    t, q, p = sp.Symbol("t"), sp.Symbol("q"), sp.Symbol("p")
    return General(("rounds",),
                   msg("Each placing round is a roll-off rolled again while it ties (t, a tie's chance): my die is "
                       "the higher with chance q in one throw, so I win the round with p = q ÷ (1 − t) once the ties "
                       "are rolled again. The rounds are independent, so the rounds I win are binomial."),
                   ((t, TIE), (q, sp.Rational(15, 36)), (p, q / (1 - t))),
                   (Law("won", "W", _binomial_term(n, p, J), lambda kw: range(0, int(kw["rounds"]) + 1)),))


def _deploy_roles() -> General:
    """AOB-DEPLOY-ROLES: two game dice of s faces until they differ; the higher attacks."""
    from aot_rules.aob.rules.deploy import Role

    s, t, q = sp.Symbol("s"), sp.Symbol("t"), sp.Symbol("q")
    attacks = q / (1 - t)
    return General(("die",),
                   msg("Both players roll the game die of s faces, again while they tie: a round ties on s of its s² "
                       "pairs, t = 1/s, and my roll is the higher on half of the rest, q = (s − 1)/(2s). Every tie "
                       "starts the round again, so I attack with chance q ÷ (1 − t); the first round decides unless "
                       "it ties."),
                   ((s, _p("die")), (t, 1 / s), (q, (s - 1) / (2 * s))),
                   (Law("role", "R", cases={Role.ATTACKER: attacks, Role.DEFENDER: 1 - attacks}),
                    Law("first", "F", cases={True: 1 - t, False: t})))


def _bat_initiative() -> General:
    """BAT-INITIATIVE: a d6 each plus the general's КН; equal totals roll again (r = 1) or stand as a tie."""
    from aot_rules.bat.rules.turn import Initiative, TieRule

    mine, theirs = _p("mine"), _p("theirs")
    d, r, x, k = sp.Symbol("Delta"), sp.Symbol("r"), sp.Symbol("x", integer=True), sp.Symbol("k", integer=True)
    q_1, q_2, t = sp.Symbol("q_1"), sp.Symbol("q_2"), sp.Symbol("t")
    w, c = sp.Function("W"), sp.Function("c")
    # my die beats theirs by k on c(k) = 6 - |k| of the 36 pairs: W(x), the chance it beats it by x or more
    at_least = sp.Lambda(x, sp.Sum(c(k) / 36, (k, sp.Max(x, -5), 5)))
    me = r * q_1 / (q_1 + q_2) + (1 - r) * q_1
    them = r * q_2 / (q_1 + q_2) + (1 - r) * q_2
    return General(("mine", "theirs", "ties"),
                   msg("Each player adds his general's КН to a d6; Δ is my КН less theirs. My die beats theirs by k "
                       "on c(k) = 6 − |k| of the 36 pairs, so one round is mine with chance q_1 = W(1 − Δ), theirs "
                       "with q_2 = W(1 + Δ), and a tie with the rest, t. Where equal totals are rolled again "
                       "(r = 1), each side's chance is divided by q_1 + q_2; where they stand, the tie is "
                       "reported."),
                   ((d, mine - theirs), (c, sp.Lambda(k, SIX - sp.Abs(k))), (w, at_least), (q_1, w(1 - d)),
                    (q_2, w(1 + d)), (t, 1 - q_1 - q_2)),
                   (Law("initiative", "I", cases={Initiative.ME: me, Initiative.THEM: them,
                                                  Initiative.TIE: (1 - r) * t}),
                    Law("me", "M", cases={True: me, False: 1 - me})),
                   reads=((r, "ties", lambda rule: int(rule is TieRule.REROLL)),))


@vocabulary({"a": msg("A"), "b": msg("B"), "tie": msg("tie")})
class _Winner(StrEnum):
    """The duel's outcomes as the engine reports them (plain codes, equal to these members), named in the formula."""

    A = "a"
    B = "b"
    TIE = "tie"


def _elephant_duel() -> General:
    """AOT-ELEPHANT-VS-ELEPHANT: two d6, the higher kills the other; a tie is rolled again (r = 1) or stands."""
    r, t, q = _p("reroll_ties"), sp.Symbol("t"), sp.Symbol("q")
    wins = r * q / (1 - t) + (1 - r) * q
    return General(("reroll_ties",),
                   msg("Each elephant rolls a die and the higher kills the other: in one throw each side's die is the "
                       "higher with chance q, and they tie with chance t. Where a tie is rolled again, each side's "
                       "chance is q ÷ (1 − t); where it stands, the tie is an outcome of its own."),
                   ((t, TIE), (q, sp.Rational(15, 36))),
                   (Law("winner", "W", cases={_Winner.A: wins, _Winner.B: wins, _Winner.TIE: (1 - r) * t}),))


def _hero_hit() -> General:
    """SP-HERO-HIT: a d10 (a d6 against skirmish fire) at most the men killed hits him; then his wound die."""
    from aot_rules.sp.rules.heroes import Wound

    killed, sk, k = _p("killed"), _p("skirmish_fire"), _p("six_kills")
    s, h = sp.Symbol("s"), sp.Symbol("h")
    return General(("killed", "skirmish_fire", "six_kills"),
                   msg("The Hero's hit die has s faces (10, or 6 against a skirmish line's fire) and hits him on a "
                       "face no higher than the men killed, all s at most: chance h. A hit Hero rolls his wound: "
                       "1 to 3 light, 4 and 5 severe, and a 6 severe too unless the row that kills is played."),
                   ((s, 10 - 4 * sk), (h, sp.Min(killed, s) / s)),
                   (Law("hero", "H", cases={Wound.UNHURT: 1 - h, Wound.LIGHT: h / 2, Wound.SEVERE: h * (3 - k) / SIX,
                                            Wound.KILLED: h * k / SIX}),
                    Law("hit", "A", cases={True: h, False: 1 - h})))


def _rider() -> General:
    """SP-SHOOT-RIDER: rider or mount, the mount's wound (a 6 rolls again), then bolting or the rider's fall."""
    from aot_rules.sp.rules.heroes import SKILL_MOD, Mounted

    m, h, g, b = sp.Symbol("m"), sp.Symbol("h"), sp.Symbol("g"), sp.Symbol("b")

    def faces(lo: int, hi: int) -> sp.Expr:
        """The share of a d6's faces f whose total f + m lies from lo to hi."""
        return sp.Max(0, sp.Min(6, hi - m) - sp.Max(1, lo - m) + 1) / SIX

    run = h * g * (1 - b)
    return General(("skill",),
                   msg("A chain of single dice, each read once: the first hits the mount on 1 to 3 (h = 1/2), else "
                       "kills the rider; the mount's die kills it on 1 to 4, lets it shrug the wound off on a 5, and "
                       "on a 6 (g = 1/6) rolls again: 1 to 3 (b = 1/2) it bolts, else it runs and dies and the rider "
                       "falls, one d6 plus his modifier m: 2 or less pinned, 3 stunned, 4 or 5 thrown, 6 or more on "
                       "his feet."),
                   ((h, sp.Rational(1, 2)), (g, sp.Rational(1, 6)), (b, sp.Rational(1, 2))),
                   (Law("fate", "F", cases={Mounted.RIDER: 1 - h, Mounted.MOUNT_DEAD: 4 * h / SIX,
                                            Mounted.SHRUGS: h / SIX, Mounted.BOLTS: h * g * b,
                                            Mounted.PINNED: run * faces(-6, 2), Mounted.STUNNED: run * faces(3, 3),
                                            Mounted.THROWN: run * faces(4, 5), Mounted.FEET: run * faces(6, 12)}),
                    Law("rider_down", "D", cases={True: 1 - h / SIX - h * g * b, False: h / SIX + h * g * b})),
                   reads=((m, "skill", SKILL_MOD.__getitem__),))


def _kills_laws(size: sp.Symbol, most: Callable[[Mapping[str, Any]], int]) -> tuple[Law, ...]:
    """A melee pool of ``size`` d6, each a kill on a 6 and a Shock on a 5: two binomial counts with p = 1/6, and at
    least one kill unless every die misses (``most``: at least the pool's size, where the laws are read)."""
    six = sp.Rational(1, 6)
    return (Law("kills", "K", _binomial_term(size, six, J), lambda kw: range(0, most(kw) + 1)),
            Law("shock", "S", _binomial_term(size, six, J), lambda kw: range(0, most(kw) + 1)),
            Law("any", "A", cases={True: 1 - (1 - six) ** size, False: (1 - six) ** size}))


def _melee_pct() -> General:
    """SP-MELEE-MODS-PCT: the pool scaled by the percentages (net once, or gains and losses apart), then rolled."""
    d, up, down, apart = (_p(x) for x in ("dice", "bonus_pct", "penalty_pct", "separately"))
    n, net = sp.Symbol("n"), sp.Symbol("Delta")
    together = sp.Piecewise((d + sp.floor(d * net / 100), net >= 0), (d - sp.ceiling(-d * net / 100), True))
    each = d + sp.floor(d * up / 100) - sp.ceiling(d * down / 100)
    return General(("dice", "bonus_pct", "penalty_pct", "separately"),
                   msg("The percentages change the pool: the net Δ of gains less losses is applied once, a gain "
                       "rounded down and a loss rounded up, or (where they are applied apart) the gains rounded down "
                       "and the losses rounded up, each to the pool as it stood; never below 0 dice, n in all. Each "
                       "die kills on a 6 and gives Shock on a 5: both counts are binomial with p = 1/6."),
                   ((net, up - down), (n, sp.Max(0, apart * each + (1 - apart) * together))),
                   _kills_laws(n, lambda kw: int(kw["dice"]) * (100 + int(kw["bonus_pct"])) // 100))


def _melee_pool() -> General:
    """SP-MELEE-DICE: one die a figure, then the list of extra and lost dice, then rolled."""
    from aot_rules.sp.rules.melee import GroupKind

    men, lead, fury, heroes, status, edge, shock, agg, ranks, pooled = (_p(x) for x in (
        "men", "leader_status", "fury", "other_heroes", "other_status", "quality_edge", "shock", "aggressive",
        "supporting_ranks", "pooled_status"))
    n, e, k = sp.Symbol("n"), sp.Symbol("e"), sp.Symbol("k")
    two = sp.Integer(2)
    e_expr = pooled * sp.floor(heroes * status / two) + (1 - pooled) * heroes * sp.floor(status / two)
    kind = {GroupKind.GUARDS: 2, GroupKind.WORN_OUT: -2}
    return General(("men", "leader_status", "fury", "other_heroes", "other_status", "quality_edge", "shock",
                    "aggressive", "kind", "supporting_ranks", "pooled_status"),
                   msg("One die a figure, plus the leader's Status and fury, e dice for the other Heroes (a die per "
                       "two Status points, each Hero's halved and rounded down, or their Status added up first where "
                       "pooled), two a quality level and two for an aggressive Group, k for the kind (+2 guards, −2 "
                       "worn-out) and one a supporting rank, less a die a Shock point; never below 0 dice, n in all. "
                       "Each die kills on a 6 and gives Shock on a 5: both counts are binomial with p = 1/6."),
                   ((e, e_expr), (n, sp.Max(0, men + lead + fury + e + 2 * edge - shock + 2 * agg + k + ranks))),
                   _kills_laws(n, lambda kw: sum(int(kw[x]) for x in ("men", "leader_status", "fury",
                                                                       "supporting_ranks"))
                               + int(kw["other_heroes"]) * int(kw["other_status"]) + 2 * int(kw["quality_edge"]) + 4),
                   reads=((k, "kind", lambda v: kind.get(v, 0)),))


def _capture() -> General:
    """SP-HERO-CAPTURE: taken at once at 4 to 1 in dice; else both roll and the Hero is taken if he kills fewer."""
    from aot_rules.sp.rules.heroes import Capture

    h, g = _p("hero_dice"), _p("group_dice")
    o, i, k = sp.Symbol("o"), sp.Symbol("i", integer=True), sp.Symbol("k", integer=True)
    b_h, b_g = sp.Function("b_H"), sp.Function("b_G")
    sixth = sp.Rational(1, 6)
    draw, won = sp.Symbol("d"), sp.Symbol("w")
    lost = 1 - won - draw
    return General(("hero_dice", "group_dice"),
                   msg("At 4 to 1 in dice or more (o = 1) the Hero is taken without a fight. Otherwise both sides "
                       "roll, a 6 killing: the Hero's kills are binomial, b_H(i), and the Group's, b_G(k), each with "
                       "p = 1/6. He stays free when he kills more (w), the round is drawn on equal kills (d), and he "
                       "is taken when the Group kills more: all the rest."),
                   ((o, sp.Piecewise((1, g >= 4 * h), (0, True))), (b_h, sp.Lambda(i, _binomial_term(h, sixth, i))),
                    (b_g, sp.Lambda(k, _binomial_term(g, sixth, k))), (draw, sp.Sum(b_h(i) * b_g(i), (i, 0, h))),
                    # the Hero's kills bound both sums: few terms
                    (won, sp.Sum(b_h(i) * sp.Sum(b_g(k), (k, 0, i - 1)), (i, 1, h)))),
                   (Law("capture", "C", cases={Capture.BY_ODDS: o, Capture.LOST: (1 - o) * lost,
                                               Capture.DRAW: (1 - o) * draw,
                                               Capture.WON: (1 - o) * won}),
                    Law("taken", "T", cases={True: o + (1 - o) * lost, False: (1 - o) * (1 - lost)})))


FORMULAS: dict[str, Callable[[], General | None]] = {
    "AOT-CMD-INITIATIVE": _initiative, "AOT-TERRAIN-BID": _terrain_bid, "AOT-MEETING": _meeting,
    "AOB-DEPLOY-ROLES": _deploy_roles, "BAT-INITIATIVE": _bat_initiative,
    "AOT-ELEPHANT-VS-ELEPHANT": _elephant_duel, "SP-HERO-HIT": _hero_hit, "SP-SHOOT-RIDER": _rider,
    "SP-MELEE-MODS-PCT": _melee_pct, "SP-MELEE-DICE": _melee_pool, "SP-HERO-CAPTURE": _capture,
}
