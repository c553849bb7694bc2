"""The command line, run as players run it: ``python -m aot_rules odds …`` in a subprocess."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from typing import Any

import pytest
from support import legal_combo, odds_json, run

from aot_rules.core.registry import Mechanic
from aot_rules.present.render import as_json
from aot_rules.systems import all_mechanics

FRACTION_STR_RE = re.compile(r"^(0|1|[1-9][0-9]*/[1-9][0-9]*)$")
BINOMIAL_4_HALF = {"0": "1/16", "1": "1/4", "2": "3/8", "3": "1/4", "4": "1/16"}


def assert_law(d: dict[str, str]) -> None:
    """A JSON distribution: reduced fraction strings, no zero entries, adding up to exactly 1."""
    assert d, "empty distribution"
    for v in d.values():
        assert isinstance(v, str) and FRACTION_STR_RE.match(v), v
        assert v != "0"
        f = Fraction(v)
        assert str(f.numerator if f.denominator == 1 else f) == v  # reduced
    assert sum(Fraction(v) for v in d.values()) == 1


# --- odds shoot ------------------------------------------------------------------------------

def test_shoot_four_firers_at_density_four():
    doc = odds_json("shoot", "--firers", "4", "--target-density", "4")
    assert doc["rule_id"] == "AOT-SHOOT-RESULT"
    assert doc["killed"] == BINOMIAL_4_HALF
    assert doc["distribution"] == doc["killed"]
    assert doc["disordered"] == {"0": "1"}
    assert doc["firers"] == 4
    assert doc["hit_on"] == [1, 2, 3]


def test_shoot_with_shooter_density_and_ranks_gives_the_result():
    doc = odds_json("shoot", "--firers", "4", "--target-density", "4", "--target-ranks", "3,4",
                    "--shooter-density", "4", "--shield-wall")
    for key in ("killed", "disordered", "losses", "dp"):
        assert key in doc
        assert_law(doc[key])
    assert "retreat" in doc and FRACTION_STR_RE.match(doc["retreat"])
    assert doc["target_ranks"] == [3, 4]
    assert doc["save_on"] == [1, 2, 3]
    # DP are the target's density at the start (4) whenever it retreats
    assert set(doc["dp"]) <= {"0", "4"}
    assert Fraction(doc["dp"].get("4", "0")) == Fraction(doc["retreat"])


def test_shoot_retreat_matches_hand_count():
    # 4+4 target, 4 bows: density after losses is 4 (0-1 lost) or 3 (2-3 lost) or 2 (4 lost)
    doc = odds_json("shoot", "--firers", "4", "--target-density", "4", "--target-ranks", "4,4",
                    "--shooter-density", "4")
    assert doc["retreat"] == "11/16"
    assert doc["dp"] == {"0": "5/16", "4": "11/16"}


def test_every_json_distribution_sums_to_one():
    doc = odds_json("shoot", "--firers", "7", "--target-density", "3", "--weapon", "javelin", "--shield-wall",
                    "--target-veteran", "--shooter-density", "2", "--target-ranks", "3,2")
    for key in ("distribution", "killed", "disordered", "losses", "dp"):
        assert_law(doc[key])


def test_flank_example_on_the_command_line():
    doc = odds_json("AOT-SHOOT-FLANK", "--firers", "4", "--target-density", "4", "--shield-wall",
                    "--shooter-density", "3")
    assert doc["hit_on"] == [1, 2, 3]
    assert doc["save_on"] == []
    assert doc["killed"] == BINOMIAL_4_HALF  # shields do not help from the flank
    assert doc["retreat"] == "15/16"  # depth 2 < 3 after any loss
    doc2 = odds_json("AOT-SHOOT-FLANK", "--firers", "4", "--target-density", "4", "--shooter-density", "2")
    assert doc2["retreat"] == "0"


def test_hit_mechanic_by_rule_id_key_and_lower_case():
    for name in ("AOT-SHOOT-HIT", "hit", "aot-shoot-hit"):
        doc = odds_json(name, "--firers", "4", "--target-density", "4")
        assert doc["rule_id"] == "AOT-SHOOT-HIT"
        assert doc["distribution"] == BINOMIAL_4_HALF
        assert doc["p_hit_per_die"] == "1/2"


def test_hit_veteran_flag():
    doc = odds_json("AOT-SHOOT-HIT", "--firers", "1", "--target-density", "4", "--veteran")
    assert doc["distribution"] == {"0": "1/3", "1": "2/3"}
    doc = odds_json("AOT-SHOOT-HIT", "--firers", "1", "--target-density", "4", "--no-veteran")
    assert doc["distribution"] == {"0": "1/2", "1": "1/2"}


@pytest.mark.parametrize("args,firers", [
    (("--target-density", "4", "--target-strength", "8", "--distance", "4"), 4),  # AOT-EX-SLINGERS
    (("--target-density", "4", "--distance", "4"), 4),                            # 4+4 by default
    (("--target-density", "4", "--distance", "2.5"), 5),                          # rounded down
    (("--target-density", "4", "--target-strength", "10", "--distance", "4"), 6),  # disordered count
    (("--firers", "2", "--target-density", "4", "--distance", "4"), 2),           # capped by --firers
    (("--target-density", "3", "--mounted-target", "--target-strength", "3", "--distance", "2"), 4),
    (("--target-density", "4", "--cover", "--distance", "1"), 3),
    (("--target-density", "4", "--weapon", "javelin", "--distance", "1"), 7),
])
def test_firers_derived_from_range(args, firers):
    doc = odds_json("shoot", *args)
    assert doc["firers"] == firers
    assert_law(doc["killed"])
    assert max(int(k) for k in doc["killed"]) <= firers


def test_slingers_example_via_range():
    doc = odds_json("shoot", "--weapon", "sling", "--target-density", "4", "--target-strength", "8",
                    "--distance", "4")
    assert doc["killed"]["2"] == "3/8"


def test_text_output():
    p = run("odds", "shoot", "--firers", "4", "--target-density", "4")
    assert p.returncode == 0 and p.stderr == ""
    assert "AOT-SHOOT-RESULT" in p.stdout
    assert "3/8" in p.stdout and "37.50%" in p.stdout


# --- listing ------------------------------------------------------------------------------------

def test_list_json_has_every_mechanic_with_params():
    p = run("odds", "--list", "--json")
    assert p.returncode == 0, p.stderr
    doc = json.loads(p.stdout)
    listed = {m["rule_id"]: m for m in doc["mechanics"]}
    for m in all_mechanics():
        assert m.rule_id in listed
        entry = listed[m.rule_id]
        assert entry["key"] == m.key
        assert [q["name"] for q in entry["params"]] == [q.name for q in m.inputs]
        for q in entry["params"]:
            assert q["flag"].startswith("--")


def test_list_text_has_every_mechanic():
    p = run("odds", "--list")
    assert p.returncode == 0, p.stderr
    for m in all_mechanics():
        assert m.rule_id in p.stdout
        for q in m.inputs:
            assert q.flag in p.stdout


def test_help_exits_zero():
    for args in (("odds",), ("odds", "--help"), ("odds", "shoot", "--help"), ()):
        p = run(*args)
        assert p.returncode == 0, (args, p.stderr)
        assert "usage" in p.stdout.lower()


# --- every mechanic: the CLI prints exactly what the registry computes -----------------------------

def _flags(combo: dict[str, Any], m: Mechanic) -> list[str]:
    out: list[str] = []
    for q in m.inputs:
        v = combo[q.name]
        if v is None:
            continue
        if q.kind == "bool":
            out.append(q.flag if v else "--no-" + q.flag[2:])
        elif q.kind == "ranks":
            out += [q.flag, ",".join(map(str, v))]
        else:
            out += [q.flag, str(v)]
    return out


@pytest.mark.parametrize("m", all_mechanics(), ids=lambda m: m.rule_id)
def test_cli_json_equals_registry(m):
    combo = legal_combo(m)
    doc = odds_json(m.rule_id, *_flags(combo, m))
    expected = json.loads(json.dumps(as_json(m, m.evaluate(**combo))))
    assert doc == expected
    assert_law(doc["distribution"])
    assert doc["distribution"] == doc[doc["main"]]


# --- refusals: status 2, one line on stderr naming the option or the rule, never a traceback -----------

BAD = [
    (("shoot", "--firers", "0"), "--firers"),
    (("shoot", "--firers", "21"), "--firers"),
    (("shoot", "--firers", "3", "--target-density", "6"), "--target-density"),
    (("shoot", "--firers", "3", "--weapon", "rock"), "--weapon"),
    (("shoot", "--firers", "3", "--target-ranks", "4,x"), "--target-ranks"),
    (("shoot", "--firers", "3", "--target-density", "4", "--target-ranks", "3,3"), "--target-ranks"),
    (("shoot", "--firers", "3", "--target-density", "4", "--target-ranks", "4,4,4"), "--target-ranks"),
    (("shoot", "--weapon", "javelin", "--distance", "2"), "AOT-SHOOT-JAVELIN"),
    (("shoot", "--weapon", "handgun", "--distance", "1.5"), "AOT-SHOOT-HANDGUN"),
    (("shoot", "--distance", "9"), "AOT-SHOOT-RANGE"),
    (("shoot", "--target-density", "2", "--cover", "--distance", "2"), "AOT-SHOOT-RANGE"),
    (("shoot", "--firers", "3", "--bogus"), "--bogus"),
    (("shoot", "--firers"), "--firers"),
    (("shoot", "--firers", "3", "--distance", "abc"), "--distance"),
    (("shoot", "--firers", "3", "--target-strength", "11"), "--target-strength"),
    (("shoot", "--firers", "3", "--target-strength", "3"), "--target-strength"),
    (("shoot", "--firers", "3", "--horse-armour", "--shield-wall"), "AOT-SHOOT-SHIELDWALL"),
    (("shoot", "--firers", "3", "--horse-armour", "--pavise"), "AOT-SHOOT-SHIELDWALL"),
    (("shoot", "--firers", "3", "--target-density", "5", "--horse-armour"), "AOT-DENSITY-LIMITS"),
    (("shoot", "--firers", "3", "--horse-armour", "--target-ranks", "4,4"), "AOT-ARMY-UNIT-SIZE"),
    (("shoot", "--firers", "3", "--target-ranks=-1,4"), "--target-ranks"),
    (("shoot", "--target-density", "4"), "--firers"),
    (("hit", "--firers", "3", "--flank"), "--flank"),
    (("AOT-SHOOT-JAVELIN", "--firers", "3", "--weapon", "bow"), "--weapon"),
    (("countercharge", "--distance", "0"), "--distance"),
    (("disorder-test", "--density", "4", "--formed", "2"), "AOT-DENSITY"),
    (("nosuch",), "nosuch"),
]


@pytest.mark.parametrize("args,token", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_exits_2_with_one_line(args, token):
    p = run("odds", *args)
    assert p.returncode == 2, (p.returncode, p.stdout, p.stderr)
    assert "Traceback" not in p.stderr and "Traceback" not in p.stdout
    lines = p.stderr.splitlines()
    assert len(lines) == 1, p.stderr
    assert token in lines[0], lines[0]
    assert p.stdout == ""


@pytest.mark.parametrize("args,token", [(("frob",), "frob"), (("odds", "--list", "--bogus"), "--bogus")])
def test_bad_command_exits_2(args, token):
    p = run(*args)
    assert p.returncode == 2
    lines = p.stderr.splitlines()
    assert len(lines) == 1 and token in lines[0]
    assert "Traceback" not in p.stderr
