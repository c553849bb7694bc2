"""Serve BokehJS from the build itself, never from a CDN.

On ``config-inited`` the BokehJS bundles of the installed bokeh package are
copied into ``_build/.vendor/aot-vendor/`` (outside the book's own ``_static``,
so they are not injected into every page) and that folder is added to
``html_static_path``.  On ``html-page-context`` the scripts are added only to
pages that embed a Bokeh document, and the widgets' bundle (382 KB) only to those whose documents hold a widget
(a chart alone, as on the comparison chapter, needs only BokehJS itself); the static widgets' script
(``widget.js``, named by its content) only to pages with a static widget.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

BUNDLES = ("bokeh", "bokeh-widgets")
WIDGET_ASSETS = ("widget.js", "widget.css")
#: Each widget asset's published (content-named) file of this build.
PUBLISHED: dict[str, str] = {}


def _vendor(app: Sphinx, config: Any) -> None:
    import bokeh

    src = Path(bokeh.__file__).parent / "server" / "static" / "js"
    dest = Path(app.confdir) / "_build" / ".vendor" / "aot-vendor"
    dest.mkdir(parents=True, exist_ok=True)
    for name in BUNDLES:
        shutil.copyfile(src / f"{name}.min.js", dest / f"{name}-{bokeh.__version__}.min.js")
    # The static widgets' one script and style sheet, published once and named by their content.
    from aot_rules.present.static import ASSETS, asset_name

    for name in WIDGET_ASSETS:
        PUBLISHED[name] = asset_name(name)  # named once per build: every page links the copy published here
        (dest / PUBLISHED[name]).write_bytes((ASSETS / name).read_bytes())
    config.html_static_path = [*config.html_static_path, str(dest.parent)]


@functools.cache
def widget_model() -> re.Pattern[str]:
    """A widget model in a page's Bokeh documents: ``"name":"Select"`` and every other model that lives in the
    widgets' bundle (the subclasses of Bokeh's ``Widget``, asked of the installed bokeh, not listed by hand)."""
    from bokeh.models.widgets import Widget

    def below(cls: type[Any]) -> list[type[Any]]:
        return [sub for c in cls.__subclasses__() for sub in (c, *below(c))]

    names = sorted({str(getattr(c, "__view_model__", "")) for c in (Widget, *below(Widget))} - {""})
    return re.compile(r'"name":\s*"(?:' + "|".join(map(re.escape, names)) + ')"')


def _page(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    import bokeh

    body = context.get("body", "")
    if "Bokeh.embed" in body or "bk-root" in body or 'type="application/json"' in body:
        for name in BUNDLES:
            if name == "bokeh" or widget_model().search(body):
                app.add_js_file(f"aot-vendor/{name}-{bokeh.__version__}.min.js", priority=400)
    if "aot-table-" in body:  # a static widget: its script (its style sheet is linked from inside the widget)
        app.add_js_file(f"aot-vendor/{PUBLISHED['widget.js']}", priority=410)


def setup(app: Sphinx) -> dict[str, Any]:
    # Kernels that execute the pages inherit this: page code emits static widgets, not live ones.
    os.environ["AOT_BOOK_BUILD"] = "1"
    app.connect("config-inited", _vendor)
    app.connect("html-page-context", _page)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
