"""``python -m aot_rules army validate FILE`` and ``army show FILE``: check an army (or an army list)
against the rules, or print it.

``army validate`` adds one status to the command line's contract: exit 1, with one line per broken rule on
standard output, for a well-formed army that the rules do not allow.  A file that cannot be read as an army
at all (missing, not UTF-8, not YAML, the wrong shape) is a refusal like any other: exit 2, one line.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from aot_rules.cli.terminal import UsageError, _Parser, help_text, one_line, write
from aot_rules.core.i18n import msg
from aot_rules.core.params import quoted

LISTS_HELP = msg("a folder of army lists of your own: the army's 'list:' may then name a list inside it (an id, or "
              "a path relative to DIR); without it only the shipped lists are read")


FILE_HELP = msg("an army or army-list YAML file")
#: The army command's actions as its usage lists them (codes a reader types).
ACTIONS = "{validate,show}"


def _army_parser() -> _Parser:
    p = _Parser(prog="python -m aot_rules army", allow_abbrev=False,
                description=str(msg("Army lists and armies (YAML files): check one against the rules, or print "
                                    "it. Examples ship in aot_rules/aot/army/data/ (lists/ and armies/).")))
    sub = p.add_subparsers(dest="action", metavar=ACTIONS, parser_class=_Parser, required=True)
    v = sub.add_parser("validate", allow_abbrev=False,
                       help=help_text(msg("check an army (or an army list) against the rules")),
                       description=str(msg("Exit 0 and a one-line summary for a legal army (or a well-formed army "
                                           "list); exit 1 and one line per broken rule, 'RULE-ID: unit: message', "
                                           "for an illegal army; exit 2 and one line on standard error for a file "
                                           "that cannot be read as either.")))
    v.add_argument("file", metavar="FILE", help=help_text(FILE_HELP))
    v.add_argument("--lists", metavar="DIR", help=help_text(LISTS_HELP))
    s = sub.add_parser("show", allow_abbrev=False, help=help_text(msg("print an army (or an army list) as tables")),
                       description=str(msg("Print the army's units with their cost, density, move and properties, "
                                           "the points bill, totals, commanders and slot allocation, then the "
                                           "validator's verdict (exit 0 whether or not it is legal; exit 2 for an "
                                           "unreadable file).")))
    s.add_argument("file", metavar="FILE", help=help_text(FILE_HELP))
    s.add_argument("--lists", metavar="DIR", help=help_text(LISTS_HELP))
    return p


def army(argv: Sequence[str]) -> int:
    """``army validate FILE`` and ``army show FILE``."""
    from aot_rules.aot.army import ArmyFileError, ArmyList, load, validate
    from aot_rules.present.army_report import army_text, list_summary, list_text, summary

    if not argv:
        _army_parser().print_help()
        return 0
    ns = _army_parser().parse_args(list(argv))
    if ns.lists is not None and not Path(ns.lists).is_dir():
        raise UsageError(msg("--lists: {path} is not a folder; give the folder that holds your army lists",
                             path=quoted(ns.lists)))
    try:
        doc = load(ns.file, ns.lists)
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
