"""A unit drawn from above: its base, formed warriors in ranks, disordered ones behind (a worked example's
losses are replayed by :mod:`aot_rules.present.replay.losses`).

Kept apart from the rules (like python-chess's SVG module): it reads a ``Unit``
and returns markup, nothing more.
"""

from __future__ import annotations

from html import escape

from aot_rules.aot.units import Unit
from aot_rules.core.i18n import msg

SLOT = 26  # pixels per warrior along the rank
BASE_W = 5 * SLOT + 12  # a 4×8 cm base holds five foot abreast


def unit_svg(u: Unit, caption: str | None = None, colour: str = "#3b6ea5") -> str:
    rows = len(u.ranks)
    said = str(u.describe())
    front = escape(str(msg("front ▲")))
    height = 24 + rows * SLOT + (SLOT if u.disordered else 0) + 8
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{BASE_W + 8}" height="{height}" '
             f'role="img" aria-label="{escape(said)}">',
             f'<text x="4" y="12" font-size="11" fill="#555">{front}</text>',
             f'<rect x="4" y="16" width="{BASE_W}" height="{rows * SLOT + 4}" rx="3" fill="#e9e2cf" '
             'stroke="#8a7a55"/>']
    for i, n in enumerate(u.ranks):
        cy = 16 + 2 + i * SLOT + SLOT / 2
        x0 = 4 + (BASE_W - n * SLOT) / 2 + SLOT / 2
        for j in range(n):
            shape = (f'<rect x="{x0 + j * SLOT - 9:.1f}" y="{cy - 7:.1f}" width="18" height="14" rx="3" '
                     f'fill="{colour}" stroke="#1d3a5c"/>' if u.mounted else
                     f'<circle cx="{x0 + j * SLOT:.1f}" cy="{cy:.1f}" r="9" fill="{colour}" stroke="#1d3a5c"/>')
            parts.append(shape)
    if u.disordered:
        cy = 16 + rows * SLOT + 4 + SLOT / 2 + 2
        for j in range(u.disordered):
            parts.append(f'<circle cx="{4 + SLOT / 2 + j * (SLOT - 6):.1f}" cy="{cy:.1f}" r="8" fill="#fff" '
                         f'stroke="{colour}" stroke-width="2" stroke-dasharray="3 2"/>')
    parts.append("</svg>")
    svg = "".join(parts)
    cap = escape(caption if caption is not None else said)
    return f"<figure>{svg}<figcaption>{cap}</figcaption></figure>"
