"""What the Age of Battles part of the book can cover: the sheet's rule entries and their kinds.

The index lists 22 entries for the correction sheet; the book's introduction counts from this list and
from the registry at build time, so the numbers it states cannot drift from the code
(``tests/test_aob.py`` checks the list against the index wherever the index is present).
"""

from __future__ import annotations

from typing import NamedTuple


class Entry(NamedTuple):
    """One index entry: its ID, its kind as the index tags it, and what the sheet leaves to absent base rules."""

    rule_id: str
    kind: str
    rests_on_absent_rules: bool


ENTRIES: tuple[Entry, ...] = (
    Entry("AOB-SCOPE", "RULE", True),
    Entry("AOB-SHOOT-REAR-RANKS", "RULE+GEO", True),
    Entry("AOB-SLINGERS", "RULE", True),
    Entry("AOB-SHOOT-MOVE", "RULE", False),
    Entry("AOB-SINGLE-FIGURE", "GEO", False),
    Entry("AOB-DEPLOY-ROLES", "DICE", False),
    Entry("AOB-GENERAL", "DICE", True),
    Entry("AOB-STANDARD", "DICE", True),
    Entry("AOB-MUSICIAN", "RULE", False),
    Entry("AOB-GLORY", "RULE (formula)", False),
    Entry("AOB-CLASH", "DICE", False),
    Entry("AOB-CLASH-FACTORS", "RULE (modifier table)", False),
    Entry("AOB-CLASH-RANKS", "RULE", False),
    Entry("AOB-CLASH-CASUALTIES", "DICE", False),
    Entry("AOB-CLASH-TERRAIN", "RULE", False),
    Entry("AOB-CLASH-MULTI", "RULE", False),
    Entry("AOB-COVERED-FLANK", "GEO", False),
    Entry("AOB-MELEE", "RULE", True),
    Entry("AOB-STEADINESS-TRIGGER", "GEO", False),
    Entry("AOB-STEADINESS-TEST", "DICE (undefined)", True),
    Entry("AOB-GENERAL-LOSS", "RULE", True),
    Entry("AOB-ROUT", "GEO+DICE", True),
)


def dice_entries() -> tuple[str, ...]:
    """The entries whose kind says DICE: each is a registered mechanic."""
    return tuple(e.rule_id for e in ENTRIES if "DICE" in e.kind)
