"""Words at the face: a message is a catalogue template and its named values, rendered in the reader's language
only when it is shown.

Code keeps :class:`Message` objects (a refusal's, a label's, a caption's); nothing renders them until a face prints
or draws them, so the same refusal reads in English on one page and in Russian on another, and no record ever holds
a sentence.  The language is chosen per call (``render(lang)``) or per context (:func:`speaking`, a
:class:`~contextvars.ContextVar`, never a process-wide ``gettext.install``), and otherwise read from ``AOT_LANG``.

Templates are literal strings with named placeholders (``msg("{unit} falls back {distance}″", ...)``), so Babel can
extract them (``make messages``: ``babel.cfg``, ``aot_rules/locales/aot_rules.pot``, one ``.po`` per language) and
no sentence is ever assembled from fragments.  A count that changes the words goes through :func:`nmsg` (Russian
has three plural forms).  Catalogues are compiled to ``.mo`` at set-up time and read with the standard library's
:mod:`gettext`; a missing catalogue or message falls back to English.  The pseudo-locale :data:`PSEUDO` transforms
every template (accents and brackets), so a test can find any English that did not come through the catalogue.

Standard library only: this is on the odds path, which runs in the reader's browser.
"""

from __future__ import annotations

import gettext
import os
import string
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any, TypeVar

#: The catalogue's domain: ``aot_rules/locales/<lang>/LC_MESSAGES/aot_rules.mo``.
DOMAIN = "aot_rules"
#: The languages the project publishes, English (the templates themselves) first.
LANGUAGES = ("en", "ru")
#: A generated pseudo-locale (a private-use code): every template transformed, numbers and names left alone.
PSEUDO = "qps"

_LANG: ContextVar[str | None] = ContextVar("aot_lang", default=None)


class LanguageError(ValueError):
    """A language code the project does not publish."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.msg = msg("unknown language {code}; choose one of: {choices}", code=repr(code),
                       choices=", ".join((*LANGUAGES, PSEUDO)))
        super().__init__(code)

    def __str__(self) -> str:
        return self.msg.render()


def known(code: str) -> str | None:
    """The published language a code names (``ru``, ``ru_RU.UTF-8``, ``RU``), or None.

    >>> known("ru_RU.UTF-8"), known("en"), known("qps"), known("de"), known("")
    ('ru', 'en', 'qps', None, None)
    """
    base = code.strip().split(".")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES or base == PSEUDO else None


def checked(code: str) -> str:
    """``code`` as a published language, or a :class:`LanguageError` naming what is accepted."""
    lang = known(code)
    if lang is None:
        raise LanguageError(code)
    return lang


def language() -> str:
    """The language in force: the context's (:func:`speaking`), else ``AOT_LANG``'s, else English.

    An ``AOT_LANG`` naming no published language is English: the environment is not a place to refuse input.
    """
    lang = _LANG.get()
    if lang is not None:
        return lang
    return known(os.environ.get("AOT_LANG", "")) or "en"


@contextmanager
def speaking(lang: str | None) -> Iterator[str]:
    """Render in ``lang`` inside the block (None: leave the language as it is)."""
    if lang is None:
        yield language()
        return
    token = _LANG.set(checked(lang))
    try:
        yield _LANG.get() or "en"
    finally:
        _LANG.reset(token)


# --- catalogues --------------------------------------------------------------------------------------------------


class _Pseudo(gettext.NullTranslations):
    """The pseudo-locale: every template's words accented and the whole bracketed, placeholders untouched."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


_ACCENTS = str.maketrans("aceinorsuyACEINORSUYz", "àçéîñöŕšüýÀÇÉÎÑÖŔŠÜÝž")


def pseudo(template: str) -> str:
    """A template in the pseudo-locale: letters outside placeholders accented, the whole in ⟦ ⟧.

    >>> pseudo("{unit} falls back {distance}″")
    '⟦{unit} fàllš bàçk {distance}″⟧'
    """
    out: list[str] = []
    for literal, field, spec, conv in string.Formatter().parse(template):
        out.append(literal.replace("{", "{{").replace("}", "}}").translate(_ACCENTS))
        if field is not None:
            out.append("{" + field + ("!" + conv if conv else "") + (":" + spec if spec else "") + "}")
    return "⟦" + "".join(out) + "⟧"


@cache
def catalogue(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English and a missing catalogue: the templates as written)."""
    if lang == PSEUDO:
        return _Pseudo()
    if lang == "en":
        return gettext.NullTranslations()
    path = resources.files("aot_rules").joinpath("locales", lang, "LC_MESSAGES", DOMAIN + ".mo")
    try:
        with path.open("rb") as fp:
            return gettext.GNUTranslations(fp)
    except (FileNotFoundError, NotADirectoryError):
        return gettext.NullTranslations()


# --- numbers -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class NumberStyle:
    """How a language writes a decimal number and a percentage (CLDR's symbols, held to Babel by a test)."""

    decimal: str
    percent: str  # the percent pattern's tail after the number: "%" in English, "\u00a0%" in Russian


NUMBER_STYLES: Mapping[str, NumberStyle] = {"en": NumberStyle(".", "%"), "ru": NumberStyle(",", "\u00a0%"),
                                            PSEUDO: NumberStyle(".", "%")}


def number_style(lang: str | None = None) -> NumberStyle:
    return NUMBER_STYLES[lang or language()]


def localised(text: str, lang: str | None = None) -> str:
    """A number written the English way (``12.5``, ``12.5%``) in the language's own way (``12,5``, ``12,5 %``).

    >>> localised("12.5%", "ru"), localised("≈0.004%", "ru"), localised("3/8", "ru"), localised("12.5%", "en")
    ('12,5\\xa0%', '≈0,004\\xa0%', '3/8', '12.5%')
    """
    style = number_style(lang)
    if style.decimal != ".":
        text = text.replace(".", style.decimal)
    if style.percent != "%" and text.endswith("%"):
        text = text[:-1] + style.percent
    return text


def decimal(value: Fraction | int | float, lang: str | None = None, places: int = 4) -> str:
    """A number as a reader writes it: a whole number plainly, else a decimal of at most ``places`` places (a
    distance of 7/2″ reads 3.5″), else the exact fraction.

    >>> decimal(Fraction(7, 2)), decimal(Fraction(7, 2), "ru"), decimal(3), decimal(Fraction(1, 3))
    ('3.5', '3,5', '3', '1/3')
    """
    v = Fraction(value)
    if v.denominator == 1:
        return str(v.numerator)
    scaled = v * 10**places
    if scaled.denominator != 1:
        return f"{v.numerator}/{v.denominator}"
    sign = "-" if v < 0 else ""
    whole, frac = divmod(abs(scaled.numerator), 10**places)
    return localised(f"{sign}{whole}.{str(frac).rjust(places, '0').rstrip('0')}", lang)


# --- messages ----------------------------------------------------------------------------------------------------

#: Enum members' labels, by enum class: filled by :func:`vocabulary`, read by :func:`label`.
_LABELS: dict[type[Enum], Mapping[Any, Message]] = {}
#: Each vocabulary's former values (the English phrases its members were written as before they had codes), by
#: enum class: old spelling → code.  The one place an old share link, CLI value, army file or save is read through.
_FORMERLY: dict[type[Enum], Mapping[str, str]] = {}


E = TypeVar("E", bound=type[Enum])


def vocabulary(labels: Mapping[str, Message], formerly: Mapping[str, str] | None = None) -> Callable[[E], E]:
    """Class decorator: the display label of each member of a closed vocabulary (an enum whose values are
    codes), keyed by the member's code.  Every member must have one, and no label names a missing member.

    ``formerly`` maps a value a member was once written as to its code: ``cls(old)`` then means that member (an
    installed ``_missing_``), so files and links written before the codes still open; nothing is ever matched
    against a label's words."""

    def attach(cls: E) -> E:
        codes = {m.value for m in cls}
        if set(labels) != codes:
            raise ValueError(f"{cls.__name__}: labels for {sorted(set(labels) ^ codes)} do not match its members")
        _LABELS[cls] = {cls(code): m for code, m in labels.items()}
        if formerly:
            if not set(formerly.values()) <= codes or set(formerly) & codes:
                raise ValueError(f"{cls.__name__}: former values must lead to codes and be none themselves")
            table = dict(formerly)
            _FORMERLY[cls] = table

            def _missing_(c: type[Enum], value: object) -> Enum | None:
                return c(table[value]) if isinstance(value, str) and value in table else None

            cls._missing_ = classmethod(_missing_)  # type: ignore[assignment]
        return cls

    return attach


def current(cls: type[Enum], value: object) -> object:
    """``value`` as ``cls`` writes it today: a former spelling (:func:`vocabulary`'s ``formerly``) becomes its
    code; anything else is returned as it is.

    >>> from enum import StrEnum
    >>> @vocabulary({"a-wins": msg("A wins")}, formerly={"A wins": "a-wins"})
    ... class R(StrEnum):
    ...     A_WINS = "a-wins"
    >>> current(R, "A wins"), current(R, "a-wins"), current(R, "B wins"), R("A wins") is R.A_WINS
    ('a-wins', 'a-wins', 'B wins', True)
    """
    table = _FORMERLY.get(cls, {})
    return table[value] if isinstance(value, str) and value in table else value


def former_values(cls: type[Enum]) -> Mapping[str, str]:
    """A vocabulary's former spellings and the codes they mean (empty when it never had any)."""
    return _FORMERLY.get(cls, {})


def label(member: Enum) -> Message:
    """The display label of a vocabulary member (:func:`vocabulary`)."""
    return _LABELS[type(member)][member]


def has_label(member: object) -> bool:
    return isinstance(member, Enum) and type(member) in _LABELS


@dataclass(frozen=True, slots=True)
class Message:
    """A catalogue template and its named values; rendered when shown, in the language then in force.

    A value is rendered by its type: a message in the same language, a record whose face registered its words
    (:func:`shows`) by those, a vocabulary member by its label, a fraction or float as a decimal (:func:`decimal`),
    anything else as ``str`` (names, codes and quoted input are shown as they are).
    """

    msgid: str
    values: tuple[tuple[str, Any], ...] = ()
    plural: str | None = None
    count: int = 0

    def render(self, lang: str | None = None) -> str:
        lang = checked(lang) if lang is not None else language()
        if not self.msgid:  # the empty message (a die without a caption): gettext("") would be the header
            return ""
        cat = catalogue(lang)
        template = cat.ngettext(self.msgid, self.plural, self.count) if self.plural else cat.gettext(self.msgid)
        if not self.values and not self.plural:
            return template
        rendered = {k: render_value(v, lang) for k, v in self.values}
        return template.format_map(rendered)

    def __str__(self) -> str:
        return self.render()

    def __format__(self, spec: str) -> str:
        return format(self.render(), spec)

    @property
    def params(self) -> dict[str, Any]:
        """The named values, as given."""
        return dict(self.values)

    def names(self) -> set[str]:
        """Every text value the message gives, its inner messages' included: what it names (an option, a unit),
        read from the values themselves, never from the rendered words.

        >>> sorted(msg("{flag} takes {what}", flag="--density", what=msg("a {kind}", kind="number")).names())
        ['--density', 'number']
        """
        out: set[str] = set()
        for _, v in self.values:
            if isinstance(v, Message):
                out |= v.names()
            elif isinstance(v, str):
                out.add(v)
        return out


#: How a face shows a typed record given as a placeholder's value (a battle's result, a unit's pose), by its class:
#: the record stays a fact in the refusal, and the face that knows its words registers them (:func:`shows`).
_SHOWN: dict[type, Any] = {}


def shows(cls: type, render: Any) -> None:
    """Register ``render(value, lang) -> str`` as how a placeholder's value of class ``cls`` is shown."""
    _SHOWN[cls] = render


def has_face(value: object) -> bool:
    """Whether a face registered how values of ``value``'s class are shown (:func:`shows`)."""
    return type(value) in _SHOWN


def render_value(value: object, lang: str) -> str:
    """One placeholder's value as the reader sees it (see :class:`Message`)."""
    if isinstance(value, Message):
        return value.render(lang)
    if type(value) in _SHOWN:
        return str(_SHOWN[type(value)](value, lang))
    if isinstance(value, Enum) and type(value) in _LABELS:
        return label(value).render(lang)
    if isinstance(value, (Fraction, float)) and not isinstance(value, bool):
        return decimal(Fraction(value), lang)
    return str(value)


def msg(template: str, /, **values: Any) -> Message:
    """A message: a literal template (Babel extracts it) and its named values.

    >>> str(msg("density {density} is above the maximum {top}", density=6, top=5))
    'density 6 is above the maximum 5'
    >>> msg("falls back {d}″", d=Fraction(7, 2)).render("ru") in ("falls back 3,5″", "отходит на 3,5″")
    True
    """
    return Message(template, tuple(values.items()))


def clauses(said: Sequence[Message]) -> Message:
    """Whole clauses one after another, each ended by a semicolon but the last (one template per join, so a
    language may punctuate its own way).

    >>> str(clauses([msg("a"), msg("b"), msg("c")]))
    'a; b; c'
    """
    out = said[0]
    for more in said[1:]:
        out = msg("{said}; {more}", said=out, more=more)
    return out


def nmsg(singular: str, plural: str, /, n: int, **values: Any) -> Message:
    """A message whose words change with the count ``n`` (also available to the template as ``{n}``).

    >>> str(nmsg("{n} hit", "{n} hits", n=1)), str(nmsg("{n} hit", "{n} hits", n=3))
    ('1 hit', '3 hits')
    """
    return Message(singular, (("n", n), *values.items()), plural, n)


def text(value: Message | str, lang: str | None = None) -> str:
    """A message rendered, or a string as it is (a name, a code)."""
    return value.render(lang) if isinstance(value, Message) else value


# --- a name's possessive ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Possessive:
    """A name standing as the owner of what follows it (a unit's shield wall, a general's slot), given as a
    placeholder's value so the template stays one sentence in every language: English writes the name's possessive
    ("Nikias's", a plural's bare apostrophe "Thespian hoplites'"), while a Russian template puts the name after its
    noun in the nominative («стена щитов отряда {unit}»), so there it is the bare name.

    >>> str(Possessive("Nikias")), str(Possessive("Thespian hoplites")), Possessive("Nikias").render("ru")
    ("Nikias's", "Thespian hoplites'", 'Nikias')
    >>> str(Possessive("hastati", plural=True)), str(Possessive("Ares", plural=False)), str(Possessive("Ares"))
    ("hastati's", "Ares's", "Ares'")
    """

    name: str | Message  # a name, or a description said in the reader's language ("the attacker")
    #: Whether the owner is many (a body of warriors) when the caller knows it; None: guessed from the name's ending.
    plural: bool | None = None

    def render(self, lang: str | None = None) -> str:
        lang = checked(lang) if lang is not None else language()
        name = self.name.render(lang) if isinstance(self.name, Message) else self.name
        if lang not in ("en", PSEUDO):  # every other language's templates name the owner after its noun
            return name
        if self.plural is None:
            bare = name.endswith("s") and not name.endswith(("ss", "us", "as", "is"))
        else:  # a plural ending in "s" takes the bare apostrophe; any other ("hastati", a singular "Ajax") takes 's
            bare = self.plural and name.endswith("s")
        return f"{name}'" if bare else f"{name}'s"

    def __str__(self) -> str:
        return self.render()


shows(Possessive, lambda value, lang: value.render(lang))


@dataclass(frozen=True, slots=True)
class Capitalised:
    """A value that opens a sentence: its words in the language in force, with a capital first letter (a
    description such as "the attacker" given as a message reads "The attacker: …").

    >>> str(Capitalised(msg("the attacker"))), str(Capitalised("base 2"))
    ('The attacker', 'Base 2')
    """

    value: str | Message

    def render(self, lang: str | None = None) -> str:
        text = self.value.render(lang) if isinstance(self.value, Message) else self.value
        return text[:1].upper() + text[1:]

    def __str__(self) -> str:
        return self.render()


shows(Capitalised, lambda value, lang: value.render(lang))
