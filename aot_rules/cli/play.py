"""``python -m aot_rules play``: a built-in scenario played between two scripted players, or a saved game
continued, printed as the dice log and the final state.

The contract is the command line's own (:mod:`aot_rules.cli`): exit 0 with the answer on standard output,
or exit 2 with one line on standard error (``aot_rules play: <what is wrong>``), never a traceback.  The
output depends on nothing but the scenario, the seed (or the saved file) and the number of turns, so two
runs with the same arguments print the same bytes; that is what lets a game be checked, diffed and
replayed.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from aot_rules.aot.rules.weather import Weather
from aot_rules.cli.collector import few_collections
from aot_rules.cli.terminal import (
    UsageError,
    _encodable,
    _Parser,
    answered,
    help_text,
    one_line,
    write,
)
from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import label, localised, msg, nmsg
from aot_rules.core.params import parse_whole, quoted
from aot_rules.present import number, tablelog
from aot_rules.present.tablelog import lines
from aot_rules.tabletop import save as saving
from aot_rules.tabletop.game import Game
from aot_rules.tabletop.player import scripted
from aot_rules.tabletop.scenarios import SCENARIOS, ScenarioError, scenario
from aot_rules.tabletop.state import GameState
from aot_rules.tabletop.turn import play

#: The most turns one command plays: a battle lasts 12 (AOT-VICTORY-POINTS); this only stops a typo.
MAX_TURNS = 100
#: Seeds run from 0 to this (exclusive): ``random`` folds a negative seed onto its absolute value,
#: so -5 and 5 would play the same game.
MAX_SEED = 2**63

PROG = "python -m aot_rules play"


class EngineFault(Exception):
    """The engine refused its own scripted players' move: a bug, reported in one line with status 1."""


def _turns(text: str) -> int:
    n = parse_whole(text)  # the odds command's grammar: ASCII digits only
    if n is None or not 1 <= n <= MAX_TURNS:  # too many digits to read is out of range too: say the range
        raise argparse.ArgumentTypeError(msg("a whole number of turns from 1 to {top}, not {value}", top=MAX_TURNS,
                                             value=quoted(text)))
    return n


def _seed(text: str) -> int:
    n = parse_whole(text, digits=19)
    if n is None:
        raise argparse.ArgumentTypeError(msg("a whole number from 0 to 2**63 - 1, not {value}", value=quoted(text)))
    if not 0 <= n < MAX_SEED:
        raise argparse.ArgumentTypeError(msg("from 0 to 2**63 - 1, not {n}", n=n))
    return n


def parser() -> _Parser:
    p = _Parser(prog=PROG, allow_abbrev=False,
                description=str(msg("Play a built-in scenario between two scripted players (or continue a saved "
                                    "game) and print the dice log and the final state. The same arguments always "
                                    "print the same bytes. Exit 0 with the game, or exit 2 with one line on "
                                    "standard error.")))
    p.add_argument("--list", action="store_true",
                   help=help_text(msg("print the built-in scenario names, one per line")))
    p.add_argument("--scenario", metavar="NAME", help=help_text(msg("the built-in scenario to play (see --list)")))
    p.add_argument("--seed", type=_seed, metavar="N", help=help_text(msg("the dice seed (0 to 2**63 - 1; default 0)")))
    p.add_argument("--load", metavar="FILE", help=help_text(msg("continue the game saved in FILE (its seed and dice "
                                                                "position come from the file)")))
    p.add_argument("--turns", type=_turns, metavar="T", default=1,
                   help=help_text(msg("how many more turns to play (1 to {top}; default 1); the game stops early "
                                      "once the battle is decided", top=MAX_TURNS)))
    p.add_argument("--save", metavar="FILE", help=help_text(msg("write the game after the turns to FILE (JSON)")))
    p.add_argument("--verbose", action="store_true", help=help_text(msg("also print the players' decisions and "
                                                                        "where each slot ends (the log always keeps "
                                                                        "them)")))
    p.add_argument("--json", action="store_true", help=help_text(msg(
        "print one JSON object: {shape}; it keeps every entry, decisions included",
        shape='{"log": [lines], "events": [[...] per line], "state": {...}}')))
    return p


def _opening(ns: argparse.Namespace) -> GameState:
    """The state the command starts from: a scenario's opening, or a saved game."""
    if ns.load is not None:
        given = [flag for flag, value in (("--scenario", ns.scenario), ("--seed", ns.seed)) if value is not None]
        if given:
            raise UsageError(msg("{flag} cannot be given with --load: the saved game carries its own", flag=given[0]))
        return saving.load(ns.load)
    if ns.scenario is None:
        raise UsageError(msg("give --scenario NAME (or --load FILE); --list prints the scenario names"))
    return scenario(ns.scenario, 0 if ns.seed is None else ns.seed)


def _tenth(v: float) -> str:
    """To a tenth, never "-0.0" (a facing of -0.04° is 0.0°)."""
    text = f"{v:.1f}"
    return "0.0" if text == "-0.0" else text


def _weather(state: GameState) -> object:
    """The weather in force as the reader reads it: "calm" before any double, else its vocabulary member."""
    if state.weather == "calm":
        return msg("calm")
    try:
        return Weather(state.weather)
    except ValueError:
        return state.weather


#: The state table's column heads, in order.
COLUMNS = (msg("id"), msg("name"), msg("side"), msg("ranks"), msg("disord"), msg("removed"), msg("status"), msg("x"),
           msg("y"), msg("facing"))


def state_table(state: GameState) -> str:
    """The final state for a reader: a heading, then one line per unit (words and numbers in the language in
    force)."""
    kw = {"scenario": state.scenario, "seed": state.seed, "turn": state.turn, "last": state.last_turn,
          "first": state.sides[0].name, "second": state.sides[1].name,
          "weather": _weather(state)}
    if state.wind:
        head = msg("{scenario}, seed {seed}: turn {turn} of {last}, weather {weather} from the {wind}; {first} "
                   "(side 0) against {second} (side 1)", wind=state.wind, **kw)
    else:
        head = msg("{scenario}, seed {seed}: turn {turn} of {last}, weather {weather}; {first} (side 0) against "
                   "{second} (side 1)", **kw)
    rows = [tuple(c.render() for c in COLUMNS)]
    for p in state.pieces:
        u = p.unit
        rows.append((p.id, u.name, state.sides[p.side].name, "+".join(map(str, u.ranks)), str(u.disordered),
                     str(p.removed), label(p.status).render(), localised(f"{p.pose.x:.2f}"),
                     localised(f"{p.pose.y:.2f}"), localised(_tenth(p.pose.facing))))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    right = {3, 4, 5, 7, 8, 9}
    lines = ["  ".join(c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True)))
             .rstrip() for r in rows]
    return "\n".join([head.render(), *lines])


def report(state: GameState, verbose: bool = False) -> str:
    """The text answer: the log (the players' decisions only when ``verbose``), the units, and the result once
    there is one."""
    shown = lines(state, verbose)
    hidden = len(state.log) - len(shown)
    entries = nmsg("{n} entry", "{n} entries", n=len(state.log))
    dice = nmsg("{n} die", "{n} dice", n=state.dice_used)
    if hidden:
        out = [nmsg("log ({entries}, {dice}; {n} decision or slot end not shown, see --verbose):",
                    "log ({entries}, {dice}; {n} decisions and slot ends not shown, see --verbose):", n=hidden,
                    entries=entries, dice=dice).render()]
    else:
        out = [msg("log ({entries}, {dice}):", entries=entries, dice=dice).render()]
    out += shown
    out += ["", state_table(state)]
    if state.result:
        out += ["", msg("result: {result}", result=tablelog.ended_message(state.result)).render()]
    return "\n".join(out)


def run(argv: Sequence[str]) -> int:
    """Parse, play, save, print; refusals are raised (UsageError, RuleError, SaveFileError)."""
    ns = parser().parse_args(list(argv))
    if ns.list:
        others = [a for a in argv if a != "--list"]
        if others:
            raise UsageError(msg("--list takes no other options, not {arg}", arg=quoted(others[0])))
        write("\n".join(SCENARIOS))
        return 0
    game = Game(_opening(ns))
    try:
        with few_collections():
            play(game, ns.turns, scripted())
    except RuleError as e:  # the players only make legal moves: a refusal here is the engine's bug, not the user's
        raise EngineFault(msg("internal error: the game stopped in turn {turn}: {error}", turn=game.state.turn,
                              error=e)) from None
    if ns.save is not None:
        saving.save(game.state, ns.save)
    if ns.json:
        many = number.of(game.state)
        doc = {"log": [tablelog.line(e, many) for e in game.state.log],
               "events": [saving.entry_data(e)["events"] for e in game.state.log], "state": saving.to_data(game.state)}
        text = json.dumps(doc, ensure_ascii=False, sort_keys=True)
        write(text if _encodable(sys.stdout, text) else json.dumps(doc, sort_keys=True))
    else:
        write(report(game.state, ns.verbose))
    return 0


def main(argv: Sequence[str]) -> int:
    """Exit 0 (played), or 2 with one line on standard error for a bad argument or file, or an answer standard
    output cannot take (a full disk); 1, still one line, if the engine itself fails."""
    return answered("aot_rules play", _answer, argv)


def _answer(argv: Sequence[str]) -> int:
    try:
        return run(argv)
    except (UsageError, RuleError, ScenarioError, saving.SaveFileError) as e:
        write(one_line(msg("aot_rules play: {refusal}", refusal=str(e)).render()), sys.stderr)
        return 2
    except EngineFault as e:
        write(one_line(msg("aot_rules play: {refusal}", refusal=str(e)).render()), sys.stderr)
        return 1
    except SystemExit as e:  # --help
        return e.code if isinstance(e.code, int) else 0
