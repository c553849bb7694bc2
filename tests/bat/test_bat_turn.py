"""Batalist, part 1: the table, the turn, initiative and activation.

The exact laws are checked against brute-force enumeration of raw d6 faces at every grid point of
the two registered mechanics; the rules with no dice against hand-worked cases.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from support import error_line, odds_json

from aot_rules.bat.examples.turn import step_example
from aot_rules.bat.rules.activation import activation_roll, ap_exact, carry_out
from aot_rules.bat.rules.profile import Order, Profile, Skill, fail_chance, pass_chance
from aot_rules.bat.rules.table import (
    AttackDirection,
    BaseShape,
    Terrain,
    Zone,
    attack_direction,
    blocks_sight,
    corner_speed,
    deployment_gap,
    move_allowance,
    steps_to_cm,
    terrain_speed,
    turn_cost,
    zone_of,
)
from aot_rules.bat.rules.turn import (
    Initiative,
    TieRule,
    check_orders,
    face_up,
    initiative_exact,
    roll_initiative,
    start_activations,
)
from aot_rules.catalogue import Source, by_source, dice_rules, rules
from aot_rules.core.dice import FixedDice
from aot_rules.core.errors import ParamError, RuleError
from aot_rules.core.evaluate import play
from aot_rules.core.events import Said
from aot_rules.keys import Event, Law
from aot_rules.systems import all_mechanics, get

FACES = range(1, 7)

ENTRIES = rules("BAT")


# --- brute force over raw faces -------------------------------------------------------------------

def brute_ap(q: int, standard: bool) -> dict[int, Fraction]:
    """AP by enumerating the three dice and, with a Standard Bearer, the re-rolled die."""
    out: dict[int, Fraction] = {}
    for faces in itertools.product(FACES, repeat=4 if standard else 3):
        ap = sum(f <= q for f in faces[:3])
        if standard and ap < 3 and faces[3] <= q:
            ap += 1
        w = Fraction(1, 6 ** len(faces))
        out[ap] = out.get(ap, Fraction(0)) + w
    return {k: v for k, v in out.items() if v}


def brute_initiative(a: int, b: int, ties: TieRule) -> dict[Initiative, Fraction]:
    counts = {r: 0 for r in Initiative}
    for x, y in itertools.product(FACES, FACES):
        counts[Initiative.ME if x + a > y + b else Initiative.THEM if x + a < y + b else Initiative.TIE] += 1
    if ties is TieRule.REROLL:
        counts.pop(Initiative.TIE)
    total = sum(counts.values())
    return {k: Fraction(v, total) for k, v in counts.items() if v}


def test_activation_matches_brute_force_at_every_grid_point():
    m = get("BAT-ACTIVATION")
    n = 0
    for combo in m.grid():
        out = m.evaluate(**combo)
        law = brute_ap(combo["quality"], combo["standard_bearer"])
        assert dict(out.dist(Law.ap).items()) == law, combo
        done: dict[int, Fraction] = {}
        for ap, p in law.items():
            done[min(ap, combo["orders"])] = done.get(min(ap, combo["orders"]), Fraction(0)) + p
        assert dict(out.dist(Law.carried_out).items()) == done, combo
        assert out.event(Event.all) == sum(p for ap, p in law.items() if ap >= combo["orders"])
        n += 1
    assert n == 6 * 2 * 4


def test_initiative_matches_brute_force_at_every_grid_point():
    m = get("BAT-INITIATIVE")
    n = 0
    for combo in m.grid():
        out = m.evaluate(**combo)
        assert dict(out.dist(Law.initiative).items()) == brute_initiative(combo["mine"], combo["theirs"],
                                                                         combo["ties"]), combo
        n += 1
    assert n == 5 * 5 * 2


def test_index_values_of_the_activation_law():
    """The index's table for Binomial(3, Q/6), and its test vector BAT-TV-ACT-Q3."""
    assert [ap_exact(1)[k] for k in range(4)] == [Fraction(125, 216), Fraction(25, 72), Fraction(5, 72),
                                                  Fraction(1, 216)]
    assert [ap_exact(4)[k] for k in range(4)] == [Fraction(1, 27), Fraction(2, 9), Fraction(4, 9), Fraction(8, 27)]
    assert ap_exact(3)[3] == Fraction(1, 8)


def test_index_values_of_the_initiative_differences():
    """The index's derived P(d6 + a > d6 + b) by a − b: the chance of winning outright, before any re-roll."""
    stand = [initiative_exact(3 + d, 3, TieRule.STAND)[Initiative.ME] for d in (-2, -1, 0, 1, 2)]
    assert stand == [Fraction(1, 6), Fraction(5, 18), Fraction(5, 12), Fraction(7, 12), Fraction(13, 18)]
    assert initiative_exact(3, 3)[Initiative.ME] == Fraction(1, 2)
    assert initiative_exact(4, 1, TieRule.STAND)[Initiative.ME] == Fraction(5, 6)


# --- readings change what they should --------------------------------------------------------------

def test_standard_bearer_toggle_raises_the_ap_and_nothing_at_the_extremes():
    m = get("BAT-ACTIVATION")
    for q in range(1, 6):
        off = m.evaluate(quality=q, standard_bearer=False).dist(Law.ap)
        on = m.evaluate(quality=q, standard_bearer=True).dist(Law.ap)
        assert on.mean() > off.mean()
        assert on[3] - off[3] == off[2] * pass_chance(q)
    assert m.evaluate(quality=0, standard_bearer=True).dist(Law.ap) == m.evaluate(quality=0).dist(Law.ap)


def test_tie_toggle_only_moves_the_tie():
    re_roll = initiative_exact(2, 4, TieRule.REROLL)
    stand = initiative_exact(2, 4, TieRule.STAND)
    assert Initiative.TIE not in re_roll.outcomes() and stand[Initiative.TIE] == Fraction(1, 9)
    assert re_roll[Initiative.ME] == stand[Initiative.ME] / (1 - stand[Initiative.TIE])


# --- played faces with fixed dice --------------------------------------------------------------------

def test_played_activation_with_fixed_dice():
    dice = FixedDice([1, 4, 6])
    assert play(activation_roll(3), dice) == 1 and dice.exhausted()
    dice = FixedDice([1, 4, 6, 2])
    assert play(activation_roll(3, standard_bearer=True), dice) == 2 and dice.exhausted()
    assert any("rolled again" in str(e.text) for e in dice.events(Said))
    dice = FixedDice([1, 2, 3])
    assert play(activation_roll(3, standard_bearer=True), dice) == 3 and dice.exhausted()  # no re-roll needed


def test_played_initiative_rerolls_ties():
    dice = FixedDice([3, 4, 5, 2])  # 3+2 = 4+1 tie, then 5+2 > 2+1
    assert roll_initiative(2, 1, dice) is Initiative.ME and dice.exhausted()
    dice = FixedDice([3, 4])
    assert roll_initiative(2, 1, dice, TieRule.STAND) is Initiative.TIE


def test_step_example():
    ex = step_example()
    said = [str(e.text) for e in ex.log if isinstance(e, Said)]
    assert said[-1].endswith("= 6 cm.")
    assert steps_to_cm(3) == 6 and steps_to_cm(3, Fraction(5, 2)) == Fraction(15, 2)


# --- rules with no dice --------------------------------------------------------------------------------

def test_zones_of_a_base():
    b = BaseShape(depth=Fraction(1))
    assert zone_of(b, 0, 5) is Zone.FRONT
    assert zone_of(b, Fraction(5, 2), 1) is Zone.FRONT  # exactly on the 45° ray
    assert zone_of(b, Fraction(26, 10), 1) is Zone.FLANK
    assert zone_of(b, 5, 0) is Zone.FLANK
    assert zone_of(b, 0, -3) is Zone.REAR and zone_of(b, 3, Fraction(-5, 2)) is Zone.REAR
    assert zone_of(b, 0, Fraction(-1, 2)) is Zone.ON_BASE
    assert attack_direction(b, 4, Fraction(-1, 2)) is AttackDirection.FLANK
    assert attack_direction(b, 0, -2) is AttackDirection.REAR
    with pytest.raises(RuleError):
        attack_direction(b, 0, 0)
    with pytest.raises(RuleError):
        BaseShape(depth=Fraction(0))


def test_terrain_speeds_and_sight():
    assert terrain_speed(6, [Terrain.SWAMP]) == Fraction(3, 2)
    assert terrain_speed(6, [Terrain.DIFFICULT]) == 3
    assert terrain_speed(8, [Terrain.SWAMP, Terrain.DIFFICULT]) == 2  # the harshest, not the product
    assert terrain_speed(8, [Terrain.WATER]) == 0 and terrain_speed(8, [Terrain.WATER], flying=True) == 8
    assert corner_speed(8, [Terrain.SWAMP], [Terrain.OPEN]) == 2  # BAT-EX-MOVE-CORNERS
    assert blocks_sight([Terrain.WOOD, Terrain.HILL]) and not blocks_sight([Terrain.SWAMP])
    with pytest.raises(RuleError):
        terrain_speed(-1)


def test_turning_moving_and_setup():
    assert [turn_cost(a) for a in (0, 30, 45, 46, 90, 91, 180)] == [0, 1, 1, 3, 3, 7, 7]
    assert move_allowance(8, turns=[90]) == 5 and move_allowance(8, forward=False) == 4
    with pytest.raises(RuleError):
        turn_cost(181)
    with pytest.raises(RuleError):
        move_allowance(2, turns=[180])
    assert deployment_gap([4, 6, 10]) == 30
    with pytest.raises(RuleError):
        deployment_gap([])


def test_orders_and_carrying_them_out():
    assert check_orders([Order.MOVE, Order.MOVE, Order.ATTACK]) == (Order.MOVE, Order.MOVE, Order.ATTACK)
    with pytest.raises(RuleError, match="at most 3"):
        check_orders([Order.MOVE] * 4)
    with pytest.raises(RuleError, match="Mage"):
        check_orders([Order.CAST])
    with pytest.raises(RuleError, match="Scout"):
        check_orders([Order.RECON], [Skill.MAGE])
    assert check_orders([Order.CAST], [Skill.MAGE]) == (Order.CAST,)
    assert face_up(Order.CAST) and not face_up(Order.MOVE)
    assert carry_out([Order.CAST, Order.MOVE, Order.ATTACK], 1) == ((Order.CAST, Order.MOVE), (Order.ATTACK,))
    assert carry_out([Order.MOVE], 0) == ((), (Order.MOVE,))
    with pytest.raises(RuleError):
        carry_out([], -1)


def test_alternation_and_passing():
    s = start_activations((2, 2), first=0)
    with pytest.raises(RuleError, match="first go"):
        s.pass_go()
    s = s.activate()  # player 0 acts, (1, 2), player 1 to move
    assert s.to_move == 1 and s.may_pass()
    s = s.pass_go()  # player 1 passes
    assert s.to_move == 0
    s = s.activate()  # (0, 2): player 1 carries on alone
    assert s.to_move == 1 and not s.may_pass()
    with pytest.raises(RuleError, match="twice"):
        s.pass_go()
    s = s.activate().activate()
    assert s.over
    with pytest.raises(RuleError):
        s.activate()


def test_profile_and_quality():
    p = Profile("Spearmen", 3, 6, 2, 0, 0, 2, frozenset({Skill.STANDARD}))
    assert p.has(Skill.STANDARD) and not p.has(Skill.MAGE)
    with pytest.raises(RuleError):
        Profile("Heroes", 6, 6, 2, 0, 0, 2)
    with pytest.raises(RuleError):
        Profile("Ghosts", 3, -1, 2, 0, 0, 2)
    assert pass_chance(0) == 0 and pass_chance(-2) == 0 and fail_chance(4) == Fraction(1, 3)


# --- catalogue against the rules index ----------------------------------------------------------------

def test_catalogue_counts_and_the_registered_dice_rules():
    assert len(ENTRIES) == 52 and all(e.source is not None for e in ENTRIES)
    assert len(by_source("BAT", Source.MISSING)) == 5
    registered = {m.rule_id for m in all_mechanics()}
    mine = {"BAT-ACTIVATION", "BAT-INITIATIVE"}
    assert mine <= {e.rule_id for e in dice_rules("BAT")} and mine <= registered


# --- CLI and bad input -------------------------------------------------------------------------------

def test_cli_activation_gives_action_points():
    out = odds_json("BAT-ACTIVATION", "--quality", "4")
    assert out["distribution"] == {"0": "1/27", "1": "2/9", "2": "4/9", "3": "8/27"}


@pytest.mark.parametrize("args", [("BAT-ACTIVATION", "--quality", "6"), ("BAT-ACTIVATION", "--orders", "4"),
                                  ("BAT-INITIATIVE", "--mine", "0"), ("BAT-INITIATIVE", "--ties", "coin")])
def test_cli_bad_input_is_one_line(args):
    line = error_line(*args)
    assert line.startswith(f"error: {args[0]}: {args[1]}")


def test_bad_values_raise_param_error():
    with pytest.raises(ParamError):
        get("BAT-ACTIVATION").evaluate(quality=9)
    with pytest.raises(ParamError):
        get("BAT-INITIATIVE").evaluate(ties="coin")
    with pytest.raises(RuleError):
        start_activations((1, 1), first=2)
