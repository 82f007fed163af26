"""freecell spider verify: replay Spider solution files."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from ...text import plural
from ..checks import refuse_together, verdicts_as_json
from ..options import ShowRefusedOpt, SolutionDealOpt, VerdictFormatOpt, VerdictJsonOpt, command
from ..output import EXIT_NEGATIVE, EXIT_OK, EXIT_USAGE, Settings, err, fail, verdict_when_the_reader_goes
from .options import ReplaySuitsOpt, SpiderPositionOpt, UnrestrictedOpt
from .positions import read_position


@command()
def verify_command(
    solutions: Annotated[list[str], typer.Argument(metavar="SOLUTION...", help="Solution files (- for stdin).")],
    deal: SolutionDealOpt = None,
    suits: ReplaySuitsOpt = None,
    position_file: SpiderPositionOpt = None,
    unrestricted: UnrestrictedOpt = False,
    format: VerdictFormatOpt = None,
    json: VerdictJsonOpt = False,
    show: ShowRefusedOpt = False,
    settings: Settings = Settings(),
) -> None:
    """Replay Spider solution files: exit 0 when every one is legal and wins, 1 when
    one is refused at some move or does not win, 2 when one cannot be read."""
    from pathlib import Path

    from ...errors import FreecellError
    from ...files import InputTooLarge, UnreadableInput, display_name, file_name
    from ...spider.deals import parse_deal_number
    from ...spider.formats import format_compact
    from ...spider.render import render_plain
    from ...api import spider_verify
    from ...text import json_line

    if format not in (None, "text", "json"):
        raise fail(f"unknown output format {format[:40]!r} (text or json)")
    json = verdicts_as_json(json, format, show)
    if sum(s == "-" for s in solutions) + (position_file == "-") > 1:
        raise fail("stdin (-) can be read only once")
    try:
        n = parse_deal_number(deal) if deal is not None else None
    except FreecellError as e:
        raise fail(f"--deal: {e}") from None
    if position_file is not None:
        refuse_together("-p/--position", "--deal" if deal is not None else None,
                        "--suits" if suits is not None else None, why="the position is the start")
    start = read_position(None, position_file)[0] if position_file is not None else None
    worst = EXIT_OK
    with verdict_when_the_reader_goes(lambda: worst):
        for name in solutions:
            label = "stdin" if name == "-" else display_name(name)
            # JSON escapes what it holds: its "file" is the name itself (undecodable bytes as \xNN), as verify's
            file = "stdin" if name == "-" else file_name(name)
            problem = None
            try:
                if not name:  # Path("") would be ".", a directory
                    raise UnreadableInput("cannot read '': an empty file name is not a file")
                # Streamed, as FreeCell's verify: the header now, the moves as the replay needs them.
                verdict = spider_verify(start if start is not None else n, Path(name),
                                        suits=int(suits.value) if suits else None, unrestricted=unrestricted)
            except (UnreadableInput, InputTooLarge) as e:
                problem = str(e)
                err(f"error: {problem}")  # it names the file: "cannot read s.txt: ...", "s.txt: line 3: not UTF-8 text"
            except FreecellError as e:
                problem = str(e)
                err(f"error: {label}: {problem}")
            if problem is not None:
                if json:  # still one object for this file
                    sys.stdout.write(json_line({"file": file, "valid": None, "solved": None, "moves": 0,
                                                   "error": {"index": None, "move": None, "reason": problem}}) + "\n")
                worst = max(worst, EXIT_USAGE)
                continue
            if not verdict.ok:
                worst = max(worst, EXIT_NEGATIVE)
            if json:
                sys.stdout.write(json_line({"file": file, **verdict.to_dict()}) + "\n")
                continue
            who = f"deal {verdict.deal} ({plural(verdict.suits, 'suit')})" if verdict.deal is not None else label
            if len(solutions) > 1 and who != label:  # several files: each line names its file, as FreeCell's verify
                who = f"{label}: {who}"
            sys.stdout.write(f"{'OK' if verdict.ok else 'FAIL'} {who}: {verdict.summary()}\n")
            if show and verdict.before_error is not None:  # as FreeCell's verify --show: the table, then the position
                sys.stdout.write(render_plain(verdict.before_error, unrestricted))
                sys.stdout.write(format_compact(verdict.before_error) + "\n")
    raise typer.Exit(worst)
