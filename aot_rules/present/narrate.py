"""Worked-example steps in words, told from the event log (the rules themselves write no prose).

One sentence per event that a player would say aloud at the table; rolls are
shown by the dice strip instead, so ``Roll`` events say nothing here.  Every sentence is one catalogue template
(whole, with named values), rendered when :func:`narrate` is called, in the language then in force.
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
from aot_rules.aot.units import Body
from aot_rules.aot.vocabulary import DieMove, DPEffect, Drift, Fate
from aot_rules.core import i18n
from aot_rules.core.events import Event, Said
from aot_rules.core.i18n import Capitalised, Message, Possessive, msg, nmsg


def faces(numbers: tuple[int, ...], none: Message) -> Message | str:
    """Die faces as a player reads them ("1, 2, 3"), or ``none`` when there are none."""
    return ", ".join(map(str, numbers)) or none


def hits(n: int) -> Message:
    return nmsg("{n} hit", "{n} hits", n=n)


def warriors(n: int) -> Message:
    return nmsg("{n} warrior", "{n} warriors", n=n)


#: A body's bare noun in a hit test's outcome ("the {body} is destroyed with its crew").
BODY_NOUNS: dict[Body, Message] = {
    Body.WARRIORS: msg("warriors"), Body.CAMELS: msg("camels"), Body.ELEPHANT: msg("elephant"),
    Body.CHARIOT: msg("chariot"), Body.SCYTHED: msg("scythed chariot"), Body.CART: msg("battle cart"),
    Body.WAR_WAGON: msg("war wagon"), Body.ARTILLERY: msg("artillery")}


def sentence(e: Event) -> Message | str | None:
    """What one event says, or None for events the dice strip shows instead."""
    if isinstance(e, Said):
        return str(e.text)
    if isinstance(e, Hits):  # a volley names the faces that hit; a melee strike marks each hit with a star
        rolled: Message | str = (", ".join(f"{f}{'*' if hit and e.hit_on is None else ''}" for f, hit in e.faces)
                                 or msg("no dice"))
        if e.hit_on is not None:
            hit_on = faces(e.hit_on, msg("nothing"))  # a message inside another call within nmsg() is not extracted
            return nmsg("{n} {by} roll {rolled}; they hit on {hit_on}: {hits}.",
                        "{n} {by} roll {rolled}; they hit on {hit_on}: {hits}.", n=len(e.faces), by=e.by,
                        rolled=rolled, hit_on=hit_on, hits=hits(e.count))
        return msg("{by} strike: {rolled} → {hits}.", by=e.by, rolled=rolled, hits=hits(e.count))
    if isinstance(e, ShieldWall):
        saves_on = faces(e.saves_on, msg("none"))
        return msg("{owner} shield wall rolls {roll} (saves on {saves_on}): {saved} turned away.",
                   owner=Possessive(e.unit), roll=e.roll, saves_on=saves_on,
                   saved=hits(e.saved))
    if isinstance(e, Losses):
        return msg("{killed} killed, {disordered} disordered; {after}.", killed=e.killed, disordered=e.disordered,
                   after=e.after.describe())
    if isinstance(e, Compared):
        return compared(e)
    if isinstance(e, DPEarned):
        return msg("{owner} side gains {points} DP.", owner=Possessive(e.side), points=e.points)
    if isinstance(e, DPSpent):
        if e.effect is DPEffect.DISORDER:
            return msg("{points} DP spent on {target} to disorder {warriors}.", points=e.points, target=e.target,
                       warriors=warriors(e.disordered))
        if e.effect is DPEffect.RETREAT:
            return msg("{points} DP spent on {target} to retreat.", points=e.points, target=e.target)
        return msg("{points} DP spent on {target} to attack.", points=e.points, target=e.target)
    if isinstance(e, InitiativeRolled):
        if e.double:
            return msg("Initiative {mine}:{theirs} is a double: both may rewrite their slots, then roll again.",
                       mine=e.mine, theirs=e.theirs)
        return msg("Initiative {mine} against {theirs}.", mine=e.mine, theirs=e.theirs)
    if isinstance(e, SlotPlayed):
        if e.owner == INDIVIDUAL:
            return msg("{player} plays slot {slot}: any one unit on the table, or one of the player's colonels.",
                       player=Capitalised(e.player), slot=e.slot)
        return msg("{player} plays slot {slot}: general {general} gives his orders.", player=Capitalised(e.player),
                   slot=e.slot, general=e.owner)
    if isinstance(e, WeatherChanged):
        return msg("Turn {turn}: a second double in a row ({face}:{face}) brings {weather}.", turn=e.turn,
                   face=e.face, weather=e.weather)
    if isinstance(e, UnitDrifted):
        if e.drift is Drift.STAYS:
            return msg("{unit}: {face} — they stay where they are.", unit=Capitalised(e.unit), face=e.face)
        return drifted(e)
    if isinstance(e, OffRoll):
        if e.mine == e.theirs:
            return msg("{why}: {mine} against {theirs} — a tie, rolled again.", why=e.why, mine=e.mine,
                       theirs=e.theirs)
        return msg("{why}: {mine} against {theirs}.", why=e.why, mine=e.mine, theirs=e.theirs)
    if isinstance(e, Moved):
        return moved(e)
    if isinstance(e, PassedThrough):
        if not e.lost:
            return msg("{owner} die {roll} against {against}: passed; nobody loses order.",
                       owner=Possessive(e.mover), roll=e.roll, against=e.against)
        return msg("{owner} die {roll} against {against}: failed, so {loser} lose order: {warriors}.",
                   owner=Possessive(e.mover), roll=e.roll, against=e.against, loser=e.loser,
                   warriors=warriors(e.lost))
    if isinstance(e, Tested):
        if len(e.rolled) == 2:  # a regular unit rolled its failed die again and kept the better
            first, again = e.rolled
            return msg("{unit} test against density {density}: {first} fails, so the regulars roll again and get "
                       "{again}; the better die, {roll}, counts: {warriors} disordered.", unit=e.unit,
                       density=e.density, first=first, again=again, roll=e.roll, warriors=warriors(e.lost))
        return msg("{unit} test on {roll} against density {density}: {warriors} disordered.", unit=e.unit,
                   roll=e.roll, density=e.density, warriors=warriors(e.lost))
    if isinstance(e, Artillery):
        return artillery_sentence(e)
    if isinstance(e, Wounded):
        return wounded(e)
    if isinstance(e, Overturned):
        if e.overturned:
            return msg("{owner} overturn test: die {roll} against {horses}, lower, so it overturns and is removed.",
                       owner=Possessive(e.unit), roll=e.roll, horses=nmsg("{n} horse", "{n} horses", n=e.horses))
        return msg("{owner} overturn test: die {roll} against {horses}, not lower, so it stays upright.",
                   owner=Possessive(e.unit), roll=e.roll, horses=nmsg("{n} horse", "{n} horses", n=e.horses))
    return None


def compared(e: Compared) -> Message:
    """A result decided by densities, one whole sentence per verdict."""
    if e.lost == 0:
        return msg("No losses: {second} stay whatever the densities.", second=e.second)
    values = {"first": Possessive(e.first), "second": Possessive(e.second), "first_density": e.first_density,
              "second_density": e.second_density}
    if e.verdict is Verdict.FIRST:
        return msg("{first} density {first_density} against {second} {second_density}: {loser} fall back.",
                   loser=e.second, **values)
    if e.verdict is Verdict.SECOND:
        return msg("{first} density {first_density} against {second} {second_density}: {loser} fall back.",
                   loser=e.first, **values)
    return msg("{first} density {first_density} against {second} {second_density}: nobody falls back.", **values)


def drifted(e: UnitDrifted) -> Message:
    """A unit lost in the storm moves one way, by the shortest route."""
    unit, face = Capitalised(e.unit), e.face
    if e.drift is Drift.FORWARD:
        return msg("{unit}: {face} — they move forward by the shortest route.", unit=unit, face=face)
    if e.drift is Drift.BACK:
        return msg("{unit}: {face} — they move back by the shortest route.", unit=unit, face=face)
    if e.drift is Drift.LEFT:
        return msg("{unit}: {face} — they move left by the shortest route.", unit=unit, face=face)
    return msg("{unit}: {face} — they move right by the shortest route.", unit=unit, face=face)


def moved(e: Moved) -> Message:
    """How far a die lets a unit go: an evasion backs away exactly that far, a run or a trot may go up to it."""
    values = {"unit": Capitalised(e.unit), "dice": " + ".join(map(str, e.faces)), "distance": e.distance,
              "why": e.why}
    if e.why is DieMove.EVASION:
        if len(e.faces) > 1:
            return msg("{unit} backs away exactly {dice} = {distance}″ ({why}).", **values)
        return msg("{unit} backs away exactly {dice}″ ({why}).", **values)
    if len(e.faces) > 1:
        return msg("{unit} may go up to {dice} = {distance}″ ({why}).", **values)
    return msg("{unit} may go up to {dice}″ ({why}).", **values)


def wounded(e: Wounded) -> Message:
    """A beast's or a vehicle's hit test after its hits, and what came of it."""
    values = {"owner": Possessive(e.unit), "hits": hits(e.hits), "roll": e.roll, "body": BODY_NOUNS[e.body]}
    if e.fate is Fate.DEAD:
        return msg("{owner} hit test after {hits}: die {roll}, no more than the hits: the elephant is lost, and "
                   "everyone aboard dies with it.", **values)
    if e.fate is Fate.DESTROYED:
        return msg("{owner} hit test after {hits}: die {roll}, no more than the hits: the {body} is destroyed with "
                   "its crew.", **values)
    if e.fate is Fate.BERSERK:
        return msg("{owner} hit test after {hits}: die {roll}, above the hits but even: the elephant goes berserk.",
                   **values)
    if e.fate is Fate.SURVIVES:
        return msg("{owner} hit test after {hits}: die {roll}, above the hits: the {body} fights on.", **values)
    return msg("{owner} hit test after {hits}: die {roll}: {fate}.", fate=e.fate, **values)


def artillery_sentence(e: Artillery) -> Message:
    """A gun's shot: a heavy piece's two reach dice and the effect die its owner keeps; a light piece's one die."""
    if not e.reach:  # a light piece: its one die is the effect die
        if e.hit:
            return msg("{gun} rolls {effect}: a hit, {warriors} killed.", gun=e.gun, effect=e.effect,
                       warriors=warriors(e.killed))
        return msg("{gun} rolls {effect}: a miss.", gun=e.gun, effect=e.effect)
    values = {"gun": e.gun, "dice": " + ".join(map(str, e.reach)), "total": sum(e.reach)}
    if not e.reached:
        return msg("{gun} rolls {dice} = {total}: no more than the distance, so the shot falls short.", **values)
    if e.effect is None or not e.hit:
        return msg("{gun} rolls {dice} = {total}, more than the distance, so the shot reaches; but no die is low "
                   "enough to hit.", **values)
    return msg("{gun} rolls {dice} = {total}, more than the distance, so the shot reaches. The owner keeps the "
               "{effect} as the effect die: it hits and kills {killed}.", effect=e.effect, killed=e.killed, **values)


def narrate(log: Iterable[Event]) -> list[str]:
    """The steps of a played rule, in order, in the language in force."""
    return [i18n.text(s) for s in map(sentence, log) if s is not None]
