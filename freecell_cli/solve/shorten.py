"""A shortening post-pass for any engine's solution.

The solution is replayed in the built-in engine's compact form, where safe moves
to the foundations are made as soon as they are safe (see :mod:`.builtin`); the
positions on the line are indexed by their canonical key (column order ignored).
Then, from each position on the line, every move of the variant is tried: when one
move reaches a position the line only reaches later, with fewer moves that are
not to the foundation in between, the stretch is cut out (site runs make many
single-card stretches one move). ``depth=2`` also tries every pair of moves, a
small bounded search for shortcuts. Only moves that are not to the foundation are
counted: every card goes home exactly once whatever the line, so the total count
falls by as much.

>>> from freecell_cli import deal, find_variant
>>> from freecell_cli.solve.engine import solve
>>> single = solve(deal(1), find_variant("atomic"), "builtin").moves  # one card at a time
>>> short = shorten_moves(deal(1), find_variant("site"), single)
>>> def nonfoundation(moves): return sum(m.dest.kind != "foundation" for m in moves)
>>> nonfoundation(short) < nonfoundation(single)
True
"""

from __future__ import annotations

import time

from ..autoplay import automatic_moves
from ..errors import FreecellError
from ..moves import CELL, COLUMN, FOUNDATION, Move, apply
from ..position import Position
from ..variants import Variant
from .builtin import (
    CELL_TO_COL,
    COL_TO_CELL,
    COL_TO_COL,
    TO_HOME_FROM_CELL,
    TO_HOME_FROM_COL,
    Search,
    _permutation,
    _remap,
    key_of,
    to_moves,
)
from .engine import Limits


def _cost(move: tuple) -> int:
    return 0 if move[0] <= TO_HOME_FROM_CELL else 1


def _states(search: Search, path: list[tuple]) -> list[tuple]:
    state = search.start_state()
    out = [state]
    closed = search.variant.automatic is None
    for i, move in enumerate(path):
        state = search.play(*state, move, closed or i > 0)[:3]
        out.append(state)
    return out


def shorten_path(search: Search, path: list[tuple], depth: int = 1, deadline: float | None = None) -> list[tuple]:
    """``path`` (search moves from ``search``'s start) with detours cut out.

    >>> from freecell_cli import deal, find_variant
    >>> s = Search(deal(1), find_variant("site"), Limits())
    >>> top = s.start_state()[0][0][-1]
    >>> shorten_path(s, [(COL_TO_CELL, 0, 0, 1), (CELL_TO_COL, top, 0, 1)])  # 1a a1: out and back
    []
    """
    play, successors = search.play, search.successors
    closed0 = search.variant.automatic is None
    i = 0
    states = _states(search, path)
    while i < len(path):
        if deadline is not None and time.perf_counter() > deadline:
            break
        # The last place on the line of each position: jump as far as possible.
        index = {}
        for j in range(i, len(states)):
            index[key_of(states[j][0], states[j][1])] = j
        pre = [0]
        for m in path[i:]:
            pre.append(pre[-1] + _cost(m))
        cols, cells, found = states[i]
        j = index[key_of(cols, cells)]
        # The line comes back here later: the loop in between goes (no move needed).
        best = (pre[j - i], j, [], cols) if j > i and pre[j - i] > 0 else None  # (gain, j, moves, columns reached)
        closed = closed0 or i > 0
        for m in successors(cols, cells, found):
            ncols, ncells, nfound, _ = play(cols, cells, found, m, closed)
            j = index.get(key_of(ncols, ncells), -1)
            if j > i:
                gain = pre[j - i] - _cost(m)
                if gain > 0 and (best is None or gain > best[0]):
                    best = (gain, j, [m], ncols)
            if depth >= 2 and best is None:
                for m2 in successors(ncols, ncells, nfound):
                    c2, e2, f2, _ = play(ncols, ncells, nfound, m2, True)
                    j = index.get(key_of(c2, e2), -1)
                    if j > i:
                        gain = pre[j - i] - _cost(m) - _cost(m2)
                        if gain > 0 and (best is None or gain > best[0]):
                            best = (gain, j, [m, m2], c2)
        if best is None:
            i += 1
            continue
        _, j, moves, ncols = best
        perm = _permutation(ncols, states[j][0])
        path = path[:i] + moves + [_remap(m, perm) for m in path[j:]]
        states = _states(search, path)
    return path


def to_path(position: Position, variant: Variant, moves: list[Move]) -> list[tuple]:
    """Real moves (as the variant plays them) as search moves: cards already sent
    home by the safe rule are left out of later moves. Raises
    :class:`FreecellError` when a move cannot be followed."""
    search = Search(position, variant, Limits())
    cols, cells, found = search.start_state()
    closed = variant.automatic is None
    raw = position.copy()
    path: list[tuple] = []

    def home(card) -> bool:
        return found[card.suit_index] >= card.rank

    for move in moves:
        src, dst, n = move.source, move.dest, move.count or 1
        if src.kind == CELL:
            cards = [raw.cells[src.index]]
        else:
            cards = raw.columns[src.index][-n:]
        if cards[0] is None or len(cards) < n:
            raise FreecellError(f"move {move} cannot be followed")
        apply(raw, move)
        if variant.automatic is not None:
            automatic_moves(raw, variant)
        left = [c for c in cards if not home(c)]
        if not left:
            continue
        code = left[0].index
        if dst.kind == FOUNDATION:
            kind = TO_HOME_FROM_CELL if code in cells else TO_HOME_FROM_COL
            step = (kind, code if kind == TO_HOME_FROM_CELL else src.index, 0, 1)
        elif src.kind == CELL:
            step = (CELL_TO_COL, code, dst.index, 1)
        elif dst.kind == CELL:
            step = (COL_TO_CELL, src.index, 0, 1)
        else:
            step = (COL_TO_COL, src.index, dst.index, len(left))
        if src.kind == COLUMN and not cols[src.index].endswith(bytes(c.index for c in left)):
            raise FreecellError(f"move {move} cannot be followed")
        cols, cells, found, _ = search.play(cols, cells, found, step, closed or bool(path))
        path.append(step)
    if found != (13, 13, 13, 13):
        raise FreecellError("the moves do not finish the game")
    return path


def shorten_moves(position: Position, variant: Variant, moves: list[Move], depth: int = 1,
                  deadline: float | None = None) -> list[Move]:
    """``moves`` with detours cut out; the moves themselves when nothing is won
    (or they cannot be followed: the caller's verifier will say why)."""
    try:
        search = Search(position, variant, Limits())
        path = to_path(position, variant, moves)
        short = shorten_path(search, path, depth, deadline)
        if sum(map(_cost, short)) >= sum(map(_cost, path)):
            return moves
        out = to_moves(position, variant, short)
    except FreecellError:
        return moves
    before = sum(1 for m in moves if m.dest.kind != FOUNDATION)
    after = sum(1 for m in out if m.dest.kind != FOUNDATION)
    return out if after < before else moves
