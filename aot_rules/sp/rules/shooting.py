"""Skirmish shooting (§7.1–7.3, 7.7–7.9): how many dice a volley rolls, what each die needs, what a hit does.

The dice of a volley are written once, as dice procedures (:func:`hit_dice`, :func:`effect_dice`, :func:`volley`,
:func:`aimed_shot`): the exact laws (a ``Dist`` of Fractions) and the played faces (rolling a ``DiceSource`` and
saying what they decided) are both read from them.  Most to-hit numbers of the source were pictures that did not
survive, so the number a die needs is always an input here; the one cell the text itself gives back (an ordinary
rifleman in skirmish order at 24–36″ needs 5+, from the sharpshooter paragraph) is fixed.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from math import ceil
from typing import NamedTuple

from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate, play
from aot_rules.core.events import DieEffect, Said
from aot_rules.core.i18n import msg, vocabulary
from aot_rules.core.procedure import Proc, count, die, done, pool
from aot_rules.sp.rules.troops import Quality

#: The captions of a volley's dice and of the sharpshooter's.
TO_HIT, EFFECT, AIMED = msg("to hit"), msg("effect of a hit"), msg("aimed shot")


# --- how many dice (SP-SHOOT-DICE-CLASS, -ARTILLERY, -MODS, SP-SHOOT-GUN-CREW) ------------------------

def class_dice(shooters: int, quality: Quality, whole_groups: bool = False) -> int:
    """One die per firing figure, then the quality adjustment (SP-SHOOT-DICE-CLASS).

    The source says to round up, so a part-group of four (elite) or five (veterans, recruits) still
    counts; ``whole_groups`` is the other reading, where only complete groups do.

    >>> class_dice(6, Quality.ELITE), class_dice(6, Quality.RECRUITS), class_dice(6, Quality.ELITE, True)
    (8, 4, 7)
    """
    if shooters < 0:
        raise RuleError("SP-SHOOT-DICE-CLASS", msg("a Group cannot fire with {shooters} figures", shooters=shooters))
    per = {Quality.ELITE: 4, Quality.VETERANS: 5, Quality.RECRUITS: 5}.get(quality)
    if per is None:
        return shooters
    extra = shooters // per if whole_groups else ceil(shooters / per)
    return shooters - extra if quality is Quality.RECRUITS else shooters + extra


@vocabulary({
    'falconet': msg('falconet'), "light": msg('light gun'), "heavy": msg('heavy gun'),
    'carronade': msg('carronade')
}, formerly={
    "light gun": "light", "heavy gun": "heavy"
})
class Gun(StrEnum):
    """The four pieces of SP-SHOOT-DICE-ARTILLERY, lightest first."""

    FALCONET = "falconet"
    LIGHT = "light"
    HEAVY = "heavy"
    CARRONADE = "carronade"


GUN_DICE = {Gun.FALCONET: 6, Gun.LIGHT: 10, Gun.HEAVY: 12, Gun.CARRONADE: 18}


def gun_dice(gun: Gun, crew_shock: int = 0, shortest_band: bool = False) -> int:
    """A gun's fixed dice, less one per 2 Shock on its crew unless it fires at the shortest band
    (SP-SHOOT-DICE-ARTILLERY with SP-SHOOT-GUN-CREW).

    >>> gun_dice(Gun.LIGHT, 3), gun_dice(Gun.LIGHT, 3, shortest_band=True)
    (9, 10)
    """
    if crew_shock < 0:
        raise RuleError("SP-SHOOT-GUN-CREW", msg("Shock on a crew cannot be negative"))
    return max(0, GUN_DICE[gun] - (0 if shortest_band else crew_shock // 2))


@vocabulary({
    "other": msg('skirmishers or a Group'),
    "line": msg('a line, from the front'),
    "column": msg('a column, from the front'),
    "flank": msg('a line or column, from the flank'), "square": msg('a square')
}, formerly={
    "skirmishers or a Group": "other", "a line, from the front": "line", "a column, from the front": "column",
    "a line or column, from the flank": "flank", "a square": "square"
})
class Target(StrEnum):
    """What the volley is aimed at, as far as SP-SHOOT-DICE-MODS cares."""

    OTHER = "other"
    LINE = "line"
    COLUMN = "column"
    FLANK = "flank"
    SQUARE = "square"


@vocabulary({'none': msg('none'), "light": msg('light cover'), "heavy": msg('heavy cover')}, formerly={
    "light cover": "light", "heavy cover": "heavy"
})
class Cover(StrEnum):
    NONE = "none"
    LIGHT = "light"
    HEAVY = "heavy"


class Volley(NamedTuple):
    """Dice after every SP-SHOOT-DICE-MODS adjustment, and the bonus each die gets."""

    dice: int
    bonus: int


def modified_dice(base: int, *, hero_status: int = 0, shock: int = 0, first_volley: bool = False,
                  firing_line: bool = False, target: Target = Target.OTHER, cover: Cover = Cover.NONE,
                  keep_round_up: bool = False) -> Volley:
    """SP-SHOOT-DICE-MODS: whole dice added and taken away first, cover last (the index's Reading).

    Cover removes half (light) or three quarters (heavy) of the dice, the number removed rounded up;
    ``keep_round_up`` is the other reading, where the number *kept* is rounded up instead.

    >>> modified_dice(7, cover=Cover.LIGHT), modified_dice(7, cover=Cover.LIGHT, keep_round_up=True)
    (Volley(dice=3, bonus=0), Volley(dice=4, bonus=0))
    >>> modified_dice(6, first_volley=True, target=Target.SQUARE, firing_line=True)
    Volley(dice=10, bonus=2)
    """
    if min(base, hero_status, shock) < 0:
        raise RuleError("SP-SHOOT-DICE-MODS", msg("dice, Status and Shock cannot be negative"))
    n = base + hero_status - shock // 2 + (2 if first_volley else 0)
    n += {Target.FLANK: 1, Target.SQUARE: 2}.get(target, 0)
    n = max(0, n)
    if cover is not Cover.NONE:
        share = Fraction(1, 2) if cover is Cover.LIGHT else Fraction(3, 4)
        n = ceil(n * (1 - share)) if keep_round_up else n - ceil(n * share)
    bonus = int(firing_line) + int(target in (Target.LINE, Target.FLANK, Target.SQUARE))
    return Volley(n, bonus)


# --- to hit (SP-SHOOT-HIT and its three tables) ----------------------------------------------------

def hit_chance(to_hit: int, bonus: int = 0) -> Fraction:
    """One die hits if its face plus the per-die bonus reaches the table number (no natural 1 or 6 rule).

    >>> hit_chance(5), hit_chance(5, 1), hit_chance(8, 1), hit_chance(1)
    (Fraction(1, 3), Fraction(1, 2), Fraction(0, 1), Fraction(1, 1))
    """
    return Fraction(min(6, max(0, 7 - (to_hit - bonus))), 6)


def hit_dice(dice: int, to_hit: int, bonus: int = 0) -> Proc[int]:
    """SP-SHOOT-HIT as a dice procedure: every die rolled, those that reach the number (after the per-die bonus)
    counted; the player says how many hit."""
    need = to_hit - bonus
    hitting = [f for f in range(1, 7) if f >= need]

    def said(faces: tuple[int, ...]) -> Said:
        hits = sum(f >= need for f in faces)
        if bonus:
            return Said(msg("{dice} dice need {need}+ after a +{bonus} bonus each: {hits} hit", dice=dice,
                            need=max(1, need), bonus=bonus, hits=hits))
        return Said(msg("{dice} dice need {need}+: {hits} hit", dice=dice, need=to_hit, hits=hits))

    return count(dice, hitting, TO_HIT, lambda f: DieEffect.HIT if f >= need else DieEffect.NONE, note=said)


def roll_hits(dice: int, to_hit: int, bonus: int, src: DiceSource) -> int:
    """Played SP-SHOOT-HIT: roll every die, count those that reach the number."""
    return play(hit_dice(dice, to_hit, bonus), src)


@vocabulary({
    "b0": msg('0–9″'), "b9": msg('9–18″'), "b18": msg('18–27″'), "b27": msg('27–36″'),
    "b36": msg('36″+')
}, formerly={
    "0–9″": "b0", "9–18″": "b9", "18–27″": "b18", "27–36″": "b27", "36″+": "b36"
})
class Band(StrEnum):
    """Range bands of the line and artillery tables (9″ steps)."""

    B0 = "b0"
    B9 = "b9"
    B18 = "b18"
    B27 = "b27"
    B36 = "b36"


@vocabulary({"b0": msg('0–12″'), "b12": msg('12–24″'), "b24": msg('24–36″'), "b36": msg('36–48″')}, formerly={
    "0–12″": "b0", "12–24″": "b12", "24–36″": "b24", "36–48″": "b36"
})
class SkirmishBand(StrEnum):
    """Range bands of the skirmish-order table (12″ steps)."""

    B0 = "b0"
    B12 = "b12"
    B24 = "b24"
    B36 = "b36"


@vocabulary({
    'musket': msg('musket'), 'rifle': msg('rifle'), "minie": msg('Minié rifle'), 'carbine': msg('carbine')
}, formerly={
    "Minié rifle": "minie"
})
class LineWeapon(StrEnum):
    MUSKET = "musket"
    RIFLE = "rifle"
    MINIE = "minie"
    CARBINE = "carbine"


@vocabulary({'musket': msg('musket'), 'rifle': msg('rifle'), "minie": msg('Minié rifle')}, formerly={
    "Minié rifle": "minie"
})
class SkirmishWeapon(StrEnum):
    MUSKET = "musket"
    RIFLE = "rifle"
    MINIE = "minie"


#: How many bands (from the nearest) each weapon reaches; past that the table prints "–".
LINE_REACH = {LineWeapon.MUSKET: 2, LineWeapon.RIFLE: 3, LineWeapon.MINIE: 4, LineWeapon.CARBINE: 1}
SKIRMISH_REACH = {SkirmishWeapon.MUSKET: 2, SkirmishWeapon.RIFLE: 3, SkirmishWeapon.MINIE: 4}
ART_REACH = {Gun.FALCONET: 3, Gun.LIGHT: 5, Gun.HEAVY: 5, Gun.CARRONADE: 2}
#: The one cell the source gives back in words (§7.9.2): an ordinary rifleman at 24–36″ needs 5+.
RECOVERED = {(SkirmishWeapon.RIFLE, SkirmishBand.B24): 5}


class Cell(NamedTuple):
    """One to-hit table cell: the number needed (None: out of range) and whether the source gives it."""

    need: int | None
    from_source: bool


def table_cell(rule_id: str, weapon: StrEnum, band: StrEnum, reach: int, user_value: int) -> Cell:
    """The cell for ``weapon`` at ``band``: "–" past the weapon's reach, the recovered 5+, or the user's number."""
    index = list(type(band)).index(band)
    if index >= reach:
        return Cell(None, True)
    if (weapon, band) in RECOVERED:
        return Cell(RECOVERED[(weapon, band)], True)  # type: ignore[index]
    if not 1 <= user_value <= 7:
        raise RuleError(rule_id, msg("a to-hit number must be from 1 to 7, not {value}", value=user_value))
    return Cell(user_value, False)


# --- what a hit does (SP-SHOOT-HITS, SP-AMBUSH) ----------------------------------------------------

@vocabulary({'miss': msg('miss'), "shock": msg('Shock'), 'death': msg('death')}, formerly={"Shock": "shock"})
class Effect(StrEnum):
    MISS = "miss"
    SHOCK = "shock"
    DEATH = "death"


def hit_effect(face: int, six_kills: bool = True) -> Effect:
    """SP-SHOOT-HITS: 1–2 miss, 3–5 Shock; the lost last row read as 6 = death (off: a 6 is one more Shock)."""
    if face <= 2:
        return Effect.MISS
    if face <= 5 or not six_kills:
        return Effect.SHOCK
    return Effect.DEATH


def effect_law(six_kills: bool = True) -> Dist[Effect]:
    return Dist.die(6).map(lambda f: hit_effect(f, six_kills))


class Damage(NamedTuple):
    """What a volley did: hits, Shock points put on the target, and men put out of action."""

    hits: int
    shock: int
    deaths: int


def effect_dice(hits: int, *, six_kills: bool = True, ambush: bool = False) -> Proc[Damage]:
    """SP-SHOOT-HITS as a dice procedure: one effect die per hit, counted as Shock and deaths; an ambush doubles
    the Shock."""
    shock = [f for f in range(1, 7) if hit_effect(f, six_kills) is Effect.SHOCK]
    death = [f for f in range(1, 7) if hit_effect(f, six_kills) is Effect.DEATH]
    k = 2 if ambush else 1

    def said(faces: tuple[int, ...]) -> Said | None:
        if not faces:
            return None
        s, d = k * sum(f in shock for f in faces), sum(f in death for f in faces)
        if ambush:
            return Said(msg("{hits} effect dice: {deaths} killed and {shock} Shock (doubled by the ambush)",
                            hits=hits, deaths=d, shock=s))
        return Said(msg("{hits} effect dice: {deaths} killed and {shock} Shock", hits=hits, deaths=d, shock=s))

    return pool(hits, (shock, death), EFFECT, lambda f: DieEffect.HIT if f in death else DieEffect.NONE,
                note=said).map(lambda sd: Damage(hits, k * sd[0], sd[1]))


def volley(dice: int, to_hit: int | None, bonus: int = 0, *, six_kills: bool = True,
           ambush: bool = False) -> Proc[Damage]:
    """A whole volley as a dice procedure: to-hit dice (SP-SHOOT-HIT), then an effect die per hit
    (SP-SHOOT-HITS); an ambush doubles the Shock (SP-AMBUSH).  ``to_hit`` None is a "–" cell: nothing can
    hit, and no die is rolled."""
    if dice < 0:
        raise RuleError("SP-SHOOT-HIT", msg("a volley cannot roll fewer than 0 dice"))
    if to_hit is None:
        return done(Damage(0, 0, 0)).log(
            lambda _: Said(msg("the target is out of this weapon's range: no dice are rolled")))
    return hit_dice(dice, to_hit, bonus).then(lambda h: effect_dice(h, six_kills=six_kills, ambush=ambush))


# --- the sharpshooter (SP-SHARPSHOOTER) -------------------------------------------------------------

@vocabulary({
    'hit': msg('hit'), 'miss': msg('miss'),
    "spent": msg('miss, and his special powder is spent')
}, formerly={
    "miss, and his special powder is spent": "spent"
})
class Aimed(StrEnum):
    HIT = "hit"
    MISS = "miss"
    SPENT = "spent"


def sharpshooter_band(band: SkirmishBand) -> SkirmishBand:
    """The column he reads: one band nearer than the real distance (the nearest stays the nearest)."""
    bands = list(SkirmishBand)
    return bands[max(0, bands.index(band) - 1)]


def aimed_shot(need: int) -> Proc[Aimed]:
    """SP-SHARPSHOOTER as a dice procedure: one unmodified d6 against ``need``; a 1 also ends his special shots for
    the game."""

    def read(f: int) -> Aimed:
        return Aimed.SPENT if f == 1 else Aimed.HIT if f >= need else Aimed.MISS

    return die(6, AIMED, lambda x: DieEffect.HIT if x >= need and x > 1 else DieEffect.FAIL if x == 1 else
               DieEffect.NONE, read=read,
               note=lambda f: Said(msg("the sharpshooter needs {need}+ and rolls {face}: {result}", need=need, face=f,
                                       result=read(f))))


def sharpshooter_exact(need: int) -> Dist[Aimed]:
    return evaluate(aimed_shot(need))


def play_sharpshooter(need: int, src: DiceSource) -> Aimed:
    return play(aimed_shot(need), src)
