"""The Batalist entries of the rules index, with what the source gives for each: the book's checklist.

The part's introduction counts from this list (how many rules there are, how many roll dice,
how many the source leaves incomplete) instead of typing numbers that would drift, and a test
holds the list to the rules index itself.  ``kind`` is the index's tag (RULE, GEO, DICE and
their combinations); :class:`Status` says how completely the source states the rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Status(StrEnum):
    """How much of a rule the source gives."""

    CLEAR = "stated in full"
    READING = "stated, with a gap the book fills by a Reading"
    TERM = "uses a term or sign the source never gives (read by the book)"
    MISSING = "named, but its procedure is not in the source"


@dataclass(frozen=True)
class Entry:
    rule_id: str
    title: str
    kind: str
    status: Status

    @property
    def dice(self) -> bool:
        """Whether the rule rolls dice (the index tags it DICE, alone or with GEO)."""
        return "DICE" in self.kind


ENTRIES: tuple[Entry, ...] = (
    Entry("BAT-MEASURE", "Units of measure and definitions", "RULE", Status.CLEAR),
    Entry("BAT-BASE", "Bases", "RULE+GEO", Status.CLEAR),
    Entry("BAT-GENERAL", "General", "RULE", Status.TERM),
    Entry("BAT-ZONES", "Front, rear and flank zones", "GEO", Status.READING),
    Entry("BAT-FLANK-REAR-ATTACK", "Flank and rear attacks", "GEO", Status.READING),
    Entry("BAT-LOS", "Line of sight", "GEO", Status.READING),
    Entry("BAT-PROFILE", "Figure profile", "RULE", Status.CLEAR),
    Entry("BAT-EQUIPMENT", "What you need", "RULE", Status.READING),
    Entry("BAT-TERRAIN", "Terrain types", "GEO", Status.READING),
    Entry("BAT-SETUP", "Pre-game steps", "RULE+GEO", Status.CLEAR),
    Entry("BAT-TURN-SEQUENCE", "Turn structure and game end", "RULE", Status.CLEAR),
    Entry("BAT-ORDER-PHASE", "Orders phase", "RULE", Status.CLEAR),
    Entry("BAT-INITIATIVE", "Initiative", "DICE", Status.TERM),
    Entry("BAT-PASS", "Passing", "RULE", Status.READING),
    Entry("BAT-ACTIVATION", "Activation and action points", "DICE", Status.READING),
    Entry("BAT-MAGIC-CAST", "Casting spells", "RULE", Status.READING),
    Entry("BAT-MAGIC-MISCAST", "Deadly miscast", "DICE", Status.READING),
    Entry("BAT-ATTACK-DECLARE", "Declaring an attack", "GEO", Status.CLEAR),
    Entry("BAT-SHOOT-RESTRICT", "Who cannot shoot", "RULE", Status.CLEAR),
    Entry("BAT-MELEE-DAMAGE", "Melee damage", "DICE", Status.READING),
    Entry("BAT-MELEE-MODS", "Melee modifiers", "RULE (modifier table)", Status.READING),
    Entry("BAT-SHOOT-DAMAGE", "Ranged damage", "DICE", Status.TERM),
    Entry("BAT-SHOOT-MODS", "Ranged modifiers", "RULE (modifier table)", Status.READING),
    Entry("BAT-BASE-DESTROYED", "Destroyed bases", "RULE", Status.CLEAR),
    Entry("BAT-MORALE-TRIGGERS", "When to test morale", "RULE", Status.TERM),
    Entry("BAT-MORALE-TEST", "Morale test", "DICE", Status.READING),
    Entry("BAT-SKILL-GIANT", "Giant", "RULE", Status.CLEAR),
    Entry("BAT-SKILL-FLYING", "Flying", "RULE", Status.CLEAR),
    Entry("BAT-SKILL-MAGE", "Mage", "RULE", Status.CLEAR),
    Entry("BAT-SKILL-AREA", "Area fire", "GEO+DICE", Status.READING),
    Entry("BAT-SKILL-STREAM", "Stream fire", "GEO+DICE", Status.READING),
    Entry("BAT-SKILL-GENERAL", "General (skill)", "RULE", Status.CLEAR),
    Entry("BAT-SKILL-STEALTH", "Stealthy", "RULE", Status.MISSING),
    Entry("BAT-SKILL-LEADER", "Leader", "RULE", Status.MISSING),
    Entry("BAT-SKILL-SCOUT", "Scout", "RULE", Status.MISSING),
    Entry("BAT-SKILL-COWARD", "Coward", "DICE", Status.READING),
    Entry("BAT-SKILL-STANDARD", "Standard Bearer", "DICE", Status.READING),
    Entry("BAT-ORDER-MOVE", "Move order", "GEO", Status.READING),
    Entry("BAT-ORDER-ATTACK", "Attack order", "RULE", Status.CLEAR),
    Entry("BAT-ORDER-CAST", "Cast order", "RULE", Status.CLEAR),
    Entry("BAT-ORDER-RECON", "Reconnaissance order", "RULE", Status.MISSING),
    Entry("BAT-ORDER-TRAP", "Trap order", "RULE", Status.MISSING),
    Entry("BAT-SPELL-FIREBALL", "Fireball", "DICE", Status.CLEAR),
    Entry("BAT-SPELL-ICE-RAIN", "Ice Rain", "GEO+DICE", Status.READING),
    Entry("BAT-SPELL-SUMMON", "Summon Beast", "DICE", Status.READING),
    Entry("BAT-SPELL-OBSTACLE", "Obstacle", "GEO", Status.READING),
    Entry("BAT-SPELL-DEATH-LAKE", "Lake of Death", "GEO+DICE", Status.READING),
    Entry("BAT-SPELL-DEATH-CLOUD", "Cloud of Death", "GEO", Status.READING),
    Entry("BAT-SPELL-TERROR", "Terror", "DICE", Status.READING),
    Entry("BAT-SPELL-SLOTH", "Sloth", "RULE", Status.READING),
    Entry("BAT-SPELL-SHIELD", "Shield", "RULE", Status.CLEAR),
    Entry("BAT-SPELL-TAILWIND", "Tailwind", "RULE", Status.CLEAR),
)

#: The source's illustrations (it has no numeric worked examples with dice).
EXAMPLE_IDS = ("BAT-EX-STEP", "BAT-EX-MOVE-CORNERS", "BAT-EX-TERRAIN-COMBO")


def by_status(status: Status) -> tuple[Entry, ...]:
    return tuple(e for e in ENTRIES if e.status is status)


def dice_entries() -> tuple[Entry, ...]:
    return tuple(e for e in ENTRIES if e.dice)
