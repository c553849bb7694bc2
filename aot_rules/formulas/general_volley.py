"""General formulas of the volley family and the guns (issue #38): their laws in their own inputs.

A volley is the hit roll (binomial in the firers, its faces the ones the formula of AOT-SHOOT-HIT counts, read at
the density the shot is taken against) and then one shield die; the weapon turns the hits left and the hits saved
into killed and disordered, and the result compares the shooters' density with the target's.  Each law is a sum over
the number of hits ``h`` and the shield's face ``r`` of their chances, each term counted where the outcome is the one
asked (a bracket [.] is 1 when its condition holds, 0 when not).  A gun rolls one die (a light piece) or two whose sum
must beat the distance (a heavy one), and the die that kills most is its effect.

Inputs that may be left blank (the firers, the distance, the ranks, the strength, the shooters' density) and the
choices (weapon, what the target is) enter as quantities read from them, each 0 where the input is blank.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

import sympy as sp

from aot_rules.core.i18n import msg
from aot_rules.formulas.general import General, J, Law, _binomial_term, _p, general_of

VOLLEY_IDS = ("AOT-SHOOT-RESULT", "AOT-SHOOT-JAVELIN", "AOT-SHOOT-HANDGUN", "AOT-SHOOT-FLANK", "AOT-DEMO-EARN")
#: the shooters' densities a volley answers "would it retreat" for, where no density is given
DENSITIES = range(1, 6)


class Largest(sp.Function):  # type: ignore[misc]
    """max(...), worked out only once every argument is a number: a volley's sums hold it over the hits and the shield
    face, and sympy's own ``Max`` compares symbolic arguments each time the sum is built (seconds a term)."""

    @classmethod
    def eval(cls, *args: sp.Expr) -> sp.Expr | None:
        return max(args) if all(a.is_Number for a in args) else None

    def _latex(self, printer: Any) -> str:
        return r"\max\left(" + ", ".join(printer._print(a) for a in self.args) + r"\right)"


class Least(sp.Function):  # type: ignore[misc]
    """min(...), worked out only once every argument is a number (as :class:`Largest`)."""

    @classmethod
    def eval(cls, *args: sp.Expr) -> sp.Expr | None:
        return min(args) if all(a.is_Number for a in args) else None

    def _latex(self, printer: Any) -> str:
        return r"\min\left(" + ", ".join(printer._print(a) for a in self.args) + r"\right)"


def _iv(cond: Any) -> sp.Expr:
    """Iverson's bracket: 1 where ``cond`` holds, 0 where not."""
    return sp.Piecewise((1, cond), (0, True))


def _given(v: Any) -> int:
    return int(v is not None)


def _or_zero(v: Any) -> int:
    return 0 if v is None else int(v)


def _ranks_formed(ranks: Any) -> int:
    return 0 if ranks is None else sum(ranks)


def _ranks_held(ranks: Any) -> int:
    return 0 if ranks is None else sum(1 for r in ranks if r > 0)


def _compared(d: sp.Expr, formed: sp.Expr, w: sp.Expr, flank: sp.Expr, after: sp.Expr, lost: sp.Expr) -> sp.Expr:
    """The density a result compares after ``lost`` leave the ranks, longest rank first (AOT-CASUALTY-REMOVAL): the
    longer of what the longest rank keeps and half the rest rounded up; from the flank, the ranks still holding
    anyone; before the losses (``after`` = 0), the density or the depth."""
    kept = flank * Least(w, formed - lost) + (1 - flank) * Largest(d - lost, sp.ceiling((formed - lost) / 2))
    return after * kept + (1 - after) * (flank * w + (1 - flank) * d)


def _record(rule_id: str, kw: Mapping[str, Any]) -> Any:
    from aot_rules.systems import get

    return get(rule_id).record(**kw)


def _volley(rule_id: str) -> General:
    """A volley's laws in its inputs: the firers, the hit and save faces, each hit count and shield face's killed,
    disordered and lost, and the result (the fixed inputs of a variant, its weapon or its flank, as constants)."""
    from aot_rules.aot.equipment import Missile
    from aot_rules.aot.units import Body
    from aot_rules.systems import get

    m = get(rule_id)
    names = {p.name for p in m.inputs}
    start = m.record()

    def inp(name: str) -> sp.Expr:
        """An input's symbol, or its fixed value where the variant fixes it."""
        return _p(name) if name in names else sp.Integer(int(getattr(start, name)))

    d, ha = inp("target_density"), inp("horse_armour")
    shields, pav, tv, flank = inp("shield_wall"), inp("pavise"), inp("target_veteran"), inp("flank")
    mounted, cover, line = inp("mounted_target"), inp("cover"), inp("battle_line")
    equal, pv, after = inp("equal_saves"), inp("pavise_veteran"), inp("compare_after_losses")

    f0, gf, dist, gd = sp.symbols("f_0 g_f delta_0 g_delta")
    formed0, held0, gr, strength0, gs, sig = sp.symbols("F_0 w_0 g_F S_0 g_S sigma")
    camels, wagon = sp.symbols("beta_c beta_w")
    reads: list[tuple[sp.Symbol, str, Callable[[Any], int]]] = [
        (f0, "firers", _or_zero), (gf, "firers", _given),
        (dist, "distance", lambda v: 0 if v is None else math.ceil(v)), (gd, "distance", _given),
        (formed0, "target_ranks", _ranks_formed), (held0, "target_ranks", _ranks_held), (gr, "target_ranks", _given),
        (strength0, "target_strength", _or_zero), (gs, "target_strength", _given),
        (sig, "shooter_density", _or_zero),
        (camels, "target_body", lambda b: int(Body(b) is Body.CAMELS)),
        (wagon, "target_body", lambda b: int(Body(b) is Body.WAR_WAGON))]
    if "weapon" in names:
        jav, gun = sp.symbols("iota_J iota_H")
        reads += [(jav, "weapon", lambda w: int(Missile(w) is Missile.JAVELIN)),
                  (gun, "weapon", lambda w: int(Missile(w) is Missile.HANDGUN))]
    else:
        jav, gun = (sp.Integer(int(start.weapon is w)) for w in (Missile.JAVELIN, Missile.HANDGUN))

    rho, formed, w, strength, count, n = sp.symbols("rho F w S C n")
    dh, c, p, s = sp.Symbol("d_h"), sp.Symbol("c"), sp.Symbol("p"), sp.Symbol("s")
    h, r, ell = sp.Symbol("h", integer=True), sp.Symbol("r", integer=True), sp.Symbol("ell", integer=True)
    big_b, face, killed, dis, lost, kept = (sp.Function(x) for x in ("B", "W", "k", "x", "l", "a"))

    hit = general_of("AOT-SHOOT-HIT")
    assert hit is not None
    # AOT-SHOOT-HIT's count of faces, read at d_h
    hit_count = dict(hit.defs)[sp.Symbol("c")].subs(_p("target_density"), dh).replace(sp.Max, Largest).replace(
        sp.Min, Least)
    reach = count - dist - line
    defs: tuple[tuple[Any, sp.Expr], ...] = (
        (rho, Largest(ha, mounted, camels)),
        (formed, gr * formed0 + (1 - gr) * d * (2 - rho)),
        (w, gr * held0 + (1 - gr) * (2 - rho)),
        (strength, gs * strength0 + (1 - gs) * formed),
        (count, cover * d + (1 - cover) * strength * (1 + rho)),
        (n, (1 - gd) * f0 + gd * ((1 - gf) * reach + gf * Least(f0, reach))),
        (dh, d + flank * Largest(0, w - d)),
        (c, hit_count), (p, c / 6),
        (s, (1 - flank) * (1 - rho) * (pav * (4 + Largest(equal, tv * pv))
                                        + (1 - pav) * Largest(shields, wagon) * (d - 1 + Largest(equal, tv)))),
        (big_b, sp.Lambda(h, _binomial_term(n, p, h))),
        (face, sp.Lambda(r, sp.Piecewise(((6 - s) / sp.Integer(6), sp.Eq(r, 0)), (sp.Rational(1, 6), True)))),
        (killed, sp.Lambda((h, r), Least(Largest(0, h - r), formed))),
        (dis, sp.Lambda((h, r), Least(jav * Least(r, h) + gun * killed(h, r), formed - killed(h, r)))),
        (lost, sp.Lambda((h, r), killed(h, r) + dis(h, r))),
        (kept, sp.Lambda(ell, _compared(d, formed, w, flank, after, ell))),
    )

    def total(term: sp.Expr) -> sp.Expr:
        """The chance of ``term``'s bracket: over every hit count and shield face (r = 0: no face that saves)."""
        return sp.Sum(sp.Sum(big_b(h) * face(r) * term, (r, 0, s)), (h, 0, n))

    def retreat(density: sp.Expr) -> sp.Expr:
        return total(_iv(lost(h, r) >= 1) * _iv(density > kept(lost(h, r))))

    def top(kw: Mapping[str, Any]) -> tuple[int, int]:
        """The most that can fall: the firers and the target's formed warriors (a law is 0 beyond them: a hit kills
        or is saved, and disorders one at most, a saved one or, for a handgun, one per kill)."""
        target, _, firers = _record(rule_id, kw).situation()
        return firers, target.formed

    def none_given(kw: Mapping[str, Any]) -> bool:
        return kw.get("shooter_density") is None

    def given(kw: Mapping[str, Any]) -> bool:
        return kw.get("shooter_density") is not None

    def warriors(kw: Mapping[str, Any]) -> bool:
        """Hits on a beast or a vehicle go to its own hit test: these laws are about warriors."""
        return not Body(kw.get("target_body", Body.WARRIORS)).wounded

    def also(test: Callable[[Mapping[str, Any]], bool]) -> Callable[[Mapping[str, Any]], bool]:
        return lambda kw: warriors(kw) and test(kw)

    going = sp.Symbol("R_sigma")
    defs += ((going, retreat(sig)),)
    laws = [
        Law("killed", "K", total(_iv(sp.Eq(killed(h, r), J))), lambda kw: range(0, min(top(kw)) + 1), applies=warriors),
        Law("disordered", "X", total(_iv(sp.Eq(dis(h, r), J))), lambda kw: range(0, min(top(kw)) + 1),
            applies=warriors),
        Law("losses", "L", total(_iv(sp.Eq(lost(h, r), J))), lambda kw: range(0, min(2 * top(kw)[0], top(kw)[1]) + 1),
            applies=warriors),
        Law("any_loss", "A", cases={True: total(_iv(lost(h, r) >= 1)), False: 1 - total(_iv(lost(h, r) >= 1))},
            applies=warriors),
        Law("retreat", "R", cases={True: going, False: 1 - going}, applies=also(given)),
        Law("dp", "P", sp.Piecewise((going, sp.Eq(J, d)), (1 - going, sp.Eq(J, 0)), (0, True)),
            lambda kw: range(0, 6), applies=also(given)),
        *(Law(f"retreat_if_shooter_density_{x}", "R", cases={True: retreat(x), False: 1 - retreat(x)},
              applies=also(none_given), shown=False) for x in DENSITIES),
    ]
    inputs = tuple(p.name for p in m.inputs)
    return General(inputs, msg(
        "The firers n are those given (f_0), or the range's: the count C (the target's strength S, riders counting "
        "double, or in cover its density) less the distance rounded up (δ_0), one fewer in a battle line, the firers "
        "given at most. Each firer's die hits on c faces of six, the hit roll's count at the density d_h the shot is "
        "taken against (from the flank, the depth w where it is larger), and the target's one shield die saves on s "
        "faces (none from the flank or for riders, ρ = 1), turning away as many hits as it shows. With h hits (B(h), "
        "binomial) and a saving face r (r = 0: no face saves; W(r) its chance), k are killed and x disordered "
        "(javelins disorder those saved, handguns one more per kill), l in all, the F formed warriors at most; the "
        "target retreats when it lost anyone and the shooters' density σ is above the density a(l) it keeps. A "
        "quantity marked 0 is an input that may be left blank (0 when it is), and g with the same mark is 1 when it "
        "is given; β_c and β_w are 1 for camels and a war wagon's crew, ι_J and ι_H for javelins and handguns. Where "
        "no shooters' density is given, the retreat is answered for each σ from 1 to 5. An elephant or a chariot "
        "takes its own hit test instead."),
        defs, tuple(laws), reads=tuple(reads))


def _gun(heavy: bool) -> General:
    """A gun's laws: the effect die's kills, the disordered (gunpowder), the losses, the hit, the result at the gun's
    density 2 and (heavy) whether the two dice beat the distance."""
    d, g, strict = _p("density"), _p("gunpowder"), _p("strict")
    formed0, gr = sp.symbols("F_0 g_F")
    formed, t = sp.symbols("F t")
    i, j = sp.Symbol("i", integer=True), sp.Symbol("j", integer=True)
    big_e = sp.Function("E")
    six = sp.Integer(6)
    if heavy:
        delta = _p("distance")
        least = sp.floor(delta - j) + 1  # the least other face that beats the distance with j

        def between(lo: sp.Expr, hi: sp.Expr) -> sp.Expr:
            return Largest(0, hi - Largest(lo, least) + 1)

        # the pairs whose best hitting die is j and whose sum beats the distance: j with a lower face or a miss,
        # either way round, or j twice
        pairs = 2 * between(1, j - 1) + 2 * between(t + 1, 6) + _iv(2 * j > delta)
        effect = sp.Lambda(j, sp.Piecewise((pairs / 36, (j >= 1) & (j <= t)), (0, True)))
    else:
        effect = sp.Lambda(j, sp.Piecewise((1 / six, (j >= 1) & (j <= t)), (0, True)))
    hit, going, lost_by, kept = sp.Symbol("H"), sp.Symbol("R"), sp.Function("l"), sp.Function("a")
    ell = sp.Symbol("ell", integer=True)
    defs = ((formed, gr * formed0 + (1 - gr) * 2 * d), (t, d - strict), (big_e, effect),
            (hit, sp.Sum(big_e(i), (i, 1, t))),
            (lost_by, sp.Lambda(i, i + g * Least(i, formed - i))),
            (kept, sp.Lambda(ell, _compared(d, formed, sp.Integer(0), sp.Integer(0), sp.Integer(1), ell))),
            (going, sp.Sum(big_e(i) * _iv(kept(lost_by(i)) < 2), (i, 1, t))))
    # no die that hits (chance 1 - H) kills and disorders nobody; the effect die's i kills i, i from 1 to t
    laws = [Law("killed", "K", sp.Piecewise((1 - hit, sp.Eq(J, 0)), (big_e(J), True)), lambda kw: range(0, 6)),
            Law("disordered", "X", (1 - hit) * _iv(sp.Eq(J, 0))
                + sp.Sum(big_e(i) * _iv(sp.Eq(g * Least(i, formed - i), J)), (i, 1, t)), lambda kw: range(0, 6)),
            Law("dp", "P", sp.Piecewise((going, sp.Eq(J, d)), (1 - going, sp.Eq(J, 0)), (0, True)),
                lambda kw: range(0, 6)),
            Law("hits", "H", cases={True: hit, False: 1 - hit}),
            Law("retreats", "R", cases={True: going, False: 1 - going})]
    if heavy:
        u = sp.Symbol("u", integer=True)
        reached = sp.Sum((6 - sp.Abs(u - 7)) / sp.Integer(36) * _iv(u > _p("distance")), (u, 2, 12))
        laws.insert(3, Law("reaches", "Q", cases={True: reached, False: 1 - reached}))
        what = msg(
            "Two dice must add up to more than the distance; the effect die is the highest that hits, at or below "
            "the density d (below it in the strict reading: t = d − 1 faces hit, else t = d), and kills as many as "
            "it shows, with chance E(j), the pairs of faces whose best hitting die is j and whose sum beats the "
            "distance, out of 36. Gunpowder disorders one more per kill, the F formed warriors at most (F_0 those of "
            "the ranks given, g_F = 1 when they are); the target retreats, with chance R, when the longest rank it "
            "keeps after its losses l (a(l)) is below the gun's density 2, and the gun's side then earns the "
            "target's density in DP.")
    else:
        what = msg(
            "One die hits at or below the density d (below it in the strict reading: t = d − 1 faces hit, else "
            "t = d) and kills as many as it shows, each face with chance E(j) = 1/6. Gunpowder disorders one more "
            "per kill, the F formed warriors at most (F_0 those of the ranks given, g_F = 1 when they are); the target "
            "retreats, with chance R, when the longest rank it keeps after its losses l (a(l)) is below the gun's "
            "density 2, and the gun's side then earns the target's density in DP.")
    inputs = ("density", "gunpowder", "strict", *(("distance",) if heavy else ()))
    return General(inputs, what, defs, tuple(laws),
                   reads=((formed0, "target_ranks", _ranks_formed), (gr, "target_ranks", _given)))


FORMULAS: dict[str, Callable[[], General | None]] = {
    **{rule_id: (lambda rule_id=rule_id: _volley(rule_id)) for rule_id in VOLLEY_IDS},  # type: ignore[misc]
    "AOT-ART-SHOOT-LIGHT": lambda: _gun(heavy=False), "AOT-ART-SHOOT-HEAVY": lambda: _gun(heavy=True),
}
