"""What every page pays for: the theme's stylesheets cut to the rules the site can use, its icon font cut to
the icons they can draw.

Why: each page of the book loaded about 0.8 MB before its own content, almost all of it the theme's (the
pydata theme's Bootstrap-based stylesheet, 311 KB; sphinx-design's and myst-nb's stylesheets, 98 KB; the
Font Awesome solid web font, 156 KB, of which the header, the buttons and the admonitions draw a few dozen
icons).  The site's pages are all known when the build finishes, so both cuts are made there, once for the
whole site (``aot_site._finish`` calls them), not page by page:

* A selector whose class names occur nowhere in the site (no page, no script) cannot match an element, so it
  is dropped, and a rule left with no selector goes.  Scripts count because they add classes at run time
  (Bootstrap's ``show``, the tabs' ``sd-tab-set``); a class a script builds from a prefix (Bootstrap's
  ``bs-${name}-auto``) keeps every class with that prefix.  Classes inside ``:not()``, ``:is()`` or
  attribute brackets are left alone, since their absence does not make the selector fail.
* The Font Awesome web fonts keep only the glyphs whose code points the remaining stylesheets still name
  (``content:"\\f0c9"`` in an icon rule, or the character itself in a ``--pst-icon-…`` property), subset with
  fontTools, the field's font library; the icons are drawn exactly as before, by the same font.
"""

from __future__ import annotations

import io
import itertools
import re
from collections.abc import Iterable
from pathlib import Path

import tinycss2

TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
#: A class name a script assembles: ``bs-${…}`` in a template literal, ``"toggle-" + …`` in a concatenation.
PREFIX = re.compile(r"([A-Za-z_][A-Za-z0-9_-]*-)(?:\$\{|[\"'`]\s*\+)")
#: Files too large to hold class names worth reading (the in-browser Python's WebAssembly glue).
LARGEST = 5_000_000


def site_names(files: Iterable[Path]) -> tuple[set[str], tuple[str, ...]]:
    """Every identifier-like token of the site's pages and scripts, and the class prefixes scripts build on."""
    tokens: set[str] = set()
    prefixes: set[str] = set()
    for path in files:
        if path.stat().st_size > LARGEST:
            continue
        text = path.read_text(encoding="utf-8", errors="ignore")
        tokens.update(TOKEN.findall(text))
        if path.suffix == ".js":
            prefixes.update(PREFIX.findall(text))
    return tokens, tuple(sorted(prefixes))


def _selectors(prelude: list[tinycss2.ast.Node]) -> list[list[tinycss2.ast.Node]]:
    """A selector list's selectors, split at its top-level commas (tinycss2 holds what brackets enclose in
    blocks of their own, so a comma inside ``:is(…)`` is not seen here)."""
    parts: list[list[tinycss2.ast.Node]] = [[]]
    for node in prelude:
        if node.type == "literal" and node.value == ",":
            parts.append([])
        else:
            parts[-1].append(node)
    return parts


def _classes(selector: list[tinycss2.ast.Node]) -> list[str]:
    """The class names a selector requires: each ``.name`` at its top level, not those inside ``:not(…)``,
    ``:is(…)`` or ``[…]`` (blocks of their own), whose absence does not make the selector fail."""
    return [b.value for a, b in itertools.pairwise(selector)
            if a.type == "literal" and a.value == "." and b.type == "ident"]


def prune_stylesheet(css: str, names: set[str], prefixes: tuple[str, ...] = ()) -> str:
    """``css`` without the selectors that name a class absent from ``names`` (and not built on a prefix).

    >>> prune_stylesheet('.a,.b .c{color:red}.d{x:y}@media print{.e,p{z:0}}', {"a", "c"})
    '.a{color:red}@media print{p{z:0}}'
    >>> prune_stylesheet('.x:not(.gone){a:b}.bs-tooltip-top{c:d}', {"x"}, ("bs-",))
    '.x:not(.gone){a:b}.bs-tooltip-top{c:d}'
    """
    def live(selector: list[tinycss2.ast.Node]) -> bool:
        return all(c in names or c.startswith(prefixes) for c in _classes(selector))

    def prune(rules: Iterable[tinycss2.ast.Node]) -> list[str]:
        out = []
        for rule in rules:
            if rule.type == "qualified-rule":
                kept = [tinycss2.serialize(s).strip() for s in _selectors(rule.prelude) if live(s)]
                if kept:
                    out.append(",".join(kept) + "{" + tinycss2.serialize(rule.content) + "}")
            elif (rule.type == "at-rule" and rule.content is not None
                  and rule.lower_at_keyword in ("media", "supports", "layer", "container")):
                inner = prune(tinycss2.parse_rule_list(rule.content, skip_comments=True, skip_whitespace=True))
                if inner:
                    out.append(f"@{rule.at_keyword}{tinycss2.serialize(rule.prelude)}{{{''.join(inner)}}}")
            elif rule.type not in ("comment", "whitespace", "error"):
                out.append(rule.serialize())
        return out

    return "".join(prune(tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True)))



# --- the icon font --------------------------------------------------------------------------------------------

#: A CSS escape (``\\f0c9``) or a literal character of the Private Use Area, where icon fonts put their glyphs.
CODE_POINT = re.compile(r"\\([0-9a-fA-F]{1,6})|([\ue000-\uf8ff])")


def code_points(css: str) -> set[int]:
    """Every code point a stylesheet can ask a font for through ``content`` (escaped or literal icon characters).

    >>> sorted(code_points('.fa-bars:before{content:"\\\\f0c9"}:root{--pst-icon-bell:"\uf0f3"}'))
    [61641, 61683]
    """
    return {int(esc, 16) if esc else ord(char) for esc, char in CODE_POINT.findall(css)}


def subset_font(font: bytes, keep: set[int], flavor: str | None = "woff2") -> bytes:
    """``font`` (WOFF2, or TrueType when ``flavor`` is None) with only the glyphs of the ``keep`` code points
    (and the fallback glyph)."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.flavor = flavor
    options.layout_features = []
    options.name_IDs = ["*"]  # the licence and the family's names stay
    options.notdef_outline = True
    face = TTFont(io.BytesIO(font))
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=keep)
    subsetter.subset(face)
    out = io.BytesIO()
    face.flavor = flavor
    face.save(out)
    return out.getvalue()
