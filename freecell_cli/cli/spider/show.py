"""freecell spider show: draw a Spider table."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from ..checks import check_output, refuse_together
from ..options import command, output
from ..output import Settings, write_output
from .options import SpiderPositionOptions, UnrestrictedOpt, positions


@command(positions(), output(json="The position, whether it is won and every legal move, as JSON."))
def show_command(
    plain: Annotated[bool, typer.Option("--plain", help="ASCII only (automatic when not a terminal).")] = False,
    legal: Annotated[bool, typer.Option("--legal", help="Also list every legal move.")] = False,
    unrestricted: UnrestrictedOpt = False,
    where: SpiderPositionOptions = SpiderPositionOptions(),
    json: bool = False,
    output: str | None = None,
    settings: Settings = Settings(),
) -> None:
    """Draw the table: columns (## face down), stock and removed runs.

    The position is read (an argument, -p, or stdin), or dealt with --deal N
    (and --suits S).
    """
    from ...spider.moves import legal_moves
    from ...spider.render import render_plain

    refuse_together("--json" if json else None, "--plain" if plain else None, why="--json prints data, not a picture")
    where.check()
    check_output(output)
    position = where.read()
    moves = legal_moves(position, unrestricted)
    if json:
        from ...spider.formats import format_compact, position_to_dict
        from ...text import json_line

        d = {"position": format_compact(position), **position_to_dict(position), "won": position.is_won(),
             "legal_moves": [str(m) for m in moves]}
        write_output(json_line(d) + "\n", output)
        return
    listed = f"legal moves ({len(moves)}): {' '.join(str(m) for m in moves)}\n" if legal else ""
    if plain or output is not None or not settings.use_color():
        write_output(render_plain(position, unrestricted) + listed, output)
    else:
        from ...spider.render import render_rich

        settings.console().print(render_rich(position, unrestricted))
        sys.stdout.write(listed)
