"""Batalist's figure profile (BAT-PROFILE): the vocabulary every other Batalist module speaks.

Every base carries one profile: Quality, Speed, Melee, Ranged, Range, Defence and a set of
skills.  Quality drives three different rolls (activation, morale, Fireball), all of which
compare one d6 with it, so the comparison lives here once: a die *passes* when it shows
Quality or less.  Activation counts passes, morale and Fireball count the dice that do not.

Stable public names (other Batalist modules import them): :data:`QUALITY_MIN`,
:data:`QUALITY_MAX`, :data:`DICE_PER_TEST`, :class:`Skill`,
:class:`Order`, :class:`Profile`, :func:`passes`, :func:`pass_chance`, :func:`fail_chance`,
:func:`check_quality`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import msg, vocabulary

#: Quality runs from 1 (lowest) to 5 (highest) on a profile (BAT-PROFILE).
QUALITY_MIN = 1
QUALITY_MAX = 5
#: Activation and the morale test each roll three d6 (BAT-ACTIVATION, BAT-MORALE-TEST).
DICE_PER_TEST = 3


@vocabulary({
    "giant": msg("Giant"), "flying": msg("Flying"), "mage": msg("Mage"), "area": msg("Area fire"),
    "stream": msg("Stream fire"), "general": msg("General"), "stealth": msg("Stealthy"),
    "leader": msg("Leader"), "scout": msg("Scout"), "coward": msg("Coward"), "standard": msg("Standard Bearer"),
}, formerly={
    "Giant": "giant", "Flying": "flying", "Mage": "mage", "Area fire": "area", "Stream fire": "stream",
    "General": "general", "Stealthy": "stealth", "Leader": "leader", "Scout": "scout", "Coward": "coward",
    "Standard Bearer": "standard"
})
class Skill(StrEnum):
    """The skills of the source's skill table (§11), by their English names in this book."""

    GIANT = "giant"
    FLYING = "flying"
    MAGE = "mage"
    AREA = "area"
    STREAM = "stream"
    GENERAL = "general"
    STEALTH = "stealth"
    LEADER = "leader"
    SCOUT = "scout"
    COWARD = "coward"
    STANDARD = "standard"


@vocabulary({
    "move": msg("Move"), "attack": msg("Attack"), "cast": msg("Cast"), "recon": msg("Reconnaissance"),
    "trap": msg("Trap"),
}, formerly={
    "Move": "move", "Attack": "attack", "Cast": "cast", "Reconnaissance": "recon", "Trap": "trap"
})
class Order(StrEnum):
    """The order cards (§12): three basic orders and two extra ones whose procedure is lost."""

    MOVE = "move"
    ATTACK = "attack"
    CAST = "cast"
    RECON = "recon"
    TRAP = "trap"


#: The numeric stats a profile must not have below 0, by field name, as a refusal names them.
STAT_NAMES = {"speed": msg("speed"), "melee": msg("melee"), "ranged": msg("ranged"), "range": msg("range"),
              "defence": msg("defence")}


@dataclass(frozen=True)
class Profile:
    """One profile; every figure on a base shares it, so it is also the base's profile (BAT-BASE).

    ``quality`` is checked to lie in 1–5; the other values are whole numbers of at least 0
    (Speed and Range are in steps).  Spells that change a value for a turn (Sloth, Shield,
    Tailwind) make a new profile with :func:`dataclasses.replace` rather than editing this one.
    """

    name: str
    quality: int
    speed: int
    melee: int
    ranged: int
    range: int
    defence: int
    skills: frozenset[Skill] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        check_quality(self.quality, "BAT-PROFILE")
        for stat in ("speed", "melee", "ranged", "range", "defence"):
            value = getattr(self, stat)
            if value < 0:
                raise RuleError("BAT-PROFILE", msg("{name}: {stat} cannot be negative (got {value})", name=self.name,
                                                        stat=STAT_NAMES[stat], value=value))

    def has(self, skill: Skill) -> bool:
        return skill in self.skills


def check_quality(quality: int, rule_id: str) -> int:
    """Refuse a profile Quality outside 1–5 (a spell may push a base's *current* Quality lower,
    which :func:`passes` handles; this check is for what a player writes on a profile)."""
    if not QUALITY_MIN <= quality <= QUALITY_MAX:
        raise RuleError(rule_id, msg("Quality runs from {lo} to {hi}, not {quality}", lo=QUALITY_MIN,
                                     hi=QUALITY_MAX, quality=quality))
    return quality


def passes(face: int, quality: int) -> bool:
    """Whether one d6 passes a Quality check: it shows the Quality or less.

    A Quality of 0 or less (after Sloth or a Cloud of Death) passes nothing; 6 or more passes all.
    """
    return face <= quality


def pass_chance(quality: int) -> Fraction:
    """The exact chance one d6 passes Quality ``quality`` (clamped to 0 and 1 outside 0–6)."""
    return Fraction(max(0, min(6, quality)), 6)


def fail_chance(quality: int) -> Fraction:
    """The exact chance one d6 shows more than the Quality: a morale failure, a Fireball casualty."""
    return 1 - pass_chance(quality)
