"""An independent, brute-force reading of the shooting rules, written from the rules index.

Nothing here imports the engine's rules code: the functions enumerate every
face of every die and apply the rules as the index words them
(AOT-SHOOT-HIT, -HORSE-ARMOUR, -SHIELDWALL, -PAVISE, -JAVELIN, -HANDGUN,
-FLANK, -RESULT, AOT-CASUALTY-REMOVAL, AOT-PROP-VETERAN, AOT-WEATHER-WIND).
The tests compare the engine's exact and procedural faces with this oracle.
It is slow (6**(firers+1) dice rolls), so callers keep ``firers`` small.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache


def ref_remove(ranks: tuple[int, ...], n: int) -> tuple[int, ...]:
    """AOT-CASUALTY-REMOVAL: one at a time off the longest rank; the first rank on a tie."""
    if n > sum(ranks):
        raise ValueError("more losses than warriors")
    r = list(ranks)
    for _ in range(n):
        back_longer = len(r) == 2 and r[1] > r[0]
        r[1 if back_longer else 0] -= 1
    return tuple(r)


def hits_of(faces, density: int, *, at_or_below: bool = False, horse_armour: bool = False) -> int:
    """AOT-SHOOT-HIT: roll < D hits (<= D for veterans or downwind); horse armour turns away 1s."""
    return sum(1 for f in faces
               if (f <= density if at_or_below else f < density) and not (horse_armour and f == 1))


def saves_of(roll: int, hits: int, *, limit: int, at_or_below: bool) -> int:
    """AOT-SHOOT-SHIELDWALL: a roll below the limit (at or below for veterans) cancels that many hits."""
    ok = roll <= limit if at_or_below else roll < limit
    return min(roll, hits) if ok else 0


@cache
def volley_law(firers: int, ranks: tuple[int, ...], *, weapon: str = "bow", veteran: bool = False,
               wind: bool = False, flank: bool = False, shield: bool = False, pavise: bool = False,
               target_veteran: bool = False, horse_armour: bool = False, mounted: bool = False,
               equal_saves: bool = False, pavise_veteran: bool = True) -> dict[tuple[int, int], Fraction]:
    """Exact law of (killed, disordered) by enumerating all firers' dice and the shield die.

    Cached: callers must not mutate the returned dict.
    """
    density, formed = max(ranks), sum(ranks)
    mounted = mounted or horse_armour
    shield_roll = (shield or pavise) and not flank and not mounted
    limit = 5 if pavise else density
    save_le = equal_saves or (target_veteran and (pavise_veteran or not pavise))
    counts: Counter[tuple[int, int]] = Counter()
    for dice in itertools.product(range(1, 7), repeat=firers + 1):
        hits = hits_of(dice[:-1], density, at_or_below=veteran or wind, horse_armour=horse_armour)
        saved = saves_of(dice[-1], hits, limit=limit, at_or_below=save_le) if shield_roll else 0
        killed = hits - saved
        disordered = saved if weapon == "javelin" else 0  # armour-piercing
        if weapon == "handgun":
            disordered += killed  # terrifying
        killed = min(killed, formed)
        disordered = min(disordered, formed - killed)
        counts[(killed, disordered)] += 1
    total = 6 ** (firers + 1)
    return {k: Fraction(v, total) for k, v in counts.items()}


def retreats_by_rule(ranks: tuple[int, ...], losses: int, shooter_density: int, *, flank: bool = False,
                     after_losses: bool = True) -> bool:
    """AOT-SHOOT-RESULT: no losses, no retreat; else retreat iff shooter D > target D (flank: depth)."""
    if losses == 0:
        return False
    r = ref_remove(ranks, losses) if after_losses else ranks
    compared = sum(1 for x in r if x > 0) if flank else max(r)
    return shooter_density > compared
