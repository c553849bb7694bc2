"""JSON Schemas (draft 2020-12) for army-list and army files.

The schemas check a file's *structure* only: which keys exist, their types, the words allowed for
weapons, gear, markers and properties.  Everything a player could get wrong while still writing a
well-formed file (a unit of the wrong size, a fourth elite unit, a colonel on a slot, 21 points) is
left to :mod:`.validate`, which reports it with a rule ID instead of refusing the file.  That split is
why, for instance, ``ranks`` may have more items here than a unit may have ranks and ``elite`` more
properties than a unit may take.  Every list and every number still has a bound, so no file can make the
loader hold more than a few bounded structures (:mod:`aot_rules.core.safeio` caps the bytes before that).

The vocabularies are the rules' own enums (:mod:`aot_rules.aot.equipment`, :class:`~aot_rules.aot.units.Body`,
:class:`~aot_rules.aot.units.Property`), so a new weapon or marker is added in one place.  Where an army file
spells a thing its own way, :data:`WEAPON_WORDS` and :data:`KIND_WORDS` say once which of the rules' types the
word means; the loader reads every word through them, and nothing else translates.

>>> from jsonschema import Draft202012Validator
>>> Draft202012Validator.check_schema(LIST_SCHEMA); Draft202012Validator.check_schema(ARMY_SCHEMA)
"""

from __future__ import annotations

from typing import Any

from aot_rules.aot.army.model import FILE_RANKS, Marker
from aot_rules.aot.equipment import Gear, MeleeWeapon, Missile, Weapon
from aot_rules.aot.units import Body, Property

Schema = dict[str, Any]

#: The words an army file uses for weapons, each the rules' weapon it means.  Most are the rules' own names;
#: a list may also write ``halberd`` (whose mode is declared before each melee, starting as a spear:
#: AOT-MELEE-HALBERD), and ``axe`` or ``short-spear``, which the rules fight as swords
#: (AOT-MELEE-HIT-SPECIALIST).
WEAPON_WORDS: dict[str, Weapon] = {
    "spear": MeleeWeapon.SPEAR, "pike": MeleeWeapon.PIKE, "halberd": MeleeWeapon.HALBERD_SPEAR,
    "sword": MeleeWeapon.SWORD, "axe": MeleeWeapon.SWORD, "short-spear": MeleeWeapon.SWORD,
    "two-handed": MeleeWeapon.TWO_HANDED, "lance": MeleeWeapon.LANCE,
    **{m.value: m for m in Missile},
}
#: The words for what a list entry is: the rules' body, and whether an artillery piece is gunpowder.
KIND_WORDS: dict[str, tuple[Body, bool]] = {
    "troops": (Body.WARRIORS, False), "elephant": (Body.ELEPHANT, False), "chariot": (Body.CHARIOT, False),
    "scythed-chariot": (Body.SCYTHED, False), "sumerian-cart": (Body.CART, False),
    "war-wagon": (Body.WAR_WAGON, False), "machine": (Body.ARTILLERY, False),
    "gunpowder-artillery": (Body.ARTILLERY, True),
}
WEAPONS = list(WEAPON_WORDS)
GEAR = [g.value for g in Gear]

#: A name: printable on one line (no control characters or line separators), not only blanks.
_NAME: Schema = {"type": "string", "minLength": 1, "maxLength": 80,
                 "pattern": "^(?=.*\\S)[^\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029]+$"}
_TEXT: Schema = {"type": "string", "maxLength": 2000}
_COUNT: Schema = {"type": "integer", "minimum": 0, "maximum": 1000}

ENTRY: Schema = {
    "title": "army-list entry",
    "description": "One line of a list: the exact warriors, weapons, gear, bracketed options and unit range.",
    "type": "object",
    "required": ["name", "warriors"],
    "additionalProperties": False,
    "properties": {
        "name": _NAME,
        "warriors": {"type": "integer", "minimum": 1, "maximum": 10},
        "mounted": {"type": "boolean"},
        "kind": {"enum": list(KIND_WORDS)},
        "units": {"type": "string", "pattern": r"^[0-9]{1,2}-[0-9]{1,2}$",
                  "description": "allowed number of such units, e.g. '0-2'"},
        "weapons": {"type": "array", "items": {"enum": WEAPONS}, "uniqueItems": True, "maxItems": len(WEAPONS)},
        "weapon_implied": {"type": "boolean",
                           "description": "the printed list names no weapon; 'weapons' gives the implied one"},
        "gear": {"type": "array", "items": {"enum": GEAR}, "uniqueItems": True, "maxItems": len(GEAR)},
        "optional": {"type": "array", "items": {"enum": WEAPONS + GEAR}, "uniqueItems": True,
                     "maxItems": len(WEAPONS + GEAR), "description": "the items the printed list puts in brackets"},
        "note": _TEXT,
    },
    "allOf": [
        {"if": {"required": ["mounted"], "properties": {"mounted": {"const": True}}},
         "then": {"properties": {"warriors": {"maximum": 4}}}},
        {"if": {"properties": {"kind": {"const": "troops"}}},
         "then": {"required": ["weapons"], "properties": {"weapons": {"minItems": 1}}}},
    ],
}

_ENTRIES: Schema = {"type": "array", "items": {"$ref": "#/$defs/entry"}, "maxItems": 100}

CONTINGENT: Schema = {
    "title": "allied contingent",
    "type": "object",
    "required": ["name", "nationality", "core"],
    "additionalProperties": False,
    "properties": {"name": _NAME, "nationality": _NAME, "core": _ENTRIES, "auxiliary": _ENTRIES, "note": _TEXT},
}

_LIST_BODY: Schema = {
    "title": "army list",
    "type": "object",
    "required": ["kind", "name", "nationality", "core"],
    "additionalProperties": False,
    "properties": {
        "kind": {"const": "army-list"},
        "id": {"type": "string", "pattern": r"^[a-z0-9][a-z0-9-]{0,79}$"},
        "name": _NAME,
        "nationality": _NAME,
        "source": _TEXT,
        "note": _TEXT,
        "core": {**_ENTRIES, "minItems": 1},
        "auxiliary": _ENTRIES,
        "allies": {"type": "array", "items": {"$ref": "#/$defs/contingent"}, "maxItems": 20},
    },
}

UNIT: Schema = {
    "title": "army unit",
    "type": "object",
    "required": ["name", "entry"],
    "additionalProperties": False,
    "properties": {
        "name": _NAME,
        "entry": _NAME,
        "contingent": _NAME,
        "ranks": {"type": "array", "items": _COUNT, "minItems": 1, "maxItems": 20},
        "weapons": {"type": "object", "propertyNames": {"enum": WEAPONS}, "additionalProperties": _COUNT,
                    "minProperties": 1, "maxProperties": len(WEAPONS),
                    "description": "weapon -> number of warriors carrying it"},
        "all_weapons": {"type": "boolean", "description": "+1 pt: every warrior carries every listed weapon"},
        "options": {"type": "array", "items": {"enum": WEAPONS + GEAR}, "uniqueItems": True,
                    "maxItems": len(WEAPONS + GEAR),
                    "description": "the bracketed items of the entry that this unit takes"},
        "markers": {"type": "array", "items": {"enum": [m.value for m in Marker]}, "maxItems": 20},
        "elite": {"type": "array", "items": {"enum": [p.value for p in Property]}, "maxItems": 20},
        "recruit": {"type": "boolean"},
        "tower_crew": {"type": "boolean"},
        "escort": {"type": "boolean"},
        "note": _TEXT,
    },
}

COMMANDER: Schema = {
    "title": "commander",
    "type": "object",
    "required": ["name", "rank", "unit"],
    "additionalProperties": False,
    "properties": {
        "name": _NAME,
        "rank": {"enum": [r.value for r in FILE_RANKS]},
        "unit": _NAME,
        "c_in_c": {"type": "boolean"},
        "contingent": _NAME,
    },
}

#: A slot number as YAML gives it (an integer key) or as JSON must spell it (a string of digits).
_SLOT_KEY: Schema = {"anyOf": [{"type": "integer", "minimum": -999, "maximum": 999},
                               {"type": "string", "pattern": r"^[0-9]{1,3}$"}]}
_SLOT_VALUE: Schema = {"anyOf": [_NAME, {"type": "array", "items": _NAME, "minItems": 1, "maxItems": 10}]}

DEFS: Schema = {"entry": ENTRY, "contingent": CONTINGENT, "army-list": _LIST_BODY, "unit": UNIT,
                "commander": COMMANDER}

LIST_SCHEMA: Schema = {"$schema": "https://json-schema.org/draft/2020-12/schema",
                       "$id": "urn:aot-rules:army-list", "$defs": DEFS, "$ref": "#/$defs/army-list"}

ARMY_SCHEMA: Schema = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "urn:aot-rules:army",
    "title": "army",
    "$defs": DEFS,
    "type": "object",
    "required": ["kind", "name", "list", "units", "slots"],
    "additionalProperties": False,
    "properties": {
        "kind": {"const": "army"},
        "name": _NAME,
        "list": {"anyOf": [{"type": "string", "minLength": 1, "maxLength": 400}, {"$ref": "#/$defs/army-list"}],
                 "description": "a shipped list's id, the list itself, or (read only with --lists DIR) a list "
                                "inside that folder"},
        "note": _TEXT,
        "units": {"type": "array", "items": {"$ref": "#/$defs/unit"}, "maxItems": 200},
        "commanders": {"type": "array", "items": {"$ref": "#/$defs/commander"}, "maxItems": 50},
        "slots": {"type": "object", "propertyNames": _SLOT_KEY, "additionalProperties": _SLOT_VALUE,
                  "maxProperties": 50, "description": "slot 1-6 -> a general's name or 'individual'"},
    },
}

#: Which schema a file's ``kind`` selects.
KIND_SCHEMA: Schema = {"type": "object", "required": ["kind"],
                       "properties": {"kind": {"enum": ["army", "army-list"]}}}
