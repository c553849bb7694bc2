"""Command line: ``python -m aot_rules odds …``, ``army …`` and ``play …``, one module per command
(:mod:`~aot_rules.cli.odds`, :mod:`~aot_rules.cli.army`, :mod:`~aot_rules.cli.play`) over the shared terminal
I/O of :mod:`~aot_rules.cli.terminal`; this module only dispatches.

The contract, for every command: exit 0 with the answer on standard output, or exit 2 with one line on
standard error naming the option, the rule and what it accepts; never a traceback.  Output survives a reader
that closes the pipe early and a terminal that cannot show the typographic characters the book uses (they
fall back to plain ASCII).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from aot_rules.cli.army import army
from aot_rules.cli.odds import odds, refusal
from aot_rules.cli.terminal import UsageError, one_line, write, write_json
from aot_rules.core.errors import RuleError
from aot_rules.core.params import quoted

__all__ = ["UsageError", "main", "one_line", "refusal", "write", "write_json"]

TOP_USAGE = ("usage: python -m aot_rules odds ...   (exact odds of any registered mechanic)\n"
             "       python -m aot_rules army {validate,show} FILE   (check or print an army or army list)\n"
             "       python -m aot_rules play ...   (play a table-top scenario, or continue a saved game)")


def _run(args: list[str]) -> int:
    """The command's exit status, its answer or its one-line refusal written."""
    try:
        if not args or args[0] in ("-h", "--help"):
            write(TOP_USAGE)
            return 0
        if args[0] == "army":
            return army(args[1:])
        if args[0] == "play":  # the table-top engine answers for itself: "aot_rules play: ..." on a refusal
            from aot_rules.cli.play import main as play  # lazily: it needs shapely, which Pyodide lacks

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
