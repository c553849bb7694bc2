"""Is an army legal?  Every rule of army building, checked at once, each problem named by its rule.

:func:`validate` never raises for an army the loader produced: it returns the complete list of
:class:`Violation` records, so a player fixing a roster sees everything wrong with it in one go, not
one refusal at a time.  Whatever the table-top :class:`~aot_rules.aot.units.Unit` already refuses
(ranks, sizes, densities, weapons a foot or mounted unit cannot use) is asked of ``Unit`` itself, and
its :class:`~aot_rules.core.errors.RuleError` becomes a violation, so those rules live in one place.

Readings this module adds where the rules are silent (each with the reason next to its check):

* a commander figure, like a marker figure, stands in place of one of the unit's warriors;
* a unit carries at most one marker figure of each kind (a second gives nothing);
* a commander may not stand in a recruit unit (he would make it veteran);
* recruits are ordinary units of warriors, never elephants, chariots, wagons or machines;
* the +1 pt second weapon is only for a unit that has a second weapon.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from aot_rules.aot.army.costs import BUDGET, MAX_ELITE, cost_sheet, points_str
from aot_rules.aot.army.model import (
    Army,
    ArmyUnit,
    Commander,
    ListEntry,
    Rank,
    is_individual,
)
from aot_rules.aot.units import Body, Unit
from aot_rules.core.errors import RuleError

#: Densities a unit may deploy at: closed 4, open 3, dispersed 2 (AOT-DENSITY, Reading).
DEPLOY_DENSITIES = (2, 3, 4)
SLOTS = range(1, 7)
ARMY = "army"


@dataclass(frozen=True)
class Violation:
    """One broken rule: its ID, where (a unit's name, a commander, ``slot 3`` or ``army``) and why.

    >>> str(Violation("AOT-ARMY-POINTS", "army", "the army costs 21 points; the budget is 20"))
    'AOT-ARMY-POINTS: army: the army costs 21 points; the budget is 20'
    """

    rule_id: str
    unit: str
    message: str

    def __str__(self) -> str:
        return f"{self.rule_id}: {self.unit}: {self.message}"


@dataclass
class _Found:
    items: list[Violation] = field(default_factory=list)

    def add(self, rule_id: str, where: str, message: str) -> None:
        v = Violation(rule_id, where, message)
        if v not in self.items:
            self.items.append(v)

    def about(self, where: str) -> bool:
        return any(v.unit == where for v in self.items)


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _ranks(ranks: tuple[int, ...]) -> str:
    return "+".join(str(r) for r in ranks)


def validate(army: Army) -> list[Violation]:
    """Every rule the army breaks, in the order of the file: units, then commanders, slots, points.

    >>> from aot_rules.aot.army.load import shipped_army
    >>> validate(shipped_army("greeks-legal"))
    []
    """
    found = _Found()
    for u in army.units:
        _unit(army, u, found)
    _ranges(army, found)
    _elite_count(army, found)
    _commanders(army, found)
    _slots(army, found)
    total = cost_sheet(army).total
    if total > BUDGET:
        found.add("AOT-ARMY-POINTS", ARMY, f"the army costs {points_str(total)} points; the budget is {BUDGET}")
    return found.items


# --- one unit ------------------------------------------------------------------------------------

def _unit(army: Army, u: ArmyUnit, found: _Found) -> None:
    c = army.contingent_of(u)
    if c is None:
        allies = [a.name for a in army.army_list.allies]
        found.add("AOT-ARMY-LIST", u.name, f"the list has no allied contingent {u.contingent!r}"
                  + (f" (its allies: {_and(allies)})" if allies else " (it lists no allies)"))
        return
    e = c.entry(u.entry)
    if e is None:
        found.add("AOT-ARMY-LIST", u.name, f"the {c.name} list has no entry {u.entry!r} "
                  f"(its entries: {_and([x.name for x in c.entries])})")
        return
    if e.body is Body.WARRIORS:
        _size(army, u, e, found)
    _options(u, e, found)
    _weapons(army, u, e, found)
    _properties(army, u, e, found)
    if e.body is Body.WARRIORS and not found.about(u.name):
        try:  # what the table-top unit itself refuses: horse armour on foot, a lance on foot, …
            army.engine_unit(u)
        except RuleError as err:
            found.add(err.rule_id, u.name, err.message)


def _size(army: Army, u: ArmyUnit, e: ListEntry, found: _Found) -> None:
    """AOT-ARMY-UNIT-SIZE (asked of ``Unit``), the list's exact count, and the deployment density."""
    rid = "AOT-ARMY-UNIT-SIZE"
    if not u.ranks:
        found.add(rid, u.name, "give the unit's ranks: foot stand in one or two, mounted troops in one")
        return
    if 0 in u.ranks:
        found.add(rid, u.name, f"ranks {_ranks(u.ranks)} include an empty rank; every rank holds at least one warrior")
        return
    bare: Unit | None = None
    try:
        bare = Unit(name=u.name, ranks=u.ranks, mounted=e.mounted)
    except RuleError as err:
        found.add(err.rule_id, u.name, err.message)
    if u.warriors != e.warriors:
        found.add("AOT-ARMY-LIST", u.name, f"the list fixes {e.name} at exactly {e.warriors} warriors, "
                  f"not {u.warriors}")
    if bare is not None and bare.density not in DEPLOY_DENSITIES:
        found.add("AOT-DENSITY", u.name, f"ranks {_ranks(u.ranks)} give density {bare.density}; a unit deploys at "
                  "density 2, 3 or 4 (dispersed, open or closed order)")
    # Reading: a commander, like a marker figure, stands in place of one of the unit's warriors.
    figures = len(u.markers) + len(army.commanders_in(u))
    if figures > u.warriors:
        found.add(rid, u.name, f"{figures} marker figures and commanders do not fit in a unit of {u.warriors}: "
                  "each stands in place of one warrior")


def _options(u: ArmyUnit, e: ListEntry, found: _Found) -> None:
    """AOT-ARMY-LIST: only the bracketed items are optional."""
    standard = set(e.weapons) | set(e.gear)
    for o in u.options:
        if o in standard:
            continue  # taking what the unit has anyway changes nothing
        if o not in e.optional:
            offered = f"its options: {_and([str(x) for x in e.optional])}" if e.optional else "it has no options"
            found.add("AOT-ARMY-LIST", u.name, f"{o} is not offered to {e.name} ({offered})")


def _weapons(army: Army, u: ArmyUnit, e: ListEntry, found: _Found) -> None:
    """AOT-ARMY-MIXED-WEAPONS: every weapon present, the split adds up, the +1 pt only where it means something."""
    rid = "AOT-ARMY-MIXED-WEAPONS"
    have = army.weapons_of(u)
    for w, _ in u.weapons:
        if w not in have:
            hint = " (it is optional: add it to the unit's options)" if w in e.optional else ""
            found.add("AOT-ARMY-LIST", u.name, f"{w} is not a weapon of {e.name}{hint}")
    if u.all_weapons:
        if len(have) < 2:
            found.add(rid, u.name, "only a unit with several weapons can pay to arm every warrior with the second")
        if u.weapons:
            found.add(rid, u.name, "every warrior already carries every weapon; drop the split or 'all_weapons'")
        return
    if u.weapons:
        carried = {w for w, n in u.weapons if n > 0}
        missing = [str(w) for w in have if w not in carried]
        if missing:
            found.add(rid, u.name, f"every weapon of the unit must be present, but no warrior carries {_and(missing)}")
        total = sum(n for _, n in u.weapons)
        if u.ranks and total != u.warriors:
            found.add(rid, u.name, f"the split arms {total} warriors, but the unit has {u.warriors}")
    elif len(have) > 1:
        found.add(rid, u.name, f"{e.name} carry {_and([str(w) for w in have])}: say how many warriors carry each, "
                  "or pay 1 pt to arm every warrior with all of them")


def _properties(army: Army, u: ArmyUnit, e: ListEntry, found: _Found) -> None:
    """Markers, elite, recruits, and the exotic troops' limits."""
    for m, n in Counter(u.markers).items():
        if n > 1:  # Reading: one marker of a kind gives the property; a second adds nothing
            found.add(m.gives.rule_id, u.name, f"{n} {m.label}s; one gives the unit its property, so a unit "
                      f"has at most one")
    if u.elite and (len(u.elite) != 2 or len(set(u.elite)) != 2):
        found.add("AOT-PROP-ELITE", u.name, "an elite unit picks exactly two different properties of stubborn, "
                  f"regular, initiative, barbarian and veteran, not {_and([str(p) for p in u.elite])}")
    commanders = army.commanders_in(u)
    if u.recruit:
        rid = "AOT-PROP-RECRUIT"
        if e.body is not Body.WARRIORS:
            found.add(rid, u.name, f"recruits are units of warriors; {e.body.noun} cannot be bought as recruits")
        if u.markers:
            found.add(rid, u.name, f"recruits may have no other property, so no {_and([m.label for m in u.markers])}")
        if u.elite:
            found.add(rid, u.name, "recruits may have no other property, so they cannot be elite")
        if commanders:  # Reading: the commander would make them veteran
            found.add(rid, u.name, f"{_and([c.name for c in commanders])} would make the recruits veteran, and "
                      "recruits may have no other property")
    if e.body.only_veteran and (u.markers or u.elite):
        found.add(e.body.property_rule, u.name, f"{e.body.noun} may have no property but veteran (a commander "
                  "riding it)")
    if u.tower_crew and e.body is not Body.ELEPHANT:
        found.add("AOT-ELEPHANT-UNIT", u.name, "only an elephant carries a tower crew")
    if u.escort and e.body is not Body.CART:
        found.add("AOT-CART-SUMERIAN", u.name, "only a Sumerian battle cart comes with a free light-infantry escort")


# --- the army as a whole ---------------------------------------------------------------------------

def _ranges(army: Army, found: _Found) -> None:
    """AOT-ARMY-LIST: core entries unlimited, auxiliaries one unit each, unless the list gives a range."""
    for c in army.army_list.contingents:
        for e in c.entries:
            units = [u for u in army.units if u.contingent == (c.name if c.allied else None) and u.entry == e.name]
            if e.units.allows(len(units)):
                continue
            if e.units.high is not None and len(units) > e.units.high:
                why = f"the list allows {e.units}" if e.given_range else (
                    "an auxiliary entry without a range allows one unit")
                for u in units[e.units.high:]:
                    found.add("AOT-ARMY-LIST", u.name, f"{len(units)} units of {e.name}; {why}")
            else:
                found.add("AOT-ARMY-LIST", ARMY, f"the list requires at least {e.units.low} units of {e.name}, "
                          f"the army has {len(units)}")


def _elite_count(army: Army, found: _Found) -> None:
    elite = [u for u in army.units if u.elite]
    for u in elite[MAX_ELITE:]:
        found.add("AOT-PROP-ELITE", u.name, f"{len(elite)} elite units; an army has at most {MAX_ELITE}")


def _nationality(army: Army, c: Commander) -> str | None:
    """The commander's contingent: as written, else that of the unit he stands in."""
    if c.contingent is not None:
        return c.contingent
    u = army.unit(c.unit)
    return None if u is None else u.contingent


def _commanders(army: Army, found: _Found) -> None:
    main = army.army_list.main
    for c in army.commanders:
        who = f"{c.rank} {c.name}"
        u = army.unit(c.unit)
        if u is None:
            found.add("AOT-PROP-VETERAN", who, f"stands in {c.unit!r}, which is not a unit of this army")
        if c.contingent is not None and army.army_list.contingent(c.contingent) is None:
            found.add("AOT-CMD-NATIONALITY", who, f"the list has no allied contingent {c.contingent!r}")
        elif u is not None and c.contingent is not None and c.contingent != u.contingent:
            mine = c.contingent or main.name
            theirs = u.contingent or main.name
            found.add("AOT-CMD-NATIONALITY", who, f"a commander of the {mine} contingent cannot stand in {u.name}, "
                      f"a unit of the {theirs} contingent: he could not even order it")
        if c.c_in_c and c.rank is Rank.COLONEL:
            found.add("AOT-CMD-CINC", who, "only a general can be the commander-in-chief")
    chiefs = [c for c in army.commanders if c.c_in_c]
    for c in chiefs[1:]:
        found.add("AOT-CMD-CINC", f"{c.rank} {c.name}", f"{len(chiefs)} commanders-in-chief; an army has at most one")
    for ally in army.army_list.allies:
        generals = [g for g in army.generals if _nationality(army, g) == ally.name]
        for g in generals[1:]:
            found.add("AOT-ARMY-LIST", f"general {g.name}", f"the {ally.name} contingent has {len(generals)} "
                      "generals; an allied contingent has at most one")


def _slots(army: Army, found: _Found) -> None:
    """AOT-CMD-SLOTS: slots 1-6, each a general of the army or "individual"; colonels never."""
    rid = "AOT-CMD-SLOTS"
    seen: set[int] = set()
    for n, names in army.slots:
        where = f"slot {n}"
        if n not in SLOTS:
            found.add(rid, where, "there is no such slot; the six faces of a d6 are slots 1 to 6")
            continue
        if n in seen:
            found.add(rid, where, "the slot is written twice")
        seen.add(n)
        generals = []
        for name in names:
            if is_individual(name):
                continue
            c = army.commander(name)
            if c is None:
                found.add(rid, where, f"{name!r} is not a general of this army (write a general or 'individual')")
            elif c.rank is Rank.COLONEL:
                found.add(rid, where, f"colonel {name} cannot be written on a slot; colonels act through "
                          "'individual' slots")
            else:
                generals.append(name)
        if len(generals) > 1:
            found.add(rid, where, f"at most one general per slot, not {_and(generals)} (a general may hold "
                      "several slots)")
        elif len(names) > 1:
            found.add(rid, where, "one entry per slot: a general or 'individual'")
    missing = [str(n) for n in SLOTS if n not in seen]
    if missing:
        found.add(rid, "slots", f"slot{'s' if len(missing) > 1 else ''} {_and(missing)} not allocated; each of "
                  "the six gets a general or 'individual'")

