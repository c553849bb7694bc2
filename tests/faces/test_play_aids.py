"""The JupyterLab play aids built on the live widgets: compare, the army builder and its units in the odds."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from aot_rules.core.format import fraction_str
from aot_rules.present.army_builder import army_builder, army_units, export, take_unit, verdict_html
from aot_rules.present.live import compare_widget, live_controls, live_widget
from aot_rules.systems import get

ROOT = Path(__file__).resolve().parents[2]


def test_compare_shows_the_exact_difference_of_each_headline_chance() -> None:
    box = compare_widget("AOT-MELEE-RESULT")
    _, second = box._aot_pair
    live_controls(second)["a_ranks"].value = "5,5"
    m = get("AOT-MELEE-RESULT")
    a, b = m.evaluate().events["a_wins"], m.evaluate(a_ranks="5,5").events["a_wins"]
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
