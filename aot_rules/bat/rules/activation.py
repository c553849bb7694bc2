"""Activation (BAT-ACTIVATION): three d6 against Quality give action points, which pay for orders.

Each die showing the base's Quality or less gives one action point (AP), so AP follow
Binomial(3, Q/6).  A Standard Bearer within 6 steps (BAT-SKILL-STANDARD) lets the player
roll one of the three dice again; the index reads this as "one die that failed", which is
the only re-roll a player would choose (more AP never hurts: he picks which orders to reveal
after seeing them).  Every order except Cast costs 1 AP; orders left unrevealed are lost.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from aot_rules.bat.rules.profile import DICE_PER_TEST, Order, passes
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate
from aot_rules.core.events import DieEffect, Said
from aot_rules.core.i18n import msg
from aot_rules.core.procedure import Proc, both, die, done

#: What an order costs to carry out, in AP: Cast is free (BAT-MAGIC-CAST), every other costs 1.
ORDER_COST: dict[Order, int] = {o: 0 if o is Order.CAST else 1 for o in Order}


def activation_roll(quality: int, standard_bearer: bool = False) -> Proc[int]:
    """BAT-ACTIVATION as a dice procedure: the three activation dice, each at or under the Quality one AP, told;
    then, with a Standard Bearer near and a die failed, the first failed die rolled again.  The dice are read
    face by face (216 outcomes at most) because the re-roll names which failed face it replaces."""
    judge = _judge(quality)

    def one() -> Proc[int]:
        return die(6, msg("activation die"), judge)

    def told(faces: tuple[int, ...]) -> Said:
        ap = sum(passes(f, quality) for f in faces)
        return Said(msg("the dice show {faces}; {ap} of them show {quality} or less, so the base has {ap} AP.",
                        faces=", ".join(map(str, faces)), ap=ap, quality=quality))

    def again(faces: tuple[int, ...]) -> Proc[int]:
        ap = sum(passes(f, quality) for f in faces)
        if not standard_bearer or ap == DICE_PER_TEST:
            return done(ap)
        failed = next(f for f in faces if not passes(f, quality))

        def said(face: int) -> Said:
            if passes(face, quality):
                return Said(msg("the Standard Bearer lets one failed die ({failed}) be rolled again: it shows "
                                "{again}, one more AP, {ap} in all.", failed=failed, again=face, ap=ap + 1))
            return Said(msg("the Standard Bearer lets one failed die ({failed}) be rolled again: it shows {again}, "
                            "no better.", failed=failed, again=face))

        return die(6, msg("Standard Bearer's re-roll"), judge, read=lambda f: ap + passes(f, quality), note=said)

    return both(both(one(), one()), one()).map(lambda xyz: (*xyz[0], xyz[1])).log(told).then(again)


def ap_exact(quality: int, standard_bearer: bool = False) -> Dist[int]:
    """The exact law of the AP one activation roll (:func:`activation_roll`) gives a base of (current) Quality
    ``quality``."""
    return evaluate(activation_roll(quality, standard_bearer))


def _judge(quality: int) -> Callable[[int], DieEffect]:
    """How the dice strip colours a die: an AP (hit) or a miss (fail)."""
    return lambda face: DieEffect.HIT if passes(face, quality) else DieEffect.FAIL


def carry_out(orders: Iterable[Order], ap: int) -> tuple[tuple[Order, ...], tuple[Order, ...]]:
    """Which order cards an activated base carries out with ``ap`` AP, and which are lost.

    ``orders`` are the base's cards in the order the player chooses to reveal them; he reveals
    as many as the AP pay for (Cast costs nothing), and the rest are removed unrevealed.
    """
    if ap < 0:
        raise RuleError("BAT-ACTIVATION", msg("a base cannot have {ap} AP", ap=ap))
    done: list[Order] = []
    lost: list[Order] = []
    left = ap
    for order in orders:
        cost = ORDER_COST[order]
        if cost <= left:
            left -= cost
            done.append(order)
        else:
            lost.append(order)
    return tuple(done), tuple(lost)

