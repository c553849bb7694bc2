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
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from aot_rules.core.format import plain
from aot_rules.core.i18n import Message, msg, text
from aot_rules.core.params import quoted

if TYPE_CHECKING:
    from _typeshed import SupportsWrite


class UsageError(Exception):
    """Raised instead of argparse's usage-and-exit, so the CLI prints one line; it keeps its message as a
    template and renders it when printed, in the language then in force."""

    def __init__(self, message: Message | str) -> None:
        super().__init__(message)
        self.msg = message

    def __str__(self) -> str:
        return text(self.msg)


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

    def __init__(self, message: Message) -> None:
        super().__init__(message)
        self.msg = message

    def __str__(self) -> str:
        return self.msg.render()


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
        raise OutputLost(msg("cannot write the answer: standard output is closed"))
    try:
        act(out)
    except BrokenPipeError:
        reader_gone()
    except OSError as e:
        fd = _fileno(out)
        if fd is not None:
            discard(fd)
        raise OutputLost(msg("cannot write the answer to standard output: {reason}",
                                 reason=e.strerror or type(e).__name__)) from None


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


#: A token argparse reads as a negative number, so as a value (its own pattern; none of our options looks like one).
_NEGATIVE = re.compile(r"^-\d+$|^-\d*\.\d+$")


def help_text(m: Message | str) -> str:
    """A help text for argparse, which formats help with ``%``: rendered now (a parser lives for one command,
    in one language) and with any ``%`` of the words kept literal."""
    return text(m).replace("%", "%%")


#: The head of argparse's usage line.
USAGE_HEAD = msg("usage:")


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help layout, its usage line headed by the catalogue's word (argparse's own "usage: " is in its
    gettext domain, not ours); the usage argparse builds after it is the command, its options and metavars, all codes a
    reader types."""

    def add_usage(self, usage: str | None, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, text(USAGE_HEAD) + " " if prefix is None else prefix)


class _Parser(argparse.ArgumentParser):
    """argparse, with its refusals in the command line's one style: ``RULE-ID: --option …`` (the rule where
    the parser knows one), naming the option as it is written and what it accepts, on one line.

    Its refusals are the command line's own templates, built from what argparse reports as data (the
    :class:`argparse.ArgumentError`'s argument, ``exit_on_error=False``) and from the arguments themselves,
    never from argparse's English text; its help option and section titles are catalogue templates too.
    """

    def __init__(self, *args: Any, rule_id: str = "", **kwargs: Any) -> None:
        kwargs["add_help"] = False
        kwargs["exit_on_error"] = False
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)
        #: the rule a refusal cites; ``accepts[flag]`` what an option takes, in the words of ``--list``
        self.rule_id = rule_id
        self.accepts: dict[str, Message | str] = {}
        self._given: list[str] = []
        self._positional = self.add_argument_group(help_text(msg("positional arguments")))
        self._options = self.add_argument_group(help_text(msg("options")))
        self._options.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                                   help=help_text(msg("show this help message and exit")))

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        """An argument, filed under the parser's own (translated) section: options or positional arguments."""
        group = self._options if args and str(args[0]).startswith("-") else self._positional
        return group.add_argument(*args, **kwargs)

    def add_subparsers(self, **kwargs: Any) -> Any:
        """Sub-commands, under a translated title, listed where argparse lists them: before the options."""
        kwargs.setdefault("title", help_text(msg("positional arguments")))
        action = super().add_subparsers(**kwargs)
        groups = self._action_groups
        groups.insert(groups.index(self._options), groups.pop())
        return action

    def _accepts(self, flag: str) -> Message | str:
        if flag in self.accepts:
            return self.accepts[flag]
        action = self._option_string_actions.get(flag)
        return (action.help or "") if action is not None else ""

    def _refusal(self, reason: Message) -> Message:
        return msg("{rule}: {refusal}", rule=self.rule_id, refusal=reason) if self.rule_id else reason

    def _takes_value(self, token: str) -> bool:
        """Whether argparse reads ``token``, after an option that takes a value, as that value (not as an
        option): its own rule for a parser like ours."""
        if not token.startswith("-") or token == "-":
            return True
        if token in self._option_string_actions or token.split("=", 1)[0] in self._option_string_actions:
            return False
        return bool(_NEGATIVE.match(token)) or " " in token

    def explain(self, err: argparse.ArgumentError, given: list[str]) -> Message:
        """argparse's refusal of ``given``, in the command line's words: which option (``err.argument_name``, a
        datum), and what went wrong, found in the arguments themselves.

        >>> p = _Parser(prog="x", rule_id="AOT-X")
        >>> _ = p.add_argument("--n", help="a whole number from 1 to 6")
        >>> _ = p.add_argument("--f", action=argparse.BooleanOptionalAction, help="a flag")
        >>> try:
        ...     p.parse_known_args(["--n"])
        ... except UsageError as e:
        ...     str(e).split(" (")[0]
        'AOT-X: --n takes a whole number from 1 to 6, but no value was given'
        >>> try:
        ...     p.parse_known_args(["--f=1"])
        ... except UsageError as e:
        ...     str(e)
        "AOT-X: --f is a flag and takes no value, not '1': write --f to set it or --no-f to clear it"
        """
        name = err.argument_name or ""
        action = next((a for a in self._actions if a.option_strings and "/".join(a.option_strings) == name), None)
        opts = name.split("/")
        flag = opts[0]
        if action is not None and action.nargs == 0:
            for token in given:
                option, eq, value = token.partition("=")
                if eq and option in action.option_strings:
                    shown = quoted(repr(value).strip("'\""))
                    if len(opts) == 2:
                        return self._refusal(msg("{flag} is a flag and takes no value, not {value}: write {set} to "
                                                 "set it or {clear} to clear it", flag=flag, value=shown,
                                                 set=opts[0], clear=opts[1]))
                    return self._refusal(msg("{flag} is a flag and takes no value, not {value}: write {spelled}",
                                             flag=flag, value=shown, spelled=" or ".join(opts)))
        if action is not None and action.nargs is None:
            for i, token in enumerate(given):
                if token in action.option_strings and (i + 1 == len(given) or not self._takes_value(given[i + 1])):
                    accepts = self._accepts(flag)
                    if accepts:
                        return self._refusal(msg("{flag} takes {accepts}, but no value was given (a value that "
                                                 "starts with '-' is written {flag}=VALUE)", flag=flag,
                                                 accepts=accepts))
                    return self._refusal(msg("{flag} takes a value, but no value was given (a value that starts "
                                             "with '-' is written {flag}=VALUE)", flag=flag))
            if action.choices is not None:
                for i, token in enumerate(given):
                    option, eq, value = token.partition("=")
                    if not eq and token in action.option_strings and i + 1 < len(given):
                        value = given[i + 1]
                    elif not (eq and option in action.option_strings):
                        continue
                    if value not in action.choices:
                        return self._refusal(msg("{flag}: invalid choice: {value} (choose from {choices})",
                                                 flag=flag, value=repr(value),
                                                 choices=", ".join(map(repr, action.choices))))
        return self._refusal(msg("{flag}: {reason}", flag=flag, reason=err.message))

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        """argparse's parse, its refusals raised as one-line :class:`UsageError` (the parser's, even when the
        refusal comes from a sub-command's parser, which explains its own)."""
        given = list(sys.argv[1:] if args is None else args)
        self._given = given
        try:
            return super().parse_known_args(given, namespace)
        except argparse.ArgumentError as err:
            raise self._cut(self.explain(err, given)) from None

    def parse_args(self, args: Any = None, namespace: Any = None) -> Any:
        """As argparse's, but an unrecognized argument is named (the first, quoted), not echoed raw."""
        ns, extra = self.parse_known_args(args, namespace)
        if extra:
            raise self._cut(self._refusal(msg("unrecognized argument {arg}; {prog} --help lists the options",
                                              arg=quoted(extra[0]), prog=self.prog)))
        return ns

    @staticmethod
    def _cut(reason: Message) -> UsageError:
        """A refusal, cut to 300 characters so what it echoes of the input never floods the line."""
        shown = reason.render()
        return UsageError(reason if len(shown) <= 300 else shown[:300] + "…")

    def _missing(self) -> list[str]:
        """The required arguments the given ones lack, named as argparse names them (an option by its spellings,
        a positional argument by its metavar), found by walking the given arguments as argparse reads them."""
        seen: set[str] = set()
        positionals = 0
        tokens = iter(self._given)
        for token in tokens:
            if token == "--":
                positionals += sum(1 for _ in tokens)
                break
            action = self._option_string_actions.get(token.split("=", 1)[0])
            if action is None:
                positionals += self._takes_value(token)  # an unknown option is left over, not a positional
                continue
            seen.add(action.dest)
            if action.nargs is None and "=" not in token:
                next(tokens, None)
        missing: list[str] = []
        for action in (a for a in self._actions if a.required):
            if action.option_strings:
                if action.dest not in seen:
                    missing.append("/".join(action.option_strings))
            elif positionals:
                positionals -= 1
            else:
                missing.append(str(action.metavar or action.dest))
        return missing

    def error(self, message: str) -> NoReturn:
        """The refusals argparse words itself rather than raising: a required argument missing, named from the
        arguments themselves.  Anything else (none of our parsers meets another) keeps argparse's line."""
        missing = self._missing()
        if missing:
            raise self._cut(self._refusal(msg("the following arguments are required: {names}",
                                              names=", ".join(missing))))
        text_ = (self.rule_id + ": " if self.rule_id else "") + message
        raise UsageError(text_ if len(text_) <= 300 else text_[:300] + "…")

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        write(self.format_help().rstrip("\n"), STDOUT if file is None else file)


def answered(prog: str, answer: Callable[[Sequence[str]], int], argv: Sequence[str]) -> int:
    """A command's exit status, its answer flushed here, so a full disk is met while the command can still say so
    in one line of its own (``prog: …``, exit status 2)."""
    try:
        code = answer(argv)
        flush_stdout()
    except OutputLost as e:
        write(one_line(f"{prog}: {e}"), sys.stderr)
        return 2
    return code
