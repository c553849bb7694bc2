"""Age of Battles (corrections): registry entries, one module per rules area.

Nothing registers on import: :func:`build_registry` builds the system's registry
when ``aot_rules.systems`` asks for it.
"""

from __future__ import annotations

from aot_rules.aob.mechanics import clash, steadiness
from aot_rules.core.registry import Registry

AREAS = (clash, steadiness)


def build_registry() -> Registry:
    """Every Age of Battles (corrections) mechanic, in the order the book teaches them."""
    reg = Registry("aob", "AOB-", "Age of Battles (corrections)")
    for area in AREAS:
        area.register(reg)
    return reg
