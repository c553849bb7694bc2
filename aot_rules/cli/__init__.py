"""Command line: ``python -m aot_rules odds …``, ``army …``, ``play …``, ``simulate …`` and ``replay …``, one module
per command (:mod:`~aot_rules.cli.odds`, :mod:`~aot_rules.cli.army`, :mod:`~aot_rules.cli.play`,
:mod:`~aot_rules.cli.simulate`, :mod:`~aot_rules.cli.replay`) over the shared terminal
I/O of :mod:`~aot_rules.cli.terminal`; this module only dispatches.

The contract, for every command: exit 0 with the answer on standard output, or exit 2 with one line on
standard error naming the option, the rule and what it accepts; never a traceback.  Output survives a reader
that closes the pipe early and a terminal that cannot show the typographic characters the book uses (they
fall back to plain ASCII).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from aot_rules.cli.army import ACTIONS, army
from aot_rules.cli.odds import odds
from aot_rules.cli.terminal import OutputLost, UsageError, flush_stdout, one_line, reader_gone, write, write_json
from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import LanguageError, msg, speaking
from aot_rules.core.params import quoted
from aot_rules.present.answer import refusal

__all__ = ["UsageError", "main", "one_line", "refusal", "write", "write_json"]

TOP_USAGE = msg("usage: python -m aot_rules [--lang LANG] COMMAND ...   (LANG: en or ru; default $AOT_LANG, else en)\n"
                "       python -m aot_rules odds ...   (exact odds of any registered mechanic)\n"
                "       python -m aot_rules army {actions} FILE   (check or print an army or army list)\n"
                "       python -m aot_rules play ...   (play a table-top scenario, or continue a saved game)\n"
                "       python -m aot_rules simulate ...   (many table-top games, summed up)\n"
                "       python -m aot_rules replay ...   (a saved or simulated game as a page that replays it)",
                actions=ACTIONS)


def _run(args: list[str]) -> int:
    """The command's exit status, its answer or its one-line refusal written."""
    try:
        if not args or args[0] in ("-h", "--help"):
            write(TOP_USAGE.render())
            return 0
        if args[0] == "army":
            return army(args[1:])
        if args[0] == "play":  # the table-top engine answers for itself: "aot_rules play: ..." on a refusal
            from aot_rules.cli.play import main as play  # lazily: it needs shapely, which Pyodide lacks

            return play(args[1:])
        if args[0] == "simulate":  # many table-top games; lazily, for the same reason
            from aot_rules.cli.simulate import main as simulate

            return simulate(args[1:])
        if args[0] == "replay":  # a game as a replay page; lazily, for the same reason
            from aot_rules.cli.replay import main as replay

            return replay(args[1:])
        if args[0] != "odds":
            raise UsageError(msg("unknown command {command}; try: odds, army, play, simulate, replay",
                                 command=quoted(args[0])))
        return odds(args[1:])
    except (UsageError, RuleError) as e:
        write(_error(refusal(e, None) if isinstance(e, RuleError) else str(e)), sys.stderr)
        return 2
    except SystemExit as e:  # argparse --help
        return e.code if isinstance(e.code, int) else 0
    except (BrokenPipeError, OutputLost):
        raise
    except Exception as e:  # a bug: still one line, and a distinct status
        write(one_line(msg("internal error: {kind}: {error}", kind=type(e).__name__, error=e).render()), sys.stderr)
        return 1


def _error(reason: str) -> str:
    """A refusal's one line on standard error."""
    return msg("error: {reason}", reason=one_line(reason)).render()


def _language(args: list[str]) -> tuple[str | None, list[str]]:
    """The ``--lang LANG`` (or ``--lang=LANG``) given before the command, and the arguments after it."""
    if args and args[0] == "--lang":
        if len(args) < 2:
            raise LanguageError("")
        return args[1], args[2:]
    if args and args[0].startswith("--lang="):
        return args[0].removeprefix("--lang="), args[1:]
    return None, args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; exit status 0 (answered), 2 (refused) or 1 (a bug, or an answer that could not
    be written: standard output closed, a full disk), always with at most one line on standard error.

    Standard output is flushed here, on every path, so a failure to write is met while this function can
    still report it, not at interpreter exit, where Python would print a traceback ("Exception ignored …")
    and exit 120.  A reader that closed the pipe early (``| head``, ``| true``) is not a failure: the rest
    of the answer is dropped and the status is the command's own.
    """
    try:
        lang, args = _language(list(sys.argv[1:] if argv is None else argv))
        with speaking(lang):
            code = _run(args)
            flush_stdout()
    except LanguageError as e:
        write(_error(str(e)), sys.stderr)
        return 2
    except BrokenPipeError:  # raised past write() by a stream of the caller's: the reader went away
        reader_gone()
        return 0
    except OutputLost as e:
        write(_error(str(e)), sys.stderr)
        return 1
    return code
