"""freecell show: draw a position."""

from __future__ import annotations

import sys
from typing import Annotated, Optional

import typer

from .common import PositionArg, VariantName, errors_to_exit, read_position, stdout_is_terminal


def show_command(
    position_file: PositionArg = None,
    plain: Annotated[bool, typer.Option("--plain", help="ASCII only (automatic when not a terminal).")] = False,
    legal: Annotated[bool, typer.Option("--legal", help="Also list every legal move.")] = False,
    variant: Annotated[Optional[VariantName], typer.Option(help="Rules (default: the position's, else site).")] = None,
) -> None:
    """Draw the table: free cells, foundations, columns, and what can move."""
    from ..moves import legal_moves
    from ..render import render_plain
    from ..variants import find_variant

    position, _ = read_position(position_file)
    with errors_to_exit():
        rules = find_variant(variant.value if variant else position.variant)
    if plain or not stdout_is_terminal():
        sys.stdout.write(render_plain(position, rules))
    else:
        from rich.console import Console

        from ..render import render_rich

        Console(highlight=False).print(render_rich(position, rules))
    if legal:
        moves = legal_moves(position, rules)
        sys.stdout.write(f"legal moves ({len(moves)}): {' '.join(str(m) for m in moves)}\n")
