"""Proven-optimal solutions: the fewest non-foundation moves a position allows.

The metric is the beam benchmark's: a move to a free cell or a column costs one
(a run moved at once is one move, up to the variant's capacity), a move to a
foundation costs nothing. The search is A* over the compact state of
:mod:`.state`, with:

- an admissible lower bound (:func:`lower_bound`): cards that cannot all go home
  from where they lie (a card above a lower card of its own suit; cycles of such
  constraints across columns), counted by the runs they lie in. The bound is not
  always consistent (a move can lower it by more than one), so a position found
  again more cheaply after it was taken is queued again: the first goal taken is
  still optimal;
- every move of the variant (:func:`.state.moves`: moves into an empty column
  go to the first one only and never take a whole column, which changes only the
  order of columns); safe moves home made at once (they cost nothing and a card
  nothing can ever land on is never needed);
- positions told apart by their exact key (columns in any order, free cells as a
  set), each kept at its cheapest cost;
- the goal when every column is one run: then every card can go home, for
  nothing (the lowest card left is always on top of its column or in a cell).

A line found first by another engine (the beam: ``upper``) is an upper bound:
positions that cannot beat it are never queued, and when the queue's lowest
cost reaches it, that line is proven optimal. When a limit stops the search,
the best line known is returned with ``optimal=False`` and the proven
``lower_bound``.

>>> from freecell_cli import parse_position, find_variant
>>> from freecell_cli.solvers.engine import solve
>>> p = parse_position("----:QQJJ:QSKS/KC/KD/KHQH")  # KS off QS (to a cell), then all home
>>> r = solve(p, find_variant("standard"), OptimalEngine())
>>> r.verdict, r.nonfoundation_moves, r.optimal, r.lower_bound
('solved', 1, True, 1)
"""

from __future__ import annotations

import heapq
import time
from itertools import count
from typing import Any

from ..position import Position
from ..variants import Variant
from .result import GAVE_UP, SOLVED, UNSOLVABLE, Engine, Limits, Result
from .rules import FREECELL, Rules, rules_of
from .state import (TO_HOME_FROM_CELL, Cols, SMove, capacities, in_deal_order, key_of, moves, path_to, play,
                    start_state, to_moves)

__all__ = ["OptimalEngine", "lower_bound", "optimal_search"]

_BOUND: dict[bytes, int] = FREECELL.bounds  # FreeCell's; each Rules keeps its own


def column_bound(col: bytes, rules: Rules = FREECELL) -> int:
    """Moves that cost one which column ``col`` needs at least: its runs (each card
    one rank below the card under it, the other colour; the same suit where
    ``rules`` build by suit) that hold a card lying above a lower card of its own
    suit.

    >>> column_bound(bytes([0, 4]))  # AC under 2C: the 2 must move off first
    1
    >>> column_bound(bytes([4, 0]))  # 2C under AC: both go home as they are
    0
    >>> column_bound(bytes([0, 8, 4]))  # AC, 3C, 2C: 3C and 2C are two runs, both stuck
    2
    """
    bounds = rules.bounds
    got = bounds.get(col)
    if got is not None:
        return got
    FIT = rules.fit
    low = [99, 99, 99, 99]  # the lowest rank seen in each suit, from the bottom up
    need = 0
    counted = False  # the current run holds a stuck card already
    prev = -1
    for c in col:
        r, s = c >> 2, c & 3
        if prev < 0 or not FIT[c][prev]:
            counted = False  # a new run starts here
        if low[s] < r and not counted:
            need += 1
            counted = True
        if r < low[s]:
            low[s] = r
        prev = c
    if len(bounds) > 1_000_000:
        bounds.clear()
    bounds[col] = need
    return need


def lower_bound(cols: Cols, rules: Rules = FREECELL) -> int:
    """The admissible bound of a state's columns: never more than the moves that
    cost one still needed (checked against a breadth-first search in the tests).

    A card that never makes a move that costs one leaves its column only for its
    foundation: it goes home before every card below it, and after the card one
    rank below it of its own suit. Draw those "goes home before" relations as
    arrows between cards; in a cycle of them, the card at the start of some arrow
    "lies above" must move (it cannot go home first and last). So:

    - each run holding a card above a lower card of its own suit (a cycle within
      one column) costs one move (:func:`column_bound`);
    - then cycles across columns are found, shortest first (the lowest card
      first among equals), each through the runs no counted move takes cards
      from; each costs one more, and its runs are then counted as taken.

    One move takes cards from one run only (a run stays a run until the cards
    above it leave), so cycles whose runs are apart need moves apart. None of
    this asks how runs are built or what an empty column takes: under every
    game's ``rules`` the runs are that game's.

    >>> lower_bound((bytes([0, 4]), bytes([0 + 1, 4 + 1])))  # two columns, each AC under 2C
    2
    >>> lower_bound((bytes([0, 5]), bytes([1, 4])))  # AC under 2D, AD under 2C: one of the 2s must move
    1
    """
    FIT = rules.fit
    where: dict[int, int] = {}  # card -> its run's number
    below = [0] * 52  # cards below a card in its column, as bits
    runs: list[int] = []  # each run's cards, as bits
    stuck = 0  # the runs counted by column_bound, as bits of their cards
    h = 0
    for col in cols:
        h += column_bound(col, rules)
        under = 0
        low = [99, 99, 99, 99]
        counted = False
        prev = -1
        for c in col:
            if prev < 0 or not FIT[c][prev]:
                runs.append(0)
                counted = False
            runs[-1] |= 1 << c
            where[c] = len(runs) - 1
            below[c] = under
            under |= 1 << c
            r, s = c >> 2, c & 3
            if low[s] < r and not counted:
                counted = True
                stuck |= 1 << len(runs) - 1
            if r < low[s]:
                low[s] = r
            prev = c
    blocked = 0  # cards of the runs counted: their arrows "lies above" are spent
    for i, bits in enumerate(runs):
        if stuck >> i & 1:
            blocked |= bits
    # A card's shortest cycle only grows from round to round (arrows are only taken
    # away), and none is shorter than 4 (two arrows "lies above", each followed by
    # one of the suit: with one, the card above is counted already): a round stops
    # at the first cycle as short as the last round's; a card with none is not tried again.
    shortest: dict[int, int] = {}  # what is known of a card's shortest cycle (0: none)
    floor = 4
    order = sorted(where)
    while True:
        best: tuple[int, list[int]] | None = None
        for x in order:
            if not below[x] or blocked >> x & 1:
                continue
            known = shortest.get(x)
            if known == 0 or (known is not None and best is not None and known >= best[0]):
                continue
            levels = [below[x]]
            seen = below[x]
            length = 1
            hit = False
            while levels[-1] and (best is None or length + 1 < best[0]):
                nxt = 0
                bits = levels[-1]
                while bits:
                    c = (bits & -bits).bit_length() - 1
                    bits &= bits - 1
                    if c < 48:
                        nxt |= 1 << c + 4
                    if not blocked >> c & 1:
                        nxt |= below[c]
                length += 1
                if nxt >> x & 1:
                    hit = True
                    break
                nxt &= ~seen
                seen |= nxt
                levels.append(nxt)
            if not hit:
                shortest[x] = 0 if best is None else best[0]  # none at all, or none shorter than best
                continue
            shortest[x] = length
            if best is None or length < best[0]:
                best = (length, [x] + levels)
                if length == floor:
                    break
        if best is None:
            return h
        floor = best[0]
        x, levels = best[1][0], best[1][1:]
        taken = runs[where[x]]
        cur = x
        for bits in reversed(levels):
            while True:  # the lowest card of the level with an arrow to ``cur``
                p = (bits & -bits).bit_length() - 1
                bits &= bits - 1
                if p + 4 == cur:
                    break
                if not blocked >> p & 1 and below[p] >> cur & 1:
                    taken |= runs[where[p]]
                    break
            cur = p
        blocked |= taken
        h += 1


def _all_runs(cols: Cols, rules: Rules) -> bool:
    FIT = rules.fit
    for col in cols:
        for i in range(1, len(col)):
            if not FIT[col[i]][col[i - 1]]:
                return False
    return True


def _finish(cols: Cols, cells: bytes, found: tuple[int, ...], ncells: int, caps: list[list[int]],
            rules: Rules) -> list[SMove]:
    """Every card home, for nothing, from a state whose columns are each one run."""
    path: list[SMove] = []
    while found != (13, 13, 13, 13):
        home = next(m for m in moves(cols, cells, found, ncells - len(cells), caps, rules) if m[0] <= TO_HOME_FROM_CELL)
        cols, cells, found, _ = play(cols, cells, found, home, True, rules)
        cols = tuple(sorted(cols))
        path.append(home)
    return path


def optimal_search(position: Position, variant: Variant, limits: Limits = Limits(),
                   upper: int | None = None) -> tuple[str, list[SMove], int, int]:
    """A* for the fewest moves that cost one (:func:`_optimal_python`, run by the
    compiled core when it is built: the same positions in the same order).

    >>> from freecell_cli import parse_position, find_variant
    >>> p = parse_position("----:QQJJ:QSKS/KC/KD/KHQH")
    >>> verdict, path, taken, bound = optimal_search(p, find_variant("site"))
    >>> verdict, bound, sum(m[0] > 1 for m in path)
    ('solved', 1, 1)
    """
    from .core import compiled

    core = compiled()
    if core is None:
        return _optimal_python(position, variant, limits, upper)
    return _optimal_compiled(core, position, variant, limits, upper)


def _setup(position: Position, variant: Variant) -> tuple[int, list[list[int]], tuple[Cols, bytes, tuple[int, ...]]]:
    """(free cells, capacities, start state) of a search. Columns are kept sorted
    (as the complete search keeps them): a position is then the same tuple however
    it was reached, and the compiled core, which reads a position back from its
    key, sees the same moves in the same order."""
    ncells = len(position.cells)
    cols, cells, found = start_state(position, variant)
    return ncells, capacities(ncells, len(position.columns), variant.capacity), (tuple(sorted(cols)), cells, found)


def _stop(limits: Limits, start: float, taken: int) -> bool:
    """Whether a limit is reached with ``taken`` positions (checked by both searches
    at the same counts: every 256); reports progress every 4,096."""
    elapsed = time.perf_counter() - start
    if (limits.time is not None and elapsed > limits.time) or (limits.states is not None and taken >= limits.states):
        return True
    if limits.progress is not None and taken & 4095 == 0:
        limits.progress(taken, elapsed)
    return False


def _optimal_compiled(core: Any, position: Position, variant: Variant, limits: Limits,
                      upper: int | None) -> tuple[str, list[SMove], int, int]:
    """:func:`_optimal_python` in the compiled core (``_optimal.c``); the limits
    are checked here, where Python checks them (every 256 positions taken)."""
    ncells, caps, (cols, cells, found) = _setup(position, variant)
    closed0 = variant.automatic is None
    rules = rules_of(variant)
    search = core.OptimalSearch(cols, cells, found, ncells, caps, closed0, -1 if upper is None else upper, rules.code)
    start = time.perf_counter()
    while True:
        status, taken, bound = search.run(256)
        if status == SOLVED:
            path = search.path()
            for i, move in enumerate(path):
                cols, cells, found, _ = play(cols, cells, found, move, closed0 or i > 0, rules)
                cols = tuple(sorted(cols))
            return SOLVED, path + _finish(cols, cells, found, ncells, caps, rules), taken, bound
        if status != "running":
            return status, [], taken, bound  # bound, unsolvable, memory
        if _stop(limits, start, taken):
            return GAVE_UP, [], taken, bound


def _optimal_python(position: Position, variant: Variant, limits: Limits = Limits(),
                    upper: int | None = None) -> tuple[str, list[SMove], int, int]:
    """A* for the fewest moves that cost one. Returns (verdict, path, positions
    taken, lower bound): ``solved`` with an optimal path (its moves numbered
    for the columns kept sorted: :func:`.state.in_deal_order` renumbers them);
    ``bound`` when no line
    shorter than ``upper`` exists (the line that gave ``upper`` is optimal);
    ``unsolvable``; ``gave-up`` with the best bound proven so far.

    >>> from freecell_cli import parse_position, find_variant
    >>> p = parse_position("----:QQJJ:QSKS/KC/KD/KHQH")
    >>> verdict, path, taken, bound = _optimal_python(p, find_variant("site"))
    >>> verdict, bound, sum(m[0] > 1 for m in path)
    ('solved', 1, 1)
    """
    closed0 = variant.automatic is None  # as start_state(): windows plays its moves after a move
    ncells, caps, (cols, cells, found) = _setup(position, variant)
    rules = rules_of(variant)
    key0 = key_of(cols, cells)
    best = {key0: 0}
    parent: dict[bytes, tuple[bytes | None, SMove | None]] = {key0: (None, None)}
    tie = count()
    h0 = lower_bound(cols, rules)
    if upper is not None and h0 >= upper:
        return "bound", [], 0, upper
    heap = [(h0, 0, next(tie), cols, cells, found, key0)]
    taken = 0
    bound = h0
    start = time.perf_counter()
    while heap:
        f, ng, _, cols, cells, found, key = heapq.heappop(heap)
        g = -ng
        if best[key] < g:
            continue  # queued again since, cheaper
        bound = max(bound, f)  # the queue's lowest cost plus bound: no line is shorter
        if upper is not None and f >= upper:
            return "bound", [], taken, upper
        taken += 1
        if _all_runs(cols, rules):
            return SOLVED, path_to(parent, key) + _finish(cols, cells, found, ncells, caps, rules), taken, g
        if taken & 255 == 0 and _stop(limits, start, taken):
            return GAVE_UP, [], taken, bound
        closed = closed0 or key != key0
        for move in moves(cols, cells, found, ncells - len(cells), caps, rules):
            ng2 = g + (move[0] > TO_HOME_FROM_CELL)
            ncols, ncells_, nfound, _ = play(cols, cells, found, move, closed, rules)
            ncols = tuple(sorted(ncols))
            nkey = key_of(ncols, ncells_)
            old = best.get(nkey)
            if old is not None and old <= ng2:
                continue
            nf = ng2 + lower_bound(ncols, rules)
            if upper is not None and nf >= upper:
                continue  # it cannot beat the line known
            best[nkey] = ng2
            parent[nkey] = (key, move)
            heapq.heappush(heap, (nf, -ng2, next(tie), ncols, ncells_, nfound, nkey))
    if upper is not None:
        return "bound", [], taken, upper
    return UNSOLVABLE, [], taken, bound


class OptimalEngine:
    """:func:`optimal_search` as an engine: ``upper`` (when given) finds a first
    line, whose length bounds the search; the result says whether the line is
    proven ``optimal`` and the ``lower_bound`` proven.

    >>> OptimalEngine().name
    'optimal'
    """

    name = "optimal"
    shortens = True  # an optimal line cannot be shortened; a bounded one is the upper engine's

    def __init__(self, upper: Engine | None = None):
        self.upper = upper

    def solve(self, position: Position, variant: Variant, limits: Limits, exhaustive: bool = False) -> Result:
        start = time.perf_counter()
        first: Result | None = None
        if self.upper is not None:
            # The state limit is the optimal search's own: the first line only
            # gives it a bound (the time limit holds for both).
            first = self.upper.solve(position, variant, Limits(time=limits.time, progress=limits.progress), exhaustive)
            if first.verdict == SOLVED and not self.upper.shortens:
                from .shorten import shorten_moves

                first.moves = shorten_moves(position, variant, first.moves)
        spent = time.perf_counter() - start
        known = first if first is not None and first.verdict == SOLVED else None
        upper = known.nonfoundation_moves if known is not None else None
        verdict, path, taken, bound = optimal_search(position, variant, limits.remaining(spent), upper)
        seconds = time.perf_counter() - start
        states = taken + (first.states if first is not None else 0)
        if verdict == SOLVED:
            path = in_deal_order(position, variant, path)
            return Result(SOLVED, self.name, to_moves(position, variant, path), states=states, seconds=seconds,
                          optimal=True, lower_bound=bound)
        if verdict == "bound" and known is not None:
            return Result(SOLVED, f"{known.engine}+{self.name}", known.moves, states=states, seconds=seconds,
                          optimal=True, lower_bound=upper)
        if verdict == UNSOLVABLE:
            return Result(UNSOLVABLE, self.name, states=states, seconds=seconds)
        if verdict == "memory":
            reason = f"no memory left for more positions after {taken:,}"
        elif limits.states is not None and taken >= limits.states:
            reason = f"state limit of {limits.states:,} reached"
        else:
            reason = f"time limit of {limits.time:g} s reached after {taken:,} positions"
        if known is not None:
            return Result(SOLVED, f"{known.engine}+{self.name}", known.moves, states=states, seconds=seconds,
                          reason=reason, optimal=False, lower_bound=bound)
        return Result(GAVE_UP, self.name, states=states, seconds=seconds,
                      reason=f"{reason}: at least {bound} non-foundation moves", lower_bound=bound)

