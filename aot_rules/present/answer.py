"""The one home of an odds answer: what ``odds <RULE-ID> --json`` prints, for any face that asks.

The command line prints it; the book's Web Worker (Pyodide, in the reader's browser) returns it
to the chapter widgets and the *At the table* page.  Both come here, so the browser cannot drift
from the CLI: the same registry lookup, the same typed parameter record, the same renderer.

This module is on the *odds path*: it and everything it imports must run on the standard library
alone (no shapely, PyYAML or jsonschema), because Pyodide in the browser has none of them.
``tests/core/test_odds_path.py`` checks that with those packages made unimportable.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import Message
from aot_rules.core.registry import Mechanic
from aot_rules.present.render import as_json, summary
from aot_rules.systems import get


def refusal(e: RuleError, m: Mechanic[Any] | None) -> str:
    """One line for a refusal: the options it is about (in the CLI's own names), the rule, the reason.

    >>> from aot_rules.systems import get
    >>> m = get("AOT-SHOOT-HIT")
    >>> try:
    ...     m.evaluate(firers=99)
    ... except RuleError as e:
    ...     refusal(e, m)
    "AOT-SHOOT-HIT: --firers takes a whole number from 1 to 20, not '99'"
    """
    flags = [p.flag for name in e.params if m is not None for p in m.inputs if p.name == name]
    named = e.msg.names() if isinstance(e.msg, Message) else set()  # an option the refusal already names
    head = ", ".join(f for f in flags if f not in named)
    return f"{head}: {e}" if head else str(e)


def _names(m: Mechanic[Any], values: Mapping[str, Any]) -> dict[str, Any]:
    """Values keyed by parameter name; a key may be written as the CLI's option without its dashes
    (``target-density``), and a flag may arrive as ``no-name`` or as its ``off`` word (``turn`` for
    ``trot`` off), as on the command line."""
    out: dict[str, Any] = {}
    offs = {p.off: p.name for p in m.inputs if p.off}
    offs.update({"no_" + p.name: p.name for p in m.inputs if p.kind == "bool"})
    names = {p.name for p in m.inputs}
    for key, value in values.items():
        name = key.lstrip("-").replace("-", "_")
        if name not in names and name in offs:
            name, value = offs[name], not _truth(value)
        out[name] = value
    return out


def _truth(value: Any) -> bool:
    return value is True or (isinstance(value, str) and value.strip().lower() in ("true", "1", "yes", ""))


def answer(rule_id: str, values: Mapping[str, Any]) -> dict[str, Any]:
    """The exact JSON object that ``odds <rule_id> <options> --json`` prints.

    ``values`` holds what a user set, keyed by parameter name (``a_ranks``) or option name
    (``a-ranks``), as the CLI receives them (text such as ``"3,4"``) or typed. Raises
    :class:`RuleError` for a refusal, like the CLI.

    >>> answer("AOT-SHOOT-HIT", {"firers": "2", "target-density": "4"})["hits"]
    {'0': '1/4', '1': '1/2', '2': '1/4'}
    """
    m = get(rule_id)
    return as_json(m, m.evaluate(**_names(m, values)))


def respond(rule_id: str, values: Mapping[str, Any]) -> dict[str, Any]:
    """What the browser's engine sends back for one question: never raises.

    ``{"ok": true, "json": <the CLI's JSON>, "summary": <the widget summary>, "full": <every law>}`` or
    ``{"ok": false, "error": <the CLI's one-line refusal>, "rule_id": ..., "params": [names at fault]}``.
    ``summary`` is what a static widget's table holds for the same setting (the laws it shows), so an
    answer from the engine is laid out exactly like an answer from the table; ``full`` keeps every law
    for the *At the table* page.
    """
    m: Mechanic[Any] | None = None
    try:
        m = get(rule_id)
        out = m.evaluate(**_names(m, values))
    except RuleError as e:
        params = [p for p in e.params if m is not None and any(q.name == p for q in m.inputs)]
        return {"ok": False, "error": "error: " + refusal(e, m), "rule_id": e.rule_id, "message": e.message,
                "params": params}
    return {"ok": True, "json": as_json(m, out), "summary": summary(out, m.show), "full": summary(out, every=True)}


def respond_json(rule_id: str, values_json: str) -> str:
    """:func:`respond` across the JavaScript boundary: JSON text in, JSON text out (the worker's call)."""
    values = json.loads(values_json)
    if not isinstance(values, dict):
        values = {}
    return json.dumps(respond(rule_id, values), ensure_ascii=False)


__all__ = ["answer", "refusal", "respond", "respond_json"]
