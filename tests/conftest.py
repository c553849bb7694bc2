"""Shared test configuration.

Hypothesis runs with no deadline (exact arithmetic on Fractions has uneven
timings) and a modest number of examples, so the whole suite stays well under
a minute and a half on a two-core machine.  On CI (``CI`` set) the examples are
derandomised, so a red run can be reproduced exactly.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "aot",
    deadline=None,
    max_examples=150,
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
    derandomize=bool(os.environ.get("CI")),
)
settings.load_profile("aot")

#: The rules index the engine implements (shipped beside the repository, not in it).  Only
#: ``tests/test_catalogue.py`` reads it; everything else uses the package's catalogue.
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
