"""Reading army-list and army files: bytes → UTF-8 text → YAML → JSON-Schema check → typed model.

Every way a file can be unusable (missing, a directory, unreadable, not UTF-8, empty, not YAML,
cut short, the wrong shape, a dangling list reference) ends in one :class:`ArmyFileError` whose
message is a single line naming the file and what is wrong, so the command line can print it as it
is.  A file that is well formed but breaks the rules is *not* an error here: it loads, and
:func:`~aot_rules.aot.army.validate.validate` lists what is wrong with it.

YAML anchors and aliases are refused: army files never need them, and an alias bomb would otherwise
expand into a structure far larger than the file.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping, Sequence
from functools import lru_cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, cast

import yaml  # type: ignore[import-untyped]  # PyYAML ships no type information (types-PyYAML is not pinned)

from aot_rules.aot.army.model import (
    UNLIMITED,
    Army,
    ArmyList,
    ArmyUnit,
    Commander,
    Contingent,
    ListEntry,
    Marker,
    Rank,
    Section,
    UnitRange,
    is_individual,
)
from aot_rules.aot.army.schema import ARMY_SCHEMA, KIND_SCHEMA, KIND_WORDS, LIST_SCHEMA, WEAPON_WORDS
from aot_rules.aot.equipment import Gear, Weapon
from aot_rules.aot.units import Property
from aot_rules.core.i18n import Message, msg, nmsg
from aot_rules.core.refusal import FileRefusal, schema_problem, shown
from aot_rules.core.safeio import MAX_DIGITS, UnsafeFile, decode_utf8, read_capped, reason

# jsonschema imports the optional IRI checker rfc3987_syntax when it is installed (Jupyter pulls it in), and
# that builds a parser for 2–3 s at import.  Our schemas use no "iri" format, so the CLI skips it.
sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]
import jsonschema  # type: ignore[import-untyped]  # noqa: E402  # jsonschema ships no type information

#: Files larger than this are refused before parsing; real army files are a few kilobytes.
MAX_BYTES = 256 * 1024
#: The shipped lists and armies.
DATA: Traversable = files("aot_rules.aot.army") / "data"
_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,79}$")


class ArmyFileError(FileRefusal):
    """A file that cannot be read as an army or army list.  ``str()`` is one line:
    ``<source>: <what is wrong>``, in the language in force."""


# --- bytes → data ------------------------------------------------------------------------------

class _Loader(yaml.SafeLoader):  # type: ignore[misc]  # PyYAML's classes are untyped
    """The safe loader, refusing aliases and keys written twice in one mapping."""

    def compose_node(self, parent: object, index: object) -> object:
        if self.check_event(yaml.events.AliasEvent):
            raise yaml.composer.ComposerError(None, None, msg("anchors and aliases (*name) are not allowed here"),
                                              self.peek_event().start_mark)
        return super().compose_node(parent, index)

    def construct_yaml_int(self, node: Any) -> object:
        """YAML's integers, refused beyond :data:`~aot_rules.core.safeio.MAX_DIGITS` digits (a 5,000-digit
        rank would otherwise stop the loader with Python's own conversion limit)."""
        if sum(c.isdigit() for c in str(node.value)) > MAX_DIGITS:
            raise yaml.constructor.ConstructorError(None, None, nmsg("a number with more than {n} digit",
                                                                         "a number with more than {n} digits",
                                                                         n=MAX_DIGITS),
                                                    node.start_mark)
        return super().construct_yaml_int(node)

    def construct_mapping(self, node: Any, deep: bool = False) -> object:
        seen: set[tuple[str, str]] = set()
        for key_node, _ in node.value:
            if isinstance(key_node, yaml.ScalarNode):
                key = (key_node.tag, key_node.value)
                if key in seen:
                    raise yaml.constructor.ConstructorError(None, None, msg("key {key} is written twice",
                                                                            key=repr(key_node.value)),
                                                            key_node.start_mark)
                seen.add(key)
        return super().construct_mapping(node, deep)


_Loader.add_constructor("tag:yaml.org,2002:int", _Loader.construct_yaml_int)


def _yaml_problem(e: Exception) -> Message:
    """The YAML reader's refusal with its line and column (its own problem text is PyYAML's English, except the
    refusals this module adds, which are messages)."""
    mark = getattr(e, "problem_mark", None)
    problem = getattr(e, "problem", None) or getattr(e, "context", None)
    if problem and mark is not None:
        return msg("not valid YAML: {problem} (line {line}, column {column})", problem=problem, line=mark.line + 1,
                   column=mark.column + 1)
    if isinstance(e, yaml.reader.ReaderError):
        char = e.character if isinstance(e.character, str) else chr(e.character)
        return msg("not valid YAML: it holds the control character {char} at character {position}",
                   char=f"U+{ord(char):04X}", position=e.position)
    return msg("not valid YAML: {problem}", problem=(str(e).strip().splitlines() or ["?"])[0])


def decode(raw: bytes, source: str) -> str:
    """UTF-8 text (a byte-order mark is allowed), or a refusal that says what the bytes look like.

    >>> decode(b"\\xef\\xbb\\xbfkind: army", "f")
    'kind: army'
    >>> decode("Ёж".encode("utf-16"), "f")
    Traceback (most recent call last):
    ...
    aot_rules.aot.army.load.ArmyFileError: f: the file is UTF-16 text; save it as UTF-8
    >>> decode("Ёж".encode("utf-32"), "f")
    Traceback (most recent call last):
    ...
    aot_rules.aot.army.load.ArmyFileError: f: the file is UTF-32 text; save it as UTF-8
    """
    try:
        return decode_utf8(raw)
    except UnsafeFile as e:
        raise ArmyFileError(source, e.msg) from None


def parse_yaml(text: str, source: str) -> object:
    """One YAML document as plain data, or a one-line refusal with the line and column."""
    if not text.strip():
        raise ArmyFileError(source, msg("the file is empty"))
    try:
        loader = _Loader(text)  # the reader checks every character here, before any parsing
        try:
            data = loader.get_single_data()
        finally:
            loader.dispose()
    except yaml.YAMLError as e:
        raise ArmyFileError(source, _yaml_problem(e)) from None
    except RecursionError:
        raise ArmyFileError(source, msg("not valid YAML: nested too deeply")) from None
    if data is None:
        raise ArmyFileError(source, msg("the file is empty (it holds only comments or an empty document)"))
    return cast(object, data)


def read_bytes(path: Path | Traversable, source: str) -> bytes:
    """The file's bytes, refusing what is not a regular file of at most :data:`MAX_BYTES` (counted while
    reading, so ``/dev/zero`` or a FIFO cannot exhaust memory or block: :func:`~aot_rules.core.safeio.read_capped`)."""
    try:
        if isinstance(path, Path):
            return read_capped(path, MAX_BYTES)
        if not path.is_file():  # a shipped file inside the package
            raise ArmyFileError(source, msg("no such file"))
        with path.open("rb") as f:
            raw = f.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            raise UnsafeFile(msg("the file is larger than {n} KiB", n=MAX_BYTES // 1024))
        return raw
    except UnsafeFile as e:
        raise ArmyFileError(source, e.msg) from None
    except OSError as e:
        raise ArmyFileError(source, msg("cannot read the file: {reason}", reason=reason(e))) from None


def read_data(path: Path | Traversable, source: str | None = None) -> object:
    """Read and parse a file into plain data (no schema check yet)."""
    source = source or str(path)
    return parse_yaml(decode(read_bytes(path, source), source), source)


# --- data → schema check ----------------------------------------------------------------------

def _integer(checker: object, instance: object) -> bool:
    """JSON Schema's "integer", but not ``4.0``: the model stores counts as ``int``."""
    return isinstance(instance, int) and not isinstance(instance, bool)


_Validator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _integer))


def check_schema(data: object, schema: Mapping[str, Any], source: str) -> dict[str, Any]:
    """``data`` if it fits ``schema``; else the most relevant problem as an :class:`ArmyFileError`."""
    try:
        errors = list(_Validator(schema).iter_errors(data))
    except RecursionError:
        raise ArmyFileError(source, msg("the file is nested too deeply")) from None
    if errors:
        best = jsonschema.exceptions.best_match(errors)
        raise ArmyFileError(source, schema_problem(best))
    return cast(dict[str, Any], data)


# --- data → model --------------------------------------------------------------------------------

def _range(text: str | None, section: Section, source: str, name: str) -> tuple[UnitRange, bool]:
    if text is None:
        return (UNLIMITED if section is Section.CORE else UnitRange(0, 1)), False
    low, high = (int(x) for x in text.split("-"))
    if low > high:
        raise ArmyFileError(source, msg("entry {name}: the range {range} runs backwards", name=repr(name), range=text))
    return UnitRange(low, high), True


def _item(word: str) -> Weapon | Gear:
    """The rules' weapon or gear an army file's word means (the schema has checked the word)."""
    return WEAPON_WORDS[word] if word in WEAPON_WORDS else Gear(word)


def _items(words: Sequence[str]) -> tuple[Weapon | Gear, ...]:
    """The words' items in the order written, once each: ``axe`` and ``sword`` are one weapon to the rules."""
    return tuple(dict.fromkeys(_item(w) for w in words))


def _weapons(words: Sequence[str]) -> tuple[Weapon, ...]:
    return tuple(dict.fromkeys(WEAPON_WORDS[w] for w in words))


def _split(d: Mapping[str, int]) -> tuple[tuple[Weapon, int], ...]:
    """A unit's split of warriors between weapons; two words for one weapon add up."""
    out: dict[Weapon, int] = {}
    for word, n in d.items():
        out[WEAPON_WORDS[word]] = out.get(WEAPON_WORDS[word], 0) + n
    return tuple(out.items())


def _entry(d: Mapping[str, Any], section: Section, source: str) -> ListEntry:
    name = d["name"]
    weapons = _weapons(d.get("weapons", ()))
    gear = tuple(Gear(g) for g in d.get("gear", ()))
    optional = _items(d.get("optional", ()))
    both = [str(o) for o in optional if o in weapons or o in gear]
    if both:
        raise ArmyFileError(source, msg("entry {name}: {items} cannot be both standard and optional", name=repr(name),
                                        items=", ".join(both)))
    units, given = _range(d.get("units"), section, source, name)
    body, gunpowder = KIND_WORDS[d.get("kind", "troops")]
    return ListEntry(name=name, section=section, warriors=d["warriors"], weapons=weapons, gear=gear,
                     optional=optional, mounted=d.get("mounted", False), body=body, gunpowder=gunpowder,
                     units=units, given_range=given, weapon_implied=d.get("weapon_implied", False),
                     note=d.get("note", ""))


def _contingent(d: Mapping[str, Any], name: str, allied: bool, source: str) -> Contingent:
    entries = [_entry(e, Section.CORE, source) for e in d["core"]]
    entries += [_entry(e, Section.AUXILIARY, source) for e in d.get("auxiliary", ())]
    names = [e.name for e in entries]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ArmyFileError(source, msg("contingent {name}: entry {entry} is written twice", name=repr(name),
                                        entry=repr(twice[0])))
    return Contingent(name=name, nationality=d["nationality"],
                      core=tuple(e for e in entries if e.section is Section.CORE),
                      auxiliary=tuple(e for e in entries if e.section is Section.AUXILIARY), allied=allied)


def list_from_data(data: object, source: str = "<army list>") -> ArmyList:
    """An :class:`ArmyList` from parsed data, after the schema check."""
    d = check_schema(data, LIST_SCHEMA, source)
    allies = tuple(_contingent(a, a["name"], True, source) for a in d.get("allies", ()))
    names = [d["name"], *(a.name for a in allies)]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ArmyFileError(source, msg("contingent name {name} is used twice", name=repr(twice[0])))
    return ArmyList(id=d.get("id", ""), name=d["name"], main=_contingent(d, d["name"], False, source),
                    allies=allies, source=d.get("source", ""))


def _unit(d: Mapping[str, Any]) -> ArmyUnit:
    return ArmyUnit(name=d["name"], entry=d["entry"], ranks=tuple(d.get("ranks", ())), contingent=d.get("contingent"),
                    options=_items(d.get("options", ())), weapons=_split(d.get("weapons", {})),
                    all_weapons=d.get("all_weapons", False),
                    markers=tuple(Marker(m) for m in d.get("markers", ())),
                    elite=tuple(Property(p) for p in d.get("elite", ())), recruit=d.get("recruit", False),
                    tower_crew=d.get("tower_crew", False), escort=d.get("escort", False), note=d.get("note", ""))


def _commander(d: Mapping[str, Any]) -> Commander:
    return Commander(name=d["name"], rank=Rank(d["rank"]), unit=d["unit"], c_in_c=d.get("c_in_c", False),
                     contingent=d.get("contingent"))


def _slots(d: Mapping[object, Any]) -> tuple[tuple[int, tuple[str, ...]], ...]:
    out = []
    for key, value in d.items():
        names = (value,) if isinstance(value, str) else tuple(value)
        out.append((int(cast(int | str, key)), names))
    return tuple(sorted(out, key=lambda kv: kv[0]))


def _resolve_list(ref: str | Mapping[str, Any], source: str, lists: Path | None) -> ArmyList:
    """The list an army names: written inline, a shipped list's id, or, only when the user passed a folder of
    lists (``--lists DIR``), an id or relative path inside that folder.  Never any other path: an army file
    from elsewhere must not make the command open ``/etc/passwd`` or ``../../secret`` and echo it back."""
    if not isinstance(ref, str):
        return list_from_data(ref, f"{source}: list")
    where = f"{source}: list {shown(ref)}"  # the army file's key "list", a code
    if lists is not None:
        name = f"{ref}.yaml" if _ID.match(ref) else ref
        if Path(name).is_absolute():
            raise ArmyFileError(source, msg("list {list}: an absolute path is not read; name a list inside {folder} "
                                            "by its path relative to that folder", list=shown(ref), folder=lists))
        root = lists.resolve()
        found = (root / name).resolve()
        if not found.is_relative_to(root):
            raise ArmyFileError(source, msg("list {list} lies outside the lists folder {folder}; only files inside "
                                            "it are read", list=shown(ref), folder=lists))
        if found.is_file() or not _ID.match(ref):
            return _load_list_file(found, where)
    if _ID.match(ref) and (DATA / "lists" / f"{ref}.yaml").is_file():
        return _load_list_file(DATA / "lists" / f"{ref}.yaml", where)
    shipped = ", ".join(shipped_names("lists"))
    if lists is not None:
        raise ArmyFileError(source, msg("list {list} is neither a list in {folder} nor a shipped list ({shipped})",
                                        list=shown(ref), folder=lists, shipped=shipped))
    raise ArmyFileError(source, msg("list {list} is not a shipped list ({shipped}); a list file of your own is "
                                    "read only from a folder given with --lists DIR", list=shown(ref), shipped=shipped))


def _load_list_file(path: Path | Traversable, source: str) -> ArmyList:
    return list_from_data(read_data(path, source), source)


def _twice(names: Sequence[str]) -> str | None:
    """The first name (in sorted order) written twice, or None."""
    return next((n for n in sorted(set(names)) if names.count(n) > 1), None)


def army_from_data(data: object, source: str = "<army>", lists: Path | None = None) -> Army:
    """An :class:`Army` from parsed data: schema check, then the list it names (a shipped list id, an id or
    relative path inside the folder ``lists`` when one is given, or the list written inline), then the
    typed model."""
    d = check_schema(data, ARMY_SCHEMA, source)
    army_list = _resolve_list(d["list"], source, lists)
    units = tuple(_unit(u) for u in d["units"])
    commanders = tuple(_commander(c) for c in d.get("commanders", ()))
    twice = _twice([u.name for u in units])
    if twice:
        raise ArmyFileError(source, msg("unit name {name} is used twice; names must be unique", name=repr(twice)))
    twice = _twice([c.name for c in commanders])
    if twice:
        raise ArmyFileError(source, msg("commander name {name} is used twice; names must be unique",
                                        name=repr(twice)))
    for c in commanders:
        if is_individual(c.name):
            raise ArmyFileError(source, msg("a commander cannot be called {name}: on a slot it means "
                                            "'individual unit'", name=repr(c.name)))
    return Army(name=d["name"], army_list=army_list, units=units, commanders=commanders, slots=_slots(d["slots"]))


def load(path: Path | str, lists: Path | str | None = None) -> Army | ArmyList:
    """An army or an army list, whichever the file's ``kind`` says it is; an army's list comes from the
    shipped lists or, when ``lists`` names a folder, from inside it."""
    p = Path(path)
    source = str(path)
    data = read_data(p, source)
    kind = check_schema(data, KIND_SCHEMA, source)["kind"]
    if kind == "army-list":
        return list_from_data(data, source)
    return army_from_data(data, source, None if lists is None else Path(lists))


def load_army(path: Path | str, lists: Path | str | None = None) -> Army:
    got = load(path, lists)
    if not isinstance(got, Army):
        raise ArmyFileError(str(path), msg("this is an army list, not an army"))
    return got


def load_list(path: Path | str) -> ArmyList:
    got = load(path)
    if not isinstance(got, ArmyList):
        raise ArmyFileError(str(path), msg("this is an army, not an army list"))
    return got


def shipped_names(folder: str) -> list[str]:
    """The shipped files of ``folder`` ("lists" or "armies"), without ``.yaml``."""
    return sorted(p.name[:-5] for p in (DATA / folder).iterdir() if p.name.endswith(".yaml"))


def shipped_list(name: str) -> ArmyList:
    """A list shipped with the package, by id.

    >>> for e in shipped_list("greeks-5c-bc").main.entries:
    ...     print(e.section, "|", e.notation())
    core | 8 Hoplites: spear, shield (armour)
    core | 4 Akontists: javelin (shield)
    auxiliary | 0-2 3 Cavalry: javelin (armour)
    auxiliary | 4 Scythian archers (armour)
    """
    return _load_list_file(DATA / "lists" / f"{name}.yaml", f"lists/{name}.yaml")


@lru_cache(maxsize=64)
def shipped_army(name: str) -> Army:
    """An army shipped with the package, by file name without ``.yaml`` (read once: the files ship with the
    package and the army is immutable, and a simulation opens thousands of games from the same few)."""
    source = f"armies/{name}.yaml"
    return army_from_data(read_data(DATA / "armies" / f"{name}.yaml", source), source)


def shipped_path(folder: str, name: str) -> Path:
    """Where a shipped file is on disk (for the command line and the book)."""
    return Path(str(DATA / folder / f"{name}.yaml"))
