"""The game record holds no English that code reads (issue #19): every string an event carries is a piece id, a name
the table shows, a rule ID, or one of the few documented display-only sentences; every closed vocabulary is an enum
whose values the save file's schema lists; a file that breaks either is refused.

"An event" is every class a record may hold: the table's own (:mod:`aot_rules.tabletop.events`), the rules' that
travel beside them (:mod:`aot_rules.aot.events`) and the core's dice (:mod:`aot_rules.core.events`), exactly the
classes the save file's codec builds, with every part they hold (an obstacle, a score line, a unit)."""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Iterator
from enum import Enum
from fractions import Fraction
from typing import Annotated, Any

import pytest

from aot_rules.aot import events as aot_events
from aot_rules.aot.rules.command import INDIVIDUAL
from aot_rules.aot.rules.orders import Activity
from aot_rules.aot.rules.terrain import Terrain
from aot_rules.aot.rules.victory import Award, Ending
from aot_rules.aot.units import Body, Unit
from aot_rules.aot.vocabulary import DieMove, DPEffect, Drift, Fate, RollOff, Weather
from aot_rules.core import events as core_events
from aot_rules.core.errors import RuleError
from aot_rules.core.events import Event
from aot_rules.core.i18n import Message, msg, speaking
from aot_rules.core.verdict import Verdict as Who
from aot_rules.tabletop import codec, events, save_schema
from aot_rules.tabletop.events import (
    TABLE_EVENTS,
    BattleEnded,
    BattleOutcome,
    Cover,
    CoverKind,
    EndCause,
    EvasionRefused,
    LeftBattle,
    Obstacle,
    ObstacleKind,
    Rampaged,
    Refusal,
    RetreatBlocked,
    ScoreLine,
    ShotLost,
    Status,
    Text,
)
from aot_rules.tabletop.game import Game
from aot_rules.tabletop.geometry import Pose
from aot_rules.tabletop.player import scripted
from aot_rules.tabletop.save import SaveFileError, dumps, loads, to_data
from aot_rules.tabletop.scenarios import scenario
from aot_rules.tabletop.state import GameState
from aot_rules.tabletop.turn import play

#: The only display-only sentences an event may carry (class, field): shown to a reader as the engine said them,
#: never parsed.  A refusal keeps one only where the engine has no typed cause to give (a berserk elephant's blocked
#: path, a volley lost after a countercharge: the walk's and the aim's many refusals).  A die's purpose is its
#: caption in a dice strip ("hit", "Gauls sword"): what it did is the Roll's ``effect`` and the events beside it.
#: A companion system's ``Said`` is its worked example's step in words; no Art of Tactics rule or table logs one.
DISPLAY_ONLY = {("Refusal", "message"), ("Roll", "purpose"), ("Said", "text")}
#: Leaf types a field may hold besides enums, marked strings and the record's own parts.
PLAIN = (int, float, bool, type(None), Pose, Fraction)


def parts_in(tp: Any) -> Iterator[type]:
    """The dataclasses (other than a pose) inside the type ``tp``: the parts a field holds."""
    if isinstance(tp, type):
        if dataclasses.is_dataclass(tp) and tp not in (Pose, Message):  # a caption is marked text, not a part
            yield tp
        return
    for a in typing.get_args(tp):
        if a is not Ellipsis and not isinstance(a, events.Text):
            yield from parts_in(a)


def record_classes() -> list[type]:
    """Every event class a record may hold (what the codec builds from a file), then every part reachable from
    their fields, once each."""
    found: list[type] = list(codec.EVENT_TYPES.values())
    for cls in found:  # grows as parts are found
        for tp in typing.get_type_hints(cls, include_extras=True).values():
            found += [p for p in parts_in(tp) if p not in found]
    return found


#: The event classes and their parts (the dataclasses they hold): the table's, the rules' and the core's.
CLASSES = record_classes()


def strings(tp: Any, where: str) -> Iterator[tuple[str, Text | None]]:
    """Every string inside the type ``tp``: where it is and its mark (None: a bare ``str``).  A type the record does
    not know (a dict, a list, an object) is an error, so nothing slips past as an unchecked container."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is Annotated:
        marks = [m for m in tp.__metadata__ if isinstance(m, Text)]
        if args[0] in (str, Message):
            yield where, marks[0] if marks else None
        else:
            yield from strings(args[0], where)
    elif tp is str:
        yield where, None
    elif origin in (typing.Union, types.UnionType, tuple):
        for i, a in enumerate(args):
            if a is not Ellipsis:
                yield from strings(a, f"{where}[{i}]" if origin is tuple else where)
    elif isinstance(tp, type) and (issubclass(tp, Enum) or tp in PLAIN or tp in CLASSES):
        return
    else:
        raise TypeError(f"{where}: {tp!r} is not a type a record field may hold")


def marks(cls: type) -> Iterator[tuple[str, Text | None]]:
    hints = typing.get_type_hints(cls, include_extras=True)
    for f in dataclasses.fields(cls):
        yield from strings(hints[f.name], f"{cls.__name__}.{f.name}")


def english(cls: type) -> list[str]:
    """What is wrong with the strings of ``cls``'s fields: a bare ``str``, or display-only text not listed."""
    wrong = []
    for where, mark in marks(cls):
        cls_name, field = where.split(".")[:2]
        if mark is None:
            wrong.append(f"{where} is a bare str: make it an enum, a number, or mark it PieceId, Name or RuleId")
        elif mark is Text.DISPLAY and (cls_name, field.split("[")[0]) not in DISPLAY_ONLY:
            wrong.append(f"{where} is display-only text not listed")
    return wrong


def test_every_event_and_part_is_walked() -> None:
    """The table's events, the rules' and the core's, and their parts (a unit inside ``Losses`` included)."""
    assert set(TABLE_EVENTS) <= set(CLASSES)
    assert {Obstacle, Cover, Refusal, ScoreLine, Unit} <= set(CLASSES)
    rules = {c for c in vars(aot_events).values()
             if isinstance(c, type) and issubclass(c, Event) and c.__module__ == aot_events.__name__}
    assert {aot_events.Hits, aot_events.Wounded, aot_events.UnitDrifted} <= rules <= set(CLASSES)
    assert {core_events.Roll, core_events.Said} <= set(CLASSES)


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_no_event_field_is_a_bare_string(cls: type) -> None:
    """English cannot creep back: a new ``str`` field must say what it holds, and a display-only one must be
    listed above, with the reason nothing parses it."""
    assert english(cls) == []


def test_the_walker_catches_english() -> None:
    """The check above can fail: a bare ``str``, an unlisted display-only sentence and an unknown container are
    all seen."""
    @dataclasses.dataclass(frozen=True)
    class Blocked(Event):
        piece: events.PieceId
        reason: str
        said: tuple[events.Name, str] = ("", "")
        why: events.Display = ""

    assert dict(marks(Blocked)) == {"Blocked.piece": Text.PIECE, "Blocked.reason": None, "Blocked.said[0]": Text.NAME,
                                    "Blocked.said[1]": None, "Blocked.why": Text.DISPLAY}
    assert english(Blocked) == [
        "Blocked.reason is a bare str: make it an enum, a number, or mark it PieceId, Name or RuleId",
        "Blocked.said[1] is a bare str: make it an enum, a number, or mark it PieceId, Name or RuleId",
        "Blocked.why is display-only text not listed"]
    with pytest.raises(TypeError, match="not a type"):
        list(strings(dict[str, int], "x"))


# The rules' events as they were before issue #19's last step (module level, so their hints resolve).

@dataclasses.dataclass(frozen=True)
class OldHits(Event):
    by: str
    faces: tuple[tuple[int, bool], ...]
    hit_on: str = ""


@dataclasses.dataclass(frozen=True)
class OldWounded(Event):
    unit: events.Name
    body: Body
    hits: int
    roll: int
    fate: str


@dataclasses.dataclass(frozen=True)
class OldUnit:
    name: str
    ranks: tuple[int, ...]


@dataclasses.dataclass(frozen=True)
class OldLosses(Event):
    before: OldUnit
    killed: int


def test_the_walker_catches_the_rules_english() -> None:
    """The rules' events as they were are refused: the faces that hit as words, a fate as a word, a unit whose name
    is a bare ``str``; and a part the record does not hold is not waved through."""
    assert [w.split(" ")[0] for w in english(OldHits)] == ["OldHits.by", "OldHits.hit_on"]
    assert [w.split(" ")[0] for w in english(OldWounded)] == ["OldWounded.fate"]
    assert [w.split(" ")[0] for w in english(OldUnit)] == ["OldUnit.name"]
    with pytest.raises(TypeError, match=r"OldLosses\.before: .* is not a type"):
        english(OldLosses)
    assert list(parts_in(typing.get_type_hints(OldLosses)["before"])) == [OldUnit]


def test_the_display_only_fields_are_the_documented_ones() -> None:
    shown = {tuple(where.split(".")) for cls in CLASSES for where, mark in marks(cls) if mark is Text.DISPLAY}
    assert shown == DISPLAY_ONLY


# --- the schema lists every vocabulary -----------------------------------------------------------------------

def enum_fields() -> Iterator[tuple[type, str, type[Enum]]]:
    for cls in CLASSES:
        hints = typing.get_type_hints(cls)
        for f in dataclasses.fields(cls):
            tp = hints[f.name]
            inner = [a for a in typing.get_args(tp) if a is not type(None)] if typing.get_args(tp) else [tp]
            if len(inner) == 1 and isinstance(inner[0], type) and issubclass(inner[0], Enum):
                yield cls, f.name, inner[0]


def test_the_vocabularies_are_enums() -> None:
    found = {(cls.__name__, name): kind for cls, name, kind in enum_fields()}
    assert found[("LeftBattle", "status")] is Status and found[("Obstacle", "kind")] is ObstacleKind
    assert found[("ScoreLine", "award")] is Award and found[("BattleEnded", "ending")] is Ending
    assert found[("RetreatBlocked", "spent")] is Activity and found[("Obstacle", "terrain")] is Terrain
    # the rules' own
    assert found[("WeatherChanged", "weather")] is Weather and found[("UnitDrifted", "drift")] is Drift
    assert found[("Wounded", "fate")] is Fate and found[("Wounded", "body")] is Body
    assert found[("DPSpent", "effect")] is DPEffect and found[("Compared", "verdict")] is Who
    assert found[("OffRoll", "why")] is RollOff and found[("Moved", "why")] is DieMove
    assert len(found) >= 35


@pytest.mark.parametrize(("cls", "name", "kind"), list(enum_fields()),
                         ids=[f"{c.__name__}.{n}" for c, n, _ in enum_fields()])
def test_the_schema_lists_each_vocabulary_and_refuses_anything_else(cls: type, name: str, kind: type[Enum]) -> None:
    from jsonschema import Draft202012Validator

    schema = save_schema.schema_of(typing.get_type_hints(cls, include_extras=True)[name])
    check = Draft202012Validator(schema)
    for member in kind:
        assert check.is_valid(member.value), member
    assert not check.is_valid("a word the engine never wrote")
    assert not check.is_valid(7)


# --- a file with a bad value is refused in one line --------------------------------------------------------------

#: An event of each new typed shape, with what is wrong once a field of its saved object is changed.
#: A volley's hit dice as the shooting rules log them.
VOLLEY_HITS = aot_events.Hits("firers", ((2, True), (5, False)), (1, 2, 3))
SAMPLE = LeftBattle("B1", Status.DISPERSED, Obstacle(ObstacleKind.ENEMY, "A1", "Athenian hoplites"))
ENDED = BattleEnded(0, BattleOutcome.POINTS, (2, 0), EndCause.LAST_TURN, 16, ("Athenians", "Boeotians"),
                    Ending.NIGHTFALL, ((ScoreLine(Award.REMOVED, 2, 2, ("B1", "B2")),), ()))


@pytest.mark.parametrize(("event", "path", "value", "expected"), [
    (SAMPLE, ("status",), "vanished", "status: 'vanished' is not one of: fighting,"),
    (SAMPLE, ("obstacle", "kind"), "a wall", "obstacle.kind: 'a wall' is not one of: enemy"),
    (SAMPLE, ("obstacle", "terrain"), "lava", "obstacle.terrain: 'lava' is not one of: open"),
    (SAMPLE, ("obstacle", "reason"), "an enemy base is in the way", "obstacle: the key 'reason' is not part of th"),
    (SAMPLE, ("reason",), "an enemy base is in the way", "the key 'reason' is not part of this format"),
    (ENDED, ("how",), "won", "how: 'won' is not one of: rout, points, with"),
    (ENDED, ("why",), "the gods", "why: 'the gods' is not one of: withdrawn, ro"),
    (ENDED, ("ending",), "sunset", "ending: 'sunset' is not one of: rout, nightf"),
    (ENDED, ("scores", 0, 0, "award"), "1 enemy unit destroyed or dispersed",
     "scores[0][0].award: '1 enemy unit destroyed"),
    (ENDED, ("scores", 0, 0), ["2 enemy units destroyed or dispersed", 2],
     "scores[0][0]: expected a mapping, found ['2"),
    (RetreatBlocked("B1", spent=Activity.RUN, rule="AOT-UNIT-ACTIONS"), ("rule",), "it has already run",
     "rule: 'it has already run' is not written th"),
    (RetreatBlocked("B1", spent=Activity.RUN, rule="AOT-UNIT-ACTIONS"), ("spent",), "sleep",
     "spent: 'sleep' is not one of: move, shoot, r"),
    (ShotLost("A4", "B1", Refusal("AOT-SHOOT-RANGE", msg("B1 is out of range"))), ("refused", "rule"), "out of range",
     "refused.rule: 'out of range' is not written"),
    (ShotLost("A4", "B1", Refusal("AOT-SHOOT-RANGE", msg("B1 is out of range"))), ("refused",), "B1 is out of range",
     "refused: expected a mapping, found 'B1 is ou"),
    (EvasionRefused("B3", 3.0, Obstacle(ObstacleKind.TABLE_EDGE)), ("obstacle",), {"piece": "A1"},
     "obstacle: the key 'kind' is missing"),
    # a record holds no words: a refusal's display text is not one of its fields
    (Rampaged("E", "B1", False, refused=Refusal("AOT-TABLE", msg("it would leave the table"))), ("refused", "message"),
     "it would leave the table", "refused: the key 'message' is not part of th"),
    # the rules' own events: faces are numbers, vocabularies are enums
    (VOLLEY_HITS, ("hit_on",), "1, 2, 3", "hit_on: expected nothing (null) or a list"),
    (VOLLEY_HITS, ("hit_on", 0), "1", "hit_on[0]: expected a whole number, found '1"),
    (aot_events.ShieldWall("hoplites", 1, (1, 2, 3), 1), ("saves_on",), "1, 2, 3",
     "saves_on: expected a list, found '1, 2, 3'"),
    (aot_events.DPSpent("T", 3, DPEffect.RETREAT), ("effect",), "run away",
     "effect: 'run away' is not one of: disorder,"),
    (aot_events.WeatherChanged(2, 5, Weather.STORM), ("weather",), "a gale",
     "weather: 'a gale' is not one of: calm, wind,"),
    (aot_events.UnitDrifted("Gauls", 3, Drift.LEFT, "B2"), ("drift",), "sideways", "drift: 'sideways' is not one of"),
    (aot_events.Wounded("elephant", Body.ELEPHANT, 2, 4, Fate.BERSERK), ("fate",), "maimed",
     "fate: 'maimed' is not one of: none, survives"),
    (aot_events.Wounded("elephant", Body.ELEPHANT, 2, 4, Fate.BERSERK), ("body",), "mammoth",
     "body: 'mammoth' is not one of: warriors, cam"),
    (aot_events.OffRoll(RollOff.PLACING, 3, 5), ("why",), "a coin toss", "why: 'a coin toss' is not one of"),
    (aot_events.Moved("cavalry", DieMove.TROT, (3, 4), 7), ("why",), "gallop", "why: 'gallop' is not one of: run"),
])
def test_a_bad_typed_value_is_refused_by_the_schema(event: Event, path: tuple[Any, ...], value: object,
                                                   expected: str) -> None:
    data = codec.encode_event(event)
    assert save_schema.event_problem(data) is None and codec.decode_event(data) == event
    *parents, last = path
    at: Any = data
    for key in parents:
        at = at[key]
    at[last] = value
    problem = save_schema.event_problem(data)
    assert problem is not None and expected in str(problem), problem


# --- in a played game, and in its save file ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def greek() -> GameState:
    return play(Game(scenario("greek-border", 2)), 16, scripted()).state


def marked(value: object, tp: Any, mark: Text) -> Iterator[str]:
    """Every string of ``value`` (of the type ``tp``, parts included) whose type carries ``mark``."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is Annotated:
        if mark in tp.__metadata__:
            yield typing.cast(str, value)
        return
    if value is None:
        return
    if origin in (typing.Union, types.UnionType):
        for a in args:
            if a is not type(None):
                yield from marked(value, a, mark)
    elif origin is tuple:
        items = typing.cast(tuple[object, ...], value)
        kinds = [args[0]] * len(items) if len(args) == 2 and args[1] is Ellipsis else list(args)
        for v, a in zip(items, kinds, strict=True):
            yield from marked(v, a, mark)
    elif isinstance(tp, type) and dataclasses.is_dataclass(tp) and tp in CLASSES:
        hints = typing.get_type_hints(tp, include_extras=True)
        for f in dataclasses.fields(tp):
            yield from marked(getattr(value, f.name), hints[f.name], mark)


def in_record(state: GameState, mark: Text) -> list[str]:
    """Every string marked ``mark`` in the events of the game's record, the rules' and the table's."""
    return [s for e in state.log for v in e.events if type(v) in CLASSES for s in marked(v, type(v), mark)]


def test_every_piece_id_in_a_record_names_a_piece(greek: GameState) -> None:
    """Each event names its pieces by id: every string marked as a piece id is one of the game's pieces (or empty,
    where the field names none)."""
    named = in_record(greek, Text.PIECE)
    assert len(named) > 300
    assert {pid for pid in named if pid} <= {p.id for p in greek.pieces}


def test_a_played_record_round_trips_through_its_typed_json(greek: GameState) -> None:
    doc = to_data(greek)
    kinds = {v["type"] for e in doc["log"] for v in e["events"]}
    assert {"LeftBattle", "BattleEnded", "FellBack", "MovedAlong"} <= kinds
    ended = next(v for e in doc["log"] for v in e["events"] if v["type"] == "BattleEnded")
    assert ended["why"] in {c.value for c in EndCause} and ended["ending"] in {e.value for e in Ending}
    for side in ended["scores"]:
        for line in side:
            assert set(line) == {"award", "count", "points", "pieces"} and line["award"] in {a.value for a in Award}
    assert loads(dumps(greek)) == greek


def test_the_rules_events_in_a_record_are_typed(greek: GameState) -> None:
    """The rules' events travel in the record as numbers and enum values: a volley's faces that hit, a shield die's
    faces that save, the unit inside a ``Losses``."""
    doc = to_data(greek)
    saved = [v for e in doc["log"] for v in e["events"]]
    kinds = {v["type"] for v in saved}
    assert {"Hits", "ShieldWall", "Losses", "Compared", "DPEarned", "Tested"} <= kinds
    volleys = [v["hit_on"] for v in saved if v["type"] == "Hits" and v["hit_on"] is not None]
    strikes = [v for v in saved if v["type"] == "Hits" and v["hit_on"] is None]
    assert volleys and strikes and all(isinstance(f, int) for faces in volleys for f in faces)
    walls = [v["saves_on"] for v in saved if v["type"] == "ShieldWall"]
    assert walls and all(isinstance(f, int) and 1 <= f <= 6 for faces in walls for f in faces)


def test_every_name_in_a_record_is_one_the_table_shows(greek: GameState) -> None:
    """A ``Name`` holds a name, never a sentence: a piece's, a side's, a commander's or a terrain piece's, the slot
    word the army list writes ("individual"), or what the shooting rules call an unnamed party."""
    shown = ({p.name for p in greek.pieces} | {s.name for s in greek.sides} | {s.nationality for s in greek.sides}
             | {c.name for s in greek.sides for c in s.commanders} | {t.name for t in greek.terrain}
             | {INDIVIDUAL, "shooters", "firers", ""})

    said = in_record(greek, Text.NAME)
    assert len(said) > 300
    assert set(said) <= shown


def test_a_save_with_english_in_a_typed_field_is_refused(greek: GameState) -> None:
    doc = to_data(greek)
    n, k = next((n, k) for n, e in enumerate(doc["log"]) for k, v in enumerate(e["events"])
                if v["type"] == "FellBack")
    doc["log"][n]["events"][k]["kind"] = "ran away"
    with pytest.raises(SaveFileError) as info:
        loads(json.dumps(doc), "g.json")
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(f"g.json: log[{n}]: events[{k}] (FellBack): kind: 'ran away' is not one of")


def test_a_save_with_a_rules_event_in_words_is_refused(greek: GameState) -> None:
    """The rules' events are checked like the table's: a volley's faces that hit written as words is refused, in
    one line naming the entry, the event and the field."""
    doc = to_data(greek)
    n, k = next((n, k) for n, e in enumerate(doc["log"]) for k, v in enumerate(e["events"])
                if v["type"] == "Hits" and v["hit_on"])
    doc["log"][n]["events"][k]["hit_on"] = "1, 2, 3"
    with pytest.raises(SaveFileError) as info:
        loads(json.dumps(doc), "g.json")
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(f"g.json: log[{n}]: events[{k}] (Hits): hit_on: expected nothing (null) or a list, "
                              "found '1, 2, 3'"), message


def test_a_refusal_keeps_its_rule() -> None:
    r = Refusal.of(RuleError("AOT-SHOOT-RANGE", "Theban hoplites are 9.5″ away: beyond the javelin's 8″"))
    assert (r.rule, str(r.message)) == ("AOT-SHOOT-RANGE", "Theban hoplites are 9.5″ away: beyond the javelin's 8″")


def test_a_refusal_keeps_the_errors_template_not_its_english() -> None:
    """A logged refusal renders late, in the reader's language: it keeps the error's message, values and all."""
    m = msg("{unit} are {distance}″ away: beyond the {weapon}'s {reach}″", unit="Theban hoplites",
            distance=Fraction(19, 2), weapon="javelin", reach=8)
    r = Refusal.of(RuleError("AOT-SHOOT-RANGE", m))
    assert r.message is m and isinstance(r.message, Message)
    assert str(r.message) == "Theban hoplites are 9.5″ away: beyond the javelin's 8″"
    with speaking("qps"):
        assert str(r.message) == "⟦Theban hoplites àŕé 9.5″ àwàý: béýöñd thé javelin'š 8″⟧"


def test_cover_and_obstacles_are_data() -> None:
    """What the engine tells apart, it records apart: the kinds and the pieces, never a sentence."""
    wood = Cover(CoverKind.INSIDE, "Oak wood", Terrain.WOOD)
    assert codec.encode_value(wood, Cover) == {"kind": "inside", "name": "Oak wood", "terrain": "wood"}
    edge = Obstacle(ObstacleKind.TABLE_EDGE)
    assert codec.encode_value(edge, Obstacle) == {"kind": "table-edge", "piece": "", "name": "", "terrain": None}
    assert codec.decode_value({"kind": "table-edge"}, Obstacle) == edge
