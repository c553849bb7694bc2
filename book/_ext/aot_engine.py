"""Put the rules engine in the reader's browser: Pyodide, the project's wheel and a Web Worker.

Why: the chapter widgets answer from tables precomputed at build time, which stop far short of what
players set up at the table; the command line answers anything, but a player's phone has no Python.
So the build ships the engine itself, and every page can ask it (``client.js``):

* the pinned npm Pyodide core files (``node_modules/pyodide``, installed by ``make setup``) and a wheel
  of this project (``pip wheel --no-deps``) go into ``_static/aot-engine/``; nothing is fetched from
  off the host at view time;
* ``worker.js`` loads them in a Web Worker and answers ``{mechanic, values}`` through
  :func:`aot_rules.present.answer.respond`, the function behind ``odds … --json``;
* ``mechanics.json`` (every registered mechanic, its options and links to the chapters explaining its
  rules) and ``armies.json`` (the shipped armies' units) feed the *At the table* page;
* ``sw.js`` and ``manifest.webmanifest`` at the site root make the site an installable web app that
  works offline after a first visit.

Everything is written on ``build-finished``, straight into the output folder, so nothing here is
injected into pages that do not ask for it (JB1 adds every ``.js`` of ``_static`` to every page).
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive
from sphinx.application import Sphinx
from sphinx.util import logging

from aot_rules.odds_path import off_path
from aot_rules.present import sitewords as words

LOG = logging.getLogger(__name__)
HERE = Path(__file__).resolve().parent / "engine"
#: Where the engine lives in the built site (under ``_static``).
FOLDER = "aot-engine"
#: The Pyodide core: the interpreter, its standard library and its lock file; no package from its CDN.
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: The page built for the phone (``book/at-the-table.md``).
TABLE_PAGE = "book/at-the-table"


def _root(app: Sphinx) -> Path:
    return Path(app.confdir)


def _page(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """Every page gets the small client (it starts nothing until asked) and the web app manifest."""
    if app.builder.format != "html":
        return
    app.add_js_file(f"{FOLDER}/i18n.js", priority=340)  # before every script that writes words (client.js, widgets)
    app.add_js_file(f"{FOLDER}/client.js", priority=350)
    pathto = context["pathto"]
    context["metatags"] = context.get("metatags", "") + (
        f'\n<link rel="manifest" href="{pathto("manifest.webmanifest", 1)}">'
        '\n<meta name="theme-color" content="#3b6ea5">')
    if pagename == TABLE_PAGE:
        app.add_js_file(f"{FOLDER}/at-the-table.js", priority=360)
        app.add_css_file(f"{FOLDER}/at-the-table.css")


def _browser_leaves_out(package: Path) -> Callable[[str, list[str]], set[str]]:
    """What of each folder of ``package`` the browser's wheel leaves out: caches, the catalogue's sources (gettext
    reads the compiled ``.mo``), and the modules off the odds path (:mod:`aot_rules.odds_path`), which need packages
    the browser has not got.  A module's dotted name is read from its place under ``package``, so the folder the
    project was cloned into never counts."""
    caches = shutil.ignore_patterns("__pycache__", "*.pyc", ".mypy_cache", "*.po", "*.pot")

    def leaves_out(folder: str, names: list[str]) -> set[str]:
        dotted = ".".join((package.name, *Path(folder).relative_to(package).parts))
        return set(caches(folder, names)) | {n for n in names if off_path(f"{dotted}.{n.removesuffix('.py')}")}

    return leaves_out


def build_wheel(root: Path, dest: Path) -> Path:
    """The odds path's wheel, built from a copy of the package's sources without what the browser never runs (so no
    ``build/`` folder is left in the tree)."""
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="aot-wheel-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        for name in ("pyproject.toml", "README.md"):
            shutil.copy2(root / name, src / name)
        shutil.copytree(root / "aot_rules", src / "aot_rules", ignore=_browser_leaves_out(root / "aot_rules"))
        out = Path(tmp) / "wheel"
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--quiet",
                        "-w", str(out), str(src)], check=True, capture_output=True, text=True)
        (wheel,) = out.glob("*.whl")
        for old in dest.glob("*.whl"):
            old.unlink()
        return Path(shutil.copy2(wheel, dest / wheel.name))


def mechanics_doc(app: Sphinx) -> dict[str, Any]:
    """Every registered mechanic of the four systems, as ``odds --list --json`` gives it, plus the
    system it belongs to, for each rule it applies the chapter section explaining it (site-root relative,
    from the labels the book defines), and ``start``: the values it opens with where its defaults alone are
    refused (:func:`aot_rules.present.static.opening`)."""
    from aot_rules.present.static import opening
    from aot_rules.systems import SYSTEMS, registries

    labels = app.env.domaindata["std"]["labels"]
    out = []
    for system, reg in zip(SYSTEMS, registries(), strict=True):
        for m in reg:
            doc = m.to_json()
            links = {}
            for rid in dict.fromkeys([m.rule_id, *doc["rules"]]):
                if rid.lower() in labels:
                    docname, anchor, _ = labels[rid.lower()]
                    links[rid] = app.builder.get_target_uri(docname) + (f"#{anchor}" if anchor else "")
            doc.update(system=system, system_title=reg.title, links=links, start=opening(m))
            out.append(doc)
    return {"mechanics": out}


def armies_doc() -> dict[str, Any]:
    """The units of the shipped armies as the engine stands them on the table, for "take a unit from an
    army" on the At the table page (the engine's own ``Army.engine_unit``; exotic troops are left out)."""
    from aot_rules.aot.army import Army, load, shipped_path, validate
    from aot_rules.core.errors import RuleError

    armies = []
    for path in sorted(shipped_path("armies", "greeks-legal").parent.glob("*.yaml")):
        army = load(path)
        if not isinstance(army, Army) or validate(army):  # an illegal army (a validator example) is no model
            continue
        units = []
        for u in army.units:
            try:
                unit = army.engine_unit(u)
            except RuleError:
                continue
            units.append({"name": u.name, "ranks": ",".join(map(str, unit.ranks)), "density": unit.density,
                          "strength": sum(unit.ranks), "mounted": unit.mounted, "shield": unit.shield,
                          "armour": unit.armour, "horse_armour": unit.horse_armour, "pavise": unit.pavise,
                          "veteran": unit.veteran, "stubborn": unit.stubborn, "recruit": unit.recruit,
                          "regular": unit.regular, "weapon": str(unit.weapon),
                          "missile": str(unit.missile) if unit.missile is not None else None})
        if units:
            armies.append({"file": path.name, "name": army.name, "units": units})
    return {"armies": armies}


def mechanics_file(lang: str) -> str:
    """The mechanics of one language: ``mechanics.json`` in English, ``mechanics-ru.json`` (at-the-table.js)."""
    return "mechanics.json" if lang == "en" else f"mechanics-{lang}.json"


#: The scripts whose own words are catalogue messages (``msg``/``nmsg`` calls, babel.cfg's JavaScript sections).
JS_SOURCES = ("book/_ext/engine/*.js", "aot_rules/present/assets/*.js", "book/_static/*.js")


def js_messages(root: Path) -> list[str | tuple[str, str]]:
    """Every template the site's scripts write, found by Babel's JavaScript extractor with the catalogue's keywords
    (the same extraction ``make messages`` runs): a message, or a plural message's (singular, plural)."""
    from babel.messages.extract import extract_from_file

    found: dict[str | tuple[str, str], None] = {}
    for pattern in JS_SOURCES:
        for path in sorted(root.glob(pattern)):
            for _, message, _, _ in extract_from_file("javascript", str(path), keywords={"msg": None, "nmsg": (1, 2)}):
                found[message if isinstance(message, str) else (message[0], message[1])] = None
    return list(found)


def plural_forms(lang: str, plural: Any) -> dict[str, int]:
    """Which form index the catalogue's Plural-Forms rule (``plural``: n -> index) gives each CLDR plural category of
    ``lang``: the table i18n.js maps ``Intl.PluralRules`` through.  Checked over n = 0…1000: a category whose counts
    take two different forms would make the table wrong, and is refused."""
    from babel.core import Locale

    out: dict[str, int] = {}
    for n in range(1001):
        category, form = Locale.parse(lang).plural_form(n), plural(n)
        if out.setdefault(category, form) != form:
            raise ValueError(f"{lang}: the catalogue's plural rule splits CLDR's {category!r} (n={n})")
    return out


def catalogue_doc(root: Path, lang: str) -> dict[str, Any]:
    """The messages of the site's scripts in ``lang``, from its compiled catalogue (what i18n.js reads): each
    translated template, a plural message as its list of forms; untranslated ones are left out (English shows)."""
    from aot_rules.core.i18n import catalogue

    cat = catalogue(lang)
    table: dict[Any, str] = getattr(cat, "_catalog", {})  # a compiled catalogue's messages (gettext keeps them so)
    plural = getattr(cat, "plural", lambda n: int(n != 1))
    forms = plural_forms(lang, plural)
    messages: dict[str, Any] = {}
    for m in js_messages(root):
        if isinstance(m, str):
            if table.get(m):
                messages[m] = table[m]
        else:
            got = [table.get((m[0], i), "") for i in range(max(forms.values()) + 1)]
            if all(got):
                messages[m[0]] = got
    return {"lang": lang, "plural": forms, "messages": messages}


def write_catalogues(root: Path, dest: Path) -> None:
    """``locales/<lang>.json`` for each published language but English (whose messages are the templates)."""
    from aot_rules.core.i18n import LANGUAGES

    dest.mkdir(parents=True, exist_ok=True)
    for lang in LANGUAGES[1:]:
        (dest / f"{lang}.json").write_text(json.dumps(catalogue_doc(root, lang), ensure_ascii=False,
                                                      separators=(",", ":")), encoding="utf-8")


def _local_assets(html: str) -> list[str]:
    """The site's own files a page loads (scripts, styles, icons), as written in it (relative URLs)."""
    refs = re.findall(r'(?:src|href)="([^"#?]+)(?:\?[^"]*)?"', html)
    return [r for r in dict.fromkeys(refs) if not re.match(r"^[a-z]+:|^//", r) and not r.endswith(".html")]


def _service_worker(outdir: Path, engine: list[str]) -> None:
    """``sw.js`` at the site root, keeping from the start the site's front page (as ``./`` too, the address a reader
    types), the At the table page, what those two load, and the engine; chapters are kept as they are read."""
    keep = ["./", "index.html", f"{TABLE_PAGE}.html"]
    for page in (outdir / "index.html", outdir / f"{TABLE_PAGE}.html"):
        if not page.exists():
            continue
        base = page.parent
        for ref in _local_assets(page.read_text(encoding="utf-8")):
            target = (base / ref).resolve()
            if target.is_file() and outdir.resolve() in target.parents:
                keep.append(target.relative_to(outdir.resolve()).as_posix())
    keep += engine
    keep = list(dict.fromkeys(keep))
    digest = hashlib.sha256()
    for rel in keep:
        f = outdir / rel
        digest.update(rel.encode() + (f.read_bytes() if f.is_file() and rel != "./" else b""))
    text = (HERE / "sw.js").read_text(encoding="utf-8")
    text = text.replace("@BUILD@", digest.hexdigest()[:16]).replace("@PRECACHE@", json.dumps(keep))
    (outdir / "sw.js").write_text(text, encoding="utf-8")


#: The installable app's icons (PNG: what browsers require to offer "install"), drawn from the site's own favicon.
ICON_SIZES = (192, 512)


def draw_icon(svg: str, size: int) -> Any:
    """The favicon (``book/_static/favicon.svg``: rounded squares and circles on a 32-unit grid) as a ``size``-pixel
    PNG image, drawn with Pillow from the SVG's own shapes (no SVG renderer is needed at build time)."""
    from PIL import Image, ImageDraw

    view = [float(x) for x in re.search(r'viewBox="([^"]+)"', svg).group(1).split()]  # type: ignore[union-attr]
    k = size / view[2]
    img = Image.new("RGBA", (size, size), (255, 255, 255, 0))
    pen = ImageDraw.Draw(img)
    for tag, attrs in re.findall(r"<(rect|circle)\s([^>]*)/?>", svg):
        a = dict(re.findall(r'([\w-]+)="([^"]*)"', attrs))
        if tag == "rect":
            x, y, w, h = (float(a[n]) * k for n in ("x", "y", "width", "height"))
            pen.rounded_rectangle((x, y, x + w, y + h), radius=float(a.get("rx", 0)) * k, fill=a["fill"])
        else:
            cx, cy, r = (float(a[n]) * k for n in ("cx", "cy", "r"))
            pen.ellipse((cx - r, cy - r, cx + r, cy + r), fill=a["fill"])
    return img


def _icons(app: Sphinx, outdir: Path) -> list[dict[str, str]]:
    svg = (_root(app) / "book" / "_static" / "favicon.svg").read_text(encoding="utf-8")
    out = []
    for size in ICON_SIZES:
        rel = f"_static/{FOLDER}/icon-{size}.png"
        draw_icon(svg, size).save(outdir / rel, format="PNG", optimize=True)
        out.append({"src": rel, "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any"})
    return out


def _manifest(app: Sphinx, outdir: Path) -> None:
    name, short_name, description = words.app_name()
    doc = {"name": name, "short_name": short_name, "description": description,
           "start_url": f"{TABLE_PAGE}.html", "scope": "./", "display": "standalone",
           "background_color": "#ffffff", "theme_color": "#3b6ea5",
           "icons": [*_icons(app, outdir),
                     {"src": "_static/favicon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}]}
    (outdir / "manifest.webmanifest").write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")


#: The engine's files the pages load by name (``_page``): in place before any page is written (:func:`_scripts`).
PAGE_FILES = ("i18n.js", "client.js", "at-the-table.js", "at-the-table.css")


def _scripts(app: Sphinx) -> None:
    """The files pages load, copied before the pages are written, not when the build finishes: Sphinx adds a
    checksum (``client.js?v=…``) to a page's script and style links only for files already in the output, and
    that query is what makes a reader's browser fetch a changed client after the site is republished."""
    if app.builder.format != "html":
        return
    dest = Path(app.outdir) / "_static" / FOLDER
    dest.mkdir(parents=True, exist_ok=True)
    for name in PAGE_FILES:
        shutil.copyfile(HERE / name, dest / name)


def _finished(app: Sphinx, exc: Exception | None) -> None:
    if exc is not None or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    dest = outdir / "_static" / FOLDER
    pyodide = _root(app) / "node_modules" / "pyodide"
    missing = [f for f in PYODIDE_FILES if not (pyodide / f).is_file()]
    if missing:
        LOG.warning("aot_engine: %s missing from %s (run make setup: npm ci)", ", ".join(missing), pyodide)
        return
    (dest / "pyodide").mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(pyodide / name, dest / "pyodide" / name)
    wheel = build_wheel(_root(app), dest / "wheels")
    worker = (HERE / "worker.js").read_text(encoding="utf-8").replace("@WHEEL@", wheel.name)
    (dest / "worker.js").write_text(worker, encoding="utf-8")
    from aot_rules.core.i18n import LANGUAGES, PSEUDO, speaking

    for lang in (*LANGUAGES, PSEUDO):  # the At the table page reads the one of its page's language
        with speaking(lang):
            doc = mechanics_doc(app)
        (dest / mechanics_file(lang)).write_text(json.dumps(doc, ensure_ascii=False, separators=(",", ":")),
                                                 encoding="utf-8")
    write_catalogues(_root(app), dest / "locales")
    (dest / "armies.json").write_text(json.dumps(armies_doc(), ensure_ascii=False, separators=(",", ":")),
                                      encoding="utf-8")
    _manifest(app, outdir)
    # (the pseudo-locale's mechanics are for tests: kept offline only once read, like a chapter)
    engine = [f"_static/{FOLDER}/{p.relative_to(dest).as_posix()}" for p in sorted(dest.rglob("*"))
              if p.is_file() and p.name != mechanics_file(PSEUDO)]
    _service_worker(outdir, engine)


def table_markup() -> str:
    """The At the table app's mount point and its notices before the script runs, in the build's language."""
    served, no_script, loading = words.at_the_table_notices("make serve")
    return ('<div id="aot-at-the-table">\n'
            f'  <p class="att-file" hidden>{served}</p>\n'
            f'  <noscript><p class="att-file">{no_script}</p></noscript>\n'
            f'  <div class="att-app"><p class="att-busy">{loading}</p></div>\n'
            "</div>")


class AtTheTable(Directive):
    """``{aot-at-the-table}``: where the page's app mounts, its notices written here rather than as raw HTML in
    the page, which the book's translation never reaches."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        return [nodes.raw("", table_markup(), format="html")]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("aot-at-the-table", AtTheTable)
    app.connect("builder-inited", _scripts)
    app.connect("html-page-context", _page)
    app.connect("build-finished", _finished)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
