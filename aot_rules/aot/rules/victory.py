"""Winning the battle (Условие победы): total victory, victory points at nightfall, organised withdrawal.

A battle of Art of Tactics ends in one of three ways: one army is driven from the
field (AOT-VICTORY-ROUT); night falls and the victory points (победные очки) are
counted (AOT-VICTORY-POINTS, AOT-WEATHER-NIGHT); or a player withdraws in good order
and the points are counted on terms that favour his opponent (AOT-VICTORY-WITHDRAW).

All three are bookkeeping over what has become of every unit, so the input is
small and typed: a :class:`Side` lists each unit's :class:`Standing`, whether the
side's own camp has been captured, and how many of its mixed elephant units have
lost all their light infantry.  Every result is itemised (:class:`Score`), so a
page or a player can see where each point came from; impossible input (a looter
with no captured camp to loot, say) is refused with the rule that forbids it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import Message, clauses, label, msg, nmsg, vocabulary

CAMP_VP = 2  # AOT-VICTORY-POINTS: a captured enemy camp
UNIT_VP = 1  # AOT-VICTORY-POINTS: an enemy unit destroyed or dispersed, or fled into a captured camp


@vocabulary({
    'formed': msg('formed'), 'panicking': msg('panicking'), 'destroyed': msg('destroyed'),
    'dispersed': msg('dispersed'), "off-table": msg('fled off the table'),
    "marched-off": msg('marched off in order'), "in-camp": msg('fled into its camp'),
    'looting': msg('looting')
}, formerly={
    "fled off the table": "off-table", "marched off in order": "marched-off", "fled into its camp": "in-camp"
})
class Standing(StrEnum):
    """What has become of a unit when the score is taken."""

    FORMED = "formed"  # on the table with a density above 0
    PANICKING = "panicking"  # on the table, every warrior disordered (density 0, AOT-PANIC)
    DESTROYED = "destroyed"  # every warrior killed
    DISPERSED = "dispersed"  # removed as dispersed (AOT-PANIC, AOT-MELEE-RETREAT)
    OFF_TABLE = "off-table"  # in flight (density 0): not the same as marching off in good order
    MARCHED_OFF = "marched-off"  # left the table formed, in an organised withdrawal (AOT-VICTORY-WITHDRAW)
    IN_CAMP = "in-camp"
    LOOTING = "looting"  # entered the unguarded enemy camp and was removed to plunder it (AOT-CAMP)

    @property
    def on_table(self) -> bool:
        """Still standing on the table, so still in the fight: formed or panicking."""
        return self in (Standing.FORMED, Standing.PANICKING)


@dataclass(frozen=True)
class UnitRecord:
    """One unit and its fate; the name is only there so a score can say which units it counts."""

    name: str
    fate: Standing


@dataclass(frozen=True)
class Side:
    """One army at the end of the battle.

    ``camp_captured`` says the enemy has captured *this* side's camp; ``escorts_lost`` counts this side's
    mixed elephant units whose light infantry have all been destroyed (each gives the enemy 1 VP,
    AOT-ELEPHANT-UNIT).

    >>> s = Side.tally("Gauls", formed=2, destroyed=1)
    >>> [u.name for u in s.units], s.count(Standing.DESTROYED)
    (['Gauls 1', 'Gauls 2', 'Gauls 3'], 1)
    """

    name: str
    units: tuple[UnitRecord, ...]
    camp_captured: bool = False
    escorts_lost: int = 0

    def __post_init__(self) -> None:
        if not self.units:
            raise RuleError("AOT-VICTORY-ROUT", msg("{army}: an army has at least one unit", army=self.name))
        if not 0 <= self.escorts_lost <= len(self.units):
            raise RuleError("AOT-ELEPHANT-UNIT", msg("{army}: {lost} elephant escorts lost, but the army has {units} "
                                                     "units (each mixed elephant unit can lose its escort once)",
                                                     army=self.name, lost=self.escorts_lost, units=len(self.units)))
        looters = self.count(Standing.LOOTING)
        if looters > 1:
            raise RuleError("AOT-CAMP", msg("{army}: {looters} units looting, but a sacked camp is removed as soon as "
                                            "the first unit enters it, so only one unit can loot it", army=self.name,
                                            looters=looters))

    @classmethod
    def tally(cls, name: str, *, formed: int = 0, panicking: int = 0, destroyed: int = 0, dispersed: int = 0,
              off_table: int = 0, in_camp: int = 0, looting: int = 0, camp_captured: bool = False,
              escorts_lost: int = 0, marched_off: int = 0) -> Side:
        """A side given by counts; its units are named ``"<name> 1"``, ``"<name> 2"``, … in the order above."""
        counts = {Standing.FORMED: formed, Standing.PANICKING: panicking, Standing.DESTROYED: destroyed,
                  Standing.DISPERSED: dispersed, Standing.OFF_TABLE: off_table, Standing.IN_CAMP: in_camp,
                  Standing.LOOTING: looting, Standing.MARCHED_OFF: marched_off}
        if any(n < 0 for n in counts.values()):
            raise RuleError("AOT-VICTORY-POINTS", msg("{army}: unit counts cannot be negative", army=name))
        fates = [f for f, n in counts.items() for _ in range(n)]
        return cls(name, tuple(UnitRecord(f"{name} {i}", f) for i, f in enumerate(fates, 1)),
                   camp_captured, escorts_lost)

    def count(self, *fates: Standing) -> int:
        return sum(u.fate in fates for u in self.units)

    def named(self, *fates: Standing) -> tuple[str, ...]:
        return tuple(u.name for u in self.units if u.fate in fates)


def _check_pair(a: Side, b: Side) -> None:
    """Two sides that can have fought each other: different names, and no looter without a sacked camp."""
    if a.name == b.name:
        raise RuleError("AOT-VICTORY-POINTS", msg("both sides are called {name}; name them apart", name=repr(a.name)))
    for side, enemy in ((a, b), (b, a)):
        if side.count(Standing.LOOTING) and not enemy.camp_captured:
            raise RuleError("AOT-CAMP", msg("{army} has a unit looting, but {enemy}'s camp is not captured: a unit "
                                            "only loots by sacking the enemy camp", army=side.name, enemy=enemy.name))


# --- total victory (AOT-VICTORY-ROUT) ------------------------------------------------------------


def still_fighting(side: Side) -> tuple[str, ...]:
    """The units of ``side`` that stop the enemy's total victory: those still on the table.

    Panicking units count (AOT-VICTORY-ROUT, Reading): a unit is gone only once it has been removed,
    has reached its camp or has left the table.  A looter has been removed, so it no longer counts.

    >>> still_fighting(Side.tally("Gauls", panicking=1, destroyed=3, looting=1))
    ('Gauls 1',)
    """
    return side.named(Standing.FORMED, Standing.PANICKING)


def total_victory(side: Side, enemy: Side) -> bool:
    """AOT-VICTORY-ROUT: ``side`` has won outright when no unit of ``enemy`` is left on the table.

    >>> romans = Side.tally("Romans", formed=4)
    >>> total_victory(romans, Side.tally("Gauls", destroyed=2, off_table=1, in_camp=2))
    True
    >>> total_victory(romans, Side.tally("Gauls", destroyed=2, panicking=1))
    False
    """
    _check_pair(side, enemy)
    return not still_fighting(enemy)


# --- victory points (AOT-VICTORY-POINTS, AOT-VICTORY-WITHDRAW) -----------------------------------


@vocabulary({
    'removed': msg('removed'), "left-panicking": msg('left panicking'), "camp-captured": msg('camp captured'),
    "camp-conceded": msg('camp conceded'), "in-captured-camp": msg('in captured camp'),
    "in-uncaptured-camp": msg('in uncaptured camp'), "escorts-lost": msg('escorts lost'),
    'looting': msg('looting')
}, formerly={
    "left panicking": "left-panicking", "camp captured": "camp-captured", "camp conceded": "camp-conceded",
    "in captured camp": "in-captured-camp", "in uncaptured camp": "in-uncaptured-camp",
    "escorts lost": "escorts-lost"
})
class Award(StrEnum):
    """What one line of a score counts: the kinds of victory point, as data (a record of the battle keeps the
    kind and the count; :meth:`reason` is the one place their words are written)."""

    REMOVED = "removed"  # enemy units destroyed or dispersed (AOT-VICTORY-POINTS)
    LEFT_PANICKING = "left-panicking"  # a withdrawn enemy's panicking units, counted as destroyed (-WITHDRAW)
    CAMP_CAPTURED = "camp-captured"  # the enemy camp, captured (AOT-VICTORY-POINTS)
    CAMP_CONCEDED = "camp-conceded"  # a withdrawn enemy's camp counts as captured (AOT-VICTORY-WITHDRAW)
    IN_CAPTURED_CAMP = "in-captured-camp"  # enemy units that fled into their camp, once it is captured
    IN_UNCAPTURED_CAMP = "in-uncaptured-camp"  # ... and while it is not: worth nothing, but the score says so
    ESCORTS_LOST = "escorts-lost"  # enemy mixed elephant units stripped of their light infantry (AOT-ELEPHANT-UNIT)
    LOOTING = "looting"  # an enemy unit removed to loot: worth nothing (AOT-CAMP)

    @property
    def rule_id(self) -> str:
        """The rule that awards (or denies) these points."""
        return {Award.LEFT_PANICKING: "AOT-VICTORY-WITHDRAW", Award.CAMP_CONCEDED: "AOT-VICTORY-WITHDRAW",
                Award.ESCORTS_LOST: "AOT-ELEPHANT-UNIT", Award.LOOTING: "AOT-CAMP"}.get(self, "AOT-VICTORY-POINTS")

    def reason(self, count: int) -> Message:
        """The line's words for ``count`` units (ignored for a camp), rendered in the reader's language.

        >>> [str(a.reason(n)) for a, n in ((Award.REMOVED, 1), (Award.IN_CAPTURED_CAMP, 2), (Award.ESCORTS_LOST, 1))]
        ['1 enemy unit destroyed or dispersed', '2 enemy units fled into the captured camp', \
'1 enemy elephant unit lost all its light infantry']
        """
        n = count
        return {
            Award.REMOVED: lambda: nmsg("{n} enemy unit destroyed or dispersed",
                                        "{n} enemy units destroyed or dispersed", n=n),
            Award.LEFT_PANICKING: lambda: nmsg("{n} enemy unit left panicking, counted as destroyed",
                                               "{n} enemy units left panicking, counted as destroyed", n=n),
            Award.CAMP_CAPTURED: lambda: msg("enemy camp captured"),
            Award.CAMP_CONCEDED: lambda: msg("enemy camp counts as captured (withdrawal)"),
            Award.IN_CAPTURED_CAMP: lambda: nmsg("{n} enemy unit fled into the captured camp",
                                                 "{n} enemy units fled into the captured camp", n=n),
            Award.IN_UNCAPTURED_CAMP: lambda: nmsg("{n} enemy unit fled into the uncaptured camp",
                                                   "{n} enemy units fled into the uncaptured camp", n=n),
            Award.ESCORTS_LOST: lambda: nmsg("{n} enemy elephant unit lost all its light infantry",
                                             "{n} enemy elephant units lost all its light infantry", n=n),
            Award.LOOTING: lambda: msg("enemy unit removed to loot, not destroyed"),
        }[self]()


@dataclass(frozen=True)
class Line:
    """One line of a score: what it counts (``kind``), for which enemy units, how many, and the points it is
    worth; its rule and its words follow from the kind."""

    kind: Award
    units: tuple[str, ...]
    points: int
    count: int = 0  # the units (or mixed elephant units) it counts; 0 for a camp

    @property
    def rule_id(self) -> str:
        return self.kind.rule_id

    @property
    def reason(self) -> Message:
        return self.kind.reason(self.count)


@dataclass(frozen=True)
class Score:
    """One side's victory points, itemised."""

    side: str
    lines: tuple[Line, ...]

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    def describe(self) -> Message:
        """One line a player can read: the total and what made it.

        >>> str(points_for(Side.tally("Romans", formed=1), Side.tally("Gauls", destroyed=2)).describe())
        'Romans: 2 VP (2 enemy units destroyed or dispersed: +2)'
        """
        earned = [msg("{reason}: +{points}", reason=line.reason, points=line.points)
                  for line in self.lines if line.points]
        if not earned:
            return msg("{side}: {points} VP", side=self.side, points=self.total)
        return msg("{side}: {points} VP ({earned})", side=self.side, points=self.total, earned=clauses(earned))


def points_for(scorer: Side, enemy: Side, *, enemy_withdrew: bool = False) -> Score:
    """The victory points ``scorer`` has earned from what became of ``enemy``.

    Each enemy unit destroyed or dispersed is worth 1; the enemy camp, once captured, 2; each enemy
    unit that fled into that camp 1, but only if the camp is captured; each of the enemy's mixed
    elephant units stripped of all its light infantry 1 (AOT-ELEPHANT-UNIT).  A looter is removed
    but not destroyed, so it is worth nothing (AOT-CAMP).

    When the enemy has withdrawn (AOT-VICTORY-WITHDRAW) his camp counts as captured and his panicking
    units still on the table count as destroyed.  A unit that fled into that camp scores once, for the
    camp, although it is also a panicking unit (Reading: +1 each, counted once).

    >>> s = points_for(Side.tally("Romans", formed=3), Side.tally("Gauls", destroyed=1, in_camp=2,
    ...                camp_captured=True))
    >>> s.total, [line.points for line in s.lines]
    (5, [1, 2, 2])
    """
    _check_pair(scorer, enemy)
    lines: list[Line] = []
    removed = enemy.named(Standing.DESTROYED, Standing.DISPERSED)
    if removed:
        lines.append(Line(Award.REMOVED, removed, UNIT_VP * len(removed), len(removed)))
    if enemy_withdrew:
        left = enemy.named(Standing.PANICKING)
        if left:
            lines.append(Line(Award.LEFT_PANICKING, left, UNIT_VP * len(left), len(left)))
    captured = enemy.camp_captured or enemy_withdrew
    if captured:
        lines.append(Line(Award.CAMP_CAPTURED if enemy.camp_captured else Award.CAMP_CONCEDED, (), CAMP_VP))
    sheltering = enemy.named(Standing.IN_CAMP)
    if sheltering:
        kind = Award.IN_CAPTURED_CAMP if captured else Award.IN_UNCAPTURED_CAMP
        lines.append(Line(kind, sheltering, UNIT_VP * len(sheltering) if captured else 0, len(sheltering)))
    if enemy.escorts_lost:
        n = enemy.escorts_lost
        lines.append(Line(Award.ESCORTS_LOST, (), UNIT_VP * n, n))
    looters = enemy.named(Standing.LOOTING)
    if looters:
        lines.append(Line(Award.LOOTING, looters, 0, len(looters)))
    return Score(scorer.name, tuple(lines))


def victory_points(a: Side, b: Side) -> tuple[Score, Score]:
    """Both sides' victory points at nightfall (AOT-VICTORY-POINTS): ``a``'s score, then ``b``'s.

    >>> ra, rb = victory_points(Side.tally("Romans", formed=3, destroyed=1),
    ...                         Side.tally("Gauls", formed=1, dispersed=2, camp_captured=True))
    >>> ra.total, rb.total
    (4, 1)
    """
    return points_for(a, b), points_for(b, a)


# --- the result -----------------------------------------------------------------------------------


@vocabulary({
    "rout": msg('total victory'), 'nightfall': msg('nightfall'),
    "withdrawal": msg('organised withdrawal')
}, formerly={
    "total victory": "rout", "organised withdrawal": "withdrawal"
})
class Ending(StrEnum):
    """How the battle ended."""

    ROUT = "rout"
    NIGHTFALL = "nightfall"
    WITHDRAWAL = "withdrawal"


@dataclass(frozen=True)
class Result:
    """The outcome of a battle: how it ended, the winner (``None`` for a draw) and both itemised scores.

    ``scores`` are in the order the sides were given.  After a total victory the points decide nothing,
    but they are still counted, for the record.
    """

    ending: Ending
    winner: str | None
    scores: tuple[Score, Score]

    @property
    def draw(self) -> bool:
        return self.winner is None

    @property
    def rule_id(self) -> str:
        return {Ending.ROUT: "AOT-VICTORY-ROUT", Ending.NIGHTFALL: "AOT-VICTORY-POINTS",
                Ending.WITHDRAWAL: "AOT-VICTORY-WITHDRAW"}[self.ending]

    def describe(self) -> Message:
        """How it ended, who won and the two totals, in argument order.

        >>> r = battle_result(Side.tally("A", formed=1, destroyed=1), Side.tally("B", formed=1, dispersed=1))
        >>> str(r.describe())
        'nightfall: a draw, 1 VP to 1'
        """
        a, b = self.scores
        if self.winner is None:
            return msg("{ending}: a draw, {first} VP to {second}", ending=label(self.ending), first=a.total,
                       second=b.total)
        return msg("{ending}: won by {winner}, {first} VP to {second}", ending=label(self.ending), winner=self.winner,
                   first=a.total, second=b.total)


def _on_points(ending: Ending, scores: tuple[Score, Score]) -> Result:
    """More VP wins; equal VP is a draw (AOT-VICTORY-POINTS, Reading)."""
    a, b = scores
    winner = a.side if a.total > b.total else b.side if b.total > a.total else None
    return Result(ending, winner, scores)


def battle_result(a: Side, b: Side) -> Result:
    """The result of a battle that has ended, by rout or at nightfall.

    If one side has no unit left on the table the other has won outright (AOT-VICTORY-ROUT).
    Otherwise night has ended the battle and more victory points win; equal points are a draw
    (AOT-VICTORY-POINTS, Reading).  Should both armies leave the table at once, which the rules do not
    foresee, the points decide, as at nightfall (engineering reading).

    >>> str(battle_result(Side.tally("Romans", formed=2), Side.tally("Gauls", destroyed=3, in_camp=1)).describe())
    'total victory: won by Romans, 3 VP to 0'
    >>> str(battle_result(Side.tally("Romans", formed=2, destroyed=1),
    ...                   Side.tally("Gauls", panicking=1, destroyed=2)).describe())
    'nightfall: won by Romans, 2 VP to 1'
    """
    _check_marched(a, b)
    scores = victory_points(a, b)
    a_wins, b_wins = total_victory(a, b), total_victory(b, a)
    if a_wins != b_wins:
        return Result(Ending.ROUT, a.name if a_wins else b.name, scores)
    return _on_points(Ending.NIGHTFALL, scores)


def withdraw(withdrawing: Side, opponent: Side) -> Result:
    """An organised withdrawal (AOT-VICTORY-WITHDRAW), scored once every unit of ``withdrawing`` with a
    density above 0 has left the table.

    The withdrawing side's camp counts as captured (+2 to the opponent, once, even if it had already
    fallen) and its panicking units count as destroyed.  A unit that fled into that camp scores +1 once
    (Reading).  Then more VP wins, as at nightfall; the withdrawing side keeps the points it has earned.
    Scores are in argument order: the withdrawing side's, then the opponent's.

    >>> r = withdraw(Side.tally("Gauls", marched_off=3, panicking=2, in_camp=1, destroyed=1),
    ...              Side.tally("Romans", formed=4, destroyed=1))
    >>> str(r.describe()), [line.points for line in r.scores[1].lines]
    ('organised withdrawal: won by Romans, 1 VP to 6', [1, 2, 2, 1])
    >>> withdraw(Side.tally("Gauls", formed=1), Side.tally("Romans", formed=1))
    Traceback (most recent call last):
    ...
    aot_rules.core.errors.RuleError: AOT-VICTORY-WITHDRAW: Gauls cannot withdraw yet: Gauls 1 still on the ...
    """
    _check_pair(withdrawing, opponent)
    _check_marched(opponent)
    formed = withdrawing.named(Standing.FORMED)
    if formed:
        raise RuleError("AOT-VICTORY-WITHDRAW", msg("{army} cannot withdraw yet: {units} still on the table with a "
                                                    "density above 0", army=withdrawing.name, units=_listing(formed)))
    scores = (points_for(withdrawing, opponent), points_for(opponent, withdrawing, enemy_withdrew=True))
    return _on_points(Ending.WITHDRAWAL, scores)


def _check_marched(*sides: Side) -> None:
    """Units marched off in order exist only in a withdrawal: anywhere else they are a unit that fled."""
    for side in sides:
        marched = side.named(Standing.MARCHED_OFF)
        if marched:
            raise RuleError("AOT-VICTORY-WITHDRAW", msg("{units} marched off in order, which only a side withdrawing "
                                                        "does; a unit that left the table in flight has fled off the "
                                                        "table", units=_listing(marched)))


def _listing(names: Iterable[str]) -> str:
    return ", ".join(names)
