"""One vocabulary (issue 22, part 6): the three-way verdict of a contest is defined once, in the core, and the
rule systems' three-way results say which verdict they are."""

from __future__ import annotations

import re
from pathlib import Path

from aot_rules.aob.rules import steadiness
from aot_rules.aob.rules.clash import ClashResult
from aot_rules.aot import events
from aot_rules.aot.mechanics.evasion import RESULT_WORDS, Fight
from aot_rules.aot.rules.melee import MeleeResult
from aot_rules.aot.rules.reactions import Exchange
from aot_rules.bat.rules import combat
from aot_rules.core.verdict import Verdict
from aot_rules.sp.rules.melee import A_FALLS_BACK, B_FALLS_BACK, Result, result_of

PACKAGE = Path(__file__).resolve().parents[2] / "aot_rules"


def test_the_verdict_is_the_cores() -> None:
    assert events.Verdict is Verdict
    assert [Verdict.of(n) for n in (1, 0, -3)] == [Verdict.FIRST, Verdict.CONTINUE, Verdict.SECOND]
    assert [v.swapped for v in Verdict] == [Verdict.SECOND, Verdict.CONTINUE, Verdict.FIRST]


def test_three_way_results_map_onto_the_verdict_in_reading_order() -> None:
    for results in (MeleeResult, ClashResult, Exchange, Fight):
        assert [r.verdict for r in results] == list(Verdict), results


def test_the_breakthrough_words_keep_the_melees_verdict() -> None:
    assert {r: w.verdict for r, w in RESULT_WORDS.items()} == {r: r.verdict for r in MeleeResult}
    assert len(set(RESULT_WORDS.values())) == 3


def test_the_skirmish_melee_bands_project_onto_the_verdict() -> None:
    """SP-MELEE-RESULT has eleven bands (how far the loser falls back), so it keeps its own enum; who
    prevails is still the core's verdict, and it agrees with who falls back and with the kill difference."""
    assert len(Result) == 11
    for r in Result:
        expected = Verdict.FIRST if r in B_FALLS_BACK else Verdict.SECOND if r in A_FALLS_BACK else Verdict.CONTINUE
        assert r.verdict is expected, r
    assert all(result_of(d).verdict is Verdict.of(d) for d in range(-9, 10))


def test_the_outcomes_that_are_not_three_way_say_why() -> None:
    """The two enums that are not the three-way verdict document the decision in their docstrings."""
    assert list(steadiness.Verdict) == [steadiness.Verdict.PASS, steadiness.Verdict.FAIL]
    assert "three-way" in (steadiness.Verdict.__doc__ or "") and "no second side" in (steadiness.Verdict.__doc__ or "")
    assert "three-way" in (combat.Exchange.__doc__ or "") and "both may lose" in (combat.Exchange.__doc__ or "")
    assert "eleven bands" in (Result.__doc__ or "")


def test_no_other_module_defines_a_verdict_of_its_own() -> None:
    defined = sorted(str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py")
                     if re.search(r"^class Verdict\b", p.read_text(encoding="utf-8"), re.M))
    # the AoB steadiness test's pass/fail is two-way, not the three-way verdict
    assert defined == ["aob/rules/steadiness.py", "core/verdict.py"], defined
