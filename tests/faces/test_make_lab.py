"""``make lab`` starts JupyterLab as the README promises: the Python set-up only (no ``npm ci``), as root too."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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


@contextlib.contextmanager
def _lab(tmp: Path, extra: str = "", app_in_page: bool = False) -> Iterator[tuple[int, dict[str, Any] | None, Path]]:
    """The very command ``make lab`` runs, on a free port with no token and a settings folder of its own (and, with
    ``app_in_page``, JupyterLab's app exposed to the page as ``window.jupyterapp``); its port, its /api/status
    answer (None if it never answered) and its log.  Stopped afterwards."""
    port = _free_port()
    (lab,) = [line for line in _recipe(LAB_PORT=str(port), BIN=str(Path(sys.executable).parent))
              if "jupyter lab" in line]
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(tmp), "JUPYTER_CONFIG_DIR": str(tmp / "cfg"),
           "JUPYTERLAB_SETTINGS_DIR": str(tmp / "settings"), "JUPYTERLAB_WORKSPACES_DIR": str(tmp / "workspaces"),
           "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    command = lab.replace("--notebook-dir=notebooks", extra) if extra else lab
    log = tmp / "lab.log"
    with log.open("wb") as sink:
        expose = " --LabApp.expose_app_in_browser=True" if app_in_page else ""
        server = subprocess.Popen(f"exec {command} --ServerApp.token=''{expose}", shell=True, cwd=ROOT, env=env,
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
        yield port, status, log
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=60)


@pytest.mark.slow
def test_lab_starts_and_answers(tmp_path: Path) -> None:
    """The very command ``make lab`` runs starts a server that answers /api/status (then it is stopped)."""
    with _lab(tmp_path) as (_, status, log):
        assert status is not None and "started" in status, log.read_text(errors="replace")[-2000:]


@pytest.mark.slow
@pytest.mark.browser
def test_opening_a_notebook_in_jupyterlab_leaves_it_unmodified(tmp_path: Path) -> None:
    """Opening a play aid and letting its kernel start must not mark it modified: the saved metadata (kernelspec,
    language_info) is what JupyterLab would write, and no output or widget state is stored to go stale."""
    from book.browser.chromium import start, stop

    notebooks = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    # One JupyterLab page opens every play aid in a tab of its own (the app exposed to the page for that), rather
    # than loading JupyterLab again for each: the same check, one page load and one wait for the kernels' replies.
    with _lab(tmp_path, app_in_page=True) as (port, status, log):
        assert status is not None, log.read_text(errors="replace")[-2000:]
        d, profile = start(1280, 900)
        try:
            d.get(f"http://127.0.0.1:{port}/lab?reset")
            for _ in range(240):  # a bounded wait for JupyterLab to start in the page, not a timing assertion
                if d.execute_script("return Boolean(window.jupyterapp && window.jupyterapp.started)"):
                    break
                time.sleep(0.5)
            d.execute_script("const app = window.jupyterapp; return app.started.then(() => Promise.all(arguments[0]"
                             ".map(p => app.commands.execute('docmanager:open', {path: p})))).then(() => true)",
                             notebooks)
            for _ in range(240):  # every notebook's kernel started and idle (the server's sessions), bounded
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/sessions") as r:
                    sessions = json.load(r)
                if len(sessions) == len(notebooks) and all(x["kernel"]["execution_state"] == "idle"
                                                           for x in sessions):
                    break
                time.sleep(0.5)
            assert sorted(x["path"] for x in sessions) == notebooks
            time.sleep(3)  # the kernels' information arrives just after they turn idle
            tabs = {name: d.find_element("xpath", f"//li[contains(@class, 'lm-TabBar-tab')][contains(., '{name}')]")
                    for name in notebooks}
            dirty = [name for name, tab in tabs.items() if "jp-mod-dirty" in tab.get_attribute("class")]
            assert not dirty
        finally:
            stop(d, profile)


@pytest.mark.parametrize("path", sorted((ROOT / "notebooks").glob("*.ipynb")), ids=lambda p: p.name)
def test_a_notebook_stores_what_jupyterlab_would_write(path: Path) -> None:
    """The fast half of the check above: the kernelspec as installed (JupyterLab rewrites a differing display
    name on opening) and the kernel's language, with no outputs or execution counts stored."""
    from jupyter_client.kernelspec import KernelSpecManager

    nb = json.loads(path.read_text(encoding="utf-8"))
    spec = KernelSpecManager().get_kernel_spec("python3")
    assert nb["metadata"]["kernelspec"] == {"display_name": spec.display_name, "language": spec.language,
                                            "name": "python3"}
    info = nb["metadata"]["language_info"]
    assert info["name"] == "python" and info["pygments_lexer"] == "ipython3" and "version" in info
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert all(not c["outputs"] and c["execution_count"] is None for c in code)

