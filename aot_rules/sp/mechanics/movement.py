"""The skirmish fragment: registry entries (movement, rough ground and spotting).

Every distance mechanic is the one dice procedure ``rules.movement.move_dice`` over a tuple of per-die
bonuses; what differs is who moves (a Group by its order, a lone Hero, an animal) and so which
inputs the widget offers.  The two lost cells of the movement table are ``blank`` inputs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from aot_rules.core.dist import Dist
from aot_rules.core.i18n import msg
from aot_rules.core.outcome import Fact, Outcome
from aot_rules.core.params import param
from aot_rules.core.procedure import Proc
from aot_rules.core.registry import Mechanic, Registry, Sample, derived
from aot_rules.sp.rules.movement import (
    AnimalLoad,
    HeroMount,
    Order,
    TableBlanks,
    animal_bonuses,
    dice_text,
    hero_bonuses,
    move_dice,
    order_bonuses,
)
from aot_rules.sp.rules.spotting import required, spot_roll

MOVE_LABELS = {"distance": msg("inches moved"), "stopped": msg("it does not move at all (0″)"), "dice": msg("dice")}

_LINE_HELP = msg("per-die bonus of an infantry line: the table's cell is blank in the source (default 0, "
                 "a plain d6 a die)")
_WALK_HELP = msg("per-die bonus of cavalry at walk: the table's cell is blank in the source (default 0, "
                 "a plain d6 a die)")
_EXTRA_HELP = msg("the extra die of a gallop or a fast fall-back takes the per-die bonus too (the index's "
                  "reading: a gallop on 2 AD is 3d6 + 9); off: the extra die is a plain d6")


class Move(NamedTuple):
    """What a movement mechanic's record asks for: the dice's bonuses, the ground's cut and the Shock, and whether
    the move can be eaten whole (the event "it does not move at all" where Shock, ground or a negative bonus can
    eat it; elsewhere it is always 0 and only clutters the widget)."""

    bonuses: tuple[int, ...]
    cut: int = 0
    shock: int = 0
    shock_per_die: bool = False
    cut_bare_die: bool = False
    can_stop: bool = True

    def procedure(self) -> Proc[int]:
        return move_dice(self.bonuses, self.cut, self.shock, shock_per_die=self.shock_per_die,
                         cut_bare_die=self.cut_bare_die)

    def report(self, law: Dist[int]) -> Outcome:
        return Outcome.of(law, "distance", events={"stopped": lambda d: d == 0} if self.can_stop else None,
                          labels=MOVE_LABELS, info={"dice": _dice(self.bonuses)})

    def sample(self, d: int) -> Sample:
        return {"distance": d, "stopped": d == 0} if self.can_stop else {"distance": d}


def _dice(bonuses: tuple[int, ...]) -> Fact:
    """The move's dice as a fact: each die's bonus for a program; ``3d6 + 9`` for a reader (uneven bonuses listed)."""
    if len(set(bonuses)) > 1:
        return Fact(bonuses, msg("{n}d6 with {bonuses}", n=len(bonuses), bonuses=", ".join(f"{b:+d}" for b in bonuses)))
    return Fact(bonuses, dice_text(bonuses))


def _moved(move: Callable[[Any], Move]) -> dict[str, Any]:
    """A movement mechanic's faces from its one procedure, the move its record asks for."""
    return derived(lambda p: move(p).procedure(), lambda p, law: move(p).report(law), lambda p, d: move(p).sample(d))


# --- SP-MOVE-DICE ------------------------------------------------------------------------------

@dataclass(frozen=True)
class MoveDiceInput:
    ad: int = param(2, msg("Action Dice spent on movement (declared at the start of the Group's turn)"), lo=1, hi=6,
                    grid=(1, 2, 3, 4), label=msg("Action Dice on movement"))
    shock: int = param(0, msg("Shock points on the Group: 1″ less movement each"), lo=0, hi=12, grid=(0, 1, 2, 3, 4),
                       label=msg("Shock on the Group"))
    shock_per_die: bool = param(False, msg("Shock cuts every die by 1″ a point (the index reads: 1″ a point from the "
                                "whole move)"), reading="SP-MOVE-SHOCK", label=msg("Shock cuts every die"))


def _move_dice(p: MoveDiceInput) -> Move:
    return Move((0,) * p.ad, 0, p.shock, shock_per_die=p.shock_per_die)


# --- SP-MOVE-FORMATION-TABLE ------------------------------------------------------------------

@dataclass(frozen=True)
class FormationMoveInput:
    ad: int = param(2, msg("Action Dice spent on movement"), lo=1, hi=6, grid=(1, 2, 3),
                    label=msg("Action Dice on movement"))
    order: Order = param(Order.COLUMN, msg("the troops' order: a row of the movement table"), label=msg("order"))
    line_bonus: int = param(0, _LINE_HELP, lo=-3, hi=3, grid=(-1, 0, 1), label=msg("line: bonus a die"), blank=True)
    walk_bonus: int = param(0, _WALK_HELP, lo=-3, hi=6, grid=(0, 1, 2), label=msg("walk: bonus a die"), blank=True)
    bonus_on_extra: bool = param(True, _EXTRA_HELP, reading="SP-MOVE-FORMATION-TABLE",
                                 label=msg("the extra die gets the bonus"))


def _formation_bonuses(p: FormationMoveInput) -> tuple[int, ...]:
    return order_bonuses(p.order, p.ad, TableBlanks(p.line_bonus, p.walk_bonus), bonus_on_extra=p.bonus_on_extra)


def _formation(p: FormationMoveInput) -> Move:
    return Move(_formation_bonuses(p), can_stop=False)


# --- SP-MOVE-HERO -------------------------------------------------------------------------------

@dataclass(frozen=True)
class HeroMoveInput:
    mount: HeroMount = param(HeroMount.FOOT, msg("how the lone Hero travels"), label=msg("the Hero goes"))
    walk_bonus: int = param(0, _WALK_HELP, lo=-3, hi=6, grid=(0, 1, 2), label=msg("walk: bonus a die"), blank=True)
    bonus_on_extra: bool = param(True, _EXTRA_HELP, reading="SP-MOVE-FORMATION-TABLE",
                                 label=msg("the extra die gets the bonus"))


def _hero(p: HeroMoveInput) -> tuple[int, ...]:
    return hero_bonuses(p.mount, TableBlanks(walk=p.walk_bonus), bonus_on_extra=p.bonus_on_extra)


def _hero_move(p: HeroMoveInput) -> Move:
    return Move(_hero(p), can_stop=False)


# --- SP-MOVE-ANIMALS ----------------------------------------------------------------------------

@dataclass(frozen=True)
class AnimalInput:
    load: AnimalLoad = param(AnimalLoad.LOADED, msg("what the animal is doing"), label=msg("the animal is"))
    ad: int = param(2, msg("Action Dice spent on movement (a loaded animal always rolls 2 dice)"), lo=1, hi=6,
                    grid=(1, 2, 3), label=msg("Action Dice (ridden)"))
    walk_bonus: int = param(0, _WALK_HELP, lo=-3, hi=6, grid=(0, 1, 2), label=msg("walk: bonus a die"), blank=True)
    relative_to_cavalry: bool = param(True, msg("the ridden −1″/+1″ a die are counted from cavalry at the same pace "
                                      "(the index's reading); off: from a plain d6 a die"),
                                      reading="SP-MOVE-ANIMALS", label=msg("counted from cavalry"))


def _animal(p: AnimalInput) -> tuple[int, ...]:
    return animal_bonuses(p.load, p.ad, TableBlanks(walk=p.walk_bonus), relative_to_cavalry=p.relative_to_cavalry)


def _animal_move(p: AnimalInput) -> Move:
    return Move(_animal(p))


# --- SP-TERRAIN-ROUGH ---------------------------------------------------------------------------

@dataclass(frozen=True)
class RoughInput:
    ad: int = param(2, msg("Action Dice spent on movement"), lo=1, hi=6, grid=(1, 2, 3, 4), label=msg("Action Dice"))
    cut: int = param(2, msg("inches the ground takes from every die: 1 or 2 by how bad it is (a swamp: 2)"), lo=1, hi=2,
                     label=msg("ground: inches off a die"))
    bonus: int = param(0, msg("per-die bonus of the troops' order (column or skirmish +1, trot or gallop +3)"), lo=-3,
                       hi=6, grid=(0, 1, 3), label=msg("order's bonus a die"))
    cut_bare_die: bool = param(False, msg("the ground cuts the bare die, floored at 0, before the order's bonus (the "
                               "book reads: the die with its bonus is cut)"), reading="SP-TERRAIN-ROUGH",
                               label=msg("cut the bare die first"))


def _rough(p: RoughInput) -> Move:
    return Move((p.bonus,) * p.ad, p.cut, cut_bare_die=p.cut_bare_die)


# --- SP-SPOT-ROLL -------------------------------------------------------------------------------

@dataclass(frozen=True)
class SpotInput:
    needed: int = param(8, msg("the number the spotting table asks for this target and distance: every such cell is "
                        "blank in the source"), lo=2, hi=16, grid=(5, 6, 7, 8, 9, 10), label=msg("number needed"),
                        blank=True)
    extra: int = param(0, msg("extra Action Dice or Initiative points spent before rolling: +1 to the roll each"), lo=0,
                       hi=6, grid=(0, 1, 2), label=msg("extra dice spent"))
    harder: int = param(0, msg("modifiers that make it harder (observer under fire, target still, in smoke, natives): "
                        "+1 to the number each"), lo=0, hi=4, grid=(0, 1, 2), label=msg("+1 difficulty (count)"))
    easier: int = param(0, msg("modifiers that make it easier (observer higher or a Hero, each movement die the target "
                        "used, target mounted or a Formation, native observer): −1 each"), lo=0, hi=9,
                        grid=(0, 1, 2, 3), label=msg("−1 difficulty (count)"))
    extra_twice: bool = param(False, msg("each extra die also takes 1 from the number, as the modifier list names it "
                              "again (the book reads: counted once, +1 to the roll)"), reading="SP-SPOT-MODIFIERS",
                              label=msg("extra dice count twice"))


SPOT_LABELS = {"roll": msg("2d6 + extra dice"), "spotted": msg("the target is spotted"),
               "roll_must_reach": msg("roll must reach")}


def spot_procedure(p: SpotInput) -> Proc[int]:
    return spot_roll(p.needed, p.extra, p.harder, p.easier, extra_twice=p.extra_twice)


def _target(p: SpotInput) -> int:
    return required(p.needed, p.harder, p.easier, p.extra, extra_twice=p.extra_twice)


def spot_report(p: SpotInput, law: Dist[int]) -> Outcome:
    target = _target(p)
    return Outcome.of(law, "roll", events={"spotted": lambda r: r >= target}, labels=SPOT_LABELS,
                      info={"roll_must_reach": target})


def spot_sample(p: SpotInput, roll: int) -> Sample:
    return {"roll": roll, "spotted": roll >= _target(p)}


def register(reg: Registry) -> None:
    """Add this area's mechanics to ``reg``, in the order the book teaches them."""
    reg.add(Mechanic(
        rule_id="SP-MOVE-DICE", key="sp-move-dice", title=msg("Movement dice: 1 d6 an Action Die, less Shock"),
        summary=msg("Each Action Die spent on movement is 1 d6 inches; each Shock point takes 1″ off the move."),
        record_type=MoveDiceInput, **_moved(_move_dice),
        rules=("SP-MOVE-DICE", "SP-MOVE-SHOCK")))
    reg.add(Mechanic(
        rule_id="SP-MOVE-FORMATION-TABLE", key="sp-move-formation-table", title=msg("Movement by order"),
        summary=msg("The movement table: a bonus on every die by order, and an extra die at the gallop or in a fast "
                "fall-back."), record_type=FormationMoveInput, **_moved(_formation)))
    reg.add(Mechanic(
        rule_id="SP-MOVE-HERO", key="sp-move-hero", title=msg("A lone Hero's move"),
        summary=msg("On foot, two dice at skirmish speed (2d6 + 2); mounted, two dice as cavalry."),
        record_type=HeroMoveInput, **_moved(_hero_move)))
    reg.add(Mechanic(
        rule_id="SP-MOVE-ANIMALS", key="sp-move-animals", title=msg("Pack and draught animals"),
        summary=msg("Loaded, 2d6″; ridden, 1″ a die less than cavalry at walk or 1″ a die more at the gallop."),
        record_type=AnimalInput, **_moved(_animal_move)))
    reg.add(Mechanic(
        rule_id="SP-TERRAIN-ROUGH", key="sp-terrain-rough", title=msg("Rough ground: inches off every die"),
        summary=msg("Rough ground takes 1″ or 2″ from every movement die; no die goes below 0."),
        record_type=RoughInput, **_moved(_rough), rules=("SP-TERRAIN-ROUGH", "SP-EX-SWAMP")))
    reg.add(Mechanic(
        rule_id="SP-SPOT-ROLL", key="sp-spot-roll", title=msg("Spotting roll: 2d6 against a lost table"),
        summary=msg("2d6, +1 for each extra die spent, must reach the table's number (which you set), moved by the "
                "difficulty modifiers."), record_type=SpotInput, **derived(spot_procedure, spot_report, spot_sample),
        rules=("SP-SPOT-ROLL", "SP-SPOT-MODIFIERS")))
