"""Issue 10's coverage: every dice entry of the three companion systems is a registered mechanic.

(The book half, every ID labelled and badged once, is in ``tests/book/test_book_build.py``.)
"""

from __future__ import annotations

import pytest
from companion_index import PREFIXES, entries, examples

from aot_rules.systems import all_mechanics, registries


def test_the_index_parse_finds_the_three_systems(rules_index_text: str) -> None:
    found = entries(rules_index_text)
    counts = {p: sum(e.rule_id.startswith(p + "-") for e in found) for p in PREFIXES}
    assert counts == {"AOB": 22, "SP": 60, "BAT": 52}, counts
    assert sum(e.dice for e in found) == 46
    assert "AOB-EX-CASUALTY" in examples(rules_index_text)


def test_every_dice_entry_is_registered(rules_index_text: str) -> None:
    registered = {m.rule_id for m in all_mechanics()}
    missing = [e.rule_id for e in entries(rules_index_text) if e.dice and e.rule_id not in registered]
    assert not missing, f"dice entries with no registered mechanic: {missing}"


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
