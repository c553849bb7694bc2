"""Answers remembered by the identity of the immutable value they were worked out from.

A game's states are immutable and share their parts: every state of a slot holds the same tuple of pieces until a
unit moves or takes losses, and the same log until an action ends.  The player and the rules ask the same questions
of those parts many times (who is in contact, which enemies are nearest, what the slot's orders are), so an
answer kept with the very object it came from can be handed out again without hashing or comparing that object:
the object is kept alive with its answer, so no other object can take its ``id`` while the answer is kept.

This holds only for answers that depend on nothing but the key (and the arguments checked beside it): each user
says which parts of the state its answer reads.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Generic, ParamSpec, TypeVar

K = TypeVar("K")
V = TypeVar("V")

#: How many keys a memo keeps before it forgets them all (a slot's states alternate between a few pieces tuples and
#: logs, as a player tries options and winds them back).
KEPT = 64


class ByIdentity(Generic[K, V]):
    """Values kept by the identity of their key, at most :data:`KEPT` keys at a time."""

    __slots__ = ("_kept",)

    def __init__(self) -> None:
        self._kept: dict[int, tuple[K, V]] = {}

    def get(self, key: K) -> tuple[K, V] | None:
        """The key and its value, or None (so that a value may itself be None)."""
        hit = self._kept.get(id(key))
        return hit if hit is not None and hit[0] is key else None

    def put(self, key: K, value: V) -> V:
        if len(self._kept) >= KEPT:
            self._kept.clear()
        self._kept[id(key)] = (key, value)
        return value

    def clear(self) -> None:
        self._kept.clear()


class PerPiece(Generic[K, V]):
    """Answers about one piece, kept by the identity of a key they depend on (a state's tuple of pieces), each
    with the piece object it was worked out for (a piece with the same id but moved or hurt is another object,
    and gets its own answer)."""

    __slots__ = ("_by_key",)

    def __init__(self) -> None:
        self._by_key: ByIdentity[K, dict[str, tuple[object, V]]] = ByIdentity()

    def get(self, key: K, piece_id: str, piece: object) -> tuple[object, V] | None:
        """The piece and the answer kept for it, or None (so that an answer may itself be None)."""
        kept = self._by_key.get(key)
        if kept is None:
            return None
        hit = kept[1].get(piece_id)
        return hit if hit is not None and hit[0] is piece else None

    def put(self, key: K, piece_id: str, piece: object, value: V) -> V:
        kept = self._by_key.get(key)
        answers = self._by_key.put(key, {}) if kept is None else kept[1]
        answers[piece_id] = (piece, value)
        return value


P = ParamSpec("P")
R = TypeVar("R")
#: How many calls :func:`by_identity` keeps before it forgets them all.
KEPT_CALLS = 4096


def by_identity(fn: Callable[P, R]) -> Callable[P, R]:
    """``fn``'s answers kept by the identity of its positional arguments (kept alive with them) and the values of
    its keyword arguments: for a pure function of immutable values that are costly to hash (a unit hashes all
    its fields, ~10 µs) and are passed again as the very same objects (a unit stays one object until it changes).
    Put in front of an ``lru_cache`` it saves the hashing on every repeat; a new object falls through to it."""
    kept: dict[tuple[object, ...], tuple[tuple[object, ...], R]] = {}

    @functools.wraps(fn)
    def cached(*args: P.args, **kwargs: P.kwargs) -> R:
        key = (*map(id, args), *kwargs.items())
        hit = kept.get(key)
        if hit is not None and all(a is b for a, b in zip(hit[0], args, strict=True)):
            return hit[1]
        out = fn(*args, **kwargs)
        if len(kept) >= KEPT_CALLS:
            kept.clear()
        kept[key] = (args, out)
        return out

    return cached
