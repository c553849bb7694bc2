"""The army builder of the JupyterLab play aids: edit an army's units, see the validator's verdict live
(every broken rule with its rule ID), export a YAML file that ``army validate`` accepts, and hand the
army's units to the odds calculators (:func:`take_unit`).

A face like the live widgets: it only edits the army file's data; :func:`~aot_rules.aot.army.load.army_from_data`
reads it (schema check) and :func:`~aot_rules.aot.army.validate.validate` judges it, so the builder can
never accept an army the command line refuses.  Needs the ``army`` extra (PyYAML, jsonschema).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

from aot_rules.aot.units import Unit
from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import Message, msg, nmsg, text


def shipped_army_data(name: str) -> dict[str, Any]:
    """A shipped army file's data (``greeks-legal``), to start from."""
    import yaml  # type: ignore[import-untyped]  # PyYAML ships no type information

    from aot_rules.aot.army import shipped_path

    data: dict[str, Any] = yaml.safe_load(shipped_path("armies", name).read_text(encoding="utf-8"))
    return data


def army_data(start: str | Path) -> dict[str, Any]:
    """An army's data from a file (``my-army.yaml``, any path) or a shipped army's id (``greeks-legal``).

    Read as the command line reads it (size limit, no aliases, no doubled keys); the schema and the rules
    are judged later by the verdict, so an unfinished army can still be opened and mended.
    """
    from aot_rules.aot.army import ArmyFileError
    from aot_rules.aot.army.load import read_data, shipped_names

    text = str(start)
    if text in shipped_names("armies"):
        return shipped_army_data(text)
    data = read_data(Path(text), text)
    if not isinstance(data, dict) or data.get("kind") != "army" or not isinstance(data.get("units"), list):
        raise ArmyFileError(text, msg("this file is not an army (kind: army, with its units)"))
    return data


def _ranks(text: str) -> list[int] | None:
    """Ranks as the builder's box holds them (``4,4``); None when a part is not a whole number."""
    try:
        return [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        return None


def builder_problems(data: dict[str, Any]) -> list[tuple[str, str, Message]]:
    """What the builder's own boxes hold that the army file cannot say, each as (rule ID, unit, why).

    Checked before the file's schema so a player never reads schema wording ("units[6].ranks: [] should be
    non-empty"): each refusal names the rule and the unit.
    """
    out: list[tuple[str, str, Message]] = []
    names = [str(u.get("name", "")).strip() for u in data.get("units", [])]
    for i, u in enumerate(data.get("units", [])):
        unit = names[i] or str(msg("unit {n}", n=i + 1))
        if not names[i]:
            out.append(("AOT-ARMY-LIST", unit, msg("give the unit a name")))
        elif names.count(names[i]) > 1:
            out.append(("AOT-ARMY-LIST", unit, msg("another unit has this name; each unit needs its own")))
        ranks = u.get("ranks")
        if not isinstance(ranks, list) or not ranks or not all(isinstance(r, int) and r > 0 for r in ranks):
            out.append(("AOT-ARMY-UNIT-SIZE", unit,
                        msg("give its ranks as whole numbers, front rank first (e.g. 4,4)")))
    return out


def _points(data: dict[str, Any]) -> str:
    """The army's points so far (units the builder cannot read yet left out), or "—"."""
    from aot_rules.aot.army import ArmyFileError, army_from_data, cost_sheet, points_str

    bad = {unit for _, unit, _ in builder_problems(data)}
    trial = copy.deepcopy(data)
    trial["units"] = [u for u in trial.get("units", []) if str(u.get("name", "")).strip() not in bad]
    try:
        return points_str(cost_sheet(army_from_data(trial, "<builder>")).total)
    except (ArmyFileError, RuleError):
        return "—"


def budget_html(data: dict[str, Any]) -> str:
    """The points spent against the budget, shown whatever state the army is in."""
    from aot_rules.aot.army import BUDGET

    n = len(data.get("units", []))
    said = nmsg("{points} of {budget} points · {n} unit", "{points} of {budget} points · {n} units", n=n,
                points=_points(data), budget=BUDGET)
    return f'<div data-budget="1"><b>{escape(str(said))}</b></div>'


def _refusals(lines: Sequence[tuple[str, str, Message | str]]) -> str:
    return ('<div data-error="1" style="color:#9b1c1c">' + "<br>".join(
        f"<b>{escape(r)}</b>: {escape(u)}: {escape(str(w))}" for r, u, w in lines)
        + "</div>")


def verdict_html(data: dict[str, Any]) -> str:
    """The validator's verdict on ``data``: the budget always, then legal, or one line per broken rule."""
    from aot_rules.aot.army import ArmyFileError, army_from_data, validate

    budget = budget_html(data)
    own = builder_problems(data)
    if own:
        return budget + _refusals(own)
    try:
        army = army_from_data(copy.deepcopy(data), "<builder>")
    except ArmyFileError as e:
        return budget + _refusals([("AOT-ARMY-LIST", str(msg("army")), e.message)])
    except RuleError as e:
        return budget + _refusals([(e.rule_id, str(msg("army")), e.message)])
    bad = validate(army)
    if not bad:
        return budget + f'<div data-legal="1" style="color:#23622f"><b>{escape(str(msg("Legal")))}</b></div>'
    return budget + _refusals([(v.rule_id, text(v.unit), v.message) for v in bad])


def export(data: dict[str, Any], path: Path | str) -> Path:
    """Write ``data`` as an army YAML file (the list named by its shipped id)."""
    import yaml

    out = Path(path)
    out.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return out


def rename_unit(data: dict[str, Any], old: str, new: str) -> None:
    """Rename a unit and every commander standing in it, so a renamed unit keeps its general."""
    for u in data.get("units", []):
        if u.get("name") == old:
            u["name"] = new
    for c in data.get("commanders", []):
        if c.get("unit") == old:
            c["unit"] = new


def army_builder(start: str | Path = "greeks-legal") -> Any:
    """An ipywidgets army editor starting from a shipped army or an army file: each unit's name, list entry,
    ranks and options; add and remove units; the budget and the verdict update on every change; **Import**
    reads a file, **Export** writes one."""
    import ipywidgets as w

    from aot_rules.aot.army import ArmyFileError, shipped_list
    from aot_rules.aot.army.model import FILE_RANKS, Marker
    from aot_rules.aot.units import Property

    data = army_data(start)
    try:
        listed = {e.name: e for c in shipped_list(data["list"]).contingents for e in (*c.core, *c.auxiliary)}
    except (ArmyFileError, RuleError, KeyError, TypeError):
        listed = {}
    entries = list(listed)
    verdict = w.HTML()
    rows = w.VBox()
    commanders = w.VBox()
    slots = w.HBox(layout=w.Layout(flex_flow="row wrap"))
    title = w.HTML()
    path = w.Text(value=str(start) if str(start).endswith((".yaml", ".yml")) else "my-army.yaml",
                  description=str(msg("file")), layout=w.Layout(width="auto"))
    saved = w.HTML()

    def refresh(*_: Any) -> None:
        verdict.value = verdict_html(data)

    def optional(entry: str) -> list[str]:
        """The bracketed items of a list entry: the only options a unit of it may take (AOT-ARMY-LIST)."""
        return [str(o) for o in listed[entry].optional] if entry in listed else []

    def row(i: int) -> Any:
        u = data["units"][i]
        name = w.Text(value=u["name"], description=str(msg("unit")), continuous_update=False,
                      layout=w.Layout(width="auto"))
        entry = w.Dropdown(options=sorted(set(entries) | {u["entry"]}), value=u["entry"], layout=w.Layout(width="auto"))
        ranks = w.Text(value=",".join(map(str, u.get("ranks", []))), description=str(msg("ranks")),
                       layout=w.Layout(width="10em"))
        options = w.TagsInput(value=list(u.get("options", [])), allowed_tags=optional(u["entry"]),
                              allow_duplicates=False, tooltip=str(msg("options of the list entry")))
        markers = w.TagsInput(value=list(u.get("markers", [])), allowed_tags=[m.value for m in Marker],
                              allow_duplicates=False, tooltip=str(msg("marker figures")))
        elite = w.TagsInput(value=list(u.get("elite", [])), allowed_tags=[p.value for p in Property],
                            allow_duplicates=False, tooltip=str(msg("an elite unit's two properties")))
        recruit = w.Checkbox(value=bool(u.get("recruit", False)), description=str(msg("recruits")), indent=False,
                             layout=w.Layout(width="auto"))
        remove = w.Button(description=str(msg("remove")), layout=w.Layout(width="auto"))
        labelled = [w.HBox([w.Label(label), tags]) for label, tags in
                    ((str(msg("options")), options), (str(msg("markers")), markers),
                     (str(msg("elite")), elite))]

        def changed(*_: Any) -> None:
            old = u["name"]
            rename_unit(data, old, name.value.strip())
            u["entry"] = entry.value
            allowed = optional(entry.value)
            if list(options.allowed_tags) != allowed:
                options.allowed_tags = allowed
                options.value = [o for o in options.value if o in allowed]
            got = _ranks(ranks.value)
            u["ranks"] = got if got is not None else ranks.value
            for key, tags in (("options", options), ("markers", markers), ("elite", elite)):
                u[key] = list(tags.value)
                if not u[key]:
                    u.pop(key)
            u["recruit"] = recruit.value
            if not u["recruit"]:
                u.pop("recruit")
            if u["name"] != old:
                draw_command()
            refresh()

        def drop(*_: Any) -> None:
            del data["units"][i]
            draw()

        for c in (name, entry, ranks, options, markers, elite, recruit):
            c.observe(changed, names="value")
        remove.on_click(drop)
        return w.HBox([name, entry, ranks, *labelled, recruit, remove], layout=w.Layout(flex_flow="row wrap"))

    def commander_row(j: int) -> Any:
        c = data["commanders"][j]
        units = [u["name"] for u in data["units"]]
        name = w.Text(value=c["name"], description=str(msg("commander")), continuous_update=False,
                      layout=w.Layout(width="auto"))
        rank = w.Dropdown(options=[r.value for r in FILE_RANKS], value=c["rank"], layout=w.Layout(width="auto"))
        unit = w.Dropdown(options=units if c["unit"] in units else [*units, c["unit"]], value=c["unit"],
                          description=str(msg("in")), layout=w.Layout(width="auto"))
        chief = w.Checkbox(value=bool(c.get("c_in_c", False)), description=str(msg("commander-in-chief")), indent=False,
                           layout=w.Layout(width="auto"))

        def changed(*_: Any) -> None:
            old, c["name"] = c["name"], name.value.strip()
            c["rank"], c["unit"], c["c_in_c"] = rank.value, unit.value, chief.value
            if not c["c_in_c"]:
                c.pop("c_in_c")
            if c["name"] != old:  # his slots stay his
                for k, v in data.get("slots", {}).items():
                    data["slots"][k] = [c["name"] if x == old else x for x in v] if isinstance(v, list) else (
                        c["name"] if v == old else v)
                draw_command()
            refresh()

        for x in (name, rank, unit, chief):
            x.observe(changed, names="value")
        return w.HBox([name, rank, unit, chief], layout=w.Layout(flex_flow="row wrap"))

    def slot_box(key: Any) -> Any:
        said = data["slots"][key]
        shown = ", ".join(said) if isinstance(said, list) else str(said)
        who = ["individual", *(c["name"] for c in data.get("commanders", []))]
        slot = w.Dropdown(options=who if shown in who else [*who, shown], value=shown, description=str(key),
                          style={"description_width": "initial"}, layout=w.Layout(width="auto"))

        def changed(*_: Any) -> None:
            data["slots"][key] = slot.value
            refresh()

        slot.observe(changed, names="value")
        return slot

    def draw_command() -> None:
        commanders.children = [commander_row(j) for j in range(len(data.get("commanders", [])))]
        slots.children = [w.Label(str(msg("slots of the initiative die:"))),
                          *(slot_box(k) for k in data.get("slots", {}))]

    def draw() -> None:
        title.value = str(msg("{name} · list {list} · the validator (AOT-ARMY-*) answers on every change",
                              name=f"<b>{escape(str(data.get('name', '')))}</b>",
                              list=f"<code>{escape(str(data.get('list', '')))}</code>"))
        rows.children = [row(i) for i in range(len(data["units"]))]
        draw_command()
        refresh()

    def load(*_: Any) -> None:
        try:
            got = army_data(path.value.strip())
        except (ArmyFileError, RuleError) as e:
            saved.value = ('<div data-error="1" style="color:#9b1c1c">'
                           f'{escape(str(msg("Not imported: {refusal}", refusal=str(e))))}</div>')
            return
        data.clear()
        data.update(got)
        saved.value = str(msg("Imported {file}", file=f"<code>{escape(path.value.strip())}</code>"))
        draw()

    def add(*_: Any) -> None:
        data["units"].append({"name": str(msg("New unit {n}", n=len(data["units"]) + 1)), "entry": entries[0],
                              "ranks": [4, 4]})
        draw()

    def save(*_: Any) -> None:
        out = export(data, path.value)
        saved.value = str(msg("Written {file}: check it with {command}", file=f"<code>{escape(str(out))}</code>",
                              command=f"<code>python -m aot_rules army validate {escape(str(out))}</code>"))

    more, write, read = w.Button(description=str(msg("Add a unit"))), w.Button(
        description=str(msg("Export"))), w.Button(description=str(msg("Import")))
    more.on_click(add)
    write.on_click(save)
    read.on_click(load)
    draw()
    box = w.VBox([title, verdict, rows, w.HBox([more]), commanders, slots, w.HBox([path, read, write]), saved])
    box._aot_data = data
    box._aot_rows = rows
    box._aot_commanders = commanders
    box._aot_slots = slots
    box._aot_verdict = verdict
    box._aot_file = path
    box._aot_buttons = {"add": more, "import": read, "export": write}
    box._aot_saved = saved
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


__all__ = ["army_builder", "army_data", "army_units", "budget_html", "builder_problems", "export", "rename_unit",
           "shipped_army_data", "take_unit", "verdict_html"]
