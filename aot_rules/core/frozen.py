"""A quicker :func:`dataclasses.replace` for the frozen records that only hold their fields.

``replace`` reads every field with ``getattr``, passes them all to ``__init__`` as keywords, and a frozen
``__init__`` stores each through ``object.__setattr__``: about 8 µs for a record of a dozen fields.  A record whose
``__init__`` does nothing but store its fields (no ``__post_init__``, no ``InitVar``, no field left out of
``__init__``, no ``__slots__``) is the same record once its ``__dict__`` holds the same values, so :func:`changed`
copies the dictionary, leaves out whatever cached properties it holds (worked out from the old fields, they are
worked out again when asked) and sets the changed fields: the record ``replace`` would make, equal and of the same
type, at a fraction of the cost.  A record that validates itself keeps ``replace``.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from functools import cache, cached_property
from typing import Any, TypeVar

T = TypeVar("T")


@cache
def _layout(cls: type) -> tuple[frozenset[str], tuple[str, ...]]:
    """The fields of ``cls`` and its cached properties, after checking that copying its ``__dict__`` is all its
    ``__init__`` would do."""
    params = getattr(cls, "__dataclass_params__", None)
    if not is_dataclass(cls) or params is None or not params.frozen:
        raise TypeError(f"{cls.__name__} is not a frozen dataclass")
    if hasattr(cls, "__post_init__") or hasattr(cls, "__slots__"):
        raise TypeError(f"{cls.__name__} does more than store its fields; use dataclasses.replace")
    if any(not f.init for f in fields(cls)):
        raise TypeError(f"{cls.__name__} has fields outside __init__; use dataclasses.replace")
    cached = {n for klass in cls.__mro__ for n, v in vars(klass).items() if isinstance(v, cached_property)}
    return frozenset(f.name for f in fields(cls)), tuple(sorted(cached))


def changed(record: T, **changes: Any) -> T:
    """``dataclasses.replace(record, **changes)`` for a frozen dataclass that only holds its fields (any cached
    property it holds is left behind)."""
    cls: type = type(record)
    names, cached = _layout(cls)
    if not names.issuperset(changes):
        raise TypeError(f"{cls.__name__} has no field {sorted(changes.keys() - names)[0]!r}")
    new: T = object.__new__(cls)
    state = new.__dict__
    state.update(record.__dict__)
    for name in cached:
        state.pop(name, None)
    state.update(changes)
    return new
