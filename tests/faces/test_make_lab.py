"""``make lab`` starts JupyterLab as the README promises: the Python set-up only (no ``npm ci``), as root too."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _recipe(**overrides: str) -> list[str]:
    """What ``make lab`` would run, every prerequisite counted as out of date (``-B``), nothing run (``-n``)."""
    extra = [f"{k}={v}" for k, v in overrides.items()]
    out = subprocess.run(["make", "-n", "-B", "lab", *extra], cwd=ROOT, capture_output=True, text=True, check=True)
    return out.stdout.splitlines()


def test_lab_needs_no_front_end_install_and_allows_root() -> None:
    lines = _recipe()
    assert not any("npm" in line for line in lines), lines
    (lab,) = [line for line in lines if "jupyter lab" in line]
    assert ("--allow-root" in lab) == (os.getuid() == 0)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.slow
def test_lab_starts_and_answers(tmp_path: Path) -> None:
    """The very command ``make lab`` runs starts a server that answers /api/status (then it is stopped)."""
    port = _free_port()
    (lab,) = [line for line in _recipe(LAB_PORT=str(port), BIN=str(Path(sys.executable).parent))
              if "jupyter lab" in line]
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(tmp_path), "JUPYTER_CONFIG_DIR": str(tmp_path / "cfg")}
    log = tmp_path / "lab.log"
    with log.open("wb") as sink:
        server = subprocess.Popen(f"exec {lab} --ServerApp.token=''", shell=True, cwd=ROOT, env=env,
                                  stdout=sink, stderr=sink, start_new_session=True)
    try:
        status = None
        for _ in range(240):  # a bounded wait for start-up on a busy machine, not a timing assertion
            if server.poll() is not None:
                break
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status") as r:
                    status = json.load(r)
                break
            except OSError:
                time.sleep(0.5)
        assert status is not None and "started" in status, log.read_text(errors="replace")[-2000:]
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=60)
