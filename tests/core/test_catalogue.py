"""The one place the rules index is read: the package's catalogue of rule IDs (:mod:`aot_rules.catalogue`),
which the book and every other test use, is held here to ``../shared/rules-index.md`` (or ``AOT_RULES_INDEX``).

Without the index these tests skip on a developer's machine and FAIL on CI (``CI=true``; see
``tests/conftest.py``).  Everything else in the repository builds and tests without it.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from rules_index import entries, examples

from aot_rules.aot.army import BUDGET, COSTS
from aot_rules.aot.army.costs import Item
from aot_rules.catalogue import EXAMPLES, RULES, Source, rules
from aot_rules.systems import all_mechanics

ROOT = Path(__file__).resolve().parents[2]
#: Code that finds or reads the index (a docstring may still name it).
READS_INDEX = re.compile(r"rules_index_text|RULES_INDEX|[\"']shared[\"']|[\"'][^\"'\n]*rules-index\.md[\"']")


def test_the_catalogue_is_the_rules_index(rules_index_text: str) -> None:
    """Every rule entry, in order, with its title, kind, dice flag and blank cells; every worked example."""
    found = [(e.rule_id, e.title, e.kind, e.dice, e.blanks) for e in entries(rules_index_text)]
    mine = [(r.rule_id, r.title.msgid, r.kind, r.dice, r.blanks) for r in RULES]
    index_only = sorted(set(found) - set(mine))
    catalogue_only = sorted(set(mine) - set(found))
    assert not index_only and not catalogue_only, (f"the index has {index_only[:5]}; the catalogue has "
                                                   f"{catalogue_only[:5]} (edit aot_rules/catalogue.py)")
    assert found == mine  # the same order too
    assert list(EXAMPLES) == examples(rules_index_text)


def test_the_points_table_is_the_rules_index_table(rules_index_text: str) -> None:
    """Every printed row of AOT-ARMY-POINTS, in order, against the engine's table."""
    entry = rules_index_text[rules_index_text.index("### AOT-ARMY-POINTS"):]
    entry = entry[:entry.index("\n### ")]
    rows = [r for r in re.findall(r"^\| ([^|]+) \| ([^|]+) \|$", entry, re.M) if r[0] != "Item"]
    printed = [c for c in COSTS if not c.reading]
    assert len(rows) == len(printed) == 13
    for (item, cost), c in zip(rows, printed, strict=True):
        m = re.match(r"\+?([0-9.]+)", cost.strip())
        assert m is not None and Fraction(m.group(1)) == c.points, (item, cost, c)
    readings = {c.item: c.points for c in COSTS if c.reading}
    assert readings == {Item.UNPAIRED_RECRUIT: Fraction(1, 2), Item.MACHINE: 1, Item.CHARIOT: 1, Item.WAR_WAGON: 1}
    assert "≤ 20" in entry and BUDGET == 20




def test_the_catalogue_covers_the_four_systems() -> None:
    assert {s: len(rules(s)) for s in ("AOT", "AOB", "SP", "BAT")} == {"AOT": 127, "AOB": 22, "SP": 60, "BAT": 52}
    assert sum(r.dice for r in RULES if r.system != "AOT") == 46
    assert all(r.source is not None for r in RULES if r.system in ("AOB", "BAT"))
    assert {r.source for r in rules("AOB")} == {Source.CLEAR, Source.ABSENT_BASE}
    assert "AOB-EX-CASUALTY" in EXAMPLES


def test_every_companion_dice_entry_is_registered() -> None:
    registered = {m.rule_id for m in all_mechanics()}
    missing = [r.rule_id for r in RULES if r.system != "AOT" and r.dice and r.rule_id not in registered]
    assert not missing, f"dice entries with no registered mechanic: {missing}"


@pytest.mark.slow  # two pytest processes (~15 CPU-s): the full tier
def test_the_catalogue_test_fails_on_ci_without_the_index(tmp_path: Path) -> None:
    """With no index and ``CI=true`` the catalogue test fails (it does not skip); without CI it skips."""
    env = {**os.environ, "AOT_RULES_INDEX": str(tmp_path / "missing.md"), "CI": "true"}
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", "the_catalogue_is_the_rules_index",
           str(Path(__file__))]
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT, check=False, timeout=300)
    assert p.returncode == 1 and ("1 failed" in p.stdout or "1 error" in p.stdout), p.stdout[-400:]
    assert "rules index not found" in p.stdout and " skipped in " not in p.stdout
    env["CI"] = ""
    p = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT, check=False, timeout=300)
    assert p.returncode == 0 and "1 skipped" in p.stdout, p.stdout[-400:]


def test_nothing_else_reads_the_shared_folder() -> None:
    """The book and the other tests need nothing beside the repository."""
    readers = []
    for path in [*ROOT.joinpath("book").rglob("*.md"), *ROOT.joinpath("book").rglob("*.py"),
                 *ROOT.joinpath("aot_rules").rglob("*.py"), *ROOT.joinpath("tests").rglob("*.py")]:
        if path.name in ("test_catalogue.py", "conftest.py", "rules_index.py"):
            continue
        text = path.read_text(encoding="utf-8")
        if READS_INDEX.search(text):
            readers.append(str(path.relative_to(ROOT)))
    assert not readers, readers


def test_every_reading_of_the_index_is_in_the_readings_appendix(rules_index_text: str) -> None:
    """Issue 24, part 5: each rule whose index entry records a Reading has an entry of the index's origin in
    :data:`aot_rules.readings.READINGS`, from which the appendix is generated."""
    from rules_index import readings

    from aot_rules.readings import READINGS, Origin

    mine = {r.rule_id for r in READINGS if r.origin is Origin.INDEX}
    missing = [rid for rid in readings(rules_index_text) if rid not in mine]
    assert not missing, f"Readings of the index with no appendix entry (add them to aot_rules/readings.py): {missing}"
