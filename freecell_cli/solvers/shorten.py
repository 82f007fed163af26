"""A shortening post-pass for any engine's solution.

The solution is replayed in the compact state of :mod:`.state`, where safe moves
to the foundations are made as soon as they are safe (:func:`.state.play`); the
positions on the line are indexed by their canonical key (column order ignored).
Then, from each position on the line, every move of the variant is tried: when one
move reaches a position the line only reaches later, with fewer moves that are
not to the foundation in between, the stretch is cut out (site runs make many
single-card stretches one move). ``depth=2`` also tries every pair of moves, a
small bounded search for shortcuts. Only moves that are not to the foundation are
counted: every card goes home exactly once whatever the line, so the total count
falls by as much.

Where the compiled core is in use (:mod:`.core`), each round runs in C
(``_shorten.c``): the same line, move for move (tests/test_shorten_core.py); this
module is its specification.

>>> from freecell_cli import deal, find_variant
>>> from freecell_cli.solvers.engine import solve
>>> single = solve(deal(1), find_variant("atomic"), "builtin").moves  # one card at a time
>>> short = shorten_moves(deal(1), find_variant("site"), single)
>>> def nonfoundation(moves): return sum(m.dest.kind != "foundation" for m in moves)
>>> nonfoundation(short) < nonfoundation(single)
True
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from ..errors import FreecellError
from ..moves import FOUNDATION, Move
from ..position import Position
from ..variants import Variant
from .rules import rules_of
from .state import (BYTE, CELL_TO_COL, COL_TO_CELL, COL_TO_COL, TO_HOME_FROM_CELL, TO_HOME_FROM_COL, capacities,
                    in_search_order, moves, start_state, to_moves, to_path)
from .state import play as _play

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence
    from types import ModuleType

    from .state import Cols, Found, SMove, State

_CELLS: dict[tuple[bytes, int], bytes] = {}


def add_cell(cells: bytes, c: int) -> bytes:
    new = _CELLS.get((cells, c))
    if new is None:
        new = _CELLS[(cells, c)] = bytes(sorted(cells + BYTE[c]))
    return new


def _cost(move: SMove) -> int:
    return 0 if move[0] <= TO_HOME_FROM_CELL else 1


def _states(position: Position, variant: Variant, path: list[SMove]) -> list[State]:
    state = start_state(position, variant)
    out = [state]
    closed = variant.automatic is None
    rules = rules_of(variant)
    for i, move in enumerate(path):
        state = _play(*state, move, closed or i > 0, rules)[:3]
        out.append(state)
    return out


def _successors(position: Position, variant: Variant) -> Callable[[Cols, bytes, Found], list[SMove]]:
    """The moves of a state, in the order the built-in engine tries them (the
    order decides which of two equally good shortcuts is kept)."""
    ncells = len(position.cells)
    caps = capacities(ncells, len(position.columns), variant.capacity)
    rules = rules_of(variant)

    def successors(cols: Cols, cells: bytes, found: Found) -> list[SMove]:
        return in_search_order(moves(cols, cells, found, ncells - len(cells), caps, rules), cols)

    return successors


def shorten_path(position: Position, variant: Variant, path: list[SMove], depth: int = 1,
                 deadline: float | None = None, rounds: int = 4) -> list[SMove]:
    """``path`` (search moves from ``position``'s :func:`.state.start_state`
    under ``variant``) with detours cut out.

    Each round indexes the line's positions by a canonical key, looks for
    shortcuts from every position (one move, or two when ``depth`` is 2, reaching
    a position the line only reaches later), and keeps the cheapest combination
    of shortcuts (a shortest path over the line and its shortcuts). With pairs,
    rounds repeat while they gain (a pair passes through a position the line did
    not have); with single moves one round is all there is to gain.

    >>> from freecell_cli import deal, find_variant
    >>> top = deal(1).columns[0][-1].index
    >>> shorten_path(deal(1), find_variant("site"), [(COL_TO_CELL, 0, 0, 1), (CELL_TO_COL, top, 0, 1)])  # 1a a1
    []
    """
    from .core import compiled

    core = compiled()
    cost = sum(map(_cost, path))
    if depth < 2:
        # A one-move shortcut lands on a position of the line, so the new line's
        # positions are among the old one's: a second round would search a part
        # of the same graph and find nothing shorter (none did on 160 fc-solve
        # lines under the four variants), at the cost of a whole round.
        rounds = 1
    for _ in range(rounds):
        if deadline is not None and time.perf_counter() > deadline:
            break
        if core is not None:
            new = _shortcut_round_compiled(core, position, variant, path, depth, deadline)
        else:
            new = _shortcut_round(position, variant, path, depth, deadline)
        new_cost = sum(map(_cost, new))
        if new_cost >= cost:
            break
        path, cost = new, new_cost
    return path


def _shortcut_round_compiled(core: ModuleType, position: Position, variant: Variant, path: list[SMove],
                             depth: int, deadline: float | None) -> list[SMove]:
    """:func:`_shortcut_round` in the compiled core (``_shorten.c``): the same
    line, but positions are told apart by their exact key, not a sum of hashes.
    A move of ``path`` that cannot be played is a :class:`FreecellError`."""
    cols, cells, found = start_state(position, variant)
    ncells = len(position.cells)
    caps = capacities(ncells, len(cols), variant.capacity)
    budget = None if deadline is None else deadline - time.perf_counter()
    try:
        new: list[SMove] = core.shortcut_round(cols, cells, found, ncells, caps, variant.automatic is None, path,
                                               depth >= 2, budget, rules_of(variant).code)
    except ValueError as e:
        raise FreecellError(f"the line cannot be shortened: {e}") from None
    return new


def _hsum(cols: Iterable[bytes]) -> int:
    # The columns' part of the key: a sum of hashes ignores their order.
    return sum(map(hash, cols))


def _shortcut_round(position: Position, variant: Variant, path: list[SMove], depth: int,
                    deadline: float | None) -> list[SMove]:
    # The profile of this loop (fc-solve lines of deals 2001-2040): play() of the
    # moves home and of the moves that uncover a safe card, the successors, and
    # the key sums share the time; most moves need no play() at all.
    rules = rules_of(variant)
    successors = _successors(position, variant)
    is_safe = rules.safe
    closed0 = variant.automatic is None
    states = _states(position, variant, path)
    n = len(path)
    index: dict[tuple[int, bytes], int] = {}
    for j, (cols, cells, _) in enumerate(states):
        index[(_hsum(cols), cells)] = j  # the last place on the line: jump as far as possible
    INF = 1 << 30
    dist = [INF] * (n + 1)
    dist[0] = 0
    how: list[tuple[int, list[SMove] | None] | None] = [None] * (n + 1)  # (from, shortcut moves or None for the line's own move)

    def relax(i: int, j: int, d: int, moves: list[SMove], ncols: Sequence[bytes]) -> None:
        if d < dist[j] and sorted(ncols) == sorted(states[j][0]):  # the sum of hashes may clash
            dist[j] = d
            how[j] = (i, moves)

    late = False
    for i in range(n):
        d = dist[i]
        m0 = path[i]
        if d + _cost(m0) < dist[i + 1]:
            dist[i + 1] = d + _cost(m0)
            how[i + 1] = (i, None)
        if late or (deadline is not None and time.perf_counter() > deadline):
            late = True
            continue
        cols, cells, found = states[i]
        hs = _hsum(cols)
        j = index[(hs, cells)]
        if j > i:  # the line comes back here later: the loop in between goes
            relax(i, j, d, [], cols)
        closed = closed0 or i > 0
        for m in successors(cols, cells, found):
            kind, a, b, k = m
            c = _cost(m)
            if kind > TO_HOME_FROM_CELL and closed:
                # Foundations stay: the child's key comes from the changed parts,
                # unless the move uncovers a card the safe rule sends home.
                changes: tuple[tuple[int, bytes], ...] | None  # (annotation only: no run-time work)
                if kind == CELL_TO_COL:
                    dst = cols[b]
                    new = dst + BYTE[a]
                    ncells = cells.replace(BYTE[a], b"")
                    nh = hs - hash(dst) + hash(new)
                    changes = ((b, new),)
                else:
                    src = cols[a]
                    rest = src[:-k]
                    if rest and is_safe(rest[-1], found):
                        changes = None
                    elif kind == COL_TO_COL:
                        dst = cols[b]
                        new = dst + src[-k:]
                        ncells = cells
                        nh = hs - hash(src) - hash(dst) + hash(rest) + hash(new)
                        changes = ((a, rest), (b, new))
                    else:
                        ncells = add_cell(cells, src[-1])
                        nh = hs - hash(src) + hash(rest)
                        changes = ((a, rest),)
                if changes is not None:
                    j = index.get((nh, ncells), -1)
                    if j > i + 1 or (j == i + 1 and c < _cost(m0)):
                        lcols = list(cols)
                        for x, col in changes:
                            lcols[x] = col
                        relax(i, j, d + c, [m], lcols)
                    if depth < 2:
                        continue
            ncols, ncells, nfound, _ = _play(cols, cells, found, m, closed, rules)
            j = index.get((_hsum(ncols), ncells), -1)
            if j > i + 1 or (j == i + 1 and c < _cost(m0)):
                relax(i, j, d + c, [m], ncols)
            if depth >= 2:
                for m2 in successors(ncols, ncells, nfound):
                    c2, e2, _, _ = _play(ncols, ncells, nfound, m2, True, rules)
                    j = index.get((_hsum(c2), e2), -1)
                    if j > i + 1:
                        relax(i, j, d + c + _cost(m2), [m, m2], c2)
    # Walk back the cheapest line, then replay it: a shortcut may land on the
    # line's position with the columns in another order.
    steps: list[tuple[int, int, list[SMove] | None]] = []
    j = n
    while j > 0:
        back = how[j]
        assert back is not None  # every position of the line is reached by its own move
        i, moves = back
        steps.append((i, j, moves))
        j = i
    steps.reverse()
    out: list[SMove] = []
    cols, cells, found = states[0]
    perm = list(range(len(cols)))
    for i, j, moves in steps:
        if moves is None:
            moves = [path[i]]
        else:
            moves = [_remap(m, perm) for m in moves]
            for m in moves:
                cols, cells, found, _ = _play(cols, cells, found, m, closed0 or bool(out), rules)
                out.append(m)
            perm = _permutation(cols, states[j][0])
            continue
        m = _remap(moves[0], perm)
        cols, cells, found, _ = _play(cols, cells, found, m, closed0 or bool(out), rules)
        out.append(m)
    return out


def _remap(move: SMove, perm: list[int]) -> SMove:
    kind, a, b, n = move
    if kind in (TO_HOME_FROM_COL, COL_TO_CELL):
        return (kind, perm[a], b, n)
    if kind == CELL_TO_COL:
        return (kind, a, perm[b], n)
    if kind == COL_TO_COL:
        return (kind, perm[a], perm[b], n)
    return move


def _permutation(have: tuple[bytes, ...], want: tuple[bytes, ...]) -> list[int]:
    """perm[i] = index in ``have`` of the column that is ``want``'s column i... inverted:
    maps an index of ``want`` to the index of the same column in ``have``."""
    used = [False] * len(have)
    perm = []
    for col in want:
        j = next(j for j, c in enumerate(have) if not used[j] and c == col)
        used[j] = True
        perm.append(j)
    return perm



def shorten_moves(position: Position, variant: Variant, moves: list[Move], depth: int = 1,
                  deadline: float | None = None) -> list[Move]:
    """``moves`` with detours cut out; the moves themselves when nothing is won
    (or they cannot be followed: the caller's verifier will say why)."""
    try:
        path = to_path(position, variant, moves)
        short = shorten_path(position, variant, path, depth, deadline)
        if sum(map(_cost, short)) >= sum(map(_cost, path)):
            return moves
        out = to_moves(position, variant, short)
    except FreecellError:
        return moves
    before = sum(1 for m in moves if m.dest.kind != FOUNDATION)
    after = sum(1 for m in out if m.dest.kind != FOUNDATION)
    return out if after < before else moves
