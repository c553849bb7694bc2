"""Age of Battles (corrections): the source's worked examples, replayed by the engine with the printed dice."""

from __future__ import annotations

from collections.abc import Callable

from aot_rules.core.example import Example

EXAMPLES: dict[str, Callable[[], Example]] = {}
