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
from aot_rules.core.i18n import msg


def casualty_example() -> Example:
    """AOB-EX-CASUALTY: the casualty die shows 3; 3 / 3 = 1, so one man is lost."""
    dice = FixedDice([3])
    dice.emit(Said(msg("A's clash has succeeded, so A rolls the game die (a d20 by the index's reading) for "
                       "B's losses.")))
    face, men = roll_casualties(dice, GameDie.D20, "B")
    assert (face, men) == (3, 1)
    law = casualties_law(GameDie.D20)
    return Example(
        "AOB-EX-CASUALTY", "Clash casualties: a roll of 3",
        intro=("A regiment has won its clash roll; the sheet's example picks up at the casualty die.",),
        log=tuple(dice.log),
        exact=(("P(a d20 casualty roll costs the enemy exactly 1 man)", law[men]),
               ("P(it costs 4 men or more)", law.p_ge(4))),
        notes=(f"The same rule on other faces: a roll of 4 costs {casualties_of(4)} men, a roll of 20 costs "
               f"{casualties_of(20)}; on a d20 the mean loss is {fraction_str(law.mean())} men.",))


EXAMPLES: dict[str, Callable[[], Example]] = {"AOB-EX-CASUALTY": casualty_example}
