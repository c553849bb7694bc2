"""Forms read off the played procedure's dice tree: one roll, a sum of rolls, the general recursion.

These apply to any mechanic, because every mechanic has a played face; what differs is how the result
is shown.  A single roll is written as the faces that give each outcome (a closed form); a sum of
rolls as its generating function, expanded by sympy; anything else as the recursion over the dice
and the law it gives.  A mechanic that rolls no dice is a point mass.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any

import sympy as sp

from aot_rules.core.i18n import Message, msg, nmsg, text
from aot_rules.core.outcome import Outcome
from aot_rules.core.registry import Mechanic
from aot_rules.formulas.forms import (
    Kind,
    Maths,
    Unchecked,
    faces_text,
    law_table_tex,
    pgf_tex,
    rat,
    tex_text,
    tex_value,
    words,
)
from aot_rules.formulas.tree import LEAF_BUDGET, TooLarge, dice_count, laws, leaves, renewal


def recursion_tex() -> str:
    """The law of total probability over each die, its words in the language in force."""
    return (r"\Pr(X = x \mid r_1,\dots,r_j) = \frac{1}{s}\sum_{f=1}^{s} \Pr(X = x \mid r_1,\dots,r_j,f),"
            r"\qquad \Pr(X = x \mid " + tex_text(msg("all dice rolled")) + r") = [\,X(r_1,\dots,r_m) = x\,]")


def renewal_tex() -> str:
    """A procedure that starts again after a round settling nothing, solved over one round."""
    return (r"\Pr(X = x) = a(x) + t\,\Pr(X = x) \quad\Longrightarrow\quad \Pr(X = x) = \frac{a(x)}{1 - t},"
            r"\qquad a(x) = \Pr(" + tex_text(msg("the first round settles")) + r"\ X = x)")


def headline(m: Mechanic[Any], record: Any) -> str:
    """The name of the distribution a widget leads with (the mechanic's own choice)."""
    return m.main or m.exact(record).main


def law_name(m: Mechanic[Any], record: Any, name: str) -> Message | str:
    """What the law ``name`` is called on the widget (the outcome's catalogue label), for the block's sentences.
    The exact answer is the mechanic's cached one where it keeps a cache: the test suite derives at many points."""
    exact: Callable[[Any], Outcome] = getattr(m, "_exact", m.exact)
    return exact(record).labels.get(name) or name.replace("_", " ")


def _event_laws(law: Mapping[str, Mapping[Any, Fraction]]) -> dict[str, dict[Any, Fraction]]:
    return {k: dict(v) for k, v in law.items()}


@dataclass(frozen=True)
class Played:
    """The played face's dice tree, shown according to ``kind``."""

    m: Mechanic[Any]
    kind: Kind
    budget: int = LEAF_BUDGET
    #: most dice outcomes one seeded play may show before the tree is taken to be too large
    probe: int = LEAF_BUDGET
    #: a round that settles nothing starts the procedure again (a tie rolled again): solve the recursion
    #: over one round instead of walking the endless tree
    restarts: bool = False
    #: every die judged as hit-or-not is read only that way: branch on hit and miss, not on six faces
    strikes: bool = False

    def derive(self, record: Any) -> Maths:
        try:
            tree = leaves(self.m.play, record, self.budget, merge=self.strikes, probe=self.probe)
        except TooLarge as e:
            if self.restarts:
                return self._renewal(record)
            raise Unchecked(f"{self.m.rule_id}: {e}") from None
        law = _event_laws(laws(tree))
        main = headline(self.m, record)
        outcome = law_name(self.m, record, main)
        head: Mapping[Any, Fraction] = law.get(main, {})
        lo, hi = dice_count(tree)
        sides = sorted({s for s in _sides(self.m, record, tree)})
        die: Message | str = "/".join(text(msg("d{sides}", sides=n)) for n in sides) if sides else msg("die")
        if self.kind is Kind.POINT or hi == 0:
            (value,) = head
            return Maths(Kind.POINT, msg("No dice: {outcome} follows from the inputs alone.", outcome=outcome),
                         (rf"\Pr\bigl(X = {tex_value(value)}\bigr) = 1",), law)
        if self.kind is Kind.CLOSED:
            return Maths(Kind.CLOSED, msg("One {die}: each outcome of {outcome} is the share of the faces that give "
                                          "it.", die=die, outcome=outcome), (_faces_tex(tree, main),), law)
        if self.kind is Kind.PGF and all(isinstance(v, int) and not isinstance(v, bool) for v in head):
            z = sp.Symbol("z")
            poly = sum((rat(p) * z ** int(v) for v, p in head.items()), sp.Integer(0))
            mean = sp.diff(poly, z).subs(z, 1)
            var = sp.diff(poly, z, 2).subs(z, 1) + mean - mean**2
            what = (nmsg("{n} {die} rolled; the generating function of {outcome} is the average of z to the power "
                         "of the result over every way the dice can fall.",
                         "{n} {die} rolled; the generating function of {outcome} is the average of z to the power "
                         "of the result over every way the dice can fall.", n=hi, die=die, outcome=outcome)
                    if lo == hi else
                    nmsg("{lo} to {n} {die} rolled; the generating function of {outcome} is the average of z to the "
                         "power of the result over every way the dice can fall.",
                         "{lo} to {n} {die} rolled; the generating function of {outcome} is the average of z to the "
                         "power of the result over every way the dice can fall.", n=hi, lo=lo, die=die,
                         outcome=outcome))
            return Maths(Kind.PGF, what,
                         (rf"G(z) = \mathbb{{E}}\bigl[z^X\bigr] = {pgf_tex(head)}",
                          rf"\mathbb{{E}}[X] = G'(1) = {sp.latex(mean)}, \qquad "
                          rf"\operatorname{{Var}}X = G''(1) + G'(1) - G'(1)^2 = {sp.latex(sp.nsimplify(var))}"), law)
        what = (nmsg("{n} {die} rolled, some only when earlier dice call for them: the law is the recursion over "
                     "each die, down to the played rule's answer.",
                     "{n} {die} rolled, some only when earlier dice call for them: the law is the recursion over "
                     "each die, down to the played rule's answer.", n=hi, die=die)
                if lo == hi else
                nmsg("{lo} to {n} {die} rolled, some only when earlier dice call for them: the law is the recursion "
                     "over each die, down to the played rule's answer.",
                     "{lo} to {n} {die} rolled, some only when earlier dice call for them: the law is the recursion "
                     "over each die, down to the played rule's answer.", n=hi, lo=lo, die=die))
        return Maths(Kind.RECURSION, what, (recursion_tex(), law_table_tex(head)), law)

    def _renewal(self, record: Any) -> Maths:
        try:
            r = renewal(self.m.play, record, self.budget)
        except TooLarge as e:
            raise Unchecked(f"{self.m.rule_id}: {e}") from None
        law = _event_laws(r.laws)
        main = headline(self.m, record)
        if main not in law:
            raise Unchecked(f"{self.m.rule_id}: {main} is not the same after a restart")
        head = law[main]
        what = nmsg("A round of {n} die; a round that settles nothing (a tie) starts the procedure again, so the "
                    "law solves the recursion over one round, each die of the round unrolled as below.",
                    "A round of {n} dice; a round that settles nothing (a tie) starts the procedure again, so the "
                    "law solves the recursion over one round, each die of the round unrolled as below.", n=r.round)
        return Maths(Kind.RECURSION, what, (renewal_tex(), rf"t = {tex_value(r.again)}", recursion_tex(),
                                            law_table_tex(head)), law)


def _sides(m: Mechanic[Any], record: Any, tree: list[Any]) -> set[int]:
    from aot_rules.core.events import Roll
    from aot_rules.formulas.tree import _Prefix

    out: set[int] = set()
    for _, faces, _ in tree[:50]:
        dice = _Prefix(faces)
        m.play(record, dice)
        out |= {e.sides for e in dice.log if isinstance(e, Roll)}
    return out


def _faces_tex(tree: list[Any], main: str) -> str:
    by_value: dict[Hashable, list[int]] = {}
    sides = 0
    for _, faces, report in tree:
        by_value.setdefault(report[main], []).append(faces[0] if faces else 0)
        sides += 1
    rows = []
    for v in sorted(by_value, key=lambda x: (0, x) if isinstance(x, (int, Fraction)) and not isinstance(x, Enum)
                    else (1, words(x))):
        fs = sorted(by_value[v])
        rows.append(rf"\tfrac{{{len(fs)}}}{{{sides}}} & X = {tex_value(v)}\ {tex_text(faces_text(fs))}")
    return r"\Pr(X = x) = \frac{\#\{f : X(f) = x\}}{" + str(sides) + r"} = \begin{cases} " + r" \\ ".join(rows) \
        + r" \end{cases}"


@dataclass(frozen=True)
class DiceCount:
    """n dice rolled alike, each adding to the counts it reports on its own: the counts' generating
    function is one die's raised to the n-th power, and a count each die adds 0 or 1 to is binomial
    (jointly multinomial).  Each die's contribution is read off the played rule itself, run with one die."""

    m: Mechanic[Any]
    count: str = "dice"
    kind: Kind = Kind.CLOSED

    def derive(self, record: Any) -> Maths:
        from dataclasses import replace

        from aot_rules.core.dice import FixedDice
        from aot_rules.formulas.aot_forms import binomial_law
        from aot_rules.formulas.forms import frac

        n = getattr(record, self.count)
        one = replace(record, **{self.count: 1})
        per_face = [self.m.play(one, FixedDice([f])) for f in range(1, 7)]
        fields = [k for k, v in per_face[0].items() if isinstance(v, int) and not isinstance(v, bool)]
        flags = [k for k, v in per_face[0].items() if isinstance(v, bool)]
        if not fields:
            raise Unchecked(f"{self.m.rule_id}: the dice report no count")
        law: dict[str, dict[Any, Fraction]] = {}
        if all(r[k] in (0, 1) for r in per_face for k in fields):
            lines = [r"\Pr(K = k) = \binom{n}{k}\, p^{k} (1 - p)^{n - k}, \qquad \mathbb{E}[K] = np"]
            shares = []
            for k in fields:
                faces = [f for f, r in zip(range(1, 7), per_face, strict=True) if r[k] == 1]
                law[k] = binomial_law(n, sp.Rational(len(faces), 6))
                shares.append(rf"p_{{{tex_text(law_name(self.m, record, k))}}} = \tfrac{{{len(faces)}}}{{6}}\ "
                              + tex_text(faces_text(faces)))
            if len(fields) == 2:
                lines.append(r"\Pr(K_1 = i, K_2 = j) = \frac{n!}{i!\,j!\,(n-i-j)!}\, p_1^{i} p_2^{j}"
                             r"(1 - p_1 - p_2)^{n-i-j}")
            lines.append(rf"n = {n}:\quad " + r",\quad ".join(shares))
            kind = Kind.CLOSED
            what: Message = msg("Every die is rolled alike and counts on its own faces: each count is binomial.")
        else:
            marks = sp.symbols(f"x0:{len(fields)}")
            one_die = sum((sp.Rational(1, 6) * sp.Mul(*(x ** r[k] for x, k in zip(marks, fields, strict=True)))
                           for r in per_face), sp.Integer(0))
            poly = sp.Poly(one_die, *marks) ** n
            for i, k in enumerate(fields):
                acc: dict[Any, Fraction] = {}
                for exps, c in poly.terms():
                    acc[int(exps[i])] = acc.get(int(exps[i]), Fraction(0)) + frac(c)
                law[k] = acc
            z = sp.Symbol("z")
            g1 = sp.expand(one_die.subs({marks[0]: z, **{x: 1 for x in marks[1:]}}))
            lines = [r"G_n(z) = g(z)^{n}, \qquad g(z) = \frac{1}{6}\sum_{f=1}^{6} z^{c(f)}",
                     rf"g(z) = {sp.latex(g1, order='old')},\quad n = {n}:\quad G_n(z) = "
                     + pgf_tex(law[fields[0]])]
            kind = Kind.PGF
            what = msg("Every die is rolled alike and adds to {outcome} on its own: the generating function is one "
                       "die's to the n-th power.", outcome=law_name(self.m, record, fields[0]))
        zero = law[fields[0]].get(0, Fraction(0))
        for k in flags:  # a yes/no report is "the first count is not zero" (the comparison checks it)
            law[k] = {x: q for x, q in ((True, 1 - zero), (False, zero)) if q}
        return Maths(kind, what, tuple(lines), law)
