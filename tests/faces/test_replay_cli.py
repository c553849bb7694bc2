"""``python -m aot_rules replay``: a saved game or a ``simulate`` game written as a page that replays it (issue 37,
"Beyond": the engine cannot run the table-top package in the browser, so it writes the viewer here).  The page shows
exactly the saved game, from its opening to the saved state, or exactly the game ``simulate`` plays for the seed; a
bad file gets the loader's one line, through the catalogue (the pseudo-locale shows it), and nothing is written."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from aot_rules.cli import main
from aot_rules.core.i18n import PSEUDO, pseudo
from aot_rules.present.replay.battle import saved_game, simulated_game
from aot_rules.present.replay.build import replay
from aot_rules.present.replay.html import payload, unpooled
from aot_rules.tabletop.save import load, to_data
from aot_rules.tabletop.simulate import play_one


def _frames(page: str) -> list[dict[str, Any]]:
    raw = re.search(r'<script type="application/aot-replay\+json">(.*?)</script>', page, re.S)
    assert raw is not None
    return list(unpooled(json.loads(raw.group(1).replace("<\\/", "</")))["f"])


def _refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code = main(list(args))
    out, err = capsys.readouterr()
    assert code == 2 and out == "", (out, err)
    lines = err.splitlines()
    assert len(lines) == 1 and err.endswith("\n"), err
    return lines[0]


def test_a_saved_game_from_its_opening_to_the_saved_state(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save, out = tmp_path / "game.json", tmp_path / "game.html"
    assert main(["play", "--scenario", "delion", "--seed", "3", "--turns", "2", "--save", str(save)]) == 0
    capsys.readouterr()
    assert main(["replay", "--load", str(save), "--out", str(out)]) == 0
    assert capsys.readouterr() == ("", "")
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<script src" not in page and "<link" not in page  # loads nothing
    state = load(save)
    run = saved_game(state)
    assert run.start == state.opening and to_data(run.steps[-1].after) == to_data(state)
    assert _frames(page) == json.loads(payload(replay(run, "game")))["f"]
    assert [f["n"] for f in _frames(page)][-1] == state.turn


def test_a_simulated_game_is_the_one_simulate_plays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sim.html"
    assert main(["replay", "--scenario", "greek-border", "--seed", "4", "--turns", "2", "--out", str(out)]) == 0
    run = simulated_game("greek-border", 4, 2)
    final = play_one("greek-border", 4, 2)[1]
    assert to_data(run.steps[-1].after) == to_data(final)
    assert _frames(out.read_text(encoding="utf-8")) == json.loads(payload(replay(run, "game")))["f"]


def test_a_bad_file_is_one_line_and_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad, out = tmp_path / "bad.json", tmp_path / "bad.html"
    bad.write_text('{"format": "aot-tabletop",, }', encoding="utf-8")
    line = _refused(capsys, "replay", "--load", str(bad), "--out", str(out))
    assert line.startswith(f"aot_rules replay: {bad}: not valid JSON"), line
    assert not out.exists()
    # the same refusal through the catalogue: every word of it is the pseudo-locale's
    line = _refused(capsys, "--lang", PSEUDO, "replay", "--load", str(bad), "--out", str(out))
    assert pseudo("not valid JSON: {problem} (line {line}, column {column})").split("{")[0] in line, line
    assert not out.exists()


@pytest.mark.parametrize(("args", "says"), [
    (("--out", "x.html"), "give --load FILE or --scenario NAME"),
    (("--load", "g.json", "--seed", "3", "--out", "x.html"), "--seed cannot be given with --load"),
    (("--scenario", "nowhere", "--out", "x.html"), "nowhere"),
])
def test_bad_arguments_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
                                    says: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    line = _refused(capsys, "replay", *args)
    assert line.startswith("aot_rules replay: ") and says in line, line
    assert not (tmp_path / "x.html").exists()


def test_a_page_that_cannot_be_written_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "no such folder" / "game.html"
    line = _refused(capsys, "replay", "--scenario", "greek-border", "--turns", "1", "--out", str(out))
    assert line.startswith(f"aot_rules replay: --out {out}: "), line
    assert not out.parent.exists()
