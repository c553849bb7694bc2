"""The comparison chapter's numbers: exact, read through the registries, and holding the claims the
page makes in words (monotonic trends, which Readings an answer rests on)."""

from __future__ import annotations

import dataclasses
import itertools
from fractions import Fraction
from math import ceil
from typing import Any

import pytest

from aot_rules import comparison as C
from aot_rules.core.errors import RuleError
from aot_rules.core.i18n import Message
from aot_rules.keys import Event, Law
from aot_rules.systems import get


def _fractions(obj: Any) -> list[Any]:
    """Every number inside a FirstFight / Upgrade (or a list of them); a label's words are not results."""
    if isinstance(obj, Message):
        return []
    if dataclasses.is_dataclass(obj):
        return [v for f in dataclasses.fields(obj) for v in _fractions(getattr(obj, f.name))]
    if isinstance(obj, (list, tuple)):
        return [v for x in obj for v in _fractions(x)]
    return [obj] if isinstance(obj, (int, float, Fraction)) and not isinstance(obj, bool) else []


def test_every_number_is_a_fraction() -> None:
    nums = _fractions(list(C.first_fights())) + _fractions([u for us in C.upgrades().values() for u in us])
    nums += [p for pts in C.shooting_curves(8).values() for _, p in pts]
    assert nums and all(isinstance(n, Fraction) for n in nums), [type(n) for n in nums if not isinstance(n, Fraction)]


def test_first_fights_add_up_and_are_symmetric() -> None:
    for f in C.first_fights():
        assert f.beaten + f.goes_on + f.enemy_beaten == 1, f.system
        assert f.beaten == f.enemy_beaten, f.system  # equal units: neither side has the edge
        assert 0 < f.beaten < 1 and 0 < f.goes_on < 1
        if f.worst is not None:
            assert 0 < f.worst <= f.beaten


def test_each_answer_is_the_registry_answer() -> None:
    aot = get("AOT-MELEE-RESULT").evaluate(a_ranks=(4, 4), a_weapon="spear", a_shield=True, b_ranks=(4, 4),
                                           b_weapon="spear", b_shield=True)
    assert C.aot_first_fight().beaten == aot.event(Event.b_wins)
    assert C.aot_first_fight().goes_on == aot.event(Event.continue_)
    aob = get("AOB-CLASH").evaluate(a_target=10, b_target=10).dist(Law.result)
    assert C.aob_first_fight(10).beaten == next(p for r, p in aob.items() if r.value == "b-wins")  # A flees
    sp = get("SP-MELEE-RESULT").evaluate(a_dice=6, b_dice=6)
    assert (C.sp_first_fight().beaten, C.sp_first_fight().goes_on) == (sp.event(Event.a_back), sp.event(Event.again))
    assert C.aot_volley(7) == get("AOT-SHOOT-HIT").evaluate(firers=7).dist(Law.hits).mean()
    assert C.bat_shot() == get("BAT-SHOOT-DAMAGE").evaluate().event(Event.hit)


def test_aob_clash_by_brute_force() -> None:
    """Equal targets on a d20, success at most T, casualties ⌈d/3⌉ compared at 2× (the Readings)."""
    for t in (1, 7, 10, 20):
        a_flees = Fraction(0)
        goes_on = Fraction(0)
        for ra, rb, ca, cb in itertools.product(range(1, 21), repeat=4):
            ka = ceil(ca / 3) if ra <= t else 0  # what A inflicts
            kb = ceil(cb / 3) if rb <= t else 0
            w = Fraction(1, 20 ** 4)
            if kb > 0 and kb >= 2 * ka:
                a_flees += w
            elif not (ka > 0 and ka >= 2 * kb):
                goes_on += w
        f = C.aob_first_fight(t)
        assert (f.beaten, f.goes_on) == (a_flees, goes_on), t


def test_sp_melee_by_brute_force() -> None:
    """Two pools of n dice: each 6 kills; the side with fewer kills falls back."""
    for n in (1, 2, 3):
        back = again = Fraction(0)
        for faces in itertools.product(range(1, 7), repeat=2 * n):
            ka, kb = faces[:n].count(6), faces[n:].count(6)
            w = Fraction(1, 6 ** (2 * n))
            back += w if ka < kb else 0
            again += w if ka == kb else 0
        f = C.sp_first_fight(dice=n)
        assert (f.beaten, f.goes_on) == (back, again)


def test_bat_fight_by_brute_force() -> None:
    """One die each (d6 + 3 against d6 + 3); a total at least double makes the other test; the test is
    three dice against Quality, one or more failures moving the base back."""
    for q in (1, 3, 5):
        beaten = flees = Fraction(0)
        p_fail = Fraction(6 - q, 6)
        moved = 1 - (1 - p_fail) ** 3
        for x, y in itertools.product(range(1, 7), repeat=2):
            if y + 3 >= 2 * (x + 3):
                beaten += Fraction(1, 36) * moved
                flees += Fraction(1, 36) * p_fail ** 3
        f = C.bat_first_fight(3, 3, q)
        assert (f.beaten, f.worst) == (beaten, flees), q


def test_brute_force_shooting() -> None:
    # AoT: one die per firer hitting below density 4 (on 1-3), veterans on 1-4
    assert C.aot_volley(3) == 3 * Fraction(3, 6)
    assert C.aot_volley(3, veteran=True) == 3 * Fraction(4, 6)
    # skirmish: dice by class (part-groups count), each hitting on 4+; one hit in six kills
    for n in (1, 4, 5, 9, 10, 20):
        dice = {"regulars": n, "elite": n + ceil(n / 4), "veterans": n + ceil(n / 5), "recruits": n - ceil(n / 5)}
        for q, d in dice.items():
            assert C.sp_hits(n, q) == (Fraction(d, 2), Fraction(d, 12)), (n, q)
    # Batalist: d6 + 3 > d6 + 3, bases independent
    p = Fraction(sum(1 for x, y in itertools.product(range(1, 7), repeat=2) if x > y), 36)
    assert C.bat_shot() == p and C.bat_volley(5).mean() == 5 * p
    assert C.bat_volley(4) == C.bat_volley(4)  # a Dist, summing to 1 by construction
    assert sum((w for _, w in C.bat_volley(4).items()), Fraction(0)) == 1


def test_more_shooters_never_fewer_hits() -> None:
    curves = C.shooting_curves(20)
    for name, pts in curves.items():
        values = [p for _, p in pts]
        assert all(a < b for a, b in itertools.pairwise(values)) or name.startswith("sp"), name
        assert all(a <= b for a, b in itertools.pairwise(values)), name
    # the class ladder: better troops never hit less
    for n in range(1, 21):
        hits = [C.sp_hits(n, q)[0] for q in C.SP_CLASSES]
        assert hits == sorted(hits), n


def test_higher_quality_is_never_worse() -> None:
    for q in range(1, 5):
        ap, flees, holds, fight = C.bat_quality(q)
        assert ap.gain > 0 and flees.gain < 0 and holds.gain > 0 and fight.gain < 0, q
    melee, shot = C.aot_veteran_melee(), C.aot_veteran_shooting()
    assert melee.gain < 0 and shot.gain == Fraction(1, 6)
    for t in range(1, 20):
        succ, flee = C.aob_attack_point(t)
        assert succ.gain == Fraction(1, 20) and flee.gain <= 0, t
    assert C.sp_quality_melee().gain < 0
    assert all(u.gain > 0 for u in C.sp_class_shooting())


def test_the_pages_trend_claims() -> None:
    """Words on the page: bigger skirmish pools draw less; denser AoT blocks settle sooner."""
    sp = [f.goes_on for _, f in C.sp_curve(30)]
    assert all(a > b for a, b in itertools.pairwise(sp))
    aot = [f.goes_on for _, f in C.aot_curve()]
    assert all(a > b for a, b in itertools.pairwise(aot))
    assert all(f.beaten < Fraction(1, 10) for _, f in C.bat_curve())


def test_what_each_answer_rests_on() -> None:
    """The Reading and blank admonitions on the page name exactly these."""
    ff = {f.system: f for f in C.first_fights()}
    assert ff["aot"].rests_on == ("AOT-MELEE-SHIELDWALL",)
    assert ff["aob"].rests_on == ("AOB-CLASH",)
    assert ff["sp"].rests_on == ()
    assert ff["bat"].rests_on == ("BAT-MELEE-DAMAGE",)
    ladder = C.sp_class_shooting()
    assert [set(u.rests_on) for u in ladder] == [{"SP-SHOOT-DICE-CLASS blank: to_hit"}] * 2 + [
        {"SP-SHOOT-DICE-CLASS blank: to_hit", "SP-SHOOT-DICE-CLASS"}]
    assert C.sensitive_inputs("BAT-SHOOT-DAMAGE", lambda o: o.event(Event.hit)) == ("BAT-SHOOT-DAMAGE",)
    assert C.sensitive_inputs("AOT-SHOOT-HIT", lambda o: o.dist(Law.hits)) == ()


def test_sensitivity_can_fail() -> None:
    """A headline that ignores the outcome depends on nothing; the detector is not vacuous."""
    assert C.sensitive_inputs("AOB-CLASH", lambda o: 0, a_target=10, b_target=10) == ()


def test_age_of_battles_shooting_is_refused() -> None:
    with pytest.raises(RuleError) as e:
        C.aob_volley(10)
    assert e.value.rule_id == "AOB-SCOPE" and "shooting" in e.value.message


def test_tables_and_plots_render() -> None:
    html = C.summary_table() + C.first_fight_table() + C.upgrade_table() + C.shooting_table()
    assert html.count('style="overflow-x:auto"') == 4 and "not in the source" in html
    pytest.importorskip("bokeh")
    plots = C.first_fight_plots() + C.shooting_plots(6)
    assert "cdn" not in plots.lower() and plots.count('data-plot="') == 2


def test_the_overlapping_lines_the_page_mentions() -> None:
    """The page says skirmish regulars at 4+ and AoT at density 4 coincide; other to-hits do not."""
    assert all(C.sp_hits(n)[0] == C.aot_volley(n) for n in range(1, 21))
    assert C.sp_hits(10, to_hit=5)[0] != C.aot_volley(10)
