"""Melee (Ближний бой): strikes, weapons, protections, casualties and the result.

As with shooting, one set of per-die predicates (``weapon_hits``,
``horse_strike_hits``) feeds two faces: ``resolve_melee`` rolls real dice the
way players do, and ``melee_exact`` computes the same joint outcome exactly.
Both sides strike with the densities of the start of the slot and remove their
losses at the same time; the densities left afterwards decide the winner.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import lru_cache

from aot_rules.dice.dist import Dist, count_str
from aot_rules.dice.rolls import DiceSource
from aot_rules.errors import RuleError
from aot_rules.units import Unit, remove_from_ranks


class MeleeWeapon(StrEnum):
    """Hand-to-hand weapon classes (AOT-MELEE-HIT-*)."""

    SHOOTER = "shooter"
    SPEAR = "spear"
    PIKE = "pike"
    HALBERD_SPEAR = "halberd-spear"
    HALBERD_AXE = "halberd-axe"
    SWORD = "sword"
    TWO_HANDED = "two-handed"
    LANCE = "lance"

    @property
    def armour_piercing(self) -> bool:
        """AOT-ARMOUR-PIERCING: a warrior saved by shield wall or armour is disordered instead."""
        return self in (MeleeWeapon.HALBERD_AXE, MeleeWeapon.TWO_HANDED, MeleeWeapon.LANCE)

    @property
    def two_handed(self) -> bool:
        """AOT-TWO-HANDED: the user cannot form a shield wall in melee."""
        return self in (MeleeWeapon.PIKE, MeleeWeapon.HALBERD_SPEAR, MeleeWeapon.HALBERD_AXE,
                        MeleeWeapon.TWO_HANDED)

    @property
    def rule_id(self) -> str:
        return {
            MeleeWeapon.SHOOTER: "AOT-MELEE-HIT-SHOOTER",
            MeleeWeapon.SPEAR: "AOT-MELEE-HIT-SPEAR",
            MeleeWeapon.PIKE: "AOT-MELEE-PIKE",
            MeleeWeapon.HALBERD_SPEAR: "AOT-MELEE-HALBERD",
            MeleeWeapon.HALBERD_AXE: "AOT-MELEE-HALBERD",
            MeleeWeapon.SWORD: "AOT-MELEE-HIT-SPECIALIST",
            MeleeWeapon.TWO_HANDED: "AOT-MELEE-TWO-HANDED",
            MeleeWeapon.LANCE: "AOT-MELEE-HIT-LANCE",
        }[self]


FOOT_ONLY = (MeleeWeapon.SPEAR, MeleeWeapon.PIKE, MeleeWeapon.HALBERD_SPEAR, MeleeWeapon.HALBERD_AXE,
             MeleeWeapon.TWO_HANDED)


@dataclass(frozen=True)
class MeleeRules:
    """Switches between readings of ambiguous melee rules; the defaults are the index's readings."""

    armour_first: bool = True  # AOT-MELEE-SHIELDWALL (2): armour cancels sixes, then the shield die the rest
    equal_saves: bool = False  # AOT-MELEE-SHIELDWALL (1): a shield roll equal to density fails
    pike_extra_per_rank: bool = False  # AOT-MELEE-PIKE: +1 die in total, not one per second-rank warrior
    halberd_axe_as_specialist: bool = True  # AOT-MELEE-HALBERD: axe mode hits on > own density
    flank_hits_use_depth: bool = False  # AOT-MELEE-FLANK: hit numbers keep the frontal density
    javelins_pierce_in_melee: bool = False  # AOT-EX-GAULS-JAVELINMEN consistency note


@dataclass(frozen=True)
class Side:
    """One unit in a melee, with how its front rank is armed.

    ``front`` lists the weapons of the front-rank warriors (several entries for
    a mixed-weapon unit, AOT-ARMY-MIXED-WEAPONS); it must account for every
    formed warrior of the front rank.
    """

    unit: Unit
    front: tuple[tuple[MeleeWeapon, int], ...]
    horse_strike: bool = False  # AOT-MELEE-HORSE-STRIKE: moved straight in, or charged frontally by foot
    terrifying: bool = False  # AOT-TERRIFYING
    stubborn: bool = False  # AOT-PROP-STUBBORN
    recruit: bool = False  # AOT-PROP-RECRUIT
    flanked: bool = False  # attacked in flank or rear by the enemy (AOT-MELEE-FLANK)
    javelins: bool = False  # its shooter-class warriors throw javelins
    extras: bool = True  # takes the unit-wide extra die (pike); False for the second share of split dice

    @staticmethod
    def armed(unit: Unit, weapon: MeleeWeapon | str, **kw: bool) -> Side:
        """A unit whose whole front rank carries one weapon."""
        return Side(unit, ((MeleeWeapon(weapon), unit.ranks[0]),), **kw)

    def take_losses(self, killed: int, disordered: int) -> Side:
        """The side after losses; front-rank weapons are trimmed from the last group (the owner's choice)."""
        unit = self.unit.take_losses(killed, disordered)
        excess = sum(n for _, n in self.front) - unit.ranks[0]
        front = list(self.front)
        i = len(front) - 1
        while excess > 0 and i >= 0:
            w, n = front[i]
            cut = min(n, excess)
            front[i] = (w, n - cut)
            excess -= cut
            i -= 1
        if excess < 0:  # the front rank grew (it cannot in a melee, but keep the invariant)
            w, n = front[0]
            front[0] = (w, n - excess)
        return replace(self, unit=unit, front=tuple(f for f in front if f[1] > 0) or ((front[0][0], 0),))

    def check(self) -> None:
        u = self.unit
        if sum(n for _, n in self.front) != u.ranks[0]:
            raise RuleError("AOT-MELEE-STRIKES", f"{u.name}: the front-rank weapons must cover its "
                            f"{u.ranks[0]} front-rank warriors")
        for w, n in self.front:
            if n < 0:
                raise RuleError("AOT-ARMY-MIXED-WEAPONS", "warrior counts cannot be negative")
            if w is MeleeWeapon.LANCE and not u.mounted:
                raise RuleError("AOT-MELEE-HIT-LANCE", f"{u.name}: the lance is a cavalry weapon; foot cannot use it")
            if w in FOOT_ONLY and u.mounted:
                raise RuleError("AOT-MELEE-CAV-OTHER", f"{u.name}: cavalry cannot fight with a {w.value}; "
                                "mounted short spears and swords fight as 'sword'")
        if self.horse_strike and not u.mounted:
            raise RuleError("AOT-MELEE-HORSE-STRIKE", f"{u.name}: only mounted warriors strike with their horses")
        if self.recruit and (self.stubborn or u.veteran):
            raise RuleError("AOT-PROP-RECRUIT", f"{u.name}: recruits may not have any other property")
        if u.panicking or u.formed == 0:
            raise RuleError("AOT-PANIC", f"{u.name}: a panicking unit is never fought in melee; it flees")

    @property
    def uses_two_handed(self) -> bool:
        return any(w.two_handed and n > 0 for w, n in self.front)

    def can_shield_wall(self) -> bool:
        """AOT-MELEE-SHIELDWALL: infantry with shields, no two-handed weapons, not attacked in the flank."""
        return self.unit.shield and not self.unit.mounted and not self.uses_two_handed and not self.flanked


# --- per-die rules ------------------------------------------------------------

def weapon_hits(face: int, weapon: MeleeWeapon, own: int, enemy: int, veteran: bool,
                rules: MeleeRules = MeleeRules()) -> bool:
    """Does one strike die showing ``face`` hit?  Veterans also succeed on equality (AOT-PROP-VETERAN)."""
    below = (lambda x: face <= x) if veteran else (lambda x: face < x)
    above = (lambda x: face >= x) if veteran else (lambda x: face > x)
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


def shield_saves(face: int, density: int, veteran: bool, rules: MeleeRules) -> bool:
    return face <= density if (veteran or rules.equal_saves) else face < density


# --- the dice one side throws ---------------------------------------------------

@dataclass(frozen=True)
class DiceGroup:
    """Dice of one kind: ``count`` dice, hitting with ``weapon`` (None = horse strike)."""

    weapon: MeleeWeapon | None
    count: int


def strike_groups(att: Side, dfn: Side, rules: MeleeRules) -> tuple[DiceGroup, ...]:
    """AOT-MELEE-STRIKES: one die per front-rank warrior, plus pike and horse-strike extras."""
    if att.flanked:
        return ()  # a unit strikes nothing at enemies on its flank or rear
    groups = [DiceGroup(w, n) for w, n in att.front if n > 0]
    ranks = att.unit.ranks
    pikes = sum(n for w, n in att.front if w is MeleeWeapon.PIKE)
    if att.extras and pikes and len(ranks) == 2 and ranks[1] >= ranks[0]:
        groups.append(DiceGroup(MeleeWeapon.PIKE, ranks[1] if rules.pike_extra_per_rank else 1))
    riders = sum(n for _, n in att.front)  # each striking rider's horse strikes once
    if att.horse_strike and att.unit.mounted and not dfn.unit.mounted and riders:
        groups.append(DiceGroup(None, riders))
    return tuple(groups)


# The hit vector: (plain hits on a 6, other plain hits, piercing hits on a 6, other piercing hits, horse hits)
Hits = tuple[int, int, int, int, int]
ZERO_HITS: Hits = (0, 0, 0, 0, 0)


def classify(face: int, g: DiceGroup, att: Side, dfn: Side, rules: MeleeRules) -> Hits:
    """One die's contribution to the hit vector (horse armour turns away weapon hits rolled as 1)."""
    enemy = dfn.unit.depth if (rules.flank_hits_use_depth and dfn.flanked) else dfn.unit.density
    if g.weapon is None:
        return (0, 0, 0, 0, 1) if horse_strike_hits(face, enemy, att.unit.veteran) else ZERO_HITS
    if not weapon_hits(face, g.weapon, att.unit.density, enemy, att.unit.veteran, rules):
        return ZERO_HITS
    if dfn.unit.horse_armour and face == 1:
        return ZERO_HITS
    pierce = g.weapon.armour_piercing or (g.weapon is MeleeWeapon.SHOOTER and att.javelins
                                          and rules.javelins_pierce_in_melee)
    six = face == 6
    return (0, 0, int(six), int(not six), 0) if pierce else (int(six), int(not six), 0, 0, 0)


def _vadd(a: Hits, b: Hits) -> Hits:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4])


def protect(hits: Hits, shield_roll: int | None, dfn: Side, rules: MeleeRules) -> tuple[int, int, int]:
    """Apply armour and the shield wall; return (killed, disordered, saved) before any cap.

    Armour cancels weapon hits rolled as 6; the shield wall cancels up to its roll of the
    remaining weapon hits, plain hits first (the owner's best choice).  Piercing hits that
    would be saved become disordered warriors.  Horse strikes ignore both protections.
    """
    n6, n, a6, a, horse = hits
    armour = dfn.unit.armour
    saved = pierced_saved = 0
    shield = 0
    if shield_roll is not None and dfn.can_shield_wall() and shield_saves(
            shield_roll, dfn.unit.density, dfn.unit.veteran, rules):
        shield = shield_roll
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


def losses(killed: int, disordered: int, att: Side, dfn: Side) -> tuple[int, int]:
    """Terrifying attackers disorder one more per kill; nobody loses more than its formed warriors."""
    if att.terrifying:
        disordered += killed
    formed = dfn.unit.formed
    killed = min(killed, formed)
    return killed, min(disordered, formed - killed)


# --- exact face --------------------------------------------------------------------

@lru_cache(maxsize=65536)
def hit_vector(att: Side, dfn: Side, rules: MeleeRules) -> Dist[Hits]:
    """Exact distribution of the hit vector one side inflicts."""
    total: Dist[Hits] = Dist.point(ZERO_HITS)
    for g in strike_groups(att, dfn, rules):
        one = Dist.die(6).map(lambda f, g=g: classify(f, g, att, dfn, rules))
        for _ in range(g.count):
            total = total.product(one).map(lambda ab: _vadd(ab[0], ab[1]))
    return total


@lru_cache(maxsize=65536)
def inflicted(att: Side, dfn: Side, rules: MeleeRules) -> Dist[tuple[int, int]]:
    """Exact (killed, disordered) that ``att`` inflicts on ``dfn``."""
    shielded = dfn.can_shield_wall()

    def after(h: Hits) -> Dist[tuple[int, int]]:
        if not shielded or h == ZERO_HITS:
            k, d, _ = protect(h, None, dfn, rules)
            return Dist.point(losses(k, d, att, dfn))
        return Dist.die(6).map(lambda r: losses(*protect(h, r, dfn, rules)[:2], att, dfn))

    return hit_vector(att, dfn, rules).bind(after)


def compared(side: Side, lost: int) -> int:
    """AOT-MELEE-RESULT / AOT-MELEE-FLANK: density after losses, or depth if attacked in the flank."""
    ranks = remove_from_ranks(side.unit.ranks, lost)
    return sum(1 for r in ranks if r > 0) if side.flanked else max(ranks)


def result(a: Side, b: Side, a_lost: int, b_lost: int) -> str:
    da, db = compared(a, a_lost), compared(b, b_lost)
    return "A wins" if da > db else "B wins" if db > da else "continue"


RESULTS = ("A wins", "continue", "B wins")


@lru_cache(maxsize=16384)
def melee_exact(a: Side, b: Side, rules: MeleeRules = MeleeRules()) -> Dist[tuple[int, int, int, int, str]]:
    """Exact joint law of (A killed, A disordered, B killed, B disordered, result) for one melee."""
    a.check()
    b.check()
    on_b = inflicted(a, b, rules)
    on_a = inflicted(b, a, rules)
    return on_a.product(on_b).map(
        lambda p: (p[0][0], p[0][1], p[1][0], p[1][1], result(a, b, sum(p[0]), sum(p[1]))))


def retreat_move(unit: Unit) -> int:
    """AOT-MELEE-RETREAT with AOT-MOVE-DISTANCE: the loser's full move, 10″ − density (10″ if panicking)."""
    return 10 if unit.density == 0 else 10 - unit.density


def dp_for(winner_result: str, a: Side, b: Side) -> int:
    """AOT-DEMO-EARN: the winner gains the loser's density at the start of the fight."""
    if winner_result == "A wins":
        return b.unit.density
    if winner_result == "B wins":
        return a.unit.density
    return 0


# --- procedural face ------------------------------------------------------------------

@dataclass(frozen=True)
class StrikeReport:
    dice: tuple[tuple[str, int, bool], ...]  # (kind, face, hit)
    hits: Hits
    shield_roll: int | None
    killed: int
    disordered: int
    saved: int


@dataclass(frozen=True)
class MeleeReport:
    a_strikes: StrikeReport
    b_strikes: StrikeReport
    a_after: Unit
    b_after: Unit
    result: str
    dp: int
    steps: tuple[str, ...] = field(default=())


def _strike(att: Side, dfn: Side, rules: MeleeRules, dice: DiceSource) -> StrikeReport:
    rolled: list[tuple[str, int, bool]] = []
    total = ZERO_HITS
    for g in strike_groups(att, dfn, rules):
        kind = g.weapon.value if g.weapon else "horse"
        for _ in range(g.count):
            f = dice.d6(f"{att.unit.name} {kind}")
            v = classify(f, g, att, dfn, rules)
            rolled.append((kind, f, v != ZERO_HITS))
            total = _vadd(total, v)
    roll = dice.d6(f"{dfn.unit.name} shield wall") if dfn.can_shield_wall() and total != ZERO_HITS else None
    k, d, saved = protect(total, roll, dfn, rules)
    k, d = losses(k, d, att, dfn)
    return StrikeReport(tuple(rolled), total, roll, k, d, saved)


def resolve_melee(a: Side, b: Side, dice: DiceSource, rules: MeleeRules = MeleeRules()) -> MeleeReport:
    """Fight one melee with real dice: A rolls and B saves, then B rolls and A saves; losses land together."""
    a.check()
    b.check()
    sa = _strike(a, b, rules, dice)
    sb = _strike(b, a, rules, dice)
    a_after = a.unit.take_losses(sb.killed, sb.disordered)
    b_after = b.unit.take_losses(sa.killed, sa.disordered)
    res = result(a, b, sb.killed + sb.disordered, sa.killed + sa.disordered)
    dp = dp_for(res, a, b)
    steps = []
    for att, dfn, s in ((a, b, sa), (b, a, sb)):
        faces = ", ".join(f"{f}{'*' if hit else ''}" for _, f, hit in s.dice) or "no dice"
        steps.append(f"{att.unit.name} strike: {faces} → {count_str(sum(s.hits), 'hit')}.")
        if s.shield_roll is not None:
            steps.append(f"{dfn.unit.name} shield wall rolls {s.shield_roll}: {s.saved} saved.")
        steps.append(f"{dfn.unit.name} lose {s.killed} killed, {s.disordered} disordered.")
    steps.append(f"After losses: {a_after.describe()}; {b_after.describe()}.")
    steps.append({"A wins": f"{a.unit.name} win; {b.unit.name} retreat. {a.unit.name}' side gains {dp} DP.",
                  "B wins": f"{b.unit.name} win; {a.unit.name} retreat. {b.unit.name}' side gains {dp} DP.",
                  "continue": "Equal densities: the melee goes on next turn."}[res])
    return MeleeReport(sa, sb, a_after, b_after, res, dp, tuple(steps))


# --- two against one ------------------------------------------------------------------------

def split_dice(b: Side, n_first: int) -> tuple[Side, Side]:
    """B's front-rank strikers divided between two opponents: the first ``n_first`` face A1."""
    f = b.unit.ranks[0]
    if not 0 <= n_first <= f:
        raise RuleError("AOT-MELEE-ENGAGE", f"{b.unit.name} has {f} front-rank strikers to divide, not {n_first}")
    first, rest, left = [], [], n_first
    for w, n in b.front:
        take = min(n, left)
        left -= take
        if take:
            first.append((w, take))
        if n - take:
            rest.append((w, n - take))
    # The copies only carry the strikers (each rider's horse goes with him); ranks stay B's own for
    # densities and the pike rule, and the unit-wide extra die goes with the first share only.
    return (replace(b, front=tuple(first), extras=n_first > 0),
            replace(b, front=tuple(rest), extras=n_first == 0))


TwoVsOne = tuple[int, int, int, int, int, int, str, str]


@lru_cache(maxsize=4096)
def two_vs_one_exact(a1: Side, a2: Side, b: Side, b_on_first: int,
                     rules: MeleeRules = MeleeRules()) -> Dist[TwoVsOne]:
    """Exact law of (A1 k, A1 d, A2 k, A2 d, B k, B d, result vs A1, result vs A2).

    Reading: B divides its front-rank dice between the two (``b_on_first`` face A1) and each
    die uses its own target's density and protections; A1 and A2 both strike B, whose one
    shield roll covers all the hits of the slot; the result is decided pair by pair.
    """
    for s in (a1, a2, b):
        s.check()
    if a1.terrifying or a2.terrifying:
        raise RuleError("AOT-TERRIFYING", "terrifying attackers in a two-against-one fight are not modelled: "
                        "the pooled shield roll cannot say whose kills terrify")
    b1, b2 = split_dice(b, b_on_first)
    on_a1 = _strikes_only(b1, a1, rules)
    on_a2 = _strikes_only(b2, a2, rules)
    # Both A units' hits pooled against one shield roll of B.
    pooled = hit_vector(a1, b, rules).product(hit_vector(a2, b, rules)).map(lambda p: _vadd(*p))
    on_b = pooled.bind(lambda h: Dist.point(losses(*protect(h, None, b, rules)[:2], a1, b))
                       if not b.can_shield_wall() or h == ZERO_HITS else
                       Dist.die(6).map(lambda r: losses(*protect(h, r, b, rules)[:2], a1, b)))

    def fin(x: tuple[tuple[tuple[int, int], tuple[int, int]], tuple[int, int]]) -> TwoVsOne:
        (l1, l2), lb = x
        bl = sum(lb)
        return (*l1, *l2, *lb, result(a1, b, sum(l1), bl), result(a2, b, sum(l2), bl))

    return on_a1.product(on_a2).product(on_b).map(fin)


def _strikes_only(att: Side, dfn: Side, rules: MeleeRules) -> Dist[tuple[int, int]]:
    if not strike_groups(att, dfn, rules):
        return Dist.point((0, 0))
    return inflicted(att, dfn, rules)



def resolve_two_vs_one(a1: Side, a2: Side, b: Side, b_on_first: int, dice: DiceSource,
                       rules: MeleeRules = MeleeRules()
                       ) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int], str, str]:
    """Two against one with real dice: B's split strikes, then A1 and A2 pooled against B's one shield roll."""
    for s in (a1, a2, b):
        s.check()
    if a1.terrifying or a2.terrifying:
        raise RuleError("AOT-TERRIFYING", "terrifying attackers in a two-against-one fight are not modelled")
    b1, b2 = split_dice(b, b_on_first)
    s1 = _strike(b1, a1, rules, dice) if strike_groups(b1, a1, rules) else None
    s2 = _strike(b2, a2, rules, dice) if strike_groups(b2, a2, rules) else None
    total = ZERO_HITS
    for att in (a1, a2):
        for g in strike_groups(att, b, rules):
            for _ in range(g.count):
                total = _vadd(total, classify(dice.d6(f"{att.unit.name} strike"), g, att, b, rules))
    roll = dice.d6(f"{b.unit.name} shield wall") if b.can_shield_wall() and total != ZERO_HITS else None
    lb = losses(*protect(total, roll, b, rules)[:2], a1, b)
    l1 = (s1.killed, s1.disordered) if s1 else (0, 0)
    l2 = (s2.killed, s2.disordered) if s2 else (0, 0)
    return l1, l2, lb, result(a1, b, sum(l1), sum(lb)), result(a2, b, sum(l2), sum(lb))
