"""General formulas of the skirmish fragment's to-hit tables and its melee result (issue #38).

A to-hit table names, for a weapon and a range band, the number each die needs; past the weapon's reach it prints
"–" and nothing is rolled.  The law is a volley's, binomial in the dice, with the number to hit a quantity read from
the rule's own table (the weapon's reach, the band's place, a cell the source gives back), never a copy of its cells.

One round of skirmish melee is the overwhelming-odds test, else both sides' sixes: A's kills less B's kills, plus
B's dice, has the generating function ``G(x) = (1 - p + p x)^a (p + (1 - p) x)^b`` (each of A's dice gives x on a
six, each of B's on anything else), so each band of the result table is one coefficient of G or a run of them.
Each coefficient is read off G expanded once per pair of pools, which keeps the check of every grid point quick.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any

import sympy as sp

from aot_rules.core.i18n import msg
from aot_rules.formulas.general import General, J, Law, _binomial_term, _p
from aot_rules.formulas.general_restarts import SIX, _clip, _thinned
from aot_rules.formulas.general_sums import Coefficient, X, _coefficients

#: the key under which a table's reading sees every input at once (a cell is read off the weapon and the band together)
WHOLE = "*"


class _Tabled(General):
    """A formula whose reads may take every input at once: a read named :data:`WHOLE` is given the whole input."""

    def at(self, kw: Mapping[str, Any]) -> dict[str, dict[Any, sp.Rational]]:
        return super().at({**kw, WHOLE: kw})


def _band_index(band: StrEnum) -> int:
    """The band's place in its table, from the nearest (0)."""
    return list(type(band)).index(band)


def _table(rule_id: str, weapon: str, reach: Mapping[Any, int], dice: Callable[[Any], int] | None) -> General:
    """A to-hit table's volley: n dice (the input, or the gun's own) when the band is within the weapon's reach, else
    none; each needs the reader's number, or the source's where it gives this table's cell back."""
    from aot_rules.sp.rules.shooting import RECOVERED
    from aot_rules.systems import get

    to_hit, big_r, b = _p("to_hit"), sp.Symbol("R"), sp.Symbol("b")
    g, s, t_s, t, n, c = (sp.Symbol(v) for v in ("g", "s", "t_S", "t", "n", "c"))
    # this table's cells only: its weapons and bands are their own types (a line rifle equals a skirmish "rifle")
    kinds = (type(next(iter(reach))), type(get(rule_id).record().band))
    given = {k for k in RECOVERED if (type(k[0]), type(k[1])) == kinds}

    def cell(kw: Mapping[str, Any]) -> int | None:
        return RECOVERED.get((kw[weapon], kw["band"])) if (kw[weapon], kw["band"]) in given else None

    reads: list[tuple[sp.Symbol, str, Callable[[Any], int]]] = [
        (big_r, weapon, reach.__getitem__), (b, "band", _band_index)]
    defs: list[tuple[Any, sp.Expr]] = [(g, sp.Piecewise((1, b < big_r), (0, True)))]
    if dice is None:
        size: sp.Expr = _p("dice")
        most: Callable[[Mapping[str, Any]], int] = lambda kw: int(kw["dice"])  # noqa: E731
        inputs: tuple[str, ...] = (weapon, "band", "dice", "to_hit")
    else:
        size = sp.Symbol("G")
        reads.append((size, weapon, dice))
        most = lambda kw: dice(kw[weapon])  # noqa: E731
        inputs = (weapon, "band", "to_hit")
    if given:
        reads += [(s, WHOLE, lambda kw: int(cell(kw) is not None)), (t_s, WHOLE, lambda kw: cell(kw) or 0)]
        defs.append((t, s * t_s + (1 - s) * to_hit))
        what = msg("The weapon reaches R bands of the table, and the target stands in the band b places from the "
                   "nearest (0 the nearest): past the reach (g = 0) the cell is a dash and no die is rolled, so the "
                   "volley rolls n = g times its dice. Each die needs t: the number the source gives back where it "
                   "gives one (s = 1, t_S its number), else the number you set for the lost cell. A die hits on the c "
                   "faces that reach t; a hit's effect die gives Shock on 3 to 5 and a death on a 6, so hits, Shock "
                   "and deaths are each binomial in n.")
    elif dice is None:
        defs.append((t, to_hit))
        what = msg("The weapon reaches R bands of the table, and the target stands in the band b places from the "
                   "nearest (0 the nearest): past the reach (g = 0) the cell is a dash and no die is rolled, so the "
                   "volley rolls n = g times its dice. Every cell within the reach is lost, so each die needs t, the "
                   "number you set; it hits on the c faces that reach t, and a hit's effect die gives Shock on 3 to 5 "
                   "and a death on a 6, so hits, Shock and deaths are each binomial in n.")
    else:
        defs.append((t, to_hit))
        what = msg("The piece reaches R bands of the table, and the target stands in the band b places from the "
                   "nearest (0 the nearest): past the reach (g = 0) the cell is a dash and no die is rolled, so the "
                   "piece rolls n = g G dice, G its own number of dice. Every cell within the reach is lost, so each "
                   "die needs t, the number you set; it hits on the c faces that reach t, and a hit's effect die gives "
                   "Shock on 3 to 5 and a death on a 6, so hits, Shock and deaths are each binomial in n.")
    defs += [(n, g * size), (c, _clip(7 - t))]
    return _Tabled(inputs, what, tuple(defs), _thinned(n, c, most), reads=tuple(reads))


def _line() -> General:
    from aot_rules.sp.rules.shooting import LINE_REACH

    return _table("SP-SHOOT-HIT-TABLE-LINE", "weapon", LINE_REACH, None)


def _skirmish() -> General:
    from aot_rules.sp.rules.shooting import SKIRMISH_REACH

    return _table("SP-SHOOT-HIT-TABLE-SKIRMISH", "weapon", SKIRMISH_REACH, None)


def _art() -> General:
    from aot_rules.sp.rules.shooting import ART_REACH, GUN_DICE

    return _table("SP-SHOOT-HIT-TABLE-ART", "gun", ART_REACH, GUN_DICE.__getitem__)


# --- SP-MELEE-RESULT ------------------------------------------------------------------------------------------------


class Run(sp.Function):  # type: ignore[misc]
    """``sum_{k=l}^{h} [x^k] G(x)``: a run of a generating function's coefficients, added up once ``G`` is a polynomial
    in numbers and both ends are whole numbers (an empty run is 0).  sympy's own ``Sum`` would first try to split each
    term into partial fractions, expanding ``G`` again for every term."""

    nargs = 3

    @classmethod
    def eval(cls, g: sp.Expr, lo: sp.Expr, hi: sp.Expr) -> sp.Expr | None:
        if not (lo.is_Integer and hi.is_Integer) or g.free_symbols - {X}:
            return None
        terms = _coefficients(g)
        return sp.Add(*(terms.get(k, sp.Integer(0)) for k in range(int(lo), int(hi) + 1)))

    def _latex(self, printer: Any) -> str:
        g, lo, hi = self.args
        return (rf"\sum_{{k={printer._print(lo)}}}^{{{printer._print(hi)}}} [x^{{k}}]\,"
                rf"\left({printer._print(g)}\right)")


def _melee_result() -> General:
    """SP-MELEE-RESULT: overwhelming odds, else the band A's kills less B's fall in (a coefficient of G, or a run)."""
    from aot_rules.sp.rules.melee import Result, Swamp

    a, b = _p("a_dice"), _p("b_dice")
    p, r_a, r_b, o_a, o_b, u = (sp.Symbol(v) for v in ("p", "r_A", "r_B", "o_A", "o_B", "u"))
    phi_a, phi_b, g = sp.Symbol("varphi_A"), sp.Symbol("varphi_B"), sp.Symbol("G")
    t = sp.Symbol("delta", integer=True)
    d = sp.Function("d")

    def run(lo: sp.Expr, hi: sp.Expr) -> sp.Expr:
        """The chance A's kills less B's fall from lo to hi: a run of G's coefficients, from x^(b + lo) to
        x^(b + hi)."""
        return Run(g, b + lo, b + hi)

    lose4, win4 = run(-b, -4), run(4, a)
    bands = {Result.A_SWAMPED: o_b, Result.B_SWAMPED: o_a, Result.A_LOSE4: u * lose4, Result.B_LOSE4: u * win4,
             Result.DRAW: u * d(0),
             **{getattr(Result, f"A_LOSE{k}"): u * d(-k) for k in (1, 2, 3)},
             **{getattr(Result, f"B_LOSE{k}"): u * d(k) for k in (1, 2, 3)}}
    bands = {k: bands[k] for k in Result}
    a_back, b_back, a_heavy = o_b + u * run(-b, -1), o_a + u * run(1, a), o_b + u * lose4

    def kills(n: sp.Expr) -> sp.Expr:
        return u * _binomial_term(n, p, J) + (1 - u) * sp.Piecewise((1, sp.Eq(J, 0)), (0, True))

    return General(("a_dice", "b_dice", "recruits"),
                  msg("A side whose dice are at least four times the other's (three times against recruits: r_A, "
                      "r_B is 1 for the side that is) overwhelms it without a roll, o_A for A and o_B for B; "
                      "otherwise (u) both roll and each six kills, chance p. A's kills less B's kills, plus B's "
                      "dice, has the generating function G(x): each of A's dice adds x on a six, each of B's on any "
                      "other face. So A kills δ more than B with chance d(δ), the coefficient of x to the power B's "
                      "dice + δ, and each band of the result table is one coefficient or a run of them."),
                  ((p, 1 / SIX),
                   (o_a, sp.Piecewise((1, a >= (4 - r_b) * b), (0, True))),
                   (o_b, sp.Piecewise((1, b >= (4 - r_a) * a), (0, True))), (u, 1 - o_a - o_b),
                   (phi_a, 1 - p + p * X), (phi_b, p + (1 - p) * X), (g, phi_a**a * phi_b**b),
                   (d, sp.Lambda(t, Coefficient(g, t + b)))),
                  (Law("result", "M", cases=bands),
                   Law("a_kills", "K_A", kills(a), lambda kw: range(0, int(kw["a_dice"]) + 1)),
                   Law("b_kills", "K_B", kills(b), lambda kw: range(0, int(kw["b_dice"]) + 1)),
                   *(Law(name, letter, cases={True: e, False: 1 - e}) for name, letter, e in (
                       ("a_back", "F_A", a_back), ("b_back", "F_B", b_back), ("again", "E", u * d(0)),
                       ("a_heavy", "H_A", a_heavy)))),
                  reads=((r_a, "recruits", lambda v: int(v == Swamp.A)),
                         (r_b, "recruits", lambda v: int(v == Swamp.B))))


FORMULAS: dict[str, Callable[[], General | None]] = {
    "SP-SHOOT-HIT-TABLE-LINE": _line, "SP-SHOOT-HIT-TABLE-SKIRMISH": _skirmish, "SP-SHOOT-HIT-TABLE-ART": _art,
    "SP-MELEE-RESULT": _melee_result,
}
