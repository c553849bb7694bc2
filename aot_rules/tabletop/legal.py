"""What a side may do now: :func:`legal_actions`, each :class:`~aot_rules.tabletop.action.Action` carrying the
rule that allows it.

In a slot, the side playing it may activate its units (by each way of giving orders the slot's owner has:
his own unit, direct command, battle line, signal, messenger; or the individual unit and a colonel's
follower) and act with the active ones: flee, shoot at each enemy in reach, charge (a wheel to face and a
move into contact), advance or run toward the enemy, reform, turn to face.  Moves are not a continuum here:
each unit's moves are the plans a player would consider (toward each enemy it can reach, toward the nearest
one otherwise, full or half way).  Every candidate is checked by the engine itself (:func:`action.is_legal`),
so nothing listed is ever refused.  In the enemy's slot, a side's junior officers may act
(:func:`officer_actions`, ``legal_actions(state, side)``).
"""

from __future__ import annotations

from collections.abc import Iterator

from aot_rules.aot.rules.command import INDIVIDUAL
from aot_rules.aot.rules.orders import Method, Rank
from aot_rules.aot.rules.reform import restorable
from aot_rules.tabletop import combat, command, moves, officers
from aot_rules.tabletop.action import Action, is_legal
from aot_rules.tabletop.geometry import CONTACT, bearing, centre, norm_angle
from aot_rules.tabletop.plans import advances, nearest_enemy, steps_to
from aot_rules.tabletop.sight import gap
from aot_rules.tabletop.state import GameState, Piece

#: How many enemies (nearest first) a unit's charges and advances are planned against.
TARGETS = 3


def activations(state: GameState) -> Iterator[Action]:
    """Every way the side playing the slot could activate each of its units (unchecked)."""
    side = state.mover
    owner = state.sides[side].slots[state.slot - 1]
    for p in state.fighting(side):
        if p.turn.active or p.turn.in_contact:
            continue
        if owner == INDIVIDUAL:
            yield Action(Method.INDIVIDUAL.rule_id, command.activate, (side, p.id, Method.INDIVIDUAL))
            for c in state.sides[side].commanders:
                if c.rank is Rank.COLONEL:
                    yield Action(Method.COLONEL.rule_id, command.activate, (side, p.id, Method.COLONEL, c.name))
        else:
            for m in (Method.DIRECT, Method.BATTLE_LINE, Method.SIGNAL, Method.MESSENGER):
                yield Action(m.rule_id, command.activate, (side, p.id, m))


def unit_actions(state: GameState, p: Piece) -> Iterator[Action]:
    """What the active unit ``p`` could do (unchecked): the candidates of the module docstring."""
    if p.unit.panicking:
        yield Action("AOT-PANIC", moves.flee, (p.id,), why="flee")
        return
    enemies = sorted(state.enemies(p), key=lambda e: gap(p, e))
    if p.unit.missile is not None:
        for e in enemies:
            yield Action("AOT-SHOOT-HIT", combat.shoot, (p.id, e.id), why=f"shoot at {e.id}")
    allowance = moves.reach(state, p)
    for e in enemies[:TARGETS]:
        steps = steps_to(p, e, allowance)
        if steps is not None:
            yield Action("AOT-MOVE-PROCEDURE", moves.move, (p.id, tuple(steps)), why=f"charge {e.id}")
    near = nearest_enemy(state, p)
    if near is not None:
        e = near[0]
        for steps, how in advances(state, p, e, allowance):
            yield Action("AOT-MOVE-PROCEDURE", moves.move, (p.id, tuple(steps)), why=f"advance{how} toward {e.id}")
        if p.turn.can_run and p.turn.extra is None:
            for steps, how in advances(state, p, e, allowance * 2):
                rule = "AOT-TROT" if p.unit.mounted else "AOT-RUN"
                yield Action(rule, moves.move, (p.id, tuple(steps)), (("run", True),), why=f"run{how} toward {e.id}")
        if near[1] >= CONTACT:
            deg = norm_angle(bearing(centre(p.pose, p.size), centre(e.pose, e.size)) - p.pose.facing)
            if abs(deg) > 45:
                yield Action("AOT-TURN", moves.turn, (p.id, round(deg, 1)), why=f"turn to face {e.id}")
    if p.unit.disordered and restorable(p.unit) > 0:
        yield Action("AOT-REFORM", moves.reform, (p.id,), why="reform")


def officer_actions(state: GameState, side: int) -> Iterator[Action]:
    """What the junior officers of ``side`` could do in the enemy's slot (unchecked, AOT-PROP-INITIATIVE): shoot at
    each enemy, counter-attack (a run or trot planned into contact) the nearest few, or reform."""
    if state.result is not None or not state.slot or state.mover == side:
        return
    for p in state.fighting(side):
        if not p.unit.initiative or p.turn.in_contact or p.turn.action is not None or p.turn.extra is not None:
            continue
        enemies = sorted(state.enemies(p), key=lambda e: gap(p, e))
        if p.unit.missile is not None:
            for e in enemies:
                yield Action(officers.RULE, officers.junior_officer, (p.id, "shoot", e.id),
                             why=f"junior officer: shoot at {e.id}")
        for e in enemies[:TARGETS]:
            steps = steps_to(p, e, officers.CHARGE_PLAN)
            if steps is not None:
                yield Action(officers.RULE, officers.junior_officer, (p.id, "charge", "", tuple(steps)),
                             why=f"junior officer: charge {e.id}")
        if p.unit.disordered and restorable(p.unit) > 0:
            yield Action(officers.RULE, officers.junior_officer, (p.id, "reform"), why="junior officer: reform")


def candidates(state: GameState) -> Iterator[Action]:
    """Everything :func:`legal_actions` considers, before the engine's check."""
    if state.result is not None or not state.slot:
        return
    yield from activations(state)
    for p in state.fighting(state.mover):
        if p.turn.active and not p.turn.in_contact:
            yield from unit_actions(state, p)


def legal_actions(state: GameState, side: int | None = None) -> tuple[Action, ...]:
    """Every action the side playing the slot may take now (see the module docstring); with ``side`` the other
    side, what its junior officers may do in this slot (:func:`officer_actions`); outside a slot, none (the
    turn's own steps are the turn sequence's)."""
    if side is not None and side != state.mover:
        return tuple(a for a in officer_actions(state, side) if is_legal(state, a))
    return tuple(a for a in candidates(state) if is_legal(state, a))


__all__ = ["Action", "activations", "candidates", "legal_actions", "officer_actions", "unit_actions"]
