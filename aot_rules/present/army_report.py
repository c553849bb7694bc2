"""Armies and lists as a player reads them: plain-text tables for the command line, HTML for the book.

A face: the rules package keeps the facts (the points table, each unit's bill as typed lines, the deployable
formations), and this module puts them into words, every word a catalogue message rendered in the language in force
(a name from the file, a rule ID or a code stays as it is).  Both faces are drawn from the same rows
(:func:`unit_rows`), and every number in them comes from the engine: costs from :mod:`~aot_rules.aot.army.costs`,
density from the table-top :class:`~aot_rules.aot.units.Unit`, the move from
:func:`~aot_rules.aot.rules.movement.move_allowance`.  Nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from html import escape

from aot_rules.aot.army.costs import BUDGET, COSTS, MAX_ELITE, PRICE, CostSheet, Item, Line, cost_sheet
from aot_rules.aot.army.model import (
    Army,
    ArmyList,
    ArmyUnit,
    Commander,
    Contingent,
    ListEntry,
    Rank,
    UnitRange,
    is_individual,
)
from aot_rules.aot.army.validate import Violation, formations
from aot_rules.aot.rules.movement import move_allowance
from aot_rules.aot.units import Body
from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import Message, decimal, label, msg, nmsg, text

DASH = "—"


def _labels(members: Iterable[Enum], sep: str = ", ") -> str:
    """Vocabulary members by their labels, as a list (a dash when there are none)."""
    return sep.join(label(m).render() for m in members) or DASH


def _pts(p: Fraction) -> str:
    """Points as a player writes them (0.5; 0,5 in Russian)."""
    return decimal(p)


def _field(name: Message, value: str) -> str:
    """A labelled fact (``Total: …``)."""
    return str(msg("{field}: {value}", field=name, value=value))


@dataclass(frozen=True)
class Row:
    """One unit of an army, ready to print (each cell rendered in the language in force)."""

    name: str
    troops: str
    ranks: str
    density: str
    move: str
    weapons: str
    gear: str
    properties: str
    figures: str
    points: str


def _weapons(army: Army, u: ArmyUnit) -> str:
    if u.all_weapons:
        return str(msg("{weapons} (every warrior)", weapons=_labels(army.weapons_of(u), " + ")))
    chosen = army.chosen_weapons(u)
    if len(chosen) == 1 and not u.weapons:
        return label(chosen[0][0]).render()
    return ", ".join(str(msg("{weapon} {n}", weapon=w, n=n)) for w, n in chosen) or DASH


def _properties(army: Army, u: ArmyUnit) -> str:
    props = [label(p).render() for p in army.properties(u)]
    if u.recruit:
        props.insert(0, msg("recruit").render())
    said = ", ".join(props) or DASH
    return str(msg("elite: {properties}", properties=said)) if u.elite else said


def _commander(c: Commander) -> str:
    """A commander as a figure in his unit: rank and name, and the commander-in-chief said so."""
    return str(msg("{rank} {name} (C-in-C)", rank=c.rank, name=c.name) if c.c_in_c else
               msg("{rank} {name}", rank=c.rank, name=c.name))


def _figures(army: Army, u: ArmyUnit) -> str:
    figures = [label(m).render() for m in u.markers] + [_commander(c) for c in army.commanders_in(u)]
    return ", ".join(figures) or DASH


def unit_rows(army: Army, sheet: CostSheet | None = None) -> list[Row]:
    """Each unit of the army as a printable row; density and move are the engine's, or a dash for a
    unit the engine cannot stand on the table (an exotic troop type, or an illegal formation)."""
    sheet = sheet or cost_sheet(army)
    rows = []
    for u in army.units:
        try:
            unit = army.engine_unit(u)
            density, move = str(unit.density), str(msg("{distance}″", distance=move_allowance(unit)))
        except RuleError:
            density = move = DASH
        troops = str(msg("{entry} ({contingent})", entry=u.entry, contingent=u.contingent)) if u.contingent else (
            u.entry)
        rows.append(Row(u.name, troops, "+".join(map(str, u.ranks)) or DASH, density, move, _weapons(army, u),
                        _labels(army.gear_of(u)), _properties(army, u), _figures(army, u),
                        _pts(sheet.of(u.name))))
    return rows


def line_text(ln: Line) -> str:
    """What one line of a bill pays for, in words: the troops by their entry's name, a commander by rank and
    name, a figure, the elite's properties or the gear by their labels, the rest by what the item is."""
    if ln.item is Item.COMMANDER:
        return str(msg("{rank} {name}", rank=ln.kinds[0], name=ln.name))
    if ln.item is Item.MARKER:
        return _labels(ln.kinds)
    if ln.item is Item.ELITE:
        return str(msg("elite: {properties}", properties=_labels(ln.kinds, " + ")))
    if ln.item is Item.DEFENSIVE_GEAR:
        return _labels(ln.kinds)
    if ln.item is Item.UNPAIRED_RECRUIT:
        return str(nmsg("{n} recruit unit: a point buys two, and the last one still pays a whole point",
                        "{n} recruit units: a point buys two, and the last one still pays a whole point",
                        n=ln.count))
    if ln.item is Item.SCYTHES:
        return msg("scythes").render()
    if ln.name is not None:
        return ln.name
    said = {Item.CART_ESCORT: msg("light-infantry escort"), Item.TOWER_CREW: msg("tower crew"),
            Item.SECOND_WEAPON: msg("every warrior armed with each weapon"), Item.VETERAN: msg("veteran")}
    return said[ln.item].render() if ln.item in said else PRICE[ln.item].label.render()


def bill(army: Army, sheet: CostSheet | None = None) -> list[tuple[str, str, str]]:
    """(what, its paid items, points) for each unit and each army-wide line: the bill behind the total."""
    sheet = sheet or cost_sheet(army)
    out = []
    for name, lines in sheet.units:
        paid = " + ".join(str(msg("{item} {points}", item=line_text(ln), points=ln.points))
                          for ln in lines if ln.points)
        out.append((name, paid, _pts(sheet.of(name))))
    out += [(PRICE[ln.item].label.render(), line_text(ln), _pts(ln.points)) for ln in sheet.army]
    return out


def slots_text(army: Army) -> str:
    """``1 individual · 2 Lamachos · …`` as written in the file."""
    def who(names: Sequence[str]) -> str:
        return " + ".join(msg("individual").render() if is_individual(x) else x for x in names)

    return " · ".join(str(msg("{slot} {who}", slot=n, who=who(names))) for n, names in army.slots) or DASH


def commanders_text(army: Army) -> str:
    return "; ".join(str(msg("{name} ({rank}, C-in-C) in {unit}", name=c.name, rank=c.rank, unit=c.unit)
                         if c.c_in_c else msg("{name} ({rank}) in {unit}", name=c.name, rank=c.rank, unit=c.unit))
                     for c in army.commanders) or DASH


def totals_text(army: Army, sheet: CostSheet | None = None) -> str:
    sheet = sheet or cost_sheet(army)
    generals = sum(1 for c in army.commanders if c.rank is Rank.GENERAL)
    colonels = len(army.commanders) - generals
    elite = sum(1 for u in army.units if u.elite)
    recruits = sum(1 for u in army.units if u.recruit)
    parts = [nmsg("{points} of {n} point", "{points} of {n} points", n=BUDGET, points=sheet.total),
             nmsg("{n} unit", "{n} units", n=len(army.units)),
             msg("{generals}, {colonels}", generals=nmsg("{n} general", "{n} generals", n=generals),
                 colonels=nmsg("{n} colonel", "{n} colonels", n=colonels)),
             nmsg("{n} elite unit (at most {top})", "{n} elite units (at most {top})", n=elite, top=MAX_ELITE),
             nmsg("{n} recruit unit", "{n} recruit units", n=recruits)]
    return " · ".join(p.render() for p in parts)


def summary(source: str, army: Army, violations: Sequence[Violation]) -> str:
    """The one line ``army validate`` prints for a legal army."""
    total = cost_sheet(army).total
    n = len(army.units)
    if not violations:
        return str(nmsg("{source}: legal — {points} of {budget} points, {n} unit",
                        "{source}: legal — {points} of {budget} points, {n} units", n=n, source=source,
                        points=total, budget=BUDGET))
    return str(msg("{source}: {violations} — {points}, {units}", source=source,
                   violations=nmsg("{n} violation", "{n} violations", n=len(violations)),
                   points=nmsg("{points} of {n} point", "{points} of {n} points", n=BUDGET, points=total),
                   units=nmsg("{n} unit", "{n} units", n=n)))


def list_summary(source: str, lst: ArmyList) -> str:
    """The one line ``army validate`` prints for a well-formed army list (the plural follows the auxiliaries)."""
    core = sum(len(c.core) for c in lst.contingents)
    aux = sum(len(c.auxiliary) for c in lst.contingents)
    if lst.allies:
        return str(nmsg("{source}: a well-formed army list — {name}: {core} core and {n} auxiliary entry, {allies}",
                        "{source}: a well-formed army list — {name}: {core} core and {n} auxiliary entries, {allies}",
                        n=aux, source=source, name=lst.name, core=core,
                        allies=nmsg("{n} allied contingent", "{n} allied contingents", n=len(lst.allies))))
    return str(nmsg("{source}: a well-formed army list — {name}: {core} core and {n} auxiliary entry",
                    "{source}: a well-formed army list — {name}: {core} core and {n} auxiliary entries",
                    n=aux, source=source, name=lst.name, core=core))


# --- plain text ----------------------------------------------------------------------------------

def _head(*words: Message | str) -> list[str]:
    return [text(w) for w in words]


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[int] = ()) -> list[str]:
    widths = [max(len(str(r[i])) for r in (head, *rows)) for i in range(len(head))]
    out = []
    for r in (head, *rows):
        pairs = enumerate(zip(r, widths, strict=True))
        cells = [str(c).rjust(w) if i in right else str(c).ljust(w) for i, (c, w) in pairs]
        out.append("  ".join(cells).rstrip())
    out.insert(1, "  ".join("-" * w for w in widths))
    return out


def _list_title(lst: ArmyList) -> str:
    """The list's name and, when it has one, its id (a code)."""
    return str(msg("{name} ({id})", name=lst.name, id=lst.id)) if lst.id else lst.name


def army_text(army: Army, violations: Sequence[Violation]) -> str:
    """``army show``: the units, what each costs and why, the totals, commanders and slots."""
    sheet = cost_sheet(army)
    rows = unit_rows(army, sheet)
    out = [str(msg("{army} — from the list {list}", army=army.name, list=_list_title(army.army_list))), ""]
    out += _table(_head(msg("unit"), msg("troops"), msg("ranks"), msg("D"), msg("move"), msg("weapons"), msg("gear"),
                        msg("properties"), msg("pts")),
                  [[r.name, r.troops, r.ranks, r.density, r.move, r.weapons, r.gear, r.properties, r.points]
                   for r in rows], right=(3, 4, 8))
    out += [str(msg("D: density at deployment; move: 10″ − D ({rule}).", rule="AOT-MOVE-DISTANCE")), "",
            str(msg("Points, unit by unit:"))]
    out += _table(_head("", msg("paid for"), msg("pts")), [list(b) for b in bill(army, sheet)], right=(2,))
    out += ["", _field(msg("Total"), totals_text(army, sheet)), _field(msg("Commanders"), commanders_text(army)),
            _field(msg("Slots"), slots_text(army)), ""]
    if violations:
        out.append(str(nmsg("Not legal: {n} violation", "Not legal: {n} violations", n=len(violations))))
        out += [f"  {v}" for v in violations]
    else:
        out.append(str(msg("Legal: no rule is broken.")))
    return "\n".join(out)


def list_text(lst: ArmyList) -> str:
    """``army show`` for a list file: each entry as printed, and what it allows."""
    title = _list_title(lst)
    out = [str(msg("Army list: {name} — {source}", name=title, source=lst.source) if lst.source else
               msg("Army list: {name}", name=title))]
    for c in lst.contingents:
        out += ["", _contingent_title(c, msg("Nationality: {name} ({nationality})", name=c.name,
                                             nationality=c.nationality))]
        out += _table(_head(msg("section"), msg("units"), msg("warriors"), msg("troops"), msg("weapons"), msg("gear"),
                            msg("optional (in brackets)")), _entry_cells(c), right=(2,))
    out += ["", str(msg("Core troops: any number of units. Auxiliaries: one unit each unless a range is given."))]
    return "\n".join(out)


def _contingent_title(c: Contingent, main: Message) -> str:
    return str(msg("Allied contingent: {name} ({nationality})", name=c.name, nationality=c.nationality)
               if c.allied else main)


def _range(r: UnitRange) -> str:
    """How many units an entry allows, as the reader says it (``0-2``, any number, at least 2)."""
    if r.high is not None:
        return str(r)
    return str(msg("any number") if r.low == 0 else msg("at least {n}", n=r.low))


def _troops(e: ListEntry) -> str:
    if e.body is Body.WARRIORS:
        return e.name
    return str(msg("{entry} [{body}, gunpowder]", entry=e.name, body=e.body) if e.gunpowder else
               msg("{entry} [{body}]", entry=e.name, body=e.body))


def _entry_cells(c: Contingent) -> list[list[str]]:
    def warriors(e: ListEntry) -> str:
        return str(nmsg("{n} mounted", "{n} mounted", n=e.warriors) if e.mounted else
                   nmsg("{n} foot", "{n} foot", n=e.warriors))

    def weapons(e: ListEntry) -> str:
        said = _labels(e.weapons)
        return str(msg("{weapons} (implied)", weapons=said)) if e.weapon_implied and e.weapons else said

    return [[label(e.section).render(), _range(e.units), warriors(e), _troops(e), weapons(e), _labels(e.gear),
             _labels(e.optional)] for e in c.entries]


# --- HTML ----------------------------------------------------------------------------------------

_TABLE = ('<div style="overflow-x:auto"><table class="aot-army" style="border-collapse:collapse;margin:0.4em 0 1em;'
          'font-size:0.92em">')
_CELL = "padding:0.25em 0.6em;border-bottom:1px solid #dde2e8;vertical-align:top;text-align:left"


def _html_table(head: Sequence[Message | str], rows: Sequence[Sequence[str]], caption: str = "",
                numeric: Sequence[int] = (), nowrap: Sequence[int] = (), raw: bool = False) -> str:
    """A table for the book, scrolling sideways on a narrow screen instead of overflowing the page.
    ``numeric`` columns are right-aligned, ``nowrap`` ones never break (rule IDs); ``raw`` cells are
    HTML the caller has escaped already."""
    def cell(tag: str, i: int, content: str) -> str:
        align = ";text-align:right" if i in numeric else ""
        wrap = ";white-space:nowrap" if i in numeric or i in nowrap else ""
        bg = ";background:var(--pst-color-surface, #f0f3f7)" if tag == "th" else ""
        return f'<{tag} style="{_CELL}{align}{wrap}{bg}">{content}</{tag}>'

    muted = "color:var(--pst-color-text-muted, #555)"  # the theme's muted text: legible in light and dark mode
    cap = (f'<caption style="caption-side:top;text-align:left;{muted};font-size:0.95em">{caption}</caption>'
           if caption else "")
    th = "".join(cell("th", i, escape(text(h))) for i, h in enumerate(head))
    body = "".join("<tr>" + "".join(cell("td", i, str(c) if raw else escape(str(c))) for i, c in enumerate(r))
                   + "</tr>" for r in rows)
    return f"{_TABLE}{cap}<thead><tr>{th}</tr></thead><tbody>{body}</tbody></table></div>"


def list_html(lst: ArmyList) -> str:
    """An army list as a table: section, units allowed, warriors, troops and their kit."""
    parts = []
    for c in lst.contingents:
        title = _contingent_title(c, msg("Army list: {name} ({nationality})", name=c.name, nationality=c.nationality))
        parts.append(_html_table([msg("section"), msg("units"), msg("warriors"), msg("troops"), msg("weapons"),
                                  msg("gear"), msg("optional")], _entry_cells(c), escape(title), numeric=(2,)))
    return "".join(parts)


def army_html(army: Army) -> str:
    """An army as the book shows it: units, density and move from the engine, costs, totals, slots."""
    sheet = cost_sheet(army)

    def two(main: str, extra: str) -> str:
        muted = "color:var(--pst-color-text-muted, #5a6470)"
        return escape(main) + (f'<br><small style="{muted}">{escape(extra)}</small>' if extra != DASH else "")

    rows = [[two(r.name, r.troops), escape(r.ranks), escape(r.density), escape(r.move), two(r.weapons, r.gear),
             two(r.properties, r.figures), escape(r.points)] for r in unit_rows(army, sheet)]
    units = _html_table([msg("unit (troops)"), msg("ranks"), msg("D"), msg("move"), msg("weapons (gear)"),
                         msg("properties (figures)"), msg("pts")], rows,
                        escape(str(msg("{army} · D: density at deployment; move: 10″ − D", army=army.name))),
                        numeric=(2, 3, 6), nowrap=(1,), raw=True)

    def fact(name: Message, value: str) -> str:
        return str(msg("{field}: {value}", field=f"<b>{escape(name.render())}</b>", value=escape(value)))

    facts = f"<p>{fact(msg('Total'), totals_text(army, sheet))}<br>{fact(msg('Slots'), slots_text(army))}</p>"
    return units + facts


def bill_html(army: Army) -> str:
    return _html_table(["", msg("paid for"), msg("pts")], bill(army), escape(msg("Points, unit by unit").render()),
                       numeric=(2,))


def violations_html(violations: Sequence[Violation]) -> str:
    """The validator's verdict: a green line for a legal army, else a list of rule, where and why (a list
    rather than a table, so that long messages wrap on a phone)."""
    if not violations:
        said = msg("✔ Legal: the engine finds no rule broken.").render()
        return f'<p style="color:#23622f;font-weight:600">{escape(said)}</p>'
    said = nmsg("✘ Not legal: {n} violation.", "✘ Not legal: {n} violations.", n=len(violations)).render()
    head = f'<p style="color:#a32020;font-weight:600">{escape(said)}</p>'
    items = "".join(f'<li style="margin:0.3em 0"><code style="white-space:nowrap">{escape(v.rule_id)}</code> '
                    f"<b>{escape(text(v.unit))}</b>: {escape(text(v.message))}</li>" for v in violations)
    return f'{head}<ul class="aot-violations" style="padding-left:1.2em">{items}</ul>'


def formations_html(lst: ArmyList) -> str:
    """The deployable formations of every entry of a list, with density and move from the engine."""
    def shapes(e: ListEntry) -> str:
        return " · ".join(str(msg("{ranks} (D{density}, {move}″)", ranks="+".join(map(str, r)), density=d, move=m))
                          for r, d, m in formations(e)) or DASH

    rows = [[e.name, str(e.warriors), shapes(e)] for c in lst.contingents for e in c.entries]
    return _html_table([msg("troops"), msg("warriors"), msg("ranks it may deploy in (density, move)")], rows,
                       escape(msg("Formations at deployment").render()), numeric=(1,))


def costs_html() -> str:
    """The points table, straight from :data:`~aot_rules.aot.army.costs.COSTS`."""
    def note(c: Message | None, reading: bool) -> str:
        if not reading:
            return text(c) if c is not None else ""
        return str(msg("{note} (a Reading)", note=c) if c is not None else msg("a Reading"))

    rows = [[c.label.render(), ("+" if c.extra else "") + _pts(c.points), c.rule_id, note(c.note, c.reading)]
            for c in COSTS if c.item is not Item.UNPAIRED_RECRUIT]
    return _html_table([msg("item"), msg("pts"), msg("rule"), msg("note")], rows,
                       escape(msg("Army points: {budget} per army", budget=BUDGET).render()), numeric=(1,),
                       nowrap=(2,))
