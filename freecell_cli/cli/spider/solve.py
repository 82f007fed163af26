"""freecell spider solve: find a winning line, printed as a solution file."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ..checks import check_output, seconds_limit
from ..options import command, output, seconds_number, whole_number
from ..output import EXIT_GAVE_UP, EXIT_OK, Settings, errors_to_exit, write_output
from .options import SpiderPositionOptions, UnrestrictedOpt, positions


@command(positions(deal=Annotated[Optional[str], typer.Option(help="Solve this deal instead of reading a position.")]),
         output(json="The result as JSON (into -o FILE when given)."))
def solve_command(
    time_limit: Annotated[float, typer.Option(metavar="SECONDS", help="Give up after SECONDS (0: no limit).", parser=seconds_number)] = 60.0,
    max_states: Annotated[Optional[int], typer.Option(metavar="N", help="Give up after N states.", parser=whole_number(1))] = None,
    unrestricted: UnrestrictedOpt = False,
    where: SpiderPositionOptions = SpiderPositionOptions(),
    json: bool = False,
    output: str | None = None,
    settings: Settings = Settings(),
) -> None:
    """Find a winning line (the solver sees every card) and print it as a solution
    file that `spider verify` accepts. Exit 0 solved, 3 gave up (the search prunes,
    so it never answers 1, unsolvable). Every line is replayed by our verifier first."""
    from ...api import format_spider_solution, spider_solve
    from ...spider.solve import SOLVED
    from ...text import json_line

    where.check()
    limit = seconds_limit(time_limit)
    check_output(output)  # now, not after a long search
    position = where.read()
    with errors_to_exit():
        result = spider_solve(position, time_limit=limit, max_states=max_states, unrestricted=unrestricted)
    if json:
        d = {"verdict": result.verdict, "moves": result.notation, "steps": result.steps(),
             "move_count": result.move_count, "seconds": round(result.seconds, 4), "states": result.states,
             "deal": position.deal, "suits": position.suits, "reason": result.reason or None}
        write_output(json_line(d) + "\n", output)
    elif result.verdict == SOLVED:
        with errors_to_exit():
            write_output(format_spider_solution(result, position), output)
    if result.verdict == SOLVED:
        settings.note(f"solved: {result.move_count} moves, {result.states:,} states, {result.seconds:.2f} s")
        raise typer.Exit(EXIT_OK)
    settings.note(f"gave up: {result.reason} ({result.states:,} states explored)")
    raise typer.Exit(EXIT_GAVE_UP)
