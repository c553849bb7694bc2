"""Issue 24, part 4: the mathematics behind every widget, derived with sympy, equals the engine.

Every registered mechanic is classified once (closed form, generating function, recursion or point
mass); each derivation gives exact laws, which must equal the engine's ``Fraction`` answers at every
grid point where it can be evaluated.  The structured forms (single rolls, sums, binomials, volleys,
the weather chain, melee strikes, point masses) must evaluate everywhere on the grid; the general
recursion over a played procedure's dice is evaluated where its tree has at most ``LEAF_BUDGET``
leaves.  The fast tier checks three points of each grid (SAMPLE); the full tier a wider spread (``WIDE``).  Every
recursion is also checked at the grid point its page names (``checked_point``: where the calculator starts,
or a smaller point when that tree is too large), so none goes unchecked however its sample falls.
"""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from html import escape
from itertools import islice
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import sympy as sp

from aot_rules.core.errors import RuleError
from aot_rules.formulas.catalogue import FAMILIES, RECURSIVE, classified, form_of
from aot_rules.formulas.check import engine_laws, mismatches
from aot_rules.formulas.coverage import checked, checked_point, start_inputs
from aot_rules.formulas.forms import Kind, Maths, Unchecked
from aot_rules.formulas.tree import TooLarge, laws, leaves, renewal
from aot_rules.systems import all_mechanics, get

IDS = [m.rule_id for m in all_mechanics()]
#: grid points per mechanic in the fast tier, spread evenly from its first (the full tier checks WIDE of them)
SAMPLE = 3
ROOT = Path(__file__).resolve().parents[2]


def _points(rule_id: str, limit: int | None) -> list[dict[str, Any]]:
    """The mechanic's grid, or ``limit`` points spread evenly over it (deterministic)."""
    m = get(rule_id)
    if limit is None:
        return list(m.grid())
    size = sum(1 for _ in m.grid())
    step = max(1, size // limit)
    return list(islice(m.grid(), 0, None, step))[:limit]


def _sweep(rule_id: str, points: list[dict[str, Any]]) -> tuple[int, int, list[str]]:
    """(points checked, points too large to derive, failures); illegal grid points must be illegal for
    both the engine and the formula's record."""
    m, form = get(rule_id), form_of(rule_id)
    checked = unchecked = 0
    failures: list[str] = []
    for kw in points:
        try:
            engine = engine_laws(m, form, kw)
        except RuleError:
            continue
        try:
            maths = form.derive(m.record(**kw))
        except Unchecked:
            unchecked += 1
            continue
        failures += [f"{kw}: {x}" for x in mismatches(maths, engine)]
    checked = len(points) - unchecked - sum(1 for kw in points if _illegal(m, kw))
    return checked, unchecked, failures


def _illegal(m: Any, kw: dict[str, Any]) -> bool:
    try:
        m.evaluate(**kw)
    except RuleError:
        return True
    return False


def test_every_registered_mechanic_is_classified_exactly_once() -> None:
    table = classified()  # raises if a rule ID is listed twice
    assert set(table) == set(IDS), (sorted(set(IDS) - set(table)), sorted(set(table) - set(IDS)))
    assert sum(len(ids) for ids, _ in FAMILIES) == len(IDS)


def test_every_kind_of_mathematics_is_used() -> None:
    kinds = {form_of(rid).kind for rid in IDS}
    assert kinds == set(Kind)


@pytest.mark.parametrize("rule_id", IDS)
def test_formula_equals_the_engine_on_a_sample_of_its_grid(rule_id: str) -> None:
    checked, unchecked, failures = _sweep(rule_id, _points(rule_id, SAMPLE))
    assert not failures, failures[:3]
    if rule_id not in RECURSIVE:
        assert unchecked == 0, f"{rule_id}: a structured form must derive at every grid point"
        assert checked > 0


#: recursions with no grid point that both rolls dice and fits the budget: six or more gun dice, each hit rolling
#: its effect, at every range the gun reaches
NO_SMALL_TREE = {"SP-SHOOT-HIT-TABLE-ART"}


@pytest.mark.parametrize("rule_id", RECURSIVE)
def test_every_recursion_is_checked_against_the_engine_at_the_point_its_page_names(rule_id: str) -> None:
    m = get(rule_id)
    found = checked(rule_id)  # the derivation is made once, for the page and for this comparison
    assert found is not None, f"{rule_id}: no grid point small enough to walk its dice tree"
    point, maths = found
    assert point in list(m.grid()) and maths.laws
    # only where no input that rolls dice is small enough does a point rolling none stand in (the gun table)
    assert maths.kind is Kind.RECURSION or rule_id in NO_SMALL_TREE, (point, maths.kind)
    assert mismatches(maths, engine_laws(m, form_of(rule_id), point)) == [], point


def test_the_mathematics_block_says_where_a_recursion_is_checked() -> None:
    from aot_rules.formulas.html import _inputs_text, maths_html

    clash = get("AOB-CLASH")  # starts on a d20: four d20s are too many paths, so a d6 point is checked
    point = checked_point(clash)
    assert point is not None and point != start_inputs(clash) and point["die"].value == "d6"
    said = _inputs_text(point, clash)
    # an input by its label, a choice by its words, not their codes
    assert "a clash succeeds on = roll at least T" in said and "direction" not in said
    assert escape(f"at smaller inputs, where its dice tree can be walked: {said}.") in maths_html("AOB-CLASH")
    assert checked_point(get("BAT-MELEE-DAMAGE")) == start_inputs(get("BAT-MELEE-DAMAGE"))
    assert "checks this recursion against the engine&#x27;s exact fractions at these inputs" in \
        maths_html("BAT-MELEE-DAMAGE")
    assert "aot-maths-checked" not in maths_html("AOT-SHOOT-HIT")  # a closed form is checked wherever sampled


def test_a_restarting_procedure_is_solved_over_one_round() -> None:
    """Rolling for roles until the faces differ: one round of two d6, a tie (1/6) starts again, and each
    role is an even chance; how many rounds it took is not a law of one round, so it is left out."""
    m = get("AOB-DEPLOY-ROLES")
    kw = next(kw for kw in m.grid() if kw["die"].value == "d6")
    r = renewal(m.play, m.record(**kw))
    assert (r.round, r.again) == (2, Fraction(1, 6))
    assert set(r.laws["role"].values()) == {Fraction(1, 2)} and "first" not in r.laws
    with pytest.raises(TooLarge):  # a procedure that never starts again is refused, not solved
        renewal(get("AOT-DISORDER-TEST").play, get("AOT-DISORDER-TEST").record(density=4, formed=8))


def test_merging_strike_dice_is_exact_only_where_the_rule_reads_hit_or_miss() -> None:
    """Two against one without shields: seven strike dice, 2**7 merged paths instead of 6**7, equal to the
    engine.  Only a die judged hit-or-miss is merged: a shield die, whose face counts, keeps its six faces."""
    from aot_rules.core.events import DieEffect
    from aot_rules.formulas.tree import _classes

    m = get("AOT-MELEE-ENGAGE")
    kw = next(kw for kw in m.grid() if kw["a1_ranks"] == kw["a2_ranks"] == (2, 2) and kw["b_ranks"] == (3, 3)
              and not kw["b_shield"])
    tree = leaves(m.play, m.record(**kw), 6**4, merge=True)
    assert len(tree) == 2**7 and {len(faces) for _, faces, _ in tree} == {7}
    assert mismatches(Maths(Kind.RECURSION, "", (), laws(tree)), engine_laws(m, form_of(m.rule_id), kw)) == []
    strike = _classes(6, lambda f: DieEffect.HIT if f <= 4 else DieEffect.NONE, merge=True)
    assert strike == [(1, Fraction(2, 3)), (5, Fraction(1, 3))]
    shield = _classes(6, lambda f: DieEffect.SAVE if f >= 4 else DieEffect.NONE, merge=True)
    assert len(shield) == 6 and len(_classes(6, None, merge=True)) == 6
    with pytest.raises(TooLarge):  # unmerged, the same fight is far over the budget
        leaves(m.play, m.record(**kw), 6**4)


#: Grid points the full tier checks per mechanic: the whole grid where it has no more, else this many spread
#: evenly over it.  The largest grids (thousands of points, some with six-dice trees at every point) would
#: take hours whole on two cores; an even spread still reaches both ends of every input.
WIDE = 16


@pytest.mark.slow
@pytest.mark.parametrize("rule_id", IDS)
def test_formula_equals_the_engine_over_a_wide_spread_of_its_grid(rule_id: str) -> None:
    checked, unchecked, failures = _sweep(rule_id, _points(rule_id, WIDE))
    assert not failures, failures[:3]
    if rule_id not in RECURSIVE:  # a structured form derives at most points (the largest dice trees exceed its cap)
        assert checked > 0 and unchecked < checked, (checked, unchecked)


def test_a_wrong_engine_answer_is_caught() -> None:
    """The comparison can fail: one probability moved by 1/6 between two outcomes, or nothing in common."""
    m = get("AOT-SHOOT-HIT")
    kw = {"firers": 3, "target_density": 4}
    maths = form_of(m.rule_id).derive(m.record(**kw))
    engine = engine_laws(m, form_of(m.rule_id), kw)
    assert mismatches(maths, engine) == []
    bent = dict(engine["hits"])
    bent[0], bent[1] = bent[0] + Fraction(1, 6), bent[1] - Fraction(1, 6)
    assert mismatches(maths, {**engine, "hits": bent})
    assert mismatches(Maths(Kind.CLOSED, "", (), {"other": {0: Fraction(1)}}), engine)


def test_the_hit_chance_is_derived_from_the_hit_rolls_procedure() -> None:
    """The hit roll's faces are read off its procedure's pool at every grid point and written in the inputs: the
    faces below the density, one more for veterans or downwind (not both), one fewer against horse armour (the rules
    index's AOT-SHOOT-HIT and AOT-SHOOT-HORSE-ARMOUR), within a die's six faces."""
    from aot_rules.formulas.general import general_of

    general = general_of("AOT-SHOOT-HIT")
    assert general is not None
    d, v, w, a = sp.symbols("target_density veteran wind horse_armour")
    (_, count), _ = general.defs
    assert count == sp.Max(0, sp.Min(6, d - 1 + sp.Max(v, w) - a))
    text = form_of("AOT-SHOOT-HIT").derive(get("AOT-SHOOT-HIT").record(firers=4, target_density=4)).lines
    assert r"\binom{n}{k}" in text[0] and r"p = \tfrac{3}{6}" in text[1]


def test_the_dice_tree_is_the_played_rule() -> None:
    """One d6 decides a disorder test: six leaves of 1/6, and their law sums to exactly 1."""
    m = get("AOT-DISORDER-TEST")
    tree = leaves(m.play, m.record(density=4, formed=8))
    assert len(tree) == 6 and {w for w, _, _ in tree} == {Fraction(1, 6)}
    assert sum(laws(tree)["disordered"].values()) == 1


def test_the_weather_chain_matrix_rows_are_laws() -> None:
    from aot_rules.formulas.aot_forms import WeatherChain, Z

    for overlapping in (True, False):
        mat = WeatherChain(get("AOT-WEATHER")).matrix(overlapping)
        assert all(sum(mat.row(i)).subs(Z, 1) == 1 for i in range(3))


def test_every_mechanic_has_a_mathematics_block() -> None:
    from aot_rules.formulas.html import maths_html

    for rid in IDS:
        html = maths_html(rid)
        assert html.startswith(f'<details class="aot-maths" data-rule="{rid}" data-kind="'), rid
        assert "<summary>Show the mathematics</summary>" in html and "\\[" in html, rid
        assert "http" not in html, rid


def test_show_widget_emits_the_block_under_the_widget(monkeypatch: pytest.MonkeyPatch) -> None:
    from aot_rules.present import page

    shown: list[str] = []
    monkeypatch.setattr(page, "_display_html", shown.append)
    monkeypatch.setattr(page, "static_html", lambda rid: f'<div data-rule="{rid}"></div>')
    page.show_widget("AOT-SHOOT-SHIELDWALL", live=False)
    assert shown[0] == '<div data-rule="AOT-SHOOT-SHIELDWALL"></div>'
    assert shown[1].startswith('<details class="aot-maths" data-rule="AOT-SHOOT-SHIELDWALL"')


def test_the_odds_path_never_imports_sympy() -> None:
    code = ("import sys, io, contextlib\n"
            "import aot_rules.cli, aot_rules.present.page\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    aot_rules.cli.main(['odds', 'hit', '--json'])\n"
            "assert 'sympy' not in sys.modules, 'sympy was imported'\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]


def test_mathjax_is_vendored_from_the_pinned_package(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "book" / "_ext"))
    try:
        import aot_maths
    finally:
        sys.path.pop(0)
    src = ROOT / "node_modules" / "mathjax" / "es5"
    if not (src / "tex-chtml.js").is_file():
        pytest.skip("node_modules/mathjax is not installed (make setup)")
    (tmp_path / "node_modules" / "mathjax").mkdir(parents=True)
    (tmp_path / "node_modules" / "mathjax" / "es5").symlink_to(src)
    config = SimpleNamespace(html_static_path=["book/_static"], mathjax_path="https://cdn.example/mathjax.js")
    aot_maths._vendor(SimpleNamespace(confdir=str(tmp_path)), config)  # type: ignore[arg-type]  # a stand-in app
    out = tmp_path / "_build" / ".vendor-maths"
    assert config.mathjax_path == "mathjax/tex-chtml.js"
    assert config.html_static_path == ["book/_static", str(out)]
    assert (out / "mathjax" / "tex-chtml.js").read_bytes() == (src / "tex-chtml.js").read_bytes()
    assert any((out / "mathjax" / "output" / "chtml" / "fonts" / "woff-v2").glob("*.woff"))
    added: list[str] = []  # a page with a mathematics block gets the loader, naming the local copy
    app: Any = SimpleNamespace(config=config, add_js_file=lambda _f, body, **_kw: added.append(body))
    pathto = lambda target, _resource: "../" + target  # noqa: E731  # Sphinx's relative-URL helper
    aot_maths._page(app, "p", "page.html", {"body": '<details class="aot-maths">', "pathto": pathto}, None)
    aot_maths._page(app, "q", "page.html", {"body": "<p>no maths</p>", "pathto": pathto}, None)
    assert len(added) == 1 and 'var AOT_MATHJAX = "../_static/mathjax/tex-chtml.js"' in added[0]
    # and MathJax leaves a page without equations of its own (the assets policy put it everywhere)
    js = [SimpleNamespace(filename="_static/mathjax/tex-chtml.js?v=1", attributes={}),
          SimpleNamespace(filename="_static/doctools.js", attributes={})]
    env = SimpleNamespace(get_domain=lambda name: SimpleNamespace(data={"has_equations": {"eq": True}}))
    app = SimpleNamespace(config=config, env=env)
    for page, kept in (("plain", ["_static/doctools.js"]), ("eq", [j.filename for j in js])):
        context: dict[str, Any] = {"script_files": list(js)}
        aot_maths._only_with_maths(app, page, "page.html", context, None)
        assert [j.filename for j in context["script_files"]] == kept


@pytest.mark.parametrize("rule_id", ["AOT-RUN", "AOT-TROT"])
def test_show_the_mathematics_is_never_silent_at_the_start(rule_id: str) -> None:
    """Issue 38: at the calculator's start a run or trot without gear disorders nobody, so the block wrote out a
    certain law (6/6, G(z) = 1); it now switches on the first input that makes the law uncertain, and says so."""
    from aot_rules.formulas.html import certain, derive_shown, maths_html
    from aot_rules.formulas.played import headline
    from aot_rules.systems import get

    m = get(rule_id)
    maths, shown, switched = derive_shown(m)
    assert switched and shown[switched] is True and not certain(m, maths, shown)
    assert len(maths.laws[headline(m, m.record(**shown))]) > 1
    html = maths_html(rule_id)
    assert "switched on" in html and "G(z) = \\mathbb{E}\\bigl[z^X\\bigr] = 1\\]" not in html


def test_inputs_are_named_without_counting_the_ones_left_off() -> None:
    from aot_rules.formulas.html import _inputs_text

    assert _inputs_text({"density": 3, "shield": False, "armour": False}) == "density = 3; no other option chosen"
    assert "inputs off or unset" not in _inputs_text({"a": 1, "b": None})
