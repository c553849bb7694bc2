"""``python -m aot_rules odds melee …`` as players run it: exact JSON, reading toggles, one-line refusals."""

from __future__ import annotations

import json
import re
from fractions import Fraction as F
from typing import Any

import pytest
from support import error_line, run

FRACTION_RE = re.compile(r"^(0|1|[1-9][0-9]*/[1-9][0-9]*)$")
COUNT_KEYS = ("a_killed", "b_killed", "a_disordered", "b_disordered")


def melee(*args: str) -> dict[str, Any]:
    p = run("odds", "melee", *args, "--json")
    assert p.returncode == 0, p.stderr
    assert p.stderr == ""
    return json.loads(p.stdout)


def frac(s: str) -> F:
    assert isinstance(s, str) and FRACTION_RE.match(s), s
    f = F(s)
    assert s == (str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"), "not reduced"
    return f


def counts(d: dict[str, str]) -> dict[int, F]:
    """A distribution keyed by a whole-number count, as exact fractions adding up to 1."""
    out = {int(k): frac(v) for k, v in d.items()}
    assert F(0) not in out.values(), "impossible counts are left out"
    assert all(str(k) in d for k in out)
    assert sum(out.values()) == 1
    return out


def test_one_sword_each_exact_json():
    doc = melee("--a-ranks", "1", "--a-weapon", "sword", "--b-ranks", "1", "--b-weapon", "sword")
    assert doc["rule_id"] == "AOT-MELEE-RESULT"
    # Each side kills the other's only warrior on 2-6; both gone → 0 against 0 → the melee continues.
    assert (frac(doc["a_wins"]), frac(doc["b_wins"]), frac(doc["continue"])) == (F(5, 36), F(5, 36), F(13, 18))
    assert counts(doc["a_killed"]) == counts(doc["b_killed"]) == {0: F(1, 6), 1: F(5, 6)}
    assert counts(doc["a_disordered"]) == counts(doc["b_disordered"]) == {0: F(1)}
    assert counts(doc["dp_a"]) == {0: F(31, 36), 1: F(5, 36)}


def test_default_matchup_has_all_keys_and_sums_to_one():
    doc = melee()
    total = frac(doc["a_wins"]) + frac(doc["b_wins"]) + frac(doc["continue"])
    assert total == 1
    for k in COUNT_KEYS:
        law = counts(doc[k])
        assert min(law) >= 0 and max(law) <= 8  # 4+4 units by default
    assert {F(v) for v in doc["result"].values()} == {frac(doc["a_wins"]), frac(doc["b_wins"]),
                                                      frac(doc["continue"])} - {F(0)}


def test_armour_piercing_lance_against_armour_in_json():
    # 1 lancer vs D3 armoured foot: 4, 5 kill; 6 → armour → disordered (AOT-MELEE-HIT-LANCE).
    doc = melee("--a-ranks", "1", "--a-mounted", "--a-weapon", "lance", "--b-ranks", "3", "--b-armour")
    assert counts(doc["b_killed"]) == {0: F(2, 3), 1: F(1, 3)}
    assert counts(doc["b_disordered"]) == {0: F(5, 6), 1: F(1, 6)}


def test_defaults_are_the_index_readings():
    args = ("--a-ranks", "2,2", "--a-weapon", "pike", "--b-ranks", "3", "--b-weapon", "halberd-axe",
            "--a-shield", "--a-armour", "--b-shield")
    explicit = ("--armour-first", "--no-equal-saves", "--no-pike-extra-per-rank", "--halberd-axe-as-specialist",
                "--no-flank-hits-use-depth", "--no-javelins-pierce-in-melee")
    assert melee(*args) == melee(*args, *explicit)


@pytest.mark.parametrize(("args", "toggle", "key", "default", "alternative"), [
    # One sword vs a D2 shield wall: saves on 1 (< 2), or on 1-2 when equality saves.
    (("--a-ranks", "1", "--a-weapon", "sword", "--b-ranks", "2", "--b-shield"), "--equal-saves", "b_killed",
     {0: F(11, 36), 1: F(25, 36)}, {0: F(4, 9), 1: F(5, 9)}),
    # Pikes 2+2: 3 dice at 1/6, or 4 with one per second-rank warrior.
    (("--a-ranks", "2,2", "--a-weapon", "pike", "--b-ranks", "3,3"), "--pike-extra-per-rank", "b_killed",
     {0: F(125, 216), 1: F(75, 216), 2: F(15, 216), 3: F(1, 216)},
     {0: F(625, 1296), 1: F(500, 1296), 2: F(150, 1296), 3: F(20, 1296), 4: F(1, 1296)}),
    # Halberd axe, 1 front warrior at density 3: > 3 (1/2) or < 3 (1/3).
    (("--a-ranks", "1,3", "--a-weapon", "halberd-axe", "--b-ranks", "2,2"), "--no-halberd-axe-as-specialist",
     "b_killed", {0: F(1, 2), 1: F(1, 2)}, {0: F(2, 3), 1: F(1, 3)}),
    # A shooter in the flank of 4+4: < 4 (frontal) or < 2 (depth).
    (("--a-ranks", "1", "--a-weapon", "shooter", "--b-ranks", "4,4", "--b-flanked"), "--flank-hits-use-depth",
     "b_killed", {0: F(1, 2), 1: F(1, 2)}, {0: F(5, 6), 1: F(1, 6)}),
    # A javelin hit (< 3, 1/3) saved by the D3 shield wall (1/3): safe, or disordered under the alternative.
    (("--a-ranks", "1,1", "--a-weapon", "shooter", "--a-javelins", "--b-ranks", "3", "--b-shield"),
     "--javelins-pierce-in-melee", "b_disordered", {0: F(1)}, {0: F(8, 9), 1: F(1, 9)}),
])
def test_reading_toggles_change_the_answer(args, toggle, key, default, alternative):
    assert counts(melee(*args)[key]) == default
    assert counts(melee(*args, toggle)[key]) == alternative


def test_armour_first_toggle_changes_the_odds_for_armoured_shield_bearers():
    # Shield first can spend the shield die on a six the armour would have stopped (see test_melee.py):
    # B loses nobody more often under the index's reading, by exactly 1/36 here.
    args = ("--a-ranks", "2", "--a-weapon", "sword", "--b-ranks", "3", "--b-shield", "--b-armour")
    first, second = melee(*args), melee(*args, "--no-armour-first")
    assert F(first["b_killed"]["0"]) - F(second["b_killed"]["0"]) == F(1, 36)


def test_list_names_the_reading_toggles():
    p = run("odds", "--list", "--json")
    assert p.returncode == 0 and p.stderr == ""
    mechs = {m["rule_id"]: m for m in json.loads(p.stdout)["mechanics"]}
    m = mechs["AOT-MELEE-RESULT"]
    assert m["key"] == "melee"
    params = {q["name"]: q for q in m["params"]}
    readings = {n: q["reading_of"] for n, q in params.items() if "reading_of" in q}
    assert readings == {
        "armour_first": "AOT-MELEE-SHIELDWALL", "equal_saves": "AOT-MELEE-SHIELDWALL",
        "pike_extra_per_rank": "AOT-MELEE-PIKE", "halberd_axe_as_specialist": "AOT-MELEE-HALBERD",
        "flank_hits_use_depth": "AOT-MELEE-FLANK", "javelins_pierce_in_melee": "AOT-SHOOT-JAVELIN",
    }
    assert params["armour_first"]["default"] is True and params["equal_saves"]["default"] is False
    assert params["halberd_axe_as_specialist"]["default"] is True
    assert set(params["a_weapon"]["choices"]) == {"shooter", "spear", "pike", "halberd-spear", "halberd-axe",
                                                  "sword", "two-handed", "lance"}
    for rid in ("AOT-MELEE-ENGAGE", "AOT-MELEE-RETREAT", "AOT-DEMO-DISORDER", "AOT-MELEE-HIT-LANCE"):
        assert rid in mechs
    # the per-rule widgets are about ordinary warriors: exotic bodies go to the main calculator
    assert mechs["AOT-MELEE-HIT-LANCE"]["fixed"] == {"a_body": "warriors", "b_body": "warriors", "a_weapon": "lance",
                                                     "a_mounted": True}


def test_variant_by_rule_id_and_its_fixed_inputs():
    p = run("odds", "AOT-MELEE-HIT-LANCE", "--a-ranks", "1", "--b-ranks", "3", "--json")
    assert p.returncode == 0, p.stderr
    assert counts(json.loads(p.stdout)["b_killed"]) == {0: F(1, 2), 1: F(1, 2)}
    assert "--a-weapon" in error_line("AOT-MELEE-HIT-LANCE", "--a-weapon", "sword")  # fixed by the variant


def test_a_mix_of_one_weapon_is_that_weapon():
    base = ("--a-ranks", "3,3", "--b-ranks", "2,2", "--b-shield")
    assert melee(*base, "--a-mix", "spear:3") == melee(*base, "--a-weapon", "spear")
    # ... and a real mix differs from both of its weapons: 2 spears (< 3) and a sword (> 3) against D2.
    mixed = melee(*base, "--a-mix", "spear:2,sword:1")
    assert mixed != melee(*base, "--a-weapon", "spear") and mixed != melee(*base, "--a-weapon", "sword")


def test_text_output_without_json():
    p = run("odds", "melee", "--a-ranks", "1", "--a-weapon", "sword", "--b-ranks", "1")
    assert p.returncode == 0 and p.stderr == ""
    assert "AOT-MELEE-RESULT" in p.stdout and "5/36" in p.stdout and "13/18" in p.stdout


@pytest.mark.parametrize(("args", "needles"), [
    (("--a-weapon", "lance"), ("--a-weapon", "--a-mounted", "AOT-MELEE-HIT-LANCE", "foot cannot use it")),
    (("--a-ranks", "0"), ("--a-ranks", "front rank is empty")),  # the one ranks type (core/ranks.py)
    (("--b-ranks", "0,4"), ("--b-ranks", "front rank is empty")),
    (("--a-mounted", "--a-ranks", "5"), ("--a-ranks", "AOT-ARMY-UNIT-SIZE")),  # 5 riders > 4 (and density 5)
    (("--a-mounted", "--a-ranks", "2,2"), ("--a-ranks", "single rank")),
    (("--a-weapon", "axe"), ("--a-weapon", "halberd-axe")),  # names the option and what it accepts
    (("--a-horse-strike",), ("--a-horse-strike", "--a-mounted", "AOT-MELEE-HORSE-STRIKE")),
    (("--b-ranks", "6,6"), ("--b-ranks", "AOT-ARMY-UNIT-SIZE")),
    (("--a-ranks", "x"), ("--a-ranks",)),
    (("--a-mounted", "--a-ranks", "2", "--a-weapon", "pike"), ("--a-weapon", "--a-mounted", "AOT-MELEE-CAV-OTHER")),
    (("--b-ranks", "3,3", "--b-recruit", "--b-veteran"), ("--b-recruit", "--b-veteran", "AOT-PROP-RECRUIT")),
    (("--no-such-option",), ("no-such-option",)),
])
def test_bad_input_exits_2_with_one_line(args, needles):
    line = error_line("melee", *args)
    for needle in needles:
        assert needle in line, (needle, line)


@pytest.mark.parametrize(("args", "rule_id", "flags"), [
    (("melee", "--b-ranks", "6,6"), "AOT-ARMY-UNIT-SIZE", {"--b-ranks"}),
    (("melee", "--b-mounted", "--b-ranks", "2,2"), "AOT-ARMY-UNIT-SIZE", {"--b-ranks"}),
    (("melee", "--b-weapon", "lance"), "AOT-MELEE-HIT-LANCE", {"--b-weapon", "--b-mounted"}),
    (("melee", "--a-mix", "sword:2,lance:2"), "AOT-MELEE-HIT-LANCE", {"--a-mix", "--a-mounted"}),
    (("melee", "--b-ranks", "2", "--b-mounted", "--b-mix", "sword:1,pike:1"), "AOT-MELEE-CAV-OTHER",
     {"--b-mix", "--b-mounted"}),
    (("melee", "--b-ranks", "2", "--b-mounted", "--b-weapon", "spear"), "AOT-MELEE-CAV-OTHER",
     {"--b-weapon", "--b-mounted"}),
    (("melee", "--b-mix", "sword:3"), "AOT-MELEE-STRIKES", {"--b-mix", "--b-ranks"}),  # 3 of B's 4 front rank
    (("melee", "--a-mix", "axe:4"), "AOT-ARMY-MIXED-WEAPONS", {"--a-mix"}),
    (("melee", "--b-ranks", "3,3", "--b-stubborn", "--b-recruit"), "AOT-PROP-RECRUIT", {"--b-stubborn", "--b-recruit"}),
    (("melee", "--b-horse-strike"), "AOT-MELEE-HORSE-STRIKE", {"--b-horse-strike", "--b-mounted"}),
    (("melee", "--a-flanked", "--b-flanked"), "AOT-MELEE-FLANK", {"--a-flanked", "--b-flanked"}),
    (("two-vs-one", "--b-ranks", "3,3", "--b-on-first", "5"), "AOT-MELEE-ENGAGE", {"--b-on-first"}),
    (("two-vs-one", "--a2-ranks", "6,6"), "AOT-ARMY-UNIT-SIZE", {"--a2-ranks"}),
])
def test_refusals_name_the_sides_options(args, rule_id, flags):
    """The options before the rule ID are the ones the refusal is about, all of the side at fault."""
    line = error_line(*args)
    head, sep, reason = line.removeprefix("error: ").partition(f": {rule_id}: ")
    assert sep and reason, line
    named = set(head.split(", "))
    assert flags <= named, line
    sides = {f.split("-")[2] for f in flags}  # "a", "b", "a2" …
    assert {f.split("-")[2] for f in named} == sides, line
    assert all(f"--{x}-" not in reason for x in ("a", "b", "a1", "a2")), "option names belong before the rule ID"
