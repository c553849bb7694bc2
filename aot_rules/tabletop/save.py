"""Saving a game to JSON and loading it back: bytes → UTF-8 → JSON → JSON Schema → dataclasses → checks.

A saved game is one JSON object with ``"format": "aot-tabletop"``, a format ``version`` and every field
of :class:`~aot_rules.tabletop.state.GameState`: the sides, every piece with its whole
:class:`~aot_rules.aot.units.Unit` (enums by value), its pose, base, status and turn bookkeeping, the
terrain, the log and the number of dice used, so that a seeded game resumes exactly where it stopped.

Loading trusts nothing.  The schema (:mod:`aot_rules.tabletop.save_schema`, checked by jsonschema, the
same checker and one-line wording as the army files) refuses a wrong shape, a wrong type, an unknown
key or an unknown enum value; the dataclasses then refuse what the rules do not allow (a unit of
density 6 raises in ``Unit.__post_init__``); and a few checks in the schema's spirit follow (unique
piece ids, conserved warriors, commanders standing in real units, the dice count matching the log).
Whatever goes wrong becomes one :class:`SaveFileError` whose message is a single line naming the
problem and where it is (``pieces[3].unit.ranks: …``).  The state is returned only when everything
passed, so nothing is ever half-loaded.

Writing is canonical: sorted keys, every coordinate as a float (Python's shortest round-trip repr, so
the same state always prints the same bytes), a final newline; ``loads(dumps(s)) == s`` and
``dumps(loads(dumps(s))) == dumps(s)``.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import Any, TypeVar, cast

from shapely.geometry import Polygon

from aot_rules.aot.army.load import ArmyFileError, check_schema, decode
from aot_rules.aot.army.model import is_individual
from aot_rules.aot.rules.orders import Activity, Rank, UnitTurn
from aot_rules.aot.rules.terrain import Terrain
from aot_rules.aot.rules.weather import Weather
from aot_rules.aot.units import Unit
from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import Message, Possessive, msg
from aot_rules.core.refusal import TYPE_WORDS, FileRefusal, at, shown
from aot_rules.core.safeio import UnsafeFile, checked_int, read_capped, write_atomic
from aot_rules.tabletop.codec import (
    decode_arg,
    decode_event,
    encode_arg,
    encode_event,
    fields_of,
    unit_from,
    upgrade_arg,
    upgrade_event,
    upgrade_value,
)
from aot_rules.tabletop.events import BattleEnded, Edge
from aot_rules.tabletop.geometry import BaseSize, Pose, footprint, on_table, overlap
from aot_rules.tabletop.record import ReplayError, replay
from aot_rules.tabletop.save_schema import BOUNDS, FORMAT, SAVE_SCHEMA, event_problem
from aot_rules.tabletop.state import (
    FORMAT_VERSION,
    READS_ALSO,
    ActionRecord,
    CommanderState,
    GameState,
    LogEntry,
    Piece,
    Point,
    SideState,
    Status,
    TerrainPiece,
)

#: Files larger than this are refused before parsing (a long game's save is a few hundred kilobytes).
MAX_BYTES = 64 * 1024 * 1024

T = TypeVar("T")


class SaveFileError(FileRefusal):
    """A saved game that cannot be loaded (or written).  ``str()`` is one line: ``<source>: <problem>``, in the
    language in force."""


# --- state → data ----------------------------------------------------------------------------------

def _num(v: float) -> float:
    """A coordinate as a float (``8`` prints as ``8.0`` every time), never ``-0.0``."""
    return float(v) + 0.0


def _outline(points: Sequence[Point]) -> list[list[float]]:
    return [[_num(x), _num(y)] for x, y in points]


def _piece(p: Piece) -> dict[str, object]:
    return {"id": p.id, "side": p.side, "unit": fields_of(p.unit),
            "pose": {"x": _num(p.pose.x), "y": _num(p.pose.y), "facing": _num(p.pose.facing)},
            "size": p.size.value, "initial": p.initial, "removed": p.removed, "status": p.status.value,
            "turn": fields_of(p.turn), "inside": list(p.inside), "fled_this_turn": p.fled_this_turn,
            "wheeled": p.wheeled, **({"nationality": p.nationality} if p.nationality else {}),
            **({"from_camp": True} if p.from_camp else {})}


def _side(s: SideState) -> dict[str, object]:
    return {"name": s.name, "army": s.army, "nationality": s.nationality, "slots": list(s.slots),
            "commanders": [{"name": c.name, "rank": c.rank.value, "unit": c.unit} for c in s.commanders],
            "camp": _outline(s.camp), "home_edge": _num(s.home_edge), "withdrawn": s.withdrawn,
            "camp_captured": s.camp_captured}


#: The state's fields a save file leaves out, because loading rebuilds them: the slot's memory comes back from the
#: replay of the record that every load makes (:func:`from_data`).
NOT_SAVED = frozenset({"memory"})


def to_data(state: GameState) -> dict[str, Any]:
    """The state as plain JSON data (what :func:`dumps` writes)."""
    return {
        "format": FORMAT, "version": FORMAT_VERSION,
        "scenario": state.scenario, "seed": state.seed,
        "sides": [_side(s) for s in state.sides],
        "pieces": [_piece(p) for p in state.pieces],
        "terrain": [{"name": t.name, "kind": t.kind.value, "outline": _outline(t.outline)} for t in state.terrain],
        "width": _num(state.width), "depth": _num(state.depth),
        "turn": state.turn, "last_turn": state.last_turn, "weather": str(state.weather),
        "wind": None if state.wind is None else state.wind.value,
        "initiative": list(state.initiative), "slot": state.slot, "mover": state.mover,
        "log": [entry_data(e) for e in state.log],
        "dice_used": state.dice_used, "result": None if state.result is None else encode_event(state.result),
        "double": state.double,
        "actions": [{"name": a.name, "args": [encode_arg(v) for v in a.args],
                     "kwargs": {k: encode_arg(v) for k, v in a.kwargs}, "reactions": list(a.reactions)}
                    for a in state.actions],
        "opening": None if state.opening is None else to_data(state.opening),
    }


def entry_data(e: LogEntry) -> dict[str, Any]:
    """One log entry as JSON data: its parts and its typed events (``{"type": ..., ...fields}``); no line of
    English (the line is rendered from the events when shown, :mod:`~aot_rules.present.tablelog`)."""
    return {"turn": e.turn, "who": e.who, "rule": e.rule, "faces": list(e.faces),
            "kind": e.kind, "events": [encode_event(v) for v in e.events], "pieces": list(e.pieces)}


def dumps(state: GameState) -> str:
    """The save file's text: canonical JSON (sorted keys, one space of indent), ending with a newline."""
    return json.dumps(to_data(state), sort_keys=True, indent=1, ensure_ascii=False, allow_nan=False) + "\n"


def save(state: GameState, path: Path | str) -> None:
    """Write the save file atomically (a crash mid-write never leaves a truncated save behind), replacing
    only a regular file and keeping its mode (:func:`~aot_rules.core.safeio.write_atomic`)."""
    text = dumps(state)
    try:
        write_atomic(path, text)
    except UnsafeFile as e:
        raise SaveFileError(str(path), e.msg) from None


# --- text → data ------------------------------------------------------------------------------------

class _BadJson(Exception):
    """Raised from inside the JSON parser's hooks."""


#: The JSON reader's refusals (the standard library's ``JSONDecodeError.msg``, English) in the reader's words.
JSON_PROBLEMS: Mapping[str, Message] = {
    "Expecting value": msg("a value was expected"),
    "Expecting ',' delimiter": msg("a comma was expected"),
    "Expecting ':' delimiter": msg("a colon was expected"),
    "Expecting property name enclosed in double quotes": msg("a key in double quotes was expected"),
    "Extra data": msg("more text follows the JSON"),
    "Invalid control character at": msg("a control character inside a string"),
    "Invalid \\escape": msg("an invalid escape inside a string"),
    "Unterminated string starting at": msg("a string that never ends"),
}


def json_problem(problem: str) -> Message | str:
    """The JSON reader's problem in the reader's words (its own English for one this table lacks)."""
    return JSON_PROBLEMS.get(problem, problem)


def _no_constant(name: str) -> object:
    raise _BadJson(msg("{name} is not a number a saved game can hold", name=name))


def _finite(text: str) -> float:
    v = float(text)
    if not math.isfinite(v):
        raise _BadJson(msg("the number {number} is too large", number=text[:40]))
    return v


def _unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out: dict[str, object] = {}
    for k, v in pairs:
        if k in out:
            raise _BadJson(msg("the key {key} is written twice in one object", key=repr(k[:40])))
        out[k] = v
    return out


def _cut_short(text: str, e: json.JSONDecodeError) -> bool:
    """Whether the parser failed because the text stops: at its end, inside a string that never closes,
    or in a last word or number that was cut (nothing but that word follows the error)."""
    rest = text[e.pos:].rstrip()
    return e.msg.startswith("Unterminated string") or re.fullmatch(r"[^\s\[\]{},:\"]*", rest) is not None


def parse(text: str, source: str) -> object:
    """JSON text as plain data, or a one-line refusal: empty, cut short, not JSON (with line and column)."""
    if not text.strip():
        raise SaveFileError(source, msg("the file is empty"))
    try:
        return cast(object, json.loads(text, parse_constant=_no_constant, parse_float=_finite,
                                       parse_int=checked_int, object_pairs_hook=_unique_keys))
    except json.JSONDecodeError as e:
        if _cut_short(text, e):
            raise SaveFileError(source, msg("the file is cut short: the JSON ends in the middle (line {line}, column "
                                            "{column})", line=e.lineno, column=e.colno)) from None
        raise SaveFileError(source, msg("not valid JSON: {problem} (line {line}, column {column})",
                                        problem=json_problem(e.msg), line=e.lineno, column=e.colno)) from None
    except _BadJson as e:
        raise SaveFileError(source, msg("not a valid saved game: {problem}", problem=e.args[0])) from None
    except UnsafeFile as e:
        raise SaveFileError(source, msg("not a valid saved game: {problem}", problem=e.msg)) from None
    except RecursionError:
        raise SaveFileError(source, msg("not valid JSON: nested too deeply")) from None


# --- data → state ----------------------------------------------------------------------------------

def _at(where: str, build: Callable[[], T], source: str) -> T:
    """``build()``, with whatever the dataclasses refuse turned into a refusal that says where."""
    try:
        return build()
    except SaveFileError:
        raise
    except RuleError as e:
        raise SaveFileError(source, at(where, msg("{rule}: {problem}", rule=e.rule_id, problem=e.msg))) from None
    except (ValueError, TypeError) as e:
        said = e.args[0] if len(e.args) == 1 and isinstance(e.args[0], Message) else str(e)
        raise SaveFileError(source, at(where, said)) from None


def _points(raw: Sequence[Sequence[float]]) -> tuple[Point, ...]:
    return tuple((float(x), float(y)) for x, y in raw)


def _unit_turn(d: Mapping[str, Any]) -> UnitTurn:
    return UnitTurn(**{**d, "action": None if d["action"] is None else Activity(d["action"]),
                       "extra": None if d["extra"] is None else Activity(d["extra"])})


def _build_piece(d: Mapping[str, Any], where: str, source: str) -> Piece:
    unit = _at(f"{where}.unit ({d['id']})", lambda: unit_from(d["unit"]), source)
    p = d["pose"]
    return Piece(d["id"], d["side"], unit, Pose.of(p["x"], p["y"], p["facing"]), BaseSize(d["size"]),
                 d["initial"], d["removed"], Status(d["status"]), _unit_turn(d["turn"]), tuple(d["inside"]),
                 d["fled_this_turn"], d["wheeled"], d.get("nationality", ""), d.get("from_camp", False))


def _build_side(d: Mapping[str, Any]) -> SideState:
    commanders = tuple(CommanderState(c["name"], Rank(c["rank"]), c["unit"]) for c in d["commanders"])
    return SideState(d["name"], d["army"], d["nationality"], tuple(d["slots"]), commanders, _points(d["camp"]),
                     float(d["home_edge"]), d["withdrawn"], d.get("camp_captured", False))


def _check_outline(points: tuple[Point, ...], where: str, source: str) -> None:
    if not Polygon(points).is_valid or Polygon(points).area <= 0:
        raise SaveFileError(source, at(where, msg("the outline is not a simple shape with an inside (it crosses "
                                                  "itself or has no area)")))


def _check(state: GameState, source: str) -> None:
    """The checks a schema cannot express: references between parts, and conserved counts."""
    for s in (0, 1):
        if not any(p.side == s for p in state.pieces):
            raise SaveFileError(source, at("pieces", msg("{side} have no unit (an army of no units cannot fight)",
                                                         side=state.sides[s].name)))
    ids: list[str] = []
    terrain_names = [t.name for t in state.terrain]
    for i, p in enumerate(state.pieces):
        where = f"pieces[{i}]"
        if p.id in ids:
            raise SaveFileError(source, at(f"{where}.id", msg("the piece id {id} is used twice", id=repr(p.id))))
        ids.append(p.id)
        u = p.unit
        if u.formed + u.disordered + p.removed != p.initial:
            raise SaveFileError(source, at(f"{where} ({p.id})", msg(
                    "{formed} formed + {disordered} disordered + {removed} removed warriors make {total}, not the "
                    "{initial} it deployed with (AOT-CASUALTY-REMOVAL: no warrior is created or lost)",
                    formed=u.formed, disordered=u.disordered, removed=p.removed, total=u.strength + p.removed,
                    initial=p.initial)))
        if p.status is Status.DESTROYED and u.strength:
            raise SaveFileError(source, at(f"{where}.status ({p.id})", msg(
                "a destroyed unit has no warriors left, not {strength}", strength=u.strength)))
        if p.status is Status.FIGHTING and not u.strength:
            raise SaveFileError(source, at(f"{where}.status ({p.id})",
                                             msg("a unit with no warriors left is not fighting")))
        for name in p.inside:
            if name not in terrain_names:
                raise SaveFileError(source, at(f"{where}.inside ({p.id})",
                                                 msg("there is no terrain piece {name}", name=repr(name))))
    for s, side in enumerate(state.sides):
        names = [c.name for c in side.commanders]
        for c, cmd in enumerate(side.commanders):
            if names.count(cmd.name) > 1:
                raise SaveFileError(source, at(f"sides[{s}].commanders[{c}].name",
                                                 msg("{name} is used twice", name=repr(cmd.name))))
            if not any(p.id == cmd.unit and p.side == s for p in state.pieces):
                raise SaveFileError(source, at(f"sides[{s}].commanders[{c}].unit", msg(
                    "{side} has no piece {piece} for {commander} to stand in", side=side.name, piece=repr(cmd.unit),
                    commander=cmd.name)))
        for k, owner in enumerate(side.slots):  # one owner per slot, never several joined in one string
            if not (is_individual(owner) or owner in names):
                raise SaveFileError(source, at(f"sides[{s}].slots[{k}]", msg(
                    "{owner} is neither one of {side} commanders nor 'individual' (AOT-CMD-SLOTS)",
                    owner=repr(owner), side=Possessive(side.name))))
        _check_outline(side.camp, f"sides[{s}].camp", source)
    for t, piece in enumerate(state.terrain):
        _check_outline(piece.outline, f"terrain[{t}].outline", source)
    rolled = sum(len(e.faces) for e in state.log)
    if rolled != state.dice_used:
        raise SaveFileError(source, at("dice_used", msg("the log shows {rolled} dice rolled, not {used}",
                                                      rolled=rolled, used=state.dice_used)))
    for n, e in enumerate(state.log):
        if e.turn > state.turn:
            raise SaveFileError(source, at(f"log[{n}].turn", msg("turn {turn} is later than the game's turn {now}",
                                                                turn=e.turn, now=state.turn)))
    if state.turn > state.last_turn:
        raise SaveFileError(source, at("turn", msg("turn {turn} is past the last turn {last} (AOT-VICTORY-POINTS: the "
                                                 "battle ends at nightfall)", turn=state.turn, last=state.last_turn)))
    _check_table(state, source)
    if state.wind is not None and state.weather != Weather.WIND.value:
        raise SaveFileError(source, at("wind", msg("a wind from the {edge} edge, but the weather is {weather} "
                                                 "(AOT-WEATHER-WIND)", edge=state.wind,
                                                 weather=Weather(state.weather))))
    if (state.slot == 0) != (state.mover == -1):
        raise SaveFileError(source, at("slot, mover", msg("slot {slot} and mover {mover} disagree (a slot is being "
                                                        "played exactly when a side is moving)", slot=state.slot,
                                                        mover=state.mover)))


def _check_table(state: GameState, source: str) -> None:
    """The position itself: both armies present, names unique, every unit on the table and no two bases
    overlapping (AOT-TABLE, AOT-UNIT-BASE)."""
    for s in (0, 1):
        names = [p.name for p in state.pieces if p.side == s]
        for n in names:
            if names.count(n) > 1:
                raise SaveFileError(source, at("pieces", msg("{side} have two units called {name}",
                                                             side=state.sides[s].name, name=repr(n))))
    tnames = [t.name for t in state.terrain]
    for n in tnames:
        if tnames.count(n) > 1:
            raise SaveFileError(source, at("terrain", msg("two terrain pieces are called {name}", name=repr(n))))
    if state.sides[0].name == state.sides[1].name:
        raise SaveFileError(source, at("sides", msg("both sides are called {name}", name=repr(state.sides[0].name))))
    standing = [(i, p) for i, p in enumerate(state.pieces) if p.on_table]
    for i, p in standing:
        if not on_table(footprint(p.pose, p.size), state.width, state.depth):
            raise SaveFileError(source, at(f"pieces[{i}].pose ({p.id})", msg(
                "the base at ({x}, {y}) stands off the {width}×{depth}″ table (AOT-TABLE)", x=Fraction(p.pose.x),
                y=Fraction(p.pose.y), width=Fraction(state.width), depth=Fraction(state.depth))))
    for k, (_, p) in enumerate(standing):
        for j, q in standing[k + 1:]:
            if overlap(p.polygon, q.polygon):
                raise SaveFileError(source, at(f"pieces[{j}].pose ({q.id})", msg(
                        "its base overlaps that of {other} (AOT-UNIT-BASE: bases never overlap)", other=p.id)))


def from_data(data: object, source: str = "<data>") -> GameState:
    """A :class:`GameState` from parsed JSON data, after every check, or one :class:`SaveFileError`; its
    record must replay to exactly its state.  The file holds no slot memory (the shield dice, first volleys,
    orders and melees of the slot being played) and no display text (:func:`~aot_rules.tabletop.codec.is_display`):
    the replay rebuilds both, by playing the actions, so a game saved mid-slot resumes with its memory in force and
    a reworded message changes no save."""
    state = _from_data(data, source, "")
    try:
        replayed = replay(state)
    except ReplayError as e:
        raise SaveFileError(source, at(e.source, e.msg)) from None
    where = _first_difference(to_data(state), to_data(replayed))
    if where is not None:
        raise SaveFileError(source, at(where, msg("the saved value is not what the record replays to (the field, "
                                                 "the log or the actions were changed)")))
    # equal in every recorded fact: the replay also brings what a record leaves out, the slot's memory and the
    # log's words (its dice captions and logged refusals, said in the language in force when shown)
    return state.changed(memory=replayed.memory, log=replayed.log)


def _first_difference(saved: object, replayed: object, where: str = "") -> str | None:
    """Where the saved data first differs from the replayed (``seed``, ``pieces[3].pose.x``), or None."""
    if isinstance(saved, dict) and isinstance(replayed, dict):
        for k in sorted(saved.keys() | replayed.keys(), key=lambda k: (k in ("log", "actions", "opening"), k)):
            found = _first_difference(saved.get(k), replayed.get(k), f"{where}.{k}" if where else k)
            if found is not None:
                return found
        return None
    if isinstance(saved, list) and isinstance(replayed, list):
        for i, (a, b) in enumerate(zip(saved, replayed, strict=False)):
            found = _first_difference(a, b, f"{where}[{i}]")
            if found is not None:
                return found
        return None if len(saved) == len(replayed) else where
    return None if saved == replayed and type(saved) is type(replayed) else where or "top level"


def _from_data(data: object, source: str, where: str) -> GameState:
    if not isinstance(data, dict):
        found = {list: "array", str: "string", bool: "boolean", type(None): "null"}.get(type(data), "number")
        raise SaveFileError(source, msg("not a saved game: the file holds {found}, not a JSON object",
                                        found=TYPE_WORDS[found]))
    if data.get("format") != FORMAT:
        if "format" in data:
            raise SaveFileError(source, msg("not an {format} save file (its format is {found})", format=FORMAT,
                                            found=shown(data["format"])))
        raise SaveFileError(source, msg("not an {format} save file (it has no {key} key)", format=FORMAT,
                                        key='"format"'))
    version = data.get("version")
    if type(version) is int and version == READS_ALSO:
        data = upgraded(data)  # written before the codes: the same game, its enums read through the former spellings
        version = FORMAT_VERSION
    if isinstance(version, int) and not isinstance(version, bool) and 1 <= version < FORMAT_VERSION:
        raise SaveFileError(source, msg("save format version {version} is from an older engine: this engine reads "
                                        "version {current} only (start the game again)", version=version,
                                        current=FORMAT_VERSION))
    if version != FORMAT_VERSION or isinstance(version, bool):
        raise SaveFileError(source, msg("save format version {version} is not supported: this engine reads version "
                                        "{current}", version=str(version)[:20], current=FORMAT_VERSION))
    if where:
        d = cast(dict[str, Any], data)  # the opening: already checked with the whole file
    else:
        try:
            check_schema(data, BOUNDS, source)  # the lengths first: a padded record costs nothing to refuse
            d = check_schema(data, SAVE_SCHEMA, source)
        except ArmyFileError as e:
            raise SaveFileError(source, e.msg) from None
    sides = tuple(_at(f"sides[{i}]", partial(_build_side, s), source) for i, s in enumerate(d["sides"]))
    pieces = tuple(_at(f"pieces[{i}]", partial(_build_piece, p, f"pieces[{i}]", source), source)
                   for i, p in enumerate(d["pieces"]))
    terrain = tuple(TerrainPiece(t["name"], Terrain(t["kind"]), _points(t["outline"])) for t in d["terrain"])
    log = tuple(_at(f"{where}log[{n}]", partial(_entry, e), source) for n, e in enumerate(d["log"]))
    actions = tuple(ActionRecord(a["name"], tuple(decode_arg(v) for v in a["args"]),
                                 tuple((k, decode_arg(v)) for k, v in sorted(a["kwargs"].items())),
                                 tuple(a["reactions"])) for a in d["actions"])
    opening = None if d["opening"] is None else _from_data(d["opening"], source, f"{where}opening.")
    result = _at(f"{where}result", partial(_result, d["result"]), source)
    a, b = d["initiative"]
    state = GameState(d["scenario"], d["seed"], (sides[0], sides[1]), pieces, terrain, float(d["width"]),
                      float(d["depth"]), d["turn"], d["last_turn"], d["weather"], (a, b), d["slot"], d["mover"],
                      log, d["dice_used"], result, FORMAT_VERSION, d["double"], actions, opening,
                      None if d["wind"] is None else Edge(d["wind"]))
    try:
        _check(state, source)
    except SaveFileError as e:
        raise SaveFileError(source, msg("{where}{problem}", where=where, problem=e.msg) if where else e.msg) from None
    return state


def upgraded(data: Mapping[str, Any]) -> dict[str, Any]:
    """A version 6 save as version 7 writes it: the same fields, every enum value that version 6 wrote as an English
    phrase (a terrain's ``"hedge or scrub"``, the weather's ``"hot sun"``, a decision's ``"return fire"``) as its code,
    read through each enum's table of former spellings (:func:`aot_rules.core.i18n.vocabulary`), never from its
    label.  Only the places the state's types say hold an enum are touched (a unit named "light horse" stays so);
    anything of an unexpected shape is left as it is, for the schema to refuse."""

    def each(v: Any, fn: Callable[[Any], Any]) -> Any:
        return [fn(x) for x in v] if isinstance(v, list) else v

    def fields(v: Any, types: Mapping[str, Any]) -> Any:
        """An object with the named fields upgraded by their types."""
        if not isinstance(v, dict):
            return v
        return {k: upgrade_value(x, types[k]) if k in types else x for k, x in v.items()}

    def side(s: Any) -> Any:
        if not isinstance(s, dict) or "commanders" not in s:
            return s
        return {**s, "commanders": each(s["commanders"], lambda c: fields(c, {"rank": Rank}))}

    def entry(e: Any) -> Any:
        return {**e, "events": each(e["events"], upgrade_event)} if isinstance(e, dict) and "events" in e else e

    def action(a: Any) -> Any:
        if not isinstance(a, dict):
            return a
        out = dict(a)
        if "args" in a:
            out["args"] = upgrade_arg(a["args"])
        if isinstance(a.get("kwargs"), dict):
            out["kwargs"] = {k: upgrade_arg(v) for k, v in a["kwargs"].items()}
        return out

    d = dict(data)
    d["version"] = FORMAT_VERSION
    upgrades: dict[str, Callable[[Any], Any]] = {
        "pieces": lambda v: each(v, lambda p: fields(p, {"unit": Unit, "status": Status, "size": BaseSize,
                                                          "turn": UnitTurn})),
        "sides": lambda v: each(v, side),
        "terrain": lambda v: each(v, lambda t: fields(t, {"kind": Terrain})),
        "weather": lambda v: upgrade_value(v, Weather),
        "wind": lambda v: upgrade_value(v, Edge),
        "log": lambda v: each(v, entry),
        "result": upgrade_event,
        "actions": lambda v: each(v, action),
        "opening": lambda v: upgraded(v) if isinstance(v, dict) and v.get("version") == READS_ALSO else v,
    }
    for key, upgrade in upgrades.items():
        if key in d:
            d[key] = upgrade(d[key])
    return d


def _entry(e: Mapping[str, Any]) -> LogEntry:
    for k, v in enumerate(e["events"]):
        problem = event_problem(v)
        if problem is not None:
            raise ValueError(at(f"events[{k}] ({v['type']})", problem))
    return LogEntry(e["turn"], e["who"], e["rule"], tuple(e["faces"]), e["kind"],
                    tuple(decode_event(v) for v in e["events"]), tuple(e["pieces"]))


def _result(d: Mapping[str, Any] | None) -> BattleEnded | None:
    """The saved result: null, or a typed :class:`BattleEnded` (checked like a log entry's events)."""
    if d is None:
        return None
    problem = event_problem(d)
    if problem is not None:
        raise ValueError(problem)
    e = decode_event(d)
    if not isinstance(e, BattleEnded):
        raise ValueError(msg("a {type} is not how a battle ends (BattleEnded)", type=d["type"]))
    return e


def loads(text: str, source: str = "<string>") -> GameState:
    """A :class:`GameState` from the save file's text."""
    return from_data(parse(text, source), source)


def load(path: Path | str) -> GameState:
    """A :class:`GameState` from a save file: missing, unreadable, too large, not UTF-8 — one line each."""
    source = str(path)
    try:
        raw = read_capped(path, MAX_BYTES)  # regular files only, the cap counted while reading
    except UnsafeFile as e:
        raise SaveFileError(source, e.msg) from None
    try:
        text = decode(raw, source)
    except ArmyFileError as e:
        raise SaveFileError(source, e.msg) from None
    return loads(text, source)
