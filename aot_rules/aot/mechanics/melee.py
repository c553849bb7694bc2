"""Registered melee mechanics: the whole exchange (`odds melee`) and one widget per rule."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from aot_rules.aot.equipment import FOOT_WEAPONS, MeleeWeapon, Missile
from aot_rules.aot.events import DPSpent, Losses
from aot_rules.aot.mechanics.common import FormedUnitInput, formed_unit, reported
from aot_rules.aot.rules.chariots import check_wagon_fight
from aot_rules.aot.rules.demoralization import (
    forced_retreat_cost,
    spend_disorder,
)
from aot_rules.aot.rules.disorder import unit_test
from aot_rules.aot.rules.melee import (
    Melee,
    MeleeResult,
    MeleeRules,
    Side,
    TwoVsOne,
    armour_has_work,
    hitting_faces,
    melee,
    shield_at_or_below,
    stakes,
    strike_groups,
    two_vs_one,
    winner_dp,
)
from aot_rules.aot.rules.movement import retreat_move
from aot_rules.aot.rules.protection import faces_that_save
from aot_rules.aot.rules.wounds import Fate
from aot_rules.aot.units import Body, Unit, density_after
from aot_rules.aot.vocabulary import DPEffect
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError, blame
from aot_rules.core.i18n import Message, msg, text
from aot_rules.core.outcome import Fact, Outcome
from aot_rules.core.params import Mix, Ranks, group, param
from aot_rules.core.procedure import Proc, done
from aot_rules.core.registry import Mechanic, Registry, derived

#: Which side inputs a refusal of the unit model is about, by the rule it cites.
BLAME = {"AOT-MELEE-HIT-LANCE": ("weapon", "mix", "mounted"), "AOT-MELEE-CAV-OTHER": ("weapon", "mix", "mounted"),
         "AOT-SHOOT-HORSE-ARMOUR": ("horse_armour", "mounted"), "AOT-PROP-RECRUIT": ("recruit", "stubborn", "veteran"),
         "AOT-MELEE-HORSE-STRIKE": ("horse_strike", "mounted"), "AOT-MELEE-STRIKES": ("mix", "ranks"),
         "AOT-ARMY-MIXED-WEAPONS": ("mix",),
         **{b.rule_id: ("body", "ranks") for b in Body if b is not Body.WARRIORS},
         "AOT-CAMEL": ("body", "horse_strike"), "AOT-CART-SUMERIAN": ("body", "horse_strike")}


@dataclass(frozen=True)
class SideInput:
    """One side of a melee, as its inputs (``a_…`` or ``b_…``)."""

    body: Body = param(Body.WARRIORS, msg("what {who} is: warriors, or camels, an elephant (ranks = warriors aboard, "
                       "1–4), a chariot, scythed chariot or battle cart (ranks = horses), a war wagon (ranks = its "
                       "crew) or an artillery piece (ranks = its crew, 2,2)"), grid=(Body.WARRIORS,),
                       label=msg("{who} is"))
    ranks: Ranks = param((4, 4), msg("{who}'s formed warriors per rank, front first"), label=msg("{who} ranks"))
    weapon: MeleeWeapon = param(MeleeWeapon.SWORD, msg("{who}'s weapon"), label=msg("{who} weapon"))
    mix: Mix | None = param(None,
                            msg("{who}'s front rank of a mixed-weapon unit, e.g. sword:3,shooter:1 (overrides its "
                            "weapon)"), grid=(None,), label=msg("{who} weapon mix"))
    mounted: bool = param(False, msg("{who} is mounted"), label=msg("{who} mounted"))
    shield: bool = param(False, msg("{who} has shields (shield wall for foot)"), label=msg("{who} shields"))
    armour: bool = param(False, msg("{who} wears armour (cancels hits rolled as 6)"), label=msg("{who} armour"))
    horse_armour: bool = param(False, msg("{who}'s horses are armoured (cancels hits rolled as 1)"),
                               label=msg("{who} horse armour"))
    veteran: bool = param(False, msg("{who} are veterans (hit on ≤ / ≥)"), label=msg("{who} veteran"))
    horse_strike: bool = param(False, msg("{who} (mounted) strike with their horses against infantry: they moved "
                               "straight into contact or were charged frontally by foot"), label=msg("{who} horse "
                                                                                                     "strike"))
    terrifying: bool = param(False, msg("{who} are terrifying: each kill disorders one more"), grid=(False,),
                             label=msg("{who} terrifying"))
    stubborn: bool = param(False, msg("{who} are stubborn (2 DP per warrior disordered)"), grid=(False,),
                           label=msg("{who} stubborn"))
    recruit: bool = param(False, msg("{who} are recruits (1 DP disorders 2)"), grid=(False,),
                          label=msg("{who} recruits"))
    javelins: bool = param(False, msg("{who}'s shooters throw javelins (matters only under the reading that javelins "
                           "pierce in melee)"), grid=(False,), label=msg("{who} javelins"))

    def side(self, name: str, flanked: bool = False) -> Side:
        """The side this describes; a refusal names the inputs (``a_ranks`` …) it is about."""
        x = name.lower()
        try:
            body, wagon = self.body, self.body is Body.WAR_WAGON
            unit = Unit(name=name, ranks=self.ranks, mounted=self.mounted or body.chariot or body is Body.CAMELS,
                        shield=self.shield or wagon, armour=self.armour or wagon, horse_armour=self.horse_armour,
                        weapon=MeleeWeapon.SWORD if wagon else self.weapon, mix=self._front(), veteran=self.veteran,
                        stubborn=self.stubborn or wagon, recruit=self.recruit,
                        terrifying=self.terrifying or body in (Body.ELEPHANT, Body.SCYTHED),
                        missile=Missile.JAVELIN if self.javelins else None, body=body)
            if unit.formed == 0:
                raise RuleError("AOT-ARMY-UNIT-SIZE", msg("a fighting unit needs formed warriors in its front rank"))
            if unit.ranks[0] == 0:
                raise RuleError("AOT-MELEE-STRIKES", msg("the front rank is empty: a fighting unit needs formed "
                                                         "warriors in its front rank"))
            s = Side(unit, horse_strike=self.horse_strike, flanked=flanked)
            s.check()
            return s
        except RuleError as e:
            about = [f for f in BLAME.get(e.rule_id, ("ranks",)) if self._said(f)]
            raise e.about(*(f"{x}_{f}" for f in about or ("mix",))) from None

    def _said(self, name: str) -> bool:
        """Whether a refusal should name this input: flags that are on, a mix if given, else the weapon."""
        value = getattr(self, name)
        if name in ("ranks", "mounted", "body"):
            return True
        if name == "weapon":
            return not self.mix
        return bool(value)

    def _front(self) -> tuple[tuple[MeleeWeapon, int], ...]:
        known = {w.value: w for w in MeleeWeapon}
        for w, _ in self.mix or ():
            if w not in known:
                raise RuleError("AOT-ARMY-MIXED-WEAPONS", msg("unknown weapon {weapon}; use one of {choices}",
                                                              weapon=repr(w), choices=", ".join(known)))
        return tuple((known[w], n) for w, n in self.mix or ())


@dataclass(frozen=True)
class MeleeInput:
    a: SideInput = group("a", "A", SideInput(weapon=MeleeWeapon.SPEAR))
    b: SideInput = group("b", "B", SideInput(weapon=MeleeWeapon.SWORD))
    a_flanked: bool = param(False, msg("B attacks A in the flank or rear"), grid=(False,),
                            label=msg("B hits A's flank"))
    b_flanked: bool = param(False,
                            msg("A attacks B in the flank or rear (B strikes nothing, no shield wall, the result "
                            "uses B's depth)"), grid=(False,), label=msg("A hits B's flank"))
    b_stakes: bool = param(False, msg("B stands behind stakes: A tests before the melee (cavalry losses are killed)"),
                           grid=(False,), label=msg("B behind stakes"))
    armour_first: bool = param(True, msg("index reading: armour cancels sixes, then the shield die cancels up to its "
                               "roll of the rest; off: the shield die is spent first on any hits, sixes included"),
                               reading="AOT-MELEE-SHIELDWALL", grid=(True,), label=msg("armour before shield wall"))
    equal_saves: bool = param(False, msg("alternative reading: a shield roll equal to density saves"),
                              reading="AOT-MELEE-SHIELDWALL", grid=(False,), label=msg("equal roll saves (alt. "
                                                                                       "reading)"))
    pike_extra_per_rank: bool = param(False, msg("alternative reading: +1 pike die per second-rank warrior"),
                                      reading="AOT-MELEE-PIKE", grid=(False,),
                                      label=msg("pike extra per rank (alt. reading)"))
    halberd_axe_as_specialist: bool = param(True, msg("index reading: a halberd used as an axe hits on > own density"),
                                            reading="AOT-MELEE-HALBERD", grid=(True,),
                                            label=msg("halberd axe hits on > own density"))
    flank_hits_use_depth: bool = param(False, msg("alternative reading: hit numbers against a flanked unit use its "
                                       "depth"), reading="AOT-MELEE-FLANK", grid=(False,),
                                       label=msg("flank hits use depth (alt. reading)"))
    javelins_pierce_in_melee: bool = param(False, msg("alternative reading: javelins stay armour-piercing in melee"),
                                           reading="AOT-SHOOT-JAVELIN", grid=(False,),
                                           label=msg("javelins pierce in melee (alt.)"))

    def fight(self) -> tuple[Side, Side, MeleeRules]:
        if self.a_flanked and self.b_flanked:
            raise RuleError("AOT-MELEE-FLANK", msg("only one side can be the one taken in the flank"),
                            params=("a_flanked", "b_flanked"))
        a, b = self.a.side("A", self.a_flanked), self.b.side("B", self.b_flanked)
        with blame("a_body", "b_body"):
            check_wagon_fight(a.unit, b.unit)
            if self.b_stakes and a.unit.body not in (Body.WARRIORS, Body.CAMELS):
                raise RuleError("AOT-STAKES", msg("the stakes rule is written for cavalry and foot, not {body}",
                                                  body=a.unit.body.noun))
        return (a, b,
                MeleeRules(armour_first=self.armour_first, equal_saves=self.equal_saves,
                           pike_extra_per_rank=self.pike_extra_per_rank,
                           halberd_axe_as_specialist=self.halberd_axe_as_specialist,
                           flank_hits_use_depth=self.flank_hits_use_depth,
                           javelins_pierce_in_melee=self.javelins_pierce_in_melee))


class MeleeOutcome(NamedTuple):
    a_killed: int
    a_disordered: int
    b_killed: int
    b_disordered: int
    result: MeleeResult
    a_density_after: int
    b_density_after: int
    dp_a: int
    dp_b: int
    a_fate: Fate = Fate.NONE
    b_fate: Fate = Fate.NONE


def _outcome(a: Side, b: Side, pre: tuple[int, int], a_lost: tuple[int, int], b_lost: tuple[int, int],
             res: MeleeResult, fates: tuple[Fate, Fate] = (Fate.NONE, Fate.NONE)) -> MeleeOutcome:
    """Everything that follows from one melee's losses (``pre``: A's losses at the stakes)."""
    return MeleeOutcome(a_lost[0] + pre[0], a_lost[1] + pre[1], *b_lost, res,
                        density_after(a.unit.ranks, sum(a_lost)), density_after(b.unit.ranks, sum(b_lost)),
                        *winner_dp(res, a, b), *fates)


def _stopped(a: Side, b: Side, pre: tuple[int, int]) -> MeleeOutcome | None:
    """The stakes stopped A's whole front rank: no melee (A broken if nobody is left formed)."""
    if a.unit.formed and a.unit.ranks[0]:
        return None
    res = MeleeResult.B_WINS if a.unit.formed == 0 else MeleeResult.CONTINUE
    return _outcome(a, b, pre, (0, 0), (0, 0), res)


def fought(a: Side, b: Side, rules: MeleeRules, pre: tuple[int, int] = (0, 0)) -> Proc[MeleeOutcome]:
    """One melee's dice read as everything that follows from its losses (``pre``: A's losses at the stakes)."""
    stopped = _stopped(a, b, pre)
    if stopped:
        return done(stopped)
    after: dict[tuple[int, int, MeleeResult], tuple[int, int, int, int]] = {}  # far fewer than the outcomes

    def told(m: Melee) -> MeleeOutcome:
        ak, ad, bk, bd, res, af, bf = m
        key = (ak + ad, bk + bd, res)
        rest = after.get(key)
        if rest is None:
            rest = after[key] = (density_after(a.unit.ranks, key[0]), density_after(b.unit.ranks, key[1]),
                                 *winner_dp(res, a, b))
        return MeleeOutcome(ak + pre[0], ad + pre[1], bk, bd, res, *rest, af, bf)

    return melee(a, b, rules).map(told)


def melee_procedure(p: MeleeInput) -> Proc[MeleeOutcome]:
    """The whole exchange as dice: A's test at B's stakes, if any, then the melee."""
    a, b, rules = p.fight()
    if not p.b_stakes:
        return fought(a, b, rules)
    return stakes(a).then(lambda x: fought(x[0], b, rules, x[1]))


MELEE_EVENTS = {"a_wins": lambda m: m.result is MeleeResult.A_WINS,
                "continue": lambda m: m.result is MeleeResult.CONTINUE,
                "b_wins": lambda m: m.result is MeleeResult.B_WINS}
MELEE_LABELS = {"result": msg("result"), "a_killed": msg("A killed"), "a_disordered": msg("A disordered"),
                "b_killed": msg("B killed"),
                "b_disordered": msg("B disordered"), "a_density_after": msg("A density after"),
                "b_density_after": msg("B density after"), "dp_a": msg("DP gained by A's side"), "dp_b": msg("DP "
                                                                                                             "gained "
                                                                                                             "by B's "
                                                                                                             "side"),
                "a_wins": msg("A wins"), "b_wins": msg("B wins"), "continue": msg("the fight continues"),
                "a_fate": msg("what becomes of A (elephant or chariot)"),
                "b_fate": msg("what becomes of B (elephant or chariot)"),
                "a_hits_on": msg("a hits on"), "b_hits_on": msg("b hits on"), "a_saves": msg("a saves"),
                "b_saves": msg("b saves"), "a_is": msg("a is"), "b_is": msg("b is")}


def melee_report(p: MeleeInput, law: Dist[MeleeOutcome]) -> Outcome:
    a, b, rules = p.fight()
    fates = tuple(f"{x}_fate" for x, s in (("a", a), ("b", b)) if s.unit.body.wounded)
    return Outcome.of(law, "result",
                      dists=("result", "b_killed", "a_killed", "b_disordered", "a_disordered", "a_density_after",
                             "b_density_after", "dp_a", "dp_b", *fates), events=MELEE_EVENTS, labels=MELEE_LABELS,
                      info={**_dice_notes(a, b, rules), **_body_notes(a, b)})


def _dice_notes(a: Side, b: Side, rules: MeleeRules) -> dict[str, Fact]:
    """Each side's "hits on" and "saves on", as the shooting answer gives them: the line that explains why a
    change can make no difference (armour against spears, which never hit on a 6)."""
    notes = {}
    for x, att, dfn in (("a", a, b), ("b", b, a)):
        groups = [(g, hitting_faces(g, att, dfn, rules)) for g in strike_groups(att, dfn, rules)]
        notes[f"{x}_hits_on"] = Fact(
            tuple({"count": g.count, "weapon": g.weapon, "faces": f} for g, f in groups),
            *(msg("{count} {weapon}: {faces}", count=g.count, weapon=g.weapon,
                  faces=", ".join(map(str, f)) or msg("nothing")) for g, f in groups), sep="; ") if groups else \
            Fact((), msg("strikes nothing"))
    for x, att, dfn in (("a", b, a), ("b", a, b)):
        saves: list[Message] = []
        value: dict[str, Any] = {}
        if dfn.can_shield_wall():
            shield = faces_that_save(dfn.unit.density, at_or_below=shield_at_or_below(dfn, rules))
            value["shield_wall"] = shield
            saves.append(msg("shield die {faces}", faces=", ".join(map(str, shield)) or msg("none")))
        elif dfn.unit.shield:
            value["shield_wall"] = False
            saves.append(msg("no shield wall (mounted, two-handed or flanked)"))
        if dfn.unit.armour:
            value["armour"] = armour_has_work(att, dfn, rules)
            saves.append(msg("armour turns a 6") if value["armour"] else msg("armour idle (no hit on a 6)"))
        if dfn.unit.horse_armour:
            value["horse_armour"] = True
            saves.append(msg("horse armour turns a 1"))
        notes[f"{x}_saves"] = Fact(value, *saves) if saves else Fact(value, msg("none"))
    return notes


def _body_notes(a: Side, b: Side) -> dict[str, Fact]:
    """What the answer means for an elephant, a chariot, a wagon or a gun in the fight."""
    notes = {}
    for x, s in (("a", a), ("b", b)):
        body = s.unit.body
        if body.wounded:
            notes[f"{x}_is"] = Fact(body, msg("{body}: hits go to its hit test; '{side} killed' counts everyone "
                                              "aboard when it is lost", body=body.noun, side=x.upper()))
        elif body is Body.WAR_WAGON:
            notes[f"{x}_is"] = Fact(body, msg("war wagon: its crew fights as stubborn specialists behind shield and "
                                              "armour; if it loses, it is destroyed instead of retreating"))
        elif body is Body.ARTILLERY:
            notes[f"{x}_is"] = Fact(body, msg("artillery: its crew of civilians strikes nothing"))
    return notes


FOOT_RANKS = ((2, 2), (3, 3), (4, 4), (5, 5))
CAV_RANKS = ((2,), (3,), (4,))
FOOT = tuple(w.value for w in FOOT_WEAPONS)
#: The foot weapons of the whole-melee widget's table (the commonest; every weapon has its own widget).
FIRST_MET = ("spear", "sword", "pike")
#: One widget per rule: the same exchange with A's weapon (or a protection) fixed, showing what it changes.
SMALL = {"a_ranks": FOOT_RANKS, "b_ranks": FOOT_RANKS, "a_mounted": (False,), "b_mounted": (False,),
         "a_horse_armour": (False,), "b_horse_armour": (False,), "a_horse_strike": (False,), "b_horse_strike": (False,),
         "a_armour": (False,), "a_shield": (False,), "b_veteran": (False,), "b_weapon": ("sword",),
         "b_shield": (False, True), "b_armour": (False, True), "a_veteran": (False, True)}
CAV = {"a_mounted": (True,), "a_ranks": CAV_RANKS, "a_horse_armour": (False,), "a_horse_strike": (False, True),
       "b_weapon": ("spear", "sword"), "a_veteran": (False,)}

#: The per-rule widgets are about ordinary warriors; the exotic troops have their own chapters and the
#: main calculator.  A war wagon never attacks, so side A may be anything else.
WARRIORS_ONLY = {"a_body": Body.WARRIORS.value, "b_body": Body.WARRIORS.value}
ATTACKERS = tuple(b.value for b in Body if b is not Body.WAR_WAGON)

#: Variants that fix a side as mounted: that side's weapon can only be a cavalry one.
CAVALRY_WEAPONS = ("shooter", "sword", "lance")
RIDERS = {"AOT-MELEE-CAV-OTHER": {"a_weapon": CAVALRY_WEAPONS}, "AOT-MELEE-HORSE-STRIKE": {"a_weapon": CAVALRY_WEAPONS},
          "AOT-MELEE-HORSE-ARMOUR": {"b_weapon": CAVALRY_WEAPONS}}
#: (rule ID, title, summary, fixed, main, widget grid, shown, defaults)
Variant = tuple[str, Message, Message, dict[str, Any], str, dict[str, Any], tuple[str, ...], dict[str, Any]]
VARIANTS: tuple[Variant, ...] = (
    ("AOT-MELEE-STRIKES", msg("Strikes: one die per front-rank warrior"),
     msg("Only formed front-rank warriors strike; both sides roll and remove losses together."), {}, "b_killed",
     {"a_weapon": FOOT, "b_shield": (False,), "b_armour": (False,), "a_veteran": (False,)}, (), {}),
    ("AOT-MELEE-HIT-SHOOTER", msg("Shooters in melee"), msg("Hit below the enemy's density."), {"a_weapon": "shooter"},
     "b_killed", {"a_javelins": (False,)}, (), {}),
    ("AOT-MELEE-HIT-SPEAR", msg("Spears: dense ranks hit hard"), msg("Hit below your own density."),
     {"a_weapon": "spear"},
     "b_killed", {}, (), {}),
    ("AOT-MELEE-PIKE", msg("Pikes"), msg("Spear hits, +1 die for a full second rank, no shield wall."),
     {"a_weapon": "pike"},
     "b_killed", {"a_ranks": ((3, 3), (4, 4), (5, 5), (4, 3), (5, 4)), "pike_extra_per_rank": (False, True)}, (), {}),
    ("AOT-MELEE-HALBERD", msg("Halberds: spear or axe"),
     msg("Declare the mode: spear hits, or axe hits that pierce."), {},
     "b_killed", {"a_weapon": ("halberd-spear", "halberd-axe"), "halberd_axe_as_specialist": (True, False)}, (),
     {"a_weapon": "halberd-axe"}),
    ("AOT-MELEE-HIT-SPECIALIST", msg("Close-combat specialists"),
     msg("Swords, axes, short spears: hit above your own density."),
     {"a_weapon": "sword"}, "b_killed", {}, (), {}),
    ("AOT-MELEE-TWO-HANDED", msg("Two-handed axes and swords"),
     msg("Specialist hits that pierce shield wall and armour; no "
         "shield wall of their own."), {"a_weapon": "two-handed"}, "b_killed", {}, (), {}),
    ("AOT-ARMOUR-PIERCING", msg("Armour-piercing weapons"),
     msg("A warrior saved by shield wall or armour is disordered instead."), {}, "b_disordered",
     {"a_weapon": ("halberd-axe", "two-handed", "sword"), "b_shield": (True,), "b_armour": (True,)},
     (), {"a_weapon": "two-handed", "b_shield": True, "b_armour": True}),
    ("AOT-MELEE-HIT-LANCE", msg("The cavalry lance"), msg("Hit above the enemy's density; armour-piercing."),
     {"a_weapon": "lance", "a_mounted": True}, "b_killed", CAV, (), {"a_ranks": (4,)}),
    ("AOT-MELEE-CAV-OTHER", msg("Other cavalry weapons"),
     msg("Mounted swords and bows hit as their foot counterparts."),
     {"a_mounted": True}, "b_killed", {**CAV, "a_weapon": ("sword", "shooter")}, (),
     {"a_ranks": (4,), "a_weapon": "sword"}),
    ("AOT-MELEE-HORSE-STRIKE", msg("The horse strike"),
     msg("Against foot, each rider's horse strikes too, hitting above the "
         "enemy's density; shields and armour do not help."), {"a_mounted": True}, "b_killed",
     {**CAV, "a_weapon": ("lance", "sword"), "a_horse_strike": (True, False)}, (),
     {"a_ranks": (4,), "a_weapon": "lance", "a_horse_strike": True}),
    ("AOT-MELEE-SHIELDWALL", msg("Shield wall in melee"),
     msg("One die per slot: below your density, that many hits are turned "
         "away."), {"b_shield": True}, "b_killed",
     {"b_weapon": ("sword", "spear", "pike"), "a_weapon": ("sword", "spear"), "b_armour": (False,),
      "equal_saves": (False, True), "a_veteran": (False,)},
     (), {"b_weapon": "spear", "a_weapon": "sword"}),
    ("AOT-MELEE-ARMOUR", msg("Armour in melee"), msg("Armour turns away hits rolled as 6."),
     {"b_armour": True}, "b_killed",
     {"a_weapon": ("sword", "spear", "two-handed"), "b_shield": (False, True), "armour_first": (True, False),
      "a_veteran": (False,)}, (), {"a_weapon": "sword"}),
    ("AOT-MELEE-HORSE-ARMOUR", msg("Horse armour in melee"), msg("Horse armour turns away hits rolled as 1."),
     {"b_mounted": True, "b_horse_armour": True}, "b_killed",
     {"b_ranks": CAV_RANKS, "b_weapon": ("sword", "lance"), "a_weapon": ("spear", "shooter", "sword"),
      "b_shield": (False,), "b_armour": (False, True), "a_veteran": (False,)}, (),
     {"b_ranks": (4,), "b_weapon": "lance", "a_weapon": "spear"}),
    ("AOT-MELEE-FLANK", msg("Attacking a flank"),
     msg("The flanked unit strikes nothing, has no shield wall, and counts only "
         "its depth."), {"b_flanked": True}, "result",
     {"a_weapon": ("sword", "spear", "shooter"), "flank_hits_use_depth": (False, True), "a_veteran": (False,)},
     ("result", "b_killed"), {"a_ranks": (3, 3), "b_ranks": (4, 4)}),
    ("AOT-TERRIFYING", msg("Terrifying troops"), msg("Each warrior they kill disorders one more."),
     {"a_terrifying": True},
     "b_disordered", {"a_weapon": ("sword", "spear")}, (), {}),
    ("AOT-PROP-VETERAN", msg("Veterans"), msg("Hit rolls succeed on equality; the shield wall saves on ≤."),
     {}, "b_killed",
     {"a_weapon": ("sword", "spear", "shooter"), "a_veteran": (False, True), "b_shield": (False,),
      "b_armour": (False,)}, (), {"a_veteran": True}),
    ("AOT-STAKES", msg("Stakes"), msg("Cavalry charging a unit behind stakes tests first; its losses are killed."),
     {"b_stakes": True}, "result",
     {"a_mounted": (True,), "a_ranks": CAV_RANKS, "a_weapon": ("lance", "sword"), "a_horse_strike": (False, True),
      "b_weapon": ("shooter", "spear"), "b_shield": (False,), "b_armour": (False,), "a_veteran": (False,)},
     ("result", "a_killed"), {"a_mounted": True, "a_ranks": (4,), "a_weapon": "lance", "b_weapon": "shooter"}),
)


# --- two against one (AOT-MELEE-ENGAGE) --------------------------------------------------

FOOT_CHOICES = tuple(FOOT_WEAPONS)


@dataclass(frozen=True)
class TwoVsOneInput:
    a1_ranks: Ranks = param((3, 3), msg("the first attacking unit's ranks"), label=msg("A1 ranks"),
                            grid=((2, 2), (3, 3), (4, 4)))
    a2_ranks: Ranks = param((3, 3), msg("the second attacking unit's ranks"), label=msg("A2 ranks"),
                            grid=((2, 2), (3, 3), (4, 4)))
    b_ranks: Ranks = param((4, 4), msg("the defender's ranks"), label=msg("B ranks"), grid=((3, 3), (4, 4), (5, 5)))
    a_weapon: MeleeWeapon = param(MeleeWeapon.SWORD, msg("both attackers' weapon"), choices=FOOT_CHOICES,
                                  label=msg("A weapon"), grid=(MeleeWeapon.SWORD, MeleeWeapon.SPEAR))
    b_weapon: MeleeWeapon = param(MeleeWeapon.SPEAR, msg("the defender's weapon"), choices=FOOT_CHOICES,
                                  label=msg("B weapon"),
                                  grid=(MeleeWeapon.SPEAR, MeleeWeapon.SWORD))
    b_shield: bool = param(True, msg("the defender has shields"), label=msg("B shields"))
    b_on_first: int | None = param(None, msg("B's front-rank dice aimed at A1 (default: half, rounded up)"), lo=0, hi=5,
                                   grid=(None,), label=msg("B's dice on A1"))

    def fight(self) -> tuple[Side, Side, Side, int]:
        sides = []
        for name, ranks, weapon, shield in (("A1", self.a1_ranks, self.a_weapon, False),
                                            ("A2", self.a2_ranks, self.a_weapon, False),
                                            ("B", self.b_ranks, self.b_weapon, self.b_shield)):
            with blame(f"{name.lower()}_ranks"):
                sides.append(Side(Unit(name, ranks=ranks, weapon=weapon, shield=shield)))
                sides[-1].check()
        a1, a2, b = sides
        with blame("b_on_first"):
            return a1, a2, b, self.b_on_first if self.b_on_first is not None else (b.unit.ranks[0] + 1) // 2


TVO_EVENTS = {"b_retreats": lambda t: MeleeResult.A_WINS in (t.result_1, t.result_2),
              "a1_retreats": lambda t: t.result_1 is MeleeResult.B_WINS,
              "a2_retreats": lambda t: t.result_2 is MeleeResult.B_WINS,
              "all_continue": lambda t: t.result_1 is t.result_2 is MeleeResult.CONTINUE}
TVO_LABELS = {"b_killed": msg("B killed"), "a1_killed": msg("A1 killed"), "a2_killed": msg("A2 killed"),
              "b_retreats": msg("B loses to at least one attacker"), "a1_retreats": msg("A1 loses to B"),
              "a2_retreats": msg("A2 loses to B"), "all_continue": msg("both fights continue"),
              "b_dice_on_a1": msg("b dice on a1")}


def tvo_procedure(p: TwoVsOneInput) -> Proc[TwoVsOne]:
    a1, a2, b, n = p.fight()
    with blame("b_on_first"):
        return two_vs_one(a1, a2, b, n)


def tvo_report(p: TwoVsOneInput, joint: Dist[TwoVsOne]) -> Outcome:
    return Outcome.of(joint, "b_killed", dists=("b_killed", "a1_killed", "a2_killed"), events=TVO_EVENTS,
                      labels=TVO_LABELS, info={"b_dice_on_a1": p.fight()[3]})


# --- the loser's retreat (AOT-MELEE-RETREAT) ------------------------------------------------


@dataclass(frozen=True)
class RetreatInput(FormedUnitInput):
    density: int = param(3, msg("the loser's density after the melee"), lo=1, hi=5, label=msg("density"))
    formed: int = param(6, msg("its formed warriors"), lo=1, hi=10, label=msg("formed"))


class Withdrawal(NamedTuple):
    move: int
    disordered: int


RETREAT_EVENTS = {"fails": lambda w: w.disordered > 0}


def retreat_procedure(p: RetreatInput) -> Proc[Withdrawal]:
    """AOT-MELEE-RETREAT: the disorder test for the turn, then a full move at the density left."""
    unit = p.unit()
    return unit_test(unit, msg("turn to retreat")).map(
        lambda t: Withdrawal(retreat_move(unit.take_losses(0, t.lost)), t.lost))


def retreat_report(p: RetreatInput, joint: Dist[Withdrawal]) -> Outcome:
    return Outcome.of(joint, "move", dists=("move", "disordered"), events=RETREAT_EVENTS,
                      labels={"move": msg("retreat move (″)"), "disordered": msg("disordered by the turn test"),
                              "fails": msg("the turn test fails")})


# --- spending DP (deterministic calculators) ------------------------------------------------


@dataclass(frozen=True)
class DPInput:
    dp: int = param(3, msg("demoralization points to spend"), lo=0, hi=10, label=msg("DP"))
    density: int = param(3, msg("the target's density"), lo=1, hi=5, label=msg("density"))
    formed: int = param(6, msg("the target's formed warriors"), lo=1, hi=10, label=msg("formed"))
    stubborn: bool = param(False, msg("the target is stubborn (2 DP per warrior)"), label=msg("stubborn"))
    recruit: bool = param(False, msg("the target is a recruit unit (1 DP disorders 2)"), label=msg("recruits"))

    def target(self) -> Unit:
        unit = formed_unit(self.density, self.formed, text(msg("target")))
        with blame("stubborn", "recruit"):
            return replace(unit, stubborn=self.stubborn, recruit=self.recruit)


DP_LABELS = {"disordered": msg("warriors the DP disorder"),
             "can_force_retreat": msg("the DP are enough to force a retreat "
             "instead")}


class Spending(NamedTuple):
    disordered: int
    can_force_retreat: bool


def dp_procedure(p: DPInput) -> Proc[Spending]:
    """No dice: the points spent as a player spends them, one warrior at a time (AOT-DEMO-DISORDER), and whether
    they would pay for a forced retreat instead (AOT-DEMO-RETREAT); both logged as the table logs them."""
    t = p.target()
    after, left = spend_disorder(p.dp, t)
    cost = forced_retreat_cost(t)
    return done(Spending(after.disordered - t.disordered, p.dp >= cost)).log(
        lambda s: DPSpent(t.name, p.dp - left, DPEffect.DISORDER, s.disordered)).log(
        lambda s: Losses(t, 0, s.disordered, after)).log(
        lambda s: DPSpent(t.name, cost, DPEffect.RETREAT) if s.can_force_retreat else None)


def dp_report(p: DPInput, law: Dist[Spending]) -> Outcome:
    return Outcome.of(law, "disordered", dists=("disordered",), labels=DP_LABELS,
                      events={"can_force_retreat": lambda s: s.can_force_retreat})


def register(reg: Registry) -> None:
    melee = reg.add(Mechanic(
        rule_id="AOT-MELEE-RESULT", key="melee", title=msg("Who wins? One melee, exactly"),
        summary=msg("Both sides strike at once with start-of-slot densities; the densities left after losses decide "
                    "the "
                "winner."),
        record_type=MeleeInput,
        **derived(melee_procedure, melee_report, lambda p, m: reported(m, MELEE_EVENTS)),
        rules=("AOT-MELEE-ENGAGE", "AOT-MELEE-STRIKES", "AOT-MELEE-RESULT", "AOT-CASUALTY-REMOVAL", "AOT-DEMO-EARN"),
        # The page's table holds the weapons a reader meets first; the others are answered by the engine in the
        # reader's browser (every weapon has its own widget on the page too).
        widget_grid={"a_ranks": FOOT_RANKS, "b_ranks": FOOT_RANKS, "a_weapon": FIRST_MET, "b_weapon": FIRST_MET,
                     "a_mounted": (False,), "b_mounted": (False,), "a_horse_armour": (False,),
                     "b_horse_armour": (False,), "a_veteran": (False,), "b_veteran": (False,),
                     "a_horse_strike": (False,), "b_horse_strike": (False,)},
        show=("result", "a_killed", "b_killed"), limits={"a_body": ATTACKERS}))
    for rid, title, summary, fixed, main, grid, show, defaults in VARIANTS:
        reg.add(melee.variant(rid, title, summary, fixed={**WARRIORS_ONLY, **fixed}, main=main,
                              widget_grid={**SMALL, **grid},
                              show=show or ("b_killed", "b_disordered", "result"), defaults=defaults,
                              limits=RIDERS.get(rid)))
    reg.add(Mechanic(
        rule_id="AOT-MELEE-ENGAGE", key="two-vs-one", title=msg("Two units against one"),
        summary=msg("Every unit in contact fights every enemy it touches; the defender's one shield roll covers all "
                    "the "
                "hits of the slot."),
        record_type=TwoVsOneInput,
        **derived(tvo_procedure, tvo_report, lambda p, t: reported(t, TVO_EVENTS))))
    reg.add(Mechanic(
        rule_id="AOT-MELEE-RETREAT", key="retreat", title=msg("The loser turns and falls back"),
        summary=msg("A disorder test for the turn, then a full move (10 − density) away."),
        record_type=RetreatInput,
        **derived(retreat_procedure, retreat_report, lambda p, w: reported(w, RETREAT_EVENTS)),
        rules=("AOT-MELEE-RETREAT", "AOT-DISORDER-TEST", "AOT-MOVE-DISTANCE")))
    reg.add(Mechanic(
        rule_id="AOT-DEMO-DISORDER", key="dp-disorder", title=msg("Spending DP to disorder warriors"),
        summary=msg("1 DP disorders one warrior (stubborn: 2 DP each; recruits: 2 warriors per DP)."),
        record_type=DPInput, **derived(dp_procedure, dp_report, lambda p, s: s._asdict()),
        rules=("AOT-DEMO-DISORDER", "AOT-DEMO-RETREAT", "AOT-PROP-STUBBORN", "AOT-PROP-RECRUIT")))
