"""Typed events and action arguments to JSON data and back, with the JSON Schema of each.

A save file (and ``play --json``) writes each log entry's events as objects ``{"type": <class name>,
...fields}``; a pose is ``{"x", "y", "facing"}``, a unit its fields, a point ``[x, y]``, so a move's
``path`` is a list of points.  The codec is driven by each event class's type hints, so a new event or
field is saved, checked by the schema and read back without a line written here; only classes listed
in :data:`EVENT_TYPES` are ever built from a file.  An enum is written by value and its schema lists the
values; a part of an event (a frozen dataclass such as :class:`~aot_rules.tabletop.events.Obstacle`) is an
object of its fields; a string marked with what it holds (:class:`~aot_rules.core.events.Text`) gets
that mark's schema (a rule ID must look like one).

Action arguments (:class:`~aot_rules.tabletop.state.ActionRecord`) are plain values, enums of the rules
(:data:`ARG_ENUMS`), move steps, a player's typed decision (the event it logs) and tuples of them; each non-plain
value is a small tagged object.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from enum import Enum
from fractions import Fraction
from typing import Any, cast

from aot_rules.aot import events as aot_events
from aot_rules.aot.equipment import MeleeWeapon, Missile
from aot_rules.aot.rules.orders import Method
from aot_rules.aot.units import Body, Unit
from aot_rules.core import events as core_events
from aot_rules.core.events import Event
from aot_rules.core.i18n import current
from aot_rules.tabletop import events as table_events
from aot_rules.tabletop.geometry import Pose
from aot_rules.tabletop.moves import Advance, Wheel

Schema = dict[str, Any]

#: Every event class a record may hold, by class name.
EVENT_TYPES: dict[str, type[Event]] = {
    cls.__name__: cls
    for module in (core_events, aot_events, table_events)
    for cls in vars(module).values()
    if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event and cls.__module__ == module.__name__
}

#: Enums an action's argument may be (by class name).
ARG_ENUMS: dict[str, type[Enum]] = {"Method": Method}
#: Move steps an action's argument may be.
STEPS: dict[str, type[Advance] | type[Wheel]] = {"Advance": Advance, "Wheel": Wheel}

#: An exact probability or expectation as a record writes it: a whole number or numerator/denominator, each at
#: most 40 digits (the exact laws' denominators are powers of 6 and small products of them).
FRACTION_PATTERN = r"^-?[0-9]{1,40}(/[1-9][0-9]{0,39})?$"
#: The longest tuple a record field may hold (a schema bound: a file cannot make the loader build millions).
MAX_ITEMS = 4096


# --- units (shared with the save file's pieces) ----------------------------------------------------------

def plain(v: object) -> object:
    """An enum by value, a tuple as a list, recursively; everything else as it is."""
    if isinstance(v, Enum):
        return v.value
    if isinstance(v, tuple):
        return [plain(x) for x in v]
    return v


def fields_of(obj: object) -> dict[str, object]:
    """Every field of a flat dataclass (``Unit``, ``UnitTurn``), enums by value."""
    return {f.name: plain(getattr(obj, f.name)) for f in dataclasses.fields(cast(Any, obj))}


def unit_from(d: Mapping[str, Any]) -> Unit:
    return Unit(**{**d, "ranks": tuple(d["ranks"]), "weapon": MeleeWeapon(d["weapon"]),
                   "mix": tuple((MeleeWeapon(w), n) for w, n in d["mix"]),
                   "missile": None if d["missile"] is None else Missile(d["missile"]), "body": Body(d["body"])})


# --- values by type hint -------------------------------------------------------------------------------

_HINTS: dict[str, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    """The class's field types, marks included (``Annotated``), resolved once (by class name: event classes are
    unique by name)."""
    key = f"{cls.__module__}.{cls.__qualname__}"
    if key not in _HINTS:
        _HINTS[key] = typing.get_type_hints(cls, include_extras=True)
    return _HINTS[key]


def type_args(tp: Any) -> tuple[Any, ...]:
    return typing.get_args(tp)


def is_union(tp: Any) -> bool:
    return typing.get_origin(tp) in (typing.Union, types.UnionType)


def is_marked(tp: Any) -> bool:
    """``Annotated[...]``: a value of the first argument's type, with marks the schema reads."""
    return typing.get_origin(tp) is typing.Annotated


def is_display(tp: Any) -> bool:
    """Display text (``Annotated[..., Text.DISPLAY]``): a die's caption, a refusal's words.  A record never holds
    it: the words are the rules' to say again when the record is replayed, so rewording a message changes no save."""
    return is_marked(tp) and core_events.Text.DISPLAY in tp.__metadata__


def kept_fields(cls: type) -> list[tuple[dataclasses.Field[Any], Any]]:
    """The fields of ``cls`` a record holds: all but its display text."""
    return [(f, t) for f, t in typed_fields(cls) if not is_display(t)]


def is_part(tp: Any) -> bool:
    """A part of an event: a dataclass kept as an object of its fields (not a unit or a pose: those have their own
    shapes)."""
    return isinstance(tp, type) and dataclasses.is_dataclass(tp) and tp not in (Unit, Pose)


def encode_value(v: object, tp: Any) -> object:
    if v is None:
        return None
    if is_marked(tp):
        return encode_value(v, type_args(tp)[0])
    if is_union(tp):
        inner = next(t for t in type_args(tp) if t is not type(None))
        return encode_value(v, inner)
    if tp is Unit:
        return fields_of(v)
    if tp is Pose:
        p = cast(Pose, v)
        return {"x": float(p.x) + 0.0, "y": float(p.y) + 0.0, "facing": float(p.facing) + 0.0}
    if isinstance(tp, type) and issubclass(tp, Enum):
        return cast(Enum, v).value
    if is_part(tp):
        return {f.name: encode_value(getattr(v, f.name), t) for f, t in kept_fields(tp)}
    if typing.get_origin(tp) is tuple:
        a = type_args(tp)
        seq = cast(tuple[object, ...], v)
        if len(a) == 2 and a[1] is Ellipsis:
            return [encode_value(x, a[0]) for x in seq]
        return [encode_value(x, t) for x, t in zip(seq, a, strict=True)]
    if tp is float:
        return float(cast(float, v)) + 0.0
    if tp is Fraction:
        return str(v)  # exact: "41/100", "0", "1"
    return v


def decode_value(v: Any, tp: Any) -> Any:
    if v is None:
        return None
    if is_marked(tp):
        return decode_value(v, type_args(tp)[0])
    if is_union(tp):
        inner = next(t for t in type_args(tp) if t is not type(None))
        return decode_value(v, inner)
    if tp is Unit:
        return unit_from(v)
    if tp is Pose:
        return Pose.of(v["x"], v["y"], v["facing"])
    if isinstance(tp, type) and issubclass(tp, Enum):
        return tp(v)
    if is_part(tp):
        return _rebuilt(tp, v)
    if typing.get_origin(tp) is tuple:
        a = type_args(tp)
        if len(a) == 2 and a[1] is Ellipsis:
            return tuple(decode_value(x, a[0]) for x in v)
        return tuple(decode_value(x, t) for x, t in zip(v, a, strict=True))
    if tp is float:
        return float(v)
    if tp is Fraction:
        return Fraction(v)
    return v


def encode_event(e: Event) -> dict[str, object]:
    """``{"type": <class name>, ...fields}``, display text left out (:func:`is_display`)."""
    return {"type": type(e).__name__, **{f.name: encode_value(getattr(e, f.name), t) for f, t in kept_fields(type(e))}}


def typed_fields(cls: type) -> list[tuple[dataclasses.Field[Any], Any]]:
    """The dataclass's fields with their types."""
    hints = _hints(cls)
    return [(f, hints[f.name]) for f in dataclasses.fields(cls)]


def decode_event(d: Mapping[str, Any]) -> Event:
    """The event an (already schema-checked) object describes."""
    return cast(Event, _rebuilt(EVENT_TYPES[d["type"]], d))


def _rebuilt(cls: type, d: Mapping[str, Any]) -> Any:
    """An object of ``cls`` from its record: its display text is not recorded, so it is blank (a loaded record
    takes its words from its replay, :func:`aot_rules.tabletop.save.from_data`)."""
    values = {f.name: decode_value(d[f.name], t) for f, t in typed_fields(cls) if f.name in d}
    values.update({f.name: core_events.NO_CAPTION for f, t in typed_fields(cls) if is_display(t) and f.name not in d})
    return cls(**values)


# --- action arguments -------------------------------------------------------------------------------------

def encode_arg(v: object) -> object:
    if isinstance(v, table_events.Decided):  # a player's typed decision, recorded as the event it logs
        return {"decision": encode_event(v)}
    if isinstance(v, Enum):  # first: a StrEnum is a str too
        return {"enum": type(v).__name__, "value": v.value}
    if isinstance(v, bool) or v is None or isinstance(v, (int, str)):
        return v
    if isinstance(v, float):
        return {"float": v + 0.0}
    if isinstance(v, (Advance, Wheel)):
        return {"step": type(v).__name__, "value": float(v.distance if isinstance(v, Advance) else v.degrees) + 0.0}
    if isinstance(v, frozenset):
        return {"set": sorted(cast(frozenset[str], v))}
    if isinstance(v, tuple):
        return [encode_arg(x) for x in v]
    raise TypeError(f"an action argument of type {type(v).__name__} cannot be recorded")


def decode_arg(v: Any) -> object:
    if isinstance(v, list):
        return tuple(decode_arg(x) for x in v)
    if isinstance(v, dict):
        if "float" in v:
            return float(v["float"])
        if "enum" in v:
            return ARG_ENUMS[v["enum"]](v["value"])
        if "step" in v:
            return STEPS[v["step"]](float(v["value"]))
        if "set" in v:
            return frozenset(v["set"])
        if "decision" in v:
            return decode_event(v["decision"])
    return v


# --- a version 6 record, written before the codes -------------------------------------------------------------

def upgrade_value(v: Any, tp: Any) -> Any:
    """Version 6 data of type ``tp`` with every enum value it wrote as a phrase (``"hot sun"``) written as today's
    code (``"sun"``), through each enum's former-values table; what is not a known old spelling, or not of the shape
    the type says, is left as it is for the schema to judge."""
    if v is None:
        return None
    if is_marked(tp):
        return upgrade_value(v, type_args(tp)[0])
    if is_union(tp):
        return upgrade_value(v, next(t for t in type_args(tp) if t is not type(None)))
    if isinstance(tp, type) and issubclass(tp, Enum):
        return current(tp, v)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp) and tp is not Pose and isinstance(v, dict):
        return _upgraded_fields(v, _hints(tp))
    if typing.get_origin(tp) is tuple and isinstance(v, list):
        a = type_args(tp)
        if len(a) == 2 and a[1] is Ellipsis:
            return [upgrade_value(x, a[0]) for x in v]
        return [upgrade_value(x, t) for x, t in zip(v, a, strict=False)] + v[len(a):]
    return v


def upgrade_event(d: Any) -> Any:
    """A version 6 event object with its enums as codes (an unknown type is left for the schema to refuse)."""
    if not isinstance(d, dict) or d.get("type") not in EVENT_TYPES:
        return d
    return _upgraded_fields(d, _hints(EVENT_TYPES[d["type"]]))


def _upgraded_fields(d: Mapping[str, Any], hints: Mapping[str, Any]) -> dict[str, Any]:
    """A version 6 object's fields upgraded by their types, its display text dropped (version 7 holds none)."""
    return {k: upgrade_value(x, hints[k]) if k in hints else x for k, x in d.items()
            if not (k in hints and is_display(hints[k]))}


def upgrade_arg(v: Any) -> Any:
    """A version 6 action argument with its enums as codes."""
    if isinstance(v, list):
        return [upgrade_arg(x) for x in v]
    if isinstance(v, dict):
        if v.get("enum") in ARG_ENUMS:
            return {**v, "value": current(ARG_ENUMS[v["enum"]], v.get("value"))}
        if "decision" in v:
            return {**v, "decision": upgrade_event(v["decision"])}
    return v
