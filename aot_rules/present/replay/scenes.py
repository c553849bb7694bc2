"""The book's animated examples: small positions played through the full table-top engine.

Each scene builds a position, plays it with :class:`~aot_rules.tabletop.game.Game`'s ``act`` (the same
transaction every game runs), and returns a :class:`~aot_rules.present.replay.build.Run`.  Where the
source prints a worked example, the scene injects the example's dice by default and records the
example's numbers in ``Run.facts`` for the tests; every scene also takes ``seed`` (play with fresh dice
instead) and the units it stars, so a notebook cell can replay it with a changed unit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from aot_rules.aot.equipment import MeleeWeapon, Missile
from aot_rules.aot.rules.orders import UnitTurn
from aot_rules.aot.units import Unit
from aot_rules.core.i18n import Message, msg, nmsg, text
from aot_rules.present.replay.build import Run, record
from aot_rules.present.replay.record import RecordingGame
from aot_rules.tabletop import combat
from aot_rules.tabletop.game import TableDice
from aot_rules.tabletop.geometry import BaseSize, Pose
from aot_rules.tabletop.state import GameState, Piece, SideState, TerrainPiece

#: Dice after the ones an example prints (retreat tests and the like): a 6 passes every test.
PAD = (6,) * 12


def _side(name: str, camp_y: float, home: float, nationality: str = "Greek") -> SideState:
    return SideState(name, name, nationality, ("individual",) * 6, (),
                     ((26, camp_y), (34, camp_y), (34, camp_y + 4), (26, camp_y + 4)), home)


def piece(pid: str, side: int, unit: Unit, x: float, y: float, facing: float = 0.0, *, active: bool = True,
          size: BaseSize = BaseSize.UNIT) -> Piece:
    """A unit on its base, its front edge centred on (x, y); activated in this slot unless told not."""
    turn = UnitTurn.of(unit)
    return Piece(pid, side, unit, Pose.of(x, y, facing), size, unit.strength,
                 turn=turn.activate() if active else turn)


def table(names: tuple[Message | str, Message | str], *pieces: Piece, terrain: tuple[TerrainPiece, ...] = (),
          weather: str = "calm") -> GameState:
    """A small table: two sides (side 0 at the near edge), the pieces, the terrain; turn 1 under way.

    The sides' names are made up for the example: a message is said in the language in force as the table is set.
    """
    return GameState("example", 0, (_side(text(names[0]), 0, 0.0), _side(text(names[1]), 36, 40.0)), tuple(pieces),
                     terrain,
                     weather=weather, turn=1)


def _dice(example: Sequence[int], seed: int | None) -> TableDice:
    return TableDice.seeded(seed) if seed is not None else TableDice.fixed([*example, *PAD])


def stand(state: GameState, pid: str, by: str, reaction: str) -> bool:
    """The worked examples' units do not countercharge (the source plays the volley); they take the rest."""
    return reaction != "countercharge"


# --- shooting ---------------------------------------------------------------------------------------------

def slinger_unit() -> Unit:
    return Unit(name=text(msg("slingers")), ranks=(3, 3), weapon=MeleeWeapon.SHOOTER, missile=Missile.SLING)


def hoplite_unit(name: Message | str | None = None) -> Unit:
    return Unit(name=text(name or msg("hoplites")), ranks=(4, 4), shield=True, weapon=MeleeWeapon.SPEAR)


def slingers(seed: int | None = None, *, target: Unit | None = None, distance: float = 4.0) -> Run:
    """AOT-EX-SLINGERS with AOT-EX-SHIELDWALL: slingers shoot at hoplites in a shield wall ``distance``
    inches away with the printed dice 2 3 5 6 and the shield die 1."""
    start = table((msg("Greeks"), msg("Hoplite city")), piece("S", 0, slinger_unit(), 30, 10),
                  piece("H", 1, target or hoplite_unit(), 30, 10 + distance, 180))

    def play(g: RecordingGame) -> None:
        g.act(combat.shoot, "S", "H")

    def facts(g: RecordingGame) -> dict[str, object]:
        h = g.state.piece("H")
        return {"faces": g.state.log[0].faces, "killed": h.removed, "ranks": h.unit.ranks, "density": h.unit.density}

    return record(msg("Slingers shoot at hoplites in a shield wall"), start, play,
                  dice=_dice((2, 3, 5, 6, 1), seed), react=stand, facts=facts,
                  intro=msg("Six slingers stand 4″ from eight hoplites in two ranks of four, shields locked."))


# --- melee ---------------------------------------------------------------------------------------------------

def javelin_unit(name: Message | str | None = None) -> Unit:
    return Unit(name=text(name or msg("javelinmen")), ranks=(2, 2), shield=True, weapon=MeleeWeapon.SHOOTER,
                missile=Missile.JAVELIN)


def gaul_unit(name: Message | str | None = None) -> Unit:
    return Unit(name=text(name or msg("Gauls")), ranks=(3, 3), shield=True, weapon=MeleeWeapon.SWORD)


def gauls(seed: int | None = None, *, gauls_unit: Unit | None = None) -> Run:
    """AOT-EX-GAULS-JAVELINMEN: javelinmen in contact with Gauls, Greek cavalry watching 2.8″ away; the
    printed dice 2 5 (javelinmen), 1 (Gauls' shield), 1 4 5 (Gauls), 3 (javelinmen's shield)."""
    cav = Unit(name=text(msg("Greek cavalry")), ranks=(3,), mounted=True, weapon=MeleeWeapon.SHOOTER,
               missile=Missile.JAVELIN)
    start = table((msg("Greeks"), msg("Gauls")), piece("J", 0, javelin_unit(), 30, 20),
                  piece("G", 1, gauls_unit or gaul_unit(), 30, 20, 180), piece("C", 0, cav, 36, 19))

    def play(g: RecordingGame) -> None:
        g.act(combat.fight)

    def facts(g: RecordingGame) -> dict[str, object]:
        j, c = g.state.piece("J"), g.state.piece("C")
        return {"faces": g.state.log[0].faces, "javelinmen_killed": j.removed, "javelinmen_ranks": j.unit.ranks,
                "cavalry_disordered": c.unit.disordered, "retreated": j.pose != start.piece("J").pose}

    return record(msg("Gauls against javelinmen: melee, retreat and demoralization"), start, play,
                  dice=_dice((2, 5, 1, 1, 4, 5, 3), seed), facts=facts,
                  intro=msg("Javelinmen (2+2) are in contact with Gauls (3+3); Greek cavalry stands 2.8″ to the "
                            "right."))


#: The book's scenes by name (a test or a notebook replays them; each takes a seed for new dice).
SCENES: dict[str, Callable[..., Run]] = {"slingers": slingers, "gauls": gauls}




# --- a whole turn -------------------------------------------------------------------------------------------

def full_turn(seed: int = 1, *, scenario_name: str = "greek-border", turn: int | None = None,
              changes: dict[str, Unit] | None = None) -> Run:
    """One complete turn of a small battle between two scripted players: the battle is played quietly up to
    the turn before ``turn``, then ``turn`` is recorded from its initiative roll, through every slot, the
    moves, shots and melees, to the demoralization points spent after a fight.  Without ``turn``, the first
    turn in which demoralization points are spent (within :data:`MAX_TURNS`).  ``changes`` replaces units by
    piece id before the battle starts (a notebook can try a different unit)."""
    from aot_rules.tabletop.game import Game
    from aot_rules.tabletop.player import ScriptedPlayer
    from aot_rules.tabletop.scenarios import scenario
    from aot_rules.tabletop.turn import play, play_turn, reactions

    start = scenario(scenario_name, seed)
    if changes:
        start = start.with_pieces(*(replace(start.piece(pid), unit=u, initial=u.strength)
                                    for pid, u in changes.items()))
    players = (ScriptedPlayer(0), ScriptedPlayer(1))
    if turn is None:
        before = start
        for _ in range(MAX_TURNS):
            after = play(Game(before), 1, players).state
            if any(e.rule.startswith("AOT-DEMO") for e in after.log[len(before.log):]) or after.result:
                break
            before = after
    else:
        before = play(Game(start), turn - 1, players).state

    def go(g: RecordingGame) -> None:
        g.react = reactions(players)
        play_turn(g, players)

    def facts(g: RecordingGame) -> dict[str, object]:
        rules = [e.rule for e in g.state.log[len(before.log):]]
        return {"rules": rules, "turn": g.state.turn}

    a, b = before.sides
    n = before.turn + 1
    return record(msg("Turn {turn} of a battle: {a} against {b}", turn=n, a=a.name, b=b.name), before, go,
                  dice=TableDice.seeded(seed, before.dice_used), facts=facts,
                  intro=nmsg("The {scenario} battle (seed {seed}) after {n} turn, played by two scripted players: "
                             "{a} (blue) from the near edge, {b} (orange) from the far one. Each step shows one "
                             "thing happening, with the rule that governs it, its dice and, above them, what "
                             "that rule decides.",
                             "The {scenario} battle (seed {seed}) after {n} turns, played by two scripted players: "
                             "{a} (blue) from the near edge, {b} (orange) from the far one. Each step shows one "
                             "thing happening, with the rule that governs it, its dice and, above them, what "
                             "that rule decides.", n=n - 1, scenario=scenario_name, seed=seed, a=a.name,
                             b=b.name))


#: How many turns :func:`full_turn` looks through for one with demoralization points spent.
MAX_TURNS = 8
SCENES["turn"] = full_turn


# --- command: a double and the rewrite ---------------------------------------------------------------------

def command_double(seed: int | None = None, *, owners: Sequence[str] = ("Nikias",) * 4 + ("individual",) * 2
                   ) -> Run:
    """The greek-border armies' first turn: the initiative dice come up 3:3, a double, and are rolled again
    (5:2); after the double the Athenians rewrite their slots (``owners``, slot 1 to 6) before the dice are
    rolled again, then play their first slot with the scripted player."""
    from aot_rules.tabletop.command import rewrite_on_double
    from aot_rules.tabletop.player import ScriptedPlayer
    from aot_rules.tabletop.scenarios import scenario
    from aot_rules.tabletop.turn import begin_slot, end_slot, roll_again, slot_order, start_turn

    start = scenario("greek-border", seed or 1)

    def play(g: RecordingGame) -> None:
        g.act(start_turn)
        g.act(rewrite_on_double, 0, list(owners))
        g.act(roll_again)
        side, slot = slot_order(g.state)[0]
        g.act(begin_slot, side, slot)
        ScriptedPlayer(side).play_slot(g, slot)
        g.act(end_slot)

    return record(msg("A double on the initiative roll, and the slots rewritten"), start, play,
                  dice=_dice((3, 3, 5, 2), seed),
                  intro=msg("The first turn of the greek-border battle. The initiative dice will show a double."))


# --- moving ------------------------------------------------------------------------------------------------

def moving(seed: int | None = None, *, mover: Unit | None = None) -> Run:
    """Javelinmen advance straight through a friendly unit of hoplites (a die for passing through friends)
    and on into an oak wood (a rough-terrain test as they enter)."""
    from aot_rules.aot.rules.terrain import Terrain
    from aot_rules.tabletop.moves import Advance, allowance, move

    jav = mover or javelin_unit()
    wood = TerrainPiece(text(msg("Oak wood")), Terrain.WOOD, ((25, 16.5), (35, 16.5), (35, 22), (25, 22)))
    start = table((msg("Greeks"), msg("Gauls")), piece("J", 0, jav, 30, 10), piece("H", 0, hoplite_unit(), 30, 13),
                  piece("G", 1, gaul_unit(), 36, 30, 180, active=False), terrain=(wood,))

    def play(g: RecordingGame) -> None:
        g.act(move, "J", [Advance(allowance(g.state.piece("J")))])

    return record(msg("Moving through friends and into a wood"), start, play, dice=_dice((2, 3, 6), seed),
                  intro=msg("Javelinmen stand behind their own hoplites, with an oak wood beyond."))


def run_trot(seed: int | None = None) -> Run:
    """Foot run and horse trot: the die says how far along the path each goes."""
    from aot_rules.tabletop.moves import Advance, move

    horse = Unit(name=text(msg("light horse")), ranks=(3,), mounted=True, weapon=MeleeWeapon.SHOOTER,
                 missile=Missile.JAVELIN)
    start = table((msg("Greeks"), msg("Persians")), piece("J", 0, javelin_unit(), 24, 8), piece("C", 0, horse, 34, 8),
                  piece("P", 1, gaul_unit(msg("Persian levy")), 29, 30, 180, active=False))

    def play(g: RecordingGame) -> None:
        g.act(move, "J", [Advance(12)], run=True)
        g.act(move, "C", [Advance(14)], run=True)

    return record(msg("A run and a trot"), start, play, dice=_dice((4, 5), seed),
                  intro=msg("Javelinmen run and a horse unit trots straight ahead; one die each says how far."))


def evasion_panic(seed: int | None = None) -> Run:
    """Hoplites charge light horse, who evade (one die: how far back, and the disorder test); nearby, a
    panicking unit flees toward its camp."""
    from aot_rules.tabletop.moves import Advance, flee, move

    horse = Unit(name=text(msg("Athenian horse")), ranks=(3,), mounted=True, weapon=MeleeWeapon.SHOOTER,
                 missile=Missile.JAVELIN)
    routed = Unit(name=text(msg("routed peltasts")), ranks=(0, 0), disordered=4, weapon=MeleeWeapon.SHOOTER,
                  missile=Missile.JAVELIN)
    start = table((msg("Athenians"), msg("Boeotians")), piece("A", 0, horse, 30, 18, active=False),
                  piece("R", 0, routed, 40, 16), piece("B", 1, hoplite_unit(msg("Theban hoplites")), 30, 23, 180))

    def play(g: RecordingGame) -> None:
        g.act(move, "B", [Advance(5)])
        g.act(flee, "R")

    return record(msg("Evasion and panic"), start, play, dice=_dice((4, 6, 6, 6), seed),
                  intro=msg("Theban hoplites charge the Athenian horse; nearby, routed peltasts are all disordered."))


def turning_reform(seed: int | None = None) -> Run:
    """Hoplites turn to face a threat on their flank (a disorder test), then reform to restore order."""
    from aot_rules.tabletop.moves import reform, turn

    shaken = Unit(name=text(msg("hoplites")), ranks=(3, 3), disordered=2, shield=True, weapon=MeleeWeapon.SPEAR)
    start = table((msg("Greeks"), msg("Persians")), piece("H", 0, hoplite_unit(), 26, 14),
                  piece("S", 0, shaken, 34, 14),
                  piece("P", 1, gaul_unit(msg("Persian levy")), 13, 15, -90, active=False))

    def play(g: RecordingGame) -> None:
        g.act(turn, "H", 90.0)
        g.act(reform, "S")

    return record(msg("Turning and reforming"), start, play, dice=_dice((2, 5, 6), seed),
                  intro=msg("One hoplite unit turns left to face levy more than 10″ off its flank (nearer, a turn "
                            "must keep the distance to them); another, shaken, reforms."))


def return_fire(seed: int | None = None) -> Run:
    """Archers shoot at enemy archers, who shoot back at once (return fire)."""
    from aot_rules.tabletop.combat import shoot

    start = table((msg("Greeks"), msg("Persians")), piece("A", 0, _archers(msg("Cretan archers"), (3, 3)), 30, 14),
                  piece("P", 1, _archers(msg("Persian archers"), (3, 3)), 30, 16.5, 180, active=False))

    def play(g: RecordingGame) -> None:
        g.act(shoot, "A", "P")

    return record(msg("Shooting and return fire"), start, play, dice=_dice((1, 2, 5, 4, 1, 3, 6), seed), react=stand,
                  intro=msg("Cretan archers shoot at Persian archers 2.5″ away; the target may shoot back at once."))


def _archers(name: Message, ranks: tuple[int, ...] = (2, 2)) -> Unit:
    return Unit(name=text(name), ranks=ranks, weapon=MeleeWeapon.SHOOTER, missile=Missile.BOW)


def countercharge(seed: int | None = None) -> Run:
    """Slingers shoot at horse, who countercharge them instead of taking the volley; the melee follows."""
    from aot_rules.tabletop.combat import shoot

    horse = Unit(name=text(msg("Thessalian horse")), ranks=(4,), mounted=True, weapon=MeleeWeapon.SWORD)
    start = table((msg("Greeks"), msg("Thessalians")), piece("S", 0, slinger_unit(), 30, 14),
                  piece("T", 1, horse, 30, 18, 180, active=False))

    def play(g: RecordingGame) -> None:
        g.act(shoot, "S", "T")

    return record(msg("A countercharge"), start, play, dice=_dice((5, 2, 4, 3, 5, 2, 1, 3, 4, 2, 1, 5), seed),
                  intro=msg("Slingers shoot at Thessalian horse 4″ away; the horse may charge them instead."))


def elephants(seed: int | None = None, *, aboard: int = 3) -> Run:
    """An elephant in contact with a unit of foot: the melee (trampling, the crew's strikes, the hit test)."""
    from aot_rules.aot.rules.elephants import elephant
    from aot_rules.tabletop.combat import fight

    start = table((msg("Seleucids"), msg("Romans")),
                  piece("E", 0, elephant(aboard, MeleeWeapon.SPEAR, name=text(msg("war elephant"))), 30, 20,
                        size=BaseSize.LARGE),
                  piece("R", 1, Unit(name=text(msg("hastati")), ranks=(4, 4), shield=True, weapon=MeleeWeapon.SWORD),
                        30, 20, 180))

    def play(g: RecordingGame) -> None:
        g.act(fight)

    return record(msg("An elephant in melee"), start, play, dice=_dice((1, 2, 1, 6, 6, 6, 5, 6, 6, 6), seed),
                  intro=msg("A war elephant with its crew meets Roman hastati front to front."))


SCENES.update({"command": command_double, "moving": moving, "run-trot": run_trot, "evasion": evasion_panic,
               "turning": turning_reform, "return-fire": return_fire, "countercharge": countercharge,
               "elephants": elephants})


def chariots(seed: int | None = None) -> Run:
    """The chariot-plain scenario's units: Royal chariots (a two-horse chariot on its large base) trot into
    Athenian akontists (AOT-CHARIOT-TURN-TROT: two dice, the distance and whether it overturns), strike,
    win on density and drive them back; the DP fall on the Athenian hoplites beside them, the nearest unit
    in sight (AOT-DEMO-TARGETING).  Illustrative dice: trot 5 3, the chariot's horses and crew 6 3 6, the
    akontists' shield wall 6, the akontists 6 5, their test to turn and retreat 1."""
    from aot_rules.tabletop.combat import fight
    from aot_rules.tabletop.moves import Advance, move
    from aot_rules.tabletop.scenarios import scenario

    src = scenario("chariot-plain", 1)
    start = table((msg("Chariot host"), msg("Athenians")),
                  piece("B4", 0, src.piece("B4").unit, 30, 11, size=src.piece("B4").size),
                  piece("A3", 1, src.piece("A3").unit, 30, 19, 180, active=False),
                  piece("A1", 1, src.piece("A1").unit, 35.5, 20, 180, active=False))

    def play(g: RecordingGame) -> None:
        g.act(move, "B4", [Advance(12)], run=True)
        g.act(fight)

    def facts(g: RecordingGame) -> dict[str, object]:
        a3, a1 = g.state.piece("A3"), g.state.piece("A1")
        return {"akontists_killed": a3.removed, "retreated": a3.pose != start.piece("A3").pose,
                "hoplites_disordered": a1.unit.disordered, "trot": g.state.log[0].faces}

    return record(msg("Chariots trot into skirmishers"), start, play, dice=_dice((5, 3, 6, 3, 6, 6, 6, 5, 1), seed),
                  facts=facts, intro=msg("Royal chariots (two horses: density 2) stand 8″ from Athenian akontists "
                                         "(2+2), with Athenian hoplites to their left."))


SCENES["chariots"] = chariots
