"""The rulebook's worked examples, replayed by the engine with the printed dice.

Each function returns plain data (units before and after, dice, steps) so the
book can draw it and the tests can assert it.  Where the source prints no dice
(the flank example), the dice are illustrative and labelled so.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from aot_rules.dice.dist import Dist
from aot_rules.dice.rolls import FixedDice
from aot_rules.rules.shooting import (
    ShotConditions,
    VolleyReport,
    firers_in_range,
    hit_probability,
    hit_rule_text,
    hits_on_face,
    resolve_volley,
    roll_hits,
)
from aot_rules.units import Missile, Unit


@dataclass(frozen=True)
class Example:
    """One worked example: what the engine did, step by step."""

    example_id: str
    title: str
    steps: tuple[str, ...]
    dice: tuple[tuple[str, int, str], ...]  # (purpose, face, "hit"/"save"/"")
    before: Unit | None = None
    after: Unit | None = None
    exact: tuple[tuple[str, Fraction], ...] = ()
    illustrative_dice: bool = False
    volleys: tuple[VolleyReport, ...] = field(default=())
    figures: tuple[tuple[str, Unit], ...] = ()  # extra units to draw, with captions
    #: losses to animate: (caption, unit before, killed, disordered)
    animations: tuple[tuple[str, Unit, int, int], ...] = ()


def _hit_dice(rolls: tuple[int, ...], target: Unit, cond: ShotConditions) -> tuple[tuple[str, int, str], ...]:
    le = cond.veteran or cond.wind
    return tuple(("hit", v, "hit" if hits_on_face(v, target.density, at_or_below=le,
                                                  horse_armour=target.horse_armour) else "") for v in rolls)


def hoplites() -> Unit:
    """Eight hoplites in closed order: two ranks of four, shields (the source's target)."""
    return Unit(name="hoplites", ranks=(4, 4), shield=True)


def slingers_example() -> Example:
    """AOT-EX-SLINGERS: range gives 4 firers; dice 2, 3, 5, 6 against density 4 give 2 hits."""
    target = hoplites()
    cond = ShotConditions(weapon=Missile.SLING)
    n = firers_in_range(target, Fraction(4))
    rolls, hits = roll_hits(n, target, cond, FixedDice([2, 3, 5, 6]))
    hit_on = hit_rule_text(target.density, cond, False)
    p = Dist.binomial(n, hit_probability(target.density, cond, False))[hits]
    return Example(
        "AOT-EX-SLINGERS", "Slingers against hoplites",
        (f"The hoplites number {target.strength} and stand 4″ away: {target.strength} − 4 = {n} slingers may shoot.",
         f"Each hits on a roll below the hoplites' density {target.density}, i.e. on {hit_on}.",
         f"The dice show {', '.join(map(str, rolls))}: {hits} hits."),
        _hit_dice(rolls, target, cond),
        before=target, exact=((f"P(exactly {hits} hits)", p),))


def shieldwall_example(save_roll: int = 1) -> Example:
    """AOT-EX-SHIELDWALL: the hoplites' shield roll of 1 saves one of the two hits (3 would save both)."""
    target = hoplites()
    rep = resolve_volley(4, target, ShotConditions(weapon=Missile.SLING),
                         FixedDice([2, 3, 5, 6, save_roll]))
    dice = _hit_dice(rep.hit_dice, target, ShotConditions(weapon=Missile.SLING))
    dice += (("shield wall", save_roll, "save" if rep.saved else ""),)
    return Example("AOT-EX-SHIELDWALL", "The hoplites raise their shields", rep.steps, dice,
                   before=target, after=rep.after, volleys=(rep,),
                   animations=(("the hoplites take their loss", target, rep.killed, rep.disordered),))


def flank_example() -> Example:
    """AOT-EX-FLANK-SHOOT: hits use the frontal density 4, the result the depth 2 (illustrative dice)."""
    target = hoplites()
    cond = ShotConditions(weapon=Missile.BOW, flank=True)
    rep = resolve_volley(4, target, cond, FixedDice([1, 3, 4, 6]), shooter_density=3)
    dice = _hit_dice(rep.hit_dice, target, cond)
    steps = ("Archers (density 3) stand wholly beyond the line of the hoplites' front: a flank shot.",
             "No shield roll: shields do not help against fire from the flank.", *rep.steps)
    return Example("AOT-EX-FLANK-SHOOT", "Shooting into the hoplites' flank", steps, dice, before=target,
                   after=rep.after, illustrative_dice=True, volleys=(rep,),
                   animations=(("the hoplites take their losses", target, rep.killed, rep.disordered),))


EXAMPLES = {
    "AOT-EX-SLINGERS": slingers_example,
    "AOT-EX-SHIELDWALL": shieldwall_example,
    "AOT-EX-FLANK-SHOOT": flank_example,
}


def gauls_example() -> Example:
    """AOT-EX-GAULS-JAVELINMEN: javelinmen against Gauls, then the Gauls spend their 2 DP on nearby cavalry."""
    from aot_rules.rules.demoralization import DPTarget, spend_disorder
    from aot_rules.rules.melee import Side, resolve_melee

    jav = Side.armed(Unit(name="javelinmen", ranks=(2, 2), shield=True), "shooter", javelins=True)
    gauls = Side.armed(Unit(name="Gauls", ranks=(3, 3), shield=True), "sword")
    rep = resolve_melee(jav, gauls, FixedDice([2, 5, 1, 1, 4, 5, 3]))
    cavalry = Unit(name="Greek cavalry", ranks=(3,), mounted=True)
    after_dp, left = spend_disorder(rep.dp, DPTarget(cavalry))
    dice = tuple(("javelinmen strike", f, "hit" if hit else "") for _, f, hit in rep.a_strikes.dice)
    dice += (("Gauls' shield wall", rep.a_strikes.shield_roll or 0, "save" if rep.a_strikes.saved else ""),)
    dice += tuple(("Gauls strike", f, "hit" if hit else "") for _, f, hit in rep.b_strikes.dice)
    dice += (("javelinmen's shield wall", rep.b_strikes.shield_roll or 0, "save" if rep.b_strikes.saved else ""),)
    steps = (*rep.steps,
             f"The Gauls spend their {rep.dp} DP on the nearest enemy, a unit of cavalry: "
             f"{after_dp.disordered} riders are disordered ({after_dp.describe()}); {left} DP left.")
    from aot_rules.rules.melee import MeleeRules, hit_vector

    rules = MeleeRules()
    exact = (("P(the javelinmen score exactly 1 hit)", hit_vector(jav, gauls, rules).prob(lambda h: sum(h) == 1)),
             ("P(the Gauls score exactly 2 hits)", hit_vector(gauls, jav, rules).prob(lambda h: sum(h) == 2)))
    figures = (("Gauls after the fight", rep.b_after), ("the cavalry after the Gauls' DP", after_dp))
    animations = (("the javelinmen's losses", jav.unit, rep.b_strikes.killed, rep.b_strikes.disordered),
                  ("the Gauls' DP disorder the cavalry", cavalry, 0, after_dp.disordered))
    return Example("AOT-EX-GAULS-JAVELINMEN", "Javelinmen against Gauls", steps, dice,
                   before=jav.unit, after=rep.a_after, exact=exact, figures=figures, animations=animations)


EXAMPLES["AOT-EX-GAULS-JAVELINMEN"] = gauls_example
