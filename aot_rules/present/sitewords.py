"""The words the book's Sphinx extensions generate (``book/_ext``): rule badges and their tooltips, the rule
index's headings and aids, the general index's entries, the Readings link under a reading box, the build stamp and
the installable app's name.

They live in the package, not beside the extensions, so the catalogue's extraction (``make messages``) finds them
and a test can render them in any language.  Every function renders when called, in the language in force
(``AOT_LANG`` for a book build), so an extension never keeps English from the time it was imported.
"""

from __future__ import annotations

from aot_rules.core.i18n import Message, msg

#: What a rule ID is, for a badge's tooltip.
WHAT = msg("a rule ID: the name this rule has in the engine, the command line and the rule index, and the anchor "
           "of the section that explains it")


def tooltip(rule_id: str, title: Message | str = "", *, example: bool = False) -> str:
    """A rule badge's tooltip: the ID, the rule's title where it has one, and what such an ID is."""
    if example:
        return str(msg("{rule} (a worked example's ID: the engine replays it under this name)", rule=rule_id))
    if title:
        return str(msg("{rule}: {title} ({what})", rule=rule_id, title=title, what=WHAT))
    return str(msg("{rule} ({what})", rule=rule_id, what=WHAT))


def badge_kind(example: bool) -> str:
    """The small word before a badge's ID."""
    return str(msg("example")) if example else str(msg("rule"))


def index_entry(rule_id: str, title: Message | str | None) -> str:
    """A badge's general-index entry (Sphinx's ``main; sub`` form): under "rule ID", or under "worked example"."""
    if title is None:
        return str(msg("worked example; {rule}", rule=rule_id))
    return str(msg("rule ID; {rule} ({title})", rule=rule_id, title=title))


def rule_index_head() -> tuple[str, str, str]:
    """The rule index table's column headings."""
    return str(msg("Rule ID")), str(msg("Rule")), str(msg("Aids"))


def calculator_aid() -> tuple[str, str]:
    """A rule index row's calculator mark and its tooltip."""
    return str(msg("calculator")), str(msg("an exact-odds calculator for this rule"))


def animation_aid() -> tuple[str, str]:
    """A rule index row's animation mark and its tooltip."""
    return str(msg("animation")), str(msg("a replay of this rule on the table"))


#: Stands for the link inside the Readings sentence while it is split into the words either side of it.
LINK = "\x00"


def readings_link() -> tuple[str, str, str]:
    """The sentence under a reading box: the words before its link, the link's words, the words after it."""
    sentence = msg("{link}: every Reading of this rule, why, and what toggles it.", link=LINK).render()
    before, _, after = sentence.partition(LINK)
    return before, str(msg("In the Readings appendix")), after


def build_stamp(version: str, date: str) -> str:
    """The footer's stamp: the engine's version and the build's day."""
    return str(msg("aot_rules {version} · built {date}", version=version, date=date))


def app_name() -> tuple[str, str, str]:
    """The installable At the table app's name, short name and description (its web manifest)."""
    return (str(msg("Art of Tactics — at the table")), str(msg("AoT odds")),
            str(msg("Exact odds of every Art of Tactics rule, offline, the same as the aot_rules command line.")))


def russian_terms_heading() -> str:
    """The heading of the English glossary's index of the Russian terms."""
    return str(msg("Russian terms"))


#: Stands for the command inside the At the table notice while its sentence is escaped for HTML.
COMMAND = "\x00"


def at_the_table_notices(command: str) -> tuple[str, str, str]:
    """At the table's notices before its script runs, as HTML: served from a file (naming ``command``, the one that
    serves the site), with no JavaScript, and while the list of questions loads."""
    from html import escape

    served = escape(str(msg("This page needs the site served over {protocol} (run {command}); opened as a file, "
                            "the browser blocks the engine.", protocol="HTTP", command=COMMAND)))
    return (served.replace(COMMAND, f"<code>{escape(command)}</code>"),
            escape(str(msg("This page needs JavaScript: the rules engine runs in your browser."))),
            escape(str(msg("Loading the list of questions…"))))
