"""Registered shooting mechanics: a typed parameter record, the exact outcome and the played face of each."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from aot_rules.aot.equipment import Missile
from aot_rules.aot.mechanics.common import reported, target_unit
from aot_rules.aot.rules.demoralization import dp_earned
from aot_rules.aot.rules.protection import faces_that_save
from aot_rules.aot.rules.shooting import (
    ShotConditions,
    firers_for,
    firers_in_range,
    hit_density,
    hit_faces,
    hit_pool,
    hit_probability,
    retreats,
    save_faces,
    save_limit,
    shield_die,
    volley,
    volley_harm,
)
from aot_rules.aot.rules.wounds import Fate
from aot_rules.aot.units import Body, Unit
from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError, blame
from aot_rules.core.evaluate import play
from aot_rules.core.i18n import msg, text
from aot_rules.core.outcome import Outcome, faces
from aot_rules.core.params import Ranks, param
from aot_rules.core.procedure import Proc, both, done
from aot_rules.core.registry import Mechanic, Registry, Sample, derived

DENSITIES = tuple(range(1, 6))
TARGET_BODIES = (Body.WARRIORS, Body.ELEPHANT, Body.CHARIOT, Body.SCYTHED, Body.CART, Body.WAR_WAGON, Body.ARTILLERY)
TEN = tuple(range(1, 11))

# --- the full volley: `odds shoot` ----------------------------------------------


@dataclass(frozen=True)
class ShootInput:
    firers: int | None = param(None, msg("warriors shooting; with a distance, the most that may shoot"), lo=1, hi=20,
                               grid=TEN, label=msg("warriors shooting"))
    target_density: int = param(4, msg("the target's density at the start of the slot"), lo=1, hi=5,
                                label=msg("target density"))
    target_ranks: Ranks | None = param(None,
                                       msg("the target's formed warriors per rank, front first (default: two full "
                                       "ranks, one for a mounted target)"), grid=(None,), label=msg("target ranks"))
    weapon: Missile = param(Missile.BOW, msg("the shooters' missile weapon"),
                            grid=(Missile.BOW, Missile.JAVELIN, Missile.HANDGUN), label=msg("weapon"))
    veteran: bool = param(False, msg("the shooters are veterans: they hit on ≤"), label=msg("veteran shooters"))
    wind: bool = param(False, msg("shooting downwind in 1:1 wind: hit on ≤"), label=msg("downwind"))
    shield_wall: bool = param(False, msg("the target is infantry with shields"), label=msg("shield wall"))
    pavise: bool = param(False, msg("the target stands behind pavises"), label=msg("pavises"))
    target_veteran: bool = param(False, msg("the target is veteran (its shield wall saves on ≤)"),
                                 label=msg("veteran target"))
    horse_armour: bool = param(False, msg("the target is mounted on armoured horses"), label=msg("horse armour"))
    flank: bool = param(False, msg("the shot is into the target's flank"), label=msg("flank shot"))
    shooter_density: int | None = param(None, msg("the shooters' density, for the result"), lo=1, hi=5, grid=(None,),
                                        label=msg("shooter density"))
    target_strength: int | None = param(None, msg("all warriors of the target, disordered included (range)"), lo=1,
                                        hi=10,
                                        grid=(None,), label=msg("target strength"))
    distance: Fraction | None = param(None, msg("distance to the target in inches; derives the firers"),
                                      lo=Fraction(1, 10), hi=9, grid=(None,), label=msg("distance"))
    mounted_target: bool = param(False, msg("the target is mounted (riders count double for range)"), grid=(False,),
                                 label=msg("mounted target"))
    cover: bool = param(False, msg("the target is in cover (range uses its density)"), grid=(False,),
                        label=msg("cover"))
    battle_line: bool = param(False, msg("the shooters are a battle-line unit other than the general's: one firer "
                              "fewer than range allows"), grid=(False,), label=msg("battle line (−1 firer)"))
    equal_saves: bool = param(False, msg("alternative reading: a shield roll equal to density also saves"),
                              reading="AOT-SHOOT-SHIELDWALL", grid=(False,), label=msg("equal roll saves (alt. "
                                                                                       "reading)"))
    pavise_veteran: bool = param(True, msg("veterans behind pavises save on ≤ 5 (index reading)"),
                                 reading="AOT-SHOOT-PAVISE", grid=(True,), label=msg("veterans save on ≤ 5 behind "
                                                                                     "pavises"))
    compare_after_losses: bool = param(True, msg("compare densities after the losses (index reading)"),
                                       reading="AOT-SHOOT-RESULT", grid=(True,), label=msg("compare after losses"))
    target_body: Body = param(Body.WARRIORS, msg("what the target is: warriors, or an elephant (density = warriors "
                              "aboard; hits go to its hit test; counts as 6 for range), a chariot (density = "
                              "horses), a war wagon's crew (shields) or an artillery crew (ranks 2,2)"),
                              choices=TARGET_BODIES, grid=(Body.WARRIORS,), label=msg("target is"))

    def conditions(self) -> ShotConditions:
        # Veteran and downwind shooters share one hit rule: folded, equal questions share cache entries.
        return ShotConditions(weapon=self.weapon, veteran=self.veteran or self.wind, flank=self.flank,
                              equal_saves=self.equal_saves, pavise_veteran=self.pavise_veteran,
                              compare_after_losses=self.compare_after_losses)

    def situation(self) -> tuple[Unit, ShotConditions, int]:
        """The target, the volley's conditions and how many shoot."""
        target = target_unit(self.target_density, self.target_ranks, shield_wall=self.shield_wall, pavise=self.pavise,
                             veteran=self.target_veteran, horse_armour=self.horse_armour,
                             mounted=self.mounted_target, strength=self.target_strength, body=self.target_body)
        cond = self.conditions()
        with blame("firers", "distance"):
            return target, cond, firers_for(target, cond, self.firers, self.distance, self.cover, self.battle_line)


class VolleyLosses(NamedTuple):
    killed: int
    disordered: int
    losses: int
    dp: int
    fate: Fate = Fate.NONE


def _events(target: Unit, cond: ShotConditions, s: int | None) -> dict[str, object]:
    """The yes/no questions a volley answers: whether anyone fell, whether the target retreats."""
    ev: dict[str, object] = {"any_loss": lambda v: v.losses > 0}
    if target.body.wounded:  # a beast or vehicle is lost or not: it never retreats from shooting
        return {"lost": lambda v: v.fate.fatal}
    for d in (s,) if s is not None else DENSITIES:
        name = "retreat" if s is not None else f"retreat_if_shooter_density_{d}"
        ev[name] = lambda v, d=d: retreats(target, v.losses, d, cond)
    return ev


#: What the facts beside a shooting answer are called.
FACT_LABELS = {"firers": msg("firers"), "target_ranks": msg("target ranks"), "target_strength": msg("target strength"),
               "hit_on": msg("hit on"), "save_on": msg("save on"), "p_hit_per_die": msg("p hit per die")}
SHOOT_LABELS = {"fate": msg("the target (an elephant or a chariot) after the hit test"),
                "lost": msg("the target is lost"),
                "killed": msg("killed"), "disordered": msg("disordered"), "losses": msg("killed + disordered"),
                "dp": msg("DP gained"),
                "any_loss": msg("the target loses anyone"), "retreat": msg("the target retreats"),
                **{f"retreat_if_shooter_density_{d}": msg("retreats if the shooters' density is {d}", d=d)
                   for d in DENSITIES}, **FACT_LABELS}


def _losses(target: Unit, cond: ShotConditions, s: int | None, killed: int, disordered: int,
            fate: Fate = Fate.NONE) -> VolleyLosses:
    lost = killed + disordered
    back = s is not None and retreats(target, lost, s, cond) and not fate.fatal
    return VolleyLosses(killed, disordered, lost, dp_earned(target) if back else 0, fate)


def shoot_exact(p: ShootInput) -> Outcome:
    return volley_outcome(*p.situation(), p.shooter_density)


@lru_cache(maxsize=8192)
def volley_outcome(target: Unit, cond: ShotConditions, n: int, s: int | None) -> Outcome:
    """The volley's outcome, cached by situation: many input records describe the same volley."""
    joint = volley_harm(n, target, cond).map(lambda x: _losses(target, cond, s, *x))
    dists = (("fate",) if target.body.wounded else ()) + ("killed", "disordered", "losses") + (("dp",) if s else ())
    return Outcome.of(joint, dists[0], dists=dists,
                      events=_events(target, cond, s), labels=SHOOT_LABELS,  # type: ignore[arg-type]
                      info={"firers": n, "target_ranks": target.ranks, "target_strength": target.strength,
                            "hit_on": faces(hit_faces(hit_density(target, cond), cond, target.horse_armour),
                                            msg("nothing")),
                            "save_on": faces(save_faces(target, cond), msg("none"))})


def shoot_procedure(p: ShootInput) -> Proc[VolleyLosses]:
    target, cond, n = p.situation()
    return volley(n, target, cond, p.shooter_density).map(lambda x: _losses(target, cond, p.shooter_density, *x))


def shoot_play(p: ShootInput, dice: DiceSource) -> Sample:
    target, cond, _ = p.situation()
    return reported(play(shoot_procedure(p), dice), _events(target, cond, p.shooter_density))  # type: ignore[arg-type]


# --- the hit roll alone ----------------------------------------------------------


@dataclass(frozen=True)
class HitInput:
    firers: int = param(4, msg("warriors shooting"), lo=1, hi=20, grid=TEN, label=msg("warriors shooting"))
    target_density: int = param(4, msg("the target's density at the start of the slot"), lo=1, hi=5,
                                label=msg("target density"))
    veteran: bool = param(False, msg("veteran shooters hit on ≤"), label=msg("veteran shooters"))
    wind: bool = param(False, msg("downwind shooters hit on ≤"), label=msg("downwind"))
    horse_armour: bool = param(False, msg("horse armour turns away hits rolled as 1"), label=msg("horse armour"))

    def situation(self) -> tuple[Unit, ShotConditions]:
        return target_unit(self.target_density, horse_armour=self.horse_armour), ShotConditions(veteran=self.veteran,
                                                                                                wind=self.wind)


def hit_procedure(p: HitInput) -> Proc[int]:
    return hit_pool(p.firers, *p.situation())


def hit_report(p: HitInput, hits: Dist[int]) -> Outcome:
    target, cond = p.situation()
    return Outcome.of(hits, "hits", labels={"hits": msg("hits"), **FACT_LABELS},
                      info={"hit_on": faces(hit_faces(target.density, cond, target.horse_armour), msg("nothing")),
                            "p_hit_per_die": hit_probability(target.density, cond, target.horse_armour)})


# --- the shield roll alone ---------------------------------------------------------


@dataclass(frozen=True)
class ShieldInput:
    hits: int = param(2, msg("hits the unit has taken this slot"), lo=0, hi=20, grid=tuple(range(0, 11)),
                      label=msg("hits"))
    density: int = param(4, msg("the shielded unit's own density"), lo=1, hi=5, label=msg("density"))
    veteran: bool = param(False, msg("veterans save on ≤ their density"), label=msg("veteran"))
    javelins: bool = param(False, msg("the hits are javelins: saved warriors are disordered"), label=msg("javelins"))
    pavise: bool = param(False, msg("pavises: save as a shield wall of density 5"), label=msg("pavises"))
    equal_saves: bool = param(False, msg("alternative reading: a roll equal to density also saves"),
                              reading="AOT-SHOOT-SHIELDWALL", label=msg("equal roll saves (alt. reading)"))
    pavise_veteran: bool = param(True, msg("index reading: veterans behind pavises save on ≤ 5"),
                                 reading="AOT-SHOOT-PAVISE", label=msg("veterans save on ≤ 5 behind pavises"))

    def situation(self) -> tuple[Unit, ShotConditions]:
        target = target_unit(self.density, shield_wall=not self.pavise, pavise=self.pavise, veteran=self.veteran)
        return target, ShotConditions(weapon=Missile.JAVELIN if self.javelins else Missile.BOW,
                                      equal_saves=self.equal_saves, pavise_veteran=self.pavise_veteran)


class Shielded(NamedTuple):
    killed: int
    saved: int
    disordered: int


SHIELD_LABELS = {"killed": msg("hits that kill"), "saved": msg("hits saved"), "disordered": msg("disordered instead"),
                 "save_on": FACT_LABELS["save_on"]}


def shield_procedure(p: ShieldInput) -> Proc[Shielded]:
    return shield_die(p.hits, *p.situation()).map(
        lambda saved: Shielded(p.hits - saved, saved, saved if p.javelins else 0))


def shield_report(p: ShieldInput, joint: Dist[Shielded]) -> Outcome:
    target, cond = p.situation()
    lim = save_limit(target, cond)
    assert lim is not None  # the record always describes a shielded unit
    return Outcome.of(joint, "killed", dists=("killed", "saved", "disordered"), labels=SHIELD_LABELS,
                      info={"save_on": faces(faces_that_save(lim[0], at_or_below=lim[1]), msg("none"))})


# --- several units at once -------------------------------------------------------------


@dataclass(frozen=True)
class SimultaneousInput:
    firers_a: int = param(4, msg("firers in the first shooting unit"), lo=1, hi=10, grid=tuple(range(1, 7)),
                          label=msg("firers A"))
    firers_b: int = param(3, msg("firers in the second shooting unit"), lo=0, hi=10, grid=tuple(range(0, 7)),
                          label=msg("firers B"))
    target_density: int = param(4, msg("the target's density at the start of the slot"), lo=1, hi=5,
                                label=msg("target density"))
    veteran_a: bool = param(False, msg("the first unit are veterans"), label=msg("first unit veteran"))
    veteran_b: bool = param(False, msg("the second unit are veterans"), label=msg("second unit veteran"), grid=(False,))
    shield_wall: bool = param(True, msg("the target has shields"), label=msg("shield wall"))
    one_roll: bool = param(True, msg("index reading: one shield roll covers all fire in the slot"),
                           reading="AOT-SHOOT-SHIELDWALL", label=msg("one shield roll per slot"))

    def situation(self) -> tuple[Unit, ShotConditions, ShotConditions]:
        return (target_unit(self.target_density, shield_wall=self.shield_wall),
                ShotConditions(veteran=self.veteran_a), ShotConditions(veteran=self.veteran_b))


def _capped(killed: int, target: Unit) -> int:
    return min(killed, target.formed)


def sim_procedure(p: SimultaneousInput) -> Proc[int]:
    target, ca, cb = p.situation()
    hits = both(hit_pool(p.firers_a, target, ca, by="first unit"), hit_pool(p.firers_b, target, cb, by="second unit"))
    if p.one_roll:  # one shield die against the pooled hits
        return hits.then(lambda h: shield_die(h[0] + h[1], target, ca).map(
            lambda saved: _capped(h[0] + h[1] - saved, target)))
    # each volley meets its own shield die
    return hits.then(lambda h: both(shield_die(h[0], target, ca), shield_die(h[1], target, cb)).map(
        lambda saved: _capped(h[0] - saved[0] + h[1] - saved[1], target)))


# --- range -------------------------------------------------------------------------------


@dataclass(frozen=True)
class RangeInput:
    target_strength: int = param(8, msg("all warriors in the target, disordered included"), lo=1, hi=10,
                                 label=msg("target strength"))
    distance: Fraction = param(Fraction(4), msg("distance in inches (fractions round the firers down)"), lo=0, hi=30,
                               grid=TEN, label=msg("distance"))
    target_density: int = param(4, msg("the target's density (used when it is in cover)"), lo=1, hi=5, grid=(2, 3, 4),
                                label=msg("target density"))
    mounted: bool = param(False, msg("the target is mounted: each rider counts as two"), label=msg("mounted target"))
    cover: bool = param(False, msg("the target is in cover: count its density instead"), label=msg("in cover"))
    weapon: Missile = param(Missile.BOW, msg("javelins and handguns reach 1″ only"), grid=(Missile.BOW,
                                                                                           Missile.JAVELIN),
                            label=msg("weapon"))

    def target(self) -> Unit:
        """A target of the given strength and density: formed ranks first, the rest disordered."""
        d, n = self.target_density, self.target_strength
        if n < d:
            raise RuleError("AOT-DENSITY", msg("a unit of density {density} has at least {density} warriors, not "
                                               "{strength}", density=d, strength=n),
                            params=("target_strength", "target_density"))
        ranks = (d,) if self.mounted else (d, min(d, n - d))
        with blame("target_density", "mounted"):
            return Unit(name=text(msg("target")), ranks=ranks, mounted=self.mounted, disordered=n - sum(ranks))


def range_procedure(p: RangeInput) -> Proc[int]:
    """No dice: the firers follow from the range alone (a deterministic procedure, its law a point)."""
    return done(firers_in_range(p.target(), p.distance, weapon=p.weapon, cover=p.cover))


RANGE_FACES = derived(range_procedure, lambda _, law: Outcome.of(law, "firers", labels={
    "firers": msg("warriors who may shoot")}), lambda _, n: {"firers": n})


#: A flag's two values (a variant's grid widening again what the whole volley's table leaves at off).
BOTH = (False, True)


def register(reg: Registry) -> None:
    shoot = reg.add(Mechanic(
        rule_id="AOT-SHOOT-RESULT", key="shoot", title=msg("A volley and its result"),
        summary=msg("Killed and disordered warriors from one volley, and whether the target retreats."),
        record_type=ShootInput, exact=shoot_exact, play=shoot_play, procedure=shoot_procedure,
        rules=("AOT-SHOOT-RANGE", "AOT-SHOOT-COVER", "AOT-SHOOT-HIT", "AOT-SHOOT-HANDGUN", "AOT-SHOOT-JAVELIN",
               "AOT-SHOOT-SHIELDWALL", "AOT-SHOOT-PAVISE", "AOT-SHOOT-HORSE-ARMOUR", "AOT-SHOOT-FLANK",
               "AOT-CASUALTY-REMOVAL", "AOT-SHOOT-RESULT", "AOT-DEMO-EARN"),
        # The page's table holds what a reader sets first; pavises, horse armour and veteran targets have
        # widgets of their own, and any other setting is answered by the engine in the reader's browser.
        widget_grid={"firers": (1, 2, 3, 4, 5, 6), "pavise": (False,), "horse_armour": (False,),
                     "target_veteran": (False,)}))
    reg.add(shoot.variant(
        "AOT-SHOOT-JAVELIN", msg("Javelins against a shield wall"),
        msg("Javelins reach 1″ and are armour-piercing: warriors the shields save are disordered instead."),
        fixed={"weapon": Missile.JAVELIN}, main="disordered", limits={"distance": (Fraction(1, 10), 1)},
        widget_grid={"firers": (1, 2, 3, 4, 5, 6), "veteran": (False,), "wind": (False,), "horse_armour": (False,),
                     "flank": (False,), "pavise": BOTH, "target_veteran": BOTH}))
    reg.add(shoot.variant(
        "AOT-SHOOT-HANDGUN", msg("Handguns are terrifying"),
        msg("Handguns reach 1″; every warrior they kill disorders one more."),
        fixed={"weapon": Missile.HANDGUN}, main="disordered", limits={"distance": (Fraction(1, 10), 1)},
        widget_grid={"firers": (1, 2, 3, 4, 5, 6), "wind": (False,), "pavise": (False,), "flank": (False,),
                     "horse_armour": BOTH, "target_veteran": BOTH}))
    reg.add(shoot.variant(
        "AOT-SHOOT-FLANK", msg("Shooting into a flank"),
        msg("Hits use the larger of the frontal density and the depth, shields do not help, and the result uses "
        "the target's depth."),
        fixed={"flank": True, "weapon": Missile.BOW},
        widget_grid={"wind": (False,), "shield_wall": (False, True), "pavise": (False,), "horse_armour": (False,),
                     "target_veteran": BOTH}))
    reg.add(shoot.variant(
        "AOT-DEMO-EARN", msg("Demoralization points from shooting"),
        msg("A target driven back by fire gives the shooters' side DP equal to its density at the start."),
        fixed={"weapon": Missile.BOW}, main="dp", defaults={"shooter_density": 4},
        widget_grid={"shooter_density": DENSITIES, "wind": (False,), "pavise": (False,), "horse_armour": (False,),
                     "flank": (False,), "target_veteran": (False,), "veteran": (False,)}))
    hit = reg.add(Mechanic(
        rule_id="AOT-SHOOT-HIT", key="hit", title=msg("The hit roll"),
        summary=msg("One die per firer; a die below the target's density hits (at or below for veterans or downwind)."),
        record_type=HitInput, **derived(hit_procedure, hit_report, lambda p, hits: {"hits": hits}),
        rules=("AOT-SHOOT-HIT", "AOT-PROP-VETERAN")))
    reg.add(hit.variant(
        "AOT-SHOOT-HORSE-ARMOUR", msg("Horse armour against shooting"),
        msg("Against armoured horses a die showing 1 does not hit."),
        fixed={"horse_armour": True}, widget_grid={"target_density": (1, 2, 3, 4)}, limits={"target_density": (1, 4)}))
    shield = reg.add(Mechanic(
        rule_id="AOT-SHOOT-SHIELDWALL", key="shieldwall", title=msg("The shield wall against shooting"),
        summary=msg("One die for the unit: below its density, it turns away that many hits."),
        record_type=ShieldInput, **derived(shield_procedure, shield_report, lambda p, x: x._asdict()),
        rules=("AOT-SHOOT-SHIELDWALL", "AOT-SHOOT-PAVISE", "AOT-PROP-VETERAN"),
        fixed={"pavise": False, "pavise_veteran": True}))
    reg.add(shield.variant(
        "AOT-SHOOT-PAVISE", msg("Pavises"), msg("Pavises save like a shield wall of density 5, whatever the unit's "
                                                "density."),
        fixed={"pavise": True, "density": 4, "equal_saves": False, "javelins": False}, widget_grid={}))
    reg.add(Mechanic(
        rule_id="AOT-SHOOT-SIMULTANEOUS", key="simultaneous", title=msg("Two units shooting in one slot"),
        summary=msg("Both volleys use the target's start-of-slot density; one shield roll covers all the fire."),
        record_type=SimultaneousInput,
        **derived(sim_procedure, lambda p, killed: Outcome.of(killed, "killed", labels={"killed": msg("killed")}),
                  lambda p, killed: {"killed": killed}),
        # the page's table holds the index reading with plain shooters; the rest the browser's engine answers
        widget_grid={"veteran_a": (False,), "one_roll": (True,)}))
    reg.add(Mechanic(
        rule_id="AOT-SHOOT-RANGE", key="range", title=msg("Range decides how many shoot"),
        summary=msg("Firers = target strength − distance (riders count double; in cover, density instead)."),
        record_type=RangeInput, **RANGE_FACES, rules=("AOT-SHOOT-RANGE", "AOT-SHOOT-COVER"),
        deterministic=True))
