"""The book builds strictly and labels every registered mechanic."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from aot_rules.registry import all_mechanics

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
