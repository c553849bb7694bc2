"""Terminal I/O shared by every command of the command line: printing that survives a stream which
cannot encode the book's typographic characters, one-line refusals, and the argparse parser that
raises instead of printing usage and exiting.

Every command module (:mod:`~aot_rules.cli.odds`, :mod:`~aot_rules.cli.army`, :mod:`~aot_rules.cli.play`)
imports from here (and the commands that play games, from :mod:`~aot_rules.cli.collector`) and from nowhere
else in the command line, so no command imports another.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn

from aot_rules.core.format import plain
from aot_rules.core.i18n import Message
from aot_rules.core.params import quoted

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


class OutputLost(Exception):
    """Standard output cannot take the answer (closed, a full disk, an I/O error): the command stops, and
    :func:`aot_rules.cli.main` says so in one line on standard error with exit status 1.  A reader that
    merely went away (``| head``, ``| true``) is not this: see :func:`write`."""


class _Stdout:
    """Marks "standard output, as it is when written to" (``sys.stdout`` may be replaced, or None)."""


STDOUT: Any = _Stdout()


def discard(fd: int) -> None:
    """Point file descriptor ``fd`` at the null device, so whatever is still buffered for it (and the
    interpreter's flush at exit) finds somewhere to go instead of failing again."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        return
    try:
        os.dup2(null, fd)
    except OSError:
        pass
    finally:
        os.close(null)


def _fileno(stream: object) -> int | None:
    try:
        return int(stream.fileno())  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):  # not a real file (tests capture it)
        return None


def reader_gone() -> None:
    """The reader of standard output closed the pipe: drop the rest of the answer quietly (the exit status
    stays the command's own, so ``army validate illegal.yaml | true`` still exits 1)."""
    fd = _fileno(sys.stdout)
    if fd is not None:
        discard(fd)


def flush_stdout() -> None:
    """Flush standard output now, while a failure can still be reported as one line."""
    _to_stdout(lambda out: out.flush())


def _to_stdout(act: Callable[[Any], object]) -> None:
    out = sys.stdout
    if out is None:
        raise OutputLost("cannot write the answer: standard output is closed")
    try:
        act(out)
    except BrokenPipeError:
        reader_gone()
    except OSError as e:
        fd = _fileno(out)
        if fd is not None:
            discard(fd)
        raise OutputLost(f"cannot write the answer to standard output: {e.strerror or type(e).__name__}") from None


def write(text: str, stream: SupportsWrite[str] | None = STDOUT) -> None:
    """Print ``text``, spelled in plain ASCII if the stream cannot encode it.

    To standard output (the default) a failure raises :class:`OutputLost`, except a reader that went away,
    which is ignored.  Any other stream is best effort: ``None`` (standard error closed, ``2>&-``) or a
    failing one takes nothing, and a refusal never moves to standard output instead.
    """
    if stream is STDOUT:
        _to_stdout(lambda out: out.write((text if _encodable(out, text) else plain(text)) + "\n"))
        return
    if stream is None:
        return
    try:
        stream.write((text if _encodable(stream, text) else plain(text)) + "\n")
        flush = getattr(stream, "flush", None)
        if flush is not None:
            flush()
    except (OSError, ValueError):
        fd = _fileno(stream)
        if fd is not None:
            discard(fd)


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


_ARGUMENT = re.compile(r"argument (?P<opts>\S+): (?P<rest>.*)", re.DOTALL)
_EXPLICIT = re.compile(r"ignored explicit argument (?P<value>.*)", re.DOTALL)


class _Parser(argparse.ArgumentParser):
    """argparse, with its refusals in the command line's one style: ``RULE-ID: --option …`` (the rule where
    the parser knows one), naming the option as it is written and what it accepts, on one line."""

    def __init__(self, *args: Any, rule_id: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: the rule a refusal cites; ``accepts[flag]`` what an option takes, in the words of ``--list``
        self.rule_id = rule_id
        self.accepts: dict[str, Message | str] = {}

    def _accepts(self, flag: str) -> str:
        if flag in self.accepts:
            return str(self.accepts[flag])
        action = self._option_string_actions.get(flag)
        return (action.help or "") if action is not None else ""

    def explain(self, message: str) -> str:
        """argparse's message in the command line's words.

        >>> p = _Parser(prog="x", rule_id="AOT-X")
        >>> _ = p.add_argument("--n", help="a whole number from 1 to 6")
        >>> _ = p.add_argument("--f", action=argparse.BooleanOptionalAction, help="a flag")
        >>> p.explain("argument --n: expected one argument").split(" (")[0]
        'AOT-X: --n takes a whole number from 1 to 6, but no value was given'
        >>> p.explain("argument --f/--no-f: ignored explicit argument '1'")
        "AOT-X: --f is a flag and takes no value, not '1': write --f to set it or --no-f to clear it"
        """
        head = f"{self.rule_id}: " if self.rule_id else ""
        m = _ARGUMENT.fullmatch(message)
        if m is None:
            if message.startswith("unrecognized arguments: "):
                extra = message.removeprefix("unrecognized arguments: ").split(" ")
                return f"{head}unrecognized argument {quoted(extra[0])}; {self.prog} --help lists the options"
            return head + message
        opts, rest = m.group("opts").split("/"), m.group("rest")
        flag = opts[0]
        if rest == "expected one argument":
            return (f"{head}{flag} takes {self._accepts(flag) or 'a value'}, but no value was given (a value that "
                    f"starts with '-' is written {flag}=VALUE)")
        explicit = _EXPLICIT.fullmatch(rest)
        if explicit:
            value = explicit.group("value").strip("'\"")
            spelled = " or ".join(opts)
            how = (f"write {opts[0]} to set it or {opts[1]} to clear it" if len(opts) == 2 else f"write {spelled}")
            return f"{head}{flag} is a flag and takes no value, not {quoted(value)}: {how}"
        return f"{head}{flag}: {rest}"

    def error(self, message: str) -> NoReturn:
        """argparse's own refusals, as one line in the command line's style; what it echoes of the input is
        quoted and cut, so a long value never floods the line."""
        text = self.explain(message)
        raise UsageError(text if len(text) <= 300 else text[:300] + "…")

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        write(self.format_help().rstrip("\n"), STDOUT if file is None else file)
