"""The static widget's chart never crowds its outcome labels (aot_rules/present/chart.py)."""

from __future__ import annotations

from typing import Any

from aot_rules.present.chart import MAX_COLUMNS, MAX_LABEL, outcome_labels
from aot_rules.present.static import build, precompute
from aot_rules.systems import get


def chart(rule_id: str) -> Any:
    m = get(rule_id)
    layout = build(m, precompute(m))
    return layout.select_one({"name": f"{rule_id}:chart"})


def test_word_labels_get_horizontal_bars() -> None:
    fig = chart("SP-SHOOT-RIDER")  # "the mount dies; the rider is on foot", …
    (glyph,) = [r.glyph for r in fig.renderers]
    assert type(glyph).__name__ == "HBar"
    assert type(fig.y_range).__name__ == "FactorRange"


def test_short_counts_keep_vertical_bars_that_fit() -> None:
    m = get("AOT-SHOOT-HIT")
    fig = chart("AOT-SHOOT-HIT")
    (glyph,) = [r.glyph for r in fig.renderers]
    assert type(glyph).__name__ == "VBar"
    for labels in outcome_labels(precompute(m).results):
        assert len(labels) <= MAX_COLUMNS and max(map(len, labels)) <= MAX_LABEL
