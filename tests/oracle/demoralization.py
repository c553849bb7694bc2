"""Oracle for AOT-DEMO-DISORDER and the DP cost of AOT-DEMO-RETREAT, written from the rules index."""

from __future__ import annotations


def dp_disorder(dp: int, density_: int, formed: int, *, stubborn: bool = False, recruit: bool = False,
                cap: bool = True) -> tuple[int, bool]:
    """(warriors disordered, whether the DP could instead force a retreat).

    1 DP disorders one warrior; a stubborn warrior costs 2 DP (AOT-PROP-STUBBORN); 1 DP disorders two
    recruits (AOT-PROP-RECRUIT). Never more than the formed warriors (``cap=False`` drops that limit,
    for a mutation check). DP equal to the density force a retreat (AOT-DEMO-RETREAT)."""
    if stubborn and recruit:
        raise ValueError("recruits may not have another property")
    n = dp // 2 if stubborn else 2 * dp if recruit else dp
    return (min(n, formed) if cap else n), dp >= density_
