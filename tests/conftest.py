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

#: The rules index the engine implements (shipped beside the repository, not in it).
RULES_INDEX = Path(os.environ.get("AOT_RULES_INDEX", Path(__file__).resolve().parents[2] / "shared"
                                  / "rules-index.md"))


@pytest.fixture(scope="session")
def rules_index_text() -> str:
    """The text of the rules index; tests that need it are skipped where it is absent."""
    if not RULES_INDEX.is_file():
        pytest.skip(f"rules index not found at {RULES_INDEX}")
    return RULES_INDEX.read_text(encoding="utf-8")
