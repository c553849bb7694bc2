"""The source's worked examples, one module per rules area, merged here for ``aot_rules.systems``."""

from __future__ import annotations

from collections.abc import Callable

from aot_rules.core.example import Example
from aot_rules.sp.examples import combat, movement

EXAMPLES: dict[str, Callable[[], Example]] = {**movement.EXAMPLES, **combat.EXAMPLES}
