"""freecell spider move: play moves on a Spider position."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ..checks import check_json_format, check_output
from ..inputs import parse_move_args, position_first
from ..options import command, output
from ..output import EXIT_NEGATIVE, fail
from .options import MOVE_HELP, SpiderFormat, SpiderPositionOptions, UnrestrictedOpt, positions
from .positions import read_position, write_position

HELP = (f"Apply moves in order and print the resulting position. {MOVE_HELP} "
        "A refused move prints nothing on stdout, says why, and exits 1.")


@command(positions(argument=False), output())
def move_command(
    moves: Annotated[list[str], typer.Argument(
        metavar="[POSITION] MOVE...",
        help="A compact position or a position file first (the one to play on; or -p, --deal, stdin), "
             "then the moves. " + MOVE_HELP)],
    unrestricted: UnrestrictedOpt = False,
    format: Annotated[Optional[SpiderFormat], typer.Option("--format", "-f", metavar="FORMAT", help="Output format: compact or json (default: as read).")] = None,
    where: SpiderPositionOptions = SpiderPositionOptions(),
    json: bool = False,
    output: str | None = None,
) -> None:
    from ...errors import IllegalMove
    from ...spider.formats import looks_compact
    from ...spider.moves import Move, apply, split_moves
    from ...text import escape

    check_json_format(json, format)
    where.check()
    check_output(output)
    where.argument = position_first(moves, looks_compact, split_moves, Move.parse)
    tokens, parsed = parse_move_args(moves[where.argument is not None:], split_moves, Move.parse)
    position, fmt = (read_position(where.argument, where.option) if where.deal is None
                     else (where.read(), "compact"))
    for i, (token, move) in enumerate(zip(tokens, parsed), 1):
        try:
            position = apply(position, move, unrestricted)
        except IllegalMove as e:
            raise fail(f'move {i} "{escape(token)}": {e}', EXIT_NEGATIVE) from None
    write_position(position, "json" if json else (format.value if format else fmt), output)
