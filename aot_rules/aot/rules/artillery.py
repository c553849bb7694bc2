"""Artillery and war machines (Артиллерия и метательные машины): light and heavy pieces, gunpowder or not.

A gun does not roll one die per firer.  A light piece rolls one die: at or below the target's density it
hits, and kills as many as it shows.  A heavy piece rolls two: their sum must beat the distance, and the
owner keeps the die that kills most as the effect die.  Gunpowder is terrifying, so every kill also
disorders one more warrior.  The result is the ordinary shooting result with the gun at density 2.

The source contradicts itself here (AOT-EX-BOMBARD): the rule says "at or below the density", but the
worked example says a 3 would have missed a density-3 target, which needs "below".  The index reads
"at or below"; ``strict=True`` is the example's reading.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cache
from typing import NamedTuple

from aot_rules.aot.events import Artillery, Compared, DPEarned, Losses, Retreat, Verdict
from aot_rules.aot.rules.demoralization import dp_earned
from aot_rules.aot.rules.shooting import ShotConditions, compared_density, retreats
from aot_rules.aot.units import GUN_CREW, GUN_DENSITY, Body, Unit
from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate, play
from aot_rules.core.events import DieEffect
from aot_rules.core.i18n import msg, vocabulary
from aot_rules.core.procedure import Proc, both, die


@vocabulary({'light': msg('light'), 'heavy': msg('heavy')})
class Piece(StrEnum):
    """AOT-ART-CLASSES: the two weights of machine."""

    LIGHT = "light"
    HEAVY = "heavy"


@dataclass(frozen=True)
class Gun:
    """One machine on its large base: light or heavy, and whether it is gunpowder (terrifying, 2 points)."""

    piece: Piece = Piece.LIGHT
    gunpowder: bool = False
    strict: bool = False  # the bombard example's reading: the effect die must be below the density

    @property
    def rule_id(self) -> str:
        return "AOT-ART-SHOOT-LIGHT" if self.piece is Piece.LIGHT else "AOT-ART-SHOOT-HEAVY"

    @property
    def cost(self) -> int:
        """Army points: a gunpowder piece costs 2 (AOT-ART-CLASSES)."""
        return 2 if self.gunpowder else 1

    def moves(self) -> bool:
        return self.piece is Piece.LIGHT


def gun_crew(gunpowder: bool = False, name: str = "gun") -> Unit:
    """The four civilians who serve a gun: density 2, no strikes, no evasion (AOT-ART-CREW)."""
    return Unit(name=name, ranks=(GUN_DENSITY, GUN_CREW - GUN_DENSITY), body=Body.ARTILLERY, terrifying=gunpowder)


def effect_hits(face: int, density: int, strict: bool) -> bool:
    """Does an effect die hit?  At or below the target's density (the rule), or below it (``strict``).

    >>> [effect_hits(3, d, False) for d in (2, 3, 4)], [effect_hits(3, d, True) for d in (2, 3, 4)]
    ([False, True, True], [False, False, True])
    """
    return face < density if strict else face <= density


class GunShot(NamedTuple):
    """One shot: whether it reached and hit, and what it cost the target."""

    reached: bool
    hit: bool
    killed: int
    disordered: int

    @property
    def lost(self) -> int:
        return self.killed + self.disordered


MISSED_SHORT = GunShot(False, False, 0, 0)


def check_target(target: Unit) -> None:
    if target.body is not Body.WARRIORS:
        raise RuleError("AOT-ART-SHOOT-LIGHT", msg("artillery is modelled against units of warriors, not {body}",
                                                   body=target.body.noun))
    if target.formed == 0:
        raise RuleError("AOT-PANIC", msg("a panicking unit has density 0 and cannot be hit; it flees instead"))


def effect(face: int | None, target: Unit, gun: Gun) -> GunShot:
    """What an effect die does: the kills it shows if it hits, and as many disordered for gunpowder."""
    if face is None or not effect_hits(face, target.density, gun.strict):
        return GunShot(True, False, 0, 0)
    killed = min(face, target.formed)
    disordered = min(killed, target.formed - killed) if gun.gunpowder else 0
    return GunShot(True, True, killed, disordered)


def best_effect_die(faces: tuple[int, ...], target: Unit, gun: Gun) -> int | None:
    """The owner's choice: the die that kills most (None if no die hits).

    >>> best_effect_die((3, 6), Unit(ranks=(4, 4)), Gun(Piece.HEAVY))
    3
    """
    hitting = [f for f in faces if effect_hits(f, target.density, gun.strict)]
    return max(hitting) if hitting else None


# --- range ------------------------------------------------------------------------------------------

def light_range(target: Unit) -> int:
    """AOT-ART-SHOOT-LIGHT: a light piece reaches as many inches as the target has formed warriors on its
    base (Reading: in range when the distance is no more than that)."""
    return target.formed


def check_distance(distance: Fraction | None, target: Unit, gun: Gun) -> None:
    if distance is None:
        if gun.piece is Piece.HEAVY:
            raise RuleError(gun.rule_id, msg("a heavy piece needs the distance: its two dice must beat it"),
                            params=("distance",))
        return
    if distance <= 0:
        raise RuleError(gun.rule_id, msg("a distance of {distance}″ means contact: a gun does not shoot in melee",
                                         distance=distance), params=("distance",))
    if gun.piece is Piece.LIGHT and distance > light_range(target):
        raise RuleError(gun.rule_id, msg("a light piece reaches {reach}″ against a target with {formed} formed "
                                         "warriors, not {distance}″", reach=light_range(target),
                                         formed=target.formed, distance=distance), params=("distance",))


# --- one shot, written once -----------------------------------------------------------------------------

def gun_retreats(target: Unit, shot: GunShot) -> bool:
    """AOT-SHOOT-RESULT with the gun at density 2: a target that lost anyone and is left below 2 retreats."""
    return retreats(target, shot.lost, GUN_DENSITY, ShotConditions())


@dataclass(frozen=True)
class GunReport:
    shot: GunShot
    faces: tuple[int, ...]
    effect_die: int | None
    target: Unit
    retreat: bool
    dp: int

    @property
    def after(self) -> Unit:
        """The target after its losses (worked out when asked: the exact law never needs it)."""
        return self.target.take_losses(self.shot.killed, self.shot.disordered)


def _report(faces: tuple[int, ...], target: Unit, gun: Gun, distance: Fraction | None) -> GunReport:
    """What the dice did: the reach, the owner's effect die, the losses and the result."""
    reached = distance is None or gun.piece is Piece.LIGHT or sum(faces) > distance
    chosen = faces[0] if gun.piece is Piece.LIGHT else best_effect_die(faces, target, gun) if reached else None
    shot = effect(chosen, target, gun) if reached else MISSED_SHORT
    retreat = gun_retreats(target, shot)
    return GunReport(shot, faces, chosen, target, retreat, dp_earned(target) if retreat else 0)


def gun_shot(target: Unit, gun: Gun, distance: Fraction | None = None, name: str = "gun") -> Proc[GunReport]:
    """One shot by ``gun`` at ``target`` from ``distance`` inches (heavy pieces need it) as a dice procedure: a light
    piece's one die, or a heavy piece's two that must beat the distance, logged as the shot, the losses, the
    comparison, the retreat and the DP it earns (``name``: the gun's name in the log)."""
    check_target(target)
    check_distance(distance, target, gun)
    why = msg("{gun} ({piece})", gun=name, piece=gun.piece)

    def judge(r: int) -> DieEffect:
        return DieEffect.HIT if effect_hits(r, target.density, gun.strict) else DieEffect.NONE

    dice: Proc[tuple[int, ...]] = (die(6, why, judge, read=lambda f: (f,)) if gun.piece is Piece.LIGHT
                                   else both(die(6, why, judge, read=int), die(6, why, judge, read=int)).map(tuple))
    return dice.map(lambda faces: _report(faces, target, gun, distance)).log(
        lambda r: Artillery(name, r.faces if gun.piece is Piece.HEAVY else (), r.effect_die, r.shot.reached,
                            r.shot.hit, r.shot.killed)).log(
        lambda r: Losses(target, r.shot.killed, r.shot.disordered, r.after)).log(
        lambda r: Compared(name, target.name, GUN_DENSITY, compared_density(target, r.shot.lost, ShotConditions()),
                           Verdict.FIRST if r.retreat else Verdict.CONTINUE, r.shot.lost) if r.shot.lost else None).log(
        lambda r: Retreat(target.name) if r.retreat else None).log(
        lambda r: DPEarned(name, r.dp) if r.retreat else None)


@cache
def gun_exact(target: Unit, gun: Gun, distance: Fraction | None = None) -> Dist[GunShot]:
    """Exact law of one shot (:func:`gun_shot`).

    >>> heavy = gun_exact(Unit(ranks=(4, 4)), Gun(Piece.HEAVY), Fraction(8))
    >>> heavy.prob(lambda s: s.hit), heavy.marginal("killed").mean()
    (Fraction(1, 6), Fraction(11, 18))
    """
    return evaluate(gun_shot(target, gun, distance).map(lambda r: r.shot))


def fire(target: Unit, gun: Gun, dice: DiceSource, distance: Fraction | None = None,
         name: str = "gun") -> GunReport:
    """Fire once with real dice (:func:`gun_shot`)."""
    return play(gun_shot(target, gun, distance, name), dice)


def light_move_exact() -> Dist[int]:
    """AOT-ART-CLASSES: a light piece moves one die of inches; a heavy one never moves."""
    return Dist.die(6)
