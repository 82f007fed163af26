"""freecell verify: check solution files (and saved games) under a variant."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from .checks import verdicts_as_json
from .inputs import bare_position, read_position
from .options import (
    CellsOpt,
    GameOpt,
    PositionOpt,
    ReadEmptyColumnOpt,
    ShowRefusedOpt,
    SolutionDealOpt,
    SolutionVariantOpt,
    VerdictFormatOpt,
    VerdictJsonOpt,
    command,
)
from .output import EXIT_NEGATIVE, EXIT_OK, EXIT_USAGE, ONE_POSITION, Settings, err, fail, verdict_when_the_reader_goes

if TYPE_CHECKING:
    from ..verify import Verdict


@command()
def verify_command(
    solutions: Annotated[list[str], typer.Argument(
        metavar="[POSITION] SOLUTION...", show_default=False,
        help="Solution files in any format (- for stdin), after the compact position they start from "
             "when the files name no deal (or -p, --deal).")],
    position: PositionOpt = None,
    deal: SolutionDealOpt = None,
    cells: CellsOpt = None,
    variant: SolutionVariantOpt = None,
    game: GameOpt = None,
    empty_column: ReadEmptyColumnOpt = None,
    input_format: Annotated[
        Optional[str], typer.Option("--input-format", "--solution-format", metavar="FORMAT", show_default=False,
                                    help="Force the solution format: standard, fc-solve, fcpro, freecell-cli, json, macroxue (default: detected).")
    ] = None,
    format: VerdictFormatOpt = None,
    json: VerdictJsonOpt = False,
    show: ShowRefusedOpt = False,
    all_errors: Annotated[bool, typer.Option("--all-errors", help="Go on after a bad move where the file lets us resynchronise.")] = False,
    settings: Settings = Settings(),
) -> None:
    """Replay solution files, or saved games, and say whether each is legal and solves the game.

    A file of macroxue's solver holds one solution a line (DEAL:MOVES): each line
    is verified, one verdict a deal (--deal N: that deal's line only). Exit 0 when
    every solution is valid and solves, 1 when any is not, 2 when one cannot be read.
    """
    from ..deals import deal as make_deal
    from ..deals import parse_game_deal
    from ..errors import FreecellError
    from ..files import UnreadableInput, display_name, file_name
    from ..api import verify_each
    from ..solutions import SOLUTION_FORMATS
    from ..text import json_line
    from .inputs import check_family_options

    # `--format fc-solve`, a solution's format where the report's is expected, is
    # taken as --input-format: scripts write it so (json is the report's format).
    if format in SOLUTION_FORMATS and format != "json" and input_format is None:
        format, input_format = None, format
    if format not in (None, "text", "json"):
        raise fail(f"unknown output format {format!r} (text or json; --input-format names the solution's)")
    json = verdicts_as_json(json, format, show)
    format = input_format
    if format is not None and format not in SOLUTION_FORMATS:
        err(f"error: unknown solution format {format!r} (choose from {', '.join(SOLUTION_FORMATS)})")
        raise typer.Exit(EXIT_USAGE)
    position_file = position
    if bare_position(solutions[0]):  # a compact position, not a file name (it names no file)
        if position_file is not None or deal is not None:
            raise fail(ONE_POSITION)
        position_file, solutions = solutions[0], solutions[1:]
        if not solutions:
            raise fail("no solution file given after the position (- for stdin)")
    if sum(s == "-" for s in solutions) + (position_file == "-") > 1:
        err("error: stdin (-) can be read only once")
        raise typer.Exit(EXIT_USAGE)
    start = None
    named = None if game is None else str(game.value)
    check_family_options(named, cells, variant)
    try:
        n, microsoft = parse_game_deal(deal, named) if deal is not None else (None, False)
        if n is not None and microsoft:  # Microsoft's deal laid out as the game deals it: a position
            start = make_deal(n, game=named, microsoft=True)
    except FreecellError as e:
        err(f"error: --deal: {e}")
        raise typer.Exit(EXIT_USAGE) from None
    if position_file is not None:
        if n is not None:
            raise fail("give --deal or -p/--position, not both")
        start, _ = read_position(position_file, named)

    worst = EXIT_OK
    with verdict_when_the_reader_goes(lambda: worst):
        for name in solutions:
            label = "stdin" if name == "-" else display_name(name)
            # JSON escapes what it holds: its "file" is the name itself (undecodable bytes as \xNN)
            file = "stdin" if name == "-" else file_name(name)

            def unreadable(message: str) -> None:
                nonlocal worst
                err(f"error: {message}" if message.startswith((label, "cannot read")) else f"error: {label}: {message}")
                if json:
                    sys.stdout.write(json_line({"file": file, "valid": None, "error": {"reason": message}}) + "\n")
                worst = max(worst, EXIT_USAGE)

            try:
                if not name:  # Path("") would be ".", a directory
                    raise UnreadableInput("cannot read '': an empty file name is not a file")
                # Streamed: the header now, the moves as the replay needs them; a file of
                # macroxue's, a line at a time (one that cannot be read is said, and the next read).
                for verdict in verify_each(start if start is not None else n, Path(name),
                                           variant.value if variant else None, cells=cells,
                                           empty_column=empty_column.value if empty_column else None,
                                           all_errors=all_errors, format=format, game=named):
                    if isinstance(verdict, FreecellError):
                        unreadable(str(verdict))
                        continue
                    for line in verdict.notes:
                        settings.note(f"{label}: {line}")
                    if not verdict.ok:
                        worst = max(worst, EXIT_NEGATIVE)
                    if json:
                        sys.stdout.write(json_line({"file": file, **verdict.to_dict()}) + "\n")
                        continue
                    _say(verdict, label, len(solutions) > 1, show)
            except FreecellError as e:
                unreadable(str(e))
    raise typer.Exit(worst)


def _say(verdict: Verdict, label: str, several: bool, show: bool) -> None:
    """The verdict line (and the table before a refused move, when ``show``). A
    solution on a line of its own (macroxue's) names that line when it fails."""
    from ..formats import format_position
    from ..games import find_rules
    from ..render import render_plain

    who = f"deal {verdict.deal}" if verdict.deal is not None else label
    if several and who != label:  # several files: each line names its file
        who = f"{label}: {who}"
    if verdict.ok:
        sys.stdout.write(f"OK {who}: {verdict.summary()} ({verdict.variant})\n")
        return
    line = f"line {verdict.line}: " if verdict.line is not None else ""
    sys.stdout.write(f"FAIL {who} ({verdict.variant}): {line}{verdict.summary()}\n")
    if show and verdict.before_error is not None:
        sys.stdout.write(render_plain(verdict.before_error, find_rules(verdict.variant)))
        sys.stdout.write(format_position(verdict.before_error) + "\n")
