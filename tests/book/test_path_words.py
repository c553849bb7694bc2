"""Issue #38: the learning path is read in an evening: its prose and Readings come to at most 25,000 words
(counted from the chapters' sources by ``tools/path_words.py``; a size, not a timing)."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _counter() -> ModuleType:
    spec = importlib.util.spec_from_file_location("path_words", ROOT / "tools" / "path_words.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("path_words", module)
    spec.loader.exec_module(module)
    return module


PW = _counter()


def test_the_path_is_the_first_part_of_the_table_of_contents() -> None:
    docs = PW.path_docs(ROOT)
    assert docs[0] == "book/intro" and docs[-1] == "book/demoralization" and "book/melee" in docs
    assert len(docs) == 14


def test_the_count_leaves_out_code_labels_options_and_generated_text_and_splits_off_readings() -> None:
    text = "\n".join([
        "---", "jupytext: x", "---", "# Moving on", "(aot-x)=", "Two {ref}`short words <aot-x>` here.",
        "```{code-cell} ipython3", "print('not counted at all')", "```",
        "<!-- BEGIN the generated list -->", "many generated words", "<!-- END the generated list -->",
        ":::{admonition} Reading: a die is a die", ":class: note dropdown aot-reading",
        "One line, {rule}`AOT-RUN`.", ":::",
    ])
    count = PW.count_text(text)
    assert (count.prose, count.readings) == (2 + 4, 6 + 3)


def test_the_path_holds_at_most_25000_words_of_prose_and_readings() -> None:
    counts = PW.count_path(ROOT)
    total = sum(c.total for c in counts)
    assert total <= PW.TARGET == 25_000, PW.report(counts)
    assert all(c.prose > 0 for c in counts)


def test_what_army_and_weather_teach_ahead_of_its_rule_points_forward() -> None:
    """Issue #38, teach in order: a unit property (chapter 2) or a weather effect (chapter 4) that changes a rule
    taught later says so in one line, linking to a section of a later chapter of the path."""
    docs = PW.path_docs(ROOT)
    where = {label: n for n, doc in enumerate(docs)
             for label in re.findall(r"^\(([\w-]+)\)=", (ROOT / f"{doc}.md").read_text(encoding="utf-8"), re.M)}
    where.update({doc.removeprefix("book/"): n for n, doc in enumerate(docs)})
    sections = {"book/army": ("aot-prop-regular", "aot-prop-initiative", "aot-prop-barbarian", "aot-prop-elite"),
                "book/weather": ("aot-weather-wind", "aot-weather-mud", "aot-weather-rain", "aot-weather-storm",
                                 "aot-weather-night")}
    for doc, labels in sections.items():
        text = (ROOT / f"{doc}.md").read_text(encoding="utf-8")
        for label in labels:
            body = text.split(f"({label})=", 1)[1].split("\n#", 2)[1]
            note = re.search(r"^\*Taught later:\*(.*)$", body, re.M)
            assert note, f"{doc}: {label} has no forward note"
            targets = re.findall(r"\{(?:ref|doc)\}`(?:[^`<]*<)?([\w-]+)>?`", note.group(1))
            assert targets and all(where[t] > docs.index(doc) for t in targets), (label, targets)
