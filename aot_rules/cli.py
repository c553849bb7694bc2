"""Command line: ``python -m aot_rules odds …``.

Every mechanic in the registry becomes a sub-command with its own typed
options, so the CLI never lags behind the engine.  Bad input prints one line
naming the option and what it accepts, and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from aot_rules.dice.dist import fraction_str, percent_str
from aot_rules.errors import RuleError
from aot_rules.registry import Mechanic, Outcome, all_mechanics, get


class UsageError(Exception):
    """Raised instead of argparse's usage-and-exit, so the CLI prints one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _mechanic_parser(m: Mechanic) -> _Parser:
    p = _Parser(prog=f"python -m aot_rules odds {m.key}", description=f"{m.rule_id}: {m.title}. {m.summary}",
                add_help=True)
    for prm in m.inputs:
        helptext = f"{prm.help} ({prm.accepts()}"
        helptext += f"; default {prm.default})" if prm.default is not None else ")"
        if prm.kind == "bool":
            p.add_argument(prm.flag, dest=prm.name, action=argparse.BooleanOptionalAction, default=prm.default,
                           help=prm.help + (f" [Reading toggle for {prm.reading}]" if prm.reading else ""))
        else:
            p.add_argument(prm.flag, dest=prm.name, default=None, metavar=prm.name.upper(), help=helptext)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p


def _list(as_json: bool) -> str:
    ms = all_mechanics()
    if as_json:
        return json.dumps({"mechanics": [m.to_json() for m in ms]}, ensure_ascii=False, indent=1)
    lines = []
    for m in ms:
        lines.append(f"{m.rule_id:26} {m.key:24} {m.title}")
        for prm in m.inputs:
            tag = f" [reading of {prm.reading}]" if prm.reading else ""
            lines.append(f"    {prm.flag:26} {prm.accepts()}{tag}")
    return "\n".join(lines)


def render_text(m: Mechanic, out: Outcome) -> str:
    """A plain-text report: every distribution as fraction and percentage."""
    lines = [f"{m.rule_id} — {m.title}"]
    for k, v in out.info.items():
        lines.append(f"  {k.replace('_', ' ')}: {v if not isinstance(v, tuple) else '+'.join(map(str, v))}")
    for name, d in out.dists.items():
        lines.append(f"{out.label(name)}:")
        for o, p in out.items(name):
            lines.append(f"  {o!s:>16}  {fraction_str(p):>14}  {percent_str(p):>8}")
        if all(isinstance(o, int) for o in d):
            lines.append(f"  {'mean':>16}  {fraction_str(d.mean()):>14}  median {d.median()}")
    for name, p in out.events.items():
        lines.append(f"P({out.label(name)}) = {fraction_str(p)} ({percent_str(p)})")
    return "\n".join(lines)


def odds(argv: Sequence[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: python -m aot_rules odds (--list | MECHANIC) [options] [--json]\n"
              "MECHANIC is a rule ID (AOT-SHOOT-HIT) or a short name (shoot).\n"
              "python -m aot_rules odds MECHANIC --help lists its options.")
        return 0
    if argv[0] == "--list" or (len(argv) > 1 and argv[0] == "--json" and argv[1] == "--list"):
        extra = [a for a in argv if a not in ("--list", "--json")]
        if extra:
            raise UsageError(f"--list takes only --json, not {extra[0]}")
        print(_list("--json" in argv))
        return 0
    m = get(argv[0])
    ns = _mechanic_parser(m).parse_args(list(argv[1:]))
    values: dict[str, Any] = {prm.name: getattr(ns, prm.name) for prm in m.inputs
                              if getattr(ns, prm.name) is not None}
    out = m.evaluate(**values)
    if ns.json:
        doc = {"rule_id": m.rule_id, "title": m.title, **out.to_json()}
        print(json.dumps(doc, ensure_ascii=False))
    else:
        print(render_text(m, out))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        if not args or args[0] in ("-h", "--help"):
            print("usage: python -m aot_rules odds ...   (exact odds of any registered mechanic)")
            return 0
        if args[0] != "odds":
            raise UsageError(f"unknown command {args[0]!r}; try: odds")
        return odds(args[1:])
    except UsageError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except RuleError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except SystemExit as e:  # argparse --help
        return int(e.code or 0)
    except BrokenPipeError:  # e.g. piped into `head`: nothing more to say
        return 0
    except Exception as e:
        print(f"internal error: {type(e).__name__}: {e}", file=sys.stderr)
        return 1
