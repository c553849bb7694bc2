"""``python -m aot_rules army validate|show FILE``: exit 0 with a summary for a legal army, exit 1 with one line
per broken rule, exit 2 with one line on standard error for any file that cannot be read as an army, never a
traceback.  A few cases run as players run them (a subprocess); the rest in process, for speed."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aot_rules.aot.army import shipped_path
from aot_rules.cli import main

LEGAL = shipped_path("armies", "greeks-legal")
ILLEGAL = shipped_path("armies", "greeks-illegal")
LIST = shipped_path("lists", "greeks-5c-bc")
CMD = [sys.executable, "-m", "aot_rules"]
VIOLATION = re.compile(r"^AOT-[A-Z0-9-]+: [^:]+: \S.*$")


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: pytest.CaptureFixture[str], path: Path) -> str:
    """The one line ``army validate`` prints for an unreadable file (and checks the contract around it)."""
    code, out, err = run(capsys, "army", "validate", path)
    assert (code, out) == (2, ""), err
    assert err.startswith("error: ") and err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err and "internal error" not in err
    return err.strip()


# --- as players run it ----------------------------------------------------------------------------

def test_subprocess_legal_army_exits_0_with_a_summary() -> None:
    p = subprocess.run([*CMD, "army", "validate", str(LEGAL)], capture_output=True, text=True, encoding="utf-8")
    assert (p.returncode, p.stderr) == (0, "")
    assert p.stdout == "greeks-legal.yaml: legal — 19 of 20 points, 11 units\n"


def test_subprocess_illegal_army_exits_1_with_one_line_per_violation() -> None:
    p = subprocess.run([*CMD, "army", "validate", str(ILLEGAL)], capture_output=True, text=True, encoding="utf-8")
    assert (p.returncode, p.stderr) == (1, "")
    lines = p.stdout.splitlines()
    assert len(lines) == 16 and all(VIOLATION.match(ln) for ln in lines), lines
    assert "AOT-ARMY-POINTS: army: the army costs 23 points; the budget is 20" in lines
    assert "AOT-CMD-SLOTS: slot 2: colonel Demosthenes cannot be written on a slot; colonels act through " \
           "'individual' slots" in lines


def test_subprocess_missing_file_exits_2_with_one_line(tmp_path: Path) -> None:
    p = subprocess.run([*CMD, "army", "validate", str(tmp_path / "nope.yaml")], capture_output=True, text=True)
    assert (p.returncode, p.stdout) == (2, "")
    assert p.stderr == f"error: {tmp_path / 'nope.yaml'}: no such file\n"


def test_subprocess_show_on_an_ascii_terminal() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    p = subprocess.run([*CMD, "army", "show", str(LEGAL)], capture_output=True, env=env)
    assert (p.returncode, p.stderr) == (0, b"")
    text = p.stdout.decode("ascii")  # nothing outside ASCII reached the terminal
    assert "19 of 20 points" in text and "6in" in text


def test_subprocess_show_survives_a_reader_that_goes_away() -> None:
    r, w = os.pipe()
    p = subprocess.Popen([*CMD, "army", "show", str(ILLEGAL)], stdout=w, stderr=subprocess.PIPE)
    os.close(w)
    os.read(r, 10)
    os.close(r)
    _, err = p.communicate(timeout=60)
    assert (p.returncode, err) == (0, b"")


# --- in process: the answers ------------------------------------------------------------------------

def test_validate_legal_and_illegal(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "army", "validate", LEGAL) == (0, "greeks-legal.yaml: legal — 19 of 20 points, 11 units\n", "")
    code, out, err = run(capsys, "army", "validate", ILLEGAL)
    assert (code, err) == (1, "") and len(out.splitlines()) == 16


def test_validate_a_list_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "army", "validate", LIST)
    assert (code, err) == (0, "")
    assert out == "greeks-5c-bc.yaml: a well-formed army list — Greeks: 2 core and 2 auxiliary entries\n"


def test_show_prints_units_costs_density_move_properties_totals_and_slots(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "army", "show", LEGAL)
    assert (code, err) == (0, "")
    assert re.search(r"^unit\s+troops\s+ranks\s+D\s+move\s+weapons\s+gear\s+properties\s+pts$", out, re.M)
    assert re.search(r"^Scythian archers\s+Scythian archers\s+2\+2\s+2\s+8″\s+bow\s+—\s+elite: initiative, "
                     r"veteran\s+2$", out, re.M)
    assert re.search(r"^Levy hoplites\s+Hoplites\s+4\+4\s+4\s+6″.*recruit\s+0\.5$", out, re.M)
    assert re.search(r"^Right-wing hoplites\s+Hoplites 1 \+ standard bearer 1 \+ general Pericles 1\s+3$", out, re.M)
    assert "Total: 19 of 20 points · 11 units · 2 generals, 1 colonel" in out
    assert "Slots: 1 individual · 2 Lamachos · 3 Lamachos · 4 Pericles · 5 Pericles · 6 individual" in out
    assert out.rstrip().endswith("Legal: no rule is broken.")


def test_show_an_illegal_army_lists_its_violations(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "army", "show", ILLEGAL)
    assert (code, err) == (0, "")
    assert "Not legal: 16 violations" in out and "  AOT-PROP-RECRUIT: Standard-bearing levy:" in out
    assert re.search(r"^Cavalry I\s+Cavalry\s+2\+1\s+—\s+—", out, re.M)  # the engine cannot stand it up


def test_show_a_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "army", "show", LIST)
    assert code == 0 and "bow (implied)" in out and re.search(r"auxiliary\s+0-2\s+3 mounted\s+Cavalry", out)


@pytest.mark.parametrize("args", [["army", "--help"], ["army", "-h"], ["army", "validate", "--help"],
                                  ["army", "show", "--help"], ["army"]])
def test_help(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    code, out, err = run(capsys, *args)
    assert (code, err) == (0, "") and out.startswith("usage: python -m aot_rules army")
    if "validate" in args:
        assert "exit 1" in out and "FILE" in out


def test_top_level_usage_mentions_army(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "python -m aot_rules army {validate,show} FILE" in out
    code, _, err = run(capsys, "armies")
    assert code == 2 and err == "error: unknown command 'armies'; try: odds, army, play, simulate, replay\n"


@pytest.mark.parametrize("args", [["army", "check", "x"], ["army", "validate"], ["army", "validate", "a", "b"],
                                  ["army", "show", "--bogus", "x"], ["army", "validate", "a\nb"]])
def test_bad_command_lines_are_one_line_refusals(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    code, out, err = run(capsys, *args)
    assert (code, out) == (2, "") and err.startswith("error: ") and err.count("\n") == 1, err


# --- in process: every way a file can be unusable ---------------------------------------------------------

def test_garbage_bytes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "garbage.yaml"
    f.write_bytes(bytes(range(128, 256)) * 4)
    assert refused(capsys, f) == f"error: {f}: the file is not UTF-8 text (byte 0x80 at offset 0); save it as UTF-8"


def test_binary_with_nul_bytes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "bin.yaml"
    f.write_bytes(b"kind: army\x00\x01\x02")
    assert "NUL bytes" in refused(capsys, f)


@pytest.mark.parametrize("content", [b"", b"   \n\n", b"# a comment only\n", b"---\n...\n"], ids=repr)
def test_empty_files(capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes) -> None:
    f = tmp_path / "empty.yaml"
    f.write_bytes(content)
    assert "the file is empty" in refused(capsys, f)


def test_truncated_yaml(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = LEGAL.read_text(encoding="utf-8")
    f = tmp_path / "cut.yaml"
    f.write_text(text[:text.index("unit: Centre hoplites}") + 12], encoding="utf-8")  # inside a flow mapping
    assert re.fullmatch(r"error: .*cut\.yaml: not valid YAML: .*\(line \d+, column \d+\)", refused(capsys, f))
    f.write_text(text[:text.index("slots:")], encoding="utf-8")  # a whole section lost
    assert refused(capsys, f).endswith(": the key 'slots' is missing")


def test_truncated_inside_a_multibyte_character(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    raw = LIST.read_bytes()
    f = tmp_path / "cut.yaml"
    f.write_bytes(raw[:raw.index("—".encode()) + 1])  # the first byte of an em dash
    assert "not UTF-8" in refused(capsys, f)


def test_latin_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "latin1.yaml"
    f.write_bytes(LEGAL.read_text(encoding="utf-8").replace("—", "-").replace("Pericles", "Periclès")
                  .encode("latin-1"))
    assert re.fullmatch(r"error: .*: the file is not UTF-8 text \(byte 0xe8 at offset \d+\); save it as UTF-8",
                        refused(capsys, f))


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-le", "utf-16-be", "utf-32"])
def test_utf_16_and_32(capsys: pytest.CaptureFixture[str], tmp_path: Path, codec: str) -> None:
    f = tmp_path / "wide.yaml"
    f.write_bytes(LEGAL.read_text(encoding="utf-8").encode(codec))
    assert re.search("UTF-32" if "32" in codec else "UTF-16", refused(capsys, f))


def test_a_directory(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert refused(capsys, tmp_path) == f"error: {tmp_path}: is a directory, not a file"


def test_a_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert refused(capsys, tmp_path / "missing.yaml") == f"error: {tmp_path / 'missing.yaml'}: no such file"


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "secret.yaml"
    f.write_bytes(LEGAL.read_bytes())
    f.chmod(0)
    assert "cannot read the file" in refused(capsys, f)


def test_a_huge_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "huge.yaml"
    f.write_bytes(b"# " + b"x" * 300_000 + b"\n")
    assert "larger than" in refused(capsys, f)


@pytest.mark.parametrize(("content", "needle"), [
    ("- just\n- a list\n", "expected a mapping"),
    ("kind: army\nkind: army\n", "key 'kind' is written twice"),
    ("a: &x [1]\nb: *x\n", "aliases"),
    ("[" * 5000, "not valid YAML"),
    ("kind: spaceship\n", "kind: 'spaceship' is not one of: army, army-list"),
    ("kind: army\nname: x\nlist: greeks-5c-bc\nunits: {}\nslots: {}\n", "units: expected a list"),
    ("kind: army\nname: x\nlist: no-such-list\nunits: []\nslots: {}\n",
     "is not a shipped list (chariot-kingdom-scenario, greeks-5c-bc)"),
    ("kind: army\nname: x\nlist: greeks-5c-bc\nunits: [{name: a, entry: Hoplites, ranks: [4.0, 4]}]\nslots: {}\n",
     "ranks[0]: expected a whole number, found 4.0"),
    ("kind: army\nname: \"a\\u0007b\"\nlist: greeks-5c-bc\nunits: []\nslots: {}\n", "name"),
    ("kind: \"army\x07\"\n", "control character U+0007"),
    ("kind: army-list\nname: X\nnationality: Y\ncore: [{name: A, warriors: 12, weapons: [spear]}]\n",
     "warriors: 12 is above the largest allowed value 10"),
], ids=repr)
def test_malformed_files(capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, needle: str) -> None:
    f = tmp_path / "bad.yaml"
    f.write_text(content, encoding="utf-8")
    line = refused(capsys, f)
    assert needle in line and len(line) < 400, line


def test_a_list_reference_inside_the_lists_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "lists").mkdir()
    (tmp_path / "lists" / "mine.yaml").write_bytes(LIST.read_bytes())
    army = tmp_path / "army.yaml"
    army.write_text(LEGAL.read_text(encoding="utf-8").replace("list: greeks-5c-bc", "list: lists/mine.yaml"),
                    encoding="utf-8")
    assert run(capsys, "army", "validate", army, "--lists", tmp_path)[0] == 0
    (tmp_path / "lists" / "mine.yaml").write_bytes(b"\xff\xfe")
    code, out, err = run(capsys, "army", "validate", army, "--lists", tmp_path)
    assert (code, out, err.count("\n")) == (2, "", 1)
    line = err.strip()
    assert "list 'lists/mine.yaml'" in line and "UTF-16" in line


# --- any cut of a good file: an answer, never a traceback -------------------------------------------------

@settings(max_examples=80)
@given(st.integers(0, len(LEGAL.read_bytes())))
def test_every_prefix_of_the_legal_army_gets_an_answer(cut: int) -> None:
    import contextlib
    import io
    import tempfile

    raw = LEGAL.read_bytes()
    with tempfile.TemporaryDirectory() as d:
        f = Path(d) / "cut.yaml"
        f.write_bytes(raw[:cut])
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["army", "validate", str(f)])
    assert code in (0, 1, 2) and "Traceback" not in out.getvalue() + err.getvalue()
    if code == 2:
        assert out.getvalue() == "" and err.getvalue().count("\n") == 1 and err.getvalue().startswith("error: ")
    else:
        assert err.getvalue() == ""
        lines = out.getvalue().splitlines()
        assert code == 0 or all(VIOLATION.match(ln) for ln in lines)
    if code == 0:  # only the whole file (give or take its final line break and comment) is legal
        assert raw[:cut].rstrip() == raw.rstrip()
