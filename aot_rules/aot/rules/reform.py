"""Reforming (Перестроение): the action that restores order and changes formation.

A reform is a unit's one action (AOT-REFORM).  It brings back one disordered
warrior (two for a regular unit), may change the density with every warrior on
one base, may turn the unit to face any way with no test (Reading), and may form
infantry into the immobile density-5 defensive formation (AOT-REFORM-DEFENSIVE-5).
Merging and splitting units are reforms too (AOT-REFORM-MERGE-SPLIT).  Each
function returns new units or raises, so a refused reform changes nothing.
"""

from __future__ import annotations

from dataclasses import replace

from aot_rules.aot.units import MAX_FOOT_DENSITY, MAX_MOUNTED_DENSITY, Front, Unit, trim_mix
from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import msg, nmsg

RULE = "AOT-REFORM"
DEFENSIVE_DENSITY = 5


def restorable(unit: Unit) -> int:
    """How many disordered warriors one reform brings back: 1, or 2 for a regular unit (AOT-PROP-REGULAR);
    never more than are disordered.

    >>> restorable(Unit(ranks=(3, 3), disordered=4)), restorable(Unit(ranks=(3, 3), disordered=4, regular=True))
    (1, 2)
    """
    return min(unit.disordered, 2 if unit.regular else 1)


def ranks_for(density: int, formed: int, mounted: bool) -> tuple[int, ...]:
    """The ranks of ``formed`` warriors at ``density``: a full front rank and the rest behind it (foot), or
    one rank (mounted).  Refused when the warriors cannot stand so on one base (AOT-DENSITY-LIMITS).

    >>> ranks_for(4, 7, False), ranks_for(3, 3, True)
    ((4, 3), (3,))
    """
    top = MAX_MOUNTED_DENSITY if mounted else MAX_FOOT_DENSITY
    if not 1 <= density <= top:
        raise RuleError("AOT-DENSITY-LIMITS", msg("density must be 1 to {top}, not {density}", top=top,
                                                  density=density), params=("density",))
    if mounted:
        if density != formed:
            raise RuleError("AOT-DENSITY-LIMITS", msg("mounted troops stand in one rank, so {formed} formed riders "
                                                      "have density {formed}; cavalry raises density only by merging",
                                                      formed=formed), params=("density",))
        return (density,)
    if not density <= formed <= 2 * density:
        raise RuleError("AOT-DENSITY-LIMITS", msg("{formed} formed warriors cannot stand at density {density} on one "
                                                  "base (two ranks: from {density} to {most} warriors)",
                                                  formed=formed, density=density, most=2 * density),
                        params=("density",))
    return (density, formed - density) if formed > density else (density,)


def front_mix(unit: Unit, front: int) -> Front:
    """A mixed front rank after a reform: kept as it is, or cut from its last weapon group when the front
    rank shrinks (the owner's choice, as for casualties); when it grows, who steps up is the owner's
    choice the engine cannot guess, so the unit fights with its main weapon (AOT-ARMY-MIXED-WEAPONS).

    >>> from aot_rules.aot.equipment import MeleeWeapon as W
    >>> u = Unit(ranks=(3, 3), weapon=W.SWORD, mix=((W.SWORD, 2), (W.SHOOTER, 1)))
    >>> front_mix(u, 3) == u.mix, front_mix(u, 2), front_mix(u, 4)
    (True, ((<MeleeWeapon.SWORD: 'sword'>, 2),), ())
    """
    if not unit.mix or front > unit.ranks[0]:
        return ()
    return trim_mix(unit.mix, front)


def reform(unit: Unit, *, density: int | None = None, restore: int | None = None,
           defensive: bool = False) -> Unit:
    """AOT-REFORM: bring back ``restore`` disordered warriors (default: all the reform allows), then stand at
    ``density`` (default: the highest the formed warriors allow, up to the old density), or in the
    defensive formation.  Facing is free (Reading), so it is not modelled here.

    >>> str(reform(Unit("hoplites", ranks=(3, 3), disordered=2)).describe())
    'hoplites: ranks 4+3 (density 4), 1 disordered'
    >>> reform(Unit(ranks=(4, 3)), defensive=True).ranks
    (5, 2)
    """
    allowed = restorable(unit)
    n = allowed if restore is None else restore
    if not 0 <= n <= allowed:
        raise RuleError(RULE, nmsg("{unit} may restore at most {n} disordered warrior in one reform, not {asked}",
                                   "{unit} may restore at most {n} disordered warriors in one reform, not {asked}",
                                   n=allowed, unit=unit.name, asked=n), params=("restore",))
    formed = unit.formed + n
    if formed == 0:
        raise RuleError(RULE, msg("{unit} has no formed warrior to stand in ranks", unit=unit.name),
                        params=("restore",))
    if defensive:
        if unit.mounted:
            raise RuleError("AOT-REFORM-DEFENSIVE-5", msg("only infantry can form the defensive formation"),
                            params=("defensive",))
        if density not in (None, DEFENSIVE_DENSITY):
            raise RuleError("AOT-REFORM-DEFENSIVE-5", msg("the defensive formation stands at density 5"),
                            params=("density",))
        if formed < DEFENSIVE_DENSITY:
            raise RuleError("AOT-REFORM-DEFENSIVE-5", msg("{unit} has {formed} formed warriors; the defensive "
                                                          "formation needs five in its front rank", unit=unit.name,
                                                          formed=formed), params=("defensive",))
        density = DEFENSIVE_DENSITY
    if density is None:
        density = formed if unit.mounted else max(-(-formed // 2), min(max(unit.density, 1), formed))
    ranks = ranks_for(density, formed, unit.mounted)
    return replace(unit, ranks=ranks, disordered=unit.disordered - n, defensive=defensive,
                   mix=front_mix(unit, ranks[0]))


def merge(first: Unit, second: Unit, *, density: int, by_leader: bool = False, individual_slots: int = 0,
          same_nationality: bool = True) -> Unit:
    """AOT-REFORM-MERGE-SPLIT: two units of one nationality and arm become one, under a leader's command or
    with two consecutive individual-unit slots.  Properties and markers are the first unit's.

    >>> merge(Unit("a", (3, 2)), Unit("b", (2, 2)), density=5, by_leader=True).ranks
    (5, 4)
    """
    rid = "AOT-REFORM-MERGE-SPLIT"
    if not same_nationality:
        raise RuleError(rid, msg("only units of the same nationality may merge"))
    if first.mounted != second.mounted:
        raise RuleError(rid, msg("only units of the same arm may merge (foot with foot, horse with horse)"))
    if not by_leader and individual_slots < 2:
        raise RuleError(rid, msg("merging needs a leader's command, or two individual-unit slots in a row"))
    formed, disordered = first.formed + second.formed, first.disordered + second.disordered
    return replace(first, ranks=ranks_for(density, formed, first.mounted), disordered=disordered,
                   defensive=False, mix=())


def split(unit: Unit, formed_first: int, *, by_leader: bool, disordered_first: int = 0,
          names: tuple[str, str] | None = None) -> tuple[Unit, Unit]:
    """AOT-REFORM-MERGE-SPLIT: a split needs a leader's order, and both parts stay in his direct command.
    Each part stands at the highest density its warriors allow.

    >>> [u.ranks for u in split(Unit("a", (4, 4)), 5, by_leader=True)]
    [(5,), (3,)]
    """
    rid = "AOT-REFORM-MERGE-SPLIT"
    if not by_leader:
        raise RuleError(rid, msg("a unit splits only on a leader's order (both parts stay in his direct command)"))
    second_formed, second_dis = unit.formed - formed_first, unit.disordered - disordered_first
    if min(formed_first, second_formed) < 1 or min(disordered_first, second_dis) < 0:
        raise RuleError(rid, msg("each part needs at least one formed warrior (of {formed}) and the disordered "
                                 "({disordered}) must be shared out", formed=unit.formed,
                                 disordered=unit.disordered))
    n1, n2 = names or (f"{unit.name} (1)", f"{unit.name} (2)")

    def part(name: str, formed: int, dis: int) -> Unit:
        d = formed if unit.mounted else min(MAX_FOOT_DENSITY, formed)
        return replace(unit, name=name, ranks=ranks_for(d, formed, unit.mounted), disordered=dis, defensive=False,
                       mix=())

    return part(n1, formed_first, disordered_first), part(n2, second_formed, second_dis)
