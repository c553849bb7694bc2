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
from aot_rules.aot.rules.disorder import deciding_die, disorder_loss, kept_after, roll_test_dice
from aot_rules.aot.units import MAX_MOUNTED_DENSITY, Unit
from aot_rules.aot.vocabulary import DieMove
from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.events import DieEffect, PieceId
from aot_rules.core.i18n import msg


class ExtraMove(NamedTuple):
    """How far the unit may go (it may stop short) and the warriors its test disordered."""

    distance: int
    disordered: int

    def __str__(self) -> str:
        return f"{self.distance}″, {self.disordered} lost"


@cache
def die_move(density: int, formed: int, regular: bool = False) -> Dist[ExtraMove]:
    """One die that is both the distance and the disorder test: a run with a shield or armour, a trot on
    armoured horses, an evasion.  A regular unit's kept die sets both (AOT-PROP-REGULAR, reading 3)."""
    return deciding_die(density, regular).map(lambda r: ExtraMove(r, disorder_loss(r, density, formed)))


def play_die_move(unit: Unit, dice: DiceSource, why: DieMove, piece: PieceId = "") -> tuple[Unit, ExtraMove]:
    """Roll the die of a :func:`die_move` for ``unit``: the unit after its test, and the move (``piece``: the
    table's id for the unit, which the test's event carries)."""
    roll, rolled = roll_test_dice(unit, dice, msg("{move} (distance and disorder test)", move=why))
    lost = disorder_loss(roll, unit.density, unit.formed)
    dice.emit(Tested(unit.name, roll, unit.density, lost, rolled if len(rolled) > 1 else (), piece))
    dice.emit(Moved(unit.name, why, (roll,), roll))
    return unit.take_losses(0, lost), ExtraMove(roll, lost)


def run_tests(shield: bool, armour: bool) -> bool:
    """AOT-RUN, Reading: the run die is a test for foot with a shield (or pavise) or armour, not both."""
    return shield != armour


def check_run(mounted: bool, shield: bool, armour: bool) -> None:
    if mounted:
        raise RuleError("AOT-RUN", msg("running is for foot; a mounted unit trots (AOT-TROT)"), params=("mounted",))
    if shield and armour:
        raise RuleError("AOT-RUN", msg("foot with both shields (or pavises) and armour may not run"),
                        params=("shield", "armour"))


@cache
def run_exact(density: int, formed: int, shield: bool = False, armour: bool = False,
              regular: bool = False) -> Dist[ExtraMove]:
    """Exact joint law of a run.

    >>> law = run_exact(3, 6, shield=True)
    >>> law[ExtraMove(1, 1)], law[ExtraMove(4, 0)]
    (Fraction(1, 6), Fraction(1, 6))
    """
    check_run(False, shield, armour)
    if not run_tests(shield, armour):
        return Dist.die(6).map(lambda r: ExtraMove(r, 0))
    return die_move(density, formed, regular)


def play_run(unit: Unit, dice: DiceSource, piece: PieceId = "") -> tuple[Unit, ExtraMove]:
    """Roll a run for ``unit``: return the unit after its test and the move (``piece``: the table's id)."""
    shield = unit.shield or unit.pavise
    check_run(unit.mounted, shield, unit.armour)
    if run_tests(shield, unit.armour):
        return play_die_move(unit, dice, DieMove.RUN, piece)
    roll = dice.d6(msg("run"))
    dice.emit(Moved(unit.name, DieMove.RUN, (roll,), roll))
    return unit, ExtraMove(roll, 0)


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


def _pair(a: int, b: int, density: int, formed: int, regular: bool, test_die_moves: bool) -> Dist[ExtraMove]:
    """Two trot dice under armoured riders: the owner tests on the die that loses fewest; a regular unit
    re-rolls that die if it failed, and the kept die counts toward the distance in its place."""
    test, other = test_die(a, b, density)

    def move(t: int) -> ExtraMove:
        return ExtraMove(other + (t if test_die_moves else 0), disorder_loss(t, density, formed))

    return kept_after(test, density, regular).map(move)


@cache
def trot_exact(density: int, formed: int, armour: bool = False, horse_armour: bool = False,
               regular: bool = False, test_die_moves: bool = True) -> Dist[ExtraMove]:
    """Exact joint law of a trot.  ``test_die_moves``: the index's Reading, the distance is the sum of both
    dice whichever one tests; off, the other reading: the test die does not move the unit.

    >>> trot_exact(3, 3, armour=True).prob(lambda m: m.disordered > 0)
    Fraction(1, 9)
    """
    check_trot(True, density)
    if horse_armour:
        return die_move(density, formed, regular)
    if not armour:
        return (Dist.die(6) + Dist.die(6)).map(lambda s: ExtraMove(s, 0))
    return Dist.die(6).bind(lambda a: Dist.die(6).bind(
        lambda b: _pair(a, b, density, formed, regular, test_die_moves)))


def play_trot(unit: Unit, dice: DiceSource, test_die_moves: bool = True, piece: PieceId = ""
              ) -> tuple[Unit, ExtraMove]:
    """Roll a trot for ``unit``: return the unit after its test and the move (``piece``: the table's id)."""
    check_trot(unit.mounted, unit.density)
    if unit.horse_armour:
        return play_die_move(unit, dice, DieMove.TROT, piece)
    if not unit.armour:
        faces = tuple(dice.d6s(2, msg("trot")))
        dice.emit(Moved(unit.name, DieMove.TROT, faces, sum(faces)))
        return unit, ExtraMove(sum(faces), 0)
    d = unit.density
    a, b = dice.d6s(2, msg("trot"), lambda r: DieEffect.FAIL if r < d else DieEffect.NONE)
    test, other = test_die(a, b, d)
    test, rolled = roll_test_dice(unit, dice, msg("trot"), first=test)
    lost = disorder_loss(test, d, unit.formed)
    dice.emit(Tested(unit.name, test, d, lost, rolled if len(rolled) > 1 else (), piece))
    faces = (other, test) if test_die_moves else (other,)
    dice.emit(Moved(unit.name, DieMove.TROT, faces, sum(faces)))
    return unit.take_losses(0, lost), ExtraMove(sum(faces), lost)
