"""The rule systems the book covers, each with its own registry, loaded explicitly.

A new rule system is a package beside ``aot_rules.aot`` (``aob``, ``sp``, ``bat``) with
a ``mechanics.build_registry()`` and an ``examples.EXAMPLES``, and one line here.
Rule IDs carry the system's prefix, so they cannot clash;
short keys (``shoot``) must be unique across systems, which :func:`registries`
checks.
"""

from __future__ import annotations

import difflib
import importlib
from collections.abc import Callable
from functools import cache
from typing import Any

from aot_rules.aob.mechanics import build_registry as age_of_battles
from aot_rules.aot.mechanics import build_registry as art_of_tactics
from aot_rules.bat.mechanics import build_registry as batalist
from aot_rules.core.errors import RuleError
from aot_rules.core.example import Example
from aot_rules.core.i18n import msg
from aot_rules.core.registry import Mechanic, Registry
from aot_rules.sp.mechanics import build_registry as skirmish

SYSTEMS: dict[str, Callable[[], Registry]] = {"aot": art_of_tactics, "aob": age_of_battles, "sp": skirmish,
                                              "bat": batalist}
#: Each system's worked examples (``EXAMPLES`` in ``aot_rules.<system>.examples``), imported on first use.
EXAMPLE_MODULES = tuple(f"aot_rules.{name}.examples" for name in SYSTEMS)


@cache
def registries() -> tuple[Registry, ...]:
    regs = tuple(build() for build in SYSTEMS.values())
    keys = [m.key for reg in regs for m in reg]
    clashes = sorted({k for k in keys if keys.count(k) > 1})
    if clashes:
        raise ValueError(f"short keys used by more than one system: {clashes}")
    return regs


@cache
def examples() -> dict[str, Callable[[], Example]]:
    """Every system's worked examples by example ID (``AOT-EX-…``, ``AOB-EX-…``, …)."""
    out: dict[str, Callable[[], Example]] = {}
    for module in EXAMPLE_MODULES:
        out.update(importlib.import_module(module).EXAMPLES)
    return out


def all_mechanics() -> list[Mechanic[Any]]:
    """Every registered mechanic of every system, in registration order."""
    return [m for reg in registries() for m in reg]


def get(name: str) -> Mechanic[Any]:
    """A mechanic by rule ID (any case) or short key, from whichever system has it.

    >>> get("shoot").rule_id, get("aot-shoot-hit").key
    ('AOT-SHOOT-RESULT', 'hit')
    """
    for reg in registries():
        m = reg.find(name)
        if m is not None:
            return m
    # The list of mechanics outgrew one line: suggest the nearest names and point at the full list.
    names = [m.rule_id for m in all_mechanics()] + [m.key for m in all_mechanics()]
    near = difflib.get_close_matches(name.upper() if name.upper().startswith(("AOT", "AOB", "BAT", "SP")) else name,
                                     names, n=3, cutoff=0.6)
    shown = name if len(name) <= 40 else name[:40] + "…"
    if near:
        raise RuleError("REGISTRY", msg("unknown mechanic {name}; did you mean {near}? 'odds --list' lists them all",
                                        name=repr(shown), near=", ".join(near)))
    raise RuleError("REGISTRY", msg("unknown mechanic {name}; 'odds --list' lists them all", name=repr(shown)))
