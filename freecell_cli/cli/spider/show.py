"""freecell spider show: draw a Spider table."""

from __future__ import annotations

import sys

from ..checks import check_output
from ..options import command, output
from ..output import Settings, flush_stdout, write_output
from ..pictures import LegalOpt, PictureOpt, PlainOpt, picture_kind, write_picture
from .options import SpiderPositionOptions, UnrestrictedOpt, positions


@command(positions(), output(json="The position, whether it is won and every legal move, as JSON."))
def show_command(
    plain: PlainOpt = False,
    legal: LegalOpt = False,
    format: PictureOpt = None,
    unrestricted: UnrestrictedOpt = False,
    where: SpiderPositionOptions = SpiderPositionOptions(),
    json: bool = False,
    output: str | None = None,
    settings: Settings = Settings(),
) -> None:
    """Draw the table: columns (## face down), stock and removed runs.

    The position is read (an argument, -p, or stdin), or dealt with --deal N
    (and --suits S). -f svg or png, or -o FILE.svg or FILE.png, draws it as a
    picture; -o with any other name writes the text table.
    """
    from ...spider.moves import legal_moves
    from ...spider.render import render_plain

    kind = picture_kind(output, format, plain, json)
    where.check()
    check_output(output, reads=where.sources(), writes="the JSON" if json else "the picture")
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
    if kind in ("svg", "png"):
        from ...spider.svg import to_svg

        write_picture(to_svg(position, unrestricted=unrestricted), kind, output)
        if listed:
            # Not after a picture on stdout: the SVG or PNG must stay whole.
            target = sys.stderr if output is None else sys.stdout
            flush_stdout()  # the picture first: a reader gone ends the command here
            target.write(listed)
    elif kind == "plain" or output is not None or not (kind == "rich" or settings.use_color()):
        write_output(render_plain(position, unrestricted) + listed, output)
    else:
        from ...spider.render import render_rich

        settings.console().print(render_rich(position, unrestricted))
        sys.stdout.write(listed)
