"""Army lists and the armies built from them, as typed immutable records.

An *army list* (лист армии) is what a period's troops may be: each entry fixes the exact number of
warriors in a unit, its weapons and gear, what is optional (the items the printed list puts in
brackets) and how many such units an army may field.  An *army* is one player's choice from a list:
units with their ranks, options and properties, the commanders standing in them and the slot
allocation.  Both are plain data here; whether an army obeys the rules is :mod:`.validate`'s business,
and what it costs is :mod:`.costs`'.  Nothing in this module refuses an illegal army, so that the
validator can report *every* problem at once instead of the first one.

The one bridge into the rest of the engine is :meth:`Army.engine_unit`, which turns an army unit
into the table-top :class:`~aot_rules.aot.units.Unit` (the one place that knows density, and that
refuses impossible units), so the army code never re-implements ranks or density.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from aot_rules.aot.equipment import MeleeWeapon, Missile
from aot_rules.aot.rules.orders import Rank as Rank  # the rules' commander ranks, not a copy
from aot_rules.aot.units import Unit
from aot_rules.core.errors import RuleError

#: The name that, written on a slot, means "individual unit" (AOT-CMD-INDIVIDUAL-SLOT).
INDIVIDUAL = "individual"


def is_individual(name: str) -> bool:
    """Whether a slot entry means "individual unit" (any case; "individual unit" too).

    >>> is_individual("Individual"), is_individual("individual unit"), is_individual("Pericles")
    (True, True, False)
    """
    return " ".join(name.lower().split()) in (INDIVIDUAL, "individual unit")


class Weapon(StrEnum):
    """A weapon as army lists name it.  Several names share one melee family of the engine
    (sword, axe and short spear are all close-combat specialists, AOT-MELEE-HIT-SPECIALIST)."""

    SPEAR = "spear"
    PIKE = "pike"
    HALBERD = "halberd"
    SWORD = "sword"
    AXE = "axe"
    SHORT_SPEAR = "short-spear"
    TWO_HANDED = "two-handed"
    LANCE = "lance"
    BOW = "bow"
    SLING = "sling"
    JAVELIN = "javelin"
    HANDGUN = "handgun"

    @property
    def missile(self) -> Missile | None:
        """The missile a warrior with this weapon shoots or throws, if any.

        >>> Weapon.JAVELIN.missile, Weapon.SPEAR.missile
        (<Missile.JAVELIN: 'javelin'>, None)
        """
        return {Weapon.BOW: Missile.BOW, Weapon.SLING: Missile.SLING, Weapon.JAVELIN: Missile.JAVELIN,
                Weapon.HANDGUN: Missile.HANDGUN}.get(self)

    @property
    def melee(self) -> MeleeWeapon:
        """The engine's melee family: shooters fight as shooters (AOT-MELEE-HIT-SHOOTER); a halberd
        starts in spear mode, since its mode is declared afresh before every melee (AOT-MELEE-HALBERD).

        >>> [str(w.melee) for w in (Weapon.AXE, Weapon.BOW, Weapon.HALBERD)]
        ['sword', 'shooter', 'halberd-spear']
        """
        if self.missile is not None:
            return MeleeWeapon.SHOOTER
        return {Weapon.SPEAR: MeleeWeapon.SPEAR, Weapon.PIKE: MeleeWeapon.PIKE,
                Weapon.HALBERD: MeleeWeapon.HALBERD_SPEAR, Weapon.TWO_HANDED: MeleeWeapon.TWO_HANDED,
                Weapon.LANCE: MeleeWeapon.LANCE}.get(self, MeleeWeapon.SWORD)


class Gear(StrEnum):
    """Defensive gear: free, but it limits running, trotting and evading (AOT-ARMY-POINTS)."""

    SHIELD = "shield"
    ARMOUR = "armour"
    HORSE_ARMOUR = "horse-armour"
    PAVISE = "pavise"


class Property(StrEnum):
    """The properties a unit can have (AOT-PROP-*); *elite* and *recruit* are ways of buying them."""

    STUBBORN = "stubborn"
    REGULAR = "regular"
    INITIATIVE = "initiative"
    BARBARIAN = "barbarian"
    VETERAN = "veteran"

    @property
    def rule_id(self) -> str:
        return f"AOT-PROP-{self.name}"


class Marker(StrEnum):
    """Marker figures: each stands in place of one warrior and gives its unit a property."""

    STANDARD_BEARER = "standard-bearer"
    MUSICIAN = "musician"
    JUNIOR_OFFICER = "junior-officer"
    HERO = "hero"

    @property
    def gives(self) -> Property:
        """The property the figure gives its unit.

        >>> Marker.HERO.gives
        <Property.BARBARIAN: 'barbarian'>
        """
        return {Marker.STANDARD_BEARER: Property.STUBBORN, Marker.MUSICIAN: Property.REGULAR,
                Marker.JUNIOR_OFFICER: Property.INITIATIVE, Marker.HERO: Property.BARBARIAN}[self]

    @property
    def label(self) -> str:
        return self.value.replace("-", " ")


class Kind(StrEnum):
    """What a list entry is: warriors on a unit base, or one of the exotic troops that have rules
    (and prices) of their own."""

    TROOPS = "troops"
    ELEPHANT = "elephant"
    CHARIOT = "chariot"
    SCYTHED_CHARIOT = "scythed-chariot"
    SUMERIAN_CART = "sumerian-cart"
    WAR_WAGON = "war-wagon"
    MACHINE = "machine"
    GUNPOWDER_ARTILLERY = "gunpowder-artillery"

    @property
    def rule_id(self) -> str:
        """The rule that governs this kind of troops."""
        return {Kind.TROOPS: "AOT-ARMY-UNIT-SIZE", Kind.ELEPHANT: "AOT-ELEPHANT-UNIT",
                Kind.CHARIOT: "AOT-CHARIOT-BASICS", Kind.SCYTHED_CHARIOT: "AOT-CHARIOT-SCYTHED",
                Kind.SUMERIAN_CART: "AOT-CART-SUMERIAN", Kind.WAR_WAGON: "AOT-WAR-WAGON",
                Kind.MACHINE: "AOT-ART-CLASSES", Kind.GUNPOWDER_ARTILLERY: "AOT-ART-CLASSES"}[self]

    @property
    def property_rule(self) -> str:
        """The rule that limits this kind's properties."""
        return "AOT-ELEPHANT-UNIT" if self is Kind.ELEPHANT else "AOT-CHARIOT-BASICS"

    @property
    def only_veteran(self) -> bool:
        """Elephants and chariots (and so carts) may have no property but veteran (AOT-ELEPHANT-UNIT,
        AOT-CHARIOT-BASICS)."""
        return self in (Kind.ELEPHANT, Kind.CHARIOT, Kind.SCYTHED_CHARIOT, Kind.SUMERIAN_CART)


#: A commander's rank is the rules' own (AOT-CMD-SLOTS, AOT-CMD-COLONEL); an army file writes ``general`` or
#: ``colonel`` and marks the commander-in-chief with ``c_in_c`` (:data:`FILE_RANKS`).
FILE_RANKS = (Rank.GENERAL, Rank.COLONEL)


class Section(StrEnum):
    CORE = "core"
    AUXILIARY = "auxiliary"


@dataclass(frozen=True)
class UnitRange:
    """How many units of an entry an army may field: ``0-2`` in a list; ``high`` None is unlimited.

    >>> str(UnitRange(0, 2)), str(UnitRange(0, None)), UnitRange(0, 1).allows(2)
    ('0-2', 'any number', False)
    """

    low: int
    high: int | None

    def allows(self, n: int) -> bool:
        return self.low <= n and (self.high is None or n <= self.high)

    def __str__(self) -> str:
        return "any number" if self.high is None and self.low == 0 else (
            f"at least {self.low}" if self.high is None else f"{self.low}-{self.high}")


UNLIMITED = UnitRange(0, None)
ONE_AT_MOST = UnitRange(0, 1)


@dataclass(frozen=True)
class ListEntry:
    """One line of an army list, e.g. ``8 Hoplites spear, shield (armour)``.

    ``warriors`` is exact (AOT-ARMY-LIST); ``optional`` holds the bracketed items; ``units`` is the
    range of units allowed, ``given_range`` whether the list printed one (else core troops are
    unlimited and auxiliaries one unit at most).
    """

    name: str
    section: Section
    warriors: int
    weapons: tuple[Weapon, ...]
    gear: tuple[Gear, ...] = ()
    optional: tuple[Weapon | Gear, ...] = ()
    mounted: bool = False
    kind: Kind = Kind.TROOPS
    units: UnitRange = UNLIMITED
    given_range: bool = False
    weapon_implied: bool = False
    note: str = ""

    def notation(self) -> str:
        """The entry as a printed list writes it.

        >>> ListEntry("Cavalry", Section.AUXILIARY, 3, (Weapon.JAVELIN,), optional=(Gear.ARMOUR,),
        ...           mounted=True, units=UnitRange(0, 2), given_range=True).notation()
        '0-2 3 Cavalry: javelin (armour)'
        """
        head = f"{self.units} " if self.given_range else ""
        items = [] if self.weapon_implied else [str(w) for w in self.weapons]
        items += [str(g) for g in self.gear]
        text = f"{head}{self.warriors} {self.name}" + (": " + ", ".join(items) if items else "")
        return " ".join([text, *(f"({o})" for o in self.optional)])


@dataclass(frozen=True)
class Contingent:
    """The troops of one nationality in a list: the main army, or an allied contingent."""

    name: str
    nationality: str
    core: tuple[ListEntry, ...]
    auxiliary: tuple[ListEntry, ...] = ()
    allied: bool = False

    @property
    def entries(self) -> tuple[ListEntry, ...]:
        return self.core + self.auxiliary

    def entry(self, name: str) -> ListEntry | None:
        return next((e for e in self.entries if e.name == name), None)


@dataclass(frozen=True)
class ArmyList:
    """An army list: the main contingent and the allied contingents it may call on."""

    id: str
    name: str
    main: Contingent
    allies: tuple[Contingent, ...] = ()
    source: str = ""

    @property
    def contingents(self) -> tuple[Contingent, ...]:
        return (self.main, *self.allies)

    def contingent(self, name: str | None) -> Contingent | None:
        """The main contingent (``None``) or an allied one by name."""
        if name is None:
            return self.main
        return next((c for c in self.allies if c.name == name), None)


@dataclass(frozen=True)
class ArmyUnit:
    """One unit of an army, as its owner chose it.

    ``options`` are the bracketed items of the list entry that the owner takes (the unbracketed ones
    come with the entry).  ``weapons`` splits the warriors between the weapons they carry, in the
    order written (the front rank is filled in that order); empty means "the unit's one weapon, for
    everybody".  ``all_weapons`` arms every warrior with every weapon of a mixed unit (+1 pt).  ``markers`` are
    marker figures, ``elite`` the two properties of an elite unit, ``recruit`` a half-price recruit
    unit.  ``tower_crew`` (elephants) and ``escort`` (Sumerian carts) are the exotic options.
    """

    name: str
    entry: str
    ranks: tuple[int, ...] = ()
    contingent: str | None = None
    options: tuple[Weapon | Gear, ...] = ()
    weapons: tuple[tuple[Weapon, int], ...] = ()
    all_weapons: bool = False
    markers: tuple[Marker, ...] = ()
    elite: tuple[Property, ...] = ()
    recruit: bool = False
    tower_crew: bool = False
    escort: bool = False
    note: str = ""

    @property
    def warriors(self) -> int:
        """The unit's size: every warrior in its ranks, marker figures and commanders included."""
        return sum(self.ranks)


@dataclass(frozen=True)
class Commander:
    """A general or colonel, standing in ``unit``.  ``contingent`` (None: the main army) is his
    nationality; a commander can only order units of his own (AOT-CMD-NATIONALITY)."""

    name: str
    rank: Rank
    unit: str
    c_in_c: bool = False
    contingent: str | None = None


@dataclass(frozen=True)
class Army:
    """A player's army: units drawn from ``army_list``, commanders and the slot allocation
    (``slots``: slot number → what is written on it, as the file gives them, so the validator can
    see a slot that is missing, doubled or out of range)."""

    name: str
    army_list: ArmyList
    units: tuple[ArmyUnit, ...]
    commanders: tuple[Commander, ...] = ()
    slots: tuple[tuple[int, tuple[str, ...]], ...] = ()
    has_slots: bool = True

    # --- lookups -------------------------------------------------------
    def unit(self, name: str) -> ArmyUnit | None:
        return next((u for u in self.units if u.name == name), None)

    def contingent_of(self, u: ArmyUnit) -> Contingent | None:
        return self.army_list.contingent(u.contingent)

    def entry_of(self, u: ArmyUnit) -> ListEntry | None:
        c = self.contingent_of(u)
        return None if c is None else c.entry(u.entry)

    def kind_of(self, u: ArmyUnit) -> Kind:
        e = self.entry_of(u)
        return Kind.TROOPS if e is None else e.kind

    def commanders_in(self, u: ArmyUnit) -> tuple[Commander, ...]:
        return tuple(c for c in self.commanders if c.unit == u.name)

    def commander(self, name: str) -> Commander | None:
        return next((c for c in self.commanders if c.name == name), None)

    @property
    def generals(self) -> tuple[Commander, ...]:
        return tuple(c for c in self.commanders if c.rank is Rank.GENERAL)

    # --- what a unit is ----------------------------------------------------
    def weapons_of(self, u: ArmyUnit) -> tuple[Weapon, ...]:
        """The entry's weapons and the optional ones taken, in that order."""
        e = self.entry_of(u)
        listed = e.weapons if e is not None else ()
        return listed + tuple(o for o in u.options if isinstance(o, Weapon) and o not in listed)

    def gear_of(self, u: ArmyUnit) -> tuple[Gear, ...]:
        """The entry's gear and the optional gear taken."""
        e = self.entry_of(u)
        listed = e.gear if e is not None else ()
        return listed + tuple(o for o in u.options if isinstance(o, Gear) and o not in listed)

    def properties(self, u: ArmyUnit) -> dict[Property, tuple[str, ...]]:
        """Each property the unit has, with what gives it: a marker figure, the elite choice, or a
        commander on its base (veteran, free: AOT-PROP-VETERAN)."""
        out: dict[Property, list[str]] = {}
        for m in u.markers:
            out.setdefault(m.gives, []).append(m.label)
        for p in u.elite:
            out.setdefault(p, []).append("elite")
        for c in self.commanders_in(u):
            out.setdefault(Property.VETERAN, []).append(f"{c.rank} {c.name}")
        return {p: tuple(out[p]) for p in Property if p in out}

    def chosen_weapons(self, u: ArmyUnit) -> tuple[tuple[Weapon, int], ...]:
        """Who carries what: the written split, or the entry's weapons (everybody carries each of
        them when there is one weapon, or when the owner paid for ``all_weapons``)."""
        if u.weapons:
            return u.weapons
        return tuple((w, u.warriors) for w in self.weapons_of(u))

    def armament(self, u: ArmyUnit) -> tuple[MeleeWeapon, tuple[tuple[MeleeWeapon, int], ...], Missile | None]:
        """The engine's view of the unit's weapons: its melee family, the mixed front rank (filled in
        the order the split is written; empty when the front rank is all one family) and the missile
        its shooters use (the first missile weapon listed).

        >>> legion = ArmyList("x", "x", Contingent("Romans", "Roman", (
        ...     ListEntry("Legionaries", Section.CORE, 6, (Weapon.SWORD, Weapon.JAVELIN)),)))
        >>> a = Army("a", legion, (ArmyUnit("L", "Legionaries", (3, 3), weapons=((Weapon.JAVELIN, 2),
        ...                                                                   (Weapon.SWORD, 4))),))
        >>> weapon, mix, missile = a.armament(a.units[0])
        >>> [(str(w), n) for w, n in mix], str(missile)
        ([('shooter', 2), ('sword', 1)], 'javelin')
        """
        chosen = self.chosen_weapons(u)
        missile = next((w.missile for w, _ in chosen if w.missile is not None), None)
        melee = [w.melee for w, _ in chosen]
        primary = next((m for m in melee if m is not MeleeWeapon.SHOOTER), melee[0] if melee else MeleeWeapon.SWORD)
        if u.all_weapons or len(chosen) < 2:
            return primary, (), missile
        groups: list[tuple[MeleeWeapon, int]] = []
        left = u.ranks[0] if u.ranks else 0
        for w, n in chosen:
            take = min(n, left)
            left -= take
            if take and groups and groups[-1][0] is w.melee:
                groups[-1] = (w.melee, groups[-1][1] + take)
            elif take:
                groups.append((w.melee, take))
        if len(groups) < 2:
            return (groups[0][0] if groups else primary), (), missile
        return groups[0][0], tuple(groups), missile

    def engine_unit(self, u: ArmyUnit) -> Unit:
        """The unit as it stands on the table at deployment: the engine's :class:`Unit`, which gives
        its density (and so its move, :func:`~aot_rules.aot.rules.movement.move_allowance`).

        Raises :class:`RuleError` for a unit the engine cannot stand on the table: an unknown list
        entry, an exotic troop type (elephants and the like have rules of their own), or whatever
        ``Unit`` itself refuses (ranks, sizes, weapons a foot or mounted unit cannot use).
        """
        e = self.entry_of(u)
        if e is None:
            raise RuleError("AOT-ARMY-LIST", f"the list has no entry {u.entry!r}")
        if e.kind is not Kind.TROOPS:
            raise RuleError(e.kind.rule_id, f"a {e.kind} is not a unit of warriors on a unit base; "
                            "its own rules give its density and move")
        props = self.properties(u)
        weapon, mix, missile = self.armament(u)
        gear = set(self.gear_of(u))
        return Unit(name=u.name, ranks=u.ranks, mounted=e.mounted, shield=Gear.SHIELD in gear,
                    armour=Gear.ARMOUR in gear, horse_armour=Gear.HORSE_ARMOUR in gear, pavise=Gear.PAVISE in gear,
                    weapon=weapon, mix=mix, missile=missile, recruit=u.recruit,
                    veteran=Property.VETERAN in props, stubborn=Property.STUBBORN in props,
                    regular=Property.REGULAR in props, initiative=Property.INITIATIVE in props,
                    barbarian=Property.BARBARIAN in props)
