"""The heuristic Spider search: a greedy best-first search over column moves,
phase by phase between the deals from the stock (:func:`phased`), tried again and
again on a schedule of wider and deeper tries (:mod:`.tries`). It prunes moves
that cannot help (see :meth:`Search.children`), so it proves nothing: the complete
search (:mod:`.exhaustive`) does. The scores (:func:`column_score`) also order the
complete search's moves.

Columns are ``bytes`` of card codes (:func:`~freecell_cli.spider.cards.code`, a
face-down card flagged with :data:`DOWN`): a slice or a join is one C call, and a
``bytes`` keeps its hash, so a position (a tuple of ten) hashes from nine cached
hashes and the one or two new columns.

>>> from freecell_cli.spider.deals import deal
>>> s = Search(deal(1, suits=1))
>>> len(s.root.cols), s.deals, s.root.h == s.evaluate(s.root.cols, 0, 0)
(10, 5, True)
"""

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


Col = bytes  # card codes, bottom to end; DOWN marks a face-down card
Cols = tuple[Col, ...]
# A move: (source, destination, cards) with columns 0-9, or None for a deal.
Step = tuple[int, int, int] | None
Scores = dict[Sequence[int], int]  # a column's score by its codes

_UP = [bytes((c & ~DOWN,)) for c in range(128)]  # a card's code as one byte, face up
# What face-up card ``c`` adds when it lands on face-up card ``x``: nothing on its
# own suit's next rank, W_SUIT on another suit's, W_BREAK elsewhere. A deal's score
# is ten of these (see :meth:`Search.dealt_score`).
_ON = [[0 if x == c + 1 else W_SUIT if (x & 15) == (c & 15) + 1 else W_BREAK for c in range(64)] for x in range(64)]


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


# What a column can give, by its codes: for each part of the run at its end that
# can move, (the rank it goes on, its length, the card it must go on or 0 for any of
# that rank), without swaps and with; then the run's length when a part of the
# column stays behind (it may go into an empty column), else 0.
Sources = tuple[tuple[tuple[int, int, int], ...], tuple[tuple[int, int, int], ...], int]


def _sources(col: Col) -> Sources:
    run = run_length(col)
    length = len(col)
    low = col[-1] & 15
    plain: list[tuple[int, int, int]] = []
    swaps: list[tuple[int, int, int]] = []
    for n in range(1, min(run, 13 - low) + 1):
        first = col[-n]
        if n < run:  # the card under it is its own suit's next rank: only its own suit
            plain.append((low + n, n, first + 1))
            swaps.append((low + n, n, first + 1))
            continue
        under = col[-n - 1] if n < length else DOWN
        # (a face-down card's flag makes the rank test fail)
        follows = not under & DOWN and (under & 15) == (first & 15) + 1
        plain.append((low + n, n, first + 1 if follows else 0))
        swaps.append((low + n, n, 0))
    both = tuple(plain)
    return both, both if plain == swaps else tuple(swaps), run if run < length else 0


def finish(col: Col) -> tuple[Col, bool]:
    """Remove a complete run at the end; turn up an uncovered card."""
    removed = False
    if len(col) >= 13 and (col[-1] & 15) == 1 and col[-13] == col[-1] + 12 and run_length(col) >= 13:
        col = col[:-13]
        removed = True
    if col and col[-1] & DOWN:
        col = col[:-1] + _UP[col[-1]]
    return col, removed


def encode(position: Position) -> Cols:
    return tuple(bytes(code(c) | DOWN for c in col.down) + bytes(code(c) for c in col.up)
                 for col in position.columns)


class Node:
    __slots__ = ("cols", "k", "removed", "h", "g", "parent", "move", "n")

    def __init__(self, cols: Cols, k: int, removed: int, h: int, g: int, parent: Node | None,
                 move: tuple[int, int] | None, n: int):
        self.cols, self.k, self.removed, self.h, self.g = cols, k, removed, h, g
        self.parent, self.move, self.n = parent, move, n


class Search:
    """What every search strategy shares: the encoded start, the stock, the
    evaluation cache (and the run lengths'), and the expansion of a node."""

    def __init__(self, position: Position, unrestricted: bool = False):
        self.stock = tuple(code(c) for c in position.stock)
        self.deals = len(self.stock) // 10
        self.runs_left = 8 - len(position.removed)
        self.unrestricted = unrestricted
        self.cache: Scores = {}
        self.infos: dict[Col, Sources] = {}  # each column's moves (see _sources)
        cols = encode(position)
        self.root = Node(cols, 0, 0, self.evaluate(cols, 0, 0), 0, None, None, 0)
        self.expanded = 0

    def evaluate(self, cols: Cols, k: int, removed: int) -> int:
        cache = self.cache
        return sum(column_score(c, cache) for c in cols) + W_STOCK * 10 * (self.deals - k) - W_RUN * removed

    def children(self, node: Node, seen: set[int], swaps: bool = False) -> list[Node]:
        """The positions one column move from ``node`` not in ``seen`` (added to it).
        Pruned: part of a same-suit run moved onto another suit; a run moved off a
        card it follows in rank onto a card of another suit (nothing gained; with
        ``swaps``, allowed when the card it leaves is of a third suit: the card
        uncovered can then take its own suit's run); part of a run into an empty
        column, a whole column into an empty one; and only the first empty column
        is tried."""
        self.expanded += 1
        cache, infos = self.cache, self.infos
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
            info = infos.get(src)
            if info is None:
                info = infos[src] = _sources(src)
            last = src[-1]
            for rank, n, need in info[1] if swaps else info[0]:
                ds = tops[rank]
                if ds:
                    for d in ds:
                        if need and cols[d][-1] != need:
                            continue
                        self._child(node, s, d, n, last, seen, out, cache, base, g, removed)
            if first_empty >= 0 and info[2]:
                self._child(node, s, first_empty, info[2], last, seen, out, cache, base, g, removed)
        return out

    @staticmethod
    def _child(node: Node, s: int, d: int, n: int, last: int, seen: set[int], out: list[Node], cache: Scores,
               base: int, g: int, removed: int) -> None:
        cols = node.cols
        src, dst = cols[s], cols[d]
        new_src = src[:-n]
        if new_src and new_src[-1] & DOWN:
            new_src = new_src[:-1] + _UP[new_src[-1]]
        new_dst = dst + src[-n:]
        done = 0
        if last & 15 == 1 and len(new_dst) >= 13:  # only an ace ends a complete run
            new_dst, done = finish(new_dst)
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

    def dealt_score(self, node: Node) -> int | None:
        """The score after the next deal from ``node``, or None when a column is
        empty (an unrestricted deal) or the deal could complete a run (then
        :meth:`dealt` scores it): the ten cards land on ten face-up cards, so ten
        lookups replace ten columns' scores."""
        stock, k, cols = self.stock, node.k * 10, node.cols
        h = node.h - W_STOCK * 10
        for i in range(10):
            card = stock[k + i]
            col = cols[i]
            if not col:
                return None
            top = col[-1]
            if top == card + 1 and card & 15 == 1:
                return None
            h += _ON[top][card]
        return h

    def dealt(self, node: Node) -> Node:
        """The node after the next deal (the caller checked a deal is allowed)."""
        cache, stock, k = self.cache, self.stock, node.k
        ncols = list(node.cols)
        rem = node.removed
        h = node.h - W_STOCK * 10
        for i in range(10):
            old = ncols[i]
            card = stock[k * 10 + i]
            new = old + _UP[card]
            if card & 15 == 1:  # only an ace can complete a run
                new, done = finish(new)
                rem += done
                h -= W_RUN * done
            h += column_score(new, cache) - column_score(old, cache)
            ncols[i] = new
        return Node(tuple(ncols), k + 1, rem, h, node.g + 1, node, None, 0)


def phased(search: Search, width: int, budget: int, clock: Budget, swaps: bool = False,
           lifo: bool = False) -> tuple[Node | None, bool]:
    """The game splits at each deal from the stock. In each phase, a best-first
    search over column moves (``budget`` expansions from each of ``width`` starts,
    four times that in the last phase) looks for the positions that are best
    *after* the next deal; the ``width`` best of those, dealt, start the next phase.
    The last phase searches for the win. ``swaps``: see :meth:`Search.children`;
    ``lifo``: of two positions with the same score, the newer is expanded first
    (deeper along one line) instead of the older (across lines).

    Returns the goal (or None) and whether the try was cut short: some phase had
    more starts than ``width``, or a start's search ran out of budget with
    positions left. A try not cut short searched every position its pruned moves
    reach: no other try would find more."""
    frontier = [search.root]
    goal = search.runs_left
    push, pop = heapq.heappush, heapq.heappop
    cap = clock.cap
    cut = False
    sign = -1 if lifo else 1
    # Nodes kept alive from the phases before (the frontier's chains of parents):
    # at most each start's depth, counted against the cap with the phase's own.
    held = 0
    for phase in range(search.root.k, search.deals + 1):
        last = phase == search.deals
        seen: set[int] = set()
        candidates: list[tuple[int, int, Node]] = []
        counter = order = 0
        limit = budget * 4 if last else budget
        for start in frontier:
            seen.add(hash(start.cols))
            heap = [(start.h, 0, start)]
            spent = 0
            while heap and spent < limit:
                node = pop(heap)[2]
                clock.check(search.expanded)
                spent += 1
                if not last and (search.unrestricted or all(node.cols)):
                    # A candidate waits as the node before the deal (ten new columns
                    # each were most of a phase's memory); the few that start the
                    # next phase are dealt again below.
                    h = search.dealt_score(node)
                    if h is None:
                        dealt = search.dealt(node)
                        if dealt.removed == goal:
                            return dealt, cut
                        h = dealt.h
                    counter += 1
                    candidates.append((h, counter, node))
                for child in search.children(node, seen, swaps):
                    if child.removed == goal:
                        return child, cut
                    order += sign
                    push(heap, (child.h, order, child))
                if len(seen) + counter + held >= cap:
                    raise clock.full()
            if heap:
                cut = True
        if last or not candidates:
            return None, cut
        frontier = []
        keys: set[int] = set()
        candidates.sort()
        for _, _, node in candidates:
            dealt = search.dealt(node)
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


def node_steps(goal: Node) -> list[Step]:
    """The moves from the start to ``goal`` (the heuristic search's chain of nodes)."""
    out: list[Step] = []
    node = goal
    while node.parent is not None:
        out.append(None if node.move is None else (node.move[0], node.move[1], node.n))
        node = node.parent
    out.reverse()
    return out
