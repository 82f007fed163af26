"""The beam engine: layered beam search for short solutions, in pure Python.

Layer d holds positions reached with exactly d moves that are not to the
foundation, so the first won position found is reached with few moves. From each
layer only the best ``width`` positions, ranked by a cheap evaluation, are
expanded. Positions are de-duplicated by the built-in engine's canonical key
(columns sorted, free cells sorted) over the whole search: a position met again
later costs more moves, and undoing the last move or swapping two independent
moves lands on a position already seen. Safe moves to the foundations are folded
into every move (they are still counted and printed); other moves to the
foundations cost no layer. When a layer comes out empty the width doubles and the
search starts again. A beam search is not complete: it gives up, it never says
"unsolvable" (``--exhaustive`` goes to the built-in engine's complete search).

>>> from freecell_cli import deal, find_variant
>>> from freecell_cli.solve.engine import solve
>>> r = solve(deal(1), find_variant("site"), BeamEngine(width=64))
>>> r.verdict, r.engine, r.nonfoundation_moves < 40
('solved', 'beam', True)
"""

from __future__ import annotations

import heapq
import time
from dataclasses import dataclass

from ..moves import Move
from ..position import Position
from ..variants import Variant
from .builtin import (
    CELL_TO_COL,
    COL_TO_CELL,
    COL_TO_COL,
    FIT,
    OPPOSITE,
    RANK,
    RED,
    TO_HOME_FROM_CELL,
    TO_HOME_FROM_COL,
    BuiltinEngine,
    Search,
    column_info,
    run_length,
    to_moves,
    _RUN,
)
from .engine import GAVE_UP, SOLVED, Limits, Result

DONE = (13, 13, 13, 13)
# The cards that fit on each card: one rank lower, the other colour.
BELOW = [tuple(c for c in range(52) if FIT[c][d]) for d in range(52)]


@dataclass(frozen=True)
class Weights:
    """The evaluation: lower is better. Each term counts one thing on the table.

    >>> Weights().unsorted
    1
    """

    home: int = 1  # per card not yet home
    unsorted: int = 1  # per card below its column's movable run (each must move at least once more)
    cells: int = 1  # per card in a free cell
    disorder: int = 0  # per card lying above a lower card of its column
    depth: int = 0  # per card above the next card each suit needs
    empty: int = 0  # per empty column (in favour)


_COL: dict[bytes, tuple[int, int, bytes]] = {}


def _column(col: bytes) -> tuple[int, int, bytes]:
    """(cards below the movable run, disorder, depth table) of a column; see
    :func:`.builtin.column_info`. Cached: a search meets the same columns often."""
    dis, table = column_info(col)
    info = (len(col) - run_length(col), dis, table)
    _COL[col] = info
    return info


def _key(hsum: int, cells: bytes) -> tuple[int, bytes]:
    # Columns enter by the sum of their hashes (bytes cache their hash), so the key
    # ignores the order of columns and changes by two terms when a move touches
    # two columns. A clash of 64-bit sums would only drop a position from the beam.
    return (hsum, cells)


class Beam:
    """One beam search of a fixed width (see the module's docstring).

    Nodes are tuples (cols, cells, found, contribs, score, unsorted, hsum, back):
    ``contribs`` are the columns' shares of the score, ``unsorted`` the cards below
    the columns' movable runs (0: only moves home are left), ``hsum`` the columns'
    part of the key, ``back`` a (parent back, move) chain.
    """

    def __init__(self, position: Position, variant: Variant, width: int, weights: Weights = Weights(),
                 max_depth: int = 250):
        self.search = Search(position, variant, Limits())
        self.variant = variant
        self.width = width
        self.weights = weights
        self.max_depth = max_depth
        self.states = 0
        if len(_COL) > 400_000:  # the cache serves one search at a time; keep it bounded
            _COL.clear()

    def node(self, cols, cells, found, back) -> tuple:
        """A node with its score worked out from scratch."""
        w = self.weights
        wu, wd, wdep, we = w.unsorted, w.disorder, w.depth, w.empty
        c0 = found[0] * 4 if found[0] < 13 else 53
        c1 = found[1] * 4 + 1 if found[1] < 13 else 53
        c2 = found[2] * 4 + 2 if found[2] < 13 else 53
        c3 = found[3] * 4 + 3 if found[3] < 13 else 53
        contribs = []
        unsorted = 0
        for col in cols:
            if col:
                info = _COL.get(col) or _column(col)
                t = info[2]
                unsorted += info[0]
                contribs.append(wu * info[0] + wd * info[1] + wdep * (t[c0] + t[c1] + t[c2] + t[c3]))
            else:
                contribs.append(-we)
        score = w.home * (52 - found[0] - found[1] - found[2] - found[3]) + w.cells * len(cells) + sum(contribs)
        return (cols, cells, found, contribs, score, unsorted, sum(map(hash, cols)), back)

    def run(self, deadline: float | None) -> list[tuple] | None:
        """The moves of a solution (search moves, see :mod:`.builtin`), or None
        when a layer comes out empty, the depth limit or the deadline is reached."""
        s = self.search
        play = s.play
        cols, cells, found = s.start_state()
        root = self.node(cols, cells, found, None)
        if root[5] == 0:
            return self._finish(cols, cells, found, None)
        # windows: automatic moves come only after a move (see Search.start_state)
        self.closed_at_start = self.variant.automatic is None
        seen = {_key(root[6], cells)}
        layer = [root]
        width = self.width
        for _ in range(self.max_depth):
            candidates: list[tuple] = []
            i = 0
            # The layer grows while it is walked: a move to the foundation that
            # is not safe costs no layer, so its position joins this one.
            while i < len(layer):
                done = self.expand(layer[i], layer, candidates, seen)
                i += 1
                if done is not None:
                    self.states += len(seen)
                    return done
            if not candidates:
                break
            if deadline is not None and time.perf_counter() > deadline:
                break
            # Candidates are scored but not yet played: play the best ones only.
            candidates.sort()
            layer = []
            for cand in candidates:
                node = cand[2]
                if node is None:
                    node = self.materialize(cand[3], cand[4], seen)
                    if node is None:
                        continue
                    if node[5] == 0:
                        self.states += len(seen)
                        return self._finish(node[0], node[1], node[2], node[7])
                layer.append(node)
                if len(layer) >= width:
                    break
        self.states += len(seen)
        return None

    def materialize(self, parent, move, seen):
        cols, cells, found = parent[0], parent[1], parent[2]
        closed = self.closed_at_start or parent[7] is not None
        ncols, ncells, nfound, autos = self.search.play(cols, cells, found, move, closed)
        node = self.node(ncols, ncells, nfound, (parent[7], move))
        if autos:
            key = _key(node[6], ncells)
            if key in seen:
                return None
            seen.add(key)
        return node

    def expand(self, node, layer, candidates, seen):
        """Score every move from ``node``: moves home join ``layer`` (played),
        the others go to ``candidates`` as (score, tie, None, parent, move).
        Returns a solution path when a move leaves only moves home."""
        cols, cells, found, contribs, score, unsorted, hsum, back = node
        w = self.weights
        wu, wd, wdep, we, wcell = w.unsorted, w.disorder, w.depth, w.empty, w.cells
        c0 = found[0] * 4 if found[0] < 13 else 53
        c1 = found[1] * 4 + 1 if found[1] < 13 else 53
        c2 = found[2] * 4 + 2 if found[2] < 13 else 53
        c3 = found[3] * 4 + 3 if found[3] < 13 else 53
        push = candidates.append
        COL = _COL

        def share(col):
            # (score share, unsorted) of a column under this node's foundations
            if not col:
                return -we, 0
            info = COL.get(col) or _column(col)
            t = info[2]
            return wu * info[0] + wd * info[1] + wdep * (t[c0] + t[c1] + t[c2] + t[c3]), info[0]

        def offer(move, ncells, changes, uncovered):
            # changes: ((column index, new column), ...)
            nscore, nuns, nh = score, unsorted, hsum
            for j, new in changes:
                old = cols[j]
                sh, u = share(new)
                nscore += sh - contribs[j]
                nuns += u - (COL[old][0] if old else 0)
                nh += hash(new) - hash(old)
            nscore += wcell * (len(ncells) - len(cells))
            key = (nh, ncells)
            if key in seen:
                return None
            seen.add(key)
            if nuns == 0 or (uncovered >= 0 and found[uncovered & 3] == uncovered >> 2):
                # Done, or a card that may be sent home by itself: play it now.
                child = self.materialize(node, move, set())
                if child[5] == 0:
                    return self._finish(child[0], child[1], child[2], child[7])
                push((child[4], len(candidates), child, None, None))
                return None
            push((nscore, len(candidates), None, node, move))
            return None

        ncells_total = self.search.ncells
        free = ncells_total - len(cells)
        first_empty = -1
        n_empty = 0
        tops = []
        for i, col in enumerate(cols):
            if col:
                c = col[-1]
                tops.append((i, c))
                if found[c & 3] == c >> 2:
                    self._home(node, (TO_HOME_FROM_COL, i, 0, 1), layer, seen)
            else:
                n_empty += 1
                if first_empty < 0:
                    first_empty = i
        for c in cells:
            if found[c & 3] == c >> 2:
                self._home(node, (TO_HOME_FROM_CELL, c, 0, 1), layer, seen)
        # free cell -> column
        for c in cells:
            fit = FIT[c]
            ncells = cells.replace(bytes((c,)), b"")
            for j, d in tops:
                if fit[d]:
                    done = offer((CELL_TO_COL, c, j, 1), ncells, ((j, cols[j] + bytes((c,))),), -1)
                    if done is not None:
                        return done
            if first_empty >= 0:
                done = offer((CELL_TO_COL, c, first_empty, 1), ncells, ((first_empty, bytes((c,))),), -1)
                if done is not None:
                    return done
        cap = self.search.cap
        cap_full = cap(free, n_empty)
        cap_empty = cap(free, n_empty - 1) if n_empty else 0
        # Column -> column: only the two cards that fit on a column's end can go
        # there; look them up among the movable runs instead of trying all pairs.
        where = {}
        runs = {}
        for i, top in tops:
            col = cols[i]
            run = _RUN.get(col) or run_length(col)
            runs[i] = run
            for k in range(1, run + 1):
                where[col[-k]] = (i, k)
        for j, d in tops:
            for c in BELOW[d]:
                loc = where.get(c)
                if loc is not None:
                    i, k = loc
                    if i != j and (k == 1 or k <= cap_full):
                        col = cols[i]
                        rest = col[:-k]
                        done = offer((COL_TO_COL, i, j, k), cells, ((i, rest), (j, cols[j] + col[-k:])),
                                     rest[-1] if rest else -1)
                        if done is not None:
                            return done
        for i, top in tops:
            col = cols[i]
            run = runs[i]
            # Into an empty column: never a part of a column that is one run (it
            # would only swap places), never the whole column.
            if first_empty >= 0 and run < len(col):
                for k in range(min(run, cap_empty), 0, -1):
                    rest = col[:-k]
                    done = offer((COL_TO_COL, i, first_empty, k), cells, ((i, rest), (first_empty, col[-k:])),
                                 rest[-1])
                    if done is not None:
                        return done
            if free:
                rest = col[:-1]
                ncells = bytes(sorted(cells + bytes((top,))))
                done = offer((COL_TO_CELL, i, 0, 1), ncells, ((i, rest),), rest[-1] if rest else -1)
                if done is not None:
                    return done
        return None

    def _home(self, node, move, layer, seen):
        child = self.materialize(node, move, set())
        key = _key(child[6], child[1])
        if key not in seen:
            seen.add(key)
            layer.append(child)

    def _finish(self, cols, cells, found, back) -> list[tuple]:
        """The path to this position, then every card home: with each column a
        run, the lowest card left is always at a column's end or in a free cell."""
        path = []
        while back is not None:
            back, move = back
            path.append(move)
        path.reverse()
        play = self.search.play
        closed = self.variant.automatic is None or bool(path)
        while found != DONE:
            move = next(m for m in self.search.successors(cols, cells, found) if m[0] <= TO_HOME_FROM_CELL)
            cols, cells, found, _ = play(cols, cells, found, move, closed)
            closed = True
            path.append(move)
        return path


class BeamEngine:
    """Beam searches of growing width, then the built-in engine if they all fail.

    ``width`` is the first beam's width; each retry doubles it, up to
    ``max_width``. ``optimize`` runs several searches (wider beams, other
    weightings) and keeps the shortest solution.
    """

    name = "beam"

    def __init__(self, width: int = 256, max_width: int | None = None, optimize: bool = False,
                 weights: Weights = Weights(), shorten_depth: int = 1):
        self.width = width
        self.shorten_depth = shorten_depth
        self.weights = weights
        self.max_width = max_width if max_width is not None else max(width * 16, 4096)
        self.optimize = optimize

    def solve(self, position: Position, variant: Variant, limits: Limits, exhaustive: bool = False) -> Result:
        if exhaustive:
            return BuiltinEngine().solve(position, variant, limits, exhaustive=True)
        start = time.perf_counter()
        deadline = None if limits.time is None else start + limits.time
        states = 0
        width = self.width
        path = None
        while width <= self.max_width:
            beam = Beam(position, variant, width, self.weights)
            path = beam.run(deadline)
            states += beam.states
            if path is not None:
                break
            if deadline is not None and time.perf_counter() > deadline:
                break
            width *= 2
        if path is None:
            left = None if deadline is None else deadline - time.perf_counter()
            if left is not None and left <= 0:
                return Result(GAVE_UP, self.name, states=states, seconds=time.perf_counter() - start,
                              reason=f"time limit of {limits.time:g} s reached")
            r = BuiltinEngine().solve(position, variant, Limits(left, limits.states, limits.progress))
            r.engine = f"{self.name}+builtin"
            r.states += states
            r.seconds = time.perf_counter() - start
            return r
        if self.shorten_depth:
            from .shorten import shorten_path

            path = shorten_path(Search(position, variant, Limits()), path, self.shorten_depth, deadline)
        moves: list[Move] = to_moves(position, variant, path)
        return Result(SOLVED, self.name, moves, len(moves), states, time.perf_counter() - start)
