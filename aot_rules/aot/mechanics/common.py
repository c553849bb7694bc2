"""What several mechanics share: a target unit built from plain inputs, and a sample from a record."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, NamedTuple

from aot_rules.aot.units import MAX_MOUNTED_DENSITY, Body, Unit, unit_of
from aot_rules.core.errors import RuleError, blame
from aot_rules.core.i18n import msg, text
from aot_rules.core.params import param


@dataclass(frozen=True)
class FormedUnitInput:
    """A unit given by its density and formed warriors: a full front rank, the rest behind it."""

    density: int = param(3, msg("the unit's density"), lo=1, hi=5, label=msg("density"))
    formed: int = param(6, msg("formed warriors in the unit"), lo=1, hi=10, label=msg("formed"))

    def unit(self) -> Unit:
        return formed_unit(self.density, self.formed)


@dataclass(frozen=True)
class MoverInput:
    """A unit that moves and tests: its density, its formed warriors (default two full ranks, or one rank
    when mounted) and the regular property, whose re-roll every movement test allows."""

    density: int = param(3, msg("the unit's density"), lo=1, hi=5, label=msg("density"))
    formed: int | None = param(None, msg("formed warriors (default: two full ranks, or one rank for horse)"), lo=1,
                               hi=10,
                               grid=(None,), label=msg("formed"))
    regular: bool = param(False, msg("a regular unit (with its musician) rolls a failed test again and keeps the "
                          "better die; that die also sets the distance"), label=msg("regular (re-roll a failure)"))

    def mover(self, mounted: bool = False, *, shield: bool = False, armour: bool = False,
              horse_armour: bool = False) -> Unit:
        """The unit, refusing counts its ranks cannot hold (the refusal names ``density``/``formed``)."""
        formed = self.formed if self.formed is not None else self.density * (1 if mounted else 2)
        return _mover(self.density, formed, self.regular, mounted, shield, armour, horse_armour, text(msg("the unit")))


@lru_cache(maxsize=1024)
def _mover(density: int, formed: int, regular: bool, mounted: bool, shield: bool, armour: bool,
           horse_armour: bool, name: str) -> Unit:
    """:meth:`MoverInput.mover`'s unit, built once per set of inputs (a unit is immutable): the movement
    calculators' grids ask for the same few dozen units tens of thousands of times.  A refusal is not kept,
    so it is raised afresh each time.  ``name`` is what a refusal calls it, in the reader's language."""
    if mounted:
        with blame("density", "formed"):
            if formed != density:
                raise RuleError("AOT-DENSITY", msg("mounted troops stand in one rank: {formed} formed riders have "
                                                   "density {formed}, not {density}", formed=formed, density=density))
            if density > MAX_MOUNTED_DENSITY:
                raise RuleError("AOT-DENSITY-LIMITS", msg("a mounted unit has density at most {top}",
                                                          top=MAX_MOUNTED_DENSITY))
            return Unit(name=name, ranks=(formed,), mounted=True, regular=regular, shield=shield,
                        armour=armour, horse_armour=horse_armour)
    return replace(formed_unit(density, formed, name), regular=regular, shield=shield, armour=armour,
                   horse_armour=horse_armour)


def formed_unit(density: int, formed: int, name: str | None = None) -> Unit:
    """``unit_of`` for inputs named ``density`` and ``formed``: a refusal names them (and the unit, as ``name`` or
    "unit" in the reader's language)."""
    with blame("density", "formed"):
        return unit_of(density, formed, text(msg("unit")) if name is None else name)


def target_unit(density: int, ranks: tuple[int, ...] | None = None, *, shield_wall: bool = False,
                pavise: bool = False, veteran: bool = False, horse_armour: bool = False, mounted: bool = False,
                strength: int | None = None, body: Body = Body.WARRIORS) -> Unit:
    """The unit a shooting question is about, from its density and (optionally) ranks and strength.

    Refusals name the inputs they are about: ``target_density``, ``target_ranks``, ``target_strength``.
    An elephant or a chariot stands in one rank (warriors aboard, horses); a war wagon's crew has shields.
    """
    riders = horse_armour or mounted or body.chariot or body is Body.CAMELS
    if riders and density > MAX_MOUNTED_DENSITY:
        raise RuleError("AOT-DENSITY-LIMITS", msg("a mounted unit has density at most {top}", top=MAX_MOUNTED_DENSITY),
                        params=("target_density",))
    if riders and (shield_wall or pavise):
        said = {"shield_wall": shield_wall, "pavise": pavise, "horse_armour": horse_armour, "mounted_target": mounted}
        raise RuleError("AOT-SHOOT-SHIELDWALL", msg("shield wall and pavises are for infantry, not a mounted target"),
                        params=tuple(name for name, on in said.items() if on))
    if ranks is None:
        ranks = (density,) if riders or body is Body.ELEPHANT else (density, density)
    shown = ",".join(map(str, ranks))
    if max(ranks) != density:
        raise RuleError("AOT-DENSITY", msg("ranks {ranks} have longest rank {longest}, but the density is {density}",
                                           ranks=shown, longest=max(ranks), density=density),
                        params=("target_ranks", "target_density"))
    disordered = 0
    if strength is not None:
        if strength < sum(ranks):
            raise RuleError("AOT-SHOOT-RANGE", msg("a strength of {strength} is less than the {formed} formed warriors "
                                                   "in ranks {ranks}", strength=strength, formed=sum(ranks),
                                                   ranks=shown), params=("target_strength",))
        disordered = strength - sum(ranks)
    wagon = body is Body.WAR_WAGON
    with blame("target_ranks", *(("target_body",) if body is not Body.WARRIORS else ())):
        return Unit(name=text(msg("target")), ranks=tuple(ranks), disordered=disordered, mounted=riders,
                    shield=shield_wall or wagon, armour=wagon, stubborn=wagon, pavise=pavise, veteran=veteran,
                    horse_armour=horse_armour, body=body)


def reported(record: NamedTuple, events: Mapping[str, Callable[[Any], bool]]) -> dict[str, Any]:
    """One played outcome as a sample: the record's fields and the answer to each yes/no question."""
    return {**record._asdict(), **{name: pred(record) for name, pred in events.items()}}
