"""General formulas for the mechanics that are a chain of turns: the weather (AOT-CMD-DOUBLES, AOT-WEATHER).

Why a module of its own: the weather's law after n turns is the n-th power of the chain's transition matrix, which
the sympy interpreter reads off the procedure (:func:`aot_rules.formulas.aot_forms.weather_matrix`).  Diagonalised,
a power is a sum of powers of its eigenvalues, so the chances of no change yet and of no nightfall yet are closed
forms in n; the eigenvalues are quadratic surds, not rationals (checked: tests/faces/test_general_chains.py), and
sympy's exact arithmetic makes every grid point a rational again.  The number of changes is
not an entry of a power of a number matrix (z marks it), so its law is counted instead: the pairs of doubles in n
turns by the runs of doubles (the third double's reading) and the pairings of the turns (without it), each pair
bringing nightfall with the chance the matrix gives, which ends the count.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

import sympy as sp

from aot_rules.core.i18n import msg
from aot_rules.formulas.general import General, J, Law, _p

#: the chain's classes that are not yet night, in the order their block of the matrix is read: a double is waiting,
#: none is (the start)
_LIVE = ("waiting", "none")


def _power_sum(a: sp.Matrix, start: int) -> tuple[list[sp.Expr], list[sp.Expr]]:
    """The eigenvalues l_i of ``a`` and the weights c_i with e_start a^n 1 = sum_i c_i l_i^n for every n (``a``
    diagonalised: a = P D P^-1, so c_i = (e_start P)_i (P^-1 1)_i); ValueError where it cannot be diagonalised."""
    if not a.is_diagonalizable():
        raise ValueError("the chain's matrix has a repeated eigenvalue: no sum of powers")
    p, d = a.diagonalize()
    left = p.row(start)
    right = p.inv() * sp.ones(a.rows, 1)
    pairs = sorted(((sp.radsimp(sp.simplify(d[i, i])), sp.radsimp(sp.simplify(left[i] * right[i])))
                    for i in range(a.rows)), key=lambda lc: -sp.N(lc[0]))
    return [lam for lam, _ in pairs], [c for _, c in pairs]


def _either(o: sp.Symbol, on: sp.Expr, off: sp.Expr) -> sp.Expr:
    """``on`` with the third double's reading (o = 1), ``off`` without it; one expression where they agree."""
    return on if sp.simplify(on - off) == 0 else sp.Piecewise((on, sp.Eq(o, 1)), (off, True))


def _added_up(e: sp.Expr) -> sp.Expr:
    """``e`` with every sum whose bounds are whole numbers added up term by term (the outer index first, as an inner
    bound may depend on it), each term its summand with the index put in: the value sympy's ``doit`` gives, without
    its attempts at a symbolic sum (a nested sum made that take seconds a grid point)."""
    def added(s: sp.Sum) -> sp.Expr:
        *inner, (i, a, b) = s.limits  # the outermost index first: an inner bound may depend on it
        if not (a.is_Integer and b.is_Integer):
            return s
        rest = sp.Sum(s.function, *inner) if inner else s.function
        return _added_up(sp.Add(*(rest.xreplace({i: sp.Integer(x)}) for x in range(int(a), int(b) + 1))))

    return e.replace(lambda x: isinstance(x, sp.Sum), added)


def _counted(name: str, variables: tuple[sp.Symbol, ...], body: sp.Expr, shown: int = 1) -> type[sp.Function]:
    """A sympy function whose value at whole numbers is ``body`` there, summed out at once (so a sum over its argument
    is worked out term by term, each term one finite sum, never a nested symbolic sum); printed with its first
    ``shown`` arguments only (the inputs it also takes are the block's own)."""
    definition = sp.Lambda(variables, body)

    def evaluated(cls: Any, *args: sp.Expr) -> sp.Expr | None:
        if not all(getattr(x, "is_Integer", False) for x in args):
            return None
        value = _added_up(definition(*args))
        if not value.is_Rational:  # powers of conjugate surds: their irrational parts cancel once multiplied out
            value = sp.expand(value)
        return value if value.is_Rational else sp.simplify(value)

    def latex(self: Any, printer: Any) -> str:
        if not shown:
            return name
        return f"{name}({', '.join(printer.doprint(x) for x in self.args[:shown])})"

    return type(name, (sp.Function,), {"eval": classmethod(evaluated), "_latex": latex, "nargs": len(variables)})


@cache
def _weather() -> General:
    """AOT-CMD-DOUBLES and AOT-WEATHER over n turns, in n and the third double's reading (one law, read once for
    both)."""
    from aot_rules.aot.rules.weather import Weather, weather_of_double
    from aot_rules.formulas.aot_forms import Z, weather_matrix
    from aot_rules.systems import get

    m = get("AOT-CMD-DOUBLES")
    n, o = _p("turns"), _p("overlapping")
    read = {flag: weather_matrix(m, m.record(turns=1, overlapping=flag)) for flag in (True, False)}
    live = [read[True].classes.index(c) for c in _LIVE]
    night = read[True].classes.index("night")
    start = _LIVE.index(read[True].start)
    mats = {flag: cm.matrix.extract(live, live) for flag, cm in read.items()}
    # a double's chance (none waiting -> waiting) and a change's chance of not being nightfall, read off the matrix
    p = read[True].matrix[live[1], live[0]]
    g = 1 - read[True].matrix[live[0], night] / (p * Z)

    lam, a_, mu, b_ = (sp.symbols(f"{x}_1:3") for x in ("lambda", "a", "mu", "b"))
    ps, q, k = sp.Symbol("p"), sp.Symbol("q"), sp.Symbol("g")
    defs: list[tuple[Any, sp.Expr]] = [(ps, p), (q, 1 - ps), (k, g)]
    numbers: dict[sp.Symbol, sp.Expr] = {ps: p, q: 1 - p}
    sums: dict[str, type[sp.Function]] = {}
    # Q: no change yet (the chain's matrix with z = 0: no pair of doubles); N: no nightfall yet (z = 1)
    for name, x, eig, weight in (("Q", 0, mu, b_), ("N", 1, lam, a_)):
        powers = {flag: _power_sum(mat.subs(Z, x), start) for flag, mat in mats.items()}
        for j, syms in enumerate((eig, weight)):
            for i, sym in enumerate(syms):
                numbers[sym] = _either(o, powers[True][j][i], powers[False][j][i])
                defs.append((sym, numbers[sym]))
        chance = weight[0] * eig[0] ** n + weight[1] * eig[1] ** n
        defs.append((sp.Symbol(name), chance))
        sums[name] = _counted(name, (n, o), chance.subs(numbers), shown=0)
    big_q, big_n = sums["Q"](n, o), sums["N"](n, o)

    # B(t): the chance of t pairs of doubles in n turns, night or not.  With the reading, a run of r doubles makes
    # r - 1 pairs: t pairs lie in r runs of t + r doubles, C(t + r - 1, r - 1) ways to size the runs and
    # C(n - t - r + 1, r) to place them among the other turns.  Without it, the turns read from the first are blocks:
    # a turn with no double, a double and then none, a pair of doubles, and perhaps one double left at the end (l = 1):
    # c blocks of the first kind and d of the second are arranged in (c + d + t)! / (c! d! t!) ways.
    t, r, d, i, ell, c = (sp.Symbol(x, integer=True) for x in ("t", "r", "d", "i", "l", "c"))
    runs = sp.Sum(sp.binomial(t + r - 1, r - 1) * sp.binomial(n - t - r + 1, r) * ps ** (t + r) * q ** (n - t - r),
                  (r, 1, sp.floor((n - t + 1) / 2)))
    blocks = sp.Sum(sp.binomial(c + d + t, t) * sp.binomial(c + d, d) * q**c * (ps * q) ** d * ps ** (2 * t + ell),
                    (d, 0, sp.floor((n - ell) / 2) - t), (ell, 0, 1))
    body = sp.Piecewise((sp.KroneckerDelta(t, 0) * q**n + runs, sp.Eq(o, 1) & (t >= 0) & (t <= n)),
                        (blocks, (t >= 0) & (2 * t <= n)), (0, True))
    defs.append((c, n - ell - 2 * d - 2 * t))
    numbers[c] = n - ell - 2 * d - 2 * t
    pairs = _counted("B", (t, n, o), body.subs(numbers))
    defs.append((sp.Function("B"), sp.Lambda(t, body)))
    # S(j): at least j pairs
    defs.append((sp.Function("S"), sp.Lambda(J, sp.Sum(sp.Function("B")(i), (i, J, n)))))
    tail = _counted("S", (J, n, o), sp.Sum(pairs(i, n, o), (i, J, n)))
    changes = sp.Piecewise((pairs(0, n, o), sp.Eq(J, 0)),
                           (k**J * pairs(J, n, o) + k ** (J - 1) * (1 - k) * tail(J, n, o), True))

    faces = {w: sum(weather_of_double(f) is w for f in range(1, 7)) for w in Weather}
    brought = sum(x for w, x in faces.items() if w is not Weather.NIGHT)
    # no change leaves it calm, nightfall ends it, and any other change is the face of the last pair, each face of a
    # change that is not nightfall alike
    latest: Mapping[Any, sp.Expr] = {
        w: big_q if w is Weather.CALM else 1 - big_n if w is Weather.NIGHT
        else sp.Rational(x, brought) * (big_n - big_q) for w, x in faces.items()}

    def support(kw: Mapping[str, Any]) -> range:
        return range(0, int(kw["turns"]) + 1)

    return General(("turns", "overlapping"),
                   msg("A double comes each turn with chance p, and a double right after a waiting one changes the "
                       "weather, nightfall with chance 1 − g, which ends the count. Q and N, the chances of no change "
                       "and of no nightfall yet, are sums of powers of the eigenvalues of the chain's matrix; B(t), "
                       "the chance of t pairs of doubles, counts the runs of doubles (a third double in a row pairs "
                       "again) or the pairs spent (it does not), and S(j) is the chance of j pairs or more."),
                   tuple(defs),
                   (Law("changes", "C", changes, support),
                    Law("latest", "W", cases=latest),
                    Law("any", "A", cases={True: 1 - big_q, False: big_q}),
                    Law("night", "H", cases={True: 1 - big_n, False: big_n})))


FORMULAS: dict[str, Callable[[], General | None]] = {"AOT-CMD-DOUBLES": _weather, "AOT-WEATHER": _weather}
