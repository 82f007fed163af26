"""freecell move: play moves on a position."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from .common import (
    EXIT_NEGATIVE,
    EmptyColumn,
    Format,
    VariantName,
    errors_to_exit,
    fail,
    read_position,
    write_position,
)


def move_command(
    moves: Annotated[list[str], typer.Argument(metavar="MOVE...", help='Moves in standard notation ("5a", "58", "36v4"; several per argument allowed).')],
    position_file: Annotated[
        Optional[str], typer.Option("--position", "-p", help="Position file, or - for stdin (default).")
    ] = None,
    variant: Annotated[Optional[VariantName], typer.Option(help="Rules (default: the position's, else site).")] = None,
    empty_column: Annotated[
        EmptyColumn, typer.Option(help="A plain move into an empty column moves one card, or as many as fit (FreeCell Pro).")
    ] = EmptyColumn.one,
    format: Annotated[Optional[Format], typer.Option("--format", "-f", help="Output format (default: as read).")] = None,
) -> None:
    """Apply moves in order and print the resulting position.

    A refused move prints nothing on stdout, says which move failed and why, and exits 1.
    """
    from ..autoplay import play_move
    from ..errors import FreecellError, IllegalMove
    from ..moves import Move, split_moves
    from ..variants import find_variant

    tokens = [t for arg in moves for t in split_moves(arg)]
    if not tokens:
        raise fail("no moves given")
    parsed = []
    for i, token in enumerate(tokens, 1):
        try:
            parsed.append(Move.parse(token))
        except FreecellError as e:
            raise fail(f'move {i} "{token}": {e}') from None
    position, read_fmt = read_position(position_file)
    with errors_to_exit():
        rules = find_variant(variant.value if variant else position.variant)
    if variant is not None:
        position.variant = variant.value
    for i, (token, move) in enumerate(zip(tokens, parsed), 1):
        try:
            play_move(position, move, rules, empty_column.value)
        except IllegalMove as e:
            raise fail(f'move {i} "{token}": {e}', EXIT_NEGATIVE) from None
        except FreecellError as e:
            raise fail(f'move {i} "{token}": {e}') from None
    write_position(position, (format or Format(read_fmt)).value)
