"""Small helpers several test modules share."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

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


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m aot_rules …`` as a player runs it, in a fresh process."""
    return subprocess.run([sys.executable, "-m", "aot_rules", *args], capture_output=True, text=True,
                          timeout=60, check=False)


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
