""":func:`aot_rules.core.frozen.changed` makes the record :func:`dataclasses.replace` makes (leaving cached properties
to be worked out again), and refuses the records it cannot copy that way (those that check themselves or have no
``__dict__``)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aot_rules.aot.rules.orders import Activity, UnitTurn
from aot_rules.aot.units import Unit
from aot_rules.core.frozen import changed
from aot_rules.tabletop.geometry import Pose


@given(active=st.booleans(), action=st.sampled_from([None, Activity.MOVE, Activity.SHOOT]),
       turns=st.integers(0, 3), in_contact=st.booleans())
def test_a_changed_record_is_the_replaced_one(active: bool, action: Activity | None, turns: int,
                                              in_contact: bool) -> None:
    t = UnitTurn("hoplites", mounted=True, general=True)
    new = changed(t, active=active, action=action, turns=turns, in_contact=in_contact)
    assert new == replace(t, active=active, action=action, turns=turns, in_contact=in_contact)
    assert type(new) is UnitTurn and hash(new) == hash(replace(new))
    assert t == UnitTurn("hoplites", mounted=True, general=True)  # the original is untouched
    with pytest.raises(AttributeError):
        new.active = not active  # type: ignore[misc]  # still frozen


def test_unknown_fields_and_records_that_do_more_are_refused() -> None:
    with pytest.raises(TypeError, match="no field 'colour'"):
        changed(UnitTurn("x"), colour="red")
    with pytest.raises(TypeError, match=r"dataclasses\.replace"):
        changed(Unit("x"), disordered=1)  # it checks itself in __post_init__
    with pytest.raises(TypeError, match=r"dataclasses\.replace"):
        changed(Pose(0.0, 0.0), x=1.0)  # slots: no __dict__ to copy

    @dataclass
    class Loose:
        a: int

    with pytest.raises(TypeError, match="not a frozen dataclass"):
        changed(Loose(1), a=2)


def test_a_cached_property_is_worked_out_again_not_carried_over() -> None:
    @dataclass(frozen=True)
    class Cached:
        a: int
        b: int = 0

        @cached_property
        def twice(self) -> int:
            return 2 * self.a

    old = Cached(1)
    assert old.twice == 2  # now held in the old record's __dict__
    new = changed(old, a=5)
    assert new.twice == 10 and new == Cached(5) and old.twice == 2
