"""Heroes under fire and on horseback (§7.4, 7.6, 7.12): hit, wounded, replaced, thrown, captured.

Several die faces of these tables were lost with the pictures; where only one face is left over,
the index reads it by elimination (the last row is a 6), and the mechanics offer the other reading.
"""

from __future__ import annotations

from enum import StrEnum

from aot_rules.core.errors import RuleError
from aot_rules.core.events import DieEffect, Said
from aot_rules.core.i18n import msg, nmsg, vocabulary
from aot_rules.core.procedure import Proc, both, count, die, done
from aot_rules.sp.rules.troops import Quality


@vocabulary({
    "unhurt": msg('not hit'), "light": msg('light wound'), "severe": msg('severe wound'),
    'killed': msg('killed')
}, formerly={
    "not hit": "unhurt", "light wound": "light", "severe wound": "severe"
})
class Wound(StrEnum):
    """What happens to a Hero: the SP-HERO-WOUND rows, after 'not hit at all'."""

    UNHURT = "unhurt"
    LIGHT = "light"
    SEVERE = "severe"
    KILLED = "killed"


def wound_of(face: int, six_kills: bool = True) -> Wound:
    """1–3 light, 4–5 severe; the lost last row read as 6 = killed (off: a 6 is one more severe wound)."""
    if face <= 3:
        return Wound.LIGHT
    return Wound.KILLED if face == 6 and six_kills else Wound.SEVERE


def wound_die(six_kills: bool = True) -> Proc[Wound]:
    """SP-HERO-WOUND as a dice procedure: one d6 read as the wound, told."""
    return die(6, msg("wound"), lambda f: DieEffect.HIT if wound_of(f, six_kills) is Wound.KILLED else DieEffect.NONE,
               read=lambda f: wound_of(f, six_kills),
               note=lambda f: Said(msg("the wound die: {wound}", wound=wound_of(f, six_kills))))


def hero_hit_sides(skirmish_fire: bool) -> int:
    """A d10 normally; a d6 when a light-infantry skirmish line fired."""
    return 6 if skirmish_fire else 10


def hero_fate(killed: int, skirmish_fire: bool, six_kills: bool = True) -> Proc[Wound]:
    """SP-HERO-HIT then SP-HERO-WOUND as a dice procedure: the hit die against the men killed, told; a hit Hero
    rolls his wound."""
    if killed < 0:
        raise RuleError("SP-HERO-HIT", msg("men killed cannot be negative"))
    sides = hero_hit_sides(skirmish_fire)

    def said(f: int) -> Said:
        if f > killed:
            return Said(nmsg("the Hero's d{sides} shows {face}, more than the {n} men killed: he is not hit",
                             "the Hero's d{sides} shows {face}, more than the {n} men killed: he is not hit",
                             n=killed, sides=sides, face=f))
        return Said(nmsg("the Hero's d{sides} shows {face}, no more than the {n} men killed: he takes one of the hits",
                         "the Hero's d{sides} shows {face}, no more than the {n} men killed: he takes one of the hits",
                         n=killed, sides=sides, face=f))

    hit = die(sides, msg("is the Hero hit?"), lambda x: DieEffect.HIT if x <= killed else DieEffect.NONE,
              read=lambda f: f <= killed, note=said)
    return hit.then(lambda h: wound_die(six_kills) if h else done(Wound.UNHURT))


# --- replacement (SP-HERO-REPLACE) -----------------------------------------------------------------

REPLACE_FROM = {Quality.ELITE: 3, Quality.VETERANS: 4, Quality.REGULARS: 5}


def replace_needs(quality: Quality, recruits_from: int, last_hero: bool) -> int:
    """The lowest face that brings a new Hero (1: automatic, the force's last Hero)."""
    if last_hero:
        return 1
    return REPLACE_FROM.get(quality, recruits_from)


def replacement(quality: Quality, recruits_from: int, last_hero: bool) -> Proc[bool]:
    """SP-HERO-REPLACE as a dice procedure: the force's last Hero is replaced without a roll; else one d6 against
    the quality's number, told."""
    if last_hero:
        return done(True).log(lambda _: Said(msg("he was the force's last Hero: a new one steps up without a roll")))
    need = replace_needs(quality, recruits_from, last_hero)

    def said(f: int) -> Said:
        if f >= need:
            return Said(msg("{quality} need {need}+ and roll {face}: a new Hero, one step lower", quality=quality,
                            need=need, face=f))
        return Said(msg("{quality} need {need}+ and roll {face}: the card leaves the game", quality=quality,
                        need=need, face=f))

    return die(6, msg("replacement"), lambda x: DieEffect.HIT if x >= need else DieEffect.FAIL,
               read=lambda f: f >= need, note=said)


# --- mounted targets (SP-SHOOT-RIDER, SP-HERO-RIDER-SKILL) -------------------------------------------

@vocabulary({'novice': msg('novice'), "ordinary": msg('ordinary rider'), "skilled": msg('skilled rider')}, formerly={
    "ordinary rider": "ordinary", "skilled rider": "skilled"
})
class Skill(StrEnum):
    NOVICE = "novice"
    ORDINARY = "ordinary"
    SKILLED = "skilled"


SKILL_MOD = {Skill.NOVICE: -1, Skill.ORDINARY: 0, Skill.SKILLED: 1}


@vocabulary({
    "pinned": msg('pinned under the mount'),
    "stunned": msg('thrown, unconscious next turn'), "thrown": msg('thrown, unhurt'),
    "feet": msg('thrown, lands on his feet')
}, formerly={
    "pinned under the mount": "pinned", "thrown, unconscious next turn": "stunned", "thrown, unhurt": "thrown",
    "thrown, lands on his feet": "feet"
})
class Fall(StrEnum):
    """The rider's fall roll, worst first."""

    PINNED = "pinned"
    STUNNED = "stunned"
    THROWN = "thrown"
    FEET = "feet"


def fall_of(total: int) -> Fall:
    """1–2 pinned, 3 stunned, 4–5 thrown, 6 on his feet; a modified total past either end counts as the end
    (SP-HERO-RIDER-SKILL, Reading: the source does not say what a 0 or a 7 means)."""
    return Fall.PINNED if total <= 2 else Fall.STUNNED if total == 3 else Fall.THROWN if total <= 5 else Fall.FEET


def fall_die(skill: Skill) -> Proc[Fall]:
    """SP-HERO-RIDER-SKILL as a dice procedure: one d6 plus the rider's skill, read as his fall, told."""
    mod = SKILL_MOD[skill]

    def said(f: int) -> Said:
        out = fall_of(f + mod)
        if mod > 0:
            return Said(msg("the fall die shows {face}, +{mod} for a {skill}: {fall}", face=f, mod=mod, skill=skill,
                            fall=out))
        if mod < 0:
            return Said(msg("the fall die shows {face}, -{mod} for a {skill}: {fall}", face=f, mod=-mod, skill=skill,
                            fall=out))
        return Said(msg("the fall die shows {face}: {fall}", face=f, fall=out))

    return die(6, msg("the rider's fall"), read=lambda f: fall_of(f + mod), note=said)


@vocabulary({
    "rider": msg('the rider is killed'),
    "mount-dead": msg('the mount dies; the rider is on foot'),
    "shrugs": msg('the mount ignores the wound'),
    "bolts": msg('the mount bolts with its rider'),
    "pinned": msg('mount dies; rider pinned under it'),
    "stunned": msg('mount dies; rider stunned'),
    "thrown": msg('mount dies; rider thrown unhurt'),
    "feet": msg('mount dies; rider lands on his feet')
}, formerly={
    "the rider is killed": "rider", "the mount dies; the rider is on foot": "mount-dead",
    "the mount ignores the wound": "shrugs", "the mount bolts with its rider": "bolts",
    "mount dies; rider pinned under it": "pinned", "mount dies; rider stunned": "stunned",
    "mount dies; rider thrown unhurt": "thrown", "mount dies; rider lands on his feet": "feet"
})
class Mounted(StrEnum):
    """Where a 'death' on a mounted figure ends (SP-SHOOT-RIDER), in the order the chain is read."""

    RIDER = "rider"
    MOUNT_DEAD = "mount-dead"
    SHRUGS = "shrugs"
    BOLTS = "bolts"
    PINNED = "pinned"
    STUNNED = "stunned"
    THROWN = "thrown"
    FEET = "feet"


FALL_TO_MOUNTED = {Fall.PINNED: Mounted.PINNED, Fall.STUNNED: Mounted.STUNNED, Fall.THROWN: Mounted.THROWN,
                   Fall.FEET: Mounted.FEET}


def mounted_hit(skill: Skill) -> Proc[Mounted]:
    """SP-SHOOT-RIDER as a dice procedure, the chain: who is hit (1–3 the mount), the mount's fate (1–4 dead,
    5 ignores, 6 roll again: the Reading of the two lost faces), then bolting (1–3) or a dying run and the rider's
    fall; each die told where its step ends."""

    def third(who: int) -> Proc[Mounted]:
        def said(t: int) -> Said:
            if t <= 3:
                return Said(msg("{face}: the mount is hit; 6, roll again; {third}: it bolts and the rider loses "
                                "control", face=who, third=t))
            return Said(msg("{face}: the mount is hit; 6, roll again; {third}: it runs 1d6+1″ and dies, throwing the "
                            "rider", face=who, third=t))

        return die(6, msg("roll again"), read=lambda t: t <= 3, note=said).then(
            lambda bolts: done(Mounted.BOLTS) if bolts else fall_die(skill).map(FALL_TO_MOUNTED.__getitem__))

    def mount(who: int) -> Proc[Mounted]:
        def said(fate: int) -> Said | None:
            if fate <= 4:
                return Said(msg("{face}: the mount is hit; {fate}: it dies and the rider goes on foot", face=who,
                                fate=fate))
            if fate == 5:
                return Said(msg("{face}: the mount is hit; {fate}: it ignores the wound", face=who, fate=fate))
            return None

        return die(6, msg("the mount's wound"), read=lambda f: 4 if f <= 4 else f, note=said).then(
            lambda fate: done(Mounted.MOUNT_DEAD) if fate == 4 else done(Mounted.SHRUGS) if fate == 5 else third(who))

    def said(who: int) -> Said | None:
        return Said(msg("{face}: the shot kills the rider", face=who)) if who >= 4 else None

    return die(6, msg("rider or mount?"), note=said).then(lambda who: done(Mounted.RIDER) if who >= 4 else mount(who))


# --- capturing a lone Hero (SP-HERO-CAPTURE) --------------------------------------------------------

@vocabulary({
    "by-odds": msg('captured: 4 to 1 odds, no fight'),
    "lost": msg('captured: he lost the fight'),
    "draw": msg('a drawn round: fight again'),
    "won": msg('he won the round and stays free')
}, formerly={
    "captured: 4 to 1 odds, no fight": "by-odds", "captured: he lost the fight": "lost",
    "a drawn round: fight again": "draw", "he won the round and stays free": "won"
})
class Capture(StrEnum):
    BY_ODDS = "by-odds"
    LOST = "lost"
    DRAW = "draw"
    WON = "won"


def capture_by_odds(hero_dice: int, group_dice: int) -> bool:
    """The Index's Reading of '4 to 1': the attackers' dice at least four times his."""
    return group_dice >= 4 * hero_dice


def capture(hero_dice: int, group_dice: int) -> Proc[Capture]:
    """SP-HERO-CAPTURE as a dice procedure: taken without a fight at 4 to 1; else he fights as a melee (6s kill,
    SP-MELEE-ROLL), his dice first, and fewer kills than the Group means he is taken."""
    if hero_dice < 1 or group_dice < 1:
        raise RuleError("SP-HERO-CAPTURE", msg("both sides need at least one die"))
    if capture_by_odds(hero_dice, group_dice):
        return done(Capture.BY_ODDS).log(lambda _: Said(nmsg(
            "{n} dice against {hero}: at least 4 to 1, he is taken without a fight",
            "{n} dice against {hero}: at least 4 to 1, he is taken without a fight", n=group_dice, hero=hero_dice)))
    six = lambda f: DieEffect.HIT if f == 6 else DieEffect.NONE  # noqa: E731

    def result(mt: tuple[int, int]) -> Capture:
        return Capture.LOST if mt[0] < mt[1] else Capture.DRAW if mt[0] == mt[1] else Capture.WON

    fight = both(count(hero_dice, (6,), msg("the Hero's melee die"), six),
                 count(group_dice, (6,), msg("the Group's melee die"), six))
    return fight.log(lambda mt: Said(msg("the Hero rolls {mine} six(es), the Group {theirs}: {result}", mine=mt[0],
                                         theirs=mt[1], result=result(mt)))).map(result)
