"""Worked examples of the magic area, replayed by the engine (see ``aot_rules.core.example``).

The Batalist source prints no example of a spell, so the one here uses illustrative dice
(the page says so): a Mage's activation roll, then a Fireball with the AP it gave.  It
exercises the casting roll, the Cast order's checks and the Fireball together, as at the table.
"""

from __future__ import annotations

from collections.abc import Callable

from aot_rules.bat.rules.magic import (
    CastRoll,
    Spell,
    cast_roll_exact,
    check_cast,
    fireball_exact,
    play_cast_roll,
    play_fireball,
)
from aot_rules.bat.rules.profile import Profile, Skill, fail_chance
from aot_rules.core.dice import FixedDice
from aot_rules.core.events import Said
from aot_rules.core.example import Example
from aot_rules.core.format import fraction_str
from aot_rules.core.i18n import msg, text

#: The example's two bases: a Quality-3 Mage, and a Quality-2 rabble of three figures (their names are shown
#: through the catalogue, in the reader's language, when the example is built).
MAGE = Profile("Hill Mage", 3, 6, 1, 0, 0, 1, frozenset({Skill.MAGE}))
TARGET = Profile("Goblin rabble", 2, 6, 2, 0, 0, 1)
TARGET_FIGURES = 3
#: Illustrative dice: the Mage's three activation dice, then the target's two Fireball dice.
DICE = (1, 3, 5, 4, 2)
AP_SPENT = 2


def fireball_example() -> Example:
    """BAT-EX-FIREBALL (illustrative): a Q3 Mage rolls 1, 3, 5 (2 AP, no miscast) and spends both on a
    Fireball at a Q2 base of three figures, which rolls 4 and 2 and loses one figure."""
    dice = FixedDice(DICE)
    mage, target = text(msg("Hill Mage")), text(msg("Goblin rabble"))  # made-up names, said in the reader's language
    dice.emit(Said(msg("the {mage} (Quality {quality}) carries a Cast order, laid face up in the orders phase; it is "
                       "not touching any enemy base.", mage=mage, quality=MAGE.quality)))
    roll = play_cast_roll(MAGE.quality, dice)
    ap = CastRoll(roll)
    rolled = (CastRoll.AP0, CastRoll.AP1, CastRoll.AP2, CastRoll.AP3).index(ap)
    spent = check_cast(MAGE, Spell.FIREBALL, AP_SPENT, ap_rolled=rolled)
    dice.emit(Said(msg("the player names Fireball, the {target} as its target, and puts {ap} AP into it.",
                       target=target, ap=spent)))
    play_fireball(spent, TARGET.quality, TARGET_FIGURES, dice)
    if not dice.exhausted():
        raise AssertionError("the example's dice were not all used")
    three = fireball_exact(3, TARGET.quality, TARGET_FIGURES).marginal("lost").mean()
    return Example(
        "BAT-EX-FIREBALL", msg("A Mage's turn: activation, then a Fireball"),
        intro=(msg("The source prints no spell examples; these dice are made up to show the steps."),),
        log=tuple(dice.log),
        exact=((msg("P(the Mage dies on its activation roll)"), cast_roll_exact(MAGE.quality)[CastRoll.MISCAST]),
               (msg("P(a {ap}-AP Fireball costs a Quality-{quality} base at least one figure)", ap=AP_SPENT,
                    quality=TARGET.quality),
                fireball_exact(AP_SPENT, TARGET.quality, TARGET_FIGURES).prob(lambda r: r.lost > 0))),
        notes=(msg("With all {ap} AP the same target would lose {mean} figures on average (one per die, each above "
                   "Quality {quality} with chance {chance}).", ap=3, mean=fraction_str(three),
                   quality=TARGET.quality, chance=fraction_str(fail_chance(TARGET.quality))),),
        illustrative_dice=True,
        legend=msg("red: an activation die that gives the Mage an AP, or a Fireball die that burns a figure; "
                   "orange: an activation die that gives none; plain: a Fireball die the target survives"))


EXAMPLES: dict[str, Callable[[], Example]] = {"BAT-EX-FIREBALL": fireball_example}
