"""Spotting (source §6): who may look, the 2d6 roll against a lost table, its modifiers, and the
blinds that are revealed without a roll.

The spotting table's numbers were lost with its images: only "Auto" for a target in the open
within 27″ survives.  The number to reach is therefore an input the user sets
(:func:`spot_law`'s ``needed``).  Readings: success is reaching the number (≥); the difficulty
modifiers add to or take from that number; an extra observation die counts once (+1 to the
roll), although the modifier list names it again; the 9″ boundary belongs to the near band.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction

from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate
from aot_rules.core.events import Said
from aot_rules.core.i18n import Message, msg, vocabulary
from aot_rules.core.procedure import Proc, both, die, done


@vocabulary({
    "open": msg('in the open'), "light": msg('lightly concealed'),
    'concealed': msg('concealed'), "heavy": msg('heavily concealed')
}, formerly={
    "in the open": "open", "lightly concealed": "light", "heavily concealed": "heavy"
})
class Cover(StrEnum):
    """Where the target is: the rows of the spotting table."""

    OPEN = "open"
    LIGHT = "light"
    CONCEALED = "concealed"
    HEAVY = "heavy"


@vocabulary({"near": msg('0–9″'), "middle": msg('9–27″'), "far": msg('27″+')}, formerly={
    "0–9″": "near", "9–27″": "middle", "27″+": "far"
})
class Band(StrEnum):
    """The spotting table's distance columns (Reading: 9″ is near, 27″ is middle)."""

    NEAR = "near"
    MIDDLE = "middle"
    FAR = "far"


def band(distance: Fraction) -> Band:
    """The distance band of the spotting table.

    >>> band(Fraction(9)), band(Fraction(91, 10)), band(Fraction(27)), band(Fraction(28))
    (<Band.NEAR: 'near'>, <Band.MIDDLE: 'middle'>, <Band.MIDDLE: 'middle'>, <Band.FAR: 'far'>)
    """
    if distance < 0:
        raise RuleError("SP-SPOT-ROLL", msg("a distance cannot be negative ({distance})", distance=distance))
    return Band.NEAR if distance <= 9 else Band.MIDDLE if distance <= 27 else Band.FAR


def table_says_auto(cover: Cover, where: Band) -> bool:
    """The two surviving cells: a target in the open within 27″ is spotted without a roll; every
    other cell is lost, so it needs a roll against a number the user sets."""
    return cover is Cover.OPEN and where is not Band.FAR


#: Modifiers that make spotting harder: each adds 1 to the number needed (SP-SPOT-MODIFIERS).
HARDER: tuple[Message, ...] = (msg("the observer is under fire"), msg("the target is standing still"),
                               msg("the target is in smoke"), msg("the target is made up of natives"))
#: Modifiers that make it easier: each takes 1 from the number needed.  The target's movement dice
#: count one each; the extra observation die is listed in the source too, but it already adds +1 to
#: the roll (Reading: counted once).
EASIER: tuple[Message, ...] = (msg("the observer is higher than the target"),
                               msg("each movement die the target used this turn"), msg("the observer is a Hero"),
                               msg("the target is mounted"), msg("the observer is a native"),
                               msg("the target is a Formation"))


def required(needed: int, harder: int, easier: int, extra: int = 0, *, extra_twice: bool = False) -> int:
    """The number the roll must reach once the difficulty modifiers are applied."""
    if min(harder, easier, extra) < 0:
        raise RuleError("SP-SPOT-MODIFIERS", msg("modifier counts cannot be negative"))
    return needed + harder - easier - (extra if extra_twice else 0)


#: The caption of a spotting die.
SPOTTING_DIE = msg("spotting die")


def spot_roll(needed: int, extra: int = 0, harder: int = 0, easier: int = 0, *,
              extra_twice: bool = False) -> Proc[int]:
    """SP-SPOT-ROLL as a dice procedure: the number moved by the modifiers (told first when it moves), then 2d6 plus
    one per extra Action Die or Initiative point spent, told against that number; the value is the roll."""
    target = required(needed, harder, easier, extra, extra_twice=extra_twice)

    def moved(_: None) -> Said | None:
        if harder or easier or (extra and extra_twice):
            return Said(msg("the table's {needed} becomes {target} after the modifiers.", needed=needed,
                            target=target))
        return None

    def said(faces: tuple[int, int]) -> Said:
        first, second = faces
        roll = first + second + extra
        ok = roll >= target
        values = {"first": first, "second": second, "extra": extra, "roll": roll, "target": target}
        if extra and ok:
            return Said(msg("{first} + {second} + {extra} for extra dice = {roll}, reaching {target}: spotted.",
                            **values))
        if extra:
            return Said(msg("{first} + {second} + {extra} for extra dice = {roll}, short of {target}: not spotted.",
                            **values))
        if ok:
            return Said(msg("{first} + {second} = {roll}, reaching {target}: spotted.", **values))
        return Said(msg("{first} + {second} = {roll}, short of {target}: not spotted.", **values))

    two: Proc[tuple[int, int]] = both(die(6, SPOTTING_DIE), die(6, SPOTTING_DIE))
    return done(None).log(moved).then(lambda _: two.log(said).map(lambda fs: fs[0] + fs[1] + extra))


def spot_law(needed: int, extra: int = 0, harder: int = 0, easier: int = 0, *,
             extra_twice: bool = False) -> Dist[int]:
    """The law of the spotting roll (:func:`spot_roll`): 2d6 plus one per extra Action Die or Initiative point spent.

    >>> spot_law(7).p_ge(7)
    Fraction(7, 12)
    """
    return evaluate(spot_roll(needed, extra, harder, easier, extra_twice=extra_twice))


@vocabulary({
    "hidden": msg('stays hidden'), "at-once": msg('figures placed at once'),
    "on-tea-break": msg('figures placed on the Tea Break card')
}, formerly={
    "stays hidden": "hidden", "figures placed at once": "at-once",
    "figures placed on the Tea Break card": "on-tea-break"
})
class Reveal(StrEnum):
    """What happens to a blind close to the enemy without any roll (SP-SPOT-AUTO)."""

    HIDDEN = "hidden"
    AT_ONCE = "at-once"
    ON_TEA_BREAK = "on-tea-break"


def auto_reveal(in_cover: bool, distance: Fraction) -> Reveal:
    """A blind in the open within 9″ of the enemy is revealed at once; one in cover may come to 6″
    (Reading: at 6″ or closer it is revealed, its figures placed on the Tea Break card)."""
    if distance < 0:
        raise RuleError("SP-SPOT-AUTO", msg("a distance cannot be negative ({distance})", distance=distance))
    if not in_cover:
        return Reveal.AT_ONCE if distance <= 9 else Reveal.HIDDEN
    return Reveal.ON_TEA_BREAK if distance <= 6 else Reveal.HIDDEN
