"""A worked example's losses as a short replay: each unit that lost warriors, before and after.

The seven loss pictures of the worked examples used to loop forever; here they are still diagrams (the
units before their losses) with the viewer's Play, Step and Back, so nothing moves unless the reader
asks.  The ``Losses`` events of the example's log say who lost what; the engine's casualty rule, already
applied in each event's ``after`` unit, says which ranks lose the warriors.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from aot_rules.aot.events import Losses
from aot_rules.core.i18n import msg
from aot_rules.present.replay.build import Run, replay, run_of_steps
from aot_rules.present.replay.html import replay_html
from aot_rules.present.replay.links import href, rule_links
from aot_rules.present.replay.model import Line
from aot_rules.present.replay.scenes import piece, table
from aot_rules.tabletop.state import GameState

RULE = "AOT-CASUALTY-REMOVAL"


def losses_run(title: str, losses: Sequence[Losses], links: dict[str, str] | None = None) -> Run:
    """One piece per unit that lost warriors, side by side; one step per ``Losses`` event."""
    links = rule_links() if links is None else links
    names: list[str] = []
    for e in losses:
        if e.before.name not in names:
            names.append(e.before.name)
    first = {n: next(e.before for e in losses if e.before.name == n) for n in names}
    start = table((str(msg("first side")), str(msg("second side"))),
                  *(piece(n, i % 2, first[n], 30 + 5 * i, 20) for i, n in enumerate(names)))
    steps: list[tuple[GameState, tuple[Line, ...], str]] = []
    state = start
    for e in losses:
        p = state.piece(e.before.name)  # a piece's id is its unit's name here: the label shows it
        state = state.with_piece(replace(p, unit=e.after, removed=p.removed + e.killed))
        said = str(msg("{unit}: {killed} killed, {disordered} disordered", unit=e.before.name, killed=e.killed,
                       disordered=e.disordered))
        steps.append((state, (Line(RULE, "", said, "event", (), href(RULE, links)),), said))
    return run_of_steps(title, start, steps,
                        intro=str(msg("{title}: the units before their losses. Press Play or Step.", title=title)))


def losses_html(example_id: str, title: str, losses: Sequence[Losses]) -> str:
    """The compact viewer of an example's losses; its root id is ``animation-losses-<example id>``."""
    run = losses_run(title, losses)
    return replay_html(replay(run, f"losses-{example_id.lower()}", least=(9.0, 4.5)), compact=True)
