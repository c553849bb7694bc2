"""The unit on the table: ranks of formed warriors, disordered warriors beside them, and what
the unit is: mounted or foot, its protections, its weapons and its properties.

Density (плотность строя) is the number of formed warriors in the longest rank;
it drives speed, hit numbers and combat results, so the model keeps the ranks
themselves rather than a single number.  ``Unit`` is immutable: every change
returns a new unit, so a refused action can never leave a half-changed state.
Every refusal about what a unit may be lives in ``Unit.__post_init__``, once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from functools import lru_cache

from aot_rules.aot.equipment import Gear, MeleeWeapon, Missile
from aot_rules.core.errors import RuleError
from aot_rules.core.events import Name
from aot_rules.core.i18n import Message, msg, vocabulary

MAX_FOOT = 10
MAX_MOUNTED = 4
MAX_FOOT_DENSITY = 5
MAX_MOUNTED_DENSITY = 4

Front = tuple[tuple[MeleeWeapon, int], ...]


@vocabulary({
    'warriors': msg('warriors'), 'camels': msg('camels'), 'elephant': msg('elephant'), 'chariot': msg('chariot'),
    'scythed-chariot': msg('scythed-chariot'), 'battle-cart': msg('battle-cart'), 'war-wagon': msg('war-wagon'),
    'artillery': msg('artillery')
})
class Body(StrEnum):
    """What a unit is besides warriors on a base: the exotic troops of AOT-CAMEL … AOT-ART-CREW.

    The body decides what ``ranks`` count (an elephant's warriors aboard, a chariot's horses, a
    wagon's or a gun's crew), how the unit strikes and how hits harm it; everything else about the
    unit (weapon, veteran, losses) is the ordinary model.
    """

    WARRIORS = "warriors"
    CAMELS = "camels"  # AOT-CAMEL: riders on camels
    ELEPHANT = "elephant"  # AOT-ELEPHANT-UNIT: ranks = (warriors aboard, driver included,)
    CHARIOT = "chariot"  # AOT-CHARIOT-BASICS: ranks = (horses,)
    SCYTHED = "scythed-chariot"  # AOT-CHARIOT-SCYTHED
    CART = "battle-cart"  # AOT-CART-SUMERIAN: a chariot without the horse strike
    WAR_WAGON = "war-wagon"  # AOT-WAR-WAGON: ranks = the crew's
    ARTILLERY = "artillery"  # AOT-ART-CREW: ranks = the crew's, density 2

    @property
    def noun(self) -> Message:
        """The body in a sentence: "an elephant", "a war wagon"."""
        return {Body.WARRIORS: msg("warriors"), Body.CAMELS: msg("camel riders"), Body.ELEPHANT: msg("an elephant"),
                Body.CHARIOT: msg("a chariot"), Body.SCYTHED: msg("a scythed chariot"),
                Body.CART: msg("a battle cart"), Body.WAR_WAGON: msg("a war wagon"),
                Body.ARTILLERY: msg("an artillery piece")}[self]

    @property
    def kind(self) -> Message:
        """The body as a kind of unit: "a {kind} unit"."""
        return {Body.WARRIORS: msg("warriors"), Body.CAMELS: msg("camels"), Body.ELEPHANT: msg("elephant"),
                Body.CHARIOT: msg("chariot"), Body.SCYTHED: msg("scythed chariot"), Body.CART: msg("battle cart"),
                Body.WAR_WAGON: msg("war wagon"), Body.ARTILLERY: msg("artillery")}[self]

    @property
    def chariot(self) -> bool:
        """Chariots, scythed chariots and Sumerian carts share the chariot rules."""
        return self in (Body.CHARIOT, Body.SCYTHED, Body.CART)

    @property
    def only_veteran(self) -> bool:
        """An elephant, a chariot or a gun may have no property but veteran (a commander riding it) and no
        shields or armour of its own (AOT-ELEPHANT-UNIT, AOT-CHARIOT-BASICS, AOT-ART-CREW)."""
        return self in (Body.ELEPHANT, Body.ARTILLERY) or self.chariot

    @property
    def property_rule(self) -> str:
        """The rule that limits the body's properties: every kind of chariot is limited by the chariots' rule."""
        return "AOT-CHARIOT-BASICS" if self.chariot else self.rule_id

    @property
    def wounded(self) -> bool:
        """Hits threaten the whole beast or vehicle (a hit test) instead of killing warriors."""
        return self is Body.ELEPHANT or self.chariot

    @property
    def rule_id(self) -> str:
        return {Body.WARRIORS: "AOT-ARMY-UNIT-SIZE", Body.CAMELS: "AOT-CAMEL", Body.ELEPHANT: "AOT-ELEPHANT-UNIT",
                Body.CHARIOT: "AOT-CHARIOT-BASICS", Body.SCYTHED: "AOT-CHARIOT-SCYTHED", Body.CART: "AOT-CART-SUMERIAN",
                Body.WAR_WAGON: "AOT-WAR-WAGON", Body.ARTILLERY: "AOT-ART-CREW"}[self]


#: AOT-ELEPHANT-UNIT: crew plus driver; AOT-WAR-WAGON and AOT-ART-CREW: the crews; chariots: horses.
MAX_ABOARD = 4
WAGON_CREW = 6
GUN_CREW = 4
GUN_DENSITY = 2
MAX_HORSES = 4


@vocabulary({
    'stubborn': msg('stubborn'), 'regular': msg('regular'), 'initiative': msg('initiative'),
    'barbarian': msg('barbarian'), 'veteran': msg('veteran')
})
class Property(StrEnum):
    """The properties a unit can have (AOT-PROP-*), each a flag of :class:`Unit`; an elite unit picks two of
    them (AOT-PROP-ELITE).  Recruits (AOT-PROP-RECRUIT) are not among them: being a recruit rules every
    property out."""

    STUBBORN = "stubborn"
    REGULAR = "regular"
    INITIATIVE = "initiative"
    BARBARIAN = "barbarian"
    VETERAN = "veteran"

    @property
    def rule_id(self) -> str:
        return f"AOT-PROP-{self.name}"


@vocabulary({'formed': msg('formed'), 'disordered': msg('disordered'), 'removed': msg('removed')})
class WarriorState(StrEnum):
    """AOT-WARRIOR-STATES."""

    FORMED = "formed"
    DISORDERED = "disordered"
    REMOVED = "removed"


@lru_cache(maxsize=4096)
def remove_from_ranks(ranks: tuple[int, ...], n: int) -> tuple[int, ...]:
    """AOT-CASUALTY-REMOVAL: take ``n`` warriors off, longest rank first, front rank on a tie.

    >>> remove_from_ranks((3, 4), 1), remove_from_ranks((4, 4), 3)
    ((3, 3), (2, 3))
    """
    if n > sum(ranks):
        raise RuleError("AOT-CASUALTY-REMOVAL", msg("cannot remove {n} warriors from ranks {ranks}", n=n, ranks=ranks))
    r = list(ranks)
    for _ in range(n):
        longest = max(r)
        r[r.index(longest)] -= 1  # index() finds the front-most of equal ranks
    return tuple(r)


def density_after(ranks: tuple[int, ...], lost: int, *, flank: bool = False) -> int:
    """The density a result compares: after ``lost`` warriors leave the ranks, or the depth (ranks
    still holding anyone) for a unit taken in the flank (AOT-SHOOT-RESULT, AOT-MELEE-RESULT,
    AOT-MELEE-FLANK, AOT-SHOOT-FLANK).

    >>> density_after((4, 4), 3), density_after((4, 4), 3, flank=True), density_after((2, 1), 2, flank=True)
    (3, 2, 1)
    """
    left = remove_from_ranks(ranks, lost)
    return sum(1 for r in left if r > 0) if flank else max(left)


@dataclass(frozen=True)
class Unit:
    """A unit on one base.

    ``ranks`` lists formed warriors per rank, front first (one or two ranks);
    ``disordered`` counts warriors standing off the base.  ``weapon`` arms the
    whole front rank unless ``mix`` lists a mixed front rank weapon by weapon
    (AOT-ARMY-MIXED-WEAPONS); ``missile`` is what its shooters shoot or throw.

    >>> u = Unit(ranks=(4, 4), shield=True)
    >>> u.density, u.strength, str(u.take_losses(1, 2).describe())
    (4, 8, 'unit: ranks 2+3 (density 3), 2 disordered')
    """

    name: Name = "unit"  # shown beside the unit (on the table, its piece's name); events carry it, nothing parses it
    ranks: tuple[int, ...] = (4, 4)
    disordered: int = 0
    mounted: bool = False
    shield: bool = False
    armour: bool = False
    horse_armour: bool = False
    pavise: bool = False
    weapon: MeleeWeapon = MeleeWeapon.SWORD
    mix: Front = ()
    missile: Missile | None = None
    veteran: bool = False  # AOT-PROP-VETERAN
    stubborn: bool = False  # AOT-PROP-STUBBORN
    recruit: bool = False  # AOT-PROP-RECRUIT
    regular: bool = False  # AOT-PROP-REGULAR: a failed disorder test is rolled again
    initiative: bool = False  # AOT-PROP-INITIATIVE
    barbarian: bool = False  # AOT-PROP-BARBARIAN
    terrifying: bool = False  # AOT-TERRIFYING
    defensive: bool = False  # AOT-REFORM-DEFENSIVE-5: formed up at density 5 to receive cavalry; cannot move
    body: Body = Body.WARRIORS  # what the unit is, for the exotic troops

    def __post_init__(self) -> None:
        rid = "AOT-ARMY-UNIT-SIZE"
        if not 1 <= len(self.ranks) <= 2:
            raise RuleError(rid, msg("a unit stands in one or two ranks"))
        if any(r < 0 for r in self.ranks) or self.disordered < 0:
            raise RuleError(rid, msg("warrior counts cannot be negative"))
        if self.mounted and len(self.ranks) != 1:
            raise RuleError(rid, msg("mounted troops always stand in a single rank"))
        cap = MAX_MOUNTED if self.mounted else MAX_FOOT
        if self.strength > cap:
            if self.body is not Body.WARRIORS:
                raise RuleError(rid, msg("a {kind} unit has at most {cap} warriors, not {strength}",
                                         kind=self.body.kind, cap=cap, strength=self.strength))
            if self.mounted:
                raise RuleError(rid, msg("a mounted unit has at most {cap} warriors, not {strength}", cap=cap,
                                         strength=self.strength))
            raise RuleError(rid, msg("a foot unit has at most {cap} warriors, not {strength}", cap=cap,
                                     strength=self.strength))
        dmax = MAX_MOUNTED_DENSITY if self.mounted else MAX_FOOT_DENSITY
        if self.density > dmax:
            raise RuleError("AOT-DENSITY-LIMITS", msg("density {density} is above the maximum {top}",
                                                      density=self.density, top=dmax))
        if self.horse_armour and not self.mounted:
            raise RuleError("AOT-SHOOT-HORSE-ARMOUR", msg("only mounted units have horse armour"))
        if self.mix:
            if any(n < 0 for _, n in self.mix):
                raise RuleError("AOT-ARMY-MIXED-WEAPONS", msg("warrior counts cannot be negative"))
            if sum(n for _, n in self.mix) != self.ranks[0]:
                raise RuleError("AOT-MELEE-STRIKES", msg("{unit}: the front-rank weapons must cover its {front} "
                                                         "front-rank warriors", unit=self.name, front=self.ranks[0]))
        for w, _ in self.front:
            if w is MeleeWeapon.LANCE and not self.mounted:
                raise RuleError("AOT-MELEE-HIT-LANCE", msg("{unit}: the lance is a cavalry weapon; foot cannot use it",
                                                           unit=self.name))
            if w.foot_only and self.mounted:
                raise RuleError("AOT-MELEE-CAV-OTHER", msg("{unit}: cavalry cannot fight with a {weapon}; mounted "
                                                           "short spears and swords fight as 'sword'", unit=self.name,
                                                           weapon=w.value))
        if self.defensive and self.mounted:
            raise RuleError("AOT-REFORM-DEFENSIVE-5", msg("{unit}: only infantry can form the defensive formation",
                                                          unit=self.name))
        if self.body is not Body.WARRIORS:
            self._check_body()
        if self.recruit and (self.stubborn or self.veteran or self.regular or self.initiative or self.barbarian):
            raise RuleError("AOT-PROP-RECRUIT", msg("{unit}: recruits may not have any other property",
                                                    unit=self.name))

    def _check_body(self) -> None:
        """What an elephant, a chariot, a wagon or a gun may be (their builders live with their rules)."""
        b, rid = self.body, self.body.rule_id
        if b is Body.CAMELS:
            if not self.mounted:
                raise RuleError(rid, msg("{unit}: camel riders are mounted", unit=self.name))
            return
        if (b is Body.ELEPHANT or b.chariot) and len(self.ranks) != 1:
            raise RuleError(rid, msg("{unit}: {body} stands on one large base, as one rank", unit=self.name,
                                     body=b.noun))
        if b.chariot and not self.mounted:
            raise RuleError(rid, msg("{unit}: a chariot's horses make it mounted", unit=self.name))
        if b.chariot != self.mounted:
            raise RuleError(rid, msg("{unit}: {body} is not a mounted unit", unit=self.name, body=b.noun))
        # 0 is a lost elephant or a destroyed chariot (everyone aboard gone, AOT-ELEPHANT-WOUND, AOT-CHARIOT-WOUND):
        # the state the played face's losses leave; the builders refuse to make one with nobody aboard.
        if b is Body.ELEPHANT and not 0 <= self.ranks[0] <= MAX_ABOARD:
            raise RuleError(rid, msg("{unit}: an elephant carries 1 to {most} warriors (driver and crew), not {n}",
                                     unit=self.name, most=MAX_ABOARD, n=self.ranks[0]))
        if b.chariot and not 0 <= self.ranks[0] <= MAX_HORSES:
            raise RuleError(rid, msg("{unit}: a chariot has 1 to {most} horses, not {n}", unit=self.name,
                                     most=MAX_HORSES, n=self.ranks[0]))
        if b is Body.WAR_WAGON and self.strength > WAGON_CREW:
            raise RuleError(rid, msg("{unit}: a war wagon's crew is at most {most} warriors", unit=self.name,
                                     most=WAGON_CREW))
        if b is Body.ARTILLERY and self.strength > GUN_CREW:
            raise RuleError(rid, msg("{unit}: an artillery crew is {crew} civilians, not {n}", unit=self.name,
                                     crew=GUN_CREW, n=self.strength))
        if b.only_veteran:
            if self.shield or self.armour or self.horse_armour or self.pavise:
                raise RuleError(rid, msg("{unit}: {body} has no shields or armour of its own", unit=self.name,
                                         body=b.noun))
            if self.stubborn or self.recruit or self.regular or self.initiative or self.barbarian:
                raise RuleError(rid, msg("{unit}: the only property {body} may have is veteran (a commander riding it)",
                                         unit=self.name, body=b.noun))

    # --- derived state ----------------------------------------------
    @property
    def kind(self) -> str:
        if self.body is not Body.WARRIORS:
            return self.body.value.replace("-", " ")
        return "mounted" if self.mounted else "foot"

    @property
    def formed(self) -> int:
        return sum(self.ranks)

    @property
    def gear(self) -> frozenset[Gear]:
        """The defensive gear the unit wears.

        >>> sorted(Unit(ranks=(4, 4), shield=True, armour=True).gear)
        [<Gear.ARMOUR: 'armour'>, <Gear.SHIELD: 'shield'>]
        """
        return frozenset(g for g, on in ((Gear.SHIELD, self.shield), (Gear.ARMOUR, self.armour),
                                         (Gear.HORSE_ARMOUR, self.horse_armour), (Gear.PAVISE, self.pavise)) if on)

    @property
    def properties(self) -> frozenset[Property]:
        """The unit's properties (AOT-PROP-*)."""
        return frozenset(p for p, on in ((Property.STUBBORN, self.stubborn), (Property.REGULAR, self.regular),
                                         (Property.INITIATIVE, self.initiative), (Property.BARBARIAN, self.barbarian),
                                         (Property.VETERAN, self.veteran)) if on)

    @property
    def strength(self) -> int:
        """All warriors, formed and disordered (численность)."""
        return self.formed + self.disordered

    @property
    def density(self) -> int:
        """AOT-DENSITY: formed warriors in the longest rank; 0 when panicking."""
        return max(self.ranks)

    @property
    def depth(self) -> int:
        """Density seen from the flank: the number of ranks that still hold formed warriors."""
        return sum(1 for r in self.ranks if r > 0)

    @property
    def panicking(self) -> bool:
        """AOT-PANIC: every remaining warrior is disordered."""
        return self.formed == 0 and self.disordered > 0

    @property
    def destroyed(self) -> bool:
        return self.strength == 0

    @property
    def front(self) -> Front:
        """The weapons of the front rank, weapon by weapon."""
        return self.mix or ((self.weapon, self.ranks[0]),)

    def state_counts(self) -> dict[WarriorState, int]:
        return {WarriorState.FORMED: self.formed, WarriorState.DISORDERED: self.disordered}

    # --- changes ----------------------------------------------------
    def take_losses(self, killed: int, disordered: int) -> Unit:
        """Remove ``killed`` and disorder ``disordered`` formed warriors (AOT-CASUALTY-REMOVAL).

        A mixed front rank loses from its last weapon group first (the owner's choice).
        Raises RuleError, and changes nothing, when the unit has too few formed warriors.
        """
        if killed < 0 or disordered < 0:
            raise RuleError("AOT-CASUALTY-REMOVAL", msg("losses cannot be negative"))
        if killed + disordered > self.formed:
            raise RuleError("AOT-CASUALTY-REMOVAL", msg("{unit} has {formed} formed warriors, cannot lose {lost}",
                                                        unit=self.name, formed=self.formed, lost=killed + disordered))
        ranks = remove_from_ranks(self.ranks, killed + disordered)
        return replace(self, ranks=ranks, disordered=self.disordered + disordered, mix=trim_mix(self.mix, ranks[0]))

    def describe(self) -> Message:
        """The unit as a player reads it: name, ranks, density and the disordered warriors beside it."""
        ranks = "+".join(str(r) for r in self.ranks)
        if self.disordered:
            return msg("{unit}: ranks {ranks} (density {density}), {disordered} disordered", unit=self.name,
                       ranks=ranks, density=self.density, disordered=self.disordered)
        return msg("{unit}: ranks {ranks} (density {density})", unit=self.name, ranks=ranks, density=self.density)


def trim_mix(mix: Front, front: int) -> Front:
    """A mixed front rank cut down to ``front`` warriors, from the last group."""
    if not mix:
        return mix
    out, left = [], front
    for w, n in mix:
        out.append((w, min(n, left)))
        left -= min(n, left)
    return tuple(g for g in out if g[1] > 0) or ((mix[0][0], 0),)


def unit_of(density: int, formed: int, name: str = "unit") -> Unit:
    """A unit of ``density`` with ``formed`` warriors: a full front rank, the rest behind it.

    Refuses (AOT-DENSITY) counts that one or two ranks of that density cannot hold.
    """
    if not density <= formed <= 2 * density:
        raise RuleError("AOT-DENSITY", msg("a unit of density {density} in one or two ranks has {density} to {most} "
                                           "formed warriors, not {formed}", density=density, most=2 * density,
                                           formed=formed))
    return Unit(name=name, ranks=(density, formed - density) if formed > density else (density,))
