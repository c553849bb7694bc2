"""The rules index read as data: what the catalogue test holds :mod:`aot_rules.catalogue` to.

The index lists each rule as ``### ID — title`` followed, within its section, by a ``Kind:`` line (a few
tables have none); a rule is a dice mechanic when its kind says DICE (``DICE``, ``DICE+GEO``, ``GEO+DICE``,
``DICE (undefined)``), and the SP tables with no kind line that the index's section 5 lists among the exact
mechanics count too.  A section's blank source cells are written ``[BLANK]``.

Only ``tests/core/test_catalogue.py`` reads the index (from ``../shared/rules-index.md`` or ``AOT_RULES_INDEX``);
the book and every other test use the package's catalogue.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PREFIXES = ("AOT", "AOB", "SP", "BAT")
#: SP tables with no Kind line whose numbers feed a roll (the index's section 5.3 lists them)
DICE_TABLES = ("SP-MOVE-FORMATION-TABLE", "SP-SHOOT-HIT-TABLE-LINE", "SP-SHOOT-HIT-TABLE-SKIRMISH",
               "SP-SHOOT-HIT-TABLE-ART")
_HEADING = re.compile(r"^### ((?:AOT|AOB|SP|BAT)-[A-Z0-9-]+) [—-]+ ?(.*)$", re.M)


@dataclass(frozen=True)
class IndexEntry:
    rule_id: str
    title: str
    kind: str
    blanks: int

    @property
    def dice(self) -> bool:
        return "DICE" in self.kind or self.rule_id in DICE_TABLES


def entries(index: str) -> list[IndexEntry]:
    """Every ``### AOT-/AOB-/SP-/BAT-`` rule of the index, in order, with its title, kind tag and blank cells."""
    out = []
    for m in _HEADING.finditer(index):
        section = re.split(r"^#{2,4} ", index[m.end():], maxsplit=1, flags=re.M)[0]
        kind = re.search(r"^Kind: ([^·\n]*)", section, re.M)
        out.append(IndexEntry(m.group(1), m.group(2).strip(), kind.group(1).strip() if kind else "",
                              section.count("[BLANK]")))
    return out


def examples(index: str) -> list[str]:
    """Every worked example of the index (``#### AOT-EX-…``, ``#### SP-EX-…``), in order."""
    return re.findall(r"^#### ((?:AOT|AOB|SP|BAT)-EX-[A-Z0-9-]+)\b", index, re.M)


def readings(index: str) -> list[str]:
    """Every rule of the index that records a Reading (its ambiguity and the reading adopted), in order."""
    out = []
    for m in _HEADING.finditer(index):
        section = re.split(r"^#{2,4} ", index[m.end():], maxsplit=1, flags=re.M)[0]
        if re.search(r"\bReading\b", section):
            out.append(m.group(1))
    return out
