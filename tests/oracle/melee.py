"""Oracle for one round of melee, written from the rules index: AOT-MELEE-STRIKES, -HIT-SHOOTER,
-HIT-SPEAR, -PIKE, -HALBERD, -HIT-SPECIALIST, -TWO-HANDED, -HIT-LANCE, -CAV-OTHER, -HORSE-STRIKE,
-SHIELDWALL, -ARMOUR, -HORSE-ARMOUR, -FLANK, -RESULT, AOT-ARMOUR-PIERCING, AOT-TERRIFYING,
AOT-CASUALTY-REMOVAL, AOT-PROP-VETERAN and AOT-DEMO-EARN; and the two-against-one fight of
AOT-MELEE-ENGAGE under the engineering reading documented in book/melee.md and book/readings.md.

Both sides strike at once with their start densities, so the losses each side suffers depend only on
the other side's dice and its own shield die: each half is enumerated over every face of those dice,
and the two independent halves are then combined.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .common import FACES, density, depth, enumerate_law, image, prob, product, remove

#: weapons that leave no hand for a shield in melee (AOT-TWO-HANDED)
TWO_HANDED = ("pike", "halberd-spear", "halberd-axe", "two-handed")
#: armour-piercing in melee against shield wall and armour (AOT-ARMOUR-PIERCING, index reading)
PIERCING = ("halberd-axe", "two-handed", "lance")

RESULTS = ("a-wins", "continue", "b-wins")


@dataclass(frozen=True)
class Unit:
    """One side of a melee, as the rules describe it."""

    ranks: tuple[int, ...]
    weapon: str = "sword"
    mounted: bool = False
    shield: bool = False
    armour: bool = False
    horse_armour: bool = False
    veteran: bool = False
    horse_strike: bool = False
    terrifying: bool = False
    javelins: bool = False
    #: attacked in the flank or rear by the enemy (strikes nothing, no shield wall, result on depth)
    flanked: bool = False


@dataclass(frozen=True)
class Readings:
    """The index's readings (defaults) and their alternatives; ``strict`` is a mutation knob."""

    armour_first: bool = True
    equal_saves: bool = False
    pike_extra_per_rank: bool = False
    halberd_axe_as_specialist: bool = True
    flank_hits_use_depth: bool = False
    javelins_pierce_in_melee: bool = False
    #: False makes every hit roll succeed on equality (the wrong rule, for a mutation check)
    strict: bool = True


INDEX = Readings()


def _below(face: int, d: int, on_equal: bool) -> bool:
    return face <= d if on_equal else face < d


def _above(face: int, d: int, on_equal: bool) -> bool:
    return face >= d if on_equal else face > d


def enemy_density_for_hits(target: Unit, rd: Readings) -> int:
    """Hit numbers that read the enemy's density use its frontal density, even in a flank attack
    (AOT-MELEE-FLANK reading); the alternative reading uses the flanked unit's depth."""
    if target.flanked and rd.flank_hits_use_depth:
        return depth(target.ranks)
    return density(target.ranks)


def weapon_hits(face: int, striker: Unit, target: Unit, rd: Readings) -> bool:
    """The weapon families' hit numbers (veterans also succeed on equality)."""
    own, enemy = density(striker.ranks), enemy_density_for_hits(target, rd)
    eq = striker.veteran or not rd.strict
    w = striker.weapon
    if w == "shooter":
        return _below(face, enemy, eq)
    if w in ("spear", "pike", "halberd-spear"):
        return _below(face, own, eq)
    if w == "halberd-axe":
        return _above(face, own, eq) if rd.halberd_axe_as_specialist else _below(face, own, eq)
    if w in ("sword", "two-handed"):
        return _above(face, own, eq)
    if w == "lance":
        return _above(face, enemy, eq)
    raise ValueError(w)


def horse_hits(face: int, striker: Unit, target: Unit, rd: Readings) -> bool:
    """AOT-MELEE-HORSE-STRIKE: above the enemy's density (veterans: at or above)."""
    return _above(face, enemy_density_for_hits(target, rd), striker.veteran or not rd.strict)


def dice_of(striker: Unit, target: Unit, rd: Readings) -> tuple[int, int]:
    """(weapon dice, horse dice): one die per formed front-rank warrior, pikes +1 for a second rank
    not shorter than the first (+1 per second-rank warrior under the alternative reading), one horse
    strike per rider against infantry. A flanked unit strikes nothing at its attacker."""
    if striker.flanked:
        return 0, 0
    front = striker.ranks[0]
    extra = 0
    if striker.weapon == "pike" and len(striker.ranks) > 1 and striker.ranks[1] >= front:
        extra = striker.ranks[1] if rd.pike_extra_per_rank else 1
    horses = front if striker.mounted and striker.horse_strike and not target.mounted else 0
    return front + extra, horses


def strike_law(striker: Unit, target: Unit, rd: Readings = INDEX) -> dict[tuple[int, int, int], Fraction]:
    """Law of (weapon hits not showing 6, weapon hits showing 6, horse-strike hits) over all the
    striker's dice. Horse armour turns away any hit whose die shows 1."""
    n_weapon, n_horse = dice_of(striker, target, rd)
    ha = target.mounted and target.horse_armour

    def summary(roll: tuple[int, ...]) -> tuple[int, int, int]:
        plain = sixes = horse = 0
        for i, f in enumerate(roll):
            if ha and f == 1:
                continue
            if i < n_weapon:
                if weapon_hits(f, striker, target, rd):
                    if f == 6:
                        sixes += 1
                    else:
                        plain += 1
            elif horse_hits(f, striker, target, rd):
                horse += 1
        return plain, sixes, horse

    return enumerate_law(n_weapon + n_horse, summary)


def shield_wall_allowed(target: Unit) -> bool:
    """Foot with shields, not using two-handed weapons, not attacked in the flank or rear."""
    return target.shield and not target.mounted and target.weapon not in TWO_HANDED and not target.flanked


def shield_value(face: int, target: Unit, rd: Readings) -> int:
    """How many hits the shield die may cancel: its roll if below own density (at or below for
    veterans, or under the equal-saves reading), else 0."""
    if not shield_wall_allowed(target):
        return 0
    return face if _below(face, density(target.ranks), target.veteran or rd.equal_saves) else 0


def suffered(plain: int, sixes: int, horse: int, shield: int, striker: Unit, target: Unit,
             rd: Readings) -> tuple[int, int]:
    """(killed, disordered) of the target, given the striker's hits and the shield value.

    Index reading: armour cancels the weapon hits showing 6, then the shield cancels up to its value
    of the rest; the alternative spends the shield first on any weapon hits, sixes first, and armour
    stops the sixes left. Neither protects against horse strikes. Against armour-piercing weapons a
    saved warrior is disordered instead (javelins, under the alternative reading, beat shields only).
    Terrifying strikers disorder one more per kill; nobody loses more than its formed warriors."""
    hits = plain + sixes
    if rd.armour_first:
        by_armour = sixes if target.armour else 0
        by_shield = min(shield, hits - by_armour)
    else:
        by_shield = min(shield, hits)
        by_armour = max(0, sixes - by_shield) if target.armour else 0
    killed = hits - by_armour - by_shield + horse
    if striker.weapon in PIERCING:
        disordered = by_armour + by_shield
    elif striker.weapon == "shooter" and striker.javelins and rd.javelins_pierce_in_melee:
        disordered = by_shield
    else:
        disordered = 0
    if striker.terrifying:
        disordered += killed
    formed = sum(target.ranks)
    killed = min(killed, formed)
    return killed, min(disordered, formed - killed)


def losses_law(striker: Unit, target: Unit, rd: Readings = INDEX) -> dict[tuple[int, int], Fraction]:
    """Law of the target's (killed, disordered) from the striker's dice and the target's shield die."""
    out: dict[tuple[int, int], Fraction] = {}
    for (plain, sixes, horse), p in strike_law(striker, target, rd).items():
        for s in FACES:
            kd = suffered(plain, sixes, horse, shield_value(s, target, rd), striker, target, rd)
            out[kd] = out.get(kd, Fraction(0)) + p / 6
    return out


def compared(unit: Unit, lost: int) -> int:
    """AOT-MELEE-RESULT: density after the losses; a flanked unit counts its depth (AOT-MELEE-FLANK)."""
    after = remove(unit.ranks, lost)
    return depth(after) if unit.flanked else density(after)


def melee(a: Unit, b: Unit, rd: Readings = INDEX) -> dict[str, Any]:
    """One melee between A and B: laws of the result, each side's killed, disordered, density after
    and DP earned, and the events a_wins / continue / b_wins. The higher compared density wins; equal
    continues. The winner's side earns DP equal to the loser's frontal density at the start."""
    if a.flanked and b.flanked:
        raise ValueError("only one side can be in the other's flank")
    joint = product(losses_law(b, a, rd), losses_law(a, b, rd))  # ((a_k, a_d), (b_k, b_d))

    def result(x: tuple[tuple[int, int], tuple[int, int]]) -> str:
        va, vb = compared(a, sum(x[0])), compared(b, sum(x[1]))
        return "a-wins" if va > vb else "b-wins" if vb > va else "continue"

    res = image(joint, result)
    return {
        "result": res,
        "a_killed": image(joint, lambda x: x[0][0]),
        "b_killed": image(joint, lambda x: x[1][0]),
        "a_disordered": image(joint, lambda x: x[0][1]),
        "b_disordered": image(joint, lambda x: x[1][1]),
        "a_density_after": image(joint, lambda x: density(remove(a.ranks, sum(x[0])))),
        "b_density_after": image(joint, lambda x: density(remove(b.ranks, sum(x[1])))),
        "dp_a": image(joint, lambda x: density(b.ranks) if result(x) == "a-wins" else 0),
        "dp_b": image(joint, lambda x: density(a.ranks) if result(x) == "b-wins" else 0),
        "a_wins": res.get("a-wins", Fraction(0)),
        "continue": res.get("continue", Fraction(0)),
        "b_wins": res.get("b-wins", Fraction(0)),
    }


def two_vs_one(a1_ranks: tuple[int, ...], a2_ranks: tuple[int, ...], b_ranks: tuple[int, ...], *,
               a_weapon: str = "sword", b_weapon: str = "spear", b_shield: bool = True,
               b_on_first: int | None = None, one_shield_roll: bool = True) -> dict[str, Any]:
    """AOT-MELEE-ENGAGE, two attackers (A1, A2, same weapon, no protection) against one defender B,
    under the engineering reading of book/readings.md:

    - B divides its front-rank dice, ``b_on_first`` at A1 (default half, rounded up) and the rest at
      A2; each die reads its own target's density; losses are booked where the dice fell.
    - Both attackers strike B; one shield die of B covers all the hits it takes in the slot
      (``one_shield_roll=False``: one die against each attacker, for a mutation check).
    - Results pair by pair with densities after the losses: B retreats if it loses either pairing,
      an attacker retreats if B beats it; all_continue when both pairings are equal.
    """
    if b_weapon == "pike":
        raise ValueError("the reading does not say where a lone pike unit aims its extra die")
    a1, a2 = Unit(a1_ranks, a_weapon), Unit(a2_ranks, a_weapon)
    b = Unit(b_ranks, b_weapon, shield=b_shield)
    front = b_ranks[0]
    k = math.ceil(front / 2) if b_on_first is None else b_on_first

    a1_lost = _hits_from(b, a1, k)
    a2_lost = _hits_from(b, a2, front - k)

    s1, s2 = strike_law(a1, b), strike_law(a2, b)
    b_law: dict[tuple[int, int], Fraction] = {}
    for (h1, p1) in s1.items():
        for (h2, p2) in s2.items():
            if one_shield_roll:
                cases = [((h1[0] + h2[0], h1[1] + h2[1], 0), shield_value(s, b, INDEX), Fraction(1, 6))
                         for s in FACES]
                outs = [(suffered(*hits, sh, a1, b, INDEX), w) for hits, sh, w in cases]
            else:
                outs = []
                for s in FACES:
                    for t in FACES:
                        k1, d1 = suffered(*h1, shield_value(s, b, INDEX), a1, b, INDEX)
                        k2, d2 = suffered(*h2, shield_value(t, b, INDEX), a2, b, INDEX)
                        formed = sum(b_ranks)
                        kk = min(k1 + k2, formed)
                        outs.append(((kk, min(d1 + d2, formed - kk)), Fraction(1, 36)))
            for kd, w in outs:
                b_law[kd] = b_law.get(kd, Fraction(0)) + p1 * p2 * w

    joint = product(b_law, product(a1_lost, a2_lost))  # ((b_k, b_d), (a1_k, a2_k))

    def vals(x: Any) -> tuple[int, int, int]:
        (bk, bd), (k1, k2) = x
        return (density(remove(b_ranks, bk + bd)), density(remove(a1_ranks, k1)), density(remove(a2_ranks, k2)))

    return {
        "b_killed": image(joint, lambda x: x[0][0]),
        "a1_killed": a1_lost,
        "a2_killed": a2_lost,
        "b_retreats": prob(joint, lambda x: vals(x)[0] < max(vals(x)[1:])),
        "a1_retreats": prob(joint, lambda x: vals(x)[0] > vals(x)[1]),
        "a2_retreats": prob(joint, lambda x: vals(x)[0] > vals(x)[2]),
        "all_continue": prob(joint, lambda x: vals(x)[0] == vals(x)[1] == vals(x)[2]),
    }


def _hits_from(b: Unit, target: Unit, n_dice: int) -> dict[int, Fraction]:
    """Warriors of an unprotected attacker killed by ``n_dice`` of B's front-rank dice aimed at it."""
    formed = sum(target.ranks)
    return enumerate_law(n_dice, lambda roll: min(formed, sum(weapon_hits(f, b, target, INDEX) for f in roll)))
