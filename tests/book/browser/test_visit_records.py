"""The run's one record of each page visit is shared between workers (``conftest.shared_record``)."""

from __future__ import annotations

from pathlib import Path

from .conftest import shared_record
from .visits import Visit


def _visit(n: int) -> Visit:
    return Visit(errors=[f"error {n}"], offsite=[], document=1000 + n, resources=[("a.js", 5), ("b.css", n)],
                 widgets=n, serious=[{"id": "label", "impact": "serious", "nodes": ["#x"]}])


def test_a_page_is_visited_once_per_run_and_read_back_whole(tmp_path: Path) -> None:
    made: list[int] = []

    def make() -> Visit:
        made.append(1)
        return _visit(len(made))

    first = shared_record("run-1", "book/melee", make, root=tmp_path)
    again = shared_record("run-1", "book/melee", make, root=tmp_path)  # as another worker asks
    assert made == [1] and again == first == _visit(1)
    other = shared_record("run-2", "book/melee", make, root=tmp_path)  # a new run visits afresh
    assert made == [1, 1] and other == _visit(2)
    assert shared_record(None, "book/melee", make, root=tmp_path) == _visit(3)  # no xdist: no record kept
