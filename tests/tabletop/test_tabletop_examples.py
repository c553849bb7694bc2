"""The source's worked examples played through the full table-top engine with the printed dice, and the
engine's laws checked against the calculators' exact ones by enumerating every dice sequence through
``Game.act``: the table and the calculators cannot disagree."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from test_tabletop_combat import entries, hoplites, piece, slingers, table

from aot_rules.aot.equipment import MeleeWeapon, Missile
from aot_rules.aot.rules.melee import MeleeResult, Side, melee_exact
from aot_rules.aot.rules.shooting import ShotConditions, volley_losses
from aot_rules.aot.units import Unit
from aot_rules.core.dist import Dist
from aot_rules.present import tablelog
from aot_rules.tabletop.combat import fight, shoot
from aot_rules.tabletop.game import Game, TableDice
from aot_rules.tabletop.state import GameState


def stand(state: GameState, pid: str, by: str, reaction: str) -> bool:
    """The examples' units do not countercharge (the source plays the volley); other reactions are taken."""
    return reaction != "countercharge"


#: Dice after the ones a test cares about (retreat tests and the like): a 6 passes every test.
PAD = [6] * 12


def slingers_table(distance: float = 4.0) -> GameState:
    """AOT-EX-SLINGERS: slingers (side 0) at (30, 10) facing up; 8 hoplites in 4+4 facing them ``distance``
    inches away, edge to edge."""
    return table(piece("S", 0, slingers(), 30, 10), piece("H", 1, hoplites(), 30, 10 + distance, 180))


def test_slingers_and_shieldwall_through_the_engine() -> None:
    """AOT-EX-SLINGERS + AOT-EX-SHIELDWALL: 8 − 4 = 4 firers; 2 3 5 6 on < 4 is 2 hits; the shield wall's 1
    saves one: 1 hoplite killed, ranks 4+4 → 3+4, density still 4, so the hoplites stand."""
    g = Game(slingers_table(), dice=TableDice.fixed([2, 3, 5, 6, 1, *PAD]), react=stand)
    g.act(shoot, "S", "H")
    (hit,) = entries(g.state, "AOT-SHOOT-HIT")
    assert hit.who == "slingers" and hit.faces == (2, 3, 5, 6, 1)
    assert tablelog.outcome(hit) == ("4 firers at hoplites (4″), hit on 1, 2, 3: 2 hits, shield wall 1: 1 saved: "
                                     "1 killed")
    h = g.state.piece("H")
    assert h.removed == 1 and h.unit.ranks == (3, 4) and h.unit.density == 4
    assert h.pose == slingers_table().piece("H").pose  # density 3 does not beat 4: no retreat
    assert g.dice.used == 5 and g.state.dice_used == 5
    # With a shield roll of 3 instead, no hoplite dies (3 saves ≥ 2 hits).
    g = Game(slingers_table(), dice=TableDice.fixed([2, 3, 5, 6, 3, *PAD]), react=stand)
    g.act(shoot, "S", "H")
    assert g.state.piece("H").removed == 0


def gauls_table() -> GameState:
    """AOT-EX-GAULS-JAVELINMEN: javelinmen (side 0) in contact with the Gauls' front, and a unit of Greek
    cavalry 2.8″ to the javelinmen's right, in sight of the fight."""
    jav = Unit(name="javelinmen", ranks=(2, 2), shield=True, weapon=MeleeWeapon.SHOOTER, missile=Missile.JAVELIN)
    gauls = Unit(name="Gauls", ranks=(3, 3), shield=True, weapon=MeleeWeapon.SWORD)
    cav = Unit(name="Greek cavalry", ranks=(3,), mounted=True, weapon=MeleeWeapon.SHOOTER, missile=Missile.JAVELIN)
    return table(piece("J", 0, jav, 30, 20), piece("G", 1, gauls, 30, 20, 180), piece("C", 0, cav, 36, 19))


def test_gauls_and_javelinmen_through_the_engine() -> None:
    """Javelinmen 2 5 on < 3: 1 hit, the Gauls' shield 1 saves it; Gauls 1 4 5 on > 3: 2 hits, the
    javelinmen's shield 3 fails (needs < 2): 2 killed, 2+2 → 1+1, density 1 < 3: they retreat; the Gauls
    gain 2 DP and disorder 2 of the nearby cavalry."""
    start = gauls_table()
    g = Game(start, dice=TableDice.fixed([2, 5, 1, 1, 4, 5, 3, *PAD]))
    g.act(fight)
    (strikes,) = entries(g.state, "AOT-MELEE-STRIKES")
    assert strikes.faces == (2, 5, 1, 1, 4, 5, 3)
    assert tablelog.outcome(strikes) == ("javelinmen [2 5] 1 hit, Gauls' shield wall 1: 1 saved, Gauls lose 0; "
                               "Gauls [1 4 5] 2 hits, javelinmen's shield wall 3: 0 saved, javelinmen lose 2")
    j, gauls, cav = (g.state.piece(x) for x in "JGC")
    assert j.removed == 2 and j.unit.ranks == (1, 1)
    assert gauls.removed == 0 and gauls.unit.ranks == (3, 3) and gauls.unit.disordered == 0
    assert "Gauls win" in tablelog.outcome(entries(g.state, "AOT-MELEE-RESULT")[0])
    assert entries(g.state, "AOT-MELEE-RETREAT") and j.pose != start.piece("J").pose and j.on_table
    assert j.pose.y < start.piece("J").pose.y  # away from the Gauls, down the table
    (dp,) = entries(g.state, "AOT-DEMO-DISORDER")
    assert dp.who == "Gauls" and tablelog.outcome(dp).startswith("2 DP on Greek cavalry")
    assert cav.unit.ranks == (1,) and cav.unit.disordered == 2 and cav.removed == 0
    assert not gauls.turn.in_contact and not j.turn.in_contact
    for p in g.state.pieces:
        assert p.unit.formed + p.unit.disordered + p.removed == p.initial


# --- the engine's law is the calculators' law ----------------------------------------------------------


def engine_law(build: Callable[[], GameState], act: Callable[[Game], None], rule: str,
               observe: Callable[[GameState], Any]) -> Dist[Any]:
    """The exact law of ``observe`` over every sequence of the dice the combat itself rolls (the log lines of
    ``rule``), found by running the engine: a run whose combat used more dice than the prefix branches on
    the next die; later dice (retreat tests) are padded with 6s, which cannot change the combat."""
    law: dict[Any, Fraction] = {}
    stack: list[tuple[int, ...]] = [()]
    while stack:
        prefix = stack.pop()
        g = Game(build(), dice=TableDice.fixed(list(prefix) + PAD), react=stand)
        act(g)
        used = sum(len(e.faces) for e in entries(g.state, rule))
        if used > len(prefix):
            stack.extend((*prefix, f) for f in range(1, 7))
            continue
        key = observe(g.state)
        law[key] = law.get(key, Fraction(0)) + Fraction(1, 6 ** len(prefix))
    return Dist(law)


def test_shooting_on_the_table_has_the_calculators_law() -> None:
    """Slingers 6″ from the hoplites: 2 firers.  The (killed, disordered) law from ``game.act(shoot)`` over
    every dice sequence equals ``shooting.volley_losses``."""
    def act(g: Game) -> None:
        g.act(shoot, "S", "H")

    def seen(s: GameState) -> tuple[int, int]:
        h = s.piece("H")
        return (h.removed, h.unit.disordered)

    law = engine_law(lambda: slingers_table(6.0), act, "AOT-SHOOT-HIT", seen)
    exact = volley_losses(2, hoplites(), ShotConditions(weapon=Missile.SLING))
    assert law == exact


def test_melee_on_the_table_has_the_calculators_law() -> None:
    """Spearmen 2+2 against swordsmen 2+1 in contact: the joint law of (spearmen killed, swordsmen killed,
    result) from ``game.act(fight)`` over every dice sequence equals ``melee.melee_exact``."""
    a = Unit(name="spearmen", ranks=(2, 2), weapon=MeleeWeapon.SPEAR)
    b = Unit(name="swordsmen", ranks=(2, 1), weapon=MeleeWeapon.SWORD)

    def build() -> GameState:
        return table(piece("A", 0, a, 30, 20), piece("B", 1, b, 30, 20, 180))

    def act(g: Game) -> None:
        g.act(fight)

    def seen(s: GameState) -> tuple[int, int, MeleeResult]:
        res = tablelog.outcome(entries(s, "AOT-MELEE-RESULT")[0])
        verdict = (MeleeResult.A_WINS if "spearmen win" in res else MeleeResult.B_WINS if "swordsmen win" in res
                   else MeleeResult.CONTINUE)
        return (s.piece("A").removed, s.piece("B").removed, verdict)

    law = engine_law(build, act, "AOT-MELEE-STRIKES", seen)
    exact = melee_exact(Side(a), Side(b)).map(lambda m: (m.a_killed, m.b_killed, m.result))
    assert law == exact
