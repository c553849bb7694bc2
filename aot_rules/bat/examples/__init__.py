"""The source's worked examples, one module per rules area, merged here for ``aot_rules.systems``."""

from __future__ import annotations

from collections.abc import Callable

from aot_rules.bat.examples import combat, magic, turn
from aot_rules.core.example import Example

EXAMPLES: dict[str, Callable[[], Example]] = {**turn.EXAMPLES, **combat.EXAMPLES, **magic.EXAMPLES}
