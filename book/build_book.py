"""Build the book with ``jupyter-book build``, reading and running its pages on every core.

Why a wrapper: Jupyter Book 1.x passes Sphinx no job count (its command line has no ``-j``), so every page's code
ran on one core and a clean build took over five minutes on two.  This runs the same ``jupyter-book build``
command with the same arguments, only with Sphinx's parallel jobs set; ``book/_ext/aot_parallel.py`` makes the
read parallel-safe.  ``AOT_BOOK_JOBS`` sets the count (default: the cores this process may use; 1 is the plain
serial build).

    python book/build_book.py . --builder html -W -n --keep-going [--path-output DIR]
"""

from __future__ import annotations

import functools
import os
import sys


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


def main(argv: list[str]) -> None:
    """Run ``jupyter-book build`` with ``argv``; exits with its status."""
    import jupyter_book.sphinx
    from jupyter_book.cli.main import main as command

    # the command imports build_sphinx only when it runs, so it finds this one
    jupyter_book.sphinx.build_sphinx = functools.partial(jupyter_book.sphinx.build_sphinx, jobs=jobs())
    command(["build", *argv], prog_name="jupyter-book")


if __name__ == "__main__":
    main(sys.argv[1:])
