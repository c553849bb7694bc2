"""What an exact evaluation returns: named distributions, event probabilities and facts.

A mechanic usually computes one *joint* law over a named record (a
``NamedTuple`` such as ``(a_killed, b_killed, result)``) and reports some of
its marginals and events; :meth:`Outcome.of` does that bookkeeping once for
every mechanic.  Categorical results are enums, so every face lays them out in
the enum's own order (A wins · continue · B wins).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction
from typing import Any, TypeVar

from aot_rules.core.dist import Dist
from aot_rules.core.i18n import Message, text

R = TypeVar("R", bound=Hashable)


class EventKey(StrEnum):
    """Base of an enum naming events: a member's value is the code (``--json`` and links keep it), and a misspelt
    member is an AttributeError at once and a mypy error, where a misspelt string would pass until run."""


class DistKey(StrEnum):
    """Base of an enum naming distributions, kept apart from events so a law is never read as an event."""


@dataclass(frozen=True)
class Outcome:
    """Named distributions (``main`` is the headline one), exact event probabilities and facts.

    >>> from aot_rules.core.dist import Dist
    >>> out = Outcome.of(Dist.binomial(2, Fraction(1, 2)), "hits", events={"any": lambda h: h > 0})
    >>> class Ev(EventKey):
    ...     any = "any"
    >>> class Law(DistKey):
    ...     hits = "hits"
    >>> out.dist(Law.hits)[1], out.event(Ev.any)
    (Fraction(1, 2), Fraction(3, 4))
    """

    main: str
    dists: Mapping[str, Dist[Any]]
    events: Mapping[str, Fraction] = field(default_factory=dict)
    #: what each distribution, event and family is called (catalogue messages; a family's pattern has ``{}``)
    labels: Mapping[str, Message | str] = field(default_factory=dict)
    info: Mapping[str, Any] = field(default_factory=dict)
    #: families of event probabilities keyed by a member (slot → chance it is played); a family's label
    #: is a pattern with ``{}`` for the member ("slot {} is played")
    groups: Mapping[str, Mapping[str, Fraction]] = field(default_factory=dict)

    @classmethod
    def of(cls, joint: Dist[R], main: str, *, dists: Sequence[str] = (),
           events: Mapping[str, Callable[[R], bool]] | None = None,
           labels: Mapping[str, Message | str] | None = None,
           info: Mapping[str, Any] | None = None,
           groups: Mapping[str, Mapping[str, Callable[[R], bool]]] | None = None) -> Outcome:
        """Report the marginals ``dists`` (field names of a record; none: the joint law itself, as
        ``main``), the probability of each event predicate and of each member of each event family."""
        laws: dict[str, Dist[Any]] = {name: joint.marginal(name) for name in dists} if dists else {main: joint}
        probs = {name: joint.prob(pred) for name, pred in (events or {}).items()}
        fams = {name: {k: joint.prob(pred) for k, pred in members.items()} for name, members in (groups or {}).items()}
        return cls(main, laws, probs, dict(labels or {}), dict(info or {}), fams)

    def event(self, key: EventKey) -> Fraction:
        """The probability of the event ``key``; one this outcome does not report is a KeyError naming those it does."""
        if key not in self.events:
            raise KeyError(key.value, "not reported here; this outcome has", tuple(self.events))
        return self.events[key]

    def dist(self, key: DistKey) -> Dist[Any]:
        """The distribution ``key``; a key this outcome does not report is a KeyError naming those it does."""
        if key not in self.dists:
            raise KeyError(key.value, "not reported here; this outcome has", tuple(self.dists))
        return self.dists[key]

    def label(self, name: str) -> str:
        """What the distribution or event ``name`` is called, in the language in force."""
        return text(self.labels[name]) if name in self.labels else name.replace("_", " ")

    def member_label(self, group: str, member: str) -> str:
        """The label of one member of an event family: the family's pattern filled in."""
        pattern = text(self.labels[group]) if group in self.labels else group.replace("_", " ") + " {}"
        return pattern.format(member)

    def flat_events(self) -> dict[str, Fraction]:
        """Every event probability by its label, the families' members included, in order."""
        out = {self.label(n): p for n, p in self.events.items()}
        out.update({self.member_label(g, k): p for g, ms in self.groups.items() for k, p in ms.items()})
        return out

    def with_main(self, main: str) -> Outcome:
        return replace(self, main=main)


@dataclass(frozen=True)
class Fact:
    """A fact beside an answer whose words are not its value (an ``info`` entry): ``value`` is what a program reads
    (codes and numbers: ``--json`` keeps it), ``shown`` what a reader sees, rendered only at the face, in the language
    then in force; several parts are shown joined by ``sep`` (a list of a side's strike groups).

    >>> f = Fact((1, 2), "1", "2")
    >>> f.value, f.render()
    ((1, 2), '1, 2')
    """

    value: Any
    shown: tuple[Message | str, ...]
    sep: str = ", "

    def __init__(self, value: Any, *shown: Message | str, sep: str = ", ") -> None:
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "shown", shown)
        object.__setattr__(self, "sep", sep)

    def render(self, lang: str | None = None) -> str:
        return self.sep.join(text(s, lang) for s in self.shown)


def faces(shown: Sequence[int], none: Message) -> Fact:
    """Die faces as a fact: the numbers for a program, ``1, 2, 3`` for a reader (``none`` when there are none).

    >>> faces((1, 2, 3), Message("none")).render(), faces((), Message("none")).render()
    ('1, 2, 3', 'none')
    """
    return Fact(tuple(shown), ", ".join(map(str, shown)) or none)
