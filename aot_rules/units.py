"""The unit on the table: ranks of formed warriors, disordered warriors beside them.

Density (плотность строя) is the number of formed warriors in the longest rank;
it drives speed, hit numbers and combat results, so the model keeps the ranks
themselves rather than a single number.  ``Unit`` is immutable: every change
returns a new unit, so a refused action can never leave a half-changed state.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import lru_cache

from aot_rules.errors import RuleError

MAX_FOOT = 10
MAX_MOUNTED = 4
MAX_FOOT_DENSITY = 5
MAX_MOUNTED_DENSITY = 4


class WarriorState(StrEnum):
    """AOT-WARRIOR-STATES."""

    FORMED = "formed"
    DISORDERED = "disordered"
    REMOVED = "removed"


class Missile(StrEnum):
    """Missile weapons (AOT-SHOOT-HIT and its weapon rules)."""

    BOW = "bow"
    SLING = "sling"
    JAVELIN = "javelin"
    HANDGUN = "handgun"

    @property
    def max_range(self) -> int | None:
        """Javelins and handguns reach 1″ only (AOT-SHOOT-JAVELIN, AOT-SHOOT-HANDGUN)."""
        return 1 if self in (Missile.JAVELIN, Missile.HANDGUN) else None

    @property
    def rule_id(self) -> str:
        return {
            Missile.JAVELIN: "AOT-SHOOT-JAVELIN",
            Missile.HANDGUN: "AOT-SHOOT-HANDGUN",
        }.get(self, "AOT-SHOOT-HIT")


@lru_cache(maxsize=4096)
def remove_from_ranks(ranks: tuple[int, ...], n: int) -> tuple[int, ...]:
    """AOT-CASUALTY-REMOVAL: take ``n`` warriors off, longest rank first, front rank on a tie."""
    if n > sum(ranks):
        raise RuleError("AOT-CASUALTY-REMOVAL", f"cannot remove {n} warriors from ranks {ranks}")
    r = list(ranks)
    for _ in range(n):
        longest = max(r)
        r[r.index(longest)] -= 1  # index() finds the front-most of equal ranks
    return tuple(r)


@dataclass(frozen=True)
class Unit:
    """A unit on one base.

    ``ranks`` lists formed warriors per rank, front first (one or two ranks);
    ``disordered`` counts warriors standing off the base.  Weapons and protection
    are the unit's own; the flags are what the shooting and melee rules ask about.
    """

    name: str = "unit"
    ranks: tuple[int, ...] = (4, 4)
    disordered: int = 0
    mounted: bool = False
    shield: bool = False
    armour: bool = False
    horse_armour: bool = False
    pavise: bool = False
    veteran: bool = False
    missile: Missile | None = None
    notes: tuple[str, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        rid = "AOT-ARMY-UNIT-SIZE"
        if not 1 <= len(self.ranks) <= 2:
            raise RuleError(rid, "a unit stands in one or two ranks")
        if any(r < 0 for r in self.ranks) or self.disordered < 0:
            raise RuleError(rid, "warrior counts cannot be negative")
        if self.mounted and len(self.ranks) != 1:
            raise RuleError(rid, "mounted troops always stand in a single rank")
        cap = MAX_MOUNTED if self.mounted else MAX_FOOT
        if self.strength > cap:
            kind = "mounted" if self.mounted else "foot"
            raise RuleError(rid, f"a {kind} unit has at most {cap} warriors, not {self.strength}")
        dmax = MAX_MOUNTED_DENSITY if self.mounted else MAX_FOOT_DENSITY
        if self.density > dmax:
            raise RuleError("AOT-DENSITY-LIMITS", f"density {self.density} is above the maximum {dmax}")
        if self.horse_armour and not self.mounted:
            raise RuleError("AOT-SHOOT-HORSE-ARMOUR", "only mounted units have horse armour")

    # --- derived state ----------------------------------------------
    @property
    def formed(self) -> int:
        return sum(self.ranks)

    @property
    def strength(self) -> int:
        """All warriors, formed and disordered (численность)."""
        return self.formed + self.disordered

    @property
    def density(self) -> int:
        """AOT-DENSITY: formed warriors in the longest rank; 0 when panicking."""
        return max(self.ranks) if self.ranks else 0

    @property
    def depth(self) -> int:
        """Density seen from the flank: the number of ranks that still hold formed warriors."""
        return sum(1 for r in self.ranks if r > 0)

    @property
    def panicking(self) -> bool:
        """AOT-PANIC: every remaining warrior is disordered."""
        return self.formed == 0 and self.disordered > 0

    @property
    def destroyed(self) -> bool:
        return self.strength == 0

    def state_counts(self) -> dict[WarriorState, int]:
        return {WarriorState.FORMED: self.formed, WarriorState.DISORDERED: self.disordered}

    # --- changes ----------------------------------------------------
    def take_losses(self, killed: int, disordered: int) -> Unit:
        """Remove ``killed`` and disorder ``disordered`` formed warriors (AOT-CASUALTY-REMOVAL).

        Raises RuleError, and changes nothing, when the unit has too few formed warriors.
        """
        if killed < 0 or disordered < 0:
            raise RuleError("AOT-CASUALTY-REMOVAL", "losses cannot be negative")
        if killed + disordered > self.formed:
            raise RuleError(
                "AOT-CASUALTY-REMOVAL",
                f"{self.name} has {self.formed} formed warriors, cannot lose {killed + disordered}",
            )
        return replace(self, ranks=remove_from_ranks(self.ranks, killed + disordered),
                       disordered=self.disordered + disordered)

    def describe(self) -> str:
        ranks = "+".join(str(r) for r in self.ranks)
        extra = f", {self.disordered} disordered" if self.disordered else ""
        return f"{self.name}: ranks {ranks} (density {self.density}){extra}"


def parse_ranks(text: str) -> tuple[int, ...]:
    """'4,4' -> (4, 4). Used by the CLI and the notebooks."""
    try:
        ranks = tuple(int(x) for x in text.split(","))
    except ValueError:
        raise RuleError("AOT-ARMY-UNIT-SIZE", f"ranks must look like 4 or 4,4, not {text!r}") from None
    if not 1 <= len(ranks) <= 2:
        raise RuleError("AOT-ARMY-UNIT-SIZE", "a unit stands in one or two ranks")
    return ranks


def unit_of(density: int, formed: int, name: str = "unit") -> Unit:
    """A unit of ``density`` with ``formed`` warriors: a full front rank, the rest behind it.

    Refuses (AOT-DENSITY) counts that one or two ranks of that density cannot hold.
    """
    if not density <= formed <= 2 * density:
        raise RuleError("AOT-DENSITY", f"a unit of density {density} in one or two ranks has {density} to "
                        f"{2 * density} formed warriors, not {formed}")
    return Unit(name=name, ranks=(density, formed - density) if formed > density else (density,))
