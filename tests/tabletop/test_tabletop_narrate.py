"""The one renderer of the game's log (:mod:`aot_rules.tabletop.narrate`): every table event can be told,
the converted entry kinds are written as events only, and their lines read as a player would say them."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from aot_rules.aot.events import UnitDrifted
from aot_rules.aot.rules.orders import Activity, Method
from aot_rules.aot.rules.terrain import Terrain
from aot_rules.aot.rules.victory import Award, Ending
from aot_rules.aot.rules.weather import Drift, Weather
from aot_rules.core.i18n import msg
from aot_rules.present import tablelog
from aot_rules.present.tablelog import TURN_BACK
from aot_rules.tabletop.events import (
    TABLE_EVENTS,
    Activated,
    Aimed,
    BattleEnded,
    BattleOutcome,
    CampTaken,
    ChargeEnd,
    Choice,
    ContactMade,
    Countercharged,
    CounterchargeEnded,
    Cover,
    CoverKind,
    Decided,
    DPDisordered,
    DPForced,
    DPUnspent,
    Edge,
    EndCause,
    Evaded,
    EvasionRefused,
    ExtraRolled,
    FacedAttack,
    FallBack,
    FellBack,
    Fleeing,
    Forced,
    FriendInTheWay,
    FriendPassed,
    Ground,
    GroundTested,
    InitiativeRolledAgain,
    InTheWay,
    LeftBattle,
    MeleeJudged,
    MovedAlong,
    MoveKind,
    Obstacle,
    ObstacleKind,
    OfficerAct,
    OfficerActed,
    PanicCause,
    Panicked,
    Rampaged,
    Reaction,
    ReactionChosen,
    Reformed,
    Refuge,
    Refusal,
    RetreatBlocked,
    ScoreLine,
    ShotAtPanicking,
    ShotJudged,
    ShotLost,
    SlotClosed,
    SlotOpened,
    SlotsRewritten,
    Status,
    StormStruck,
    Struck,
    TurnBegan,
    Turned,
    TurnedAway,
    TwoOnOne,
    Volley,
    WeatherSet,
    Withdrew,
)
from aot_rules.tabletop.game import Game
from aot_rules.tabletop.geometry import Pose
from aot_rules.tabletop.player import scripted
from aot_rules.tabletop.save import dumps, loads
from aot_rules.tabletop.scenarios import SCENARIOS, scenario
from aot_rules.tabletop.state import LogEntry
from aot_rules.tabletop.turn import play

A, B = Pose.of(10, 10, 0), Pose.of(10, 16.25, 90)
SIDES = ("Athenians", "Boeotians")
#: The obstacles a fall-back meets, one of each kind the engine tells apart.
ENEMY = Obstacle(ObstacleKind.ENEMY, "A1", "Athenian hoplites")
LAKE = Obstacle(ObstacleKind.TERRAIN, name="Copais", terrain=Terrain.LAKE)
EDGE = Obstacle(ObstacleKind.TABLE_EDGE)
FRIEND = Obstacle(ObstacleKind.FRIEND, "B1", "Theban hoplites")

#: One event of every table event class, and what its line must say.
SAMPLES = [
    (TurnBegan(3, (5, 2), 0, 1, SIDES, ((1, 2, 3), (1,))), ["1 tied roll", "Athenians 5, Boeotians 2"]),
    (WeatherSet(Weather.WIND, 4, Edge.NORTH), ["wind", "north"]),
    (SlotOpened(0, 2, "Nikias", ("A1", "B2")), ["slot 2 of Athenians: Nikias (in contact: A1, B2)"]),
    (SlotClosed(0, 2, ("A1",)), ["slot 2 ends"]),
    (Activated("A2", 0, "Nikias", Method.DIRECT, name="Athenian hoplites", distance=0.8125,
               via="Athenian horse"), ["activates A2 (Athenian hoplites) by direct command, 0.8″ from Athenian horse"]),
    (SlotsRewritten(0, ("Nikias", "individual"), True), ["after the double", "Nikias, individual"]),
    (MovedAlong("A1", A, ((10, 10), (10, 16.25)), B, 6.25, MoveKind.RUN), ["runs 6.2″ to (10.0, 16.2) facing 90°"]),

    (Turned("A1", A, B), ["turns", "90°"]),
    (Reformed("A1", (4, 4), (3, 3, 2), B, True), ["3+3+2", "defensive"]),
    (FellBack("B1", FallBack.RETREAT, "A1", A, B), ["falls back to (10.0, 16.2) facing 90°"]),
    (ContactMade("A1", ("B1", "B2"), ("Theban hoplites", "Thespian hoplites")),
     ["stops in contact with Theban hoplites (B1), Thespian hoplites (B2); it cannot move again this slot"]),
    (LeftBattle("B3", Status.DISPERSED), ["leaves the battle: dispersed"]),
    (CampTaken(1, "A4"), ["sacks the side 2 camp"]),
    (ReactionChosen("B1", "A1", Reaction.EVADE, True), ["B1", "take", "evade", "A1"]),
    (Decided(0, Choice.CHARGE, "A1", "B3", "Athenian hoplites", "Boeotian akontists",
             odds=(Fraction(61, 100), Fraction(1, 2))),
     ["charge: P(win) 0.61 > P(lose) 0.50 against B3 (Boeotian akontists)"]),
    (ReactionChosen("B2", "A2", TURN_BACK, False, "Thespian hoplites", "Attic hoplites"),
     ["Thespian hoplites keep their back to Attic hoplites: no turn back, no test"]),
    (ReactionChosen("B2", "A2", TURN_BACK, True, "Thespian hoplites", "Attic hoplites"),
     ["Thespian hoplites choose to turn back to face Attic hoplites"]),
    (InitiativeRolledAgain(2, (4, 1), SIDES, ((1, 2, 3, 4), ())), ["rolled again", "Athenians 4, Boeotians 1"]),
    (Aimed("A4", "B1", 6, 3.5, 8, line=True, target_name="Theban hoplites", shooter_name="Scythian archers"),
     ["6 firers of Scythian archers at Theban hoplites (3.5″, battle line: one firer fewer), counted at 8"]),
    (FacedAttack("B1", "A2", True, "Attic hoplites"), ["turns to face Attic hoplites: passes"]),
    (DPForced(0, "B3", 4, Forced.RETREAT, "A1", "Boeotian akontists", "Athenian hoplites"),
     ["4 DP force Boeotian akontists to retreat"]),
    (Rampaged("A5", "B2", True, "Thespian hoplites"), ["rushes at Thespian hoplites, the nearest unit"]),
    (StormStruck(1, 3, 2), ["3 units lost in the storm", "2 free"]),
    (OfficerActed("B2", 1, OfficerAct.SHOOT, "A1", "Athenian hoplites"),
     ["junior officer", "shoot at Athenian hoplites"]),
    (BattleEnded(1, BattleOutcome.ROUT, (0, 6)), ["won by side 2", "0 VP to 6"]),
    (Volley("A4", "B1", (1, 2), 3, 2, 1), ["hit on 1, 2: 3 hits: 2 killed, 1 disordered"]),
    (ShotJudged("A4", "B1", 2, 1, True, "Thespian hoplites"),
     ["density 2 against Thespian hoplites' 1: Thespian hoplites are beaten"]),
    (ShotLost("A4", "B1", Refusal("AOT-SHOOT-RANGE", msg("it is out of range")), "Theban hoplites"),
     ["the shot at Theban hoplites is lost: it is out of range"]),
    (ShotAtPanicking("A4", "B1", 3, "Theban hoplites"), ["3 could shoot at Theban hoplites, which are panicking"]),
    (Countercharged("B1", "A4", 2.5, 4, True, 1, "Scythian archers"),
     ["countercharges Scythian archers 2.5″ away: 4 reaches; 1 disordered"]),
    (CounterchargeEnded("B1", "A4", ChargeEnd.SHORT, B, 1.25, "Scythian archers"),
     ["stops at (10.0, 16.2) facing 90°, 1.2″ from Scythian archers: the volley follows"]),
    (Panicked("B1", PanicCause.ARMY_BEATEN), ["a unit of its army lost a combat: it flees toward its camp"]),
    (Fleeing("B1", 10.0, "A1", "Athenian hoplites"), ["flees 10.0″ away from Athenian hoplites"]),
    (RetreatBlocked("B1", Status.DISPERSED, name="Theban hoplites"), ["Theban hoplites are dispersed: no retreat"]),
    (Struck("A1", "B1", (4, 5, 1), 1, 1, 0, 3, 0, "Athenian hoplites", "Thespian hoplites"),
     ["Athenian hoplites [4 5 1] 1 hit, Thespian hoplites' shield wall 3: 0 saved, Thespian hoplites lose 1"]),
    (TwoOnOne(("A1", "A2", "B1"), ("Athenian hoplites", "Attic hoplites", "Theban hoplites"), (2, 2), (1, 0, 2),
              (0, 1, 0)),
     ["Theban hoplites split 2/2: Athenian hoplites lose 1, Attic hoplites lose 0 + 1 disordered; Theban hoplites "
      "lose 2"]),
    (MeleeJudged("A1", "B1", 4, 2, "A1", "B1", "Athenian hoplites", "Theban hoplites"),
     ["density 4 against 2: Athenian hoplites win, Theban hoplites are beaten"]),
    (DPDisordered(0, "B2", 2, 1.25, 2, "Thespian hoplites"),
     ["2 DP on Thespian hoplites (1.2″ from the combat): 2 disordered"]),
    (DPUnspent(0, 3), ["3 DP unspent: no eligible unit left to take them"]),
    (ExtraRolled("A1", Activity.RUN, 4.0, 1), ["may run up to 4″; 1 disordered by the test"]),
    (FriendPassed("A3", "A1", 5, 1, "A1", "", "Athenian hoplites", "Athenian hoplites"),
     ["passes through Athenian hoplites: die 5, Athenian hoplites lose 1"]),
    (FriendInTheWay("B1", "B2", InTheWay.SHORT, 2.25, "Thespian hoplites"),
     ["cannot clear Thespian hoplites: stops short after 2.2″"]),
    (GroundTested("A1", "Stream", 0), ["tests for the Stream: passes"]),
    (TurnedAway("B1", "A1", 2, "Athenian hoplites"), ["turns its back to Athenian hoplites: 2 disordered"]),
    (Evaded("B3", "A2", 5.0, 0, "Attic hoplites"), ["evades Attic hoplites: 5″"]),
    (EvasionRefused("B3", 3.0, EDGE),
     ["cannot back the full 3″ (it would leave the table): accepts the melee"]),
    (Withdrew(1), ["withdraw in good order"]),
]


def entry(*events: object, faces: tuple[int, ...] = ()) -> LogEntry:
    return LogEntry(1, "Athenians", "AOT-TEST", faces, "event", tuple(events))  # type: ignore[arg-type]


def test_every_table_event_has_a_sample_and_a_renderer() -> None:
    assert {type(e) for e, _ in SAMPLES} == set(TABLE_EVENTS)
    assert set(TABLE_EVENTS) <= set(tablelog.RENDERERS)


@pytest.mark.parametrize(("event", "says"), SAMPLES, ids=[type(e).__name__ for e, _ in SAMPLES])
def test_every_table_event_renders(event: object, says: list[str]) -> None:
    line = tablelog.outcome(entry(event))
    assert line and "{" not in line
    for part in says:
        assert part in line


@pytest.mark.parametrize(("method", "kw", "faces", "says"), [
    (None, {}, (), "activates A1 (Athenian hoplites) by Nikias's slot: his own unit"),
    (Method.BATTLE_LINE, {"distance": 0.75}, (), "in Nikias's battle line, 0.8″ from its neighbour"),
    (Method.INDIVIDUAL, {"via": "Lamachos"}, (), "on the individual-unit slot, with colonel Lamachos"),
    (Method.INDIVIDUAL, {}, (), "activates A1 (Athenian hoplites) on the individual-unit slot"),
    (Method.COLONEL, {"distance": 1.0}, (), "to follow colonel Nikias, 1.0″ away"),
    (Method.SIGNAL, {"radius": 3, "distance": 4.04}, (3,),
     "misses A1 (Athenian hoplites): the signal carries 3″ and falls short of it at 4.0″"),
    (Method.MESSENGER, {"distance": 2.5}, (5,),
     "activates A1 (Athenian hoplites): the messenger rides 2.5″ and gets through on a 5"),
])
def test_activation_lines(method: Method | None, kw: dict[str, object], faces: tuple[int, ...], says: str) -> None:
    reached = method is not Method.SIGNAL
    ev = Activated("A1", 0, "Nikias", method, reached, name="Athenian hoplites", **kw)  # type: ignore[arg-type]
    assert says in tablelog.outcome(entry(ev, faces=faces))


def test_nothing_renderable_says_nothing() -> None:
    assert tablelog.outcome(entry()) == ""


#: Each converted entry kind: the events its code now emits, and the exact line a player hears.
CONVERTED = [
    ("initiative", [TurnBegan(1, (2, 5), 0, 0, SIDES, ((2, 1), (5, 4, 3)))],
     "Athenians 2, Boeotians 5: Boeotians play 5, 4, 3; Athenians play 2, 1"),
    ("initiative double", [TurnBegan(3, (4, 4), 4, 0, SIDES)],
     "Athenians 4, Boeotians 4: a double; slots may be rewritten before the dice are rolled again"),
    ("rolled again", [InitiativeRolledAgain(3, (1, 6), SIDES, ((), (6, 5, 4, 3, 2)))],
     "rolled again: Athenians 1, Boeotians 6: Boeotians play 6, 5, 4, 3, 2; Athenians play no slot"),
    ("weather", [WeatherSet(Weather.WIND, 3)], "a second double running (3:3) brings wind"),
    ("wind die", [WeatherSet(Weather.WIND, 3, Edge.NORTH, True)], "the wind blows from the north edge"),
    ("weak wind", [WeatherSet(Weather.WIND, 3, None, True)], "the wind is too weak to matter"),
    ("hot sun", [GroundTested("A1", "", 1, Ground.SUN)], "1 warrior disordered by the heat"),
    ("storm die", [UnitDrifted("Athenian hoplites", 2, Drift.LEFT, "A1")], "the storm's die 2: it goes left"),
    ("storm names", [ReactionChosen("A1", "", tablelog.LOST_IN_STORM, True, "Athenian hoplites")],
     "names A1 (Athenian hoplites)"),
    ("turn", [Turned("A1", A, B, 90.0, 1)], "turns 90° to face 90°: 1 disordered"),
    ("chariot overturns", [Turned("A1", A, B, 90.0, overturned=True)], "overturns and is removed"),
    ("turn back", [Turned("B1", A, B, toward="A1", toward_name="Athenian hoplites")],
     "turns back to face Athenian hoplites (90°)"),
    ("reform", [Reformed("B1", (2, 2), (3, 2), B, False, 3, 1, True)],
     "reforms: ranks 3+2 (density 3), 1 disordered, facing 90°"),
    ("left the battle", [LeftBattle("B1", Status.DISPERSED, ENEMY)],
     "Athenian hoplites (A1) block its path: dispersed"),
    ("dispersed by ground", [LeftBattle("B1", Status.DISPERSED, LAKE)],
     "the Copais (lake) blocks its path: dispersed"),
    ("weaker panicking", [FriendInTheWay("B2", "B1", InTheWay.WEAKER, friend_name="Theban hoplites"),
                          LeftBattle("B2", Status.DISPERSED)],
     "cannot be cleared by the panicking Theban hoplites and, the weaker of two panicking units, is dispersed"),
    ("evasion refused", [EvasionRefused("B3", 2.0, FRIEND)],
     "cannot back the full 2″ (it would stop on Theban hoplites): accepts the melee"),
    ("evasion blocked", [EvasionRefused("B3", 4.0, ENEMY)],
     "cannot back the full 4″ (Athenian hoplites (A1) block its path): accepts the melee"),
    ("evasion off the table", [EvasionRefused("B3", 4.0, EDGE)],
     "cannot back the full 4″ (it would leave the table): accepts the melee"),
    ("evasion declined", [ReactionChosen("B3", "A2", Reaction.EVADE, False, "Boeotian akontists", "Attic hoplites")],
     "stands and accepts the melee with Attic hoplites"),
    ("camp", [CampTaken(1, "A5", "Boeotian"), LeftBattle("A5", Status.LOOTING)],
     "sacks the Boeotian camp and leaves the battle to loot it"),
    ("battle ended", [BattleEnded(0, BattleOutcome.POINTS, (2, 1), EndCause.LAST_TURN, 16, SIDES, Ending.NIGHTFALL,
                                  ((ScoreLine(Award.REMOVED, 2, 2, ("B1", "B3")),),
                                   (ScoreLine(Award.IN_CAPTURED_CAMP, 1, 1, ("A2",)),)))],
     "night falls after turn 16: nightfall: won by Athenians, 2 VP to 1 (Athenians: 2 VP (2 enemy units destroyed "
     "or dispersed: +2); Boeotians: 1 VP (1 enemy unit fled into the captured camp: +1))"),
    ("camp scores", [BattleEnded(1, BattleOutcome.ROUT, (0, 3), EndCause.ROUTED, 7, SIDES, Ending.ROUT,
                                 ((), (ScoreLine(Award.CAMP_CAPTURED, 0, 2),
                                       ScoreLine(Award.REMOVED, 1, 1, ("A1",)))))],
     "the battle ends on turn 7: total victory: won by Boeotians, 0 VP to 3 (Athenians: 0 VP; Boeotians: 3 VP (enemy "
     "camp captured: +2; 1 enemy unit destroyed or dispersed: +1))"),
    ("withdrawal", [BattleEnded(1, BattleOutcome.WITHDRAWAL, (0, 0), EndCause.WITHDRAWN, 9, SIDES, Ending.WITHDRAWAL,
                                withdrawn=0)],
     "Athenians have withdrawn: organised withdrawal: won by Boeotians, 0 VP to 0 (Athenians: 0 VP; Boeotians: 0 VP)"),
    ("volley", [Volley("A4", "B1", (1, 2), 2, 1, 1, 6, True, 1),
                Aimed("A4", "B1", 4, 2.34, 3, Cover(CoverKind.INSIDE, "Oak wood", Terrain.WOOD), True,
                      target_name="Theban hoplites")],
     "4 firers at Theban hoplites (2.3″, in cover: Theban hoplites stand less than 1″ inside the edge of the Oak "
     "wood (wood), flank), hit on 1, 2: 2 hits, shield wall 6 (this slot's roll): 1 saved: 1 killed, 1 disordered"),
    ("behind a hedge", [Aimed("A4", "B1", 4, 3.0, 3, Cover(CoverKind.BEHIND, "Hedge", Terrain.HEDGE),
                              target_name="Theban hoplites", shooter_name="Scythian archers")],
     "4 firers of Scythian archers at Theban hoplites (3″, in cover: Theban hoplites stand behind the Hedge "
     "(hedge or scrub)), counted at 3"),
    ("guarding the camp", [Aimed("A4", "B1", 2, 5.0, 4, Cover(CoverKind.CAMP), target_name="Theban hoplites",
                                 shooter_name="Scythian archers")],
     "2 firers of Scythian archers at Theban hoplites (5″, in cover: Theban hoplites guard their own camp, which "
     "counts as a wood), counted at 4"),
    ("nothing hits", [Volley("A4", "B1", (), 0, 0, 0), Aimed("A4", "B1", 2, 5.0, 4, target_name="Theban hoplites")],
     "2 firers at Theban hoplites (5″), hit on nothing: 0 hits: 0 killed"),
    ("return fire", [Volley("B1", "A4", (1,), 0, 0, 0, returned=True),
                     Aimed("B1", "A4", 1, 2.0, 2, target_name="Scythian archers")],
     "returns fire: 1 firer at Scythian archers (2″), hit on 1: 0 hits: 0 killed"),
    ("shot stands", [ShotJudged("A4", "B2", 1, 2, False, "Thespian hoplites")],
     "density 1 does not beat Thespian hoplites' 2: they stand"),
    ("countercharge home", [CounterchargeEnded("B1", "A4", ChargeEnd.HOME, B, shooter_name="Scythian archers")],
     "charges home into Scythian archers at (10.0, 16.2) facing 90°: no volley, the melee is fought at once"),
    ("countercharge no ground", [CounterchargeEnded("B1", "A4", ChargeEnd.NO_GROUND, A,
                                                    shooter_name="Scythian archers")],
     "finds no open ground to reach Scythian archers: it falls short"),
    ("countercharge panic", [Panicked("B1", PanicCause.COUNTERCHARGE_DIE)],
     "panics on its countercharge die and stays"),
    ("melee", [Struck("A1", "B1", (4, 2), 1, 1, 0, name="Athenian hoplites", foe_name="Theban hoplites"),
               Struck("B1", "A1", (), 0, 0, 0, 4, 0, "Theban hoplites", "Athenian hoplites")],
     "Athenian hoplites [4 2] 1 hit, Theban hoplites lose 1; Theban hoplites [none] 0 hits, Athenian hoplites' "
     "shield wall 4: 0 saved, Athenian hoplites lose 0"),
    ("melee goes on", [MeleeJudged("A1", "B1", 2, 2)], "density 2 against 2: the melee goes on"),
    ("cannot retreat", [RetreatBlocked("B1", spent=Activity.RETREAT, rule="AOT-UNIT-ACTIONS", name="Theban hoplites")],
     "cannot retreat (Theban hoplites have already retreated this turn): it stands and stays engaged"),
    ("ran, cannot retreat", [RetreatBlocked("B4", spent=Activity.TROT, rule="AOT-UNIT-ACTIONS", name="Boeotian horse")],
     "cannot retreat (Boeotian horse have already made their trot this turn; a run or trot and a retreat share one "
     "allowance): it stands and stays engaged"),
    ("faced attack no room", [FacedAttack("B1", "A2", False, "Attic hoplites")],
     "has no room to turn to face Attic hoplites: it fights flanked"),
    ("faced attack mounted", [FacedAttack("B5", "A2", True, "Attic hoplites", 1, True), Turned("B5", A, B)],
     "turns to face Attic hoplites: 1 disordered; no horse strike"),
    ("DP attack", [DPForced(1, "A3", 2, Forced.ATTACK, "B1", "Athenian akontists", "Theban hoplites")],
     "2 DP drive Athenian akontists to attack Theban hoplites"),
    ("rampage blocked", [Rampaged("A6", "B2", False, "Thespian hoplites",
                                  Refusal("AOT-TABLE", msg("War elephants cannot move: it would leave the table")))],
     "berserk, cannot rush at Thespian hoplites: War elephants cannot move: it would leave the table"),
    ("trot", [ExtraRolled("B4", Activity.TROT, 5.0)], "may trot up to 5″"),
    ("elephant berserk", [ExtraRolled("A6", Activity.TROT, 2.0, berserk=True)], "trot die 2: it goes berserk"),
    ("chariot overturned", [ExtraRolled("B6", Activity.TROT, 3.0, overturned=True)],
     "trots 3″ but overturns and is removed"),
    ("same die", [FriendPassed("B1", "B2", 4, 0, "B2", "AOT-MELEE-RETREAT", "Thespian hoplites",
                               "Thespian hoplites")],
     "passes through Thespian hoplites on the same die 4 (AOT-MELEE-RETREAT): no loss"),
    ("no loss", [FriendPassed("A3", "A1", 2, 0, "A1", "", "Athenian hoplites", "Athenian hoplites")],
     "passes through Athenian hoplites without loss"),
    ("panicking blocked", [FriendInTheWay("B2", "B1", InTheWay.DISPERSED, friend_name="Theban hoplites")],
     "panicking, cannot clear Theban hoplites: dispersed"),
    ("camp test", [GroundTested("A5", "Boeotian", 2, Ground.CAMP)], "tests for the Boeotian camp: 2 disordered"),
    ("flight to camp", [Fleeing("B2", 7.25, toward=Refuge.CAMP)], "flees 7.2″ toward its camp"),
    ("flight to the edge", [Fleeing("B2", 7.25, toward=Refuge.EDGE)], "flees 7.2″ toward its table edge"),
    ("at camp", [Fleeing("B2", 0.0, toward=Refuge.CAMP)], "already at its camp"),
    ("a hair from camp", [Fleeing("B2", 0.03, toward=Refuge.CAMP)], "already at its camp"),
    ("panic in contact", [Panicked("B2", PanicCause.IN_CONTACT)],
     "panicking in contact: it is not fought, it flees away from its attacker"),
    ("evasion panic", [Panicked("B3", PanicCause.EVASION_DIE)], "panics on its evasion die and stays"),
]


@pytest.mark.parametrize(("events", "line"), [(e, line) for _, e, line in CONVERTED],
                         ids=[kind for kind, _, _ in CONVERTED])
def test_each_converted_kind_renders_its_line(events: list[object], line: str) -> None:
    assert tablelog.outcome(entry(*events)) == line


@pytest.fixture(scope="module", params=sorted(SCENARIOS))
def played(request: pytest.FixtureRequest) -> Game:
    g = Game(scenario(request.param, 2))
    return play(g, 16, scripted())


def test_a_played_game_of_each_scenario_tells_every_entry_from_its_events(played: Game) -> None:
    """No entry carries prose of its own (there is no field for it): every line is the renderer's, and every
    entry the table prints has one."""
    assert not hasattr(LogEntry, "text")
    for e in played.state.log:
        assert tablelog.outcome(e), e
        said = tablelog.outcome(e)
        assert "{" not in said and not re.search(r"\d/\d+″", said)  # no fraction of an inch
        assert tablelog.line(e).endswith(tablelog.outcome(e))


def test_a_saved_and_loaded_game_renders_identically(played: Game) -> None:
    back = loads(dumps(played.state))  # captions and refusals come back from the replay, not from the file
    assert back == played.state
    assert [tablelog.line(e) for e in back.log] == [tablelog.line(e) for e in played.state.log]
    assert tablelog.lines(back, verbose=True) == tablelog.lines(played.state, verbose=True)


def test_fall_back_lines() -> None:
    assert tablelog.outcome(entry(FellBack("B1", FallBack.EVASION, "A1", A, B))) == ("backs away to (10.0, 16.2) "
                                                                                    "facing 90°")
    fled = entry(FellBack("B1", FallBack.FLIGHT, "", A, B), LeftBattle("B1", Status.FLED))
    assert tablelog.outcome(fled) == "leaves the table: fled"


def test_distances_print_to_one_decimal() -> None:
    line = tablelog.outcome(entry(MovedAlong("A1", A, ((10, 10), (10, 13.3333)), Pose.of(10, 13.3333, 0), 3.3333,
                                            MoveKind.MOVE)))
    assert line == "moves 3.3″ to (10.0, 13.3) facing 0°"


@pytest.mark.parametrize("kind", list(Choice))
def test_every_kind_of_decision_is_told_from_its_fields(kind: Choice) -> None:
    """A typed decision carries no sentence: each kind has its own, told from the pieces, odds and numbers."""
    e = Decided(0, kind, "A1", "B3", "Athenian hoplites", "Boeotian akontists", "Nikias", Method.SIGNAL,
                odds=(Fraction(2, 3), Fraction(1, 3)), firers=3, distance=4.5, degrees=30.0, disordered=2,
                slots=("Nikias",) * 6)
    line = tablelog.outcome(LogEntry(1, "Athenians", "", (), "decision", (e,)))
    assert line and "{" not in line and "None" not in line


def test_a_facing_just_below_zero_prints_as_0_degrees() -> None:
    """-0.4° rounds to 0°, never "-0°" (issue #38), in the log and in play's table of units (to a tenth there)."""
    from aot_rules.cli.play import state_table

    line = tablelog.outcome(entry(MovedAlong("A1", A, ((10, 10), (10, 13)), Pose.of(10, 13, -0.4), 3, MoveKind.MOVE)))
    assert line == "moves 3.0″ to (10.0, 13.0) facing 0°"
    s = scenario("greek-border", 1)
    a1 = s.piece("A1")
    table = state_table(s.with_piece(a1.changed(pose=Pose.of(a1.pose.x, a1.pose.y, -0.04))))
    row = next(r for r in table.splitlines() if r.startswith("A1 "))
    assert row.endswith(" 0.0") and "-0" not in row
