"""The JupyterLab face: live ipywidgets recompute exactly, and the play-aid notebooks run."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from aot_rules.core.errors import RuleError
from aot_rules.core.format import fraction_str
from aot_rules.keys import Law
from aot_rules.present.live import live_controls, live_widget
from aot_rules.present.render import shown
from aot_rules.systems import all_mechanics, get

ROOT = Path(__file__).resolve().parents[2]


def _controls(box):  # VBox([head, HBox([inputs, VBox([answer, roll])])])
    return {c.description: c for c in live_controls(box).values()}, box.children[1].children[1].children[0]


def test_live_shoot_widget_recomputes_exactly() -> None:
    box = live_widget("AOT-SHOOT-RESULT")
    controls, out = _controls(box)
    controls["warriors shooting"].value = 7
    controls["target density"].value = 3
    controls["weapon"].value = "javelin"
    controls["shield wall"].value = True
    want = get("shoot").evaluate(firers=7, target_density=3, weapon="javelin", shield_wall=True)
    for o, p in want.dist(Law.killed).items():
        assert f"<b>{o}</b>" in out.value and fraction_str(p) in out.value
    for p in want.events.values():
        assert fraction_str(p) in out.value


def test_live_widget_explains_illegal_input() -> None:
    controls, out = _controls(live_widget("AOT-SHOOT-RESULT"))
    controls["shield wall"].value = True
    controls["horse armour"].value = True
    assert "Not allowed" in out.value and "AOT-SHOOT-SHIELDWALL" in out.value


@pytest.mark.parametrize("rule_id", [m.rule_id for m in all_mechanics()])
def test_every_mechanic_has_a_live_widget_showing_the_exact_answer(rule_id: str) -> None:
    """With its starting values each live widget shows the engine's main distribution, fraction by fraction."""
    m = get(rule_id)
    box = live_widget(rule_id)
    _, out = _controls(box)
    # by position, not by label: several controls may share one (the cost calculator's steps are all "then")
    controls = list(live_controls(box).values())
    assert [c.description for c in controls] == [p.title for p in m.inputs]
    values = {}
    for p, c in zip(m.inputs, controls, strict=True):
        v = c.value
        v = v.strip() or None if isinstance(v, str) else v
        if v is not None:
            values[p.name] = v
    try:
        want = m.evaluate(**values)
    except RuleError as e:
        assert "Not allowed" in out.value and e.rule_id in out.value
        return
    for o, p in want.dists[want.main].items():
        assert f"<b>{shown(o)}</b>" in out.value and f">{fraction_str(p)}<" in out.value, (o, p)


def test_an_unset_optional_input_shows_a_dash() -> None:
    """An optional number left unset reads "—" (ipywidgets shows a None selection as a blank box)."""
    controls = live_controls(live_widget("AOT-SHOOT-RESULT"))
    assert controls["shooter_density"].label == "—" and controls["target_strength"].label == "—"


def test_a_refusal_names_the_control_not_the_flag() -> None:
    box = live_widget("AOT-MELEE-RESULT")
    _, out = _controls(box)
    live_controls(box)["a_ranks"].value = "9,9"
    assert "Not allowed" in out.value and "--a-ranks" not in out.value
    assert get("AOT-MELEE-RESULT").param("a_ranks").title in out.value


def test_sides_are_grouped_and_reset_restores() -> None:
    box = live_widget("AOT-MELEE-RESULT")
    _, out = _controls(box)
    titles = [acc.get_title(0) for acc in box.children[1].children[0].children[0].children]
    assert titles == ["Side A", "Side B"]
    start = out.value
    live_controls(box)["a_ranks"].value = "3,1"
    assert out.value != start
    box._aot_buttons["reset"].click()
    assert live_controls(box)["a_ranks"].value == "4,4" and out.value == start


def test_roll_it_plays_the_rule_beside_the_exact_answer() -> None:
    box = live_widget("AOT-SHOOT-RESULT")
    box._aot_buttons["roll"].click()
    assert "data-roll" in box._aot_roll.value and "killed" in box._aot_roll.value


def test_roll_it_tells_a_regular_units_re_roll() -> None:
    """The narrative under Roll it follows the dice log: a regular unit's failed run die is rolled again, and the
    narrative says so (it once showed only the die kept)."""
    box = live_widget("AOT-RUN")
    controls = live_controls(box)
    controls["density"].value, controls["regular"].value, controls["shield"].value = 5, True, True
    told = []
    for _ in range(60):  # a first die below 5 fails: about two rolls in three
        box._aot_buttons["roll"].click()
        told.append(box._aot_roll.value)
        if "roll again" in told[-1]:
            break
    assert any("so the regulars roll again and get" in t and "data-steps" in t for t in told), told[-1]


def test_a_melee_answer_says_what_each_side_hits_and_saves_on() -> None:
    """Armour against spears changes nothing, and the answer says why: spears never hit on a 6."""
    box = live_widget("AOT-MELEE-RESULT")
    _, out = _controls(box)
    live_controls(box)["a_weapon"].value = "spear"
    plain = out.value
    live_controls(box)["b_armour"].value = True
    assert "armour idle (no hit on a 6)" in out.value and "a hits on: <b>4 spear: 1, 2, 3</b>" in out.value
    assert plain.split("</div>", 1)[1] == out.value.split("</div>", 1)[1]  # the odds themselves are the same
    live_controls(box)["a_weapon"].value = "sword"
    assert "armour turns a 6" in out.value


def test_every_live_answer_says_why_with_a_link_to_the_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("AOT_BOOK_URL", raising=False)
    for rid in ("AOT-SHOOT-RESULT", "AOT-RUN", "AOT-CMD-INITIATIVE", "BAT-MORALE-TEST"):
        out = live_widget(rid)._aot_out.value
        why = out.split("</div>", 1)[0]
        assert 'data-why="1"' in why and "Why: " in why and f">{rid}</a>" in why, why
        href = why.split('href="', 1)[1].split('"', 1)[0]
        page, label = href.split("#")
        assert page.startswith("http://127.0.0.1:8000/book/") and page.endswith(".html"), href
        source = ROOT / page.removeprefix("http://127.0.0.1:8000/").replace(".html", ".md")
        assert (source.exists() and f"({label})=" in source.read_text(encoding="utf-8")) or label == rid, href


@pytest.mark.slow
@pytest.mark.parametrize("path", sorted((ROOT / "notebooks").glob("*.ipynb")), ids=lambda p: p.name)
def test_notebook_runs(path: Path) -> None:
    import nbformat  # here, not at the top: the fast tier never runs a notebook, and these take seconds to import
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []) if o.output_type == "error"]
    assert not errors


def test_a_live_widgets_rule_link_opens_the_built_book_not_a_lab_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """JupyterLab opens a relative link as a lab path (a workspace): the link is the built site's absolute address."""
    import re

    monkeypatch.setenv("AOT_BOOK_URL", "https://example.org/aot/")
    _, out = _controls(live_widget("AOT-SHOOT-HIT"))
    (href,) = re.findall(r'data-why="1".*?<a href="([^"]+)"', out.value)
    assert href == "https://example.org/aot/book/shooting.html#aot-shoot-hit"
    monkeypatch.delenv("AOT_BOOK_URL")
    _, out = _controls(live_widget("SP-MELEE-DICE"))
    (href,) = re.findall(r'data-why="1".*?<a href="([^"]+)"', out.value)
    assert href == "http://127.0.0.1:8000/book/sp/melee.html#sp-melee-dice"


@pytest.mark.parametrize("notebook", sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb")
                                            if "live_widget" in p.read_text(encoding="utf-8")))
def test_each_notebook_with_live_widgets_says_where_rule_links_go(notebook: str) -> None:
    import json

    cells = json.loads((ROOT / "notebooks" / notebook).read_text(encoding="utf-8"))["cells"]
    text = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    assert "AOT_BOOK_URL" in text and "make serve" in text


def test_roll_it_says_its_results_in_words() -> None:
    """Each rolled result under its answer's label: yes/no and named results, never ``True`` or an enum's repr."""
    box = live_widget("AOT-MELEE-RESULT")
    box._aot_buttons["roll"].click()
    rolled = box._aot_roll.value.split("<ol", 1)[0]
    labels = get("AOT-MELEE-RESULT").evaluate()
    assert f"{labels.label('a_wins')}: <b>" in rolled and "the fight continues: <b>" in rolled
    assert "True" not in rolled and "False" not in rolled and "<MeleeResult" not in rolled and "&lt;" not in rolled
    assert any(f"result: <b>{word}</b>" in rolled for word in ("A wins", "B wins", "continue"))


def test_a_refusal_names_the_control_once() -> None:
    box = live_widget("AOT-MELEE-RESULT")
    live_controls(box)["a_ranks"].value = "0"
    shown = box._aot_out.value
    assert "Not allowed" in shown and shown.count("A ranks") == 1, shown


@pytest.mark.parametrize("rule_id", ["AOT-CMD-DOUBLES", "SP-MELEE-RESULT"])
def test_the_answer_column_is_never_narrower_than_its_table(rule_id: str) -> None:
    """AOT-CMD-DOUBLES' fraction table (517 px) once ran 84 px past JupyterLab's notebook edge from a column
    allowed to shrink to nothing (min-width 0); seen in headless Chromium, fixed by a min-content column.
    Issue #37 names SP-MELEE-RESULT's answer too: the same column holds it."""
    box = live_widget(rule_id)
    answer = box.children[1].children[1]
    assert box._aot_out in answer.children and answer.layout.min_width == "min-content"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_live_answer_has_an_at_most_column_beside_at_least(lang: str) -> None:
    """Each outcome of a count: its chance, at least it, at most it, each exact (the engine's own P(≥), P(≤)) and as
    a percentage that never breaks across lines; the column heads in the reader's language."""
    import re

    from aot_rules.core.format import fraction_html, percent_str
    from aot_rules.core.i18n import msg, speaking
    from aot_rules.present.render import as_html

    m = get("SP-MELEE-ROLL")
    out = m.evaluate(dice=6)
    law = out.dists[out.main]
    with speaking(lang):
        html = as_html(out)
        heads = [msg(w).render() for w in ("exact", "at least", "at most")]
        want = {shown(o): [q for x in (p, law.p_ge(o), law.p_le(o))
                         for q in (fraction_html(x), f'<span style="white-space:nowrap">{percent_str(x)}</span>')]
                for o, p in law.items()}
    assert re.findall(r"<th>([^<]*)</th>", html)[2:] == [heads[0], "%", heads[1], "%", heads[2], "%"]
    rows = dict(re.findall(r"<tr data-o='([^']+)'>(.*?)</tr>", html))
    assert list(rows) == list(want)
    for o, cells in want.items():
        assert re.findall(r"<td style='text-align:right;padding:0 0 0 8px'>(.*?)</td>", rows[o]) == cells, o
    with speaking(lang):
        near_certain = percent_str(1 - Fraction(1, 10 ** 9))  # "> 99.99%" in the reader's language
    assert near_certain.startswith(">") and f">{near_certain}<" in html


@pytest.mark.parametrize("lang", ["en", "ru", "qps"])
def test_the_live_answers_why_line_is_a_catalogue_sentence(lang: str) -> None:
    """"Why: … — RULE" in the reader's language (the chapter widgets' own message), its values put in as markup."""
    import re

    from aot_rules.core.i18n import msg, speaking
    from aot_rules.present.render import as_html

    with speaking(lang):
        html = as_html(get("AOT-RUN").evaluate(), why=("AOT-RUN", "run.html#a&b", "What <it> does"))
        head = msg("Why: {facts} — {rule}", facts="\u0001", rule="\u0001").render().split("\u0001")[0]
    line = re.search(r'<div style="color:#555" data-why="1">(.*?)</div>', html)
    assert line is not None and line.group(1).startswith(head), html
    assert '<a href="run.html#a&amp;b" target="_blank">AOT-RUN</a>' in line.group(1)
    assert (head == "Why: ") == (lang == "en")
