"""Where a recursion is checked against the engine: a grid point whose dice tree fits the budget.

The general recursion is walked only where the played procedure's tree has at most
:data:`~aot_rules.formulas.tree.LEAF_BUDGET` leaves, so an even sample of a large grid can miss every
point small enough (a grid whose sampled corners all roll d20s, or a gun's dozen dice).  This module
names one point that is small enough, so that the test suite checks it and the "Show the mathematics"
block says where the check is made: the calculator's starting inputs when their tree fits, else the
grid point with the smallest-looking tree that does.
"""

from __future__ import annotations

import math
import random
from itertools import islice
from typing import Any

from aot_rules.core.dice import SeededDice
from aot_rules.core.errors import RuleError
from aot_rules.core.events import Roll
from aot_rules.core.registry import Mechanic
from aot_rules.formulas.catalogue import form_of
from aot_rules.formulas.forms import Unchecked

#: grid points sized when the starting inputs are too large, and how many of the smallest are derived
SCAN = 600
TRIES = 24


def start_inputs(m: Mechanic[Any]) -> dict[str, Any]:
    """Where the static widget's controls start: each input's default if its grid has it, else the
    grid's fourth value (or its last), as ``aot_rules.present.static`` lays them out (a grid point)."""
    out = {}
    for p in m.inputs:
        values = tuple(p.values())
        out[p.name] = p.default if p.default in values else values[min(3, len(values) - 1)]
    return out


def derives(m: Mechanic[Any], kw: dict[str, Any]) -> bool:
    """The inputs are legal and the mechanic's form derives its laws there (the tree fits the budget)."""
    try:
        m.evaluate(**kw)
        form_of(m.rule_id).derive(m.record(**kw))
    except (RuleError, Unchecked):
        return False
    return True


def _size(m: Mechanic[Any], kw: dict[str, Any]) -> int | None:
    """The most dice outcomes along three seeded plays (None: illegal inputs): a cheap guess at the tree's
    size."""
    rng, most = random.Random(0), 0
    try:
        record = m.record(**kw)
        for _ in range(3):
            dice = SeededDice(rng)
            m.play(record, dice)
            most = max(most, math.prod(e.sides for e in dice.events(Roll)))
    except RuleError:
        return None
    return most


def checked_point(m: Mechanic[Any]) -> dict[str, Any] | None:
    """The grid point where the mechanic's recursion is checked and named on its page (None: no grid point
    within the scan is small enough).  After the starting inputs, the first :data:`SCAN` grid points are
    tried from the smallest-looking tree up (ties in the grid's order), at most :data:`TRIES` of them."""
    start = start_inputs(m)
    if derives(m, start):
        return start
    sized = [(size, i, kw) for i, kw in enumerate(islice(m.grid(), SCAN)) if kw != start
             for size in [_size(m, kw)] if size is not None]
    sized.sort(key=lambda t: (t[0], t[1]))
    return next((kw for _, _, kw in sized[:TRIES] if derives(m, kw)), None)
