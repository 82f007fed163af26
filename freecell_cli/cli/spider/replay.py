"""freecell spider replay: watch a Spider solution step by step (terminal, pipe, or an HTML page)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Optional

import typer

from ..checks import check_output, refuse_together
from ..options import SolutionDealOpt, command, decimal_number
from ..output import EXIT_NEGATIVE, EXIT_OK, ONE_POSITION, Settings, fail
from .options import ReplaySuitsOpt, SpiderFormat, SpiderPositionOpt, UnrestrictedOpt

if TYPE_CHECKING:
    from ...spider.replay import Replay


@command()
def replay_command(
    arguments: Annotated[list[str], typer.Argument(
        metavar="[POSITION] SOLUTION", show_default=False,
        help="Spider solution file, as spider verify reads it (- for stdin), after the compact position it "
             "starts from when the file names no deal (or -p, --deal).")],
    position_file: SpiderPositionOpt = None,
    deal: SolutionDealOpt = None,
    suits: ReplaySuitsOpt = None,
    unrestricted: UnrestrictedOpt = False,
    format: Annotated[Optional[SpiderFormat], typer.Option("--format", "-f", metavar="FORMAT", help="Position format of the piped output (compact, the default; json).")] = None,
    html: Annotated[Optional[str], typer.Option("--html", metavar="FILE", help="Write one self-contained HTML page to FILE (- is stdout).")] = None,
    delay: Annotated[float, typer.Option(metavar="SECONDS", help="Seconds between steps when playing.", parser=decimal_number(0.02, 60, " seconds"))] = 0.6,
    settings: Settings = Settings(),
) -> None:
    """Replay a Spider solution: on a terminal a step viewer (the next move marked;
    keys to step, jump, play, quit); in a pipe each move, then the position after
    it. A deal from the stock is a step of its own.

    Exit 0 when the solution is legal and wins, 1 when not, 2 on bad input.
    """
    import os

    from ...errors import FreecellError
    from ...files import display_name
    from ...spider.deals import parse_deal_number
    from ...spider.formats import looks_compact
    from ...spider.replay import replay, to_html
    from ...spider.verify import parse_solution, start_position
    from ..inputs import read_text
    from ..replays import present
    from .positions import read_position

    solution_file = arguments[-1]
    if len(arguments) == 2 and looks_compact(arguments[0]) and not os.path.exists(arguments[0]):
        if position_file is not None or deal is not None:
            raise fail(ONE_POSITION)
        position_file = arguments[0]
    elif len(arguments) > 1:
        raise fail("give one solution file, after the position when it is given bare (a compact position)")
    elif looks_compact(solution_file) and not os.path.exists(solution_file):
        raise fail("no solution file given after the position (- for stdin)")
    if not 0.02 <= delay <= 60:  # NaN fails this too
        raise fail(f"--delay must be 0.02 to 60 seconds, got {delay}")
    refuse_together("--html" if html is not None else None, f"-f {format.value}" if format is not None else None,
                    why="-f is the format of the piped output, the page draws the table")
    if position_file is not None:
        refuse_together("-p/--position", "--deal" if deal is not None else None,
                        "--suits" if suits is not None else None, why="the position is the start")
    if solution_file == "-" and position_file == "-":
        raise fail("stdin (-) can be read only once")
    if html != "-":
        check_output(html, reads=(solution_file, position_file), writes="the page")  # before the work
    try:
        number = parse_deal_number(deal) if deal is not None else None
    except FreecellError as e:
        raise fail(f"--deal: {e}") from None
    start = read_position(None, position_file)[0] if position_file is not None else None
    text = read_text(solution_file, "replayed solution")
    label = "stdin" if solution_file == "-" else display_name(solution_file)
    try:  # as spider verify does, a message about the solution names its file
        solution = parse_solution(text)
        origin = start_position(solution, number, int(suits.value) if suits else None, start)
        r = replay(solution, origin, unrestricted or solution.unrestricted)  # a saved game says its deal rule
    except FreecellError as e:
        message = str(e)
        raise fail(message if message.startswith(label) else f"{label}: {message}") from None
    present(r, html=html, page=lambda: to_html(r, delay=delay),
            lines=lambda: r.lines(format.value if format else "compact"),
            verdict=_verdict_line(r), code=EXIT_OK if r.verdict.ok else EXIT_NEGATIVE, delay=delay, settings=settings)


def _verdict_line(r: Replay) -> str:
    """As spider verify says it, a start without a deal named "position"."""
    from ...text import plural

    v = r.verdict
    who = f"deal {v.deal}" if v.deal is not None else "position"
    return f"{'OK' if v.ok else 'FAIL'} {who} ({plural(v.suits, 'suit')}): {v.summary()}"
