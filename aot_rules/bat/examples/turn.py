"""Worked examples of the turn area, replayed by the engine (see ``aot_rules.core.example``)."""

from __future__ import annotations

from collections.abc import Callable

from aot_rules.core.example import Example

EXAMPLES: dict[str, Callable[[], Example]] = {}
