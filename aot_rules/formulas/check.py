"""Compare a derivation with the engine: every law the formula gives must equal the engine's exactly."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from aot_rules.core.registry import Mechanic
from aot_rules.formulas.forms import Form, Maths


def engine_laws(m: Mechanic[Any], form: Form, kwargs: Mapping[str, Any]) -> dict[str, dict[Any, Fraction]]:
    """The engine's exact answers at one grid point, as laws: distributions, events (True/False) and
    families of events (``family:member``): what the engine reports, and nothing a form asks of it besides (a form
    that fetched an intermediate law from the engine would compare the rule with a second copy of itself)."""
    out = m.evaluate(**kwargs)
    laws: dict[str, dict[Any, Fraction]] = {name: dict(d.items()) for name, d in out.dists.items()}
    flags = {**out.events, **{f"{g}:{k}": p for g, ms in out.groups.items() for k, p in ms.items()}}
    for name, p in flags.items():
        laws[name] = {v: q for v, q in ((True, p), (False, 1 - p)) if q}
    return laws


def mismatches(maths: Maths, engine: Mapping[str, Mapping[Any, Fraction]]) -> list[str]:
    """What differs between the formula's laws and the engine's (empty: they agree exactly).

    A formula that gives no law at all, or only laws the engine does not report, is a mismatch too:
    a comparison of nothing proves nothing.
    """
    compared = [name for name in maths.laws if name in engine]
    if not compared:
        return [f"nothing to compare: the formula gives {sorted(maths.laws)}, the engine {sorted(engine)}"]
    out = []
    for name in compared:
        mine = {k: v for k, v in maths.laws[name].items() if v}
        if mine != dict(engine[name]):
            out.append(f"{name}: formula {sorted(mine.items(), key=str)} != engine "
                       f"{sorted(engine[name].items(), key=str)}")
    return out
