"""The heuristic Spider search: a greedy best-first search over column moves,
phase by phase between the deals from the stock, with restarts four times as wide
(:func:`heuristic`). It prunes moves that cannot help (see :meth:`Search.children`),
so it proves nothing: the complete search (:mod:`.exhaustive`) does. The scores
(:func:`column_score`) also order the complete search's moves."""

from __future__ import annotations

import heapq
from collections.abc import Sequence

from .budget import Budget
from .cards import code
from .position import Position

DOWN = 64  # flag on a face-down card's code (codes are below 64)


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
# A move: (source, destination, cards) with columns 0-9, or None for a deal.
Step = tuple[int, int, int] | None
Scores = dict[Sequence[int], int]  # a column's score by its codes (a tuple, or bytes in the complete search)


def column_score(col: Sequence[int], cache: Scores) -> int:
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


def run_length(col: Sequence[int]) -> int:
    """Cards at the end that move together."""
    n = len(col)
    if not n:
        return 0
    i = n - 1
    while i > 0 and col[i - 1] == col[i] + 1:
        i -= 1
    return n - i


def finish(col: Col) -> tuple[Col, bool]:
    """Remove a complete run at the end; turn up an uncovered card."""
    removed = False
    if len(col) >= 13 and (col[-1] & 15) == 1 and col[-13] == col[-1] + 12 and run_length(col) >= 13:
        col = col[:-13]
        removed = True
    if col and col[-1] & DOWN:
        col = col[:-1] + (col[-1] & ~DOWN,)
    return col, removed


def encode(position: Position) -> Cols:
    return tuple(tuple(code(c) | DOWN for c in col.down) + tuple(code(c) for c in col.up)
                 for col in position.columns)


class Node:
    __slots__ = ("cols", "k", "removed", "h", "g", "parent", "move", "n")

    def __init__(self, cols: Cols, k: int, removed: int, h: int, g: int, parent: Node | None,
                 move: tuple[int, int] | None, n: int):
        self.cols, self.k, self.removed, self.h, self.g = cols, k, removed, h, g
        self.parent, self.move, self.n = parent, move, n


class Search:
    """What every search strategy shares: the encoded start, the stock, the
    evaluation cache, the set of positions seen, and the expansion of a node."""

    def __init__(self, position: Position, unrestricted: bool):
        self.stock = tuple(code(c) for c in position.stock)
        self.deals = len(self.stock) // 10
        self.runs_left = 8 - len(position.removed)
        self.unrestricted = unrestricted
        self.cache: Scores = {}
        cols = encode(position)
        self.root = Node(cols, 0, 0, self.evaluate(cols, 0, 0), 0, None, None, 0)
        self.expanded = 0

    def evaluate(self, cols: Cols, k: int, removed: int) -> int:
        cache = self.cache
        return sum(column_score(c, cache) for c in cols) + W_STOCK * 10 * (self.deals - k) - W_RUN * removed

    def children(self, node: Node, seen: set[int]) -> list[Node]:
        """The positions one column move from ``node`` not in ``seen`` (added to it).
        Pruned: a run moved off a card it follows in rank onto a card of another
        suit (nothing gained), part of a run into an empty column, a whole column
        into an empty one; and only the first empty column is tried."""
        self.expanded += 1
        cache = self.cache
        out: list[Node] = []
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
            run = run_length(src)
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
    def _child(node: Node, s: int, d: int, n: int, seen: set[int], out: list[Node], cache: Scores,
               base: int, g: int, removed: int) -> None:
        cols = node.cols
        src, dst = cols[s], cols[d]
        new_src, _ = finish(src[:-n])
        new_dst, done = finish(dst + src[-n:])
        ncols = list(cols)
        ncols[s] = new_src
        ncols[d] = new_dst
        t = tuple(ncols)
        key = hash(t)
        if key in seen:
            return
        seen.add(key)
        h = (base - column_score(src, cache) - column_score(dst, cache)
             + column_score(new_src, cache) + column_score(new_dst, cache) - W_RUN * done)
        out.append(Node(t, node.k, removed + done, h, g, node, (s, d), n))

    @staticmethod
    def key(cols: Cols) -> int:
        return hash(cols)


def _deal(search: Search, node: Node) -> tuple[list[Col], int, int]:
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
            new, done = finish(new)
            rem += done
            h -= W_RUN * done
        h += column_score(new, cache) - column_score(old, cache)
        ncols[i] = new
    return ncols, h, rem


def _dealt(search: Search, node: Node) -> Node:
    """The node after the next deal."""
    ncols, h, rem = _deal(search, node)
    return Node(tuple(ncols), node.k + 1, rem, h, node.g + 1, node, None, 0)



def _phased(search: Search, width: int, budget: int, clock: Budget) -> tuple[Node | None, bool]:
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
        candidates: list[tuple[int, int, Node]] = []
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


def heuristic(search: Search, clock: Budget) -> tuple[Node | None, bool]:
    """Restarts with four times the width: most deals fall to a small search,
    and the last, largest try costs three times as much as all before it.
    On hard 4-suit deals more positions a phase beat deeper searches from few.
    Returns the goal, or None and False when a retry would repeat the last try
    (the search has nothing left to try); a limit raises :class:`GaveUp`."""
    width, budget = FIRST_WIDTH, FIRST_BUDGET
    while True:
        goal, cut = _phased(search, width, budget, clock)
        if goal is not None or not cut:
            return goal, cut
        width, budget = width * WIDTH_GROWTH, budget * BUDGET_GROWTH


FIRST_WIDTH, FIRST_BUDGET = 2, 250  # the first try: 2 positions a phase, 250 expansions each
WIDTH_GROWTH, BUDGET_GROWTH = 4, 1  # each retry: more positions a phase, not deeper



def node_steps(goal: Node) -> list[Step]:
    """The moves from the start to ``goal`` (the heuristic search's chain of nodes)."""
    out: list[Step] = []
    node = goal
    while node.parent is not None:
        out.append(None if node.move is None else (node.move[0], node.move[1], node.n))
        node = node.parent
    out.reverse()
    return out
