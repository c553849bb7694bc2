"""``python -m aot_rules simulate``: many games of a built-in scenario, in a process pool, summed up.

Each game is played between two policies (scripted or random) over consecutive seeds, with the invariants
checked after every action (:mod:`aot_rules.tabletop.simulate`).  The summary says how often each side won
and how (rout, points, withdrawal; a level score is a draw), the mean turns, units lost and victory points,
the invariant violations and the games per second; ``--json`` gives the same as one object.  A progress bar
is drawn on standard error only when it is a terminal.  Bad arguments exit 2 with one line, like every
command of :mod:`aot_rules.cli`.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import sys
from collections.abc import Callable, Sequence
from fractions import Fraction

from aot_rules.cli.collector import few_collections, worker_collections
from aot_rules.cli.terminal import UsageError, _Parser, answered, help_text, one_line, write
from aot_rules.core.i18n import Message, msg, nmsg
from aot_rules.core.params import parse_whole, quoted
from aot_rules.tabletop.scenarios import SCENARIOS, ScenarioError
from aot_rules.tabletop.simulate import POLICIES, RESULTS, Report, simulate

PROG = "python -m aot_rules simulate"
#: The most games one command plays (a typo guard; 100 games take seconds).
MAX_GAMES = 100_000
MAX_TURNS = 100
MAX_SEED = 2**63
MAX_WORKERS = 256


#: How a count option refuses a value, by what it counts: the range it takes and what was given.
_REFUSALS: dict[str, Callable[[int, int, str], Message]] = {
    "games": lambda lo, hi, v: msg("a whole number of games from {lo} to {hi}, not {value}", lo=lo, hi=hi, value=v),
    "seeds": lambda lo, hi, v: msg("a whole number of seeds from {lo} to {hi}, not {value}", lo=lo, hi=hi, value=v),
    "turns": lambda lo, hi, v: msg("a whole number of turns from {lo} to {hi}, not {value}", lo=lo, hi=hi, value=v),
    "workers": lambda lo, hi, v: msg("a whole number of workers from {lo} to {hi}, not {value}", lo=lo, hi=hi,
                                     value=v),
}


def _int(lo: int, hi: int, what: str) -> Callable[[str], int]:
    refuse = _REFUSALS[what]

    def parse(text: str) -> int:
        n = parse_whole(text, digits=len(str(hi)))  # the odds command's grammar: ASCII digits only
        if n is None or not lo <= n <= hi:  # too many digits to read is out of range too: say the range
            raise argparse.ArgumentTypeError(refuse(lo, hi, quoted(text)))
        return n
    return parse


def parser() -> _Parser:
    p = _Parser(prog=PROG, allow_abbrev=False,
                description=str(msg("Play many games of a built-in scenario in a process pool, check the "
                                    "invariants after every action, and print who won and how. Exit 0 with the "
                                    "summary, or 2 with one line.")))
    p.add_argument("--scenario", metavar="NAME", required=True,
                   help=help_text(msg("the built-in scenario (play --list names them)")))
    p.add_argument("--games", type=_int(1, MAX_GAMES, "games"), default=100, metavar="N",
                   help=help_text(msg("how many games (default 100), one per seed")))
    p.add_argument("--seed", type=_int(0, MAX_SEED - MAX_GAMES, "seeds"), default=0, metavar="S",
                   help=help_text(msg("the first seed (default 0); the games use S, S+1, ...")))
    p.add_argument("--turns", type=_int(1, MAX_TURNS, "turns"), default=None, metavar="T",
                   help=help_text(msg("turns per game at most (default: the scenario's last turn, when night falls; "
                                      "a game stops once decided)")))
    p.add_argument("--policy", choices=sorted(POLICIES), default="scripted",
                   help=help_text(msg("side 0's policy (default scripted)")))
    p.add_argument("--against", choices=sorted(POLICIES), default=None,
                   help=help_text(msg("side 1's policy (default: the same as --policy)")))
    p.add_argument("--workers", type=_int(1, MAX_WORKERS, "workers"), default=None, metavar="W",
                   help=help_text(msg("processes in the pool (default: every core)")))
    p.add_argument("--json", action="store_true",
                   help=help_text(msg("print one JSON object instead of the text summary")))
    return p


def _bar(done: int, total: int) -> None:
    width = 30
    full = width * done // total
    games = nmsg("{done}/{n} game", "{done}/{n} games", n=total, done=done)
    sys.stderr.write(f"\r[{'#' * full}{'.' * (width - full)}] {games}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def _percent(x: float) -> Fraction:
    """A share as a percentage to one decimal place, exactly (so it renders 48.5, or 48,5 in Russian)."""
    return Fraction(round(x * 1000), 10)


def balance_line(report: Report) -> Message:
    """Side 0's win share among the games a side won, with its Wilson 95% interval, and whether the interval
    holds 50% (the runs cannot tell the scenario from an even one) or which side it favours."""
    b = report.balance()
    if not b.decided:
        return msg("  balance: no game won by either side, so no win share to judge")
    values = {"side": report.sides[0], "wins": b.wins, "decided": b.decided, "share": _percent(b.share),
              "low": _percent(b.low), "high": _percent(b.high)}
    if b.fair:
        return msg("  balance: {side} won {wins} of {decided} won games ({share}%), 95% Wilson interval {low}% to "
                   "{high}%: holds 50%, even", **values)
    return msg("  balance: {side} won {wins} of {decided} won games ({share}%), 95% Wilson interval {low}% to "
               "{high}%: favours {favoured}", favoured=report.sides[0 if b.low > 0.5 else 1], **values)


#: How a side won, as the summary counts it ("7 by rout"), by the result's code in :data:`RESULTS`.
WON_BY: dict[str, Callable[[int], Message]] = {
    "rout": lambda n: nmsg("{n} by rout", "{n} by rout", n=n),
    "points": lambda n: nmsg("{n} on points", "{n} on points", n=n),
    "withdrawal": lambda n: nmsg("{n} by withdrawal", "{n} by withdrawal", n=n),
}


def _share(k: int, n: int) -> Fraction:
    """``k`` of ``n`` games as a whole percentage (exact, so the reader's language writes it)."""
    return Fraction(round(100 * k / n)) if n else Fraction(0)


def text(report: Report) -> str:
    """The summary for a reader, every line a catalogue message."""
    d = report.as_dict()
    n = len(report.games)
    lines: list[Message] = [nmsg("{scenario}: {n} game in {seconds} s ({rate} games/s)",
                                 "{scenario}: {n} games in {seconds} s ({rate} games/s)", n=n,
                                 scenario=report.scenario, seconds=Fraction(str(d["seconds"])),
                                 rate=Fraction(str(d["games_per_second"])))]
    for s in (0, 1):
        wins = report.wins(s)
        total = sum(wins.values())
        ways = [WON_BY[k](v) for k, v in wins.items() if v]
        if ways:
            how = functools.reduce(lambda rest, first: msg("{first}, {rest}", first=first, rest=rest), ways[-2::-1],
                                   ways[-1])
            lines.append(nmsg("  {side} won {n} game ({share}%): {how}", "  {side} won {n} games ({share}%): {how}",
                              n=total, side=report.sides[s], share=_share(total, n), how=how))
        else:
            lines.append(msg("  {side} won no game", side=report.sides[s]))
    draws = report.results()["draw"]
    lines.append(msg("  draws {draws} ({share}%)", draws=draws, share=_share(draws, n)))
    lines.append(balance_line(report))
    lines.append(msg("  decisive (rout, or points with VP > 0): {games} ({share}%)", games=report.decisive,
                     share=_share(report.decisive, n)))
    lost, vp, camps = d["mean_units_lost"], d["mean_vp"], d["camps_taken"]
    assert isinstance(lost, list) and isinstance(vp, list) and isinstance(camps, list)
    lines.append(msg("  mean turns {turns}; units lost {lost_a} / {lost_b}; VP {vp_a} / {vp_b}",
                     turns=Fraction(str(d["mean_turns"])), lost_a=Fraction(str(lost[0])),
                     lost_b=Fraction(str(lost[1])), vp_a=Fraction(str(vp[0])), vp_b=Fraction(str(vp[1]))))
    lines.append(msg("  enemy camps sacked: {a} / {b} games", a=camps[0], b=camps[1]))
    lines.append(msg("  invariant violations: {n}", n=d["violations"]))
    shown = [m.render() for m in lines] + [f"    {v}" for v in report.violations[:5]]
    return "\n".join(shown)


def run(argv: Sequence[str]) -> int:
    ns = parser().parse_args(list(argv))
    if ns.scenario not in SCENARIOS:
        raise UsageError(msg("--scenario: no scenario {name}; the built-in scenarios are {names}",
                             name=quoted(ns.scenario), names=", ".join(sorted(SCENARIOS))))
    policies = (ns.policy, ns.against or ns.policy)
    progress = _bar if sys.stderr.isatty() and not ns.json else None
    workers = ns.workers or os.cpu_count() or 1
    with few_collections():
        report = simulate(ns.scenario, range(ns.seed, ns.seed + ns.games), turns=ns.turns, policies=policies,
                          workers=workers, progress=progress, initializer=worker_collections)
    if ns.json:
        doc = report.as_dict()
        doc["policies"] = list(policies)
        assert set(RESULTS) == set(report.results())
        write(json.dumps(doc, sort_keys=True))
    else:
        write(text(report))
    return 0


def main(argv: Sequence[str]) -> int:
    """Exit 0 with the summary; 2 with one line on standard error for a bad argument, or a summary standard
    output cannot take (a full disk)."""
    return answered("aot_rules simulate", _answer, argv)


def _answer(argv: Sequence[str]) -> int:
    try:
        return run(argv)
    except (UsageError, ScenarioError) as e:
        write(one_line(msg("aot_rules simulate: {refusal}", refusal=str(e)).render()), sys.stderr)
        return 2
    except SystemExit as e:  # argparse's own refusals (already one line) and --help
        return e.code if isinstance(e.code, int) else 0
