"""The JupyterLab play aids built on the live widgets: compare, the army builder and its units in the odds."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from aot_rules.core.format import fraction_str
from aot_rules.keys import Event
from aot_rules.present.army_builder import army_builder, army_units, export, take_unit, verdict_html
from aot_rules.present.live import compare_any, compare_widget, live_controls, live_widget
from aot_rules.systems import all_mechanics, get

ROOT = Path(__file__).resolve().parents[2]


def test_compare_shows_the_exact_difference_of_each_headline_chance() -> None:
    box = compare_widget("AOT-MELEE-RESULT")
    _, second = box._aot_pair
    live_controls(second)["a_ranks"].value = "5,5"
    m = get("AOT-MELEE-RESULT")
    a, b = m.evaluate().event(Event.a_wins), m.evaluate(a_ranks="5,5").event(Event.a_wins)
    assert a != b
    assert f"data-diff='{fraction_str(b - a)}'" in box._aot_diff.value


def test_the_builder_judges_every_change_and_exports_a_file_the_cli_accepts(tmp_path: Path) -> None:
    box = army_builder("greeks-legal")
    data = box._aot_data
    assert 'data-legal="1"' in verdict_html(data)
    data["units"][0]["ranks"] = [6, 6]
    bad = verdict_html(data)
    assert 'data-error="1"' in bad and "AOT-ARMY-LIST" in bad
    data["units"][0]["ranks"] = [4, 4]
    path = export(data, tmp_path / "mine.yaml")
    proc = subprocess.run([sys.executable, "-m", "aot_rules", "army", "validate", str(path)], capture_output=True,
                          text=True, cwd=ROOT)
    assert proc.returncode == 0 and "legal" in proc.stdout


def test_an_army_unit_sets_one_side_of_a_calculator() -> None:
    units = army_units(army_builder("greeks-legal"))
    fight = live_widget("AOT-MELEE-RESULT")
    done = take_unit(fight, units["Akontists"], "b_")
    controls = live_controls(fight)
    assert {"b_ranks", "b_weapon", "b_shield"} <= set(done)
    assert controls["b_ranks"].value == "2,2" and controls["b_weapon"].value == "shooter"
    assert controls["a_ranks"].value == "4,4"  # the other side untouched


def test_the_builder_imports_an_army_file_it_or_the_cli_wrote(tmp_path: Path) -> None:
    """``army_builder('my.yaml')`` opens that file (it once looked for a shipped ``my.yaml.yaml``); Import too."""
    data = army_builder("greeks-legal")._aot_data
    data["name"] = "My own army"
    path = export(data, tmp_path / "my.yaml")
    box = army_builder(str(path))
    assert box._aot_data["name"] == "My own army" and 'data-legal="1"' in box._aot_verdict.value
    other = army_builder("greeks-legal")
    other._aot_file.value = str(path)
    other._aot_buttons["import"].click()
    assert other._aot_data["name"] == "My own army" and "Imported" in other._aot_saved.value
    other._aot_file.value = str(tmp_path / "missing.yaml")
    other._aot_buttons["import"].click()
    assert "Not imported" in other._aot_saved.value and other._aot_data["name"] == "My own army"


def test_the_budget_is_always_shown_and_refusals_name_a_rule_not_the_schema() -> None:
    from aot_rules.aot.army import BUDGET

    box = army_builder("greeks-legal")
    assert f"of {BUDGET} points" in box._aot_verdict.value
    ranks = box._aot_rows.children[6].children[2]  # the Akontists' ranks box
    ranks.value = ""
    shown = box._aot_verdict.value
    assert f"of {BUDGET} points" in shown and "AOT-ARMY-UNIT-SIZE" in shown and "Akontists" in shown
    assert "units[" not in shown and "non-empty" not in shown
    ranks.value = "2,x"
    assert "AOT-ARMY-UNIT-SIZE" in box._aot_verdict.value and "units[" not in box._aot_verdict.value
    ranks.value = "2,2"
    assert 'data-legal="1"' in box._aot_verdict.value


def test_renaming_a_unit_keeps_its_general() -> None:
    box = army_builder("greeks-legal")
    name = box._aot_rows.children[0].children[0]
    assert name.value == "Right-wing hoplites"
    name.value = "Pericles' own"
    pericles = next(c for c in box._aot_data["commanders"] if c["name"] == "Pericles")
    assert pericles["unit"] == "Pericles' own" and 'data-legal="1"' in box._aot_verdict.value


def test_options_markers_elite_commanders_and_slots_are_shown_and_editable() -> None:
    from aot_rules.aot.army import shipped_list

    box = army_builder("greeks-legal")
    data = box._aot_data
    picked = box._aot_rows.children[3]  # Picked hoplites: options, markers, elite as tag lists
    tags = {part.children[0].value: part.children[1] for part in picked.children if hasattr(part, "children")}
    entry = next(e for c in shipped_list(data["list"]).contingents for e in c.core if e.name == "Hoplites")
    assert list(tags["options"].allowed_tags) == [str(o) for o in entry.optional]
    assert tags["options"].value == ["armour"] and tags["elite"].value == ["stubborn", "regular"]
    tags["markers"].value = ["musician"]
    assert data["units"][3]["markers"] == ["musician"]
    names = [row.children[0].value for row in box._aot_commanders.children]
    assert names == [c["name"] for c in data["commanders"]]
    box._aot_commanders.children[0].children[0].value = "Perikles"  # renaming a general keeps his slots
    assert data["slots"][4] == data["slots"][5] == "Perikles" and 'data-legal="1"' in box._aot_verdict.value
    slot = next(s for s in box._aot_slots.children if getattr(s, "description", "") == "1")
    assert "Lamachos" in slot.options
    slot.value = "Lamachos"
    assert data["slots"][1] == "Lamachos"


@pytest.mark.parametrize("rule_id", [m.rule_id for m in all_mechanics()])
def test_every_calculator_has_a_compare_with_the_difference_in_view(rule_id: str) -> None:
    """Each mechanic compares (a named answer outcome by outcome), and the difference comes before the setups."""
    box = compare_widget(rule_id)
    assert box.children[0] is box._aot_diff
    assert "data-diff=" in box._aot_diff.value or "Not allowed" in box._aot_diff.value


def test_compare_any_switches_calculator() -> None:
    box = compare_any()
    box._aot_pick.value = "AOT-CMD-MESSENGER"
    (shown,) = box._aot_holder.children
    assert "the order: success" in shown._aot_diff.value
