"""Move a book page's translations between its .po file and a plain table a translator edits.

    python tools/book_po.py export PAGE.po > table.tsv   # untranslated (or --all) entries: msgid <TAB> msgstr
    python tools/book_po.py fill PAGE.po table.tsv       # write the table's translations into the .po

One line per entry, tabs and newlines escaped as ``\\t`` and ``\\n``.  ``fill`` refuses a line whose msgid the
page does not hold or whose translation loses the source's markup (``tools/po_check.py`` decides), and writes
nothing while any line is refused, so a page never gains a translation that would break its links.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

sys.path.insert(0, str(Path(__file__).resolve().parent))
from po_check import latin_words, markup


def escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def unescape(text: str) -> str:
    out, i = [], 0
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text):
            out.append({"t": "\t", "n": "\n", "\\": "\\"}.get(text[i + 1], "\\" + text[i + 1]))
            i += 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def load(path: Path) -> Catalog:
    with path.open("rb") as fp:
        return read_po(fp, locale="ru")


def export(path: Path, everything: bool = False) -> int:
    for m in load(path):
        if m.id and (everything or not m.string):
            print(f"{escape(str(m.id))}\t{escape(str(m.string or ''))}")
    return 0


def fill(path: Path, table: Path) -> int:
    cat = load(path)
    bad = 0
    for n, line in enumerate(table.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or "\t" not in line:
            continue
        raw_id, _, raw_text = line.partition("\t")
        msgid, text = unescape(raw_id), unescape(raw_text)
        m = cat.get(msgid)
        if m is None:
            print(f"{table}:{n}: the page holds no such msgid: {msgid[:70]!r}", file=sys.stderr)
            bad += 1
            continue
        if not text.strip():
            continue
        want, got = markup(msgid), markup(text)
        lost = [k for k in want if want[k] != got[k]]
        if lost:
            print(f"{table}:{n}: {', '.join(lost)} differ from the source: {msgid[:70]!r}", file=sys.stderr)
            bad += 1
            continue
        if text != msgid and (english := latin_words(text)):
            print(f"{table}:{n}: Latin words in the translation: {' '.join(english[:8])}", file=sys.stderr)
            bad += 1
            continue
        m.string = text
        m.flags.discard("fuzzy")
    if bad:
        print(f"{bad} line(s) refused; nothing written", file=sys.stderr)
        return 1
    with path.open("wb") as fp:
        write_po(fp, cat, width=0, include_previous=False)
    return 0


def main(argv: list[str]) -> int:
    if len(argv) >= 2 and argv[0] == "export":
        return export(Path(argv[1]), everything="--all" in argv)
    if len(argv) == 3 and argv[0] == "fill":
        return fill(Path(argv[1]), Path(argv[2]))
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
