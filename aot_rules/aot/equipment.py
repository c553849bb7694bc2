"""What a unit carries: missile and hand-to-hand weapons (AOT-SHOOT-*, AOT-MELEE-HIT-*)."""

from __future__ import annotations

from enum import StrEnum


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
        return {Missile.JAVELIN: "AOT-SHOOT-JAVELIN", Missile.HANDGUN: "AOT-SHOOT-HANDGUN"}.get(self, "AOT-SHOOT-HIT")


class MeleeWeapon(StrEnum):
    """Hand-to-hand weapon classes (AOT-MELEE-HIT-*)."""

    SHOOTER = "shooter"
    SPEAR = "spear"
    PIKE = "pike"
    HALBERD_SPEAR = "halberd-spear"
    HALBERD_AXE = "halberd-axe"
    SWORD = "sword"
    TWO_HANDED = "two-handed"
    LANCE = "lance"

    @property
    def armour_piercing(self) -> bool:
        """AOT-ARMOUR-PIERCING: a warrior saved by shield wall or armour is disordered instead."""
        return self in (MeleeWeapon.HALBERD_AXE, MeleeWeapon.TWO_HANDED, MeleeWeapon.LANCE)

    @property
    def two_handed(self) -> bool:
        """AOT-TWO-HANDED: the user cannot form a shield wall in melee."""
        return self in (MeleeWeapon.PIKE, MeleeWeapon.HALBERD_SPEAR, MeleeWeapon.HALBERD_AXE,
                        MeleeWeapon.TWO_HANDED)

    @property
    def foot_only(self) -> bool:
        """AOT-MELEE-CAV-OTHER: cavalry fight with lances, swords or bows only."""
        return self in (MeleeWeapon.SPEAR, MeleeWeapon.PIKE, MeleeWeapon.HALBERD_SPEAR, MeleeWeapon.HALBERD_AXE,
                        MeleeWeapon.TWO_HANDED)

    @property
    def rule_id(self) -> str:
        return {
            MeleeWeapon.SHOOTER: "AOT-MELEE-HIT-SHOOTER",
            MeleeWeapon.SPEAR: "AOT-MELEE-HIT-SPEAR",
            MeleeWeapon.PIKE: "AOT-MELEE-PIKE",
            MeleeWeapon.HALBERD_SPEAR: "AOT-MELEE-HALBERD",
            MeleeWeapon.HALBERD_AXE: "AOT-MELEE-HALBERD",
            MeleeWeapon.SWORD: "AOT-MELEE-HIT-SPECIALIST",
            MeleeWeapon.TWO_HANDED: "AOT-MELEE-TWO-HANDED",
            MeleeWeapon.LANCE: "AOT-MELEE-HIT-LANCE",
        }[self]


FOOT_WEAPONS = tuple(w for w in MeleeWeapon if w is not MeleeWeapon.LANCE)
