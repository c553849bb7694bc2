"""Which section of a calculator an input belongs to: one side of a fight, the readings, or the rest.

Why a module of its own: the live widget (ipywidgets) and the static widget (Bokeh) group a fight's
inputs the same way, each side in its own collapsible section, so a player setting side B still sees the
answer; both read the grouping here.
"""

from __future__ import annotations

from aot_rules.core.i18n import Message, msg, nmsg, text
from aot_rules.core.params import Param

#: Groups of a fight's inputs, by name prefix, and their headings.
SIDES: dict[str, Message] = {"a_": msg("Side A"), "b_": msg("Side B"), "a1_": msg("First attacker"),
                             "a2_": msg("Second attacker"), "target_": msg("The target"),
                             "shooter_": msg("The shooters")}
#: The section of the alternative readings' toggles.
READINGS = "readings"


def section(p: Param) -> str:
    """``p``'s section: a key of :data:`SIDES`, :data:`READINGS`, or "" for the inputs of the whole setting."""
    if p.reading:
        return READINGS
    return next((k for k in sorted(SIDES, key=len, reverse=True) if p.name.startswith(k)), "")


def heading(key: str, count: int) -> str:
    """A section's heading in the language in force (the readings' says how many there are, since the section
    starts closed)."""
    if key == READINGS:
        return text(nmsg("Reading of an ambiguous rule ({n})", "Readings of ambiguous rules ({n})", n=count))
    return text(SIDES[key]) if key in SIDES else ""
