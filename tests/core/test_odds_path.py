"""The odds path runs on the standard library alone, as it must in the reader's browser (Pyodide).

Pyodide here has no shapely, PyYAML or jsonschema (pyproject's ``tabletop`` and ``army`` extras).  A fresh
interpreter is started with those packages made unimportable by a meta-path blocker; in it every
module of the odds path is imported and every registered mechanic of the four systems is evaluated
(at its defaults and on a sample of its widget grid) through :func:`aot_rules.present.answer.answer`,
the function the browser's worker calls.  Its answers must be the ones this interpreter, with every
package present, gives.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

from aot_rules.core.errors import RuleError
from aot_rules.odds_path import BLOCKED, off_path
from aot_rules.present.answer import answer
from aot_rules.systems import all_mechanics

ROOT = Path(__file__).resolve().parents[2]
BLOCKER = """
import importlib.abc, sys
class Blocker(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"blocked: {name}", name=name)
        return None
sys.meta_path.insert(0, Blocker())
"""

CHILD = BLOCKER + """
import importlib, json
out = {"blocked": [], "imported": [], "failed": {}, "answers": {}}
for name in BLOCKED:
    try:
        importlib.import_module(name)
    except ModuleNotFoundError:
        out["blocked"].append(name)
for name in MODULES:
    try:
        importlib.import_module(name)
        out["imported"].append(name)
    except Exception as e:
        out["failed"][name] = f"{type(e).__name__}: {e}"
from aot_rules.present.answer import answer
from aot_rules.core.errors import RuleError
for rid, cases in CASES.items():
    got = []
    for values in cases:
        try:
            got.append(answer(rid, values))
        except RuleError as e:
            got.append({"refused": str(e)})
    out["answers"][rid] = got
print(json.dumps(out))
"""


def odds_path_modules() -> list[str]:
    """Every module of the package except those off the odds path (:data:`aot_rules.odds_path.OFF_PATH`), read off
    its files (``pkgutil`` does not walk into a folder without ``__init__.py``, such as ``aot/rules``)."""
    sources = (p.relative_to(ROOT).with_suffix("") for p in (ROOT / "aot_rules").rglob("*.py"))
    names = {".".join(p.parts[:-1] if p.name == "__init__" else p.parts) for p in sources}
    return sorted(n for n in names if not off_path(n))


def _jsonable(values: dict[str, Any]) -> dict[str, Any]:
    from aot_rules.present.static import option_text

    return {k: v if isinstance(v, (bool, int)) else option_text(getattr(v, "value", v)) for k, v in values.items()}


def _cases() -> dict[str, list[dict[str, Any]]]:
    """Each mechanic's defaults, plus the first, middle and last point of its widget grid."""
    cases: dict[str, list[dict[str, Any]]] = {}
    for m in all_mechanics():
        grid = list(m.grid())
        picks = [grid[0], grid[len(grid) // 2], grid[-1]] if grid else []
        cases[m.rule_id] = [{}, *(_jsonable(g) for g in picks)]
    return cases


def _run_blocked(modules: list[str], cases: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    code = (f"import json\nBLOCKED = {BLOCKED!r}\nMODULES = {modules!r}\n"
            f"CASES = json.loads({json.dumps(json.dumps(cases))})\n" + CHILD)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    result: dict[str, Any] = json.loads(proc.stdout)
    return result


def test_odds_path_needs_only_the_standard_library() -> None:
    modules = odds_path_modules()
    cases = _cases()
    got = _run_blocked(modules, cases)
    assert got["blocked"] == list(BLOCKED), "the blocker must really hide the extras"
    assert got["failed"] == {}, got["failed"]
    assert got["imported"] == modules
    assert {"aot_rules.present.answer", "aot_rules.systems", "aot_rules.cli"} <= set(modules)
    assert set(got["answers"]) == {m.rule_id for m in all_mechanics()}
    for rid, answers in got["answers"].items():
        for values, shown in zip(cases[rid], answers, strict=True):
            try:
                want: dict[str, Any] = answer(rid, values)
            except RuleError as e:
                want = {"refused": str(e)}
            assert shown == want, (rid, values)


def test_the_blocker_stops_the_table_top() -> None:
    """The same blocker does keep the table-top engine out: the test above could fail."""
    code = f"BLOCKED = {BLOCKED!r}\n" + BLOCKER + "import aot_rules.tabletop.geometry\n"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode != 0 and "blocked: shapely" in proc.stderr


def test_pyproject_declares_the_extras() -> None:
    """What the odds path does without is declared where pip sees it: the ``tabletop`` and ``army``
    extras, and ``all`` for both (the base install is the standard-library odds engine)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    assert project["dependencies"] == []
    assert any(r.lower().startswith("shapely") for r in extras["tabletop"])
    assert {r.split(">")[0].split("=")[0].lower() for r in extras["army"]} == {"pyyaml", "jsonschema"}
    assert set(extras["all"]) >= {"aot_rules[tabletop,army]"}
