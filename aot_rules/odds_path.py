"""What of this package the reader's browser runs (the odds path), and what it leaves out.

The browser's engine (Pyodide, through ``present.answer``) has the standard library alone: none of pyproject's
``tabletop`` and ``army`` extras (shapely, PyYAML, jsonschema) and no sympy.  The modules named here need one of
them, or are a face the browser never shows; the site's wheel leaves them out (``book/_ext/aot_engine.py``), and
``tests/core/test_odds_path.py`` imports every other module, and answers every mechanic, with those packages hidden.
"""

from __future__ import annotations

#: What the browser does not have.
BLOCKED = ("shapely", "yaml", "jsonschema", "sympy")

#: Modules off the odds path, each needing one of those packages (or a face the browser never runs).
OFF_PATH = (
    "aot_rules.__main__",  # runs the command line when imported
    "aot_rules.tabletop",  # shapely: the table-top engine
    "aot_rules.cli.play",  # the table-top engine's command line
    "aot_rules.cli.simulate",  # many table-top games
    "aot_rules.cli.replay",  # a table-top game written as a replay page
    "aot_rules.formulas",  # sympy: the mathematics under each widget
    "aot_rules.present.diagrams",  # shapely: the drawn rules
    "aot_rules.present.page",  # book pages: diagrams and worked examples on the table
    "aot_rules.present.replay",  # shapely: replays of table-top runs
    "aot_rules.present.tablelog",  # the table-top log told in words: its events are the table-top's
    "aot_rules.aot.army",  # PyYAML and jsonschema: army lists and armies are files
    "aot_rules.present.army_report",  # armies and lists drawn as tables: the army package's face
)


def off_path(module: str) -> bool:
    """Whether a module (a dotted name) is one of :data:`OFF_PATH` or inside one."""
    return any(module == o or module.startswith(o + ".") for o in OFF_PATH)
