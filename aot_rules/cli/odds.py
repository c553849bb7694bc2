"""``python -m aot_rules odds …``: the exact odds of any registered mechanic.

Every registered mechanic becomes a sub-command with its own typed options, so
the CLI never lags behind the engines.  The contract: exit 0 with the answer on
standard output, or exit 2 with one line on standard error naming the option
(and so the side), the rule and what it accepts; never a traceback.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Sequence
from enum import Enum
from typing import Any

from aot_rules.cli.terminal import UsageError, _Parser, help_text, one_line, write, write_json
from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import Message, current, has_label, label, msg, nmsg, text
from aot_rules.core.params import Param, quoted
from aot_rules.core.registry import Mechanic
from aot_rules.present.answer import answer, refusal, respond
from aot_rules.present.render import as_text
from aot_rules.systems import all_mechanics, get

USAGE = msg("usage: python -m aot_rules odds (--list | MECHANIC) [options] [--json]\n"
            "MECHANIC is a rule ID (AOT-SHOOT-HIT) or a short name (shoot).\n"
            "python -m aot_rules odds MECHANIC --help lists its options.")


#: The command a reader types before a mechanic's key (a code, as the key and the options are).
PROG = "python -m aot_rules odds"


def _mechanic_parser(m: Mechanic[Any]) -> _Parser:
    p = _Parser(prog=f"{PROG} {m.key}", description=f"{m.rule_id}: {m.title}. {m.summary}",
                allow_abbrev=False, rule_id=m.rule_id)
    p.accepts = {flag: text for prm in m.inputs for flag, text in written(prm)}
    for prm in m.inputs:
        if prm.kind == "bool":
            p.add_argument(prm.flag, dest=prm.name, action=argparse.BooleanOptionalAction, default=None,
                           help=help_text(_flag_help(prm)))
            if prm.off:
                p.add_argument("--" + prm.off, dest=prm.name, action="store_false", default=None,
                               help=help_text(msg("the same as {flag}", flag="--no-" + prm.flag[2:])))
        else:
            p.add_argument(prm.flag, dest=prm.name, default=None, metavar=prm.name.upper(),
                           help=help_text(_value_help(prm)))
    p.add_argument("--json", action="store_true", help=help_text(msg("print one JSON object")))
    return p


def _flag_help(prm: Param) -> Message | str:
    """A flag's help: what it does, and the reading it toggles where it toggles one."""
    if prm.reading:
        return msg("{help} [Reading toggle for {reading}]", help=prm.help, reading=prm.reading)
    return prm.help


def _value_help(prm: Param) -> Message:
    """A value option's help: what it is, what it takes, its default, and whether the source leaves it blank."""
    default = prm.to_json()["default"] if prm.default is not None else None
    if prm.blank and default is not None:
        return msg("[NOT IN THE SOURCE: the source leaves it blank, so you set it] {help} ({accepts}; default "
                   "{default})", help=prm.help, accepts=accepts(prm), default=default)
    if prm.blank:
        return msg("[NOT IN THE SOURCE: the source leaves it blank, so you set it] {help} ({accepts})",
                   help=prm.help, accepts=accepts(prm))
    if default is not None:
        return msg("{help} ({accepts}; default {default})", help=prm.help, accepts=accepts(prm), default=default)
    return msg("{help} ({accepts})", help=prm.help, accepts=accepts(prm))


def accepts(prm: Param) -> Message:
    """What an input takes, as --help and --list show it: a choice's codes (what a reader types, the same in every
    language), each with its label beside it where the label reads otherwise (Russian: «bow (лук)»).

    >>> from aot_rules.core.i18n import speaking
    >>> from aot_rules.systems import get
    >>> weapon = next(p for p in get("AOT-SHOOT-RANGE").inputs if p.name == "weapon")
    >>> str(accepts(weapon))
    'one of bow, sling, javelin, handgun'
    >>> with speaking("qps"):
    ...     str(accepts(weapon)).split(", ")[0]
    '⟦öñé öf ⟦bow (⟦böw⟧)⟧'
    """
    if prm.kind != "choice" or prm.enum is None:
        return prm.accepts()
    return msg("one of {choices}", choices=", ".join(_choice(prm.enum(code), code) for code in prm.choices))


def _choice(member: Enum, code: str) -> str:
    """One choice, rendered now in the language in force (a parser and a list live for one command): its code, and
    its label beside it where the label reads otherwise."""
    shown = text(label(member)) if has_label(member) else code
    return code if shown == code else msg("{code} ({label})", code=code, label=shown).render()


def written(prm: Param) -> list[tuple[str, Message | str]]:
    """Each way an input is written on the command line, with what it takes: a value option once, a flag
    under each of its spellings (``--a-shield``, ``--no-a-shield``, and a named opposite such as ``--turn``).

    >>> from aot_rules.core.params import Param
    >>> flag, takes = written(Param("a_shield", "bool", False, "", off="bare"))[0]
    >>> flag, str(takes)
    ('--a-shield', 'a flag: --a-shield sets it, --no-a-shield or --bare clears it (default: cleared)')
    """
    if prm.kind != "bool":
        return [(prm.flag, prm.accepts())]
    clear = ["--no-" + prm.flag[2:], *(["--" + prm.off] if prm.off else [])]
    if len(clear) == 2:
        text = (msg("a flag: {flag} sets it, {clear} or {off} clears it (default: set)", flag=prm.flag,
                    clear=clear[0], off=clear[1]) if prm.default else
                msg("a flag: {flag} sets it, {clear} or {off} clears it (default: cleared)", flag=prm.flag,
                    clear=clear[0], off=clear[1]))
    else:
        text = (msg("a flag: {flag} sets it, {clear} clears it (default: set)", flag=prm.flag, clear=clear[0])
                if prm.default else
                msg("a flag: {flag} sets it, {clear} clears it (default: cleared)", flag=prm.flag, clear=clear[0]))
    return [(flag, text) for flag in (prm.flag, *clear)]


def _list() -> str:
    """Every mechanic and its options, each option as it is written (``--a-ranks A_RANKS``; a flag with its
    ``--no-`` form), and what it takes."""
    lines = []
    for m in all_mechanics():
        lines.append(f"{m.rule_id:26} {m.key:24} {m.title}")
        for prm in m.inputs:
            notes = ([msg("[reading of {reading}]", reading=prm.reading)] if prm.reading else []) + (
                [msg("[not in the source: you set it]")] if prm.blank else [])
            if prm.kind == "bool":
                spelled = " | ".join(flag for flag, _ in written(prm))
            else:
                spelled = f"{prm.flag} {prm.name.upper()}"
            lines.append(" ".join([f"    {spelled:26}", text(accepts(prm) if prm.kind == "choice" else
                                                             written(prm)[0][1]), *map(str, notes)]))
    return "\n".join(lines)


def _parse(m: Mechanic[Any], args: Sequence[str]) -> argparse.Namespace:
    """``args`` read by the mechanic's own parser; an unknown option refused by name (only the first)."""
    ns: argparse.Namespace
    ns, extra = _mechanic_parser(m).parse_known_args(list(args))
    if extra:  # argparse would echo them all, raw; name the first, as every refusal shows a value
        if len(extra) > 1:
            raise UsageError(nmsg("unrecognized argument {arg} (and {n} more) for {rule}; python -m aot_rules "
                                  "odds {key} --help lists its options",
                                  "unrecognized argument {arg} (and {n} more) for {rule}; python -m aot_rules "
                                  "odds {key} --help lists its options",
                                  n=len(extra) - 1, arg=quoted(extra[0]), rule=m.rule_id, key=m.key))
        raise UsageError(msg("unrecognized argument {arg} for {rule}; python -m aot_rules odds {key} --help lists "
                             "its options", arg=quoted(extra[0]), rule=m.rule_id, key=m.key))
    return ns


def respond_link(argv: Sequence[str]) -> dict[str, Any]:
    """A share link's answer, read exactly as the command line reads ``odds ARGV``: the At the table page
    turns ``#AOT-RUN?density=4&shield`` into ``["AOT-RUN", "--density=4", "--shield"]``, so a link with an
    unknown rule ID, an option the mechanic lacks, a flag given a value or an empty value is refused in the
    command line's own line (its "did you mean" included), never quietly read some other way.

    The answer is :func:`~aot_rules.present.answer.respond`'s, plus ``values``: what the parser read, keyed by
    parameter name, for the page's controls.

    >>> respond_link(["AOT-RUN", "--shield=maybe"])["error"].startswith("error: AOT-RUN: --shield is a flag and takes")
    True
    >>> respond_link(["AOT-RUN", "--density=4", "--shield"])["values"]
    {'density': '4', 'shield': True}
    >>> respond_link(["AOT-EVADE-ELIGIBILITY", "--evader=foot with shields"])["values"]
    {'evader': 'foot-shield'}
    """
    m: Mechanic[Any] | None = None
    try:
        m = get(argv[0] if argv else "")
        ns = _parse(m, argv[1:])
    except (UsageError, RuleError) as e:
        line = one_line(refusal(e, m) if isinstance(e, RuleError) else str(e))
        at = [p.name for p in (m.inputs if m is not None else ())
              if re.search(re.escape(p.flag) + r"(?![\w-])", line)]
        rule = e.rule_id if isinstance(e, RuleError) else (m.rule_id if m is not None else "")
        return {"ok": False, "error": "error: " + line, "rule_id": rule, "params": at}
    # a choice written before the codes ("foot with shields") sets its control by today's code ("foot-shield")
    values = {prm.name: current(prm.enum, v) if prm.kind == "choice" and prm.enum is not None else v
              for prm in m.inputs if (v := getattr(ns, prm.name)) is not None}
    return {**respond(m.rule_id, values), "values": values}


def respond_link_json(argv_json: str) -> str:
    """:func:`respond_link` across the JavaScript boundary (the browser worker's call for a share link)."""
    argv = json.loads(argv_json)
    return json.dumps(respond_link([str(a) for a in argv] if isinstance(argv, list) else []), ensure_ascii=False)


def odds(argv: Sequence[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        write(USAGE.render())
        return 0
    if argv[0] == "--list" or list(argv[:2]) == ["--json", "--list"]:
        extra = [a for a in argv if a not in ("--list", "--json")]
        if extra:
            raise UsageError(msg("--list takes only --json, not {arg}", arg=quoted(extra[0])))
        if "--json" in argv:
            write_json({"mechanics": [m.to_json() for m in all_mechanics()]}, indent=1)
        else:
            write(_list())
        return 0
    m = get(argv[0])
    try:
        ns = _parse(m, argv[1:])
        values = {prm.name: getattr(ns, prm.name) for prm in m.inputs if getattr(ns, prm.name) is not None}
        if ns.json:  # the one JSON answer, shared with the book's in-browser engine
            write_json(answer(m.rule_id, values))
        else:
            write(as_text(m, m.evaluate(**values)))
    except RuleError as e:
        raise UsageError(refusal(e, m)) from None
    return 0
