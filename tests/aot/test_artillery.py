"""Artillery and war machines (AOT-ART-CLASSES, AOT-ART-CREW, AOT-ART-SHOOT-LIGHT, AOT-ART-SHOOT-HEAVY) and the
bombard example (AOT-EX-BOMBARD) under both readings, checked against raw dice enumerated here.

The rules as this file writes them (common reading 9):

* light piece: one die; it hits at or below the target's density ("≤"; the bombard example's reading "<" is
  the ``strict`` toggle) and kills as many as it shows; it reaches as many inches as the target has formed
  warriors;
* heavy piece: two dice; the shot reaches if their sum beats the distance; the owner picks the effect die
  that kills most among those that hit;
* gunpowder is terrifying: each kill disorders one more, never more than the target has left;
* the result is the shooting result with the gun at density 2: a target that lost anyone and is left
  below 2 retreats;
* the crew: four civilians at density 2 who strike nothing.

Expected values are computed from ``itertools.product`` over the faces, never by calling the engine.
"""

from __future__ import annotations

import itertools
from fractions import Fraction as F

import pytest
from brute import FACES, law

from aot_rules.aot.equipment import MeleeWeapon
from aot_rules.aot.events import Artillery, Compared, Losses, Retreat
from aot_rules.aot.examples import EXAMPLES
from aot_rules.aot.rules.artillery import (
    Gun,
    GunShot,
    Piece,
    best_effect_die,
    effect_hits,
    fire,
    gun_crew,
    gun_exact,
    gun_retreats,
    light_move_exact,
    light_range,
)
from aot_rules.aot.rules.melee import Melee, MeleeResult, Side, melee_exact
from aot_rules.aot.units import Body, Unit
from aot_rules.core.dice import FixedDice
from aot_rules.core.errors import RuleError
from aot_rules.keys import Event, Law
from aot_rules.systems import get

W = MeleeWeapon



def hits(face: int, density: int, strict: bool) -> bool:
    return face < density if strict else face <= density


def effect_of(face: int | None, formed: int, gunpowder: bool) -> GunShot:
    """A reached shot whose chosen effect die is ``face`` (None: no die hits)."""
    if face is None:
        return GunShot(True, False, 0, 0)
    killed = min(face, formed)
    return GunShot(True, True, killed, min(killed, formed - killed) if gunpowder else 0)


READINGS = [(False, False), (True, False), (False, True), (True, True)]  # (gunpowder, strict)
TARGETS = [(1,), (1, 1), (2, 2), (3, 3), (3, 1), (4, 4), (4, 2), (5, 5), (5,)]


# --- light pieces (AOT-ART-SHOOT-LIGHT) ---------------------------------------------------------------------

def brute_light(ranks: tuple[int, ...], gunpowder: bool, strict: bool) -> dict[GunShot, F]:
    density, formed = max(ranks), sum(ranks)
    return law((effect_of(f if hits(f, density, strict) else None, formed, gunpowder), F(1, 6)) for f in FACES)


@pytest.mark.parametrize(("gunpowder", "strict"), READINGS)
@pytest.mark.parametrize("ranks", TARGETS, ids=str)
def test_light_piece_against_raw_dice(ranks: tuple[int, ...], gunpowder: bool, strict: bool) -> None:
    target, gun = Unit("target", ranks), Gun(Piece.LIGHT, gunpowder, strict)
    exact = gun_exact(target, gun)
    assert dict(exact.items()) == brute_light(ranks, gunpowder, strict)
    assert dict(gun_exact(target, gun, F(light_range(target))).items()) == dict(exact.items())


@pytest.mark.parametrize("density", range(1, 6))
def test_light_piece_index_values(density: int) -> None:
    """P(hit) = D/6 and E[kills] = D(D+1)/12 as written; under "<" (D-1)/6 and (D-1)D/12."""
    target = Unit("target", (density, density))
    rule = gun_exact(target, Gun(Piece.LIGHT))
    assert rule.prob(lambda s: s.hit) == F(density, 6)
    assert rule.marginal("killed").mean() == F(density * (density + 1), 12)
    strict = gun_exact(target, Gun(Piece.LIGHT, strict=True))
    assert strict.prob(lambda s: s.hit) == F(density - 1, 6)
    assert strict.marginal("killed").mean() == F((density - 1) * density, 12)
    powder = gun_exact(target, Gun(Piece.LIGHT, gunpowder=True))
    # two full ranks hold at least twice any roll that hits, so every kill disorders exactly one more
    assert all(s.disordered == s.killed for s in powder.outcomes())


def test_light_range_is_the_formed_warriors() -> None:
    target = Unit("target", (3, 2), disordered=2)
    assert light_range(target) == 5
    gun = Gun(Piece.LIGHT)
    gun_exact(target, gun, F(5))
    gun_exact(target, gun, F(1, 2))
    with pytest.raises(RuleError) as e:
        gun_exact(target, gun, F(11, 2))
    assert e.value.rule_id == "AOT-ART-SHOOT-LIGHT"
    with pytest.raises(RuleError) as e:
        gun_exact(target, gun, F(0))
    assert e.value.rule_id == "AOT-ART-SHOOT-LIGHT"


# --- heavy pieces (AOT-ART-SHOOT-HEAVY) -----------------------------------------------------------------------

def brute_heavy(ranks: tuple[int, ...], distance: int, gunpowder: bool, strict: bool) -> dict[GunShot, F]:
    """Two dice: they must add up to more than the distance; the owner keeps, of the dice that hit, the one
    that kills most (the highest), and the other die counts only toward reach."""
    density, formed = max(ranks), sum(ranks)
    out = []
    for a, b in itertools.product(FACES, FACES):
        if a + b <= distance:
            shot = GunShot(False, False, 0, 0)
        else:
            hitting = [f for f in (a, b) if hits(f, density, strict)]
            shot = effect_of(max(hitting) if hitting else None, formed, gunpowder)
        out.append((shot, F(1, 36)))
    return law(out)


@pytest.mark.parametrize(("gunpowder", "strict"), READINGS)
@pytest.mark.parametrize("density", range(1, 6))
def test_heavy_piece_against_raw_dice(density: int, gunpowder: bool, strict: bool) -> None:
    for ranks in ((density, density), (density,), (density, 1)):
        target = Unit("target", ranks)
        for distance in range(2, 13):
            exact = gun_exact(target, Gun(Piece.HEAVY, gunpowder, strict), F(distance))
            assert dict(exact.items()) == brute_heavy(ranks, distance, gunpowder, strict), (ranks, distance)


def test_heavy_piece_index_vector() -> None:
    """Distance 8 against 4+4: P(hit) = 6/36 = 1/6, E[kills] = 11/18; under "<" P(hit) = 1/18."""
    target = Unit("target", (4, 4))
    rule = gun_exact(target, Gun(Piece.HEAVY), F(8))
    assert rule.prob(lambda s: s.hit) == F(1, 6)
    assert rule.marginal("killed").mean() == F(11, 18)
    assert rule.prob(lambda s: s.reached) == F(10, 36)
    strict = gun_exact(target, Gun(Piece.HEAVY, strict=True), F(8))
    assert strict.prob(lambda s: s.hit) == F(1, 18)


def test_half_inches_count_as_written() -> None:
    """Reach is "more than the distance": at 8½″ a sum of 9 reaches, at 9″ it does not."""
    target, gun = Unit("target", (4, 4)), Gun(Piece.HEAVY)
    assert gun_exact(target, gun, F(17, 2)).prob(lambda s: s.reached) == F(10, 36)
    assert gun_exact(target, gun, F(9)).prob(lambda s: s.reached) == F(6, 36)


def test_heavy_piece_needs_a_distance_and_no_contact() -> None:
    target, gun = Unit("target", (4, 4)), Gun(Piece.HEAVY)
    for distance in (None, F(0), F(-1)):
        with pytest.raises(RuleError) as e:
            gun_exact(target, gun, distance)
        assert e.value.rule_id == "AOT-ART-SHOOT-HEAVY"


def test_effect_die_choice() -> None:
    target = Unit("target", (4, 4))
    assert best_effect_die((3, 6), target, Gun(Piece.HEAVY)) == 3
    assert best_effect_die((4, 2), target, Gun(Piece.HEAVY)) == 4
    assert best_effect_die((4, 2), target, Gun(Piece.HEAVY, strict=True)) == 2
    assert best_effect_die((5, 6), target, Gun(Piece.HEAVY)) is None
    assert [effect_hits(f, 3, False) for f in FACES] == [True, True, True, False, False, False]
    assert [effect_hits(f, 3, True) for f in FACES] == [True, True, False, False, False, False]


@pytest.mark.parametrize("rule_id", ["AOT-ART-SHOOT-LIGHT", "AOT-ART-SHOOT-HEAVY"])
def test_the_registered_guns_over_their_whole_grids(rule_id: str) -> None:
    """Every combination of the widget's grid (the target: two full ranks of its density): the reported
    killed, disordered and DP laws and the hit, reach and retreat chances are the brute-force law's."""
    m, checked = get(rule_id), 0
    for combo in m.grid():
        out = m.evaluate(**combo)
        d, gunpowder, strict = combo["density"], combo["gunpowder"], combo["strict"]
        ranks = (d, d)
        brute = (brute_light(ranks, gunpowder, strict) if rule_id.endswith("LIGHT")
                 else brute_heavy(ranks, int(combo["distance"]), gunpowder, strict))

        def back(shot: GunShot, ranks: tuple[int, ...] = ranks) -> bool:
            r = list(ranks)
            for _ in range(shot.lost):
                r[r.index(max(r))] -= 1
            return shot.lost > 0 and max(r) < 2

        assert dict(out.dist(Law.killed).items()) == law((x.killed, p) for x, p in brute.items()), combo
        assert dict(out.dist(Law.disordered).items()) == law((x.disordered, p) for x, p in brute.items()), combo
        assert dict(out.dist(Law.dp).items()) == law(((d if back(x) else 0), p) for x, p in brute.items()), combo
        assert out.event(Event.hits) == sum(p for x, p in brute.items() if x.hit)
        assert out.event(Event.retreats) == sum(p for x, p in brute.items() if back(x))
        if "reaches" in out.events:
            assert out.event(Event.reaches) == sum(p for x, p in brute.items() if x.reached)
        checked += 1
    assert checked == (20 if rule_id.endswith("LIGHT") else 200)


# --- the bombard (AOT-EX-BOMBARD) -------------------------------------------------------------------------

@pytest.mark.parametrize("strict", [False, True])
def test_bombard_example_density_4(strict: bool) -> None:
    """A bombard (heavy, gunpowder) at 8″ from a closed unit of 4+4 rolls 3 and 6: 9 > 8 reaches; the 3 hits
    under either reading (3 ≤ 4 and 3 < 4): 3 killed, 3 disordered; 4+4 less 6 is 1+1, density 1 below the
    gun's 2, so the target retreats and the gunners' side earns the target's starting density, 4."""
    target = Unit("target", (4, 4))
    dice = FixedDice([3, 6])
    r = fire(target, Gun(Piece.HEAVY, gunpowder=True, strict=strict), dice, F(8))
    assert dice.exhausted()
    assert r.faces == (3, 6) and r.effect_die == 3
    assert r.shot == GunShot(True, True, 3, 3)
    assert r.after.ranks == (1, 1) and r.after.density == 1 and r.after.disordered == 3
    assert r.retreat and r.dp == 4
    (art,) = dice.events(Artillery)
    assert (art.reach, art.effect, art.reached, art.hit, art.killed) == ((3, 6), 3, True, True, 3)
    (loss,) = dice.events(Losses)
    assert (loss.killed, loss.disordered) == (3, 3)
    (cmp,) = dice.events(Compared)
    assert (cmp.first_density, cmp.second_density) == (2, 1)
    assert len(dice.events(Retreat)) == 1


def test_bombard_hypothetical_density_3_separates_the_readings() -> None:
    """The same 3 and 6 against an open-order unit of density 3: a hit under "≤" (as the rule is written),
    a miss under "<" (as the example says)."""
    target = Unit("target", (3, 3))
    as_written = fire(target, Gun(Piece.HEAVY, gunpowder=True), FixedDice([3, 6]), F(8))
    assert as_written.shot == GunShot(True, True, 3, 3) and as_written.retreat
    as_example = fire(target, Gun(Piece.HEAVY, gunpowder=True, strict=True), FixedDice([3, 6]), F(8))
    assert as_example.shot == GunShot(True, False, 0, 0)
    assert as_example.effect_die is None and not as_example.retreat
    assert as_example.after == target


def test_bombard_odds_under_both_readings() -> None:
    """What the toggle changes at 8″ against 4+4: P(hit) 1/6 against 1/18 (brute force, as above)."""
    for strict, p_hit in ((False, F(1, 6)), (True, F(1, 18))):
        brute = brute_heavy((4, 4), 8, True, strict)
        assert sum(p for s, p in brute.items() if s.hit) == p_hit
        exact = gun_exact(Unit("target", (4, 4)), Gun(Piece.HEAVY, gunpowder=True, strict=strict), F(8))
        assert dict(exact.items()) == brute


def test_the_books_bombard_example_is_the_engines_shot() -> None:
    """The replay the Artillery chapter shows: the log holds the 3-and-6 shot, 3 + 3 lost, the retreat; its two
    exact numbers are the brute-force P(hit) under "≤" and under "<"."""
    ex = EXAMPLES["AOT-EX-BOMBARD"]()
    (art,) = [e for e in ex.log if isinstance(e, Artillery)]
    assert (art.reach, art.effect, art.killed) == ((3, 6), 3, 3)
    assert [(e.killed, e.disordered) for e in ex.log if isinstance(e, Losses)] == [(3, 3)]
    assert any(isinstance(e, Retreat) for e in ex.log)
    assert ex.after is not None and ex.after.ranks == (1, 1)
    expected = [sum(p for x, p in brute_heavy((4, 4), 8, True, strict).items() if x.hit) for strict in (False, True)]
    assert [p for _, p in ex.exact] == expected == [F(1, 6), F(1, 18)]


def test_short_shot_misses_whatever_the_dice() -> None:
    dice = FixedDice([1, 2])
    r = fire(Unit("target", (4, 4)), Gun(Piece.HEAVY), dice, F(8))
    assert r.shot == GunShot(False, False, 0, 0) and not r.retreat
    assert dice.events(Retreat) == []


@pytest.mark.parametrize(("ranks", "lost", "back"), [((4, 4), 6, True), ((4, 4), 5, False), ((2, 2), 1, False),
                                                     ((2, 2), 3, True), ((3, 3), 0, False), ((1, 1), 1, True)])
def test_gun_result_is_against_density_2(ranks: tuple[int, ...], lost: int, back: bool) -> None:
    """4+4 less 6 is 1+1 (density 1, below the gun's 2: back); less 5 is 1+2 (2: it stays); 2+2 less 1 is
    1+2 (stays), less 3 is 0+1 (back); a target that lost nobody never retreats."""
    shot = GunShot(True, lost > 0, lost, 0)
    r = list(ranks)
    for _ in range(lost):
        r[r.index(max(r))] -= 1
    assert gun_retreats(Unit("target", ranks), shot) is (lost > 0 and max(r) < 2) is back


# --- the crew and the machine (AOT-ART-CREW, AOT-ART-CLASSES) ---------------------------------------------------

def test_crew_is_four_civilians_at_density_2() -> None:
    crew = gun_crew()
    assert (crew.ranks, crew.density, crew.body) == ((2, 2), 2, Body.ARTILLERY)
    assert gun_crew(gunpowder=True).terrifying
    with pytest.raises(RuleError) as e:
        Unit("gun", (3, 2), body=Body.ARTILLERY)
    assert e.value.rule_id == "AOT-ART-CREW"
    with pytest.raises(RuleError) as e:
        Unit("gun", (2, 2), body=Body.ARTILLERY, shield=True)
    assert e.value.rule_id == "AOT-ART-CREW"


@pytest.mark.parametrize("gunpowder", [False, True])
@pytest.mark.parametrize(("ranks", "weapon", "hit_faces"), [((4, 4), W.SWORD, {5, 6}), ((3, 3), W.SPEAR, {1, 2}),
                                                             ((2, 2), W.SHOOTER, {1})])
def test_crew_strikes_nothing(gunpowder: bool, ranks: tuple[int, ...], weapon: MeleeWeapon,
                              hit_faces: set[int]) -> None:
    """The enemy's losses are always 0; the crew lose one per hit (swords above their own density, spears
    below it, shooters below the crew's 2) and, with density 2 at most, lose every result against a block
    of density ≥ 2 that lost nothing."""
    enemy = Unit("enemy", ranks, weapon=weapon)
    exact = melee_exact(Side(gun_crew(gunpowder)), Side(enemy))
    out = []
    for faces in itertools.product(FACES, repeat=ranks[0]):
        k = min(sum(f in hit_faces for f in faces), 4)
        left = [2, 2]
        for _ in range(k):
            left[left.index(max(left))] -= 1
        res = MeleeResult.B_WINS if max(ranks) > max(left) else MeleeResult.CONTINUE
        out.append((Melee(k, 0, 0, 0, res), F(1, 6 ** ranks[0])))
    assert dict(exact.items()) == law(out)


def test_machine_classes() -> None:
    assert Gun(Piece.LIGHT).cost == 1 and Gun(Piece.HEAVY, gunpowder=True).cost == 2
    assert Gun(Piece.LIGHT).moves() and not Gun(Piece.HEAVY).moves()
    assert dict(light_move_exact().items()) == {f: F(1, 6) for f in FACES}
