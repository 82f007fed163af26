"""freecell spider solve: find a winning line, printed as a solution file."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ..checks import check_output, seconds_limit
from ..options import command, output, seconds_number, whole_number
from ..output import EXIT_GAVE_UP, EXIT_NEGATIVE, EXIT_OK, SearchStatus, Settings, errors_to_exit, gave_up_note, write_output
from .options import SpiderPositionOptions, UnrestrictedOpt, positions


@command(positions(deal=Annotated[Optional[str], typer.Option(
    metavar="N", show_default=False,
    help="Solve Spider deal N (1..10^19-1, PySolFC's numbering) instead of reading a position.")]),
         output(json="The result as JSON (into -o FILE when given)."))
def solve_command(
    time_limit: Annotated[Optional[float], typer.Option(metavar="SECONDS", help="Give up after SECONDS (default 60; none with --exhaustive; 0: no limit).", parser=seconds_number)] = None,
    max_states: Annotated[Optional[int], typer.Option(metavar="N", help="Give up after N states.", parser=whole_number(1))] = None,
    unrestricted: UnrestrictedOpt = False,
    exhaustive: Annotated[bool, typer.Option("--exhaustive", help="The complete search alone: proves unsolvability.")] = False,
    where: SpiderPositionOptions = SpiderPositionOptions(),
    json: bool = False,
    output: str | None = None,
    settings: Settings = Settings(),
) -> None:
    """Find a winning line (the solver sees every card) and print it as a solution
    file that `spider verify` accepts. Exit 0 solved, 1 unsolvable (a complete
    search found no win: it follows the heuristic search when that has nothing left
    to try, or runs alone with --exhaustive), 3 gave up (a limit, or the cap on
    stored positions). Every line is replayed by our verifier first."""
    from ...api import format_spider_solution, spider_solve
    from ...spider.solve import GAVE_UP, SOLVED
    from ...text import json_line, plural

    where.check()
    limit = seconds_limit(time_limit) if time_limit is not None else None
    seconds = 0 if time_limit is not None and limit is None else limit  # 0: no limit; None: the default
    check_output(output, reads=where.sources(), writes="the solution")  # now, not after a search
    position = where.read()
    status = SearchStatus.wanted(settings)  # as solve's: on a terminal's stderr only
    try:
        with errors_to_exit():
            result = spider_solve(position, time_limit=seconds, max_states=max_states, unrestricted=unrestricted,
                                  exhaustive=exhaustive, progress=status.update if status else None)
    finally:
        if status:
            status.close()
    if json:
        d = {"verdict": result.verdict, "moves": result.notation, "steps": result.steps(),
             "move_count": result.move_count, "seconds": round(result.seconds, 4), "states": result.states,
             "positions": result.positions, "deal": position.deal, "suits": position.suits,
             "reason": result.reason or None}
        write_output(json_line(d) + "\n", output)
    elif result.verdict == SOLVED:
        with errors_to_exit():
            write_output(format_spider_solution(result, position), output)
    if result.verdict == SOLVED:
        settings.note(f"solved: {result.move_count} moves, {result.states:,} states, {result.seconds:.2f} s")
        raise typer.Exit(EXIT_OK)
    if result.verdict == GAVE_UP:
        settings.note(gave_up_note(result.reason, result.states))
        raise typer.Exit(EXIT_GAVE_UP)
    settings.note(f"unsolvable: the search was complete ({plural(result.positions, 'position')})")
    raise typer.Exit(EXIT_NEGATIVE)
