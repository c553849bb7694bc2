"""How elephants and chariots take harm (AOT-ELEPHANT-WOUND, AOT-CHARIOT-WOUND, AOT-ELEPHANT-VS-ELEPHANT).

Hits on an elephant or a chariot do not kill warriors one by one: every time the enemy scores
hits, the owner rolls one die against their number, and the beast or vehicle lives or is lost as a
whole (an elephant may also go berserk).  Melee and shooting both hand their hits to the one procedure
:func:`wound_test` (played, or read exactly as :func:`wound_law`), so the test is written once.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from aot_rules.aot.events import Wounded
from aot_rules.aot.units import Body, Unit
from aot_rules.aot.vocabulary import Fate as Fate  # a beast's fate is the Wounded event's too
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate
from aot_rules.core.events import DieEffect
from aot_rules.core.i18n import msg
from aot_rules.core.procedure import Proc, both, die, done, until


class Loss(NamedTuple):
    """What one side's strikes or one volley cost a unit: warriors killed and disordered, and the fate
    of an elephant or chariot (a lost beast counts as all its warriors killed)."""

    killed: int
    disordered: int
    fate: Fate = Fate.NONE

    @property
    def lost(self) -> int:
        return self.killed + self.disordered


def wound_fate(body: Body, hits: int, roll: int) -> Fate:
    """One hit-test die: at or below the hits loses the beast; an elephant above them goes berserk on an
    even roll and survives on an odd one; a chariot above them survives.

    >>> [wound_fate(Body.ELEPHANT, 2, r).value for r in range(1, 7)]
    ['dead', 'dead', 'survives', 'berserk', 'survives', 'berserk']
    """
    if roll <= hits:
        return Fate.DEAD if body is Body.ELEPHANT else Fate.DESTROYED
    if body is Body.ELEPHANT and roll % 2 == 0:
        return Fate.BERSERK
    return Fate.SURVIVES


def _rule(body: Body) -> str:
    return "AOT-ELEPHANT-WOUND" if body is Body.ELEPHANT else "AOT-CHARIOT-WOUND"


def _check(body: Body, hits: int) -> None:
    if not body.wounded:
        raise RuleError("AOT-ELEPHANT-WOUND", msg("only elephants and chariots take a hit test, not {body}",
                                                  body=body.noun))
    if hits < 0:
        raise RuleError(_rule(body), msg("hits cannot be negative ({hits})", hits=hits), params=("hits",))


def wound_test(body: Body, hits: int, name: str = "", *, test_without_hits: bool = False) -> Proc[Fate]:
    """The hit test after ``hits`` hits, as a dice procedure: one die read as the beast's fate, logged with
    its verdict (``name``: the unit's, for the die's caption and the event).

    Reading (AOT-ELEPHANT-WOUND 2): no test is taken when nothing hit (``test_without_hits`` takes it anyway).
    """
    _check(body, hits)
    if hits == 0 and not test_without_hits:
        return done(Fate.SURVIVES)

    def fate(r: int) -> Fate:
        return wound_fate(body, hits, r)

    return die(6, msg("{unit} hit test", unit=name), lambda r: DieEffect.FAIL if fate(r).fatal else DieEffect.NONE,
               read=fate, note=lambda r: Wounded(name, body, hits, r, fate(r)))


@cache
def wound_law(body: Body, hits: int, *, test_without_hits: bool = False) -> Dist[Fate]:
    """Exact law of the hit test after ``hits`` hits.

    >>> wound_law(Body.ELEPHANT, 1)[Fate.BERSERK], wound_law(Body.CHARIOT, 2)[Fate.DESTROYED]
    (Fraction(1, 2), Fraction(1, 3))
    """
    return evaluate(wound_test(body, hits, test_without_hits=test_without_hits))


def fell(unit: Unit, fate: Fate) -> Loss:
    """The loss a hit test means for the unit: a lost beast takes every warrior aboard with it."""
    return Loss(unit.formed if fate.fatal else 0, 0, fate)


# --- two elephants (AOT-ELEPHANT-VS-ELEPHANT) ------------------------------------------------

def _winner(ab: tuple[int, int]) -> str:
    return "a" if ab[0] > ab[1] else "b" if ab[1] > ab[0] else "tie"


def duel(a: str = "A", b: str = "B", *, reroll_ties: bool = True) -> Proc[str]:
    """AOT-ELEPHANT-VS-ELEPHANT as a dice procedure: both elephants (named ``a`` and ``b`` on the dice) roll a
    die, the higher kills the other: ``a``, ``b`` or, once ties stand (``reroll_ties=False``), ``tie``.  Reading: a
    tie is rolled again."""
    pair: Proc[tuple[int, int]] = both(die(6, msg("{unit} (elephant duel)", unit=a)),
                                       die(6, msg("{unit} (elephant duel)", unit=b)))
    return (until(pair, lambda ab: ab[0] != ab[1]) if reroll_ties else pair).map(_winner)


@cache
def duel_law(*, reroll_ties: bool = True) -> Dist[str]:
    """Who wins when two elephants fight (:func:`duel`).

    >>> duel_law()["a"], duel_law(reroll_ties=False)["tie"]
    (Fraction(1, 2), Fraction(1, 6))
    """
    return evaluate(duel(reroll_ties=reroll_ties))
