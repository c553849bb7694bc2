"""The turn (Порядок хода) as data: what happens, in which order, and which rules govern each step.

The book's turn page is rendered from :data:`TURN_SEQUENCE`, so the page and the
engine cannot disagree about the order of play.  A turn opens with the initiative
roll and the melees left over from the last turn; then every slot that came up is
played through the same five steps, the higher roller's slots first
(AOT-TURN-SEQUENCE).  :func:`walk` unrolls one turn for a given initiative roll.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from aot_rules.aot.rules.command import activated_slots
from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import Message, msg, vocabulary


@vocabulary({'turn': msg('once a turn'), 'slot': msg('in every slot played')})
class Stage(StrEnum):
    """How often a step comes round."""

    TURN = "turn"
    SLOT = "slot"


@dataclass(frozen=True)
class Step:
    """One step of the turn: its mark in the sequence, a title, one line saying what happens, and the
    rules it links to (the first is the rule that places the step).  ``reading`` names the rule whose
    Reading put the step where it is, when the source does not."""

    mark: str
    title: Message
    summary: Message
    rules: tuple[str, ...]
    stage: Stage = Stage.TURN
    reading: str = ""


TURN_SEQUENCE: tuple[Step, ...] = (
    Step("1", msg("Initiative"),
         msg("Each player rolls a die; the higher roll plays first. A tie is a double: both players may rewrite "
             "their slots and roll again, and a double on two turns running brings weather."),
         ("AOT-CMD-INITIATIVE", "AOT-CMD-DOUBLES", "AOT-WEATHER")),
    Step("2", msg("Melee of units already locked together"),
         msg("Units still in contact from last turn fight before anything moves."),
         ("AOT-MELEE-ENGAGE", "AOT-MELEE-RESULT")),
    Step("3a", msg("Move and shoot"),
         msg("The slot's owner activates his units; each makes its action (move, shoot or reform) and its run or "
             "trot, one unit finished before the next begins."),
         ("AOT-CMD-SLOT-ORDER", "AOT-UNIT-ACTIONS", "AOT-CMD-DIRECT", "AOT-CMD-SIGNAL", "AOT-CMD-BATTLE-LINE",
          "AOT-CMD-MESSENGER", "AOT-CMD-COLONEL", "AOT-CMD-INDIVIDUAL-SLOT"), Stage.SLOT),
    Step("3b", msg("Reactions"),
         msg("The other player answers the moves and volleys: return fire, a countercharge, or an evasion."),
         ("AOT-REACT-RETURN-FIRE", "AOT-REACT-COUNTERCHARGE", "AOT-EVADE-PROCEDURE"), Stage.SLOT),
    Step("3b–c", msg("Junior officers"),
         msg("Units with a junior officer may now charge, shoot or change formation, before any blow is struck."),
         ("AOT-PROP-INITIATIVE",), Stage.SLOT, reading="AOT-TURN-SEQUENCE"),
    Step("3c", msg("Melee"),
         msg("Every unit in contact fights every enemy it touches, all at once."),
         ("AOT-MELEE-ENGAGE", "AOT-MELEE-STRIKES", "AOT-MELEE-RESULT"), Stage.SLOT),
    Step("3d", msg("Retreats"),
         msg("Units beaten by fire or in melee fall back, and panicking units flee, unless they have already "
             "retreated this turn."),
         ("AOT-SHOOT-RESULT", "AOT-MELEE-RETREAT", "AOT-PANIC"), Stage.SLOT),
    Step("3e", msg("Demoralization"),
         msg("Whoever won a fight or a firefight spends the points it earned on enemy units, nearest first."),
         ("AOT-DEMO-EARN", "AOT-DEMO-TARGETING", "AOT-DEMO-DISORDER", "AOT-DEMO-RETREAT",
          "AOT-DEMO-FORCED-ATTACK"), Stage.SLOT),
    Step("4", msg("Whose slots, in which order"),
         msg("The higher roller plays his slots from his own number down, stopping above the other's number; "
             "then the other player plays his slots from his number down to 1."),
         ("AOT-CMD-INITIATIVE", "AOT-CMD-SLOT-ORDER")),
)

SLOT_STEPS: tuple[Step, ...] = tuple(s for s in TURN_SEQUENCE if s.stage is Stage.SLOT)


def step(mark: str) -> Step:
    """The step with ``mark``.

    >>> str(step("3d").title)
    'Retreats'
    """
    for s in TURN_SEQUENCE:
        if s.mark == mark:
            return s
    raise RuleError("AOT-TURN-SEQUENCE", msg("the turn has no step {mark}", mark=repr(mark)))


@dataclass(frozen=True)
class Moment:
    """One step as it comes round in a particular turn: for a slot step, whose slot and which."""

    step: Step
    player: str = ""
    slot: int = 0


def walk(first: int, second: int, names: tuple[str, str] = ("A", "B")) -> tuple[Moment, ...]:
    """Every step of one turn, in order, for initiative rolls ``first`` (player ``names[0]``) and
    ``second``; a tie is refused, since the dice are rolled again (AOT-CMD-DOUBLES).

    >>> [(m.step.mark, m.player, m.slot) for m in walk(2, 4) if m.step.mark in ("1", "2", "3a")]
    [('1', '', 0), ('2', '', 0), ('3a', 'B', 4), ('3a', 'B', 3), ('3a', 'A', 2), ('3a', 'A', 1)]

    Between them the two players always play as many slots as the higher die shows:

    >>> [len({(m.player, m.slot) for m in walk(hi, lo) if m.slot}) for hi, lo in ((6, 1), (6, 5), (2, 1))]
    [6, 6, 2]
    """
    order = sorted(((names[0], first, second), (names[1], second, first)), key=lambda p: -p[1])
    slots = [(who, s) for who, own, other in order for s in activated_slots(own, other)]
    once = [s for s in TURN_SEQUENCE if s.stage is Stage.TURN and s.mark != "4"]
    return (*(Moment(s) for s in once), *(Moment(s, who, n) for who, n in slots for s in SLOT_STEPS))
