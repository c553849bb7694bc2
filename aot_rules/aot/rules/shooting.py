"""Shooting (Стрельба): range, hit roll, protections, weapon effects and the result.

A volley's dice are written once, as a dice procedure (:func:`volley`, built from :func:`hit_pool`,
:func:`shield_die` and the beasts' hit test): :func:`resolve_volley` plays it with a ``DiceSource`` exactly as
players do at the table and logs what happened (it replays worked examples and, with seeded dice, is the
sampler); :func:`volley_harm` and :func:`volley_losses` are its exact law (:mod:`aot_rules.core.evaluate`).
The per-die rules are the small predicates (``hits_on_face``, ``save_limit``), and the tests check the law
against an independent oracle.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TypeVar

from aot_rules.aot.equipment import Missile
from aot_rules.aot.events import Compared, DPEarned, Hits, Losses, Retreat, ShieldWall, Verdict
from aot_rules.aot.rules.demoralization import dp_earned
from aot_rules.aot.rules.protection import (
    HeldShield,
    faces_that_save,
    horse_armour_turns,
    shield_wall_saves,
)
from aot_rules.aot.rules.wounds import Fate, Loss, fell, wound_test
from aot_rules.aot.units import Body, Unit, density_after
from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate, play
from aot_rules.core.events import DieEffect, Event, Name, PieceId
from aot_rules.core.i18n import msg
from aot_rules.core.procedure import Proc, count, die, done

E = TypeVar("E", bound=Event)

SIXTH = Fraction(1, 6)
#: AOT-ELEPHANT-UNIT: for the range of shooting at it, an elephant counts as six warriors.
ELEPHANT_RANGE_STRENGTH = 6
#: The captions of a volley's dice.
HIT, SHIELD_WALL = msg("hit"), msg("shield wall")


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

    @property
    def hits_at_or_below(self) -> bool:
        """Veterans and downwind shooters both hit on a roll equal to the density."""
        return self.veteran or self.wind


# --- per-die rules: the single definition both faces use -------------------

def hits_on_face(face: int, target_density: int, *, at_or_below: bool, horse_armour: bool) -> bool:
    """AOT-SHOOT-HIT / AOT-SHOOT-HORSE-ARMOUR: does one die showing ``face`` wound?

    The roll must be below the target's density (at or below it for veterans
    and downwind shooters); horse armour turns away a hit rolled as 1.

    >>> [f for f in range(1, 7) if hits_on_face(f, 4, at_or_below=False, horse_armour=False)]
    [1, 2, 3]
    """
    ok = face <= target_density if at_or_below else face < target_density
    return ok and not (horse_armour and horse_armour_turns(face))


def hit_density(target: Unit, cond: ShotConditions) -> int:
    """The density a hit roll is made against: the frontal density, or from the flank the larger of the
    frontal density and the depth (AOT-SHOOT-FLANK: a 1+1 unit is hit against 2).

    >>> hit_density(Unit(ranks=(1, 1)), ShotConditions(flank=True)), hit_density(Unit(ranks=(1, 1)), ShotConditions())
    (2, 1)
    """
    return max(target.density, target.depth) if cond.flank else target.density


def hit_faces(target_density: int, cond: ShotConditions, horse_armour: bool) -> list[int]:
    return [f for f in range(1, 7)
            if hits_on_face(f, target_density, at_or_below=cond.hits_at_or_below, horse_armour=horse_armour)]


def hit_probability(target_density: int, cond: ShotConditions, horse_armour: bool) -> Fraction:
    return len(hit_faces(target_density, cond, horse_armour)) * SIXTH


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


def save_faces(target: Unit, cond: ShotConditions) -> tuple[int, ...]:
    """The faces of the target's shield die that save (none without a shield roll)."""
    lim = save_limit(target, cond)
    return () if lim is None else faces_that_save(lim[0], at_or_below=lim[1])


def shield_saved(roll: int, hits: int, limit: tuple[int, bool]) -> int:
    """How many of ``hits`` a shield roll turns away: as many as it shows, if it saves at all."""
    return min(roll, hits) if shield_wall_saves(roll, limit[0], at_or_below=limit[1]) else 0


# --- range ----------------------------------------------------------------

def firers_in_range(target: Unit, distance: Fraction, *, weapon: Missile = Missile.BOW,
                    cover: bool = False) -> int:
    """AOT-SHOOT-RANGE: how many warriors may shoot at ``target`` from ``distance`` inches.

    Firers = the target's strength (disordered included, riders counting double)
    minus the distance, rounded down; a target in cover counts its density
    instead.  Javelins and handguns reach 1″ only.  Returns 0 when nobody may shoot.

    >>> firers_in_range(Unit(ranks=(4, 4)), Fraction(4)), firers_in_range(Unit(ranks=(4, 4)), Fraction(5, 2))
    (4, 5)
    """
    if weapon.max_range is not None and distance > weapon.max_range:
        return 0
    count = target.density if cover else range_strength(target)
    return max(0, math.floor(count - distance))


def range_strength(target: Unit) -> int:
    """The count range is worked from: the strength, riders (and a chariot's horses) double, an elephant 6.

    >>> range_strength(Unit(ranks=(2,), mounted=True)), range_strength(Unit(ranks=(3,), body=Body.ELEPHANT))
    (4, 6)
    """
    if target.body is Body.ELEPHANT:
        return ELEPHANT_RANGE_STRENGTH
    return target.strength * (2 if target.mounted else 1)


def firers_for(target: Unit, cond: ShotConditions, firers: int | None, distance: Fraction | None,
               cover: bool, battle_line: bool = False) -> int:
    """Firers given directly, or derived from range (then capped by ``firers`` if given).

    ``battle_line``: the unit shoots as one of a battle line other than the general's own, and so
    with one warrior fewer (AOT-CMD-BATTLE-LINE, flat −1 per the index's reading).
    """
    if distance is not None and distance <= 0:
        raise RuleError("AOT-SHOOT-ARC-LOS", msg("at 0″ the units are in contact: they cannot shoot, they fight a "
                                                 "melee"))
    if distance is None:
        if firers is None:
            raise RuleError("AOT-SHOOT-RANGE", msg("say how many warriors shoot, or the distance to derive them from "
                                                   "range"))
        return firers
    if cond.weapon.max_range is not None and distance > cond.weapon.max_range:
        if cond.weapon is Missile.JAVELIN:
            raise RuleError(cond.weapon.rule_id, msg("javelins reach 1″ only, not {distance}″", distance=distance))
        raise RuleError(cond.weapon.rule_id, msg("handguns reach 1″ only, not {distance}″", distance=distance))
    n = firers_in_range(target, distance, weapon=cond.weapon, cover=cover) - (1 if battle_line else 0)
    if n <= 0:
        if cover:
            basis = msg("density {density}", density=target.density)
        elif target.mounted:
            basis = msg("strength {strength} (riders count double)", strength=range_strength(target))
        elif target.body is Body.ELEPHANT:
            basis = msg("strength {strength} (an elephant counts as 6)", strength=range_strength(target))
        else:
            basis = msg("strength {strength}", strength=range_strength(target))
        if battle_line:
            raise RuleError("AOT-SHOOT-RANGE", msg("target {basis} at {distance}″ leaves no firers after the battle "
                                                   "line's −1: out of range", basis=basis, distance=distance))
        raise RuleError("AOT-SHOOT-RANGE", msg("target {basis} at {distance}″ leaves no firers: out of range",
                                               basis=basis, distance=distance))
    return min(n, firers) if firers is not None else n


# --- the result of a volley -------------------------------------------------

def compared_density(target: Unit, losses: int, cond: ShotConditions) -> int:
    """The target density AOT-SHOOT-RESULT compares: frontal, or depth when shot in the flank."""
    return density_after(target.ranks, losses if cond.compare_after_losses else 0, flank=cond.flank)


def retreats(target: Unit, losses: int, shooter_density: int, cond: ShotConditions) -> bool:
    """AOT-SHOOT-RESULT: a target that lost anyone retreats if the shooter's density is higher."""
    return losses > 0 and shooter_density > compared_density(target, losses, cond)


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


# --- the dice, written once ------------------------------------------------------------

def hit_pool(firers: int, target: Unit, cond: ShotConditions, by: str = "firers", piece: PieceId = "") -> Proc[int]:
    """AOT-SHOOT-HIT: one die per firer, counted against the target's start density; the player logs the
    ``Hits`` (``piece``: the table's id for the shooter, which the event carries)."""
    hitting = tuple(hit_faces(hit_density(target, cond), cond, target.horse_armour))
    effect = {f: DieEffect.HIT if f in hitting else DieEffect.NONE for f in range(1, 7)}
    return count(firers, hitting, HIT, effect.__getitem__,
                 note=lambda faces: Hits(by, tuple((f, f in hitting) for f in faces), hitting, piece))


def shield_die(hits: int, target: Unit, cond: ShotConditions, held: HeldShield | None = None,
               piece: PieceId = "") -> Proc[int]:
    """AOT-SHOOT-SHIELDWALL: the hits the target's one shield die turns away (none without shields or hits).
    With ``held``, the die the unit already rolled in this slot meets these hits with what it has left, and no
    die is rolled (one test per slot, whose roll covers all the fire of the slot).  The player logs the
    ``ShieldWall`` (``piece``: the table's id for the target, opaque here)."""
    limit = save_limit(target, cond)
    if limit is None or hits == 0:
        return done(0)
    if held is not None:
        roll, budget = held
        saved = min(budget, hits)
        return done(saved).log(lambda _: ShieldWall(target.name, roll, save_faces(target, cond), saved, True,
                                                    budget - saved, piece))

    def saved_by(r: int) -> int:
        return shield_saved(r, hits, limit)

    return die(6, SHIELD_WALL, lambda r: DieEffect.SAVE if saved_by(r) else DieEffect.NONE, read=saved_by,
               note=lambda r: ShieldWall(target.name, r, save_faces(target, cond), saved_by(r), False,
                                         shield_saved(r, r, limit) - saved_by(r), piece))


def volley(firers: int, target: Unit, cond: ShotConditions, shooter_density: int | None = None, *,
           held_shield: HeldShield | None = None, now: Unit | None = None, piece: PieceId = "",
           shooter: PieceId = "", by: Name = "firers", side: Name = "shooters") -> Proc[Loss]:
    """One volley as a dice procedure: the hit dice, then the shield die (or a beast's hit test), the losses
    and, with ``shooter_density``, the result; its value is the ``Loss``.  The arguments are
    :func:`resolve_volley`'s."""
    hurt = target if now is None else now
    weapon, formed = cond.weapon, hurt.formed

    def harm(hits: int) -> Proc[Loss]:
        if target.body.wounded:
            return wound_test(hurt.body, hits, hurt.name).map(lambda fate: fell(hurt, fate))
        return shield_die(hits, target, cond, held_shield, piece).map(
            lambda saved: Loss(*apply_weapon(hits, saved, weapon, formed)))

    shot = hit_pool(firers, target, cond, by, piece=shooter).then(harm).log(
        lambda x: Losses(hurt, x.killed, x.disordered, hurt.take_losses(x.killed, x.disordered), piece))
    if shooter_density is None:
        return shot
    s = shooter_density
    return shot.log(lambda x: Compared(side, target.name, s, compared_density(target, x.lost, cond),
                                       Verdict.FIRST if retreats(target, x.lost, s, cond) else Verdict.CONTINUE,
                                       x.lost)).log(
        lambda x: Retreat(target.name) if retreats(target, x.lost, s, cond) else None).log(
        lambda x: DPEarned(side, dp_earned(target)) if retreats(target, x.lost, s, cond) else None)


# --- exact face: the procedure's law -------------------------------------------------------

@lru_cache(maxsize=65536)
def volley_harm(firers: int, target: Unit, cond: ShotConditions) -> Dist[Loss]:
    """Exact ``Loss`` of one volley: warriors, or for an elephant or a chariot the hit test on the hits.

    >>> elephant = Unit(ranks=(3,), body=Body.ELEPHANT)
    >>> volley_harm(2, elephant, ShotConditions()).prob(lambda x: x.fate is Fate.DEAD)
    Fraction(1, 9)
    """
    return evaluate(volley(firers, target, cond))


@lru_cache(maxsize=65536)
def volley_losses(firers: int, target: Unit, cond: ShotConditions) -> Dist[tuple[int, int]]:
    """Exact joint distribution of (killed, disordered) from one volley.

    >>> volley_losses(4, Unit(ranks=(4, 4)), ShotConditions())[(2, 0)]
    Fraction(3, 8)
    """
    return volley_harm(firers, target, cond).map(lambda x: (x.killed, x.disordered))


# --- played face ----------------------------------------------------------------

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
    fate: Fate = Fate.NONE
    held_shield: bool = False  # the shield face was the unit's roll of the slot, no new die
    hitting: tuple[int, ...] = ()  # the faces that hit (``hit_on`` as data: a record keeps these, not the words)
    shield: HeldShield | None = None  # the shield die as it stands after the volley (None: no die met the hits)


def roll_hits(firers: int, target: Unit, cond: ShotConditions, dice: DiceSource, by: str = "firers") -> int:
    """AOT-SHOOT-HIT as played: one die per firer, counted against the target's start density."""
    return play(hit_pool(firers, target, cond, by), dice)


def _logged(dice: DiceSource, start: int, kind: type[E]) -> E | None:
    """The event of ``kind`` a procedure logged since ``start`` (None if it logged none)."""
    return next((e for e in dice.log[start:] if isinstance(e, kind)), None)


def resolve_volley(firers: int, target: Unit, cond: ShotConditions, dice: DiceSource,
                   shooter_density: int | None = None, *, held_shield: HeldShield | None = None,
                   now: Unit | None = None, piece: PieceId = "", shooter: PieceId = "", by: Name = "firers",
                   side: Name = "shooters") -> VolleyReport:
    """Shoot once, rolling real dice, and log what happened at each step.

    On the table two things can outlast one volley (AOT-SHOOT-SIMULTANEOUS, AOT-SHOOT-SHIELDWALL): ``target``
    is the unit as the slot's shooters see it (its start-of-slot strength and density set the hit number and
    the shield's saving faces), ``now`` the unit as it stands after earlier volleys of the slot (the losses
    land on it, never more than it has formed); ``held_shield`` is the shield die it already rolled this slot;
    ``piece`` the target's id on the table, carried by the events that name it, so that the table finds the slot's
    shield die and losses by piece, never by a name two units may share; ``shooter`` the shooter's, for its hits.
    ``by`` and ``side`` name the shooters to a reader, as their dice and their result (a worked example names its
    own units; the defaults stand for anyone).
    """
    if target.panicking:
        raise RuleError("AOT-PANIC", msg("a panicking unit has density 0 and cannot be hit; it flees instead"))
    if firers < 1:
        raise RuleError("AOT-SHOOT-RANGE", msg("nobody is in range to shoot"))
    start = len(dice.log)
    loss = play(volley(firers, target, cond, shooter_density, held_shield=held_shield, now=now, piece=piece,
                       shooter=shooter, by=by, side=side), dice)
    rolled = _logged(dice, start, Hits)
    wall = _logged(dice, start, ShieldWall)
    assert rolled is not None  # a volley always rolls its hit dice
    hurt = target if now is None else now
    retreat, compared, dp = None, None, 0
    if shooter_density is not None:
        compared = compared_density(target, loss.lost, cond)
        retreat = retreats(target, loss.lost, shooter_density, cond)
        dp = dp_earned(target) if retreat else 0
    hitting = rolled.hit_on or ()
    return VolleyReport(firers, tuple(f for f, _ in rolled.faces), ", ".join(map(str, hitting)) or "nothing",
                        rolled.count, None if wall is None else wall.roll, 0 if wall is None else wall.saved,
                        loss.killed, loss.disordered, target, hurt.take_losses(loss.killed, loss.disordered),
                        shooter_density, compared, retreat, dp, loss.fate, wall is not None and wall.held, hitting,
                        None if wall is None else HeldShield(wall.roll, wall.left))

