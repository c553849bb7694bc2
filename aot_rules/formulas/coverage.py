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
from functools import cache
from itertools import islice
from typing import Any

from aot_rules.core.dice import SeededDice
from aot_rules.core.errors import RuleError
from aot_rules.core.events import Roll
from aot_rules.core.registry import Mechanic
from aot_rules.formulas.catalogue import form_of
from aot_rules.formulas.forms import Kind, Maths, Unchecked

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


def derivation(m: Mechanic[Any], kw: dict[str, Any]) -> Maths | None:
    """The mechanic's mathematics at these inputs (None: the inputs are illegal, or the tree is too large)."""
    try:
        m.evaluate(**kw)
        return form_of(m.rule_id).derive(m.record(**kw))
    except (RuleError, Unchecked):
        return None


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
    tried from the smallest-looking tree up (ties in the grid's order), at most :data:`TRIES` of them.
    Only when no such point rolls any dice is a point that rolls none named (the played rule still meets the
    engine there).  Found once per rule ID: the page and the test suite name the same point."""
    found = checked(m.rule_id)
    return None if found is None else dict(found[0])


@cache
def checked(rule_id: str) -> tuple[dict[str, Any], Maths] | None:
    """The checked grid point and the mathematics derived there (see :func:`checked_point`)."""
    from aot_rules.systems import get

    m = get(rule_id)
    start = start_inputs(m)
    maths = derivation(m, start)
    if maths is not None and maths.kind is Kind.RECURSION:
        return start, maths
    sized = [(size, i, kw) for i, kw in enumerate(islice(m.grid(), SCAN)) if kw != start
             for size in [_size(m, kw)] if size is not None]
    sized.sort(key=lambda t: (t[0] == 1, t[0], t[1]))  # a point rolling no dice proves least: last resort
    for _, _, kw in sized[:TRIES]:
        maths = derivation(m, kw)
        if maths is not None and maths.kind is Kind.RECURSION:
            return kw, maths
    no_dice = next((kw for size, _, kw in sized if size == 1), None)
    maths = None if no_dice is None else derivation(m, no_dice)
    return None if no_dice is None or maths is None else (no_dice, maths)
