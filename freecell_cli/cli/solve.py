"""freecell solve: find a solution (or a proof there is none), print it verified."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from ..api import MAX_WIDTH
from ..text import plural
from .checks import check_output, refuse_together, requires, seconds_limit
from .options import (
    ENGINE_HELP,
    EngineName,
    PositionOptions,
    command,
    output,
    positions,
    seconds_number,
    whole_number,
)
from .output import (
    EXIT_GAVE_UP,
    EXIT_NEGATIVE,
    EXIT_OK,
    SearchStatus,
    Settings,
    errors_to_exit,
    fail,
    gave_up_note,
    write_output,
)


if TYPE_CHECKING:
    from ..position import Position
    from ..solvers.engine import Result
    from ..variants import Variant


class SolutionFormat(str, Enum):
    file = "file"
    sn = "sn"
    snx = "snx"
    verbose = "verbose"
    json = "json"  # the same as --json
    macroxue = "macroxue"


@command(positions(), output(json=None))  # its --json goes before -f
def solve_command(
    ctx: typer.Context,
    engine: Annotated[EngineName, typer.Option(metavar="ENGINE", help=ENGINE_HELP)] = EngineName.beam,
    preset: Annotated[Optional[str], typer.Option(metavar="NAME", help="fc-solve preset (its -l), default lg.")] = None,
    width: Annotated[Optional[int], typer.Option(metavar="W", help="Beam width (beam engine): wider is slower and shorter.", parser=whole_number(1, MAX_WIDTH))] = None,
    optimal: Annotated[bool, typer.Option("--optimal", help="The fewest non-foundation moves, proven (an A* search bounded by the line of --optimize). Exit 3, with the best line and the bound proven, when a limit stops it.")] = False,
    optimize: Annotated[bool, typer.Option("--optimize", help="Beam engine: also one beam 32 times as wide (or --width wide), and pairs of moves in the post-pass: shorter, slower.")] = False,
    time_limit: Annotated[Optional[float], typer.Option(metavar="SECONDS", help="Give up after SECONDS (default 60; none with --exhaustive; 0: no limit).", parser=seconds_number)] = None,
    max_states: Annotated[Optional[int], typer.Option(metavar="N", help="Give up after N states.", parser=whole_number(1))] = None,
    hint: Annotated[bool, typer.Option("--hint", help="Only the next move, and why.")] = False,
    exhaustive: Annotated[bool, typer.Option("--exhaustive", help="Search to the end: proves unsolvability.")] = False,
    json: Annotated[bool, typer.Option("--json", help="The result as JSON: verdict, moves, counts, time, states.")] = False,
    format: Annotated[Optional[SolutionFormat], typer.Option("--format", "-f", metavar="FORMAT", help="Solution format: file (ours, with a header; the default), snx (moves, counts into empty columns as v<hex>), sn (plain moves), verbose (fc-solve's words), json (the same as --json), macroxue (DEAL:MOVES, a line as macroxue's solver writes).")] = None,
    where: PositionOptions = PositionOptions(),
    output: str | None = None,
    settings: Settings = Settings(),
) -> None:
    """Solve a position under a variant. Exit 0 solved, 1 proven unsolvable, 3 gave up.

    Every solution is replayed by our own verifier before it is printed. With
    --json or --hint, -o FILE receives the JSON or the hint. A game of the FreeCell
    family (--game) is played under its own rules, by every engine.
    """
    from .. import api
    from ..solvers.engine import GAVE_UP, SOLVED, get_engine
    from ..text import json_line

    if format is SolutionFormat.json:  # README: --json is -f json
        json, format = True, None
    shown = f"-f {format.value}" if format is not None else None
    refuse_together("--hint" if hint else None, shown, why="a hint is one move, not a solution file")
    refuse_together("--json" if json else None, shown, why="--json prints the moves in its own list")
    if optimal:
        refuse_together("--optimal", "--optimize" if optimize else None, "--exhaustive" if exhaustive else None,
                        "--hint" if hint else None, why="the optimal search is a complete search of its own")
    if exhaustive:  # the complete search is the built-in engine's (fc-solve's own when --engine fc-solve)
        refuse_together("--exhaustive", "--optimize" if optimize else None, f"--width {width}" if width is not None else None,
                        why="a complete search has no beam")
        if engine is EngineName.auto:
            refuse_together("--exhaustive", f"--preset {preset}" if preset is not None else None,
                            why="with --engine auto the complete search is the built-in engine's "
                                "(--engine fc-solve takes a preset)")
    if preset is not None and not preset.strip():
        raise fail("--preset needs a name (fc-solve's -l; the default is lg)")
    start, _ = where.read()
    rules = where.rules(start)
    with errors_to_exit():
        if (width is not None or optimize or optimal) and engine is not EngineName.beam:
            raise fail("--width, --optimize and --optimal go with --engine beam")
        requires("--preset" if preset is not None else None, "--engine fc-solve or auto",
                 engine in (EngineName.fc_solve, EngineName.auto))
        eng = get_engine(engine.value, preset, width=width, optimize=optimize, optimal=optimal)
        if preset is not None:
            _check_preset(preset)
    check_output(output, reads=where.sources(), writes="the solution")  # now, not after a search
    limit = seconds_limit(time_limit) if time_limit is not None else None  # None: the API's default
    status = SearchStatus.wanted(settings) if not hint else None
    seconds = 0 if time_limit is not None and limit is None else limit  # 0: no limit
    progress = status.update if status else None
    advice = None
    try:
        with errors_to_exit():
            if hint:
                advice = api.hint(start, rules, engine=eng, time_limit=seconds, max_states=max_states,
                                  exhaustive=exhaustive, progress=progress)
                result = advice.result
                assert result is not None  # fc.hint always searches (a game's hint may not)
            else:
                result = api.solve(start, rules, engine=eng, time_limit=seconds, max_states=max_states,
                                   exhaustive=exhaustive, progress=progress)
    finally:
        if status:
            status.close()

    if advice is not None and (json or result.verdict != GAVE_UP):  # no move to give: said on stderr below
        write_output((json_line(advice.to_dict()) if json else str(advice)) + "\n", output)
    elif json:
        from ..solutions import solution_from, solution_to_dict

        # What verify needs to replay it: the free cells, and the start whenever it
        # is not the deal's opening (as the text header's '# cells:', '# position:').
        header = solution_to_dict(solution_from(start, [], rules.name))
        d = {**result.to_dict(), "deal": start.deal, "variant": header["variant"],
             "position": header["position"], "cells": header["cells"]}
        if start.game is not None:  # a family game's rules are its own: it names the game, no variant
            d = {"game": start.game, **d}
        write_output(json_line(d) + "\n", output)
    elif result.verdict == SOLVED:
        with errors_to_exit():
            text = _solution_text(start, rules, result, (format or SolutionFormat.file).value)
        write_output(text, output)
        if result.optimal:
            settings.note(f"optimal: {plural(result.nonfoundation_moves, 'non-foundation move')} (proven, "
                          f"{plural(result.states, 'position')}, {result.seconds:.2f} s)")
        elif result.optimal is False:
            settings.note(f"gave up: best {result.nonfoundation_moves}, at least {result.lower_bound} "
                          f"({result.reason})")
        else:
            settings.note(f"solved: {plural(result.move_count, 'move')} ({result.nonfoundation_moves} not to the "
                          f"foundation), {plural(result.states, 'state')}, {result.seconds:.2f} s, {result.engine}")
    elif result.verdict == GAVE_UP:
        settings.note(gave_up_note(result.reason, result.states))
    else:
        settings.note(f"unsolvable: the search was complete ({result.states:,} states){': ' + result.reason if result.reason else ''}")
    code = {SOLVED: EXIT_OK, GAVE_UP: EXIT_GAVE_UP}.get(result.verdict, EXIT_NEGATIVE)
    if result.optimal is False:  # a line, but not proven the shortest: the limit came first
        code = EXIT_GAVE_UP
    raise typer.Exit(code)


def _check_preset(preset: str) -> None:
    """Refuse a preset Freecell Solver does not know, or one nothing would use:
    ``--engine auto`` goes on without fc-solve when fc-solve is absent or fails."""
    from ..deals import deal
    from ..solvers.engine import Limits, SolverError
    from ..solvers.fcsolve import FcSolveEngine, fcsolve_available
    from ..variants import find_variant

    if not fcsolve_available():
        raise fail(f"--preset {preset}: Freecell Solver is not installed, so nothing would use it")
    try:  # one state of deal 1 on the usual table: a preset fc-solve cannot load fails at once
        FcSolveEngine(preset).solve(deal(1), find_variant("standard"), Limits(time=10, states=1))
    except SolverError as e:
        raise fail(str(e)) from None


def _solution_text(position: Position, rules: Variant, result: Result, fmt: str) -> str:
    from ..api import format_solution

    return format_solution(result, fmt, position=position, variant=rules)

