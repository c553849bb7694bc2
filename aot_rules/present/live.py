"""Live widgets for JupyterLab: ipywidgets controls calling the engine on every change.

Built from the same registry entry as the static widget, so both faces offer
the same parameters; here the full CLI ranges are available, not only the
precomputed grid.
"""

from __future__ import annotations

from html import escape
from typing import Any

from aot_rules.core.errors import RuleError
from aot_rules.core.params import BLANK_NOTE, Param
from aot_rules.core.registry import Mechanic
from aot_rules.present.render import as_html
from aot_rules.systems import get


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
        options: list[tuple[str, int | None]] = [("—", None)]
        options += [(str(i), i) for i in range(int(p.lo or 0), int(p.hi or 0) + 1)]
        return w.Dropdown(options=options, value=start, description=p.title, style=style)
    default = ",".join(map(str, p.default)) if isinstance(p.default, tuple) else p.default
    return w.Text(value="" if default is None else str(default), description=p.title, style=style,
                  continuous_update=False, placeholder="—")


def live_widget(rule_id: str) -> Any:
    """An ipywidgets box computing ``rule_id`` exactly whenever a control changes."""
    import ipywidgets as w

    m: Mechanic[Any] = get(rule_id)
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
            out.value = as_html(m.evaluate(**values()), m.show)
        except RuleError as e:
            out.value = f'<div style="color:#9b1c1c">Not allowed: {escape(e.message)} ({e.rule_id})</div>'

    for c in controls.values():
        c.observe(update, names="value")
    update()
    note = (f"<br><small style='color:#8a4b00'>{escape(BLANK_NOTE)}</small>" if any(p.blank for p in m.inputs)
            else "")
    head = w.HTML(f"<b>{escape(m.title)}</b> <span style='color:#666'>· {m.rule_id} · exact odds, live</span>{note}")
    return w.VBox([head, w.HBox([w.VBox(list(controls.values()), layout=w.Layout(min_width="300px")), out])])


__all__ = ["live_widget"]
