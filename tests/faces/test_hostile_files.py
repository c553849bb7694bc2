"""Files and streams that cannot hurt (issue 22, parts 1 and 2): only regular files are read, never more than a
cap and never blocking; only a regular file is replaced by a save, keeping its mode; an army names its list
from the shipped lists or a folder the user passes; a full disk or a closed stream gives one line and a
non-zero status, never a traceback, and a reader that goes away keeps the command's own status.

The reading guards are checked in process (memory measured with ``tracemalloc``), and in a subprocess where a
regression would block for ever (a FIFO) or where the stream is the operating system's (``>&-``, ``/dev/full``):
those subprocesses run under a hang guard and an address-space limit, so a regression fails instead of eating
the machine.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import resource
import stat
import subprocess
import sys
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
import yaml

from aot_rules.aot.army import load, shipped_path
from aot_rules.aot.army.load import MAX_BYTES, ArmyFileError
from aot_rules.aot.army.schema import ARMY_SCHEMA, LIST_SCHEMA
from aot_rules.cli import main
from aot_rules.core.safeio import MAX_DIGITS, UnsafeFile, checked_int, decode_utf8, read_capped, write_atomic
from aot_rules.tabletop import save as saving
from aot_rules.tabletop.save_schema import SAVE_SCHEMA

LEGAL = shipped_path("armies", "greeks-legal")
ILLEGAL = shipped_path("armies", "greeks-illegal")
LIST = shipped_path("lists", "greeks-5c-bc")
CMD = [sys.executable, "-m", "aot_rules"]
#: A hang guard, not a timing target: a command that blocks (a FIFO) fails here instead of never ending.
HANG = 60
#: The address space a hostile-input subprocess may use: the engine needs a few hundred MiB, /dev/zero read
#: whole would need gigabytes.
MEMORY = 1536 * 1024 * 1024
#: Where a command is run: in this process (both tiers) or in a fresh one (see :func:`run_where` below).
IN_PROCESS = "in-process"
#: Both, the fresh process in the full tier only (a fast-tier run would start an interpreter for each).
BOTH_TIERS = [IN_PROCESS, pytest.param("process", marks=pytest.mark.slow)]
needs_linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="FIFOs, /dev/zero and /dev/full")


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def cli(*args: str | Path, stdout: int | None = subprocess.PIPE, stderr: int | None = subprocess.PIPE,
        extra_fds: tuple[str, ...] = ()) -> subprocess.CompletedProcess[bytes]:
    """Run the command line as a player does, bounded in time and memory; ``extra_fds`` closes streams
    (``"stdout"``, ``"stderr"``) the way the shell's ``>&-`` does."""
    closes = [{"stdout": 1, "stderr": 2}[f] for f in extra_fds]

    def prepare() -> None:
        _limit_memory()
        for fd in closes:
            os.close(fd)

    # standard output block-buffered, as a player's shell gives it, even where the runner sets PYTHONUNBUFFERED:
    # unbuffered, a write fails at once and leaves nothing for the exit's flush to trip on
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    return subprocess.run([*CMD, *map(str, args)], stdout=stdout, stderr=stderr, timeout=HANG,
                          preexec_fn=prepare, env=env, check=False)


def one_error_line(p: subprocess.CompletedProcess[bytes]) -> str:
    err = p.stderr.decode("utf-8")
    assert err.count("\n") == 1 and err.startswith(("error: ", "aot_rules play: ", "aot_rules simulate: ")), err
    assert "Traceback" not in err and "internal error" not in err and "Exception" not in err
    return err.strip()


# --- reading: regular files only, capped while reading -----------------------------------------------------

def test_read_capped_reads_a_regular_file(tmp_path: Path) -> None:
    f = tmp_path / "f"
    f.write_bytes(b"x" * 10)
    assert read_capped(f, 10) == b"x" * 10
    with pytest.raises(UnsafeFile, match="larger than 9 bytes"):
        read_capped(f, 9)


@needs_linux
def test_dev_zero_is_refused_in_bounded_memory() -> None:
    tracemalloc.start()
    try:
        with pytest.raises(UnsafeFile, match="character device, not a regular file"):
            read_capped("/dev/zero", MAX_BYTES)
        with pytest.raises(ArmyFileError, match="/dev/zero: is a character device"):
            load("/dev/zero")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 4 * MAX_BYTES


def test_a_file_that_lies_about_its_size_is_cut_at_the_cap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cap is counted on the bytes read, not taken from ``st_size`` (``/proc`` files say 0)."""
    f = tmp_path / "grows.yaml"
    f.write_bytes(b"#" * (3 * MAX_BYTES))
    real = os.fstat

    def lying(fd: int) -> os.stat_result:
        st = real(fd)
        return os.stat_result((st.st_mode, *st[1:6], 0, *st[7:]))

    monkeypatch.setattr(os, "fstat", lying)
    tracemalloc.start()
    try:
        with pytest.raises(UnsafeFile, match="larger than 256 KiB"):
            read_capped(f, MAX_BYTES)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 3 * MAX_BYTES


@needs_linux
@pytest.mark.parametrize("where", BOTH_TIERS)
@pytest.mark.parametrize("command", [["army", "validate"], ["army", "show"], ["play", "--load"]])
def test_a_fifo_is_refused_without_blocking(tmp_path: Path, command: list[str], where: str) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    p = run_where(where, *command, fifo)
    assert p.returncode == 2 and p.stdout == b""
    assert one_error_line(p).endswith(f"{fifo}: is a FIFO (named pipe), not a regular file; only regular files "
                                      "are read")


@needs_linux
@pytest.mark.parametrize("where", BOTH_TIERS)
@pytest.mark.parametrize("command", [["army", "validate"], ["play", "--load"]])
def test_dev_zero_is_refused_by_the_commands(command: list[str], where: str) -> None:
    p = run_where(where, *command, "/dev/zero")
    assert p.returncode == 2 and "/dev/zero: is a character device, not a regular file" in one_error_line(p)


def test_a_socket_is_refused(tmp_path: Path) -> None:
    import socket

    path = tmp_path / "s"
    with socket.socket(socket.AF_UNIX) as s:
        s.bind(str(path))
        with pytest.raises(UnsafeFile, match="is a socket, not a regular file"):
            read_capped(path, 100)


def test_directory_and_missing(tmp_path: Path) -> None:
    with pytest.raises(UnsafeFile, match=r"^is a directory, not a file$"):
        read_capped(tmp_path, 100)
    with pytest.raises(UnsafeFile, match=r"^no such file$"):
        read_capped(tmp_path / "nothing", 100)


@pytest.mark.parametrize(("codec", "name"), [("utf-32", "UTF-32"), ("utf-32-le", "UTF-32"), ("utf-32-be", "UTF-32"),
                                             ("utf-16", "UTF-16"), ("utf-16-le", "UTF-16"), ("utf-16-be", "UTF-16")])
def test_wide_text_is_named_by_its_encoding(codec: str, name: str) -> None:
    with pytest.raises(UnsafeFile, match=f"^the file is {name} text; save it as UTF-8$"):
        decode_utf8("kind: army\n".encode(codec))


def test_utf_32_army_file_is_reported_as_utf_32(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "wide.yaml"
    f.write_bytes(LEGAL.read_text(encoding="utf-8").encode("utf-32"))
    assert main(["army", "validate", str(f)]) == 2
    assert capsys.readouterr().err == f"error: {f}: the file is UTF-32 text; save it as UTF-8\n"


# --- numbers of absurd length ---------------------------------------------------------------------------------

def test_checked_int_refuses_beyond_the_digit_limit() -> None:
    assert checked_int("-" + "9" * MAX_DIGITS) == -int("9" * MAX_DIGITS)
    with pytest.raises(UnsafeFile, match=f"more than {MAX_DIGITS} digits"):
        checked_int("9" * 5000)


def test_a_5000_digit_rank_in_an_army_is_a_refusal(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "big.yaml"
    f.write_text(LEGAL.read_text(encoding="utf-8").replace("ranks: [4, 4]", f"ranks: [{'9' * 5000}, 4]", 1),
                 encoding="utf-8")
    assert main(["army", "validate", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"a number with more than {MAX_DIGITS} digits" in err and len(err) < 300


def test_a_5000_digit_seed_in_a_save_is_a_refusal(tmp_path: Path) -> None:
    from aot_rules.tabletop.scenarios import scenario

    text = saving.dumps(scenario("delion", 3)).replace('"seed": 3', '"seed": ' + "9" * 5000, 1)
    assert '"seed": 999' in text
    with pytest.raises(saving.SaveFileError, match=f"more than {MAX_DIGITS} digits"):
        saving.loads(text, "big.json")


def _arrays(schema: object, where: str = "") -> list[tuple[str, dict[str, object]]]:
    """Every array schema inside ``schema``, with where it is."""
    out: list[tuple[str, dict[str, object]]] = []
    if isinstance(schema, dict):
        if schema.get("type") == "array" or (isinstance(schema.get("type"), list) and "array" in schema["type"]):
            out.append((where, schema))
        for k, v in schema.items():
            out += _arrays(v, f"{where}/{k}")
    elif isinstance(schema, list):
        for i, v in enumerate(schema):
            out += _arrays(v, f"{where}/{i}")
    return out


@pytest.mark.parametrize("schema", [ARMY_SCHEMA, LIST_SCHEMA, SAVE_SCHEMA], ids=["army", "army-list", "save"])
def test_every_list_in_a_file_has_a_maximum_length(schema: dict[str, object]) -> None:
    arrays = _arrays(schema)
    assert len(arrays) >= 5
    unbounded = [where for where, a in arrays if not isinstance(a.get("maxItems"), int)]
    assert not unbounded, unbounded


def test_too_many_units_is_refused_by_the_schema(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = yaml.safe_load(LEGAL.read_text(encoding="utf-8"))
    data["units"] = data["units"] * 40
    f = tmp_path / "many.yaml"
    f.write_text(json.dumps(data), encoding="utf-8")  # JSON is YAML, and writes no aliases
    assert main(["army", "validate", str(f)]) == 2
    assert "units: " in capsys.readouterr().err


# --- the list an army names -----------------------------------------------------------------------------------

@pytest.mark.parametrize("ref", ["/etc/passwd", "../../../../etc/passwd", "lists/mine.yaml", "/dev/zero"])
def test_an_army_cannot_name_an_arbitrary_path(capsys: pytest.CaptureFixture[str], tmp_path: Path, ref: str) -> None:
    (tmp_path / "lists").mkdir()
    (tmp_path / "lists" / "mine.yaml").write_bytes(LIST.read_bytes())
    army = tmp_path / "army.yaml"
    army.write_text(LEGAL.read_text(encoding="utf-8").replace("list: greeks-5c-bc", f"list: {ref}"), encoding="utf-8")
    assert main(["army", "validate", str(army)]) == 2
    err = capsys.readouterr().err
    assert err == (f"error: {army}: list {ref!r} is not a shipped list (chariot-kingdom-scenario, greeks-5c-bc); "
                   "a list file of your own is read only from a folder given with --lists DIR\n")
    assert "root:" not in err


@pytest.mark.parametrize("ref", ["../outside.yaml", "/etc/passwd", "sub/../../outside.yaml"])
def test_a_lists_folder_does_not_let_a_path_out(capsys: pytest.CaptureFixture[str], tmp_path: Path, ref: str) -> None:
    lists = tmp_path / "lists"
    lists.mkdir()
    (tmp_path / "outside.yaml").write_bytes(LIST.read_bytes())
    army = lists / "army.yaml"
    army.write_text(LEGAL.read_text(encoding="utf-8").replace("list: greeks-5c-bc", f"list: {ref}"), encoding="utf-8")
    assert main(["army", "validate", str(army), "--lists", str(lists)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and ("outside the lists folder" in err or "an absolute path is not read" in err), err


@pytest.mark.parametrize("ref", ["mine", "mine.yaml", "sub/mine.yaml"])
def test_a_list_inside_the_lists_folder_is_read(capsys: pytest.CaptureFixture[str], tmp_path: Path, ref: str) -> None:
    lists = tmp_path / "lists"
    (lists / "sub").mkdir(parents=True)
    for f in (lists / "mine.yaml", lists / "sub" / "mine.yaml"):
        f.write_bytes(LIST.read_bytes())
    army = tmp_path / "army.yaml"
    army.write_text(LEGAL.read_text(encoding="utf-8").replace("list: greeks-5c-bc", f"list: {ref}"), encoding="utf-8")
    assert main(["army", "validate", str(army), "--lists", str(lists)]) == 0, capsys.readouterr().err
    assert main(["army", "validate", str(army)]) == 2  # without the folder: refused


def test_lists_must_be_a_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["army", "validate", str(LEGAL), "--lists", "no-such-dir"]) == 2
    assert capsys.readouterr().err == "error: --lists: 'no-such-dir' is not a folder; give the folder that holds " \
                                      "your army lists\n"


# --- writing: only a regular file is replaced, its mode kept ---------------------------------------------------

def test_write_atomic_keeps_the_mode_of_the_file_it_replaces(tmp_path: Path) -> None:
    f = tmp_path / "game.json"
    f.write_text("old")
    f.chmod(0o640)
    write_atomic(f, "new")
    assert f.read_text() == "new" and stat.S_IMODE(f.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left


def test_write_atomic_gives_a_new_file_the_umask_mode(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        write_atomic(tmp_path / "new.json", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o640


@needs_linux
def test_save_refuses_what_is_not_a_regular_file(tmp_path: Path) -> None:
    from aot_rules.tabletop.scenarios import scenario

    state = scenario("delion", 1)
    fifo, link, real = tmp_path / "fifo", tmp_path / "link", tmp_path / "real"
    os.mkfifo(fifo)
    real.write_text("keep")
    link.symlink_to(real)
    for target, kind in ((fifo, "a FIFO (named pipe)"), (link, "a symbolic link"), (tmp_path, "a directory"),
                         (Path("/dev/full"), "a character device")):
        with pytest.raises(saving.SaveFileError, match=re.escape(f"is {kind}, not a regular file; only a regular "
                                                                 "file is replaced")):
            saving.save(state, target)
    assert stat.S_ISFIFO(fifo.lstat().st_mode) and link.is_symlink() and real.read_text() == "keep"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo", "link", "real"]


@needs_linux
@pytest.mark.parametrize("where", BOTH_TIERS)
def test_play_save_to_a_fifo_exits_2_and_leaves_it(tmp_path: Path, where: str) -> None:
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    p = run_where(where, "play", "--scenario", "delion", "--save", fifo)
    assert p.returncode == 2
    assert one_error_line(p) == f"aot_rules play: {fifo}: is a FIFO (named pipe), not a regular file; only a " \
                                "regular file is replaced"
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_play_save_keeps_the_mode(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "game.json"
    f.write_text("{}")
    f.chmod(0o600)
    assert main(["play", "--scenario", "delion", "--save", str(f)]) == 0
    assert stat.S_IMODE(f.stat().st_mode) == 0o600 and saving.load(f).scenario == "delion"


# --- streams: a full disk, a closed stream, a reader that goes away -------------------------------------------
#
# The streams are the operating system's, so the full tier meets each in a fresh process, as players do.  The fast
# tier meets the same streams in this process (cli_here): standard output and error opened on the same file
# descriptors as the interpreter opens them, or absent as the interpreter leaves a closed one, then flushed as at
# exit; it keeps a few real processes, so the interpreter's own part is checked in every run too.


def interpreter_stream(fd: int, *, stderr: bool = False) -> io.TextIOWrapper:
    """A standard stream on ``fd`` (not a terminal) as the interpreter opens it: standard output block-buffered
    and strict, standard error line-buffered and escaping what it cannot encode."""
    return io.TextIOWrapper(io.BufferedWriter(io.FileIO(fd, "w")), encoding="utf-8",
                            errors="backslashreplace" if stderr else "strict", line_buffering=stderr)


def cli_here(*args: str | Path, stdout: int | str = "capture",
             stderr: int | str = "capture") -> subprocess.CompletedProcess[bytes]:
    """:func:`cli` in this process.  Each stream is ``"capture"`` (a pipe the test reads), ``"closed"`` (``>&-``:
    the interpreter then has no such stream, None) or a file descriptor (the command gets a copy, as a child
    inherits it).  After the command, what is left in the streams is flushed as the interpreter flushes it at
    exit, which must not fail: in a real process that is a traceback ("Exception ignored") and status 120."""
    captured: dict[str, io.BytesIO] = {}

    def make(kind: int | str, name: str) -> io.TextIOWrapper | None:
        if kind == "closed":
            return None
        if kind == "capture":
            captured[name] = io.BytesIO()
            return io.TextIOWrapper(captured[name], encoding="utf-8", line_buffering=name == "stderr",
                                    errors="backslashreplace" if name == "stderr" else "strict")
        assert isinstance(kind, int)
        return interpreter_stream(os.dup(kind), stderr=name == "stderr")

    out, err = make(stdout, "stdout"), make(stderr, "stderr")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([str(a) for a in args])
        for stream in (out, err):
            if stream is not None:
                stream.flush()  # the interpreter's flush at exit
        values = {name: b.getvalue() for name, b in captured.items()}
    finally:
        for stream in (out, err):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
    return subprocess.CompletedProcess([*CMD, *map(str, args)], code, values.get("stdout"), values.get("stderr"))


def run_where(where: str, *args: str | Path, stdout: int | str = "capture", stderr: int | str = "capture",
              ) -> subprocess.CompletedProcess[bytes]:
    """The command in a fresh process (``"process"``) or in this one (IN_PROCESS), its streams as named
    (see :func:`cli_here`)."""
    if where == IN_PROCESS:
        return cli_here(*args, stdout=stdout, stderr=stderr)

    def real(kind: int | str) -> int | None:
        return subprocess.PIPE if kind == "capture" else None if kind == "closed" else int(kind)

    closed = tuple(name for name, kind in (("stdout", stdout), ("stderr", stderr)) if kind == "closed")
    return cli(*args, stdout=real(stdout), stderr=real(stderr), extra_fds=closed)


def places(cases: dict[str, list[str]], real_in_fast: tuple[str, ...]) -> list[Any]:
    """Each case in this process (both tiers) and in a fresh process (the full tier; the fast tier too for the
    cases named in ``real_in_fast``)."""
    return [param for name, args in cases.items() for param in (
        pytest.param(args, IN_PROCESS, id=f"{name}-{IN_PROCESS}"),
        pytest.param(args, "process", id=name, marks=() if name in real_in_fast else pytest.mark.slow))]


STREAM_COMMANDS = {
    "odds-json": ["odds", "melee", "--json"],
    "army-show": ["army", "show", str(LEGAL)],
    "help": ["--help"],
    "odds-help": ["odds", "melee", "--help"],
}
#: The table-top commands, whose help promises exit 2 with one line of their own for anything but a bug.
TABLE_COMMANDS = {
    "play-list": ["play", "--list"],
    "play-game": ["play", "--scenario", "greek-border", "--seed", "1"],
    "play-help": ["play", "--help"],
    "simulate": ["simulate", "--scenario", "greek-border", "--games", "1", "--turns", "1", "--workers", "1"],
}


@needs_linux
@pytest.mark.parametrize(("args", "where"), places(STREAM_COMMANDS, real_in_fast=("odds-json",)))
def test_a_full_disk_gives_one_line_and_status_1(args: list[str], where: str) -> None:
    with open("/dev/full", "wb") as full:
        p = run_where(where, *args, stdout=full.fileno())
    assert p.returncode == 1
    assert one_error_line(p) == "error: cannot write the answer to standard output: No space left on device"


@needs_linux
@pytest.mark.parametrize(("args", "where"), places(TABLE_COMMANDS, real_in_fast=("play-game",)))
def test_a_full_disk_under_play_and_simulate_gives_their_one_line_and_status_2(args: list[str], where: str) -> None:
    """``play`` and ``simulate`` say in their help: exit 0 with the answer, or 2 with one line of their own."""
    with open("/dev/full", "wb") as full:
        p = run_where(where, *args, stdout=full.fileno())
    assert p.returncode == 2
    assert one_error_line(p) == (f"aot_rules {args[0]}: cannot write the answer to standard output: No space left "
                                 "on device")


@needs_linux
@pytest.mark.parametrize(("args", "where"), places(STREAM_COMMANDS, real_in_fast=("help",)))
def test_a_closed_stdout_gives_one_line_and_status_1(args: list[str], where: str) -> None:
    p = run_where(where, *args, stdout="closed")
    assert p.returncode == 1
    assert one_error_line(p) == "error: cannot write the answer: standard output is closed"


@needs_linux
@pytest.mark.parametrize(("args", "where"), places({"odds": ["odds", "melee", "--a-ranks", "x"],
                                                    "play": ["play", "--scenario", "nowhere"]}, real_in_fast=()))
def test_with_stderr_closed_a_refusal_does_not_move_to_stdout(args: list[str], where: str) -> None:
    p = run_where(where, *args, stderr="closed")
    assert (p.returncode, p.stdout) == (2, b"")


@needs_linux
@pytest.mark.parametrize("where", BOTH_TIERS)
def test_a_full_stderr_still_exits_2_quietly(where: str) -> None:
    with open("/dev/full", "wb") as full:
        p = run_where(where, "odds", "melee", "--a-ranks", "x", stderr=full.fileno())
    assert (p.returncode, p.stdout) == (2, b"")


@pytest.mark.parametrize(("army", "status"), [(ILLEGAL, 1), (LEGAL, 0)], ids=["illegal", "legal"])
@pytest.mark.parametrize("where", [IN_PROCESS, "process"])  # a real process in both tiers: the status is its exit
def test_a_reader_that_goes_away_keeps_the_exit_status(army: Path, status: int, where: str) -> None:
    """``army validate illegal.yaml | true``: the answer is dropped, the status is still 1."""
    r, w = os.pipe()
    os.close(r)  # the reader is gone before a byte is written
    try:
        p = run_where(where, "army", "validate", army, stdout=w)
    finally:
        os.close(w)
    assert (p.returncode, p.stderr) == (status, b"")
