"""Fill translations into a language's catalogue from a plain table (for translators working outside a PO editor).

    python tools/translate.py ru table.tsv     # each line: msgid <TAB> translation (\\t, \\n escaped)

Only messages the catalogue already holds (``make messages`` puts them there) are filled; an unknown msgid, a
translation whose placeholders differ from its template, or a fuzzy flag left behind is refused, so a
catalogue never gains a message that would fail to render.  Babel reads and writes the catalogue.
"""

from __future__ import annotations

import string
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]


def fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f is not None}


def unescape(text: str) -> str:
    return text.replace("\\t", "\t").replace("\\n", "\n")


def main(lang: str, table: str) -> int:
    po_path = ROOT / "aot_rules" / "locales" / lang / "LC_MESSAGES" / "aot_rules.po"
    with po_path.open("rb") as fp:
        cat = read_po(fp, locale=lang)
    bad = 0
    for n, line in enumerate(Path(table).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        msgid, _, rest = line.partition("\t")
        msgid = unescape(msgid)
        forms = [unescape(x) for x in rest.split("\t")]
        m = cat.get(msgid)
        if m is None:
            print(f"{table}:{n}: not in the catalogue: {msgid!r}", file=sys.stderr)
            bad += 1
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        want = set().union(*(fields(i) for i in ids))
        if any(fields(f) - want for f in forms) or not fields(forms[0]) >= fields(ids[0]) - {"n"}:
            print(f"{table}:{n}: placeholders differ from the template: {msgid!r}", file=sys.stderr)
            bad += 1
            continue
        m.string = tuple(forms) if isinstance(m.id, tuple) else forms[0]
        m.flags.discard("fuzzy")
    if bad:
        return 1
    with po_path.open("wb") as fp:
        write_po(fp, cat, width=0, sort_by_file=True, include_previous=False)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
