"""Worked examples of the combat area, replayed by the engine (see ``aot_rules.core.example``)."""

from __future__ import annotations

from collections.abc import Callable

from aot_rules.core.dice import FixedDice
from aot_rules.core.events import Said
from aot_rules.core.example import Example
from aot_rules.core.i18n import msg
from aot_rules.sp.rules.shooting import (
    RECOVERED,
    Aimed,
    SkirmishBand,
    SkirmishWeapon,
    hit_chance,
    play_sharpshooter,
    sharpshooter_band,
    sharpshooter_exact,
)


def sharpshooter() -> Example:
    """SP-EX-SHARPSHOOTER: the rifleman's 24–36″ number (5+) serves the sharpshooter at 36–48″.

    The source prints no die; a 5 is shown so the strip has something to replay.
    """
    dice = FixedDice([5])
    column = sharpshooter_band(SkirmishBand.B36)
    need = RECOVERED[(SkirmishWeapon.RIFLE, column)]
    dice.emit(Said(msg("an ordinary rifleman in skirmish order needs {need}+ at {column}", need=need, column=column)))
    dice.emit(Said(msg("the sharpshooter's target stands {band} away; he reads the {column} column instead, and "
                       "ignores the cover", band=SkirmishBand.B36, column=column)))
    play_sharpshooter(need, dice)
    law = sharpshooter_exact(need)
    return Example("SP-EX-SHARPSHOOTER", msg("A sharpshooter at {band}", band=SkirmishBand.B36),
                   intro=(msg("A Hero spends a point of Initiative to have the rifle Group's sharpshooter take an "
                              "aimed shot at an enemy Hero {distance}″ away, behind a wall.", distance=40),),
                   log=tuple(dice.log),
                   exact=((msg("P(the aimed shot hits)"), law[Aimed.HIT]),
                          (msg("P(an ordinary rifleman hits at {column})", column=column), hit_chance(need)),
                          (msg("P(a 1: his special powder is spent)"), law[Aimed.SPENT])),
                   notes=(msg("The same chance as an ordinary rifleman one band nearer, and the wall does not "
                              "matter."),),
                   illustrative_dice=True, legend=msg("red: the die reaches the number needed"))


EXAMPLES: dict[str, Callable[[], Example]] = {"SP-EX-SHARPSHOOTER": sharpshooter}
