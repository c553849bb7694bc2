"""The book's two editions: English at the site root, Russian under ``ru/``, built from the same sources.

Why an extension: code-cell outputs are never extracted for translation, so each edition's kernels must speak its
language themselves (``AOT_LANG``, read by ``aot_rules.core.i18n``, exported here the way ``AOT_BOOK_BUILD`` is);
and every page links the same page in the other edition (a switcher and ``hreflang`` alternates), which needs to
know where that edition lives.  ``book/build_book.py`` runs the two builds.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config

#: Each edition's folder under the site root.
FOLDER = {"en": "", "ru": "ru/"}
#: The switcher's label and tooltip, written in the language it leads to.
SWITCH = {
    "en": {"label": "English", "title": "Read this page in English"},
    "ru": {"label": "Русский", "title": "Читать эту страницу по-русски"},
}
#: Pages Sphinx writes in every edition that are no document.
SPECIAL = {"search", "genindex"}


def edition(config: Config) -> str:
    """The edition a build makes: ``ru`` for a Russian build, else ``en``."""
    return "ru" if (config.language or "en").split("_")[0] == "ru" else "en"


def _config_inited(app: Sphinx, config: Config) -> None:
    # Kernels that execute the pages inherit this: cells render their words in the edition's language.
    os.environ["AOT_LANG"] = edition(config)
    options = dict(config.html_theme_options or {})
    end = list(options.get("article_header_end") or ["article-header-buttons.html"])
    if "aot-lang.html" not in end:
        end.insert(0, "aot-lang.html")
    options["article_header_end"] = end
    config.html_theme_options = options


def links(pagename: str, lang: str, exists: bool) -> dict[str, Any]:
    """The switcher's target and the ``hreflang`` alternates of page ``pagename`` in edition ``lang``.

    Both editions have the same pages; a page only one edition has leads to the other edition's front page."""
    other = "ru" if lang == "en" else "en"
    up = "../" * pagename.count("/")
    site = up + ("../" if FOLDER[lang] else "")  # relative path to the site root
    if exists:
        href = {code: f"{site}{FOLDER[code]}{pagename}.html" for code in FOLDER}
        alternates = [{"lang": code, "href": href[code]} for code in FOLDER]
        target = href[other]
    else:
        alternates = []
        target = f"{site}{FOLDER[other]}index.html"
    return {"switch": {"lang": other, "href": target, **SWITCH[other]}, "alternates": alternates}


def _page(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    exists = pagename in app.env.all_docs or pagename in SPECIAL
    found = links(pagename, edition(app.config), exists)
    context["aot_lang_switch"] = found["switch"]
    context["aot_alternates"] = found["alternates"]


def theme_words(srcdir: Path, lang: str) -> str:
    """The hash of the edition's catalogue of theme words (``locales/<lang>/LC_MESSAGES/sphinx.po``; "" if none)."""
    po = srcdir / "locales" / lang / "LC_MESSAGES" / "sphinx.po"
    return hashlib.sha256(po.read_bytes()).hexdigest()[:20] if po.is_file() else ""


def _outdated(app: Sphinx, env: Any, added: set[str], changed: set[str], removed: set[str]) -> list[str]:
    """Every page, when the theme's words changed: they are in every page, and Sphinx tracks no catalogue."""
    now = theme_words(Path(app.srcdir), edition(app.config))
    before = getattr(env, "aot_theme_words", None)
    env.aot_theme_words = now
    return sorted(env.found_docs - added - changed - removed) if before is not None and before != now else []


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", _config_inited)
    app.connect("env-get-outdated", _outdated)
    app.connect("html-page-context", _page)
    app.add_css_file("aot-lang.css")
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
