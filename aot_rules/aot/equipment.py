"""What a unit carries: missile and hand-to-hand weapons (AOT-SHOOT-*, AOT-MELEE-HIT-*) and defensive gear
(AOT-ARMY-POINTS and the saves of AOT-SHOOT-SHIELDWALL … AOT-MELEE-HORSE-ARMOUR).

These enums are the one vocabulary of equipment: the rules, the table-top engine and the army model all use
them.  A weapon a warrior carries is a :data:`Weapon`, either a :class:`Missile` or a :class:`MeleeWeapon`;
both answer :attr:`~Missile.melee` (the class it fights with hand to hand) and :attr:`~Missile.missile` (what
it shoots, if anything), so code that holds a carried weapon never asks which of the two it is.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TypeAlias

from aot_rules.core.i18n import msg, vocabulary


@vocabulary({'bow': msg('bow'), 'sling': msg('sling'), 'javelin': msg('javelin'), 'handgun': msg('handgun')})
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

    @property
    def melee(self) -> MeleeWeapon:
        """Hand to hand, a warrior carrying a missile weapon fights as a shooter (AOT-MELEE-HIT-SHOOTER)."""
        return MeleeWeapon.SHOOTER

    @property
    def missile(self) -> Missile:
        """What the carried weapon shoots: itself."""
        return self


@vocabulary({
    'shooter': msg('shooter'), 'spear': msg('spear'), 'pike': msg('pike'), 'halberd-spear': msg('halberd-spear'),
    'halberd-axe': msg('halberd-axe'), 'sword': msg('sword'), 'two-handed': msg('two-handed'),
    'lance': msg('lance')
})
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


    @property
    def melee(self) -> MeleeWeapon:
        """The class a warrior carrying this weapon fights with: itself."""
        return self

    @property
    def missile(self) -> None:
        """A hand-to-hand weapon shoots nothing."""
        return None


#: A weapon a warrior carries: it shoots (a :class:`Missile`, fighting hand to hand as a shooter) or it does
#: not (a :class:`MeleeWeapon`).
Weapon: TypeAlias = Missile | MeleeWeapon


@vocabulary({
    'shield': msg('shield'), 'armour': msg('armour'), 'horse-armour': msg('horse-armour'), 'pavise': msg('pavise')
})
class Gear(StrEnum):
    """Defensive gear.  It costs no points but limits running, trotting and evading (AOT-ARMY-POINTS), and
    each piece saves in its own way (AOT-SHOOT-SHIELDWALL, AOT-SHOOT-PAVISE, AOT-MELEE-ARMOUR, …); a
    :class:`~aot_rules.aot.units.Unit` wears it."""

    SHIELD = "shield"
    ARMOUR = "armour"
    HORSE_ARMOUR = "horse-armour"
    PAVISE = "pavise"


FOOT_WEAPONS = tuple(w for w in MeleeWeapon if w is not MeleeWeapon.LANCE)
