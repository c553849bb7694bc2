"""Browser tests: the published static site in headless Chromium, served on 127.0.0.1.

They move widgets through the Bokeh model API (Bokeh 3 draws widgets in shadow
DOM), read back what the page shows, and compare it with the engine's exact
answer.  Every page is also checked for JavaScript errors and for requests
that leave the machine.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from enum import Enum
from pathlib import Path
from typing import Any

import pytest

from aot_rules.aot.rules.melee import MeleeResult
from aot_rules.core.errors import RuleError
from aot_rules.core.format import fraction_str
from aot_rules.keys import Event, Law
from aot_rules.present.groups import section
from aot_rules.present.render import shown as words
from aot_rules.present.static import option_text
from aot_rules.systems import get

from . import chromium
from .visits import Visit

pytestmark = [pytest.mark.slow, pytest.mark.browser]

HARMLESS: tuple[str, ...] = ()  # no error is harmless (Thebe, which logged one on every page, is out)


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    yield from chromium.session(1280, 2000)


_open = chromium.open_page


def _wait_bokeh(driver: Any, n: int = 1) -> None:
    deadline = time.time() + 30
    while time.time() < deadline:
        if driver.execute_script("return window.Bokeh && Bokeh.documents.length") >= n:
            return
        time.sleep(0.1)
    raise AssertionError("BokehJS did not render the widgets")


def _errors(driver: Any) -> list[str]:
    return chromium.severe_errors(driver, HARMLESS)


_offsite_requests = chromium.offsite_requests


JS_MODEL = """
const name = arguments[0];
for (const doc of Bokeh.documents) { const m = doc.get_model_by_name(name); if (m) return m; }
return null;
"""


def _flag_names(rid: str) -> list[str]:
    """The bool inputs in the order of the widget's checkbox group."""
    m = get(rid)
    return [p.name for p in m.inputs if p.kind == "bool" and len(m.widget_grid.get(p.name, p.values())) > 1]


def _set(driver: Any, name: str, prop: str, value: Any) -> None:
    # A typed-in control (ranks, inches, optional numbers) holds text: a number is given to it as the reader types it.
    set_it = f"{{ const v = arguments[1]; m.{prop} = typeof m.{prop} === 'string' ? String(v) : v; return true; }}"
    ok = driver.execute_script(JS_MODEL.replace("return m;", set_it), name, value)
    assert ok, f"no Bokeh model named {name}"


def _apply(driver: Any, rid: str, case: dict[str, Any]) -> str:
    """Put every value of ``case`` into the widget (flags through its checkbox group); return its summary."""
    boxes = {f for group in _flag_groups(rid).values() for f in group}
    for name, value in case.items():
        if name not in boxes:
            _set(driver, f"{rid}:{name}", "value", value)
    # Each section of the widget has its own checkbox group; a flag the case does not name is at its default,
    # as in the engine's answer to the same case (a flag outside the table is answered by the browser's engine).
    m = get(rid)
    for name, group in _flag_groups(rid).items():
        _set(driver, name, "active",
             [i for i, f in enumerate(group) if bool(case[f] if f in case else m.param(f).default)])
    return _summary(driver, rid)


def _flag_groups(rid: str) -> dict[str, list[str]]:
    """The widget's checkbox groups by Bokeh name, each with its flags in order (every bool input is a box of
    its section's group, as present/static.py lays them out)."""
    groups: dict[str, list[str]] = {}
    for p in get(rid).inputs:
        if p.kind == "bool":
            key = section(p)
            groups.setdefault(f"{rid}:flags{key and '-' + key}", []).append(p.name)
    return groups


def _summary(driver: Any, rid: str) -> str:
    """The widget's answer; a setting outside the table is answered by the engine in the browser, so wait while
    the widget says it is computing."""
    deadline = time.monotonic() + 90
    text = driver.execute_script(JS_MODEL.replace("return m;", "return m.text;"), f"{rid}:summary")
    while text and 'data-busy="1"' in text and time.monotonic() < deadline:
        time.sleep(0.2)
        text = driver.execute_script(JS_MODEL.replace("return m;", "return m.text;"), f"{rid}:summary")
    assert text, f"the {rid} widget shows nothing"
    return text


def _rows(html: str) -> dict[str, str]:
    return dict(re.findall(r'<tr data-o="([^"]+)" data-p="([^"]+)"', html))


def _shadow_text(driver: Any) -> str:
    """All text the user can see, including inside Bokeh's shadow roots."""
    return driver.execute_script("""
      const out = [];
      const walk = (n) => { if (n.shadowRoot) walk(n.shadowRoot);
        for (const c of n.childNodes) { if (c.nodeType === 3) out.push(c.textContent); else walk(c); } };
      walk(document.body); return out.join(' ');""")


def test_shooting_widget_matches_engine(driver: Any, site: str) -> None:
    _open(driver, f"{site}/book/shooting.html")
    _wait_bokeh(driver)
    rid = "AOT-SHOOT-RESULT"
    m = get(rid)
    cases = [
        dict(firers=7, target_density=3, weapon="javelin", shield_wall=True),
        dict(firers=10, target_density=5, weapon="bow", veteran=True, pavise=True, target_veteran=True),
        dict(firers=2, target_density=4, weapon="handgun", flank=True),
        dict(firers=5, target_density=2, weapon="bow", horse_armour=True, wind=True),
    ]
    for case in cases:
        html = _apply(driver, rid, case) if m.inputs else _summary(driver, rid)  # no inputs: no controls
        want = m.evaluate(**case)
        shown = _rows(html)
        assert shown == {str(o): fraction_str(p) for o, p in want.dist(Law.killed).items()}, case
        for name, p in want.events.items():
            label = want.label(name)
            assert f'data-event="{label}" data-p="{fraction_str(p)}"' in html, (case, name)
    # What the user sees in the page (inside the shadow DOM) is the same table.
    assert "retreats if the shooters' density is 5" in _shadow_text(driver)


def test_illegal_combination_is_explained(driver: Any, site: str) -> None:
    _open(driver, f"{site}/book/shooting.html")
    _wait_bokeh(driver)
    rid = "AOT-SHOOT-RESULT"
    html = _apply(driver, rid, {"shield_wall": True, "horse_armour": True})
    assert 'data-refused="1"' in html  # the message itself stands under the control (test_engine_browser)


def test_hit_widget_slider(driver: Any, site: str) -> None:
    _open(driver, f"{site}/book/shooting.html")
    _wait_bokeh(driver)
    html = _apply(driver, "AOT-SHOOT-HIT", dict(firers=9, target_density=2))
    want = get("AOT-SHOOT-HIT").evaluate(firers=9, target_density=2).dist(Law.hits)
    assert _rows(html) == {str(o): fraction_str(p) for o, p in want.items()}


def test_who_wins_widget_matches_engine(driver: Any, site: str) -> None:
    _open(driver, f"{site}/book/melee.html")
    _wait_bokeh(driver)
    rid = "AOT-MELEE-RESULT"
    m = get(rid)
    cases = [
        dict(a_ranks="5,5", a_weapon="pike", b_ranks="3,3", b_weapon="sword", b_shield=True, b_armour=True),
        dict(a_ranks="2,2", a_weapon="shooter", a_shield=True, b_ranks="3,3", b_weapon="sword", b_shield=True),
        dict(a_ranks="4,4", a_weapon="two-handed", b_ranks="4,4", b_weapon="spear", b_shield=True, a_armour=True),
    ]
    for case in cases:
        html = _apply(driver, rid, case) if m.inputs else _summary(driver, rid)  # no inputs: no controls
        want = m.evaluate(**case)
        assert _rows(html) == {words(o): fraction_str(p) for o, p in want.dist(Law.result).items()}, case
        # categorical results are laid out in their natural reading order: the order MeleeResult lists them
        shown = re.findall(r'<tr data-o="([^"]+)"', html)
        assert shown == [words(r) for r in MeleeResult if r in want.dist(Law.result).outcomes()], case
        for name in ("a_wins", "b_wins", "continue"):
            label = want.label(name)
            assert f'data-event="{label}" data-p="{fraction_str(want.events[name])}"' in html, (case, name)


def test_slot_planner_matches_engine(driver: Any, site: str) -> None:
    """Rewrite the slot allocation in the Command chapter's planner; the page shows the engine's exact chances."""
    _open(driver, f"{site}/book/command.html")
    _wait_bokeh(driver)
    rid = "AOT-CMD-SLOTS"
    m = get(rid)
    cases = [
        {"slot_1": "A", "slot_2": "A", "slot_3": "B", "slot_4": "B", "slot_5": "B", "slot_6": "individual"},
        {"slot_1": "C", "slot_2": "individual", "slot_3": "A", "slot_4": "A", "slot_5": "B", "slot_6": "A"},
        {f"slot_{n}": "A" for n in range(1, 7)},
    ]
    for case in cases:
        html = _apply(driver, rid, case) if m.inputs else _summary(driver, rid)  # no inputs: no controls
        want = m.evaluate(**case)
        assert _rows(html) == {str(o): fraction_str(p) for o, p in want.dist(Law.generals).items()}, case
        for general, p in want.groups["acts"].items():
            label = want.member_label("acts", general)
            assert f'data-event="{label}" data-p="{fraction_str(p)}"' in html, (case, general)
    assert "general A acts at least once" in _shadow_text(driver)


FRAME_OF_THE_GAME = ["AOT-CMD-INITIATIVE", "AOT-CMD-MESSENGER", "AOT-CMD-SIGNAL", "AOT-CMD-DOUBLES", "AOT-WEATHER",
                     "AOT-WEATHER-WIND", "AOT-WEATHER-SUN", "AOT-WEATHER-STORM", "AOT-TERRAIN-BID", "AOT-MEETING",
                     "AOT-PROP-REGULAR"]


MOVEMENT = ["AOT-ROUGH-TERRAIN", "AOT-MOVE-THROUGH-FRIENDS", "AOT-PANIC", "AOT-RUN", "AOT-TROT", "AOT-EVADE-PROCEDURE",
            "AOT-EVADE-FLANK", "AOT-EVADE-ELIGIBILITY", "AOT-BREAKTHROUGH", "AOT-TURN", "AOT-TURN-FLANK-ATTACKED"]


EXOTIC = ["AOT-ELEPHANT-UNIT", "AOT-ELEPHANT-MOVE", "AOT-ELEPHANT-ATTACK", "AOT-ELEPHANT-WOUND",
          "AOT-ELEPHANT-VS-ELEPHANT", "AOT-CHARIOT-COMBAT", "AOT-CHARIOT-TURN-TROT", "AOT-CHARIOT-WOUND",
          "AOT-ART-SHOOT-LIGHT", "AOT-ART-SHOOT-HEAVY", "AOT-CAMP"]


#: Issue 10: one widget (at least) in each companion system's part of the book.
COMPANIONS = ["AOB-CLASH", "AOB-CLASH-CASUALTIES", "SP-MOVE-DICE", "SP-MELEE-ROLL", "SP-MELEE-RESULT", "SP-SHOOT-RIDER",
              "BAT-ACTIVATION", "BAT-MORALE-TEST"]


@pytest.mark.parametrize("rid", FRAME_OF_THE_GAME + MOVEMENT + EXOTIC + COMPANIONS)
def test_frame_widgets_follow_their_controls(driver: Any, site: str, built_book: Any, rid: str) -> None:
    """Each command, weather, set-up, movement, exotic-troop and companion-system widget, set to the last legal
    point of its grid (every toggle on, every slider at its far end), shows the engine's exact law for that point
    in the built page."""
    page = next(f for f in sorted((built_book / "book").rglob("*.html")) if f'data-rule="{rid}"' in f.read_text())
    m = get(rid)
    case = None
    for combo in reversed(list(m.grid())):
        try:
            want = m.evaluate(**combo)
        except RuleError:
            continue
        # the values as the controls hold them: numbers for sliders, option text for selects
        # (an input whose grid holds one value has no control: the table fixes it)
        case = {k: v.value if isinstance(v, Enum) else v if isinstance(v, int) else option_text(v)
                for k, v in combo.items() if len(m.param(k).values()) > 1}
        break
    assert case is not None
    url = f"{site}/{page.relative_to(built_book).as_posix()}"
    # The case sets every control of this widget (each input with a choice, every checkbox group), so its answer
    # does not depend on what an earlier test did to the page: a page already open is not loaded again (of
    # these 41 widgets, 22 share a page with the one before).
    if driver.current_url != url:
        _open(driver, url)
    _wait_bokeh(driver)
    html = _apply(driver, rid, case) if m.inputs else _summary(driver, rid)  # no inputs: no controls
    assert _rows(html) == {words(o): fraction_str(p) for o, p in want.dists[want.main].items()}, (rid, case)


def _toc_pages() -> list[str]:
    """Every page of the book, in the table of contents' order (a new chapter is covered at once)."""
    import yaml

    toc = yaml.safe_load((Path(__file__).resolve().parents[3] / "_toc.yml").read_text())
    return [toc["root"], *(c["file"] for part in toc["parts"] for c in part["chapters"])]


@pytest.mark.parametrize("page", _toc_pages())
def test_pages_have_no_js_errors_and_stay_offline(laptop_visit: Callable[[str], Visit], page: str) -> None:
    """A fresh load of every page logs no JavaScript error and requests nothing from off this machine (the
    load that test_site.py's weight and accessibility checks read too: visits.py)."""
    seen = laptop_visit(page)
    assert [e for e in seen.errors if not any(h in e for h in HARMLESS)] == []
    assert seen.offsite == []


def test_move_cost_calculator_matches_engine(driver: Any, site: str) -> None:
    """Plan a turn in the Moving chapter's calculator; the page shows the engine's exact chance that the
    unit ends the plan with its density intact, and its exact distribution of warriors lost."""
    driver.get_log("browser")
    _open(driver, f"{site}/book/moving.html")
    _wait_bokeh(driver)
    rid = "AOT-MOVE-PROCEDURE"
    m = get(rid)
    cases = [
        dict(density=4, troops="foot-one", step_1="run-or-trot", step_2="rough-ground",
             step_3="turn", step_4="none"),
        dict(density=5, troops="foot-both", step_1="turn", step_2="rough-ground",
             step_3="rough-ground", step_4="turn", regular=True),
        dict(density=3, troops="horse-riders", step_1="evade", step_2="turn", step_3="none",
             step_4="rough-ground"),
    ]
    for case in cases:
        html = _apply(driver, rid, case)
        want = m.evaluate(**case)
        label = want.label("intact")
        assert f'data-event="{label}" data-p="{fraction_str(want.event(Event.intact))}"' in html, case
        assert _rows(html) == {str(o): fraction_str(p) for o, p in want.dist(Law.lost).items()}, case
    # a plan the rules forbid is refused, naming the rule
    html = _apply(driver, rid, dict(density=2, troops="foot", step_1="run-or-trot",
                                    step_2="evade", step_3="none", step_4="none"))
    assert 'data-refused="1"' in html  # the message itself stands under the control (test_engine_browser)
    assert _errors(driver) == []


def test_artillery_strict_toggle_follows_the_engine(driver: Any, site: str) -> None:
    """Flip the heavy gun's "strict" toggle in the Artillery chapter (the bombard example's "<" against the
    rule's "≤"): under each reading the page shows the engine's exact chance of a hit and law of kills at the
    widget's default inputs, and the two readings show different numbers."""
    driver.get_log("browser")
    _open(driver, f"{site}/book/artillery.html")
    _wait_bokeh(driver)
    rid = "AOT-ART-SHOOT-HEAVY"
    m = get(rid)
    assert "strict" in _flag_names(rid)
    shown: dict[bool, tuple[dict[str, str], str]] = {}
    for strict in (False, True, False):  # flip on, then back off: the page follows both ways
        html = _apply(driver, rid, {"strict": strict})
        want = m.evaluate(strict=strict)
        hit = fraction_str(want.event(Event.hits))
        assert f'data-event="{want.label("hits")}" data-p="{hit}"' in html, strict
        rows = _rows(html)
        assert rows == {str(o): fraction_str(p) for o, p in want.dist(Law.killed).items()}, strict
        shown[strict] = (rows, hit)
    assert shown[True][1] != shown[False][1], "the strict reading should change the chance of a hit"
    assert shown[True][0] != shown[False][0], "the strict reading should change the kills"
    assert _errors(driver) == []
