"""Registered reactions to being shot at: countercharge and return fire."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from aot_rules.dice.rolls import SeededDice
from aot_rules.registry import Mechanic, Outcome, Param, Sample, register
from aot_rules.rules.disorder import disorder_loss
from aot_rules.rules.reactions import (
    EXCHANGE_RESULTS,
    countercharge_exact,
    countercharge_reaches,
    exchange_exact,
    resolve_exchange,
)
from aot_rules.rules.shooting import ShotConditions, build_target
from aot_rules.units import Unit

CC_PARAMS = (
    Param("distance", "inches", 3, "gap to the shooters in inches", Fraction(1, 10), 12,
          grid=(1, 2, 3, 4, 5, 6, 7)),
    Param("density", "int", 3, "the countercharging unit's density", 1, 5),
)


def _cc_unit(p: dict[str, Any]) -> Unit:
    return build_target(p["density"])


def cc_exact(**p: Any) -> Outcome:
    u = _cc_unit(p)
    joint = countercharge_exact(u.density, u.formed, Fraction(p["distance"]))
    return Outcome("disordered", {"disordered": joint.map(lambda t: t[1])},
                   {"reaches": joint.prob(lambda t: t[0]),
                    "reaches_unshaken": joint.prob(lambda t: t[0] and t[1] == 0)},
                   {"disordered": "warriors disordered by the charge die",
                    "reaches": "the countercharge reaches the shooters",
                    "reaches_unshaken": "it reaches them with no warrior disordered"})


def cc_sample(rng: random.Random, **p: Any) -> Sample:
    u = _cc_unit(p)
    r = rng.randint(1, 6)
    reach = countercharge_reaches(r, Fraction(p["distance"]))
    lost = disorder_loss(r, u.density, u.formed)
    return {"disordered": lost, "reaches": reach, "reaches_unshaken": reach and lost == 0}


register(Mechanic(
    rule_id="AOT-REACT-COUNTERCHARGE", key="countercharge", title="Countercharging the shooters",
    summary="One die is both the distance charged and a disorder test.",
    params=CC_PARAMS, exact=cc_exact, sample=cc_sample, rules=("AOT-REACT-COUNTERCHARGE", "AOT-DISORDER-TEST")))


RF_PARAMS = (
    Param("distance", "inches", 3, "gap between the two units in inches", Fraction(1, 10), 20,
          grid=tuple(range(1, 10))),
    Param("shooter_density", "int", 3, "the shooting unit's density (two full ranks)", 1, 5),
    Param("target_density", "int", 3, "the density of the unit that fires back (two full ranks)", 1, 5),
    Param("shooter_shield", "bool", False, "the shooting unit has shields", label="shooter has shields"),
    Param("target_shield", "bool", False, "the unit firing back has shields", label="target has shields"),
)


def _rf_units(p: dict[str, Any]) -> tuple[Unit, Unit]:
    return (build_target(p["shooter_density"], shield_wall=p["shooter_shield"]),
            build_target(p["target_density"], shield_wall=p["target_shield"]))


def rf_exact(**p: Any) -> Outcome:
    s, t = _rf_units(p)
    joint = exchange_exact(s, t, Fraction(p["distance"]), ShotConditions(), ShotConditions())
    result = joint.map(lambda x: x[2])
    return Outcome("result", {"result": result, "shooter_losses": joint.map(lambda x: x[0]),
                              "target_losses": joint.map(lambda x: x[1])},
                   {}, {"result": "result of the firefight", "shooter_losses": "shooter's losses",
                        "target_losses": "target's losses"}, order=EXCHANGE_RESULTS)


def rf_sample(rng: random.Random, **p: Any) -> Sample:
    s, t = _rf_units(p)
    sl, tl, res = resolve_exchange(s, t, Fraction(p["distance"]), SeededDice(rng))
    return {"result": res, "shooter_losses": sl, "target_losses": tl}


register(Mechanic(
    rule_id="AOT-REACT-RETURN-FIRE", key="return-fire", title="Return fire",
    summary="The target shoots back at the same moment; both sides' losses land together.",
    params=RF_PARAMS, exact=rf_exact, sample=rf_sample,
    rules=("AOT-REACT-RETURN-FIRE", "AOT-SHOOT-SIMULTANEOUS", "AOT-SHOOT-RESULT")))
