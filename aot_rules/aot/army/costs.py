"""The price of an army (AOT-ARMY-POINTS): one table, and the sums over it.

:data:`COSTS` is the rules index's points table, row by row, plus the three prices the index fills in
by a Reading (non-gunpowder artillery, an ordinary chariot, a war wagon: 1 pt each, as an ordinary
unit) and the one this package adds for recruits bought in odd numbers.  Every price anywhere (the
validator, the command line, the book's cost table) is read from it, so the numbers live once.

Recruits cost half a point each because one point buys *two* recruit units.  An army that fields an
odd number of them has bought an unmatched half of a pair: it pays the whole point, shown as a
separate half-point line (:data:`Item.UNPAIRED_RECRUIT`), so the total is always a whole number.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from aot_rules.aot.army.model import Army, ArmyUnit, ListEntry
from aot_rules.aot.units import Body
from aot_rules.core.i18n import Message, msg, nmsg, vocabulary

#: Army points per army (очки комплектования); an army may spend less (Reading of AOT-ARMY-POINTS).
BUDGET = 20
#: At most this many elite units per army (AOT-PROP-ELITE).
MAX_ELITE = 3


@vocabulary({
    'unit': msg('unit'), 'commander': msg('commander'), 'marker': msg('marker'), 'elite': msg('elite'),
    'second-weapon': msg('second-weapon'), 'gunpowder-artillery': msg('gunpowder-artillery'),
    'recruit': msg('recruit'), 'unpaired-recruit': msg('unpaired-recruit'), 'elephant': msg('elephant'),
    'tower-crew': msg('tower-crew'), 'scythes': msg('scythes'), 'veteran': msg('veteran'),
    'cart-escort': msg('cart-escort'), 'defensive-gear': msg('defensive-gear'), 'machine': msg('machine'),
    'chariot': msg('chariot'), 'war-wagon': msg('war-wagon')
})
class Item(StrEnum):
    UNIT = "unit"
    COMMANDER = "commander"
    MARKER = "marker"
    ELITE = "elite"
    SECOND_WEAPON = "second-weapon"
    GUNPOWDER_ARTILLERY = "gunpowder-artillery"
    RECRUIT = "recruit"
    UNPAIRED_RECRUIT = "unpaired-recruit"
    ELEPHANT = "elephant"
    TOWER_CREW = "tower-crew"
    SCYTHES = "scythes"
    VETERAN = "veteran"
    CART_ESCORT = "cart-escort"
    DEFENSIVE_GEAR = "defensive-gear"
    MACHINE = "machine"
    CHARIOT = "chariot"
    WAR_WAGON = "war-wagon"


@dataclass(frozen=True)
class Cost:
    """One row of the points table: what is bought (a catalogue message, so the table reads in any language), its
    price, the rule, a note, whether the price is a Reading rather than printed in the rules, and whether it is
    paid on top of something else (+1)."""

    item: Item
    label: Message
    points: Fraction
    rule_id: str
    note: Message | None = None
    reading: bool = False

    @property
    def extra(self) -> bool:
        """Paid on top of a unit ("+1" in the table)."""
        return self.item in (Item.SECOND_WEAPON, Item.TOWER_CREW, Item.SCYTHES)


def _c(item: Item, label: Message, points: Fraction | int, rule_id: str, note: Message | None = None,
       reading: bool = False) -> Cost:
    return Cost(item, label, Fraction(points), rule_id, note, reading)


_AS_ORDINARY = msg("as an ordinary unit")

COSTS: tuple[Cost, ...] = (
    _c(Item.UNIT, msg("ordinary unit"), 1, "AOT-ARMY-POINTS"),
    _c(Item.COMMANDER, msg("commander (general or colonel)"), 1, "AOT-ARMY-POINTS", msg("his unit becomes veteran")),
    _c(Item.MARKER, msg("marker figure (standard bearer, musician, junior officer, hero)"), 1, "AOT-ARMY-POINTS",
       msg("replaces one warrior")),
    _c(Item.ELITE, msg("elite (two properties of the owner's choice)"), 1, "AOT-PROP-ELITE",
       nmsg("at most {n} elite unit", "at most {n} elite units", n=MAX_ELITE)),
    _c(Item.SECOND_WEAPON, msg("second weapon for all the warriors of a mixed unit (per unit)"), 1,
       "AOT-ARMY-MIXED-WEAPONS", msg("on top of the unit")),
    _c(Item.GUNPOWDER_ARTILLERY, msg("gunpowder artillery piece"), 2, "AOT-ART-CLASSES", msg("terrifying to all")),
    _c(Item.RECRUIT, msg("recruit unit"), Fraction(1, 2), "AOT-PROP-RECRUIT", msg("1 pt buys two")),
    _c(Item.UNPAIRED_RECRUIT, msg("odd recruit unit: the rest of its point"), Fraction(1, 2), "AOT-PROP-RECRUIT",
       msg("an odd recruit still costs a whole point"), reading=True),
    _c(Item.ELEPHANT, msg("elephant with its driver"), 1, "AOT-ELEPHANT-UNIT"),
    _c(Item.TOWER_CREW, msg("elephant tower crew"), 1, "AOT-ELEPHANT-UNIT", msg("on top of the elephant")),
    _c(Item.SCYTHES, msg("scythed chariot, over an ordinary chariot"), 1, "AOT-CHARIOT-SCYTHED",
       msg("on top of the chariot")),
    _c(Item.VETERAN, msg("veteran (comes with the commander)"), 0, "AOT-PROP-VETERAN"),
    _c(Item.CART_ESCORT, msg("light-infantry escort of a Sumerian battle cart"), 0, "AOT-CART-SUMERIAN"),
    _c(Item.DEFENSIVE_GEAR, msg("defensive gear (shield, armour, horse armour)"), 0, "AOT-ARMY-POINTS",
       msg("but it limits running, trotting and evading")),
    _c(Item.MACHINE, msg("war machine or non-gunpowder artillery"), 1, "AOT-ART-CLASSES", _AS_ORDINARY, True),
    _c(Item.CHARIOT, msg("ordinary chariot (or Sumerian cart)"), 1, "AOT-CHARIOT-BASICS", _AS_ORDINARY, True),
    _c(Item.WAR_WAGON, msg("war wagon"), 1, "AOT-WAR-WAGON", _AS_ORDINARY, True),
)

PRICE: dict[Item, Cost] = {c.item: c for c in COSTS}

#: What the base of each kind of troops costs (a scythed chariot is a chariot plus its scythes; camel riders
#: are an ordinary unit).  A gunpowder piece is priced apart (:func:`base_items`).
BASE: dict[Body, tuple[Item, ...]] = {
    Body.WARRIORS: (Item.UNIT,), Body.CAMELS: (Item.UNIT,), Body.ELEPHANT: (Item.ELEPHANT,),
    Body.CHARIOT: (Item.CHARIOT,), Body.SCYTHED: (Item.CHARIOT, Item.SCYTHES), Body.CART: (Item.CHARIOT,),
    Body.WAR_WAGON: (Item.WAR_WAGON,), Body.ARTILLERY: (Item.MACHINE,),
}


def base_items(entry: ListEntry | None) -> tuple[Item, ...]:
    """What a unit of this list entry costs before its options (an unknown entry: an ordinary unit)."""
    if entry is None:
        return BASE[Body.WARRIORS]
    if entry.body is Body.ARTILLERY and entry.gunpowder:
        return (Item.GUNPOWDER_ARTILLERY,)
    return BASE[entry.body]


@dataclass(frozen=True)
class Line:
    """One thing paid for, as a fact the face puts into words: the table row, and what it is in this army.

    ``name`` is the list entry's or the commander's name; ``kinds`` what kind it is (a marker figure, the
    commander's rank, the elite unit's two properties, the defensive gear); ``count`` the recruit units fielded
    (the unpaired recruit's line)."""

    item: Item
    name: str | None = None
    kinds: tuple[StrEnum, ...] = ()
    count: int = 0

    @property
    def points(self) -> Fraction:
        return PRICE[self.item].points


@dataclass(frozen=True)
class CostSheet:
    """An army's bill: each unit's lines (its figures included) and the army-wide lines."""

    units: tuple[tuple[str, tuple[Line, ...]], ...]
    army: tuple[Line, ...]

    def of(self, unit: str) -> Fraction:
        return sum((ln.points for name, lines in self.units if name == unit for ln in lines), Fraction(0))

    @property
    def total(self) -> Fraction:
        return sum((ln.points for _, lines in self.units for ln in lines), Fraction(0)) + sum(
            (ln.points for ln in self.army), Fraction(0))


def is_recruit(army: Army, u: ArmyUnit) -> bool:
    """Bought at the recruit price: a recruit unit of ordinary troops (recruits are warriors)."""
    return u.recruit and army.body_of(u) is Body.WARRIORS


def unit_lines(army: Army, u: ArmyUnit) -> tuple[Line, ...]:
    """What one unit costs, line by line, including the commanders standing in it.  Zero-priced lines
    (veteran, gear, a cart's escort) are listed too, so a bill shows why they cost nothing.

    >>> from aot_rules.aot.army.load import shipped_army
    >>> a = shipped_army("greeks-legal")
    >>> [(ln.item.value, ln.name or ln.kinds[0].value, str(ln.points)) for ln in unit_lines(a, a.units[0]) if ln.points]
    [('unit', 'Hoplites', '1'), ('marker', 'standard-bearer', '1'), ('commander', 'Pericles', '1')]
    """
    base = base_items(army.entry_of(u))
    lines = [Line(Item.RECRUIT, u.entry)] if is_recruit(army, u) else [Line(i, u.entry) for i in base]
    if u.escort:
        lines.append(Line(Item.CART_ESCORT))
    if u.tower_crew:
        lines.append(Line(Item.TOWER_CREW))
    if u.all_weapons:
        lines.append(Line(Item.SECOND_WEAPON))
    lines += [Line(Item.MARKER, kinds=(m,)) for m in u.markers]
    if u.elite:
        lines.append(Line(Item.ELITE, kinds=u.elite))
    commanders = army.commanders_in(u)
    lines += [Line(Item.COMMANDER, c.name, (c.rank,)) for c in commanders]
    if commanders:
        lines.append(Line(Item.VETERAN))
    gear = army.gear_of(u)
    if gear:
        lines.append(Line(Item.DEFENSIVE_GEAR, kinds=gear))
    return tuple(lines)


def cost_sheet(army: Army) -> CostSheet:
    """The whole army's bill.  Commanders standing in no unit of the army are still paid for, on the
    army's own lines; so is the unmatched half of an odd number of recruits."""
    names = {u.name for u in army.units}
    extra = [Line(Item.COMMANDER, c.name, (c.rank,)) for c in army.commanders if c.unit not in names]
    recruits = sum(1 for u in army.units if is_recruit(army, u))
    if recruits % 2:
        extra.append(Line(Item.UNPAIRED_RECRUIT, count=recruits))
    return CostSheet(tuple((u.name, unit_lines(army, u)) for u in army.units), tuple(extra))


def points_str(p: Fraction) -> str:
    """Points as a player writes them.

    >>> points_str(Fraction(1, 2)), points_str(Fraction(19)), points_str(Fraction(39, 2))
    ('0.5', '19', '19.5')
    """
    return str(p.numerator) if p.denominator == 1 else f"{float(p):g}"

