"""The static widget's packed tables survive outcome labels that contain the packing's own separators."""

from __future__ import annotations

from urllib.parse import unquote

from aot_rules.core.format import fraction_str
from aot_rules.present.render import shown
from aot_rules.present.static import lookup, precompute
from aot_rules.systems import get


def _unpack(text: str) -> list[list[str]]:
    """What widget.js does: split rows on ';', cells on ':', and decode each cell."""
    return [[unquote(cell) for cell in row.split(":")] for row in text.split(";")]


def test_labels_with_colons_and_semicolons_round_trip() -> None:
    m = get("SP-SHOOT-RIDER")  # outcomes such as "the mount dies; the rider is on foot"
    table = precompute(m)
    combo = next(iter(m.grid()))
    want = m.evaluate(**combo).dists[m.evaluate(**combo).main]
    rows = _unpack(lookup(table.payload(), 0)["m"])
    assert any(";" in shown(o) for o in want.outcomes())  # the case this test is about
    assert {r[0]: r[1] for r in rows} == {shown(o): fraction_str(p) for o, p in want.items()}
