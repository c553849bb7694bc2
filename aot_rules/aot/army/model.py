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

The model speaks the rules' vocabulary, not a copy of it: a weapon is the rules' :data:`~aot_rules.aot.equipment.Weapon`
(a :class:`~aot_rules.aot.equipment.Missile` or a :class:`~aot_rules.aot.equipment.MeleeWeapon`), gear the rules'
:class:`~aot_rules.aot.equipment.Gear`, a property the rules' :class:`~aot_rules.aot.units.Property`, what an
entry is the rules' :class:`~aot_rules.aot.units.Body` and a commander's rank the rules'
:class:`~aot_rules.aot.rules.orders.Rank`.  An army file may spell them its own way (``axe``, ``sumerian-cart``,
``machine``); :mod:`.schema` is the one place that reads those words into these types.  One consequence, by
design: the rules do not tell an axe from a sword or a short spear (all three are close-combat specialists,
AOT-MELEE-HIT-SPECIALIST), so neither does the model, and ``army show`` names such a unit's weapon "sword".
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from aot_rules.aot.equipment import Gear as Gear  # the rules' own vocabulary, not copies (re-exported)
from aot_rules.aot.equipment import MeleeWeapon, Missile
from aot_rules.aot.equipment import Weapon as Weapon
from aot_rules.aot.rules.orders import Rank as Rank
from aot_rules.aot.units import Body as Body
from aot_rules.aot.units import Property as Property
from aot_rules.aot.units import Unit
from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import msg, vocabulary

#: The name that, written on a slot, means "individual unit" (AOT-CMD-INDIVIDUAL-SLOT).
INDIVIDUAL = "individual"


def is_individual(name: str) -> bool:
    """Whether a slot entry means "individual unit" (any case; "individual unit" too).

    >>> is_individual("Individual"), is_individual("individual unit"), is_individual("Pericles")
    (True, True, False)
    """
    return " ".join(name.lower().split()) in (INDIVIDUAL, "individual unit")


@vocabulary({
    'standard-bearer': msg('standard bearer'), 'musician': msg('musician'),
    'junior-officer': msg('junior officer'), 'hero': msg('hero')
})
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


#: A commander's rank is the rules' own (AOT-CMD-SLOTS, AOT-CMD-COLONEL); an army file writes ``general`` or
#: ``colonel`` and marks the commander-in-chief with ``c_in_c`` (:data:`FILE_RANKS`).
FILE_RANKS = (Rank.GENERAL, Rank.COLONEL)


@vocabulary({'core': msg('core'), 'auxiliary': msg('auxiliary')})
class Section(StrEnum):
    CORE = "core"
    AUXILIARY = "auxiliary"


@dataclass(frozen=True)
class UnitRange:
    """How many units of an entry an army may field: ``0-2`` in a list; ``high`` None is unlimited.  Its ``str``
    is the list's notation (``0-2``; ``2+`` for no upper limit); a face puts an unlimited range into words.

    >>> str(UnitRange(0, 2)), str(UnitRange(0, None)), UnitRange(0, 1).allows(2)
    ('0-2', '0+', False)
    """

    low: int
    high: int | None

    def allows(self, n: int) -> bool:
        return self.low <= n and (self.high is None or n <= self.high)

    def __str__(self) -> str:
        return f"{self.low}+" if self.high is None else f"{self.low}-{self.high}"


UNLIMITED = UnitRange(0, None)


@dataclass(frozen=True)
class ListEntry:
    """One line of an army list, e.g. ``8 Hoplites spear, shield (armour)``.

    ``warriors`` is exact (AOT-ARMY-LIST); ``optional`` holds the bracketed items; ``body`` is what the
    entry is (warriors on a unit base, or an exotic troop type with rules and prices of its own) and
    ``gunpowder`` marks an artillery piece as gunpowder (2 points, terrifying: AOT-ART-CLASSES); ``units`` is
    the range of units allowed, ``given_range`` whether the list printed one (else core troops are
    unlimited and auxiliaries one unit at most).
    """

    name: str
    section: Section
    warriors: int
    weapons: tuple[Weapon, ...]
    gear: tuple[Gear, ...] = ()
    optional: tuple[Weapon | Gear, ...] = ()
    mounted: bool = False
    body: Body = Body.WARRIORS
    gunpowder: bool = False
    units: UnitRange = UNLIMITED
    given_range: bool = False
    weapon_implied: bool = False
    note: str = ""

    def notation(self) -> str:
        """The entry as a printed list writes it.

        >>> ListEntry("Cavalry", Section.AUXILIARY, 3, (Missile.JAVELIN,), optional=(Gear.ARMOUR,),
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

    # --- lookups -------------------------------------------------------
    def unit(self, name: str) -> ArmyUnit | None:
        return next((u for u in self.units if u.name == name), None)

    def contingent_of(self, u: ArmyUnit) -> Contingent | None:
        return self.army_list.contingent(u.contingent)

    def entry_of(self, u: ArmyUnit) -> ListEntry | None:
        c = self.contingent_of(u)
        return None if c is None else c.entry(u.entry)

    def body_of(self, u: ArmyUnit) -> Body:
        """What the unit is: warriors, unless its entry says otherwise (or is missing)."""
        e = self.entry_of(u)
        return Body.WARRIORS if e is None else e.body

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
        return listed + tuple(o for o in u.options if not isinstance(o, Gear) and o not in listed)

    def gear_of(self, u: ArmyUnit) -> tuple[Gear, ...]:
        """The entry's gear and the optional gear taken."""
        e = self.entry_of(u)
        listed = e.gear if e is not None else ()
        return listed + tuple(o for o in u.options if isinstance(o, Gear) and o not in listed)

    def properties(self, u: ArmyUnit) -> dict[Property, tuple[Marker | Commander | None, ...]]:
        """Each property the unit has, with what gives it: a marker figure, the elite choice (None), or a
        commander on its base (veteran, free: AOT-PROP-VETERAN)."""
        out: dict[Property, list[Marker | Commander | None]] = {}
        for m in u.markers:
            out.setdefault(m.gives, []).append(m)
        for p in u.elite:
            out.setdefault(p, []).append(None)
        for c in self.commanders_in(u):
            out.setdefault(Property.VETERAN, []).append(c)
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
        ...     ListEntry("Legionaries", Section.CORE, 6, (MeleeWeapon.SWORD, Missile.JAVELIN)),)))
        >>> a = Army("a", legion, (ArmyUnit("L", "Legionaries", (3, 3), weapons=((Missile.JAVELIN, 2),
        ...                                                                   (MeleeWeapon.SWORD, 4))),))
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
            raise RuleError("AOT-ARMY-LIST", msg("the list has no entry {entry}", entry=repr(u.entry)))
        if e.body is not Body.WARRIORS:
            raise RuleError(e.body.rule_id, msg("{body} is not a unit of warriors on a unit base; its own rules give "
                                                "its density and move", body=e.body.noun))
        props = self.properties(u)
        weapon, mix, missile = self.armament(u)
        gear = set(self.gear_of(u))
        return Unit(name=u.name, ranks=u.ranks, mounted=e.mounted, shield=Gear.SHIELD in gear,
                    armour=Gear.ARMOUR in gear, horse_armour=Gear.HORSE_ARMOUR in gear, pavise=Gear.PAVISE in gear,
                    weapon=weapon, mix=mix, missile=missile, recruit=u.recruit,
                    veteran=Property.VETERAN in props, stubborn=Property.STUBBORN in props,
                    regular=Property.REGULAR in props, initiative=Property.INITIATIVE in props,
                    barbarian=Property.BARBARIAN in props)
