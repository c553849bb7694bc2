"""The victory chapter's whole battle (issue 37, "Beyond"): the game is found in code (the first rout among the seeds),
replayed from deployment to its end as the very game ``simulate`` plays, with a marker for every turn, and shipped
compactly (each repeated string once) without losing a byte of any frame."""

from __future__ import annotations

import json
import re
from functools import cache

import pytest

from aot_rules.present import tablelog
from aot_rules.present.replay import battle, scenes
from aot_rules.present.replay.build import Replay, Run, replay
from aot_rules.present.replay.html import payload, pooled, replay_html, turn_starts, unpooled
from aot_rules.tabletop.events import BattleEnded
from aot_rules.tabletop.save import to_data
from aot_rules.tabletop.simulate import play_one


@cache
def _battle() -> tuple[Run, Replay]:
    run = battle.whole_battle()
    return run, replay(run, "victory-battle")


def test_the_seed_is_the_first_rout() -> None:
    seed = battle.decisive_seed()
    assert play_one(battle.SCENARIO, seed)[0].how == "rout"
    assert all(play_one(battle.SCENARIO, s)[0].how != "rout" for s in range(seed))


def test_no_rout_in_range_is_refused_not_faked() -> None:
    with pytest.raises(battle.NoDecisiveGame):
        battle.decisive_seed(seeds=range(0))


def test_the_run_is_the_simulated_game_from_deployment_to_its_end() -> None:
    run = battle.whole_battle()
    seed = battle.decisive_seed()
    summary, final = play_one(battle.SCENARIO, seed)
    assert run.start.turn == 0 and not run.start.log  # deployment: nothing has happened yet
    assert run.steps[-1].after.result is not None and run.steps[-1].after.result.how.value == "rout"
    assert to_data(run.steps[-1].after) == to_data(final)  # the same game, action for action
    assert run.facts["turns"] == summary.turns


def test_pooling_gives_back_every_frame_exactly() -> None:
    r = replay(scenes.slingers(), "pool-check")
    plain = json.loads(payload(r))
    packed = json.loads(payload(r, pool=True))
    assert "s" in packed and unpooled(packed) == plain
    assert unpooled(pooled(plain)) == plain
    assert unpooled(plain) == plain  # a payload that was never pooled passes through


@pytest.mark.slow  # draws the ~500 frames of a whole battle (about 25 s)
def test_the_battle_viewer_marks_every_turn_and_stays_light() -> None:
    run, r = _battle()
    html = replay_html(r, whole=True)
    final = run.steps[-1].after
    # a marker per turn, 1 to the last, each linking to the first frame of its turn
    starts = turn_starts(r)
    assert [t for t, _ in starts] == list(range(1, final.turn + 1))
    for t, i in starts:
        assert r.frames[i].turn == t and (i == 0 or r.frames[i - 1].turn == t - 1)
        assert f'href="#victory-battle-step-{i}" data-i="{i}"' in html
    # the last caption is the game log's own account of how the battle ended
    ended = next(e for e in reversed(final.log) if any(isinstance(ev, BattleEnded) for ev in e.events))
    assert tablelog.outcome(ended) in [ln.text for ln in r.frames[-1].lines]
    # the page carries the frames once (the step list is written by the script), pooled, and no more than it must
    raw = re.search(r'<script type="application/aot-replay\+json">(.*?)</script>', html, re.S)
    assert raw is not None
    data = json.loads(raw.group(1).replace("<\\/", "</"))
    assert unpooled(data) == json.loads(payload(r))
    assert html.count("-step-") < 2 * len(starts) + 5  # no step list, no anchors in the markup
    full = replay_html(r)
    assert len(html.encode()) < 0.6 * len(full.encode())
    assert len(html.encode()) < 400_000, len(html.encode())
