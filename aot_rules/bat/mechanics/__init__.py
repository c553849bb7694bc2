"""Batalist: registry entries, one module per rules area.

Nothing registers on import: :func:`build_registry` builds the system's registry
when ``aot_rules.systems`` asks for it.
"""

from __future__ import annotations

from aot_rules.bat.mechanics import combat, magic, turn
from aot_rules.core.registry import Registry

AREAS = (turn, combat, magic)


def build_registry() -> Registry:
    """Every Batalist mechanic, in the order the book teaches them."""
    reg = Registry("bat", "BAT-", "Batalist")
    for area in AREAS:
        area.register(reg)
    return reg
