"""Static widgets: Bokeh controls + CustomJS over exact tables precomputed here.

Why this shape: the published book must stay live with no kernel and no
server.  At build time the engine evaluates the mechanic on every point of its
widget grid; identical summaries are stored once, and a mixed-radix index maps
each control setting to its summary.  The browser only looks results up and
lays them out; it never computes a probability.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from aot_rules.core.errors import RuleError
from aot_rules.core.params import BLANK_NOTE, Param
from aot_rules.core.registry import Mechanic
from aot_rules.present.chart import answer_chart
from aot_rules.present.render import summary

ASSETS = resources.files("aot_rules.present") / "assets"
#: Styles for the summary inside Bokeh's shadow DOM; the browser code that lays the summary out.
CSS = (ASSETS / "widget.css").read_text(encoding="utf-8")
JS = (ASSETS / "widget.js").read_text(encoding="utf-8")


@dataclass(frozen=True)
class Table:
    """The precomputed exact table behind one static widget."""

    axes: list[dict[str, Any]]
    index: list[int]
    results: list[dict[str, Any]]
    fixed: dict[str, Any]
    labels: list[str]

    def payload_bytes(self) -> int:
        return len(json.dumps({"i": self.index, "r": self.results, "l": self.labels}, separators=(",", ":")))


def _start(p: Param, values: tuple[Any, ...]) -> Any:
    if p.default in values:
        return p.default
    return values[min(3, len(values) - 1)]


def option_text(v: Any) -> str:
    """How a widget control shows a value (the browser tests set controls by this text)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, tuple):
        return ",".join(map(str, v))
    return str(v)


def _intern(summary: dict[str, Any], labels: list[str]) -> dict[str, Any]:
    """Replace repeated label strings by their position in ``labels`` (they repeat in every result)."""
    def ix(text: str) -> int:
        if text not in labels:
            labels.append(text)
        return labels.index(text)

    def pack(rows: list[list[str]]) -> str:  # [["0","1/16","1"], …] -> "0:1/16:1;…" (a third of the bytes)
        # An outcome may read "captured: he lost the fight": the separators inside a cell are
        # percent-escaped, and widget.js decodes every cell (decodeURIComponent).
        def esc(cell: str) -> str:
            return cell.replace("%", "%25").replace(":", "%3A").replace(";", "%3B")
        return ";".join(":".join(map(esc, r)) for r in rows)

    s = dict(summary)
    s["t"] = ix(s["t"])
    s["m"] = pack(s["m"])
    if "o" in s:
        s["o"] = [[ix(n), pack(rows)] for n, rows in s["o"]]
    if "e" in s:
        s["e"] = [[ix(n), p] for n, p in s["e"]]
    if "i" in s:
        s["i"] = [[ix(k), v] for k, v in s["i"].items()]
    return s


def precompute(m: Mechanic[Any]) -> Table:
    """Evaluate ``m`` on its whole widget grid; store each distinct summary once."""
    moving = [(p, vals) for p in m.inputs if len(vals := p.values()) > 1]
    fixed = {p.name: p.values()[0] for p in m.inputs if len(p.values()) == 1}
    strides, s = [], 1
    for _, vals in reversed(moving):
        strides.append(s)
        s *= len(vals)
    strides.reverse()
    seen: dict[str, int] = {}
    results: list[dict[str, Any]] = []
    index: list[int] = []
    labels: list[str] = []
    by_outcome: dict[tuple[int, str], tuple[Any, dict[str, Any]]] = {}
    for combo in itertools.product(*(vals for _, vals in moving)):
        params = {**fixed, **{p.name: v for (p, _), v in zip(moving, combo, strict=False)}}
        try:
            out = m.evaluate(**params)
            # Cached engine outcomes repeat (a variant's copies share their laws): summarise each once.
            # The stored outcome keeps its laws alive, so their id is never reused.
            key = (id(out.dists), out.main)
            if key not in by_outcome:
                by_outcome[key] = (out, _intern(summary(out, m.show), labels))
            shown = by_outcome[key][1]
        except RuleError as e:
            shown = {"err": e.message + f" ({e.rule_id})"}
        text = json.dumps(shown, sort_keys=True, separators=(",", ":"))
        if text not in seen:
            seen[text] = len(results)
            results.append(shown)
        index.append(seen[text])
    axes = [{"name": p.name, "kind": "flag" if p.kind == "bool" else "value",
             "values": [option_text(v) for v in vals], "stride": st, "title": p.title}
            for (p, vals), st in zip(moving, strides, strict=False)]
    return Table(axes, index, results, fixed, labels)


def table_script(rid: str, table: Table) -> str:
    """The exact table as inline JSON, written once into the page (not re-escaped inside Bokeh's JSON)."""
    data = json.dumps({"index": table.index, "results": table.results, "labels": table.labels},
                      separators=(",", ":"), ensure_ascii=False).replace("</", "<\\/")
    return f'<script type="application/json" id="aot-table-{rid}">{data}</script>'


def free_control(m: Mechanic[Any], p: Param, start: Any, vals: tuple[Any, ...] = ()) -> Any:
    """A Bokeh control taking every value the CLI accepts for ``p``, starting at ``start``.

    A whole number is a slider over its whole range (a select when the range is long), a choice a select of
    every choice; ranks, inches, weapon mixes and optional numbers are typed in, as on the command line
    ("3,1", "2.5", "" for none).  Values outside the precomputed table are answered by the browser's engine.
    """
    from bokeh.models.widgets import Select, Slider, TextInput

    name = f"{m.rule_id}:{p.name}"
    if p.kind == "int" and start is not None and (not p.optional or (vals and None not in vals)):
        lo, hi = int(p.lo or 0), int(p.hi or 0)
        if hi - lo <= 40:
            return Slider(start=lo, end=hi, step=1, value=start, title=p.title, name=name, sizing_mode="stretch_width")
        options: list[str | tuple[Any, str]] = [str(i) for i in range(lo, hi + 1)]
        return Select(options=options, value=option_text(start), title=p.title, name=name,
                      sizing_mode="stretch_width")
    if p.kind == "choice":
        choices: list[str | tuple[Any, str]] = list(p.choices)
        if p.optional or start is None:
            choices = ["None", *choices]
        return Select(options=choices, value=option_text(getattr(start, "value", start)), title=p.title, name=name,
                      sizing_mode="stretch_width")
    text = "" if start is None else option_text(start)
    hint = {"ranks": "e.g. 4,4 or 3,1", "inches": "inches, e.g. 2.5", "mix": "e.g. sword:3,shooter:1"}.get(p.kind, "—")
    return TextInput(value=text, title=p.title, name=name, placeholder=hint, sizing_mode="stretch_width")


def beyond_table(m: Mechanic[Any], table: Table, flag_labels: list[str],
                 flag_active: list[int]) -> list[tuple[dict[str, Any], Any]]:
    """The inputs the table holds at one value: ``(how widget.js reads it, its control)`` each; a flag joins
    the checkbox group after the table's own flags (which keep their places)."""
    out: list[tuple[dict[str, Any], Any]] = []
    for p in m.inputs:
        if p.name not in table.fixed:
            continue
        value = table.fixed[p.name]
        spec: dict[str, Any] = {"name": p.name, "fixed": "" if value is None else option_text(
            getattr(value, "value", value)), "title": p.title}
        if p.kind == "bool":
            spec.update(kind="flag", flag=len(flag_labels))
            flag_labels.append(p.title)
            if value:
                flag_active.append(spec["flag"])
            out.append((spec, None))
        else:
            spec["kind"] = "value"
            out.append((spec, free_control(m, p, value)))
    return out


def build(m: Mechanic[Any], table: Table | None = None, width: int = 760) -> Any:
    """The Bokeh layout of one static widget (imported lazily: bokeh is a book dependency)."""
    from bokeh.layouts import column, row
    from bokeh.models import ColumnDataSource, CustomJS, FactorRange, HoverTool, InlineStyleSheet
    from bokeh.models.widgets import CheckboxGroup, Div

    table = table or precompute(m)
    rid = m.rule_id
    ctrls: list[Any] = []
    flag_labels: list[str] = []
    flag_active: list[int] = []
    for ax in table.axes:
        p = m.param(ax["name"])
        vals = p.values()
        start = _start(p, vals)
        if p.kind == "bool":
            ax["flag"] = len(flag_labels)
            flag_labels.append(p.title)
            if start:
                flag_active.append(ax["flag"])
            ctrls.append(None)
        else:
            ctrls.append(free_control(m, p, start, vals))
    # Every other input the CLI takes is a control too, set to the value the table fixes: changing it
    # asks the engine in the reader's browser (widget.js), since the table cannot answer it.
    extras = beyond_table(m, table, flag_labels, flag_active)
    flags = CheckboxGroup(labels=flag_labels, active=flag_active, name=f"{rid}:flags")
    src = ColumnDataSource(data={"x": [], "top": [], "frac": [], "pct": [], "color": []}, name=f"{rid}:bars")
    xr = FactorRange(factors=["0"])
    fig = answer_chart(table.results, xr, src, f"{rid}:chart")  # bars whose labels never overlap
    # A calculator whose answer is always certain (range, DP costs) needs no chart, only the table.
    fig.visible = any(len(r.get("m", "").split(";")) > 1 for r in table.results)
    fig.add_tools(HoverTool(tooltips=[("outcome", "@x"), ("exact", "@frac"), ("", "@pct")]))
    div = Div(text="", name=f"{rid}:summary", sizing_mode="stretch_width",
              stylesheets=[InlineStyleSheet(css=CSS)])
    cb = CustomJS(args={"axes": table.axes, "ctrls": list(ctrls), "flags": flags, "rid": rid,
                        "src": src, "xr": xr, "div": div, "extras": [e for e, _ in extras],
                        "xctrls": [c for _, c in extras]}, code=JS)
    for c in [*ctrls, *(c for _, c in extras)]:
        if c is not None:
            c.js_on_change("value", cb)
    flags.js_on_change("active", cb)
    note = (f'<br><small style="color:var(--aot-note, #8a4b00)">{BLANK_NOTE}</small>'
            if any(p.blank for p in m.inputs) else "")
    muted = "color:var(--pst-color-text-muted, #646464)"  # the theme's muted text, light or dark
    head = Div(text=f'<b>{m.title}</b> <span style="{muted}">· {rid} · exact odds</span>{note}',
               sizing_mode="stretch_width")
    controls = [c for c in ctrls if c is not None] + [c for _, c in extras if c is not None] + (
        [flags] if flag_labels else [])
    # Controls beside the answer on a laptop, above it on a phone: the row wraps once the answer
    # would get narrower than a readable table (a 390 px screen fits one column, not two).
    answer = column(fig, div, sizing_mode="stretch_width", styles={"flex": "1 1 300px", "min-width": "0"})
    # A mechanic with no inputs (the initiative roll) shows its one answer with no controls beside it.
    body = row(column(*controls, sizing_mode="stretch_width", styles={"flex": "0 1 260px", "min-width": "220px"}),
               answer, sizing_mode="stretch_width", stylesheets=[InlineStyleSheet(css=":host { flex-wrap: wrap; }")]
               ) if controls else answer
    layout = column(head, body, sizing_mode="stretch_width", max_width=width, name=f"{rid}:widget")
    # Fill the first view at build time too, so the page is right before any script runs.
    from bokeh.document import Document

    doc = Document()
    doc.add_root(layout)
    doc.js_on_event("document_ready", cb)
    return layout
