"""The CLI's output where it is fragile: a reader that closes the pipe early, and a terminal that cannot
encode the book's typographic characters (``≤``, ``″``, ``—``).

Both belong to the process as much as to the code, so the full tier (``make test``) runs every case as players
run it: in a fresh process, under the environment that makes the terminal or the pipe.  The fast tier runs the
same cases and assertions in this process, against standard streams built as the interpreter builds them for
that terminal or pipe (strict ASCII standard output and backslash-escaping standard error; a pipe whose reader
has gone, block-buffered or unbuffered), and flushes what is left as the interpreter does at exit.  It keeps a
few real processes of each kind, so the interpreter's own part is checked in every run as well.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from aot_rules.cli import main

CMD = [sys.executable, "-m", "aot_rules"]
SHOOT = ["odds", "shoot", "--firers", "4", "--target-density", "4"]

#: Standard output as a player's shell gives it (block-buffered), and unbuffered as some CI runners set it.
BUFFERING = {"buffered": {}, "unbuffered": {"PYTHONUNBUFFERED": "1"}}
ASCII_TERMINALS = {"ascii": {"PYTHONIOENCODING": "ascii"},
                   "C-locale": {"LANG": "C", "LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": "ascii:strict"}}
#: A case run in this process, against streams made as the interpreter makes them (see the module's docstring).
IN_PROCESS = "in-process"


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


def closed_early_in_process(args: list[str], buffering: str) -> tuple[int, bytes]:
    """:func:`closed_early` reading nothing, in this process: standard output writes to a pipe whose reader has
    already gone, through the layers the interpreter stacks on a pipe (a buffer, or none under
    PYTHONUNBUFFERED); what the command leaves is then flushed as the interpreter flushes it at exit, which
    must not fail (in a real process that failure is the "Exception ignored" traceback and status 120)."""
    r, w = os.pipe()
    os.close(r)
    raw = io.FileIO(w, "w")
    unbuffered = buffering == "unbuffered"
    stdout = io.TextIOWrapper(raw if unbuffered else io.BufferedWriter(raw), encoding="utf-8",
                              write_through=unbuffered)
    err = io.StringIO()
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(err):
            code = main(args)
        stdout.flush()  # the interpreter's flush at exit
    finally:
        with contextlib.suppress(OSError):
            stdout.close()
    return code, err.getvalue().encode()


# --- a reader that goes away -----------------------------------------------------------------------

PIPED = [["odds", "--list"], ["odds", "--list", "--json"], SHOOT, [*SHOOT, "--json"], ["odds", "shoot", "--help"],
         ["--help"], ["odds"]]
#: The real processes the fast tier keeps: a long answer through a buffer, and one written unbuffered.
REAL_PIPES_IN_FAST = [([*SHOOT, "--json"], "buffered"), (["odds", "--list"], "unbuffered")]


def pipe_cases() -> list[Any]:
    """Every command and buffering: in this process (both tiers), and in a fresh process with a reader that reads
    nothing or 10 bytes (the full tier, and the fast tier for REAL_PIPES_IN_FAST)."""
    cases = []
    for args in PIPED:
        for buffering in BUFFERING:
            name = f"{' '.join(args)}-{buffering}"
            real_in_fast = (args, buffering) in REAL_PIPES_IN_FAST
            cases += [pytest.param(args, 0, buffering, IN_PROCESS, id=f"{name}-{IN_PROCESS}"),
                      pytest.param(args, 0, buffering, "process", id=f"{name}-read-nothing",
                                   marks=() if real_in_fast else pytest.mark.slow),
                      pytest.param(args, 10, buffering, "process", id=f"{name}-read-10-bytes", marks=pytest.mark.slow)]
    return cases


@pytest.mark.parametrize(("args", "read", "buffering", "where"), pipe_cases())
def test_closed_pipe_exits_0_quietly(args: list[str], read: int, buffering: str, where: str) -> None:
    if where == IN_PROCESS:
        code, err = closed_early_in_process(args, buffering)
    else:
        code, err = closed_early(args, environ(**BUFFERING[buffering]), read)
    assert err == b"", err.decode(errors="replace")
    assert code == 0


def test_closed_pipe_still_reports_a_refusal() -> None:
    code, err = closed_early(["odds", "shoot", "--firers", "99"], environ(), 0)
    assert code == 2
    assert err.decode().startswith("error: --firers") or b"--firers" in err


# --- a terminal that cannot encode non-ASCII ---------------------------------------------------------

def in_process_on(args: list[str], encoding: str) -> subprocess.CompletedProcess[bytes]:
    """The command through ``aot_rules.cli.main``, its standard streams made as the interpreter makes them for a
    terminal of ``encoding`` (PYTHONIOENCODING): standard output strict, standard error escaping what it
    cannot encode."""
    out, err = io.BytesIO(), io.BytesIO()
    stdout = io.TextIOWrapper(out, encoding=encoding, errors="strict")
    stderr = io.TextIOWrapper(err, encoding=encoding, errors="backslashreplace", line_buffering=True)
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        code = main(args)
    stdout.flush()
    stderr.flush()
    return subprocess.CompletedProcess([*CMD, *args], code, out.getvalue(), err.getvalue())


def run(args: list[str], terminal: str) -> subprocess.CompletedProcess[bytes]:
    """The command on an ASCII-only terminal: one of ASCII_TERMINALS in a fresh process, or IN_PROCESS."""
    if terminal == IN_PROCESS:
        return in_process_on(args, "ascii")
    return subprocess.run([*CMD, *args], capture_output=True, env=environ(**ASCII_TERMINALS[terminal]), timeout=60,
                          check=False)


def utf8(args: list[str], terminal: str) -> subprocess.CompletedProcess[bytes]:
    """The same command on a UTF-8 terminal, made the same way (in this process or in a fresh one)."""
    if terminal == IN_PROCESS:
        return in_process_on(args, "utf-8")
    return subprocess.run([*CMD, *args], capture_output=True, env=environ(PYTHONIOENCODING="utf-8"), timeout=60,
                          check=False)


def assert_ascii(data: bytes) -> str:
    assert "Traceback" not in data.decode("utf-8", "replace")
    assert data.isascii(), sorted({chr(b) for b in data if b > 127})
    return data.decode("ascii")


def terminals(real_in_fast: str | None = None) -> list[Any]:
    """The ASCII terminals a check meets: in this process (both tiers), and in a fresh process under each
    environment that makes one (the full tier, and the fast tier too for ``real_in_fast``)."""
    return [pytest.param(IN_PROCESS, id=IN_PROCESS),
            *(pytest.param(name, id=name, marks=() if name == real_in_fast else pytest.mark.slow)
              for name in ASCII_TERMINALS)]


@pytest.mark.parametrize("terminal", terminals(real_in_fast="C-locale"))
def test_text_answer_falls_back_to_plain_characters(terminal: str) -> None:
    assert "—" in utf8(SHOOT, terminal).stdout.decode()  # the title line: "AOT-SHOOT-RESULT — A volley …"
    p = run(SHOOT, terminal)
    assert (p.returncode, p.stderr) == (0, b"")
    out = assert_ascii(p.stdout)
    assert out.startswith("AOT-SHOOT-RESULT - A volley and its result")
    assert "3/8" in out and "37.50%" in out


@pytest.mark.parametrize("terminal", terminals())
def test_help_falls_back_to_plain_characters(terminal: str) -> None:
    assert "≤" in utf8(["odds", "shoot", "--help"], terminal).stdout.decode()
    p = run(["odds", "shoot", "--help"], terminal)
    assert (p.returncode, p.stderr) == (0, b"")
    out = assert_ascii(p.stdout)
    assert out.startswith("usage:") and "hit on <=" in out


@pytest.mark.parametrize("terminal", terminals())
def test_list_falls_back_to_plain_characters(terminal: str) -> None:
    p = run(["odds", "--list"], terminal)
    assert (p.returncode, p.stderr) == (0, b"")
    out = assert_ascii(p.stdout)
    assert "AOT-SHOOT-RESULT" in out and "--target-density" in out


@pytest.mark.parametrize("terminal", terminals())
@pytest.mark.parametrize("args", [["odds", "--list", "--json"], [*SHOOT, "--json"],
                                  ["odds", "range", "--distance", "2.5", "--json"]], ids=" ".join)
def test_json_keeps_its_values_with_unicode_escapes(args: list[str], terminal: str) -> None:
    full = utf8(args, terminal)
    assert full.returncode == 0
    p = run(args, terminal)
    assert (p.returncode, p.stderr) == (0, b"")
    out = assert_ascii(p.stdout)
    assert json.loads(out) == json.loads(full.stdout.decode("utf-8"))
    if not full.stdout.isascii():
        assert "\\u" in out


@pytest.mark.parametrize("terminal", terminals())
@pytest.mark.parametrize("args", [
    ["odds", "shoot", "--distance", "0"],                     # the rule's message says 0″
    ["odds", "shoot", "--firers", "٣"],                        # the value typed is not ASCII
    ["odds", "melee", "--a-mix", "épée:4"],
    ["odds", "shoot", "--firers", os.fsdecode(b"\xff")],       # not even decodable
    ["odds", "shoot", "—bogus"],
], ids=["rule-message", "arabic-digit", "accented-weapon", "undecodable", "em-dash-option"])
def test_error_line_falls_back_to_plain_characters(args: list[str], terminal: str) -> None:
    p = run(args, terminal)
    assert p.returncode == 2
    assert p.stdout == b""
    err = assert_ascii(p.stderr)
    assert err.startswith("error: ") and err.count("\n") == 1, err
