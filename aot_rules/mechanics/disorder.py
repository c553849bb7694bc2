"""Registered disorder test (borrowed by countercharges, turns, rough ground …)."""

from __future__ import annotations

import random
from typing import Any

from aot_rules.registry import Mechanic, Outcome, Param, Sample, register
from aot_rules.rules.disorder import disorder_loss, disorder_test
from aot_rules.units import unit_of


def _check(p: dict[str, Any]) -> None:
    unit_of(p["density"], p["formed"])


def dt_exact(**p: Any) -> Outcome:
    _check(p)
    dist = disorder_test(p["density"], p["formed"])
    return Outcome("disordered", {"disordered": dist},
                   {"fails": dist.prob(lambda k: k > 0)},
                   {"disordered": "warriors disordered", "fails": "the test fails"})


def dt_sample(rng: random.Random, **p: Any) -> Sample:
    _check(p)
    k = disorder_loss(rng.randint(1, 6), p["density"], p["formed"])
    return {"disordered": k, "fails": k > 0}


register(Mechanic(
    rule_id="AOT-DISORDER-TEST", key="disorder-test", title="The disorder test",
    summary="One die against the unit's density: below it, that many warriors lose formation.",
    params=(Param("density", "int", 3, "the unit's density", 1, 5),
            Param("formed", "int", 6, "formed warriors in the unit (the loss cannot exceed them)", 1, 10)),
    exact=dt_exact, sample=dt_sample))
