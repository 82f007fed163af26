"""Spider's part of the scripting API: solve, read, write and verify solutions,
exported from :mod:`freecell_cli` (``fc.spider_solve``...) with their arguments
checked, as :mod:`freecell_cli.api` does for FreeCell."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from .. import checks
from ..errors import ArgumentTypeError, InvalidArgument, InvalidSolution, quote
from ..files import TextOrPath, is_path

if TYPE_CHECKING:
    from .position import Position as SpiderPosition
    from .solve import Result as SpiderResult
    from .verify import Solution as SpiderSolution
    from .verify import Verdict as SpiderVerdict


def _spider_position(value: object) -> SpiderPosition:
    from .position import check_position

    return check_position(value)  # its type and its fields' (fc.spider's functions check the same)


def spider_solve(
    position: SpiderPosition,
    *,
    time_limit: float | None = None,
    max_states: int | None = None,
    unrestricted: bool = False,
    exhaustive: bool = False,
    progress: Callable[[int, float], None] | None = None,
) -> SpiderResult:
    """Solve a Spider position, as ``freecell spider solve`` does: verdict
    ``solved``, ``unsolvable`` (a complete search found no win: the heuristic
    search, when it has nothing left to try, hands over to it) or ``gave-up`` (a
    limit, or the cap on stored positions, was reached). ``exhaustive``: the
    complete search alone. ``time_limit`` None: 60 s (none when ``exhaustive``); 0:
    no limit.

    >>> import freecell_cli as fc
    >>> r = fc.spider_solve(fc.spider.deal(1, suits=1))
    >>> r.verdict, fc.spider_verify(fc.spider.deal(1, suits=1), r).ok
    ('solved', True)
    """
    from .solve import Limits
    from .solve import solve as run

    start = _spider_position(position)
    exhaustive = checks.flag(exhaustive, "exhaustive")
    limits = Limits(time=checks.time_limit(time_limit, exhaustive), states=checks.positive(max_states, "max_states"),
                    progress=checks.progress(progress))
    return run(start, limits, checks.flag(unrestricted, "unrestricted"), exhaustive)


def read_spider_solution(source: TextOrPath | SpiderSolution, *, stream: bool = False) -> SpiderSolution:
    """A Spider solution from its text or its file (see :data:`TextOrPath`).

    ``stream=True`` reads a file's moves only as a replay needs them (constant
    memory; the solution can then be replayed once): what ``freecell spider
    verify`` does.

    >>> import freecell_cli as fc
    >>> fc.read_spider_solution("# spider deal 7, 2 suits\\n23 d\\n").deal
    7
    """
    from .verify import Solution, open_solution, parse_solution

    if isinstance(source, Solution):
        return source
    if is_path(source):
        if stream:
            return open_solution(os.fspath(source))
        from ..files import read_text

        return parse_solution(read_text(os.fspath(source), "solution"))
    if not isinstance(source, str):
        raise InvalidSolution(f"a solution is text, a path or a Solution, not {type(source).__name__}")
    if "\x00" in source:
        raise InvalidSolution("binary data, not a solution")
    return parse_solution(source)


def format_spider_solution(solution: SpiderResult | SpiderSolution | list[str],
                           position: SpiderPosition | None = None) -> str:
    """A Spider solution file (what ``freecell spider solve`` writes): a header
    naming the start, then ten moves a line.

    >>> import freecell_cli as fc
    >>> print(fc.format_spider_solution(["23", "d"], fc.spider.deal(3, suits=2)), end="")
    # spider deal 3, 2 suits, 2 moves
    23 d
    """
    from .solve import SOLVED, Result
    from .verify import Solution, format_solution, start_position

    if isinstance(solution, Result):
        if solution.verdict != SOLVED:
            raise InvalidArgument(f"only a solved result has a solution, not one that {solution.verdict!r}")
        tokens, start = solution.notation, position if position is not None else solution.start
    elif isinstance(solution, Solution):
        start = position if position is not None else start_position(solution)
        tokens = [step.token for step in solution.steps()]  # a streamed one is read here, once
    elif isinstance(solution, list) and all(isinstance(t, str) for t in solution):
        tokens, start = solution, position
    else:
        raise ArgumentTypeError(f"format_spider_solution needs a Result, a Solution or move texts, "
                                f"not {type(solution).__name__}")
    if start is None:
        raise InvalidArgument("give the position the solution starts from")
    return format_solution(tokens, _spider_position(start))


def spider_verify(
    position: SpiderPosition | int | None,
    solution: SpiderSolution | SpiderResult | TextOrPath,
    *,
    suits: int | None = None,
    unrestricted: bool = False,
) -> SpiderVerdict:
    """Replay a Spider solution from ``position`` (or deal number, with ``suits``;
    None: the start the file names), as ``freecell spider verify`` does.

    >>> import freecell_cli as fc
    >>> v = fc.spider_verify(1, "23 47", suits=1)
    >>> v.valid, v.solved, v.moves
    (True, False, 2)
    """
    from .solve import Result
    from .position import Position
    from .verify import start_position
    from .verify import verify as replay

    if isinstance(position, bool) or not isinstance(position, (int, Position, type(None))):
        raise ArgumentTypeError(f"position must be a Spider Position, a deal number or None, not {quote(position)}")
    if suits is not None and checks.whole(suits, "suits") not in (1, 2, 4):
        raise InvalidArgument(f"Spider is played with 1, 2 or 4 suits, not {quote(suits)}")
    unrestricted = checks.flag(unrestricted, "unrestricted")
    if isinstance(solution, Result):
        solution = format_spider_solution(solution, position if not isinstance(position, int) else None)
    sol = read_spider_solution(solution, stream=True)  # a file: its moves read as the replay goes
    if isinstance(position, int):
        from .deals import check_deal_number

        start = start_position(sol, check_deal_number(position), suits)
    else:
        start = start_position(sol, None, suits, None if position is None else _spider_position(position))
    return replay(sol, start, unrestricted or sol.unrestricted)
