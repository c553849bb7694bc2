"""The companion systems' entries, read from the rules index: what the coverage tests hold the book to.

The index lists each rule as ``### ID — title`` followed by a ``Kind:`` line (a few tables have
none); a rule is a dice mechanic when its kind says DICE (``DICE``, ``DICE+GEO``, ``GEO+DICE``,
``DICE (undefined)``).  The SP tables with no kind line are dice tables the index's section 5
lists among the exact mechanics, so they count as dice entries too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PREFIXES = ("AOB", "SP", "BAT")
#: SP tables with no Kind line whose numbers feed a roll (the index's section 5.3 lists them)
DICE_TABLES = ("SP-MOVE-FORMATION-TABLE", "SP-SHOOT-HIT-TABLE-LINE", "SP-SHOOT-HIT-TABLE-SKIRMISH",
               "SP-SHOOT-HIT-TABLE-ART")


@dataclass(frozen=True)
class Entry:
    rule_id: str
    kind: str

    @property
    def dice(self) -> bool:
        return "DICE" in self.kind or self.rule_id in DICE_TABLES


def entries(index: str) -> list[Entry]:
    """Every ``### AOB-/SP-/BAT-`` rule of the index with its kind tag."""
    out = []
    pattern = re.compile(r"^### ((?:AOB|SP|BAT)-[A-Z0-9-]+) [—-]", re.M)
    for m in pattern.finditer(index):
        after = index[m.end():m.end() + 400].split("\n### ")[0]
        kind = re.search(r"^Kind: ([^·\n]*)", after, re.M)
        out.append(Entry(m.group(1), kind.group(1).strip() if kind else ""))
    return out


def examples(index: str) -> list[str]:
    """The companion systems' worked examples (``#### SP-EX-…``)."""
    return re.findall(r"^#### ((?:AOB|SP|BAT)-EX-[A-Z0-9-]+)\b", index, re.M)
