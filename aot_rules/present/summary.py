"""One compact, display-ready summary of an Outcome, shared by every face.

The static widget ships these summaries as JSON and only lays them out in the
browser; the live widget and the CLI lay out the very same summary in Python.
"""

from __future__ import annotations

from typing import Any

from aot_rules.dice.dist import Dist, fraction_str
from aot_rules.registry import Outcome


def _label(o: Any) -> str:
    return str(o)


def dist_rows(out: Outcome, name: str, with_tail: bool) -> list[list[str]]:
    """[[outcome, P(=), P(at least)]] for numeric outcomes, [[outcome, P]] otherwise."""
    d = out.dists[name]
    rows = []
    for o, p in out.items(name):
        row = [_label(o), fraction_str(p)]
        if with_tail:
            row.append(fraction_str(d.p_ge(o)))
        rows.append(row)
    return rows


def is_numeric(d: Dist[Any]) -> bool:
    return all(isinstance(o, int) and not isinstance(o, bool) for o in d)


def summarise(out: Outcome, show: tuple[str, ...] | None = None) -> dict[str, Any]:
    """A JSON-ready summary: the main distribution with tails and statistics, then the rest.

    ``show`` limits the other distributions to those named (a widget's payload stays small).
    """
    main = out.dists[out.main]
    num = is_numeric(main)
    s: dict[str, Any] = {"t": out.label(out.main), "m": dist_rows(out, out.main, num)}
    if num:
        s["mean"] = fraction_str(main.mean())
        s["med"] = _label(main.median())
    others = [[out.label(n), dist_rows(out, n, False)] for n, d in out.dists.items()
              if n != out.main and len(d) > 1 and d != main and (show is None or n in show)]
    if others:
        s["o"] = others
    if out.events:
        s["e"] = [[out.label(n), fraction_str(p)] for n, p in out.events.items()]
    info = {k: ("+".join(map(str, v)) if isinstance(v, tuple) else
                fraction_str(v) if not isinstance(v, (str, int, list)) else v)
            for k, v in out.info.items()}
    if info:
        s["i"] = info
    return s
