"""Command line: ``python -m aot_rules odds …``, ``python -m aot_rules army …`` and ``python -m aot_rules play …``
(the table-top engine's own, in :mod:`aot_rules.play_cli`).

Every registered mechanic becomes a sub-command with its own typed options, so
the CLI never lags behind the engines.  The contract: exit 0 with the answer on
standard output, or exit 2 with one line on standard error naming the option
(and so the side), the rule and what it accepts; never a traceback.  Output
survives a reader that closes the pipe early and a terminal that cannot show
the typographic characters the book uses (they fall back to plain ASCII).

``army validate FILE`` adds one status: exit 1, with one line per broken rule on standard output,
for a well-formed army that the rules do not allow.  A file that cannot be read as an army at all
(missing, not UTF-8, not YAML, the wrong shape) is a refusal like any other: exit 2, one line.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from aot_rules.core.errors import RuleError
from aot_rules.core.format import plain
from aot_rules.core.params import quoted
from aot_rules.core.registry import Mechanic
from aot_rules.present.answer import answer, refusal
from aot_rules.present.render import as_text
from aot_rules.systems import all_mechanics, get

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

USAGE = ("usage: python -m aot_rules odds (--list | MECHANIC) [options] [--json]\n"
         "MECHANIC is a rule ID (AOT-SHOOT-HIT) or a short name (shoot).\n"
         "python -m aot_rules odds MECHANIC --help lists its options.")


class UsageError(Exception):
    """Raised instead of argparse's usage-and-exit, so the CLI prints one line."""


def _encodable(stream: object, text: str) -> bool:
    """Whether ``stream`` can take ``text`` as it is (a stream without an encoding takes UTF-8)."""
    try:
        text.encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def write(text: str, stream: SupportsWrite[str] | None = None) -> None:
    """Print ``text``, spelled in plain ASCII if the stream cannot encode it."""
    stream = stream or sys.stdout
    stream.write((text if _encodable(stream, text) else plain(text)) + "\n")


def write_json(doc: Any, indent: int | None = None) -> None:
    """Print one JSON document; where standard output cannot encode a character, ``\\u`` escapes spell it.

    :func:`plain` must not touch JSON: it would change the values (``≤`` into ``<=``), while an
    escape keeps them exactly.
    """
    text = json.dumps(doc, ensure_ascii=False, indent=indent)
    write(text if _encodable(sys.stdout, text) else json.dumps(doc, indent=indent))


def one_line(message: str) -> str:
    """``message`` with every character that is not printable escaped, so a refusal is one line.

    Line breaks (``\\n``, ``\\u2028``, ``\\x85``), terminal escape sequences and lone surrogates from a
    command line would otherwise split the line or reach the terminal raw.

    >>> one_line("unknown 'a\\nb\\x1b[0m'")
    "unknown 'a\\\\nb\\\\x1b[0m'"
    """
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """argparse's own refusals, as one line: it echoes what was typed (``ignored explicit
        argument 'xxxx…'``), so a long value is cut rather than printed whole."""
        raise UsageError(message if len(message) <= 160 else message[:160] + "…")

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        write(self.format_help().rstrip("\n"), file)


def _mechanic_parser(m: Mechanic[Any]) -> _Parser:
    p = _Parser(prog=f"python -m aot_rules odds {m.key}", description=f"{m.rule_id}: {m.title}. {m.summary}",
                allow_abbrev=False)
    for prm in m.inputs:
        if prm.kind == "bool":
            p.add_argument(prm.flag, dest=prm.name, action=argparse.BooleanOptionalAction, default=None,
                           help=prm.help + (f" [Reading toggle for {prm.reading}]" if prm.reading else ""))
            if prm.off:
                p.add_argument("--" + prm.off, dest=prm.name, action="store_false", default=None,
                               help=f"the same as --no-{prm.flag[2:]}")
        else:
            default = f"; default {prm.to_json()['default']}" if prm.default is not None else ""
            blank = "[NOT IN THE SOURCE: the source leaves it blank, so you set it] " if prm.blank else ""
            p.add_argument(prm.flag, dest=prm.name, default=None, metavar=prm.name.upper(),
                           help=f"{blank}{prm.help} ({prm.accepts()}{default})")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p


def _list() -> str:
    lines = []
    for m in all_mechanics():
        lines.append(f"{m.rule_id:26} {m.key:24} {m.title}")
        for prm in m.inputs:
            tag = (f" [reading of {prm.reading}]" if prm.reading else "") + (
                " [not in the source: you set it]" if prm.blank else "")
            lines.append(f"    {prm.flag:26} {prm.accepts()}{tag}")
    return "\n".join(lines)


def odds(argv: Sequence[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        write(USAGE)
        return 0
    if argv[0] == "--list" or list(argv[:2]) == ["--json", "--list"]:
        extra = [a for a in argv if a not in ("--list", "--json")]
        if extra:
            raise UsageError(f"--list takes only --json, not {quoted(extra[0])}")
        if "--json" in argv:
            write_json({"mechanics": [m.to_json() for m in all_mechanics()]}, indent=1)
        else:
            write(_list())
        return 0
    m = get(argv[0])
    try:
        ns, extra = _mechanic_parser(m).parse_known_args(list(argv[1:]))
        if extra:  # argparse would echo them all, raw; name the first, as every refusal shows a value
            more = f" (and {len(extra) - 1} more)" if len(extra) > 1 else ""
            raise UsageError(f"unrecognized argument {quoted(extra[0])}{more} for {m.rule_id}; "
                             f"python -m aot_rules odds {m.key} --help lists its options")
        values = {prm.name: getattr(ns, prm.name) for prm in m.inputs if getattr(ns, prm.name) is not None}
        out = m.evaluate(**values)
    except RuleError as e:
        raise UsageError(refusal(e, m)) from None
    if ns.json:
        write_json(answer(m.rule_id, values))
    else:
        write(as_text(m, out))
    return 0


TOP_USAGE = ("usage: python -m aot_rules odds ...   (exact odds of any registered mechanic)\n"
             "       python -m aot_rules army {validate,show} FILE   (check or print an army or army list)\n"
             "       python -m aot_rules play ...   (play a table-top scenario, or continue a saved game)")


def _army_parser() -> _Parser:
    p = _Parser(prog="python -m aot_rules army", allow_abbrev=False,
                description="Army lists and armies (YAML files): check one against the rules, or print it. "
                "Examples ship in aot_rules/aot/army/data/ (lists/ and armies/).")
    sub = p.add_subparsers(dest="action", metavar="{validate,show}", parser_class=_Parser, required=True)
    v = sub.add_parser("validate", allow_abbrev=False, help="check an army (or an army list) against the rules",
                       description="Exit 0 and a one-line summary for a legal army (or a well-formed army list); "
                       "exit 1 and one line per broken rule, 'RULE-ID: unit: message', for an illegal army; "
                       "exit 2 and one line on standard error for a file that cannot be read as either.")
    v.add_argument("file", metavar="FILE", help="an army or army-list YAML file")
    s = sub.add_parser("show", allow_abbrev=False, help="print an army (or an army list) as tables",
                       description="Print the army's units with their cost, density, move and properties, the "
                       "points bill, totals, commanders and slot allocation, then the validator's verdict "
                       "(exit 0 whether or not it is legal; exit 2 for an unreadable file).")
    s.add_argument("file", metavar="FILE", help="an army or army-list YAML file")
    return p


def army(argv: Sequence[str]) -> int:
    """``army validate FILE`` and ``army show FILE``."""
    from aot_rules.aot.army import ArmyFileError, ArmyList, load, validate
    from aot_rules.aot.army.report import army_text, list_summary, list_text, summary

    if not argv:
        _army_parser().print_help()
        return 0
    ns = _army_parser().parse_args(list(argv))
    try:
        doc = load(ns.file)
    except ArmyFileError as e:
        raise UsageError(str(e)) from None
    name = Path(ns.file).name
    if isinstance(doc, ArmyList):
        write(one_line(list_summary(name, doc)) if ns.action == "validate" else list_text(doc))
        return 0
    violations = validate(doc)
    if ns.action == "show":
        write(army_text(doc, violations))
        return 0
    if violations:
        write("\n".join(one_line(str(v)) for v in violations))
        return 1
    write(one_line(summary(name, doc, violations)))
    return 0


def _run(args: list[str]) -> int:
    """The command's exit status, its answer or its one-line refusal written."""
    try:
        if not args or args[0] in ("-h", "--help"):
            write(TOP_USAGE)
            return 0
        if args[0] == "army":
            return army(args[1:])
        if args[0] == "play":  # the table-top engine answers for itself: "aot_rules play: ..." on a refusal
            from aot_rules.play_cli import main as play

            return play(args[1:])
        if args[0] != "odds":
            raise UsageError(f"unknown command {quoted(args[0])}; try: odds, army, play")
        return odds(args[1:])
    except (UsageError, RuleError) as e:
        write("error: " + one_line(refusal(e, None) if isinstance(e, RuleError) else str(e)), sys.stderr)
        return 2
    except SystemExit as e:  # argparse --help
        return e.code if isinstance(e.code, int) else 0
    except BrokenPipeError:
        raise
    except Exception as e:  # a bug: still one line, and a distinct status
        write(one_line(f"internal error: {type(e).__name__}: {e}"), sys.stderr)
        return 1


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; exit status 0 (answered), 2 (refused) or 1 (a bug, still one line).

    Standard output is flushed here, on every path, so a reader that closed the pipe early
    (``| head``) is met while this function can still catch it, not at interpreter exit, where
    Python would print "Exception ignored … BrokenPipeError" and exit 120.
    """
    try:
        code = _run(list(sys.argv[1:] if argv is None else argv))
        sys.stdout.flush()
    except BrokenPipeError:  # the reader went away: stop quietly, and let exit not try again
        _discard_stdout()
        return 0
    return code


def _discard_stdout() -> None:
    """Point standard output at the null device, so the flush at exit finds somewhere to write."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (tests capture it): nothing to flush
        return
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, fd)
    os.close(null)
