"""Batalist: registry entries (magic): the miscast, Fireball, Ice Rain, Summon Beast, Lake of Death, Terror.

Every spell's AP is an input (1 to 3); a spell that strikes several bases takes the geometry
as one number, the bases it covers, since the odds for each base do not depend on where it stands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from aot_rules.bat.rules.combat import MAX_BASES, Sign
from aot_rules.bat.rules.magic import (
    SPELL_AP_MAX,
    SPELL_AP_MIN,
    SUMMON_FACTOR,
    CastRoll,
    Deluge,
    FireballResult,
    cast_roll,
    deluge,
    fireball,
    summon,
    terror,
)
from aot_rules.bat.rules.morale import Band, Coward, Morale
from aot_rules.bat.rules.profile import QUALITY_MAX
from aot_rules.core.dist import Dist
from aot_rules.core.i18n import msg
from aot_rules.core.outcome import Outcome
from aot_rules.core.params import param
from aot_rules.core.procedure import Proc
from aot_rules.core.registry import Mechanic, Registry, Sample, derived

#: A base's current Quality may fall to 0 or below (Sloth, the Cloud of Death); 0 stands for all of those.
QUALITY_LO = 0
#: Figures on one base: the source sets no maximum; 6 covers every base the widgets need.
MAX_FIGURES = 6

_AP = (CastRoll.AP0, CastRoll.AP1, CastRoll.AP2, CastRoll.AP3)
_CASTS = _AP[1:]


# --- BAT-MAGIC-MISCAST ------------------------------------------------------------------------

@dataclass(frozen=True)
class MiscastInput:
    quality: int = param(3, msg("the Mage's current Quality (it sets the AP; the miscast chance does not depend on "
                         "it); 0 stands for 0 or below"), lo=QUALITY_LO, hi=QUALITY_MAX, label=msg("Mage's Quality"))
    standard_bearer: bool = param(False, msg("a Standard Bearer within 6 steps lets one die be rolled again"),
                                  label=msg("Standard Bearer near"))
    bearer_saves: bool = param(True, msg("the Standard Bearer's re-roll may be spent on a 1-1-1 before it kills the "
                               "Mage (the index's reading); off: three 1s kill at once"), reading="BAT-MAGIC-MISCAST",
                               label=msg("re-roll may undo a 1-1-1"))


class MageRoll(NamedTuple):
    """The casting roll as the widget shows it: the AP left for a spell (none for a dead Mage), and the roll."""

    ap: int
    roll: CastRoll


MISCAST_LABELS = {"ap": msg("AP the Mage can put into a spell (0 if it dies)"),
                  "roll": msg("the Mage's activation roll"),
                  "miscast": msg("the Mage dies (three 1s)"), "casts": msg("the Mage lives and has AP for a spell")}


def _spell_ap(r: CastRoll) -> int:
    return 0 if r is CastRoll.MISCAST else _AP.index(r)


def miscast_procedure(p: MiscastInput) -> Proc[MageRoll]:
    return cast_roll(p.quality, standard_bearer=p.standard_bearer, bearer_saves=p.bearer_saves).map(
        lambda r: MageRoll(_spell_ap(r), r))


def miscast_report(p: MiscastInput, law: Dist[MageRoll]) -> Outcome:
    return Outcome.of(law, "ap", dists=("ap", "roll"),
                      events={"miscast": lambda m: m.roll is CastRoll.MISCAST, "casts": lambda m: m.roll in _CASTS},
                      labels=MISCAST_LABELS)


def miscast_sample(p: MiscastInput, m: MageRoll) -> Sample:
    return {"ap": m.ap, "roll": m.roll, "miscast": m.roll is CastRoll.MISCAST, "casts": m.roll in _CASTS}


# --- BAT-SPELL-FIREBALL -----------------------------------------------------------------------

@dataclass(frozen=True)
class FireballInput:
    ap: int = param(2, msg("AP the Mage puts into the spell: the target rolls one d6 per AP"), lo=SPELL_AP_MIN,
                    hi=SPELL_AP_MAX, label=msg("AP spent"))
    target_quality: int = param(3, msg("the target's current Quality; each die above it costs a figure (0 stands for "
                                "0 or below)"), lo=QUALITY_LO, hi=QUALITY_MAX, label=msg("target's Quality"))
    figures: int = param(4, msg("figures on the target base (it is destroyed when the last goes)"), lo=1,
                         hi=MAX_FIGURES, label=msg("figures on the target"))


FIREBALL_LABELS = {"lost": msg("figures the target loses"), "any": msg("the target loses at least one figure"),
                   "destroyed": msg("the target base is destroyed")}


def fireball_procedure(p: FireballInput) -> Proc[FireballResult]:
    return fireball(p.ap, p.target_quality, p.figures)


def fireball_report(p: FireballInput, law: Dist[FireballResult]) -> Outcome:
    return Outcome.of(law, "lost", dists=("lost",),
                      events={"any": lambda r: r.lost > 0, "destroyed": lambda r: r.destroyed},
                      labels=FIREBALL_LABELS)


def fireball_sample(p: FireballInput, r: FireballResult) -> Sample:
    return {"lost": r.lost, "any": r.lost > 0, "destroyed": r.destroyed}


# --- BAT-SPELL-ICE-RAIN and BAT-SPELL-DEATH-LAKE -------------------------------------------------

_DEFENCE_HELP = msg("the struck bases' Defence (with any modifier, such as a Giant's −1 when shot at); "
                     "the spell's attack is d6 + 3 against d6 + Defence")
_QUALITY_HELP = msg("the struck bases' current Quality, for the morale test a double strike forces")
_SIGN_HELP = msg("how a ranged total must compare with the defence total: the source lost the sign; "
                  "the index reads 'greater', as in melee")


@dataclass(frozen=True)
class IceRainInput:
    bases: int = param(2, msg("enemy bases under the template (friendly bases under it are not struck)"), lo=1,
                       hi=MAX_BASES, grid=(1, 2, 3, 4), label=msg("enemy bases under it"))
    defence: int = param(2, _DEFENCE_HELP, lo=-2, hi=9, grid=tuple(range(7)), label=msg("their Defence"))
    quality: int = param(3, _QUALITY_HELP, lo=1, hi=QUALITY_MAX, label=msg("their Quality"))
    sign: Sign = param(Sign.GREATER, _SIGN_HELP, reading="BAT-SHOOT-DAMAGE", label=msg("a hit needs a total"))


@dataclass(frozen=True)
class DeathLakeInput:
    bases: int = param(2, msg("bases in the lake that cannot fly, friend and foe alike"), lo=1, hi=MAX_BASES,
                       grid=(1, 2, 3, 4), label=msg("bases in the lake"))
    defence: int = param(2, _DEFENCE_HELP, lo=-2, hi=9, grid=tuple(range(7)), label=msg("their Defence"))
    quality: int = param(3, _QUALITY_HELP, lo=1, hi=QUALITY_MAX, label=msg("their Quality"))
    sign: Sign = param(Sign.GREATER, _SIGN_HELP, reading="BAT-SHOOT-DAMAGE", label=msg("a hit needs a total"))


DELUGE_LABELS = {"hit": msg("bases that lose a figure"), "tested": msg("bases struck double, which test morale"),
                 "fled": msg("bases that flee"), "any_hit": msg("at least one base loses a figure"),
                 "any_fled": msg("at least one base flees")}
_DELUGE_EVENTS = {"any_hit": lambda d: d.hit > 0, "any_fled": lambda d: d.fled > 0}


def _deluge_report(p: IceRainInput | DeathLakeInput, law: Dist[Deluge]) -> Outcome:
    return Outcome.of(law, "hit", dists=("hit", "tested", "fled"), events=_DELUGE_EVENTS, labels=DELUGE_LABELS)


def _deluge_sample(p: IceRainInput | DeathLakeInput, d: Deluge) -> Sample:
    return {"hit": d.hit, "tested": d.tested, "fled": d.fled, "any_hit": d.hit > 0, "any_fled": d.fled > 0}


def ice_rain_procedure(p: IceRainInput) -> Proc[Deluge]:
    return deluge(p.bases, p.defence, p.quality, sign=p.sign, rule_id="BAT-SPELL-ICE-RAIN")


def death_lake_procedure(p: DeathLakeInput) -> Proc[Deluge]:
    return deluge(p.bases, p.defence, p.quality, sign=p.sign, rule_id="BAT-SPELL-DEATH-LAKE")


# --- BAT-SPELL-SUMMON -------------------------------------------------------------------------

@dataclass(frozen=True)
class SummonInput:
    ap: int = param(2, msg("AP the Mage puts into the spell: it rolls one d6 per AP"), lo=SPELL_AP_MIN,
                    hi=SPELL_AP_MAX, label=msg("AP spent"))
    wanted: int = param(21, msg("the stat total (Q + M + R + Spd + Rng + Def) of the beast you hope to field"),
                        lo=1, hi=SUMMON_FACTOR * 6 * SPELL_AP_MAX, grid=(6, 9, 12, 15, 18, 21, 24, 30, 36, 45),
                        label=msg("beast's stat total"))


def summon_procedure(p: SummonInput) -> Proc[int]:
    return summon(p.ap)


def summon_report(p: SummonInput, law: Dist[int]) -> Outcome:
    return Outcome.of(law, "budget", events={"enough": lambda b: b >= p.wanted},
                      labels={"budget": msg("the beast's stat budget (3 × the dice)"),
                              "enough": msg("the budget allows a beast totalling {total}", total=p.wanted)})


def summon_sample(p: SummonInput, b: int) -> Sample:
    return {"budget": b, "enough": b >= p.wanted}


# --- BAT-SPELL-TERROR -------------------------------------------------------------------------

@dataclass(frozen=True)
class TerrorInput:
    ap: int = param(2, msg("AP the Mage puts into the spell: the target tests morale on one d6 per AP"),
                    lo=SPELL_AP_MIN, hi=SPELL_AP_MAX, label=msg("AP spent"))
    target_quality: int = param(3, msg("the target's current Quality; each die above it is a failure (0 stands for "
                                "0 or below)"), lo=QUALITY_LO, hi=QUALITY_MAX, label=msg("target's Quality"))
    coward: Coward = param(Coward.NONE, msg("the target is a Coward, and how the skill's two rows are read"),
                           reading="BAT-SKILL-COWARD", label=msg("Coward"))
    standard_bearer: bool = param(False, msg("a Standard Bearer within 6 steps of the target lets it roll one failed "
                                  "die again"), label=msg("Standard Bearer near the target"))


TERROR_LABELS = {"band": msg("what Terror does to the target"), "failures": msg("failures in the target's test"),
                 "flees": msg("the target flees the field"), "shaken": msg("the target falls back and loses its AP")}


def terror_procedure(p: TerrorInput) -> Proc[Morale]:
    return terror(p.ap, p.target_quality, coward=p.coward, reroll=p.standard_bearer)


def terror_report(p: TerrorInput, law: Dist[Morale]) -> Outcome:
    return Outcome.of(law, "failures", dists=("failures", "band"),
                      events={"flees": lambda m: m.band is Band.FLEES,
                              "shaken": lambda m: m.band in (Band.STEP_BACK, Band.FALL_BACK)},
                      labels=TERROR_LABELS)


def terror_sample(p: TerrorInput, m: Morale) -> Sample:
    return {"band": m.band, "failures": m.failures, "flees": m.band is Band.FLEES,
            "shaken": m.band in (Band.STEP_BACK, Band.FALL_BACK)}


def register(reg: Registry) -> None:
    """Add this area's mechanics to ``reg``."""
    reg.add(Mechanic(
        rule_id="BAT-MAGIC-MISCAST", key="bat-magic-miscast", title=msg("Casting: the Mage's roll and the deadly "
                                                                        "miscast"),
        summary=msg("A Mage with a Cast order rolls three d6 for AP; three 1s kill it instead."),
        record_type=MiscastInput, **derived(miscast_procedure, miscast_report, miscast_sample),
        rules=("BAT-MAGIC-MISCAST", "BAT-MAGIC-CAST", "BAT-ACTIVATION", "BAT-SKILL-STANDARD")))
    reg.add(Mechanic(
        rule_id="BAT-SPELL-FIREBALL", key="bat-spell-fireball", title=msg("Fireball: figures burnt"),
        summary=msg("The target rolls one d6 per AP; each above its Quality removes a figure."),
        record_type=FireballInput, **derived(fireball_procedure, fireball_report, fireball_sample),
        rules=("BAT-SPELL-FIREBALL", "BAT-BASE-DESTROYED")))
    reg.add(Mechanic(
        rule_id="BAT-SPELL-ICE-RAIN", key="bat-spell-ice-rain",
        title=msg("Ice Rain: a strength-3 shot at every enemy base"),
        summary=msg("Every enemy base under the template suffers a ranged attack of strength 3: d6 + 3 against d6 + "
                    "Def."),
        record_type=IceRainInput, **derived(ice_rain_procedure, _deluge_report, _deluge_sample),
        rules=("BAT-SPELL-ICE-RAIN", "BAT-SHOOT-DAMAGE", "BAT-MORALE-TRIGGERS", "BAT-MORALE-TEST")))
    reg.add(Mechanic(
        rule_id="BAT-SPELL-SUMMON", key="bat-spell-summon", title=msg("Summon Beast: the stat budget"),
        summary=msg("The Mage rolls one d6 per AP; the beast's six stats may total three times the sum."),
        record_type=SummonInput, **derived(summon_procedure, summon_report, summon_sample)))
    reg.add(Mechanic(
        rule_id="BAT-SPELL-DEATH-LAKE", key="bat-spell-death-lake",
        title=msg("Lake of Death: a strength-3 attack on every base in it"),
        summary=msg("Every base in the lake that cannot fly, friend or foe, is attacked once with strength 3."),
        record_type=DeathLakeInput, **derived(death_lake_procedure, _deluge_report, _deluge_sample),
        rules=("BAT-SPELL-DEATH-LAKE", "BAT-SHOOT-DAMAGE", "BAT-SKILL-FLYING", "BAT-MORALE-TRIGGERS",
               "BAT-MORALE-TEST")))
    reg.add(Mechanic(
        rule_id="BAT-SPELL-TERROR", key="bat-spell-terror", title=msg("Terror: a morale test on AP dice"),
        summary=msg("The target tests morale at once with one d6 per AP the Mage spent."),
        record_type=TerrorInput, **derived(terror_procedure, terror_report, terror_sample),
        rules=("BAT-SPELL-TERROR", "BAT-MORALE-TEST", "BAT-SKILL-COWARD", "BAT-SKILL-STANDARD")))
