"""The kinds of mathematics a mechanic gets, and what one derivation hands back.

Each registered mechanic is classified once (:mod:`aot_rules.formulas.catalogue`) by a *form*:

* a **closed form** for a single roll or a binomial of rolls, derived with sympy from the rule's own
  per-face predicate (the faces that hit, that save, that pass);
* a **generating function** (PGF) for sums and compounds of rolls: the product, or the composition,
  of the dice's own generating functions, expanded with sympy;
* the **recursion** over the played procedure's dice (law of total probability on each die) where
  no neat closed form exists;
* a **point mass** for the calculators that roll no dice at all.

A form turns one input record into :class:`Maths`: LaTeX lines for the book and the exact laws the
formula gives, which the tests compare with the engine's ``Fraction`` answers on the mechanic's grid.
sympy is imported here and only here (and by the forms), never by the odds path.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Any, Protocol

import sympy as sp

from aot_rules.core.i18n import Message, has_label, label, msg, nmsg, text, vocabulary


@vocabulary({"closed": msg("closed form"), "pgf": msg("generating function"), "recursion": msg("recursion"),
             "point": msg("point mass")}, formerly={"closed form": "closed", "generating function": "pgf",
                                                   "point mass": "point"})
class Kind(Enum):
    CLOSED = "closed"
    PGF = "pgf"
    RECURSION = "recursion"
    POINT = "point"


KIND_HELP = {
    Kind.CLOSED: msg("a closed form derived with sympy from the rule's own dice faces"),
    Kind.PGF: msg("a probability generating function built from the dice's own generating functions"),
    Kind.RECURSION: msg("the law of total probability over each die the procedure rolls"),
    Kind.POINT: msg("no dice: the answer is certain once the inputs are known"),
}


@dataclass(frozen=True)
class Maths:
    """One derivation for one input record."""

    kind: Kind
    #: what is derived, in a sentence (a catalogue message, rendered by the face in the reader's language)
    what: Message | str
    #: display equations (LaTeX, no delimiters)
    lines: tuple[str, ...]
    #: the laws the formula gives: name -> value -> exact probability (events: name -> {True: p})
    laws: Mapping[str, Mapping[Any, Fraction]] = field(default_factory=dict)
    #: a further remark (a catalogue message)
    note: Message | str = ""


class Form(Protocol):
    @property
    def kind(self) -> Kind: ...

    def derive(self, record: Any) -> Maths: ...


class Unchecked(Exception):
    """This record's derivation is too large to evaluate (the recursion's tree is over budget)."""


def frac(x: sp.Expr | int) -> Fraction:
    """A sympy rational as an exact ``Fraction`` (a float would be a defect, so it is refused)."""
    r = sp.sympify(x)
    if not r.is_Rational:
        raise TypeError(f"not an exact rational: {x!r}")
    return Fraction(int(r.p), int(r.q))


def rat(p: Fraction | int) -> sp.Rational:
    p = Fraction(p)
    return sp.Rational(p.numerator, p.denominator)


def tex_text(words: Message | str) -> str:
    """Words set upright inside a formula (``\\text{…}``), rendered now in the language in force: a formula's lines
    are written when the block is, in its reader's language (a bare string is a code or name, shown as it is)."""
    said = text(words).replace("\\", "\\textbackslash ")
    return r"\text{" + "".join("\\" + c if c in "{}%$&#_" else c for c in said) + "}"


def faces_text(faces: list[int] | tuple[int, ...]) -> Message:
    """Which faces of a die give an outcome, as words beside a formula: "(faces 1, 2, 3)", or "(no face)"."""
    if not faces:
        return msg("(no face)")
    return nmsg("(face {faces})", "(faces {faces})", n=len(faces), faces=", ".join(map(str, faces)))


def tex_value(v: Any) -> str:
    """An outcome as LaTeX text (numbers as numbers, anything else as upright words)."""
    if isinstance(v, bool):
        return tex_text(msg("yes") if v else msg("no"))
    if isinstance(v, (int, Fraction)):
        return str(sp.latex(rat(v)))
    if isinstance(v, Enum):
        return tex_text(label(v) if has_label(v) else str(v.value).replace("_", " "))
    return tex_text(str(v).replace("_", " "))


def words(v: Any) -> str:
    """An outcome as a reader reads it (a vocabulary member by its label), the order its cases are listed in."""
    return str(label(v)) if has_label(v) else str(v)


def pgf_tex(law: Mapping[Any, Fraction], var: str = "z") -> str:
    """The generating function of an integer-valued law, expanded by sympy."""
    z = sp.Symbol(var)
    poly = sum((rat(p) * z ** int(k) for k, p in law.items()), sp.Integer(0))
    return str(sp.latex(sp.expand(poly), order="old"))


def law_table_tex(law: Mapping[Any, Fraction], name: str = "X", limit: int = 12) -> str:
    """``P(X = x)`` for each outcome, as one aligned row of cases."""
    items = sorted(law.items(), key=lambda kv: (0, kv[0]) if isinstance(kv[0], (int, Fraction)) else (1, words(kv[0])))
    shown = items[:limit]
    rows = [rf"{sp.latex(rat(p))} & {name} = {tex_value(v)}" for v, p in shown]
    if len(items) > limit:
        more = len(items) - limit
        rows.append(r"\dots & " + tex_text(nmsg("({n} more)", "({n} more)", n=more)))
    return rf"\Pr({name} = x) = \begin{{cases}} " + r" \\ ".join(rows) + r" \end{cases}"
