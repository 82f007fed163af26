"""What both Spider searches share: the limits they run under (a deadline, a count
of states, a progress report) and the cap on positions stored, reached as
:class:`GaveUp` with the reason in its message."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from ..solvers.result import Limits

class GaveUp(Exception):
    """A limit was reached: the message says which."""


# How many positions a search may store at once. The heuristic search counts the
# keys it has seen in a phase, its candidates for the next and the chains of parents
# it keeps (measured on 4-suit deal 2: 343 MB at 1,011,581 of them, about 350 bytes
# each, where a 60 s run stores some 750,000); the complete search its exact keys
# (54 MB at 300,000: about 190 bytes each, its stack included). Without a cap a
# search with no time limit grew fourfold a retry until the machine ran out of memory.
MAX_STORED = 2_500_000  # about 1 GB at the heuristic search's 400 bytes, as fc-solve's cap
STORED_BYTES = 400


def stored_cap() -> int:
    """How many positions a search may store: :data:`MAX_STORED`, or fewer when the
    process's address space or data size is limited (``ulimit -v`` / ``-d``: half of it),
    as FreeCell's fc-solve engine does."""
    from ..bounds import stored_cap as capped

    return capped(MAX_STORED, STORED_BYTES)


CACHE_MAX = 1 << 18  # columns' scores (or moves) kept: the caches are cleared when one grows past this


class Budget:
    """The limits both searches share: a deadline, a count of states (the heuristic
    search's expansions plus the complete search's positions), a progress report."""

    def __init__(self, limits: Limits, cap: int, cache: dict[Sequence[int], int], *more: dict[Any, Any]):
        self.started = time.perf_counter()
        self.deadline = None if limits.time is None else self.started + limits.time
        self.limits, self.cap, self.cache = limits, cap, cache
        self.caches = (cache, *more)  # each column's score, and what else the search keeps by column
        self.seen: set[bytes] = set()  # the complete search's positions, once it runs

    def check(self, n: int) -> None:
        """Called with each new state's count ``n`` (counts go up by one)."""
        if n & 1023 == 0:
            now = time.perf_counter()
            if self.deadline is not None and now >= self.deadline:
                raise GaveUp(f"time limit of {self.limits.time:g} s reached")
            if self.limits.progress is not None:
                self.limits.progress(n, now - self.started)
            if any(len(c) > CACHE_MAX for c in self.caches):
                for c in self.caches:
                    c.clear()
        if self.limits.states is not None and n >= self.limits.states:
            raise GaveUp(f"state limit of {self.limits.states:,} reached")

    def full(self) -> GaveUp:
        return GaveUp(f"position limit of {self.cap:,} reached")
