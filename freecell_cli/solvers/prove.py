"""A complete depth-first search: proves a position unsolvable (or finds a way).

The best-first engine (:mod:`.builtin`) is complete too, but pays for a heuristic
and a heap on every position; a proof visits every reachable position anyway, so
here each one costs only its moves and a look-up. What keeps it small:

- a compact state: columns as ``bytes`` of card codes, free cells a sorted
  ``bytes``; the foundations follow from the cards left, so the key is columns and
  cells only;
- symmetry: the key sorts the columns, so positions that differ only by the order
  of columns are one (in every game of the family too: no rule tells columns
  apart, nor free cells, dealt or not); a move to an empty column goes to the
  first one only;
- safe foundation moves (nothing can ever land on the card) are made at once, as
  part of the move before them: they never cost a solution;
- no move of a whole column into an empty one (it changes nothing), and not
  the move straight back to the position just left (it is seen already).

The search runs in the compiled core (``_core.c``) when it is built: the same
positions in the same order (:func:`_depth_first_compiled`; ``tests/test_core.py``
holds the two to it). In pure Python (:func:`_depth_first_python`, the
specification), what keeps each position cheap is counted in bytecodes:
the moves are played inline; the columns are kept sorted, so the key is a
join with no sort (the order only changes when a column empties or fills);
the capacities come from a table; each column's run is measured once and kept
with bit masks of the cards its cards may go on, so one AND with the mask of
the column tops rules out most columns.

Every other legal move of the variant is tried (a family game's: its
:class:`~.rules.Rules`), so when the search runs out of positions, no solution
exists: the verdict is ``unsolvable``, with the number of positions explored
(tests/test_rules.py holds it to a breadth-first search over whole positions).

>>> from freecell_cli import deal, find_variant
>>> r = prove(deal(2, cells=0), find_variant("standard"))
>>> r.verdict, r.states
('unsolvable', 1)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator

from ..position import Position
from ..variants import Variant
from .builtin import Search
from .result import GAVE_UP, SOLVED, UNSOLVABLE, Limits, Outcome, Result, SolverError
from .shorten import shorten_path
from .rules import rules_of
from .state import (BYTE, COL_TO_CELL, COL_TO_COL, CELL_TO_COL, SOLVED_FOUND, TO_HOME_FROM_COL, SMove,
                    capacities, in_deal_order, key_of, play, safe_home, start_state, to_moves)
from .state import moves as _moves

# A search as a generator: yields the positions explored so far, now and then
# (when the count reaches a multiple of its slice; a slice sent to it on its way
# back is the next one); returns (verdict, path, positions explored).
SearchRun = Generator[int, int | None, tuple[Outcome, list[SMove], int]]


SLICE = 4096  # positions a search explores before it hands over (limits are checked then)
# Positions the best-first search gets in a race: past them its finds are rare and
# its memory (some 430 bytes a position, in Python: 0.9 GB) is better left to the proof.
RACE_STATES = 2_000_000


def slice_of(limits: Limits) -> int:
    """The positions a search explores before it hands over: :data:`SLICE`, or the
    state limit when that is smaller (a limit of 100 stops at 100, not 4,096).

    >>> slice_of(Limits()), slice_of(Limits(states=100))
    (4096, 100)
    """
    return SLICE if limits.states is None else max(1, min(SLICE, limits.states))


def _depth_first(search: Search, every: int | None = None) -> SearchRun:
    """The complete depth-first search (:func:`_depth_first_compiled` when the
    compiled core is built, else :func:`_depth_first_python`: the same positions
    in the same order, counted alike)."""
    from .core import compiled

    return (_depth_first_compiled if compiled() is not None else _depth_first_python)(search, every)


def _depth_first_compiled(search: Search, every: int | None = None) -> SearchRun:
    """:func:`_depth_first_python` run by the compiled core (``_core.c``): the same
    moves in the same order, the same positions, yielded at the same counts."""
    from .core import built

    core = built()
    if core is None:
        raise SolverError("the compiled core is not built")
    cols, cells, found = search.start_state()
    caps = capacities(search.ncells, len(cols), search.variant.capacity)
    limit = search.limits.states
    # The set is sized for the state limit at once (the core sizes it for 16
    # million at most, and reads a C long long).
    every = every or slice_of(search.limits)
    expect = 0 if limit is None else min(limit + every, 1 << 62)
    run = core.DepthFirst(cols, cells, found, search.ncells, caps, search.variant.automatic is None, expect,
                          rules_of(search.variant).code)
    if every == 1 and found != SOLVED_FOUND:  # as the Python search: see there
        every = (yield run.states) or every
    while True:
        status = run.run(every)  # to the next multiple of the slice, as the Python search
        if status == 0:
            every = (yield run.states) or every
        elif status == 1:
            return SOLVED, in_deal_order(search.position, search.variant, run.path()), run.states
        elif status == 2:
            return UNSOLVABLE, [], run.states
        else:
            raise MemoryError(f"no memory to store more than {run.stored:,} positions" if run.stored < core.MAX_STORED
                              else f"the compiled core stores at most {core.MAX_STORED:,} positions")


def _depth_first_python(search: Search, every: int | None = None) -> SearchRun:
    """The complete depth-first search as a generator: yields the positions
    explored so far at each multiple of ``every`` (default :func:`slice_of`
    the limits; one sent back is the next slice); returns (verdict, path, states).

    The moves are played here rather than by :func:`.state.play` (the same
    rules: only the card a move uncovers can have become safe to send home),
    which is most of the work: about four moves are played per new position,
    three of them to a position seen already. The move straight back is not
    played at all."""
    variant = search.variant
    rules = rules_of(variant)
    is_safe = rules.safe
    ncells_total = search.ncells
    closed0 = variant.automatic is None
    cols, cells, found = start_state(search.position, variant)
    # Columns are kept in sorted order, so the key needs no sort: the order is
    # that of their bottom cards (all different), empty ones first, and only a
    # move that empties or fills a column can change it. The path found is
    # renumbered for the deal's own order at the end.
    cols = tuple(sorted(cols))
    caps = capacities(ncells_total, len(cols), variant.capacity)
    seen = {key_of(cols, cells)}
    add = seen.add
    every = every or slice_of(search.limits)
    states = 1
    stop = (states // every + 1) * every
    if found == SOLVED_FOUND:
        return SOLVED, [], states
    if every == 1:  # a slice of one position: the start, counted already (a limit of 1 ends here)
        every = (yield states) or every
        stop = (states // every + 1) * every
    # The stack holds, per depth, the position and the moves not tried yet from it.
    first = _moves(cols, cells, found, ncells_total - len(cells), caps, rules)
    first.reverse()  # popped from the end: moves to the foundations first
    stack = [(cols, cells, found, first)]
    push = stack.append
    trail: list[SMove] = []  # the move that led to each stack entry but the first
    while stack:
        cols, cells, found, moves = stack[-1]
        closed = closed0 or len(stack) > 1
        # Most moves lead to a position seen already: try the moves of this
        # position here until one does not, without going round the stack.
        while moves:
            move = moves.pop()
            kind, a, b, n = move
            if kind == COL_TO_COL and closed:
                src = cols[a]
                uncovered = src[:-n]
                ncols = list(cols)
                ncols[a] = uncovered
                ncols[b] = cols[b] + src[-n:]
                ncells, nfound = cells, found
                back = (COL_TO_COL, b, a, n)
                resort = not uncovered or not cols[b]
            elif kind == COL_TO_CELL and closed:
                src = cols[a]
                uncovered = src[:-1]
                ncols = list(cols)
                ncols[a] = uncovered
                ncells = bytes(sorted(cells + src[-1:]))
                nfound = found
                back = (CELL_TO_COL, src[-1], a, 1)
                resort = not uncovered
            elif kind == CELL_TO_COL and closed:
                uncovered = b""  # nothing: no new card can go home
                ncols = list(cols)
                ncols[b] = cols[b] + BYTE[a]
                ncells = cells.replace(BYTE[a], b"")
                nfound = found
                back = (COL_TO_CELL, b, 0, 1)
                resort = not cols[b]
            else:  # to the foundations (rarer), or the first move of a windows game
                t, ncells, nfound, _ = play(cols, cells, found, move, closed, rules)
                ncols = list(t)
                uncovered = b""
                back = None
                resort = True
            if uncovered:
                # The foundations did not change: only the uncovered card can have
                # become safe to send home (then safe_home sends all that follow).
                if is_safe(uncovered[-1], nfound):
                    fl = list(nfound)
                    ncells, _ = safe_home(ncols, ncells, fl, rules)
                    nfound = tuple(fl)
                    back = None  # cards went home: the move back does not undo it
                    resort = True
            if resort:
                ncols.sort()
                back = None  # the columns may have changed places
            key = b"\xff".join(ncols) + b"\xfe" + ncells
            if key in seen:
                continue
            add(key)
            states += 1
            trail.append(move)
            if nfound == SOLVED_FOUND:
                return SOLVED, in_deal_order(search.position, search.variant, trail), states
            t = tuple(ncols)
            nexts = _moves(t, ncells, nfound, ncells_total - len(ncells), caps, rules)
            if back is not None and back in nexts:
                # It would lead back to the position just left, which is seen: not
                # playing it changes nothing but the time.
                nexts.remove(back)
            nexts.reverse()
            push((t, ncells, nfound, nexts))
            if states == stop:
                every = (yield states) or every
                stop = (states // every + 1) * every
            break
        else:  # every move of this position tried
            stack.pop()
            if trail:
                trail.pop()
    return UNSOLVABLE, [], states


def _best_first(search: Search, every: int | None = None, weight: float = 0.2) -> SearchRun:
    """The best-first search of :mod:`.builtin` (complete as well) as a generator
    like :func:`_depth_first`; finds solutions far sooner, proves more slowly."""
    return search.explore(weight, every or slice_of(search.limits))


def _best_first_in_race(search: Search, every: int | None = None) -> SearchRun:
    """:func:`_best_first` for its first :data:`RACE_STATES` positions; then it
    lets its positions go and only yields its count again, so the race goes on
    with the depth-first search alone."""
    run = _best_first(search, every)
    states = 0
    sent: int | None = None
    while states < RACE_STATES:
        try:
            states = run.send(sent)  # (the first: send(None), a start)
        except StopIteration as done:
            settled: tuple[Outcome, list[SMove], int] = done.value
            return settled
        sent = yield states
    run.close()
    while True:
        yield states


Maker = Callable[[Search, int | None], SearchRun]  # a search, given its first slice


def _drive(position: Position, variant: Variant, limits: Limits, searches: list[tuple[Maker, int]]) -> Result:
    """Run the searches (generators) in turns until one of them settles the
    question or a limit is reached; each turn gives a search as many slices of
    :data:`SLICE` positions as its weight says. ``states`` adds them up; a state
    limit is met exactly (the last slices are cut to it)."""
    start = time.perf_counter()
    search = Search(position, variant, limits)
    running = [_Lazy(make, search) for make, _ in searches]
    turns = [weight for _, weight in searches]
    counts = [0] * len(running)
    verdict: Outcome = GAVE_UP
    path: list[SMove] = []
    reason = ""
    try:
        while verdict == GAVE_UP and not reason:
            verdict, path, reason = _turns(running, turns, counts, start, limits)
    except MemoryError as e:
        reason = f"out of memory after {sum(counts):,} states ({e})" if str(e) else \
            f"out of memory after {sum(counts):,} states"
    for gen in running:
        gen.close()
    if verdict == SOLVED and len(running) > 1:
        path = shorten_path(position, variant, path)
    moves = to_moves(position, variant, path) if verdict == SOLVED else []
    return Result(verdict, "prove", moves, len(moves), sum(counts), time.perf_counter() - start, reason)


class _Lazy:
    """A search made at its first turn, with the slice that turn gives it (a
    generator takes a slice only after its first run), then sent each next one."""

    def __init__(self, make: Maker, search: Search):
        self.make, self.search = make, search
        self.gen: SearchRun | None = None

    def run(self, every: int) -> int:
        if self.gen is None:
            self.gen = self.make(self.search, every)
            return next(self.gen)
        return self.gen.send(every)

    def close(self) -> None:
        if self.gen is not None:
            self.gen.close()


def _slice(count: int, total: int, limit: int | None) -> int:
    """The slice that takes a search from ``count`` positions to no more than the
    state limit (``total``: every search's count): :data:`SLICE`, or a slice
    whose next multiple is just where the limit is reached."""
    left = SLICE if limit is None else limit - total
    return SLICE if left >= SLICE else count + max(left, 1)


def _turns(running: list[_Lazy], turns: list[int], counts: list[int], start: float,
           limits: Limits) -> tuple[Outcome, list[SMove], str]:
    """One round: each search its turn. Returns (verdict, path, reason why it
    stopped: a limit) with GAVE_UP and no reason when nothing is settled yet."""
    time_limit, state_limit, progress = limits.time, limits.states, limits.progress
    for i, gen in enumerate(running):
        for _ in range(turns[i]):
            try:
                counts[i] = gen.run(_slice(counts[i], sum(counts), state_limit))
            except StopIteration as done:
                verdict, path, counts[i] = done.value
                return verdict, path, ""
            total, elapsed = sum(counts), time.perf_counter() - start
            if time_limit is not None and elapsed > time_limit:
                return GAVE_UP, [], f"time limit of {time_limit:g} s reached after {total:,} states"
            if state_limit is not None and total >= state_limit:
                return GAVE_UP, [], f"state limit of {state_limit:,} reached"
            if progress is not None:
                progress(total, elapsed)
    return GAVE_UP, [], ""


def prove(position: Position, variant: Variant, limits: Limits = Limits(), race: bool = False) -> Result:
    """Search every position reachable from ``position`` under ``variant``, depth
    first, until a solution turns up (``solved``, with its moves), none is left
    (``unsolvable``) or a limit is reached (``gave-up``). ``states`` counts the
    positions explored (the state limit met exactly: the last slices are cut to it).

    With ``race``, the best-first search runs by its side, in turns, for its
    first :data:`RACE_STATES` positions: whichever settles the question first
    ends both (a solution from either, or either running out of positions). That
    spares the depth-first search the long hunts for a solution it is bad at;
    past those positions the proof goes on alone, at its own speed and memory.

    >>> from freecell_cli import deal, find_variant
    >>> r = prove(deal(3, cells=1), find_variant("standard"))
    >>> r.verdict, r.states
    ('unsolvable', 113)
    """
    if not race:
        return _drive(position, variant, limits, [(_depth_first, 1)])
    from .core import compiled

    # Turns count positions: the compiled depth-first search explores some 30
    # times as many a second as the Python best-first one, so it gets as many
    # slices a turn, and both their share of the time.
    return _drive(position, variant, limits, [(_depth_first, 32 if compiled() else 1), (_best_first_in_race, 1)])


class ProveEngine:
    """:func:`prove` as an engine, for :func:`freecell_cli.solvers.engine.solve`
    (which verifies what it finds, and shortens it unless the race did). Always
    exhaustive.

    >>> from freecell_cli import deal, find_variant
    >>> from freecell_cli.solvers.engine import solve
    >>> solve(deal(3, cells=1), find_variant("standard"), ProveEngine()).verdict
    'unsolvable'
    """

    name = "prove"

    def __init__(self, race: bool = True) -> None:
        self.race = race
        # A race's line has been through the post-pass (see _drive); a second
        # round of single moves would search the same positions and find nothing.
        self.shortens = race

    def solve(self, position: Position, variant: Variant, limits: Limits, exhaustive: bool = True) -> Result:
        return prove(position, variant, limits, race=self.race)
