"""Age of Battles (corrections): the source's worked examples, replayed by the engine with the printed dice.

The sheet prints one numeric example (AOB-EX-CASUALTY): a successful clash, then a casualty roll of
3, which costs the enemy one man.  The engine rolls that 3 through the same played face the widget
samples, so the example checks the rule and not a copy of it.
"""

from __future__ import annotations

from collections.abc import Callable

from aot_rules.aob.rules.clash import casualties_law, casualties_of, roll_casualties
from aot_rules.aob.rules.die import GameDie
from aot_rules.core.dice import FixedDice
from aot_rules.core.events import Said
from aot_rules.core.example import Example
from aot_rules.core.format import fraction_str
from aot_rules.core.i18n import msg, nmsg


def casualty_example() -> Example:
    """AOB-EX-CASUALTY: the casualty die shows 3; 3 / 3 = 1, so one man is lost."""
    dice = FixedDice([3])
    dice.emit(Said(msg("A's clash has succeeded, so A rolls the game die (a d20 by the index's reading) for "
                       "B's losses.")))
    face, men = roll_casualties(dice, GameDie.D20, "B")
    assert (face, men) == (3, 1)
    law = casualties_law(GameDie.D20)
    return Example(
        "AOB-EX-CASUALTY", msg("Clash casualties: a roll of {face}", face=face),
        intro=(msg("A regiment has won its clash roll; the sheet's example picks up at the casualty die."),),
        log=tuple(dice.log),
        exact=((nmsg("P(a d20 casualty roll costs the enemy exactly {n} man)",
                     "P(a d20 casualty roll costs the enemy exactly {n} men)", n=men), law[men]),
               (nmsg("P(it costs {n} man or more)", "P(it costs {n} men or more)", n=4), law.p_ge(4))),
        notes=(msg("The same rule on other faces: a roll of 4 costs {four}, a roll of 20 costs {twenty}; on a d20 "
                   "the mean loss is {mean} men.", four=nmsg("{n} man", "{n} men", n=casualties_of(4)),
                   twenty=nmsg("{n} man", "{n} men", n=casualties_of(20)), mean=fraction_str(law.mean())),))


EXAMPLES: dict[str, Callable[[], Example]] = {"AOB-EX-CASUALTY": casualty_example}
