"""Formatting shared by every face: exact fractions, percentages, counts, plain-ASCII fallbacks."""

from __future__ import annotations

import math
import unicodedata
from fractions import Fraction
from html import escape

from aot_rules.core.i18n import localised


def fraction_str(p: Fraction) -> str:
    """A reduced fraction as text.

    >>> fraction_str(Fraction(6, 16)), fraction_str(Fraction(0)), fraction_str(Fraction(1))
    ('3/8', '0', '1')
    """
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


#: The display rule for exact fractions: shown as they are when numerator and denominator both have at most this
#: many digits; longer ones (a melee law's …/2821109907456) are shown as a percentage, with the exact fraction
#: one tap away.  widget.js repeats this number (a test keeps the two equal).
FRACTION_DIGITS = 9


def is_short_fraction(p: Fraction) -> bool:
    """Whether ``p`` is shown as a fraction under the display rule.

    >>> is_short_fraction(Fraction(3, 8)), is_short_fraction(Fraction(1, 6 ** 12))
    (True, False)
    """
    return len(str(abs(p.numerator))) <= FRACTION_DIGITS and len(str(p.denominator)) <= FRACTION_DIGITS


def fraction_display(p: Fraction) -> str:
    """What a reader is shown for ``p``: the fraction if it is short, else an approximate percentage.

    >>> tiny = Fraction(1, 6 ** 12)
    >>> fraction_display(Fraction(3, 8)), fraction_display(tiny), fraction_display(1 - tiny)
    ('3/8', '≈0.00000004594%', '> 99.99%')
    """
    if is_short_fraction(p):
        return fraction_str(p)
    shown = precise_percent(p)
    return shown if shown[0] in "<>" else "≈" + shown  # "> 99.99%" is already true, not approximate


def fraction_html(p: Fraction | str) -> str:
    """An exact probability as a page shows it (the display rule of :mod:`aot_rules.core.format`): a short
    fraction as it is; a long one as a percentage that opens, on tap or click, onto the exact fraction in
    selectable text (and carries it in its tooltip).  The static widget's script (present/assets/widget.js,
    ``shown``) follows the same rule, and lets a narrow column break a short fraction at its bar.

    >>> fraction_html("3/8")
    '3/8'
    >>> long = fraction_html(Fraction(1, 6 ** 12))
    >>> long.startswith('<details class="aot-exact"><summary title="exact: 1/2176782336">≈0.00000004594%</summary>')
    True
    >>> long.endswith("<code>1/2176782336</code></details>")
    True
    """
    f = Fraction(p)
    if is_short_fraction(f):
        return fraction_str(f)
    exact = fraction_str(f)
    return (f'<details class="aot-exact"><summary title="exact: {exact}">{escape(fraction_display(f))}</summary>'
            f"<code>{exact}</code></details>")


def _uncertain(p: Fraction, text: str, digits: int) -> str:
    """``text`` (``p`` as a percentage to ``digits`` decimals), unless rounding made an uncertain event read as
    certain or impossible: then "> 99.99%" or "< 0.01%" (to the same decimals), which stay true."""
    if 0 < p < 1:
        step = 10.0 ** -digits
        if text == f"{100:.{digits}f}%":
            return f"> {100 - step:.{digits}f}%"
        if text == f"{0:.{digits}f}%":
            return f"< {step:.{digits}f}%"
    return text


def precise_percent(p: Fraction) -> str:
    """A percentage: two decimals, or four significant digits below 1% (so a small chance never reads 0.00%),
    and "> 99.99%" for a chance below certainty that would round to 100.00%.

    >>> precise_percent(Fraction(1, 3)), precise_percent(Fraction(1, 7 ** 9)), precise_percent(Fraction(1))
    ('33.33%', '0.000002478%', '100.00%')
    >>> precise_percent(1 - Fraction(1, 6 ** 8))
    '> 99.99%'

    In the language in force: ``precise_percent(Fraction(1, 8))`` reads "12,50 %" in Russian.
    """
    v = float(p) * 100
    if v == 0 or v >= 1:
        return localised(_uncertain(p, f"{v:.2f}%", 2))
    return localised(f"{v:.{4 - 1 - math.floor(math.log10(v))}f}%")


def percent_str(p: Fraction, digits: int = 2) -> str:
    """A percentage for display only; the exact value is the fraction.  An uncertain event never reads as
    certain or impossible: "> 99.99%", "< 0.01%" (the display rule widget.js repeats; a test keeps them equal).

    >>> percent_str(Fraction(3, 8)), percent_str(Fraction(1)), percent_str(Fraction(0))
    ('37.50%', '100.00%', '0.00%')
    >>> percent_str(1 - Fraction(1, 6 ** 8)), percent_str(Fraction(1, 6 ** 8)), percent_str(Fraction(1, 6 ** 8), 0)
    ('> 99.99%', '< 0.01%', '< 1%')
    """
    return localised(_uncertain(p, f"{float(p) * 100:.{digits}f}%", digits))


#: Typographic characters the program prints, and what a plain terminal shows instead.
PLAIN = {"≤": "<=", "≥": ">=", "″": "in", "−": "-", "—": "-", "–": "-", "→": "->", "·": "*", "×": "x",
         "‘": "'", "’": "'", "“": '"', "”": '"', "…": "...", "▲": "^"}


def plain(text: str) -> str:
    """``text`` in ASCII: known typographic characters spelled out, accents dropped, the rest as '?'.

    >>> plain("hit on ≤ 4 at 1″ — 3/8 → 37.50%")
    'hit on <= 4 at 1in - 3/8 -> 37.50%'
    """
    spelled = "".join(PLAIN.get(c, c) for c in text)
    folded = unicodedata.normalize("NFKD", spelled)
    return "".join(c for c in folded if not unicodedata.combining(c)).encode("ascii", "replace").decode("ascii")
