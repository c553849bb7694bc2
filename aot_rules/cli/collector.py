"""How a command that plays whole games sets the cyclic garbage collector: the driver's choice, never the engine's.

A turn of the table-top makes hundreds of thousands of short-lived objects (states, poses, trial paths) beside
long-lived caches; at Python's default thresholds the collector runs some 300 times a game and walks the whole heap
to find next to nothing, since the engine's values are immutable and freed by reference counting.  ``play``,
``simulate`` and the benchmark own their processes, so they may run it rarely while games are played; the engine
itself never touches process-wide state (a notebook kernel that plays a game keeps its own settings).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: The collector's thresholds while games are played: it still runs, every 50,000 allocations.
GAME_THRESHOLDS = (50_000, 100, 100)


@contextmanager
def few_collections() -> Iterator[None]:
    """Run the cyclic collector rarely inside the block, and as before after it (also when the block fails)."""
    old = gc.get_threshold()
    gc.set_threshold(*GAME_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*old)


def worker_collections() -> None:
    """A worker process's initializer: the same thresholds for the whole life of a process the driver owns."""
    gc.set_threshold(*GAME_THRESHOLDS)
