"""The site's scripts write their words through the one message catalogue (book/_ext/aot_engine.py ships each
language's messages of the scripts as locales/<lang>.json; book/_ext/engine/i18n.js reads them).

No book build: the extraction, the plural table and the shipped messages are checked on the sources."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from aot_rules.core.i18n import catalogue

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "book" / "_ext"))

import aot_engine  # noqa: E402

SCRIPTS = ["book/_ext/engine/at-the-table.js", "book/_ext/engine/client.js", "aot_rules/present/assets/widget.js",
           "aot_rules/present/assets/replay.js", "book/_static/aot-site.js"]


def test_every_script_writes_its_words_as_catalogue_templates() -> None:
    """Each script's words are found by Babel's JavaScript extractor, whole sentences with named values only."""
    found = aot_engine.js_messages(ROOT)
    ids = [m if isinstance(m, str) else m[0] for m in found]
    for script, template in [(SCRIPTS[0], "No question has the rule ID {rid}. Pick one below."),
                             (SCRIPTS[1], "The engine could not start."),
                             (SCRIPTS[2], "No answer: see the message under {controls}."),
                             (SCRIPTS[3], "Step {i} of {n}"), (SCRIPTS[4], "value")]:
        assert template in ids, (script, template)
        assert template in (ROOT / script).read_text(encoding="utf-8")
    assert ("The rule it applies ({n})", "The rules it applies ({n})") in found
    assert not [t for t in ids if re.search(r"\{\}|\{\d", t)], "positional placeholders"


def _calls(text: str) -> int:
    """How many catalogue calls with a literal template a script makes."""
    return len(re.findall(r"(?<![\w$])n?msg\(\s*['\"]", text))


@pytest.mark.parametrize("script", SCRIPTS)
def test_no_template_escapes_the_extractor(script: str) -> None:
    """Every msg('…')/nmsg('…') call of the script is one the extractor reads (a call inside a template literal, say,
    would be shown but never translated)."""
    from babel.messages.extract import extract_from_file

    got = list(extract_from_file("javascript", str(ROOT / script), keywords={"msg": None, "nmsg": (1, 2)}))
    assert len(got) == _calls((ROOT / script).read_text(encoding="utf-8")) > 0


def test_make_messages_puts_the_scripts_templates_in_the_one_catalogue(tmp_path: Path) -> None:
    """The extraction ``make messages`` runs (babel.cfg, the Makefile's keywords and folders) finds the scripts'
    templates too: Babel skips folders named with a leading underscore (book/_ext, book/_static) unless told."""
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    keywords = shlex.split(re.search(r"^BABEL_KEYWORDS := (.*)$", make, re.M).group(1))  # type: ignore[union-attr]
    ignore = re.search(r'--ignore-dirs="([^"]*)"', make)
    assert ignore, "make messages names the folders to skip"
    pot = tmp_path / "messages.pot"
    pybabel = [sys.executable, "-c", "from babel.messages.frontend import main; main()"]
    subprocess.run([*pybabel, "extract", "-F", "babel.cfg", *keywords,
                    f"--ignore-dirs={ignore.group(1)}", "--no-wrap", "-o", str(pot), "."], cwd=ROOT, check=True,
                   capture_output=True, timeout=300)
    with pot.open("rb") as f:
        ids = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f)}
    missing = [m for m in aot_engine.js_messages(ROOT) if (m if isinstance(m, str) else m[0]) not in ids]
    assert not missing


def test_the_plural_table_follows_the_catalogue() -> None:
    """Russian's three forms by CLDR category, as the catalogue's Plural-Forms rule numbers them; a rule that splits
    a category (so Intl.PluralRules could not stand for it) is refused."""
    ru = catalogue("ru")
    assert aot_engine.plural_forms("ru", ru.plural) == {"one": 0, "few": 1, "many": 2}  # type: ignore[attr-defined]
    assert aot_engine.plural_forms("en", lambda n: int(n != 1)) == {"one": 0, "other": 1}
    with pytest.raises(ValueError, match="splits"):
        aot_engine.plural_forms("ru", lambda n: 0 if n == 1 else 1 if n in (2, 3, 4) else 2)


def test_the_shipped_messages_are_the_catalogues() -> None:
    """locales/ru.json holds each script message the compiled catalogue translates, as translated (a plural one as
    its three forms), and leaves out the rest, which then read in English."""
    doc = aot_engine.catalogue_doc(ROOT, "ru")
    cat = catalogue("ru")
    for m in aot_engine.js_messages(ROOT):
        if isinstance(m, str):
            own = cat.gettext(m)
            assert doc["messages"].get(m) == (own if own != m else None), m
        else:
            forms = [cat.ngettext(m[0], m[1], n) for n in (1, 2, 5)]
            assert doc["messages"].get(m[0]) == (forms if forms[0] != m[0] else None), m
