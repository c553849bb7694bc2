"""Issue #38 for the weather's chain (AOT-CMD-DOUBLES, AOT-WEATHER): its law after n turns in n and the third double's
reading, checked against the engine's own chain beyond the 30 turns the calculator takes.

tests/faces/test_general_formulas.py checks the formula at every grid point and at points off the grid the calculator
accepts; here the chain the procedure steps is run for more turns than the rule allows a calculator (its step is the
rule's own), so the closed form in n is checked where no grid reaches.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
import sympy as sp

from aot_rules.aot.rules.weather import Weather
from aot_rules.core.evaluate import evaluate
from aot_rules.formulas.general import general_of
from aot_rules.formulas.symbolic import root_chain
from aot_rules.systems import get


def _engine(turns: int, overlapping: bool) -> dict[str, dict[object, sp.Rational]]:
    """The engine's law of the changes and the newest weather after ``turns`` turns: the procedure's own chain, stepped
    that many times by the core evaluator."""
    m = get("AOT-CMD-DOUBLES")
    found = root_chain(m.procedure(m.record(turns=1, overlapping=overlapping)))  # type: ignore[misc]
    assert found is not None
    chain, _ = found
    changes: dict[object, Fraction] = {}
    latest: dict[object, Fraction] = {}
    for (count, weather, _), p in evaluate(replace(chain, n=turns)).items():
        changes[count] = changes.get(count, Fraction(0)) + p
        latest[weather] = latest.get(weather, Fraction(0)) + p
    return {name: {k: sp.Rational(v.numerator, v.denominator) for k, v in law.items() if v}
            for name, law in (("changes", changes), ("latest", latest))}


@pytest.mark.parametrize("overlapping", [True, False])
@pytest.mark.parametrize("turns", [45, 80])
def test_the_closed_form_in_n_holds_far_beyond_the_calculators_turns(turns: int, overlapping: bool) -> None:
    general = general_of("AOT-CMD-DOUBLES")
    assert general is not None
    got = general.at({"turns": turns, "overlapping": overlapping})
    engine = _engine(turns, overlapping)
    assert got["changes"] == engine["changes"]
    assert got["latest"] == engine["latest"]
    night = engine["latest"][Weather.NIGHT]
    assert got["night"] == {True: night, False: 1 - night}


def test_the_powers_are_of_the_eigenvalues_of_the_matrix_read_off_the_procedure() -> None:
    """Q and N are sums of powers of the eigenvalues of the live block of M(0) and M(1), the matrix the sympy reading
    takes from the chain's step; they are quadratic surds (no rational eigenvalue), which the formula keeps exact."""
    from aot_rules.formulas.aot_forms import WeatherChain, Z

    general = general_of("AOT-WEATHER")
    assert general is not None
    defs = {str(sym): e for sym, e in general.defs}
    for overlapping in (True, False):
        live = WeatherChain(get("AOT-WEATHER")).matrix(overlapping).extract([0, 1], [0, 1])
        flag = {sp.Symbol("overlapping"): int(overlapping)}
        for z, names in ((0, ("mu_1", "mu_2")), (1, ("lambda_1", "lambda_2"))):
            eigen = set(live.subs(Z, z).eigenvals())
            shown = {sp.radsimp(defs[x].subs(flag)) for x in names}
            assert shown == {sp.radsimp(e) for e in eigen}
            assert not any(e.is_Rational for e in eigen)


def test_the_block_leads_with_the_law_in_the_turns() -> None:
    from aot_rules.formulas.html import maths_html

    html = maths_html("AOT-CMD-DOUBLES")
    general, example = html.split('<span class="aot-maths-kind" title=', 1)
    assert "in general" in general and "\\lambda_{1}" in general and "\\Pr(C = j)" in general
    assert "aot-maths-none" not in html
    assert "M(z) = " in example
    # the chain walks no dice tree: its block does not claim a budget of paths (a played recursion's sentence)
    assert "across the calculator&#x27;s grid" in example and "paths" not in example
