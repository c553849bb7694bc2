"""Batalist magic (§8, §13): the Cast order, the deadly miscast and the ten spells.

A base with the Mage skill lays its Cast card face up, rolls its three activation dice like
any base, and spends 1 to 3 of the action points (AP) they give on one spell; the AP spent
also sets the size of any template or obstacle (1, 2 or 3 steps).  Three 1s on that roll
kill the Mage instead.

Each dice rule here is written once, as a dice procedure (:mod:`aot_rules.core.procedure`): its
``*_exact`` law and its ``play_*`` face are the evaluator's and the player's readings of that one
procedure, so they cannot drift apart; the brute-force tests check the law against the source's tables.

The spells that strike with a "strength 3 attack" (Ice Rain, Lake of Death) are ordinary
ranged attacks, and Terror is an ordinary morale test with another number of dice: they are
built on :mod:`aot_rules.bat.rules.combat` and :mod:`aot_rules.bat.rules.morale`, so a spell
and the attack or test it imitates can never disagree.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple, TypeVar

from aot_rules.bat.rules.combat import MAX_BASES, Double, Sign, volley
from aot_rules.bat.rules.morale import Band, Coward, Morale, morale_test
from aot_rules.bat.rules.profile import DICE_PER_TEST, Profile, Skill, passes
from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate, play
from aot_rules.core.events import DieEffect, Said
from aot_rules.core.i18n import Message, label, msg, nmsg, text, vocabulary
from aot_rules.core.procedure import Proc, both, count, die, done, part, pool

T = TypeVar("T")

#: A spell takes 1, 2 or 3 AP (BAT-MAGIC-CAST, Reading): the activation roll gives at most three.
SPELL_AP_MIN = 1
SPELL_AP_MAX = DICE_PER_TEST
#: The strength of the attack Ice Rain and the Lake of Death make on each base (§13).
SPELL_STRENGTH = 3
#: What Summon Beast multiplies its dice by to give the beast's stat budget (§13).
SUMMON_FACTOR = 3
#: The Cloud of Death lowers the Quality of every base inside it by this much (§13).
CLOUD_QUALITY_LOSS = 1


@vocabulary({
    "fireball": msg("Fireball"), "ice-rain": msg("Ice Rain"), "summon": msg("Summon Beast"),
    "obstacle": msg("Obstacle"), "death-lake": msg("Lake of Death"), "death-cloud": msg("Cloud of Death"),
    "terror": msg("Terror"), "sloth": msg("Sloth"), "shield": msg("Shield"), "tailwind": msg("Tailwind"),
}, formerly={
    "Fireball": "fireball", "Ice Rain": "ice-rain", "Summon Beast": "summon", "Obstacle": "obstacle",
    "Lake of Death": "death-lake", "Cloud of Death": "death-cloud", "Terror": "terror", "Sloth": "sloth",
    "Shield": "shield", "Tailwind": "tailwind"
})
class Spell(StrEnum):
    """The ten spells of the source's list (§13), by their names in this book."""

    FIREBALL = "fireball"
    ICE_RAIN = "ice-rain"
    SUMMON = "summon"
    OBSTACLE = "obstacle"
    DEATH_LAKE = "death-lake"
    DEATH_CLOUD = "death-cloud"
    TERROR = "terror"
    SLOTH = "sloth"
    SHIELD = "shield"
    TAILWIND = "tailwind"

    @property
    def rule_id(self) -> str:
        return "BAT-SPELL-" + self.name.replace("_", "-")

    @property
    def target(self) -> Message:
        """Whom the spell is aimed at: an enemy base, a friendly base, or a place on the table."""
        if self in (Spell.FIREBALL, Spell.TERROR, Spell.SLOTH):
            return msg("an enemy base in the Mage's line of sight")
        if self in (Spell.SHIELD, Spell.TAILWIND):
            return msg("a friendly base")
        if self is Spell.ICE_RAIN:
            return msg("a place in the line of sight of any friendly base")
        if self is Spell.SUMMON:
            return msg("the ground beside the Mage")
        if self is Spell.OBSTACLE:  # the source says only "on the table" (Reading, BAT-SPELL-OBSTACLE)
            return msg("a place in the Mage's line of sight (Reading)")
        return msg("a place on the table")


#: Spells whose AP set a size in steps, and what that size measures.
SIZED = {Spell.ICE_RAIN: "template diameter", Spell.OBSTACLE: "obstacle length",
         Spell.DEATH_LAKE: "lake diameter", Spell.DEATH_CLOUD: "cloud diameter"}


# --- casting (BAT-MAGIC-CAST) ------------------------------------------------------------------

def check_spell_ap(ap: int, rule_id: str = "BAT-MAGIC-CAST") -> int:
    """Refuse AP a spell cannot take: 1 to 3 (Reading of BAT-MAGIC-CAST: a spell with no AP does nothing)."""
    if not SPELL_AP_MIN <= ap <= SPELL_AP_MAX:
        raise RuleError(rule_id, msg("a spell takes {lo} to {hi} action points, not {ap}", lo=SPELL_AP_MIN,
                                     hi=SPELL_AP_MAX, ap=ap))
    return ap


def check_cast(caster: Profile, spell: Spell, ap: int, *, ap_rolled: int, touching_enemy: bool = False) -> int:
    """BAT-MAGIC-CAST: may ``caster`` put ``ap`` of its ``ap_rolled`` activation AP into ``spell``?

    Only a Mage casts; a base touching an enemy base cannot; the AP come out of the Mage's own
    activation roll (Reading), so it cannot spend more than it rolled.  Returns the AP spent.

    >>> mage = Profile("Mage", 3, 6, 1, 0, 0, 1, frozenset({Skill.MAGE}))
    >>> check_cast(mage, Spell.FIREBALL, 2, ap_rolled=3)
    2
    >>> check_cast(mage, Spell.FIREBALL, 3, ap_rolled=2)
    Traceback (most recent call last):
    ...
    aot_rules.core.errors.RuleError: BAT-MAGIC-CAST: the Mage rolled 2 AP and cannot spend 3 on Fireball
    """
    if not caster.has(Skill.MAGE):
        raise RuleError("BAT-MAGIC-CAST", msg("{caster} has no Mage skill, so it cannot carry out a Cast order",
                                                caster=caster.name))
    if touching_enemy:
        raise RuleError("BAT-MAGIC-CAST", msg("{caster} touches an enemy base and cannot cast", caster=caster.name))
    check_spell_ap(ap)
    if ap > ap_rolled:
        raise RuleError("BAT-MAGIC-CAST", msg("the Mage rolled {rolled} AP and cannot spend {ap} on {spell}",
                                                rolled=ap_rolled, ap=ap, spell=spell))
    return ap


def spell_size(spell: Spell, ap: int) -> int:
    """The size in steps of a sized spell (template, obstacle, lake or cloud): one step per AP.

    >>> spell_size(Spell.DEATH_LAKE, 2), SIZED[Spell.DEATH_LAKE]
    (2, 'lake diameter')
    """
    if spell not in SIZED:
        raise RuleError(spell.rule_id, msg("{spell} has no template or obstacle to size", spell=spell))
    return check_spell_ap(ap, spell.rule_id)


# --- the casting roll and the deadly miscast (BAT-MAGIC-MISCAST) --------------------------------

@vocabulary({
    "miscast": msg('Mage dies (1-1-1)'), "ap0": msg('0 AP, no spell'), "ap1": msg('1 AP'),
    "ap2": msg('2 AP'), "ap3": msg('3 AP')
}, formerly={
    "Mage dies (1-1-1)": "miscast", "0 AP, no spell": "ap0", "1 AP": "ap1", "2 AP": "ap2", "3 AP": "ap3"
})
class CastRoll(StrEnum):
    """What a Mage's activation roll leaves it with: dead, or 0 to 3 AP to spend."""

    MISCAST = "miscast"
    AP0 = "ap0"
    AP1 = "ap1"
    AP2 = "ap2"
    AP3 = "ap3"


_AP = (CastRoll.AP0, CastRoll.AP1, CastRoll.AP2, CastRoll.AP3)


def cast_roll_of(ap: int) -> CastRoll:
    return _AP[ap]


def cast_roll(quality: int, *, standard_bearer: bool = False, bearer_saves: bool = True) -> Proc[CastRoll]:
    """BAT-MAGIC-MISCAST as a dice procedure: a Mage with a Cast order is activated: three d6, each showing its
    Quality or less gives 1 AP, and three 1s kill it.

    With a Standard Bearer within 6 steps the player may re-roll one die.  Our player uses it

    * on a 1-1-1, re-rolling one of the 1s, when ``bearer_saves`` (the index's Reading: the
      re-roll comes before the result is applied); the Mage then dies only if it shows 1 again;
    * otherwise on one die that gave no AP (BAT-ACTIVATION, Reading), except when the other two
      dice both show 1: a 1 on the re-roll would then kill the Mage, and no sensible player risks
      that for one AP.

    The three dice are read face by face (216 outcomes), since what the re-roll does depends on which faces fail
    and the roll is told face by face.
    """
    def judge(face: int) -> DieEffect:
        return DieEffect.HIT if passes(face, quality) else DieEffect.FAIL

    def counted(faces: tuple[int, ...]) -> Proc[CastRoll]:
        ap = sum(passes(f, quality) for f in faces)
        return _say(msg("the Mage has {ap} AP for its spell.", ap=ap) if ap
                    else msg("no AP: the Mage cannot cast this turn."), cast_roll_of(ap))

    def again() -> Proc[int]:
        return die(6, msg("Standard Bearer re-roll"), judge)

    def after(faces: tuple[int, ...]) -> Proc[CastRoll]:
        if faces == (1, 1, 1):
            if not (standard_bearer and bearer_saves):
                return _say(msg("three 1s: the spell fails and the Mage dies."), CastRoll.MISCAST)
            return _say(msg("three 1s, but the Standard Bearer's re-roll is used on one of them."), None).then(
                lambda _: again()).then(
                lambda f: _say(msg("it shows 1 again: the spell fails and the Mage dies."), CastRoll.MISCAST)
                if f == 1 else counted((f, 1, 1)))
        failed = [i for i, f in enumerate(faces) if not passes(f, quality)]
        if not (standard_bearer and failed):
            return counted(faces)
        if sorted(faces[j] for j in range(3) if j != failed[0]) == [1, 1]:
            return _say(msg("the other two dice show 1, so the failed die is not re-rolled (a 1 would kill)."),
                        None).then(lambda _: counted(faces))
        i = failed[0]
        return again().log(lambda f: Said(msg("the Standard Bearer's re-roll turns one failed die into a {face}.",
                                              face=f))).then(lambda f: counted((*faces[:i], f, *faces[i + 1:])))

    one: Proc[int] = die(6, msg("activation die (Mage)"), judge)
    return both(both(one, one), one).map(lambda f: (*f[0], f[1])).log(
        lambda f: Said(msg("the Mage (Quality {quality}) rolls {faces} on activation.", quality=quality,
                           faces="-".join(map(str, f))))).then(after)


def _say(text: Message, value: T) -> Proc[T]:
    """A step that rolls nothing and tells ``text``."""
    return done(value).log(lambda _: Said(text))


def play_cast_roll(quality: int, dice: DiceSource, *, standard_bearer: bool = False,
                   bearer_saves: bool = True) -> CastRoll:
    """Play the Mage's activation roll (:func:`cast_roll`)."""
    return play(cast_roll(quality, standard_bearer=standard_bearer, bearer_saves=bearer_saves), dice)


def cast_roll_exact(quality: int, *, standard_bearer: bool = False, bearer_saves: bool = True) -> Dist[CastRoll]:
    """The exact law of the Mage's activation roll (:func:`cast_roll`).

    >>> cast_roll_exact(3)[CastRoll.MISCAST], cast_roll_exact(3, standard_bearer=True)[CastRoll.MISCAST]
    (Fraction(1, 216), Fraction(1, 1296))
    """
    return evaluate(cast_roll(quality, standard_bearer=standard_bearer, bearer_saves=bearer_saves))


# --- Fireball (BAT-SPELL-FIREBALL) ------------------------------------------------------------

class FireballResult(NamedTuple):
    lost: int
    destroyed: bool


def fireball(ap: int, target_quality: int, figures: int) -> Proc[FireballResult]:
    """BAT-SPELL-FIREBALL as a dice procedure: the target rolls one d6 per AP; each above its current Quality costs
    it a figure, and a base that loses its last figure is destroyed (BAT-BASE-DESTROYED)."""
    check_spell_ap(ap, "BAT-SPELL-FIREBALL")
    _check_figures(figures, "BAT-SPELL-FIREBALL")

    def judge(face: int) -> DieEffect:
        return DieEffect.NONE if passes(face, target_quality) else DieEffect.HIT

    def told(faces: tuple[int, ...]) -> Said:
        burnt = sum(not passes(f, target_quality) for f in faces)
        return Said(nmsg("the target (Quality {quality}) rolls {faces}: {burnt} above its Quality, so it loses "
                         "{lost} of its {n} figures.",
                         "the target (Quality {quality}) rolls {faces}: {burnt} above its Quality, so it loses "
                         "{lost} of its {n} figures.",
                         n=figures, quality=target_quality, faces=", ".join(map(str, faces)), burnt=burnt,
                         lost=min(burnt, figures)))

    above = [f for f in range(1, 7) if not passes(f, target_quality)]
    return count(ap, above, msg("Fireball die (rolled by the target)"), judge, note=told).map(
        lambda n: FireballResult(min(n, figures), n >= figures)).log(
        lambda r: Said(msg("its last figure is gone: the base is destroyed.")) if r.destroyed else None)


def fireball_exact(ap: int, target_quality: int, figures: int) -> Dist[FireballResult]:
    """Figures lost ~ Binomial(AP, (6 − Q)/6), capped at the figures on the base (:func:`fireball`)."""
    return evaluate(fireball(ap, target_quality, figures))


def play_fireball(ap: int, target_quality: int, figures: int, dice: DiceSource) -> FireballResult:
    """Play a Fireball (:func:`fireball`)."""
    return play(fireball(ap, target_quality, figures), dice)


def _check_figures(figures: int, rule_id: str) -> int:
    if figures < 1:
        raise RuleError(rule_id, msg("a base on the table has at least one figure, not {figures}", figures=figures))
    return figures


# --- Ice Rain and the Lake of Death (BAT-SPELL-ICE-RAIN, BAT-SPELL-DEATH-LAKE) -------------------

class Deluge(NamedTuple):
    """What a strength-3 spell does to the bases it covers: how many lose a figure, how many of those
    were struck at least double and test morale, and how many of the tested flee."""

    hit: int
    tested: int
    fled: int


def check_bases(bases: int, rule_id: str) -> int:
    """Refuse a base count the spell cannot strike (at least one; at most what the engine's template takes)."""
    if not 1 <= bases <= MAX_BASES:
        raise RuleError(rule_id, msg("the spell strikes 1 to {top} bases here, not {bases}", top=MAX_BASES,
                                     bases=bases))
    return bases


def deluge(bases: int, defence: int, quality: int, *, sign: Sign = Sign.GREATER, double: Double = Double.AT_LEAST,
           rule_id: str = "BAT-SPELL-ICE-RAIN") -> Proc[Deluge]:
    """Ice Rain or the Lake of Death on ``bases`` bases of ``defence`` and ``quality`` as a dice procedure.

    Each base suffers one ordinary strength-3 ranged attack (:func:`volley`, BAT-SHOOT-DAMAGE, fresh dice for
    each base); each base struck at least double then tests morale on three dice (:func:`morale_test`), and those
    that roll three failures flee.
    """
    check_bases(bases, rule_id)
    return volley(bases, SPELL_STRENGTH, defence, sign=sign, double=double).then(
        lambda v: part(_fled, 1, v.morale, quality).map(lambda n: Deluge(v.hit, v.morale, n)))


def _fled(i: int, tested: int, quality: int) -> Proc[int]:
    """How many of the struck bases ``i`` to ``tested`` flee, each testing morale in turn."""
    if i > tested:
        return done(0)
    who = msg("struck base {i}", i=i) if tested > 1 else msg("the struck base")
    return morale_test(quality, who=who).then(
        lambda m: part(_fled, i + 1, tested, quality).map(lambda n: n + (m.band is Band.FLEES)))


# --- Summon Beast (BAT-SPELL-SUMMON) ----------------------------------------------------------

#: The stats whose total the summoning roll caps (the beast's Q + M + R + Spd + Rng + Def).
BEAST_STATS = ("quality", "melee", "ranged", "speed", "range", "defence")


def stat_total(beast: Profile) -> int:
    return sum(getattr(beast, s) for s in BEAST_STATS)


def summon(ap: int) -> Proc[int]:
    """BAT-SPELL-SUMMON as a dice procedure: the Mage rolls one d6 per AP (a pool counted face by face, whose
    multinomial law gives the sum); the beast's stats may total at most three times the sum."""
    check_spell_ap(ap, "BAT-SPELL-SUMMON")

    def told(faces: tuple[int, ...]) -> Said:
        budget = SUMMON_FACTOR * sum(faces)
        return Said(msg("the Mage rolls {faces} = {total}: the beast's six stats may add up to {budget}.",
                        faces=" + ".join(map(str, faces)), total=sum(faces), budget=budget))

    return pool(ap, [(f,) for f in range(1, 7)], msg("Summon Beast die"), note=told).map(
        lambda c: SUMMON_FACTOR * sum(f * n for f, n in enumerate(c, start=1)))


def summon_exact(ap: int) -> Dist[int]:
    """The budget 3 × (sum of AP d6) (:func:`summon`)."""
    return evaluate(summon(ap))


def check_beast(beast: Profile, budget: int) -> Profile:
    """BAT-SPELL-SUMMON: the beast has no skills and its six stats total no more than the budget.

    Its Quality stays within 1–5 (Reading), which :class:`Profile` already enforces.
    """
    if beast.skills:
        raise RuleError("BAT-SPELL-SUMMON", msg("a summoned beast has no skills ({beast} has {skills})",
                                                beast=beast.name,
                                                skills=", ".join(sorted(text(label(s)) for s in beast.skills))))
    total = stat_total(beast)
    if total > budget:
        raise RuleError("BAT-SPELL-SUMMON", msg("{beast}'s stats add up to {total}, over the budget {budget}",
                                                   beast=beast.name, total=total, budget=budget))
    return beast


# --- Terror (BAT-SPELL-TERROR) ----------------------------------------------------------------

def terror(ap: int, quality: int, *, coward: Coward = Coward.NONE, reroll: bool = False) -> Proc[Morale]:
    """BAT-SPELL-TERROR as a dice procedure: the target tests morale at once on one die per AP, the ordinary test
    (BAT-MORALE-TEST) with its dice count changed, so a Coward or a Standard Bearer near the target works exactly
    as in any test."""
    check_spell_ap(ap, "BAT-SPELL-TERROR")
    return _say(nmsg("Terror with {n} AP: the target tests morale on {n} die.",
                     "Terror with {n} AP: the target tests morale on {n} dice.", n=ap), None).then(
        lambda _: morale_test(quality, ap, coward=coward, reroll=reroll, who=msg("the target")))


def terror_exact(ap: int, quality: int, *, coward: Coward = Coward.NONE, reroll: bool = False) -> Dist[Morale]:
    """The exact law of Terror (:func:`terror`)."""
    return evaluate(terror(ap, quality, coward=coward, reroll=reroll))


# --- the spells with no dice -----------------------------------------------------------------

def sloth_quality(quality: int, ap: int) -> int:
    """BAT-SPELL-SLOTH: Quality falls by the AP spent until the end of the turn, with no floor (Reading);
    at 0 or below every activation die fails to give an AP and every morale die fails."""
    return quality - check_spell_ap(ap, "BAT-SPELL-SLOTH")


def cloud_quality(quality: int) -> int:
    """BAT-SPELL-DEATH-CLOUD: a base inside the cloud is at −1 Quality until it leaves."""
    return quality - CLOUD_QUALITY_LOSS


def shield_defence(defence: int, ap: int) -> int:
    """BAT-SPELL-SHIELD: a friendly base's Defence rises by the AP spent until the end of the turn."""
    return defence + check_spell_ap(ap, "BAT-SPELL-SHIELD")


def tailwind_range(range_steps: int, ap: int) -> int:
    """BAT-SPELL-TAILWIND: a friendly base's Range rises by the AP spent, in steps, until the end of the turn."""
    return range_steps + check_spell_ap(ap, "BAT-SPELL-TAILWIND")

