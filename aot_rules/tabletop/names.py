"""How English writes a unit's or a commander's possessive: the one piece of English grammar the table-top knows,
so that a refusal naming a unit picks the whole template written that way (the words stay whole sentences, and
every other language has its own templates).
"""

from __future__ import annotations


def possessive(name: str) -> str:
    """``name``'s, the English way: "Thespian hoplites'" but "Nikias's".

    >>> possessive("Thespian hoplites"), possessive("Nikias"), possessive("Athenian horse")
    ("Thespian hoplites'", "Nikias's", "Athenian horse's")
    """
    return f"{name}'" if bare_apostrophe(name) else f"{name}'s"


def bare_apostrophe(name: str) -> bool:
    """Whether English writes ``name``'s possessive with a bare apostrophe (a plural: "Thespian hoplites'"), so a
    refusal naming it picks the whole template written that way (the words stay whole sentences).

    >>> bare_apostrophe("Thespian hoplites"), bare_apostrophe("Nikias")
    (True, False)
    """
    return name.endswith("s") and not name.endswith(("ss", "us", "as", "is"))
