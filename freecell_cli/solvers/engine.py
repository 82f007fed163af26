"""The solver interface: limits in, a result with a verdict out.

Every engine returns moves in standard notation for the variant it was asked to
play; :func:`solve` re-checks them with our own verifier before anyone sees them.

>>> from freecell_cli import deal, find_variant
>>> r = solve(deal(1), find_variant("site"), engine="builtin")
>>> r.verdict, r.engine, r.move_count > 0
('solved', 'builtin', True)
"""

from __future__ import annotations

import time

from ..errors import FreecellError
from ..position import Position
from ..variants import Variant
from .result import GAVE_UP, SOLVED, UNSOLVABLE, VERDICTS, Engine, Limits, Result, SolverError

ENGINES = ("beam", "auto", "builtin", "fc-solve")


def get_engine(name: str, preset: str | None = None, width: int | None = None, optimize: bool = False) -> Engine:
    """``beam`` (short solutions; ``width`` and ``optimize`` trade time for
    length), ``builtin``, ``fc-solve`` (raises :class:`SolverError` when absent),
    or ``auto`` (fc-solve when present, else builtin: the fast choice).

    >>> get_engine("beam", width=64).width
    64
    """
    if name == "beam":
        from .beam import BeamEngine

        return BeamEngine(width=width, optimize=optimize)
    from .builtin import BuiltinEngine

    if name == "builtin":
        return BuiltinEngine()
    if name in ("fc-solve", "auto"):
        from .fcsolve import FcSolveEngine, fcsolve_available

        if fcsolve_available():
            fcs = FcSolveEngine(preset=preset)
            return AutoEngine(fcs, BuiltinEngine()) if name == "auto" else fcs
        if name == "auto":
            return BuiltinEngine()
        raise SolverError(
            "Freecell Solver is not installed: apt-get install freecell-solver-bin "
            "(or pip install 'freecell-cli[fcs]' with libfreecell-solver0)"
        )
    raise SolverError(f"unknown engine {name!r} (choose from {', '.join(ENGINES)})")


class AutoEngine:
    """Freecell Solver first, the built-in search when it finds nothing (as the
    site does for hints). A proof of unsolvability needs a complete search under
    the variant's own moves: fc-solve's counts for the textbook variants, the
    built-in engine's for the site's, so ``exhaustive`` goes to the built-in one."""

    name = "auto"
    shortens = False

    def __init__(self, first: Engine, fallback: Engine):
        self.first, self.fallback = first, fallback

    def solve(self, position: Position, variant: Variant, limits: Limits, exhaustive: bool = False) -> Result:

        if exhaustive:
            return self.fallback.solve(position, variant, limits, exhaustive=True)
        start = time.perf_counter()
        try:
            result = self.first.solve(position, variant, limits)
        except SolverError as e:
            # Freecell Solver cannot take this position (say 12 free cells): ours can.
            second = self.fallback.solve(position, variant, limits)
            second.engine = self.fallback.name
            second.reason = second.reason or f"{self.first.name} could not take the position: {e}"
            return second
        if result.verdict != GAVE_UP:
            return result
        spent = time.perf_counter() - start
        if limits.reached(spent, result.states):
            return result  # the user's own limit: nothing left for a second engine
        second = self.fallback.solve(position, variant, limits.remaining(spent, result.states))
        second.engine = f"{self.first.name}+{self.fallback.name}"
        second.states += result.states
        second.seconds += spent
        if second.verdict == GAVE_UP:
            # Its limits were what was left of the user's: name the user's.
            then = second.reason
            if limits.time is not None and then.startswith("time limit of"):
                then = f"the time limit of {limits.time:g} s reached"
            elif limits.states is not None and then.startswith("state limit of"):
                then = f"the state limit of {limits.states:,} reached"
            second.reason = f"{result.reason}; then {then}"
        return second


def solve(
    position: Position,
    variant: Variant,
    engine: str | Engine = "builtin",
    limits: Limits = Limits(),
    exhaustive: bool = False,
    shorten: bool = True,
) -> Result:
    """Search for a solution, shorten it (:mod:`.shorten`, unless ``shorten`` is
    false) and verify it before returning it."""
    from ..solutions import Solution
    from ..verify import verify

    if not isinstance(position, Position):
        raise FreecellError(f"solve needs a Position, not {type(position).__name__}")
    if not isinstance(variant, Variant):
        raise FreecellError(f"solve needs a Variant (find_variant(name)), not {type(variant).__name__}")
    position.copy().validate()  # an engine assumes a whole deck: say what is wrong first
    eng = get_engine(engine) if isinstance(engine, str) else engine
    result = eng.solve(position, variant, limits, exhaustive=exhaustive)
    if result.verdict == SOLVED and shorten and not eng.shortens:
        from .shorten import shorten_moves

        start = time.perf_counter()
        result.moves = shorten_moves(position, variant, result.moves)
        result.seconds += time.perf_counter() - start
    if result.verdict == SOLVED:
        tokens = result.notation
        sol = Solution(tokens=tokens, lines=list(range(1, len(tokens) + 1)))
        verdict = verify(sol, position, variant)
        if not verdict.ok:
            raise SolverError(f"{result.engine} produced a solution our verifier rejects: {verdict.summary()}")
        result.move_count = verdict.moves
    result.start, result.variant = position.copy(), variant.name
    return result


# The shared types, where callers have always found them.
__all__ = ["AutoEngine", "ENGINES", "Engine", "GAVE_UP", "Limits", "Result", "SOLVED", "SolverError", "UNSOLVABLE",
           "VERDICTS", "get_engine", "solve"]
