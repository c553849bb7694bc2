"""The one renderer of an ``Outcome``: a display-ready summary, laid out as text, HTML or JSON.

Every face goes through :func:`summary`: the CLI prints it as text (or the full
data as JSON), the live widget lays it out as HTML, and the static widget ships
it as JSON for its few lines of JavaScript to lay out the same way.  Labels,
order, tails, mean and median are decided here once.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any

from aot_rules.core.dist import Dist
from aot_rules.core.format import fraction_html, fraction_str, percent_str
from aot_rules.core.i18n import Message, has_face, has_label, label, language, msg, render_value, text
from aot_rules.core.outcome import Fact, Outcome
from aot_rules.core.params import jsonable
from aot_rules.core.registry import Mechanic


def is_numeric(d: Dist[Any]) -> bool:
    return all(isinstance(o, int) and not isinstance(o, bool) for o in d)


#: The words around a law, shown in the reader's language.
MEAN = msg("mean")
MEDIAN = msg("median")
#: The live widget's column heads: each chance exactly, at least this outcome, at most this outcome.
EXACT = msg("exact")
AT_LEAST = msg("at least")
AT_MOST = msg("at most")


def _nowrap(html: str) -> str:
    """A number that never breaks across lines ("> 99.99%" included)."""
    return f'<span style="white-space:nowrap">{html}</span>'


def shown(o: Any) -> str:
    """An outcome as a reader sees it: a vocabulary member by its label in the language in force, a record by the
    words its rule system registered for it (:func:`~aot_rules.core.i18n.shows`), yes or no as a word, anything else
    as it prints (numbers, and the codes JSON keeps)."""
    if isinstance(o, bool):
        return text(YES if o else NO)
    if has_label(o) or has_face(o):
        return render_value(o, language())
    return str(o)


def rows(d: Dist[Any], with_tail: bool) -> list[list[str]]:
    """[[outcome, P(=), P(at least)]] for numeric outcomes, [[outcome, P]] otherwise, in the law's order."""
    return [[shown(o), fraction_str(p), *([fraction_str(d.p_ge(o))] if with_tail else [])] for o, p in d.items()]


#: How a yes-or-no fact reads.
YES = msg("yes")
NO = msg("no")


def info_text(v: Any) -> Any:
    """A fact beside the answer as a reader sees it (words in the language in force): a :class:`Fact` or a message
    rendered, a vocabulary member by its label, a yes-or-no as a word, ranks as ``3+3``; a number as it is."""
    if isinstance(v, (Fact, Message)):
        return v.render()
    if isinstance(v, bool):
        return text(YES if v else NO)
    if has_label(v):
        return text(label(v))
    if isinstance(v, tuple):
        return "+".join(map(str, v))
    return fraction_str(v) if isinstance(v, Fraction) else v


def info_json(v: Any) -> Any:
    """A fact as ``--json`` holds it: codes and numbers, the same in every language (a :class:`Fact`'s value, a
    message's named values); only a message that has no values is words, a display field (a reason)."""
    if isinstance(v, Fact):
        return info_json(v.value)
    if isinstance(v, Message):
        return {k: info_json(x) for k, x in v.values} if v.values else v.render()
    if isinstance(v, dict):
        return {k: info_json(x) for k, x in v.items()}
    if isinstance(v, tuple):
        return [info_json(x) for x in v]
    return jsonable(v)


def summary(out: Outcome, show: tuple[str, ...] | None = None, *, every: bool = False) -> dict[str, Any]:
    """A JSON-ready summary: the main law with tails and statistics, then the other laws and the events.

    ``show`` limits the other laws to those named (a widget's payload stays small); ``every`` keeps
    laws a widget leaves out because they say nothing new (certain, or equal to the main one).

    >>> from aot_rules.core.dist import Dist
    >>> summary(Outcome.of(Dist.binomial(2, Fraction(1, 2)), "hits"))["m"]
    [['0', '1/4', '1'], ['1', '1/2', '3/4'], ['2', '1/4', '1/4']]
    """
    main = out.dists[out.main]
    num = is_numeric(main)
    s: dict[str, Any] = {"t": out.label(out.main), "m": rows(main, num)}
    if num:
        s["mean"] = fraction_str(main.mean())
        s["med"] = str(main.median())
    others = [[out.label(n), rows(d, False)] for n, d in out.dists.items()
              if n != out.main and (every or (len(d) > 1 and d != main and (show is None or n in show)))]
    if others:
        s["o"] = others
    if out.events or out.groups:
        s["e"] = [[label, fraction_str(p)] for label, p in out.flat_events().items()]
    if out.info:
        s["i"] = {out.label(k): info_text(v) for k, v in out.info.items()}
    return s


def as_text(m: Mechanic[Any], out: Outcome) -> str:
    """A plain-text report of every law and event: fraction and percentage."""
    s = summary(out, every=True)
    lines = [f"{m.rule_id} — {m.title}"]
    lines += [f"  {k}: {v}" for k, v in s.get("i", {}).items()]
    laws = [out.main, *(n for n in out.dists if n != out.main)]
    for name, (title, body) in zip(laws, [(s["t"], s["m"]), *s.get("o", [])], strict=True):
        lines.append(f"{title}:")
        lines += [f"  {r[0]:>16}  {r[1]:>14}  {percent_str(Fraction(r[1])):>8}" for r in body]
        if is_numeric(d := out.dists[name]):
            lines.append(f"  {text(MEAN):>16}  {fraction_str(d.mean()):>14}  {text(MEDIAN)} {d.median()}")
    lines += [f"P({name}) = {p} ({percent_str(Fraction(p))})" for name, p in s.get("e", [])]
    return "\n".join(lines)


def as_html(out: Outcome, show: tuple[str, ...] | None = None, why: tuple[str, str, str] | None = None) -> str:
    """The summary as HTML for the live widget: bars, exact fractions, percentages, tails, mean, median.

    ``why`` = (rule ID, link to its section, what the rule does): the facts line becomes "Why: … — RULE-ID", the
    rule's own one-line summary standing in when the answer rests on no fact worth saying.
    """
    s = summary(out, show)
    tail = bool(s["m"]) and len(s["m"][0]) > 2
    top = max(Fraction(r[1]) for r in s["m"])
    h = []
    facts = " · ".join(f"{escape(k)}: <b>{escape(str(v))}</b>" for k, v in s.get("i", {}).items())
    if why is not None:
        rid, href, what = why
        # One catalogue sentence (the chapter widgets' own), its words escaped and its two values put in as markup.
        marks = {"\u0001facts\u0001": facts or escape(what),
                 "\u0001rule\u0001": f'<a href="{escape(href)}" target="_blank">{escape(rid)}</a>'}
        line = escape(msg("Why: {facts} — {rule}", facts="\u0001facts\u0001", rule="\u0001rule\u0001").render(),
                      quote=False)
        for mark, markup in marks.items():
            line = line.replace(mark, markup)
        h.append(f'<div style="color:#555" data-why="1">{line}</div>')
    elif facts:
        h.append(f'<div style="color:#555">{facts}</div>')
    # "at most" beside "at least": this outcome or a smaller one, exactly 1 − P(at least the next outcome).
    most = [1 - Fraction(s["m"][i + 1][2]) if tail and i + 1 < len(s["m"]) else Fraction(1) for i in range(len(s["m"]))]
    heads = [escape(text(EXACT)), "%", *((escape(text(AT_LEAST)), "%", escape(text(AT_MOST)), "%") if tail else ())]
    h.append('<table style="border-collapse:collapse;font-variant-numeric:tabular-nums">'
             f"<tr><th>{escape(s['t'])}</th><th></th>" + "".join(f"<th>{x}</th>" for x in heads) + "</tr>")
    cell = "<td style='text-align:right;padding:0 0 0 8px'>{}</td>"
    for r, le in zip(s["m"], most, strict=True):
        p = Fraction(r[1])
        bar = f'<div style="background:#3b6ea5;height:12px;width:{int(160 * p / top)}px"></div>'
        chances = [p, *((Fraction(r[2]), le) if tail else ())]
        h.append(f"<tr data-o='{escape(r[0])}'><td style='text-align:center'><b>{escape(r[0])}</b></td><td>{bar}</td>"
                 + "".join(cell.format(fraction_html(q)) + cell.format(_nowrap(percent_str(q))) for q in chances)
                 + "</tr>")
    h.append("</table>")
    if "mean" in s:
        h.append(f"<div>{escape(text(MEAN))} <b>{fraction_html(s['mean'])}</b> ({float(Fraction(s['mean'])):.3f}) · "
                 f"{escape(text(MEDIAN))} <b>{s['med']}</b></div>")
    for name, body in s.get("o", []):
        h.append(f"<div><b>{escape(name)}</b>: " + " · ".join(
            f"{escape(r[0])} → {fraction_html(r[1])} ({percent_str(Fraction(r[1]))})" for r in body) + "</div>")
    for name, p in s.get("e", []):
        h.append(f"<div>P({escape(name)}) = <b>{fraction_html(p)}</b> ({percent_str(Fraction(p))})</div>")
    return "\n".join(h)


def as_json(m: Mechanic[Any], out: Outcome) -> dict[str, Any]:
    """The CLI's JSON document: every law as outcome → reduced fraction string, every event and fact."""
    def law(d: Dist[Any]) -> dict[str, str]:
        return {str(o): fraction_str(p) for o, p in d.items()}

    doc: dict[str, Any] = {"rule_id": m.rule_id, "title": text(m.title), "distribution": law(out.dists[out.main]),
                           "main": out.main}
    doc.update({name: law(d) for name, d in out.dists.items()})
    doc.update({name: fraction_str(p) for name, p in out.events.items()})
    doc.update({name: {k: fraction_str(p) for k, p in ms.items()} for name, ms in out.groups.items()})
    doc.update({name: info_json(v) for name, v in out.info.items()})
    return doc
