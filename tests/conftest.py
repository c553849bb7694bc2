"""Shared test configuration.

Hypothesis runs with no deadline (exact arithmetic on Fractions has uneven
timings) and a modest number of examples (fewer still in ``make test-fast``, which sets
AOT_HYPOTHESIS_PROFILE=fast).  On CI (``CI`` set) the examples are
derandomised, so a red run can be reproduced exactly.
"""

from __future__ import annotations

import gc
import json
import os
import resource
import time
from pathlib import Path

import browser_cpu
import pytest
from hypothesis import HealthCheck, settings
from once import clean_up

settings.register_profile(
    "aot",
    deadline=None,
    max_examples=150,
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
    derandomize=bool(os.environ.get("CI")),
)
# make test-fast runs fewer examples of the property tests that take the profile's number (the full tier, the
# profile's 150); tests that ask for their own number keep it.
settings.register_profile("fast", parent=settings.get_profile("aot"), max_examples=30)
settings.load_profile(os.environ.get("AOT_HYPOTHESIS_PROFILE", "aot"))
_STARTED = pytest.StashKey[tuple[float, float, float]]()

#: The rules index the engine implements (shipped beside the repository, not in it).  Only
#: ``tests/core/test_catalogue.py`` reads it; everything else uses the package's catalogue.
RULES_INDEX = Path(os.environ.get("AOT_RULES_INDEX", Path(__file__).resolve().parents[2] / "shared"
                                  / "rules-index.md"))


@pytest.fixture(scope="session")
def rules_index_text() -> str:
    """The text of the rules index.  Where it is absent the test is skipped on a developer's machine, but
    FAILS on CI (``CI`` set): there, a missing index means the catalogue is no longer being checked."""
    if not RULES_INDEX.is_file():
        message = f"rules index not found at {RULES_INDEX} (set AOT_RULES_INDEX)"
        if os.environ.get("CI", "").lower() not in ("", "0", "false", "no"):
            pytest.fail(message)
        pytest.skip(message)
    return RULES_INDEX.read_text(encoding="utf-8")


def _run_order(item: pytest.Item) -> int:
    """0: needs the built book; 1: the rest of the full tier's (slow) tests; 2: everything else."""
    if "built_book" in getattr(item, "fixturenames", ()):
        return 0
    return 1 if item.get_closest_marker("slow") else 2


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """Run the longest work first.  The book build (minutes, one core) starts at once, so the browser tests that
    wait for it are not left for the end; the slow tests follow; the thousands of quick tests come last, where
    pytest-xdist's work stealing can share them out finely and both workers finish together.  The order within
    each group (and so within each module) is the collection's."""
    items.sort(key=_run_order)


def _settle_the_heap() -> None:
    """Collect what is garbage now, then freeze the survivors (:func:`gc.freeze`), so that later collections walk
    only what was made since.  A worker's heap grows to some two million objects over a run (the registry's
    cached answers, the collected tests), and each full collection walked all of it again: 18 of them took 10 of
    a fast-tier worker's CPU seconds.  Only the collector's walks change, never what a test sees: everything
    unreachable when the heap is settled is collected first, and reference counting frees frozen objects as
    before."""
    gc.collect()
    gc.freeze()


def pytest_collection_finish(session: pytest.Session) -> None:
    _settle_the_heap()


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """After the last test of a module (as this process runs them), the heap is settled (see above)."""
    if nextitem is None or getattr(nextitem, "module", None) is not getattr(item, "module", None):
        _settle_the_heap()


#: Where a whole-tier run (``make test-fast`` / ``make test``) leaves its wall time, for ``make bench``.
SUITE_TIMES = Path(__file__).resolve().parents[1] / "_build" / "suite-times.json"


def _cpu() -> float:
    """CPU seconds (user + system) of this process and of its children that have finished: pytest-xdist's
    workers, the book build, the CLI's processes (Chromium is counted apart: tests/browser_cpu.py).  On a shared
    machine the wall time says more about the load than about the suite; the CPU time does not."""
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + kids.ru_utime + kids.ru_stime


def pytest_sessionstart(session: pytest.Session) -> None:
    session.config.stash[_STARTED] = (time.monotonic(), _cpu(), os.getloadavg()[0])


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Record the wall time of a run over the default test paths (not of a run of chosen files)."""
    config = session.config
    if hasattr(config, "workerinput"):  # a pytest-xdist worker: the controller records the run
        return
    browsers = browser_cpu.total()  # read before the shared folders go
    clean_up()  # the answers the workers shared (tests/once.py)
    if config.args_source is not pytest.Config.ArgsSource.TESTPATHS or config.option.collectonly:
        return
    if any(config.getoption(name, None) for name in ("keyword", "ignore", "ignore_glob", "deselect")):
        return  # a tier's paths with some of its tests left out (-k, --ignore, --deselect) is not that tier
    tier = {"not slow": "test-fast", "": "test"}.get((config.option.markexpr or "").strip())
    if tier is None:
        return
    times = json.loads(SUITE_TIMES.read_text()) if SUITE_TIMES.is_file() else {}
    wall, cpu, load = config.stash[_STARTED]
    times[tier] = {"seconds": round(time.monotonic() - wall, 1),
                   "cpu_seconds": round(_cpu() - cpu + browsers, 1), "browser_cpu_seconds": round(browsers, 1),
                   "load": [round(load, 1), round(os.getloadavg()[0], 1)], "tests": session.testscollected,
                   "failed": session.testsfailed, "exit": int(exitstatus), "cores": os.cpu_count(),
                   "workers": getattr(config.option, "numprocesses", None) or 0,
                   "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
    SUITE_TIMES.parent.mkdir(exist_ok=True)
    SUITE_TIMES.write_text(json.dumps(times, indent=1))
