"""freecell move: play moves on a position."""

from __future__ import annotations

from typing import Annotated

import typer

from .checks import check_json_format, check_output
from .inputs import bare_position, parse_move_args, position_first
from .options import EmptyColumn, Format, FormatOpt, PositionOptions, command, output, positions
from .output import EXIT_NEGATIVE, fail, write_position

MOVE_HELP = """Moves in standard notation, source then destination: columns 1-9 (left to right;
Seahaven Towers' tenth is 10), free cells a, b, c, d (then e, f, g, i, ...), h = home (the
foundation). 5a: column 5 to a free cell; 82: column 8 onto column 2 (the run that fits); ah:
free cell a home; 36v4: 4 cards into the empty column 6 (v + hex count). Several moves may share
an argument: "5a 82"."""


@command(positions(argument=False), output())
def move_command(
    moves: Annotated[list[str], typer.Argument(
        metavar="[POSITION] MOVE...", show_default=False,
        help="A compact position or a position file first (the one to play on; or -p, --deal, stdin), "
             "then the moves. " + MOVE_HELP)],
    empty_column: Annotated[
        EmptyColumn, typer.Option(metavar="HOW", help="A plain move into an empty column moves one card (one), or as many as fit (max, FreeCell Pro).")
    ] = EmptyColumn.one,
    format: FormatOpt = None,
    where: PositionOptions = PositionOptions(),
    json: bool = False,
    output: str | None = None,
) -> None:
    """Play moves in order and print the position after them (a refused move: exit 1)."""
    from ..autoplay import play_move
    from ..errors import FreecellError, IllegalMove
    from ..moves import Move, split_moves
    from ..solutions.model import columns_of
    from ..text import escape

    check_json_format(json, format)
    check_output(output)
    argument = position_first(moves, bare_position, split_moves, lambda t: Move.parse(t, 10))
    args = moves[argument is not None:]
    columns = columns_of(where.game.value if where.game else None)
    wait = columns < 10 and _names_a_tenth_column(args)  # a tenth column: the table says whether it has one
    if not wait:
        tokens, parsed = parse_move_args(args, split_moves, lambda t: Move.parse(t, columns))
    where.argument = argument
    pos, read_fmt = where.read(record_variant=True)
    if wait:
        tokens, parsed = parse_move_args(args, split_moves, lambda t: Move.parse(t, len(pos.columns)))
    rules = where.rules(pos)
    for i, (token, move) in enumerate(zip(tokens, parsed), 1):
        try:
            play_move(pos, move, rules, empty_column.value)
        except IllegalMove as e:
            raise fail(f'move {i} "{escape(token)}": {e}', EXIT_NEGATIVE) from None
        except FreecellError as e:
            raise fail(f'move {i} "{escape(token)}": {e}') from None
    write_position(pos, "json" if json else (format or Format(read_fmt)).value, output)


def _names_a_tenth_column(args: list[str]) -> bool:
    """Whether the first move of ``args`` that is not one on nine columns is one on
    ten (``108``): only the table can tell which it is."""
    from ..errors import FreecellError
    from ..moves import Move, split_moves

    for token in (t for arg in args for t in split_moves(arg)):
        try:
            Move.parse(token)
        except FreecellError:
            try:
                Move.parse(token, 10)
            except FreecellError:
                return False
            return True
    return False
