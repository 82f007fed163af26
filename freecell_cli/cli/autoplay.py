"""freecell autoplay: send cards to the foundations."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from ..autoplay import MODES
from .common import (
    Choice,
    CellsOpt,
    ColorMode,
    ColorOpt,
    DealOpt,
    Format,
    FormatOpt,
    JsonOpt,
    OutputOpt,
    PositionArg,
    PositionOpt,
    QuietOpt,
    VariantOpt,
    check_json_format,
    check_output,
    choice_enum,
    err,
    get_position,
    note,
    setup,
    write_output,
    write_position,
)

if TYPE_CHECKING:  # an enum built at run time, like Format (see common.choice_enum)
    Mode = Choice
else:
    Mode = choice_enum("Mode", MODES, __name__)


def autoplay_command(
    position_arg: PositionArg = None,
    position: PositionOpt = None,
    deal: DealOpt = None,
    cells: CellsOpt = None,
    variant: VariantOpt = None,
    mode: Annotated[Mode, typer.Option(metavar="MODE", help="collect: every card that can go (the site's auto-collect); safe: only cards no other card needs (the Windows rule).")] = Mode("collect"),
    list_moves: Annotated[bool, typer.Option("--moves", help="Also list the moves made (stderr, or in the JSON).")] = False,
    format: FormatOpt = None,
    json: JsonOpt = False,
    output: OutputOpt = None,
    quiet: QuietOpt = False,
    color: ColorOpt = ColorMode.auto,
) -> None:
    """Send every card that can go to the foundations and print the new position."""
    from ..autoplay import autoplay, can_autocomplete
    from ..formats.json import position_to_dict
    from ..text import plural
    from ..text import json_line

    setup(quiet, color)
    check_json_format(json, format)
    check_output(output)
    pos, read_fmt = get_position(position_arg, position, deal, cells, variant, record_variant=True)
    made = autoplay(pos, mode.value)
    fmt = "json" if json else (format or Format(read_fmt)).value
    if fmt == "json" and list_moves:
        d = position_to_dict(pos)
        d["autoplay"] = {"mode": mode.value, "moves": [str(m) for m in made], "count": len(made)}
        write_output(json_line(d) + "\n", output)
    else:
        write_position(pos, fmt, output)
        if list_moves:  # asked for: shown even with -q, which drops only status lines
            err(f"{plural(len(made), 'move')}: {' '.join(str(m) for m in made)}".rstrip(": "))
    if pos.is_won():
        note("won: all four foundations are at K")
    elif can_autocomplete(pos):
        note("auto-complete: the rest can be sent home directly (--mode collect)")
