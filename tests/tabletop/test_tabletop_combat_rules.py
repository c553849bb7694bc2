"""Combat-side rules of #19 the table-top engine now plays, each from a constructed position that fails without
it: the shield wall rolled once per slot, simultaneous shooting, the battle line's shorter move and one firer
fewer, turning to face a flank attack, DP spent on forced retreats and attacks, and the elephant's trot."""

from __future__ import annotations

from dataclasses import replace

import pytest
from table_positions import piece, side

from aot_rules.aot.equipment import MeleeWeapon, Missile
from aot_rules.aot.events import Losses, ShieldWall
from aot_rules.aot.rules.elephants import elephant
from aot_rules.aot.rules.orders import Method
from aot_rules.aot.units import Unit
from aot_rules.core.errors import RuleError
from aot_rules.core.events import Roll
from aot_rules.present import tablelog
from aot_rules.tabletop import combat, command, moves
from aot_rules.tabletop.events import Aimed, DPForced, FacedAttack, Forced, MovedAlong, Rampaged, SlotOpened, Turned
from aot_rules.tabletop.game import FORCE_ATTACK, FORCE_RETREAT, Game, ReactionChoice, TableDice
from aot_rules.tabletop.geometry import BaseSize, Pose
from aot_rules.tabletop.player import ScriptedPlayer
from aot_rules.tabletop.record import replay
from aot_rules.tabletop.save import dumps, loads
from aot_rules.tabletop.state import GameState, LogEntry, Piece, SlotMemory


def table(*pieces: Piece, general: str = "", slot: bool = True) -> GameState:
    """Side 0 (Greeks, south) plays slot 1 of turn 1 (opened in the log), unless ``slot`` is False."""
    st = GameState("test", 0, (side("Greeks", 0, 0.0, general), side("Gauls", 36, 40.0)), tuple(pieces), (), turn=1)
    if not slot:
        return st
    owner = st.sides[0].slots[0]
    opened = LogEntry(1, "Greeks", command.SLOT_RULE, (), "event", (SlotOpened(0, 1, owner, ()),))
    return replace(st, slot=1, mover=0, log=(opened,), opening=None)


def next_slot(state: GameState) -> GameState:
    """``state`` in a fresh slot, opened in the log, with the fresh slot's empty memory (as ``turn.begin_slot``
    opens one)."""
    return replace(state, log=(*state.log, *table().log), memory=SlotMemory())


def slingers(name: str) -> Unit:
    return Unit(name=name, ranks=(3, 3), weapon=MeleeWeapon.SHOOTER, missile=Missile.SLING)


def hoplites(name: str = "hoplites") -> Unit:
    return Unit(name=name, ranks=(4, 4), shield=True, weapon=MeleeWeapon.SPEAR)


def never(state: GameState, pid: str, by: str, reaction: str) -> bool:
    return False


def only(*yes: str) -> ReactionChoice:
    """A player who takes only the reactions (and DP choices) named."""
    def answer(state: GameState, pid: str, by: str, reaction: str) -> bool:
        return reaction in yes
    return answer


def shot_entries(state: GameState) -> list[LogEntry]:
    return [e for e in state.log if e.rule == "AOT-SHOOT-HIT"]


def two_slingers_and_hoplites() -> GameState:
    """Two slinger units side by side, 2.4″ from the hoplites' front, both in reach of it."""
    return table(piece("S1", 0, slingers("left slingers"), 28.4, 10),
                 piece("S2", 0, slingers("right slingers"), 31.6, 10), piece("H", 1, hoplites(), 30, 14, 180))


# --- 1. the shield wall: one test per slot --------------------------------------------------------------


def test_the_shield_wall_is_rolled_once_per_slot_against_fire() -> None:
    """The hoplites roll their shield die (3) at the first volley and turn away its two hits; the second
    volley of the same slot meets the same die, with no new one, and it turns away only the one hit it has
    left of its 3 (AOT-SHOOT-SHIELDWALL: one test per slot, one roll for all the fire of the slot)."""
    st = two_slingers_and_hoplites()
    # S1: 4 firers (8 − 4″), hits on 1–3: two hits, both saved.  S2: two hits, one saved, one killed.
    g = Game(st, TableDice.fixed([1, 1, 6, 6, 3, 1, 1, 6, 6, 5]), react=never)
    g.act(combat.shoot, "S1", "H")
    g.act(combat.shoot, "S2", "H")
    assert g.dice.used == 9  # the 5 went unrolled: no second shield die
    assert g.state.piece("H").unit.strength == 7
    walls = [v for e in shot_entries(g.state) for v in e.events if isinstance(v, ShieldWall)]
    assert [(w.roll, w.saved, w.held, w.left) for w in walls] == [(3, 2, False, 1), (3, 1, True, 0)]
    assert "this slot's roll" in tablelog.outcome(shot_entries(g.state)[1])


def test_a_new_slot_rolls_the_shield_wall_again() -> None:
    """The held face lasts one slot: the same two volleys in different slots roll two shield dice."""
    st = two_slingers_and_hoplites()
    g = Game(st, TableDice.fixed([1, 1, 6, 6, 2]), react=never)
    g.act(combat.shoot, "S1", "H")
    later = next_slot(g.state)
    g2 = Game(later, TableDice.fixed([1, 6, 6, 6, 5]), react=never)
    g2.act(combat.shoot, "S2", "H")
    assert g2.dice.used == 5 and g2.state.piece("H").unit.formed == 7


def test_the_shield_wall_is_rolled_once_per_slot_in_melee() -> None:
    """Two melees of one slot against the same shield unit: the second uses the first's shield face and rolls
    no shield die (AOT-MELEE-SHIELDWALL: one test per slot)."""
    b = Unit(name="shieldmen", ranks=(4, 4), shield=True, weapon=MeleeWeapon.SWORD)
    a1 = Unit(name="first swords", ranks=(4, 4), weapon=MeleeWeapon.SWORD)
    a2 = Unit(name="second swords", ranks=(4, 4), weapon=MeleeWeapon.SWORD)
    found = False
    for seed in range(40):
        st = table(piece("A1", 0, a1, 30, 20), piece("B", 1, b, 30, 20.005, 180), piece("A2", 0, a2, 40, 10))
        g = Game(st, TableDice.seeded(seed), react=never)
        g.act(combat.fight)
        first = [v for e in g.state.log for v in e.events if isinstance(v, ShieldWall) and v.unit == "shieldmen"]
        if not first or not g.state.piece("B").on_table or not g.state.piece("B").turn.in_contact:
            continue
        # A2 now touches B's front too (beside A1) and fights it in the same slot.
        s2 = g.state.with_piece(replace(g.state.piece("A2"), pose=Pose.of(30, 20, 0)))
        s2 = s2.with_piece(replace(s2.piece("A1"), pose=Pose.of(40, 10, 0)))
        g2 = Game(s2, TableDice.seeded(seed + 100), react=never)
        g2.act(combat.fight, frozenset({"A2"}))
        new = g2.state.log[len(g.state.log):]
        walls = [v for e in new for v in e.events if isinstance(v, ShieldWall) and v.unit == "shieldmen"]
        if not walls:
            continue
        found = True
        assert all(w.held and w.roll == first[0].roll for w in walls)
        assert walls[0].saved <= first[-1].left and walls[0].left == first[-1].left - walls[0].saved
        purposes = [str(v.purpose) for e in new for v in e.events if isinstance(v, Roll)]
        assert not any("shieldmen shield wall" in p for p in purposes)
        break
    assert found


# --- 2. simultaneous shooting -------------------------------------------------------------------------


def test_every_volley_of_a_slot_sees_the_start_of_slot_strength() -> None:
    """The first volley kills 2 of 8 hoplites; the second of the same slot still counts 4 firers from their
    8 (not 2 from the 6 left), and its losses land on the 6 (AOT-SHOOT-SIMULTANEOUS)."""
    st = two_slingers_and_hoplites()
    g = Game(st, TableDice.fixed([1, 1, 6, 6, 6] + [6] * 4), react=never)
    g.act(combat.shoot, "S1", "H")
    assert g.state.piece("H").unit.strength == 6
    assert combat.aim(g.state, g.state.piece("S2"), g.state.piece("H")).firers == 4
    g.act(combat.shoot, "S2", "H")
    second = shot_entries(g.state)[1]
    assert len(second.faces) == 4 and "4 firers" in tablelog.outcome(second)
    losses = [v for v in second.events if isinstance(v, Losses)]
    assert losses[0].before.strength == 6
    aimed = [v for v in second.events if isinstance(v, Aimed)]
    assert aimed == [Aimed("S2", "H", 4, 4.0, 8, target_name="hoplites", shooter_name="right slingers")]
    # In the next slot the hoplites are seen as they now are.
    nxt = next_slot(g.state)
    assert combat.aim(nxt, nxt.piece("S1"), nxt.piece("H")).firers == 2


# --- 3. the battle line -------------------------------------------------------------------------------


def line_table(second: Unit) -> GameState:
    """General Kleon's unit G and a second unit L 0.5″ to its right, both hoplites; Kleon's slot."""
    return table(piece("G", 0, hoplites("Kleon's hoplites"), 28.4, 10, active=False),
                 piece("L", 0, second, 32.1, 10, active=False),
                 piece("E", 1, hoplites("enemy"), 30, 35, 180), general="Kleon")


def test_a_battle_line_unit_moves_one_inch_less() -> None:
    g = Game(line_table(hoplites("line hoplites")), TableDice.fixed([6] * 10))
    g.act(command.activate, 0, "G", Method.DIRECT)
    g.act(command.activate, 0, "L", Method.BATTLE_LINE)
    assert moves.reach(g.state, g.state.piece("L")) == 5.0 and moves.reach(g.state, g.state.piece("G")) == 6.0
    with pytest.raises(RuleError) as e:
        g.act(moves.move, "L", (moves.Advance(6.0),))
    assert e.value.rule_id == "AOT-CMD-BATTLE-LINE"
    g.act(moves.move, "L", (moves.Advance(5.0),))
    g.act(moves.move, "G", (moves.Advance(6.0),))
    assert g.state.piece("L").pose.y == pytest.approx(15.0) and g.state.piece("G").pose.y == pytest.approx(16.0)


def test_a_unit_ordered_otherwise_moves_in_full() -> None:
    g = Game(line_table(hoplites("line hoplites")), TableDice.fixed([6] * 10))
    g.act(command.activate, 0, "L", Method.DIRECT)
    assert command.line_lead(g.state, g.state.piece("L")) is None
    g.act(moves.move, "L", (moves.Advance(6.0),))


def test_a_battle_line_unit_shoots_with_one_firer_fewer() -> None:
    st = line_table(slingers("line slingers"))
    st = st.with_piece(replace(st.piece("E"), pose=Pose.of(32.1, 14, 180)))
    alone = combat.aim(st, st.piece("L"), st.piece("E")).firers
    g = Game(st, TableDice.fixed([6] * 20), react=never)
    g.act(command.activate, 0, "G", Method.DIRECT)
    g.act(command.activate, 0, "L", Method.BATTLE_LINE)
    a = combat.aim(g.state, g.state.piece("L"), g.state.piece("E"))
    assert a.firers == alone - 1 and a.line
    g.act(combat.shoot, "L", "E")
    assert len(shot_entries(g.state)[0].faces) == alone - 1
    aimed = [v for v in shot_entries(g.state)[0].events if isinstance(v, Aimed)]
    assert aimed[0].line and aimed[0].firers == alone - 1


# --- 4. turning to face a flank attack -------------------------------------------------------------------


def flank_table(defender: Unit) -> GameState:
    """Swordsmen touch the right flank of a unit facing north, wholly behind its front line."""
    return table(piece("D", 1, defender, 30, 20, 0),
                 piece("A", 0, Unit(name="swordsmen", ranks=(4, 4), weapon=MeleeWeapon.SWORD), 31.605, 18.4, 90))


def test_a_unit_attacked_in_the_flank_turns_to_face() -> None:
    st = flank_table(hoplites())
    assert combat.flanked_by(st.piece("D"), st.piece("A"))
    g = Game(st, TableDice.seeded(3))
    g.act(combat.fight)
    turned = [v for e in g.state.log for v in e.events if isinstance(v, Turned) and v.piece == "D"]
    assert turned[0].end.facing == pytest.approx(-90.0)  # it faces east, at the swordsmen, in contact
    faced = replace(st.piece("D"), pose=turned[0].end)
    assert not combat.flanked_by(faced, st.piece("A")) and moves.contacts(st.with_piece(faced), faced)
    flank_turn = [e for e in g.state.log if e.rule == "AOT-TURN-FLANK-ATTACKED"]
    assert len(flank_turn[0].faces) == 1  # the turn's disorder test (the index's Reading)
    faced_event = next(v for v in flank_turn[0].events if isinstance(v, FacedAttack))
    assert faced_event.piece == "D" and faced_event.attacker == "A" and faced_event.turned
    # The strikes that follow are frontal: the hoplites strike back.
    strikes = next(e for e in g.state.log if e.rule == "AOT-MELEE-STRIKES")
    assert "hoplites [none]" not in tablelog.outcome(strikes)


def test_declining_the_turn_fights_flanked() -> None:
    g = Game(flank_table(hoplites()), TableDice.seeded(3), react=never)
    g.act(combat.fight)
    assert not [e for e in g.state.log if e.rule == "AOT-TURN-FLANK-ATTACKED"]
    strikes = next(e for e in g.state.log if e.rule == "AOT-MELEE-STRIKES")
    assert "hoplites [none]" in tablelog.outcome(strikes)


def test_cavalry_that_turns_to_face_loses_its_horse_strike() -> None:
    riders = Unit(name="riders", ranks=(4,), weapon=MeleeWeapon.SWORD, mounted=True)
    g = Game(flank_table(riders), TableDice.seeded(5))
    g.act(combat.fight)
    d = g.state.piece("D")
    assert d.wheeled  # no horse strike this turn (AOT-TURN-FLANK-ATTACKED)
    side = combat._side(g.state, d, g.state.piece("A"), d.unit)
    assert not side.horse_strike


# --- 5. DP on forced retreats and forced attacks ------------------------------------------------------


def dp_table() -> GameState:
    """The Gauls' beaten unit L (density 4) stands in contact with our weak peltasts P; W won elsewhere."""
    peltasts = Unit(name="peltasts", ranks=(2, 1), weapon=MeleeWeapon.SWORD)
    return table(piece("W", 0, hoplites("winners"), 10, 20), piece("P", 0, peltasts, 30, 20),
                 piece("L", 1, hoplites("beaten"), 30, 20.005, 180), slot=False)


def test_dp_force_a_retreat() -> None:
    st = dp_table()
    g = Game(st, TableDice.fixed([6] * 10), react=only(FORCE_RETREAT))
    g.act(combat.spend_dp, 0, 4, st.piece("L"), "L", "W")
    lgone = g.state.piece("L")
    assert lgone.unit.disordered == 0 and lgone.pose.y > 25  # it retreated a full move, not disordered
    spent = [v for e in g.state.log for v in e.events if isinstance(v, DPForced)]
    assert spent == [DPForced(0, "L", 4, Forced.RETREAT, "P", "beaten", "peltasts")]


def test_dp_points_short_of_the_density_only_disorder() -> None:
    st = dp_table()
    g = Game(st, TableDice.fixed([6] * 10), react=only(FORCE_RETREAT, FORCE_ATTACK))
    g.act(combat.spend_dp, 0, 3, st.piece("L"), "L", "W")
    assert g.state.piece("L").unit.disordered == 3 and g.state.piece("L").pose == st.piece("L").pose


def test_dp_force_an_attack() -> None:
    """The Gauls' unit stands 3″ off our hoplites: 4 DP drive it into contact with them."""
    st = table(piece("W", 0, hoplites("winners"), 30, 20),
               piece("L", 1, hoplites("beaten"), 30, 23 + 1.6, 180), slot=False)
    plan = combat.force_plan(st, st.piece("L"), 0)
    assert plan is not None and plan[0] == "W"
    g = Game(st, TableDice.fixed([6] * 10), react=only(FORCE_ATTACK))
    g.act(combat.spend_dp, 0, 4, st.piece("L"), "L", "W")
    assert moves.contacts(g.state, g.state.piece("L"))
    moved = [v for e in g.state.log for v in e.events if isinstance(v, MovedAlong)]
    assert moved and moved[0].piece == "L" and moved[0].how == "forced-attack"
    assert g.state.piece("L").turn.action is None  # its own action is untouched


def test_by_default_dp_disorder() -> None:
    st = dp_table()
    g = Game(st, TableDice.fixed([6] * 10))
    g.act(combat.spend_dp, 0, 4, st.piece("L"), "L", "W")
    assert g.state.piece("L").unit.disordered == 4


def test_the_scripted_player_forces_a_retreat_that_disperses() -> None:
    """The scripted player buys a forced retreat only when our unit behind the enemy would block it (dispersed)."""
    st = dp_table()
    me = ScriptedPlayer(0)
    assert not me.react(st, "W", "L", FORCE_RETREAT)  # open ground behind it: disorder is worth more
    blocked = replace(st, pieces=(*st.pieces, piece("B", 0, hoplites("blockers"), 30, 24, 180)))
    assert moves.retreat_blocked(blocked, "L", "P")
    assert me.react(blocked, "W", "L", FORCE_RETREAT)
    g = Game(blocked, TableDice.fixed([6] * 10), react=me.react)
    g.act(combat.spend_dp, 0, 4, blocked.piece("L"), "L", "W")
    assert g.state.piece("L").status == "dispersed"


def test_a_farther_unit_is_forced_after_one_point_to_each_nearer() -> None:
    """5 DP won against L: 1 disorders L (nearest), 4 force the reserve R (density 4) back (AOT-DEMO-TARGETING)."""
    st = dp_table()
    st = replace(st, pieces=(*st.pieces, piece("R", 1, hoplites("reserve"), 36, 26, 180)))
    lost = replace(st.piece("L"), turn=replace(st.piece("L").turn, retreated=True, extra=None))
    st2 = st.with_piece(lost)
    g = Game(st2, TableDice.fixed([6] * 10), react=only(FORCE_RETREAT))
    g.act(combat.spend_dp, 0, 5, st2.piece("L"), "L", "W")
    assert g.state.piece("L").unit.disordered == 1
    spent = [v for e in g.state.log for v in e.events if isinstance(v, DPForced)]
    assert spent == [DPForced(0, "R", 4, Forced.RETREAT, "P", "reserve", "peltasts")]
    assert g.state.piece("R").pose != st.piece("R").pose


def test_forced_attacks_in_a_fight_replay_from_the_record() -> None:
    """A melee won, its DP spent on a forced attack: the record replays to the identical state."""
    found = False
    for seed in range(80):
        st = table(piece("W", 0, Unit(name="winners", ranks=(5, 5), shield=True, weapon=MeleeWeapon.SPEAR), 30, 20),
                   piece("L", 1, hoplites("beaten"), 30, 20.005, 180),
                   piece("R", 1, Unit(name="levy", ranks=(2, 1), weapon=MeleeWeapon.SWORD), 33.4, 23, 180), slot=False)
        g = Game(st, TableDice.seeded(seed), react=only(FORCE_ATTACK))
        g.act(combat.fight)
        if any(isinstance(v, DPForced) and v.how == "attack" for e in g.state.log for v in e.events):
            found = True
            assert dumps(replay(loads(dumps(g.state)))) == dumps(g.state)
            break
    assert found


# --- 6. the elephant's trot --------------------------------------------------------------------------


def elephant_table() -> GameState:
    beast = replace(elephant(2), name="elephant")
    return table(piece("El", 0, beast, 30, 10, size=BaseSize.LARGE),
                 piece("E", 1, hoplites("enemy"), 30, 30, 180), piece("F", 0, hoplites("friends"), 10, 10))


def test_the_elephant_trots_its_die() -> None:
    g = Game(elephant_table(), TableDice.fixed([4]))
    g.act(moves.move, "El", (moves.Advance(6.0),), run=True)
    assert g.state.piece("El").pose.y == pytest.approx(14.0)
    assert [e.rule for e in g.state.log if e.faces] == ["AOT-ELEPHANT-MOVE"]


def test_a_trot_die_below_three_sends_the_elephant_berserk_at_the_nearest_unit() -> None:
    st = elephant_table()
    st = st.with_piece(replace(st.piece("E"), pose=Pose.of(33, 14.5, 180)))
    g = Game(st, TableDice.fixed([2]), react=never)
    g.act(moves.move, "El", (moves.Advance(2.0),), run=True)
    el = g.state.piece("El")
    moved = [v for e in g.state.log for v in e.events if isinstance(v, MovedAlong)]
    assert moved[0].how == "rampage"
    assert Rampaged("El", "E", True, "enemy") in [v for e in g.state.log for v in e.events]
    assert moves.contacts(g.state, el) and moves.contacts(g.state, el)[0].id == "E"
