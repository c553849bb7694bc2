"""Registered shooting mechanics: parameters, exact outcome and sampler for each rule ID."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from aot_rules.dice.dist import Dist
from aot_rules.dice.rolls import SeededDice
from aot_rules.errors import RuleError
from aot_rules.registry import Mechanic, Outcome, Param, Sample, register
from aot_rules.rules.shooting import (
    ShotConditions,
    build_target,
    demoralization_points,
    firers_for,
    firers_in_range,
    hit_probability,
    hit_rule_text,
    hits_on_face,
    resolve_volley,
    retreats,
    save_limit,
    shield_saves,
    volley_losses,
)
from aot_rules.units import Missile, Unit

DENSITIES = tuple(range(1, 6))

# --- the full volley: `odds shoot` ----------------------------------------------

SHOOT_PARAMS: tuple[Param, ...] = (
    Param("firers", "int", None, "warriors shooting; with --distance, the most that may shoot", 1, 20,
          optional=True, grid=tuple(range(1, 11))),
    Param("target_density", "int", 4, "the target's density at the start of the slot", 1, 5),
    Param("target_ranks", "ranks", None, "the target's formed warriors per rank, front first (default: two "
          "full ranks, one for a mounted target)", optional=True, grid=(None,)),
    Param("weapon", "choice", "bow", "the shooters' missile weapon",
          choices=("bow", "sling", "javelin", "handgun"), grid=("bow", "javelin", "handgun")),
    Param("veteran", "bool", False, "the shooters are veterans: they hit on ≤", label="veteran shooters"),
    Param("wind", "bool", False, "shooting downwind in 1:1 wind: hit on ≤", label="downwind"),
    Param("shield_wall", "bool", False, "the target is infantry with shields", label="shield wall"),
    Param("pavise", "bool", False, "the target stands behind pavises", label="pavises"),
    Param("target_veteran", "bool", False, "the target is veteran (its shield wall saves on ≤)",
          label="veteran target"),
    Param("horse_armour", "bool", False, "the target is mounted on armoured horses", label="horse armour"),
    Param("flank", "bool", False, "the shot is into the target's flank", label="flank shot"),
    Param("shooter_density", "int", None, "the shooters' density, for the result", 1, 5, optional=True,
          grid=(None,)),
    Param("target_strength", "int", None, "all warriors of the target, disordered included (range)", 1, 10,
          optional=True, grid=(None,)),
    Param("distance", "inches", None, "distance to the target in inches; derives the firers", 0, 30,
          optional=True, grid=(None,)),
    Param("mounted_target", "bool", False, "the target is mounted (riders count double for range)",
          grid=(False,), label="mounted target"),
    Param("cover", "bool", False, "the target is in cover (range uses its density)", grid=(False,)),
    Param("battle_line", "bool", False, "the shooters are a battle-line unit other than the general's: "
          "one firer fewer than range allows", grid=(False,), label="battle line (−1 firer)"),
    Param("equal_saves", "bool", False, "alternative reading: a shield roll equal to density also saves",
          reading="AOT-SHOOT-SHIELDWALL", grid=(False,), label="equal roll saves (alt. reading)"),
    Param("pavise_veteran", "bool", True, "veterans behind pavises save on ≤ 5 (index reading)",
          reading="AOT-SHOOT-PAVISE", grid=(True,), label="veterans save on ≤ 5 behind pavises"),
    Param("compare_after_losses", "bool", True, "compare densities after the losses (index reading)",
          reading="AOT-SHOOT-RESULT", grid=(True,), label="compare after losses"),
)

RETREAT_S = {s: f"retreat_if_shooter_density_{s}" for s in DENSITIES}


def _setup(p: dict[str, Any]) -> tuple[Unit, ShotConditions, int]:
    target = build_target(p["target_density"], p["target_ranks"], shield_wall=p["shield_wall"],
                          pavise=p["pavise"], target_veteran=p["target_veteran"],
                          horse_armour=p["horse_armour"], mounted_target=p["mounted_target"],
                          target_strength=p["target_strength"])
    cond = ShotConditions(weapon=Missile(p["weapon"]), veteran=p["veteran"], wind=p["wind"], flank=p["flank"],
                          equal_saves=p["equal_saves"], pavise_veteran=p["pavise_veteran"],
                          compare_after_losses=p["compare_after_losses"])
    n = firers_for(target, cond, p["firers"], p["distance"], p["cover"], p["battle_line"])
    return target, cond, n


def _derived(target: Unit, cond: ShotConditions, s: int | None, killed: int, dis: int) -> dict[str, Any]:
    """Everything that follows deterministically from one volley's losses."""
    out: dict[str, Any] = {"killed": killed, "disordered": dis, "losses": killed + dis,
                           "any_loss": killed + dis > 0}
    if s is not None:
        r = retreats(target, killed + dis, s, cond)
        out["retreat"] = r
        out["dp"] = demoralization_points(target, r)
    else:
        for d, name in RETREAT_S.items():
            out[name] = retreats(target, killed + dis, d, cond)
    return out


def shoot_exact(**p: Any) -> Outcome:
    target, cond, n = _setup(p)
    # Veteran and downwind shooters share one hit rule: fold them so equal questions share a cache entry.
    cond = replace(cond, veteran=cond.veteran or cond.wind, wind=False)
    return _shoot_outcome(target, cond, n, p["shooter_density"])


@lru_cache(maxsize=8192)
def _shoot_outcome(target: Unit, cond: ShotConditions, n: int, s: int | None) -> Outcome:
    joint = volley_losses(n, target, cond).map(
        lambda kd: tuple(sorted(_derived(target, cond, s, *kd).items())))
    dists = {name: joint.map(lambda t, name=name: dict(t)[name]) for name in ("killed", "disordered", "losses")}
    if s is not None:
        dists["dp"] = joint.map(lambda t: dict(t)["dp"])
    events = {"any_loss": joint.prob(lambda t: dict(t)["any_loss"])}
    names = ["retreat"] if s is not None else list(RETREAT_S.values())
    for name in names:
        events[name] = joint.prob(lambda t, name=name: dict(t)[name])
    labels = {"killed": "killed", "disordered": "disordered", "losses": "killed + disordered",
              "dp": "DP gained", "any_loss": "the target loses anyone", "retreat": "the target retreats"}
    labels.update({name: f"retreats if the shooters' density is {d}" for d, name in RETREAT_S.items()})
    lim = save_limit(target, cond)
    info = {"firers": n, "target_ranks": target.ranks, "target_strength": target.strength,
            "hit_on": hit_rule_text(target.density, cond, target.horse_armour),
            "save_on": "none" if lim is None else ", ".join(
                str(f) for f in range(1, 7) if shield_saves(f, lim[0], at_or_below=lim[1])) or "none"}
    return Outcome("killed", dists, events, labels, info)


def shoot_sample(rng: random.Random, **p: Any) -> Sample:
    target, cond, n = _setup(p)
    rep = resolve_volley(n, target, cond, SeededDice(rng))
    return _derived(target, cond, p["shooter_density"], rep.killed, rep.disordered)


SHOOT = register(Mechanic(
    rule_id="AOT-SHOOT-RESULT", key="shoot", title="A volley and its result",
    summary="Killed and disordered warriors from one volley, and whether the target retreats.",
    params=SHOOT_PARAMS, exact=shoot_exact, sample=shoot_sample,
    rules=("AOT-SHOOT-RANGE", "AOT-SHOOT-COVER", "AOT-SHOOT-HIT", "AOT-SHOOT-HANDGUN", "AOT-SHOOT-JAVELIN",
           "AOT-SHOOT-SHIELDWALL", "AOT-SHOOT-PAVISE", "AOT-SHOOT-HORSE-ARMOUR", "AOT-SHOOT-FLANK",
           "AOT-CASUALTY-REMOVAL", "AOT-SHOOT-RESULT", "AOT-DEMO-EARN"),
))

register(SHOOT.variant(
    "AOT-SHOOT-JAVELIN", "Javelins against a shield wall",
    "Javelins reach 1″ and are armour-piercing: warriors the shields save are disordered instead.",
    fixed={"weapon": "javelin"}, main="disordered",
    widget_grid={"firers": (1, 2, 3, 4, 5, 6), "veteran": (False,), "wind": (False,), "horse_armour": (False,),
                 "flank": (False,)}))
register(SHOOT.variant(
    "AOT-SHOOT-HANDGUN", "Handguns are terrifying",
    "Handguns reach 1″; every warrior they kill disorders one more.",
    fixed={"weapon": "handgun"}, main="disordered",
    widget_grid={"firers": (1, 2, 3, 4, 5, 6), "wind": (False,), "pavise": (False,), "flank": (False,)}))
register(SHOOT.variant(
    "AOT-SHOOT-FLANK", "Shooting into a flank",
    "Hits use the frontal density, shields do not help, and the result uses the target's depth.",
    fixed={"flank": True, "weapon": "bow"},
    widget_grid={"wind": (False,), "shield_wall": (False, True), "pavise": (False,), "horse_armour": (False,)}))
register(SHOOT.variant(
    "AOT-DEMO-EARN", "Demoralization points from shooting",
    "A target driven back by fire gives the shooters' side DP equal to its density at the start.",
    fixed={"weapon": "bow"}, main="dp", defaults={"shooter_density": 4},
    widget_grid={"shooter_density": DENSITIES, "wind": (False,), "pavise": (False,), "horse_armour": (False,),
                 "flank": (False,), "target_veteran": (False,), "veteran": (False,)}))


# --- the hit roll alone ----------------------------------------------------------

HIT_PARAMS = (
    Param("firers", "int", 4, "warriors shooting", 1, 20, grid=tuple(range(1, 11))),
    Param("target_density", "int", 4, "the target's density at the start of the slot", 1, 5),
    Param("veteran", "bool", False, "veteran shooters hit on ≤", label="veteran shooters"),
    Param("wind", "bool", False, "downwind shooters hit on ≤", label="downwind"),
    Param("horse_armour", "bool", False, "horse armour turns away hits rolled as 1", label="horse armour"),
)


def _hit_cond(p: dict[str, Any]) -> tuple[ShotConditions, Unit]:
    target = build_target(p["target_density"], horse_armour=p["horse_armour"])
    return ShotConditions(veteran=p["veteran"], wind=p["wind"]), target


def hit_exact(**p: Any) -> Outcome:
    cond, target = _hit_cond(p)
    prob = hit_probability(target.density, cond, target.horse_armour)
    return Outcome("hits", {"hits": Dist.binomial(p["firers"], prob)}, {}, {"hits": "hits"},
                   {"hit_on": hit_rule_text(target.density, cond, target.horse_armour),
                    "p_hit_per_die": prob})


def hit_sample(rng: random.Random, **p: Any) -> Sample:
    cond, target = _hit_cond(p)
    le = cond.veteran or cond.wind
    return {"hits": sum(hits_on_face(rng.randint(1, 6), target.density, at_or_below=le,
                                     horse_armour=target.horse_armour) for _ in range(p["firers"]))}


HIT = register(Mechanic(
    rule_id="AOT-SHOOT-HIT", key="hit", title="The hit roll",
    summary="One die per firer; a die below the target's density hits (at or below for veterans or downwind).",
    params=HIT_PARAMS, exact=hit_exact, sample=hit_sample, rules=("AOT-SHOOT-HIT", "AOT-PROP-VETERAN")))
register(HIT.variant(
    "AOT-SHOOT-HORSE-ARMOUR", "Horse armour against shooting",
    "Against armoured horses a die showing 1 does not hit.",
    fixed={"horse_armour": True}, widget_grid={"target_density": (1, 2, 3, 4)}))


# --- the shield roll alone ---------------------------------------------------------

SHIELD_PARAMS = (
    Param("hits", "int", 2, "hits the unit has taken this slot", 0, 20, grid=tuple(range(0, 11))),
    Param("density", "int", 4, "the shielded unit's own density", 1, 5),
    Param("veteran", "bool", False, "veterans save on ≤ their density", label="veteran"),
    Param("javelins", "bool", False, "the hits are javelins: saved warriors are disordered", label="javelins"),
    Param("pavise", "bool", False, "pavises: save as a shield wall of density 5", label="pavises"),
    Param("equal_saves", "bool", False, "alternative reading: a roll equal to density also saves",
          reading="AOT-SHOOT-SHIELDWALL", label="equal roll saves (alt. reading)"),
    Param("pavise_veteran", "bool", True, "index reading: veterans behind pavises save on ≤ 5",
          reading="AOT-SHOOT-PAVISE", label="veterans save on ≤ 5 behind pavises"),
)


def _shield_target(p: dict[str, Any]) -> tuple[Unit, ShotConditions]:
    target = build_target(p["density"], shield_wall=not p["pavise"], pavise=p["pavise"],
                          target_veteran=p["veteran"])
    cond = ShotConditions(weapon=Missile.JAVELIN if p["javelins"] else Missile.BOW,
                          equal_saves=p["equal_saves"], pavise_veteran=p["pavise_veteran"])
    return target, cond


def _shield_split(h: int, r: int, target: Unit, cond: ShotConditions, javelins: bool) -> tuple[int, int, int]:
    lim = save_limit(target, cond)
    assert lim is not None
    saved = min(r, h) if shield_saves(r, lim[0], at_or_below=lim[1]) else 0
    return h - saved, saved if javelins else 0, saved


def shield_exact(**p: Any) -> Outcome:
    target, cond = _shield_target(p)
    h = p["hits"]
    joint = Dist.die(6).map(lambda r: _shield_split(h, r, target, cond, p["javelins"]))
    lim = save_limit(target, cond)
    assert lim is not None
    return Outcome("killed", {"killed": joint.map(lambda t: t[0]), "saved": joint.map(lambda t: t[2]),
                              "disordered": joint.map(lambda t: t[1])},
                   {}, {"killed": "hits that kill", "saved": "hits saved", "disordered": "disordered instead"},
                   {"save_on": ", ".join(str(f) for f in range(1, 7)
                                         if shield_saves(f, lim[0], at_or_below=lim[1])) or "none"})


def shield_sample(rng: random.Random, **p: Any) -> Sample:
    target, cond = _shield_target(p)
    k, d, s = _shield_split(p["hits"], rng.randint(1, 6), target, cond, p["javelins"])
    return {"killed": k, "disordered": d, "saved": s}


SHIELD = register(Mechanic(
    rule_id="AOT-SHOOT-SHIELDWALL", key="shieldwall", title="The shield wall against shooting",
    summary="One die for the unit: below its density, it turns away that many hits.",
    params=SHIELD_PARAMS, exact=shield_exact, sample=shield_sample,
    rules=("AOT-SHOOT-SHIELDWALL", "AOT-SHOOT-PAVISE", "AOT-PROP-VETERAN"),
    fixed={"pavise": False, "pavise_veteran": True}))
register(SHIELD.variant(
    "AOT-SHOOT-PAVISE", "Pavises", "Pavises save like a shield wall of density 5, whatever the unit's density.",
    fixed={"pavise": True, "density": 4, "equal_saves": False, "javelins": False},
    widget_grid={}))


# --- several units at once -------------------------------------------------------------

SIM_PARAMS = (
    Param("firers_a", "int", 4, "firers in the first shooting unit", 1, 10),
    Param("firers_b", "int", 3, "firers in the second shooting unit", 0, 10),
    Param("target_density", "int", 4, "the target's density at the start of the slot", 1, 5),
    Param("veteran_a", "bool", False, "the first unit are veterans", label="first unit veteran"),
    Param("veteran_b", "bool", False, "the second unit are veterans", label="second unit veteran"),
    Param("shield_wall", "bool", True, "the target has shields", label="shield wall"),
    Param("one_roll", "bool", True, "index reading: one shield roll covers all fire in the slot",
          reading="AOT-SHOOT-SHIELDWALL", label="one shield roll per slot"),
)


def _sim_setup(p: dict[str, Any]) -> tuple[Unit, ShotConditions, ShotConditions]:
    target = build_target(p["target_density"], shield_wall=p["shield_wall"])
    return target, ShotConditions(veteran=p["veteran_a"]), ShotConditions(veteran=p["veteran_b"])


def _sim_kill(ha: int, hb: int, ra: int, rb: int, target: Unit, one_roll: bool) -> int:
    lim = save_limit(target, ShotConditions())

    def saved(h: int, r: int) -> int:
        return min(r, h) if lim is not None and shield_saves(r, lim[0], at_or_below=lim[1]) else 0

    lost = ha + hb - saved(ha + hb, ra) if one_roll else ha - saved(ha, ra) + hb - saved(hb, rb)
    return min(lost, target.formed)


def sim_exact(**p: Any) -> Outcome:
    target, ca, cb = _sim_setup(p)
    ha = Dist.binomial(p["firers_a"], hit_probability(target.density, ca, False))
    hb = Dist.binomial(p["firers_b"], hit_probability(target.density, cb, False))
    die = Dist.die(6)
    if p["one_roll"]:  # one shield die against the pooled hits
        killed = (ha + hb).bind(lambda h: die.map(lambda r: _sim_kill(h, 0, r, r, target, True)))
    else:  # each volley meets its own shield die
        lost_a = ha.bind(lambda h: die.map(lambda r: _sim_kill(h, 0, r, r, target, True)))
        lost_b = hb.bind(lambda h: die.map(lambda r: _sim_kill(h, 0, r, r, target, True)))
        killed = (lost_a + lost_b).map(lambda k: min(k, target.formed))
    return Outcome("killed", {"killed": killed}, {}, {"killed": "killed"})


def sim_sample(rng: random.Random, **p: Any) -> Sample:
    target, ca, cb = _sim_setup(p)
    d = target.density
    ha = sum(hits_on_face(rng.randint(1, 6), d, at_or_below=ca.veteran, horse_armour=False)
             for _ in range(p["firers_a"]))
    hb = sum(hits_on_face(rng.randint(1, 6), d, at_or_below=cb.veteran, horse_armour=False)
             for _ in range(p["firers_b"]))
    return {"killed": _sim_kill(ha, hb, rng.randint(1, 6), rng.randint(1, 6), target, p["one_roll"])}


register(Mechanic(
    rule_id="AOT-SHOOT-SIMULTANEOUS", key="simultaneous", title="Two units shooting in one slot",
    summary="Both volleys use the target's start-of-slot density; one shield roll covers all the fire.",
    params=SIM_PARAMS, exact=sim_exact, sample=sim_sample,
    widget_grid={"firers_a": tuple(range(1, 7)), "firers_b": tuple(range(0, 7)), "veteran_b": (False,)}))


# --- range -------------------------------------------------------------------------------

RANGE_PARAMS = (
    Param("target_strength", "int", 8, "all warriors in the target, disordered included", 1, 10),
    Param("distance", "inches", 4, "distance in inches (fractions round the firers down)", 0, 30,
          grid=tuple(range(1, 11))),
    Param("target_density", "int", 4, "the target's density (used when it is in cover)", 1, 5),
    Param("mounted", "bool", False, "the target is mounted: each rider counts as two", label="mounted target"),
    Param("cover", "bool", False, "the target is in cover: count its density instead", label="in cover"),
    Param("weapon", "choice", "bow", "javelins and handguns reach 1″ only",
          choices=("bow", "sling", "javelin", "handgun"), grid=("bow", "javelin")),
)


def _range_target(p: dict[str, Any]) -> Unit:
    """A target of the given strength and density: formed ranks first, the rest disordered."""
    d, n = p["target_density"], p["target_strength"]
    if n < d:
        raise RuleError("AOT-DENSITY", f"a unit of density {d} has at least {d} warriors, not {n}")
    ranks = (d,) if p["mounted"] else (d, min(d, n - d))
    return Unit(name="target", ranks=ranks, mounted=p["mounted"], disordered=n - sum(ranks))


def _range_firers(p: dict[str, Any]) -> int:
    return firers_in_range(_range_target(p), Fraction(p["distance"]), weapon=Missile(p["weapon"]),
                           cover=p["cover"])


def range_exact(**p: Any) -> Outcome:
    return Outcome("firers", {"firers": Dist.point(_range_firers(p))}, {}, {"firers": "warriors who may shoot"})


def range_sample(rng: random.Random, **p: Any) -> Sample:
    return {"firers": _range_firers(p)}


register(Mechanic(
    rule_id="AOT-SHOOT-RANGE", key="range", title="Range decides how many shoot",
    summary="Firers = target strength − distance (riders count double; in cover, density instead).",
    params=RANGE_PARAMS, exact=range_exact, sample=range_sample, rules=("AOT-SHOOT-RANGE", "AOT-SHOOT-COVER"),
    widget_grid={"target_density": (2, 3, 4)}))
