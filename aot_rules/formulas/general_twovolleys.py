"""General formulas of two volleys at once and of the slot plan (issue #38): their laws in their own inputs.

Two volleys in one slot (AOT-SHOOT-SIMULTANEOUS) and a volley answered by return fire (AOT-REACT-RETURN-FIRE) are
each two of the volley family's volleys: binomial hits met by one shield die.  Their quantities (the hit roll's count
of faces, the shield's saving faces, the binomial term, the shield face's law, the killed and the density kept after
losses) are the volley formula's own (:mod:`aot_rules.formulas.general_volley`), read here at the plain target these
calculators ask about; only how the two volleys meet is written here.  The slot plan (AOT-CMD-SLOTS) is a sum over
the runs of slots one turn's initiative activates, each at its chance after ties are rolled again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import sympy as sp

from aot_rules.core.i18n import msg
from aot_rules.formulas.general import General, J, Law, _p, general_of
from aot_rules.formulas.general_volley import Largest, Least, _iv

#: one volley's formula, whose quantities both two-volley formulas read at a plain target
VOLLEY = "AOT-SHOOT-RESULT"


def _volley_defs() -> dict[str, Any]:
    """The volley formula's definitions by the name of the quantity they define: a number in the volley's inputs
    alone, a function (a ``Lambda``) as the volley writes it."""
    volley = general_of(VOLLEY)
    assert volley is not None
    return {str(sym): d if isinstance(d, sp.Lambda) else volley.expr(d) for sym, d in volley.defs}


def _plain(e: sp.Expr, **given: sp.Expr) -> sp.Expr:
    """A volley quantity at a plain target: infantry in two full ranks (no ranks, strength or firers given), no
    pavise, horse armour, camels or wagon, not in cover, shot from the front with a bow, the index's readings; the
    inputs and quantities named in ``given`` take the values given."""
    fixed = {"horse_armour": 0, "mounted_target": 0, "beta_c": 0, "beta_w": 0, "flank": 0, "pavise": 0,
             "equal_saves": 0, "target_veteran": 0, "pavise_veteran": 1, "cover": 0, "wind": 0, "veteran": 0,
             "g_F": 0, "g_S": 0, "rho": 0, "compare_after_losses": 1, "iota_J": 0, "iota_H": 0}
    fixed.update(given)
    e = e.xreplace({sp.Symbol(k): v for k, v in fixed.items()})

    def yes_no(a: sp.Basic) -> bool:
        """max(v, 0) of a yes/no input v, left by a reading fixed at 0: it is v itself."""
        rest = [x for x in a.args if x != 0]
        return isinstance(a, Largest) and len(rest) == 1 and rest[0].is_Symbol

    return e.replace(yes_no, lambda a: next(x for x in a.args if x != 0))


def _simultaneous() -> General:
    """AOT-SHOOT-SIMULTANEOUS: two volleys at one target, seen as it stood at the start of the slot; their hits meet
    one shield die (the index's reading) or a die each."""
    vol = _volley_defs()
    fa, fb, d, va, vb, sw, one = (_p(x) for x in ("firers_a", "firers_b", "target_density", "veteran_a",
                                                  "veteran_b", "shield_wall", "one_roll"))
    ca, cb, pa, pb, s, formed = sp.symbols("c_A c_B p_A p_B s F")
    ba, bb, face, killed = sp.Function("B_A"), sp.Function("B_B"), sp.Function("W"), sp.Function("k")
    x, y, r, q = (sp.Symbol(v, integer=True) for v in ("x", "y", "r", "q"))
    n, p, h = sp.Symbol("n"), sp.Symbol("p"), sp.Symbol("h", integer=True)
    count = vol["c"]
    one_roll = sp.Sum(ba(x) * bb(y) * face(r) * _iv(sp.Eq(killed(x + y, r), J)), (r, 0, s), (y, 0, fb), (x, 0, fa))
    apart = sp.Sum(ba(x) * bb(y) * face(r) * face(q) * _iv(sp.Eq(Least(killed(x, r) + killed(y, q), formed), J)),
                   (q, 0, s), (r, 0, s), (y, 0, fb), (x, 0, fa))

    def support(kw: Mapping[str, Any]) -> range:
        return range(0, min(int(kw["firers_a"]) + int(kw["firers_b"]), 2 * int(kw["target_density"])) + 1)

    return General(("firers_a", "firers_b", "target_density", "veteran_a", "veteran_b", "shield_wall", "one_roll"),
                   msg("Each unit's dice hit on their own, on c faces of six (the hit roll's count, one face more for "
                       "veterans), so the hits x and y are binomial, B_A(x) and B_B(y). The target's shield die saves "
                       "on s faces and turns away as many hits as it shows (r = 0: no face saves, W(r) its chance); "
                       "k(h, r) of h hits are killed, the F formed warriors at most. With one roll for the slot the "
                       "die meets all x + y hits; otherwise each volley meets a die of its own."),
                   ((ca, _plain(count, target_density=d, veteran=va)),
                    (cb, _plain(count, target_density=d, veteran=vb)),
                    (pa, ca / 6), (pb, cb / 6), (s, _plain(vol["s"], shield_wall=sw)),
                    (formed, _plain(vol["F"])),
                    (ba, sp.Lambda(h, vol["B"].expr.xreplace({n: fa, p: pa}))),
                    (bb, sp.Lambda(h, vol["B"].expr.xreplace({n: fb, p: pb}))),
                    (face, vol["W"]), (killed, _plain(vol["k"]))),
                   (Law("killed", "K", sp.Piecewise((one_roll, sp.Eq(one, 1)), (apart, True)), support),))


def _return_fire() -> General:
    """AOT-REACT-RETURN-FIRE: the volley at the target and the one it fires back, each from the warriors in range of
    the other and formed, land together; the result compares the densities both keep."""
    from aot_rules.aot.rules.reactions import Exchange

    vol = _volley_defs()
    dist, ds, dt, ss, ts = (_p(x) for x in ("distance", "shooter_density", "target_density", "shooter_shield",
                                            "target_shield"))
    fs, ft, ns, nt, cs, ct, ps, pt, ss_, st = sp.symbols("F_S F_T n_S n_T c_S c_T p_S p_T s_S s_T")
    bs, bt, ws, wt = sp.Function("B_S"), sp.Function("B_T"), sp.Function("W_S"), sp.Function("W_T")
    ks, kt, ls, lt, as_, at = (sp.Function(v) for v in ("k_S", "k_T", "L_S", "L_T", "a_S", "a_T"))
    x, y, h, r = (sp.Symbol(v, integer=True) for v in ("x", "y", "h", "r"))
    n, p, s, ell, d = sp.Symbol("n"), sp.Symbol("p"), sp.Symbol("s"), sp.Symbol("ell", integer=True), _p(
        "target_density")
    big_f, rt, rs = sp.Symbol("F"), sp.Symbol("R_T"), sp.Symbol("R_S")

    def at_unit(e: sp.Expr, density: sp.Expr, **given: sp.Expr) -> sp.Expr:
        return _plain(e, **given).xreplace({d: density})

    def lost(b: Any, w: Any, k: Any, top: sp.Symbol, firers: sp.Symbol, saves: sp.Symbol) -> sp.Lambda:
        """A volley's losses (killed: a bow disorders nobody): over the hits and the shield face, as the volley's."""
        return sp.Lambda(ell, sp.Sum(b(h) * w(r) * _iv(sp.Eq(k(h, r), ell)), (r, 0, saves), (h, 0, firers)))

    goes_back = sp.Sum(lt(x) * ls(y) * _iv(as_(y) > at(x)), (y, 0, fs), (x, 1, ft))
    falls_back = sp.Sum(lt(x) * ls(y) * _iv(at(x) > as_(y)), (y, 1, fs), (x, 0, ft))
    # each side's firers: in range of the other's count (its strength) less the distance rounded up, its own formed
    # warriors at most, none out of range
    reach = sp.ceiling(dist)
    return General(("distance", "shooter_density", "target_density", "shooter_shield", "target_shield"),
                   msg("Each side fires from the warriors in range, the other's count C (its strength) less the "
                       "distance rounded up, its own F formed warriors at most: n_S at the target, n_T back. Each "
                       "volley is the volley's own law: binomial hits B on c faces of six, one shield die W saving on "
                       "s faces, k killed; L_T(x) is the chance the target loses x, L_S(y) the shooter y. The losses "
                       "land together: a side that lost anyone falls back when the other keeps a higher density, a "
                       "after its losses: the target with chance R_T, the shooter with chance R_S."),
                   ((fs, at_unit(vol["F"], ds)), (ft, at_unit(vol["F"], dt)),
                    (ns, Least(fs, Largest(0, at_unit(vol["C"], dt) - reach))),
                    (nt, Least(ft, Largest(0, fs - reach))),
                    (cs, at_unit(vol["c"], ds)), (ct, at_unit(vol["c"], dt)),
                    (ps, cs / 6), (pt, ct / 6),
                    (ss_, at_unit(vol["s"], ds, shield_wall=ss)), (st, at_unit(vol["s"], dt, shield_wall=ts)),
                    (bt, sp.Lambda(h, vol["B"].expr.xreplace({n: ns, p: pt}))),
                    (bs, sp.Lambda(h, vol["B"].expr.xreplace({n: nt, p: ps}))),
                    (wt, sp.Lambda(r, vol["W"].expr.xreplace({s: st}))),
                    (ws, sp.Lambda(r, vol["W"].expr.xreplace({s: ss_}))),
                    (kt, sp.Lambda((h, r), vol["k"].expr.xreplace({big_f: ft}))),
                    (ks, sp.Lambda((h, r), vol["k"].expr.xreplace({big_f: fs}))),
                    (lt, lost(bt, wt, kt, ft, ns, st)), (ls, lost(bs, ws, ks, fs, nt, ss_)),
                    (at, sp.Lambda(ell, at_unit(vol["a"].expr, dt).xreplace({big_f: ft}))),
                    (as_, sp.Lambda(ell, at_unit(vol["a"].expr, ds).xreplace({big_f: fs}))),
                    (rt, goes_back), (rs, falls_back)),
                   (Law("result", "E", cases={Exchange.TARGET_RETREATS: rt, Exchange.BOTH_STAY: 1 - rt - rs,
                                              Exchange.SHOOTER_RETREATS: rs}),
                    Law("target_losses", "L_T", lt(J), lambda kw: range(0, 2 * int(kw["target_density"]) + 1)),
                    Law("shooter_losses", "L_S", ls(J), lambda kw: range(0, 2 * int(kw["shooter_density"]) + 1))))


#: the number an owner of a slot is read as in the slot plan's formula: generals A, B and C, and an individual unit
OWNER_CODE = {"A": 1, "B": 2, "C": 3, "individual": 0}


def _slots() -> General:
    """AOT-CMD-SLOTS: the initiative activates one run of my slots, each run at its chance once ties are rolled again;
    a general acts when the run holds one of his slots."""
    from aot_rules.aot.rules.command import INDIVIDUAL

    names = tuple(f"slot_{k}" for k in range(6, 0, -1))
    o = sp.IndexedBase("o")
    t, k, x = sp.Symbol("t"), sp.Symbol("k", integer=True), sp.Symbol("x", integer=True)
    lo, hi = sp.Symbol("l", integer=True), sp.Symbol("u", integer=True)
    pairs, chance, holds = sp.Function("N"), sp.Function("pi"), sp.Function("H")
    six = sp.Integer(6)

    def over_runs(term: sp.Expr) -> sp.Expr:
        """The sum over every run of slots l to u a turn can activate, each at its chance."""
        return sp.Sum(chance(lo, hi) * term, (hi, lo, six), (lo, 1, six))

    acting = sp.Sum(holds(x, lo, hi), (x, 1, 3))
    individual = over_runs(holds(0, lo, hi))

    def has_individual(kw: Mapping[str, Any]) -> bool:
        return any(str(getattr(kw[n], "value", kw[n])) == INDIVIDUAL for n in names)

    return General(names,
                   msg("A turn's initiative dice, rolled again while they tie (t, a tie's chance), activate one run "
                       "of my slots, l to u: from my die down to 1 when I roll lower (6 − u pairs of faces), or from "
                       "my die down to one above the opponent's when I roll higher (one pair). So the run comes with "
                       "chance π(l, u) = N(l, u)/36 ÷ (1 − t). Slot k is written for o_k: 1, 2 or 3 for generals A, B "
                       "and C, 0 for an individual unit; H(x, l, u) is 1 when the run holds a slot of x, and the "
                       "generals who act are the generals it holds."),
                   ((t, sp.Rational(6, 36)),
                    (pairs, sp.Lambda((lo, hi), sp.Piecewise((six - hi, sp.Eq(lo, 1)), (1, True)))),
                    (chance, sp.Lambda((lo, hi), pairs(lo, hi) / 36 / (1 - t))),
                    (holds, sp.Lambda((x, lo, hi), 1 - sp.Product(1 - sp.KroneckerDelta(o[k], x), (k, lo, hi))))),
                   (Law("generals", "G", over_runs(_iv(sp.Eq(acting, J))), lambda kw: range(0, 4)),
                    Law("slots", "S", over_runs(_iv(sp.Eq(hi - lo + 1, J))), lambda kw: range(0, 7)),
                    Law("any_individual", "I", cases={True: individual, False: 1 - individual},
                        applies=has_individual)),
                   reads=tuple((o[int(n[-1])], n, lambda v: OWNER_CODE[str(getattr(v, "value", v))])
                               for n in names))


FORMULAS: dict[str, Callable[[], General | None]] = {
    "AOT-SHOOT-SIMULTANEOUS": _simultaneous, "AOT-REACT-RETURN-FIRE": _return_fire, "AOT-CMD-SLOTS": _slots,
}
