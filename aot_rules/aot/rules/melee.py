"""Melee (Ближний бой): strikes, weapons, protections, casualties and the result.

The per-die predicates (``weapon_hits``, ``horse_strike_hits``, ``classify``) are read by one dice procedure
per fight (issue #36): :func:`melee` (and :func:`two_vs_one`, :func:`stakes`) says what is rolled, in order, and
what follows; ``resolve_melee`` is the player running it (the report read off what it logged) and
``melee_exact`` its exact law from the evaluator, so the two cannot drift apart.  Both sides strike with the
densities of the start of the slot and remove their losses at the same time; the densities left afterwards
decide the winner.  A ``Side`` is a unit plus how it stands in this fight (flanked, striking with its horses);
what the unit carries and is lives on the ``Unit``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from functools import lru_cache, partial
from typing import NamedTuple

from aot_rules.aot.equipment import MeleeWeapon
from aot_rules.aot.events import Compared, DPEarned, Hits, Losses, Retreat, ShieldWall, Verdict, Wounded
from aot_rules.aot.rules.demoralization import dp_earned
from aot_rules.aot.rules.disorder import disorder_loss
from aot_rules.aot.rules.protection import (
    HeldShield,
    armour_turns,
    faces_that_save,
    horse_armour_turns,
    shield_wall_saves,
)
from aot_rules.aot.rules.wounds import Fate, Loss, duel, fell, wound_test
from aot_rules.aot.units import Body, Front, Unit, density_after
from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate, play
from aot_rules.core.events import DieEffect, Event, PieceId
from aot_rules.core.i18n import msg, vocabulary
from aot_rules.core.procedure import Proc, both, die, done, part, pool, pools


@dataclass(frozen=True)
class MeleeRules:
    """Switches between readings of ambiguous melee rules; the defaults are the index's readings."""

    armour_first: bool = True  # AOT-MELEE-SHIELDWALL (2): armour cancels sixes, then the shield die the rest
    equal_saves: bool = False  # AOT-MELEE-SHIELDWALL (1): a shield roll equal to density fails
    pike_extra_per_rank: bool = False  # AOT-MELEE-PIKE: +1 die in total, not one per second-rank warrior
    halberd_axe_as_specialist: bool = True  # AOT-MELEE-HALBERD: axe mode hits on > own density
    flank_hits_use_depth: bool = False  # AOT-MELEE-FLANK: hit numbers keep the frontal density
    javelins_pierce_in_melee: bool = False  # AOT-EX-GAULS-JAVELINMEN consistency note
    reroll_elephant_ties: bool = True  # AOT-ELEPHANT-VS-ELEPHANT: a tie is rolled again


@vocabulary({'horse': msg('horse'), 'trample': msg('trample')})
class Beast(StrEnum):
    """Strike dice that are not a weapon's: a horse's kick (AOT-MELEE-HORSE-STRIKE) and an elephant's
    trampling (AOT-ELEPHANT-ATTACK).  Neither is stopped by shields or armour."""

    HORSE = "horse"
    TRAMPLE = "trample"


@vocabulary({"a-wins": msg('A wins'), 'continue': msg('continue'), "b-wins": msg('B wins')}, formerly={
    "A wins": "a-wins", "B wins": "b-wins"
})
class MeleeResult(StrEnum):
    """Who wins one melee, in reading order: the core's three-way :class:`Verdict` with A and B named."""

    A_WINS = "a-wins"
    CONTINUE = "continue"
    B_WINS = "b-wins"

    @property
    def verdict(self) -> Verdict:
        return {MeleeResult.A_WINS: Verdict.FIRST, MeleeResult.B_WINS: Verdict.SECOND}.get(self, Verdict.CONTINUE)


@dataclass(frozen=True)
class Side:
    """One unit in a melee and how it stands in this fight.

    ``horse_strike``: mounted, it moved straight into contact or was charged frontally by foot
    (AOT-MELEE-HORSE-STRIKE); ``flanked``: the enemy attacks it in flank or rear (AOT-MELEE-FLANK);
    ``strikers``: the front-rank weapons that strike this enemy when the unit splits its dice between
    two (None: the whole front rank); ``extras``: it takes the unit-wide extra die (pike), False for
    the second share of split dice; ``riders_strike``: False while cavalry breaks through a unit, when
    only its horses strike (AOT-BREAKTHROUGH).

    >>> Side(Unit("A", (4, 4), weapon=MeleeWeapon.SPEAR)).can_shield_wall()
    False
    """

    unit: Unit
    horse_strike: bool = False
    flanked: bool = False
    strikers: Front | None = None
    extras: bool = True
    riders_strike: bool = True
    piece: PieceId = ""  # the table's piece id, passed through to the events that name this unit (opaque here)

    @property
    def name(self) -> str:
        return self.unit.name

    def take_losses(self, killed: int, disordered: int) -> Side:
        return replace(self, unit=self.unit.take_losses(killed, disordered))

    def check(self) -> None:
        """What this fight asks of the unit (what the unit may be is checked by ``Unit`` itself)."""
        body = self.unit.body
        if self.horse_strike and body is Body.CAMELS:
            raise RuleError("AOT-CAMEL", msg("{unit}: camel riders never strike with their mounts", unit=self.name))
        if self.horse_strike and body is Body.CART:
            raise RuleError("AOT-CART-SUMERIAN", msg("{unit}: a battle cart makes no horse strike", unit=self.name))
        if self.flanked and body is Body.ELEPHANT:
            raise RuleError("AOT-ELEPHANT-UNIT", msg("{unit}: an elephant has no flank or rear", unit=self.name))
        if self.horse_strike and not self.unit.mounted:
            raise RuleError("AOT-MELEE-HORSE-STRIKE", msg("{unit}: only mounted warriors strike with their horses",
                                                          unit=self.name))
        if not self.riders_strike and not self.horse_strike:
            raise RuleError("AOT-BREAKTHROUGH", msg("{unit}: a breakthrough strikes with the horses only, so it needs "
                                                    "the horse strike (a straight charge by mounted troops into foot)",
                                                    unit=self.name))
        if self.unit.formed == 0:
            raise RuleError("AOT-PANIC", msg("{unit}: a panicking unit is never fought in melee; it flees",
                                             unit=self.name))

    @property
    def uses_two_handed(self) -> bool:
        return any(w.two_handed and n > 0 for w, n in self.unit.front)

    def can_shield_wall(self) -> bool:
        """AOT-MELEE-SHIELDWALL: infantry with shields, no two-handed weapons, not attacked in the flank."""
        return self.unit.shield and not self.unit.mounted and not self.uses_two_handed and not self.flanked


# --- per-die rules ------------------------------------------------------------

def weapon_hits(face: int, weapon: MeleeWeapon, own: int, enemy: int, veteran: bool,
                rules: MeleeRules = MeleeRules()) -> bool:
    """Does one strike die showing ``face`` hit?  Veterans also succeed on equality (AOT-PROP-VETERAN).

    >>> [f for f in range(1, 7) if weapon_hits(f, MeleeWeapon.SWORD, 4, 3, False)]
    [5, 6]
    """
    def below(x: int) -> bool:
        return face <= x if veteran else face < x

    def above(x: int) -> bool:
        return face >= x if veteran else face > x

    if weapon is MeleeWeapon.SHOOTER:
        return below(enemy)
    if weapon in (MeleeWeapon.SPEAR, MeleeWeapon.PIKE, MeleeWeapon.HALBERD_SPEAR):
        return below(own)
    if weapon is MeleeWeapon.HALBERD_AXE and not rules.halberd_axe_as_specialist:
        return below(own)
    if weapon is MeleeWeapon.LANCE:
        return above(enemy)
    return above(own)  # sword, axe, short spear, two-handed, halberd as an axe


def horse_strike_hits(face: int, enemy: int, veteran: bool) -> bool:
    """AOT-MELEE-HORSE-STRIKE: a horse hits on more than the enemy's density."""
    return face >= enemy if veteran else face > enemy


def shield_at_or_below(dfn: Side, rules: MeleeRules) -> bool:
    return dfn.unit.veteran or rules.equal_saves


# --- the dice one side throws ---------------------------------------------------

@dataclass(frozen=True)
class DiceGroup:
    """Dice of one kind: ``count`` dice, hitting with a ``weapon`` or as a beast (horse, trampling)."""

    weapon: MeleeWeapon | Beast
    count: int


def horse_struck(u: Unit) -> bool:
    """AOT-MELEE-HORSE-STRIKE: horses strike foot: warriors, war-wagon crews and gun crews, not elephants."""
    return not u.mounted and u.body is not Body.ELEPHANT


def strike_groups(att: Side, dfn: Side, rules: MeleeRules) -> tuple[DiceGroup, ...]:
    """AOT-MELEE-STRIKES: one die per front-rank warrior, plus pike and horse-strike extras.

    The exotic troops strike differently: a gun crew not at all (AOT-ART-CREW); an elephant tramples
    with one die and its crew (the warriors aboard but the driver) strike with their weapon
    (AOT-ELEPHANT-ATTACK, -CREW); a chariot's crew adds one die to one horse die per horse, and only
    the crew fights when the chariot is taken in the flank (AOT-CHARIOT-COMBAT, -FLANK).
    """
    body = att.unit.body
    if body is Body.ARTILLERY:
        return ()
    if body is Body.ELEPHANT:
        crew = att.unit.ranks[0] - 1
        return (DiceGroup(Beast.TRAMPLE, 1),) + ((DiceGroup(att.unit.weapon, crew),) if crew else ())
    if body.chariot:
        crew_die = (DiceGroup(att.unit.weapon, 1),) if att.riders_strike or att.flanked else ()
        horses = att.unit.ranks[0] if att.horse_strike and horse_struck(dfn.unit) and not att.flanked else 0
        return crew_die + ((DiceGroup(Beast.HORSE, horses),) if horses else ())
    if att.flanked:
        return ()  # a unit strikes nothing at enemies on its flank or rear
    front = att.unit.front if att.strikers is None else att.strikers
    groups = [DiceGroup(w, n) for w, n in front if n > 0] if att.riders_strike else []
    ranks = att.unit.ranks
    pikes = sum(n for w, n in front if w is MeleeWeapon.PIKE)
    if att.extras and pikes and len(ranks) == 2 and ranks[1] >= ranks[0]:
        groups.append(DiceGroup(MeleeWeapon.PIKE, ranks[1] if rules.pike_extra_per_rank else 1))
    riders = sum(n for _, n in front)  # each striking rider's horse strikes once
    if att.horse_strike and att.unit.mounted and horse_struck(dfn.unit) and riders:
        groups.append(DiceGroup(Beast.HORSE, riders))
    return tuple(groups)


class HitVector(NamedTuple):
    """What one side's dice did, by what the protections care about."""

    plain_six: int = 0
    plain: int = 0
    pierce_six: int = 0
    pierce: int = 0
    horse: int = 0

    def __add__(self, other: object) -> HitVector:  # a hit vector adds field by field; a tuple's + concatenates
        assert isinstance(other, HitVector)
        return HitVector(self[0] + other[0], self[1] + other[1], self[2] + other[2], self[3] + other[3],
                         self[4] + other[4])


NO_HITS = HitVector()
#: More plain hits than any shield die can turn away: what a fresh die saves of it is all the die may save.
SHIELD_PROBE = HitVector(plain=6)


def classify(face: int, g: DiceGroup, att: Side, dfn: Side, rules: MeleeRules) -> HitVector:
    """One die's contribution to the hit vector (horse armour turns away weapon hits rolled as 1).

    A trampling die kills as many as it shows, if that is no more than the enemy's density; a chariot
    taken in the flank counts density 1 (AOT-CHARIOT-FLANK).
    """
    by_depth = dfn.flanked and (rules.flank_hits_use_depth or dfn.unit.body.chariot)
    enemy = dfn.unit.depth if by_depth else dfn.unit.density
    if g.weapon is Beast.TRAMPLE:
        return HitVector(horse=face) if face <= enemy else NO_HITS
    if g.weapon is Beast.HORSE:
        return HitVector(horse=1) if horse_strike_hits(face, enemy, att.unit.veteran) else NO_HITS
    own = 1 if att.flanked and att.unit.body.chariot else att.unit.density  # AOT-CHARIOT-FLANK
    if not weapon_hits(face, g.weapon, own, enemy, att.unit.veteran, rules):
        return NO_HITS
    if dfn.unit.horse_armour and horse_armour_turns(face):
        return NO_HITS
    javelin = g.weapon is MeleeWeapon.SHOOTER and att.unit.missile == "javelin" and rules.javelins_pierce_in_melee
    six = armour_turns(face)
    if g.weapon.armour_piercing or javelin or att.unit.body is Body.SCYTHED:
        return HitVector(pierce_six=int(six), pierce=int(not six))
    return HitVector(plain_six=int(six), plain=int(not six))


def protect(hits: HitVector, shield_roll: int | None, dfn: Side, rules: MeleeRules,
            left: int | None = None) -> tuple[int, int, int]:
    """Apply armour and the shield wall; return (killed, disordered, saved) before any cap.

    Armour cancels weapon hits rolled as 6; the shield wall cancels up to its roll of the
    remaining weapon hits, plain hits first (the owner's best choice).  Piercing hits that
    would be saved become disordered warriors.  Horse strikes ignore both protections.
    ``left``: the shield die was rolled earlier in the slot and may turn away only this many more.
    """
    n6, n, a6, a, horse = hits
    armour = dfn.unit.armour
    saved = pierced_saved = 0
    shield = 0
    if shield_roll is not None and dfn.can_shield_wall() and (left is not None or shield_wall_saves(
            shield_roll, dfn.unit.density, at_or_below=shield_at_or_below(dfn, rules))):
        shield = shield_roll if left is None else left
    if rules.armour_first:
        plain = n + (0 if armour else n6)
        pierce = a + (0 if armour else a6)
        if armour:
            saved += n6
            pierced_saved += a6
        s_plain = min(shield, plain)
        s_pierce = min(shield - s_plain, pierce)
        saved += s_plain
        pierced_saved += s_pierce
        killed = plain - s_plain + pierce - s_pierce + horse
    else:  # alternative reading: the shield die is spent first, on any weapon hits (sixes included),
        # and armour then cancels whatever sixes are left; shield saves can be wasted on hits armour stops
        s_plain_six = min(shield, n6)
        s_pierce_six = min(shield - s_plain_six, a6)
        left = shield - s_plain_six - s_pierce_six
        s_plain_other = min(left, n)
        s_pierce_other = min(left - s_plain_other, a)
        saved += s_plain_other + s_plain_six
        pierced_saved += s_pierce_other + s_pierce_six
        n6_left, a6_left = n6 - s_plain_six, a6 - s_pierce_six
        if armour:
            saved += n6_left
            pierced_saved += a6_left
            n6_left = a6_left = 0
        killed = (n - s_plain_other) + n6_left + (a - s_pierce_other) + a6_left + horse
    return killed, pierced_saved, saved + pierced_saved


def hitting_faces(g: DiceGroup, att: Side, dfn: Side, rules: MeleeRules) -> tuple[int, ...]:
    """The faces on which one die of ``g`` wounds ``dfn`` before armour and the shield wall (horse armour's
    turned 1s already left out): what a player reads as "hits on"."""
    return tuple(f for f in range(1, 7) if classify(f, g, att, dfn, rules) != NO_HITS)


def armour_has_work(att: Side, dfn: Side, rules: MeleeRules) -> bool:
    """AOT-MELEE-ARMOUR turns hits rolled as 6: it matters only if some die of ``att`` hits on a 6 (a spear,
    hitting low, never does, so armour against spears changes nothing)."""
    return any(6 in hitting_faces(g, att, dfn, rules) for g in strike_groups(att, dfn, rules)
               if not isinstance(g.weapon, Beast))


def terrifies(att: Unit, dfn: Unit) -> bool:
    """AOT-TERRIFYING: camels frighten cavalry only; every other terrifying unit frightens everyone."""
    if att.body is Body.CAMELS:
        return dfn.mounted and dfn.body is Body.WARRIORS
    return att.terrifying


def losses(killed: int, disordered: int, att: Side, dfn: Side) -> tuple[int, int]:
    """Terrifying attackers disorder one more per kill; nobody loses more than its formed warriors."""
    if terrifies(att.unit, dfn.unit):
        disordered += killed
    formed = dfn.unit.formed
    killed = min(killed, formed)
    return killed, min(disordered, formed - killed)


def suffered(hits: HitVector, shield_roll: int | None, att: Side, dfn: Side, rules: MeleeRules,
             left: int | None = None) -> tuple[int, int]:
    """(killed, disordered) that ``hits`` cost ``dfn`` after its protections, capped."""
    k, d, _ = protect(hits, shield_roll, dfn, rules, left)
    return losses(k, d, att, dfn)


# --- the dice, written once -----------------------------------------------------------------

def strikes(att: Side, dfn: Side, rules: MeleeRules) -> Proc[HitVector]:
    """AOT-MELEE-STRIKES: every strike die of ``att`` at ``dfn``, one pool per group counted by what a face does
    (faces that do alike are one class), logged as one ``Hits`` line after the last die."""
    groups = strike_groups(att, dfn, rules)
    kinds: list[tuple[HitVector, ...]] = []
    effects: list[dict[int, DieEffect]] = []
    parts = []
    for g in groups:
        by_face = {f: classify(f, g, att, dfn, rules) for f in range(1, 7)}
        kinds.append(tuple(dict.fromkeys(v for v in by_face.values() if v != NO_HITS)))
        effects.append({f: DieEffect.HIT if v != NO_HITS else DieEffect.NONE for f, v in by_face.items()})
        parts.append(pool(g.count, (tuple(f for f in range(1, 7) if by_face[f] == v) for v in kinds[-1]),
                          msg("{unit} {weapon}", unit=att.name, weapon=g.weapon), effects[-1].__getitem__))

    def told(faces: tuple[tuple[int, ...], ...]) -> Event:
        return Hits(att.name, tuple((f, effects[i][f] is DieEffect.HIT) for i, fs in enumerate(faces) for f in fs),
                    piece=att.piece)

    def total(counts: tuple[tuple[int, ...], ...]) -> HitVector:
        each = [(v, c) for kind, cs in zip(kinds, counts, strict=True) for v, c in zip(kind, cs, strict=True)]
        return HitVector(*(sum(v[j] * c for v, c in each) for j in range(5)))

    return pools(parts, note=told).map(total)


def shield_wall(hits: HitVector, roll: int, dfn: Side, rules: MeleeRules, held: HeldShield | None) -> ShieldWall:
    """The shield die's part (AOT-MELEE-SHIELDWALL): the hits saved with it (armour's sixes included, as the strike
    report counts them) and how many more the die may turn away in the rest of the slot (its own saves only)."""
    left = held.left if held is not None else protect(SHIELD_PROBE, roll, dfn, rules)[2]
    saved = protect(hits, roll, dfn, rules, left)[2]
    own = saved - protect(hits, None, dfn, rules)[2]
    saves_on = faces_that_save(dfn.unit.density, at_or_below=shield_at_or_below(dfn, rules))
    return ShieldWall(dfn.name, roll, saves_on, saved, held is not None, left - own, dfn.piece)


def shielded_loss(hits: HitVector, att: Side, dfn: Side, rules: MeleeRules, held: HeldShield | None) -> Proc[Loss]:
    """What ``hits`` cost ``dfn`` after armour and its one shield die of the slot (rolled if it has a shield wall
    and anything hit it; ``held``: the die it already rolled this slot, which meets these hits with no new die)."""
    if not dfn.can_shield_wall() or hits == NO_HITS:
        return done(Loss(*suffered(hits, None, att, dfn, rules)))
    if held is not None:
        return done(Loss(*suffered(hits, held.roll, att, dfn, rules, held.left))).log(
            lambda _: shield_wall(hits, held.roll, dfn, rules, held))
    at = shield_at_or_below(dfn, rules)
    return die(6, msg("{unit} shield wall", unit=dfn.name), lambda r: DieEffect.SAVE if shield_wall_saves(
        r, dfn.unit.density, at_or_below=at) else DieEffect.NONE,
        read=lambda r: Loss(*suffered(hits, r, att, dfn, rules)), note=lambda r: shield_wall(hits, r, dfn, rules, None))


def strike(att: Side, dfn: Side, rules: MeleeRules, held: HeldShield | None = None) -> Proc[Loss]:
    """One side's strikes and what they cost the other: warriors for ordinary units; for an elephant or a
    chariot, the hit test on all the hits scored (AOT-ELEPHANT-WOUND, AOT-CHARIOT-WOUND); the ``Losses`` logged."""
    if dfn.unit.body.wounded:
        lost = strikes(att, dfn, rules).then(
            lambda h: wound_test(dfn.unit.body, sum(h), dfn.unit.name).map(partial(fell, dfn.unit)))
    else:
        lost = protected(strikes(att, dfn, rules), att, dfn, rules, held)
    return lost.log(
        lambda x: Losses(dfn.unit, x.killed, x.disordered, dfn.unit.take_losses(x.killed, x.disordered), dfn.piece))


def protected(hits: Proc[HitVector], att: Side, dfn: Side, rules: MeleeRules,
              held: HeldShield | None = None) -> Proc[Loss]:
    """What ``hits`` (of ``att``) cost an ordinary unit ``dfn`` after armour and its shield wall, capped."""
    if dfn.can_shield_wall():
        return hits.then(lambda h: shielded_loss(h, att, dfn, rules, held))
    return hits.map(lambda h: Loss(*suffered(h, None, att, dfn, rules)))  # no shield die: a reading of the hits


def elephant_duel(a: Side, b: Side, rules: MeleeRules) -> Proc[Melee]:
    """AOT-ELEPHANT-VS-ELEPHANT inside a melee: no strikes, the duel's dice (:func:`duel`), the loser's elephant
    dies."""
    def fight(w: str) -> Melee:
        fa, fb = (Fate.DEAD if w == "b" else Fate.SURVIVES), (Fate.DEAD if w == "a" else Fate.SURVIVES)
        la, lb = fell(a.unit, fa), fell(b.unit, fb)
        return Melee(la.killed, 0, lb.killed, 0, result(a, b, la.lost, lb.lost), fa, fb)

    return duel(a.name, b.name, reroll_ties=rules.reroll_elephant_ties).map(fight)


def melee(a: Side, b: Side, rules: MeleeRules = MeleeRules(),
          held: tuple[HeldShield | None, HeldShield | None] = (None, None)) -> Proc[Melee]:
    """One melee's dice: A strikes and B saves, then B strikes and A saves; losses land together, the densities
    left are compared (AOT-MELEE-RESULT), the loser falls back and the winner's side earns DP (AOT-DEMO-EARN).
    ``held``: A's and B's shield dice already rolled in this slot (the table's once-a-slot test), if any."""
    a.check()
    b.check()
    if both_elephants(a, b):
        fought = elephant_duel(a, b, rules)
    else:
        results: dict[tuple[int, int], MeleeResult] = {}  # by the warriors each side lost: far fewer than the pairs

        def joined(losses: tuple[Loss, Loss]) -> Melee:
            (bk, bd, bf), (ak, ad, af) = losses
            lost = (ak + ad, bk + bd)
            res = results.get(lost)
            if res is None:
                res = results[lost] = result(a, b, *lost)
            return Melee(ak, ad, bk, bd, res, af, bf)

        fought = both(part(strike, a, b, rules, held[1]), part(strike, b, a, rules, held[0])).map(joined)

    def compared(m: Melee) -> Event:
        return Compared(a.name, b.name, density_after(a.unit.ranks, m.a_killed + m.a_disordered, flank=a.flanked),
                        density_after(b.unit.ranks, m.b_killed + m.b_disordered, flank=b.flanked), m.result.verdict)

    def fell_back(m: Melee) -> Event | None:
        return None if m.result is MeleeResult.CONTINUE else Retreat((b if m.result is MeleeResult.A_WINS else a).name)

    def earned(m: Melee) -> Event | None:
        if m.result is MeleeResult.CONTINUE:
            return None
        winner, loser = (a, b) if m.result is MeleeResult.A_WINS else (b, a)
        return DPEarned(winner.name, dp_earned(loser.unit), winner.piece)

    return fought.log(compared).log(fell_back).log(earned)


# --- exact face: the procedures' laws ---------------------------------------------------------

@lru_cache(maxsize=65536)
def hit_vector(att: Side, dfn: Side, rules: MeleeRules) -> Dist[HitVector]:
    """Exact distribution of the hit vector one side inflicts (the law of :func:`strikes`)."""
    return evaluate(strikes(att, dfn, rules))


@lru_cache(maxsize=65536)
def inflicted(att: Side, dfn: Side, rules: MeleeRules) -> Dist[tuple[int, int]]:
    """Exact (killed, disordered) that ``att`` inflicts on an ordinary unit ``dfn`` (the law of :func:`protected`)."""
    return evaluate(protected(strikes(att, dfn, rules), att, dfn, rules)).map(lambda x: (x.killed, x.disordered))


@lru_cache(maxsize=65536)
def harm(att: Side, dfn: Side, rules: MeleeRules) -> Dist[Loss]:
    """Exact ``Loss`` that ``att`` inflicts on ``dfn``: warriors for ordinary units; for an elephant or a
    chariot, the hit test on all the hits scored (the law of :func:`strike`)."""
    return evaluate(strike(att, dfn, rules))


def result(a: Side, b: Side, a_lost: int, b_lost: int) -> MeleeResult:
    """AOT-MELEE-RESULT: the higher density after losses wins (depth for a flanked side)."""
    da, db = (density_after(s.unit.ranks, lost, flank=s.flanked) for s, lost in ((a, a_lost), (b, b_lost)))
    return MeleeResult.A_WINS if da > db else MeleeResult.B_WINS if db > da else MeleeResult.CONTINUE


def winner_dp(res: MeleeResult, a: Side, b: Side) -> tuple[int, int]:
    """(DP to A's side, DP to B's side): the winner gains the loser's start density (AOT-DEMO-EARN)."""
    return (dp_earned(b.unit) if res == MeleeResult.A_WINS else 0,
            dp_earned(a.unit) if res == MeleeResult.B_WINS else 0)


class Melee(NamedTuple):
    """The joint outcome of one melee."""

    a_killed: int
    a_disordered: int
    b_killed: int
    b_disordered: int
    result: MeleeResult
    a_fate: Fate = Fate.NONE
    b_fate: Fate = Fate.NONE


def both_elephants(a: Side, b: Side) -> bool:
    return a.unit.body is b.unit.body is Body.ELEPHANT


@lru_cache(maxsize=16384)
def melee_exact(a: Side, b: Side, rules: MeleeRules = MeleeRules()) -> Dist[Melee]:
    """Exact joint law of one melee: the law of its procedure (:func:`melee`).

    >>> a = Side(Unit("A", (2, 2), weapon=MeleeWeapon.SPEAR))
    >>> b = Side(Unit("B", (2, 2), weapon=MeleeWeapon.SWORD))
    >>> law = melee_exact(a, b).marginal("result")
    >>> law[MeleeResult.A_WINS] + law[MeleeResult.CONTINUE] + law[MeleeResult.B_WINS]
    Fraction(1, 1)
    """
    return evaluate(melee(a, b, rules))


# --- played face ------------------------------------------------------------------

@dataclass(frozen=True)
class StrikeReport:
    """One side's strikes as they happened, and what they left of the enemy."""

    dice: tuple[tuple[int, bool], ...]  # (face, hit)
    hits: HitVector
    shield_roll: int | None
    killed: int
    disordered: int
    saved: int
    after: Unit
    fate: Fate = Fate.NONE
    shield: HeldShield | None = None  # the struck unit's shield die as it stands after (None: no die met the hits)


@dataclass(frozen=True)
class MeleeReport:
    a_strikes: StrikeReport
    b_strikes: StrikeReport
    a_after: Unit
    b_after: Unit
    result: MeleeResult
    dp: int


def resolve_melee(a: Side, b: Side, dice: DiceSource, rules: MeleeRules = MeleeRules(), *,
                  held: tuple[HeldShield | None, HeldShield | None] = (None, None)) -> MeleeReport:
    """Fight one melee with real dice: the player runs :func:`melee`, and the report is read off what it logged
    (each side's ``Hits``, shield die and ``Losses``).  ``held``: A's and B's shield dice already rolled in this
    slot (the table's once-a-slot test), if any."""
    start = len(dice.log)
    m = play(melee(a, b, rules, held), dice)
    if both_elephants(a, b):
        sa, sb = _fell_in_duel(b.unit, m.b_fate is Fate.DEAD), _fell_in_duel(a.unit, m.a_fate is Fate.DEAD)
    else:
        told = dice.log[start:]
        first, second = (i for i, e in enumerate(told) if isinstance(e, Hits))
        sa = _strike_report(a, b, rules, held[1], told[first:second])
        sb = _strike_report(b, a, rules, held[0], told[second:])
    return MeleeReport(sa, sb, sb.after, sa.after, m.result, sum(winner_dp(m.result, a, b)))


def _strike_report(att: Side, dfn: Side, rules: MeleeRules, held: HeldShield | None,
                   told: list[Event]) -> StrikeReport:
    """One side's strikes as the player logged them (its ``Hits`` first): the hit vector read again from the
    faces through the per-die rules, the shield die and the losses from their events."""
    faces = next(e for e in told if isinstance(e, Hits)).faces
    lost = next(e for e in told if isinstance(e, Losses))
    total, i = NO_HITS, 0
    for g in strike_groups(att, dfn, rules):
        for f, _ in faces[i:i + g.count]:
            total = total + classify(f, g, att, dfn, rules)
        i += g.count
    if dfn.unit.body.wounded:
        fate = next((e.fate for e in told if isinstance(e, Wounded)), Fate.SURVIVES)
        return StrikeReport(faces, total, None, lost.killed, 0, 0, lost.after, fate)
    wall = next((e for e in told if isinstance(e, ShieldWall)), None)
    roll = None if wall is None else wall.roll
    saved = protect(total, roll, dfn, rules, None if held is None else held.left)[2]
    return StrikeReport(faces, total, roll, lost.killed, lost.disordered, saved, lost.after,
                        shield=None if wall is None else HeldShield(wall.roll, wall.left))


# --- two against one ------------------------------------------------------------------------

def split_dice(b: Side, n_first: int) -> tuple[Side, Side]:
    """B's front-rank strikers divided between two opponents: the first ``n_first`` face A1."""
    f = b.unit.ranks[0]
    if not 0 <= n_first <= f:
        raise RuleError("AOT-MELEE-ENGAGE", msg("{unit} has {front} front-rank strikers to divide, not {first}",
                                                unit=b.name, front=f, first=n_first))
    first, rest, left = [], [], n_first
    for w, n in b.unit.front:
        take = min(n, left)
        left -= take
        if take:
            first.append((w, take))
        if n - take:
            rest.append((w, n - take))
    # Each share only carries its strikers (each rider's horse goes with him); ranks stay B's own for
    # densities and the pike rule, and the unit-wide extra die goes with the first share only.
    return (replace(b, strikers=tuple(first), extras=n_first > 0),
            replace(b, strikers=tuple(rest), extras=n_first == 0))


class TwoVsOne(NamedTuple):
    """The joint outcome of two units against one."""

    a1_killed: int
    a1_disordered: int
    a2_killed: int
    a2_disordered: int
    b_killed: int
    b_disordered: int
    result_1: MeleeResult
    result_2: MeleeResult


def _fell_in_duel(loser: Unit, dead: bool) -> StrikeReport:
    """A duel's outcome for one elephant, as a strike report (no strike dice; the duel dice are logged)."""
    lost = fell(loser, Fate.DEAD if dead else Fate.SURVIVES)
    return StrikeReport((), NO_HITS, None, lost.killed, 0, 0, loser.take_losses(lost.killed, 0), lost.fate)


def _refuse_unmodelled(a1: Side, a2: Side, b: Side) -> None:
    for s in (a1, a2, b):
        if s.unit.body is not Body.WARRIORS:
            raise RuleError("AOT-MELEE-ENGAGE", msg("{unit}: two-against-one fights are modelled for ordinary units, "
                                                    "not {body}", unit=s.name, body=s.unit.body.noun))
    if a1.unit.terrifying or a2.unit.terrifying:
        raise RuleError("AOT-TERRIFYING", msg("terrifying attackers in a two-against-one fight are not modelled: the "
                                              "pooled shield roll cannot say whose kills terrify"))


#: A1's, A2's and B's shield dice after a fight of two against one, each None where no die met the hits.
HeldShields = tuple[HeldShield | None, HeldShield | None, HeldShield | None]


def two_vs_one(a1: Side, a2: Side, b: Side, b_on_first: int, rules: MeleeRules = MeleeRules(),
               held: HeldShields = (None, None, None)) -> Proc[TwoVsOne]:
    """Two units (A1, A2) against one (B), as dice: B's split strikes at A1 then at A2, each met by its target's
    shield wall; then A1's and A2's strikes pooled against B's one shield roll, which covers all the hits of the
    slot; the result is decided pair by pair.  ``held``: A1's, A2's and B's shield dice already rolled this slot.

    Reading: B divides its front-rank dice between the two (``b_on_first`` face A1) and each die uses its own
    target's density and protections.
    """
    for s in (a1, a2, b):
        s.check()
    _refuse_unmodelled(a1, a2, b)
    b1, b2 = split_dice(b, b_on_first)

    def on(att: Side, dfn: Side, h: HeldShield | None) -> Proc[Loss]:
        return strike(att, dfn, rules, h) if strike_groups(att, dfn, rules) else done(Loss(0, 0))

    pooled = both(strikes(a1, b, rules), strikes(a2, b, rules)).map(lambda hh: hh[0] + hh[1])

    def fin(x: tuple[tuple[Loss, Loss], Loss]) -> TwoVsOne:
        (l1, l2), lb = x
        return TwoVsOne(l1.killed, l1.disordered, l2.killed, l2.disordered, lb.killed, lb.disordered,
                        result(a1, b, l1.lost, lb.lost), result(a2, b, l2.lost, lb.lost))

    return both(both(on(b1, a1, held[0]), on(b2, a2, held[1])), protected(pooled, a1, b, rules, held[2])).map(fin)


def resolve_two_vs_one(a1: Side, a2: Side, b: Side, b_on_first: int, dice: DiceSource,
                       rules: MeleeRules = MeleeRules(), *,
                       held: tuple[HeldShield | None, HeldShield | None, HeldShield | None] = (None, None, None)
                       ) -> TwoVsOne:
    """Two against one with real dice: B's split strikes, then A1 and A2 pooled against B's one shield roll.
    ``held``: A1's, A2's and B's shield dice already rolled in this slot (the table's once-a-slot test)."""
    return two_vs_one_played(a1, a2, b, b_on_first, dice, rules, held=held)[0]


def two_vs_one_played(a1: Side, a2: Side, b: Side, b_on_first: int, dice: DiceSource,
                      rules: MeleeRules = MeleeRules(), *, held: HeldShields = (None, None, None)
                      ) -> tuple[TwoVsOne, HeldShields]:
    """:func:`resolve_two_vs_one`: the player runs :func:`two_vs_one`; each unit's shield die as it stands after the
    fight, which the table keeps for the rest of the slot, is read off the ``ShieldWall`` it logged (the outcome
    itself stays the exact law's :class:`TwoVsOne`)."""
    start = len(dice.log)
    out = play(two_vs_one(a1, a2, b, b_on_first, rules, held), dice)
    told = dice.log[start:]
    cuts = [i for i, e in enumerate(told) if isinstance(e, Hits)] + [len(told)]
    b1, b2 = split_dice(b, b_on_first)
    who = [x for x, (att, dfn) in enumerate(((b1, a1), (b2, a2))) if strike_groups(att, dfn, rules)] + [2, 2]
    shields: list[HeldShield | None] = [None, None, None]
    for x, lo, hi in zip(who, cuts, cuts[1:], strict=False):  # B's split strikes, then A1's and A2's pooled
        for e in told[lo:hi]:
            if isinstance(e, ShieldWall):
                shields[x] = HeldShield(e.roll, e.left)
    return out, (shields[0], shields[1], shields[2])


# --- stakes (AOT-STAKES) --------------------------------------------------------------------

def stakes_loss(roll: int, att: Side) -> tuple[int, int]:
    """AOT-STAKES: the attacker's disorder test; cavalry lose the warriors (killed), foot disorder them."""
    lost = disorder_loss(roll, att.unit.density, att.unit.formed)
    return (lost, 0) if att.unit.mounted else (0, lost)


def stakes(att: Side) -> Proc[tuple[Side, tuple[int, int]]]:
    """The attacker's test before it reaches a unit behind stakes (AOT-STAKES), as dice: the side after it, and
    (killed, disordered); the ``Losses`` logged."""
    def after(roll: int) -> tuple[Side, tuple[int, int]]:
        k, d = stakes_loss(roll, att)
        return att.take_losses(k, d), (k, d)

    return die(6, msg("stakes"), lambda r: DieEffect.FAIL if disorder_loss(r, att.unit.density, att.unit.formed)
               else DieEffect.NONE, read=after).log(
        lambda x: Losses(att.unit, *x[1], x[0].unit, att.piece))

