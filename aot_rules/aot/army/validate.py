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
from collections.abc import Sequence
from dataclasses import dataclass, field

from aot_rules.aot.army.costs import BUDGET, MAX_ELITE, cost_sheet
from aot_rules.aot.army.model import (
    INDIVIDUAL,
    Army,
    ArmyUnit,
    Commander,
    ListEntry,
    Property,
    Rank,
    is_individual,
)
from aot_rules.aot.rules.movement import move_allowance
from aot_rules.aot.units import Body, Unit
from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import Message, msg, nmsg

#: Densities a unit may deploy at: closed 4, open 3, dispersed 2 (AOT-DENSITY, Reading).
DEPLOY_DENSITIES = (2, 3, 4)
SLOTS = range(1, 7)
#: Where a violation of the whole army is: the army itself.
ARMY = msg("army")


@dataclass(frozen=True)
class Violation:
    """One broken rule: its ID, where (a unit's name as the file gives it, or a message: a commander, ``slot 3``,
    the army) and why (a catalogue message, rendered in the reader's language when shown).

    >>> str(Violation("AOT-ARMY-POINTS", ARMY, msg("the army costs {points} points; the budget is {budget}",
    ...                                              points=21, budget=20)))
    'AOT-ARMY-POINTS: army: the army costs 21 points; the budget is 20'
    """

    rule_id: str
    unit: str | Message
    message: Message | str

    def __str__(self) -> str:
        return f"{self.rule_id}: {self.unit}: {self.message}"


@dataclass
class _Found:
    items: list[Violation] = field(default_factory=list)

    def add(self, rule_id: str, where: str | Message, message: Message | str) -> None:
        v = Violation(rule_id, where, message)
        if v not in self.items:
            self.items.append(v)

    def about(self, where: str) -> bool:
        return any(v.unit == where for v in self.items)


def _and(words: Sequence[object]) -> object:
    """``a, b and c`` as one message (each word a name, a code's member or a message), for any language."""
    if len(words) == 1:
        return words[0]
    items: object = words[0]
    for w in words[1:-1]:
        items = msg("{items}, {item}", items=items, item=w)
    return msg("{items} and {last}", items=items, last=words[-1])


def _ranks(ranks: tuple[int, ...]) -> str:
    return "+".join(str(r) for r in ranks)


def _who(c: Commander) -> Message:
    """A commander as a violation's place: his rank and name."""
    return msg("{rank} {name}", rank=c.rank, name=c.name)


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
        found.add("AOT-ARMY-POINTS", ARMY, msg("the army costs {points} points; the budget is {budget}", points=total,
                                               budget=BUDGET))
    return found.items


# --- one unit ------------------------------------------------------------------------------------

def _unit(army: Army, u: ArmyUnit, found: _Found) -> None:
    c = army.contingent_of(u)
    if c is None:
        allies = [a.name for a in army.army_list.allies]
        found.add("AOT-ARMY-LIST", u.name,
                  msg("the list has no allied contingent {contingent} (its allies: {allies})",
                      contingent=repr(u.contingent), allies=_and(allies)) if allies else
                  msg("the list has no allied contingent {contingent} (it lists no allies)",
                      contingent=repr(u.contingent)))
        return
    e = c.entry(u.entry)
    if e is None:
        found.add("AOT-ARMY-LIST", u.name, msg("the {contingent} list has no entry {entry} (its entries: {entries})",
                                               contingent=c.name, entry=repr(u.entry),
                                               entries=_and([x.name for x in c.entries])))
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
            found.add(err.rule_id, u.name, err.msg)


def _size(army: Army, u: ArmyUnit, e: ListEntry, found: _Found) -> None:
    """AOT-ARMY-UNIT-SIZE (asked of ``Unit``), the list's exact count, and the deployment density."""
    rid = "AOT-ARMY-UNIT-SIZE"
    if not u.ranks:
        found.add(rid, u.name, msg("give the unit's ranks: foot stand in one or two, mounted troops in one"))
        return
    if 0 in u.ranks:
        found.add(rid, u.name, msg("ranks {ranks} include an empty rank; every rank holds at least one warrior",
                                   ranks=_ranks(u.ranks)))
        return
    bare: Unit | None = None
    try:
        bare = Unit(name=u.name, ranks=u.ranks, mounted=e.mounted)
    except RuleError as err:
        found.add(err.rule_id, u.name, err.msg)
    if u.warriors != e.warriors:
        found.add("AOT-ARMY-LIST", u.name, nmsg("the list fixes {entry} at exactly {n} warrior, not {given}",
                                                "the list fixes {entry} at exactly {n} warriors, not {given}",
                                                n=e.warriors, entry=e.name, given=u.warriors))
    if bare is not None and bare.density not in DEPLOY_DENSITIES:
        found.add("AOT-DENSITY", u.name, msg("ranks {ranks} give density {density}; a unit deploys at density 2, 3 or "
                                             "4 (dispersed, open or closed order)", ranks=_ranks(u.ranks),
                                             density=bare.density))
    # Reading: a commander, like a marker figure, stands in place of one of the unit's warriors.
    figures = len(u.markers) + len(army.commanders_in(u))
    if figures > u.warriors:
        found.add(rid, u.name, nmsg("{figures} marker figures and commanders do not fit in a unit of {n} warrior: "
                                    "each stands in place of one warrior",
                                    "{figures} marker figures and commanders do not fit in a unit of {n} warriors: "
                                    "each stands in place of one warrior", n=u.warriors, figures=figures))


def _options(u: ArmyUnit, e: ListEntry, found: _Found) -> None:
    """AOT-ARMY-LIST: only the bracketed items are optional."""
    standard = set(e.weapons) | set(e.gear)
    for o in u.options:
        if o in standard:
            continue  # taking what the unit has anyway changes nothing
        if o not in e.optional:
            found.add("AOT-ARMY-LIST", u.name,
                      msg("{item} is not offered to {entry} (its options: {options})", item=o, entry=e.name,
                          options=_and(e.optional)) if e.optional else
                      msg("{item} is not offered to {entry} (it has no options)", item=o, entry=e.name))


def _weapons(army: Army, u: ArmyUnit, e: ListEntry, found: _Found) -> None:
    """AOT-ARMY-MIXED-WEAPONS: every weapon present, the split adds up, the +1 pt only where it means something."""
    rid = "AOT-ARMY-MIXED-WEAPONS"
    have = army.weapons_of(u)
    for w, _ in u.weapons:
        if w not in have:
            found.add("AOT-ARMY-LIST", u.name,
                      msg("{weapon} is not a weapon of {entry} (it is optional: add it to the unit's options)",
                          weapon=w, entry=e.name) if w in e.optional else
                      msg("{weapon} is not a weapon of {entry}", weapon=w, entry=e.name))
    if u.all_weapons:
        if len(have) < 2:
            found.add(rid, u.name, msg("only a unit with several weapons can pay to arm every warrior with the "
                                       "second"))
        if u.weapons:
            found.add(rid, u.name, msg("every warrior already carries every weapon; drop the split or {key}",
                                       key="'all_weapons'"))
        return
    if u.weapons:
        carried = {w for w, n in u.weapons if n > 0}
        missing = [w for w in have if w not in carried]
        if missing:
            found.add(rid, u.name, msg("every weapon of the unit must be present, but no warrior carries {weapons}",
                                       weapons=_and(missing)))
        total = sum(n for _, n in u.weapons)
        if u.ranks and total != u.warriors:
            found.add(rid, u.name, nmsg("the split arms {n} warrior, but the unit has {warriors}",
                                        "the split arms {n} warriors, but the unit has {warriors}", n=total,
                                        warriors=u.warriors))
    elif len(have) > 1:
        found.add(rid, u.name, msg("{entry} carry {weapons}: say how many warriors carry each, or pay 1 pt to arm "
                                   "every warrior with all of them", entry=e.name, weapons=_and(have)))


def _properties(army: Army, u: ArmyUnit, e: ListEntry, found: _Found) -> None:
    """Markers, elite, recruits, and the exotic troops' limits."""
    for m, n in Counter(u.markers).items():
        if n > 1:  # Reading: one marker of a kind gives the property; a second adds nothing
            found.add(m.gives.rule_id, u.name, msg("{n} × {marker}; one gives the unit its property, so a unit "
                                                   "has at most one", n=n, marker=m))
    if u.elite and (len(u.elite) != 2 or len(set(u.elite)) != 2):
        found.add("AOT-PROP-ELITE", u.name, msg("an elite unit picks exactly two different properties of {all}, not "
                                                "{chosen}", all=_and(list(Property)), chosen=_and(u.elite)))
    commanders = army.commanders_in(u)
    if u.recruit:
        rid = "AOT-PROP-RECRUIT"
        if e.body is not Body.WARRIORS:
            found.add(rid, u.name, msg("recruits are units of warriors; {body} cannot be bought as recruits",
                                       body=e.body.noun))
        if u.markers:
            found.add(rid, u.name, msg("recruits may have no other property, so no {markers}",
                                       markers=_and(u.markers)))
        if u.elite:
            found.add(rid, u.name, msg("recruits may have no other property, so they cannot be elite"))
        if commanders:  # Reading: the commander would make them veteran
            found.add(rid, u.name, msg("{commanders} would make the recruits veteran, and recruits may have no other "
                                       "property", commanders=_and([c.name for c in commanders])))
    if e.body.only_veteran and (u.markers or u.elite):
        found.add(e.body.property_rule, u.name, msg("{body} may have no property but veteran (a commander riding it)",
                                                    body=e.body.noun))
    if u.tower_crew and e.body is not Body.ELEPHANT:
        found.add("AOT-ELEPHANT-UNIT", u.name, msg("only an elephant carries a tower crew"))
    if u.escort and e.body is not Body.CART:
        found.add("AOT-CART-SUMERIAN", u.name, msg("only a Sumerian battle cart comes with a free light-infantry "
                                                   "escort"))


# --- the army as a whole ---------------------------------------------------------------------------

def _ranges(army: Army, found: _Found) -> None:
    """AOT-ARMY-LIST: core entries unlimited, auxiliaries one unit each, unless the list gives a range."""
    for c in army.army_list.contingents:
        for e in c.entries:
            units = [u for u in army.units if u.contingent == (c.name if c.allied else None) and u.entry == e.name]
            if e.units.allows(len(units)):
                continue
            if e.units.high is not None and len(units) > e.units.high:
                why = nmsg("{n} unit of {entry}; the list allows {low}-{high}",
                           "{n} units of {entry}; the list allows {low}-{high}", n=len(units), entry=e.name,
                           low=e.units.low, high=e.units.high) if e.given_range else (
                    nmsg("{n} unit of {entry}; an auxiliary entry without a range allows one unit",
                         "{n} units of {entry}; an auxiliary entry without a range allows one unit", n=len(units),
                         entry=e.name))
                for u in units[e.units.high:]:
                    found.add("AOT-ARMY-LIST", u.name, why)
            else:
                found.add("AOT-ARMY-LIST", ARMY, nmsg("the list requires at least {n} unit of {entry}, the army has "
                                                      "{fielded}", "the list requires at least {n} units of {entry}, "
                                                      "the army has {fielded}", n=e.units.low, entry=e.name,
                                                      fielded=len(units)))


def _elite_count(army: Army, found: _Found) -> None:
    elite = [u for u in army.units if u.elite]
    for u in elite[MAX_ELITE:]:
        found.add("AOT-PROP-ELITE", u.name, nmsg("{n} elite units; an army has at most {top}",
                                                 "{n} elite units; an army has at most {top}", n=len(elite),
                                                 top=MAX_ELITE))


def _nationality(army: Army, c: Commander) -> str | None:
    """The commander's contingent: as written, else that of the unit he stands in."""
    if c.contingent is not None:
        return c.contingent
    u = army.unit(c.unit)
    return None if u is None else u.contingent


def _commanders(army: Army, found: _Found) -> None:
    main = army.army_list.main
    for c in army.commanders:
        who = _who(c)
        u = army.unit(c.unit)
        if u is None:
            found.add("AOT-PROP-VETERAN", who, msg("stands in {unit}, which is not a unit of this army",
                                                   unit=repr(c.unit)))
        if c.contingent is not None and army.army_list.contingent(c.contingent) is None:
            found.add("AOT-CMD-NATIONALITY", who, msg("the list has no allied contingent {contingent}",
                                                      contingent=repr(c.contingent)))
        elif u is not None and c.contingent is not None and c.contingent != u.contingent:
            mine = c.contingent or main.name
            theirs = u.contingent or main.name
            found.add("AOT-CMD-NATIONALITY", who, msg("a commander of the {mine} contingent cannot stand in {unit}, "
                                                      "a unit of the {theirs} contingent: he could not even order it",
                                                      mine=mine, unit=u.name, theirs=theirs))
        if c.c_in_c and c.rank is Rank.COLONEL:
            found.add("AOT-CMD-CINC", who, msg("only a general can be the commander-in-chief"))
    chiefs = [c for c in army.commanders if c.c_in_c]
    for c in chiefs[1:]:
        found.add("AOT-CMD-CINC", _who(c), nmsg("{n} commanders-in-chief; an army has at most one",
                                                "{n} commanders-in-chief; an army has at most one", n=len(chiefs)))
    for ally in army.army_list.allies:
        generals = [g for g in army.generals if _nationality(army, g) == ally.name]
        for g in generals[1:]:
            found.add("AOT-ARMY-LIST", _who(g), nmsg("the {contingent} contingent has {n} generals; an allied "
                                                     "contingent has at most one", "the {contingent} contingent has "
                                                     "{n} generals; an allied contingent has at most one",
                                                     n=len(generals), contingent=ally.name))


def _slots(army: Army, found: _Found) -> None:
    """AOT-CMD-SLOTS: slots 1-6, each a general of the army or "individual"; colonels never."""
    rid = "AOT-CMD-SLOTS"
    seen: set[int] = set()
    for n, names in army.slots:
        where = msg("slot {n}", n=n)
        if n not in SLOTS:
            found.add(rid, where, msg("there is no such slot; the six faces of a d6 are slots 1 to 6"))
            continue
        if n in seen:
            found.add(rid, where, msg("the slot is written twice"))
        seen.add(n)
        generals = []
        for name in names:
            if is_individual(name):
                continue
            c = army.commander(name)
            if c is None:
                found.add(rid, where, msg("{name} is not a general of this army (write a general or {individual})",
                                          name=repr(name), individual=repr(INDIVIDUAL)))
            elif c.rank is Rank.COLONEL:
                found.add(rid, where, msg("colonel {name} cannot be written on a slot; colonels act through "
                                          "{individual} slots", name=name, individual=repr(INDIVIDUAL)))
            else:
                generals.append(name)
        if len(generals) > 1:
            found.add(rid, where, msg("at most one general per slot, not {generals} (a general may hold several "
                                      "slots)", generals=_and(generals)))
        elif len(names) > 1:
            found.add(rid, where, msg("one entry per slot: a general or {individual}", individual=repr(INDIVIDUAL)))
    missing = [n for n in SLOTS if n not in seen]
    if missing:
        found.add(rid, msg("slots"), nmsg("slot {slots} not allocated; each of the six gets a general or {individual}",
                                          "slots {slots} not allocated; each of the six gets a general or "
                                          "{individual}", n=len(missing), slots=_and(missing),
                                          individual=repr(INDIVIDUAL)))



def formations(entry: ListEntry) -> list[tuple[tuple[int, ...], int, int]]:
    """Every way to stand an entry's warriors that may deploy: (ranks, density, move), asked of the
    engine's :class:`Unit` (which refuses what cannot stand on a base) and of the deployment densities.

    >>> from aot_rules.aot.army.load import shipped_list
    >>> formations(shipped_list("greeks-5c-bc").main.entries[1])  # four akontists
    [((4,), 4, 6), ((2, 2), 2, 8), ((3, 1), 3, 7), ((1, 3), 3, 7)]
    """
    n = entry.warriors
    shapes: list[tuple[int, ...]] = [(n,)] + ([] if entry.mounted else [(a, n - a) for a in range(1, n)])
    out: list[tuple[tuple[int, ...], int, int]] = []
    for ranks in sorted(shapes, key=lambda r: (len(r), abs(r[0] - r[-1]), -r[0])):
        try:
            unit = Unit(name=entry.name, ranks=ranks, mounted=entry.mounted)
        except RuleError:
            continue
        if unit.density in DEPLOY_DENSITIES:
            out.append((ranks, unit.density, move_allowance(unit)))
    return out
