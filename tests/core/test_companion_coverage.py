"""Issue 10's coverage: each companion system has its own registry and shares only the kernel.

(Every dice entry registered is in ``tests/core/test_catalogue.py``; the book half, every ID labelled and badged
once, is in ``tests/book/test_book_build.py``.)
"""

from __future__ import annotations

import pytest

from aot_rules.systems import registries


@pytest.mark.parametrize("system", ["aob", "sp", "bat"])
def test_each_companion_system_has_its_own_registry(system: str) -> None:
    reg = next(r for r in registries() if r.system == system)
    assert len(reg) > 0
    assert all(m.rule_id.startswith(reg.prefix) for m in reg)


def test_companion_packages_do_not_import_art_of_tactics() -> None:
    """A newcomer sees at a glance which code belongs to which game: the companions share only the kernel."""
    from pathlib import Path

    import aot_rules

    root = Path(aot_rules.__file__).parent
    for system in ("aob", "sp", "bat"):
        for path in (root / system).rglob("*.py"):
            imports = [line for line in path.read_text(encoding="utf-8").splitlines()
                       if line.lstrip().startswith(("from aot_rules.aot", "import aot_rules.aot"))]
            assert not imports, f"{path.relative_to(root)} imports Art of Tactics code: {imports}"
