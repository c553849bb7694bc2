"""Orders (rules index 1.5 and 1.7): who may order whom, battle lines, the commander-in-chief, one
commander's slot, one unit's turn (AOT-UNIT-ACTIONS), and the turn sequence as data."""

from __future__ import annotations

import re
from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aot_rules.aot.equipment import MeleeWeapon, Missile
from aot_rules.aot.rules.command import INDIVIDUAL, activated_slots
from aot_rules.aot.rules.orders import (
    Activity,
    Arms,
    Commander,
    LineUnit,
    Method,
    Rank,
    SlotOrders,
    Troop,
    UnitTurn,
    battle_line,
    check_order,
    check_slots,
    cinc_rewrite,
    individual_slot,
    line_firers,
    line_move,
    may_order,
)
from aot_rules.aot.rules.turn import SLOT_STEPS, TURN_SEQUENCE, Stage, step, walk
from aot_rules.aot.units import Unit
from aot_rules.core.errors import RuleError


def refused(rule_id: str, fn, *args, **kw) -> RuleError:
    with pytest.raises(RuleError) as e:
        fn(*args, **kw)
    assert e.value.rule_id == rule_id, e.value
    return e.value


SPEAR = Arms(weapons=frozenset({MeleeWeapon.SPEAR}), shield=True, armour=True)
JAVELIN = Arms(weapons=frozenset({MeleeWeapon.SWORD}), missile=Missile.JAVELIN)

GUARD = Troop("Spartan guard", "Greek", SPEAR)
HOPLITES = Troop("Athenian hoplites", "Greek", SPEAR)
PSILOI = Troop("psiloi", "Greek", JAVELIN)
THRACIANS = Troop("Thracian peltasts", "Thracian", JAVELIN)

GENERAL = Commander("Pausanias", Rank.GENERAL, GUARD)
CINC = Commander("Leonidas", Rank.C_IN_C, GUARD)
COLONEL = Commander("Aristodemos", Rank.COLONEL, GUARD)
SEUTHES = Commander("Seuthes", Rank.GENERAL, Troop("Thracian guard", "Thracian", JAVELIN))


# --- AOT-CMD-NATIONALITY ---------------------------------------------------------------------------

@pytest.mark.parametrize("method", [Method.DIRECT, Method.SIGNAL, Method.BATTLE_LINE, Method.MESSENGER])
def test_a_general_cannot_order_allies_by_any_method(method):
    e = refused("AOT-CMD-NATIONALITY", check_order, GENERAL, THRACIANS, method, 0.5)
    assert "Thracian peltasts (Thracian)" in e.message
    assert may_order(GENERAL, HOPLITES, method, 0.5)


def test_allies_obey_their_own_commander_or_an_individual_slot():
    assert may_order(SEUTHES, THRACIANS, Method.DIRECT, 1)
    assert may_order(None, THRACIANS, Method.INDIVIDUAL)
    assert not may_order(SEUTHES, HOPLITES, Method.DIRECT, 1)


def test_a_colonel_cannot_lead_allies_even_if_armed_alike():
    refused("AOT-CMD-NATIONALITY", check_order, COLONEL, Troop("Thessalian hoplites", "Thessalian", SPEAR),
            Method.COLONEL, 0.5)


# --- AOT-CMD-DIRECT --------------------------------------------------------------------------------

@pytest.mark.parametrize(("distance", "ok"), [(0, True), (F(1, 2), True), (1, True), (1.01, False), (3, False)])
def test_direct_command_reaches_one_inch(distance, ok):
    assert may_order(GENERAL, HOPLITES, Method.DIRECT, distance) is ok


def test_direct_command_needs_a_distance_and_distances_are_not_negative():
    refused("AOT-CMD-DIRECT", check_order, GENERAL, HOPLITES, Method.DIRECT)
    refused("AOT-MEASURE", check_order, GENERAL, HOPLITES, Method.SIGNAL, -1)


def test_the_commanders_own_unit_acts_by_his_slot_at_any_distance():
    assert may_order(GENERAL, GUARD, Method.DIRECT, 5)
    assert may_order(COLONEL, GUARD, Method.COLONEL, 5)


def test_signal_and_messenger_leave_the_distance_to_the_dice():
    assert may_order(GENERAL, HOPLITES, Method.SIGNAL, 5)
    assert may_order(GENERAL, HOPLITES, Method.MESSENGER, 30)


# --- AOT-CMD-COLONEL -------------------------------------------------------------------------------

def test_colonel_takes_a_follower_of_his_nationality_and_armament_within_one_inch():
    assert may_order(COLONEL, HOPLITES, Method.COLONEL, 1)
    refused("AOT-CMD-COLONEL", check_order, COLONEL, PSILOI, Method.COLONEL, 0.5)
    refused("AOT-CMD-COLONEL", check_order, COLONEL, HOPLITES, Method.COLONEL, 1.5)
    refused("AOT-CMD-COLONEL", check_order, COLONEL, HOPLITES, Method.COLONEL)


@pytest.mark.parametrize("method", [Method.DIRECT, Method.SIGNAL, Method.BATTLE_LINE, Method.MESSENGER])
def test_a_colonel_gives_no_general_orders(method):
    refused("AOT-CMD-COLONEL", check_order, COLONEL, HOPLITES, method, 0.5)


def test_a_general_takes_no_follower():
    refused("AOT-CMD-COLONEL", check_order, GENERAL, HOPLITES, Method.COLONEL, 0.5)


def test_reading_same_armament_ignores_how_many_carry_each_weapon_but_not_the_arm():
    """Our reading: the same arm, weapon kinds, missile and protection; a mix's proportions do not matter."""
    W = MeleeWeapon
    four_two = Unit(name="legio I", ranks=(3, 3), mix=((W.SWORD, 2), (W.SHOOTER, 1)), missile=Missile.JAVELIN,
                    shield=True)
    two_four = Unit(name="legio II", ranks=(3, 3), mix=((W.SWORD, 1), (W.SHOOTER, 2)), missile=Missile.JAVELIN,
                    shield=True)
    assert Arms.of(four_two) == Arms.of(two_four)
    assert Arms.of(Unit(ranks=(4,), weapon=W.SWORD)) != Arms.of(Unit(ranks=(4,), weapon=W.SWORD, mounted=True))
    assert Arms.of(Unit(ranks=(4,), shield=True)) != Arms.of(Unit(ranks=(4,), shield=True, armour=True))
    tribune = Commander("tribune", Rank.COLONEL, Troop.of(four_two, "Roman"))
    assert may_order(tribune, Troop.of(two_four, "Roman"), Method.COLONEL, 1)


# --- AOT-CMD-INDIVIDUAL-SLOT ----------------------------------------------------------------------

def test_individual_slot_activates_any_unit_or_a_colonel_but_never_a_general():
    assert individual_slot(THRACIANS) is THRACIANS
    assert individual_slot(COLONEL) is COLONEL
    refused("AOT-CMD-INDIVIDUAL-SLOT", individual_slot, GENERAL)
    refused("AOT-CMD-INDIVIDUAL-SLOT", individual_slot, CINC)


def test_reading_a_generals_unit_may_be_moved_as_a_plain_unit_on_an_individual_slot():
    assert individual_slot(GUARD) is GUARD
    assert may_order(None, GUARD, Method.INDIVIDUAL)


def test_an_individual_slot_has_no_commander_and_other_methods_need_one():
    refused("AOT-CMD-INDIVIDUAL-SLOT", check_order, GENERAL, HOPLITES, Method.INDIVIDUAL)
    refused("AOT-CMD-MESSENGER", check_order, None, HOPLITES, Method.MESSENGER)


# --- AOT-CMD-BATTLE-LINE ---------------------------------------------------------------------------

def test_reading_flat_minus_one_inch_capped_by_the_units_own_move():
    """Every unit but the general's moves up to 1″ less than the general's unit's full move, not 1″ less
    per step along the line, and never more than its own move."""
    line = [LineUnit(GUARD, 6, 4), *(LineUnit(Troop(f"hoplites {i}", "Greek", SPEAR), 6, 4) for i in range(4)),
            LineUnit(PSILOI, 8, 2), LineUnit(Troop("slow", "Greek", SPEAR), 4, 0)]
    gaps = {("Spartan guard", "hoplites 0"): 1, ("hoplites 0", "hoplites 1"): 0.5, ("hoplites 1", "hoplites 2"): 1,
            ("hoplites 3", "hoplites 2"): 0, ("hoplites 3", "psiloi"): 1, ("psiloi", "slow"): 0.25}
    got = {a.unit: (a.move, a.firers) for a in battle_line(GENERAL, line, gaps)}
    assert got == {"Spartan guard": (6, 4), "hoplites 0": (5, 3), "hoplites 1": (5, 3), "hoplites 2": (5, 3),
                   "hoplites 3": (5, 3), "psiloi": (5, 2), "slow": (4, 0)}


@pytest.mark.parametrize(("general", "own", "move"), [(7, 9, 6), (7, 6, 6), (7, 3, 3), (F(5, 2), 9, F(3, 2)),
                                                      (1, 9, 0), (0, 9, 0)])
def test_line_move(general, own, move):
    assert line_move(general, own) == move


@pytest.mark.parametrize(("general", "own", "firers"), [(4, 6, 3), (4, 3, 3), (4, 1, 1), (1, 5, 0), (0, 3, 0)])
def test_line_firers_one_fewer_than_the_generals_unit(general, own, firers):
    assert line_firers(general, own) == firers


def test_a_line_may_be_several_units_deep():
    line = [LineUnit(GUARD, 6), LineUnit(HOPLITES, 6), LineUnit(PSILOI, 8)]
    gaps = {("Spartan guard", "Athenian hoplites"): 1, ("Spartan guard", "psiloi"): 0.5}  # psiloi behind
    assert [a.move for a in battle_line(GENERAL, line, gaps)] == [6, 5, 5]


def test_a_unit_more_than_an_inch_from_the_line_is_refused():
    line = [LineUnit(GUARD, 6), LineUnit(HOPLITES, 6), LineUnit(PSILOI, 8)]
    e = refused("AOT-CMD-BATTLE-LINE", battle_line, GENERAL, line,
                {("Spartan guard", "Athenian hoplites"): 1, ("Athenian hoplites", "psiloi"): 1.5})
    assert e.message.startswith("psiloi not joined")
    refused("AOT-CMD-BATTLE-LINE", battle_line, GENERAL, line[:2], {})  # no gap given: not neighbours


def test_battle_line_refusals():
    refused("AOT-CMD-BATTLE-LINE", battle_line, COLONEL, [LineUnit(GUARD, 6)], {})
    refused("AOT-CMD-BATTLE-LINE", battle_line, GENERAL, [LineUnit(HOPLITES, 6)], {})  # his unit missing
    refused("AOT-CMD-NATIONALITY", battle_line, GENERAL, [LineUnit(GUARD, 6), LineUnit(THRACIANS, 8)],
            {("Spartan guard", "Thracian peltasts"): 0})
    refused("AOT-CMD-BATTLE-LINE", battle_line, GENERAL, [LineUnit(GUARD, 6)], {("Spartan guard", "ghost"): 0})
    refused("AOT-MEASURE", battle_line, GENERAL, [LineUnit(GUARD, 6), LineUnit(HOPLITES, 6)],
            {("Spartan guard", "Athenian hoplites"): -1})
    assert not may_order(GENERAL, HOPLITES, Method.BATTLE_LINE, 1.5)


def test_a_line_of_one_is_the_generals_unit_alone():
    assert battle_line(GENERAL, [LineUnit(GUARD, 7, 2)], {}) == (("Spartan guard", 7, 2),)


# --- AOT-CMD-SLOTS and AOT-CMD-CINC ---------------------------------------------------------------

OLD = ("Pausanias", "Leonidas", INDIVIDUAL, "Leonidas", "Pausanias", INDIVIDUAL)
NEW = (INDIVIDUAL, INDIVIDUAL, "Pausanias", "Pausanias", "Leonidas", "Pausanias")


def test_reading_the_new_allocation_governs_this_turns_remaining_slots():
    """AOT-CMD-CINC, Reading: the rewrite takes effect for the slots of this turn not yet played."""
    played = activated_slots(4, 1)  # 4, 3, 2
    r = cinc_rewrite(CINC, OLD, NEW, 4, played, [CINC, GENERAL])
    assert r.allocation == NEW
    assert r.remaining == ((3, "Pausanias"), (2, INDIVIDUAL))


def test_rewrite_in_the_last_slot_changes_nothing_this_turn():
    assert cinc_rewrite(CINC, OLD, NEW, 2, (2,)).remaining == ()


def test_rewrite_refusals():
    refused("AOT-CMD-CINC", cinc_rewrite, GENERAL, OLD, NEW, 5, (5, 4))
    refused("AOT-CMD-CINC", cinc_rewrite, CINC, OLD, NEW, 5, (5, 4))  # slot 5 is Pausanias's
    refused("AOT-CMD-CINC", cinc_rewrite, CINC, OLD, NEW, 4, (6, 5))  # slot 4 has not come up
    refused("AOT-CMD-SLOTS", cinc_rewrite, CINC, OLD, NEW[:5], 4, (4, 3))
    refused("AOT-CMD-SLOTS", cinc_rewrite, CINC, OLD, ("Aristodemos", *NEW[1:]), 4, (4,), [CINC, COLONEL])


def test_colonels_and_strangers_are_never_written_on_slots():
    refused("AOT-CMD-SLOTS", check_slots, ["Aristodemos", *OLD[1:]], [CINC, GENERAL, COLONEL])
    refused("AOT-CMD-SLOTS", check_slots, ["Xerxes", *OLD[1:]], [CINC, GENERAL])
    assert check_slots(OLD, [CINC, GENERAL]) == OLD


# --- AOT-CMD-SLOT-ORDER: one commander's slot -------------------------------------------------------

def test_orders_all_before_the_generals_unit_acts_or_all_after():
    before = SlotOrders(GENERAL).order(HOPLITES, Method.DIRECT, 1).own_unit_acts()
    refused("AOT-CMD-SLOT-ORDER", before.order, PSILOI, Method.DIRECT, 1)
    after = SlotOrders(GENERAL).own_unit_acts().order(HOPLITES, Method.DIRECT, 1).order(PSILOI, Method.DIRECT, 0)
    assert after.ordered == ("Athenian hoplites", "psiloi")
    refused("AOT-CMD-SLOTS", after.own_unit_acts)


def test_reading_one_way_of_giving_orders_per_slot():
    s = SlotOrders(GENERAL).order(HOPLITES, Method.DIRECT, 1)
    e = refused("AOT-CMD-SLOT-ORDER", s.order, PSILOI, Method.SIGNAL)
    assert "by direct command" in e.message


def test_a_messenger_carries_one_order_and_a_colonel_takes_one_follower():
    m = SlotOrders(GENERAL).order(HOPLITES, Method.MESSENGER)
    refused("AOT-CMD-MESSENGER", m.order, PSILOI, Method.MESSENGER)
    c = SlotOrders(COLONEL).order(HOPLITES, Method.COLONEL, 1)
    refused("AOT-CMD-COLONEL", c.order, Troop("more hoplites", "Greek", SPEAR), Method.COLONEL, 1)


def test_no_unit_is_ordered_twice_in_a_slot_and_the_own_unit_is_not_ordered():
    s = SlotOrders(GENERAL).order(HOPLITES, Method.DIRECT, 1)
    refused("AOT-CMD-SLOT-ORDER", s.order, HOPLITES, Method.DIRECT, 1)
    refused("AOT-CMD-SLOT-ORDER", s.order, GUARD, Method.DIRECT, 0)


def test_a_refused_order_leaves_the_slot_unchanged():
    s = SlotOrders(GENERAL).order(HOPLITES, Method.DIRECT, 1)
    copy = SlotOrders(GENERAL, Method.DIRECT, ("Athenian hoplites",))
    refused("AOT-CMD-NATIONALITY", s.order, THRACIANS, Method.DIRECT, 1)
    assert s == copy


def test_the_commander_in_chief_rewrites_instead_of_ordering():
    refused("AOT-CMD-CINC", SlotOrders(GENERAL).rewrite)
    done = SlotOrders(CINC).rewrite()
    refused("AOT-CMD-CINC", done.order, HOPLITES, Method.DIRECT, 1)
    refused("AOT-CMD-CINC", SlotOrders(CINC).order(HOPLITES, Method.DIRECT, 1).rewrite)
    refused("AOT-CMD-CINC", done.rewrite)


def test_reading_the_commander_in_chiefs_own_unit_may_still_act_after_a_rewrite():
    assert SlotOrders(CINC).rewrite().own_unit_acts().orders_before_own == 0


# --- AOT-UNIT-ACTIONS: one unit's turn -------------------------------------------------------------

def fresh(**kw) -> UnitTurn:
    return UnitTurn("hoplites", **kw).activate()


@pytest.mark.parametrize("first", [Activity.MOVE, Activity.SHOOT, Activity.REFORM])
@pytest.mark.parametrize("second", [Activity.MOVE, Activity.SHOOT, Activity.REFORM])
def test_one_action_a_turn(first, second):
    t = fresh().do(first)
    e = refused("AOT-UNIT-ACTIONS", t.do, second)
    assert f"({first})" in e.message
    t2 = t.end_slot().activate()  # a second activation in a later slot gives no second action
    refused("AOT-UNIT-ACTIONS", t2.do, second)


def test_a_generals_unit_acts_once_however_many_of_his_slots_come_up():
    t = fresh(general=True).do(Activity.MOVE).end_slot().activate()
    e = refused("AOT-CMD-SLOTS", t.do, Activity.SHOOT)
    assert "however many of his slots" in e.message


def test_one_action_plus_one_run_before_or_after_it():
    assert fresh().do(Activity.RUN).do(Activity.MOVE).action is Activity.MOVE
    t = fresh().do(Activity.SHOOT).do(Activity.RUN)
    assert (t.action, t.extra) == (Activity.SHOOT, Activity.RUN)
    refused("AOT-UNIT-ACTIONS", t.do, Activity.RUN)


def test_horse_trots_foot_runs():
    refused("AOT-RUN", fresh().do, Activity.TROT)
    refused("AOT-TROT", fresh(mounted=True).do, Activity.RUN)
    assert fresh(mounted=True).do(Activity.TROT).extra is Activity.TROT


def test_foot_with_shields_and_armour_cannot_run():
    hop = UnitTurn.of(Unit(name="hoplites", ranks=(4, 4), shield=True, armour=True)).activate()
    refused("AOT-RUN", hop.do, Activity.RUN)
    assert UnitTurn.of(Unit(ranks=(4, 4), shield=True)).activate().do(Activity.RUN).extra is Activity.RUN
    assert UnitTurn.of(Unit(ranks=(3,), mounted=True, shield=True, armour=True)).can_run


def test_a_unit_in_contact_takes_no_actions_and_cannot_turn():
    t = fresh().engage()
    for a in (Activity.MOVE, Activity.SHOOT, Activity.REFORM, Activity.RUN):
        refused("AOT-UNIT-ACTIONS", t.do, a)
    refused("AOT-TURN", t.do, Activity.TURN)
    refused("AOT-EVADE-PROCEDURE", t.do, Activity.EVADE)


def test_moving_into_contact_ends_what_the_unit_can_do():
    t = fresh().do(Activity.MOVE).engage()
    refused("AOT-UNIT-ACTIONS", t.do, Activity.RUN)


def test_turning_is_free_needs_no_activation_and_may_be_repeated():
    t = UnitTurn("hoplites").do(Activity.TURN).do(Activity.TURN).activate().do(Activity.MOVE).do(Activity.TURN)
    assert (t.turns, t.action) == (3, Activity.MOVE)


def test_actions_and_runs_need_an_activation_retreats_and_turns_do_not():
    idle = UnitTurn("hoplites")
    for a in (Activity.MOVE, Activity.SHOOT, Activity.REFORM, Activity.RUN):
        refused("AOT-CMD-SLOTS", idle.do, a)
    assert idle.do(Activity.RETREAT).retreated and idle.do(Activity.EVADE).evaded
    assert not Activity.TURN.needs_activation and Activity.RUN.needs_activation


def test_a_run_needs_no_second_activation_but_does_not_outlive_the_slot():
    t = fresh().do(Activity.MOVE)
    assert t.do(Activity.RUN).extra is Activity.RUN
    refused("AOT-CMD-SLOTS", t.end_slot().do, Activity.RUN)


def test_reactions_run_without_activation_and_spend_the_allowance():
    """A countercharge (AOT-REACT-COUNTERCHARGE) spends the run; a junior officer's charge
    (AOT-PROP-INITIATIVE) spends the run and the action; both happen in the enemy's slot."""
    cc = UnitTurn("peltasts").do(Activity.RUN, reaction=True)
    refused("AOT-UNIT-ACTIONS", cc.activate().do, Activity.RUN)
    jo = UnitTurn("peltasts").do(Activity.RUN, reaction=True).do(Activity.SHOOT, reaction=True)
    refused("AOT-UNIT-ACTIONS", jo.activate().do, Activity.MOVE)


def test_a_retreat_and_a_run_share_one_allowance():
    back = fresh().do(Activity.RETREAT)
    refused("AOT-UNIT-ACTIONS", back.do, Activity.RUN)
    refused("AOT-UNIT-ACTIONS", back.do, Activity.RETREAT)
    assert back.do(Activity.MOVE).action is Activity.MOVE  # the action is separate


def test_reading_a_unit_that_has_run_makes_no_retreat_this_turn_by_default():
    ran = fresh().do(Activity.MOVE).do(Activity.RUN).engage()
    e = refused("AOT-UNIT-ACTIONS", ran.do, Activity.RETREAT)
    assert "share one allowance" in e.message
    alt = fresh(retreat_after_run=True).do(Activity.RUN).engage().do(Activity.RETREAT)
    assert (alt.extra, alt.retreated, alt.in_contact) == (Activity.RUN, True, False)
    refused("AOT-UNIT-ACTIONS", alt.do, Activity.RETREAT)


def test_a_retreat_breaks_contact():
    assert not fresh().engage().do(Activity.RETREAT).in_contact


def test_evasion_once_only_before_a_run_and_none_after():
    ev = UnitTurn("peltasts").do(Activity.EVADE)
    refused("AOT-EVADE-ELIGIBILITY", ev.do, Activity.EVADE)
    refused("AOT-EVADE-ELIGIBILITY", ev.activate().do, Activity.RUN)
    refused("AOT-EVADE-ELIGIBILITY", fresh().do(Activity.RUN).do, Activity.EVADE)


def test_a_panicking_unit_cannot_shoot():
    t = UnitTurn.of(Unit(name="Gauls", ranks=(0, 0), disordered=5)).activate()
    refused("AOT-PANIC", t.do, Activity.SHOOT)
    assert t.do(Activity.REFORM).action is Activity.REFORM


def test_a_new_turn_restores_the_allowances_but_not_the_contact():
    t = fresh().do(Activity.MOVE).do(Activity.RUN).engage().new_turn()
    assert (t.action, t.extra, t.active, t.in_contact) == (None, None, False, True)


@given(st.lists(st.tuples(st.sampled_from(["activate", "end", "engage", *Activity]), st.booleans()), max_size=25),
       st.booleans(), st.booleans(), st.booleans())
def test_a_tracker_never_allows_two_actions_or_two_extra_moves(ops, mounted, general, alt):
    t = UnitTurn("u", mounted=mounted, general=general, retreat_after_run=alt)
    actions = extras = retreats = 0
    for op, reaction in ops:
        before = t
        try:
            if op == "activate":
                t = t.activate()
            elif op == "end":
                t = t.end_slot()
            elif op == "engage":
                t = t.engage()
            else:
                t = t.do(Activity(op), reaction=reaction)
        except RuleError as e:
            assert t == before and e.rule_id.startswith("AOT-")
            continue
        if op in ("move", "shoot", "reform"):
            actions += 1
            assert not before.in_contact
        if op in ("run", "trot"):
            extras += 1
            assert not before.evaded
        if op == "retreat":
            retreats += 1
            extras += before.extra is None
    assert actions <= 1 and extras <= 1 and retreats <= 1


# --- AOT-TURN-SEQUENCE -----------------------------------------------------------------------------

def test_the_sequence_in_order():
    assert [s.mark for s in TURN_SEQUENCE] == ["1", "2", "3a", "3b", "3b–c", "3c", "3d", "3e", "4"]
    assert [s.mark for s in SLOT_STEPS] == ["3a", "3b", "3b–c", "3c", "3d", "3e"]
    assert all(s.stage is Stage.SLOT for s in SLOT_STEPS)
    assert step("1").rules[0] == "AOT-CMD-INITIATIVE" and step("3e").rules[0] == "AOT-DEMO-EARN"
    refused("AOT-TURN-SEQUENCE", step, "5")


def test_reading_junior_officers_act_between_reactions_and_melee():
    marks = [s.mark for s in TURN_SEQUENCE]
    officer = step("3b–c")
    assert marks.index("3b") < marks.index("3b–c") < marks.index("3c")
    assert officer.reading == "AOT-TURN-SEQUENCE" and officer.rules == ("AOT-PROP-INITIATIVE",)


def test_every_step_is_described_and_linked():
    for s in TURN_SEQUENCE:
        assert s.title.msgid and s.summary.msgid.endswith(".") and s.rules
        assert all(re.fullmatch(r"AOT-[A-Z0-9-]+", r) for r in s.rules)


def test_every_linked_rule_exists_in_the_catalogue():
    from aot_rules.catalogue import rules

    ids = {r.rule_id for r in rules("AOT")}
    for s in TURN_SEQUENCE:
        assert set(s.rules) <= ids, s.mark


@pytest.mark.parametrize(("a", "b"), [(4, 2), (2, 4), (6, 1), (1, 6), (3, 2)])
def test_walk_plays_the_higher_rollers_slots_first_then_the_others(a, b):
    moments = walk(a, b, ("me", "you"))
    assert [m.step.mark for m in moments[:2]] == ["1", "2"]
    slots = [(m.player, m.slot) for m in moments if m.step.mark == "3a"]
    mine = [("me", s) for s in activated_slots(a, b)]
    yours = [("you", s) for s in activated_slots(b, a)]
    assert slots == (mine + yours if a > b else yours + mine)
    assert len(slots) == max(a, b)
    assert len(moments) == 2 + len(SLOT_STEPS) * max(a, b)


def test_the_rulebook_example_four_against_two():
    """AOT-EX-INITIATIVE-SLOTS: 4 against 2 plays slots 4 and 3 of the first player, then 2 and 1."""
    order = [(m.player, m.slot) for m in walk(4, 2, ("first", "second")) if m.step.mark == "3a"]
    assert order == [("first", 4), ("first", 3), ("second", 2), ("second", 1)]


def test_a_tied_roll_is_rolled_again():
    refused("AOT-CMD-DOUBLES", walk, 3, 3)
