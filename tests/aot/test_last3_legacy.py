"""Issue #36, temporary: the three melee-based mechanics' derived faces against their hand-written twins."""

from __future__ import annotations

from typing import Any

import pytest

from aot_rules.aot.mechanics import chariots as C
from aot_rules.aot.mechanics import elephants as E
from aot_rules.aot.mechanics import evasion as V
from aot_rules.core.dice import SeededDice
from aot_rules.core.errors import RuleError
from aot_rules.systems import get

TWINS = {"AOT-BREAKTHROUGH": (V.breakthrough_exact_p_legacy, V.breakthrough_play_legacy),
         "AOT-ELEPHANT-UNIT": (E.charge_exact_legacy, E.charge_play_legacy),
         "AOT-CHARIOT-COMBAT": (C.charge_exact_legacy, C.charge_play_legacy)}


def _run(f: Any, *args: Any) -> Any:
    try:
        return f(*args)
    except RuleError as e:
        return ("refused", e.rule_id)


@pytest.mark.parametrize("rule_id", sorted(TWINS))
def test_derived_equals_legacy_over_the_whole_grid(rule_id: str) -> None:
    m, (exact, played) = get(rule_id), TWINS[rule_id]
    n = legal = 0
    for combo in m.grid():
        rec = m.record(**combo)
        new, old = _run(m.exact, rec), _run(exact, rec)
        n += 1
        if isinstance(old, tuple):
            assert new == old, combo
            continue
        legal += 1
        assert new.main == old.main and new.dists.keys() == old.dists.keys(), combo
        for k in old.dists:
            assert dict(new.dists[k].items()) == dict(old.dists[k].items()), (combo, k)
        assert dict(new.events) == dict(old.events), combo
        assert dict(new.info) == dict(old.info), combo
        assert new.labels.keys() == old.labels.keys(), combo
        for seed in range(2):
            d1, d2 = SeededDice(seed + n), SeededDice(seed + n)
            assert m.play(rec, d1) == played(rec, d2), combo
            assert d1.log == d2.log, combo
    print(rule_id, n, legal)
    assert legal > 100
