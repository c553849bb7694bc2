"""Batalist: registry entries (combat, morale and the skills that change them).

Melee and ranged damage take a base's profile values and the situation of the modifier tables
(BAT-MELEE-MODS, BAT-SHOOT-MODS), so a player enters what is written on his profile card and
what he sees on the table; the engine adds the modifiers.  Each headline widget varies the
profile values with the situation fixed to the plain case, and a second widget per table (the
``…-MODS`` variants) varies the situation for equal bases, which keeps each precomputed grid small.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from aot_rules.bat.rules.combat import (
    MAX_BASES,
    Clash,
    Double,
    Facing,
    Figures,
    Height,
    Shot,
    Sign,
    Strike,
    Volley,
    melee,
    melee_mods,
    shot,
    shot_exact,
    shot_mods,
    volley,
)
from aot_rules.bat.rules.morale import Band, Coward, Morale, morale_test
from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import play
from aot_rules.core.i18n import msg
from aot_rules.core.outcome import Fact, Outcome
from aot_rules.core.params import param
from aot_rules.core.procedure import Proc
from aot_rules.core.registry import Mechanic, Registry, Sample, derived

STAT_HI = 9
QUALITY_LO, QUALITY_HI = -3, 5


def _double(more_than: bool) -> Double:
    return Double.MORE_THAN if more_than else Double.AT_LEAST


def _shooter_can_shoot(ranged: int) -> None:
    if ranged <= 0:
        raise RuleError("BAT-SHOOT-RESTRICT", msg("a base with Ranged 0 cannot shoot"), params=("ranged",))


# --- melee ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class MeleeInput:
    a_melee: int = param(3, msg("the attacker's Melee, from its profile"), lo=0, hi=STAT_HI, grid=(1, 2, 3, 4),
                         label=msg("attacker's Melee"))
    a_defence: int = param(3, msg("the attacker's Defence, from its profile"), lo=0, hi=STAT_HI, grid=(1, 2, 3),
                           label=msg("attacker's Defence"))
    b_melee: int = param(3, msg("the defender's Melee, from its profile"), lo=0, hi=STAT_HI, grid=(1, 2, 3, 4),
                         label=msg("defender's Melee"))
    b_defence: int = param(3, msg("the defender's Defence, from its profile"), lo=0, hi=STAT_HI, grid=(1, 2, 3),
                           label=msg("defender's Defence"))
    figures: Figures = param(Figures.EQUAL, msg("figures on the attacker's base compared with the defender's"),
                             grid=(Figures.EQUAL,), label=msg("attacker's figures"))
    facing: Facing = param(Facing.FRONT, msg("where the attacker strikes the defender"), grid=(Facing.FRONT,),
                           label=msg("attack into the"))
    height: Height = param(Height.LEVEL, msg("the attacker's ground compared with the defender's"),
                           grid=(Height.LEVEL,), label=msg("attacker's ground"))
    a_extra: int = param(0, msg("enemy bases touching the attacker beyond the first"), lo=0, hi=3, grid=(0,),
                         label=msg("extra enemies on the attacker"))
    b_extra: int = param(0, msg("enemy bases touching the defender beyond the first"), lo=0, hi=3, grid=(0,),
                         label=msg("extra enemies on the defender"))
    a_giant: bool = param(False, msg("the attacker is a Giant (+1 Melee against a normal base)"), grid=(False,),
                          label=msg("attacker is a Giant"))
    b_giant: bool = param(False, msg("the defender is a Giant (+1 Melee against a normal base)"), grid=(False,),
                          label=msg("defender is a Giant"))
    separate_dice: bool = param(False, msg("each side rolls separate attack and defence dice (the index reads: one "
                                "die per side, used for both)"), reading="BAT-MELEE-DAMAGE",
                                label=msg("separate attack and defence dice"))
    more_than_double: bool = param(False, msg("the morale test needs more than twice the total (the index reads: "
                                   "at least twice)"), reading="BAT-MELEE-DAMAGE",
                                   label=msg("'double' means more than 2×"))


MELEE_LABELS = {"exchange": msg("result of the exchange"), "defender_hit": msg("the defender loses a figure"),
                "defender_morale": msg("the defender tests morale"), "attacker_hit": msg("the attacker loses a figure"),
                "attacker_morale": msg("the attacker tests morale"), "defender": msg("what the defender suffers"),
                "attacker": msg("what the attacker suffers"), "attacker rolls": msg("attacker rolls"),
                "defender rolls": msg("defender rolls")}
MELEE_EVENTS: dict[str, Callable[[Clash], bool]] = {"defender_hit": lambda c: c.defender is not Strike.NONE,
                "defender_morale": lambda c: c.defender is Strike.DOUBLE,
                "attacker_hit": lambda c: c.attacker is not Strike.NONE,
                "attacker_morale": lambda c: c.attacker is Strike.DOUBLE}


def melee_values(p: MeleeInput) -> tuple[int, int, int, int]:
    """The four values after the modifier table: attacker Melee, Defence; defender Melee, Defence."""
    m = melee_mods(p.figures, p.facing, p.height, p.a_extra, p.b_extra, p.a_giant, p.b_giant)
    return p.a_melee + m.a_melee, p.a_defence + m.a_defence, p.b_melee + m.b_melee, p.b_defence + m.b_defence


def melee_procedure(p: MeleeInput) -> Proc[Clash]:
    am, ad, bm, bd = melee_values(p)
    return melee(am, ad, bm, bd, shared_dice=not p.separate_dice, double=_double(p.more_than_double))


def melee_report(p: MeleeInput, joint: Dist[Clash]) -> Outcome:
    am, ad, bm, bd = melee_values(p)
    return Outcome.of(joint, "defender", dists=("defender", "exchange", "attacker"), events=MELEE_EVENTS,
                      labels=MELEE_LABELS,
                      info={"attacker rolls": msg("d6 + {strike} to strike, d6 + {guard} to guard", strike=am,
                                                  guard=ad),
                            "defender rolls": msg("d6 + {strike} to strike, d6 + {guard} to guard", strike=bm,
                                                  guard=bd)})


def melee_sample(p: MeleeInput, c: Clash) -> Sample:
    return {**c._asdict(), **{name: pred(c) for name, pred in MELEE_EVENTS.items()}}


# --- ranged --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class ShootInput:
    ranged: int = param(3, msg("the shooter's Ranged, from its profile (a base with Ranged 0 may not shoot: "
                        "BAT-SHOOT-RESTRICT)"), lo=1, hi=STAT_HI, grid=(1, 2, 3, 4, 5), label=msg("shooter's Ranged"))
    defence: int = param(3, msg("the target's Defence, from its profile"), lo=0, hi=STAT_HI, grid=(0, 1, 2, 3, 4, 5),
                         label=msg("target's Defence"))
    target_more: bool = param(False, msg("the target has more figures on its base than the shooter"), grid=(False,),
                              label=msg("target has more figures"))
    facing: Facing = param(Facing.FRONT, msg("which side of the target the shot strikes"), grid=(Facing.FRONT,),
                           label=msg("shot into the"))
    height: Height = param(Height.LEVEL, msg("the shooter's ground compared with the target's"), grid=(Height.LEVEL,),
                           label=msg("shooter's ground"))
    target_giant: bool = param(False, msg("the target is a Giant (−1 Defence when shot at)"), grid=(False,),
                               label=msg("target is a Giant"))
    range_steps: int = param(8, msg("the shooter's Range in steps"), lo=0, hi=40, grid=(8,),
                             label=msg("shooter's Range"))
    distance: int = param(6, msg("steps from the shooter to the target"), lo=0, hi=40, grid=(6,), label=msg("distance"))
    sign: Sign = param(Sign.GREATER, msg("the comparison the source left out (the index reads: greater, as in melee)"),
                       reading="BAT-SHOOT-DAMAGE", label=msg("a hit needs a total"))
    more_than_double: bool = param(False, msg("the morale test needs more than twice the total (the index reads: "
                                   "at least twice)"), reading="BAT-SHOOT-DAMAGE", label=msg("'double' means more "
                                                                                             "than 2×"))


SHOT_LABELS = {"target": msg("what the target suffers"), "hit": msg("the target loses a figure"),
               "morale": msg("the target tests morale"), "in_range": msg("the target is in range"),
               "shooter rolls": msg("shooter rolls"), "target rolls": msg("target rolls"), "Range": msg("Range")}
SHOT_EVENTS: dict[str, Callable[[Shot], bool]] = {
    "hit": lambda s: s.target is not Strike.NONE, "morale": lambda s: s.target is Strike.DOUBLE,
    "in_range": lambda s: s.in_range}


def shot_values(p: ShootInput) -> tuple[int, int, int]:
    """Ranged and Defence after the modifier table, and the height die's sign for the Range."""
    _shooter_can_shoot(p.ranged)
    m = shot_mods(p.target_more, p.facing, p.height, p.target_giant)
    return p.ranged + m.ranged, p.defence + m.defence, m.range_die


def shot_outcome(p: ShootInput) -> Outcome:
    r, d, die = shot_values(p)
    try:
        joint = shot_exact(r, d, rng=p.range_steps, distance=p.distance, range_die=die, sign=p.sign,
                           double=_double(p.more_than_double))
    except RuleError as e:
        raise e.about("distance", "range_steps") from None
    events = SHOT_EVENTS if die else {k: v for k, v in SHOT_EVENTS.items() if k != "in_range"}
    return Outcome.of(joint, "target", dists=("target",), events=events, labels=SHOT_LABELS,
                      info={"shooter rolls": f"d6 + {r}", "target rolls": f"d6 + {d}",
                            **({"Range": _range(p.range_steps, die)} if die else {})})


def _range(steps: int, die: int) -> Fact:
    """The Range a height difference makes: a number of steps, plus (shooting down) or minus (up) a d6."""
    shown = (msg("{steps} + d6 steps", steps=steps) if die > 0 else msg("{steps} − d6 steps", steps=steps))
    return Fact({"steps": steps, "die": die}, shown)


def shot_procedure(p: ShootInput) -> Proc[Shot]:
    r, d, die = shot_values(p)
    return shot(r, d, rng=p.range_steps, distance=p.distance, range_die=die, sign=p.sign,
                double=_double(p.more_than_double))


def shot_play(p: ShootInput, dice: DiceSource) -> Sample:
    s: Shot = play(shot_procedure(p), dice)
    return {"target": s.target, **{name: pred(s) for name, pred in SHOT_EVENTS.items()}}


# --- area and stream fire ----------------------------------------------------------------------------

@dataclass(frozen=True)
class TemplateInput:
    bases: int = param(3, msg("bases under the template, friend or foe (the geometry is yours)"), lo=1, hi=MAX_BASES,
                       grid=(1, 2, 3, 4, 5), label=msg("bases under the template"))
    ranged: int = param(3, msg("the shooter's Ranged, from its profile (a base with Ranged 0 may not shoot: "
                        "BAT-SHOOT-RESTRICT)"), lo=1, hi=STAT_HI, grid=(1, 2, 3, 4), label=msg("shooter's Ranged"))
    defence: int = param(3, msg("the Defence of the bases under the template"), lo=0, hi=STAT_HI, grid=(1, 2, 3, 4),
                         label=msg("their Defence"))
    one_shooter_die: bool = param(False, msg("one attack die serves every base (the book reads: a fresh die per base, "
                                  "each an ordinary shot)"), reading="BAT-SKILL-AREA",
                                  label=msg("one shooter's die for all"))
    sign: Sign = param(Sign.GREATER, msg("the comparison of a ranged attack (the index reads: greater)"),
                       reading="BAT-SHOOT-DAMAGE", grid=(Sign.GREATER,), label=msg("a hit needs a total"))
    more_than_double: bool = param(False, msg("the morale test needs more than twice the total (the index reads: "
                                   "at least twice)"), reading="BAT-SHOOT-DAMAGE", grid=(False,),
                                   label=msg("'double' means more than 2×"))


VOLLEY_LABELS = {"hit": msg("bases that lose a figure"), "morale": msg("bases that must test morale"),
                 "any": msg("at least one base loses a figure"), "any_morale": msg("at least one base tests morale")}
VOLLEY_EVENTS: dict[str, Callable[[Volley], bool]] = {"any": lambda v: v.hit > 0, "any_morale": lambda v: v.morale > 0}


def volley_procedure(p: TemplateInput) -> Proc[Volley]:
    _shooter_can_shoot(p.ranged)
    return volley(p.bases, p.ranged, p.defence, one_shooter_die=p.one_shooter_die, sign=p.sign,
                  double=_double(p.more_than_double))


def volley_report(p: TemplateInput, joint: Dist[Volley]) -> Outcome:
    return Outcome.of(joint, "hit", dists=("hit", "morale"), events=VOLLEY_EVENTS, labels=VOLLEY_LABELS)


def volley_sample(p: TemplateInput, v: Volley) -> Sample:
    return {**v._asdict(), **{name: pred(v) for name, pred in VOLLEY_EVENTS.items()}}


# --- morale --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class MoraleInput:
    quality: int = param(3, msg("the base's Quality now (a spell may have lowered it to 0 or below)"), lo=QUALITY_LO,
                         hi=QUALITY_HI, grid=(0, 1, 2, 3, 4, 5), label=msg("Quality"))
    coward: Coward = param(Coward.NONE, msg("whether the base is a Coward, and which of the source's two rows applies "
                           "(the index combines them)"), reading="BAT-SKILL-COWARD", label=msg("Coward rule"))
    standard_bearer: bool = param(False, msg("a Standard Bearer within 6 steps: one failed die is rolled again"),
                                  label=msg("Standard Bearer within 6 steps"))


MORALE_LABELS = {"failures": msg("failures"), "band": msg("result"), "shaken": msg("falls back or flees"),
                 "flees": msg("flees the field")}
MORALE_EVENTS: dict[str, Callable[[Morale], bool]] = {
    "shaken": lambda m: m.band is not Band.HOLDS, "flees": lambda m: m.band is Band.FLEES}


def morale_procedure(p: MoraleInput) -> Proc[Morale]:
    return morale_test(p.quality, coward=p.coward, reroll=p.standard_bearer)


def morale_report(p: MoraleInput, law: Dist[Morale]) -> Outcome:
    return Outcome.of(law, "failures", dists=("failures", "band"), events=MORALE_EVENTS, labels=MORALE_LABELS)


def morale_sample(p: MoraleInput, m: Morale) -> Sample:
    return {**m._asdict(), **{name: pred(m) for name, pred in MORALE_EVENTS.items()}}


def register(reg: Registry) -> None:
    """Add this area's mechanics to ``reg``: damage, modifiers, template fire, morale and its skills."""
    melee: Mechanic[Any] = reg.add(Mechanic(
        rule_id="BAT-MELEE-DAMAGE", key="bat-melee-damage", title=msg("Melee: one exchange of blows"),
        summary=msg("Both sides roll d6 + Melee against the other's d6 + Defence; a higher total removes a figure, "
                "double also forces a morale test."),
        record_type=MeleeInput, **derived(melee_procedure, melee_report, melee_sample),
        rules=("BAT-MELEE-DAMAGE", "BAT-MELEE-MODS", "BAT-SKILL-GIANT"), show=("exchange",)))
    reg.add(melee.variant(
        "BAT-MELEE-MODS", msg("Melee: how the situation changes the exchange"),
        msg("Two bases with every value 3, in different situations from the modifier table."),
        fixed={}, widget_grid={"a_melee": (3,), "a_defence": (3,), "b_melee": (3,), "b_defence": (3,),
                               "figures": tuple(Figures), "facing": tuple(Facing), "height": tuple(Height),
                               "a_extra": (0, 1), "b_extra": (0,), "a_giant": (False,), "b_giant": (False,),
                               "separate_dice": (False, True), "more_than_double": (False,)}))
    shot: Mechanic[Any] = reg.add(Mechanic(
        rule_id="BAT-SHOOT-DAMAGE", key="bat-shoot-damage", title=msg("Shooting: one ranged attack"),
        summary=msg("The shooter's d6 + Ranged against the target's d6 + Defence; only the target can lose a figure."),
        record_type=ShootInput, exact=shot_outcome, play=shot_play, procedure=shot_procedure,
        rules=("BAT-SHOOT-DAMAGE", "BAT-SHOOT-MODS", "BAT-SHOOT-RESTRICT", "BAT-SKILL-GIANT")))
    reg.add(shot.variant(
        "BAT-SHOOT-MODS", msg("Shooting: how the situation changes a shot"),
        msg("A Ranged 3 shooter with Range 8 against a Defence 3 target, in different situations from the table; "
        "higher or lower ground adds or takes a d6 of steps to or from the Range."),
        fixed={}, widget_grid={"ranged": (3,), "defence": (3,), "target_more": (False, True),
                               "facing": tuple(Facing), "height": tuple(Height), "target_giant": (False,),
                               "range_steps": (8,), "distance": (4, 6, 8, 10, 12), "sign": (Sign.GREATER,),
                               "more_than_double": (False,)}))
    area: Mechanic[Any] = reg.add(Mechanic(
        rule_id="BAT-SKILL-AREA", key="bat-skill-area", title=msg("Area fire: a round template"),
        summary=msg("Every base under the template suffers an ordinary ranged attack."),
        record_type=TemplateInput, **derived(volley_procedure, volley_report, volley_sample),
        rules=("BAT-SKILL-AREA", "BAT-SHOOT-DAMAGE")))
    reg.add(area.variant(
        "BAT-SKILL-STREAM", msg("Stream fire: a teardrop template"),
        msg("Every base under the teardrop suffers an ordinary ranged attack, as under area fire."), fixed={}))
    morale: Mechanic[Any] = reg.add(Mechanic(
        rule_id="BAT-MORALE-TEST", key="bat-morale-test", title=msg("Morale test"),
        summary=msg("Three d6; each above the Quality is a failure: 1 falls back a step, 2 fall back a move, 3 flee."),
        record_type=MoraleInput, **derived(morale_procedure, morale_report, morale_sample),
        rules=("BAT-MORALE-TEST", "BAT-SKILL-COWARD", "BAT-SKILL-STANDARD")))
    reg.add(morale.variant(
        "BAT-SKILL-COWARD", msg("Morale test of a Coward"),
        msg("A Coward's morale test under each reading of its two contradictory rows."),
        fixed={}, defaults={"coward": Coward.COMBINED.value},
        widget_grid={"coward": (Coward.COMBINED, Coward.AUTO_FAILURE, Coward.FEWER_DICE)}))
    reg.add(morale.variant(
        "BAT-SKILL-STANDARD", msg("Morale test beside a Standard Bearer"),
        msg("With a Standard Bearer within 6 steps, one failed morale die is rolled again."),
        fixed={"standard_bearer": True}))
