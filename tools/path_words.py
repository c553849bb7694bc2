"""How long the learning path is to read (issue #38): the words a reader reads in its chapters, from their sources.

The path is the first part of ``_toc.yml`` ("Learn the game"). Each chapter's MyST source is counted in two parts:

- **prose**: the chapter's own text, headings and lists and hand-written tables included;
- **readings**: the text (title and body) of its *Reading* boxes (``:::{admonition} Reading…``).

Left out, because the reader does not read them as the chapter's prose: the notebook header, fenced blocks of every
kind (code cells and the widgets, diagrams, generated tables and "Show the mathematics" blocks they print, literal
includes, command lines), HTML comments and what lies between ``BEGIN``/``END`` generated markers, MyST labels
(``(aot-x)=``), directive option lines (``:class: …``) and the fences themselves. A role keeps only the words it
shows (``{ref}`the text <target>``` counts "the text"; ``{rule}`AOT-RUN``` counts the rule ID as one word). A word
is a run of letters or digits, joined by an apostrophe or a hyphen (``don't``, ``AOT-RUN``, ``10″`` is one word).

``python tools/path_words.py`` prints the count per chapter and the total against :data:`TARGET`.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
#: The most the path's prose and Readings together may hold (issue #38).
TARGET = 25_000

_WORD = re.compile(r"[^\W_]+(?:['’\-][^\W_]+)*")
_FENCE = re.compile(r"^(`{3,}|~{3,})")
_ROLE = re.compile(r"\{[a-z:-]+\}`([^`]*)`")
_BOX = re.compile(r"^(:{3,})\{admonition\} Reading")


class Count(NamedTuple):
    """One chapter's words: its prose and its Reading boxes."""

    doc: str
    prose: int
    readings: int

    @property
    def total(self) -> int:
        return self.prose + self.readings


def path_docs(root: Path = ROOT) -> list[str]:
    """The learning path's documents, in order: the first part of ``_toc.yml`` (read without a YAML parser, so this
    runs on the standard library alone)."""
    docs: list[str] = []
    in_first = False
    for line in (root / "_toc.yml").read_text(encoding="utf-8").splitlines():
        if line.strip().startswith("- caption:"):
            if in_first:
                break
            in_first = True
        elif in_first and (m := re.match(r"\s*- file:\s*(\S+)", line)):
            docs.append(m.group(1))
    return docs


def words(text: str) -> int:
    """The words of a piece of shown text: a role counts only what it shows."""
    text = _ROLE.sub(lambda m: re.sub(r"\s*<[^>]*>\s*$", "", m.group(1)), text)
    return len(_WORD.findall(text))


def count_text(text: str, doc: str = "") -> Count:
    """Count one chapter's MyST source (see the module's docstring for what is left out)."""
    lines = text.splitlines()
    if lines and lines[0].strip() == "---":  # the notebook header
        end = next((i for i, line in enumerate(lines[1:], 1) if line.strip() == "---"), 0)
        lines = lines[end + 1:]
    prose = readings = 0
    fence = ""
    box = ""
    generated = comment = False
    for line in lines:
        stripped = line.strip()
        if fence:
            if stripped.startswith(fence) and stripped.strip(fence[0]) == "":
                fence = ""
            continue
        if m := _FENCE.match(stripped):
            fence = m.group(1)
            continue
        if "<!-- BEGIN" in line:
            generated = True
        if generated:
            generated = "<!-- END" not in line
            continue
        if comment or stripped.startswith("<!--"):
            comment = "-->" not in stripped
            continue
        if box and stripped == box:
            box = ""
            continue
        if m := _BOX.match(stripped):
            box = m.group(1)
            readings += words(stripped.split("}", 1)[1])
            continue
        if re.fullmatch(r"\([\w-]+\)=", stripped) or re.fullmatch(r":[\w-]+:.*", stripped):
            continue
        if re.fullmatch(r":{3,}(\{[\w-]+\}.*)?", stripped):  # a directive's fences; its title is shown
            stripped = stripped.split("}", 1)[1] if "}" in stripped else ""
        n = words(stripped)
        if box:
            readings += n
        else:
            prose += n
    return Count(doc, prose, readings)


def count_path(root: Path = ROOT) -> list[Count]:
    """Every chapter of the path, counted, in the path's order."""
    return [count_text((root / f"{doc}.md").read_text(encoding="utf-8"), doc) for doc in path_docs(root)]


def report(counts: list[Count]) -> str:
    """The count as the bench prints it: the total against the target, then each chapter."""
    total = sum(c.total for c in counts)
    prose = sum(c.prose for c in counts)
    head = (f"learning path: {total:,} words of prose and Readings (target <= {TARGET:,}): "
            f"{prose:,} prose + {total - prose:,} in Readings, {len(counts)} chapters")
    rows = [f"  {c.doc.removeprefix('book/'):<16} {c.total:>6,}  (prose {c.prose:,}, Readings {c.readings:,})"
            for c in counts]
    return "\n".join([head, *rows])


if __name__ == "__main__":
    print(report(count_path(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT)))
