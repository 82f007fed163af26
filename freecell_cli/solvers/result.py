"""What every engine shares: limits in, a result out, and the engine's shape.

An engine is anything with a ``name``, a ``shortens`` flag and a ``solve(position,
variant, limits, exhaustive)`` returning a :class:`Result`; callers compose them
(fallbacks, the post-pass, the verifier) and never look further in.

>>> Limits(time=10, states=1000).remaining(4.0, 250)
Limits(time=6.0, states=750, progress=None)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol

from ..errors import FreecellError, FreecellRuntimeError
from ..moves import FOUNDATION, Move
from ..position import Position
from ..variants import Variant

if TYPE_CHECKING:
    from ..solutions import Solution



class Outcome(StrEnum):
    """What a search ended with. A member is its string (``Outcome.SOLVED ==
    "solved"``, in JSON too) and shows as one, so results print as they always
    did. (Not :class:`freecell_cli.verify.Verdict`, a replayed solution's verdict.)

    >>> Outcome.GAVE_UP == "gave-up", str(Outcome.SOLVED), Outcome("unsolvable")
    (True, 'solved', 'unsolvable')
    """

    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    GAVE_UP = "gave-up"

    def __repr__(self) -> str:
        return repr(self.value)


# The names callers have always used.
SOLVED, UNSOLVABLE, GAVE_UP = Outcome.SOLVED, Outcome.UNSOLVABLE, Outcome.GAVE_UP
VERDICTS = tuple(Outcome)


class SolverError(FreecellRuntimeError):
    """An engine could not run (missing program, bad preset...)."""


@dataclass(frozen=True)
class Limits:
    """When to give up: wall-clock seconds and/or states explored (None: no limit).

    ``progress``, when given, is called now and then with (states, seconds)."""

    time: float | None = None
    states: int | None = None
    progress: Callable[[int, float], None] | None = None

    def remaining(self, seconds: float, states: int = 0) -> Limits:
        """What is left of these limits once ``seconds`` and ``states`` are spent
        (none below zero): what a second engine, after a first, may use."""
        return Limits(
            None if self.time is None else max(self.time - seconds, 0.0),
            None if self.states is None else max(self.states - states, 0),
            self.progress,
        )

    def reached(self, seconds: float, states: int = 0) -> bool:
        """Whether ``seconds`` or ``states`` spent reach one of the limits."""
        return (self.states is not None and states >= self.states) or (
            self.time is not None and seconds >= self.time)


@dataclass
class Result:
    """What a solve found: ``verdict`` (``solved``, ``unsolvable``, ``gave-up``),
    the ``moves`` and how many the variant counts, the search's ``states`` and
    ``seconds``, and ``reason`` (why it gave up, or a note).

    >>> import freecell_cli as fc
    >>> r = fc.solve(fc.deal(1), engine="builtin")
    >>> r.solution().deal, r.solution().tokens == r.notation
    (1, True)
    """

    verdict: Outcome  # solved / unsolvable / gave-up (a plain string is taken too)
    engine: str
    moves: list[Move] = field(default_factory=list)  # resolved, as the variant plays them
    move_count: int = 0  # counted the variant's way (automatic moves included)
    states: int = 0
    seconds: float = 0.0
    reason: str = ""  # why it gave up, or a note
    start: Position | None = field(default=None, repr=False)  # set by freecell_cli.solve
    variant: str | None = None  # the variant's name, set by freecell_cli.solve
    # Set by the optimal search only (None elsewhere): whether the line is proven
    # to have the fewest non-foundation moves, and the fewest proven possible.
    optimal: bool | None = None
    lower_bound: int | None = None

    def __post_init__(self) -> None:
        try:
            self.verdict = Outcome(self.verdict)
        except ValueError:
            raise FreecellError(f"a result's verdict is one of {', '.join(VERDICTS)}, "
                                f"not {str(self.verdict)[:40]!r}") from None

    def solution(self) -> Solution:
        """The solution as a :class:`~freecell_cli.solutions.Solution` (its header
        names the deal, or the start position, and the variant)."""
        from ..solutions import solution_from

        if self.verdict != SOLVED:
            raise FreecellError(f"only a solved result has a solution, not one that {self.verdict!r}")
        if self.start is None:
            raise FreecellError("this result does not know its start position (solve it with freecell_cli.solve)")
        return solution_from(self.start, self.notation, self.variant or "site")

    def to_dict(self) -> dict[str, Any]:
        """The result as ``freecell solve --json`` and ``analyze``'s records give it
        (seconds to 0.1 ms; ``reason`` None when there is none).

        >>> import freecell_cli as fc
        >>> d = fc.solve(fc.deal(1), engine="builtin").to_dict()
        >>> list(d)[:5], d["deal"], d["variant"]
        (['verdict', 'engine', 'moves', 'move_count', 'nonfoundation_moves'], 1, 'site')
        """
        return {
            "verdict": str(self.verdict),  # a plain string: records are checked by type
            "engine": self.engine,
            "moves": self.notation,
            "move_count": self.move_count,
            "nonfoundation_moves": self.nonfoundation_moves,
            "seconds": round(self.seconds, 4),
            "states": self.states,
            "deal": None if self.start is None else self.start.deal,
            "variant": self.variant,
            "reason": self.reason or None,
            **({} if self.optimal is None and self.lower_bound is None else
               {"optimal": bool(self.optimal), "lower_bound": self.lower_bound}),
        }

    @property
    def nonfoundation_moves(self) -> int:
        return sum(1 for m in self.moves if m.dest.kind != FOUNDATION)

    @property
    def notation(self) -> list[str]:
        return [str(m) for m in self.moves]


class Engine(Protocol):
    """What callers use of an engine. ``shortens``: its lines have been through the
    post-pass already (solve() does not run it again)."""

    name: str
    shortens: bool

    def solve(
        self, position: Position, variant: Variant, limits: Limits, exhaustive: bool = False
    ) -> Result: ...


__all__ = ["Engine", "GAVE_UP", "Limits", "Outcome", "Result", "SOLVED", "SolverError", "UNSOLVABLE", "VERDICTS"]
