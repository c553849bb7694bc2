"""General formulas for sums of dice: the skirmish fragment's movement dice and Batalist's casting roll (issue #38).

A move in the skirmish fragment is a handful of d6, each worth its face plus the order's bonus less the ground's cut,
never below 0, and the Shock taken off the total.  Its law, for every input at once, is a coefficient of a generating
function written in the inputs: one die's ``φ(x) = (1/6) Σ_f x^(worth of face f)``, raised to the number of dice,
whose coefficient of ``x^t`` is the chance the dice come to t inches.  The clamp at 0 makes a die's worth a
piecewise function of its face, which the generating function carries as it stands (an inclusion–exclusion sum
would need a second sum over the dice eaten to 0, which sympy cannot evaluate quickly enough to check every grid
point).  The order, the Hero's mount and the animal's load are choices; the movement table's row each one reads is
taken from the rule's own table (``reads``).

The Mage's casting roll (BAT-MAGIC-MISCAST) is three binomial dice, the Standard Bearer's re-roll one more
Bernoulli trial, and three 1s set apart.

The plan of manoeuvres (AOT-MOVE-PROCEDURE) has no formula here: each step's test is taken at the density the step
before left, a chain over the unit's ranks that :func:`~aot_rules.formulas.html.no_general` says in one sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

import sympy as sp

from aot_rules.core.i18n import msg, nmsg
from aot_rules.formulas.general import General, J, Law, _p

#: the variable of the generating functions
X = sp.Symbol("x")
#: a die's face, the index of its generating function's sum
_F = sp.Symbol("f", integer=True)
#: a total, the index of "the dice come to at most the Shock"
_T = sp.Symbol("t", integer=True)


class Coefficient(sp.Function):  # type: ignore[misc]
    """``[x^t] G(x)``: the coefficient of ``x^t`` in a generating function, worked out once ``G`` is a polynomial in
    numbers (every input substituted) and ``t`` a whole number; 0 for a power ``G`` lacks."""

    nargs = 2

    @classmethod
    def eval(cls, g: sp.Expr, t: sp.Expr) -> sp.Expr | None:
        if not t.is_Integer or g.free_symbols - {X}:
            return None
        return _coefficients(g).get(int(t), sp.Integer(0))

    def _latex(self, printer: Any) -> str:
        g, t = self.args
        return rf"[x^{{{printer._print(t)}}}]\,\left({printer._print(g)}\right)"


@cache
def _coefficients(g: sp.Expr) -> dict[int, sp.Expr]:
    """Every power's coefficient of a polynomial generating function in numbers (one grid point's, expanded once)."""
    poly = sp.Poly(sp.expand(g.doit()), X)
    return {int(m[0]): c for m, c in poly.terms()}


def _die(worth: sp.Expr) -> sp.Expr:
    """One d6's generating function, each face ``f`` worth ``worth`` (an expression in ``f``) inches."""
    return sp.Sum(X**worth, (_F, 1, 6)) / 6


def _at_most(g: sp.Expr, h: sp.Expr) -> sp.Expr:
    """The chance the dice of ``g`` come to ``h`` or less: the first ``h + 1`` coefficients."""
    return sp.Sum(Coefficient(g, _T), (_T, 0, h))


def _support(most: Callable[[Mapping[str, Any]], int]) -> Callable[[Mapping[str, Any]], range]:
    """The distances to read: from 0 to ``most`` inches (a bound from the inputs, every die's best face)."""
    return lambda kw: range(0, most(kw) + 1)


def _distance(g: sp.Expr, most: Callable[[Mapping[str, Any]], int]) -> Law:
    return Law("distance", "D", Coefficient(g, J), _support(most))


def _stopped(g: sp.Expr) -> Law:
    none = Coefficient(g, 0)
    return Law("stopped", "S", cases={True: none, False: 1 - none})


# --- SP-MOVE-DICE ------------------------------------------------------------------------------------------------


def _move_dice() -> General:
    n, s, p = _p("ad"), _p("shock"), _p("shock_per_die")
    phi, g, h = sp.Symbol("varphi"), sp.Symbol("G"), sp.Symbol("h")
    eaten = _at_most(g, h)
    return General(("ad", "shock", "shock_per_die"),
                   msg("Each Action Die is one d6 of inches; Shock either cuts every die, never below 0, or (h, the "
                       "Shock left for the total) comes off the whole move. G(x), one die's generating function "
                       "raised to the number of dice, has as its coefficient of x^t the chance the dice come to t "
                       "inches; the move is eaten whole when they come to h or less."),
                   ((phi, _die(sp.Max(0, _F - p * s))), (h, (1 - p) * s), (g, phi**n)),
                   (Law("distance", "D", sp.Piecewise((eaten, sp.Eq(J, 0)), (Coefficient(g, J + h), J >= 1),
                                                      (0, True)), _support(lambda kw: 6 * int(kw["ad"]))),
                    Law("stopped", "S", cases={True: eaten, False: 1 - eaten})))


# --- SP-MOVE-FORMATION-TABLE, SP-MOVE-HERO, SP-MOVE-ANIMALS -------------------------------------------------------


def _row(order: Any) -> tuple[int, int]:
    """The movement table's printed cells for an order: its bonus a die and its extra dice (0 for a blank row)."""
    from aot_rules.sp.rules.movement import PRINTED

    return PRINTED.get(order, (0, 0))


def _formation() -> General:
    from aot_rules.sp.rules.movement import Order

    n, lb, wb, x = (_p(v) for v in ("ad", "line_bonus", "walk_bonus", "bonus_on_extra"))
    b0, e, ln, wk = (sp.Symbol(v) for v in ("g", "e", "l", "v"))
    u, phi, psi, g = sp.Symbol("u"), sp.Symbol("varphi"), sp.Symbol("psi"), sp.Symbol("G")
    return General(("ad", "order", "line_bonus", "walk_bonus", "bonus_on_extra"),
                   msg("The order's row of the movement table gives every die the bonus u: its printed bonus g, or "
                       "the line's or the walk's blank cell (l or v is 1 for those rows), and e extra dice at the "
                       "gallop or in a fast fall-back, which take the bonus only where the extra die gets it. A die "
                       "is worth its face plus its bonus, never below 0; G(x), the product of the dice's generating "
                       "functions, has as its coefficient of x^j the chance of j inches."),
                   ((u, b0 + ln * lb + wk * wb), (phi, _die(sp.Max(0, _F + u))), (psi, _die(sp.Max(0, _F + x * u))),
                    (g, phi**n * psi**e)),
                   (_distance(g, lambda kw: 12 * (int(kw["ad"]) + 1)),),
                   reads=((b0, "order", lambda o: _row(o)[0]), (e, "order", lambda o: _row(o)[1]),
                          (ln, "order", lambda o: int(o is Order.LINE)), (wk, "order", lambda o: int(o is Order.WALK))))


def _hero_row(mount: Any) -> Any:
    """The movement table's row a lone Hero moves by: skirmish order on foot, else cavalry at his pace."""
    from aot_rules.sp.rules.movement import HeroMount, Order

    return {HeroMount.FOOT: Order.SKIRMISH, HeroMount.WALK: Order.WALK, HeroMount.TROT: Order.TROT,
            HeroMount.GALLOP: Order.GALLOP}[mount]


def _hero() -> General:
    from aot_rules.sp.rules.movement import HERO_DICE, Order

    wb, x = _p("walk_bonus"), _p("bonus_on_extra")
    b0, e, wk = (sp.Symbol(v) for v in ("g", "e", "v"))
    u, phi, psi, g = sp.Symbol("u"), sp.Symbol("varphi"), sp.Symbol("psi"), sp.Symbol("G")
    return General(("mount", "walk_bonus", "bonus_on_extra"),
                   nmsg("A lone Hero rolls {n} die by one row of the movement table: on foot the skirmish row, "
                        "mounted the cavalry row at his pace. The row gives every die the bonus u, its printed bonus g "
                        "or the walk's blank cell (v is 1 at the walk), and e extra dice at the gallop, which take the "
                        "bonus only where the extra die gets it. A die is worth its face plus its bonus, never below "
                        "0; G(x), the product of the dice's generating functions, has as its coefficient of x^j the "
                        "chance of j inches.",
                        "A lone Hero rolls {n} dice by one row of the movement table: on foot the skirmish row, "
                        "mounted the cavalry row at his pace. The row gives every die the bonus u, its printed bonus g "
                        "or the walk's blank cell (v is 1 at the walk), and e extra dice at the gallop, which take the "
                        "bonus only where the extra die gets it. A die is worth its face plus its bonus, never below "
                        "0; G(x), the product of the dice's generating functions, has as its coefficient of x^j the "
                        "chance of j inches.", n=HERO_DICE),
                   ((u, b0 + wk * wb), (phi, _die(sp.Max(0, _F + u))), (psi, _die(sp.Max(0, _F + x * u))),
                    (g, phi**HERO_DICE * psi**e)),
                   (_distance(g, lambda kw: 12 * (HERO_DICE + 1)),),
                   reads=((b0, "mount", lambda m: _row(_hero_row(m))[0]), (e, "mount", lambda m: _row(_hero_row(m))[1]),
                          (wk, "mount", lambda m: int(_hero_row(m) is Order.WALK))))


def _animals() -> General:
    from aot_rules.sp.rules.movement import LOADED_ANIMAL_DICE, AnimalLoad, Order

    n, wb, r = _p("ad"), _p("walk_bonus"), _p("relative_to_cavalry")
    ld, sh, b0, e, wk = (sp.Symbol(v) for v in ("L", "s", "g", "e", "v"))
    k, u, phi, g = sp.Symbol("k"), sp.Symbol("u"), sp.Symbol("varphi"), sp.Symbol("G")

    def pace(load: Any) -> Any:
        return {AnimalLoad.RIDDEN_WALK: Order.WALK, AnimalLoad.RIDDEN_GALLOP: Order.GALLOP}.get(load)

    return General(("load", "ad", "walk_bonus", "relative_to_cavalry"),
                   nmsg("A loaded animal (L = 1) rolls {n} plain die. A ridden one rolls a die per Action Die, each "
                        "shifted s inches (−1 at the walk, +1 at the gallop); counted from cavalry at its pace, it "
                        "also takes that row's bonus (its printed bonus g, or the walk's blank cell, v = 1) and its e "
                        "extra dice. k dice in all, each worth its face plus u, never below 0; G(x), one die's "
                        "generating function to the power k, has as its coefficient of x^j the chance of j inches.",
                        "A loaded animal (L = 1) rolls {n} plain dice. A ridden one rolls a die per Action Die, each "
                        "shifted s inches (−1 at the walk, +1 at the gallop); counted from cavalry at its pace, it "
                        "also takes that row's bonus (its printed bonus g, or the walk's blank cell, v = 1) and its e "
                        "extra dice. k dice in all, each worth its face plus u, never below 0; G(x), one die's "
                        "generating function to the power k, has as its coefficient of x^j the chance of j inches.",
                        n=LOADED_ANIMAL_DICE),
                   ((k, LOADED_ANIMAL_DICE * ld + (1 - ld) * (n + r * e)), (u, sh + r * (b0 + wk * wb)),
                    (phi, _die(sp.Max(0, _F + u))), (g, phi**k)),
                   (_distance(g, lambda kw: 12 * (int(kw["ad"]) + 2)), _stopped(g)),
                   reads=((ld, "load", lambda a: int(a is AnimalLoad.LOADED)),
                          (sh, "load", lambda a: {AnimalLoad.RIDDEN_WALK: -1, AnimalLoad.RIDDEN_GALLOP: 1}.get(a, 0)),
                          (b0, "load", lambda a: _row(pace(a))[0]), (e, "load", lambda a: _row(pace(a))[1]),
                          (wk, "load", lambda a: int(pace(a) is Order.WALK))))


# --- SP-TERRAIN-ROUGH --------------------------------------------------------------------------------------------


def _rough() -> General:
    n, c, b, y = (_p(v) for v in ("ad", "cut", "bonus", "cut_bare_die"))
    phi, g, cut = sp.Symbol("varphi"), sp.Symbol("G"), sp.Function("v")
    return General(("ad", "cut", "bonus", "cut_bare_die"),
                   msg("Each Action Die is one d6 worth its face plus the order's bonus less the ground's cut, never "
                       "below 0 (where the bare die is cut first, its face less the cut is floored at 0 before the "
                       "bonus): v(f) is face f after the cut. G(x), one die's generating function to the power of the "
                       "dice, has as its coefficient of x^j the chance of j inches; the move is eaten whole with the "
                       "coefficient of x^0."),
                   ((cut, sp.Lambda(_F, y * sp.Max(0, _F - c) + (1 - y) * (_F - c))),
                    (phi, _die(sp.Max(0, cut(_F) + b))), (g, phi**n)),
                   (_distance(g, lambda kw: 12 * int(kw["ad"])), _stopped(g)))


# --- BAT-MAGIC-MISCAST -------------------------------------------------------------------------------------------


def _miscast() -> General:
    from aot_rules.bat.rules.magic import CastRoll

    qual, r, y = _p("quality"), _p("standard_bearer"), _p("bearer_saves")
    p, h, mu, two = sp.Symbol("p"), sp.Symbol("h"), sp.Symbol("mu"), sp.Symbol("R")
    rho, sigma = sp.Symbol("rho"), sp.Symbol("sigma")
    a = [sp.Symbol(f"a_{k}") for k in range(4)]
    i = sp.Symbol("i", integer=True)
    b = sp.Function("b")
    ones = sp.Rational(1, 216)
    # a failed die rolled again passes with chance p (rho = r p): each roll re-rolled moves up one AP with that chance;
    # three 1s, one of them rolled again (sigma a face), leave 2 AP and the face's own
    ap = (b(0) * (1 - rho) - (1 - h) * mu, b(1) * (1 - rho) + rho * b(0),
          b(2) - rho * two + rho * b(1) + sigma * h * (6 - qual), b(3) - h * ones + rho * two + sigma * h * (qual - 1))
    rolls = (CastRoll.AP0, CastRoll.AP1, CastRoll.AP2, CastRoll.AP3)
    casts = a[1] + a[2] + a[3]
    return General(("quality", "standard_bearer", "bearer_saves"),
                   msg("Each of three d6 gives 1 AP when it shows the Quality or less, with chance p, so the AP are "
                       "binomial, b(i); three 1s kill the Mage instead (h is 1 where a 1 would have given AP). A "
                       "Standard Bearer rolls one failed die again, unless the other two show 1 (R: the rolls it does "
                       "re-roll with two AP), and where its re-roll may undo three 1s it re-rolls one of them, which "
                       "kills only on a 1 again (σ for each other face): μ is the chance the Mage dies, a_i that it "
                       "lives with i AP."),
                   ((p, sp.Max(0, sp.Min(6, qual)) / 6), (h, sp.Min(1, sp.Max(0, qual))),
                    (b, sp.Lambda(i, sp.binomial(3, i) * p**i * (1 - p) ** (3 - i))),
                    (rho, r * p), (sigma, r * y * ones / 6), (two, b(2) - 3 * h * (1 - p) / 36),
                    (mu, ones - 5 * sigma), *zip(a, ap, strict=True)),
                   (Law("roll", "A", cases={CastRoll.MISCAST: mu, **dict(zip(rolls, a, strict=True))}),
                    Law("ap", "P", cases={0: a[0] + mu, 1: a[1], 2: a[2], 3: a[3]}),
                    Law("miscast", "M", cases={True: mu, False: 1 - mu}),
                    Law("casts", "C", cases={True: casts, False: 1 - casts})))


FORMULAS: dict[str, Callable[[], General | None]] = {
    "SP-MOVE-DICE": _move_dice, "SP-MOVE-FORMATION-TABLE": _formation, "SP-MOVE-HERO": _hero,
    "SP-MOVE-ANIMALS": _animals, "SP-TERRAIN-ROUGH": _rough, "BAT-MAGIC-MISCAST": _miscast,
}
