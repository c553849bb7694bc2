"""Issue #36's promise, kept by a mechanic no rulebook has: a new dice mechanic is one procedure plus its parameter
record, and its exact law, its played face, its formula, its widget and its command line all follow from them.

The toy rule: ``dice`` dice hit on ``need`` or more; a target that is hit rolls one save die, and a 6 saves one
hit.  It is registered in a registry of its own, put beside the four systems only for these tests.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

from aot_rules import systems
from aot_rules.core.dice import FixedDice
from aot_rules.core.dist import Dist
from aot_rules.core.events import Roll
from aot_rules.core.i18n import msg
from aot_rules.core.outcome import Outcome
from aot_rules.core.params import param
from aot_rules.core.procedure import Proc, count, die, done
from aot_rules.core.registry import Mechanic, Registry, derived


@dataclass(frozen=True)
class ToyInput:
    dice: int = param(3, "dice thrown", lo=1, hi=5)
    need: int = param(4, "the face a die must reach to hit", lo=2, hi=6)


def toy_procedure(p: ToyInput) -> Proc[int]:
    """The rule, once: the hit dice, then the save die when anything hit."""
    hits = count(p.dice, range(p.need, 7), msg("hit"))
    return hits.then(lambda h: die(6, msg("save"), read=lambda f: h - (f == 6)) if h else done(0))


def toy_report(p: ToyInput, law: Dist[int]) -> Outcome:
    return Outcome.of(law, "hits", labels={"hits": "hits that stand"})


TOY = Mechanic(rule_id="TOY-VOLLEY", key="toy-volley", title="A toy volley", summary="hits after one save die",
               record_type=ToyInput, **derived(toy_procedure, toy_report, lambda p, hits: {"hits": hits}))


def oracle(dice: int, need: int) -> dict[int, Fraction]:
    """Every face of every die enumerated: the law with no procedure in between."""
    tally: Counter[int] = Counter()
    for faces in itertools.product(range(1, 7), repeat=dice + 1):
        hits = sum(f >= need for f in faces[:-1])
        tally[hits - (hits > 0 and faces[-1] == 6)] += 1
    total = 6 ** (dice + 1)
    return {h: Fraction(n, total) for h, n in tally.items()}


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Mechanic[Any]:
    """The toy registered in its own registry and found by rule ID like any other mechanic."""
    registry = Registry("toy", "TOY-", "A toy system")
    added = registry.add(TOY)
    four = systems.registries()
    monkeypatch.setattr(systems, "registries", lambda: (*four, registry))
    return added


def test_its_exact_law_is_every_face_enumerated(toy: Mechanic[Any]) -> None:
    for dice, need in itertools.product(range(1, 4), range(2, 7)):
        assert dict(toy.evaluate(dice=dice, need=need).dists["hits"].items()) == oracle(dice, need)


def test_its_played_face_rolls_and_logs_the_same_dice(toy: Mechanic[Any]) -> None:
    dice = FixedDice([5, 2, 6, 6])  # two hits, then a 6 on the save die
    assert toy.play(toy.record(dice=3, need=4), dice) == {"hits": 1}
    assert [(str(e.purpose), e.face) for e in dice.events(Roll)] == [("hit", 5), ("hit", 2), ("hit", 6), ("save", 6)]
    rng = random.Random(11)
    plays = Counter(toy.draw(rng, dice=2, need=5)["hits"] for _ in range(3000))
    assert set(plays) == set(oracle(2, 5))  # every outcome the law gives is played, and nothing else


def test_its_formula_is_read_off_the_procedure(toy: Mechanic[Any]) -> None:
    from aot_rules.formulas.symbolic import fractions, law

    for dice, need in ((1, 2), (3, 4), (5, 6)):
        assert fractions(law(toy_procedure(toy.record(dice=dice, need=need)))) == oracle(dice, need)


def test_its_widget_table_answers_every_setting(toy: Mechanic[Any]) -> None:
    from aot_rules.present.render import summary
    from aot_rules.present.static import build, lookup, precompute, table_form

    table = precompute(toy)
    payload = table.payload()
    settings = list(toy.grid())
    assert len(settings) == len(table.index) == 5 * 5
    for k, kw in enumerate(settings):  # the widget's setting number runs over the grid in the inputs' order
        assert lookup(payload, k) == table_form(summary(toy.evaluate(**kw))), kw
    assert build(toy, table) is not None


def test_its_command_line_answers_and_refuses(toy: Mechanic[Any], capsys: pytest.CaptureFixture[str]) -> None:
    from aot_rules.cli import main

    assert main(["odds", "TOY-VOLLEY", "--dice", "2", "--need", "6"]) == 0
    out = capsys.readouterr().out
    p0 = oracle(2, 6)[0]
    assert f"{p0.numerator}/{p0.denominator}" in out
    assert main(["odds", "TOY-VOLLEY", "--dice", "9"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "TOY-VOLLEY" in err and "dice" in err


def test_its_show_the_mathematics_block_follows(toy: Mechanic[Any]) -> None:
    """Listed in no family of forms, it still gets its block: the recursion over its procedure's dice, worked out
    where the calculator starts and equal to the engine there."""
    from aot_rules.formulas.catalogue import form_of
    from aot_rules.formulas.html import maths_html

    form_of.cache_clear()
    try:
        html = maths_html("TOY-VOLLEY")
        maths = form_of("TOY-VOLLEY").derive(toy.record())
    finally:
        form_of.cache_clear()
    assert 'data-rule="TOY-VOLLEY"' in html and 'data-kind="recursion"' in html
    p0 = oracle(3, 4)[0]
    assert rf"\frac{{{p0.numerator}}}{{{p0.denominator}}}" in html
    assert maths.kind.value == "recursion"
