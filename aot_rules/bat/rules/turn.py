"""The Batalist turn: orders phase, initiative and the alternation of activations (with passing).

A turn is three phases (BAT-TURN-SEQUENCE): both players lay order cards face down
(BAT-ORDER-PHASE), roll for initiative (BAT-INITIATIVE), then take turns activating one
base each (BAT-ACTIVATION) until no base is left, a player sometimes passing his go
(BAT-PASS).

Initiative compares d6 + a with d6 + b, where a and b are the generals' "КН"; the source never
defines КН, and the index reads it as the general's Quality.  Only a − b matters.  The source
does not say what a tie does; the index reads it as a re-roll, and :class:`TieRule` offers the
other reading (report the tie and let the players settle it).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum

from aot_rules.bat.rules.profile import Order, Skill
from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate, play
from aot_rules.core.events import Said
from aot_rules.core.i18n import msg, vocabulary
from aot_rules.core.procedure import Proc, both, die, until

#: A base receives at most this many order cards a turn (BAT-ORDER-PHASE).
MAX_ORDERS = 3


@vocabulary({
    'orders': msg('orders'), 'initiative': msg('initiative'),
    "activation": msg('activation and execution of orders')
}, formerly={
    "activation and execution of orders": "activation"
})
class Phase(StrEnum):
    ORDERS = "orders"
    INITIATIVE = "initiative"
    ACTIVATION = "activation"


#: The three phases of every turn, in order (BAT-TURN-SEQUENCE).
PHASES = (Phase.ORDERS, Phase.INITIATIVE, Phase.ACTIVATION)


# --- orders phase (BAT-ORDER-PHASE) -------------------------------------------------------------

#: The skill an order needs, where it needs one (BAT-ORDER-CAST, BAT-ORDER-RECON).
ORDER_NEEDS: dict[Order, Skill] = {Order.CAST: Skill.MAGE, Order.RECON: Skill.SCOUT}


def face_up(order: Order) -> bool:
    """Only the Cast order is laid face up; every other card goes face down."""
    return order is Order.CAST


def check_orders(orders: Iterable[Order], skills: Iterable[Skill] = ()) -> tuple[Order, ...]:
    """The order cards a base may be given: at most three, and only orders its skills allow."""
    given = tuple(orders)
    if len(given) > MAX_ORDERS:
        raise RuleError("BAT-ORDER-PHASE", msg("a base takes at most {top} orders a turn, not {given}",
                                                    top=MAX_ORDERS, given=len(given)))
    have = set(skills)
    for order in given:
        need = ORDER_NEEDS.get(order)
        if need is not None and need not in have:
            rule = "BAT-ORDER-CAST" if order is Order.CAST else "BAT-ORDER-RECON"
            raise RuleError(rule, msg("only a base with the {need} skill may take the {order} order",
                                       need=need, order=order))
    return given


# --- initiative (BAT-INITIATIVE) ----------------------------------------------------------------

@vocabulary({'re-roll': msg('re-roll'), "stand": msg('report the tie')}, formerly={
    "report the tie": "stand"
})
class TieRule(StrEnum):
    """What equal initiative totals do: the index's Reading re-rolls; the other shows the tie."""

    REROLL = "re-roll"
    STAND = "stand"


@vocabulary({"me": msg('I win'), 'tie': msg('tie'), "them": msg('they win')}, formerly={
    "I win": "me", "they win": "them"
})
class Initiative(StrEnum):
    """Who rolled higher, and so chooses who activates first this turn."""

    ME = "me"
    TIE = "tie"
    THEM = "them"


def _compare(mine: int, theirs: int) -> Initiative:
    return Initiative.ME if mine > theirs else Initiative.THEM if mine < theirs else Initiative.TIE


def initiative_roll(my_kn: int, their_kn: int, ties: TieRule = TieRule.REROLL) -> Proc[Initiative]:
    """BAT-INITIATIVE as a dice procedure: both players roll a d6 at once and add their general's КН, each pair
    told; equal totals roll again (the Reading), or stand as a tie (:attr:`TieRule.STAND`)."""
    def told(xy: tuple[int, int]) -> Said:
        a, b = xy
        return Said(msg("my total {a} + {my_kn} = {mine} against their {b} + {their_kn} = {theirs}.", a=a,
                        my_kn=my_kn, mine=a + my_kn, b=b, their_kn=their_kn, theirs=b + their_kn))

    def settled(result: Initiative) -> Said:
        if result is Initiative.TIE and ties is TieRule.REROLL:
            return Said(msg("the totals are equal, so both dice are rolled again."))
        return Said({Initiative.ME: msg("initiative: me."), Initiative.TIE: msg("initiative: tie."),
                     Initiative.THEM: msg("initiative: them.")}[result])

    pair = both(die(6, msg("my initiative die")), die(6, msg("their initiative die"))).log(told).map(
        lambda xy: _compare(xy[0] + my_kn, xy[1] + their_kn)).log(settled)
    return pair if ties is TieRule.STAND else until(pair, lambda r: r is not Initiative.TIE)


def initiative_exact(my_kn: int, their_kn: int, ties: TieRule = TieRule.REROLL) -> Dist[Initiative]:
    """The law of who wins the initiative roll (:func:`initiative_roll`): with re-rolls the tie is conditioned
    away (a fresh pair of dice is rolled until they differ)."""
    return evaluate(initiative_roll(my_kn, their_kn, ties))


def roll_initiative(my_kn: int, their_kn: int, dice: DiceSource, ties: TieRule = TieRule.REROLL) -> Initiative:
    """Play the initiative roll (:func:`initiative_roll`) with real dice."""
    return play(initiative_roll(my_kn, their_kn, ties), dice)


# --- alternation and passing (BAT-PASS, BAT-TURN-SEQUENCE) -------------------------------------

@dataclass(frozen=True)
class Alternation:
    """Whose go it is during the activation phase, and what each side has left to activate.

    ``left`` counts each player's unactivated bases (player 0 and player 1); ``to_move`` is the
    player whose go it is; ``passed[p]`` says player p's own last go was a pass (he may not pass
    on two of his goes running); ``first_go`` marks the opening go of the phase, on which the
    first player may not pass.
    """

    left: tuple[int, int]
    to_move: int
    passed: tuple[bool, bool] = (False, False)
    first_go: bool = True

    @property
    def over(self) -> bool:
        """The turn ends when no base is left unactivated (BAT-TURN-SEQUENCE)."""
        return self.left == (0, 0)

    def may_pass(self) -> bool:
        """Whether the player whose go it is may pass: not on the phase's first go, not twice
        running, and not when the opponent has no base left to take the go."""
        return not (self.over or self.first_go or self.passed[self.to_move] or self.left[1 - self.to_move] == 0)

    def activate(self) -> Alternation:
        """The player whose go it is activates one base; the go then goes to the opponent, unless the
        opponent has nothing left, in which case this player carries on (the index's Reading)."""
        me = self.to_move
        if self.over or self.left[me] == 0:
            raise RuleError("BAT-ACTIVATION", msg("player {player} has no unactivated base left", player=me))
        left = (self.left[0] - (me == 0), self.left[1] - (me == 1))
        nxt = 1 - me if left[1 - me] > 0 else me
        passed = (False, self.passed[1]) if me == 0 else (self.passed[0], False)
        return Alternation(left, nxt, passed, first_go=False)

    def pass_go(self) -> Alternation:
        """Hand the go to the opponent without activating (BAT-PASS)."""
        me = self.to_move
        if self.first_go:
            raise RuleError("BAT-PASS", msg("the player who goes first may not pass on his first go"))
        if self.passed[me]:
            raise RuleError("BAT-PASS", msg("a player may not pass twice in a row"))
        if self.over or self.left[1 - me] == 0:
            raise RuleError("BAT-PASS", msg("the opponent has no base left to activate, so there is nothing to pass"))
        passed = (True, self.passed[1]) if me == 0 else (self.passed[0], True)
        return replace(self, to_move=1 - me, passed=passed)


def start_activations(left: tuple[int, int], first: int) -> Alternation:
    """The activation phase begins with the player the initiative winner named."""
    if first not in (0, 1):
        raise RuleError("BAT-INITIATIVE", msg("the first player is 0 or 1, not {first}", first=first))
    if min(left) < 0:
        raise RuleError("BAT-TURN-SEQUENCE", msg("a player cannot have {bases} bases", bases=min(left)))
    if left[first] == 0:
        return Alternation(left, 1 - first, first_go=True)
    return Alternation(left, first)


