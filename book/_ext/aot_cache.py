"""The execution cache is keyed on the engine's source as well as on each page.

Why: with ``execute_notebooks: cache`` jupyter-cache re-runs a page only when its code cells change, so a
change to the engine alone would leave stale answers in the book.  This extension gives every page an
*engine key*: a hash of the source (and data files) of exactly the ``aot_rules`` modules the page's code
imports, followed transitively through the package (imports inside functions included, so the set is never
too small).  The key is written into the page as a hidden code cell, so jupyter-cache sees a changed page
whenever the engine code it depends on changed, and Sphinx is told to re-read such pages even though
their text did not change.  A change to a module no page reaches re-executes nothing.
"""

from __future__ import annotations

import ast
import hashlib
import re
from collections.abc import Iterable
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

PACKAGE = "aot_rules"
ROOT = Path(__file__).resolve().parents[2]
CODE_CELL = re.compile(r"^```\{code-cell\}[^\n]*\n(.*?)^```", re.S | re.M)
FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.S)
KEY_CELL = "```{{code-cell}} ipython3\n:tags: [remove-cell]\n# engine key (execution cache): {key}\n```\n\n"


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its ``__init__.py``)."""
    out: dict[str, Path] = {}
    for path in sorted((root / PACKAGE).rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def imported(source: str, here: str | None, known: Iterable[str]) -> set[str]:
    """The package modules ``source`` imports anywhere (module ``here``, for relative imports)."""
    known = set(known)
    try:
        tree = ast.parse(source)
    except SyntaxError:  # a cell with IPython magics: read its plain import lines only
        lines = [ln.strip() for ln in source.splitlines() if ln.strip().startswith(("import ", "from "))]
        return imported("\n".join(lines), here, known) if lines != source.splitlines() else set()
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level and here:  # relative: from the module's own package, up level - 1 more
                package = here.split(".") if _is_package(here, known) else here.split(".")[:-1]
                anchor = package[: len(package) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    out: set[str] = set()
    for name in found:
        parts = name.split(".")
        # importing a.b.c runs a/__init__ and a/b/__init__ too
        out.update(p for i in range(1, len(parts) + 1) if (p := ".".join(parts[:i])) in known)
    return out


def _is_package(name: str, known: set[str]) -> bool:
    return any(k.startswith(name + ".") for k in known)


@cache
def _modules(root: Path) -> dict[str, Path]:
    """:func:`modules`, listed once per build (every page's key needs it)."""
    return modules(root)


@lru_cache(maxsize=4096)
def _imports(source: str, here: str, known: frozenset[str]) -> frozenset[str]:
    """:func:`imported`, remembered by the module's text: after an edit only the edited module is parsed again."""
    return frozenset(imported(source, here, known))


@cache
def _module_imports(root: Path) -> dict[str, frozenset[str]]:
    mods = _modules(root)
    known = frozenset(mods)
    return {name: _imports(path.read_text(encoding="utf-8"), name, known) for name, path in mods.items()}


def forget() -> None:
    """Forget the package's modules and their imports: a build starts from the files as they are now."""
    _modules.cache_clear()
    _module_imports.cache_clear()


def closure(names: Iterable[str], root: Path = ROOT) -> set[str]:
    """``names`` and every package module they import, transitively."""
    graph = _module_imports(root)
    todo, seen = list(names), set()
    while todo:
        name = todo.pop()
        if name in seen or name not in graph:
            continue
        seen.add(name)
        todo.extend(graph[name])
    return seen


def page_modules(text: str, root: Path = ROOT) -> set[str]:
    """The package modules a MyST notebook's code cells reach."""
    mods = _modules(root)
    direct: set[str] = set()
    for cell in CODE_CELL.findall(text):
        direct |= imported("\n".join(ln for ln in cell.splitlines() if not ln.startswith(":")), None, mods)
    return closure(direct, root)


def _data(folder: Path) -> list[Path]:
    """A package folder's data files: its own non-Python files and those of sub-folders that are not packages."""
    out = []
    for p in folder.iterdir():
        if p.is_file() and p.suffix not in (".py", ".pyc"):
            out.append(p)
        elif p.is_dir() and p.name != "__pycache__" and not (p / "__init__.py").exists():
            out.extend(_data(p))
    return out


def _files(names: set[str], root: Path) -> list[Path]:
    """The source of ``names`` plus the data files (YAML, JS, CSS) of the packages among them."""
    mods = _modules(root)
    files = {mods[n] for n in names}
    for n in names:
        if mods[n].name == "__init__.py":
            files.update(_data(mods[n].parent))
    return sorted(files)


def engine_key(text: str, root: Path = ROOT) -> str:
    """The hash of the engine code and data a page's code reaches ("" for a page with no engine code)."""
    names = page_modules(text, root)
    if not names:
        return ""
    h = hashlib.sha256()
    for path in _files(names, root):
        h.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:20]


def with_key(text: str, key: str) -> str:
    """The page with its engine key as a hidden first code cell (after the front matter)."""
    if not key:
        return text
    m = FRONT_MATTER.match(text)
    at = m.end() if m else 0
    return text[:at] + "\n" + KEY_CELL.format(key=key) + text[at:]


# --- Sphinx -------------------------------------------------------------------------------------------------


def _source_read(app: Any, docname: str, source: list[str]) -> None:
    if not str(app.env.doc2path(docname)).endswith(".md") or "{code-cell}" not in source[0]:
        return
    key = engine_key(source[0])
    source[0] = with_key(source[0], key)
    if not hasattr(app.env, "aot_engine_keys"):
        app.env.aot_engine_keys = {}
    app.env.aot_engine_keys[docname] = key


def _outdated(app: Any, env: Any, added: set[str], changed: set[str], removed: set[str]) -> list[str]:
    """Pages whose engine key moved although their text did not: Sphinx must read (and so execute) them."""
    forget()
    keys = getattr(env, "aot_engine_keys", {})
    stale = []
    for docname, old in keys.items():
        if docname in changed or docname in added or docname in removed:
            continue
        path = Path(env.doc2path(docname))
        if path.is_file() and engine_key(path.read_text(encoding="utf-8")) != old:
            stale.append(docname)
    return stale


def _purge(app: Any, env: Any, docname: str) -> None:
    getattr(env, "aot_engine_keys", {}).pop(docname, None)


def _merge(app: Any, env: Any, docnames: set[str], other: Any) -> None:
    keys = getattr(env, "aot_engine_keys", {})
    keys.update({d: k for d, k in getattr(other, "aot_engine_keys", {}).items() if d in docnames})
    env.aot_engine_keys = keys


def setup(app: Any) -> dict[str, Any]:
    app.connect("source-read", _source_read)
    app.connect("env-get-outdated", _outdated)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
