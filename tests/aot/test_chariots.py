"""Chariots, carts and war wagons (AOT-CHARIOT-BASICS, -COMBAT, -TURN-TROT, -WOUND, -FLANK, -DEMO, -SCYTHED,
AOT-CART-SUMERIAN, AOT-WAR-WAGON), checked against raw dice enumerated here.

The rules as this file writes them (index and common readings 6-8):

* a chariot's density is its horses H (1-4); its horses strike as cavalry (one die each, hitting above the
  enemy's density, foot only, after a straight charge) and its crew adds one die with the crew's weapon, the
  chariot's density being the crew's own; a Sumerian cart has no horse strike;
* hits on a chariot go to one hit test: destroyed on a roll at or below the hits (no test on 0 hits);
* turning: overturned on a test die below H; trotting: two dice of inches, the owner tests on one of them
  (the better), so it overturns only when both are below H;
* taken in the flank or rear only the crew fights, and the chariot counts density 1;
* scythed chariots are terrifying and armour-piercing;
* a war wagon's crew fights as stubborn close-combat specialists with shield and armour; only shooters and
  close-combat specialists may attack one, and a wagon never attacks.

Expected values are computed from ``itertools.product`` over the faces, never by calling the engine.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction as F

import pytest
from brute import FACES, compare, density_left, hit_count_law, hit_counts, law

from aot_rules.aot.equipment import MeleeWeapon
from aot_rules.aot.events import Moved, Overturned, Wounded
from aot_rules.aot.rules.breakthrough import Breakthrough
from aot_rules.aot.rules.chariots import (
    ChariotMorale,
    ChariotMove,
    chariot,
    chariot_breakthrough_exact,
    chariot_morale,
    chariot_trot_exact,
    check_wagon_fight,
    play_chariot_trot,
    play_chariot_turn,
    turn_exact,
    war_wagon,
)
from aot_rules.aot.rules.melee import Melee, MeleeResult, MeleeRules, Side, harm, melee_exact, resolve_melee
from aot_rules.aot.rules.shooting import ShotConditions, range_strength, volley_harm
from aot_rules.aot.rules.wounds import Fate, Loss, wound_law
from aot_rules.aot.units import Body, Unit
from aot_rules.core.dice import FixedDice
from aot_rules.core.errors import RuleError
from aot_rules.keys import Event, Law
from aot_rules.systems import get

W = MeleeWeapon






def chariot_fate(hits: int, roll: int) -> Fate:
    if hits == 0:
        return Fate.SURVIVES  # no test without hits
    return Fate.DESTROYED if roll <= hits else Fate.SURVIVES



# --- the hit test (AOT-CHARIOT-WOUND) -------------------------------------------------------------------------

@pytest.mark.parametrize("hits", range(0, 9))
def test_chariot_hit_test_against_raw_dice(hits: int) -> None:
    tested = law(((Fate.DESTROYED if r <= hits else Fate.SURVIVES), F(1, 6)) for r in FACES)
    assert dict(wound_law(Body.CHARIOT, hits, test_without_hits=True).items()) == tested
    assert tested.get(Fate.DESTROYED, F(0)) == F(min(hits, 6), 6)  # the index's min(h, 6)/6
    by_default = dict(wound_law(Body.CHARIOT, hits).items())
    assert by_default == ({Fate.SURVIVES: F(1)} if hits == 0 else tested)
    for body in (Body.SCYTHED, Body.CART):  # the same test for every kind of chariot
        assert dict(wound_law(body, hits).items()) == by_default
    with pytest.raises(RuleError) as e:
        wound_law(Body.CHARIOT, -1)
    assert e.value.rule_id == "AOT-CHARIOT-WOUND"


# --- overturning (AOT-CHARIOT-TURN-TROT) ----------------------------------------------------------------------

@pytest.mark.parametrize("horses", range(1, 5))
def test_turn_overturns_below_the_horses(horses: int) -> None:
    expected = law(((r < horses), F(1, 6)) for r in FACES)
    assert dict(turn_exact(horses).items()) == expected
    assert turn_exact(horses)[True] == F(horses - 1, 6)


def brute_trot(horses: int, test_die_moves: bool) -> dict[ChariotMove, F]:
    """Two dice.  Overturned only if both are below H (the owner tests on a passing die when there is one).
    Distance: both dice; under the other reading only the die not used for the test, the owner keeping the
    higher for the distance when both pass or both fail, and the failing die when only one passes."""
    out = []
    for a, b in itertools.product(FACES, FACES):
        passes = (a >= horses) + (b >= horses)
        if test_die_moves:
            distance = a + b
        else:
            distance = min(a, b) if passes == 1 else max(a, b)
        out.append((ChariotMove(distance, passes == 0), F(1, 36)))
    return law(out)


@pytest.mark.parametrize("test_die_moves", [True, False])
@pytest.mark.parametrize("horses", range(1, 5))
def test_trot_joint_law_against_two_raw_dice(horses: int, test_die_moves: bool) -> None:
    exact = chariot_trot_exact(horses, test_die_moves)
    assert dict(exact.items()) == brute_trot(horses, test_die_moves)
    assert exact.prob(lambda m: m.overturned) == F(horses - 1, 6) ** 2


@pytest.mark.parametrize("horses", [0, 5])
def test_overturning_refuses_impossible_teams(horses: int) -> None:
    for fn in (turn_exact, chariot_trot_exact):
        with pytest.raises(RuleError) as e:
            fn(horses)
        assert e.value.rule_id == "AOT-CHARIOT-TURN-TROT"


def test_played_turn_and_trot_log_the_test() -> None:
    dice = FixedDice([1])
    assert play_chariot_turn(chariot(2), dice) is True
    (o,) = dice.events(Overturned)
    assert (o.roll, o.horses, o.overturned) == (1, 2, True)
    assert play_chariot_turn(chariot(2), FixedDice([2])) is False
    # trot, 3 horses: 1 and 5 → the owner tests on the 5 (passes); 2 and 1 → both fail, overturned
    dice = FixedDice([1, 5])
    assert play_chariot_trot(chariot(3), dice) == ChariotMove(6, False)
    (o,) = dice.events(Overturned)
    assert (o.roll, o.overturned) == (5, False)
    (m,) = dice.events(Moved)
    assert m.distance == 6
    assert play_chariot_trot(chariot(3), FixedDice([2, 1])) == ChariotMove(3, True)
    with pytest.raises(RuleError):
        play_chariot_turn(Unit("horse", (2,), mounted=True), FixedDice([1]))


def test_the_small_registered_chariot_mechanics_over_their_whole_grids() -> None:
    for combo in get("AOT-CHARIOT-WOUND").grid():
        h = combo["hits"]
        expected = law(((Fate.DESTROYED if r <= h else Fate.SURVIVES), F(1, 6)) for r in FACES) \
            if h or combo["test_without_hits"] else {Fate.SURVIVES: F(1)}
        assert dict(get("AOT-CHARIOT-WOUND").evaluate(**combo).dist(Law.fate).items()) == expected
    for combo in get("AOT-CHARIOT-TURN-TROT").grid():
        out, horses = get("AOT-CHARIOT-TURN-TROT").evaluate(**combo), combo["horses"]
        if combo["trot"]:
            brute = brute_trot(horses, combo["test_die_moves"])
            state = law((("overturned" if m.overturned else "upright"), p) for m, p in brute.items())
            distance = law((m.distance, p) for m, p in brute.items())
        else:
            state = law((("overturned" if r < horses else "upright"), F(1, 6)) for r in FACES)
            distance = {0: F(1)}
        assert dict(out.dist(Law.chariot).items()) == state
        assert dict(out.dist(Law.distance).items()) == distance


# --- what a chariot may be (AOT-CHARIOT-BASICS, -DEMO) ---------------------------------------------------------

@pytest.mark.parametrize("horses", [0, 5])
def test_a_chariot_has_one_to_four_horses(horses: int) -> None:
    with pytest.raises(RuleError):
        chariot(horses)


def test_a_chariot_has_no_shield_or_armour_and_one_rank() -> None:
    for gear in ("shield", "armour", "horse_armour"):
        with pytest.raises(RuleError) as e:
            Unit("car", (2,), mounted=True, body=Body.CHARIOT, **{gear: True})
        assert e.value.rule_id == "AOT-CHARIOT-BASICS"
    with pytest.raises(RuleError):
        chariot(2, body=Body.ELEPHANT)
    assert chariot(3).density == 3
    assert chariot(2, body=Body.SCYTHED).terrifying and not chariot(2).terrifying


@pytest.mark.parametrize("horses", range(1, 5))
def test_demoralizing_a_chariot(horses: int) -> None:
    assert chariot_morale(chariot(horses)) == ChariotMorale(horses, horses, 2 * horses)
    assert range_strength(chariot(horses)) == 2 * horses  # horses count double for range, like riders


def test_only_chariots_are_demoralized_as_chariots() -> None:
    with pytest.raises(RuleError) as e:
        chariot_morale(Unit("foot", (3, 3)))
    assert e.value.rule_id == "AOT-CHARIOT-DEMO"


# --- a chariot in a melee (AOT-CHARIOT-COMBAT) --------------------------------------------------------------------

def brute_chariot_vs_foot(horses: int, crew_hits: set[int], horse_dice: int, foot_ranks: tuple[int, ...],
                          foot_hits: set[int]) -> dict[Melee, F]:
    """Crew die + horse dice + the foot's dice + the chariot's hit test, all raw; unprotected foot lose one
    warrior per hit; a destroyed chariot loses all its horses (density 0)."""
    formed = sum(foot_ranks)
    crew = hit_count_law(1, crew_hits.__contains__)
    kicks = hit_count_law(horse_dice, lambda f: f > max(foot_ranks))  # a horse hits above the foot's density
    back = hit_count_law(foot_ranks[0], foot_hits.__contains__)
    out = []
    for (c, pc), (k, pk), (h, ph), r in itertools.product(crew.items(), kicks.items(), back.items(), FACES):
        killed = min(c + k, formed)
        fate = chariot_fate(h, r)
        a_killed = horses if fate is Fate.DESTROYED else 0
        res = compare(horses - a_killed, density_left(foot_ranks, killed))
        out.append((Melee(a_killed, 0, killed, 0, res, fate, Fate.NONE), pc * pk * ph * F(1, 6)))
    return law(out)


#: (horses, crew weapon, faces the crew die hits on, horse strike?, foot ranks, foot weapon, foot hit faces).
#: By hand: a shooter hits below the enemy's density, a sword above its own (the chariot's: its horses),
#: a lance above the enemy's; foot spears below their own density, swords above it.
CHARIOT_FIGHTS = [
    (2, W.SHOOTER, {1}, True, (2, 2), W.SPEAR, {1}),  # the brief's case
    (2, W.SHOOTER, {1}, False, (2, 2), W.SPEAR, {1}),  # no straight charge: the crew die only
    (3, W.SWORD, {4, 5, 6}, True, (4, 4), W.SWORD, {5, 6}),
    (4, W.LANCE, {4, 5, 6}, True, (3, 3), W.SHOOTER, {1, 2, 3}),  # foot shooters hit below the chariot's 4
    (1, W.SWORD, {2, 3, 4, 5, 6}, True, (5, 5), W.SPEAR, {1, 2, 3, 4}),
]


@pytest.mark.parametrize(("horses", "crew", "crew_hits", "horse_strike", "foot_ranks", "foot_weapon", "foot_hits"),
                         CHARIOT_FIGHTS)
def test_chariot_melee_against_raw_dice(horses: int, crew: MeleeWeapon, crew_hits: set[int], horse_strike: bool,
                                        foot_ranks: tuple[int, ...], foot_weapon: MeleeWeapon,
                                        foot_hits: set[int]) -> None:
    car, foot = chariot(horses, crew), Unit("foot", foot_ranks, weapon=foot_weapon)
    expected = brute_chariot_vs_foot(horses, crew_hits, horses if horse_strike else 0, foot_ranks, foot_hits)
    assert dict(melee_exact(Side(car, horse_strike=horse_strike), Side(foot)).items()) == expected


def test_chariot_breakthrough_is_the_horses_then_the_crew_on_the_last_unit() -> None:
    """Breaking through: horses only (riders_strike off); against the last unit the crew's die too."""
    car, foot = chariot(2, W.SHOOTER), Unit("foot", (2, 2), weapon=W.SPEAR)

    def as_breakthrough(m: Melee) -> Breakthrough:
        return Breakthrough(m.a_killed, m.a_disordered, m.b_killed, m.b_disordered, m.result,
                            m.result is MeleeResult.A_WINS, m.a_fate)

    for last, crew_hits in ((False, set()), (True, {1})):
        expected = law((as_breakthrough(m), p) for m, p in
                       brute_chariot_vs_foot(2, crew_hits, 2, (2, 2), {1}).items())
        assert dict(chariot_breakthrough_exact(car, foot, last=last).items()) == expected


def brute_breakthrough(horses: int, scythed: bool, crew_hits: set[int], last: bool, foot_ranks: tuple[int, ...],
                       foot_hits: set[int], shield: bool, lance: bool = False) -> dict[Breakthrough, F]:
    """A chariot charging to break through, from raw dice: its horses' dice (above the foot's density), the
    crew's die against the last unit only, the foot's shield die (at a roll below their density it saves that
    many of the crew's hits, never the horses'), the foot's dice and the chariot's hit test.  A crew's lance
    and scythes pierce (a warrior the shield saves is disordered instead); scythes also terrify: every kill
    disorders one more."""
    density, formed = max(foot_ranks), sum(foot_ranks)
    crew = hit_counts(1 if last else 0, frozenset(crew_hits))
    kicks = hit_counts(horses, frozenset(range(density + 1, 7)))
    on_foot: dict[tuple[int, int], F] = {}
    for (c, pc), (k, pk), s in itertools.product(crew.items(), kicks.items(), FACES):
        saved = min(s, c) if shield and s < density else 0
        killed = c - saved + k
        disordered = (saved if scythed or lance else 0) + (killed if scythed else 0)
        loss = (min(killed, formed), min(disordered, formed - min(killed, formed)))
        on_foot[loss] = on_foot.get(loss, F(0)) + pc * pk / 6
    on_car: dict[Fate, F] = {}
    for (h, ph), r in itertools.product(hit_counts(foot_ranks[0], frozenset(foot_hits)).items(), FACES):
        fate = chariot_fate(h, r)
        on_car[fate] = on_car.get(fate, F(0)) + ph / 6
    out = []
    for ((killed, disordered), pf), (fate, pa) in itertools.product(on_foot.items(), on_car.items()):
        a_killed = horses if fate is Fate.DESTROYED else 0
        res = compare(horses - a_killed, density_left(foot_ranks, killed + disordered))
        out.append((Breakthrough(a_killed, 0, killed, disordered, res, res is MeleeResult.A_WINS, fate), pf * pa))
    return law(out)


def test_the_registered_charge_over_its_whole_grid() -> None:
    """Every combination of the widget's grid: each distribution and event the mechanic reports is the
    brute-force law's.  Hit faces by hand from the weapon rules: the crew's shooter below the foot's density,
    sword above its own (the horses), lance above the foot's; the foot's spear below their own density,
    sword above it, shooter below the chariot's."""
    m, checked = get("AOT-CHARIOT-COMBAT"), 0
    crew_rule = {W.SHOOTER: lambda f, h, d: f < d, W.SWORD: lambda f, h, d: f > h, W.LANCE: lambda f, h, d: f > d}
    foot_rule = {W.SPEAR: lambda f, h, d: f < d, W.SWORD: lambda f, h, d: f > d, W.SHOOTER: lambda f, h, d: f < h}
    for combo in m.grid():
        out = m.evaluate(**combo)
        h, ranks = combo["horses"], combo["foot_ranks"]
        d = max(ranks)
        brute = brute_breakthrough(h, combo["body"] is Body.SCYTHED,
                                   {f for f in FACES if crew_rule[combo["crew_weapon"]](f, h, d)}, combo["last"], ranks,
                                   {f for f in FACES if foot_rule[combo["foot_weapon"]](f, h, d)}, combo["foot_shield"],
                                   lance=combo["crew_weapon"] is W.LANCE)
        for name, field in (("foot_killed", "foot_killed"), ("foot_disordered", "foot_disordered"),
                            ("cavalry_fate", "cavalry_fate"), ("result", "result")):
            assert dict(out.dists[name].items()) == law((getattr(x, field), p) for x, p in brute.items()), (combo, name)
        assert out.event(Event.through) == sum(p for x, p in brute.items() if x.through)
        assert out.event(Event.destroyed) == sum(p for x, p in brute.items() if x.cavalry_fate is Fate.DESTROYED)
        checked += 1
    assert checked == 4 * 2 * 3 * 4 * 3 * 2 * 2


def test_a_cart_makes_no_horse_strike() -> None:
    cart, foot = chariot(3, W.SWORD, body=Body.CART), Side(Unit("foot", (3, 3)))
    with pytest.raises(RuleError) as e:
        melee_exact(Side(cart, horse_strike=True), foot)
    assert e.value.rule_id == "AOT-CART-SUMERIAN"
    with pytest.raises(RuleError) as e:
        chariot_breakthrough_exact(cart, foot.unit)
    assert e.value.rule_id == "AOT-CART-SUMERIAN"
    # otherwise it fights as a chariot without its horses' dice: the crew die only
    plain = chariot(3, W.SWORD)
    assert dict(harm(Side(cart), foot, MeleeRules()).items()) == dict(harm(Side(plain), foot, MeleeRules()).items())


def test_only_chariots_break_through_as_chariots() -> None:
    with pytest.raises(RuleError) as e:
        chariot_breakthrough_exact(Unit("horse", (3,), mounted=True), Unit("foot", (3, 3)))
    assert e.value.rule_id == "AOT-CHARIOT-COMBAT"


def test_scythes_terrify_and_pierce_armour() -> None:
    """One horse, a sword crew, no horse strike: the crew die hits above its own density 1 (2-6).  Against
    armoured foot of density 2 a plain chariot's 6 is turned by the armour; a scythed chariot's 6 pierces it
    (the warrior is disordered instead), and each kill disorders one more (terrifying)."""
    foot = Side(Unit("foot", (2, 2), armour=True))

    def plain(face: int) -> Loss:
        return Loss(1, 0) if 2 <= face <= 5 else Loss(0, 0)

    def scythed(face: int) -> Loss:
        if face == 6:
            return Loss(0, 1)  # pierced armour: disordered, not killed; no kill to terrify with
        return Loss(1, 1) if face >= 2 else Loss(0, 0)

    for body, rule in ((Body.CHARIOT, plain), (Body.SCYTHED, scythed)):
        car = Side(chariot(1, W.SWORD, body=body))
        assert dict(harm(car, foot, MeleeRules()).items()) == law((rule(f), F(1, 6)) for f in FACES)


# --- a chariot taken in the flank (AOT-CHARIOT-FLANK) ---------------------------------------------------------

@pytest.mark.parametrize("horse_strike", [False, True])
def test_flanked_chariot_fights_with_the_crew_only_at_density_1(horse_strike: bool) -> None:
    """Three horses, a shooter crew, flanked by 3+3 swords: the crew's one die hits below the foot's 3 (1-2);
    no horse dice however it came in; the foot hit on 4-6 (above their own 3), three dice, and the hits go to
    the hit test; the chariot's density for the result is 1 (0 if destroyed)."""
    car, foot = Side(chariot(3, W.SHOOTER), flanked=True, horse_strike=horse_strike), Side(Unit("foot", (3, 3)))
    crew = hit_count_law(1, lambda f: f < 3)
    back = hit_count_law(3, lambda f: f > 3)
    out = []
    for (c, pc), (h, ph), r in itertools.product(crew.items(), back.items(), FACES):
        fate = chariot_fate(h, r)
        a_killed = 3 if fate is Fate.DESTROYED else 0
        res = compare(0 if a_killed else 1, density_left((3, 3), c))
        out.append((Melee(a_killed, 0, c, 0, res, fate, Fate.NONE), pc * ph * F(1, 6)))
    assert dict(melee_exact(car, foot).items()) == law(out)


def test_enemies_hit_a_flanked_chariot_against_density_1() -> None:
    """Foot shooters hit below the target's density: against a flanked chariot (density 1) never."""
    shooters = Side(Unit("archers", (3, 3), weapon=W.SHOOTER))
    flanked = Side(chariot(3), flanked=True)
    assert dict(harm(shooters, flanked, MeleeRules()).items()) == {Loss(0, 0, Fate.SURVIVES): F(1)}
    frontal = harm(shooters, Side(chariot(3)), MeleeRules())
    assert frontal.prob(lambda x: x.fate is Fate.DESTROYED) > 0


def test_flanked_chariot_crew_uses_density_1_as_its_own() -> None:
    car, foot = Side(chariot(3, W.SWORD), flanked=True), Side(Unit("foot", (3, 3)))
    expected = law((Loss(1 if f > 1 else 0, 0), F(1, 6)) for f in FACES)
    assert dict(harm(car, foot, MeleeRules()).items()) == expected


# --- shooting at a chariot ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("firers", [1, 2, 3])
@pytest.mark.parametrize("horses", [1, 2, 3, 4])
def test_volley_at_a_chariot_goes_to_the_hit_test(horses: int, firers: int) -> None:
    out = []
    for faces in itertools.product(FACES, repeat=firers):
        h = sum(f < horses for f in faces)  # a shot hits below the chariot's density, its horses
        for r in FACES:
            fate = chariot_fate(h, r)
            out.append((Loss(horses if fate is Fate.DESTROYED else 0, 0, fate), F(1, 6 ** (firers + 1))))
    assert dict(volley_harm(firers, chariot(horses), ShotConditions()).items()) == law(out)


def test_played_chariot_fight_by_scripted_dice() -> None:
    """2 horses, shooter crew, straight charge into 2+2 spears: crew 1 (hits: < 2), horses 3 and 6 (both > 2),
    three foot killed; the two spear dice 1 and 4: one hit (< 2); hit test 1 ≤ 1: the chariot is destroyed.
    The foot keep density 1 against the chariot's 0: the foot win."""
    dice = FixedDice([1, 3, 6, 1, 4, 1])
    r = resolve_melee(Side(chariot(2), horse_strike=True), Side(Unit("foot", (2, 2), weapon=W.SPEAR)), dice)
    assert dice.exhausted()
    assert r.a_strikes.killed == 3
    assert r.b_strikes.fate is Fate.DESTROYED and r.b_strikes.killed == 2
    assert r.result is MeleeResult.B_WINS
    (w,) = dice.events(Wounded)
    assert (w.hits, w.roll, w.fate) == (1, 1, "destroyed")


def test_the_seeded_charge_sampler_plays_a_destroyed_chariot() -> None:
    """The registered charge's played face, drawn until a chariot is destroyed (it once crashed there)."""
    m, rng = get("AOT-CHARIOT-COMBAT"), random.Random(4)
    seen = {m.draw(rng, foot_weapon=W.SWORD, foot_ranks=(4, 4))["cavalry_fate"] for _ in range(300)}
    assert Fate.DESTROYED in seen and Fate.SURVIVES in seen


# --- war wagons (AOT-WAR-WAGON) -------------------------------------------------------------------------------

ATTACKERS = [Unit("swords", (4, 4), weapon=W.SWORD), Unit("archers", (3, 3), weapon=W.SHOOTER),
             Unit("axes", (2, 2), weapon=W.TWO_HANDED), Unit("halberds", (5, 5), weapon=W.HALBERD_AXE),
             Unit("veterans", (3, 2), weapon=W.SWORD, armour=True, veteran=True)]


@pytest.mark.parametrize("crew", [(3, 3), (2, 2), (4, 2), (1,)])
@pytest.mark.parametrize("attacker", ATTACKERS, ids=lambda u: u.name)
def test_wagon_crew_fights_as_stubborn_specialists_with_shield_and_armour(attacker: Unit,
                                                                          crew: tuple[int, ...]) -> None:
    """The crew's law is exactly that of an ordinary foot unit of swords with shield, armour and stubborn."""
    wagon = war_wagon(crew)
    ordinary = Unit("war wagon", crew, weapon=W.SWORD, shield=True, armour=True, stubborn=True)
    assert wagon.density == max(crew)  # the longest rank of the crew
    check_wagon_fight(attacker, wagon)  # these may attack it
    assert dict(melee_exact(Side(attacker), Side(wagon)).items()) == \
        dict(melee_exact(Side(attacker), Side(ordinary)).items())


def test_who_may_attack_a_war_wagon() -> None:
    wagon = war_wagon()
    for weapon in (W.SPEAR, W.PIKE, W.HALBERD_SPEAR):
        with pytest.raises(RuleError) as e:
            check_wagon_fight(Unit("foot", (3, 3), weapon=weapon), wagon)
        assert e.value.rule_id == "AOT-WAR-WAGON"
    with pytest.raises(RuleError):
        check_wagon_fight(Unit("lancers", (3,), mounted=True, weapon=W.LANCE), wagon)
    with pytest.raises(RuleError):
        check_wagon_fight(chariot(2), wagon)
    with pytest.raises(RuleError) as e:  # a wagon never attacks
        check_wagon_fight(wagon, Unit("foot", (3, 3)))
    assert e.value.rule_id == "AOT-WAR-WAGON"


def test_a_wagon_crew_is_at_most_six() -> None:
    with pytest.raises(RuleError) as e:
        war_wagon((4, 3))
    assert e.value.rule_id == "AOT-WAR-WAGON"
