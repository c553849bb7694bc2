"""Refusals of files and records: a file that is not read (an army, a save), said in the reader's language.

A refusal keeps its reason as a catalogue message and renders it only when shown, like a rule's
:class:`~aot_rules.core.errors.RuleError`; the schema library's own English is never shown: its error's data (the
keyword, the value the schema wanted, the value found) are put into this module's templates instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from aot_rules.core.i18n import Message, msg, nmsg, text


class FileRefusal(ValueError):
    """A file or record that cannot be used.  ``source`` names it (a path, ``<string>``); ``msg`` says why, as a
    catalogue message; ``str()`` is one line, ``<source>: <why>``, in the language in force.

    >>> str(FileRefusal("army.yaml", msg("the file is empty")))
    'army.yaml: the file is empty'
    """

    def __init__(self, source: str, message: Message | str) -> None:
        super().__init__(source, message)
        self.source = source
        self.msg = message

    @property
    def message(self) -> str:
        """Why, in the language in force, on one line."""
        return " ".join(text(self.msg).split("\n"))

    def __str__(self) -> str:
        return f"{self.source}: {self.message}" if self.source else self.message


def at(where: str, problem: Message | str) -> Message:
    """A problem placed at a part of the file (``units[2].ranks: …``); the part's path is a code, not words."""
    return msg("{where}: {problem}", where=where, problem=problem)


def where(path: Sequence[object]) -> str:
    """``units[2].ranks`` for a JSON path; "" for the whole document.

    >>> where(["units", 2, "ranks"]), where([])
    ('units[2].ranks', '')
    """
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) and out else (f".{p}" if out else str(p))
    return out


def shown(value: object) -> str:
    """A value found in a file, quoted as written and cut to a readable length."""
    s = repr(value)
    return s if len(s) <= 60 else s[:57] + "..."


#: JSON Schema's types, as a reader of an army or a save file calls them.
TYPE_WORDS: Mapping[str, Message] = {
    "object": msg("a mapping"), "array": msg("a list"), "string": msg("text"), "integer": msg("a whole number"),
    "boolean": msg("true or false"), "number": msg("a number"), "null": msg("nothing (null)"),
}


def _either(words: list[Message | str]) -> Message | str:
    return words[0] if len(words) == 1 else msg("{one} or {other}", one=words[0], other=_either(words[1:]))


def schema_problem(error: Any) -> Message:
    """One readable line for a JSON Schema validation error (jsonschema's ``ValidationError``, read through its
    data, so the words are the catalogue's): where in the document, and what the schema wanted there."""
    place = where(list(error.absolute_path))
    return at(place, _what(error)) if place else _what(error)


def _what(error: Any) -> Message:
    kind, want, found = error.validator, error.validator_value, error.instance
    if kind == "type":
        types = [want] if isinstance(want, str) else list(want)
        return msg("expected {want}, found {found}", want=_either([TYPE_WORDS.get(t, t) for t in types]),
                   found=shown(found))
    if kind in ("enum", "const"):
        choices = ", ".join(str(c) for c in (want if kind == "enum" else [want]))
        return msg("{found} is not one of: {choices}", found=shown(found), choices=choices)
    if kind == "required":
        missing = [k for k in want if isinstance(found, dict) and k not in found] or list(want)
        return msg("the key {key} is missing", key=repr(missing[0]))
    if kind == "additionalProperties":
        known = (error.schema or {}).get("properties", {})
        extra = sorted(k for k in found if k not in known) if isinstance(found, dict) else []
        return nmsg("the key {keys} is not part of this format", "the keys {keys} are not part of this format",
                    n=len(extra), keys=", ".join(repr(k) for k in extra))
    if kind == "maxItems":
        return nmsg("{count} items, more than the {n} allowed", "{count} items, more than the {n} allowed",
                    n=want, count=len(found) if isinstance(found, list) else 0)
    if kind == "minItems":
        return nmsg("{count} items, fewer than the {n} needed", "{count} items, fewer than the {n} needed",
                    n=want, count=len(found) if isinstance(found, list) else 0)
    if kind in ("minimum", "exclusiveMinimum"):
        return msg("{found} is below the least allowed value {limit}", found=shown(found), limit=want)
    if kind in ("maximum", "exclusiveMaximum"):
        return msg("{found} is above the largest allowed value {limit}", found=shown(found), limit=want)
    if kind == "maxLength":
        return nmsg("the text is longer than {n} character", "the text is longer than {n} characters", n=want)
    if kind == "minLength":
        return nmsg("the text is shorter than {n} character", "the text is shorter than {n} characters", n=want)
    if kind == "pattern":
        return msg("{found} is not written the way this field is (the pattern {pattern})", found=shown(found),
                   pattern=want)
    if kind == "uniqueItems":
        return msg("the list holds the same item twice")
    if kind in ("anyOf", "oneOf"):
        options = [c for sub in (error.context or ()) if sub.validator == "enum" for c in sub.validator_value]
        if options:
            return msg("{found} is not one of: {choices}", found=shown(found), choices=", ".join(map(str, options)))
        allowed: list[str] = [t for sub in (error.context or ()) if sub.validator == "type" and not sub.relative_path
                            for t in ([sub.validator_value] if isinstance(sub.validator_value, str)
                                      else sub.validator_value)]
        if allowed and len(allowed) == len(error.context):
            return msg("expected {want}, found {found}", want=_either([TYPE_WORDS.get(t, t) for t in allowed]),
                       found=shown(found))
        return msg("{found} fits none of the forms this field allows", found=shown(found))
    return msg("{found} does not fit this field (the schema's {keyword} rule)", found=shown(found), keyword=kind)


__all__ = ["TYPE_WORDS", "FileRefusal", "at", "schema_problem", "shown", "where"]
