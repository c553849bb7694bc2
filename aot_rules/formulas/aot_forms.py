"""Art of Tactics' mathematics with structure: the hit roll, the volley, the weather chain, melee strikes.

Each form calls the same rule functions the engine uses (``hits_on_face``, ``save_limit``,
``shield_saved``, ``apply_weapon``, ``triggers``, ``rearm``, ``weather_of_double``,
``strike_groups``, ``classify``) and does the algebra in sympy: the binomial law of the hits, the
generating function of a volley's losses, the transfer matrix of the weather, the product of the
strike dice's generating functions.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import sympy as sp

from aot_rules.core.i18n import msg
from aot_rules.core.registry import Mechanic
from aot_rules.formulas.forms import Kind, Maths, faces_text, frac, pgf_tex, rat, tex_text

K, N, P, Z, D = sp.symbols("k n p z d", integer=True, nonnegative=True)
BINOMIAL_PMF = sp.binomial(N, K) * sp.Symbol("p") ** K * (1 - sp.Symbol("p")) ** (N - K)


def binomial_law(n: int, p: sp.Rational) -> dict[Any, Fraction]:
    """The closed form evaluated by sympy at each count of successes."""
    pmf = BINOMIAL_PMF.subs({N: n, sp.Symbol("p"): p})
    return {k: frac(pmf.subs(K, k)) for k in range(n + 1) if pmf.subs(K, k) != 0}


def hit_faces_expr(at_or_below: bool, horse_armour: bool) -> tuple[sp.Expr, str]:
    """p(d): the share of faces that hit a target of density d, derived by sympy from the rule's face
    predicate over the densities 1–5 (the rule is a count of faces, so a low-degree polynomial in d
    fits it exactly where the count is not clipped)."""
    from aot_rules.aot.rules.shooting import hits_on_face

    counts = [sum(hits_on_face(f, d, at_or_below=at_or_below, horse_armour=horse_armour) for f in range(1, 7))
              for d in range(1, 6)]
    d = sp.Symbol("d")
    fitted = sp.interpolate([(i + 1, c) for i, c in enumerate(counts)], d)
    if sp.degree(fitted, d) <= 1:
        return sp.factor(fitted / 6), sp.latex(sp.factor(fitted / 6))
    return sp.Integer(0), r",\ ".join(rf"p({i + 1}) = {sp.latex(sp.Rational(c, 6))}" for i, c in enumerate(counts))


@dataclass(frozen=True)
class HitBinomial:
    """AOT-SHOOT-HIT: n firers, each hitting on the faces the rule allows: hits ~ Binomial(n, p(d))."""

    m: Mechanic[Any]
    kind: Kind = Kind.CLOSED

    def derive(self, record: Any) -> Maths:
        from aot_rules.aot.rules.shooting import hits_on_face

        target, cond = record.situation()
        faces = [f for f in range(1, 7) if hits_on_face(f, target.density, at_or_below=cond.hits_at_or_below,
                                                         horse_armour=target.horse_armour)]
        p = sp.Rational(len(faces), 6)
        _, p_of_d = hit_faces_expr(cond.hits_at_or_below, target.horse_armour)
        n = record.firers
        law = binomial_law(n, p)
        mean = (N * sp.Symbol("p")).subs({N: n, sp.Symbol("p"): p})
        return Maths(Kind.CLOSED, msg("Each firer's die hits on its own, with the same chance p: the number of hits "
                                      "is binomial."),
                     (r"\Pr(H = k) = \binom{n}{k}\, p^{k} (1 - p)^{n - k}, \qquad \mathbb{E}[H] = np",
                      rf"p(d) = {p_of_d}" if "p(" not in p_of_d else p_of_d,
                      rf"n = {n},\ d = {target.density}:\quad p = \tfrac{{{len(faces)}}}{{6}} = {sp.latex(p)}"
                      rf"\ {tex_text(faces_text(faces))},\quad "
                      rf"\mathbb{{E}}[H] = {sp.latex(mean)}"),
                     {"hits": dict(law)})

    def engine(self, record: Any) -> dict[str, dict[Any, Fraction]]:
        from aot_rules.aot.mechanics.shooting import hit_procedure
        from aot_rules.core.evaluate import evaluate

        return {"hits": dict(evaluate(hit_procedure(record)).items())}


@dataclass(frozen=True)
class Volley:
    """AOT-SHOOT-RESULT and its variants: binomial hits, then one shield die, then the weapon's effect.

    G_K(z) = sum_h b(h; n, p) * (1/6) sum_r z^{k(h, r)}: the hits' closed form composed with the shield
    roll, where k(h, r) is the rule's own count of warriors killed (or disordered) for h hits and
    shield face r.
    """

    m: Mechanic[Any]
    kind: Kind = Kind.PGF

    def derive(self, record: Any) -> Maths:
        from aot_rules.aot.rules.shooting import apply_weapon, hit_density, hits_on_face, save_limit, shield_saved
        from aot_rules.formulas.forms import Unchecked

        target, cond, n = record.situation()
        if target.body.wounded:
            raise Unchecked("a beast or vehicle target goes to its hit test")
        dens = hit_density(target, cond)
        p = sp.Rational(sum(hits_on_face(f, dens, at_or_below=cond.hits_at_or_below,
                                         horse_armour=target.horse_armour) for f in range(1, 7)), 6)
        limit = save_limit(target, cond)
        b = binomial_law(n, p)
        x, y = sp.symbols("x y")  # x marks a warrior killed, y one disordered
        joint = sp.Integer(0)
        for h, ph in b.items():
            if limit is None or h == 0:
                k, dd = apply_weapon(h, 0, cond.weapon, target.formed)
                joint += rat(ph) * x**k * y**dd
            else:
                joint += rat(ph) * sum((sp.Rational(1, 6) * x ** apply_weapon(h, shield_saved(r, h, limit), cond.weapon,
                                                                             target.formed)[0]
                                        * y ** apply_weapon(h, shield_saved(r, h, limit), cond.weapon,
                                                            target.formed)[1] for r in range(1, 7)), sp.Integer(0))
        joint = sp.expand(joint)
        poly = sp.Poly(joint, x, y)
        killed: dict[Hashable, Fraction] = {}
        disordered: dict[Hashable, Fraction] = {}
        losses: dict[Hashable, Fraction] = {}
        for (i, j), c in poly.terms():
            killed[i] = killed.get(i, Fraction(0)) + frac(c)
            disordered[j] = disordered.get(j, Fraction(0)) + frac(c)
            losses[i + j] = losses.get(i + j, Fraction(0)) + frac(c)
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


@dataclass(frozen=True)
class WeatherChain:
    """AOT-CMD-DOUBLES / AOT-WEATHER: a three-state chain (a double is waiting, none is, night), with z
    marking each change of weather; the generating function after t turns is u M(z)^t 1."""

    m: Mechanic[Any]
    kind: Kind = Kind.RECURSION

    def matrix(self, overlapping: bool) -> sp.Matrix:
        from aot_rules.aot.rules.weather import Weather, rearm, triggers, weather_of_double

        idx = {"waiting": 0, "none": 1, "night": 2}
        m = sp.zeros(3, 3)
        m[2, 2] = 1
        for armed, row in ((True, 0), (False, 1)):
            m[row, idx["none"]] += sp.Rational(5, 6)  # no double this turn
            for face in range(1, 7):
                nxt = "waiting" if rearm(armed, True, overlapping) else "none"
                if triggers(armed, True):
                    nxt = "night" if weather_of_double(face) is Weather.NIGHT else nxt
                    m[row, idx[nxt]] += sp.Rational(1, 36) * Z
                else:
                    m[row, idx[nxt]] += sp.Rational(1, 36)
        return m

    def derive(self, record: Any) -> Maths:
        mat = self.matrix(record.overlapping)
        v = sp.Matrix([[0, 1, 0]])
        for _ in range(record.turns):
            v = (v * mat).applyfunc(sp.expand)
        g = sp.expand(sum(v))
        poly = sp.Poly(g, Z)
        changes = {int(e[0]): frac(c) for e, c in poly.terms()}
        night = frac(sp.expand(v[2]).subs(Z, 1))
        laws: dict[str, dict[Any, Fraction]] = {
            "changes": changes, "night": {True: night, False: 1 - night} if night else {False: Fraction(1)},
            "any": {True: 1 - changes.get(0, Fraction(0)), False: changes.get(0, Fraction(0))}}
        laws = {k: {o: q for o, q in law.items() if q} for k, law in laws.items()}
        return Maths(Kind.RECURSION, msg("Each turn moves a three-state chain: a double is waiting to pair, none is, "
                                         "or night has fallen; z counts the changes of weather."),
                     (r"v_t(z) = v_{t-1}(z)\,M(z),\quad v_0 = (0,1,0),\quad G_t(z) = v_t(z)\,\mathbf{1}",
                      r"M(z) = " + sp.latex(mat),
                      rf"t = {record.turns}:\quad G_t(z) = {sp.latex(g, order='old')}"), laws)


@dataclass(frozen=True)
class MeleeStrikes:
    """Melee: each side's strike dice are independent, so the generating function of its hits is the
    product over its dice groups of one die's generating function, raised to the group's size."""

    m: Mechanic[Any]
    kind: Kind = Kind.PGF

    def derive(self, record: Any) -> Maths:
        from aot_rules.aot.rules.melee import classify, strike_groups

        a, b, rules = record.fight()
        marks = sp.symbols("s u t w h")  # plain six, plain, piercing six, piercing, horse
        lines = [r"G_{S}(\mathbf{x}) = \prod_{g \in S} \Bigl(\frac{1}{6}\sum_{f=1}^{6} "
                 r"\mathbf{x}^{c_g(f)}\Bigr)^{n_g},\qquad S = A, B"]
        laws: dict[str, dict[Any, Fraction]] = {}
        for name, att, dfn in (("A", a, b), ("B", b, a)):
            total = sp.Integer(1)
            factors = []
            for g in strike_groups(att, dfn, rules):
                one = sum((sp.Rational(1, 6) * sp.Mul(*(mk ** c for mk, c in zip(marks, classify(f, g, att, dfn, rules),
                                                                                    strict=True)))
                           for f in range(1, 7)), sp.Integer(0))
                total *= one ** g.count
                factors.append(rf"\Bigl({sp.latex(sp.expand(one.subs(dict.fromkeys(marks, Z))))}\Bigr)^{{{g.count}}}")
            poly = sp.Poly(sp.expand(total), *marks)
            laws[f"{name.lower()}_strikes"] = {tuple(int(e) for e in exps): frac(c) for exps, c in poly.terms()}
            hits = sp.expand(total.subs(dict.fromkeys(marks, Z)))
            lines.append(rf"G_{name}(z) = {' '.join(factors) or '1'} = {pgf_tex(_poly_law(hits))}")
        return Maths(Kind.PGF, msg("Each side's strike dice fall independently: the generating function of the "
                                   "hits is the product of one die's, group by group (z counts hits; shields, armour "
                                   "and the result are then applied to these hits exactly by the engine)."),
                     tuple(lines), laws)

    def engine(self, record: Any) -> dict[str, dict[Any, Fraction]]:
        return melee_engine(record)


def melee_engine(record: Any) -> dict[str, dict[Any, Fraction]]:
    """The engine's own exact law of each side's hit vector, for the comparison."""
    from aot_rules.aot.rules.melee import hit_vector

    a, b, rules = record.fight()
    return {"a_strikes": dict(hit_vector(a, b, rules).items()), "b_strikes": dict(hit_vector(b, a, rules).items())}


def _poly_law(expr: sp.Expr) -> dict[Hashable, Fraction]:
    if expr == 0 or expr.is_number:
        return {0: Fraction(1)}
    return {int(e[0]): frac(c) for e, c in sp.Poly(expr, Z).terms()}
