"""Whole games in headless Chromium, at 1280 px and at 390 px (issue 37, "Beyond"): the victory chapter's battle (a
marker for every turn, a marker that jumps to its turn's first step, and the last step's caption saying how the
battle ended, in the game log's own words), and the page ``python -m aot_rules replay`` writes for a saved game (it
opens from the file, offline, and shows the game from its opening to the saved state, in the reader's language)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from aot_rules.cli import main
from aot_rules.core.i18n import msg, speaking
from aot_rules.present import tablelog
from aot_rules.present.replay import battle
from aot_rules.present.replay.build import replay
from aot_rules.tabletop.events import BattleEnded
from aot_rules.tabletop.save import load
from aot_rules.tabletop.simulate import play_one
from aot_rules.tabletop.state import GameState

from . import chromium
from .visits import viewport

pytestmark = [pytest.mark.slow, pytest.mark.browser]

SLUG = "victory-battle"
ROOT = f"#animation-{SLUG}"


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    yield from chromium.session(1280, 1400)


@cache
def _final() -> GameState:
    """The battle's last state, from the engine (the page's game: the scenario's first rout among the seeds)."""
    return play_one(battle.SCENARIO, battle.decisive_seed())[1]


def _step(driver: Any) -> int:
    return int(driver.execute_script("return document.querySelector(arguments[0]).dataset.step", ROOT))


def _caption(driver: Any) -> str:
    return str(driver.execute_script("return document.querySelector(arguments[0]).innerText", f"{ROOT} .rp-caption"))


@pytest.mark.parametrize("width", [1280, 390])
def test_jump_to_the_last_turn_and_read_the_result(driver: Any, site: str, width: int) -> None:
    viewport(driver, (width, 1400))
    chromium.open_page(driver, f"{site}/book/victory.html")
    final = _final()
    markers = driver.find_elements("css selector", f"{ROOT} .rp-turns a[data-i]")
    assert [m.text for m in markers] == [str(t) for t in range(1, final.turn + 1)]
    # the step list and its anchors are written from the frames: one entry per step
    n = int(driver.find_element("css selector", f"{ROOT} .rp-slider").get_attribute("max"))
    assert len(driver.find_elements("css selector", f"{ROOT} .rp-list a[data-i]")) == n + 1
    assert len(driver.find_elements("css selector", f"{ROOT} .rp-anchors span")) == n + 1
    last = markers[-1]
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", last)
    last.click()
    first_of_last = int(last.get_attribute("data-i"))
    assert _step(driver) == first_of_last
    assert last.get_attribute("aria-current") == "true"
    assert driver.current_url.endswith(f"#{SLUG}-step-{first_of_last}")
    assert f"Step {first_of_last} of {n}" in _caption(driver)
    driver.execute_script("document.querySelector(arguments[0]).click()", f"{ROOT} .rp-last")
    assert _step(driver) == n
    ended = next(e for e in reversed(final.log) if any(isinstance(ev, BattleEnded) for ev in e.events))
    assert tablelog.outcome(ended) in _caption(driver)
    assert last.get_attribute("aria-current") == "true"  # the last step is still in the last turn
    # a phone keeps the viewer inside the page: the turn markers wrap, nothing scrolls sideways
    wide = driver.execute_script("""const r = document.querySelector(arguments[0]).getBoundingClientRect();
        return [r.right, document.documentElement.clientWidth, document.documentElement.scrollWidth];""", ROOT)
    assert wide[0] <= wide[1] and wide[2] <= wide[1], wide
    assert not chromium.severe_errors(driver)
    assert not chromium.offsite_requests(driver)


def test_a_step_link_into_the_battle_opens_that_step(driver: Any, site: str) -> None:
    viewport(driver, (1280, 1400))
    chromium.load_afresh(driver, f"{site}/book/victory.html#{SLUG}-step-7")
    assert _step(driver) == 7
    cur = driver.find_element("css selector", f"{ROOT} .rp-list a[aria-current]")
    assert cur.get_attribute("data-i") == "7"
    assert not chromium.severe_errors(driver)


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game of two turns saved by ``play --save``."""
    save = tmp_path_factory.mktemp("saved") / "game.json"
    assert main(["play", "--scenario", "delion", "--seed", "3", "--turns", "2", "--save", str(save)]) == 0
    return save


@pytest.mark.parametrize(("width", "lang"), [(1280, "en"), (390, "en"), (390, "ru")])
def test_a_saved_game_page_opens_from_its_file(driver: Any, saved: Path, tmp_path: Path, width: int,
                                               lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "game.html"
    assert main(["--lang", lang, "replay", "--load", str(saved), "--out", str(out)]) == 0
    capsys.readouterr()
    state = load(saved)
    with speaking(lang):
        r = replay(battle.saved_game(state), "game")
        n = len(r.frames) - 1
        first, play, step = r.frames[0].lines[0].text, msg("▶ Play").render(), msg("Step {i} of {n}", i=0, n=n).render()
    viewport(driver, (width, 1400))
    driver.get_log("performance")
    chromium.open_page(driver, out.as_uri())
    root = "#animation-game"
    assert driver.execute_script("return document.querySelector(arguments[0]).dataset.step", root) == "0"
    caption = str(driver.execute_script("return document.querySelector(arguments[0]).innerText", f"{root} .rp-caption"))
    assert first in caption and step in caption
    assert driver.find_element("css selector", f"{root} .rp-play").text == play  # the viewer's own words too
    turns = driver.find_elements("css selector", f"{root} .rp-turns a[data-i]")
    assert [t.text for t in turns] == [str(t) for t in range(1, state.turn + 1)]
    driver.execute_script("document.querySelector(arguments[0]).click()", f"{root} .rp-last")
    assert driver.execute_script("return document.querySelector(arguments[0]).dataset.step", root) == str(n)
    caption = str(driver.execute_script("return document.querySelector(arguments[0]).innerText", f"{root} .rp-caption"))
    assert all(ln.text in caption for ln in r.frames[-1].lines), caption
    wide = driver.execute_script("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert wide[0] <= wide[1], wide
    assert not chromium.severe_errors(driver)
    assert [u for u in _requests(driver) if not u.startswith(chromium.LOCAL)] == [out.as_uri()]  # itself alone


def _requests(driver: Any) -> list[str]:
    """Every URL the page asked for since the log was last read (a file page asks for none but itself)."""
    out = []
    for entry in driver.get_log("performance"):
        m = json.loads(entry["message"])["message"]
        if m.get("method") == "Network.requestWillBeSent":
            out.append(m["params"]["request"]["url"])
    return out
