"""Fixtures for the book: one strict build per test session, and a local web server.

The build is the real `jupyter-book build . -W -n --keep-going` that `make book`
runs (through book/build_book.py, on every core), of both editions (English in _build/html,
Russian in _build/html/ru), so a warning or a failing cell in either fails the suite.
Set AOT_REUSE_BOOK=1 to reuse an existing _build/html while iterating locally
(or AOT_REUSE_BOOK=<folder> for a copy elsewhere).
"""

from __future__ import annotations

import fcntl
import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HTML = ROOT / "_build" / "html"

# The suite's strict build is serial unless AOT_BOOK_JOBS says otherwise: two of three fresh-clone builds in
# parallel failed on 2026-11-28 (two kernels started at once took one port, "ZMQError: Address already in use";
# and once jupyter-cache's record of a page was read before its file was written).  `make book` stays parallel.
os.environ.setdefault("AOT_BOOK_JOBS", "1")


def _build() -> Path:
    """The strict build from nothing (``--all``, the doctrees dropped, so every page runs)."""
    shutil.rmtree(HTML, ignore_errors=True)
    # each edition's doctrees (book/build_book.py); else unchanged pages are not re-run
    for doctrees in (".doctrees", ".doctrees-ru"):
        shutil.rmtree(ROOT / "_build" / doctrees, ignore_errors=True)
    proc = subprocess.run([sys.executable, "book/build_book.py", ".", "--all", "--builder", "html", "-W", "-n",
                           "--keep-going"],
                          cwd=ROOT, capture_output=True, text=True, timeout=2400)  # two editions
    log = proc.stdout + proc.stderr
    (ROOT / "_build").mkdir(exist_ok=True)
    (ROOT / "_build" / "book-build.log").write_text(log)
    assert proc.returncode == 0, "book build failed (see _build/book-build.log):\n" + log[-4000:]
    return HTML


@pytest.fixture(scope="session")
def built_book() -> Path:
    reuse = os.environ.get("AOT_REUSE_BOOK", "")
    if reuse == "1" and (HTML / "index.html").exists():
        return HTML
    if reuse not in ("", "0", "1") and (Path(reuse) / "index.html").exists():
        return Path(reuse)
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if run is None:
        return _build()
    # Under pytest-xdist every worker asks for the book, but there is one _build/html: the first worker to
    # take the lock builds it and records the run's id (and whether it built); the others wait on the lock,
    # then reuse that build, or fail with its outcome, rather than building again over it.
    (ROOT / "_build").mkdir(exist_ok=True)
    record = ROOT / "_build" / "book-build.run"
    with (ROOT / "_build" / "book-build.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = record.read_text().split(" ", 1) if record.is_file() else []
        if done and done[0] == run:
            assert done[1] == "ok", "book build failed in another worker (see _build/book-build.log)"
            return HTML
        try:
            _build()
        except BaseException:
            record.write_text(f"{run} failed")
            raise
        record.write_text(f"{run} ok")
    return HTML


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="session")
def site(built_book: Path) -> Iterator[str]:
    """The built book served on 127.0.0.1 (an ephemeral port)."""
    handler = functools.partial(_Quiet, directory=str(built_book))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
