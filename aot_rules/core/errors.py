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


class RuleError(ValueError):
    """An action or a parameter that the rules do not allow.

    ``rule_id`` is a stable ID from the rules index (for example ``AOT-SHOOT-RANGE``);
    ``message`` is a sentence a player can read; ``params`` names the inputs the
    refusal is about, when a mechanic knows them.  Raising leaves any game state
    unchanged: state objects are immutable, and an action either returns a new
    state or raises.

    >>> e = RuleError("AOT-DENSITY", "density 6 is above the maximum 5")
    >>> str(e), e.rule_id
    ('AOT-DENSITY: density 6 is above the maximum 5', 'AOT-DENSITY')
    """

    def __init__(self, rule_id: str, message: str, *, params: tuple[str, ...] = ()) -> None:
        super().__init__(f"{rule_id}: {message}")
        self.rule_id = rule_id
        self.message = message
        self.params = params

    def about(self, *params: str) -> RuleError:
        """The same refusal, said to be about ``params`` (kept if it already names some)."""
        return self if self.params else RuleError(self.rule_id, self.message, params=params)


class ParamError(RuleError):
    """A parameter outside the range or choices a mechanic declares."""

    def __init__(self, rule_id: str, param: str, message: str) -> None:
        super().__init__(rule_id, message, params=(param,))
        self.param = param


@contextmanager
def blame(*params: str) -> Iterator[None]:
    """Attach the inputs a block is built from to any refusal raised inside it.

    >>> try:
    ...     with blame("target_ranks"):
    ...         raise RuleError("AOT-DENSITY", "the longest rank is 3, not 4")
    ... except RuleError as e:
    ...     e.params
    ('target_ranks',)
    """
    try:
        yield
    except RuleError as e:
        raise e.about(*params) from None
