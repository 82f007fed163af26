"""freecell replay: watch a solution step by step (terminal, pipe, or an HTML page)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Optional

import typer

from .checks import check_output, refuse_together
from .inputs import bare_position, read_position, read_text
from .options import (
    CellsOpt,
    Format,
    GameOpt,
    PositionOpt,
    ReadEmptyColumnOpt,
    SolutionDealOpt,
    SolutionVariantOpt,
    command,
    decimal_number,
)
from .output import EXIT_NEGATIVE, EXIT_OK, ONE_POSITION, Settings, errors_to_exit, fail

if TYPE_CHECKING:
    from ..replay import Replay


@command()
def replay_command(
    arguments: Annotated[list[str], typer.Argument(
        metavar="[POSITION] SOLUTION", show_default=False,
        help="Solution file in any format verify reads (- for stdin), after the compact position it starts "
             "from when the file names no deal (or -p, --deal).")],
    position_file: PositionOpt = None,
    deal: SolutionDealOpt = None,
    variant: SolutionVariantOpt = None,
    game: GameOpt = None,
    cells: CellsOpt = None,
    empty_column: ReadEmptyColumnOpt = None,
    solution_format: Annotated[
        Optional[str], typer.Option("--input-format", "--solution-format", metavar="FORMAT", help="Force a solution format: standard, fc-solve, fcpro, freecell-cli, json, macroxue.")
    ] = None,
    format: Annotated[Optional[Format], typer.Option("--format", "-f", metavar="FORMAT", help="Position format of the piped output (compact, the default; fcs; json).")] = None,
    html: Annotated[Optional[str], typer.Option("--html", metavar="FILE", help="Write one self-contained HTML page to FILE (- is stdout).")] = None,
    delay: Annotated[float, typer.Option(metavar="SECONDS", help="Seconds between steps when playing.", parser=decimal_number(0.02, 60, " seconds"))] = 0.6,
    settings: Settings = Settings(),
) -> None:
    """Replay a solution: on a terminal a step viewer (the next move marked; keys to
    step, jump, play, quit); in a pipe each move, then the position after it.

    Exit 0 when the solution is legal and solves, 1 when not, 2 on bad input.
    """
    from ..deals import deal as make_deal
    from ..deals import parse_game_deal
    from ..errors import FreecellError
    from ..files import display_name
    from ..replay import replay
    from ..solutions import SOLUTION_FORMATS, parse_solution
    from ..games import check_rules
    from ..verify import cells_asked, start_position
    from .inputs import check_family_options

    solution_file = arguments[-1]
    if len(arguments) == 2 and bare_position(arguments[0]):  # a compact position, not a file name
        if position_file is not None or deal is not None:
            raise fail(ONE_POSITION)
        position_file = arguments[0]
    elif len(arguments) > 1:
        raise fail("give one solution file, after the position when it is given bare (a compact position)")
    elif bare_position(solution_file):
        raise fail("no solution file given after the position (- for stdin)")
    if not 0.02 <= delay <= 60:  # NaN fails this too
        raise fail(f"--delay must be 0.02 to 60 seconds, got {delay}")
    refuse_together("--html" if html is not None else None, f"-f {format.value}" if format is not None else None,
                    why="-f is the format of the piped output, the page draws the table")
    if solution_format is not None and solution_format not in SOLUTION_FORMATS:
        raise fail(f"unknown solution format {solution_format!r} (choose from {', '.join(SOLUTION_FORMATS)})")
    if solution_file == "-" and position_file == "-":
        raise fail("stdin (-) can be read only once")
    if html != "-":
        check_output(html, reads=(solution_file, position_file), writes="the page")  # before the work
    if deal is not None and position_file is not None:
        raise fail("give --deal or --position, not both")
    named = None if game is None else str(game.value)
    check_family_options(named, cells, variant)
    start = None
    with errors_to_exit():
        number, microsoft = parse_game_deal(deal, named) if deal is not None else (None, False)
        if number is not None and microsoft:  # Microsoft's deal laid out as the game deals it: a position
            start, number = make_deal(number, game=named, microsoft=True), None
    if position_file is not None:
        start = read_position(position_file, named)[0]
    text = read_text(solution_file, "replayed solution")
    label = "stdin" if solution_file == "-" else display_name(solution_file)
    try:  # as verify does, a message about the solution names its file
        solution = parse_solution(text, solution_format, named if named is not None
                                  else start.game if start is not None else None,
                                  deal=number if number is not None else start.deal if start is not None else None)
        origin = start_position(solution, deal=number, position=start, cells=cells, game=named)
    except FreecellError as e:
        message = str(e)
        raise fail(message if message.startswith(label) else f"{label}: {message}") from None
    with errors_to_exit():
        rules = check_rules(variant.value if variant else solution.variant, origin)
        if variant is not None:  # as `move --variant` does: the positions name their rules
            origin.variant = variant.value
        grow = solution.cells_open and cells is None and start is None and origin.game is None
        r = replay(solution, origin, rules, empty_column.value if empty_column else None, grow)
    code = EXIT_OK if r.verdict.ok else EXIT_NEGATIVE
    reading = [solution.reading] if solution.reading else []
    for line in reading + r.verdict.notes + cells_asked(solution, cells):  # how the file was read, as verify says it
        settings.note(f"{label}: {line}")
    from ..replay_page import to_html
    from .replays import present

    present(r, html=html, page=lambda: to_html(r, delay=delay),
            lines=lambda: r.lines(format.value if format else "compact"),
            verdict=_verdict_line(r), code=code, delay=delay, settings=settings)


def _verdict_line(r: Replay) -> str:
    v = r.verdict
    who = f"deal {v.deal}" if v.deal is not None else "position"
    if v.ok:
        return f"OK {who}: {v.summary()} ({v.variant})"
    return f"FAIL {who} ({v.variant}): {v.summary()}"
