"""Terminal I/O shared by every command of the command line: printing that survives a stream which
cannot encode the book's typographic characters, one-line refusals, and the argparse parser that
raises instead of printing usage and exiting.

Every command module (:mod:`~aot_rules.cli.odds`, :mod:`~aot_rules.cli.army`, :mod:`~aot_rules.cli.play`)
imports from here and from nowhere else in the command line, so no command imports another.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any, NoReturn

from aot_rules.core.format import plain

if TYPE_CHECKING:
    from _typeshed import SupportsWrite


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
