"""Worked examples of the movement area, replayed by the engine (see ``aot_rules.core.example``).

The source's one numeric movement example is the swamp (SP-EX-SWAMP); its other examples
(one blind or two, terrain that hides, a Formation deploying into line) have no numbers and are
told in prose on the book's pages.
"""

from __future__ import annotations

from collections.abc import Callable

from aot_rules.core.dice import FixedDice
from aot_rules.core.example import Example
from aot_rules.core.i18n import label, msg
from aot_rules.sp.rules.movement import SWAMP, move_law, play_move


def swamp_example() -> Example:
    """SP-EX-SWAMP: 2 Action Dice in a swamp (2″ off a die) roll 6 and 1: 4″ + 0″ = 4″."""
    bonuses = (0, 0)
    faces = (6, 1)
    dice = FixedDice(faces)
    moved = play_move(bonuses, dice, SWAMP.cut, who=msg("the French Group"))
    law = move_law(bonuses, SWAMP.cut)
    return Example("SP-EX-SWAMP", msg("French infantry wading through a swamp"),
                   (msg("A Group of French infantry is in a swamp and declares {dice} Action Dice of movement.",
                        dice=len(bonuses)),
                    msg("A swamp is {kind} ground: every movement die loses {cut}″, and no die goes below 0.",
                        kind=label(SWAMP), cut=SWAMP.cut)),
                   tuple(dice.log),
                   exact=((msg("P(exactly {moved}″ on {dice} dice in a swamp)", moved=moved, dice=len(bonuses)),
                           law[moved]),
                          (msg("P(at least {moved}″)", moved=moved), law.p_ge(moved)),
                          (msg("P(the Group does not move at all)"), law[0])),
                   notes=(msg("On open ground the same dice would have carried the Group {distance}″.",
                              distance=sum(faces)),))


EXAMPLES: dict[str, Callable[[], Example]] = {"SP-EX-SWAMP": swamp_example}
