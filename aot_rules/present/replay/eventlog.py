"""A worked example of a companion system replayed from its own event log.

The companion systems (Age of Battles, the skirmish fragment, Batalist) have no table-top engine, so
their viewers have no board: each step is one thing the example's log says happened (a ``Said`` event),
with the dice rolled for it (the ``Roll`` events before it), shown by the same viewer with the same
controls, captions and step links.
"""

from __future__ import annotations

from aot_rules.core.events import Roll, Said
from aot_rules.present.replay.build import Run, run_of_steps, short
from aot_rules.present.replay.links import href, rule_links
from aot_rules.present.replay.model import Die, Line
from aot_rules.present.replay.scenes import table
from aot_rules.systems import examples
from aot_rules.tabletop.state import GameState


def example_run(example_id: str, links: dict[str, str] | None = None) -> Run:
    """One step per ``Said`` event of the example's log, each with the dice rolled since the step before."""
    links = rule_links() if links is None else links
    ex = examples()[example_id]()
    empty = table(("", ""))
    steps: list[tuple[GameState, tuple[Line, ...], str]] = []
    dice: list[Die] = []
    for e in ex.log:
        if isinstance(e, Roll):
            dice.append(Die(e.face, e.effect.value, str(e.purpose), e.sides))
        elif isinstance(e, Said):
            said = str(e.text)
            text = said[:1].upper() + said[1:]
            steps.append((empty, (Line(example_id, "", text, "event", tuple(dice), href(example_id, links)),),
                          short(text)))
            dice = []
    title = str(ex.title)  # the example's words are catalogue messages: rendered here, in the viewer's language
    return run_of_steps(title, empty, steps, intro=" ".join(map(str, ex.intro)) or title)
