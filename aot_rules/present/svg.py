"""A unit drawn from above: its base, formed warriors in ranks, disordered ones behind.

Kept apart from the rules (like python-chess's SVG module): it reads a ``Unit``
and returns markup, nothing more.
"""

from __future__ import annotations

from html import escape

from aot_rules.aot.units import Unit, remove_from_ranks

SLOT = 26  # pixels per warrior along the rank
BASE_W = 5 * SLOT + 12  # a 4×8 cm base holds five foot abreast


def unit_svg(u: Unit, caption: str | None = None, colour: str = "#3b6ea5") -> str:
    rows = len(u.ranks)
    height = 24 + rows * SLOT + (SLOT if u.disordered else 0) + 8
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{BASE_W + 8}" height="{height}" '
             f'role="img" aria-label="{escape(u.describe())}">',
             '<text x="4" y="12" font-size="11" fill="#555">front ▲</text>',
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
    cap = escape(caption if caption is not None else u.describe())
    return f"<figure>{svg}<figcaption>{cap}</figcaption></figure>"


def removal_order(ranks: tuple[int, ...], n: int) -> list[tuple[int, int]]:
    """(rank, slot) of each warrior taken off, in order, per AOT-CASUALTY-REMOVAL.

    The engine's rule picks the rank (longest first, front on a tie); the picture takes the
    right-most figure of that rank, since which figure goes is the owner's free choice.
    """
    out, cur = [], tuple(ranks)
    for _ in range(n):
        nxt = remove_from_ranks(cur, 1)
        rank = next(i for i, (a, b) in enumerate(zip(cur, nxt, strict=True)) if a != b)
        out.append((rank, nxt[rank]))
        cur = nxt
    return out


def animated_losses_svg(before: Unit, killed: int, disordered: int, caption: str,
                        colour: str = "#3b6ea5", period: float = 6.0) -> str:
    """The unit taking its losses, looping: killed figures fade out, disordered ones step off the base.

    Which rank loses each warrior comes from the engine's casualty rule; SVG's own animation does the
    rest, so the picture moves in any browser with no script.
    """
    rows = len(before.ranks)
    lost = removal_order(before.ranks, killed + disordered)
    height = 24 + rows * SLOT + SLOT + 12
    timing = f'dur="{period}s" repeatCount="indefinite" keyTimes="0;0.3;0.45;0.9;1"'
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{BASE_W + 8}" height="{height}" role="img" '
             f'aria-label="{escape(caption)}">',
             '<text x="4" y="12" font-size="11" fill="#555">front ▲</text>',
             f'<rect x="4" y="16" width="{BASE_W}" height="{rows * SLOT + 4}" rx="3" fill="#e9e2cf" '
             'stroke="#8a7a55"/>']
    fate = {pos: ("killed" if i < killed else "disordered", i - killed) for i, pos in enumerate(lost)}
    for i, n in enumerate(before.ranks):
        cy = 16 + 2 + i * SLOT + SLOT / 2
        x0 = 4 + (BASE_W - n * SLOT) / 2 + SLOT / 2
        for j in range(n):
            cx = x0 + j * SLOT
            what = fate.get((i, j))
            # riders are drawn as rectangles (x, y of the corner), foot as circles (cx, cy of the centre)
            dx, dy = (9, 7) if before.mounted else (0, 0)
            xa, ya = ("x", "y") if before.mounted else ("cx", "cy")
            anim = ""
            if what and what[0] == "killed":
                anim = (f'<animate attributeName="opacity" values="1;1;0;0;1" {timing}/>'
                        f'<animate attributeName="fill" values="{colour};{colour};#b5453a;#b5453a;{colour}" {timing}/>')
            elif what:
                ty = 16 + rows * SLOT + 4 + SLOT / 2 + 2 - dy
                tx = 4 + SLOT / 2 + before.disordered * (SLOT - 6) + what[1] * (SLOT - 6) - dx
                anim = (f'<animate attributeName="{ya}" values="{cy - dy:.1f};{cy - dy:.1f};{ty:.1f};{ty:.1f};'
                        f'{cy - dy:.1f}" {timing}/>'
                        f'<animate attributeName="{xa}" values="{cx - dx:.1f};{cx - dx:.1f};{tx:.1f};{tx:.1f};'
                        f'{cx - dx:.1f}" {timing}/>'
                        f'<animate attributeName="fill" values="{colour};{colour};#fff;#fff;{colour}" {timing}/>'
                        f'<animate attributeName="stroke-dasharray" values="none;none;3 2;3 2;none" {timing}/>')
            fate_attr = f'data-fate="{what[0] if what else "stays"}"'
            if before.mounted:
                parts.append(f'<rect x="{cx - dx:.1f}" y="{cy - dy:.1f}" width="18" height="14" rx="3" '
                             f'fill="{colour}" stroke="#1d3a5c" stroke-width="1.5" {fate_attr}>{anim}</rect>')
            else:
                parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="9" fill="{colour}" stroke="#1d3a5c" '
                             f'stroke-width="1.5" {fate_attr}>{anim}</circle>')
    for j in range(before.disordered):
        cy = 16 + rows * SLOT + 4 + SLOT / 2 + 2
        parts.append(f'<circle cx="{4 + SLOT / 2 + j * (SLOT - 6):.1f}" cy="{cy:.1f}" r="8" fill="#fff" '
                     f'stroke="{colour}" stroke-width="2" stroke-dasharray="3 2"/>')
    parts.append("</svg>")
    return f'<figure class="aot-anim">{"".join(parts)}<figcaption>{escape(caption)}</figcaption></figure>'
