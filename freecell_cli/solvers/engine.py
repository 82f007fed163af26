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
from .result import GAVE_UP, SOLVED, UNSOLVABLE, VERDICTS, Engine, Limits, Outcome, Result, SolverError

ENGINES = ("beam", "auto", "builtin", "fc-solve")


def get_engine(name: str, preset: str | None = None, width: int | None = None, optimize: bool = False,
               optimal: bool = False) -> Engine:
    """``beam`` (short solutions; ``width`` and ``optimize`` trade time for
    length; ``optimal``: the fewest non-foundation moves, proven, the line of
    ``optimize`` first as a bound), ``builtin``, ``fc-solve`` (raises
    :class:`SolverError` when absent), or ``auto`` (fc-solve when present, else
    builtin: the fast choice).

    The composition root: the engines that fall back on others, or re-plan
    with them, are given them here (no engine creates another).

    >>> get_engine("beam", width=64).width
    64
    """
    if name not in ENGINES:
        raise SolverError(f"unknown engine {name!r} (choose from {', '.join(ENGINES)})")
    from .builtin import BuiltinEngine

    builtin = BuiltinEngine()
    if name == "builtin":
        return builtin
    from .fcsolve import FcSolveEngine, fcsolve_available
    from .prove import ProveEngine

    # A proof (exhaustive) is the complete depth-first search racing the
    # best-first one: the depth-first side runs in the compiled core when built.
    prover = ProveEngine()
    if name == "beam":
        from .beam import BeamEngine

        # Freecell Solver's availability is found out only if the beams fail
        # (its SolverError passes it by): most solves never ask.
        # The optimal search's first line is --optimize's: a second or two, and the
        # shorter the line, the more of the search it cuts off (deal 12 under
        # standard: 29 against the default's 33; the optimum is 28).
        beam = BeamEngine(width=width, optimize=optimize or optimal, complete=builtin,
                          fcsolve=FcSolveEngine(replan=builtin), prover=prover)
        if optimal:
            from .optimal import OptimalEngine

            return OptimalEngine(upper=beam)
        return beam
    if fcsolve_available():
        fcs = FcSolveEngine(preset=preset, replan=builtin)
        return Fallback(fcs, builtin, name="auto", prover=prover) if name == "auto" else fcs
    if name == "auto":
        return Fallback(builtin, name="builtin", prover=prover)
    raise SolverError(
        "Freecell Solver is not installed: apt-get install freecell-solver-bin "
        "(or pip install 'freecell-cli[fcs]' with libfreecell-solver0)"
    )


class Fallback:
    """``first``, then each engine of ``then`` in turn when the one before gives
    up (as the site does for hints: Freecell Solver, then the built-in search).
    Each gets what is left of the limits (:meth:`Limits.remaining`); when the
    user's own limit is what stopped one, nothing is left for the next. An engine
    that cannot take the position (:class:`SolverError`) hands it on whole.

    A proof of unsolvability needs a complete search under the variant's own
    moves, so ``exhaustive`` goes to ``prover`` (the last engine unless given):
    fc-solve's counts only for the textbook variants, the built-in engine's for
    the site's too.

    >>> from freecell_cli.solvers.builtin import BuiltinEngine
    >>> from freecell_cli.solvers.fcsolve import FcSolveEngine
    >>> Fallback(FcSolveEngine(), BuiltinEngine()).name
    'fc-solve+builtin'
    """

    def __init__(self, first: Engine, *then: Engine, name: str | None = None, prover: Engine | None = None):
        self.engines = (first, *then)
        self.name = name or "+".join(e.name for e in self.engines)
        self.prover = prover if prover is not None else self.engines[-1]
        # The post-pass is left to solve() unless every engine runs it itself.
        self.shortens = all(e.shortens for e in self.engines)

    def solve(self, position: Position, variant: Variant, limits: Limits, exhaustive: bool = False) -> Result:
        if exhaustive:
            return self.prover.solve(position, variant, limits, exhaustive=True)
        return _chain(self.engines, position, variant, limits)


def _chain(engines: tuple[Engine, ...], position: Position, variant: Variant, limits: Limits) -> Result:
    """The first of ``engines``, then the rest on what it left (see :class:`Fallback`)."""
    first, rest = engines[0], engines[1:]
    if not rest:
        return first.solve(position, variant, limits)
    then = "+".join(e.name for e in rest)
    start = time.perf_counter()
    try:
        result = first.solve(position, variant, limits)
    except SolverError as e:
        # Freecell Solver cannot take this position (say 12 free cells): ours can.
        second = _chain(rest, position, variant, limits)
        second.engine = then
        second.reason = second.reason or f"{first.name} could not take the position: {e}"
        return second
    if result.verdict != GAVE_UP:
        return result
    spent = time.perf_counter() - start
    if limits.reached(spent, result.states):
        return result  # the user's own limit: nothing left for the next engine
    second = _chain(rest, position, variant, limits.remaining(spent, result.states))
    second.engine = f"{first.name}+{then}"
    second.states += result.states
    second.seconds += spent
    if second.verdict == GAVE_UP:
        # Its limits were what was left of the user's: name the user's.
        reason = second.reason
        if limits.time is not None and reason.startswith("time limit of"):
            reason = f"the time limit of {limits.time:g} s reached"
        elif limits.states is not None and reason.startswith("state limit of"):
            reason = f"the state limit of {limits.states:,} reached"
        second.reason = f"{result.reason}; then {reason}"
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
        sol = Solution(tokens=tokens, lines=list(range(1, len(tokens) + 1)), game=position.game)
        verdict = verify(sol, position, variant)
        if not verdict.ok:
            raise SolverError(f"{result.engine} produced a solution our verifier rejects: {verdict.summary()}")
        result.move_count = verdict.moves
    result.start, result.variant = position.copy(), variant.name
    return result



# The shared types, where callers have always found them.
__all__ = ["ENGINES", "Fallback", "Engine", "GAVE_UP", "Limits", "Outcome", "Result", "SOLVED", "SolverError", "UNSOLVABLE",
           "VERDICTS", "get_engine", "solve"]
