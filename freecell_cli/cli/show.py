"""freecell show: draw a position (text, or an SVG/PNG picture)."""

from __future__ import annotations

import sys
from enum import Enum
from typing import Annotated, Optional

import typer

from .common import (
    PositionArg,
    VariantName,
    errors_to_exit,
    fail,
    read_position,
    stdout_is_terminal,
    write_file,
)


class Picture(str, Enum):
    plain = "plain"
    rich = "rich"
    svg = "svg"
    png = "png"


def show_command(
    position_file: PositionArg = None,
    plain: Annotated[bool, typer.Option("--plain", help="ASCII only (automatic when not a terminal).")] = False,
    legal: Annotated[bool, typer.Option("--legal", help="Also list every legal move.")] = False,
    variant: Annotated[Optional[VariantName], typer.Option(help="Rules (default: the position's, else site).")] = None,
    format: Annotated[
        Optional[Picture], typer.Option("--format", "-f", help="plain, rich, svg or png (png needs the [png] extra).")
    ] = None,
    out: Annotated[
        Optional[str], typer.Option("--out", "-o", help="Write the picture to FILE (.svg or .png chooses the format).")
    ] = None,
) -> None:
    """Draw the table: free cells, foundations, columns, and what can move."""
    from ..moves import legal_moves
    from ..render import render_plain
    from ..variants import find_variant

    kind = format.value if format else None
    if out is not None and kind is None:
        suffix = out.rsplit(".", 1)[-1].lower() if "." in out else ""
        if suffix not in ("svg", "png"):
            raise fail(f"cannot tell the picture format of {out!r}: name it .svg or .png, or give -f")
        kind = suffix
    position, _ = read_position(position_file)
    with errors_to_exit():
        rules = find_variant(variant.value if variant else position.variant)
    if kind in ("svg", "png"):
        _write_picture(position, rules, kind, out)
    else:
        text = render_plain(position, rules) if plain or kind == "plain" or (kind is None and not stdout_is_terminal()) else None
        if out is not None:  # plain or rich text to a file: the ASCII picture
            write_file(out, text or render_plain(position, rules))
        elif text is not None:
            sys.stdout.write(text)
        else:
            from rich.console import Console

            from ..render import render_rich

            Console(highlight=False).print(render_rich(position, rules))
    if legal:
        moves = legal_moves(position, rules)
        # Not after a picture on stdout: the SVG or PNG must stay whole.
        target = sys.stderr if kind in ("svg", "png") and out is None else sys.stdout
        target.write(f"legal moves ({len(moves)}): {' '.join(str(m) for m in moves)}\n")


def _write_picture(position, rules, kind: str, out: str | None) -> None:
    from ..svg import svg_to_png, to_svg

    svg = to_svg(position, rules)
    if kind == "svg":
        if out is None:
            sys.stdout.write(svg)
        else:
            write_file(out, svg)
        return
    with errors_to_exit():
        data = svg_to_png(svg)
    if out is None:
        if stdout_is_terminal():
            raise fail("PNG is binary: give -o FILE.png, or redirect stdout")
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    else:
        write_file(out, data)
