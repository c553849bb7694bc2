"""`make bench`: medians against the issue targets (measured, never asserted).

Targets (issue "Melee"): one exact melee of either kind < 20 ms median; the exact answer cheaper than a
100,000-sample Monte Carlo through the same engine (ratio > 1).

Targets (issue "Engine architecture"): medians no worse than before the refactor, and fewer package lines
per registered mechanic than before it (3,021 non-blank lines for 36 mechanics: 83.9).

Targets (issue "Movement and manoeuvre"): any new single mechanic < 5 ms median (uncached, over its widget
grid; a fixed-seed sample of a big grid); the "what does this move cost me?" calculator (AOT-MOVE-PROCEDURE)
for a plan of four tests < 20 ms median.

Targets (issue "The army and its command"): any new mechanic's exact answer < 5 ms median (measured
uncached over its whole widget grid; the slowest grid point is shown too); a clean `make book` < 3 min.

Targets (issue "Exotic troops, machines and fortifications"): any new mechanic's exact answer < 5 ms median
(uncached over its widget grid, a fixed-seed sample of a big one); an exact elephant-against-block exchange
(``elephant_charge_exact``) < 20 ms median.

Targets (issue "Table-top engine"): one full turn of the greek-border scenario between two scripted players
< 100 ms median; 10,000 shooting-plus-melee exchanges through the full state engine (``Game.act`` with
``combat.shoot`` and ``combat.fight``, on fresh states) < 10 s.

Targets (issue "The engine in the reader's browser"), in headless Chromium on this machine with the built site
served on 127.0.0.1: the first answer after opening the At the table page < 5 s; the median later answer (a
question to the Web Worker and back) < 50 ms; the site's added download for the engine < 6.5 MB gzip.
``python bench/bench.py --engine-only [HTML_DIR]`` measures only these, on an existing build (_build/html).

Targets (issue "The table-top engine plays real battles"): one whole game of each shipped scenario, its own
day, < 0.25 s median (each game timed as its best of three runs in fresh processes: see :data:`TABLETOP_ROUNDS`);
``simulate`` of 100 games on every core < 30 s.  ``python bench/bench.py --games-only`` measures only these.

Targets (issue "A publication that holds up"): a clean build < 5 min and an unchanged rebuild < 60 s on 2 cores;
a text page < 1 MB and a widget page < 3 MB of total transfer; ``make test-fast`` < 3 min and ``make test``
< 25 min (the last runs' times, recorded by tests/conftest.py, close the report).  ``python bench/bench.py
--weights-only [HTML_DIR]`` lists only the page weights, on an existing build (_build/html).

Targets (issue #36 "Each mechanic written once"): package lines per mechanic <= 150 (251.6 before: 30,193 lines for
120 mechanics); one exact shooting distribution <= 0.3 ms (uncached, the dice-procedure evaluator's own caches
cleared too); how many registered mechanics are written once as a dice procedure.  ``python bench/bench.py
--procedures-only`` measures only these.

Target (issue #38 "The learning path"): the path's prose and Readings <= 25,000 words together (a size, counted
from the chapters' sources by ``tools/path_words.py``), printed with each chapter's count.  "Show the mathematics":
how many mechanics' blocks write their law in the mechanic's own inputs (a count, never below the floor reached).

Targets (issue "Foundation"):
  one exact shooting distribution       < 1 ms median
  precomputing the whole shooting grid  < 5 s
  a clean `make book` on 2 cores        < 3 min (English alone; both editions < 8 min, an unchanged
                                        rebuild of both < 90 s: issue #35)
  the shooting page's own payload       < 1.5 MB (BokehJS excluded: shared and cached)
"""

from __future__ import annotations

import itertools
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import aot_rules.aot.mechanics  # noqa: E402
import aot_rules.aot.rules  # noqa: E402
from aot_rules.aot.equipment import MeleeWeapon  # noqa: E402
from aot_rules.aot.rules.elephants import elephant, elephant_charge_exact  # noqa: E402
from aot_rules.aot.units import Unit  # noqa: E402
from aot_rules.cli.collector import few_collections, worker_collections  # noqa: E402
from aot_rules.core.errors import RuleError  # noqa: E402
from aot_rules.systems import all_mechanics, get  # noqa: E402
from tools.path_words import TARGET as PATH_WORDS_TARGET  # noqa: E402
from tools.path_words import count_path  # noqa: E402

LINES_PER_MECHANIC_BEFORE = 3021 / 36
ISSUE_7 = ("AOT-CMD-INITIATIVE", "AOT-CMD-SLOTS", "AOT-CMD-MESSENGER", "AOT-CMD-SIGNAL", "AOT-CMD-DOUBLES",
           "AOT-WEATHER", "AOT-WEATHER-WIND", "AOT-WEATHER-SUN", "AOT-WEATHER-STORM", "AOT-TERRAIN-BID",
           "AOT-MEETING", "AOT-PROP-REGULAR")
ISSUE_8 = ("AOT-MOVE-PROCEDURE", "AOT-ROUGH-TERRAIN", "AOT-MOVE-THROUGH-FRIENDS", "AOT-PANIC", "AOT-RUN", "AOT-TROT",
           "AOT-EVADE-PROCEDURE", "AOT-EVADE-FLANK", "AOT-EVADE-ELIGIBILITY", "AOT-BREAKTHROUGH", "AOT-TURN",
           "AOT-TURN-FLANK-ATTACKED")
ISSUE_9 = ("AOT-ELEPHANT-UNIT", "AOT-ELEPHANT-MOVE", "AOT-ELEPHANT-ATTACK", "AOT-ELEPHANT-WOUND",
           "AOT-ELEPHANT-VS-ELEPHANT", "AOT-CHARIOT-COMBAT", "AOT-CHARIOT-TURN-TROT", "AOT-CHARIOT-WOUND",
           "AOT-ART-SHOOT-LIGHT", "AOT-ART-SHOOT-HEAVY", "AOT-CAMP")
#: Issue #38: mechanics whose "Show the mathematics" block has a general formula, the count reached so far (the test
#: suite holds the same floor: tests/faces/test_general_formulas.py)
GENERAL_FORMULAS_FLOOR = 90
#: Grids larger than this are timed on a fixed-seed sample of this many points (AOT-MOVE-PROCEDURE has
#: 37,500 combinations, AOT-BREAKTHROUGH 1,280): the median is what the target is about.
GRID_SAMPLE = 300


def median_time(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def _caches() -> list[Callable[[], None]]:
    """Every cache of exact answers: the mechanics' own and those inside the rules modules."""
    import importlib
    import pkgutil

    from aot_rules.core.evaluate import part_law, pool_law

    out: list[Callable[[], None]] = [m.cache_clear for m in all_mechanics()] + [part_law.cache_clear,
                                                                               pool_law.cache_clear]
    for pkg in (aot_rules.aot.rules, aot_rules.aot.mechanics):
        for info in pkgutil.iter_modules(pkg.__path__):
            module = importlib.import_module(f"{pkg.__name__}.{info.name}")
            out += [f.cache_clear for f in vars(module).values()
                    if hasattr(f, "cache_clear") and getattr(f, "__module__", "") == module.__name__]
    return out


CACHES = _caches()


def clear_caches() -> None:
    for clear in CACHES:
        clear()


def clear_all_caches() -> None:
    """``clear_caches`` and the casualty-removal cache the movement chains lean on, so nothing survives."""
    from aot_rules.aot.units import remove_from_ranks

    clear_caches()
    remove_from_ranks.cache_clear()


def grid_medians(m: Any, combos: list[dict[str, Any]], clear: Callable[[], None] = clear_caches) -> list[float]:
    """Median uncached time of each legal combination (refused ones have nothing to time)."""
    per_point = []
    for combo in combos:
        def one_point(m: Any = m, combo: dict = combo) -> None:
            clear()
            m.evaluate(**combo)

        try:
            m.evaluate(**combo)
        except RuleError:  # an illegal combination (density 1 with 3 warriors): nothing to time
            continue
        per_point.append(median_time(one_point, 5))
    return per_point


def sampled(combos: list[dict[str, Any]], size: int, seed: str) -> list[dict[str, Any]]:
    """All of a small grid, or a reproducible sample of a big one."""
    return combos if len(combos) <= size else random.Random(seed).sample(combos, size)


def four_step_plans() -> list[dict[str, Any]]:
    """Every cost-calculator question with four real steps (none of them "none") that the rules allow."""
    from aot_rules.aot.mechanics.movement import Troops
    from aot_rules.aot.rules.manoeuvre import Step

    m = get("AOT-MOVE-PROCEDURE")
    steps = [s for s in Step if s is not Step.NONE]
    out = []
    for density, troops, regular in itertools.product(range(1, 6), Troops, (False, True)):
        for plan in itertools.product(steps, repeat=4):
            combo = dict(density=density, troops=troops, regular=regular,
                         **{f"step_{i + 1}": s for i, s in enumerate(plan)})
            try:
                m.evaluate(**combo)
            except RuleError:
                continue
            out.append(combo)
    return out


def elephant_exchanges() -> dict[str, tuple[Unit, Unit]]:
    """Elephant-against-block exchanges a player asks about: the most dice the rules allow, and a typical one."""
    return {
        "exact elephant charge: 4 aboard (3 swords) vs 5+5 spears, shields+armour": (
            elephant(4, MeleeWeapon.SWORD), Unit("block", (5, 5), weapon=MeleeWeapon.SPEAR, shield=True, armour=True)),
        "exact elephant charge: 3 aboard (2 shooters) vs 4+4 spears": (
            elephant(3, MeleeWeapon.SHOOTER), Unit("block", (4, 4), weapon=MeleeWeapon.SPEAR)),
    }


#: Issue 11: how many games, and how many turns of each, the turn median is taken over.
TABLETOP_GAMES, TABLETOP_TURNS = 6, 6
TABLETOP_EXCHANGES = 10_000
#: ``make bench`` stays short: past this many seconds the exchanges stop and their total is projected.
TABLETOP_BUDGET = 30.0


def tabletop_turn_times() -> list[float]:
    """Seconds per full turn of greek-border between scripted players, over several seeded games (early
    turns are marches, later ones fights: the median is over both)."""
    from aot_rules.tabletop.game import Game
    from aot_rules.tabletop.player import scripted
    from aot_rules.tabletop.scenarios import scenario
    from aot_rules.tabletop.turn import play

    times = []
    for seed in range(TABLETOP_GAMES):
        game = Game(scenario("greek-border", seed))
        for _ in range(TABLETOP_TURNS):
            if game.state.result is not None:
                break
            t = time.perf_counter()
            with few_collections():
                play(game, 1, scripted())
            times.append(time.perf_counter() - t)
    return times


#: Issue 19: whole games of each shipped scenario timed one by one, and ``simulate`` over a pool of every core.
TABLETOP_WHOLE_GAMES = 5
TABLETOP_SIMULATED = 100
#: Issue 19: the share of ``simulate``'s games of every shipped scenario that end in a decision (a rout, or a
#: points win with more than 0 VP; a level score is a draw).
TABLETOP_DECISIVE = 0.70


#: Issue 19: every whole game is played this many times, each time in a fresh process (so with the caches as cold as
#: the first time), and its fastest time is the one the median is taken over.  This machine is a shared virtual
#: one whose speed comes and goes: the same code has measured 0.18 s and 0.30 s a game a few minutes apart, more
#: than any change to the engine moves it.  Noise only ever adds time, so the best of a few runs is the cost of
#: the game itself (the reasoning behind :mod:`timeit`'s advice to take the minimum); one run's median is printed
#: beside it.
TABLETOP_ROUNDS = 3


def _whole_games_round() -> dict[str, list[tuple[float, float]]]:
    """One round of :func:`tabletop_game_times`, run in its own process: each scenario's seeds 0 to
    :data:`TABLETOP_WHOLE_GAMES` - 1, each game's wall and CPU seconds, opening the scenario included."""
    from aot_rules.tabletop.game import Game
    from aot_rules.tabletop.player import scripted
    from aot_rules.tabletop.scenarios import SCENARIOS, scenario
    from aot_rules.tabletop.turn import play

    out: dict[str, list[tuple[float, float]]] = {}
    for name in SCENARIOS:
        out[name] = []
        for seed in range(TABLETOP_WHOLE_GAMES):
            t, c = time.perf_counter(), time.process_time()
            opening = scenario(name, seed)
            with few_collections():
                play(Game(opening), opening.last_turn, scripted())
            out[name].append((time.perf_counter() - t, time.process_time() - c))
    return out


def tabletop_game_times() -> dict[str, tuple[float, float, float]]:
    """Median seconds per whole game of each shipped scenario, its own day (``last_turn`` turns, or until the
    battle is decided; scripted players, invariants unchecked): each game's best wall time over
    :data:`TABLETOP_ROUNDS` fresh processes (the target's measure), its best CPU time, and the median of the first
    round's wall times alone."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    rounds = []
    for _ in range(TABLETOP_ROUNDS):  # one after another: rounds run side by side would slow each other down
        with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
            rounds.append(pool.submit(_whole_games_round).result())
    out = {}
    for name, first in rounds[0].items():
        games = range(len(first))
        best = [min(r[name][i][0] for r in rounds) for i in games]
        best_cpu = [min(r[name][i][1] for r in rounds) for i in games]
        out[name] = (statistics.median(best), statistics.median(best_cpu), statistics.median(t for t, _ in first))
    return out


def tabletop_simulate(name: str, games: int) -> tuple[float, float, int, float]:
    """``simulate`` of ``games`` games of ``name`` on every core: seconds, the decisive share, violations, and
    the CPU seconds the pool's workers spent (all cores together)."""
    import resource

    from aot_rules.tabletop.simulate import simulate

    def children() -> float:
        u = resource.getrusage(resource.RUSAGE_CHILDREN)
        return u.ru_utime + u.ru_stime

    before = children()
    r = simulate(name, range(games), workers=os.cpu_count() or 1, initializer=worker_collections)
    return r.seconds, r.decisive / len(r.games), len(r.violations), children() - before


def tabletop_exchange_states() -> tuple[Any, Any]:
    """Two small states from greek-border: the Scythian archers (A4, activated in their slot) 3″ in front
    of the Theban hoplites (B1), and the Athenian hoplites (A1) in contact with B1, front to front."""
    from dataclasses import replace

    from aot_rules.tabletop.geometry import Pose
    from aot_rules.tabletop.scenarios import scenario

    s = scenario("greek-border", 0)
    archers, hoplites, thebans = s.piece("A4"), s.piece("A1"), s.piece("B1")
    archers = replace(archers, pose=Pose.of(30, 10, 0), turn=archers.turn.activate())
    shooting = replace(s, pieces=(archers, replace(thebans, pose=Pose.of(30, 13, 180))), turn=1, slot=1, mover=0)
    melee = replace(s, pieces=(replace(hoplites, pose=Pose.of(30, 10, 0)), replace(thebans, pose=Pose.of(30, 10, 180))),
                    turn=1)
    return shooting, melee


def tabletop_exchanges(n: int, budget: float) -> tuple[float, int, int]:
    """Seconds for ``n`` shooting-plus-melee exchanges, each on fresh copies with its own seeded dice: the
    time measured, how many were run (it stops after ``budget`` seconds, so the total is then projected)
    and how many actions the engine refused (it should be none)."""
    from aot_rules.tabletop import combat
    from aot_rules.tabletop.game import Game, TableDice

    shooting, melee = tabletop_exchange_states()
    Game(shooting, TableDice.seeded(0)).act(combat.shoot, "A4", "B1")  # lazy imports and caches: not timed
    refused = done = 0
    t = time.perf_counter()
    for i in range(n):
        try:
            Game(shooting, TableDice.seeded(i)).act(combat.shoot, "A4", "B1")
            Game(melee, TableDice.seeded(i)).act(combat.fight)
        except RuleError:
            refused += 1
        done += 1
        if time.perf_counter() - t > budget:
            break
    return time.perf_counter() - t, done, refused


def package_lines(under: str = "aot_rules") -> int:
    """Non-blank lines of the engine package (what the lines-per-mechanic target counts), or of one folder of it."""
    return sum(1 for path in (ROOT / under).rglob("*.py")
               for line in path.read_text(encoding="utf-8").splitlines() if line.strip())


#: the package's layers, bottom up, as the README draws them: where the lines per mechanic are
LAYERS = (("core", ("core",)), ("rule systems", ("aot", "aob", "sp", "bat")), ("table-top", ("tabletop",)),
          ("faces", ("present", "formulas")), ("command line", ("cli",)))


def report(name: str, value: str, target: str, ok: bool) -> None:
    print(f"{name:52} {value:>14}   target {target:>10}   {'ok' if ok else 'MISSED'}")


def report_path_words() -> None:
    """Issue #38: the learning path's words (prose and Readings), in total against the target and per chapter."""
    counts = count_path(ROOT)
    total = sum(c.total for c in counts)
    report(f"learning path: words of prose and Readings ({len(counts)} chapters)", f"{total:,}",
           f"<= {PATH_WORDS_TARGET:,}", total <= PATH_WORDS_TARGET)
    for c in counts:
        print(f"  {c.doc.removeprefix('book/'):<16} {c.total:>6,} words (prose {c.prose:,}, Readings {c.readings:,})")


def report_general_formulas() -> None:
    """Issue #38, "Show the mathematics": how many blocks write the law in the mechanic's own inputs (a count)."""
    from aot_rules.formulas.general import coverage

    with_one, without = coverage()
    n = len(with_one) + len(without)
    report("issue 38: mechanics with a general formula", f"{len(with_one)} of {n}", f">= {GENERAL_FORMULAS_FLOOR}",
           len(with_one) >= GENERAL_FORMULAS_FLOOR)
    print(f"  without one ({len(without)}): {', '.join(without)}")


def companion_ids() -> tuple[str, ...]:
    """Every mechanic of the companion systems (AOB-, SP-, BAT-), in registration order."""
    return tuple(m.rule_id for m in all_mechanics() if not m.rule_id.startswith("AOT-"))


def report_grids(rule_ids: tuple[str, ...]) -> None:
    """Each mechanic's median uncached exact answer over its widget grid (a sample of a big one): < 5 ms."""
    for rid in rule_ids:
        m = get(rid)
        grid = list(m.grid())
        per_point = grid_medians(m, sampled(grid, GRID_SAMPLE, rid), clear_all_caches)
        t = statistics.median(per_point)
        of = f"{len(per_point)} grid points" + (f" of {len(grid)}" if len(grid) > GRID_SAMPLE else "")
        report(f"exact {rid} ({of}; slowest {max(per_point) * 1e3:.1f} ms)", f"{t * 1e3:.2f} ms", "< 5 ms",
               t < 5e-3)


def engine_download(html: Path) -> tuple[int, int]:
    """(raw, gzip) bytes of what the engine adds to the site: Pyodide's core, the wheel, the worker and its data."""
    import gzip

    files = [f for f in (html / "_static" / "aot-engine").rglob("*") if f.is_file()]
    files += [html / "sw.js", html / "manifest.webmanifest"]
    raw = sum(f.stat().st_size for f in files if f.exists())
    packed = sum(len(gzip.compress(f.read_bytes(), 6)) for f in files if f.exists())
    return raw, packed


FIRST_ANSWER = """
const done = arguments[arguments.length - 1];
const t0 = performance.timeOrigin;
const poll = () => {
  const s = document.querySelector('#aot-at-the-table .att-setup .att-dist');
  if (s) { done(performance.now()); } else { setTimeout(poll, 20); }
};
poll();
"""

LATER_ANSWERS = """
const [cases, done] = [arguments[0], arguments[arguments.length - 1]];
(async () => {
  const times = [];
  for (const [rid, values] of cases) {
    const t = performance.now();
    await window.aotEngine.ask(rid, values);
    times.push(performance.now() - t);
  }
  done(times);
})();
"""


def browser_engine(html: Path) -> None:
    """Time the engine in headless Chromium: the first answer from opening a share link, then later answers."""
    import functools
    import http.server
    import shutil
    import threading

    sys.path.insert(0, str(ROOT / "tests"))
    # the tests' Chromium set-up: every off-host name unresolvable
    from book.browser.test_engine_browser import make_driver

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    raw, packed = engine_download(html)
    report("engine's added download (raw " + f"{raw / 1e6:.1f} MB)", f"{packed / 1e6:.2f} MB gz", "< 6.5 MB",
           packed < 6.5e6)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(html)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site = f"http://127.0.0.1:{server.server_address[1]}"
    firsts = []
    later: list[float] = []
    try:
        for run in range(3):  # a fresh browser each time: nothing cached
            driver, profile = make_driver()
            try:
                driver.get(f"{site}/book/at-the-table.html#AOT-MELEE-RESULT?a-ranks=3,4&b-ranks=3,1&a-shield")
                firsts.append(driver.execute_async_script(FIRST_ANSWER) / 1000)
                if run == 0:
                    cases = [["AOT-MELEE-RESULT", {"a_ranks": f"{a},{b}", "b_ranks": "4,4"}]
                             for a in range(2, 6) for b in range(0, 6)]
                    cases += [["AOT-SHOOT-RESULT", {"firers": str(n), "target_density": "3"}] for n in range(1, 21)]
                    later = driver.execute_async_script(LATER_ANSWERS, cases)
            finally:
                driver.quit()
                shutil.rmtree(profile, ignore_errors=True)
    finally:
        server.shutdown()
    t = statistics.median(firsts)
    load = os.getloadavg()[0]
    report(f"first answer after opening a share link ({len(firsts)} cold runs, load {load:.1f})", f"{t:.2f} s",
           "< 5 s", t < 5)
    t = statistics.median(later) / 1000
    report(f"later answers, worker round trip ({len(later)} questions)", f"{t * 1e3:.1f} ms", "< 50 ms", t < 0.05)


#: Issue #36: the lines-per-mechanic target, and where it started.
LINES_PER_MECHANIC_TARGET, LINES_PER_MECHANIC_ISSUE_36 = 150, 30193 / 120
SHOOT_ARGS = dict(firers=10, target_density=4, weapon="javelin", shield_wall=True, target_veteran=True,
                  shooter_density=5, target_ranks="4,4")


#: the two melees the benches time (issue "Melee": < 20 ms; issue #36: <= 1 ms)
MELEE_CASES: dict[str, dict[str, Any]] = {
    "melee: 5+5 sword vs 5+5 spear, shields+armour": dict(
        a_ranks="5,5", a_weapon="sword", a_shield=True, a_armour=True,
        b_ranks="5,5", b_weapon="spear", b_shield=True, b_armour=True),
    "melee: 4 lancers (horse strike, barding) vs 5+5 pikes": dict(
        a_ranks="4", a_mounted=True, a_weapon="lance", a_horse_strike=True, a_horse_armour=True,
        b_ranks="5,5", b_weapon="pike", b_shield=True, b_armour=True),
}


def report_procedures() -> None:
    """Issue #36: lines per mechanic, the mechanics written once as a dice procedure, and one exact shooting
    distribution derived from its procedure (every cache cleared, the evaluator's too)."""
    print("issue 36, each mechanic written once (dice procedures: aot_rules/core/procedure.py)")
    lines, mechanics = package_lines(), all_mechanics()
    n = len(mechanics)
    report(f"package lines per mechanic ({lines} lines, {n} mechanics; {LINES_PER_MECHANIC_ISSUE_36:.1f} before)",
           f"{lines / n:.1f}", f"<= {LINES_PER_MECHANIC_TARGET}", lines / n <= LINES_PER_MECHANIC_TARGET)
    layers = [(name, sum(package_lines(f"aot_rules/{d}") for d in dirs)) for name, dirs in LAYERS]
    rest = lines - sum(n for _, n in layers)
    print("  by layer, per mechanic: " + ", ".join(f"{name} {n / len(mechanics):.1f}" for name, n in layers)
          + f", the package's own modules (readings, glossary, comparison, catalogue) {rest / len(mechanics):.1f}")
    once = [m.rule_id for m in mechanics if m.procedure is not None]
    report("mechanics written once as a dice procedure", f"{len(once)} of {n}", f"{n} of {n}", len(once) == n)
    shoot = get("shoot")

    def one() -> None:
        clear_caches()
        shoot.evaluate(**SHOOT_ARGS)

    t = median_time(one, 301)
    report("one exact shooting distribution (uncached, derived)", f"{t * 1e3:.3f} ms", "<= 0.3 ms", t <= 3e-4)
    melee = get("melee")
    for name, kw in MELEE_CASES.items():
        def full(kw: dict[str, Any] = kw) -> None:
            clear_caches()
            melee.evaluate(**kw)

        t = median_time(full, 101)
        report(f"one full {name} (uncached, derived)", f"{t * 1e3:.3f} ms", "<= 1 ms", t <= 1e-3)
    second = second_exact_paths()
    report("mechanics with a second exact path" + (f" ({', '.join(second)})" if second else ""),
           f"{len(second)}", "<= 3", len(second) <= 3)


def second_exact_paths(points: int = 6) -> list[str]:
    """The dice mechanics whose exact law never goes through the procedure evaluator at the calculator's start
    and its first grid points (caches cleared): those computing their law some other way."""
    import aot_rules.core.evaluate as evaluator
    from aot_rules.formulas.coverage import start_inputs

    calls = [0]
    inner = evaluator._evaluate

    def counted(proc: Any) -> Any:
        calls[0] += 1
        return inner(proc)

    out = []
    evaluator._evaluate = counted  # type: ignore[assignment]  # the evaluator's recursion reads the module's name
    try:
        for m in all_mechanics():
            if m.deterministic:
                continue
            calls[0] = 0
            for kw in [start_inputs(m), *itertools.islice(m.grid(), points)]:
                clear_caches()
                try:
                    m.evaluate(**kw)
                except RuleError:
                    continue
            if calls[0] == 0:
                out.append(m.rule_id)
    finally:
        evaluator._evaluate = inner  # type: ignore[assignment]
    return out


def report_whole_games() -> None:
    """Issue 19: a whole game of each scenario, and ``simulate`` of 100 games of each shipped scenario (its
    decisive share and invariant violations; delion's time), with the load they were taken under (on a shared
    machine the load average says how far to trust them)."""
    print(f"issue 19, the table-top engine plays whole games (load average {os.getloadavg()[0]:.1f} at the start)")
    for name, (t, cpu, once) in tabletop_game_times().items():
        report(f"one whole game of {name} (median of {TABLETOP_WHOLE_GAMES}, each its best of {TABLETOP_ROUNDS} runs)",
               f"{t:.2f} s", "< 0.25 s", t < 0.25)
        print(f"  the same games' CPU time (median of the best): {cpu:.2f} s; one run's median: {once:.2f} s")
    from aot_rules.tabletop.scenarios import SCENARIOS

    for name in SCENARIOS:  # one simulate per scenario: its decisive share and violations, and delion's time
        secs, share, bad, cpu = tabletop_simulate(name, TABLETOP_SIMULATED)
        report(f"{name}: decisive share of {TABLETOP_SIMULATED} games ({bad} violations)", f"{share:.0%}",
               f">= {TABLETOP_DECISIVE:.0%}", share >= TABLETOP_DECISIVE and bad == 0)
        if name == "delion":
            report(f"simulate {TABLETOP_SIMULATED} games of delion on {os.cpu_count()} cores (load average "
                   f"{os.getloadavg()[0]:.1f} after)", f"{secs:.1f} s", "< 30 s", secs < 30 and bad == 0)
        print(f"  {name}: {secs:.1f} s; the workers' CPU time, all cores together: {cpu:.1f} s")


def main() -> None:
    if "--games-only" in sys.argv:  # ``python bench/bench.py --games-only``: issue 19's two timings alone
        report_whole_games()
        return
    if "--procedures-only" in sys.argv:  # ``python bench/bench.py --procedures-only``: issue 36's targets alone
        report_procedures()
        return
    if "--weights-only" in sys.argv:  # ``python bench/bench.py --weights-only [HTML_DIR]``: issue 23's page weights
        rest = sys.argv[sys.argv.index("--weights-only") + 1:]
        report_page_weights(Path(rest[0]) if rest else ROOT / "_build" / "html")
        return
    if "--engine-only" in sys.argv:
        rest = sys.argv[sys.argv.index("--engine-only") + 1:]
        print("issue 20, the engine in the reader's browser (headless Chromium)")
        browser_engine(Path(rest[0]) if rest else ROOT / "_build" / "html")
        return
    report_path_words()
    report_general_formulas()
    lines, n = package_lines(), len(all_mechanics())
    report(f"package lines per mechanic ({lines} lines, {n} mechanics)", f"{lines / n:.1f}",
           f"< {LINES_PER_MECHANIC_BEFORE:.1f}", lines / n < LINES_PER_MECHANIC_BEFORE)
    report_procedures()
    shoot = get("shoot")

    def one() -> None:
        clear_caches()
        shoot.evaluate(**SHOOT_ARGS)

    t1 = median_time(one, 301)
    report("one exact shooting distribution (uncached)", f"{t1 * 1e3:.3f} ms", "< 1 ms", t1 < 1e-3)

    from aot_rules.present.static import precompute

    def grid() -> None:
        clear_caches()
        precompute(shoot)

    t2 = median_time(grid, 3)
    report("precompute the whole shooting widget grid", f"{t2:.2f} s", "< 5 s", t2 < 5)

    melee = get("melee")
    for case, kw in MELEE_CASES.items():
        name = f"exact {case}"
        def once(kw: dict = kw) -> None:
            clear_caches()
            melee.evaluate(**kw)

        t = median_time(once, 51)
        report(name, f"{t * 1e3:.2f} ms", "< 20 ms", t < 0.02)
        rng = random.Random(2026)
        t0 = time.perf_counter()
        for _ in range(100_000):
            melee.draw(rng, **kw)
        mc = time.perf_counter() - t0
        report("  100,000-melee Monte Carlo, same engine", f"{mc:.2f} s", "", True)
        report("  Monte Carlo time / exact time", f"{mc / t:,.0f}×", "> 1", mc / t > 1)

    for rid in ISSUE_7:
        per_point = grid_medians(get(rid), list(get(rid).grid()))
        t = statistics.median(per_point)
        report(f"exact {rid} (median over {len(per_point)} grid points; slowest {max(per_point) * 1e3:.1f} ms)",
               f"{t * 1e3:.2f} ms", "< 5 ms", t < 5e-3)

    print("issue 8, movement (uncached: engine, casualty-removal and mechanic caches cleared each run)")
    report_grids(ISSUE_8)
    plans = four_step_plans()
    per_plan = grid_medians(get("AOT-MOVE-PROCEDURE"), sampled(plans, GRID_SAMPLE, "four steps"), clear_all_caches)
    t = statistics.median(per_plan)
    report(f"cost calculator, four tests ({len(per_plan)} of {len(plans)} plans; slowest "
           f"{max(per_plan) * 1e3:.1f} ms)", f"{t * 1e3:.2f} ms", "< 20 ms", t < 0.02)

    print("issue 9, exotic troops and machines (uncached, as for issue 8)")
    report_grids(ISSUE_9)
    for name, (beast, block) in elephant_exchanges().items():
        def exchange(beast: Unit = beast, block: Unit = block) -> None:
            clear_all_caches()
            elephant_charge_exact(beast, block)

        t = median_time(exchange, 51)
        report(name, f"{t * 1e3:.2f} ms", "< 20 ms", t < 0.02)

    print("issue 10, the companion systems: Age of Battles, the skirmish fragment, Batalist (uncached)")
    report_grids(companion_ids())

    print("issue 11, the table-top engine (scripted players; full state engine)")
    turns = tabletop_turn_times()
    t = statistics.median(turns)
    report(f"one full turn of greek-border ({len(turns)} turns; {len(turns) / sum(turns):.1f} turns/s)",
           f"{t * 1e3:.1f} ms", "< 100 ms", t < 0.1)
    spent, done, refused = tabletop_exchanges(TABLETOP_EXCHANGES, TABLETOP_BUDGET)
    total = spent * TABLETOP_EXCHANGES / done
    how = "measured" if done == TABLETOP_EXCHANGES else f"projected from {done:,} in {spent:.0f} s"
    report(f"{TABLETOP_EXCHANGES:,} shoot + melee exchanges via Game.act ({how})"
           + (f" ({refused} refused!)" if refused else ""), f"{total:.2f} s", "< 10 s", total < 10 and not refused)

    report_whole_games()

    if "--no-book" in sys.argv:
        suite_times()
        return
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ)
        t, cpu, load = time.perf_counter(), children_cpu(), os.getloadavg()[0]
        proc = subprocess.run([sys.executable, str(ROOT / "book" / "build_book.py"), str(ROOT),
                               "--builder", "html", "-W", "-n", "--keep-going", "--path-output", tmp],
                              capture_output=True, text=True, env=env)
        t3, cpu3 = time.perf_counter() - t, children_cpu() - cpu
        if proc.returncode:
            print(proc.stdout[-3000:], proc.stderr[-3000:])
            raise SystemExit("the book build failed")
        report(f"clean book build, both editions (1 run, every page executed in English and in Russian; {cpu3:.0f} "
               f"CPU-s, load {load:.1f})", f"{t3:.1f} s", "< 480 s", t3 < 480)
        t, cpu, load = time.perf_counter(), children_cpu(), os.getloadavg()[0]
        proc = subprocess.run([sys.executable, str(ROOT / "book" / "build_book.py"), str(ROOT),
                               "--builder", "html", "-W", "-n", "--keep-going", "--path-output", tmp],
                              capture_output=True, text=True, env=env)
        t4, cpu4 = time.perf_counter() - t, children_cpu() - cpu
        report(f"unchanged rebuild, both editions (execution caches, 1 run; {cpu4:.0f} CPU-s, load {load:.1f})",
               f"{t4:.1f} s", "< 90 s", t4 < 90 and not proc.returncode)
        companion_pages = [(str(page.relative_to(ROOT / "book").with_suffix("")), 1.5e6)
                           for sub in ("aob", "sp", "bat") for page in sorted((ROOT / "book" / sub).glob("*.md"))]
        for name, limit in (*companion_pages, ("shooting", 1.5e6), ("melee", 2.0e6), ("demoralization", 2.0e6),
                            ("command", 1.5e6),
                            ("weather", 1.5e6), ("setup", 1.5e6), ("army", 1.5e6),
                            ("moving", 1.5e6), ("run-trot", 1.5e6), ("evasion", 1.5e6), ("turning", 1.5e6),
                            ("elephants", 1.5e6), ("chariots", 1.5e6), ("artillery", 1.5e6), ("camps", 1.5e6)):
            page = Path(tmp) / "_build" / "html" / "book" / f"{name}.html"
            size = page.stat().st_size
            report(f"{name} page payload (HTML incl. widget tables)", f"{size / 1e6:.2f} MB",
                   f"< {limit / 1e6:g} MB", size < limit)
        report_animated_pages(Path(tmp) / "_build" / "html")
        print("issue 20, the engine in the reader's browser (headless Chromium)")
        browser_engine(Path(tmp) / "_build" / "html")
        report_page_weights(Path(tmp) / "_build" / "html")
    suite_times()


def report_page_weights(html: Path) -> None:
    print("issue 23: each page's total transfer as served (HTML, scripts, styles, fonts, data; uncompressed)")
    for page, (total, widgets) in page_transfers(html).items():
        limit = 3e6 if widgets else 1e6
        report(f"  {page} ({'widget page' if widgets else 'text page'})", f"{total / 1e6:.2f} MB",
               f"< {limit / 1e6:g} MB", total < limit)


def report_animated_pages(html: Path) -> None:
    """Every page with a replay viewer: its own payload (HTML with the frames and the viewer's inline
    script), which must stay under 2 MB, and how much of it is frame data."""
    for page in sorted(html.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        viewers = text.count('class="aot-replay')
        if not viewers:
            continue
        data = sum(len(chunk.split("</script>", 1)[0].encode())
                   for chunk in text.split('type="application/aot-replay+json">')[1:])
        size = page.stat().st_size
        report(f"animated {page.relative_to(html).with_suffix('')}: {viewers} viewers, {data / 1e3:.0f} KB frames",
               f"{size / 1e6:.2f} MB", "< 2 MB", size < 2e6)


def toc_pages() -> list[str]:
    import yaml

    toc = yaml.safe_load((ROOT / "_toc.yml").read_text())
    return [toc["root"], *(c["file"] for part in toc["parts"] for c in part["chapters"])]


#: What makes a page a widget page, as the weight test (tests/book/browser/test_site.py) decides it: Bokeh content,
#: the At the table application, or typeset mathematics (which needs MathJax).
WIDGET_PAGE = ".aot-widget, [data-root-id], #aot-at-the-table, .math"


def page_transfers(html: Path) -> dict[str, tuple[int, int]]:
    """Each table-of-contents page opened in headless Chromium from a local server with the cache off: the bytes
    of the page and of everything it loaded (the browser's own count, so fonts and data files are included),
    and how many widgets it holds."""
    import functools
    import http.server
    import shutil
    import threading

    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(html)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    opts = Options()
    for a in ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
              "--window-size=1280,900"):
        opts.add_argument(a)
    profile = tempfile.mkdtemp(prefix="aot-bench-")
    opts.add_argument(f"--user-data-dir={profile}")
    opts.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=opts)
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    out = {}
    try:
        for page in toc_pages():
            driver.get(f"http://127.0.0.1:{server.server_address[1]}/{page}.html")
            time.sleep(1.0)
            doc, rest, widgets = driver.execute_script(
                "return [performance.getEntriesByType('navigation')[0].decodedBodySize, performance"
                ".getEntriesByType('resource').reduce((s, r) => s + r.decodedBodySize, 0),"
                f" document.querySelectorAll('{WIDGET_PAGE}').length];")
            out[page] = (doc + rest, widgets)
    finally:
        driver.quit()
        server.shutdown()
        shutil.rmtree(profile, ignore_errors=True)
    return out


def children_cpu() -> float:
    """CPU seconds (user + system) of the finished child processes: a build's cost, whatever the machine's load."""
    import resource

    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return kids.ru_utime + kids.ru_stime


def suite_times() -> None:
    """The last whole-tier runs' wall times, as tests/conftest.py recorded them (bench does not run the suite)."""
    import json

    record = ROOT / "_build" / "suite-times.json"
    times = json.loads(record.read_text()) if record.is_file() else {}
    for tier, limit in (("test-fast", 180), ("test", 25 * 60)):
        t = times.get(tier)
        if t is None:
            report(f"make {tier}: not run yet in this checkout", "-", f"< {limit / 60:g} min", False)
            continue
        how = f"{t['tests']} tests, {t['failed']} failed, {t['cores']} cores"
        if "workers" in t:
            how += f", {t['workers'] or 'no'} xdist workers"
        if "cpu_seconds" in t:  # what the suite costs; the wall time also says how loaded the machine was
            how += f", {t['cpu_seconds'] / 60:.1f} CPU-min"
            if t.get("browser_cpu_seconds"):  # Chromium's share (counted since tests/browser_cpu.py)
                how += f" ({t['browser_cpu_seconds'] / 60:.1f} in Chromium)"
            how += f", load {t['load'][0]:g}->{t['load'][1]:g}"
        report(f"make {tier} ({how}, {t['when']})",
               f"{t['seconds'] / 60:.1f} min", f"< {limit / 60:g} min", t["seconds"] < limit and not t["failed"])


if __name__ == "__main__":
    main()
