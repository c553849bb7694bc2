"""Reference tables of the Age of Battles chapters, computed by the engine (never typed into a page).

Each function returns a small HTML table in the book's ``aot-table`` style, wrapped so that it scrolls
sideways on a phone instead of widening the page.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from html import escape

from aot_rules.aob.rules.clash import FACTOR_TABLE, Troop, casualties_law, casualties_of, rank_bonus
from aot_rules.aob.rules.die import GameDie, success_chance
from aot_rules.aob.rules.glory import initial_glory
from aot_rules.aob.rules.steadiness import flight_turns
from aot_rules.core.format import fraction_html, percent_str
from aot_rules.core.i18n import Message, label, msg, text

DICE = (GameDie.D6, GameDie.D10, GameDie.D12, GameDie.D20)


def _table(head: Sequence[str | Message], rows: Sequence[Sequence[str]], caption: Message | None = None) -> str:
    cap = f"<caption>{escape(str(caption))}</caption>" if caption else ""
    h = "".join(f"<th>{escape(str(c))}</th>" for c in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return (f'<div style="overflow-x:auto;max-width:100%"><table class="aot-table">{cap}<tr>{h}</tr>{body}'
            "</table></div>")


def _p(p: Fraction) -> str:
    return f"{fraction_html(p)} <small>({percent_str(p, 0)})</small>"


def factors_html() -> str:
    """AOB-CLASH-FACTORS: the sheet's factor list, in its order."""
    a_rank = escape(str(msg("a rank")))
    rows = [[f"{value:+d}" if isinstance(value, int) else f"+1 <small>({a_rank})</small>",
             f'<span style="white-space:normal;display:block;text-align:left">{escape(str(what))}</span>']
            for what, value, _ in FACTOR_TABLE]
    return _table([msg("spirit"), msg("factor")], rows)


def ranks_html(max_ranks: int = 5) -> str:
    """AOB-CLASH-RANKS: the rank bonus by complete ranks, for each kind of troops."""
    rows = [[str(r), *(f"{rank_bonus(t, r):+d}" for t in Troop)] for r in range(1, max_ranks + 1)]
    return _table([msg("complete ranks"), *(text(label(t)) for t in Troop)], rows)


def glory_html(attacks: Sequence[int] = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 20, 39, 40, 41)) -> str:
    """AOB-GLORY: starting Glory for some weakest front-rank Attacks."""
    return _table([msg("lowest front-rank Attack"), msg("starting Glory")],
                  [[str(a), str(initial_glory(a))] for a in attacks])


def success_html(targets: Sequence[int] = (-1, 0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 18, 20, 21)) -> str:
    """AOB-CLASH: P(a clash roll succeeds) by target T, on each die (Reading: roll ≤ T)."""
    return _table([msg("target T"), *(d.value for d in DICE)],
                  [[str(t), *(_p(success_chance(t, d)) for d in DICE)] for t in targets],
                  msg("P(the clash roll succeeds), roll at most T"))


def casualties_html() -> str:
    """AOB-CLASH-CASUALTIES: the men lost, the d20 faces that give them, and their chance on each die."""
    laws = {d: casualties_law(d) for d in DICE}
    top = max(max(law) for law in laws.values())
    rows = []
    for men in range(1, top + 1):
        faces = [f for f in range(1, 21) if casualties_of(f) == men]
        rows.append([str(men), f"{faces[0]}–{faces[-1]}" if len(faces) > 1 else str(faces[0]),
                     *(_p(laws[d][men]) if laws[d][men] else "—" for d in DICE)])
    return _table([msg("men lost"), msg("d20 faces"), *(d.value for d in DICE)], rows)


def flight_html(moves: Sequence[int] = (4, 6, 8), distances: Sequence[int] = (6, 12, 18, 24, 36)) -> str:
    """AOB-ROUT: flight turns to the table edge at ×1.5 speed (and, in brackets, at the normal move)."""
    rows = [[str(d), *(f"{flight_turns(d, m)} <small>({flight_turns(d, m, fast=False)})</small>" for m in moves)]
            for d in distances]
    return _table([msg("paces to the edge"), *(msg("move {m}", m=m) for m in moves)], rows,
                  msg("turns of flight to the table edge at ×1.5 (at the normal move)"))
