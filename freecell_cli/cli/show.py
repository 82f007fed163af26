"""freecell show: draw a position (text, or an SVG/PNG picture)."""

from __future__ import annotations

import sys
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from .checks import check_output, refuse_together
from .options import PositionOptions, command, output, positions
from .output import (
    Settings,
    errors_to_exit,
    fail,
    flush_stdout,
    stdout_is_terminal,
    write_file,
    write_output,
    write_stdout,
)

if TYPE_CHECKING:
    from ..position import Position
    from ..variants import Variant


class Picture(str, Enum):
    plain = "plain"
    rich = "rich"
    svg = "svg"
    png = "png"


@command(positions(), output(json="The position, what can move and every legal move, as JSON."))
def show_command(
    plain: Annotated[bool, typer.Option("--plain", help="ASCII only, the same as -f plain (automatic when not a terminal).")] = False,
    legal: Annotated[bool, typer.Option("--legal", help="Also list every legal move.")] = False,
    format: Annotated[
        Optional[Picture], typer.Option("--format", "-f", metavar="FORMAT", help="plain, rich (colour), svg or png (png needs the [png] extra).")
    ] = None,
    where: PositionOptions = PositionOptions(),
    json: bool = False,
    output: str | None = None,
    settings: Settings = Settings(),
) -> None:
    """Draw the table: free cells, foundations, columns, and how many cards can move."""
    from ..moves import legal_moves
    from ..render import render_plain
    from ..variants import find_variant

    out, variant = output, where.variant
    if json:
        refuse_together("--json", "--plain" if plain else None, f"-f {format.value}" if format is not None else None,
                        why="--json prints data, not a picture")
    if plain and format is not None:
        refuse_together("--plain", f"-f {format.value}" if format is not Picture.plain else None, why="--plain is -f plain")
    kind = format.value if format else ("plain" if plain else None)
    suffix = out.rsplit(".", 1)[-1].lower() if out is not None and "." in out else ""
    if suffix in ("svg", "png") and (json or kind is not None and kind != suffix):
        refuse_together(f"-o {out}", "--json" if json else f"-f {kind}" if format else "--plain",
                        why=f"a .{suffix} file holds {suffix.upper()}")
    if out is not None and kind is None and not json:
        suffix = out.rsplit(".", 1)[-1].lower() if "." in out else ""
        if suffix not in ("svg", "png"):
            raise fail(f"cannot tell the picture format of {out!r}: name it .svg or .png, or give -f")
        kind = suffix
    check_output(out)
    pos, _ = where.read()
    with errors_to_exit():
        rules = find_variant(variant.value if variant else pos.variant)
    if json:
        _write_json(pos, rules, out)
        return
    if kind in ("svg", "png"):
        _write_picture(pos, rules, kind, out)
    else:
        rich = kind == "rich" or (kind is None and out is None and settings.use_color())
        if out is not None or not rich:  # to a file, or a pipe: the ASCII picture
            text = render_plain(pos, rules)
            if out is not None:
                if legal:  # the text file gets the list that would have followed it on stdout
                    moves = legal_moves(pos, rules)
                    text += f"legal moves ({len(moves)}): {' '.join(str(m) for m in moves)}\n"
                    legal = False
            write_output(text, out)
        else:
            from ..render import render_rich

            settings.console().print(render_rich(pos, rules))
    if legal:
        moves = legal_moves(pos, rules)
        # Not after a picture on stdout: the SVG or PNG must stay whole.
        target = sys.stderr if kind in ("svg", "png") and out is None else sys.stdout
        flush_stdout()  # the picture first: a reader gone ends the command here
        target.write(f"legal moves ({len(moves)}): {' '.join(str(m) for m in moves)}\n")


def _write_json(position: Position, rules: Variant, out: str | None) -> None:
    from ..formats.compact import format_compact
    from ..formats.json import position_to_dict
    from ..moves import can_move, legal_moves
    from ..text import json_line

    d = {
        "position": format_compact(position),
        **position_to_dict(position),
        "rules": rules.name,
        "can_move": can_move(position, rules),
        "can_move_to_empty_column": can_move(position, rules, True) if position.empty_columns else None,
        "free_cells": position.free_cells,
        "empty_columns": position.empty_columns,
        "cards_home": position.cards_home,
        "won": position.is_won(),
        "legal_moves": [str(m) for m in legal_moves(position, rules)],
    }
    write_output(json_line(d) + "\n", out)


def _write_picture(position: Position, rules: Variant, kind: str, out: str | None) -> None:
    from ..svg import svg_to_png, to_svg

    svg = to_svg(position, rules)
    if kind == "svg":
        write_output(svg, out)
        return
    with errors_to_exit():
        data = svg_to_png(svg)
    if out is None:
        if stdout_is_terminal():
            raise fail("PNG is binary: give -o FILE.png, or redirect stdout")
        write_stdout(data)
    else:
        write_file(out, data)
