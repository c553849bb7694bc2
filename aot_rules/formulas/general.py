"""General formulas: a mechanic's law written in its own parameters, for every input at once.

The derivations in :mod:`aot_rules.formulas.forms` are worked out at one input record (the calculator's start);
a reader who moves a control wants the law as a function of the controls.  Where the law has an obvious closed
form in its parameters (a binomial number of hits at p = k/6, one die's threshold, "at least one success" as
1 - (1 - p)^n, the run's disorder test with or without a re-roll), it is a sympy expression, each symbol standing
for one input (shown by that input's label).  Where the mechanic's dice procedure is one pool or one die, the
formula is read off the procedure (:func:`derived_pool`, :func:`derived_die`): the pool's multinomial term in its
size, each class's count of faces written in the inputs; elsewhere it is written here by hand.  The test suite
substitutes every grid point, and inputs beyond the grid, and compares the result with the engine's exact
``Fraction`` law (sympy ``Rational`` equality).
A yes/no input enters as 1 (chosen) or 0 (not).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache
from importlib import import_module
from typing import Any

import sympy as sp
from sympy.printing.latex import LatexPrinter

from aot_rules.core.i18n import Message, msg
from aot_rules.core.procedure import Pool
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
    #: whether the engine reports this law at these inputs (None: always); a volley reports its retreat for the
    #: shooters' density given, or for each density where none is
    applies: Callable[[Mapping[str, Any]], bool] | None = None
    #: whether the block writes the law out (a law that is another one read at a fixed input is only checked)
    shown: bool = True


@dataclass(frozen=True)
class General:
    """A mechanic's laws in its parameters, with the intermediate quantities they are built from."""

    inputs: tuple[str, ...]
    what: Message
    #: intermediate quantities (symbol, definition in the inputs), in the order they are defined; a function of a
    #: count (a binomial term) is a sympy ``Function`` defined by a ``Lambda``
    defs: tuple[tuple[Any, sp.Expr], ...]
    laws: tuple[Law, ...]
    #: read off the mechanic's dice procedure (:func:`derived_pool`, :func:`derived_die`), not written by hand
    derived: bool = False
    #: quantities a choice input stands for, read by the rule's own function (symbol, input, reading): a Coward's
    #: reading as the dice it drops and the failures it adds
    reads: tuple[tuple[sp.Symbol, str, Callable[[Any], int]], ...] = ()

    def expr(self, e: sp.Expr) -> sp.Expr:
        """An expression with every intermediate quantity replaced by its definition (inputs only)."""
        for sym, definition in reversed(self.defs):
            e = e.replace(sym, definition) if isinstance(definition, sp.Lambda) else e.subs(sym, definition)
        return e

    def at(self, kw: Mapping[str, Any]) -> dict[str, dict[Any, sp.Rational]]:
        """Every law at one grid point, by substituting its inputs (a yes/no input as 1 or 0): exact rationals."""
        read = {name for _, name, _ in self.reads}
        values: dict[sp.Basic, sp.Basic] = {_p(k): _number(v) for k, v in kw.items()
                                            if k in self.inputs and k not in read}
        values.update({sym: sp.Integer(f(kw[name])) for sym, name, f in self.reads})
        value = _Point(dict(self.defs), values)
        out: dict[str, dict[Any, sp.Rational]] = {}
        for law in self.laws:
            if law.applies is not None and not law.applies(kw):
                continue
            if law.pmf is not None:
                got = {j: value(law.pmf, j) for j in law.support(kw)}
            else:
                got = {v: value(c) for v, c in law.cases.items()}
            for v, q in got.items():
                if not q.is_Rational:
                    raise TypeError(f"{law.name} at {v}: not an exact rational: {q}")
            out[law.name] = {v: q for v, q in got.items() if q != 0}
        return out

    def written(self) -> tuple[frozenset[str], frozenset[str]]:
        """The inputs the shown lines use, and the name of every other symbol they set (the defined quantities, the
        laws' letters, a function's or a sum's variables), so that an input's short symbol is chosen apart from them."""
        exprs: list[sp.Basic] = [d for _, d in self.defs]
        for law in (x for x in self.laws if x.shown):
            exprs += [law.pmf] if law.pmf is not None else list(law.cases.values())
        names = {s.name for e in exprs for s in e.atoms(sp.Symbol)} | {J.name}
        names |= {str(sym) for sym, _ in self.defs} | {law.letter for law in self.laws}
        names |= {str(f.func) for e in exprs for f in e.atoms(sp.core.function.AppliedUndef)}
        return frozenset(names & set(self.inputs)), frozenset(names - set(self.inputs))

    def tex(self, names: Mapping[str, str]) -> tuple[str, ...]:
        """The definitions and the laws as LaTeX lines, each input shown by ``names`` (LaTeX, e.g. a ``\\text``)."""
        shown = {_p(k): names.get(k, k) for k in self.inputs}
        printer = _Printer({"symbol_names": shown, "mul_symbol": "dot"})

        def tex(e: sp.Expr) -> str:
            return str(printer.doprint(e))

        lines = [rf"{tex(sym(*d.variables))} = {tex(d.expr)}" if isinstance(d, sp.Lambda)
                 else rf"{sp.latex(sym)} = {tex(d)}" for sym, d in self.defs]
        for law in (x for x in self.laws if x.shown):
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


class _Point:
    """A formula's expressions at one point, each defined quantity worked out once: a function's value at each
    argument is remembered, a case's branches are read only where its condition holds, and a sum is added up term by
    term (a product multiplied) over its whole-number range.  Substituting the definitions into every term instead
    makes sympy compare ``Max`` and ``Min`` in general and look for a closed form of each sum: Batalist melee's block
    took 20 s, a law over two volleys' losses a minute a point."""

    def __init__(self, defined: dict[Any, sp.Expr], values: dict[sp.Basic, sp.Basic]) -> None:
        self.defined, self.values, self.memo = defined, values, dict[sp.Basic, sp.Basic]()
        #: the quantities that read the law's value j (a binomial term in j), directly or through another
        self.on_j = {q for q, d in defined.items() if J in d.free_symbols}
        while grown := {q for q, d in defined.items() if q not in self.on_j and any(d.has(x) for x in self.on_j)}:
            self.on_j |= grown

    def __call__(self, e: sp.Basic, j: int | None = None) -> sp.Basic:
        """``e`` at this point (and at the law's value ``j``), exactly (a conditional left standing is resolved by
        simplifying)."""
        if j is not None:
            self.values[J] = sp.Integer(j)
            self.memo = {k: v for k, v in self.memo.items() if (k if k.is_Symbol else k.func) not in self.on_j}
        e = self.ev(e).doit()
        return e if e.is_Rational else sp.simplify(e)

    def ev(self, e: sp.Basic) -> sp.Basic:
        if e in self.values:
            return self.values[e]
        if not e.args and e not in self.defined:  # a number, or a variable the formula keeps (a power series')
            return e
        defined, memo = self.defined, self.memo
        if e in defined and not isinstance(defined[e], sp.Lambda):
            if e not in memo:
                memo[e] = self.ev(defined[e])
            return memo[e]
        if isinstance(e, (sp.Sum, sp.Product)):
            return self._over(e, e.limits)
        if isinstance(e, sp.Piecewise):
            for value, cond in e.args:
                if self.ev(cond) is sp.true:
                    return self.ev(value)
            raise TypeError(f"no case holds in {e}")
        args = tuple(self.ev(a) for a in e.args)
        if e.func in defined:
            call = e.func(*args)
            if call not in memo:
                rule = defined[e.func]
                memo[call] = self._bound(dict(zip(rule.variables, args, strict=True)), lambda: self.ev(rule.expr))
            return memo[call]
        out = e.func(*args)
        if out != e and (out in self.values or out in defined):  # an indexed name at a bound index: o[i] at i = 2
            return self.ev(out)
        return out

    def _over(self, e: sp.Sum | sp.Product, limits: tuple[tuple[sp.Basic, ...], ...]) -> sp.Basic:
        """A sum (a product) added up term by term over its last range, each term over the ranges inside it."""
        if not limits:
            return self.ev(e.function)
        var, lo, hi = limits[-1]
        terms = [self._bound({var: sp.Integer(v)}, lambda: self._over(e, limits[:-1]))
                 for v in range(int(self.ev(lo)), int(self.ev(hi)) + 1)]
        return sp.Add(*terms) if isinstance(e, sp.Sum) else sp.Mul(*terms)

    def _bound(self, bound: dict[Any, sp.Basic], work: Callable[[], sp.Basic]) -> sp.Basic:
        """``work`` done with a sum's (or product's) variable, or a function's arguments, at the values ``bound``:
        each is read from the point's values, never substituted into the expression (sympy would rebuild every
        ``Max`` and case with the variables still free around it).  A defined quantity never holds a bound variable,
        so what is remembered stays true."""
        outer = {v: self.values[v] for v in bound if v in self.values}
        self.values.update(bound)
        try:
            return work()
        finally:
            for v in bound:
                del self.values[v]
            self.values.update(outer)


def sp_latex_name(name: str) -> str:
    """A symbol's name as sympy sets it: ``t_d`` as ``t_{d}``."""
    return str(sp.latex(sp.Symbol(name)))


def _number(v: Any) -> sp.Rational:
    """An input as the number a formula counts it as: a yes/no as 1 or 0, a game die as its number of faces."""
    sides = getattr(v, "sides", None)
    if isinstance(sides, int):
        return sp.Integer(sides)
    if isinstance(v, bool):
        return sp.Integer(int(v))
    if isinstance(v, Fraction):
        return sp.Rational(v.numerator, v.denominator)
    return sp.Integer(v)


def _test_die(d: sp.Symbol, e: sp.Symbol, g: sp.Expr) -> sp.Expr:
    """Warriors disordered by one die that fails below the density, rolled e times while it fails, keeping the
    lowest: P(X = j) = ((d - j)^e - (d - j - 1)^e) / 6^e for 1 <= j < d, times g (0: nothing is tested)."""
    fail = ((d - 1) / sp.Integer(6)) ** e
    return sp.Piecewise((1 - g * fail, sp.Eq(J, 0)),
                        (g * ((d - J) ** e - (d - J - 1) ** e) / sp.Integer(6) ** e, (J >= 1) & (J < d)),
                        (0, True))


def coverage() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Every registered mechanic, split by whether its block has a general formula (issue #38 counts them): those
    with one and those without, in the registries' order."""
    from aot_rules.systems import all_mechanics

    ids = [m.rule_id for m in all_mechanics()]
    with_one = tuple(r for r in ids if general_of(r) is not None)
    return with_one, tuple(r for r in ids if r not in with_one)


@cache
def general_of(rule_id: str) -> General | None:
    """The general formula of a mechanic, or None where none is written (its block shows the derivation at
    the calculator's start only)."""
    make = formulas().get(rule_id)
    return None if make is None else make()


#: modules that write more general formulas, each a family of mechanics, in a ``FORMULAS`` table (rule ID -> builder);
#: they build on this module, so they are read when first asked for
FAMILIES: tuple[str, ...] = ("aot_rules.formulas.general_sums", "aot_rules.formulas.general_chains",
                             "aot_rules.formulas.general_restarts", "aot_rules.formulas.general_volley",
                             "aot_rules.formulas.general_tables", "aot_rules.formulas.general_twovolleys")


@cache
def formulas() -> dict[str, Callable[[], General | None]]:
    """Every mechanic's general formula builder: this module's own and its families'."""
    out = dict(_GENERAL)
    for name in FAMILIES:
        family: dict[str, Callable[[], General | None]] = import_module(name).FORMULAS
        if twice := out.keys() & family.keys():
            raise ValueError(f"general formulas written twice: {sorted(twice)}")
        out.update(family)
    return out


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


def _disorder_test(regular: bool | None = None) -> General:
    """The disorder test, with a yes/no input for a regular unit (or, for ``regular`` given, that fixed)."""
    d = _p("density")
    r = _p("regular") if regular is None else sp.Integer(int(regular))
    e = sp.Symbol("e")
    return General(("density", "regular") if regular is None else ("density",),
                   msg("One die fails below the density and then disorders as many warriors as its face; a "
                       "regular unit re-rolls a failure and keeps the lower die, so e dice are rolled when it fails."),
                   ((e, 1 + r),),
                   (Law("disordered", "X", _test_die(d, e, sp.Integer(1)), lambda kw: range(0, 7)),
                    Law("fails", "F", cases={True: ((d - 1) / sp.Integer(6)) ** e,
                                             False: 1 - ((d - 1) / sp.Integer(6)) ** e})))


def _shield_laws(s: sp.Expr, javelins: sp.Expr) -> tuple[Law, ...]:
    """One shield die against h hits, saving on its s lowest faces as many hits as it shows (all of them at most):
    the hits saved, the hits that kill (the rest) and, against javelins, the warriors disordered (those saved)."""
    h, six = _p("hits"), sp.Integer(6)

    none, every = 1 - s * sp.Min(h, 1) / six, sp.Max(0, s - h + 1) / six
    saved = sp.Piecewise((none, sp.Eq(J, 0)), (every, sp.Eq(J, h)), (1 / six, (J > 0) & (J < h) & (J <= s)), (0, True))
    killed = sp.Piecewise((none, sp.Eq(J, h)), (every, sp.Eq(J, 0)), (1 / six, (J > 0) & (J < h) & (h - J <= s)),
                          (0, True))

    def support(kw: Mapping[str, Any]) -> range:
        return range(0, int(kw["hits"]) + 1)

    return (Law("killed", "K", killed, support), Law("saved", "S", saved, support),
            Law("disordered", "D", javelins * saved + (1 - javelins) * sp.Piecewise((1, sp.Eq(J, 0)), (0, True)),
                support))


def _shield_wall() -> General:
    d, v, e, jav = (_p(x) for x in ("density", "veteran", "equal_saves", "javelins"))
    s = sp.Symbol("s")
    return General(("hits", "density", "veteran", "javelins", "equal_saves"),
                   msg("One shield die for the unit: a face below its density (at or below it for veterans, or where "
                       "an equal roll saves), one of s faces, turns away as many hits as it shows, all of them at "
                       "most; the other hits kill. Against javelins the warriors saved are disordered instead."),
                   ((s, sp.Max(0, sp.Min(6, d - 1 + sp.Max(v, e)))),), _shield_laws(s, jav))


def _pavise() -> General:
    v, pv = _p("veteran"), _p("pavise_veteran")
    s = sp.Symbol("s")
    return General(("hits", "veteran", "pavise_veteran"),
                   msg("Pavises save like a shield wall of density 5: a face below 5 (at or below it for veterans, "
                       "in the index's reading), one of s faces, turns away as many hits as it shows, all of them at "
                       "most; the other hits kill."),
                   ((s, 4 + v * pv),), _shield_laws(s, sp.Integer(0)))


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


def _loss_laws(d: sp.Symbol, f: sp.Expr, e: sp.Symbol) -> tuple[Law, ...]:
    """A test die that fails below d (e dice when a regular unit re-rolls a failure, the lowest kept) and then
    disorders as many warriors as its face, all f of them at most."""
    six = sp.Integer(6)
    every = sp.Max(0, d - f) ** e / six**e
    x = sp.Piecewise((1 - ((d - 1) / six) ** e, sp.Eq(J, 0)),
                     (((d - J) ** e - (d - J - 1) ** e) / six**e, (J >= 1) & (J < f) & (J < d)),
                     (every, sp.Eq(J, f)), (0, True))
    return (Law("disordered", "X", x, lambda kw: range(0, 11)),
            Law("fails", "F", cases={True: ((d - 1) / six) ** e, False: 1 - ((d - 1) / six) ** e}),
            Law("all", "A", cases={True: every, False: 1 - every}))


def _panic() -> General:
    st, f, r = _p("strength"), _p("friend_formed"), _p("regular")
    d, e = sp.Symbol("d"), sp.Symbol("e")
    return General(("strength", "friend_formed", "regular"),
                   msg("The panicking unit's die fails below its strength (every face, from strength 7 up: d is the "
                       "lower of the two) and then disorders as many of the friend's formed warriors as its face, all "
                       "of them at most; a regular unit re-rolls a failure and keeps the lower die, e dice in all."),
                   ((d, sp.Min(st, 7)), (e, 1 + r)), _loss_laws(d, f, e))


def _through() -> General:
    from aot_rules.aot.rules.movement import ELEPHANT_TEST

    dens, pn, f, r, el = (_p(x) for x in ("density", "panicking", "friend_formed", "regular", "through_elephant"))
    s0, st, d, c, e = (sp.Symbol(x) for x in ("s_0", "S", "d", "C", "e"))
    against = sp.Piecewise((ELEPHANT_TEST, sp.Eq(el, 1)), (st, sp.Eq(pn, 1)), (dens, True))
    cap = sp.Piecewise((sp.Piecewise((st, sp.Eq(pn, 1)), (sp.Min(2 * dens, st), True)), sp.Eq(el, 1)), (f, True))
    return General(("density", "panicking", "strength", "friend_formed", "regular", "through_elephant"),
                   msg("The mover's die fails below its density (its strength S when it panics, 3 when the friend is "
                       "an elephant; every face from 7 up: d) and then disorders as many warriors as its face, all C "
                       "of them at most: the friend's formed warriors, or the mover's own when the friend is an "
                       "elephant. S is twice the density where no strength is given; a regular mover re-rolls a "
                       "failure and keeps the lower die, e dice in all."),
                   ((st, sp.Piecewise((2 * dens, sp.Eq(s0, 0)), (s0, True))), (d, sp.Min(against, 7)), (c, cap),
                    (e, 1 + r)),
                   _loss_laws(d, c, e),
                   reads=((s0, "strength", lambda v: 0 if v is None else int(v)),))


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


def _countercharge() -> General:
    x, d = _p("distance"), _p("density")
    c, u = sp.Symbol("c"), sp.Symbol("u")
    six = sp.Integer(6)
    return General(("distance", "density"),
                   msg("One die is both the charge and the disorder test: it reaches the shooters on a face no lower "
                       "than the distance, c faces of six, and a face j below the density disorders j warriors; it "
                       "reaches them with no warrior disordered on the u faces that do both."),
                   ((c, sp.Max(0, sp.Min(6, 7 - sp.ceiling(x)))),
                    (u, sp.Max(0, sp.Min(6, 7 - sp.Max(sp.ceiling(x), d))))),
                   (Law("disordered", "X", _test_die(d, sp.Integer(1), sp.Integer(1)), lambda kw: range(0, 7)),
                    Law("reaches", "R", cases={True: c / six, False: 1 - c / six}),
                    Law("reaches_unshaken", "U", cases={True: u / six, False: 1 - u / six})))


def _elephant_wound() -> General:
    from aot_rules.aot.rules.wounds import Fate

    h, tw = _p("hits"), _p("test_without_hits")
    t, k = sp.Symbol("t"), sp.Symbol("k")
    return General(("hits", "test_without_hits"),
                   msg("One die is the elephant's hit test, taken when it was hit (or always, where the test is taken "
                       "without hits; t is 1 when it is taken): a face no higher than the hits, k of six, kills it; "
                       "above them an even face sends it berserk and an odd one leaves it standing."),
                   ((t, sp.Max(sp.Min(h, 1), tw)), (k, sp.Min(h, 6))),
                   (Law("fate", "F", cases={Fate.DEAD: t * k / 6, Fate.BERSERK: t * (3 - sp.floor(k / 2)) / 6,
                                            Fate.SURVIVES: 1 - t + t * (3 - sp.ceiling(k / 2)) / 6}),))


def _steadiness(general: bool | None = None, standard: bool | None = None) -> General:
    """The steadiness test, with the general and the standard bearer as inputs (or, where given, fixed)."""
    from aot_rules.aob.rules.steadiness import Verdict

    th, die, st = _p("threshold"), _p("die"), _p("stack")
    g = _p("general") if general is None else sp.Integer(int(general))
    b = _p("standard") if standard is None else sp.Integer(int(standard))
    q, n, s = sp.Symbol("q"), sp.Symbol("n"), sp.Symbol("s")
    flees = (1 - q) ** (n + 1)
    inputs = ("threshold", "die", *(("general",) if general is None else ()),
              *(("standard",) if standard is None else ()), "stack")
    return General(inputs,
                   msg("Each roll of the game die (s faces) stands at or under the pass mark, with chance q; a general "
                       "and a standard bearer give n re-rolls of a failure (one in all where both are present, unless "
                       "each gives its own), so the regiment flees only when all n + 1 rolls fail."),
                   ((s, die), (q, sp.Max(0, sp.Min(th, s)) / s), (n, sp.expand(g + b - g * b * (1 - st)))),
                   (Law("verdict", "V", cases={Verdict.PASS: 1 - flees, Verdict.FAIL: flees}),
                    Law("rolls", "R", sp.Piecewise(((1 - q) ** (J - 1) * q, (J >= 1) & (J <= n)),
                                                   ((1 - q) ** n, sp.Eq(J, n + 1)), (0, True)), lambda kw: range(1, 4)),
                    Law("first", "A", cases={True: q, False: 1 - q}),
                    Law("saved", "B", cases={True: 1 - flees - q, False: flees + q})))


def _binomial_term(n: sp.Expr, q: sp.Expr, k: sp.Expr) -> sp.Expr:
    """C(n, k) q^k (1 - q)^(n - k), and 0 outside 0 <= k <= n (where a power of q = 0 would be undefined)."""
    return sp.Piecewise((sp.binomial(n, k) * q**k * (1 - q) ** (n - k), (k >= 0) & (k <= n)), (0, True))


def _morale(dice: sp.Expr | None, quality: str, bearer: sp.Expr | None = None) -> General:
    """Batalist's morale test on ``dice`` d6 (None: the AP spent, Terror's input), each failing above the Quality; a
    Coward's reading drops a die (f) and adds a failure (a); a Standard Bearer (r) re-rolls one failed die."""
    from aot_rules.bat.rules.morale import Band, automatic_failures, dice_rolled

    n = _p("ap") if dice is None else dice
    qual = _p(quality)
    r = _p("standard_bearer") if bearer is None else bearer
    q, d, f, a = sp.Symbol("q"), sp.Symbol("d"), sp.Symbol("f"), sp.Symbol("a")

    k = sp.Symbol("k", integer=True)
    big_b, big_k = sp.Function("b"), sp.Function("K")
    # failures after the Standard Bearer's re-roll: a failed die rolled again fails again with chance q
    again = (1 - q) * (big_b(k + 1) - sp.Piecewise((big_b(k), k >= 1), (0, True)))
    kept = sp.Lambda(k, sp.Piecewise((big_b(k) + r * again, k >= 0), (0, True)))
    failures = sp.Piecewise((big_k(J - a) + a * sp.Piecewise((big_k(n), sp.Eq(J, n)), (0, True)), J <= n), (0, True))
    holds, one, two = (failures.subs(J, j) for j in (0, 1, 2))
    back = one + two if dice is None else 1 - holds  # Terror's "shaken" falls back only; a test's, or flees too
    inputs = (*(("ap",) if dice is None else ()), quality, "coward", *(("standard_bearer",) if bearer is None else ()))
    return General(inputs,
                   msg("Each of the d dice rolled fails above the Quality, with chance q; a Coward rolls one die fewer "
                       "(f = 1) or counts one failure more (a = 1), as its reading says, the failures at most the "
                       "dice of the test; a Standard Bearer rolls one failed die again. No failure holds, one falls "
                       "back a step, two fall back a move, three or more flee."),
                   ((q, _fail_share(qual)), (d, n - f),
                    (big_b, sp.Lambda(k, _binomial_term(d, q, k))), (big_k, kept)),
                   (Law("failures", "F", failures, lambda kw: range(0, 7)),
                    Law("band", "B", cases={Band.HOLDS: holds, Band.STEP_BACK: one, Band.FALL_BACK: two,
                                            Band.FLEES: 1 - holds - one - two}),
                    Law("shaken", "S", cases={True: back, False: 1 - back}),
                    Law("flees", "E", cases={True: 1 - holds - one - two, False: holds + one + two})),
                   reads=((f, "coward", lambda c: 1 - dice_rolled(1, c)), (a, "coward", automatic_failures)))


def _fail_share(quality: sp.Expr) -> sp.Expr:
    """Batalist: the chance one d6 shows more than the Quality (every face at Quality 0 or less, none at 6)."""
    return sp.Max(0, sp.Min(6, 6 - quality)) / 6


def _fireball() -> General:
    n, qual, fig = _p("ap"), _p("target_quality"), _p("figures")
    q, i = sp.Symbol("q"), sp.Symbol("i", integer=True)
    b = sp.Function("b")
    gone = sp.Sum(b(i), (i, fig, n))
    return General(("ap", "target_quality", "figures"),
                   msg("Each of the dice, one per AP, burns a figure when it shows more than the target's Quality, "
                       "with chance q: the dice that burn are binomial, b(i), and the figures lost are that count, "
                       "all the base's figures at most; the base is destroyed when the count reaches them."),
                   ((q, _fail_share(qual)), (b, sp.Lambda(i, _binomial_term(n, q, i)))),
                   (Law("lost", "L", sp.Piecewise((b(J), J < fig), (gone, sp.Eq(J, fig)),
                                                  (0, True)), lambda kw: range(0, 7)),
                    Law("any", "A", cases={True: 1 - (1 - q) ** n, False: (1 - q) ** n}),
                    Law("destroyed", "D", cases={True: gone, False: 1 - gone})))


def _summon() -> General:
    n, want = _p("ap"), _p("wanted")
    t, k = sp.Symbol("t", integer=True), sp.Symbol("k", integer=True)
    big_s, big_f = sp.Function("S"), sp.Function("F")
    # n d6 sum to t in sum_k (-1)^k C(n, k) C(t - 6k - 1, n - 1) ways, and to at most t in
    # sum_k (-1)^k C(n, k) C(t - 6k, n) ways (inclusion and exclusion over the dice that pass 6)
    top = sp.floor((t - n) / 6)
    dice_sum = sp.Lambda(t, sp.Piecewise((sp.Sum((-1) ** k * sp.binomial(n, k) * sp.binomial(t - 6 * k - 1, n - 1),
                                                 (k, 0, top)) / sp.Integer(6) ** n, (t >= n) & (t <= 6 * n)),
                                         (0, True)))
    at_most = sp.Lambda(t, sp.Piecewise((0, t < n), (1, t >= 6 * n),
                                        (sp.Sum((-1) ** k * sp.binomial(n, k) * sp.binomial(t - 6 * k, n), (k, 0, top))
                                         / sp.Integer(6) ** n, True)))
    enough = 1 - big_f(sp.ceiling(want / sp.Integer(3)) - 1)
    return General(("ap", "wanted"),
                   msg("The Mage rolls one d6 per AP, and the budget is three times their sum; S(t), the chance the "
                       "dice sum to t, and F(t), that they sum to t at most, count the ways by inclusion and "
                       "exclusion. The budget suffices when the sum reaches a third of the total wanted."),
                   ((big_s, dice_sum), (big_f, at_most)),
                   (Law("budget", "M", sp.Piecewise((big_s(J / 3), sp.Eq(sp.Mod(J, 3), 0)), (0, True)),
                        lambda kw: range(3 * int(kw["ap"]), 18 * int(kw["ap"]) + 1, 3)),
                    Law("enough", "E", cases={True: enough, False: 1 - enough})))


def _hero_wound() -> General:
    from aot_rules.sp.rules.heroes import Wound

    k = _p("six_kills")
    return General(("six_kills",),
                   msg("One d6 reads the wound: 1 to 3 light, 4 and 5 severe, and a 6 severe too unless the row that "
                       "kills is played."),
                   (),
                   (Law("wound", "W", cases={Wound.LIGHT: sp.Rational(1, 2), Wound.SEVERE: (3 - k) / sp.Integer(6),
                                             Wound.KILLED: k / sp.Integer(6)}),))


def _clash_casualties() -> General:
    s = _p("die")
    return General(("die",),
                   msg("One game die, its face divided by 3 and rounded up, is the men lost: each count j but the "
                       "highest comes from three faces, the highest from the faces left."),
                   (),
                   (Law("casualties", "C", sp.Piecewise((sp.Max(0, sp.Min(3 * J, s) - 3 * J + 3) / s, J >= 1),
                                                        (0, True)), lambda kw: range(0, 8)),))


def _chariot_turn_trot() -> General:
    from aot_rules.aot.mechanics.chariots import Standing

    h, t = _p("horses"), _p("trot")
    over = ((h - 1) / sp.Integer(6)) ** (1 + t)
    return General(("horses", "trot"),
                   msg("The chariot overturns when its test die shows less than its horses; trotting, it rolls two "
                       "dice and tests on the higher, so both must fall below the horses."),
                   (),
                   (Law("chariot", "C", cases={Standing.OVERTURNED: over, Standing.UPRIGHT: 1 - over}),))


def _sharpshooter() -> General:
    from aot_rules.sp.rules.shooting import RECOVERED, Aimed, SkirmishWeapon, sharpshooter_band

    to_hit = _p("to_hit")
    g, u, c = sp.Symbol("g"), sp.Symbol("u"), sp.Symbol("c")

    def given(band: Any) -> int:
        return RECOVERED.get((SkirmishWeapon.RIFLE, sharpshooter_band(band)), 0)

    return General(("band", "to_hit"),
                   msg("One unmodified d6, read one column nearer: it hits on the number needed or more (the table's "
                       "own number g where that column gives one, u = 1, else the number to hit), c faces of six, "
                       "never on a 1, which spends his powder."),
                   ((c, 7 - sp.Max(2, sp.Piecewise((g, sp.Eq(u, 1)), (to_hit, True)))),),
                   (Law("shot", "A", cases={Aimed.HIT: c / 6, Aimed.SPENT: sp.Rational(1, 6), Aimed.MISS: (5 - c) / 6}),
                    Law("hit", "H", cases={True: c / 6, False: 1 - c / 6}),
                    Law("spent", "P", cases={True: sp.Rational(1, 6), False: sp.Rational(5, 6)})),
                   reads=((g, "band", given), (u, "band", lambda band: int(given(band) > 0))))


def _activation() -> General:
    qual, r, orders = _p("quality"), _p("standard_bearer"), _p("orders")
    p, i = sp.Symbol("p"), sp.Symbol("i", integer=True)
    b, a_law = sp.Function("b"), sp.Function("A")
    three = sp.Integer(3)
    # passes after the Standard Bearer's re-roll: one failed die, if any, rolled again passes with chance p
    after = sp.Lambda(i, b(i) * (1 - r * p * sp.Piecewise((1, i < three), (0, True)))
                      + r * p * sp.Piecewise((b(i - 1), i >= 1), (0, True)))
    full = sp.Sum(a_law(i), (i, orders, three))
    return General(("quality", "standard_bearer", "orders"),
                   msg("Each of three d6 gives 1 AP when it shows the Quality or less, with chance p, so the AP are "
                       "binomial, b(i); a Standard Bearer rolls one failed die again, A(i). The orders carried out are "
                       "the AP, the orders given at most."),
                   ((p, sp.Max(0, sp.Min(6, qual)) / 6), (b, sp.Lambda(i, _binomial_term(three, p, i))),
                    (a_law, after)),
                   (Law("ap", "P", a_law(J), lambda kw: range(0, 4)),
                    Law("carried_out", "C", sp.Piecewise((a_law(J), J < orders), (full, sp.Eq(J, orders)), (0, True)),
                        lambda kw: range(0, 4)),
                    Law("all", "L", cases={True: full, False: 1 - full}),
                    Law("none", "N", cases={True: sp.Piecewise((1, sp.Eq(orders, 0)), (a_law(0), True)),
                                            False: sp.Piecewise((0, sp.Eq(orders, 0)), (1 - a_law(0), True))})))


def _melee_retreat() -> General:
    d = _p("density")
    return General(("density",),
                   msg("The loser turns its back with a disorder test: one die fails below the density and then "
                       "disorders as many warriors as its face. The move that follows depends on the ranks the test "
                       "leaves, and is not written here."),
                   (),
                   (Law("disordered", "X", _test_die(d, sp.Integer(1), sp.Integer(1)), lambda kw: range(0, 7)),
                    Law("fails", "F", cases={True: (d - 1) / sp.Integer(6), False: 1 - (d - 1) / sp.Integer(6)})))


def _rider_fall() -> General:
    from aot_rules.sp.rules.heroes import SKILL_MOD, Fall

    m = sp.Symbol("m")

    def faces(lo: sp.Expr, hi: sp.Expr) -> sp.Expr:
        """The faces f of a d6 whose total f + m lies from lo to hi."""
        return sp.Max(0, sp.Min(6, hi - m) - sp.Max(1, lo - m) + 1) / 6

    return General(("skill",),
                   msg("One d6 plus the rider's modifier m (+1 skilled, −1 novice, as the rule's table gives): 2 or "
                       "less pins him, 3 stuns him, 4 or 5 throws him, 6 or more leaves him on his feet; each outcome "
                       "is the share of the faces whose total falls in its range."),
                   (),
                   (Law("fall", "R", cases={Fall.PINNED: faces(-6, 2), Fall.STUNNED: faces(3, 3),
                                            Fall.THROWN: faces(4, 5), Fall.FEET: faces(6, 12)}),),
                   reads=((m, "skill", SKILL_MOD.__getitem__),))


def _wind() -> General:
    from aot_rules.aot.rules.weather import WindFrom

    r = _p("reroll_calm")
    edge = 1 / (6 - 2 * r)
    return General(("reroll_calm",),
                   msg("One die names the edge the wind blows from, each of four faces one edge, and two faces a calm; "
                       "where a calm is rolled again, the four edges share every roll that counts."),
                   (),
                   (Law("wind", "W", cases={WindFrom.MY_EDGE: edge, WindFrom.ENEMY_EDGE: edge, WindFrom.LEFT: edge,
                                            WindFrom.RIGHT: edge, WindFrom.NONE: (1 - r) / 3}),
                    Law("behind_me", "B", cases={True: edge, False: 1 - edge})))


def _trample() -> General:
    d = _p("target_density")
    six = sp.Integer(6)
    return General(("target_density",),
                   msg("One die against the target's density: a face at or below it kills that many warriors, and a "
                       "unit always has at least its density in warriors, so every such face counts in full."),
                   (),
                   (Law("killed", "K", sp.Piecewise(((6 - d) / six, sp.Eq(J, 0)), (1 / six, (J >= 1) & (J <= d)),
                                                    (0, True)), lambda kw: range(0, 7)),
                    Law("hit", "H", cases={True: d / six, False: 1 - d / six})))


def _hero_replace() -> General:
    from aot_rules.sp.rules.heroes import REPLACE_FROM

    recruits, last = _p("recruits_from"), _p("last_hero")
    g, u = sp.Symbol("g"), sp.Symbol("u")
    need = sp.Piecewise((g, sp.Eq(u, 1)), (recruits, True))
    chance = last + (1 - last) * (7 - need) / 6

    def given(quality: Any) -> int:
        return REPLACE_FROM.get(quality, 0)

    return General(("quality", "recruits_from", "last_hero"),
                   msg("One d6 brings a new Hero on the number needed or more: the quality's own number g where the "
                       "rule gives one (u = 1), else the number recruits come from; the force's last Hero is replaced "
                       "without a roll."),
                   (),
                   (Law("replaced", "N", cases={True: chance, False: 1 - chance}),),
                   reads=((g, "quality", given), (u, "quality", lambda quality: int(given(quality) > 0))))


def _storm() -> General:
    u, d, m = _p("units"), _p("density"), _p("d6_move")
    c, i = sp.Symbol("c"), sp.Symbol("i", integer=True)
    lost = sp.Function("W")
    six = sp.Integer(6)
    lost_law = sp.Lambda(i, sp.Piecewise((1 / six, (i >= 1) & (i < c)), ((7 - c) / six, sp.Eq(i, c)), (0, True)))
    moved = sp.Sum(lost(i) * sp.binomial(i, J) * sp.Rational(2, 3) ** J * sp.Rational(1, 3) ** (i - J), (i, 1, c))
    distance = (sp.Piecewise((sp.Rational(1, 3), sp.Eq(J, 0)), (0, True))
                + (1 - m) * sp.Piecewise((sp.Rational(2, 3), sp.Eq(J, 10 - d)), (0, True))
                + m * sp.Piecewise((sp.Rational(1, 9), (J >= 1) & (J <= 6)), (0, True)))
    return General(("units", "density", "d6_move"),
                   msg("One die says how many units wander, the units you have at most (c is the lower of the two, "
                       "W(i) its law); each of them moves unless its direction die shows 5 or 6, so the units that "
                       "move are binomial in those that wander, with p = 2/3. The first one goes a full move, 10 "
                       "less its density, or one die of inches where that option is chosen."),
                   ((c, sp.Min(u, 6)), (lost, lost_law)),
                   (Law("lost", "L", lost(J), lambda kw: range(0, 7)),
                    Law("moved", "M", moved, lambda kw: range(0, 7)),
                    Law("distance", "D", distance, lambda kw: range(0, 10))))


def _clash() -> General:
    from aot_rules.aob.rules.die import Direction

    ta, tb, s = _p("a_target"), _p("b_target"), _p("die")
    v, pa, pb = sp.Symbol("v"), sp.Symbol("p_A"), sp.Symbol("p_B")

    def good(t: sp.Expr) -> sp.Expr:
        """The faces that meet the target: at most it, or (v = 1) at least it."""
        return sp.Max(0, sp.Min(s, (1 - v) * t + v * (s - t + 1))) / s

    # a side's losses are the men the other kills: none unless its clash roll succeeds, then its casualty die
    men = sp.Max(0, sp.Min(3 * J, s) - 3 * J + 3) / s

    def losses(p: sp.Expr) -> sp.Expr:
        return sp.Piecewise((1 - p, sp.Eq(J, 0)), (p * men, J >= 1), (0, True))

    return General(("a_target", "b_target", "die"),
                   msg("Each side's game die succeeds on the faces at most its target (at least it, v = 1, in the "
                       "other reading), with chance p; a success rolls the casualty die, whose face divided by 3 and "
                       "rounded up is the men the enemy loses. Which side wins compares the two rolls, and is left "
                       "to the example below."),
                   ((pa, good(ta)), (pb, good(tb))),
                   (Law("a_hit", "H_A", cases={True: pa, False: 1 - pa}),
                    Law("b_hit", "H_B", cases={True: pb, False: 1 - pb}),
                    Law("a_losses", "L_A", losses(pb), lambda kw: range(0, 8)),
                    Law("b_losses", "L_B", losses(pa), lambda kw: range(0, 8))),
                   reads=((v, "direction", lambda d: int(d is Direction.AT_LEAST)),))


# --- derived from the dice procedure ------------------------------------------------------------------------


def _numeric(v: Any) -> int | None:
    """An input's value as the whole number a formula counts it as (a yes/no as 1 or 0), or None."""
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, int):
        return v
    if isinstance(v, Fraction) and v.denominator == 1:
        return int(v)
    return None


#: most values of a whole-number input a face count is checked over (its whole declared range, where no wider)
WHOLE_RANGE = 60


def _legal_points(rule_id: str, size_input: str | None = None) -> list[tuple[dict[str, Any], Any]]:
    """The inputs a derived formula is found and checked over, each with its record: every whole-number input over
    its whole declared range (a reader may type any of it, not only the widget's grid), every yes/no both ways, the
    rest over the grid; ``size_input`` (the number of dice, which the formula keeps as a symbol) at two of its grid
    values.  Combinations the rules refuse are left out."""
    from itertools import product

    from aot_rules.core.errors import RuleError
    from aot_rules.systems import get

    m = get(rule_id)
    axes: list[tuple[Any, ...]] = []
    for p in m.inputs:
        grid = tuple(dict.fromkeys(kw[p.name] for kw in m.grid()))
        if p.name == size_input:
            axes.append(grid[:2])
        elif p.kind == "int" and p.lo is not None and p.hi is not None and p.hi - p.lo < WHOLE_RANGE:
            axes.append(tuple(range(int(p.lo), int(p.hi) + 1)))
        elif p.kind == "bool":
            axes.append((False, True))
        else:
            axes.append(grid)
    out = []
    for values in product(*axes):
        kw = dict(zip((p.name for p in m.inputs), values, strict=True))
        try:
            m.evaluate(**kw)
        except RuleError:
            continue
        out.append((kw, m.record(**kw)))
    return out


def _inputs_fitted(rule_id: str, points: list[tuple[dict[str, Any], Any]], leave: tuple[str, ...] = ()
                   ) -> tuple[list[str], list[str]]:
    """The inputs a face count may depend on: the whole numbers and yes/no inputs that vary (an input in inches may be
    a fraction, so a count is never fitted in it)."""
    from aot_rules.systems import get

    names, flags = [], []
    for p in get(rule_id).inputs:
        values = {_numeric(kw[p.name]) for kw, _ in points}
        if p.name in leave or p.kind not in ("int", "bool") or len(values) < 2 or None in values:
            continue
        names.append(p.name)
        if p.kind == "bool":
            flags.append(p.name)
    return names, flags


def _letters(names: list[str]) -> dict[str, str]:
    """A capital letter for each law, from its name (the next free letter of the name where the first is taken)."""
    out: dict[str, str] = {}
    for name in names:
        letters = [c.upper() for c in name if c.isalpha()] + [chr(c) for c in range(ord("A"), ord("Z") + 1)]
        out[name] = next(c for c in letters if c not in out.values())
    return out


def derived_pool(rule_id: str, what: Message) -> General | None:
    """The law of a mechanic whose procedure is one pool read (the hit dice): the pool's multinomial term in its
    size ``n`` (:func:`~aot_rules.formulas.symbolic.pool_term`), each class's share of the faces ``c/s`` with the
    count ``c`` written in the inputs, and "at least one" as one minus the term of none.  Which law counts which
    class is read off the played face with one die of each face.  None where the procedure is not one pool, or a
    count has no formula in the inputs."""
    from aot_rules.core.dice import FixedDice
    from aot_rules.formulas.symbolic import fit_count, root_pool
    from aot_rules.systems import get

    m = get(rule_id)
    procedure = m.procedure
    if procedure is None:
        return None
    grid = [(kw, record) for kw, record in _legal_points(rule_id, next(iter(m.inputs)).name)][:12]
    first = [root_pool(procedure(record)) for _, record in grid]
    size_input = next((p.name for p in m.inputs if p.kind == "int" and all(
        found is not None and kw[p.name] == found[0].n for (kw, _), found in zip(grid, first, strict=True))), None)
    if size_input is None:
        return None
    points = _legal_points(rule_id, size_input)
    pools = [root_pool(procedure(record)) for _, record in points]
    if any(found is None or kw[size_input] != found[0].n for (kw, _), found in zip(points, pools, strict=True)):
        return None
    sizes = [found[0] for found in pools if found is not None]
    sides, k = sizes[0].sides, len(sizes[0].classes)
    if any(q.sides != sides or len(q.classes) != k for q in sizes):
        return None
    names, flags = _inputs_fitted(rule_id, points, (size_input,))
    counts = []
    for i in range(k):
        c = fit_count(((kw, len(q.classes[i])) for (kw, _), q in zip(points, sizes, strict=True)), names, flags, sides)
        if c is None:
            return None
        counts.append(c)
    # which reported law counts which class, and with what weight: the played face with one die of each face
    played: dict[tuple[tuple[str, str], ...], tuple[dict[str, Any], Pool, dict[int, Any]]] = {}
    for (kw, record), q in zip(points, sizes, strict=True):
        key = tuple((x, repr(v)) for x, v in kw.items() if x != size_input)
        if key not in played:
            one = replace(record, **{size_input: 1})
            played[key] = kw, q, {f: m.play(one, FixedDice([f])) for f in range(1, sides + 1)}
    n = _p(size_input)
    cs = [sp.Symbol("c") if k == 1 else sp.Symbol(f"c_{i + 1}") for i in range(k)]
    ps = [sp.Symbol("p") if k == 1 else sp.Symbol(f"p_{i + 1}") for i in range(k)]
    reported = list(next(iter(played.values()))[2][1])
    letters = _letters(reported)
    laws: list[Law] = []
    weights: list[tuple[sp.Symbol, sp.Expr]] = []
    for name in reported:
        for i in range(k):
            found = _class_law(name, letters[name], i, n, ps[i], size_input, list(played.values()), names, flags)
            if found is not None:
                laws.append(found[0])
                weights += found[1]
                break
    if not laws:
        return None
    defs = tuple(d for i in range(k) for d in ((cs[i], counts[i]), (ps[i], cs[i] / sides))) + tuple(weights)
    return _used(General((size_input, *names), what, defs, tuple(laws)))


def _class_law(name: str, letter: str, i: int, n: sp.Symbol, p: sp.Symbol, size_input: str,
               played: list[tuple[dict[str, Any], Pool, dict[int, Any]]], names: list[str], flags: list[str]
               ) -> tuple[Law, list[tuple[sp.Symbol, sp.Expr]]] | None:
    """The law ``name`` as the count of class ``i`` of the pool, if one die of each face says so at every input: a
    yes/no that is "a die of the class" is "at least one", a number that is ``m`` for a die of the class and 0 for any
    other is ``m`` times the count (``m`` written in the inputs)."""
    from aot_rules.formulas.symbolic import fit_count, pool_term

    if all(faces[f][name] is (f in q.classes[i]) for _, q, faces in played for f in faces):
        none = pool_term(n, (p,), (0,))
        return Law(name, letter, cases={True: 1 - none, False: none}), []
    worth: list[tuple[dict[str, Any], int]] = []
    for kw, q, faces in played:
        cls = q.classes[i]
        if any(isinstance(v[name], bool) or not isinstance(v[name], int) for v in faces.values()):
            return None
        inside, outside = {faces[f][name] for f in cls}, {faces[f][name] for f in faces if f not in cls}
        if outside - {0} or len(inside) > 1 or inside & {0}:
            return None
        worth += [(kw, w) for w in inside]
    if not worth:
        return None
    most = max(w for _, w in worth)
    if most == 1:
        return Law(name, letter, pool_term(n, (p,), (J,)), lambda kw: range(0, int(kw[size_input]) + 1)), []
    weight = fit_count(worth, names, flags, most + 1)
    if weight is None:
        return None
    m = sp.Symbol("m")
    pmf = sp.Piecewise((pool_term(n, (p,), (J / m,)), sp.Eq(sp.Mod(J, m), 0)), (0, True))
    return Law(name, letter, pmf, lambda kw: range(0, most * int(kw[size_input]) + 1)), [(m, weight)]


def derived_die(rule_id: str, what: Message) -> General | None:
    """The law of a mechanic whose procedure is one die: each reported outcome's chance is the share ``c/s`` of the
    faces that give it, the faces read off the played face one face at a time and their count ``c`` written in the
    inputs.  None where the procedure is not one die, or a count has no formula in the inputs."""
    from aot_rules.core.dice import FixedDice
    from aot_rules.core.procedure import Die, Done, Log, Map
    from aot_rules.formulas.symbolic import fit_count
    from aot_rules.systems import get

    m = get(rule_id)
    points = _legal_points(rule_id)
    if m.procedure is None or not points:
        return None
    sides = set()
    for _, record in points:
        proc = m.procedure(record)
        while isinstance(proc, (Map, Log)):
            proc = proc.proc
        if isinstance(proc, Die):
            sides.add(proc.sides)
        elif not isinstance(proc, Done):  # no die at all (nothing to test): every face gives the one outcome
            return None
    if len(sides) != 1:  # no die anywhere, or dice of different sizes: not one die's faces
        return None
    (s,) = sides
    plays = [{f: m.play(record, FixedDice([f])) for f in range(1, s + 1)} for _, record in points]
    names, flags = _inputs_fitted(rule_id, points)
    reported = [k for k in plays[0][1] if k in (m.exact(points[0][1]).dists.keys() | m.exact(points[0][1]).events)]
    letters = _letters(reported)
    laws = []
    defs: list[tuple[sp.Symbol, sp.Expr]] = []
    for name in reported:
        values = sorted({faces[f][name] for faces in plays for f in faces}, key=repr)
        cases: dict[Any, sp.Expr] = {}
        for v in values:
            c = fit_count(((kw, sum(faces[f][name] == v for f in faces)) for (kw, _), faces in zip(points, plays,
                                                                                                 strict=True)),
                          names, flags, s)
            if c is None:
                break
            cases[v] = c / s
        else:
            if len(values) == 2 and set(values) == {False, True}:
                sym = sp.Symbol(f"c_{{{letters[name]}}}")
                defs.append((sym, cases[True] * s))
                cases = {True: sym / s, False: 1 - sym / s}
            laws.append(Law(name, letters[name], cases=cases))
    return _used(General(tuple(names), what, tuple(defs), tuple(laws)))


def _used(general: General) -> General | None:
    """The formula with only the inputs it depends on (None: it depends on none, so says nothing worth writing)."""
    exprs = [general.expr(e) for law in general.laws for e in (law.pmf, *law.cases.values()) if e is not None]
    used = set().union(*(e.free_symbols for e in exprs))
    inputs = tuple(x for x in general.inputs if _p(x) in used)
    return replace(general, inputs=inputs, derived=True) if inputs else None


_GENERAL: dict[str, Callable[[], General | None]] = {
    "AOT-ELEPHANT-MOVE": _elephant_move,
    "AOT-PANIC": _panic, "AOT-EVADE-PROCEDURE": _evade, "AOT-EVADE-FLANK": _evade,
    "AOT-TURN-FLANK-ATTACKED": _disorder_test,
    "AOT-CMD-MESSENGER": _messenger, "AOT-CAMP": _disorder_test, "AOT-WEATHER-SUN": _disorder_test,
    "SP-MELEE-ROLL": _sp_melee_roll, "SP-SPOT-ROLL": _spot_roll,
    "SP-SHOOT-HITS": lambda: derived_pool("SP-SHOOT-HITS", msg(
        "Each hit rolls one die of its own: the faces 3 to 5 (3 to 6 where a six does not kill), c_1 of six, give "
        "Shock, each worth m (2 from ambush, else 1); where a six kills, the sixes, c_2 of six, are the deaths. Each "
        "count is binomial, and the Shock is m times its count.")),
    "AOT-SHOOT-HIT": lambda: derived_pool("AOT-SHOOT-HIT", msg(
        "Each firer's die hits on its own; a target is hit on the faces below its density, one face more for veterans "
        "or downwind (not both), one fewer against horse armour.")),
    "AOT-SHOOT-HORSE-ARMOUR": lambda: derived_pool("AOT-SHOOT-HORSE-ARMOUR", msg(
        "Each firer's die hits on its own; horse armour takes one face away from the faces below the density, and "
        "veterans or downwind (not both) give one back.")),
    "SP-SHOOT-HIT": lambda: derived_pool("SP-SHOOT-HIT", msg(
        "Each die hits on its own when its face plus the bonus reaches the number to hit: the hits are binomial, and "
        "at least one hits unless every die misses.")),
    "AOT-REACT-COUNTERCHARGE": _countercharge, "AOT-PROP-REGULAR": lambda: _disorder_test(regular=True),
    "AOT-SHOOT-SHIELDWALL": _shield_wall, "AOT-SHOOT-PAVISE": _pavise, "AOT-ELEPHANT-WOUND": _elephant_wound,
    "AOB-STEADINESS-TEST": _steadiness, "AOB-GENERAL": lambda: _steadiness(general=True),
    "AOB-STANDARD": lambda: _steadiness(standard=True),
    "AOT-CHARIOT-WOUND": lambda: derived_die("AOT-CHARIOT-WOUND", msg(
        "One die is the chariot's hit test: it is destroyed on a face no higher than the hits it took, so on as many "
        "faces of six as it took hits.")),
    "BAT-MORALE-TEST": lambda: _morale(sp.Integer(3), "quality"),
    "BAT-SKILL-COWARD": lambda: _morale(sp.Integer(3), "quality"),
    "BAT-SKILL-STANDARD": lambda: _morale(sp.Integer(3), "quality", sp.Integer(1)),
    "BAT-SPELL-TERROR": lambda: _morale(None, "target_quality"),
    "BAT-SPELL-FIREBALL": _fireball, "BAT-SPELL-SUMMON": _summon, "SP-HERO-WOUND": _hero_wound,
    "AOB-CLASH-CASUALTIES": _clash_casualties, "AOT-CHARIOT-TURN-TROT": _chariot_turn_trot,
    "SP-SHARPSHOOTER": _sharpshooter, "SP-HERO-RIDER-SKILL": _rider_fall, "AOT-WEATHER-WIND": _wind,
    "AOT-ELEPHANT-ATTACK": _trample, "SP-HERO-REPLACE": _hero_replace, "BAT-ACTIVATION": _activation,
    "AOT-MELEE-RETREAT": _melee_retreat, "AOT-WEATHER-STORM": _storm, "AOB-CLASH": _clash,
    "AOT-MOVE-THROUGH-FRIENDS": _through,
    "AOT-RUN": _run, "AOT-TROT": _trot, "AOT-DISORDER-TEST": _disorder_test, "AOT-CMD-SIGNAL": _signal,
}
