"""Movement in the skirmish fragment: action dice of inches, the formation table, Heroes,
animals, Shock, rough ground, turning and passing through friends (source §5.2–5.7).

A move is a handful of d6, one per Action Die (AD) spent on movement (SP-MOVE-DICE), each
with a per-die bonus from the troops' order (SP-MOVE-FORMATION-TABLE); rough ground then cuts
every die (SP-TERRAIN-ROUGH, never below 0) and Shock cuts the total (SP-MOVE-SHOCK).  A move
is therefore described by the tuple of its dice's bonuses (:func:`order_bonuses`), and one
dice procedure (:func:`move_dice`, evaluated by :func:`move_law`, played by :func:`play_move`) serves every
kind of mover: Groups, lone Heroes and pack animals.

Readings (see the book's pages): the two lost table cells are parameters (default: no
bonus); an extra die (gallop, fast fall-back) takes the per-die bonus too; Shock cuts the
total once; the terrain cut applies to the die after its bonus.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from aot_rules.core.dice import DiceSource
from aot_rules.core.dist import Dist
from aot_rules.core.errors import RuleError
from aot_rules.core.evaluate import evaluate, play
from aot_rules.core.events import Said, clauses
from aot_rules.core.i18n import Message, msg, vocabulary
from aot_rules.core.procedure import Proc, both, die, done

#: The lone Hero's fixed number of dice (SP-MOVE-HERO): he moves at skirmish speed on two.
HERO_DICE = 2
#: Loaded pack or draught animals always move two dice (SP-MOVE-ANIMALS).
LOADED_ANIMAL_DICE = 2
#: A gun is placed within this many inches of its team when unlimbered (SP-MOVE-UNLIMBER).
UNLIMBER_RADIUS = 4
#: The caption of a movement die.
MOVEMENT_DIE = msg("movement die")


@vocabulary({
    "column": msg('infantry column'), "line": msg('infantry line'),
    "skirmish": msg('skirmish order'),
    "skirmish-fallback": msg('skirmish order falling back fast'),
    "walk": msg('cavalry at walk'), "trot": msg('cavalry at trot'),
    "gallop": msg('cavalry at gallop')
}, formerly={
    "infantry column": "column", "infantry line": "line", "skirmish order": "skirmish",
    "skirmish order falling back fast": "skirmish-fallback", "cavalry at walk": "walk", "cavalry at trot": "trot",
    "cavalry at gallop": "gallop"
})
class Order(StrEnum):
    """The rows of the movement table that give dice (SP-MOVE-FORMATION-TABLE)."""

    COLUMN = "column"
    LINE = "line"
    SKIRMISH = "skirmish"
    SKIRMISH_FALLBACK = "skirmish-fallback"
    WALK = "walk"
    TROT = "trot"
    GALLOP = "gallop"

    @property
    def mounted(self) -> bool:
        return self in (Order.WALK, Order.TROT, Order.GALLOP)


@dataclass(frozen=True)
class TableBlanks:
    """The two cells of the movement table the source lost: a per-die bonus each (Reading: 0)."""

    line: int = 0
    walk: int = 0


#: The cells the source prints: (per-die bonus, extra dice beyond the AD spent). Line and walk are blank.
PRINTED = {Order.COLUMN: (1, 0), Order.SKIRMISH: (1, 0), Order.SKIRMISH_FALLBACK: (1, 1),
           Order.TROT: (3, 0), Order.GALLOP: (3, 1)}


def order_bonuses(order: Order, ad: int, blanks: TableBlanks = TableBlanks(), *,
                  bonus_on_extra: bool = True) -> tuple[int, ...]:
    """The per-die bonuses of a move on ``ad`` Action Dice in ``order``: one entry per die rolled.

    >>> order_bonuses(Order.COLUMN, 2), order_bonuses(Order.GALLOP, 2)
    ((1, 1), (3, 3, 3))
    >>> order_bonuses(Order.GALLOP, 2, bonus_on_extra=False)
    (3, 3, 0)
    """
    if ad < 1:
        raise RuleError("SP-MOVE-DICE", msg("a move needs at least 1 Action Die, not {ad}", ad=ad))
    if order is Order.LINE:
        return (blanks.line,) * ad
    if order is Order.WALK:
        return (blanks.walk,) * ad
    bonus, extra = PRINTED[order]
    return (bonus,) * ad + (bonus if bonus_on_extra else 0,) * extra


def limbered_gun_order(horse: bool, trot: bool, turn: int) -> Order:
    """How a limbered gun moves (the table's two artillery rows): as cavalry at walk; horse
    artillery may also trot, foot artillery only on every third turn (turns 3, 6, 9, …)."""
    if turn < 1:
        raise RuleError("SP-MOVE-FORMATION-TABLE", msg("turns are counted from 1, not {turn}", turn=turn))
    if not trot:
        return Order.WALK
    if not horse and turn % 3:
        raise RuleError("SP-MOVE-FORMATION-TABLE",
                        msg("foot artillery may trot only every third turn, not on turn {turn}", turn=turn))
    return Order.TROT


@vocabulary({
    "foot": msg('on foot'), "walk": msg('mounted at walk'),
    "trot": msg('mounted at trot'), "gallop": msg('mounted at gallop')
}, formerly={
    "on foot": "foot", "mounted at walk": "walk", "mounted at trot": "trot", "mounted at gallop": "gallop"
})
class HeroMount(StrEnum):
    """How a lone Hero travels (SP-MOVE-HERO)."""

    FOOT = "foot"
    WALK = "walk"
    TROT = "trot"
    GALLOP = "gallop"


def hero_bonuses(mount: HeroMount, blanks: TableBlanks = TableBlanks(), *,
                 bonus_on_extra: bool = True) -> tuple[int, ...]:
    """A lone Hero's dice: on foot, two at skirmish speed (+1 each); mounted, two as cavalry."""
    if mount is HeroMount.FOOT:
        return order_bonuses(Order.SKIRMISH, HERO_DICE)
    order = {HeroMount.WALK: Order.WALK, HeroMount.TROT: Order.TROT, HeroMount.GALLOP: Order.GALLOP}[mount]
    return order_bonuses(order, HERO_DICE, blanks, bonus_on_extra=bonus_on_extra)


@vocabulary({
    'loaded': msg('loaded'), "ridden-walk": msg('ridden at walk'), "ridden-gallop": msg('ridden at gallop')
}, formerly={
    "ridden at walk": "ridden-walk", "ridden at gallop": "ridden-gallop"
})
class AnimalLoad(StrEnum):
    """What a horse, donkey, mule or ox is doing (SP-MOVE-ANIMALS)."""

    LOADED = "loaded"
    RIDDEN_WALK = "ridden-walk"
    RIDDEN_GALLOP = "ridden-gallop"


def animal_bonuses(load: AnimalLoad, ad: int, blanks: TableBlanks = TableBlanks(), *,
                   relative_to_cavalry: bool = True) -> tuple[int, ...]:
    """An animal's dice: loaded, two plain d6; ridden, −1″ a die at walk and +1″ a die at gallop,
    measured from cavalry at the same pace (the Reading) or from a plain d6 (the alternative)."""
    if load is AnimalLoad.LOADED:
        return (0,) * LOADED_ANIMAL_DICE
    shift = -1 if load is AnimalLoad.RIDDEN_WALK else 1
    if not relative_to_cavalry:
        if ad < 1:
            raise RuleError("SP-MOVE-DICE", msg("a move needs at least 1 Action Die, not {ad}", ad=ad))
        return (shift,) * ad
    order = Order.WALK if load is AnimalLoad.RIDDEN_WALK else Order.GALLOP
    return tuple(b + shift for b in order_bonuses(order, ad, blanks))


@vocabulary({'open': msg('open'), 'rough': msg('rough'), "very-rough": msg('very rough')}, formerly={
    "very rough": "very-rough"
})
class Ground(StrEnum):
    """How bad the ground is (SP-TERRAIN-ROUGH): each die is cut by 0, 1 or 2 inches."""

    OPEN = "open"
    ROUGH = "rough"
    VERY_ROUGH = "very-rough"

    @property
    def cut(self) -> int:
        return {Ground.OPEN: 0, Ground.ROUGH: 1, Ground.VERY_ROUGH: 2}[self]


#: The one terrain whose cut the source names (its swamp example): 2″ a die.
SWAMP = Ground.VERY_ROUGH


def worst_ground(*grounds: Ground) -> Ground:
    """Troops crossing several kinds of ground move as over the worst of them (SP-TERRAIN-MIXED)."""
    if not grounds:
        raise RuleError("SP-TERRAIN-MIXED", msg("name at least one kind of ground"))
    return max(grounds, key=lambda g: g.cut)


def check_ground(mounted: bool, ground: Ground, formation: bool = False) -> None:
    """Cavalry Groups cannot enter very rough ground, nor keep a Formation in it (SP-TERRAIN-CAV).

    Reading: "very rough" (сильно пересечённая) is the 2″-a-die kind.
    """
    if mounted and ground is Ground.VERY_ROUGH:
        if formation:
            raise RuleError("SP-TERRAIN-CAV", msg("cavalry cannot keep a Formation in very rough ground"))
        raise RuleError("SP-TERRAIN-CAV", msg("cavalry cannot enter very rough ground"))


def die_inches(face: int, bonus: int, cut: int = 0, *, cut_bare_die: bool = False) -> int:
    """What one movement die is worth: its face plus the order's bonus, less the ground's cut,
    never below 0.  Reading: the cut applies to the die with its bonus; ``cut_bare_die`` is the
    alternative (the bare face is cut and floored first, then the bonus is added)."""
    if cut_bare_die:
        return max(0, max(0, face - cut) + bonus)
    return max(0, face + bonus - cut)


def _check(bonuses: tuple[int, ...], cut: int, shock: int) -> None:
    if not bonuses:
        raise RuleError("SP-MOVE-DICE", msg("a move needs at least one die"))
    if cut < 0:
        raise RuleError("SP-TERRAIN-ROUGH", msg("ground cuts 0, 1 or 2 inches a die, not {cut}", cut=cut))
    if shock < 0:
        raise RuleError("SP-MOVE-SHOCK", msg("Shock cannot be negative ({shock})", shock=shock))


def move_dice(bonuses: tuple[int, ...], cut: int = 0, shock: int = 0, *, shock_per_die: bool = False,
              cut_bare_die: bool = False, who: Message | str = msg("the Group")) -> Proc[int]:
    """A move as a dice procedure: one movement die per bonus, each worth its face and bonus less the ground's cut
    (never below 0) and told as it is rolled; then Shock off the total; the value is the inches moved.

    Reading (SP-MOVE-SHOCK): Shock cuts the total once, 1″ a point; ``shock_per_die`` is the
    alternative, in which every die loses 1″ a Shock point.  Each die is added to the total so far as an
    independent part, so the exact law is built once per total so far, never once per face."""
    _check(bonuses, cut, shock)
    loss = cut + (shock if shock_per_die else 0)

    def one(bonus: int) -> Proc[int]:
        def said(face: int) -> Said:
            worth = die_inches(face, bonus, loss, cut_bare_die=cut_bare_die)
            parts = [msg("the die shows {face}", face=face)]
            if bonus > 0:
                parts.append(msg("+{bonus} for the order", bonus=bonus))
            elif bonus < 0:
                parts.append(msg("-{bonus} for the order", bonus=-bonus))
            if loss:
                parts.append(msg("−{loss} for ground and Shock", loss=loss) if shock_per_die
                             else msg("−{loss} for the ground", loss=loss))
            if face + bonus - loss < 0 and not cut_bare_die:
                return Said(msg("{steps}: {worth}″ (a die cannot go below 0).", steps=clauses(parts), worth=worth))
            return Said(msg("{steps}: {worth}″.", steps=clauses(parts), worth=worth))

        return die(6, MOVEMENT_DIE, read=lambda face: die_inches(face, bonus, loss, cut_bare_die=cut_bare_die),
                   note=said)

    total: Proc[int] = done(0)
    for b in bonuses:
        total = _plus(total, one(b))
    if shock and not shock_per_die:
        total = total.map(lambda t: (t, max(0, t - shock))).log(
            lambda tm: Said(msg("{total}″ less {shock}″ for Shock leaves {moved}″.", total=tm[0], shock=shock,
                                moved=tm[1]))).map(lambda tm: tm[1])
    return total.log(lambda t: Said(msg("{who} moves {total}″.", who=who, total=t)))


def _plus(total: Proc[int], step: Proc[int]) -> Proc[int]:
    """The total so far, then one more die added to it (independent parts: the law is their convolution)."""
    return both(total, step).map(sum)


def move_law(bonuses: tuple[int, ...], cut: int = 0, shock: int = 0, *, shock_per_die: bool = False,
             cut_bare_die: bool = False) -> Dist[int]:
    """The exact law of the inches moved (:func:`move_dice`): the dice's worths added, less Shock (never below 0).

    >>> move_law((0, 0), cut=2)[4] == Fraction(7, 36)
    True
    """
    return evaluate(move_dice(bonuses, cut, shock, shock_per_die=shock_per_die, cut_bare_die=cut_bare_die))


def dice_text(bonuses: tuple[int, ...]) -> str:
    """The move in dice notation: ``3d6 + 9`` (uneven bonuses are listed per die).

    >>> dice_text((3, 3, 3)), dice_text((0, 0)), dice_text((-1,)), dice_text((3, 3, 0))
    ('3d6 + 9', '2d6', '1d6 − 1', '3d6 with +3, +3, +0')
    """
    n = len(bonuses)
    if len(set(bonuses)) > 1:
        return f"{n}d6 with " + ", ".join(f"{b:+d}" for b in bonuses)
    total = sum(bonuses)
    return f"{n}d6" + ("" if total == 0 else f" + {total}" if total > 0 else f" − {-total}")


def play_move(bonuses: tuple[int, ...], dice: DiceSource, cut: int = 0, shock: int = 0, *,
              shock_per_die: bool = False, cut_bare_die: bool = False, who: Message | str = msg("the Group")) -> int:
    """Roll a move die by die, as a player does, telling each step (:func:`move_dice` played); returns the inches
    moved."""
    return play(move_dice(bonuses, cut, shock, shock_per_die=shock_per_die, cut_bare_die=cut_bare_die, who=who), dice)


# --- facing, formations, passing through (no dice) ---------------------------------------------

def turn_cost(degrees: int, formation: bool) -> int:
    """Inches of movement a turn costs (SP-FACING): nothing for a Group; for a Formation 1″ up to
    90° and 2″ up to 180°."""
    if not 0 <= degrees <= 180:
        raise RuleError("SP-FACING", msg("a turn is between 0° and 180°, not {degrees}°", degrees=degrees))
    if not formation or degrees == 0:
        return 0
    return 1 if degrees <= 90 else 2


def reforming_distance(distances: tuple[Fraction, ...]) -> Fraction:
    """A Formation changing formation or facing moves at its slowest man's pace: the move it needs
    is the longest any man has to go to his new place (SP-FACING; the deploy-into-line example)."""
    if not distances:
        raise RuleError("SP-FACING", msg("a Formation has at least one man to move"))
    return max(distances)


def formation_speed(group_moves: tuple[int, ...]) -> int:
    """A Formation rolls its move once but goes at its slowest Group's pace (SP-MOVE-SHOCK): the
    least of what each Group's Shock leaves of the roll."""
    if not group_moves:
        raise RuleError("SP-MOVE-SHOCK", msg("a Formation has at least one Group"))
    return min(group_moves)


@dataclass(frozen=True)
class PassThrough:
    """What passing through friends costs (SP-PASS-THROUGH)."""

    ad_cost: int
    disordered: bool


def pass_through(formation_passed: bool, opened_ranks: bool) -> PassThrough:
    """Passing through friends is free, but a Formation passed through is disordered, unless it
    opened its ranks beforehand for 1 AD.  Reading: it is the Formation passed through that
    suffers, since opening ranks is its remedy."""
    if opened_ranks and not formation_passed:
        raise RuleError("SP-PASS-THROUGH", msg("only a Formation opens its ranks"))
    return PassThrough(1 if opened_ranks else 0, formation_passed and not opened_ranks)


def obstacle_cost(height: int, ladders: bool = False, needs_ladders: bool = False) -> int:
    """Action Dice to cross a wall, hedge or fence (SP-TERRAIN-OBSTACLE): 1 for a low one, 2 for a
    high one; some can only be crossed with ladders."""
    if height not in (1, 2):
        raise RuleError("SP-TERRAIN-OBSTACLE", msg("an obstacle is low (1) or high (2), not {height}", height=height))
    if needs_ladders and not ladders:
        raise RuleError("SP-TERRAIN-OBSTACLE", msg("this obstacle can only be crossed with ladders"))
    return height


def cavalry_must_walk(was_standing: bool, stopping: bool) -> bool:
    """Cavalry starting from a halt or coming to one moves at walk that turn (SP-MOVE-CAV-WALK)."""
    return was_standing or stopping


def gallop_breaks_formation(gallop_turns_in_a_row: int) -> bool:
    """A cavalry Formation galloping a second turn in a row breaks into its Groups (SP-MOVE-CAV-GALLOP)."""
    if gallop_turns_in_a_row < 0:
        raise RuleError("SP-MOVE-CAV-GALLOP", msg("turns cannot be negative"))
    return gallop_turns_in_a_row > 1
