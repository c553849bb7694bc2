"""The package's layers stay apart: the core knows no game, a rule system knows no face, nothing
registers by side effect, and every rule system's IDs carry its own prefix."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from aot_rules.systems import SYSTEMS, registries

PACKAGE = Path(__file__).resolve().parents[2] / "aot_rules"

#: What each layer may import from the package (besides itself).
ALLOWED = {
    "core": ("aot_rules.core",),
    "aot": ("aot_rules.core", "aot_rules.aot"),
    "tabletop": ("aot_rules.core", "aot_rules.aot", "aot_rules.tabletop"),
}


def _package_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return {n for n in names if n == "aot_rules" or n.startswith("aot_rules.")}


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layer_imports_only_what_is_below_it(layer: str) -> None:
    files = sorted((PACKAGE / layer).rglob("*.py"))
    assert files, layer
    bad = {f"{f.relative_to(PACKAGE)}: {m}" for f in files for m in _package_imports(f)
           if not m.startswith(ALLOWED[layer])}
    assert not bad, sorted(bad)


def test_the_checker_sees_a_forbidden_import(tmp_path: Path) -> None:
    f = tmp_path / "x.py"
    f.write_text("from aot_rules.present.render import summary\nimport aot_rules.cli\n")
    assert _package_imports(f) == {"aot_rules.present.render", "aot_rules.cli"}


def test_importing_a_rule_system_registers_nothing() -> None:
    """Registries are built when asked for: importing the mechanics modules has no side effect."""
    code = ("import aot_rules.aot.mechanics.shooting, aot_rules.core.registry as r, gc\n"
            "print(sum(isinstance(o, r.Registry) for o in gc.get_objects()))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "0"


def test_each_system_has_its_own_prefix_and_keys_are_unique() -> None:
    regs = registries()
    assert len(regs) == len(SYSTEMS)
    assert len({r.prefix for r in regs}) == len(regs)
    for reg in regs:
        assert len(reg) > 0
        assert all(m.rule_id.startswith(reg.prefix) for m in reg)
    keys = [m.key for reg in regs for m in reg]
    assert len(keys) == len(set(keys))
