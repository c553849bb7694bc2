"""The book's reference apparatus: rule badges, the rule index page and the glossary page.

Why an extension: each of these is generated from the engine's own data (``aot_rules.catalogue``, the
registries, ``aot_rules.glossary``) and from the labels the chapters define, so nothing in them is typed by
hand, and a badge is rendered in one place.

* ``{rule}`AOT-SHOOT-HIT``` is a rule badge: a small link that says it is a rule ID (its tooltip gives the
  rule's title and what a rule ID is) and opens the rule's row in the rule index; it also writes a
  "rule ID" entry into the general index.  A worked example's ID (``AOT-EX-…``) gets the same badge,
  linked to its own section.  Badges written with sphinx-design's ``bdg-*`` roles whose text is
  a catalogue rule ID (the ones a page's code generates) are drawn the same way, keeping their link.
* ``{aot-rule-index} AOT`` lists every catalogue rule of one system, grouped by the chapter whose label
  explains it (in the sidebar's order), with its title, a link, and marks for a calculator (a registered
  mechanic) and an animation (a replay viewer, ``animation-…``, inside the rule's section).  It is filled
  in once every page has been read, and the page is re-read on every build so that it never goes stale.
* ``{aot-glossary}`` renders ``aot_rules.glossary.TERMS`` as a Sphinx glossary (so ``{term}`` links and the
  general index work), each entry with its Russian term, systems and a link to the rule; each term is also
  indexed at the section that explains it.  The English edition opens it with a compact index of the Russian
  terms (each a link to its entry); the Russian edition's headwords are the Russian terms, in Russian
  alphabetical order, each with its English term in small type, while the entry keeps the English headword's
  anchor (``#term-density``) and reference target, so ``{term}`плотность строя <density>``` and links between
  the editions land on it.  Its words come from the catalogue, so no glossary text is sent through the page's
  ``.po`` (the generated nodes are marked untranslatable).
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.transforms import SphinxTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxRole
from sphinx.util.nodes import _make_id

from aot_rules.catalogue import EXAMPLES, RULES, Rule
from aot_rules.core.i18n import known, text
from aot_rules.glossary import INDEX_NOUNS, TERMS, Term, russian_key, russian_order, systems_line
from aot_rules.present import sitewords as words

LOG = logging.getLogger(__name__)
BY_ID: dict[str, Rule] = {r.rule_id: r for r in RULES}
#: The page that holds the rule index (its rows are the badges' targets).
INDEX_DOC = "book/rule-index"
ANIMATION = re.compile(r'\bid="animation-([a-z0-9-]+)"')


def row_id(rule_id: str) -> str:
    """The anchor of a rule's row in the rule index.

    >>> row_id("AOT-SHOOT-HIT")
    'rule-aot-shoot-hit'
    """
    return "rule-" + rule_id.lower()


def tooltip(rule_id: str) -> str:
    """A badge's tooltip, in the language the book is built in."""
    return words.tooltip(rule_id, BY_ID[rule_id].title if rule_id in BY_ID else "", example=rule_id in EXAMPLES)


class rule_badge(nodes.Inline, nodes.Element):  # docutils names nodes in lower case
    """A rule badge waiting for its link (filled in when the page is resolved)."""


class rule_index(nodes.General, nodes.Element):
    """The rule index of one system, filled in once every page has been read."""


def badge_content(rule_id: str) -> list[nodes.Node]:
    kind = words.badge_kind(rule_id in EXAMPLES)
    return [nodes.inline("", kind, classes=["aot-rule-kind"]), nodes.Text(" "),
            nodes.inline("", rule_id, classes=["aot-rule-id"])]


class RuleRole(SphinxRole):
    """``{rule}`AOT-X```: a rule badge, and a general-index entry under "rule ID"."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        rule_id = self.text.strip()
        if rule_id not in BY_ID and rule_id not in EXAMPLES:
            LOG.warning("unknown rule ID %r (not in aot_rules.catalogue)", rule_id, location=self.get_location())
        target = f"index-{self.env.new_serialno('index')}"
        name = words.index_entry(rule_id, BY_ID[rule_id].title if rule_id in BY_ID else None)
        entry = ("single", name, target, "", None)
        node = rule_badge(rule_id=rule_id)
        return [addnodes.index(entries=[entry]), nodes.target("", "", ids=[target]), node], []


class RuleIndexDirective(Directive):
    """``{aot-rule-index} AOT``: the placeholder for one system's rows."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        env = self.state.document.settings.env
        env.aot_rule_index_docs = getattr(env, "aot_rule_index_docs", set()) | {env.docname}
        return [rule_index(system=self.arguments[0].strip().upper())]


def edition(language: str | None) -> str:
    """The language a build's ``language`` setting publishes (``ru``), English for none or an unknown one.

    >>> edition("ru"), edition("ru_RU"), edition(None), edition("de")
    ('ru', 'ru', 'en', 'en')
    """
    return known(language or "en") or "en"


def glossary_entries(lang: str) -> list[Term]:
    """The glossary's entries in the order the edition shows them: by headword (English, Sphinx's ``:sorted:``
    order) or by Russian term in Russian alphabetical order."""
    if lang == "ru":
        return russian_order()
    return sorted(TERMS, key=lambda t: t.term.lower())


def glossary_source(lang: str) -> str:
    """The glossary as MyST, in ``lang``.  The headword is always the English term, so Sphinx gives the entry
    the English anchor and reference target in both editions; the Russian edition's headword is put in its
    place afterwards (:func:`russian_headword`)."""
    lines = ["```{glossary}", ""]
    for t in glossary_entries(lang):
        definition, systems = t.definition.render(lang), systems_line(t, lang)
        if lang == "ru":
            lines += [t.term, f"  {definition} ({systems}; {{ref}}`{t.where}`)", ""]
        else:
            lines += [t.term, f"  *{t.russian}*. {definition} ({systems}; {{ref}}`{t.where}`)", ""]
    lines.append("```")
    return "\n".join(lines)


def russian_headword(term_node: nodes.term, t: Term) -> None:
    """Make a Russian edition's entry lead with its Russian term, the English one after it in small type; its
    anchor stays the English headword's, and its general-index entry becomes the Russian term."""
    index = [c for c in term_node.children if isinstance(c, addnodes.index)]
    term_node.children = []
    term_node += [nodes.Text(t.russian), nodes.Text(" "),
                  nodes.inline("", t.term, classes=["aot-glossary-en", "language-en"])]
    for node in index:
        node["entries"] = [(kind, t.russian, *rest) for kind, _, *rest in node["entries"]]
        term_node += node


def russian_index(entries: list[Term]) -> nodes.container:
    """The English edition's index of the Russian terms: each a link to its entry, in Russian alphabetical
    order, grouped by first letter, so a reader holding the Russian rulebook finds the entry."""
    box = nodes.container(classes=["aot-glossary-ru-index"], ids=["russian-terms"])
    box += nodes.rubric("", words.russian_terms_heading())
    letters: dict[str, list[Term]] = {}
    for t in sorted(entries, key=lambda t: russian_key(t.russian)):
        letters.setdefault(russian_key(t.russian)[0][:1].upper(), []).append(t)
    for letter, terms in letters.items():
        para = nodes.paragraph("", "", nodes.strong("", letter), nodes.Text(" "), classes=["language-ru"])
        for i, t in enumerate(terms):
            if i:
                para += nodes.Text(" · ")
            para += nodes.reference("", t.russian, internal=True, refid=term_id(t),
                                    reftitle=t.term, classes=["aot-glossary-ru"])
        box += para
    return box


def term_id(t: Term) -> str:
    """The anchor of a term's entry: the one Sphinx gives the English headword (its ``make_id`` for a glossary
    term, capitals kept).

    >>> from aot_rules.glossary import term
    >>> term_id(term("density")), term_id(term("disorder test")), term_id(term("Hero"))
    ('term-density', 'term-disorder-test', 'term-Hero')
    """
    return _make_id("term-" + t.term)


class GlossaryDirective(Directive):
    """``{aot-glossary}``: the glossary of :mod:`aot_rules.glossary`, as MyST parsed in place, in the edition's
    language (see the module's docstring)."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        env = self.state.document.settings.env
        lang = edition(env.config.language)
        entries = glossary_entries(lang)
        box = nodes.container(classes=["aot-glossary"])
        self.state.nested_parse(glossary_source(lang).splitlines(), self.content_offset, box)
        terms = list(box.findall(nodes.term))
        if len(terms) != len(entries):  # a headword MyST read differently would shift every entry after it
            raise self.error(f"aot-glossary: {len(terms)} entries parsed from {len(entries)} terms")
        std = env.get_domain("std")
        for node, t in zip(terms, entries, strict=True):
            if node["ids"] != [term_id(t)]:
                raise self.error(f"aot-glossary: entry {t.term!r} has the anchor {node['ids']}, not {term_id(t)!r}")
            if lang == "ru":
                russian_headword(node, t)
                std._note_term(t.russian, term_id(t), location=node)  # {term}`плотность строя` works too
        out: list[nodes.Node] = [] if lang == "ru" else [russian_index(entries)]
        out.append(box)
        # the catalogue has rendered these words: the page's .po must not translate them again (an inline node is
        # never translated unless marked, and Sphinx unwraps the inline nodes that carry the mark)
        for part in out:
            for node in part.findall(nodes.TextElement):
                if not isinstance(node, nodes.Inline):
                    node["translatable"] = False
        return out


class TermIndexEntries(SphinxTransform):
    """Put each glossary term into the general index at the section that explains it (its ``where`` label),
    beside the glossary's own entry, so that genindex leads to the rules as well as to the definitions; and the
    rulebook's other nouns (``INDEX_NOUNS``: elephant, pike, stakes, …) at theirs.  The Russian edition indexes a
    term under its Russian word.

    Runs before the domains collect the page (priority 850), once labels have become section ids."""

    default_priority = 845

    def apply(self, **kwargs: Any) -> None:
        wanted: dict[str, list[str]] = {}
        russian = edition(self.config.language) == "ru"
        for t in TERMS:
            wanted.setdefault(t.where, []).append(t.russian if russian else t.term)
        for noun, label in INDEX_NOUNS.items():
            wanted.setdefault(label, []).append(noun)
        for section in list(self.document.findall(nodes.section)):
            terms = [term for label in section["ids"] for term in wanted.get(label, [])]
            if not terms or not section.children or not isinstance(section[0], nodes.title):
                continue
            target = f"index-{self.env.new_serialno('index')}"
            entries = [("single", term, target, "", None) for term in terms]
            section.insert(1, nodes.target("", "", ids=[target]))
            section.insert(1, addnodes.index(entries=entries))


def _read(app: Sphinx, doctree: nodes.document) -> None:
    """Note the replay viewers of a page and the sections (labels) they stand in."""
    env = app.env
    found: list[tuple[tuple[str, ...], str]] = []
    for raw in doctree.findall(nodes.raw):
        for slug in ANIMATION.findall(raw.astext()):
            ids: list[str] = []
            parent = raw.parent
            while parent is not None:
                if isinstance(parent, nodes.section):
                    ids += parent["ids"]
                parent = parent.parent
            found.append((tuple(ids), slug))
    animations: dict[str, list[tuple[tuple[str, ...], str]]] = getattr(env, "aot_animations", {})
    animations[env.docname] = found
    env.aot_animations = animations  # type: ignore[attr-defined]


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    getattr(env, "aot_animations", {}).pop(docname, None)
    getattr(env, "aot_rule_index_docs", set()).discard(docname)


def _merge(app: Sphinx, env: BuildEnvironment, docnames: set[str], other: BuildEnvironment) -> None:
    merged = {**getattr(env, "aot_animations", {}), **getattr(other, "aot_animations", {})}
    docs = getattr(env, "aot_rule_index_docs", set()) | getattr(other, "aot_rule_index_docs", set())
    env.aot_animations, env.aot_rule_index_docs = merged, docs  # type: ignore[attr-defined]


def _outdated(app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str],
              removed: set[str]) -> list[str]:
    """The rule index reads every page's labels: re-read it on every build."""
    return sorted(getattr(env, "aot_rule_index_docs", set()) - removed)


def toc_order(env: BuildEnvironment) -> list[str]:
    """Every document in the order of the sidebar (depth first from the root)."""
    order: list[str] = []

    def walk(doc: str) -> None:
        if doc in order:
            return
        order.append(doc)
        for child in env.toctree_includes.get(doc, []):
            walk(child)

    walk(env.config.root_doc)
    return order


def rows(env: BuildEnvironment, system: str) -> list[tuple[str, list[tuple[Rule, str, str, str | None]]]]:
    """One system's rules grouped by chapter: ``(docname, [(rule, docname, anchor, animation slug)])``."""
    labels = env.domaindata["std"]["labels"]
    animations: dict[str, list[tuple[tuple[str, ...], str]]] = getattr(env, "aot_animations", {})
    chapters: dict[str, list[tuple[Rule, str, str, str | None]]] = {}
    for r in RULES:
        if r.system != system:
            continue
        label = r.rule_id.lower()
        if label not in labels:
            LOG.warning("rule %s has no label (%s) in the book", r.rule_id, label)
            continue
        doc, anchor, _ = labels[label]
        slug = next((s for ids, s in animations.get(doc, []) if anchor in ids), None)
        chapters.setdefault(doc, []).append((r, doc, anchor, slug))
    order = {d: i for i, d in enumerate(toc_order(env))}
    return sorted(chapters.items(), key=lambda kv: order.get(kv[0], len(order)))


def _link(app: Sphinx, fromdoc: str, todoc: str, anchor: str, *children: nodes.Node, **attrs: Any) -> nodes.Node:
    uri = app.builder.get_relative_uri(fromdoc, todoc) + ("#" + anchor if anchor else "")
    return nodes.reference("", "", *children, internal=True, refuri=uri, **attrs)


def _table(app: Sphinx, docname: str, chapter: list[tuple[Rule, str, str, str | None]],
           calculators: set[str]) -> nodes.table:
    table = nodes.table(classes=["aot-rule-index"])
    group = nodes.tgroup(cols=3)
    table += group
    for width in (30, 50, 20):
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    group += head
    head += nodes.row("", *(nodes.entry("", nodes.paragraph("", h)) for h in words.rule_index_head()))
    body = nodes.tbody()
    group += body
    for r, doc, anchor, slug in chapter:
        row = nodes.row(ids=[row_id(r.rule_id)])
        row += nodes.entry("", nodes.paragraph("", "", nodes.literal("", r.rule_id)))
        row += nodes.entry("", nodes.paragraph("", "", _link(app, docname, doc, anchor, nodes.Text(text(r.title)))))
        aids: list[nodes.Node] = []
        if r.rule_id in calculators:
            mark, why = words.calculator_aid()
            aids.append(_link(app, docname, doc, anchor, nodes.Text(mark), classes=["aot-aid"], reftitle=why))
        if slug:
            if aids:
                aids.append(nodes.Text(" "))
            mark, why = words.animation_aid()
            aids.append(_link(app, docname, doc, f"animation-{slug}", nodes.Text(mark), classes=["aot-aid"],
                              reftitle=why))
        row += nodes.entry("", nodes.paragraph("", "", *aids))
        body += row
    return table


def _resolved(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    env = app.env
    has_index = INDEX_DOC in env.found_docs
    for node in list(doctree.findall(rule_badge)):
        rule_id = node["rule_id"]
        label = rule_id.lower()
        labels = env.domaindata["std"]["labels"]
        if has_index and rule_id in BY_ID:
            link = _link(app, docname, INDEX_DOC, row_id(rule_id), *badge_content(rule_id))
        elif label in labels:
            link = _link(app, docname, labels[label][0], labels[label][1], *badge_content(rule_id))
        else:
            link = nodes.inline("", "", *badge_content(rule_id))
        link["classes"] += ["aot-rule"]
        link["reftitle"] = tooltip(rule_id)
        node.replace_self(link)
    # badges a page's code wrote with sphinx-design's roles: the same look, their own link kept
    for node in list(doctree.findall(nodes.Element)):
        text = node.astext()
        if "sd-badge" not in node.get("classes", ()) or text not in BY_ID:
            continue
        if isinstance(node, nodes.reference) or isinstance(node.parent, nodes.reference):
            ref = node if isinstance(node, nodes.reference) else node.parent
            ref.children = []
            ref.extend(badge_content(text))
            ref["classes"] = [c for c in ref["classes"] if not c.startswith("sd-")] + ["aot-rule"]
            ref["reftitle"] = tooltip(text)
            continue
        new = (_link(app, docname, INDEX_DOC, row_id(text), *badge_content(text)) if has_index
               else nodes.inline("", "", *badge_content(text)))
        new["classes"] += ["aot-rule"]
        new["reftitle"] = tooltip(text)
        node.replace_self(new)
    placeholders = list(doctree.findall(rule_index))
    if not placeholders:
        return
    from aot_rules.systems import all_mechanics

    calculators = {m.rule_id for m in all_mechanics()}
    for node in placeholders:
        out: list[nodes.Node] = []
        for doc, chapter in rows(env, node["system"]):
            title = env.titles[doc].astext() if doc in env.titles else doc
            out.append(nodes.rubric("", "", _link(app, docname, doc, "", nodes.Text(title))))
            out.append(_table(app, docname, chapter, calculators))
        node.replace_self(out)


def _visit_skip(self: Any, node: nodes.Node) -> None:
    raise nodes.SkipNode


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_node(rule_badge, html=(_visit_skip, None), latex=(_visit_skip, None), text=(_visit_skip, None))
    app.add_node(rule_index, html=(_visit_skip, None), latex=(_visit_skip, None), text=(_visit_skip, None))
    app.add_role("rule", RuleRole())
    app.add_directive("aot-rule-index", RuleIndexDirective)
    app.add_directive("aot-glossary", GlossaryDirective)
    app.add_transform(TermIndexEntries)
    app.connect("doctree-read", _read)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("env-get-outdated", _outdated)
    app.connect("doctree-resolved", _resolved)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
