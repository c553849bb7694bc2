"""The rulebook's worked examples, replayed by the engine with the printed dice.

Each example plays the rules with scripted dice and keeps the dice source's
event log; the book tells the steps, draws the dice strip and animates the
losses from that log.  Only the framing of the situation (who stands where) is
written here.  Where the source prints no dice (the flank example), the dice
are illustrative and labelled so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from functools import partial

from aot_rules.aot.equipment import MeleeWeapon, Missile
from aot_rules.aot.rules.artillery import Gun, Piece, effect_hits, fire, gun_exact
from aot_rules.aot.rules.command import activated_slots, play_slots, roll_initiative, slot_activation_exact
from aot_rules.aot.rules.demoralization import spend_disorder
from aot_rules.aot.rules.disorder import disorder_test
from aot_rules.aot.rules.evasion import Arm, Troops, evasion_verdict
from aot_rules.aot.rules.manoeuvre import Step, play_sequence
from aot_rules.aot.rules.melee import MeleeRules, Side, hit_vector, resolve_melee
from aot_rules.aot.rules.movement import move_allowance, pass_through, through_friends_exact, through_loss
from aot_rules.aot.rules.shooting import ShotConditions, firers_in_range, hit_probability, resolve_volley, roll_hits
from aot_rules.aot.rules.weather import play_storm, storm_exact
from aot_rules.aot.units import GUN_DENSITY, Unit
from aot_rules.core.dice import FixedDice
from aot_rules.core.dist import Dist
from aot_rules.core.example import Example
from aot_rules.core.i18n import Message, msg, nmsg, text


def hoplites() -> Unit:
    """Eight hoplites in closed order: two ranks of four, shields (the source's target)."""
    return Unit(name=text(msg("hoplites")), ranks=(4, 4), shield=True)


def slingers_example() -> Example:
    """AOT-EX-SLINGERS: range gives 4 firers; dice 2, 3, 5, 6 against density 4 give 2 hits."""
    target = hoplites()
    cond = ShotConditions(weapon=Missile.SLING)
    n = firers_in_range(target, Fraction(4))
    dice = FixedDice([2, 3, 5, 6])
    hits = roll_hits(n, target, cond, dice, by=text(msg("slingers")))
    p = Dist.binomial(n, hit_probability(target.density, cond, False))[hits]
    return Example("AOT-EX-SLINGERS", msg("Slingers against hoplites"),
                   (msg("The hoplites number {strength} and stand {distance}″ away: {strength} − {distance} = {n} "
                        "slingers may shoot, each hitting on a roll below the hoplites' density.",
                        strength=target.strength, distance=4, n=n),),
                   tuple(dice.log), before=target,
                   exact=((nmsg("P(exactly {n} hit)", "P(exactly {n} hits)", n=hits), p),))


def shieldwall_example(save_roll: int = 1) -> Example:
    """AOT-EX-SHIELDWALL: the hoplites' shield roll of 1 saves one of the two hits (3 would save both)."""
    target = hoplites()
    dice = FixedDice([2, 3, 5, 6, save_roll])
    rep = resolve_volley(4, target, ShotConditions(weapon=Missile.SLING), dice, by=text(msg("slingers")))
    return Example("AOT-EX-SHIELDWALL", msg("The hoplites raise their shields"), (), tuple(dice.log),
                   before=target, after=rep.after)


def flank_example() -> Example:
    """AOT-EX-FLANK-SHOOT: hits use the frontal density 4, the result the depth 2 (illustrative dice)."""
    target = hoplites()
    dice = FixedDice([1, 3, 4, 6])
    archers = text(msg("archers"))
    rep = resolve_volley(4, target, ShotConditions(weapon=Missile.BOW, flank=True), dice, shooter_density=3,
                         by=archers, side=archers)
    return Example("AOT-EX-FLANK-SHOOT", msg("Shooting into the hoplites' flank"),
                   (msg("Archers (density {density}) stand wholly beyond the line of the hoplites' front: a flank "
                        "shot.", density=3),
                    msg("No shield roll: shields do not help against fire from the flank.")),
                   tuple(dice.log), before=target, after=rep.after, illustrative_dice=True)


def gauls_example() -> Example:
    """AOT-EX-GAULS-JAVELINMEN: javelinmen against Gauls, then the Gauls spend their 2 DP on nearby cavalry."""
    jav = Side(Unit(name=text(msg("javelinmen")), ranks=(2, 2), shield=True, weapon=MeleeWeapon.SHOOTER,
                    missile=Missile.JAVELIN))
    gauls = Side(Unit(name=text(msg("Gauls")), ranks=(3, 3), shield=True, weapon=MeleeWeapon.SWORD))
    dice = FixedDice([2, 5, 1, 1, 4, 5, 3])
    rep = resolve_melee(jav, gauls, dice)
    cavalry = Unit(name=text(msg("Greek cavalry")), ranks=(3,), mounted=True)
    after_dp, _ = spend_disorder(rep.dp, cavalry, dice)
    rules = MeleeRules()
    exact = ((nmsg("P(the javelinmen score exactly {n} hit)", "P(the javelinmen score exactly {n} hits)", n=1),
              hit_vector(jav, gauls, rules).prob(lambda h: sum(h) == 1)),
             (nmsg("P(the Gauls score exactly {n} hit)", "P(the Gauls score exactly {n} hits)", n=2),
              hit_vector(gauls, jav, rules).prob(lambda h: sum(h) == 2)))
    return Example("AOT-EX-GAULS-JAVELINMEN", msg("Javelinmen against Gauls"),
                   (msg("The Gauls will spend whatever DP they win on the nearest enemy, a unit of Greek cavalry."),),
                   tuple(dice.log), before=jav.unit, after=rep.a_after, exact=exact,
                   figures=((msg("Gauls after the fight"), rep.b_after),
                            (msg("the cavalry after the Gauls' DP"), after_dp)))


def initiative_example() -> Example:
    """AOT-EX-INITIATIVE-SLOTS: 4 against 2; player 1 plays slots 4 and 3, player 2 then 2 and 1."""
    hamilcar, hanno, scipio, laelius = (text(msg("Hamilcar")), text(msg("Hanno")), text(msg("Scipio")),
                                        text(msg("Laelius")))
    first = ("individual", hamilcar, hamilcar, hanno, hanno, hamilcar)
    second = ("individual", scipio, laelius, laelius, scipio, scipio)
    dice = FixedDice([4, 2])
    roll = roll_initiative(dice)
    play_slots(first, second, roll, dice, names=(text(msg("player 1")), text(msg("player 2"))))
    idle = [", ".join(map(str, sorted(set(range(1, 7)) - set(activated_slots(a, b)))))
            for a, b in (roll, roll[::-1])]
    return Example("AOT-EX-INITIATIVE-SLOTS", msg("Initiative: {mine} against {theirs}", mine=roll[0], theirs=roll[1]),
                   (msg("Player 1 has written his generals Hamilcar and Hanno on slots 2–6 and 'individual' on slot "
                        "1; player 2 has Scipio and Laelius on slots 2–6 and 'individual' on slot 1."),),
                   tuple(dice.log), exact=((msg("P(player 1 plays exactly two slots, as here)"),
                                            slot_activation_exact().prob(lambda s: s.slots == 2)),
                                           (msg("P(player 1 wins the roll and plays exactly two slots, as here)"),
                                            slot_activation_exact().prob(lambda s: s.slots == 2 and s.first))),
                   notes=(msg("Not played this turn: player 1's slots {first}; player 2's slots {second}.",
                              first=idle[0], second=idle[1]),))


def storm_example() -> Example:
    """AOT-EX-STORM: the storm's direction dice, one per lost unit; the source lists what each face does."""
    names = tuple(map(text, (msg("hoplites"), msg("akontists"), msg("cavalry"), msg("Scythian archers"),
                             msg("second hoplites"), msg("third hoplites"))))
    dice = FixedDice([6, 1, 2, 3, 4, 5, 6])
    storm = play_storm(8, dice, names)
    return Example("AOT-EX-STORM", msg("A storm scatters six units"),
                   (msg("A player with {units} units rolls {lost} for the storm, names six units, and rolls a "
                        "direction die for each (these dice are illustrative: they show every face once).",
                        units=8, lost=len(names)),),
                   tuple(dice.log), illustrative_dice=True, legend=msg("orange: the unit moves"),
                   exact=((nmsg("P(exactly {n} of {units} units move in a storm)",
                                "P(exactly {n} of {units} units move in a storm)", n=storm.moved, units=8),
                           storm_exact(8).marginal("moved")[storm.moved]),))


def akontists() -> Unit:
    """The source's akontists: javelinmen at density 2 (two ranks of two; the size is ours)."""
    return Unit(name=text(msg("akontists")), ranks=(2, 2), missile=Missile.JAVELIN, weapon=MeleeWeapon.SHOOTER)


def akontists_move_example() -> Example:
    """AOT-EX-MOVE-AKONTISTS: density 2 moves 10 − 2 = 8″."""
    u = akontists()
    return Example("AOT-EX-MOVE-AKONTISTS", msg("How far the akontists go"),
                   (msg("The akontists stand at density {density}, so they move 10 − {density} = {allowance}″ (the "
                        "engine's move_allowance).", density=u.density, allowance=move_allowance(u)),),
                   (), before=u)


def forest_example(roll: int = 1) -> Example:
    """AOT-EX-FOREST: akontists cross a wood and roll 1: one warrior loses order (1 < 2)."""
    u = akontists()
    dice = FixedDice([roll])
    after = play_sequence(u, (Step.ROUGH,), dice)
    return Example("AOT-EX-FOREST", msg("The akontists cross a wood"),
                   (msg("The akontists move through a wood and come out into the open beyond it: one disorder "
                        "test, against their density {density}.", density=u.density),),
                   tuple(dice.log), before=u, after=after,
                   exact=((msg("P(the akontists lose a warrior in the wood)"),
                           disorder_test(u.density, u.formed).prob(lambda k: k > 0)),),
                   notes=(msg("Any roll from {low} to 6 would have cost nothing.", low=u.density),))


def roman_lines_example(roll: int = 1) -> Example:
    """AOT-EX-ROMAN-LINES: triarii pass through battered principes; the die's 1 falls on the principes."""
    triarii = Unit(name=text(msg("triarii")), ranks=(4, 4), shield=True, armour=True, weapon=MeleeWeapon.SPEAR)
    principes = Unit(name=text(msg("principes")), ranks=(2, 1), disordered=5, shield=True, armour=True)
    dice = FixedDice([roll])
    out = pass_through(triarii, principes, dice)
    what_if = through_loss(3, triarii.density, principes.formed)
    return Example("AOT-EX-ROMAN-LINES", msg("The triarii relieve the principes"),
                   (msg("Fresh triarii move up through the battered principes to take their place in the line. The "
                        "test is the triarii's: one die against their density; the warriors lost are the "
                        "principes'."),),
                   tuple(dice.log), before=principes, after=out.friend,
                   figures=((msg("the triarii, who pass through"), triarii),),
                   exact=((msg("P(the principes lose at least one warrior)"),
                           through_friends_exact(triarii.density, principes.formed).prob(lambda k: k > 0)),),
                   notes=(nmsg("Had the die shown 3, the principes would have lost {n} warrior and had no formed "
                               "warrior left: a panicking unit.",
                               "Had the die shown 3, the principes would have lost {n} warriors and had no formed "
                               "warrior left: a panicking unit.", n=what_if),
                          msg("The source states neither the triarii's density nor how many principes were still "
                              "in order. For a 3 to fail, the triarii need density {density} or more; for the "
                              "principes to panic, they must have had {formed} or fewer formed warriors. We give "
                              "them exactly that: triarii at density {density}, principes with {formed} formed.",
                              density=triarii.density, formed=principes.formed)))


def gauls_flee_example(roll: int = 5) -> Example:
    """AOT-EX-GAULS-FLEE: panicking Gauls flee through their own phalanx; a 5 disorders 5 phalangites."""
    gauls = Unit(name=text(msg("Gauls")), ranks=(0, 0), disordered=8, shield=True)
    phalanx = Unit(name=text(msg("phalangites")), ranks=(5, 5), weapon=MeleeWeapon.PIKE)
    dice = FixedDice([roll])
    out = pass_through(gauls, phalanx, dice)
    return Example("AOT-EX-GAULS-FLEE", msg("Panicking Gauls flee through their own phalanx"),
                   (msg("The Gauls are panicking: every warrior is out of order, so they have no density and test "
                        "against their strength, {strength}.", strength=gauls.strength),),
                   tuple(dice.log), before=phalanx, after=out.friend,
                   exact=((msg("P(the phalanx loses {least} or more warriors)", least=5),
                           through_friends_exact(gauls.strength, phalanx.formed).prob(lambda k: k >= 5)),),
                   notes=(msg("The source does not say how many Gauls flee. A roll of 5 fails only against a "
                              "strength of 6 or more, so the example implies at least six; we use {strength}.",
                              strength=gauls.strength),))


def bombard_example(reach: tuple[int, int] = (3, 6)) -> Example:
    """AOT-EX-BOMBARD: a heavy gunpowder gun 8″ from closed-order foot rolls 3 and 6: 9 > 8 reaches, the 3 hits
    density 4 and kills 3, gunpowder disorders 3 more, and the foot, down to density 1 (below the gun's 2), retreat.

    The source then says the same 3 would have missed open order (density 3); that holds only under the strict
    "<" reading, so both readings' odds are given and the hypothetical is decided by the engine both ways.
    """
    target = Unit(name=text(msg("closed-order foot")), ranks=(4, 4))
    gun = Gun(Piece.HEAVY, gunpowder=True)
    distance = Fraction(8)
    dice = FixedDice(list(reach))
    rep = fire(target, gun, dice, distance, name=text(msg("the bombard")))
    face = rep.effect_die if rep.effect_die is not None else min(reach)
    open_order = 3
    p_hit = {strict: gun_exact(target, replace(gun, strict=strict), distance).prob(lambda s: s.hit)
             for strict in (False, True)}
    hit = {strict: effect_hits(face, open_order, strict) for strict in (False, True)}
    fate = (msg("The source says the target “flees”. The engine applies the ordinary result of shooting: the foot "
                "are left at density {density}, below the gun's {gun}, so the unit retreats, as any beaten target "
                "does, and the bombard's side earns {dp} DP.", density=rep.after.density, gun=GUN_DENSITY, dp=rep.dp)
            if rep.retreat else
            msg("The source says the target “flees”. The engine applies the ordinary result of shooting: the foot "
                "are left at density {density}, not below the gun's {gun}, so the unit stays, as any target that "
                "holds does, and the bombard's side earns {dp} DP.", density=rep.after.density, gun=GUN_DENSITY,
                dp=rep.dp))
    said = {(True, False): msg("The source adds that against open order (density {open}) the same {face} would have "
                               "missed. Under the rule as written (hit on ≤ {open}) it hits; under the strict reading "
                               "(hit on < {open}) it misses.", open=open_order, face=face),
            (True, True): msg("The source adds that against open order (density {open}) the same {face} would have "
                              "missed. It hits under both readings: the rule as written (hit on ≤ {open}) and the "
                              "strict one (hit on < {open}).", open=open_order, face=face),
            (False, False): msg("The source adds that against open order (density {open}) the same {face} would "
                                "have missed, and it misses under both readings (hit on ≤ {open} or on < {open}).",
                                open=open_order, face=face)}
    readings: tuple[Message, ...] = (said[hit[False], hit[True]],)
    if hit[False] != hit[True]:
        readings += (msg("The source's miss needs “<”, while its own rule says “≤”; the book keeps the rule's “≤”, "
                         "and the widget's “strict” toggle shows the other reading."),)
    return Example("AOT-EX-BOMBARD", msg("A bombard fires at closed-order foot"),
                   (msg("A bombard, a heavy gunpowder gun, fires at a unit of foot in closed order (two ranks of "
                        "four, density {density}) standing {distance}″ away. Its two dice must add up to more than "
                        "{distance}; the owner then keeps one of them as the effect die, which must be at or below "
                        "the target's density.", density=target.density, distance=distance),),
                   tuple(dice.log), before=target, after=rep.after,
                   legend=msg("red: at or below the target's density, so the owner may keep it as the effect die"),
                   exact=((msg("P(a hit from {distance}″ against density {density}), hitting on ≤ {density} (the "
                               "rule)", distance=distance, density=target.density), p_hit[False]),
                          (msg("P(a hit from {distance}″ against density {density}), hitting on < {density} (what "
                               "the example's hypothetical needs)", distance=distance, density=target.density),
                           p_hit[True])),
                   notes=(fate, *readings))


#: AOT-EX-EVADE-*: the two sides of each source example, as the evasion rule sees them (the title, then each side's
#: name, a name as the table calls it (a message: rendered when the example is built, in the reader's language),
#: and its troops).
EVASION_PAIRS: dict[str, tuple[Message, tuple[Message, Troops], tuple[Message, Troops]]] = {
    "AOT-EX-EVADE-NUMIDIANS": (msg("Roman cavalry and Numidians"),
                               (msg("Roman cavalry"), Troops(Arm.CAVALRY, armour=True)),
                               (msg("Numidians"), Troops(Arm.CAVALRY))),
    "AOT-EX-EVADE-THRACIANS": (msg("Thracians and legionaries"), (msg("Thracians"), Troops(Arm.FOOT, shield=True)),
                               (msg("legionaries"), Troops(Arm.FOOT, shield=True, armour=True))),
    "AOT-EX-EVADE-ANGLOSAXONS": (msg("Anglo-Saxons and Norman archers"),
                                 (msg("Anglo-Saxons"), Troops(Arm.FOOT, shield=True)),
                                 (msg("Norman archers"), Troops(Arm.FOOT, armour=True))),
}


def evasion_example(example_id: str) -> Example:
    """AOT-EX-EVADE-*: who may evade whom, both ways round, decided by ``evasion_verdict``."""
    title, (name_a, a), (name_b, b) = EVASION_PAIRS[example_id]
    lines = []
    for (charger, _), (charged, t) in (((name_a, a), (name_b, b)), ((name_b, b), (name_a, a))):
        v = evasion_verdict(t, a if t is b else b)
        said = (msg("If the {charger} charge, the {charged} ({troops}) may evade: {reason}.", charger=charger,
                    charged=charged, troops=t.describe(), reason=v.reason) if v.allowed else
                msg("If the {charger} charge, the {charged} ({troops}) may not evade: {reason}.", charger=charger,
                    charged=charged, troops=t.describe(), reason=v.reason))
        lines.append(said)
    return Example(example_id, title, tuple(lines), ())


EXAMPLES: dict[str, Callable[[], Example]] = {
    "AOT-EX-INITIATIVE-SLOTS": initiative_example,
    "AOT-EX-STORM": storm_example,
    "AOT-EX-SLINGERS": slingers_example,
    "AOT-EX-SHIELDWALL": shieldwall_example,
    "AOT-EX-FLANK-SHOOT": flank_example,
    "AOT-EX-GAULS-JAVELINMEN": gauls_example,
    "AOT-EX-MOVE-AKONTISTS": akontists_move_example,
    "AOT-EX-FOREST": forest_example,
    "AOT-EX-ROMAN-LINES": roman_lines_example,
    "AOT-EX-GAULS-FLEE": gauls_flee_example,
    "AOT-EX-BOMBARD": bombard_example,
    **{k: partial(evasion_example, k) for k in EVASION_PAIRS},
}
