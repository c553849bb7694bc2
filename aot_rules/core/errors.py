"""Typed errors, shared by every rule system.

Every refusal names the rule that forbids it, so a player (or the CLI's
one-line message) can look the rule up in the book.  Rule code speaks in rule
terms ("the target's ranks …"); which *inputs* an error is about is attached
afterwards by the mechanic that built the situation from its parameters
(:func:`blame`), and the CLI turns those parameter names into its option names.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from aot_rules.core.i18n import Message, text


class RuleError(ValueError):
    """An action or a parameter that the rules do not allow.

    ``rule_id`` is a stable ID from the rules index (for example ``AOT-SHOOT-RANGE``); ``msg`` is the refusal
    as a catalogue message (:func:`~aot_rules.core.i18n.msg`: a template and its named values), rendered in the
    reader's language only when shown (``message``, ``str(e)``); ``params`` names the inputs the refusal is about,
    when a mechanic knows them.  Raising leaves any game state unchanged: state objects are immutable, and an
    action either returns a new state or raises.

    >>> from aot_rules.core.i18n import msg
    >>> e = RuleError("AOT-DENSITY", msg("density {density} is above the maximum {top}", density=6, top=5))
    >>> str(e), e.rule_id, e.msg.params
    ('AOT-DENSITY: density 6 is above the maximum 5', 'AOT-DENSITY', {'density': 6, 'top': 5})
    """

    def __init__(self, rule_id: str, message: Message | str, *, params: tuple[str, ...] = ()) -> None:
        super().__init__(rule_id, message)
        self.rule_id = rule_id
        self.msg = message
        self.params = params

    @property
    def message(self) -> str:
        """The refusal in the language in force."""
        return text(self.msg)

    def __str__(self) -> str:
        return f"{self.rule_id}: {self.message}"

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuilt, (type(self), self.rule_id, self.msg, self.params))

    def about(self, *params: str) -> RuleError:
        """The same refusal, said to be about ``params`` (kept if it already names some)."""
        return self if self.params else RuleError(self.rule_id, self.msg, params=params)


def _rebuilt(cls: type[RuleError], rule_id: str, message: Message | str, params: tuple[str, ...]) -> RuleError:
    """A refusal brought back from a pickle (a worker process's), its class and inputs kept."""
    e = RuleError.__new__(cls)
    RuleError.__init__(e, rule_id, message, params=params)
    if issubclass(cls, ParamError):
        e.param = params[0] if params else ""  # type: ignore[attr-defined]
    return e


class ParamError(RuleError):
    """A parameter outside the range or choices a mechanic declares."""

    def __init__(self, rule_id: str, param: str, message: Message | str) -> None:
        super().__init__(rule_id, message, params=(param,))
        self.param = param


@contextmanager
def blame(*params: str) -> Iterator[None]:
    """Attach the inputs a block is built from to any refusal raised inside it.

    >>> from aot_rules.core.i18n import msg
    >>> try:
    ...     with blame("target_ranks"):
    ...         raise RuleError("AOT-DENSITY", msg("the longest rank is {longest}, not {said}", longest=3, said=4))
    ... except RuleError as e:
    ...     e.params
    ('target_ranks',)
    """
    try:
        yield
    except RuleError as e:
        raise e.about(*params) from None
