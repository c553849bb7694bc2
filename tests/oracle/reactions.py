"""Oracle for the reactions to being shot at: AOT-REACT-COUNTERCHARGE and AOT-REACT-RETURN-FIRE,
written from the rules index and the engineering reading of book/readings.md for the end of an
exchange of fire."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .common import FACES, density, enumerate_law, image, prob, product, remove
from .shooting import hit_law, range_firers, shield_saves


def countercharge(distance: Fraction | int, density_: int, *, reach_on_equal: bool = True) -> dict[str, Any]:
    """AOT-REACT-COUNTERCHARGE: one d6 is both the move and a disorder test. The charge reaches iff the
    roll ≥ the gap; the test fails iff the roll < own density, and then that many warriors are
    disordered. ``reach_on_equal=False`` is the wrong strict reading, for a mutation check."""
    gap = Fraction(distance)

    def reaches(r: int) -> bool:
        return r >= gap if reach_on_equal else r > gap

    faces = enumerate_law(1, lambda roll: roll[0])
    return {"disordered": image(faces, lambda r: r if r < density_ else 0),
            "reaches": prob(faces, reaches),
            "reaches_unshaken": prob(faces, lambda r: reaches(r) and r >= density_)}


def _losses_law(firers: int, target_density: int, shield: bool) -> dict[int, Fraction]:
    """Warriors killed by ``firers`` bowmen (hit on < target density), after the target's shield die."""
    out: dict[int, Fraction] = {}
    for h, p in hit_law(firers, target_density).items():
        for s in FACES:
            k = h - (shield_saves(s, h, target_density, on_equal=False) if shield else 0)
            out[k] = out.get(k, Fraction(0)) + p / 6
    return out


def return_fire(distance: Fraction | int, shooter_density: int, target_density: int, *,
                shooter_shield: bool = False, target_shield: bool = False,
                compare_after_losses: bool = True) -> dict[str, Any]:
    """AOT-REACT-RETURN-FIRE between two bow units in two full ranks: both volleys land at once.

    Firers each way come from the range rule (the other unit's strength − the distance, rounded
    down), capped at the firing unit's own formed warriors (AOT-SHOOT-RANGE reading (2)). Each side
    takes its losses (its own shield die, if it has shields), then the result rule is applied both
    ways with the densities after all losses: a side that lost warriors retreats if the other side is
    denser (engineering reading in book/readings.md).
    """
    s_ranks = (shooter_density, shooter_density)
    t_ranks = (target_density, target_density)
    n_at_target = min(range_firers(sum(t_ranks), distance, target_density=target_density), sum(s_ranks))
    n_at_shooter = min(range_firers(sum(s_ranks), distance, target_density=shooter_density), sum(t_ranks))
    target_losses = _losses_law(n_at_target, target_density, target_shield)
    shooter_losses = _losses_law(n_at_shooter, shooter_density, shooter_shield)

    def result(st: tuple[int, int]) -> str:
        s_lost, t_lost = st
        ds = density(remove(s_ranks, s_lost)) if compare_after_losses else shooter_density
        dt = density(remove(t_ranks, t_lost)) if compare_after_losses else target_density
        if t_lost and ds > dt:
            return "target-retreats"
        if s_lost and dt > ds:
            return "shooter-retreats"
        return "both-stay"

    return {"result": image(product(shooter_losses, target_losses), result),
            "shooter_losses": shooter_losses,
            "target_losses": target_losses}
