"""Command line: ``python -m aot_rules odds …``.

Every registered mechanic becomes a sub-command with its own typed options, so
the CLI never lags behind the engines.  The contract: exit 0 with the answer on
standard output, or exit 2 with one line on standard error naming the option
(and so the side), the rule and what it accepts; never a traceback.  Output
survives a reader that closes the pipe early and a terminal that cannot show
the typographic characters the book uses (they fall back to plain ASCII).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import IO, Any, NoReturn

from aot_rules.core.errors import RuleError
from aot_rules.core.format import plain
from aot_rules.core.registry import Mechanic
from aot_rules.present.render import as_json, as_text
from aot_rules.systems import all_mechanics, get

USAGE = ("usage: python -m aot_rules odds (--list | MECHANIC) [options] [--json]\n"
         "MECHANIC is a rule ID (AOT-SHOOT-HIT) or a short name (shoot).\n"
         "python -m aot_rules odds MECHANIC --help lists its options.")


class UsageError(Exception):
    """Raised instead of argparse's usage-and-exit, so the CLI prints one line."""


def _encodable(stream: IO[str], text: str) -> bool:
    try:
        text.encode(stream.encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def write(text: str, stream: IO[str] | None = None) -> None:
    """Print ``text``, spelled in plain ASCII if the stream cannot encode it."""
    stream = stream or sys.stdout
    stream.write((text if _encodable(stream, text) else plain(text)) + "\n")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)

    def print_help(self, file: IO[str] | None = None) -> None:
        write(self.format_help().rstrip("\n"), file)


def _mechanic_parser(m: Mechanic[Any]) -> _Parser:
    p = _Parser(prog=f"python -m aot_rules odds {m.key}", description=f"{m.rule_id}: {m.title}. {m.summary}",
                allow_abbrev=False)
    for prm in m.inputs:
        if prm.kind == "bool":
            p.add_argument(prm.flag, dest=prm.name, action=argparse.BooleanOptionalAction, default=None,
                           help=prm.help + (f" [Reading toggle for {prm.reading}]" if prm.reading else ""))
        else:
            default = f"; default {prm.to_json()['default']}" if prm.default is not None else ""
            p.add_argument(prm.flag, dest=prm.name, default=None, metavar=prm.name.upper(),
                           help=f"{prm.help} ({prm.accepts()}{default})")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p


def _list(as_json_doc: bool) -> str:
    ms = all_mechanics()
    if as_json_doc:
        return json.dumps({"mechanics": [m.to_json() for m in ms]}, ensure_ascii=False, indent=1)
    lines = []
    for m in ms:
        lines.append(f"{m.rule_id:26} {m.key:24} {m.title}")
        for prm in m.inputs:
            tag = f" [reading of {prm.reading}]" if prm.reading else ""
            lines.append(f"    {prm.flag:26} {prm.accepts()}{tag}")
    return "\n".join(lines)


def refusal(e: RuleError, m: Mechanic[Any] | None) -> str:
    """One line for a refusal: the options it is about (in the CLI's own names), the rule, the reason."""
    flags = [p.flag for name in e.params if m is not None for p in m.inputs if p.name == name]
    head = ", ".join(f for f in flags if f not in e.message)
    return f"{head}: {e}" if head else str(e)


def odds(argv: Sequence[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        write(USAGE)
        return 0
    if argv[0] == "--list" or list(argv[:2]) == ["--json", "--list"]:
        extra = [a for a in argv if a not in ("--list", "--json")]
        if extra:
            raise UsageError(f"--list takes only --json, not {extra[0][:40]}")
        write(_list("--json" in argv))
        return 0
    m = get(argv[0])
    try:
        ns = _mechanic_parser(m).parse_args(list(argv[1:]))
        values = {prm.name: getattr(ns, prm.name) for prm in m.inputs if getattr(ns, prm.name) is not None}
        out = m.evaluate(**values)
    except RuleError as e:
        raise UsageError(refusal(e, m)) from None
    if ns.json:
        text = json.dumps(as_json(m, out), ensure_ascii=False)
        write(text if _encodable(sys.stdout, text) else json.dumps(as_json(m, out)))
    else:
        write(as_text(m, out))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        if not args or args[0] in ("-h", "--help"):
            write("usage: python -m aot_rules odds ...   (exact odds of any registered mechanic)")
            return 0
        if args[0] != "odds":
            raise UsageError(f"unknown command {args[0][:40]!r}; try: odds")
        code = odds(args[1:])
        sys.stdout.flush()
        return code
    except (UsageError, RuleError) as e:
        write(f"error: {refusal(e, None) if isinstance(e, RuleError) else e}", sys.stderr)
        return 2
    except SystemExit as e:  # argparse --help
        return int(e.code or 0)
    except BrokenPipeError:  # the reader went away (`| head`): stop quietly, and let exit not try again
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as e:  # a bug: still one line, and a distinct status
        write(f"internal error: {type(e).__name__}: {e}", sys.stderr)
        return 1
