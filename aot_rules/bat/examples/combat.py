"""Worked examples of the combat area, replayed by the engine (see ``aot_rules.core.example``).

The Batalist source prints no numeric example of combat or morale, so these two are the
book's own, with illustrative dice: they show the order of the rolls and how one exchange of
blows leads into a morale test.
"""

from __future__ import annotations

from collections.abc import Callable

from aot_rules.bat.rules.combat import Facing, Strike, clash_morale_exact, melee_mods, play_melee
from aot_rules.bat.rules.morale import Band, morale_exact, play_morale
from aot_rules.core.dice import FixedDice
from aot_rules.core.events import Said
from aot_rules.core.example import Example
from aot_rules.core.i18n import msg

#: The two bases of the clash example: (Quality, Melee, Defence).
SWORDS = (3, 3, 3)
SPEARS = (3, 2, 2)
#: The clash's first die: the swordsmen's, which strikes and guards at once.
FIRST_DIE = 5


def clash() -> Example:
    """BAT-EX-CLASH: swordsmen strike spearmen in the flank; the blow is double, and the spearmen test morale."""
    mods = melee_mods(facing=Facing.FLANK)
    am, ad = SWORDS[1] + mods.a_melee, SWORDS[2] + mods.a_defence
    bm, bd = SPEARS[1] + mods.b_melee, SPEARS[2] + mods.b_defence
    dice = FixedDice([FIRST_DIE, 2, 4, 2, 6])
    dice.emit(Said(msg("The flank attack costs the spearmen 1 Defence: they guard with {now} instead of {was}.",
                       now=bd, was=SPEARS[2])))
    result = play_melee(am, ad, bm, bd, dice)
    assert result.defender is Strike.DOUBLE
    play_morale(SPEARS[0], dice, who=msg("the spearmen"))
    law = clash_morale_exact(SWORDS[0], am, ad, SPEARS[0], bm, bd)
    return Example(
        "BAT-EX-CLASH", msg("Swordsmen strike spearmen in the flank"),
        intro=(msg("Swordsmen (Quality {aq}, Melee {am}, Defence {ad}) carry out an Attack order against spearmen "
                   "(Quality {bq}, Melee {bm}, Defence {bd}) whose flank they touch.", aq=SWORDS[0], am=SWORDS[1],
                   ad=SWORDS[2], bq=SPEARS[0], bm=SPEARS[1], bd=SPEARS[2]),),
        log=tuple(dice.log),
        exact=((msg("P(the spearmen lose a figure)"), law.prob(lambda r: r.clash.defender is not Strike.NONE)),
               (msg("P(the spearmen must test morale)"), law.prob(lambda r: r.clash.defender is Strike.DOUBLE)),
               (msg("P(the spearmen fall back or flee after this exchange)"),
                law.prob(lambda r: r.defender_band is not Band.HOLDS))),
        notes=(msg("One die per player serves both his blow and his guard, so the swordsmen's {face} also kept the "
                   "spearmen's counter-blow out.", face=FIRST_DIE),),
        illustrative_dice=True, legend=msg("green: a morale die at or under the Quality · orange: a failure"))


def standard() -> Example:
    """BAT-EX-STANDARD: a Quality 2 base tests morale beside its Standard Bearer, who saves one failed die."""
    dice = FixedDice([5, 1, 6, 2])
    play_morale(2, dice, reroll=True, who=msg("the militia"))
    with_bearer = morale_exact(2, reroll=True)
    without = morale_exact(2)
    return Example(
        "BAT-EX-STANDARD", msg("Militia beside a Standard Bearer"),
        intro=(msg("A militia base of Quality {quality} must test morale; a friendly Standard Bearer stands {steps} "
                   "steps away.", quality=2, steps=4),),
        log=tuple(dice.log),
        exact=((msg("P(the militia flee), with the Standard Bearer"),
                with_bearer.prob(lambda m: m.band is Band.FLEES)),
               (msg("P(the militia flee), without him"), without.prob(lambda m: m.band is Band.FLEES))),
        illustrative_dice=True, legend=msg("green: a die at or under the Quality · orange: a failure"))


EXAMPLES: dict[str, Callable[[], Example]] = {"BAT-EX-CLASH": clash, "BAT-EX-STANDARD": standard}
