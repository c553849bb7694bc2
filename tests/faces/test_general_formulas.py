"""Issue 38, "Show the mathematics": a law written in the mechanic's own parameters equals the engine everywhere.

Each general formula is substituted at every point of its widget's grid (every second point of a grid over 400)
and compared with the engine's exact
``Fraction`` law as sympy ``Rational``s (never floats).
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import replace
from fractions import Fraction
from html import escape
from itertools import product
from typing import Any

import pytest
import sympy as sp

from aot_rules.core.errors import RuleError
from aot_rules.formulas.general import General, Law, formulas, general_of
from aot_rules.systems import all_mechanics, get

GENERAL = sorted(formulas())


def _engine(rule_id: str, kw: dict[str, Any]) -> dict[str, dict[Any, sp.Rational]] | None:
    """The engine's laws at one grid point as sympy rationals (None: the inputs are illegal)."""
    try:
        out = get(rule_id).evaluate(**kw)
    except RuleError:
        return None
    laws = {name: dict(d.items()) for name, d in out.dists.items()}
    laws.update({name: {v: q for v, q in ((True, p), (False, 1 - p)) if q} for name, p in out.events.items()})
    return {name: {v: sp.Rational(q.numerator, q.denominator) for v, q in law.items()} for name, law in laws.items()}


#: a grid larger than this is checked at every second point (still hundreds), to keep the fast tier fast
WHOLE_GRID = 400


#: Formulas that are sums over the dice (the volley's hits and shield face, a heavy gun's two dice) on grids of
#: hundreds or thousands of points (10 to 40 ms a point; the volley's whole grid would take 20 s, the slot plan's
#: 90 s): they are checked at a deterministic sample of their grid, a few points in the fast tier and more in the full
#: tier (rule ID -> points in the fast tier, points in the full tier); the volley's variants share its formula, so the
#: fast tier checks each of them at one point and the whole volley at two
SAMPLED = {"AOT-SHOOT-RESULT": (2, 16), **{r: (1, 12) for r in ("AOT-SHOOT-JAVELIN", "AOT-SHOOT-HANDGUN",
                                                                 "AOT-SHOOT-FLANK", "AOT-DEMO-EARN")},
           "AOT-ART-SHOOT-LIGHT": (6, 20), "AOT-ART-SHOOT-HEAVY": (3, 40),
           # two volleys at once (420 and 900 points)
           "AOT-SHOOT-SIMULTANEOUS": (8, 120), "AOT-REACT-RETURN-FIRE": (8, 120),
           # the slot plan: a sum over the 21 runs of slots a turn can activate, at each of 4096 points
           "AOT-CMD-SLOTS": (12, 200)}
#: of those, the ones checked beyond their grid in the fast tier too (each at two points; all at 12 in the full tier)
BEYOND_FAST = ("AOT-SHOOT-RESULT", "AOT-ART-SHOOT-LIGHT", "AOT-ART-SHOOT-HEAVY", "AOT-SHOOT-SIMULTANEOUS",
               "AOT-REACT-RETURN-FIRE", "AOT-CMD-SLOTS")


def _grid_checked(rule_id: str, points: int | None = None) -> list[dict[str, Any]]:
    """The grid points a formula is checked at: every one (every second of a grid over 400), or ``points`` of its
    legal points drawn deterministically (a sample that spreads over the whole grid, not its first corner)."""
    grid = list(get(rule_id).grid())
    if points is None:
        return grid[::2] if len(grid) > WHOLE_GRID else grid
    legal = [kw for kw in grid if _engine(rule_id, kw) is not None]
    random.Random(rule_id).shuffle(legal)
    return legal[:points]


def _differences(rule_id: str, general: General, points: int | None = None) -> tuple[int, list[str]]:
    compared, out = 0, []
    for kw in _grid_checked(rule_id, points):
        engine = _engine(rule_id, kw)
        if engine is None:
            continue
        compared += 1
        for name, law in general.at(kw).items():
            assert all(isinstance(q, sp.Rational) for q in law.values())
            if law != engine[name]:
                out.append(f"{kw} {name}: formula {law} != engine {engine[name]}")
    return compared, out


def test_at_least_the_binomials_thresholds_and_tests_have_a_general_formula() -> None:
    assert {"AOT-SHOOT-HIT", "SP-SHOOT-HIT", "AOT-RUN", "AOT-TROT", "AOT-DISORDER-TEST"} <= set(GENERAL)


#: Checked in the full tier only, each grid taking 2 s or more: the weather's and the doubles' 60 points (up to 30
#: turns, each a sum of surd powers and a count of pairs; the fast tier still checks them off the grid, and tests/faces/
#: test_general_chains.py far beyond it) and Batalist melee's runs of faces (288 and 108 points).
SLOW_GRIDS = {"AOT-CMD-DOUBLES", "AOT-WEATHER", "BAT-MELEE-DAMAGE", "BAT-MELEE-MODS"}


@pytest.mark.parametrize("rule_id", [pytest.param(r, marks=pytest.mark.slow) if r in SLOW_GRIDS else r
                                     for r in GENERAL if r not in SAMPLED])
def test_the_general_formula_equals_the_engine_at_every_grid_point(rule_id: str) -> None:
    general = general_of(rule_id)
    assert general is not None and set(general.inputs) <= {p.name for p in get(rule_id).inputs}
    compared, diffs = _differences(rule_id, general)
    legal = sum(1 for kw in get(rule_id).grid() if _engine(rule_id, kw) is not None)
    assert compared == legal or (compared >= 30 and compared >= legal // 2 - 1), (compared, legal)
    assert not diffs, diffs[:3]


@pytest.mark.parametrize(("rule_id", "tier"), [pytest.param(r, tier, marks=pytest.mark.slow if tier else (),
                                                            id=f"{r}-{'full' if tier else 'fast'}")
                                               for r in SAMPLED for tier in (0, 1)])
def test_a_sum_over_the_dice_equals_the_engine_at_a_sample_of_its_grid(rule_id: str, tier: int) -> None:
    general = general_of(rule_id)
    assert general is not None and set(general.inputs) <= {p.name for p in get(rule_id).inputs}
    compared, diffs = _differences(rule_id, general, SAMPLED[rule_id][tier])
    assert compared == SAMPLED[rule_id][tier]
    assert not diffs, diffs[:3]


def test_the_volley_formula_is_not_vacuous() -> None:
    """A shield die that saved one face fewer, or a weapon read the wrong way, differs from the engine."""
    from aot_rules.aot.equipment import Missile
    from aot_rules.formulas.coverage import start_inputs

    general = general_of("AOT-SHOOT-RESULT")
    assert general is not None
    kw = {**start_inputs(get("AOT-SHOOT-RESULT")), "firers": 4, "shield_wall": True, "weapon": Missile.JAVELIN}
    engine = _engine("AOT-SHOOT-RESULT", kw)
    disordered = replace(general, laws=tuple(x for x in general.laws if x.name == "disordered"))
    assert engine is not None and disordered.at(kw)["disordered"] == engine["disordered"]
    s = next(sym for sym, _ in general.defs if str(sym) == "s")
    wrong = replace(disordered, defs=tuple((sym, d - 1 if sym == s else d) for sym, d in general.defs))
    assert wrong.at(kw)["disordered"] != engine["disordered"]
    bow = {**kw, "weapon": Missile.BOW}  # a bow disorders nobody: the weapon's reading is not ignored
    assert disordered.at(bow)["disordered"] == {0: 1} != disordered.at(kw)["disordered"]


def test_a_wrong_general_formula_is_caught() -> None:
    """The comparison is not vacuous: one face too many in the hit chance differs from the engine."""
    general = general_of("AOT-SHOOT-HIT")
    assert general is not None
    (c, count), (p, share) = general.defs
    wrong = replace(general, defs=((c, count + 1), (p, share)))
    _, diffs = _differences("AOT-SHOOT-HIT", wrong)
    assert diffs


def test_the_law_is_exact_not_floating() -> None:
    general = general_of("SP-SHOOT-HIT")
    assert general is not None
    law = general.at({"dice": 10, "bonus": 0, "to_hit": 2})["any"]
    assert law[False] == sp.Rational(1, 6**10) and law[True] == 1 - sp.Rational(1, 6**10)


def test_a_law_without_outcomes_is_refused_as_inexact() -> None:
    bad = General(("dice",), general_of("SP-SHOOT-HIT").what,  # type: ignore[union-attr]
                  (), (Law("any", "A", cases={True: sp.sqrt(sp.Symbol("dice"))}),))
    with pytest.raises(TypeError):
        bad.at({"dice": 2})


@pytest.mark.parametrize("rule_id", ["AOT-RUN", "AOT-TROT"])
def test_the_block_says_what_the_formula_gives_where_the_calculator_starts(rule_id: str) -> None:
    """Running and Trotting were silent at the calculator's start (no gear: nobody is disordered); the block now
    leads with the law in the inputs and states what it gives there: certainly no warrior disordered."""
    from aot_rules.formulas.html import maths_html

    html = maths_html(rule_id)
    general, example = html.split('<span class="aot-maths-kind" title=', 1)
    assert "in general" in general and "\\Pr(X = j)" in general
    assert "<var>d</var> — density" in general and "<var>r</var> — regular (re-roll a failure)" in general
    assert "Where the calculator starts (density = 3" in general
    assert "\\Pr(X = x) = \\begin{cases} 1 &amp; X = 0 \\end{cases}" in general
    assert "One d6" in example or "2 d6" in example


def _shown_lines(html: str) -> list[str]:
    """The general formula's lines of a block (its first maths, before the worked example at the start)."""
    general = html.split('<p class="aot-maths-general">', 1)[1].split('<p class="aot-maths-note">', 1)[0]
    return re.findall(r"\\\[(.*?)\\\]", general, re.S)


def _symbols_only(line: str) -> str:
    return re.sub(r"\\text\{[^}]*\}", "", line)


@pytest.mark.parametrize("rule_id", [r for r in GENERAL if general_of(r) is not None])
def test_a_formula_writes_long_inputs_as_symbols_listed_under_it(rule_id: str) -> None:
    """A label too long to set inside a formula ("regular (re-roll a failure)") made the phone's formula scroll: a
    formula with one writes every input as a short symbol of its own, none another symbol of the formula, each
    listed under it by its label; a formula whose labels are all short keeps the words.  Both editions print the
    same formula."""
    from aot_rules.core.i18n import speaking
    from aot_rules.formulas.html import LONG_LABEL, input_name, input_symbols, maths_html

    m, g = get(rule_id), general_of(rule_id)
    assert g is not None
    used, taken = g.written()
    short = input_symbols(m, g)
    with speaking("en"):
        labels = {k: input_name(k, m) for k in used}
        html = maths_html(rule_id)
    if any(len(label) > LONG_LABEL for label in labels.values()):
        assert set(short) == used and len(set(short.values())) == len(short) and not set(short.values()) & taken
        lines = " ".join(_shown_lines(html))
        assert not any(f"\\text{{{label}}}" in lines for label in labels.values() if len(label) > LONG_LABEL)
        for k, sym in short.items():
            letter, _, sub = sym.partition("_")
            assert f"<var>{letter}</var>" + (f"<sub>{sub}</sub>" if sub else "") + f" — {escape(labels[k])}" in html
    else:
        assert short == {} and "The inputs&#x27; symbols" not in html
    if short:  # the same symbols in Russian (only the words a formula sets upright, "if" and "otherwise", differ)
        with speaking("ru"):
            ru = _shown_lines(maths_html(rule_id))
        assert [_symbols_only(x) for x in ru] == [_symbols_only(x) for x in _shown_lines(html)]


def test_the_defaults_are_only_an_example_under_a_general_formula() -> None:
    from aot_rules.formulas.html import maths_html

    html = maths_html("AOT-CMD-SIGNAL")
    assert html.index("in general") < html.index("For example, written out where the calculator starts")
    assert "\\Pr\\bigl(S = \\text{success}\\bigr)" in html
    assert "For example" not in maths_html("AOT-BREAKTHROUGH")  # no general formula: the start is the whole story


#: more combinations of inputs than this are drawn one input at a time, not listed and shuffled (a volley's 21
#: inputs make hundreds of millions)
LISTED = 200_000


def _beyond_the_grid(rule_id: str, many: int = 24) -> list[dict[str, Any]]:
    """Inputs a reader may type that the widget's grid leaves out: each whole-number input over its whole declared
    range, distances in fractions of an inch (a deterministic sample; where the combinations are too many to list,
    each input drawn on its own, ``many`` legal points)."""
    m = get(rule_id)
    axes: list[list[Any]] = []
    for p in m.inputs:
        if p.kind == "int" and p.lo is not None and p.hi is not None:
            axes.append(list(range(int(p.lo), int(p.hi) + 1)))
        elif p.kind == "bool":
            axes.append([False, True])
        elif p.kind == "inches":
            axes.append([Fraction(1, 10), Fraction(1, 2), Fraction(5, 2), Fraction(7, 2), Fraction(9)])
        else:
            axes.append(list(p.values()))
    names = [p.name for p in m.inputs]
    if math.prod(len(a) for a in axes) > LISTED:
        rng, drawn = random.Random(rule_id), []
        for _ in range(100 * many):
            kw = {name: rng.choice(axis) for name, axis in zip(names, axes, strict=True)}
            if _engine(rule_id, kw) is not None:
                drawn.append(kw)
            if len(drawn) == many:
                break
        return drawn
    points = [dict(zip(names, values, strict=True)) for values in product(*axes)]
    random.Random(rule_id).shuffle(points)
    return points[:many]


@pytest.mark.parametrize(("rule_id", "many"), [
    *((r, 24) for r in GENERAL if r not in SAMPLED),
    *(pytest.param(r, many, marks=pytest.mark.slow if many > 2 else (), id=f"{r}-{many}")
      for r in SAMPLED for many in ((2, 12) if r in BEYOND_FAST else (12,)))])
def test_the_general_formula_holds_beyond_the_widgets_grid(rule_id: str, many: int) -> None:
    """A formula "in general" must hold for every input the calculator accepts, not only where it was checked
    (a face count found on the grid's 0-6 hits and written without its clip would give 7/6 at 7 hits)."""
    general = general_of(rule_id)
    assert general is not None
    compared = 0
    for kw in _beyond_the_grid(rule_id, many):
        engine = _engine(rule_id, kw)
        if engine is None:
            continue
        compared += 1
        for name, law in general.at(kw).items():
            assert law == engine[name], (kw, name)
    assert compared


#: the mechanics whose general formula is read off their dice procedure, not written by hand
DERIVED = ("AOT-SHOOT-HIT", "AOT-SHOOT-HORSE-ARMOUR", "SP-SHOOT-HIT", "SP-SHOOT-HITS", "AOT-CHARIOT-WOUND")


@pytest.mark.parametrize("rule_id", DERIVED)
def test_the_formula_is_read_off_the_procedure_and_says_so(rule_id: str) -> None:
    from aot_rules.formulas.html import maths_html

    general = general_of(rule_id)
    assert general is not None and general.derived
    assert "dice procedure" in maths_html(rule_id)
    assert "dice procedure" not in maths_html("AOT-RUN")  # written by hand: the block does not claim otherwise


#: Issue #38: mechanics with a general formula, the count reached (27 before; bench/bench.py reports it)
GENERAL_FORMULAS_FLOOR = 90


def test_the_count_of_general_formulas_never_falls() -> None:
    from aot_rules.formulas.general import coverage

    with_one, without = coverage()
    assert len(with_one) >= GENERAL_FORMULAS_FLOOR, without
    assert len(with_one) + len(without) == len(list(all_mechanics()))


@pytest.mark.parametrize(("rule_id", "says"), [
    ("AOT-MELEE-RESULT", "joint law of both sides"), ("AOT-SHOOT-RANGE", "No dice are rolled"),
    ("AOT-BREAKTHROUGH", "joint law of both sides"), ("AOT-TURN", "the law is a chain over the"),
])
def test_a_block_without_a_general_formula_says_so(rule_id: str, says: str) -> None:
    """Melee's joint law has no formula in its inputs: the block says so in one sentence instead of staying silent."""
    from aot_rules.formulas.html import maths_html

    assert general_of(rule_id) is None
    html = maths_html(rule_id)
    assert "aot-maths-none" in html and says in html and "in general" not in html


def test_every_block_either_writes_a_general_formula_or_says_why_not() -> None:
    from aot_rules.formulas.general import coverage
    from aot_rules.formulas.html import maths_html

    with_one, without = coverage()
    for rule_id in (*with_one[:3], *without):
        html = maths_html(rule_id)
        assert ("aot-maths-none" in html) == (rule_id in without), rule_id


def test_the_volley_block_writes_its_retreat_once() -> None:
    """The retreat is written once, for the shooters' density σ; where none is given, the engine answers it for each
    density 1-5, and those five laws are checked (above) but not written out again."""
    from aot_rules.formulas.html import maths_html

    general = general_of("AOT-SHOOT-RESULT")
    assert general is not None
    hidden = [law.name for law in general.laws if not law.shown]
    assert hidden == [f"retreat_if_shooter_density_{d}" for d in range(1, 6)]
    html = maths_html("AOT-SHOOT-RESULT")
    assert html.count("\\Pr\\bigl(R = \\text{yes}\\bigr)") == 1 and "R_{\\sigma} = " in html


def test_a_sentence_sets_the_symbols_it_names_as_the_formula_does() -> None:
    """The volley's sentence names f_0, δ_0 and d_h: the block shows them subscripted, not as code with underscores,
    and leaves an input's code name (``in_range``) and everything else escaped as it was."""
    from aot_rules.formulas.html import maths_html, symbols_html

    assert symbols_html("given (f_0), δ_0 or d_h; in_range < 2") == \
        "given (<var>f</var><sub>0</sub>), <var>δ</var><sub>0</sub> or <var>d</var><sub>h</sub>; in_range &lt; 2"
    html = maths_html("AOT-SHOOT-RESULT")
    assert "<var>f</var><sub>0</sub>" in html and "f_0" not in html.split('class="math')[0]


def test_a_to_hit_table_formula_reads_the_table_not_the_reader() -> None:
    """The skirmish table's one given cell (the rifle at 24–36″) and a weapon's reach are read from the rule's table:
    reading the reader's number there instead, or one band more of reach, differs from the engine."""
    from aot_rules.sp.rules.shooting import SkirmishBand, SkirmishWeapon

    general = general_of("SP-SHOOT-HIT-TABLE-SKIRMISH")
    assert general is not None
    given = {"weapon": SkirmishWeapon.RIFLE, "band": SkirmishBand.B24, "dice": 6, "to_hit": 2}
    engine = _engine("SP-SHOOT-HIT-TABLE-SKIRMISH", given)
    assert engine is not None and general.at(given)["hits"] == engine["hits"]
    reader = replace(general, reads=tuple((sym, name, (lambda kw: 0) if str(sym) == "s" else f)
                                          for sym, name, f in general.reads))
    assert reader.at(given)["hits"] != engine["hits"]
    past = {**given, "weapon": SkirmishWeapon.MUSKET, "band": SkirmishBand.B24}  # a musket reaches two bands
    out_of_range = _engine("SP-SHOOT-HIT-TABLE-SKIRMISH", past)
    assert out_of_range is not None and general.at(past)["hits"] == {0: 1} == out_of_range["hits"]
    from aot_rules.sp.rules.shooting import SKIRMISH_REACH

    def one_more(w: Any) -> int:
        return SKIRMISH_REACH[w] + 1

    farther = replace(general, reads=tuple((sym, name, one_more if str(sym) == "R" else f)
                                           for sym, name, f in general.reads))
    assert farther.at(past)["hits"] != {0: 1}
    # the line table gives no cell back: its rifle is not the skirmishers' (equal as strings, not as weapons)
    line = general_of("SP-SHOOT-HIT-TABLE-LINE")
    assert line is not None and {str(sym) for sym, _, _ in line.reads} == {"R", "b"}


def test_the_melee_result_formula_is_not_vacuous() -> None:
    """At three to one against recruits B is overwhelmed, and only then: the recruits' reading is not ignored, and a
    kill difference read one power off (the coefficient of x^(b + δ + 1)) differs from the engine."""
    from aot_rules.sp.rules.melee import Result, Swamp

    general = general_of("SP-MELEE-RESULT")
    assert general is not None
    swamped = {"a_dice": 9, "b_dice": 3, "recruits": Swamp.B}
    overwhelmed = _engine("SP-MELEE-RESULT", swamped)
    assert overwhelmed is not None and general.at(swamped)["result"] == {Result.B_SWAMPED: 1} == overwhelmed["result"]
    fought = {**swamped, "recruits": Swamp.NEITHER}
    engine = _engine("SP-MELEE-RESULT", fought)
    assert engine is not None and general.at(fought) == engine and Result.B_SWAMPED not in engine["result"]
    d = next(sym for sym, _ in general.defs if str(sym) == "d")
    shifted = replace(general, defs=tuple((sym, sp.Lambda(e.variables, e.expr.subs(e.variables[0], e.variables[0] + 1))
                                           if sym == d else e) for sym, e in general.defs))
    assert shifted.at(fought)["result"] != engine["result"]


def _substituted(general: General, kw: dict[str, Any]) -> dict[str, dict[Any, sp.Rational]]:
    """The formula at a point the plain way, an oracle for :meth:`General.at`: every definition substituted into the
    laws, then the inputs, then sympy's own ``doit`` (seconds to minutes a point, so only at small points)."""
    from aot_rules.formulas.general import J, _number, _p

    values = {_p(k): _number(v) for k, v in kw.items() if k in general.inputs}
    out = {}
    for law in general.laws:
        if law.pmf is not None:
            e = general.expr(law.pmf).xreplace(values)
            got = {j: sp.simplify(e.xreplace({J: sp.Integer(j)}).doit()) for j in law.support(kw)}
        else:
            got = {v: sp.simplify(general.expr(c).xreplace(values).doit()) for v, c in law.cases.items()}
        out[law.name] = {v: q for v, q in got.items() if q != 0}
    return out


def test_the_formula_at_a_point_is_the_plain_substitution() -> None:
    """:meth:`General.at` works each quantity out once, adds a sum up term by term and reads a case only where it
    holds; it computes the very formula the plain substitution does: two volleys at a target (one shield roll or two)
    and a firefight's losses on each side, sums of sums of defined functions.  (The firefight's result
    is left out: sympy's own ``Sum.doit`` sums it symbolically in one side's losses before the other's are known, and
    answers "both stay" for certain.)"""
    general = general_of("AOT-SHOOT-SIMULTANEOUS")
    assert general is not None
    for one_roll in (True, False):
        kw = {"firers_a": 2, "firers_b": 1, "target_density": 3, "veteran_a": True, "veteran_b": False,
              "shield_wall": True, "one_roll": one_roll}
        assert _substituted(general, kw) == general.at(kw) == _engine("AOT-SHOOT-SIMULTANEOUS", kw)
    general = general_of("AOT-REACT-RETURN-FIRE")
    assert general is not None
    losses = replace(general, laws=tuple(x for x in general.laws if x.name != "result"))
    kw = {"distance": 8, "shooter_density": 5, "target_density": 5, "shooter_shield": False, "target_shield": True}
    plain, shared = _substituted(losses, kw), losses.at(kw)
    assert plain == shared and set(shared) == {"target_losses", "shooter_losses"}
    engine = _engine("AOT-REACT-RETURN-FIRE", kw)
    assert engine is not None and shared["target_losses"] == engine["target_losses"]
