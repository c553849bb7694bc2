"""Army lists as data, and the validator (issue 7): the Greek list of the rulebook, a legal army built from
it, illegal armies made from the legal one by changing one thing each, the points table against the rules
index, recruits bought in pairs, the legionaries' mixed weapons, and properties that hold for any army."""

from __future__ import annotations

import copy
import math
import re
from collections.abc import Callable
from fractions import Fraction
from html import escape
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from support import examples

from aot_rules.aot.army import (
    BUDGET,
    COSTS,
    ArmyFileError,
    army_from_data,
    cost_sheet,
    list_from_data,
    shipped_army,
    shipped_list,
    shipped_path,
    validate,
)
from aot_rules.aot.army.costs import Item, unit_lines
from aot_rules.aot.army.model import Section
from aot_rules.aot.army.schema import ARMY_SCHEMA, KIND_WORDS, WEAPON_WORDS
from aot_rules.aot.equipment import Gear, MeleeWeapon, Missile
from aot_rules.aot.rules.movement import move_allowance
from aot_rules.aot.units import Body, Property
from aot_rules.core.errors import RuleError
from aot_rules.present.army_report import army_html, army_text, costs_html, list_html, list_text, violations_html

LEGAL = shipped_path("armies", "greeks-legal")
Data = dict[str, Any]


def legal_data() -> Data:
    """The legal army as plain data, a fresh copy each time, for tests to change."""
    data: Data = yaml.safe_load(LEGAL.read_text(encoding="utf-8"))
    return data


def army_of(data: Data) -> Any:
    return army_from_data(data, "test", LEGAL.parent)


def found(data: Data) -> list[tuple[str, str]]:
    return [(v.rule_id, str(v.unit)) for v in validate(army_of(data))]


def unit(data: Data, name: str) -> Data:
    u: Data = next(u for u in data["units"] if u["name"] == name)
    return u


def commander(data: Data, name: str) -> Data:
    c: Data = next(c for c in data["commanders"] if c["name"] == name)
    return c


# --- the list ------------------------------------------------------------------------------------

def test_the_greek_list_is_the_rulebook_example() -> None:
    lst = shipped_list("greeks-5c-bc")
    main = lst.main
    assert (lst.id, main.nationality, lst.allies) == ("greeks-5c-bc", "Greek", ())
    assert [(e.name, e.section, e.warriors, e.mounted) for e in main.entries] == [
        ("Hoplites", Section.CORE, 8, False), ("Akontists", Section.CORE, 4, False),
        ("Cavalry", Section.AUXILIARY, 3, True), ("Scythian archers", Section.AUXILIARY, 4, False)]
    hop, ako, cav, scy = main.entries
    assert (hop.weapons, hop.gear, hop.optional) == ((MeleeWeapon.SPEAR,), (Gear.SHIELD,), (Gear.ARMOUR,))
    assert (ako.weapons, ako.gear, ako.optional) == ((Missile.JAVELIN,), (), (Gear.SHIELD,))
    assert (cav.weapons, cav.optional, cav.units.low, cav.units.high, cav.given_range) == (
        (Missile.JAVELIN,), (Gear.ARMOUR,), 0, 2, True)
    assert (scy.weapons, scy.weapon_implied, scy.optional) == ((Missile.BOW,), True, (Gear.ARMOUR,))
    # core troops unlimited; an auxiliary without a printed range: one unit at most
    assert hop.units.high is None and ako.units.high is None
    assert (scy.units.low, scy.units.high, scy.given_range) == (0, 1, False)
    assert [e.notation() for e in main.entries] == [
        "8 Hoplites: spear, shield (armour)", "4 Akontists: javelin (shield)", "0-2 3 Cavalry: javelin (armour)",
        "4 Scythian archers (armour)"]


def test_the_list_shows_as_text_and_html() -> None:
    lst = shipped_list("greeks-5c-bc")
    text, html = list_text(lst), list_html(lst)
    for needle in ("Hoplites", "Scythian archers", "bow (implied)", "0-2", "any number"):
        assert needle in text and needle in html
    assert html.count("<tr>") == 5 and 'overflow-x:auto' in html


# --- the legal army ------------------------------------------------------------------------------

def test_the_legal_army_validates_and_costs_19() -> None:
    army = shipped_army("greeks-legal")
    assert validate(army) == []
    sheet = cost_sheet(army)
    assert sheet.total == 19 <= BUDGET
    assert {name: sheet.of(name) for name, _ in sheet.units} == {
        "Right-wing hoplites": 3, "Centre hoplites": 3, "Left-wing hoplites": 3, "Picked hoplites": 2,
        "Levy hoplites": Fraction(1, 2), "Reserve levy": Fraction(1, 2), "Akontists": 1,
        "Skirmishing akontists": 1, "Thessalian horse": 2, "Light horse": 1, "Scythian archers": 2}
    assert sheet.army == ()  # two recruits: a whole point, nothing left over


def test_the_legal_army_on_the_table() -> None:
    """Density and move come from the engine's Unit and move_allowance (10 − density)."""
    army = shipped_army("greeks-legal")
    units = {u.name: army.engine_unit(u) for u in army.units}
    assert {n: (u.density, move_allowance(u)) for n, u in units.items()} == {
        "Right-wing hoplites": (4, 6), "Centre hoplites": (4, 6), "Left-wing hoplites": (4, 6),
        "Picked hoplites": (4, 6), "Levy hoplites": (4, 6), "Reserve levy": (4, 6), "Akontists": (2, 8),
        "Skirmishing akontists": (2, 8), "Thessalian horse": (3, 7), "Light horse": (3, 7),
        "Scythian archers": (2, 8)}
    right, centre, left = units["Right-wing hoplites"], units["Centre hoplites"], units["Left-wing hoplites"]
    assert right.stubborn and right.veteran and right.armour and right.shield and not right.regular
    assert centre.regular and centre.veteran and not centre.stubborn
    assert left.barbarian and left.veteran  # the colonel makes his unit veteran too
    picked = units["Picked hoplites"]
    assert picked.stubborn and picked.regular and not picked.veteran
    assert units["Levy hoplites"].recruit and not units["Levy hoplites"].veteran
    scy = units["Scythian archers"]
    assert (scy.weapon, scy.missile, scy.initiative, scy.veteran) == (MeleeWeapon.SHOOTER, Missile.BOW, True, True)
    horse = units["Thessalian horse"]
    assert horse.mounted and horse.ranks == (3,) and horse.armour and horse.initiative
    assert units["Akontists"].shield and not units["Skirmishing akontists"].shield


def test_show_and_html_carry_the_engines_numbers() -> None:
    army = shipped_army("greeks-legal")
    text = army_text(army, [])
    assert "19 of 20 points" in text and "11 units" in text and "Legal" in text
    assert re.search(r"Right-wing hoplites\s+Hoplites\s+4\+4\s+4\s+6″", text)
    assert "1 individual · 2 Lamachos · 3 Lamachos · 4 Pericles · 5 Pericles · 6 individual" in text
    html = army_html(army)
    assert html.count("<tr>") == 12 and "general Pericles (C-in-C)" in html
    assert "Legal" in violations_html([])
    refused = violations_html(validate(shipped_army("greeks-illegal")))
    assert refused.count("<li") == 16 and "Not legal: 16 violations" in refused


# --- illegal armies: one change each, one violation each ------------------------------------------

def _ranks(name: str, ranks: list[int]) -> Callable[[Data], None]:
    return lambda d: unit(d, name).update(ranks=ranks)


def _add_unit(**u: Any) -> Callable[[Data], None]:
    return lambda d: d["units"].append(u)


def _fourth_elite(d: Data) -> None:
    d["units"] = [u for u in d["units"] if not u.get("recruit")]  # -1 pt, so the budget is not what fails
    unit(d, "Light horse")["elite"] = ["stubborn", "initiative"]
    unit(d, "Skirmishing akontists")["elite"] = ["regular", "barbarian"]


def _crowded(d: Data) -> None:
    """Three marker figures and a general in a unit of three riders (4 figures, 3 places)."""
    d["units"] = [u for u in d["units"] if u["name"] not in ("Levy hoplites", "Reserve levy", "Akontists",
                                                             "Skirmishing akontists")]
    unit(d, "Light horse")["markers"] = ["standard-bearer", "musician", "hero"]
    commander(d, "Lamachos")["unit"] = "Light horse"


def _recruit_musician(d: Data) -> None:
    unit(d, "Centre hoplites").pop("markers")
    unit(d, "Levy hoplites")["markers"] = ["musician"]


def _slot(n: int, value: Any) -> Callable[[Data], None]:
    return lambda d: d["slots"].update({n: value})


ILLEGAL: dict[str, tuple[Callable[[Data], None], str, str]] = {
    "hoplites-of-six": (_ranks("Centre hoplites", [3, 3]), "AOT-ARMY-LIST", "Centre hoplites"),
    "three-ranks": (_ranks("Centre hoplites", [4, 2, 2]), "AOT-ARMY-UNIT-SIZE", "Centre hoplites"),
    "cavalry-in-two-ranks": (_ranks("Light horse", [2, 1]), "AOT-ARMY-UNIT-SIZE", "Light horse"),
    "empty-rank": (_ranks("Akontists", [4, 0]), "AOT-ARMY-UNIT-SIZE", "Akontists"),
    "no-ranks": (lambda d: unit(d, "Akontists").pop("ranks"), "AOT-ARMY-UNIT-SIZE", "Akontists"),
    "one-rank-of-eight": (_ranks("Centre hoplites", [8]), "AOT-DENSITY-LIMITS", "Centre hoplites"),
    "deployed-at-density-5": (_ranks("Centre hoplites", [5, 3]), "AOT-DENSITY", "Centre hoplites"),
    "option-not-offered": (lambda d: unit(d, "Akontists").update(options=["shield", "armour"]), "AOT-ARMY-LIST",
                           "Akontists"),
    "weapon-not-listed": (lambda d: unit(d, "Akontists").update(weapons={"javelin": 3, "sword": 1}),
                          "AOT-ARMY-LIST", "Akontists"),
    "split-short": (lambda d: unit(d, "Akontists").update(weapons={"javelin": 3}), "AOT-ARMY-MIXED-WEAPONS",
                    "Akontists"),
    "second-weapon-without-one": (lambda d: unit(d, "Akontists").update(all_weapons=True),
                                  "AOT-ARMY-MIXED-WEAPONS", "Akontists"),
    "unknown-entry": (lambda d: unit(d, "Akontists").update(entry="Peltasts"), "AOT-ARMY-LIST", "Akontists"),
    "unknown-contingent": (lambda d: unit(d, "Akontists").update(contingent="Thracians"), "AOT-ARMY-LIST",
                           "Akontists"),
    "third-cavalry": (_add_unit(name="Horse III", entry="Cavalry", ranks=[3]), "AOT-ARMY-LIST", "Horse III"),
    "second-scythians": (_add_unit(name="More Scythians", entry="Scythian archers", ranks=[2, 2]),
                         "AOT-ARMY-LIST", "More Scythians"),
    "over-budget": (lambda d: d["units"].extend([{"name": f"Extra {i}", "entry": "Akontists", "ranks": [2, 2]}
                                                 for i in (1, 2)]), "AOT-ARMY-POINTS", "army"),
    "elite-of-three": (lambda d: unit(d, "Picked hoplites").update(elite=["stubborn", "regular", "veteran"]),
                       "AOT-PROP-ELITE", "Picked hoplites"),
    "elite-twice-the-same": (lambda d: unit(d, "Picked hoplites").update(elite=["stubborn", "stubborn"]),
                             "AOT-PROP-ELITE", "Picked hoplites"),
    "elite-of-one": (lambda d: unit(d, "Picked hoplites").update(elite=["veteran"]), "AOT-PROP-ELITE",
                     "Picked hoplites"),
    "fourth-elite": (_fourth_elite, "AOT-PROP-ELITE", "Scythian archers"),  # the fourth in the file
    "recruit-with-musician": (_recruit_musician, "AOT-PROP-RECRUIT", "Levy hoplites"),
    "elite-recruits": (lambda d: unit(d, "Levy hoplites").update(elite=["stubborn", "regular"]), "AOT-PROP-RECRUIT",
                       "Levy hoplites"),
    "general-among-recruits": (lambda d: commander(d, "Lamachos").update(unit="Levy hoplites"), "AOT-PROP-RECRUIT",
                               "Levy hoplites"),
    "two-standards": (lambda d: unit(d, "Right-wing hoplites").update(markers=["standard-bearer"] * 2),
                      "AOT-PROP-STUBBORN", "Right-wing hoplites"),
    "figures-outnumber-warriors": (_crowded, "AOT-ARMY-UNIT-SIZE", "Light horse"),
    "colonel-on-a-slot": (_slot(1, "Myronides"), "AOT-CMD-SLOTS", "slot 1"),
    "two-generals-on-a-slot": (_slot(1, ["Pericles", "Lamachos"]), "AOT-CMD-SLOTS", "slot 1"),
    "stranger-on-a-slot": (_slot(1, "Alcibiades"), "AOT-CMD-SLOTS", "slot 1"),
    "slot-seven": (_slot(7, "individual"), "AOT-CMD-SLOTS", "slot 7"),
    "slot-six-missing": (lambda d: d["slots"].pop(6), "AOT-CMD-SLOTS", "slots"),
    "two-commanders-in-chief": (lambda d: commander(d, "Lamachos").update(c_in_c=True), "AOT-CMD-CINC",
                                "general Lamachos"),
    "colonel-in-chief": (lambda d: [commander(d, "Pericles").pop("c_in_c"),
                                    commander(d, "Myronides").update(c_in_c=True)], "AOT-CMD-CINC",
                         "colonel Myronides"),
    "commander-without-a-unit": (lambda d: commander(d, "Myronides").update(unit="Nowhere"), "AOT-PROP-VETERAN",
                                 "colonel Myronides"),
}


@pytest.mark.parametrize("case", ILLEGAL, ids=str)
def test_each_illegal_army_is_refused_by_the_right_rule(case: str) -> None:
    change, rule, where = ILLEGAL[case]
    data = legal_data()
    change(data)
    assert found(data) == [(rule, where)]


def test_there_are_at_least_fifteen_illegal_armies_under_many_rules() -> None:
    assert len(ILLEGAL) >= 15
    assert len({rule for _, rule, _ in ILLEGAL.values()}) >= 10


def test_the_shipped_illegal_army_breaks_many_rules_at_once() -> None:
    violations = validate(shipped_army("greeks-illegal"))
    rules = {v.rule_id for v in violations}
    assert {"AOT-ARMY-POINTS", "AOT-ARMY-LIST", "AOT-ARMY-UNIT-SIZE", "AOT-DENSITY", "AOT-PROP-ELITE",
            "AOT-PROP-RECRUIT", "AOT-CMD-SLOTS", "AOT-CMD-CINC"} <= rules
    assert len(violations) == 16
    assert all(str(v) == f"{v.rule_id}: {v.unit}: {v.message}" and "\n" not in str(v) for v in violations)


def test_violations_name_every_problem_not_just_the_first() -> None:
    data = legal_data()
    for case in ("hoplites-of-six", "slot-seven", "two-commanders-in-chief", "elite-recruits"):
        ILLEGAL[case][0](data)
    assert {r for r, _ in found(data)} == {"AOT-ARMY-LIST", "AOT-CMD-SLOTS", "AOT-CMD-CINC", "AOT-PROP-RECRUIT"}


# --- allies and nationality ----------------------------------------------------------------------

def _with_allies(data: Data) -> Data:
    lst = yaml.safe_load(shipped_path("lists", "greeks-5c-bc").read_text(encoding="utf-8"))
    lst["allies"] = [{"name": "Thessalians", "nationality": "Thessalian",
                      "core": [{"name": "Thessalian horse", "warriors": 4, "mounted": True, "weapons": ["javelin"]}]}]
    data["list"] = lst
    data["units"] = [u for u in data["units"] if not u.get("recruit")]
    data["units"].append({"name": "Allied horse", "entry": "Thessalian horse", "contingent": "Thessalians",
                          "ranks": [4]})
    return data


def test_an_allied_contingent_is_legal_with_one_general() -> None:
    data = _with_allies(legal_data())
    data["commanders"].append({"name": "Meno", "rank": "general", "unit": "Allied horse"})
    assert found(data) == []
    army = army_of(data)
    assert army.engine_unit(army.unit("Allied horse")).veteran


def test_an_allied_contingent_has_at_most_one_general() -> None:
    data = _with_allies(legal_data())
    data["units"] = [u for u in data["units"] if u["name"] not in ("Akontists", "Skirmishing akontists")]
    data["units"].append({"name": "Allied horse II", "entry": "Thessalian horse", "contingent": "Thessalians",
                          "ranks": [4]})
    data["commanders"] += [{"name": "Meno", "rank": "general", "unit": "Allied horse"},
                           {"name": "Aleuas", "rank": "general", "unit": "Allied horse II"}]
    assert found(data) == [("AOT-ARMY-LIST", "general Aleuas")]


def test_a_commander_stands_only_with_his_own_nationality() -> None:
    data = _with_allies(legal_data())
    data["commanders"].append({"name": "Meno", "rank": "general", "unit": "Light horse", "contingent": "Thessalians"})
    assert found(data) == [("AOT-CMD-NATIONALITY", "general Meno")]


# --- mixed weapons: the legionaries ----------------------------------------------------------------

ROMANS = {"kind": "army-list", "name": "Romans", "nationality": "Roman",
          "core": [{"name": "Legionaries", "warriors": 6, "weapons": ["sword", "javelin"], "gear": ["shield"]}]}


def legion(**u: Any) -> Any:
    return army_from_data({"kind": "army", "name": "Legion", "list": copy.deepcopy(ROMANS),
                           "units": [{"name": "Legio", "entry": "Legionaries", "ranks": [3, 3], **u}],
                           "slots": {n: "individual" for n in range(1, 7)}})


@pytest.mark.parametrize("split", [{"sword": 4, "javelin": 2}, {"sword": 2, "javelin": 4}, {"javelin": 3, "sword": 3}])
def test_legionaries_may_split_their_weapons_either_way(split: dict[str, int]) -> None:
    army = legion(weapons=split)
    assert validate(army) == [] and cost_sheet(army).total == 1


@pytest.mark.parametrize("split", [{"sword": 6}, {"sword": 6, "javelin": 0}, {"javelin": 6}])
def test_legionaries_without_one_of_their_weapons_are_refused(split: dict[str, int]) -> None:
    [v] = validate(legion(weapons=split))
    assert v.rule_id == "AOT-ARMY-MIXED-WEAPONS" and v.unit == "Legio" and "must be present" in str(v.message)


def test_legionaries_must_say_how_they_split() -> None:
    [v] = validate(legion())
    assert v.rule_id == "AOT-ARMY-MIXED-WEAPONS" and "say how many" in str(v.message)


def test_arming_every_legionary_with_both_weapons_costs_a_point() -> None:
    army = legion(all_weapons=True)
    assert validate(army) == []
    assert cost_sheet(army).total == 2
    assert [ln.item for ln in unit_lines(army, army.units[0]) if ln.points] == [Item.UNIT, Item.SECOND_WEAPON]
    u = army.engine_unit(army.units[0])
    assert (u.weapon, u.mix, u.missile) == (MeleeWeapon.SWORD, (), Missile.JAVELIN)
    [v] = validate(legion(all_weapons=True, weapons={"sword": 4, "javelin": 2}))
    assert v.rule_id == "AOT-ARMY-MIXED-WEAPONS"


def test_the_front_rank_takes_the_weapons_in_the_order_written() -> None:
    swords_first = legion(weapons={"sword": 4, "javelin": 2})
    u = swords_first.engine_unit(swords_first.units[0])
    assert (u.front, u.missile) == (((MeleeWeapon.SWORD, 3),), Missile.JAVELIN)
    javelins_first = legion(weapons={"javelin": 2, "sword": 4})
    u = javelins_first.engine_unit(javelins_first.units[0])
    assert u.front == ((MeleeWeapon.SHOOTER, 2), (MeleeWeapon.SWORD, 1))


def test_an_optional_weapon_taken_makes_a_mixed_unit() -> None:
    romans = copy.deepcopy(ROMANS)
    romans["core"][0].update(weapons=["sword"], optional=["javelin"])
    data = {"kind": "army", "name": "L", "list": romans, "slots": {n: "individual" for n in range(1, 7)},
            "units": [{"name": "Legio", "entry": "Legionaries", "ranks": [3, 3], "options": ["javelin"]}]}
    assert [v.rule_id for v in validate(army_from_data(data))] == ["AOT-ARMY-MIXED-WEAPONS"]
    data["units"][0]["weapons"] = {"sword": 5, "javelin": 1}
    assert validate(army_from_data(data)) == []
    del data["units"][0]["options"]  # the split names an optional weapon not taken
    assert [v.rule_id for v in validate(army_from_data(data))] == ["AOT-ARMY-LIST"]


def test_what_the_table_top_unit_refuses_is_a_violation() -> None:
    romans = copy.deepcopy(ROMANS)
    romans["core"][0].update(weapons=["lance"], optional=["horse-armour"])
    data = {"kind": "army", "name": "L", "list": romans, "slots": {n: "individual" for n in range(1, 7)},
            "units": [{"name": "Legio", "entry": "Legionaries", "ranks": [3, 3]}]}
    assert [v.rule_id for v in validate(army_from_data(data))] == ["AOT-MELEE-HIT-LANCE"]
    romans["core"][0].update(weapons=["sword"])
    data["units"][0]["options"] = ["horse-armour"]
    assert [v.rule_id for v in validate(army_from_data(data))] == ["AOT-SHOOT-HORSE-ARMOUR"]


# --- points ----------------------------------------------------------------------------------------

def akontists(n: int, *, recruits: int = 0) -> Data:
    units = [{"name": f"A{i}", "entry": "Akontists", "ranks": [2, 2]} for i in range(n)]
    units += [{"name": f"R{i}", "entry": "Akontists", "ranks": [2, 2], "recruit": True} for i in range(recruits)]
    return {"kind": "army", "name": "x", "list": "greeks-5c-bc", "units": units,
            "slots": {n: "individual" for n in range(1, 7)}}


@pytest.mark.parametrize(("recruits", "points"), [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (7, 4)])
def test_recruits_come_in_pairs_and_an_odd_one_pays_a_whole_point(recruits: int, points: int) -> None:
    army = army_of(akontists(0, recruits=recruits))
    sheet = cost_sheet(army)
    assert sheet.total == points
    assert all(sheet.of(f"R{i}") == Fraction(1, 2) for i in range(recruits))
    assert [ln.item for ln in sheet.army] == ([Item.UNPAIRED_RECRUIT] if recruits % 2 else [])


def test_forty_recruits_are_exactly_twenty_points() -> None:
    assert found(akontists(0, recruits=40)) == []
    assert found(akontists(0, recruits=41)) == [("AOT-ARMY-POINTS", "army")]


EXOTIC = {"kind": "army-list", "name": "Exotics", "nationality": "Everyone", "core": [
    {"name": "Elephant", "warriors": 4, "kind": "elephant"},
    {"name": "Chariot", "warriors": 2, "kind": "chariot"},
    {"name": "Scythed chariot", "warriors": 2, "kind": "scythed-chariot"},
    {"name": "Battle cart", "warriors": 2, "kind": "sumerian-cart"},
    {"name": "Wagon", "warriors": 6, "kind": "war-wagon"},
    {"name": "Catapult", "warriors": 4, "kind": "machine"},
    {"name": "Bombard", "warriors": 4, "kind": "gunpowder-artillery"},
    {"name": "Hoplites", "warriors": 8, "weapons": ["spear"], "gear": ["shield"]}]}


def exotic(*units: Data) -> Any:
    return army_from_data({"kind": "army", "name": "x", "list": copy.deepcopy(EXOTIC), "units": list(units),
                           "slots": {n: "individual" for n in range(1, 7)}})


@pytest.mark.parametrize(("u", "points"), [
    ({"entry": "Elephant"}, 1), ({"entry": "Elephant", "tower_crew": True}, 2), ({"entry": "Chariot"}, 1),
    ({"entry": "Scythed chariot"}, 2), ({"entry": "Battle cart", "escort": True}, 1), ({"entry": "Wagon"}, 1),
    ({"entry": "Catapult"}, 1), ({"entry": "Bombard"}, 2), ({"entry": "Hoplites", "ranks": [4, 4]}, 1),
])
def test_exotic_troops_cost_what_the_table_says(u: Data, points: int) -> None:
    army = exotic({"name": "X", **u})
    assert validate(army) == [] and cost_sheet(army).total == points


def test_exotic_troops_refuse_what_only_warriors_may_have() -> None:
    army = exotic({"name": "E", "entry": "Elephant", "markers": ["standard-bearer"]},
                  {"name": "C", "entry": "Chariot", "tower_crew": True, "elite": ["stubborn", "regular"]},
                  {"name": "H", "entry": "Hoplites", "ranks": [4, 4], "escort": True},
                  {"name": "B", "entry": "Bombard", "recruit": True})
    assert [(v.rule_id, v.unit) for v in validate(army)] == [
        ("AOT-ELEPHANT-UNIT", "E"), ("AOT-CHARIOT-BASICS", "C"), ("AOT-ELEPHANT-UNIT", "C"),
        ("AOT-CART-SUMERIAN", "H"), ("AOT-PROP-RECRUIT", "B")]
    assert cost_sheet(army).total == 2 + 3 + 1 + 2  # a recruit bombard is still a bombard
    assert army.body_of(army.units[0]) is Body.ELEPHANT


def test_a_commander_riding_an_elephant_makes_it_veteran_for_a_point() -> None:
    army = army_from_data({"kind": "army", "name": "x", "list": copy.deepcopy(EXOTIC),
                           "units": [{"name": "E", "entry": "Elephant"}],
                           "commanders": [{"name": "Porus", "rank": "general", "unit": "E"}],
                           "slots": {n: "Porus" for n in range(1, 7)}})
    assert validate(army) == [] and cost_sheet(army).total == 2
    assert Property.VETERAN in army.properties(army.units[0])


def test_the_cost_table_for_the_book_comes_from_the_engine() -> None:
    html = costs_html()
    for c in COSTS:
        if c.item is not Item.UNPAIRED_RECRUIT:
            assert escape(str(c.label)) in html
    assert "<td" in html and "0.5" in html


# --- the file format ---------------------------------------------------------------------------------

def test_the_schema_refuses_structure_not_rules() -> None:
    data = legal_data()
    data["units"][0]["ranks"] = "four"
    with pytest.raises(ArmyFileError, match=r"units\[0\]\.ranks: expected a list"):
        army_of(data)
    data = legal_data()
    data["units"][0]["markers"] = ["drummer"]
    with pytest.raises(ArmyFileError, match="not one of"):
        army_of(data)
    data = legal_data()
    data["units"][0]["colour"] = "red"
    with pytest.raises(ArmyFileError, match="the key 'colour' is not part of this format"):
        army_of(data)
    data = legal_data()
    data["units"][1]["name"] = data["units"][0]["name"]
    with pytest.raises(ArmyFileError, match="used twice"):
        army_of(data)


def test_a_list_that_contradicts_itself_is_refused() -> None:
    bad = copy.deepcopy(ROMANS)
    bad["core"][0]["optional"] = ["sword"]
    with pytest.raises(ArmyFileError, match="both standard and optional"):
        list_from_data(bad)
    bad = copy.deepcopy(ROMANS)
    bad["core"][0]["units"] = "3-1"
    with pytest.raises(ArmyFileError, match="runs backwards"):
        list_from_data(bad)
    bad = copy.deepcopy(ROMANS)
    bad["core"][0].update(mounted=True)
    with pytest.raises(ArmyFileError, match="warriors"):
        list_from_data(bad)


# --- properties over many armies -----------------------------------------------------------------------

NAMES = st.sampled_from(["Hoplites", "Akontists", "Cavalry", "Scythian archers", "Peltasts"])
WORDS = st.sampled_from(["spear", "javelin", "bow", "sword", "shield", "armour", "horse-armour"])
PROPS = st.sampled_from(["stubborn", "regular", "initiative", "barbarian", "veteran"])
MARKERS = st.sampled_from(["standard-bearer", "musician", "junior-officer", "hero"])


@st.composite
def army_unit(draw: st.DrawFn, name: str) -> Data:
    u: Data = {"name": name, "entry": draw(NAMES)}
    if draw(st.booleans()):
        u["ranks"] = draw(st.lists(st.integers(0, 12), min_size=1, max_size=3))
    if draw(st.booleans()):
        u["options"] = draw(st.lists(WORDS, max_size=3, unique=True))
    if draw(st.integers(0, 3)) == 0:
        u["weapons"] = draw(st.dictionaries(st.sampled_from(["spear", "javelin", "bow", "sword"]), st.integers(0, 9),
                                            min_size=1, max_size=3))
    for key, strat in (("markers", st.lists(MARKERS, max_size=3)), ("elite", st.lists(PROPS, max_size=3)),
                       ("recruit", st.booleans()), ("all_weapons", st.booleans()), ("contingent", st.just("Ally"))):
        if draw(st.integers(0, 3)) == 0:
            u[key] = draw(strat)
    return u


@st.composite
def any_army(draw: st.DrawFn) -> Data:
    n = draw(st.integers(0, 14))
    units = [draw(army_unit(f"U{i}")) for i in range(n)]
    unit_names = [u["name"] for u in units] + ["Nowhere"]
    commanders = [{"name": f"C{i}", "rank": draw(st.sampled_from(["general", "colonel"])),
                   "unit": draw(st.sampled_from(unit_names)), "c_in_c": draw(st.booleans())}
                  for i in range(draw(st.integers(0, 4)))]
    who = st.sampled_from([c["name"] for c in commanders] + ["individual", "Individual", "Xerxes"])
    slots = draw(st.dictionaries(st.integers(0, 8), st.one_of(who, st.lists(who, min_size=1, max_size=3)),
                                 max_size=8))
    return {"kind": "army", "name": "random", "list": "greeks-5c-bc", "units": units, "commanders": commanders,
            "slots": slots}


@settings(max_examples=examples(200))
@given(any_army())
def test_validation_never_raises_for_a_schema_valid_army(data: Data) -> None:
    import jsonschema

    jsonschema.Draft202012Validator(ARMY_SCHEMA).validate(data)  # the strategy only makes well-formed files
    army = army_of(data)
    violations = validate(army)
    for v in violations:
        assert re.fullmatch(r"AOT-[A-Z0-9-]+", v.rule_id) and v.unit and v.message
        assert "\n" not in str(v)
    text = army_text(army, violations)
    assert ("Legal" in text) == (not violations)
    sheet = cost_sheet(army)
    assert ("AOT-ARMY-POINTS", "army") in [(v.rule_id, str(v.unit)) for v in violations] or sheet.total <= BUDGET


@settings(max_examples=examples(200))
@given(any_army())
def test_cost_is_the_sum_of_its_lines_rounded_up_to_whole_recruit_pairs(data: Data) -> None:
    army = army_of(data)
    sheet = cost_sheet(army)
    raw = sum((ln.points for _, lines in sheet.units for ln in lines), Fraction(0))
    raw += sum((ln.points for ln in sheet.army if ln.item is Item.COMMANDER), Fraction(0))
    assert sheet.total == math.ceil(raw) and sheet.total.denominator == 1
    for name, lines in sheet.units:
        assert sheet.of(name) == sum((ln.points for ln in lines), Fraction(0))


@settings(max_examples=examples(150))
@given(any_army(), any_army())
def test_cost_is_additive_over_armies(a: Data, b: Data) -> None:
    """Two armies together cost what they cost apart, less the half point saved when both had an odd
    recruit that now makes a pair."""
    for u in b["units"]:
        u["name"] = "B-" + u["name"]
    for c in b["commanders"]:
        c["name"], c["unit"] = "B-" + c["name"], "B-" + c["unit"]
    together = {**a, "units": a["units"] + b["units"], "commanders": a["commanders"] + b["commanders"]}
    ta, tb, tab = (cost_sheet(army_of(x)) for x in (a, b, together))

    def odd(sheet: Any) -> bool:
        return any(ln.item is Item.UNPAIRED_RECRUIT for ln in sheet.army)

    assert tab.total == ta.total + tb.total - (1 if odd(ta) and odd(tb) else 0)


@settings(max_examples=examples(100))
@given(st.integers(0, 20), st.integers(0, 20))
def test_adding_an_ordinary_unit_costs_one_point_and_a_recruit_half_a_pair(n: int, r: int) -> None:
    base = cost_sheet(army_of(akontists(n, recruits=r))).total
    assert cost_sheet(army_of(akontists(n + 1, recruits=r))).total == base + 1
    assert cost_sheet(army_of(akontists(n, recruits=r + 1))).total == base + (r % 2 == 0)
    assert cost_sheet(army_of(akontists(n, recruits=r + 2))).total == base + 1


# --- one vocabulary (issue 22, part 6) -----------------------------------------------------------------

def test_the_army_model_has_no_vocabulary_of_its_own() -> None:
    """Weapons, gear, properties, what an entry is and ranks are the rules' types; the army model keeps only
    what the rules do not have (marker figures, list sections)."""
    import enum

    from aot_rules.aot import equipment, units
    from aot_rules.aot.army import model
    from aot_rules.aot.rules import orders

    own = {n for n, v in vars(model).items() if isinstance(v, type) and issubclass(v, enum.Enum)
           and v.__module__ == model.__name__}
    assert own == {"Marker", "Section"}
    assert (model.Gear, model.Property, model.Body, model.Rank) == (equipment.Gear, units.Property, units.Body,
                                                                     orders.Rank)


def test_every_file_word_means_one_of_the_rules_types() -> None:
    assert all(isinstance(w, MeleeWeapon | Missile) for w in WEAPON_WORDS.values())
    assert set(Missile) <= set(WEAPON_WORDS.values())
    assert {WEAPON_WORDS[w] for w in ("sword", "axe", "short-spear")} == {MeleeWeapon.SWORD}
    assert WEAPON_WORDS["halberd"] is MeleeWeapon.HALBERD_SPEAR
    assert {b for b, _ in KIND_WORDS.values()} == set(Body) - {Body.CAMELS}


def test_axe_and_sword_are_one_weapon_to_the_rules() -> None:
    """Two words for one weapon: the list holds it once and a unit's split adds the warriors up."""
    axes = copy.deepcopy(ROMANS)
    axes["core"][0]["weapons"] = ["axe", "sword", "javelin"]
    data = {"kind": "army", "name": "L", "list": axes, "slots": {n: "individual" for n in range(1, 7)},
            "units": [{"name": "Legio", "entry": "Legionaries", "ranks": [3, 3],
                       "weapons": {"axe": 2, "sword": 2, "javelin": 2}}]}
    army = army_from_data(data)
    assert army.army_list.main.entries[0].weapons == (MeleeWeapon.SWORD, Missile.JAVELIN)
    assert army.units[0].weapons == ((MeleeWeapon.SWORD, 4), (Missile.JAVELIN, 2))
    assert validate(army) == []
    assert army.engine_unit(army.units[0]).front == ((MeleeWeapon.SWORD, 3),)


def test_the_engine_unit_wears_and_has_what_the_army_says() -> None:
    army = shipped_army("greeks-legal")
    for u in army.units:
        try:
            unit = army.engine_unit(u)
        except RuleError:
            continue
        assert unit.gear == set(army.gear_of(u))
        assert unit.properties == set(army.properties(u))


def test_each_kind_word_loads_as_the_rules_body() -> None:
    entries = list_from_data(copy.deepcopy(EXOTIC)).main.entries
    for written, e in zip(EXOTIC["core"], entries, strict=True):
        assert (e.body, e.gunpowder) == KIND_WORDS[written.get("kind", "troops")]
