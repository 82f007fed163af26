"""The built-in engine: weighted best-first search in pure Python.

Speed comes from a compact state — columns as ``bytes`` of card codes, the free
cells as a sorted ``bytes``, foundations as a 4-tuple — and a canonical key (columns
sorted) for the transposition table. Safe moves to the foundations (the Windows
rule: nothing can ever land on the card) are made inside the search; they never
cost a solution. The moves are the variant's own: runs up to its capacity, so
under ``site`` the search may use 2^free × (empty + 1) runs that textbook rules
would refuse. A found solution is shortened by a post-pass before it is returned.
"""

from __future__ import annotations

import heapq
import time
from itertools import count

from ..autoplay import automatic_moves
from ..moves import CELL, COLUMN, FOUNDATION, Move, Place, apply, resolve
from ..position import Position
from ..variants import Variant
from .engine import GAVE_UP, SOLVED, UNSOLVABLE, Limits, Result

# Card codes are Microsoft deck indices: code = (rank - 1) * 4 + suit, suits C D H S.
RANK = [c // 4 + 1 for c in range(52)]
SUIT = [c % 4 for c in range(52)]
RED = [c % 4 in (1, 2) for c in range(52)]
FIT = [[RANK[b] == RANK[a] + 1 and RED[a] != RED[b] for b in range(52)] for a in range(52)]
OPPOSITE = [(1, 2), (0, 3), (0, 3), (1, 2)]  # foundations of the other colour, per suit

# Search moves: (kind, a, b, n)
SMove = tuple[int, int, int, int]
Cols = tuple[bytes, ...]  # card codes bottom to top, per column
Found = tuple[int, ...]  # cards home per suit
State = tuple[Cols, bytes, Found]  # columns, free cells (sorted), foundations
TO_HOME_FROM_COL, TO_HOME_FROM_CELL, CELL_TO_COL, COL_TO_COL, COL_TO_CELL = range(5)

_RUN: dict[bytes, int] = {}
_DISORDER: dict[bytes, int] = {}


def run_length(col: bytes) -> int:
    n = _RUN.get(col)
    if n is None:
        n = 1 if col else 0
        while n < len(col) and FIT[col[-n]][col[-n - 1]]:
            n += 1
        _RUN[col] = n
    return n


def disorder(col: bytes) -> int:
    """Cards lying above a lower card of the same column (each must move again)."""
    n = _DISORDER.get(col)
    if n is None:
        n, low = 0, 99
        for c in col:
            r = RANK[c]
            if r > low:
                n += 1
            else:
                low = r
        _DISORDER[col] = n
    return n


_INFO: dict[bytes, tuple[int, bytes]] = {}


def column_info(col: bytes) -> tuple[int, bytes]:
    """(disorder, depth table): the table gives, for each card code, how many
    cards lie on it in this column (0 when absent; index 53 is always 0)."""
    table = bytearray(54)
    n = len(col)
    for i, c in enumerate(col):
        table[c] = n - 1 - i
    info = (disorder(col), bytes(table))
    _INFO[col] = info
    return info


def key_of(cols: tuple[bytes, ...], cells: bytes) -> bytes:
    return b"\xff".join(sorted(cols)) + b"\xfe" + cells


def safe_home(cols: list[bytes], cells: bytes, found: list[int]) -> tuple[bytes, list[SMove]]:
    """Send safe cards home (in place on cols/found); returns new cells and the moves.

    Only the next card of each suit can go, so at most four candidates are looked
    for at the column ends and in the free cells."""
    made = []
    moved = True
    while moved:
        moved = False
        for s in range(4):
            f = found[s]
            if f == 13:
                continue
            if f >= 2:
                o1, o2 = OPPOSITE[s]
                if found[o1] < f or found[o2] < f:
                    continue
            c = f * 4 + s
            if c in cells:
                cells = cells.replace(bytes((c,)), b"")
                found[s] = f + 1
                made.append((TO_HOME_FROM_CELL, c, 0, 1))
                moved = True
                continue
            for i, col in enumerate(cols):
                if col and col[-1] == c:
                    cols[i] = col[:-1]
                    found[s] = f + 1
                    made.append((TO_HOME_FROM_COL, i, 0, 1))
                    moved = True
                    break
    return cells, made


class Search:
    def __init__(self, position: Position, variant: Variant, limits: Limits,
                 g_weight: float = 0.8):
        self.variant = variant
        self.cap = variant.capacity
        self.ncells = len(position.cells)
        self.limits = limits
        self.g_weight = g_weight
        self.cols0 = tuple(bytes(c.index for c in col) for col in position.columns)
        self.cells0 = bytes(sorted(c.index for c in position.cells if c is not None))
        self.found0 = tuple(position.foundations)
        self.states = 0
        if len(_INFO) > 400_000:  # the column caches serve one search; keep them bounded
            _INFO.clear()
            _RUN.clear()
            _DISORDER.clear()

    # -- moves ------------------------------------------------------------------
    def successors(self, cols: Cols, cells: bytes, found: Found) -> list[SMove]:
        out: list[SMove] = []
        append = out.append
        free = self.ncells - len(cells)
        first_empty = -1
        n_empty = 0
        tops = []  # (column, top card) of the non-empty columns
        for i, col in enumerate(cols):
            if col:
                c = col[-1]
                tops.append((i, c))
                if found[c & 3] == c >> 2:
                    append((TO_HOME_FROM_COL, i, 0, 1))
            else:
                n_empty += 1
                if first_empty < 0:
                    first_empty = i
        for c in cells:
            if found[c & 3] == c >> 2:
                append((TO_HOME_FROM_CELL, c, 0, 1))
        for c in cells:
            fit = FIT[c]
            for j, d in tops:
                if fit[d]:
                    append((CELL_TO_COL, c, j, 1))
            if first_empty >= 0:
                append((CELL_TO_COL, c, first_empty, 1))
        cap = self.cap
        cap_full = cap(free, n_empty)
        cap_empty = cap(free, n_empty - 1) if n_empty else 0
        for i, top in tops:
            col = cols[i]
            run = _RUN.get(col) or run_length(col)
            top_rank = RANK[top]
            for j, d in tops:
                if j != i:
                    k = RANK[d] - top_rank
                    if 1 <= k <= run and (k == 1 or k <= cap_full) and RED[col[-k]] != RED[d]:
                        append((COL_TO_COL, i, j, k))
            if first_empty >= 0 and len(col) > 1:
                for k in range(min(run, cap_empty, len(col) - 1), 0, -1):  # a whole column gains nothing
                    append((COL_TO_COL, i, first_empty, k))
        if free:
            for i, _ in tops:
                append((COL_TO_CELL, i, 0, 1))
        return out

    @staticmethod
    def play(cols: Cols, cells: bytes, found: Found, move: SMove,
             closed: bool = True) -> tuple[Cols, bytes, Found, list[SMove]]:
        """The state after ``move`` and the safe moves home it allows. ``closed``
        says no safe move was waiting before it (true everywhere but at the start
        of a windows game, whose automatic moves come only after a move)."""
        kind, a, b, n = move
        lcols = list(cols)
        lfound = list(found)
        if kind == TO_HOME_FROM_COL:
            c = lcols[a][-1]
            lcols[a] = lcols[a][:-1]
            lfound[SUIT[c]] += 1
        elif kind == TO_HOME_FROM_CELL:
            cells = cells.replace(bytes((a,)), b"")
            lfound[SUIT[a]] += 1
        elif kind == CELL_TO_COL:
            cells = cells.replace(bytes((a,)), b"")
            lcols[b] = lcols[b] + bytes((a,))
        elif kind == COL_TO_COL:
            src = lcols[a]
            lcols[b] = lcols[b] + src[-n:]
            lcols[a] = src[:-n]
        else:
            c = lcols[a][-1]
            lcols[a] = lcols[a][:-1]
            cells = bytes(sorted(cells + bytes((c,))))
        if kind > TO_HOME_FROM_CELL and closed:
            # Foundations did not change: only the card this move uncovered can
            # have become a safe card to send home.
            src = lcols[a] if kind != CELL_TO_COL else b""
            if not src:
                return tuple(lcols), cells, tuple(lfound), []
            c = src[-1]
            f = c >> 2
            s = c & 3
            if lfound[s] != f or (f >= 2 and (lfound[OPPOSITE[s][0]] < f or lfound[OPPOSITE[s][1]] < f)):
                return tuple(lcols), cells, tuple(lfound), []
        cells, autos = safe_home(lcols, cells, lfound)
        return tuple(lcols), cells, tuple(lfound), autos

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
                info = _INFO.get(col)
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
        """Safe cards go home before the first move, except where the variant's own
        automatic moves come only after a move (windows)."""
        cols, cells, found = list(self.cols0), self.cells0, list(self.found0)
        if self.variant.automatic is None:
            cells, _ = safe_home(cols, cells, found)
        return tuple(cols), cells, tuple(found)

    # -- search -------------------------------------------------------------------
    def run(self) -> tuple[str, list[SMove], str]:
        start = time.perf_counter()
        cols, cells, found = self.start_state()
        key0 = key_of(cols, cells)
        parent: dict[bytes, tuple[bytes | None, SMove | None]] = {key0: (None, None)}
        tie = count()
        heap = [(0.0, next(tie), 0, cols, cells, found, key0)]
        time_limit, state_limit = self.limits.time, self.limits.states
        progress = self.limits.progress
        closed = self.variant.automatic is None  # see start_state()
        play = self.play
        gw = self.g_weight
        while heap:
            _, _, g, cols, cells, found, key = heapq.heappop(heap)
            self.states += 1
            if found == (13, 13, 13, 13):
                return SOLVED, self._path(parent, key), ""
            if self.states & 255 == 0:
                elapsed = time.perf_counter() - start
                if time_limit is not None and elapsed > time_limit:
                    return GAVE_UP, [], f"time limit of {time_limit:g} s reached after {self.states:,} states"
                if progress is not None and self.states & 4095 == 0:
                    progress(self.states, elapsed)
            if state_limit is not None and self.states >= state_limit:
                return GAVE_UP, [], f"state limit of {state_limit:,} reached"
            for move in self.successors(cols, cells, found):
                ncols, ncells_, nfound, _ = play(cols, cells, found, move, closed or g > 0)
                nkey = key_of(ncols, ncells_)
                if nkey in parent:
                    continue
                parent[nkey] = (key, move)
                pri = g * gw + self.h(ncols, ncells_, nfound)
                heapq.heappush(heap, (pri, next(tie), g + 1, ncols, ncells_, nfound, nkey))
        return UNSOLVABLE, [], ""

    @staticmethod
    def _path(parent: dict[bytes, tuple[bytes | None, SMove | None]], key: bytes) -> list[SMove]:
        path: list[SMove] = []
        while True:
            prev, move = parent[key]
            if prev is None:
                break
            assert move is not None  # only the start has no move
            path.append(move)
            key = prev
        path.reverse()
        return path


def to_moves(position: Position, variant: Variant, path: list[SMove]) -> list[Move]:
    """Turn search moves into real moves on ``position``, explicit foundation moves
    included except those the variant makes by itself (windows)."""
    p = position.copy()
    out: list[Move] = []

    def slot_of(code: int) -> int:
        return next(i for i, c in enumerate(p.cells) if c is not None and c.index == code)

    def emit(move: Move) -> None:
        r = resolve(p, move, variant)
        apply(p, r)
        out.append(r)

    def emit_autos(autos: list[SMove]) -> None:
        for kind, a, _, _ in autos:
            if kind == TO_HOME_FROM_COL:
                emit(Move(Place(COLUMN, a), Place(FOUNDATION, -1)))
            else:
                emit(Move(Place(CELL, slot_of(a)), Place(FOUNDATION, -1)))

    # The search's own state runs alongside: its play() says which safe moves
    # home follow each move (no variant plays them by itself but windows).
    cols = [bytes(c.index for c in col) for col in p.columns]
    found = list(p.foundations)
    cells = bytes(sorted(c.index for c in p.cells if c is not None))
    if variant.automatic is None:
        cells, autos = safe_home(cols, cells, found)
        emit_autos(autos)
    state = (tuple(cols), cells, tuple(found))
    for step in path:
        kind, a, b, n = step
        if kind == TO_HOME_FROM_COL:
            emit(Move(Place(COLUMN, a), Place(FOUNDATION, -1)))
        elif kind == TO_HOME_FROM_CELL:
            emit(Move(Place(CELL, slot_of(a)), Place(FOUNDATION, -1)))
        elif kind == CELL_TO_COL:
            emit(Move(Place(CELL, slot_of(a)), Place(COLUMN, b)))
        elif kind == COL_TO_COL:
            emit(Move(Place(COLUMN, a), Place(COLUMN, b), n, not p.columns[b]))
        else:
            slot = p.cells.index(None)
            emit(Move(Place(COLUMN, a), Place(CELL, slot)))
        if variant.automatic is not None:
            automatic_moves(p, variant)
        else:
            scols, scells, sfound, autos = Search.play(*state, step, True)
            state = (scols, scells, sfound)
            emit_autos(autos)
    return out


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
            from .shorten import shorten_path

            assert search is not None  # a search solved it
            path = shorten_path(search, path)
        moves = to_moves(position, variant, path) if verdict == SOLVED else []
        return Result(verdict, self.name, moves, len(moves), total, time.perf_counter() - start, reason)
