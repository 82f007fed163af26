"""The built-in engine: weighted best-first search in pure Python.

It searches the compact state of :mod:`.state` (columns as ``bytes`` of card
codes, the free cells a sorted ``bytes``, foundations a 4-tuple) with its
canonical key (columns sorted) for the transposition table. Safe moves to the
foundations (nothing can ever land on the card: :func:`.state.is_safe`) are made
inside the search; they never cost a solution. The moves are the variant's own:
runs up to its capacity, so under ``site`` the search may use 2^free × (empty + 1)
runs that textbook rules would refuse, and a family game's rules (by suit, kings
only into an empty column: :mod:`.rules`). A found solution is shortened by the
post-pass (:mod:`.shorten`) before it is returned.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Generator
from itertools import count

from ..position import Position
from ..variants import Variant
from .result import GAVE_UP, SOLVED, UNSOLVABLE, Limits, Outcome, Result
from .features import INFO, column_info
from .rules import rules_of
from .shorten import shorten_path
from .state import (Cols, Found, SMove, State, capacities, clear_caches, in_search_order, key_of,
                    moves, path_to, play, start_state, to_moves)


class Search:
    def __init__(self, position: Position, variant: Variant, limits: Limits,
                 g_weight: float = 0.8):
        self.position = position
        self.variant = variant
        self.ncells = len(position.cells)
        self.caps = capacities(self.ncells, len(position.columns), variant.capacity)
        self.rules = rules_of(variant)
        self.limits = limits
        self.g_weight = g_weight
        self.states = 0
        clear_caches()  # the column caches serve one search; keep them bounded

    # -- moves ------------------------------------------------------------------
    def successors(self, cols: Cols, cells: bytes, found: Found) -> list[SMove]:
        """The moves of :func:`.state.moves`, in the order this search tries them
        (:func:`.state.in_search_order`: the order breaks its ties)."""
        return in_search_order(moves(cols, cells, found, self.ncells - len(cells), self.caps, self.rules), cols)

    # -- heuristic ----------------------------------------------------------------
    def h(self, cols: Cols, cells: bytes, found: Found) -> int:
        """Estimated work left: cards not home, cards lying above a lower card,
        cards above the next card each suit needs; free cells and empty columns
        count in favour."""
        # The next card each suit needs (53: a suit already complete, depth 0).
        c0 = found[0] * 4 if found[0] < 13 else 53
        c1 = found[1] * 4 + 1 if found[1] < 13 else 53
        c2 = found[2] * 4 + 2 if found[2] < 13 else 53
        c3 = found[3] * 4 + 3 if found[3] < 13 else 53
        dis = depth = empty = 0
        for col in cols:
            if col:
                info = INFO.get(col)
                if info is None:
                    info = column_info(col)
                dis += info[0]
                t = info[1]
                depth += t[c0] + t[c1] + t[c2] + t[c3]
            else:
                empty += 1
        home = found[0] + found[1] + found[2] + found[3]
        free = self.ncells - len(cells)
        return (52 - home) + 2 * dis + depth - free - 2 * empty

    def start_state(self) -> State:
        """:func:`.state.start_state` of the position searched."""
        return start_state(self.position, self.variant)

    # -- search -------------------------------------------------------------------
    def explore(self, weight: float, every: int = 1) -> Generator[int, int | None, tuple[Outcome, list[SMove], int]]:
        """The best-first search as a generator: positions are taken by moves made
        so far times ``weight`` plus :meth:`h`; yields the count of positions taken
        at each multiple of ``every`` (one sent back is the next slice), returns
        (verdict, path, count). Complete: running out of positions is a proof.
        :meth:`run` and the prover's race drive it."""
        closed = self.variant.automatic is None  # see start_state()
        cols, cells, found = self.start_state()
        key0 = key_of(cols, cells)
        parent: dict[bytes, tuple[bytes | None, SMove | None]] = {key0: (None, None)}
        tie = count()
        heap = [(0.0, next(tie), 0, cols, cells, found, key0)]
        h = self.h
        rules = self.rules
        states = 0
        stop = every
        while heap:
            _, _, g, cols, cells, found, key = heapq.heappop(heap)
            states += 1
            if found == (13, 13, 13, 13):
                return SOLVED, self._path(parent, key), states
            if states == stop:  # a multiple of the slice; one sent back is the next slice
                every = (yield states) or every
                stop = (states // every + 1) * every
            for move in self.successors(cols, cells, found):
                ncols, ncells_, nfound, _ = play(cols, cells, found, move, closed or g > 0, rules)
                nkey = key_of(ncols, ncells_)
                if nkey in parent:
                    continue
                parent[nkey] = (key, move)
                heapq.heappush(heap, (g * weight + h(ncols, ncells_, nfound), next(tie), g + 1, ncols, ncells_,
                                      nfound, nkey))
        return UNSOLVABLE, [], states

    def run(self) -> tuple[Outcome, list[SMove], str]:
        """:meth:`explore` under this search's weight and limits (checked at every
        position: the state limit exactly, the clock every 256)."""
        start = time.perf_counter()
        time_limit, state_limit = self.limits.time, self.limits.states
        progress = self.limits.progress
        search = self.explore(self.g_weight)
        try:
            while True:
                self.states = next(search)
                if self.states & 255 == 0:
                    elapsed = time.perf_counter() - start
                    if time_limit is not None and elapsed > time_limit:
                        return GAVE_UP, [], f"time limit of {time_limit:g} s reached after {self.states:,} states"
                    if progress is not None and self.states & 4095 == 0:
                        progress(self.states, elapsed)
                if state_limit is not None and self.states >= state_limit:
                    return GAVE_UP, [], f"state limit of {state_limit:,} reached"
        except StopIteration as done:
            verdict, path, self.states = done.value
            return verdict, path, ""
        finally:
            search.close()

    @staticmethod
    def _path(parent: dict[bytes, tuple[bytes | None, SMove | None]], key: bytes) -> list[SMove]:
        return path_to(parent, key)


class BuiltinEngine:
    """Weighted best-first search in phases: a careful weighting first (short
    solutions), then greedier ones when a deal takes long. Each phase is a complete
    search: one that runs out of positions proves the deal unsolvable."""

    name = "builtin"
    shortens = True  # its line goes through the post-pass here, in the search's own terms
    # (weight of the moves made so far, states before moving on; None: the rest)
    PHASES = ((0.8, 20_000), (0.2, 100_000), (0.0, None))

    def solve(self, position: Position, variant: Variant, limits: Limits, exhaustive: bool = False) -> Result:
        start = time.perf_counter()
        total = 0
        path: list[SMove] = []
        search: Search | None = None
        verdict, reason = GAVE_UP, ""
        for weight, budget in self.PHASES:
            left_time = None if limits.time is None else limits.time - (time.perf_counter() - start)
            if left_time is not None and left_time <= 0:
                break
            left_states = None if limits.states is None else limits.states - total
            if left_states is not None and left_states <= 0:
                break
            cap = left_states if budget is None else (budget if left_states is None else min(budget, left_states))
            search = Search(position, variant, Limits(left_time, cap, limits.progress), g_weight=weight)
            verdict, path, reason = search.run()
            total += search.states
            if verdict != GAVE_UP:
                break
            if not (budget is not None and cap == budget and search.states >= cap):
                break  # the caller's limit, not this phase's budget, stopped it
        # Say which of the caller's limits ended the search, over all phases.
        if verdict == GAVE_UP and limits.states is not None and total >= limits.states:
            reason = f"state limit of {limits.states:,} reached"
        elif verdict == GAVE_UP and limits.time is not None:
            reason = f"time limit of {limits.time:g} s reached after {total:,} states"
        if verdict == SOLVED:
            path = shorten_path(position, variant, path)
        moves = to_moves(position, variant, path) if verdict == SOLVED else []
        return Result(verdict, self.name, moves, len(moves), total, time.perf_counter() - start, reason)
