"""Command on the table: who may set which unit in motion in the slot being played.

The rules of command already exist as bookkeeping over names and inches (:mod:`aot_rules.aot.rules.orders`)
and dice (:mod:`aot_rules.aot.rules.command`).  This module supplies what they need from the table: the
slot's owner from the side's allocation, the commander and the unit as :class:`~orders.Commander` and
:class:`~orders.Troop` (nationality included), and the distances measured edge to edge with
:func:`geometry.distance`.  Activation itself is ``piece.turn.activate()``.

What a commander has already done in the slot (his way of giving orders, whom he ordered, whether his own
unit has acted, a signal's radius) is kept in the slot's typed memory (:class:`~aot_rules.tabletop.state.Ledger`
in :class:`~aot_rules.tabletop.state.SlotMemory`; :func:`ledger`), updated as each order is given, with the
contacts standing when the slot opened: no rule searches the log for them, the state stays the one immutable
record of the game, and a saved game resumes mid-slot with the same limits in force (the loader's replay
rebuilds the memory).

Readings (engine):

- The general's own unit "acts" (AOT-CMD-SLOT-ORDER) when it is activated: orders given before that are
  orders before it, orders after it are after it.  A player acts with each unit as soon as he activates it.
- A signal is rolled once per slot, when the first unit is signalled; every later unit signalled in the
  same slot is reached or not by that one radius (the order is declared once, AOT-CMD-SIGNAL).
- A failed signal or messenger still counts as the commander's way of giving orders in the slot, and a
  failed messenger as his one messenger (the messenger rode; the order did not get through).
- A general whose unit has left the table gives no orders: his slot passes.
- A battle line grows from the general's unit: a unit joins it when it stands within 1″ of the general's
  unit or of a unit already ordered into the line in this slot.  Every unit of the line but the general's
  moves at most 1″ less than the general's unit (and no more than its own allowance) and shoots with one
  firer fewer than it would alone (:func:`line_lead`, used by ``moves.reach`` and ``combat.aim``).
- A unit's nationality is its piece's ``nationality`` when the piece carries one (an allied contingent),
  otherwise its side's.
- The slot rewrite a double allows (AOT-CMD-DOUBLES) is made before the initiative is rolled again (the
  index's Reading: rewrite, then roll; :func:`rewrite_on_double`, then ``turn.roll_again``); a player may
  rewrite after each double of the turn.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import lru_cache

from aot_rules.aot.rules.command import INDIVIDUAL, activated_slots, messenger_delivers, signal_reaches
from aot_rules.aot.rules.orders import (
    LINE_GAP,
    Commander,
    Method,
    Rank,
    SlotOrders,
    Troop,
    check_order,
    check_slots,
    cinc_rewrite,
    individual_slot,
)
from aot_rules.core import frozen
from aot_rules.core.errors import RuleError
from aot_rules.core.events import Event
from aot_rules.core.i18n import Possessive, msg
from aot_rules.tabletop import geometry
from aot_rules.tabletop.events import Activated, SlotOpened, SlotsRewritten
from aot_rules.tabletop.game import Referee
from aot_rules.tabletop.geometry import exact_inches, figure
from aot_rules.tabletop.memo import ByIdentity
from aot_rules.tabletop.sight import gap
from aot_rules.tabletop.state import GameState, Ledger, Piece

#: The rule under which :func:`begin_slot_event` marks the start of a slot in the log.
SLOT_RULE = "AOT-CMD-SLOT-ORDER"
_OWN_RULE = "AOT-CMD-SLOTS"
#: A signal reaches at most a die's face in inches (AOT-CMD-SIGNAL).
SIGNAL_MAX = 6


def nationality_of(state: GameState, piece: Piece) -> str:
    """The unit's nationality: an allied contingent's piece says its own, any other is its side's."""
    return piece.nationality or state.sides[piece.side].nationality


def troop(state: GameState, piece: Piece) -> Troop:
    return Troop.of(piece.unit, nationality_of(state, piece))


def commander_of(state: GameState, side: int, name: str) -> tuple[Commander, Piece]:
    """The commander ``name`` of ``side`` as the rules see him, and the piece he stands in."""
    c = state.sides[side].commander(name)
    if c is None:
        raise RuleError("AOT-CMD-SLOTS", msg("{side} have no commander called {name}", side=state.sides[side].name,
                                             name=repr(name)))
    piece = state.piece(c.unit)
    if not piece.on_table:
        raise RuleError("AOT-CMD-SLOTS", msg("{commander} unit {unit} has left the battle ({status}); he gives no "
                                             "more orders", commander=Possessive(name), unit=piece.name,
                                             status=piece.status))
    return Commander(c.name, c.rank, troop(state, piece)), piece


# --- what the slot remembers --------------------------------------------------------------------------


def begin_slot_event(state: GameState, side: int, slot: int) -> SlotOpened:
    """The event that opens a slot: whose, which, its owner, and the contacts standing at its start (so
    that the slot's melee step knows which contacts are new, AOT-MELEE-ENGAGE)."""
    return SlotOpened(side, slot, state.sides[side].slots[slot - 1], contact_ids(state))


def contacts_at_start(state: GameState) -> tuple[str, ...]:
    """The pieces that were in contact with an enemy when the slot began."""
    return state.memory.in_contact


def contact_ids(state: GameState) -> tuple[str, ...]:
    """Every piece on the table touching an enemy base (AOT-MEASURE, within :data:`geometry.CONTACT`), in
    ``state.pieces`` order."""
    pieces = state.pieces
    kept = _CONTACTS.get(pieces)
    if kept is not None:
        return kept[1]
    # each pair of enemies boxed once (the box test is symmetric), each base's own measurement as before
    touching: set[str] = set()
    others = [(e, _box(e.pose, e.size)) for e in state.fighting(1)]
    for p in state.fighting(0):
        box = _box(p.pose, p.size)
        for e, e_box in others:
            if _boxes_near(box, e_box):
                if p.id not in touching and gap(p, e) < geometry.CONTACT:
                    touching.add(p.id)
                if e.id not in touching and gap(e, p) < geometry.CONTACT:
                    touching.add(e.id)
    return _CONTACTS.put(pieces, tuple(p.id for p in pieces if p.id in touching))


#: :func:`contact_ids`'s answers by the tuple of pieces they were worked out from (a later state that shares the
#: same tuple of pieces, as most of a slot's states do, gets it without measuring).
_CONTACTS: ByIdentity[tuple[Piece, ...], tuple[str, ...]] = ByIdentity()


def _boxes_near(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Two bounding boxes come within contact distance (a cheap test before the exact one)."""
    c = geometry.CONTACT
    return a[0] - c <= b[2] and b[0] - c <= a[2] and a[1] - c <= b[3] and b[1] - c <= a[3]


@lru_cache(maxsize=65536)
def _box(pose: geometry.Pose, size: geometry.BaseSize) -> tuple[float, float, float, float]:
    xs, ys = zip(*geometry.corners(pose, size), strict=True)
    return min(xs), min(ys), max(xs), max(ys)


def ledger(state: GameState) -> Ledger:
    """The slot's command so far (empty outside a slot)."""
    return state.memory.orders


def _ordered(state: GameState, ev: Activated | SlotsRewritten) -> GameState:
    """The state with the slot's command after ``ev``, an order given or the slots rewritten (its memory)."""
    return state.changed(memory=frozen.changed(state.memory, orders=_folded(state.memory.orders, (ev,))))


def _folded(led: Ledger, events: Iterable[Event]) -> Ledger:
    """``led`` with the slot's later ``events`` read into it."""
    for ev in events:
        if isinstance(ev, SlotsRewritten) and not ev.after_double:
            led = frozen.changed(led, rewritten=True)
            continue
        if not isinstance(ev, Activated):
            continue
        pid = ev.piece
        method = ev.method
        if method is None:  # the general's own unit
            led = frozen.changed(led, own_after=len(led.ordered))
        elif method is Method.INDIVIDUAL:
            led = frozen.changed(led, individual=pid)
        elif method is Method.COLONEL:
            led = frozen.changed(led, follower=pid)
        else:
            led = frozen.changed(led, method=method, ordered=(*led.ordered, pid),
                          reached=(*led.reached, pid) if ev.reached else led.reached)
            if method is Method.SIGNAL and led.radius is None and ev.radius:
                led = frozen.changed(led, radius=ev.radius)
    return led


def line_lead(state: GameState, piece: Piece) -> Piece | None:
    """AOT-CMD-BATTLE-LINE: the general's unit leading the battle line ``piece`` was ordered into in the slot
    being played, or None (not in a line, or the general's own unit: it moves and shoots in full)."""
    if not state.slot or piece.side != state.mover:
        return None
    led = ledger(state)
    if led.method is not Method.BATTLE_LINE or piece.id not in led.reached:
        return None
    c = state.sides[piece.side].commander(state.sides[piece.side].slots[state.slot - 1])
    return None if c is None else state.piece(c.unit)


def slot_orders(c: Commander, state: GameState, led: Ledger) -> SlotOrders:
    """The rules' record of the commander's slot, rebuilt from the ledger (it then checks the next order)."""
    names = tuple(state.piece(pid).name for pid in led.ordered)
    return SlotOrders(c, led.method, names, led.own_after, led.rewritten)


# --- activation ------------------------------------------------------------------------------------


def _check_slot(state: GameState, side: int) -> str:
    if state.result is not None:
        raise RuleError("AOT-TURN-SEQUENCE", msg("the battle is over: {result}", result=state.result))
    if not state.slot or state.mover != side:
        if state.slot:
            raise RuleError("AOT-CMD-SLOT-ORDER", msg("{side} have no slot being played (slot {slot} of {mover})",
                                                      side=state.sides[side].name, slot=state.slot,
                                                      mover=state.sides[state.mover].name))
        raise RuleError("AOT-CMD-SLOT-ORDER", msg("{side} have no slot being played (no slot)",
                                                  side=state.sides[side].name))
    return state.memory.owner or state.sides[side].slots[state.slot - 1]


def _check_unit(state: GameState, side: int, pid: str) -> Piece:
    p = state.piece(pid)
    if p.side != side:
        raise RuleError("AOT-CMD-SLOTS", msg("{unit} belongs to {owner}, not {side}", unit=p.name,
                                             owner=state.sides[p.side].name, side=state.sides[side].name))
    if not p.on_table:
        raise RuleError("AOT-CMD-SLOTS", msg("{unit} has left the battle ({status})", unit=p.name, status=p.status))
    if p.turn.active:
        raise RuleError("AOT-CMD-SLOT-ORDER", msg("{unit} has already been activated in this slot", unit=p.name))
    if p.turn.in_contact:
        raise RuleError("AOT-UNIT-ACTIONS", msg("{unit} is in contact with the enemy and can take no action, so "
                                                "there is nothing to activate it for", unit=p.name))
    if p.turn.action is not None and (p.turn.extra is not None or not p.turn.can_run):
        rid = "AOT-CMD-SLOTS" if p.turn.general else "AOT-UNIT-ACTIONS"
        raise RuleError(rid, msg("{unit} has already made its action this turn ({action}) and has no run or "
                                 "trot left", unit=p.name, action=p.turn.action))
    return p


def _activated(state: GameState, ref: Referee, p: Piece, who: str, rule: str, method: Method | None,
               distance: float = 0.0, via: str = "") -> GameState:
    ev = Activated(p.id, p.side, who, method, name=p.name, distance=round(distance, 4), via=via)
    ref.note(who, rule, events=(ev,), pieces=(p.id,))
    return _ordered(state, ev).with_piece(p.changed(turn=p.turn.activate()))


def activate(state: GameState, ref: Referee, side: int, pid: str, method: Method,
             commander: str | None = None) -> GameState:
    """Activate the unit ``pid`` of ``side`` in the slot being played, by ``method``.

    On a general's slot: his own unit (any general's method names it), or another unit by direct command
    (within 1″ of his unit), signal (one d6 radius per slot), battle line (joined through neighbours at
    most 1″ apart) or messenger (one d6, more than the distance).  On an individual-unit slot: one unit
    (``Method.INDIVIDUAL``); if that unit is a colonel's, one follower of the same nationality and arms
    within 1″ (``Method.COLONEL``, naming the colonel).  Refusals name the rule; a signal or messenger
    that fails is not a refusal: its die is logged and the unit stays inactive.
    """
    owner = _check_slot(state, side)
    p = _check_unit(state, side, pid)
    sname = state.sides[side].name
    if owner == INDIVIDUAL:
        return _individual(state, ref, side, p, method, commander)
    if commander is not None and commander != owner:
        raise RuleError("AOT-CMD-SLOTS", msg("slot {slot} of {side} belongs to {owner}, not {commander}",
                                             slot=state.slot, side=sname, owner=owner, commander=commander))
    c, gp = commander_of(state, side, owner)
    led = ledger(state)
    orders = slot_orders(c, state, led)
    t = troop(state, p)
    if p.id == gp.id:
        orders.own_unit_acts()
        return _activated(state, ref, p, c.name, _OWN_RULE, None)
    if method is Method.DIRECT:
        d = gap(gp, p)
        orders.order(t, method, exact_inches(d))
        return _activated(state, ref, p, c.name, method.rule_id, method, d, gp.name)
    if method is Method.BATTLE_LINE:
        line = [gp, *(state.piece(q) for q in led.reached)]
        d = min(gap(q, p) for q in line)
        if d > LINE_GAP:
            raise RuleError("AOT-CMD-BATTLE-LINE", msg("{unit} is {distance}″ from the nearest unit of {general} "
                                                       "line; units in a battle line stand at most {gap}″ apart",
                                                       unit=p.name, distance=figure(d, ".2f"),
                                                       general=Possessive(c.name), gap=LINE_GAP))
        orders.order(t, method, exact_inches(d))
        return _activated(state, ref, p, c.name, method.rule_id, method, d)
    if method is Method.SIGNAL:
        orders.order(t, method)
        d = gap(gp, p)
        if led.radius is None:
            with ref.rolling(c.name, method.rule_id, p.id) as rec:
                radius = ref.dice.d6(msg("signal radius"))
                reached = signal_reaches(radius, exact_inches(d))
                ev = Activated(p.id, side, c.name, method, reached, radius, p.name, round(d, 4))
                rec.events.append(ev)
        else:
            radius = led.radius
            reached = signal_reaches(radius, exact_inches(d))
            ev = Activated(p.id, side, c.name, method, reached, radius, p.name, round(d, 4))
            ref.note(c.name, method.rule_id, events=(ev,), pieces=(p.id,))
        state = _ordered(state, ev)  # a failed signal is still the slot's way of giving orders
        return state.with_piece(p.changed(turn=p.turn.activate())) if reached else state
    if method is Method.MESSENGER:
        orders.order(t, method)
        d = gap(gp, p)
        if exact_inches(d) <= 0:
            raise RuleError("AOT-CMD-MESSENGER", msg("{unit} touches {general_unit}: give the order by direct "
                                                     "command", unit=p.name, general_unit=gp.name))
        with ref.rolling(c.name, method.rule_id, p.id) as rec:
            roll = ref.dice.d6(msg("messenger"))
            ok = messenger_delivers(roll, exact_inches(d))
            ev = Activated(p.id, side, c.name, method, ok, 0, p.name, round(d, 4))
            rec.events.append(ev)
        state = _ordered(state, ev)  # a failed messenger still rode: the commander's one messenger is spent
        return state.with_piece(p.changed(turn=p.turn.activate())) if ok else state
    check_order(c, t, method)  # individual or colonel on a general's slot: the rules say why not
    raise RuleError(method.rule_id, msg("{method} cannot activate {unit} on {general} slot", method=method,
                                        unit=p.name, general=Possessive(c.name)))


def _individual(state: GameState, ref: Referee, side: int, p: Piece, method: Method,
                commander: str | None) -> GameState:
    sname = state.sides[side].name
    led = ledger(state)
    t = troop(state, p)
    if method is Method.INDIVIDUAL:
        if led.individual is not None:
            first = state.piece(led.individual)
            raise RuleError("AOT-CMD-INDIVIDUAL-SLOT", msg("slot {slot} of {side} is an individual-unit slot and has "
                                                           "already activated {unit}; it activates one unit",
                                                           slot=state.slot, side=sname, unit=first.name))
        check_order(None, t, method)
        colonel = next((c for c in state.sides[side].commanders if c.unit == p.id and c.rank is Rank.COLONEL), None)
        return _activated(state, ref, p, sname, method.rule_id, method, via=colonel.name if colonel else "")
    if method is Method.COLONEL:
        if commander is None:
            raise RuleError("AOT-CMD-COLONEL", msg("name the colonel whom {unit} is to follow", unit=p.name))
        cs = state.sides[side].commander(commander)
        if cs is None:
            raise RuleError("AOT-CMD-COLONEL", msg("{side} have no commander called {name}", side=sname,
                                                   name=repr(commander)))
        c, cp = commander_of(state, side, commander)
        if cs.rank is not Rank.COLONEL:
            individual_slot(c)
        if led.individual != cp.id:
            raise RuleError("AOT-CMD-COLONEL", msg("{colonel} unit {unit} has not been activated on this "
                                                   "individual-unit slot, so no unit follows him",
                                                   colonel=Possessive(c.name), unit=cp.name))
        orders = SlotOrders(c, Method.COLONEL if led.follower else None, (state.piece(led.follower).name,)
                            if led.follower else (), 0)
        d = gap(cp, p)
        orders.order(t, method, exact_inches(d))
        return _activated(state, ref, p, c.name, method.rule_id, method, d)
    raise RuleError("AOT-CMD-INDIVIDUAL-SLOT", msg("slot {slot} of {side} is an individual-unit slot: it activates "
                                                   "one unit (or one colonel and his follower), not an order by "
                                                   "{method}", slot=state.slot, side=sname, method=method))


# --- rewriting the slots -------------------------------------------------------------------------


def rewrite_slots(state: GameState, ref: Referee, side: int, owners: Sequence[str]) -> GameState:
    """AOT-CMD-CINC: in one of his own slots the commander-in-chief rewrites the allocation instead of giving
    orders; the new owners govern this side's slots still to be played this turn and every later turn."""
    owner = _check_slot(state, side)
    s = state.sides[side]
    if owner == INDIVIDUAL:
        raise RuleError("AOT-CMD-CINC", msg("slot {slot} of {side} is an individual-unit slot; the "
                                            "commander-in-chief rewrites the slots in one of his own",
                                            slot=state.slot, side=s.name))
    c, _ = commander_of(state, side, owner)
    led = ledger(state)
    slot_orders(c, state, led).rewrite()
    if led.own_after is not None:
        raise RuleError("AOT-CMD-CINC", msg("{commander} has already acted with his unit in this slot; he rewrites "
                                            "the slots instead of giving orders", commander=c.name))
    a, b = state.initiative if side == 0 else state.initiative[::-1]
    cmds = _commanders(state, side)
    rw = cinc_rewrite(c, s.slots, list(owners), state.slot, activated_slots(a, b), cmds)
    ev = SlotsRewritten(side, tuple(rw.allocation), False)
    ref.note(c.name, "AOT-CMD-CINC", events=(ev,))
    after = _ordered(state, ev).with_side(side, replace(s, slots=rw.allocation))
    return after.changed(memory=replace(after.memory, owner=owner))  # this slot stays his (the Reading)


def _commanders(state: GameState, side: int) -> list[Commander]:
    out = []
    for cs in state.sides[side].commanders:
        p = state.piece(cs.unit)
        out.append(Commander(cs.name, cs.rank, troop(state, p)))
    return out


def rewrite_on_double(state: GameState, ref: Referee, side: int, owners: Sequence[str]) -> GameState:
    """AOT-CMD-DOUBLES: after a tied initiative roll, a player may rewrite his slots before the dice are rolled
    again (the index's Reading: rewrite, then roll; so nobody rewrites knowing the new dice)."""
    s = state.sides[side]
    if not state.double:
        raise RuleError("AOT-CMD-DOUBLES", msg("no double was rolled for the initiative this turn, so {side} may "
                                               "not rewrite their slots", side=s.name))
    if state.initiative != (0, 0) or state.turn == 0 or state.slot or state.result is not None:
        raise RuleError("AOT-CMD-DOUBLES", msg("{side} rewrite their slots after a double before the dice are "
                                               "rolled again; they have been rolled", side=s.name))
    written = check_slots(list(owners), _commanders(state, side))
    ref.note(s.name, "AOT-CMD-DOUBLES", events=(SlotsRewritten(side, tuple(written), True),))
    return state.with_side(side, replace(s, slots=written))
