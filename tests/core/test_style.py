"""Style is part of the build: the engine, the tests (the book's included), bench and the book's code stay
ruff-clean, and the engine package type-checks under ``mypy --strict`` (configured in pyproject.toml)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_ruff_clean() -> None:
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    if ruff is None:
        pytest.fail("ruff is not installed (it is pinned in requirements.txt)")
    proc = subprocess.run([ruff, "check", "aot_rules", "tests", "bench", "book"], cwd=ROOT,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.slow  # a cold mypy takes a minute: make test and make lint run it, make test-fast does not
def test_mypy_strict_clean() -> None:
    mypy = shutil.which("mypy", path=str(Path(sys.executable).parent)) or shutil.which("mypy")
    if mypy is None:
        pytest.fail("mypy is not installed (it is pinned in requirements.txt)")
    proc = subprocess.run([mypy, "--strict"], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
