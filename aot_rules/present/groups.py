"""Which section of a calculator an input belongs to: one side of a fight, the readings, or the rest.

Why a module of its own: the live widget (ipywidgets) and the static widget (Bokeh) group a fight's
inputs the same way, each side in its own collapsible section, so a player setting side B still sees the
answer; both read the grouping here.
"""

from __future__ import annotations

from aot_rules.core.params import Param

#: Groups of a fight's inputs, by name prefix, and their headings.
SIDES = {"a_": "Side A", "b_": "Side B", "a1_": "First attacker", "a2_": "Second attacker", "target_": "The target",
         "shooter_": "The shooters"}
#: The section of the alternative readings' toggles.
READINGS = "readings"


def section(p: Param) -> str:
    """``p``'s section: a key of :data:`SIDES`, :data:`READINGS`, or "" for the inputs of the whole setting."""
    if p.reading:
        return READINGS
    return next((k for k in sorted(SIDES, key=len, reverse=True) if p.name.startswith(k)), "")


def heading(key: str, count: int) -> str:
    """A section's heading (the readings' says how many there are, since the section starts closed)."""
    return f"Readings of ambiguous rules ({count})" if key == READINGS else SIDES.get(key, "")
