"""Pictures from ``show``, for either game: -f plain|rich|svg|png and -o FILE. A
file named .svg or .png gets that picture and nothing else (a format or --json
that contradicts the name is refused), so no text ever lands in a picture file."""

from __future__ import annotations

from enum import Enum
from typing import Annotated, Optional

import typer

from .checks import refuse_together
from .output import errors_to_exit, fail, stdout_is_terminal, write_file, write_output, write_stdout

PICTURES = ("svg", "png")


class Picture(str, Enum):
    plain = "plain"
    rich = "rich"
    svg = "svg"
    png = "png"


# show's options, in both games
PlainOpt = Annotated[bool, typer.Option("--plain", help="ASCII only, the same as -f plain (automatic when not a terminal).")]
LegalOpt = Annotated[bool, typer.Option("--legal", help="Also list every legal move.")]
PictureOpt = Annotated[Optional[Picture], typer.Option(
    "--format", "-f", metavar="FORMAT", help="plain, rich (colour), svg or png (png needs the [png] extra).")]


def picture_suffix(output: str | None) -> str | None:
    """``svg`` or ``png`` when the -o file is named so (any case), else None."""
    if output is None or "." not in output:
        return None
    suffix = output.rsplit(".", 1)[-1].lower()
    return suffix if suffix in PICTURES else None


def picture_kind(output: str | None, format: Picture | None, plain: bool, json: bool) -> str | None:
    """What ``show`` draws: -f's format, ``plain`` for --plain, else the picture the
    -o file's name says (None when nothing says: the caller's default). Options
    that contradict one another or the file's name are refused (exit 2)."""
    if json:
        refuse_together("--json", "--plain" if plain else None, f"-f {format.value}" if format is not None else None,
                        why="--json prints data, not a picture")
    if plain and format is not None:
        refuse_together("--plain", f"-f {format.value}" if format is not Picture.plain else None, why="--plain is -f plain")
    kind = format.value if format is not None else ("plain" if plain else None)
    suffix = picture_suffix(output)
    if suffix is not None and (json or kind is not None and kind != suffix):
        refuse_together(f"-o {output}", "--json" if json else f"-f {kind}" if format is not None else "--plain",
                        why=f"a .{suffix} file holds {suffix.upper()}")
    if kind is None and not json:
        return suffix
    return kind


def write_picture(svg: str, kind: str, output: str | None) -> None:
    """``svg`` as itself or as PNG (``kind``) on stdout or into ``output``; a PNG
    is not written to a terminal."""
    from ..svg import svg_to_png

    if kind == "svg":
        write_output(svg, output)
        return
    with errors_to_exit():
        data = svg_to_png(svg)
    if output is None:
        if stdout_is_terminal():
            raise fail("PNG is binary: give -o FILE.png, or redirect stdout")
        write_stdout(data)
    else:
        write_file(output, data)
