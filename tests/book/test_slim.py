"""The weight every page pays, cut at build time (book/_ext/aot_slim.py): the theme's stylesheets keep every rule
something in the site can match, and its icon font every glyph those stylesheets can still draw.

These run on the installed theme's own files, without a book build; the built site's side (every icon the
published stylesheets name is in the published font) is checked in tests/book/browser/test_site.py.
"""

from __future__ import annotations

import importlib.util
import io
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "book" / "_ext"))
import aot_slim  # noqa: E402

# The installed theme is found, not imported: importing it imports Sphinx's HTML builders, seconds that every
# pytest-xdist worker would pay while collecting.
THEME_SPEC = importlib.util.find_spec("pydata_sphinx_theme")
if THEME_SPEC is None or THEME_SPEC.origin is None:
    pytest.skip("pydata_sphinx_theme is not installed", allow_module_level=True)
THEME = Path(THEME_SPEC.origin).parent / "theme" / "pydata_sphinx_theme" / "static"
SOLID = THEME / "vendor" / "fontawesome" / "webfonts" / "fa-solid-900.woff2"


def test_a_selector_goes_only_when_a_class_it_needs_is_nowhere_in_the_site() -> None:
    css = (".bd-sidebar .nav{a:1}.card-img-overlay{b:2}.bd-sidebar,.carousel-item{c:3}"
           "@media (min-width:960px){.bd-sidebar{d:4}.offcanvas-lg{e:5}}"
           ".x:not(.gone){f:6}[class*=gone] .bd-sidebar{g:7}.bs-tooltip-top .tooltip-arrow{h:8}")
    names = {"bd-sidebar", "nav", "x", "tooltip-arrow"}
    out = aot_slim.prune_stylesheet(css, names, ("bs-",))
    assert out == (".bd-sidebar .nav{a:1}.bd-sidebar{c:3}@media (min-width:960px){.bd-sidebar{d:4}}"
                   ".x:not(.gone){f:6}[class*=gone] .bd-sidebar{g:7}.bs-tooltip-top .tooltip-arrow{h:8}")


def test_classes_a_script_adds_or_assembles_count_as_used(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text('<div class="bd-sidebar">text</div>')
    script = tmp_path / "bootstrap.js"
    script.write_text('e.classList.add("show");t.classList.add(`bs-${this.constructor.NAME}-auto`);'
                      'b.className="toggle-"+n;')
    names, prefixes = aot_slim.site_names([page, script])
    assert {"bd-sidebar", "show"} <= names
    assert set(prefixes) == {"bs-", "toggle-"}
    css = ".show{a:1}.bs-tooltip-auto{b:2}.toggle-hidden{c:3}.collapsing{d:4}"
    assert aot_slim.prune_stylesheet(css, names, prefixes) == ".show{a:1}.bs-tooltip-auto{b:2}.toggle-hidden{c:3}"


def test_the_theme_stylesheet_keeps_its_at_rules_and_shrinks() -> None:
    css = (THEME / "styles" / "pydata-sphinx-theme.css").read_text(encoding="utf-8")
    names = {"bd-header", "bd-sidebar-primary", "navbar-nav", "fa-solid", "fa-bars", "show"}
    out = aot_slim.prune_stylesheet(css, names)
    assert len(out) < len(css) / 2
    assert out.count("@font-face") == css.count("@font-face")  # rules without selectors are kept whole
    assert ".bd-header" in out and ".fa-bars:before" in out and ".carousel-item" not in out
    # every rule of the result still parses
    import tinycss2

    rules = tinycss2.parse_stylesheet(out, skip_whitespace=True)
    assert not [r for r in rules if r.type == "error"]


def test_the_icon_font_keeps_exactly_the_glyphs_named() -> None:
    from fontTools.ttLib import TTFont

    css = '.fa-bars:before{content:"\\f0c9"}:root{--pst-icon-bell:"\uf0f3"}.fa-moon:before{content:"\\f186"}'
    keep = aot_slim.code_points(css)
    assert keep == {0xF0C9, 0xF0F3, 0xF186}
    font = SOLID.read_bytes()
    small = aot_slim.subset_font(font, keep)
    assert len(small) < len(font) / 20
    assert set(TTFont(io.BytesIO(small)).getBestCmap()) == keep
    truetype = aot_slim.subset_font(font, keep, None)
    assert set(TTFont(io.BytesIO(truetype)).getBestCmap()) == keep
