"""Before the twin goes (issue #36): the messenger's and the signal's laws derived from their dice procedure equal
the hand-written exact function, with Fraction equality, over the registry's grid and more."""

from __future__ import annotations

import itertools
from fractions import Fraction

from aot_rules.aot.rules import command as C


def test_order_laws_equal_the_twin() -> None:
    for tenths, flag in itertools.product(range(1, 90), (False, True)):
        d = Fraction(tenths, 10)
        assert C.messenger_exact(d, flag) == C.order_exact_legacy(
            "AOT-CMD-MESSENGER", d, lambda r, d=d, flag=flag: C.messenger_delivers(r, d, flag))
        assert C.signal_exact(d, flag) == C.order_exact_legacy(
            "AOT-CMD-SIGNAL", d, lambda r, d=d, flag=flag: C.signal_reaches(r, d, flag))
        assert C.order_exact("X", d, lambda r: r % 2 == 0) == C.order_exact_legacy("X", d, lambda r: r % 2 == 0)
