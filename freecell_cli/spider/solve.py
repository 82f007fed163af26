"""The Spider solver: a greedy best-first search over every card's place, and a
complete search behind it (the solver knows the face-down cards and the stock,
as every Spider solver does).

Limits in (seconds, states, a progress function: FreeCell's engines'
:class:`~freecell_cli.solvers.result.Limits`), a :class:`Result` out whose verdict
is ``solved``, ``unsolvable`` or ``gave-up``. The heuristic search prunes moves that
cannot help (see ``_Search.children``), so it proves nothing; when it has nothing
left to try (and no limit stopped it), or at once with ``exhaustive``, a complete
depth-first search over every legal move (:func:`_complete`) settles the question:
when it runs out of positions, no win exists. Both store at most ``max_stored``
positions (:func:`stored_cap`) and give up there. Every solution is replayed by
:func:`freecell_cli.spider.verify.verify` before :func:`solve` returns it.

>>> from freecell_cli.spider.deals import deal
>>> r = solve(deal(1, suits=1), Limits(time=30))
>>> r.verdict, r.move_count == len(r.moves) > 0
('solved', True)
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Sequence
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
    positions: int = 0  # positions the complete search stored (0 when it did not run)

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
Scores = dict[Sequence[int], int]  # a column's score by its codes (a tuple, or bytes in the complete search)


def _column_score(col: Sequence[int], cache: Scores) -> int:
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


def _run(col: Sequence[int]) -> int:
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


class _GaveUp(Exception):
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


CACHE_MAX = 1 << 18  # column scores kept: the cache is cleared when it grows past this


class _Budget:
    """The limits both searches share: a deadline, a count of states (the heuristic
    search's expansions plus the complete search's positions), a progress report."""

    def __init__(self, limits: Limits, cap: int, cache: Scores):
        self.started = time.perf_counter()
        self.deadline = None if limits.time is None else self.started + limits.time
        self.limits, self.cap, self.cache = limits, cap, cache
        self.seen: set[bytes] = set()  # the complete search's positions, once it runs

    def check(self, n: int) -> None:
        """Called with each new state's count ``n`` (counts go up by one)."""
        if n & 1023 == 0:
            now = time.perf_counter()
            if self.deadline is not None and now >= self.deadline:
                raise _GaveUp(f"time limit of {self.limits.time:g} s reached")
            if self.limits.progress is not None:
                self.limits.progress(n, now - self.started)
            if len(self.cache) > CACHE_MAX:
                self.cache.clear()
        if self.limits.states is not None and n >= self.limits.states:
            raise _GaveUp(f"state limit of {self.limits.states:,} reached")

    def full(self) -> _GaveUp:
        return _GaveUp(f"position limit of {self.cap:,} reached")


def _deal(search: _Search, node: _Node) -> tuple[list[Col], int, int]:
    """The columns after the next deal from ``node`` (the caller checked a deal is
    allowed), their score and the runs removed so far."""
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
    return ncols, h, rem


def _dealt(search: _Search, node: _Node) -> _Node:
    """The node after the next deal."""
    ncols, h, rem = _deal(search, node)
    return _Node(tuple(ncols), node.k + 1, rem, h, node.g + 1, node, None, 0)


def _phased(search: _Search, width: int, budget: int, clock: _Budget) -> tuple[_Node | None, bool]:
    """The game splits at each deal from the stock. In each phase, a best-first
    search over column moves (``budget`` expansions from each of ``width`` starts)
    looks for the positions that are best *after* the next deal; the ``width``
    best of those, dealt, start the next phase. The last phase searches for the win.

    Returns the goal (or None) and whether a wider (or deeper) try would search
    more: False when no phase had more starts than ``width`` (nor, when retries go
    deeper, a start left unexpanded), so another try would repeat this one."""
    frontier = [search.root]
    goal = search.runs_left
    push, pop = heapq.heappush, heapq.heappop
    cap = clock.cap
    cut = False
    # Nodes kept alive from the phases before (the frontier's chains of parents):
    # at most each start's depth, counted against the cap with the phase's own.
    held = 0
    for phase in range(search.root.k, search.deals + 1):
        last = phase == search.deals
        seen: set[int] = set()
        candidates: list[tuple[int, int, _Node]] = []
        counter = order = 0
        for start in frontier:
            seen.add(search.key(start.cols))
            heap = [(start.h, order, start)]
            spent = 0
            limit = budget * 4 if last else budget
            while heap and spent < limit:
                _, _, node = pop(heap)
                clock.check(search.expanded)
                spent += 1
                if not last and (search.unrestricted or all(node.cols)):
                    # A candidate waits as the node before the deal (ten new columns
                    # each were most of a phase's memory); the few that start the
                    # next phase are dealt again below.
                    _, h, removed = _deal(search, node)
                    if removed == goal:
                        return _dealt(search, node), cut
                    counter += 1
                    candidates.append((h, counter, node))
                for child in search.children(node, seen):
                    if child.removed == goal:
                        return child, cut
                    order += 1
                    push(heap, (child.h, order, child))
                if len(seen) + counter + held >= cap:
                    raise clock.full()
            if heap and BUDGET_GROWTH > 1:
                cut = True
        if last or not candidates:
            return None, cut
        frontier = []
        keys: set[int] = set()
        candidates.sort()
        for _, _, node in candidates:
            dealt = _dealt(search, node)
            key = hash(dealt.cols)
            if key not in keys:
                if len(frontier) == width:
                    cut = True  # a wider try would start from more positions
                    break
                keys.add(key)
                frontier.append(dealt)
        del candidates
        held = sum(node.g for node in frontier)
    return None, cut


def _heuristic(search: _Search, clock: _Budget) -> tuple[_Node | None, bool]:
    """Restarts with four times the width: most deals fall to a small search,
    and the last, largest try costs three times as much as all before it.
    On hard 4-suit deals more positions a phase beat deeper searches from few.
    Returns the goal, or None and False when a retry would repeat the last try
    (the search has nothing left to try); a limit raises :class:`_GaveUp`."""
    width, budget = FIRST_WIDTH, FIRST_BUDGET
    while True:
        goal, cut = _phased(search, width, budget, clock)
        if goal is not None or not cut:
            return goal, cut
        width, budget = width * WIDTH_GROWTH, budget * BUDGET_GROWTH


FIRST_WIDTH, FIRST_BUDGET = 2, 250  # the first try: 2 positions a phase, 250 expansions each
WIDTH_GROWTH, BUDGET_GROWTH = 4, 1  # each retry: more positions a phase, not deeper


# -- the complete search ----------------------------------------------------------------
# A move: (source, destination, cards) with columns 0-9, or None for a deal.
Step = tuple[int, int, int] | None


_UP = [bytes((c & ~DOWN,)) for c in range(128)]  # a card's code as one byte, face up


def _complete_run(col: bytes) -> bytes | None:
    """``col`` without the complete run at its end (its new last card turned up),
    or None when there is none. Only called when the column ends with an ace."""
    if len(col) >= 13 and col[-13] == col[-1] + 12 and _run(col) >= 13:
        col = col[:-13]
        if col and col[-1] & DOWN:
            col = col[:-1] + _UP[col[-1]]
        return col
    return None


def _moved(src: bytes, dst: bytes, n: int) -> tuple[bytes, bytes, int]:
    """The source and destination columns after ``n`` cards move (a legal move),
    and 1 when the move completed a run (removed from the destination: the source
    only loses cards, and its new last card turns up)."""
    rest = src[:-n]
    if rest and rest[-1] & DOWN:
        rest = rest[:-1] + _UP[rest[-1]]
    new = dst + src[-n:]
    if src[-1] & 15 == 1:  # only an ace ends a complete run
        left = _complete_run(new)
        if left is not None:
            return rest, left, 1
    return rest, new, 0


def _play(cols: tuple[bytes, ...], k: int, stock: Col, step: Step) -> tuple[tuple[bytes, ...], int, int]:
    """The columns after ``step`` (legal), the deals made, and the runs it removed."""
    done = 0
    if step is None:
        ncols = []
        for i, col in enumerate(cols):
            card = stock[k * 10 + i]
            new = col + _UP[card]
            if card & 15 == 1:
                left = _complete_run(new)
                if left is not None:
                    new = left
                    done += 1
            ncols.append(new)
        return tuple(ncols), k + 1, done
    s, d, n = step
    out = list(cols)
    out[s], out[d], done = _moved(cols[s], cols[d], n)
    return tuple(out), k, done


def _key(cols: tuple[bytes, ...], k: int, deals: int) -> bytes:
    """The exact key of a position: the deals made, then the columns' card codes
    (face-down ones flagged) with a separator no code takes. The removed runs follow
    from it (cards only leave the table in runs of 13). Once the stock is empty the
    columns are sorted: no rule tells one column from another then (moves go between
    any two, an empty column takes what any other does), so positions that differ
    only in the order of their columns have the same wins. While cards remain in the
    stock they do not: the next deal gives each column its own card."""
    if k == deals:
        cols = tuple(sorted(cols))
    return k.to_bytes(4, "little") + b"\xff".join(cols)


def _steps(cols: tuple[bytes, ...], k: int, deals: int, unrestricted: bool) -> list[Step]:
    """Every legal move of the seed's rules: any card at a column's end, or a
    same-suit descending run ending there (any part of it), onto a card one rank
    higher of any suit (nothing goes on an ace: no card is one rank below it) or
    into an empty column; a deal while cards remain in the stock and (unless
    ``unrestricted``) no column is empty. Two cuts, both because the positions cut
    have the same key as one kept (see :func:`_key`), so no win is lost: once the
    stock is empty, runs go into the first empty column only, and a whole column
    never goes into an empty one (it would only change the columns' order)."""
    out: list[Step] = []
    tops: list[list[int]] = [[] for _ in range(15)]
    empty: list[int] = []
    for i, c in enumerate(cols):
        if c:
            tops[c[-1] & 15].append(i)
        else:
            empty.append(i)
    stocked = k < deals
    targets = empty if stocked else empty[:1]
    for s, src in enumerate(cols):
        if not src:
            continue
        run = _run(src)
        low = src[-1] & 15
        for n in range(1, run + 1):
            for d in tops[low + n]:  # the first card moved, rank low+n-1, onto rank low+n
                out.append((s, d, n))
            if n < len(src) or stocked:
                for d in targets:
                    out.append((s, d, n))
    if stocked and (unrestricted or not empty):
        out.append(None)
    return out


def _complete(search: _Search, clock: _Budget, offset: int) -> tuple[list[Step] | None, int]:
    """The complete depth-first search: every legal move from every position
    reachable from the start (:func:`_steps`), each position once (an exact key in
    a set, :func:`_key`: a set of hashes could take two positions for one and
    skip a win), the children of a position tried best-scored first (the heuristic's
    scores) and the line found then cut short (:func:`_shortcut`). Returns the moves
    of a win, or None when every reachable position was explored without one (a
    proof), and the number of positions stored; a limit raises :class:`_GaveUp`
    (states counted from ``offset``: the heuristic search's before it)."""
    stock, deals, goal, unrestricted = search.stock, search.deals, search.runs_left, search.unrestricted
    cache = clock.cache
    cap = clock.cap
    cols0 = tuple(bytes(c) for c in search.root.cols)

    def ordered(cols: tuple[bytes, ...], k: int, removed: int) -> list[Step]:
        """The moves from a position, the best-scored last; a move that wins alone
        when there is one (the search plays it next: a win one move away is not left
        for after the whole subtree of a better-scored move)."""
        steps = _steps(cols, k, deals, unrestricted)
        scored = []
        for i, step in enumerate(steps):
            if step is None:
                ncols, _, done = _play(cols, k, stock, step)
                h = sum(_column_score(c, cache) for c in ncols) - sum(_column_score(c, cache) for c in cols)
            else:
                s, d, n = step
                src, dst = cols[s], cols[d]
                new_src, new_dst, done = _moved(src, dst, n)
                h = (_column_score(new_src, cache) + _column_score(new_dst, cache)
                     - _column_score(src, cache) - _column_score(dst, cache))
            if removed + done == goal:
                return [step]
            scored.append((h - W_RUN * done, -i, step))
        scored.sort(reverse=True)  # popped from the end: the best (lowest) score first
        return [step for _, _, step in scored]

    seen = {_key(cols0, 0, deals)}
    clock.seen = seen  # (its size is the count of positions when a limit stops the search)
    if len(seen) >= cap:
        raise clock.full()
    clock.check(offset + 1)
    stack: list[tuple[tuple[bytes, ...], int, int, list[Step]]] = [(cols0, 0, 0, ordered(cols0, 0, 0))]
    path: list[Step] = []
    while stack:
        cols, k, removed, pending = stack[-1]
        while pending:
            step = pending.pop()
            ncols, nk, done = _play(cols, k, stock, step)
            key = _key(ncols, nk, deals)
            if key in seen:
                continue
            if len(seen) >= cap:
                raise clock.full()
            seen.add(key)
            clock.check(offset + len(seen))
            path.append(step)
            if removed + done == goal:
                return _shortcut(search, cols0, path), len(seen)
            stack.append((ncols, nk, removed + done, ordered(ncols, nk, removed + done)))
            break
        else:
            stack.pop()
            if path:
                path.pop()
    return None, len(seen)


def _shortcut(search: _Search, cols0: tuple[bytes, ...], path: list[Step]) -> list[Step]:
    """A depth-first line wanders: from each position on it, play the move that
    reaches the position furthest along the line (or a win at once), and go on from
    there. Every move is one of :func:`_steps`', so the line stays legal."""
    stock, deals, goal = search.stock, search.deals, search.runs_left
    states = [(cols0, 0, 0)]
    for step in path:
        cols, k, removed = states[-1]
        ncols, nk, done = _play(cols, k, stock, step)
        states.append((ncols, nk, removed + done))
    where = {_key(cols, k, deals): i for i, (cols, k, _) in enumerate(states)}
    out: list[Step] = []
    i, here = 0, states[0]
    # ``here`` is the position reached, equal to ``states[i]`` by key: its columns
    # may be in another order once the stock is empty, so the line's own moves are
    # not replayed; some child of ``here`` always has the key of ``states[i + 1]``.
    while i < len(path):
        cols, k, removed = here
        best, best_step, best_state = i, None, here
        for step in _steps(cols, k, deals, search.unrestricted):
            ncols, nk, done = _play(cols, k, stock, step)
            if removed + done == goal:
                best, best_step = len(path), step
                break
            j = where.get(_key(ncols, nk, deals), -1)
            if j > best:
                best, best_step, best_state = j, step, (ncols, nk, removed + done)
        if best == i:
            raise SolverError("the complete search's line does not replay")  # (a bug)
        out.append(best_step)
        i, here = best, best_state
    return out


def solve(position: Position, limits: Limits = Limits(time=60.0), unrestricted: bool = False,
          exhaustive: bool = False, max_stored: int | None = None) -> Result:
    """Search for a solution from ``position`` and verify it before returning it.
    ``limits``: :class:`Limits` (seconds, states, a progress function; 60 s when
    none are given). The heuristic search runs first; when it has nothing left to
    try and no limit stopped it, the complete search follows on what is left of the
    limits, and its verdict stands: ``solved`` or ``unsolvable`` (``positions`` says
    how many it stored). ``exhaustive``: the complete search alone. ``max_stored``:
    the cap on positions stored (None: :func:`stored_cap`), ``gave-up`` when reached.
    A line the verifier rejects is a :class:`SolverError`, as FreeCell's engines'
    (a bug, never shown as a solution)."""
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
    exhaustive = checks.flag(exhaustive, "exhaustive")
    cap = stored_cap() if max_stored is None else checks.whole(max_stored, "max_stored", 1)
    search = _Search(position, unrestricted)
    clock = _Budget(limits, cap, search.cache)
    started = clock.started
    raw: list[Step] | None = []
    states = positions = 0
    if search.runs_left:
        try:
            goal = None
            if not exhaustive:
                goal, _ = _heuristic(search, clock)
                if goal is not None:
                    raw = _node_steps(goal)
            if goal is None:
                states = search.expanded
                raw, positions = _complete(search, clock, states)
        except (_GaveUp, MemoryError) as e:
            positions = len(clock.seen)
            clock.seen = set()
            states = search.expanded + positions
            reason = str(e) if isinstance(e, _GaveUp) else f"out of memory after {states:,} states"
            return Result(GAVE_UP, states=states, seconds=time.perf_counter() - started, reason=reason,
                          start=position, positions=positions)
    states = search.expanded + positions
    if raw is None:
        return Result(UNSOLVABLE, states=states, seconds=time.perf_counter() - started, start=position,
                      positions=positions)
    moves: list[Move] = []
    cards: list[int] = []
    p = position
    from .moves import _apply

    for step in raw:
        m = DEAL if step is None else Move(*step)
        moves.append(notation(p, m))
        cards.append(0 if step is None else step[2])
        p = _apply(p, m, unrestricted)
    verdict = verify(Solution(tuple(str(m) for m in moves)), position, unrestricted)
    if not verdict.ok:
        raise SolverError(f"the solver's line fails our verifier: {verdict.summary()}")
    return Result(SOLVED, moves, cards, states, time.perf_counter() - started, start=position, positions=positions)


def _node_steps(goal: _Node) -> list[Step]:
    """The moves from the start to ``goal`` (the heuristic search's chain of nodes)."""
    out: list[Step] = []
    node = goal
    while node.parent is not None:
        out.append(None if node.move is None else (node.move[0], node.move[1], node.n))
        node = node.parent
    out.reverse()
    return out


def decode_column(col: Col) -> Column:
    down = tuple(from_code(c & ~DOWN) for c in col if c & DOWN)
    up = tuple(from_code(c) for c in col if not c & DOWN)
    return Column(down, up)
