"""The static widget's bar chart, laid out so that its outcome labels never overlap.

Why a module of its own: which way the bars run depends on the labels a mechanic can show, which only the
precomputed table knows.  Short labels (counts such as 0…12) stand under vertical bars; long ones ("A wins",
"the mount dies; the rider is on foot") or many categories get horizontal bars, one label per line, so a
phone's narrow column never crowds them.  widget.js fills either layout the same way (the factor range's
``factors`` and the source's ``x``/``top`` columns).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

from aot_rules.core.i18n import msg, text

#: Labels longer than this, or more categories than MAX_COLUMNS, switch the chart to horizontal bars.
MAX_LABEL = 4
MAX_COLUMNS = 14
ROW_PX = 24


def outcome_labels(results: list[dict[str, Any]]) -> list[list[str]]:
    """Each result's outcome labels, as widget.js unpacks them (rows ';', cells ':', percent-escaped)."""
    return [[unquote(row.split(":")[0]) for row in r["m"].split(";")] for r in results if "m" in r]


def horizontal(results: list[dict[str, Any]]) -> bool:
    """Whether some setting's labels would crowd a column of vertical bars."""
    laws = outcome_labels(results)
    return any(len(labels) > MAX_COLUMNS or max(map(len, labels)) > MAX_LABEL for labels in laws if labels)


def answer_chart(results: list[dict[str, Any]], xr: Any, src: Any, name: str) -> Any:
    """The Bokeh figure of a widget's main law over ``xr`` (a FactorRange) and ``src`` (x, top, color)."""
    from bokeh.models import DataRange1d
    from bokeh.plotting import figure

    if horizontal(results):
        rows = max((len(labels) for labels in outcome_labels(results)), default=1)
        fig = figure(y_range=xr, x_range=DataRange1d(start=0), height=max(150, 50 + ROW_PX * rows),
                     x_axis_label=text(msg("probability")), toolbar_location=None, sizing_mode="stretch_width",
                     name=name, tools="")
        fig.hbar(y="x", right="top", height=0.7, source=src, color="color")
        fig.ygrid.grid_line_color = None
    else:
        fig = figure(x_range=xr, y_range=DataRange1d(start=0), height=230, y_axis_label=text(msg("probability")),
                     toolbar_location=None, sizing_mode="stretch_width", name=name, tools="")
        fig.vbar(x="x", top="top", width=0.8, source=src, color="color")
        fig.xgrid.grid_line_color = None
    fig.toolbar.logo = None
    return fig
