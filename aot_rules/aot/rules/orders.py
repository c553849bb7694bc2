"""Orders (Командование, Действия отряда): who may order whom, and what one unit may do in a turn.

The dice of command (initiative, messengers, signals) live in ``command.py``.  What
lives here is the bookkeeping those dice feed: whether a commander may order a
unit at all (nationality, rank, armament, the 1″ limits), what a battle line lets
each of its units do, what a commander-in-chief's rewrite of the slots changes,
the order of events inside one commander's slot, and the once-a-turn allowances of
a single unit.

Distances are plain numbers of inches here, measured base edge to base edge
(AOT-MEASURE); the table-top geometry that produces them comes later.  Every
record is immutable, and every tracker method returns a new state or raises a
:class:`RuleError` naming the rule, leaving the old state as it was.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from typing import NamedTuple

from aot_rules.aot.equipment import MeleeWeapon, Missile
from aot_rules.aot.rules.command import INDIVIDUAL, check_allocation
from aot_rules.aot.units import Unit
from aot_rules.core import frozen
from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import Message, msg, vocabulary

Inches = float | Fraction

DIRECT_REACH = 1  # AOT-CMD-DIRECT: units within 1″ of the general's unit
COLONEL_REACH = 1  # AOT-CMD-COLONEL: the follower stands within 1″ of the colonel's unit
LINE_GAP = 1  # AOT-CMD-BATTLE-LINE: neighbours in a line at most 1″ apart


# --- who is who ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Arms:
    """What a unit fights with, as the colonel's rule compares it ("the same armament").

    Reading (engineering): the same armament means the same arm (foot or horse), the same kinds of
    hand-to-hand weapon, the same missile weapon and the same protection; how many warriors of a
    mixed unit carry each weapon does not matter.
    """

    mounted: bool = False
    weapons: frozenset[MeleeWeapon] = frozenset({MeleeWeapon.SWORD})
    missile: Missile | None = None
    shield: bool = False
    armour: bool = False
    horse_armour: bool = False
    pavise: bool = False

    @classmethod
    def of(cls, unit: Unit) -> Arms:
        """The armament of a unit on the table.

        >>> Arms.of(Unit(ranks=(4, 4), shield=True)) == Arms.of(Unit(ranks=(2,), shield=True))
        True
        """
        return cls(unit.mounted, frozenset(w for w, _ in unit.front), unit.missile, unit.shield, unit.armour,
                   unit.horse_armour, unit.pavise)


@dataclass(frozen=True)
class Troop:
    """A unit as the command rules see it: its name, its nationality and its armament."""

    name: str
    nationality: str
    arms: Arms = Arms()

    @classmethod
    def of(cls, unit: Unit, nationality: str) -> Troop:
        return cls(unit.name, nationality, Arms.of(unit))


@vocabulary({'general': msg('general'), 'commander-in-chief': msg('commander-in-chief'), 'colonel': msg('colonel')})
class Rank(StrEnum):
    """The kinds of commander (AOT-CMD-SLOTS, AOT-CMD-CINC, AOT-CMD-COLONEL)."""

    GENERAL = "general"
    C_IN_C = "commander-in-chief"
    COLONEL = "colonel"

    @property
    def is_general(self) -> bool:
        """A commander-in-chief is a general with one extra power."""
        return self is not Rank.COLONEL


@dataclass(frozen=True)
class Commander:
    """A general, the commander-in-chief or a colonel, standing in ``unit``; his nationality is his unit's."""

    name: str
    rank: Rank
    unit: Troop

    @property
    def nationality(self) -> str:
        return self.unit.nationality


@vocabulary({"direct": msg("direct command"), "signal": msg("signal"), "battle-line": msg("battle line"),
             "messenger": msg("messenger"), "colonel": msg("colonel's follower"),
             "individual": msg("individual-unit slot")}, formerly={
    "direct command": "direct", "battle line": "battle-line", "colonel's follower": "colonel",
    "individual-unit slot": "individual"
})
class Method(StrEnum):
    """The ways a unit can be set in motion in a slot."""

    DIRECT = "direct"  # AOT-CMD-DIRECT
    SIGNAL = "signal"  # AOT-CMD-SIGNAL
    BATTLE_LINE = "battle-line"  # AOT-CMD-BATTLE-LINE
    MESSENGER = "messenger"  # AOT-CMD-MESSENGER
    COLONEL = "colonel"  # AOT-CMD-COLONEL
    INDIVIDUAL = "individual"  # AOT-CMD-INDIVIDUAL-SLOT

    @property
    def rule_id(self) -> str:
        return {Method.DIRECT: "AOT-CMD-DIRECT", Method.SIGNAL: "AOT-CMD-SIGNAL",
                Method.BATTLE_LINE: "AOT-CMD-BATTLE-LINE", Method.MESSENGER: "AOT-CMD-MESSENGER",
                Method.COLONEL: "AOT-CMD-COLONEL", Method.INDIVIDUAL: "AOT-CMD-INDIVIDUAL-SLOT"}[self]


# --- may this commander order this unit? -----------------------------------------------------------


def _check_distance(rule_id: str, distance: Inches | None, reach: int, what: Message) -> None:
    if distance is None:
        raise RuleError(rule_id, msg("{what} needs the distance in inches", what=what))
    if distance < 0:
        raise RuleError("AOT-MEASURE", msg("a distance cannot be negative, not {distance}", distance=distance))
    if distance > reach:
        raise RuleError(rule_id, msg("{what} reaches {reach}″, and this unit is {distance}″ away", what=what,
                                     reach=reach, distance=distance))


def check_order(commander: Commander | None, unit: Troop, method: Method, distance: Inches | None = None) -> None:
    """Refuse, with the rule that forbids it, an order ``commander`` may not give ``unit`` by ``method``.

    ``distance`` is measured from the commander's unit, or for a battle line the gap to the unit's
    neighbour in the line.  It is required for direct command and a colonel's follower; for a signal or
    a messenger the dice decide the reach (``command.signal_reaches``, ``command.messenger_delivers``),
    so only eligibility is checked here.  An individual-unit slot has no commander (pass ``None``).
    The commander's own unit always acts in his slot, whatever the method.

    >>> greek = Troop("hoplites", "Greek")
    >>> strategos = Commander("Xanthippos", Rank.GENERAL, Troop("guard", "Greek"))
    >>> check_order(strategos, Troop("Thracians", "Thracian"), Method.SIGNAL)
    Traceback (most recent call last):
    ...
    aot_rules.core.errors.RuleError: AOT-CMD-NATIONALITY: Xanthippos is Greek and cannot order Thracians ...
    >>> check_order(strategos, greek, Method.DIRECT, 1.5)
    Traceback (most recent call last):
    ...
    aot_rules.core.errors.RuleError: AOT-CMD-DIRECT: direct command reaches 1″, and this unit is 1.5″ away
    """
    if method is Method.INDIVIDUAL:
        if commander is not None:
            raise RuleError("AOT-CMD-INDIVIDUAL-SLOT", msg("an individual-unit slot belongs to no commander: the "
                                                           "player activates the unit (or one colonel) himself"))
        return  # any one unit of the player, whoever commands it and whatever its nationality
    if commander is None:
        raise RuleError(method.rule_id, msg("an order by {method} needs a commander to give it", method=method))
    if distance is not None and distance < 0:
        raise RuleError("AOT-MEASURE", msg("a distance cannot be negative, not {distance}", distance=distance))
    if unit == commander.unit:
        return  # his own unit: the slot that activates him activates it (AOT-CMD-SLOTS)
    if commander.rank is Rank.COLONEL and method is not Method.COLONEL:
        raise RuleError("AOT-CMD-COLONEL", msg("{commander} is a colonel: he orders only one follower, by the "
                                               "same order as his own unit, not by {method}",
                                               commander=commander.name, method=method))
    if commander.rank.is_general and method is Method.COLONEL:
        raise RuleError("AOT-CMD-COLONEL", msg("{commander} is a general; only a colonel takes a follower",
                                               commander=commander.name))
    if unit.nationality != commander.nationality:
        raise RuleError("AOT-CMD-NATIONALITY", msg("{commander} is {nationality} and cannot order {unit} "
                                                   "({unit_nationality}); allies obey their own commanders or an "
                                                   "individual-unit slot", commander=commander.name,
                                                   nationality=commander.nationality, unit=unit.name,
                                                   unit_nationality=unit.nationality))
    if method is Method.DIRECT:
        _check_distance("AOT-CMD-DIRECT", distance, DIRECT_REACH, msg("direct command"))
    elif method is Method.COLONEL:
        if unit.arms != commander.unit.arms:
            raise RuleError("AOT-CMD-COLONEL", msg("{unit} is not armed like {commander}'s unit {own}; a colonel's "
                                                   "follower must carry the same armament", unit=unit.name,
                                                   commander=commander.name, own=commander.unit.name))
        _check_distance("AOT-CMD-COLONEL", distance, COLONEL_REACH, msg("a colonel's order"))
    elif method is Method.BATTLE_LINE and distance is not None and distance > LINE_GAP:
        raise RuleError("AOT-CMD-BATTLE-LINE", msg("{unit} is {distance}″ from its neighbour; units in a battle line "
                                                   "stand at most {gap}″ apart", unit=unit.name, distance=distance,
                                                   gap=LINE_GAP))


def may_order(commander: Commander | None, unit: Troop, method: Method, distance: Inches | None = None) -> bool:
    """Whether :func:`check_order` allows the order.

    >>> hoplites = Troop("hoplites", "Greek", Arms(weapons=frozenset({MeleeWeapon.SPEAR}), shield=True))
    >>> polemarch = Commander("Lamachos", Rank.COLONEL, hoplites)
    >>> spears = Troop("more hoplites", "Greek", hoplites.arms)
    >>> may_order(polemarch, spears, Method.COLONEL, 1), may_order(polemarch, spears, Method.DIRECT, 1)
    (True, False)
    >>> may_order(None, Troop("Thracians", "Thracian"), Method.INDIVIDUAL)
    True
    """
    try:
        check_order(commander, unit, method, distance)
    except RuleError:
        return False
    return True


def individual_slot(choice: Troop | Commander) -> Troop | Commander:
    """AOT-CMD-INDIVIDUAL-SLOT: an individual-unit slot activates any one unit of the player, whoever
    commands it and whatever its nationality, or one colonel (who then acts with his follower).
    A general is never activated this way (AOT-CMD-SLOTS); his unit may be, as a plain unit, and he
    gives no orders from it (Reading).

    >>> individual_slot(Commander("Pyrrhus", Rank.GENERAL, Troop("Companions", "Epirote")))
    Traceback (most recent call last):
    ...
    aot_rules.core.errors.RuleError: AOT-CMD-INDIVIDUAL-SLOT: Pyrrhus is a general: generals act only on the \
slots written for them
    """
    if isinstance(choice, Commander) and choice.rank.is_general:
        raise RuleError("AOT-CMD-INDIVIDUAL-SLOT", msg("{name} is a general: generals act only on the slots "
                                                       "written for them", name=choice.name))
    return choice


# --- the battle line (AOT-CMD-BATTLE-LINE) ---------------------------------------------------------


@dataclass(frozen=True)
class LineUnit:
    """A unit in a battle line: its own full move (AOT-MOVE-DISTANCE) and the warriors who could fire on
    their own at the target it would shoot (AOT-SHOOT-RANGE; 0 if it does not shoot)."""

    troop: Troop
    max_move: Inches
    firers: int = 0


class LineAllowance(NamedTuple):
    """What one unit of a battle line may do when the line is ordered."""

    unit: str
    move: Inches
    firers: int


def line_move(general_max: Inches, own_max: Inches) -> Inches:
    """How far a unit of a battle line may move: 1″ less than the general's unit's full move, and never
    more than its own (AOT-CMD-BATTLE-LINE, Readings: a flat −1, capped by the unit's own move).

    The −1 counts from the general's unit's *full* move, not from what it actually moves: the rule lets
    the general's unit move short precisely so the other units of the line can keep level with it.

    >>> line_move(7, 8), line_move(7, 5), line_move(Fraction(1, 2), 9)
    (6, 5, 0)
    """
    return max(min(general_max - 1, own_max), 0)


def line_firers(general_firers: int, own_firers: int) -> int:
    """How many warriors of a unit in a battle line fire: one fewer than in the general's unit, and never
    more than could fire on their own (AOT-CMD-BATTLE-LINE, Readings as for the move).

    >>> line_firers(4, 6), line_firers(4, 2), line_firers(0, 3)
    (3, 2, 0)
    """
    return max(min(general_firers - 1, own_firers), 0)


def battle_line(general: Commander, line: Sequence[LineUnit],
                gaps: Mapping[tuple[str, str], Inches]) -> tuple[LineAllowance, ...]:
    """Order a battle line: each unit's move and firers, the general's unit first.

    ``line`` holds the general's own unit and the units he leads; ``gaps`` gives the distance between
    pairs of them (either order), and a pair left out is not neighbours.  Every unit must be joined to
    the general's unit through neighbours at most 1″ apart, so a line may be several units deep.

    >>> sword = Arms(weapons=frozenset({MeleeWeapon.SWORD}), shield=True)
    >>> g = Commander("Scipio", Rank.GENERAL, Troop("hastati I", "Roman", sword))
    >>> line = [LineUnit(g.unit, 7, 3), LineUnit(Troop("hastati II", "Roman", sword), 7, 4),
    ...         LineUnit(Troop("velites", "Roman"), 8, 2)]
    >>> battle_line(g, line, {("hastati I", "hastati II"): 1, ("hastati II", "velites"): 0.5})
    (LineAllowance(unit='hastati I', move=7, firers=3), LineAllowance(unit='hastati II', move=6, firers=2), \
LineAllowance(unit='velites', move=6, firers=2))
    """
    rid = "AOT-CMD-BATTLE-LINE"
    if not general.rank.is_general:
        raise RuleError(rid, msg("{general} is a colonel; only a general leads a battle line", general=general.name))
    names = [m.troop.name for m in line]
    if len(set(names)) != len(names):
        raise RuleError(rid, msg("each unit stands in the line once"))
    by_name = {m.troop.name: m for m in line}
    own = by_name.get(general.unit.name)
    if own is None or own.troop != general.unit:
        raise RuleError(rid, msg("{general}'s own unit {unit} must be in the line he leads", general=general.name,
                                 unit=general.unit.name))
    for m in line:
        if m.max_move < 0 or m.firers < 0:
            raise RuleError(rid, msg("{unit}: a move or a number of firers cannot be negative", unit=m.troop.name))
        check_order(general, m.troop, Method.BATTLE_LINE)
    for (x, y), gap in gaps.items():
        if x not in by_name or y not in by_name:
            raise RuleError(rid, msg("a gap is given between {x} and {y}, but only the units of the line count", x=x,
                                     y=y))
        if gap < 0:
            raise RuleError("AOT-MEASURE", msg("a distance cannot be negative, not {distance}", distance=gap))
    joined, frontier = {own.troop.name}, [own.troop.name]
    while frontier:
        here = frontier.pop()
        for (x, y), gap in gaps.items():
            if gap <= LINE_GAP and here in (x, y):
                other = y if here == x else x
                if other not in joined:
                    joined.add(other)
                    frontier.append(other)
    apart = [n for n in names if n not in joined]
    if apart:
        raise RuleError(rid, msg("{units} not joined to {general}'s unit through neighbours at most {gap}″ apart",
                                 units=", ".join(apart), general=general.name, gap=LINE_GAP))
    rest = [m for m in line if m is not own]
    return (LineAllowance(own.troop.name, own.max_move, own.firers),
            *(LineAllowance(m.troop.name, line_move(own.max_move, m.max_move), line_firers(own.firers, m.firers))
              for m in rest))


# --- the slots and the commander-in-chief (AOT-CMD-SLOTS, AOT-CMD-CINC) ----------------------------


def check_slots(owners: Sequence[str], commanders: Collection[Commander]) -> tuple[str, ...]:
    """An allocation whose owners are generals of this army or "individual unit" (AOT-CMD-SLOTS).

    Colonels are never written on a slot: they are activated on an individual-unit slot.

    >>> cato = Commander("Cato", Rank.COLONEL, Troop("triarii", "Roman"))
    >>> check_slots(["Cato"] + [INDIVIDUAL] * 5, [cato])
    Traceback (most recent call last):
    ...
    aot_rules.core.errors.RuleError: AOT-CMD-SLOTS: Cato is a colonel; colonels act on individual-unit slots, ...
    """
    owners = check_allocation(owners)
    ranks = {c.name: c.rank for c in commanders}
    for o in owners:
        if o == INDIVIDUAL:
            continue
        if o not in ranks:
            raise RuleError("AOT-CMD-SLOTS", msg("{name} is not a general of this army", name=o))
        if not ranks[o].is_general:
            raise RuleError("AOT-CMD-SLOTS", msg("{name} is a colonel; colonels act on individual-unit slots, and are "
                                                 "never written on a slot", name=o))
    return owners


class Rewrite(NamedTuple):
    """A commander-in-chief's new allocation, and who now owns each of this turn's slots still to play."""

    allocation: tuple[str, ...]
    remaining: tuple[tuple[int, str], ...]


def cinc_rewrite(commander: Commander, allocation: Sequence[str], new: Sequence[str], slot: int,
                 activated: Sequence[int], commanders: Collection[Commander] = ()) -> Rewrite:
    """AOT-CMD-CINC: in one of his own slots the commander-in-chief may rewrite the allocation instead of
    giving orders.  It takes effect at once: the new owners govern this player's slots still to be played
    this turn (Reading), and every later turn.

    ``activated`` lists this player's slots for the turn in the order they are played, and ``slot`` is
    the one being played; ``commanders``, if given, lets the new allocation be checked by name.

    >>> c = Commander("Hannibal", Rank.C_IN_C, Troop("Libyans", "Carthaginian"))
    >>> old = ["Mago", "Hasdrubal", INDIVIDUAL, "Hannibal", "Hannibal", "Mago"]
    >>> new = ["Hasdrubal", "Hasdrubal", "Hasdrubal", "Hannibal", "Mago", "Mago"]
    >>> cinc_rewrite(c, old, new, 5, (5, 4, 3)).remaining
    ((4, 'Hannibal'), (3, 'Hasdrubal'))
    """
    rid = "AOT-CMD-CINC"
    if commander.rank is not Rank.C_IN_C:
        raise RuleError(rid, msg("{name} is not the commander-in-chief; only he may rewrite the slots",
                                 name=commander.name))
    old = check_allocation(allocation)
    if slot not in activated:
        raise RuleError(rid, msg("slot {slot} has not come up this turn", slot=slot))
    if old[slot - 1] != commander.name:
        raise RuleError(rid, msg("slot {slot} belongs to {owner}; {name} rewrites the slots only in one of his own",
                                 slot=slot, owner=old[slot - 1], name=commander.name))
    written = check_slots(new, commanders) if commanders else check_allocation(new)
    later = tuple(activated)[tuple(activated).index(slot) + 1:]
    return Rewrite(written, tuple((s, written[s - 1]) for s in later))


# --- one commander's slot (AOT-CMD-SLOT-ORDER) -----------------------------------------------------


@dataclass(frozen=True)
class SlotOrders:
    """What one commander does in one of his slots, in the order he does it.

    A general gives every order of a slot either before his own unit acts or after it, never some of
    each (AOT-CMD-SLOT-ORDER); he uses one way of giving orders in a slot (Reading); a messenger carries
    one order (AOT-CMD-MESSENGER) and a colonel takes one follower (AOT-CMD-COLONEL); a
    commander-in-chief who rewrites the slots gives no orders in that slot (AOT-CMD-CINC), though his own
    unit may still act (Reading).  Giving orders is not an action of his own unit
    (AOT-CMD-FREE-ACTIONS), so nothing here touches that unit's :class:`UnitTurn`.

    >>> g = Commander("Scipio", Rank.GENERAL, Troop("hastati I", "Roman"))
    >>> s = SlotOrders(g).order(Troop("hastati II", "Roman"), Method.DIRECT, 0.5).own_unit_acts()
    >>> s.order(Troop("principes", "Roman"), Method.DIRECT, 1)
    Traceback (most recent call last):
    ...
    aot_rules.core.errors.RuleError: AOT-CMD-SLOT-ORDER: Scipio gave orders before his own unit acted, so he ...
    """

    commander: Commander
    method: Method | None = None
    ordered: tuple[str, ...] = ()
    orders_before_own: int | None = None  # orders given when his own unit acted; None until it has
    rewritten: bool = False

    def order(self, unit: Troop, method: Method, distance: Inches | None = None) -> SlotOrders:
        c = self.commander
        if self.rewritten:
            raise RuleError("AOT-CMD-CINC", msg("{name} rewrote the slots in this slot instead of giving orders",
                                                name=c.name))
        if unit == c.unit:
            raise RuleError("AOT-CMD-SLOT-ORDER", msg("{unit} is {name}'s own unit: it acts by his slot, not by an "
                                                      "order (see own_unit_acts)", unit=unit.name, name=c.name))
        check_order(c, unit, method, distance)
        if self.method is not None and method is not self.method:
            raise RuleError("AOT-CMD-SLOT-ORDER", msg("{name} is giving orders by {method} in this slot; he cannot "
                                                      "also use {other}", name=c.name, method=self.method,
                                                      other=method))
        if unit.name in self.ordered:
            raise RuleError("AOT-CMD-SLOT-ORDER", msg("{unit} has already been ordered in this slot", unit=unit.name))
        if self.ordered and method is Method.MESSENGER:
            raise RuleError("AOT-CMD-MESSENGER", msg("a messenger carries an order to one unit only"))
        if self.ordered and method is Method.COLONEL:
            raise RuleError("AOT-CMD-COLONEL", msg("{name} is a colonel: one unit follows him, not two", name=c.name))
        if self.orders_before_own:
            raise RuleError("AOT-CMD-SLOT-ORDER", msg("{name} gave orders before his own unit acted, so he cannot "
                                                      "give more after it", name=c.name))
        return replace(self, method=method, ordered=(*self.ordered, unit.name))

    def own_unit_acts(self) -> SlotOrders:
        """The commander's own unit takes its action in this slot (its ``UnitTurn`` says whether it may)."""
        if self.orders_before_own is not None:
            raise RuleError("AOT-CMD-SLOTS", msg("{unit} has already acted in this slot",
                                                 unit=self.commander.unit.name))
        return replace(self, orders_before_own=len(self.ordered))

    def rewrite(self) -> SlotOrders:
        """The commander-in-chief uses this slot to rewrite the allocation (see :func:`cinc_rewrite`)."""
        c = self.commander
        if c.rank is not Rank.C_IN_C:
            raise RuleError("AOT-CMD-CINC", msg("{name} is not the commander-in-chief; only he may rewrite the slots",
                                                name=c.name))
        if self.ordered or self.rewritten:
            raise RuleError("AOT-CMD-CINC", msg("{name} rewrites the slots instead of giving orders, not as well",
                                                name=c.name))
        return replace(self, rewritten=True)


# --- one unit's turn (AOT-UNIT-ACTIONS) -----------------------------------------------------------


@vocabulary({"move": msg("move"), "shoot": msg("shoot"), "reform": msg("reform"), "run": msg("run"),
             "trot": msg("trot"), "retreat": msg("retreat"), "evade": msg("evade"), "turn": msg("turn")})
class Activity(StrEnum):
    """Everything a unit can do in a turn, as the once-a-turn allowances count it."""

    MOVE = "move"
    SHOOT = "shoot"
    REFORM = "reform"
    RUN = "run"  # foot (AOT-RUN)
    TROT = "trot"  # horse (AOT-TROT)
    RETREAT = "retreat"  # after shooting or melee, or forced by DP (AOT-SHOOT-RESULT, AOT-MELEE-RETREAT)
    EVADE = "evade"  # AOT-EVADE-ELIGIBILITY
    TURN = "turn"  # AOT-TURN

    @property
    def is_action(self) -> bool:
        """Move, shoot and reform are the unit's one action of the turn (AOT-UNIT-ACTIONS)."""
        return self in (Activity.MOVE, Activity.SHOOT, Activity.REFORM)

    @property
    def needs_activation(self) -> bool:
        """The action, and the run or trot that goes with it, need the unit to have been activated in this
        slot; a run or trot needs no *second* activation, and turning, retreating and evading need none
        (AOT-CMD-FREE-ACTIONS)."""
        return self.is_action or self in (Activity.RUN, Activity.TROT)


@dataclass(frozen=True)
class UnitTurn:
    """What one unit has done so far this turn, and so what it may still do.

    Each turn a unit gets one action (move, shoot or reform) and one run (foot) or trot (horse); a
    retreat shares the run/trot allowance; a unit in contact with the enemy takes no actions; turning is
    not an action (AOT-UNIT-ACTIONS).  A general's unit acts at most once a turn however many of his slots
    come up (AOT-CMD-SLOTS).  Evading is allowed once, only before any run or trot, and forbids one after
    it (AOT-EVADE-ELIGIBILITY).

    ``reaction=True`` marks a run or trot, or a shot, made in the enemy's slot as a reaction the rules
    allow without activation: a countercharge (AOT-REACT-COUNTERCHARGE, whose Reading spends the run or
    trot) or a junior officer's move (AOT-PROP-INITIATIVE, whose Reading spends the run or trot and the
    action).  Return fire is not tracked: it does not use the action (AOT-REACT-RETURN-FIRE).

    ``retreat_after_run`` is the alternative reading of the shared allowance: a retreat that the result of
    a fight imposes is made even after a run or trot (it still ends the allowance).  By default a unit
    that has run or trotted makes no retreat this turn.

    >>> t = UnitTurn("hoplites").activate().do(Activity.MOVE).do(Activity.RUN)
    >>> t.action, t.extra
    (<Activity.MOVE: 'move'>, <Activity.RUN: 'run'>)
    >>> t.do(Activity.SHOOT)
    Traceback (most recent call last):
    ...
    aot_rules.core.errors.RuleError: AOT-UNIT-ACTIONS: hoplites has already made its action this turn (move)
    """

    name: str
    mounted: bool = False
    can_run: bool = True  # foot with a shield (or pavise) and armour cannot run (AOT-RUN)
    panicking: bool = False
    general: bool = False  # a general stands in this unit
    retreat_after_run: bool = False  # alternative reading, see above
    in_contact: bool = False
    active: bool = False  # activated in the slot being played
    action: Activity | None = None
    extra: Activity | None = None  # the run, trot or retreat that used the once-a-turn allowance
    retreated: bool = False
    evaded: bool = False
    turns: int = 0  # turns made, each with its own disorder test

    @classmethod
    def of(cls, unit: Unit, *, general: bool = False, in_contact: bool = False,
           retreat_after_run: bool = False) -> UnitTurn:
        """A fresh turn for ``unit``.

        >>> UnitTurn.of(Unit(ranks=(3, 3), shield=True, armour=True)).can_run
        False
        """
        return cls(unit.name, mounted=unit.mounted,
                   can_run=unit.mounted or not ((unit.shield or unit.pavise) and unit.armour),
                   panicking=unit.panicking, general=general, retreat_after_run=retreat_after_run,
                   in_contact=in_contact)

    # --- the slot around it ---------------------------------------------------------------------
    def activate(self) -> UnitTurn:
        """A slot activates the unit: by a commander's order, as a colonel's follower, on an individual-unit
        slot, or as the unit of the general whose slot it is."""
        return frozen.changed(self, active=True)

    def end_slot(self) -> UnitTurn:
        """The slot is over; a later activation this turn lets the unit use what it has left."""
        return frozen.changed(self, active=False)

    def engage(self) -> UnitTurn:
        """The unit is now in contact with an enemy unit."""
        return frozen.changed(self, in_contact=True)

    def new_turn(self) -> UnitTurn:
        """The next turn: every allowance back; contact stays as it is."""
        return frozen.changed(self, active=False, action=None, extra=None, retreated=False, evaded=False, turns=0)

    # --- doing things ---------------------------------------------------------------------------
    def do(self, activity: Activity, *, reaction: bool = False) -> UnitTurn:
        """Do ``activity``; refuse it, with the rule, if the unit may not."""
        n = self.name
        if activity.needs_activation and not (self.active or reaction):
            raise RuleError("AOT-CMD-SLOTS", msg("{unit} has not been activated in this slot, so it cannot {activity}",
                                                 unit=n, activity=activity))
        if activity in (Activity.RUN, Activity.TROT):
            return self._extra_move(activity)
        if activity.is_action:
            return self._action(activity)
        if activity is Activity.RETREAT:
            return self._retreat()
        if activity is Activity.EVADE:
            if self.in_contact:
                raise RuleError("AOT-EVADE-PROCEDURE", msg("{unit} is already fighting; a unit evades when it is "
                                                           "contacted", unit=n))
            if self.evaded:
                raise RuleError("AOT-EVADE-ELIGIBILITY", msg("{unit} has already evaded this turn; a unit evades once",
                                                             unit=n))
            if self.extra in (Activity.RUN, Activity.TROT):
                raise RuleError("AOT-EVADE-ELIGIBILITY", msg("{unit} has already made its {extra} this turn, so it "
                                                             "cannot evade", unit=n, extra=self.extra))
            return frozen.changed(self, evaded=True)
        if self.in_contact:
            raise RuleError("AOT-TURN", msg("{unit} is in contact with the enemy and cannot turn", unit=n))
        return frozen.changed(self, turns=self.turns + 1)

    def _action(self, activity: Activity) -> UnitTurn:
        n = self.name
        if self.in_contact:
            raise RuleError("AOT-UNIT-ACTIONS", msg("{unit} is in contact with the enemy and can take no action",
                                                    unit=n))
        if self.action is not None and self.general:
            raise RuleError("AOT-CMD-SLOTS", msg("{unit} has already made its action this turn ({action}) (a general's "
                                                 "unit acts once a turn however many of his slots come up)", unit=n,
                                                 action=self.action))
        if self.action is not None:
            raise RuleError("AOT-UNIT-ACTIONS", msg("{unit} has already made its action this turn ({action})", unit=n,
                                                    action=self.action))
        if activity is Activity.SHOOT and self.panicking:
            raise RuleError("AOT-PANIC", msg("{unit} is panicking and cannot shoot", unit=n))
        return frozen.changed(self, action=activity)

    def _extra_move(self, activity: Activity) -> UnitTurn:
        n = self.name
        own = Activity.TROT if self.mounted else Activity.RUN
        if activity is not own:
            if self.mounted:
                raise RuleError("AOT-TROT", msg("{unit} is mounted: it may {own}, not {activity}", unit=n, own=own,
                                                activity=activity))
            raise RuleError("AOT-RUN", msg("{unit} is on foot: it may {own}, not {activity}", unit=n, own=own,
                                           activity=activity))
        if not self.can_run:
            raise RuleError("AOT-RUN", msg("{unit} carries both shields and armour and cannot run", unit=n))
        if self.in_contact:
            raise RuleError("AOT-UNIT-ACTIONS", msg("{unit} is in contact with the enemy and cannot {activity}", unit=n,
                                                    activity=activity))
        if self.extra is not None:
            raise RuleError("AOT-UNIT-ACTIONS", msg("{unit} has already made its {extra} this turn; a run or trot "
                                                    "and a retreat share one allowance", unit=n, extra=self.extra))
        if self.evaded:
            raise RuleError("AOT-EVADE-ELIGIBILITY", msg("{unit} evaded this turn and may not {activity} after it",
                                                         unit=n, activity=activity))
        return frozen.changed(self, extra=activity)

    def _retreat(self) -> UnitTurn:
        n = self.name
        if self.retreated:
            raise RuleError("AOT-UNIT-ACTIONS", msg("{unit} has already retreated this turn", unit=n))
        if self.extra is not None and not self.retreat_after_run:
            raise RuleError("AOT-UNIT-ACTIONS", msg("{unit} has already made its {extra} this turn; a run or trot "
                                                    "and a retreat share one allowance", unit=n, extra=self.extra))
        return frozen.changed(self, extra=self.extra or Activity.RETREAT, retreated=True, in_contact=False)
