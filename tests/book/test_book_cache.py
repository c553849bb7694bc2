"""The book's execution cache is keyed on the engine code each page imports (book/_ext/aot_cache.py).

Touching an engine module must re-execute exactly the pages whose code reaches it: these tests edit a copy of
the package and compare every page's key before and after, then drive the extension's Sphinx hook.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "book" / "_ext"))
import aot_cache  # noqa: E402

PAGES = sorted((ROOT / "book").rglob("*.md"))


@pytest.fixture()
def engine_copy(tmp_path: Path) -> Iterator[Path]:
    """A private copy of the package, to be edited by a test."""
    shutil.copytree(ROOT / "aot_rules", tmp_path / "aot_rules", ignore=shutil.ignore_patterns("__pycache__"))
    aot_cache.forget()
    yield tmp_path
    aot_cache.forget()


def keys(root: Path) -> dict[str, str]:
    aot_cache.forget()
    return {p.relative_to(ROOT).as_posix(): aot_cache.engine_key(p.read_text(encoding="utf-8"), root) for p in PAGES}


def users(module: str, root: Path) -> set[str]:
    return {p.relative_to(ROOT).as_posix() for p in PAGES
            if module in aot_cache.page_modules(p.read_text(encoding="utf-8"), root)}


def touch(root: Path, module: str) -> None:
    path = root / (module.replace(".", "/") + ".py")
    path.write_text(path.read_text(encoding="utf-8") + "\n# touched\n", encoding="utf-8")


@pytest.mark.parametrize("module", ["aot_rules.present.diagrams.turning", "aot_rules.present.quickref",
                                    "aot_rules.core.dist"])
def test_touching_an_engine_module_changes_exactly_the_keys_of_the_pages_that_import_it(
        engine_copy: Path, module: str) -> None:
    before = keys(engine_copy)
    touch(engine_copy, module)
    after = keys(engine_copy)
    changed = {page for page in before if before[page] != after[page]}
    assert changed == users(module, engine_copy)
    assert changed, f"no page uses {module}?"
    if module != "aot_rules.core.dist":  # a module few pages use leaves the others cached
        assert "book/shooting.md" not in changed and len(changed) < len(PAGES) / 2, changed


def test_a_text_only_page_has_no_engine_key() -> None:
    assert aot_cache.engine_key((ROOT / "book" / "index.md").read_text(encoding="utf-8")) == ""


def test_package_data_is_part_of_the_key(engine_copy: Path) -> None:
    """The widget's script and the shipped army files are read by the engine: editing them re-runs pages."""
    page = (ROOT / "book" / "shooting.md").read_text(encoding="utf-8")
    before = aot_cache.engine_key(page, engine_copy)
    js = engine_copy / "aot_rules" / "present" / "assets" / "widget.js"
    js.write_text(js.read_text(encoding="utf-8") + "\n// touched\n", encoding="utf-8")
    assert aot_cache.engine_key(page, engine_copy) != before


def test_the_key_becomes_a_hidden_first_cell() -> None:
    text = (ROOT / "book" / "turning.md").read_text(encoding="utf-8")
    keyed = aot_cache.with_key(text, "abc123")
    assert keyed.startswith(text[: text.index("---", 3) + 4])
    assert "```{code-cell} ipython3\n:tags: [remove-cell]\n# engine key (execution cache): abc123\n```" in keyed
    assert keyed.replace("\n" + aot_cache.KEY_CELL.format(key="abc123"), "", 1) == text


def test_sphinx_is_told_to_reread_the_pages_whose_key_moved() -> None:
    """The env-get-outdated hook lists a page whose stored key differs from its key now, and no other."""
    docs = {"book/turning": ROOT / "book" / "turning.md", "book/shooting": ROOT / "book" / "shooting.md"}
    now = {d: aot_cache.engine_key(p.read_text(encoding="utf-8")) for d, p in docs.items()}
    env = SimpleNamespace(aot_engine_keys={"book/turning": "stale", "book/shooting": now["book/shooting"]},
                          doc2path=lambda d: docs[d])
    assert aot_cache._outdated(None, env, set(), set(), set()) == ["book/turning"]
    assert aot_cache._outdated(None, env, set(), {"book/turning"}, set()) == []  # already being re-read
