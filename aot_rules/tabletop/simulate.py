"""Many games at once: play a scenario over a range of seeds with two policies, check the invariants after
every action, and sum up who won and how.

The invariants (checked by :class:`CheckedGame` after every action, refused or not):

- warriors are conserved: formed + disordered + removed = the warriors a unit deployed with;
- a unit's density is within its limits and 0 exactly when no warrior is formed (``Unit`` refuses the rest);
- no two bases on the table overlap;
- a refused action changes nothing: the same state object, the same dice position.

Games run in a process pool (:mod:`concurrent.futures`, all cores by default); each game is a pure
function of its scenario, seed, turns and policies, so the summary is the same however the pool schedules
them.  :func:`play_one` is also what the tests use to replay every game of a run from its record.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache, partial
from statistics import NormalDist
from typing import Any, Concatenate, ParamSpec

from aot_rules.tabletop.events import BattleOutcome
from aot_rules.tabletop.game import Game, Referee
from aot_rules.tabletop.geometry import BaseSize, Pose, base_box, boxes_apart, footprint, overlap
from aot_rules.tabletop.player import ScriptedPlayer
from aot_rules.tabletop.policy import Policy, RandomPolicy
from aot_rules.tabletop.scenarios import scenario
from aot_rules.tabletop.state import GameState, Piece, Status
from aot_rules.tabletop.turn import play

P = ParamSpec("P")

#: The policies a simulation may pit against each other, by name.
POLICIES: dict[str, Callable[[int, int], Policy]] = {
    "scripted": lambda side, seed: ScriptedPlayer(side),
    "random": lambda side, seed: RandomPolicy(side, seed),
}
#: The ways a battle ends, as ``simulate`` counts them (a level score is a draw).
RESULTS = ("rout", "points", "withdrawal", "draw")
#: The confidence of the balance interval :func:`wilson` gives (95%).
CONFIDENCE = Fraction(95, 100)


def wilson(wins: int, n: int, confidence: Fraction = CONFIDENCE) -> tuple[float, float]:
    """The Wilson score interval for a win share of ``wins`` in ``n`` games at ``confidence``: unlike the normal
    approximation it stays inside [0, 1] and is sound for a share near 0 or 1 or a small ``n``.  (0, 1) when
    there is no game to judge by."""
    if not 0 <= wins <= n:
        raise ValueError(f"{wins} wins in {n} games")
    if n == 0:
        return 0.0, 1.0
    z = NormalDist().inv_cdf(0.5 + float(confidence) / 2)
    p = wins / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, mid - half), min(1.0, mid + half)


@dataclass(frozen=True)
class Balance:
    """How even a scenario played: side 0's share of the games a side won (draws are shown apart, not counted
    as half a win), with its Wilson interval; fair when the interval holds an even share."""

    wins: int  # side 0's wins
    decided: int  # games either side won
    draws: int
    low: float
    high: float

    @property
    def share(self) -> float:
        return self.wins / self.decided if self.decided else 0.5

    @property
    def fair(self) -> bool:
        """The interval contains 50%: the runs cannot tell this scenario from an even one."""
        return self.low <= 0.5 <= self.high


def invariant_problems(state: GameState) -> list[str]:
    """What is wrong with ``state`` (empty when nothing is): the invariants of the module docstring."""
    out = []
    for p in state.pieces:
        u = p.unit
        if u.formed + u.disordered + p.removed != p.initial:
            out.append(f"{p.id}: {u.formed} formed + {u.disordered} disordered + {p.removed} removed != {p.initial}")
        if (u.density == 0) != (u.formed == 0) and p.status is Status.FIGHTING:
            out.append(f"{p.id}: density {u.density} with {u.formed} formed warriors")
    standing = state.fighting()
    boxes = [base_box(p.pose, p.size) for p in standing]
    for i, a in enumerate(standing):
        for j in range(i + 1, len(standing)):
            if boxes_apart(boxes[i], boxes[j]):
                continue  # boxes that share no point hold bases that cannot overlap
            b = standing[j]
            if _overlap(a.pose, a.size, b.pose, b.size):
                out.append(f"{a.id} and {b.id} overlap")
    return out


@lru_cache(maxsize=65536)
def _overlap(a: Pose, sa: BaseSize, b: Pose, sb: BaseSize) -> bool:
    """Whether two bases overlap (shapely's answer, remembered: most pairs stand still from one action to
    the next, and a game checks every pair after every action)."""
    return overlap(footprint(a, sa), footprint(b, sb))


class CheckedGame(Game):
    """A :class:`Game` that checks the invariants after every action and keeps what it finds."""

    def __init__(self, state: GameState, **kwargs: Any) -> None:
        super().__init__(state, **kwargs)
        self.violations: list[str] = []
        self._checked: tuple[tuple[Piece, ...], list[str]] | None = None  # the last pieces checked, and what was found

    def act(self, action: Callable[Concatenate[GameState, Referee, P], GameState], *args: P.args,
            **kwargs: P.kwargs) -> GameState:
        before, used = self.state, self.dice.used
        try:
            new = super().act(action, *args, **kwargs)
        except Exception:
            if self.state is not before or self.dice.used != used:
                self.violations.append(f"turn {before.turn}: a refused {action.__name__} changed the game")
            raise
        if self._checked is None or self._checked[0] is not new.pieces:  # the invariants read the pieces only
            self._checked = (new.pieces, invariant_problems(new))
        self.violations += [f"turn {new.turn}, after {action.__name__}: {v}" for v in self._checked[1]]
        return new


@dataclass(frozen=True)
class GameSummary:
    """One game's outcome as ``simulate`` counts it."""

    seed: int
    winner: int  # -1: nobody
    how: str  # one of RESULTS
    turns: int
    lost: tuple[int, int]  # units each side lost (destroyed, dispersed or fled; a looter is not lost)
    points: tuple[int, int]
    violations: tuple[str, ...] = ()
    actions: int = 0
    camps_taken: tuple[bool, bool] = (False, False)  # each side sacked the enemy camp (AOT-CAMP: +2 VP)


def play_one(name: str, seed: int, turns: int | None = None, policies: tuple[str, str] = ("scripted", "scripted"),
             ) -> tuple[GameSummary, GameState]:
    """Play one game of scenario ``name`` with ``seed`` for ``turns`` turns at most (default: to the scenario's
    last turn, when night falls); its summary and its final state."""
    game = CheckedGame(scenario(name, seed))
    players = (POLICIES[policies[0]](0, seed), POLICIES[policies[1]](1, seed))
    play(game, turns if turns is not None else game.state.last_turn, players)
    s = game.state
    ended = s.result
    if ended is None:
        winner, how, pts = -1, "draw", (0, 0)
    else:
        winner, pts = ended.winner, ended.points
        level = pts[0] == pts[1] and ended.how is BattleOutcome.POINTS
        how = "draw" if ended.how is BattleOutcome.DRAW or winner < 0 or level else ended.how.value
        if how == "draw":
            winner = -1
    kept = (Status.FIGHTING, Status.LOOTING)  # a looter left to plunder the enemy camp: removed, not lost
    lost = tuple(sum(1 for p in s.pieces if p.side == side and p.status not in kept) for side in (0, 1))
    taken = (s.sides[1].camp_captured, s.sides[0].camp_captured)
    return GameSummary(seed, winner, how, s.turn, (lost[0], lost[1]), pts, tuple(game.violations),
                       len(s.actions), taken), s


def _summary(args: tuple[str, int, int | None, tuple[str, str]]) -> GameSummary:
    return play_one(*args)[0]


def _lost(g: GameSummary, side: int) -> float:
    return g.lost[side]


def _points(g: GameSummary, side: int) -> float:
    return g.points[side]


@dataclass
class Report:
    """The sum of a run."""

    scenario: str
    sides: tuple[str, str]
    games: list[GameSummary] = field(default_factory=list)
    seconds: float = 0.0

    def results(self) -> dict[str, int]:
        return {r: sum(1 for g in self.games if g.how == r) for r in RESULTS}

    def wins(self, side: int) -> dict[str, int]:
        return {r: sum(1 for g in self.games if g.winner == side and g.how == r) for r in RESULTS if r != "draw"}

    def mean(self, f: Callable[[GameSummary], float]) -> float:
        return sum(f(g) for g in self.games) / len(self.games) if self.games else 0.0

    @property
    def violations(self) -> list[str]:
        return [f"seed {g.seed}: {v}" for g in self.games for v in g.violations]

    def balance(self) -> Balance:
        """Side 0's win share among the games a side won, with its Wilson 95% interval (:func:`wilson`)."""
        a, b = (sum(self.wins(s).values()) for s in (0, 1))
        low, high = wilson(a, a + b)
        return Balance(a, a + b, self.results()["draw"], low, high)

    @property
    def decisive(self) -> int:
        """Games ending in a rout, or in a points win with more than 0 VP."""
        return sum(1 for g in self.games if g.how == "rout" or (g.how == "points" and max(g.points) > 0))

    def as_dict(self) -> dict[str, object]:
        n = len(self.games)
        return {
            "scenario": self.scenario, "games": n, "results": self.results(),
            "wins": {self.sides[s]: self.wins(s) for s in (0, 1)},
            "decisive": self.decisive, "decisive_share": round(self.decisive / n, 4) if n else 0.0,
            "mean_turns": round(self.mean(lambda g: g.turns), 3),
            "mean_units_lost": [round(self.mean(partial(_lost, side=s)), 3) for s in (0, 1)],
            "mean_vp": [round(self.mean(partial(_points, side=s)), 3) for s in (0, 1)],
            "camps_taken": [sum(1 for g in self.games if g.camps_taken[s]) for s in (0, 1)],
            "balance": self._balance_dict(),
            "violations": len(self.violations), "violation_examples": self.violations[:5],
            "seconds": round(self.seconds, 3),
            "games_per_second": round(n / self.seconds, 3) if self.seconds > 0 else 0.0,
        }


    def _balance_dict(self) -> dict[str, object]:
        b = self.balance()
        return {"side": self.sides[0], "wins": b.wins, "decided": b.decided, "draws": b.draws,
                "share": round(b.share, 4), "low": round(b.low, 4), "high": round(b.high, 4),
                "confidence": float(CONFIDENCE), "fair": b.fair}


def simulate(name: str, seeds: Iterable[int], *, turns: int | None = None,
             policies: tuple[str, str] = ("scripted", "scripted"), workers: int | None = None,
             progress: Callable[[int, int], None] | None = None,
             initializer: Callable[[], None] | None = None) -> Report:
    """Play scenario ``name`` once per seed in a process pool of ``workers`` (default: every core) and sum up;
    ``progress(done, total)`` is called as games finish; ``initializer`` runs first in each worker process (a
    driver's process settings, such as its garbage collector's)."""
    jobs = [(name, s, turns, policies) for s in seeds]
    first = scenario(name, 0)
    report = Report(name, (first.sides[0].name, first.sides[1].name))
    start = time.perf_counter()
    n = workers or os.cpu_count() or 1
    if n == 1 or len(jobs) <= 1:
        results = []
        for i, job in enumerate(jobs):
            results.append(_summary(job))
            if progress:
                progress(i + 1, len(jobs))
    else:
        with ProcessPoolExecutor(max_workers=n, initializer=initializer) as pool:
            results = []
            for i, r in enumerate(pool.map(_summary, jobs, chunksize=1)):
                results.append(r)
                if progress:
                    progress(i + 1, len(jobs))
    report.games = results
    report.seconds = time.perf_counter() - start
    return report


__all__ = ["CONFIDENCE", "POLICIES", "RESULTS", "Balance", "CheckedGame", "GameSummary", "Report",
           "invariant_problems", "play_one", "simulate", "wilson"]
