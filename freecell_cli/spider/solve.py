"""The Spider solver: a greedy best-first search over every card's place, and a
complete search behind it (the solver knows the face-down cards and the stock,
as every Spider solver does).

Limits in (seconds, states, a progress function: FreeCell's engines'
:class:`~freecell_cli.solvers.result.Limits`), a :class:`Result` out whose verdict
is ``solved``, ``unsolvable`` or ``gave-up``. The heuristic search prunes moves that
cannot help (see ``Search.children``), so it proves nothing; when it has nothing
left to try (and no limit stopped it), or at once with ``exhaustive``, a complete
depth-first search over every legal move (:mod:`.exhaustive`) settles the question:
when it runs out of positions, no win exists. Both store at most ``max_stored``
positions (:func:`stored_cap`) and give up there. Every solution is replayed by
:func:`freecell_cli.spider.verify.verify` before :func:`solve` returns it.

>>> from freecell_cli.spider.deals import deal
>>> r = solve(deal(1, suits=1), Limits(time=30))
>>> r.verdict, r.move_count == len(r.moves) > 0
('solved', True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

# the same limits and failure as FreeCell's engines (spider.solve.Limits stays a path to them)
from ..solvers.result import Limits as Limits
from ..solvers.result import Outcome
from ..solvers.result import SolverError as SolverError
from .budget import Budget, GaveUp, stored_cap
from .exhaustive import complete, shortcut
from .heuristic import Search, Step, node_steps
from .moves import DEAL, Move, notation
from .position import Position
from .tries import heuristic

SOLVED, UNSOLVABLE, GAVE_UP = Outcome.SOLVED.value, Outcome.UNSOLVABLE.value, Outcome.GAVE_UP.value  # plain text


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
    search = Search(position, unrestricted)
    clock = Budget(limits, cap, search.cache, search.infos)
    started = clock.started
    raw: list[Step] | None = []
    states = positions = 0
    if search.runs_left:
        try:
            goal = None
            if not exhaustive:
                goal, _ = heuristic(search, clock)
                if goal is not None:
                    # (the best-first line wanders too: the same cut shortens it)
                    raw = shortcut(search, search.root.cols, node_steps(goal))
            if goal is None:
                states = search.expanded
                raw, positions = complete(search, clock, states)
        except (GaveUp, MemoryError) as e:
            positions = len(clock.seen)
            clock.seen = set()
            states = search.expanded + positions
            reason = str(e) if isinstance(e, GaveUp) else f"out of memory after {states:,} states"
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
