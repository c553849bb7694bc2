"""One error style (issue 22, part 4): every refusal, argparse's own included, is one line naming the option
as it is written, the rule ID where there is one, and what is accepted; ``--list`` describes flags as they are
written; ``play`` reads numbers with the ``odds`` grammar; numbers with Unicode blanks or line breaks are
refused."""

from __future__ import annotations

import pytest

from aot_rules.cli import main
from aot_rules.core.params import parse_number, parse_whole
from aot_rules.systems import all_mechanics


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1, err
    assert "Traceback" not in err and "internal error" not in err
    return err.strip()


def test_a_value_given_to_a_flag(capsys: pytest.CaptureFixture[str]) -> None:
    assert refused(capsys, "odds", "melee", "--a-shield=1") == (
        "error: AOT-MELEE-RESULT: --a-shield is a flag and takes no value, not '1': write --a-shield to set it or "
        "--no-a-shield to clear it")


def test_an_option_without_its_value(capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(capsys, "odds", "melee", "--a-ranks")
    assert line.startswith("error: AOT-MELEE-RESULT: --a-ranks takes formed warriors per rank, front first")
    assert "no value was given" in line and "expected one argument" not in line


def test_a_negative_value_read_as_an_option_says_how_to_write_it(capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(capsys, "odds", "melee", "--a-ranks", "-1,4")
    assert "--a-ranks takes formed warriors per rank" in line and "--a-ranks=VALUE" in line


def test_play_options_in_the_same_style(capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(capsys, "play", "--turns")
    assert line.startswith("aot_rules play: --turns takes ") and "no value was given" in line
    assert refused(capsys, "play", "--list=1").startswith("aot_rules play: --list is a flag and takes no value")


def test_list_describes_flags_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--list"]) == 0
    text = capsys.readouterr().out
    assert "true/false" not in text
    assert "--a-shield | --no-a-shield" in text
    assert "--a-ranks A_RANKS" in text
    for m in all_mechanics():
        for p in m.inputs:
            if p.kind == "bool":
                assert f"{p.flag} | --no-{p.flag[2:]}" in text, p.flag
                assert main(["odds", m.rule_id, f"--no-{p.flag[2:]}", "--help"]) == 0  # the spelling parses
    capsys.readouterr()


@pytest.mark.parametrize("seed", ["٣", "３", "1_000", "3\u3000", "3\n", "0x10", "+-3", str(2**63)])
def test_play_reads_numbers_with_the_odds_grammar(capsys: pytest.CaptureFixture[str], seed: str) -> None:
    line = refused(capsys, "play", "--scenario", "delion", "--seed", seed)
    assert line.startswith("aot_rules play: ") and "--seed" in line


@pytest.mark.parametrize("turns", ["٢", "２", "1_0", "2\u2028", "2.0"])
def test_play_turns_with_the_odds_grammar(capsys: pytest.CaptureFixture[str], turns: str) -> None:
    assert "--turns" in refused(capsys, "play", "--scenario", "delion", "--turns", turns)


@pytest.mark.parametrize("blank", ["\u3000", "\n", "\u2028", "\u00a0", "\x85", "\r", "\u2009"])
def test_numbers_with_unicode_blanks_or_line_breaks_are_refused(capsys: pytest.CaptureFixture[str],
                                                               blank: str) -> None:
    assert parse_number("4" + blank) is None and parse_number(blank + "4") is None
    assert parse_whole("4" + blank) is None
    line = refused(capsys, "odds", "shoot", "--firers", "4" + blank)
    assert line.startswith("error: AOT-SHOOT-RESULT: --firers takes a whole number from 1 to 20, not ")


def test_ascii_spaces_around_a_number_still_read() -> None:
    assert parse_number(" 4 ") == 4 and parse_whole("\t7 ") == 7
