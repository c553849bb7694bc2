"""The skirmish fragment: registry entries (combat): shooting, Heroes, riders and melee.

Every lost to-hit number is an input marked ``blank=True`` (the widget and the CLI flag it as not in
the source); every Reading that changes the odds is a toggle naming its rule.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from aot_rules.core.dist import Dist
from aot_rules.core.i18n import Message, msg
from aot_rules.core.outcome import Fact, Outcome
from aot_rules.core.params import param
from aot_rules.core.procedure import Proc, done
from aot_rules.core.registry import Mechanic, Registry, Sample, derived
from aot_rules.sp.rules import heroes as H
from aot_rules.sp.rules import melee as M
from aot_rules.sp.rules import shooting as S
from aot_rules.sp.rules.troops import Quality

DAMAGE_LABELS = {"hits": msg("hits"), "shock": msg("Shock points on the target"), "deaths": msg("men killed"),
                 "any_death": msg("at least one man killed"), "dice rolled": msg("dice rolled"),
                 "table cell": msg("table cell")}
TO_HIT_HELP = msg("the number each die needs (its table cell is lost): set it yourself")


def _to_hit(default: int = 4) -> Any:
    return param(default, TO_HIT_HELP, lo=1, hi=7, grid=(2, 3, 4, 5, 6), blank=True, label=msg("to hit (lost cell)"))


def _six_kills(rule: str) -> Any:
    return param(True, msg("the lost last row of the effect table is a 6 (the index's reading); off: a 6 counts "
                 "as the row above it"), reading=rule, label=msg("a 6 is the lost last row"))


def _damage_outcome(law: Dist[S.Damage], info: dict[str, Any]) -> Outcome:
    return Outcome.of(law, "hits", dists=("hits", "shock", "deaths"), events={"any_death": lambda d: d.deaths > 0},
                      labels=DAMAGE_LABELS, info=info)


def _damage_sample(d: S.Damage) -> Sample:
    return {"hits": d.hits, "shock": d.shock, "deaths": d.deaths, "any_death": d.deaths > 0}


# --- SP-SHOOT-DICE-CLASS -------------------------------------------------------------------------

@dataclass(frozen=True)
class ClassInput:
    shooters: int = param(6, msg("figures firing (Heroes and musicians do not fire)"), lo=1, hi=40,
                          grid=tuple(range(1, 13)), label=msg("shooters"))
    quality: Quality = param(Quality.REGULARS, msg("troop quality: elite and veterans gain dice, recruits lose them"),
                             label=msg("quality"))
    to_hit: int = _to_hit()
    whole_groups: bool = param(False, msg("count only complete groups of 4 or 5 shooters (the index reads the "
                               "source's 'rounding up': a part-group counts too)"), reading="SP-SHOOT-DICE-CLASS",
                               label=msg("only whole groups of 4 or 5 count"))


def _class_dice(p: ClassInput) -> int:
    return S.class_dice(p.shooters, p.quality, p.whole_groups)


def class_procedure(p: ClassInput) -> Proc[S.Damage]:
    return S.volley(_class_dice(p), p.to_hit)


def class_report(p: ClassInput, law: Dist[S.Damage]) -> Outcome:
    return _damage_outcome(law, {"dice rolled": _class_dice(p)})


# --- SP-SHOOT-DICE-ARTILLERY ---------------------------------------------------------------------

@dataclass(frozen=True)
class GunInput:
    gun: S.Gun = param(S.Gun.LIGHT, msg("the piece: falconet 6 dice, light gun 10, heavy gun 12, carronade 18"),
                       label=msg("gun"))
    crew_shock: int = param(0, msg("Shock on the crew: 1 die fewer per 2 points"), lo=0, hi=10,
                            grid=(0, 1, 2, 3, 4, 5, 6), label=msg("crew Shock"))
    shortest_band: bool = param(False, msg("firing at the shortest range band, where crew Shock costs no dice"),
                                label=msg("shortest range band"))
    to_hit: int = _to_hit()


def _gun_dice(p: GunInput) -> int:
    return S.gun_dice(p.gun, p.crew_shock, p.shortest_band)


def gun_procedure(p: GunInput) -> Proc[S.Damage]:
    return S.volley(_gun_dice(p), p.to_hit)


def gun_report(p: GunInput, law: Dist[S.Damage]) -> Outcome:
    return _damage_outcome(law, {"dice rolled": _gun_dice(p)})


# --- SP-SHOOT-DICE-MODS (a calculator: no dice are rolled yet) --------------------------------------

@dataclass(frozen=True)
class ModsInput:
    dice: int = param(6, msg("dice before these adjustments (from quality or the gun)"), lo=0, hi=40, grid=(6, 12),
                      label=msg("dice before adjustments"))
    hero_status: int = param(0, msg("Status of the Hero on whose Initiative the Group fires (+1 die a point)"),
                             lo=0, hi=6, grid=(0, 2), label=msg("Hero Status"))
    shock: int = param(0, msg("Shock markers on the shooters (−1 die per 2)"), lo=0, hi=20, grid=(0, 2),
                       label=msg("Shock"))
    first_volley: bool = param(False, msg("the Group's first volley of the game (+2 dice)"), label=msg("first volley"))
    firing_line: bool = param(False, msg("the firing Group stands in line (+1 to every die)"),
                              label=msg("firing in line"))
    target: S.Target = param(S.Target.OTHER, msg("what the fire is aimed at"), label=msg("target"))
    cover: S.Cover = param(S.Cover.NONE, msg("cover in front of the target (half or three quarters of the dice go)"),
                           label=msg("cover"))
    keep_round_up: bool = param(False, msg("round the dice kept up (the index rounds the dice removed up)"),
                                reading="SP-SHOOT-DICE-MODS", label=msg("cover: round the dice kept up"))


def _mods(p: ModsInput) -> S.Volley:
    return S.modified_dice(p.dice, hero_status=p.hero_status, shock=p.shock, first_volley=p.first_volley,
                           firing_line=p.firing_line, target=p.target, cover=p.cover, keep_round_up=p.keep_round_up)


def mods_procedure(p: ModsInput) -> Proc[int]:
    return done(_mods(p).dice)


def mods_report(p: ModsInput, law: Dist[int]) -> Outcome:
    return Outcome.of(law, "dice", labels={"dice": msg("dice rolled"), "bonus on every die": msg("bonus on every die")},
                      info={"bonus on every die": _mods(p).bonus})


# --- SP-SHOOT-HIT --------------------------------------------------------------------------------

@dataclass(frozen=True)
class HitInput:
    dice: int = param(6, msg("dice the volley rolls (after every adjustment)"), lo=0, hi=40, grid=tuple(range(1, 25)),
                      label=msg("dice"))
    bonus: int = param(0, msg("bonus added to every die (line, flank, square)"), lo=0, hi=4, grid=(0, 1, 2, 3),
                       label=msg("bonus on every die"))
    to_hit: int = _to_hit()


def hit_procedure(p: HitInput) -> Proc[int]:
    return S.hit_dice(p.dice, p.to_hit, p.bonus)


def hit_report(p: HitInput, hits: Dist[int]) -> Outcome:
    return Outcome.of(hits, "hits", events={"any": lambda h: h > 0},
                      labels={"hits": msg("hits"), "any": msg("at least one hit"),
                              "chance a die hits": msg("chance a die hits")},
                      info={"chance a die hits": S.hit_chance(p.to_hit, p.bonus)})


# --- the three to-hit tables ------------------------------------------------------------------------

def _need(need: int | None, given: bool) -> Fact:
    """The number a die needs, and whether the source gives it or the reader set it (a lost cell)."""
    if need is None:
        return Fact(None, msg("– (out of range: no hit possible)"))
    return Fact({"need": need, "given": given}, msg("{need}+ (given by the source)", need=need) if given else
                msg("{need}+ ✎ (your number)", need=need))


def _table_info(cell: S.Cell, dice: int) -> dict[str, Any]:
    return {"table cell": _need(cell.need, cell.from_source), "dice rolled": dice}


class _Table(NamedTuple):
    """Where a to-hit table's record points: the table, the weapon and band, the weapon's reach, the reader's
    number and the dice rolled."""

    rule_id: str
    weapon: Any
    band: Any
    reach: int
    to_hit: int
    dice: int

    def cell(self) -> S.Cell:
        return S.table_cell(self.rule_id, self.weapon, self.band, self.reach, self.to_hit)


def _table_procedure(where: Callable[[Any], _Table]) -> Callable[[Any], Proc[S.Damage]]:
    return lambda p: S.volley(where(p).dice, where(p).cell().need)


def _table_report(where: Callable[[Any], _Table]) -> Callable[[Any, Dist[S.Damage]], Outcome]:
    return lambda p, law: _damage_outcome(law, _table_info(where(p).cell(), where(p).dice))


def _table_dice() -> Any:
    return param(6, msg("dice the volley rolls"), lo=0, hi=40, grid=(2, 4, 6, 8, 12), label=msg("dice"))


@dataclass(frozen=True)
class LineTableInput:
    weapon: S.LineWeapon = param(S.LineWeapon.MUSKET, msg("the firing Group's weapon"), label=msg("weapon"))
    band: S.Band = param(S.Band.B0, msg("range band to the target"), label=msg("band"))
    dice: int = _table_dice()
    to_hit: int = _to_hit()


def line_table(p: LineTableInput) -> _Table:
    return _Table("SP-SHOOT-HIT-TABLE-LINE", p.weapon, p.band, S.LINE_REACH[p.weapon], p.to_hit, p.dice)


@dataclass(frozen=True)
class SkirmishTableInput:
    weapon: S.SkirmishWeapon = param(S.SkirmishWeapon.RIFLE, msg("the skirmishers' weapon"), label=msg("weapon"))
    band: S.SkirmishBand = param(S.SkirmishBand.B24, msg("range band to the target"), label=msg("band"))
    dice: int = _table_dice()
    to_hit: int = _to_hit()


def skirmish_table(p: SkirmishTableInput) -> _Table:
    return _Table("SP-SHOOT-HIT-TABLE-SKIRMISH", p.weapon, p.band, S.SKIRMISH_REACH[p.weapon], p.to_hit, p.dice)


@dataclass(frozen=True)
class ArtTableInput:
    gun: S.Gun = param(S.Gun.LIGHT, msg("the piece (it rolls its own fixed dice)"), label=msg("gun"))
    band: S.Band = param(S.Band.B9, msg("range band to the target"), label=msg("band"))
    to_hit: int = _to_hit()


def art_table(p: ArtTableInput) -> _Table:
    return _Table("SP-SHOOT-HIT-TABLE-ART", p.gun, p.band, S.ART_REACH[p.gun], p.to_hit, S.GUN_DICE[p.gun])


# --- SP-SHOOT-HITS -------------------------------------------------------------------------------

@dataclass(frozen=True)
class HitsInput:
    hits: int = param(4, msg("hits the volley scored"), lo=0, hi=40, grid=tuple(range(1, 13)), label=msg("hits"))
    ambush: bool = param(False, msg("fired from ambush with the Ambush card: Shock doubled"),
                         label=msg("ambush (Shock ×2)"))
    six_kills: bool = _six_kills("SP-SHOOT-HITS")


def hits_procedure(p: HitsInput) -> Proc[S.Damage]:
    return S.effect_dice(p.hits, six_kills=p.six_kills, ambush=p.ambush)


def hits_report(p: HitsInput, law: Dist[S.Damage]) -> Outcome:
    return Outcome.of(law, "deaths", dists=("deaths", "shock"), events={"any_death": lambda d: d.deaths > 0},
                      labels=DAMAGE_LABELS)


# --- Heroes --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class HeroHitInput:
    killed: int = param(2, msg("men of his Group that this fire killed"), lo=0, hi=12, grid=tuple(range(1, 11)),
                        label=msg("killed"))
    skirmish_fire: bool = param(False, msg("the fire came from a light-infantry skirmish line: a d6, not a d10"),
                                label=msg("skirmish-line fire (d6)"))
    six_kills: bool = _six_kills("SP-HERO-WOUND")


def hero_hit_procedure(p: HeroHitInput) -> Proc[H.Wound]:
    return H.hero_fate(p.killed, p.skirmish_fire, p.six_kills)


def hero_hit_report(p: HeroHitInput, law: Dist[H.Wound]) -> Outcome:
    return Outcome.of(law, "hero", events={"hit": lambda w: w is not H.Wound.UNHURT},
                      labels={"hero": msg("what happens to the Hero"), "hit": msg("the Hero is hit")})


@dataclass(frozen=True)
class WoundInput:
    six_kills: bool = _six_kills("SP-HERO-WOUND")


def wound_report(p: WoundInput, law: Dist[H.Wound]) -> Outcome:
    return Outcome.of(law, "wound", labels={"wound": msg("the wound")})


@dataclass(frozen=True)
class ReplaceInput:
    quality: Quality = param(Quality.REGULARS, msg("quality of the troops the fallen Hero led"), label=msg("quality"))
    recruits_from: int = param(6,
                               msg("lowest face that replaces a recruits' Hero (the cell is lost; the index reads 6, "
                                   "following the pattern)"), lo=2, hi=6, blank=True,
                               label=msg("recruits need (lost cell)"))
    last_hero: bool = param(False, msg("he was the force's last Hero: replaced without a roll"), label=msg("last Hero"))


def replace_procedure(p: ReplaceInput) -> Proc[bool]:
    return H.replacement(p.quality, p.recruits_from, p.last_hero)


def replace_report(p: ReplaceInput, law: Dist[bool]) -> Outcome:
    return Outcome.of(law, "replaced",
                      labels={"replaced": msg("a new Hero appears"), "roll needed": msg("roll needed")},
                      info={"roll needed": f"{H.replace_needs(p.quality, p.recruits_from, p.last_hero)}+"})


@dataclass(frozen=True)
class RiderInput:
    skill: H.Skill = param(H.Skill.ORDINARY, msg("the rider's horsemanship (his fall roll ±1)"),
                           label=msg("horsemanship"))


def _rider_down(m: H.Mounted) -> bool:
    return m not in (H.Mounted.SHRUGS, H.Mounted.BOLTS)


def rider_report(p: RiderInput, law: Dist[H.Mounted]) -> Outcome:
    return Outcome.of(law, "fate", labels={"fate": msg("a 'death' on a mounted figure"),
                                                              "rider_down": msg("the rider is killed or falls")},
                      events={"rider_down": _rider_down})


def fall_report(p: RiderInput, law: Dist[H.Fall]) -> Outcome:
    return Outcome.of(law, "fall", labels={"fall": msg("the rider's fall")})


@dataclass(frozen=True)
class SharpInput:
    band: S.SkirmishBand = param(S.SkirmishBand.B36, msg("the real distance to his target"), label=msg("band"))
    to_hit: int = param(4, msg("the number of the column he reads, where the source lost it (the 24–36″ cell, "
                        "5+, is given)"), lo=2, hi=6, blank=True, label=msg("to hit (lost cell)"))


def sharp_need(p: SharpInput) -> tuple[int, bool]:
    col = S.sharpshooter_band(p.band)
    given = S.RECOVERED.get((S.SkirmishWeapon.RIFLE, col))
    return (given, True) if given is not None else (p.to_hit, False)


def sharp_procedure(p: SharpInput) -> Proc[S.Aimed]:
    return S.aimed_shot(sharp_need(p)[0])


def sharp_report(p: SharpInput, law: Dist[S.Aimed]) -> Outcome:
    need, given = sharp_need(p)
    col = S.sharpshooter_band(p.band)
    return Outcome.of(law, "shot", events={"hit": lambda a: a is S.Aimed.HIT,
                                                                   "spent": lambda a: a is S.Aimed.SPENT},
                      labels={"shot": msg("the aimed shot"), "hit": msg("he hits"),
                              "spent": msg("his powder runs out"), "column read": msg("column read"),
                              "needs": msg("needs")},
                      info={"column read": col, "needs": _need(need, given)})


def sharp_sample(p: SharpInput, a: S.Aimed) -> Sample:
    return {"shot": a, "hit": a is S.Aimed.HIT, "spent": a is S.Aimed.SPENT}


@dataclass(frozen=True)
class CaptureInput:
    hero_dice: int = param(2, msg("the Hero's melee dice"), lo=1, hi=10, grid=(1, 2, 3, 4), label=msg("Hero dice"))
    group_dice: int = param(6, msg("the capturing Group's melee dice"), lo=1, hi=40, grid=tuple(range(1, 17)),
                            label=msg("Group dice"))


def _taken(c: H.Capture) -> bool:
    return c in (H.Capture.BY_ODDS, H.Capture.LOST)


def capture_report(p: CaptureInput, law: Dist[H.Capture]) -> Outcome:
    return Outcome.of(law, "capture", events={"taken": _taken},
                      labels={"capture": msg("the capture attempt"), "taken": msg("he is captured this round")})


# --- melee ---------------------------------------------------------------------------------------

KILL_LABELS = {"kills": msg("enemy men killed (6s)"), "shock": msg("Shock on the enemy (5s)"),
               "any": msg("at least one kill"), "melee dice": msg("melee dice")}


def _kills_outcome(law: Dist[M.Strike], info: dict[str, Any]) -> Outcome:
    return Outcome.of(law, "kills", dists=("kills", "shock"), events={"any": lambda s: s.kills > 0},
                      labels=KILL_LABELS, info=info)


def _kills_sample(p: Any, s: M.Strike) -> Sample:
    return {"kills": s.kills, "shock": s.shock, "any": s.kills > 0}


@dataclass(frozen=True)
class PoolInput:
    men: int = param(6, msg("figures in the Group, Heroes and musicians included"), lo=0, hi=40, grid=(6, 12),
                     label=msg("men"))
    leader_status: int = param(0, msg("Status of the Hero leading the charge on his Initiative"), lo=0, hi=6,
                               grid=(0, 2), label=msg("leader Status"))
    fury: int = param(0, msg("fury points the Hero adds from his Initiative"), lo=0, hi=6, grid=(0,), label=msg("fury"))
    other_heroes: int = param(0, msg("other Heroes taking part"), lo=0, hi=4, grid=(0, 2),
                              label=msg("other Heroes (Status 3 each)"))
    other_status: int = param(3, msg("Status of each of those other Heroes"), lo=0, hi=6, grid=(3,),
                              label=msg("other Status"))
    quality_edge: int = param(0, msg("quality levels above the enemy (+2 dice a level)"), lo=0, hi=3, grid=(0, 1),
                              label=msg("quality edge"))
    shock: int = param(0, msg("Shock points on the Group (−1 die each)"), lo=0, hi=40, grid=(0, 3), label=msg("Shock"))
    aggressive: bool = param(False, msg("an aggressive Group (+2 dice)"), label=msg("aggressive"))
    kind: M.GroupKind = param(M.GroupKind.ORDINARY, msg("grenadiers or guards +2 dice, worn-out −2"), label=msg("kind"))
    supporting_ranks: int = param(0, msg("supporting ranks behind a column (+1 die each)"), lo=0, hi=6, grid=(0,),
                                  label=msg("supporting ranks"))
    pooled_status: bool = param(False, msg("add the other Heroes' Status up before halving (the index halves each "
                                "Hero's)"), reading="SP-MELEE-DICE", label=msg("pool other Heroes' Status"))


def _pool(p: PoolInput) -> int:
    return M.melee_pool(p.men, leader_status=p.leader_status, fury=p.fury, other_heroes=p.other_heroes,
                        other_status=p.other_status, quality_edge=p.quality_edge, shock=p.shock,
                        aggressive=p.aggressive, kind=p.kind, supporting_ranks=p.supporting_ranks,
                        pooled_status=p.pooled_status)


def pool_procedure(p: PoolInput) -> Proc[M.Strike]:
    return M.strike(_pool(p))


def pool_report(p: PoolInput, law: Dist[M.Strike]) -> Outcome:
    return _kills_outcome(law, {"melee dice": _pool(p)})


@dataclass(frozen=True)
class PctInput:
    dice: int = param(10, msg("the pool after the ±d6 items"), lo=0, hi=40, grid=(4, 8, 12), label=msg("dice"))
    bonus_pct: int = param(0, msg("the sum of the percentages in the side's favour"), lo=0, hi=400,
                           grid=(0, 10, 25, 33, 50, 66, 100), label=msg("gains (%)"))
    penalty_pct: int = param(0, msg("the sum of the percentages against it"), lo=0, hi=400,
                             grid=(0, 10, 33, 50, 66, 100), label=msg("losses (%)"))
    separately: bool = param(False, msg("apply gains (rounded down) and losses (rounded up) separately (the index "
                             "nets them first)"), reading="SP-MELEE-MODS-PCT", label=msg("gains and losses apart"))


def _pct(p: PctInput) -> int:
    return M.percent_pool(p.dice, p.bonus_pct, p.penalty_pct, p.separately)


def pct_procedure(p: PctInput) -> Proc[M.Strike]:
    return M.strike(_pct(p))


def pct_report(p: PctInput, law: Dist[M.Strike]) -> Outcome:
    return _kills_outcome(law, {"melee dice": _pct(p)})


@dataclass(frozen=True)
class RollInput:
    dice: int = param(6, msg("the side's melee dice"), lo=0, hi=40, grid=tuple(range(1, 31)), label=msg("dice"))


def roll_procedure(p: RollInput) -> Proc[M.Strike]:
    return M.strike(p.dice)


def roll_report(p: RollInput, law: Dist[M.Strike]) -> Outcome:
    return _kills_outcome(law, {})


@dataclass(frozen=True)
class FightInput:
    a_dice: int = param(6, msg("side A's melee dice"), lo=1, hi=40, grid=tuple(range(1, 17)), label=msg("A's dice"))
    b_dice: int = param(6, msg("side B's melee dice"), lo=1, hi=40, grid=tuple(range(1, 17)), label=msg("B's dice"))
    recruits: M.Swamp = param(M.Swamp.NEITHER, msg("which side is recruits (overwhelmed at 3 to 1, not 4 to 1)"),
                              label=msg("recruits"))


FIGHT_LABELS = {"result": msg("result of the round"), "a_kills": msg("men A killed"), "b_kills": msg("men B killed"),
                "a_back": msg("A falls back"), "b_back": msg("B falls back"), "again": msg("fight again"),
                "a_heavy": msg("A loses by 4+ or is overwhelmed")}
FIGHT_EVENTS: dict[str, Callable[[M.Fight], bool]] = {
    "a_back": lambda f: f.result in M.A_FALLS_BACK, "b_back": lambda f: f.result in M.B_FALLS_BACK,
                "again": lambda f: f.result is M.Result.DRAW,
                "a_heavy": lambda f: f.result in (M.Result.A_SWAMPED, M.Result.A_LOSE4)}


def fight_procedure(p: FightInput) -> Proc[M.Fight]:
    return M.fight(p.a_dice, p.b_dice, p.recruits)


def fight_report(p: FightInput, law: Dist[M.Fight]) -> Outcome:
    return Outcome.of(law, "result", dists=("result", "a_kills", "b_kills"), events=FIGHT_EVENTS, labels=FIGHT_LABELS)


def fight_sample(p: FightInput, f: M.Fight) -> Sample:
    return {"result": f.result, "a_kills": f.a_kills, "b_kills": f.b_kills,
            **{name: pred(f) for name, pred in FIGHT_EVENTS.items()}}


def _damage_sample_of(p: Any, d: S.Damage) -> Sample:
    return _damage_sample(d)


def _add_procedure(reg: Registry, rule_id: str, title: Message, summary: Message, record: type, procedure: Any,
                   report: Any, sample: Any, rules: tuple[str, ...] = (), **kw: Any) -> Mechanic[Any]:
    """A mechanic written once: its record and its dice procedure (the exact and played faces follow)."""
    return reg.add(Mechanic(rule_id=rule_id, key=rule_id.lower(), title=title, summary=summary, record_type=record,
                            rules=(rule_id, *rules), **derived(procedure, report, sample), **kw))


def register(reg: Registry) -> None:
    """Add this area's mechanics to ``reg``, in the order the chapters teach them."""
    _add_procedure(reg, "SP-SHOOT-DICE-CLASS", msg("Shooting dice by quality, and what they do"),
         msg("One die a shooter, adjusted for quality; each die hits on the lost table number, then rolls its effect."),
         ClassInput, class_procedure, class_report, _damage_sample_of, ("SP-SHOOT-HIT", "SP-SHOOT-HITS"))
    _add_procedure(reg, "SP-SHOOT-DICE-ARTILLERY", msg("Artillery dice and crew Shock"),
         msg("A gun rolls its own number of dice, one fewer per 2 crew Shock except at the shortest band."),
         GunInput, gun_procedure, gun_report, _damage_sample_of, ("SP-SHOOT-GUN-CREW", "SP-SHOOT-HIT", "SP-SHOOT-HITS"))
    _add_procedure(reg, "SP-SHOOT-DICE-MODS", msg("Shooting dice after the modifiers"),
         msg("Whole dice added and removed first, cover last; the per-die bonus from formations."),
         ModsInput, mods_procedure, mods_report, lambda p, n: {"dice": n}, deterministic=True)
    _add_procedure(reg, "SP-SHOOT-HIT", msg("Hits from a volley"),
         msg("Each die plus its bonus hits if it reaches the table number, which the user sets (the cells are lost)."),
         HitInput, hit_procedure, hit_report, lambda p, h: {"hits": h, "any": h > 0})
    _add_procedure(reg, "SP-SHOOT-HIT-TABLE-LINE", msg("To hit: line troops"),
         msg("Weapon and range band pick a cell; out-of-range cells cannot hit; every other cell is lost."),
         LineTableInput, _table_procedure(line_table), _table_report(line_table), _damage_sample_of,
         ("SP-SHOOT-HIT", "SP-SHOOT-HITS"))
    _add_procedure(reg, "SP-SHOOT-HIT-TABLE-SKIRMISH", msg("To hit: light troops in skirmish order"),
         msg("As the line table, in 12″ bands; the rifle at 24–36″ (5+) is the one cell the source gives back."),
         SkirmishTableInput, _table_procedure(skirmish_table), _table_report(skirmish_table), _damage_sample_of,
         ("SP-SHOOT-HIT", "SP-SHOOT-HITS"))
    _add_procedure(reg, "SP-SHOOT-HIT-TABLE-ART", msg("To hit: artillery"),
         msg("Each piece rolls its own dice; every cell in range is lost."),
         ArtTableInput, _table_procedure(art_table), _table_report(art_table), _damage_sample_of,
         ("SP-SHOOT-DICE-ARTILLERY", "SP-SHOOT-HIT", "SP-SHOOT-HITS"))
    _add_procedure(reg, "SP-SHOOT-HITS", msg("What the hits do"),
         msg("One effect die per hit: 1–2 miss, 3–5 Shock, 6 death (the lost row); Shock doubled from ambush."),
         HitsInput, hits_procedure, hits_report,
         lambda p, d: {"deaths": d.deaths, "shock": d.shock, "any_death": d.deaths > 0}, ("SP-AMBUSH",))
    _add_procedure(reg, "SP-HERO-HIT", msg("Is the attached Hero hit?"),
         msg("A d10 (d6 against a skirmish line) at most the men killed puts a hit on the Hero, who rolls his wound."),
         HeroHitInput, hero_hit_procedure, hero_hit_report, lambda p, w: {"hero": w, "hit": w is not H.Wound.UNHURT},
         ("SP-HERO-WOUND",))
    _add_procedure(reg, "SP-HERO-WOUND", msg("The Hero's wound"),
         msg("1–3 light, 4–5 severe, 6 (the lost row) killed."),
         WoundInput, lambda p: H.wound_die(p.six_kills), wound_report, lambda p, w: {"wound": w})
    _add_procedure(reg, "SP-HERO-REPLACE", msg("Replacing a fallen Hero"),
         msg("When his card comes up: elite 3+, veterans 4+, regulars 5+, recruits lost (6+ by default)."),
         ReplaceInput, replace_procedure, replace_report, lambda p, r: {"replaced": r})
    _add_procedure(reg, "SP-SHOOT-RIDER", msg("A 'death' on a mounted figure"),
         msg("Rider or mount, then the mount's fate, then a bolt or a dying run and the rider's fall."),
         RiderInput, lambda p: H.mounted_hit(p.skill), rider_report,
         lambda p, m: {"fate": m, "rider_down": _rider_down(m)},
         ("SP-HERO-RIDER-SKILL",))
    _add_procedure(reg, "SP-HERO-RIDER-SKILL", msg("The rider's fall"),
         msg("One d6, +1 for a skilled rider and −1 for a novice."),
         RiderInput, lambda p: H.fall_die(p.skill), fall_report, lambda p, f: {"fall": f})
    _add_procedure(reg, "SP-SHARPSHOOTER", msg("The sharpshooter's aimed shot"),
         msg("One unmodified d6 read one column nearer, ignoring cover; a 1 ends his special powder."),
         SharpInput, sharp_procedure, sharp_report, sharp_sample, ("SP-SHOOT-HIT-TABLE-SKIRMISH",))
    _add_procedure(reg, "SP-HERO-CAPTURE", msg("Capturing a lone Hero"),
         msg("4 to 1 in dice takes him at once; otherwise he fights, and is taken if he kills fewer."),
         CaptureInput, lambda p: H.capture(p.hero_dice, p.group_dice), capture_report,
         lambda p, c: {"capture": c, "taken": _taken(c)}, ("SP-MELEE-ROLL",))
    _add_procedure(reg, "SP-MELEE-DICE", msg("The melee dice pool"),
         msg("One die a figure, then the list of extra and lost dice."),
         PoolInput, pool_procedure, pool_report, _kills_sample, ("SP-MELEE-ROLL",))
    _add_procedure(reg, "SP-MELEE-MODS-PCT", msg("Melee percentages"),
         msg("The percentages scale the pool: the net once, gains rounded down, losses rounded up."),
         PctInput, pct_procedure, pct_report, _kills_sample, ("SP-MELEE-ROLL",))
    _add_procedure(reg, "SP-MELEE-ROLL", msg("The melee roll"),
         msg("Every 6 kills an enemy man, every 5 gives him a Shock point."),
         RollInput, roll_procedure, roll_report, _kills_sample)
    _add_procedure(reg, "SP-MELEE-RESULT", msg("One round of melee, both sides"),
         msg("Overwhelming odds first; else both roll, and the difference in kills sets how far the loser falls back."),
         FightInput, fight_procedure, fight_report, fight_sample, ("SP-MELEE-OVERWHELM", "SP-MELEE-ROLL"))
