"""General formulas for the roll-offs that roll a tie again (issue #38): the restart solved in closed form.

A roll-off whose tie is rolled again is a geometric series in the rounds that settle nothing: with one round
giving outcome x with chance q_x and a tie with chance t, the outcome x comes with chance
q_x (1 + t + t^2 + ...) = q_x / (1 - t).  So wherever one round's chances are a formula in the inputs (a count of
faces, a sum over the difference of two dice), the law after every re-roll is one too.  Each formula here is
checked against the engine's exact law by ``tests/faces/test_general_formulas.py``, at every grid point and beyond.
"""

from __future__ import annotations

from collections.abc import Callable

import sympy as sp

from aot_rules.core.i18n import msg
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


FORMULAS: dict[str, Callable[[], General | None]] = {
    "AOT-CMD-INITIATIVE": _initiative, "AOT-TERRAIN-BID": _terrain_bid, "AOT-MEETING": _meeting,
    "AOB-DEPLOY-ROLES": _deploy_roles, "BAT-INITIATIVE": _bat_initiative,
}
