"""The book builds strictly and labels every registered mechanic."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest
import yaml

from aot_rules.systems import all_mechanics

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]


def _toc_files() -> list[str]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text())
    files = [toc["root"]]
    for part in toc.get("parts", []):
        files += [c["file"] for c in part["chapters"]]
    return files


def test_every_toc_page_is_built(built_book: Path) -> None:
    for f in _toc_files():
        assert (built_book / f"{f}.html").exists(), f


def test_every_mechanic_has_a_label_and_a_widget(built_book: Path) -> None:
    html = "".join((built_book / f"{f}.html").read_text() for f in _toc_files())
    for m in all_mechanics():
        assert f'id="{m.rule_id.lower()}"' in html, f"no MyST label ({m.rule_id.lower()})="
        assert f'data-rule="{m.rule_id}"' in html, f"no widget for {m.rule_id}"


#: Issue 8: every movement rule is explained (label) and badged somewhere in the book.
MOVEMENT_IDS = ("AOT-MEASURE", "AOT-MOVE-DISTANCE", "AOT-MOVE-PROCEDURE", "AOT-ROUGH-TERRAIN", "AOT-TERRAIN-TYPES",
                "AOT-MOVE-THROUGH-FRIENDS", "AOT-RUN", "AOT-TROT", "AOT-PANIC", "AOT-EVADE-ELIGIBILITY",
                "AOT-EVADE-PROCEDURE", "AOT-EVADE-FLANK", "AOT-BREAKTHROUGH", "AOT-TURN", "AOT-TURN-FLANK-ATTACKED",
                "AOT-REFORM", "AOT-REFORM-MERGE-SPLIT", "AOT-REFORM-DEFENSIVE-5")


def test_every_movement_rule_is_labelled_once_and_badged(built_book: Path) -> None:
    html = "".join((built_book / f"{f}.html").read_text() for f in _toc_files())
    for rid in MOVEMENT_IDS:
        assert html.count(f'id="{rid.lower()}"') == 1, f"({rid.lower()})= should label exactly one section"
        assert re.search(rf'class="aot-rule-id">{rid}<', html), f"no badge for {rid}"


#: Issue 9: every exotic-troops, machines and fortifications rule is explained (label) and badged in the book.
EXOTIC_IDS = ("AOT-CAMEL", "AOT-ELEPHANT-UNIT", "AOT-ELEPHANT-MOVE", "AOT-ELEPHANT-ATTACK", "AOT-ELEPHANT-WOUND",
              "AOT-ELEPHANT-CREW", "AOT-ELEPHANT-VS-ELEPHANT", "AOT-CHARIOT-BASICS", "AOT-CHARIOT-COMBAT",
              "AOT-CHARIOT-TURN-TROT", "AOT-CHARIOT-WOUND", "AOT-CHARIOT-FLANK", "AOT-CHARIOT-DEMO",
              "AOT-CHARIOT-SCYTHED", "AOT-CART-SUMERIAN", "AOT-WAR-WAGON", "AOT-ART-CLASSES", "AOT-ART-CREW",
              "AOT-ART-SHOOT-LIGHT", "AOT-ART-SHOOT-HEAVY", "AOT-CAMP", "AOT-LOST-CONTENT")


def test_every_exotic_rule_is_labelled_once_and_badged(built_book: Path) -> None:
    html = "".join((built_book / f"{f}.html").read_text() for f in _toc_files())
    for rid in EXOTIC_IDS:
        assert html.count(f'id="{rid.lower()}"') == 1, f"({rid.lower()})= should label exactly one section"
        assert re.search(rf'class="aot-rule-id">{rid}<', html), f"no badge for {rid}"


def test_every_companion_rule_is_labelled_once_and_badged(built_book: Path) -> None:
    """Issue 10: every AOB-, SP- and BAT- rule of the catalogue has one MyST label and a badge; every worked
    example of theirs is replayed by the engine (``data-example``) or has a labelled section of its own."""
    from aot_rules.catalogue import EXAMPLES, RULES

    html = "".join((built_book / f"{f}.html").read_text() for f in _toc_files())
    for e in RULES:
        if e.system == "AOT":
            continue
        rid = e.rule_id
        assert html.count(f'id="{rid.lower()}"') == 1, f"({rid.lower()})= should label exactly one section"
        assert re.search(rf'class="aot-rule-id">{rid}<', html), f"no badge for {rid}"
    for ex in [x for x in EXAMPLES if not x.startswith("AOT-")]:
        assert f'data-example="{ex}"' in html or f'id="{ex.lower()}"' in html, f"{ex} is not in the book"


def test_every_worked_example_is_on_some_page(built_book: Path) -> None:
    from aot_rules.systems import examples

    html = "".join((built_book / f"{f}.html").read_text() for f in _toc_files())
    missing = [ex for ex in examples() if f'data-example="{ex}"' not in html]
    assert not missing, missing


def test_no_cdn_and_bokeh_is_served_locally(built_book: Path) -> None:
    page = (built_book / "book" / "shooting.html").read_text()
    assert re.search(r'src="[^"]*aot-vendor/bokeh-[0-9.]+\.min\.js', page)
    for src in re.findall(r'<script[^>]+src="([^"]+)"', page):
        assert not src.startswith(("http:", "https:", "//")), src
    assert (built_book / "_static" / "aot-vendor").is_dir()


def test_worked_examples_are_on_the_page(built_book: Path) -> None:
    page = (built_book / "book" / "shooting.html").read_text()
    for ex in ("AOT-EX-SLINGERS", "AOT-EX-SHIELDWALL", "AOT-EX-FLANK-SHOOT"):
        assert f'data-example="{ex}"' in page


def test_worked_examples_replay_the_engines_losses(built_book: Path) -> None:
    """Each example's losses are a still diagram with the replay viewer's controls (nothing loops): its last
    frame shows a red cross for exactly each warrior the engine killed and every disordered one beside the
    base."""
    from aot_rules.aot.events import Losses
    from aot_rules.systems import examples

    pages = {"AOT-EX-SHIELDWALL": "shooting", "AOT-EX-FLANK-SHOOT": "shooting",
             "AOT-EX-GAULS-JAVELINMEN": "melee", "AOT-EX-ROMAN-LINES": "moving", "AOT-EX-GAULS-FLEE": "evasion"}
    for ex_id, page in pages.items():
        html = (built_book / "book" / f"{page}.html").read_text()
        block = html[html.index(f'data-example="{ex_id}"'):]
        start = block.index(f'id="animation-losses-{ex_id.lower()}"')
        viewer = block[start:block.index("</script>", start)]
        frames = json.loads(viewer[viewer.index(">", viewer.index("application/aot-replay+json")) + 1:])["f"]
        losses = [e for e in examples()[ex_id]().log if isinstance(e, Losses) and e.killed + e.disordered]
        assert len(frames) == len(losses) + 1, ex_id
        for e, f in zip(losses, frames[1:], strict=True):
            drawn = f["c"][e.before.name]
            assert drawn["x"].count('class="k"') == e.killed, ex_id
            assert drawn["x"].count('class="d"') == e.after.disordered, ex_id
            assert drawn["b"].count('class="f"') == e.after.formed, ex_id
        assert "<animate" not in block[:block.index("</div>", start)] and 'class="rp-play"' in viewer


def test_the_pages_are_read_and_run_on_every_core(built_book: Path) -> None:
    """book/build_book.py gives Sphinx a job per core, and no extension the book loads keeps the read serial (an
    undeclared one would be a warning, so the strict build would fail): the log shows the pages read in
    parallel chunks ("book/a .. book/b"), which a serial read never prints."""
    sys.path.insert(0, str(ROOT / "book"))
    import build_book

    if build_book.jobs() < 2:
        pytest.skip("the build is serial (one usable core, or AOT_BOOK_JOBS=1: the suite's default, see conftest)")
    if os.environ.get("AOT_REUSE_BOOK", "") not in ("", "0"):
        pytest.skip("the book may be reused, not built, in this run (AOT_REUSE_BOOK): its log is not this run's")
    log = ROOT / "_build" / "book-build.log"
    text = re.sub(r"\x1b\[[0-9;]*m", "", log.read_text(encoding="utf-8"))
    assert "doing serial read" not in text
    assert re.search(r"^reading sources\.\.\. \[\s*\d+%\] \S+ \.\. \S+$", text, re.M), text[-2000:]


def test_the_build_prints_no_warning(built_book: Path) -> None:
    """The strict build fails on Sphinx's warnings; the pages' kernels print their own to the same terminal
    (ipykernel warns at each start that its local sockets are unencrypted: 90 lines on a clean build).  The
    build gives the kernels an IPython home of their own that logs errors only, so a reader's terminal shows none."""
    if os.environ.get("AOT_REUSE_BOOK", "") not in ("", "0"):
        pytest.skip("the book may be reused, not built, in this run (AOT_REUSE_BOOK): its log is not this run's")
    text = re.sub(r"\x1b\[[0-9;]*m", "", (ROOT / "_build" / "book-build.log").read_text(encoding="utf-8"))
    assert "reading sources" in text  # the log of a build, not of a reused book
    warned = [line for line in text.splitlines() if re.search(r"\bwarning\b", line, re.I)]
    assert not warned, warned[:5]


def test_pages_load_the_engine_client_with_its_checksum(built_book: Path) -> None:
    """A page asks for ``client.js?v=<crc32 of the file>``, so a republished site's changed client is fetched
    afresh, not taken from a reader's cache (the query is Sphinx's, given only for files in place before the
    pages are written)."""
    import zlib

    client = built_book / "_static" / "aot-engine" / "client.js"
    crc = zlib.crc32(client.read_bytes().replace(b"\r", b""))
    want = f"client.js?v={crc:08x}"
    for page in (built_book / "book" / "melee.html", built_book / "book" / "at-the-table.html"):
        assert want in page.read_text(encoding="utf-8"), page
