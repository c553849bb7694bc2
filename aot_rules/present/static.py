"""Static widgets: Bokeh controls + CustomJS over exact tables precomputed here.

Why this shape: the published book must stay live with no kernel and no
server.  At build time the engine evaluates the mechanic on every point of its
widget grid; identical summaries are stored once, and a mixed-radix index maps
each control setting to its summary.  The browser only looks results up and
lays them out; it never computes a probability.  Its script (assets/widget.js) is published once per site
and loaded once per page; each widget's callback only hands it the widget's own models.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from importlib import resources
from typing import Any

from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import msg, text
from aot_rules.core.params import BLANK_NOTE, Param
from aot_rules.core.registry import Mechanic
from aot_rules.present.chart import answer_chart
from aot_rules.present.groups import READINGS, heading, section
from aot_rules.present.render import summary

ASSETS = resources.files("aot_rules.present") / "assets"
#: Styles for the summary inside Bokeh's shadow DOM (the book links the published copy; elsewhere it is inline).
CSS = (ASSETS / "widget.css").read_text(encoding="utf-8")


#: The digits of the table's packed numbers: 64 characters that need no escaping in JSON or HTML.
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"


def _width(count: int) -> int:
    """How many digits number every one of ``count`` things (at least one)."""
    w = 1
    while len(DIGITS) ** w < count:
        w += 1
    return w


def _code(n: int, width: int) -> str:
    out = ""
    for _ in range(width):
        n, d = divmod(n, len(DIGITS))
        out = DIGITS[d] + out
    return out


def _decode(text: str, at: int, width: int) -> int:
    n = 0
    for ch in text[at:at + width]:
        n = n * len(DIGITS) + DIGITS.index(ch)
    return n


def _skeleton(x: Any, leaves: list[Any]) -> Any:
    """``x``'s shape with every scalar taken out (in sorted-key order) and left as null."""
    if isinstance(x, dict):
        return {k: _skeleton(x[k], leaves) for k in sorted(x)}
    if isinstance(x, list):
        return [_skeleton(v, leaves) for v in x]
    leaves.append(x)
    return None


def _fill(shape: Any, leaves: list[Any]) -> Any:
    """The inverse of :func:`_skeleton` (``leaves`` is consumed from the front)."""
    if isinstance(shape, dict):
        return {k: _fill(v, leaves) for k, v in shape.items()}
    if isinstance(shape, list):
        return [_fill(v, leaves) for v in shape]
    return leaves.pop(0)


@dataclass(frozen=True)
class Table:
    """The precomputed exact table behind one static widget.

    ``results[index[k]]`` is the answer at setting ``k`` (the mixed-radix number of the controls' positions),
    each in :func:`table_form`.  The page carries it packed (:meth:`payload`): a setting's answer repeats the
    same few laws, fractions and labels thousands of times over a grid, so each distinct value is written
    once in a pool, each answer's shape once, and an answer is a short string of fixed-width numbers into
    them.  That keeps the heaviest chapters' tables (shooting, melee, command) within a widget page's weight.
    """

    axes: list[dict[str, Any]]
    index: list[int]
    results: list[dict[str, Any]]
    fixed: dict[str, Any]

    def payload(self) -> dict[str, Any]:
        """The packed table widget.js reads (:func:`lookup` reads it the same way in Python).

        The facts an answer rests on ("hits on", "saves on") change with settings that leave the laws alone
        (armour against spears), so each fact is a column of its own (its few values, and one digit or two
        per setting): joined to the laws, they would make nearly every setting's answer distinct.
        """
        pool: dict[str, int] = {}
        values: list[Any] = []
        shapes: dict[str, int] = {}
        shape_list: list[Any] = []
        answers: dict[str, int] = {}
        coded: list[list[int]] = []
        fields: dict[str, dict[str, int]] = {}  # each fact's name -> its distinct values (by JSON text)
        which = []
        for r in self.results:
            laws = {k: v for k, v in r.items() if k != "i"}
            leaves: list[Any] = []
            shape = json.dumps(_skeleton(laws, leaves), separators=(",", ":"))
            if shape not in shapes:
                shapes[shape] = len(shape_list)
                shape_list.append(json.loads(shape))
            refs = [shapes[shape]]
            for v in leaves:
                key = json.dumps(v)
                if key not in pool:
                    pool[key] = len(values)
                    values.append(v)
                refs.append(pool[key])
            text = json.dumps(refs)
            if text not in answers:
                answers[text] = len(coded)
                coded.append(refs)
            for name, _ in r.get("i", []):
                fields.setdefault(name, {"null": 0})
            facts = dict(r.get("i", []))
            which.append((answers[text], {name: seen.setdefault(json.dumps(facts.get(name)), len(seen))
                                          for name, seen in fields.items()}))
        wr = _width(max(len(values), len(shape_list)))
        wi = _width(len(coded))
        out: dict[str, Any] = {
            "wi": wi, "wr": wr, "x": "".join(_code(which[i][0], wi) for i in self.index), "s": shape_list,
            "p": values, "r": ["".join(_code(n, wr) for n in refs) for refs in coded]}
        if fields:
            sizes = [len(a["values"]) for a in self.axes]
            out["n"] = sizes
            out["f"] = [self._fact_column(name, [json.loads(v) for v in seen],
                                          [which[i][1].get(name, 0) for i in self.index], sizes)
                        for name, seen in fields.items()]
        return out

    @staticmethod
    def _fact_column(name: str, values: list[Any], per_setting: list[int], sizes: list[int]) -> list[Any]:
        """One fact as ``[name, width, values, the axes it depends on, one number per setting of those axes]``.

        A fact usually depends on a few of the controls (A's "hits on" never on B's armour): the axes it does
        not depend on are left out, so its column holds one number per setting of the others.
        """
        def positions(k: int) -> list[int]:
            out = []
            for n in reversed(sizes):
                k, pos = divmod(k, n)
                out.append(pos)
            return out[::-1]

        strides = [1] * len(sizes)
        for i in range(len(sizes) - 2, -1, -1):
            strides[i] = strides[i + 1] * sizes[i + 1]
        keep = list(range(len(sizes)))
        for axis in range(len(sizes)):
            if all(per_setting[k] == per_setting[k - positions(k)[axis] * strides[axis]]
                   for k in range(len(per_setting))):
                keep.remove(axis)
        width = _width(len(values))
        column = []
        for combo in itertools.product(*(range(sizes[a]) for a in keep)):
            k = sum(pos * strides[a] for a, pos in zip(keep, combo, strict=True))
            column.append(_code(per_setting[k], width))
        return [name, width, values, keep, "".join(column)]

    def payload_bytes(self) -> int:
        return len(json.dumps(self.payload(), separators=(",", ":"), ensure_ascii=False))


def lookup(payload: dict[str, Any], k: int) -> dict[str, Any]:
    """What widget.js shows at setting number ``k`` of a packed table: the same steps, in Python."""
    wi, wr = payload["wi"], payload["wr"]
    text = payload["r"][_decode(payload["x"], k * wi, wi)]
    refs = [_decode(text, i, wr) for i in range(0, len(text), wr)]
    out = dict(_fill(payload["s"][refs[0]], [payload["p"][n] for n in refs[1:]]))
    sizes = payload.get("n", [])
    at, rest = [], k
    for n in reversed(sizes):  # each axis's position: the setting number's mixed-radix digits
        rest, pos = divmod(rest, n)
        at.append(pos)
    at.reverse()
    facts = []
    for name, width, values, keep, column in payload.get("f", []):
        sub = 0
        for a in keep:
            sub = sub * sizes[a] + at[a]
        facts.append([name, values[_decode(column, sub * width, width)]])
    if any(v is not None for _, v in facts):
        out["i"] = [[name, v] for name, v in facts if v is not None]
    return out


def answers(payload: dict[str, Any]) -> list[dict[str, Any]]:
    """Every distinct answer a packed table holds, as :func:`lookup` unpacks it (facts left out): what the
    calculator can show, for a check of its words."""
    wr = payload["wr"]
    out = []
    for row in payload["r"]:
        refs = [_decode(row, i, wr) for i in range(0, len(row), wr)]
        out.append(dict(_fill(payload["s"][refs[0]], [payload["p"][n] for n in refs[1:]])))
    return out


def _start(p: Param, values: tuple[Any, ...]) -> Any:
    if p.default in values:
        return p.default
    return values[min(3, len(values) - 1)]


def opening(m: Mechanic[Any]) -> dict[str, str]:
    """What a calculator opens with beyond the defaults: nothing, unless the defaults alone are refused (a volley
    needs its firers or its distance); then each unset input the widget's grid covers takes the widget's own
    starting value, so the At the table page opens on the same legal setting as the chapter widget.

    >>> from aot_rules.systems import get
    >>> opening(get("AOT-SHOOT-RESULT")), opening(get("AOT-RUN"))
    ({'firers': '4'}, {})
    """
    try:
        m.evaluate()
        return {}
    except RuleError:
        pass
    out = {}
    for p in m.inputs:
        if p.default is None and p.grid:
            v = _start(p, p.values())
            if v is not None:
                out[p.name] = option_text(getattr(v, "value", v))
    return out


def option_text(v: Any) -> str:
    """How a widget control shows a value (the browser tests set controls by this text)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, tuple):
        return ",".join(map(str, v))
    return str(v)


def pack_rows(rows: list[list[str]]) -> str:
    """[["0","1/16","1"], …] -> "0:1/16:1;…" (a third of the bytes).

    An outcome may read "captured: he lost the fight": the separators inside a cell are percent-escaped, and
    widget.js decodes every cell (decodeURIComponent).
    """
    def esc(cell: str) -> str:
        return cell.replace("%", "%25").replace(":", "%3A").replace(";", "%3B")
    return ";".join(":".join(map(esc, r)) for r in rows)


def table_form(summary: dict[str, Any]) -> dict[str, Any]:
    """A summary as the table holds it: laws packed by :func:`pack_rows`, facts as ``[name, value]`` pairs
    (widget.js turns an engine answer into the same form, so both are laid out by one function)."""
    s = dict(summary)
    s["m"] = pack_rows(s["m"])
    if "o" in s:
        s["o"] = [[n, pack_rows(rows)] for n, rows in s["o"]]
    if "i" in s:
        s["i"] = [[k, v] for k, v in s["i"].items()]
    return s


def refusal_form(e: RuleError, m: Mechanic[Any]) -> dict[str, Any]:
    """A refusal as the table holds it: the engine's one line and the inputs at fault (widget.js shows the
    line under the first of their controls)."""
    names = {p.name for p in m.inputs}
    return {"err": f"{e.message} ({e.rule_id})", "at": [n for n in e.params if n in names]}


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
    by_outcome: dict[tuple[int, str], tuple[Any, dict[str, Any]]] = {}
    for combo in itertools.product(*(vals for _, vals in moving)):
        params = {**fixed, **{p.name: v for (p, _), v in zip(moving, combo, strict=False)}}
        try:
            out = m.evaluate(**params)
            # Cached engine outcomes repeat (a variant's copies share their laws): summarise each once.
            # The stored outcome keeps its laws alive, so their id is never reused.
            key = (id(out.dists), out.main)
            if key not in by_outcome:
                by_outcome[key] = (out, table_form(summary(out, m.show)))
            shown = by_outcome[key][1]
        except RuleError as e:
            shown = refusal_form(e, m)
        text = json.dumps(shown, sort_keys=True, separators=(",", ":"))
        if text not in seen:
            seen[text] = len(results)
            results.append(shown)
        index.append(seen[text])
    axes = [{"name": p.name, "kind": "flag" if p.kind == "bool" else "value",
             "values": [option_text(v) for v in vals], "stride": st, "title": p.title}
            for (p, vals), st in zip(moving, strides, strict=False)]
    return Table(axes, index, results, fixed)


def table_script(rid: str, table: Table) -> str:
    """The exact table as inline JSON, written once into the page (not re-escaped inside Bokeh's JSON)."""
    data = json.dumps(table.payload(), separators=(",", ":"), ensure_ascii=False).replace("</", "<\\/")
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
        choices: list[str | tuple[Any, str]] = [(c, str(p.choice_label(c))) for c in p.choices]
        if p.optional or start is None:
            choices = [("None", str(msg("None"))), *choices]  # the value widget.js reads stays "None"
        return Select(options=choices, value=option_text(getattr(start, "value", start)), title=p.title, name=name,
                      sizing_mode="stretch_width")
    text = "" if start is None else option_text(start)
    hints = {"ranks": msg("e.g. 4,4 or 3,1"), "inches": msg("inches, e.g. {example}", example=Fraction(5, 2)),
             "mix": msg("e.g. sword:3,shooter:1")}
    hint = str(hints[p.kind]) if p.kind in hints else "—"
    return TextInput(value=text, title=p.title, name=name, placeholder=hint, sizing_mode="stretch_width")


def beyond_table(m: Mechanic[Any], table: Table) -> list[tuple[dict[str, Any], Any]]:
    """The inputs the table holds at one value: ``(how widget.js reads it, its control)`` each (a flag's control
    is None: it is a box of its section's checkbox group)."""
    out: list[tuple[dict[str, Any], Any]] = []
    for p in m.inputs:
        if p.name not in table.fixed:
            continue
        value = table.fixed[p.name]
        spec: dict[str, Any] = {"name": p.name, "fixed": "" if value is None else option_text(
            getattr(value, "value", value)), "title": p.title}
        if p.kind == "bool":
            spec.update(kind="flag", start=bool(value))
            out.append((spec, None))
        else:
            spec["kind"] = "value"
            out.append((spec, free_control(m, p, value)))
    return out


def asset_name(name: str) -> str:
    """The published name of a widget asset (``widget.js``, ``widget.css``): its content's hash in the name, so a
    reader's cached or offline copy never pairs an old script with a new page."""
    text = (ASSETS / name).read_bytes()
    stem, ext = name.rsplit(".", 1)
    return f"{stem}-{hashlib.sha256(text).hexdigest()[:10]}.{ext}"


#: Where the book build publishes the widget's script and style (book/_ext/aot_bokeh.py), under the site root.
ASSET_FOLDER = "_static/aot-vendor"


@dataclass(frozen=True)
class Links:
    """Where a widget's page finds the rest of the site: the rule's section, and the shared style sheet
    (None outside the book build: the style is then written inline)."""

    rule: str
    css: str | None = None


def build(m: Mechanic[Any], table: Table | None = None, width: int = 760, links: Links | None = None) -> Any:
    """The Bokeh layout of one static widget (imported lazily: bokeh is a book dependency).

    Its script is widget.js, loaded once per page: each widget's callback only hands its models over.  A fight's
    inputs are grouped by side (:mod:`aot_rules.present.groups`), the sides side by side on a laptop and folded on
    a phone, so the answer stays in view.
    """
    from bokeh.layouts import column, row
    from bokeh.models import ColumnDataSource, CustomJS, FactorRange, HoverTool, ImportedStyleSheet, InlineStyleSheet
    from bokeh.models.widgets import CheckboxGroup, Div, Toggle

    table = table or precompute(m)
    links = links or Links(rule=f"at-the-table.html#{m.rule_id}")
    rid = m.rule_id
    extras = beyond_table(m, table)
    # Every input in the mechanic's order, each with its section: table axes (ctrls) and the inputs the table
    # fixes (extras; changing one asks the engine in the reader's browser, since the table cannot answer it).
    ctrls: list[Any] = []
    for ax in table.axes:
        p = m.param(ax["name"])
        ctrls.append(None if p.kind == "bool" else free_control(m, p, _start(p, p.values()), p.values()))
    starts = {ax["name"]: bool(_start(m.param(ax["name"]), m.param(ax["name"]).values())) for ax in table.axes
              if ax["kind"] == "flag"}
    starts.update({e["name"]: e["start"] for e, _ in extras if e["kind"] == "flag"})
    specs = {**{ax["name"]: (ax, c) for ax, c in zip(table.axes, ctrls, strict=True)},
             **{e["name"]: (e, c) for e, c in extras}}
    keys = list(dict.fromkeys(section(p) for p in m.inputs))
    keys = [""] * ("" in keys) + [k for k in keys if k not in ("", READINGS)] + [READINGS] * (READINGS in keys)
    members: dict[str, list[Any]] = {k: [] for k in keys}
    flagsets: list[Any] = []
    for key in keys:
        flag_labels: list[str] = []
        active: list[int] = []
        for p in m.inputs:
            if section(p) != key:
                continue
            spec, c = specs[p.name]
            if spec["kind"] == "flag":
                spec.update(fg=len(flagsets), flag=len(flag_labels))
                if starts[p.name]:
                    active.append(len(flag_labels))
                flag_labels.append(p.title)
            else:
                members[key].append(c)
        if flag_labels:
            group = CheckboxGroup(labels=flag_labels, active=active, name=f"{rid}:flags{key and '-' + key}")
            flagsets.append(group)
            members[key].append(group)
    src = ColumnDataSource(data={"x": [], "top": [], "frac": [], "pct": [], "color": []}, name=f"{rid}:bars")
    xr = FactorRange(factors=["0"])
    fig = answer_chart(table.results, xr, src, f"{rid}:chart")  # bars whose labels never overlap
    # A calculator whose answer is always certain (range, DP costs) needs no chart, only the table.
    fig.visible = any(len(r.get("m", "").split(";")) > 1 for r in table.results)
    fig.add_tools(HoverTool(tooltips=[("outcome", "@x"), ("exact", "@frac"), ("", "@pct")]))
    style = ImportedStyleSheet(url=links.css) if links.css else InlineStyleSheet(css=CSS)
    div = Div(text="", name=f"{rid}:summary", sizing_mode="stretch_width", stylesheets=[style])
    err = Div(text="", name=f"{rid}:error", sizing_mode="stretch_width", visible=False)
    # Each section's controls in a column; a fight's sides and the readings open and close under a toggle.
    bodies: list[Any] = []
    toggles: list[Any] = []
    sections: list[Any] = []
    for key in keys:
        body = column(*members[key], sizing_mode="stretch_width", name=f"{rid}:section{key and '-' + key}")
        bodies.append(body)
        if key == "" or len(keys) == 1:
            toggles.append(None)
            sections.append(body)
            continue
        body.visible = key != READINGS
        toggle = Toggle(label=heading(key, sum(1 for p in m.inputs if section(p) == key)), active=body.visible,
                        name=f"{rid}:toggle-{key}", sizing_mode="stretch_width")
        toggle.js_on_change("active", CustomJS(args={"body": body}, code="body.visible = cb_obj.active;"))
        toggles.append(toggle)
        sections.append(column(toggle, body, sizing_mode="stretch_width",
                               styles={"flex": "1 1 240px", "min-width": "0"}))
    why = {"rule": rid, "href": links.rule, "summary": text(m.summary)}
    cb = CustomJS(args={"w": {"axes": table.axes, "ctrls": list(ctrls), "flagsets": flagsets, "rid": rid,
                              "src": src, "xr": xr, "div": div, "err": err, "extras": [e for e, _ in extras],
                              "xctrls": [c for _, c in extras], "bodies": bodies, "toggles": toggles, "why": why}},
                  code="window.aotWidget(w);")
    for c in [*ctrls, *(c for _, c in extras)]:
        if c is not None:
            c.js_on_change("value", cb)
    for group in flagsets:
        group.js_on_change("active", cb)
    note = (f'<br><small style="color:var(--aot-note, #8a4b00)">{escape(text(BLANK_NOTE))}</small>'
            if any(p.blank for p in m.inputs) else "")
    muted = "color:var(--pst-color-text-muted, #646464)"  # the theme's muted text, light or dark
    exact = escape(str(msg("exact odds")))
    head = Div(text=f'<b>{m.title}</b> <span style="{muted}">· {rid} · {exact}</span>{note}',
               sizing_mode="stretch_width")
    answer = column(fig, div, sizing_mode="stretch_width", styles={"min-width": "0"})
    wrap = [InlineStyleSheet(css=":host { flex-wrap: wrap; }")]
    layout_body: Any
    if not any(members.values()):  # a mechanic with no inputs (the initiative roll): its one answer alone
        layout_body = answer
    elif len(sections) == 1:
        # Controls beside the answer on a laptop, above it on a phone: the row wraps once the answer
        # would get narrower than a readable table (a 390 px screen fits one column, not two).
        sections[0].styles = {"flex": "0 1 260px", "min-width": "220px"}
        # In a row the basis is a width.  Only here: in a column a basis is a height, and 300 px of it held
        # the answer's table below the widget's edge, to be scrolled for inside the page's output box.
        answer.styles = {"flex": "1 1 300px", "min-width": "0"}
        layout_body = row(sections[0], answer, sizing_mode="stretch_width", stylesheets=wrap)
    else:
        # A fight: the whole setting, then the sides in two columns (one above the other on a phone), then the answer.
        first = [sections.pop(0)] if keys[0] == "" else []
        layout_body = column(*first, row(*sections, sizing_mode="stretch_width", stylesheets=wrap), answer,
                      sizing_mode="stretch_width")
    layout = column(head, layout_body, sizing_mode="stretch_width", max_width=width, name=f"{rid}:widget")
    # Fill the first view as the page opens, so the answer is there before any control is touched.
    from bokeh.document import Document

    doc = Document()
    doc.add_root(layout)
    doc.js_on_event("document_ready", cb)
    return layout
