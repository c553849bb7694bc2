"""Every catalogue template the captions, narration, quick references and book words write is one Babel extracts.

Babel's Python extractor drops a ``msg()`` written inside another call within a ``msg()``/``nmsg()`` call's values
(``msg("{x}", x=f(msg("y")))``), and an ``nmsg`` so written loses its plural: such a template would never reach the
catalogue, and its words would stay English in every language.  This reads each file's literal calls and checks that
``make messages`` (the same extractor, the same keywords) finds each, with its plural.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from babel.messages.extract import extract

ROOT = Path(__file__).resolve().parents[2]
FACES = sorted([*(ROOT / "aot_rules" / "present" / "replay").glob("*.py"),
                *(ROOT / "aot_rules" / "present" / f for f in ("narrate.py", "sitewords.py", "page.py", "quickref.py",
                                                              "static.py", "svg.py", "readings.py"))])
KEYWORDS = {"msg": None, "nmsg": (1, 2)}


def written(source: str) -> set[str | tuple[str, str]]:
    """The templates of the literal ``msg``/``nmsg`` calls in a file."""
    out: set[str | tuple[str, str]] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in KEYWORDS:
            args = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            out.add(args[0] if node.func.id == "msg" else (args[0], args[1]))  # type: ignore[attr-defined]
    return out


def extracted(source: str) -> set[str | tuple[str, str]]:
    import io

    return {m if isinstance(m, str) else (m[0], m[1])
            for _, m, _, _ in extract("python", io.BytesIO(source.encode()), keywords=KEYWORDS)}


@pytest.mark.parametrize("path", FACES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_template_is_extracted(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    assert not written(source) - extracted(source)


def test_a_template_inside_another_call_is_seen_missing() -> None:
    source = 'x = nmsg("{n} a", "{n} a", n=1, v=f(msg("inner")))\ny = msg("{v}", v=msg("fine"))\n'
    assert written(source) - extracted(source) == {("{n} a", "{n} a"), "inner"}
