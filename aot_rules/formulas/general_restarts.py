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
from functools import cache
from typing import Any

import sympy as sp

from aot_rules.core.i18n import Message, msg, vocabulary
from aot_rules.formulas.general import General, J, Law, _binomial_term, _p

SIX = sp.Integer(6)
#: two d6 show the same face on 6 of their 36 pairs: the round that settles nothing
TIE = sp.Rational(6, 36)


def _clip(t: sp.Expr, top: sp.Expr = SIX) -> sp.Expr:
    """t held between 0 and ``top`` (a count of faces), written as cases: sympy substitutes into these far faster
    than into nested Min and Max, which matters over a grid of hundreds of points."""
    return sp.Piecewise((0, t <= 0), (t, t < top), (top, True))


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


def _rout() -> General:
    """AOB-ROUT: a rallying test each turn of flight until one passes or the regiment reaches its edge."""
    th, r, dist, mv, fast = (_p(x) for x in ("threshold", "reroll", "distance", "move", "fast"))
    s, q, p, big_t = sp.Symbol("s"), sp.Symbol("q"), sp.Symbol("P"), sp.Symbol("T")
    return General(("threshold", "die", "reroll", "distance", "move", "fast"),
                   msg("Each turn of flight a general tests the regiment: one roll of the game die (s faces) at or "
                       "under the pass mark, chance q, and a failure rolled once more where it has its re-roll, so "
                       "it rallies with chance P. It has T turns to its edge, its distance over its move (half again "
                       "as fast where it flees at ×1.5), rounded up: it makes k flight moves when the first k tests "
                       "fail and the next passes, and all T when every test fails."),
                   ((s, _p("die")), (q, _clip(th, s) / s), (p, 1 - (1 - q) ** (1 + r)),
                    (big_t, sp.ceiling(dist / (mv * (1 + fast / sp.Integer(2)))))),
                   (Law("moves", "K", sp.Piecewise(((1 - p) ** J * p, J < big_t), ((1 - p) ** big_t, sp.Eq(J, big_t)),
                                                   (0, True)), lambda kw: range(0, int(kw["distance"]) + 1)),
                    Law("left", "L", cases={True: (1 - p) ** big_t, False: 1 - (1 - p) ** big_t}),
                    Law("rallied_at_once", "R", cases={True: p, False: 1 - p})))


def _thinned(n: sp.Symbol, c: sp.Symbol, most: Callable[[Mapping[str, Any]], int]) -> tuple[Law, ...]:
    """A volley of n dice, each hitting on c faces of six, then an effect die per hit (3 to 5 Shock, 6 a death): each
    die is on its own a hit, a Shock or a death, so the three counts are binomial in n (a binomial thinned)."""
    p = c / SIX

    def upto(kw: Mapping[str, Any]) -> range:
        return range(0, most(kw) + 1)

    return (Law("hits", "H", _binomial_term(n, p, J), upto),
            Law("shock", "S", _binomial_term(n, p / 2, J), upto),
            Law("deaths", "D", _binomial_term(n, p / 6, J), upto),
            Law("any_death", "A", cases={True: 1 - (1 - p / 6) ** n, False: (1 - p / 6) ** n}))


def _class_volley() -> General:
    """SP-SHOOT-DICE-CLASS: a die a shooter, a die more (or fewer) a group of 4 or 5 by quality, then the volley."""
    from aot_rules.sp.rules.troops import Quality

    shooters, to_hit, whole = _p("shooters"), _p("to_hit"), _p("whole_groups")
    g, v, n, c = sp.Symbol("g"), sp.Symbol("v"), sp.Symbol("n"), sp.Symbol("c")
    group = {Quality.ELITE: 4, Quality.VETERANS: 5, Quality.RECRUITS: 5}
    sign = {Quality.ELITE: 1, Quality.VETERANS: 1, Quality.RECRUITS: -1}
    extra = whole * sp.floor(shooters / g) + (1 - whole) * sp.ceiling(shooters / g)
    return General(("shooters", "quality", "to_hit", "whole_groups"),
                   msg("A die a shooter, and one more for every group of g shooters (elite 4, veterans 5), or one "
                       "fewer (recruits, 5), a part-group counting unless only whole groups do: v is +1, −1 or 0 "
                       "(regulars), n dice in all. Each die hits on the c faces that reach the number to hit; a hit's "
                       "effect die gives Shock on 3 to 5 and a death on a 6, so hits, Shock and deaths are each "
                       "binomial in n."),
                   ((n, shooters + v * extra), (c, _clip(7 - to_hit))),
                   _thinned(n, c, lambda kw: 2 * int(kw["shooters"])),
                   reads=((g, "quality", lambda q: group.get(q, 1)), (v, "quality", lambda q: sign.get(q, 0))))


def _gun_volley() -> General:
    """SP-SHOOT-DICE-ARTILLERY: the gun's dice, a die fewer per 2 Shock on the crew except at the shortest band."""
    from aot_rules.sp.rules.shooting import GUN_DICE

    shock, short, to_hit = _p("crew_shock"), _p("shortest_band"), _p("to_hit")
    g, n, c = sp.Symbol("G"), sp.Symbol("n"), sp.Symbol("c")
    return General(("gun", "crew_shock", "shortest_band", "to_hit"),
                   msg("The gun rolls its G dice (falconet 6, light 10, heavy 12, carronade 18), a die fewer for "
                       "every 2 Shock on its crew unless it fires at the shortest band, never below 0: n dice. Each "
                       "die hits on the c faces that reach the number to hit; a hit's effect die gives Shock on 3 to 5 "
                       "and a death on a 6, so hits, Shock and deaths are each binomial in n."),
                   ((n, sp.Max(0, g - (1 - short) * sp.floor(shock / sp.Integer(2)))),
                    (c, _clip(7 - to_hit))),
                   _thinned(n, c, lambda kw: max(GUN_DICE.values())),
                   reads=((g, "gun", GUN_DICE.__getitem__),))


def _faces(q: Callable[[sp.Expr], sp.Expr]) -> sp.Expr:
    """The mean of q over a d6's six faces, written out term by term (sympy reads six terms far faster than a Sum)."""
    return sp.Add(*(q(sp.Integer(f)) for f in range(1, 7)), evaluate=False) / 6


def _blow(a: sp.Expr, d: sp.Expr, s: sp.Expr, u: sp.Expr) -> tuple[sp.Lambda, sp.Lambda]:
    """Batalist's ranged blow, d6 + a against d6 + d, for each face x of the attacker's die: the share of the
    defender's faces y it beats (by more than the guard, or s = 1: at least equals it), and the share it also
    doubles (at least twice the guard, or u = 1: more than twice)."""
    x = sp.Symbol("x", integer=True)
    beats = x + a - d - 1 + s
    doubles = sp.Min(beats, sp.floor((x + a - u) / sp.Integer(2)) - d)
    return sp.Lambda(x, _clip(beats) / SIX), sp.Lambda(x, _clip(doubles) / SIX)


def _shot() -> General:
    """BAT-SHOOT-DAMAGE (and its modifier table): one ranged blow, after the height die for the Range."""
    from aot_rules.bat.rules.combat import _FACING_DEF, Double, Height, Sign, Strike

    ranged, defence, more, giant = (_p(x) for x in ("ranged", "defence", "target_more", "target_giant"))
    rng, dist = _p("range_steps"), _p("distance")
    f, e, s, u = sp.Symbol("f"), sp.Symbol("e"), sp.Symbol("s"), sp.Symbol("u")
    a, d, rho, p_h, p_d = (sp.Symbol(x) for x in ("a", "d", "rho", "p_H", "p_D"))
    q_h, q_d = sp.Function("q_H"), sp.Function("q_D")
    beats, doubles = _blow(a, d, s, u)
    reach = sp.Piecewise((1, sp.Eq(e, 0)), (_clip(7 - dist + rng) / SIX, sp.Eq(e, 1)), (_clip(rng - dist) / SIX, True))
    return General(("ranged", "defence", "target_more", "facing", "height", "target_giant", "range_steps", "distance",
                    "sign", "more_than_double"),
                   msg("The modifier table gives the shooter's total a = Ranged − 1 where the target has more "
                       "figures, and the target's d = Defence + 1 for more figures, + f for its facing (0, −1 flank, "
                       "−2 rear), − 1 for a Giant. Against higher or lower ground a d6 of steps is added to or taken "
                       "from the Range (e = ±1): the target is in range with chance ρ. For the shooter's face x, "
                       "q_H(x) is the share of the target's faces his total beats (or equals, s = 1) and q_D(x) the "
                       "share it also doubles (more than doubles, u = 1)."),
                   ((a, ranged - more), (d, defence + more + f - giant), (q_h, beats), (q_d, doubles),
                    (p_h, _faces(q_h)), (p_d, _faces(q_d)), (rho, reach)),
                   (Law("target", "T", cases={Strike.NONE: 1 - rho * p_h, Strike.HIT: rho * (p_h - p_d),
                                              Strike.DOUBLE: rho * p_d}),
                    Law("hit", "H", cases={True: rho * p_h, False: 1 - rho * p_h}),
                    Law("morale", "M", cases={True: rho * p_d, False: 1 - rho * p_d})),
                   reads=((f, "facing", _FACING_DEF.__getitem__),
                          (e, "height", {Height.LEVEL: 0, Height.HIGHER: 1, Height.LOWER: -1}.__getitem__),
                          (s, "sign", lambda v: int(v is Sign.AT_LEAST)),
                          (u, "more_than_double", lambda v: int(v is True or v is Double.MORE_THAN))))


def _template() -> General:
    """BAT-SKILL-AREA and BAT-SKILL-STREAM: one ranged blow at every base under the template."""
    from aot_rules.bat.rules.combat import Sign

    n, ranged, defence = (_p(x) for x in ("bases", "ranged", "defence"))
    s, u, one = sp.Symbol("s"), sp.Symbol("u"), sp.Symbol("c")  # the three toggles, as 0 or 1
    y, p_h, p_d = sp.Symbol("y"), sp.Symbol("p_H"), sp.Symbol("p_D")
    q_h, q_d, big_b = sp.Function("q_H"), sp.Function("q_D"), sp.Function("B")
    beats, doubles = _blow(ranged, defence, s, u)

    def count(q: sp.Function, p: sp.Symbol) -> sp.Expr:
        """Bases struck: binomial in n at the mean share, or (one shooter's die for all) mixed over its face x."""
        return one * _faces(lambda face: big_b(q(face))) + (1 - one) * big_b(p)

    def none(q: sp.Function, p: sp.Symbol) -> sp.Expr:
        return one * _faces(lambda face: (1 - q(face)) ** n) + (1 - one) * (1 - p) ** n

    def upto(kw: Mapping[str, Any]) -> range:
        return range(0, int(kw["bases"]) + 1)

    return General(("bases", "ranged", "defence", "one_shooter_die", "sign", "more_than_double"),
                   msg("Every base under the template takes an ordinary ranged blow. For the shooter's face x, q_H(x) "
                       "is the share of a base's faces his total beats (or equals, s = 1) and q_D(x) the share it "
                       "also doubles (more than doubles, u = 1). With a fresh shooter's die for each base the bases "
                       "are independent, so the counts are binomial, B(y), at the mean shares p_H and p_D; with one "
                       "die for all (c = 1) they are binomial given its face x, and mixed over its six faces."),
                   ((q_h, beats), (q_d, doubles), (big_b, sp.Lambda(y, _binomial_term(n, y, J))),
                    (p_h, _faces(q_h)), (p_d, _faces(q_d))),
                   (Law("hit", "H", count(q_h, p_h), upto), Law("morale", "M", count(q_d, p_d), upto),
                    Law("any", "A", cases={True: 1 - none(q_h, p_h), False: none(q_h, p_h)}),
                    Law("any_morale", "C", cases={True: 1 - none(q_d, p_d), False: none(q_d, p_d)})),
                   reads=((s, "sign", lambda v: int(v is Sign.AT_LEAST)), (u, "more_than_double", int),
                          (one, "one_shooter_die", int)))


def _deluge() -> General:
    """BAT-SPELL-ICE-RAIN and BAT-SPELL-DEATH-LAKE: a strength-3 blow at every base, then morale for the doubled."""
    from aot_rules.bat.rules.combat import Sign
    from aot_rules.bat.rules.magic import SPELL_STRENGTH

    n, defence, quality = _p("bases"), _p("defence"), _p("quality")
    s = sp.Symbol("s")
    q_h, q_d = sp.Function("q_H"), sp.Function("q_D")
    p_h, p_d, p_f, f = sp.Symbol("p_H"), sp.Symbol("p_D"), sp.Symbol("p_F"), sp.Symbol("f")
    beats, doubles = _blow(sp.Integer(SPELL_STRENGTH), defence, s, sp.Integer(0))

    def upto(kw: Mapping[str, Any]) -> range:
        return range(0, int(kw["bases"]) + 1)

    return General(("bases", "defence", "quality", "sign"),
                   msg("Every base takes a strength-3 ranged blow with fresh dice: for the spell's face x, q_H(x) is "
                       "the share of a base's faces it beats (or equals, s = 1) and q_D(x) the share it at least "
                       "doubles, so a base loses a figure with chance p_H and tests morale with chance p_D. The test "
                       "rolls three dice, each failing above the Quality with chance f, and the base flees on three "
                       "failures. The bases are independent: each count is binomial."),
                   ((q_h, beats), (q_d, doubles), (p_h, _faces(q_h)),
                    (p_d, _faces(q_d)), (f, _clip(6 - quality) / SIX),
                    (p_f, p_d * f**3)),
                   (Law("hit", "H", _binomial_term(n, p_h, J), upto),
                    Law("tested", "M", _binomial_term(n, p_d, J), upto),
                    Law("fled", "F", _binomial_term(n, p_f, J), upto),
                    Law("any_hit", "A", cases={True: 1 - (1 - p_h) ** n, False: (1 - p_h) ** n}),
                    Law("any_fled", "B", cases={True: 1 - (1 - p_f) ** n, False: (1 - p_f) ** n})),
                   reads=((s, "sign", lambda v: int(v is Sign.AT_LEAST)),))


@cache
def _bat_melee() -> General:
    """BAT-MELEE-DAMAGE (and its modifier table): both blows of one exchange, on one die a side or on two."""
    from aot_rules.bat.rules.combat import _FACING_DEF, _HEIGHT_DEF, Exchange, Figures, Strike

    am0, ad0, bm0, bd0, ax, bx, ag, bg = (_p(v) for v in (
        "a_melee", "a_defence", "b_melee", "b_defence", "a_extra", "b_extra", "a_giant", "b_giant"))
    ma, mb, h, f = sp.Symbol("m_A"), sp.Symbol("m_B"), sp.Symbol("h"), sp.Symbol("f")
    # the two reading toggles, as 0 or 1 (named as the shooting formula names the second)
    apart, u = sp.Symbol("s"), sp.Symbol("u")
    am, ad, bm, bd = sp.Symbol("M_A"), sp.Symbol("G_A"), sp.Symbol("M_B"), sp.Symbol("G_B")
    x, lo, hi = sp.Symbol("x", integer=True), sp.Symbol("l", integer=True), sp.Symbol("r", integer=True)
    cnt, h1, d1, h2, d2 = (sp.Function(v) for v in ("N", "h_1", "d_1", "h_2", "d_2"))
    # for the attacker's face x, the defender's faces y that each blow's outcome needs, as a run [low, high]
    runs_d = {Strike.NONE: (h1(x) + 1, SIX), Strike.HIT: (d1(x) + 1, h1(x)), Strike.DOUBLE: (sp.Integer(1), d1(x))}
    runs_a = {Strike.NONE: (sp.Integer(1), h2(x) - 1), Strike.HIT: (h2(x), d2(x) - 1), Strike.DOUBLE: (d2(x), SIX)}

    def share(run: tuple[sp.Expr, sp.Expr]) -> sp.Expr:
        return _faces(lambda face: cnt(*(e.subs(x, face) for e in run)) / 6)

    levels = (Strike.NONE, Strike.HIT, Strike.DOUBLE)
    p_d = {k: sp.Symbol(f"p_{i}") for i, k in enumerate(levels)}
    p_a = {k: sp.Symbol(f"q_{i}") for i, k in enumerate(levels)}

    def both(s1: Strike, s2: Strike) -> sp.Expr:
        (l1, u1), (l2, u2) = runs_d[s1], runs_a[s2]
        together = share((sp.Max(l1, l2), sp.Min(u1, u2)))
        return (1 - apart) * together + apart * p_d[s1] * p_a[s2]

    names = {(Strike.NONE, Strike.NONE): Exchange.NEITHER, (Strike.HIT, Strike.NONE): Exchange.DEFENDER,
             (Strike.DOUBLE, Strike.NONE): Exchange.DEFENDER_MORALE, (Strike.NONE, Strike.HIT): Exchange.ATTACKER,
             (Strike.NONE, Strike.DOUBLE): Exchange.ATTACKER_MORALE, (Strike.HIT, Strike.HIT): Exchange.BOTH,
             (Strike.DOUBLE, Strike.HIT): Exchange.BOTH_DEFENDER_MORALE,
             (Strike.HIT, Strike.DOUBLE): Exchange.BOTH_ATTACKER_MORALE,
             (Strike.DOUBLE, Strike.DOUBLE): Exchange.BOTH_MORALE}
    defender, attacker = dict(p_d), dict(p_a)
    d_hit, a_hit = 1 - defender[Strike.NONE], 1 - attacker[Strike.NONE]
    return General(("a_melee", "a_defence", "b_melee", "b_defence", "figures", "facing", "height", "a_extra", "b_extra",
                   "a_giant", "b_giant", "separate_dice", "more_than_double"),
                  msg("The modifier table gives each side its Melee M and guard G: more figures m_A, m_B (+2 and −2, "
                      "or −1 and +1), the ground h (+1 higher) to the attacker's guard and against the defender's, "
                      "the facing f (−1 flank, −2 rear) and a point less a guard for each extra enemy, a Giant +1 "
                      "Melee against a normal base. For the attacker's face x, the defender's faces y from 1 to "
                      "h_1(x) are hit by his blow and those to d_1(x) also doubled (u = 1 where a double must be more "
                      "than twice); the defender's blow hits from h_2(x) and doubles from d_2(x); N(l, r) counts the "
                      "faces from l to r. The defender takes no blow, a hit or a doubled hit with chances p_0, p_1, "
                      "p_2, the attacker with q_0, q_1, q_2. One die a side serves both blows, so they are counted "
                      "together over the pairs of faces; with separate dice (s = 1) the two blows are independent."),
                  ((am, am0 + ma + ag * (1 - bg)), (ad, ad0 + h - ax), (bm, bm0 + mb + bg * (1 - ag)),
                   (bd, bd0 + f - h - bx),
                   (cnt, sp.Lambda((lo, hi), sp.Max(0, sp.Min(6, hi) - sp.Max(1, lo) + 1))),
                   (h1, sp.Lambda(x, x + am - bd - 1)),
                   (d1, sp.Lambda(x, sp.Min(x + am - bd - 1, sp.floor((x + am - u) / sp.Integer(2)) - bd))),
                   (h2, sp.Lambda(x, x + ad - bm + 1)),
                   (d2, sp.Lambda(x, sp.Max(x + ad - bm + 1, 2 * (x + ad) + u - bm))),
                   *((p_d[k], share(runs_d[k])) for k in levels), *((p_a[k], share(runs_a[k])) for k in levels)),
                  (Law("defender", "D", cases=defender), Law("attacker", "A", cases=attacker),
                   Law("exchange", "E", cases={names[k]: both(*k) for k in names}),
                   Law("defender_hit", "H_D", cases={True: d_hit, False: 1 - d_hit}),
                   Law("defender_morale", "R_D", cases={True: defender[Strike.DOUBLE],
                                                        False: 1 - defender[Strike.DOUBLE]}),
                   Law("attacker_hit", "H_A", cases={True: a_hit, False: 1 - a_hit}),
                   Law("attacker_morale", "R_A", cases={True: attacker[Strike.DOUBLE],
                                                        False: 1 - attacker[Strike.DOUBLE]})),
                  reads=((ma, "figures", {Figures.EQUAL: 0, Figures.MORE: 2, Figures.FEWER: -1}.__getitem__),
                         (mb, "figures", {Figures.EQUAL: 0, Figures.MORE: -2, Figures.FEWER: 1}.__getitem__),
                         (h, "height", _HEIGHT_DEF.__getitem__), (f, "facing", _FACING_DEF.__getitem__),
                         (apart, "separate_dice", int), (u, "more_than_double", int)))


FORMULAS: dict[str, Callable[[], General | None]] = {
    "AOT-CMD-INITIATIVE": _initiative, "AOT-TERRAIN-BID": _terrain_bid, "AOT-MEETING": _meeting,
    "AOB-DEPLOY-ROLES": _deploy_roles, "BAT-INITIATIVE": _bat_initiative,
    "AOT-ELEPHANT-VS-ELEPHANT": _elephant_duel, "SP-HERO-HIT": _hero_hit, "SP-SHOOT-RIDER": _rider,
    "SP-MELEE-MODS-PCT": _melee_pct, "SP-MELEE-DICE": _melee_pool, "SP-HERO-CAPTURE": _capture, "AOB-ROUT": _rout,
    "SP-SHOOT-DICE-CLASS": _class_volley, "SP-SHOOT-DICE-ARTILLERY": _gun_volley, "BAT-SHOOT-DAMAGE": _shot,
    "BAT-SHOOT-MODS": _shot, "BAT-SKILL-AREA": _template, "BAT-SKILL-STREAM": _template,
    "BAT-SPELL-ICE-RAIN": _deluge, "BAT-SPELL-DEATH-LAKE": _deluge, "BAT-MELEE-DAMAGE": _bat_melee,
    "BAT-MELEE-MODS": _bat_melee,
}


#: The rest of the recursions, audited one by one for issue #38: why each block writes no formula in its inputs,
#: in one true sentence of its own (``html.no_general`` reads this table before the general reasons).
_MELEE_LIKE = msg("No formula in the inputs exists here: the melee's result is the joint law of both sides' strike "
                  "dice and saves, whose numbers and faces change with every weapon, rank and property at once, so it "
                  "is written out below at one set of inputs.")
_RANKS = msg("No formula in the inputs exists here: each test after the first is rolled at the density the earlier "
             "tests left, and how far a loss lowers the density depends on how the unit's warriors stand in its ranks, "
             "so the law is a chain over the unit's ranks, worked out below at one set of inputs.")
NO_FORMULA: dict[str, Message] = {
    "AOT-TURN": _RANKS, "AOT-ROUGH-TERRAIN": _RANKS,
    "AOT-BREAKTHROUGH": _MELEE_LIKE, "AOT-MELEE-ENGAGE": _MELEE_LIKE, "AOT-ELEPHANT-UNIT": _MELEE_LIKE,
    "AOT-CHARIOT-COMBAT": _MELEE_LIKE,
}

