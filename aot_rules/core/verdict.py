"""The three-way verdict of any contest between two sides: the first prevails, neither does (it goes on),
or the second prevails.  Every rule system's results that are three-way at heart (a melee, a shooting
result, a clash) say which of these they are, so the faces and the event log can speak of them in one way.

The core knows no game: "first" and "second" are the sides in the order the rule names them.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction

from aot_rules.core.i18n import msg, vocabulary


@vocabulary({"first": msg("first wins"), "continue": msg("continue"), "second": msg("second wins")},
            formerly={"first wins": "first", "second wins": "second"})
class Verdict(StrEnum):
    """Who prevails, in reading order: first · neither · second.

    >>> [Verdict.of(n) for n in (2, 0, -1)]
    [<Verdict.FIRST: 'first'>, <Verdict.CONTINUE: 'continue'>, <Verdict.SECOND: 'second'>]
    """

    FIRST = "first"
    CONTINUE = "continue"
    SECOND = "second"

    @classmethod
    def of(cls, margin: int | Fraction) -> Verdict:
        """The verdict of a margin in the first side's favour: positive, zero or negative."""
        return cls.FIRST if margin > 0 else cls.SECOND if margin < 0 else cls.CONTINUE

    @property
    def swapped(self) -> Verdict:
        """The same verdict with the sides named the other way round."""
        return {Verdict.FIRST: Verdict.SECOND, Verdict.SECOND: Verdict.FIRST}.get(self, Verdict.CONTINUE)
