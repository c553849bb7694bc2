"""Live widgets for JupyterLab: ipywidgets controls calling the engine on every change.

Built from the same registry entry as the static widget, so both faces offer
the same parameters; here the full CLI ranges are available, not only the
precomputed grid.
"""

from __future__ import annotations

from html import escape
from typing import Any

from aot_rules.dice.dist import fraction_str, percent_str
from aot_rules.errors import RuleError
from aot_rules.present.summary import is_numeric
from aot_rules.registry import Mechanic, Outcome, Param, get


def outcome_html(out: Outcome, show: tuple[str, ...] | None = None) -> str:
    """The whole result as HTML: bars, exact fractions, percentages, tails, mean and median."""
    main = out.dists[out.main]
    num = is_numeric(main)
    top = max(p for _, p in main.items())
    h = []
    if out.info:
        h.append('<div style="color:#555">' + " · ".join(
            f"{escape(k.replace('_', ' '))}: <b>{escape(_fmt(v))}</b>" for k, v in out.info.items())
            + "</div>")
    h.append('<table style="border-collapse:collapse;font-variant-numeric:tabular-nums">'
             f"<tr><th>{escape(out.label(out.main))}</th><th></th><th>exact</th><th>%</th>"
             + ("<th>at least</th>" if num else "") + "</tr>")
    for o, p in out.items(out.main):
        bar = f'<div style="background:#3b6ea5;height:12px;width:{int(160 * p / top)}px"></div>'
        h.append(f"<tr><td style='text-align:center'><b>{escape(str(o))}</b></td><td>{bar}</td>"
                 f"<td style='text-align:right;padding:0 8px'>{fraction_str(p)}</td>"
                 f"<td style='text-align:right'>{percent_str(p)}</td>"
                 + (f"<td style='text-align:right;padding-left:8px'>{fraction_str(main.p_ge(o))}</td>" if num else "")
                 + "</tr>")
    h.append("</table>")
    if num:
        h.append(f"<div>mean <b>{fraction_str(main.mean())}</b> ({float(main.mean()):.3f}) · "
                 f"median <b>{main.median()}</b></div>")
    for name, d in out.dists.items():
        if name != out.main and len(d) > 1 and d != main and (show is None or name in show):
            h.append(f"<div><b>{escape(out.label(name))}</b>: " + " · ".join(
                f"{escape(str(o))} → {fraction_str(p)} ({percent_str(p)})" for o, p in d.items()) + "</div>")
    for name, p in out.events.items():
        h.append(f"<div>P({escape(out.label(name))}) = <b>{fraction_str(p)}</b> ({percent_str(p)})</div>")
    return "\n".join(h)


def _fmt(v: Any) -> str:
    if isinstance(v, tuple):
        return "+".join(map(str, v))
    return fraction_str(v) if hasattr(v, "denominator") and not isinstance(v, int) else str(v)


def _control(p: Param) -> Any:
    import ipywidgets as w

    style = {"description_width": "initial"}
    if p.kind == "bool":
        return w.Checkbox(value=bool(p.default), description=p.title, indent=False)
    if p.kind == "choice":
        return w.Dropdown(options=list(p.choices), value=p.default, description=p.title, style=style)
    if p.kind == "int" and not p.optional:
        return w.IntSlider(value=p.default, min=p.lo, max=p.hi, description=p.title, style=style,
                           continuous_update=False)
    if p.kind == "int":
        start = 4 if p.name == "firers" else None
        return w.Dropdown(options=[("—", None)] + [(str(i), i) for i in range(p.lo, p.hi + 1)], value=start,
                          description=p.title, style=style)
    default = ",".join(map(str, p.default)) if isinstance(p.default, tuple) else p.default
    return w.Text(value="" if default is None else str(default), description=p.title, style=style,
                  continuous_update=False, placeholder="—")


def live_widget(rule_id: str) -> Any:
    """An ipywidgets box computing ``rule_id`` exactly whenever a control changes."""
    import ipywidgets as w

    m: Mechanic = get(rule_id)
    controls = {p.name: _control(p) for p in m.inputs}
    out = w.HTML()

    def values() -> dict[str, Any]:
        vals: dict[str, Any] = {}
        for name, c in controls.items():
            v = c.value
            if isinstance(v, str):
                v = v.strip() or None
            if v is not None:
                vals[name] = v
        return vals

    def update(*_: Any) -> None:
        try:
            out.value = outcome_html(m.evaluate(**values()), m.show)
        except RuleError as e:
            out.value = f'<div style="color:#9b1c1c">Not allowed: {escape(e.message)} ({e.rule_id})</div>'

    for c in controls.values():
        c.observe(update, names="value")
    update()
    head = w.HTML(f"<b>{escape(m.title)}</b> <span style='color:#666'>· {m.rule_id} · exact odds, live</span>")
    return w.VBox([head, w.HBox([w.VBox(list(controls.values()), layout=w.Layout(min_width="300px")), out])])


__all__ = ["live_widget", "outcome_html"]
