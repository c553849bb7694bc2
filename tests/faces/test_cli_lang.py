"""The command line's own words come through the catalogue: a refusal's line, the parser's refusals and its help,
in the language ``--lang`` chose; English stays byte for byte as the other CLI tests hold it.

The pseudo-locale (``qps``) needs no translation: every template it renders is bracketed in ⟦ ⟧ and accented, so
a word that did not come through the catalogue shows up as plain English.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from aot_rules.cli import main

CMD = [sys.executable, "-m", "aot_rules"]


def test_a_refusal_reads_in_russian_on_one_line() -> None:
    """The issue's example: the whole line is Russian (the prefix, the option's refusal, what it takes)."""
    env = {k: v for k, v in os.environ.items() if k != "AOT_LANG"}
    r = subprocess.run([*CMD, "--lang", "ru", "odds", "AOT-RUN", "--density", "9"], capture_output=True, env=env,
                       check=False)
    assert (r.returncode, r.stdout) == (2, b"")
    assert r.stderr.decode() == "ошибка: AOT-RUN: --density принимает целое число от 1 до 5, а не '9'\n"


def _refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["--lang", "qps", *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    return err


@pytest.mark.parametrize(("args", "english"), [
    (("odds", "AOT-RUN", "--density"), "no value was given"),  # argparse: expected one argument
    (("odds", "AOT-RUN", "--json=1"), "is a flag and takes no value"),  # argparse: ignored explicit argument
    (("odds", "AOT-RUN", "--frob", "x"), "unrecognized argument"),
    (("odds", "--list", "x"), "takes only --json"),
    (("frob",), "unknown command"),
    (("army", "validate", "a", "b"), "unrecognized argument"),
    (("army", "validate", "a", "--lists", "/no/such/folder"), "is not a folder"),
    (("simulate", "--scenario", "x", "--policy", "zz"), "invalid choice"),
    (("simulate", "--scenario", "x", "--games", "0"), "games, not"),
    (("play", "--turns", "x"), "a whole number of turns"),
    (("play", "--list", "x"), "takes no other options"),
    (("play", "--seed", "1", "--load", "f"), "cannot be given with --load"),
    (("simulate", "--games", "5"), "arguments are required"),  # argparse words this one itself (error())
    (("army", "validate", "--lists", "d"), "arguments are required"),
])
def test_the_command_lines_refusals_are_templates(capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
                                                  english: str) -> None:
    err = _refused(capsys, *args)
    assert english not in err, err
    assert err.count("⟦") >= 2, err  # the line's own frame ("error: …", "aot_rules play: …") and its refusal


@pytest.mark.parametrize("args", [("odds", "AOT-RUN", "--help"), ("play", "--help"), ("army", "validate", "--help")])
def test_the_help_option_and_its_sections_are_templates(capsys: pytest.CaptureFixture[str],
                                                        args: tuple[str, ...]) -> None:
    assert main(["--lang", "qps", *args]) == 0
    out = capsys.readouterr().out
    for english in ("show this help message and exit", "options:", "print one JSON object"):
        assert english not in out, english


def test_top_usage_is_a_template(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "qps", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("⟦") and "exact odds of any registered mechanic" not in out


def test_the_list_of_mechanics_notes_readings_and_blanks_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--list"]) == 0
    english = capsys.readouterr().out
    assert "[reading of " in english and "[not in the source: you set it]" in english
    assert main(["--lang", "qps", "odds", "--list"]) == 0
    out = capsys.readouterr().out
    assert "[reading of " not in out and "[not in the source" not in out and "a flag: " not in out
