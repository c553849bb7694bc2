"""One whole battle, replayed from deployment to its end: a shipped scenario played by the two scripted players.

The game is chosen in code, never by a number copied into a page: :func:`decisive_seed` counts seeds up from 0
until the scripted players' game of the scenario ends in a rout (a total victory, AOT-VICTORY-ROUT).  The same
seed then replays the same game through :class:`~aot_rules.present.replay.record.RecordingGame`, so every frame is
the engine's own state and every caption line the game log's own entry (:mod:`aot_rules.present.tablelog`).  A
battle is hundreds of steps, so its viewer ships each repeated string once and marks where each turn begins
(:func:`~aot_rules.present.replay.html.replay_html` with ``whole``).
"""

from __future__ import annotations

import json
import re
from html import escape

from aot_rules.core.i18n import msg, nmsg
from aot_rules.present.replay.build import Replay, Run, record, steps_of
from aot_rules.present.replay.links import rule_links
from aot_rules.present.replay.record import RecordingGame
from aot_rules.tabletop.game import TableDice
from aot_rules.tabletop.state import GameState

#: The scenario the victory chapter replays (the book's first scenario, the one its turn chapter plays).
SCENARIO = "greek-border"
#: How many seeds :func:`decisive_seed` looks through.
SEEDS = 40


class NoDecisiveGame(LookupError):
    """No seed in the range gives a rout: the chapter cannot show a decisive battle (a change to the engine or
    the scripted player did this; the book build stops here rather than show a battle that is not one)."""


def decisive_seed(name: str = SCENARIO, seeds: range = range(SEEDS)) -> int:
    """The first seed whose game of scenario ``name`` between the scripted players ends in a rout."""
    from aot_rules.tabletop.simulate import play_one

    for seed in seeds:
        if play_one(name, seed)[0].how == "rout":
            return seed
    raise NoDecisiveGame(f"no seed in {seeds} gives a rout in {name!r}")


def whole_battle(name: str = SCENARIO, seed: int | None = None) -> Run:
    """The scripted players' game of scenario ``name`` with ``seed`` (default: :func:`decisive_seed`), recorded
    action by action from deployment until the battle ends (or night falls on the scenario's last turn)."""
    from aot_rules.tabletop.player import ScriptedPlayer
    from aot_rules.tabletop.scenarios import scenario
    from aot_rules.tabletop.turn import play

    seed = decisive_seed(name) if seed is None else seed
    start = scenario(name, seed)
    players = (ScriptedPlayer(0), ScriptedPlayer(1))

    def go(g: RecordingGame) -> None:
        play(g, g.state.last_turn, players)

    def facts(g: RecordingGame) -> dict[str, object]:
        result = g.state.result
        return {"seed": seed, "turns": g.state.turn, "winner": None if result is None else result.winner,
                "how": None if result is None else result.how.value, "final": g.state}

    a, b = start.sides
    return record(msg("A whole battle: {a} against {b}", a=a.name, b=b.name), start, go, facts=facts,
                  intro=msg("The {scenario} scenario with seed {seed}, played from deployment to its end by two "
                            "scripted players: {a} (blue) from the near edge, {b} (orange) from the far one. The row "
                            "of turn numbers jumps to the start of a turn; each step names its rule and shows its "
                            "dice.", scenario=name, seed=seed, a=a.name, b=b.name))


def show_battle(run: Run, slug: str) -> None:
    """Show a whole battle in a page: the replay viewer with turn markers and a pooled payload."""
    from IPython.display import HTML, display

    from aot_rules.present.replay.build import replay
    from aot_rules.present.replay.html import replay_html

    display(HTML(replay_html(replay(run, slug), whole=True)))  # type: ignore[no-untyped-call]


def saved_game(state: GameState) -> Run:
    """A loaded saved game (:func:`aot_rules.tabletop.save.load` has checked it) as a run from its opening to where it
    was saved: its record replayed once more, in a game that keeps every action's states."""
    from aot_rules.tabletop.record import replay as rerun

    if state.opening is None:
        raise ValueError("a saved game without its opening state has no record to show")
    games: list[RecordingGame] = []

    def recording(opening: GameState, dice: TableDice) -> RecordingGame:
        games.append(RecordingGame(opening, dice))
        return games[-1]

    rerun(state, recording)
    game = games[0]
    a, b = state.sides
    return Run(msg("A saved game: {a} against {b}", a=a.name, b=b.name).render(), state.opening,
               steps_of(game.actions, rule_links()),
               nmsg("A saved game of {n} turn, shown from its opening to where it was saved.",
                    "A saved game of {n} turns, shown from its opening to where it was saved.", n=state.turn).render())


def simulated_game(name: str, seed: int, turns: int | None = None) -> Run:
    """The scripted players' game of scenario ``name`` with ``seed`` (the game ``simulate`` plays for that seed),
    for ``turns`` turns at most (default: to the scenario's last turn), from deployment."""
    from aot_rules.tabletop.player import ScriptedPlayer
    from aot_rules.tabletop.scenarios import scenario
    from aot_rules.tabletop.turn import play

    start = scenario(name, seed)
    players = (ScriptedPlayer(0), ScriptedPlayer(1))
    a, b = start.sides

    def go(g: RecordingGame) -> None:
        play(g, start.last_turn if turns is None else turns, players)

    return record(msg("A simulated game: {a} against {b}", a=a.name, b=b.name), start, go,
                  intro=msg("The {scenario} scenario with seed {seed}, played by two scripted players: {a} (blue) from "
                            "the near edge, {b} (orange) from the far one.", scenario=name, seed=seed, a=a.name,
                            b=b.name))


#: The viewer script's own sentences (its ``msg("…")`` templates), rendered into a standalone page's words.
JS_TEMPLATE = re.compile(r'msg\("((?:[^"\\]|\\.)*)"')


def page(r: Replay) -> str:
    """A whole HTML document showing ``r`` in the replay viewer, in the language in force: nothing to load (the
    frames, the script and the styles are in the page), so it opens from a file on any browser."""
    from aot_rules.core.i18n import catalogue, language
    from aot_rules.present.replay.html import JS, replay_html

    lang = language()
    words = {t: catalogue(lang).gettext(t) for t in dict.fromkeys(JS_TEMPLATE.findall(JS))}
    table = json.dumps(words, ensure_ascii=False).replace("</", "<\\/")
    i18n = ("<script>window.aotI18n = {loaded: true, lang: " + json.dumps(lang) + ", msg: function (t, v) {"
            f" var w = {table}; t = w[t] || t;"
            " return String(t).replace(/\\{(\\w+)\\}/g, function (a, k) { return v && k in v ? String(v[k]) : a; });"
            " }};</script>")
    return (f'<!DOCTYPE html>\n<html lang="{escape(lang)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{escape(r.title)}</title><style>body {{ font-family: sans-serif; margin: 0.5rem; }}</style>"
            f"{i18n}</head><body>{replay_html(r, whole=True)}</body></html>\n")
