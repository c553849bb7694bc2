"""The CPU time of the browsers the suite drives, which the suite's own CPU count would otherwise miss.

``tests/conftest.py`` records a run's CPU time from ``getrusage(RUSAGE_CHILDREN)``: the CPU of every process the
suite started and waited for.  Chromium is not one of them: ChromeDriver starts it and is stopped before it
waits for it, so its renderers' work (page loads, BokehJS, the axe audits, Pyodide) went uncounted and the run
looked idle while Chromium was busy.  Each browser's process tree is read from ``/proc`` just before it is shut
down (:func:`measure`); a pytest-xdist worker leaves its sum in the run's shared folder (``once.py``) for the
controller, which adds it to the run's CPU time (:func:`total`).
"""

from __future__ import annotations

import os
from pathlib import Path

from once import controller_folders, run_folder

_SPENT = [0.0]


def _stat(pid: int) -> tuple[int, float] | None:
    """(parent pid, CPU seconds of the process and of the children it has waited for), or None if it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    ticks = os.sysconf("SC_CLK_TCK")
    return int(fields[1]), sum(int(f) for f in fields[11:15]) / ticks  # ppid; utime, stime, cutime, cstime


def tree_cpu(root: int) -> float:
    """CPU seconds of ``root`` and of every process below it (Linux ``/proc``; 0 elsewhere)."""
    if not Path("/proc").is_dir():
        return 0.0
    stats = {int(p.name): s for p in Path("/proc").iterdir() if p.name.isdigit() and (s := _stat(int(p.name)))}
    below, todo = {root}, [root]
    while todo:
        parent = todo.pop()
        for pid, (ppid, _) in stats.items():
            if ppid == parent and pid not in below:
                below.add(pid)
                todo.append(pid)
    return sum(stats[pid][1] for pid in below if pid in stats)


def measure(root: int) -> None:
    """Count the CPU of the browser under ``root`` (ChromeDriver's pid), just before it is stopped."""
    spent = tree_cpu(root)
    folder = run_folder()
    if folder is None:
        _SPENT[0] += spent
        return
    folder.mkdir(exist_ok=True)
    with (folder / f"browser-cpu-{os.getpid()}").open("a") as f:
        f.write(f"{spent}\n")


def total() -> float:
    """The browsers' CPU seconds in this run: this process's own, and (in the controller) its workers'."""
    spent = _SPENT[0]
    for folder in controller_folders():
        for record in folder.glob("browser-cpu-*"):
            spent += sum(float(line) for line in record.read_text().split())
    return spent
