"""The beam engine: beam searches (:mod:`.beam_search`) for short solutions, with
their plans (``--width``, ``--optimize``), the fallbacks when every beam closes on
itself, the proof for ``--exhaustive``, and the post-pass, behind the engine
interface.

>>> from freecell_cli import deal, find_variant
>>> from freecell_cli.solvers.engine import solve
>>> r = solve(deal(1), find_variant("site"), BeamEngine(width=64))
>>> r.verdict, r.engine, r.nonfoundation_moves < 40
('solved', 'beam', True)
"""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from ..moves import Move
from ..position import Position
from ..variants import Variant
from .beam_search import Beam, Weights
from .result import GAVE_UP, SOLVED, Engine, Limits, Result, SolverError
from .shorten import shorten_moves, shorten_path
from .state import TO_HOME_FROM_CELL, SMove, to_moves

__all__ = ["Beam", "BeamEngine", "Plan", "ROBUST_WEIGHTS", "Weights"]

# The weighting of the second try when the first beam closes on itself: it keeps
# more cards free above the next cards each suit needs (rarely stuck, a bit longer).
ROBUST_WEIGHTS = Weights(home=2, unsorted=2, cells=2, disorder=0, depth=2, empty=0)


@dataclass(frozen=True)
class Plan:
    """One beam search of :class:`BeamEngine`: its width and weights, whether
    every card that can go home goes (else moves home are choices), and at most
    how many children of one position a layer keeps (0: no cap)."""

    width: int
    weights: Weights = Weights()
    all_home: bool = True
    per_parent: int = 0


class BeamEngine:
    """Beam searches, then the complete search and Freecell Solver if they all fail.

    The first beam sends every card home that can go (``all_home``: no branching
    on moves home) and keeps at most ``PER_PARENT`` children of one position in a
    layer (a beam of near copies closes on itself: on deals 1-200 this halved the
    first beams that found nothing, and the lines were no longer). When it finds
    nothing, a beam of the same width under :data:`ROBUST_WEIGHTS` tries, then
    one with moves home as choices, then beams twice as wide each time up to
    ``max_width`` (4x); after that the ``complete`` engine on a budget, then
    ``fcsolve`` (given when Freecell Solver may be installed: its SolverError
    passes it by), then the ``complete`` engine without the budget; the same
    ``prover`` (else ``complete``) takes ``exhaustive`` (a beam proves nothing).
    All are given by :func:`.engine.get_engine`; without them a beam that finds
    nothing gives up. ``optimize`` also runs one beam ``OPTIMIZE_FACTOR`` times as
    wide (or, given a ``width``, only a beam that wide), keeps the shorter line and
    tries pairs of moves in the post-pass. The found line goes through the shortening post-pass
    (:mod:`.shorten`) here, in the search's own terms.

    >>> BeamEngine().width, BeamEngine(optimize=True).width
    (768, 24576)
    """

    name = "beam"
    shortens = True  # solve() need not run the post-pass again
    WIDTH = 768
    OPTIMIZE_FACTOR = 32
    PER_PARENT = 8
    BUILTIN_BUDGET = 20_000  # states; 901776 (standard) and 712391 take 2,600 and 7,000

    def __init__(self, width: int | None = None, max_width: int | None = None, optimize: bool = False,
                 weights: Weights = Weights(), shorten_depth: int | None = None,
                 complete: Engine | None = None, fcsolve: Engine | None = None, prover: Engine | None = None):
        self.complete, self.fcsolve = complete, fcsolve
        self.prover = prover if prover is not None else complete
        base = width or self.WIDTH
        self.base = base
        self.width = base * self.OPTIMIZE_FACTOR if optimize and width is None else base
        self.optimize = optimize
        self.weights = weights
        self.shorten_depth = shorten_depth if shorten_depth is not None else (2 if optimize else 1)
        # Wider than 4x rescued one deal of 1100 (712391): the beams closed on
        # themselves within a few thousand states each time, and the built-in
        # engine then solved it in a second.
        self.max_width = max_width if max_width is not None else max(self.width * 4, 256)

    def plans(self) -> list[Plan]:
        """Each search that counts towards the best."""
        first = Plan(self.base, self.weights, True, self.PER_PARENT)  # the default search
        if not self.optimize or self.width == self.base:
            return [first]
        # One wide beam: on deals 2001-2040 (standard, compiled core) four sets
        # of searches as wide as it (the wide beam with a second weighting, with
        # moves home as choices, in two halves...) all gave the same mean, 25.73
        # non-foundation moves, and this one the least time.
        return [first, Plan(self.width, self.weights, True, self.PER_PARENT)]

    def fallbacks(self) -> list[Plan]:
        """The searches tried in turn when every planned one found nothing: the
        same width under other weights, then with moves home as choices, then
        twice as wide each time. (On the 34 of deals 1-1000 and the benchmark's
        100 random ones where the first beam finds nothing, the second finds a
        line for 25 and the third for 5 of the other 9.)"""
        out = [Plan(self.width, ROBUST_WEIGHTS, True), Plan(self.width, self.weights, False)]
        width = self.width * 2
        while width <= self.max_width:
            out.append(Plan(width, self.weights, False))
            width *= 2
        return out

    def solve(self, position: Position, variant: Variant, limits: Limits, exhaustive: bool = False) -> Result:
        if exhaustive:
            return self._prove(position, variant, limits)
        with _no_cyclic_gc():
            return self._solve(position, variant, limits)

    def _prove(self, position: Position, variant: Variant, limits: Limits) -> Result:
        """The complete search settles it; when it finds a line, the beams look
        for a shorter one on what is left of the limits (a proof's line is long:
        deal 1's took 109 non-foundation moves, the beam's 30)."""
        if self.prover is None:
            raise SolverError("a beam search proves nothing: an exhaustive search needs a complete one")
        start = time.perf_counter()
        proof = self.prover.solve(position, variant, limits, exhaustive=True)
        if proof.verdict != SOLVED:
            return proof
        if not self.prover.shortens:
            from .shorten import shorten_moves

            proof.moves = shorten_moves(position, variant, proof.moves)
            proof.move_count = len(proof.moves)
        spent = time.perf_counter() - start
        if limits.reached(spent, proof.states):
            return proof
        with _no_cyclic_gc():
            short = self._solve(position, variant, limits.remaining(spent, proof.states))
        if short.verdict != SOLVED or short.nonfoundation_moves >= proof.nonfoundation_moves:
            return proof
        short.engine = f"{proof.engine}+{short.engine}"
        short.states += proof.states
        short.seconds = time.perf_counter() - start
        return short

    def _solve(self, position: Position, variant: Variant, limits: Limits) -> Result:
        start = time.perf_counter()
        deadline = None if limits.time is None else start + limits.time
        states = 0
        best: list[SMove] | None = None
        stopped: str | None = None

        def attempt(plan: Plan) -> None:
            nonlocal states, stopped, best
            left = None if limits.states is None else limits.states - states
            beam = Beam(position, variant, plan.width, plan.weights, all_home=plan.all_home,
                        per_parent=plan.per_parent)
            path = beam.run(deadline, left, limits.progress, start)
            states += beam.states
            stopped = beam.stopped
            if path is not None:
                path = self._shorten(position, variant, path, deadline)
                if best is None or _cost(path) < _cost(best):
                    best = path

        for plan in self.plans():
            attempt(plan)
            if stopped:
                break
        if best is None and not stopped:
            for plan in self.fallbacks():
                attempt(plan)
                if best is not None or stopped:
                    break
        if best is not None:
            moves: list[Move] = to_moves(position, variant, best)
            return Result(SOLVED, self.name, moves, len(moves), states, time.perf_counter() - start)
        if stopped == "states":
            return Result(GAVE_UP, self.name, states=states, seconds=time.perf_counter() - start,
                          reason=f"state limit of {limits.states:,} reached")
        if stopped == "time":
            return Result(GAVE_UP, self.name, states=states, seconds=time.perf_counter() - start,
                          reason=f"time limit of {limits.time:g} s reached after {states:,} states")
        # No beam up to the widest found a line: the complete search, first on a
        # budget (it settles the deals of the benchmark that get this far in a
        # fraction of a second); then Freecell Solver when it is here; then the
        # complete search without the budget.
        def left() -> Limits:
            return limits.remaining(time.perf_counter() - start, states)

        complete = self.complete
        if complete is None:
            found = self._fcsolve(position, variant, left(), start)
            if found is not None:
                found.states += states
                return found
            return Result(GAVE_UP, self.name, states=states, seconds=time.perf_counter() - start,
                          reason="no beam found a line")
        rest = left()
        budget = self.BUILTIN_BUDGET if rest.states is None else min(rest.states, self.BUILTIN_BUDGET)
        r = complete.solve(position, variant, Limits(rest.time, budget, limits.progress))
        states += r.states
        if r.verdict == GAVE_UP and (rest.states is None or r.states < rest.states):
            found = self._fcsolve(position, variant, left(), start)
            if found is not None:
                found.states += states
                return found
            # The last word: a proof (the complete search, compiled when built).
            complete = self.prover or complete
            r = complete.solve(position, variant, left(), exhaustive=True)
            states += r.states
        r.engine = f"{self.name}+{complete.name}"
        r.states = states
        r.seconds = time.perf_counter() - start
        if r.verdict != SOLVED:
            # A beam never proves anything, but the complete search does.
            r.reason = r.reason or "no beam found a line; the complete search found none either"
        # The last search had what was left: name the user's limit.
        if r.verdict == GAVE_UP and limits.time is not None and r.reason.startswith("time limit of"):
            r.reason = f"time limit of {limits.time:g} s reached after {states:,} states"
        elif r.verdict == GAVE_UP and limits.states is not None and r.reason.startswith("state limit of"):
            r.reason = f"state limit of {limits.states:,} reached"
        return r

    def _fcsolve(self, position: Position, variant: Variant, limits: Limits, start: float) -> Result | None:
        """Freecell Solver's line, shortened, when it is installed and finds one.

        A position no beam solves is rare from a deal's start but less so in the
        middle of a game (a hint): after 617's 5a every beam up to width 256 closes
        on itself and the built-in engine needs 110,000 states (5 s) for 61
        non-foundation moves; fc-solve finds 93 in 0.2 s, 62 after the post-pass."""
        if self.fcsolve is None:
            return None
        try:
            r = self.fcsolve.solve(position, variant, limits)
        except SolverError:  # not installed after all, or a table the library was not built for
            return None
        if r.verdict != SOLVED:  # under site its "none" proves nothing: the built-in engine decides
            return None
        r.moves = shorten_moves(position, variant, r.moves)
        r.move_count = len(r.moves)
        r.engine = f"{self.name}+{r.engine}"
        r.seconds = time.perf_counter() - start
        return r

    def _shorten(self, position: Position, variant: Variant, path: list[SMove], deadline: float | None) -> list[SMove]:
        if not self.shorten_depth:
            return path
        return shorten_path(position, variant, path, self.shorten_depth, deadline)


@contextmanager
def _no_cyclic_gc() -> Iterator[None]:
    """The cyclic collector off for a search (back on after, if it was on). The
    search makes millions of short-lived tuples and no reference cycles: the
    collector's passes over them took a quarter of the time (deals 2001-2020).
    Reference counting alone frees them all."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def _cost(path: list[SMove]) -> int:
    return sum(1 for m in path if m[0] > TO_HOME_FROM_CELL)
