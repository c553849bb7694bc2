"""What a book page calls: ``show_widget``, ``show_example`` and ``show_table``.

During the book build (the ``aot_bokeh`` Sphinx extension sets
``AOT_BOOK_BUILD=1`` for the executing kernels) widgets are emitted as static
Bokeh documents over precomputed exact tables; anywhere else, such as the same
page opened in JupyterLab, they are live ipywidgets.
"""

from __future__ import annotations

import os
from fractions import Fraction
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aot_rules.aot.events import Losses
from aot_rules.core.events import DieEffect, Roll
from aot_rules.core.format import fraction_html, percent_str
from aot_rules.core.i18n import Message, catalogue, language, localised, msg, render_value
from aot_rules.present.narrate import narrate
from aot_rules.present.rulelinks import book_root, rule_href
from aot_rules.present.svg import unit_svg
from aot_rules.present.tables import TABLES
from aot_rules.systems import examples, get

if TYPE_CHECKING:
    from aot_rules.present.replay.build import Run


def in_book_build() -> bool:
    return os.environ.get("AOT_BOOK_BUILD") == "1"


def _display(obj: object) -> None:
    from IPython.display import display

    display(obj)  # type: ignore[no-untyped-call]  # IPython's display functions are not annotated


def _display_html(html: str) -> None:
    from IPython.display import HTML

    _display(HTML(html))  # type: ignore[no-untyped-call]


def static_html(rule_id: str) -> str:
    """The static widget of ``rule_id``: its exact table as inline JSON, the Bokeh layout and its script.

    >>> html = static_html("AOT-DISORDER-TEST")
    >>> 'data-rule="AOT-DISORDER-TEST"' in html and 'id="aot-table-AOT-DISORDER-TEST"' in html
    True
    """
    from bokeh.embed import components

    from aot_rules.present.static import build, precompute, table_script

    m = get(rule_id)
    table = precompute(m)
    script, div = components(build(m, table, links=widget_links(rule_id)))
    return f'{table_script(rule_id, table)}<div class="aot-widget" data-rule="{rule_id}">{div}</div>{script}'


def widget_links(rule_id: str) -> Any:
    """Where a static widget on the page being built links: its rule's section and the published style sheet."""
    from aot_rules.present.static import ASSET_FOLDER, Links, asset_name

    here = Path.cwd().resolve()
    root = book_root(here)
    css = None
    if root is not None and in_book_build():
        css = os.path.relpath(root / ASSET_FOLDER / asset_name("widget.css"), here)
    return Links(rule=rule_href(rule_id, here), css=css)


def show_widget(rule_id: str, live: bool | None = None) -> None:
    """A chapter's widget for ``rule_id``: static (Bokeh over exact tables) in the book build, live
    (ipywidgets against the engine) anywhere else, such as the same page opened in JupyterLab."""
    if live is None:
        live = not in_book_build()
    if live:
        from aot_rules.present.live import live_widget

        _display(live_widget(rule_id))
    else:
        _display_html(static_html(rule_id))
    _display_html(maths_html(rule_id))


def maths_html(rule_id: str) -> str:
    """The "Show the mathematics" block under a widget; sympy is imported here lazily, at build time
    only, so the odds path never loads it."""
    from aot_rules.formulas.html import maths_html as block

    return block(rule_id)


def example_html(example_id: str) -> str:
    """A worked example replayed from its event log: dice strip, steps, exact odds, pictures, animation.

    >>> html = example_html("AOT-EX-SHIELDWALL")
    >>> html.count('class="aot-die hit"'), html.count('class="aot-die save"')
    (2, 1)
    >>> "1 killed, 0 disordered; hoplites: ranks 3+4 (density 4)." in html
    True
    """
    ex = examples()[example_id]()
    rolls = [e for e in ex.log if isinstance(e, Roll)]
    dice = "".join(f'<span class="aot-die {r.effect.value}" title="{escape(str(r.purpose))}'
                   f'{"" if r.sides == 6 else f" (d{r.sides})"}">{r.face}</span>' for r in rolls)
    effects = {r.effect for r in rolls}
    legend = str(ex.legend) if ex.legend else (
        str(msg("red: a hit · green: the shield die saved")) if effects & {DieEffect.HIT, DieEffect.SAVE}
        else str(msg("orange: a failed test")) if DieEffect.FAIL in effects else "")
    h = [f'<div class="aot-example" data-example="{example_id}">',
         f"<p><b>{escape(str(ex.title))}</b> — {escape(str(played(bool(rolls), ex.illustrative_dice)))}</p>"]
    if rolls:
        said = escape(str(msg("Dice:")))
        h.append(f'<p>{said} <span class="dice">{dice}</span>' + (f" <small>({escape(legend)})</small>" if legend
                                                                   else "") + "</p>")
    h.append("<ol>")
    h += [f"<li>{escape(s[:1].upper() + s[1:])}</li>" for s in (*map(str, ex.intro), *narrate(ex.log))]
    h.append("</ol>")
    h += [f"<p>{escape(str(n))}</p>" for n in ex.notes]
    for label, p in ex.exact:  # the values are markup already; the template's own words hold no markup characters
        exact = msg("{label} = {p} ({percent}), computed exactly.", label=escape(str(label)),
                    p=f"<b>{fraction_html(p)}</b>", percent=percent_str(p))
        h.append(f"<p>{exact}</p>")
    if ex.before is not None:
        h.append('<div class="aot-units">' + unit_svg(ex.before, str(msg("before: {unit}",
                                                                         unit=ex.before.describe()))))
        if ex.after is not None:
            h.append(unit_svg(ex.after, str(msg("after: {unit}", unit=ex.after.describe()))))
        for caption, unit in ex.figures:
            h.append(unit_svg(unit, str(msg("{caption}: {unit}", caption=caption, unit=unit.describe())),
                              colour="#a5523b"))
        h.append("</div>")
    losses = [e for e in ex.log if isinstance(e, Losses) and e.killed + e.disordered]
    if losses:
        from aot_rules.present.replay.losses import losses_html  # the viewer draws with shapely: load it on use

        h.append(losses_html(example_id, str(msg("{title}: the losses", title=ex.title)), losses))
    h.append("</div>")
    return "\n".join(h)


def played(rolled: bool, illustrative: bool) -> Message:
    """How the engine played a worked example: with which dice, or with none."""
    if rolled and illustrative:
        return msg("replayed by the engine with illustrative dice (the source prints none)")
    if rolled:
        return msg("replayed by the engine with the dice printed in the rulebook")
    if illustrative:
        return msg("decided by the engine with illustrative dice (the source prints none)")
    return msg("decided by the engine, which needs no dice")


def show_example(example_id: str) -> None:
    """Display :func:`example_html` in a chapter."""
    _display_html(example_html(example_id))


def show_replay(run: Run, slug: str) -> None:
    """A table-top run replayed step by step (root id ``animation-<slug>``, unique in the book); the scenes
    are in :mod:`aot_rules.present.replay.scenes`."""
    from aot_rules.present.replay.html import show_replay as show  # the viewer draws with shapely: load on use

    show(run, slug)


def show_table(name: str) -> None:
    """Display a reference table the engine computes (``aot_rules.present.tables.TABLES``)."""
    _display_html(TABLES[name]())


def say(template: str, **values: object) -> None:
    """A sentence of a chapter whose numbers the engine computes: fractions are shown exactly and as a
    percentage, so prose never carries a hand-copied probability.

    >>> from fractions import Fraction
    >>> say_html("Chance {p}.", p=Fraction(1, 8))
    '<p>Chance <b>1/8</b> (12.50%).</p>'
    """
    _display_html(say_html(template, **values))


def say_html(template: str, **values: object) -> str:
    """The sentence in the language in force: ``template`` is a catalogue message (the book's cells are extracted
    by ``tools/myst_cells.py``), its values shown as the reader writes them."""
    lang = language()
    shown = {k: f"<b>{fraction_html(v)}</b> ({percent_str(v)})" if isinstance(v, Fraction)
             else escape(localised(str(v), lang) if isinstance(v, float) else render_value(v, lang))
             for k, v in values.items()}
    return "<p>" + catalogue(lang).gettext(template).format(**shown) + "</p>"


def show_md(text: str) -> None:
    """Display MyST markdown a page cell generated (its links and badges resolve in the book build)."""
    from IPython.display import Markdown

    _display(Markdown(text))  # type: ignore[no-untyped-call]
