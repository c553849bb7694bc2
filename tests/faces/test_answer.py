"""The one home of an odds answer (``aot_rules.present.answer``): the CLI's ``--json`` document and its refusal
line, as the browser's worker receives them, keyed the way share links write them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from aot_rules.core.errors import RuleError
from aot_rules.present.answer import answer, respond, respond_json

ROOT = Path(__file__).resolve().parents[2]


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "aot_rules", "odds", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


def test_answer_is_what_the_cli_prints_byte_for_byte() -> None:
    proc = _cli("AOT-MELEE-RESULT", "--a-ranks", "3,4", "--b-ranks", "3,1", "--no-armour-first", "--json")
    doc = answer("AOT-MELEE-RESULT", {"a-ranks": "3,4", "b-ranks": "3,1", "no-armour-first": True})
    assert proc.stdout.rstrip("\n") == json.dumps(doc, ensure_ascii=False)


def test_a_refusal_is_the_cli_line() -> None:
    proc = _cli("AOT-SHOOT-RESULT", "--firers", "4", "--target-density", "4", "--target-ranks", "3,3")
    got = respond("AOT-SHOOT-RESULT", {"firers": "4", "target-density": "4", "target-ranks": "3,3"})
    assert proc.returncode == 2 and got["ok"] is False
    assert got["error"] == proc.stderr.strip() and "target_ranks" in got["params"]


@pytest.mark.parametrize("flag", [{"no-shield-wall": True}, {"shield_wall": False}, {"shield-wall": "false"}])
def test_flags_as_share_links_write_them(flag: dict[str, object]) -> None:
    off = answer("AOT-SHOOT-RESULT", {"firers": 4, **flag})
    on = answer("AOT-SHOOT-RESULT", {"firers": 4, "shield-wall": True})
    assert off == answer("AOT-SHOOT-RESULT", {"firers": 4}) != on


def test_unknown_names_are_refused_not_ignored() -> None:
    with pytest.raises(RuleError):
        answer("AOT-SHOOT-RESULT", {"firers": 4, "no-such-option": "1"})
    got = json.loads(respond_json("AOT-NOPE", "{}"))
    assert got["ok"] is False and "unknown mechanic" in got["error"]
