"""``python -m aot_rules odds …`` for the exotic troops and machines, as players run it: every answer compared
with the law enumerated here from raw dice, and bad input refused in one line (exit 2, no traceback).

The rules the expected values are written from are spelt out in tests/aot/test_elephants.py, test_chariots.py and
test_artillery.py; here they are enumerated again, independently of the engine.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from fractions import Fraction as F
from typing import Any, TypeVar

import pytest
from support import error_line
from support import odds_json as odds

T = TypeVar("T")
FACES = range(1, 7)


def law(pairs: Iterable[tuple[T, F]]) -> dict[str, F]:
    """Accumulate (outcome, probability) pairs into the CLI's keys (outcomes as text), leaving out the
    impossible ones, as the JSON does."""
    acc: dict[str, F] = {}
    for o, p in pairs:
        acc[str(o)] = acc.get(str(o), F(0)) + p
    assert sum(acc.values()) == 1
    return {o: p for o, p in acc.items() if p}


def dist(doc: dict[str, Any], key: str = "distribution") -> dict[str, F]:
    d = {k: F(v) for k, v in doc[key].items()}
    assert sum(d.values()) == 1 and F(0) not in d.values()
    return d


# --- AOT-ELEPHANT-ATTACK ---------------------------------------------------------------------------------

@pytest.mark.parametrize("density", range(1, 6))
def test_trample(density: int) -> None:
    doc = odds("AOT-ELEPHANT-ATTACK", "--target-density", str(density))
    assert doc["rule_id"] == "AOT-ELEPHANT-ATTACK"
    assert dist(doc) == law(((r if r <= density else 0), F(1, 6)) for r in FACES)


def test_trample_with_a_strength() -> None:
    doc = odds("AOT-ELEPHANT-ATTACK", "--target-density", "3", "--target-strength", "4")
    assert dist(doc) == law(((r if r <= 3 else 0), F(1, 6)) for r in FACES)


# --- AOT-ELEPHANT-WOUND and AOT-CHARIOT-WOUND ---------------------------------------------------------------

def elephant_fate(hits: int, roll: int) -> str:
    if roll <= hits:
        return "dead"
    return "berserk" if roll % 2 == 0 else "survives"


@pytest.mark.parametrize("hits", [0, 1, 3, 6, 9])
def test_elephant_hit_test(hits: int) -> None:
    doc = odds("AOT-ELEPHANT-WOUND", "--hits", str(hits))
    expected = {"survives": F(1)} if hits == 0 else law((elephant_fate(hits, r), F(1, 6)) for r in FACES)
    assert dist(doc) == expected
    assert set(dist(doc)) <= {"dead", "berserk", "survives"}


def test_elephant_hit_test_without_hits_under_the_other_reading() -> None:
    doc = odds("AOT-ELEPHANT-WOUND", "--hits", "0", "--test-without-hits")
    assert dist(doc) == law((elephant_fate(0, r), F(1, 6)) for r in FACES) == {"berserk": F(1, 2),
                                                                                "survives": F(1, 2)}


@pytest.mark.parametrize("hits", [0, 2, 7])
def test_chariot_hit_test(hits: int) -> None:
    doc = odds("AOT-CHARIOT-WOUND", "--hits", str(hits))
    expected = {"survives": F(1)} if hits == 0 else law(
        (("destroyed" if r <= hits else "survives"), F(1, 6)) for r in FACES)
    assert dist(doc) == expected


# --- AOT-ELEPHANT-VS-ELEPHANT ----------------------------------------------------------------------------------

def test_elephant_duel_both_readings() -> None:
    once = law((("a" if a > b else "b" if b > a else "tie"), F(1, 36)) for a, b in itertools.product(FACES, FACES))
    assert dist(odds("AOT-ELEPHANT-VS-ELEPHANT", "--no-reroll-ties")) == once
    decided = {w: p / (1 - once["tie"]) for w, p in once.items() if w != "tie"}
    assert dist(odds("AOT-ELEPHANT-VS-ELEPHANT")) == decided == {"a": F(1, 2), "b": F(1, 2)}


# --- AOT-CHARIOT-TURN-TROT -----------------------------------------------------------------------------------

@pytest.mark.parametrize("horses", range(1, 5))
def test_chariot_turn_and_trot(horses: int) -> None:
    turn = law((("overturned" if r < horses else "upright"), F(1, 6)) for r in FACES)
    assert dist(odds("AOT-CHARIOT-TURN-TROT", "--horses", str(horses), "--turn")) == turn
    trot = law((("overturned" if max(a, b) < horses else "upright"), F(1, 36))
               for a, b in itertools.product(FACES, FACES))
    doc = odds("AOT-CHARIOT-TURN-TROT", "--horses", str(horses), "--trot")
    assert dist(doc) == trot
    assert dist(doc, "distance") == law((a + b, F(1, 36)) for a, b in itertools.product(FACES, FACES))


# --- AOT-ART-SHOOT-LIGHT and AOT-ART-SHOOT-HEAVY -----------------------------------------------------------------

def gun_laws(faces_law: Iterable[tuple[int | None, F]], formed: int, gunpowder: bool) -> tuple[dict, dict]:
    """(killed, disordered) laws from the law of the chosen effect die (None: no die hits)."""
    killed, disordered = [], []
    for face, p in faces_law:
        k = 0 if face is None else min(face, formed)
        killed.append((k, p))
        disordered.append((min(k, formed - k) if gunpowder else 0, p))
    return law(killed), law(disordered)


def hits(face: int, density: int, strict: bool) -> bool:
    return face < density if strict else face <= density


@pytest.mark.parametrize(("density", "gunpowder", "strict"),
                         [(1, False, False), (2, True, False), (3, False, True), (4, True, True), (5, True, False)])
def test_light_gun(density: int, gunpowder: bool, strict: bool) -> None:
    flags = ["--gunpowder"] * gunpowder + ["--strict"] * strict
    doc = odds("AOT-ART-SHOOT-LIGHT", "--density", str(density), *flags)
    killed, disordered = gun_laws(((f if hits(f, density, strict) else None, F(1, 6)) for f in FACES),
                                  2 * density, gunpowder)  # the default target: two full ranks
    assert dist(doc) == killed
    assert dist(doc, "disordered") == disordered


@pytest.mark.parametrize(("distance", "density", "gunpowder", "strict"),
                         [("8", 4, True, False), ("8", 4, True, True), ("2", 1, False, False), ("5.5", 3, True, True),
                          ("7", 5, False, True), ("11", 2, True, False)])
def test_heavy_gun(distance: str, density: int, gunpowder: bool, strict: bool) -> None:
    flags = ["--gunpowder"] * gunpowder + ["--strict"] * strict
    doc = odds("AOT-ART-SHOOT-HEAVY", "--distance", distance, "--density", str(density), *flags)
    reach = F(distance)

    def chosen(a: int, b: int) -> int | None:
        if a + b <= reach:
            return None
        hitting = [f for f in (a, b) if hits(f, density, strict)]
        return max(hitting) if hitting else None

    killed, disordered = gun_laws(((chosen(a, b), F(1, 36)) for a, b in itertools.product(FACES, FACES)),
                                  2 * density, gunpowder)
    assert dist(doc) == killed
    assert dist(doc, "disordered") == disordered


def test_heavy_gun_the_bombard_numbers() -> None:
    """AOT-EX-BOMBARD's odds: at 8″ against density 4, P(hit) 1/6 as written, 1/18 under "<"."""
    assert F(odds("AOT-ART-SHOOT-HEAVY", "--distance", "8", "--density", "4")["hits"]) == F(1, 6)
    assert F(odds("AOT-ART-SHOOT-HEAVY", "--distance", "8", "--density", "4", "--strict")["hits"]) == F(1, 18)


# --- bad input: one line, exit 2 -----------------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ("AOT-ELEPHANT-WOUND", "--hits", "-1"),
    ("AOT-CHARIOT-WOUND", "--hits", "-1"),
    ("AOT-ART-SHOOT-HEAVY", "--distance", "0", "--density", "4"),
    ("AOT-CHARIOT-TURN-TROT", "--horses", "0", "--turn"),
    ("AOT-CHARIOT-TURN-TROT", "--horses", "5", "--trot"),
    ("AOT-CHARIOT-COMBAT", "--horses", "0"),
    ("AOT-ELEPHANT-ATTACK", "--target-density", "0"),
    ("AOT-ELEPHANT-ATTACK", "--target-density", "4", "--target-strength", "3"),
    ("AOT-ELEPHANT-UNIT", "--aboard", "5"),
    ("AOT-ART-SHOOT-LIGHT", "--density", "3", "--distance", "7"),
], ids=lambda a: " ".join(a))
def test_bad_input_is_one_line(args: tuple[str, ...]) -> None:
    line = error_line(*args)
    assert args[0] in line


def test_an_elephant_with_a_density_is_refused_in_the_melee_calculator() -> None:
    """An elephant carries 1 to 4 warriors: --a-ranks 5 is not an elephant; nor are shields one's own."""
    line = error_line("melee", "--a-body", "elephant", "--a-ranks", "5")
    assert "AOT-ELEPHANT-UNIT" in line
    assert "1 to 4" in line
    assert "AOT-ELEPHANT-UNIT" in error_line("melee", "--a-body", "elephant", "--a-shield")
    line = error_line("melee", "--a-body", "elephant", "--a-ranks", "2", "--a-shield")
    assert "AOT-ELEPHANT-UNIT" in line and "shield" in line


def test_an_elephant_in_the_melee_calculator_is_the_engines_elephant() -> None:
    """A lone elephant (driver only, density 1) against 2+2 swords, as in test_elephants: the trample kills
    1 or 2 on a 1 or 2 (and disorders as many); two sword dice hit on 3-6; the hit test kills on ≤ hits."""
    doc = odds("melee", "--a-body", "elephant", "--a-ranks", "1", "--b-ranks", "2,2", "--b-weapon", "sword")
    assert dist(doc, "b_killed") == dist(doc, "b_disordered") == {"0": F(2, 3), "1": F(1, 6), "2": F(1, 6)}
    sword = {h: F(sum(1 for fs in itertools.product(FACES, FACES) if sum(f > 2 for f in fs) == h), 36)
             for h in range(3)}
    dead = sum(sword[h] * F(h, 6) for h in (1, 2))
    assert dist(doc, "a_fate")["dead"] == dead == F(2, 9)
    assert dist(doc, "a_killed") == {"0": 1 - dead, "1": dead}
