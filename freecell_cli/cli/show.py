"""freecell show: draw a position (text, or an SVG/PNG picture)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from .checks import check_output
from .options import PositionOptions, command, output, positions
from .output import Settings, fail, flush_stdout, write_output
from .pictures import LegalOpt, PictureOpt, PlainOpt, picture_kind, write_picture

if TYPE_CHECKING:
    from ..position import Position
    from ..variants import Variant


@command(positions(), output(json="The position, what can move and every legal move, as JSON."))
def show_command(
    plain: PlainOpt = False,
    legal: LegalOpt = False,
    format: PictureOpt = None,
    where: PositionOptions = PositionOptions(),
    json: bool = False,
    output: str | None = None,
    settings: Settings = Settings(),
) -> None:
    """Draw the table: free cells, foundations, columns, and how many cards can move."""
    from ..moves import legal_moves
    from ..render import render_plain

    out = output
    kind = picture_kind(out, format, plain, json)
    if out is not None and kind is None and not json:
        raise fail(f"cannot tell the picture format of {out!r}: name it .svg or .png, or give -f")
    check_output(out, reads=where.sources(), writes="the JSON" if json else "the picture")
    pos, _ = where.read()
    rules = where.rules(pos)
    if json:
        _write_json(pos, rules, out)
        return
    if kind in ("svg", "png"):
        from ..svg import to_svg

        write_picture(to_svg(pos, rules), kind, out)
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

