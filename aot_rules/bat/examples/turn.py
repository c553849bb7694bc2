"""Worked examples of the turn area, replayed by the engine (see ``aot_rules.core.example``).

The Batalist source prints no dice examples; its one numeric illustration is the step
(BAT-EX-STEP), which the engine decides from the measurement rules without dice.
"""

from __future__ import annotations

from collections.abc import Callable

from aot_rules.bat.rules.table import BASE_FRONTAGE, STEP_CM, steps_to_cm
from aot_rules.core.dice import FixedDice
from aot_rules.core.events import Said
from aot_rules.core.example import Example
from aot_rules.core.format import fraction_str
from aot_rules.core.i18n import msg


def step_example() -> Example:
    """BAT-EX-STEP: with the suggested 2 cm step, a base's 3-step frontage is 6 cm."""
    log = FixedDice([])
    frontage = steps_to_cm(BASE_FRONTAGE)
    log.emit(Said(msg("the source suggests a step of {step} cm.", step=STEP_CM)))
    log.emit(Said(msg("a base is {steps} steps wide at the front.", steps=BASE_FRONTAGE)))
    log.emit(Said(msg("so its frontage is {steps} × {step} cm = {frontage} cm.", steps=BASE_FRONTAGE, step=STEP_CM,
                      frontage=frontage)))
    return Example(
        "BAT-EX-STEP", msg("How long is a step?"),
        intro=(msg("Batalist measures every distance in steps, sized to suit the figures."),),
        log=tuple(log.log),
        notes=(msg("With larger figures a bigger step scales the whole game: at {step} cm a step, the same base is "
                   "{width} cm wide.", step=3, width=fraction_str(steps_to_cm(BASE_FRONTAGE, 3))),))


EXAMPLES: dict[str, Callable[[], Example]] = {"BAT-EX-STEP": step_example}
