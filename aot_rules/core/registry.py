"""Mechanics and their registries: each dice mechanic is defined once, and every face of
the project (CLI, book widgets, notebooks, tables, generic tests) is produced from it.

A ``Mechanic`` carries its rule ID, a title, a typed parameter record, an exact
function returning an :class:`~aot_rules.core.outcome.Outcome`, and the rule's
*played* face: the procedure a player follows, rolling a
:class:`~aot_rules.core.dice.DiceSource`.  The sampler is always the played
face run with seeded dice, never a second copy of the rule.  A mechanic moved onto
the dice-procedure protocol (:mod:`aot_rules.core.procedure`) is its record plus one
``procedure``: :func:`derived` makes both faces from it, the exact law by the evaluator
and the played face by the player.  ``variant``
registers the same definition again under another rule ID with some inputs
fixed, so a sub-rule gets its own widget without a second copy of the logic.

A :class:`Registry` holds one rule system's mechanics and knows nothing about
any game: the system's package builds it explicitly (``aot_rules.systems``
lists them), and its prefix keeps rule IDs of different systems apart.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Generic, TypeVar

from aot_rules.core.dice import DiceSource, SeededDice
from aot_rules.core.dist import Dist
from aot_rules.core.errors import ParamError
from aot_rules.core.evaluate import evaluate, play
from aot_rules.core.i18n import Message, msg, text
from aot_rules.core.outcome import Outcome
from aot_rules.core.params import Param, build_record, jsonable, params_of
from aot_rules.core.procedure import Proc

P = TypeVar("P", bound=Hashable)
R = TypeVar("R")
Sample = Mapping[str, Hashable]


@dataclass(frozen=True)
class Mechanic(Generic[P]):
    """One registered dice mechanic over the parameter record type ``record_type``.

    ``deterministic`` marks a calculator with no dice (a range or a DP cost): its exact law is
    the point mass of its played face, and the oracle tests, not the sampler test, check it.
    """

    rule_id: str
    key: str
    #: what the calculator is called and what it answers: catalogue messages, shown in the reader's language
    title: Message | str
    summary: Message | str
    record_type: type[P]
    exact: Callable[[P], Outcome]
    play: Callable[[P, DiceSource], Sample]
    rules: tuple[str, ...] = ()
    fixed: Mapping[str, Any] = field(default_factory=dict)
    main: str | None = None
    #: the values the static widget (and so the generic tests) enumerate, per input
    widget_grid: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    #: the distributions a widget shows (None = all); the CLI always prints everything
    show: tuple[str, ...] | None = None
    deterministic: bool = False
    #: narrower ranges than the record declares, for a variant whose fixed inputs rule values out
    limits: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    params: tuple[Param, ...] = ()
    #: the rule's dice written once (:mod:`aot_rules.core.procedure`), when both faces are derived from it
    procedure: Callable[[P], Proc[Any]] | None = None

    def __post_init__(self) -> None:
        if not self.params:
            object.__setattr__(self, "params", params_of(self.record_type))
        object.__setattr__(self, "_exact", lru_cache(maxsize=8192)(self.exact))

    def cache_clear(self) -> None:
        """Forget the cached exact answers (benchmarks measure the uncached cost)."""
        self._exact.cache_clear()  # type: ignore[attr-defined]

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
        """Defaults filled in, every value checked; unknown and fixed names are refused."""
        names = {p.name for p in self.inputs}
        for k in kwargs:
            if k not in names:
                raise ParamError(self.rule_id, k, msg("{rule} has no parameter {name}", rule=self.rule_id,
                                                                  name=repr(k)))
        out = {p.name: p.coerce(kwargs.get(p.name, p.default), self.rule_id) for p in self.inputs}
        out.update({p.name: p.coerce(self.fixed[p.name], self.rule_id) for p in self.params if p.name in self.fixed})
        return out

    def record(self, **kwargs: Any) -> P:
        """The typed parameter record for these inputs."""
        return build_record(self.record_type, self.params, self.resolve(**kwargs))

    def evaluate(self, **kwargs: Any) -> Outcome:
        out: Outcome = self._exact(self.record(**kwargs))  # type: ignore[attr-defined]
        if self.main and self.main not in out.dists:
            missing = [p.flag for p in self.inputs if p.optional and kwargs.get(p.name) is None]
            if missing:
                raise ParamError(self.rule_id, self.main, msg("{rule} shows {main}; it needs {flags}",
                                                              rule=self.rule_id, main=self.main,
                                                              flags=" or ".join(missing)))
            raise ParamError(self.rule_id, self.main, msg("{rule} shows {main}; it needs more inputs",
                                                          rule=self.rule_id, main=self.main))
        return out.with_main(self.main) if self.main else out

    def draw(self, rng: random.Random, **kwargs: Any) -> Sample:
        """One seeded play of the rule: the sampler."""
        return self.play(self.record(**kwargs), SeededDice(rng))

    def grid(self) -> Iterator[dict[str, Any]]:
        """Every combination of the inputs' grid values (the static widget's grid)."""
        ps = self.inputs
        for combo in itertools.product(*(p.values() for p in ps)):
            yield dict(zip((p.name for p in ps), combo, strict=True))

    def variant(self, rule_id: str, title: Message | str, summary: Message | str, *, fixed: Mapping[str, Any],
                main: str | None = None, widget_grid: Mapping[str, tuple[Any, ...]] | None = None,
                defaults: Mapping[str, Any] | None = None, show: tuple[str, ...] | None = None,
                limits: Mapping[str, tuple[Any, ...]] | None = None) -> Mechanic[P]:
        """The same definition under another rule ID, with some inputs fixed or given new defaults."""
        params = tuple(replace(p, default=defaults[p.name]) if defaults and p.name in defaults else p
                       for p in self.params)
        return replace(self, rule_id=rule_id, key=rule_id.lower(), title=title, summary=summary, params=params,
                       fixed=dict(fixed), main=main or self.main,
                       widget_grid=dict(widget_grid if widget_grid is not None else self.widget_grid),
                       show=show if show is not None else self.show, limits=dict(limits or {}))

    def to_json(self) -> dict[str, Any]:
        return {"rule_id": self.rule_id, "key": self.key, "title": text(self.title), "summary": text(self.summary),
                "rules": list(self.rules or (self.rule_id,)),
                "params": [p.to_json() for p in self.inputs],
                "fixed": {k: jsonable(v) for k, v in self.fixed.items()}}


def derived(procedure: Callable[[P], Proc[R]], report: Callable[[P, Dist[R]], Outcome],
            sample: Callable[[P, R], Sample]) -> dict[str, Any]:
    """A mechanic's faces from its one procedure: ``exact`` reports the evaluator's law (``report``), ``play``
    reports one played value (``sample``); pass them to :class:`Mechanic` with ``**``."""

    @lru_cache(maxsize=256)
    def built(p: P) -> Proc[R]:
        # A procedure is data (its blocks and their continuations), so a record's is built once and played as
        # often as asked: a melee's dice pools, worked out from the units, were half of each seeded play's time.
        return procedure(p)

    def exact(p: P) -> Outcome:
        return report(p, evaluate(built(p)))

    def played(p: P, dice: DiceSource) -> Sample:
        return sample(p, play(built(p), dice))

    return {"exact": exact, "play": played, "procedure": procedure}


class Registry:
    """One rule system's mechanics, by rule ID and by short key.

    Its rule IDs all carry the system's prefix (``AOT-``), so two systems' IDs never clash.
    """

    def __init__(self, system: str, prefix: str, title: str) -> None:
        self.system, self.prefix, self.title = system, prefix, title
        self._by_id: dict[str, Mechanic[Any]] = {}

    def add(self, m: Mechanic[P]) -> Mechanic[P]:
        """Register ``m``: its widget grid and limits become its parameters' own grid and range, so
        the tables the book ships and the grid the generic tests sweep are one and the same."""
        if not m.rule_id.startswith(self.prefix):
            raise ValueError(f"{m.rule_id} does not belong to {self.system} (prefix {self.prefix})")
        if m.rule_id in self._by_id or any(x.key == m.key for x in self._by_id.values()):
            raise ValueError(f"{m.rule_id} ({m.key}) registered twice")
        params = []
        for p in m.params:
            if p.name in m.limits:
                p = p.limited(m.limits[p.name])
            if p.name in m.widget_grid:
                p = replace(p, grid=tuple(m.widget_grid[p.name]))
            params.append(p)
        m = replace(m, params=tuple(params))
        self._by_id[m.rule_id] = m
        return m

    def find(self, name: str) -> Mechanic[Any] | None:
        """A mechanic by rule ID (any case) or short key, or None."""
        hit = self._by_id.get(name.upper())
        return hit or next((m for m in self._by_id.values() if m.key == name.lower()), None)

    def __iter__(self) -> Iterator[Mechanic[Any]]:
        return iter(self._by_id.values())

    def __len__(self) -> int:
        return len(self._by_id)
