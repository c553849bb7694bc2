"""Art of Tactics' mathematics with structure: the hit roll, the volley, the weather chain, melee.

The hit roll, the volley, melee and the weather chain are read off their own dice procedures by the sympy
interpreter (:mod:`aot_rules.formulas.symbolic`): the dice are written once, in the rule module, and never composed
again here (melee's strike generating functions are its procedure's blocks of pools, its laws the procedure read on
through the saves and the comparison; the weather's transfer matrix is the chain's step, lumped into three classes
of state).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import sympy as sp

from aot_rules.core.i18n import msg
from aot_rules.core.registry import Mechanic
from aot_rules.formulas.forms import Kind, Maths, Unchecked, faces_text, frac, law_table_tex, pgf_tex, tex_text
from aot_rules.formulas.symbolic import (
    ChainMatrix,
    Met,
    chain_matrix,
    class_probabilities,
    first_pool,
    fractions,
    law,
    marginals,
    pool_term,
    pools_met,
    pools_pgf,
    root_chain,
    root_pool,
)

Z = sp.Symbol("z", integer=True, nonnegative=True)


def binomial_law(n: int, p: sp.Rational) -> dict[Any, Fraction]:
    """A count of ``n`` dice each counting with probability ``p``: the pool's own term (:func:`pool_term`) at each
    count."""
    return {k: frac(q) for k in range(n + 1) if (q := pool_term(n, (p,), (k,))) != 0}


@dataclass(frozen=True)
class HitBinomial:
    """AOT-SHOOT-HIT: n firers, each hitting on the faces the rule allows: the hit roll's procedure is one pool, read
    by the sympy interpreter as the binomial term of its count."""

    m: Mechanic[Any]
    kind: Kind = Kind.CLOSED
    #: the block says its formulas are read off the rule's dice procedure
    reads_procedure: bool = True

    def derive(self, record: Any) -> Maths:
        proc = self.m.procedure(record) if self.m.procedure is not None else None
        found = None if proc is None else root_pool(proc)
        if found is None:
            raise Unchecked(f"{self.m.rule_id}: the hit roll is not one pool")
        pool, _ = found
        (p,) = class_probabilities(pool)
        (faces,) = (sorted(c) for c in pool.classes)
        n = pool.n
        hits = {k: frac(sp.expand(q)) for (k,), q in law(pool).items()}
        return Maths(Kind.CLOSED, msg("Each firer's die hits on its own, with the same chance p: the number of hits "
                                      "is binomial."),
                     (r"\Pr(H = k) = \binom{n}{k}\, p^{k} (1 - p)^{n - k}, \qquad \mathbb{E}[H] = np",
                      rf"n = {n}:\quad p = \tfrac{{{len(faces)}}}{{{pool.sides}}} = {sp.latex(p)}"
                      rf"\ {tex_text(faces_text(faces))},\quad "
                      rf"\mathbb{{E}}[H] = {sp.latex(n * p)}"),
                     {"hits": hits})


@dataclass(frozen=True)
class Volley:
    """AOT-SHOOT-RESULT and its variants: the volley's procedure (the hit pool, one shield die, the weapon's effect)
    read by the sympy interpreter, its law written as the generating function G(x, y) of the warriors killed (x) and
    disordered (y)."""

    m: Mechanic[Any]
    kind: Kind = Kind.PGF
    reads_procedure: bool = True

    def derive(self, record: Any) -> Maths:
        from aot_rules.aot.rules.shooting import save_limit

        target, cond, _ = record.situation()
        if target.body.wounded or self.m.procedure is None:
            raise Unchecked("a beast or vehicle target goes to its hit test")
        proc = self.m.procedure(record)
        pool = first_pool(proc)
        assert pool is not None  # a volley starts with its hit dice
        (p,) = class_probabilities(pool)
        n = pool.n
        limit = save_limit(target, cond)
        x, y = sp.symbols("x y")  # x marks a warrior killed, y one disordered
        losses_law = law(proc)
        joint = sp.expand(sum((q * x**v.killed * y**v.disordered for v, q in losses_law.items()), sp.Integer(0)))
        killed: dict[Hashable, Fraction] = {}
        disordered: dict[Hashable, Fraction] = {}
        losses: dict[Hashable, Fraction] = {}
        for v, q in fractions(losses_law).items():
            killed[v.killed] = killed.get(v.killed, Fraction(0)) + q
            disordered[v.disordered] = disordered.get(v.disordered, Fraction(0)) + q
            losses[v.losses] = losses.get(v.losses, Fraction(0)) + q
        gk = sp.expand(joint.subs(y, 1))
        rel = r"\le" if limit and limit[1] else "<"
        saves, killed_word = tex_text(msg("the shield die saves on")), tex_text(msg("killed"))
        shield = tex_text(msg("no shield die")) if limit is None else rf"{saves}\ r {rel} {limit[0]}"
        return Maths(Kind.PGF, msg("Hits are binomial; one shield die then turns some away, and the weapon decides "
                                   "who is killed and who disordered. The generating function composes the two."),
                     (r"G(x, y) = \sum_{h=0}^{n} \binom{n}{h} p^h (1-p)^{n-h}\,\frac{1}{6}\sum_{r=1}^{6} "
                      r"x^{k(h,r)}\, y^{d(h,r)}",
                      rf"n = {n},\ p = {sp.latex(p)},\ {shield}:\quad G(x, 1) = {sp.latex(gk, order='old')}",
                      rf"\mathbb{{E}}[{killed_word}] = \partial_x G(1,1) = "
                      rf"{sp.latex(sp.diff(joint, x).subs({x: 1, y: 1}))}"),
                     {"killed": killed, "disordered": disordered, "losses": losses})


#: the weather chain's classes of state, in the order its matrix shows them: a double is waiting to pair, none is,
#: night has fallen
WEATHER_CLASSES = ("waiting", "none", "night")


def weather_class(state: tuple[int, Any, bool]) -> str:
    """The class of one state of the weather's chain (changes so far, the newest weather, whether a double is unspent):
    all the next turn's law depends on (the changes so far are what the mark z counts)."""
    from aot_rules.aot.rules.weather import Weather

    _, latest, armed = state
    return "night" if latest is Weather.NIGHT else "waiting" if armed else "none"


def weather_matrix(m: Mechanic[Any], record: Any) -> ChainMatrix:
    """The weather's three-state matrix M(z), read off the chain its procedure steps (z marks a change of weather)."""
    if m.procedure is None or (found := root_chain(m.procedure(record))) is None:
        raise Unchecked(f"{m.rule_id}: the weather is not a chain")
    return chain_matrix(found[0], weather_class, lambda state: int(state[0]), Z, WEATHER_CLASSES)


@dataclass(frozen=True)
class WeatherChain:
    """AOT-CMD-DOUBLES / AOT-WEATHER: the chain the procedure steps turn by turn, read by the sympy interpreter as a
    three-state matrix (a double is waiting, none is, night), with z marking each change of weather; the generating
    function after t turns is u M(z)^t 1."""

    m: Mechanic[Any]
    kind: Kind = Kind.RECURSION
    reads_procedure: bool = True

    def matrix(self, overlapping: bool) -> sp.Matrix:
        return weather_matrix(self.m, self.m.record(turns=1, overlapping=overlapping)).matrix

    def derive(self, record: Any) -> Maths:
        chained = weather_matrix(self.m, record)
        mat = chained.matrix
        v = chained.after(record.turns)
        g = sp.expand(sum(v))
        poly = sp.Poly(g, Z)
        changes = {int(e[0]): frac(c) for e, c in poly.terms()}
        night = frac(sp.expand(v[chained.classes.index("night")]).subs(Z, 1))
        laws: dict[str, dict[Any, Fraction]] = {
            "changes": changes, "night": {True: night, False: 1 - night} if night else {False: Fraction(1)},
            "any": {True: 1 - changes.get(0, Fraction(0)), False: changes.get(0, Fraction(0))}}
        laws = {k: {o: q for o, q in law.items() if q} for k, law in laws.items()}
        start = ", ".join(str(x) for x in chained.start_row())
        return Maths(Kind.RECURSION, msg("Each turn moves a three-state chain: a double is waiting to pair, none is, "
                                         "or night has fallen; z counts the changes of weather."),
                     (rf"v_t(z) = v_{{t-1}}(z)\,M(z),\quad v_0 = ({start}),\quad G_t(z) = v_t(z)\,\mathbf{{1}}",
                      r"M(z) = " + sp.latex(mat),
                      rf"t = {record.turns}:\quad G_t(z) = {sp.latex(g, order='old')}"), laws)


@dataclass(frozen=True)
class MeleeStrikes:
    """Melee, read off its own dice procedure by the sympy interpreter: each side's strike dice are one block of pools
    (:func:`~aot_rules.formulas.symbolic.pools_met`), so the generating function of its hits is the product over its
    pools of one die's, raised to the pool's size (:func:`~aot_rules.formulas.symbolic.pools_pgf`); the laws are the
    same procedure read on through armour, the shield die and the comparison (:func:`law`).  A stakes die before
    the melee makes each side's generating function a mixture over what the stakes cost."""

    m: Mechanic[Any]
    kind: Kind = Kind.PGF
    reads_procedure: bool = True

    def derive(self, record: Any) -> Maths:
        from aot_rules.aot.rules.melee import HitVector

        if self.m.procedure is None:
            raise Unchecked(f"{self.m.rule_id}: no dice procedure")
        proc = self.m.procedure(record)
        marks = sp.symbols(" ".join(HitVector._fields))  # a hit of each kind the protections tell apart
        lost = tex_text(msg("lost at the stakes"))
        branches: dict[tuple[Any, ...], list[Met]] = {}
        for met in pools_met(proc):
            branches.setdefault(met.given, []).append(met)
        lines = [r"G_{S}(\mathbf{x}) = \prod_{g \in S} \Bigl(\frac{1}{6}\sum_{f=1}^{6} "
                 r"\mathbf{x}^{c_g(f)}\Bigr)^{n_g},\qquad S = A, B"]
        mixed = any(branches)  # a stakes die was rolled first
        if mixed:
            lines.append(rf"G_S(\mathbf{{x}}) = \sum_k \Pr({lost} = k)\, G_S(\mathbf{{x}} \mid {lost} = k)")
        strikes: dict[str, dict[Any, Fraction]] = {"a_strikes": {}, "b_strikes": {}}
        stakes: dict[Any, Fraction] = {}
        for given, mets in sorted(branches.items(), key=lambda gm: _stakes_lost(gm[0])):
            k = _stakes_lost(given)
            reach = frac(mets[0].reach)  # the strikes of one branch are rolled together
            if given:
                stakes[k] = stakes.get(k, Fraction(0)) + reach
            at = rf" \mid {lost} = {k}" if given else ""
            sides: list[Met | None] = [*mets, None, None]  # a branch the stakes stopped strikes nothing
            for name, side in zip(("A", "B"), sides, strict=False):
                factors, product = ((), sp.Poly(1, *marks, domain="QQ")) if side is None else pools_pgf(side, marks)
                hits: dict[Any, Fraction] = {}
                mixed_law = strikes[f"{name.lower()}_strikes"]
                for exps, c in product.terms():
                    q = frac(c)
                    hits[sum(exps)] = hits.get(sum(exps), Fraction(0)) + q
                    mixed_law[exps] = mixed_law.get(exps, Fraction(0)) + reach * q
                shown = " ".join(rf"\Bigl({sp.latex(sp.expand(g.subs(dict.fromkeys(marks, Z))))}\Bigr)^{{{n}}}"
                                 for g, n in factors)
                lines.append(rf"G_{name}(z{at}) = {shown or '1'} = {pgf_tex(hits)}")
        if stakes:
            lines.insert(2, law_table_tex(stakes, lost))
        laws: dict[str, dict[Any, Fraction]] = {**marginals(fractions(law(proc))),
                                                **{k: v for k, v in strikes.items() if v}}
        told = self.m.exact(record)  # what the widget leads with, and what it calls it
        main = self.m.main or told.main
        if main in laws:
            lines.append(law_table_tex(laws[main], tex_text(told.labels.get(main) or main)))
        return Maths(Kind.PGF, msg("Each side's strike dice fall independently: the generating function of its hits "
                                   "is the product of one die's, pool by pool (z counts hits). The same procedure, "
                                   "read on through armour, the shield die and the comparison of the densities "
                                   "left, gives the law of the result."),
                     tuple(lines), laws,
                     msg("A tests at the stakes before the melee: each loss it may suffer there gives both sides' "
                         "strike dice their own generating functions, weighted by its chance.") if stakes else "")


def _stakes_lost(given: tuple[Any, ...]) -> int:
    """A's warriors lost at the stakes on a branch of the melee (the stakes die's value: A after it, and (killed,
    disordered)); no die before the strikes, none."""
    return sum(given[0][1]) if given else 0
