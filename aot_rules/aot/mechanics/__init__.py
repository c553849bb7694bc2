"""Art of Tactics' registry entries, one module per rules area.

Nothing registers on import: :func:`build_registry` builds the system's
registry when ``aot_rules.systems`` asks for it.
"""

from __future__ import annotations

from aot_rules.aot.mechanics import (
    artillery,
    chariots,
    command,
    disorder,
    elephants,
    evasion,
    melee,
    movement,
    reactions,
    run_trot,
    setup,
    shooting,
    turning,
    weather,
)
from aot_rules.core.registry import Registry

AREAS = (command, weather, setup, movement, run_trot, evasion, turning, shooting, reactions, melee, disorder,
         elephants, chariots, artillery)


def build_registry() -> Registry:
    """Every Art of Tactics mechanic, registered in the order the book teaches them."""
    reg = Registry("aot", "AOT-", "Art of Tactics")
    for area in AREAS:
        area.register(reg)
    return reg
