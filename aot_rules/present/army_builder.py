"""The army builder of the JupyterLab play aids: edit an army's units, see the validator's verdict live
(every broken rule with its rule ID), export a YAML file that ``army validate`` accepts, and hand the
army's units to the odds calculators (:func:`take_unit`).

A face like the live widgets: it only edits the army file's data; :func:`~aot_rules.aot.army.load.army_from_data`
reads it (schema check) and :func:`~aot_rules.aot.army.validate.validate` judges it, so the builder can
never accept an army the command line refuses.  Needs the ``army`` extra (PyYAML, jsonschema).
"""

from __future__ import annotations

import copy
from html import escape
from pathlib import Path
from typing import Any

from aot_rules.aot.units import Unit
from aot_rules.core.errors import RuleError


def shipped_army_data(name: str) -> dict[str, Any]:
    """A shipped army file's data (``greeks-legal``), to start from."""
    import yaml  # type: ignore[import-untyped]  # PyYAML ships no type information

    from aot_rules.aot.army import shipped_path

    data: dict[str, Any] = yaml.safe_load(shipped_path("armies", name).read_text(encoding="utf-8"))
    return data


def verdict_html(data: dict[str, Any]) -> str:
    """The validator's verdict on ``data``: legal with its points, or one line per broken rule."""
    from aot_rules.aot.army import ArmyFileError, army_from_data, cost_sheet, points_str, validate

    try:
        army = army_from_data(copy.deepcopy(data), "<builder>")
    except (ArmyFileError, RuleError) as e:
        return f'<div data-error="1" style="color:#9b1c1c">{escape(str(e))}</div>'
    bad = validate(army)
    if not bad:
        return (f'<div data-legal="1" style="color:#23622f"><b>Legal</b>: {points_str(cost_sheet(army).total)} '
                f"points, {len(army.units)} units</div>")
    return ('<div data-error="1" style="color:#9b1c1c">' + "<br>".join(
        f"<b>{escape(v.rule_id)}</b>: {escape(v.unit)}: {escape(v.message)}" for v in bad) + "</div>")


def export(data: dict[str, Any], path: Path | str) -> Path:
    """Write ``data`` as an army YAML file (the list named by its shipped id)."""
    import yaml

    out = Path(path)
    out.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return out


def army_builder(start: str = "greeks-legal") -> Any:
    """An ipywidgets army editor starting from a shipped army: each unit's name, list entry, ranks and
    options; add and remove units; the verdict updates on every change; **Export** writes the file."""
    import ipywidgets as w

    from aot_rules.aot.army import shipped_list

    data = shipped_army_data(start)
    entries = [e.name for c in shipped_list(data["list"]).contingents for e in (*c.core, *c.auxiliary)]
    verdict = w.HTML()
    rows = w.VBox()
    path = w.Text(value="my-army.yaml", description="file", layout=w.Layout(width="auto"))
    saved = w.HTML()

    def refresh(*_: Any) -> None:
        verdict.value = verdict_html(data)

    def row(i: int) -> Any:
        u = data["units"][i]
        name = w.Text(value=u["name"], description="unit", layout=w.Layout(width="auto"))
        entry = w.Dropdown(options=sorted(set(entries) | {u["entry"]}), value=u["entry"], layout=w.Layout(width="auto"))
        ranks = w.Text(value=",".join(map(str, u.get("ranks", []))), description="ranks",
                       layout=w.Layout(width="10em"))
        options = w.Text(value=",".join(u.get("options", [])), description="options", placeholder="—",
                         layout=w.Layout(width="auto"))
        remove = w.Button(description="remove", layout=w.Layout(width="auto"))

        def changed(*_: Any) -> None:
            u["name"], u["entry"] = name.value.strip(), entry.value
            try:
                u["ranks"] = [int(x) for x in ranks.value.split(",") if x.strip()]
            except ValueError:
                u["ranks"] = []
            u["options"] = [o.strip() for o in options.value.split(",") if o.strip()]
            if not u["options"]:
                u.pop("options")
            refresh()

        def drop(*_: Any) -> None:
            del data["units"][i]
            draw()

        for c in (name, entry, ranks, options):
            c.observe(changed, names="value")
        remove.on_click(drop)
        return w.HBox([name, entry, ranks, options, remove], layout=w.Layout(flex_flow="row wrap"))

    def draw() -> None:
        rows.children = [row(i) for i in range(len(data["units"]))]
        refresh()

    def add(*_: Any) -> None:
        data["units"].append({"name": f"New unit {len(data['units']) + 1}", "entry": entries[0], "ranks": [4, 4]})
        draw()

    def save(*_: Any) -> None:
        out = export(data, path.value)
        saved.value = f"Written <code>{escape(str(out))}</code>: check it with <code>python -m aot_rules army " \
                      f"validate {escape(str(out))}</code>"

    more, write = w.Button(description="Add a unit"), w.Button(description="Export")
    more.on_click(add)
    write.on_click(save)
    draw()
    box = w.VBox([w.HTML(f"<b>{escape(data['name'])}</b> · list <code>{escape(data['list'])}</code> · "
                         "the validator (AOT-ARMY-*) answers on every change"), rows, w.HBox([more]), verdict,
                  w.HBox([path, write]), saved])
    box._aot_data = data
    return box


def army_units(box: Any) -> dict[str, Unit]:
    """The builder's units as the engine stands them on the table (exotic troops left out)."""
    from aot_rules.aot.army import army_from_data

    army = army_from_data(copy.deepcopy(box._aot_data), "<builder>")
    out: dict[str, Unit] = {}
    for u in army.units:
        try:
            out[u.name] = army.engine_unit(u)
        except RuleError:
            continue
    return out


def take_unit(odds: Any, unit: Unit, prefix: str = "a_") -> list[str]:
    """Set the inputs of one side of a live odds widget (``a_``, ``b_``, ``target_``…) from ``unit``;
    return the names set.  Every control stays editable afterwards."""
    from aot_rules.present.live import live_controls

    controls = live_controls(odds)
    said = {"ranks": ",".join(map(str, unit.ranks)), "density": unit.density, "mounted": unit.mounted,
            "shield": unit.shield, "armour": unit.armour, "horse_armour": unit.horse_armour, "veteran": unit.veteran,
            "stubborn": unit.stubborn, "recruit": unit.recruit, "regular": unit.regular, "pavise": unit.pavise}
    weapons = [str(unit.weapon), *([str(unit.missile)] if unit.missile is not None else [])]
    done = []
    for name, c in controls.items():
        if not name.startswith(prefix):
            continue
        field = name[len(prefix):]
        if field == "weapon":
            options = [o[1] if isinstance(o, tuple) else o for o in c.options]
            value: Any = next((x for x in weapons if x in options), None)
        else:
            value = said.get(field)
        if value is None:
            continue
        c.value = value
        done.append(name)
    return done


__all__ = ["army_builder", "army_units", "export", "shipped_army_data", "take_unit", "verdict_html"]
