"""Issue 36: melee's "Show the mathematics" is read off its own dice procedure, never composed again by hand.

The sympy interpreter (``aot_rules.formulas.symbolic``) finds each side's strike dice as a block of pools in the
procedure, writes their generating function as the product of one die's per pool (checked against the block's own
law), and reads the rest of the procedure (armour, the shield die, the comparison, a stakes die before it all) to the
melee's laws.  Every law the block gives must equal the engine's exact ``Fraction`` law: at several inputs of several
rules (pike, flank, stakes, two against one, beasts), not only the widget grid the generic tests sample.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
import sympy as sp

import aot_rules.formulas.aot_forms as aot_forms
from aot_rules.aot.rules.melee import hit_vector, stakes
from aot_rules.core.evaluate import evaluate
from aot_rules.core.procedure import Map, Pools, pool, pools
from aot_rules.formulas.catalogue import MELEE, form_of
from aot_rules.formulas.check import engine_laws, mismatches
from aot_rules.formulas.html import derive_shown, maths_html
from aot_rules.formulas.symbolic import Met, fractions, law, marginals, pools_met, pools_pgf
from aot_rules.systems import get

#: (rule, inputs): a side's pikes with a full second rank (both readings), a flank with and without depth, stakes
#: before cavalry with and without its horses, armour-piercing weapons on shield and armour, terror, a lance's horse
#: strike, and beasts (an elephant struck, two elephants in a duel)
POINTS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("AOT-MELEE-PIKE", {"a_ranks": (4, 4)}),
    ("AOT-MELEE-PIKE", {"a_ranks": (3, 3), "pike_extra_per_rank": True, "b_ranks": (5, 5)}),
    ("AOT-MELEE-FLANK", {"a_ranks": (3, 3), "b_ranks": (4, 4)}),
    ("AOT-MELEE-FLANK", {"a_ranks": (4, 4), "b_ranks": (5, 3), "a_weapon": "shooter",
                         "flank_hits_use_depth": True}),
    ("AOT-STAKES", {}),
    ("AOT-STAKES", {"a_ranks": (3,), "a_weapon": "sword", "a_horse_strike": True, "b_weapon": "spear"}),
    ("AOT-ARMOUR-PIERCING", {"a_weapon": "halberd-axe", "b_shield": True, "b_armour": True}),
    ("AOT-TERRIFYING", {"a_weapon": "sword", "b_ranks": (3, 3)}),
    ("AOT-MELEE-HORSE-STRIKE", {"a_ranks": (3,), "a_weapon": "lance", "a_horse_strike": True}),
    ("AOT-MELEE-RESULT", {"a_body": "elephant", "a_ranks": (3,)}),
    ("AOT-MELEE-RESULT", {"a_body": "elephant", "a_ranks": (3,), "b_body": "elephant", "b_ranks": (2,)}),
)
#: what every melee's block must give and the engine reports
OUTCOMES = {"result", "a_killed", "a_disordered", "b_killed", "b_disordered", "a_density_after", "b_density_after",
            "dp_a", "dp_b"}


def _exact(proc: Any) -> dict[Any, Fraction]:
    weights, den = evaluate(proc).weights()
    return {o: Fraction(w, den) for o, w in weights.items()}


@pytest.mark.parametrize(("rule_id", "kw"), POINTS)
def test_the_melee_block_is_the_engines_exact_law(rule_id: str, kw: dict[str, Any]) -> None:
    m = get(rule_id)
    record = m.record(**kw)
    maths = form_of(rule_id).derive(record)
    engine = engine_laws(m, form_of(rule_id), kw)
    assert OUTCOMES <= set(maths.laws) & set(engine)
    assert mismatches(maths, engine) == []
    assert m.procedure is not None
    assert fractions(law(m.procedure(record))) == _exact(m.procedure(record))  # the whole joint law, too


@pytest.mark.parametrize(("rule_id", "kw"), [(r, kw) for r, kw in POINTS if r != "AOT-MELEE-RESULT"])
def test_each_sides_strike_law_is_the_engines_hit_law(rule_id: str, kw: dict[str, Any]) -> None:
    """The generating functions the block writes, as laws of the hit vector, equal the engine's law of each side's
    strikes; before stakes, their mixture over what the stakes cost A."""
    m = get(rule_id)
    record = m.record(**kw)
    maths = form_of(rule_id).derive(record)
    a, b, rules = record.fight()
    before = _exact(stakes(a)) if record.b_stakes else {(a, (0, 0)): Fraction(1)}
    for name, a_first in (("a_strikes", True), ("b_strikes", False)):
        want: dict[Any, Fraction] = {}
        for (after, _), q in before.items():
            for v, p in (hit_vector(after, b, rules) if a_first else hit_vector(b, after, rules)).items():
                want[tuple(v)] = want.get(tuple(v), Fraction(0)) + q * p
        assert maths.laws[name] == {v: p for v, p in want.items() if p}, name


def test_stakes_are_a_mixture_of_generating_functions() -> None:
    """Before the strikes, A's stakes die: one pair of generating functions per loss it may cost, the chances of the
    losses adding up to one and each shown."""
    m = get("AOT-STAKES")
    assert m.procedure is not None
    proc = m.procedure(m.record())
    met = pools_met(proc)
    branches = {x.given: x.reach for x in met}
    assert len(met) == 2 * len(branches) > 2 and sum(branches.values()) == 1
    html = maths_html("AOT-STAKES")
    assert html.count(r"G_A(z \mid") == html.count(r"G_B(z \mid") == len(branches)


def test_two_against_one_is_read_off_its_procedure() -> None:
    """Two units against one: B's two shares of dice and A1's and A2's pooled strikes are four blocks, each one's
    product of generating functions its own law; the whole procedure read by sympy is the engine's law."""
    m = get("AOT-MELEE-ENGAGE")
    assert m.procedure is not None
    for kw in ({}, {"a1_ranks": (2, 2), "a2_ranks": (4, 4), "b_ranks": (5, 5), "b_on_first": 2},
               {"a_weapon": "spear", "b_weapon": "sword", "b_shield": False}):
        proc = m.procedure(m.record(**kw))
        mine = marginals(fractions(law(proc)))
        dists = m.evaluate(**kw).dists
        for name in ("b_killed", "a1_killed", "a2_killed"):
            assert mine[name] == dict(dists[name].items()), (kw, name)
        met = pools_met(proc)
        assert len(met) == 4
        for x in met:
            _, product = pools_pgf(x, sp.symbols("s u t w h"))
            assert x.reading is not None
            got = {e: Fraction(int(c.p), int(c.q)) for e, c in product.terms()}
            assert got == {tuple(v): p for v, p in _exact(Map(x.block, x.reading)).items()}


def test_a_reading_that_is_not_a_sum_over_the_dice_is_refused() -> None:
    """Two dice counting sixes read as the square of the count has no product of one die's generating function."""
    block = pools([pool(2, ((6,),))])
    assert isinstance(block, Pools)
    x = sp.Symbol("x")
    _, product = pools_pgf(Met(sp.Integer(1), (), block, lambda c: c[0][0]), (x,))
    assert product.as_expr() == sp.expand((x / 6 + sp.Rational(5, 6)) ** 2)
    with pytest.raises(ValueError, match="not a sum"):
        pools_pgf(Met(sp.Integer(1), (), block, lambda c: c[0][0] ** 2), (x,))


def test_no_melee_law_is_composed_by_hand() -> None:
    """The hand composition (the engine's hit law fetched for the comparison, the rule functions called again) is
    gone: every melee block says it is read off the procedure and gives the melee's own laws."""
    assert not hasattr(aot_forms, "melee_engine")
    for rid in MELEE:
        assert getattr(form_of(rid), "engine", None) is None
        assert getattr(form_of(rid), "reads_procedure", False), rid
        assert "the rule&#x27;s own dice procedure" in maths_html(rid)


def test_a_flank_block_is_written_where_the_calculator_starts() -> None:
    """Attacking a flank, the result is certain where the calculator starts, but A's strikes are not: the block
    stays there rather than switching on an unrelated input."""
    maths, _, switched = derive_shown(get("AOT-MELEE-FLANK"))
    assert switched == ""
    assert len(maths.laws["result"]) == 1 and len(maths.laws["a_strikes"]) > 1
