"""Reference tables computed by the engine (the book never types a probability by hand)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import partial

from aot_rules.aot.rules.disorder import disorder_test
from aot_rules.aot.rules.movement import move_allowance
from aot_rules.aot.rules.protection import faces_that_save, shield_wall_saves
from aot_rules.aot.rules.reactions import countercharge_exact
from aot_rules.aot.rules.shooting import ShotConditions, firers_in_range, hit_probability
from aot_rules.aot.rules.terrain import Terrain, TerrainEffect, terrain_effect
from aot_rules.aot.units import Unit
from aot_rules.core.dist import Dist
from aot_rules.core.format import fraction_html, fraction_str, percent_str
from aot_rules.core.i18n import Message, label, msg, text
from aot_rules.glossary import ORDER_LABELS
from aot_rules.present.narrate import faces


def _words(*head: Message) -> list[str]:
    """A table's column headings in the reader's language."""
    return [text(h) for h in head]


def _fp(p: Fraction) -> str:
    return f"{fraction_html(p)} <small>({percent_str(p, 1)})</small>"


def _html(head: list[str], rows: list[list[str]], caption: str) -> str:
    th = "".join(f"<th>{h}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f'<table class="aot-table"><caption>{caption}</caption><tr>{th}</tr>{body}</table>'


def hit_chances() -> str:
    rows = []
    for d in range(1, 6):
        normal = hit_probability(d, ShotConditions(), False)
        le = hit_probability(d, ShotConditions(veteran=True), False)
        ha = [_fp(hit_probability(d, c, True)) if d <= 4 else "—"
              for c in (ShotConditions(), ShotConditions(veteran=True))]
        rows.append([str(d), _fp(normal), _fp(le), *ha])
    return _html(_words(msg("target density"), msg("normal"), msg("veteran or downwind"), msg("vs horse armour"),
                        msg("vs horse armour, veteran")), rows,
                 text(msg("Chance that one shooting die hits ({rules})",
                          rules="AOT-SHOOT-HIT, AOT-SHOOT-HORSE-ARMOUR")))


def _saved_by(face: int, density: int, at_or_below: bool) -> int:
    """Hits one shield die turns away when there are more hits than it can show."""
    return face if shield_wall_saves(face, density, at_or_below=at_or_below) else 0


def shieldwall() -> str:
    rows = []
    for d in range(1, 6):
        for vet in (False, True):
            # expected saves against more hits than the die can show (min(r, hits) = r)
            saves = Dist.die(6).map(partial(_saved_by, density=d, at_or_below=vet))
            shown = text(msg("{density} (veteran)", density=d)) if vet else str(d)
            rows.append([shown, text(faces(faces_that_save(d, at_or_below=vet), msg("none"))),
                         _fp(saves.prob(lambda s: s > 0)), fraction_str(saves.mean())])
    return _html(_words(msg("own density"), msg("saving faces"), msg("P(any save)"), msg("expected saves (many hits)")),
                 rows, text(msg("The shield wall die ({rule}); pavises save as density {density}",
                                rule="AOT-SHOOT-SHIELDWALL", density=5)))


def range_table() -> str:
    rows = []
    for strength in range(1, 11):
        u = Unit(name="t", ranks=(min(strength, 5), max(0, strength - 5)))
        rows.append([str(strength)] + [str(firers_in_range(u, Fraction(x)) or "–") for x in range(1, 11)])
    return _html([text(msg("strength \\ distance″"))] + [str(x) for x in range(1, 11)], rows,
                 text(msg("Firers by target strength and distance ({rule}); – means out of range",
                          rule="AOT-SHOOT-RANGE")))


def disorder_table() -> str:
    rows = []
    for d in range(1, 6):
        dist = disorder_test(d, 2 * d)
        rows.append([str(d), _fp(dist.prob(lambda k: k > 0)), fraction_str(dist.mean())])
    return _html(_words(msg("density"), msg("P(fail)"), msg("expected warriors lost")), rows,
                 text(msg("The disorder test ({rule}), unit in two full ranks", rule="AOT-DISORDER-TEST")))


def countercharge_table() -> str:
    rows = []
    for x in range(1, 8):
        j = countercharge_exact(3, 6, Fraction(x))
        rows.append([f"{x}″", _fp(j.prob(lambda t: t.reaches))])
    return _html(_words(msg("gap"), msg("P(reaches the shooters)")), rows,
                 text(msg("Countercharge distance ({rule}): the die must reach the gap",
                          rule="AOT-REACT-COUNTERCHARGE")))


def move_allowance_table() -> str:
    """AOT-MOVE-DISTANCE from the engine's ``move_allowance``, the function the table-top engine calls."""
    rows = [[str(d), f"{move_allowance(Unit(name='u', ranks=(d, d)))}″"] for d in range(1, 6)]
    rows.append([text(msg("panicking")), f"{move_allowance(Unit(name='u', ranks=(0, 0), disordered=8))}″"])
    rows.append([text(msg("defensive formation")), f"{move_allowance(Unit(name='u', ranks=(5, 5), defensive=True))}″"])
    return _html(_words(msg("density"), msg("move")), rows,
                 text(msg("How far a unit moves ({rule})", rule="AOT-MOVE-DISTANCE")))


def _entry(e: TerrainEffect) -> str:
    return text(msg("test")) if e.passable and e.test else text(msg("free")) if e.passable else "✗"


def _terrain_caption(loose: str, d_loose: int, closed: str, d_closed: int) -> str:
    """The terrain table's caption: one template, the order names from the glossary, the marks the cells use."""
    return text(msg("What terrain does to foot ({rule}) in {loose} (density {d_loose}) and {closed} "
                    "(density {d_closed}): <b>{test}</b> = may enter, with a disorder test; <b>{free}</b> = no test; "
                    "<b>✗</b> = may not enter", rule="AOT-TERRAIN-TYPES", loose=loose, d_loose=d_loose,
                    closed=closed, d_closed=d_closed, test=msg("test"), free=msg("free")))


def terrain_table() -> str:
    """AOT-TERRAIN-TYPES from the engine's ``terrain_effect``, for foot in open and in closed order.

    Kept narrow enough for a 390 px phone (short marks, a legend in the caption, tighter cells); the
    wrapper would scroll the table itself, never the page, on a narrower screen still."""
    loose, closed = Unit(name="u", ranks=(2, 2)), Unit(name="u", ranks=(4, 4))
    names = (text(ORDER_LABELS[loose.density]), text(ORDER_LABELS[closed.density]))
    cell = 'style="padding:0.2em 0.45em"'
    head = "".join(f"<th {cell}>{h}</th>" for h in (text(msg("terrain")), *names, text(msg("blocks sight")),
                                                      text(msg("cover"))))
    body = []
    for t in Terrain:
        a, b = terrain_effect(t, loose), terrain_effect(t, closed)
        row = [text(label(t)), _entry(a), _entry(b), "✓" if a.blocks_sight else "",
               "✓" if a.cover else ""]
        name = f'<td style="padding:0.2em 0.45em;white-space:normal">{row[0]}</td>'  # may wrap on a phone
        body.append("<tr>" + name + "".join(f"<td {cell}>{c}</td>" for c in row[1:]) + "</tr>")
    caption = _terrain_caption(names[0], loose.density, names[1], closed.density)
    return (f'<div style="overflow-x:auto;max-width:100%"><table class="aot-table" style="font-size:0.88em">'
            f"<caption>{caption}</caption><tr>{head}</tr>{''.join(body)}</table></div>")


def _options(prefix: str, *, blanks: bool) -> str:
    """A system's reading toggles (``blanks=False``) or the numbers its source leaves blank, read off
    the registry, so the appendix lists exactly the inputs the widgets and the CLI offer."""
    from html import escape

    from aot_rules.present.render import shown
    from aot_rules.present.static import option_text
    from aot_rules.systems import all_mechanics

    rows = []
    seen: set[tuple[str, str]] = set()
    for m in all_mechanics():
        if not m.rule_id.startswith(prefix + "-"):
            continue
        for p in m.inputs:
            if not p.blank if blanks else p.reading is None:
                continue
            key = (p.reading or m.rule_id, p.name)
            if key in seen:  # a variant repeats its base's inputs
                continue
            seen.add(key)
            rule = p.reading or m.rule_id
            default = escape(shown(p.default) if isinstance(p.default, bool) else option_text(p.default))
            if p.kind == "choice" and text(p.choice_label(p.default)) != p.default:  # a code: its words, then it
                default = f"{escape(text(p.choice_label(p.default)))} (<code>{escape(p.default)}</code>)"
            rows.append([f"<code>{rule}</code>", escape(text(p.label) if p.label else p.name.replace("_", " ")),
                         f"<code>{escape(p.flag)}</code>", default, escape(text(p.help))])
    head = [text(msg("rule")), text(msg("input")), text(msg("command line")), text(msg("default")),
            text(msg("what you set") if blanks else msg("what it switches"))]
    caption = (msg("{system}: numbers the source leaves blank (you set them), from the registry", system=prefix)
               if blanks else msg("{system}: toggles for alternative readings, from the registry", system=prefix))
    table = _html(head, rows, text(caption))
    return table.replace('class="aot-table"', 'class="aot-table aot-prose"', 1) if rows else ""


TABLES: dict[str, Callable[[], str]] = {
    "hit-chances": hit_chances,
    "shieldwall": shieldwall,
    "range": range_table,
    "disorder-test": disorder_table,
    "countercharge": countercharge_table,
    "move-allowance": move_allowance_table,
    "terrain": terrain_table,
    **{f"{pfx.lower()}-toggles": partial(_options, pfx, blanks=False) for pfx in ("AOB", "SP", "BAT")},
    **{f"{pfx.lower()}-blanks": partial(_options, pfx, blanks=True) for pfx in ("AOB", "SP", "BAT")},
}
