"""Evasion on the page: the who-may-evade-whom table and the diagrams of the evasion move.

The table is :func:`aot_rules.aot.rules.evasion.evasion_verdict` run over every
pair of :class:`~aot_rules.aot.mechanics.evasion.Profile`, so the book cannot
disagree with the engine: each cell carries the engine's reason, shown on hover
and, because a phone has no hover, under the table when the cell is tapped.
The diagrams place bases with shapely and measure the distance they label from
the shapes themselves, so a label cannot drift from the picture.
"""

from __future__ import annotations

import math
from html import escape

from shapely import affinity
from shapely.geometry import LineString, Polygon

from aot_rules.aot.mechanics.evasion import Profile
from aot_rules.aot.rules.evasion import evasion_verdict
from aot_rules.core.i18n import Message, label, msg, nmsg, text
from aot_rules.present.diagrams.canvas import BASE_DEPTH, BASE_WIDTH, Canvas, base, front_edge, number

#: Short column headers, so thirteen columns fit a phone's width (the legend under the table spells them out).
SHORT: dict[Profile, str] = {
    Profile.LIGHT_FOOT: "LF", Profile.FOOT_SHIELD: "FS", Profile.FOOT_ARMOUR: "FA", Profile.FOOT_BOTH: "FSA",
    Profile.LIGHT_HORSE: "LH", Profile.HORSE_SHIELD: "HS", Profile.HORSE_ARMOUR: "HA", Profile.HORSE_BOTH: "HSA",
    Profile.CATAPHRACTS: "CAT", Profile.CAMELS: "CAM", Profile.ELEPHANT: "EL", Profile.CHARIOT: "CH",
    Profile.ARTILLERY: "ART",
}

_STYLE = """<style>
.aot-evade-wrap { overflow-x: auto; max-width: 100%; -webkit-overflow-scrolling: touch; margin: 0.5em 0; }
.aot-evade { border-collapse: collapse; font-size: 0.95em; font-variant-numeric: tabular-nums; margin: 0; }
.aot-evade th, .aot-evade td { border: 1px solid #d5dbe3; padding: 0.25em 0.3em; text-align: center;
  min-width: 2.1em; line-height: 1.5; }
@media (max-width: 600px) {
  .aot-evade { font-size: 0.8em; }
  .aot-evade th, .aot-evade td { padding: 0.15em 0.12em; min-width: 1.75em; }
}
.aot-evade thead th { background: var(--pst-color-surface, #f0f3f7); font-size: 0.85em; vertical-align: bottom; }
.aot-evade tbody th { background: var(--pst-color-surface, #f0f3f7); text-align: left; white-space: nowrap;
  position: sticky; left: 0; z-index: 1; font-weight: 600; }
.aot-evade td { cursor: pointer; font-weight: 700; }
.aot-evade td[data-allowed="1"] { background: #dcefdc; color: #23622f; }
.aot-evade td[data-allowed="0"] { background: #f6dede; color: #8a2525; }
.aot-evade td:hover, .aot-evade td:focus, .aot-evade td.aot-picked { outline: 2px solid #1d3a5c;
  outline-offset: -2px; }
.aot-evade-why { min-height: 2.6em; padding: 0.3em 0.6em; border-left: 4px solid #3b6ea5;
  background: var(--pst-color-surface, #f7f9fc); }
.aot-evade-legend { font-size: 0.85em; color: var(--pst-color-text-muted, #444); }
</style>"""

_SCRIPT = """<script>
(function () {
  var t = document.getElementById("aot-evade-table");
  if (!t) { return; }
  var out = document.getElementById("aot-evade-why");
  function pick(td) {
    var old = t.querySelector("td.aot-picked");
    if (old) { old.classList.remove("aot-picked"); }
    td.classList.add("aot-picked");
    out.textContent = td.getAttribute("data-said");
  }
  t.addEventListener("click", function (e) {
    var td = e.target.closest("td[data-allowed]");
    if (td) { pick(td); }
  });
  t.addEventListener("keydown", function (e) {
    var td = e.target.closest("td[data-allowed]");
    if (td && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); pick(td); }
  });
})();
</script>"""


def _sentence(evader: Profile, attacker: Profile) -> tuple[bool, str]:
    """The engine's verdict for one cell, as the full sentence the reader is shown."""
    v = evasion_verdict(evader.troops, attacker.troops)
    said = str(msg("{evader} may evade {attacker}: {reason}.", evader=label(evader), attacker=label(attacker),
                   reason=v.reason) if v.allowed else
               msg("{evader} may not evade {attacker}: {reason}.", evader=label(evader), attacker=label(attacker),
                   reason=v.reason))
    return v.allowed, said[:1].upper() + said[1:]


def who_may_evade_table() -> str:
    """The who-may-evade-whom matrix as HTML: rows are the unit charged (the evader), columns the attacker.

    Each cell is ✓ or ✗ from :func:`evasion_verdict`, with ``data-allowed`` for tests and scripts and the
    engine's reason in ``title`` (hover) and ``data-said`` (shown under the table when tapped).

    >>> html = who_may_evade_table()
    >>> html.count('<td data-allowed=')
    169
    """
    profiles = list(Profile)
    head = "".join(f'<th scope="col" title="{escape(text(label(p)))}">{SHORT[p]}</th>' for p in profiles)
    rows = []
    for e in profiles:
        cells = []
        for a in profiles:
            allowed, said = _sentence(e, a)
            cells.append(f'<td data-allowed="{int(allowed)}" tabindex="0" title="{escape(said)}" '
                         f'data-said="{escape(said)}" aria-label="{escape(said)}">{"✓" if allowed else "✗"}</td>')
        rows.append(f'<tr><th scope="row" title="{escape(text(label(e)))}">{SHORT[e]}</th>{"".join(cells)}</tr>')
    legend = " · ".join(f"<b>{SHORT[p]}</b> {escape(text(label(p)))}" for p in profiles)
    axes = escape(str(msg("Rows (↓): the unit that is charged and would evade. Columns (→): the unit that charges "
                          "it.")))
    corner = escape(str(msg("evader ↓, attacker →")))
    prompt = escape(str(msg("Tap or hover over a cell to read the rule that decides it.")))
    codes = escape(str(msg("Foot: F, horse: H; S shields (or pavises), A armour (for horse: the riders’), CAT riders "
                           "and horses armoured.")))
    return (f'{_STYLE}<div class="aot-evade-block">'
            f'<p class="aot-evade-legend">{axes}</p>'
            f'<div class="aot-evade-wrap"><table class="aot-evade" id="aot-evade-table">'
            f'<thead><tr><th scope="col" title="{corner}">↓ →</th>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>'
            f'<p class="aot-evade-why" id="aot-evade-why" aria-live="polite">{prompt}</p>'
            f'<p class="aot-evade-legend">{legend}. {codes}</p></div>{_SCRIPT}')


# --- diagrams ---------------------------------------------------------------------------------------

def backward(facing: float) -> tuple[float, float]:
    """The unit vector straight back from a base facing ``facing`` degrees (anticlockwise from up the table)."""
    t = math.radians(facing)
    return math.sin(t), -math.cos(t)


def back_away(b: Polygon, facing: float, distance: float) -> Polygon:
    """AOT-EVADE-PROCEDURE, Reading: the evader moves straight back, keeping its facing."""
    dx, dy = backward(facing)
    return affinity.translate(b, distance * dx, distance * dy)


def _dimension(c: Canvas, start: tuple[float, float], end: tuple[float, float], label: str | Message) -> None:
    """A measured distance: a line with end ticks and its label beside it."""
    line = LineString([start, end])
    c.line(line, "#555", width=1.2)
    (x0, y0), (x1, y1) = start, end
    length = line.length
    nx, ny = -(y1 - y0) / length * 0.25, (x1 - x0) / length * 0.25
    for x, y in (start, end):
        c.line(LineString([(x - nx, y - ny), (x + nx, y + ny)]), "#555", width=1.2)
    c.text((x0 + x1) / 2 + 0.3, (y0 + y1) / 2, label, anchor="start", bold=True)


def evasion_svg(roll: int = 4, density: int = 3) -> str:
    """The evasion move: an attacker charges into contact, and the evader backs straight away by the die,
    still facing it.  The distance printed is measured between the two front edges with shapely."""
    x, contact = 3.2, 3.4
    attacker_start = base(x, 0.0)
    attacker = base(x, contact)
    before = base(x, contact, 180)
    after = back_away(before, 180, roll)
    moved = front_edge(before).distance(front_edge(after))

    c = Canvas(-0.6, -2.2, 8.8, contact + roll + BASE_DEPTH + 1.0, title=msg("An evasion straight back"))
    c.shape(attacker_start, "red", dashed=True, opacity=0.25)
    c.line(LineString([(x, 0.1), (x, contact - BASE_DEPTH - 0.1)]), "#7a2a1d", width=2.5, arrow=True)
    c.shape(attacker, "red", front=True)
    c.text(x, contact - BASE_DEPTH / 2, msg("attacker"), colour="#7a2a1d")
    c.text(x + BASE_WIDTH / 2 + 0.3, contact - BASE_DEPTH - 1.0, msg("charges into contact"), colour="#7a2a1d",
           anchor="start", size=11)
    c.shape(before, "ghost", dashed=True)
    c.text(x, contact + BASE_DEPTH / 2, msg("evader before"), colour="#6a7888", size=11)
    c.shape(after, "blue", front=True)
    c.text(x, contact + roll + BASE_DEPTH / 2, msg("evader after"), colour="#1d3a5c")
    back = after.centroid
    c.line(LineString([(x - BASE_WIDTH / 2 - 0.5, contact + 0.2), (x - BASE_WIDTH / 2 - 0.5, back.y)]), "#1d3a5c",
           width=2, dashed=True, arrow=True)
    rx = x + BASE_WIDTH / 2 + 0.5
    _dimension(c, (rx, contact), (rx, contact + moved), number(moved) + "″")
    c.text(rx + 0.3, contact + moved / 2 - 0.5, msg("= the die"), anchor="start", size=11)
    lost = roll if roll < density else 0
    said = dict(roll=roll, moved=number(moved), density=density)
    return c.svg(nmsg("The charged unit rolls one die: {roll}. It backs {moved}″ straight away, exactly that far, its "
                      "front (the thick edge) still towards the attacker; the same die is its disorder test ({roll} < "
                      "{density}: {n} warrior disordered). The attacker stays where it made contact and earns no DP.",
                      "The charged unit rolls one die: {roll}. It backs {moved}″ straight away, exactly that far, its "
                      "front (the thick edge) still towards the attacker; the same die is its disorder test ({roll} < "
                      "{density}: {n} warriors disordered). The attacker stays where it made contact and earns no "
                      "DP.", n=lost, **said) if lost else
                 msg("The charged unit rolls one die: {roll}. It backs {moved}″ straight away, exactly that far, its "
                     "front (the thick edge) still towards the attacker; the same die is its disorder test ({roll} ≥ "
                     "density {density}: no loss). The attacker stays where it made contact and earns no DP.",
                     **said))


def flank_evasion_svg(roll: int = 5) -> str:
    """Evading a flank attack: the unit turns to face the attacker and backs away from it, on one die."""
    y, left = 4.0, 3.0
    before = base(left + BASE_WIDTH / 2, y)                    # faces up the table; its left flank at x = left
    attacker = base(left, y - BASE_DEPTH / 2, -90)             # faces right, front edge on that flank
    turned = base(left, y - BASE_DEPTH / 2, 90)                # the evader turned to face left, at the contact
    after = back_away(turned, 90, roll)
    moved = front_edge(turned).distance(front_edge(after))

    c = Canvas(0.4, -0.2, left + roll + BASE_DEPTH + 0.6, 6.4, title=msg("Evading a flank attack"))
    c.shape(attacker, "red", front=True)
    c.text(left - BASE_DEPTH / 2, attacker.bounds[3] + 0.45, msg("attacker"), colour="#7a2a1d", size=13)
    c.shape(before, "ghost", dashed=True)
    c.text(before.bounds[2] + 0.15, y - BASE_DEPTH / 2, msg("before"), colour="#6a7888", size=12, anchor="start")
    c.shape(turned, "blue", dashed=True, opacity=0.2)
    c.text(left + BASE_DEPTH / 2, turned.bounds[3] + 0.45, msg("1. turns"), colour="#1d3a5c", size=13)
    c.shape(after, "blue", front=True)
    a = after.centroid
    c.text(a.x, after.bounds[3] + 0.45, msg("evader after"), colour="#1d3a5c", size=13)
    dy = turned.bounds[1] - 0.5
    _dimension(c, (left, dy), (left + moved, dy), "")
    c.line(LineString([(left + 0.2, dy + 0.01), (left + moved - 0.2, dy + 0.01)]), "#1d3a5c", width=2, arrow=True)
    c.text(left + moved / 2, dy - 0.55, msg("2. backs {moved}″ = the die", moved=number(moved)), size=13, bold=True)
    return c.svg(msg("Charged in its left flank while free in front, the unit rolls one die ({roll}): it is the test "
                     "for turning to face the attacker and for the evasion. It turns (dashed outline) and backs "
                     "{moved}″ away, facing the attacker.", roll=roll, moved=number(moved)))
