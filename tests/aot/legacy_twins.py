"""The hand-written exact twins of the mechanics moved onto dice procedures (issue #36), as they stood before the move.

Kept only while ``test_derived_laws.py`` checks the derived laws equal to them; the next commit deletes both.
"""

from __future__ import annotations

from aot_rules.aot.mechanics.shooting import (
    FACT_LABELS,
    SHIELD_LABELS,
    HitInput,
    Shielded,
    ShieldInput,
    SimultaneousInput,
    _capped,
)
from aot_rules.aot.rules.disorder import disorder_test_legacy
from aot_rules.aot.rules.protection import faces_that_save
from aot_rules.aot.rules.shooting import hit_faces, hit_probability, save_limit, saves_and_losses, shield_saved
from aot_rules.core.dist import Dist
from aot_rules.core.i18n import msg
from aot_rules.core.outcome import Outcome, faces


def hit_exact(p: HitInput) -> Outcome:
    target, cond = p.situation()
    prob = hit_probability(target.density, cond, target.horse_armour)
    return Outcome.of(Dist.binomial(p.firers, prob), "hits", labels={"hits": msg("hits"), **FACT_LABELS},
                      info={"hit_on": faces(hit_faces(target.density, cond, target.horse_armour), msg("nothing")),
                            "p_hit_per_die": prob})


def _shielded(p: ShieldInput, target, cond, roll):  # type: ignore[no-untyped-def]
    lim = save_limit(target, cond)
    assert lim is not None
    saved = 0 if roll is None else shield_saved(roll, p.hits, lim)
    return Shielded(p.hits - saved, saved, saved if p.javelins else 0)


def shield_exact(p: ShieldInput) -> Outcome:
    target, cond = p.situation()
    joint = Dist.die(6).map(lambda r: _shielded(p, target, cond, r)) if p.hits else Dist.point(
        _shielded(p, target, cond, None))
    lim = save_limit(target, cond)
    assert lim is not None
    return Outcome.of(joint, "killed", dists=("killed", "saved", "disordered"), labels=SHIELD_LABELS,
                      info={"save_on": faces(faces_that_save(lim[0], at_or_below=lim[1]), msg("none"))})


def sim_exact(p: SimultaneousInput) -> Outcome:
    target, ca, cb = p.situation()
    ha = Dist.binomial(p.firers_a, hit_probability(target.density, ca, False))
    hb = Dist.binomial(p.firers_b, hit_probability(target.density, cb, False))
    if p.one_roll:
        killed = saves_and_losses(ha + hb, target, ca).map(lambda kd: kd[0])
    else:
        killed = (saves_and_losses(ha, target, ca).map(lambda kd: kd[0])
                  + saves_and_losses(hb, target, cb).map(lambda kd: kd[0])).map(lambda k: _capped(k, target))
    return Outcome.of(killed, "killed", labels={"killed": msg("killed")})


def dt_exact(p) -> Outcome:  # type: ignore[no-untyped-def]
    u = p.unit()
    return Outcome.of(disorder_test_legacy(u.density, u.formed, u.regular), "disordered",
                      events={"fails": lambda k: k > 0},
                      labels={"disordered": msg("warriors disordered"), "fails": msg("the test fails")})
