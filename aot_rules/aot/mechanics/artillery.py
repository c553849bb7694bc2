"""Registered artillery: a light and a heavy piece firing at a unit, with the "≤ or <" toggle."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from aot_rules.aot.mechanics.common import reported, target_unit
from aot_rules.aot.rules.artillery import Gun, Piece, gun_shot
from aot_rules.aot.units import Unit
from aot_rules.core.dist import Dist
from aot_rules.core.errors import blame
from aot_rules.core.i18n import msg
from aot_rules.core.outcome import Outcome
from aot_rules.core.params import Ranks, param
from aot_rules.core.procedure import Proc
from aot_rules.core.registry import Mechanic, Registry, derived


@dataclass(frozen=True)
class LightInput:
    density: int = param(4, msg("the target's density"), lo=1, hi=5, label=msg("target density"))
    target_ranks: Ranks | None = param(None, msg("the target's formed warriors per rank (default: two full ranks)"),
                                       grid=(None,), label=msg("target ranks"))
    gunpowder: bool = param(False, msg("a gunpowder piece: terrifying, each kill disorders one more"),
                            label=msg("gunpowder"))
    strict: bool = param(False, msg("the bombard example's reading: the effect die must be below the density (<), "
                         "not at or below it (≤)"), reading="AOT-ART-SHOOT-HEAVY", label=msg("strict: hit on < "
                                                                                             "(example)"))
    distance: Fraction | None = param(None, msg("distance in inches (a light piece reaches as far as the target has "
                                      "formed warriors)"), lo=Fraction(1, 10), hi=10, grid=(None,),
                                      label=msg("distance"))

    @property
    def piece(self) -> Piece:
        return Piece.LIGHT

    def situation(self) -> tuple[Unit, Gun]:
        target = target_unit(self.density, self.target_ranks)
        return target, Gun(self.piece, self.gunpowder, self.strict)


@dataclass(frozen=True)
class HeavyInput(LightInput):
    distance: Fraction = param(Fraction(8), msg("distance in inches: the two dice must add up to more"), lo=Fraction(1,
                                                                                                                     10),
                               hi=12, grid=tuple(Fraction(n) for n in range(2, 12)), label=msg("distance"))

    @property
    def piece(self) -> Piece:
        return Piece.HEAVY


class Shot(NamedTuple):
    killed: int
    disordered: int
    reached: bool
    hit: bool
    retreat: bool
    dp: int


SHOT_LABELS = {"killed": msg("warriors killed"), "disordered": msg("warriors disordered (gunpowder terrifies)"),
               "dp": msg("DP gained"), "hits": msg("the shot hits"), "reaches": msg("the shot reaches"),
               "retreats": msg("the target retreats (below the gun's density 2)"), "hits_on": msg("hits on"),
               "target_ranks": msg("target ranks")}
SHOT_EVENTS = {"reaches": lambda s: s.reached, "hits": lambda s: s.hit, "retreats": lambda s: s.retreat}


def gun_procedure(p: LightInput) -> Proc[Shot]:
    target, gun = p.situation()
    with blame("distance"):
        return gun_shot(target, gun, p.distance).map(
            lambda r: Shot(r.shot.killed, r.shot.disordered, r.shot.reached, r.shot.hit, r.retreat, r.dp))


def _events(p: LightInput) -> dict[str, Callable[[Shot], bool]]:
    return SHOT_EVENTS if p.piece is Piece.HEAVY else {k: v for k, v in SHOT_EVENTS.items() if k != "reaches"}


def gun_report(p: LightInput, law: Dist[Shot]) -> Outcome:
    target, gun = p.situation()
    return Outcome.of(law, "killed", dists=("killed", "disordered", "dp"), events=_events(p), labels=SHOT_LABELS,
                      info={"hits_on": ("<" if gun.strict else "≤") + f" {target.density}",
                            "target_ranks": target.ranks})


GUN_FACES = derived(gun_procedure, gun_report, lambda p, rec: reported(rec, _events(p)))


def register(reg: Registry) -> None:
    reg.add(Mechanic(
        rule_id="AOT-ART-SHOOT-LIGHT", key="light-gun", title=msg("A light machine or light gun fires"),
        summary=msg("One die: at or below the target's density it hits and kills that many."),
        record_type=LightInput, **GUN_FACES,
        rules=("AOT-ART-SHOOT-LIGHT", "AOT-ART-CLASSES", "AOT-SHOOT-RESULT", "AOT-TERRIFYING"),
        show=("killed", "disordered")))
    reg.add(Mechanic(
        rule_id="AOT-ART-SHOOT-HEAVY", key="heavy-gun", title=msg("A heavy machine or heavy gun fires"),
        summary=msg("Two dice must beat the distance; the owner keeps the die that kills most as the effect die."),
        record_type=HeavyInput, **GUN_FACES,
        rules=("AOT-ART-SHOOT-HEAVY", "AOT-ART-CLASSES", "AOT-SHOOT-RESULT", "AOT-TERRIFYING"),
        show=("killed", "disordered")))
