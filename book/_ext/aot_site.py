"""Site-wide concerns of the published book: what it loads, what it leaves out, what every page says.

Why an extension rather than page edits: each of these is a property of the whole site, fixed once here.

* Thebe is out.  Jupyter Book 1 always loads ``sphinx_thebe``, which writes its set-up script into every
  page twice (a ``THEBE_JS_URL`` redeclaration error on every page) and names an off-host script; the book
  runs no kernel, so the extension's hooks and stylesheet are removed before the build starts.
* The theme's asset list comes from ``book/_templates`` (no Font Awesome script: the web font draws the
  icons), and ``aot-site.js`` makes the theme's drawers open on tap.
* The published site carries no source maps and no Font Awesome script (the theme ships both), the theme's
  stylesheet keeps only the icon rules some page uses, and every page's shared weight is cut to what the site
  uses: stylesheets without the rules nothing can match, icon fonts without the glyphs nothing draws
  (``aot_slim``).
* Every footer, and the front page's ``aot-build-stamp`` placeholder, show the engine's version and the
  build date; they are filled in when each page is written, so they never make a page re-execute.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from aot_slim import LARGEST, code_points, prune_stylesheet, site_names, subset_font
from sphinx.application import Sphinx

from aot_rules.present import sitewords as words

HERE = Path(__file__).resolve().parent
#: What the theme ships that the published book does not use.
UNUSED = ("scripts/fontawesome.js", "scripts/fontawesome.js.LICENSE.txt")
STAMP = '<span class="aot-build-stamp"></span>'


def engine_version() -> str:
    try:
        return version("aot_rules")
    except PackageNotFoundError:  # a checkout that was never installed
        return "unreleased"


def build_date() -> str:
    """Today (UTC), or SOURCE_DATE_EPOCH's day for a reproducible build."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    when = dt.datetime.fromtimestamp(int(epoch), dt.UTC) if epoch else dt.datetime.now(dt.UTC)
    return when.date().isoformat()


def stamp_text() -> str:
    return words.build_stamp(engine_version(), build_date())


def _drop_thebe(app: Sphinx) -> None:
    """Disconnect every hook sphinx_thebe registered and drop its stylesheet (it cannot be left out of JB1's
    extension list without restating the whole list in _config.yml)."""
    for listeners in app.events.listeners.values():
        listeners[:] = [x for x in listeners if getattr(x.handler, "__module__", "") != "sphinx_thebe"]
    app.registry.css_files = [(name, attrs) for name, attrs in app.registry.css_files if "thebe" not in name]


def _config(app: Sphinx, config: Any) -> None:
    config.templates_path = [str(HERE.parent / "_templates"), *config.templates_path]
    # The general index is built: the glossary's terms, the rule badges and the chapters' index entries fill
    # it, and the rule index page links it.
    config.html_use_index = True


def _page(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    stamp = stamp_text()
    footer = context.get("theme_extra_footer") or ""
    context["theme_extra_footer"] = f'{footer} <span class="aot-footer-stamp">{stamp}</span>'
    if STAMP in context.get("body", ""):
        context["body"] = context["body"].replace(STAMP, f'<span class="aot-build-stamp">{stamp}</span>')


MAP_COMMENT = re.compile(r"\n?/[/*]# sourceMappingURL=[^\n]*")
#: One Font Awesome icon rule of the theme's minified stylesheet, e.g. ``.fa-bars:before,.fa-navicon:before{…}``.
ICON_RULE = re.compile(r"(?<=})((?:\.fa-[a-z0-9-]+:(?:before|after),?)+)\{content:[^}]*\}")
ICON_CLASS = re.compile(r"\bfa-[a-z0-9-]+")


def prune_icons(css: str, used: set[str]) -> str:
    """The theme's stylesheet without the rules of the ~1,900 Font Awesome icons no page uses (86 KB).

    >>> prune_icons('a{}.fa-bars:before,.fa-navicon:before{content:"x"}.fa-cat:before{content:"y"}b{}', {"fa-bars"})
    'a{}.fa-bars:before,.fa-navicon:before{content:"x"}b{}'
    """
    def keep(m: re.Match[str]) -> str:
        return m.group(0) if set(ICON_CLASS.findall(m.group(1))) & used else ""

    return ICON_RULE.sub(keep, css)


def _finish(app: Sphinx, exc: Exception | None) -> None:
    """Take the theme's source maps and unused scripts out of the published folder, and cut what every page
    loads to what the site uses (``aot_slim``)."""
    if exc is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    static = out / "_static"
    for name in UNUSED:
        (static / name).unlink(missing_ok=True)
    for path in static.rglob("*.map"):
        path.unlink()
    pages = sorted(out.rglob("*.html"))
    used = {c for page in pages for c in ICON_CLASS.findall(page.read_text(encoding="utf-8"))}
    scripts = sorted(static.rglob("*.js"))
    used |= {c for script in scripts if script.stat().st_size < LARGEST
             for c in ICON_CLASS.findall(script.read_text(encoding="utf-8", errors="ignore"))}
    theme_css = static / "styles" / "pydata-sphinx-theme.css"
    if theme_css.is_file():
        theme_css.write_text(prune_icons(theme_css.read_text(encoding="utf-8"), used), encoding="utf-8")
    for path in [*scripts, *static.rglob("*.css")]:
        text = path.read_text(encoding="utf-8", errors="surrogateescape")
        if "sourceMappingURL=" in text[-300:]:
            path.write_text(MAP_COMMENT.sub("", text), encoding="utf-8", errors="surrogateescape")
    _slim(out, static, pages, scripts)


def _slim(out: Path, static: Path, pages: list[Path], scripts: list[Path]) -> None:
    """The theme's and extensions' stylesheets without the selectors nothing in the site can match, and the icon
    fonts without the glyphs those stylesheets no longer name."""
    names, prefixes = site_names([*pages, *scripts])
    own = {p.name for p in (HERE.parent / "_static").iterdir()}
    sheets = [p for p in static.rglob("*.css")
              if p.name not in own and not p.relative_to(static).parts[0].startswith("aot-")]
    for path in sheets:
        path.write_text(prune_stylesheet(path.read_text(encoding="utf-8"), names, prefixes), encoding="utf-8")
    keep = {c for path in static.rglob("*.css") for c in code_points(path.read_text(encoding="utf-8"))}
    for font in (static / "vendor" / "fontawesome" / "webfonts").glob("*"):
        if font.suffix in (".woff2", ".ttf"):
            font.write_bytes(subset_font(font.read_bytes(), keep, "woff2" if font.suffix == ".woff2" else None))


def setup(app: Sphinx) -> dict[str, Any]:
    _drop_thebe(app)
    app.connect("config-inited", _config)
    app.connect("html-page-context", _page)
    # Last of the build-finished hooks: after the theme rewrites pygments.css and the engine is published, so
    # the cut sees every stylesheet and script the site ships.
    app.connect("build-finished", _finish, priority=900)
    app.add_js_file("aot-site.js", loading_method="defer")
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
