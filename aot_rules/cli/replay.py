"""``python -m aot_rules replay``: a saved game, or a ``simulate`` game by scenario and seed, written as one HTML page
that replays it step by step in the book's replay viewer.

The engine runs here, on the reader's machine, because it cannot run in the book's browser engine (the table-top
package measures with shapely, which has no build for the vendored Pyodide); the page it writes needs nothing else:
the frames, the viewer's script and its styles are inside it, and it opens from a file, offline, uploading nothing.
A bad save gets the loader's one-line refusal, in the language of ``--lang``; exit 2, as every command.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from aot_rules.cli.collector import few_collections
from aot_rules.cli.play import _seed, _turns
from aot_rules.cli.terminal import UsageError, _Parser, answered, help_text, one_line, write
from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import msg
from aot_rules.core.safeio import UnsafeFile, write_atomic
from aot_rules.present.replay.battle import page, saved_game, simulated_game
from aot_rules.present.replay.build import replay
from aot_rules.tabletop import save as saving
from aot_rules.tabletop.scenarios import ScenarioError

PROG = "python -m aot_rules replay"


def parser() -> _Parser:
    p = _Parser(prog=PROG, allow_abbrev=False,
                description=str(msg("Write a saved game, or a scripted game of a built-in scenario, as one HTML page "
                                    "that replays it step by step (open it in any browser; it loads nothing). Exit 0 "
                                    "with the page written, or 2 with one line on standard error.")))
    p.add_argument("--load", metavar="FILE", help=help_text(msg("the saved game to show (from its opening to where it "
                                                                "was saved)")))
    p.add_argument("--scenario", metavar="NAME", help=help_text(msg("the built-in scenario to play (see play --list)")))
    p.add_argument("--seed", type=_seed, metavar="N", help=help_text(msg("the dice seed (0 to 2**63 - 1; default 0)")))
    p.add_argument("--turns", type=_turns, metavar="T", help=help_text(msg(
        "turns to play at most (default: the scenario's last turn); the game stops once decided")))
    p.add_argument("--out", metavar="FILE", required=True, help=help_text(msg("the HTML page to write")))
    return p


def run(argv: Sequence[str]) -> int:
    ns = parser().parse_args(list(argv))
    if ns.load is not None:
        given = [flag for flag, v in (("--scenario", ns.scenario), ("--seed", ns.seed), ("--turns", ns.turns))
                 if v is not None]
        if given:
            raise UsageError(msg("{flag} cannot be given with --load: the saved game carries its own", flag=given[0]))
        with few_collections():
            run_ = saved_game(saving.load(ns.load))
    elif ns.scenario is None:
        raise UsageError(msg("give --load FILE or --scenario NAME"))
    else:
        with few_collections():
            run_ = simulated_game(ns.scenario, 0 if ns.seed is None else ns.seed, ns.turns)
    with few_collections():
        text = page(replay(run_, "game"))
    try:
        write_atomic(ns.out, text)
    except UnsafeFile as e:
        raise UsageError(msg("--out {path}: {problem}", path=ns.out, problem=e.msg)) from None
    return 0


def main(argv: Sequence[str]) -> int:
    """Exit 0 (written), or 2 with one line on standard error for a bad argument or file."""
    return answered("aot_rules replay", _answer, argv)


def _answer(argv: Sequence[str]) -> int:
    try:
        return run(argv)
    except (UsageError, RuleError, ScenarioError, saving.SaveFileError) as e:
        write(one_line(msg("aot_rules replay: {refusal}", refusal=str(e)).render()), sys.stderr)
        return 2

