"""Live widgets for JupyterLab: ipywidgets controls calling the engine on every change.

Built from the same registry entry as the static widget, so both faces offer
the same parameters; here the full CLI ranges are available, not only the
precomputed grid.  One definition serves every notebook and mechanic, so a fix
here reaches them all:

* an optional input left unset shows "—" (never a blank box);
* the inputs of each side of a fight (``a_…``, ``b_…``) sit in their own collapsible section, the two
  sides side by side on a laptop and one above the other on a narrow screen, and the answer beside them,
  so it stays in view while side B is set; reading toggles have a section of their own, closed;
* a refusal names the control's label ("A ranks"), not the command line's flag (``--a-ranks``);
* **Reset** puts every control back to its start; **Roll it** plays the rule once with real dice (the
  mechanic's played face, the engine's sampler) beside the exact answer, so the two can be compared, and tells
  the dice step by step from the log (a regular unit's re-roll of a failed test included);
* the answer says why in one line (the facts it rests on, such as "hits on", or what the rule does) with a
  link to the rule's section of the built book (``AOT_BOOK_URL``, by default where ``make serve`` serves it).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from html import escape
from typing import Any

from aot_rules.core.dice import SeededDice
from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import Message, has_label, msg, text
from aot_rules.core.i18n import label as i18n_label
from aot_rules.core.params import BLANK_NOTE, Param
from aot_rules.core.registry import Mechanic
from aot_rules.present.groups import SIDES, heading
from aot_rules.present.groups import section as _side
from aot_rules.present.narrate import narrate
from aot_rules.present.render import as_html
from aot_rules.present.rulelinks import book_url
from aot_rules.systems import get

#: What an unset optional input holds in its control (ipywidgets shows a None selection as a blank box).
UNSET = ""


def _start(p: Param) -> Any:
    if p.kind == "bool":
        return bool(p.default)
    if p.kind == "int" and p.optional:
        return 4 if p.name == "firers" else (p.default if p.default is not None else UNSET)
    if p.kind == "choice":
        return p.default if p.default is not None else UNSET
    if isinstance(p.default, tuple):
        return ",".join(map(str, p.default))
    return UNSET if p.default is None else (p.default if p.kind == "int" else str(p.default))


def _control(p: Param) -> Any:
    import ipywidgets as w

    style = {"description_width": "initial"}
    layout = w.Layout(width="auto", max_width="100%")
    start = _start(p)
    if p.kind == "bool":
        return w.Checkbox(value=start, description=p.title, indent=False, layout=layout)
    if p.kind == "choice":
        options: list[tuple[str, Any]] = ([("—", UNSET)] if p.optional or p.default is None else []) + [
            (text(p.choice_label(c)), c) for c in p.choices]
        return w.Dropdown(options=options, value=start, description=p.title, style=style, layout=layout)
    if p.kind == "int" and not p.optional:
        return w.IntSlider(value=start, min=p.lo, max=p.hi, description=p.title, style=style,
                           continuous_update=False, layout=layout)
    if p.kind == "int":
        numbers: list[tuple[str, Any]] = [("—", UNSET)]
        numbers += [(str(i), i) for i in range(int(p.lo or 0), int(p.hi or 0) + 1)]
        return w.Dropdown(options=numbers, value=start, description=p.title, style=style, layout=layout)
    return w.Text(value=str(start), description=p.title, style=style, continuous_update=False, placeholder="—",
                  layout=layout)


def refusal_html(e: RuleError, m: Mechanic[Any]) -> str:
    """A refusal in the controls' own words: the option it names (its ``flag`` value, ``--a-ranks``) is said as
    the control's label instead, by rendering the refusal's template with that value, never by editing its text."""
    titles = {p.flag: p.title for p in m.inputs}
    said = e.msg
    named = ""
    if isinstance(said, Message) and said.params.get("flag") in titles:
        named = titles[said.params["flag"]]
        said = Message(said.msgid, tuple((k, f"“{named}”" if k == "flag" else v) for k, v in said.values),
                       said.plural, said.count)
    # a label the message already names is not said again in front of it
    at = [p.title for name in e.params for p in m.inputs if p.name == name and p.title != named]
    head = f"<b>{escape(', '.join(at))}</b>: " if at else ""
    return f'<div style="color:#9b1c1c" data-error="1">Not allowed: {head}{escape(text(said))} ({e.rule_id})</div>'


def roll_html(sample: Mapping[str, Any], label: Any = None) -> str:
    """One roll's results in words: each result under its answer's label, yes/no for a yes-or-no result, a
    named result by its name (never ``any loss: True`` or ``<MeleeResult.A_WINS: 'A wins'>``)."""
    from enum import Enum

    parts = []
    for k, v in sample.items():
        said = label(k) if label is not None else str(k).replace("_", " ")
        if isinstance(v, bool):
            word = "yes" if v else "no"
        elif isinstance(v, Enum):
            word = text(i18n_label(v)) if has_label(v) else str(v.value)
        elif isinstance(v, (int, str)):
            word = str(v)
        else:
            continue  # a compound result repeats the parts already shown
        parts.append(f"{escape(said)}: <b>{escape(word)}</b>")
    return " · ".join(parts)


def live_controls(box: Any) -> dict[str, Any]:
    """The controls of a live widget by input name, in the mechanic's input order (for notebooks and tests)."""
    controls: dict[str, Any] = box._aot_controls
    return controls


def live_widget(rule_id: str) -> Any:
    """An ipywidgets box computing ``rule_id`` exactly whenever a control changes."""
    import ipywidgets as w

    m: Mechanic[Any] = get(rule_id)
    controls = {p.name: _control(p) for p in m.inputs}
    out = w.HTML()
    rolled = w.HTML()

    def values() -> dict[str, Any]:
        vals: dict[str, Any] = {}
        for name, c in controls.items():
            v = c.value
            if isinstance(v, str):
                v = v.strip() or None
            if v is not None:
                vals[name] = v
        return vals

    why = (m.rule_id, book_url(m.rule_id), text(m.summary))

    def update(*_: Any) -> None:
        rolled.value = ""
        try:
            out.value = as_html(m.evaluate(**values()), m.show, why)
        except RuleError as e:
            out.value = refusal_html(e, m)

    def reset(*_: Any) -> None:
        for p in m.inputs:
            controls[p.name].value = _start(p)
        update()

    def roll(*_: Any) -> None:
        dice = SeededDice(random.Random())
        try:
            sample = m.play(m.record(**values()), dice)
        except RuleError as e:
            rolled.value = refusal_html(e, m)
            return
        try:
            label = m.evaluate(**values()).label
        except RuleError:
            label = None
        shown = roll_html(sample, label)
        # the dice as the log has them, told step by step (a regular unit's re-roll of a failed test included)
        steps = "".join(f"<li>{escape(step)}</li>" for step in narrate(dice.log))
        rolled.value = (f"<div data-roll='1'>One roll of the dice: {shown}"
                        + (f"<ol data-steps='1'>{steps}</ol>" if steps else "") + "</div>")

    for c in controls.values():
        c.observe(update, names="value")
    update()
    note = (f"<br><small style='color:#8a4b00'>{escape(text(BLANK_NOTE))}</small>" if any(p.blank for p in m.inputs)
            else "")
    title = escape(text(m.title))
    head = w.HTML(f"<b>{title}</b> <span style='color:#666'>· {m.rule_id} · exact odds, live</span>{note}")
    sections: dict[str, list[Any]] = {}
    for p in m.inputs:
        sections.setdefault(_side(p), []).append(controls[p.name])
    column = w.Layout(flex="1 1 280px", min_width="0", overflow="visible")
    parts: list[Any] = []
    if "" in sections:
        parts.append(w.VBox(sections.pop(""), layout=w.Layout(width="100%", overflow="visible")))
    sides = [k for k in SIDES if k in sections]
    if sides:
        boxes = []
        for k in sides:
            acc = w.Accordion(children=[w.VBox(sections[k], layout=w.Layout(overflow="visible"))], selected_index=0,
                              layout=column)
            acc.set_title(0, heading(k, 0))
            boxes.append(acc)
        parts.append(w.HBox(boxes, layout=w.Layout(flex_flow="row wrap", width="100%", overflow="visible")))
    if "readings" in sections:
        acc = w.Accordion(children=[w.VBox(sections["readings"])], selected_index=None)
        acc.set_title(0, heading("readings", len(sections["readings"])))
        parts.append(acc)
    buttons = [w.Button(description=text(msg("Reset")), tooltip=text(msg("every control back to its start"))),
               w.Button(description=text(msg("Roll it")), tooltip=text(msg("play the rule once with real dice")))]
    buttons[0].on_click(reset)
    buttons[1].on_click(roll)
    parts.append(w.HBox(buttons))
    inputs = w.VBox(parts, layout=w.Layout(flex="1 1 420px", min_width="0", overflow="visible"))
    # the answer column is never narrower than its widest table (a fraction column does not wrap): where the two
    # columns do not fit side by side the answer moves under the inputs instead of running past the notebook's edge
    answer = w.VBox([out, rolled], layout=w.Layout(flex="1 1 340px", min_width="min-content"))
    box = w.VBox([head, w.HBox([inputs, answer], layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))])
    box._aot_controls = controls
    box._aot_buttons = dict(zip(("reset", "roll"), buttons, strict=True))
    box._aot_roll = rolled
    box._aot_values = values
    box._aot_out = out
    return box


def compare_html(m: Mechanic[Any], first: dict[str, Any], second: dict[str, Any]) -> str:
    """Each headline chance of two setups and the exact difference (second minus first); the means too."""
    from fractions import Fraction

    from aot_rules.core.format import fraction_str, percent_str
    from aot_rules.present.render import is_numeric

    try:
        a, b = m.evaluate(**first), m.evaluate(**second)
    except RuleError as e:
        return refusal_html(e, m)
    rows = [(a.label(n), a.events[n], b.events[n]) for n in a.events if n in b.events]
    main_a, main_b = a.dists[a.main], b.dists[b.main]
    if is_numeric(main_a) and is_numeric(main_b):
        rows.append((f"mean {a.label(a.main)}", main_a.mean(), main_b.mean()))
    else:  # a named answer (the order arrives, the elephant is wounded): each of its outcomes compared
        pa, pb = dict(main_a.items()), dict(main_b.items())
        rows += [(f"{a.label(a.main)}: {getattr(o, 'value', o)}", pa.get(o, Fraction(0)), pb.get(o, Fraction(0)))
                 for o in dict.fromkeys([*pa, *pb])]
    body = "".join(f"<tr data-event='{escape(label)}' data-diff='{fraction_str(y - x)}'><td>{escape(label)}</td>"
                   f"<td>{fraction_str(x)}</td><td>{fraction_str(y)}</td><td><b>{fraction_str(y - x)}</b> "
                   f"({percent_str(y - x)})</td></tr>" for label, x, y in rows)
    return ("<table><tr><th></th><th>first</th><th>second</th><th>second − first</th></tr>" + body + "</table>"
            if rows else "")


def compare_widget(rule_id: str) -> Any:
    """Two live widgets of one mechanic side by side, and the exact difference of each headline chance."""
    import ipywidgets as w

    m = get(rule_id)
    first, second = live_widget(rule_id), live_widget(rule_id)
    diff = w.HTML()

    def update(*_: Any) -> None:
        diff.value = compare_html(m, first._aot_values(), second._aot_values())

    first._aot_out.observe(update, names="value")
    second._aot_out.observe(update, names="value")
    update()
    side = w.Layout(flex="1 1 480px", min_width="0", border="1px solid #d5dbe3", padding="6px")
    first.layout, second.layout = side, w.Layout(**{k: getattr(side, k) for k in ("flex", "min_width", "border",
                                                                                   "padding")})
    # the difference first, so it stays in view while either setup's long control list is changed
    box = w.VBox([diff, w.HBox([first, second], layout=w.Layout(flex_flow="row wrap"))])
    box._aot_pair = (first, second)
    box._aot_diff = diff
    return box


def compare_any(rule_id: str = "AOT-MELEE-RESULT") -> Any:
    """A compare for every calculator: pick the mechanic from the registry's list, then set the two setups."""
    import ipywidgets as w

    from aot_rules.systems import all_mechanics

    pick = w.Dropdown(options=[(f"{m.rule_id} · {m.title}", m.rule_id) for m in all_mechanics()], value=rule_id,
                      description=text(msg("compare")), layout=w.Layout(width="auto", max_width="100%"))
    holder = w.VBox([compare_widget(rule_id)])

    def chosen(*_: Any) -> None:
        holder.children = [compare_widget(pick.value)]

    pick.observe(chosen, names="value")
    box = w.VBox([pick, holder])
    box._aot_pick = pick
    box._aot_holder = holder
    return box


__all__ = ["compare_any", "compare_html", "compare_widget", "live_controls", "live_widget", "refusal_html", "roll_html"]
