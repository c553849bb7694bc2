"""Age of Battles (the correction sheet): worked example, exact laws against brute force over raw faces,
the Readings' switches, refusals and the command line.

Brute force here means counting faces: every combination of die faces is enumerated (the two sides'
clash and casualty dice with numpy, four dice at a time) and the rule is applied to each, independently
of the engine's ``Dist`` arithmetic, at every grid point of every registered Age of Battles mechanic.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import ceil
from pathlib import Path

import numpy as np
import pytest
from support import error_line, odds_json, tiers

from aot_rules.aob.examples import EXAMPLES
from aot_rules.aob.rules.clash import (
    Attacked,
    ClashResult,
    Compare,
    Troop,
    casualties_of,
    clash,
    clash_law,
    fighting_spirit,
    rank_bonus,
    roll_casualties,
)
from aot_rules.aob.rules.deploy import Role, roll_for_roles
from aot_rules.aob.rules.die import Direction, GameDie
from aot_rules.aob.rules.glory import GloryEvent, after, initial_glory
from aot_rules.aob.rules.steadiness import Verdict, flight_turns, rout, steadiness_test
from aot_rules.catalogue import dice_rules, rules
from aot_rules.core.dice import FixedDice
from aot_rules.core.errors import ParamError, RuleError
from aot_rules.core.evaluate import play
from aot_rules.core.events import Roll, Said
from aot_rules.keys import Event, Law
from aot_rules.systems import get, registries

AOB = next(r for r in registries() if r.system == "aob")

ENTRIES = rules("AOB")


def grid(rule_id: str) -> list[dict]:
    return list(get(rule_id).grid())


# --- the worked example -------------------------------------------------------------------------------


def test_casualty_example_rolls_3_and_kills_1() -> None:
    dice = FixedDice([3])
    assert roll_casualties(dice, GameDie.D20, "B") == (3, 1)
    assert dice.exhausted()
    ex = EXAMPLES["AOB-EX-CASUALTY"]()
    assert [r.face for r in ex.log if isinstance(r, Roll)] == [3]
    assert [r.sides for r in ex.log if isinstance(r, Roll)] == [20]
    assert any("B loses 1 man" in str(e.text) for e in ex.log if isinstance(e, Said))
    assert {str(k): p for k, p in ex.exact}["P(a d20 casualty roll costs the enemy exactly 1 man)"] == Fraction(3, 20)
    assert "a roll of 4 costs 2 men, a roll of 20 costs 7" in str(ex.notes[0])


def test_derived_casualties_of_the_index() -> None:
    assert [casualties_of(f) for f in (3, 4, 20)] == [1, 2, 7]
    assert odds_json("AOB-CLASH-CASUALTIES")["distribution"] == {
        **{str(k): "3/20" for k in range(1, 7)}, "7": "1/10"}


# --- brute force over raw faces, at every grid point --------------------------------------------------


def test_deploy_roles_against_face_pairs() -> None:
    for combo in grid("AOB-DEPLOY-ROLES"):
        s = combo["die"].sides
        pairs = [(a, b) for a, b in itertools.product(range(1, s + 1), repeat=2)]
        decided = [(a, b) for a, b in pairs if a != b]
        out = get("AOB-DEPLOY-ROLES").evaluate(**combo)
        assert out.dist(Law.role)[Role.ATTACKER] == Fraction(sum(a > b for a, b in decided), len(decided)) == \
            Fraction(1, 2)
        assert out.event(Event.first) == Fraction(len(decided), len(pairs))


def test_casualties_against_faces() -> None:
    for combo in grid("AOB-CLASH-CASUALTIES"):
        s = combo["die"].sides
        want: dict[int, Fraction] = {}
        for f in range(1, s + 1):
            want[-(-f // 3)] = want.get(-(-f // 3), Fraction(0)) + Fraction(1, s)
        assert dict(get("AOB-CLASH-CASUALTIES").evaluate(**combo).dist(Law.casualties).items()) == want


def _brute_clash(a_t: int, b_t: int, die: GameDie, direction: Direction, compare: Compare) -> dict:
    """Every combination of the four dice (A's clash, B's clash, A's casualty, B's casualty), counted."""
    s = die.sides
    f = np.arange(1, s + 1)
    ac, bc, ak, bk = (x.ravel() for x in np.meshgrid(f, f, f, f, indexing="ij"))
    if direction is Direction.AT_MOST:
        a_hit, b_hit = ac <= a_t, bc <= b_t
    else:
        a_hit, b_hit = ac >= a_t, bc >= b_t
    a_men, b_men = np.where(a_hit, -(-ak // 3), 0), np.where(b_hit, -(-bk // 3), 0)
    raw = {Compare.MEN: (a_men, b_men), Compare.CASUALTY_DICE: (ak, bk), Compare.CLASH_DICE: (ac, bc)}[compare]
    a_sc, b_sc = np.where(a_hit, raw[0], 0), np.where(b_hit, raw[1], 0)
    a_wins = (a_sc > 0) & (a_sc >= 2 * b_sc)
    b_wins = (b_sc > 0) & (b_sc >= 2 * a_sc)
    n = s**4
    result = {ClashResult.A_WINS: Fraction(int(a_wins.sum()), n), ClashResult.B_WINS: Fraction(int(b_wins.sum()), n),
              ClashResult.MELEE: Fraction(int((~a_wins & ~b_wins).sum()), n)}
    return {"result": {k: v for k, v in result.items() if v},
            "a_losses": {int(k): Fraction(int(c), n) for k, c in enumerate(np.bincount(b_men)) if c},
            "b_losses": {int(k): Fraction(int(c), n) for k, c in enumerate(np.bincount(a_men)) if c},
            "a_hit": Fraction(int(a_hit.sum()), n), "b_hit": Fraction(int(b_hit.sum()), n)}


@pytest.mark.parametrize("step", tiers(7, 1))  # every 7th grid point in the fast tier, every one in make test
def test_clash_against_all_four_dice_at_every_grid_point(step: int) -> None:
    m = get("AOB-CLASH")
    points = grid("AOB-CLASH")
    assert len(points) >= 400
    for combo in points[::step]:
        out = m.evaluate(**combo)
        want = _brute_clash(combo["a_target"], combo["b_target"], combo["die"], combo["direction"],
                            combo["compare"])
        for name in ("result", "a_losses", "b_losses"):
            assert dict(out.dists[name].items()) == want[name], (combo, name)
        assert (out.event(Event.a_hit), out.event(Event.b_hit)) == (want["a_hit"], want["b_hit"]), combo


def test_clash_off_grid_dice_and_targets() -> None:
    """The command line takes a d10, a d12 and targets off the widget's grid: same brute force."""
    for die, a_t, b_t in ((GameDie.D10, 7, 4), (GameDie.D12, -1, 13), (GameDie.D20, 0, 21)):
        for compare in Compare:
            law = clash_law(a_t, b_t, die, Direction.AT_MOST, compare)
            want = _brute_clash(a_t, b_t, die, Direction.AT_MOST, compare)
            assert dict(law.marginal("result").items()) == want["result"]


def _brute_test(threshold: int, sides: int, rerolls: int) -> dict[tuple[Verdict, int], Fraction]:
    """Every sequence of rerolls + 1 faces: the test stops at the first face at or under the threshold."""
    out: dict[tuple[Verdict, int], Fraction] = {}
    n = rerolls + 1
    for faces in itertools.product(range(1, sides + 1), repeat=n):
        k = next((i + 1 for i, f in enumerate(faces) if f <= threshold), None)
        key = (Verdict.PASS, k) if k else (Verdict.FAIL, n)
        out[key] = out.get(key, Fraction(0)) + Fraction(1, sides**n)
    return {k: v for k, v in out.items() if v}


@pytest.mark.parametrize("rule_id", ["AOB-STEADINESS-TEST", "AOB-GENERAL", "AOB-STANDARD"])
def test_steadiness_against_face_sequences(rule_id: str) -> None:
    m = get(rule_id)
    for combo in grid(rule_id):
        full = m.resolve(**combo)
        n = full["general"] + full["standard"]
        rerolls = n if full["stack"] else min(n, 1)
        want = _brute_test(full["threshold"], full["die"].sides, rerolls)
        out = m.evaluate(**combo)
        verdict = {v: sum(p for (vv, _), p in want.items() if vv is v) for v in Verdict}
        rolls: dict[int, Fraction] = {}
        for (_, r), p in want.items():
            rolls[r] = rolls.get(r, Fraction(0)) + p
        assert dict(out.dist(Law.verdict).items()) == {k: v for k, v in verdict.items() if v}, combo
        assert dict(out.dist(Law.rolls).items()) == rolls, combo
        assert out.event(Event.saved) == sum(p for (v, r), p in want.items() if v is Verdict.PASS and r > 1)


def test_rout_against_turn_sequences() -> None:
    """Each turn's test is counted over raw faces; the turns then over every pass/fail sequence."""
    m = get("AOB-ROUT")
    pass_p: dict[tuple[int, int, int], Fraction] = {}
    for combo in grid("AOB-ROUT"):
        s, t, r = combo["die"].sides, combo["threshold"], int(combo["reroll"])
        if (s, t, r) not in pass_p:
            pass_p[(s, t, r)] = sum(p for (v, _), p in _brute_test(t, s, r).items() if v is Verdict.PASS)
        p = pass_p[(s, t, r)]
        step = Fraction(combo["move"] * 3, 2) if combo["fast"] else Fraction(combo["move"])
        turns = ceil(Fraction(combo["distance"]) / step)
        want: dict[int, Fraction] = {}
        for seq in itertools.product((True, False), repeat=turns):
            k = next((i for i, ok in enumerate(seq) if ok), turns)
            prob = Fraction(1)
            for ok in seq[:k + 1] if k < turns else seq:
                prob *= p if ok else 1 - p
            if k < turns and seq[k + 1:] != (False,) * (turns - k - 1):
                continue  # the turns after a rally are not played: count each history once
            want[k] = want.get(k, Fraction(0)) + prob
        out = m.evaluate(**combo)
        assert dict(out.dist(Law.moves).items()) == {k: v for k, v in want.items() if v}, combo
        assert out.event(Event.left) == want.get(turns, Fraction(0))


# --- the Readings' switches change what they should ---------------------------------------------------


def test_direction_switch_reverses_what_a_target_means() -> None:
    low = get("AOB-CLASH").evaluate(a_target=15, b_target=6)
    high = get("AOB-CLASH").evaluate(a_target=15, b_target=6, direction="roll at least T")
    assert low.event(Event.a_hit) == Fraction(15, 20) and high.event(Event.a_hit) == Fraction(6, 20)
    assert high.event(Event.b_hit) == Fraction(15, 20)


def test_compare_switch_changes_who_wins() -> None:
    by = {c: get("AOB-CLASH").evaluate(a_target=15, b_target=6, compare=c).dist(Law.result) for c in Compare}
    assert len({d[ClashResult.A_WINS] for d in by.values()}) == 3
    # the casualty counts themselves do not depend on what is compared
    assert len({get("AOB-CLASH").evaluate(a_target=15, b_target=6, compare=c).dist(Law.b_losses) for c in Compare}) == 1


def test_die_switch() -> None:
    assert dict(get("AOB-CLASH-CASUALTIES").evaluate(die="d6").dist(Law.casualties).items()) == {
        1: Fraction(1, 2), 2: Fraction(1, 2)}
    assert get("AOB-CLASH").evaluate(a_target=3, b_target=3, die="d6").event(Event.a_hit) == Fraction(1, 2)


def test_one_reroll_at_most_unless_switched() -> None:
    one = get("AOB-GENERAL").evaluate(standard=True)
    two = get("AOB-GENERAL").evaluate(standard=True, stack=True)
    assert max(one.dist(Law.rolls)) == 2 and max(two.dist(Law.rolls)) == 3
    assert one.dist(Law.verdict)[Verdict.PASS] == Fraction(3, 4)
    assert two.dist(Law.verdict)[Verdict.PASS] == Fraction(7, 8)
    alone = get("AOB-STANDARD").evaluate()
    assert alone.dist(Law.verdict)[Verdict.PASS] == Fraction(3, 4)
    assert get("AOB-STEADINESS-TEST").evaluate().dist(Law.verdict)[Verdict.PASS] == Fraction(1, 2)


def test_flight_speed_switch() -> None:
    fast = get("AOB-ROUT").evaluate(distance=12, move=4)
    slow = get("AOB-ROUT").evaluate(distance=12, move=4, fast=False)
    assert fast.info["flight turns to the edge"] == 2 and slow.info["flight turns to the edge"] == 3
    assert fast.event(Event.left) == Fraction(1, 4) and slow.event(Event.left) == Fraction(1, 8)


# --- played faces with fixed dice ---------------------------------------------------------------------


def test_played_clash_with_fixed_dice() -> None:
    # A needs 12 or less and rolls 5; B needs 6 or less and rolls 15; A's casualty die 9 kills 3.
    dice = FixedDice([5, 15, 9])
    out = play(clash(12, 6), dice)
    assert dice.exhausted()
    assert (out.result, out.a_losses, out.b_losses, out.a_hit, out.b_hit) == (ClashResult.A_WINS, 0, 3, True, False)
    # both hit: 4 men (roll 12) against 2 men (roll 6): A has double and wins
    assert play(clash(12, 6), FixedDice([1, 1, 12, 6])).result is ClashResult.A_WINS
    # 3 men against 2: nobody has double, melee
    assert play(clash(12, 6), FixedDice([1, 1, 9, 6])).result is ClashResult.MELEE
    # both miss: melee, no losses
    assert play(clash(12, 6), FixedDice([20, 20])) == (ClashResult.MELEE, 0, 0, False, False)


def test_played_tests_and_rout_with_fixed_dice() -> None:
    assert play(steadiness_test(10, GameDie.D20, 1), FixedDice([14, 3])) == (Verdict.PASS, 2)
    assert play(steadiness_test(10, GameDie.D20, 0), FixedDice([14])) == (Verdict.FAIL, 1)
    assert play(rout(10, GameDie.D20, 0, 4), FixedDice([18, 12, 7])) == 2
    assert play(rout(10, GameDie.D20, 0, 2), FixedDice([18, 12])) == 2
    assert roll_for_roles(FixedDice([4, 4, 2, 9]), GameDie.D20) == (Role.DEFENDER, 2)


# --- deterministic rules ------------------------------------------------------------------------------


def test_fighting_spirit_ranks_and_glory() -> None:
    assert [rank_bonus(Troop.PIKEMEN, r) for r in (3, 4)] == [3, 8]
    assert rank_bonus(Troop.SPEARMEN, 6) == 4 and rank_bonus(Troop.OTHER, 3) == 0
    assert fighting_spirit(attacked=Attacked.FLANK, uphill=True, wider_sides=2) == 1
    assert [initial_glory(a) for a in (7, 8, 50)] == [4, 4, 20]
    assert after(20, GloryEvent.ROUTED_ENEMY) == 20 and after(1, GloryEvent.FLED) == 0


# --- refusals -----------------------------------------------------------------------------------------


def test_bad_values_are_refused() -> None:
    with pytest.raises(RuleError, match="AOB-CLASH-CASUALTIES"):
        casualties_of(0)
    with pytest.raises(RuleError, match="d6 shows 1 to 6"):
        casualties_of(7, GameDie.D6)
    with pytest.raises(RuleError, match="AOB-CLASH-RANKS"):
        rank_bonus(Troop.SPEARMEN, -1)
    with pytest.raises(RuleError, match="two flanks"):
        fighting_spirit(covered_flanks=3)
    with pytest.raises(RuleError, match="AOB-ROUT"):
        flight_turns(0, 4)
    with pytest.raises(RuleError, match="AOB-GLORY"):
        after(21, GloryEvent.FLED)
    with pytest.raises(ParamError):
        get("AOB-STEADINESS-TEST").evaluate(threshold=21)
    with pytest.raises(ParamError):
        get("AOB-CLASH").evaluate(die="d7")
    with pytest.raises(ParamError):
        get("AOB-GENERAL").evaluate(general=False)  # fixed by the variant


def test_cli_refusals_are_one_line() -> None:
    assert "--die" in error_line("AOB-CLASH", "--die", "d7")
    assert "--distance" in error_line("AOB-ROUT", "--distance", "0")
    assert "--threshold" in error_line("AOB-STEADINESS-TEST", "--threshold", "x")


def test_cli_marks_the_blank_and_the_readings() -> None:
    from support import run

    text = run("odds", "AOB-STEADINESS-TEST", "--help").stdout
    assert "NOT IN THE SOURCE" in text and "Reading" in text
    doc = odds_json("AOB-ROUT", "--threshold", "12", "--reroll")
    assert doc["main"] == "moves" and sum(Fraction(v) for v in doc["distribution"].values()) == 1


ENTRIES = rules("AOB")

# --- coverage -----------------------------------------------------------------------------------------


def test_every_dice_entry_is_registered() -> None:
    assert {m.rule_id for m in AOB} == {e.rule_id for e in dice_rules("AOB")}
    assert len(ENTRIES) == 22


def test_every_entry_is_labelled_and_badged_once_in_the_book() -> None:
    root = Path(__file__).resolve().parents[2] / "book" / "aob"
    text = "".join(p.read_text(encoding="utf-8") for p in sorted(root.glob("*.md")))
    for e in ENTRIES:
        assert text.count(f"\n({e.rule_id.lower()})=\n") == 1, e.rule_id
        assert text.count(f"{{rule}}`{e.rule_id}`") == 1, e.rule_id
    for m in AOB:
        assert f'show_widget("{m.rule_id}")' in text, m.rule_id
    assert 'show_example("AOB-EX-CASUALTY")' in text
