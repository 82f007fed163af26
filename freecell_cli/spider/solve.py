"""The Spider solver: a greedy best-first search over every card's place (the
solver knows the face-down cards and the stock, as every Spider solver does).

Limits in (seconds, states, a progress function: FreeCell's engines'
:class:`~freecell_cli.solvers.result.Limits`), a :class:`Result` out whose verdict
is ``solved`` or ``gave-up``. The search prunes moves that cannot help (see ``_Search.children``),
so it never proves a deal unsolvable and never answers ``unsolvable``. Every
solution is replayed by :func:`freecell_cli.spider.verify.verify` before
:func:`solve` returns it.

>>> from freecell_cli.spider.deals import deal
>>> r = solve(deal(1, suits=1), Limits(time=30))
>>> r.verdict, r.move_count == len(r.moves) > 0
('solved', True)
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# the same limits and failure as FreeCell's engines (spider.solve.Limits stays a path to them)
from ..solvers.result import Limits as Limits
from ..solvers.result import Outcome
from ..solvers.result import SolverError as SolverError
from .cards import code, from_code
from .moves import DEAL, Move, notation
from .position import Column, Position

SOLVED, UNSOLVABLE, GAVE_UP = Outcome.SOLVED.value, Outcome.UNSOLVABLE.value, Outcome.GAVE_UP.value  # plain text
DOWN = 64  # flag on a face-down card's code (codes are below 64)


@dataclass
class Result:
    verdict: str
    moves: list[Move] = field(default_factory=list)  # in notation, from the start position
    cards: list[int] = field(default_factory=list)  # cards each move carries (0 for a deal)
    states: int = 0
    seconds: float = 0.0
    reason: str = ""
    start: Position | None = field(default=None, repr=False)  # set by freecell_cli.spider_solve

    @property
    def move_count(self) -> int:
        return len(self.moves)

    @property
    def notation(self) -> list[str]:
        return [str(m) for m in self.moves]

    def steps(self) -> list[dict[str, Any]]:
        """``{"from": c, "to": c, "cards": n}`` (columns 1-10) or ``{"deal": True}``."""
        return [{"deal": True} if m.is_deal else {"from": m.source + 1, "to": m.dest + 1, "cards": n}  # type: ignore[operator]
                for m, n in zip(self.moves, self.cards)]


# -- weights of the evaluation (lower is better); tuned on 4-suit deals 1-25, checked on 1 and 2 --
W_DOWN = 12  # a face-down card
W_BREAK = 12  # two face-up cards that are not in rank order
W_SUIT = 8  # in rank order but of different suits
W_EMPTY = 15  # bonus for an empty column
W_RUN = 60  # bonus for a removed run
W_STOCK = 1  # a card still in the stock
W_CLEAN = 10  # a column with cards, none face down: it can be emptied by moves alone


Col = tuple[int, ...]  # card codes, bottom to end; DOWN marks a face-down card
Cols = tuple[Col, ...]
Scores = dict[Col, int]


def _column_score(col: Col, cache: Scores) -> int:
    s = cache.get(col)
    if s is not None:
        return s
    if not col:
        s = -W_EMPTY
    else:
        s = 0 if col[0] & DOWN else -W_CLEAN
        prev = None
        for c in col:
            if c & DOWN:
                s += W_DOWN
                continue
            if prev is not None:
                if prev != c + 1:
                    s += W_SUIT if (prev & 15) == (c & 15) + 1 else W_BREAK
            prev = c
    cache[col] = s
    return s


def _run(col: Col) -> int:
    """Cards at the end that move together."""
    n = len(col)
    if not n:
        return 0
    i = n - 1
    while i > 0 and col[i - 1] == col[i] + 1:
        i -= 1
    return n - i


def _finish(col: Col) -> tuple[Col, bool]:
    """Remove a complete run at the end; turn up an uncovered card."""
    removed = False
    if len(col) >= 13 and (col[-1] & 15) == 1 and col[-13] == col[-1] + 12 and _run(col) >= 13:
        col = col[:-13]
        removed = True
    if col and col[-1] & DOWN:
        col = col[:-1] + (col[-1] & ~DOWN,)
    return col, removed


def _encode(position: Position) -> Cols:
    return tuple(tuple(code(c) | DOWN for c in col.down) + tuple(code(c) for c in col.up)
                 for col in position.columns)


class _Node:
    __slots__ = ("cols", "k", "removed", "h", "g", "parent", "move", "n")

    def __init__(self, cols: Cols, k: int, removed: int, h: int, g: int, parent: _Node | None,
                 move: tuple[int, int] | None, n: int):
        self.cols, self.k, self.removed, self.h, self.g = cols, k, removed, h, g
        self.parent, self.move, self.n = parent, move, n


class _Search:
    """What every search strategy shares: the encoded start, the stock, the
    evaluation cache, the set of positions seen, and the expansion of a node."""

    def __init__(self, position: Position, unrestricted: bool):
        self.stock = tuple(code(c) for c in position.stock)
        self.deals = len(self.stock) // 10
        self.runs_left = 8 - len(position.removed)
        self.unrestricted = unrestricted
        self.cache: Scores = {}
        cols = _encode(position)
        self.root = _Node(cols, 0, 0, self.evaluate(cols, 0, 0), 0, None, None, 0)
        self.expanded = 0

    def evaluate(self, cols: Cols, k: int, removed: int) -> int:
        cache = self.cache
        return sum(_column_score(c, cache) for c in cols) + W_STOCK * 10 * (self.deals - k) - W_RUN * removed

    def children(self, node: _Node, seen: set[int]) -> list[_Node]:
        """The positions one column move from ``node`` not in ``seen`` (added to it).
        Pruned: a run moved off a card it follows in rank onto a card of another
        suit (nothing gained), part of a run into an empty column, a whole column
        into an empty one; and only the first empty column is tried."""
        self.expanded += 1
        cache = self.cache
        out: list[_Node] = []
        cols, removed, g = node.cols, node.removed, node.g + 1
        base = node.h
        # Columns by the rank of their last card: a source looks up only the
        # ranks its run can go on instead of trying all nine other columns.
        tops: list[list[int]] = [[] for _ in range(14)]
        first_empty = -1
        for i, c in enumerate(cols):
            if c:
                tops[c[-1] & 15].append(i)
            elif first_empty < 0:
                first_empty = i
        for s in range(10):
            src = cols[s]
            if not src:
                continue
            run = _run(src)
            low = src[-1] & 15
            length = len(src)
            for n in range(1, min(run, 13 - low) + 1):
                ds = tops[low + n]
                if not ds:
                    continue
                first = src[-n]
                # a run that already follows the card under it in rank gains
                # only by moving onto its own suit
                follows = n < length and not src[-n - 1] & DOWN and (src[-n - 1] & 15) == (first & 15) + 1
                for d in ds:
                    if follows and cols[d][-1] != first + 1:
                        continue
                    self._child(node, s, d, n, seen, out, cache, base, g, removed)
            if first_empty >= 0 and run < length:
                self._child(node, s, first_empty, run, seen, out, cache, base, g, removed)
        return out

    @staticmethod
    def _child(node: _Node, s: int, d: int, n: int, seen: set[int], out: list[_Node], cache: Scores,
               base: int, g: int, removed: int) -> None:
        cols = node.cols
        src, dst = cols[s], cols[d]
        new_src, _ = _finish(src[:-n])
        new_dst, done = _finish(dst + src[-n:])
        ncols = list(cols)
        ncols[s] = new_src
        ncols[d] = new_dst
        t = tuple(ncols)
        key = hash(t)
        if key in seen:
            return
        seen.add(key)
        h = (base - _column_score(src, cache) - _column_score(dst, cache)
             + _column_score(new_src, cache) + _column_score(new_dst, cache) - W_RUN * done)
        out.append(_Node(t, node.k, removed + done, h, g, node, (s, d), n))

    @staticmethod
    def key(cols: Cols) -> int:
        return hash(cols)


class _OutOfTime(Exception):
    pass


def _dealt(search: _Search, node: _Node) -> _Node:
    """The node after the next deal (the caller checked a deal is allowed)."""
    cache, stock, k = search.cache, search.stock, node.k
    ncols = list(node.cols)
    rem = node.removed
    h = node.h - W_STOCK * 10
    for i in range(10):
        old = ncols[i]
        card = stock[k * 10 + i]
        new = old + (card,)
        if card & 15 == 1:  # only an ace can complete a run
            new, done = _finish(new)
            rem += done
            h -= W_RUN * done
        h += _column_score(new, cache) - _column_score(old, cache)
        ncols[i] = new
    return _Node(tuple(ncols), k + 1, rem, h, node.g + 1, node, None, 0)


def _phased(search: _Search, width: int, budget: int, clock: Callable[[], None]) -> _Node | None:
    """The game splits at each deal from the stock. In each phase, a best-first
    search over column moves (``budget`` expansions from each of ``width`` starts)
    looks for the positions that are best *after* the next deal; the ``width``
    best of those, dealt, start the next phase. The last phase searches for the win."""
    frontier = [search.root]
    goal = search.runs_left
    push, pop = heapq.heappush, heapq.heappop
    for phase in range(search.root.k, search.deals + 1):
        last = phase == search.deals
        seen: set[int] = set()
        candidates: list[tuple[int, int, _Node]] = []
        counter = order = 0
        for start in frontier:
            seen.add(search.key(start.cols))
            heap = [(start.h, order, start)]
            spent = 0
            while heap and spent < (budget * 4 if last else budget):
                _, _, node = pop(heap)
                clock()
                spent += 1
                if not last and (search.unrestricted or all(node.cols)):
                    dealt = _dealt(search, node)
                    if dealt.removed == goal:
                        return dealt
                    counter += 1
                    candidates.append((dealt.h, counter, dealt))
                for child in search.children(node, seen):
                    if child.removed == goal:
                        return child
                    order += 1
                    push(heap, (child.h, order, child))
        if last or not candidates:
            return None
        frontier = []
        keys: set[int] = set()
        for _, _, node in sorted(candidates):
            key = hash(node.cols)
            if key not in keys:
                keys.add(key)
                frontier.append(node)
                if len(frontier) == width:
                    break
    return None


def _search(position: Position, limits: Limits, unrestricted: bool) -> tuple[_Node | None, int, str]:
    search = _Search(position, unrestricted)
    if search.runs_left == 0:
        return search.root, 0, ""
    started = time.perf_counter()
    deadline = None if limits.time is None else started + limits.time

    def clock() -> None:
        n = search.expanded
        if n & 1023 == 0:
            now = time.perf_counter()
            if deadline is not None and now >= deadline:
                raise _OutOfTime(f"time limit of {limits.time:g} s reached")
            if limits.progress is not None:
                limits.progress(n, now - started)
        if limits.states is not None and n >= limits.states:
            raise _OutOfTime(f"state limit of {limits.states:,} reached")

    try:
        # Restarts with four times the width: most deals fall to a small search,
        # and the last, largest try costs three times as much as all before it.
        # On hard 4-suit deals more positions a phase beat deeper searches from few.
        width, budget = FIRST_WIDTH, FIRST_BUDGET
        goal = None
        while goal is None:
            goal = _phased(search, width, budget, clock)
            width, budget = width * WIDTH_GROWTH, budget * BUDGET_GROWTH
    except _OutOfTime as e:
        return None, search.expanded, str(e)
    return goal, search.expanded, ""


FIRST_WIDTH, FIRST_BUDGET = 2, 250  # the first try: 2 positions a phase, 250 expansions each
WIDTH_GROWTH, BUDGET_GROWTH = 4, 1  # each retry: more positions a phase, not deeper


def solve(position: Position, limits: Limits = Limits(time=60.0), unrestricted: bool = False) -> Result:
    """Search for a solution from ``position`` and verify it before returning it.
    ``limits``: :class:`Limits` (seconds, states, a progress function; 60 s when
    none are given). A line the verifier rejects is a :class:`SolverError`, as
    FreeCell's engines' (a bug, never shown as a solution)."""
    from .. import checks
    from ..errors import ArgumentTypeError
    from .position import check_position
    from .verify import Solution, verify

    position = check_position(position)
    if not isinstance(limits, Limits):
        raise ArgumentTypeError(f"limits must be Limits(time=..., states=...), not {type(limits).__name__}")
    if limits.time is not None:
        checks.seconds(limits.time, "limits.time")  # (0 stays 0 here: give up at once)
    checks.optional_whole(limits.states, "limits.states", 1)
    checks.callback(limits.progress, "limits.progress", "states, seconds")
    unrestricted = checks.flag(unrestricted, "unrestricted")
    started = time.perf_counter()
    goal, states, reason = _search(position, limits, unrestricted)
    seconds = time.perf_counter() - started
    if goal is None:
        return Result(GAVE_UP, states=states, seconds=seconds, reason=reason, start=position)
    raw: list[tuple[tuple[int, int] | None, int]] = []
    node = goal
    while node.parent is not None:
        raw.append((node.move, node.n))
        node = node.parent
    raw.reverse()
    moves: list[Move] = []
    cards: list[int] = []
    p = position
    from .moves import _apply

    for mv, n in raw:
        m = DEAL if mv is None else Move(mv[0], mv[1], n)
        moves.append(notation(p, m))
        cards.append(n)
        p = _apply(p, m, unrestricted)
    verdict = verify(Solution(tuple(str(m) for m in moves)), position, unrestricted)
    if not verdict.ok:
        raise SolverError(f"the solver's line fails our verifier: {verdict.summary()}")
    return Result(SOLVED, moves, cards, states, time.perf_counter() - started, start=position)


def decode_column(col: Col) -> Column:
    down = tuple(from_code(c & ~DOWN) for c in col if c & DOWN)
    up = tuple(from_code(c) for c in col if not c & DOWN)
    return Column(down, up)
