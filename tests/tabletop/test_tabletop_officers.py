"""Junior officers (AOT-PROP-INITIATIVE) and messengers (AOT-CMD-MESSENGER) in play: the engine's action, what
legal_actions offers, and the scripted player using both, each from a constructed position (before the fix the
player's junior_officers did nothing and its messenger branch could never be reached)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from table_positions import side

from aot_rules.aot.equipment import MeleeWeapon, Missile
from aot_rules.aot.rules.orders import Activity, Method, UnitTurn
from aot_rules.aot.units import Unit
from aot_rules.core.errors import RuleError
from aot_rules.tabletop import officers, save
from aot_rules.tabletop.events import Activated, OfficerAct, OfficerActed
from aot_rules.tabletop.game import Game, TableDice
from aot_rules.tabletop.geometry import BaseSize, Pose
from aot_rules.tabletop.legal import legal_actions
from aot_rules.tabletop.player import ScriptedPlayer, messenger_choice, scripted
from aot_rules.tabletop.record import replay
from aot_rules.tabletop.scenarios import scenario
from aot_rules.tabletop.state import GameState, Piece
from aot_rules.tabletop.turn import begin_slot, reactions, start_turn


def piece(pid: str, side_: int, unit: Unit, x: float, y: float, facing: float = 0.0) -> Piece:
    return Piece(pid, side_, unit, Pose.of(x, y, facing), BaseSize.UNIT, unit.strength, turn=UnitTurn.of(unit))


def slingers(officer: bool = True) -> Unit:
    return Unit(name="slingers", ranks=(3, 3), weapon=MeleeWeapon.SHOOTER, missile=Missile.SLING, initiative=officer)


def hoplites(name: str, officer: bool = False) -> Unit:
    return Unit(name=name, ranks=(4, 4), shield=True, weapon=MeleeWeapon.SPEAR, initiative=officer)


def levy() -> Unit:
    return Unit(name="levy", ranks=(2, 2), weapon=MeleeWeapon.SWORD)


def enemy_slot(*pieces: Piece, mover: int = 1) -> Game:
    """Side ``mover`` is playing its slot 3 of turn 1."""
    s = GameState("test", 0, (side("Greeks", 0, 0.0), side("Gauls", 36, 40.0)), pieces, (), turn=1,
                  initiative=(2, 4), slot=3, mover=mover)
    g = Game(s, TableDice.seeded(3))
    g.react = reactions(scripted())
    return g


@pytest.mark.parametrize("mirror", [False, True])
def test_a_junior_officer_shoots_in_the_enemy_slot_and_spends_the_turn(mirror: bool) -> None:
    me = 1 if mirror else 0
    y, ty, f, tf = (30.0, 24.0, 180.0, 0.0) if mirror else (10.0, 16.0, 0.0, 180.0)
    g = enemy_slot(piece("S", me, slingers(), 30, y, f), piece("T", 1 - me, hoplites("targets"), 30, ty, tf),
                   mover=1 - me)
    acts = legal_actions(g.state, me)
    assert [a.args for a in acts if a.args[1] == "shoot"] == [("S", "shoot", "T")]
    assert not any(a.rule == officers.RULE for a in legal_actions(g.state))  # the mover's list has none of them
    g.act(officers.junior_officer, "S", "shoot", "T")
    s = g.state.piece("S")
    assert s.turn.action is Activity.SHOOT and s.turn.extra is Activity.RUN and not s.turn.active
    target_name = g.state.piece("T").name
    assert OfficerActed("S", me, OfficerAct.SHOOT, "T", target_name) in [v for e in g.state.log for v in e.events]
    with pytest.raises(RuleError) as e:
        g.act(officers.junior_officer, "S", "shoot", "T")
    assert e.value.rule_id == officers.RULE  # once a turn: both allowances are spent
    assert replay(g.state) == g.state


def test_a_junior_officer_is_refused_in_its_own_slot_and_without_an_officer() -> None:
    g = enemy_slot(piece("S", 0, slingers(), 30, 10), piece("N", 0, slingers(officer=False), 20, 10),
                   piece("T", 1, hoplites("targets"), 30, 16, 180), mover=0)
    for pid in ("S", "N"):
        before = g.state
        with pytest.raises(RuleError) as e:
            g.act(officers.junior_officer, pid, "shoot", "T")
        assert e.value.rule_id == officers.RULE and g.state is before
    assert legal_actions(g.state, 1) == ()


@pytest.mark.parametrize("mirror", [False, True])
def test_the_scripted_player_uses_its_junior_officers(mirror: bool) -> None:
    """The slingers shoot; the hoplites with an officer counter-attack the levy 4″ off (exact odds in favour)."""
    me = 1 if mirror else 0
    y, f, ey, ef = (30.0, 180.0, 26.0 - 1.6, 0.0) if mirror else (10.0, 0.0, 14.0 + 1.6, 180.0)
    g = enemy_slot(piece("S", me, slingers(), 20, y, f), piece("H", me, hoplites("hoplites", True), 40, y, f),
                   piece("T", 1 - me, hoplites("targets"), 20, ey + (2 if mirror else -2), ef),
                   piece("L", 1 - me, levy(), 40, ey, ef), mover=1 - me)
    ScriptedPlayer(me).junior_officers(g)
    acted = [v for e in g.state.log for v in e.events if isinstance(v, OfficerActed)]
    assert [(a.piece, a.kind) for a in acted] == [("S", "shoot"), ("H", "charge")]
    assert g.state.piece("H").turn.extra is Activity.RUN
    assert replay(g.state) == g.state and save.loads(save.dumps(g.state)) == g.state  # the charge's path is kept


def test_a_messenger_rides_to_a_lone_unit_and_a_signal_reaches_several() -> None:
    """Greek-border: only the Attic hoplites (2.8″ from Nikias) are within 6″: a messenger gets through as often
    as a signal would reach them (P 2/3 at 2.8″), so Nikias sends one; with a second unit within reach the
    signal, one die for both, is worth more."""
    s = scenario("greek-border", 1)
    g = Game(s, dice=TableDice.fixed([4, 2]))
    g.act(start_turn)
    g.dice = TableDice.seeded(5)
    g.react = reactions(scripted())
    g.act(begin_slot, 0, 4)  # Nikias' slot
    gp, useful = g.state.piece("A1"), [g.state.piece("A2")]
    rider = messenger_choice(g.state, gp, useful)
    assert rider is not None and rider[0].id == "A2" and rider[1] == Fraction(2, 3)
    ScriptedPlayer(0).play_slot(g, 4)
    methods = [v.method for e in g.state.log for v in e.events if isinstance(v, Activated) and v.piece == "A2"]
    assert methods == [Method.MESSENGER.value]
    a3 = g.state.piece("A3")
    near = replace(a3, pose=Pose.of(a3.pose.x - 6, a3.pose.y, a3.pose.facing))  # now 2.8″ from A2, 5.6″ from A1
    assert messenger_choice(g.state.with_piece(near), gp, [useful[0], near]) is None
