"""The skirmish fragment: registry entries, one module per rules area.

Nothing registers on import: :func:`build_registry` builds the system's registry
when ``aot_rules.systems`` asks for it.
"""

from __future__ import annotations

from aot_rules.core.registry import Registry
from aot_rules.sp.mechanics import combat, movement

AREAS = (movement, combat)


def build_registry() -> Registry:
    """Every The skirmish fragment mechanic, in the order the book teaches them."""
    reg = Registry("sp", "SP-", "The skirmish fragment")
    for area in AREAS:
        area.register(reg)
    return reg
