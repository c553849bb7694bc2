"""Oracle for AOT-DISORDER-TEST and AOT-MELEE-RETREAT, written from the rules index."""

from __future__ import annotations

from typing import Any

from .common import density, enumerate_law, image, prob, ranks_of, remove


def disorder_test(density_: int, formed: int, *, fail_on_equal: bool = False) -> dict[str, Any]:
    """AOT-DISORDER-TEST: one d6; a roll below the density fails and disorders that many warriors,
    capped at the formed warriors (index reading). ``fail_on_equal`` is the wrong "≤" rule, for a
    mutation check."""
    faces = enumerate_law(1, lambda roll: roll[0])

    def fails(r: int) -> bool:
        return r <= density_ if fail_on_equal else r < density_

    return {"disordered": image(faces, lambda r: min(r, formed) if fails(r) else 0),
            "fails": prob(faces, fails)}


def retreat(density_: int, formed: int, *, move_after_test: bool = True) -> dict[str, Any]:
    """AOT-MELEE-RETREAT: the loser turns with a disorder test, then moves its full move, 10 − D.
    Index reading: D is the density after the turn test (losses off the longest rank), and a unit left
    with no formed warrior (density 0) panics and runs 10″. ``move_after_test=False`` uses the density
    before the test, for a mutation check."""
    ranks = ranks_of(density_, formed)
    test = disorder_test(density_, formed)

    def move(lost: int) -> int:
        return 10 - (density(remove(ranks, lost)) if move_after_test else density_)

    return {"move": image(test["disordered"], move), "disordered": test["disordered"], "fails": test["fails"]}
