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


def _module_graph() -> dict[str, set[str]]:
    """Each module of the package and the package modules it imports (at any depth of its code: an import put
    inside a function to dodge a circle is still one)."""
    mods = {".".join(p.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__"): p
            for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for m, p in mods.items():
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for a in node.names:
                    target = f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in mods else node.module
                    if target in mods and target != m:
                        graph[m].add(target)
            elif isinstance(node, ast.Import):
                graph[m].update(a.name for a in node.names if a.name in mods and a.name != m)
    return graph


def _circles(graph: dict[str, set[str]]) -> list[tuple[str, ...]]:
    """The strongly connected groups of two or more modules (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[tuple[str, ...]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                group = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    group.append(w)
                    if w == v:
                        break
                if len(group) > 1:
                    out.append(tuple(sorted(group)))
    return sorted(out)


#: Import circles not yet taken apart: none is left, and a new one fails the test below.
KNOWN_CIRCLES: set[tuple[str, ...]] = set()


def test_no_import_circles() -> None:
    """No two modules import each other, directly or around a loop (a lazy import inside a function counts)."""
    found = set(_circles(_module_graph()))
    assert found <= KNOWN_CIRCLES, sorted(found - KNOWN_CIRCLES)
    assert found == KNOWN_CIRCLES, f"taken apart, so take off KNOWN_CIRCLES: {sorted(KNOWN_CIRCLES - found)}"


def test_the_circle_finder_finds_a_loop_and_nothing_else() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert _circles(graph) == [("a", "b", "c")]
