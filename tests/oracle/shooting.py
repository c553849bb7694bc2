"""Oracle for shooting, written from the rules index: AOT-SHOOT-RANGE, -COVER, -HIT, -HORSE-ARMOUR,
-SHIELDWALL, -PAVISE, -JAVELIN, -HANDGUN, -SIMULTANEOUS, -FLANK, -RESULT, AOT-CASUALTY-REMOVAL,
AOT-DEMO-EARN, AOT-PROP-VETERAN and AOT-WEATHER-WIND.

Every law is counted over all faces of all dice. The firers' dice and the shield die are independent,
so a volley is enumerated in two stages (all firers' dice into a law of hits, then every face of the
shield die against each number of hits); every roll is still visited exactly once.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache
from typing import Any

from .common import FACES, density, depth, enumerate_law, image, prob, remove

#: weapons that reach 1″ only (AOT-SHOOT-RANGE, -JAVELIN, -HANDGUN)
SHORT_REACH = ("javelin", "handgun")


def is_hit(face: int, target_density: int, *, at_or_below: bool = False, horse_armour: bool = False) -> bool:
    """AOT-SHOOT-HIT: a die hits on a roll below the target's density, at or below it for veterans and
    downwind shooters; AOT-SHOOT-HORSE-ARMOUR: against armoured horses a die showing 1 does nothing."""
    if horse_armour and face == 1:
        return False
    return face <= target_density if at_or_below else face < target_density


def hit_law(firers: int, target_density: int, *, at_or_below: bool = False,
            horse_armour: bool = False) -> dict[int, Fraction]:
    """The exact law of the number of hits from ``firers`` dice."""
    return enumerate_law(firers, lambda roll: sum(
        is_hit(f, target_density, at_or_below=at_or_below, horse_armour=horse_armour) for f in roll))


def shield_saves(face: int, hits: int, limit: int, *, on_equal: bool) -> int:
    """AOT-SHOOT-SHIELDWALL: one die for the unit; a roll below ``limit`` (at or below it when
    ``on_equal``) cancels that many hits, never more than were taken."""
    ok = face <= limit if on_equal else face < limit
    return min(face, hits) if ok else 0


def shield_limit(density_: int, *, veteran: bool = False, equal_saves: bool = False, pavise: bool = False,
                 pavise_veteran: bool = True) -> tuple[int, bool]:
    """(limit, saves on equality) of a shield wall: own density, or 5 behind pavises (AOT-SHOOT-PAVISE).
    Veterans save on equality (behind pavises too, under the index reading ``pavise_veteran``); under the
    alternative equal-saves reading everyone does, pavises being a shield wall at density 5."""
    if pavise:
        return 5, equal_saves or (veteran and pavise_veteran)
    return density_, veteran or equal_saves


def shield_wall_laws(hits: int, density_: int, *, veteran: bool = False, javelins: bool = False,
                     equal_saves: bool = False, pavise: bool = False,
                     pavise_veteran: bool = True) -> dict[str, dict[int, Fraction]]:
    """AOT-SHOOT-SHIELDWALL / -PAVISE: laws of killed, saved and disordered given ``hits`` taken.
    Javelins are armour-piercing: a warrior the shields save is disordered instead."""
    limit, on_equal = shield_limit(density_, veteran=veteran, equal_saves=equal_saves, pavise=pavise,
                                   pavise_veteran=pavise_veteran)
    saved = enumerate_law(1, lambda r: shield_saves(r[0], hits, limit, on_equal=on_equal))
    return {"killed": image(saved, lambda s: hits - s),
            "saved": saved,
            "disordered": image(saved, lambda s: s if javelins else 0)}


def simultaneous_killed_law(firers_a: int, firers_b: int, target_density: int, *, veteran_a: bool = False,
                            veteran_b: bool = False, shield_wall: bool = True,
                            one_roll: bool = True) -> dict[int, Fraction]:
    """AOT-SHOOT-SIMULTANEOUS: two units fire at one target in one slot, both against its density at
    the start of the slot. Under the index reading of "one test per slot" one shield die covers all
    the hits; with ``one_roll`` off each volley meets a shield die of its own."""
    ha = hit_law(firers_a, target_density, at_or_below=veteran_a)
    hb = hit_law(firers_b, target_density, at_or_below=veteran_b)
    out: dict[int, Fraction] = {}
    for a, pa in ha.items():
        for b, pb in hb.items():
            if not shield_wall:
                cases = [(a + b, Fraction(1))]
            elif one_roll:
                cases = [(a + b - shield_saves(s, a + b, target_density, on_equal=False), Fraction(1, 6))
                         for s in FACES]
            else:
                cases = [(a - shield_saves(s, a, target_density, on_equal=False)
                          + b - shield_saves(t, b, target_density, on_equal=False), Fraction(1, 36))
                         for s in FACES for t in FACES]
            for k, w in cases:
                out[k] = out.get(k, Fraction(0)) + pa * pb * w
    return out


def range_firers(strength: int, distance: Fraction | int, *, target_density: int, mounted: bool = False,
                 cover: bool = False, weapon: str = "bow", round_down: bool = True) -> int:
    """AOT-SHOOT-RANGE: firers = the target's strength − the distance, rounded down (index reading);
    each rider counts 2; a target in cover counts its density instead (not doubled, engineering
    reading); javelins and handguns reach 1″ only. Returns 0 when nobody may shoot."""
    distance = Fraction(distance)
    if weapon in SHORT_REACH and distance > 1:
        return 0
    counted = target_density if cover else strength * (2 if mounted else 1)
    n = math.floor(counted - distance) if round_down else math.ceil(counted - distance)
    return max(n, 0)


def volley_joint(firers: int, ranks: tuple[int, ...], *, weapon: str = "bow", veteran: bool = False,
                 wind: bool = False, flank: bool = False, shield_wall: bool = False, pavise: bool = False,
                 target_veteran: bool = False, horse_armour: bool = False, mounted: bool = False,
                 equal_saves: bool = False, pavise_veteran: bool = True,
                 hit_density: str = "larger") -> dict[tuple[int, int], Fraction]:
    """The exact law of (killed, disordered) of one volley at a target standing in ``ranks``.

    - Hit roll against the start density; in the flank against the larger of frontal density and depth
      (AOT-SHOOT-FLANK; ``hit_density="frontal"`` is the pre-correction reading, for a mutation check).
    - No shields or pavises for mounted targets or against flank shots (pavises as shields: engineering).
    - Handguns are terrifying: one more disordered per kill; javelins disorder the warriors shields save.
    - At most the formed warriors are lost, killed first.
    """
    if hit_density not in ("larger", "frontal"):
        raise ValueError(f"hit_density is 'larger' (the index) or 'frontal' (the draft rule), not {hit_density!r}")
    start_density = density(ranks)
    formed = sum(ranks)
    mounted = mounted or horse_armour
    d_hit = max(start_density, depth(ranks)) if flank and hit_density == "larger" else start_density
    hits = hit_law(firers, d_hit, at_or_below=veteran or wind, horse_armour=horse_armour)
    shields = (shield_wall or pavise) and not flank and not mounted
    limit, on_equal = shield_limit(start_density, veteran=target_veteran, equal_saves=equal_saves, pavise=pavise,
                                   pavise_veteran=pavise_veteran)
    joint: dict[tuple[int, int], Fraction] = {}
    for h, p in hits.items():
        for s in FACES:
            saved = shield_saves(s, h, limit, on_equal=on_equal) if shields else 0
            killed = h - saved
            disordered = saved if weapon == "javelin" else 0
            if weapon == "handgun":
                disordered += killed
            killed = min(killed, formed)
            disordered = min(disordered, formed - killed)
            joint[(killed, disordered)] = joint.get((killed, disordered), Fraction(0)) + p / 6
    return joint


def volley(firers: int, ranks: tuple[int, ...], *, shooter_density: int | None = None,
           compare_after_losses: bool = True, losses_count_disordered: bool = True, flank: bool = False,
           **conditions: Any) -> dict[str, Any]:
    """One volley and its result (AOT-SHOOT-RESULT): laws of killed, disordered, losses and DP, and the
    events any_loss and retreat (or retreat_if_shooter_density_N for every N when the shooters' density
    is not given). ``conditions`` are those of ``volley_joint``.

    - Losses are any warriors killed or disordered (index reading; ``losses_count_disordered=False``
      counts the killed only, for a mutation check), removed per AOT-CASUALTY-REMOVAL.
    - The target retreats iff it lost anyone and the shooters' density is higher than its own after the
      losses (its depth in a flank shot; 0 when nobody is left formed: engineering reading).
    - DP to the shooters on a retreat: the target's frontal density at the start (AOT-DEMO-EARN).
    """
    joint = volley_joint(firers, ranks, flank=flank, **conditions)

    def lost(kd: tuple[int, int]) -> int:
        return kd[0] + kd[1] if losses_count_disordered else kd[0]

    def retreats(kd: tuple[int, int], sd: int) -> bool:
        return lost(kd) > 0 and sd > compared_density(ranks, kd[0] + kd[1], flank=flank,
                                                      after_losses=compare_after_losses)

    out: dict[str, Any] = {
        "killed": image(joint, lambda kd: kd[0]),
        "disordered": image(joint, lambda kd: kd[1]),
        "losses": image(joint, lambda kd: kd[0] + kd[1]),
        "any_loss": prob(joint, lambda kd: lost(kd) > 0),
    }
    if shooter_density is None:
        for sd in range(1, 6):
            out[f"retreat_if_shooter_density_{sd}"] = prob(joint, lambda kd, sd=sd: retreats(kd, sd))
    else:
        out["retreat"] = prob(joint, lambda kd: retreats(kd, shooter_density))
        out["dp"] = image(joint, lambda kd: density(ranks) if retreats(kd, shooter_density) else 0)
    return out


def compared_density(ranks: tuple[int, ...], losses: int, *, flank: bool = False, after_losses: bool = True) -> int:
    """AOT-SHOOT-RESULT: the target's density for the comparison, after the losses (index reading);
    in a flank shot its depth."""
    after = remove(ranks, losses) if after_losses else ranks
    return depth(after) if flank else density(after)


# --- drop-in replacements for the names of the former tests/spec_oracle.py ----------------------


def ref_remove(ranks: tuple[int, ...], n: int) -> tuple[int, ...]:
    """AOT-CASUALTY-REMOVAL; refuses more losses than warriors."""
    if n > sum(ranks):
        raise ValueError("more losses than warriors")
    return remove(ranks, n)


def retreats_by_rule(ranks: tuple[int, ...], losses: int, shooter_density: int, *, flank: bool = False,
                     after_losses: bool = True) -> bool:
    """AOT-SHOOT-RESULT: no losses, no retreat; else retreat iff shooter D > target D (flank: depth)."""
    return losses > 0 and shooter_density > compared_density(ranks, losses, flank=flank, after_losses=after_losses)


@cache
def volley_law(firers: int, ranks: tuple[int, ...], *, weapon: str = "bow", veteran: bool = False,
               wind: bool = False, flank: bool = False, shield: bool = False, pavise: bool = False,
               target_veteran: bool = False, horse_armour: bool = False, mounted: bool = False,
               equal_saves: bool = False, pavise_veteran: bool = True,
               hit_density: str = "larger") -> dict[tuple[int, int], Fraction]:
    """Exact law of (killed, disordered), with the keywords of the former spec_oracle.volley_law.
    Unlike that oracle, a flank shot is hit against the larger of frontal density and depth (the index's
    corrected AOT-SHOOT-FLANK); ``hit_density="frontal"`` gives the former behaviour.
    Cached: callers must not mutate the returned dict."""
    return volley_joint(firers, ranks, weapon=weapon, veteran=veteran, wind=wind, flank=flank, shield_wall=shield,
                        pavise=pavise, target_veteran=target_veteran, horse_armour=horse_armour, mounted=mounted,
                        equal_saves=equal_saves, pavise_veteran=pavise_veteran, hit_density=hit_density)
