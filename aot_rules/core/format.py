"""Formatting shared by every face: exact fractions, percentages, counts, plain-ASCII fallbacks."""

from __future__ import annotations

import unicodedata
from fractions import Fraction


def fraction_str(p: Fraction) -> str:
    """A reduced fraction as text.

    >>> fraction_str(Fraction(6, 16)), fraction_str(Fraction(0)), fraction_str(Fraction(1))
    ('3/8', '0', '1')
    """
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def percent_str(p: Fraction, digits: int = 2) -> str:
    """A percentage for display only; the exact value is the fraction.

    >>> percent_str(Fraction(3, 8))
    '37.50%'
    """
    return f"{float(p) * 100:.{digits}f}%"


def count_str(n: int, noun: str) -> str:
    """'1 hit', '2 hits': counts in step-by-step reports."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


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
