"""Registered melee mechanics: the whole exchange (`odds melee`) and one widget per rule."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from typing import Any

from aot_rules.dice.dist import Dist
from aot_rules.dice.rolls import SeededDice
from aot_rules.errors import ParamError, RuleError
from aot_rules.registry import Mechanic, Outcome, Param, Sample, register
from aot_rules.rules.disorder import disorder_loss, disorder_test
from aot_rules.rules.melee import (
    RESULTS,
    MeleeRules,
    MeleeWeapon,
    Side,
    dp_for,
    melee_exact,
    resolve_melee,
    resolve_two_vs_one,
    retreat_move,
    two_vs_one_exact,
)
from aot_rules.units import Unit, parse_ranks, unit_of

WEAPONS = tuple(w.value for w in MeleeWeapon)
FOOT_WEAPONS = ("shooter", "spear", "pike", "halberd-spear", "halberd-axe", "sword", "two-handed")


def side_params(x: str, ranks: str, weapon: str) -> tuple[Param, ...]:
    who = "A" if x == "a" else "B"
    return (
        Param(f"{x}_ranks", "ranks", parse_ranks(ranks), f"{who}'s formed warriors per rank, front first",
              label=f"{who} ranks"),
        Param(f"{x}_weapon", "choice", weapon, f"{who}'s weapon", choices=WEAPONS, label=f"{who} weapon"),
        Param(f"{x}_mix", "mix", None, f"{who}'s front rank of a mixed-weapon unit, e.g. sword:3,shooter:1 "
              f"(overrides --{x}-weapon)", optional=True, grid=(None,), label=f"{who} weapon mix"),
        Param(f"{x}_mounted", "bool", False, f"{who} is mounted", label=f"{who} mounted"),
        Param(f"{x}_shield", "bool", False, f"{who} has shields (shield wall for foot)", label=f"{who} shields"),
        Param(f"{x}_armour", "bool", False, f"{who} wears armour (cancels hits rolled as 6)", label=f"{who} armour"),
        Param(f"{x}_horse_armour", "bool", False, f"{who}'s horses are armoured (cancels hits rolled as 1)",
              label=f"{who} horse armour"),
        Param(f"{x}_veteran", "bool", False, f"{who} are veterans (hit on ≤ / ≥)", label=f"{who} veteran"),
        Param(f"{x}_horse_strike", "bool", False, f"{who} (mounted) strike with their horses against infantry: "
              "they moved straight into contact or were charged frontally by foot", label=f"{who} horse strike"),
        Param(f"{x}_terrifying", "bool", False, f"{who} are terrifying: each kill disorders one more",
              grid=(False,), label=f"{who} terrifying"),
        Param(f"{x}_stubborn", "bool", False, f"{who} are stubborn (2 DP per warrior disordered)", grid=(False,),
              label=f"{who} stubborn"),
        Param(f"{x}_recruit", "bool", False, f"{who} are recruits (1 DP disorders 2)", grid=(False,),
              label=f"{who} recruits"),
        Param(f"{x}_javelins", "bool", False, f"{who}'s shooters throw javelins (matters only with "
              "--javelins-pierce-in-melee)", grid=(False,), label=f"{who} javelins"),
    )


READING_PARAMS = (
    Param("a_flanked", "bool", False, "B attacks A in the flank or rear", grid=(False,), label="B hits A's flank"),
    Param("b_flanked", "bool", False, "A attacks B in the flank or rear (B strikes nothing, no shield wall, "
          "the result uses B's depth)", grid=(False,), label="A hits B's flank"),
    Param("b_stakes", "bool", False, "B stands behind stakes: A tests before the melee (cavalry losses are "
          "killed)", grid=(False,), label="B behind stakes"),
    Param("armour_first", "bool", True, "index reading: armour cancels sixes, then the shield die cancels up to "
          "its roll of the rest; off: the shield die is spent first on any hits, sixes included",
          reading="AOT-MELEE-SHIELDWALL", grid=(True,), label="armour before shield wall"),
    Param("equal_saves", "bool", False, "alternative reading: a shield roll equal to density saves",
          reading="AOT-MELEE-SHIELDWALL", grid=(False,), label="equal roll saves (alt. reading)"),
    Param("pike_extra_per_rank", "bool", False, "alternative reading: +1 pike die per second-rank warrior",
          reading="AOT-MELEE-PIKE", grid=(False,), label="pike extra per rank (alt. reading)"),
    Param("halberd_axe_as_specialist", "bool", True, "index reading: a halberd used as an axe hits on > own "
          "density", reading="AOT-MELEE-HALBERD", grid=(True,), label="halberd axe hits on > own density"),
    Param("flank_hits_use_depth", "bool", False, "alternative reading: hit numbers against a flanked unit use "
          "its depth", reading="AOT-MELEE-FLANK", grid=(False,), label="flank hits use depth (alt. reading)"),
    Param("javelins_pierce_in_melee", "bool", False, "alternative reading: javelins stay armour-piercing in "
          "melee", reading="AOT-SHOOT-JAVELIN", grid=(False,), label="javelins pierce in melee (alt.)"),
)

MELEE_PARAMS = side_params("a", "4,4", "spear") + side_params("b", "4,4", "sword") + READING_PARAMS


def _side(p: dict[str, Any], x: str, flanked: bool = False) -> Side:
    unit = Unit(name="A" if x == "a" else "B", ranks=p[f"{x}_ranks"], mounted=p[f"{x}_mounted"],
                shield=p[f"{x}_shield"], armour=p[f"{x}_armour"], horse_armour=p[f"{x}_horse_armour"],
                veteran=p[f"{x}_veteran"])
    if unit.formed == 0 or unit.density == 0:
        raise RuleError("AOT-ARMY-UNIT-SIZE", f"--{x}-ranks: a fighting unit needs formed warriors in its front rank")
    if unit.ranks[0] == 0:
        raise RuleError("AOT-MELEE-STRIKES", f"--{x}-ranks: the front rank is empty")
    front = p[f"{x}_mix"] or ((p[f"{x}_weapon"], unit.ranks[0]),)
    for w, _ in front:
        if w not in WEAPONS:
            raise ParamError("AOT-ARMY-MIXED-WEAPONS", f"{x}_mix",
                             f"--{x}-mix: unknown weapon {w!r}; use one of {', '.join(WEAPONS)}")
    s = Side(unit, tuple((MeleeWeapon(w), n) for w, n in front), horse_strike=p[f"{x}_horse_strike"],
             terrifying=p[f"{x}_terrifying"], stubborn=p[f"{x}_stubborn"], recruit=p[f"{x}_recruit"],
             flanked=flanked, javelins=p[f"{x}_javelins"])
    s.check()
    return s


def _sides(p: dict[str, Any]) -> tuple[Side, Side, MeleeRules]:
    if p["a_flanked"] and p["b_flanked"]:
        raise RuleError("AOT-MELEE-FLANK", "only one side can be the one taken in the flank")
    return _side(p, "a", p["a_flanked"]), _side(p, "b", p["b_flanked"]), _rules(p)


def _rules(p: dict[str, Any]) -> MeleeRules:
    return MeleeRules(armour_first=p["armour_first"], equal_saves=p["equal_saves"],
                      pike_extra_per_rank=p["pike_extra_per_rank"],
                      halberd_axe_as_specialist=p["halberd_axe_as_specialist"],
                      flank_hits_use_depth=p["flank_hits_use_depth"],
                      javelins_pierce_in_melee=p["javelins_pierce_in_melee"])


def stakes_loss(roll: int, att: Side) -> tuple[int, int]:
    """AOT-STAKES: the attacker's disorder test; cavalry lose the warriors killed, foot disordered."""
    lost = disorder_loss(roll, att.unit.density, att.unit.formed)
    return (lost, 0) if att.unit.mounted else (0, lost)


def _after_stakes(a: Side, k: int, d: int) -> Side:
    return a.take_losses(k, d)


# A killed, A disordered, B killed, B disordered, result, A density after, B density after, DP to A, DP to B
Joint = tuple[int, int, int, int, str, int, int, int, int]


@lru_cache(maxsize=8192)
def _melee(a: Side, b: Side, rules: MeleeRules, stakes: bool) -> Dist[Joint]:
    def fight(a2: Side, pre: tuple[int, int]) -> Dist[Joint]:
        if a2.unit.formed == 0 or a2.unit.ranks[0] == 0:  # stakes stopped the whole front rank
            res = "B wins" if a2.unit.formed == 0 else "continue"
            return Dist.point((pre[0], pre[1], 0, 0, res, a2.unit.density, b.unit.density, 0,
                               dp_for(res, a2, b)))
        return melee_exact(a2, b, rules).map(lambda t: (
            t[0] + pre[0], t[1] + pre[1], t[2], t[3], t[4],
            a2.unit.take_losses(t[0], t[1]).density, b.unit.take_losses(t[2], t[3]).density,
            dp_for(t[4], a2, b) if t[4] == "A wins" else 0, dp_for(t[4], a2, b) if t[4] == "B wins" else 0))

    if not stakes:
        return fight(a, (0, 0))
    return Dist.die(6).bind(lambda r: fight(_after_stakes(a, *stakes_loss(r, a)), stakes_loss(r, a)))


LABELS = {"result": "result", "a_killed": "A killed", "a_disordered": "A disordered", "b_killed": "B killed",
          "b_disordered": "B disordered", "a_density_after": "A density after", "b_density_after":
          "B density after", "dp_a": "DP gained by A's side", "dp_b": "DP gained by B's side",
          "a_wins": "A wins", "b_wins": "B wins", "continue": "the fight continues"}


def melee_outcome(p: dict[str, Any]) -> Outcome:
    a, b, rules = _sides(p)
    j = _melee(a, b, rules, p["b_stakes"])
    dists: dict[str, Dist[Any]] = {
        "result": j.map(lambda t: t[4]),
        "b_killed": j.map(lambda t: t[2]), "a_killed": j.map(lambda t: t[0]),
        "b_disordered": j.map(lambda t: t[3]), "a_disordered": j.map(lambda t: t[1]),
        "a_density_after": j.map(lambda t: t[5]), "b_density_after": j.map(lambda t: t[6]),
        "dp_a": j.map(lambda t: t[7]), "dp_b": j.map(lambda t: t[8]),
    }
    events = {"a_wins": j.prob(lambda t: t[4] == "A wins"), "continue": j.prob(lambda t: t[4] == "continue"),
              "b_wins": j.prob(lambda t: t[4] == "B wins")}
    return Outcome("result", dists, events, LABELS, order=RESULTS)


def melee_exact_fn(**p: Any) -> Outcome:
    return melee_outcome(p)


def melee_sample(rng: random.Random, **p: Any) -> Sample:
    a, b, rules = _sides(p)
    dice = SeededDice(rng)
    pk = pd = 0
    if p["b_stakes"]:
        pk, pd = stakes_loss(dice.d6("stakes"), a)
        a = _after_stakes(a, pk, pd)
    if a.unit.formed == 0 or a.unit.ranks[0] == 0:
        res = "B wins" if a.unit.formed == 0 else "continue"
        out = dict(a_killed=pk, a_disordered=pd, b_killed=0, b_disordered=0, result=res,
                   a_density_after=a.unit.density, b_density_after=b.unit.density)
    else:
        r = resolve_melee(a, b, dice, rules)
        out = dict(a_killed=r.b_strikes.killed + pk, a_disordered=r.b_strikes.disordered + pd,
                   b_killed=r.a_strikes.killed, b_disordered=r.a_strikes.disordered, result=r.result,
                   a_density_after=r.a_after.density, b_density_after=r.b_after.density)
    res = out["result"]
    out.update(dp_a=dp_for(res, a, b) if res == "A wins" else 0, dp_b=dp_for(res, a, b) if res == "B wins" else 0,
               a_wins=res == "A wins", b_wins=res == "B wins")
    out["continue"] = res == "continue"
    return out


FOOT_RANKS = ((2, 2), (3, 3), (4, 4), (5, 5))
CAV_RANKS = ((2,), (3,), (4,))

MELEE = register(Mechanic(
    rule_id="AOT-MELEE-RESULT", key="melee", title="Who wins? One melee, exactly",
    summary="Both sides strike at once with start-of-slot densities; the densities left after losses "
            "decide the winner.",
    params=MELEE_PARAMS, exact=melee_exact_fn, sample=melee_sample,
    rules=("AOT-MELEE-ENGAGE", "AOT-MELEE-STRIKES", "AOT-MELEE-RESULT", "AOT-CASUALTY-REMOVAL", "AOT-DEMO-EARN"),
    widget_grid={"a_ranks": FOOT_RANKS, "b_ranks": FOOT_RANKS, "a_weapon": FOOT_WEAPONS, "b_weapon": FOOT_WEAPONS,
                 "a_mounted": (False,), "b_mounted": (False,), "a_horse_armour": (False,),
                 "b_horse_armour": (False,), "a_veteran": (False,), "b_veteran": (False,),
                 "a_horse_strike": (False,), "b_horse_strike": (False,)},
    show=("result", "a_killed", "b_killed"),
))

# One widget per rule: the same exchange with A's weapon (or a protection) fixed, showing what it changes.
_SMALL = {"a_ranks": ((2, 2), (3, 3), (4, 4), (5, 5)), "b_ranks": ((2, 2), (3, 3), (4, 4), (5, 5)),
          "a_mounted": (False,), "b_mounted": (False,), "a_horse_armour": (False,), "b_horse_armour": (False,),
          "a_horse_strike": (False,), "b_horse_strike": (False,), "a_armour": (False,), "a_shield": (False,),
          "b_veteran": (False,), "b_weapon": ("sword",), "b_shield": (False, True), "b_armour": (False, True),
          "a_veteran": (False, True)}


def _variant(rid: str, title: str, summary: str, fixed: dict[str, Any], main: str = "b_killed",
             grid: dict[str, Any] | None = None, show: tuple[str, ...] = ("b_killed", "b_disordered", "result"),
             defaults: dict[str, Any] | None = None) -> Mechanic:
    return register(MELEE.variant(rid, title, summary, fixed=fixed, main=main,
                                  widget_grid={**_SMALL, **(grid or {})}, show=show, defaults=defaults))


_variant("AOT-MELEE-STRIKES", "Strikes: one die per front-rank warrior",
         "Only formed front-rank warriors strike; both sides roll and remove losses together.",
         {}, grid={"a_weapon": FOOT_WEAPONS, "b_shield": (False,), "b_armour": (False,), "a_veteran": (False,)})
_variant("AOT-MELEE-HIT-SHOOTER", "Shooters in melee", "Hit below the enemy's density.",
         {"a_weapon": "shooter"}, grid={"a_javelins": (False,)})
_variant("AOT-MELEE-HIT-SPEAR", "Spears: dense ranks hit hard", "Hit below your own density.",
         {"a_weapon": "spear"})
_variant("AOT-MELEE-PIKE", "Pikes", "Spear hits, +1 die for a full second rank, no shield wall.",
         {"a_weapon": "pike"}, grid={"a_ranks": ((3, 3), (4, 4), (5, 5), (4, 3), (5, 4)),
                                     "pike_extra_per_rank": (False, True)})
_variant("AOT-MELEE-HALBERD", "Halberds: spear or axe", "Declare the mode: spear hits, or axe hits that pierce.",
         {}, grid={"a_weapon": ("halberd-spear", "halberd-axe"), "halberd_axe_as_specialist": (True, False)},
         defaults={"a_weapon": "halberd-axe"})
_variant("AOT-MELEE-HIT-SPECIALIST", "Close-combat specialists", "Swords, axes, short spears: hit above your "
         "own density.", {"a_weapon": "sword"})
_variant("AOT-MELEE-TWO-HANDED", "Two-handed axes and swords", "Specialist hits that pierce shield wall and "
         "armour; no shield wall of their own.", {"a_weapon": "two-handed"})
_variant("AOT-ARMOUR-PIERCING", "Armour-piercing weapons", "A warrior saved by shield wall or armour is "
         "disordered instead.", {}, main="b_disordered",
         grid={"a_weapon": ("halberd-axe", "two-handed", "sword"), "b_shield": (True,), "b_armour": (True,)},
         defaults={"a_weapon": "two-handed", "b_shield": True, "b_armour": True})
_CAV = {"a_mounted": (True,), "a_ranks": CAV_RANKS, "a_horse_armour": (False, True),
        "a_horse_strike": (False, True), "b_weapon": ("spear", "sword"), "a_veteran": (False,)}
_variant("AOT-MELEE-HIT-LANCE", "The cavalry lance", "Hit above the enemy's density; armour-piercing.",
         {"a_weapon": "lance", "a_mounted": True}, grid=_CAV, defaults={"a_ranks": (4,)})
_variant("AOT-MELEE-CAV-OTHER", "Other cavalry weapons", "Mounted swords and bows hit as their foot "
         "counterparts.", {"a_mounted": True}, grid={**_CAV, "a_weapon": ("sword", "shooter")},
         defaults={"a_ranks": (4,), "a_weapon": "sword"})
_variant("AOT-MELEE-HORSE-STRIKE", "The horse strike", "Against foot, each rider's horse strikes too, hitting "
         "above the enemy's density; shields and armour do not help.",
         {"a_mounted": True}, grid={**_CAV, "a_weapon": ("lance", "sword"), "a_horse_strike": (True, False)},
         defaults={"a_ranks": (4,), "a_weapon": "lance", "a_horse_strike": True})
_variant("AOT-MELEE-SHIELDWALL", "Shield wall in melee", "One die per slot: below your density, that many "
         "hits are turned away.", {"b_shield": True}, grid={"b_weapon": ("sword", "spear", "pike"),
                                                            "a_weapon": ("sword", "spear"), "b_armour": (False,),
                                                            "equal_saves": (False, True), "a_veteran": (False,)},
         defaults={"b_weapon": "spear", "a_weapon": "sword"})
_variant("AOT-MELEE-ARMOUR", "Armour in melee", "Armour turns away hits rolled as 6.",
         {"b_armour": True}, grid={"a_weapon": ("sword", "spear", "two-handed"), "b_shield": (False, True),
                                   "armour_first": (True, False), "a_veteran": (False,)},
         defaults={"a_weapon": "sword"})
_variant("AOT-MELEE-HORSE-ARMOUR", "Horse armour in melee", "Horse armour turns away hits rolled as 1.",
         {"b_mounted": True, "b_horse_armour": True},
         grid={"b_ranks": CAV_RANKS, "b_weapon": ("sword", "lance"), "a_weapon": ("spear", "shooter", "sword"),
               "b_shield": (False,), "b_armour": (False, True), "a_veteran": (False,)},
         defaults={"b_ranks": (4,), "b_weapon": "lance", "a_weapon": "spear"})
_variant("AOT-MELEE-FLANK", "Attacking a flank", "The flanked unit strikes nothing, has no shield wall, and "
         "counts only its depth.", {"b_flanked": True}, main="result", show=("result", "b_killed"),
         grid={"a_weapon": ("sword", "spear", "shooter"), "flank_hits_use_depth": (False, True), "a_veteran": (False,)},
         defaults={"a_ranks": (3, 3), "b_ranks": (4, 4)})
_variant("AOT-TERRIFYING", "Terrifying troops", "Each warrior they kill disorders one more.",
         {"a_terrifying": True}, main="b_disordered", grid={"a_weapon": ("sword", "spear")})
_variant("AOT-PROP-VETERAN", "Veterans", "Hit rolls succeed on equality; the shield wall saves on ≤.",
         {}, grid={"a_weapon": ("sword", "spear", "shooter"), "a_veteran": (False, True), "b_shield": (False,),
                   "b_armour": (False,)}, defaults={"a_veteran": True})
_variant("AOT-STAKES", "Stakes", "Cavalry charging a unit behind stakes tests first; its losses are killed.",
         {"b_stakes": True}, main="result", show=("result", "a_killed"),
         grid={"a_mounted": (True,), "a_ranks": CAV_RANKS, "a_weapon": ("lance", "sword"),
               "a_horse_strike": (False, True), "b_weapon": ("shooter", "spear"), "b_shield": (False,),
               "b_armour": (False,), "a_veteran": (False,)},
         defaults={"a_mounted": True, "a_ranks": (4,), "a_weapon": "lance", "b_weapon": "shooter"})


# --- two against one (AOT-MELEE-ENGAGE) --------------------------------------------------

TVO_PARAMS = (
    Param("a1_ranks", "ranks", (3, 3), "the first attacking unit's ranks", label="A1 ranks"),
    Param("a2_ranks", "ranks", (3, 3), "the second attacking unit's ranks", label="A2 ranks"),
    Param("b_ranks", "ranks", (4, 4), "the defender's ranks", label="B ranks"),
    Param("a_weapon", "choice", "sword", "both attackers' weapon", choices=FOOT_WEAPONS, label="A weapon"),
    Param("b_weapon", "choice", "spear", "the defender's weapon", choices=FOOT_WEAPONS, label="B weapon"),
    Param("b_shield", "bool", True, "the defender has shields", label="B shields"),
    Param("b_on_first", "int", None, "B's front-rank dice aimed at A1 (default: half, rounded up)", 0, 5,
          optional=True, grid=(None,)),
)


def _tvo(p: dict[str, Any]) -> tuple[Side, Side, Side, int]:
    a1 = Side.armed(Unit("A1", ranks=p["a1_ranks"]), p["a_weapon"])
    a2 = Side.armed(Unit("A2", ranks=p["a2_ranks"]), p["a_weapon"])
    b = Side.armed(Unit("B", ranks=p["b_ranks"], shield=p["b_shield"]), p["b_weapon"])
    n = p["b_on_first"] if p["b_on_first"] is not None else (b.unit.ranks[0] + 1) // 2
    return a1, a2, b, n


def tvo_exact(**p: Any) -> Outcome:
    a1, a2, b, n = _tvo(p)
    j = two_vs_one_exact(a1, a2, b, n)
    b_loses = j.prob(lambda t: "A wins" in (t[6], t[7]))
    return Outcome("b_killed", {"b_killed": j.map(lambda t: t[4]), "a1_killed": j.map(lambda t: t[0]),
                                "a2_killed": j.map(lambda t: t[2])},
                   {"b_retreats": b_loses, "a1_retreats": j.prob(lambda t: t[6] == "B wins"),
                    "a2_retreats": j.prob(lambda t: t[7] == "B wins"),
                    "all_continue": j.prob(lambda t: t[6] == t[7] == "continue")},
                   {"b_killed": "B killed", "a1_killed": "A1 killed", "a2_killed": "A2 killed",
                    "b_retreats": "B loses to at least one attacker", "a1_retreats": "A1 loses to B",
                    "a2_retreats": "A2 loses to B", "all_continue": "both fights continue"},
                   {"b_dice_on_a1": n})


def tvo_sample(rng: random.Random, **p: Any) -> Sample:
    a1, a2, b, n = _tvo(p)
    (l1, l2, lb, r1, r2) = resolve_two_vs_one(a1, a2, b, n, SeededDice(rng))
    return {"b_killed": lb[0], "a1_killed": l1[0], "a2_killed": l2[0], "b_retreats": "A wins" in (r1, r2),
            "a1_retreats": r1 == "B wins", "a2_retreats": r2 == "B wins", "all_continue": r1 == r2 == "continue"}


register(Mechanic(
    rule_id="AOT-MELEE-ENGAGE", key="two-vs-one", title="Two units against one",
    summary="Every unit in contact fights every enemy it touches; the defender's one shield roll covers "
            "all the hits of the slot.",
    params=TVO_PARAMS, exact=tvo_exact, sample=tvo_sample,
    widget_grid={"a1_ranks": ((2, 2), (3, 3), (4, 4)), "a2_ranks": ((2, 2), (3, 3), (4, 4)),
                 "b_ranks": ((3, 3), (4, 4), (5, 5)), "a_weapon": ("sword", "spear"),
                 "b_weapon": ("spear", "sword")}))


# --- the loser's retreat (AOT-MELEE-RETREAT) ------------------------------------------------

RETREAT_PARAMS = (
    Param("density", "int", 3, "the loser's density after the melee", 1, 5),
    Param("formed", "int", 6, "its formed warriors", 1, 10),
)


def _retreat(p: dict[str, Any]) -> Dist[tuple[int, int]]:
    d, f = p["density"], p["formed"]
    unit = unit_of(d, f)

    def move(lost: int) -> tuple[int, int]:
        return lost, retreat_move(unit.take_losses(0, lost))

    return disorder_test(d, f).map(move)


def retreat_exact(**p: Any) -> Outcome:
    j = _retreat(p)
    return Outcome("move", {"move": j.map(lambda t: t[1]), "disordered": j.map(lambda t: t[0])},
                   {"fails": j.prob(lambda t: t[0] > 0)},
                   {"move": "retreat move (″)", "disordered": "disordered by the turn test",
                    "fails": "the turn test fails"})


def retreat_sample(rng: random.Random, **p: Any) -> Sample:
    d, f = p["density"], p["formed"]
    lost = disorder_loss(rng.randint(1, 6), d, f)
    return {"move": retreat_move(unit_of(d, f).take_losses(0, lost)), "disordered": lost, "fails": lost > 0}


register(Mechanic(
    rule_id="AOT-MELEE-RETREAT", key="retreat", title="The loser turns and falls back",
    summary="A disorder test for the turn, then a full move (10 − density) away.",
    params=RETREAT_PARAMS, exact=retreat_exact, sample=retreat_sample,
    rules=("AOT-MELEE-RETREAT", "AOT-DISORDER-TEST", "AOT-MOVE-DISTANCE")))


# --- spending DP (deterministic calculators) ------------------------------------------------

DP_PARAMS = (
    Param("dp", "int", 3, "demoralization points to spend", 0, 10),
    Param("density", "int", 3, "the target's density", 1, 5),
    Param("formed", "int", 6, "the target's formed warriors", 1, 10),
    Param("stubborn", "bool", False, "the target is stubborn (2 DP per warrior)", label="stubborn"),
    Param("recruit", "bool", False, "the target is a recruit unit (1 DP disorders 2)", label="recruits"),
)


def dp_exact(**p: Any) -> Outcome:
    from aot_rules.rules.demoralization import DPTarget, forced_retreat_cost, warriors_disordered

    unit = unit_of(p["density"], p["formed"])
    if p["stubborn"] and p["recruit"]:
        raise RuleError("AOT-PROP-RECRUIT", "recruits may not have any other property")
    t = DPTarget(unit, stubborn=p["stubborn"], recruit=p["recruit"])
    n = warriors_disordered(p["dp"], t)
    return Outcome("disordered", {"disordered": Dist.point(n)},
                   {"can_force_retreat": Fraction(int(p["dp"] >= forced_retreat_cost(t)))},
                   {"disordered": "warriors the DP disorder", "can_force_retreat":
                    "the DP are enough to force a retreat instead"})


def dp_sample(rng: random.Random, **p: Any) -> Sample:
    o = dp_exact(**p)
    return {"disordered": o.dists["disordered"].mode(), "can_force_retreat": o.events["can_force_retreat"] == 1}


register(Mechanic(
    rule_id="AOT-DEMO-DISORDER", key="dp-disorder", title="Spending DP to disorder warriors",
    summary="1 DP disorders one warrior (stubborn: 2 DP each; recruits: 2 warriors per DP).",
    params=DP_PARAMS, exact=dp_exact, sample=dp_sample,
    rules=("AOT-DEMO-DISORDER", "AOT-DEMO-RETREAT", "AOT-PROP-STUBBORN", "AOT-PROP-RECRUIT")))
