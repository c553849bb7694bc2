"""book/build_book.py: how many Sphinx jobs the book is built with, and the word given for an extension that says
nothing about parallel reading (book/_ext/aot_parallel.py)."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "book"))
sys.path.insert(0, str(ROOT / "book" / "_ext"))
import aot_parallel  # noqa: E402
import build_book  # noqa: E402


def test_one_job_per_usable_core_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("AOT_BOOK_JOBS", raising=False)
    monkeypatch.setattr(build_book.os, "sched_getaffinity", lambda _pid: {0, 3, 5})
    assert build_book.jobs() == 3


@pytest.mark.parametrize("raw", ["1", "4", " 2 "])
def test_the_environment_sets_the_job_count(monkeypatch: pytest.MonkeyPatch, raw: str) -> None:
    monkeypatch.setenv("AOT_BOOK_JOBS", raw)
    assert build_book.jobs() == int(raw)


@pytest.mark.parametrize("raw", ["0", "-2", "two", "1.5"])
def test_a_bad_job_count_is_refused_in_one_line(monkeypatch: pytest.MonkeyPatch, raw: str) -> None:
    monkeypatch.setenv("AOT_BOOK_JOBS", raw)
    with pytest.raises(SystemExit) as e:
        build_book.jobs()
    assert str(e.value).startswith("error: AOT_BOOK_JOBS") and "\n" not in str(e.value)


def test_only_the_named_silent_extension_is_declared_safe() -> None:
    def ext(read: bool | None) -> SimpleNamespace:
        return SimpleNamespace(parallel_read_safe=read)

    exts = {"sphinx_multitoc_numbering": ext(None), "other_silent": ext(None), "unsafe": ext(False)}
    aot_parallel._declare(SimpleNamespace(extensions=exts), None)  # type: ignore[arg-type]
    assert exts["sphinx_multitoc_numbering"].parallel_read_safe is True
    assert exts["other_silent"].parallel_read_safe is None  # still warned about: the strict build fails
    assert exts["unsafe"].parallel_read_safe is False
