"""Let Sphinx read (and so execute) the book's pages on every core.

Why: a clean build spends most of its time running the pages' code, one page after another; Sphinx reads pages
in parallel only when every loaded extension declares itself safe for it.  ``sphinx_external_toc`` always loads
``sphinx_multitoc_numbering``, which declares nothing, so Sphinx fell back to one core.  That extension only
replaces the section-numbering pass Sphinx runs in the main process once every page is read (and the book numbers
no chapters), so it keeps no state per page; this says so on its behalf before the builder asks.  (Writing
needs no such word: Sphinx takes an undeclared extension as safe to write in parallel.)  ``book/build_book.py``
asks for the parallel build.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Sphinx itself is imported only by a build, not by the tests that import this module
    from sphinx.application import Sphinx
    from sphinx.config import Config

#: Extensions known to be parallel-safe that do not say so, with why (see the module docstring).
UNDECLARED_SAFE = ("sphinx_multitoc_numbering",)


def _declare(app: Sphinx, _config: Config) -> None:
    for name in UNDECLARED_SAFE:
        ext = app.extensions.get(name)
        if ext is not None and ext.parallel_read_safe is None:
            ext.parallel_read_safe = True


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", _declare)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
