"""The "Show the mathematics" block under a widget: a collapsed ``<details>`` with LaTeX for MathJax.

The block describes the calculator at its default inputs (a static page cannot re-derive as the
controls move).  ``book/_ext/aot_maths.py`` loads the locally served MathJax on pages that carry it.
"""

from __future__ import annotations

import re
from fractions import Fraction
from html import escape
from typing import Any

from aot_rules.core.i18n import Message, clauses, label, msg, speaking, text
from aot_rules.core.params import Param, jsonable
from aot_rules.core.registry import Mechanic
from aot_rules.formulas.catalogue import MELEE, NO_DICE, PLANS, RECURSIVE, form_of
from aot_rules.formulas.coverage import checked, start_inputs
from aot_rules.formulas.forms import KIND_HELP, Kind, Maths, Unchecked, law_table_tex, tex_text
from aot_rules.formulas.general import General, general_of, sp_latex_name
from aot_rules.formulas.general_restarts import NO_FORMULA
from aot_rules.formulas.played import headline, recursion_tex
from aot_rules.formulas.tree import LEAF_BUDGET


def derive_default(m: Mechanic[Any]) -> tuple[Maths, dict[str, Any]]:
    """The mechanic's mathematics at its default inputs, and those inputs."""
    form = form_of(m.rule_id)
    shown = start_inputs(m)
    record = m.record(**shown)
    try:
        return form.derive(record), shown
    except Unchecked:
        return Maths(form.kind, msg("Too many dice paths to expand at these inputs: the law is the recursion over "
                                    "each die of the played procedure, which the engine evaluates exactly."),
                     (recursion_tex(),)), shown


def certain(m: Mechanic[Any], maths: Maths, inputs: dict[str, Any]) -> bool:
    """Whether the law the block writes out (the widget's headline) has one outcome only, though dice are rolled:
    a formula that says nothing worth reading.  Melee's block writes out both sides' strike dice first, so it says
    something wherever either side's hits vary, even where the result is certain (a flanked unit strikes nothing)."""
    if maths.kind is Kind.POINT:
        return False
    names = ("a_strikes", "b_strikes") if m.rule_id in MELEE else (headline(m, m.record(**inputs)),)
    return all(len([p for p in maths.laws.get(name, {}).values() if p]) == 1 for name in names)


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


def checked_where(m: Mechanic[Any], maths: Maths) -> Message | None:
    """Where the test suite checks a recursion against the engine, in a sentence (None for the other kinds,
    which are checked wherever the suite samples their grid)."""
    if form_of(m.rule_id).kind is not Kind.RECURSION:
        return None
    if maths.kind is Kind.RECURSION and maths.laws and not hasattr(form_of(m.rule_id), "budget"):
        return msg("The test suite checks this recursion against the engine's exact fractions at these inputs and "
                   "across the calculator's grid: it walks no dice tree, so no input is too large for it.")
    if maths.kind is Kind.RECURSION and maths.laws:
        budget = getattr(form_of(m.rule_id), "budget", LEAF_BUDGET)
        return msg("The test suite checks this recursion against the engine's exact fractions at these inputs; "
                   "elsewhere it is walked only where its dice tree has at most {budget} paths, and larger inputs "
                   "are left to the engine's own recursion.", budget=budget)
    found = checked(m.rule_id)
    if found is None:
        return None
    point, there = found
    if there.kind is Kind.POINT:
        return msg("The test suite checks the played rule against the engine only where it rolls no dice "
                   "({inputs}): every input that rolls dice has too many paths to walk, and is left to the engine's "
                   "own recursion.", inputs=_inputs_text(point, m))
    return msg("The test suite checks this recursion against the engine's exact fractions at smaller inputs, where "
               "its dice tree can be walked: {inputs}.", inputs=_inputs_text(point, m))


def input_name(name: str, m: Mechanic[Any] | None = None) -> str:
    """An input as the block names it, in the language in force: its parameter's label (every registered input has
    one; a name no parameter of ``m`` has is written as its words)."""
    p: Param | None = next((q for q in (m.inputs if m is not None else ()) if q.name == name), None)
    return p.title if p is not None else name.replace("_", " ")


def _inputs_text(shown: dict[str, Any], m: Mechanic[Any] | None = None) -> str:
    """The inputs a block was written out at, rendered in the language in force (each by its name and value)."""
    choices = {p.name: p for p in (m.inputs if m is not None else ()) if p.kind == "choice"}

    def said(k: str, v: Any) -> str:
        j = jsonable(v)
        if k in choices and isinstance(j, str) and j in choices[k].choices:  # a choice by its words, not its code
            return text(choices[k].choice_label(j))
        return "—" if j is None else text(msg("yes")) if j is True else text(msg("no")) if j is False else str(j)
    on = [msg("{input} = {value}", input=input_name(k, m), value=said(k, v)).render()
          for k, v in shown.items() if v is not False and v is not None]
    if not on:
        return msg("no option chosen").render()
    if len(on) < len(shown):
        return msg("{inputs}; no other option chosen", inputs=", ".join(on)).render()
    return ", ".join(on)


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
    summary = msg("Show the mathematics")
    h = [f'<details class="aot-maths" data-rule="{rule_id}" data-kind="{maths.kind.value}">',
         f"<summary>{escape(text(summary))}</summary>"]
    general = general_of(rule_id)
    if general is not None:
        h += general_html(m, general)
    else:
        h.append(f'<p class="aot-maths-general aot-maths-none">{escape(text(no_general(rule_id)))}</p>')
    h += [f'<p><span class="aot-maths-kind" title="{escape(text(KIND_HELP[maths.kind]))}">'
         f'{escape(text(label(maths.kind)))}</span> '
         f"{escape(text(maths.what))}</p>"]
    h += [f'<div class="math notranslate nohighlight">\\[{escape(line)}\\]</div>' for line in maths.lines]
    if maths.note:
        h.append(f"<p>{escape(text(maths.note))}</p>")
    if switched:
        certain_at_start = msg("Where the calculator starts, every outcome is certain, so there is nothing to work "
                               "out; here it is with {input} switched on.", input=input_name(switched, m))
        h.append(f'<p class="aot-maths-note">{escape(text(certain_at_start))}</p>')
        written = msg("Written out at: {inputs}.", inputs=_inputs_text(shown, m))
        h.append(f'<p class="aot-maths-note">{escape(text(written))}</p>')
    elif shown and general is not None:
        written = msg("For example, written out where the calculator starts: {inputs}.", inputs=_inputs_text(shown, m))
        h.append(f'<p class="aot-maths-note">{escape(text(written))}</p>')
    elif shown:
        written = msg("Written out where the calculator starts: {inputs}.", inputs=_inputs_text(shown, m))
        h.append(f'<p class="aot-maths-note">{escape(text(written))}</p>')
    where = checked_where(m, maths)
    if where is not None:
        h.append(f'<p class="aot-maths-note aot-maths-checked">{escape(text(where))}</p>')
    if getattr(form_of(rule_id), "reads_procedure", False) or (general is not None and general.derived):
        derived = msg("Derived with sympy from the rule's own dice procedure, the one the engine plays and evaluates; "
                      "the test suite checks these formulas against the engine's exact fractions.")
    else:
        derived = msg("Derived with sympy from the rule functions the engine itself uses; the test suite checks these "
                      "formulas against the engine's exact fractions.")
    h.append(f'<p class="aot-maths-note">{escape(text(derived))}</p>')
    h.append("</details>")
    return "\n".join(h)


#: a symbol with a subscript as a sentence writes it (f_0, d_h, β_c): one letter, an underscore, the subscript
SUBSCRIPTED = re.compile(r"\b([^\W\d_])_(\w+)\b")


def symbols_html(sentence: str) -> str:
    """A sentence that names the formula's symbols, escaped, each subscript set as one (f_0 as f<sub>0</sub>), so the
    prose shows the symbols the formula below it shows."""
    return SUBSCRIPTED.sub(r"<var>\1</var><sub>\2</sub>", escape(sentence))


def no_general(rule_id: str) -> Message:
    """Why the block writes no formula in the inputs, in one sentence (a block is never silent about it): melee's
    joint law, a plan's chain of tests and the recursions have none to write, a rule with no dice has no law, and the
    rest have none yet.  A recursion audited one by one says its own reason
    (:data:`~aot_rules.formulas.general_restarts.NO_FORMULA`)."""
    if rule_id in NO_FORMULA:
        return NO_FORMULA[rule_id]
    if rule_id in MELEE:
        return msg("No formula in the inputs exists here: the melee's result is the joint law of both sides' strike "
                   "dice and saves, whose numbers and faces change with every weapon, rank and property at once, so "
                   "it is written out below at one set of inputs.")
    if rule_id in NO_DICE:
        return msg("No dice are rolled, so there is no law to write in the inputs: the rule gives one certain outcome, "
                   "shown below where the calculator starts.")
    if rule_id in PLANS:
        return msg("No formula in the inputs exists here: each planned step tests at the density the step before "
                   "left, and each step may be a different manoeuvre, so the law is that chain of tests, worked out "
                   "below for one plan.")
    if rule_id in RECURSIVE:
        return msg("No formula in the inputs is written here: which dice are rolled next depends on the earlier "
                   "ones, so the law is a recursion over the dice, worked out below at one set of inputs.")
    return msg("No formula in the inputs is written for this law yet: it is worked out below at one set of inputs, "
               "and the engine evaluates every other input exactly.")


#: a formula one of whose inputs has an English label longer than this writes its inputs as short symbols
LONG_LABEL = 12
#: letters an input's symbol never is on its own: e and i read as constants, l and o as 1 and 0
NOT_ALONE = frozenset("eilo")


def input_symbols(m: Mechanic[Any], general: General) -> dict[str, str]:
    """Short symbols (sympy names: ``t_d``) for the inputs a formula uses, when one of their labels is too long to set
    inside it (else none: "density" reads well as it is), chosen from each code's initials apart from the formula's
    other symbols and each other: ``target_density`` is ``t`` or ``t_d``, ``regular`` is ``r``.  Decided by the
    English labels, so both editions print the same formula."""
    used, taken = general.written()
    inputs = [k for k in general.inputs if k in used]
    with speaking("en"):
        if all(len(input_name(k, m)) <= LONG_LABEL for k in inputs):
            return {}
    out: dict[str, str] = {}
    for k in inputs:
        words = [w for w in k.split("_") if w]
        first = words[0][0]
        tries = ([] if first in NOT_ALONE else [first]) + [f"{first}_{w[0]}" for w in words[1:]]
        tries += [f"{first}_{c}" for c in words[0][1:] if c.isalpha()] + [f"{first}_{n}" for n in range(1, 10)]
        out[k] = next(t for t in tries if t not in taken and t not in out.values())
    return out


def _var_html(name: str) -> str:
    """A short symbol as the formula sets it, in a sentence: ``t_d`` as <var>t</var><sub>d</sub>."""
    letter, _, sub = name.partition("_")
    return f"<var>{escape(letter)}</var>" + (f"<sub>{escape(sub)}</sub>" if sub else "")


def general_html(m: Mechanic[Any], general: General) -> list[str]:
    """The law in the mechanic's own inputs, for every input at once, and what it gives where the calculator starts
    (so the block is never silent there, even where every outcome is certain); the derivation below it is then an
    example.  Where an input's label is too long to set in a formula, each input is a short symbol
    (:func:`input_symbols`), listed under it by its label."""
    short = input_symbols(m, general)
    names = {k: sp_latex_name(short[k]) if k in short else tex_text(input_name(k, m)) for k in general.inputs}
    general_word = msg("in general")
    h = [f'<p class="aot-maths-general"><span class="aot-maths-kind">{escape(text(general_word))}</span> '
         f"{symbols_html(text(general.what))}</p>"]
    h += [f'<div class="math notranslate nohighlight">\\[{escape(line)}\\]</div>' for line in general.tex(names)]
    if short:  # the legend is escaped whole, then each symbol's mark set as the formula sets the symbol
        marks = {f"\x00{i}\x00": _var_html(sym) for i, sym in enumerate(short.values())}
        entries = [msg("{symbol} — {input}", symbol=mark, input=input_name(k, m))
                   for mark, k in zip(marks, short, strict=True)]
        legend = escape(text(msg("The inputs' symbols: {symbols}.", symbols=clauses(entries))))
        for mark, html in marks.items():
            legend = legend.replace(mark, html)
        h.append(f'<p class="aot-maths-note">{legend}</p>')
    if any(p.kind == "bool" for p in m.inputs if p.name in general.inputs):
        counts = msg("A yes/no input counts 1 when chosen, 0 when not.")
        h.append(f'<p class="aot-maths-note">{escape(text(counts))}</p>')
    start = start_inputs(m)
    typed = m.record(**start)  # each input as its record holds it (a die's default may be written as its name)
    laws = general.at({k: getattr(typed, k, v) for k, v in start.items()})
    main = headline(m, m.record(**start))
    name, law = (main, laws[main]) if main in laws else next(iter(laws.items()))
    letter = next(x.letter for x in general.laws if x.name == name)
    fractions = {v: Fraction(int(q.p), int(q.q)) for v, q in law.items()}
    there = msg("Where the calculator starts ({inputs}), the formula gives:", inputs=_inputs_text(start, m))
    h.append(f'<p class="aot-maths-note">{escape(text(there))}</p>')
    h.append(f'<div class="math notranslate nohighlight">\\[{escape(law_table_tex(fractions, letter))}\\]</div>')
    return h


def catalogue_md(labels: frozenset[str]) -> str:
    """The classification as MyST: every registered mechanic, its system, and the kind of mathematics
    its "Show the mathematics" block gives (read from the catalogue, never typed)."""
    from aot_rules.formulas.catalogue import FAMILIES
    from aot_rules.present.rulelinks import rule_badge
    from aot_rules.systems import registries

    family = {rid: ids for ids, _ in FAMILIES for rid in ids}
    head = "| {} | {} | {} |".format(text(msg("rule")), text(msg("calculator")), text(msg("mathematics")))
    out = []
    for reg in registries():
        rows = [f"| {rule_badge(m.rule_id, labels)} | {text(m.title).replace('|', '/')} | "
                 f"{label(form_of(m.rule_id).kind)} |"
                for m in reg if m.rule_id in family]
        title = text(SYSTEM_TITLES[reg.system]) if reg.system in SYSTEM_TITLES else reg.title
        out += [f"**{title}**", "", head, "|:--|:--|:--|", *rows, ""]
    return "\n".join(out)


#: The rule systems' titles as the classification's headings show them (a registry's own title is plain English,
#: read by the at-the-table page's JSON).
SYSTEM_TITLES: dict[str, Message] = {
    "aot": msg("Art of Tactics"), "aob": msg("Age of Battles (corrections)"), "sp": msg("The skirmish fragment"),
    "bat": msg("Batalist"),
}
