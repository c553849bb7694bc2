"""The JSON Schema of a saved game (``"format": "aot-tabletop"``), checked by jsonschema before any
dataclass is built.

The schema is written out field by field, with ``additionalProperties: false`` everywhere, so that a
hand-edited file with a misspelt or extra key is refused rather than silently ignored.  Every enum is
read from the engine's own enum classes, so a new weapon, status or terrain kind can never be refused
by a stale schema; a test checks that the schema's properties are exactly the dataclasses' fields, so
a new field in the state cannot go unsaved either.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from enum import Enum
from fractions import Fraction
from functools import cache
from typing import Any

from aot_rules.aot.equipment import MeleeWeapon, Missile
from aot_rules.aot.rules.orders import Activity, Rank
from aot_rules.aot.rules.terrain import Terrain
from aot_rules.aot.rules.weather import Weather
from aot_rules.aot.units import Body, Unit
from aot_rules.core.events import Text
from aot_rules.core.i18n import Message
from aot_rules.core.refusal import schema_problem
from aot_rules.tabletop.codec import (
    ARG_ENUMS,
    EVENT_TYPES,
    FRACTION_PATTERN,
    MAX_ITEMS,
    STEPS,
    is_marked,
    is_part,
    is_union,
    kept_fields,
    type_args,
)
from aot_rules.tabletop.events import Edge
from aot_rules.tabletop.geometry import BaseSize, Pose
from aot_rules.tabletop.state import FORMAT_VERSION, Status

# Bounds on every list and number (AOT-TABLE and plain sense): a file cannot make the loader build millions of
# objects, and a number no table holds is refused by the schema before any geometry sees it.
#: The most pieces, terrain pieces, commanders or points in an outline a file may hold.
MAX_PIECES = 200
MAX_TERRAIN = 100
MAX_POINTS = 256
#: The most log entries and actions (a 16-turn game writes about a thousand; 100 turns stay well inside), and
#: events in one entry: they bound what loading a file may cost, since its record is replayed.
MAX_LOG = 50_000
MAX_ACTIONS = 20_000
MAX_EVENTS = 4096
#: A table between these sizes, in inches (the rules' table is 60×40″).
MIN_TABLE, MAX_TABLE = 10.0, 500.0
#: Coordinates within this many inches of the origin (pieces are checked against the table itself).
MAX_COORD = 1000.0
#: The longest battle a file may describe, in turns.
MAX_TURNS = 100
#: The most warriors in a rank.
MAX_RANK = 100
#: Seeds as the command line accepts them.
MAX_SEED = 2**63 - 1

#: The value of the top-level ``format`` key: what kind of file this is.
FORMAT = "aot-tabletop"
#: Log entry kinds (:class:`~aot_rules.tabletop.state.LogEntry`).
LOG_KINDS = ("roll", "event", "decision", "frame")
#: ``GameState.weather``: "calm" before any double, then a :class:`Weather` value; a wind's table edge is its own
#: field (``wind``, an :class:`~aot_rules.tabletop.events.Edge`), which the shooting reads (AOT-WEATHER-WIND).
WEATHERS = tuple(w.value for w in Weather)  # "calm" (Weather.CALM) first

Schema = dict[str, Any]

INT: Schema = {"type": "integer", "minimum": 0, "maximum": MAX_SEED}
NAT: Schema = {"type": "integer", "minimum": 0, "maximum": 10**6}
NUM: Schema = {"type": "number", "minimum": -MAX_COORD, "maximum": MAX_COORD}
BOOL: Schema = {"type": "boolean"}
TEXT: Schema = {"type": "string", "maxLength": 2000}
NAME: Schema = {"type": "string", "minLength": 1, "maxLength": 200}
POINT: Schema = {"type": "array", "prefixItems": [NUM, NUM], "minItems": 2, "maxItems": 2}
OUTLINE: Schema = {"type": "array", "items": POINT, "minItems": 3, "maxItems": MAX_POINTS}


def enum(cls: type[Enum]) -> Schema:
    return {"type": "string", "enum": [m.value for m in cls]}


def obj(properties: dict[str, Schema], *optional: str) -> Schema:
    """An object with exactly these keys, all required but ``optional``."""
    return {"type": "object", "properties": properties, "additionalProperties": False,
            "required": [k for k in properties if k not in optional]}


def nullable(cls: type[Enum]) -> Schema:
    """One of ``cls``'s values, or null (one flat ``enum``, so a refusal lists the choices)."""
    return {"enum": [None, *(m.value for m in cls)]}


UNIT = obj({
    "name": NAME,
    "ranks": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": MAX_RANK}, "minItems": 1,
              "maxItems": 2},
    "disordered": NAT,
    "mounted": BOOL, "shield": BOOL, "armour": BOOL, "horse_armour": BOOL, "pavise": BOOL,
    "weapon": enum(MeleeWeapon),
    "mix": {"type": "array", "items": {"type": "array", "prefixItems": [enum(MeleeWeapon), NAT],
                                       "minItems": 2, "maxItems": 2}, "maxItems": 16},
    "missile": nullable(Missile),
    "veteran": BOOL, "stubborn": BOOL, "recruit": BOOL, "regular": BOOL, "initiative": BOOL,
    "barbarian": BOOL, "terrifying": BOOL, "defensive": BOOL,
    "body": enum(Body),
})

UNIT_TURN = obj({
    "name": NAME,
    "mounted": BOOL, "can_run": BOOL, "panicking": BOOL, "general": BOOL, "retreat_after_run": BOOL,
    "in_contact": BOOL, "active": BOOL,
    "action": nullable(Activity),
    "extra": nullable(Activity),
    "retreated": BOOL, "evaded": BOOL,
    "turns": NAT,
})

POSE = obj({"x": NUM, "y": NUM, "facing": {"type": "number", "minimum": -180, "maximum": 180}})

PIECE = obj({
    "id": NAME,
    "side": {"type": "integer", "enum": [0, 1]},
    "unit": UNIT,
    "pose": POSE,
    "size": enum(BaseSize),
    "initial": NAT,
    "removed": NAT,
    "status": enum(Status),
    "turn": UNIT_TURN,
    "inside": {"type": "array", "items": NAME, "maxItems": MAX_TERRAIN},
    "fled_this_turn": BOOL,
    "wheeled": BOOL,
    "nationality": NAME,
    "from_camp": BOOL,
}, "nationality", "from_camp")

COMMANDER = obj({"name": NAME, "rank": enum(Rank), "unit": NAME})

SIDE = obj({
    "name": NAME, "army": NAME, "nationality": NAME,
    "slots": {"type": "array", "items": NAME, "minItems": 6, "maxItems": 6},
    "commanders": {"type": "array", "items": COMMANDER, "maxItems": MAX_PIECES},
    "camp": OUTLINE,
    "home_edge": NUM,
    "withdrawn": BOOL,
    "camp_captured": BOOL,
}, "camp_captured")

TERRAIN = obj({"name": NAME, "kind": enum(Terrain), "outline": OUTLINE})

# --- the schemas of events and action arguments, read off their dataclasses ------------------------------------

#: The schema of a string by what it holds.  A piece id or a name is the table's own (checked against the pieces
#: by replaying the record); a rule ID has the index's shape; display text is only bounded.
TEXT_SCHEMAS: dict[Text, Schema] = {
    Text.PIECE: {"type": "string", "maxLength": 200},
    Text.NAME: {"type": "string", "maxLength": 200},
    Text.RULE: {"type": "string", "pattern": "^([A-Z]+(-[A-Z0-9]+)+)?$", "maxLength": 80},
    Text.DISPLAY: {"type": "string", "maxLength": 2000},
}


def _object_schema(cls: type, **extra: Schema) -> Schema:
    """An object with exactly the dataclass's fields (those without a default required), and ``extra`` keys."""
    props: Schema = dict(extra)
    required = list(extra)
    for f, t in kept_fields(cls):
        # a whole number called ``side`` is a side of the table in every record (0 or 1), never a count
        props[f.name] = {"type": "integer", "enum": [0, 1]} if (f.name, t) == ("side", int) else schema_of(t)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            required.append(f.name)
    return {"type": "object", "properties": props, "required": required, "additionalProperties": False}


def schema_of(tp: Any) -> Schema:
    """The JSON Schema of a value of type ``tp`` as :func:`encode_value` writes it."""
    if is_marked(tp):
        marks = [m for m in tp.__metadata__ if isinstance(m, Text)]
        return TEXT_SCHEMAS[marks[0]] if marks else schema_of(type_args(tp)[0])
    if is_union(tp):
        inner = next(t for t in type_args(tp) if t is not type(None))
        return {"anyOf": [{"type": "null"}, schema_of(inner)]}
    if tp is Unit:
        return UNIT
    if tp is Pose:
        num = {"type": "number", "minimum": -1e6, "maximum": 1e6}
        return {"type": "object", "properties": {"x": num, "y": num,
                                                 "facing": {"type": "number", "minimum": -180, "maximum": 180}},
                "required": ["x", "y", "facing"], "additionalProperties": False}
    if isinstance(tp, type) and issubclass(tp, Enum):
        return {"enum": [m.value for m in tp]}
    if is_part(tp):
        return _object_schema(tp)
    if typing.get_origin(tp) is tuple:
        a = type_args(tp)
        if len(a) == 2 and a[1] is Ellipsis:
            return {"type": "array", "items": schema_of(a[0]), "maxItems": MAX_ITEMS}
        return {"type": "array", "prefixItems": [schema_of(t) for t in a], "minItems": len(a), "maxItems": len(a)}
    if tp is bool:
        return {"type": "boolean"}
    if tp is int:
        return {"type": "integer", "minimum": -(10**6), "maximum": 10**6}
    if tp is float:
        return {"type": "number", "minimum": -1e6, "maximum": 1e6}
    if tp is str:
        return {"type": "string", "maxLength": 2000}
    if tp is Fraction:
        return {"type": "string", "pattern": FRACTION_PATTERN}
    raise TypeError(f"no schema for {tp!r}")


@cache
def event_type_schema(name: str) -> Schema:
    """The schema of one event object of the class ``name``: exactly that class's fields."""
    return _object_schema(EVENT_TYPES[name], type={"const": name})


#: What the whole-file schema checks of an event: an object whose ``type`` names an event class.  Its fields are
#: then checked against that class's own schema (:func:`event_problem`): one validator per class, not a chain of
#: if/then branches for every event of a long game.
EVENT_SCHEMA: Schema = {"type": "object", "properties": {"type": {"enum": sorted(EVENT_TYPES)}}, "required": ["type"]}


@cache
def _validator(name: str) -> Any:
    from aot_rules.aot.army.load import _Validator
    return _Validator(event_type_schema(name))


def event_problem(d: Mapping[str, Any]) -> Message | None:
    """What is wrong with an event object (whose ``type`` the file schema has checked), or None."""
    from jsonschema.exceptions import best_match  # type: ignore[import-untyped]

    err = best_match(_validator(d["type"]).iter_errors(d))
    return None if err is None else schema_problem(err)



#: The schema of an action argument (plain values, or the tagged objects above, nested in lists).
ARG_SCHEMA: Schema = {
    "$defs": {"arg": {"anyOf": [
        {"type": ["string", "boolean", "null"], "maxLength": 2000},
        {"type": "integer", "minimum": -(2**63), "maximum": 2**63},
        {"type": "object", "properties": {"float": {"type": "number", "minimum": -1e6, "maximum": 1e6}},
         "required": ["float"], "additionalProperties": False},
        {"type": "object", "properties": {"enum": {"enum": sorted(ARG_ENUMS)}, "value": {"type": "string"}},
         "required": ["enum", "value"], "additionalProperties": False},
        {"type": "object", "properties": {"step": {"enum": sorted(STEPS)},
                                          "value": {"type": "number", "minimum": -1e6, "maximum": 1e6}},
         "required": ["step", "value"], "additionalProperties": False},
        {"type": "object", "properties": {"set": {"type": "array", "items": {"type": "string"},
                                                  "maxItems": MAX_ITEMS}},
         "required": ["set"], "additionalProperties": False},
        {"type": "object", "properties": {"decision": event_type_schema("Decided")}, "required": ["decision"],
         "additionalProperties": False},
        {"type": "array", "items": {"$ref": "#/$defs/arg"}, "maxItems": MAX_ITEMS},
    ]}},
}


def _log_entry() -> Schema:
    return obj({
        "turn": {"type": "integer", "minimum": 0, "maximum": MAX_TURNS}, "who": TEXT, "rule": TEXT,
        "faces": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 6}, "maxItems": MAX_EVENTS},
        "kind": {"type": "string", "enum": list(LOG_KINDS)},
        "events": {"type": "array", "items": EVENT_SCHEMA, "maxItems": MAX_EVENTS},
        "pieces": {"type": "array", "items": NAME, "maxItems": MAX_PIECES},
    })


LOG_ENTRY = _log_entry()


def _event_schema() -> Schema:
    return EVENT_SCHEMA


#: A side of the table, wherever a file names one by its index.
SIDE_INDEX: Schema = {"type": "integer", "enum": [0, 1]}


def _side_arguments() -> list[Schema]:
    """For each action with a ``side`` parameter, the rule that the argument in its place (or the keyword) is 0
    or 1: read from the actions' own signatures, so a new action's side is checked without a line here."""
    import inspect

    from aot_rules.tabletop.record import ACTIONS

    rules: list[Schema] = []
    for name, fn in sorted(ACTIONS.items()):
        params = list(inspect.signature(fn).parameters)[2:]  # after the state and the referee
        if "side" not in params:
            continue
        at = params.index("side")
        rules.append({"if": {"properties": {"name": {"const": name}}},
                      "then": {"properties": {"args": {"prefixItems": [{}] * at + [SIDE_INDEX]},
                                              "kwargs": {"properties": {"side": SIDE_INDEX}}}}})
    return rules


ACTION = {**obj({
    "name": NAME,
    "args": {"type": "array", "items": {"$ref": "#/$defs/arg"}, "maxItems": 16},
    "kwargs": {"type": "object", "additionalProperties": {"$ref": "#/$defs/arg"}, "maxProperties": 16},
    "reactions": {"type": "array", "items": BOOL, "maxItems": MAX_EVENTS},
}), "allOf": _side_arguments()}

#: The whole file: the format and version, then every field of :class:`GameState` but ``version``.
def _arg_defs() -> Schema:
    return dict(ARG_SCHEMA["$defs"])


def _state(opening: Schema, actions: int) -> Schema:
    """A game's state: the whole file (its ``opening`` the state it started from), or that opening, which has no
    opening and no actions of its own (a record is one opening and the actions run on it, never nested)."""
    return obj({
        "format": {"const": FORMAT},
        "version": {"const": FORMAT_VERSION},
        "scenario": NAME,
        "seed": INT,
        "sides": {"type": "array", "items": SIDE, "minItems": 2, "maxItems": 2},
        "pieces": {"type": "array", "items": PIECE, "minItems": 2, "maxItems": MAX_PIECES},
        "terrain": {"type": "array", "items": TERRAIN, "maxItems": MAX_TERRAIN},
        "width": {"type": "number", "minimum": MIN_TABLE, "maximum": MAX_TABLE},
        "depth": {"type": "number", "minimum": MIN_TABLE, "maximum": MAX_TABLE},
        "turn": {"type": "integer", "minimum": 0, "maximum": MAX_TURNS},
        "last_turn": {"type": "integer", "minimum": 1, "maximum": MAX_TURNS},
        "weather": {"type": "string", "enum": list(WEATHERS)},
        "wind": nullable(Edge),
        "initiative": {"type": "array", "prefixItems": [{"type": "integer", "minimum": 0, "maximum": 6}] * 2,
                       "minItems": 2, "maxItems": 2},
        "slot": {"type": "integer", "minimum": 0, "maximum": 6},
        "mover": {"type": "integer", "enum": [-1, 0, 1]},
        "log": {"type": "array", "items": LOG_ENTRY, "maxItems": MAX_LOG},
        "dice_used": {"type": "integer", "minimum": 0, "maximum": MAX_LOG * 64},
        "result": {"anyOf": [{"type": "null"}, _event_schema()]},
        "double": {"type": "integer", "minimum": 0, "maximum": 6},
        "actions": {"type": "array", "items": ACTION, "maxItems": actions},
        "opening": opening,
    })


#: The lengths alone, checked first: a file padded with a long record is refused before any item of it is read.
BOUNDS: Schema = {"type": "object", "properties": {
    "actions": {"type": "array", "maxItems": MAX_ACTIONS}, "log": {"type": "array", "maxItems": MAX_LOG},
    "opening": {"type": ["object", "null"], "properties": {"actions": {"type": "array", "maxItems": 0},
                                                           "log": {"type": "array", "maxItems": MAX_LOG}}}}}

SAVE_SCHEMA: Schema = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Art of Tactics: a game on the table",
    "$defs": {**_arg_defs(), "opening": _state({"type": "null"}, 0)},
    **_state({"anyOf": [{"type": "null"}, {"$ref": "#/$defs/opening"}]}, MAX_ACTIONS),
}
