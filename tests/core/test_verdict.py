"""One vocabulary (issue 22, part 6): the three-way verdict of a contest is defined once, in the core, and the
rule systems' three-way results say which verdict they are."""

from __future__ import annotations

import re
from pathlib import Path

from aot_rules.aob.rules.clash import ClashResult
from aot_rules.aot import events
from aot_rules.aot.rules.melee import MeleeResult
from aot_rules.core.verdict import Verdict

PACKAGE = Path(__file__).resolve().parents[2] / "aot_rules"


def test_the_verdict_is_the_cores() -> None:
    assert events.Verdict is Verdict
    assert [Verdict.of(n) for n in (1, 0, -3)] == [Verdict.FIRST, Verdict.CONTINUE, Verdict.SECOND]
    assert [v.swapped for v in Verdict] == [Verdict.SECOND, Verdict.CONTINUE, Verdict.FIRST]


def test_three_way_results_map_onto_the_verdict_in_reading_order() -> None:
    for results in (MeleeResult, ClashResult):
        assert [r.verdict for r in results] == list(Verdict), results


def test_no_other_module_defines_a_verdict_of_its_own() -> None:
    defined = sorted(str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py")
                     if re.search(r"^class Verdict\b", p.read_text(encoding="utf-8"), re.M))
    # the AoB steadiness test's pass/fail is two-way, not the three-way verdict
    assert defined == ["aob/rules/steadiness.py", "core/verdict.py"], defined
