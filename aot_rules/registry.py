"""The mechanic registry: each dice mechanic is defined once, here, and every face
of the project (CLI, book widgets, notebooks, tables, generic tests) is produced
from its entry.

A ``Mechanic`` carries its rule ID from the rules index, a title, typed
parameters, an exact function returning an ``Outcome`` of ``Dist`` objects and
exact event probabilities, and a seeded sampler returning one random draw of
the same quantities.  ``variant`` registers the same definition again under
another rule ID with some parameters fixed, so a sub-rule (javelins, flank
shooting …) gets its own widget without a second copy of the logic.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Literal

from aot_rules.dice.dist import Dist, fraction_str
from aot_rules.errors import ParamError, RuleError
from aot_rules.units import parse_ranks

ParamKind = Literal["int", "bool", "choice", "ranks", "inches", "mix"]


@dataclass(frozen=True)
class Param:
    """A typed parameter: its name, kind, range or choices and default."""

    name: str
    kind: ParamKind
    default: Any
    help: str
    lo: int | None = None
    hi: int | None = None
    choices: tuple[str, ...] = ()
    optional: bool = False
    #: rule ID whose "Reading" this toggle switches (None for ordinary inputs)
    reading: str | None = None
    #: values enumerated for tables, widgets and the generic tests; None = the full range
    grid: tuple[Any, ...] | None = None
    label: str = ""

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    @property
    def title(self) -> str:
        return self.label or self.name.replace("_", " ")

    def accepts(self) -> str:
        """Human description of the legal values, for error messages and --list."""
        if self.kind == "int":
            return f"a whole number from {self.lo} to {self.hi}"
        if self.kind == "inches":
            return f"a distance in inches from {float(self.lo):g} to {float(self.hi):g} (decimals allowed)"  # type: ignore[arg-type]
        if self.kind == "bool":
            return "a flag (true/false)"
        if self.kind == "choice":
            return "one of " + ", ".join(self.choices)
        if self.kind == "mix":
            return "weapon:count pairs for the front rank, like sword:3,shooter:1"
        return "formed warriors per rank, front first, like 4 or 4,4"

    def coerce(self, value: Any, rule_id: str) -> Any:
        """Check and convert one value; raise ParamError naming the option otherwise."""
        if value is None:
            if self.optional:
                return None
            raise ParamError(rule_id, self.name, f"{self.flag} is required: {self.accepts()}")
        bad = ParamError(rule_id, self.name, f"{self.flag} takes {self.accepts()}, not {value!r}")
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("true", "1", "yes", "false", "0", "no"):
                return value.lower() in ("true", "1", "yes")
            raise bad
        if self.kind == "int":
            if isinstance(value, bool):
                raise bad
            try:
                v = int(value) if isinstance(value, (int, str)) else None
            except ValueError:
                v = None
            if v is None or (isinstance(value, str) and str(v) != value.strip().lstrip("+")):
                raise bad
            if not self.lo <= v <= self.hi:  # type: ignore[operator]
                raise bad
            return v
        if self.kind == "inches":
            try:
                f = Fraction(str(value))
            except (ValueError, ZeroDivisionError):
                raise bad from None
            if not self.lo <= f <= self.hi:  # type: ignore[operator]
                raise bad
            return f
        if self.kind == "choice":
            if value not in self.choices:
                raise bad
            return value
        if self.kind == "mix":
            return _parse_mix(value, bad)
        if self.kind == "ranks":
            if isinstance(value, str):
                try:
                    return parse_ranks(value)
                except RuleError:
                    raise bad from None
            if isinstance(value, (tuple, list)) and all(isinstance(x, int) for x in value):
                return tuple(value)
            raise bad
        raise AssertionError(self.kind)

    def values(self) -> tuple[Any, ...]:
        if self.grid is not None:
            return self.grid
        if self.kind == "int":
            return tuple(range(self.lo, self.hi + 1))  # type: ignore[arg-type, operator]
        if self.kind == "bool":
            return (False, True)
        if self.kind == "choice":
            return self.choices
        return (self.default,)

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name, "flag": self.flag, "type": self.kind,
                             "default": _jsonable(self.default), "help": self.help}
        if self.kind == "int":
            d["min"], d["max"] = self.lo, self.hi
        if self.kind == "inches":  # a JSON number; the CLI accepts any decimal in the range
            d["min"], d["max"] = float(self.lo), float(self.hi)  # type: ignore[arg-type]
        if self.choices:
            d["choices"] = list(self.choices)
        if self.optional:
            d["optional"] = True
        if self.reading:
            d["reading_of"] = self.reading
        return d


@dataclass(frozen=True)
class Outcome:
    """What an exact evaluation returns.

    ``dists`` are named distributions (``main`` names the headline one);
    ``events`` are exact probabilities of yes/no events.  ``labels`` gives
    display names for both; ``order`` lists categorical outcomes in their natural
    order (A wins, continue, B wins) for every face that lays them out.
    """

    main: str
    dists: Mapping[str, Dist[Any]]
    events: Mapping[str, Fraction] = field(default_factory=dict)
    labels: Mapping[str, str] = field(default_factory=dict)
    info: Mapping[str, Any] = field(default_factory=dict)
    order: tuple[str, ...] = ()

    def label(self, name: str) -> str:
        return self.labels.get(name, name.replace("_", " "))

    def items(self, name: str) -> list[tuple[Any, Fraction]]:
        """The named distribution's (outcome, probability) pairs, categorical ones in ``order``."""
        rows = self.dists[name].items()
        if self.order:
            rows.sort(key=lambda r: self.order.index(r[0]) if r[0] in self.order else len(self.order))
        return rows

    def to_json(self) -> dict[str, Any]:
        def js(name: str) -> dict[str, str]:
            return {str(o): fraction_str(p) for o, p in self.items(name)}

        out: dict[str, Any] = {"distribution": js(self.main), "main": self.main}
        for name in self.dists:
            out[name] = js(name)
        for name, p in self.events.items():
            out[name] = fraction_str(p)
        for name, v in self.info.items():
            out[name] = _jsonable(v)
        return out

    def with_main(self, main: str) -> Outcome:
        return replace(self, main=main)


Sample = Mapping[str, Hashable]


@dataclass(frozen=True)
class Mechanic:
    """One registered dice mechanic."""

    rule_id: str
    key: str
    title: str
    summary: str
    params: tuple[Param, ...]
    exact: Callable[..., Outcome]
    sample: Callable[..., Sample]
    rules: tuple[str, ...] = ()
    fixed: Mapping[str, Any] = field(default_factory=dict)
    main: str | None = None
    #: overrides of Param.grid for the static widget table (smaller than the CLI's range)
    widget_grid: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    #: the distributions a widget shows (None = all); the CLI always prints everything
    show: tuple[str, ...] | None = None

    def param(self, name: str) -> Param:
        for p in self.params:
            if p.name == name:
                return p
        raise KeyError(name)

    @property
    def inputs(self) -> tuple[Param, ...]:
        """Parameters a user sets (the fixed ones of a variant are hidden)."""
        return tuple(p for p in self.params if p.name not in self.fixed)

    def resolve(self, **kwargs: Any) -> dict[str, Any]:
        """Defaults filled in, every value checked; unknown names are refused."""
        names = {p.name for p in self.inputs}
        for k in kwargs:
            if k not in names:
                raise ParamError(self.rule_id, k, f"{self.rule_id} has no parameter {k!r}")
        out = {p.name: p.coerce(kwargs.get(p.name, p.default), self.rule_id) for p in self.inputs}
        out.update(self.fixed)
        return out

    def evaluate(self, **kwargs: Any) -> Outcome:
        out = self.exact(**self.resolve(**kwargs))
        if self.main and self.main not in out.dists:
            missing = [p.flag for p in self.inputs if p.optional and kwargs.get(p.name) is None]
            raise ParamError(self.rule_id, self.main, f"{self.rule_id} shows {self.main}; it needs "
                             + (" or ".join(missing) if missing else "more inputs"))
        return out.with_main(self.main) if self.main else out

    def draw(self, rng: random.Random, **kwargs: Any) -> Sample:
        return self.sample(rng, **self.resolve(**kwargs))

    def grid(self, widget: bool = False) -> Iterator[dict[str, Any]]:
        """Every combination of the inputs' grid values (the widget's grid when asked)."""
        ps = self.inputs
        axes = [self.widget_grid.get(p.name, p.values()) if widget else p.values() for p in ps]
        for combo in itertools.product(*axes):
            yield dict(zip((p.name for p in ps), combo, strict=False))

    def variant(self, rule_id: str, title: str, summary: str, *, fixed: Mapping[str, Any],
                main: str | None = None, widget_grid: Mapping[str, tuple[Any, ...]] | None = None,
                defaults: Mapping[str, Any] | None = None, show: tuple[str, ...] | None = None) -> Mechanic:
        """The same definition under another rule ID, with some inputs fixed or given new defaults."""
        params = tuple(replace(p, default=defaults[p.name]) if defaults and p.name in defaults else p
                       for p in self.params)
        return replace(self, rule_id=rule_id, key=rule_id.lower(), title=title, summary=summary, params=params,
                       fixed=dict(fixed), main=main or self.main,
                       widget_grid=dict(widget_grid if widget_grid is not None else self.widget_grid),
                       show=show if show is not None else self.show)

    def to_json(self) -> dict[str, Any]:
        return {"rule_id": self.rule_id, "key": self.key, "title": self.title, "summary": self.summary,
                "rules": list(self.rules or (self.rule_id,)),
                "params": [p.to_json() for p in self.inputs],
                "fixed": {k: _jsonable(v) for k, v in self.fixed.items()}}


REGISTRY: dict[str, Mechanic] = {}


def register(m: Mechanic) -> Mechanic:
    """Add ``m``; its widget grid becomes the parameters' registered grid, so the tables the book ships
    and the grid the generic tests sweep are one and the same."""
    if m.rule_id in REGISTRY:
        raise ValueError(f"{m.rule_id} registered twice")
    params = tuple(replace(p, grid=tuple(m.widget_grid[p.name])) if p.name in m.widget_grid else p
                   for p in m.params)
    m = replace(m, params=params)
    REGISTRY[m.rule_id] = m
    return m


def get(name: str) -> Mechanic:
    """Look a mechanic up by rule ID (any case) or by its short key (``shoot``)."""
    import aot_rules.mechanics  # noqa: F401  (registers everything)

    up = name.upper()
    if up in REGISTRY:
        return REGISTRY[up]
    for m in REGISTRY.values():
        if m.key == name:
            return m
    known = ", ".join(sorted(REGISTRY))
    raise RuleError("REGISTRY", f"unknown mechanic {name!r}; known: {known}")


def all_mechanics() -> list[Mechanic]:
    import aot_rules.mechanics  # noqa: F401

    return list(REGISTRY.values())


def _parse_mix(value: Any, bad: ParamError) -> tuple[tuple[str, int], ...]:
    """'sword:3,shooter:1' -> (('sword', 3), ('shooter', 1)); the weapons are checked by the rules."""
    if isinstance(value, tuple):
        return value
    if not isinstance(value, str):
        raise bad
    out = []
    for part in value.split(","):
        name, _, count = part.strip().partition(":")
        if not name or not count.isdigit():
            raise bad
        out.append((name, int(count)))
    return tuple(out)


def _jsonable(v: Any) -> Any:
    if isinstance(v, Fraction):
        return fraction_str(v)
    if isinstance(v, tuple):
        return list(v)
    return v
