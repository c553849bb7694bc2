"""``python -m aot_rules odds …`` for the movement rules, run as players run it: exact JSON answers (worked
out here by hand or from raw dice, not copied from the engine) and one-line refusals with exit status 2."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction as F

import pytest
from support import error_line
from support import odds_json as odds

FRACTION_RE = re.compile(r"^(0|1|[1-9][0-9]*/[1-9][0-9]*)$")
SIXTH = {str(k): "1/6" for k in range(1, 7)}


def law(d: dict[str, str]) -> dict[int, F]:
    """A JSON distribution keyed by whole numbers: reduced fraction strings, no zeros, adding up to 1."""
    out = {}
    for k, v in d.items():
        assert FRACTION_RE.match(v) and v != "0", v
        f = F(v)
        assert v == (str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"), "not reduced"
        out[int(k)] = f
    assert sum(out.values()) == 1
    return out


def kept_law(density: int, regular: bool) -> dict[int, F]:
    """The deciding die from raw dice: a regular unit re-rolls a failure, keeping a pass, else the lower."""
    acc: dict[int, F] = {}
    for a, b in itertools.product(range(1, 7), repeat=2):
        k = a if not regular or a >= density else b if b >= density else min(a, b)
        acc[k] = acc.get(k, F(0)) + F(1, 36)
    return acc


def loss_law(density: int, regular: bool, cap: int = 10) -> dict[int, F]:
    acc: dict[int, F] = {}
    for k, p in kept_law(density, regular).items():
        n = min(k, cap) if k < density else 0
        acc[n] = acc.get(n, F(0)) + p
    return acc


# --- refusals ------------------------------------------------------------------------------------------

def test_run_with_shield_and_armour_is_one_line_citing_aot_run() -> None:
    line = error_line("AOT-RUN", "--density", "3", "--shield", "--armour")
    assert "AOT-RUN" in line and "shield" in line


@pytest.mark.parametrize("rule_id", ["AOT-RUN", "AOT-TURN", "AOT-EVADE-PROCEDURE", "AOT-MOVE-THROUGH-FRIENDS",
                                     "AOT-MOVE-PROCEDURE"])
@pytest.mark.parametrize("density", ["0", "6"])
def test_density_out_of_range(rule_id: str, density: str) -> None:
    line = error_line(rule_id, "--density", density)
    assert "--density" in line and "1 to 5" in line


@pytest.mark.parametrize("density", ["0", "5"])
def test_trot_density_out_of_range(density: str) -> None:
    line = error_line("AOT-TROT", "--density", density)
    assert "--density" in line and "1 to 4" in line


def test_trot_on_foot_is_refused_citing_aot_trot() -> None:
    assert "AOT-TROT" in error_line("AOT-TROT", "--no-mounted")


def test_run_mounted_is_refused_citing_aot_run() -> None:
    assert "AOT-RUN" in error_line("AOT-RUN", "--mounted")


def test_strength_below_density_is_refused() -> None:
    line = error_line("AOT-MOVE-THROUGH-FRIENDS", "--density", "3", "--panicking", "--strength", "2")
    assert "--strength" in line and "density" in line


def test_panicking_without_strength_cites_aot_panic() -> None:
    line = error_line("AOT-MOVE-THROUGH-FRIENDS", "--density", "3", "--panicking")
    assert "AOT-PANIC" in line and "--strength" in line


def test_cost_calculator_refuses_running_in_shields_and_armour() -> None:
    line = error_line("AOT-MOVE-PROCEDURE", "--troops", "foot with shields and armour", "--step-1", "run-or-trot")
    assert "AOT-RUN" in line


def test_cost_calculator_refuses_evading_after_a_trot() -> None:
    line = error_line("AOT-MOVE-PROCEDURE", "--troops", "horse, no armour", "--step-1", "run-or-trot",
                      "--step-2", "evade", "--step-3", "none")
    assert "AOT-EVADE-ELIGIBILITY" in line


# --- exact answers ---------------------------------------------------------------------------------------

def test_run_density_4_shield_json() -> None:
    doc = odds("AOT-RUN", "--density", "4", "--shield")
    assert doc["rule_id"] == "AOT-RUN"
    assert doc["distribution"] == {"0": "1/2", "1": "1/6", "2": "1/6", "3": "1/6"}
    assert doc["disordered"] == doc["distribution"]
    assert doc["distance"] == SIXTH


def test_run_density_4_armour_regular_json() -> None:
    doc = odds("AOT-RUN", "--density", "4", "--armour", "--regular")
    assert law(doc["distribution"]) == loss_law(4, True)
    assert law(doc["distance"]) == kept_law(4, True)  # the kept die is the distance too
    assert law(doc["distance"])[6] == F(1, 4)  # a 6 first (1/6), or a fail then a 6 (1/2 · 1/6)


def test_run_without_gear_never_costs_anyone() -> None:
    doc = odds("AOT-RUN", "--density", "5")
    assert doc["distribution"] == {"0": "1"} and doc["distance"] == SIXTH


def test_trot_density_3_armoured_riders_json() -> None:
    doc = odds("AOT-TROT", "--density", "3", "--armour")
    assert doc["rule_id"] == "AOT-TROT"
    # both dice must fail (1 or 2): (1,1), (1,2), (2,1) lose the lower, 1; (2,2) loses 2
    assert doc["distribution"] == {"0": "8/9", "1": "1/12", "2": "1/36"}
    assert law(doc["distance"]) == {s: F(6 - abs(s - 7), 36) for s in range(2, 13)}  # 2d6


def test_trot_reading_toggle_test_die_does_not_move() -> None:
    doc = odds("AOT-TROT", "--density", "3", "--armour", "--no-test-die-moves")
    assert doc["distribution"] == {"0": "8/9", "1": "1/12", "2": "1/36"}  # the same losses
    # distance: the higher die when both pass or both fail, the failing one when only one passes
    want: dict[int, F] = {}
    for a, b in itertools.product(range(1, 7), repeat=2):
        d = min(a, b) if (a >= 3) != (b >= 3) else max(a, b)
        want[d] = want.get(d, F(0)) + F(1, 36)
    assert law(doc["distance"]) == want


def test_trot_armoured_horses_one_die() -> None:
    doc = odds("AOT-TROT", "--density", "4", "--horse-armour")
    assert doc["distance"] == SIXTH
    assert law(doc["distribution"]) == {0: F(1, 2), 1: F(1, 6), 2: F(1, 6), 3: F(1, 6)}


def test_trot_light_horse_no_test() -> None:
    doc = odds("AOT-TROT", "--density", "4")
    assert doc["distribution"] == {"0": "1"}
    assert law(doc["distance"]) == {s: F(6 - abs(s - 7), 36) for s in range(2, 13)}


def test_evade_density_4_regular_json() -> None:
    doc = odds("AOT-EVADE-PROCEDURE", "--density", "4", "--regular")
    assert law(doc["distribution"]) == loss_law(4, True)
    # by hand: no loss 1/2 + 1/2·1/2 = 3/4; loss 1: (1, 1-3) or (2-3, 1) = 5/36
    assert doc["distribution"] == {"0": "3/4", "1": "5/36", "2": "1/12", "3": "1/36"}
    assert law(doc["distance"]) == kept_law(4, True)


def test_evade_flank_is_the_same_die() -> None:
    assert odds("AOT-EVADE-FLANK", "--density", "3")["distribution"] == \
        odds("AOT-EVADE-PROCEDURE", "--density", "3")["distribution"] == {"0": "2/3", "1": "1/6", "2": "1/6"}


def test_turn_density_4_regular_json() -> None:
    doc = odds("AOT-TURN", "--density", "4", "--regular")
    assert law(doc["distribution"]) == loss_law(4, True)
    assert doc["fails"] == "1/4"  # both dice below 4


def test_through_friends_never_loses_more_than_the_friend_has() -> None:
    doc = odds("AOT-MOVE-THROUGH-FRIENDS", "--density", "3", "--friend-formed", "2")
    dist = law(doc["distribution"])
    assert max(dist) <= 2
    assert dist == {0: F(2, 3), 1: F(1, 6), 2: F(1, 6)}


def test_through_friends_panicking_tests_against_strength() -> None:
    doc = odds("AOT-MOVE-THROUGH-FRIENDS", "--density", "1", "--panicking", "--strength", "8", "--friend-formed", "4")
    # strength 8: every die fails; the friend loses the roll, at most its 4
    assert law(doc["distribution"]) == {1: F(1, 6), 2: F(1, 6), 3: F(1, 6), 4: F(1, 2)}
    assert doc["all"] == "1/2"


def test_panic_variant_strength_8() -> None:
    doc = odds("AOT-PANIC", "--strength", "8")
    assert doc["distribution"] == SIXTH and doc["fails"] == "1"


def test_cost_calculator_two_turns_by_hand() -> None:
    doc = odds("AOT-MOVE-PROCEDURE", "--density", "3", "--troops", "foot, no shield or armour", "--step-1", "turn",
               "--step-2", "turn", "--step-3", "none", "--step-4", "none")
    # 3+3: the first turn loses 1 (→ 2+3, density 3) or 2 (→ 2+2, density 2) or nothing.
    # After a 1 the second fails on 1 or 2 again; after a 2 it fails only on a 1.
    p = F(1, 6)
    want = {0: F(2, 3) * F(2, 3), 1: F(2, 3) * p + p * F(2, 3), 2: F(2, 3) * p + p * p + p * F(5, 6),
            3: p * p + p * p}
    assert law(doc["lost"]) == want
    # 2+3 still has density 3; any second warrior lost leaves 2+2 (density 2): intact iff at most 1 lost
    assert F(doc["intact"]) == want[0] + want[1] == F(2, 3)
    assert law(doc["density"]) == {3: F(2, 3), 2: F(1, 3)}


def test_eligibility_json_anglo_saxons() -> None:
    doc = odds("AOT-EVADE-ELIGIBILITY", "--evader", "foot-shield", "--attacker", "foot-armour")
    assert doc["distribution"] == {"no": "1"} and doc["because"]
    doc = odds("AOT-EVADE-ELIGIBILITY", "--evader", "light-horse", "--attacker", "horse-armour")
    assert doc["distribution"] == {"yes": "1"}


def test_values_written_before_the_codes_are_still_accepted() -> None:
    """An old command line (or share link, or army file) wrote the choice as its English phrase: it still means
    the same member, and the answer is keyed by codes."""
    old = odds("AOT-EVADE-ELIGIBILITY", "--evader", "foot with shields", "--attacker", "horse, armoured riders")
    new = odds("AOT-EVADE-ELIGIBILITY", "--evader", "foot-shield", "--attacker", "horse-armour")
    assert old == new and old["distribution"] == {"no": "1"}
