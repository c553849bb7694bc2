"""The game record holds no English that code reads (issue #19): every string an event carries is a piece id, a name
the table shows, a rule ID, or one of the few documented display-only sentences; every closed vocabulary is an enum
whose values the save file's schema lists; a file that breaks either is refused."""

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

from aot_rules.aot.rules.orders import Activity
from aot_rules.aot.rules.terrain import Terrain
from aot_rules.aot.rules.victory import Award, Ending
from aot_rules.core.errors import RuleError
from aot_rules.core.events import Event
from aot_rules.tabletop import codec, events
from aot_rules.tabletop.events import (
    TABLE_EVENTS,
    BattleEnded,
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
    Verdict,
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
#: path, a volley lost after a countercharge: the walk's and the aim's many refusals).
DISPLAY_ONLY = {("Refusal", "message")}
#: Leaf types a field may hold besides enums, marked strings and the record's own parts.
PLAIN = (int, float, bool, type(None), Pose, Fraction)

#: The event classes and their parts (the dataclasses they hold), as :mod:`aot_rules.tabletop.events` defines them.
CLASSES = [cls for cls in vars(events).values()
           if isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__module__ == events.__name__]


def strings(tp: Any, where: str) -> Iterator[tuple[str, Text | None]]:
    """Every string inside the type ``tp``: where it is and its mark (None: a bare ``str``).  A type the record does
    not know (a dict, a list, an object) is an error, so nothing slips past as an unchecked container."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is Annotated:
        marks = [m for m in tp.__metadata__ if isinstance(m, Text)]
        if args[0] is str:
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


def test_every_event_and_part_is_walked() -> None:
    assert set(TABLE_EVENTS) <= set(CLASSES)
    assert {Obstacle, Cover, Refusal, ScoreLine} <= set(CLASSES)


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_no_event_field_is_a_bare_string(cls: type) -> None:
    """English cannot creep back: a new ``str`` field must say what it holds, and a display-only one must be
    listed above, with the reason nothing parses it."""
    for where, mark in marks(cls):
        assert mark is not None, f"{where} is a bare str: make it an enum, or mark it PieceId, Name or RuleId"
        if mark is Text.DISPLAY:
            cls_name, field = where.split(".")[:2]
            assert (cls_name, field.split("[")[0]) in DISPLAY_ONLY, f"{where} is display-only text not listed"


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
    with pytest.raises(TypeError, match="not a type"):
        list(strings(dict[str, int], "x"))


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
    assert len(found) >= 25


@pytest.mark.parametrize(("cls", "name", "kind"), list(enum_fields()),
                         ids=[f"{c.__name__}.{n}" for c, n, _ in enum_fields()])
def test_the_schema_lists_each_vocabulary_and_refuses_anything_else(cls: type, name: str, kind: type[Enum]) -> None:
    from jsonschema import Draft202012Validator

    schema = codec.schema_of(typing.get_type_hints(cls, include_extras=True)[name])
    check = Draft202012Validator(schema)
    for member in kind:
        assert check.is_valid(member.value), member
    assert not check.is_valid("a word the engine never wrote")
    assert not check.is_valid(7)


# --- a file with a bad value is refused in one line --------------------------------------------------------------

#: An event of each new typed shape, with what is wrong once a field of its saved object is changed.
SAMPLE = LeftBattle("B1", Status.DISPERSED, Obstacle(ObstacleKind.ENEMY, "A1", "Athenian hoplites"))
ENDED = BattleEnded(0, Verdict.POINTS, (2, 0), EndCause.LAST_TURN, 16, ("Athenians", "Boeotians"), Ending.NIGHTFALL,
                    ((ScoreLine(Award.REMOVED, 2, 2, ("B1", "B2")),), ()))


@pytest.mark.parametrize(("event", "path", "value", "expected"), [
    (SAMPLE, ("status",), "vanished", "status: 'vanished' is not one of"),
    (SAMPLE, ("obstacle", "kind"), "a wall", "obstacle.kind: 'a wall' is not one of"),
    (SAMPLE, ("obstacle", "terrain"), "lava", "obstacle.terrain: 'lava' is not valid"),
    (SAMPLE, ("obstacle", "reason"), "an enemy base is in the way", "Additional properties are not allowed ('reason'"),
    (SAMPLE, ("reason",), "an enemy base is in the way", "Additional properties are not allowed ('reason'"),
    (ENDED, ("how",), "won", "how: 'won' is not one of"),
    (ENDED, ("why",), "the gods", "why: 'the gods' is not valid"),
    (ENDED, ("ending",), "sunset", "ending: 'sunset' is not valid"),
    (ENDED, ("scores", 0, 0, "award"), "1 enemy unit destroyed or dispersed", "scores.0.0.award: '1 enemy unit"),
    (ENDED, ("scores", 0, 0), ["2 enemy units destroyed or dispersed", 2], "scores.0.0: ['2 enemy units"),
    (RetreatBlocked("B1", spent=Activity.RUN, rule="AOT-UNIT-ACTIONS"), ("rule",), "it has already run",
     "rule: 'it has already run' does not match"),
    (RetreatBlocked("B1", spent=Activity.RUN, rule="AOT-UNIT-ACTIONS"), ("spent",), "sleep",
     "spent: 'sleep' is not valid"),
    (ShotLost("A4", "B1", Refusal("AOT-SHOOT-RANGE", "B1 is out of range")), ("refused", "rule"), "out of range",
     "refused.rule: 'out of range' does not match"),
    (ShotLost("A4", "B1", Refusal("AOT-SHOOT-RANGE", "B1 is out of range")), ("refused",), "B1 is out of range",
     "refused: 'B1 is out of range' is not of type 'object'"),
    (EvasionRefused("B3", 3.0, Obstacle(ObstacleKind.TABLE_EDGE)), ("obstacle",), {"piece": "A1"},
     "obstacle: 'kind' is a required property"),
    (Rampaged("E", "B1", False, refused=Refusal("AOT-TABLE", "it would leave the table")), ("refused", "message"),
     "x" * 2001, "refused.message: 'xxxx"),
])
def test_a_bad_typed_value_is_refused_by_the_schema(event: Event, path: tuple[Any, ...], value: object,
                                                   expected: str) -> None:
    data = codec.encode_event(event)
    assert codec.event_problem(data) is None and codec.decode_event(data) == event
    *parents, last = path
    at: Any = data
    for key in parents:
        at = at[key]
    at[last] = value
    problem = codec.event_problem(data)
    assert problem is not None and expected in problem, problem


# --- in a played game, and in its save file ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def greek() -> GameState:
    return play(Game(scenario("greek-border", 2)), 16, scripted()).state


def test_every_piece_id_in_a_record_names_a_piece(greek: GameState) -> None:
    """Each event names its pieces by id: every string marked as a piece id is one of the game's pieces (or empty,
    where the field names none)."""
    ids = {p.id for p in greek.pieces}

    def piece_ids(value: object, tp: Any) -> Iterator[str]:
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if origin is Annotated:
            if Text.PIECE in tp.__metadata__:
                yield typing.cast(str, value)
            return
        if value is None:
            return
        if origin in (typing.Union, types.UnionType):
            for a in args:
                if a is not type(None):
                    yield from piece_ids(value, a)
        elif origin is tuple:
            items = typing.cast(tuple[object, ...], value)
            kinds = [args[0]] * len(items) if len(args) == 2 and args[1] is Ellipsis else list(args)
            for v, a in zip(items, kinds, strict=True):
                yield from piece_ids(v, a)
        elif isinstance(tp, type) and dataclasses.is_dataclass(tp) and tp in CLASSES:
            hints = typing.get_type_hints(tp, include_extras=True)
            for f in dataclasses.fields(tp):
                yield from piece_ids(getattr(value, f.name), hints[f.name])

    named = [pid for e in greek.log for v in e.events if type(v) in TABLE_EVENTS
             for pid in piece_ids(v, type(v))]
    assert len(named) > 300
    assert {pid for pid in named if pid} <= ids


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


def test_a_refusal_keeps_its_rule() -> None:
    r = Refusal.of(RuleError("AOT-SHOOT-RANGE", "Theban hoplites are 9.5″ away: beyond the javelin's 8″"))
    assert (r.rule, r.message) == ("AOT-SHOOT-RANGE", "Theban hoplites are 9.5″ away: beyond the javelin's 8″")


def test_cover_and_obstacles_are_data() -> None:
    """What the engine tells apart, it records apart: the kinds and the pieces, never a sentence."""
    wood = Cover(CoverKind.INSIDE, "Oak wood", Terrain.WOOD)
    assert codec.encode_value(wood, Cover) == {"kind": "inside", "name": "Oak wood", "terrain": "wood"}
    edge = Obstacle(ObstacleKind.TABLE_EDGE)
    assert codec.encode_value(edge, Obstacle) == {"kind": "table edge", "piece": "", "name": "", "terrain": None}
    assert codec.decode_value({"kind": "table edge"}, Obstacle) == edge
