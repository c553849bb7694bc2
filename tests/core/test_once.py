"""The suite's own machinery for pytest-xdist: an answer computed once per run (``tests/once.py``) and the CPU
of processes the suite does not wait for (``tests/browser_cpu.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import browser_cpu
import once
import pytest

TESTS = Path(__file__).resolve().parents[1]

#: A worker of a run: asks for the answer "k" and prints it; the computation announces itself on stderr.
WORKER = """
import sys, time
sys.path.insert(0, sys.argv[1])
from once import once
def compute():
    print("computed", file=sys.stderr, flush=True)
    time.sleep(0.5)
    return {"answer": 42}
print(once("k", compute))
"""


def test_two_workers_of_one_run_compute_once_and_both_get_the_answer() -> None:
    env = {**os.environ, "PYTEST_XDIST_TESTRUNUID": f"test-once-{time.time_ns()}"}
    procs = [subprocess.Popen([sys.executable, "-c", WORKER, str(TESTS)], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outs = [p.communicate(timeout=60) for p in procs]
    try:
        assert [out for out, _ in outs] == ["{'answer': 42}\n"] * 2
        assert sum(err.count("computed") for _, err in outs) == 1
        assert len(once.controller_folders()) == 1  # named for this process, their parent
    finally:
        once.clean_up()
    assert once.controller_folders() == []


def test_outside_xdist_it_is_a_plain_call(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PYTEST_XDIST_TESTRUNUID", raising=False)
    calls: list[int] = []

    def compute() -> str:
        calls.append(1)
        return "fresh"

    assert once.once("k", compute) == "fresh"
    assert once.once("k", compute) == "fresh"
    assert calls == [1, 1]  # no cache between calls: a process's own cache is the caller's (functools.cache)


#: A parent that never waits for its child, which burns 0.6 CPU-s and then idles a while.
PARENT = """
import subprocess, sys, time
subprocess.Popen([sys.executable, "-c", "import time\\nt = time.process_time()\\n"
                  "while time.process_time() - t < 0.6: pass\\ntime.sleep(5)"])
time.sleep(60)
"""


def test_a_process_tree_is_counted_with_the_work_of_its_children() -> None:
    parent = subprocess.Popen([sys.executable, "-c", PARENT])
    try:
        deadline = time.monotonic() + 60
        while browser_cpu.tree_cpu(parent.pid) < 0.6 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert browser_cpu.tree_cpu(parent.pid) >= 0.6
    finally:
        parent.kill()
        parent.wait()
