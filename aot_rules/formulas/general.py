"""General formulas: a mechanic's law written in its own parameters, for every input at once.

The derivations in :mod:`aot_rules.formulas.forms` are worked out at one input record (the calculator's start);
a reader who moves a control wants the law as a function of the controls.  Where the law has an obvious closed
form in its parameters (a binomial number of hits at p = k/6, one die's threshold, "at least one success" as
1 - (1 - p)^n, the run's disorder test with or without a re-roll), it is written here once as a sympy expression,
each symbol standing for one input (shown by that input's label), and the test suite substitutes every grid
point and compares the result with the engine's exact ``Fraction`` law (sympy ``Rational`` equality).
A yes/no input enters as 1 (chosen) or 0 (not).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

import sympy as sp
from sympy.printing.latex import LatexPrinter

from aot_rules.core.i18n import Message, msg
from aot_rules.formulas.forms import tex_text, tex_value

#: the outcome a law's probability is written for (a count of hits, of warriors disordered, a distance)
J = sp.Symbol("j", integer=True)


def _p(name: str) -> sp.Symbol:
    """An input's symbol (named by the input; the block shows it by the input's label)."""
    return sp.Symbol(name)


@dataclass(frozen=True)
class Law:
    """One law of the mechanic: the probability of each outcome, in the inputs.

    Either ``pmf`` (an expression in :data:`J` and the inputs, read at each outcome ``support`` gives) or ``cases``
    (outcome -> expression), for an event or an outcome that is not a number."""

    name: str
    letter: str
    pmf: sp.Expr | None = None
    support: Callable[[Mapping[str, Any]], Iterable[int]] = lambda kw: range(0, 13)
    cases: Mapping[Any, sp.Expr] = field(default_factory=dict)


@dataclass(frozen=True)
class General:
    """A mechanic's laws in its parameters, with the intermediate quantities they are built from."""

    inputs: tuple[str, ...]
    what: Message
    #: intermediate quantities (symbol, definition in the inputs), in the order they are defined
    defs: tuple[tuple[sp.Symbol, sp.Expr], ...]
    laws: tuple[Law, ...]

    def expr(self, e: sp.Expr) -> sp.Expr:
        """An expression with every intermediate quantity replaced by its definition (inputs only)."""
        for sym, definition in reversed(self.defs):
            e = e.subs(sym, definition)
        return e

    def at(self, kw: Mapping[str, Any]) -> dict[str, dict[Any, sp.Rational]]:
        """Every law at one grid point, by substituting its inputs (a yes/no input as 1 or 0): exact rationals."""
        values = {_p(k): _number(v) for k, v in kw.items() if k in self.inputs}
        out: dict[str, dict[Any, sp.Rational]] = {}
        for law in self.laws:
            if law.pmf is not None:
                e = self.expr(law.pmf).subs(values)
                got = {j: _exact(e.subs(J, j)) for j in law.support(kw)}
            else:
                got = {v: _exact(self.expr(c).subs(values)) for v, c in law.cases.items()}
            for v, q in got.items():
                if not q.is_Rational:
                    raise TypeError(f"{law.name} at {v}: not an exact rational: {q}")
            out[law.name] = {v: q for v, q in got.items() if q != 0}
        return out

    def tex(self, names: Mapping[str, str]) -> tuple[str, ...]:
        """The definitions and the laws as LaTeX lines, each input shown by ``names`` (LaTeX, e.g. a ``\\text``)."""
        shown = {_p(k): names.get(k, k) for k in self.inputs}
        printer = _Printer({"symbol_names": shown, "mul_symbol": "dot"})

        def tex(e: sp.Expr) -> str:
            return str(printer.doprint(e))

        lines = [rf"{sp.latex(sym)} = {tex(d)}" for sym, d in self.defs]
        for law in self.laws:
            if law.pmf is not None:
                lines.append(rf"\Pr({law.letter} = j) = {tex(law.pmf)}")
            else:
                lines.append(r",\qquad ".join(rf"\Pr\bigl({law.letter} = {tex_value(v)}\bigr) = {tex(c)}"
                                               for v, c in law.cases.items()))
        return tuple(lines)


class _Printer(LatexPrinter):  # type: ignore[misc]
    """sympy's LaTeX, with a case's condition in the reader's words ("if", "otherwise" through the catalogue)."""

    def _print_Piecewise(self, expr: sp.Piecewise) -> str:
        rows = []
        otherwise, if_ = tex_text(msg("otherwise")), tex_text(msg("if"))
        for e, c in expr.args:
            when = otherwise if c is sp.true else rf"{if_}\ {self._print(c)}"
            rows.append(rf"{self._print(e)} & {when}")
        return r"\begin{cases} " + r" \\ ".join(rows) + r" \end{cases}"


def _exact(e: sp.Expr) -> sp.Expr:
    """A substituted expression evaluated exactly (a conditional left standing is resolved by simplifying)."""
    e = e.doit()
    return e if e.is_Rational else sp.simplify(e)


def _number(v: Any) -> sp.Rational:
    if isinstance(v, bool):
        return sp.Integer(int(v))
    if isinstance(v, Fraction):
        return sp.Rational(v.numerator, v.denominator)
    return sp.Integer(v)


def _binomial_hits(n: sp.Symbol, p: sp.Symbol, count: str) -> Law:
    return Law("hits", "H", sp.binomial(n, J) * p**J * (1 - p) ** (n - J), lambda kw: range(0, int(kw[count]) + 1))


def _test_die(d: sp.Symbol, e: sp.Symbol, g: sp.Expr) -> sp.Expr:
    """Warriors disordered by one die that fails below the density, rolled e times while it fails, keeping the
    lowest: P(X = j) = ((d - j)^e - (d - j - 1)^e) / 6^e for 1 <= j < d, times g (0: nothing is tested)."""
    fail = ((d - 1) / sp.Integer(6)) ** e
    return sp.Piecewise((1 - g * fail, sp.Eq(J, 0)),
                        (g * ((d - J) ** e - (d - J - 1) ** e) / sp.Integer(6) ** e, (J >= 1) & (J < d)),
                        (0, True))


@cache
def general_of(rule_id: str) -> General | None:
    """The general formula of a mechanic, or None where none is written (its block shows the derivation at
    the calculator's start only)."""
    make = _GENERAL.get(rule_id)
    return None if make is None else make()


def _shoot_hit() -> General:
    n, d, v, w, a = (_p(x) for x in ("firers", "target_density", "veteran", "wind", "horse_armour"))
    p = sp.Symbol("p")
    return General(("firers", "target_density", "veteran", "wind", "horse_armour"),
                   msg("Each firer's die hits on its own; a target is hit on the faces below its density, one face "
                       "more for veterans or downwind (not both), one fewer against horse armour."),
                   ((p, sp.Max(0, sp.Min(6, d - 1 + sp.Max(v, w) - a)) / 6),), (_binomial_hits(n, p, "firers"),))


def _shoot_horse_armour() -> General:
    n, d, v, w = (_p(x) for x in ("firers", "target_density", "veteran", "wind"))
    p = sp.Symbol("p")
    return General(("firers", "target_density", "veteran", "wind"),
                   msg("Each firer's die hits on its own; horse armour takes one face away from the faces below the "
                       "density, and veterans or downwind (not both) give one back."),
                   ((p, sp.Max(0, sp.Min(6, d - 2 + sp.Max(v, w))) / 6),), (_binomial_hits(n, p, "firers"),))


def _sp_shoot_hit() -> General:
    n, b, t = (_p(x) for x in ("dice", "bonus", "to_hit"))
    p = sp.Symbol("p")
    return General(("dice", "bonus", "to_hit"),
                   msg("Each die hits on its own when its face plus the bonus reaches the number to hit: the hits are "
                       "binomial, and at least one hits unless every die misses."),
                   ((p, sp.Max(0, sp.Min(6, 7 - t + b)) / 6),),
                   (_binomial_hits(n, p, "dice"), Law("any", "A", cases={True: 1 - (1 - p) ** n, False: (1 - p) ** n})))


def _die_move_laws(d: sp.Expr, e: sp.Expr, g: sp.Expr) -> tuple[Law, ...]:
    """One die that is both the distance and (g = 1) the disorder test, re-rolled while it fails (e dice)."""
    fail = ((d - 1) / sp.Integer(6)) ** e
    dist = sp.Piecewise((((d - J) ** e - (d - J - 1) ** e) / sp.Integer(6) ** e, J < d),
                        ((1 + (e - 1) * (d - 1) / sp.Integer(6)) / 6, True))
    return (Law("disordered", "X", _test_die(d, e, g), lambda kw: range(0, 7)),
            Law("distance", "D", dist, lambda kw: range(1, 7)),
            Law("no_loss", "N", cases={True: 1 - g * fail, False: g * fail}))


def _run() -> General:
    d, r, s, a = (_p(x) for x in ("density", "regular", "shield", "armour"))
    g, e = sp.Symbol("g"), sp.Symbol("e")
    return General(("density", "regular", "shield", "armour"),
                   msg("The run's die is the distance and, for a unit with shields or armour, its disorder test: a "
                       "face j below the density disorders j warriors. A regular unit re-rolls a failed test and "
                       "keeps the lower die; g is 1 when the test is taken, e the dice rolled when it fails."),
                   ((g, sp.Max(s, a)), (e, 1 + r * g)), _die_move_laws(d, e, g))


def _evade() -> General:
    d, r = _p("density"), _p("regular")
    e = sp.Symbol("e")
    return General(("density", "regular"),
                   msg("The evasion's die is both the distance and the disorder test: a face j below the density "
                       "disorders j warriors. A regular unit re-rolls a failed test and keeps the lower die, so e dice "
                       "are rolled when it fails."),
                   ((e, 1 + r),), _die_move_laws(d, e, sp.Integer(1)))


def _trot() -> General:
    d, r, a, h = (_p(x) for x in ("density", "regular", "armour", "horse_armour"))
    g, e = sp.Symbol("g"), sp.Symbol("e")
    fail = ((d - 1) / sp.Integer(6)) ** e
    return General(("density", "regular", "armour", "horse_armour"),
                   msg("A trot tests for disorder only with armoured riders or horses (g = 1). Armoured horses roll "
                       "one die, which is the test; armoured riders on unarmoured horses roll two and test on the one "
                       "that loses fewer. Every die of the test must fall below the density to disorder anyone, and "
                       "then the lowest face j counts; a regular unit re-rolls a failure, one die more: e dice in "
                       "all."),
                   ((g, sp.Max(a, h)), (e, 1 + a * (1 - h) + r)),
                   (Law("disordered", "X", _test_die(d, e, g), lambda kw: range(0, 7)),
                    Law("no_loss", "N", cases={True: 1 - g * fail, False: g * fail})))


def _disorder_test() -> General:
    d, r = _p("density"), _p("regular")
    e = sp.Symbol("e")
    return General(("density", "regular"),
                   msg("One die fails below the density and then disorders as many warriors as its face; a "
                       "regular unit re-rolls a failure and keeps the lower die, so e dice are rolled when it fails."),
                   ((e, 1 + r),),
                   (Law("disordered", "X", _test_die(d, e, sp.Integer(1)), lambda kw: range(0, 7)),
                    Law("fails", "F", cases={True: ((d - 1) / sp.Integer(6)) ** e,
                                             False: 1 - ((d - 1) / sp.Integer(6)) ** e})))


def _signal() -> General:
    from aot_rules.aot.rules.command import Delivery

    delta, strict = _p("distance"), _p("strictly_within")
    c = sp.Symbol("c")
    faces = sp.Max(0, sp.Min(6, sp.Piecewise((6 - sp.floor(delta), sp.Eq(strict, 1)), (7 - sp.ceiling(delta), True))))
    return General(("distance", "strictly_within"),
                   msg("One die gets the signal through when its face reaches the distance (or passes it, when it "
                       "must be strictly within): c faces of six do."),
                   ((c, faces),), (Law("delivery", "S", cases={Delivery.SUCCESS: c / 6, Delivery.FAILURE: 1 - c / 6}),))


def _messenger() -> General:
    from aot_rules.aot.rules.command import Delivery

    delta, equal = _p("distance"), _p("equal_succeeds")
    c = sp.Symbol("c")
    faces = sp.Max(0, sp.Min(6, sp.Piecewise((7 - sp.ceiling(delta), sp.Eq(equal, 1)), (6 - sp.floor(delta), True))))
    return General(("distance", "equal_succeeds"),
                   msg("One die gets the messenger through when its face beats the distance (or equals it, where an "
                       "equal face succeeds): c faces of six do."),
                   ((c, faces),), (Law("delivery", "S", cases={Delivery.SUCCESS: c / 6, Delivery.FAILURE: 1 - c / 6}),))


def _sp_melee_roll() -> General:
    n = _p("dice")
    return General(("dice",),
                   msg("Each melee die kills on a 6 and gives Shock on a 5, on its own: both counts are binomial with "
                       "p = 1/6, and at least one kill comes unless every die misses."),
                   (),
                   (Law("kills", "K", sp.binomial(n, J) * sp.Rational(1, 6) ** J * sp.Rational(5, 6) ** (n - J),
                        lambda kw: range(0, int(kw["dice"]) + 1)),
                    Law("shock", "S", sp.binomial(n, J) * sp.Rational(1, 6) ** J * sp.Rational(5, 6) ** (n - J),
                        lambda kw: range(0, int(kw["dice"]) + 1)),
                    Law("any", "A", cases={True: 1 - sp.Rational(5, 6) ** n, False: sp.Rational(5, 6) ** n})))


def _sp_shoot_hits() -> General:
    h, a, k = _p("hits"), _p("ambush"), _p("six_kills")
    q, m = sp.Symbol("q"), sp.Symbol("m")
    i = J / m
    return General(("hits", "ambush", "six_kills"),
                   msg("Each hit rolls one die of its own: where a six kills, the sixes are the deaths (binomial, "
                       "p = 1/6); the Shock dice are the faces 3 to 5, or 3 to 6 where a six does not kill (q), each "
                       "worth m Shock (2 from ambush, else 1)."),
                   ((q, (4 - k) / sp.Integer(6)), (m, 1 + a)),
                   (Law("deaths", "K", sp.binomial(h, J) * (k / sp.Integer(6)) ** J
                        * (1 - k / sp.Integer(6)) ** (h - J), lambda kw: range(0, int(kw["hits"]) + 1)),
                    Law("shock", "S", sp.Piecewise((sp.binomial(h, i) * q**i * (1 - q) ** (h - i),
                                                    sp.Eq(sp.Mod(J, m), 0)), (0, True)),
                        lambda kw: range(0, 2 * int(kw["hits"]) + 1)),
                    Law("any_death", "A", cases={True: 1 - (1 - k / sp.Integer(6)) ** h,
                                                 False: (1 - k / sp.Integer(6)) ** h})))


def _spot_roll() -> General:
    n, x, hd, ez, tw = (_p(v) for v in ("needed", "extra", "harder", "easier", "extra_twice"))
    s, t = sp.Symbol("s", integer=True), sp.Symbol("t")
    two_d6 = (6 - sp.Abs(s - 7)) / sp.Integer(36)
    return General(("needed", "extra", "harder", "easier", "extra_twice"),
                   msg("Two dice and the extra dice spent make the roll; it spots when it reaches the number needed, "
                       "one higher for each difficulty, one lower for each easing, and lower again by the extra dice "
                       "where they count twice (the target t on the two dice alone)."),
                   ((t, n + hd - ez - x * (1 + tw)),),
                   (Law("roll", "R", sp.Piecewise(((6 - sp.Abs(J - x - 7)) / sp.Integer(36),
                                                   (J - x >= 2) & (J - x <= 12)), (0, True)), lambda kw: range(0, 20)),
                    Law("spotted", "F", cases={True: sp.Sum(sp.Piecewise((two_d6, s >= t), (0, True)), (s, 2, 12)),
                                               False: sp.Sum(sp.Piecewise((two_d6, s < t), (0, True)), (s, 2, 12))})))


def _panic() -> General:
    st, f, r = _p("strength"), _p("friend_formed"), _p("regular")
    d, e = sp.Symbol("d"), sp.Symbol("e")
    six = sp.Integer(6)
    every = sp.Max(0, d - f) ** e / six**e
    x = sp.Piecewise((1 - ((d - 1) / six) ** e, sp.Eq(J, 0)),
                     (((d - J) ** e - (d - J - 1) ** e) / six**e, (J >= 1) & (J < f) & (J < d)),
                     (every, sp.Eq(J, f)), (0, True))
    return General(("strength", "friend_formed", "regular"),
                   msg("The panicking unit's die fails below its strength (every face, from strength 7 up: d is the "
                       "lower of the two) and then disorders as many of the friend's formed warriors as its face, all "
                       "of them at most; a regular unit re-rolls a failure and keeps the lower die, e dice in all."),
                   ((d, sp.Min(st, 7)), (e, 1 + r)),
                   (Law("disordered", "X", x, lambda kw: range(0, 11)),
                    Law("fails", "F", cases={True: ((d - 1) / six) ** e, False: 1 - ((d - 1) / six) ** e}),
                    Law("all", "A", cases={True: every, False: 1 - every})))


def _elephant_move() -> General:
    n = _p("needed")
    six = sp.Integer(6)
    return General(("needed",),
                   msg("One die is the distance; the elephant arrives when it reaches the number needed, and arrives "
                       "calm when it also shows 3 or more (a 1 or 2 sends it berserk)."),
                   (),
                   (Law("distance", "D", sp.Piecewise((1 / six, (J >= 1) & (J <= 6)), (0, True)),
                        lambda kw: range(0, 8)),
                    Law("arrives", "A", cases={True: (7 - n) / six, False: (n - 1) / six}),
                    Law("arrives_calm", "C", cases={True: (7 - sp.Max(n, 3)) / six,
                                                    False: 1 - (7 - sp.Max(n, 3)) / six})))


_GENERAL: dict[str, Callable[[], General]] = {
    "AOT-ELEPHANT-MOVE": _elephant_move,
    "AOT-PANIC": _panic, "AOT-EVADE-PROCEDURE": _evade, "AOT-EVADE-FLANK": _evade,
    "AOT-TURN-FLANK-ATTACKED": _disorder_test,
    "AOT-CMD-MESSENGER": _messenger, "AOT-CAMP": _disorder_test, "AOT-WEATHER-SUN": _disorder_test,
    "SP-MELEE-ROLL": _sp_melee_roll, "SP-SHOOT-HITS": _sp_shoot_hits, "SP-SPOT-ROLL": _spot_roll,
    "AOT-SHOOT-HIT": _shoot_hit, "AOT-SHOOT-HORSE-ARMOUR": _shoot_horse_armour, "SP-SHOOT-HIT": _sp_shoot_hit,
    "AOT-RUN": _run, "AOT-TROT": _trot, "AOT-DISORDER-TEST": _disorder_test, "AOT-CMD-SIGNAL": _signal,
}
