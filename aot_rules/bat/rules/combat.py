"""Melee and ranged damage (BAT-MELEE-DAMAGE, BAT-SHOOT-DAMAGE), their modifier tables
(BAT-MELEE-MODS, BAT-SHOOT-MODS), and area and stream fire (BAT-SKILL-AREA, BAT-SKILL-STREAM).

Every Batalist attack is one comparison: a d6 plus the attacker's strength (Melee or Ranged)
against a d6 plus the target's Defence.  A higher total removes one figure; a total at least
double the target's also makes the target test morale.  :func:`strike` judges one comparison,
:func:`strike_dice` is one attack's dice written once (:mod:`aot_rules.core.procedure`), :func:`strike_exact` its
exact law with a fresh die on each side; the rest builds on these.

* Melee: both sides strike at once.  Under the index's Reading each player rolls **one** die,
  used both for his blow and for his guard, so the two results are correlated
  (:func:`melee_exact`); the alternative, separate dice, makes them independent.
* Ranged: only the target can lose a figure.  The source lost the comparison sign; the Reading
  is ">" as in melee (:class:`Sign`).  Shooting from higher or lower ground changes the Range
  by one d6, rolled when the shot is declared (:func:`range_exact`).
* Area and stream fire, and the spells Ice Rain and Lake of Death (batc's module), resolve one
  ordinary ranged attack against each base under a template (:func:`volley_exact`).

Stable public names: :class:`Sign`, :class:`Double`, :class:`Strike`, :func:`strike`,
:func:`strike_exact`, :class:`Exchange`, :class:`Clash`, :func:`melee_exact`,
:func:`play_melee`, :class:`Figures`, :class:`Facing`, :class:`Height`, :class:`MeleeMods`,
:func:`melee_mods`, :class:`ShotMods`, :func:`shot_mods`, :class:`Shot`, :func:`shot_exact`,
:func:`range_exact`, :class:`Volley`, :func:`volley_exact`,
:class:`ClashMorale`, :func:`clash_morale_exact`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cache
from typing import NamedTuple

from aot_rules.bat.rules.morale import Band, Coward, morale_exact
from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate, play
from aot_rules.core.events import DieEffect, Said
from aot_rules.core.i18n import Capitalised, Message, Possessive, msg, nmsg, vocabulary
from aot_rules.core.procedure import Proc, both, die, done, part

#: Bases a template can cover in the engine (the geometry is the player's; this only bounds the input).
MAX_BASES = 8


@vocabulary({'greater': msg('greater'), 'greater-or-equal': msg('greater-or-equal')})
class Sign(StrEnum):
    """The comparison of a ranged attack: the sign is missing in the source (BAT-SHOOT-DAMAGE)."""

    GREATER = "greater"
    AT_LEAST = "greater-or-equal"


@vocabulary({"at-least": msg('at least 2×'), "more-than": msg('more than 2×')}, formerly={
    "at least 2×": "at-least", "more than 2×": "more-than"
})
class Double(StrEnum):
    """What "double" means for the morale trigger: the index reads "at least twice"."""

    AT_LEAST = "at-least"
    MORE_THAN = "more-than"


@vocabulary({
    "none": msg('no damage'), "hit": msg('−1 figure'),
    "double": msg('−1 figure + morale test')
}, formerly={
    "no damage": "none", "−1 figure": "hit", "−1 figure + morale test": "double"
})
class Strike(StrEnum):
    """What one comparison does to the side that is struck."""

    NONE = "none"
    HIT = "hit"
    DOUBLE = "double"


def strike(total: int, guard: int, sign: Sign = Sign.GREATER, double: Double = Double.AT_LEAST) -> Strike:
    """Judge one attack total (d6 + Melee or Ranged) against a guard total (d6 + Defence).

    A blow must first do damage; it then also forces a morale test if it reaches double the
    guard.  With a guard of 0 or less any damaging blow is (arithmetically) double.
    """
    hits = total > guard if sign is Sign.GREATER else total >= guard
    if not hits:
        return Strike.NONE
    doubled = total >= 2 * guard if double is Double.AT_LEAST else total > 2 * guard
    return Strike.DOUBLE if doubled else Strike.HIT


def strike_dice(strength: int, defence: int, sign: Sign = Sign.GREATER, double: Double = Double.AT_LEAST,
                who: Message | str = msg("the attacker"), whom: Message | str = msg("the target")) -> Proc[Strike]:
    """One attack as a dice procedure: the attacker's die, the target's die, and the comparison, told."""
    return both(die(6, msg("{who} attack", who=Possessive(who))), die(6, msg("{whom} defence", whom=Possessive(whom)))
                ).map(lambda xy: (xy, strike(xy[0] + strength, xy[1] + defence, sign, double))).log(
        lambda r: _said(who, whom, r[0][0], strength, r[0][1], defence, r[1])).map(_second)


def _second(pair: tuple[object, Strike]) -> Strike:
    return pair[1]


@cache
def strike_exact(strength: int, defence: int, sign: Sign = Sign.GREATER,
                 double: Double = Double.AT_LEAST) -> Dist[Strike]:
    """The exact law of one attack with a fresh d6 on each side: d6 + ``strength`` against d6 + ``defence``.

    >>> strike_exact(3, 3).prob(lambda s: s is not Strike.NONE)
    Fraction(5, 12)
    """
    return evaluate(strike_dice(strength, defence, sign, double))


def _said(who: Message | str, whom: Message | str, x: int, strength: int, y: int, defence: int,
          result: Strike) -> Said:
    values = {"who": Capitalised(who), "x": x, "strength": strength, "attack": x + strength, "whom": whom, "y": y,
              "defence": defence, "guard": y + defence}
    return Said({
        Strike.NONE: msg("{who}: {x} + {strength} = {attack} against {whom}'s {y} + {defence} = {guard}: no damage.",
                         **values),
        Strike.HIT: msg("{who}: {x} + {strength} = {attack} against {whom}'s {y} + {defence} = {guard}: {whom} "
                        "loses 1 figure.", **values),
        Strike.DOUBLE: msg("{who}: {x} + {strength} = {attack} against {whom}'s {y} + {defence} = {guard}: {whom} "
                           "loses 1 figure and must test morale.", **values)}[result])


# --- melee ---------------------------------------------------------------------------------------

@vocabulary({
    "neither": msg('no damage'), "defender": msg('defender −1'),
    "defender-morale": msg('defender −1, tests morale'), "attacker": msg('attacker −1'),
    "attacker-morale": msg('attacker −1, tests morale'), "both": msg('both −1'),
    "both-defender-morale": msg('both −1, defender tests'),
    "both-attacker-morale": msg('both −1, attacker tests'), "both-morale": msg('both −1, both test')
}, formerly={
    "no damage": "neither", "defender −1": "defender", "defender −1, tests morale": "defender-morale",
    "attacker −1": "attacker", "attacker −1, tests morale": "attacker-morale", "both −1": "both",
    "both −1, defender tests": "both-defender-morale", "both −1, attacker tests": "both-attacker-morale",
    "both −1, both test": "both-morale"
})
class Exchange(StrEnum):
    """Both sides of one melee exchange at once: who loses a figure, and who must test morale.

    Not the core's three-way :class:`aot_rules.core.verdict.Verdict`: in Batalist both sides strike in the same
    exchange and both may lose a figure and test morale (BAT-MELEE-DAMAGE), so nobody "prevails" and the
    nine outcomes do not order from one side's win to the other's.
    """

    NEITHER = "neither"
    DEFENDER = "defender"
    DEFENDER_MORALE = "defender-morale"
    ATTACKER = "attacker"
    ATTACKER_MORALE = "attacker-morale"
    BOTH = "both"
    BOTH_DEFENDER_MORALE = "both-defender-morale"
    BOTH_ATTACKER_MORALE = "both-attacker-morale"
    BOTH_MORALE = "both-morale"


def exchange_of(defender: Strike, attacker: Strike) -> Exchange:
    """Name the two-sided result from what each side suffers."""
    if attacker is Strike.NONE:
        return {Strike.NONE: Exchange.NEITHER, Strike.HIT: Exchange.DEFENDER,
                Strike.DOUBLE: Exchange.DEFENDER_MORALE}[defender]
    if defender is Strike.NONE:
        return Exchange.ATTACKER if attacker is Strike.HIT else Exchange.ATTACKER_MORALE
    table = {(Strike.HIT, Strike.HIT): Exchange.BOTH, (Strike.DOUBLE, Strike.HIT): Exchange.BOTH_DEFENDER_MORALE,
             (Strike.HIT, Strike.DOUBLE): Exchange.BOTH_ATTACKER_MORALE,
             (Strike.DOUBLE, Strike.DOUBLE): Exchange.BOTH_MORALE}
    return table[(defender, attacker)]


class Clash(NamedTuple):
    """One melee exchange: the two-sided result and what each side suffers."""

    exchange: Exchange
    defender: Strike
    attacker: Strike


def _clash(defender: Strike, attacker: Strike) -> Clash:
    return Clash(exchange_of(defender, attacker), defender, attacker)


def melee(a_melee: int, a_defence: int, b_melee: int, b_defence: int, *, shared_dice: bool = True,
          double: Double = Double.AT_LEAST) -> Proc[Clash]:
    """One melee exchange between attacker A and defender B (values after modifiers) as a dice procedure: the
    dice, told, then A's blow and B's blow, each told.

    ``shared_dice`` (the index's Reading): each side rolls one d6, added to its Melee when it strikes and to its
    Defence when it is struck, so A's blow and B's blow share both dice.  Otherwise each side rolls an attack die
    and a defence die, and the two blows are independent.
    """
    rolled: Proc[tuple[int, int, int, int]] = part(_melee_dice, shared_dice)

    def blows(f: tuple[int, int, int, int]) -> tuple[tuple[int, int, int, int], Strike, Strike]:
        xa, xd, ya, yd = f
        return f, strike(xa + a_melee, yd + b_defence, double=double), strike(ya + b_melee, xd + a_defence,
                                                                                double=double)

    return rolled.map(blows).log(
        lambda r: _said(msg("the attacker"), msg("the defender"), r[0][0], a_melee, r[0][3], b_defence, r[1])).log(
        lambda r: _said(msg("the defender"), msg("the attacker"), r[0][2], b_melee, r[0][1], a_defence, r[2])).map(
        lambda r: _clash(r[1], r[2]))


def _melee_dice(shared: bool) -> Proc[tuple[int, int, int, int]]:
    """The dice of one exchange, told, as (attacker's attack, attacker's guard, defender's attack, defender's guard)
    faces: one die a side serving both (shared), or two.  A part: its law is the same for every exchange."""
    if shared:
        return both(die(6, msg("attacker's die")), die(6, msg("defender's die"))).log(
            lambda xy: Said(msg("Each player rolls one die: the attacker {x}, the defender {y}.", x=xy[0], y=xy[1]))
        ).map(lambda xy: (xy[0], xy[0], xy[1], xy[1]))
    return both(both(die(6, msg("attacker's attack die")), die(6, msg("attacker's defence die"))),
                both(die(6, msg("defender's attack die")), die(6, msg("defender's defence die")))).log(
        lambda f: Said(msg("The attacker rolls {xa} to strike and {xd} to guard; the defender {ya} and {yd}.",
                           xa=f[0][0], xd=f[0][1], ya=f[1][0], yd=f[1][1]))).map(lambda f: (*f[0], *f[1]))


@cache
def melee_exact(a_melee: int, a_defence: int, b_melee: int, b_defence: int, *, shared_dice: bool = True,
                double: Double = Double.AT_LEAST) -> Dist[Clash]:
    """The exact law of one melee exchange (:func:`melee`).

    >>> melee_exact(3, 3, 3, 3).prob(lambda c: c.defender is not Strike.NONE)
    Fraction(5, 12)
    """
    return evaluate(melee(a_melee, a_defence, b_melee, b_defence, shared_dice=shared_dice, double=double))


def play_melee(a_melee: int, a_defence: int, b_melee: int, b_defence: int, dice: DiceSource, *,
               shared_dice: bool = True, double: Double = Double.AT_LEAST) -> Clash:
    """Play one melee exchange with real dice, as the two players would at the table (:func:`melee`)."""
    return play(melee(a_melee, a_defence, b_melee, b_defence, shared_dice=shared_dice, double=double), dice)


# --- modifier tables -------------------------------------------------------------------------------

@vocabulary({'equal': msg('equal'), 'more': msg('more'), 'fewer': msg('fewer')})
class Figures(StrEnum):
    """Figures on the attacker's base compared with the other base's."""

    EQUAL = "equal"
    MORE = "more"
    FEWER = "fewer"


@vocabulary({'front': msg('front'), 'flank': msg('flank'), 'rear': msg('rear')})
class Facing(StrEnum):
    """Where the attack comes from, seen from the target (BAT-FLANK-REAR-ATTACK)."""

    FRONT = "front"
    FLANK = "flank"
    REAR = "rear"


@vocabulary({'level': msg('level'), 'higher': msg('higher'), 'lower': msg('lower')})
class Height(StrEnum):
    """The attacker's ground compared with the target's."""

    LEVEL = "level"
    HIGHER = "higher"
    LOWER = "lower"


@dataclass(frozen=True)
class MeleeMods:
    """The net changes BAT-MELEE-MODS makes to the four values of a melee, attacker (a) and defender (b)."""

    a_melee: int = 0
    a_defence: int = 0
    b_melee: int = 0
    b_defence: int = 0


_FACING_DEF = {Facing.FRONT: 0, Facing.FLANK: -1, Facing.REAR: -2}
_HEIGHT_DEF = {Height.LEVEL: 0, Height.HIGHER: 1, Height.LOWER: -1}


def melee_mods(figures: Figures = Figures.EQUAL, facing: Facing = Facing.FRONT, height: Height = Height.LEVEL,
               a_extra: int = 0, b_extra: int = 0, a_giant: bool = False, b_giant: bool = False) -> MeleeMods:
    """Sum the melee modifier table for one situation.

    The table has a column for the attacker (the base carrying out the Attack order) and one
    for the attacked base: more figures give +2 / +1 Melee, fewer −1 / −2; a flank or rear
    attack costs the attacked base 1 or 2 Defence; each enemy base in contact beyond the first
    costs 1 Defence; higher ground gives +1 Defence and lower ground −1, to either side.  A
    Giant adds 1 Melee against a base of normal size (BAT-SKILL-GIANT).
    """
    if a_extra < 0 or b_extra < 0:
        raise RuleError("BAT-MELEE-MODS", msg("extra enemy bases in contact cannot be negative"))
    more_a = {Figures.EQUAL: 0, Figures.MORE: 2, Figures.FEWER: -1}[figures]
    more_b = {Figures.EQUAL: 0, Figures.MORE: -2, Figures.FEWER: 1}[figures]
    h = _HEIGHT_DEF[height]
    return MeleeMods(a_melee=more_a + int(a_giant and not b_giant),
                     a_defence=h - a_extra,
                     b_melee=more_b + int(b_giant and not a_giant),
                     b_defence=_FACING_DEF[facing] - h - b_extra)


@dataclass(frozen=True)
class ShotMods:
    """The net changes BAT-SHOOT-MODS (and a Giant target) make to a shot; ``range_die`` is +1, 0 or −1:
    a d6 of steps added to or taken from the Range."""

    ranged: int = 0
    defence: int = 0
    range_die: int = 0


def shot_mods(target_more: bool = False, facing: Facing = Facing.FRONT, height: Height = Height.LEVEL,
              target_giant: bool = False) -> ShotMods:
    """Sum the ranged modifier table for one situation.

    "The target has more figures" and "the shooter has fewer figures" are one situation seen
    from both ends, so both rows apply together: +1 Defence and −1 Ranged.  A flank or rear shot
    costs 1 or 2 Defence; a Giant is shot at with −1 Defence; higher or lower ground adds or
    takes a d6 of steps to or from the Range.
    """
    return ShotMods(ranged=-int(target_more), defence=int(target_more) + _FACING_DEF[facing] - int(target_giant),
                    range_die={Height.LEVEL: 0, Height.HIGHER: 1, Height.LOWER: -1}[height])


# --- ranged ------------------------------------------------------------------------------------------

class Shot(NamedTuple):
    """One shot: whether the target turned out to be in range, and what it suffers."""

    in_range: bool
    target: Strike


def range_exact(rng: int, distance: int, range_die: int = 0) -> Fraction:
    """The chance the target is within the shooter's Range after the height modifier's d6.

    ``range_die`` +1 adds a d6 of steps (shooting down), −1 takes one away (shooting up), 0 is
    level ground.  The die is rolled when the shot is declared (the index's Reading).
    """
    if range_die == 0:
        return Fraction(int(distance <= rng))
    return Dist.die(6).prob(lambda d: distance <= rng + range_die * d)


def shot(ranged: int, defence: int, *, rng: int = 0, distance: int = 0, range_die: int = 0,
         sign: Sign = Sign.GREATER, double: Double = Double.AT_LEAST) -> Proc[Shot]:
    """One shot as a dice procedure: the height die for the Range (if any), then the two dice of the comparison."""
    hit = strike_dice(ranged, defence, sign, double, msg("the shooter"), msg("the target")).map(_in_range)
    if not range_die:
        if distance > rng:
            raise RuleError("BAT-ATTACK-DECLARE", msg("the target is {distance} steps away, beyond the Range {range}",
                                                      distance=distance, range=rng))
        return hit

    def height(d: int) -> Said:
        values = {"d": d, "range": rng, "reach": rng + range_die * d, "distance": distance}
        if range_die > 0:
            return Said(msg("The height die shows {d}: the Range becomes {range} + {d} = {reach} steps against a "
                            "target {distance} steps away.", **values))
        return Said(msg("The height die shows {d}: the Range becomes {range} − {d} = {reach} steps against a "
                        "target {distance} steps away.", **values))

    def reached(d: int) -> bool:
        return distance <= rng + range_die * d

    return die(6, msg("height die for the Range"), lambda f: DieEffect.HIT if reached(f) else DieEffect.FAIL,
               read=reached, note=height).then(
        lambda ok: hit if ok else done(Shot(False, Strike.NONE)).log(
            lambda _: Said(msg("The target is out of range: the shot is lost."))))


def _in_range(s: Strike) -> Shot:
    return Shot(True, s)


@cache
def shot_exact(ranged: int, defence: int, *, rng: int = 0, distance: int = 0, range_die: int = 0,
               sign: Sign = Sign.GREATER, double: Double = Double.AT_LEAST) -> Dist[Shot]:
    """The exact law of one shot, ``ranged`` and ``defence`` after modifiers.

    With the default ``rng = distance = 0`` the target is simply in range.  A target that
    cannot be in range whatever the die shows is refused (BAT-ATTACK-DECLARE).

    >>> shot_exact(3, 3)[Shot(True, Strike.NONE)]
    Fraction(7, 12)
    """
    if range_die and range_exact(rng, distance, range_die) == 0:
        raise RuleError("BAT-ATTACK-DECLARE", msg("the target is {distance} steps away, beyond the Range {range} even "
                                                  "with the best height die", distance=distance, range=rng))
    return evaluate(shot(ranged, defence, rng=rng, distance=distance, range_die=range_die, sign=sign, double=double))


# --- area and stream fire ------------------------------------------------------------------------------

class Volley(NamedTuple):
    """A template shot: how many bases lose a figure, and how many of those must test morale."""

    hit: int
    morale: int


def _check_bases(bases: int) -> None:
    if not 1 <= bases <= MAX_BASES:
        raise RuleError("BAT-SKILL-AREA", msg("a template covers 1 to {top} bases here, not {bases}", top=MAX_BASES,
                                                bases=bases))


def volley(bases: int, strength: int, defence: int, *, one_shooter_die: bool = False, sign: Sign = Sign.GREATER,
           double: Double = Double.AT_LEAST) -> Proc[Volley]:
    """One ranged attack of ``strength`` against each of ``bases`` bases of ``defence`` as a dice procedure, each
    attack told, then the count.

    Each covered base rolls its own defence die.  By default the shooter also rolls afresh for each base (each is
    an ordinary shot); with ``one_shooter_die`` one attack die, rolled first, serves them all, so the bases' fates
    go together.  Used by area and stream fire and by Ice Rain and the Lake of Death (strength 3).
    """
    _check_bases(bases)
    struck = (die(6, msg("shooter's die")).then(lambda x: part(_covered, 1, bases, strength, defence, x, sign, double))
              if one_shooter_die else part(_covered, 1, bases, strength, defence, None, sign, double))
    return struck.log(lambda v: Said(nmsg("{hit} of {n} bases lose a figure; {morale} must test morale.",
                                          "{hit} of {n} bases lose a figure; {morale} must test morale.", n=bases,
                                          hit=v.hit, morale=v.morale)))


def _covered(i: int, bases: int, strength: int, defence: int, x: int | None, sign: Sign,
             double: Double) -> Proc[Volley]:
    """Bases ``i`` to ``bases`` under the template, each struck in turn (``x``: the shooter's one die, if any)."""
    if i > bases:
        return done(Volley(0, 0))
    whom = msg("base {i}", i=i)
    if x is None:
        blow = strike_dice(strength, defence, sign, double, msg("the shooter"), whom)
    else:
        shooter = x
        blow = die(6, msg("base {n}'s defence", n=i)).map(
            lambda y: (y, strike(shooter + strength, y + defence, sign, double))).log(
            lambda r: _said(msg("the shooter"), whom, shooter, strength, r[0], defence, r[1])).map(_second)
    return blow.then(lambda s: part(_covered, i + 1, bases, strength, defence, x, sign, double).map(
        lambda v: Volley(v.hit + (s is not Strike.NONE), v.morale + (s is Strike.DOUBLE))))


@cache
def volley_exact(bases: int, strength: int, defence: int, *, one_shooter_die: bool = False,
                 sign: Sign = Sign.GREATER, double: Double = Double.AT_LEAST) -> Dist[Volley]:
    """The exact law of a template shot (:func:`volley`)."""
    return evaluate(volley(bases, strength, defence, one_shooter_die=one_shooter_die, sign=sign, double=double))


# --- the first clash, morale included (for the comparison chapter) -----------------------------------

class ClashMorale(NamedTuple):
    """One melee exchange followed by the morale tests it triggers; ``Band.HOLDS`` also when no test."""

    clash: Clash
    attacker_band: Band
    defender_band: Band


@cache
def clash_morale_exact(a_quality: int, a_melee: int, a_defence: int, b_quality: int, b_melee: int,
                       b_defence: int, *, shared_dice: bool = True, double: Double = Double.AT_LEAST,
                       coward: Coward = Coward.NONE) -> Dist[ClashMorale]:
    """One exchange of blows and then each triggered morale test, exactly.

    Answers "how likely is a base to fall back or flee in its first close combat":
    ``clash_morale_exact(q, m, d, q, m, d).prob(lambda r: r.defender_band is not Band.HOLDS)``.
    """
    def tests(struck: Strike, quality: int) -> Dist[Band]:
        if struck is not Strike.DOUBLE:
            return Dist.point(Band.HOLDS)
        return morale_exact(quality, coward=coward).map(lambda m: m.band)

    def after(c: Clash) -> Dist[ClashMorale]:
        return tests(c.attacker, a_quality).product(tests(c.defender, b_quality)).map(
            lambda ab: ClashMorale(c, ab[0], ab[1]))

    return melee_exact(a_melee, a_defence, b_melee, b_defence, shared_dice=shared_dice, double=double).bind(after)


