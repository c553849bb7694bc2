"""Answers computed once per test run, shared by pytest-xdist's workers.

A module-level cache (``functools.cache``) lives in one process.  Under pytest-xdist the tests that read one
expensive answer (the sampler's nine million plays, a mechanic's whole grid) can land on both workers, and
each would then compute the same answer again: minutes of duplicated work.  :func:`once` makes the first
worker that asks compute it under a file lock and leave it pickled for the others, which wait for it (the
computation itself may use both cores, as the sampler's does) rather than repeat it.  Outside xdist it is a
plain call.  The controller removes the run's folder when the session ends (``tests/conftest.py``).
"""

from __future__ import annotations

import fcntl
import os
import pickle
import re
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

#: The run's folders live here, named for the controller's process and the run's id, so that neither a
#: concurrent run nor an old run's leftovers (a reused process id) can hand over an answer.
PREFIX = "aot-tests-"


def run_folder() -> Path | None:
    """This run's shared folder, as a pytest-xdist worker names it (None outside xdist)."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if run is None:
        return None
    return Path(tempfile.gettempdir()) / f"{PREFIX}{os.getppid()}-{run}"


def once(key: str, compute: Callable[[], T]) -> T:
    """``compute()``, computed by one worker of this run and read back by the others.  A failure is not
    shared: the next worker to ask computes again (and fails the same way, in its own test)."""
    folder = run_folder()
    if folder is None:
        return compute()
    folder.mkdir(exist_ok=True)
    name = re.sub(r"[^A-Za-z0-9_.-]", "_", key)
    path = folder / f"{name}.pickle"
    with (folder / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if path.is_file():
            stored: T = pickle.loads(path.read_bytes())
            return stored
        value = compute()
        partial = path.with_suffix(".partial")
        partial.write_bytes(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
        partial.replace(path)
        return value


def controller_folders() -> list[Path]:
    """The shared folders of the runs this process controls (its workers name them for it)."""
    return sorted(Path(tempfile.gettempdir()).glob(f"{PREFIX}{os.getpid()}-*"))


def clean_up() -> None:
    """Remove this controller's run folders (called once the workers are done)."""
    for folder in controller_folders():
        shutil.rmtree(folder, ignore_errors=True)
