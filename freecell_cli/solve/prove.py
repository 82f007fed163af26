"""A complete depth-first search: proves a position unsolvable (or finds a way).

The best-first engine (:mod:`.builtin`) is complete too, but pays for a heuristic
and a heap on every position; a proof visits every reachable position anyway, so
here each one costs only its moves and a look-up. What keeps it small:

- a compact state: columns as ``bytes`` of card codes, free cells a sorted
  ``bytes``; the foundations follow from the cards left, so the key is columns and
  cells only;
- symmetry: the key sorts the columns, so positions that differ only by the order
  of columns are one; a move to an empty column goes to the first one only;
- safe foundation moves (nothing can ever land on the card) are made at once, as
  part of the move before them: they never cost a solution;
- no move of a whole column into an empty one (it changes nothing).

Every other legal move of the variant is tried, so when the search runs out of
positions, no solution exists: the verdict is ``unsolvable``, with the number of
positions explored.

>>> from freecell_cli import deal, find_variant
>>> r = prove(deal(2, cells=0), find_variant("standard"))
>>> r.verdict, r.states
('unsolvable', 1)
"""

from __future__ import annotations

import time

from ..position import Position
from ..variants import Variant
from .builtin import (CELL_TO_COL, COL_TO_CELL, COL_TO_COL, FIT, TO_HOME_FROM_CELL, TO_HOME_FROM_COL,
                      Search, key_of, run_length, _RUN, to_moves)
from .engine import GAVE_UP, SOLVED, UNSOLVABLE, Limits, Result

SOLVED_FOUND = (13, 13, 13, 13)
# ONTO[c]: the two cards ``c`` may be put on (one rank higher, the other colour).
ONTO = [tuple(d for d in range(52) if FIT[c][d]) for c in range(52)]


def moves_from(cols: tuple[bytes, ...], cells: bytes, found: tuple[int, ...], ncells: int, cap) -> list[tuple]:
    """The moves of :meth:`Search.successors` (the same set, in another order),
    found by looking up, for each movable card, the two cards it may go on, where
    that looks at every pair of columns. ``cap`` is the variant's capacity.

    >>> from freecell_cli import deal, find_variant
    >>> s = Search(deal(5), find_variant("site"), Limits())
    >>> state = s.start_state()
    >>> sorted(moves_from(*state, 4, find_variant("site").capacity)) == sorted(s.successors(*state))
    True
    """
    out: list[tuple] = []
    append = out.append
    first_empty = -1
    n_empty = 0
    top_at = {}
    for i, col in enumerate(cols):
        if col:
            c = col[-1]
            top_at[c] = i
            if found[c & 3] == c >> 2:
                append((TO_HOME_FROM_COL, i, 0, 1))
        else:
            n_empty += 1
            if first_empty < 0:
                first_empty = i
    for c in cells:
        if found[c & 3] == c >> 2:
            append((TO_HOME_FROM_CELL, c, 0, 1))
    get = top_at.get
    for c in cells:
        for d in ONTO[c]:
            j = get(d)
            if j is not None:
                append((CELL_TO_COL, c, j, 1))
        if first_empty >= 0:
            append((CELL_TO_COL, c, first_empty, 1))
    free = ncells - len(cells)
    cap_full = cap(free, n_empty)
    cap_empty = cap(free, n_empty - 1) if n_empty else 0
    for i, col in enumerate(cols):
        if not col:
            continue
        run = _RUN.get(col) or run_length(col)
        for k in range(1, max(1, min(run, cap_full)) + 1):  # one card goes anywhere it fits
            for d in ONTO[col[-k]]:
                j = get(d)
                if j is not None:
                    append((COL_TO_COL, i, j, k))
        if first_empty >= 0 and len(col) > 1:
            for k in range(min(run, cap_empty, len(col) - 1), 0, -1):  # a whole column gains nothing
                append((COL_TO_COL, i, first_empty, k))
    if free:
        for i, col in enumerate(cols):
            if col:
                append((COL_TO_CELL, i, 0, 1))
    return out


def prove(position: Position, variant: Variant, limits: Limits = Limits()) -> Result:
    """Search every position reachable from ``position`` under ``variant``, depth
    first, until a solution turns up (``solved``, with its moves, not shortened),
    none is left (``unsolvable``) or a limit is reached (``gave-up``).
    ``states`` counts the distinct positions explored."""
    start = time.perf_counter()
    search = Search(position, variant, limits)
    play = Search.play
    ncells_total, cap = search.ncells, variant.capacity
    closed0 = variant.automatic is None
    cols, cells, found = search.start_state()
    seen = {key_of(cols, cells)}
    time_limit, state_limit, progress = limits.time, limits.states, limits.progress
    states = 1
    verdict, path, reason = UNSOLVABLE, [], ""
    if found == SOLVED_FOUND:
        verdict = SOLVED
    else:
        # The stack holds, per depth, the position and the moves not tried yet from it.
        first = moves_from(cols, cells, found, ncells_total, cap)
        first.reverse()  # popped from the end: moves to the foundations first
        stack = [(cols, cells, found, first)]
        trail: list[tuple] = []  # the move that led to each stack entry but the first
        while stack:
            cols, cells, found, moves = stack[-1]
            if not moves:
                stack.pop()
                if trail:
                    trail.pop()
                continue
            move = moves.pop()
            ncols, ncells, nfound, _ = play(cols, cells, found, move, closed0 or len(stack) > 1)
            key = b"\xff".join(sorted(ncols)) + b"\xfe" + ncells
            if key in seen:
                continue
            seen.add(key)
            states += 1
            trail.append(move)
            if nfound == SOLVED_FOUND:
                verdict, path = SOLVED, list(trail)
                break
            nexts = moves_from(ncols, ncells, nfound, ncells_total, cap)
            nexts.reverse()
            stack.append((ncols, ncells, nfound, nexts))
            if states & 4095 == 0:
                elapsed = time.perf_counter() - start
                if time_limit is not None and elapsed > time_limit:
                    verdict, reason = GAVE_UP, f"time limit of {time_limit:g} s reached after {states:,} states"
                    break
                if progress is not None:
                    progress(states, elapsed)
            if state_limit is not None and states >= state_limit:
                verdict, reason = GAVE_UP, f"state limit of {state_limit:,} reached"
                break
    moves = to_moves(position, variant, path) if verdict == SOLVED else []
    return Result(verdict, "prove", moves, len(moves), states, time.perf_counter() - start, reason)


class ProveEngine:
    """:func:`prove` as an engine, for :func:`freecell_cli.solve.engine.solve`
    (which shortens and verifies what it finds). Always exhaustive.

    >>> from freecell_cli import deal, find_variant
    >>> from freecell_cli.solve.engine import solve
    >>> solve(deal(3, cells=1), find_variant("standard"), ProveEngine()).verdict
    'unsolvable'
    """

    name = "prove"

    def solve(self, position: Position, variant: Variant, limits: Limits, exhaustive: bool = True) -> Result:
        return prove(position, variant, limits)
