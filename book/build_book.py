"""Build the book with ``jupyter-book build``, reading and running its pages on every core.

Why a wrapper: Jupyter Book 1.x passes Sphinx no job count (its command line has no ``-j``), so every page's code
ran on one core and a clean build took over five minutes on two.  This runs the same ``jupyter-book build``
command with the same arguments, only with Sphinx's parallel jobs set; ``book/_ext/aot_parallel.py`` makes the
read parallel-safe.  ``AOT_BOOK_JOBS`` sets the count (default: the cores this process may use; 1 is the plain
serial build).

It also builds the book's editions one after the other, each in its own process (Jupyter Book's command line has
no language option): English into ``_build/html`` exactly as before, then Russian into ``_build/html/ru`` from the
same sources, with ``_config.ru.yml``'s settings over ``_config.yml``'s, ``_toc.ru.yml``'s captions, and its own
doctrees and execution cache (``_build/.doctrees-ru``, ``_build/.jupyter_cache_ru``), since jupyter-cache keys a
page on its code only and would hand the Russian pages the English outputs.  ``AOT_BOOK_EDITIONS=en`` builds
English alone.  A build with another builder (``gettext`` for ``make book-pot``) is English only and executes
nothing.

    python book/build_book.py . --builder html -W -n --keep-going [--path-output DIR]
    python book/build_book.py --edition ru . --builder html -W -n --keep-going    (one edition)
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
#: The editions, in build order; the first is the site root.
EDITIONS = ("en", "ru")


def jobs() -> int:
    """The Sphinx job count: ``AOT_BOOK_JOBS`` or the usable cores."""
    raw = os.environ.get("AOT_BOOK_JOBS", "")
    if raw:
        try:
            n = int(raw)
        except ValueError:
            raise SystemExit(f"error: AOT_BOOK_JOBS must be a whole number of jobs, not {raw!r}") from None
        if n < 1:
            raise SystemExit(f"error: AOT_BOOK_JOBS must be at least 1, not {n}")
        return n
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def editions() -> tuple[str, ...]:
    """The editions to build: ``AOT_BOOK_EDITIONS`` (comma-separated) or all."""
    raw = os.environ.get("AOT_BOOK_EDITIONS", "")
    chosen = tuple(e.strip() for e in raw.split(",") if e.strip()) or EDITIONS
    for e in chosen:
        if e not in EDITIONS:
            raise SystemExit(f"error: AOT_BOOK_EDITIONS names no edition {e!r} (the editions: {', '.join(EDITIONS)})")
    return chosen


def settings(lang: str) -> dict[str, Any]:
    """The Sphinx settings edition ``lang`` puts over ``_config.yml``'s (``_config.<lang>.yml``; none for English)."""
    if lang == EDITIONS[0]:
        return {}
    loaded = yaml.safe_load((ROOT / f"_config.{lang}.yml").read_text(encoding="utf-8")) or {}
    return dict(loaded)


def merged(base: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    """``base`` with ``extra``'s settings over it; a dict setting is merged one level deep."""
    out = dict(base)
    for key, value in extra.items():
        out[key] = {**out[key], **value} if isinstance(value, dict) and isinstance(out.get(key), dict) else value
    return out


def _build_edition(original: Any, lang: str, sourcedir: Any, outputdir: Any, *, confoverrides: Any = None,
                   builder: str = "html", **kw: Any) -> Any:
    """Jupyter Book's ``build_sphinx`` for edition ``lang``: its output folder, doctrees, cache and settings."""
    conf = dict(confoverrides or {})
    out = Path(outputdir)
    if builder == "gettext":  # the messages come from the sources; no page needs running
        conf["nb_execution_mode"] = "off"
        kw["doctreedir"] = out.parent / ".doctrees-gettext"  # a doctree folder serves one builder
    elif lang != EDITIONS[0]:
        conf = merged(conf, settings(lang))
        conf["nb_execution_cache_path"] = str(out.parent / f".jupyter_cache_{lang}")
        kw["doctreedir"] = out.parent / f".doctrees-{lang}"
        out = out / lang
    if builder != "gettext":
        _open_cache(Path(conf.get("nb_execution_cache_path") or Path(outputdir).parent / ".jupyter_cache"))
    return original(sourcedir, out, confoverrides=conf, builder=builder, **kw)


def _open_cache(path: Path) -> None:
    """Create the execution cache's database here, before Sphinx forks its readers: two readers opening a cache that
    does not exist yet both create its tables, and one fails ("table settings already exists") on a clean build."""
    from jupyter_cache import get_cache

    get_cache(path).db  # noqa: B018 (the property creates the database)


def build(lang: str, argv: list[str]) -> None:
    """Run ``jupyter-book build`` with ``argv`` for edition ``lang``; exits with its status."""
    import jupyter_book.sphinx
    from jupyter_book.cli.main import main as command

    if lang != EDITIONS[0]:
        if "--toc" not in argv:
            argv = [*argv, "--toc", str(ROOT / f"_toc.{lang}.yml")]
        import myst_nb.sphinx_ext

        # myst-nb keeps its working files beside the output folder, which for this edition is inside the English
        # site (_build/html/jupyter_execute, then published): move them to _build/jupyter_execute_<lang>
        myst_nb.sphinx_ext.OUTPUT_FOLDER = f"../jupyter_execute_{lang}"
    # the command imports build_sphinx only when it runs, so it finds this one
    original = functools.partial(jupyter_book.sphinx.build_sphinx, jobs=jobs())
    jupyter_book.sphinx.build_sphinx = functools.partial(_build_edition, original, lang)
    command(["build", *argv], prog_name="jupyter-book")


def kernel_home() -> Path:
    """An IPython home for the pages' kernels (``IPYTHONDIR``), apart from the reader's ``~/.ipython``: their start-up
    files and settings do not reach the book's pages, and the kernels log errors only (ipykernel warns at every
    start that its local TCP sockets are not encrypted: 90 lines of a clean build's output otherwise)."""
    home = ROOT / "_build" / ".ipython"
    config = home / "profile_default" / "ipython_kernel_config.py"
    text = ("# Written by book/build_book.py for the kernels that run the book's pages.\n"
            "c.IPKernelApp.log_level = 'ERROR'\n")
    if not config.is_file() or config.read_text(encoding="utf-8") != text:
        config.parent.mkdir(parents=True, exist_ok=True)
        config.write_text(text, encoding="utf-8")
    return home


def main(argv: list[str]) -> None:
    """Build every edition with ``argv`` (``--edition LANG`` first: that one, in this process)."""
    os.environ["IPYTHONDIR"] = str(kernel_home())
    if argv[:1] == ["--edition"]:
        if len(argv) < 2 or argv[1] not in EDITIONS:
            raise SystemExit(f"error: --edition takes one of: {', '.join(EDITIONS)}")
        build(argv[1], argv[2:])
        return
    other_builder = "--builder" in argv and argv[argv.index("--builder") + 1:][:1] != ["html"]
    for lang in (EDITIONS[0],) if other_builder else editions():
        status = subprocess.run([sys.executable, __file__, "--edition", lang, *argv], check=False).returncode
        if status:
            raise SystemExit(status)


if __name__ == "__main__":
    main(sys.argv[1:])
