"""One unit invariant, everywhere (issue 22, part 3): a unit's ranks as entered are one type
(:class:`aot_rules.core.ranks.Ranks`) that refuses an empty front rank, negative counts and impossible
counts, and every registered mechanic that takes a unit refuses an impossible one, naming the input."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aot_rules.cli import main
from aot_rules.core.errors import RuleError
from aot_rules.core.params import Param
from aot_rules.core.ranks import Ranks
from aot_rules.systems import all_mechanics

RANKS_INPUTS = [(m, p) for m in all_mechanics() for p in m.inputs if p.kind == "ranks"]
#: Ranks no unit can have: an empty front rank, negative counts, three ranks, no ranks, too many in a rank,
#: a density above every game's limit.
IMPOSSIBLE = ["0,4", "0", "0,0", "-1,4", "4,-1", "4,4,4", "", "100", "9,9", "6,6"]
#: Density and formed warriors (or strength) that no one- or two-rank unit has.
IMPOSSIBLE_DENSITY = [(4, 2), (2, 5), (3, 7), (1, 3)]


def test_the_registries_have_ranks_inputs_to_check() -> None:
    """The enumeration below is not vacuous: melee, shooting, artillery, chariots and elephants take units."""
    assert len({m.rule_id for m, _ in RANKS_INPUTS}) >= 10
    assert {p.name for _, p in RANKS_INPUTS} >= {"a_ranks", "b_ranks", "target_ranks", "a1_ranks", "a2_ranks"}


@pytest.mark.parametrize(("mechanic", "prm"), RANKS_INPUTS, ids=[f"{m.rule_id}:{p.name}" for m, p in RANKS_INPUTS])
def test_every_mechanic_refuses_impossible_ranks(mechanic: object, prm: Param) -> None:
    from aot_rules.core.registry import Mechanic

    assert isinstance(mechanic, Mechanic)
    for bad in IMPOSSIBLE:
        with pytest.raises(RuleError) as info:
            mechanic.evaluate(**{prm.name: bad})
        assert prm.name in info.value.params, (bad, str(info.value))


DENSITY_PAIRS = [(m, prefix, second) for m in all_mechanics() for prefix in ("", "target_", "a_", "b_")
                 for second in ("formed",)
                 if {prefix + "density", prefix + second} <= {p.name for p in m.inputs}]


def test_density_and_formed_pairs_exist() -> None:
    assert len(DENSITY_PAIRS) >= 10


@pytest.mark.parametrize(("mechanic", "prefix", "second"), DENSITY_PAIRS,
                         ids=[f"{m.rule_id}:{p}{s}" for m, p, s in DENSITY_PAIRS])
def test_every_mechanic_refuses_an_impossible_density(mechanic: object, prefix: str, second: str) -> None:
    from aot_rules.core.registry import Mechanic

    assert isinstance(mechanic, Mechanic)
    for density, formed in IMPOSSIBLE_DENSITY:
        with pytest.raises(RuleError) as info:
            mechanic.evaluate(**{prefix + "density": density, prefix + second: formed})
        assert {prefix + "density", prefix + second} & set(info.value.params), str(info.value)


@pytest.mark.parametrize("args", [
    ["odds", "shoot", "--firers", "4", "--target-ranks", "0,4"],
    ["odds", "AOT-MELEE-ENGAGE", "--a1-ranks", "0,4"],
    ["odds", "AOT-ART-SHOOT-LIGHT", "--target-ranks", "0,4"],
    ["odds", "melee", "--a-ranks", "0,4"],
    ["odds", "melee", "--a-ranks=-1,4"],
], ids=lambda a: " ".join(a[1:3]))
def test_the_command_line_refuses_an_empty_front_rank(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("error: AOT-")
    assert "ranks" in err and ("front rank is empty" in err or "cannot be negative" in err), err


@given(st.lists(st.integers(-3, 120), min_size=0, max_size=3))
def test_ranks_accepts_exactly_what_a_unit_can_be(counts: list[int]) -> None:
    ok = 1 <= len(counts) <= 2 and all(0 <= c <= 99 for c in counts) and counts[0] >= 1
    if ok:
        r = Ranks(counts)
        assert r == tuple(counts) and r.density == max(counts) and r.formed == sum(counts)
    else:
        with pytest.raises(ValueError):
            Ranks(counts)


def test_parsed_ranks_are_the_ranks_type() -> None:
    _, prm = RANKS_INPUTS[0]
    value = prm.coerce("4,3", "AOT-TEST")
    assert type(value) is Ranks and value == (4, 3)
