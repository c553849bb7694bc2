"""The "Show the mathematics" block under a widget: a collapsed ``<details>`` with LaTeX for MathJax.

The block describes the calculator at its default inputs (a static page cannot re-derive as the
controls move).  ``book/_ext/aot_maths.py`` loads the locally served MathJax on pages that carry it.
"""

from __future__ import annotations

from html import escape
from typing import Any

from aot_rules.core.i18n import label, text
from aot_rules.core.params import jsonable
from aot_rules.core.registry import Mechanic
from aot_rules.formulas.catalogue import form_of
from aot_rules.formulas.coverage import checked, start_inputs
from aot_rules.formulas.forms import KIND_HELP, Kind, Maths, Unchecked
from aot_rules.formulas.played import RECURSION_TEX, headline
from aot_rules.formulas.tree import LEAF_BUDGET


def derive_default(m: Mechanic[Any]) -> tuple[Maths, dict[str, Any]]:
    """The mechanic's mathematics at its default inputs, and those inputs."""
    form = form_of(m.rule_id)
    shown = start_inputs(m)
    record = m.record(**shown)
    try:
        return form.derive(record), shown
    except Unchecked:
        return Maths(form.kind, "Too many dice paths to expand at these inputs: the law is the recursion over "
                     "each die of the played procedure, which the engine evaluates exactly.", (RECURSION_TEX,)), shown


def certain(m: Mechanic[Any], maths: Maths, inputs: dict[str, Any]) -> bool:
    """Whether the law the block writes out (the widget's headline) has one outcome only, though dice are rolled:
    a formula that says nothing worth reading."""
    if maths.kind is Kind.POINT:
        return False
    law = maths.laws.get(headline(m, m.record(**inputs)), {})
    return len([p for p in law.values() if p]) == 1


def derive_shown(m: Mechanic[Any]) -> tuple[Maths, dict[str, Any], str]:
    """The mathematics the block writes out: at the calculator's start, unless every outcome is certain there (a
    run without gear disorders nobody); then at the first yes/no input that, switched on, makes it uncertain.
    The third value names that input (empty when the start is shown)."""
    maths, shown = derive_default(m)
    if not certain(m, maths, shown):
        return maths, shown, ""
    form = form_of(m.rule_id)
    for name, value in shown.items():
        if value is not False:
            continue
        inputs = {**shown, name: True}
        try:
            other = form.derive(m.record(**inputs))
        except Exception:  # an illegal combination, or a tree too large: try the next input
            continue
        if not certain(m, other, inputs):
            return other, inputs, name
    return maths, shown, ""


def checked_where(m: Mechanic[Any], maths: Maths) -> str:
    """Where the test suite checks a recursion against the engine, in a sentence (empty for the other kinds,
    which are checked wherever the suite samples their grid)."""
    if form_of(m.rule_id).kind is not Kind.RECURSION:
        return ""
    if maths.kind is Kind.RECURSION and maths.laws:
        budget = getattr(form_of(m.rule_id), "budget", LEAF_BUDGET)
        return ("The test suite checks this recursion against the engine's exact fractions at these inputs; "
                f"elsewhere it is walked only where its dice tree has at most {budget} paths, and larger inputs "
                "are left to the engine's own recursion.")
    found = checked(m.rule_id)
    if found is None:
        return ""
    point, there = found
    if there.kind is Kind.POINT:
        return ("The test suite checks the played rule against the engine only where it rolls no dice "
                f"({_inputs_text(point, m)}): every input that rolls dice has too many paths to walk, and is left to "
                "the engine's own recursion.")
    return ("The test suite checks this recursion against the engine's exact fractions at smaller inputs, where its "
            f"dice tree can be walked: {_inputs_text(point, m)}.")


def _inputs_text(shown: dict[str, Any], m: Mechanic[Any] | None = None) -> str:
    choices = {p.name: p for p in (m.inputs if m is not None else ()) if p.kind == "choice"}

    def said(k: str, v: Any) -> str:
        j = jsonable(v)
        if k in choices and isinstance(j, str) and j in choices[k].choices:  # a choice by its words, not its code
            return str(choices[k].choice_label(j))
        return "—" if j is None else ("yes" if j is True else "no" if j is False else str(j))
    on = [f"{k.replace('_', ' ')} = {said(k, v)}" for k, v in shown.items() if v is not False and v is not None]
    if not on:
        return NOTHING_SET
    return (ONLY_THESE if len(on) < len(shown) else ALL_THESE).format(inputs=", ".join(on))


#: How the block words the inputs it was written out at: whole templates, ready for a message catalogue.
NOTHING_SET = "no option chosen"
ONLY_THESE = "{inputs}; no other option chosen"
ALL_THESE = "{inputs}"
CERTAIN_AT_START = ("Where the calculator starts, every outcome is certain, so there is nothing to work out; here it "
                    "is with {input} switched on.")


def maths_html(rule_id: str) -> str:
    """The collapsed block for ``rule_id`` (it carries ``class="aot-maths"``, which the book's MathJax
    extension looks for).

    >>> html = maths_html("AOT-SHOOT-HIT")
    >>> html.startswith('<details class="aot-maths" data-rule="AOT-SHOOT-HIT" data-kind="closed">')
    True
    >>> "\\\\binom{n}{k}" in html
    True
    """
    from aot_rules.systems import get

    m = get(rule_id)
    maths, shown, switched = derive_shown(m)
    h = [f'<details class="aot-maths" data-rule="{rule_id}" data-kind="{maths.kind.value}">',
         "<summary>Show the mathematics</summary>",
         f'<p><span class="aot-maths-kind" title="{escape(KIND_HELP[maths.kind])}">'
         f'{escape(text(label(maths.kind)))}</span> '
         f"{escape(maths.what)}</p>"]
    h += [f'<div class="math notranslate nohighlight">\\[{escape(line)}\\]</div>' for line in maths.lines]
    if maths.note:
        h.append(f"<p>{escape(maths.note)}</p>")
    if switched:
        h.append(f'<p class="aot-maths-note">{escape(CERTAIN_AT_START.format(input=switched.replace("_", " ")))}</p>')
        h.append(f'<p class="aot-maths-note">Written out at: {escape(_inputs_text(shown, m))}.</p>')
    elif shown:
        h.append('<p class="aot-maths-note">Written out where the calculator starts: '
                 f"{escape(_inputs_text(shown, m))}.</p>")
    where = checked_where(m, maths)
    if where:
        h.append(f'<p class="aot-maths-note aot-maths-checked">{escape(where)}</p>')
    h.append('<p class="aot-maths-note">Derived with sympy from the rule functions the engine itself uses; the '
             "test suite checks these formulas against the engine's exact fractions.</p>")
    h.append("</details>")
    return "\n".join(h)


def catalogue_md(labels: frozenset[str]) -> str:
    """The classification as MyST: every registered mechanic, its system, and the kind of mathematics
    its "Show the mathematics" block gives (read from the catalogue, never typed)."""
    from aot_rules.formulas.catalogue import FAMILIES
    from aot_rules.present.rulelinks import rule_badge
    from aot_rules.systems import registries

    family = {rid: ids for ids, _ in FAMILIES for rid in ids}
    out = []
    for reg in registries():
        rows = [f"| {rule_badge(m.rule_id, labels)} | {text(m.title).replace('|', '/')} | "
                 f"{label(form_of(m.rule_id).kind)} |"
                for m in reg if m.rule_id in family]
        out += [f"**{reg.title}**", "", "| rule | calculator | mathematics |", "|:--|:--|:--|", *rows, ""]
    return "\n".join(out)
