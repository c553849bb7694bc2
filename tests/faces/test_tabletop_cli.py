"""``python -m aot_rules play``: byte-identical games, save and continue, and one-line refusals.

Two checks run the command in fresh processes, as a player would (the same seed must print the same
bytes in two processes, and a refusal must be one line with no traceback); the rest call the command
line in-process, which is the same code without the interpreter's start-up each time.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import run_process as run  # these checks need fresh processes, in both tiers

from aot_rules.cli import main
from aot_rules.present import tablelog
from aot_rules.tabletop.save import from_data, load
from aot_rules.tabletop.scenarios import SCENARIOS
from aot_rules.tabletop.state import FORMAT_VERSION


def play(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["play", *args])
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code, out, err = play(capsys, *args)
    assert code == 2, (out, err)
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and err.endswith("\n"), err
    assert lines[0].startswith("aot_rules play: ")
    return lines[0]


def test_same_seed_same_bytes_in_two_processes() -> None:
    args = ("play", "--scenario", "greek-border", "--seed", "7", "--turns", "2")
    first, second = run(*args), run(*args)
    assert first.returncode == 0 and first.stderr == "", first.stderr
    assert first.stdout == second.stdout
    assert first.stdout.startswith("log (")
    assert "greek-border, seed 7: turn 2 of 16" in first.stdout
    assert "AOT-CMD-INITIATIVE" in first.stdout


def test_a_refusal_in_a_real_process_is_one_line() -> None:
    p = run("play", "--scenario", "greek-border", "--turns", "0")
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr == "aot_rules play: --turns: a whole number of turns from 1 to 100, not '0'\n"


def test_different_seeds_differ(capsys: pytest.CaptureFixture[str]) -> None:
    code, a, _ = play(capsys, "--scenario", "greek-border", "--seed", "1", "--turns", "2")
    code2, b, _ = play(capsys, "--scenario", "greek-border", "--seed", "2", "--turns", "2")
    assert code == code2 == 0
    assert a != b


def test_the_report_lists_every_unit(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = play(capsys, "--scenario", "greek-border", "--seed", "3")
    lines = out.splitlines()
    n = int(lines[0].split("(")[1].split()[0])
    blank = lines.index("")
    assert lines[0].startswith(f"log ({n} entries,") and all(line.startswith("T1 ") for line in lines[1:blank])
    assert 0 < blank - 1 < n  # the players' decisions are not printed without --verbose
    table = lines[blank + 2:]
    assert table[0].split() == ["id", "name", "side", "ranks", "disord", "removed", "status", "x", "y", "facing"]
    assert [row.split()[0] for row in table[1:11]] == ["A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5"]


def test_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert play(capsys, "--list") == (0, "".join(f"{name}\n" for name in SCENARIOS), "")
    assert refused(capsys, "--list", "--seed", "3") == "aot_rules play: --list takes no other options, not '--seed'"


def test_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = play(capsys, "--help")
    assert code == 0 and err == ""
    assert out.startswith("usage: python -m aot_rules play") and "--load FILE" in out
    assert play(capsys)[0] == 2  # no scenario, no --load, no --list: a refusal in one line (test_bad_arguments)


def test_save_then_load_continues_the_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    code, two, _ = play(capsys, "--scenario", "greek-border", "--seed", "4", "--turns", "2", "--save", str(path))
    assert code == 0
    saved = load(path)
    assert saved.turn == 2 and saved.seed == 4
    code, resumed, _ = play(capsys, "--load", str(path), "--turns", "1")
    assert code == 0
    assert "greek-border, seed 4: turn 3 of 16" in resumed
    assert len(resumed.splitlines()) > len(two.splitlines())
    # continuing a saved game is the same game as playing on without saving
    _, straight, _ = play(capsys, "--scenario", "greek-border", "--seed", "4", "--turns", "3")
    assert resumed == straight
    assert load(path) == saved  # --load without --save leaves the file alone


def test_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    code, out, err = play(capsys, "--scenario", "greek-border", "--seed", "9", "--json", "--save", str(path))
    assert code == 0 and err == ""
    assert out.count("\n") == 1
    doc = json.loads(out)
    assert sorted(doc) == ["events", "log", "state"]
    assert len(doc["events"]) == len(doc["log"]) and all(all("type" in v for v in evs) for evs in doc["events"])
    assert from_data(doc["state"]) == load(path)
    assert doc["log"] == [tablelog.line(e) for e in load(path).log]


@pytest.mark.parametrize(("args", "expected"), [
    (("--scenario", "greek-border", "--turns", "101"), "--turns: a whole number of turns from 1 to 100, not '101'"),
    (("--scenario", "greek-border", "--turns", "two"), "--turns: a whole number of turns from 1 to 100, not 'two'"),
    (("--scenario", "greek-border", "--turns", "1000000000"),
     "--turns: a whole number of turns from 1 to 100, not '1000000000'"),
    ((), "give --scenario NAME (or --load FILE); --list prints the scenario names"),
    (("--verbose",), "give --scenario NAME (or --load FILE); --list prints the scenario names"),
    (("--scenario", "greek-border", "--seed", "-1"), "--seed: from 0 to 2**63 - 1, not -1"),
    (("--scenario", "nowhere",),
     "no scenario 'nowhere'; the built-in scenarios are chariot-plain, delion, greek-border"),
    (("--turns", "2",), "give --scenario NAME (or --load FILE); --list prints the scenario names"),
    (("--load", "x.json", "--seed", "3"), "--seed cannot be given with --load: the saved game carries its own"),
    (("--load", "x.json", "--scenario", "greek-border"), "--scenario cannot be given with --load"),
    (("--scenario", "greek-border", "--colour", "red"),
     "unrecognized argument '--colour'; python -m aot_rules play --help lists the options"),
    (("--load", "/no/such/save.json",), "aot_rules play: /no/such/save.json: no such file"),
])
def test_bad_arguments(capsys: pytest.CaptureFixture[str], args: tuple[str, ...], expected: str) -> None:
    assert expected in refused(capsys, *args)


def test_bad_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    assert play(capsys, "--scenario", "greek-border", "--save", str(good))[0] == 0
    text = good.read_text(encoding="utf-8")
    cut = tmp_path / "cut.json"
    cut.write_text(text[: len(text) // 2], encoding="utf-8")
    assert f"aot_rules play: {cut}: the file is cut short" in refused(capsys, "--load", str(cut))
    edited = tmp_path / "edited.json"
    edited.write_text(text.replace(f'"version": {FORMAT_VERSION}', '"version": 8'), encoding="utf-8")
    assert refused(capsys, "--load", str(edited)).endswith("save format version 8 is not supported: this engine "
                                                           f"reads version {FORMAT_VERSION}")
    assert "is a directory" in refused(capsys, "--load", str(tmp_path))
    assert "cannot write the file" in refused(capsys, "--scenario", "greek-border", "--save", str(tmp_path / "a" / "b"))


@pytest.mark.parametrize(("args", "expected"), [
    (("--games", "1000000000"), "--games: a whole number of games from 1 to 100000, not '1000000000'"),
    (("--turns", "1000"), "--turns: a whole number of turns from 1 to 100, not '1000'"),
    (("--workers", "100000"), "--workers: a whole number of workers from 1 to 256, not '100000'"),
    (("--games", "0"), "--games: a whole number of games from 1 to 100000, not '0'"),
    (("--games", "many"), "--games: a whole number of games from 1 to 100000, not 'many'"),
])
def test_simulate_states_the_range(capsys: pytest.CaptureFixture[str], args: tuple[str, ...], expected: str) -> None:
    """A number too long to read is out of range like any other: the refusal says what range is allowed."""
    code = main(["simulate", "--scenario", "delion", *args])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err == f"aot_rules simulate: {expected}\n"
