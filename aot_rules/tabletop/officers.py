"""Junior officers on the table (AOT-PROP-INITIATIVE): a unit with a junior officer acts in the enemy's slot.

The rule: once the enemy has finished its actions in a slot, and before the slot's melee, such a unit may
counter-attack (charge at the run or trot), take up a formation (reform), or, if it shoots, shoot.  The turn
sequence asks the other side's player for these between the slot's actions and its melee
(:func:`aot_rules.tabletop.turn.play_turn`); :func:`junior_officer` is the one action, and
:func:`aot_rules.tabletop.legal.officer_actions` lists what it allows now.

Readings (engine):

- the index's Reading: the officer's act uses up the unit's allowances for the turn, both its one action and
  its run or trot, whichever of the three it makes; so only a unit with both still unused may act;
- a counter-attack is a run (or trot) whose declared path ends in contact with an enemy; the die decides
  how far along it the unit gets, as in any run, so it may fall short;
- the unit needs no activation (it acts in the enemy's slot); it must not be in contact or panicking.
"""

from __future__ import annotations

from dataclasses import replace

from aot_rules.aot.rules.orders import Activity
from aot_rules.core import frozen
from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import Possessive, msg
from aot_rules.tabletop import combat, moves
from aot_rules.tabletop.events import OfficerAct, OfficerActed
from aot_rules.tabletop.game import Referee
from aot_rules.tabletop.state import GameState

RULE = "AOT-PROP-INITIATIVE"
#: The longest path a counter-attack is planned along, inches (the run or trot die says how far along it goes).
CHARGE_PLAN = 12.0
#: What a junior officer's unit may do, by the name the action takes.
KINDS = tuple(k.value for k in OfficerAct)


def may_act(state: GameState, pid: str) -> None:
    """Refuse, with the rule, a junior officer's act of ``pid`` that the rules do not allow now."""
    p = state.piece(pid)
    if not p.unit.initiative:
        raise RuleError(RULE, msg("{unit} has no junior officer", unit=p.name))
    if not p.on_table:
        raise RuleError(RULE, msg("{unit} has left the battle ({status})", unit=p.name, status=p.status))
    if state.result is not None or not state.slot or state.mover == p.side:
        raise RuleError(RULE, msg("{unit} junior officer acts in the enemy's slot, once the enemy has finished its "
                                  "actions", unit=Possessive(p.name)))
    if p.turn.in_contact:
        raise RuleError(RULE, msg("{unit} is in contact: its junior officer cannot act", unit=p.name))
    if p.unit.panicking:
        raise RuleError(RULE, msg("{unit} is panicking: its junior officer cannot act", unit=p.name))
    if p.turn.action is not None or p.turn.extra is not None:
        raise RuleError(RULE, msg("{unit} has already used its action or its run this turn; a junior officer's act "
                                  "uses both (Reading)", unit=p.name))


def junior_officer(state: GameState, ref: Referee, pid: str, kind: str, target: str = "",
                   steps: tuple[moves.Step, ...] = ()) -> GameState:
    """The junior officer of ``pid`` acts in the enemy's slot: ``kind`` "shoot" at ``target``, "charge" along
    ``steps`` at the run or trot, or "reform".  Refused, with nothing changed, when :func:`may_act` refuses,
    when a charge's path does not end in contact with an enemy, or when the underlying action is refused."""
    may_act(state, pid)
    if kind not in KINDS:
        raise RuleError(RULE, msg("a junior officer's unit may {kinds}, not {kind}", kinds=", ".join(KINDS),
                                  kind=repr(kind)))
    p = state.piece(pid)
    armed = replace(p, turn=p.turn.activate())
    s = state.with_piece(armed)
    if kind == "charge":
        if not steps:
            raise RuleError(RULE, msg("{unit}: a counter-attack needs a path to the enemy", unit=p.name))
        total = sum(moves.step_cost(p.size, st) for st in steps)
        if not moves.walk(s, armed, steps, total).stopped:
            raise RuleError(RULE, msg("{unit}: a junior officer's unit charges an enemy; this path meets none",
                                      unit=p.name))
    named = state.piece(target).name if target and any(q.id == target for q in state.pieces) else ""
    ref.note(p.name, RULE, events=(OfficerActed(pid, p.side, OfficerAct(kind), target, named),), pieces=(pid,))
    if kind == "shoot":
        s = combat.shoot(s, ref, pid, target)
    elif kind == "charge":
        s = moves.move(s, ref, pid, steps, run=True)
    else:
        s = moves.reform(s, ref, pid)
    q = s.piece(pid)
    action = {"shoot": Activity.SHOOT, "charge": Activity.MOVE, "reform": Activity.REFORM}[kind]
    extra = Activity.TROT if q.unit.mounted else Activity.RUN
    spent = frozen.changed(q.turn, active=False, action=q.turn.action or action, extra=q.turn.extra or extra)
    return s.with_piece(replace(q, turn=spent))


__all__ = ["CHARGE_PLAN", "KINDS", "RULE", "junior_officer", "may_act"]
