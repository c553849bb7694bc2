"""The CLI's output where it is fragile: a reader that closes the pipe early, and a terminal that cannot
encode the book's typographic characters (``≤``, ``″``, ``—``).  Run as players run it, in a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

CMD = [sys.executable, "-m", "aot_rules"]
SHOOT = ["odds", "shoot", "--firers", "4", "--target-density", "4"]

#: Standard output as a player's shell gives it (block-buffered), and unbuffered as some CI runners set it.
BUFFERING = {"buffered": {}, "unbuffered": {"PYTHONUNBUFFERED": "1"}}
ASCII_TERMINALS = {"ascii": {"PYTHONIOENCODING": "ascii"},
                   "C-locale": {"LANG": "C", "LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": "ascii:strict"}}


def environ(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONUNBUFFERED", "PYTHONIOENCODING", "PYTHONUTF8", "LANG", "LC_ALL", "LC_CTYPE")}
    return {**env, **extra}


@contextmanager
def small_pipe() -> Iterator[tuple[int, int]]:
    """A pipe that holds only a page where Linux lets us shrink it, so a long output meets the closed end."""
    r, w = os.pipe()
    try:
        import fcntl

        fcntl.fcntl(w, fcntl.F_SETPIPE_SZ, 4096)
    except (ImportError, AttributeError, OSError):
        pass
    try:
        yield r, w
    finally:
        for fd in (r, w):
            try:
                os.close(fd)
            except OSError:
                pass


def closed_early(args: list[str], env: dict[str, str], read: int) -> tuple[int, bytes]:
    """Run the CLI with standard output into a pipe whose reader takes ``read`` bytes, then closes it."""
    with small_pipe() as (r, w):
        p = subprocess.Popen([*CMD, *args], stdout=w, stderr=subprocess.PIPE, env=env)
        os.close(w)
        if read:
            os.read(r, read)
        os.close(r)
        _, err = p.communicate(timeout=60)
    return p.returncode, err


# --- a reader that goes away -----------------------------------------------------------------------

PIPED = [["odds", "--list"], ["odds", "--list", "--json"], SHOOT, [*SHOOT, "--json"], ["odds", "shoot", "--help"],
         ["--help"], ["odds"]]


@pytest.mark.parametrize("buffering", BUFFERING)
@pytest.mark.parametrize("read", [pytest.param(10, id="read-10-bytes", marks=pytest.mark.slow),  # full tier
                                  pytest.param(0, id="read-nothing")])
@pytest.mark.parametrize("args", PIPED, ids=" ".join)
def test_closed_pipe_exits_0_quietly(args: list[str], read: int, buffering: str) -> None:
    code, err = closed_early(args, environ(**BUFFERING[buffering]), read)
    assert err == b"", err.decode(errors="replace")
    assert code == 0


def test_closed_pipe_still_reports_a_refusal() -> None:
    code, err = closed_early(["odds", "shoot", "--firers", "99"], environ(), 0)
    assert code == 2
    assert err.decode().startswith("error: --firers") or b"--firers" in err


# --- a terminal that cannot encode non-ASCII ---------------------------------------------------------

def run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([*CMD, *args], capture_output=True, env=env, timeout=60, check=False)


def utf8(args: list[str]) -> subprocess.CompletedProcess[bytes]:
    return run(args, environ(PYTHONIOENCODING="utf-8"))


def assert_ascii(data: bytes) -> str:
    assert "Traceback" not in data.decode("utf-8", "replace")
    assert data.isascii(), sorted({chr(b) for b in data if b > 127})
    return data.decode("ascii")


@pytest.fixture(params=ASCII_TERMINALS, ids=str)
def ascii_env(request: pytest.FixtureRequest) -> dict[str, str]:
    return environ(**ASCII_TERMINALS[request.param])


def test_text_answer_falls_back_to_plain_characters(ascii_env: dict[str, str]) -> None:
    assert "—" in utf8(SHOOT).stdout.decode()  # the title line: "AOT-SHOOT-RESULT — A volley …"
    p = run(SHOOT, ascii_env)
    assert (p.returncode, p.stderr) == (0, b"")
    out = assert_ascii(p.stdout)
    assert out.startswith("AOT-SHOOT-RESULT - A volley and its result")
    assert "3/8" in out and "37.50%" in out


def test_help_falls_back_to_plain_characters(ascii_env: dict[str, str]) -> None:
    assert "≤" in utf8(["odds", "shoot", "--help"]).stdout.decode()
    p = run(["odds", "shoot", "--help"], ascii_env)
    assert (p.returncode, p.stderr) == (0, b"")
    out = assert_ascii(p.stdout)
    assert out.startswith("usage:") and "hit on <=" in out


def test_list_falls_back_to_plain_characters(ascii_env: dict[str, str]) -> None:
    p = run(["odds", "--list"], ascii_env)
    assert (p.returncode, p.stderr) == (0, b"")
    out = assert_ascii(p.stdout)
    assert "AOT-SHOOT-RESULT" in out and "--target-density" in out


@pytest.mark.parametrize("args", [["odds", "--list", "--json"], [*SHOOT, "--json"],
                                  ["odds", "range", "--distance", "2.5", "--json"]], ids=" ".join)
def test_json_keeps_its_values_with_unicode_escapes(args: list[str], ascii_env: dict[str, str]) -> None:
    full = utf8(args)
    assert full.returncode == 0
    p = run(args, ascii_env)
    assert (p.returncode, p.stderr) == (0, b"")
    out = assert_ascii(p.stdout)
    assert json.loads(out) == json.loads(full.stdout.decode("utf-8"))
    if not full.stdout.isascii():
        assert "\\u" in out


@pytest.mark.parametrize("args", [
    ["odds", "shoot", "--distance", "0"],                     # the rule's message says 0″
    ["odds", "shoot", "--firers", "٣"],                        # the value typed is not ASCII
    ["odds", "melee", "--a-mix", "épée:4"],
    ["odds", "shoot", "--firers", os.fsdecode(b"\xff")],       # not even decodable
    ["odds", "shoot", "—bogus"],
], ids=["rule-message", "arabic-digit", "accented-weapon", "undecodable", "em-dash-option"])
def test_error_line_falls_back_to_plain_characters(args: list[str], ascii_env: dict[str, str]) -> None:
    p = run(args, ascii_env)
    assert p.returncode == 2
    assert p.stdout == b""
    err = assert_ascii(p.stderr)
    assert err.startswith("error: ") and err.count("\n") == 1, err
