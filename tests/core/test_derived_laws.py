"""Issue #36: the mechanics written once as dice procedures.  Their hand-written exact twins were checked equal to
the derived laws over each whole widget grid (Fraction equality) in the commit that moved them, then deleted; what
stays checked here is that the two interpreters of each procedure agree on the real mechanics: the registry's exact
answer (the evaluator, pools as multinomial laws) equals the law of its played face with every die enumerated face
by face (``formulas/tree.py`` walks the player), at a fixed sample of grid points whose dice trees are small enough
to walk."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

from aot_rules.aot.mechanics.melee import melee_procedure
from aot_rules.core.errors import RuleError
from aot_rules.formulas.tree import TooLarge, laws, leaves, renewal
from aot_rules.systems import all_mechanics, get

#: Melee's strike dice are read by more than hit or not (a six meets armour, a trampling die kills what it shows), so
#: its walks branch on every face; few of its grid points roll few enough dice for that (tests/aot/
#: test_melee_written_once.py walks small fights face by face); so are the three mechanics fought with melee's own
#: procedure (a breakthrough, an elephant's and a chariot's charge).
FACE_BY_FACE = {m.rule_id for m in all_mechanics() if m.procedure is melee_procedure} | {
    "AOT-BREAKTHROUGH", "AOT-ELEPHANT-UNIT", "AOT-CHARIOT-COMBAT"}
#: every mechanic written once as a procedure.  Art of Tactics' walks may branch once per hit-or-not pool of a die's
#: faces (``merge``: exact there, since every die its rules judge hit or not is read only as hit or not); the
#: companion systems' effect dice are read by more than that, so their walks branch on every face, and so do Art of
#: Tactics' dice that kill as many as they show (a trample, a gun's effect die) and melee's (FACE_BY_FACE above).
READ_BY_FACE = {"AOT-ELEPHANT-ATTACK", "AOT-ART-SHOOT-LIGHT", "AOT-ART-SHOOT-HEAVY", *FACE_BY_FACE}
MOVED = {m.rule_id: m.rule_id.startswith("AOT-") and m.rule_id not in READ_BY_FACE
         for m in all_mechanics() if m.procedure is not None}
#: mechanics whose grid points roll too many dice to walk: a gun's 6 to 18 (their procedure is the class mechanic's
#: volley, walked there); the weather's two initiative dice a turn, walked over one turn only (the chain over more
#: turns is checked against its brute-force count in tests/aot/test_command.py); two rounds of Age of Battles'
#: deployment pair on a d10 or more, walked on the smaller dice (the roles are counted face by face in tests/aob);
#: the skirmish melee pool, whose 5s and 6s are read apart so its walk branches on every face: SP-MELEE-ROLL is
#: walked up to 4 dice, and SP-MELEE-DICE (6 dice at least on its grid) is the same strike procedure (its law is
#: checked against raw faces in tests/sp/test_sp_combat.py); the meeting's rounds, each rolled until it is decided,
#: walked over one round only (more are checked against the binomial count there too)
TOO_MANY_DICE = {"SP-SHOOT-DICE-ARTILLERY", "AOT-CMD-DOUBLES", "AOT-WEATHER", "AOB-DEPLOY-ROLES", "SP-MELEE-ROLL",
                 "SP-MELEE-DICE", "AOT-MEETING", *FACE_BY_FACE}
#: mechanics that never start again but roll more dice on some paths than others (a morale test after each double
#: strike, another turn of flight after each failed rally): the renewal reading, which takes the fewest dice a seeded
#: play rolls for a round, would read those longer paths as restarts, so only their whole walks are compared
NEVER_RESTART = {"BAT-SPELL-ICE-RAIN", "BAT-SPELL-DEATH-LAKE", "AOB-ROUT"}
#: leaves walked per grid point (hit dice branch as hit or not: ``merge``), and grid points walked per mechanic
BUDGET, POINTS = 6**4, 24
#: mechanics whose every walk replays a whole melee: a few grid points each keep the suite's time (the melee
#: family's grids are one procedure, and test_melee_written_once.py walks its small fights)
FEW_POINTS = {**{rule_id: 2 for rule_id in FACE_BY_FACE}, "AOT-MELEE-ENGAGE": 3}


def test_the_moved_mechanics_are_all_still_written_once() -> None:
    assert len(MOVED) >= 30, sorted(MOVED)


def _walked(play: Any, record: Any, merge: bool, restarts: bool = True) -> dict[str, dict[Any, Fraction]]:
    """Each report's law over every path of the played face; a face that rolls again until a round settles
    (``until``) has no last die, so its law is the renewal solved over one round (``formulas/tree.py``)."""
    try:
        return laws(leaves(play, record, BUDGET, merge=merge))
    except TooLarge:
        if not restarts:
            raise
        return {name: dict(law) for name, law in renewal(play, record, BUDGET).laws.items()}


#: Each walk of melee's family replays whole fights face by face (1-3 s each): the full tier walks them, the fast tier
#: keeps the other mechanics' walks (make test-fast had grown from 71 s to 125 s with them).
WALKED = [pytest.param(rule_id, marks=pytest.mark.slow) if rule_id in FACE_BY_FACE else rule_id
          for rule_id in sorted(MOVED)]


@pytest.mark.parametrize("rule_id", WALKED)
def test_the_exact_answer_is_the_law_of_every_played_path(rule_id: str) -> None:
    m, checked, points = get(rule_id), 0, FEW_POINTS.get(rule_id, POINTS)
    assert m.procedure is not None
    grid = list(m.grid())
    for combo in random.Random(rule_id).sample(grid, min(len(grid), 3 * POINTS)):
        if checked == points:
            break
        try:
            out, record = m.evaluate(**combo), m.record(**combo)
            walked = _walked(m.play, record, MOVED[rule_id], rule_id not in NEVER_RESTART)
        except (RuleError, TooLarge):
            continue
        for name, law in out.dists.items():
            if name in walked:
                assert dict(law.items()) == walked[name], (combo, name)
        for name, p in out.events.items():
            if name in walked:
                assert p == walked[name].get(True, Fraction(0)), (combo, name)
        checked += 1
    if rule_id not in TOO_MANY_DICE:
        assert checked >= min(5, points, len(grid)), f"{rule_id}: only {checked} grid points small enough to walk"











