"""The rulebook's worked examples, replayed by the engine with the printed dice.

Each example plays the rules with scripted dice and keeps the dice source's
event log; the book tells the steps, draws the dice strip and animates the
losses from that log.  Only the framing of the situation (who stands where) is
written here.  Where the source prints no dice (the flank example), the dice
are illustrative and labelled so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from aot_rules.aot.equipment import MeleeWeapon, Missile
from aot_rules.aot.rules.demoralization import spend_disorder
from aot_rules.aot.rules.melee import MeleeRules, Side, hit_vector, resolve_melee
from aot_rules.aot.rules.shooting import ShotConditions, firers_in_range, hit_probability, resolve_volley, roll_hits
from aot_rules.aot.units import Unit
from aot_rules.core.dice import FixedDice
from aot_rules.core.dist import Dist
from aot_rules.core.events import Event


@dataclass(frozen=True)
class Example:
    """One worked example: the situation, and the log of what the engine did."""

    example_id: str
    title: str
    intro: tuple[str, ...]
    log: tuple[Event, ...]
    before: Unit | None = None
    after: Unit | None = None
    exact: tuple[tuple[str, Fraction], ...] = ()
    illustrative_dice: bool = False
    figures: tuple[tuple[str, Unit], ...] = ()  # extra units to draw, with captions


def hoplites() -> Unit:
    """Eight hoplites in closed order: two ranks of four, shields (the source's target)."""
    return Unit(name="hoplites", ranks=(4, 4), shield=True)


def slingers_example() -> Example:
    """AOT-EX-SLINGERS: range gives 4 firers; dice 2, 3, 5, 6 against density 4 give 2 hits."""
    target = hoplites()
    cond = ShotConditions(weapon=Missile.SLING)
    n = firers_in_range(target, Fraction(4))
    dice = FixedDice([2, 3, 5, 6])
    hits = roll_hits(n, target, cond, dice, by="slingers")
    p = Dist.binomial(n, hit_probability(target.density, cond, False))[hits]
    return Example("AOT-EX-SLINGERS", "Slingers against hoplites",
                   (f"The hoplites number {target.strength} and stand 4″ away: {target.strength} − 4 = {n} slingers "
                    "may shoot, each hitting on a roll below the hoplites' density.",),
                   tuple(dice.log), before=target, exact=((f"P(exactly {hits} hits)", p),))


def shieldwall_example(save_roll: int = 1) -> Example:
    """AOT-EX-SHIELDWALL: the hoplites' shield roll of 1 saves one of the two hits (3 would save both)."""
    target = hoplites()
    dice = FixedDice([2, 3, 5, 6, save_roll])
    rep = resolve_volley(4, target, ShotConditions(weapon=Missile.SLING), dice)
    return Example("AOT-EX-SHIELDWALL", "The hoplites raise their shields", (), tuple(dice.log), before=target,
                   after=rep.after)


def flank_example() -> Example:
    """AOT-EX-FLANK-SHOOT: hits use the frontal density 4, the result the depth 2 (illustrative dice)."""
    target = hoplites()
    dice = FixedDice([1, 3, 4, 6])
    rep = resolve_volley(4, target, ShotConditions(weapon=Missile.BOW, flank=True), dice, shooter_density=3)
    return Example("AOT-EX-FLANK-SHOOT", "Shooting into the hoplites' flank",
                   ("Archers (density 3) stand wholly beyond the line of the hoplites' front: a flank shot.",
                    "No shield roll: shields do not help against fire from the flank."),
                   tuple(dice.log), before=target, after=rep.after, illustrative_dice=True)


def gauls_example() -> Example:
    """AOT-EX-GAULS-JAVELINMEN: javelinmen against Gauls, then the Gauls spend their 2 DP on nearby cavalry."""
    jav = Side(Unit(name="javelinmen", ranks=(2, 2), shield=True, weapon=MeleeWeapon.SHOOTER, missile=Missile.JAVELIN))
    gauls = Side(Unit(name="Gauls", ranks=(3, 3), shield=True, weapon=MeleeWeapon.SWORD))
    dice = FixedDice([2, 5, 1, 1, 4, 5, 3])
    rep = resolve_melee(jav, gauls, dice)
    cavalry = Unit(name="Greek cavalry", ranks=(3,), mounted=True)
    after_dp, _ = spend_disorder(rep.dp, cavalry, dice)
    rules = MeleeRules()
    exact = (("P(the javelinmen score exactly 1 hit)", hit_vector(jav, gauls, rules).prob(lambda h: sum(h) == 1)),
             ("P(the Gauls score exactly 2 hits)", hit_vector(gauls, jav, rules).prob(lambda h: sum(h) == 2)))
    return Example("AOT-EX-GAULS-JAVELINMEN", "Javelinmen against Gauls",
                   ("The Gauls will spend whatever DP they win on the nearest enemy, a unit of Greek cavalry.",),
                   tuple(dice.log), before=jav.unit, after=rep.a_after, exact=exact,
                   figures=(("Gauls after the fight", rep.b_after), ("the cavalry after the Gauls' DP", after_dp)))


EXAMPLES: dict[str, Callable[[], Example]] = {
    "AOT-EX-SLINGERS": slingers_example,
    "AOT-EX-SHIELDWALL": shieldwall_example,
    "AOT-EX-FLANK-SHOOT": flank_example,
    "AOT-EX-GAULS-JAVELINMEN": gauls_example,
}
