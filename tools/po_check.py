"""Check the book's translations: every entry translated and not fuzzy, and each translation keeping its
source's markup, so the translated build links the same places and shows the same code and maths.

    python tools/po_check.py [--lang ru] [--allow-untranslated] [FILE.po ...]

Kept in a translation: every role's target (``{ref}`…`` / ``{doc}`` / ``{rule}`` / ``{numref}`` / ``{eq}``
and ``{term}`` exactly, as many times as the source: Sphinx refuses a translation whose references differ),
inline code, inline maths and link targets.  Also refused: Latin-letter words outside code, maths, role
targets and rule IDs (a Russian page should carry no English), except the few in ``LATIN_ALLOWED``.
Exit 0 when clean, 1 with one line per problem otherwise.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]

ROLE = re.compile(r"\{([a-z][\w:-]*)\}`([^`]*)`")
CODE = re.compile(r"``[^`]+``|(?<![}`])`[^`]+`")
MATH = re.compile(r"\$\$.+?\$\$|\$[^$\n]+\$", re.S)
LINK = re.compile(r"\]\(([^)\s]+)\)")
RULE_ID = re.compile(r"\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+\b")
LATIN = re.compile(r"[A-Za-z][A-Za-z'’]*")
URL = re.compile(r"https?://\S+")
HTMLTAG = re.compile(r"</?[a-zA-Z][^>]*>")
SUBST = re.compile(r"\{\{[^}]*\}\}")
ROMAN = re.compile(r"[IVXLC]+")

# Words that stay in Latin letters in Russian text: abbreviations, file formats, tools and measure marks.
LATIN_ALLOWED = frozenset(
    """d D d6 D6 AD DP VP CLI JSON JupyterLab Jupyter Python Pyodide Bokeh Sphinx MyST Markdown HTML PNG PDF
    URL ID IDs pip npm make README GitHub Chromium Kalinin AoT AoB SP BAT CSV TSV sympy shapely hypothesis
    Art Tactics Age Battles Batalist qps ru en x n k""".split()
)

Problem = tuple[str, int, str]


def target(role: str, text: str) -> str:
    """The part of a role that names where it points (``title <target>`` or the whole text)."""
    m = re.search(r"<([^<>]+)>\s*$", text)
    return m.group(1).strip() if m else text.strip()


def markup(text: str) -> dict[str, Counter[str]]:
    roles = [(r, target(r, t)) for r, t in ROLE.findall(text)]
    rest = ROLE.sub(" ", text)
    return {
        "links": Counter(f"{r}:{t}" for r, t in roles),
        "code": Counter(CODE.findall(rest)),
        "maths": Counter(MATH.findall(rest)),
        "urls": Counter(LINK.findall(rest)),
    }


def latin_words(text: str) -> list[str]:
    """Latin-letter words a reader would see: role titles count, role targets, code, maths and IDs do not."""
    shown = ROLE.sub(lambda m: _title(m.group(2)) if "<" in m.group(2) else " ", text)
    for pattern in (CODE, MATH, LINK, URL, HTMLTAG, SUBST, RULE_ID):
        shown = pattern.sub(" ", shown)
    return [w for w in LATIN.findall(shown) if w not in LATIN_ALLOWED and not ROMAN.fullmatch(w)]


def _title(text: str) -> str:
    return re.sub(r"<[^<>]+>\s*$", " ", text)


#: A translation MyST would read as a list, a quote or a heading, not as the paragraph of text Sphinx puts in the
#: source's place: Sphinx keeps the English then ("1. The first close combat" as a section title).
BLOCK_START = re.compile(r"^(?:\d+[.)]|[-*+>]|#{1,6})(?:\s|$)")


def check(path: Path, lang: str, allow_untranslated: bool) -> list[Problem]:
    with path.open("rb") as fp:
        cat = read_po(fp, locale=lang)
    problems: list[Problem] = []
    name = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)
    for m in cat:
        if not m.id:
            continue
        line = m.lineno or 0
        source = m.id if isinstance(m.id, str) else m.id[0]
        text = m.string if isinstance(m.string, str) else (m.string[0] if m.string else "")
        if m.fuzzy:
            problems.append((name, line, "fuzzy"))
        if not text:
            if not allow_untranslated:
                problems.append((name, line, f"untranslated: {source[:60]!r}"))
            continue
        want, got = markup(source), markup(text)
        for kind in want:
            if want[kind] != got[kind]:
                diff = (want[kind] - got[kind]) + (got[kind] - want[kind])
                problems.append((name, line, f"{kind} differ: {sorted(diff)}"))
        if BLOCK_START.match(text):
            problems.append((name, line, "starts like a list or block (Sphinx drops it): escape it, e.g. '1\\. '"))
        english = latin_words(text)
        if english and text != source:
            problems.append((name, line, f"Latin words: {' '.join(english[:8])}"))
    return problems


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--lang", default="ru")
    ap.add_argument("--allow-untranslated", action="store_true")
    args = ap.parse_args(argv)
    files = args.files or sorted((ROOT / "locales" / args.lang / "LC_MESSAGES").rglob("*.po"))
    problems = [p for f in files for p in check(f.resolve(), args.lang, args.allow_untranslated)]
    for name, line, what in problems:
        print(f"{name}:{line}: {what}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
