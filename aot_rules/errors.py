"""Typed errors.

Every refusal the engine makes names the rule that forbids it, so that a player
(or the CLI's one-line message) can look the rule up in the book.
"""

from __future__ import annotations


class RuleError(ValueError):
    """An action or a parameter that the rules do not allow.

    ``rule_id`` is a stable ID from the rules index (for example ``AOT-SHOOT-RANGE``);
    ``message`` is a sentence a player can read.  Raising leaves any game state
    unchanged: the engine's state objects are immutable, and an action either
    returns a new state or raises.
    """

    def __init__(self, rule_id: str, message: str) -> None:
        super().__init__(f"{rule_id}: {message}")
        self.rule_id = rule_id
        self.message = message


class ParamError(RuleError):
    """A parameter outside the range or choices a mechanic declares."""

    def __init__(self, rule_id: str, param: str, message: str) -> None:
        super().__init__(rule_id, message)
        self.param = param
