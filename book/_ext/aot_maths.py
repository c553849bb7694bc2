"""Serve MathJax from the build itself, and load it where the engine's mathematics is shown.

Sphinx's default ``mathjax_path`` is a public CDN, which an offline reader cannot reach.  On
``config-inited`` this extension copies the one bundle the book needs (``tex-chtml.js``, its
web fonts and the TeX extensions it may autoload) from the pinned npm package in
``node_modules/mathjax/es5`` into ``_build/.vendor-maths/mathjax/`` (a static folder of the
build, never of git) and points ``mathjax_path`` at it.  The "Show the mathematics" blocks are
raw HTML written by page cells, which Sphinx's math domain cannot see: a page holding such a
block gets a small loader that adds the local MathJax the first time a reader opens one, and
MathJax is taken off every page without equations of its own (the book's assets policy is
"always", under which Sphinx would put it on every page).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

#: what tex-chtml.js loads at run time, relative to the package's es5 folder
NEEDED = ("tex-chtml.js", "output/chtml/fonts/woff-v2", "input/tex/extensions")
#: the marker every "Show the mathematics" block carries (aot_rules.formulas.html)
MARKER = 'class="aot-maths'


def _vendor(app: Sphinx, config: Any) -> None:
    src = Path(app.confdir) / "node_modules" / "mathjax" / "es5"
    if not (src / "tex-chtml.js").is_file():
        raise ExtensionError(f"MathJax is not installed at {src}: run 'make setup' (npm ci)")
    dest = Path(app.confdir) / "_build" / ".vendor-maths" / "mathjax"
    for rel in NEEDED:
        if (src / rel).is_dir():
            shutil.copytree(src / rel, dest / rel, dirs_exist_ok=True)
        else:
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src / rel, dest / rel)
    config.html_static_path = [*config.html_static_path, str(dest.parent)]
    config.mathjax_path = "mathjax/tex-chtml.js"


#: Loads MathJax the first time a reader opens a "Show the mathematics" block (the blocks start closed, so
#: a page that nobody asks for its mathematics never downloads the 1.2 MB typesetter).
LOADER = """(function () {
  var AOT_MATHJAX = "%s";
  document.addEventListener("toggle", function (e) {
    var d = e.target;
    if (window.__aotMathJax || !d.open || !d.matches || !d.matches("details.aot-maths")) return;
    window.__aotMathJax = true;
    var s = document.createElement("script");
    s.src = AOT_MATHJAX; s.async = true;
    document.head.appendChild(s);
  }, true);
})();"""


def _page(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """A page with "Show the mathematics" blocks gets the small loader; MathJax itself waits for a reader."""
    if MARKER in context.get("body", "") and "pathto" in context:
        url = context["pathto"]("_static/" + app.config.mathjax_path, 1)
        app.add_js_file(None, body=LOADER % url, priority=500)


def _only_with_maths(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """Drop MathJax (1.2 MB) from a page with no mathematics.  The book's extensions set the "always" assets
    policy, under which Sphinx adds MathJax to every page; it is needed only where there are equations."""
    if app.env.get_domain("math").data["has_equations"].get(pagename):  # its own equations, not its toctree's
        return
    path = app.config.mathjax_path

    def mathjax(js: Any) -> bool:
        name = str(getattr(js, "filename", "") or "")
        body = str(getattr(js, "attributes", {}).get("body", "") or "")
        return name.split("?")[0].endswith(path) or body.lstrip().startswith("window.MathJax")

    context["script_files"] = [js for js in context.get("script_files", []) if not mathjax(js)]


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", _vendor)
    app.connect("html-page-context", _page)
    app.connect("html-page-context", _only_with_maths, priority=600)  # after it
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
