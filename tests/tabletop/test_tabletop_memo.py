"""The identity memos (:mod:`aot_rules.tabletop.memo`) hand an answer back only for the very object it was worked
out from: an equal but distinct object, or another piece under the same id, is worked out afresh."""

from __future__ import annotations

from aot_rules.tabletop import memo


def test_by_identity_answers_again_only_for_the_same_objects() -> None:
    calls: list[tuple[object, ...]] = []

    @memo.by_identity
    def pair(a: tuple[int, ...], b: tuple[int, ...], *, flag: bool = False) -> tuple[int, ...]:
        calls.append((a, b, flag))
        return (*a, *b, int(flag))

    x, y = (1, 2), (3,)
    assert pair(x, y, flag=True) == (1, 2, 3, 1) and len(calls) == 1
    assert pair(x, y, flag=True) == (1, 2, 3, 1) and len(calls) == 1  # the same objects: kept
    assert pair(x, y) == (1, 2, 3, 0) and len(calls) == 2  # another keyword value: worked out
    twin = tuple([1, 2])  # equal to x, another object
    assert twin is not x and pair(twin, y, flag=True) == (1, 2, 3, 1) and len(calls) == 3


def test_by_identity_forgets_when_full_and_still_answers() -> None:
    @memo.by_identity
    def ident(a: object) -> int:
        return id(a)

    objs = [object() for _ in range(memo.KEPT_CALLS + 10)]
    assert [ident(o) for o in objs] == [id(o) for o in objs]
    assert [ident(o) for o in objs[:5]] == [id(o) for o in objs[:5]]


def test_by_identity_and_per_piece_keep_the_key_alive_and_check_it() -> None:
    kept: memo.ByIdentity[tuple[int, ...], str] = memo.ByIdentity()
    key = tuple(range(3))
    kept.put(key, "three")
    assert kept.get(key) == (key, "three") and kept.get(tuple(range(3))) is None
    per: memo.PerPiece[tuple[int, ...], int] = memo.PerPiece()
    a, b = object(), object()
    per.put(key, "A1", a, 7)
    assert per.get(key, "A1", a) == (a, 7)
    assert per.get(key, "A1", b) is None  # the same id, another piece object (moved, hurt)
    assert per.get(tuple(range(3)), "A1", a) is None  # an equal key that is not the same object


def test_a_changed_state_keeps_the_units_on_the_table_only_for_the_same_pieces() -> None:
    """:meth:`GameState.changed` carries the worked-out units on the table into a state with the very same pieces
    (a log line added), and works them out again for new pieces: a unit that left is gone from them."""
    from aot_rules.tabletop.events import Status
    from aot_rules.tabletop.scenarios import scenario

    state = scenario("delion", 0)
    on = state.fighting()
    logged = state.changed(log=state.log)
    assert logged.__dict__["_on_table"] is state.__dict__["_on_table"] and logged.fighting() is on
    gone = state.pieces[0].changed(status=Status.FLED)
    moved = state.with_piece(gone)
    assert "_on_table" not in moved.__dict__
    assert len(moved.fighting()) == len(on) - 1 and gone.id not in {p.id for p in moved.fighting()}
