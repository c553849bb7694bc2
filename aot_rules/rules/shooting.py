"""Shooting (Стрельба): range, hit roll, protections, weapon effects and the result.

Two faces of one rule set live here:

* the *procedure* (``resolve_volley``) rolls dice from a ``DiceSource`` exactly as
  players do at the table; it replays worked examples and is the sampler;
* the *exact* functions (``volley_losses`` and friends) compute the same
  quantities as ``Dist`` objects over Fractions.

Both read the per-die rules from the same small predicates (``hits_on_face``,
``save_limit``), and the tests check that the two faces agree.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from aot_rules.dice.dist import Dist, count_str
from aot_rules.dice.rolls import DiceSource
from aot_rules.errors import RuleError
from aot_rules.units import MAX_MOUNTED_DENSITY, Missile, Unit, remove_from_ranks

SIXTH = Fraction(1, 6)


@dataclass(frozen=True)
class ShotConditions:
    """Everything about one volley that is not the target unit itself.

    The last three fields pick between readings of ambiguous rules; their
    defaults are the readings the rules index adopts.
    """

    weapon: Missile = Missile.BOW
    veteran: bool = False  # AOT-PROP-VETERAN: a commander in the shooting unit
    wind: bool = False  # AOT-WEATHER-WIND: firing downwind hits on <=
    flank: bool = False  # AOT-SHOOT-FLANK
    equal_saves: bool = False  # AOT-SHOOT-SHIELDWALL reading (1): equality fails by default
    pavise_veteran: bool = True  # AOT-SHOOT-PAVISE reading: veterans behind pavises save on <= 5
    compare_after_losses: bool = True  # AOT-SHOOT-RESULT reading (2)


# --- per-die rules: the single definition both faces use -------------------

def hits_on_face(face: int, target_density: int, *, at_or_below: bool, horse_armour: bool) -> bool:
    """AOT-SHOOT-HIT / AOT-SHOOT-HORSE-ARMOUR: does one die showing ``face`` wound?

    The roll must be below the target's density (at or below it for veterans
    and downwind shooters); horse armour turns away a hit rolled as 1.
    """
    ok = face <= target_density if at_or_below else face < target_density
    return ok and not (horse_armour and face == 1)


def hit_faces(target_density: int, *, at_or_below: bool, horse_armour: bool) -> int:
    return sum(hits_on_face(f, target_density, at_or_below=at_or_below, horse_armour=horse_armour)
               for f in range(1, 7))


def shield_saves(face: int, density: int, *, at_or_below: bool) -> bool:
    """AOT-SHOOT-SHIELDWALL: the unit's single die saves when below its density (veterans: at or below)."""
    return face <= density if at_or_below else face < density


def save_limit(target: Unit, cond: ShotConditions) -> tuple[int, bool] | None:
    """The (density, at-or-below) pair for the target's shield roll, or None if it gets none.

    Shield wall is for infantry with shields; pavises act as a shield wall of
    density 5 (AOT-SHOOT-PAVISE); neither works against flank shooting.
    """
    if cond.flank or target.mounted:
        return None
    if target.pavise:
        return 5, cond.equal_saves or (target.veteran and cond.pavise_veteran)
    if target.shield:
        return target.density, cond.equal_saves or target.veteran
    return None


def hit_probability(target_density: int, cond: ShotConditions, horse_armour: bool) -> Fraction:
    faces = hit_faces(target_density, at_or_below=cond.veteran or cond.wind, horse_armour=horse_armour)
    return faces * SIXTH


# --- range ----------------------------------------------------------------

def firers_in_range(target: Unit, distance: Fraction, *, weapon: Missile = Missile.BOW,
                    cover: bool = False) -> int:
    """AOT-SHOOT-RANGE: how many warriors may shoot at ``target`` from ``distance`` inches.

    Firers = the target's strength (disordered included, riders counting double)
    minus the distance, rounded down; a target in cover counts its density
    instead.  Javelins and handguns reach 1″ only.  Returns 0 when nobody may shoot.
    """
    if weapon.max_range is not None and distance > weapon.max_range:
        return 0
    count = target.density if cover else target.strength * (2 if target.mounted else 1)
    return max(0, math.floor(count - distance))


# --- the result of a volley -------------------------------------------------

def compared_density(target: Unit, losses: int, cond: ShotConditions) -> int:
    """The target density AOT-SHOOT-RESULT compares: frontal, or depth when shot in the flank."""
    ranks = remove_from_ranks(target.ranks, losses) if cond.compare_after_losses else target.ranks
    return sum(1 for r in ranks if r > 0) if cond.flank else max(ranks)


def retreats(target: Unit, losses: int, shooter_density: int, cond: ShotConditions) -> bool:
    """AOT-SHOOT-RESULT: a target that lost anyone retreats if the shooter's density is higher."""
    return losses > 0 and shooter_density > compared_density(target, losses, cond)


def demoralization_points(target: Unit, retreat: bool) -> int:
    """AOT-DEMO-EARN: the winner gains the retreating unit's density at the start of the fight."""
    return target.density if retreat else 0


def apply_weapon(hits: int, saved: int, weapon: Missile, formed: int) -> tuple[int, int]:
    """Turn hits and shield saves into (killed, disordered), never more than the target has.

    Javelins are armour-piercing: a warrior the shield wall saved is disordered
    instead.  Handguns are terrifying: each kill disorders one more warrior.
    """
    killed = min(hits - saved, formed)
    disordered = saved if weapon is Missile.JAVELIN else 0
    if weapon is Missile.HANDGUN:
        disordered += killed
    return killed, min(disordered, formed - killed)


# --- exact face ---------------------------------------------------------------

@lru_cache(maxsize=65536)
def volley_losses(firers: int, target: Unit, cond: ShotConditions) -> Dist[tuple[int, int]]:
    """Exact joint distribution of (killed, disordered) from one volley."""
    hits = Dist.binomial(firers, hit_probability(target.density, cond, target.horse_armour))
    return saves_and_losses(hits, target, cond)


def saves_and_losses(hits: Dist[int], target: Unit, cond: ShotConditions) -> Dist[tuple[int, int]]:
    limit = save_limit(target, cond)
    formed = target.formed

    def after_shields(h: int) -> Dist[tuple[int, int]]:
        if limit is None or h == 0:
            return Dist.point(apply_weapon(h, 0, cond.weapon, formed))
        dens, le = limit
        return Dist.die(6).map(
            lambda r: apply_weapon(h, min(r, h) if shield_saves(r, dens, at_or_below=le) else 0,
                                   cond.weapon, formed))

    return hits.bind(after_shields)


# --- procedural face ------------------------------------------------------------

@dataclass(frozen=True)
class VolleyReport:
    """One volley as it happened: the dice, the saves and what they did."""

    firers: int
    hit_dice: tuple[int, ...]
    hit_on: str
    hits: int
    save_roll: int | None
    saved: int
    killed: int
    disordered: int
    before: Unit
    after: Unit
    shooter_density: int | None = None
    compared: int | None = None
    retreat: bool | None = None
    dp: int = 0
    steps: tuple[str, ...] = field(default=())


def hit_rule_text(target_density: int, cond: ShotConditions, horse_armour: bool) -> str:
    faces = [f for f in range(1, 7) if hits_on_face(f, target_density, at_or_below=cond.veteran or cond.wind,
                                                     horse_armour=horse_armour)]
    return ", ".join(map(str, faces)) if faces else "nothing"


def roll_hits(firers: int, target: Unit, cond: ShotConditions, dice: DiceSource) -> tuple[tuple[int, ...], int]:
    """AOT-SHOOT-HIT as played: one die per firer, counted against the target's start density."""
    le = cond.veteran or cond.wind
    rolls = tuple(dice.d6s(firers, "hit"))
    return rolls, sum(hits_on_face(v, target.density, at_or_below=le, horse_armour=target.horse_armour)
                      for v in rolls)


def resolve_volley(firers: int, target: Unit, cond: ShotConditions, dice: DiceSource,
                   shooter_density: int | None = None) -> VolleyReport:
    """Shoot once, rolling real dice, and say what happened at each step."""
    if target.panicking:
        raise RuleError("AOT-PANIC", "a panicking unit has density 0 and cannot be hit; it flees instead")
    if firers < 1:
        raise RuleError("AOT-SHOOT-RANGE", "nobody is in range to shoot")
    rolls, hits = roll_hits(firers, target, cond, dice)
    hit_on = hit_rule_text(target.density, cond, target.horse_armour)
    steps = [f"{firers} firers roll {', '.join(map(str, rolls))}; they hit on {hit_on}: {count_str(hits, 'hit')}."]
    limit = save_limit(target, cond)
    save_roll, saved = None, 0
    if limit is not None and hits > 0:
        dens, at = limit
        save_roll = dice.d6("shield wall")
        if shield_saves(save_roll, dens, at_or_below=at):
            saved = min(save_roll, hits)
        need = f"{'≤' if at else '<'} {dens}"
        steps.append(f"Shield roll {save_roll} (saves on {need}): {count_str(saved, 'hit')} turned away.")
    killed, disordered = apply_weapon(hits, saved, cond.weapon, target.formed)
    after = target.take_losses(killed, disordered)
    steps.append(f"{killed} killed, {disordered} disordered; {after.describe()}.")
    retreat, compared, dp = None, None, 0
    if shooter_density is not None:
        compared = compared_density(target, killed + disordered, cond)
        retreat = retreats(target, killed + disordered, shooter_density, cond)
        dp = demoralization_points(target, retreat)
        if killed + disordered == 0:
            steps.append("No losses: the target stays whatever the densities.")
        else:
            verdict = "retreats" if retreat else "stands"
            steps.append(f"Shooter density {shooter_density} against {compared}: the target {verdict}"
                         + (f"; the shooters' side gains {dp} DP." if dp else "."))
    return VolleyReport(firers, rolls, hit_on, hits, save_roll, saved, killed, disordered, target, after,
                        shooter_density, compared, retreat, dp, tuple(steps))


# --- building a target from plain parameters (CLI, widgets) ----------------------

def build_target(target_density: int, target_ranks: tuple[int, ...] | None = None, *,
                 shield_wall: bool = False, pavise: bool = False, target_veteran: bool = False,
                 horse_armour: bool = False, mounted_target: bool = False,
                 target_strength: int | None = None) -> Unit:
    mounted = horse_armour or mounted_target
    if mounted and target_density > MAX_MOUNTED_DENSITY:
        raise RuleError("AOT-DENSITY-LIMITS", f"a mounted unit has density at most {MAX_MOUNTED_DENSITY}")
    if mounted and (shield_wall or pavise):
        raise RuleError("AOT-SHOOT-SHIELDWALL", "shield wall and pavises are for infantry, not a mounted target")
    if target_ranks is None:
        target_ranks = (target_density,) if mounted else (target_density, target_density)
    if max(target_ranks) != target_density:
        raise RuleError("AOT-DENSITY", f"--target-ranks {','.join(map(str, target_ranks))} has longest rank "
                        f"{max(target_ranks)}, but --target-density is {target_density}")
    formed = sum(target_ranks)
    disordered = 0
    if target_strength is not None:
        if target_strength < formed:
            raise RuleError("AOT-SHOOT-RANGE", f"--target-strength {target_strength} is less than the "
                            f"{formed} formed warriors in --target-ranks")
        disordered = target_strength - formed
    return Unit(name="target", ranks=tuple(target_ranks), disordered=disordered, mounted=mounted,
                shield=shield_wall, pavise=pavise, veteran=target_veteran, horse_armour=horse_armour)


def firers_for(target: Unit, cond: ShotConditions, firers: int | None, distance: Fraction | None,
               cover: bool, battle_line: bool = False) -> int:
    """Firers given directly, or derived from range (then capped by ``firers`` if given).

    ``battle_line``: the unit shoots as one of a battle line other than the general's own, and so
    with one warrior fewer (AOT-CMD-BATTLE-LINE, flat −1 per the index's reading).
    """
    if distance is not None and distance <= 0:
        raise RuleError("AOT-SHOOT-ARC-LOS", "at 0″ the units are in contact: they cannot shoot, they fight a melee")
    if distance is None:
        if firers is None:
            raise RuleError("AOT-SHOOT-RANGE", "give --firers N, or --distance X to derive the firers from range")
        return firers
    if cond.weapon.max_range is not None and distance > cond.weapon.max_range:
        raise RuleError(cond.weapon.rule_id, f"{cond.weapon.value}s reach 1″ only, not {distance}″")
    n = firers_in_range(target, distance, weapon=cond.weapon, cover=cover) - (1 if battle_line else 0)
    if n <= 0:
        basis = f"density {target.density}" if cover else f"strength {target.strength}" + (
            " (riders count double)" if target.mounted else "")
        line = " after the battle line's −1" if battle_line else ""
        raise RuleError("AOT-SHOOT-RANGE", f"target {basis} at {distance}″ leaves no firers{line}: out of range")
    return min(n, firers) if firers is not None else n
