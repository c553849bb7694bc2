"""Worked-example steps in words, told from the event log (the rules themselves write no prose).

One sentence per event that a player would say aloud at the table; rolls are
shown by the dice strip instead, so ``Roll`` events say nothing here.
"""

from __future__ import annotations

from collections.abc import Iterable

from aot_rules.aot.events import (
    Artillery,
    Compared,
    DPEarned,
    DPSpent,
    Hits,
    InitiativeRolled,
    Losses,
    Moved,
    OffRoll,
    Overturned,
    PassedThrough,
    ShieldWall,
    SlotPlayed,
    Tested,
    UnitDrifted,
    Verdict,
    WeatherChanged,
    Wounded,
)
from aot_rules.aot.rules.command import INDIVIDUAL
from aot_rules.aot.vocabulary import DieMove, DPEffect, Drift, Fate
from aot_rules.core.events import Event, Said
from aot_rules.core.format import count_str


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def faces(numbers: tuple[int, ...], none: str) -> str:
    """Die faces as a player reads them ("1, 2, 3"), or ``none`` when there are none."""
    return ", ".join(map(str, numbers)) or none


def sentence(e: Event) -> str | None:
    """What one event says, or None for events the dice strip shows instead."""
    if isinstance(e, Said):
        return str(e.text)
    if isinstance(e, Hits):  # a volley names the faces that hit; a melee strike marks each hit with a star
        rolled = ", ".join(f"{f}{'*' if hit and e.hit_on is None else ''}" for f, hit in e.faces) or "no dice"
        if e.hit_on is not None:
            return (f"{len(e.faces)} {e.by} roll {rolled}; they hit on {faces(e.hit_on, 'nothing')}: "
                    f"{count_str(e.count, 'hit')}.")
        return f"{e.by} strike: {rolled} → {count_str(e.count, 'hit')}."
    if isinstance(e, ShieldWall):
        return (f"{possessive(e.unit)} shield wall rolls {e.roll} (saves on {faces(e.saves_on, 'none')}): "
                f"{count_str(e.saved, 'hit')} turned away.")
    if isinstance(e, Losses):
        return f"{e.killed} killed, {e.disordered} disordered; {e.after.describe()}."
    if isinstance(e, Compared):
        if e.lost == 0:
            return f"No losses: {e.second} stay whatever the densities."
        head = f"{possessive(e.first)} density {e.first_density} against {possessive(e.second)} {e.second_density}: "
        return head + {Verdict.FIRST: f"{e.second} fall back.", Verdict.SECOND: f"{e.first} fall back.",
                       Verdict.CONTINUE: "nobody falls back."}[e.verdict]
    if isinstance(e, DPEarned):
        return f"{possessive(e.side)} side gains {e.points} DP."
    if isinstance(e, DPSpent):
        what = f" {count_str(e.disordered, 'warrior')}" if e.effect is DPEffect.DISORDER else ""
        return f"{e.points} DP spent on {e.target} to {e.effect.value}{what}."
    if isinstance(e, InitiativeRolled):
        if e.double:
            return f"Initiative {e.mine}:{e.theirs} is a double: both may rewrite their slots, then roll again."
        return f"Initiative {e.mine} against {e.theirs}."
    if isinstance(e, SlotPlayed):
        who = ("any one unit on the table, or one of the player's colonels" if e.owner == INDIVIDUAL
               else f"general {e.owner} gives his orders")
        return f"{e.player.capitalize()} plays slot {e.slot}: {who}."
    if isinstance(e, WeatherChanged):
        return f"Turn {e.turn}: a second double in a row ({e.face}:{e.face}) brings {e.weather.value}."
    if isinstance(e, UnitDrifted):
        return f"{e.unit.capitalize()}: {e.face} — " + ("they stay where they are." if e.drift is Drift.STAYS
                                                         else f"they move {e.drift.value} by the shortest route.")
    if isinstance(e, OffRoll):
        return f"{e.why.value}: {e.mine} against {e.theirs}" + (" — a tie, rolled again." if e.mine == e.theirs
                                                                  else ".")
    if isinstance(e, Moved):
        dice = " + ".join(map(str, e.faces))
        how = "backs away exactly" if e.why is DieMove.EVASION else "may go up to"
        total = f" = {e.distance}" if len(e.faces) > 1 else ""
        return f"{e.unit.capitalize()} {how} {dice}{total}″ ({e.why.value})."
    if isinstance(e, PassedThrough):
        test = f"{possessive(e.mover)} die {e.roll} against {e.against}"
        if not e.lost:
            return f"{test}: passed; nobody loses order."
        return f"{test}: failed, so {e.loser} lose order: {count_str(e.lost, 'warrior')}."
    if isinstance(e, Tested):
        lost = f"{count_str(e.lost, 'warrior')} disordered."
        if len(e.rolled) == 2:  # a regular unit rolled its failed die again and kept the better
            first, again = e.rolled
            return (f"{e.unit} test against density {e.density}: {first} fails, so the regulars roll again and get "
                    f"{again}; the better die, {e.roll}, counts: {lost}")
        return f"{e.unit} test on {e.roll} against density {e.density}: {lost}"
    if isinstance(e, Artillery):
        return artillery_sentence(e)
    if isinstance(e, Wounded):
        what = e.body.value.replace("-", " ")
        test = f"{possessive(e.unit)} hit test after {count_str(e.hits, 'hit')}: die {e.roll}"
        return test + {Fate.DEAD: ", no more than the hits: the elephant is lost, and everyone aboard dies with it.",
                       Fate.DESTROYED: f", no more than the hits: the {what} is destroyed with its crew.",
                       Fate.BERSERK: ", above the hits but even: the elephant goes berserk.",
                       Fate.SURVIVES: f", above the hits: the {what} fights on."}.get(e.fate, f": {e.fate.value}.")
    if isinstance(e, Overturned):
        test = f"{possessive(e.unit)} overturn test: die {e.roll} against {count_str(e.horses, 'horse')}"
        return test + (", lower, so it overturns and is removed." if e.overturned
                       else ", not lower, so it stays upright.")
    return None


def artillery_sentence(e: Artillery) -> str:
    """A gun's shot: a heavy piece's two reach dice and the effect die its owner keeps; a light piece's one die."""
    if not e.reach:  # a light piece: its one die is the effect die
        return f"{e.gun} rolls {e.effect}: " + (f"a hit, {count_str(e.killed, 'warrior')} killed." if e.hit
                                                 else "a miss.")
    reach = f"{e.gun} rolls {' + '.join(map(str, e.reach))} = {sum(e.reach)}"
    if not e.reached:
        return reach + ": no more than the distance, so the shot falls short."
    if e.effect is None or not e.hit:
        return reach + ", more than the distance, so the shot reaches; but no die is low enough to hit."
    return (reach + f", more than the distance, so the shot reaches. The owner keeps the {e.effect} as the effect "
            f"die: it hits and kills {e.killed}.")


def narrate(log: Iterable[Event]) -> list[str]:
    """The steps of a played rule, in order."""
    return [s for s in map(sentence, log) if s is not None]
