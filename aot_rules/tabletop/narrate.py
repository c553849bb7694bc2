"""The game's log for a reader: which entries a player would say aloud, and the English helpers they share.

``play`` prints one line per thing that happened at the table (a roll, a move, a fight, an order); the
players' own reasoning (``decision`` entries) and the frame of the turn (a slot closing) are shown only
with ``--verbose``, and ``--json`` keeps every entry with its typed events.
"""

from __future__ import annotations

from aot_rules.tabletop.state import GameState, LogEntry

#: Entry kinds shown only with ``--verbose``.
QUIET = ("decision", "frame")


def possessive(name: str) -> str:
    """``name``'s, the English way: "Thespian hoplites'" but "Nikias's".

    >>> possessive("Thespian hoplites"), possessive("Nikias"), possessive("Athenian horse")
    ("Thespian hoplites'", "Nikias's", "Athenian horse's")
    """
    plural = name.endswith("s") and not name.endswith(("ss", "us", "as", "is"))
    return f"{name}'" if plural else f"{name}'s"


def shown(entry: LogEntry, verbose: bool = False) -> bool:
    """Whether ``play`` prints the entry."""
    return verbose or entry.kind not in QUIET


def lines(state: GameState, verbose: bool = False) -> list[str]:
    """The log as ``play`` prints it."""
    return [e.line() for e in state.log if shown(e, verbose)]


__all__ = ["QUIET", "lines", "possessive", "shown"]
