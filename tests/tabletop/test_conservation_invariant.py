"""The conservation invariant catches a state one warrior off either way, in the fast tier (issue 38): a check
weakened to ``formed + disordered + removed > initial + 1`` must fail here, not only in long simulations."""

from __future__ import annotations

import pytest

from aot_rules.tabletop.scenarios import scenario
from aot_rules.tabletop.simulate import invariant_problems


@pytest.mark.parametrize("off_by", [1, -1])
def test_a_state_one_warrior_off_is_flagged(off_by: int) -> None:
    s = scenario("greek-border", 2)
    assert invariant_problems(s) == []
    p = s.fighting(0)[0]
    bad = s.with_piece(p.changed(removed=p.removed + off_by))
    problems = invariant_problems(bad)
    assert len(problems) == 1 and problems[0].startswith(f"{p.id}: ") and f"!= {p.initial}" in problems[0]
