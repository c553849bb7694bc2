"""Armies and lists as a player reads them: plain-text tables for the command line, HTML for the book.

Both faces are drawn from the same rows (:func:`unit_rows`), and every number in them comes from the
engine: costs from :mod:`.costs`, density from the table-top :class:`~aot_rules.aot.units.Unit`, the
move from :func:`~aot_rules.aot.rules.movement.move_allowance`.  Nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from aot_rules.aot.army.costs import BUDGET, COSTS, MAX_ELITE, PRICE, CostSheet, Item, cost_sheet, points_str
from aot_rules.aot.army.model import Army, ArmyList, ArmyUnit, Contingent, ListEntry, Rank, is_individual
from aot_rules.aot.army.validate import DEPLOY_DENSITIES, Violation
from aot_rules.aot.rules.movement import move_allowance
from aot_rules.aot.units import Body, Unit
from aot_rules.core.errors import RuleError

DASH = "—"


@dataclass(frozen=True)
class Row:
    """One unit of an army, ready to print."""

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
        return " + ".join(army.weapons_of(u)) + " (every warrior)"
    chosen = army.chosen_weapons(u)
    if len(chosen) == 1 and not u.weapons:
        return str(chosen[0][0])
    return ", ".join(f"{w} {n}" for w, n in chosen) or DASH


def _properties(army: Army, u: ArmyUnit) -> str:
    props = [str(p) for p in army.properties(u)]
    if u.recruit:
        props.insert(0, "recruit")
    text = ", ".join(props) or DASH
    return f"elite: {text}" if u.elite else text


def _figures(army: Army, u: ArmyUnit) -> str:
    figures = [m.label for m in u.markers]
    figures += [f"{c.rank} {c.name}" + (" (C-in-C)" if c.c_in_c else "") for c in army.commanders_in(u)]
    return ", ".join(figures) or DASH


def unit_rows(army: Army, sheet: CostSheet | None = None) -> list[Row]:
    """Each unit of the army as a printable row; density and move are the engine's, or a dash for a
    unit the engine cannot stand on the table (an exotic troop type, or an illegal formation)."""
    sheet = sheet or cost_sheet(army)
    rows = []
    for u in army.units:
        try:
            unit = army.engine_unit(u)
            density, move = str(unit.density), f"{move_allowance(unit)}″"
        except RuleError:
            density = move = DASH
        troops = u.entry + (f" ({u.contingent})" if u.contingent else "")
        rows.append(Row(u.name, troops, "+".join(map(str, u.ranks)) or DASH, density, move, _weapons(army, u),
                        ", ".join(army.gear_of(u)) or DASH, _properties(army, u), _figures(army, u),
                        points_str(sheet.of(u.name))))
    return rows


def bill(army: Army, sheet: CostSheet | None = None) -> list[tuple[str, str, str]]:
    """(what, its paid items, points) for each unit and each army-wide line: the bill behind the total."""
    sheet = sheet or cost_sheet(army)
    out = []
    for name, lines in sheet.units:
        paid = " + ".join(f"{ln.what} {points_str(ln.points)}" for ln in lines if ln.points)
        out.append((name, paid, points_str(sheet.of(name))))
    out += [(PRICE[ln.item].label, ln.what, points_str(ln.points)) for ln in sheet.army]
    return out


def slots_text(army: Army) -> str:
    """``1 individual · 2 Lamachos · …`` as written in the file."""
    return " · ".join(f"{n} {' + '.join('individual' if is_individual(x) else x for x in names)}"
                      for n, names in army.slots) or DASH


def commanders_text(army: Army) -> str:
    return "; ".join(f"{c.name} ({c.rank}{', C-in-C' if c.c_in_c else ''}) in {c.unit}"
                     for c in army.commanders) or DASH


def totals_text(army: Army, sheet: CostSheet | None = None) -> str:
    sheet = sheet or cost_sheet(army)
    generals = sum(1 for c in army.commanders if c.rank is Rank.GENERAL)
    colonels = len(army.commanders) - generals
    elite = sum(1 for u in army.units if u.elite)
    recruits = sum(1 for u in army.units if u.recruit)
    return (f"{points_str(sheet.total)} of {BUDGET} points · {len(army.units)} units · {generals} general"
            f"{'s' if generals != 1 else ''}, {colonels} colonel{'s' if colonels != 1 else ''} · "
            f"{elite} elite unit{'s' if elite != 1 else ''} (at most {MAX_ELITE}) · {recruits} recruit unit"
            f"{'s' if recruits != 1 else ''}")


def summary(source: str, army: Army, violations: Sequence[Violation]) -> str:
    """The one line ``army validate`` prints for a legal army."""
    total = cost_sheet(army).total
    verdict = "legal" if not violations else f"{len(violations)} violations"
    return f"{source}: {verdict} — {points_str(total)} of {BUDGET} points, {len(army.units)} units"


def list_summary(source: str, lst: ArmyList) -> str:
    core = sum(len(c.core) for c in lst.contingents)
    aux = sum(len(c.auxiliary) for c in lst.contingents)
    allies = f", {len(lst.allies)} allied contingents" if lst.allies else ""
    return f"{source}: a well-formed army list — {lst.name}: {core} core and {aux} auxiliary entries{allies}"


# --- plain text ----------------------------------------------------------------------------------

def _table(head: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[int] = ()) -> list[str]:
    widths = [max(len(str(r[i])) for r in (head, *rows)) for i in range(len(head))]
    out = []
    for r in (head, *rows):
        pairs = enumerate(zip(r, widths, strict=True))
        cells = [str(c).rjust(w) if i in right else str(c).ljust(w) for i, (c, w) in pairs]
        out.append("  ".join(cells).rstrip())
    out.insert(1, "  ".join("-" * w for w in widths))
    return out


def army_text(army: Army, violations: Sequence[Violation]) -> str:
    """``army show``: the units, what each costs and why, the totals, commanders and slots."""
    sheet = cost_sheet(army)
    rows = unit_rows(army, sheet)
    lst = army.army_list
    out = [f"{army.name} — from the list {lst.name}" + (f" ({lst.id})" if lst.id else ""), ""]
    out += _table(["unit", "troops", "ranks", "D", "move", "weapons", "gear", "properties", "pts"],
                  [[r.name, r.troops, r.ranks, r.density, r.move, r.weapons, r.gear, r.properties, r.points]
                   for r in rows], right=(3, 4, 8))
    out += ["D: density at deployment; move: 10″ − D (AOT-MOVE-DISTANCE).", "", "Points, unit by unit:"]
    out += _table(["", "paid for", "pts"], [list(b) for b in bill(army, sheet)], right=(2,))
    out += ["", "Total: " + totals_text(army, sheet), "Commanders: " + commanders_text(army),
            "Slots: " + slots_text(army), ""]
    if violations:
        out.append(f"Not legal: {len(violations)} violations")
        out += [f"  {v}" for v in violations]
    else:
        out.append("Legal: no rule is broken.")
    return "\n".join(out)


def list_text(lst: ArmyList) -> str:
    """``army show`` for a list file: each entry as printed, and what it allows."""
    out = [f"Army list: {lst.name}" + (f" ({lst.id})" if lst.id else "") + (f" — {lst.source}" if lst.source else "")]
    for c in lst.contingents:
        out += ["", ("Allied contingent: " if c.allied else "Nationality: ") + f"{c.name} ({c.nationality})"]
        out += _table(["section", "units", "warriors", "troops", "weapons", "gear", "optional (in brackets)"],
                      _entry_cells(c), right=(2,))
    out += ["", "Core troops: any number of units. Auxiliaries: one unit each unless a range is given."]
    return "\n".join(out)


def _entry_cells(c: Contingent) -> list[list[str]]:
    return [[str(e.section), str(e.units), str(e.warriors) + (" mounted" if e.mounted else " foot"),
             e.name + ("" if e.body is Body.WARRIORS else f" [{e.body}{', gunpowder' if e.gunpowder else ''}]"),
             ", ".join(e.weapons) + (" (implied)" if e.weapon_implied else "") or DASH,
             ", ".join(e.gear) or DASH, ", ".join(e.optional) or DASH] for e in c.entries]


# --- HTML ----------------------------------------------------------------------------------------

_TABLE = ('<div style="overflow-x:auto"><table class="aot-army" style="border-collapse:collapse;margin:0.4em 0 1em;'
          'font-size:0.92em">')
_CELL = "padding:0.25em 0.6em;border-bottom:1px solid #dde2e8;vertical-align:top;text-align:left"


def _html_table(head: Sequence[str], rows: Sequence[Sequence[str]], caption: str = "",
                numeric: Sequence[int] = (), nowrap: Sequence[int] = (), raw: bool = False) -> str:
    """A table for the book, scrolling sideways on a narrow screen instead of overflowing the page.
    ``numeric`` columns are right-aligned, ``nowrap`` ones never break (rule IDs); ``raw`` cells are
    HTML the caller has escaped already."""
    def cell(tag: str, i: int, text: str) -> str:
        align = ";text-align:right" if i in numeric else ""
        wrap = ";white-space:nowrap" if i in numeric or i in nowrap else ""
        bg = ";background:var(--pst-color-surface, #f0f3f7)" if tag == "th" else ""
        return f'<{tag} style="{_CELL}{align}{wrap}{bg}">{text}</{tag}>'

    muted = "color:var(--pst-color-text-muted, #555)"  # the theme's muted text: legible in light and dark mode
    cap = (f'<caption style="caption-side:top;text-align:left;{muted};font-size:0.95em">{caption}</caption>'
           if caption else "")
    th = "".join(cell("th", i, escape(h)) for i, h in enumerate(head))
    body = "".join("<tr>" + "".join(cell("td", i, str(c) if raw else escape(str(c))) for i, c in enumerate(r))
                   + "</tr>" for r in rows)
    return f"{_TABLE}{cap}<thead><tr>{th}</tr></thead><tbody>{body}</tbody></table></div>"


def list_html(lst: ArmyList) -> str:
    """An army list as a table: section, units allowed, warriors, troops and their kit."""
    parts = []
    for c in lst.contingents:
        title = f"{'Allied contingent' if c.allied else 'Army list'}: {c.name} ({c.nationality})"
        parts.append(_html_table(["section", "units", "warriors", "troops", "weapons", "gear", "optional"],
                                 _entry_cells(c), escape(title), numeric=(2,)))
    return "".join(parts)


def army_html(army: Army) -> str:
    """An army as the book shows it: units, density and move from the engine, costs, totals, slots."""
    sheet = cost_sheet(army)

    def two(main: str, extra: str) -> str:
        muted = "color:var(--pst-color-text-muted, #5a6470)"
        return escape(main) + (f'<br><small style="{muted}">{escape(extra)}</small>' if extra != DASH else "")

    rows = [[two(r.name, r.troops), escape(r.ranks), escape(r.density), escape(r.move), two(r.weapons, r.gear),
             two(r.properties, r.figures), escape(r.points)] for r in unit_rows(army, sheet)]
    units = _html_table(["unit (troops)", "ranks", "D", "move", "weapons (gear)", "properties (figures)", "pts"],
                        rows, escape(army.name) + " · D: density at deployment; move: 10″ − D", numeric=(2, 3, 6),
                        nowrap=(1,), raw=True)
    facts = (f"<p><b>Total:</b> {escape(totals_text(army, sheet))}<br><b>Slots:</b> {escape(slots_text(army))}</p>")
    return units + facts


def bill_html(army: Army) -> str:
    return _html_table(["", "paid for", "pts"], bill(army), "Points, unit by unit", numeric=(2,))


def violations_html(violations: Sequence[Violation]) -> str:
    """The validator's verdict: a green line for a legal army, else a list of rule, where and why (a list
    rather than a table, so that long messages wrap on a phone)."""
    if not violations:
        return ('<p style="color:#23622f;font-weight:600">✔ Legal: the engine finds no rule broken.</p>')
    head = f'<p style="color:#a32020;font-weight:600">✘ Not legal: {len(violations)} violations.</p>'
    items = "".join(f'<li style="margin:0.3em 0"><code style="white-space:nowrap">{escape(v.rule_id)}</code> '
                    f"<b>{escape(v.unit)}</b>: {escape(v.message)}</li>" for v in violations)
    return f'{head}<ul class="aot-violations" style="padding-left:1.2em">{items}</ul>'


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


def formations_html(lst: ArmyList) -> str:
    """The deployable formations of every entry of a list, with density and move from the engine."""
    rows = [[e.name, str(e.warriors),
             " · ".join(f"{'+'.join(map(str, r))} (D{d}, {m}″)" for r, d, m in formations(e)) or DASH]
            for c in lst.contingents for e in c.entries]
    return _html_table(["troops", "warriors", "ranks it may deploy in (density, move)"], rows,
                       "Formations at deployment", numeric=(1,))


def costs_html() -> str:
    """The points table, straight from :data:`~aot_rules.aot.army.costs.COSTS`."""
    rows = [[c.label, ("+" if c.extra else "") + points_str(c.points), c.rule_id,
             c.note + (" (a Reading)" if c.reading else "")] for c in COSTS if c.item is not Item.UNPAIRED_RECRUIT]
    return _html_table(["item", "pts", "rule", "note"], rows, f"Army points: {BUDGET} per army", numeric=(1,),
                       nowrap=(2,))

