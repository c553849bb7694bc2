"""The skirmish fragment's vocabulary: Heroes and Men, Groups and Formations, troop quality.

Every SP rules module speaks of the same few things (SP-CORE-ENTITIES): a *Hero* leads, *Men*
follow; Men stand in *Groups*, and Groups of one regiment may be joined into a *Formation*
(SP-FORMATION-JOIN).  They are named once here so that movement, spotting, shooting and melee
agree on the words (and on the order of the quality ladder, best first).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import msg, vocabulary


@vocabulary({"hero": msg('Hero'), 'man': msg('man')}, formerly={"Hero": "hero"})
class Figure(StrEnum):
    """The two kinds of figure (SP-CORE-ENTITIES): leaders and their passive followers."""

    HERO = "hero"
    MAN = "man"


@vocabulary({'infantry': msg('infantry'), 'cavalry': msg('cavalry'), 'artillery': msg('artillery')})
class Arm(StrEnum):
    """What a Group fights as: it decides which rows of the movement table apply."""

    INFANTRY = "infantry"
    CAVALRY = "cavalry"
    ARTILLERY = "artillery"


@vocabulary({
    'elite': msg('elite'), 'veterans': msg('veterans'), 'regulars': msg('regulars'), 'recruits': msg('recruits')
})
class Quality(StrEnum):
    """Troop quality, best first; shooting dice, Hero replacement, falling back and melee read it."""

    ELITE = "elite"
    VETERANS = "veterans"
    REGULARS = "regulars"
    RECRUITS = "recruits"


@dataclass(frozen=True)
class Group:
    """A Group of Men (the unit every SP rule acts on), with the Shock it has taken.

    The source's limit on Group size is lost (SP-CORE-ENTITIES), so no maximum is enforced.
    """

    men: int
    arm: Arm = Arm.INFANTRY
    quality: Quality = Quality.REGULARS
    shock: int = 0
    regiment: str = ""

    def __post_init__(self) -> None:
        if self.men < 0 or self.shock < 0:
            raise RuleError("SP-CORE-ENTITIES", msg("a Group cannot have fewer than 0 men or 0 Shock"))


@dataclass(frozen=True)
class Formation:
    """Groups of one regiment joined by a Hero's Initiative (SP-FORMATION-JOIN)."""

    groups: tuple[Group, ...]
    disordered: bool = False

    def __post_init__(self) -> None:
        if len(self.groups) < 2:
            raise RuleError("SP-FORMATION-JOIN", msg("a Formation joins at least two Groups"))
        if len({g.regiment for g in self.groups}) != 1:
            raise RuleError("SP-FORMATION-JOIN", msg("only Groups of the same regiment may form a Formation"))


def join(groups: tuple[Group, ...], existing: Formation | None = None) -> Formation:
    """Join Groups that have reached their places into a Formation, or add them to ``existing``.

    A disordered Formation must be joined again; joining returns an ordered one.
    """
    members = (existing.groups if existing else ()) + groups
    return Formation(members)
