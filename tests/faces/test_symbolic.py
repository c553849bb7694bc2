"""Issue 36, item 1: sympy as the third reading of a dice procedure (``aot_rules.formulas.symbolic``).

The reading walks the same blocks as the exact evaluator, so at every sampled grid point of every mechanic written as
a procedure its law must equal the evaluator's exactly (sympy ``Rational`` against ``Fraction``, never floats); a pool
is its multinomial term, which with symbols for its classes' probabilities is a polynomial in them.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import islice
from typing import Any

import pytest
import sympy as sp

from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate, pool_law
from aot_rules.core.events import NO_CAPTION
from aot_rules.core.procedure import Pool, count, die, pool, until
from aot_rules.formulas.symbolic import class_probabilities, fit_count, fractions, law, pool_term, root_pool
from aot_rules.systems import all_mechanics, get

ON_PROCEDURES = [m.rule_id for m in all_mechanics() if m.procedure is not None]
#: grid points per mechanic, spread evenly over its grid
SAMPLE = 4


def _points(rule_id: str) -> list[dict[str, Any]]:
    m = get(rule_id)
    size = sum(1 for _ in m.grid())
    return list(islice(m.grid(), 0, None, max(1, size // SAMPLE)))[:SAMPLE]


def _exact(proc: Any) -> dict[Any, Fraction]:
    """The evaluator's law (read through its weights: some values, such as a unit, have no order)."""
    weights, den = evaluate(proc).weights()
    return {o: Fraction(w, den) for o, w in weights.items()}


def test_some_mechanics_are_written_as_procedures() -> None:
    assert len(ON_PROCEDURES) >= 40


@pytest.mark.parametrize("rule_id", ON_PROCEDURES)
def test_the_sympy_reading_is_the_exact_law(rule_id: str) -> None:
    m = get(rule_id)
    assert m.procedure is not None
    compared = 0
    for kw in _points(rule_id):
        try:
            proc = m.procedure(m.record(**kw))
        except RuleError:
            continue
        mine = law(proc)
        assert all(isinstance(q, sp.Rational) for q in mine.values()), kw
        assert fractions(mine) == _exact(proc), kw
        compared += 1
    assert compared, "no legal grid point was read"


def test_a_pool_is_its_multinomial_term() -> None:
    """Two classes of faces on three dice: each count's term equals the core's multinomial law."""
    classes = (frozenset({1, 2, 3}), frozenset({6}))
    core = pool_law(3, 6, classes)
    mine = law(pool(3, classes))
    assert fractions(mine) == _exact(pool(3, classes)) and len(mine) == len(core)
    assert pool_term(3, class_probabilities(Pool(3, 6, classes, NO_CAPTION, None)), (1, 1)) == core[(1, 1)]


def test_a_pool_with_symbols_is_a_polynomial_in_them() -> None:
    p = sp.Symbol("p")
    hits = law(count(4, (1, 2, 3)), lambda _: (p,))
    assert sp.expand(hits[2] - 6 * p**2 * (1 - p) ** 2) == 0
    assert sp.expand(sum(hits.values())) == 1
    assert hits[2].subs(p, sp.Rational(1, 2)) == evaluate(count(4, (1, 2, 3)))[2]


def test_the_term_in_n_is_the_binomial_term() -> None:
    n, j, p = sp.symbols("n j p")
    assert pool_term(n, (p,), (j,)) == sp.binomial(n, j) * p**j * (1 - p) ** (n - j)


def test_a_reroll_is_conditioned_on_its_acceptance() -> None:
    """A die rolled again until it is not a 6: each of the five faces left has 1/5."""
    mine = law(until(die(6), lambda f: f != 6))
    assert mine == {f: sp.Rational(1, 5) for f in range(1, 6)}


def test_the_hit_roll_is_one_pool_read() -> None:
    m = get("AOT-SHOOT-HIT")
    assert m.procedure is not None
    found = root_pool(m.procedure(m.record(firers=3, target_density=4)))
    assert found is not None and found[0].n == 3


def test_a_face_count_is_fitted_exactly_or_not_at_all() -> None:
    """The faces below a density d, clipped to a die, are found as Max(0, Min(6, d - 1)); a count that is the lower
    of two inputs has no formula of that shape and is refused rather than fitted approximately."""
    below = [({"d": d}, max(0, min(6, d - 1))) for d in range(0, 9)]
    assert fit_count(below, ["d"], [], 6) == sp.Max(0, sp.Min(6, sp.Symbol("d") - 1))
    lower = [({"a": a, "b": b}, min(a, b)) for a in range(1, 6) for b in range(1, 6)]
    assert fit_count(lower, ["a", "b"], [], 6) is None


@pytest.mark.parametrize("overlapping", [True, False])
@pytest.mark.parametrize("turns", [1, 2, 5, 13, 30])
def test_the_chain_read_as_a_matrix_is_the_engines_law(turns: int, overlapping: bool) -> None:
    """Issue #36: the weather's matrix M(z) is read off the chain its procedure steps (no copy of the rule): after
    ``turns`` steps, each class's coefficient of z^j is the engine's exact chance of that class with j changes."""
    from aot_rules.formulas.aot_forms import WEATHER_CLASSES, Z, weather_class, weather_matrix
    from aot_rules.formulas.symbolic import root_chain

    m = get("AOT-CMD-DOUBLES")
    record = m.record(turns=turns, overlapping=overlapping)
    chained = weather_matrix(m, record)
    assert chained.classes == WEATHER_CLASSES and chained.start == "none"
    found = root_chain(m.procedure(record))  # type: ignore[misc]
    assert found is not None
    engine: dict[tuple[str, int], Fraction] = {}
    for state, p in _exact(found[0]).items():  # the chain's own law: (changes, newest weather, double waiting)
        key = (weather_class(state), state[0])
        engine[key] = engine.get(key, Fraction(0)) + p
    v = chained.after(turns)
    derived = {(c, int(e[0])): Fraction(int(q.p), int(q.q)) for c, x in zip(chained.classes, v, strict=True)
               if x != 0 for e, q in sp.Poly(x, Z).terms()}
    assert derived == engine


def test_the_weather_matrix_is_the_turn_read_off_the_procedure() -> None:
    """Which double is waiting is the whole difference the third-double reading makes: with it, a double after a
    double that did not bring night leaves a double waiting (5z/36); without it, the pair is spent."""
    from aot_rules.formulas.aot_forms import Z, weather_matrix

    m = get("AOT-CMD-DOUBLES")
    on = weather_matrix(m, m.record(turns=3, overlapping=True)).matrix
    off = weather_matrix(m, m.record(turns=3, overlapping=False)).matrix
    sixth, z36 = sp.Rational(1, 6), Z / 36
    assert on == sp.Matrix([[5 * z36, 5 * sixth, z36], [sixth, 5 * sixth, 0], [0, 0, 1]])
    assert off == sp.Matrix([[0, 5 * sixth + 5 * z36, z36], [sixth, 5 * sixth, 0], [0, 0, 1]])


def test_a_chain_lumped_wrongly_is_refused() -> None:
    """The lumping is checked, not assumed: a double waiting and none waiting step differently, so one class for
    both is refused."""
    from aot_rules.aot.rules.weather import Weather
    from aot_rules.formulas.symbolic import chain_matrix, root_chain

    m = get("AOT-CMD-DOUBLES")
    found = root_chain(m.procedure(m.record(turns=4, overlapping=True)))  # type: ignore[misc]
    assert found is not None
    with pytest.raises(ValueError, match="not lumped"):
        chain_matrix(found[0], lambda s: s[1] is Weather.NIGHT)
