"""Typed parameters: one record per mechanic, from which every face derives its inputs.

A mechanic's inputs are a frozen dataclass whose fields are declared with
:func:`param`.  The field's type says what kind of input it is (``int``,
``bool``, an ``Enum`` for a choice, ``Fraction`` for inches, :data:`Ranks`,
:data:`Mix`; ``… | None`` for an optional one); :func:`param` adds its help,
range, grid and the Reading it toggles.  A field may itself be a record
(:func:`group`), such as one side of a melee: its inputs are then flattened
with a prefix (``a_ranks``, ``b_ranks``).  From that single declaration the
registry derives the CLI options, the widget controls and the grid the tests
sweep, and the exact function reads typed attributes (``p.target_density``)
instead of string keys.

Every number is parsed by one grammar (:func:`parse_number`): ASCII digits, an
optional sign, a decimal point or a fraction bar, and at most four digits a
part, so an absurd magnitude is refused before any work is done.
"""

from __future__ import annotations

import dataclasses
import re
import types
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Any, Literal, TypeVar, Union, cast, get_args, get_origin, get_type_hints

from aot_rules.core.errors import ParamError
from aot_rules.core.format import fraction_str
from aot_rules.core.i18n import Message, current, former_values, has_label, label, msg, text
from aot_rules.core.ranks import ACCEPTS as RANKS_ACCEPT
from aot_rules.core.ranks import Ranks as Ranks  # re-exported: records declare their ranks with it
from aot_rules.core.ranks import ranks_from, why_not

#: How every face marks an input the source leaves blank (widget titles end with it).
BLANK_MARK = " ✎"
#: What the mark means, said once beside every widget or command that has such an input.
BLANK_NOTE = msg("✎ not given by the source (a blank table cell or a missing procedure): you set this number")

ParamKind = Literal["int", "bool", "choice", "ranks", "inches", "mix"]

#: Front-rank weapons of a mixed unit, name and count: ``(("sword", 3), ("shooter", 1))``.
Mix = tuple[tuple[str, int], ...]

#: Blanks around a number: ASCII spaces and tabs only.  ``\s`` would also let through line breaks and
#: Unicode spaces (``4\u3000``, ``4\n``), which no one types on purpose.
_NUMBER = re.compile(r"[ \t]*([+-]?)([0-9]{1,4})(?:\.([0-9]{1,4})|/([0-9]{1,4}))?[ \t]*")
_WHOLE = re.compile(r"[ \t]*([+-]?[0-9]+)[ \t]*")


def parse_number(value: object) -> Fraction | None:
    """The one number grammar of every option; None for anything else.

    >>> parse_number("2.5"), parse_number("5/2"), parse_number(" +3 "), parse_number(4)
    (Fraction(5, 2), Fraction(5, 2), Fraction(3, 1), Fraction(4, 1))
    >>> [parse_number(x) for x in ("1e9", "nan", "٣", "1_0", "99999", "1/0", True, "4\\u3000", "4\\n", "4\\u2028")]
    [None, None, None, None, None, None, None, None, None, None]
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, Fraction)):
        number = Fraction(value)
        return number if abs(number) < 10**4 else None
    if isinstance(value, float):
        value = repr(value)
    if not isinstance(value, str):
        return None
    m = _NUMBER.fullmatch(value)
    if m is None:
        return None
    sign, whole, decimals, den = m.groups()
    if den is not None and int(den) == 0:
        return None
    number = Fraction(int(whole), int(den)) if den else Fraction(f"{whole}.{decimals or 0}")
    return -number if sign == "-" else number


def parse_whole(value: str, digits: int = 4) -> int | None:
    """A whole number in the option grammar (ASCII digits and an optional sign; no ``_``, no other scripts'
    digits, no Unicode blanks), with up to ``digits`` digits, for inputs wider than a table's (a seed).

    >>> parse_whole("42"), parse_whole("-7", 2), parse_whole(str(2**63 - 1), 19)
    (42, -7, 9223372036854775807)
    >>> [parse_whole(x, 19) for x in ("٣", "３", "1_000", "4\\u3000", "4\\n", "1e3", "")]
    [None, None, None, None, None, None, None]
    """
    m = _WHOLE.fullmatch(value)
    if m is None or sum(c.isdigit() for c in m.group(1)) > digits:
        return None
    return int(m.group(1))


def quoted(value: object, limit: int = 40) -> str:
    """How a refusal shows a value the user typed: quoted and escaped, cut at ``limit`` characters.

    Whatever arrives on a command line may be huge, hold line breaks, escape sequences or
    undecodable bytes; every refusal shows it this one way, so its message stays one short,
    printable line.

    >>> quoted("4,x"), quoted("a\\nb"), quoted("9" * 50), quoted("\\udcff")
    ("'4,x'", "'a\\\\nb'", "'9999999999999999999999999999999999999999…'", "'\\\\udcff'")
    """
    text = value if isinstance(value, str) else str(value)
    return repr(text if len(text) <= limit else text[:limit] + "…")


@dataclass(frozen=True)
class Meta:
    """What :func:`param` attaches to a field: everything but the name, kind and default."""

    help: Message | str
    lo: Fraction | int | None = None
    hi: Fraction | int | None = None
    grid: tuple[Any, ...] | None = None
    reading: str | None = None
    label: Message | str = ""
    choices: tuple[Enum, ...] | None = None
    off: str = ""
    blank: bool = False


def param(default: Any, help: Message | str, *, lo: Fraction | int | None = None, hi: Fraction | int | None = None,
          grid: tuple[Any, ...] | None = None, reading: str | None = None, label: Message | str = "",
          choices: tuple[Enum, ...] | None = None, off: str = "", blank: bool = False) -> Any:
    """Declare one input field of a parameter record.

    ``help`` and ``label`` are catalogue messages (``msg("…")``: every face shows them in its reader's language)
    and may say ``{who}`` where the field sits in a :func:`group`;
    ``reading`` names the rule whose Reading a toggle switches; ``grid`` is the values the
    book's widget and the generic tests enumerate (default: the whole range); ``choices``
    narrows an enum's members to those this input accepts; ``off`` names the word that turns a flag
    off when the opposite has a name of its own (``--turn`` for ``--no-trot``); ``blank`` marks a
    number the source leaves blank (a lost table cell), which the user sets and every face flags.
    """
    return field(default=default, metadata={"param": Meta(help, lo, hi, grid, reading, label, choices, off,
                                                          blank)})


def group(prefix: str, who: str, default: Any) -> Any:
    """Declare a nested record (one side of a fight) whose inputs are flattened as ``prefix_name``."""
    return field(default=default, metadata={"group": (prefix, who)})


@dataclass(frozen=True)
class Param:
    """One flattened input: its name, kind, range or choices and default."""

    name: str
    kind: ParamKind
    default: Any
    help: Message | str
    lo: Fraction | int | None = None
    hi: Fraction | int | None = None
    choices: tuple[str, ...] = ()
    optional: bool = False
    #: rule ID whose "Reading" this toggle switches (None for ordinary inputs)
    reading: str | None = None
    #: values enumerated for tables, widgets and the generic tests; None = the full range
    grid: tuple[Any, ...] | None = None
    label: Message | str = ""
    #: the enum a choice converts to (None: the value stays a string)
    enum: type[Enum] | None = None
    #: where the value goes in the record: field names from the top
    path: tuple[str, ...] = ()
    #: a flag's other name for False (``turn`` for ``trot``), if it has one
    off: str = ""
    #: the source leaves this number blank: the user sets it, and every face says so
    blank: bool = False

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    @property
    def title(self) -> str:
        """The input's name as a reader sees it, in the language in force."""
        base = text(self.label) if self.label else self.name.replace("_", " ")
        return base + BLANK_MARK if self.blank else base

    def accepts(self) -> Message:
        """What the legal values are, for refusals and --list (the choices are codes, the same in every language)."""
        if self.kind == "int":
            return msg("a whole number from {lo} to {hi}", lo=self.lo, hi=self.hi)
        if self.kind == "inches":
            return msg("a distance in inches from {lo} to {hi} (decimals allowed)",
                       lo=Fraction(cast(Fraction, self.lo)), hi=Fraction(cast(Fraction, self.hi)))
        if self.kind == "bool":
            return msg("a flag (true/false)")
        if self.kind == "choice":
            return msg("one of {choices}", choices=", ".join(self.choices))
        if self.kind == "mix":
            return msg("weapon:count pairs for the front rank, like sword:3,shooter:1")
        return RANKS_ACCEPT

    def choice_label(self, code: str) -> Message | str:
        """How a reader sees one choice: its vocabulary label, or the code itself when its enum has none."""
        if self.enum is not None:
            member = self.enum(code)
            if has_label(member):
                return label(member)
        return code

    def refuse(self, rule_id: str, value: object) -> ParamError:
        return ParamError(rule_id, self.name, msg("{flag} takes {accepts}, not {value}", flag=self.flag,
                                                  accepts=self.accepts(), value=quoted(value)))

    def limited(self, limit: tuple[Any, ...]) -> Param:
        """This input narrowed for a variant whose fixed inputs rule values out: ``(lo, hi)`` for a number,
        the choices kept for a choice (``("shooter", "sword", "lance")`` once riders are fixed).

        ``odds --list`` and every refusal then advertise only values that can succeed; a limit that
        widens the declared range or names an unknown choice is a registration mistake.

        >>> p = Param("a_weapon", "choice", "sword", "", choices=("spear", "sword", "lance"))
        >>> p.limited(("lance", "sword")).choices
        ('sword', 'lance')
        >>> q = Param("distance", "inches", None, "", lo=0, hi=30)
        >>> str(q.limited((Fraction(1, 10), 9)).accepts())
        'a distance in inches from 0.1 to 9 (decimals allowed)'
        """
        if self.kind == "choice":
            keep = {str(getattr(c, "value", c)) for c in limit}
            if not keep <= set(self.choices):
                raise ValueError(f"{self.name}: no such choices {sorted(keep - set(self.choices))}")
            return dataclasses.replace(self, choices=tuple(c for c in self.choices if c in keep))
        if self.kind not in ("int", "inches") or len(limit) != 2:
            raise ValueError(f"{self.name}: a {self.kind} input takes no limit {limit!r}")
        lo, hi = limit
        if not cast(Fraction, self.lo) <= lo <= hi <= cast(Fraction, self.hi):
            raise ValueError(f"{self.name}: {lo}..{hi} is not within {self.lo}..{self.hi}")
        return dataclasses.replace(self, lo=lo, hi=hi)

    def coerce(self, value: Any, rule_id: str) -> Any:
        """Check and convert one value; raise ParamError naming the option otherwise."""
        if value is None:
            if self.optional:
                return None
            raise ParamError(rule_id, self.name, msg("{flag} is required: {accepts}", flag=self.flag,
                                                     accepts=self.accepts()))
        converted = self._convert(value)
        if converted is None:
            reason = _ranks_problem(value) if self.kind == "ranks" else None
            if reason:  # say which part of a unit's ranks is impossible, not only what is accepted
                raise ParamError(rule_id, self.name, msg("{flag} takes {accepts}, not {value}: {reason}",
                                                         flag=self.flag, accepts=self.accepts(), value=quoted(value),
                                                         reason=reason))
            raise self.refuse(rule_id, value)
        return converted

    def _convert(self, value: Any) -> Any:
        if self._typed(value):  # a value of the record's own type (grids, widgets): nothing to parse
            return value
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            text = value.strip().lower() if isinstance(value, str) else None
            return {"true": True, "1": True, "yes": True, "false": False, "0": False, "no": False}.get(text or "")
        if self.kind in ("int", "inches"):
            number = parse_number(value)
            if number is None or not cast(Fraction, self.lo) <= number <= cast(Fraction, self.hi):
                return None
            if self.kind == "inches":
                return number
            return int(number) if number.denominator == 1 else None
        if self.kind == "choice":
            if isinstance(value, Enum):
                value = value.value
            if self.enum is not None:  # a value written before the codes (an old link or army file) still means it
                value = current(self.enum, value)
            if value not in self.choices:
                return None
            return self.enum(value) if self.enum else value
        if self.kind == "ranks":
            return _parse_ranks(value)
        return _parse_mix(value)

    def _typed(self, value: Any) -> bool:
        """Whether ``value`` already is what the record holds: an exact int or Fraction in range, a bool,
        or a member of the input's enum among its choices (the fast path for the book's grids)."""
        kind = type(value)
        if self.kind == "bool":
            return kind is bool
        if (self.kind == "int" and kind is int) or (self.kind == "inches" and kind is Fraction):
            return bool(cast(Fraction, self.lo) <= value <= cast(Fraction, self.hi))
        return self.kind == "choice" and self.enum is not None and kind is self.enum and value.value in self.choices

    def values(self) -> tuple[Any, ...]:
        if self.grid is not None:
            return self.grid
        if self.kind == "int":
            return tuple(range(int(cast(int, self.lo)), int(cast(int, self.hi)) + 1))
        if self.kind == "bool":
            return (False, True)
        if self.kind == "choice":
            return tuple(self.enum(c) for c in self.choices) if self.enum else self.choices
        return (self.default,)

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name, "flag": self.flag, "type": self.kind,
                             "default": jsonable(self.default), "help": text(self.help)}
        if self.label:  # what a control is called, in the language in force (the flag is the code)
            d["label"] = text(self.label)
        if self.kind == "int":
            d["min"], d["max"] = self.lo, self.hi
        if self.kind == "inches":  # JSON numbers; the CLI accepts any decimal in the range
            d["min"], d["max"] = float(cast(Fraction, self.lo)), float(cast(Fraction, self.hi))
            if isinstance(self.default, Fraction):
                d["default"] = int(self.default) if self.default.denominator == 1 else float(self.default)
        if self.choices:
            d["choices"] = list(self.choices)
            shown = [text(self.choice_label(c)) for c in self.choices]
            if shown != d["choices"]:  # the words a control shows for each code, in the language in force
                d["choice_labels"] = shown
            if self.enum is not None and former_values(self.enum):  # old links and files: spelling → code
                d["formerly"] = {old: code for old, code in former_values(self.enum).items() if code in self.choices}
        if self.optional:
            d["optional"] = True
        if self.reading:
            d["reading_of"] = self.reading
        if self.blank:
            d["blank_in_source"] = True
        return d


def _parse_ranks(value: Any) -> Ranks | None:
    """'4,4' -> (4, 4): one or two ranks, each a whole number by the common grammar, and together a unit's
    ranks as :class:`~aot_rules.core.ranks.Ranks` accepts them (the front rank not empty)."""
    parts: list[Any]
    if isinstance(value, str):
        parts = value.split(",")
    elif isinstance(value, (tuple, list)):
        parts = list(value)
    else:
        return None
    if not 1 <= len(parts) <= 2 or any(isinstance(x, bool) for x in parts):
        return None
    return ranks_from(parse_number(x) for x in parts)


def _ranks_problem(value: Any) -> Message | None:
    """Why ranks whose every part is a whole number are still no unit's ranks (an empty front rank …)."""
    parts = value.split(",") if isinstance(value, str) else list(value) if isinstance(value, (tuple, list)) else []
    numbers = [parse_number(x) for x in parts]
    if not parts or any(n is None or n.denominator != 1 for n in numbers):
        return None
    return why_not(tuple(int(cast(Fraction, n)) for n in numbers))


def _parse_mix(value: Any) -> Mix | None:
    """'sword:3,shooter:1' -> (('sword', 3), ('shooter', 1)); which weapons exist is the rules' business."""
    if isinstance(value, tuple) and all(isinstance(x, tuple) and len(x) == 2 for x in value):
        value = ",".join(f"{w}:{n}" for w, n in value)
    if not isinstance(value, str) or len(value) > 200:
        return None
    out: list[tuple[str, int]] = []
    for part in value.split(","):
        name, _, count = part.strip().partition(":")
        n = parse_number(count)
        if not name or n is None or n.denominator != 1 or n < 0:
            return None
        out.append((name.strip(), int(n)))
    return tuple(out)


# --- records -----------------------------------------------------------------------------------

R = TypeVar("R")


def _kind(hint: Any) -> tuple[ParamKind, bool, type[Enum] | None]:
    """(kind, optional, enum) from a field's type."""
    optional = False
    if get_origin(hint) in (Union, types.UnionType):
        args = [a for a in get_args(hint) if a is not type(None)]
        optional, hint = True, args[0]
    if hint is bool:
        return "bool", optional, None
    if hint is int:
        return "int", optional, None
    if hint is Fraction:
        return "inches", optional, None
    if isinstance(hint, type) and issubclass(hint, Enum):
        return "choice", optional, hint
    if hint is Ranks:
        return "ranks", optional, None
    if hint == Mix:
        return "mix", optional, None
    raise TypeError(f"no parameter kind for {hint!r}")


def params_of(record: type[Any], prefix: str = "", who: str = "", defaults: Any = None) -> tuple[Param, ...]:
    """Every input of a record type, flattened, in declaration order (a group's defaults are those
    of the record instance it declares as its default)."""
    hints = get_type_hints(record)
    out: list[Param] = []
    for f in dataclasses.fields(record):
        if "group" in f.metadata:
            sub_prefix, sub_who = f.metadata["group"]
            for p in params_of(hints[f.name], prefix + sub_prefix + "_", sub_who, f.default):
                out.append(dataclasses.replace(p, path=(f.name, *p.path)))
            continue
        meta: Meta = f.metadata["param"]
        kind, optional, enum = _kind(hints[f.name])
        default = f.default if defaults is None else getattr(defaults, f.name)
        out.append(Param(
            name=prefix + f.name, kind=kind, default=default.value if isinstance(default, Enum) else default,
            help=_said_of(meta.help, who), lo=meta.lo, hi=meta.hi,
            choices=tuple(str(e.value) for e in (meta.choices or enum or ())), optional=optional, reading=meta.reading,
            grid=meta.grid, label=_said_of(meta.label, who), enum=enum, path=(f.name,), off=meta.off,
            blank=meta.blank))
    return tuple(out)


def _said_of(words: Message | str, who: str) -> Message | str:
    """A declared help or label with ``{who}`` (the side a grouped input belongs to) given."""
    if isinstance(words, Message):
        return Message(words.msgid, (*words.values, ("who", who)), words.plural, words.count)
    return words.format(who=who)


def build_record(record: type[R], params: tuple[Param, ...], values: Mapping[str, Any]) -> R:
    """The record holding ``values`` (flat names), nested groups included; defaults from the record."""
    tree: dict[str, Any] = {}
    for p in params:
        node = tree
        for step in p.path[:-1]:
            node = node.setdefault(step, {})
        node[p.path[-1]] = values[p.name]
    return cast(R, _build(record, tree))


_HINTS: dict[type[Any], dict[str, Any]] = {}


def _hints(record: type[Any]) -> dict[str, Any]:
    """A record's resolved field types, worked out once per record type: every evaluation builds a record.

    (A plain dict rather than ``functools.cache``: mypy does not take ``type[Any]`` as ``Hashable``.)
    """
    if record not in _HINTS:
        _HINTS[record] = get_type_hints(record)
    return _HINTS[record]


def _build(record: type[Any], tree: Mapping[str, Any]) -> Any:
    hints = _hints(record)
    kwargs = {name: _build(hints[name], sub) if isinstance(sub, dict) else sub for name, sub in tree.items()}
    return record(**kwargs)


def jsonable(v: Any) -> Any:
    """A value as JSON holds it: codes for enums, reduced fraction strings, display words rendered."""
    if isinstance(v, Message):
        return v.render()
    if isinstance(v, Fraction):
        return fraction_str(v)
    if isinstance(v, Enum):
        return v.value
    if isinstance(v, tuple):
        return [jsonable(x) for x in v]
    return v
