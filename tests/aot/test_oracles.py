"""The engine against independent oracles (tests/oracle/), one per base mechanic.

The oracles are written from the rules index and enumerate every face of every die; they import nothing
from the engine. The engine is reached only through the registry's public JSON contract, in
``engine_json`` below: every named distribution and every event the oracle computes is compared,
outcome by outcome, as exact fractions. Each oracle also has a mutation check: a plausible wrong rule
(``<`` for ``≤``, no cap, the other reading …) must disagree with the engine on one case, so that the
comparison is not vacuous.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import pytest
from oracle import demoralization, disorder, reactions, shooting
from oracle import melee as ml
from oracle.common import enumerate_law


def engine_json(rule_id: str, **params: Any) -> dict[str, Any]:
    """The engine's answer: ``as_json(m, m.evaluate(**params))`` for ``m = get(rule_id)`` (the only engine entry
    point), without the ``rule_id`` and ``title`` keys that name the mechanic rather than answer it."""
    from aot_rules.present.render import as_json
    from aot_rules.systems import get

    m = get(rule_id)
    doc = as_json(m, m.evaluate(**params))
    assert (doc.pop("rule_id"), doc.pop("title")) == (m.rule_id, str(m.title))
    return doc


# --- comparison ---------------------------------------------------------------------


def _law(d: Mapping[Any, Any]) -> dict[str, Fraction]:
    """A law keyed by str(outcome), zero-probability outcomes dropped."""
    out = {str(k): Fraction(v) for k, v in d.items()}
    return {k: v for k, v in out.items() if v != 0}


def mismatches(js: Mapping[str, Any], oracle: Mapping[str, Any]) -> list[str]:
    """Every quantity the oracle computed that the engine's JSON gives differently (or not at all)."""
    bad = []
    for key, want in oracle.items():
        if key not in js:
            bad.append(f"{key}: missing from the engine's answer")
            continue
        if isinstance(want, Mapping):
            got = _law(js[key])
            if sum(got.values()) != 1:
                bad.append(f"{key}: the engine's law sums to {sum(got.values())}")
            if got != _law(want):
                bad.append(f"{key}: engine {got} != oracle {_law(want)}")
        elif Fraction(js[key]) != Fraction(want):
            bad.append(f"{key}: engine {js[key]} != oracle {want}")
    return bad


def check(rule_id: str, params: Mapping[str, Any], oracle: Mapping[str, Any]) -> None:
    js = engine_json(rule_id, **params)
    bad = mismatches(js, oracle)
    assert not bad, f"{rule_id} {dict(params)}:\n  " + "\n  ".join(bad)


def case_id(p: Mapping[str, Any]) -> str:
    return ",".join(f"{k}={v}" if v is not True else k for k, v in p.items())


# --- 1. AOT-SHOOT-RESULT --------------------------------------------------------------

VOLLEY_ORACLE_ARGS = ("weapon", "veteran", "wind", "flank", "shield_wall", "pavise", "target_veteran", "horse_armour",
                      "equal_saves", "pavise_veteran", "shooter_density", "compare_after_losses")


def volley_oracle(p: Mapping[str, Any], **knobs: Any) -> dict[str, Any]:
    """The oracle's reading of one AOT-SHOOT-RESULT parameter set (same names as the engine's)."""
    ranks = p["target_ranks"]
    assert p["target_density"] == max(ranks)
    mounted = p.get("mounted_target", False)
    if "distance" in p:
        firers = shooting.range_firers(p["target_strength"], p["distance"], target_density=p["target_density"],
                                       mounted=mounted, cover=p.get("cover", False), weapon=p.get("weapon", "bow"))
        if "firers" in p:
            firers = min(firers, p["firers"])
        if p.get("battle_line"):
            firers -= 1
    else:
        firers = p["firers"]
    kw = {k: p[k] for k in VOLLEY_ORACLE_ARGS if k in p}
    return shooting.volley(firers, ranks, mounted=mounted, **kw, **knobs)


FLANK_ONE_PLUS_ONE: dict[str, Any] = dict(firers=2, target_ranks=(1, 1), target_density=1, flank=True,
                                          shooter_density=2)
SHOOT_CASES: list[dict[str, Any]] = [
    dict(firers=3, target_ranks=(2, 2), target_density=2, shooter_density=3),
    dict(firers=3, target_ranks=(2, 2), target_density=2),
    dict(firers=3, target_ranks=(3, 3), target_density=3, weapon="javelin", shield_wall=True, shooter_density=3),
    dict(firers=3, target_ranks=(3, 2), target_density=3, weapon="handgun", shooter_density=2),
    dict(firers=4, target_ranks=(2, 1), target_density=2, weapon="handgun", veteran=True, shooter_density=1),
    dict(firers=3, target_ranks=(4, 4), target_density=4, pavise=True, target_veteran=True, shooter_density=4),
    dict(firers=3, target_ranks=(4, 4), target_density=4, pavise=True, target_veteran=True, pavise_veteran=False,
         shooter_density=4),
    dict(firers=3, target_ranks=(2, 2), target_density=2, pavise=True, shooter_density=2),
    dict(firers=4, target_ranks=(5, 5), target_density=5, pavise=True, equal_saves=True, shooter_density=5),
    dict(firers=4, target_ranks=(3,), target_density=3, horse_armour=True, veteran=True, shooter_density=3),
    dict(firers=3, target_ranks=(4, 4), target_density=4, flank=True, shield_wall=True, shooter_density=3),
    dict(firers=3, target_ranks=(3, 3), target_density=3, shield_wall=True, equal_saves=True, wind=True,
         shooter_density=4),
    dict(firers=3, target_ranks=(3, 3), target_density=3, shield_wall=True, target_veteran=True, shooter_density=3),
    dict(firers=4, target_ranks=(3, 3), target_density=3, shooter_density=3, compare_after_losses=False),
    dict(firers=3, target_ranks=(1,), target_density=1, veteran=True, shooter_density=1),
    dict(target_strength=6, distance=Fraction(7, 2), target_ranks=(3, 3), target_density=3, shooter_density=4),
    dict(target_strength=2, distance=Fraction(1, 2), target_ranks=(2,), target_density=2, mounted_target=True,
         weapon="javelin", shooter_density=3),
    dict(target_strength=6, distance=1, cover=True, target_ranks=(3, 3), target_density=3, shooter_density=3),
    dict(target_strength=6, distance=2, battle_line=True, target_ranks=(3, 3), target_density=3, shooter_density=4),
    dict(firers=2, target_strength=8, distance=1, target_ranks=(4, 4), target_density=4, shooter_density=4),
    dict(firers=3, target_ranks=(3, 3), target_density=3, weapon="handgun", shield_wall=True, shooter_density=3),
    dict(firers=3, target_ranks=(2, 2), target_density=2, weapon="javelin", pavise=True, shooter_density=2),
    dict(firers=6, target_ranks=(4, 4), target_density=4, shield_wall=True, shooter_density=4),
    dict(firers=7, target_ranks=(5, 5), target_density=5, shield_wall=True, target_veteran=True, wind=True,
         shooter_density=5),
    dict(firers=3, target_ranks=(4, 3), target_density=4, flank=True, veteran=True, shooter_density=2),
    # AOT-SHOOT-FLANK (corrected index entry; source «тест на попадание бросается по большей плотности»): the hit
    # roll uses the LARGER of frontal density and depth, so a 1+1 unit is hit against 2, on a roll of 1.
    FLANK_ONE_PLUS_ONE,
    {**FLANK_ONE_PLUS_ONE, "veteran": True, "shooter_density": 1},
]


@pytest.mark.parametrize("p", SHOOT_CASES, ids=case_id)
def test_shoot_result(p: dict[str, Any]) -> None:
    check("AOT-SHOOT-RESULT", p, volley_oracle(p))


# --- 2. AOT-SHOOT-HIT ----------------------------------------------------------------

HIT_CASES = [
    dict(firers=1, target_density=1),
    dict(firers=3, target_density=4),
    dict(firers=4, target_density=3, veteran=True),
    dict(firers=3, target_density=5, wind=True),
    dict(firers=5, target_density=4, horse_armour=True),
    dict(firers=4, target_density=2, veteran=True, horse_armour=True),
    dict(firers=6, target_density=1, wind=True),
]


def hit_oracle(p: Mapping[str, Any], at_or_below: bool | None = None) -> dict[str, Any]:
    le = (p.get("veteran", False) or p.get("wind", False)) if at_or_below is None else at_or_below
    d, ha = p["target_density"], p.get("horse_armour", False)
    return {"hits": shooting.hit_law(p["firers"], d, at_or_below=le, horse_armour=ha),
            "p_hit_per_die": shooting.hit_law(1, d, at_or_below=le, horse_armour=ha).get(1, Fraction(0))}


@pytest.mark.parametrize("p", HIT_CASES, ids=case_id)
def test_shoot_hit(p: dict[str, Any]) -> None:
    check("AOT-SHOOT-HIT", p, hit_oracle(p))


# --- 3. AOT-SHOOT-SHIELDWALL and AOT-SHOOT-PAVISE --------------------------------------

SHIELDWALL_CASES = [
    dict(hits=0, density=4),
    dict(hits=2, density=3),
    dict(hits=3, density=4, javelins=True),
    dict(hits=5, density=5, veteran=True),
    dict(hits=4, density=4, equal_saves=True),
    dict(hits=6, density=2, javelins=True, veteran=True),
    dict(hits=1, density=1),
]


@pytest.mark.parametrize("p", SHIELDWALL_CASES, ids=case_id)
def test_shoot_shieldwall(p: dict[str, Any]) -> None:
    check("AOT-SHOOT-SHIELDWALL", p, shooting.shield_wall_laws(p["hits"], p["density"], veteran=p.get("veteran", False),
                                                               javelins=p.get("javelins", False),
                                                               equal_saves=p.get("equal_saves", False)))


PAVISE_CASES = [
    dict(hits=0),
    dict(hits=2),
    dict(hits=6),
    dict(hits=4, veteran=True),
    dict(hits=5, veteran=True, pavise_veteran=False),
]


@pytest.mark.parametrize("p", PAVISE_CASES, ids=case_id)
def test_shoot_pavise(p: dict[str, Any]) -> None:
    # the pavise ignores the unit's real density: any density gives the same law
    check("AOT-SHOOT-PAVISE", p, shooting.shield_wall_laws(p["hits"], 1, pavise=True, veteran=p.get("veteran", False),
                                                           pavise_veteran=p.get("pavise_veteran", True)))


# --- 4. AOT-SHOOT-SIMULTANEOUS -----------------------------------------------------------

SIMULTANEOUS_CASES = [
    dict(firers_a=2, firers_b=1, target_density=3),
    dict(firers_a=3, firers_b=2, target_density=4, veteran_a=True),
    dict(firers_a=2, firers_b=2, target_density=4, veteran_b=True, one_roll=False),
    dict(firers_a=3, firers_b=3, target_density=4, one_roll=False),
    dict(firers_a=3, firers_b=0, target_density=5),
    dict(firers_a=2, firers_b=2, target_density=3, shield_wall=False),
    dict(firers_a=4, firers_b=4, target_density=5, veteran_a=True, veteran_b=True),
]


def simultaneous_oracle(p: Mapping[str, Any], **over: Any) -> dict[str, Any]:
    q = {"veteran_a": False, "veteran_b": False, "shield_wall": True, "one_roll": True, **p, **over}
    return {"killed": shooting.simultaneous_killed_law(
        q["firers_a"], q["firers_b"], q["target_density"], veteran_a=q["veteran_a"], veteran_b=q["veteran_b"],
        shield_wall=q["shield_wall"], one_roll=q["one_roll"])}


@pytest.mark.parametrize("p", SIMULTANEOUS_CASES, ids=case_id)
def test_shoot_simultaneous(p: dict[str, Any]) -> None:
    check("AOT-SHOOT-SIMULTANEOUS", p, simultaneous_oracle(p))


# --- 5. AOT-SHOOT-RANGE ---------------------------------------------------------------

RANGE_CASES = [
    dict(target_strength=8, distance=4, target_density=4),
    dict(target_strength=8, distance=Fraction(7, 2), target_density=4),
    dict(target_strength=8, distance=0, target_density=4),
    dict(target_strength=3, distance=Fraction(1, 2), target_density=3, mounted=True),
    dict(target_strength=4, distance=Fraction(13, 2), target_density=4, mounted=True),
    dict(target_strength=6, distance=1, target_density=3, cover=True),
    dict(target_strength=4, distance=Fraction(1, 2), target_density=2, cover=True, mounted=True),
    dict(target_strength=5, distance=1, target_density=3, weapon="javelin"),
    dict(target_strength=5, distance=Fraction(1, 3), target_density=3, weapon="handgun"),
    # nobody may shoot: the engine answers 0 firers
    dict(target_strength=4, distance=5, target_density=2),
    dict(target_strength=4, distance=4, target_density=2),
    dict(target_strength=5, distance=Fraction(3, 2), target_density=3, weapon="javelin"),
    dict(target_strength=5, distance=2, target_density=3, weapon="handgun"),
    dict(target_strength=8, distance=4, target_density=4, cover=True),
]


def range_oracle(p: Mapping[str, Any], **knobs: Any) -> int:
    return shooting.range_firers(p["target_strength"], p["distance"], target_density=p["target_density"],
                                 mounted=p.get("mounted", False), cover=p.get("cover", False),
                                 weapon=p.get("weapon", "bow"), **knobs)


@pytest.mark.parametrize("p", RANGE_CASES, ids=case_id)
def test_shoot_range(p: dict[str, Any]) -> None:
    check("AOT-SHOOT-RANGE", p, {"firers": {range_oracle(p): Fraction(1)}})


# --- 6. AOT-REACT-COUNTERCHARGE ------------------------------------------------------------

COUNTERCHARGE_CASES = [
    dict(distance=3, density=3),
    dict(distance=1, density=4),
    dict(distance=Fraction(1, 2), density=2),
    dict(distance=Fraction(5, 2), density=5),
    dict(distance=6, density=3),
    dict(distance=7, density=2),
    dict(distance=12, density=1),
    dict(distance=4, density=4),
]


@pytest.mark.parametrize("p", COUNTERCHARGE_CASES, ids=case_id)
def test_countercharge(p: dict[str, Any]) -> None:
    check("AOT-REACT-COUNTERCHARGE", p, reactions.countercharge(p["distance"], p["density"]))


# --- 7. AOT-REACT-RETURN-FIRE ----------------------------------------------------------------

RETURN_FIRE_CASES = [
    dict(distance=3, shooter_density=2, target_density=2),
    dict(distance=4, shooter_density=3, target_density=2),
    dict(distance=2, shooter_density=3, target_density=3, target_shield=True),
    dict(distance=Fraction(5, 2), shooter_density=2, target_density=3, shooter_shield=True, target_shield=True),
    dict(distance=1, shooter_density=2, target_density=2, shooter_shield=True, target_shield=True),
    dict(distance=Fraction(1, 2), shooter_density=1, target_density=3),
    dict(distance=1, shooter_density=3, target_density=3),
    dict(distance=6, shooter_density=4, target_density=3),
]


def return_fire_oracle(p: Mapping[str, Any], **knobs: Any) -> dict[str, Any]:
    return reactions.return_fire(p["distance"], p["shooter_density"], p["target_density"],
                                 shooter_shield=p.get("shooter_shield", False),
                                 target_shield=p.get("target_shield", False), **knobs)


@pytest.mark.parametrize("p", RETURN_FIRE_CASES, ids=case_id)
def test_return_fire(p: dict[str, Any]) -> None:
    check("AOT-REACT-RETURN-FIRE", p, return_fire_oracle(p))


# --- 8. AOT-DISORDER-TEST ---------------------------------------------------------------------

DISORDER_CASES = [dict(density=d, formed=f) for d, f in [(1, 1), (2, 2), (3, 4), (3, 6), (4, 8), (5, 5), (5, 10)]]


@pytest.mark.parametrize("p", DISORDER_CASES, ids=case_id)
def test_disorder_test(p: dict[str, Any]) -> None:
    check("AOT-DISORDER-TEST", p, disorder.disorder_test(p["density"], p["formed"]))


# --- 9. AOT-MELEE-RESULT ----------------------------------------------------------------------

UNIT_FIELDS = ("weapon", "mounted", "shield", "armour", "horse_armour", "veteran", "horse_strike", "terrifying",
               "javelins", "flanked")
READING_FIELDS = ("armour_first", "equal_saves", "pike_extra_per_rank", "halberd_axe_as_specialist",
                  "flank_hits_use_depth", "javelins_pierce_in_melee")


def melee_units(p: Mapping[str, Any]) -> tuple[ml.Unit, ml.Unit, ml.Readings]:
    """The oracle's units and readings for one AOT-MELEE-RESULT parameter set (engine defaults: A spear,
    B sword)."""
    sides = []
    for s, default_weapon in (("a", "spear"), ("b", "sword")):
        kw = {f: p[f"{s}_{f}"] for f in UNIT_FIELDS if f"{s}_{f}" in p}
        kw.setdefault("weapon", default_weapon)
        sides.append(ml.Unit(p[f"{s}_ranks"], **kw))
    return sides[0], sides[1], ml.Readings(**{f: p[f] for f in READING_FIELDS if f in p})


ARMOURED_SWORDS = dict(a_ranks=(2, 2), a_weapon="sword", b_ranks=(2, 2), b_weapon="sword", b_shield=True, b_armour=True)
MELEE_CASES = [
    dict(a_ranks=(2, 2), a_weapon="sword", b_ranks=(2, 1), b_weapon="spear"),
    dict(a_ranks=(2, 2), a_weapon="spear", a_shield=True, b_ranks=(2, 2), b_weapon="sword", b_shield=True,
         b_armour=True),
    dict(a_ranks=(3, 3), a_weapon="pike", b_ranks=(3, 2), b_weapon="sword", b_shield=True, b_armour=True),
    dict(a_ranks=(3, 2), a_weapon="pike", b_ranks=(2, 2), b_weapon="sword", b_shield=True),
    dict(a_ranks=(3, 3), a_weapon="pike", pike_extra_per_rank=True, b_ranks=(2, 2), b_weapon="sword"),
    dict(a_ranks=(3, 3), a_weapon="two-handed", a_shield=True, b_ranks=(3, 3), b_weapon="spear", b_shield=True,
         b_armour=True),
    dict(a_ranks=(3, 3), a_weapon="halberd-axe", b_ranks=(3, 3), b_weapon="sword", b_shield=True, b_armour=True),
    dict(a_ranks=(3, 3), a_weapon="halberd-axe", halberd_axe_as_specialist=False, b_ranks=(3, 3), b_weapon="sword",
         b_shield=True, b_armour=True),
    dict(a_ranks=(3,), a_weapon="halberd-spear", a_shield=True, b_ranks=(2, 2), b_weapon="two-handed",
         b_shield=True),
    dict(a_ranks=(2,), a_mounted=True, a_weapon="lance", a_horse_strike=True, b_ranks=(2, 2), b_weapon="spear",
         b_shield=True),
    dict(a_ranks=(2,), a_mounted=True, a_weapon="sword", a_horse_armour=True, a_armour=True, b_ranks=(3, 3),
         b_weapon="spear"),
    dict(a_ranks=(2,), a_mounted=True, a_weapon="lance", a_horse_strike=True, b_ranks=(3,), b_mounted=True,
         b_weapon="sword", b_armour=True, b_horse_armour=True),
    dict(a_ranks=(2, 2), a_weapon="shooter", a_javelins=True, javelins_pierce_in_melee=True, b_ranks=(3, 3),
         b_weapon="sword", b_shield=True),
    dict(a_ranks=(2, 2), a_weapon="shooter", a_shield=True, a_veteran=True, b_ranks=(3, 3), b_weapon="shooter",
         b_shield=True),
    dict(a_ranks=(2, 2), a_weapon="sword", b_ranks=(2, 2), b_weapon="sword", b_flanked=True),
    dict(a_ranks=(3, 3), a_weapon="sword", b_ranks=(2, 1), b_weapon="spear", b_shield=True, b_flanked=True),
    dict(a_ranks=(2,), a_mounted=True, a_weapon="lance", b_ranks=(3, 1), b_weapon="shooter", b_flanked=True,
         flank_hits_use_depth=True),
    dict(a_ranks=(2, 2), a_weapon="spear", a_shield=True, a_flanked=True, b_ranks=(3,), b_weapon="sword"),
    dict(a_ranks=(2, 2), a_weapon="sword", a_veteran=True, a_terrifying=True, b_ranks=(2, 2), b_weapon="spear",
         b_veteran=True, b_shield=True),
    ARMOURED_SWORDS,
    {**ARMOURED_SWORDS, "armour_first": False},
    dict(a_ranks=(2, 2), a_weapon="spear", b_ranks=(2, 2), b_weapon="sword", b_shield=True, equal_saves=True),
    dict(a_ranks=(1, 1), a_weapon="sword", b_ranks=(1,), b_weapon="sword"),
    dict(a_ranks=(2, 2), a_weapon="sword", a_terrifying=True, b_ranks=(1, 1), b_weapon="shooter"),
    dict(a_ranks=(2,), a_mounted=True, a_weapon="lance", b_ranks=(1, 1), b_weapon="spear", b_flanked=True),
    dict(a_ranks=(2,), a_mounted=True, a_weapon="lance", b_ranks=(1, 1), b_weapon="spear", b_flanked=True,
         flank_hits_use_depth=True),
    dict(a_ranks=(3,), a_mounted=True, a_weapon="sword", a_shield=True, b_ranks=(2, 2), b_weapon="spear"),
    dict(a_ranks=(3,), a_mounted=True, a_weapon="shooter", a_horse_strike=True, a_veteran=True, b_ranks=(3, 2),
         b_weapon="spear", b_shield=True, b_armour=True),
    dict(a_ranks=(4, 4), a_weapon="spear", a_shield=True, b_ranks=(4, 4), b_weapon="sword", b_shield=True,
         b_armour=True),
    dict(a_ranks=(3,), a_mounted=True, a_weapon="lance", a_horse_strike=True, a_armour=True, b_ranks=(4, 4),
         b_weapon="spear", b_shield=True, b_veteran=True),
    dict(a_ranks=(4, 3), a_weapon="two-handed", a_terrifying=True, b_ranks=(3, 3), b_weapon="sword",
         b_shield=True, b_armour=True, b_veteran=True),
]


@pytest.mark.parametrize("p", MELEE_CASES, ids=case_id)
def test_melee_result(p: dict[str, Any]) -> None:
    check("AOT-MELEE-RESULT", p, ml.melee(*melee_units(p)))


# --- 10. AOT-MELEE-ENGAGE (two against one) --------------------------------------------------------

ENGAGE_CASES = [
    dict(a1_ranks=(2,), a2_ranks=(2,), b_ranks=(3,), a_weapon="sword", b_weapon="spear", b_shield=True),
    dict(a1_ranks=(2, 2), a2_ranks=(3,), b_ranks=(3, 3), a_weapon="sword", b_weapon="shooter", b_shield=False),
    dict(a1_ranks=(2, 2), a2_ranks=(3,), b_ranks=(3, 3), a_weapon="sword", b_weapon="shooter", b_on_first=0),
    dict(a1_ranks=(2,), a2_ranks=(2,), b_ranks=(3,), a_weapon="two-handed", b_weapon="spear", b_shield=True),
    dict(a1_ranks=(3, 3), a2_ranks=(2, 2), b_ranks=(4, 4), a_weapon="spear", b_weapon="sword", b_shield=True,
         b_on_first=1),
    dict(a1_ranks=(2, 2), a2_ranks=(2, 2), b_ranks=(3, 3), a_weapon="sword", b_weapon="two-handed", b_shield=True),
    dict(a1_ranks=(4, 4), a2_ranks=(3, 3), b_ranks=(5, 5), a_weapon="sword", b_weapon="spear", b_shield=True),
    dict(a1_ranks=(2, 2), a2_ranks=(2, 1), b_ranks=(3, 3), a_weapon="pike", b_weapon="spear", b_shield=True,
         b_on_first=3),
]


def engage_oracle(p: Mapping[str, Any], **knobs: Any) -> dict[str, Any]:
    kw = {k: p[k] for k in ("a_weapon", "b_weapon", "b_shield", "b_on_first") if k in p}
    return ml.two_vs_one(p["a1_ranks"], p["a2_ranks"], p["b_ranks"], **kw, **knobs)


@pytest.mark.parametrize("p", ENGAGE_CASES, ids=case_id)
def test_melee_engage(p: dict[str, Any]) -> None:
    check("AOT-MELEE-ENGAGE", p, engage_oracle(p))


# --- 11. AOT-MELEE-RETREAT ------------------------------------------------------------------

RETREAT_CASES = [dict(density=d, formed=f) for d, f in [(1, 1), (1, 2), (2, 3), (3, 4), (3, 6), (4, 5), (5, 10)]]


@pytest.mark.parametrize("p", RETREAT_CASES, ids=case_id)
def test_melee_retreat(p: dict[str, Any]) -> None:
    check("AOT-MELEE-RETREAT", p, disorder.retreat(p["density"], p["formed"]))


# --- 12. AOT-DEMO-DISORDER ------------------------------------------------------------------

DEMO_CASES = [
    dict(dp=3, density=3, formed=6),
    dict(dp=0, density=2, formed=2),
    dict(dp=10, density=3, formed=6),
    dict(dp=5, density=4, formed=8, stubborn=True),
    dict(dp=1, density=2, formed=3, stubborn=True),
    dict(dp=3, density=2, formed=4, recruit=True),
    dict(dp=2, density=3, formed=5, recruit=True),
    dict(dp=2, density=3, formed=5),
]


def demo_oracle(p: Mapping[str, Any], **knobs: Any) -> dict[str, Any]:
    n, force = demoralization.dp_disorder(p["dp"], p["density"], p["formed"], stubborn=p.get("stubborn", False),
                                          recruit=p.get("recruit", False), **knobs)
    return {"disordered": {n: Fraction(1)}, "can_force_retreat": Fraction(int(force))}


@pytest.mark.parametrize("p", DEMO_CASES, ids=case_id)
def test_demo_disorder(p: dict[str, Any]) -> None:
    check("AOT-DEMO-DISORDER", p, demo_oracle(p))


# --- mutation checks: a plausible wrong rule must disagree with the engine -------------------------

Mutant = Callable[[], Mapping[str, Any]]

MUTATIONS: list[tuple[str, str, dict[str, Any], Mutant]] = [
    ("shoot-result: killed-only losses",  # javelins whose hits the shields turn into disorder
     "AOT-SHOOT-RESULT", SHOOT_CASES[2], lambda: volley_oracle(SHOOT_CASES[2], losses_count_disordered=False)),
    ("shoot-result: compare before losses",
     "AOT-SHOOT-RESULT", {**SHOOT_CASES[0], "shooter_density": 2},
     lambda: volley_oracle({**SHOOT_CASES[0], "shooter_density": 2, "compare_after_losses": False})),
    ("shoot-flank: 1+1 hit against the frontal density 1 (the draft rule)",
     "AOT-SHOOT-RESULT", FLANK_ONE_PLUS_ONE, lambda: volley_oracle(FLANK_ONE_PLUS_ONE, hit_density="frontal")),
    ("shoot-hit: < read as <=",
     "AOT-SHOOT-HIT", HIT_CASES[1], lambda: hit_oracle(HIT_CASES[1], at_or_below=True)),
    ("shoot-hit: veterans without the equal face",
     "AOT-SHOOT-HIT", HIT_CASES[2], lambda: hit_oracle(HIT_CASES[2], at_or_below=False)),
    ("shieldwall: equal roll saves",
     "AOT-SHOOT-SHIELDWALL", SHIELDWALL_CASES[1],
     lambda: shooting.shield_wall_laws(2, 3, equal_saves=True)),
    ("shieldwall: javelin saves not disordered",
     "AOT-SHOOT-SHIELDWALL", SHIELDWALL_CASES[2], lambda: shooting.shield_wall_laws(3, 4, javelins=False)),
    ("pavise: saves on < density instead of < 5",
     "AOT-SHOOT-PAVISE", dict(hits=3), lambda: shooting.shield_wall_laws(3, 3)),
    ("simultaneous: a shield die per volley",
     "AOT-SHOOT-SIMULTANEOUS", SIMULTANEOUS_CASES[0],
     lambda: simultaneous_oracle(SIMULTANEOUS_CASES[0], one_roll=False)),
    ("range: fractions rounded up",
     "AOT-SHOOT-RANGE", RANGE_CASES[1], lambda: {"firers": {range_oracle(RANGE_CASES[1], round_down=False): 1}}),
    ("countercharge: reaches only on roll > gap",
     "AOT-REACT-COUNTERCHARGE", COUNTERCHARGE_CASES[0], lambda: reactions.countercharge(3, 3, reach_on_equal=False)),
    ("return fire: densities compared before losses",
     "AOT-REACT-RETURN-FIRE", RETURN_FIRE_CASES[6],
     lambda: return_fire_oracle(RETURN_FIRE_CASES[6], compare_after_losses=False)),
    ("disorder test: fails on roll <= density",
     "AOT-DISORDER-TEST", DISORDER_CASES[2], lambda: disorder.disorder_test(3, 4, fail_on_equal=True)),
    ("melee: every hit roll succeeds on equality",
     "AOT-MELEE-RESULT", MELEE_CASES[0], lambda: ml.melee(*melee_units(MELEE_CASES[0])[:2], ml.Readings(strict=False))),
    ("melee: shield die before armour",
     "AOT-MELEE-RESULT", ARMOURED_SWORDS,
     lambda: ml.melee(*melee_units(ARMOURED_SWORDS)[:2], ml.Readings(armour_first=False))),
    ("two-vs-one: a shield die against each attacker",
     "AOT-MELEE-ENGAGE", ENGAGE_CASES[0], lambda: engage_oracle(ENGAGE_CASES[0], one_shield_roll=False)),
    ("retreat: move set by the density before the test",
     "AOT-MELEE-RETREAT", RETREAT_CASES[3], lambda: disorder.retreat(3, 4, move_after_test=False)),
    ("dp-disorder: no cap at the formed warriors",
     "AOT-DEMO-DISORDER", DEMO_CASES[2], lambda: demo_oracle(DEMO_CASES[2], cap=False)),
    ("dp-disorder: stubborn warriors cost 1 DP",
     "AOT-DEMO-DISORDER", DEMO_CASES[3], lambda: demo_oracle({**DEMO_CASES[3], "stubborn": False})),
]


@pytest.mark.parametrize(("rule_id", "params", "mutant"), [m[1:] for m in MUTATIONS], ids=[m[0] for m in MUTATIONS])
def test_mutation_is_detected(rule_id: str, params: dict[str, Any], mutant: Mutant) -> None:
    assert mismatches(engine_json(rule_id, **params), mutant()), "the wrong rule agrees with the engine"


def test_oracle_enumeration_is_exhaustive() -> None:
    """The enumeration helper visits all 6**n rolls: the law of the sum of two dice is the textbook one."""
    law = enumerate_law(2, sum)
    assert law == {s: Fraction(6 - abs(s - 7), 36) for s in range(2, 13)}
