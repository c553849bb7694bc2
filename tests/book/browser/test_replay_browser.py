"""The replay viewers in the built book, driven in headless Chromium: Step, Back and Play move the frame
index and the drawing (the figures drawn equal the engine's, frame by frame), the picture is not blank,
a step link opens the page at that step, text stays legible on a phone, reduced motion turns the glide
off, and no page logs a JavaScript error or asks for anything off the host."""

from __future__ import annotations

import io
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from aot_rules.present.replay import scenes
from aot_rules.present.replay.build import Replay, replay

from . import chromium
from .visits import STEP_VIEWERS, Visit

pytestmark = [pytest.mark.slow, pytest.mark.browser]

#: (page, slug, scene): three viewers on three pages.
VIEWERS = [("shooting", "shooting-slingers", "slingers"), ("melee", "melee-gauls", "gauls"),
           ("turn", "turn-sequence", "turn"), ("chariots", "chariots-charge", "chariots")]


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    yield from chromium.session(1280, 1600)


_open, _errors, _offsite = chromium.open_page, chromium.severe_errors, chromium.offsite_requests


#: pid → [formed drawn on the base, disordered drawn beside it], for the visible pieces of a viewer.
JS_COUNTS = """
const root = document.getElementById(arguments[0]);
const out = {};
root.querySelectorAll('g.pc').forEach(g => {
  if (g.style.display === 'none') return;
  out[g.dataset.pid] = [g.querySelectorAll('g.pose .f').length, g.querySelectorAll('g.loose .d').length];
});
return out;
"""


def _expected(r: Replay, i: int) -> dict[str, list[int]]:
    return {p.id: [p.unit.formed, p.unit.disordered] for p in r.states[i].pieces if p.on_table}


def _step(driver: Any, slug: str) -> int:
    return int(driver.execute_script("return document.getElementById(arguments[0]).dataset.step", f"animation-{slug}"))


def _slide(driver: Any, slug: str, step: int) -> None:
    """Drag the replay's slider to ``step``, as a reader's input does (the value, then its input event)."""
    driver.execute_script("""const s = document.querySelector(arguments[0]); s.value = arguments[1];
        s.dispatchEvent(new Event('input'));""", f"#animation-{slug} .rp-slider", step)


def _click(driver: Any, slug: str, cls: str) -> None:
    driver.execute_script("document.querySelector(arguments[0]).click()", f"#animation-{slug} .{cls}")


def _not_blank(driver: Any, slug: str) -> None:
    from PIL import Image

    el = driver.find_element("css selector", f"#animation-{slug} svg.aot-board")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", el)
    img = Image.open(io.BytesIO(el.screenshot_as_png)).convert("RGB")
    colours: list[tuple[int, tuple[int, int, int]]] = img.getcolors(maxcolors=1 << 20) or []  # type: ignore[assignment]
    assert len(colours) > 50, "the board is blank"
    blue = sum(n for n, (r, g, b) in colours if b > 140 and r < 60 and 80 < g < 150)  # Okabe–Ito blue figures
    assert blue > 30, "no side-0 figures are drawn"


#: Steps Play is watched through: every step of the shorter replays, the last ones of the whole turn's (its
#: forty-odd steps at the viewer's pace were a minute of Chromium animating).
PLAYED = 10


@pytest.mark.parametrize(("page", "slug", "scene"), VIEWERS)
def test_step_back_and_play(driver: Any, site: str, page: str, slug: str, scene: str) -> None:
    r = replay(scenes.SCENES[scene](), slug)
    n = len(r.frames) - 1
    _open(driver, f"{site}/book/{page}.html")
    assert _step(driver, slug) == 0
    assert driver.execute_script(JS_COUNTS, f"animation-{slug}") == _expected(r, 0)
    _not_blank(driver, slug)
    _click(driver, slug, "rp-step")
    assert _step(driver, slug) == 1
    assert driver.execute_script(JS_COUNTS, f"animation-{slug}") == _expected(r, 1)
    caption = driver.find_element("css selector", f"#animation-{slug} .rp-caption").text
    assert f"Step 1 of {n}" in caption and r.frames[1].lines[0].rule in caption
    _click(driver, slug, "rp-back")
    assert _step(driver, slug) == 0
    assert driver.execute_script(JS_COUNTS, f"animation-{slug}") == _expected(r, 0)
    # arrow keys step too
    driver.execute_script("""const el = document.getElementById(arguments[0]); el.focus();
        el.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));""", f"animation-{slug}")
    assert _step(driver, slug) == 1
    _click(driver, slug, "rp-back")
    start = max(0, n - PLAYED)
    if start:  # a long replay plays its last PLAYED steps (the slider test checks every frame of the turn's)
        _slide(driver, slug, start)
        assert _step(driver, slug) == start
    # Play at the fastest speed: the same player on its timer, a quarter of the wait (the loss pictures play at 1×)
    driver.execute_script("""const s = document.querySelector(arguments[0]);
        s.value = '4'; s.dispatchEvent(new Event('change'));""", f"#animation-{slug} .rp-speed")
    _click(driver, slug, "rp-play")
    deadline = time.time() + 5 + 2.0 * (n - start)
    while time.time() < deadline and _step(driver, slug) < n:
        time.sleep(0.2)
    assert _step(driver, slug) == n
    assert driver.execute_script(JS_COUNTS, f"animation-{slug}") == _expected(r, n)
    _not_blank(driver, slug)
    assert not _errors(driver)
    assert not _offsite(driver)


def test_every_frame_of_the_turn_matches_the_engine(driver: Any, site: str) -> None:
    """Through the slider, every frame of the whole-turn replay draws the engine's warriors."""
    r = replay(scenes.full_turn(), "turn-sequence")
    _open(driver, f"{site}/book/turn.html")
    for i in range(len(r.frames)):
        _slide(driver, "turn-sequence", i)
        assert _step(driver, "turn-sequence") == i
        assert driver.execute_script(JS_COUNTS, "animation-turn-sequence") == _expected(r, i), i
    assert not _errors(driver)


def test_a_step_link_opens_that_step(driver: Any, site: str) -> None:
    _open(driver, f"{site}/book/turn.html#turn-sequence-step-5")
    assert _step(driver, "turn-sequence") == 5
    cur = driver.find_element("css selector", "#animation-turn-sequence .rp-list a[aria-current]")
    assert cur.get_attribute("data-i") == "5"
    # a click in the step list jumps there and puts the step in the address
    _click(driver, "turn-sequence", 'rp-list a[data-i="3"]')
    assert _step(driver, "turn-sequence") == 3
    assert driver.current_url.endswith("#turn-sequence-step-3")
    assert not _errors(driver)


def test_loss_pictures_wait_for_play(driver: Any, site: str) -> None:
    """The worked examples' losses no longer loop: a still picture until Play is pressed."""
    _open(driver, f"{site}/book/shooting.html")
    slug = "losses-aot-ex-shieldwall"
    time.sleep(2.5)
    assert _step(driver, slug) == 0
    assert driver.execute_script("return document.querySelectorAll('animate').length") == 0
    _click(driver, slug, "rp-play")
    deadline = time.time() + 5
    while time.time() < deadline and _step(driver, slug) < 1:
        time.sleep(0.1)
    assert _step(driver, slug) == 1
    crosses = driver.execute_script("return document.querySelectorAll(arguments[0]).length",
                                    f"#animation-{slug} g.loose .k")
    assert crosses == 1  # AOT-EX-SHIELDWALL: one hoplite killed


def test_phone_layout_and_reduced_motion(driver: Any, site: str) -> None:
    driver.set_window_size(390, 1400)
    try:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        _open(driver, f"{site}/book/turn.html")
        sizes = driver.execute_script("""
          const root = document.getElementById('animation-turn-sequence');
          const svg = root.querySelector('svg.aot-board');
          const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
          const svgText = [...svg.querySelectorAll('text')].filter(t => t.getBBox().width > 0)
            .map(t => parseFloat(getComputedStyle(t).fontSize) * k);
          const html = [...root.querySelectorAll('.rp-caption *, .rp-list a, .rp-controls *, .rp-legend')]
            .map(e => parseFloat(getComputedStyle(e).fontSize));
          const list = root.querySelector('.rp-list').getBoundingClientRect();
          return {svg: Math.min(...svgText), html: Math.min(...html), listTop: list.top,
                  boardBottom: svg.getBoundingClientRect().bottom, width: root.getBoundingClientRect().right,
                  page: document.documentElement.clientWidth,
                  glide: getComputedStyle(root.querySelector('g.pose')).transitionDuration};""")
        assert sizes["svg"] >= 11 and sizes["html"] >= 11, sizes
        assert sizes["listTop"] > sizes["boardBottom"], sizes  # the step list drops under the table
        assert sizes["width"] <= sizes["page"], sizes
        assert sizes["glide"] == "0s", sizes
        _click(driver, "turn-sequence", "rp-step")
        assert _step(driver, "turn-sequence") == 1
        assert not _errors(driver)
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        driver.set_window_size(1280, 1600)


#: Every pair of visible unit labels whose drawn boxes meet (screen pixels, as the reader sees them).
JS_LABEL_CLASHES = """
const root = document.getElementById(arguments[0]);
const boxes = [...root.querySelectorAll('g.pc')].filter(g => g.style.display !== 'none')
  .map(g => [g.dataset.pid, g.querySelector('text.lbl').getBoundingClientRect()]);
const out = [];
for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
  const [p, a] = boxes[i], [q, b] = boxes[j];
  if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) out.push([p, q]);
}
return out;
"""


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize(("page", "slug"), [("tabletop", "turn-delion"), ("chariots", "chariots-charge"),
                                            ("melee", "melee-gauls")])
def test_labels_never_overlap(driver: Any, site: str, page: str, slug: str, width: int) -> None:
    """On a laptop and on a phone, in every frame, no two unit labels overlap (their real text boxes)."""
    # a phone's real width (a headless window cannot be made narrower than about 500 px)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": 1400, "deviceScaleFactor": 1, "mobile": width < 500})
    try:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        _open(driver, f"{site}/book/{page}.html")
        assert driver.execute_script("return document.documentElement.clientWidth") <= width
        n = int(driver.execute_script("return document.querySelector(arguments[0]).max",
                                      f"#animation-{slug} .rp-slider"))
        for i in range(n + 1):
            _slide(driver, slug, i)
            assert driver.execute_script(JS_LABEL_CLASHES, f"animation-{slug}") == [], (slug, width, i)
        assert not _errors(driver)
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_a_melee_plays_in_beats_and_a_retreat_follows_its_way(driver: Any, site: str) -> None:
    """The Gauls' melee: Step shows the strike (dice, two javelinmen killed), then the retreat, in which the
    javelinmen's base runs through its recorded keyframes (turn, go back, face again), then the DP; each
    caption says what its rule decides."""
    r = replay(scenes.gauls(), "melee-gauls")
    _open(driver, f"{site}/book/melee.html")
    slug = "melee-gauls"
    _click(driver, slug, "rp-step")
    caption = driver.find_element("css selector", f"#animation-{slug} .rp-caption").text
    assert "AOT-MELEE-STRIKES" in caption and "AOT-MELEE-RETREAT" not in caption and "The rule:" in caption
    assert driver.execute_script("return document.querySelectorAll(arguments[0]).length",
                                 f"#animation-{slug} g.loose .k") == 2
    _click(driver, slug, "rp-step")
    ways = driver.execute_script("""const g = document.querySelector(arguments[0]);
        return g.getAnimations().map(a => a.effect.getKeyframes().length);""",
                                 f"#animation-{slug} g.pc[data-pid=J] g.pose")
    assert ways == [len(r.frames[2].motion["J"])] == [4]
    assert "AOT-MELEE-RETREAT" in driver.find_element("css selector", f"#animation-{slug} .rp-caption").text
    time.sleep(1.5)
    assert driver.execute_script(JS_COUNTS, f"animation-{slug}") == _expected(r, 2)
    _click(driver, slug, "rp-step")
    assert "AOT-DEMO-DISORDER" in driver.find_element("css selector", f"#animation-{slug} .rp-caption").text
    assert driver.execute_script(JS_COUNTS, f"animation-{slug}") == _expected(r, 3)
    assert not _errors(driver)


def _pages_with_viewers() -> list[tuple[str, bool]]:
    """(page, whether it replays a scene) for every page that may show a viewer (a worked example shows one
    only when its log has losses)."""
    from pathlib import Path

    book = Path(__file__).parents[3] / "book"
    return sorted((str(f.relative_to(book).with_suffix("")), "show_replay(" in text) for f in book.rglob("*.md")
                  if "show_replay(" in (text := f.read_text(encoding="utf-8")) or "show_example(" in text)


def _check_viewers(page: str, scene: bool, width: int, report: list[list[Any]], errors: list[str],
                   offsite: list[str]) -> int:
    assert report or not scene, page
    for rid, one, moved, back, fits in report:
        assert (one, moved, back, fits) == ("1", True, "0", True), (page, width, rid)
    assert not errors, page
    assert not offsite, page
    return len(report)


def test_every_viewer_in_the_book_steps_on_a_laptop(laptop_visit: Callable[[str], Visit]) -> None:
    """Every replay viewer of every page: Step moves it to step 1 and back to 0, its caption follows, the
    viewer fits the page's width, and nothing is asked of another host (the site works offline).  Read from the
    one laptop load of each page the other checks share (:mod:`visits`: the viewers stepped after its audit)."""
    seen = 0
    for page, scene in _pages_with_viewers():
        v = laptop_visit(f"book/{page}")
        seen += _check_viewers(page, scene, 1280, v.viewers, v.stepped_errors, v.stepped_offsite)
    assert seen >= 20


def test_every_viewer_in_the_book_steps_on_a_phone(driver: Any, site: str) -> None:
    """The same at a phone's width (390 px, a mobile viewport): each page loaded at that size."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 390, "height": 1400, "deviceScaleFactor": 1, "mobile": True})
    seen = 0
    try:
        for page, scene in _pages_with_viewers():
            _open(driver, f"{site}/book/{page}.html")
            report = driver.execute_script(STEP_VIEWERS)
            seen += _check_viewers(page, scene, 390, report, _errors(driver), _offsite(driver))
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert seen >= 20


def _standalone(tmp_path: Any) -> str:
    """The whole turn's viewer in a page of its own, with a chapter's worth of text above and below it (the
    book cannot be built in every run that checks the viewer's own behaviour), under sticky headers like the
    book theme's: its page header (none tall on a wide screen) and the article's header, the one that stays."""
    from aot_rules.present.replay.html import replay_html

    filler = "<p>" + "A paragraph of the chapter before the replay. " * 40 + "</p>"
    page = tmp_path / "turn.html"
    page.write_text(f"<!doctype html><html><head><meta charset='utf-8'>"
                    "<meta name='viewport' content='width=device-width, initial-scale=1'></head>"
                    "<body style='max-width: 46rem; margin: auto'>"
                    "<header class='bd-header' style='position: sticky; top: 0; height: 0; overflow: hidden'></header>"
                    "<div class='bd-header-article' style='position: sticky; top: 0; height: 3rem; background: #eee'>"
                    f"The article's sticky header</div>{filler * 8}"
                    f"{replay_html(replay(scenes.full_turn(), 'turn-sequence'))}{filler * 8}</body></html>",
                    encoding="utf-8")
    return page.as_uri()


JS_IN_VIEW = """
const root = document.getElementById('animation-turn-sequence');
const box = e => e.getBoundingClientRect();
const svg = box(root.querySelector('svg.aot-board')), head = box(root.querySelector('.rp-caption .rp-head'));
const under = Math.max(...[...document.querySelectorAll('.bd-header, .bd-header-article')].map(e => box(e).bottom));
return {under: under, svgTop: svg.top, svgBottom: svg.bottom,
        capTop: head.top, capBottom: head.bottom, h: window.innerHeight};
"""


@pytest.mark.parametrize("width", [390, 1280])
def test_a_step_link_lands_with_the_board_and_its_caption_in_view(driver: Any, tmp_path: Any, width: int) -> None:
    """``turn.html#turn-sequence-step-9`` opens at step 9 with the whole board and the caption's headline on
    screen, on a phone and on a laptop (the step list was the link's target, the board far above it)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": 844 if width < 500 else 900, "deviceScaleFactor": 1,
                            "mobile": width < 500})
    try:
        _open(driver, _standalone(tmp_path) + "#turn-sequence-step-9")
        time.sleep(0.5)
        assert _step(driver, "turn-sequence") == 9
        seen = driver.execute_script(JS_IN_VIEW)
        assert seen["under"] <= seen["svgTop"] and seen["svgBottom"] <= seen["h"], seen
        assert seen["under"] <= seen["capTop"] and seen["capBottom"] <= seen["h"], seen
        assert "Step 9 of" in driver.find_element("css selector", "#animation-turn-sequence .rp-caption").text
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def _key(driver: Any, key: str, target: str = "document.body") -> None:
    driver.execute_script(f"""const t = {target};
        t.dispatchEvent(new KeyboardEvent('keydown', {{key: arguments[0], bubbles: true, cancelable: true}}));""",
                          key)


def test_keys_buttons_speed_and_the_address_follow_the_player(driver: Any, tmp_path: Any) -> None:
    """Play puts each step in the address; Space plays and pauses; Home and End, and the first and last
    buttons, go to the ends; a speed control; the arrow keys step a viewer that is on screen but not
    focused; the keys are explained in a disclosure."""
    r = replay(scenes.full_turn(), "turn-sequence")
    n = len(r.frames) - 1
    slug = "turn-sequence"
    _open(driver, _standalone(tmp_path) + "#turn-sequence-step-2")
    assert _step(driver, slug) == 2
    # the arrows step the viewer on screen though the focus is elsewhere
    driver.execute_script("document.activeElement && document.activeElement.blur()")
    _key(driver, "ArrowRight")
    assert _step(driver, slug) == 3 and driver.current_url.endswith("#turn-sequence-step-3")
    _key(driver, "ArrowLeft")
    assert _step(driver, slug) == 2
    # Home / End and Space with the viewer focused
    driver.execute_script("document.getElementById('animation-turn-sequence').focus()")
    root = "document.getElementById('animation-turn-sequence')"
    _key(driver, "End", root)
    assert _step(driver, slug) == n and driver.current_url.endswith(f"#turn-sequence-step-{n}")
    _key(driver, "Home", root)
    assert _step(driver, slug) == 0
    _click(driver, slug, "rp-last")
    assert _step(driver, slug) == n
    _click(driver, slug, "rp-first")
    assert _step(driver, slug) == 0
    # the fastest speed, then Space plays: the address follows each step; Space again pauses
    driver.execute_script("""const s = document.querySelector('#animation-turn-sequence .rp-speed');
        s.value = '4'; s.dispatchEvent(new Event('change'));""")
    _key(driver, " ", root)
    assert driver.find_element("css selector", f"#animation-{slug} .rp-play").get_attribute("aria-pressed") == "true"
    deadline = time.time() + 10
    while time.time() < deadline and _step(driver, slug) < 3:
        time.sleep(0.05)
    _key(driver, " ", root)
    paused = _step(driver, slug)
    assert 3 <= paused < n
    assert driver.current_url.endswith(f"#turn-sequence-step-{paused}")
    assert driver.find_element("css selector", f"#animation-{slug} .rp-play").get_attribute("aria-pressed") == "false"
    time.sleep(1.0)
    assert _step(driver, slug) == paused  # paused stays paused
    keys = driver.find_element("css selector", f"#animation-{slug} details.rp-keys")
    assert "Space" in keys.get_attribute("textContent") and "Home" in keys.get_attribute("textContent")
    assert not _errors(driver)


def test_the_caption_sits_beside_the_board_and_full_screen_enlarges_it(driver: Any, tmp_path: Any) -> None:
    """On a laptop the caption is beside the board (not under it, below the fold); the full-screen button
    shows the viewer alone, with a board far wider than the 403 px it had in the chapter column."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    try:
        _open(driver, _standalone(tmp_path) + "#turn-sequence-step-4")
        box = """const r = document.getElementById('animation-turn-sequence');
            const s = r.querySelector('svg.aot-board').getBoundingClientRect();
            const c = r.querySelector('.rp-caption').getBoundingClientRect();
            return {svgRight: s.right, svgTop: s.top, svgBottom: s.bottom, svgWidth: s.width, capLeft: c.left,
                    capTop: c.top, full: document.fullscreenElement === r};"""
        seen = driver.execute_script(box)
        assert seen["capLeft"] >= seen["svgRight"] and seen["capTop"] < seen["svgBottom"], seen
        driver.find_element("css selector", "#animation-turn-sequence .rp-full").click()
        deadline = time.time() + 5
        while time.time() < deadline and not driver.execute_script(box)["full"]:
            time.sleep(0.1)
        seen = driver.execute_script(box)
        assert seen["full"] and seen["svgWidth"] > 700, seen
        assert seen["capLeft"] >= seen["svgRight"], seen
        assert _step(driver, "turn-sequence") == 4
        driver.find_element("css selector", "#animation-turn-sequence .rp-full").click()
        deadline = time.time() + 5
        while time.time() < deadline and driver.execute_script(box)["full"]:
            time.sleep(0.1)
        assert not driver.execute_script(box)["full"]
        assert not _errors(driver)
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_a_tap_on_a_base_shows_its_units_details(driver: Any, tmp_path: Any) -> None:
    """A tap on a base writes its unit's details for that step under the board; the base's title (hover) has
    them too, and follows the step."""
    r = replay(scenes.full_turn(), "turn-sequence")
    _open(driver, _standalone(tmp_path) + "#turn-sequence-step-9")
    driver.execute_script("document.querySelector('#animation-turn-sequence g.pc[data-pid=B2]')"
                          ".dispatchEvent(new MouseEvent('click', {bubbles: true}))")
    shown = driver.find_element("css selector", "#animation-turn-sequence .rp-unit").text
    assert shown == r.drawn[9]["B2"].details
    title = driver.execute_script("return document.querySelector("
                                  "'#animation-turn-sequence g.pc[data-pid=B2] > title').textContent")
    assert title == r.drawn[9]["B2"].details
    assert not _errors(driver)


def test_loose_figures_glide_with_their_base(driver: Any, tmp_path: Any) -> None:
    """A disordered unit's loose figures were redrawn at once where the base would end while the base itself
    still glided there: they now start where the base was and glide with it (a transition on their group,
    read at its start, not timed)."""
    r = replay(scenes.full_turn(), "turn-sequence")
    i, pid = next((i, p.id) for i in range(1, len(r.states)) for p in r.states[i].pieces
                  if p.on_table and p.unit.disordered and (q := r.states[i - 1].piece(p.id)).on_table
                  and q.pose != p.pose)
    _open(driver, _standalone(tmp_path) + f"#turn-sequence-step-{i - 1}")
    start = driver.execute_script("""
      const root = document.getElementById('animation-turn-sequence');
      root.querySelector('.rp-step').click();
      const loose = root.querySelector('g.pc[data-pid="' + arguments[0] + '"] g.loose');
      const a = loose.getAnimations();
      if (!a.length) return null;
      a.forEach(x => x.pause());
      return getComputedStyle(loose).transform;""", pid)
    assert _step(driver, "turn-sequence") == i
    assert start not in (None, "none", "matrix(1, 0, 0, 1, 0, 0)"), (i, pid, start)
