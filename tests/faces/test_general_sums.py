"""Issue #38: the sums of dice (the skirmish fragment's movement dice, Batalist's casting roll) have their law written
in their inputs (aot_rules/formulas/general_sums.py).

test_general_formulas.py checks every such formula against the engine at every grid point and beyond the grid; these
tests show that check bites on what each formula must get right (a die's clamp and cut, the extra die's bonus, the
Standard Bearer's re-roll), that the generating function's coefficient is exact, and that the plan of manoeuvres,
which has no formula, says why.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
import sympy as sp
from test_general_formulas import _differences

from aot_rules.formulas.general import General, general_of
from aot_rules.formulas.general_sums import FORMULAS, Coefficient, X

SUMS = ("SP-MOVE-DICE", "SP-MOVE-FORMATION-TABLE", "SP-MOVE-HERO", "SP-MOVE-ANIMALS", "SP-TERRAIN-ROUGH",
        "BAT-MAGIC-MISCAST")


def _changed(rule_id: str, name: str, change: Any) -> General:
    """The rule's general formula with one definition (named ``name``) changed by ``change``."""
    general = general_of(rule_id)
    assert general is not None
    defs = tuple((s, change(d) if str(s) == name else d) for s, d in general.defs)
    assert defs != general.defs, name
    return replace(general, defs=defs)


def test_every_sum_of_dice_in_the_task_has_a_general_formula() -> None:
    assert set(FORMULAS) == set(SUMS)
    assert all(general_of(r) is not None for r in SUMS)


def test_shock_on_every_die_is_not_shock_on_the_total() -> None:
    """Shock cut from each die (floored at 0) and Shock off the whole move differ: reading the per-die option as the
    total's is caught."""
    p = sp.Symbol("shock_per_die")
    wrong = _changed("SP-MOVE-DICE", "varphi", lambda d: d.subs(p, 0))
    assert _differences("SP-MOVE-DICE", wrong)[1]


def test_the_bare_die_cut_first_is_not_the_die_with_its_bonus_cut() -> None:
    """Rough ground cutting the bare die (floored at 0, then the bonus) differs from cutting the die with its bonus."""
    y = sp.Symbol("cut_bare_die")
    wrong = _changed("SP-TERRAIN-ROUGH", "v", lambda d: d.subs(y, 0))
    assert _differences("SP-TERRAIN-ROUGH", wrong)[1]


def test_a_die_is_never_worth_less_than_nothing() -> None:
    """A negative bonus or a cut larger than the face leaves a die at 0, not below: a die floored at 1 differs."""
    wrong = _changed("SP-TERRAIN-ROUGH", "varphi", lambda d: d.replace(sp.Max, lambda *a: sp.Max(1, *a[1:])))
    assert _differences("SP-TERRAIN-ROUGH", wrong)[1]


@pytest.mark.parametrize("rule_id", ["SP-MOVE-FORMATION-TABLE", "SP-MOVE-HERO"])
def test_the_extra_die_takes_the_bonus_only_where_the_reading_gives_it(rule_id: str) -> None:
    """The gallop's extra die is a plain d6 where the extra die gets no bonus: a formula that always gives it fails."""
    x = sp.Symbol("bonus_on_extra")
    wrong = _changed(rule_id, "psi", lambda d: d.subs(x, 1))
    assert _differences(rule_id, wrong)[1]


def test_the_standard_bearer_keeps_a_die_beside_two_ones() -> None:
    """The re-roll is not spent on a failed die whose fellows both show 1: a formula re-rolling it anyway fails."""
    wrong = _changed("BAT-MAGIC-MISCAST", "R", lambda d: sp.Function("b")(2))
    assert _differences("BAT-MAGIC-MISCAST", wrong)[1]


def test_the_standard_bearer_may_undo_three_ones() -> None:
    """Where the re-roll may undo a 1-1-1, the Mage dies only on a second 1: μ = 1/1296 there, 1/216 without it."""
    general = general_of("BAT-MAGIC-MISCAST")
    assert general is not None
    saved = general.at({"quality": 3, "standard_bearer": True, "bearer_saves": True})["miscast"][True]
    plain = general.at({"quality": 3, "standard_bearer": True, "bearer_saves": False})["miscast"][True]
    assert (saved, plain) == (sp.Rational(1, 1296), sp.Rational(1, 216))


def test_a_generating_functions_coefficient_is_exact_and_waits_for_numbers() -> None:
    two_d6 = (sp.Sum(X ** sp.Symbol("f", integer=True), (sp.Symbol("f", integer=True), 1, 6)) / 6) ** 2
    assert Coefficient(two_d6, 7) == sp.Rational(1, 6) and Coefficient(two_d6, 7).is_Rational
    assert Coefficient(two_d6, 13) == 0 and Coefficient(two_d6, -1) == 0
    n = sp.Symbol("n")
    assert isinstance(Coefficient(two_d6 ** n, 7), Coefficient)  # a symbol left: no number yet
    assert Coefficient(two_d6 ** n, 7).subs(n, 1) == sp.Rational(1, 6)


def test_the_block_leads_with_the_generating_function_in_the_inputs() -> None:
    from aot_rules.formulas.html import maths_html

    html = maths_html("SP-MOVE-DICE")
    general = html.split('<span class="aot-maths-kind" title=', 1)[0]
    assert "in general" in general and "[x^{h + j}]" in general
    assert "<var>s</var> — Shock on the Group" in general


def test_the_plan_of_manoeuvres_says_why_it_has_no_formula() -> None:
    from aot_rules.formulas.html import maths_html

    assert general_of("AOT-MOVE-PROCEDURE") is None
    html = maths_html("AOT-MOVE-PROCEDURE")
    assert "aot-maths-none" in html and "chain of tests" in html and "not yet" not in html
