"""The layered beam search for short solutions (:class:`Beam`), which the beam
engine (:mod:`.beam`) runs with its plans and fallbacks.

Layer d holds positions reached with exactly d moves that are not to the
foundation, so the first won position found is reached with few moves. From each
layer only the best ``width`` positions, ranked by a cheap evaluation, are
expanded. States are compact (columns as ``bytes``, free cells a sorted ``bytes``,
foundations a tuple); a candidate is scored from the columns its move changes
(cached per column) and keyed by the sum of the columns' hashes (column order
ignored) with the free cells, and only the selected ones are built. Positions
are de-duplicated over the whole search: a position met again later costs more
moves, and undoing the last move or swapping two independent moves lands on a
position already seen. Safe moves to the foundations are folded into every move
(they are still counted and printed); the first beam sends every card home that
can go (``all_home``), the later ones make other moves home a choice that costs no
layer and competes for the same places. What a layer's selection leaves out is
kept in reserve: when a layer comes out empty the best of it is taken up again
(a few times, then the beam gives up and the engine tries other weights, then
wider beams). A beam search is not complete: it gives up, it never says
"unsolvable" (``--exhaustive`` goes to the complete search, :mod:`.prove`).

This module is the specification: where the compiled core is in use
(:mod:`.core`), ``Beam.run`` runs the same search in C (``_beam.c``), with the
same line and the same count of states (tests/test_beam_core.py).

>>> from freecell_cli import deal, find_variant
>>> path = Beam(deal(1), find_variant("site"), width=64).run()
>>> path is not None and len(path) > 0
True
"""

from __future__ import annotations

import heapq
import itertools
import time
from dataclasses import astuple, dataclass
from typing import TYPE_CHECKING

from ..position import Position
from ..variants import Variant
from .features import column_info
from .rules import FREECELL, KING, RULES, Rules, rules_of
from .state import (BYTE, CELL_TO_COL, COL_TO_CELL, COL_TO_COL, TO_HOME_FROM_CELL, TO_HOME_FROM_COL, capacities,
                    moves, play, run_length, start_state)

if TYPE_CHECKING:
    from collections.abc import Callable
    from types import ModuleType

    from .state import Cols, Found, SMove

    # The chain of moves back to the start: (parent's chain, move), None at the start.
    Back = tuple["Back", SMove] | None
    # (cols, cells, found, contribs, score, unsorted, hsum, back): see Beam.
    Node = tuple[Cols, bytes, Found, list[int], int, int, int, Back]
    Key = tuple[int, bytes]  # (hsum, cells)
    # Candidates of a layer (see Beam.expand): a played node, (score, tie, node, parent),
    # or an unplayed move, (score, tie, None, parent, move, cells, unsorted, hsum,
    # i, column i, share i, j, column j, share j, played later).
    Played = tuple[int, int, Node, Node | None]
    Unplayed = tuple[int, int, None, Node, SMove, bytes, int, int, int, bytes, int, int, bytes, int, bool]
    Candidate = Played | Unplayed

DONE = (13, 13, 13, 13)


# The cards that fit on each card under FreeCell's rules: one rank lower, the
# other colour (each game's: its Rules.below).
BELOW = FREECELL.below


@dataclass(frozen=True)
class Weights:
    """The evaluation: lower is better. Each term counts one thing on the table.
    The defaults were tuned with the compiled core at width 512 on deals
    2001-2100 (not the benchmark's deals): with a cap of 8 children per parent
    they gave 26.7 non-foundation moves under `site` where the weights before
    (2, 3, 2, 0, 1, 0, a cap of 4) gave 27.2, and shorter lines at width 64 too.

    >>> Weights().unsorted
    6
    """

    home: int = 3  # per card not yet home
    unsorted: int = 6  # per card below its column's movable run (each must move at least once more)
    cells: int = 5  # per card in a free cell
    disorder: int = 0  # per card lying above a lower card of its column
    depth: int = 2  # per card above the next card each suit needs
    empty: int = 2  # per empty column (in favour)


# Per rules (a column's run depends on them), by Rules.code.
_COLS: list[dict[bytes, tuple[int, int, bytes]]] = [{} for _ in RULES]
_COL = _COLS[FREECELL.code]


def _column(col: bytes, rules: Rules = FREECELL) -> tuple[int, int, bytes]:
    """(cards below the movable run, disorder, depth table) of a column; see
    :func:`.features.column_info`. Cached: a search meets the same columns often."""
    dis, table = column_info(col)
    info = (len(col) - run_length(col, rules), dis, table)
    _COLS[rules.code][col] = info
    return info


_ADD_CELL: dict[tuple[bytes, int], bytes] = {}


def _add_cell(cells: bytes, c: int) -> bytes:
    """The free cells (sorted) with card ``c`` added; cached."""
    new = _ADD_CELL[(cells, c)] = bytes(sorted(cells + BYTE[c]))
    return new


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
                 max_depth: int = 250, all_home: bool = False, per_parent: int = 0):
        self.position = position
        self.ncells = len(position.cells)
        self.variant = variant
        self.width = width
        self.weights = weights
        self.max_depth = max_depth
        self.states = 0
        self.stopped: str | None = None
        self.all_home = all_home and variant.automatic is None
        self.refills = 0
        self.max_refills = 8  # a beam that keeps closing on itself is in a dead end
        self.per_parent = per_parent
        self._tie = itertools.count(1 << 40)
        self.rules = rules_of(variant)
        self._col = _COLS[self.rules.code]
        if len(self._col) > 400_000:  # the cache serves one search at a time; keep it bounded
            self._col.clear()
        # Per search (they depend on the weights): column -> (its share of the
        # score but for the depth term, cards below its run, depth table), and
        # column -> the column without its last card (one shared object, so its
        # hash and the lookups that follow are cached).
        self._info: dict[bytes, tuple[int, int, bytes]] = {}
        self._pop: dict[bytes, bytes] = {}
        self._cap = capacities(self.ncells, len(position.columns), variant.capacity)

    def info(self, col: bytes) -> tuple[int, int, bytes]:
        """(share of the score but for the depth term, cards below the movable
        run, depth table) of a non-empty column; cached."""
        raw = self._col.get(col) or _column(col, self.rules)
        w = self.weights
        out = self._info[col] = (w.unsorted * raw[0] + w.disorder * raw[1], raw[0], raw[2])
        return out

    def node(self, cols: Cols, cells: bytes, found: Found, back: Back) -> Node:
        """A node with its score worked out from scratch."""
        w = self.weights
        wdep, we = w.depth, w.empty
        c0 = found[0] * 4 if found[0] < 13 else 53
        c1 = found[1] * 4 + 1 if found[1] < 13 else 53
        c2 = found[2] * 4 + 2 if found[2] < 13 else 53
        c3 = found[3] * 4 + 3 if found[3] < 13 else 53
        contribs: list[int] = []
        unsorted = 0
        info_of = self._info
        for col in cols:
            if col:
                base, u, t = info_of.get(col) or self.info(col)
                unsorted += u
                contribs.append(base + wdep * (t[c0] + t[c1] + t[c2] + t[c3]))
            else:
                contribs.append(-we)
        score = w.home * (52 - found[0] - found[1] - found[2] - found[3]) + w.cells * len(cells) + sum(contribs)
        return (cols, cells, found, contribs, score, unsorted, sum(map(hash, cols)), back)

    def run(self, deadline: float | None = None, max_states: int | None = None,
            progress: Callable[[int, float], None] | None = None, start: float = 0.0) -> list[SMove] | None:
        """The moves of a solution (search moves, see :mod:`.state`), or None
        when a layer comes out empty or the depth limit is reached, or a limit
        (then ``stopped`` says which). The compiled core runs it when it is in
        use (:mod:`.core`), else :meth:`run_python`: the same line, the same
        states."""
        from .core import compiled

        core = compiled()
        if core is not None and self.compilable():
            return self.run_compiled(core, deadline, max_states, progress, start)
        return self.run_python(deadline, max_states, progress, start)

    def compilable(self) -> bool:
        """Whether the compiled core takes this search: whole-number weights and
        sizes within its range (the table's limits are the project's own)."""
        values = astuple(self.weights)
        return (len(values) == 6 and all(type(w) is int and abs(w) <= 1_000_000 for w in values)
                and all(type(n) is int and abs(n) < 2**31 for n in (self.width, self.max_depth, self.per_parent)))

    def run_compiled(self, core: ModuleType, deadline: float | None = None, max_states: int | None = None,
                     progress: Callable[[int, float], None] | None = None, start: float = 0.0) -> list[SMove] | None:
        """:meth:`run_python` in the compiled core (``_beam.c``)."""
        cols, cells, found = start_state(self.position, self.variant)
        self.closed_at_start = self.variant.automatic is None
        search = core.BeamSearch(cols, cells, found, self.ncells, self._cap, self.closed_at_start, self.width,
                                 astuple(self.weights), self.max_depth, self.all_home, self.per_parent,
                                 self.rules.code)
        now = time.perf_counter()
        try:
            path: list[SMove] | None = search.run(None if deadline is None else deadline - now, max_states,
                                                  progress, now - start, self.max_refills)
        finally:
            self.states, self.stopped, self.refills = search.states, search.stopped, search.refills
        return path

    def run_python(self, deadline: float | None = None, max_states: int | None = None,
                   progress: Callable[[int, float], None] | None = None, start: float = 0.0) -> list[SMove] | None:
        """:meth:`run` in pure Python: the specification of the compiled one."""
        cols, cells, found = start_state(self.position, self.variant)
        # windows: automatic moves come only after a move (see state.start_state)
        self.closed_at_start = self.variant.automatic is None
        back: Back = None
        if self.all_home:
            cols, cells, found, back = self._sweep(cols, cells, found, None)
        root = self.node(cols, cells, found, back)
        if root[5] == 0:
            return self._finish(cols, cells, found, back)
        # kept: positions placed in a layer, never placed again (a later layer
        # would reach them with more moves). offered: this layer's candidates.
        # Candidates left out of a layer are not kept: another line may bring
        # them back, else the beam could close on itself and come out empty.
        kept: set[Key] = set()
        pool: list[Candidate] = [(root[4], -1, root, None)]
        # reserve: what each layer's selection left out, most recent last. When a
        # layer comes out empty the best of them are taken up again (a line with
        # fewer moves in a later layer) instead of starting again wider.
        reserve: list[list[Candidate]] = []
        width = self.width
        for _ in range(self.max_depth):
            layer, done, leftover = self._select(pool, width, kept)
            if done is not None:
                return done
            if leftover:
                reserve.append(leftover)
            candidates: list[Candidate] = []
            offered: set[Key] = set()
            # The limits are checked within a layer too: a wide beam's layer can
            # take seconds and offer far more positions than the limit.
            room = None if max_states is None else max_states - self.states
            for n, node in enumerate(layer, 1):
                done = self.expand(node, candidates, kept, offered)
                if done is not None:
                    self.states += len(offered)
                    return done
                if room is not None and len(offered) >= room:
                    self.states += len(offered)
                    self.stopped = "states"
                    return None
                if deadline is not None and not n & 15 and time.perf_counter() > deadline:
                    self.states += len(offered)
                    self.stopped = "time"
                    return None
            self.states += len(offered)
            if deadline is not None and time.perf_counter() > deadline:
                self.stopped = "time"
                return None
            if max_states is not None and self.states >= max_states:
                self.stopped = "states"
                return None
            if progress is not None:
                progress(self.states, time.perf_counter() - start)
            if candidates:
                # Candidates are scored but not yet played: the best ones are played
                # by the next selection.
                candidates.sort()
                pool = candidates
            elif reserve and self.refills < self.max_refills:
                self.refills += 1
                pool = reserve.pop()
                pool.sort()
            else:
                return None
        return None

    def _select(self, pool: list[Candidate], width: int,
                kept: set[Key]) -> tuple[list[Node], list[SMove] | None, list[Candidate] | None]:
        """The next layer: the best ``width`` positions of ``pool`` (sorted) not
        placed before, with the positions their moves to the foundation reach (no
        layer cost: they compete for the same places). Returns (layer, a solution
        or None, what was left out)."""
        extra: list[Played] = []
        layer: list[Node] = []
        # At most ``cap`` children of one parent: a beam of near copies closes on itself.
        cap = self.per_parent
        per_parent: dict[int, int] | None = {} if cap else None
        skipped: list[Candidate] = []
        n = len(pool)
        ci = 0
        tie = self._tie
        materialize = self.materialize
        heappush, heappop = heapq.heappush, heapq.heappop
        cand: Candidate  # (annotations only: no run-time work)
        node: Node
        nxt: Candidate | None
        while len(layer) < width:
            if extra and (ci >= n or extra[0] < pool[ci]):
                cand = heappop(extra)
            elif ci < n:
                cand = pool[ci]
                ci += 1
            else:
                break
            pid = id(cand[3])
            if per_parent is not None:
                k = per_parent.get(pid, 0)
                if k >= cap:
                    skipped.append(cand)
                    continue
            # Tested on cand itself, so that the type checker tells the two kinds apart.
            if cand[2] is None:
                if cand[14]:
                    # Played only now (see expand): the moves home it allows.
                    node = materialize(cand[3], cand[4])
                    if node[5] == 0:
                        return layer, self._finish(node[0], node[1], node[2], node[7]), None
                    key = (node[6], node[1])
                    if key in kept:
                        continue
                    nxt = extra[0] if extra else None
                    if ci < n and (nxt is None or pool[ci] < nxt):
                        nxt = pool[ci]
                    if nxt is not None and nxt[0] < node[4]:
                        heappush(extra, (node[4], next(tie), node, cand[3]))  # wait for its turn
                        continue
                else:
                    _, _, _, parent, move, ncells, nuns, nh, i, new_i, sh_i, j, new_j, sh_j, _ = cand
                    key = (nh, ncells)
                    if key in kept:
                        continue
                    ncols = list(parent[0])
                    contribs = list(parent[3])
                    ncols[i] = new_i
                    contribs[i] = sh_i
                    if j >= 0:
                        ncols[j] = new_j
                        contribs[j] = sh_j
                    node = (tuple(ncols), ncells, parent[2], contribs, cand[0], nuns, nh, (parent[7], move))
            else:
                node = cand[2]
                key = (node[6], node[1])
                if key in kept:
                    continue
            kept.add(key)
            layer.append(node)
            if per_parent is not None:
                per_parent[pid] = k + 1
            # Moves to the foundation that are not safe cost no layer: their
            # positions join this selection.
            if self.all_home:
                continue
            cols, cells, found = node[0], node[1], node[2]
            for i, col in enumerate(cols):
                if col:
                    c = col[-1]
                    if found[c & 3] == c >> 2:
                        child = materialize(node, (TO_HOME_FROM_COL, i, 0, 1))
                        if child[5] == 0:
                            return layer, self._finish(child[0], child[1], child[2], child[7]), None
                        if (child[6], child[1]) not in kept:
                            heappush(extra, (child[4], next(tie), child, node))
            for c in cells:
                if found[c & 3] == c >> 2:
                    child = materialize(node, (TO_HOME_FROM_CELL, c, 0, 1))
                    if child[5] == 0:
                        return layer, self._finish(child[0], child[1], child[2], child[7]), None
                    if (child[6], child[1]) not in kept:
                        heappush(extra, (child[4], next(tie), child, node))
        leftover = pool[ci:]
        leftover.extend(extra)
        leftover.extend(skipped)
        return layer, None, leftover

    def materialize(self, parent: Node, move: SMove) -> Node:
        cols, cells, found = parent[0], parent[1], parent[2]
        closed = self.closed_at_start or parent[7] is not None
        ncols, ncells, nfound, _ = play(cols, cells, found, move, closed, self.rules)
        back: Back = (parent[7], move)
        if self.all_home:
            ncols, ncells, nfound, back = self._sweep(ncols, ncells, nfound, back)
        return self.node(ncols, ncells, nfound, back)

    def _sweep(self, ncols: Cols, ncells: bytes, nfound: Found, back: Back) -> tuple[Cols, bytes, Found, Back]:
        """Every card that can go home goes (not only the safe ones); the moves
        join the ``back`` chain."""
        while True:
            for i, col in enumerate(ncols):
                if col and nfound[col[-1] & 3] == col[-1] >> 2:
                    m = (TO_HOME_FROM_COL, i, 0, 1)
                    break
            else:
                for c in ncells:
                    if nfound[c & 3] == c >> 2:
                        m = (TO_HOME_FROM_CELL, c, 0, 1)
                        break
                else:
                    break
            ncols, ncells, nfound, _ = play(ncols, ncells, nfound, m, True, self.rules)
            back = (back, m)
        return ncols, ncells, nfound, back

    def expand(self, node: Node, candidates: list[Candidate], kept: set[Key], offered: set[Key]) -> list[SMove] | None:
        """Score every move from ``node``: the moves go to ``candidates`` as
        (score, tie, None, parent, move, cells, unsorted, hsum, i, column i,
        share i, j, column j, share j, played later), unplayed: the one or two
        columns the move changes (j is -1 for one) make the child exactly unless
        a card goes home after the move (then it is played when selected).
        Returns a solution path when a move leaves only moves home."""
        # The hot loop (pure Python). cProfile on deals 2001-2030 (site, width
        # 64): expand() itself 34% (move generation), offer() 29% (key sums,
        # the dedup sets, the scores of the changed columns), dict lookups 7%,
        # _select() 19% with materialize() 13% (playing the moves that send
        # cards home: state.play 7%, safe_home 4%), node() 4%, sorting and
        # freeing a layer's candidates 4%. The caches of columns without their
        # last card, of the columns' scores and of the capacity save 16% of the
        # CPU (offer() the most); the cyclic collector, left on, would take a
        # further quarter (it is off during the search).
        cols, cells, found, contribs, score, unsorted, hsum, back = node
        w = self.weights
        wdep, we, wcell, whome = w.depth, w.empty, w.cells, w.home
        c0 = found[0] * 4 if found[0] < 13 else 53
        c1 = found[1] * 4 + 1 if found[1] < 13 else 53
        c2 = found[2] * 4 + 2 if found[2] < 13 else 53
        c3 = found[3] * 4 + 3 if found[3] < 13 else 53
        push = candidates.append
        info_of = self._info
        pop_of = self._pop
        add_cell = _ADD_CELL
        ncells_before = len(cells)
        # windows: the first move may let the game send cards home that were
        # waiting since the deal; play such moves at once.
        exact_ok = self.closed_at_start or back is not None
        all_home = self.all_home
        rules = self.rules
        is_safe, FIT, BELOW, kings, runs_of = rules.safe, rules.fit, rules.below, rules.kings, rules.runs

        def offer(move: SMove, ncells: bytes, i: int, new_i: bytes, j: int, new_j: bytes,
                  uncovered: int) -> list[SMove] | None:
            # j < 0: the move changes one column; new_j is then b"" and unused.
            # Most moves lead to a position met already (siblings share moves):
            # check that first.
            old_i = cols[i]
            if j < 0:
                nh = hsum + hash(new_i) - hash(old_i)
            else:
                old_j = cols[j]
                nh = hsum + hash(new_i) - hash(old_i) + hash(new_j) - hash(old_j)
            key = (nh, ncells)
            if key in kept or key in offered:
                return None
            offered.add(key)
            if new_i:
                base, u, t = info_of.get(new_i) or self.info(new_i)
                sh_i = base + wdep * (t[c0] + t[c1] + t[c2] + t[c3])
            else:
                sh_i, u = -we, 0
            nscore = score + wcell * (len(ncells) - ncells_before) + sh_i - contribs[i]
            nuns = unsorted + u - (info_of[old_i][1] if old_i else 0)
            if j < 0:
                sh_j = 0
            else:
                base, u, t = info_of.get(new_j) or self.info(new_j)  # a column that received cards
                sh_j = base + wdep * (t[c0] + t[c1] + t[c2] + t[c3])
                nscore += sh_j - contribs[j]
                nuns += u - (info_of[old_j][1] if old_j else 0)
            if nuns == 0 or not exact_ok:
                # Done, or windows' first move: play the move now.
                child = self.materialize(node, move)
                if child[5] == 0:
                    return self._finish(child[0], child[1], child[2], child[7])
                push((child[4], len(candidates), child, node))
                return None
            if uncovered >= 0 and (found[uncovered & 3] == uncovered >> 2 if all_home
                                   else is_safe(uncovered, found)):
                # The uncovered card goes home after the move: the child is played
                # only if it is selected (its score here counts that card home).
                push((nscore - whome, len(candidates), None, node, move, ncells, nuns, nh,
                      i, new_i, sh_i, j, new_j, sh_j, True))
                return None
            # Nothing goes home after this move: the changes make the child exactly.
            push((nscore, len(candidates), None, node, move, ncells, nuns, nh, i, new_i, sh_i, j, new_j, sh_j, False))
            return None

        free = self.ncells - ncells_before
        first_empty = -1
        n_empty = 0
        tops = []
        for i, col in enumerate(cols):
            if col:
                tops.append((i, col[-1]))
            else:
                n_empty += 1
                if first_empty < 0:
                    first_empty = i
        # free cell -> column
        for c in cells:
            fit = FIT[c]
            ncells = cells.replace(BYTE[c], b"")
            for j, d in tops:
                if fit[d]:
                    done = offer((CELL_TO_COL, c, j, 1), ncells, j, cols[j] + BYTE[c], -1, b"", -1)
                    if done is not None:
                        return done
            if first_empty >= 0 and (not kings or c >> 2 == KING):
                done = offer((CELL_TO_COL, c, first_empty, 1), ncells, first_empty, BYTE[c], -1, b"", -1)
                if done is not None:
                    return done
        caps = self._cap[free]
        cap_full = caps[n_empty]
        cap_empty = caps[n_empty - 1] if n_empty else 0
        # Column -> column: only the two cards that fit on a column's end can go
        # there; look them up among the movable runs instead of trying all pairs.
        where = {}
        runs = []
        for i, top in tops:
            col = cols[i]
            run = runs_of.get(col) or run_length(col, rules)
            runs.append(run)
            where[top] = (i, 1)
            for k in range(2, run + 1):
                where[col[-k]] = (i, k)
        for j, d in tops:
            for c in BELOW[d]:
                loc = where.get(c)
                if loc is not None:
                    i, k = loc
                    if i != j and (k == 1 or k <= cap_full):
                        col = cols[i]
                        if k == 1:
                            rest = pop_of.get(col)
                            if rest is None:
                                rest = pop_of[col] = col[:-1]
                        else:
                            rest = col[:-k]
                        done = offer((COL_TO_COL, i, j, k), cells, i, rest, j, cols[j] + col[-k:],
                                     rest[-1] if rest else -1)
                        if done is not None:
                            return done
        for (i, top), run in zip(tops, runs):
            col = cols[i]
            # Into an empty column: never a part of a column that is one run (it
            # would only swap places), never the whole column.
            if first_empty >= 0 and run < len(col):
                for k in range(min(run, cap_empty), 0, -1):
                    if kings and col[-k] >> 2 != KING:
                        continue
                    rest = col[:-k]
                    done = offer((COL_TO_COL, i, first_empty, k), cells, i, rest, first_empty, col[-k:], rest[-1])
                    if done is not None:
                        return done
            if free:
                rest = pop_of.get(col)
                if rest is None:
                    rest = pop_of[col] = col[:-1]
                ncells = add_cell.get((cells, top)) or _add_cell(cells, top)
                done = offer((COL_TO_CELL, i, 0, 1), ncells, i, rest, -1, b"", rest[-1] if rest else -1)
                if done is not None:
                    return done
        return None

    def _finish(self, cols: Cols, cells: bytes, found: Found, back: Back) -> list[SMove]:
        """The path to this position, then every card home: with each column a
        run, the lowest card left is always at a column's end or in a free cell."""
        path: list[SMove] = []
        while back is not None:
            back, move = back
            path.append(move)
        path.reverse()
        closed = self.variant.automatic is None or bool(path)
        while found != DONE:
            # The first move home of moves() (a column's card before a free cell's).
            move = next(m for m in moves(cols, cells, found, self.ncells - len(cells), self._cap, self.rules)
                        if m[0] <= TO_HOME_FROM_CELL)
            cols, cells, found, _ = play(cols, cells, found, move, closed, self.rules)
            closed = True
            path.append(move)
        return path
