"""Small helpers several test modules share."""

from __future__ import annotations

import contextlib
import gc
import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from aot_rules.core.errors import RuleError
from aot_rules.core.registry import Mechanic


def legal_combo(m: Mechanic[Any]) -> dict[str, Any]:
    """The first combination of ``m``'s grid that the rules allow."""
    for combo in m.grid():
        try:
            m.evaluate(**combo)
        except RuleError:
            continue
        return combo
    raise AssertionError(f"{m.rule_id}: no legal combination in its grid")


def tiers(fast: Any, full: Any) -> list[Any]:
    """Parameters of one check in both tiers: ``fast`` (say, 2,000 draws or a sample of a grid) in every run,
    ``full`` (20,000 draws, the whole grid) marked slow, so that only ``make test`` pays for it."""
    return [pytest.param(fast, id="fast"), pytest.param(full, marks=pytest.mark.slow, id="full")]


def examples(n: int, fast: int | None = None) -> int:
    """A property test's own number of examples: ``n`` in the full tier; in the fast tier's Hypothesis profile
    (``AOT_HYPOTHESIS_PROFILE=fast``, which lowers only the profile's default) ``fast``, or a fifth (at least 10)."""
    if os.environ.get("AOT_HYPOTHESIS_PROFILE") != "fast":
        return n
    return fast if fast is not None else max(10, n // 5)


#: ``make test-fast`` sets AOT_TIER=fast: the command line then runs in this process (see :func:`run`).
FAST_TIER = os.environ.get("AOT_TIER", "") == "fast"


def run_process(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m aot_rules …`` as a player runs it, in a fresh process."""
    return subprocess.run([sys.executable, "-m", "aot_rules", *args], capture_output=True, text=True,
                          timeout=60, check=False)


def run_in_process(*args: str) -> subprocess.CompletedProcess[str]:
    """The same command through ``aot_rules.cli.main``, the function ``python -m aot_rules`` exits with, its
    standard output and error captured: what it prints and returns, without a new interpreter (~0.7 CPU-s
    each).  An exception that escapes ``main`` fails the test, as its traceback would in a real process."""
    from aot_rules.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return subprocess.CompletedProcess([sys.executable, "-m", "aot_rules", *args], code, out.getvalue(),
                                       err.getvalue())


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m aot_rules …``: in a fresh process, as a player runs it, in the full tier (``make test``);
    in this process in the fast tier (``make test-fast``), where hundreds of interpreter starts would cost
    minutes.  Both tiers hold every answer, exit status and refusal line to the same assertions."""
    return run_in_process(*args) if FAST_TIER else run_process(*args)


def odds_json(*args: str) -> dict[str, Any]:
    """A successful ``odds … --json`` answer: exit 0, nothing on stderr."""
    p = run("odds", *args, "--json")
    assert p.returncode == 0, p.stderr
    assert p.stderr == ""
    return json.loads(p.stdout)  # type: ignore[no-any-return]


def error_line(*args: str) -> str:
    """The one line a refused ``odds`` command prints: exit 2, nothing on stdout, no traceback."""
    p = run("odds", *args, "--json")
    assert p.returncode == 2, (p.stdout, p.stderr)
    assert p.stdout == ""
    assert "Traceback" not in p.stderr
    lines = p.stderr.splitlines()
    assert len(lines) == 1, p.stderr
    assert lines[0].startswith("error: ")
    return lines[0]


@contextlib.contextmanager
def cycle_collector_paused() -> Iterator[None]:
    """CPython's cyclic garbage collector, paused for the block (and left as it was found).  For work whose cost a
    test measures or that keeps a large heap alive: the collector would walk what the block keeps, or the whole
    suite's heap, again and again, and find nothing.  Reference counting still frees what is dropped."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
