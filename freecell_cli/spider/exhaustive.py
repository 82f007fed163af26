"""The complete Spider search: depth first over every legal move of the seed's
rules, each position once by its exact key; when it runs out of positions, no win
exists (:func:`complete`). Its line is then cut short (:func:`shortcut`)."""

from __future__ import annotations

from ..solvers.result import SolverError
from .budget import Budget
from .heuristic import DOWN, W_RUN, Search, Step, column_score, run_length


_UP = [bytes((c & ~DOWN,)) for c in range(128)]  # a card's code as one byte, face up


def _complete_run(col: bytes) -> bytes | None:
    """``col`` without the complete run at its end (its new last card turned up),
    or None when there is none. Only called when the column ends with an ace."""
    if len(col) >= 13 and col[-13] == col[-1] + 12 and run_length(col) >= 13:
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


def _play(cols: tuple[bytes, ...], k: int, stock: tuple[int, ...], step: Step) -> tuple[tuple[bytes, ...], int, int]:
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
        run = run_length(src)
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


def complete(search: Search, clock: Budget, offset: int) -> tuple[list[Step] | None, int]:
    """The complete depth-first search: every legal move from every position
    reachable from the start (:func:`_steps`), each position once (an exact key in
    a set, :func:`_key`: a set of hashes could take two positions for one and
    skip a win), the children of a position tried best-scored first (the heuristic's
    scores) and the line found then cut short (:func:`shortcut`). Returns the moves
    of a win, or None when every reachable position was explored without one (a
    proof), and the number of positions stored; a limit raises :class:`GaveUp`
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
                h = sum(column_score(c, cache) for c in ncols) - sum(column_score(c, cache) for c in cols)
            else:
                s, d, n = step
                src, dst = cols[s], cols[d]
                new_src, new_dst, done = _moved(src, dst, n)
                h = (column_score(new_src, cache) + column_score(new_dst, cache)
                     - column_score(src, cache) - column_score(dst, cache))
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
                return shortcut(search, cols0, path), len(seen)
            stack.append((ncols, nk, removed + done, ordered(ncols, nk, removed + done)))
            break
        else:
            stack.pop()
            if path:
                path.pop()
    return None, len(seen)


def shortcut(search: Search, cols0: tuple[bytes, ...], path: list[Step]) -> list[Step]:
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
