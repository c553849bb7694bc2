"""Running and trotting (Движение бегом и рысью): the once-a-turn extra move whose die is also a test.

One die (foot, or armoured horses) or two dice (unarmoured horses) give the
distance; for some units one of those dice is also a disorder test.  The exact
functions return the joint law of (distance, warriors disordered), because a
single die decides both: a unit that runs far with a shield on a low die has
lost warriors too.  A regular unit (AOT-PROP-REGULAR) rolls a failed test die
again, and per the index's Reading the die it keeps sets the distance as well.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from aot_rules.aot.events import Moved, Tested
from aot_rules.aot.rules.disorder import (
    Test,
    deciding_dice,
    disorder_loss,
    disorder_procedure,
)
from aot_rules.aot.units import MAX_MOUNTED_DENSITY, Unit
from aot_rules.aot.vocabulary import DieMove
from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate, play
from aot_rules.core.events import DieEffect, PieceId
from aot_rules.core.i18n import msg
from aot_rules.core.procedure import Proc, both, die


class ExtraMove(NamedTuple):
    """How far the unit may go (it may stop short) and the warriors its test disordered."""

    distance: int
    disordered: int

    def __str__(self) -> str:
        return f"{self.distance}″, {self.disordered} lost"


def die_move_procedure(density: int, formed: int, regular: bool, why: DieMove, name: str = "",
                       piece: PieceId = "") -> Proc[ExtraMove]:
    """One die that is both the distance and the disorder test (a run with a shield or armour, a trot on armoured
    horses, an evasion) as a dice procedure; a regular unit's kept die sets both (AOT-PROP-REGULAR, reading 3).
    Logged as the unit's ``Tested`` and ``Moved`` (``name``, ``piece``: the unit's name and the table's id)."""
    return disorder_procedure(density, formed, regular, msg("{move} (distance and disorder test)", move=why)).log(
        lambda t: Tested(name, t.roll, density, t.lost, t.rolled if len(t.rolled) > 1 else (), piece)).log(
        lambda t: Moved(name, why, (t.roll,), t.roll)).map(lambda t: ExtraMove(t.roll, t.lost))


def run_tests(shield: bool, armour: bool) -> bool:
    """AOT-RUN, Reading: the run die is a test for foot with a shield (or pavise) or armour, not both."""
    return shield != armour


def check_run(mounted: bool, shield: bool, armour: bool) -> None:
    if mounted:
        raise RuleError("AOT-RUN", msg("running is for foot; a mounted unit trots (AOT-TROT)"), params=("mounted",))
    if shield and armour:
        raise RuleError("AOT-RUN", msg("foot with both shields (or pavises) and armour may not run"),
                        params=("shield", "armour"))


def run(density: int, formed: int, shield: bool = False, armour: bool = False, regular: bool = False,
        name: str = "", piece: PieceId = "") -> Proc[ExtraMove]:
    """AOT-RUN as a dice procedure: one die of inches, which is also the test of foot with a shield or armour
    (``name``, ``piece``: what the logged events call the unit)."""
    check_run(False, shield, armour)
    if run_tests(shield, armour):
        return die_move_procedure(density, formed, regular, DieMove.RUN, name, piece)
    return die(6, msg("run"), read=lambda r: ExtraMove(r, 0)).log(
        lambda m: Moved(name, DieMove.RUN, (m.distance,), m.distance))


@cache
def run_exact(density: int, formed: int, shield: bool = False, armour: bool = False,
              regular: bool = False) -> Dist[ExtraMove]:
    """Exact joint law of a run.

    >>> law = run_exact(3, 6, shield=True)
    >>> law[ExtraMove(1, 1)], law[ExtraMove(4, 0)]
    (Fraction(1, 6), Fraction(1, 6))
    """
    return evaluate(run(density, formed, shield, armour, regular))


def run_unit(unit: Unit, piece: PieceId = "") -> Proc[tuple[Unit, ExtraMove]]:
    """The run of ``unit`` as a dice procedure: the unit after its test, and the move (``piece``: the table's id)."""
    shield = unit.shield or unit.pavise
    check_run(unit.mounted, shield, unit.armour)
    tests = run_tests(shield, unit.armour)
    return run(unit.density, unit.formed, shield, unit.armour, unit.regular, unit.name, piece).map(
        lambda m: (unit.take_losses(0, m.disordered) if tests else unit, m))


def play_run(unit: Unit, dice: DiceSource, piece: PieceId = "") -> tuple[Unit, ExtraMove]:
    """Roll a run for ``unit``: return the unit after its test and the move (``piece``: the table's id)."""
    return play(run_unit(unit, piece), dice)


# --- trot -----------------------------------------------------------------------------------------

def trot_dice(horse_armour: bool) -> int:
    """AOT-TROT: armoured horses roll one die of distance, unarmoured horses two."""
    return 1 if horse_armour else 2


def check_trot(mounted: bool, density: int) -> None:
    if not mounted:
        raise RuleError("AOT-TROT", msg("trotting is for mounted units; foot run (AOT-RUN)"), params=("mounted",))
    if density > MAX_MOUNTED_DENSITY:
        raise RuleError("AOT-DENSITY-LIMITS", msg("a mounted unit has density at most {top}", top=MAX_MOUNTED_DENSITY),
                        params=("density",))


def test_die(a: int, b: int, density: int) -> tuple[int, int]:
    """(the owner's test die, the other die): the die that loses fewest warriors, and of two that lose the
    same the lower, which leaves the higher for the distance when only the other die moves the unit.

    >>> test_die(2, 5, 4), test_die(5, 6, 4), test_die(3, 1, 4)
    ((5, 2), (5, 6), (1, 3))
    """
    test = min((a, b), key=lambda x: (disorder_loss(x, density, 6), x))
    return test, (b if test == a else a)


def trot(density: int, formed: int, armour: bool = False, horse_armour: bool = False, regular: bool = False,
         test_die_moves: bool = True, name: str = "", piece: PieceId = "") -> Proc[ExtraMove]:
    """AOT-TROT as a dice procedure.  ``test_die_moves``: the index's Reading, the distance is the sum of both
    dice whichever one tests; off, the other reading: the test die does not move the unit.  ``name``, ``piece``:
    what the logged events call the unit."""
    check_trot(True, density)
    if horse_armour:
        return die_move_procedure(density, formed, regular, DieMove.TROT, name, piece)
    if not armour:
        return both(die(6, msg("trot")), die(6, msg("trot"))).log(
            lambda ab: Moved(name, DieMove.TROT, ab, sum(ab))).map(lambda ab: ExtraMove(sum(ab), 0))

    def judge(r: int) -> DieEffect:
        return DieEffect.FAIL if r < density else DieEffect.NONE

    def tested(ab: tuple[int, int]) -> Proc[tuple[Test, tuple[int, ...]]]:
        first, other = test_die(*ab, density)

        def kept(k: tuple[int, tuple[int, ...]]) -> tuple[Test, tuple[int, ...]]:
            return (Test(k[0], k[1], disorder_loss(k[0], density, formed)),
                    (other, k[0]) if test_die_moves else (other,))

        return deciding_dice(density, regular, msg("trot"), first=first).map(kept)

    return both(die(6, msg("trot"), judge), die(6, msg("trot"), judge)).then(tested).log(
        lambda tf: Tested(name, tf[0].roll, density, tf[0].lost, tf[0].rolled if len(tf[0].rolled) > 1 else (),
                          piece)).log(
        lambda tf: Moved(name, DieMove.TROT, tf[1], sum(tf[1]))).map(lambda tf: ExtraMove(sum(tf[1]), tf[0].lost))


@cache
def trot_exact(density: int, formed: int, armour: bool = False, horse_armour: bool = False,
               regular: bool = False, test_die_moves: bool = True) -> Dist[ExtraMove]:
    """Exact joint law of a trot (see :func:`trot`).

    >>> trot_exact(3, 3, armour=True).prob(lambda m: m.disordered > 0)
    Fraction(1, 9)
    """
    return evaluate(trot(density, formed, armour, horse_armour, regular, test_die_moves))


def play_trot(unit: Unit, dice: DiceSource, test_die_moves: bool = True, piece: PieceId = ""
              ) -> tuple[Unit, ExtraMove]:
    """Roll a trot for ``unit``: return the unit after its test and the move (``piece``: the table's id)."""
    return play(trot_unit(unit, test_die_moves, piece), dice)


def trot_unit(unit: Unit, test_die_moves: bool = True, piece: PieceId = "") -> Proc[tuple[Unit, ExtraMove]]:
    """The trot of ``unit`` as a dice procedure: the unit after its test, and the move (``piece``: the table's
    id)."""
    check_trot(unit.mounted, unit.density)
    tests = unit.armour or unit.horse_armour
    return trot(unit.density, unit.formed, unit.armour, unit.horse_armour, unit.regular, test_die_moves,
                unit.name, piece).map(lambda m: (unit.take_losses(0, m.disordered) if tests else unit, m))
